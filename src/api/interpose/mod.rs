//! Interposed mode's entry points: what the preload library (`libglcompute.so`, built
//! from src/preload) calls into when it loads glcompute under an application with its
//! own GL driver.
//!
//! - `glcompute_interpose_init`: the preload library hands over the real `dlsym`.
//! - `glcompute_interpose_hook`: the hook for each name of hooks.txt.
//! - `glcompute_interpose_dlsym`: `dlsym` for the hooked names.
//!
//! Each hooked GL function routes: to glcompute when the object it names (a compute
//! shader, a program with one), the current program or the command (dispatch) is
//! glcompute's and a shadow context is current, else unchanged to the host's function
//! of the same name. [`window`] hooks context creation and current-ness and the
//! GetProcAddress functions; [`special`] the GL functions whose routing needs more than
//! one name (attach, link, use, strings, queries, errors, bindings).

pub mod lists;
pub mod log;
pub mod special;
pub mod window;

use std::ffi::{CStr, c_char, c_int, c_void};

use crate::host::dl;

include!("../../generated/interposed.rs");

/// Routing decisions for the generated wrappers and the special hooks. The common
/// case, a host call with nothing of glcompute's involved, costs two thread-local reads
/// and an atomic load or one uncontended lock.
pub mod route {
    use std::sync::Arc;
    use std::sync::atomic::Ordering;

    use crate::host::gl::HostGl;
    use crate::state::context::{Context, with_current};

    /// Runs `f` on the shadow context current on this thread, unless this thread is
    /// already inside a glcompute call (a host callback re-entering GL is always the
    /// host's).
    fn with_shadow<R>(f: impl FnOnce(&Arc<Context>) -> R) -> Option<R> {
        if crate::api::call::in_gl_call() {
            return None;
        }
        with_current(|c| c.filter(|c| c.is_shadow()).map(f))
    }

    /// The shadow context current on this thread (see [`with_shadow`]).
    pub fn shadow() -> Option<Arc<Context>> {
        with_shadow(Arc::clone)
    }

    /// Dispatch-like commands: glcompute's whenever a shadow context is current.
    pub fn compute() -> bool {
        with_shadow(|_| ()).is_some()
    }

    /// Commands on a shader or program object: glcompute's if it owns `name`.
    pub fn named(name: u32) -> bool {
        name != 0 && with_shadow(|c| c.shared.owns(name)).unwrap_or(false)
    }

    /// Assembly program commands (NV_compute_program5): glcompute's for the target
    /// COMPUTE_PROGRAM_NV when the current shadow context is a compatibility-profile
    /// one; every other target is the host's.
    pub fn assembly(target: u32) -> bool {
        target == crate::gl::asm_enums::GL_COMPUTE_PROGRAM_NV && assembly_context().is_some()
    }

    /// The current shadow context if it offers assembly programs (a compatibility
    /// profile, as on NVIDIA's driver).
    pub fn assembly_context() -> Option<Arc<Context>> {
        shadow().filter(|c| c.host().is_some_and(|l| !l.caps().core))
    }

    /// Uniform commands: glcompute's if its program is the one they act on.
    pub fn current_program() -> bool {
        with_shadow(|c| c.uniforms_ours.load(Ordering::Acquire)).unwrap_or(false)
    }

    /// The host's GL functions for this thread's context.
    pub fn host() -> &'static HostGl {
        with_current(|c| c.and_then(|c| c.link.as_ref()).map(|l| l.gl))
            .unwrap_or_else(|| crate::host::gl::for_api(crate::host::thread_api()))
    }

    /// After a glcompute command on shader or program objects: names glcompute freed
    /// release their host placeholders (the host's own objects of those names).
    pub fn after_glcompute_call() {
        let Some(ctx) = shadow() else { return };
        let names = ctx.state.lock().take_released_names();
        if names.is_empty() {
            return;
        }
        let gl = host();
        for n in names {
            // SAFETY: deleting the host object that reserved name `n` for glcompute.
            unsafe {
                if gl.glIsProgram(n) != 0 {
                    gl.glDeleteProgram(n);
                } else {
                    gl.glDeleteShader(n);
                }
            }
        }
    }
}

