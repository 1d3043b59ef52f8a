//! The differential call fuzzer: a sequence of GL calls with random arguments, each
//! sequence on a fresh context, run on two drivers; the error after every call must be
//! the same on both.

use std::collections::BTreeMap;
use std::ffi::{CString, c_char, c_void};
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::Args;
use crate::gl::Driver;
use crate::rng::Rng;
use crate::supervise::{self, Failure};

const TARGETS: &[u32] = &[
    0x8892, // ARRAY_BUFFER
    0x90D2, // SHADER_STORAGE_BUFFER
    0x8A11, // UNIFORM_BUFFER
    0x92C0, // ATOMIC_COUNTER_BUFFER
    0x90EE, // DISPATCH_INDIRECT_BUFFER
    0x8F36, // COPY_READ_BUFFER
    0x8F37, // COPY_WRITE_BUFFER
    0x88EB, // PIXEL_PACK_BUFFER
    0x1234, // not a target
];
const INDEXED: &[u32] = &[0x90D2, 0x8A11, 0x92C0, 0x8C8E, 0x8892];
const USAGES: &[u32] = &[0x88E4, 0x88EA, 0x88E8, 0x88E0, 0x0];
const SIZES: &[isize] = &[
    0,
    1,
    3,
    4,
    16,
    64,
    256,
    4096,
    65536,
    -1,
    -4096,
    1 << 40,
    isize::MAX,
];
const OFFSETS: &[isize] = &[0, 1, 4, 12, 16, 64, 255, 256, 4092, 4096, 65536, -1, -16];
const ACCESS: &[u32] = &[
    0x1, 0x2, 0x3, 0x4, 0x8, 0x10, 0x20, 0x22, 0x6, 0xA, 0x42, 0x80, 0xFFFF,
];
const COUNTS: &[u32] = &[0, 1, 2, 7, 64, 65535, 65536, 0x7fff_ffff, 0xffff_ffff];
const PNAMES: &[u32] = &[
    0x91BE, // MAX_COMPUTE_WORK_GROUP_COUNT (indexed)
    0x91BF, // MAX_COMPUTE_WORK_GROUP_SIZE (indexed)
    0x90EB, // MAX_COMPUTE_WORK_GROUP_INVOCATIONS
    0x8262, // MAX_COMPUTE_SHARED_MEMORY_SIZE
    0x90ED, // DISPATCH_INDIRECT_BUFFER_BINDING
    0x90D3, // SHADER_STORAGE_BUFFER_BINDING (indexed too)
    0x8A28, // UNIFORM_BUFFER_BINDING
    0x8B8D, // CURRENT_PROGRAM
    0x821B, // MAJOR_VERSION
    0x90DD, // MAX_SHADER_STORAGE_BUFFER_BINDINGS
    0x90DF, // SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT
    0x8A34, // UNIFORM_BUFFER_OFFSET_ALIGNMENT
    0x1234, // not a name
    0x0,
];
const SHADER_TYPES: &[u32] = &[0x91B9, 0x8B31, 0x8B30, 0x8DD9, 0x0, 0x1234];
const BARRIERS: &[u32] = &[0x2000, 0x1, 0x40, 0xFFFF_FFFF, 0x0, 0x8000_0000];
const CLEAR_FORMATS: &[(u32, u32, u32)] = &[
    (0x8236, 0x8D94, 0x1405), // R32UI, RED_INTEGER, UNSIGNED_INT
    (0x8814, 0x1908, 0x1406), // RGBA32F, RGBA, FLOAT
    (0x8229, 0x1903, 0x1401), // R8, RED, UNSIGNED_BYTE
    (0x1908, 0x1908, 0x1401), // RGBA (unsized), RGBA, UNSIGNED_BYTE
    (0x8236, 0x1903, 0x1405), // R32UI with RED (not integer)
    (0x1234, 0x1903, 0x1401),
];
const SOURCES: &[&str] = &[
    "#version 430\nlayout(local_size_x = 4) in;\nlayout(std430, binding = 0) buffer B { uint v[]; };\nuniform uint k;\nvoid main() { v[gl_GlobalInvocationID.x] += k; }\n",
    "#version 430\nlayout(local_size_x = 64) in;\nshared uint s[64];\nlayout(std430, binding = 1) buffer B { uint v[]; };\nvoid main() { s[gl_LocalInvocationIndex] = 1u; barrier(); v[0] = s[63]; }\n",
    "#version 430\nlayout(local_size_x = 1) in;\nlayout(binding = 0, offset = 0) uniform atomic_uint c;\nvoid main() { atomicCounterIncrement(c); }\n",
    "#version 430\nvoid main() { }\n",
    "#version 430\nlayout(local_size_x = 1) in;\nvoid main() { undeclared = 1; }\n",
    "#version 430\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
    "",
];

