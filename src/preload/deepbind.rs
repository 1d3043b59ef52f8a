//! Libraries loaded with `RTLD_DEEPBIND` bind the names glcompute hooks as every other
//! library does.
//!
//! An object `dlopen`ed with `RTLD_DEEPBIND` resolves its imports in its own
//! dependencies (the C library among them) before the global scope, where this
//! library stands first. Its calls of `dlsym` then go straight to the C library's, and
//! a GL loader inside it (glad in Taichi's core library, which Python loads with
//! `RTLD_NOW | RTLD_DEEPBIND`) finds every GL function in the host's libraries, past
//! glcompute. This library therefore exports `dlopen`. A call without `RTLD_DEEPBIND`
//! is a jump into the C library's `dlopen` with the stack as the caller left it
//! (glibc reads the caller's return address to choose the namespace, the search path
//! and `$ORIGIN`). A call with it is made from here; then, in every object present
//! after the call and not before (objects other threads loaded meanwhile included),
//! each import (a name the object does not define) of a hooked name, `dlsym` or
//! `dlopen` is rebound to what the global scope gives for that name: this library's
//! export, unless the program defines the name itself. That is the binding those
//! imports have without `RTLD_DEEPBIND`; every other import keeps its deep binding.
//!
//! Made from here, the call has this library as the caller: glibc searches the run
//! paths (`DT_RPATH`) of the objects that loaded the caller for the new objects'
//! dependencies, and this library's chain is shorter. So these calls go to the C
//! library unchanged: a file name without a `/` (searched in the caller's run paths),
//! one with a `$` (a dynamic string token expanded for the caller), a caller outside
//! the base namespace, and a caller with a `DT_RPATH`; and a call made here that fails
//! is made again by the C library for the caller, which then decides. What the loaded
//! objects' constructors do during the `dlopen` itself runs with the deep binding.

use super::{hooked_slot, real_dlsym};
use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::Mutex;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

static REAL_DLOPEN: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

type DlopenFn = unsafe extern "C" fn(*const c_char, c_int) -> *mut c_void;

/// glibc's `dlopen`, found by version as `dlsym` is.
pub(crate) extern "C" fn real_dlopen_address() -> *mut c_void {
    super::real_libc_function(&REAL_DLOPEN, c"dlopen")
}

/// The exported `dlopen`: straight into the C library's unless `mode` has
/// `RTLD_DEEPBIND` and [`deepbind_wanted`] says the call can be made here.
#[cfg(target_arch = "x86_64")]
#[unsafe(naked)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlopen(_file: *const c_char, _mode: c_int) -> *mut c_void {
    std::arch::naked_asm!(
        "test esi, {deepbind}",
        "jz 3f",
        // rsp is 8 mod 16 here: two pushes and 8 more align it; the caller's return
        // address is then at rsp + 24.
        "push rdi",
        "push rsi",
        "sub rsp, 8",
        "mov rdx, qword ptr [rsp + 24]",
        "call {wanted}",
        "add rsp, 8",
        "pop rsi",
        "pop rdi",
        "test eax, eax",
        "jz 3f",
        // Made here; on failure, made again below for the caller.
        "push rdi",
        "push rsi",
        "sub rsp, 8",
        "call {load}",
        "add rsp, 8",
        "pop rsi",
        "pop rdi",
        "test rax, rax",
        "jz 3f",
        "ret",
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
        deepbind = const libc::RTLD_DEEPBIND,
        wanted = sym deepbind_wanted,
        load = sym dlopen_deepbind,
        real = sym REAL_DLOPEN,
        resolve = sym real_dlopen_address,
    )
}

