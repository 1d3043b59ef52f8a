//! Built-in function overloads and how the table of them is built: signature types,
//! the version or extension that makes an overload available, and the expansion of a
//! generic signature (`genType`, `gvec4`, ...) into concrete overloads.

use crate::ir::{Builtin, Dim, Opaque, ParamDir, Scalar};
use std::collections::HashMap;

pub use Scalar::{
    Bool as B, Double as D, Float as F, Int as I, Int64 as I64, Uint as U, Uint64 as U64,
};

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

pub type Table = HashMap<&'static str, Vec<Overload>>;

/// `min_version` of overloads that only an extension enables.
pub const EXTENSION_ONLY: u16 = u16::MAX;

/// `min_version` of the texture functions GLSL 1.40 removed from the core language
/// (`texture2D`, ...): shaders before GLSL 1.40 or of the compatibility profile have
/// them (the front end decides).
pub const COMPATIBILITY_ONLY: u16 = u16::MAX - 1;

pub const INT64_ONLY: u16 = EXTENSION_ONLY;

impl Overload {
    /// Whether a 64-bit integer type appears in the signature (such overloads need
    /// GL_ARB_gpu_shader_int64).
    pub fn uses_int64(&self) -> bool {
        let is64 = |t: &Ty| matches!(t, Ty::Vec(s, _) if s.is_int64());
        is64(&self.ret) || self.params.iter().any(|(t, _)| is64(t))
    }

    /// An atomic on 64-bit integer memory (GL_NV_shader_atomic_int64).
    pub fn int64_atomic(&self) -> bool {
        self.fun.class() == crate::ir::BuiltinClass::Atomic
            && matches!(self.params.first(), Some((Ty::Vec(s, 1), _)) if s.is_int64())
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

pub fn push(
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
pub fn gen_fns(
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

pub fn fixed(t: &mut Table, name: &'static str, fun: Builtin, ret: Ty, params: &[Ty], v: u16) {
    push(
        t,
        name,
        fun,
        ret,
        params.iter().map(|&p| (p, ParamDir::In)).collect(),
        v,
    );
}

pub const ALL_DIMS: [Dim; 11] = [
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