/// Object slots: the names Gen/Create calls returned (0 until then), plus the names
/// arguments may use (a slot, 0, or a name never generated).
#[derive(Default)]
struct Slots {
    buffers: [u32; 6],
    shaders: [u32; 4],
    programs: [u32; 3],
    textures: [u32; 2],
}

fn name(r: &mut Rng, slots: &[u32]) -> u32 {
    match r.below(10) {
        0 => 0,
        1 => 7777,
        _ => *r.pick(slots),
    }
}

/// Runs one step; returns its description (for --print).
fn step(d: &Driver, r: &mut Rng, s: &mut Slots, scratch: &mut [u8]) -> String {
    let gl = &d.gl;
    let buf = scratch.as_mut_ptr() as *mut c_void;
    // SAFETY: every call passes pointers to `scratch` (65536 bytes; no size passed
    // exceeds it where the driver reads or writes through the pointer: data sizes are
    // clamped to it below) or to locals; a pointer a map call returned is accessed for
    // at most the `len` (<= 65536) bytes it mapped, with the matching access bit; names
    // and enums are arbitrary by design.
    unsafe {
        match r.below(52) {
            0 => {
                let i = r.below(6);
                (gl.glGenBuffers)(1, &mut s.buffers[i]);
                format!("glGenBuffers(1) -> slot {i} = {}", s.buffers[i])
            }
            1 => {
                let i = r.below(6);
                (gl.glCreateBuffers)(1, &mut s.buffers[i]);
                format!("glCreateBuffers(1) -> slot {i} = {}", s.buffers[i])
            }
            2 => {
                let n = *r.pick(&[-1i32, 0, 1]);
                let b = name(r, &s.buffers);
                (gl.glDeleteBuffers)(n, &b);
                format!("glDeleteBuffers({n}, {b})")
            }
            3 | 4 => {
                let t = *r.pick(TARGETS);
                let b = name(r, &s.buffers);
                (gl.glBindBuffer)(t, b);
                format!("glBindBuffer(0x{t:X}, {b})")
            }
            5 => {
                let t = *r.pick(TARGETS);
                let size = *r.pick(SIZES);
                let u = *r.pick(USAGES);
                let data = if size > 0 && size <= 65536 && r.one_in(2) {
                    buf as *const c_void
                } else {
                    std::ptr::null()
                };
                (gl.glBufferData)(t, size, data, u);
                format!(
                    "glBufferData(0x{t:X}, {size}, {}, 0x{u:X})",
                    if data.is_null() { "NULL" } else { "data" }
                )
            }
            6 => {
                let b = name(r, &s.buffers);
                let size = *r.pick(SIZES);
                let u = *r.pick(USAGES);
                (gl.glNamedBufferData)(b, size, std::ptr::null(), u);
                format!("glNamedBufferData({b}, {size}, NULL, 0x{u:X})")
            }
            7 => {
                let t = *r.pick(TARGETS);
                let off = *r.pick(OFFSETS);
                let size = (*r.pick(SIZES)).min(65536);
                (gl.glBufferSubData)(t, off, size, buf);
                format!("glBufferSubData(0x{t:X}, {off}, {size}, data)")
            }
            8 => {
                let t = *r.pick(TARGETS);
                let size = *r.pick(SIZES);
                let flags = *r.pick(&[0u32, 0x1, 0x2, 0x3, 0x40, 0x43, 0x100, 0x200, 0x1000]);
                (gl.glBufferStorage)(t, size, std::ptr::null(), flags);
                format!("glBufferStorage(0x{t:X}, {size}, NULL, 0x{flags:X})")
            }
            9 => {
                let t = *r.pick(INDEXED);
                let i = *r.pick(&[0u32, 1, 7, 8, 95, 96, 0xffff_ffff]);
                let b = name(r, &s.buffers);
                (gl.glBindBufferBase)(t, i, b);
                format!("glBindBufferBase(0x{t:X}, {i}, {b})")
            }
            10 => {
                let t = *r.pick(INDEXED);
                let i = *r.pick(&[0u32, 1, 8, 96]);
                let b = name(r, &s.buffers);
                let off = *r.pick(OFFSETS);
                let size = *r.pick(SIZES);
                (gl.glBindBufferRange)(t, i, b, off, size);
                format!("glBindBufferRange(0x{t:X}, {i}, {b}, {off}, {size})")
            }
            11 | 12 => {
                let t = *r.pick(TARGETS);
                let off = *r.pick(OFFSETS);
                let len = *r.pick(SIZES);
                let a = *r.pick(ACCESS);
                let p = (gl.glMapBufferRange)(t, off, len, a);
                let wrote = !p.is_null() && a & 0x2 != 0 && len > 0 && len <= 65536;
                if wrote {
                    // The driver mapped `len` bytes for writing.
                    std::ptr::write_bytes(p as *mut u8, 0x5A, len as usize);
                }
                format!(
                    "glMapBufferRange(0x{t:X}, {off}, {len}, 0x{a:X}) -> {}",
                    if p.is_null() { "NULL" } else { "mapped" }
                )
            }
            13 => {
                let t = *r.pick(TARGETS);
                let ok = (gl.glUnmapBuffer)(t);
                format!("glUnmapBuffer(0x{t:X}) -> {ok}")
            }
            14 => {
                let b = name(r, &s.buffers);
                let off = *r.pick(OFFSETS);
                let len = *r.pick(SIZES);
                let a = *r.pick(ACCESS);
                let p = (gl.glMapNamedBufferRange)(b, off, len, a);
                if !p.is_null() && a & 0x1 != 0 && len > 0 && len <= 65536 {
                    // The driver mapped `len` readable bytes.
                    std::ptr::copy_nonoverlapping(
                        p as *const u8,
                        scratch.as_mut_ptr(),
                        len as usize,
                    );
                }
                format!(
                    "glMapNamedBufferRange({b}, {off}, {len}, 0x{a:X}) -> {}",
                    if p.is_null() { "NULL" } else { "mapped" }
                )
            }
            15 => {
                let b = name(r, &s.buffers);
                let ok = (gl.glUnmapNamedBuffer)(b);
                format!("glUnmapNamedBuffer({b}) -> {ok}")
            }
            16 => {
                let (a, b) = (*r.pick(TARGETS), *r.pick(TARGETS));
                let (ro, wo) = (*r.pick(OFFSETS), *r.pick(OFFSETS));
                let size = *r.pick(SIZES);
                (gl.glCopyBufferSubData)(a, b, ro, wo, size);
                format!("glCopyBufferSubData(0x{a:X}, 0x{b:X}, {ro}, {wo}, {size})")
            }
            17 => {
                let t = *r.pick(TARGETS);
                let (f, fmt, ty) = *r.pick(CLEAR_FORMATS);
                let data = if r.one_in(3) {
                    std::ptr::null()
                } else {
                    buf as *const c_void
                };
                (gl.glClearBufferData)(t, f, fmt, ty, data);
                format!("glClearBufferData(0x{t:X}, 0x{f:X}, 0x{fmt:X}, 0x{ty:X})")
            }
            18 => {
                let t = *r.pick(TARGETS);
                let (f, fmt, ty) = *r.pick(CLEAR_FORMATS);
                let off = *r.pick(OFFSETS);
                let size = *r.pick(SIZES);
                (gl.glClearBufferSubData)(t, f, off, size, fmt, ty, buf);
                format!(
                    "glClearBufferSubData(0x{t:X}, 0x{f:X}, {off}, {size}, 0x{fmt:X}, 0x{ty:X})"
                )
            }
            19 => {
                let t = *r.pick(TARGETS);
                let off = *r.pick(OFFSETS);
                let size = (*r.pick(SIZES)).min(65536);
                (gl.glGetBufferSubData)(t, off, size, buf);
                format!("glGetBufferSubData(0x{t:X}, {off}, {size})")
            }
            20 => {
                let i = r.below(4);
                let ty = *r.pick(SHADER_TYPES);
                s.shaders[i] = (gl.glCreateShader)(ty);
                format!("glCreateShader(0x{ty:X}) -> slot {i} = {}", s.shaders[i])
            }
            21 => {
                let sh = name(r, &s.shaders);
                let src = CString::new(*r.pick(SOURCES)).expect("no NUL");
                let p: *const c_char = src.as_ptr();
                let count = *r.pick(&[1i32, 1, 1, 0, -1]);
                (gl.glShaderSource)(sh, count, &p, std::ptr::null());
                format!("glShaderSource({sh}, {count}, ...)")
            }
            22 => {
                let sh = name(r, &s.shaders);
                (gl.glCompileShader)(sh);
                format!("glCompileShader({sh})")
            }
            23 => {
                let i = r.below(3);
                s.programs[i] = (gl.glCreateProgram)();
                format!("glCreateProgram() -> slot {i} = {}", s.programs[i])
            }
            24 => {
                let p = name(r, &s.programs);
                let sh = name(r, &s.shaders);
                if r.one_in(3) {
                    (gl.glDetachShader)(p, sh);
                    format!("glDetachShader({p}, {sh})")
                } else {
                    (gl.glAttachShader)(p, sh);
                    format!("glAttachShader({p}, {sh})")
                }
            }
            25 => {
                let p = name(r, &s.programs);
                (gl.glLinkProgram)(p);
                format!("glLinkProgram({p})")
            }
            26 => {
                let p = name(r, &s.programs);
                (gl.glUseProgram)(p);
                format!("glUseProgram({p})")
            }
            27 => {
                let (x, y, z) = (
                    *r.pick(COUNTS),
                    *r.pick(&[1u32, 1, 0, 65536]),
                    *r.pick(&[1u32, 1, 2]),
                );
                let (x, y, z) = if r.one_in(3) {
                    (x, y, z)
                } else {
                    (x.min(4), y.min(2), z)
                };
                (gl.glDispatchCompute)(x, y, z);
                format!("glDispatchCompute({x}, {y}, {z})")
            }
            28 => {
                let off = *r.pick(&[0isize, 4, 12, 2, -4, 4096, 65536]);
                (gl.glDispatchComputeIndirect)(off);
                format!("glDispatchComputeIndirect({off})")
            }
            29 => {
                let pname = *r.pick(PNAMES);
                let mut v = [0i32; 16];
                if r.one_in(2) {
                    let i = *r.pick(&[0u32, 2, 3, 8, 96]);
                    (gl.glGetIntegeri_v)(pname, i, v.as_mut_ptr());
                    format!("glGetIntegeri_v(0x{pname:X}, {i})")
                } else {
                    (gl.glGetIntegerv)(pname, v.as_mut_ptr());
                    format!("glGetIntegerv(0x{pname:X})")
                }
            }
            30 => {
                let p = name(r, &s.programs);
                let loc = *r.pick(&[0i32, 1, -1, 5, 1000]);
                let v = *r.pick(&[0i32, 1, -1]);
                match r.below(3) {
                    0 => {
                        (gl.glUniform1ui)(loc, v as u32);
                        format!("glUniform1ui({loc}, {v})")
                    }
                    1 => {
                        (gl.glUniform1f)(loc, v as f32);
                        format!("glUniform1f({loc}, {v})")
                    }
                    _ => {
                        (gl.glProgramUniform1i)(p, loc, v);
                        format!("glProgramUniform1i({p}, {loc}, {v})")
                    }
                }
            }
            31 => {
                let bits = *r.pick(BARRIERS);
                (gl.glMemoryBarrier)(bits);
                format!("glMemoryBarrier(0x{bits:X})")
            }
            32 => {
                let p = name(r, &s.programs);
                let block = *r.pick(&[0u32, 1, 7]);
                let binding = *r.pick(&[0u32, 1, 95, 96]);
                if r.one_in(2) {
                    (gl.glShaderStorageBlockBinding)(p, block, binding);
                    format!("glShaderStorageBlockBinding({p}, {block}, {binding})")
                } else {
                    (gl.glUniformBlockBinding)(p, block, binding);
                    format!("glUniformBlockBinding({p}, {block}, {binding})")
                }
            }
            34 => {
                let b = name(r, &s.buffers);
                let ok = (gl.glIsBuffer)(b);
                format!("glIsBuffer({b}) -> {ok}")
            }
            35 => {
                let b = name(r, &s.buffers);
                let off = *r.pick(OFFSETS);
                let size = (*r.pick(SIZES)).min(65536);
                if r.one_in(2) {
                    (gl.glNamedBufferSubData)(b, off, size, buf);
                    format!("glNamedBufferSubData({b}, {off}, {size}, data)")
                } else {
                    (gl.glGetNamedBufferSubData)(b, off, size, buf);
                    format!("glGetNamedBufferSubData({b}, {off}, {size})")
                }
            }
            36 => {
                let t = *r.pick(TARGETS);
                let off = *r.pick(OFFSETS);
                let len = *r.pick(SIZES);
                (gl.glFlushMappedBufferRange)(t, off, len);
                format!("glFlushMappedBufferRange(0x{t:X}, {off}, {len})")
            }
            37 => {
                let (a, b) = (name(r, &s.buffers), name(r, &s.buffers));
                let (ro, wo) = (*r.pick(OFFSETS), *r.pick(OFFSETS));
                let size = *r.pick(SIZES);
                (gl.glCopyNamedBufferSubData)(a, b, ro, wo, size);
                format!("glCopyNamedBufferSubData({a}, {b}, {ro}, {wo}, {size})")
            }
            38 => {
                let b = name(r, &s.buffers);
                (gl.glInvalidateBufferData)(b);
                format!("glInvalidateBufferData({b})")
            }
            39 => {
                let t = *r.pick(TARGETS);
                let pname = *r.pick(&[0x8764u32, 0x8765, 0x88BB, 0x88BC, 0x9120, 0x911F, 0x1234]);
                let mut v = 0i32;
                (gl.glGetBufferParameteriv)(t, pname, &mut v);
                format!("glGetBufferParameteriv(0x{t:X}, 0x{pname:X})")
            }
            40 => {
                let p = name(r, &s.programs);
                (gl.glValidateProgram)(p);
                format!("glValidateProgram({p})")
            }
            41 => {
                let p = name(r, &s.programs);
                let n = CString::new(*r.pick(&["k", "v", "B", "c", "gl_x", ""])).expect("no NUL");
                if r.one_in(2) {
                    let loc = (gl.glGetUniformLocation)(p, n.as_ptr());
                    if loc >= 0 && r.one_in(2) {
                        (gl.glUniform1i)(loc, 3);
                    } else {
                        (gl.glUniform4f)(loc, 1.0, 2.0, 3.0, 4.0);
                    }
                    format!("glGetUniformLocation({p}, {n:?}) and a glUniform")
                } else {
                    let iface = *r.pick(&[0x92E6u32, 0x92E1, 0x92E2, 0x1234]);
                    (gl.glGetProgramResourceIndex)(p, iface, n.as_ptr());
                    format!("glGetProgramResourceIndex({p}, 0x{iface:X}, {n:?})")
                }
            }
            42 => {
                let pname = *r.pick(&[0x8E28u32, 0x90EB, 0x1234]);
                let mut v = 0i64;
                (gl.glGetInteger64v)(pname, &mut v);
                format!("glGetInteger64v(0x{pname:X})")
            }
            43 => {
                let i = r.below(2);
                (gl.glGenTextures)(1, &mut s.textures[i]);
                let t = s.textures[i];
                let target = *r.pick(&[0x0DE1u32, 0x0DE1, 0x806F, 0x1234]);
                (gl.glBindTexture)(target, t);
                format!("glGenTextures(1) -> slot {i} = {t}; glBindTexture(0x{target:X}, {t})")
            }
            44 => {
                let target = *r.pick(&[0x0DE1u32, 0x806F, 0x1234]);
                let fmt = *r.pick(&[0x8814u32, 0x8236, 0x1908, 0x0]);
                let (w, h) = (*r.pick(&[0i32, 1, 4, -1]), *r.pick(&[1i32, 4, 0]));
                let levels = *r.pick(&[1, 0, 3]);
                (gl.glTexStorage2D)(target, levels, fmt, w, h);
                format!("glTexStorage2D(0x{target:X}, {levels}, 0x{fmt:X}, {w}, {h})")
            }
            45 => {
                let t = name(r, &s.textures);
                let unit = *r.pick(&[0u32, 7, 8, 1000]);
                let level = *r.pick(&[0i32, 0, 1, -1]);
                let access = *r.pick(&[0x88B8u32, 0x88B9, 0x88BA, 0x1234]);
                let fmt = *r.pick(&[0x8814u32, 0x8236, 0x1908, 0x0]);
                (gl.glBindImageTexture)(unit, t, level, 0, 0, access, fmt);
                format!(
                    "glBindImageTexture({unit}, {t}, {level}, FALSE, 0, 0x{access:X}, 0x{fmt:X})"
                )
            }
            46 => {
                let t = name(r, &s.textures);
                (gl.glDeleteTextures)(1, &t);
                format!("glDeleteTextures(1, {t})")
            }
            48..=51 => fixed_function(gl, r),
            _ => {
                if r.one_in(2) {
                    let p = name(r, &s.programs);
                    (gl.glDeleteProgram)(p);
                    format!("glDeleteProgram({p})")
                } else {
                    let sh = name(r, &s.shaders);
                    (gl.glDeleteShader)(sh);
                    format!("glDeleteShader({sh})")
                }
            }
        }
    }
}