#[cfg(target_arch = "aarch64")]
#[unsafe(naked)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlopen(_file: *const c_char, _mode: c_int) -> *mut c_void {
    std::arch::naked_asm!(
        "tst w1, #{deepbind}",
        "b.eq 3f",
        "stp x29, x30, [sp, #-32]!",
        "mov x29, sp",
        "stp x0, x1, [sp, #16]",
        "mov x2, x30",
        "bl {wanted}",
        "mov w9, w0",
        "ldp x0, x1, [sp, #16]",
        "ldp x29, x30, [sp], #32",
        "cbz w9, 3f",
        // Made here; on failure, made again below for the caller.
        "stp x29, x30, [sp, #-32]!",
        "mov x29, sp",
        "stp x0, x1, [sp, #16]",
        "bl {load}",
        "mov x9, x0",
        "ldp x0, x1, [sp, #16]",
        "ldp x29, x30, [sp], #32",
        "cbz x9, 3f",
        "mov x0, x9",
        "ret",
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
        deepbind = const libc::RTLD_DEEPBIND,
        wanted = sym deepbind_wanted,
        load = sym dlopen_deepbind,
        real = sym REAL_DLOPEN,
        resolve = sym real_dlopen_address,
    )
}

/// dladdr1's request for the object's link map (<dlfcn.h>).
const RTLD_DL_LINKMAP: c_int = 2;

/// 1 when this library may make the `RTLD_DEEPBIND` call itself: the file name has a
/// `/` and no `$`, and the caller is in the base namespace and has no `DT_RPATH`.
/// Allocates nothing.
extern "C" fn deepbind_wanted(file: *const c_char, _mode: c_int, caller: *const c_void) -> u32 {
    if file.is_null() {
        return 0;
    }
    // SAFETY: dlopen's file name is a NUL-terminated string.
    let name = unsafe { CStr::from_ptr(file) }.to_bytes();
    if !name.contains(&b'/') || name.contains(&b'$') {
        return 0;
    }
    let mut info = libc::Dl_info {
        dli_fname: std::ptr::null(),
        dli_fbase: std::ptr::null_mut(),
        dli_sname: std::ptr::null(),
        dli_saddr: std::ptr::null_mut(),
    };
    let mut map: *mut c_void = std::ptr::null_mut();
    // SAFETY: dladdr1 fills `info` and `map` for an address of a loaded object (the
    // caller's return address) and returns 0 for any other.
    let found = unsafe {
        libc::dladdr1(
            caller,
            &mut info,
            &mut map as *mut *mut c_void,
            RTLD_DL_LINKMAP,
        )
    };
    if found == 0 || map.is_null() {
        return 0;
    }
    let mut lmid: libc::Lmid_t = -1;
    // SAFETY: a link map is a valid dlinfo handle; RTLD_DI_LMID writes one Lmid_t.
    let ok = unsafe { libc::dlinfo(map, libc::RTLD_DI_LMID, &mut lmid as *mut _ as *mut c_void) };
    if ok != 0 || lmid != libc::LM_ID_BASE {
        return 0;
    }
    // SAFETY: the caller's link map (glibc's `struct link_map`, whose public head is
    // l_addr, l_name, l_ld) and its dynamic section, which ends with DT_NULL.
    let mut d = unsafe { (*(map as *const LinkMapHead)).ld };
    for _ in 0..4096 {
        // SAFETY: as above.
        let entry = unsafe { &*d };
        match entry.tag {
            DT_NULL => return 1,
            DT_RPATH => return 0,
            _ => {}
        }
        // SAFETY: not yet at DT_NULL, so the next entry is in the section.
        d = unsafe { d.add(1) };
    }
    0
}

/// The public head of glibc's `struct link_map` (<link.h>).
#[repr(C)]
struct LinkMapHead {
    addr: usize,
    name: *const c_char,
    ld: *const Dyn,
}

/// One loaded object: its load bias and program headers.
#[derive(Clone, PartialEq)]
struct Object {
    base: usize,
    phdr: usize,
    phnum: usize,
    /// The loader's name for it (a path, but for the program and the vDSO).
    name: Vec<u8>,
}

