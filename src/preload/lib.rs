//! `libglcompute.so`, the preload library of interposed mode:
//! `LD_PRELOAD=libglcompute.so app` runs `app` on its own GL driver (the host) with
//! glcompute taking over compute.
//!
//! This library exports exactly the names of `src/api/interpose/hooks.txt` (generated
//! into `src/generated/preload_hooks.rs`), `dlsym` and `dlopen`, so nothing else an
//! application or its libraries define is ever shadowed. Each export is a trampoline that jumps through a slot to
//! glcompute's hook for that name. glcompute itself (`libglcompute_driver.so`, next to
//! this file) is loaded with `RTLD_LOCAL` on the first call of a hook, so a process
//! that never uses GL (a shell, a Python interpreter started under the preload) pays
//! only for this small library. Should the driver fail to load, every slot points at
//! the next definition of its name (the host's), and the application runs as if
//! glcompute were absent.
//!
//! `dlsym` is interposed because loaders (waffle, libepoxy, GLFW, SDL, glad) look GL and
//! EGL functions up with `dlsym` on handles they `dlopen` themselves, where no exported
//! symbol is ever consulted. `dlsym(RTLD_NEXT, …)`, and `dlsym` of any name not in
//! the hook list, is a jump into the real `dlsym` with the stack as the caller left it,
//! so glibc sees the caller's return address (which decides the scope of RTLD_NEXT and
//! RTLD_DEFAULT) exactly as without glcompute; deciding whether a name is hooked
//! allocates nothing. Hooked names go to glcompute.
//!
//! `dlopen` is interposed for libraries loaded with `RTLD_DEEPBIND`, whose imports
//! would otherwise skip this library (`deepbind.rs`); any other call is a jump into
//! the real `dlopen`.
//!
//! Calls by this library into the C library, the trampolines and the rebinding of
//! `deepbind.rs` are its `unsafe`: the assembly saves and restores registers, calls
//! this library's functions and jumps; its contract is stated at each block.

#![allow(clippy::missing_safety_doc)]

use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::Once;
use std::sync::atomic::{AtomicPtr, Ordering};

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
compile_error!("the preload library's trampolines are written for x86_64 and aarch64");

/// Defines one exported naked trampoline per hooked name (see `src/generated/preload_hooks.rs`).
macro_rules! trampolines {
    ($($name:ident = $slot:expr;)*) => {
        /// The address each trampoline jumps to; null until resolved.
        pub(crate) static SLOTS: [AtomicPtr<c_void>; HOOKS.len()] =
            [const { AtomicPtr::new(std::ptr::null_mut()) }; HOOKS.len()];
        /// The exported trampolines, in slot order.
        pub(crate) static EXPORTS: [unsafe extern "C" fn(); HOOKS.len()] = [$($name),*];
        $(
            #[unsafe(naked)]
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn $name() {
                trampoline_body!($slot)
            }
        )*
    };
}

/// A trampoline: jump through the slot if it is filled, else through `slow_path`
/// with the slot's index in a scratch register (r11 / x17, never an argument).
#[cfg(target_arch = "x86_64")]
macro_rules! trampoline_body {
    ($slot:expr) => {
        std::arch::naked_asm!(
            "mov rax, qword ptr [rip + {slots} + {offset}]",
            "test rax, rax",
            "jz 2f",
            "jmp rax",
            "2:",
            "mov r11d, {slot}",
            "jmp {slow}",
            slots = sym SLOTS,
            offset = const $slot * 8,
            slot = const $slot,
            slow = sym slow_path,
        )
    };
}

#[cfg(target_arch = "aarch64")]
macro_rules! trampoline_body {
    ($slot:expr) => {
        std::arch::naked_asm!(
            "adrp x16, {slots}",
            "add x16, x16, :lo12:{slots}",
            "ldr x16, [x16, #{offset}]",
            "cbz x16, 2f",
            "br x16",
            "2:",
            "mov x17, #{slot}",
            "b {slow}",
            slots = sym SLOTS,
            offset = const $slot * 8,
            slot = const $slot,
            slow = sym slow_path,
        )
    };
}

mod hooks {
    use super::*;
    include!("../generated/preload_hooks.rs");
}
use hooks::*;

