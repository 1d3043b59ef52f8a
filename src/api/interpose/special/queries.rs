//! Strings, limits, the error flag and debug output in interposed mode: glcompute's
//! version, extensions and compute limits beside the host's, one error stream, one
//! debug callback for both.

#![allow(non_snake_case, clippy::missing_safety_doc)]

use std::ffi::c_void;

use super::link_of;
use crate::api::call::{gl_call, out_array};
use crate::api::entry;
use crate::api::interpose::log::log_taken;
use crate::api::interpose::route::{host, shadow};
use crate::gl::enums::*;
use crate::gl::types::*;
use crate::gl_bail;
use crate::state::context::Context;
use crate::state::query::Value;
pub unsafe extern "C" fn glGetString(name: GLenum) -> *const GLubyte {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's argument.
        return unsafe { host().glGetString(name) };
    };
    let link = link_of(&ctx);
    let s = link.strings();
    match name {
        GL_VERSION => s.version.as_ptr() as *const GLubyte,
        GL_SHADING_LANGUAGE_VERSION => s.glsl.as_ptr() as *const GLubyte,
        GL_EXTENSIONS if !link.caps().core => s.extensions.as_ptr() as *const GLubyte,
        // The last ProgramStringARB's error, when that load was glcompute's
        // (COMPUTE_PROGRAM_NV); the host's for its own targets.
        crate::gl::asm_enums::GL_PROGRAM_ERROR_STRING_ARB
            if !link.caps().core && ctx.state.lock().asm.last_load_ours =>
        {
            log_taken(b"glGetString");
            // The string lives in the context's state until the next load, as
            // standalone.
            ctx.state.lock().asm.error_string.as_ptr() as *const GLubyte
        }
        // SAFETY: the application's argument.
        _ => unsafe { link.gl.glGetString(name) },
    }
}

pub unsafe extern "C" fn glGetStringi(name: GLenum, index: GLuint) -> *const GLubyte {
    let Some(ctx) =
        shadow().filter(|_| matches!(name, GL_EXTENSIONS | GL_SHADING_LANGUAGE_VERSION))
    else {
        // SAFETY: the application's arguments.
        return unsafe { host().glGetStringi(name, index) };
    };
    let link = link_of(&ctx);
    if name == GL_SHADING_LANGUAGE_VERSION {
        let versions = &link.strings().glsl_versions;
        if versions.is_empty() {
            // SAFETY: the application's arguments.
            return unsafe { link.gl.glGetStringi(name, index) };
        }
        return gl_call("glGetStringi", |_| match versions.get(index as usize) {
            Some(v) => Ok(v.as_ptr() as *const GLubyte),
            // GL 4.6 §22.2: INVALID_VALUE if index is outside
            // 0..NUM_SHADING_LANGUAGE_VERSIONS.
            None => gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_NUM_SHADING_LANGUAGE_VERSIONS = {}",
                versions.len()
            ),
        });
    }
    let host_n = link.caps().extensions.len();
    let s = link.strings();
    if (index as usize) < host_n {
        // SAFETY: an index below the host's count.
        return unsafe { link.gl.glGetStringi(name, index) };
    }
    gl_call("glGetStringi", |_| {
        match s.added.get(index as usize - host_n) {
            Some(e) => Ok(e.as_ptr() as *const GLubyte),
            // GL 4.6 §22.2: INVALID_VALUE if index is outside 0..NUM_EXTENSIONS.
            None => gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_NUM_EXTENSIONS = {}",
                host_n + s.added.len()
            ),
        }
    })
}

