//! Memory in lanes: loads and stores of buffer, shared and uniform variables whose
//! address depends on the invocation. The part of the address every lane shares is
//! computed once by the scalar lowering (`global_place`, `field_mem`, `index_mem`);
//! each lane adds its own byte offset, in 64-bit arithmetic, and is range-checked as the
//! scalar lowering checks one invocation: a read out of range reads the zero page, a
//! write out of range (or from a lane outside the execution mask) goes to the sink.
//! Lanes whose elements are consecutive 32-bit words read and write them as vectors.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value, types};

use crate::backend::helpers;
use crate::ir::layout::bits32::array_stride_of;
use crate::ir::*;

use super::super::lower::*;
use super::{LANES, P, V, VVar};

/// Flags of a vector access to buffer or shared memory: it cannot trap (the range
/// was checked) but need not be 16-byte aligned.
fn unaligned() -> cranelift_codegen::ir::MemFlagsData {
    cranelift_codegen::ir::MemFlagsData::new().with_notrap()
}

/// A place in memory seen from the lanes: the shared part, and each lane's extra
/// byte offset (None: the same address in every lane).
pub(super) struct LMem {
    pub r: MemRef,
    pub lane_off: Option<Vec<Value>>,
    /// The lanes' element index, where it alone makes `lane_off` and the elements are
    /// 4 bytes apart: lanes whose indices are consecutive then touch 32 consecutive
    /// bytes.
    pub contig: Option<V>,
}

impl Lower<'_, '_> {
    /// Whether the lanes' lowering of memory handles the place `e`: a chain of
    /// indices and members ending in a 32-bit scalar or vector of a buffer block, a
    /// shared variable or a default-block uniform (not arrays of blocks, row-major
    /// matrices, opaque types), without the bounds report.
    pub(super) fn vmem_supported(&self, e: ExprId) -> bool {
        if self.env.check_bounds {
            return false;
        }
        let f = self.cur_fn();
        let ex = f.expr(e);
        let types = &self.env.m.types;
        match types.get(ex.ty) {
            Type::Scalar(s) | Type::Vector(s, _) if s.size() == 4 => {}
            _ => return false,
        }
        self.vmem_chain_ok(e)
    }

    fn vmem_chain_ok(&self, e: ExprId) -> bool {
        let f = self.cur_fn();
        let m = self.env.m;
        match &f.expr(e).kind {
            ExprKind::Global(g) => {
                let glob = m.global(*g);
                match glob.storage {
                    Storage::Shared => true,
                    Storage::Buffer(_) | Storage::UniformBlock(_) => {
                        !matches!(m.types.get(glob.ty), Type::Array(..))
                    }
                    Storage::Uniform => !m.types.is_opaque(glob.ty),
                    _ => false,
                }
            }
            ExprKind::Field { base, .. } => self.vmem_chain_ok(*base),
            ExprKind::Index { base, .. } => {
                let bt = f.expr(*base).ty;
                matches!(m.types.get(bt), Type::Array(..)) && self.vmem_chain_ok(*base)
            }
            _ => false,
        }
    }

    /// The place `e` (see [`Self::vmem_supported`]) in lanes.
    pub(super) fn vmem_place(&mut self, e: ExprId) -> R<LMem> {
        let ex = self.cur_fn().expr(e).clone();
        match ex.kind {
            ExprKind::Global(g) => match self.global_place(g)? {
                Place::Mem(r) => Ok(LMem {
                    r,
                    lane_off: None,
                    contig: None,
                }),
                _ => Err("internal error: a global not in memory".into()),
            },
            ExprKind::Field { base, field } => {
                let b = self.vmem_place(base)?;
                let r = self.field_mem(&b.r, field)?;
                Ok(LMem { r, ..b })
            }
            ExprKind::Index { base, index } => {
                let b = self.vmem_place(base)?;
                if !self.simd_ref().plan.varying[index.0 as usize] {
                    let i = self.expr(index)?;
                    let i = self.scalar(&i);
                    let r = self.index_mem(&b.r, i, ex.ty)?;
                    return Ok(LMem { r, ..b });
                }
                let iv = self.vexpr(index)?[0];
                let types = &self.env.m.types;
                let Type::Array(_, len) = types.get(b.r.ty).clone() else {
                    return Err("internal error: a lane index of a non-array".into());
                };
                let stride = array_stride_of(types, b.r.ty, b.r.pk, b.r.rm, b.r.ms);
                // Sized arrays clamp the index as the scalar lowering does.
                let iv = match len {
                    Some(n) => {
                        let max = self.b.ins().iconst(types::I32, n.max(1) as i64 - 1);
                        let maxv = self.b.ins().splat(types::I32X4, max);
                        let v: V = std::array::from_fn(|p| self.b.ins().umin(iv[p], maxv));
                        v
                    }
                    None => iv,
                };
                let mut offs = Vec::with_capacity(LANES);
                for k in 0..LANES {
                    let i = self.b.ins().extractlane(iv[k / 4], (k % 4) as u8);
                    let i = self.b.ins().uextend(types::I64, i);
                    let o = self.b.ins().imul_imm_s(i, stride as i64);
                    offs.push(match &b.lane_off {
                        Some(prev) => self.b.ins().iadd(prev[k], o),
                        None => o,
                    });
                }
                let r = MemRef {
                    ty: ex.ty,
                    cstride: None,
                    index: None,
                    ..b.r
                };
                let contig = (b.lane_off.is_none() && stride == 4).then_some(iv);
                Ok(LMem {
                    r,
                    lane_off: Some(offs),
                    contig,
                })
            }
            _ => Err(format!(
                "{}: internal error: not a memory place in lanes",
                ex.span
            )),
        }
    }

