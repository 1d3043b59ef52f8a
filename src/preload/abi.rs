//! The interface between the preload library (`libglcompute.so`, this folder) and the
//! driver (`libglcompute_driver.so`): what the preload library passes to the driver's
//! `glcompute_interpose_init`. Both crates include this one file, so the layout has
//! one definition; the version number changes whenever the layout does.

use std::ffi::{c_char, c_void};

/// What glcompute's interposition layer needs from the preload library.
#[repr(C)]
pub struct PreloadApi {
    /// [`PRELOAD_API_VERSION`] of the preload library that filled this in.
    pub version: u32,
    /// glibc's dlsym.
    pub real_dlsym: *mut c_void,
    /// `dlsym(RTLD_NEXT, name)` from the preload library: the host's definition of a
    /// name.
    pub next_symbol: extern "C" fn(*const c_char) -> *mut c_void,
    /// Any address inside the preload library (to recognise it with dladdr).
    pub self_address: *const c_void,
    /// The exported trampoline of a hooked name (null for another name): every way an
    /// application finds a hooked function gives this one address.
    pub export_address: extern "C" fn(*const c_char) -> *mut c_void,
}

/// The layout version both sides must agree on.
pub const PRELOAD_API_VERSION: u32 = 2;
