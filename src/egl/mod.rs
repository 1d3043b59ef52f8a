//! Headless EGL 1.5: the surfaceless display (also the default display), the
//! EGL_EXT_platform_device display of the one software device, pbuffer-capable
//! configs, pbuffer surfaces, OpenGL contexts and the per-thread current context and
//! error. Handles are small integers looked up in tables, never dereferenced, so a
//! stale or forged handle yields an EGL error instead of a crash. It creates GL
//! contexts through the state layer and calls nothing above it.

pub mod config;
pub mod shadow;
pub mod types;

pub use types::{EGL_DONT_CARE, EglResult, NONE_HANDLE};

use crate::gl::egl_enums::*;
use crate::gl::enums as gl;
use crate::runtime::sync::Mutex;
use crate::state::context::{Context, ContextInfo, set_current};
use config::CONFIGS;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The two displays: index 0 is surfaceless (and the default display), 1 the device's.
pub const DISPLAY_HANDLES: [usize; 2] = [0xd15_0001, 0xd15_0002];
/// The software device of EGL_EXT_device_enumeration.
pub const DEVICE_HANDLE: usize = 0xdef_0001;

pub struct EglContext {
    pub handle: usize,
    pub display: usize,
    pub config: Option<usize>,
    pub gl: Arc<Context>,
    /// The thread the context is current on (EGL 1.5 §3.7.3: at most one).
    pub thread: Mutex<Option<ThreadId>>,
}

pub struct EglSurface {
    pub handle: usize,
    pub display: usize,
    pub config: usize,
    pub width: i32,
    pub height: i32,
    pub largest: bool,
    pub gl_colorspace: i32,
    /// Thread of the context this surface is bound to, if any.
    pub thread: Mutex<Option<ThreadId>>,
}

pub struct EglSync {
    pub display: usize,
    pub kind: i32,
}

#[derive(Default)]
struct Displays {
    initialized: [bool; 2],
    contexts: HashMap<usize, Arc<EglContext>>,
    surfaces: HashMap<usize, Arc<EglSurface>>,
    syncs: HashMap<usize, EglSync>,
    next: usize,
}

fn displays() -> &'static Mutex<Displays> {
    static D: OnceLock<Mutex<Displays>> = OnceLock::new();
    D.get_or_init(|| {
        Mutex::new(Displays {
            next: 0x1000,
            ..Default::default()
        })
    })
}

/// Per-thread EGL state (EGL 1.5 §3.7).
struct ThreadState {
    error: i32,
    api: u32,
    context: Option<Arc<EglContext>>,
    draw: Option<Arc<EglSurface>>,
    read: Option<Arc<EglSurface>>,
}

thread_local! {
    static THREAD: RefCell<ThreadState> = const { RefCell::new(ThreadState {
        error: EGL_SUCCESS,
        // EGL 1.5 §3.7: the initial API is OpenGL ES if supported, else EGL_NONE.
        // EGL 1.5 §3.7: the initial API is OpenGL ES where it is supported.
        api: EGL_OPENGL_ES_API as u32,
        context: None,
        draw: None,
        read: None,
    }) };
}

impl Drop for ThreadState {
    /// A thread that exits with a context current releases it (EGL 1.5 §3.11), so
    /// other threads can make it current.
    fn drop(&mut self) {
        if let Some(c) = self.context.take() {
            *c.thread.lock() = None;
        }
        for s in [self.draw.take(), self.read.take()].into_iter().flatten() {
            *s.thread.lock() = None;
        }
    }
}

/// The calling thread (pthread_self: usable even while the thread's Rust locals are
/// being destroyed, unlike std::thread::current).
pub type ThreadId = libc::pthread_t;

fn current_thread_id() -> ThreadId {
    // SAFETY: pthread_self has no preconditions.
    unsafe { libc::pthread_self() }
}

/// Runs `f` on the calling thread's EGL state. None once the thread's locals are
/// destroyed (EGL called from an atexit handler or another thread-local destructor):
/// the thread then has no state, and callers answer as for a fresh thread.
fn thread<R>(f: impl FnOnce(&mut ThreadState) -> R) -> Option<R> {
    THREAD
        .try_with(|t| t.try_borrow_mut().ok().map(|mut t| f(&mut t)))
        .ok()
        .flatten()
}

pub fn set_error(e: i32) {
    thread(|t| t.error = e);
}

/// eglGetError: returns and resets the thread's error.
pub fn take_error() -> i32 {
    thread(|t| std::mem::replace(&mut t.error, EGL_SUCCESS)).unwrap_or(EGL_SUCCESS)
}

fn display_index(dpy: usize) -> EglResult<usize> {
    DISPLAY_HANDLES
        .iter()
        .position(|&h| h == dpy)
        .ok_or(EGL_BAD_DISPLAY)
}

