//! Shader and program objects (GL 4.6 chapter 7): sources and compile state, link state,
//! the linked executable with its native code, uniform values and block bindings, and
//! the lookups by name in the share group's shader-object namespace.

use crate::backend::{self, Kernel};
use crate::gl::error::GlResult;
use crate::gl_bail;
use crate::glsl::{self, LinkedProgram};
use crate::ir::reflect::Reflection;
use crate::ir::shader::CompiledShader;
use crate::runtime::sync::Mutex;
use crate::state::objects::names::NameTable;
use std::sync::{Arc, OnceLock};

/// The program's mutable interface state: default-block values and block bindings.
/// Reset from the executable's reflection by every successful link.
#[derive(Debug, Clone, Default)]
pub struct UniformState {
    pub data: Vec<u8>,
    pub ubo_bindings: Vec<u32>,
    pub ssbo_bindings: Vec<u32>,
}

impl UniformState {
    pub fn from_reflection(r: &Reflection) -> UniformState {
        UniformState {
            data: r.default_data.clone(),
            ubo_bindings: r.uniform_blocks.iter().map(|b| b.binding).collect(),
            ssbo_bindings: r.storage_blocks.iter().map(|b| b.binding).collect(),
        }
    }
}

pub enum ShaderObject {
    Shader(Arc<Shader>),
    Program(Arc<Program>),
}

pub struct Shader {
    pub name: u32,
    /// SHADER_TYPE: the enum given to CreateShader.
    pub kind: u32,
    pub state: Mutex<ShaderState>,
}

#[derive(Default)]
pub struct ShaderState {
    pub source: Option<String>,
    pub compile_status: bool,
    pub info_log: String,
    pub compiled: Option<Arc<CompiledShader>>,
    /// The source `compiled` was compiled from (program binaries keep it).
    pub compiled_source: Option<String>,
    pub delete_pending: bool,
    /// Programs this shader is attached to; deletion waits until it is zero.
    pub attach_count: u32,
    pub label: Option<String>,
    /// The SPIR-V module ShaderBinary associated with it (SPIR_V_BINARY is TRUE).
    pub spirv: Option<Arc<crate::spirv::Binary>>,
    /// SpecializeShader has succeeded since the module was associated, with this
    /// entry point and these specialization values.
    pub specialized: bool,
    pub specialization: Option<(String, Vec<(u32, u32)>)>,
}

pub struct Program {
    pub name: u32,
    pub state: Mutex<ProgramState>,
}

#[derive(Default)]
pub struct ProgramState {
    pub shaders: Vec<Arc<Shader>>,
    pub link_status: bool,
    pub validate_status: bool,
    pub info_log: String,
    pub separable: bool,
    pub retrievable_hint: bool,
    /// BindAttribLocation bindings (applied to vertex inputs at link; a compute
    /// program has none, but the bindings are kept as GL requires).
    pub attrib_bindings: std::collections::BTreeMap<String, u32>,
    /// BindFragDataLocation(Indexed) bindings: name -> (color number, index), kept for
    /// the fragment outputs of a link (a compute program has none).
    pub frag_bindings: std::collections::BTreeMap<String, (u32, u32)>,
    /// TransformFeedbackVaryings: the names and buffer mode for the next link.
    pub xfb_varyings: (Vec<String>, u32),
    /// TRANSFORM_FEEDBACK_BUFFER_MODE of the last successful link (0: INTERLEAVED).
    pub xfb_linked_mode: u32,
    pub delete_pending: bool,
    /// Current in some context (UseProgram) or attached to pipeline stages; deletion
    /// waits until it is zero (GL 4.6 §7.3).
    pub use_count: u32,
    /// The executable of the last successful link. A failed relink keeps it in use
    /// wherever it is installed (GL 4.6 §7.3) while LINK_STATUS reads FALSE.
    pub executable: Option<Arc<Executable>>,
    /// Uniform values and block bindings of the executable.
    pub uniforms: crate::state::objects::program::UniformState,
    pub label: Option<String>,
    /// Interposed mode: the host's (graphics) shaders attached to this program, which
    /// glcompute took over when a compute shader was attached to it.
    pub foreign_shaders: Vec<u32>,
    /// The stages and sources of the last successful link (its program binary).
    pub linked_sources: Vec<(u32, LinkedSource)>,
}

/// What a shader of a linked program was made from, for its program binary.
#[derive(Clone, Debug)]
pub enum LinkedSource {
    Glsl(String),
    /// A SPIR-V module with the entry point and specialization values it was
    /// specialized with.
    Spirv {
        binary: Arc<crate::spirv::Binary>,
        entry: String,
        constants: Vec<(u32, u32)>,
    },
}

