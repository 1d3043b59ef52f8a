//! Shader and program objects (GL 4.6 chapter 7): sources, compilation and linking
//! through the GLSL front end, attachment with deferred deletion, and the queries. A
//! linked compute program's native code, compiled by the back end when it links (so its
//! stack need is checked at link, and its scratch need too for a fixed group size; a
//! variable group size's is checked at each dispatch), is kept here with it
//! ([`Executable`]).
//! Programs and shaders share one namespace in the share group.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::glsl::{self, LinkedProgram};
use crate::ir::shader::{CompiledShader, Stage};
use crate::runtime::sync::Mutex;
use crate::state::context::ContextState;
use crate::state::objects::program::{
    Executable, LinkedSource, Program, ProgramState, Shader, ShaderObject, ShaderState, program_in,
    shader_in,
};
use crate::state::objects::share_group::ShareGroup;
use std::sync::Arc;

/// The transform feedback varyings a linked program records.
fn xfb_varyings(e: &LinkedProgram) -> &[glsl::XfbVarying] {
    e.graphics.as_ref().map(|g| g.xfb.as_slice()).unwrap_or(&[])
}

/// The active attributes of a program: its vertex shader's inputs.
fn attributes(e: &LinkedProgram) -> &[glsl::IoResource] {
    match &e.graphics {
        Some(g) if e.stages.first() == Some(&Stage::Vertex) => &g.inputs,
        _ => &[],
    }
}

/// A linked stage's layout declarations.
fn stage_layout(exe: Option<&Executable>, s: Stage) -> crate::ir::StageLayout {
    exe.and_then(|e| e.graphics.as_ref())
        .and_then(|g| g.layout(s))
        .cloned()
        .unwrap_or_default()
}

/// The GL enum of a layout qualifier name (GL 4.6 §7.13's answers).
fn layout_enum(name: Option<&str>) -> u32 {
    match name {
        Some("points") => GL_POINTS,
        Some("lines") => GL_LINES,
        Some("lines_adjacency") => GL_LINES_ADJACENCY,
        Some("triangles") => GL_TRIANGLES,
        Some("triangles_adjacency") => GL_TRIANGLES_ADJACENCY,
        Some("line_strip") => GL_LINE_STRIP,
        Some("triangle_strip") => GL_TRIANGLE_STRIP,
        Some("quads") => GL_QUADS,
        Some("isolines") => GL_ISOLINES,
        Some("equal_spacing") => GL_EQUAL,
        Some("fractional_even_spacing") => GL_FRACTIONAL_EVEN,
        Some("fractional_odd_spacing") => GL_FRACTIONAL_ODD,
        Some("cw") => GL_CW,
        Some("ccw") => GL_CCW,
        _ => 0,
    }
}

/// The GL stage enums CreateShader accepts (GL 4.6 §7.1).
pub fn stage_of(kind: u32) -> Option<Stage> {
    Some(match kind {
        GL_COMPUTE_SHADER => Stage::Compute,
        GL_VERTEX_SHADER => Stage::Vertex,
        GL_TESS_CONTROL_SHADER => Stage::TessControl,
        GL_TESS_EVALUATION_SHADER => Stage::TessEvaluation,
        GL_GEOMETRY_SHADER => Stage::Geometry,
        GL_FRAGMENT_SHADER => Stage::Fragment,
        _ => return None,
    })
}

/// Copies `src` the way GL returns strings (GL 4.6 §2.2.2): at most bufSize-1
/// characters and a terminator; `length` excludes the terminator.
pub fn copy_string(src: &str, buf_size: usize, buf: Option<&mut [u8]>) -> usize {
    let n = src.len().min(buf_size.saturating_sub(1));
    if let Some(buf) = buf
        && buf_size > 0
    {
        buf[..n].copy_from_slice(&src.as_bytes()[..n]);
        buf[n] = 0;
    }
    n
}

/// INFO_LOG_LENGTH / SHADER_SOURCE_LENGTH: length with terminator, 0 when empty.
fn c_len(s: &str) -> i64 {
    if s.is_empty() { 0 } else { s.len() as i64 + 1 }
}

// Lock order for the shader-object namespace: the name table, then a program's state,
// then a shader's state. Operations that may free names hold the table throughout.

