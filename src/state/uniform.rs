//! Uniforms and the program interface (GL 4.6 §7.3.1, §7.6): uniform locations and
//! values (glUniform*, glProgramUniform*, glGetUniform*), the legacy active-uniform and
//! uniform-block queries, block bindings, and the GL 4.3 program interface queries over
//! the reflection the linker produced. Uniform values live in the program's default
//! block storage (laid out by the linker), which dispatch snapshots.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::glsl::{GraphicsInfo, IoResource, LinkedProgram};
use crate::ir::reflect::{BlockResource, Reflection, Resource};
use crate::ir::shader::Stage;
use crate::ir::{Dim, GlobalId, Opaque, Scalar, Type, TypeId, Types};
use crate::limits;
use crate::state::context::ContextState;
use crate::state::objects::program::{Executable, Program, ProgramState};
use std::sync::Arc;

/// The GL type enum of a basic type (GL 4.6 table 7.3).
pub fn gl_type(types: &Types, ty: TypeId) -> u32 {
    match types.get(ty) {
        Type::Scalar(s) => vec_type(*s, 1),
        Type::Vector(s, n) => vec_type(*s, *n),
        Type::Matrix { scalar, cols, rows } => {
            let f = [
                GL_FLOAT_MAT2,
                GL_FLOAT_MAT2x3,
                GL_FLOAT_MAT2x4,
                GL_FLOAT_MAT3x2,
                GL_FLOAT_MAT3,
                GL_FLOAT_MAT3x4,
                GL_FLOAT_MAT4x2,
                GL_FLOAT_MAT4x3,
                GL_FLOAT_MAT4,
            ];
            let d = [
                GL_DOUBLE_MAT2,
                GL_DOUBLE_MAT2x3,
                GL_DOUBLE_MAT2x4,
                GL_DOUBLE_MAT3x2,
                GL_DOUBLE_MAT3,
                GL_DOUBLE_MAT3x4,
                GL_DOUBLE_MAT4x2,
                GL_DOUBLE_MAT4x3,
                GL_DOUBLE_MAT4,
            ];
            let i = (*cols as usize - 2) * 3 + (*rows as usize - 2);
            if *scalar == Scalar::Double {
                d[i]
            } else {
                f[i]
            }
        }
        Type::Sampler(o) => sampler_type(*o),
        Type::Image(o) => image_type(*o),
        Type::AtomicUint => GL_UNSIGNED_INT_ATOMIC_COUNTER,
        _ => 0,
    }
}

fn vec_type(s: Scalar, n: u8) -> u32 {
    let table: [u32; 4] = match s {
        Scalar::Float => [GL_FLOAT, GL_FLOAT_VEC2, GL_FLOAT_VEC3, GL_FLOAT_VEC4],
        Scalar::Double => [GL_DOUBLE, GL_DOUBLE_VEC2, GL_DOUBLE_VEC3, GL_DOUBLE_VEC4],
        Scalar::Int => [GL_INT, GL_INT_VEC2, GL_INT_VEC3, GL_INT_VEC4],
        Scalar::Uint => [
            GL_UNSIGNED_INT,
            GL_UNSIGNED_INT_VEC2,
            GL_UNSIGNED_INT_VEC3,
            GL_UNSIGNED_INT_VEC4,
        ],
        Scalar::Bool => [GL_BOOL, GL_BOOL_VEC2, GL_BOOL_VEC3, GL_BOOL_VEC4],
        Scalar::Int64 => [
            GL_INT64_ARB,
            GL_INT64_VEC2_ARB,
            GL_INT64_VEC3_ARB,
            GL_INT64_VEC4_ARB,
        ],
        Scalar::Uint64 => [
            GL_UNSIGNED_INT64_ARB,
            GL_UNSIGNED_INT64_VEC2_ARB,
            GL_UNSIGNED_INT64_VEC3_ARB,
            GL_UNSIGNED_INT64_VEC4_ARB,
        ],
    };
    table[n as usize - 1]
}

fn sampler_type(o: Opaque) -> u32 {
    use Dim::*;
    match (o.sampled, o.dim, o.shadow) {
        (Scalar::Float, D1, false) => GL_SAMPLER_1D,
        (Scalar::Float, D2, false) => GL_SAMPLER_2D,
        (Scalar::Float, D3, _) => GL_SAMPLER_3D,
        (Scalar::Float, Cube, false) => GL_SAMPLER_CUBE,
        (Scalar::Float, D1, true) => GL_SAMPLER_1D_SHADOW,
        (Scalar::Float, D2, true) => GL_SAMPLER_2D_SHADOW,
        (Scalar::Float, D1Array, false) => GL_SAMPLER_1D_ARRAY,
        (Scalar::Float, D2Array, false) => GL_SAMPLER_2D_ARRAY,
        (Scalar::Float, D1Array, true) => GL_SAMPLER_1D_ARRAY_SHADOW,
        (Scalar::Float, D2Array, true) => GL_SAMPLER_2D_ARRAY_SHADOW,
        (Scalar::Float, D2Ms, _) => GL_SAMPLER_2D_MULTISAMPLE,
        (Scalar::Float, D2MsArray, _) => GL_SAMPLER_2D_MULTISAMPLE_ARRAY,
        (Scalar::Float, Cube, true) => GL_SAMPLER_CUBE_SHADOW,
        (Scalar::Float, Buffer, _) => GL_SAMPLER_BUFFER,
        (Scalar::Float, Rect, false) => GL_SAMPLER_2D_RECT,
        (Scalar::Float, Rect, true) => GL_SAMPLER_2D_RECT_SHADOW,
        (Scalar::Float, CubeArray, false) => GL_SAMPLER_CUBE_MAP_ARRAY,
        (Scalar::Float, CubeArray, true) => GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW,
        (Scalar::Int, D1, _) => GL_INT_SAMPLER_1D,
        (Scalar::Int, D2, _) => GL_INT_SAMPLER_2D,
        (Scalar::Int, D3, _) => GL_INT_SAMPLER_3D,
        (Scalar::Int, Cube, _) => GL_INT_SAMPLER_CUBE,
        (Scalar::Int, D1Array, _) => GL_INT_SAMPLER_1D_ARRAY,
        (Scalar::Int, D2Array, _) => GL_INT_SAMPLER_2D_ARRAY,
        (Scalar::Int, D2Ms, _) => GL_INT_SAMPLER_2D_MULTISAMPLE,
        (Scalar::Int, D2MsArray, _) => GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY,
        (Scalar::Int, Buffer, _) => GL_INT_SAMPLER_BUFFER,
        (Scalar::Int, Rect, _) => GL_INT_SAMPLER_2D_RECT,
        (Scalar::Int, CubeArray, _) => GL_INT_SAMPLER_CUBE_MAP_ARRAY,
        (_, D1, _) => GL_UNSIGNED_INT_SAMPLER_1D,
        (_, D2, _) => GL_UNSIGNED_INT_SAMPLER_2D,
        (_, D3, _) => GL_UNSIGNED_INT_SAMPLER_3D,
        (_, Cube, _) => GL_UNSIGNED_INT_SAMPLER_CUBE,
        (_, D1Array, _) => GL_UNSIGNED_INT_SAMPLER_1D_ARRAY,
        (_, D2Array, _) => GL_UNSIGNED_INT_SAMPLER_2D_ARRAY,
        (_, D2Ms, _) => GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE,
        (_, D2MsArray, _) => GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY,
        (_, Buffer, _) => GL_UNSIGNED_INT_SAMPLER_BUFFER,
        (_, Rect, _) => GL_UNSIGNED_INT_SAMPLER_2D_RECT,
        (_, CubeArray, _) => GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY,
    }
}

