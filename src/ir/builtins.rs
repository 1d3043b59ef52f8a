//! The built-in functions a shader may call (GLSL 4.60 chapter 8; the graphics-only
//! ones are checked but never compiled, see `Builtin::only_in_stage`), as concrete
//! overloads: every generic signature (`genType`, `genIType`, `gvec4`, `gimage2D`, ...)
//! expanded. Each overload records the GLSL version that introduced it. The front end
//! resolves calls by name against it; the validator checks each built-in call's types
//! against the overloads of its function ([`signatures`]).

use crate::ir::{Builtin, Dim, Opaque, ParamDir, Scalar};
use std::collections::HashMap;
use std::sync::OnceLock;

/// A type in a signature (independent of any module's type table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ty {
    Void,
    Vec(Scalar, u8),
    Mat(Scalar, u8, u8),
    Image(Opaque),
    Sampler(Opaque),
    AtomicUint,
}

impl Ty {
    /// Whether this signature type is the module type `id`.
    pub fn is(self, types: &crate::ir::Types, id: crate::ir::TypeId) -> bool {
        use crate::ir::Type;
        match (self, types.get(id)) {
            (Ty::Void, Type::Void) => true,
            (Ty::Vec(s, 1), Type::Scalar(x)) => s == *x,
            (Ty::Vec(s, n), Type::Vector(x, m)) => s == *x && n == *m,
            (Ty::Mat(s, c, r), Type::Matrix { scalar, cols, rows }) => {
                s == *scalar && c == *cols && r == *rows
            }
            (Ty::Image(o), Type::Image(p)) => o == *p,
            (Ty::Sampler(o), Type::Sampler(p)) => o == *p,
            (Ty::AtomicUint, Type::AtomicUint) => true,
            _ => false,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Overload {
    pub fun: Builtin,
    pub ret: Ty,
    pub params: Vec<(Ty, ParamDir)>,
    pub min_version: u16,
}

use Scalar::{
    Bool as B, Double as D, Float as F, Int as I, Int64 as I64, Uint as U, Uint64 as U64,
};

type Table = HashMap<&'static str, Vec<Overload>>;

/// `min_version` of overloads that only an extension enables.
const EXTENSION_ONLY: u16 = u16::MAX;
/// `min_version` of the texture functions GLSL 1.40 removed from the core language
/// (`texture2D`, ...): shaders before GLSL 1.40 or of the compatibility profile have
/// them (the front end decides).
pub const COMPATIBILITY_ONLY: u16 = u16::MAX - 1;
const INT64_ONLY: u16 = EXTENSION_ONLY;

impl Overload {
    /// Whether a 64-bit integer type appears in the signature (such overloads need
    /// GL_ARB_gpu_shader_int64).
    pub fn uses_int64(&self) -> bool {
        let is64 = |t: &Ty| matches!(t, Ty::Vec(s, _) if s.is_int64());
        is64(&self.ret) || self.params.iter().any(|(t, _)| is64(t))
    }

    /// An atomic on 64-bit integer memory (GL_NV_shader_atomic_int64).
    pub fn int64_atomic(&self) -> bool {
        use Builtin::*;
        matches!(
            self.fun,
            AtomicAdd
                | AtomicMin
                | AtomicMax
                | AtomicAnd
                | AtomicOr
                | AtomicXor
                | AtomicExchange
                | AtomicCompSwap
        ) && matches!(self.params.first(), Some((Ty::Vec(s, 1), _)) if s.is_int64())
    }

    /// For an atomic on float memory or a float image, the extensions that enable it
    /// (any one).
    pub fn float_atomic_ext(&self) -> Option<&'static [&'static str]> {
        use Builtin::*;
        if self.ret != Ty::Vec(Scalar::Float, 1) {
            return None;
        }
        const NV: &str = "GL_NV_shader_atomic_float";
        const INTEL: &str = "GL_INTEL_shader_atomic_float_minmax";
        match self.fun {
            AtomicAdd | ImageAtomicAdd => Some(&[NV]),
            AtomicExchange | ImageAtomicExchange => Some(&[NV, INTEL]),
            AtomicMin | AtomicMax | AtomicCompSwap | ImageAtomicMin | ImageAtomicMax
            | ImageAtomicCompSwap => Some(&[INTEL]),
            _ => None,
        }
    }
}

fn push(
    t: &mut Table,
    name: &'static str,
    fun: Builtin,
    ret: Ty,
    params: Vec<(Ty, ParamDir)>,
    v: u16,
) {
    t.entry(name).or_default().push(Overload {
        fun,
        ret,
        params,
        min_version: v,
    });
}

/// Expands a compact signature over scalar families and vector sizes. Tokens, return
/// type first: `g` genType of the family (size n), `s` the family scalar, `f i u b d`
/// scalars, `gf gi gu gb gd` size-n vectors of that scalar, `v` void; a parameter may
/// be prefixed `out:` or `inout:`.
fn gen_fns(
    t: &mut Table,
    name: &'static str,
    fun: Builtin,
    fams: &[Scalar],
    sizes: std::ops::RangeInclusive<u8>,
    sig: &str,
    v: u16,
) {
    for &fam in fams {
        for n in sizes.clone() {
            let mut tys = sig.split_whitespace().map(|tok| {
                let (dir, tok) = if let Some(r) = tok.strip_prefix("out:") {
                    (ParamDir::Out, r)
                } else if let Some(r) = tok.strip_prefix("inout:") {
                    (ParamDir::InOut, r)
                } else {
                    (ParamDir::In, tok)
                };
                let ty = match tok {
                    "g" => Ty::Vec(fam, n),
                    "s" => Ty::Vec(fam, 1),
                    "f" => Ty::Vec(F, 1),
                    "i" => Ty::Vec(I, 1),
                    "u" => Ty::Vec(U, 1),
                    "b" => Ty::Vec(B, 1),
                    "d" => Ty::Vec(D, 1),
                    "gf" => Ty::Vec(F, n),
                    "gi" => Ty::Vec(I, n),
                    "gu" => Ty::Vec(U, n),
                    "gb" => Ty::Vec(B, n),
                    "gd" => Ty::Vec(D, n),
                    "v" => Ty::Void,
                    other => panic!("bad signature token {other}"),
                };
                (ty, dir)
            });
            let ret = tys.next().expect("return type").0;
            push(t, name, fun, ret, tys.collect(), v);
        }
    }
}

fn fixed(t: &mut Table, name: &'static str, fun: Builtin, ret: Ty, params: &[Ty], v: u16) {
    push(
        t,
        name,
        fun,
        ret,
        params.iter().map(|&p| (p, ParamDir::In)).collect(),
        v,
    );
}

const ALL_DIMS: [Dim; 11] = [
    Dim::D1,
    Dim::D2,
    Dim::D3,
    Dim::Cube,
    Dim::Rect,
    Dim::Buffer,
    Dim::D1Array,
    Dim::D2Array,
    Dim::CubeArray,
    Dim::D2Ms,
    Dim::D2MsArray,
];

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
    // GL_ARB_shader_group_vote.
    for (name, fun) in [
        ("anyInvocationARB", AnyInvocation),
        ("allInvocationsARB", AllInvocations),
        ("allInvocationsEqualARB", AllInvocationsEqual),
    ] {
        fixed(&mut t, name, fun, vec(B, 1), &[vec(B, 1)], EXTENSION_ONLY);
    }
    // 8.12 image functions.
    for dim in ALL_DIMS {
        for sampled in [F, I, U] {
            let img = Ty::Image(Opaque {
                dim,
                sampled,
                shadow: false,
            });
            let coord = vec(I, dim.coord_size());
            let texel = vec(sampled, 4);
            fixed(
                &mut t,
                "imageSize",
                ImageSize,
                vec(I, dim.size_components()),
                &[img],
                420,
            );
            if dim.is_ms() {
                fixed(
                    &mut t,
                    "imageLoad",
                    ImageLoad,
                    texel,
                    &[img, coord, vec(I, 1)],
                    420,
                );
                fixed(
                    &mut t,
                    "imageStore",
                    ImageStore,
                    Ty::Void,
                    &[img, coord, vec(I, 1), texel],
                    420,
                );
                fixed(&mut t, "imageSamples", ImageSamples, vec(I, 1), &[img], 450);
            } else {
                fixed(&mut t, "imageLoad", ImageLoad, texel, &[img, coord], 420);
                fixed(
                    &mut t,
                    "imageStore",
                    ImageStore,
                    Ty::Void,
                    &[img, coord, texel],
                    420,
                );
            }
            let sample: &[Ty] = if dim.is_ms() { &[vec(I, 1)] } else { &[] };
            if sampled != F {
                let data = vec(sampled, 1);
                for (name, fun) in [
                    ("imageAtomicAdd", ImageAtomicAdd),
                    ("imageAtomicMin", ImageAtomicMin),
                    ("imageAtomicMax", ImageAtomicMax),
                    ("imageAtomicAnd", ImageAtomicAnd),
                    ("imageAtomicOr", ImageAtomicOr),
                    ("imageAtomicXor", ImageAtomicXor),
                    ("imageAtomicExchange", ImageAtomicExchange),
                ] {
                    let mut p = vec![img, coord];
                    p.extend_from_slice(sample);
                    p.push(data);
                    fixed(&mut t, name, fun, data, &p, 420);
                }
                let mut p = vec![img, coord];
                p.extend_from_slice(sample);
                p.extend([data, data]);
                fixed(
                    &mut t,
                    "imageAtomicCompSwap",
                    ImageAtomicCompSwap,
                    data,
                    &p,
                    420,
                );
            } else {
                let mut p = vec![img, coord];
                p.extend_from_slice(sample);
                p.push(vec(F, 1));
                fixed(
                    &mut t,
                    "imageAtomicExchange",
                    ImageAtomicExchange,
                    vec(F, 1),
                    &p,
                    450,
                );
                // GL_NV_shader_atomic_float (add) and GL_INTEL_shader_atomic_float_
                // minmax (min, max, compare-swap) on r32f images.
                for (name, fun) in [
                    ("imageAtomicAdd", ImageAtomicAdd),
                    ("imageAtomicMin", ImageAtomicMin),
                    ("imageAtomicMax", ImageAtomicMax),
                ] {
                    fixed(&mut t, name, fun, vec(F, 1), &p, EXTENSION_ONLY);
                }
                let mut p = vec![img, coord];
                p.extend_from_slice(sample);
                p.extend([vec(F, 1), vec(F, 1)]);
                fixed(
                    &mut t,
                    "imageAtomicCompSwap",
                    ImageAtomicCompSwap,
                    vec(F, 1),
                    &p,
                    EXTENSION_ONLY,
                );
            }
        }
    }
    // 8.9 texture functions usable without derivatives.
    for dim in ALL_DIMS {
        for sampled in [F, I, U] {
            let smp = Ty::Sampler(Opaque {
                dim,
                sampled,
                shadow: false,
            });
            let texel = vec(sampled, 4);
            let size = vec(I, dim.size_components());
            let icoord = vec(I, dim.coord_size());
            let fcoord = vec(F, dim.tex_coord_components());
            let off = dim.offset_components();
            match dim {
                Dim::Buffer => {
                    fixed(&mut t, "textureSize", TextureSize, size, &[smp], 140);
                    fixed(&mut t, "texelFetch", TexelFetch, texel, &[smp, icoord], 140);
                }
                Dim::D2Ms | Dim::D2MsArray => {
                    fixed(&mut t, "textureSize", TextureSize, size, &[smp], 150);
                    fixed(
                        &mut t,
                        "texelFetch",
                        TexelFetch,
                        texel,
                        &[smp, icoord, vec(I, 1)],
                        150,
                    );
                    fixed(
                        &mut t,
                        "textureSamples",
                        TextureSamples,
                        vec(I, 1),
                        &[smp],
                        450,
                    );
                }
                Dim::Rect => {
                    fixed(&mut t, "textureSize", TextureSize, size, &[smp], 140);
                    fixed(&mut t, "texelFetch", TexelFetch, texel, &[smp, icoord], 140);
                    fixed(
                        &mut t,
                        "texelFetchOffset",
                        TexelFetchOffset,
                        texel,
                        &[smp, icoord, vec(I, 2)],
                        140,
                    );
                    fixed(&mut t, "texture", Texture, texel, &[smp, fcoord], 140);
                    fixed(
                        &mut t,
                        "textureOffset",
                        TextureOffset,
                        texel,
                        &[smp, fcoord, vec(I, 2)],
                        140,
                    );
                    fixed(
                        &mut t,
                        "textureGrad",
                        TextureGrad,
                        texel,
                        &[smp, fcoord, vec(F, 2), vec(F, 2)],
                        140,
                    );
                    fixed(
                        &mut t,
                        "textureGather",
                        TextureGather,
                        texel,
                        &[smp, fcoord],
                        400,
                    );
                }
                _ => {
                    fixed(
                        &mut t,
                        "textureSize",
                        TextureSize,
                        size,
                        &[smp, vec(I, 1)],
                        130,
                    );
                    fixed(
                        &mut t,
                        "textureQueryLevels",
                        TextureQueryLevels,
                        vec(I, 1),
                        &[smp],
                        430,
                    );
                    fixed(&mut t, "texture", Texture, texel, &[smp, fcoord], 130);
                    fixed(
                        &mut t,
                        "texture",
                        Texture,
                        texel,
                        &[smp, fcoord, vec(F, 1)],
                        130,
                    );
                    fixed(
                        &mut t,
                        "textureLod",
                        TextureLod,
                        texel,
                        &[smp, fcoord, vec(F, 1)],
                        130,
                    );
                    let grad = vec(
                        F,
                        if dim == Dim::Cube || dim == Dim::CubeArray {
                            3
                        } else {
                            off.max(1)
                        },
                    );
                    fixed(
                        &mut t,
                        "textureGrad",
                        TextureGrad,
                        texel,
                        &[smp, fcoord, grad, grad],
                        130,
                    );
                    if dim != Dim::Cube && dim != Dim::CubeArray {
                        fixed(
                            &mut t,
                            "texelFetch",
                            TexelFetch,
                            texel,
                            &[smp, icoord, vec(I, 1)],
                            130,
                        );
                        let o = vec(I, off);
                        fixed(
                            &mut t,
                            "texelFetchOffset",
                            TexelFetchOffset,
                            texel,
                            &[smp, icoord, vec(I, 1), o],
                            130,
                        );
                        fixed(
                            &mut t,
                            "textureOffset",
                            TextureOffset,
                            texel,
                            &[smp, fcoord, o],
                            130,
                        );
                        fixed(
                            &mut t,
                            "textureLodOffset",
                            TextureLodOffset,
                            texel,
                            &[smp, fcoord, vec(F, 1), o],
                            130,
                        );
                    }
                    if matches!(dim, Dim::D2 | Dim::D2Array | Dim::Cube | Dim::CubeArray) {
                        fixed(
                            &mut t,
                            "textureGather",
                            TextureGather,
                            texel,
                            &[smp, fcoord],
                            400,
                        );
                        fixed(
                            &mut t,
                            "textureGather",
                            TextureGather,
                            texel,
                            &[smp, fcoord, vec(I, 1)],
                            400,
                        );
                    }
                }
            }
        }
        // Shadow samplers: the reference value follows the coordinates.
        if matches!(
            dim,
            Dim::D1
                | Dim::D2
                | Dim::Cube
                | Dim::Rect
                | Dim::D1Array
                | Dim::D2Array
                | Dim::CubeArray
        ) {
            let smp = Ty::Sampler(Opaque {
                dim,
                sampled: F,
                shadow: true,
            });
            let size = vec(I, dim.size_components());
            if dim == Dim::Rect {
                fixed(&mut t, "textureSize", TextureSize, size, &[smp], 140);
            } else {
                fixed(
                    &mut t,
                    "textureSize",
                    TextureSize,
                    size,
                    &[smp, vec(I, 1)],
                    130,
                );
            }
            let n = dim.tex_coord_components();
            if n < 4 {
                // sampler1DShadow uses vec3 (s, unused, ref) for historical reasons.
                let c = vec(F, if dim == Dim::D1 { 3 } else { n + 1 });
                fixed(&mut t, "texture", Texture, vec(F, 1), &[smp, c], 130);
                if dim != Dim::Cube && dim != Dim::Rect && dim != Dim::D2Array {
                    fixed(
                        &mut t,
                        "textureLod",
                        TextureLod,
                        vec(F, 1),
                        &[smp, c, vec(F, 1)],
                        130,
                    );
                }
            } else {
                fixed(
                    &mut t,
                    "texture",
                    Texture,
                    vec(F, 1),
                    &[smp, vec(F, 4), vec(F, 1)],
                    130,
                );
            }
        }
    }
    // GLSL 1.20 §8.7's texture functions (compatibility profile since GLSL 1.40): the
    // same lookups as texture() and textureLod() on float samplers.
    for (dim, n, suffix) in [
        (Dim::D1, 1, "1D"),
        (Dim::D2, 2, "2D"),
        (Dim::D3, 3, "3D"),
        (Dim::Cube, 3, "Cube"),
    ] {
        let smp = Ty::Sampler(Opaque {
            dim,
            sampled: F,
            shadow: false,
        });
        let texel = vec(F, 4);
        let name: &'static str = match suffix {
            "1D" => "texture1D",
            "2D" => "texture2D",
            "3D" => "texture3D",
            _ => "textureCube",
        };
        let lod: &'static str = match suffix {
            "1D" => "texture1DLod",
            "2D" => "texture2DLod",
            "3D" => "texture3DLod",
            _ => "textureCubeLod",
        };
        let c = vec(F, n);
        fixed(&mut t, name, Texture, texel, &[smp, c], COMPATIBILITY_ONLY);
        fixed(
            &mut t,
            name,
            Texture,
            texel,
            &[smp, c, vec(F, 1)],
            COMPATIBILITY_ONLY,
        );
        fixed(
            &mut t,
            lod,
            TextureLod,
            texel,
            &[smp, c, vec(F, 1)],
            COMPATIBILITY_ONLY,
        );
    }
    // 8.14 derivatives and 8.13 interpolation (fragment shaders only), 8.15 geometry
    // shader functions: checked in graphics stages, never compiled.
    for (name, fun, v) in [
        ("dFdx", Dfdx, 110),
        ("dFdy", Dfdy, 110),
        ("fwidth", Fwidth, 110),
        ("dFdxFine", DfdxFine, 450),
        ("dFdyFine", DfdyFine, 450),
        ("fwidthFine", FwidthFine, 450),
        ("dFdxCoarse", DfdxCoarse, 450),
        ("dFdyCoarse", DfdyCoarse, 450),
        ("fwidthCoarse", FwidthCoarse, 450),
    ] {
        gen_fns(&mut t, name, fun, &[F], 1..=4, "g g", v);
    }
    gen_fns(
        &mut t,
        "interpolateAtCentroid",
        InterpolateAtCentroid,
        &[F],
        1..=4,
        "g g",
        400,
    );
    gen_fns(
        &mut t,
        "interpolateAtSample",
        InterpolateAtSample,
        &[F],
        1..=4,
        "g g i",
        400,
    );
    for n in 1..=4 {
        fixed(
            &mut t,
            "interpolateAtOffset",
            InterpolateAtOffset,
            vec(F, n),
            &[vec(F, n), vec(F, 2)],
            400,
        );
    }
    fixed(&mut t, "EmitVertex", EmitVertex, Ty::Void, &[], 150);
    fixed(&mut t, "EndPrimitive", EndPrimitive, Ty::Void, &[], 150);
    fixed(
        &mut t,
        "EmitStreamVertex",
        EmitStreamVertex,
        Ty::Void,
        &[vec(I, 1)],
        400,
    );
    fixed(
        &mut t,
        "EndStreamPrimitive",
        EndStreamPrimitive,
        Ty::Void,
        &[vec(I, 1)],
        400,
    );
    // 8.16 shader invocation control, 8.17 memory control.
    fixed(&mut t, "barrier", Barrier, Ty::Void, &[], 150);
    fixed(&mut t, "memoryBarrier", MemoryBarrier, Ty::Void, &[], 420);
    fixed(
        &mut t,
        "memoryBarrierAtomicCounter",
        MemoryBarrierAtomicCounter,
        Ty::Void,
        &[],
        430,
    );
    fixed(
        &mut t,
        "memoryBarrierBuffer",
        MemoryBarrierBuffer,
        Ty::Void,
        &[],
        430,
    );
    fixed(
        &mut t,
        "memoryBarrierShared",
        MemoryBarrierShared,
        Ty::Void,
        &[],
        430,
    );
    fixed(
        &mut t,
        "memoryBarrierImage",
        MemoryBarrierImage,
        Ty::Void,
        &[],
        430,
    );
    fixed(
        &mut t,
        "groupMemoryBarrier",
        GroupMemoryBarrier,
        Ty::Void,
        &[],
        430,
    );
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