/// First call of a hook whose slot is empty: keep every argument register (integer and
/// vector), resolve the slot, restore them and jump to it.
#[cfg(target_arch = "x86_64")]
#[unsafe(naked)]
unsafe extern "C" fn slow_path() {
    std::arch::naked_asm!(
        "push rbp",
        "mov rbp, rsp",
        "push rdi",
        "push rsi",
        "push rdx",
        "push rcx",
        "push r8",
        "push r9",
        "sub rsp, 128",
        "movdqu [rsp], xmm0",
        "movdqu [rsp + 16], xmm1",
        "movdqu [rsp + 32], xmm2",
        "movdqu [rsp + 48], xmm3",
        "movdqu [rsp + 64], xmm4",
        "movdqu [rsp + 80], xmm5",
        "movdqu [rsp + 96], xmm6",
        "movdqu [rsp + 112], xmm7",
        "mov edi, r11d",
        "call {resolve}",
        "movdqu xmm0, [rsp]",
        "movdqu xmm1, [rsp + 16]",
        "movdqu xmm2, [rsp + 32]",
        "movdqu xmm3, [rsp + 48]",
        "movdqu xmm4, [rsp + 64]",
        "movdqu xmm5, [rsp + 80]",
        "movdqu xmm6, [rsp + 96]",
        "movdqu xmm7, [rsp + 112]",
        "add rsp, 128",
        "pop r9",
        "pop r8",
        "pop rcx",
        "pop rdx",
        "pop rsi",
        "pop rdi",
        "pop rbp",
        "jmp rax",
        resolve = sym resolve_slot,
    )
}

#[cfg(target_arch = "aarch64")]
#[unsafe(naked)]
unsafe extern "C" fn slow_path() {
    std::arch::naked_asm!(
        "stp x29, x30, [sp, #-16]!",
        "mov x29, sp",
        "stp x0, x1, [sp, #-16]!",
        "stp x2, x3, [sp, #-16]!",
        "stp x4, x5, [sp, #-16]!",
        "stp x6, x7, [sp, #-16]!",
        "stp x8, x17, [sp, #-16]!",
        "stp q0, q1, [sp, #-32]!",
        "stp q2, q3, [sp, #-32]!",
        "stp q4, q5, [sp, #-32]!",
        "stp q6, q7, [sp, #-32]!",
        "mov w0, w17",
        "bl {resolve}",
        "mov x16, x0",
        "ldp q6, q7, [sp], #32",
        "ldp q4, q5, [sp], #32",
        "ldp q2, q3, [sp], #32",
        "ldp q0, q1, [sp], #32",
        "ldp x8, x17, [sp], #16",
        "ldp x6, x7, [sp], #16",
        "ldp x4, x5, [sp], #16",
        "ldp x2, x3, [sp], #16",
        "ldp x0, x1, [sp], #16",
        "ldp x29, x30, [sp], #16",
        "br x16",
        resolve = sym resolve_slot,
    )
}

/// What a slot holds when neither glcompute nor the host defines its name: a function
/// that returns zero (a no-op for void functions, NULL or 0 for the rest).
extern "C" fn missing() -> usize {
    0
}

/// Fills every slot (once) and returns slot `slot`'s address. While another thread is
/// still loading glcompute this call goes to the host's function (waiting could
/// deadlock: that thread may be waiting for the loader lock this one holds).
extern "C" fn resolve_slot(slot: u32) -> *mut c_void {
    if load_driver() {
        return SLOTS[slot as usize].load(Ordering::Acquire);
    }
    let f = next_symbol(HOOKS[slot as usize].as_ptr());
    if f.is_null() {
        missing as *mut c_void
    } else {
        f
    }
}

// ---- the real dlsym -------------------------------------------------------------

/// glibc's `dlsym`, found by version so that our own `dlsym` never answers. glibc 2.34
/// moved it into libc.so.6 (GLIBC_2.34); older ones have it in libdl (GLIBC_2.2.5 on
/// x86_64, GLIBC_2.17 on aarch64).
static REAL_DLSYM: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

type DlsymFn = unsafe extern "C" fn(*mut c_void, *const c_char) -> *mut c_void;

