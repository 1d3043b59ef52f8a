//! Subroutine uniforms and the subroutine queries (GL 4.6 §7.9); see
//! state/subroutine.rs.

use super::uniforms::{name_arg, write_name};
use crate::api::call::{count_named, gl_call, in_array, out_array, out_one};
use crate::gl::types::*;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetSubroutineUniformLocation(
    program: GLuint,
    shadertype: GLenum,
    name: *const GLchar,
) -> GLint {
    // SAFETY: the application passes a NUL-terminated name.
    let name = unsafe { name_arg(name) };
    gl_call("glGetSubroutineUniformLocation", |st| {
        st.subroutine_uniform_location(program, shadertype, &name)
            .map(Some)
    })
    .unwrap_or(-1)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetSubroutineIndex(
    program: GLuint,
    shadertype: GLenum,
    name: *const GLchar,
) -> GLuint {
    // SAFETY: the application passes a NUL-terminated name.
    let name = unsafe { name_arg(name) };
    gl_call("glGetSubroutineIndex", |st| {
        st.subroutine_index(program, shadertype, &name).map(Some)
    })
    .unwrap_or(crate::gl::enums::GL_INVALID_INDEX)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveSubroutineUniformiv(
    program: GLuint,
    shadertype: GLenum,
    index: GLuint,
    pname: GLenum,
    values: *mut GLint,
) {
    gl_call("glGetActiveSubroutineUniformiv", |st| {
        let v = st.active_subroutine_uniform_iv(program, shadertype, index, pname)?;
        // SAFETY: the application passes room for the values of pname.
        unsafe { out_array(values, &v) };
        Ok(())
    })
}

/// GetActiveSubroutineUniformName and GetActiveSubroutineName.
///
/// # Safety
/// `name` null or `bufsize` bytes; `length` null or writable.
unsafe fn subroutine_name(
    uniform: bool,
    program: GLuint,
    shadertype: GLenum,
    index: GLuint,
    bufsize: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    let func = if uniform {
        "glGetActiveSubroutineUniformName"
    } else {
        "glGetActiveSubroutineName"
    };
    gl_call(func, |st| {
        let n = st.active_subroutine_name(program, shadertype, index, uniform)?;
        // GL 4.6 §7.9: INVALID_VALUE if bufSize is negative.
        let buf = count_named(bufsize, "bufSize")?;
        // SAFETY: caller contract.
        unsafe { write_name(&n, buf, length, name) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveSubroutineUniformName(
    program: GLuint,
    shadertype: GLenum,
    index: GLuint,
    bufsize: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    // SAFETY: the application's outputs.
    unsafe { subroutine_name(true, program, shadertype, index, bufsize, length, name) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveSubroutineName(
    program: GLuint,
    shadertype: GLenum,
    index: GLuint,
    bufsize: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    // SAFETY: the application's outputs.
    unsafe { subroutine_name(false, program, shadertype, index, bufsize, length, name) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glUniformSubroutinesuiv(
    shadertype: GLenum,
    count: GLsizei,
    indices: *const GLuint,
) {
    gl_call("glUniformSubroutinesuiv", |st| {
        // GL 4.6 §7.9: INVALID_VALUE if count is negative (it is not the number of
        // locations).
        let n = count_named(count, "count")?;
        // SAFETY: the application passes count indices.
        let list = unsafe { in_array(indices, n) }.unwrap_or_default();
        st.uniform_subroutines(shadertype, list)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetUniformSubroutineuiv(
    shadertype: GLenum,
    location: GLint,
    params: *mut GLuint,
) {
    gl_call("glGetUniformSubroutineuiv", |st| {
        let v = st.uniform_subroutine(shadertype, location)?;
        // SAFETY: the application passes a writable output.
        unsafe { out_one(params, v) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramStageiv(
    program: GLuint,
    shadertype: GLenum,
    pname: GLenum,
    values: *mut GLint,
) {
    gl_call("glGetProgramStageiv", |st| {
        let v = st.program_stage_iv(program, shadertype, pname)?;
        // SAFETY: the application passes a writable output.
        unsafe { out_one(values, v) };
        Ok(())
    })
}
