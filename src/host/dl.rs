//! The dynamic loader as interposed mode needs it. The preload library interposes
//! `dlsym`, and under `LD_PRELOAD` its definition comes first in the global scope, so
//! every lookup glcompute makes of a host function goes through [`real_dlsym`] (glibc's,
//! handed over by the preload library) on a host library's handle, and every address
//! found is checked not to be glcompute's own ([`is_own`]): a lookup can never return
//! to our hooks and loop.

use std::ffi::{CStr, c_char, c_void};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicPtr, Ordering};

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
/// `handle` is a handle from dlopen or a pseudo-handle (glibc follows it).
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

/// The load address and file name of the object that contains `addr`. Any address may
/// be asked about: dladdr compares it with the loader's tables and reads nothing there.
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn object_of(addr: *const c_void) -> Option<(usize, &'static CStr)> {
    if addr.is_null() {
        return None;
    }
    // SAFETY: Dl_info is plain data; dladdr fills it or returns 0.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    // SAFETY: dladdr only reads the loader's tables.
    if unsafe { libc::dladdr(addr, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dli_fname points to the object's name, owned by the loader for as long as
    // the object stays loaded (GL libraries and the program are never unloaded while
    // they are in use).
    Some((info.dli_fbase as usize, unsafe {
        CStr::from_ptr(info.dli_fname)
    }))
}

/// True if `addr` lies in the preload library or in glcompute.
pub fn is_own(addr: *const c_void) -> bool {
    let Some(p) = preload() else { return false };
    matches!(object_of(addr), Some((base, _)) if base == p.preload_base || base == p.driver_base)
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

fn link_map_of(handle: *mut c_void) -> Option<*const LinkMap> {
    if handle.is_null() || handle as isize == -1 {
        return None;
    }
    let mut lm: *const LinkMap = std::ptr::null();
    // SAFETY: `handle` came from dlopen (the caller's contract for dlsym, whose argument
    // this is); RTLD_DI_LINKMAP writes one pointer.
    let r = unsafe {
        libc::dlinfo(
            handle,
            libc::RTLD_DI_LINKMAP,
            &mut lm as *mut *const LinkMap as *mut c_void,
        )
    };
    (r == 0 && !lm.is_null()).then_some(lm)
}

/// The file name of the object a dlopen handle names.
pub fn handle_name(handle: *mut c_void) -> Option<&'static CStr> {
    let lm = link_map_of(handle)?;
    // SAFETY: a link map from dlinfo; l_name is NUL-terminated and lives as long as the
    // object is loaded.
    let name = unsafe { (*lm).l_name };
    // SAFETY: as above.
    (!name.is_null()).then(|| unsafe { CStr::from_ptr(name) })
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

/// Handles of host libraries the application opened (seen by the dlsym hook), searched
/// before the global scope when glcompute needs a host function.
static HOST_HANDLES: [AtomicPtr<c_void>; 8] = [const { AtomicPtr::new(std::ptr::null_mut()) }; 8];

/// Remembers a handle the application looked a GL or EGL name up in (no allocation).
pub fn note_host_handle(handle: *mut c_void) {
    if handle.is_null() || handle as isize == -1 {
        return;
    }
    for slot in &HOST_HANDLES {
        let cur = slot.load(Ordering::Acquire);
        if cur == handle {
            return;
        }
        if cur.is_null()
            && slot
                .compare_exchange(cur, handle, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
        {
            return;
        }
    }
}

/// The host's definition of `name`: in a handle the application opened, after the
/// preload library in the global scope, or in the usual library `fallback` if it is
/// loaded. Never one of glcompute's own functions.
pub fn host_symbol(name: &CStr, fallback: &[&CStr]) -> *mut c_void {
    let ok = |p: *mut c_void| !p.is_null() && !is_own(p);
    for slot in &HOST_HANDLES {
        let h = slot.load(Ordering::Acquire);
        if h.is_null() {
            break;
        }
        // SAFETY: a handle the application got from dlopen and used with dlsym.
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
        // SAFETY: RTLD_NOLOAD only returns a handle to an already-loaded library.
        let h = unsafe { libc::dlopen(lib.as_ptr(), libc::RTLD_LAZY | libc::RTLD_NOLOAD) };
        if h.is_null() {
            continue;
        }
        // SAFETY: a handle from dlopen above.
        let p = unsafe { real_dlsym(h, name) };
        // SAFETY: balances the dlopen above; the library stays loaded (it was before).
        unsafe { libc::dlclose(h) };
        if ok(p) {
            return p;
        }
    }
    std::ptr::null_mut()
}