/// Checks that `dpy` is a display (EGL_BAD_DISPLAY) and initialized (EGL_NOT_INITIALIZED).
pub fn check_display(dpy: usize) -> EglResult<usize> {
    let i = display_index(dpy)?;
    if !displays().lock().initialized[i] {
        return Err(EGL_NOT_INITIALIZED);
    }
    Ok(i)
}

/// eglGetDisplay: the default display is the surfaceless one; native displays of
/// window systems do not exist here (EGL_NO_DISPLAY, no error).
pub fn get_display(native: usize) -> usize {
    if native == NONE_HANDLE {
        DISPLAY_HANDLES[0]
    } else {
        NONE_HANDLE
    }
}

/// eglGetPlatformDisplay(EXT) (EGL 1.5 §3.2).
pub fn get_platform_display(platform: u32, native: usize, attribs: &[isize]) -> EglResult<usize> {
    // EGL 1.5 §3.2: EGL_BAD_ATTRIBUTE for attributes these platforms do not define.
    if attribs.first().is_some_and(|&a| a != EGL_NONE as isize) {
        return Err(EGL_BAD_ATTRIBUTE);
    }
    match platform as i32 {
        EGL_PLATFORM_SURFACELESS_MESA => {
            // EGL_MESA_platform_surfaceless: native_display must be EGL_DEFAULT_DISPLAY.
            if native != NONE_HANDLE {
                return Err(EGL_BAD_PARAMETER);
            }
            Ok(DISPLAY_HANDLES[0])
        }
        EGL_PLATFORM_DEVICE_EXT => {
            // EGL_EXT_platform_device: native_display must be a device.
            if native != DEVICE_HANDLE {
                return Err(EGL_BAD_PARAMETER);
            }
            Ok(DISPLAY_HANDLES[1])
        }
        // EGL 1.5 §3.2: EGL_BAD_PARAMETER for an unsupported platform.
        _ => Err(EGL_BAD_PARAMETER),
    }
}

/// eglInitialize: returns (major, minor).
pub fn initialize(dpy: usize) -> EglResult<(i32, i32)> {
    let i = display_index(dpy)?;
    displays().lock().initialized[i] = true;
    Ok((1, 5))
}

/// eglTerminate: the display's handles become invalid; contexts and surfaces current on
/// some thread live on until released (EGL 1.5 §3.2).
pub fn terminate(dpy: usize) -> EglResult<()> {
    let i = display_index(dpy)?;
    let mut d = displays().lock();
    d.initialized[i] = false;
    d.contexts.retain(|_, c| c.display != dpy);
    d.surfaces.retain(|_, s| s.display != dpy);
    d.syncs.retain(|_, s| s.display != dpy);
    Ok(())
}

pub const CLIENT_EXTENSIONS: &str = "EGL_EXT_client_extensions EGL_EXT_platform_base EGL_EXT_device_base \
EGL_EXT_device_enumeration EGL_EXT_device_query EGL_EXT_platform_device EGL_MESA_platform_surfaceless \
EGL_KHR_client_get_all_proc_addresses";

pub const DISPLAY_EXTENSIONS: &str = "EGL_KHR_create_context EGL_EXT_create_context_robustness \
EGL_KHR_create_context_no_error EGL_KHR_get_all_proc_addresses EGL_KHR_no_config_context EGL_KHR_surfaceless_context \
EGL_EXT_device_query";

/// eglQueryString (EGL 1.5 §3.3).
pub fn query_string(dpy: usize, name: i32) -> EglResult<&'static str> {
    if dpy == NONE_HANDLE {
        // EGL 1.5 §3.3: with EGL_NO_DISPLAY only EGL_EXTENSIONS (client extensions) and
        // EGL_VERSION are accepted.
        return match name {
            EGL_EXTENSIONS => Ok(CLIENT_EXTENSIONS),
            EGL_VERSION => Ok("1.5"),
            _ => Err(EGL_BAD_DISPLAY),
        };
    }
    check_display(dpy)?;
    match name {
        EGL_CLIENT_APIS => Ok("OpenGL OpenGL_ES"),
        EGL_EXTENSIONS => Ok(DISPLAY_EXTENSIONS),
        EGL_VENDOR => Ok("glcompute"),
        EGL_VERSION => Ok(concat!("1.5 glcompute ", env!("CARGO_PKG_VERSION"))),
        _ => Err(EGL_BAD_PARAMETER),
    }
}