fn loaded_objects() -> Vec<Object> {
    unsafe extern "C" fn each(
        info: *mut libc::dl_phdr_info,
        _size: usize,
        data: *mut c_void,
    ) -> c_int {
        // SAFETY: dl_iterate_phdr passes a valid info and our Vec as `data`.
        let (info, list) = unsafe { (&*info, &mut *(data as *mut Vec<Object>)) };
        let name = if info.dlpi_name.is_null() {
            Vec::new()
        } else {
            // SAFETY: dlpi_name is a NUL-terminated string the loader owns.
            unsafe { CStr::from_ptr(info.dlpi_name) }
                .to_bytes_with_nul()
                .to_vec()
        };
        list.push(Object {
            base: info.dlpi_addr as usize,
            phdr: info.dlpi_phdr as usize,
            phnum: info.dlpi_phnum as usize,
            name,
        });
        0
    }
    let mut list: Vec<Object> = Vec::with_capacity(64);
    // SAFETY: the callback only pushes copies to the Vec passed as data.
    unsafe { libc::dl_iterate_phdr(Some(each), &mut list as *mut Vec<Object> as *mut c_void) };
    list
}

/// `dlopen(file, mode)` with `RTLD_DEEPBIND`, then the rebinding of the module comment.
/// A null result sends the caller's call to the C library.
unsafe extern "C" fn dlopen_deepbind(file: *const c_char, mode: c_int) -> *mut c_void {
    let before = loaded_objects();
    // SAFETY: REAL_DLOPEN is glibc's dlopen, whose C type this is.
    let real: DlopenFn = unsafe { std::mem::transmute(real_dlopen_address()) };
    // SAFETY: the caller's arguments, unchanged.
    let handle = unsafe { real(file, mode) };
    if handle.is_null() {
        return handle;
    }
    for object in loaded_objects() {
        if before.contains(&object) || object.name.len() < 2 || !object.name.contains(&b'/') {
            continue;
        }
        // Another thread may still be loading this object: a dlopen of it waits for
        // that load (the loader's lock) and keeps the object loaded until dlclose.
        // SAFETY: a NUL-terminated path.
        let pin = unsafe {
            real(
                object.name.as_ptr() as *const c_char,
                libc::RTLD_LAZY | libc::RTLD_NOLOAD,
            )
        };
        if pin.is_null() {
            continue;
        }
        let mut map: *const LinkMapHead = std::ptr::null();
        // SAFETY: a valid handle; RTLD_DI_LINKMAP writes one pointer.
        let ok = unsafe {
            libc::dlinfo(
                pin,
                libc::RTLD_DI_LINKMAP,
                &mut map as *mut _ as *mut c_void,
            )
        };
        // SAFETY: the link map of a loaded object.
        if ok == 0 && !map.is_null() && unsafe { (*map).addr } == object.base {
            // SAFETY: the object is loaded, relocated and pinned by `pin`.
            unsafe { rebind(&object, pin) };
        }
        // SAFETY: the handle this function opened.
        unsafe { libc::dlclose(pin) };
    }
    // The lookups above may have left a message; the call succeeded.
    // SAFETY: dlerror takes no argument.
    unsafe { libc::dlerror() };
    handle
}

const PT_DYNAMIC: u32 = 2;
const PT_GNU_RELRO: u32 = 0x6474_e552;
const DT_NULL: i64 = 0;
const DT_PLTRELSZ: i64 = 2;
const DT_STRTAB: i64 = 5;
const DT_SYMTAB: i64 = 6;
const DT_RELA: i64 = 7;
const DT_RELASZ: i64 = 8;
const DT_RELAENT: i64 = 9;
const DT_STRSZ: i64 = 10;
const DT_SYMENT: i64 = 11;
const DT_PLTREL: i64 = 20;
const DT_RPATH: i64 = 15;
const DT_JMPREL: i64 = 23;
const PF_W: u32 = 2;
const PT_LOAD: u32 = 1;