extern "C" fn real_dlsym_address() -> *mut c_void {
    real_libc_function(&REAL_DLSYM, c"dlsym")
}

/// The C library's function `name` (dlsym or dlopen), found by version with
/// `dlvsym(RTLD_NEXT)` so that this library's own export never answers, and kept in
/// `slot`. Aborts when the C library has none: without it nothing can work.
pub(crate) fn real_libc_function(slot: &AtomicPtr<c_void>, name: &CStr) -> *mut c_void {
    let p = slot.load(Ordering::Acquire);
    if !p.is_null() {
        return p;
    }
    for version in [c"GLIBC_2.34", c"GLIBC_2.2.5", c"GLIBC_2.17"] {
        // SAFETY: dlvsym with NUL-terminated strings only reads the loader's tables;
        // RTLD_NEXT from this library finds libc's (or libdl's) definition.
        let f = unsafe { libc::dlvsym(libc::RTLD_NEXT, name.as_ptr(), version.as_ptr()) };
        if !f.is_null() {
            slot.store(f, Ordering::Release);
            return f;
        }
    }
    say("glcompute: cannot find the C library's ");
    say(name.to_str().unwrap_or("function"));
    say("; aborting\n");
    // SAFETY: abort takes no argument and does not return.
    unsafe { libc::abort() }
}

pub(crate) fn real_dlsym() -> DlsymFn {
    // SAFETY: the address is glibc's dlsym, whose C type this is.
    unsafe { std::mem::transmute::<*mut c_void, DlsymFn>(real_dlsym_address()) }
}

/// The next definition of `name` after this library (the host's, for a GL or EGL name
/// the application's libraries define). Never inlined, and its result goes through
/// `black_box`, so the call into dlsym is a real call (not a tail jump): glibc then
/// sees a return address inside this library and searches the objects after it.
#[inline(never)]
extern "C" fn next_symbol(name: *const c_char) -> *mut c_void {
    // SAFETY: `name` is NUL-terminated (every caller passes a C string).
    let p = unsafe { real_dlsym()(libc::RTLD_NEXT, name) };
    std::hint::black_box(p)
}

/// The exported `dlsym`. For `RTLD_NEXT` (-1), and for every name glcompute does not
/// hook, it jumps straight into the real one with the stack as it found it, so glibc
/// sees the application's return address (it decides the scope of RTLD_NEXT and
/// RTLD_DEFAULT lookups, and the object a dependency is recorded for). A hooked name
/// goes to `dlsym_hook`, with the caller's return address as a third argument.
#[cfg(target_arch = "x86_64")]
#[unsafe(naked)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlsym(_handle: *mut c_void, _name: *const c_char) -> *mut c_void {
    std::arch::naked_asm!(
        "cmp rdi, -1",
        "je 3f",
        // Is the name hooked? (rsp is 8 mod 16 here: two pushes and 8 more align it.)
        "push rdi",
        "push rsi",
        "sub rsp, 8",
        "mov rdi, rsi",
        "call {is_hooked}",
        "add rsp, 8",
        "pop rsi",
        "pop rdi",
        "test eax, eax",
        "jz 3f",
        "mov rdx, qword ptr [rsp]",
        "jmp {hook}",
        // The real dlsym, resolved on first use.
        "3:",
        "mov rax, qword ptr [rip + {real}]",
        "test rax, rax",
        "jz 2f",
        "jmp rax",
        "2:",
        "push rdi",
        "push rsi",
        "sub rsp, 8",
        "call {resolve}",
        "add rsp, 8",
        "pop rsi",
        "pop rdi",
        "jmp rax",
        is_hooked = sym is_hooked,
        hook = sym dlsym_hook,
        real = sym REAL_DLSYM,
        resolve = sym real_dlsym_address,
    )
}