/// Capabilities: the core ones, indexed ones, compatibility-only ones and non-enums.
const CAPS: &[u32] = &[
    0x0BE2, 0x0C11, 0x0B44, 0x0B71, 0x0B90, 0x0BD0, 0x3000, 0x3007, 0x0BF2, 0x864F, 0x8DB9, 0x809D,
    0x8037, 0x2A02, 0x2A01, 0x0B20, 0x0B41, 0x8F9D, 0x8D69, 0x8C89, 0x809E, 0x809F, 0x80A0, 0x8C36,
    0x8E51, 0x884F, 0x8642, 0x92E0, 0x8242, 0x0DE1, 0x0B50, 0x8861, 0x3008, 0x1234, 0x0,
];
const FACTORS: &[u32] = &[
    0, 1, 0x300, 0x302, 0x308, 0x8001, 0x8004, 0x88FA, 0x88FB, 0x8006, 0x1234,
];
const EQUATIONS: &[u32] = &[0x8006, 0x800A, 0x800B, 0x8007, 0x8008, 0x0104, 0x1234];
const FACES: &[u32] = &[0x404, 0x405, 0x408, 0x400, 0x406, 0x0];
const FUNCS: &[u32] = &[0x200, 0x201, 0x203, 0x206, 0x207, 0x1E00, 0x0];
const OPS: &[u32] = &[
    0x1E00, 0, 0x1E01, 0x1E02, 0x1E03, 0x150A, 0x8507, 0x8508, 0x200,
];
const FIXED_PNAMES: &[u32] = &[
    0x0BA2, 0x0B70, 0x0C10, 0x0C11, 0x0BE2, 0x80C9, 0x8005, 0x0C23, 0x0B74, 0x0B92, 0x0B97, 0x0B40,
    0x0B45, 0x0B11, 0x8E72, 0x8E50, 0x8E52, 0x8E73, 0x8E74, 0x825B, 0x825D, 0x8C36, 0x0DE1, 0x1234,
];
const INDICES: &[u32] = &[0, 1, 7, 8, 15, 16, 0xffff_ffff];
const FLOATS: &[f32] = &[0.0, 1.0, -1.0, 0.5, 2.0, 1e30, -1e30, f32::NAN];
const INTS: &[i32] = &[0, 1, -1, 5, 32, 33, 100_000, i32::MIN, i32::MAX];

