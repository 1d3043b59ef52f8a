//! GLX. glcompute has no GLX of its own (it is headless), but programs and libraries
//! linked against libGL reference GLX symbols: GL loaders (libepoxy, glad) ask which
//! window-system binding owns the current context, and piglit's utility library binds
//! the GLX context functions at load time. Each GLX function here forwards to the next
//! GLX in the process when there is one (a host libGL under LD_PRELOAD keeps its GLX
//! untouched) and otherwise answers as a GLX with no displays would: no extension, no
//! configs, no contexts, nothing current. glXGetProcAddress without a host resolves GL
//! functions as eglGetProcAddress does.

use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::OnceLock;

/// The next definition of `name` after this library (the host's GLX), if any.
fn next_symbol(name: &CStr) -> Option<usize> {
    // SAFETY: dlsym with RTLD_NEXT and a NUL-terminated name only reads loader tables.
    let p = unsafe { libc::dlsym(libc::RTLD_NEXT, name.as_ptr()) };
    (!p.is_null()).then_some(p as usize)
}

/// Defines GLX functions that forward to the host's, or return `$none` without one.
macro_rules! glx_forward {
    ($( fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $none:expr; )*) => {$(
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
            static NEXT: OnceLock<Option<usize>> = OnceLock::new();
            let next = *NEXT.get_or_init(|| {
                next_symbol(&std::ffi::CString::new(stringify!($name)).expect("name"))
            });
            match next {
                Some(f) => {
                    // SAFETY: the host's symbol of the same name has this C signature
                    // (GLX 1.4); arguments pass through unchanged.
                    let f: unsafe extern "C" fn($($ty),*) -> $ret = unsafe { std::mem::transmute(f) };
                    unsafe { f($($arg),*) }
                }
                None => {
                    $( let _ = $arg; )*
                    $none
                }
            }
        }
    )*};
}

const GLX_NO_EXTENSION: c_int = 3;

glx_forward! {
    fn glXGetCurrentContext() -> *mut c_void = std::ptr::null_mut();
    fn glXGetCurrentDisplay() -> *mut c_void = std::ptr::null_mut();
    fn glXGetCurrentDrawable() -> usize = 0;
    fn glXGetCurrentReadDrawable() -> usize = 0;
    fn glXQueryExtension(dpy: *mut c_void, error_base: *mut c_int, event_base: *mut c_int) -> c_int = 0;
    fn glXQueryVersion(dpy: *mut c_void, major: *mut c_int, minor: *mut c_int) -> c_int = 0;
    fn glXQueryExtensionsString(dpy: *mut c_void, screen: c_int) -> *const c_char = c"".as_ptr();
    fn glXChooseVisual(dpy: *mut c_void, screen: c_int, attribs: *mut c_int) -> *mut c_void = std::ptr::null_mut();
    fn glXCreateContext(dpy: *mut c_void, vis: *mut c_void, share: *mut c_void, direct: c_int) -> *mut c_void = std::ptr::null_mut();
    fn glXCreateNewContext(dpy: *mut c_void, config: *mut c_void, render_type: c_int, share: *mut c_void, direct: c_int) -> *mut c_void = std::ptr::null_mut();
    fn glXCreatePixmap(dpy: *mut c_void, config: *mut c_void, pixmap: usize, attribs: *const c_int) -> usize = 0;
    fn glXDestroyPixmap(dpy: *mut c_void, pixmap: usize) -> () = ();
    fn glXDestroyContext(dpy: *mut c_void, ctx: *mut c_void) -> () = ();
    fn glXMakeCurrent(dpy: *mut c_void, drawable: usize, ctx: *mut c_void) -> c_int = 0;
    fn glXMakeContextCurrent(dpy: *mut c_void, draw: usize, read: usize, ctx: *mut c_void) -> c_int = 0;
    fn glXSwapBuffers(dpy: *mut c_void, drawable: usize) -> () = ();
    fn glXGetFBConfigAttrib(dpy: *mut c_void, config: *mut c_void, attribute: c_int, value: *mut c_int) -> c_int = GLX_NO_EXTENSION;
    fn glXGetVisualFromFBConfig(dpy: *mut c_void, config: *mut c_void) -> *mut c_void = std::ptr::null_mut();
    fn glXGetFBConfigs(dpy: *mut c_void, screen: c_int, n: *mut c_int) -> *mut *mut c_void = {
        if !n.is_null() {
            // SAFETY: a non-null `n` points to an int the caller owns (GLX 1.4 §3.3.3).
            unsafe { *n = 0 };
        }
        std::ptr::null_mut()
    };
    fn glXChooseFBConfig(dpy: *mut c_void, screen: c_int, attribs: *const c_int, n: *mut c_int) -> *mut *mut c_void = {
        if !n.is_null() {
            // SAFETY: as for glXGetFBConfigs.
            unsafe { *n = 0 };
        }
        std::ptr::null_mut()
    };
}

/// The host's GLX resolves everything when present; otherwise GL entry points only
/// (GLX functions are not GL functions).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glXGetProcAddress(name: *const c_char) -> Option<unsafe extern "C" fn()> {
    static NEXT: OnceLock<Option<usize>> = OnceLock::new();
    if name.is_null() {
        return None;
    }
    if let Some(f) = *NEXT.get_or_init(|| next_symbol(c"glXGetProcAddress")) {
        // SAFETY: the host's glXGetProcAddress has this signature (GLX 1.4 §3.3.12).
        let f: unsafe extern "C" fn(*const c_char) -> Option<unsafe extern "C" fn()> =
            unsafe { std::mem::transmute(f) };
        // SAFETY: `name` is passed through unchanged.
        return unsafe { f(name) };
    }
    // SAFETY: `name` is a NUL-terminated string (GLX 1.4 §3.3.12).
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    if !name.starts_with(b"gl") || name.starts_with(b"glX") {
        return None;
    }
    crate::api::procs::lookup_proc(name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glXGetProcAddressARB(
    name: *const c_char,
) -> Option<unsafe extern "C" fn()> {
    // SAFETY: same contract as glXGetProcAddress.
    unsafe { glXGetProcAddress(name) }
}
