//! What every front end produces and the state layer keeps: the shader stages, a
//! compiled shader (its stage and IR module), and info logs in the form GL drivers
//! use (`0:LINE(COL): error: ...`) at source positions ([`Span`]).

use crate::ir::Module;
use std::fmt;

/// A shader stage (GL 4.6 §7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    Vertex,
    TessControl,
    TessEvaluation,
    Geometry,
    Fragment,
    Compute,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::TessControl => "tessellation control",
            Stage::TessEvaluation => "tessellation evaluation",
            Stage::Geometry => "geometry",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
        }
    }
}

/// An info log under construction: `0:LINE(COL): error: ...` lines.
#[derive(Debug, Default, Clone)]
pub struct Log {
    pub text: String,
    errors: usize,
}

impl Log {
    pub fn error(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.text.push_str(&format!(
            "{}:{}({}): error: {msg}\n",
            span.source, span.line, span.col
        ));
        self.errors += 1;
    }

    pub fn warning(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.text.push_str(&format!(
            "{}:{}({}): warning: {msg}\n",
            span.source, span.line, span.col
        ));
    }

    /// A warning without a source position (link warnings).
    pub fn link_warning(&mut self, msg: impl std::fmt::Display) {
        self.text.push_str(&format!("warning: {msg}\n"));
    }

    /// A problem without a source position (link errors).
    pub fn link_error(&mut self, msg: impl std::fmt::Display) {
        self.text.push_str(&format!("error: {msg}\n"));
        self.errors += 1;
    }

    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }
}

/// A successfully compiled shader object.
#[derive(Debug)]
pub struct CompiledShader {
    pub stage: Stage,
    pub module: Module,
}

/// A position in the source: GL-style (string, line, column), 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Span {
    pub source: u32,
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}({})", self.source, self.line, self.col)
    }
}

/// Runs `f` (a compiler pass) on a thread of its own whose stack holds every
/// recursion of the compiler over a source of `source_len` bytes: MAX_NESTING levels
/// in each pass, and a syntax tree as deep as the source (limits::COMPILER_STACK*).
/// The caller's thread only starts and joins it, so its stack size does not matter.
/// Err (an info log) if the thread cannot be started; a panic in `f` is resumed in the
/// caller.
pub fn on_compiler_stack<T: Send>(
    source_len: usize,
    f: impl FnOnce() -> T + Send,
) -> Result<T, String> {
    let size = source_len
        .saturating_mul(crate::limits::COMPILER_STACK_PER_BYTE)
        .saturating_add(crate::limits::COMPILER_STACK);
    std::thread::scope(|s| {
        let h = std::thread::Builder::new()
            .name("glcompute-cc".into())
            .stack_size(size)
            .spawn_scoped(s, f)
            .map_err(|e| format!("0:0(0): error: the compiler's thread could not start: {e}\n"))?;
        match h.join() {
            Ok(v) => Ok(v),
            Err(p) => std::panic::resume_unwind(p),
        }
    })
}