/// One call of the fixed-function state (viewports, blend, stencil, rasterization,
/// capabilities, hints, patches) or a query of it.
///
/// # Safety
/// Passes pointers to locals of the sizes the functions read or write.
unsafe fn fixed_function(gl: &crate::gl::Gl, r: &mut Rng) -> String {
    let i = *r.pick(INDICES);
    let f = *r.pick(FLOATS);
    let n = *r.pick(INTS);
    // SAFETY: the caller's contract; every pointer is to a local of the right size.
    unsafe {
        match r.below(22) {
            0 => {
                let c = *r.pick(CAPS);
                let on = r.one_in(2);
                if on {
                    (gl.glEnable)(c)
                } else {
                    (gl.glDisable)(c)
                }
                format!("gl{}able(0x{c:X})", if on { "En" } else { "Dis" })
            }
            1 => {
                let c = *r.pick(CAPS);
                (gl.glIsEnabled)(c);
                format!("glIsEnabled(0x{c:X})")
            }
            2 => {
                let c = *r.pick(CAPS);
                if r.one_in(2) {
                    (gl.glEnablei)(c, i)
                } else {
                    (gl.glIsEnabledi)(c, i);
                }
                format!("glEnablei/IsEnabledi(0x{c:X}, {i})")
            }
            3 => {
                let (a, b, c, e) = (
                    *r.pick(FACTORS),
                    *r.pick(FACTORS),
                    *r.pick(FACTORS),
                    *r.pick(FACTORS),
                );
                (gl.glBlendFuncSeparatei)(i, a, b, c, e);
                format!("glBlendFuncSeparatei({i}, 0x{a:X}, 0x{b:X}, 0x{c:X}, 0x{e:X})")
            }
            4 => {
                let (a, b) = (*r.pick(EQUATIONS), *r.pick(EQUATIONS));
                (gl.glBlendEquationSeparatei)(i, a, b);
                format!("glBlendEquationSeparatei({i}, 0x{a:X}, 0x{b:X})")
            }
            5 => {
                let (face, func) = (*r.pick(FACES), *r.pick(FUNCS));
                (gl.glStencilFuncSeparate)(face, func, n, i);
                format!("glStencilFuncSeparate(0x{face:X}, 0x{func:X}, {n}, {i})")
            }
            6 => {
                let (face, a, b, c) = (*r.pick(FACES), *r.pick(OPS), *r.pick(OPS), *r.pick(OPS));
                (gl.glStencilOpSeparate)(face, a, b, c);
                format!("glStencilOpSeparate(0x{face:X}, 0x{a:X}, 0x{b:X}, 0x{c:X})")
            }
            7 => {
                let g = *r.pick(FLOATS);
                (gl.glViewportIndexedf)(i, f, f, g, g);
                format!("glViewportIndexedf({i}, {f}, {f}, {g}, {g})")
            }
            8 => {
                let m = *r.pick(INTS);
                (gl.glScissorIndexed)(i, n, n, m, m);
                format!("glScissorIndexed({i}, {n}, {n}, {m}, {m})")
            }
            9 => {
                (gl.glDepthRangeIndexed)(i, f as f64, 0.5);
                format!("glDepthRangeIndexed({i}, {f}, 0.5)")
            }
            10 => {
                let (face, mode) = (
                    *r.pick(FACES),
                    *r.pick(&[0x1B00u32, 0x1B01, 0x1B02, 0x4, 0x0]),
                );
                (gl.glPolygonMode)(face, mode);
                format!("glPolygonMode(0x{face:X}, 0x{mode:X})")
            }
            11 => {
                let target = *r.pick(&[0x0C52u32, 0x0C53, 0x84EF, 0x8B8B, 0x8192, 0x0]);
                let mode = *r.pick(&[0x1100u32, 0x1101, 0x1102, 0x0]);
                (gl.glHint)(target, mode);
                format!("glHint(0x{target:X}, 0x{mode:X})")
            }
            12 => {
                let pname = *r.pick(&[0x8E72u32, 0x8E73, 0x1234]);
                (gl.glPatchParameteri)(pname, n);
                format!("glPatchParameteri(0x{pname:X}, {n})")
            }
            13 => {
                if r.one_in(2) {
                    (gl.glPointSize)(f)
                } else {
                    (gl.glLineWidth)(f)
                }
                format!("glPointSize/glLineWidth({f})")
            }
            14 => {
                let pname = *r.pick(FIXED_PNAMES);
                let mut v = [0f32; 16];
                (gl.glGetFloati_v)(pname, i, v.as_mut_ptr());
                format!("glGetFloati_v(0x{pname:X}, {i})")
            }
            15 => {
                let pname = *r.pick(FIXED_PNAMES);
                let mut v = [0f64; 16];
                (gl.glGetDoublev)(pname, v.as_mut_ptr());
                format!("glGetDoublev(0x{pname:X})")
            }
            16 => {
                let mut v = 0u32;
                (gl.glGenVertexArrays)(1, &mut v);
                let name = *r.pick(&[v, 0, 7777, 1]);
                (gl.glBindVertexArray)(name);
                format!("glGenVertexArrays + glBindVertexArray({name})")
            }
            17 => {
                let size = *r.pick(&[1i32, 2, 3, 4, 0, 5, 0x80E1]);
                let ty = *r.pick(&[
                    0x1406u32, 0x1401, 0x1402, 0x140A, 0x8D9F, 0x8368, 0x140B, 0x1234,
                ]);
                let stride = *r.pick(&[0i32, 4, 16, -4, 2048, 4096]);
                let ptr = *r.pick(&[0usize, 4, 16]);
                let norm = r.one_in(2) as u8;
                match r.below(3) {
                    0 => {
                        (gl.glVertexAttribPointer)(i, size, ty, norm, stride, ptr as *const c_void)
                    }
                    1 => (gl.glVertexAttribIPointer)(i, size, ty, stride, ptr as *const c_void),
                    _ => (gl.glVertexAttribFormat)(i, size, ty, norm, n as u32),
                }
                format!(
                    "glVertexAttrib*Pointer/Format({i}, {size}, 0x{ty:X}, {norm}, {stride}, {ptr})"
                )
            }
            18 => {
                if r.one_in(2) {
                    (gl.glEnableVertexAttribArray)(i)
                } else {
                    (gl.glVertexAttribDivisor)(i, n as u32)
                }
                format!("glEnableVertexAttribArray/glVertexAttribDivisor({i})")
            }
            19 => {
                let b = *r.pick(&[0u32, 1, 2, 7777]);
                let off = *r.pick(&[0isize, 4, -4]);
                (gl.glBindVertexBuffer)(i, b, off, n);
                format!("glBindVertexBuffer({i}, {b}, {off}, {n})")
            }
            20 => {
                let j = *r.pick(INDICES);
                (gl.glVertexAttribBinding)(i, j);
                format!("glVertexAttribBinding({i}, {j})")
            }
            _ => {
                let pname = *r.pick(&[
                    0x8622u32, 0x8623, 0x8624, 0x8625, 0x886A, 0x88FD, 0x889F, 0x8626, 0x82D4,
                    0x1234,
                ]);
                let mut v = [0i32; 4];
                (gl.glGetVertexAttribiv)(i, pname, v.as_mut_ptr());
                format!("glGetVertexAttribiv({i}, 0x{pname:X})")
            }
        }
    }
}

