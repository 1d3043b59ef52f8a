//! The GLSL.std.450 extended instructions (the SPIR-V Extended Instructions for GLSL,
//! version 1.0) as the IR's GLSL built-ins. The instruction numbers are that
//! document's; an instruction states its operands' signedness (SAbs, UMin, FindSMsb),
//! which becomes conversions around the GLSL built-in.

use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::function::*;
use crate::spirv::module::Def;

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

impl<'l, 'm, 'a> FnLower<'l, 'm, 'a> {
    pub fn ext_inst(&mut self, inst: &Inst<'a>, rt: TypeId) -> SpvResult<ExprId> {
        let set = inst.word(2)?;
        if !matches!(
            self.m.defs.get(&set),
            Some(Def::ExtImport { glsl_std_450: true })
        ) {
            return Err(inst.err("an extended instruction of a set other than GLSL.std.450"));
        }
        let n = inst.word(3)?;
        let Some((fun, rule)) = lookup(n) else {
            return Err(inst.err(format!("GLSL.std.450 instruction {n} is not supported")));
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