/// The values glcompute answers for `pname` in a shadow context; None for the host's.
fn our_value(ctx: &Context, pname: GLenum) -> Option<Value> {
    let link = link_of(ctx);
    let caps = link.caps();
    let mut st = ctx.state.lock();
    match pname {
        GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS
        | GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB
        | GL_MAX_COMPUTE_UNIFORM_BLOCKS
        | GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS
        | GL_MAX_COMPUTE_IMAGE_UNIFORMS
        | GL_MAX_COMPUTE_SHARED_MEMORY_SIZE
        | GL_MAX_COMPUTE_UNIFORM_COMPONENTS
        | GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS
        | GL_MAX_COMPUTE_ATOMIC_COUNTERS
        | GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS
        | GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS => st.get_value(pname).ok(),
        GL_MAX_IMAGE_UNITS if !caps.images => {
            Some(Value::int(crate::limits::MAX_IMAGE_UNITS as i64))
        }
        GL_DISPATCH_INDIRECT_BUFFER_BINDING if !caps.compute => {
            Some(Value::int(st.host_bindings.dispatch_indirect as i64))
        }
        GL_SHADER_STORAGE_BUFFER_BINDING if !caps.ssbo => {
            Some(Value::int(st.host_bindings.storage.generic as i64))
        }
        GL_ATOMIC_COUNTER_BUFFER_BINDING if !caps.atomic_counters => {
            Some(Value::int(st.host_bindings.atomic.generic as i64))
        }
        GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS
        | GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE
        | GL_MAX_COMBINED_ATOMIC_COUNTERS
        | GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS
            if !caps.atomic_counters =>
        {
            st.get_value(pname).ok()
        }
        GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS
        | GL_MAX_SHADER_STORAGE_BLOCK_SIZE
        | GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT
        | GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS
            if !caps.ssbo =>
        {
            st.get_value(pname).ok()
        }
        // Assembly compute programs (compatibility contexts): the enable, the parameter
        // buffer binding and the error position of glcompute's last load.
        crate::gl::asm_enums::GL_COMPUTE_PROGRAM_NV if !caps.core => {
            Some(Value::Bools(vec![st.asm.enabled]))
        }
        crate::gl::asm_enums::GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV if !caps.core => {
            Some(Value::int(st.host_bindings.parameter.generic as i64))
        }
        crate::gl::asm_enums::GL_PROGRAM_ERROR_POSITION_ARB
            if !caps.core && st.asm.last_load_ours =>
        {
            Some(Value::int(st.asm.error_position as i64))
        }
        GL_CURRENT_PROGRAM => st
            .current_program
            .as_ref()
            .map(|p| Value::int(p.name as i64)),
        GL_MAJOR_VERSION => Some(Value::int(link.version().0 as i64)),
        GL_MINOR_VERSION => Some(Value::int(link.version().1 as i64)),
        GL_NUM_SHADING_LANGUAGE_VERSIONS if !link.strings().glsl_versions.is_empty() => {
            Some(Value::int(link.strings().glsl_versions.len() as i64))
        }
        GL_NUM_EXTENSIONS => Some(Value::int(
            (caps.extensions.len() + link.added_extensions().len()) as i64,
        )),
        _ => None,
    }
}

