//! Uniform values (GL 4.6 §7.6): uniform locations, glUniform*/glProgramUniform* and
//! glGetUniform*, and the uniform and storage block bindings. Values live in the
//! program's default block storage (laid out by the linker), which dispatch snapshots.
//! The GL type enums of the program interface are here too (GL 4.6 table 7.3). The
//! interface queries are in [`super::program_interface`] and
//! [`super::active_uniforms`].

use crate::gl::enums::*;
use crate::gl::error::GlResult;
use crate::ir::{Dim, Opaque, Scalar, Type, TypeId, Types};
use crate::state::context::ContextState;
use crate::state::objects::program::{Executable, Program, ProgramState};
use crate::{gl_bail, limits};
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

/// The executable a linked program's queries answer from (None if not linked).
pub fn linked(st: &ProgramState) -> Option<Arc<Executable>> {
    st.executable.clone().filter(|_| st.link_status)
}

pub fn name_len(n: &str) -> i32 {
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
    pub fn reflection_of(
        &mut self,
        program: u32,
    ) -> GlResult<(Arc<Program>, Option<Arc<Executable>>)> {
        let prog = self.lookup_program(program)?;
        let exe = linked(&prog.state.lock());
        Ok((prog, exe))
    }

    /// GetUniformLocation (GL 4.6 §7.6.1).
    pub fn get_uniform_location(&mut self, program: u32, name: &str) -> GlResult<i32> {
        let (_, exe) = self.linked_program(program)?;
        Ok(exe.reflection.uniform_location(name))
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
