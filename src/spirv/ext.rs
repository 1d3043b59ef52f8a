//! The GLSL.std.450 extended instructions (the SPIR-V Extended Instructions for GLSL,
//! version 1.0) as the IR's GLSL built-ins. The instruction numbers are that
//! document's; an instruction states its operands' signedness (SAbs, UMin, FindSMsb),
//! which becomes conversions around the GLSL built-in.

use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::function::*;
use crate::spirv::module::{Def, ExtSet};

/// How an extended instruction's operands are converted before the built-in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Args {
    /// As they are.
    Same,
    /// Integers as signed.
    Signed,
    /// Integers as unsigned.
    Unsigned,
}

/// The built-in and operand rule of extended instruction `n`.
fn lookup(n: u32) -> Option<(Builtin, Args)> {
    use Args::*;
    use Builtin::*;
    Some(match n {
        1 => (Round, Same),
        2 => (RoundEven, Same),
        3 => (Trunc, Same),
        4 => (Abs, Same),
        5 => (Abs, Signed),
        6 => (Sign, Same),
        7 => (Sign, Signed),
        8 => (Floor, Same),
        9 => (Ceil, Same),
        10 => (Fract, Same),
        11 => (Radians, Same),
        12 => (Degrees, Same),
        13 => (Sin, Same),
        14 => (Cos, Same),
        15 => (Tan, Same),
        16 => (Asin, Same),
        17 => (Acos, Same),
        18 => (Atan, Same),
        19 => (Sinh, Same),
        20 => (Cosh, Same),
        21 => (Tanh, Same),
        22 => (Asinh, Same),
        23 => (Acosh, Same),
        24 => (Atanh, Same),
        25 => (Atan2, Same),
        26 => (Pow, Same),
        27 => (Exp, Same),
        28 => (Log, Same),
        29 => (Exp2, Same),
        30 => (Log2, Same),
        31 => (Sqrt, Same),
        32 => (InverseSqrt, Same),
        33 => (Determinant, Same),
        34 => (Inverse, Same),
        35 => (Modf, Same),
        37 => (Min, Same),
        38 => (Min, Unsigned),
        39 => (Min, Signed),
        40 => (Max, Same),
        41 => (Max, Unsigned),
        42 => (Max, Signed),
        43 => (Clamp, Same),
        44 => (Clamp, Unsigned),
        45 => (Clamp, Signed),
        46 => (Mix, Same),
        48 => (Step, Same),
        49 => (SmoothStep, Same),
        50 => (Fma, Same),
        51 => (Frexp, Same),
        53 => (Ldexp, Same),
        54 => (PackSnorm4x8, Same),
        55 => (PackUnorm4x8, Same),
        56 => (PackSnorm2x16, Same),
        57 => (PackUnorm2x16, Same),
        58 => (PackHalf2x16, Same),
        59 => (PackDouble2x32, Unsigned),
        60 => (UnpackSnorm2x16, Same),
        61 => (UnpackUnorm2x16, Same),
        62 => (UnpackHalf2x16, Same),
        63 => (UnpackSnorm4x8, Same),
        64 => (UnpackUnorm4x8, Same),
        65 => (UnpackDouble2x32, Same),
        66 => (Length, Same),
        67 => (Distance, Same),
        68 => (Cross, Same),
        69 => (Normalize, Same),
        70 => (FaceForward, Same),
        71 => (Reflect, Same),
        72 => (Refract, Same),
        73 => (FindLsb, Same),
        74 => (FindMsb, Signed),
        75 => (FindMsb, Unsigned),
        // NMin, NMax, NClamp: the non-NaN operand, which GLSL's min, max and clamp
        // give in glcompute too.
        79 => (Min, Same),
        80 => (Max, Same),
        81 => (Clamp, Same),
        _ => return None,
    })
}

/// SPV_AMD_shader_trinary_minmax's instructions (1-9: FMin3, UMin3, SMin3, FMax3,
/// UMax3, SMax3, FMid3, UMid3, SMid3) as GLSL's min3, max3, mid3.
fn trinary(n: u32) -> Option<(Builtin, Args)> {
    use Args::*;
    if !(1..=9).contains(&n) {
        return None;
    }
    let fun = match (n - 1) / 3 {
        0 => Builtin::Min3,
        1 => Builtin::Max3,
        _ => Builtin::Mid3,
    };
    let rule = match (n - 1) % 3 {
        0 => Same,
        1 => Unsigned,
        _ => Signed,
    };
    Some((fun, rule))
}

