//! The checker's plain data: qualifiers as written (storage, layout, memory,
//! interpolation), the ranking of implicit conversions, and a stage's use of the
//! gl_PerVertex blocks.

use crate::ir::*;

/// Storage qualifiers as written (GLSL 4.60 §4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StorageQ {
    Const,
    In,
    Out,
    InOut,
    Uniform,
    Buffer,
    Shared,
    /// attribute, varying, patch, sample, centroid, subroutine: not for compute shaders.
    Other(&'static str),
}

/// One `layout(...)` entry: name and its value, if any.
#[derive(Debug, Clone)]
pub(super) struct LayoutId {
    pub name: String,
    pub value: Option<i64>,
    /// The value was given but is not an integral constant expression.
    pub bad_value: bool,
    pub span: Span,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Qualifiers {
    pub storage: Vec<(StorageQ, Span)>,
    pub memory: MemoryQualifiers,
    pub layout: Vec<LayoutId>,
    pub interpolation: Option<(Interpolation, Span)>,
    pub invariant: bool,
    pub precise: bool,
    /// A precision qualifier (highp, mediump, lowp) is given.
    pub precision: bool,
    pub span: Span,
    /// Each `subroutine` qualifier's type names (`subroutine(T1, T2)`; empty for a
    /// plain `subroutine`); a name that is no type name is an error already given.
    pub subroutine: Vec<Vec<String>>,
}

impl Qualifiers {
    pub fn has(&self, s: StorageQ) -> bool {
        self.storage.iter().any(|(q, _)| *q == s)
    }

    pub fn layout_id(&self, name: &str) -> Option<&LayoutId> {
        self.layout.iter().rev().find(|l| l.name == name)
    }

    pub fn any_memory(&self) -> bool {
        let m = self.memory;
        m.coherent || m.volatile || m.restrict || m.readonly || m.writeonly
    }
}

/// Ranking of an implicit conversion for overload resolution (GLSL 4.60 §6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Conversion {
    Exact,
    /// float to double, int to int64_t, uint to uint64_t: GL_ARB_gpu_shader_int64's
    /// rule 2 of §6.1 (GLSL 4.60's names only float to double).
    Widening,
    IntToFloat,
    Other,
}

/// What a shader did with one direction's `gl_PerVertex` block (GLSL 4.60 §7.1.1): a
/// redeclaration must come before any use of its members, only once, and not
/// together with a redeclaration of a member as a plain variable; after it, members it
/// left out do not exist.
#[derive(Debug, Default)]
pub struct PerVertexUse {
    pub used: bool,
    pub redeclared: Option<Vec<String>>,
    pub member_redeclared: bool,
}