fn image_type(o: Opaque) -> u32 {
    use Dim::*;
    let t: [u32; 11] = match o.sampled {
        Scalar::Int => [
            GL_INT_IMAGE_1D,
            GL_INT_IMAGE_2D,
            GL_INT_IMAGE_3D,
            GL_INT_IMAGE_CUBE,
            GL_INT_IMAGE_2D_RECT,
            GL_INT_IMAGE_BUFFER,
            GL_INT_IMAGE_1D_ARRAY,
            GL_INT_IMAGE_2D_ARRAY,
            GL_INT_IMAGE_CUBE_MAP_ARRAY,
            GL_INT_IMAGE_2D_MULTISAMPLE,
            GL_INT_IMAGE_2D_MULTISAMPLE_ARRAY,
        ],
        Scalar::Uint => [
            GL_UNSIGNED_INT_IMAGE_1D,
            GL_UNSIGNED_INT_IMAGE_2D,
            GL_UNSIGNED_INT_IMAGE_3D,
            GL_UNSIGNED_INT_IMAGE_CUBE,
            GL_UNSIGNED_INT_IMAGE_2D_RECT,
            GL_UNSIGNED_INT_IMAGE_BUFFER,
            GL_UNSIGNED_INT_IMAGE_1D_ARRAY,
            GL_UNSIGNED_INT_IMAGE_2D_ARRAY,
            GL_UNSIGNED_INT_IMAGE_CUBE_MAP_ARRAY,
            GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE,
            GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE_ARRAY,
        ],
        _ => [
            GL_IMAGE_1D,
            GL_IMAGE_2D,
            GL_IMAGE_3D,
            GL_IMAGE_CUBE,
            GL_IMAGE_2D_RECT,
            GL_IMAGE_BUFFER,
            GL_IMAGE_1D_ARRAY,
            GL_IMAGE_2D_ARRAY,
            GL_IMAGE_CUBE_MAP_ARRAY,
            GL_IMAGE_2D_MULTISAMPLE,
            GL_IMAGE_2D_MULTISAMPLE_ARRAY,
        ],
    };
    t[match o.dim {
        D1 => 0,
        D2 => 1,
        D3 => 2,
        Cube => 3,
        Rect => 4,
        Buffer => 5,
        D1Array => 6,
        D2Array => 7,
        CubeArray => 8,
        D2Ms => 9,
        D2MsArray => 10,
    }]
}

/// The values a glUniform*/glProgramUniform* command passes.
#[derive(Debug, Clone, Copy)]
pub enum Values<'a> {
    F(&'a [f32]),
    I(&'a [i32]),
    U(&'a [u32]),
    D(&'a [f64]),
    I64(&'a [i64]),
    U64(&'a [u64]),
}

impl Values<'_> {
    fn scalar(&self) -> Scalar {
        match self {
            Values::F(_) => Scalar::Float,
            Values::I(_) => Scalar::Int,
            Values::U(_) => Scalar::Uint,
            Values::D(_) => Scalar::Double,
            Values::I64(_) => Scalar::Int64,
            Values::U64(_) => Scalar::Uint64,
        }
    }

    fn len(&self) -> usize {
        match self {
            Values::F(v) => v.len(),
            Values::I(v) => v.len(),
            Values::U(v) => v.len(),
            Values::D(v) => v.len(),
            Values::I64(v) => v.len(),
            Values::U64(v) => v.len(),
        }
    }

    fn get_i64(&self, i: usize) -> i64 {
        match self {
            Values::F(v) => v[i] as i64,
            Values::I(v) => v[i] as i64,
            Values::U(v) => v[i] as i64,
            Values::D(v) => v[i] as i64,
            Values::I64(v) => v[i],
            // Saturates, so that a huge unit is still out of range.
            Values::U64(v) => v[i].min(i64::MAX as u64) as i64,
        }
    }

    fn is_nonzero(&self, i: usize) -> bool {
        match self {
            Values::F(v) => v[i] != 0.0,
            Values::I(v) => v[i] != 0,
            Values::U(v) => v[i] != 0,
            Values::D(v) => v[i] != 0.0,
            Values::I64(v) => v[i] != 0,
            Values::U64(v) => v[i] != 0,
        }
    }

    /// The raw bytes of value `i` (the command's type matches the uniform's).
    fn bytes(&self, i: usize) -> Vec<u8> {
        match self {
            Values::F(v) => v[i].to_ne_bytes().to_vec(),
            Values::I(v) => v[i].to_ne_bytes().to_vec(),
            Values::U(v) => v[i].to_ne_bytes().to_vec(),
            Values::D(v) => v[i].to_ne_bytes().to_vec(),
            Values::I64(v) => v[i].to_ne_bytes().to_vec(),
            Values::U64(v) => v[i].to_ne_bytes().to_vec(),
        }
    }
}

/// The shape a setter writes: `n` components, or a `cols` x `rows` matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Vector(u8),
    Matrix(u8, u8),
}

/// What glGetUniform* returns values as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GetAs {
    Float,
    Int,
    Uint,
    Double,
    Int64,
    Uint64,
}

/// One returned uniform component.
#[derive(Debug, Clone, Copy)]
pub enum Component {
    F(f32),
    I(i32),
    U(u32),
    D(f64),
    I64(i64),
    U64(u64),
}

fn read_word(data: &[u8], at: usize) -> [u8; 4] {
    data.get(at..at + 4)
        .map(|b| b.try_into().expect("4 bytes"))
        .unwrap_or([0; 4])
}

fn read_dword(data: &[u8], at: usize) -> [u8; 8] {
    data.get(at..at + 8)
        .map(|b| b.try_into().expect("8 bytes"))
        .unwrap_or([0; 8])
}

/// Interfaces of the GL 4.3 program interface queries (GL 4.6 §7.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interface {
    Uniform,
    UniformBlock,
    AtomicCounterBuffer,
    BufferVariable,
    ShaderStorageBlock,
    /// PROGRAM_INPUT and PROGRAM_OUTPUT: a graphics program's first stage's inputs and
    /// last stage's outputs.
    Input,
    Output,
    /// TRANSFORM_FEEDBACK_VARYING and TRANSFORM_FEEDBACK_BUFFER: what the last link
    /// resolved of TransformFeedbackVaryings.
    XfbVarying,
    XfbBuffer,
    /// A stage's subroutines and subroutine uniforms (GL 4.6 §7.9).
    Subroutine(Stage),
    SubroutineUniform(Stage),
}

fn interface(e: u32) -> GlResult<Interface> {
    Ok(match e {
        GL_UNIFORM => Interface::Uniform,
        GL_UNIFORM_BLOCK => Interface::UniformBlock,
        GL_ATOMIC_COUNTER_BUFFER => Interface::AtomicCounterBuffer,
        GL_BUFFER_VARIABLE => Interface::BufferVariable,
        GL_SHADER_STORAGE_BLOCK => Interface::ShaderStorageBlock,
        GL_PROGRAM_INPUT => Interface::Input,
        GL_PROGRAM_OUTPUT => Interface::Output,
        GL_TRANSFORM_FEEDBACK_VARYING => Interface::XfbVarying,
        GL_TRANSFORM_FEEDBACK_BUFFER => Interface::XfbBuffer,
        GL_VERTEX_SUBROUTINE => Interface::Subroutine(Stage::Vertex),
        GL_TESS_CONTROL_SUBROUTINE => Interface::Subroutine(Stage::TessControl),
        GL_TESS_EVALUATION_SUBROUTINE => Interface::Subroutine(Stage::TessEvaluation),
        GL_GEOMETRY_SUBROUTINE => Interface::Subroutine(Stage::Geometry),
        GL_FRAGMENT_SUBROUTINE => Interface::Subroutine(Stage::Fragment),
        GL_COMPUTE_SUBROUTINE => Interface::Subroutine(Stage::Compute),
        GL_VERTEX_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::Vertex),
        GL_TESS_CONTROL_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::TessControl),
        GL_TESS_EVALUATION_SUBROUTINE_UNIFORM => {
            Interface::SubroutineUniform(Stage::TessEvaluation)
        }
        GL_GEOMETRY_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::Geometry),
        GL_FRAGMENT_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::Fragment),
        GL_COMPUTE_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::Compute),
        // GL 4.6 §7.3.1: INVALID_ENUM for an unknown programInterface.
        _ => gl_bail!(
            GL_INVALID_ENUM,
            "programInterface {} is not a program interface",
            Enum(e)
        ),
    })
}

