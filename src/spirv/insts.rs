//! The instructions of a block's body (everything but phis, merges and terminators),
//! each lowered into statements of `out`: memory access, arithmetic, conversions,
//! composites, built-in functions, atomics and barriers.

use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::function::*;
use crate::spirv::lower::Root;
use spirv::Op;

/// How an opcode treats its integer operands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sign {
    /// As the result type's scalar.
    Result,
    Signed,
    Unsigned,
}

fn signed_of(s: Scalar) -> Scalar {
    match s {
        Scalar::Uint => Scalar::Int,
        Scalar::Uint64 => Scalar::Int64,
        s => s,
    }
}

fn unsigned_of(s: Scalar) -> Scalar {
    match s {
        Scalar::Int => Scalar::Uint,
        Scalar::Int64 => Scalar::Uint64,
        s => s,
    }
}

impl<'l, 'm, 'a> FnLower<'l, 'm, 'a> {
    fn sign_scalar(&self, s: Scalar, sign: Sign) -> Scalar {
        match sign {
            Sign::Result => s,
            Sign::Signed => signed_of(s),
            Sign::Unsigned => unsigned_of(s),
        }
    }

    /// `a op b` computed in `rt`'s shape with the operands' signedness `sign`, the
    /// result converted to `rt`.
    fn arith(&mut self, op: BinaryOp, rt: TypeId, a: u32, b: u32, sign: Sign) -> SpvResult<ExprId> {
        let s = self
            .l
            .out
            .types
            .scalar_of(rt)
            .ok_or_else(|| self.err("arithmetic on a non-numeric type"))?;
        let cs = self.sign_scalar(s, sign);
        let ct = self.types().with_scalar(rt, cs);
        let (x, y) = (self.value(a)?, self.value(b)?);
        let (x, y) = (self.cast_to(x, ct)?, self.cast_to(y, ct)?);
        let e = self.add(ExprKind::Binary { op, lhs: x, rhs: y }, ct);
        self.cast_to(e, rt)
    }

    /// A comparison of `a` and `b` (converted to scalar kind `cs`): a bool for
    /// scalars, the vector relational built-in for vectors.
    fn compare(&mut self, op: BinaryOp, a: u32, b: u32, sign: Sign) -> SpvResult<ExprId> {
        let (x, y) = (self.value(a)?, self.value(b)?);
        let xt = self.ty_of(x);
        let s = self
            .l
            .out
            .types
            .scalar_of(xt)
            .ok_or_else(|| self.err("a comparison of non-scalars"))?;
        let cs = self.sign_scalar(s, sign);
        let (x, y) = (self.cast(x, cs), self.cast(y, cs));
        if matches!(self.l.out.types.get(xt), Type::Vector(..)) {
            let fun = match op {
                BinaryOp::Equal => Builtin::Equal,
                BinaryOp::NotEqual => Builtin::NotEqual,
                BinaryOp::Less => Builtin::LessThan,
                BinaryOp::LessEqual => Builtin::LessThanEqual,
                BinaryOp::Greater => Builtin::GreaterThan,
                _ => Builtin::GreaterThanEqual,
            };
            return self.builtin(fun, vec![x, y]);
        }
        let bt = self.types().scalar(Scalar::Bool);
        Ok(self.add(ExprKind::Binary { op, lhs: x, rhs: y }, bt))
    }

    /// `!e` for a bool scalar or vector.
    fn not(&mut self, e: ExprId) -> SpvResult<ExprId> {
        let t = self.ty_of(e);
        if matches!(self.l.out.types.get(t), Type::Vector(..)) {
            self.builtin(Builtin::Not, vec![e])
        } else {
            Ok(self.add(
                ExprKind::Unary {
                    op: UnaryOp::Not,
                    arg: e,
                },
                t,
            ))
        }
    }

    /// A logical operator on bool scalars or, component by component, vectors.
    fn logical(&mut self, op: BinaryOp, rt: TypeId, a: u32, b: u32) -> SpvResult<ExprId> {
        self.per_component(rt, |s, i| {
            let (x, y) = (s.component(a, i)?, s.component(b, i)?);
            let bt = s.types().scalar(Scalar::Bool);
            Ok(s.add(ExprKind::Binary { op, lhs: x, rhs: y }, bt))
        })
    }

