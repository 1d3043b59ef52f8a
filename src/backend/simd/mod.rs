//! SIMD regions: a region whose statements this module can run across invocations
//! runs [`LANES`] invocations per iteration of its loop over the group, each value of
//! a scalar kind held as [`P`] 128-bit vectors (one lane per invocation: `F32X4` for
//! floats, `I32X4` for integers and booleans, a boolean lane being all ones or zero).
//! An execution mask says which lanes run the current statement: `if` runs a branch
//! only when some lane takes it, a loop runs until no lane is left in it, `break`,
//! `continue` and `return` take lanes out, and assignments to variables blend under
//! the mask. Lanes past the group's last invocation (and invocations that returned
//! before a barrier) start outside the mask.
//!
//! Operators, conversions, constructors and the common arithmetic built-ins are
//! vector instructions. Every other expression (memory access, images, textures,
//! atomics, transcendental helpers, integer division) runs through the scalar lowering
//! once per lane that the mask holds, with its invocation-dependent operands taken
//! from the lanes ([`Lower::subst`]); an expression whose value is the same for every
//! invocation is computed once and broadcast. The scalar lowering stays the fallback
//! per region: [`Lower::simd_plan`] says why a region cannot run in lanes (calls of
//! user functions, `switch`, aggregate or 64-bit variables, jumps to group-level
//! code), and `glcompute compile --dump-ir` prints each region's choice.
//! GLCOMPUTE_DEBUG=scalar turns SIMD regions off.

mod expr;
mod images;
mod math;
mod memory;
mod plan;
pub(super) mod state;
mod stmt;
mod textures;

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    ConstantData, InstBuilder, InstructionData, MemFlagsData, Opcode, Value, types,
};
use cranelift_frontend::Variable;

use crate::ir::*;

use super::lower::*;

pub use state::*;

impl Lower<'_, '_> {
    /// Runs `stmts` as a SIMD region (the plan from [`Self::simd_plan`]). With
    /// `main_privates`, the region is the whole of a kernel without barriers: the
    /// private globals start here.
    pub(super) fn simd_region(
        &mut self,
        stmts: &[Stmt],
        plan: Plan,
        main_privates: Option<&[GlobalId]>,
    ) -> R<()> {
        let idx = self.b.declare_var(types::I32);
        let zero = self.b.ins().iconst(types::I32, 0);
        self.b.def_var(idx, zero);
        // gl_LocalInvocationID of lane 0, stepped by LANES invocations.
        let lid0 = [
            self.b.declare_var(types::I32),
            self.b.declare_var(types::I32),
            self.b.declare_var(types::I32),
        ];
        for v in lid0 {
            self.b.def_var(v, zero);
        }
        let (header, body, next, done) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(header);
        let i = self.b.use_var(idx);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, i, self.count);
        loop_branch(&mut self.b, more, body, done);
        self.b.switch_to_block(body);