/// The stage a REFERENCED_BY_*_SHADER property (or the UNIFORM_BLOCK_ and
/// ATOMIC_COUNTER_BUFFER_ forms) names.
fn referenced_stage(prop: u32) -> Option<Stage> {
    Some(match prop {
        GL_REFERENCED_BY_COMPUTE_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER => Stage::Compute,
        GL_REFERENCED_BY_VERTEX_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER => Stage::Vertex,
        GL_REFERENCED_BY_TESS_CONTROL_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER => Stage::TessControl,
        GL_REFERENCED_BY_TESS_EVALUATION_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER => Stage::TessEvaluation,
        GL_REFERENCED_BY_GEOMETRY_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER => Stage::Geometry,
        GL_REFERENCED_BY_FRAGMENT_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER => Stage::Fragment,
        _ => return None,
    })
}

/// REFERENCED_BY_*_SHADER (GL 4.6 §7.3.1.1): whether the live code of `stage` uses
/// one of `globals` (the variables the resource belongs to).
fn referenced(
    exe: &LinkedProgram,
    stage: Stage,
    globals: &mut dyn Iterator<Item = GlobalId>,
) -> i32 {
    match exe.referenced.iter().find(|r| r.0 == stage) {
        Some((_, used)) => {
            for g in globals {
                if used.contains(&g) {
                    return 1;
                }
            }
            0
        }
        None => 0,
    }
}

/// The same for a uniform or shader storage block: a compute stage answers for the
/// element of an array of blocks (reflection's `referenced`).
fn block_referenced(exe: &LinkedProgram, stage: Stage, b: &BlockResource) -> i32 {
    if stage == Stage::Compute {
        return (b.referenced && exe.stages.contains(&Stage::Compute)) as i32;
    }
    referenced(exe, stage, &mut std::iter::once(b.global))
}

/// The PROGRAM_INPUT or PROGRAM_OUTPUT resources of a program (none for compute).
fn io_list(exe: &LinkedProgram, i: Interface) -> &[IoResource] {
    match (&exe.graphics, i) {
        (Some(g), Interface::Input) => &g.inputs,
        (Some(g), Interface::Output) => &g.outputs,
        _ => &[],
    }
}

/// A program's subroutines of a stage (None: the program lacks the stage).
fn subs_of(exe: &LinkedProgram, stage: Stage) -> Option<&crate::glsl::StageSubroutines> {
    exe.subroutines.iter().find(|s| s.stage == stage)
}