/// Indexed values glcompute answers; Some(Err) for an index out of range.
fn our_value_indexed(
    ctx: &Context,
    pname: GLenum,
    index: GLuint,
) -> Option<Result<Value, crate::gl::error::GlError>> {
    let link = link_of(ctx);
    let caps = link.caps();
    let mut st = ctx.state.lock();
    match pname {
        GL_MAX_COMPUTE_WORK_GROUP_COUNT
        | GL_MAX_COMPUTE_WORK_GROUP_SIZE
        | GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB => Some(st.get_value_indexed(pname, index)),
        GL_IMAGE_BINDING_NAME
        | GL_IMAGE_BINDING_LEVEL
        | GL_IMAGE_BINDING_LAYERED
        | GL_IMAGE_BINDING_LAYER
        | GL_IMAGE_BINDING_ACCESS
        | GL_IMAGE_BINDING_FORMAT
            if !caps.images =>
        {
            Some(match st.host_bindings.images.get(index as usize) {
                Some(u) => Ok(Value::int(match pname {
                    GL_IMAGE_BINDING_NAME => u.name as i64,
                    GL_IMAGE_BINDING_LEVEL => u.level as i64,
                    GL_IMAGE_BINDING_LAYERED => u.layered as i64,
                    GL_IMAGE_BINDING_LAYER => u.layer as i64,
                    GL_IMAGE_BINDING_ACCESS => u.access as i64,
                    _ => u.format as i64,
                })),
                // GL 4.6 §22.1: INVALID_VALUE if index is outside the image units.
                None => Err(crate::gl_err!(
                    GL_INVALID_VALUE,
                    "index = {index} is not below GL_MAX_IMAGE_UNITS = {}",
                    crate::limits::MAX_IMAGE_UNITS
                )),
            })
        }
        // NV_parameter_buffer_object: the buffer bound at each parameter buffer binding
        // point (INVALID_VALUE past MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV).
        crate::gl::asm_enums::GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV if !caps.core => {
            let points = &st.host_bindings.parameter.points;
            Some(match points.get(index as usize) {
                Some(b) => Ok(Value::int(b.buffer as i64)),
                None => Err(crate::gl_err!(
                    GL_INVALID_VALUE,
                    "index = {index} is not below GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV = {}",
                    points.len()
                )),
            })
        }
        GL_SHADER_STORAGE_BUFFER_BINDING
        | GL_SHADER_STORAGE_BUFFER_START
        | GL_SHADER_STORAGE_BUFFER_SIZE
        | GL_ATOMIC_COUNTER_BUFFER_BINDING
        | GL_ATOMIC_COUNTER_BUFFER_START
        | GL_ATOMIC_COUNTER_BUFFER_SIZE => {
            let storage = matches!(
                pname,
                GL_SHADER_STORAGE_BUFFER_BINDING
                    | GL_SHADER_STORAGE_BUFFER_START
                    | GL_SHADER_STORAGE_BUFFER_SIZE
            );
            if storage && caps.ssbo || !storage && caps.atomic_counters {
                return None;
            }
            let (kept, what) = if storage {
                (
                    &st.host_bindings.storage,
                    "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS",
                )
            } else {
                (
                    &st.host_bindings.atomic,
                    "GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS",
                )
            };
            Some(match kept.points.get(index as usize).copied() {
                Some(b) => Ok(Value::int(match pname {
                    GL_SHADER_STORAGE_BUFFER_BINDING | GL_ATOMIC_COUNTER_BUFFER_BINDING => {
                        b.buffer as i64
                    }
                    GL_SHADER_STORAGE_BUFFER_START | GL_ATOMIC_COUNTER_BUFFER_START => b.offset,
                    _ => b.size,
                })),
                // GL 4.6 §22.1: INVALID_VALUE if index is outside the binding points.
                None => Err(crate::gl_err!(
                    GL_INVALID_VALUE,
                    "index = {index} is not below {what} = {}",
                    kept.points.len()
                )),
            })
        }
        _ => None,
    }
}

macro_rules! get_hooks {
    ($($name:ident, $indexed:ident: $t:ty => $conv:expr;)*) => {$(
        pub unsafe extern "C" fn $name(pname: GLenum, data: *mut $t) {
            if let Some(ctx) = shadow()
                && let Some(v) = our_value(&ctx, pname)
            {
                log_taken(stringify!($name).as_bytes());
                let conv: fn(&Value) -> Vec<$t> = $conv;
                // SAFETY: GL requires `data` to hold every component of `pname`.
                unsafe { out_array(data, &conv(&v)) };
                return;
            }
            // SAFETY: the application's arguments.
            unsafe { host().$name(pname, data) }
        }

        pub unsafe extern "C" fn $indexed(pname: GLenum, index: GLuint, data: *mut $t) {
            if let Some(ctx) = shadow()
                && let Some(v) = our_value_indexed(&ctx, pname, index)
            {
                log_taken(stringify!($indexed).as_bytes());
                let conv: fn(&Value) -> Vec<$t> = $conv;
                gl_call(stringify!($indexed), |_| {
                    let v = v?;
                    // SAFETY: GL requires `data` to hold the indexed value.
                    unsafe { out_array(data, &conv(&v)) };
                    Ok(())
                });
                return;
            }
            // SAFETY: the application's arguments.
            unsafe { host().$indexed(pname, index, data) }
        }
    )*};
}

get_hooks! {
    glGetIntegerv, glGetIntegeri_v: GLint => Value::as_i32;
    glGetInteger64v, glGetInteger64i_v: GLint64 => Value::as_i64;
    glGetBooleanv, glGetBooleani_v: GLboolean => crate::api::core::as_bool;
    glGetFloatv, glGetFloati_v: GLfloat => crate::api::core::as_f32;
    glGetDoublev, glGetDoublei_v: GLdouble => Value::as_f64;
}