/// The preload library's side of the interface (one definition for both crates).
#[path = "../../preload/abi.rs"]
pub mod preload_abi;
use preload_abi::{PRELOAD_API_VERSION, PreloadApi};

/// The address an application gets for hooked name `name`: the preload library's
/// exported trampoline (so every lookup path gives the same pointer), or glcompute's
/// hook where the preload library exports none.
pub fn app_address(name: &CStr) -> Option<*mut c_void> {
    let ours = hook_address(name.to_bytes())?;
    let export = dl::preload().map_or(std::ptr::null_mut(), |p| (p.export_address)(name.as_ptr()));
    Some(if export.is_null() {
        ours as *mut c_void
    } else {
        export
    })
}

/// Called once by the preload library after it loaded glcompute. Returns 1 on success.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glcompute_interpose_init(api: *const PreloadApi) -> c_int {
    if api.is_null() {
        return 0;
    }
    // SAFETY: the preload library passes a valid PreloadApi for the call's duration.
    let api = unsafe { &*api };
    if api.version != PRELOAD_API_VERSION || api.real_dlsym.is_null() {
        return 0;
    }
    let Some(preload_base) = dl::object_base(api.self_address) else {
        return 0;
    };
    let Some(driver_base) = dl::object_base(glcompute_interpose_init as *const c_void) else {
        return 0;
    };
    let ok = dl::install(dl::Preload {
        // SAFETY: the preload library's real_dlsym is glibc's dlsym.
        real_dlsym: unsafe { std::mem::transmute::<*mut c_void, dl::DlsymFn>(api.real_dlsym) },
        next_symbol: api.next_symbol,
        export_address: api.export_address,
        preload_base,
        driver_base,
    });
    if ok && crate::config::log_calls() {
        crate::config::say(format_args!(
            "glcompute: interposed mode: compute runs on glcompute, everything else on the host driver"
        ));
    }
    ok as c_int
}

/// The hook for `name`, or NULL if glcompute does not take it over.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glcompute_interpose_hook(name: *const c_char) -> *const c_void {
    if name.is_null() {
        return std::ptr::null();
    }
    // SAFETY: a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    hook_address(name).map_or(std::ptr::null(), |p| p as *const c_void)
}

/// `dlsym(handle, name)` for a hooked name (the preload library sends only those).
/// glcompute's hook is returned where the application would have got a GL library's
/// function (or nothing, from a GL library's handle); a definition in the program or
/// another library, and every lookup a GL library or glcompute makes itself, get what
/// the real dlsym gives.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glcompute_interpose_dlsym(
    handle: *mut c_void,
    name: *const c_char,
    caller: *const c_void,
) -> *mut c_void {
    // SAFETY: dlsym's name argument is NUL-terminated.
    let cname = unsafe { CStr::from_ptr(name) };
    // RTLD_DEFAULT would search glcompute's own (local) scope first when glcompute asks;
    // the program's handle searches the global scope in the application's order.
    let lookup = if handle.is_null() {
        dl::main_handle()
    } else {
        handle
    };
    // SAFETY: the application's handle (or the program's), as dlsym takes it.
    let real = unsafe { dl::real_dlsym(lookup, cname) };
    let Some(ours) = app_address(cname) else {
        return real;
    };
    if dl::is_own(caller) || dl::in_gl_library(caller) {
        return real;
    }
    let taken = if !real.is_null() {
        // The preload library's own export (found first in the global scope) or a GL
        // library's function.
        dl::is_own(real) || dl::in_gl_library(real)
    } else {
        dl::handle_is_gl_library(handle)
    };
    if taken {
        dl::note_host_handle(handle);
        ours
    } else {
        real
    }
}
