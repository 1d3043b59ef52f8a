//! Uniform and program-interface entry points (GL 4.6 §7.3.1, §7.6-7.8, §7.10):
//! locations, values, active-resource queries and block bindings.

use super::{c_bytes, gl_call, in_array, out_array, out_one};
use crate::gl_bail;
use crate::state::error::GlResult;
use crate::state::gl_enums::*;
use crate::state::program::copy_string;
use crate::state::types::*;
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
            st.lookup_program(program)?;
            // GL 4.6 §7.3.1.1: INVALID_ENUM unless programInterface is PROGRAM_OUTPUT.
            if iface != GL_PROGRAM_OUTPUT {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "programInterface must be GL_PROGRAM_OUTPUT"
                );
            }
            st.get_frag_data(program, name.as_deref().unwrap_or(""), true)
                .map(Some)
        },
    )
    .unwrap_or(-1)
}

// Uniform setters: glUniform{1234}{f,i,ui,d}, their v forms, the matrix forms, and the
// glProgramUniform* twins. Each is one line over `set`/`set_v`.

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

#[unsafe(no_mangle)]
pub extern "C" fn glUniform1f(location: GLint, v0: GLfloat) {
    set("glUniform1f", None, location, 1, Values::F(&[v0]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform1f(program: GLuint, location: GLint, v0: GLfloat) {
    set(
        "glProgramUniform1f",
        Some(program),
        location,
        1,
        Values::F(&[v0]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform2f(location: GLint, v0: GLfloat, v1: GLfloat) {
    set("glUniform2f", None, location, 2, Values::F(&[v0, v1]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform2f(program: GLuint, location: GLint, v0: GLfloat, v1: GLfloat) {
    set(
        "glProgramUniform2f",
        Some(program),
        location,
        2,
        Values::F(&[v0, v1]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform3f(location: GLint, v0: GLfloat, v1: GLfloat, v2: GLfloat) {
    set("glUniform3f", None, location, 3, Values::F(&[v0, v1, v2]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform3f(
    program: GLuint,
    location: GLint,
    v0: GLfloat,
    v1: GLfloat,
    v2: GLfloat,
) {
    set(
        "glProgramUniform3f",
        Some(program),
        location,
        3,
        Values::F(&[v0, v1, v2]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform4f(location: GLint, v0: GLfloat, v1: GLfloat, v2: GLfloat, v3: GLfloat) {
    set(
        "glUniform4f",
        None,
        location,
        4,
        Values::F(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform4f(
    program: GLuint,
    location: GLint,
    v0: GLfloat,
    v1: GLfloat,
    v2: GLfloat,
    v3: GLfloat,
) {
    set(
        "glProgramUniform4f",
        Some(program),
        location,
        4,
        Values::F(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform1i(location: GLint, v0: GLint) {
    set("glUniform1i", None, location, 1, Values::I(&[v0]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform1i(program: GLuint, location: GLint, v0: GLint) {
    set(
        "glProgramUniform1i",
        Some(program),
        location,
        1,
        Values::I(&[v0]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform2i(location: GLint, v0: GLint, v1: GLint) {
    set("glUniform2i", None, location, 2, Values::I(&[v0, v1]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform2i(program: GLuint, location: GLint, v0: GLint, v1: GLint) {
    set(
        "glProgramUniform2i",
        Some(program),
        location,
        2,
        Values::I(&[v0, v1]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform3i(location: GLint, v0: GLint, v1: GLint, v2: GLint) {
    set("glUniform3i", None, location, 3, Values::I(&[v0, v1, v2]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform3i(
    program: GLuint,
    location: GLint,
    v0: GLint,
    v1: GLint,
    v2: GLint,
) {
    set(
        "glProgramUniform3i",
        Some(program),
        location,
        3,
        Values::I(&[v0, v1, v2]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform4i(location: GLint, v0: GLint, v1: GLint, v2: GLint, v3: GLint) {
    set(
        "glUniform4i",
        None,
        location,
        4,
        Values::I(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform4i(
    program: GLuint,
    location: GLint,
    v0: GLint,
    v1: GLint,
    v2: GLint,
    v3: GLint,
) {
    set(
        "glProgramUniform4i",
        Some(program),
        location,
        4,
        Values::I(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform1ui(location: GLint, v0: GLuint) {
    set("glUniform1ui", None, location, 1, Values::U(&[v0]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform1ui(program: GLuint, location: GLint, v0: GLuint) {
    set(
        "glProgramUniform1ui",
        Some(program),
        location,
        1,
        Values::U(&[v0]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform2ui(location: GLint, v0: GLuint, v1: GLuint) {
    set("glUniform2ui", None, location, 2, Values::U(&[v0, v1]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform2ui(program: GLuint, location: GLint, v0: GLuint, v1: GLuint) {
    set(
        "glProgramUniform2ui",
        Some(program),
        location,
        2,
        Values::U(&[v0, v1]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform3ui(location: GLint, v0: GLuint, v1: GLuint, v2: GLuint) {
    set("glUniform3ui", None, location, 3, Values::U(&[v0, v1, v2]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform3ui(
    program: GLuint,
    location: GLint,
    v0: GLuint,
    v1: GLuint,
    v2: GLuint,
) {
    set(
        "glProgramUniform3ui",
        Some(program),
        location,
        3,
        Values::U(&[v0, v1, v2]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform4ui(location: GLint, v0: GLuint, v1: GLuint, v2: GLuint, v3: GLuint) {
    set(
        "glUniform4ui",
        None,
        location,
        4,
        Values::U(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform4ui(
    program: GLuint,
    location: GLint,
    v0: GLuint,
    v1: GLuint,
    v2: GLuint,
    v3: GLuint,
) {
    set(
        "glProgramUniform4ui",
        Some(program),
        location,
        4,
        Values::U(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform1d(location: GLint, v0: GLdouble) {
    set("glUniform1d", None, location, 1, Values::D(&[v0]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform1d(program: GLuint, location: GLint, v0: GLdouble) {
    set(
        "glProgramUniform1d",
        Some(program),
        location,
        1,
        Values::D(&[v0]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform2d(location: GLint, v0: GLdouble, v1: GLdouble) {
    set("glUniform2d", None, location, 2, Values::D(&[v0, v1]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform2d(program: GLuint, location: GLint, v0: GLdouble, v1: GLdouble) {
    set(
        "glProgramUniform2d",
        Some(program),
        location,
        2,
        Values::D(&[v0, v1]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform3d(location: GLint, v0: GLdouble, v1: GLdouble, v2: GLdouble) {
    set("glUniform3d", None, location, 3, Values::D(&[v0, v1, v2]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform3d(
    program: GLuint,
    location: GLint,
    v0: GLdouble,
    v1: GLdouble,
    v2: GLdouble,
) {
    set(
        "glProgramUniform3d",
        Some(program),
        location,
        3,
        Values::D(&[v0, v1, v2]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform4d(
    location: GLint,
    v0: GLdouble,
    v1: GLdouble,
    v2: GLdouble,
    v3: GLdouble,
) {
    set(
        "glUniform4d",
        None,
        location,
        4,
        Values::D(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform4d(
    program: GLuint,
    location: GLint,
    v0: GLdouble,
    v1: GLdouble,
    v2: GLdouble,
    v3: GLdouble,
) {
    set(
        "glProgramUniform4d",
        Some(program),
        location,
        4,
        Values::D(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform1fv(location: GLint, count: GLsizei, value: *const GLfloat) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform1fv",
            None,
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform1fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform1fv",
            Some(program),
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform2fv(location: GLint, count: GLsizei, value: *const GLfloat) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform2fv",
            None,
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform2fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform2fv",
            Some(program),
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform3fv(location: GLint, count: GLsizei, value: *const GLfloat) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform3fv",
            None,
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform3fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform3fv",
            Some(program),
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform4fv(location: GLint, count: GLsizei, value: *const GLfloat) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform4fv",
            None,
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform4fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform4fv",
            Some(program),
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform1iv(location: GLint, count: GLsizei, value: *const GLint) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform1iv",
            None,
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::I,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform1iv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLint,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform1iv",
            Some(program),
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::I,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform2iv(location: GLint, count: GLsizei, value: *const GLint) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform2iv",
            None,
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::I,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform2iv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLint,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform2iv",
            Some(program),
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::I,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform3iv(location: GLint, count: GLsizei, value: *const GLint) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform3iv",
            None,
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::I,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform3iv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLint,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform3iv",
            Some(program),
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::I,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform4iv(location: GLint, count: GLsizei, value: *const GLint) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform4iv",
            None,
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::I,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform4iv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLint,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform4iv",
            Some(program),
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::I,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform1uiv(location: GLint, count: GLsizei, value: *const GLuint) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform1uiv",
            None,
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::U,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform1uiv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLuint,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform1uiv",
            Some(program),
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::U,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform2uiv(location: GLint, count: GLsizei, value: *const GLuint) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform2uiv",
            None,
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::U,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform2uiv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLuint,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform2uiv",
            Some(program),
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::U,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform3uiv(location: GLint, count: GLsizei, value: *const GLuint) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform3uiv",
            None,
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::U,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform3uiv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLuint,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform3uiv",
            Some(program),
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::U,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform4uiv(location: GLint, count: GLsizei, value: *const GLuint) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform4uiv",
            None,
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::U,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform4uiv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLuint,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform4uiv",
            Some(program),
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::U,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform1dv(location: GLint, count: GLsizei, value: *const GLdouble) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform1dv",
            None,
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform1dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform1dv",
            Some(program),
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform2dv(location: GLint, count: GLsizei, value: *const GLdouble) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform2dv",
            None,
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform2dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform2dv",
            Some(program),
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform3dv(location: GLint, count: GLsizei, value: *const GLdouble) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform3dv",
            None,
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform3dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform3dv",
            Some(program),
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform4dv(location: GLint, count: GLsizei, value: *const GLdouble) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform4dv",
            None,
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform4dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform4dv",
            Some(program),
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix2fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix2fv",
            None,
            location,
            count,
            (Shape::Matrix(2, 2), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix2fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix2fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(2, 2), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix3fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix3fv",
            None,
            location,
            count,
            (Shape::Matrix(3, 3), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix3fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix3fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(3, 3), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix4fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix4fv",
            None,
            location,
            count,
            (Shape::Matrix(4, 4), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix4fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix4fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(4, 4), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix2x3fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix2x3fv",
            None,
            location,
            count,
            (Shape::Matrix(2, 3), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix2x3fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix2x3fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(2, 3), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix3x2fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix3x2fv",
            None,
            location,
            count,
            (Shape::Matrix(3, 2), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix3x2fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix3x2fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(3, 2), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix2x4fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix2x4fv",
            None,
            location,
            count,
            (Shape::Matrix(2, 4), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix2x4fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix2x4fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(2, 4), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix4x2fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix4x2fv",
            None,
            location,
            count,
            (Shape::Matrix(4, 2), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix4x2fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix4x2fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(4, 2), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix3x4fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix3x4fv",
            None,
            location,
            count,
            (Shape::Matrix(3, 4), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix3x4fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix3x4fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(3, 4), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix4x3fv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix4x3fv",
            None,
            location,
            count,
            (Shape::Matrix(4, 3), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix4x3fv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLfloat,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix4x3fv",
            Some(program),
            location,
            count,
            (Shape::Matrix(4, 3), transpose),
            value,
            Values::F,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix2dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix2dv",
            None,
            location,
            count,
            (Shape::Matrix(2, 2), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix2dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix2dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(2, 2), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix3dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix3dv",
            None,
            location,
            count,
            (Shape::Matrix(3, 3), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix3dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix3dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(3, 3), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix4dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix4dv",
            None,
            location,
            count,
            (Shape::Matrix(4, 4), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix4dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix4dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(4, 4), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix2x3dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix2x3dv",
            None,
            location,
            count,
            (Shape::Matrix(2, 3), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix2x3dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix2x3dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(2, 3), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix3x2dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix3x2dv",
            None,
            location,
            count,
            (Shape::Matrix(3, 2), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix3x2dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix3x2dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(3, 2), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix2x4dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix2x4dv",
            None,
            location,
            count,
            (Shape::Matrix(2, 4), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix2x4dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix2x4dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(2, 4), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix4x2dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix4x2dv",
            None,
            location,
            count,
            (Shape::Matrix(4, 2), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix4x2dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix4x2dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(4, 2), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix3x4dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix3x4dv",
            None,
            location,
            count,
            (Shape::Matrix(3, 4), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix3x4dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix3x4dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(3, 4), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformMatrix4x3dv(
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glUniformMatrix4x3dv",
            None,
            location,
            count,
            (Shape::Matrix(4, 3), transpose),
            value,
            Values::D,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniformMatrix4x3dv(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    transpose: GLboolean,
    value: *const GLdouble,
) {
    // SAFETY: the application passes count matrices.
    unsafe {
        set_v(
            "glProgramUniformMatrix4x3dv",
            Some(program),
            location,
            count,
            (Shape::Matrix(4, 3), transpose),
            value,
            Values::D,
        )
    }
}

// Uniform getters (GL 4.6 §7.10): glGetUniform{f,i,ui,d}v and the bounded glGetnUniform*.

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

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformfv(program: GLuint, location: GLint, params: *mut GLfloat) {
    // SAFETY: the application passes room for the uniform's components.
    unsafe {
        get(
            "glGetUniformfv",
            program,
            location,
            GetAs::Float,
            None,
            params,
            |c| {
                if let Component::F(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetnUniformfv(
    program: GLuint,
    location: GLint,
    buf_size: GLsizei,
    params: *mut GLfloat,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        get(
            "glGetnUniformfv",
            program,
            location,
            GetAs::Float,
            Some(buf_size),
            params,
            |c| {
                if let Component::F(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformiv(program: GLuint, location: GLint, params: *mut GLint) {
    // SAFETY: the application passes room for the uniform's components.
    unsafe {
        get(
            "glGetUniformiv",
            program,
            location,
            GetAs::Int,
            None,
            params,
            |c| {
                if let Component::I(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetnUniformiv(
    program: GLuint,
    location: GLint,
    buf_size: GLsizei,
    params: *mut GLint,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        get(
            "glGetnUniformiv",
            program,
            location,
            GetAs::Int,
            Some(buf_size),
            params,
            |c| {
                if let Component::I(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformuiv(program: GLuint, location: GLint, params: *mut GLuint) {
    // SAFETY: the application passes room for the uniform's components.
    unsafe {
        get(
            "glGetUniformuiv",
            program,
            location,
            GetAs::Uint,
            None,
            params,
            |c| {
                if let Component::U(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetnUniformuiv(
    program: GLuint,
    location: GLint,
    buf_size: GLsizei,
    params: *mut GLuint,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        get(
            "glGetnUniformuiv",
            program,
            location,
            GetAs::Uint,
            Some(buf_size),
            params,
            |c| {
                if let Component::U(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformdv(program: GLuint, location: GLint, params: *mut GLdouble) {
    // SAFETY: the application passes room for the uniform's components.
    unsafe {
        get(
            "glGetUniformdv",
            program,
            location,
            GetAs::Double,
            None,
            params,
            |c| {
                if let Component::D(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetnUniformdv(
    program: GLuint,
    location: GLint,
    buf_size: GLsizei,
    params: *mut GLdouble,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        get(
            "glGetnUniformdv",
            program,
            location,
            GetAs::Double,
            Some(buf_size),
            params,
            |c| {
                if let Component::D(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

// GL_ARB_gpu_shader_int64: the 64-bit integer forms of the commands above.

#[unsafe(no_mangle)]
pub extern "C" fn glUniform1i64ARB(location: GLint, v0: GLint64) {
    set("glUniform1i64ARB", None, location, 1, Values::I64(&[v0]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform1i64ARB(program: GLuint, location: GLint, v0: GLint64) {
    set(
        "glProgramUniform1i64ARB",
        Some(program),
        location,
        1,
        Values::I64(&[v0]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform1i64vARB(location: GLint, count: GLsizei, value: *const GLint64) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform1i64vARB",
            None,
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::I64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform1i64vARB(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform1i64vARB",
            Some(program),
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::I64,
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform2i64ARB(location: GLint, v0: GLint64, v1: GLint64) {
    set(
        "glUniform2i64ARB",
        None,
        location,
        2,
        Values::I64(&[v0, v1]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform2i64ARB(
    program: GLuint,
    location: GLint,
    v0: GLint64,
    v1: GLint64,
) {
    set(
        "glProgramUniform2i64ARB",
        Some(program),
        location,
        2,
        Values::I64(&[v0, v1]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform2i64vARB(location: GLint, count: GLsizei, value: *const GLint64) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform2i64vARB",
            None,
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::I64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform2i64vARB(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform2i64vARB",
            Some(program),
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::I64,
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform3i64ARB(location: GLint, v0: GLint64, v1: GLint64, v2: GLint64) {
    set(
        "glUniform3i64ARB",
        None,
        location,
        3,
        Values::I64(&[v0, v1, v2]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform3i64ARB(
    program: GLuint,
    location: GLint,
    v0: GLint64,
    v1: GLint64,
    v2: GLint64,
) {
    set(
        "glProgramUniform3i64ARB",
        Some(program),
        location,
        3,
        Values::I64(&[v0, v1, v2]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform3i64vARB(location: GLint, count: GLsizei, value: *const GLint64) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform3i64vARB",
            None,
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::I64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform3i64vARB(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform3i64vARB",
            Some(program),
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::I64,
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform4i64ARB(
    location: GLint,
    v0: GLint64,
    v1: GLint64,
    v2: GLint64,
    v3: GLint64,
) {
    set(
        "glUniform4i64ARB",
        None,
        location,
        4,
        Values::I64(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform4i64ARB(
    program: GLuint,
    location: GLint,
    v0: GLint64,
    v1: GLint64,
    v2: GLint64,
    v3: GLint64,
) {
    set(
        "glProgramUniform4i64ARB",
        Some(program),
        location,
        4,
        Values::I64(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform4i64vARB(location: GLint, count: GLsizei, value: *const GLint64) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform4i64vARB",
            None,
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::I64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform4i64vARB(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform4i64vARB",
            Some(program),
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::I64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformi64vARB(
    program: GLuint,
    location: GLint,
    params: *mut GLint64,
) {
    // SAFETY: the application passes room for the uniform's components.
    unsafe {
        get(
            "glGetUniformi64vARB",
            program,
            location,
            GetAs::Int64,
            None,
            params,
            |c| {
                if let Component::I64(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetnUniformi64vARB(
    program: GLuint,
    location: GLint,
    buf_size: GLsizei,
    params: *mut GLint64,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        get(
            "glGetnUniformi64vARB",
            program,
            location,
            GetAs::Int64,
            Some(buf_size),
            params,
            |c| {
                if let Component::I64(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform1ui64ARB(location: GLint, v0: GLuint64) {
    set("glUniform1ui64ARB", None, location, 1, Values::U64(&[v0]))
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform1ui64ARB(program: GLuint, location: GLint, v0: GLuint64) {
    set(
        "glProgramUniform1ui64ARB",
        Some(program),
        location,
        1,
        Values::U64(&[v0]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform1ui64vARB(
    location: GLint,
    count: GLsizei,
    value: *const GLuint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform1ui64vARB",
            None,
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::U64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform1ui64vARB(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLuint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform1ui64vARB",
            Some(program),
            location,
            count,
            (Shape::Vector(1), 0),
            value,
            Values::U64,
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform2ui64ARB(location: GLint, v0: GLuint64, v1: GLuint64) {
    set(
        "glUniform2ui64ARB",
        None,
        location,
        2,
        Values::U64(&[v0, v1]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform2ui64ARB(
    program: GLuint,
    location: GLint,
    v0: GLuint64,
    v1: GLuint64,
) {
    set(
        "glProgramUniform2ui64ARB",
        Some(program),
        location,
        2,
        Values::U64(&[v0, v1]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform2ui64vARB(
    location: GLint,
    count: GLsizei,
    value: *const GLuint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform2ui64vARB",
            None,
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::U64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform2ui64vARB(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLuint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform2ui64vARB",
            Some(program),
            location,
            count,
            (Shape::Vector(2), 0),
            value,
            Values::U64,
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform3ui64ARB(location: GLint, v0: GLuint64, v1: GLuint64, v2: GLuint64) {
    set(
        "glUniform3ui64ARB",
        None,
        location,
        3,
        Values::U64(&[v0, v1, v2]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform3ui64ARB(
    program: GLuint,
    location: GLint,
    v0: GLuint64,
    v1: GLuint64,
    v2: GLuint64,
) {
    set(
        "glProgramUniform3ui64ARB",
        Some(program),
        location,
        3,
        Values::U64(&[v0, v1, v2]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform3ui64vARB(
    location: GLint,
    count: GLsizei,
    value: *const GLuint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform3ui64vARB",
            None,
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::U64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform3ui64vARB(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLuint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform3ui64vARB",
            Some(program),
            location,
            count,
            (Shape::Vector(3), 0),
            value,
            Values::U64,
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glUniform4ui64ARB(
    location: GLint,
    v0: GLuint64,
    v1: GLuint64,
    v2: GLuint64,
    v3: GLuint64,
) {
    set(
        "glUniform4ui64ARB",
        None,
        location,
        4,
        Values::U64(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramUniform4ui64ARB(
    program: GLuint,
    location: GLint,
    v0: GLuint64,
    v1: GLuint64,
    v2: GLuint64,
    v3: GLuint64,
) {
    set(
        "glProgramUniform4ui64ARB",
        Some(program),
        location,
        4,
        Values::U64(&[v0, v1, v2, v3]),
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniform4ui64vARB(
    location: GLint,
    count: GLsizei,
    value: *const GLuint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glUniform4ui64vARB",
            None,
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::U64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramUniform4ui64vARB(
    program: GLuint,
    location: GLint,
    count: GLsizei,
    value: *const GLuint64,
) {
    // SAFETY: the application passes count elements.
    unsafe {
        set_v(
            "glProgramUniform4ui64vARB",
            Some(program),
            location,
            count,
            (Shape::Vector(4), 0),
            value,
            Values::U64,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformui64vARB(
    program: GLuint,
    location: GLint,
    params: *mut GLuint64,
) {
    // SAFETY: the application passes room for the uniform's components.
    unsafe {
        get(
            "glGetUniformui64vARB",
            program,
            location,
            GetAs::Uint64,
            None,
            params,
            |c| {
                if let Component::U64(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetnUniformui64vARB(
    program: GLuint,
    location: GLint,
    buf_size: GLsizei,
    params: *mut GLuint64,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        get(
            "glGetnUniformui64vARB",
            program,
            location,
            GetAs::Uint64,
            Some(buf_size),
            params,
            |c| {
                if let Component::U64(x) = c {
                    Some(*x)
                } else {
                    None
                }
            },
        )
    }
}
