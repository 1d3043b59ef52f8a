//! Built-in functions (GLSL 4.60 chapter 8): Cranelift instructions where they exist
//! (sqrt, fma, floor/ceil/trunc/nearest, bit counting, atomics, fences), arithmetic
//! for the geometric and relational functions, Rust helpers for the rest. Scalar
//! arguments of vector overloads (`mix(v, v, f)`) broadcast.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    AtomicRmwOp, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Type as ClType, Value,
    types,
};

use super::libcalls::Libcall;
use super::lower::{Lower, MemRef, R, Val, cl_type, mf};
use crate::ir::*;

/// Component `i` of an argument, a scalar broadcasting.
fn at(c: &[Value], i: usize) -> Value {
    if c.len() == 1 { c[0] } else { c[i] }
}

impl Lower<'_, '_> {
    fn arg(&mut self, e: ExprId) -> R<Vec<Value>> {
        self.arg_values(e)
    }

    /// The components of an argument's value.
    pub(super) fn arg_values(&mut self, e: ExprId) -> R<Vec<Value>> {
        let v = self.expr(e)?;
        Ok(self.comps(&v))
    }

    fn arg_scalar(&self, e: ExprId) -> Scalar {
        let t = self.cur_fn().expr(e).ty;
        match self.env.m.types.get(t) {
            // An atomic counter is a uint in memory.
            Type::AtomicUint => Scalar::Uint,
            _ => self.env.m.types.scalar_of(t).unwrap_or(Scalar::Float),
        }
    }

    fn fconst(&mut self, s: Scalar, v: f64) -> Value {
        if s == Scalar::Double {
            self.b.ins().f64const(v)
        } else {
            self.b.ins().f32const(v as f32)
        }
    }

