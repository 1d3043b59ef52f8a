//! Shader, program and program-pipeline entry points (GL 4.6 chapter 7).

use crate::api::call::{c_bytes, count_named, gl_call, in_array, out_array, out_one};
use crate::gl::error::GlResult;
use crate::gl::types::*;
use crate::gl_bail;
use crate::state::context::ContextState;
use crate::state::program::copy_string;
use std::ffi::c_void;

/// Joins the ShaderSource strings (GL 4.6 §7.1): a NULL `length` array, or a negative
/// entry in it, means the string is NUL-terminated.
///
/// # Safety
/// `string` must hold `count` pointers, each valid as `length` describes.
unsafe fn sources(
    count: usize,
    string: *const *const GLchar,
    length: *const GLint,
) -> GlResult<String> {
    // GL 4.6 §7.1: INVALID_VALUE if the strings array is NULL (Mesa's reading).
    // SAFETY: caller contract.
    let Some(strings) = (unsafe { in_array(string, count) }) else {
        gl_bail!(GL_INVALID_VALUE, "string is NULL");
    };
    // SAFETY: caller contract.
    let lengths = unsafe { in_array(length, count) };
    let parts = strings
        .iter()
        .enumerate()
        // SAFETY: each pointer is valid for its length or NUL-terminated.
        .map(|(i, &s)| unsafe { c_bytes(s, lengths.map(|l| l[i]).unwrap_or(-1)) })
        .collect();
    ContextState::join_sources(parts)
}