/// The child: sequences from..to on the driver at --lib, one line each:
/// `INDEX e1@f1,e2@f2,...` (the error after each call, hexadecimal, and the function).
pub fn child(args: &Args) -> Result<u8, String> {
    let lib = args.get("--lib").ok_or("--lib")?;
    let seed = args.num("--seed", 1);
    let from = args.num("--from", 0);
    let to = args.num("--to", from + 1);
    let length = args.num("--length", 40);
    let print = args.flag("--print");
    let mut d = Driver::open(lib)?;
    let mut scratch = vec![0u8; 65536];
    let stdout = std::io::stdout();
    for index in from..to {
        if index > from {
            d.new_context()?;
        }
        d.drain_errors();
        let mut r = Rng::for_input(seed, index);
        let mut slots = Slots::default();
        let mut errors = Vec::new();
        for _ in 0..length {
            let what = step(&d, &mut r, &mut slots, &mut scratch);
            // SAFETY: glGetError has no arguments.
            let e = unsafe { (d.gl.glGetError)() };
            if print {
                println!("  {what} -> 0x{e:X}");
            }
            let func = what.split(['(', ' ']).next().unwrap_or("?");
            errors.push(format!("{e:X}@{func}"));
        }
        let mut out = stdout.lock();
        let _ = writeln!(out, "{index} {}", errors.join(","));
        let _ = out.flush();
    }
    Ok(0)
}

