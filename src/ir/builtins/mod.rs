//! The built-in functions a shader may call (GLSL 4.60 chapter 8; the graphics-only
//! ones are checked but never compiled, see `Builtin::only_in_stage`), as concrete
//! overloads: every generic signature (`genType`, `genIType`, `gvec4`, `gimage2D`, ...)
//! expanded. Each overload records the GLSL version that introduced it. The front end
//! resolves calls by name against it; the validator checks each built-in call's types
//! against the overloads of its function ([`signatures`]).

pub mod overload;
mod textures;

pub use overload::{COMPATIBILITY_ONLY, Overload, Ty};

use crate::ir::builtins::overload::{EXTENSION_ONLY, INT64_ONLY, Table, fixed, gen_fns};
use crate::ir::{Builtin, Scalar};
use Scalar::{
    Bool as B, Double as D, Float as F, Int as I, Int64 as I64, Uint as U, Uint64 as U64,
};
use std::collections::HashMap;
use std::sync::OnceLock;

fn build() -> Table {
    use Builtin::*;
    let mut t = Table::new();
    let fd = [F, D];
    // 8.1 angle and trigonometry (float only).
    for (name, fun) in [
        ("radians", Radians),
        ("degrees", Degrees),
        ("sin", Sin),
        ("cos", Cos),
        ("tan", Tan),
        ("asin", Asin),
        ("acos", Acos),
        ("atan", Atan),
        ("sinh", Sinh),
        ("cosh", Cosh),
        ("tanh", Tanh),
        ("asinh", Asinh),
        ("acosh", Acosh),
        ("atanh", Atanh),
        ("exp", Exp),
        ("log", Log),
        ("exp2", Exp2),
        ("log2", Log2),
    ] {
        gen_fns(&mut t, name, fun, &[F], 1..=4, "g g", 110);
    }
    gen_fns(&mut t, "atan", Atan2, &[F], 1..=4, "g g g", 110);
    gen_fns(&mut t, "pow", Pow, &[F], 1..=4, "g g g", 110);
    gen_fns(&mut t, "sqrt", Sqrt, &fd, 1..=4, "g g", 110);
    gen_fns(&mut t, "inversesqrt", InverseSqrt, &fd, 1..=4, "g g", 110);
    // 8.3 common.
    gen_fns(&mut t, "abs", Abs, &[F, D, I], 1..=4, "g g", 110);
    gen_fns(&mut t, "sign", Sign, &[F, D, I], 1..=4, "g g", 110);
    for (name, fun) in [
        ("floor", Floor),
        ("trunc", Trunc),
        ("round", Round),
        ("roundEven", RoundEven),
        ("ceil", Ceil),
        ("fract", Fract),
    ] {
        gen_fns(&mut t, name, fun, &fd, 1..=4, "g g", 110);
    }
    gen_fns(&mut t, "mod", Mod, &fd, 1..=4, "g g s", 110);
    gen_fns(&mut t, "mod", Mod, &fd, 2..=4, "g g g", 110);
    gen_fns(&mut t, "modf", Modf, &fd, 1..=4, "g g out:g", 130);
    for (name, fun) in [("min", Min), ("max", Max)] {
        gen_fns(&mut t, name, fun, &[F, D, I, U], 1..=4, "g g g", 110);
        gen_fns(&mut t, name, fun, &[F, D, I, U], 2..=4, "g g s", 110);
    }
    gen_fns(&mut t, "clamp", Clamp, &[F, D, I, U], 1..=4, "g g g g", 110);
    gen_fns(&mut t, "clamp", Clamp, &[F, D, I, U], 2..=4, "g g s s", 110);
    // AMD_shader_trinary_minmax (no GLSL version has them: the extension enables them).
    for (name, fun) in [("min3", Min3), ("max3", Max3), ("mid3", Mid3)] {
        gen_fns(&mut t, name, fun, &[F, I, U], 1..=4, "g g g g", u16::MAX);
    }
    gen_fns(&mut t, "mix", Mix, &fd, 1..=4, "g g g g", 110);
    gen_fns(&mut t, "mix", Mix, &fd, 2..=4, "g g g s", 110);
    gen_fns(&mut t, "mix", MixBool, &fd, 1..=4, "g g g gb", 130);
    gen_fns(&mut t, "mix", MixBool, &[I, U, B], 1..=4, "g g g gb", 450);
    gen_fns(&mut t, "step", Step, &fd, 1..=4, "g g g", 110);
    gen_fns(&mut t, "step", Step, &fd, 2..=4, "g s g", 110);
    gen_fns(&mut t, "smoothstep", SmoothStep, &fd, 1..=4, "g g g g", 110);
    gen_fns(&mut t, "smoothstep", SmoothStep, &fd, 2..=4, "g s s g", 110);
    gen_fns(&mut t, "isnan", IsNan, &fd, 1..=4, "gb g", 130);
    gen_fns(&mut t, "isinf", IsInf, &fd, 1..=4, "gb g", 130);
    gen_fns(
        &mut t,
        "floatBitsToInt",
        FloatBitsToInt,
        &[F],
        1..=4,
        "gi g",
        330,
    );
    gen_fns(
        &mut t,
        "floatBitsToUint",
        FloatBitsToUint,
        &[F],
        1..=4,
        "gu g",
        330,
    );
    gen_fns(
        &mut t,
        "intBitsToFloat",
        IntBitsToFloat,
        &[I],
        1..=4,
        "gf g",
        330,
    );
    gen_fns(
        &mut t,
        "uintBitsToFloat",
        UintBitsToFloat,
        &[U],
        1..=4,
        "gf g",
        330,
    );
    gen_fns(&mut t, "fma", Fma, &fd, 1..=4, "g g g g", 400);
    gen_fns(&mut t, "frexp", Frexp, &fd, 1..=4, "g g out:gi", 400);
    gen_fns(&mut t, "ldexp", Ldexp, &fd, 1..=4, "g g gi", 400);
    // 8.4 packing.
    let vec = |s, n| Ty::Vec(s, n);
    fixed(
        &mut t,
        "packUnorm2x16",
        PackUnorm2x16,
        vec(U, 1),
        &[vec(F, 2)],
        400,
    );
    fixed(
        &mut t,
        "packSnorm2x16",
        PackSnorm2x16,
        vec(U, 1),
        &[vec(F, 2)],
        420,
    );
    fixed(
        &mut t,
        "packUnorm4x8",
        PackUnorm4x8,
        vec(U, 1),
        &[vec(F, 4)],
        400,
    );
    fixed(
        &mut t,
        "packSnorm4x8",
        PackSnorm4x8,
        vec(U, 1),
        &[vec(F, 4)],
        400,
    );
    fixed(
        &mut t,
        "unpackUnorm2x16",
        UnpackUnorm2x16,
        vec(F, 2),
        &[vec(U, 1)],
        400,
    );
    fixed(
        &mut t,
        "unpackSnorm2x16",
        UnpackSnorm2x16,
        vec(F, 2),
        &[vec(U, 1)],
        420,
    );
    fixed(
        &mut t,
        "unpackUnorm4x8",
        UnpackUnorm4x8,
        vec(F, 4),
        &[vec(U, 1)],
        400,
    );
    fixed(
        &mut t,
        "unpackSnorm4x8",
        UnpackSnorm4x8,
        vec(F, 4),
        &[vec(U, 1)],
        400,
    );
    fixed(
        &mut t,
        "packHalf2x16",
        PackHalf2x16,
        vec(U, 1),
        &[vec(F, 2)],
        420,
    );
    fixed(
        &mut t,
        "unpackHalf2x16",
        UnpackHalf2x16,
        vec(F, 2),
        &[vec(U, 1)],
        420,
    );
    fixed(
        &mut t,
        "packDouble2x32",
        PackDouble2x32,
        vec(D, 1),
        &[vec(U, 2)],
        400,
    );
    fixed(
        &mut t,
        "unpackDouble2x32",
        UnpackDouble2x32,
        vec(U, 2),
        &[vec(D, 1)],
        400,
    );
    // GL_ARB_gpu_shader_int64 (enabled by the extension only, as no GLSL version has
    // it; see `Overload::uses_int64`).
    let x = INT64_ONLY;
    gen_fns(&mut t, "abs", Abs, &[I64], 1..=4, "g g", x);
    gen_fns(&mut t, "sign", Sign, &[I64], 1..=4, "g g", x);
    for (name, fun) in [("min", Min), ("max", Max)] {
        gen_fns(&mut t, name, fun, &[I64, U64], 1..=4, "g g g", x);
        gen_fns(&mut t, name, fun, &[I64, U64], 2..=4, "g g s", x);
    }
    gen_fns(&mut t, "clamp", Clamp, &[I64, U64], 1..=4, "g g g g", x);
    gen_fns(&mut t, "clamp", Clamp, &[I64, U64], 2..=4, "g g s s", x);
    gen_fns(&mut t, "mix", MixBool, &[I64, U64], 1..=4, "g g g gb", x);
    for (name, fun) in [
        ("lessThan", LessThan),
        ("lessThanEqual", LessThanEqual),
        ("greaterThan", GreaterThan),
        ("greaterThanEqual", GreaterThanEqual),
        ("equal", Equal),
        ("notEqual", NotEqual),
    ] {
        gen_fns(&mut t, name, fun, &[I64, U64], 2..=4, "gb g g", x);
    }
    gen_fns(
        &mut t,
        "doubleBitsToInt64",
        DoubleBitsToInt64,
        &[I64],
        1..=4,
        "g gd",
        x,
    );
    gen_fns(
        &mut t,
        "doubleBitsToUint64",
        DoubleBitsToUint64,
        &[U64],
        1..=4,
        "g gd",
        x,
    );
    gen_fns(
        &mut t,
        "int64BitsToDouble",
        Int64BitsToDouble,
        &[I64],
        1..=4,
        "gd g",
        x,
    );
    gen_fns(
        &mut t,
        "uint64BitsToDouble",
        Uint64BitsToDouble,
        &[U64],
        1..=4,
        "gd g",
        x,
    );
    fixed(
        &mut t,
        "packInt2x32",
        PackInt2x32,
        vec(I64, 1),
        &[vec(I, 2)],
        x,
    );
    fixed(
        &mut t,
        "packUint2x32",
        PackUint2x32,
        vec(U64, 1),
        &[vec(U, 2)],
        x,
    );
    fixed(
        &mut t,
        "unpackInt2x32",
        UnpackInt2x32,
        vec(I, 2),
        &[vec(I64, 1)],
        x,
    );
    fixed(
        &mut t,
        "unpackUint2x32",
        UnpackUint2x32,
        vec(U, 2),
        &[vec(U64, 1)],
        x,
    );
    // GL_ARB_shader_clock (clockARB also needs GL_ARB_gpu_shader_int64).
    fixed(&mut t, "clock2x32ARB", Clock2x32, vec(U, 2), &[], x);
    fixed(&mut t, "clockARB", Clock, vec(U64, 1), &[], x);
    // 8.5 geometric.
    gen_fns(&mut t, "length", Length, &fd, 1..=4, "s g", 110);
    gen_fns(&mut t, "distance", Distance, &fd, 1..=4, "s g g", 110);
    gen_fns(&mut t, "dot", Dot, &fd, 1..=4, "s g g", 110);
    gen_fns(&mut t, "cross", Cross, &fd, 3..=3, "g g g", 110);
    gen_fns(&mut t, "normalize", Normalize, &fd, 1..=4, "g g", 110);
    gen_fns(
        &mut t,
        "faceforward",
        FaceForward,
        &fd,
        1..=4,
        "g g g g",
        110,
    );
    gen_fns(&mut t, "reflect", Reflect, &fd, 1..=4, "g g g", 110);
    gen_fns(&mut t, "refract", Refract, &fd, 1..=4, "g g g s", 110);
    // 8.6 matrix functions.
    for s in fd {
        for c in 2..=4u8 {
            for r in 2..=4u8 {
                let m = Ty::Mat(s, c, r);
                fixed(&mut t, "matrixCompMult", MatrixCompMult, m, &[m, m], 110);
                fixed(
                    &mut t,
                    "outerProduct",
                    OuterProduct,
                    m,
                    &[vec(s, r), vec(s, c)],
                    120,
                );
                fixed(&mut t, "transpose", Transpose, Ty::Mat(s, r, c), &[m], 120);
            }
            let sq = Ty::Mat(s, c, c);
            fixed(&mut t, "determinant", Determinant, vec(s, 1), &[sq], 150);
            fixed(&mut t, "inverse", Inverse, sq, &[sq], 140);
        }
    }
    // 8.7 vector relational.
    for (name, fun) in [
        ("lessThan", LessThan),
        ("lessThanEqual", LessThanEqual),
        ("greaterThan", GreaterThan),
        ("greaterThanEqual", GreaterThanEqual),
    ] {
        gen_fns(&mut t, name, fun, &[F, D, I, U], 2..=4, "gb g g", 110);
    }
    gen_fns(
        &mut t,
        "equal",
        Equal,
        &[F, D, I, U, B],
        2..=4,
        "gb g g",
        110,
    );
    gen_fns(
        &mut t,
        "notEqual",
        NotEqual,
        &[F, D, I, U, B],
        2..=4,
        "gb g g",
        110,
    );
    gen_fns(&mut t, "any", Any, &[B], 2..=4, "b g", 110);
    gen_fns(&mut t, "all", All, &[B], 2..=4, "b g", 110);
    gen_fns(&mut t, "not", Not, &[B], 2..=4, "g g", 110);
    // 8.8 integer functions.
    gen_fns(
        &mut t,
        "uaddCarry",
        UaddCarry,
        &[U],
        1..=4,
        "g g g out:g",
        400,
    );
    gen_fns(
        &mut t,
        "usubBorrow",
        UsubBorrow,
        &[U],
        1..=4,
        "g g g out:g",
        400,
    );
    gen_fns(
        &mut t,
        "umulExtended",
        UmulExtended,
        &[U],
        1..=4,
        "v g g out:g out:g",
        400,
    );
    gen_fns(
        &mut t,
        "imulExtended",
        ImulExtended,
        &[I],
        1..=4,
        "v g g out:g out:g",
        400,
    );
    gen_fns(
        &mut t,
        "bitfieldExtract",
        BitfieldExtract,
        &[I, U],
        1..=4,
        "g g i i",
        400,
    );
    gen_fns(
        &mut t,
        "bitfieldInsert",
        BitfieldInsert,
        &[I, U],
        1..=4,
        "g g g i i",
        400,
    );
    gen_fns(
        &mut t,
        "bitfieldReverse",
        BitfieldReverse,
        &[I, U],
        1..=4,
        "g g",
        400,
    );
    gen_fns(&mut t, "bitCount", BitCount, &[I, U], 1..=4, "gi g", 400);
    gen_fns(&mut t, "findLSB", FindLsb, &[I, U], 1..=4, "gi g", 400);
    gen_fns(&mut t, "findMSB", FindMsb, &[I, U], 1..=4, "gi g", 400);
    // 8.10 atomic counters, 8.11 atomic memory functions.
    let au = Ty::AtomicUint;
    fixed(
        &mut t,
        "atomicCounterIncrement",
        AtomicCounterIncrement,
        vec(U, 1),
        &[au],
        420,
    );
    fixed(
        &mut t,
        "atomicCounterDecrement",
        AtomicCounterDecrement,
        vec(U, 1),
        &[au],
        420,
    );
    fixed(
        &mut t,
        "atomicCounter",
        AtomicCounter,
        vec(U, 1),
        &[au],
        420,
    );
    for (name, fun) in [
        ("atomicAdd", AtomicAdd),
        ("atomicMin", AtomicMin),
        ("atomicMax", AtomicMax),
        ("atomicAnd", AtomicAnd),
        ("atomicOr", AtomicOr),
        ("atomicXor", AtomicXor),
        ("atomicExchange", AtomicExchange),
    ] {
        gen_fns(&mut t, name, fun, &[I, U], 1..=1, "s inout:s s", 420);
    }
    gen_fns(
        &mut t,
        "atomicCompSwap",
        AtomicCompSwap,
        &[I, U],
        1..=1,
        "s inout:s s s",
        420,
    );
    // Float atomics of GL_NV_shader_atomic_float (add, exchange) and
    // GL_INTEL_shader_atomic_float_minmax (min, max, exchange, compare-swap); see
    // Overload::float_atomic_ext.
    for (name, fun) in [
        ("atomicAdd", AtomicAdd),
        ("atomicMin", AtomicMin),
        ("atomicMax", AtomicMax),
        ("atomicExchange", AtomicExchange),
    ] {
        gen_fns(
            &mut t,
            name,
            fun,
            &[F],
            1..=1,
            "s inout:s s",
            EXTENSION_ONLY,
        );
    }
    gen_fns(
        &mut t,
        "atomicCompSwap",
        AtomicCompSwap,
        &[F],
        1..=1,
        "s inout:s s s",
        EXTENSION_ONLY,
    );
    // GL_NV_shader_atomic_int64 (with GL_ARB_gpu_shader_int64).
    for (name, fun) in [
        ("atomicAdd", AtomicAdd),
        ("atomicMin", AtomicMin),
        ("atomicMax", AtomicMax),
        ("atomicAnd", AtomicAnd),
        ("atomicOr", AtomicOr),
        ("atomicXor", AtomicXor),
        ("atomicExchange", AtomicExchange),
    ] {
        gen_fns(
            &mut t,
            name,
            fun,
            &[I64, U64],
            1..=1,
            "s inout:s s",
            EXTENSION_ONLY,
        );
    }
    gen_fns(
        &mut t,
        "atomicCompSwap",
        AtomicCompSwap,
        &[I64, U64],
        1..=1,
        "s inout:s s s",
        EXTENSION_ONLY,
    );
    // GL_ARB_shader_group_vote, and GLSL 4.60 §8.18 under their core names.
    for (name, fun) in [
        ("anyInvocationARB", AnyInvocation),
        ("allInvocationsARB", AllInvocations),
        ("allInvocationsEqualARB", AllInvocationsEqual),
    ] {
        fixed(&mut t, name, fun, vec(B, 1), &[vec(B, 1)], EXTENSION_ONLY);
        let core = name.trim_end_matches("ARB");
        fixed(&mut t, core, fun, vec(B, 1), &[vec(B, 1)], 460);
    }
    // GLSL 4.60 §8.10's atomic counter operations (GL_ARB_shader_atomic_counter_ops,
    // with an ARB suffix): the atomic memory functions on a counter.
    for (name, fun) in [
        ("atomicCounterAdd", AtomicAdd),
        ("atomicCounterSubtract", AtomicCounterSubtract),
        ("atomicCounterMin", AtomicMin),
        ("atomicCounterMax", AtomicMax),
        ("atomicCounterAnd", AtomicAnd),
        ("atomicCounterOr", AtomicOr),
        ("atomicCounterXor", AtomicXor),
        ("atomicCounterExchange", AtomicExchange),
    ] {
        fixed(&mut t, name, fun, vec(U, 1), &[au, vec(U, 1)], 460);
        let arb: &'static str = Box::leak(format!("{name}ARB").into_boxed_str());
        fixed(
            &mut t,
            arb,
            fun,
            vec(U, 1),
            &[au, vec(U, 1)],
            EXTENSION_ONLY,
        );
    }
    let cs = [au, vec(U, 1), vec(U, 1)];
    fixed(
        &mut t,
        "atomicCounterCompSwap",
        AtomicCompSwap,
        vec(U, 1),
        &cs,
        460,
    );
    fixed(
        &mut t,
        "atomicCounterCompSwapARB",
        AtomicCompSwap,
        vec(U, 1),
        &cs,
        EXTENSION_ONLY,
    );
    textures::add(&mut t);
    t
}