/// eglBindAPI: OpenGL and OpenGL ES (EGL 1.5 §3.7; OpenVG is EGL_BAD_PARAMETER).
pub fn bind_api(api: u32) -> EglResult<()> {
    match api as i32 {
        EGL_OPENGL_API | EGL_OPENGL_ES_API => {
            thread(|t| t.api = api);
            Ok(())
        }
        _ => Err(EGL_BAD_PARAMETER),
    }
}

pub fn query_api() -> u32 {
    thread(|t| t.api).unwrap_or(EGL_OPENGL_ES_API as u32)
}

/// Looks up a config handle (1-based index into [`CONFIGS`]).
pub fn config_index(config: usize) -> EglResult<usize> {
    if config >= 1 && config <= CONFIGS.len() {
        Ok(config - 1)
    } else {
        Err(EGL_BAD_CONFIG)
    }
}

fn new_handle(d: &mut Displays) -> usize {
    d.next += 1;
    d.next
}

/// The context attributes of an attribute list, read for OpenGL or (`es`) OpenGL ES.
struct Attribs {
    major: i32,
    minor: i32,
    profile: i32,
    /// EGL_CONTEXT_OPENGL_*_BIT_KHR flags.
    flags: i32,
    lose_on_reset: bool,
    /// EGL_CONTEXT_OPENGL_NO_ERROR_KHR.
    no_error: bool,
}

/// Reads a context attribute list (EGL 1.5 §3.7.1, EGL_KHR_create_context): EGL_BAD_ATTRIBUTE
/// for an attribute or value EGL does not define, and for OpenGL ES for the OpenGL-only
/// ones (EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE and its
/// flag bit). EGL_CONTEXT_CLIENT_VERSION is EGL_CONTEXT_MAJOR_VERSION.
fn read_attribs(attribs: &[(i32, i32)], es: bool) -> EglResult<Attribs> {
    let mut a = Attribs {
        major: 1,
        minor: 0,
        profile: EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        flags: 0,
        lose_on_reset: false,
        no_error: false,
    };
    let mut known = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
    if !es {
        known |= EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
    }
    for &(name, value) in attribs {
        let flag = |a: &mut Attribs, bit: i32| -> EglResult<()> {
            match value {
                EGL_TRUE => a.flags |= bit,
                EGL_FALSE => a.flags &= !bit,
                _ => return Err(EGL_BAD_ATTRIBUTE),
            }
            Ok(())
        };
        match name {
            EGL_CONTEXT_MAJOR_VERSION => a.major = value,
            EGL_CONTEXT_MINOR_VERSION => a.minor = value,
            EGL_CONTEXT_OPENGL_PROFILE_MASK if !es => a.profile = value,
            EGL_CONTEXT_OPENGL_DEBUG => flag(&mut a, EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR)?,
            EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE if !es => {
                flag(&mut a, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR)?
            }
            EGL_CONTEXT_OPENGL_ROBUST_ACCESS | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT => {
                flag(&mut a, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)?
            }
            EGL_CONTEXT_FLAGS_KHR => {
                // EGL_KHR_create_context: EGL_BAD_ATTRIBUTE for undefined flag bits.
                if value & !known != 0 {
                    return Err(EGL_BAD_ATTRIBUTE);
                }
                a.flags = value;
            }
            EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY
            | EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT => match value {
                EGL_NO_RESET_NOTIFICATION => a.lose_on_reset = false,
                // A dispatch the watchdog stops is a reset of its context.
                EGL_LOSE_CONTEXT_ON_RESET => a.lose_on_reset = true,
                _ => return Err(EGL_BAD_ATTRIBUTE),
            },
            // EGL_KHR_create_context_no_error (KHR_no_error).
            EGL_CONTEXT_OPENGL_NO_ERROR_KHR => match value {
                EGL_TRUE => a.no_error = true,
                EGL_FALSE => a.no_error = false,
                _ => return Err(EGL_BAD_ATTRIBUTE),
            },
            // EGL 1.5 §3.7.1: EGL_BAD_ATTRIBUTE for an attribute it does not define.
            _ => return Err(EGL_BAD_ATTRIBUTE),
        }
    }
    // EGL_KHR_create_context_no_error: EGL_BAD_MATCH for a no-error context that is
    // also a debug or robust-access context.
    if a.no_error
        && a.flags & (EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)
            != 0
    {
        return Err(EGL_BAD_MATCH);
    }
    Ok(a)
}

/// The CONTEXT_FLAGS of EGL flags: debug, forward-compatible where `core`, robust access.
/// Robust buffer access is what every glcompute context does (reads outside a buffer
/// give zero, writes there are dropped); the flag says so when asked for.
fn gl_flags(flags: i32, core: bool, no_error: bool) -> u32 {
    let mut gl_flags = 0;
    // KHR_no_error: errors are undefined behaviour in such a context; glcompute checks
    // and reports them all the same (the flag changes nothing else).
    if no_error {
        gl_flags |= gl::GL_CONTEXT_FLAG_NO_ERROR_BIT;
    }
    if flags & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR != 0 {
        gl_flags |= gl::GL_CONTEXT_FLAG_DEBUG_BIT;
    }
    if flags & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR != 0 && core {
        gl_flags |= gl::GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT;
    }
    if flags & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR != 0 {
        gl_flags |= gl::GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT;
    }
    gl_flags
}