/// The relocation types that store a symbol's address in a pointer-sized slot.
#[cfg(target_arch = "x86_64")]
const ADDRESS_RELOCATIONS: [u32; 3] = [
    1, /* R_X86_64_64 */
    6, /* GLOB_DAT */
    7, /* JUMP_SLOT */
];
#[cfg(target_arch = "aarch64")]
const ADDRESS_RELOCATIONS: [u32; 3] = [
    257,  /* R_AARCH64_ABS64 */
    1025, /* GLOB_DAT */
    1026, /* JUMP_SLOT */
];

#[repr(C)]
struct Dyn {
    tag: i64,
    val: u64,
}

#[repr(C)]
struct Rela {
    offset: u64,
    info: u64,
    addend: i64,
}

#[repr(C)]
struct Sym {
    name: u32,
    info: u8,
    other: u8,
    shndx: u16,
    value: u64,
    size: u64,
}

/// Rebinds the hooked imports of one object (see the module comment).
///
/// # Safety
/// `object` describes an object the loader has mapped and relocated, and `pin` is a
/// handle that keeps it loaded during the call.
unsafe fn rebind(object: &Object, pin: *mut c_void) {
    // SAFETY (for the whole function): the program headers, the dynamic section and
    // the tables it points at are the loader's mapping of this object, which the
    // loader has just used to relocate it: the symbol entries the relocations name
    // exist, and their names are NUL-terminated strings in the string table (only
    // their start is checked against DT_STRSZ).
    let phdrs =
        unsafe { std::slice::from_raw_parts(object.phdr as *const libc::Elf64_Phdr, object.phnum) };
    let mut dynamic = None;
    let mut relro = (0usize, 0usize);
    let mut writable: Vec<(usize, usize)> = Vec::new();
    for p in phdrs {
        let start = object.base.wrapping_add(p.p_vaddr as usize);
        let end = start.saturating_add(p.p_memsz as usize);
        match p.p_type {
            PT_DYNAMIC => dynamic = Some(start),
            PT_GNU_RELRO => relro = (start, end),
            PT_LOAD if p.p_flags & PF_W != 0 => writable.push((start, end)),
            _ => {}
        }
    }
    let Some(dynamic) = dynamic else { return };
    // glibc stores some entries of the dynamic section relocated, others not: an
    // address below the load bias is still relative to it.
    let address = |v: u64| -> usize {
        let v = v as usize;
        if v < object.base {
            object.base.wrapping_add(v)
        } else {
            v
        }
    };
    let (mut strtab, mut strsz, mut symtab, mut syment) = (0usize, 0usize, 0usize, 0usize);
    let (mut rela, mut relasz, mut relaent) = (0usize, 0usize, 0usize);
    let (mut jmprel, mut pltrelsz, mut pltrel) = (0usize, 0usize, 0i64);
    let mut d = dynamic as *const Dyn;
    for _ in 0..4096 {
        let entry = unsafe { &*d };
        match entry.tag {
            DT_NULL => break,
            DT_STRTAB => strtab = address(entry.val),
            DT_STRSZ => strsz = entry.val as usize,
            DT_SYMTAB => symtab = address(entry.val),
            DT_SYMENT => syment = entry.val as usize,
            DT_RELA => rela = address(entry.val),
            DT_RELASZ => relasz = entry.val as usize,
            DT_RELAENT => relaent = entry.val as usize,
            DT_JMPREL => jmprel = address(entry.val),
            DT_PLTRELSZ => pltrelsz = entry.val as usize,
            DT_PLTREL => pltrel = entry.val as i64,
            _ => {}
        }
        d = unsafe { d.add(1) };
    }
    if strtab == 0 || symtab == 0 || syment != std::mem::size_of::<Sym>() {
        return;
    }
    let mut tables = Vec::with_capacity(2);
    if rela != 0 && relaent == std::mem::size_of::<Rela>() {
        tables.push((rela, relasz));
    }
    if jmprel != 0 && pltrel == DT_RELA {
        tables.push((jmprel, pltrelsz));
    }
    for (start, size) in tables {
        let relocations = unsafe {
            std::slice::from_raw_parts(start as *const Rela, size / std::mem::size_of::<Rela>())
        };
        for r in relocations {
            let kind = (r.info & 0xffff_ffff) as u32;
            if !ADDRESS_RELOCATIONS.contains(&kind) || r.addend != 0 {
                continue;
            }
            let index = (r.info >> 32) as usize;
            let sym = unsafe { &*((symtab + index * syment) as *const Sym) };
            // Only imports: a name the object defines itself stays its own.
            if index == 0 || sym.shndx != 0 || sym.name as usize >= strsz {
                continue;
            }
            let name = unsafe { CStr::from_ptr((strtab + sym.name as usize) as *const c_char) };
            let bytes = name.to_bytes();
            let ours = match bytes {
                b"dlsym" | b"dlopen" => true,
                _ => hooked_slot(bytes).is_some(),
            };
            if !ours {
                continue;
            }
            let slot = object.base.wrapping_add(r.offset as usize);
            // Only slots in the object's writable segments (its relocated data).
            if !slot.is_multiple_of(std::mem::align_of::<usize>())
                || !writable.iter().any(|&(a, b)| slot >= a && slot + 8 <= b)
            {
                continue;
            }
            // The global scope's definition, as a lookup from this library (which no
            // RTLD_DEEPBIND affects) finds it.
            // SAFETY: a NUL-terminated name.
            let global = unsafe { real_dlsym()(libc::RTLD_DEFAULT, name.as_ptr()) };
            if global.is_null() {
                continue;
            }
            // A data word (R_*_64) may have been changed by the object's constructors:
            // it is rebound only while it still holds the deep binding. GOT slots are
            // the loader's alone (a lazy PLT slot holds its resolver stub until then).
            let expected = if kind == ADDRESS_RELOCATIONS[0] {
                // SAFETY: a valid handle and a NUL-terminated name.
                let deep = unsafe { real_dlsym()(pin, name.as_ptr()) };
                if deep.is_null() {
                    continue;
                }
                Some(deep as usize)
            } else {
                None
            };
            unsafe { store(slot, global as usize, expected, relro) };
        }
    }
}

