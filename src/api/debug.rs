//! KHR_debug entry points (GL 4.6 chapter 20).

use crate::api::call::{c_bytes, gl_call, in_array, out_one};
use crate::gl::error::GlResult;
use crate::gl_bail;

use crate::gl::types::*;
use crate::state::program::copy_string;
use std::ffi::c_void;

#[unsafe(no_mangle)]
pub extern "C" fn glDebugMessageCallback(callback: GLDEBUGPROC, user_param: *const c_void) {
    gl_call("glDebugMessageCallback", |st| {
        st.debug.set_callback(callback, user_param as usize);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDebugMessageControl(
    source: GLenum,
    ty: GLenum,
    severity: GLenum,
    count: GLsizei,
    ids: *const GLuint,
    enabled: GLboolean,
) {
    gl_call("glDebugMessageControl", |st| {
        // GL 4.6 §20.4: INVALID_VALUE if count is negative.
        if count < 0 {
            gl_bail!(GL_INVALID_VALUE, "count = {count} is negative");
        }
        // SAFETY: the application passes `count` ids.
        let ids = unsafe { in_array(ids, count as usize) }.unwrap_or(&[]);
        st.debug_message_control(source, ty, severity, ids, enabled != 0)
    })
}

/// A message argument: `length` bytes, or NUL-terminated when length < 0.
fn message<'a>(buf: *const GLchar, length: GLsizei) -> GlResult<&'a [u8]> {
    // SAFETY: GL requires `buf` to hold `length` bytes or a NUL-terminated string.
    match unsafe { c_bytes(buf, length) } {
        Some(b) => Ok(b),
        None => gl_bail!(GL_INVALID_VALUE, "the message is NULL"),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDebugMessageInsert(
    source: GLenum,
    ty: GLenum,
    id: GLuint,
    severity: GLenum,
    length: GLsizei,
    buf: *const GLchar,
) {
    gl_call("glDebugMessageInsert", |st| {
        st.debug_message_insert(source, ty, id, severity, message(buf, length)?)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetDebugMessageLog(
    count: GLuint,
    buf_size: GLsizei,
    sources: *mut GLenum,
    types: *mut GLenum,
    ids: *mut GLuint,
    severities: *mut GLenum,
    lengths: *mut GLsizei,
    message_log: *mut GLchar,
) -> GLuint {
    gl_call("glGetDebugMessageLog", |st| {
        // GL 4.6 §20.7: INVALID_VALUE if bufSize is negative and messageLog is not NULL.
        if buf_size < 0 && !message_log.is_null() {
            gl_bail!(GL_INVALID_VALUE, "bufSize = {buf_size} is negative");
        }
        let mut written = 0usize;
        let mut fetched = 0u32;
        while fetched < count {
            let Some(m) = st.debug.peek() else { break };
            let need = m.text.len() + 1;
            // A message is returned only if it fits whole into what is left of messageLog.
            if !message_log.is_null() && written + need > buf_size as usize {
                break;
            }
            let m = st.debug.pop_logged().expect("peeked");
            let i = fetched as usize;
            // SAFETY: each array holds `count` entries and messageLog `bufSize` bytes.
            unsafe {
                if !sources.is_null() {
                    sources.add(i).write(m.source);
                }
                if !types.is_null() {
                    types.add(i).write(m.ty);
                }
                if !ids.is_null() {
                    ids.add(i).write(m.id);
                }
                if !severities.is_null() {
                    severities.add(i).write(m.severity);
                }
                if !lengths.is_null() {
                    lengths.add(i).write(need as GLsizei);
                }
                if !message_log.is_null() {
                    let dst = message_log.add(written) as *mut u8;
                    std::ptr::copy_nonoverlapping(m.text.as_ptr(), dst, m.text.len());
                    dst.add(m.text.len()).write(0);
                }
            }
            written += need;
            fetched += 1;
        }
        Ok(fetched)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glPushDebugGroup(
    source: GLenum,
    id: GLuint,
    length: GLsizei,
    msg: *const GLchar,
) {
    gl_call("glPushDebugGroup", |st| {
        st.push_debug_group(source, id, message(msg, length)?)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glPopDebugGroup() {
    gl_call("glPopDebugGroup", |st| st.pop_debug_group())
}

/// A label argument: None (NULL) removes the label.
fn label<'a>(label: *const GLchar, length: GLsizei) -> Option<&'a [u8]> {
    // SAFETY: GL requires `label` to hold `length` bytes or a NUL-terminated string.
    unsafe { c_bytes(label, length) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glObjectLabel(
    identifier: GLenum,
    name: GLuint,
    length: GLsizei,
    text: *const GLchar,
) {
    gl_call("glObjectLabel", |st| {
        st.set_label(identifier, name, label(text, length))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glObjectPtrLabel(
    ptr: *const c_void,
    length: GLsizei,
    text: *const GLchar,
) {
    gl_call("glObjectPtrLabel", |st| {
        st.sync_label(ptr as usize, Some(label(text, length)))
            .map(|_| ())
    })
}

/// Writes a label back (GL 4.6 §20.9): INVALID_VALUE for a negative bufSize.
///
/// # Safety
/// `out` must be null or hold `buf_size` bytes; `length` null or writable.
unsafe fn write_label(text: &str, buf_size: GLsizei, length: *mut GLsizei, out: *mut GLchar) {
    // SAFETY: caller contract.
    let buf = unsafe { UserOut::new(out) }.bytes(buf_size as usize);
    let n = copy_string(text, buf_size as usize, buf);
    // SAFETY: caller contract.
    unsafe { out_one(length, n as GLsizei) };
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetObjectLabel(
    identifier: GLenum,
    name: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    text: *mut GLchar,
) {
    gl_call("glGetObjectLabel", |st| {
        let l = st.get_label(identifier, name)?;
        if buf_size < 0 {
            gl_bail!(GL_INVALID_VALUE, "bufSize = {buf_size} is negative");
        }
        // SAFETY: the application passes bufSize bytes.
        unsafe { write_label(&l, buf_size, length, text) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetObjectPtrLabel(
    ptr: *const c_void,
    buf_size: GLsizei,
    length: *mut GLsizei,
    text: *mut GLchar,
) {
    gl_call("glGetObjectPtrLabel", |st| {
        let l = st.sync_label(ptr as usize, None)?;
        if buf_size < 0 {
            gl_bail!(GL_INVALID_VALUE, "bufSize = {buf_size} is negative");
        }
        // SAFETY: the application passes bufSize bytes.
        unsafe { write_label(&l, buf_size, length, text) };
        Ok(())
    })
}
