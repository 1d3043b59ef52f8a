//! Uniform and program-interface entry points (GL 4.6 §7.3.1, §7.6-7.8, §7.10):
//! locations, values, active-resource queries and block bindings.

use crate::api::call::{c_bytes, gl_call, in_array, out_array, out_one};
use crate::gl::enums::*;
use crate::gl::error::GlResult;
use crate::gl::types::*;
use crate::gl_bail;
use crate::state::program::copy_string;
use crate::state::uniform::{Component, GetAs, Shape, Values};

/// A NUL-terminated name argument (NULL reads as the empty name, which names nothing).
///
/// # Safety
/// `name` must be null or NUL-terminated.
pub(super) unsafe fn name_arg(name: *const GLchar) -> String {
    // SAFETY: caller contract.
    let bytes = unsafe { c_bytes(name, -1) }.unwrap_or_default();
    String::from_utf8_lossy(bytes).into_owned()
}

fn non_negative(v: GLsizei, what: &str) -> GlResult<usize> {
    // GL 4.6 §2.3.1: INVALID_VALUE for a negative count or size.
    if v < 0 {
        gl_bail!(GL_INVALID_VALUE, "{what} = {v} is negative");
    }
    Ok(v as usize)
}

/// Copies a string result (GL 4.6 §2.2.2).
///
/// # Safety
/// `out` must be null or hold `buf_size` bytes; `length` null or writable.
pub(super) unsafe fn write_name(s: &str, buf_size: usize, length: *mut GLsizei, out: *mut GLchar) {
    // SAFETY: caller contract.
    let buf = unsafe { UserOut::new(out) }.bytes(buf_size);
    let n = copy_string(s, buf_size, buf);
    // SAFETY: caller contract.
    unsafe { out_one(length, n as GLsizei) };
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformLocation(program: GLuint, name: *const GLchar) -> GLint {
    // SAFETY: the application passes a NUL-terminated name.
    let name = unsafe { name_arg(name) };
    // A failing call (and a lost context) returns -1, never 0, which is a location.
    gl_call("glGetUniformLocation", |st| {
        st.get_uniform_location(program, &name).map(Some)
    })
    .unwrap_or(-1)
    .max(-1)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveUniform(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    size: *mut GLint,
    ty: *mut GLenum,
    name: *mut GLchar,
) {
    gl_call("glGetActiveUniform", |st| {
        let (n, s, t) = st.get_active_uniform(program, index)?;
        let buf = non_negative(buf_size, "bufSize")?;
        // SAFETY: the application passes writable outputs and bufSize bytes of name.
        unsafe {
            write_name(&n, buf, length, name);
            out_one(size, s);
            out_one(ty, t);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveUniformName(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    gl_call("glGetActiveUniformName", |st| {
        // GL 4.6 §7.6.1: INVALID_VALUE for a negative bufSize.
        let buf = non_negative(buf_size, "bufSize")?;
        let n = st.get_active_uniform_name(program, index)?;
        // SAFETY: as glGetActiveUniform.
        unsafe { write_name(&n, buf, length, name) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformIndices(
    program: GLuint,
    count: GLsizei,
    names: *const *const GLchar,
    indices: *mut GLuint,
) {
    gl_call("glGetUniformIndices", |st| {
        let n = non_negative(count, "uniformCount")?;
        // SAFETY: the application passes `count` NUL-terminated names.
        let list: Vec<String> = unsafe { in_array(names, n) }
            .unwrap_or_default()
            .iter()
            // SAFETY: each entry is NUL-terminated.
            .map(|&p| unsafe { name_arg(p) })
            .collect();
        let out = st.get_uniform_indices(program, &list)?;
        // SAFETY: the application passes room for `count` indices.
        unsafe { out_array(indices, &out) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveUniformsiv(
    program: GLuint,
    count: GLsizei,
    indices: *const GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    gl_call("glGetActiveUniformsiv", |st| {
        let n = non_negative(count, "uniformCount")?;
        // SAFETY: the application passes `count` indices.
        let list = unsafe { in_array(indices, n) }.unwrap_or_default();
        let out = st.get_active_uniforms_iv(program, list, pname)?;
        // SAFETY: room for `count` values.
        unsafe { out_array(params, &out) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformBlockIndex(program: GLuint, name: *const GLchar) -> GLuint {
    // SAFETY: NUL-terminated name.
    let name = unsafe { name_arg(name) };
    let r = gl_call("glGetUniformBlockIndex", |st| {
        st.get_uniform_block_index(program, &name).map(Some)
    });
    r.unwrap_or(GL_INVALID_INDEX)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveUniformBlockiv(
    program: GLuint,
    index: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    gl_call("glGetActiveUniformBlockiv", |st| {
        let out = st.get_active_uniform_block_iv(program, index, pname)?;
        // SAFETY: room for every value of pname.
        unsafe { out_array(params, &out) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveUniformBlockName(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    gl_call("glGetActiveUniformBlockName", |st| {
        let buf = non_negative(buf_size, "bufSize")?;
        let n = st.get_active_uniform_block_name(program, index)?;
        // SAFETY: bufSize bytes of name.
        unsafe { write_name(&n, buf, length, name) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniformBlockBinding(program: GLuint, index: GLuint, binding: GLuint) {
    gl_call("glUniformBlockBinding", |st| {
        st.uniform_block_binding(program, index, binding)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glShaderStorageBlockBinding(program: GLuint, index: GLuint, binding: GLuint) {
    gl_call("glShaderStorageBlockBinding", |st| {
        st.shader_storage_block_binding(program, index, binding)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveAtomicCounterBufferiv(
    program: GLuint,
    index: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    gl_call("glGetActiveAtomicCounterBufferiv", |st| {
        let out = st.get_active_atomic_counter_buffer_iv(program, index, pname)?;
        // SAFETY: room for every value of pname.
        unsafe { out_array(params, &out) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramInterfaceiv(
    program: GLuint,
    iface: GLenum,
    pname: GLenum,
    params: *mut GLint,
) {
    gl_call("glGetProgramInterfaceiv", |st| {
        let v = st.get_program_interface_iv(program, iface, pname)?;
        // SAFETY: room for one value.
        unsafe { out_one(params, v) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramResourceIndex(
    program: GLuint,
    iface: GLenum,
    name: *const GLchar,
) -> GLuint {
    // SAFETY: NUL-terminated name.
    let name = unsafe { name_arg(name) };
    gl_call("glGetProgramResourceIndex", |st| {
        st.get_program_resource_index(program, iface, &name)
            .map(Some)
    })
    .unwrap_or(GL_INVALID_INDEX)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramResourceName(
    program: GLuint,
    iface: GLenum,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    gl_call("glGetProgramResourceName", |st| {
        let n = st.get_program_resource_name(program, iface, index)?;
        // GL 4.6 §7.3.1.1: INVALID_VALUE for a negative bufSize.
        let buf = non_negative(buf_size, "bufSize")?;
        // SAFETY: bufSize bytes of name.
        unsafe { write_name(&n, buf, length, name) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramResourceiv(
    program: GLuint,
    iface: GLenum,
    index: GLuint,
    prop_count: GLsizei,
    props: *const GLenum,
    buf_size: GLsizei,
    length: *mut GLsizei,
    params: *mut GLint,
) {
    gl_call("glGetProgramResourceiv", |st| {
        // GL 4.6 §7.3.1.1: INVALID_VALUE if propCount <= 0 or bufSize < 0.
        if prop_count <= 0 {
            gl_bail!(GL_INVALID_VALUE, "propCount = {prop_count} is not positive");
        }
        let buf = non_negative(buf_size, "bufSize")?;
        // SAFETY: the application passes propCount properties.
        let list = unsafe { in_array(props, prop_count as usize) }.unwrap_or_default();
        let out = st.get_program_resource_iv(program, iface, index, list)?;
        let n = out.len().min(buf);
        // SAFETY: room for bufSize values.
        unsafe {
            out_array(params, &out[..n]);
            out_one(length, n as GLsizei);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramResourceLocation(
    program: GLuint,
    iface: GLenum,
    name: *const GLchar,
) -> GLint {
    // SAFETY: NUL-terminated name.
    let name = unsafe { name_arg(name) };
    gl_call("glGetProgramResourceLocation", |st| {
        st.get_program_resource_location(program, iface, &name)
            .map(Some)
    })
    .unwrap_or(-1)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramResourceLocationIndex(
    program: GLuint,
    iface: GLenum,
    name: *const GLchar,
) -> GLint {
    // SAFETY: the application passes a NUL-terminated name (or NULL).
    let name = unsafe { c_bytes(name, -1) }.map(|b| String::from_utf8_lossy(b).into_owned());
    gl_call(
        "glGetProgramResourceLocationIndex",
        |st| -> GlResult<Option<i32>> {
            st.get_program_resource_location_index(program, iface, name.as_deref().unwrap_or(""))
                .map(Some)
        },
    )
    .unwrap_or(-1)
}

// Uniform setters: glUniform{1234}{f,i,ui,d}, their v forms, the matrix forms, the
// glProgramUniform* twins and the GL_ARB_gpu_shader_int64 forms. Every one is an
// instance of the macros below over `set`/`set_v`: the forms differ only in type.

fn set(func: &'static str, program: Option<GLuint>, location: GLint, n: u8, v: Values) {
    gl_call(func, |st| {
        st.set_uniform(program, location, 1, Shape::Vector(n), false, v)
    })
}

/// The array forms: `count` elements of `shape` read from `value`.
///
/// # Safety
/// `value` must be null or hold count elements of `shape`.
unsafe fn set_v<'a, T: 'a>(
    func: &'static str,
    program: Option<GLuint>,
    location: GLint,
    count: GLsizei,
    (shape, transpose): (Shape, GLboolean),
    value: *const T,
    wrap: fn(&'a [T]) -> Values<'a>,
) {
    let per = match shape {
        Shape::Vector(n) => n as usize,
        Shape::Matrix(c, r) => c as usize * r as usize,
    };
    let n = if count > 0 { count as usize * per } else { 0 };
    // SAFETY: caller contract.
    let v: &'a [T] = unsafe { in_array(value, n) }.unwrap_or_default();
    gl_call(func, |st| {
        st.set_uniform(program, location, count, shape, transpose != 0, wrap(v))
    })
}

/// `glUniformNt(location, v0, ...)` and `glProgramUniformNt(program, location, v0, ...)`:
/// one vector of as many components as arguments.
macro_rules! uniform_scalar {
    ($name:ident, $pname:ident, $t:ty, $kind:ident; $($c:ident),+) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $name(location: GLint, $($c: $t),+) {
            let v = [$($c),+];
            set(stringify!($name), None, location, v.len() as u8, Values::$kind(&v))
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn $pname(program: GLuint, location: GLint, $($c: $t),+) {
            let v = [$($c),+];
            set(stringify!($pname), Some(program), location, v.len() as u8, Values::$kind(&v))
        }
    };
}

/// `glUniformNtv(location, count, value)` and its glProgramUniform twin: `count` vectors
/// of `$n` components.
macro_rules! uniform_vector {
    ($name:ident, $pname:ident, $t:ty, $kind:ident, $n:expr) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(location: GLint, count: GLsizei, value: *const $t) {
            let shape = (Shape::Vector($n), 0);
            // SAFETY: the application passes count vectors.
            unsafe {
                set_v(
                    stringify!($name),
                    None,
                    location,
                    count,
                    shape,
                    value,
                    Values::$kind,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $pname(
            program: GLuint,
            location: GLint,
            count: GLsizei,
            value: *const $t,
        ) {
            let (p, shape) = (Some(program), (Shape::Vector($n), 0));
            // SAFETY: the application passes count vectors.
            unsafe {
                set_v(
                    stringify!($pname),
                    p,
                    location,
                    count,
                    shape,
                    value,
                    Values::$kind,
                )
            }
        }
    };
}

/// `glUniformMatrixCxRtv(location, count, transpose, value)` and its glProgramUniform
/// twin: `count` matrices of `$c` columns and `$r` rows.
macro_rules! uniform_matrix {
    ($name:ident, $pname:ident, $t:ty, $kind:ident, $c:expr, $r:expr) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            location: GLint,
            count: GLsizei,
            transpose: GLboolean,
            value: *const $t,
        ) {
            let shape = (Shape::Matrix($c, $r), transpose);
            // SAFETY: the application passes count matrices.
            unsafe {
                set_v(
                    stringify!($name),
                    None,
                    location,
                    count,
                    shape,
                    value,
                    Values::$kind,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $pname(
            program: GLuint,
            location: GLint,
            count: GLsizei,
            transpose: GLboolean,
            value: *const $t,
        ) {
            let (p, shape) = (Some(program), (Shape::Matrix($c, $r), transpose));
            // SAFETY: the application passes count matrices.
            unsafe {
                set_v(
                    stringify!($pname),
                    p,
                    location,
                    count,
                    shape,
                    value,
                    Values::$kind,
                )
            }
        }
    };
}

/// The scalar, vector and array forms of one component type.
macro_rules! uniform_type {
    ($t:ty, $kind:ident;
     $n1:ident, $p1:ident, $n2:ident, $p2:ident, $n3:ident, $p3:ident, $n4:ident, $p4:ident;
     $v1:ident, $q1:ident, $v2:ident, $q2:ident, $v3:ident, $q3:ident, $v4:ident, $q4:ident) => {
        uniform_scalar!($n1, $p1, $t, $kind; v0);
        uniform_scalar!($n2, $p2, $t, $kind; v0, v1);
        uniform_scalar!($n3, $p3, $t, $kind; v0, v1, v2);
        uniform_scalar!($n4, $p4, $t, $kind; v0, v1, v2, v3);
        uniform_vector!($v1, $q1, $t, $kind, 1);
        uniform_vector!($v2, $q2, $t, $kind, 2);
        uniform_vector!($v3, $q3, $t, $kind, 3);
        uniform_vector!($v4, $q4, $t, $kind, 4);
    };
}

/// The nine matrix shapes of one component type.
macro_rules! uniform_matrices {
    ($t:ty, $kind:ident; $($name:ident, $pname:ident, $c:expr, $r:expr);+) => {
        $(uniform_matrix!($name, $pname, $t, $kind, $c, $r);)+
    };
}

uniform_type! { GLfloat, F;
    glUniform1f, glProgramUniform1f, glUniform2f, glProgramUniform2f,
    glUniform3f, glProgramUniform3f, glUniform4f, glProgramUniform4f;
    glUniform1fv, glProgramUniform1fv, glUniform2fv, glProgramUniform2fv,
    glUniform3fv, glProgramUniform3fv, glUniform4fv, glProgramUniform4fv
}

uniform_type! { GLint, I;
    glUniform1i, glProgramUniform1i, glUniform2i, glProgramUniform2i,
    glUniform3i, glProgramUniform3i, glUniform4i, glProgramUniform4i;
    glUniform1iv, glProgramUniform1iv, glUniform2iv, glProgramUniform2iv,
    glUniform3iv, glProgramUniform3iv, glUniform4iv, glProgramUniform4iv
}

uniform_type! { GLuint, U;
    glUniform1ui, glProgramUniform1ui, glUniform2ui, glProgramUniform2ui,
    glUniform3ui, glProgramUniform3ui, glUniform4ui, glProgramUniform4ui;
    glUniform1uiv, glProgramUniform1uiv, glUniform2uiv, glProgramUniform2uiv,
    glUniform3uiv, glProgramUniform3uiv, glUniform4uiv, glProgramUniform4uiv
}

uniform_type! { GLdouble, D;
    glUniform1d, glProgramUniform1d, glUniform2d, glProgramUniform2d,
    glUniform3d, glProgramUniform3d, glUniform4d, glProgramUniform4d;
    glUniform1dv, glProgramUniform1dv, glUniform2dv, glProgramUniform2dv,
    glUniform3dv, glProgramUniform3dv, glUniform4dv, glProgramUniform4dv
}

// GL_ARB_gpu_shader_int64: the 64-bit integer forms.
uniform_type! { GLint64, I64;
    glUniform1i64ARB, glProgramUniform1i64ARB, glUniform2i64ARB, glProgramUniform2i64ARB,
    glUniform3i64ARB, glProgramUniform3i64ARB, glUniform4i64ARB, glProgramUniform4i64ARB;
    glUniform1i64vARB, glProgramUniform1i64vARB, glUniform2i64vARB, glProgramUniform2i64vARB,
    glUniform3i64vARB, glProgramUniform3i64vARB, glUniform4i64vARB, glProgramUniform4i64vARB
}

uniform_type! { GLuint64, U64;
    glUniform1ui64ARB, glProgramUniform1ui64ARB, glUniform2ui64ARB, glProgramUniform2ui64ARB,
    glUniform3ui64ARB, glProgramUniform3ui64ARB, glUniform4ui64ARB, glProgramUniform4ui64ARB;
    glUniform1ui64vARB, glProgramUniform1ui64vARB, glUniform2ui64vARB, glProgramUniform2ui64vARB,
    glUniform3ui64vARB, glProgramUniform3ui64vARB, glUniform4ui64vARB, glProgramUniform4ui64vARB
}

uniform_matrices! { GLfloat, F;
    glUniformMatrix2fv, glProgramUniformMatrix2fv, 2, 2;
    glUniformMatrix3fv, glProgramUniformMatrix3fv, 3, 3;
    glUniformMatrix4fv, glProgramUniformMatrix4fv, 4, 4;
    glUniformMatrix2x3fv, glProgramUniformMatrix2x3fv, 2, 3;
    glUniformMatrix3x2fv, glProgramUniformMatrix3x2fv, 3, 2;
    glUniformMatrix2x4fv, glProgramUniformMatrix2x4fv, 2, 4;
    glUniformMatrix4x2fv, glProgramUniformMatrix4x2fv, 4, 2;
    glUniformMatrix3x4fv, glProgramUniformMatrix3x4fv, 3, 4;
    glUniformMatrix4x3fv, glProgramUniformMatrix4x3fv, 4, 3
}

uniform_matrices! { GLdouble, D;
    glUniformMatrix2dv, glProgramUniformMatrix2dv, 2, 2;
    glUniformMatrix3dv, glProgramUniformMatrix3dv, 3, 3;
    glUniformMatrix4dv, glProgramUniformMatrix4dv, 4, 4;
    glUniformMatrix2x3dv, glProgramUniformMatrix2x3dv, 2, 3;
    glUniformMatrix3x2dv, glProgramUniformMatrix3x2dv, 3, 2;
    glUniformMatrix2x4dv, glProgramUniformMatrix2x4dv, 2, 4;
    glUniformMatrix4x2dv, glProgramUniformMatrix4x2dv, 4, 2;
    glUniformMatrix3x4dv, glProgramUniformMatrix3x4dv, 3, 4;
    glUniformMatrix4x3dv, glProgramUniformMatrix4x3dv, 4, 3
}

// Uniform getters (GL 4.6 §7.10): glGetUniform{f,i,ui,d}v, the bounded glGetnUniform*
// and the GL_ARB_gpu_shader_int64 forms.

/// # Safety
/// `params` must be null or hold every component (or `buf_size` bytes).
unsafe fn get<T: Copy + Default>(
    func: &'static str,
    program: GLuint,
    location: GLint,
    as_: GetAs,
    buf_size: Option<GLsizei>,
    params: *mut T,
    pick: fn(&Component) -> Option<T>,
) {
    gl_call(func, |st| {
        let b = buf_size.map(|b| non_negative(b, "bufSize")).transpose()?;
        let v = st.get_uniform(program, location, as_, b)?;
        let out: Vec<T> = v.iter().map(|c| pick(c).unwrap_or_default()).collect();
        // SAFETY: caller contract (the n-forms checked bufSize).
        unsafe { out_array(params, &out) };
        Ok(())
    })
}

/// `glGetUniformtv(program, location, params)` and `glGetnUniformtv(..., bufSize, params)`:
/// the uniform's components converted as `$as` and returned as `$kind` components.
macro_rules! uniform_get {
    ($name:ident, $nname:ident, $t:ty, $as:ident, $kind:ident) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(program: GLuint, location: GLint, params: *mut $t) {
            // SAFETY: the application passes room for the uniform's components.
            unsafe {
                get(
                    stringify!($name),
                    program,
                    location,
                    GetAs::$as,
                    None,
                    params,
                    pick,
                )
            }
            fn pick(c: &Component) -> Option<$t> {
                if let Component::$kind(x) = c {
                    Some(*x)
                } else {
                    None
                }
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $nname(
            program: GLuint,
            location: GLint,
            buf_size: GLsizei,
            params: *mut $t,
        ) {
            let b = Some(buf_size);
            // SAFETY: the application passes bufSize bytes.
            unsafe {
                get(
                    stringify!($nname),
                    program,
                    location,
                    GetAs::$as,
                    b,
                    params,
                    pick,
                )
            }
            fn pick(c: &Component) -> Option<$t> {
                if let Component::$kind(x) = c {
                    Some(*x)
                } else {
                    None
                }
            }
        }
    };
}

uniform_get!(glGetUniformfv, glGetnUniformfv, GLfloat, Float, F);
uniform_get!(glGetUniformiv, glGetnUniformiv, GLint, Int, I);
uniform_get!(glGetUniformuiv, glGetnUniformuiv, GLuint, Uint, U);
uniform_get!(glGetUniformdv, glGetnUniformdv, GLdouble, Double, D);
uniform_get!(
    glGetUniformi64vARB,
    glGetnUniformi64vARB,
    GLint64,
    Int64,
    I64
);
uniform_get!(
    glGetUniformui64vARB,
    glGetnUniformui64vARB,
    GLuint64,
    Uint64,
    U64
);