/// Serialises the make-writable, store, make-read-only-again steps of [`store`], so two
/// threads never interleave them on one page. Nothing is called under it but mprotect.
static STORE: Mutex<()> = Mutex::new(());

/// Writes one pointer-sized slot (when it holds `expected`, if given), making its page
/// writable for the moment when it lies in the object's read-only-after-relocation
/// range.
///
/// # Safety
/// `slot` is an aligned pointer-sized relocation target in a writable segment of a
/// loaded, fully relocated object.
unsafe fn store(slot: usize, value: usize, expected: Option<usize>, relro: (usize, usize)) {
    let cell = slot as *const AtomicUsize;
    // SAFETY: the caller's guarantee; the loader wrote this slot, so it is mapped.
    let now = unsafe { &*cell }.load(Ordering::Relaxed);
    if now == value || expected.is_some_and(|e| e != now) {
        return;
    }
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as usize;
    let start = slot & !(page - 1);
    // The loader makes read-only the whole pages of the range only: a last, partial
    // page stays writable (glibc's _dl_protect_relro).
    let protected = slot >= relro.0 & !(page - 1) && slot < relro.1 & !(page - 1);
    let _guard = STORE.lock().unwrap_or_else(|e| e.into_inner());
    if protected {
        // SAFETY: the page holds the object's relocated data, which the loader has
        // made read-only; it becomes writable for this one store and read-only again.
        if unsafe {
            libc::mprotect(
                start as *mut c_void,
                page,
                libc::PROT_READ | libc::PROT_WRITE,
            )
        } != 0
        {
            return;
        }
    }
    // SAFETY: an aligned, mapped, now writable slot; other threads read it whole.
    unsafe { &*cell }.store(value, Ordering::Release);
    if protected {
        // SAFETY: as above.
        unsafe { libc::mprotect(start as *mut c_void, page, libc::PROT_READ) };
    }
}
