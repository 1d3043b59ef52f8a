//! The dynamic loader as interposed mode needs it. The preload library interposes
//! `dlsym`, and under `LD_PRELOAD` its definition comes first in the global scope, so
//! every lookup glcompute makes of a host function goes through [`real_dlsym`] (glibc's,
//! handed over by the preload library) on a host library's handle, and every address
//! found is checked not to be glcompute's own ([`is_own`]): a lookup can never return
//! to our hooks and loop.
//!
//! Host libraries glcompute takes a function from, or keeps a handle of, are pinned
//! (`RTLD_NODELETE`): the addresses and handles it caches stay valid even if the
//! application `dlclose`s the library.

use std::ffi::{CStr, c_char, c_void};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

pub type DlsymFn = unsafe extern "C" fn(*mut c_void, *const c_char) -> *mut c_void;

/// What the preload library gave glcompute when it loaded it.
pub struct Preload {
    pub real_dlsym: DlsymFn,
    /// `dlsym(RTLD_NEXT, name)` evaluated inside the preload library.
    pub next_symbol: extern "C" fn(*const c_char) -> *mut c_void,
    /// The preload library's exported trampoline of a hooked name.
    pub export_address: extern "C" fn(*const c_char) -> *mut c_void,
    /// Load addresses of the preload library and of glcompute (this library).
    pub preload_base: usize,
    pub driver_base: usize,
}

static PRELOAD: OnceLock<Preload> = OnceLock::new();

/// Records the preload library's hand-over; false if it happened before.
pub fn install(p: Preload) -> bool {
    PRELOAD.set(p).is_ok()
}

pub fn preload() -> Option<&'static Preload> {
    PRELOAD.get()
}

/// glibc's dlsym (ours is the preload library's; this one never is).
///
/// # Safety
/// `handle` is a handle from dlopen that is still open, or a pseudo-handle (glibc
/// follows it without checking).
pub unsafe fn real_dlsym(handle: *mut c_void, name: &CStr) -> *mut c_void {
    match preload() {
        // SAFETY: the real dlsym with a NUL-terminated name and the caller's handle.
        Some(p) => unsafe { (p.real_dlsym)(handle, name.as_ptr()) },
        // SAFETY: as above; standalone, nobody interposes dlsym.
        None => unsafe { libc::dlsym(handle, name.as_ptr()) },
    }
}

/// The definition of `name` that follows the preload library in the global scope: the
/// host's, for a library the application linked or opened with RTLD_GLOBAL.
pub fn next_symbol(name: &CStr) -> *mut c_void {
    match preload() {
        Some(p) => (p.next_symbol)(name.as_ptr()),
        None => std::ptr::null_mut(),
    }
}

