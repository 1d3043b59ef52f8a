//! EGL 1.5 entry points: unpack arguments, call the EGL layer, record the thread's EGL
//! error. Panics are caught and reported as EGL_BAD_ALLOC.

use std::ffi::{CString, c_char, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;

use crate::egl;
use crate::egl::config::{self, CONFIGS};
use crate::egl::types::EglResult;
use crate::gl::egl_enums::*;

pub type EGLBoolean = u32;
pub type EGLint = i32;
pub type EGLenum = u32;
pub type EGLAttrib = isize;
pub type EGLTime = u64;
pub type EGLDisplay = *mut c_void;
pub type EGLConfig = *mut c_void;
pub type EGLContext = *mut c_void;
pub type EGLSurface = *mut c_void;
pub type EGLSync = *mut c_void;
pub type EGLImage = *mut c_void;
pub type EGLDeviceEXT = *mut c_void;
pub type EGLClientBuffer = *mut c_void;
pub type EGLNativeDisplayType = *mut c_void;
pub type EGLNativeWindowType = usize;
pub type EGLNativePixmapType = usize;
#[allow(non_camel_case_types)]
pub type __eglMustCastToProperFunctionPointerType = Option<unsafe extern "C" fn()>;

const TRUE: EGLBoolean = 1;
const FALSE: EGLBoolean = 0;

/// Runs an EGL command: success sets EGL_SUCCESS, failure the error, and returns `fail`.
fn egl_call<T>(fail: T, f: impl FnOnce() -> EglResult<T>) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => {
            egl::set_error(EGL_SUCCESS);
            v
        }
        Ok(Err(e)) => {
            if crate::config::log_errors() {
                eprintln!("glcompute: EGL error 0x{e:04X}");
            }
            egl::set_error(e);
            fail
        }
        Err(_) => {
            egl::set_error(EGL_BAD_ALLOC);
            fail
        }
    }
}

fn h(p: *mut c_void) -> usize {
    p as usize
}

fn p(h: usize) -> *mut c_void {
    h as *mut c_void
}

fn ok(_: ()) -> EGLBoolean {
    TRUE
}

#[unsafe(no_mangle)]
pub extern "C" fn eglGetError() -> EGLint {
    egl::take_error()
}

