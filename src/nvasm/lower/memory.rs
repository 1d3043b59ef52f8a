//! Storage-buffer and shared-memory instructions: LDB, STB and ATOMB
//! (NV_shader_storage_buffer), LDS, STS and ATOMS (NV_compute_program5 §2.X.8), over
//! byte offsets (NV_gpu_program5 §2.X.4.5's BufferMemoryLoad/Store). A storage
//! binding is a buffer block of words (`data[]`), shared memory an array of words;
//! 8- and 16-bit stores change their bytes of the word with atomic AND and OR, so
//! stores of other bytes of the same word by other invocations are kept. Accesses
//! past a buffer's bound range read zero and write nothing (the back end's buffer
//! checks); shared-memory indices are clamped to the declared size.

use super::*;

#[derive(Clone, Copy)]
enum Mem {
    Storage(GlobalId),
    Shared(GlobalId),
    /// A parameter buffer binding (read only).
    Param(u32),
}

impl Fb<'_, '_> {
    /// The byte offset a memory operand names, as a uint local.
    fn address(&mut self, mem: &MemRef, out: &mut Block) -> LocalId {
        let base = match mem.space {
            Space::Storage { base, .. } | Space::Shared { base } | Space::Param { base, .. } => {
                base
            }
        };
        let off = match mem.offset.reg {
            None => {
                let v = (base as i64)
                    .saturating_add(mem.offset.offset)
                    .clamp(0, u32::MAX as i64);
                self.lit_u(v as u32)
            }
            Some((temp, elem, comp)) => {
                let v = self.temp_comp(temp, elem, comp);
                let k = self.lit_u((base as i64).wrapping_add(mem.offset.offset) as u32);
                self.bin(BinaryOp::Add, v, k)
            }
        };
        self.tmp(off, out)
    }

    /// The first word an access of `s` at byte `addr` covers: the address aligned
    /// down to the access's size (NV_gpu_program5 §2.X.4.5 leaves a misaligned access
    /// undefined; NVIDIA's driver aligns it down the same way).
    fn first_word(&mut self, addr: LocalId, s: StorageMod, out: &mut Block) -> LocalId {
        let a = self.local(addr);
        let align = s.bytes().max(4);
        let mask = self.lit_u(!(align - 1));
        let a = self.bin(BinaryOp::BitAnd, a, mask);
        let two = self.lit_u(2);
        let w = self.bin(BinaryOp::Shr, a, two);
        self.tmp(w, out)
    }

    /// The word `w + add` (a uint local plus a constant) of a memory.
    fn word(&mut self, mem: Mem, w: LocalId, add: u32) -> ExprId {
        let t = self.t();
        let mut i = self.local(w);
        if add > 0 {
            let k = self.lit_u(add);
            i = self.bin(BinaryOp::Add, i, k);
        }
        match mem {
            Mem::Storage(g) => {
                let b = self.global(g);
                let arr = self.l.m.types.array(t.u, None);
                let data = self.ex(ExprKind::Field { base: b, field: 0 }, arr);
                self.ex(
                    ExprKind::Index {
                        base: data,
                        index: i,
                    },
                    t.u,
                )
            }
            Mem::Shared(g) => {
                let b = self.global(g);
                self.ex(ExprKind::Index { base: b, index: i }, t.u)
            }
            Mem::Param(binding) => self.param_word(binding, i),
        }
    }

    /// Runs `f` on the memory the operand names: a storage binding chosen by a
    /// register is a `switch` over the variable's bindings (the index clamped to
    /// them).
    fn on_memory(
        &mut self,
        mem: &MemRef,
        out: &mut Block,
        f: &mut dyn FnMut(&mut Self, Mem, &mut Block) -> R<()>,
    ) -> R<()> {
        match mem.space {
            Space::Shared { .. } => {
                let g = self.l.shared.ok_or_else(|| {
                    LowerError(
                        None,
                        "internal error: shared memory without SHARED_MEMORY".into(),
                    )
                })?;
                f(self, Mem::Shared(g), out)
            }
            Space::Storage {
                first,
                count,
                binding,
                ..
            }
            | Space::Param {
                first,
                count,
                binding,
                ..
            } => match binding {
                Some(idx) if idx.reg.is_some() => {
                    let sel = self.index(&idx, count);
                    let mut cases = Vec::new();
                    for k in 0..count {
                        let m = self.mem_at(mem, first + k);
                        let mut body = Vec::new();
                        f(self, m, &mut body)?;
                        body.push(Self::stmt(StmtKind::Break));
                        cases.push(SwitchCase {
                            values: vec![k as i64],
                            default: k + 1 == count,
                            body,
                        });
                    }
                    out.push(Self::stmt(StmtKind::Switch {
                        selector: sel,
                        cases,
                    }));
                    Ok(())
                }
                _ => {
                    let k = binding.map_or(0, |i| i.offset.max(0) as u32);
                    let m = self.mem_at(mem, first + k.min(count - 1));
                    f(self, m, out)
                }
            },
        }
    }

