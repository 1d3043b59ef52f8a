//! Globals, places and memory: default-block, buffer, shared and private storage,
//! indexing with clamped indices and range checks (out-of-range accesses read zero and
//! write to a sink, never outside the resource), loads, stores and copies.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    InstBuilder, Opcode, StackSlotData, StackSlotKind, Value, ValueDef, types,
};

use super::helpers;
use crate::ir::layout::bits32::{array_stride_of, layout, matrix_stride, struct_layout};
use crate::ir::*;
use crate::runtime::abi::offsets;

use super::lower::*;

impl<'a, 'b> Lower<'a, 'b> {
    // ---- globals, places and memory ------------------------------------------------

    /// The local of the innermost instance.
    pub(super) fn local_place(&mut self, l: LocalId) -> R<Place> {
        let slot = self
            .stack
            .last()
            .and_then(|i| i.locals.get(&l.0))
            .cloned()
            .ok_or_else(|| format!("internal: local {} used before its declaration", l.0))?;
        Ok(self.slot_place(&slot))
    }

    /// A descriptor table entry: (pointer, size in bytes). The table does not change
    /// during a dispatch and no kernel writes it, so the loads are readonly (shared
    /// between accesses); at a constant slot, which the compiler took from the
    /// program's own table, they may also move (out of the loop over invocations).
    pub(super) fn resource(&mut self, slot: Value) -> (Value, Value) {
        let constant = match self.b.func.dfg.value_def(slot) {
            ValueDef::Result(inst, _) => self.b.func.dfg.insts[inst].opcode() == Opcode::Iconst,
            _ => false,
        };
        let flags = if constant {
            mf().with_readonly().with_can_move()
        } else {
            mf().with_readonly()
        };
        let s64 = self.b.ins().uextend(types::I64, slot);
        let off = self
            .b
            .ins()
            .imul_imm_s(s64, offsets::RESOURCE_STRIDE as i64);
        let entry = self.b.ins().iadd(self.resources, off);
        let ptr = self.b.ins().load(types::I64, flags, entry, 0);
        let size = self
            .b
            .ins()
            .load(types::I64, flags, entry, offsets::RESOURCE_SIZE);
        (ptr, size)
    }

    pub(super) fn global_place(&mut self, g: GlobalId) -> R<Place> {
        let m = self.env.m;
        let glob = m.global(g);
        match glob.storage {
            Storage::Private => {
                let s = self
                    .globals
                    .get(&g)
                    .cloned()
                    .ok_or("internal: private global without storage")?;
                Ok(self.slot_place(&s))
            }
            Storage::Shared => {
                let off = *self
                    .shared_offsets
                    .get(&g)
                    .ok_or("internal: shared offset")?;
                let r = self.mem(
                    self.shared,
                    off as i64,
                    None,
                    glob.ty,
                    Packing::Std430,
                    false,
                );
                Ok(Place::Mem(MemRef {
                    group_local: true,
                    ..r
                }))
            }
            Storage::Uniform => {
                if let Type::AtomicUint = base_type(&m.types, glob.ty) {
                    let binding = glob.binding.unwrap_or(0);
                    let slot = *self
                        .env
                        .counter_slot
                        .get(&binding)
                        .ok_or("internal: counter buffer slot")?;
                    let s = self.b.ins().iconst(types::I32, slot as i64);
                    let (ptr, size) = self.resource(s);
                    let r = self.mem(
                        ptr,
                        glob.offset.unwrap_or(0) as i64,
                        Some(size),
                        glob.ty,
                        Packing::Std430,
                        false,
                    );
                    return Ok(Place::Mem(MemRef { what: Some(g), ..r }));
                }
                let off = self
                    .env
                    .reflection
                    .default_offsets
                    .get(g.0 as usize)
                    .copied()
                    .flatten()
                    .ok_or_else(|| format!("internal: uniform `{}' has no storage", glob.name))?;
                let r = self.mem(
                    self.uniforms,
                    off as i64,
                    None,
                    glob.ty,
                    Packing::Std430,
                    false,
                );
                Ok(Place::Mem(MemRef {
                    readonly: true,
                    ..r
                }))
            }
            Storage::UniformBlock(b) | Storage::Buffer(b) => {
                if matches!(m.types.get(glob.ty), Type::Array(..)) {
                    return Ok(Place::BlockArray {
                        g,
                        flat: None,
                        ty: glob.ty,
                    });
                }
                let slot = *self.env.block_slot.get(&g).ok_or("internal: block slot")?;
                let s = self.b.ins().iconst(types::I32, slot as i64);
                let (ptr, size) = self.resource(s);
                let blk = m.block(b);
                let r = self.mem(ptr, 0, Some(size), glob.ty, blk.packing, blk.row_major);
                Ok(Place::Mem(MemRef { what: Some(g), ..r }))
            }
            Storage::Const => Err("internal: const global as a place".into()),
            // Graphics stages are linked but never compiled.
            Storage::Input | Storage::Output => Err(format!(
                "internal: stage input or output `{}' in a compute kernel",
                glob.name
            )),
        }
    }