/// Validated context attributes of an OpenGL context (EGL 1.5 §3.7.1,
/// EGL_KHR_create_context).
fn context_info(attribs: &[(i32, i32)]) -> EglResult<ContextInfo> {
    let Attribs {
        major,
        minor,
        profile,
        flags,
        lose_on_reset,
        no_error,
    } = read_attribs(attribs, false)?;
    // EGL_KHR_create_context: EGL_BAD_MATCH for a version that does not exist or that
    // the implementation cannot provide (glcompute provides up to 4.3).
    let valid = matches!(
        (major, minor),
        (1, 0..=5) | (2, 0..=1) | (3, 0..=3) | (4, 0..=6)
    );
    if !valid || (major, minor) > (crate::limits::GL_MAJOR, crate::limits::GL_MINOR) {
        return Err(EGL_BAD_MATCH);
    }
    // Forward-compatible contexts exist from GL 3.0 on.
    if flags & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR != 0 && major < 3 {
        return Err(EGL_BAD_MATCH);
    }
    let core = if (major, minor) >= (3, 2) {
        // EGL_KHR_create_context: exactly one known profile bit, else EGL_BAD_MATCH.
        match profile {
            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT => true,
            EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT => false,
            _ => return Err(EGL_BAD_MATCH),
        }
    } else {
        // Requests below 3.2 ask for a context backwards compatible with them.
        false
    };
    Ok(ContextInfo {
        profile_mask: if core {
            gl::GL_CONTEXT_CORE_PROFILE_BIT
        } else {
            gl::GL_CONTEXT_COMPATIBILITY_PROFILE_BIT
        },
        flags: gl_flags(flags, core, no_error),
        lose_on_reset,
        es: false,
    })
}

/// Validated attributes of an OpenGL ES context (EGL 1.5 §3.7.1): versions 2.0 to 3.2
/// get an OpenGL ES 3.2 context (backward compatible with each); 1.x (the default) and
/// 3.3 and later are EGL_BAD_MATCH.
fn es_context_info(attribs: &[(i32, i32)]) -> EglResult<ContextInfo> {
    let a = read_attribs(attribs, true)?;
    if !matches!((a.major, a.minor), (2, 0) | (3, 0..=2)) {
        return Err(EGL_BAD_MATCH);
    }
    Ok(ContextInfo {
        profile_mask: 0,
        flags: gl_flags(a.flags, false, a.no_error),
        lose_on_reset: a.lose_on_reset,
        es: true,
    })
}

/// eglCreateContext (EGL 1.5 §3.7.1).
pub fn create_context(
    dpy: usize,
    config: usize,
    share: usize,
    attribs: &[(i32, i32)],
) -> EglResult<usize> {
    check_display(dpy)?;
    // EGL 1.5 §3.7.1: EGL_BAD_MATCH if the current rendering API is EGL_NONE.
    let es = match query_api() as i32 {
        EGL_OPENGL_API => false,
        EGL_OPENGL_ES_API => true,
        _ => return Err(EGL_BAD_MATCH),
    };
    // EGL_KHR_no_config_context: EGL_NO_CONFIG_KHR is allowed; otherwise the config
    // must exist (EGL_BAD_CONFIG). Every config supports OpenGL.
    let config = if config == NONE_HANDLE {
        None
    } else {
        Some(config_index(config)?)
    };
    let share_ctx = if share == NONE_HANDLE {
        None
    } else {
        match displays().lock().contexts.get(&share) {
            Some(c) if c.display == dpy => Some(c.gl.clone()),
            // EGL 1.5 §3.7.1: EGL_BAD_CONTEXT for an invalid share context.
            _ => return Err(EGL_BAD_CONTEXT),
        }
    };
    let info = if es {
        es_context_info(attribs)?
    } else {
        context_info(attribs)?
    };
    // EGL 1.5 §3.7.1: EGL_BAD_CONFIG if the config does not support the client API
    // (every config supports OpenGL, OpenGL ES 2.x and 3.x); EGL_BAD_MATCH if the
    // share context is of another client API.
    if share_ctx.as_ref().is_some_and(|c| c.info.es != info.es) {
        return Err(EGL_BAD_MATCH);
    }
    // EGL_KHR_create_context: EGL_BAD_MATCH if the share context's reset notification
    // strategy differs.
    if share_ctx
        .as_ref()
        .is_some_and(|c| c.info.lose_on_reset != info.lose_on_reset)
    {
        return Err(EGL_BAD_MATCH);
    }
    // EGL_KHR_create_context_no_error: EGL_BAD_MATCH if the share context's no-error
    // state differs.
    if share_ctx
        .as_ref()
        .is_some_and(|c| (c.info.flags ^ info.flags) & gl::GL_CONTEXT_FLAG_NO_ERROR_BIT != 0)
    {
        return Err(EGL_BAD_MATCH);
    }
    let gl = Context::new(info, share_ctx.as_deref());
    let mut d = displays().lock();
    let handle = new_handle(&mut d);
    d.contexts.insert(
        handle,
        Arc::new(EglContext {
            handle,
            display: dpy,
            config: config.map(|c| c + 1),
            gl,
            thread: Mutex::new(None),
        }),
    );
    Ok(handle)
}