#[cfg(target_arch = "aarch64")]
#[unsafe(naked)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlsym(_handle: *mut c_void, _name: *const c_char) -> *mut c_void {
    std::arch::naked_asm!(
        "cmn x0, #1",
        "b.eq 3f",
        "stp x29, x30, [sp, #-32]!",
        "mov x29, sp",
        "stp x0, x1, [sp, #16]",
        "mov x0, x1",
        "bl {is_hooked}",
        "mov w9, w0",
        "ldp x0, x1, [sp, #16]",
        "ldp x29, x30, [sp], #32",
        "cbz w9, 3f",
        "mov x2, x30",
        "b {hook}",
        "3:",
        "adrp x16, {real}",
        "ldr x16, [x16, :lo12:{real}]",
        "cbz x16, 2f",
        "br x16",
        "2:",
        "stp x29, x30, [sp, #-32]!",
        "mov x29, sp",
        "stp x0, x1, [sp, #16]",
        "bl {resolve}",
        "mov x16, x0",
        "ldp x0, x1, [sp, #16]",
        "ldp x29, x30, [sp], #32",
        "br x16",
        is_hooked = sym is_hooked,
        hook = sym dlsym_hook,
        real = sym REAL_DLSYM,
        resolve = sym real_dlsym_address,
    )
}

/// 1 if `name` is one of the hooked names, else 0; reads the name, allocates nothing.
extern "C" fn is_hooked(name: *const c_char) -> u32 {
    if name.is_null() {
        return 0;
    }
    // SAFETY: dlsym's `name` is a NUL-terminated string.
    let bytes = unsafe { CStr::from_ptr(name) }.to_bytes();
    hooked_slot(bytes).is_some() as u32
}

/// The slot of a hooked name, found without allocating.
pub(crate) fn hooked_slot(name: &[u8]) -> Option<usize> {
    // Every hooked name starts with "gl" or "egl"; most lookups stop here.
    if !(name.starts_with(b"gl") || name.starts_with(b"egl")) {
        return None;
    }
    SORTED
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| SORTED[i].1)
}

/// `dlsym` of a hooked name (for any handle but RTLD_NEXT); `caller` is the return
/// address of the application's call.
unsafe extern "C" fn dlsym_hook(
    handle: *mut c_void,
    name: *const c_char,
    caller: *const c_void,
) -> *mut c_void {
    if load_driver() {
        let hook = DRIVER_DLSYM.load(Ordering::Acquire);
        if !hook.is_null() {
            // SAFETY: glcompute_interpose_dlsym has this C type (src/api/interpose).
            let hook: unsafe extern "C" fn(
                *mut c_void,
                *const c_char,
                *const c_void,
            ) -> *mut c_void = unsafe { std::mem::transmute(hook) };
            // SAFETY: the caller's arguments, unchanged.
            return unsafe { hook(handle, name, caller) };
        }
    }
    // SAFETY: the caller's arguments, unchanged.
    unsafe { real_dlsym()(handle, name) }
}

mod deepbind;

// ---- loading glcompute ----------------------------------------------------------

mod abi;
use abi::{PRELOAD_API_VERSION, PreloadApi};

extern "C" fn export_address(name: *const c_char) -> *mut c_void {
    if name.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: a NUL-terminated name.
    let bytes = unsafe { CStr::from_ptr(name) }.to_bytes();
    match hooked_slot(bytes) {
        Some(slot) => EXPORTS[slot] as *mut c_void,
        None => std::ptr::null_mut(),
    }
}

static LOAD: Once = Once::new();
/// Set by the first thread that starts loading glcompute.
static LOADING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
static DRIVER_DLSYM: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

/// The driver next to this library: `<dir of libglcompute.so>/libglcompute_driver.so`.
fn driver_path(buf: &mut [u8; 4096]) -> Option<usize> {
    // SAFETY: Dl_info is plain data (pointers and integers); all zeros is a valid value.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    // SAFETY: dladdr on an address of this library fills `info`.
    if unsafe { libc::dladdr(driver_path as *const c_void, &mut info) } == 0
        || info.dli_fname.is_null()
    {
        return None;
    }
    // SAFETY: dli_fname is a NUL-terminated path the loader owns.
    let own = unsafe { CStr::from_ptr(info.dli_fname) }.to_bytes();
    let dir = match own.iter().rposition(|&b| b == b'/') {
        Some(i) => &own[..=i],
        None => b"./",
    };
    const FILE: &[u8] = b"libglcompute_driver.so\0";
    let len = dir.len() + FILE.len();
    if len > buf.len() {
        return None;
    }
    buf[..dir.len()].copy_from_slice(dir);
    buf[dir.len()..len].copy_from_slice(FILE);
    Some(len)
}