/// Names of an interface's resources, for MAX_NAME_LENGTH.
fn subroutine_names(exe: &LinkedProgram, i: Interface) -> Vec<String> {
    match i {
        Interface::Subroutine(s) => subs_of(exe, s)
            .map(|x| x.functions.iter().map(|f| f.0.clone()).collect())
            .unwrap_or_default(),
        Interface::SubroutineUniform(s) => subs_of(exe, s)
            .map(|x| {
                x.uniforms
                    .iter()
                    .map(crate::glsl::StageSubroutines::resource_name)
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The transform feedback varyings a program records.
fn xfb_list(exe: &LinkedProgram) -> &[crate::glsl::XfbVarying] {
    exe.graphics.as_ref().map_or(&[], |g| g.xfb.as_slice())
}

/// The buffers a program's transform feedback records into.
fn xfb_buffer_list(exe: &LinkedProgram) -> Vec<crate::glsl::XfbBuffer> {
    exe.graphics
        .as_ref()
        .map_or(Vec::new(), |g| g.xfb_buffers())
}

/// The executable a linked program's queries answer from (None if not linked).
fn linked(st: &ProgramState) -> Option<Arc<Executable>> {
    st.executable.clone().filter(|_| st.link_status)
}

fn name_len(n: &str) -> i32 {
    n.len() as i32 + 1
}

impl ContextState {
    fn linked_program(&mut self, program: u32) -> GlResult<(Arc<Program>, Arc<Executable>)> {
        let prog = self.lookup_program(program)?;
        let exe = linked(&prog.state.lock());
        match exe {
            Some(e) => Ok((prog, e)),
            // GL 4.6 §7.6: INVALID_OPERATION if program has not been linked successfully.
            None => gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} has not been linked successfully"
            ),
        }
    }

    /// The reflection of a program for queries that allow unlinked programs (which have
    /// no active resources).
    fn reflection_of(&mut self, program: u32) -> GlResult<(Arc<Program>, Option<Arc<Executable>>)> {
        let prog = self.lookup_program(program)?;
        let exe = linked(&prog.state.lock());
        Ok((prog, exe))
    }

    /// GetUniformLocation (GL 4.6 §7.6.1).
    pub fn get_uniform_location(&mut self, program: u32, name: &str) -> GlResult<i32> {
        let (_, exe) = self.linked_program(program)?;
        Ok(exe.reflection.uniform_location(name))
    }

    /// GetActiveUniform (GL 4.6 §7.6.1): (name, size, type).
    pub fn get_active_uniform(&mut self, program: u32, index: u32) -> GlResult<(String, i32, u32)> {
        let (_, exe) = self.reflection_of(program)?;
        let Some(exe) = exe.as_ref() else {
            gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below GL_ACTIVE_UNIFORMS = 0 (the program is not linked)"
            )
        };
        let r = &exe.reflection;
        let Some(u) = r.uniforms.get(index as usize) else {
            // GL 4.6 §7.6.1: INVALID_VALUE if index >= ACTIVE_UNIFORMS.
            gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below GL_ACTIVE_UNIFORMS = {}",
                r.uniforms.len()
            )
        };
        Ok((
            u.name.clone(),
            u.elements() as i32,
            gl_type(&exe.module.types, u.ty),
        ))
    }

    /// GetActiveUniformName (GL 4.6 §7.6.1).
    pub fn get_active_uniform_name(&mut self, program: u32, index: u32) -> GlResult<String> {
        Ok(self.get_active_uniform(program, index)?.0)
    }

    /// GetUniformIndices (GL 4.6 §7.6.1): INVALID_INDEX for names that are not active.
    pub fn get_uniform_indices(&mut self, program: u32, names: &[String]) -> GlResult<Vec<u32>> {
        let (_, exe) = self.reflection_of(program)?;
        Ok(names
            .iter()
            .map(|n| {
                exe.as_ref()
                    .and_then(|e| Reflection::find(&e.reflection.uniforms, n))
                    .unwrap_or(GL_INVALID_INDEX)
            })
            .collect())
    }

    /// GetActiveUniformsiv (GL 4.6 §7.6.1).
    pub fn get_active_uniforms_iv(
        &mut self,
        program: u32,
        indices: &[u32],
        pname: u32,
    ) -> GlResult<Vec<i32>> {
        let (_, exe) = self.reflection_of(program)?;
        let n = exe
            .as_ref()
            .map(|e| e.reflection.uniforms.len())
            .unwrap_or(0);
        // GL 4.6 §7.6.1: INVALID_VALUE if an index is not below ACTIVE_UNIFORMS.
        if let Some(bad) = indices.iter().find(|&&i| i as usize >= n) {
            gl_bail!(
                GL_INVALID_VALUE,
                "uniform index {bad} is not below GL_ACTIVE_UNIFORMS = {n}"
            );
        }
        let prop = match pname {
            GL_UNIFORM_TYPE => GL_TYPE,
            GL_UNIFORM_SIZE => GL_ARRAY_SIZE,
            GL_UNIFORM_NAME_LENGTH => GL_NAME_LENGTH,
            GL_UNIFORM_BLOCK_INDEX => GL_BLOCK_INDEX,
            GL_UNIFORM_OFFSET => GL_OFFSET,
            GL_UNIFORM_ARRAY_STRIDE => GL_ARRAY_STRIDE,
            GL_UNIFORM_MATRIX_STRIDE => GL_MATRIX_STRIDE,
            GL_UNIFORM_IS_ROW_MAJOR => GL_IS_ROW_MAJOR,
            GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX => GL_ATOMIC_COUNTER_BUFFER_INDEX,
            // GL 4.6 §7.6.1: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a uniform property",
                Enum(pname)
            ),
        };
        let Some(exe) = exe else {
            return Ok(Vec::new());
        };
        indices
            .iter()
            .map(|&i| {
                let u = &exe.reflection.uniforms[i as usize];
                Ok(match prop {
                    // The legacy query reports 1 for a non-array (never 0).
                    GL_ARRAY_SIZE => u.elements() as i32,
                    _ => variable_prop(&exe, u, prop, false)?,
                })
            })
            .collect()
    }

    /// GetUniformBlockIndex (GL 4.6 §7.6.2).
    pub fn get_uniform_block_index(&mut self, program: u32, name: &str) -> GlResult<u32> {
        let (_, exe) = self.reflection_of(program)?;
        Ok(exe
            .and_then(|e| Reflection::find_block(&e.reflection.uniform_blocks, name))
            .unwrap_or(GL_INVALID_INDEX))
    }

    fn uniform_block(
        &mut self,
        program: u32,
        index: u32,
    ) -> GlResult<(Arc<Program>, Arc<Executable>)> {
        let (prog, exe) = self.reflection_of(program)?;
        let n = exe
            .as_ref()
            .map(|e| e.reflection.uniform_blocks.len())
            .unwrap_or(0);
        match exe {
            Some(e) if (index as usize) < n => Ok((prog, e)),
            // GL 4.6 §7.6.2: INVALID_VALUE if uniformBlockIndex >= ACTIVE_UNIFORM_BLOCKS.
            _ => gl_bail!(
                GL_INVALID_VALUE,
                "uniform block index {index} is not below GL_ACTIVE_UNIFORM_BLOCKS = {n}"
            ),
        }
    }

    /// GetActiveUniformBlockName (GL 4.6 §7.6.2).
    pub fn get_active_uniform_block_name(&mut self, program: u32, index: u32) -> GlResult<String> {
        let (_, exe) = self.uniform_block(program, index)?;
        Ok(exe.reflection.uniform_blocks[index as usize].name.clone())
    }

    /// GetActiveUniformBlockiv (GL 4.6 §7.6.2).
    pub fn get_active_uniform_block_iv(
        &mut self,
        program: u32,
        index: u32,
        pname: u32,
    ) -> GlResult<Vec<i32>> {
        let (prog, exe) = self.uniform_block(program, index)?;
        let b = &exe.reflection.uniform_blocks[index as usize];
        Ok(match pname {
            GL_UNIFORM_BLOCK_BINDING => {
                vec![prog.state.lock().uniforms.ubo_bindings[index as usize] as i32]
            }
            GL_UNIFORM_BLOCK_DATA_SIZE => vec![b.data_size as i32],
            GL_UNIFORM_BLOCK_NAME_LENGTH => vec![name_len(&b.name)],
            GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS => vec![b.members.len() as i32],
            GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES => {
                b.members.iter().map(|&m| m as i32).collect()
            }
            GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER => {
                let stage = referenced_stage(pname).expect("a stage");
                vec![block_referenced(&exe, stage, b)]
            }
            // GL 4.6 §7.6.2: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a uniform block property",
                Enum(pname)
            ),
        })
    }

    /// UniformBlockBinding (GL 4.6 §7.6.2).
    pub fn uniform_block_binding(
        &mut self,
        program: u32,
        index: u32,
        binding: u32,
    ) -> GlResult<()> {
        let (prog, _) = self.uniform_block(program, index)?;
        // GL 4.6 §7.6.2: INVALID_VALUE if binding >= MAX_UNIFORM_BUFFER_BINDINGS.
        if binding >= limits::MAX_UNIFORM_BUFFER_BINDINGS as u32 {
            gl_bail!(
                GL_INVALID_VALUE,
                "uniformBlockBinding {binding} is not below GL_MAX_UNIFORM_BUFFER_BINDINGS = {}",
                limits::MAX_UNIFORM_BUFFER_BINDINGS
            );
        }
        prog.state.lock().uniforms.ubo_bindings[index as usize] = binding;
        Ok(())
    }

    /// ShaderStorageBlockBinding (GL 4.6 §7.8).
    pub fn shader_storage_block_binding(
        &mut self,
        program: u32,
        index: u32,
        binding: u32,
    ) -> GlResult<()> {
        let (prog, exe) = self.reflection_of(program)?;
        let n = exe
            .as_ref()
            .map(|e| e.reflection.storage_blocks.len())
            .unwrap_or(0);
        // GL 4.6 §7.8: INVALID_VALUE if storageBlockIndex is not an active block index,
        // or storageBlockBinding >= MAX_SHADER_STORAGE_BUFFER_BINDINGS.
        if index as usize >= n {
            gl_bail!(
                GL_INVALID_VALUE,
                "storageBlockIndex {index} is not below GL_ACTIVE_RESOURCES of GL_SHADER_STORAGE_BLOCK = {n}"
            );
        }
        if binding >= limits::MAX_SHADER_STORAGE_BUFFER_BINDINGS as u32 {
            gl_bail!(
                GL_INVALID_VALUE,
                "storageBlockBinding {binding} is not below GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS = {}",
                limits::MAX_SHADER_STORAGE_BUFFER_BINDINGS
            );
        }
        prog.state.lock().uniforms.ssbo_bindings[index as usize] = binding;
        Ok(())
    }

    /// GetActiveAtomicCounterBufferiv (GL 4.6 §7.7).
    pub fn get_active_atomic_counter_buffer_iv(
        &mut self,
        program: u32,
        index: u32,
        pname: u32,
    ) -> GlResult<Vec<i32>> {
        let (_, exe) = self.reflection_of(program)?;
        let n = exe
            .as_ref()
            .map(|e| e.reflection.atomic_buffers.len())
            .unwrap_or(0);
        // GL 4.6 §7.7: INVALID_VALUE if bufferIndex >= ACTIVE_ATOMIC_COUNTER_BUFFERS.
        let Some(exe) = exe.filter(|_| (index as usize) < n) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "bufferIndex {index} is not below GL_ACTIVE_ATOMIC_COUNTER_BUFFERS = {n}"
            )
        };
        let b = &exe.reflection.atomic_buffers[index as usize];
        Ok(match pname {
            GL_ATOMIC_COUNTER_BUFFER_BINDING => vec![b.binding as i32],
            GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE => vec![b.data_size as i32],
            GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS => vec![b.counters.len() as i32],
            GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES => {
                b.counters.iter().map(|&c| c as i32).collect()
            }
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER => {
                let stage = referenced_stage(pname).expect("a stage");
                let r = &exe.reflection;
                vec![referenced(
                    &exe,
                    stage,
                    &mut b.counters.iter().map(|&c| r.uniforms[c as usize].global),
                )]
            }
            // GL 4.6 §7.7: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not an atomic counter buffer property",
                Enum(pname)
            ),
        })
    }

    /// GetProgramInterfaceiv (GL 4.6 §7.3.1).
    pub fn get_program_interface_iv(
        &mut self,
        program: u32,
        iface: u32,
        pname: u32,
    ) -> GlResult<i32> {
        let (_, exe) = self.reflection_of(program)?;
        let i = interface(iface)?;
        let r = exe.as_ref().map(|e| &e.reflection);
        let max_name = |names: &mut dyn Iterator<Item = &String>| {
            names.map(|n| name_len(n)).max().unwrap_or(0)
        };
        Ok(match pname {
            GL_ACTIVE_RESOURCES => match (i, r) {
                (_, None) => 0,
                (Interface::Subroutine(_) | Interface::SubroutineUniform(_), Some(_)) => {
                    subroutine_names(exe.as_ref().expect("linked"), i).len() as i32
                }
                (Interface::Uniform, Some(r)) => r.uniforms.len() as i32,
                (Interface::UniformBlock, Some(r)) => r.uniform_blocks.len() as i32,
                (Interface::AtomicCounterBuffer, Some(r)) => r.atomic_buffers.len() as i32,
                (Interface::BufferVariable, Some(r)) => r.buffer_variables.len() as i32,
                (Interface::ShaderStorageBlock, Some(r)) => r.storage_blocks.len() as i32,
                (Interface::Input | Interface::Output, Some(_)) => {
                    io_list(exe.as_ref().expect("linked"), i).len() as i32
                }
                (Interface::XfbVarying, Some(_)) => {
                    xfb_list(exe.as_ref().expect("linked")).len() as i32
                }
                (Interface::XfbBuffer, Some(_)) => {
                    xfb_buffer_list(exe.as_ref().expect("linked")).len() as i32
                }
            },
            GL_MAX_NAME_LENGTH => match (i, r) {
                // GL 4.6 §7.3.1: INVALID_OPERATION for interfaces without names.
                (Interface::AtomicCounterBuffer | Interface::XfbBuffer, _) => gl_bail!(
                    GL_INVALID_OPERATION,
                    "GL_MAX_NAME_LENGTH is not defined for interface {} (its resources have no names)",
                    Enum(iface)
                ),
                (_, None) => 0,
                (Interface::Subroutine(_) | Interface::SubroutineUniform(_), Some(_)) => {
                    max_name(&mut subroutine_names(exe.as_ref().expect("linked"), i).iter())
                }
                (Interface::Uniform, Some(r)) => max_name(&mut r.uniforms.iter().map(|u| &u.name)),
                (Interface::BufferVariable, Some(r)) => {
                    max_name(&mut r.buffer_variables.iter().map(|u| &u.name))
                }
                (Interface::UniformBlock, Some(r)) => {
                    max_name(&mut r.uniform_blocks.iter().map(|b| &b.name))
                }
                (Interface::ShaderStorageBlock, Some(r)) => {
                    max_name(&mut r.storage_blocks.iter().map(|b| &b.name))
                }
                (Interface::Input | Interface::Output, Some(_)) => max_name(
                    &mut io_list(exe.as_ref().expect("linked"), i)
                        .iter()
                        .map(|v| &v.name),
                ),
                (Interface::XfbVarying, Some(_)) => max_name(
                    &mut xfb_list(exe.as_ref().expect("linked"))
                        .iter()
                        .map(|v| &v.name),
                ),
            },
            GL_MAX_NUM_ACTIVE_VARIABLES => match (i, r) {
                (
                    Interface::UniformBlock
                    | Interface::ShaderStorageBlock
                    | Interface::AtomicCounterBuffer
                    | Interface::XfbBuffer,
                    None,
                ) => 0,
                (Interface::XfbBuffer, Some(_)) => xfb_buffer_list(exe.as_ref().expect("linked"))
                    .iter()
                    .map(|b| b.varyings.len())
                    .max()
                    .unwrap_or(0) as i32,
                (Interface::UniformBlock, Some(r)) => r
                    .uniform_blocks
                    .iter()
                    .map(|b| b.members.len())
                    .max()
                    .unwrap_or(0) as i32,
                (Interface::ShaderStorageBlock, Some(r)) => {
                    r.storage_blocks
                        .iter()
                        .map(|b| b.members.len())
                        .max()
                        .unwrap_or(0) as i32
                }
                (Interface::AtomicCounterBuffer, Some(r)) => {
                    r.atomic_buffers
                        .iter()
                        .map(|b| b.counters.len())
                        .max()
                        .unwrap_or(0) as i32
                }
                // GL 4.6 §7.3.1: INVALID_OPERATION for interfaces without active variables.
                _ => gl_bail!(
                    GL_INVALID_OPERATION,
                    "GL_MAX_NUM_ACTIVE_VARIABLES is only defined for block and atomic counter buffer interfaces, not {}",
                    Enum(iface)
                ),
            },
            GL_MAX_NUM_COMPATIBLE_SUBROUTINES => match i {
                Interface::SubroutineUniform(s) => exe
                    .as_ref()
                    .and_then(|e| subs_of(e, s))
                    .and_then(|x| x.uniforms.iter().map(|u| u.compatible.len()).max())
                    .unwrap_or(0) as i32,
                _ => gl_bail!(
                    GL_INVALID_OPERATION,
                    "GL_MAX_NUM_COMPATIBLE_SUBROUTINES is only defined for subroutine uniform interfaces, not {}",
                    Enum(iface)
                ),
            },
            // GL 4.6 §7.3.1: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a program interface property",
                Enum(pname)
            ),
        })
    }

    /// GetProgramResourceIndex (GL 4.6 §7.3.1.1).
    pub fn get_program_resource_index(
        &mut self,
        program: u32,
        iface: u32,
        name: &str,
    ) -> GlResult<u32> {
        let (_, exe) = self.reflection_of(program)?;
        let i = interface(iface)?;
        if matches!(i, Interface::AtomicCounterBuffer | Interface::XfbBuffer) {
            // GL 4.6 §7.3.1.1: INVALID_ENUM for interfaces without names.
            gl_bail!(
                GL_INVALID_ENUM,
                "interface {} has no named resources",
                Enum(iface)
            );
        }
        let Some(exe) = exe else {
            return Ok(GL_INVALID_INDEX);
        };
        let r = &exe.reflection;
        Ok(match i {
            Interface::Uniform => Reflection::find(&r.uniforms, name),
            Interface::BufferVariable => Reflection::find(&r.buffer_variables, name),
            Interface::UniformBlock => Reflection::find_block(&r.uniform_blocks, name),
            Interface::ShaderStorageBlock => Reflection::find_block(&r.storage_blocks, name),
            Interface::Input | Interface::Output => GraphicsInfo::find(io_list(&exe, i), name),
            Interface::Subroutine(st) => subs_of(&exe, st)
                .and_then(|x| x.functions.iter().find(|f| f.0 == name).map(|f| f.1)),
            Interface::SubroutineUniform(st) => {
                subs_of(&exe, st).and_then(|x| x.find_uniform(name).map(|(u, _)| u as u32))
            }
            // GL 4.6 §7.3.1.1: the names given to TransformFeedbackVaryings, exactly;
            // INVALID_INDEX for gl_NextBuffer and gl_SkipComponents1-4.
            Interface::XfbVarying => xfb_list(&exe)
                .iter()
                .position(|v| v.name == name && v.ty.is_some())
                .map(|p| p as u32),
            _ => None,
        }
        .unwrap_or(GL_INVALID_INDEX))
    }

    fn resource_count(exe: &Option<Arc<Executable>>, i: Interface) -> usize {
        let Some(e) = exe else { return 0 };
        let r = &e.reflection;
        match i {
            Interface::Uniform => r.uniforms.len(),
            Interface::UniformBlock => r.uniform_blocks.len(),
            Interface::AtomicCounterBuffer => r.atomic_buffers.len(),
            Interface::BufferVariable => r.buffer_variables.len(),
            Interface::ShaderStorageBlock => r.storage_blocks.len(),
            Interface::Input | Interface::Output => io_list(e, i).len(),
            Interface::XfbVarying => xfb_list(e).len(),
            Interface::XfbBuffer => xfb_buffer_list(e).len(),
            Interface::Subroutine(_) | Interface::SubroutineUniform(_) => {
                subroutine_names(e, i).len()
            }
        }
    }

    /// The executable, if `index` names one of its active resources of `i`.
    fn active_resource(
        exe: Option<Arc<Executable>>,
        i: Interface,
        iface: u32,
        index: u32,
    ) -> GlResult<Arc<Executable>> {
        let n = Self::resource_count(&exe, i);
        // Subroutines are numbered by their indices, which may leave gaps.
        let active = |e: &Executable| match i {
            Interface::Subroutine(st) => {
                subs_of(e, st).is_some_and(|x| x.functions.iter().any(|f| f.1 == index))
            }
            _ => (index as usize) < n,
        };
        // GL 4.6 §7.3.1.1: INVALID_VALUE if index is not an active resource index.
        match exe {
            Some(e) if active(&e) => Ok(e),
            _ => gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below the {n} active resources of {}",
                Enum(iface)
            ),
        }
    }

    /// GetProgramResourceName (GL 4.6 §7.3.1.1).
    pub fn get_program_resource_name(
        &mut self,
        program: u32,
        iface: u32,
        index: u32,
    ) -> GlResult<String> {
        let (_, exe) = self.reflection_of(program)?;
        let i = interface(iface)?;
        if matches!(i, Interface::AtomicCounterBuffer | Interface::XfbBuffer) {
            // GL 4.6 §7.3.1.1: INVALID_ENUM for interfaces without names.
            gl_bail!(
                GL_INVALID_ENUM,
                "interface {} has no named resources",
                Enum(iface)
            );
        }
        let exe = Self::active_resource(exe, i, iface, index)?;
        let r = &exe.reflection;
        let idx = index as usize;
        Ok(match i {
            Interface::Uniform => r.uniforms[idx].name.clone(),
            Interface::BufferVariable => r.buffer_variables[idx].name.clone(),
            Interface::UniformBlock => r.uniform_blocks[idx].name.clone(),
            Interface::ShaderStorageBlock => r.storage_blocks[idx].name.clone(),
            Interface::Input | Interface::Output => io_list(&exe, i)[idx].name.clone(),
            Interface::XfbVarying => xfb_list(&exe)[idx].name.clone(),
            Interface::Subroutine(st) => subs_of(&exe, st)
                .and_then(|x| x.functions.iter().find(|f| f.1 == index))
                .map(|f| f.0.clone())
                .expect("an active resource"),
            Interface::SubroutineUniform(st) => crate::glsl::StageSubroutines::resource_name(
                &subs_of(&exe, st).expect("an active resource").uniforms[idx],
            ),
            _ => unreachable!("no resources"),
        })
    }

    /// GetProgramResourceiv (GL 4.6 §7.3.1.1): the values of `props` in order.
    pub fn get_program_resource_iv(
        &mut self,
        program: u32,
        iface: u32,
        index: u32,
        props: &[u32],
    ) -> GlResult<Vec<i32>> {
        let (prog, exe) = self.reflection_of(program)?;
        let i = interface(iface)?;
        let exe = Self::active_resource(exe, i, iface, index)?;
        let r = &exe.reflection;
        let idx = index as usize;
        let mut out = Vec::new();
        for &p in props {
            let bad = || -> GlResult<Vec<i32>> {
                // GL 4.6 §7.3.1.1: INVALID_OPERATION if a property is not defined for
                // the interface, INVALID_ENUM if it is no property at all.
                if is_property(p) {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "property {} is not defined for interface {}",
                        Enum(p),
                        Enum(iface)
                    )
                } else {
                    gl_bail!(GL_INVALID_ENUM, "{} is not a resource property", Enum(p))
                }
            };
            let vals: Vec<i32> = match i {
                Interface::Uniform | Interface::BufferVariable => {
                    let buffer = i == Interface::BufferVariable;
                    let u = if buffer {
                        &r.buffer_variables[idx]
                    } else {
                        &r.uniforms[idx]
                    };
                    match p {
                        GL_LOCATION if !buffer => vec![u.location],
                        GL_TOP_LEVEL_ARRAY_SIZE if buffer => vec![u.top_level_array_size],
                        GL_TOP_LEVEL_ARRAY_STRIDE if buffer => vec![u.top_level_array_stride],
                        GL_ATOMIC_COUNTER_BUFFER_INDEX if !buffer => vec![u.atomic_buffer_index],
                        GL_NAME_LENGTH | GL_TYPE | GL_ARRAY_SIZE | GL_OFFSET | GL_BLOCK_INDEX
                        | GL_ARRAY_STRIDE | GL_MATRIX_STRIDE | GL_IS_ROW_MAJOR => {
                            vec![variable_prop(&exe, u, p, buffer)?]
                        }
                        _ => match referenced_stage(p) {
                            Some(s) => vec![referenced(&exe, s, &mut std::iter::once(u.global))],
                            None => bad()?,
                        },
                    }
                }
                Interface::UniformBlock | Interface::ShaderStorageBlock => {
                    let ubo = i == Interface::UniformBlock;
                    let b: &BlockResource = if ubo {
                        &r.uniform_blocks[idx]
                    } else {
                        &r.storage_blocks[idx]
                    };
                    match p {
                        GL_NAME_LENGTH => vec![name_len(&b.name)],
                        GL_BUFFER_BINDING => {
                            let st = prog.state.lock();
                            vec![if ubo {
                                st.uniforms.ubo_bindings[idx]
                            } else {
                                st.uniforms.ssbo_bindings[idx]
                            } as i32]
                        }
                        GL_BUFFER_DATA_SIZE => vec![b.data_size as i32],
                        GL_NUM_ACTIVE_VARIABLES => vec![b.members.len() as i32],
                        GL_ACTIVE_VARIABLES => b.members.iter().map(|&m| m as i32).collect(),
                        _ => match referenced_stage(p) {
                            Some(s) => vec![block_referenced(&exe, s, b)],
                            None => bad()?,
                        },
                    }
                }
                Interface::AtomicCounterBuffer => {
                    let b = &r.atomic_buffers[idx];
                    match p {
                        GL_BUFFER_BINDING => vec![b.binding as i32],
                        GL_BUFFER_DATA_SIZE => vec![b.data_size as i32],
                        GL_NUM_ACTIVE_VARIABLES => vec![b.counters.len() as i32],
                        GL_ACTIVE_VARIABLES => b.counters.iter().map(|&c| c as i32).collect(),
                        _ => match referenced_stage(p) {
                            Some(s) => vec![referenced(
                                &exe,
                                s,
                                &mut b.counters.iter().map(|&c| r.uniforms[c as usize].global),
                            )],
                            None => bad()?,
                        },
                    }
                }
                Interface::Input | Interface::Output => {
                    let output = i == Interface::Output;
                    let v = &io_list(&exe, i)[idx];
                    match p {
                        GL_NAME_LENGTH => vec![name_len(&v.name)],
                        GL_TYPE => vec![gl_type(&exe.module.types, v.ty) as i32],
                        GL_ARRAY_SIZE => vec![if v.is_array { v.array_size as i32 } else { 1 }],
                        GL_LOCATION => vec![v.location],
                        GL_LOCATION_INDEX if output => vec![v.index],
                        GL_IS_PER_PATCH => vec![v.patch as i32],
                        _ => match referenced_stage(p) {
                            // The first stage's inputs and the last stage's outputs are
                            // referenced by that stage only.
                            Some(s) => vec![referenced(&exe, s, &mut std::iter::once(v.global))],
                            None => bad()?,
                        },
                    }
                }
                Interface::XfbVarying => {
                    let v = &xfb_list(&exe)[idx];
                    match p {
                        GL_NAME_LENGTH => vec![name_len(&v.name)],
                        GL_TYPE => {
                            vec![v.ty.map_or(GL_NONE, |t| gl_type(&exe.module.types, t)) as i32]
                        }
                        GL_ARRAY_SIZE => vec![v.size as i32],
                        GL_OFFSET => vec![v.offset as i32],
                        GL_TRANSFORM_FEEDBACK_BUFFER_INDEX => {
                            let bufs = xfb_buffer_list(&exe);
                            vec![
                                bufs.iter()
                                    .position(|b| b.binding == v.buffer)
                                    .map_or(-1, |p| p as i32),
                            ]
                        }
                        _ => bad()?,
                    }
                }
                Interface::XfbBuffer => {
                    let b = &xfb_buffer_list(&exe)[idx];
                    match p {
                        GL_BUFFER_BINDING => vec![b.binding as i32],
                        GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE => vec![b.stride as i32],
                        GL_NUM_ACTIVE_VARIABLES => vec![b.varyings.len() as i32],
                        GL_ACTIVE_VARIABLES => b.varyings.iter().map(|&v| v as i32).collect(),
                        _ => bad()?,
                    }
                }
                Interface::Subroutine(st) => {
                    let f = subs_of(&exe, st)
                        .and_then(|x| x.functions.iter().find(|f| f.1 == index))
                        .expect("an active resource");
                    match p {
                        GL_NAME_LENGTH => vec![name_len(&f.0)],
                        _ => bad()?,
                    }
                }
                Interface::SubroutineUniform(st) => {
                    let u = &subs_of(&exe, st).expect("an active resource").uniforms[idx];
                    match p {
                        GL_NAME_LENGTH => {
                            vec![name_len(&crate::glsl::StageSubroutines::resource_name(u))]
                        }
                        GL_ARRAY_SIZE => vec![u.size as i32],
                        GL_NUM_COMPATIBLE_SUBROUTINES => vec![u.compatible.len() as i32],
                        GL_COMPATIBLE_SUBROUTINES => {
                            u.compatible.iter().map(|&c| c as i32).collect()
                        }
                        GL_LOCATION => vec![u.location as i32],
                        _ => bad()?,
                    }
                }
            };
            out.extend(vals);
        }
        Ok(out)
    }

    /// GetProgramResourceLocation (GL 4.6 §7.3.1.1).
    pub fn get_program_resource_location(
        &mut self,
        program: u32,
        iface: u32,
        name: &str,
    ) -> GlResult<i32> {
        let prog = self.lookup_program(program)?;
        let i = interface(iface)?;
        // GL 4.6 §7.3.1.1: INVALID_ENUM for interfaces without locations.
        let ok = matches!(
            i,
            Interface::Uniform
                | Interface::Input
                | Interface::Output
                | Interface::SubroutineUniform(_)
        );
        if !ok {
            gl_bail!(
                GL_INVALID_ENUM,
                "interface {} has no locations",
                Enum(iface)
            );
        }
        let exe = linked(&prog.state.lock());
        // GL 4.6 §7.3.1.1: INVALID_OPERATION if program has not been linked successfully.
        let Some(exe) = exe else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} has not been linked successfully"
            )
        };
        Ok(match i {
            Interface::Uniform => exe.reflection.uniform_location(name),
            Interface::Input | Interface::Output => {
                GraphicsInfo::location(io_list(&exe, i), name).map_or(-1, |l| l.0)
            }
            Interface::SubroutineUniform(st) => subs_of(&exe, st)
                .and_then(|x| {
                    x.find_uniform(name)
                        .map(|(u, e)| (x.uniforms[u].location + e) as i32)
                })
                .unwrap_or(-1),
            _ => -1,
        })
    }

    /// The program Uniform* commands address: the current program, else the active
    /// program of the bound pipeline (GL 4.6 §7.6.1, §7.4).
    fn uniform_target(&mut self) -> Option<Arc<Program>> {
        if let Some(p) = &self.current_program {
            return Some(p.clone());
        }
        self.pipelines
            .get(self.bound_pipeline)
            .and_then(|p| p.active_program.clone())
    }

    /// Uniform* and ProgramUniform* (GL 4.6 §7.6.1). `program` None means the current
    /// program. `count` elements of `shape` are in `values`.
    pub fn set_uniform(
        &mut self,
        program: Option<u32>,
        location: i32,
        count: i32,
        shape: Shape,
        transpose: bool,
        values: Values,
    ) -> GlResult<()> {
        // GL 4.6 §7.6.1: INVALID_VALUE if count is negative.
        if count < 0 {
            gl_bail!(GL_INVALID_VALUE, "count = {count} is negative");
        }
        let prog = match program {
            Some(name) => self.lookup_program(name)?,
            None => match self.uniform_target() {
                Some(p) => p,
                // GL 4.6 §7.6.1: INVALID_OPERATION if there is no current program.
                None => gl_bail!(GL_INVALID_OPERATION, "no program is current"),
            },
        };
        let mut st = prog.state.lock();
        let Some(exe) = linked(&st) else {
            // GL 4.6 §7.6.1: INVALID_OPERATION if the program is not linked successfully.
            gl_bail!(
                GL_INVALID_OPERATION,
                "program {} has not been linked successfully",
                prog.name
            )
        };
        // GL 4.6 §7.6.1: location -1 is silently ignored.
        if location == -1 {
            return Ok(());
        }
        let r = &exe.reflection;
        let Some((ui, element)) = r.location(location) else {
            // GL 4.6 §7.6.1: INVALID_OPERATION for a location that is not a uniform's.
            gl_bail!(
                GL_INVALID_OPERATION,
                "location {location} is not the location of a uniform of program {}",
                prog.name
            )
        };
        let u = &r.uniforms[ui as usize];
        // GL 4.6 §7.6.1: INVALID_OPERATION if count > 1 for a non-array uniform.
        if count > 1 && !u.is_array {
            gl_bail!(
                GL_INVALID_OPERATION,
                "count = {count} but uniform `{}' at location {location} is not an array",
                u.name
            );
        }
        let types = &exe.module.types;
        let ty = types.get(u.ty).clone();
        let tname = types.name(u.ty);
        let cmd_scalar = values.scalar();
        // GL 4.6 §7.6.1: INVALID_OPERATION if the command's size or type does not match
        // the uniform's (bool accepts every scalar type; samplers and images take 1i).
        let (uscalar, comps, is_matrix) = match &ty {
            Type::Scalar(s) => (*s, 1u8, None),
            Type::Vector(s, n) => (*s, *n, None),
            Type::Matrix { scalar, cols, rows } => (*scalar, cols * rows, Some((*cols, *rows))),
            Type::Sampler(_) | Type::Image(_) => (Scalar::Int, 1, None),
            _ => gl_bail!(
                GL_INVALID_OPERATION,
                "uniform `{}' cannot be set with glUniform*",
                u.name
            ),
        };
        let opaque = matches!(ty, Type::Sampler(_) | Type::Image(_));
        let shape_ok = match (shape, is_matrix) {
            (Shape::Vector(n), None) => n == comps,
            (Shape::Matrix(c, rw), Some((uc, ur))) => c == uc && rw == ur,
            _ => false,
        };
        // (GL_ARB_gpu_shader_int64 adds its commands to those a bool accepts.)
        let type_ok = if uscalar == Scalar::Bool {
            cmd_scalar != Scalar::Double
        } else {
            cmd_scalar == uscalar
        };
        if !shape_ok || !type_ok {
            gl_bail!(
                GL_INVALID_OPERATION,
                "uniform `{}' is {tname}; this command sets {} values of another size or type",
                u.name,
                cmd_scalar.name()
            );
        }
        let n_elems = (count as u32).min(u.elements() - element) as usize;
        let per = comps as usize;
        if values.len() < n_elems * per {
            gl_bail!(GL_INVALID_VALUE, "value holds fewer than count elements");
        }
        if opaque {
            // GL 4.6 §7.6.1: INVALID_VALUE for a sampler (image) unit outside
            // [0, MAX_COMBINED_TEXTURE_IMAGE_UNITS) ([0, MAX_IMAGE_UNITS)).
            let (max, what) = if matches!(ty, Type::Sampler(_)) {
                (
                    limits::MAX_COMBINED_TEXTURE_IMAGE_UNITS,
                    "GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS",
                )
            } else {
                (limits::MAX_IMAGE_UNITS, "GL_MAX_IMAGE_UNITS")
            };
            for i in 0..n_elems {
                let v = values.get_i64(i);
                if v < 0 || v >= max as i64 {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "unit {v} for `{}' is outside [0, {what} = {max})",
                        u.name
                    );
                }
            }
        }
        let Some((base, stride)) = u.storage else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "uniform `{}' has no default-block storage",
                u.name
            )
        };
        let size = uscalar.size() as usize;
        let mstride = match (&ty, is_matrix) {
            (_, Some(_)) => crate::ir::layout::bits32::matrix_stride(
                types,
                u.ty,
                crate::ir::Packing::Std430,
                false,
            ) as usize,
            _ => 0,
        };
        let data = &mut st.uniforms.data;
        for e in 0..n_elems {
            let at = base as usize + (element as usize + e) * stride as usize;
            for k in 0..per {
                // Destination component k: column k / rows, row k % rows.
                let (dst, src) = match is_matrix {
                    Some((cols, rows)) => {
                        let (c, rw) = (k / rows as usize, k % rows as usize);
                        let src = if transpose { rw * cols as usize + c } else { k };
                        (at + c * mstride + rw * size, e * per + src)
                    }
                    None => (at + k * size, e * per + k),
                };
                let bytes = if uscalar == Scalar::Bool {
                    (values.is_nonzero(src) as u32).to_ne_bytes().to_vec()
                } else {
                    values.bytes(src)
                };
                if let Some(d) = data.get_mut(dst..dst + bytes.len()) {
                    d.copy_from_slice(&bytes);
                }
            }
        }
        Ok(())
    }

    /// GetUniform*v and GetnUniform*v (GL 4.6 §7.10): every component of the element at
    /// `location`, converted to `as_`. `buf_size` is the byte size the n-forms pass.
    pub fn get_uniform(
        &mut self,
        program: u32,
        location: i32,
        as_: GetAs,
        buf_size: Option<usize>,
    ) -> GlResult<Vec<Component>> {
        let (prog, exe) = self.linked_program(program)?;
        let r = &exe.reflection;
        let Some((ui, element)) = r.location(location) else {
            // GL 4.6 §7.10: INVALID_OPERATION if location is not a uniform's.
            gl_bail!(
                GL_INVALID_OPERATION,
                "location {location} is not the location of a uniform of program {program}"
            )
        };
        let u = &r.uniforms[ui as usize];
        let types = &exe.module.types;
        let ty = types.get(u.ty).clone();
        let (scalar, cols, rows) = match ty {
            Type::Scalar(s) => (s, 1u8, 1u8),
            Type::Vector(s, n) => (s, 1, n),
            Type::Matrix { scalar, cols, rows } => (scalar, cols, rows),
            _ => (Scalar::Int, 1, 1),
        };
        let n = cols as usize * rows as usize;
        let elem_size = match as_ {
            GetAs::Double | GetAs::Int64 | GetAs::Uint64 => 8,
            _ => 4,
        };
        if let Some(b) = buf_size
            && b < n * elem_size
        {
            // GL 4.6 §7.10: INVALID_OPERATION if bufSize is smaller than the result.
            gl_bail!(
                GL_INVALID_OPERATION,
                "bufSize = {b} bytes is less than the {} bytes of `{}'",
                n * elem_size,
                u.name
            );
        }
        let (base, stride) = u.storage.unwrap_or((0, 0));
        let mstride = if cols > 1 {
            crate::ir::layout::bits32::matrix_stride(types, u.ty, crate::ir::Packing::Std430, false)
                as usize
        } else {
            0
        };
        let st = prog.state.lock();
        let data = &st.uniforms.data;
        let at = base as usize + element as usize * stride as usize;
        let size = scalar.size() as usize;
        let mut out = Vec::with_capacity(n);
        for c in 0..cols as usize {
            for rw in 0..rows as usize {
                let p = at + c * mstride + rw * size;
                // Read in the uniform's own type, then convert (GL 4.6 §7.10: as if by
                // the matching constructor; bools read as 0/1).
                let (f, i, uv): (f64, i64, u64) = match scalar {
                    Scalar::Float => {
                        let v = f32::from_ne_bytes(read_word(data, p)) as f64;
                        (v, v as i64, v as u64)
                    }
                    Scalar::Double => {
                        let v = f64::from_ne_bytes(read_dword(data, p));
                        (v, v as i64, v as u64)
                    }
                    Scalar::Int => {
                        let v = i32::from_ne_bytes(read_word(data, p));
                        (v as f64, v as i64, v as u32 as u64)
                    }
                    Scalar::Uint => {
                        let v = u32::from_ne_bytes(read_word(data, p));
                        (v as f64, v as i32 as i64, v as u64)
                    }
                    Scalar::Bool => {
                        let v = (u32::from_ne_bytes(read_word(data, p)) != 0) as u32;
                        (v as f64, v as i64, v as u64)
                    }
                    Scalar::Int64 => {
                        let v = i64::from_ne_bytes(read_dword(data, p));
                        (v as f64, v, v as u64)
                    }
                    Scalar::Uint64 => {
                        let v = u64::from_ne_bytes(read_dword(data, p));
                        (v as f64, v as i64, v)
                    }
                };
                out.push(match as_ {
                    GetAs::Float => Component::F(f as f32),
                    GetAs::Double => Component::D(f),
                    GetAs::Int => Component::I(if scalar.is_float() {
                        f.round_ties_even() as i64
                    } else {
                        i
                    } as i32),
                    GetAs::Uint => Component::U(if scalar.is_float() {
                        f.round_ties_even() as u64
                    } else {
                        uv
                    } as u32),
                    GetAs::Int64 => Component::I64(if scalar.is_float() {
                        f.round_ties_even() as i64
                    } else {
                        i
                    }),
                    GetAs::Uint64 => Component::U64(if scalar.is_float() {
                        f.round_ties_even() as u64
                    } else {
                        uv
                    }),
                });
            }
        }
        Ok(out)
    }
}