/// eglDestroyContext: the handle dies at once; a context current somewhere lives until
/// it is released (EGL 1.5 §3.7.2).
pub fn destroy_context(dpy: usize, ctx: usize) -> EglResult<()> {
    check_display(dpy)?;
    let mut d = displays().lock();
    match d.contexts.get(&ctx) {
        Some(c) if c.display == dpy => {
            d.contexts.remove(&ctx);
            Ok(())
        }
        _ => Err(EGL_BAD_CONTEXT),
    }
}

pub fn lookup_context(dpy: usize, ctx: usize) -> EglResult<Arc<EglContext>> {
    match displays().lock().contexts.get(&ctx) {
        Some(c) if c.display == dpy => Ok(c.clone()),
        _ => Err(EGL_BAD_CONTEXT),
    }
}

pub fn lookup_surface(dpy: usize, surface: usize) -> EglResult<Arc<EglSurface>> {
    match displays().lock().surfaces.get(&surface) {
        Some(s) if s.display == dpy => Ok(s.clone()),
        _ => Err(EGL_BAD_SURFACE),
    }
}

/// eglQueryContext (EGL 1.5 §3.7.4).
pub fn query_context(dpy: usize, ctx: usize, attribute: i32) -> EglResult<i32> {
    check_display(dpy)?;
    let c = lookup_context(dpy, ctx)?;
    Ok(match attribute {
        EGL_CONFIG_ID => c.config.map(|i| CONFIGS[i - 1].id).unwrap_or(0),
        EGL_CONTEXT_CLIENT_TYPE if c.gl.info.es => EGL_OPENGL_ES_API,
        EGL_CONTEXT_CLIENT_TYPE => EGL_OPENGL_API,
        EGL_CONTEXT_CLIENT_VERSION if c.gl.info.es => crate::limits::ES_MAJOR,
        EGL_CONTEXT_CLIENT_VERSION => crate::limits::GL_MAJOR,
        EGL_RENDER_BUFFER => {
            let draw = thread(|t| match (&t.context, &t.draw) {
                (Some(cur), Some(_)) if cur.handle == ctx => Some(EGL_BACK_BUFFER),
                _ => None,
            });
            draw.flatten().unwrap_or(EGL_NONE)
        }
        _ => return Err(EGL_BAD_ATTRIBUTE),
    })
}