#[unsafe(no_mangle)]
pub extern "C" fn eglGetDisplay(display_id: EGLNativeDisplayType) -> EGLDisplay {
    egl_call(std::ptr::null_mut(), || {
        Ok(p(egl::get_display(h(display_id))))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglGetPlatformDisplay(
    platform: EGLenum,
    native: *mut c_void,
    attribs: *const EGLAttrib,
) -> EGLDisplay {
    egl_call(std::ptr::null_mut(), || {
        // SAFETY: attribs is null or EGL_NONE-terminated (EGL 1.5 §3.2).
        let list = unsafe { egl::attrib_list(attribs) };
        Ok(p(egl::get_platform_display(platform, h(native), &list)?))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglGetPlatformDisplayEXT(
    platform: EGLenum,
    native: *mut c_void,
    attribs: *const EGLint,
) -> EGLDisplay {
    egl_call(std::ptr::null_mut(), || {
        // SAFETY: attribs is null or EGL_NONE-terminated.
        let list: Vec<isize> = unsafe { egl::attrib_pairs(attribs) }
            .into_iter()
            .flat_map(|(a, b)| [a as isize, b as isize])
            .chain(std::iter::once(EGL_NONE as isize))
            .collect();
        Ok(p(egl::get_platform_display(platform, h(native), &list)?))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglInitialize(
    dpy: EGLDisplay,
    major: *mut EGLint,
    minor: *mut EGLint,
) -> EGLBoolean {
    egl_call(FALSE, || {
        let (ma, mi) = egl::initialize(h(dpy))?;
        // SAFETY: major and minor are null or writable.
        unsafe {
            crate::api::call::out_one(major, ma);
            crate::api::call::out_one(minor, mi);
        }
        Ok(TRUE)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglTerminate(dpy: EGLDisplay) -> EGLBoolean {
    egl_call(FALSE, || egl::terminate(h(dpy)).map(ok))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglQueryString(dpy: EGLDisplay, name: EGLint) -> *const c_char {
    static STRINGS: OnceLock<Vec<(&'static str, CString)>> = OnceLock::new();
    egl_call(std::ptr::null(), || {
        let s = egl::query_string(h(dpy), name)?;
        let table = STRINGS.get_or_init(|| {
            [
                egl::CLIENT_EXTENSIONS,
                egl::DISPLAY_EXTENSIONS,
                "1.5",
                "OpenGL OpenGL_ES",
                "glcompute",
                concat!("1.5 glcompute ", env!("CARGO_PKG_VERSION")),
            ]
            .iter()
            .map(|s| (*s, CString::new(*s).expect("no NUL")))
            .collect()
        });
        Ok(table
            .iter()
            .find(|(k, _)| *k == s)
            .map(|(_, c)| c.as_ptr())
            .expect("every string is in the table"))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglGetConfigs(
    dpy: EGLDisplay,
    configs: *mut EGLConfig,
    config_size: EGLint,
    num_config: *mut EGLint,
) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::check_display(h(dpy))?;
        // EGL 1.5 §3.4.1: EGL_BAD_PARAMETER if num_config is NULL.
        if num_config.is_null() {
            return Err(EGL_BAD_PARAMETER);
        }
        let all: Vec<usize> = (1..=CONFIGS.len()).collect();
        // SAFETY: configs holds config_size entries; num_config is writable.
        unsafe { write_configs(&all, configs, config_size, num_config) };
        Ok(TRUE)
    })
}

/// Writes config handles the EGL way: all of them counted if `configs` is NULL.
///
/// # Safety
/// `configs` must be null or hold `size` entries; `num` must be writable.
unsafe fn write_configs(found: &[usize], configs: *mut EGLConfig, size: EGLint, num: *mut EGLint) {
    let n = if configs.is_null() {
        found.len()
    } else {
        found.len().min(size.max(0) as usize)
    };
    // SAFETY: caller contract.
    unsafe {
        if !configs.is_null() {
            for (i, &c) in found.iter().take(n).enumerate() {
                configs.add(i).write(p(c));
            }
        }
        num.write(n as EGLint);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglChooseConfig(
    dpy: EGLDisplay,
    attrib_list: *const EGLint,
    configs: *mut EGLConfig,
    config_size: EGLint,
    num_config: *mut EGLint,
) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::check_display(h(dpy))?;
        // EGL 1.5 §3.4.1.2: EGL_BAD_PARAMETER if num_config is NULL.
        if num_config.is_null() {
            return Err(EGL_BAD_PARAMETER);
        }
        // SAFETY: attrib_list is null or EGL_NONE-terminated.
        let attribs = unsafe { egl::attrib_pairs(attrib_list) };
        let found = config::choose(&attribs)?;
        // SAFETY: configs holds config_size entries.
        unsafe { write_configs(&found, configs, config_size, num_config) };
        Ok(TRUE)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglGetConfigAttrib(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    attribute: EGLint,
    value: *mut EGLint,
) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::check_display(h(dpy))?;
        let i = egl::config_index(h(cfg))?;
        let v = config::attrib(&CONFIGS[i], attribute).ok_or(EGL_BAD_ATTRIBUTE)?;
        // SAFETY: value is writable.
        unsafe { crate::api::call::out_one(value, v) };
        Ok(TRUE)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglCreatePbufferSurface(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    attrib_list: *const EGLint,
) -> EGLSurface {
    egl_call(std::ptr::null_mut(), || {
        // SAFETY: attrib_list is null or EGL_NONE-terminated.
        let attribs = unsafe { egl::attrib_pairs(attrib_list) };
        Ok(p(egl::create_pbuffer(h(dpy), h(cfg), &attribs)?))
    })
}

/// Window and pixmap surfaces: no config has EGL_WINDOW_BIT or EGL_PIXMAP_BIT, so a
/// valid config gives EGL_BAD_MATCH (EGL 1.5 §3.5.1).
fn no_native_surface(dpy: EGLDisplay, cfg: EGLConfig) -> EGLSurface {
    egl_call(std::ptr::null_mut(), || {
        egl::check_display(h(dpy))?;
        egl::config_index(h(cfg))?;
        Err(EGL_BAD_MATCH)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCreateWindowSurface(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    _win: EGLNativeWindowType,
    _attribs: *const EGLint,
) -> EGLSurface {
    no_native_surface(dpy, cfg)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCreatePixmapSurface(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    _pix: EGLNativePixmapType,
    _attribs: *const EGLint,
) -> EGLSurface {
    no_native_surface(dpy, cfg)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCreatePlatformWindowSurface(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    _win: *mut c_void,
    _attribs: *const EGLAttrib,
) -> EGLSurface {
    no_native_surface(dpy, cfg)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCreatePlatformPixmapSurface(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    _pix: *mut c_void,
    _attribs: *const EGLAttrib,
) -> EGLSurface {
    no_native_surface(dpy, cfg)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCreatePlatformWindowSurfaceEXT(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    _win: *mut c_void,
    _attribs: *const EGLint,
) -> EGLSurface {
    no_native_surface(dpy, cfg)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCreatePlatformPixmapSurfaceEXT(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    _pix: *mut c_void,
    _attribs: *const EGLint,
) -> EGLSurface {
    no_native_surface(dpy, cfg)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCreatePbufferFromClientBuffer(
    dpy: EGLDisplay,
    buftype: EGLenum,
    _buffer: EGLClientBuffer,
    cfg: EGLConfig,
    _attribs: *const EGLint,
) -> EGLSurface {
    egl_call(std::ptr::null_mut(), || {
        egl::check_display(h(dpy))?;
        egl::config_index(h(cfg))?;
        // EGL 1.5 §3.5.3: EGL_BAD_PARAMETER for a buffer type the implementation does
        // not support (the only core type is OpenVG images; OpenVG is not offered).
        let _ = buftype;
        Err(EGL_BAD_PARAMETER)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglDestroySurface(dpy: EGLDisplay, surface: EGLSurface) -> EGLBoolean {
    egl_call(FALSE, || egl::destroy_surface(h(dpy), h(surface)).map(ok))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglQuerySurface(
    dpy: EGLDisplay,
    surface: EGLSurface,
    attribute: EGLint,
    value: *mut EGLint,
) -> EGLBoolean {
    egl_call(FALSE, || {
        let v = egl::query_surface(h(dpy), h(surface), attribute)?;
        // SAFETY: value is writable.
        unsafe { crate::api::call::out_one(value, v) };
        Ok(TRUE)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglSurfaceAttrib(
    dpy: EGLDisplay,
    surface: EGLSurface,
    attribute: EGLint,
    value: EGLint,
) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::surface_attrib(h(dpy), h(surface), attribute, value).map(ok)
    })
}

/// Pbuffers here cannot be bound as textures (EGL 1.5 §3.6.1: EGL_BAD_MATCH when the
/// surface's EGL_TEXTURE_FORMAT is EGL_NO_TEXTURE).
fn tex_image(dpy: EGLDisplay, surface: EGLSurface, buffer: EGLint) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::check_display(h(dpy))?;
        egl::lookup_surface(h(dpy), h(surface))?;
        if buffer != EGL_BACK_BUFFER {
            return Err(EGL_BAD_PARAMETER);
        }
        Err(EGL_BAD_MATCH)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglBindTexImage(
    dpy: EGLDisplay,
    surface: EGLSurface,
    buffer: EGLint,
) -> EGLBoolean {
    tex_image(dpy, surface, buffer)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglReleaseTexImage(
    dpy: EGLDisplay,
    surface: EGLSurface,
    buffer: EGLint,
) -> EGLBoolean {
    tex_image(dpy, surface, buffer)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglSwapInterval(dpy: EGLDisplay, _interval: EGLint) -> EGLBoolean {
    egl_call(FALSE, || egl::swap_interval(h(dpy)).map(ok))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglSwapBuffers(dpy: EGLDisplay, surface: EGLSurface) -> EGLBoolean {
    egl_call(FALSE, || egl::swap_buffers(h(dpy), h(surface)).map(ok))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCopyBuffers(
    dpy: EGLDisplay,
    surface: EGLSurface,
    _target: EGLNativePixmapType,
) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::check_display(h(dpy))?;
        egl::lookup_surface(h(dpy), h(surface))?;
        // No native pixmaps exist on these platforms (EGL 1.5 §3.10.2).
        Err(EGL_BAD_NATIVE_PIXMAP)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglBindAPI(api: EGLenum) -> EGLBoolean {
    egl_call(FALSE, || egl::bind_api(api).map(ok))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglQueryAPI() -> EGLenum {
    egl::query_api()
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglCreateContext(
    dpy: EGLDisplay,
    cfg: EGLConfig,
    share: EGLContext,
    attrib_list: *const EGLint,
) -> EGLContext {
    egl_call(std::ptr::null_mut(), || {
        // SAFETY: attrib_list is null or EGL_NONE-terminated.
        let attribs = unsafe { egl::attrib_pairs(attrib_list) };
        Ok(p(egl::create_context(h(dpy), h(cfg), h(share), &attribs)?))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglDestroyContext(dpy: EGLDisplay, ctx: EGLContext) -> EGLBoolean {
    egl_call(FALSE, || egl::destroy_context(h(dpy), h(ctx)).map(ok))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglMakeCurrent(
    dpy: EGLDisplay,
    draw: EGLSurface,
    read: EGLSurface,
    ctx: EGLContext,
) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::make_current(h(dpy), h(draw), h(read), h(ctx)).map(ok)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglQueryContext(
    dpy: EGLDisplay,
    ctx: EGLContext,
    attribute: EGLint,
    value: *mut EGLint,
) -> EGLBoolean {
    egl_call(FALSE, || {
        let v = egl::query_context(h(dpy), h(ctx), attribute)?;
        // SAFETY: value is writable.
        unsafe { crate::api::call::out_one(value, v) };
        Ok(TRUE)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglGetCurrentContext() -> EGLContext {
    p(egl::current_handles().1)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglGetCurrentDisplay() -> EGLDisplay {
    p(egl::current_handles().0)
}

#[unsafe(no_mangle)]
pub extern "C" fn eglGetCurrentSurface(readdraw: EGLint) -> EGLSurface {
    egl_call(std::ptr::null_mut(), || {
        let (_, _, draw, read) = egl::current_handles();
        match readdraw {
            EGL_DRAW => Ok(p(draw)),
            EGL_READ => Ok(p(read)),
            _ => Err(EGL_BAD_PARAMETER),
        }
    })
}

/// GL commands complete before they return, so there is nothing to wait for.
#[unsafe(no_mangle)]
pub extern "C" fn eglWaitClient() -> EGLBoolean {
    egl_call(FALSE, || Ok(TRUE))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglWaitGL() -> EGLBoolean {
    egl_call(FALSE, || Ok(TRUE))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglWaitNative(engine: EGLint) -> EGLBoolean {
    egl_call(FALSE, || {
        if engine != EGL_CORE_NATIVE_ENGINE {
            return Err(EGL_BAD_PARAMETER);
        }
        Ok(TRUE)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglReleaseThread() -> EGLBoolean {
    egl::release_thread();
    TRUE
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglCreateSync(
    dpy: EGLDisplay,
    ty: EGLenum,
    attrib_list: *const EGLAttrib,
) -> EGLSync {
    egl_call(std::ptr::null_mut(), || {
        // SAFETY: attrib_list is null or EGL_NONE-terminated.
        let list = unsafe { egl::attrib_list(attrib_list) };
        Ok(p(egl::create_sync(h(dpy), ty as i32, &list)?))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglDestroySync(dpy: EGLDisplay, sync: EGLSync) -> EGLBoolean {
    egl_call(FALSE, || egl::destroy_sync(h(dpy), h(sync)).map(ok))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglClientWaitSync(
    dpy: EGLDisplay,
    sync: EGLSync,
    _flags: EGLint,
    _timeout: EGLTime,
) -> EGLint {
    egl_call(EGL_FALSE, || egl::client_wait_sync(h(dpy), h(sync)))
}

#[unsafe(no_mangle)]
pub extern "C" fn eglWaitSync(dpy: EGLDisplay, sync: EGLSync, flags: EGLint) -> EGLBoolean {
    egl_call(FALSE, || egl::wait_sync(h(dpy), h(sync), flags).map(ok))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglGetSyncAttrib(
    dpy: EGLDisplay,
    sync: EGLSync,
    attribute: EGLint,
    value: *mut EGLAttrib,
) -> EGLBoolean {
    egl_call(FALSE, || {
        let v = egl::sync_attrib(h(dpy), h(sync), attribute)?;
        // SAFETY: value is writable.
        unsafe { crate::api::call::out_one(value, v) };
        Ok(TRUE)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglCreateImage(
    dpy: EGLDisplay,
    ctx: EGLContext,
    target: EGLenum,
    _buffer: EGLClientBuffer,
    _attribs: *const EGLAttrib,
) -> EGLImage {
    egl_call(std::ptr::null_mut(), || {
        egl::check_display(h(dpy))?;
        // EGL 1.5 §3.9.1: every image target comes from an extension, and none is
        // offered: EGL_BAD_PARAMETER.
        let _ = (ctx, target);
        Err(EGL_BAD_PARAMETER)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglDestroyImage(dpy: EGLDisplay, _image: EGLImage) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::check_display(h(dpy))?;
        // No image can exist.
        Err(EGL_BAD_PARAMETER)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglQueryDevicesEXT(
    max_devices: EGLint,
    devices: *mut EGLDeviceEXT,
    num_devices: *mut EGLint,
) -> EGLBoolean {
    egl_call(FALSE, || {
        // EGL_EXT_device_enumeration: EGL_BAD_PARAMETER if num_devices is NULL or
        // max_devices <= 0 with a devices array.
        if num_devices.is_null() || (!devices.is_null() && max_devices <= 0) {
            return Err(EGL_BAD_PARAMETER);
        }
        // SAFETY: devices holds max_devices entries; num_devices is writable.
        unsafe {
            if !devices.is_null() {
                devices.write(p(egl::DEVICE_HANDLE));
            }
            num_devices.write(1);
        }
        Ok(TRUE)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglQueryDeviceStringEXT(device: EGLDeviceEXT, name: EGLint) -> *const c_char {
    egl_call(std::ptr::null(), || {
        if h(device) != egl::DEVICE_HANDLE {
            return Err(EGL_BAD_DEVICE_EXT);
        }
        match name {
            // The one device is the CPU, as Mesa's software device reports itself.
            EGL_EXTENSIONS => Ok(c"EGL_MESA_device_software".as_ptr()),
            _ => Err(EGL_BAD_PARAMETER),
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn eglQueryDeviceAttribEXT(
    device: EGLDeviceEXT,
    _attribute: EGLint,
    _value: *mut EGLAttrib,
) -> EGLBoolean {
    egl_call(FALSE, || {
        if h(device) != egl::DEVICE_HANDLE {
            return Err(EGL_BAD_DEVICE_EXT);
        }
        // EGL_EXT_device_query defines no attributes of its own.
        Err(EGL_BAD_ATTRIBUTE)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglQueryDisplayAttribEXT(
    dpy: EGLDisplay,
    attribute: EGLint,
    value: *mut EGLAttrib,
) -> EGLBoolean {
    egl_call(FALSE, || {
        egl::check_display(h(dpy))?;
        match attribute {
            EGL_DEVICE_EXT => {
                // SAFETY: value is writable.
                unsafe { crate::api::call::out_one(value, egl::DEVICE_HANDLE as EGLAttrib) };
                Ok(TRUE)
            }
            _ => Err(EGL_BAD_ATTRIBUTE),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglGetProcAddress(
    procname: *const c_char,
) -> __eglMustCastToProperFunctionPointerType {
    if procname.is_null() {
        return None;
    }
    // SAFETY: procname is a NUL-terminated string (EGL 1.5 §3.12).
    let name = unsafe { std::ffi::CStr::from_ptr(procname) }.to_bytes();
    crate::api::procs::lookup_proc(name)
}
