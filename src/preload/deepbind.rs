//! Libraries loaded with `RTLD_DEEPBIND` bind the names glcompute hooks as every other
//! library does.
//!
//! An object `dlopen`ed with `RTLD_DEEPBIND` resolves its imports in its own
//! dependencies (the C library among them) before the global scope, where this
//! library stands first. Its calls of `dlsym` then go straight to the C library's, and
//! a GL loader inside it (glad in Taichi's core library, which Python loads with
//! `RTLD_NOW | RTLD_DEEPBIND`) finds every GL function in the host's libraries, past
//! glcompute. This library therefore exports `dlopen`: a call without `RTLD_DEEPBIND`
//! is a jump into the C library's `dlopen` with the stack as the caller left it
//! (glibc reads the caller's return address to choose the namespace, the search path
//! and `$ORIGIN`). A call with it loads the file, then, in every object the call added
//! to the process, rewrites each import of a hooked name, `dlsym` or `dlopen` to what
//! the global scope gives for that name (this library's export, unless the program
//! defines the name itself): the binding the object would have had without
//! `RTLD_DEEPBIND`, for those names only. Every other import keeps its deep binding.
//!
//! Left to the C library unchanged, because the call cannot be repeated on the
//! caller's behalf: a file name without a `/` (searched in the caller's run paths), one
//! with a `$` (a dynamic string token expanded for the caller), and a caller outside
//! the base namespace. What the loaded objects' constructors do during the `dlopen`
//! itself runs with the deep binding.

use super::{hooked_slot, real_dlsym};
use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

static REAL_DLOPEN: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

type DlopenFn = unsafe extern "C" fn(*const c_char, c_int) -> *mut c_void;

/// glibc's `dlopen`, found by version as `dlsym` is.
pub(crate) extern "C" fn real_dlopen_address() -> *mut c_void {
    let p = REAL_DLOPEN.load(Ordering::Acquire);
    if !p.is_null() {
        return p;
    }
    for version in [c"GLIBC_2.34", c"GLIBC_2.2.5", c"GLIBC_2.17"] {
        // SAFETY: dlvsym with NUL-terminated strings only reads the loader's tables.
        let f = unsafe { libc::dlvsym(libc::RTLD_NEXT, c"dlopen".as_ptr(), version.as_ptr()) };
        if !f.is_null() {
            REAL_DLOPEN.store(f, Ordering::Release);
            return f;
        }
    }
    const MSG: &[u8] = b"glcompute: cannot find the C library's dlopen; aborting\n";
    // SAFETY: writing a static buffer to stderr.
    unsafe {
        libc::write(2, MSG.as_ptr() as *const c_void, MSG.len());
        libc::abort()
    }
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
        "jmp {load}",
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
        "b {load}",
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
/// `/` and no `$`, and the caller is in the base namespace. Allocates nothing.
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
    (ok == 0 && lmid == libc::LM_ID_BASE) as u32
}

/// One loaded object: its load bias and program headers.
#[derive(Clone, Copy, PartialEq)]
struct Object {
    base: usize,
    phdr: usize,
    phnum: usize,
}

fn loaded_objects() -> Vec<Object> {
    unsafe extern "C" fn each(
        info: *mut libc::dl_phdr_info,
        _size: usize,
        data: *mut c_void,
    ) -> c_int {
        // SAFETY: dl_iterate_phdr passes a valid info and our Vec as `data`.
        let (info, list) = unsafe { (&*info, &mut *(data as *mut Vec<Object>)) };
        list.push(Object {
            base: info.dlpi_addr as usize,
            phdr: info.dlpi_phdr as usize,
            phnum: info.dlpi_phnum as usize,
        });
        0
    }
    let mut list: Vec<Object> = Vec::with_capacity(64);
    // SAFETY: the callback only pushes plain numbers to the Vec passed as data.
    unsafe { libc::dl_iterate_phdr(Some(each), &mut list as *mut Vec<Object> as *mut c_void) };
    list
}

/// `dlopen(file, mode)` with `RTLD_DEEPBIND`, then the rebinding of the module comment
/// in the objects it added.
unsafe extern "C" fn dlopen_deepbind(file: *const c_char, mode: c_int) -> *mut c_void {
    let before = loaded_objects();
    // SAFETY: REAL_DLOPEN is glibc's dlopen, whose C type this is; the caller's
    // arguments, unchanged.
    let real: DlopenFn = unsafe { std::mem::transmute(real_dlopen_address()) };
    let handle = unsafe { real(file, mode) };
    if handle.is_null() {
        return handle;
    }
    for object in loaded_objects() {
        if !before.contains(&object) {
            // SAFETY: the object was just loaded by this call and is kept loaded by
            // `handle`, which the caller has not had a chance to close.
            unsafe { rebind(object) };
        }
    }
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
const DT_JMPREL: i64 = 23;

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
/// `object` describes an object the loader has mapped and relocated and that stays
/// loaded during the call.
unsafe fn rebind(object: Object) {
    // SAFETY (for the whole function): the program headers, the dynamic section and
    // the tables it points at are the loader's mapping of this object, read as the
    // ELF format lays them out; every table read is bounded by the size its dynamic
    // entry gives, every string by DT_STRSZ.
    let phdrs =
        unsafe { std::slice::from_raw_parts(object.phdr as *const libc::Elf64_Phdr, object.phnum) };
    let mut dynamic = None;
    let mut relro = (0usize, 0usize);
    for p in phdrs {
        if p.p_type == PT_DYNAMIC {
            dynamic = Some(object.base.wrapping_add(p.p_vaddr as usize));
        } else if p.p_type == PT_GNU_RELRO {
            let start = object.base.wrapping_add(p.p_vaddr as usize);
            relro = (start, start.saturating_add(p.p_memsz as usize));
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
            if !ADDRESS_RELOCATIONS.contains(&((r.info & 0xffff_ffff) as u32)) || r.addend != 0 {
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
            // The global scope's definition, as a lookup from this library (which no
            // RTLD_DEEPBIND affects) finds it.
            // SAFETY: a NUL-terminated name.
            let global = unsafe { real_dlsym()(libc::RTLD_DEFAULT, name.as_ptr()) };
            if global.is_null() {
                continue;
            }
            let slot = object.base.wrapping_add(r.offset as usize);
            unsafe { store(slot, global as usize, relro) };
        }
    }
}

/// Writes one pointer-sized slot, making its page writable for the moment when it lies
/// in the object's read-only-after-relocation range.
///
/// # Safety
/// `slot` is an aligned pointer-sized relocation target of a loaded object.
unsafe fn store(slot: usize, value: usize, relro: (usize, usize)) {
    let cell = slot as *const AtomicUsize;
    // SAFETY: the caller's guarantee; the loader wrote this slot, so it is mapped.
    if unsafe { &*cell }.load(Ordering::Relaxed) == value {
        return;
    }
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as usize;
    let start = slot & !(page - 1);
    // The loader makes read-only the whole pages of the range only: a last, partial
    // page stays writable (glibc's _dl_protect_relro).
    let protected = slot >= relro.0 & !(page - 1) && slot < relro.1 & !(page - 1);
    if protected {
        // SAFETY: the page holds the object's relocated data; it becomes writable for
        // this one store and read-only again, as the loader left it.
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
