//! Window-system hooks of interposed mode. Context creation goes to the host first;
//! when the application asks for OpenGL 4.3 and the host cannot give it, the request
//! is lowered to 4.2, and glcompute supplies compute (announcing 4.3 when the host has
//! every other GL 4.3 feature; a 4.2 host lacking some gets a context that says 4.2). Every OpenGL context the host creates gets a shadow
//! glcompute context (see [`crate::egl::shadow`]) that is current whenever it is. The
//! GetProcAddress functions hand out glcompute's hooks for the names it takes over and
//! the host's functions for every other name.

#![allow(non_snake_case)]

use crate::egl::shadow;
use crate::gl::egl_enums::*;
use crate::gl::enums::{
    GL_CONTEXT_COMPATIBILITY_PROFILE_BIT, GL_CONTEXT_CORE_PROFILE_BIT, GL_CONTEXT_FLAG_DEBUG_BIT,
};
use crate::host::{Api, ws};
use crate::state::context::ContextInfo;
use std::ffi::{CStr, c_char, c_int, c_void};

type Ptr = *mut c_void;

/// Runs glcompute's own bookkeeping around a host call: a panic in it (a bug) must not
/// unwind into the application, and the host's result stands either way (the context
/// then simply has no glcompute compute).
fn quietly(what: &str, f: impl FnOnce()) {
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).is_err() {
        crate::config::say(format_args!(
            "glcompute: internal error in {what}; this context runs without glcompute"
        ));
    }
}

/// The version, profile and flags a context creation asks for.
#[derive(Clone, Copy)]
struct Request {
    version: (u32, u32),
    profile: Option<u32>,
    debug: bool,
    /// The reset notification strategy asked for is LOSE_CONTEXT_ON_RESET.
    lose_on_reset: bool,
}

impl Request {
    fn info(&self) -> ContextInfo {
        let core = match self.profile {
            Some(mask) => mask & 1 != 0,
            // Without a profile, 3.2 and later default to core (EGL 1.5 §3.7.1,
            // GLX_ARB_create_context); earlier versions have no profiles.
            None => self.version >= (3, 2),
        };
        ContextInfo {
            profile_mask: if core {
                GL_CONTEXT_CORE_PROFILE_BIT
            } else {
                GL_CONTEXT_COMPATIBILITY_PROFILE_BIT
            },
            flags: if self.debug {
                GL_CONTEXT_FLAG_DEBUG_BIT
            } else {
                0
            },
            // KHR_robustness: with LOSE_CONTEXT_ON_RESET, a dispatch the watchdog stops
            // is a guilty reset of the shadow (glcompute's part of the context); the
            // host's part is not reset.
            lose_on_reset: self.lose_on_reset,
            es: false,
        }
    }
}

/// After the host's context creation: the shadow of a context the host created (none
/// for a failure, which is returned as it is).
fn created(
    api: Api,
    dpy: Ptr,
    ctx: Ptr,
    share: Ptr,
    info: ContextInfo,
    requested: (u32, u32),
) -> Ptr {
    if !ctx.is_null() {
        quietly("context creation", || {
            shadow::register(
                api,
                dpy as usize,
                ctx as usize,
                share as usize,
                info,
                requested,
            );
        });
    }
    ctx
}

/// The attribute tokens of one window-system API's context creation.
struct Tokens {
    major: i32,
    minor: i32,
    profile: i32,
    flags: i32,
    /// The debug bit of `flags`.
    debug_bit: i32,
    /// A boolean debug attribute (EGL 1.5's EGL_CONTEXT_OPENGL_DEBUG), if the API has one.
    debug: Option<i32>,
    /// The reset notification strategy attributes (EGL has a core and an EXT one).
    reset: [i32; 2],
    /// The strategy value that asks for lost contexts (LOSE_CONTEXT_ON_RESET).
    lose: i32,
}

/// The version, profile and debug flag an attribute list asks for.
fn request(list: &[(i32, i32)], t: &Tokens) -> Request {
    let mut r = Request {
        version: (1, 0),
        profile: None,
        debug: false,
        lose_on_reset: false,
    };
    for &(a, b) in list {
        if a == t.major {
            r.version.0 = b as u32;
        } else if a == t.minor {
            r.version.1 = b as u32;
        } else if a == t.profile {
            r.profile = Some(b as u32);
        } else if a == t.flags {
            r.debug |= b & t.debug_bit != 0;
        } else if Some(a) == t.debug {
            r.debug |= b != 0;
        } else if t.reset.contains(&a) {
            r.lose_on_reset = b == t.lose;
        }
    }
    r
}

