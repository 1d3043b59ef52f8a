#![allow(non_snake_case)]

//! The host's window-system functions (EGL 1.5, GLX 1.4 and GLX_ARB_create_context),
//! each found once in the host's libraries (see [`super::dl::host_symbol`]). A
//! function the host lacks answers as a failing call would: NULL, 0 or EGL_FALSE.

use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::atomic::{AtomicUsize, Ordering};

const EGL_LIBS: &[&CStr] = &[c"libEGL.so.1", c"libEGL.so"];
const GLX_LIBS: &[&CStr] = &[c"libGLX.so.0", c"libGL.so.1", c"libGL.so"];

/// Declares typed host functions: `fn name(args) -> ret = fallback libs;`.
macro_rules! host_fns {
    ($( fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $libs:expr; )*) => {$(
        #[allow(non_snake_case, clippy::missing_safety_doc)]
        pub unsafe fn $name($($arg: $ty),*) -> $ret {
            // Only a found address is kept: the host's library may be loaded later.
            static ADDR: AtomicUsize = AtomicUsize::new(0);
            let mut addr = ADDR.load(Ordering::Acquire);
            if addr == 0 {
                let name = concat!(stringify!($name), "\0");
                // A literal with its terminator and no other NUL.
                let name = CStr::from_bytes_with_nul(name.as_bytes()).unwrap_or(c"");
                addr = super::dl::host_symbol(name, $libs) as usize;
                ADDR.store(addr, Ordering::Release);
            }
            if addr == 0 {
                $( let _ = $arg; )*
                // SAFETY: every return type here is an integer or a pointer; zero is
                // the failure value of each of these functions.
                return unsafe { std::mem::zeroed() };
            }
            // SAFETY: the host's function of this name has this C type (EGL 1.5,
            // GLX 1.4).
            let f: unsafe extern "C" fn($($ty),*) -> $ret = unsafe { std::mem::transmute(addr) };
            // SAFETY: the caller passes arguments valid for this function.
            unsafe { f($($arg),*) }
        }
    )*};
}

pub type Ptr = *mut c_void;

host_fns! {
    fn eglGetProcAddress(name: *const c_char) -> Ptr = EGL_LIBS;
    fn eglCreateContext(dpy: Ptr, config: Ptr, share: Ptr, attribs: *const i32) -> Ptr = EGL_LIBS;
    fn eglDestroyContext(dpy: Ptr, ctx: Ptr) -> u32 = EGL_LIBS;
    fn eglMakeCurrent(dpy: Ptr, draw: Ptr, read: Ptr, ctx: Ptr) -> u32 = EGL_LIBS;
    fn eglReleaseThread() -> u32 = EGL_LIBS;
    fn eglTerminate(dpy: Ptr) -> u32 = EGL_LIBS;
    fn eglQueryAPI() -> u32 = EGL_LIBS;
    fn eglQueryContext(dpy: Ptr, ctx: Ptr, attribute: i32, value: *mut i32) -> u32 = EGL_LIBS;
    fn eglGetCurrentContext() -> Ptr = EGL_LIBS;
    fn eglGetError() -> i32 = EGL_LIBS;
    fn glXGetProcAddressARB(name: *const c_char) -> Ptr = GLX_LIBS;
    fn glXCreateContext(dpy: Ptr, vis: Ptr, share: Ptr, direct: c_int) -> Ptr = GLX_LIBS;
    fn glXCreateNewContext(dpy: Ptr, config: Ptr, render_type: c_int, share: Ptr, direct: c_int) -> Ptr = GLX_LIBS;
    fn glXDestroyContext(dpy: Ptr, ctx: Ptr) -> () = GLX_LIBS;
    fn glXMakeCurrent(dpy: Ptr, drawable: usize, ctx: Ptr) -> c_int = GLX_LIBS;
    fn glXMakeContextCurrent(dpy: Ptr, draw: usize, read: usize, ctx: Ptr) -> c_int = GLX_LIBS;
    fn glXGetCurrentContext() -> Ptr = GLX_LIBS;
}

/// The host's glXCreateContextAttribsARB (an extension function: GetProcAddress).
///
/// # Safety
/// Arguments as GLX_ARB_create_context gives them.
pub unsafe fn glXCreateContextAttribsARB(
    dpy: Ptr,
    config: Ptr,
    share: Ptr,
    direct: c_int,
    attribs: *const c_int,
) -> Ptr {
    static ADDR: AtomicUsize = AtomicUsize::new(0);
    let mut addr = ADDR.load(Ordering::Acquire);
    if addr == 0 {
        // SAFETY: a NUL-terminated name.
        let p = unsafe { glXGetProcAddressARB(c"glXCreateContextAttribsARB".as_ptr()) };
        if p.is_null() || super::dl::is_own(p) {
            return std::ptr::null_mut();
        }
        super::dl::pin(p);
        addr = p as usize;
        ADDR.store(addr, Ordering::Release);
    }
    // SAFETY: the host's glXCreateContextAttribsARB has this type.
    let f: unsafe extern "C" fn(Ptr, Ptr, Ptr, c_int, *const c_int) -> Ptr =
        unsafe { std::mem::transmute(addr) };
    // SAFETY: caller contract.
    unsafe { f(dpy, config, share, direct, attribs) }
}

/// The host's GetProcAddress for `api`: Some(address of the GL function, or null if
/// the host has none), or None while the host's GetProcAddress itself cannot be found
/// (its library is not loaded yet). A found function's library is pinned.
pub fn get_proc_address(api: super::Api, name: &CStr) -> Option<*mut c_void> {
    let gpa = match api {
        super::Api::Egl => c"eglGetProcAddress",
        super::Api::Glx => c"glXGetProcAddressARB",
    };
    let libs = match api {
        super::Api::Egl => EGL_LIBS,
        super::Api::Glx => GLX_LIBS,
    };
    if super::dl::host_symbol(gpa, libs).is_null() {
        return None;
    }
    let p = match api {
        // SAFETY: a NUL-terminated name.
        super::Api::Egl => unsafe { eglGetProcAddress(name.as_ptr()) },
        // SAFETY: a NUL-terminated name.
        super::Api::Glx => unsafe { glXGetProcAddressARB(name.as_ptr()) },
    };
    if p.is_null() || super::dl::is_own(p) {
        return Some(std::ptr::null_mut());
    }
    super::dl::pin(p);
    Some(p)
}
