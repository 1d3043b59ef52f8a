//! Errors, strings, state queries, capabilities, Finish/Flush.

use super::{gl_call, out_array};
use crate::state::query::Value;
use crate::state::types::*;
use std::ffi::c_void;

#[unsafe(no_mangle)]
pub extern "C" fn glGetError() -> GLenum {
    gl_call("glGetError", |st| Ok(st.take_error()))
}

#[unsafe(no_mangle)]
pub extern "C" fn glGetString(name: GLenum) -> *const GLubyte {
    gl_call("glGetString", |st| {
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

macro_rules! get_fns {
    ($name:ident, $iname:ident, $t:ty, $conv:expr) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(pname: GLenum, data: *mut $t) {
            gl_call(stringify!($name), |st| {
                let v: Value = st.get_value(pname)?;
                // SAFETY: GL requires `data` to hold every component of `pname`.
                unsafe { write_value(data, $conv(&v)) };
                Ok(())
            })
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $iname(pname: GLenum, index: GLuint, data: *mut $t) {
            gl_call(stringify!($iname), |st| {
                let v: Value = st.get_value_indexed(pname, index)?;
                // SAFETY: GL requires `data` to hold the indexed value.
                unsafe { write_value(data, $conv(&v)) };
                Ok(())
            })
        }
    };
}

get_fns!(glGetIntegerv, glGetIntegeri_v, GLint, |v: &Value| v
    .as_i32());
get_fns!(glGetInteger64v, glGetInteger64i_v, GLint64, |v: &Value| v
    .as_i64());
get_fns!(glGetBooleanv, glGetBooleani_v, GLboolean, |v: &Value| v
    .as_bool()
    .into_iter()
    .map(|b| b as u8)
    .collect::<Vec<_>>());
get_fns!(glGetFloatv, glGetFloati_v, GLfloat, |v: &Value| v
    .as_f64()
    .into_iter()
    .map(|f| f as f32)
    .collect::<Vec<_>>());
get_fns!(glGetDoublev, glGetDoublei_v, GLdouble, |v: &Value| v
    .as_f64());

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetPointerv(pname: GLenum, params: *mut *mut c_void) {
    gl_call("glGetPointerv", |st| {
        let p = st.get_pointer(pname)?;
        // SAFETY: `params` must be writable (GL 4.6 §22.2).
        unsafe { super::out_one(params, p as *mut c_void) };
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
