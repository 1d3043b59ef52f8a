//! Calls into the host driver's GL functions. [`HostGl`] has one method per GL function
//! of the hook list (src/api/interpose/hooks.txt), generated with its Khronos prototype
//! by scripts/gen_gl.py. Addresses come from the host's GetProcAddress of the context's
//! window-system API on first use and are cached; a function the host does not have
//! does nothing and returns zero.

use std::ffi::c_void;
use std::sync::atomic::{AtomicPtr, Ordering};

use super::Api;
#[allow(unused_imports)]
use crate::gl::types::*;

/// The host's GL functions as one window-system API resolves them.
pub struct HostGl {
    api: Api,
    slots: [AtomicPtr<c_void>; COUNT],
}

/// A slot whose name the host does not have.
const ABSENT: *mut c_void = std::ptr::dangling_mut::<c_void>();

impl HostGl {
    const fn new(api: Api) -> HostGl {
        HostGl {
            api,
            slots: [const { AtomicPtr::new(std::ptr::null_mut()) }; COUNT],
        }
    }

    /// The host's function of slot `slot`, resolved on first use.
    fn address(&self, slot: usize) -> Option<*mut c_void> {
        let p = self.slots[slot].load(Ordering::Acquire);
        if p == ABSENT {
            return None;
        }
        if !p.is_null() {
            return Some(p);
        }
        // Nothing is cached while the host's GetProcAddress cannot be found yet.
        let found = super::ws::get_proc_address(self.api, NAMES[slot])?;
        let value = if found.is_null() { ABSENT } else { found };
        self.slots[slot].store(value, Ordering::Release);
        (!found.is_null()).then_some(found)
    }

    /// True if the host has a function of slot `slot` (see the generated `slot` module).
    pub fn has(&self, slot: usize) -> bool {
        self.address(slot).is_some()
    }
}

static EGL: HostGl = HostGl::new(Api::Egl);
static GLX: HostGl = HostGl::new(Api::Glx);

/// The host's GL functions for contexts of `api`.
pub fn for_api(api: Api) -> &'static HostGl {
    match api {
        Api::Egl => &EGL,
        Api::Glx => &GLX,
    }
}

include!("../generated/host_gl.rs");