fn say(msg: &str) {
    // SAFETY: writing a buffer we own to stderr.
    unsafe { libc::write(2, msg.as_ptr() as *const c_void, msg.len()) };
}

/// Loads glcompute and fills every slot (on failure, every slot gets the host's
/// function). Returns false, without waiting, while another thread is loading it.
fn load_driver() -> bool {
    if LOAD.is_completed() {
        return true;
    }
    if LOADING.swap(true, Ordering::AcqRel) {
        // Another thread is loading (or has just loaded) glcompute. Waiting for it
        // could deadlock, as it may wait for the loader lock this thread holds.
        return LOAD.is_completed();
    }
    LOAD.call_once(|| {
        let mut buf = [0u8; 4096];
        let handle = match driver_path(&mut buf) {
            // SAFETY: a NUL-terminated path; RTLD_LOCAL keeps glcompute's own exports
            // out of the global scope.
            Some(_) => unsafe {
                libc::dlopen(buf.as_ptr() as *const c_char, libc::RTLD_NOW | libc::RTLD_LOCAL)
            },
            None => std::ptr::null_mut(),
        };
        let find = |name: &CStr| -> *mut c_void {
            if handle.is_null() {
                return std::ptr::null_mut();
            }
            // SAFETY: a valid handle and a NUL-terminated name.
            unsafe { real_dlsym()(handle, name.as_ptr()) }
        };
        let init = find(c"glcompute_interpose_init");
        let hook = find(c"glcompute_interpose_hook");
        let dlsym = find(c"glcompute_interpose_dlsym");
        let mut ok = !init.is_null() && !hook.is_null() && !dlsym.is_null();
        if ok {
            let api = PreloadApi {
                version: PRELOAD_API_VERSION,
                real_dlsym: real_dlsym_address(),
                next_symbol,
                self_address: load_driver as *const c_void,
                export_address,
            };
            // SAFETY: glcompute_interpose_init has this C type (src/api/interpose).
            let init: unsafe extern "C" fn(*const PreloadApi) -> c_int =
                unsafe { std::mem::transmute(init) };
            // SAFETY: `api` outlives the call; glcompute copies what it keeps.
            ok = unsafe { init(&api) } == 1;
        }
        if !ok {
            say("glcompute: cannot load libglcompute_driver.so next to libglcompute.so; GL calls go to the host driver unchanged\n");
            if handle.is_null() {
                // SAFETY: dlerror takes no argument; it describes the failed dlopen.
                let err = unsafe { libc::dlerror() };
                if !err.is_null() {
                    // SAFETY: dlerror returns a NUL-terminated message.
                    let e = unsafe { CStr::from_ptr(err) };
                    say(&format!("glcompute: {}\n", e.to_string_lossy()));
                }
            } else if init.is_null() || hook.is_null() || dlsym.is_null() {
                say("glcompute: the driver lacks the interposition entry points (a different version?)\n");
            } else {
                say("glcompute: the driver refused the preload library (a different version?)\n");
            }
        }
        // SAFETY: glcompute_interpose_hook has this C type.
        let hook: Option<unsafe extern "C" fn(*const c_char) -> *mut c_void> =
            (ok).then(|| unsafe { std::mem::transmute(hook) });
        for (slot, name) in HOOKS.iter().enumerate() {
            // SAFETY: a NUL-terminated name.
            let mut f = hook.map_or(std::ptr::null_mut(), |h| unsafe { h(name.as_ptr()) });
            if f.is_null() {
                f = next_symbol(name.as_ptr());
            }
            if f.is_null() {
                f = missing as *mut c_void;
            }
            SLOTS[slot].store(f, Ordering::Release);
        }
        if ok {
            DRIVER_DLSYM.store(dlsym, Ordering::Release);
        }
    });
    true
}

/// Resolve the real dlsym when the library is loaded (before any other library's
/// constructor may call ours); glcompute itself loads later, on first use.
#[used]
#[unsafe(link_section = ".init_array")]
static INIT: extern "C" fn() = {
    extern "C" fn init() {
        real_dlsym_address();
        deepbind::real_dlopen_address();
    }
    init
};