/// eglCreatePbufferSurface (EGL 1.5 §3.5.2). Pbuffers are never rendered to (there is
/// no rasterizer), so they hold no pixels; they exist so contexts can be made current
/// the way portable EGL code does it.
pub fn create_pbuffer(dpy: usize, config: usize, attribs: &[(i32, i32)]) -> EglResult<usize> {
    check_display(dpy)?;
    let ci = config_index(config)?;
    let cfg = &CONFIGS[ci];
    // EGL 1.5 §3.5.2: EGL_BAD_MATCH if the config does not support pbuffers.
    if cfg.surface_type & EGL_PBUFFER_BIT == 0 {
        return Err(EGL_BAD_MATCH);
    }
    let (mut width, mut height, mut largest) = (0, 0, false);
    let mut colorspace = EGL_GL_COLORSPACE_LINEAR;
    for &(name, value) in attribs {
        match name {
            EGL_WIDTH | EGL_HEIGHT => {
                // EGL 1.5 §3.5.2: EGL_BAD_PARAMETER for a negative size.
                if value < 0 {
                    return Err(EGL_BAD_PARAMETER);
                }
                if name == EGL_WIDTH {
                    width = value
                } else {
                    height = value
                }
            }
            EGL_LARGEST_PBUFFER => largest = value != 0,
            EGL_TEXTURE_FORMAT | EGL_TEXTURE_TARGET => {
                match value {
                    EGL_NO_TEXTURE => {}
                    // The configs cannot be bound to textures (EGL 1.5 §3.5.2: EGL_BAD_MATCH).
                    EGL_TEXTURE_RGB | EGL_TEXTURE_RGBA | EGL_TEXTURE_2D => {
                        return Err(EGL_BAD_MATCH);
                    }
                    _ => return Err(EGL_BAD_ATTRIBUTE),
                }
            }
            EGL_MIPMAP_TEXTURE => {}
            EGL_GL_COLORSPACE => match value {
                EGL_GL_COLORSPACE_LINEAR | EGL_GL_COLORSPACE_SRGB => colorspace = value,
                _ => return Err(EGL_BAD_ATTRIBUTE),
            },
            // OpenVG is not a client API here.
            EGL_VG_COLORSPACE | EGL_VG_ALPHA_FORMAT => return Err(EGL_BAD_MATCH),
            _ => return Err(EGL_BAD_ATTRIBUTE),
        }
    }
    if width > crate::limits::MAX_PBUFFER_SIZE || height > crate::limits::MAX_PBUFFER_SIZE {
        if largest {
            width = width.min(crate::limits::MAX_PBUFFER_SIZE);
            height = height.min(crate::limits::MAX_PBUFFER_SIZE);
        } else {
            return Err(EGL_BAD_MATCH);
        }
    }
    let mut d = displays().lock();
    let handle = new_handle(&mut d);
    d.surfaces.insert(
        handle,
        Arc::new(EglSurface {
            handle,
            display: dpy,
            config,
            width,
            height,
            largest,
            gl_colorspace: colorspace,
            thread: Mutex::new(None),
        }),
    );
    Ok(handle)
}

pub fn destroy_surface(dpy: usize, surface: usize) -> EglResult<()> {
    check_display(dpy)?;
    lookup_surface(dpy, surface)?;
    displays().lock().surfaces.remove(&surface);
    Ok(())
}

/// eglQuerySurface (EGL 1.5 §3.5.6).
pub fn query_surface(dpy: usize, surface: usize, attribute: i32) -> EglResult<i32> {
    check_display(dpy)?;
    let s = lookup_surface(dpy, surface)?;
    Ok(match attribute {
        EGL_WIDTH => s.width,
        EGL_HEIGHT => s.height,
        EGL_CONFIG_ID => CONFIGS[s.config - 1].id,
        EGL_LARGEST_PBUFFER => s.largest as i32,
        EGL_TEXTURE_FORMAT | EGL_TEXTURE_TARGET => EGL_NO_TEXTURE,
        EGL_MIPMAP_TEXTURE | EGL_MIPMAP_LEVEL => 0,
        EGL_RENDER_BUFFER => EGL_BACK_BUFFER,
        EGL_SWAP_BEHAVIOR => EGL_BUFFER_DESTROYED,
        EGL_MULTISAMPLE_RESOLVE => EGL_MULTISAMPLE_RESOLVE_DEFAULT,
        EGL_HORIZONTAL_RESOLUTION | EGL_VERTICAL_RESOLUTION | EGL_PIXEL_ASPECT_RATIO => -1, // EGL_UNKNOWN
        EGL_GL_COLORSPACE => s.gl_colorspace,
        EGL_VG_ALPHA_FORMAT => EGL_VG_ALPHA_FORMAT_NONPRE,
        EGL_VG_COLORSPACE => EGL_VG_COLORSPACE_sRGB,
        _ => return Err(EGL_BAD_ATTRIBUTE),
    })
}

/// eglSurfaceAttrib (EGL 1.5 §3.5.6).
pub fn surface_attrib(dpy: usize, surface: usize, attribute: i32, value: i32) -> EglResult<()> {
    check_display(dpy)?;
    lookup_surface(dpy, surface)?;
    match attribute {
        // Pbuffers without a texture format ignore the mipmap level.
        EGL_MIPMAP_LEVEL => Ok(()),
        EGL_SWAP_BEHAVIOR => match value {
            EGL_BUFFER_DESTROYED => Ok(()),
            // The configs lack EGL_SWAP_BEHAVIOR_PRESERVED_BIT (EGL_BAD_MATCH).
            EGL_BUFFER_PRESERVED => Err(EGL_BAD_MATCH),
            _ => Err(EGL_BAD_PARAMETER),
        },
        EGL_MULTISAMPLE_RESOLVE => match value {
            EGL_MULTISAMPLE_RESOLVE_DEFAULT => Ok(()),
            EGL_MULTISAMPLE_RESOLVE_BOX => Err(EGL_BAD_MATCH),
            _ => Err(EGL_BAD_PARAMETER),
        },
        _ => Err(EGL_BAD_ATTRIBUTE),
    }
}

