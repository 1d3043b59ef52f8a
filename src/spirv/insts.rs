//! The instructions of a block's body (everything but phis, merges and terminators),
//! each lowered into statements of `out`: variables, loads and stores, access chains,
//! calls, barriers, composite insertion and atomics; the rest compute values (`values`).

use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::function::*;
use crate::spirv::lower::Root;
use spirv::Op;

impl<'l, 'm, 'a> FnLower<'l, 'm, 'a> {
    /// Lowers one body instruction: the statements it needs first (`pending`), then
    /// its own.
    pub fn inst(&mut self, inst: &Inst<'a>, out: &mut Block) -> SpvResult<()> {
        let mut own = Vec::new();
        let r = self.inst_inner(inst, &mut own);
        self.flush(out);
        out.append(&mut own);
        r
    }

    fn inst_inner(&mut self, inst: &Inst<'a>, out: &mut Block) -> SpvResult<()> {
        self.at = inst.offset;
        let Some(op) = Op::from_u32(inst.op) else {
            return Err(inst.err("unknown instruction"));
        };
        let w = |i: usize| inst.word(i);
        // Most instructions: (result type, result id, operands from word 2).
        let e = match op {
            Op::Nop | Op::Line | Op::NoLine => return Ok(()),
            Op::Variable => {
                let (pointee, storage) = self.l.pointer(w(0)?)?;
                if storage != spirv::StorageClass::Function as u32 {
                    return Err(inst.err(
                        "a variable inside a function that is not in the Function storage class",
                    ));
                }
                let t = self.rty(pointee)?;
                let name = match self.m.names.get(&w(1)?) {
                    Some(n) if !n.is_empty() => n.clone(),
                    _ => format!("_{}", w(1)?),
                };
                let l = self.new_local(t, name);
                let p = Place {
                    root: Root::Local(l),
                    steps: Vec::new(),
                    ty: t,
                };
                if let Ok(init) = w(3) {
                    let v = self.value(init)?;
                    let place = self.place(&p)?;
                    let a = self.add(
                        ExprKind::Assign {
                            place,
                            op: None,
                            value: v,
                        },
                        t,
                    );
                    out.push(self.stmt(StmtKind::Expr(a)));
                }
                self.values.insert(w(1)?, Value::Ptr(p));
                return Ok(());
            }
            Op::Load | Op::AtomicLoad => {
                let rt = self.rty(w(0)?)?;
                let p = self.ptr(w(2)?)?;
                if self.l.out.types.get(p.ty) == &Type::AtomicUint {
                    let c = self.place(&p)?;
                    let e = self.builtin(Builtin::AtomicCounter, vec![c])?;
                    let e = self.cast_to(e, rt)?;
                    self.define(w(1)?, e, out);
                    return Ok(());
                }
                if self.l.out.types.is_opaque(rt) {
                    self.values.insert(w(1)?, Value::Opaque(p));
                    return Ok(());
                }
                let e = self.place(&p)?;
                self.cast_to(e, rt)?
            }
            Op::Store | Op::AtomicStore => {
                let p = self.ptr(w(0)?)?;
                let input = match p.root {
                    Root::Global(g) => self.l.out.globals[g.0 as usize].storage == Storage::Input,
                    _ => false,
                };
                if matches!(p.root, Root::Builtin(_)) || input {
                    return Err(inst.err("a store to an input variable"));
                }
                let v = self.value(w(if op == Op::Store { 1 } else { 3 })?)?;
                let place = self.place(&p)?;
                let v = self.cast_to(v, p.ty)?;
                let e = if op == Op::Store {
                    self.add(
                        ExprKind::Assign {
                            place,
                            op: None,
                            value: v,
                        },
                        p.ty,
                    )
                } else {
                    self.builtin(Builtin::AtomicExchange, vec![place, v])?
                };
                out.push(self.stmt(StmtKind::Expr(e)));
                return Ok(());
            }
            Op::CopyMemory => {
                let (d, s) = (self.ptr(w(0)?)?, self.ptr(w(1)?)?);
                if matches!(d.root, Root::Builtin(_)) {
                    return Err(inst.err("a copy into a built-in input"));
                }
                let v = self.place(&s)?;
                let place = self.place(&d)?;
                let a = self.add(
                    ExprKind::Assign {
                        place,
                        op: None,
                        value: v,
                    },
                    d.ty,
                );
                out.push(self.stmt(StmtKind::Expr(a)));
                return Ok(());
            }
            Op::AccessChain | Op::InBoundsAccessChain => {
                let mut p = match self.values.get(&w(2)?) {
                    Some(Value::Ptr(p) | Value::Opaque(p)) => p.clone(),
                    _ => return Err(inst.err("an access chain whose base is not a pointer")),
                };
                let (pointee, _) = self.l.pointer(w(0)?)?;
                let mut indices = inst.rest(3);
                // A split block of built-ins: the first index picks the member's global.
                if let Root::Split(v) = p.root {
                    let first = indices.first().copied();
                    let member = first.and_then(|i| self.l.consts.get(&i)?.as_literal());
                    let globals = &self.l.split[&v].1;
                    let g = match member {
                        Some(Literal::Int(i)) if i >= 0 => globals.get(i as usize),
                        Some(Literal::Uint(i)) => globals.get(i as usize),
                        _ => None,
                    };
                    let Some(&g) = g else {
                        return Err(inst.err("a member index into a block of built-ins that is not an in-range constant"));
                    };
                    p = Place {
                        root: Root::Global(g),
                        steps: Vec::new(),
                        ty: self.l.out.globals[g.0 as usize].ty,
                    };
                    indices = &indices[1..];
                }
                for &ix in indices {
                    let t = self.l.out.types.get(p.ty).clone();
                    let step = match (&t, self.l.consts.get(&ix).and_then(|c| c.as_literal())) {
                        (Type::Struct(sid), Some(Literal::Int(i)))
                            if i >= 0
                                && (i as usize)
                                    < self.l.out.types.struct_def(*sid).members.len() =>
                        {
                            Step::Field(i as u32)
                        }
                        (Type::Struct(sid), Some(Literal::Uint(i)))
                            if (i as usize) < self.l.out.types.struct_def(*sid).members.len() =>
                        {
                            Step::Field(i)
                        }
                        (Type::Struct(_), _) => {
                            return Err(
                                inst.err("a struct member index that is not an in-range constant")
                            );
                        }
                        (_, Some(Literal::Int(i))) if i >= 0 => Step::Const(i as u32),
                        (_, Some(Literal::Uint(i))) if i <= i32::MAX as u32 => Step::Const(i),
                        _ => Step::Value(ix),
                    };
                    p.ty = match (&t, &step) {
                        (Type::Struct(sid), Step::Field(i)) => {
                            self.l.out.types.struct_def(*sid).members[*i as usize].ty
                        }
                        (Type::Array(e, len), s) => {
                            if let (Some(n), Step::Const(i)) = (len, s)
                                && i >= n
                            {
                                return Err(inst.err(format!(
                                    "constant index {i} is outside an array of {n}"
                                )));
                            }
                            *e
                        }
                        (Type::Vector(s, n), st) => {
                            if let Step::Const(i) = st
                                && *i >= *n as u32
                            {
                                return Err(
                                    inst.err("a constant index past the vector's components")
                                );
                            }
                            self.types().scalar(*s)
                        }
                        (Type::Matrix { scalar, rows, cols }, st) => {
                            if let Step::Const(i) = st
                                && *i >= *cols as u32
                            {
                                return Err(inst.err("a constant index past the matrix's columns"));
                            }
                            self.types().vector(*scalar, *rows)
                        }
                        _ => return Err(inst.err("an index into a type that has no parts")),
                    };
                    p.steps.push(step);
                }
                // Atomic counters are uints in SPIR-V, atomic_uint in the IR.
                let mut base = p.ty;
                while let Some(e) = self.l.out.types.element(base) {
                    base = e;
                }
                let counter = self.l.out.types.get(base) == &Type::AtomicUint;
                if !counter && self.rty(pointee)? != p.ty {
                    return Err(
                        inst.err("the access chain's result type is not the type it reaches")
                    );
                }
                self.values.insert(w(1)?, Value::Ptr(p));
                return Ok(());
            }
            Op::CopyObject => {
                let v = self
                    .values
                    .get(&w(2)?)
                    .cloned()
                    .or_else(|| {
                        let c = self.l.consts.get(&w(2).ok()?)?.clone();
                        let t = self.value_ty(w(2).ok()?).ok()?;
                        Some(Value::Const(c, t))
                    })
                    .ok_or_else(|| inst.err("a copy of an undefined value"))?;
                self.values.insert(w(1)?, v);
                return Ok(());
            }
            Op::Undef => {
                let t = self.rty(w(0)?)?;
                self.l.check_zero_size(w(1)?, t)?;
                let z = self.l.zero(t);
                self.values.insert(w(1)?, Value::Const(z, t));
                return Ok(());
            }
            // SPV_KHR_subgroup_vote: GLSL 4.60's group votes (GL_ARB_shader_group_vote).
            Op::SubgroupAnyKHR | Op::SubgroupAllKHR | Op::SubgroupAllEqualKHR => {
                let fun = match op {
                    Op::SubgroupAnyKHR => Builtin::AnyInvocation,
                    Op::SubgroupAllKHR => Builtin::AllInvocations,
                    _ => Builtin::AllInvocationsEqual,
                };
                let v = self.value(w(2)?)?;
                let e = self.builtin(fun, vec![v])?;
                let e = self.cast_to(e, self.rty(w(0)?)?)?;
                self.define(w(1)?, e, out);
                return Ok(());
            }
            Op::EmitVertex | Op::EndPrimitive | Op::EmitStreamVertex | Op::EndStreamPrimitive => {
                // GL 4.6 appendix C: geometry shaders only.
                if self.l.stage != crate::ir::shader::Stage::Geometry {
                    return Err(inst.err(format!(
                        "is not allowed in a {} shader",
                        self.l.stage.name()
                    )));
                }
                let (fun, args) = match op {
                    Op::EmitVertex => (Builtin::EmitVertex, vec![]),
                    Op::EndPrimitive => (Builtin::EndPrimitive, vec![]),
                    _ => {
                        let stream = self.value(w(0)?)?;
                        let f = if op == Op::EmitStreamVertex {
                            Builtin::EmitStreamVertex
                        } else {
                            Builtin::EndStreamPrimitive
                        };
                        (f, vec![self.cast(stream, Scalar::Int)])
                    }
                };
                let e = self.builtin(fun, args)?;
                out.push(self.stmt(StmtKind::Expr(e)));
                return Ok(());
            }
            Op::ControlBarrier | Op::MemoryBarrier => {
                let fun = if op == Op::ControlBarrier {
                    Builtin::Barrier
                } else {
                    let scope = self.const_u32(w(0)?)?;
                    let sem = spirv::MemorySemantics::from_bits_truncate(self.const_u32(w(1)?)?);
                    use spirv::MemorySemantics as M;
                    let kinds = sem
                        & (M::UNIFORM_MEMORY
                            | M::WORKGROUP_MEMORY
                            | M::IMAGE_MEMORY
                            | M::ATOMIC_COUNTER_MEMORY);
                    if kinds == M::WORKGROUP_MEMORY {
                        Builtin::MemoryBarrierShared
                    } else if kinds == M::UNIFORM_MEMORY {
                        Builtin::MemoryBarrierBuffer
                    } else if kinds == M::IMAGE_MEMORY {
                        Builtin::MemoryBarrierImage
                    } else if kinds == M::ATOMIC_COUNTER_MEMORY {
                        Builtin::MemoryBarrierAtomicCounter
                    } else if scope == spirv::Scope::Workgroup as u32 {
                        Builtin::GroupMemoryBarrier
                    } else {
                        Builtin::MemoryBarrier
                    }
                };
                let e = self.builtin(fun, vec![])?;
                out.push(self.stmt(StmtKind::Expr(e)));
                return Ok(());
            }
            Op::FunctionCall => {
                let callee = w(2)?;
                let Some(&fid) = self.funcs.get(&callee) else {
                    return Err(inst.err(format!("id {callee} is not a function")));
                };
                let ptrs = self.fn_params[&callee].clone();
                let args_ids = inst.rest(3);
                if args_ids.len() != ptrs.len() {
                    return Err(inst.err("a call with the wrong number of arguments"));
                }
                let mut args = Vec::new();
                for (&a, &is_ptr) in args_ids.iter().zip(&ptrs) {
                    let e = match (is_ptr, self.values.get(&a).cloned()) {
                        // A built-in input is no place the callee could write: it
                        // gets a copy (writing an input is not valid SPIR-V anyway).
                        (true, Some(Value::Ptr(p))) if matches!(p.root, Root::Builtin(_)) => {
                            let v = self.place(&p)?;
                            let (l, s) = self.temp(v, format!("_in{a}"));
                            out.push(s);
                            let t = self.f.locals[l.0 as usize].ty;
                            self.add(ExprKind::Local(l), t)
                        }
                        (true, Some(Value::Ptr(p))) => self.place(&p)?,
                        (true, Some(Value::Opaque(p))) => self.place(&p)?,
                        (true, _) => {
                            return Err(inst.err("a pointer parameter given a non-pointer"));
                        }
                        (false, _) => self.value(a)?,
                    };
                    args.push(e);
                }
                let rt = self.rty(w(0)?)?;
                let result = if matches!(self.l.out.types.get(rt), Type::Void) {
                    None
                } else {
                    let name = format!("_{}", w(1)?);
                    let l = self.new_local(rt, name);
                    self.values.insert(w(1)?, Value::Local(l));
                    Some(l)
                };
                let s = self.stmt(StmtKind::Call {
                    func: fid,
                    args,
                    result,
                });
                out.push(s);
                return Ok(());
            }
            Op::ImageTexelPointer => {
                let image = self.ptr(w(2)?)?;
                self.values.insert(
                    w(1)?,
                    Value::Texel {
                        image,
                        coord: w(3)?,
                        sample: w(4)?,
                    },
                );
                return Ok(());
            }
            Op::SampledImage | Op::Image => {
                let p = self.opaque(w(2)?)?;
                self.values.insert(w(1)?, Value::Opaque(p));
                return Ok(());
            }
            Op::Phi => return Ok(()),
            Op::ImageWrite => return self.image_write(inst, out),
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
                // A struct of two: GLSL's uaddCarry/usubBorrow return the first and
                // write the second; umulExtended/imulExtended write (high, low).
                let rt = self.rty(w(0)?)?;
                let Type::Struct(sid) = self.l.out.types.get(rt).clone() else {
                    return Err(inst.err("a result that is not a struct"));
                };
                let members: Vec<TypeId> = self
                    .l
                    .out
                    .types
                    .struct_def(sid)
                    .members
                    .iter()
                    .map(|m| m.ty)
                    .collect();
                let [first, _] = members[..] else {
                    return Err(inst.err("a result that is not a struct of two"));
                };
                let s = if op == Op::SMulExtended {
                    Scalar::Int
                } else {
                    Scalar::Uint
                };
                let ct = self.types().with_scalar(first, s);
                let x = self.value(w(2)?)?;
                let x = self.cast_to(x, ct)?;
                let y = self.value(w(3)?)?;
                let y = self.cast_to(y, ct)?;
                let lo = self.new_local(ct, format!("_{}_lo", w(1)?));
                let hi = self.new_local(ct, format!("_{}_hi", w(1)?));
                let (l0, h0) = (
                    self.add(ExprKind::Local(lo), ct),
                    self.add(ExprKind::Local(hi), ct),
                );
                let call = match op {
                    Op::IAddCarry | Op::ISubBorrow => {
                        let fun = if op == Op::IAddCarry {
                            Builtin::UaddCarry
                        } else {
                            Builtin::UsubBorrow
                        };
                        let r = self.builtin(fun, vec![x, y, h0])?;
                        self.add(
                            ExprKind::Assign {
                                place: l0,
                                op: None,
                                value: r,
                            },
                            ct,
                        )
                    }
                    _ => {
                        let fun = if op == Op::UMulExtended {
                            Builtin::UmulExtended
                        } else {
                            Builtin::ImulExtended
                        };
                        self.builtin(fun, vec![x, y, h0, l0])?
                    }
                };
                out.push(self.stmt(StmtKind::Expr(call)));
                let (l1, h1) = (
                    self.add(ExprKind::Local(lo), ct),
                    self.add(ExprKind::Local(hi), ct),
                );
                let l1 = self.cast_to(l1, members[0])?;
                let h1 = self.cast_to(h1, members[1])?;
                let e = self.add(ExprKind::Compose(vec![l1, h1]), rt);
                self.define(w(1)?, e, out);
                return Ok(());
            }
            Op::CompositeInsert | Op::VectorInsertDynamic => {
                // A copy of the composite with one part replaced, in a local of its own.
                let rt = self.rty(w(0)?)?;
                let l = self.new_local(rt, format!("_{}", w(1)?));
                let (object, composite) = (w(2)?, w(3)?);
                let c = self.value(if op == Op::CompositeInsert {
                    composite
                } else {
                    object
                })?;
                let c = self.cast_to(c, rt)?;
                let dst = self.add(ExprKind::Local(l), rt);
                let first = self.add(
                    ExprKind::Assign {
                        place: dst,
                        op: None,
                        value: c,
                    },
                    rt,
                );
                out.push(self.stmt(StmtKind::Expr(first)));
                let base = self.add(ExprKind::Local(l), rt);
                let (place, part) = if op == Op::CompositeInsert {
                    let mut place = base;
                    for &i in inst.rest(4) {
                        place = self.extract(place, i)?;
                    }
                    if let ExprKind::Swizzle { base, comps } =
                        self.f.exprs[place.0 as usize].kind.clone()
                    {
                        // A vector component as a place: an index.
                        let idx = self.lit(Literal::Int(comps[0] as i32));
                        self.f.exprs[place.0 as usize].kind = ExprKind::Index { base, index: idx };
                    }
                    (place, object)
                } else {
                    let i = self.value(w(4)?)?;
                    let i = self.cast(i, Scalar::Int);
                    let Type::Vector(sc, _) = self.l.out.types.get(rt).clone() else {
                        return Err(inst.err("OpVectorInsertDynamic of a non-vector"));
                    };
                    let st = self.types().scalar(sc);
                    (self.add(ExprKind::Index { base, index: i }, st), composite)
                };
                let pt = self.ty_of(place);
                let v = self.value(part)?;
                let v = self.cast_to(v, pt)?;
                let second = self.add(
                    ExprKind::Assign {
                        place,
                        op: None,
                        value: v,
                    },
                    pt,
                );
                out.push(self.stmt(StmtKind::Expr(second)));
                self.values.insert(w(1)?, Value::Local(l));
                return Ok(());
            }
            _ => self.value_inst(op, inst)?,
        };
        let id = w(1)?;
        self.define(id, e, out);
        Ok(())
    }

    /// Instructions that compute a value of their result type from operand values.
    pub fn atomic(&mut self, op: Op, inst: &Inst<'a>, rt: TypeId) -> SpvResult<ExprId> {
        let w = |i: usize| inst.word(i);
        let ptr = w(2)?;
        // Operands after pointer, scope and semantics (compare-exchange has two).
        let value_at = if op == Op::AtomicCompareExchange {
            6
        } else {
            5
        };
        let rs = self
            .l
            .out
            .types
            .scalar_of(rt)
            .ok_or_else(|| self.err("an atomic of a non-scalar"))?;
        let one = |s: &mut Self, neg: bool| match (rs, neg) {
            (Scalar::Int, false) => s.lit(Literal::Int(1)),
            (Scalar::Int, true) => s.lit(Literal::Int(-1)),
            (Scalar::Uint, false) => s.lit(Literal::Uint(1)),
            (Scalar::Uint, true) => s.lit(Literal::Uint(u32::MAX)),
            (Scalar::Int64, false) => s.lit(Literal::Int64(1)),
            (Scalar::Int64, true) => s.lit(Literal::Int64(-1)),
            (Scalar::Uint64, false) => s.lit(Literal::Uint64(1)),
            (_, _) => s.lit(Literal::Uint64(u64::MAX)),
        };
        let (fun, mut vals) = match op {
            Op::AtomicIIncrement => (Builtin::AtomicAdd, vec![one(self, false)]),
            Op::AtomicIDecrement => (Builtin::AtomicAdd, vec![one(self, true)]),
            Op::AtomicCompareExchange => {
                let v = self.value(w(value_at)?)?;
                let c = self.value(w(value_at + 1)?)?;
                (Builtin::AtomicCompSwap, vec![c, v])
            }
            _ => {
                let v = self.value(w(value_at)?)?;
                let v = if op == Op::AtomicISub {
                    let t = self.ty_of(v);
                    self.add(
                        ExprKind::Unary {
                            op: UnaryOp::Neg,
                            arg: v,
                        },
                        t,
                    )
                } else {
                    v
                };
                let fun = match op {
                    Op::AtomicIAdd | Op::AtomicISub => Builtin::AtomicAdd,
                    Op::AtomicSMin | Op::AtomicUMin => Builtin::AtomicMin,
                    Op::AtomicSMax | Op::AtomicUMax => Builtin::AtomicMax,
                    Op::AtomicAnd => Builtin::AtomicAnd,
                    Op::AtomicOr => Builtin::AtomicOr,
                    Op::AtomicXor => Builtin::AtomicXor,
                    _ => Builtin::AtomicExchange,
                };
                (fun, vec![v])
            }
        };
        match self.values.get(&ptr).cloned() {
            Some(Value::Ptr(p)) if self.l.out.types.get(p.ty) == &Type::AtomicUint => {
                // Atomic counters (GL 4.6 appendix C.4): increment returns the value
                // before, as atomicCounterIncrement does; decrement returns the value
                // before too, atomicCounterDecrement's result plus one.
                let c = self.place(&p)?;
                let e = match op {
                    Op::AtomicIIncrement => {
                        self.builtin(Builtin::AtomicCounterIncrement, vec![c])?
                    }
                    Op::AtomicIDecrement => {
                        let d = self.builtin(Builtin::AtomicCounterDecrement, vec![c])?;
                        let one = self.lit(Literal::Uint(1));
                        let ut = self.ty_of(d);
                        self.add(
                            ExprKind::Binary {
                                op: BinaryOp::Add,
                                lhs: d,
                                rhs: one,
                            },
                            ut,
                        )
                    }
                    // The others (capability AtomicStorageOps,
                    // SPV_KHR_shader_atomic_counter_ops) are GLSL 4.60's atomic
                    // counter functions: the atomic memory functions on the counter.
                    _ => {
                        let mut args = vec![c];
                        for v in vals {
                            args.push(self.cast(v, Scalar::Uint));
                        }
                        self.builtin(fun, args)?
                    }
                };
                self.cast_to(e, rt)
            }
            Some(Value::Ptr(p)) if matches!(p.root, Root::Builtin(_)) => {
                Err(self.err("an atomic operation on a built-in input"))
            }
            // The GL SPIR-V environment (GL 4.6 appendix C.2) gives atomics pointers to
            // Workgroup, StorageBuffer (buffer blocks), AtomicCounter or Image memory.
            Some(Value::Ptr(p))
                if !matches!(
                    p.root,
                    Root::Global(g) if matches!(
                        self.l.out.globals[g.0 as usize].storage,
                        Storage::Shared | Storage::Buffer(_)
                    )
                ) =>
            {
                Err(inst.err(
                    "an atomic operation on memory other than workgroup (shared) or storage-buffer memory",
                ))
            }
            Some(Value::Ptr(p)) => {
                let ps = self.l.out.types.scalar_of(p.ty);
                let signed_op = matches!(op, Op::AtomicSMin | Op::AtomicSMax);
                let unsigned_op = matches!(op, Op::AtomicUMin | Op::AtomicUMax);
                if (signed_op && ps.is_some_and(|s| !s.is_signed_int()))
                    || (unsigned_op && ps.is_some_and(|s| s.is_signed_int()))
                {
                    return Err(inst.err("a signed (unsigned) atomic min/max on unsigned (signed) memory is not supported"));
                }
                for v in &mut vals {
                    *v = self.cast_to(*v, p.ty)?;
                }
                let place = self.place(&p)?;
                let mut args = vec![place];
                args.extend(vals);
                let e = self.builtin(fun, args)?;
                self.cast_to(e, rt)
            }
            Some(Value::Texel {
                image,
                coord,
                sample,
            }) => {
                let ifun = match fun {
                    Builtin::AtomicAdd => Builtin::ImageAtomicAdd,
                    Builtin::AtomicMin => Builtin::ImageAtomicMin,
                    Builtin::AtomicMax => Builtin::ImageAtomicMax,
                    Builtin::AtomicAnd => Builtin::ImageAtomicAnd,
                    Builtin::AtomicOr => Builtin::ImageAtomicOr,
                    Builtin::AtomicXor => Builtin::ImageAtomicXor,
                    Builtin::AtomicExchange => Builtin::ImageAtomicExchange,
                    _ => Builtin::ImageAtomicCompSwap,
                };
                let img = self.place(&image)?;
                let it = self.ty_of(img);
                let Type::Image(o) = self.l.out.types.get(it).clone() else {
                    return Err(inst.err("OpImageTexelPointer of a non-image"));
                };
                let c = self.value(coord)?;
                let c = self.cast(c, Scalar::Int);
                let mut args = vec![img, c];
                if o.dim.is_ms() {
                    let s = self.value(sample)?;
                    args.push(self.cast(s, Scalar::Int));
                }
                for v in vals {
                    args.push(self.cast(v, o.sampled));
                }
                let e = self.builtin(ifun, args)?;
                self.cast_to(e, rt)
            }
            _ => Err(inst.err("an atomic on something that is not a pointer")),
        }
    }
}