#[unsafe(no_mangle)]
pub extern "C" fn glCreateShader(ty: GLenum) -> GLuint {
    gl_call("glCreateShader", |st| st.create_shader(ty))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glShaderSource(
    shader: GLuint,
    n: GLsizei,
    string: *const *const GLchar,
    length: *const GLint,
) {
    gl_call("glShaderSource", |st| {
        // The shader is looked up first; then INVALID_VALUE for count < 0 (GL 4.6 §7.1).
        st.lookup_shader(shader)?;
        let n = count_named(n, "count")?;
        // SAFETY: the application passes n strings.
        let src = unsafe { sources(n, string, length) };
        st.shader_source(shader, src)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCompileShader(shader: GLuint) {
    gl_call("glCompileShader", |st| st.compile_shader(shader))
}

#[unsafe(no_mangle)]
pub extern "C" fn glDeleteShader(shader: GLuint) {
    gl_call("glDeleteShader", |st| st.delete_shader(shader))
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsShader(shader: GLuint) -> GLboolean {
    gl_call("glIsShader", |st| Ok(st.is_shader(shader) as u8))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetShaderiv(shader: GLuint, pname: GLenum, params: *mut GLint) {
    gl_call("glGetShaderiv", |st| {
        let v = st.get_shader_iv(shader, pname)?;
        // SAFETY: `params` must be writable.
        unsafe { out_one(params, v as GLint) };
        Ok(())
    })
}

/// Copies a string result the GL way (GL 4.6 §2.2.2), after the bufSize check.
///
/// # Safety
/// `out` must be null or hold `buf_size` bytes; `length` null or writable.
unsafe fn write_string(s: &str, buf_size: usize, length: *mut GLsizei, out: *mut GLchar) {
    // SAFETY: caller contract.
    let buf = unsafe { UserOut::new(out) }.bytes(buf_size);
    let n = copy_string(s, buf_size, buf);
    // SAFETY: caller contract.
    unsafe { out_one(length, n as GLsizei) };
}

/// The info-log and source queries: `method` yields the string for `object`.
///
/// # Safety
/// `out` must be null or hold `buf_size` bytes; `length` null or writable.
unsafe fn string_query(
    func: &'static str,
    object: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    out: *mut GLchar,
    method: fn(&mut ContextState, u32) -> GlResult<String>,
) {
    gl_call(func, |st| {
        // GL 4.6 §2.3.1: INVALID_VALUE for a negative bufSize (checked first, as Mesa).
        let buf_size = count_named(buf_size, "bufSize")?;
        let s = method(st, object)?;
        // SAFETY: caller contract.
        unsafe { write_string(&s, buf_size, length, out) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetShaderInfoLog(
    shader: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    log: *mut GLchar,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        string_query(
            "glGetShaderInfoLog",
            shader,
            buf_size,
            length,
            log,
            ContextState::shader_info_log,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetShaderSource(
    shader: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    source: *mut GLchar,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        string_query(
            "glGetShaderSource",
            shader,
            buf_size,
            length,
            source,
            ContextState::shader_source_string,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramInfoLog(
    program: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    log: *mut GLchar,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        string_query(
            "glGetProgramInfoLog",
            program,
            buf_size,
            length,
            log,
            ContextState::program_info_log,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramPipelineInfoLog(
    pipeline: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    log: *mut GLchar,
) {
    // SAFETY: the application passes bufSize bytes.
    unsafe {
        string_query(
            "glGetProgramPipelineInfoLog",
            pipeline,
            buf_size,
            length,
            log,
            ContextState::pipeline_info_log,
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glCreateProgram() -> GLuint {
    gl_call("glCreateProgram", |st| Ok(st.create_program()))
}

#[unsafe(no_mangle)]
pub extern "C" fn glDeleteProgram(program: GLuint) {
    gl_call("glDeleteProgram", |st| st.delete_program(program))
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsProgram(program: GLuint) -> GLboolean {
    gl_call("glIsProgram", |st| Ok(st.is_program(program) as u8))
}

#[unsafe(no_mangle)]
pub extern "C" fn glAttachShader(program: GLuint, shader: GLuint) {
    gl_call("glAttachShader", |st| st.attach_shader(program, shader))
}

#[unsafe(no_mangle)]
pub extern "C" fn glDetachShader(program: GLuint, shader: GLuint) {
    gl_call("glDetachShader", |st| st.detach_shader(program, shader))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetAttachedShaders(
    program: GLuint,
    max_count: GLsizei,
    n: *mut GLsizei,
    shaders: *mut GLuint,
) {
    gl_call("glGetAttachedShaders", |st| {
        // GL 4.6 §7.13: INVALID_VALUE if maxCount is negative.
        let max = count_named(max_count, "maxCount")?;
        let names = st.attached_shaders(program)?;
        let names = &names[..names.len().min(max)];
        // SAFETY: the application passes room for maxCount names.
        unsafe {
            out_array(shaders, names);
            out_one(n, names.len() as GLsizei);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glLinkProgram(program: GLuint) {
    gl_call("glLinkProgram", |st| st.link_program(program))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramiv(program: GLuint, pname: GLenum, params: *mut GLint) {
    gl_call("glGetProgramiv", |st| {
        let v = st.get_program_iv(program, pname)?;
        let v: Vec<GLint> = v.iter().map(|&x| x as GLint).collect();
        // SAFETY: `params` must hold every component of pname.
        unsafe { out_array(params, &v) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramBinary(
    program: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    binary_format: *mut GLenum,
    binary: *mut c_void,
) {
    gl_call("glGetProgramBinary", |st| {
        let bin = st.get_program_binary(program, buf_size)?;
        // SAFETY: the application provides bufSize bytes at `binary` (checked above to
        // hold the binary), and one value at `length` and `binary_format` (or null).
        unsafe {
            if !binary.is_null() {
                std::ptr::copy_nonoverlapping(bin.as_ptr(), binary as *mut u8, bin.len());
            }
            out_one(length, bin.len() as GLsizei);
            out_one(binary_format, crate::state::program_binary::BINARY_FORMAT);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramBinary(
    program: GLuint,
    binary_format: GLenum,
    binary: *const c_void,
    length: GLsizei,
) {
    gl_call("glProgramBinary", |st| {
        // GL 4.6 §7.5.2 (as Mesa): INVALID_VALUE for a negative length.
        if length < 0 {
            gl_bail!(GL_INVALID_VALUE, "length = {length} is negative");
        }
        // SAFETY: the application provides `length` bytes at `binary` (or null).
        let data = unsafe { in_array(binary as *const u8, length as usize) }.unwrap_or(&[]);
        st.program_binary(program, binary_format, data)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glProgramParameteri(program: GLuint, pname: GLenum, value: GLint) {
    gl_call("glProgramParameteri", |st| {
        st.program_parameter(program, pname, value)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glUseProgram(program: GLuint) {
    gl_call("glUseProgram", |st| st.use_program(program))
}

#[unsafe(no_mangle)]
pub extern "C" fn glValidateProgram(program: GLuint) {
    gl_call("glValidateProgram", |st| st.validate_program(program))
}

#[unsafe(no_mangle)]
pub extern "C" fn glReleaseShaderCompiler() {
    // A hint (GL 4.6 §7.2): the compiler holds no resources between compiles.
    gl_call("glReleaseShaderCompiler", |_| Ok(()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glShaderBinary(
    n: GLsizei,
    shaders: *const GLuint,
    binary_format: GLenum,
    binary: *const std::ffi::c_void,
    length: GLsizei,
) {
    gl_call("glShaderBinary", |st| {
        // GL 4.6 §7.2: INVALID_VALUE if count or length is negative.
        let n = count_named(n, "count")?;
        let length = count_named(length, "length")?;
        // SAFETY: the application passes `count` shader names and `length` bytes.
        let names = unsafe { in_array(shaders, n) }.unwrap_or(&[]);
        // SAFETY: as above.
        let bytes = unsafe { in_array(binary as *const u8, length) }.unwrap_or(&[]);
        st.shader_binary(names, binary_format, bytes)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glSpecializeShader(
    shader: GLuint,
    entry_point: *const GLchar,
    num_constants: GLuint,
    constant_index: *const GLuint,
    constant_value: *const GLuint,
) {
    // SAFETY: the caller's arguments, passed on.
    unsafe {
        specialize(
            "glSpecializeShader",
            shader,
            entry_point,
            num_constants,
            constant_index,
            constant_value,
        )
    }
}

/// GL_ARB_gl_spirv's name of glSpecializeShader.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glSpecializeShaderARB(
    shader: GLuint,
    entry_point: *const GLchar,
    num_constants: GLuint,
    constant_index: *const GLuint,
    constant_value: *const GLuint,
) {
    // SAFETY: the caller's arguments, passed on.
    unsafe {
        specialize(
            "glSpecializeShaderARB",
            shader,
            entry_point,
            num_constants,
            constant_index,
            constant_value,
        )
    }
}

/// SpecializeShader under the name `func` (errors and debug messages name it).
///
/// # Safety
/// `entry_point` is null or NUL-terminated; `constant_index` and `constant_value` are
/// null or hold `num_constants` values.
unsafe fn specialize(
    func: &'static str,
    shader: GLuint,
    entry_point: *const GLchar,
    num_constants: GLuint,
    constant_index: *const GLuint,
    constant_value: *const GLuint,
) {
    gl_call(func, |st| {
        // SAFETY: the entry point is a NUL-terminated string (or null).
        let entry =
            unsafe { c_bytes(entry_point, -1) }.map(|b| String::from_utf8_lossy(b).into_owned());
        let n = num_constants as usize;
        // SAFETY: the application passes numSpecializationConstants indices and values.
        let idx = unsafe { in_array(constant_index, n) };
        // SAFETY: as above.
        let val = unsafe { in_array(constant_value, n) };
        let constants = match (idx, val) {
            (Some(i), Some(v)) => i.iter().copied().zip(v.iter().copied()).collect(),
            _ => Vec::new(),
        };
        st.specialize_shader(shader, entry.as_deref().unwrap_or(""), &constants)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetShaderPrecisionFormat(
    shader_type: GLenum,
    precision_type: GLenum,
    range: *mut GLint,
    precision: *mut GLint,
) {
    gl_call("glGetShaderPrecisionFormat", |st| {
        let (r, p) = st.shader_precision_format(shader_type, precision_type)?;
        // SAFETY: range holds two values, precision one.
        unsafe {
            out_array(range, &r);
            out_one(precision, p);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateShaderProgramv(
    ty: GLenum,
    n: GLsizei,
    strings: *const *const GLchar,
) -> GLuint {
    gl_call("glCreateShaderProgramv", |st| {
        let n = count_named(n, "count")?;
        // SAFETY: the application passes n NUL-terminated strings.
        let src = unsafe { sources(n, strings, std::ptr::null()) };
        st.create_shader_program(ty, src)
    })
}

fn gen_pipelines(func: &'static str, n: GLsizei, pipelines: *mut GLuint, create: bool) {
    gl_call(func, |st| {
        let n = count_named(n, "n")?;
        if pipelines.is_null() {
            return Ok(());
        }
        let names = st.gen_pipelines(n, create);
        // SAFETY: the application passes room for n names.
        unsafe { out_array(pipelines, &names) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenProgramPipelines(n: GLsizei, pipelines: *mut GLuint) {
    gen_pipelines("glGenProgramPipelines", n, pipelines, false)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateProgramPipelines(n: GLsizei, pipelines: *mut GLuint) {
    gen_pipelines("glCreateProgramPipelines", n, pipelines, true)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteProgramPipelines(n: GLsizei, pipelines: *const GLuint) {
    gl_call("glDeleteProgramPipelines", |st| {
        let n = count_named(n, "n")?;
        // SAFETY: the application passes n names.
        if let Some(names) = unsafe { in_array(pipelines, n) } {
            st.delete_pipelines(names);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsProgramPipeline(pipeline: GLuint) -> GLboolean {
    gl_call("glIsProgramPipeline", |st| {
        Ok(st.is_pipeline(pipeline) as u8)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindProgramPipeline(pipeline: GLuint) {
    gl_call("glBindProgramPipeline", |st| st.bind_pipeline(pipeline))
}

#[unsafe(no_mangle)]
pub extern "C" fn glUseProgramStages(pipeline: GLuint, stages: GLbitfield, program: GLuint) {
    gl_call("glUseProgramStages", |st| {
        st.use_program_stages(pipeline, stages, program)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glActiveShaderProgram(pipeline: GLuint, program: GLuint) {
    gl_call("glActiveShaderProgram", |st| {
        st.active_shader_program(pipeline, program)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramPipelineiv(
    pipeline: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    gl_call("glGetProgramPipelineiv", |st| {
        let v = st.get_pipeline_iv(pipeline, pname)?;
        // SAFETY: `params` must be writable.
        unsafe { out_one(params, v as GLint) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glValidateProgramPipeline(pipeline: GLuint) {
    gl_call("glValidateProgramPipeline", |st| {
        st.validate_pipeline(pipeline)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBindAttribLocation(program: GLuint, index: GLuint, name: *const GLchar) {
    // SAFETY: the application passes a NUL-terminated name (or NULL).
    let name = unsafe { c_bytes(name, -1) }.map(|b| String::from_utf8_lossy(b).into_owned());
    gl_call("glBindAttribLocation", |st| {
        st.bind_attrib_location(program, index, name.as_deref())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBindFragDataLocation(
    program: GLuint,
    color: GLuint,
    name: *const GLchar,
) {
    // SAFETY: the application passes a NUL-terminated name (or NULL).
    let name = unsafe { c_bytes(name, -1) }.map(|b| String::from_utf8_lossy(b).into_owned());
    gl_call("glBindFragDataLocation", |st| {
        st.bind_frag_data_location(program, color, 0, name.as_deref())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBindFragDataLocationIndexed(
    program: GLuint,
    color: GLuint,
    index: GLuint,
    name: *const GLchar,
) {
    // SAFETY: the application passes a NUL-terminated name (or NULL).
    let name = unsafe { c_bytes(name, -1) }.map(|b| String::from_utf8_lossy(b).into_owned());
    gl_call("glBindFragDataLocationIndexed", |st| {
        st.bind_frag_data_location(program, color, index, name.as_deref())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetFragDataLocation(program: GLuint, name: *const GLchar) -> GLint {
    // SAFETY: the application passes a NUL-terminated name (or NULL).
    let name = unsafe { c_bytes(name, -1) }.map(|b| String::from_utf8_lossy(b).into_owned());
    gl_call("glGetFragDataLocation", |st| {
        st.get_frag_data(program, name.as_deref().unwrap_or(""), false)
            .map(Some)
    })
    .unwrap_or(-1)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetFragDataIndex(program: GLuint, name: *const GLchar) -> GLint {
    // SAFETY: the application passes a NUL-terminated name (or NULL).
    let name = unsafe { c_bytes(name, -1) }.map(|b| String::from_utf8_lossy(b).into_owned());
    gl_call("glGetFragDataIndex", |st| {
        st.get_frag_data(program, name.as_deref().unwrap_or(""), true)
            .map(Some)
    })
    .unwrap_or(-1)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetAttribLocation(program: GLuint, name: *const GLchar) -> GLint {
    // SAFETY: the application passes a NUL-terminated name (or NULL).
    let name = unsafe { c_bytes(name, -1) }.map(|b| String::from_utf8_lossy(b).into_owned());
    gl_call("glGetAttribLocation", |st| {
        st.get_attrib_location(program, name.as_deref().unwrap_or(""))
            .map(Some)
    })
    .unwrap_or(-1)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetActiveAttrib(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    size: *mut GLint,
    ty: *mut GLenum,
    name: *mut GLchar,
) {
    gl_call("glGetActiveAttrib", |st| {
        // GL 4.6 §2.3.1: INVALID_VALUE for a negative bufSize.
        let buf = count_named(buf_size, "bufSize")?;
        let (n, s, t) = st.get_active_attrib(program, index)?;
        // SAFETY: the application passes writable outputs and bufSize bytes of name.
        unsafe {
            super::uniforms::write_name(&n, buf, length, name);
            out_one(size, s);
            out_one(ty, t);
        }
        Ok(())
    })
}