impl<'l, 'm, 'a> FnLower<'l, 'm, 'a> {
    /// ModfStruct (36) and FrexpStruct (52): the struct of both results, through a
    /// temporary for the part GLSL's modf and frexp write through a pointer.
    fn struct_result(&mut self, inst: &Inst<'a>, rt: TypeId, n: u32) -> SpvResult<ExprId> {
        let Type::Struct(sid) = self.l.out.types.get(rt).clone() else {
            return Err(inst.err("ModfStruct or FrexpStruct whose result is not a struct"));
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
        let [first, second] = members[..] else {
            return Err(inst.err("ModfStruct or FrexpStruct whose result is not a struct of two"));
        };
        let x = self.value(inst.word(4)?)?;
        let fun = if n == 36 {
            Builtin::Modf
        } else {
            Builtin::Frexp
        };
        let out_ty = if n == 36 {
            second
        } else {
            let t = self.ty_of(x);
            self.types().with_scalar(t, Scalar::Int)
        };
        let tmp = self.new_local(out_ty, format!("_{}_out", inst.word(1)?));
        let place = self.add(ExprKind::Local(tmp), out_ty);
        let r = self.builtin(fun, vec![x, place])?;
        let r = self.cast_to(r, first)?;
        // The call writes `tmp` before the struct reads it: a sequence, in order.
        let rtmp = self.new_local(first, format!("_{}_r", inst.word(1)?));
        let rplace = self.add(ExprKind::Local(rtmp), first);
        let assign = self.add(
            ExprKind::Assign {
                place: rplace,
                op: None,
                value: r,
            },
            first,
        );
        let rread = self.add(ExprKind::Local(rtmp), first);
        let read = self.add(ExprKind::Local(tmp), out_ty);
        let read = self.cast_to(read, second)?;
        let compose = self.add(ExprKind::Compose(vec![rread, read]), rt);
        Ok(self.add(
            ExprKind::Sequence {
                first: assign,
                second: compose,
            },
            rt,
        ))
    }

    pub fn ext_inst(&mut self, inst: &Inst<'a>, rt: TypeId) -> SpvResult<ExprId> {
        let set = match self.m.defs.get(&inst.word(2)?) {
            Some(Def::ExtImport { set }) => *set,
            _ => {
                return Err(inst.err("an extended instruction of an id that is no OpExtInstImport"));
            }
        };
        let n = inst.word(3)?;
        let found = match set {
            ExtSet::GlslStd450 => lookup(n),
            ExtSet::TrinaryMinMax => trinary(n),
            ExtSet::Other => {
                return Err(inst.err("an extended instruction of a set glcompute does not know"));
            }
        };
        if set == ExtSet::GlslStd450 && (n == 36 || n == 52) {
            return self.struct_result(inst, rt, n);
        }
        let Some((fun, rule)) = found else {
            return Err(inst.err(format!("extended instruction {n} is not supported")));
        };
        let ids = inst.rest(4).to_vec();
        let mut args = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            // modf and frexp write their second operand through a pointer.
            if matches!(fun, Builtin::Modf | Builtin::Frexp) && i == 1 {
                let p = self.ptr(id)?;
                let mut e = self.place(&p)?;
                if fun == Builtin::Frexp {
                    let t = self.ty_of(e);
                    if self.l.out.types.scalar_of(t) != Some(Scalar::Int) {
                        return Err(inst.err("frexp's exponent must be a signed integer"));
                    }
                    e = self.cast(e, Scalar::Int);
                }
                args.push(e);
                continue;
            }
            let mut e = self.value(id)?;
            let t = self.ty_of(e);
            if let Some(s) = self.l.out.types.scalar_of(t)
                && s.is_integer()
            {
                let to = match (rule, s) {
                    (Args::Signed, Scalar::Uint) => Scalar::Int,
                    (Args::Signed, Scalar::Uint64) => Scalar::Int64,
                    (Args::Unsigned, Scalar::Int) => Scalar::Uint,
                    (Args::Unsigned, Scalar::Int64) => Scalar::Uint64,
                    // ldexp's exponent is an int.
                    _ if fun == Builtin::Ldexp && i == 1 => Scalar::Int,
                    _ => s,
                };
                e = self.cast(e, to);
            }
            args.push(e);
        }
        let e = self.builtin(fun, args)?;
        self.cast_to(e, rt)
    }
}