/// EXT_draw_buffers2's name for GetIntegeri_v, which NV_parameter_buffer_object uses for
/// its binding points: glcompute's values as GetIntegeri_v's, the rest the host's.
pub unsafe extern "C" fn glGetIntegerIndexedvEXT(target: GLenum, index: GLuint, data: *mut GLint) {
    if let Some(ctx) = shadow()
        && let Some(v) = our_value_indexed(&ctx, target, index)
    {
        log_taken(b"glGetIntegerIndexedvEXT");
        gl_call("glGetIntegerIndexedvEXT", |_| {
            let v = v?;
            // SAFETY: GL requires `data` to hold the indexed value.
            unsafe { out_array(data, &Value::as_i32(&v)) };
            Ok(())
        });
        return;
    }
    // SAFETY: the application's arguments.
    unsafe { host().glGetIntegerIndexedvEXT(target, index, data) }
}

/// One error stream: glcompute's flag (which holds any host error merged before one of
/// glcompute's calls) first, then the host's; one read clears both.
pub unsafe extern "C" fn glGetError() -> GLenum {
    let Some(ctx) = shadow() else {
        // SAFETY: no arguments.
        return unsafe { host().glGetError() };
    };
    let gl = link_of(&ctx).gl;
    let mut st = ctx.state.lock();
    let e = st.take_error();
    // SAFETY: no arguments.
    let host = unsafe { gl.glGetError() };
    if e != GL_NO_ERROR {
        // The host's flag holds an error of a later call, which one driver would not
        // have recorded (GL 4.6 §2.3.1): it goes with this read.
        return e;
    }
    host
}

/// KHR_robustness in interposed mode: a reset of glcompute's part of the context (a
/// dispatch the watchdog stopped, in a context created with LOSE_CONTEXT_ON_RESET) is
/// reported once, then whatever the host reports for its part.
fn reset_status(host_status: impl FnOnce(&crate::host::gl::HostGl) -> GLenum) -> GLenum {
    let Some(ctx) = shadow() else {
        return host_status(host());
    };
    let gl = link_of(&ctx).gl;
    let ours = std::mem::replace(&mut ctx.state.lock().reset_status, GL_NO_ERROR);
    if ours != GL_NO_ERROR {
        log_taken(b"glGetGraphicsResetStatus");
        return ours;
    }
    host_status(gl)
}

pub unsafe extern "C" fn glGetGraphicsResetStatus() -> GLenum {
    // SAFETY: no arguments.
    reset_status(|gl| unsafe { gl.glGetGraphicsResetStatus() })
}

pub unsafe extern "C" fn glGetGraphicsResetStatusARB() -> GLenum {
    // SAFETY: no arguments.
    reset_status(|gl| unsafe { gl.glGetGraphicsResetStatusARB() })
}

// ---- debug output ---------------------------------------------------------------

/// One callback for the host's messages and glcompute's.
pub unsafe extern "C" fn glDebugMessageCallback(callback: GLDEBUGPROC, user_param: *const c_void) {
    if let Some(ctx) = shadow() {
        let gl = link_of(&ctx).gl;
        // SAFETY: the application's arguments.
        unsafe { gl.glDebugMessageCallback(callback, user_param) };
        entry::glDebugMessageCallback(callback, user_param);
    } else {
        // SAFETY: the application's arguments.
        unsafe { host().glDebugMessageCallback(callback, user_param) }
    }
}

pub unsafe extern "C" fn glDebugMessageControl(
    source: GLenum,
    ty: GLenum,
    severity: GLenum,
    count: GLsizei,
    ids: *const GLuint,
    enabled: GLboolean,
) {
    if let Some(ctx) = shadow() {
        let gl = link_of(&ctx).gl;
        // SAFETY: the application's arguments.
        unsafe { gl.glDebugMessageControl(source, ty, severity, count, ids, enabled) };
        // glcompute's copy of the filter; errors are the host's to report.
        let saved = ctx.state.lock().error;
        // SAFETY: the application's arguments.
        unsafe { entry::glDebugMessageControl(source, ty, severity, count, ids, enabled) };
        ctx.state.lock().error = saved;
    } else {
        // SAFETY: the application's arguments.
        unsafe { host().glDebugMessageControl(source, ty, severity, count, ids, enabled) }
    }
}
