//! Instructions that compute a value from operand values: arithmetic with the
//! operand signedness SPIR-V states in the opcode (as conversions around the IR
//! operator), comparisons, logical operators, conversions and bitcasts, composites,
//! vector and matrix products, bit-field operations and the built-in functions.

use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::function::*;
use spirv::Op;

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

    /// An instruction that computes a value of its result type from operand values.
    pub fn value_inst(&mut self, op: Op, inst: &Inst<'a>) -> SpvResult<ExprId> {
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
                // plus b where r is nonzero and its sign differs from b's (b is read
                // more than once).
                self.stable(b()?)?;
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
                self.stable(y)?;
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
                self.stable(a()?)?;
                self.stable(b()?)?;
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
            _ if crate::spirv::derivatives::is_derivative(op) => {
                self.derivative_inst(op, inst, rt)?
            }
            _ if crate::spirv::images::is_image_op(op) => self.image_inst(op, inst, rt)?,
            _ => return Err(inst.err("is not supported in a compute shader by glcompute")),
        })
    }

    /// Part `i` of composite expression `e`.
    pub fn extract(&mut self, e: ExprId, i: u32) -> SpvResult<ExprId> {
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
}