/// Reads an attribute list of (name, value) pairs ending with `none`.
///
/// # Safety
/// `attribs` is null or a list terminated by `none`.
unsafe fn pairs(attribs: *const i32, none: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    if attribs.is_null() {
        return v;
    }
    let mut p = attribs;
    // SAFETY: caller contract: pairs until the terminator.
    unsafe {
        while *p != none && v.len() < 256 {
            v.push((*p, *p.add(1)));
            p = p.add(2);
        }
    }
    v
}

/// The lower version tried when the host refuses OpenGL 4.3: glcompute completes a 4.2
/// host to 4.3 (when it has every other GL 4.3 feature); an older one it cannot.
const LOWER: [(u32, u32); 1] = [(4, 2)];

/// Rewrites the version of an attribute list (adding it if absent).
fn with_version(list: &[(i32, i32)], t: &Tokens, v: (u32, u32), none: i32) -> Vec<i32> {
    let mut out = Vec::new();
    for &(a, b) in list {
        if a == t.major || a == t.minor {
            continue;
        }
        out.extend([a, b]);
    }
    out.extend([t.major, v.0 as i32, t.minor, v.1 as i32, none]);
    out
}

// ---- EGL ------------------------------------------------------------------------

const EGL_TOKENS: Tokens = Tokens {
    major: EGL_CONTEXT_MAJOR_VERSION,
    minor: EGL_CONTEXT_MINOR_VERSION,
    profile: EGL_CONTEXT_OPENGL_PROFILE_MASK,
    flags: EGL_CONTEXT_FLAGS_KHR,
    debug_bit: EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR,
    debug: Some(EGL_CONTEXT_OPENGL_DEBUG),
    reset: [
        EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
        EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
    ],
    lose: EGL_LOSE_CONTEXT_ON_RESET,
};

pub unsafe extern "C" fn eglCreateContext(
    dpy: Ptr,
    config: Ptr,
    share: Ptr,
    attribs: *const i32,
) -> Ptr {
    // SAFETY: the application's arguments, passed on unchanged.
    let mut ctx = unsafe { ws::eglCreateContext(dpy, config, share, attribs) };
    // SAFETY: a plain query of this thread's bound API.
    if unsafe { ws::eglQueryAPI() } != EGL_OPENGL_API as u32 {
        return ctx;
    }
    // SAFETY: EGL attribute lists end with EGL_NONE.
    let list = unsafe { pairs(attribs, EGL_NONE) };
    let request = request(&list, &EGL_TOKENS);
    if ctx.is_null() && request.version == (4, 3) {
        for v in LOWER {
            let lowered = with_version(&list, &EGL_TOKENS, v, EGL_NONE);
            // SAFETY: the application's list with another version, EGL_NONE-terminated.
            ctx = unsafe { ws::eglCreateContext(dpy, config, share, lowered.as_ptr()) };
            if !ctx.is_null() {
                break;
            }
        }
        if ctx.is_null() {
            // The application's own request again, so eglGetError gives its error.
            // SAFETY: the application's arguments.
            ctx = unsafe { ws::eglCreateContext(dpy, config, share, attribs) };
        }
    }
    created(Api::Egl, dpy, ctx, share, request.info(), request.version)
}

pub unsafe extern "C" fn eglDestroyContext(dpy: Ptr, ctx: Ptr) -> u32 {
    // SAFETY: the application's arguments.
    let r = unsafe { ws::eglDestroyContext(dpy, ctx) };
    if r != 0 {
        quietly("eglDestroyContext", || {
            shadow::forget(Api::Egl, dpy as usize, ctx as usize)
        });
    }
    r
}

pub unsafe extern "C" fn eglMakeCurrent(dpy: Ptr, draw: Ptr, read: Ptr, ctx: Ptr) -> u32 {
    // SAFETY: the application's arguments.
    let r = unsafe { ws::eglMakeCurrent(dpy, draw, read, ctx) };
    if r == 0 {
        return r;
    }
    quietly("eglMakeCurrent", || egl_made_current(dpy, ctx));
    r
}

/// Reads the host's capabilities of a context just made current (once per context),
/// marked as inside a glcompute call: a host debug callback that calls GL during the
/// queries goes straight to the host instead of waiting on this read.
fn read_caps(sh: &crate::state::context::Context) {
    if let Some(link) = &sh.link {
        let _guard = crate::api::call::CallGuard::enter();
        link.caps();
    }
}