/// A linked program and its native code. A program with a compute shader is compiled
/// to native code as it links ([`Executable::link`]): a kernel whose private variables
/// need more stack than glcompute allows, or whose work groups need more scratch than
/// it allows, fails to link with a log that says so. The code is kept here, in the
/// program object: the front end that linked the program knows nothing of the back end.
pub struct Executable {
    linked: LinkedProgram,
    kernel: OnceLock<Result<Arc<Kernel>, String>>,
}

impl std::ops::Deref for Executable {
    type Target = LinkedProgram;
    fn deref(&self) -> &LinkedProgram {
        &self.linked
    }
}

impl Executable {
    /// The executable of a linked program: a compute program's kernel is compiled now,
    /// and a kernel that cannot run here fails the link with the reason (for the log).
    pub fn link(linked: LinkedProgram) -> Result<Executable, String> {
        let exe = Executable {
            linked,
            kernel: OnceLock::new(),
        };
        if let Some(c) = exe.compute {
            let kernel = exe.kernel()?;
            // A fixed group size's scratch (per-invocation frames and shared memory)
            // is known now; a variable group size's is checked at each dispatch.
            if let Some(size) = c.local_size {
                group_scratch(&kernel, size)?;
            }
        }
        Ok(exe)
    }

    /// The compiled work-group function (compiled once, by [`Executable::link`] for a
    /// compute program, on the compiler's own stack).
    pub fn kernel(&self) -> Result<Arc<Kernel>, String> {
        self.kernel
            .get_or_init(|| {
                let local = self.compute.and_then(|c| c.local_size);
                glsl::on_compiler_stack(0, || {
                    backend::compile(
                        &self.module,
                        &self.reflection,
                        local,
                        backend::Options {
                            check_barriers: crate::config::debug_barriers(),
                            check_bounds: crate::config::debug_bounds(),
                            verify: crate::config::debug_verify(),
                            scalar: crate::config::debug_scalar(),
                            ..backend::Options::default()
                        },
                    )
                    .map(Arc::new)
                })?
            })
            .clone()
    }
}

impl Program {
    pub fn executable(&self) -> Option<Arc<Executable>> {
        self.state.lock().executable.clone()
    }
}

/// The scratch one work group of `local_size` needs (its invocations' frames and its
/// shared memory), or why it exceeds glcompute's limit. Sizes are 32-bit and products
/// are taken in saturating 64-bit arithmetic.
pub fn group_scratch(kernel: &Kernel, local_size: [u32; 3]) -> Result<u64, String> {
    let invocations = local_size
        .iter()
        .fold(1u64, |a, &v| a.saturating_mul(v as u64));
    let scratch = (kernel.frame_stride as u64)
        .saturating_mul(invocations)
        .saturating_add(kernel.shared_size as u64);
    if scratch > crate::limits::MAX_GROUP_SCRATCH {
        return Err(format!(
            "a work group of {invocations} invocations needs {scratch} bytes of shared and per-invocation memory, more than glcompute's limit of {}",
            crate::limits::MAX_GROUP_SCRATCH
        ));
    }
    Ok(scratch)
}

pub type Objects = NameTable<ShaderObject>;

/// The shader called `name`. GL 4.6 §7.1: INVALID_VALUE if it is not a shader or
/// program name, INVALID_OPERATION if it names a program.
pub fn shader_in(table: &Objects, name: u32) -> GlResult<Arc<Shader>> {
    match table.get(name) {
        Some(ShaderObject::Shader(s)) => Ok(s.clone()),
        Some(ShaderObject::Program(_)) => gl_bail!(
            GL_INVALID_OPERATION,
            "{name} is the name of a program object, not a shader object"
        ),
        None => gl_bail!(
            GL_INVALID_VALUE,
            "{name} is not the name of a shader or program object"
        ),
    }
}

/// The program called `name`. GL 4.6 §7.3: INVALID_VALUE if it is not a shader or
/// program name, INVALID_OPERATION if it names a shader.
pub fn program_in(table: &Objects, name: u32) -> GlResult<Arc<Program>> {
    match table.get(name) {
        Some(ShaderObject::Program(p)) => Ok(p.clone()),
        Some(ShaderObject::Shader(_)) => gl_bail!(
            GL_INVALID_OPERATION,
            "{name} is the name of a shader object, not a program object"
        ),
        None => gl_bail!(
            GL_INVALID_VALUE,
            "{name} is not the name of a shader or program object"
        ),
    }
}