    /// Lowers one body instruction.
    pub fn inst(&mut self, inst: &Inst<'a>, out: &mut Block) -> SpvResult<()> {
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
                if matches!(p.root, Root::Builtin(_)) {
                    return Err(inst.err("a store to a built-in input"));
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
                for &ix in inst.rest(3) {
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
    fn value_inst(&mut self, op: Op, inst: &Inst<'a>) -> SpvResult<ExprId> {
        let w = |i: usize| inst.word(i);
        let rt = self.rty(w(0)?)?;
        let a = || w(2);
        let b = || w(3);
        use BinaryOp as B;
        Ok(match op {
            Op::IAdd => self.arith(B::Add, rt, a()?, b()?, Sign::Result)?,
            Op::ISub => self.arith(B::Sub, rt, a()?, b()?, Sign::Result)?,
            Op::IMul => self.arith(B::Mul, rt, a()?, b()?, Sign::Result)?,
            Op::FAdd => self.arith(B::Add, rt, a()?, b()?, Sign::Result)?,
            Op::FSub => self.arith(B::Sub, rt, a()?, b()?, Sign::Result)?,
            Op::FMul => self.arith(B::Mul, rt, a()?, b()?, Sign::Result)?,
            Op::FDiv => self.arith(B::Div, rt, a()?, b()?, Sign::Result)?,
            Op::UDiv => self.arith(B::Div, rt, a()?, b()?, Sign::Unsigned)?,
            Op::SDiv => self.arith(B::Div, rt, a()?, b()?, Sign::Signed)?,
            Op::UMod => self.arith(B::Mod, rt, a()?, b()?, Sign::Unsigned)?,
            Op::SRem => self.arith(B::Mod, rt, a()?, b()?, Sign::Signed)?,
            Op::SMod => {
                // The remainder with the sign of the divisor: r = a % b (truncated),
                // plus b where r is nonzero and its sign differs from b's.
                let r = self.arith(B::Mod, rt, a()?, b()?, Sign::Signed)?;
                let rl = self.new_local(rt, format!("_{}_rem", w(1)?));
                let dst = self.add(ExprKind::Local(rl), rt);
                let assign = self.add(
                    ExprKind::Assign {
                        place: dst,
                        op: None,
                        value: r,
                    },
                    rt,
                );
                let y = b()?;
                let s = self.l.out.types.scalar_of(rt).unwrap_or(Scalar::Int);
                let ss = signed_of(s);
                let fixed = self.per_component(rt, |f, i| {
                    let st = f.types().scalar(ss);
                    let bt = f.types().scalar(Scalar::Bool);
                    let comp = |f: &mut Self, e: ExprId| -> ExprId {
                        let t = f.ty_of(e);
                        let e = match f.l.out.types.get(t) {
                            Type::Vector(..) => f.add(
                                ExprKind::Swizzle {
                                    base: e,
                                    comps: vec![i],
                                },
                                st,
                            ),
                            _ => e,
                        };
                        f.cast(e, ss)
                    };
                    let rr = f.add(ExprKind::Local(rl), rt);
                    let r1 = comp(f, rr);
                    let zero = f.lit(if ss == Scalar::Int64 {
                        Literal::Int64(0)
                    } else {
                        Literal::Int(0)
                    });
                    let nz = f.add(
                        ExprKind::Binary {
                            op: B::NotEqual,
                            lhs: r1,
                            rhs: zero,
                        },
                        bt,
                    );
                    let rr = f.add(ExprKind::Local(rl), rt);
                    let r2 = comp(f, rr);
                    let zero = f.lit(if ss == Scalar::Int64 {
                        Literal::Int64(0)
                    } else {
                        Literal::Int(0)
                    });
                    let rneg = f.add(
                        ExprKind::Binary {
                            op: B::Less,
                            lhs: r2,
                            rhs: zero,
                        },
                        bt,
                    );
                    let yv = f.value(y)?;
                    let b2 = comp(f, yv);
                    let zero = f.lit(if ss == Scalar::Int64 {
                        Literal::Int64(0)
                    } else {
                        Literal::Int(0)
                    });
                    let bneg = f.add(
                        ExprKind::Binary {
                            op: B::Less,
                            lhs: b2,
                            rhs: zero,
                        },
                        bt,
                    );
                    let differ = f.add(
                        ExprKind::Binary {
                            op: B::LogicalXor,
                            lhs: rneg,
                            rhs: bneg,
                        },
                        bt,
                    );
                    let cond = f.add(
                        ExprKind::Binary {
                            op: B::LogicalAnd,
                            lhs: nz,
                            rhs: differ,
                        },
                        bt,
                    );
                    let rr = f.add(ExprKind::Local(rl), rt);
                    let r3 = comp(f, rr);
                    let yv = f.value(y)?;
                    let b3 = comp(f, yv);
                    let sum = f.add(
                        ExprKind::Binary {
                            op: B::Add,
                            lhs: r3,
                            rhs: b3,
                        },
                        st,
                    );
                    let rr = f.add(ExprKind::Local(rl), rt);
                    let r4 = comp(f, rr);
                    let pick = f.add(
                        ExprKind::Select {
                            cond,
                            accept: sum,
                            reject: r4,
                        },
                        st,
                    );
                    Ok(f.cast(pick, s))
                })?;
                self.add(
                    ExprKind::Sequence {
                        first: assign,
                        second: fixed,
                    },
                    rt,
                )
            }
            Op::BitwiseAnd => self.arith(B::BitAnd, rt, a()?, b()?, Sign::Result)?,
            Op::BitwiseOr => self.arith(B::BitOr, rt, a()?, b()?, Sign::Result)?,
            Op::BitwiseXor => self.arith(B::BitXor, rt, a()?, b()?, Sign::Result)?,
            Op::FMod => {
                let (x, y) = (self.value(a()?)?, self.value(b()?)?);
                self.builtin(Builtin::Mod, vec![x, y])?
            }
            Op::FRem => {
                // x - y * trunc(x / y): the remainder with the sign of x.
                let (x, y) = (self.value(a()?)?, self.value(b()?)?);
                let q = self.add(
                    ExprKind::Binary {
                        op: B::Div,
                        lhs: x,
                        rhs: y,
                    },
                    rt,
                );
                let t = self.builtin(Builtin::Trunc, vec![q])?;
                let y2 = self.value(b()?)?;
                let p = self.add(
                    ExprKind::Binary {
                        op: B::Mul,
                        lhs: y2,
                        rhs: t,
                    },
                    rt,
                );
                let x2 = self.value(a()?)?;
                self.add(
                    ExprKind::Binary {
                        op: B::Sub,
                        lhs: x2,
                        rhs: p,
                    },
                    rt,
                )
            }
            Op::ShiftLeftLogical | Op::ShiftRightLogical | Op::ShiftRightArithmetic => {
                let s = self
                    .l
                    .out
                    .types
                    .scalar_of(rt)
                    .ok_or_else(|| self.err("a shift of a non-integer"))?;
                let cs = match op {
                    Op::ShiftRightLogical => unsigned_of(s),
                    Op::ShiftRightArithmetic => signed_of(s),
                    _ => s,
                };
                let ct = self.types().with_scalar(rt, cs);
                let x = self.value(a()?)?;
                let x = self.cast_to(x, ct)?;
                let y = self.value(b()?)?;
                let bop = if op == Op::ShiftLeftLogical {
                    B::Shl
                } else {
                    B::Shr
                };
                let e = self.add(
                    ExprKind::Binary {
                        op: bop,
                        lhs: x,
                        rhs: y,
                    },
                    ct,
                );
                self.cast_to(e, rt)?
            }
            Op::SNegate | Op::FNegate | Op::Not => {
                let x = self.value(a()?)?;
                let x = self.cast_to(x, rt)?;
                let uop = if op == Op::Not {
                    UnaryOp::BitNot
                } else {
                    UnaryOp::Neg
                };
                self.add(ExprKind::Unary { op: uop, arg: x }, rt)
            }
            Op::IEqual | Op::LogicalEqual | Op::FOrdEqual => {
                self.compare(B::Equal, a()?, b()?, Sign::Result)?
            }
            Op::INotEqual | Op::LogicalNotEqual | Op::FUnordNotEqual => {
                self.compare(B::NotEqual, a()?, b()?, Sign::Result)?
            }
            Op::ULessThan => self.compare(B::Less, a()?, b()?, Sign::Unsigned)?,
            Op::SLessThan => self.compare(B::Less, a()?, b()?, Sign::Signed)?,
            Op::UGreaterThan => self.compare(B::Greater, a()?, b()?, Sign::Unsigned)?,
            Op::SGreaterThan => self.compare(B::Greater, a()?, b()?, Sign::Signed)?,
            Op::ULessThanEqual => self.compare(B::LessEqual, a()?, b()?, Sign::Unsigned)?,
            Op::SLessThanEqual => self.compare(B::LessEqual, a()?, b()?, Sign::Signed)?,
            Op::UGreaterThanEqual => self.compare(B::GreaterEqual, a()?, b()?, Sign::Unsigned)?,
            Op::SGreaterThanEqual => self.compare(B::GreaterEqual, a()?, b()?, Sign::Signed)?,
            Op::FOrdLessThan => self.compare(B::Less, a()?, b()?, Sign::Result)?,
            Op::FOrdGreaterThan => self.compare(B::Greater, a()?, b()?, Sign::Result)?,
            Op::FOrdLessThanEqual => self.compare(B::LessEqual, a()?, b()?, Sign::Result)?,
            Op::FOrdGreaterThanEqual => self.compare(B::GreaterEqual, a()?, b()?, Sign::Result)?,
            // Unordered: true when either is NaN, the negation of the ordered opposite.
            Op::FUnordLessThan => {
                let c = self.compare(B::GreaterEqual, a()?, b()?, Sign::Result)?;
                self.not(c)?
            }
            Op::FUnordGreaterThan => {
                let c = self.compare(B::LessEqual, a()?, b()?, Sign::Result)?;
                self.not(c)?
            }
            Op::FUnordLessThanEqual => {
                let c = self.compare(B::Greater, a()?, b()?, Sign::Result)?;
                self.not(c)?
            }
            Op::FUnordGreaterThanEqual => {
                let c = self.compare(B::Less, a()?, b()?, Sign::Result)?;
                self.not(c)?
            }
            // Ordered not-equal: false when either is NaN.
            Op::FOrdNotEqual | Op::FUnordEqual => {
                let (x, y) = (a()?, b()?);
                let e = self.per_component(rt, |s, i| {
                    let bt = s.types().scalar(Scalar::Bool);
                    let (p, q) = (s.component(x, i)?, s.component(y, i)?);
                    let lt = s.add(
                        ExprKind::Binary {
                            op: B::Less,
                            lhs: p,
                            rhs: q,
                        },
                        bt,
                    );
                    let (p, q) = (s.component(x, i)?, s.component(y, i)?);
                    let gt = s.add(
                        ExprKind::Binary {
                            op: B::Greater,
                            lhs: p,
                            rhs: q,
                        },
                        bt,
                    );
                    Ok(s.add(
                        ExprKind::Binary {
                            op: B::LogicalOr,
                            lhs: lt,
                            rhs: gt,
                        },
                        bt,
                    ))
                })?;
                if op == Op::FUnordEqual {
                    self.not(e)?
                } else {
                    e
                }
            }
            Op::LogicalAnd => self.logical(B::LogicalAnd, rt, a()?, b()?)?,
            Op::LogicalOr => self.logical(B::LogicalOr, rt, a()?, b()?)?,
            Op::LogicalNot => {
                let x = self.value(a()?)?;
                self.not(x)?
            }
            Op::Any | Op::All => {
                let x = self.value(a()?)?;
                self.builtin(
                    if op == Op::Any {
                        Builtin::Any
                    } else {
                        Builtin::All
                    },
                    vec![x],
                )?
            }
            Op::IsNan | Op::IsInf => {
                let x = self.value(a()?)?;
                self.builtin(
                    if op == Op::IsNan {
                        Builtin::IsNan
                    } else {
                        Builtin::IsInf
                    },
                    vec![x],
                )?
            }
            Op::Select => {
                let (c, x, y) = (a()?, b()?, w(4)?);
                let ct = self.value_ty(c)?;
                if self.l.out.types.scalar_of(ct) != Some(Scalar::Bool) {
                    return Err(inst.err("OpSelect's condition is not a bool scalar or vector"));
                }
                if matches!(self.l.out.types.get(ct), Type::Vector(..)) {
                    self.per_component(rt, |s, i| {
                        let cond = s.component(c, i)?;
                        let accept = s.component(x, i)?;
                        let reject = s.component(y, i)?;
                        let t = s.ty_of(accept);
                        Ok(s.add(
                            ExprKind::Select {
                                cond,
                                accept,
                                reject,
                            },
                            t,
                        ))
                    })?
                } else {
                    let cond = self.value(c)?;
                    let accept = self.value(x)?;
                    let reject = self.value(y)?;
                    let (accept, reject) = (self.cast_to(accept, rt)?, self.cast_to(reject, rt)?);
                    self.add(
                        ExprKind::Select {
                            cond,
                            accept,
                            reject,
                        },
                        rt,
                    )
                }
            }
            Op::ConvertFToU
            | Op::ConvertFToS
            | Op::ConvertSToF
            | Op::ConvertUToF
            | Op::UConvert
            | Op::SConvert
            | Op::FConvert
            | Op::SatConvertSToU
            | Op::SatConvertUToS => {
                let x = self.value(a()?)?;
                let xt = self.ty_of(x);
                let xs = self
                    .l
                    .out
                    .types
                    .scalar_of(xt)
                    .ok_or_else(|| self.err("a conversion of a non-numeric value"))?;
                let rs = self
                    .l
                    .out
                    .types
                    .scalar_of(rt)
                    .ok_or_else(|| self.err("a conversion to a non-numeric type"))?;
                let (from, to) = match op {
                    Op::ConvertFToU => (xs, unsigned_of(rs)),
                    Op::ConvertFToS => (xs, signed_of(rs)),
                    Op::ConvertSToF | Op::SConvert => (
                        signed_of(xs),
                        if op == Op::SConvert {
                            signed_of(rs)
                        } else {
                            rs
                        },
                    ),
                    Op::ConvertUToF | Op::UConvert => (
                        unsigned_of(xs),
                        if op == Op::UConvert {
                            unsigned_of(rs)
                        } else {
                            rs
                        },
                    ),
                    _ => (xs, rs),
                };
                let x = self.cast(x, from);
                let x = self.cast(x, to);
                self.cast_to(x, rt)?
            }
            Op::Bitcast => self.bitcast(rt, a()?)?,
            Op::CompositeConstruct => {
                let parts = inst
                    .rest(2)
                    .iter()
                    .map(|&p| self.value(p))
                    .collect::<SpvResult<Vec<_>>>()?;
                if matches!(self.l.out.types.get(rt), Type::Scalar(_)) || parts.is_empty() {
                    return Err(inst.err("a composite of no parts or of a scalar type"));
                }
                self.add(ExprKind::Compose(parts), rt)
            }
            Op::CompositeExtract => {
                let mut e = self.value(a()?)?;
                for &i in inst.rest(3) {
                    e = self.extract(e, i)?;
                }
                self.cast_to(e, rt)?
            }
            Op::VectorShuffle => {
                let (v1, v2) = (a()?, b()?);
                let n1 = {
                    let t = self.value_ty(v1)?;
                    self.width(t) as u32
                };
                let comps = inst.rest(4).to_vec();
                let parts = comps
                    .iter()
                    .map(|&c| {
                        let c = if c == u32::MAX { 0 } else { c };
                        if c < n1 {
                            self.component(v1, c as u8)
                        } else {
                            let n2 = self.value_ty(v2).map(|t| self.width(t) as u32)?;
                            if c - n1 >= n2 {
                                return Err(self.err("a shuffle component out of range"));
                            }
                            self.component(v2, (c - n1) as u8)
                        }
                    })
                    .collect::<SpvResult<Vec<_>>>()?;
                if parts.len() < 2 {
                    return Err(inst.err("a shuffle of fewer than 2 components"));
                }
                self.add(ExprKind::Compose(parts), rt)
            }
            Op::VectorExtractDynamic => {
                let v = self.value(a()?)?;
                let i = self.value(b()?)?;
                let i = self.cast(i, Scalar::Int);
                self.add(ExprKind::Index { base: v, index: i }, rt)
            }
            Op::Dot => {
                let (x, y) = (self.value(a()?)?, self.value(b()?)?);
                self.builtin(Builtin::Dot, vec![x, y])?
            }
            Op::VectorTimesScalar | Op::MatrixTimesScalar => {
                let (x, y) = (self.value(a()?)?, self.value(b()?)?);
                let y = self.add(ExprKind::Splat(y), rt);
                self.add(
                    ExprKind::Binary {
                        op: B::Mul,
                        lhs: x,
                        rhs: y,
                    },
                    rt,
                )
            }
            Op::MatrixTimesVector | Op::VectorTimesMatrix | Op::MatrixTimesMatrix => {
                let (x, y) = (self.value(a()?)?, self.value(b()?)?);
                self.add(
                    ExprKind::Binary {
                        op: B::MatMul,
                        lhs: x,
                        rhs: y,
                    },
                    rt,
                )
            }
            Op::OuterProduct => {
                let (x, y) = (self.value(a()?)?, self.value(b()?)?);
                self.builtin(Builtin::OuterProduct, vec![x, y])?
            }
            Op::Transpose => {
                let x = self.value(a()?)?;
                self.builtin(Builtin::Transpose, vec![x])?
            }
            Op::BitFieldInsert => {
                let (base, ins) = (self.value(a()?)?, self.value(b()?)?);
                let base = self.cast_to(base, rt)?;
                let ins = self.cast_to(ins, rt)?;
                let off = self.value(w(4)?)?;
                let cnt = self.value(w(5)?)?;
                let (off, cnt) = (self.cast(off, Scalar::Int), self.cast(cnt, Scalar::Int));
                self.builtin(Builtin::BitfieldInsert, vec![base, ins, off, cnt])?
            }
            Op::BitFieldSExtract | Op::BitFieldUExtract => {
                let base = self.value(a()?)?;
                let rs = self.l.out.types.scalar_of(rt).unwrap_or(Scalar::Int);
                let cs = if op == Op::BitFieldSExtract {
                    signed_of(rs)
                } else {
                    unsigned_of(rs)
                };
                let base = self.cast(base, cs);
                let off = self.value(b()?)?;
                let cnt = self.value(w(4)?)?;
                let (off, cnt) = (self.cast(off, Scalar::Int), self.cast(cnt, Scalar::Int));
                let e = self.builtin(Builtin::BitfieldExtract, vec![base, off, cnt])?;
                self.cast_to(e, rt)?
            }
            Op::BitReverse | Op::BitCount => {
                let x = self.value(a()?)?;
                let fun = if op == Op::BitReverse {
                    Builtin::BitfieldReverse
                } else {
                    Builtin::BitCount
                };
                let e = self.builtin(fun, vec![x])?;
                self.cast_to(e, rt)?
            }
            Op::ArrayLength => {
                let p = self.ptr(a()?)?;
                let member = b()?;
                let mut p = p;
                let Type::Struct(sid) = self.l.out.types.get(p.ty).clone() else {
                    return Err(inst.err("OpArrayLength of a pointer that is not to a struct"));
                };
                let Some(m) = self
                    .l
                    .out
                    .types
                    .struct_def(sid)
                    .members
                    .get(member as usize)
                else {
                    return Err(inst.err("OpArrayLength of a member the struct does not have"));
                };
                p.ty = m.ty;
                p.steps.push(Step::Field(member));
                let place = self.place(&p)?;
                let it = self.types().scalar(Scalar::Int);
                let e = self.add(ExprKind::ArrayLength(place), it);
                self.cast_to(e, rt)?
            }
            Op::ExtInst => self.ext_inst(inst, rt)?,
            Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicExchange
            | Op::AtomicCompareExchange => self.atomic(op, inst, rt)?,
            _ if crate::spirv::images::is_image_op(op) => self.image_inst(op, inst, rt)?,
            _ => return Err(inst.err("is not supported in a compute shader by glcompute")),
        })
    }

    /// Part `i` of composite expression `e`.
    fn extract(&mut self, e: ExprId, i: u32) -> SpvResult<ExprId> {
        let t = self.ty_of(e);
        let (kind, nt) = match self.l.out.types.get(t).clone() {
            Type::Vector(s, n) if i < n as u32 => (
                ExprKind::Swizzle {
                    base: e,
                    comps: vec![i as u8],
                },
                self.types().scalar(s),
            ),
            Type::Matrix { scalar, cols, rows } if i < cols as u32 => {
                let idx = self.lit(Literal::Int(i as i32));
                (
                    ExprKind::Index {
                        base: e,
                        index: idx,
                    },
                    self.types().vector(scalar, rows),
                )
            }
            Type::Array(el, Some(n)) if i < n => {
                let idx = self.lit(Literal::Int(i as i32));
                (
                    ExprKind::Index {
                        base: e,
                        index: idx,
                    },
                    el,
                )
            }
            Type::Struct(sid) if (i as usize) < self.l.out.types.struct_def(sid).members.len() => {
                let mt = self.l.out.types.struct_def(sid).members[i as usize].ty;
                (ExprKind::Field { base: e, field: i }, mt)
            }
            _ => return Err(self.err(format!("index {i} is outside the composite"))),
        };
        Ok(self.add(kind, nt))
    }

    fn bitcast(&mut self, rt: TypeId, a: u32) -> SpvResult<ExprId> {
        let x = self.value(a)?;
        let xt = self.ty_of(x);
        let types = &self.l.out.types;
        let (xs, rs) = (types.scalar_of(xt), types.scalar_of(rt));
        let (xn, rn) = (self.width(xt), self.width(rt));
        let (Some(xs), Some(rs)) = (xs, rs) else {
            return Err(self.err("a bitcast of a non-numeric value"));
        };
        if xn == rn && xs.size() == rs.size() {
            if xs.is_integer() && rs.is_integer() {
                return Ok(self.cast(x, rs));
            }
            let (fun, from) = match (xs, rs) {
                (Scalar::Float, Scalar::Int) => (Builtin::FloatBitsToInt, xs),
                (Scalar::Float, Scalar::Uint) => (Builtin::FloatBitsToUint, xs),
                (Scalar::Int, Scalar::Float) => (Builtin::IntBitsToFloat, xs),
                (Scalar::Uint, Scalar::Float) => (Builtin::UintBitsToFloat, xs),
                (Scalar::Double, Scalar::Int64) => (Builtin::DoubleBitsToInt64, xs),
                (Scalar::Double, Scalar::Uint64) => (Builtin::DoubleBitsToUint64, xs),
                (Scalar::Int64, Scalar::Double) => (Builtin::Int64BitsToDouble, xs),
                (Scalar::Uint64, Scalar::Double) => (Builtin::Uint64BitsToDouble, xs),
                _ => return Err(self.err("an unsupported bitcast")),
            };
            let x = self.cast(x, from);
            return self.builtin(fun, vec![x]);
        }
        // Two 32-bit components and one 64-bit value.
        let e = match (xn, rn, xs, rs) {
            (2, 1, _, Scalar::Double) => {
                let x = self.cast(x, Scalar::Uint);
                self.builtin(Builtin::PackDouble2x32, vec![x])?
            }
            (2, 1, _, Scalar::Int64 | Scalar::Uint64) => {
                let x = self.cast(x, Scalar::Uint);
                let e = self.builtin(Builtin::PackUint2x32, vec![x])?;
                self.cast(e, rs)
            }
            (1, 2, Scalar::Double, _) => {
                let e = self.builtin(Builtin::UnpackDouble2x32, vec![x])?;
                self.cast(e, rs)
            }
            (1, 2, Scalar::Int64 | Scalar::Uint64, _) => {
                let x = self.cast(x, Scalar::Uint64);
                let e = self.builtin(Builtin::UnpackUint2x32, vec![x])?;
                if rs == Scalar::Float {
                    self.builtin(Builtin::UintBitsToFloat, vec![e])?
                } else {
                    self.cast(e, rs)
                }
            }
            _ => return Err(self.err("an unsupported bitcast")),
        };
        self.cast_to(e, rt)
    }

    fn atomic(&mut self, op: Op, inst: &Inst<'a>, rt: TypeId) -> SpvResult<ExprId> {
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
                    _ => {
                        return Err(inst.err(
                            "an atomic counter operation other than increment, decrement and load",
                        ));
                    }
                };
                self.cast_to(e, rt)
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