    /// Each lane's address of `size` bytes at `extra` past the place, range-checked:
    /// reads out of range go to the zero page; writes out of range, or from lanes
    /// outside `active`, to the sink.
    fn vmem_addrs(&mut self, p: &LMem, extra: u32, size: u32, active: Option<V>) -> Vec<Value> {
        let safe = if active.is_some() {
            self.sink()
        } else {
            self.b
                .ins()
                .iconst(types::I64, helpers::zero_address() as i64)
        };
        let base_off = self.b.ins().iadd_imm_s(p.r.off, extra as i64);
        (0..LANES)
            .map(|k| {
                let off = match &p.lane_off {
                    Some(o) => self.b.ins().iadd(base_off, o[k]),
                    None => base_off,
                };
                let a = self.b.ins().iadd(p.r.base, off);
                let mut bad = None;
                if let Some(lim) = p.r.limit {
                    let end = self.b.ins().iadd_imm_s(off, size as i64);
                    bad = Some(self.b.ins().icmp(IntCC::UnsignedGreaterThan, end, lim));
                }
                if let Some(m) = active {
                    let bit = self.b.ins().extractlane(m[k / 4], (k % 4) as u8);
                    let off_lane = self.b.ins().icmp_imm_s(IntCC::Equal, bit, 0);
                    bad = Some(match bad {
                        Some(b) => self.b.ins().bor(b, off_lane),
                        None => off_lane,
                    });
                }
                match bad {
                    Some(b) => self.b.ins().select(b, safe, a),
                    None => a,
                }
            })
            .collect()
    }