/// The supervisor: every sequence on both drivers; differences and crashes reported.
pub fn run(args: &Args) -> Result<u8, String> {
    let ours = args.get("--lib").ok_or("--lib")?.to_string();
    let theirs = args.get("--against").ok_or("--against")?.to_string();
    let seed = args.num("--seed", 1);
    let sequences = args.num("--sequences", 1000);
    let length = args.num("--length", 40);
    let jobs = args.num("--jobs", 2);
    let out_dir = args.get("--out").map(PathBuf::from);
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let start = Instant::now();
    type Lines = BTreeMap<u64, String>;
    let results: Arc<Mutex<(Lines, Lines)>> = Arc::default();
    let failures: Arc<Mutex<Vec<(String, Failure)>>> = Arc::default();
    for (side, lib) in [(0usize, ours.clone()), (1, theirs.clone())] {
        let (res, fails, exe) = (results.clone(), failures.clone(), exe.clone());
        let f = supervise::run_parallel(0, sequences, jobs, move |a, b| {
            let make = |from: u64, to: u64| {
                let mut cmd = Command::new(&exe);
                cmd.arg("calls-child")
                    .args(["--lib", &lib, "--seed", &seed.to_string()])
                    .args(["--from", &from.to_string(), "--to", &to.to_string()])
                    .args(["--length", &length.to_string()])
                    .env("GLCOMPUTE_TIMEOUT_MS", "2000")
                    .env("GLCOMPUTE_THREADS", "1");
                cmd
            };
            supervise::run_range(a, b, Duration::from_secs(60), &make, &mut |i, l| {
                let errors = l.split_whitespace().nth(1).unwrap_or("").to_string();
                let mut g = res.lock().expect("results");
                if side == 0 { &mut g.0 } else { &mut g.1 }.insert(i, errors);
            })
        });
        let who = if side == 0 {
            ours.clone()
        } else {
            theirs.clone()
        };
        fails
            .lock()
            .expect("failures")
            .extend(f.into_iter().flatten().map(|x| (who.clone(), x)));
    }
    let (a, b) = std::mem::take(&mut *results.lock().expect("results"));
    let failures = std::mem::take(&mut *failures.lock().expect("failures"));
    // Differences, grouped by the function and the two errors of the first call that
    // differs; the first sequence of each group is replayed to show its call.
    let known = load_known(args.get("--known"));
    let mut kinds: BTreeMap<String, (u64, u64, u64)> = BTreeMap::new();
    let mut differ = 0u64;
    for (i, ea) in &a {
        let Some(eb) = b.get(i) else {
            continue;
        };
        if ea == eb {
            continue;
        }
        differ += 1;
        let first = ea
            .split(',')
            .zip(eb.split(','))
            .enumerate()
            .find(|(_, (x, y))| x != y);
        if let Some((step, (x, y))) = first {
            let (ex, f) = x.split_once('@').unwrap_or((x, "?"));
            let ey = y.split_once('@').map_or(y, |p| p.0);
            let key = format!("{f}: glcompute 0x{ex} vs 0x{ey}");
            kinds.entry(key).or_insert((*i, step as u64, 0)).2 += 1;
        }
    }
    let calls = length * a.len() as u64;
    println!(
        "calls: seed {seed}: {} sequences of {length} calls ({calls} calls) on each driver in {:.0} s: {differ} sequences whose errors differ, in {} kinds ({} not explained in --known); {} crashes or hangs",
        a.len().min(b.len()),
        start.elapsed().as_secs_f64(),
        kinds.len(),
        kinds.keys().filter(|k| !known.contains_key(*k)).count(),
        failures.len()
    );
    for (who, f) in &failures {
        println!("  {who}: {f:?}");
    }
    let describe = |lib: &str, i: u64, step: u64| -> String {
        let o = Command::new(&exe)
            .arg("calls-child")
            .args(["--lib", lib, "--seed", &seed.to_string()])
            .args(["--from", &i.to_string(), "--to", &(i + 1).to_string()])
            .args(["--length", &length.to_string(), "--print"])
            .env("GLCOMPUTE_THREADS", "1")
            .output();
        o.ok()
            .and_then(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .nth(step as usize)
                    .map(|l| l.trim().to_string())
            })
            .unwrap_or_default()
    };
    let mut unexplained = 0;
    let mut report = String::new();
    for (k, (i, step, n)) in &kinds {
        let why = match known.get(k) {
            Some(w) => w.clone(),
            None => {
                unexplained += 1;
                "NOT EXPLAINED".to_string()
            }
        };
        let call = describe(&ours, *i, *step);
        let line =
            format!("  {n:6} x {k}: {why}\n         first: sequence {i}, call {step}: {call}");
        println!("{line}");
        report.push_str(&line);
        report.push('\n');
    }
    if let Some(d) = out_dir {
        let _ = std::fs::create_dir_all(&d);
        let _ = std::fs::write(d.join(format!("calls-{seed}.txt")), report);
    }
    Ok(
        if failures.iter().any(|(w, _)| *w == ours) || unexplained > 0 {
            1
        } else {
            0
        },
    )
}

/// The explained kinds: `KEY | REASON` lines (KEY as the report prints it).
fn load_known(path: Option<&str>) -> BTreeMap<String, String> {
    let Some(p) = path else {
        return BTreeMap::new();
    };
    std::fs::read_to_string(p)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(" | "))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}