    /// `base[index]` for a place.
    pub(super) fn index_place(&mut self, base: Place, index: Value, result_ty: TypeId) -> R<Place> {
        let m = self.env.m;
        match base {
            Place::BlockArray { g, flat, ty } => {
                let glob = m.global(g);
                let (Storage::UniformBlock(b) | Storage::Buffer(b)) = glob.storage else {
                    return Err("internal: block array".into());
                };
                let n = match m.types.get(ty) {
                    Type::Array(_, n) => n.unwrap_or(1),
                    _ => 1,
                };
                self.report_index(index, n, m.types.get(ty));
                let max = self.b.ins().iconst(types::I32, n as i64 - 1);
                let idx = self.b.ins().umin(index, max);
                // The elements one step of this index spans: those of the arrays left.
                let mut per: i64 = 1;
                let mut t = result_ty;
                while let Type::Array(e, k) = m.types.get(t) {
                    per = per.saturating_mul(k.unwrap_or(1) as i64);
                    t = *e;
                }
                let step = if per == 1 {
                    idx
                } else {
                    self.b.ins().imul_imm_s(idx, per)
                };
                let flat = match flat {
                    Some(f) => self.b.ins().iadd(f, step),
                    None => step,
                };
                if matches!(m.types.get(result_ty), Type::Array(..)) {
                    return Ok(Place::BlockArray {
                        g,
                        flat: Some(flat),
                        ty: result_ty,
                    });
                }
                let first = *self.env.block_slot.get(&g).ok_or("internal: block slot")?;
                let slot = self.b.ins().iadd_imm_s(flat, first as i64);
                let (ptr, size) = self.resource(slot);
                let blk = m.block(b);
                let r = self.mem(ptr, 0, Some(size), result_ty, blk.packing, blk.row_major);
                Ok(Place::Mem(MemRef { what: Some(g), ..r }))
            }
            Place::Mem(r) => Ok(Place::Mem(self.index_mem(&r, index, result_ty)?)),
            p => {
                // SSA vectors and matrices: a dynamic element.
                let ty = self.place_type(&p);
                let (count, per) = match m.types.get(ty) {
                    Type::Vector(_, n) => (*n as u32, 1),
                    Type::Matrix { cols, rows, .. } => (*cols as u32, *rows as u32),
                    _ => return Err("internal: index of a non-indexable SSA value".into()),
                };
                self.report_index(index, count, m.types.get(ty));
                let max = self.b.ins().iconst(types::I32, count as i64 - 1);
                let index = self.b.ins().umin(index, max);
                Ok(Place::Dyn {
                    base: Box::new(p),
                    index,
                    count,
                    per,
                    ty: result_ty,
                })
            }
        }
    }

