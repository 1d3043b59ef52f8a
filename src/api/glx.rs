//! The GLX queries that GL loaders (libepoxy, glad) call to learn which window-system
//! binding owns the current context. glcompute has no GLX: no GLX context or drawable
//! is ever current, which these answer truthfully, and glXGetProcAddress resolves GL
//! functions exactly as eglGetProcAddress does.

use std::ffi::{c_char, c_void};

#[unsafe(no_mangle)]
pub extern "C" fn glXGetCurrentContext() -> *mut c_void {
    std::ptr::null_mut()
}

#[unsafe(no_mangle)]
pub extern "C" fn glXGetCurrentDisplay() -> *mut c_void {
    std::ptr::null_mut()
}

#[unsafe(no_mangle)]
pub extern "C" fn glXGetCurrentDrawable() -> usize {
    0
}

#[unsafe(no_mangle)]
pub extern "C" fn glXGetCurrentReadDrawable() -> usize {
    0
}

/// GL entry points only (GLX functions are not GL functions).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glXGetProcAddress(name: *const c_char) -> Option<unsafe extern "C" fn()> {
    if name.is_null() {
        return None;
    }
    // SAFETY: `name` is a NUL-terminated string (GLX 1.4 §3.3.12).
    let name = unsafe { std::ffi::CStr::from_ptr(name) }.to_bytes();
    if !name.starts_with(b"gl") || name.starts_with(b"glX") {
        return None;
    }
    super::lookup_proc(name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glXGetProcAddressARB(
    name: *const c_char,
) -> Option<unsafe extern "C" fn()> {
    // SAFETY: same contract as glXGetProcAddress.
    unsafe { glXGetProcAddress(name) }
}