/// The overloads of the built-in function `name`, if it is one.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(build)
}

pub fn overloads(name: &str) -> Option<&'static [Overload]> {
    table().get(name).map(|v| v.as_slice())
}

/// Every overload of a built-in function, whatever its GLSL name.
pub fn signatures(fun: Builtin) -> &'static [&'static Overload] {
    static BY_FUN: OnceLock<HashMap<Builtin, Vec<&'static Overload>>> = OnceLock::new();
    BY_FUN
        .get_or_init(|| {
            let mut m: HashMap<Builtin, Vec<&'static Overload>> = HashMap::new();
            for ov in table().values().flatten() {
                m.entry(ov.fun).or_default().push(ov);
            }
            m
        })
        .get(&fun)
        .map(|v| v.as_slice())
        .unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_has_the_families() {
        assert_eq!(overloads("sin").unwrap().len(), 4);
        // float, double, int, uint (and int64_t, uint64_t): 4 sizes with a vector second
        // argument, 3 with a scalar one.
        assert_eq!(overloads("min").unwrap().len(), 16 + 12 + 8 + 6);
        assert!(overloads("imageStore").unwrap().len() >= 33);
        assert_eq!(overloads("inverse").unwrap().len(), 6);
        assert_eq!(overloads("outerProduct").unwrap().len(), 18);
        assert!(overloads("noSuchFunction").is_none());
    }
}