/// The calling thread's current (display, context, draw, read) handles.
pub fn current_handles() -> (usize, usize, usize, usize) {
    thread(|t| match &t.context {
        Some(c) => (
            c.display,
            c.handle,
            t.draw.as_ref().map(|s| s.handle).unwrap_or(0),
            t.read.as_ref().map(|s| s.handle).unwrap_or(0),
        ),
        None => (0, 0, 0, 0),
    })
    .unwrap_or((0, 0, 0, 0))
}

/// Releases whatever is current on this thread.
fn release_current() {
    thread(|t| {
        if let Some(c) = t.context.take() {
            *c.thread.lock() = None;
        }
        for s in [t.draw.take(), t.read.take()].into_iter().flatten() {
            *s.thread.lock() = None;
        }
    });
    set_current(None);
}

/// eglMakeCurrent (EGL 1.5 §3.7.3).
pub fn make_current(dpy: usize, draw: usize, read: usize, ctx: usize) -> EglResult<()> {
    // Releasing needs no initialized display (EGL 1.5 §3.7.3 allows EGL_NO_DISPLAY).
    if ctx == NONE_HANDLE && draw == NONE_HANDLE && read == NONE_HANDLE {
        if dpy != NONE_HANDLE {
            display_index(dpy)?;
        }
        release_current();
        return Ok(());
    }
    check_display(dpy)?;
    // EGL 1.5 §3.7.3: EGL_BAD_MATCH for surfaces without a context, or exactly one of
    // draw and read missing (both missing is EGL_KHR_surfaceless_context).
    if ctx == NONE_HANDLE || ((draw == NONE_HANDLE) != (read == NONE_HANDLE)) {
        return Err(EGL_BAD_MATCH);
    }
    let context = lookup_context(dpy, ctx)?;
    let surfaces = if draw == NONE_HANDLE {
        None
    } else {
        Some((lookup_surface(dpy, draw)?, lookup_surface(dpy, read)?))
    };
    // EGL 1.5 §3.7.3: EGL_BAD_MATCH if a surface's config is not compatible with the
    // context's (a no-config context is compatible with every one).
    if let (Some((d, r)), Some(cc)) = (&surfaces, context.config) {
        for s in [d, r] {
            if !config::compatible(cc, s.config) {
                return Err(EGL_BAD_MATCH);
            }
        }
    }
    // EGL 1.5 §3.7.3: EGL_BAD_ACCESS if the context or a surface is current to
    // another thread. Each is claimed by checking and setting its owner under one
    // lock, so two threads can never both take it; on failure the claims this call
    // made are undone and nothing has changed.
    let me = current_thread_id();
    let mut slots: Vec<&Mutex<Option<ThreadId>>> = vec![&context.thread];
    if let Some((d, r)) = &surfaces {
        slots.push(&d.thread);
        slots.push(&r.thread);
    }
    let mut claimed: Vec<&Mutex<Option<ThreadId>>> = Vec::new();
    for slot in slots {
        let mut owner = slot.lock();
        match *owner {
            Some(t) if t != me => {
                drop(owner);
                for c in claimed {
                    *c.lock() = None;
                }
                return Err(EGL_BAD_ACCESS);
            }
            Some(_) => {}
            None => {
                *owner = Some(me);
                claimed.push(slot);
            }
        }
    }
    // Release what this thread had current, except what it has just made current.
    let new_surfaces: Vec<&Arc<EglSurface>> = surfaces.iter().flat_map(|(d, r)| [d, r]).collect();
    thread(|t| {
        if let Some(c) = t.context.take()
            && !Arc::ptr_eq(&c, &context)
        {
            *c.thread.lock() = None;
        }
        for s in [t.draw.take(), t.read.take()].into_iter().flatten() {
            if !new_surfaces.iter().any(|n| Arc::ptr_eq(n, &s)) {
                *s.thread.lock() = None;
            }
        }
    });
    let gl = context.gl.clone();
    if let Some((d, _)) = &surfaces {
        gl.state.lock().first_drawable(d.width, d.height);
    }
    thread(|t| {
        t.context = Some(context);
        if let Some((d, r)) = surfaces {
            t.draw = Some(d);
            t.read = Some(r);
        }
    });
    set_current(Some(gl));
    Ok(())
}

/// eglReleaseThread (EGL 1.5 §3.11): releases the current context, resets the API and
/// the error.
pub fn release_thread() {
    release_current();
    thread(|t| {
        // EGL 1.5 §3.11: the API returns to its initial value.
        t.api = EGL_OPENGL_ES_API as u32;
        t.error = EGL_SUCCESS;
    });
}

