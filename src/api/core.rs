//! Errors, strings, state queries, capabilities, Finish/Flush.

use crate::api::call::{gl_call, out_array};
use crate::gl::types::*;
use crate::state::query::Value;
use std::ffi::c_void;

#[unsafe(no_mangle)]
pub extern "C" fn glGetError() -> GLenum {
    gl_call("glGetError", |st| Ok(st.take_error()))
}

/// GetGraphicsResetStatus (KHR_robustness, GL 4.6 §2.3.2): the reset this context
/// suffered since the last call (GUILTY_CONTEXT_RESET after a dispatch the watchdog
/// stopped, with LOSE_CONTEXT_ON_RESET), then NO_ERROR: recovery is immediate, though
/// the context stays lost.
fn reset_status(func: &'static str) -> GLenum {
    gl_call(func, |st| {
        Ok(std::mem::replace(
            &mut st.reset_status,
            crate::gl::enums::GL_NO_ERROR,
        ))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glGetGraphicsResetStatus() -> GLenum {
    reset_status("glGetGraphicsResetStatus")
}

#[unsafe(no_mangle)]
pub extern "C" fn glGetGraphicsResetStatusARB() -> GLenum {
    reset_status("glGetGraphicsResetStatusARB")
}

#[unsafe(no_mangle)]
pub extern "C" fn glGetGraphicsResetStatusKHR() -> GLenum {
    reset_status("glGetGraphicsResetStatusKHR")
}

#[unsafe(no_mangle)]
pub extern "C" fn glGetString(name: GLenum) -> *const GLubyte {
    gl_call("glGetString", |st| {
        // ARB_vertex_program: PROGRAM_ERROR_STRING_ARB, valid until the next
        // ProgramStringARB of this context.
        if let Some(s) = st.program_error_string(name) {
            return Ok(s.as_ptr() as *const u8);
        }
        Ok(st.get_string(name)?.as_ptr() as *const u8)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glGetStringi(name: GLenum, index: GLuint) -> *const GLubyte {
    gl_call("glGetStringi", |st| {
        Ok(st.get_string_i(name, index)?.as_ptr() as *const u8)
    })
}

/// Writes a queried value converted to the caller's type.
///
/// # Safety
/// `data` must be null or have room for every component of the value.
unsafe fn write_value<T: Copy>(data: *mut T, values: Vec<T>) {
    // SAFETY: forwarded caller contract.
    unsafe { out_array(data, &values) }
}

/// glGet*v: the value of `pname` converted by `conv`.
///
/// # Safety
/// `data` must be null or hold every component of the value.
unsafe fn get<T: Copy>(
    func: &'static str,
    pname: GLenum,
    data: *mut T,
    conv: fn(&Value) -> Vec<T>,
) {
    gl_call(func, |st| {
        let v: Value = st.get_value(pname)?;
        // SAFETY: GL requires `data` to hold every component of `pname`.
        unsafe { write_value(data, conv(&v)) };
        Ok(())
    })
}

/// glGet*i_v: the indexed value of `pname`.
///
/// # Safety
/// `data` must be null or hold the indexed value.
pub(crate) unsafe fn get_i<T: Copy>(
    func: &'static str,
    pname: GLenum,
    index: GLuint,
    data: *mut T,
    conv: fn(&Value) -> Vec<T>,
) {
    gl_call(func, |st| {
        let v: Value = st.get_value_indexed(pname, index)?;
        // SAFETY: GL requires `data` to hold the indexed value.
        unsafe { write_value(data, conv(&v)) };
        Ok(())
    })
}

pub(crate) fn as_bool(v: &Value) -> Vec<GLboolean> {
    v.as_bool().into_iter().map(|b| b as u8).collect()
}

pub(crate) fn as_f32(v: &Value) -> Vec<GLfloat> {
    v.as_f64().into_iter().map(|f| f as f32).collect()
}

/// `glGet<T>v(pname, data)` and `glGet<T>i_v(pname, index, data)` (GL 4.6 §22.1): one
/// pair per returned type, each a call of `get`/`get_i` with the type's conversion.
macro_rules! get_fns {
    ($($name:ident, $name_i:ident, $t:ty, $conv:expr;)+) => {$(
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(pname: GLenum, data: *mut $t) {
            // SAFETY: the application passes room for the value.
            unsafe { get(stringify!($name), pname, data, $conv) }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name_i(pname: GLenum, index: GLuint, data: *mut $t) {
            // SAFETY: the application passes room for the indexed value.
            unsafe { get_i(stringify!($name_i), pname, index, data, $conv) }
        }
    )+};
}

get_fns! {
    glGetBooleanv, glGetBooleani_v, GLboolean, as_bool;
    glGetIntegerv, glGetIntegeri_v, GLint, Value::as_i32;
    glGetInteger64v, glGetInteger64i_v, GLint64, Value::as_i64;
    glGetFloatv, glGetFloati_v, GLfloat, as_f32;
    glGetDoublev, glGetDoublei_v, GLdouble, Value::as_f64;
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetPointerv(pname: GLenum, params: *mut *mut c_void) {
    gl_call("glGetPointerv", |st| {
        let p = st.get_pointer(pname)?;
        // SAFETY: `params` must be writable (GL 4.6 §22.2).
        unsafe { crate::api::call::out_one(params, p as *mut c_void) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glEnable(cap: GLenum) {
    gl_call("glEnable", |st| st.set_capability(cap, true))
}

#[unsafe(no_mangle)]
pub extern "C" fn glDisable(cap: GLenum) {
    gl_call("glDisable", |st| st.set_capability(cap, false))
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsEnabled(cap: GLenum) -> GLboolean {
    gl_call("glIsEnabled", |st| Ok(st.is_enabled(cap)? as u8))
}

/// Commands complete before they return, so Finish and Flush have nothing to wait for.
#[unsafe(no_mangle)]
pub extern "C" fn glFinish() {
    gl_call("glFinish", |_| Ok(()))
}

#[unsafe(no_mangle)]
pub extern "C" fn glFlush() {
    gl_call("glFlush", |_| Ok(()))
}

/// glcompute extension: dispatches that reached the runtime and the work groups they
/// covered, since the process started (`out[0]`, `out[1]`). For tests and tools.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glcomputeGetDispatchStatistics(out: *mut GLuint64) {
    let (d, g) = crate::runtime::statistics();
    // SAFETY: the caller passes room for two values.
    unsafe { out_array(out, &[d, g]) }
}