/// The shadow side of a successful eglMakeCurrent.
fn egl_made_current(dpy: Ptr, ctx: Ptr) {
    if ctx.is_null() {
        // Releasing the current context of the bound API.
        // SAFETY: a plain query.
        if unsafe { ws::eglQueryAPI() } == EGL_OPENGL_API as u32 {
            shadow::make_current(Api::Egl, None);
        }
        return;
    }
    let mut client = 0;
    // SAFETY: ctx was just made current, so it is a valid context of dpy.
    unsafe { ws::eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &mut client) };
    if client == EGL_OPENGL_API {
        let sh = shadow::lookup(Api::Egl, dpy as usize, ctx as usize).unwrap_or_else(|| {
            // A context glcompute did not see created: a shadow with no share group.
            let r = Request {
                version: (0, 0),
                profile: None,
                debug: false,
                lose_on_reset: false,
            };
            shadow::register(Api::Egl, dpy as usize, ctx as usize, 0, r.info(), r.version)
        });
        read_caps(&sh);
        shadow::make_current(Api::Egl, Some(sh));
    } else {
        // An OpenGL ES context: GL calls on this thread now go to it, and glcompute
        // runs nothing for ES contexts.
        shadow::make_current(Api::Egl, None);
    }
}

pub unsafe extern "C" fn eglReleaseThread() -> u32 {
    // SAFETY: no arguments.
    let r = unsafe { ws::eglReleaseThread() };
    quietly("eglReleaseThread", || shadow::make_current(Api::Egl, None));
    r
}

pub unsafe extern "C" fn eglTerminate(dpy: Ptr) -> u32 {
    // SAFETY: the application's argument.
    let r = unsafe { ws::eglTerminate(dpy) };
    if r != 0 {
        quietly("eglTerminate", || {
            shadow::forget_display(Api::Egl, dpy as usize)
        });
    }
    r
}

/// The hook for `name` if glcompute takes it over, else None.
fn hook_for(name: *const c_char) -> Option<Ptr> {
    if name.is_null() {
        return None;
    }
    // SAFETY: GetProcAddress names are NUL-terminated.
    let cname = unsafe { CStr::from_ptr(name) };
    super::app_address(cname)
}

pub unsafe extern "C" fn eglGetProcAddress(name: *const c_char) -> Ptr {
    match hook_for(name) {
        Some(p) => p,
        // SAFETY: the application's argument.
        None => unsafe { ws::eglGetProcAddress(name) },
    }
}

// ---- GLX ------------------------------------------------------------------------

const GLX_CONTEXT_MAJOR_VERSION_ARB: i32 = 0x2091;
const GLX_CONTEXT_MINOR_VERSION_ARB: i32 = 0x2092;
const GLX_CONTEXT_FLAGS_ARB: i32 = 0x2094;
const GLX_CONTEXT_PROFILE_MASK_ARB: i32 = 0x9126;
const GLX_CONTEXT_DEBUG_BIT_ARB: i32 = 0x1;
// GLX_ARB_create_context_robustness.
const GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB: i32 = 0x8256;
const GLX_LOSE_CONTEXT_ON_RESET_ARB: i32 = 0x8252;
const GLX_NONE: i32 = 0;

const GLX_TOKENS: Tokens = Tokens {
    major: GLX_CONTEXT_MAJOR_VERSION_ARB,
    minor: GLX_CONTEXT_MINOR_VERSION_ARB,
    profile: GLX_CONTEXT_PROFILE_MASK_ARB,
    flags: GLX_CONTEXT_FLAGS_ARB,
    debug_bit: GLX_CONTEXT_DEBUG_BIT_ARB,
    debug: None,
    reset: [
        GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB,
        GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB,
    ],
    lose: GLX_LOSE_CONTEXT_ON_RESET_ARB,
};

/// A compatibility context of GLX 1.4's legacy creation functions.
fn legacy() -> ContextInfo {
    ContextInfo {
        profile_mask: GL_CONTEXT_COMPATIBILITY_PROFILE_BIT,
        flags: 0,
        lose_on_reset: false,
        es: false,
    }
}

pub unsafe extern "C" fn glXCreateContext(dpy: Ptr, vis: Ptr, share: Ptr, direct: c_int) -> Ptr {
    // SAFETY: the application's arguments.
    let ctx = unsafe { ws::glXCreateContext(dpy, vis, share, direct) };
    created(Api::Glx, dpy, ctx, share, legacy(), (0, 0))
}

pub unsafe extern "C" fn glXCreateNewContext(
    dpy: Ptr,
    config: Ptr,
    render_type: c_int,
    share: Ptr,
    direct: c_int,
) -> Ptr {
    // SAFETY: the application's arguments.
    let ctx = unsafe { ws::glXCreateNewContext(dpy, config, render_type, share, direct) };
    created(Api::Glx, dpy, ctx, share, legacy(), (0, 0))
}

/// Xlib's error handler type.
type XErrorHandler = Option<unsafe extern "C" fn(Ptr, Ptr) -> c_int>;

unsafe extern "C" fn ignore_x_error(_: Ptr, _: Ptr) -> c_int {
    0
}

