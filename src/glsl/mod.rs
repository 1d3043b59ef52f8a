//! The GLSL front end: preprocesses and parses shader sources with glsl-lang
//! ([`parse`]), checks them into the typed IR ([`sema`]), and links the shaders of a
//! program into one module with its interface reflected ([`link`], split by concern:
//! import, compute, graphics, subroutines). Only compute programs go on to the back end. It reports
//! problems as info logs in the form GL drivers use (`0:LINE(COL): error: ...`). It is
//! called by the state layer (CompileShader, LinkProgram) and builds on the IR layer
//! (its passes, validator, uniformity analysis and reflection); it never calls the back
//! end (tests/layers.rs checks the imports). Every pass runs on the compiler's own
//! thread ([`on_compiler_stack`]). The built-in functions' signatures are the IR's
//! (`ir::builtins`): the validator checks calls against them too.

pub mod accepts;
pub mod link;
pub mod parse;
pub mod sema;
mod words;

use crate::glsl::accepts::Accepts;
use crate::ir::Span;
use crate::ir::shader::{CompiledShader, Log, Stage};
use std::sync::Arc;

pub use crate::ir::reflect::{Named, Resource};
pub use link::LinkedProgram;
pub use link::compute::ComputeInfo;
pub use link::graphics::{GraphicsInfo, IoResource, XfbBuffer, XfbVarying};
pub use link::import::LinkOptions;
pub use link::subroutines::{StageSubroutines, SubroutineUniformInfo};

/// Compiles one shader. Ok carries the compiled shader and its (warnings-only) log; Err
/// carries the info log.
pub fn compile(stage: Stage, source: &str) -> Result<(CompiledShader, String), String> {
    compile_accepting(stage, source, &Accepts::default())
}

/// [`compile`], for a context that accepts `accepts`.
pub fn compile_accepting(
    stage: Stage,
    source: &str,
    accepts: &Accepts,
) -> Result<(CompiledShader, String), String> {
    if source.len() > crate::limits::MAX_SOURCE_BYTES {
        return Err(format!(
            "0:1(1): error: the shader source is {} bytes long, more than glcompute's limit of {} bytes\n",
            source.len(),
            crate::limits::MAX_SOURCE_BYTES
        ));
    }
    on_compiler_stack(source.len(), || {
        let mut log = Log::default();
        let Some((unit, dirs, map)) = parse::parse(source, &mut log, accepts) else {
            return Err(log.text);
        };
        let (module, mut log) = sema::check(&unit, &dirs, &map, log, stage);
        let nesting = module.types.max_nesting();
        if nesting > crate::limits::MAX_TYPE_NESTING {
            log.error(
                Span {
                    source: 0,
                    line: 1,
                    col: 1,
                },
                format!(
                    "types are nested {nesting} levels deep (arrays of arrays, structs in structs), more than glcompute's limit of {}",
                    crate::limits::MAX_TYPE_NESTING
                ),
            );
        }
        // The syntax tree is dropped here, on the compiler's stack: dropping it recurses
        // once per level of nesting, however deep the source makes it.
        drop(unit);
        // Debug builds check the IR after the front end's passes too (link always does).
        if cfg!(debug_assertions)
            && !log.has_errors()
            && let Err(errors) = crate::ir::validate::validate(&module)
        {
            panic!("the front end built malformed IR: {errors:?}");
        }
        if log.has_errors() {
            Err(log.text)
        } else {
            Ok((CompiledShader { stage, module }, log.text))
        }
    })?
}

pub use crate::ir::shader::on_compiler_stack;

/// Links the shaders of a program: `(name, stage, compiled or None)` per attached
/// shader. Ok carries the executable and its log; Err the info log.
pub fn link(
    shaders: &[(u32, Stage, Option<Arc<CompiledShader>>)],
    core: bool,
) -> Result<(LinkedProgram, String), String> {
    link_with(
        shaders,
        &LinkOptions {
            core,
            ..LinkOptions::default()
        },
    )
}

/// [`link`] with the program's settings and bindings.
pub fn link_with(
    shaders: &[(u32, Stage, Option<Arc<CompiledShader>>)],
    opts: &LinkOptions,
) -> Result<(LinkedProgram, String), String> {
    on_compiler_stack(0, || link::link(shaders, opts))?
}