    /// The memory of binding `binding` of a storage or parameter buffer operand.
    fn mem_at(&self, mem: &MemRef, binding: u32) -> Mem {
        match mem.space {
            Space::Param { .. } => Mem::Param(binding),
            _ => Mem::Storage(self.l.storage[&binding]),
        }
    }

    /// The `uvec4` bits a load of `s` at `mem` gives: the elements it reads, zero in
    /// the other components (NV_gpu_program5 §2.X.4.5 BufferMemoryLoad).
    fn load_bits(&mut self, mem: &MemRef, s: StorageMod, out: &mut Block) -> R<LocalId> {
        let t = self.t();
        let addr = self.address(mem, out);
        let w = self.first_word(addr, s, out);
        let res = self.new_local(t.uv4, "ld");
        let zero = self.splat_bits(DataType::U, 0);
        out.push(Self::stmt(StmtKind::Declare {
            local: res,
            init: Some(zero),
        }));
        self.on_memory(mem, out, &mut |fb, mem, out| {
            let v = if s.bits == 32 {
                let mut parts = Vec::new();
                for i in 0..4u32 {
                    parts.push(if i < s.count as u32 {
                        fb.word(mem, w, i)
                    } else {
                        fb.lit_u(0)
                    });
                }
                fb.compose(parts, t.uv4)
            } else {
                let x = fb.sub_word(mem, w, addr, s);
                let z = [fb.lit_u(0), fb.lit_u(0), fb.lit_u(0)];
                fb.compose(vec![x, z[0], z[1], z[2]], t.uv4)
            };
            let place = fb.local(res);
            let st = fb.assign(place, v);
            out.push(st);
            Ok(())
        })?;
        Ok(res)
    }

    /// LDC (NV_parameter_buffer_object2): a load from a CBUFFER variable at a byte
    /// offset, then the operand's swizzle, negation and absolute value.
    pub(super) fn ldc(&mut self, inst: &Inst, dest: &Dest, o: &Operand, out: &mut Block) -> R<()> {
        let (Some(s), OperandBase::Buffer(b)) = (inst.mods.storage, &o.base) else {
            return Err(LowerError(
                Some(inst.pos),
                "internal error: LDC without a CBUFFER".into(),
            ));
        };
        let mem = MemRef {
            space: Space::Param {
                first: b.first,
                count: b.count,
                binding: b.binding,
                base: b.base,
            },
            offset: b.index,
        };
        let res = self.load_bits(&mem, s, out)?;
        let v = self.local(res);
        let v = if o.swizzle == [0, 1, 2, 3] {
            v
        } else {
            self.swz(v, &o.swizzle)
        };
        let v = self.bits_as(v, s.ty);
        let v = self.modifiers(v, o, s.ty);
        self.write_typed(dest, v, s.ty, &inst.mods, out)
    }