/// Runs `f` on the load address and file name of the object that contains `addr`
/// (None if no loaded object does). The name is only borrowed for the call: the object
/// may be unloaded later. Any address may be asked about: dladdr compares it with the
/// loader's tables and reads nothing at it.
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn with_object<R>(addr: *const c_void, f: impl FnOnce(usize, &CStr) -> R) -> Option<R> {
    if addr.is_null() {
        return None;
    }
    // SAFETY: Dl_info is plain data; dladdr fills it or returns 0.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    // SAFETY: dladdr only reads the loader's tables.
    if unsafe { libc::dladdr(addr, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dli_fname is the NUL-terminated name of an object loaded now; it is read
    // before this function returns.
    Some(f(info.dli_fbase as usize, unsafe {
        CStr::from_ptr(info.dli_fname)
    }))
}

/// The load address of the object that contains `addr`.
pub fn object_base(addr: *const c_void) -> Option<usize> {
    with_object(addr, |base, _| base)
}

/// True if `addr` lies in the preload library or in glcompute.
pub fn is_own(addr: *const c_void) -> bool {
    let Some(p) = preload() else { return false };
    object_base(addr).is_some_and(|base| base == p.preload_base || base == p.driver_base)
}

/// True if `addr` lies in a GL, EGL or GLX library (see [`is_gl_library`]).
pub fn in_gl_library(addr: *const c_void) -> bool {
    with_object(addr, |_, path| is_gl_library(path)).unwrap_or(false)
}

/// The program's handle (`dlopen(NULL)`): dlsym on it searches the global scope.
pub fn main_handle() -> *mut c_void {
    static MAIN: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());
    let h = MAIN.load(Ordering::Acquire);
    if !h.is_null() {
        return h;
    }
    // SAFETY: dlopen(NULL) returns the program's handle and loads nothing.
    let h = unsafe { libc::dlopen(std::ptr::null(), libc::RTLD_LAZY) };
    MAIN.store(h, Ordering::Release);
    h
}

/// glibc's `struct link_map`, the public part.
#[repr(C)]
struct LinkMap {
    l_addr: usize,
    l_name: *const c_char,
    l_ld: *const c_void,
    l_next: *const LinkMap,
    l_prev: *const LinkMap,
}

/// Runs `f` on the file name of the object a dlopen handle names. `handle` is the
/// application's argument to dlsym, which glibc requires to be open.
fn with_handle_name<R>(handle: *mut c_void, f: impl FnOnce(&CStr) -> R) -> Option<R> {
    if handle.is_null() || handle as isize == -1 {
        return None;
    }
    let mut lm: *const LinkMap = std::ptr::null();
    // SAFETY: `handle` is open (the dlsym caller's contract); RTLD_DI_LINKMAP writes
    // one pointer.
    let r = unsafe {
        libc::dlinfo(
            handle,
            libc::RTLD_DI_LINKMAP,
            &mut lm as *mut *const LinkMap as *mut c_void,
        )
    };
    if r != 0 || lm.is_null() {
        return None;
    }
    // SAFETY: a link map of an open object; l_name is NUL-terminated, read here.
    let name = unsafe { (*lm).l_name };
    // SAFETY: as above.
    (!name.is_null()).then(|| f(unsafe { CStr::from_ptr(name) }))
}

/// True if the open handle `handle` names a GL, EGL or GLX library.
pub fn handle_is_gl_library(handle: *mut c_void) -> bool {
    with_handle_name(handle, is_gl_library).unwrap_or(false)
}

/// True for the file name of a GL, EGL or GLX library (the vendor-neutral glvnd
/// libraries, Mesa's, and any libGL): the libraries whose GL and EGL symbols glcompute
/// answers for.
pub fn is_gl_library(path: &CStr) -> bool {
    let p = path.to_bytes();
    let base = match p.iter().rposition(|&b| b == b'/') {
        Some(i) => &p[i + 1..],
        None => p,
    };
    [
        &b"libGL."[..],
        b"libGLX",
        b"libGLES",
        b"libGLdispatch",
        b"libOpenGL.",
        b"libEGL",
        b"libglapi.",
    ]
    .iter()
    .any(|prefix| base.starts_with(prefix))
}

/// Opens an already-loaded object again with RTLD_NODELETE: it stays loaded for the
/// life of the process. Returns the new handle (never closed), or null.
fn pin_path(path: &CStr) -> *mut c_void {
    // SAFETY: RTLD_NOLOAD opens nothing new; the path is NUL-terminated.
    unsafe {
        libc::dlopen(
            path.as_ptr(),
            libc::RTLD_LAZY | libc::RTLD_NOLOAD | libc::RTLD_NODELETE,
        )
    }
}

/// Load addresses of the objects pinned so far (a small set: the host's GL, EGL, GLX
/// and X11 libraries and the driver behind them).
static PINNED: [AtomicUsize; 32] = [const { AtomicUsize::new(0) }; 32];

/// Keeps the object that contains `addr` loaded for the life of the process, so an
/// address glcompute caches from it stays valid.
pub fn pin(addr: *const c_void) {
    let Some(base) = object_base(addr) else {
        return;
    };
    if PINNED.iter().any(|p| p.load(Ordering::Acquire) == base) {
        return;
    }
    with_object(addr, |_, path| pin_path(path));
    for slot in &PINNED {
        if slot
            .compare_exchange(0, base, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            return;
        }
    }
}

/// Handles of host libraries the application looked a GL or EGL name up in, each
/// re-opened with RTLD_NODELETE (so they stay valid), searched before the global scope
/// when glcompute needs a host function.
static HOST_HANDLES: [AtomicPtr<c_void>; 8] = [const { AtomicPtr::new(std::ptr::null_mut()) }; 8];

/// Remembers the library of `handle`, which the application just used with dlsym.
pub fn note_host_handle(handle: *mut c_void) {
    let Some(pinned) = with_handle_name(handle, pin_path) else {
        return;
    };
    if pinned.is_null() {
        return;
    }
    for slot in &HOST_HANDLES {
        let cur = slot.load(Ordering::Acquire);
        if cur == pinned {
            return;
        }
        if cur.is_null()
            && slot
                .compare_exchange(cur, pinned, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
        {
            return;
        }
    }
}

/// The host's definition of `name`: in a library the application opened, after the
/// preload library in the global scope, or in the usual library `fallback` if it is
/// loaded. Never one of glcompute's own functions. The library it comes from is pinned.
pub fn host_symbol(name: &CStr, fallback: &[&CStr]) -> *mut c_void {
    let ok = |p: *mut c_void| !p.is_null() && !is_own(p);
    let found = || {
        for slot in &HOST_HANDLES {
            let h = slot.load(Ordering::Acquire);
            if h.is_null() {
                break;
            }
            // SAFETY: a handle glcompute opened with RTLD_NODELETE and never closes.
            let p = unsafe { real_dlsym(h, name) };
            if ok(p) {
                return p;
            }
        }
        let p = next_symbol(name);
        if ok(p) {
            return p;
        }
        for lib in fallback {
            let h = pin_path(lib);
            if h.is_null() {
                continue;
            }
            // SAFETY: a handle from dlopen above, never closed.
            let p = unsafe { real_dlsym(h, name) };
            if ok(p) {
                return p;
            }
        }
        std::ptr::null_mut()
    };
    let p = found();
    pin(p);
    p
}