/// KHR_debug id of the out-of-range access report (GLCOMPUTE_DEBUG=bounds).
pub const OUT_OF_RANGE_ID: u32 = 0x6763_0003;
/// KHR_debug id of the divergent-barrier warning (shader compiler source).
pub const DIVERGENT_BARRIER_ID: u32 = 0x6763_0001;
/// KHR_debug id of a dispatch the barrier check (GLCOMPUTE_DEBUG=barriers) reported.
pub const DIVERGENT_DISPATCH_ID: u32 = 0x6763_0002;

impl ContextState {
    /// The shader called `name` (see [`shader_in`]).
    pub fn lookup_shader(&self, name: u32) -> GlResult<Arc<Shader>> {
        shader_in(&self.shared.shader_objects.lock(), name)
    }

    /// The program called `name` (see [`program_in`]).
    pub fn lookup_program(&self, name: u32) -> GlResult<Arc<Program>> {
        program_in(&self.shared.shader_objects.lock(), name)
    }

    /// CreateShader (GL 4.6 §7.1).
    pub fn create_shader(&mut self, kind: u32) -> GlResult<u32> {
        // GL 4.6 §7.1: INVALID_ENUM if type is not a shader type.
        if stage_of(kind).is_none() {
            gl_bail!(GL_INVALID_ENUM, "type {} is not a shader type", Enum(kind));
        }
        let mut table = self.shared.shader_objects.lock();
        let name = table.alloc();
        table.set(
            name,
            ShaderObject::Shader(Arc::new(Shader {
                name,
                kind,
                state: Mutex::new(ShaderState::default()),
            })),
        );
        Ok(name)
    }

    /// ShaderSource (GL 4.6 §7.1): the caller joined the strings.
    pub fn shader_source(&mut self, name: u32, source: GlResult<String>) -> GlResult<()> {
        let shader = self.lookup_shader(name)?;
        let source = source?;
        let mut st = shader.state.lock();
        st.source = Some(source);
        // GL 4.6 §7.1: the association with a SPIR-V module is broken
        // (SPIR_V_BINARY becomes FALSE).
        st.spirv = None;
        st.specialized = false;
        st.specialization = None;
        Ok(())
    }