pub unsafe extern "C" fn glXCreateContextAttribsARB(
    dpy: Ptr,
    config: Ptr,
    share: Ptr,
    direct: c_int,
    attribs: *const c_int,
) -> Ptr {
    // SAFETY: GLX attribute lists end with None (0).
    let list = unsafe { pairs(attribs, GLX_NONE) };
    let request = request(&list, &GLX_TOKENS);
    let mut ctx = std::ptr::null_mut();
    if request.version == (4, 3) {
        // A refused version is an X error, which Xlib's default handler turns into
        // exit(): while glcompute tries 4.3 and the lower versions, errors are ignored;
        // if every attempt fails, the application's own request is repeated with its
        // own handler, so it sees the error it would have seen.
        let set_handler = crate::host::dl::host_symbol(c"XSetErrorHandler", &[c"libX11.so.6"]);
        let sync = crate::host::dl::host_symbol(c"XSync", &[c"libX11.so.6"]);
        if !set_handler.is_null() && !sync.is_null() {
            // SAFETY: Xlib's XSetErrorHandler and XSync have these C types.
            let set_handler: unsafe extern "C" fn(XErrorHandler) -> XErrorHandler =
                unsafe { std::mem::transmute(set_handler) };
            let sync: unsafe extern "C" fn(Ptr, c_int) -> c_int =
                unsafe { std::mem::transmute(sync) };
            // SAFETY: installs a handler that ignores errors, restored below.
            let old = unsafe { set_handler(Some(ignore_x_error)) };
            for v in std::iter::once(request.version).chain(LOWER) {
                let lowered = with_version(&list, &GLX_TOKENS, v, GLX_NONE);
                // SAFETY: the application's list with another version, None-terminated.
                ctx = unsafe {
                    ws::glXCreateContextAttribsARB(dpy, config, share, direct, lowered.as_ptr())
                };
                // SAFETY: flushes the request so its error arrives under our handler.
                unsafe { sync(dpy, 0) };
                if !ctx.is_null() {
                    break;
                }
            }
            // SAFETY: restores the application's handler.
            unsafe { set_handler(old) };
        }
    }
    if ctx.is_null() {
        // SAFETY: the application's arguments.
        ctx = unsafe { ws::glXCreateContextAttribsARB(dpy, config, share, direct, attribs) };
    }
    created(Api::Glx, dpy, ctx, share, request.info(), request.version)
}

pub unsafe extern "C" fn glXDestroyContext(dpy: Ptr, ctx: Ptr) {
    // SAFETY: the application's arguments.
    unsafe { ws::glXDestroyContext(dpy, ctx) };
    quietly("glXDestroyContext", || {
        shadow::forget(Api::Glx, dpy as usize, ctx as usize)
    });
}

fn glx_made_current(dpy: Ptr, ctx: Ptr) {
    if ctx.is_null() {
        shadow::make_current(Api::Glx, None);
        return;
    }
    let sh = shadow::lookup(Api::Glx, dpy as usize, ctx as usize).unwrap_or_else(|| {
        shadow::register(Api::Glx, dpy as usize, ctx as usize, 0, legacy(), (0, 0))
    });
    read_caps(&sh);
    shadow::make_current(Api::Glx, Some(sh));
}

pub unsafe extern "C" fn glXMakeCurrent(dpy: Ptr, drawable: usize, ctx: Ptr) -> c_int {
    // SAFETY: the application's arguments.
    let r = unsafe { ws::glXMakeCurrent(dpy, drawable, ctx) };
    if r != 0 {
        quietly("glXMakeCurrent", || glx_made_current(dpy, ctx));
    }
    r
}

pub unsafe extern "C" fn glXMakeContextCurrent(
    dpy: Ptr,
    draw: usize,
    read: usize,
    ctx: Ptr,
) -> c_int {
    // SAFETY: the application's arguments.
    let r = unsafe { ws::glXMakeContextCurrent(dpy, draw, read, ctx) };
    if r != 0 {
        quietly("glXMakeCurrent", || glx_made_current(dpy, ctx));
    }
    r
}

pub unsafe extern "C" fn glXGetProcAddressARB(name: *const c_char) -> Ptr {
    match hook_for(name) {
        Some(p) => p,
        // SAFETY: the application's argument.
        None => unsafe { ws::glXGetProcAddressARB(name) },
    }
}

pub unsafe extern "C" fn glXGetProcAddress(name: *const c_char) -> Ptr {
    // SAFETY: the same function under its GLX 1.4 name.
    unsafe { glXGetProcAddressARB(name) }
}

/// glcompute's dispatch statistics (see include/glcompute.h), for interposed programs.
pub unsafe extern "C" fn glcomputeGetDispatchStatistics(out: *mut u64) {
    // SAFETY: the caller passes room for two values.
    unsafe { crate::api::core::glcomputeGetDispatchStatistics(out) }
}
