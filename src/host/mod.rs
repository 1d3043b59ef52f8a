//! The host driver of interposed mode: the application's own GL and EGL/GLX libraries,
//! which keep drawing while glcompute runs compute (`LD_PRELOAD=libglcompute.so`).
//!
//! - [`dl`]: the loader: the real `dlsym` (never our hook), which shared objects are
//!   GL libraries, and which are glcompute's own.
//! - [`ws`]: the host's window-system functions (EGL, GLX), found in the host's
//!   libraries and never in ours.
//! - [`gl`]: [`gl::HostGl`], typed calls into the host's GL functions (generated from
//!   the hook list), resolved through the host's GetProcAddress on first use.
//! - [`caps`]: what the host driver of a context can do (version, extensions), read
//!   once per context.
//!
//! This module is a leaf: it calls only the C library and the host driver. The API,
//! EGL and state layers call it; in standalone mode nothing does. Its `unsafe` is the C
//! boundary with the host driver: calls with the argument types the Khronos headers
//! give.

pub mod caps;
pub mod dl;
pub mod gl;
pub mod ws;

/// The window-system API a host context was created with; it decides which
/// GetProcAddress resolves the context's GL functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Api {
    Egl,
    Glx,
}

/// True once the preload library has loaded glcompute (interposed mode).
pub fn interposed() -> bool {
    dl::preload().is_some()
}

thread_local! {
    static THREAD_API: std::cell::Cell<Api> = const { std::cell::Cell::new(Api::Egl) };
}

/// Records the window-system API of the last context this thread made current.
pub fn set_thread_api(api: Api) {
    let _ = THREAD_API.try_with(|a| a.set(api));
}

/// The window-system API of the last context this thread made current (EGL before any):
/// whose GetProcAddress resolves GL functions when no shadow context is current.
pub fn thread_api() -> Api {
    THREAD_API.try_with(|a| a.get()).unwrap_or(Api::Egl)
}