    pub(super) fn memory(&mut self, inst: &Inst, out: &mut Block) -> R<()> {
        let t = self.t();
        let m = &inst.mods;
        let Some(s) = m.storage else {
            return Err(LowerError(
                Some(inst.pos),
                "internal error: no storage modifier".into(),
            ));
        };
        match &inst.kind {
            InstKind::Load { dest, mem } => {
                let res = self.load_bits(mem, s, out)?;
                let v = self.local(res);
                let v = self.bits_as(v, s.ty);
                self.write_typed(dest, v, s.ty, m, out)
            }
            InstKind::Store { src, mem } => {
                let v = self.operand(src, s.ty)?;
                let v = self.as_bits(v, s.ty);
                let v = self.tmp(v, out);
                let addr = self.address(mem, out);
                let w = self.first_word(addr, s, out);
                self.on_memory(mem, out, &mut |fb, mem, out| {
                    if s.bits == 32 {
                        for i in 0..s.count {
                            let place = fb.word(mem, w, i as u32);
                            let vv = fb.local(v);
                            let c = fb.swz(vv, &[i]);
                            let st = fb.assign(place, c);
                            out.push(st);
                        }
                    } else {
                        // The bytes of the word this store changes: clear them, then
                        // set them (both atomic).
                        let mask = (1u32 << s.bits) - 1;
                        let sh = fb.byte_shift(addr, s, out);
                        let m1 = fb.lit_u(mask);
                        let shv = fb.local(sh);
                        let m1 = fb.bin(BinaryOp::Shl, m1, shv);
                        let inv = fb.un(UnaryOp::BitNot, m1);
                        let place = fb.word(mem, w, 0);
                        let c = fb.call(Builtin::AtomicAnd, vec![place, inv], t.u);
                        out.push(Self::stmt(StmtKind::Expr(c)));
                        let vv = fb.local(v);
                        let x = fb.swz(vv, &[0]);
                        let m2 = fb.lit_u(mask);
                        let x = fb.bin(BinaryOp::BitAnd, x, m2);
                        let shv = fb.local(sh);
                        let x = fb.bin(BinaryOp::Shl, x, shv);
                        let place = fb.word(mem, w, 0);
                        let c = fb.call(Builtin::AtomicOr, vec![place, x], t.u);
                        out.push(Self::stmt(StmtKind::Expr(c)));
                    }
                    Ok(())
                })
            }
            InstKind::Atomic { dest, src, mem } => {
                let op = m.atomic.unwrap_or(AtomicOp::Add);
                let v = self.operand(src, s.ty)?;
                let v = self.as_bits(v, s.ty);
                let v = self.tmp(v, out);
                let addr = self.address(mem, out);
                let w = self.first_word(addr, s, out);
                let old = self.new_local(t.u, "old");
                out.push(Self::stmt(StmtKind::Declare {
                    local: old,
                    init: None,
                }));
                self.on_memory(mem, out, &mut |fb, mem, out| {
                    fb.atomic(op, s.ty, mem, w, v, old, out)
                })?;
                let o = self.local(old);
                let z = [self.lit_u(0), self.lit_u(0), self.lit_u(0)];
                let r = self.compose(vec![o, z[0], z[1], z[2]], t.uv4);
                let r = self.bits_as(r, s.ty);
                self.write_typed(dest, r, s.ty, m, out)
            }
            _ => Ok(()),
        }
    }

    /// The shift of a sub-word access's bytes within its word: (addr & 3) * 8 for
    /// bytes, (addr & 2) * 8 for halves.
    fn byte_shift(&mut self, addr: LocalId, s: StorageMod, out: &mut Block) -> LocalId {
        let a = self.local(addr);
        let m = self.lit_u(if s.bits == 8 { 3 } else { 2 });
        let a = self.bin(BinaryOp::BitAnd, a, m);
        let three = self.lit_u(3);
        let sh = self.bin(BinaryOp::Shl, a, three);
        self.tmp(sh, out)
    }

    /// An 8- or 16-bit element, zero- or sign-extended to 32 bits (as uint bits).
    fn sub_word(&mut self, mem: Mem, w: LocalId, addr: LocalId, s: StorageMod) -> ExprId {
        let word = self.word(mem, w, 0);
        let a = self.local(addr);
        let m = self.lit_u(if s.bits == 8 { 3 } else { 2 });
        let a = self.bin(BinaryOp::BitAnd, a, m);
        let three = self.lit_u(3);
        let sh = self.bin(BinaryOp::Shl, a, three);
        let x = self.bin(BinaryOp::Shr, word, sh);
        if s.ty == DataType::S {
            let k = 32 - s.bits as i32;
            let i = self.convert(x, Scalar::Int);
            let kk = self.lit_i(k);
            let i = self.bin(BinaryOp::Shl, i, kk);
            let kk = self.lit_i(k);
            let i = self.bin(BinaryOp::Shr, i, kk);
            self.convert(i, Scalar::Uint)
        } else {
            let mask = self.lit_u((1u32 << s.bits) - 1);
            self.bin(BinaryOp::BitAnd, x, mask)
        }
    }