/// True for every enum GetProgramResourceiv knows as a property.
fn is_property(p: u32) -> bool {
    matches!(
        p,
        GL_ACTIVE_VARIABLES
            | GL_ARRAY_SIZE
            | GL_ARRAY_STRIDE
            | GL_ATOMIC_COUNTER_BUFFER_INDEX
            | GL_BLOCK_INDEX
            | GL_BUFFER_BINDING
            | GL_BUFFER_DATA_SIZE
            | GL_COMPATIBLE_SUBROUTINES
            | GL_IS_PER_PATCH
            | GL_IS_ROW_MAJOR
            | GL_LOCATION
            | GL_LOCATION_INDEX
            | GL_LOCATION_COMPONENT
            | GL_MATRIX_STRIDE
            | GL_NAME_LENGTH
            | GL_NUM_ACTIVE_VARIABLES
            | GL_NUM_COMPATIBLE_SUBROUTINES
            | GL_OFFSET
            | GL_REFERENCED_BY_VERTEX_SHADER
            | GL_REFERENCED_BY_TESS_CONTROL_SHADER
            | GL_REFERENCED_BY_TESS_EVALUATION_SHADER
            | GL_REFERENCED_BY_GEOMETRY_SHADER
            | GL_REFERENCED_BY_FRAGMENT_SHADER
            | GL_REFERENCED_BY_COMPUTE_SHADER
            | GL_TOP_LEVEL_ARRAY_SIZE
            | GL_TOP_LEVEL_ARRAY_STRIDE
            | GL_TRANSFORM_FEEDBACK_BUFFER_INDEX
            | GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE
            | GL_TYPE
    )
}

/// The per-variable properties shared by UNIFORM and BUFFER_VARIABLE (GL 4.6 table 7.2).
fn variable_prop(exe: &LinkedProgram, u: &Resource, prop: u32, _buffer: bool) -> GlResult<i32> {
    Ok(match prop {
        GL_NAME_LENGTH => name_len(&u.name),
        GL_TYPE => gl_type(&exe.module.types, u.ty) as i32,
        // GL 4.6 §7.3.1.1: ARRAY_SIZE is the element count of an array (0 if unsized),
        // 1 otherwise.
        GL_ARRAY_SIZE => {
            if u.is_array {
                u.array_size as i32
            } else {
                1
            }
        }
        GL_OFFSET => u.offset,
        GL_BLOCK_INDEX => u.block_index,
        GL_ARRAY_STRIDE => u.array_stride,
        GL_MATRIX_STRIDE => u.matrix_stride,
        GL_IS_ROW_MAJOR => u.row_major as i32,
        GL_ATOMIC_COUNTER_BUFFER_INDEX => u.atomic_buffer_index,
        _ => gl_bail!(GL_INVALID_ENUM, "{} is not a variable property", Enum(prop)),
    })
}