    pub(super) fn place_type(&self, p: &Place) -> TypeId {
        match p {
            Place::Vars(_, t) | Place::Swizzle(_, _, t) | Place::Dyn { ty: t, .. } => *t,
            Place::Mem(r) => r.ty,
            Place::BlockArray { ty, .. } => *ty,
        }
    }

    /// Element `index` of an array, vector or matrix in memory (indices clamped for
    /// sized arrays; unsized arrays rely on the range check).
    pub(super) fn index_mem(&mut self, r: &MemRef, index: Value, elem_ty: TypeId) -> R<MemRef> {
        let types = &self.env.m.types;
        let (stride, len, cstride) = match types.get(r.ty) {
            Type::Array(_, len) => (array_stride_of(types, r.ty, r.pk, r.rm, r.ms), *len, None),
            Type::Vector(s, n) => (r.cstride.unwrap_or(s.size()), Some(*n as u32), None),
            Type::Matrix { scalar, cols, .. } => {
                let ms =
                    r.ms.unwrap_or_else(|| matrix_stride(types, r.ty, r.pk, r.rm));
                if r.rm {
                    // A column of a row-major matrix: components one row apart.
                    (scalar.size(), Some(*cols as u32), Some(ms))
                } else {
                    (ms, Some(*cols as u32), None)
                }
            }
            _ => return Err("internal: index of a non-indexable type".into()),
        };
        let idx = match len {
            Some(n) => {
                self.report_index(index, n, types.get(r.ty));
                let max = self.b.ins().iconst(types::I32, n.max(1) as i64 - 1);
                self.b.ins().umin(index, max)
            }
            None => index,
        };
        let i64v = self.b.ins().uextend(types::I64, idx);
        let step = self.b.ins().imul_imm_s(i64v, stride as i64);
        let off = self.b.ins().iadd(r.off, step);
        Ok(MemRef {
            off,
            ty: elem_ty,
            cstride,
            index: Some(idx),
            ..*r
        })
    }

    /// Member `field` of a struct in memory.
    pub(super) fn field_mem(&mut self, r: &MemRef, field: u32) -> R<MemRef> {
        let types = &self.env.m.types;
        let Type::Struct(s) = types.get(r.ty) else {
            return Err("internal: field of a non-struct".into());
        };
        let (_, offs) = struct_layout(types, *s, r.pk, r.rm);
        let mem = &types.struct_def(*s).members[field as usize];
        let off = self.b.ins().iadd_imm_s(r.off, offs[field as usize] as i64);
        Ok(MemRef {
            off,
            ty: mem.ty,
            rm: mem.row_major.unwrap_or(r.rm),
            ms: mem.matrix_stride,
            cstride: None,
            ..*r
        })
    }

    /// This thread's write sink (runtime::abi::SINK_BYTES before the shared memory):
    /// where out-of-range writes and the stores of lanes outside the mask go.
    pub(super) fn sink(&mut self) -> Value {
        self.b
            .ins()
            .iadd_imm_s(self.shared, -(crate::runtime::abi::SINK_BYTES as i64))
    }

    /// The address of `size` bytes at `extra` past a memory reference; out-of-range
    /// accesses go to a zero page (reads) or a sink (writes), and with the bounds check
    /// the first one of a dispatch is recorded.
    pub(super) fn addr(&mut self, r: &MemRef, extra: u32, size: u32, write: bool) -> Value {
        let off = if extra > 0 {
            self.b.ins().iadd_imm_s(r.off, extra as i64)
        } else {
            r.off
        };
        let a = self.b.ins().iadd(r.base, off);
        match r.limit {
            None => a,
            Some(lim) => {
                let end = self.b.ins().iadd_imm_s(off, size as i64);
                let oob = self.b.ins().icmp(IntCC::UnsignedGreaterThan, end, lim);
                if let Some(report) = self.bounds {
                    self.report_buffer_access(report, r, oob, off, size, lim, write);
                }
                let safe = if write {
                    self.sink()
                } else {
                    self.b
                        .ins()
                        .iconst(types::I64, helpers::zero_address() as i64)
                };
                self.b.ins().select(oob, safe, a)
            }
        }
    }