    /// One atomic operation on word `w` with the operand bits `v` (NV_compute_program5
    /// §2.X.8 ATOMS pseudo-code): the old value goes to `old`. Operations the IR has
    /// no atomic for (signed MIN/MAX on words, F32 ADD, IWRAP, DWRAP) are a
    /// compare-and-swap loop.
    #[allow(clippy::too_many_arguments)]
    fn atomic(
        &mut self,
        op: AtomicOp,
        ty: DataType,
        mem: Mem,
        w: LocalId,
        v: LocalId,
        old: LocalId,
        out: &mut Block,
    ) -> R<()> {
        let t = self.t();
        let x = |fb: &mut Self, c: u8| {
            let vv = fb.local(v);
            fb.swz(vv, &[c])
        };
        let direct = match (op, ty) {
            (AtomicOp::Add, DataType::S | DataType::U) => Some(Builtin::AtomicAdd),
            (AtomicOp::Min, DataType::U) => Some(Builtin::AtomicMin),
            (AtomicOp::Max, DataType::U) => Some(Builtin::AtomicMax),
            (AtomicOp::And, _) => Some(Builtin::AtomicAnd),
            (AtomicOp::Or, _) => Some(Builtin::AtomicOr),
            (AtomicOp::Xor, _) => Some(Builtin::AtomicXor),
            (AtomicOp::Exch, _) => Some(Builtin::AtomicExchange),
            (AtomicOp::CSwap, _) => Some(Builtin::AtomicCompSwap),
            _ => None,
        };
        if let Some(fun) = direct {
            let place = self.word(mem, w, 0);
            let mut args = vec![place, x(self, 0)];
            if op == AtomicOp::CSwap {
                args.push(x(self, 1));
            }
            let r = self.call(fun, args, t.u);
            let p = self.local(old);
            let s = self.assign(p, r);
            out.push(s);
            return Ok(());
        }
        // cur = word; loop { new = f(cur); prev = atomicCompSwap(word, cur, new);
        // if (prev == cur) break; cur = prev; }
        let init = self.word(mem, w, 0);
        let p = self.local(old);
        let s = self.assign(p, init);
        out.push(s);
        let mut body = Vec::new();
        let cur = |fb: &mut Self| fb.local(old);
        let new = match (op, ty) {
            (AtomicOp::Min | AtomicOp::Max, _) => {
                let c = cur(self);
                let c = self.convert(c, Scalar::Int);
                let a = x(self, 0);
                let a = self.convert(a, Scalar::Int);
                let fun = if op == AtomicOp::Min {
                    Builtin::Min
                } else {
                    Builtin::Max
                };
                let r = self.call(fun, vec![c, a], t.i);
                self.convert(r, Scalar::Uint)
            }
            (AtomicOp::Add, _) => {
                let c = cur(self);
                let c = self.bits_as(c, DataType::F);
                let a = x(self, 0);
                let a = self.bits_as(a, DataType::F);
                let s = self.bin(BinaryOp::Add, c, a);
                self.as_bits(s, DataType::F)
            }
            _ => self.wrap_value(op, old, v),
        };
        let new = self.tmp(new, &mut body);
        let place = self.word(mem, w, 0);
        let (c, n) = (cur(self), self.local(new));
        let prev = self.call(Builtin::AtomicCompSwap, vec![place, c, n], t.u);
        let prev = self.tmp(prev, &mut body);
        let (p1, c1) = (self.local(prev), cur(self));
        let same = self.bin(BinaryOp::Equal, p1, c1);
        body.push(Self::stmt(StmtKind::If {
            cond: same,
            accept: vec![Self::stmt(StmtKind::Break)],
            reject: Vec::new(),
        }));
        let place = self.local(old);
        let pv = self.local(prev);
        let s = self.assign(place, pv);
        body.push(s);
        out.push(Self::stmt(StmtKind::Loop {
            cond: None,
            test_after: false,
            body,
            step: Vec::new(),
        }));
        Ok(())
    }

    /// The value an IWRAP or DWRAP atomic stores over `old` with operand `v.x` (ATOM's
    /// table, NV_gpu_program5): IWRAP (old >= v) ? 0 : old + 1, DWRAP (old == 0 ||
    /// old > v) ? v : old - 1.
    pub(super) fn wrap_value(&mut self, op: AtomicOp, old: LocalId, v: LocalId) -> ExprId {
        let t = self.t();
        let val = |fb: &mut Self| {
            let vv = fb.local(v);
            fb.swz(vv, &[0])
        };
        let (cond, accept, reject) = if op == AtomicOp::IWrap {
            let (c, a) = (self.local(old), val(self));
            let ge = self.bin(BinaryOp::GreaterEqual, c, a);
            let (zero, c, one) = (self.lit_u(0), self.local(old), self.lit_u(1));
            (ge, zero, self.bin(BinaryOp::Add, c, one))
        } else {
            let (c, zero) = (self.local(old), self.lit_u(0));
            let z = self.bin(BinaryOp::Equal, c, zero);
            let (c, a) = (self.local(old), val(self));
            let gt = self.bin(BinaryOp::Greater, c, a);
            let cond = self.bin(BinaryOp::LogicalOr, z, gt);
            let (a, c, one) = (val(self), self.local(old), self.lit_u(1));
            (cond, a, self.bin(BinaryOp::Sub, c, one))
        };
        self.ex(
            ExprKind::Select {
                cond,
                accept,
                reject,
            },
            t.u,
        )
    }

    /// Writes a loaded or atomic result of type `ty` with the instruction's masks,
    /// clamp and condition-code update.
    pub(super) fn write_typed(
        &mut self,
        dest: &Dest,
        v: ExprId,
        ty: DataType,
        m: &Mods,
        out: &mut Block,
    ) -> R<()> {
        if ty == DataType::F {
            self.write(dest, v, ty, m, &super::alu::float_flags, out)
        } else {
            let f = move |fb: &mut Self, r: LocalId| super::alu::int_flags(fb, r, ty);
            self.write(dest, v, ty, m, &f, out)
        }
    }
}