        let iota: V = std::array::from_fn(|p| self.lane_steps(p, 1));
        let si = self.b.ins().splat(types::I32X4, i);
        let index: V = std::array::from_fn(|p| self.b.ins().iadd(si, iota[p]));
        let sc = self.b.ins().splat(types::I32X4, self.count);
        let mut mask: V =
            std::array::from_fn(|p| self.b.ins().icmp(IntCC::UnsignedLessThan, index[p], sc));
        // Frames: lanes past the end read the last invocation's (and never store).
        let last = self.b.ins().iadd_imm_s(self.count, -1);
        let fps: Vec<Value> = (0..LANES)
            .map(|k| {
                let ik = self.b.ins().iadd_imm_s(i, k as i64);
                let ik = self.b.ins().umin(ik, last);
                let w = self.b.ins().uextend(types::I64, ik);
                let off = self.b.ins().imul(w, self.stride);
                self.b.ins().iadd(self.frame, off)
            })
            .collect();
        if self.dead_tracking {
            // Invocations that returned from main before an earlier barrier.
            let zero4 = self.b.ins().iconst(types::I32, 0);
            let mut dead: V = [self.b.ins().splat(types::I32X4, zero4); P];
            for (k, &fp) in fps.iter().enumerate() {
                let d = self.b.ins().load(types::I32, mf(), fp, DEAD as i32);
                dead[k / 4] = self.b.ins().insertlane(dead[k / 4], d, (k % 4) as u8);
            }
            let z = self.b.ins().splat(types::I32X4, zero4);
            for p in 0..P {
                let live = self.b.ins().icmp(IntCC::Equal, dead[p], z);
                mask[p] = self.b.ins().band(mask[p], live);
            }
        }
        let lid = self.simd_lane_ids(lid0, &index);
        let exec = self.vvar(Scalar::Bool);
        let alive = self.vvar(Scalar::Bool);
        self.def_vvar(exec, mask);
        self.def_vvar(alive, mask);
        // The scalar lowering reads uniform frame variables through lane 0's frame
        // (the plan makes only those reach it: every invocation-dependent leaf is a
        // lane value).
        let inv0 = {
            let fpv = self.b.declare_var(types::I64);
            self.b.def_var(fpv, fps[0]);
            let ivar = self.b.declare_var(types::I32);
            self.b.def_var(ivar, i);
            let lid_vars = [0, 1, 2].map(|c| {
                let v = self.b.declare_var(types::I32);
                let x = self.b.ins().extractlane(lid[c][0], 0);
                self.b.def_var(v, x);
                v
            });
            Inv {
                idx: ivar,
                lid: lid_vars,
                fp: fpv,
                next,
            }
        };
        let outer_inv = self.inv.replace(inv0);
        self.simd = Some(Box::new(SimdCtx {
            plan,
            exec,
            top: true,
            some_lane: false,
            alive,
            loops: Vec::new(),
            loop_keys: Vec::new(),
            loop_top: false,
            loop_private: Vec::new(),
            decl_loop: HashMap::new(),
            locals: HashMap::new(),
            privates: HashMap::new(),
            index,
            lid,
            fps,
            may_return: main_privates.is_some(),
            writeback: Vec::new(),
        }));
        let r = self.simd_region_body(stmts, main_privates);
        self.simd = None;
        self.inv = outer_inv;
        r?;
        self.b.ins().jump(next, &[]);
        self.b.switch_to_block(next);
        let i = self.b.use_var(idx);
        let i1 = self.b.ins().iadd_imm_s(i, LANES as i64);
        self.b.def_var(idx, i1);
        self.simd_step_ids(lid0);
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(done);
        Ok(())
    }

    /// One iteration's statements: the variables the region uses come into lanes
    /// (private globals of a kernel without barriers start as their initializer;
    /// frame variables are read from the frames), the statements run, and the frame
    /// variables the region assigned or declared go back to the frames.
    fn simd_region_body(&mut self, stmts: &[Stmt], main_privates: Option<&[GlobalId]>) -> R<()> {
        let m = self.env.m;
        if let Some(privates) = main_privates {
            let used = self.simd_ref().plan.privates.clone();
            for &g in privates.iter().filter(|g| used.contains(g)) {
                let glob = m.global(g);
                let ty = glob.ty;
                let s = m.types.scalar_of(ty).unwrap_or(Scalar::Uint);
                let n = m.types.components(ty).unwrap_or(1);
                let vars: Vec<VVar> = (0..n).map(|_| self.vvar(s)).collect();
                let v = match &glob.init {
                    Some(c) => self.constant(c, ty),
                    None => self.zero_value(ty),
                };
                let comps = self.comps(&v);
                for (var, c) in vars.iter().zip(comps) {
                    let sv = self.splat_lanes(s, c);
                    self.def_vvar(*var, sv);
                }
                self.simd_mut().privates.insert(g, SSlot(vars));
            }
        }
        let plan = &self.simd_ref().plan;
        let (locals, assigned) = (plan.locals.clone(), plan.assigned.clone());
        let (privates, assigned_privates) = (plan.privates.clone(), plan.assigned_privates.clone());
        let affine = self.simd_ref().plan.affine.clone();
        for l in locals {
            let slot = self.stack.last().and_then(|i| i.locals.get(&l)).cloned();
            if let Some(Slot::Frame(off, ty)) = slot {
                if let Some(&(_, stride)) = affine.iter().find(|(a, _)| *a == l) {
                    // Lane k holds lane 0's value + stride * k (the lanes are
                    // consecutive invocations).
                    let fp0 = self.simd_ref().fps[0];
                    let v0 = self.b.ins().load(types::I32, mf(), fp0, off as i32);
                    let s0 = self.b.ins().splat(types::I32X4, v0);
                    let var = self.vvar(Scalar::Int);
                    let v: V = std::array::from_fn(|p| {
                        let steps = self.lane_steps(p, stride);
                        self.b.ins().iadd(s0, steps)
                    });
                    self.def_vvar(var, v);
                    self.simd_mut().locals.insert(l, SSlot(vec![var]));
                    continue;
                }
                let vars = self.frame_gather(off, ty);
                if assigned.contains(&l) {
                    self.simd_mut().writeback.push((vars.clone(), off, ty));
                }
                self.simd_mut().locals.insert(l, SSlot(vars));
            }
        }
        for g in privates {
            if let Some(Slot::Frame(off, ty)) = self.globals.get(&g).cloned() {
                let vars = self.frame_gather(off, ty);
                if assigned_privates.contains(&g) {
                    self.simd_mut().writeback.push((vars.clone(), off, ty));
                }
                self.simd_mut().privates.insert(g, SSlot(vars));
            }
        }
        self.vblock(stmts)?;
        for (vars, off, ty) in std::mem::take(&mut self.simd_mut().writeback) {
            self.frame_scatter(&vars, off, ty);
        }
        Ok(())
    }

    /// The lanes' gl_LocalInvocationID from lane 0's (`lid0`) and their index: when the
    /// group's width is a known multiple of the lane count, the lanes share y and z;
    /// otherwise each lane's is divided out of its index.
    fn simd_lane_ids(&mut self, lid0: [Variable; 3], index: &V) -> [V; 3] {
        match self.env.local_size {
            Some(s) if (s[0] as usize).is_multiple_of(LANES) => {
                let x0 = self.b.use_var(lid0[0]);
                let sx = self.b.ins().splat(types::I32X4, x0);
                let iota: V = std::array::from_fn(|p| self.lane_steps(p, 1));
                let x: V = std::array::from_fn(|p| self.b.ins().iadd(sx, iota[p]));
                let y0 = self.b.use_var(lid0[1]);
                let z0 = self.b.use_var(lid0[2]);
                let y = self.b.ins().splat(types::I32X4, y0);
                let z = self.b.ins().splat(types::I32X4, z0);
                [x, [y; P], [z; P]]
            }
            _ => {
                let zero = self.b.ins().iconst(types::I32, 0);
                let z4 = self.b.ins().splat(types::I32X4, zero);
                let mut out = [[z4; P]; 3];
                let lx = self.local[0];
                let lxy = self.b.ins().imul(self.local[0], self.local[1]);
                for k in 0..LANES {
                    let ik = self.b.ins().extractlane(index[k / 4], (k % 4) as u8);
                    let x = self.b.ins().urem(ik, lx);
                    let q = self.b.ins().udiv(ik, lx);
                    let y = self.b.ins().urem(q, self.local[1]);
                    let z = self.b.ins().udiv(ik, lxy);
                    for (c, v) in [x, y, z].into_iter().enumerate() {
                        out[c][k / 4] = self.b.ins().insertlane(out[c][k / 4], v, (k % 4) as u8);
                    }
                }
                out
            }
        }
    }

    /// Steps lane 0's gl_LocalInvocationID by LANES invocations (used only when the
    /// group's width is a known multiple of the lane count).
    fn simd_step_ids(&mut self, lid0: [Variable; 3]) {
        let Some(s) = self.env.local_size else {
            return;
        };
        if !(s[0] as usize).is_multiple_of(LANES) {
            return;
        }
        self.step_local_ids(lid0, LANES as i64);
    }

    /// Vector `p` of the lanes' steps: lane k (of all LANES) holds k * stride, in
    /// wrapping 32-bit arithmetic.
    pub(super) fn lane_steps(&mut self, p: usize, stride: i64) -> Value {
        let lanes: Vec<u8> = (0..4i64)
            .flat_map(|k| ((p as i64 * 4 + k).wrapping_mul(stride) as u32).to_le_bytes())
            .collect();
        let c = self.b.func.dfg.constants.insert(ConstantData::from(lanes));
        self.b.ins().vconst(types::I32X4, c)
    }

    /// A loop over the lanes whose data waits in a stack area at `base`, 4 bytes per
    /// lane in each vector: `body` gets lane k's byte offset 4k and runs for every
    /// lane, or, with `guard`, for the lanes whose 32-bit word at base + guard + 4k is
    /// not zero.
    pub(super) fn lane_loop(
        &mut self,
        base: Value,
        guard: Option<i32>,
        body: impl FnOnce(&mut Self, Value) -> R<()>,
    ) -> R<()> {
        let kv = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(kv, zero);
        let (head, test, run, step, done) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let k = self.b.use_var(kv);
        let more = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedLessThan, k, LANES as i64);
        loop_branch(&mut self.b, more, test, done);
        self.b.switch_to_block(test);
        let off = self.b.ins().imul_imm_u(k, 4);
        match guard {
            Some(at) => {
                let lane = self.b.ins().iadd(base, off);
                let bit = self.b.ins().load(types::I32, mf(), lane, at);
                self.b.ins().brif(bit, run, &[], step, &[]);
            }
            None => {
                self.b.ins().jump(run, &[]);
            }
        }
        self.b.switch_to_block(run);
        body(self, off)?;
        self.b.ins().jump(step, &[]);
        self.b.switch_to_block(step);
        let k1 = self.b.ins().iadd_imm_s(k, 1);
        self.b.def_var(kv, k1);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(done);
        Ok(())
    }

    pub(super) fn simd_ref(&self) -> &SimdCtx {
        self.simd.as_deref().expect("inside a SIMD region")
    }

    pub(super) fn simd_mut(&mut self) -> &mut SimdCtx {
        self.simd.as_deref_mut().expect("inside a SIMD region")
    }

    // ---- lane vectors -----------------------------------------------------------------

    pub(super) fn vvar(&mut self, s: Scalar) -> VVar {
        let t = vty(s);
        std::array::from_fn(|_| self.b.declare_var(t))
    }

    pub(super) fn def_vvar(&mut self, var: VVar, v: V) {
        for p in 0..P {
            self.b.def_var(var[p], v[p]);
        }
    }

    pub(super) fn use_vvar(&mut self, var: VVar) -> V {
        std::array::from_fn(|p| self.b.use_var(var[p]))
    }

    /// A scalar of kind `s` in every lane (a bool becomes all ones or zero).
    pub(super) fn splat_lanes(&mut self, s: Scalar, x: Value) -> V {
        let x = if s == Scalar::Bool {
            let w = self.b.ins().uextend(types::I32, x);
            self.b.ins().ineg(w)
        } else {
            x
        };
        let v = self.b.ins().splat(vty(s), x);
        [v; P]
    }

    /// Lane `k` of `v` as the scalar lowering holds it (a bool as an I8 0 or 1).
    pub(super) fn lane(&mut self, s: Scalar, v: V, k: usize) -> Value {
        let x = self.b.ins().extractlane(v[k / 4], (k % 4) as u8);
        if s == Scalar::Bool {
            self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0)
        } else {
            x
        }
    }

    /// `v` with lane `k` replaced by the scalar `x` (of the scalar lowering's type).
    pub(super) fn with_lane(&mut self, s: Scalar, v: V, k: usize, x: Value) -> V {
        let x = if s == Scalar::Bool {
            let w = self.b.ins().uextend(types::I32, x);
            self.b.ins().ineg(w)
        } else {
            x
        };
        let mut out = v;
        out[k / 4] = self.b.ins().insertlane(v[k / 4], x, (k % 4) as u8);
        out
    }

    pub(super) fn zero_lanes(&mut self, s: Scalar) -> V {
        let x = match s {
            Scalar::Float => self.b.ins().f32const(0.0),
            _ => self.b.ins().iconst(types::I32, 0),
        };
        let v = self.b.ins().splat(vty(s), x);
        [v; P]
    }

    /// Whether any lane of a mask is set (an I8).
    pub(super) fn any_lane(&mut self, m: V) -> Value {
        let mut acc = m[0];
        for &x in &m[1..] {
            acc = self.b.ins().bor(acc, x);
        }
        self.b.ins().vany_true(acc)
    }

    /// Lanes of `new` where `mask` is set, of `old` elsewhere (`mask` a boolean lane
    /// vector: each lane all ones or zero).
    pub(super) fn blend(&mut self, mask: V, new: V, old: V) -> V {
        std::array::from_fn(|p| {
            let t = self.b.func.dfg.value_type(new[p]);
            if t == types::I32X4
                && let Some(k) = self.increment_of(new[p], old[p])
            {
                // `old + k` under the mask is `old + (k & mask)`, and `old + 1` is
                // `old - mask` (a set lane is -1).
                return if self.splat_imm(k) == Some(1) {
                    self.b.ins().isub(old[p], mask[p])
                } else {
                    let km = self.b.ins().band(k, mask[p]);
                    self.b.ins().iadd(old[p], km)
                };
            }
            if self.env.sse41 {
                // BLENDVPS takes each lane's sign bit, which is the whole lane here.
                let flags = MemFlagsData::new();
                let (n, o) = if t == types::I32X4 {
                    (new[p], old[p])
                } else {
                    (
                        self.b.ins().bitcast(types::I32X4, flags, new[p]),
                        self.b.ins().bitcast(types::I32X4, flags, old[p]),
                    )
                };
                let r = self.b.ins().blendv(mask[p], n, o);
                return if t == types::I32X4 {
                    r
                } else {
                    self.b.ins().bitcast(t, flags, r)
                };
            }
            let m = if t == types::I32X4 {
                mask[p]
            } else {
                self.b.ins().bitcast(t, MemFlagsData::new(), mask[p])
            };
            self.b.ins().bitselect(m, new[p], old[p])
        })
    }

    /// `k` when `new` is `old + k` (integer lanes).
    fn increment_of(&self, new: Value, old: Value) -> Option<Value> {
        let dfg = &self.b.func.dfg;
        let inst = dfg.value_def(dfg.resolve_aliases(new)).inst()?;
        match dfg.insts[inst] {
            InstructionData::Binary {
                opcode: Opcode::Iadd,
                args: [a, b],
            } => {
                let (a, b) = (dfg.resolve_aliases(a), dfg.resolve_aliases(b));
                let old = dfg.resolve_aliases(old);
                if a == old {
                    Some(b)
                } else if b == old {
                    Some(a)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    pub(super) fn exec(&mut self) -> V {
        let e = self.simd_ref().exec;
        self.use_vvar(e)
    }
}