    /// A new checked access site at the current statement (Options::check_bounds); its
    /// index, as the i32 the recording helpers take.
    pub(super) fn bounds_site(
        &mut self,
        what: String,
        write: bool,
        kind: crate::backend::sites::SiteKind,
    ) -> Value {
        let site = self.bounds_sites.len() as i64;
        self.bounds_sites.push(crate::backend::sites::BoundsSite {
            span: self.cur_span,
            what,
            write,
            kind,
        });
        self.b.ins().iconst(types::I32, site)
    }

    /// Calls BoundsBuffer with the values `args` builds, in a block run only when
    /// `oob` is true.
    fn record_when(&mut self, oob: Value, args: impl FnOnce(&mut Self) -> [Value; 6]) {
        let (hit, cont) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(oob, hit, &[], cont, &[]);
        self.b.switch_to_block(hit);
        let args = args(self);
        self.libcall(super::libcalls::Libcall::BoundsBuffer, &args);
        self.b.ins().jump(cont, &[]);
        self.b.switch_to_block(cont);
    }

    /// The bounds check (Options::check_bounds): records a new site when `index` is
    /// not below `len`, the elements of `of` (an array, vector or matrix; the access
    /// itself is clamped to the last element).
    pub(super) fn report_index(&mut self, index: Value, len: u32, of: &Type) {
        let Some(report) = self.bounds else {
            return;
        };
        let what = match of {
            Type::Vector(_, n) => format!("a vector of {n} components"),
            Type::Matrix { cols, .. } => format!("a matrix of {cols} columns"),
            _ => format!("an array of {len} elements"),
        };
        let site = self.bounds_site(what, false, crate::backend::sites::SiteKind::Index);
        let oob = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, index, len as i64);
        self.record_when(oob, |l| {
            let index = l.b.ins().uextend(types::I64, index);
            let n = l.b.ins().iconst(types::I64, len as i64);
            let zero32 = l.b.ins().iconst(types::I32, 0);
            let zero = l.b.ins().iconst(types::I64, 0);
            [report, site, index, n, zero32, zero]
        });
    }

    /// The bounds check (Options::check_bounds): when `oob`, records a new site for
    /// this access with its index, offset, size and the range's size.
    #[allow(clippy::too_many_arguments)]
    fn report_buffer_access(
        &mut self,
        report: Value,
        r: &MemRef,
        oob: Value,
        off: Value,
        size: u32,
        lim: Value,
        write: bool,
    ) {
        let what = match r.what.map(|g| self.env.m.global(g)) {
            Some(g) => match g.storage {
                Storage::Buffer(b) => format!("buffer block `{}'", self.env.m.block(b).name),
                Storage::UniformBlock(b) => {
                    format!("uniform block `{}'", self.env.m.block(b).name)
                }
                _ => format!("the atomic counter buffer of `{}'", g.name),
            },
            None => "a buffer".to_string(),
        };
        let site = self.bounds_site(what, write, crate::backend::sites::SiteKind::Buffer);
        self.record_when(oob, |l| {
            let index = match r.index {
                Some(i) if l.b.func.dfg.value_type(i) == types::I64 => i,
                Some(i) => l.b.ins().uextend(types::I64, i),
                None => l.b.ins().iconst(types::I64, -1),
            };
            let size = l.b.ins().iconst(types::I32, size as i64);
            [report, site, index, off, size, lim]
        });
    }

    pub(super) fn load_scalar(&mut self, r: &MemRef, extra: u32, s: Scalar) -> Value {
        let a = self.addr(r, extra, s.size(), false);
        let flags = if r.readonly {
            mf().with_readonly().with_can_move()
        } else {
            mf()
        };
        match s {
            Scalar::Bool => {
                let v = self.b.ins().load(types::I32, flags, a, 0);
                self.b.ins().icmp_imm_s(IntCC::NotEqual, v, 0)
            }
            _ => self.b.ins().load(cl_type(s), flags, a, 0),
        }
    }

    pub(super) fn store_scalar(&mut self, r: &MemRef, extra: u32, s: Scalar, v: Value) {
        let a = self.addr(r, extra, s.size(), true);
        let v = if s == Scalar::Bool {
            self.b.ins().uextend(types::I32, v)
        } else {
            v
        };
        self.b.ins().store(mf(), v, a, 0);
    }

    /// Byte offsets of the components of a scalar, vector or matrix in memory.
    pub(super) fn comp_offsets(&self, r: &MemRef) -> Vec<(u32, Scalar)> {
        let types = &self.env.m.types;
        match types.get(r.ty) {
            Type::Scalar(s) => vec![(0, *s)],
            Type::Vector(s, n) => {
                let cs = r.cstride.unwrap_or(s.size());
                (0..*n as u32).map(|i| (i * cs, *s)).collect()
            }
            Type::Matrix { scalar, cols, rows } => {
                let ms =
                    r.ms.unwrap_or_else(|| matrix_stride(types, r.ty, r.pk, r.rm));
                let mut out = Vec::new();
                for c in 0..*cols as u32 {
                    for rw in 0..*rows as u32 {
                        let o = if r.rm {
                            rw * ms + c * scalar.size()
                        } else {
                            c * ms + rw * scalar.size()
                        };
                        out.push((o, *scalar));
                    }
                }
                out
            }
            // Opaque handles (atomic counters) read as a uint.
            _ => vec![(0, Scalar::Uint)],
        }
    }

    pub(super) fn load_mem(&mut self, r: &MemRef) -> Val {
        if self.env.m.types.contains_array_or_struct(r.ty) {
            return Val::Mem(*r);
        }
        let offs = self.comp_offsets(r);
        Val::Comps(
            offs.into_iter()
                .map(|(o, s)| self.load_scalar(r, o, s))
                .collect(),
        )
    }

    pub(super) fn load_place(&mut self, p: &Place) -> R<Val> {
        Ok(match p {
            Place::Vars(vars, _) => Val::Comps(vars.iter().map(|v| self.b.use_var(*v)).collect()),
            Place::Mem(r) => self.load_mem(r),
            Place::Swizzle(base, comps, _) => {
                let v = self.load_place(base)?;
                let c = self.comps(&v);
                Val::Comps(comps.iter().map(|&i| c[i as usize]).collect())
            }
            Place::Dyn {
                base,
                index,
                count,
                per,
                ..
            } => {
                let v = self.load_place(base)?;
                let c = self.comps(&v);
                let mut out = Vec::new();
                for k in 0..*per as usize {
                    let mut acc = c[k];
                    for e in 1..*count as usize {
                        let hit = self.b.ins().icmp_imm_s(IntCC::Equal, *index, e as i64);
                        acc = self.b.ins().select(hit, c[e * *per as usize + k], acc);
                    }
                    out.push(acc);
                }
                Val::Comps(out)
            }
            Place::BlockArray { .. } => {
                return Err("internal: an array of blocks as a value".into());
            }
        })
    }

    pub(super) fn store_place(&mut self, p: &Place, v: &Val) -> R<()> {
        match p {
            Place::Vars(vars, _) => {
                let c = self.comps(v);
                for (var, val) in vars.iter().zip(c) {
                    self.b.def_var(*var, val);
                }
            }
            Place::Mem(r) => self.store_mem(r, v)?,
            Place::Swizzle(base, comps, _) => {
                let c = self.comps(v);
                if let Place::Mem(r) = base.as_ref() {
                    let offs = self.comp_offsets(r);
                    for (&i, val) in comps.iter().zip(c) {
                        let (o, s) = offs[i as usize];
                        self.store_scalar(r, o, s, val);
                    }
                } else {
                    let old = self.load_place(base)?;
                    let mut all = self.comps(&old);
                    for (&i, val) in comps.iter().zip(c) {
                        all[i as usize] = val;
                    }
                    self.store_place(base, &Val::Comps(all))?;
                }
            }
            Place::Dyn {
                base,
                index,
                count,
                per,
                ..
            } => {
                let c = self.comps(v);
                let old = self.load_place(base)?;
                let mut all = self.comps(&old);
                for e in 0..*count as usize {
                    let hit = self.b.ins().icmp_imm_s(IntCC::Equal, *index, e as i64);
                    for (k, &ck) in c.iter().enumerate().take(*per as usize) {
                        let i = e * *per as usize + k;
                        all[i] = self.b.ins().select(hit, ck, all[i]);
                    }
                }
                self.store_place(base, &Val::Comps(all))?;
            }
            Place::BlockArray { .. } => {
                return Err("internal: assignment to an array of blocks".into());
            }
        }
        Ok(())
    }

    /// Stores a value into memory, converting layouts for aggregates.
    pub(super) fn store_mem(&mut self, dst: &MemRef, v: &Val) -> R<()> {
        match v {
            Val::Comps(c) => {
                let offs = self.comp_offsets(dst);
                for ((o, s), val) in offs.into_iter().zip(c.clone()) {
                    self.store_scalar(dst, o, s, val);
                }
                Ok(())
            }
            Val::Mem(src) => self.copy_mem(dst, src),
        }
    }

    /// Copies an aggregate between memory objects of the same type (layouts may
    /// differ): member by member, element by element (a loop for long arrays).
    pub(super) fn copy_mem(&mut self, dst: &MemRef, src: &MemRef) -> R<()> {
        let types = &self.env.m.types;
        match types.get(dst.ty).clone() {
            Type::Struct(s) => {
                let n = types.struct_def(s).members.len() as u32;
                for f in 0..n {
                    let d = self.field_mem(dst, f)?;
                    let sr = self.field_mem(src, f)?;
                    let v = self.load_mem(&sr);
                    self.store_mem(&d, &v)?;
                }
                Ok(())
            }
            Type::Array(elem, len) => {
                let n = len.unwrap_or(0);
                if n <= 8 {
                    for i in 0..n {
                        let iv = self.b.ins().iconst(types::I32, i as i64);
                        let d = self.index_mem(dst, iv, elem)?;
                        let sr = self.index_mem(src, iv, elem)?;
                        let v = self.load_mem(&sr);
                        self.store_mem(&d, &v)?;
                    }
                    return Ok(());
                }
                let i = self.b.declare_var(types::I32);
                let zero = self.b.ins().iconst(types::I32, 0);
                self.b.def_var(i, zero);
                let (head, body, done) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.ins().jump(head, &[]);
                self.b.switch_to_block(head);
                let iv = self.b.use_var(i);
                let more = self
                    .b
                    .ins()
                    .icmp_imm_s(IntCC::UnsignedLessThan, iv, n as i64);
                loop_branch(&mut self.b, more, body, done);
                self.b.switch_to_block(body);
                let d = self.index_mem(dst, iv, elem)?;
                let sr = self.index_mem(src, iv, elem)?;
                let v = self.load_mem(&sr);
                self.store_mem(&d, &v)?;
                let i1 = self.b.ins().iadd_imm_s(iv, 1);
                self.b.def_var(i, i1);
                self.b.ins().jump(head, &[]);
                self.b.switch_to_block(done);
                Ok(())
            }
            _ => {
                let v = self.load_mem(src);
                self.store_mem(dst, &v)
            }
        }
    }

    /// A temporary in per-invocation memory for an aggregate value.
    pub(super) fn temp_mem(&mut self, ty: TypeId) -> MemRef {
        let l = layout(&self.env.m.types, ty, Packing::Std430, false);
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            l.size.max(4),
            4,
        ));
        let base = self.b.ins().stack_addr(types::I64, ss, 0);
        self.mem(base, 0, None, ty, Packing::Std430, false)
    }
}