    /// CompileShader (GL 4.6 §7.1): compile errors go to the info log, not the GL error.
    pub fn compile_shader(&mut self, name: u32) -> GlResult<()> {
        let shader = self.lookup_shader(name)?;
        // GL 4.6 §7.1: INVALID_OPERATION if SPIR_V_BINARY is TRUE.
        if shader.state.lock().spirv.is_some() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "shader {name} holds a SPIR-V module: it is specialized, not compiled"
            );
        }
        let source = shader.state.lock().source.clone();
        let stage = stage_of(shader.kind).expect("created with a valid type");
        let (result, log) = match source.clone() {
            // Compiling a shader with no source fails without a GL error.
            None => (
                None,
                "error: no source was given with glShaderSource\n".to_string(),
            ),
            Some(src) => match glsl::compile_accepting(stage, &src, &self.accepts()) {
                Ok((compiled, log)) => (Some(Arc::new(compiled)), log),
                Err(log) => (None, log),
            },
        };
        let mut st = shader.state.lock();
        st.compile_status = result.is_some();
        st.compiled_source = result.as_ref().and(source);
        st.compiled = result;
        st.info_log = log;
        Ok(())
    }

    pub fn get_shader_iv(&mut self, name: u32, pname: u32) -> GlResult<i64> {
        let shader = self.lookup_shader(name)?;
        let st = shader.state.lock();
        Ok(match pname {
            GL_SHADER_TYPE => shader.kind as i64,
            GL_DELETE_STATUS => st.delete_pending as i64,
            GL_COMPILE_STATUS => st.compile_status as i64,
            GL_INFO_LOG_LENGTH => c_len(&st.info_log),
            GL_SHADER_SOURCE_LENGTH => st.source.as_deref().map(c_len).unwrap_or(0),
            GL_SPIR_V_BINARY => st.spirv.is_some() as i64,
            // GL 4.6 §7.13: INVALID_ENUM for any other pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a shader parameter",
                Enum(pname)
            ),
        })
    }

    /// DeleteShader (GL 4.6 §7.1): 0 is ignored; an attached shader is only flagged.
    pub fn delete_shader(&mut self, name: u32) -> GlResult<()> {
        if name == 0 {
            return Ok(());
        }
        let mut table = self.shared.shader_objects.lock();
        let shader = shader_in(&table, name)?;
        let mut st = shader.state.lock();
        if st.attach_count == 0 {
            table.remove(name);
        }
        st.delete_pending = true;
        Ok(())
    }

    pub fn create_program(&mut self) -> u32 {
        let mut table = self.shared.shader_objects.lock();
        let name = table.alloc();
        table.set(
            name,
            ShaderObject::Program(Arc::new(Program {
                name,
                state: Mutex::new(ProgramState::default()),
            })),
        );
        name
    }

    /// AttachShader (GL 4.6 §7.3).
    pub fn attach_shader(&mut self, program: u32, shader: u32) -> GlResult<()> {
        let table = self.shared.shader_objects.lock();
        let prog = program_in(&table, program)?;
        let sh = shader_in(&table, shader)?;
        let mut st = prog.state.lock();
        // GL 4.6 §7.3: INVALID_OPERATION if shader is already attached to program.
        if st.shaders.iter().any(|s| Arc::ptr_eq(s, &sh)) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "shader {shader} is already attached to program {program}"
            );
        }
        sh.state.lock().attach_count += 1;
        st.shaders.push(sh);
        Ok(())
    }

    /// DetachShader (GL 4.6 §7.3).
    pub fn detach_shader(&mut self, program: u32, shader: u32) -> GlResult<()> {
        let mut table = self.shared.shader_objects.lock();
        let prog = program_in(&table, program)?;
        let sh = shader_in(&table, shader)?;
        let mut st = prog.state.lock();
        // GL 4.6 §7.3: INVALID_OPERATION if shader is not attached to program.
        let Some(pos) = st.shaders.iter().position(|s| Arc::ptr_eq(s, &sh)) else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "shader {shader} is not attached to program {program}"
            );
        };
        st.shaders.remove(pos);
        let mut s = sh.state.lock();
        s.attach_count -= 1;
        if s.delete_pending && s.attach_count == 0 {
            table.remove(shader);
        }
        Ok(())
    }

    pub fn attached_shaders(&mut self, program: u32) -> GlResult<Vec<u32>> {
        let prog = self.lookup_program(program)?;
        let st = prog.state.lock();
        Ok(st
            .shaders
            .iter()
            .map(|s| s.name)
            .chain(st.foreign_shaders.iter().copied())
            .collect())
    }

    /// LinkProgram (GL 4.6 §7.3): link errors go to the info log. A successful relink
    /// replaces the executable wherever the program is installed.
    pub fn link_program(&mut self, program: u32) -> GlResult<()> {
        let prog = self.lookup_program(program)?;
        // GL 4.6 §7.3: INVALID_OPERATION if a transform feedback object records the
        // program's varyings (active, even if paused or not bound).
        if self.xfb_records(&prog) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} is in use by an active transform feedback object"
            );
        }
        let mut st = prog.state.lock();
        let inputs: Vec<(u32, Stage, Option<Arc<CompiledShader>>)> = st
            .shaders
            .iter()
            .map(|s| {
                let ss = s.state.lock();
                (
                    s.name,
                    stage_of(s.kind).expect("valid"),
                    ss.compiled.clone().filter(|_| ss.compile_status),
                )
            })
            .collect();
        let sources: Vec<(u32, LinkedSource)> = st
            .shaders
            .iter()
            .filter_map(|s| {
                let ss = s.state.lock();
                match (&ss.spirv, &ss.specialization) {
                    (Some(binary), Some((entry, constants))) => Some((
                        s.kind,
                        LinkedSource::Spirv {
                            binary: binary.clone(),
                            entry: entry.clone(),
                            constants: constants.clone(),
                        },
                    )),
                    _ => ss
                        .compiled_source
                        .clone()
                        .map(|t| (s.kind, LinkedSource::Glsl(t))),
                }
            })
            .collect();
        // A program without shaders fails to link in core and OpenGL ES contexts (GL 4.6
        // §7.3, OpenGL ES 3.1 §7.3); only the compatibility profile links one.
        let core = self.info.is_core() || self.info.es;
        // GL 4.6 §7.3: linking fails when the program has a compute shader and shaders
        // of any other stage (interposed mode: those are the host's).
        let opts = glsl::LinkOptions {
            core,
            separable: st.separable,
            attrib_bindings: st.attrib_bindings.clone(),
            frag_bindings: st.frag_bindings.clone(),
            xfb_varyings: st.xfb_varyings.0.clone(),
            xfb_separate: st.xfb_varyings.1 == GL_SEPARATE_ATTRIBS,
        };
        let spirv = st
            .shaders
            .iter()
            .filter(|s| s.state.lock().spirv.is_some())
            .count();
        let outcome = if spirv != 0 && spirv != st.shaders.len() {
            // GL 4.6 §7.3: linking fails unless every attached shader has the same
            // SPIR_V_BINARY state.
            Err("error: a program cannot link SPIR-V shaders with GLSL shaders\n".to_string())
        } else if st.foreign_shaders.is_empty() {
            glsl::link_with(&inputs, &opts)
        } else {
            Err(format!(
                "error: a program with a compute shader cannot have shaders of other stages (attached: {})\n",
                st.foreign_shaders
                    .iter()
                    .map(|n| format!("shader {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        };
        // A compute program is compiled to native code as it links.
        let outcome = outcome.and_then(|(linked, log)| {
            Executable::link(linked)
                .map(|exe| (exe, log))
                .map_err(|e| format!("error: {e}\n"))
        });
        match outcome {
            Ok((exe, log)) => {
                st.link_status = true;
                st.xfb_linked_mode = st.xfb_varyings.1;
                st.uniforms =
                    crate::state::objects::program::UniformState::from_reflection(&exe.reflection);
                st.executable = Some(Arc::new(exe));
                // The divergent-barrier warnings also go to KHR_debug, with their line.
                for line in log
                    .lines()
                    .filter(|l| l.contains(glsl::link::DIVERGENT_BARRIER))
                {
                    self.emit(crate::state::objects::debug::Message {
                        source: GL_DEBUG_SOURCE_SHADER_COMPILER,
                        ty: GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR,
                        id: DIVERGENT_BARRIER_ID,
                        severity: GL_DEBUG_SEVERITY_MEDIUM,
                        text: format!("program {program}: {line}"),
                    });
                }
                st.info_log = log;
                st.linked_sources = sources;
            }
            Err(log) => {
                st.link_status = false;
                st.info_log = log;
            }
        }
        st.validate_status = false;
        Ok(())
    }

    pub fn get_program_iv(&mut self, program: u32, pname: u32) -> GlResult<Vec<i64>> {
        let prog = self.lookup_program(program)?;
        let st = prog.state.lock();
        let exe = st.executable.as_deref().filter(|_| st.link_status);
        let reflect = |f: fn(&LinkedProgram) -> i64| exe.map(|e| f(e)).unwrap_or(0);
        // GL 4.6 §7.13: stage-specific queries need a linked program with that stage.
        let need_stage = |stage: Stage, what: &str| -> GlResult<()> {
            if !st.link_status {
                gl_bail!(GL_INVALID_OPERATION, "program {program} is not linked");
            }
            if !exe.is_some_and(|e| e.stages.contains(&stage)) {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "program {program} has no {what} shader"
                );
            }
            Ok(())
        };
        Ok(match pname {
            GL_DELETE_STATUS => vec![st.delete_pending as i64],
            GL_LINK_STATUS => vec![st.link_status as i64],
            GL_VALIDATE_STATUS => vec![st.validate_status as i64],
            GL_INFO_LOG_LENGTH => vec![c_len(&st.info_log)],
            GL_ATTACHED_SHADERS => vec![(st.shaders.len() + st.foreign_shaders.len()) as i64],
            // GL 4.6 §11.1.1: the vertex shader's active inputs (none without one).
            GL_ACTIVE_ATTRIBUTES => vec![reflect(|e| attributes(e).len() as i64)],
            GL_ACTIVE_ATTRIBUTE_MAX_LENGTH => vec![reflect(|e| max_name(attributes(e).iter()))],
            GL_ACTIVE_UNIFORMS => vec![reflect(|e| e.reflection.uniforms.len() as i64)],
            GL_ACTIVE_UNIFORM_MAX_LENGTH => {
                vec![reflect(|e| max_name(e.reflection.uniforms.iter()))]
            }
            GL_ACTIVE_UNIFORM_BLOCKS => vec![reflect(|e| e.reflection.uniform_blocks.len() as i64)],
            GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH => {
                vec![reflect(|e| max_name(e.reflection.uniform_blocks.iter()))]
            }
            GL_ACTIVE_ATOMIC_COUNTER_BUFFERS => {
                vec![reflect(|e| e.reflection.atomic_buffers.len() as i64)]
            }
            GL_TRANSFORM_FEEDBACK_BUFFER_MODE => vec![match st.xfb_linked_mode {
                0 => GL_INTERLEAVED_ATTRIBS,
                m => m,
            } as i64],
            // GL 4.6 §11.1.2.1: the varyings the last link records.
            GL_TRANSFORM_FEEDBACK_VARYINGS => vec![reflect(|e| xfb_varyings(e).len() as i64)],
            GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH => {
                vec![reflect(|e| max_name(xfb_varyings(e).iter()))]
            }
            GL_PROGRAM_BINARY_RETRIEVABLE_HINT => vec![st.retrievable_hint as i64],
            GL_PROGRAM_BINARY_LENGTH => vec![self.program_binary_length(&st)],
            GL_PROGRAM_SEPARABLE => vec![st.separable as i64],
            GL_COMPUTE_WORK_GROUP_SIZE => {
                // ARB_compute_shader: INVALID_OPERATION if not linked or no compute shader.
                need_stage(Stage::Compute, "compute")?;
                let c = exe.and_then(|e| e.compute).expect("compute stage");
                // ARB_compute_variable_group_size: zeros for a variable size.
                match c.local_size {
                    Some(s) => s.iter().map(|&v| v as i64).collect(),
                    None => vec![0, 0, 0],
                }
            }
            GL_GEOMETRY_VERTICES_OUT
            | GL_GEOMETRY_INPUT_TYPE
            | GL_GEOMETRY_OUTPUT_TYPE
            | GL_GEOMETRY_SHADER_INVOCATIONS => {
                // GL 4.6 §7.13: INVALID_OPERATION without a linked geometry shader.
                need_stage(Stage::Geometry, "geometry")?;
                let l = stage_layout(exe, Stage::Geometry);
                vec![match pname {
                    GL_GEOMETRY_VERTICES_OUT => l.max_vertices.unwrap_or(0) as i64,
                    GL_GEOMETRY_INPUT_TYPE => layout_enum(l.input_primitive) as i64,
                    GL_GEOMETRY_OUTPUT_TYPE => layout_enum(l.output_primitive) as i64,
                    _ => l.invocations.unwrap_or(1) as i64,
                }]
            }
            GL_TESS_CONTROL_OUTPUT_VERTICES => {
                need_stage(Stage::TessControl, "tessellation control")?;
                vec![
                    stage_layout(exe, Stage::TessControl)
                        .patch_vertices
                        .unwrap_or(0) as i64,
                ]
            }
            GL_TESS_GEN_MODE
            | GL_TESS_GEN_SPACING
            | GL_TESS_GEN_VERTEX_ORDER
            | GL_TESS_GEN_POINT_MODE => {
                need_stage(Stage::TessEvaluation, "tessellation evaluation")?;
                let l = stage_layout(exe, Stage::TessEvaluation);
                vec![match pname {
                    GL_TESS_GEN_MODE => layout_enum(l.tess_mode) as i64,
                    GL_TESS_GEN_SPACING => layout_enum(l.tess_spacing) as i64,
                    GL_TESS_GEN_VERTEX_ORDER => layout_enum(l.tess_order) as i64,
                    _ => l.point_mode as i64,
                }]
            }
            // GL 4.6 §7.13: INVALID_ENUM for any other pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a program parameter",
                Enum(pname)
            ),
        })
    }

    /// BindAttribLocation (GL 4.6 §11.1.1): order of checks as Mesa's.
    pub fn bind_attrib_location(
        &mut self,
        program: u32,
        index: u32,
        name: Option<&str>,
    ) -> GlResult<()> {
        let prog = self.lookup_program(program)?;
        let Some(name) = name else { return Ok(()) };
        // GL 4.6 §11.1.1: INVALID_OPERATION if name starts with the reserved "gl_".
        if name.starts_with("gl_") {
            gl_bail!(
                GL_INVALID_OPERATION,
                "attribute name `{name}' starts with the reserved prefix gl_"
            );
        }
        // GL 4.6 §11.1.1: INVALID_VALUE if index >= MAX_VERTEX_ATTRIBS.
        if index >= crate::limits::MAX_VERTEX_ATTRIBS as u32 {
            gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below GL_MAX_VERTEX_ATTRIBS = {}",
                crate::limits::MAX_VERTEX_ATTRIBS
            );
        }
        prog.state
            .lock()
            .attrib_bindings
            .insert(name.to_string(), index);
        Ok(())
    }

    /// BindFragDataLocation(Indexed) (GL 4.6 §15.2.3).
    pub fn bind_frag_data_location(
        &mut self,
        program: u32,
        color: u32,
        index: u32,
        name: Option<&str>,
    ) -> GlResult<()> {
        let prog = self.lookup_program(program)?;
        let Some(name) = name else { return Ok(()) };
        // GL 4.6 §15.2.3: INVALID_OPERATION if name starts with the reserved "gl_"
        // (checked first, as Mesa does).
        if name.starts_with("gl_") {
            gl_bail!(
                GL_INVALID_OPERATION,
                "output name `{name}' starts with the reserved prefix gl_"
            );
        }
        let max_dual = crate::limits::MAX_DUAL_SOURCE_DRAW_BUFFERS;
        // GL 4.6 §15.2.3: INVALID_VALUE if colorNumber is not below MAX_DRAW_BUFFERS,
        // or index is above one, or index is one and colorNumber is not below
        // MAX_DUAL_SOURCE_DRAW_BUFFERS.
        if color >= crate::limits::MAX_DRAW_BUFFERS as u32 {
            gl_bail!(
                GL_INVALID_VALUE,
                "colorNumber = {color} is not below GL_MAX_DRAW_BUFFERS ({})",
                crate::limits::MAX_DRAW_BUFFERS
            );
        }
        if index > 1 {
            gl_bail!(GL_INVALID_VALUE, "index = {index} is not 0 or 1");
        }
        if index == 1 && color >= max_dual {
            gl_bail!(
                GL_INVALID_VALUE,
                "colorNumber = {color} with index 1 is not below GL_MAX_DUAL_SOURCE_DRAW_BUFFERS ({max_dual})"
            );
        }
        prog.state
            .lock()
            .frag_bindings
            .insert(name.to_string(), (color, index));
        Ok(())
    }

    /// The executable of a successfully linked program, for GetAttribLocation and
    /// GetFragDataLocation/Index.
    fn linked_executable(&mut self, program: u32) -> GlResult<Arc<Executable>> {
        let prog = self.lookup_program(program)?;
        let st = prog.state.lock();
        match st.executable.clone().filter(|_| st.link_status) {
            Some(e) => Ok(e),
            // GL 4.6 §11.1.1, §15.2.3: INVALID_OPERATION if program has not been
            // linked successfully.
            None => gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} has not been linked successfully"
            ),
        }
    }

    /// GetAttribLocation (GL 4.6 §11.1.1): the location of an active vertex shader
    /// input, -1 for a name that is none (or a built-in).
    pub fn get_attrib_location(&mut self, program: u32, name: &str) -> GlResult<i32> {
        let exe = self.linked_executable(program)?;
        Ok(glsl::GraphicsInfo::location(attributes(&exe), name).map_or(-1, |l| l.0))
    }

    /// GetFragDataLocation / GetFragDataIndex (GL 4.6 §15.2.3): the location or index
    /// of an active fragment shader output, -1 for a name that is none.
    pub fn get_frag_data(&mut self, program: u32, name: &str, index: bool) -> GlResult<i32> {
        let exe = self.linked_executable(program)?;
        let outs = match &exe.graphics {
            Some(g) if exe.stages.last() == Some(&Stage::Fragment) => g.outputs.as_slice(),
            _ => &[],
        };
        Ok(glsl::GraphicsInfo::location(outs, name).map_or(-1, |l| if index { l.1 } else { l.0 }))
    }

    /// GetActiveAttrib (GL 4.6 §11.1.1): name, array size and type of active attribute
    /// `index`.
    pub fn get_active_attrib(&mut self, program: u32, index: u32) -> GlResult<(String, i32, u32)> {
        let prog = self.lookup_program(program)?;
        let exe = {
            let st = prog.state.lock();
            st.executable.clone().filter(|_| st.link_status)
        };
        let list = exe.as_deref().map(|e| attributes(e)).unwrap_or(&[]);
        // GL 4.6 §11.1.1: INVALID_VALUE if index >= ACTIVE_ATTRIBUTES.
        let Some(a) = list.get(index as usize) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below GL_ACTIVE_ATTRIBUTES = {}",
                list.len()
            )
        };
        let e = exe.as_deref().expect("linked");
        Ok((
            a.name.clone(),
            if a.is_array { a.array_size as i32 } else { 1 },
            super::uniform::gl_type(&e.module.types, a.ty),
        ))
    }

    /// ProgramParameteri (GL 4.6 §7.3).
    pub fn program_parameter(&mut self, program: u32, pname: u32, value: i32) -> GlResult<()> {
        let prog = self.lookup_program(program)?;
        let flag = match pname {
            GL_PROGRAM_SEPARABLE | GL_PROGRAM_BINARY_RETRIEVABLE_HINT => {
                // GL 4.6 §7.3: INVALID_VALUE if value is not TRUE or FALSE.
                if value != 0 && value != 1 {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "value = {value} is not GL_TRUE or GL_FALSE"
                    );
                }
                value == 1
            }
            // GL 4.6 §7.3: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a program parameter",
                Enum(pname)
            ),
        };
        let mut st = prog.state.lock();
        if pname == GL_PROGRAM_SEPARABLE {
            st.separable = flag;
        } else {
            st.retrievable_hint = flag;
        }
        Ok(())
    }

    /// Counts one more use of a program (UseProgram, a pipeline stage).
    pub fn use_program_ref(&self, prog: &Arc<Program>) {
        prog.state.lock().use_count += 1;
    }

    /// Drops one use; completes a deferred deletion when the last use goes.
    pub fn unuse_program(&self, prog: &Arc<Program>) {
        self.shared.release_program(prog);
    }

    /// DeleteProgram (GL 4.6 §7.3): 0 is ignored; a program in use is only flagged.
    pub fn delete_program(&mut self, name: u32) -> GlResult<()> {
        if name == 0 {
            return Ok(());
        }
        let mut table = self.shared.shader_objects.lock();
        let prog = program_in(&table, name)?;
        let mut st = prog.state.lock();
        if st.delete_pending {
            return Ok(());
        }
        st.delete_pending = true;
        if st.use_count == 0 {
            ShareGroup::finish_program_deletion(&mut table, &prog, &mut st);
        }
        Ok(())
    }

    /// UseProgram (GL 4.6 §7.3).
    pub fn use_program(&mut self, name: u32) -> GlResult<()> {
        // GL 4.6 §7.3: INVALID_OPERATION if transform feedback is active and not
        // paused.
        if self.xfb_active_unpaused() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "transform feedback is active and not paused"
            );
        }
        let new = if name == 0 {
            None
        } else {
            let prog = self.lookup_program(name)?;
            // GL 4.6 §7.3: INVALID_OPERATION if program has not been linked successfully.
            if !prog.state.lock().link_status {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "program {name} is not linked successfully"
                );
            }
            Some(prog)
        };
        if let Some(p) = &new {
            self.use_program_ref(p);
        }
        if let Some(old) = std::mem::replace(&mut self.current_program, new) {
            self.unuse_program(&old);
        }
        // GL 4.6 §7.9: subroutine uniforms revert to their defaults.
        self.reset_subroutines();
        Ok(())
    }

    /// ValidateProgram (GL 4.6 §11.1.3.11): a linked compute program is valid.
    pub fn validate_program(&mut self, name: u32) -> GlResult<()> {
        let prog = self.lookup_program(name)?;
        let mut st = prog.state.lock();
        st.validate_status = st.link_status && st.executable.is_some();
        if !st.validate_status {
            st.info_log = format!("error: program {name} is not linked successfully\n");
        }
        Ok(())
    }

    pub fn program_info_log(&mut self, name: u32) -> GlResult<String> {
        Ok(self.lookup_program(name)?.state.lock().info_log.clone())
    }

    pub fn shader_info_log(&mut self, name: u32) -> GlResult<String> {
        Ok(self.lookup_shader(name)?.state.lock().info_log.clone())
    }

    pub fn shader_source_string(&mut self, name: u32) -> GlResult<String> {
        Ok(self
            .lookup_shader(name)?
            .state
            .lock()
            .source
            .clone()
            .unwrap_or_default())
    }

    pub fn is_shader(&self, name: u32) -> bool {
        matches!(
            self.shared.shader_objects.lock().get(name),
            Some(ShaderObject::Shader(_))
        )
    }

    pub fn is_program(&self, name: u32) -> bool {
        matches!(
            self.shared.shader_objects.lock().get(name),
            Some(ShaderObject::Program(_))
        )
    }

    /// CreateShaderProgramv (GL 4.6 §7.3): a separable program from one source; the
    /// shader is deleted again and its compile log is appended to the program's log.
    pub fn create_shader_program(&mut self, kind: u32, source: GlResult<String>) -> GlResult<u32> {
        // GL 4.6 §7.1: INVALID_ENUM if type is not a shader type.
        if stage_of(kind).is_none() {
            gl_bail!(GL_INVALID_ENUM, "type {} is not a shader type", Enum(kind));
        }
        let source = source?;
        let (shader, program) = {
            let mut table = self.shared.shader_objects.lock();
            (table.alloc(), table.alloc())
        };
        self.create_shader_program_named(kind, Ok(source), shader, program)
    }

    /// CreateShaderProgramv with the names of the shader and the program given
    /// (allocated by the caller; interposed mode reserves them from the host).
    pub fn create_shader_program_named(
        &mut self,
        kind: u32,
        source: GlResult<String>,
        shader: u32,
        program: u32,
    ) -> GlResult<u32> {
        // GL 4.6 §7.1: INVALID_ENUM if type is not a shader type.
        if stage_of(kind).is_none() {
            gl_bail!(GL_INVALID_ENUM, "type {} is not a shader type", Enum(kind));
        }
        let source = source?;
        {
            let mut table = self.shared.shader_objects.lock();
            table.set(
                shader,
                ShaderObject::Shader(Arc::new(Shader {
                    name: shader,
                    kind,
                    state: Mutex::new(ShaderState::default()),
                })),
            );
            table.set(
                program,
                ShaderObject::Program(Arc::new(Program {
                    name: program,
                    state: Mutex::new(ProgramState::default()),
                })),
            );
        }
        self.shader_source(shader, Ok(source))?;
        self.compile_shader(shader)?;
        let prog = self.lookup_program(program)?;
        prog.state.lock().separable = true;
        let sh = self.lookup_shader(shader)?;
        let (compiled, shader_log) = {
            let s = sh.state.lock();
            (s.compile_status, s.info_log.clone())
        };
        if compiled {
            self.attach_shader(program, shader)?;
            self.link_program(program)?;
            self.detach_shader(program, shader)?;
        }
        {
            let mut st = prog.state.lock();
            st.info_log = format!("{shader_log}{}", st.info_log);
            if !compiled {
                st.link_status = false;
            }
        }
        self.delete_shader(shader)?;
        Ok(program)
    }

    /// Joins ShaderSource strings (GL 4.6 §7.1): a negative or missing length means a
    /// NUL-terminated string. Errors: INVALID_VALUE for count < 0.
    pub fn join_sources(parts: Vec<Option<&[u8]>>) -> GlResult<String> {
        let mut out = Vec::new();
        for (i, p) in parts.into_iter().enumerate() {
            match p {
                Some(bytes) => out.extend_from_slice(bytes),
                // A NULL entry in the strings array: nothing to read.
                None => gl_bail!(GL_INVALID_VALUE, "string[{i}] is NULL"),
            }
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
}

fn max_name<'a, T: 'a + glsl::Named>(items: impl Iterator<Item = &'a T>) -> i64 {
    items.map(|i| i.name().len() as i64 + 1).max().unwrap_or(0)
}

impl ContextState {
    /// GetShaderPrecisionFormat (GL 4.6 §7.2.1): the range and precision of a
    /// precision type; every one is IEEE single precision or 32-bit two's complement.
    pub fn shader_precision_format(
        &self,
        shader_type: u32,
        precision_type: u32,
    ) -> GlResult<([i32; 2], i32)> {
        // GL 4.6 §7.2.1: INVALID_ENUM unless shadertype is VERTEX_SHADER or FRAGMENT_SHADER.
        if shader_type != GL_VERTEX_SHADER && shader_type != GL_FRAGMENT_SHADER {
            gl_bail!(
                GL_INVALID_ENUM,
                "shadertype {} must be GL_VERTEX_SHADER or GL_FRAGMENT_SHADER",
                Enum(shader_type)
            );
        }
        Ok(match precision_type {
            GL_LOW_FLOAT | GL_MEDIUM_FLOAT | GL_HIGH_FLOAT => ([127, 127], 23),
            GL_LOW_INT | GL_MEDIUM_INT | GL_HIGH_INT => ([31, 30], 0),
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "precisiontype {} is not a precision type",
                Enum(precision_type)
            ),
        })
    }
}