    /// Whether the lanes' elements are consecutive and inside the range: Some(the
    /// address of lane 0's element) valid where the returned flag holds.
    fn vmem_contiguous(&mut self, p: &LMem) -> Option<(Value, Value)> {
        let iv = p.contig?;
        let offs = p.lane_off.as_ref()?;
        if self.comp_offsets(&p.r).len() != 1 {
            return None;
        }
        let i0 = self.b.ins().extractlane(iv[0], 0);
        let s0 = self.b.ins().splat(types::I32X4, i0);
        let mut all = None;
        for (q, &ivq) in iv.iter().enumerate() {
            let iota = self.lane_steps(q, 1);
            let want = self.b.ins().iadd(s0, iota);
            let eq = self.b.ins().icmp(IntCC::Equal, ivq, want);
            all = Some(match all {
                None => eq,
                Some(a) => self.b.ins().band(a, eq),
            });
        }
        let consecutive = self.b.ins().vall_true(all?);
        let off = self.b.ins().iadd(p.r.off, offs[0]);
        let ok = match p.r.limit {
            Some(lim) => {
                let end = self.b.ins().iadd_imm_s(off, 4 * LANES as i64);
                let inside = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, end, lim);
                // The index lanes are 32-bit: consecutive without wrapping past 2^32.
                let no_wrap = self.b.ins().icmp_imm_u(
                    IntCC::UnsignedLessThanOrEqual,
                    i0,
                    (u32::MAX - LANES as u32) as i64,
                );
                let ok = self.b.ins().band(consecutive, inside);
                self.b.ins().band(ok, no_wrap)
            }
            None => consecutive,
        };
        let a = self.b.ins().iadd(p.r.base, off);
        Some((a, ok))
    }

    /// Loads the place's value in lanes.
    pub(super) fn vmem_load(&mut self, p: &LMem) -> R<Vec<V>> {
        let Some((a, ok)) = self.vmem_contiguous(p) else {
            return self.vmem_gather(p);
        };
        let s = self.comp_offsets(&p.r)[0].1;
        let vt = if s == Scalar::Float {
            types::F32X4
        } else {
            types::I32X4
        };
        let vars: VVar = std::array::from_fn(|_| self.b.declare_var(vt));
        let (fast, slow, done) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let mut v: V =
            std::array::from_fn(|q| self.b.ins().load(vt, unaligned(), a, 16 * q as i32));
        if s == Scalar::Bool {
            let zero = self.b.ins().iconst(types::I32, 0);
            let zv = self.b.ins().splat(types::I32X4, zero);
            v = std::array::from_fn(|q| self.b.ins().icmp(IntCC::NotEqual, v[q], zv));
        }
        self.def_vvar(vars, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        let g = self.vmem_gather(p)?;
        self.def_vvar(vars, g[0]);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        Ok(vec![self.use_vvar(vars)])
    }

    /// Loads the place's value lane by lane.
    fn vmem_gather(&mut self, p: &LMem) -> R<Vec<V>> {
        let comps = self.comp_offsets(&p.r);
        let mut out = Vec::with_capacity(comps.len());
        for (o, s) in comps {
            let lt = if s == Scalar::Float {
                types::F32
            } else {
                types::I32
            };
            let addrs = self.vmem_addrs(p, o, 4, None);
            let zero = if s == Scalar::Float {
                self.b.ins().f32const(0.0)
            } else {
                self.b.ins().iconst(types::I32, 0)
            };
            let vt = if s == Scalar::Float {
                types::F32X4
            } else {
                types::I32X4
            };
            let z = self.b.ins().splat(vt, zero);
            let mut v: V = [z; P];
            for (k, a) in addrs.into_iter().enumerate() {
                let x = self.b.ins().load(lt, mf(), a, 0);
                v[k / 4] = self.b.ins().insertlane(v[k / 4], x, (k % 4) as u8);
            }
            if s == Scalar::Bool {
                // Booleans in memory are 32-bit words, true when not zero.
                let zero = self.b.ins().iconst(types::I32, 0);
                let zv = self.b.ins().splat(types::I32X4, zero);
                v = std::array::from_fn(|q| self.b.ins().icmp(IntCC::NotEqual, v[q], zv));
            }
            out.push(v);
        }
        Ok(out)
    }

    /// Stores `v` to the place in the lanes of the execution mask.
    pub(super) fn vmem_store(&mut self, p: &LMem, v: &[V]) -> R<()> {
        let Some((a, ok)) = self.vmem_contiguous(p) else {
            return self.vmem_scatter(p, v);
        };
        // One vector store when every lane stores.
        let exec = self.exec();
        let both = self.b.ins().band(exec[0], exec[1]);
        let all = self.b.ins().vall_true(both);
        let ok = self.b.ins().band(ok, all);
        let s = self.comp_offsets(&p.r)[0].1;
        let (fast, slow, done) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        for (q, &vq) in v[0].iter().enumerate() {
            let x = if s == Scalar::Bool {
                let one = self.b.ins().iconst(types::I32, 1);
                let one = self.b.ins().splat(types::I32X4, one);
                self.b.ins().band(vq, one)
            } else {
                vq
            };
            self.b.ins().store(unaligned(), x, a, 16 * q as i32);
        }
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        self.vmem_scatter(p, v)?;
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        Ok(())
    }

    /// Stores `v` lane by lane, in the lanes of the execution mask.
    fn vmem_scatter(&mut self, p: &LMem, v: &[V]) -> R<()> {
        let comps = self.comp_offsets(&p.r);
        let exec = self.exec();
        for ((o, s), x) in comps.into_iter().zip(v) {
            let addrs = self.vmem_addrs(p, o, 4, Some(exec));
            for (k, a) in addrs.into_iter().enumerate() {
                let y = self.b.ins().extractlane(x[k / 4], (k % 4) as u8);
                let y = if s == Scalar::Bool {
                    self.b.ins().band_imm_s(y, 1)
                } else {
                    y
                };
                self.b.ins().store(mf(), y, a, 0);
            }
        }
        Ok(())
    }
}