/// eglSwapBuffers: a pbuffer has no front buffer, so swapping does nothing (EGL 1.5
/// §3.10.1), but the surface must be current to this thread's context.
pub fn swap_buffers(dpy: usize, surface: usize) -> EglResult<()> {
    check_display(dpy)?;
    let s = lookup_surface(dpy, surface)?;
    let (_, _, draw, _) = current_handles();
    if draw != s.handle {
        return Err(EGL_BAD_SURFACE);
    }
    Ok(())
}

/// eglSwapInterval (EGL 1.5 §3.10.3): needs a current context and draw surface; the
/// interval does not matter to a pbuffer.
pub fn swap_interval(dpy: usize) -> EglResult<()> {
    check_display(dpy)?;
    let (_, ctx, draw, _) = current_handles();
    if ctx == NONE_HANDLE {
        return Err(EGL_BAD_CONTEXT);
    }
    if draw == NONE_HANDLE {
        return Err(EGL_BAD_SURFACE);
    }
    Ok(())
}

/// eglCreateSync (EGL 1.5 §3.8.1): EGL_SYNC_FENCE only. Work completes before a GL
/// command returns, so a fence is signaled when created.
pub fn create_sync(dpy: usize, kind: i32, attribs: &[isize]) -> EglResult<usize> {
    check_display(dpy)?;
    if kind != EGL_SYNC_FENCE {
        return Err(EGL_BAD_PARAMETER);
    }
    if attribs.first().is_some_and(|&a| a != EGL_NONE as isize) {
        return Err(EGL_BAD_ATTRIBUTE);
    }
    // EGL 1.5 §3.8.1: EGL_BAD_MATCH without a current context of the display.
    let (cur_dpy, ctx, _, _) = current_handles();
    if ctx == NONE_HANDLE || cur_dpy != dpy {
        return Err(EGL_BAD_MATCH);
    }
    let mut d = displays().lock();
    let handle = new_handle(&mut d);
    d.syncs.insert(handle, EglSync { display: dpy, kind });
    Ok(handle)
}

pub fn destroy_sync(dpy: usize, sync: usize) -> EglResult<()> {
    check_display(dpy)?;
    let mut d = displays().lock();
    match d.syncs.get(&sync) {
        Some(s) if s.display == dpy => {
            d.syncs.remove(&sync);
            Ok(())
        }
        _ => Err(EGL_BAD_PARAMETER),
    }
}

fn check_sync(dpy: usize, sync: usize) -> EglResult<i32> {
    check_display(dpy)?;
    match displays().lock().syncs.get(&sync) {
        Some(s) if s.display == dpy => Ok(s.kind),
        _ => Err(EGL_BAD_PARAMETER),
    }
}

pub fn client_wait_sync(dpy: usize, sync: usize) -> EglResult<i32> {
    check_sync(dpy, sync)?;
    Ok(EGL_CONDITION_SATISFIED)
}

pub fn wait_sync(dpy: usize, sync: usize, flags: i32) -> EglResult<()> {
    check_sync(dpy, sync)?;
    if flags != 0 {
        return Err(EGL_BAD_PARAMETER);
    }
    Ok(())
}

pub fn sync_attrib(dpy: usize, sync: usize, attribute: i32) -> EglResult<isize> {
    let kind = check_sync(dpy, sync)?;
    Ok(match attribute {
        EGL_SYNC_TYPE => kind as isize,
        EGL_SYNC_STATUS => EGL_SIGNALED as isize,
        EGL_SYNC_CONDITION => EGL_SYNC_PRIOR_COMMANDS_COMPLETE as isize,
        _ => return Err(EGL_BAD_ATTRIBUTE),
    })
}

/// Parses an EGL_NONE-terminated attribute list of EGLint pairs.
///
/// # Safety
/// `list` must be null or an EGL_NONE-terminated array of name/value pairs.
pub unsafe fn attrib_pairs(list: *const i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    if list.is_null() {
        return out;
    }
    let mut p = list;
    // SAFETY: the list is terminated by EGL_NONE; pairs are read until then.
    unsafe {
        while *p != EGL_NONE {
            out.push((*p, *p.add(1)));
            p = p.add(2);
        }
    }
    out
}

/// Parses an EGL_NONE-terminated EGLAttrib list into a flat vector (terminator included).
///
/// # Safety
/// `list` must be null or an EGL_NONE-terminated array of name/value pairs.
pub unsafe fn attrib_list(list: *const isize) -> Vec<isize> {
    let mut out = Vec::new();
    if list.is_null() {
        return out;
    }
    let mut p = list;
    // SAFETY: as for attrib_pairs.
    unsafe {
        while *p != EGL_NONE as isize {
            out.push(*p);
            out.push(*p.add(1));
            p = p.add(2);
        }
    }
    out.push(EGL_NONE as isize);
    out
}