    /// Applies `f` to every component of the arguments.
    fn map_n(
        &mut self,
        args: &[Vec<Value>],
        n: usize,
        mut f: impl FnMut(&mut Self, &[Value]) -> Value,
    ) -> Val {
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let xs: Vec<Value> = args.iter().map(|a| at(a, i)).collect();
            out.push(f(self, &xs));
        }
        Val::Comps(out)
    }

    /// min(x, y) with IEEE 754 minNum's NaN rule: where one operand is NaN the other is
    /// the result, as GPUs and llvmpipe give (GLSL leaves it undefined; programs test
    /// finiteness this way), and as constant folding (Rust's f32::min) gives.
    fn fmin(&mut self, x: Value, y: Value) -> Value {
        let lt = self.b.ins().fcmp(FloatCC::LessThan, y, x);
        let x_nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
        let take_y = self.b.ins().bor(lt, x_nan);
        self.b.ins().select(take_y, y, x)
    }

    /// max(x, y) with IEEE 754 maxNum's NaN rule (see [`Self::fmin`]).
    fn fmax(&mut self, x: Value, y: Value) -> Value {
        let gt = self.b.ins().fcmp(FloatCC::GreaterThan, y, x);
        let x_nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
        let take_y = self.b.ins().bor(gt, x_nan);
        self.b.ins().select(take_y, y, x)
    }

    fn min_s(&mut self, s: Scalar, x: Value, y: Value) -> Value {
        match s {
            Scalar::Int | Scalar::Int64 => self.b.ins().smin(x, y),
            Scalar::Uint | Scalar::Uint64 => self.b.ins().umin(x, y),
            _ => self.fmin(x, y),
        }
    }

    fn max_s(&mut self, s: Scalar, x: Value, y: Value) -> Value {
        match s {
            Scalar::Int | Scalar::Int64 => self.b.ins().smax(x, y),
            Scalar::Uint | Scalar::Uint64 => self.b.ins().umax(x, y),
            _ => self.fmax(x, y),
        }
    }

    fn dot(&mut self, a: &[Value], b: &[Value]) -> Value {
        let mut acc = self.b.ins().fmul(a[0], b[0]);
        for i in 1..a.len() {
            let p = self.b.ins().fmul(a[i], b[i]);
            acc = self.b.ins().fadd(acc, p);
        }
        acc
    }

    /// Stores `out` arguments of built-ins (modf, frexp, uaddCarry, ...).
    fn out_arg(&mut self, e: ExprId, v: Vec<Value>) -> R<()> {
        let p = self.place(e)?;
        self.store_place(&p, &Val::Comps(v))
    }

    /// A column-major n x n matrix in a stack array, for the matrix helpers.
    fn matrix_to_stack(&mut self, c: &[Value], ty: ClType) -> Value {
        let size = ty.bytes();
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            size * c.len() as u32,
            3,
        ));
        let p = self.b.ins().stack_addr(types::I64, ss, 0);
        for (i, &v) in c.iter().enumerate() {
            self.b.ins().store(mf(), v, p, (i as u32 * size) as i32);
        }
        p
    }

    pub(super) fn builtin(&mut self, fun: Builtin, args: &[ExprId], ty: TypeId) -> R<Val> {
        use Builtin::*;
        let types = &self.env.m.types;
        let n = types.components(ty).unwrap_or(1) as usize;
        // Atomics, barriers and out-parameter functions evaluate their operands
        // themselves.
        match fun.class() {
            BuiltinClass::Barrier => {
                self.b.ins().fence();
                return Ok(Val::Comps(Vec::new()));
            }
            BuiltinClass::Atomic => return self.atomic(fun, args),
            BuiltinClass::AtomicCounter => return self.counter(fun, args[0]),
            BuiltinClass::ImageAccess | BuiltinClass::ImageQuery => {
                return self.image_builtin(fun, args);
            }
            BuiltinClass::Texture => return self.texture_builtin(fun, args),
            BuiltinClass::Clock => {
                let t = self.libcall(Libcall::ClockTicks, &[])[0];
                if fun == Clock {
                    return Ok(Val::Comps(vec![t]));
                }
                let lo = self.b.ins().ireduce(types::I32, t);
                let hi = self.b.ins().ushr_imm_s(t, 32);
                let hi = self.b.ins().ireduce(types::I32, hi);
                return Ok(Val::Comps(vec![lo, hi]));
            }
            _ => {}
        }
        let s0 = args
            .first()
            .map(|&a| self.arg_scalar(a))
            .unwrap_or(Scalar::Float);
        match fun {
            Modf => {
                let x = self.arg(args[0])?;
                let ip: Vec<Value> = x.iter().map(|&v| self.b.ins().trunc(v)).collect();
                let fr = x
                    .iter()
                    .zip(&ip)
                    .map(|(&v, &i)| self.b.ins().fsub(v, i))
                    .collect();
                self.out_arg(args[1], ip)?;
                return Ok(Val::Comps(fr));
            }
            Frexp => {
                let x = self.arg(args[0])?;
                let (mf_, ef) = if s0 == Scalar::Double {
                    (Libcall::FrexpMantF64, Libcall::FrexpExpF64)
                } else {
                    (Libcall::FrexpMantF32, Libcall::FrexpExpF32)
                };
                let mut mant = Vec::new();
                let mut exp = Vec::new();
                for &v in &x {
                    mant.push(self.libcall(mf_, &[v])[0]);
                    exp.push(self.libcall(ef, &[v])[0]);
                }
                self.out_arg(args[1], exp)?;
                return Ok(Val::Comps(mant));
            }
            UaddCarry | UsubBorrow => {
                let (x, y) = (self.arg(args[0])?, self.arg(args[1])?);
                let mut res = Vec::new();
                let mut carry = Vec::new();
                for (i, &a) in x.iter().enumerate() {
                    let b = at(&y, i);
                    if fun == UaddCarry {
                        let s = self.b.ins().iadd(a, b);
                        let c = self.b.ins().icmp(IntCC::UnsignedLessThan, s, a);
                        res.push(s);
                        carry.push(self.b.ins().uextend(types::I32, c));
                    } else {
                        let d = self.b.ins().isub(a, b);
                        let c = self.b.ins().icmp(IntCC::UnsignedLessThan, a, b);
                        res.push(d);
                        carry.push(self.b.ins().uextend(types::I32, c));
                    }
                }
                self.out_arg(args[2], carry)?;
                return Ok(Val::Comps(res));
            }
            UmulExtended | ImulExtended => {
                let (x, y) = (self.arg(args[0])?, self.arg(args[1])?);
                let mut hi = Vec::new();
                let mut lo = Vec::new();
                for (i, &a) in x.iter().enumerate() {
                    let b = at(&y, i);
                    hi.push(if fun == UmulExtended {
                        self.b.ins().umulhi(a, b)
                    } else {
                        self.b.ins().smulhi(a, b)
                    });
                    lo.push(self.b.ins().imul(a, b));
                }
                self.out_arg(args[2], hi)?;
                self.out_arg(args[3], lo)?;
                return Ok(Val::Comps(Vec::new()));
            }
            _ => {}
        }
        let vals: Vec<Vec<Value>> = args.iter().map(|&a| self.arg(a)).collect::<R<_>>()?;
        let f32_only = |l: &mut Self, f: Libcall| {
            let x = vals[0].clone();
            Val::Comps(x.into_iter().map(|v| l.libcall(f, &[v])[0]).collect())
        };
        Ok(match fun {
            Radians | Degrees => {
                let k = if fun == Radians {
                    std::f64::consts::PI / 180.0
                } else {
                    180.0 / std::f64::consts::PI
                };
                let k = self.fconst(s0, k);
                self.map_n(&vals, n, |l, x| l.b.ins().fmul(x[0], k))
            }
            Sin => f32_only(self, Libcall::SinF32),
            Cos => f32_only(self, Libcall::CosF32),
            Tan => f32_only(self, Libcall::TanF32),
            Asin => f32_only(self, Libcall::AsinF32),
            Acos => f32_only(self, Libcall::AcosF32),
            Atan => f32_only(self, Libcall::AtanF32),
            Sinh => f32_only(self, Libcall::SinhF32),
            Cosh => f32_only(self, Libcall::CoshF32),
            Tanh => f32_only(self, Libcall::TanhF32),
            Asinh => f32_only(self, Libcall::AsinhF32),
            Acosh => f32_only(self, Libcall::AcoshF32),
            Atanh => f32_only(self, Libcall::AtanhF32),
            Exp => f32_only(self, Libcall::ExpF32),
            Log => f32_only(self, Libcall::LogF32),
            Exp2 => f32_only(self, Libcall::Exp2F32),
            Log2 => f32_only(self, Libcall::Log2F32),
            Atan2 | Pow => {
                let f = if fun == Atan2 {
                    Libcall::Atan2F32
                } else {
                    Libcall::PowF32
                };
                self.map_n(&vals, n, |l, x| l.libcall(f, &[x[0], x[1]])[0])
            }
            Sqrt => self.map_n(&vals, n, |l, x| l.b.ins().sqrt(x[0])),
            InverseSqrt => {
                let one = self.fconst(s0, 1.0);
                self.map_n(&vals, n, |l, x| {
                    let r = l.b.ins().sqrt(x[0]);
                    l.b.ins().fdiv(one, r)
                })
            }
            Abs => self.map_n(&vals, n, |l, x| {
                if s0.is_float() {
                    l.b.ins().fabs(x[0])
                } else {
                    // abs(INT_MIN) wraps to INT_MIN, as two's complement does.
                    let neg = l.b.ins().ineg(x[0]);
                    l.b.ins().smax(x[0], neg)
                }
            }),
            Sign => self.map_n(&vals, n, |l, x| {
                if s0.is_float() {
                    let (zero, one, m1) =
                        (l.fconst(s0, 0.0), l.fconst(s0, 1.0), l.fconst(s0, -1.0));
                    let pos = l.b.ins().fcmp(FloatCC::GreaterThan, x[0], zero);
                    let neg = l.b.ins().fcmp(FloatCC::LessThan, x[0], zero);
                    let t = l.b.ins().select(neg, m1, zero);
                    l.b.ins().select(pos, one, t)
                } else {
                    let t = cl_type(s0);
                    let (zero, one, m1) = (
                        l.b.ins().iconst(t, 0),
                        l.b.ins().iconst(t, 1),
                        l.b.ins().iconst(t, -1),
                    );
                    let pos = l.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, x[0], 0);
                    let neg = l.b.ins().icmp_imm_s(IntCC::SignedLessThan, x[0], 0);
                    let t = l.b.ins().select(neg, m1, zero);
                    l.b.ins().select(pos, one, t)
                }
            }),
            Floor => self.map_n(&vals, n, |l, x| l.b.ins().floor(x[0])),
            Ceil => self.map_n(&vals, n, |l, x| l.b.ins().ceil(x[0])),
            Trunc => self.map_n(&vals, n, |l, x| l.b.ins().trunc(x[0])),
            // round(): the direction of .5 is the implementation's choice; ties to even.
            Round | RoundEven => self.map_n(&vals, n, |l, x| l.b.ins().nearest(x[0])),
            Fract => self.map_n(&vals, n, |l, x| {
                let f = l.b.ins().floor(x[0]);
                l.b.ins().fsub(x[0], f)
            }),
            Mod => self.map_n(&vals, n, |l, x| {
                // x - y * floor(x / y)
                let q = l.b.ins().fdiv(x[0], x[1]);
                let f = l.b.ins().floor(q);
                let p = l.b.ins().fmul(x[1], f);
                l.b.ins().fsub(x[0], p)
            }),
            Min => self.map_n(&vals, n, |l, x| l.min_s(s0, x[0], x[1])),
            Max => self.map_n(&vals, n, |l, x| l.max_s(s0, x[0], x[1])),
            Clamp => self.map_n(&vals, n, |l, x| {
                let a = l.max_s(s0, x[0], x[1]);
                l.min_s(s0, a, x[2])
            }),
            // AMD_shader_trinary_minmax: min(x, min(y, z)), max(x, max(y, z)) and the
            // median max(min(x, y), min(max(x, y), z)).
            Min3 => self.map_n(&vals, n, |l, x| {
                let a = l.min_s(s0, x[1], x[2]);
                l.min_s(s0, x[0], a)
            }),
            Max3 => self.map_n(&vals, n, |l, x| {
                let a = l.max_s(s0, x[1], x[2]);
                l.max_s(s0, x[0], a)
            }),
            Mid3 => self.map_n(&vals, n, |l, x| {
                let lo = l.min_s(s0, x[0], x[1]);
                let hi = l.max_s(s0, x[0], x[1]);
                let c = l.min_s(s0, hi, x[2]);
                l.max_s(s0, lo, c)
            }),
            Mix => self.map_n(&vals, n, |l, x| {
                // x * (1 - a) + y * a
                let one = l.fconst(s0, 1.0);
                let inv = l.b.ins().fsub(one, x[2]);
                let p = l.b.ins().fmul(x[0], inv);
                let q = l.b.ins().fmul(x[1], x[2]);
                l.b.ins().fadd(p, q)
            }),
            MixBool => self.map_n(&vals, n, |l, x| l.b.ins().select(x[2], x[1], x[0])),
            Step => {
                let s = self.arg_scalar(args[1]);
                self.map_n(&vals, n, |l, x| {
                    let (zero, one) = (l.fconst(s, 0.0), l.fconst(s, 1.0));
                    let lt = l.b.ins().fcmp(FloatCC::LessThan, x[1], x[0]);
                    l.b.ins().select(lt, zero, one)
                })
            }
            SmoothStep => {
                let s = self.arg_scalar(args[2]);
                self.map_n(&vals, n, |l, x| {
                    let (zero, one, two, three) = (
                        l.fconst(s, 0.0),
                        l.fconst(s, 1.0),
                        l.fconst(s, 2.0),
                        l.fconst(s, 3.0),
                    );
                    let num = l.b.ins().fsub(x[2], x[0]);
                    let den = l.b.ins().fsub(x[1], x[0]);
                    let t = l.b.ins().fdiv(num, den);
                    let t = l.fmax(t, zero);
                    let t = l.fmin(t, one);
                    let tt = l.b.ins().fmul(t, t);
                    let k = l.b.ins().fmul(two, t);
                    let k = l.b.ins().fsub(three, k);
                    l.b.ins().fmul(tt, k)
                })
            }
            IsNan => self.map_n(&vals, n, |l, x| {
                l.b.ins().fcmp(FloatCC::Unordered, x[0], x[0])
            }),
            IsInf => self.map_n(&vals, n, |l, x| {
                let a = l.b.ins().fabs(x[0]);
                let inf = l.fconst(s0, f64::INFINITY);
                l.b.ins().fcmp(FloatCC::Equal, a, inf)
            }),
            FloatBitsToInt | FloatBitsToUint => self.map_n(&vals, n, |l, x| {
                l.b.ins().bitcast(types::I32, MemFlagsData::new(), x[0])
            }),
            IntBitsToFloat | UintBitsToFloat => self.map_n(&vals, n, |l, x| {
                l.b.ins().bitcast(types::F32, MemFlagsData::new(), x[0])
            }),
            Fma => self.map_n(&vals, n, |l, x| l.b.ins().fma(x[0], x[1], x[2])),
            Ldexp => {
                let f = if s0 == Scalar::Double {
                    Libcall::LdexpF64
                } else {
                    Libcall::LdexpF32
                };
                self.map_n(&vals, n, |l, x| l.libcall(f, &[x[0], x[1]])[0])
            }
            PackUnorm2x16 | PackSnorm2x16 | PackHalf2x16 => {
                let f = match fun {
                    PackUnorm2x16 => Libcall::PackUnorm2x16,
                    PackSnorm2x16 => Libcall::PackSnorm2x16,
                    _ => Libcall::PackHalf2x16,
                };
                let v = &vals[0];
                Val::Comps(self.libcall(f, &[v[0], v[1]]))
            }
            PackUnorm4x8 | PackSnorm4x8 => {
                let f = if fun == PackUnorm4x8 {
                    Libcall::PackUnorm4x8
                } else {
                    Libcall::PackSnorm4x8
                };
                let v = &vals[0];
                Val::Comps(self.libcall(f, &[v[0], v[1], v[2], v[3]]))
            }
            UnpackUnorm2x16 | UnpackSnorm2x16 | UnpackHalf2x16 | UnpackUnorm4x8
            | UnpackSnorm4x8 => {
                let f = match fun {
                    UnpackUnorm2x16 => Libcall::UnpackUnorm2x16,
                    UnpackSnorm2x16 => Libcall::UnpackSnorm2x16,
                    UnpackHalf2x16 => Libcall::UnpackHalf2x16,
                    UnpackUnorm4x8 => Libcall::UnpackUnorm4x8,
                    _ => Libcall::UnpackSnorm4x8,
                };
                let p = vals[0][0];
                Val::Comps(
                    (0..n)
                        .map(|i| {
                            let iv = self.b.ins().iconst(types::I32, i as i64);
                            self.libcall(f, &[p, iv])[0]
                        })
                        .collect(),
                )
            }
            PackDouble2x32 => {
                let v = &vals[0];
                let lo = self.b.ins().uextend(types::I64, v[0]);
                let hi = self.b.ins().uextend(types::I64, v[1]);
                let hi = self.b.ins().ishl_imm_s(hi, 32);
                let bits = self.b.ins().bor(lo, hi);
                Val::Comps(vec![self.b.ins().bitcast(
                    types::F64,
                    MemFlagsData::new(),
                    bits,
                )])
            }
            // GL_ARB_shader_group_vote: a sub-group is one invocation, so a vote is its
            // own value, and every invocation of a sub-group agrees with itself.
            AnyInvocation | AllInvocations => Val::Comps(vals[0].clone()),
            AllInvocationsEqual => Val::Comps(vec![self.b.ins().iconst(types::I8, 1)]),
            // GL_ARB_gpu_shader_int64: bit casts and 2x32 packing (x is the low half).
            DoubleBitsToInt64 | DoubleBitsToUint64 => self.map_n(&vals, n, |l, x| {
                l.b.ins().bitcast(types::I64, MemFlagsData::new(), x[0])
            }),
            Int64BitsToDouble | Uint64BitsToDouble => self.map_n(&vals, n, |l, x| {
                l.b.ins().bitcast(types::F64, MemFlagsData::new(), x[0])
            }),
            PackInt2x32 | PackUint2x32 => {
                let v = &vals[0];
                let lo = self.b.ins().uextend(types::I64, v[0]);
                let hi = self.b.ins().uextend(types::I64, v[1]);
                let hi = self.b.ins().ishl_imm_s(hi, 32);
                Val::Comps(vec![self.b.ins().bor(lo, hi)])
            }
            UnpackInt2x32 | UnpackUint2x32 => {
                let bits = vals[0][0];
                let lo = self.b.ins().ireduce(types::I32, bits);
                let hi = self.b.ins().ushr_imm_s(bits, 32);
                let hi = self.b.ins().ireduce(types::I32, hi);
                Val::Comps(vec![lo, hi])
            }
            UnpackDouble2x32 => {
                let bits = self
                    .b
                    .ins()
                    .bitcast(types::I64, MemFlagsData::new(), vals[0][0]);
                let lo = self.b.ins().ireduce(types::I32, bits);
                let hi = self.b.ins().ushr_imm_s(bits, 32);
                let hi = self.b.ins().ireduce(types::I32, hi);
                Val::Comps(vec![lo, hi])
            }
            Length => {
                let d = self.dot(&vals[0], &vals[0]);
                Val::Comps(vec![self.b.ins().sqrt(d)])
            }
            Distance => {
                let diff: Vec<Value> = vals[0]
                    .iter()
                    .zip(&vals[1])
                    .map(|(&a, &b)| self.b.ins().fsub(a, b))
                    .collect();
                let d = self.dot(&diff, &diff);
                Val::Comps(vec![self.b.ins().sqrt(d)])
            }
            Dot => Val::Comps(vec![self.dot(&vals[0], &vals[1])]),
            Cross => {
                let (a, b) = (&vals[0], &vals[1]);
                let mut out = Vec::new();
                for (i, j) in [(1, 2), (2, 0), (0, 1)] {
                    let p = self.b.ins().fmul(a[i], b[j]);
                    let q = self.b.ins().fmul(a[j], b[i]);
                    out.push(self.b.ins().fsub(p, q));
                }
                Val::Comps(out)
            }
            Normalize => {
                let d = self.dot(&vals[0], &vals[0]);
                let len = self.b.ins().sqrt(d);
                let x = vals[0].clone();
                Val::Comps(x.into_iter().map(|v| self.b.ins().fdiv(v, len)).collect())
            }
            FaceForward => {
                // dot(Nref, I) < 0 ? N : -N
                let d = self.dot(&vals[2], &vals[1]);
                let zero = self.fconst(s0, 0.0);
                let neg = self.b.ins().fcmp(FloatCC::LessThan, d, zero);
                let nv = vals[0].clone();
                Val::Comps(
                    nv.into_iter()
                        .map(|v| {
                            let m = self.b.ins().fneg(v);
                            self.b.ins().select(neg, v, m)
                        })
                        .collect(),
                )
            }
            Reflect => {
                // I - 2 * dot(N, I) * N
                let (i, nn) = (vals[0].clone(), vals[1].clone());
                let d = self.dot(&nn, &i);
                let two = self.fconst(s0, 2.0);
                let k = self.b.ins().fmul(two, d);
                Val::Comps(
                    i.iter()
                        .zip(&nn)
                        .map(|(&a, &b)| {
                            let p = self.b.ins().fmul(k, b);
                            self.b.ins().fsub(a, p)
                        })
                        .collect(),
                )
            }
            Refract => {
                // k = 1 - eta^2 (1 - dot(N,I)^2); k < 0 ? 0 : eta*I - (eta*dot(N,I) + sqrt(k))*N
                let (i, nn, eta) = (vals[0].clone(), vals[1].clone(), vals[2][0]);
                let eta = if self.b.func.dfg.value_type(eta) != self.b.func.dfg.value_type(i[0]) {
                    self.b.ins().fpromote(types::F64, eta)
                } else {
                    eta
                };
                let d = self.dot(&nn, &i);
                let one = self.fconst(s0, 1.0);
                let zero = self.fconst(s0, 0.0);
                let dd = self.b.ins().fmul(d, d);
                let t = self.b.ins().fsub(one, dd);
                let e2 = self.b.ins().fmul(eta, eta);
                let t = self.b.ins().fmul(e2, t);
                let k = self.b.ins().fsub(one, t);
                let neg = self.b.ins().fcmp(FloatCC::LessThan, k, zero);
                let sk = self.b.ins().sqrt(k);
                let ed = self.b.ins().fmul(eta, d);
                let coef = self.b.ins().fadd(ed, sk);
                Val::Comps(
                    i.iter()
                        .zip(&nn)
                        .map(|(&a, &b)| {
                            let p = self.b.ins().fmul(eta, a);
                            let q = self.b.ins().fmul(coef, b);
                            let r = self.b.ins().fsub(p, q);
                            self.b.ins().select(neg, zero, r)
                        })
                        .collect(),
                )
            }
            MatrixCompMult => self.map_n(&vals, n, |l, x| l.b.ins().fmul(x[0], x[1])),
            OuterProduct => {
                // c (rows) * r^T (cols): column j = c * r[j].
                let (c, r) = (vals[0].clone(), vals[1].clone());
                let mut out = Vec::new();
                for &rj in &r {
                    for &ci in &c {
                        out.push(self.b.ins().fmul(ci, rj));
                    }
                }
                Val::Comps(out)
            }
            Transpose => {
                let at = self.cur_fn().expr(args[0]).ty;
                let Type::Matrix { cols, rows, .. } = self.env.m.types.get(at).clone() else {
                    return Err("internal: transpose of a non-matrix".into());
                };
                let m = &vals[0];
                let mut out = Vec::new();
                // Result has `rows` columns of `cols` components.
                for r in 0..rows as usize {
                    for c in 0..cols as usize {
                        out.push(m[c * rows as usize + r]);
                    }
                }
                Val::Comps(out)
            }
            Determinant | Inverse => {
                let m = vals[0].clone();
                let dim = (m.len() as f64).sqrt() as u32;
                let t = cl_type(s0);
                let p = self.matrix_to_stack(&m, t);
                let nv = self.b.ins().iconst(types::I32, dim as i64);
                if fun == Determinant {
                    let f = if s0 == Scalar::Double {
                        Libcall::DeterminantF64
                    } else {
                        Libcall::DeterminantF32
                    };
                    Val::Comps(self.libcall(f, &[p, nv]))
                } else {
                    let f = if s0 == Scalar::Double {
                        Libcall::InverseF64
                    } else {
                        Libcall::InverseF32
                    };
                    self.libcall(f, &[p, nv]);
                    let size = t.bytes() as i32;
                    Val::Comps(
                        (0..m.len() as i32)
                            .map(|i| self.b.ins().load(t, mf(), p, i * size))
                            .collect(),
                    )
                }
            }
            LessThan | LessThanEqual | GreaterThan | GreaterThanEqual | Equal | NotEqual => {
                let op = match fun {
                    LessThan => BinaryOp::Less,
                    LessThanEqual => BinaryOp::LessEqual,
                    GreaterThan => BinaryOp::Greater,
                    GreaterThanEqual => BinaryOp::GreaterEqual,
                    Equal => BinaryOp::Equal,
                    _ => BinaryOp::NotEqual,
                };
                let s = if s0 == Scalar::Bool { Scalar::Uint } else { s0 };
                self.map_n(&vals, n, |l, x| l.scalar_op(op, s, x[0], x[1]))
            }
            Any | All => {
                let v = vals[0].clone();
                let mut acc = v[0];
                for &x in &v[1..] {
                    acc = if fun == Any {
                        self.b.ins().bor(acc, x)
                    } else {
                        self.b.ins().band(acc, x)
                    };
                }
                Val::Comps(vec![acc])
            }
            Not => self.map_n(&vals, n, |l, x| l.b.ins().bxor_imm_s(x[0], 1)),
            BitfieldExtract => {
                self.map_n(&vals, n, |l, x| l.bitfield_extract(s0, x[0], x[1], x[2]))
            }
            BitfieldInsert => {
                self.map_n(&vals, n, |l, x| l.bitfield_insert(x[0], x[1], x[2], x[3]))
            }
            BitfieldReverse => self.map_n(&vals, n, |l, x| l.b.ins().bitrev(x[0])),
            BitCount => self.map_n(&vals, n, |l, x| l.b.ins().popcnt(x[0])),
            FindLsb => self.map_n(&vals, n, |l, x| {
                let tz = l.b.ins().ctz(x[0]);
                let zero = l.b.ins().icmp_imm_s(IntCC::Equal, x[0], 0);
                let m1 = l.b.ins().iconst(types::I32, -1);
                l.b.ins().select(zero, m1, tz)
            }),
            FindMsb => self.map_n(&vals, n, |l, x| {
                // For negative ints, the highest 0 bit: the msb of the complement.
                let v = if s0 == Scalar::Int {
                    let neg = l.b.ins().icmp_imm_s(IntCC::SignedLessThan, x[0], 0);
                    let inv = l.b.ins().bnot(x[0]);
                    l.b.ins().select(neg, inv, x[0])
                } else {
                    x[0]
                };
                let lz = l.b.ins().clz(v);
                let k = l.b.ins().iconst(types::I32, 31);
                // clz(0) = 32 gives -1.
                l.b.ins().isub(k, lz)
            }),
            _ => return Err(format!("internal: built-in {fun:?} has no lowering")),
        })
    }

    fn bitfield_extract(&mut self, s: Scalar, value: Value, offset: Value, bits: Value) -> Value {
        let zero = self.b.ins().iconst(types::I32, 0);
        let is_zero = self.b.ins().icmp_imm_s(IntCC::Equal, bits, 0);
        let r = if s == Scalar::Int {
            // (value << (32 - offset - bits)) >> (32 - bits), arithmetic.
            let t = self.b.ins().iconst(types::I32, 32);
            let l1 = self.b.ins().isub(t, offset);
            let l1 = self.b.ins().isub(l1, bits);
            let sh = self.b.ins().ishl(value, l1);
            let r1 = self.b.ins().isub(t, bits);
            self.b.ins().sshr(sh, r1)
        } else {
            let sh = self.b.ins().ushr(value, offset);
            let all = self.b.ins().iconst(types::I32, -1);
            let t = self.b.ins().iconst(types::I32, 32);
            let k = self.b.ins().isub(t, bits);
            let mask = self.b.ins().ushr(all, k);
            self.b.ins().band(sh, mask)
        };
        self.b.ins().select(is_zero, zero, r)
    }

    fn bitfield_insert(&mut self, base: Value, insert: Value, offset: Value, bits: Value) -> Value {
        let all = self.b.ins().iconst(types::I32, -1);
        let t = self.b.ins().iconst(types::I32, 32);
        let k = self.b.ins().isub(t, bits);
        let low = self.b.ins().ushr(all, k);
        let zero = self.b.ins().iconst(types::I32, 0);
        let is_zero = self.b.ins().icmp_imm_s(IntCC::Equal, bits, 0);
        let low = self.b.ins().select(is_zero, zero, low);
        let mask = self.b.ins().ishl(low, offset);
        let keep = self.b.ins().band_not(base, mask);
        let ins_sh = self.b.ins().ishl(insert, offset);
        let put = self.b.ins().band(ins_sh, mask);
        self.b.ins().bor(keep, put)
    }

    /// Atomic memory functions on buffer and shared variables (GLSL 4.60 §8.11): real
    /// atomic instructions; out-of-range buffer operands do nothing and return zero.
    fn atomic(&mut self, fun: Builtin, args: &[ExprId]) -> R<Val> {
        let r: MemRef = self.mem_operand(args[0])?;
        let s = self.arg_scalar(args[0]);
        let d = self.arg(args[1])?[0];
        let cmp_data = if fun == Builtin::AtomicCompSwap {
            Some(self.arg(args[2])?[0])
        } else {
            None
        };
        if s == Scalar::Float {
            return self.float_atomic(fun, &r, d, cmp_data);
        }
        let ty = cl_type(s);
        let local = r.group_local;
        self.guarded_atomic(&r, ty, |l, addr| {
            let signed = s.is_signed_int();
            Ok(match fun {
                Builtin::AtomicCompSwap => {
                    let (compare, data) = (d, cmp_data.expect("data"));
                    l.cas(local, addr, compare, data)
                }
                _ => {
                    let op = match fun {
                        Builtin::AtomicAdd => AtomicRmwOp::Add,
                        Builtin::AtomicMin if signed => AtomicRmwOp::Smin,
                        Builtin::AtomicMin => AtomicRmwOp::Umin,
                        Builtin::AtomicMax if signed => AtomicRmwOp::Smax,
                        Builtin::AtomicMax => AtomicRmwOp::Umax,
                        Builtin::AtomicAnd => AtomicRmwOp::And,
                        Builtin::AtomicOr => AtomicRmwOp::Or,
                        Builtin::AtomicXor => AtomicRmwOp::Xor,
                        Builtin::AtomicCounterSubtract => AtomicRmwOp::Sub,
                        _ => AtomicRmwOp::Xchg,
                    };
                    l.rmw(local, ty, op, addr, d)
                }
            })
        })
    }

    /// A read-modify-write of the `ty` at `addr`, returning the old value: an atomic
    /// instruction, or for group-local memory ([`MemRef::group_local`]) a load and a
    /// store, which no other thread can interleave with.
    fn rmw(&mut self, local: bool, ty: ClType, op: AtomicRmwOp, addr: Value, d: Value) -> Value {
        if !local {
            return self.b.ins().atomic_rmw(ty, mf(), op, addr, d);
        }
        let old = self.b.ins().load(ty, mf(), addr, 0);
        let ins = self.b.ins();
        let new = match op {
            AtomicRmwOp::Add => ins.iadd(old, d),
            AtomicRmwOp::Sub => ins.isub(old, d),
            AtomicRmwOp::And => ins.band(old, d),
            AtomicRmwOp::Nand => {
                let a = ins.band(old, d);
                self.b.ins().bnot(a)
            }
            AtomicRmwOp::Or => ins.bor(old, d),
            AtomicRmwOp::Xor => ins.bxor(old, d),
            AtomicRmwOp::Smin => ins.smin(old, d),
            AtomicRmwOp::Umin => ins.umin(old, d),
            AtomicRmwOp::Smax => ins.smax(old, d),
            AtomicRmwOp::Umax => ins.umax(old, d),
            AtomicRmwOp::Xchg => d,
        };
        self.b.ins().store(mf(), new, addr, 0);
        old
    }

    /// Compare-and-swap at `addr`, returning the old value; group-local memory as in
    /// [`Self::rmw`].
    fn cas(&mut self, local: bool, addr: Value, compare: Value, data: Value) -> Value {
        if !local {
            return self.b.ins().atomic_cas(mf(), addr, compare, data);
        }
        let ty = self.b.func.dfg.value_type(compare);
        let old = self.b.ins().load(ty, mf(), addr, 0);
        let eq = self.b.ins().icmp(IntCC::Equal, old, compare);
        let new = self.b.ins().select(eq, data, old);
        self.b.ins().store(mf(), new, addr, 0);
        old
    }

    /// Atomics on float memory (GL_NV_shader_atomic_float, GL_INTEL_shader_atomic_float_
    /// minmax) on the value's bits: exchange and compare-swap directly (compare-swap
    /// compares bits), add, min and max as a compare-and-swap loop. min and max return
    /// the number when one operand is NaN (IEEE 754 minNum/maxNum).
    fn float_atomic(
        &mut self,
        fun: Builtin,
        r: &MemRef,
        d: Value,
        cmp_data: Option<Value>,
    ) -> R<Val> {
        let bits = |l: &mut Self, v: Value| l.b.ins().bitcast(types::I32, MemFlagsData::new(), v);
        let db = bits(self, d);
        let cb = cmp_data.map(|c| bits(self, c));
        let local = r.group_local;
        // The bits `fun` stores over the old bits `cur`: add, min or max.
        let update = |l: &mut Self, cur: Value| {
            let x = l.b.ins().bitcast(types::F32, MemFlagsData::new(), cur);
            let new = match fun {
                Builtin::AtomicAdd => l.b.ins().fadd(x, d),
                _ => {
                    let cc = if fun == Builtin::AtomicMin {
                        FloatCC::LessThan
                    } else {
                        FloatCC::GreaterThan
                    };
                    let better = l.b.ins().fcmp(cc, d, x);
                    let x_nan = l.b.ins().fcmp(FloatCC::Unordered, x, x);
                    let take = l.b.ins().bor(better, x_nan);
                    l.b.ins().select(take, d, x)
                }
            };
            l.b.ins().bitcast(types::I32, MemFlagsData::new(), new)
        };
        let old = self.guarded_atomic(r, types::I32, |l, addr| {
            Ok(match fun {
                Builtin::AtomicExchange => l.rmw(local, types::I32, AtomicRmwOp::Xchg, addr, db),
                Builtin::AtomicCompSwap => l.cas(local, addr, db, cb.expect("compSwap data")),
                _ if local => {
                    let cur = l.b.ins().load(types::I32, mf(), addr, 0);
                    let nb = update(l, cur);
                    l.b.ins().store(mf(), nb, addr, 0);
                    cur
                }
                _ => {
                    let first = l.b.ins().atomic_load(types::I32, mf(), addr);
                    let (lp, done) = (l.b.create_block(), l.b.create_block());
                    let cur = l.b.append_block_param(lp, types::I32);
                    let result = l.b.append_block_param(done, types::I32);
                    l.b.ins().jump(lp, &[first.into()]);
                    l.b.switch_to_block(lp);
                    let nb = update(l, cur);
                    let seen = l.b.ins().atomic_cas(mf(), addr, cur, nb);
                    let ok = l.b.ins().icmp(IntCC::Equal, seen, cur);
                    l.b.ins().brif(ok, done, &[seen.into()], lp, &[seen.into()]);
                    l.b.seal_block(lp);
                    l.b.switch_to_block(done);
                    l.b.seal_block(done);
                    result
                }
            })
        })?;
        let old = self.scalar(&old);
        Ok(Val::Comps(vec![self.b.ins().bitcast(
            types::F32,
            MemFlagsData::new(),
            old,
        )]))
    }

    /// Runs `op` on the operand's address when its `ty`-sized value is inside its
    /// range; else the result is zero.
    fn guarded_atomic(
        &mut self,
        r: &MemRef,
        ty: ClType,
        op: impl FnOnce(&mut Self, Value) -> R<Value>,
    ) -> R<Val> {
        let addr = self.b.ins().iadd(r.base, r.off);
        let Some(limit) = r.limit else {
            return Ok(Val::Comps(vec![op(self, addr)?]));
        };
        let end = self.b.ins().iadd_imm_s(r.off, ty.bytes() as i64);
        let ok = self
            .b
            .ins()
            .icmp(IntCC::UnsignedLessThanOrEqual, end, limit);
        let var = self.b.declare_var(ty);
        let zero = self.b.ins().iconst(ty, 0);
        self.b.def_var(var, zero);
        let (doit, merge) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, doit, &[], merge, &[]);
        self.b.switch_to_block(doit);
        let v = op(self, addr)?;
        self.b.def_var(var, v);
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(merge);
        Ok(Val::Comps(vec![self.b.use_var(var)]))
    }

    /// Atomic counters (GLSL 4.60 §8.10): increment returns the old value, decrement
    /// the new one.
    fn counter(&mut self, fun: Builtin, arg: ExprId) -> R<Val> {
        let r = self.mem_operand(arg)?;
        self.guarded_atomic(&r, types::I32, |l, addr| {
            Ok(match fun {
                Builtin::AtomicCounterIncrement => {
                    let one = l.b.ins().iconst(types::I32, 1);
                    l.b.ins()
                        .atomic_rmw(types::I32, mf(), AtomicRmwOp::Add, addr, one)
                }
                Builtin::AtomicCounterDecrement => {
                    let one = l.b.ins().iconst(types::I32, 1);
                    let old =
                        l.b.ins()
                            .atomic_rmw(types::I32, mf(), AtomicRmwOp::Sub, addr, one);
                    l.b.ins().isub(old, one)
                }
                _ => l.b.ins().atomic_load(types::I32, mf(), addr),
            })
        })
    }
}
