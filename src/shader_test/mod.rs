//! `glcompute shader-test FILE...`: runs piglit's `.shader_test` format for compute
//! shaders in-process, through glcompute's C entry points, in a fresh GL context per
//! file. Prints piglit's `PIGLIT: {"result": ...}` line per file and a summary.
//!
//! Sections: [require], [compute shader] (one or more; they link into one program),
//! [test]. A test with graphics stages ([vertex shader], [fragment shader], ...) or
//! SPIR-V is skipped: glcompute runs compute shaders only. Commands: `compute X Y Z`,
//! `compute group size X Y Z LX LY LZ`, `compute indirect N OFFSET` (dispatches from
//! ssbo N's buffer at byte OFFSET), `ssbo N SIZE`, `ssbo N subdata TYPE OFFSET VALUES`,
//! `probe ssbo TYPE N OFFSET OP VALUES`, `uniform TYPE NAME VALUES`,
//! `atomic counters N`, `atomic counter buffer B N`, `atomic counter B I VALUE`,
//! `probe atomic counter I OP VALUE`, `probe atomic counter buffer B OFFSET OP VALUE`,
//! `memory barrier BITS`, `link error`, `link success`, `parameter local|env N (X, Y,
//! Z, W)` (a [compute program]'s parameters; asm.rs),
//! `verify program_query PNAME VALUE`; textures and framebuffers: every `texture ...`
//! and `fb ...` command of piglit's shader_runner (textures.rs), `image texture N
//! FORMAT`, `clear color R G B A`, `clear depth D`, `clear`, `probe rgb X Y R G B`,
//! `probe rgba X Y R G B A`, `probe all rgb R G B`, `probe all rgba R G B A`,
//! `texparameter TARGET NAME VALUE`, `tolerance T T T T`. Like piglit's window, a
//! 250x250 RGBA8 framebuffer object is bound when a test starts. Bindless
//! (`resident ...`) commands skip the test: GL_ARB_bindless_texture is not claimed.

use std::collections::BTreeMap;
use std::ffi::{CStr, CString};
use std::process::ExitCode;

use glcompute_driver::api::buffers::*;
use glcompute_driver::api::core::*;
use glcompute_driver::api::dispatch::*;
use glcompute_driver::api::framebuffers::*;
use glcompute_driver::api::shaders::*;
use glcompute_driver::api::textures::*;
use glcompute_driver::api::uniforms::*;
use glcompute_driver::gl::enums::*;

mod asm;
mod graphics;
mod parse;
mod spirv;
mod textures;

use parse::parse;

pub enum Verdict {
    Pass,
    Fail(String),
    Skip(String),
}

/// `--spirv`: every compute shader goes through the SPIR-V path (spirv.rs).
static SPIRV_MODE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub fn main(args: &[String]) -> ExitCode {
    let spirv_mode = args.first().is_some_and(|a| a == "--spirv");
    SPIRV_MODE.store(spirv_mode, std::sync::atomic::Ordering::Relaxed);
    let files = &args[spirv_mode as usize..];
    if files.is_empty() {
        eprintln!("usage: glcompute shader-test [--spirv] FILE.shader_test...");
        return ExitCode::from(2);
    }
    let (mut pass, mut fail, mut skip) = (0, 0, 0);
    for f in files {
        let v = match std::fs::read_to_string(f) {
            Ok(text) => run_file(&text),
            Err(e) => Verdict::Fail(format!("cannot read: {e}")),
        };
        let (word, why) = match &v {
            Verdict::Pass => {
                pass += 1;
                ("pass", String::new())
            }
            Verdict::Fail(w) => {
                fail += 1;
                ("fail", w.clone())
            }
            Verdict::Skip(w) => {
                skip += 1;
                ("skip", w.clone())
            }
        };
        if files.len() > 1 {
            print!("{f}: ");
        }
        if why.is_empty() {
            println!("PIGLIT: {{\"result\": \"{word}\" }}");
        } else {
            println!(
                "PIGLIT: {{\"result\": \"{word}\" }}  ({})",
                why.replace('\n', " | ")
            );
        }
    }
    println!("{pass} passed, {fail} failed, {skip} skipped");
    if fail > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn extensions() -> Vec<String> {
    let mut n = 0;
    // SAFETY: n is a valid int to write.
    unsafe { glGetIntegerv(GL_NUM_EXTENSIONS, &mut n) };
    (0..n.max(0) as u32)
        .filter_map(|i| {
            let p = glGetStringi(GL_EXTENSIONS, i);
            // SAFETY: glGetStringi returns NULL or a static NUL-terminated string.
            (!p.is_null()).then(|| {
                unsafe { CStr::from_ptr(p as *const _) }
                    .to_string_lossy()
                    .into_owned()
            })
        })
        .collect()
}

fn compare(op: &str, a: f64, b: f64) -> Option<bool> {
    Some(match op {
        "==" => a == b,
        "!=" => a != b,
        "<" => a < b,
        "<=" => a <= b,
        ">" => a > b,
        ">=" => a >= b,
        _ => return None,
    })
}

/// `GL >= 4.3`, `GLSL >= 4.30`, `GL_ARB_x`, `!GL_ARB_x`, `GL_MAX_... >= N`.
fn check_require(lines: &[String]) -> Result<u32, Verdict> {
    let exts = extensions();
    let mut glsl = 430;
    for l in lines {
        let w: Vec<&str> = l.split_whitespace().collect();
        match w.as_slice() {
            // OpenGL ES 3.2 and GLSL ES 3.20 (the test runs in an ES context).
            ["GL", "ES", op, v] | ["GLSL", "ES", op, v] => {
                let (maj, min) = v.split_once('.').unwrap_or((v, "0"));
                let (maj, min): (u32, u32) = (maj.parse().unwrap_or(0), min.parse().unwrap_or(0));
                let (want, have) = if w[0] == "GL" {
                    (
                        maj * 10 + min,
                        (glcompute_driver::limits::ES_MAJOR * 10
                            + glcompute_driver::limits::ES_MINOR) as u32,
                    )
                } else {
                    (maj * 100 + min, 320)
                };
                if compare(op, have as f64, want as f64) != Some(true) {
                    return Err(Verdict::Skip(format!("requires {l}")));
                }
                if w[0] == "GLSL" {
                    glsl = want;
                }
            }
            ["GL", "ES", ..] | ["GLSL", "ES", ..] => {
                return Err(Verdict::Fail(format!("bad version requirement `{l}'")));
            }
            ["GL", op, v] | ["GLSL", op, v] => {
                let Some((maj, min)) = v.split_once('.') else {
                    return Err(Verdict::Fail(format!("bad version requirement `{l}'")));
                };
                let (maj, min): (u32, u32) = (maj.parse().unwrap_or(0), min.parse().unwrap_or(0));
                let (want, have) = if w[0] == "GL" {
                    (
                        maj * 10 + min,
                        (glcompute_driver::limits::GL_MAJOR * 10
                            + glcompute_driver::limits::GL_MINOR) as u32,
                    )
                } else {
                    (
                        maj * 100 + min,
                        glcompute_driver::glsl::accepts::GLSL_VERSION as u32,
                    )
                };
                if w[0] == "GLSL" {
                    glsl = want;
                }
                if compare(op, have as f64, want as f64) != Some(true) {
                    return Err(Verdict::Skip(format!("requires {l}")));
                }
            }
            [ext] if ext.starts_with("GL_") => {
                if !exts.iter().any(|e| e == ext) {
                    return Err(Verdict::Skip(format!("requires {ext}")));
                }
            }
            [ext] if ext.starts_with("!GL_") => {
                if exts.iter().any(|e| e == &ext[1..]) {
                    return Err(Verdict::Skip(format!(
                        "requires that {} is not supported",
                        &ext[1..]
                    )));
                }
            }
            [name, op, v] if name.starts_with("GL_MAX_") || name.starts_with("GL_MIN_") => {
                let Some(pname) = enum_by_name(name) else {
                    return Err(Verdict::Fail(format!("unknown limit `{name}'")));
                };
                let mut have = 0;
                // SAFETY: `have` is a valid int to write.
                unsafe { glGetIntegerv(pname, &mut have) };
                let want: f64 = v.parse().unwrap_or(0.0);
                if compare(op, have as f64, want) != Some(true) {
                    return Err(Verdict::Skip(format!("requires {l} (have {have})")));
                }
            }
            ["SPIRV", ..] | ["rlimit", ..] => {}
            _ => return Err(Verdict::Fail(format!("unknown requirement `{l}'"))),
        }
    }
    Ok(glsl)
}

fn enum_by_name(name: &str) -> Option<u32> {
    glcompute_driver::gl::enums::enum_by_name(name)
}

fn run_file(text: &str) -> Verdict {
    let p = parse(text);
    // A test that requires OpenGL ES runs in an OpenGL ES 3.2 context.
    let es = p.require.iter().any(|l| {
        let w: Vec<&str> = l.split_whitespace().collect();
        matches!(w.as_slice(), ["GL", "ES", ..] | ["GLSL", "ES", ..])
    });
    // NV_compute_program5 programs exist in compatibility-profile contexts.
    let asm = !p.programs.is_empty();
    let _ctx = match crate::GlSession::with_profile(es, asm) {
        Ok(c) => c,
        Err(e) => return Verdict::Fail(e),
    };
    let glsl = match check_require(&p.require) {
        Ok(v) => v,
        Err(v) => return v,
    };
    // shader_runner's SPIR-V mode: the test says SPIRV YES or ONLY.
    let spirv_test = p.require.iter().any(|l| {
        let w: Vec<&str> = l.split_whitespace().collect();
        matches!(w.as_slice(), ["SPIRV", "YES" | "ONLY"])
    });
    let graphics = !p.stage_spirv.is_empty() || p.passthrough;
    if graphics && !spirv_test {
        return Verdict::Skip(
            "needs graphics stages in GLSL; glcompute runs compute shaders only".into(),
        );
    }
    if let Some(other) = p.other.as_ref().filter(|_| !graphics) {
        return Verdict::Skip(format!(
            "needs a [{other}] section; glcompute runs compute shaders only"
        ));
    }
    if p.shaders.is_empty() && p.spirv.is_empty() && p.wgsl.is_empty() && !graphics && !asm {
        return Verdict::Fail("no [compute shader] section".into());
    }
    let mut r = Runner {
        es,
        prog: 0,
        link_ok: false,
        ubos: Vec::new(),
        buffers: BTreeMap::new(),
        counters: BTreeMap::new(),
        failures: Vec::new(),
        textures: BTreeMap::new(),
        window_fbo: 0,
        clear_bits: 0,
        read_size: (WINDOW, WINDOW),
        tolerance: [0.01; 4],
        gfx: graphics::Graphics {
            spirv: graphics,
            ..Default::default()
        },
        asm_error: None,
    };
    r.make_window();
    // SPIR-V: with --spirv, or when the test runs only as SPIR-V (piglit's
    // `SPIRV ONLY`), its `[compute shader spirv]` sections assembled, else its GLSL
    // compiled by glslang.
    let spirv_only = p
        .require
        .iter()
        .any(|l| l.split_whitespace().eq(["SPIRV", "ONLY"]));
    let built = if asm {
        r.build_asm(&p.programs)
    } else if graphics {
        r.build_spirv_stages(&p.stage_spirv, p.passthrough, &p.specs)
    } else if SPIRV_MODE.load(std::sync::atomic::Ordering::Relaxed) || spirv_only {
        let module = if let [wgsl] = p.wgsl.as_slice() {
            spirv::compile_wgsl(wgsl)
        } else if let [asm] = p.spirv.as_slice() {
            spirv::assemble(asm)
        } else if let [src] = p.shaders.as_slice() {
            spirv::compile_glsl(src, glsl, es)
        } else {
            Err(Verdict::Skip(format!(
                "{} compute shaders: a SPIR-V program has one module per stage",
                p.shaders.len().max(p.spirv.len())
            )))
        };
        module.and_then(|m| r.build_spirv(&m))
    } else {
        r.build(&p.shaders, glsl)
    };
    if let Err(v) = built {
        return v;
    }
    let link_expectation = p.test.iter().any(|(_, l)| l == "link error");
    if !r.link_ok && !link_expectation {
        return Verdict::Fail(format!("link failed: {}", r.program_log()));
    }
    if r.link_ok && !asm {
        glUseProgram(r.prog);
        r.setup_ubos();
    }
    for (n, line) in &p.test {
        match r.command(line) {
            Ok(()) => {}
            Err(Verdict::Fail(why)) => r.failures.push(format!("line {n}: {why}")),
            Err(other) => return other,
        }
        let e = glGetError();
        if e != GL_NO_ERROR {
            r.failures
                .push(format!("line {n}: `{line}' raised GL error 0x{e:X}"));
        }
    }
    if r.failures.is_empty() && r.gfx.not_run > 0 {
        // Graphics: what needs no rasterisation passed; the draws were not run.
        Verdict::Skip(format!(
            "graphics: compiled, linked and {} commands passed; {} drawing commands and probes of what they draw not run (glcompute does not rasterise)",
            p.test.len() - r.gfx.not_run,
            r.gfx.not_run
        ))
    } else if r.failures.is_empty() {
        Verdict::Pass
    } else {
        Verdict::Fail(r.failures.join("\n"))
    }
}

struct Runner {
    /// The test runs in an OpenGL ES context (its shaders are GLSL ES).
    es: bool,
    prog: u32,
    link_ok: bool,
    /// A buffer per active uniform block, bound at the block's index (as piglit does).
    ubos: Vec<u32>,
    /// SSBOs by binding.
    buffers: BTreeMap<u32, u32>,
    /// Atomic counter buffers by binding.
    counters: BTreeMap<u32, u32>,
    failures: Vec<String>,
    /// Textures by shader_test unit.
    textures: BTreeMap<i32, textures::TexBinding>,
    /// The framebuffer standing in for piglit's window (`fb winsys`).
    window_fbo: u32,
    /// Buffers the next `clear` clears.
    clear_bits: u32,
    /// Size of the framebuffer `probe all` reads.
    read_size: (i32, i32),
    tolerance: [f32; 4],
    /// Graphics and SPIR-V mode state (graphics.rs).
    gfx: graphics::Graphics,
    /// A `[compute program]` that failed to load: GL_PROGRAM_ERROR_STRING_ARB.
    asm_error: Option<String>,
}

/// piglit's window size (shader_runner's DEFAULT_WINDOW_WIDTH/HEIGHT).
const WINDOW: i32 = 250;

fn shader_log(s: u32) -> String {
    let mut buf = vec![0u8; 8192];
    let mut len = 0;
    // SAFETY: buf holds 8192 bytes; len is writable.
    unsafe { glGetShaderInfoLog(s, buf.len() as i32, &mut len, buf.as_mut_ptr() as *mut _) };
    String::from_utf8_lossy(&buf[..len.max(0) as usize]).into_owned()
}

fn nums<T: std::str::FromStr>(words: &[&str]) -> Result<Vec<T>, Verdict> {
    words
        .iter()
        .map(|w| {
            w.parse::<T>()
                .map_err(|_| Verdict::Fail(format!("bad number `{w}'")))
        })
        .collect()
}

/// piglit numbers: decimal, or 0x... bit patterns for floats.
fn float_word(w: &str) -> Result<f32, Verdict> {
    if let Some(h) = w.strip_prefix("0x") {
        return u32::from_str_radix(h, 16)
            .map(f32::from_bits)
            .map_err(|_| Verdict::Fail(format!("bad float `{w}'")));
    }
    w.parse()
        .map_err(|_| Verdict::Fail(format!("bad float `{w}'")))
}

fn double_word(w: &str) -> Result<f64, Verdict> {
    if let Some(h) = w.strip_prefix("0x") {
        return u64::from_str_radix(h, 16)
            .map(f64::from_bits)
            .map_err(|_| Verdict::Fail(format!("bad double `{w}'")));
    }
    w.parse()
        .map_err(|_| Verdict::Fail(format!("bad double `{w}'")))
}

fn int_word(w: &str) -> Result<i64, Verdict> {
    let (neg, body) = match w.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, w),
    };
    // Parsed as 64 bits and wrapped, so that every int64_t and uint64_t value reads.
    let v = match body.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => body.parse(),
    }
    .map_err(|_| Verdict::Fail(format!("bad integer `{w}'")))? as i64;
    Ok(if neg { v.wrapping_neg() } else { v })
}

/// Values of a scalar type as bytes.
fn encode(ty: &str, words: &[&str]) -> Result<Vec<u8>, Verdict> {
    let mut out = Vec::new();
    for w in words {
        match ty {
            "float" => out.extend(float_word(w)?.to_ne_bytes()),
            "double" => out.extend(double_word(w)?.to_ne_bytes()),
            "int" => out.extend((int_word(w)? as i32).to_ne_bytes()),
            "uint" => out.extend((int_word(w)? as u32).to_ne_bytes()),
            "int64" | "int64_t" => out.extend(int_word(w)?.to_ne_bytes()),
            "uint64" | "uint64_t" => out.extend((int_word(w)? as u64).to_ne_bytes()),
            _ => return Err(Verdict::Fail(format!("unknown data type `{ty}'"))),
        }
    }
    Ok(out)
}

fn type_size(ty: &str) -> usize {
    match ty {
        "double" | "int64" | "uint64" | "int64_t" | "uint64_t" => 8,
        _ => 4,
    }
}

impl Runner {
    fn program_log(&self) -> String {
        if let Some(e) = &self.asm_error {
            return e.clone();
        }
        let mut buf = vec![0u8; 8192];
        let mut len = 0;
        // SAFETY: buf holds 8192 bytes; len is writable.
        unsafe {
            glGetProgramInfoLog(
                self.prog,
                buf.len() as i32,
                &mut len,
                buf.as_mut_ptr() as *mut _,
            )
        };
        String::from_utf8_lossy(&buf[..len.max(0) as usize]).into_owned()
    }

    fn build(&mut self, sources: &[String], glsl: u32) -> Result<(), Verdict> {
        self.prog = glCreateProgram();
        for src in sources {
            let s = glCreateShader(GL_COMPUTE_SHADER);
            // piglit adds a #version from the GLSL requirement when the source has none.
            let text = if src.contains("#version ") {
                src.clone()
            } else if self.es {
                format!("#version {glsl} es\n{src}")
            } else {
                format!("#version {glsl}\n{src}")
            };
            let c = CString::new(text).map_err(|_| Verdict::Fail("NUL in shader".into()))?;
            let ptr = c.as_ptr();
            // SAFETY: one NUL-terminated string.
            unsafe { glShaderSource(s, 1, &ptr, std::ptr::null()) };
            glCompileShader(s);
            let mut ok = 0;
            // SAFETY: ok is writable.
            unsafe { glGetShaderiv(s, GL_COMPILE_STATUS, &mut ok) };
            if ok == 0 {
                return Err(Verdict::Fail(format!("compile failed: {}", shader_log(s))));
            }
            glAttachShader(self.prog, s);
            glDeleteShader(s);
        }
        glLinkProgram(self.prog);
        let mut ok = 0;
        // SAFETY: ok is writable.
        unsafe { glGetProgramiv(self.prog, GL_LINK_STATUS, &mut ok) };
        self.link_ok = ok != 0;
        Ok(())
    }

    fn command(&mut self, line: &str) -> Result<(), Verdict> {
        let w: Vec<&str> = line.split_whitespace().collect();
        let fail = |why: String| Err(Verdict::Fail(why));
        if !self.link_ok && !matches!(w.as_slice(), ["link", ..]) {
            return fail(format!("`{line}' after a failed link"));
        }
        if self.graphics_command(&w)? || self.asm_command(&w)? {
            return Ok(());
        }
        match w.as_slice() {
            ["link", "error"] => {
                if self.link_ok {
                    return fail("the program linked, a link error was expected".into());
                }
            }
            ["link", "success"] => {
                if !self.link_ok {
                    return fail(format!("link failed: {}", self.program_log()));
                }
            }
            ["compute", "group", "size", rest @ ..] => {
                let v: Vec<u32> = nums(rest)?;
                if v.len() != 6 {
                    return fail("compute group size needs 6 numbers".into());
                }
                glDispatchComputeGroupSizeARB(v[0], v[1], v[2], v[3], v[4], v[5]);
            }
            ["compute", "indirect", n, offset] => {
                let (n, offset): (u32, i64) = (nums(&[n])?[0], nums(&[offset])?[0]);
                let Some(&buf) = self.buffers.get(&n) else {
                    return fail(format!("no ssbo {n} for compute indirect"));
                };
                glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buf);
                glDispatchComputeIndirect(offset as isize);
            }
            ["compute", x, y, z] => {
                let v: Vec<u32> = nums(&[x, y, z])?;
                glDispatchCompute(v[0], v[1], v[2]);
            }
            ["ssbo", n, "subdata", ty, offset, values @ ..] => {
                let n: u32 = nums(&[n])?[0];
                let off: isize = nums(&[offset])?[0];
                let data = encode(ty, values)?;
                let Some(&buf) = self.buffers.get(&n) else {
                    return fail(format!("no ssbo {n}"));
                };
                glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
                // SAFETY: data holds data.len() bytes.
                unsafe {
                    glBufferSubData(
                        GL_SHADER_STORAGE_BUFFER,
                        off,
                        data.len() as isize,
                        data.as_ptr() as *const _,
                    )
                };
            }
            ["ssbo", n, size] => {
                let (n, size): (u32, usize) = (nums(&[n])?[0], nums(&[size])?[0]);
                let buf = self.new_buffer(GL_SHADER_STORAGE_BUFFER, n, size);
                self.buffers.insert(n, buf);
            }
            ["probe", "ssbo", ty, n, offset, op, values @ ..] => {
                let n: u32 = nums(&[n])?[0];
                let off: usize = nums(&[offset])?[0];
                let Some(&buf) = self.buffers.get(&n) else {
                    return fail(format!("no ssbo {n}"));
                };
                let size = type_size(ty);
                let got = self.read(buf, off, size * values.len());
                for (i, v) in values.iter().enumerate() {
                    let bytes = &got[i * size..(i + 1) * size];
                    let (observed, expected) = match *ty {
                        "float" => (
                            f32::from_ne_bytes(bytes.try_into().expect("4")) as f64,
                            float_word(v)? as f64,
                        ),
                        "double" => (
                            f64::from_ne_bytes(bytes.try_into().expect("8")),
                            double_word(v)?,
                        ),
                        "int" => (
                            i32::from_ne_bytes(bytes.try_into().expect("4")) as f64,
                            int_word(v)? as i32 as f64,
                        ),
                        "uint" => (
                            u32::from_ne_bytes(bytes.try_into().expect("4")) as f64,
                            int_word(v)? as u32 as f64,
                        ),
                        _ => return fail(format!("unsupported probe type `{ty}'")),
                    };
                    let ok = match *op {
                        "~=" => (observed - expected).abs() <= 1e-5 * expected.abs().max(1.0),
                        _ => compare(op, observed, expected)
                            .ok_or_else(|| Verdict::Fail(format!("bad operator {op}")))?,
                    };
                    if !ok {
                        return fail(format!(
                            "probe ssbo {ty} {n} at {}: expected {op} {expected}, observed {observed}",
                            off + i * size
                        ));
                    }
                }
            }
            ["atomic", "counters", n] => {
                let n: usize = nums(&[n])?[0];
                let buf = self.new_buffer(GL_ATOMIC_COUNTER_BUFFER, 0, n * 4);
                self.counters.insert(0, buf);
            }
            ["atomic", "counter", "buffer", b, n] => {
                let (b, n): (u32, usize) = (nums(&[b])?[0], nums(&[n])?[0]);
                let buf = self.new_buffer(GL_ATOMIC_COUNTER_BUFFER, b, n * 4);
                self.counters.insert(b, buf);
            }
            ["atomic", "counter", b, i, value] => {
                let (b, i): (u32, isize) = (nums(&[b])?[0], nums(&[i])?[0]);
                let v = int_word(value)? as u32;
                let Some(&buf) = self.counters.get(&b) else {
                    return fail(format!("no atomic counter buffer {b}"));
                };
                glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, buf);
                // SAFETY: 4 bytes from v.
                unsafe {
                    glBufferSubData(
                        GL_ATOMIC_COUNTER_BUFFER,
                        i * 4,
                        4,
                        &v as *const u32 as *const _,
                    )
                };
            }
            ["probe", "atomic", "counter", "buffer", b, offset, op, value] => {
                let (b, off): (u32, usize) = (nums(&[b])?[0], nums(&[offset])?[0]);
                self.probe_counter(b, off, op, value)?;
            }
            ["probe", "atomic", "counter", i, op, value] => {
                let i: usize = nums(&[i])?[0];
                self.probe_counter(0, i * 4, op, value)?;
            }
            ["memory", "barrier", bits @ ..] => {
                let mut mask = 0;
                for b in bits.iter().flat_map(|b| b.split('|')) {
                    mask |= match b {
                        "GL_ALL_BARRIER_BITS" => GL_ALL_BARRIER_BITS,
                        name => enum_by_name(name)
                            .ok_or_else(|| Verdict::Fail(format!("unknown barrier bit {name}")))?,
                    };
                }
                glMemoryBarrier(mask);
            }
            ["verify", "program_query", pname, value] => {
                let e = enum_by_name(pname)
                    .ok_or_else(|| Verdict::Fail(format!("unknown pname {pname}")))?;
                let want = int_word(value)?;
                let mut got = 0;
                // SAFETY: got is writable.
                unsafe { glGetProgramiv(self.prog, e, &mut got) };
                if got as i64 != want {
                    return fail(format!("{pname} is {got}, expected {want}"));
                }
            }
            ["uniform", ty, name, values @ ..] => self.uniform(ty, name, values)?,
            ["clear", "color", r, g, b, a] => {
                let c = nums::<f32>(&[r, g, b, a])?;
                glClearColor(c[0], c[1], c[2], c[3]);
                self.clear_bits |= GL_COLOR_BUFFER_BIT;
            }
            ["clear", "depth", d] => {
                // glClearDepthf: GL 4.1 and OpenGL ES have it.
                glClearDepthf(nums::<f32>(&[d])?[0]);
                self.clear_bits |= GL_DEPTH_BUFFER_BIT;
            }
            ["clear"] => glClear(self.clear_bits),
            ["texture", ..] => self.texture_command(line, &w)?,
            ["fb", ..] => self.fb_command(line, &w)?,
            ["resident", ..] => {
                return Err(Verdict::Skip(format!(
                    "`{line}': bindless textures (GL_ARB_bindless_texture) are not claimed"
                )));
            }
            ["image", "texture", n, format] => {
                let unit = nums::<i32>(&[n])?[0];
                let f = enum_by_name(format)
                    .ok_or_else(|| Verdict::Fail(format!("unknown format {format}")))?;
                let tex = self.texture(unit)?.obj;
                glBindImageTexture(unit as u32, tex, 0, 0, 0, GL_READ_WRITE, f);
            }
            ["probe", "rgb", rest @ ..] if rest.len() >= 5 => {
                let v = nums::<f32>(&rest[..5])?;
                self.probe(v[0] as i32, v[1] as i32, 1, 1, &v[2..5])?;
            }
            ["probe", "rgba", rest @ ..] if rest.len() >= 6 => {
                let v = nums::<f32>(&rest[..6])?;
                self.probe(v[0] as i32, v[1] as i32, 1, 1, &v[2..6])?;
            }
            ["probe", "all", "rgb", rest @ ..] if rest.len() >= 3 => {
                let v = nums::<f32>(&rest[..3])?;
                let (w, h) = self.read_size;
                self.probe(0, 0, w, h, &v)?;
            }
            ["probe", "all", "rgba", rest @ ..] if rest.len() >= 4 => {
                let v = nums::<f32>(&rest[..4])?;
                let (w, h) = self.read_size;
                self.probe(0, 0, w, h, &v)?;
            }
            ["tolerance", rest @ ..] if rest.len() >= 4 => {
                let v = nums::<f32>(&rest[..4])?;
                self.tolerance = [v[0], v[1], v[2], v[3]];
            }
            ["texparameter", target, param, values @ ..] => {
                self.texparameter(target, param, values)?
            }
            _ => return fail(format!("unknown command `{line}'")),
        }
        Ok(())
    }

    /// Binds a 250x250 RGBA8 framebuffer object, the stand-in for piglit's window.
    fn make_window(&mut self) {
        let (mut tex, mut fbo) = (0, 0);
        // SAFETY: one name is written to each.
        unsafe {
            glGenTextures(1, &mut tex);
            glGenFramebuffers(1, &mut fbo);
        }
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, WINDOW, WINDOW);
        glBindTexture(GL_TEXTURE_2D, 0);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        self.window_fbo = fbo;
    }

    /// `texparameter TARGET NAME VALUE...` on the active unit's texture.
    fn texparameter(&mut self, target: &str, param: &str, values: &[&str]) -> Result<(), Verdict> {
        let t = textures::tex_target(target)?;
        let pname = match param {
            "compare_func" => GL_TEXTURE_COMPARE_FUNC,
            "min" => GL_TEXTURE_MIN_FILTER,
            "mag" => GL_TEXTURE_MAG_FILTER,
            "wrap_s" => GL_TEXTURE_WRAP_S,
            "wrap_t" => GL_TEXTURE_WRAP_T,
            "wrap_r" => GL_TEXTURE_WRAP_R,
            "lod_bias" => GL_TEXTURE_LOD_BIAS,
            "max_level" => GL_TEXTURE_MAX_LEVEL,
            "base_level" => GL_TEXTURE_BASE_LEVEL,
            "border_color" => GL_TEXTURE_BORDER_COLOR,
            "swizzle_r" => GL_TEXTURE_SWIZZLE_R,
            "depth_mode" => {
                return Err(Verdict::Skip(
                    "texparameter depth_mode (DEPTH_TEXTURE_MODE) belongs to the compatibility profile".into(),
                ));
            }
            other => return Err(Verdict::Fail(format!("unknown texture parameter {other}"))),
        };
        match pname {
            GL_TEXTURE_BORDER_COLOR => {
                let v = nums::<f32>(values)?;
                // SAFETY: v holds the four values.
                unsafe { glTexParameterfv(t, pname, v.as_ptr()) };
            }
            GL_TEXTURE_LOD_BIAS => glTexParameterf(t, pname, nums::<f32>(values)?[0]),
            GL_TEXTURE_MAX_LEVEL | GL_TEXTURE_BASE_LEVEL => {
                glTexParameteri(t, pname, nums::<i32>(values)?[0])
            }
            _ => {
                let word = values.first().copied().unwrap_or("");
                let e = match word {
                    "greater" => GL_GREATER,
                    "gequal" => GL_GEQUAL,
                    "less" => GL_LESS,
                    "lequal" => GL_LEQUAL,
                    "equal" => GL_EQUAL,
                    "notequal" => GL_NOTEQUAL,
                    "never" => GL_NEVER,
                    "always" => GL_ALWAYS,
                    "nearest_mipmap_nearest" => GL_NEAREST_MIPMAP_NEAREST,
                    "linear_mipmap_nearest" => GL_LINEAR_MIPMAP_NEAREST,
                    "nearest_mipmap_linear" => GL_NEAREST_MIPMAP_LINEAR,
                    "linear_mipmap_linear" => GL_LINEAR_MIPMAP_LINEAR,
                    "nearest" => GL_NEAREST,
                    "linear" => GL_LINEAR,
                    "repeat" => GL_REPEAT,
                    "clamp_to_edge" => GL_CLAMP_TO_EDGE,
                    "clamp_to_border" => GL_CLAMP_TO_BORDER,
                    "red" => GL_RED,
                    "green" => GL_GREEN,
                    "blue" => GL_BLUE,
                    "alpha" => GL_ALPHA,
                    other => return Err(Verdict::Fail(format!("unknown value {other}"))),
                };
                glTexParameteri(t, pname, e as i32);
            }
        }
        Ok(())
    }

    /// piglit_probe_rect_rgb(a): reads the rectangle as floats and compares every
    /// pixel with `expected` within the tolerance.
    fn probe(&mut self, x: i32, y: i32, w: i32, h: i32, expected: &[f32]) -> Result<(), Verdict> {
        let n = expected.len();
        let format = if n == 3 { GL_RGB } else { GL_RGBA };
        let mut px = vec![0f32; (w * h) as usize * n];
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        // SAFETY: px holds w*h pixels of n floats.
        unsafe { glReadPixels(x, y, w, h, format, GL_FLOAT, px.as_mut_ptr() as *mut _) };
        for (i, p) in px.chunks_exact(n).enumerate() {
            if p.iter()
                .zip(expected)
                .zip(self.tolerance)
                .any(|((a, b), t)| (a - b).abs() > t || a.is_nan())
            {
                let (px_x, px_y) = (x + i as i32 % w.max(1), y + i as i32 / w.max(1));
                return Err(Verdict::Fail(format!(
                    "probe at ({px_x}, {px_y}): expected {expected:?}, observed {p:?}"
                )));
            }
        }
        Ok(())
    }

    fn new_buffer(&mut self, target: u32, binding: u32, size: usize) -> u32 {
        let mut buf = 0;
        // SAFETY: one name is written to buf.
        unsafe { glGenBuffers(1, &mut buf) };
        glBindBuffer(target, buf);
        let zeros = vec![0u8; size];
        // SAFETY: zeros holds size bytes.
        unsafe {
            glBufferData(
                target,
                size as isize,
                zeros.as_ptr() as *const _,
                GL_STREAM_DRAW,
            )
        };
        glBindBufferBase(target, binding, buf);
        buf
    }

    /// Reads a buffer's bytes by mapping it (OpenGL ES has no GetBufferSubData), through
    /// the COPY_READ_BUFFER binding, which is put back.
    fn read(&self, buf: u32, off: usize, len: usize) -> Vec<u8> {
        let mut out = vec![0u8; len];
        if len == 0 {
            return out;
        }
        let mut old = 0;
        // SAFETY: old is a valid int to write.
        unsafe { glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &mut old) };
        glBindBuffer(GL_COPY_READ_BUFFER, buf);
        let p = glMapBufferRange(
            GL_COPY_READ_BUFFER,
            off as isize,
            len as isize,
            GL_MAP_READ_BIT,
        );
        if !p.is_null() {
            // SAFETY: the mapping holds len bytes from p, and out holds len bytes.
            unsafe { std::ptr::copy_nonoverlapping(p as *const u8, out.as_mut_ptr(), len) };
            glUnmapBuffer(GL_COPY_READ_BUFFER);
        }
        glBindBuffer(GL_COPY_READ_BUFFER, old as u32);
        out
    }

    fn probe_counter(&self, b: u32, off: usize, op: &str, value: &str) -> Result<(), Verdict> {
        let Some(&buf) = self.counters.get(&b) else {
            return Err(Verdict::Fail(format!("no atomic counter buffer {b}")));
        };
        let got = u32::from_ne_bytes(self.read(buf, off, 4).try_into().expect("4 bytes"));
        let want = int_word(value)? as u32;
        match compare(op, got as f64, want as f64) {
            Some(true) => Ok(()),
            Some(false) => Err(Verdict::Fail(format!(
                "atomic counter {b}@{off}: expected {op} {want}, observed {got}"
            ))),
            None => Err(Verdict::Fail(format!("bad operator {op}"))),
        }
    }

    /// Creates a zeroed buffer for each uniform block and binds block i at binding i.
    fn setup_ubos(&mut self) {
        if self.gfx.spirv {
            return self.setup_spirv_ubos();
        }
        let mut n = 0;
        // SAFETY: n is writable.
        unsafe { glGetProgramiv(self.prog, GL_ACTIVE_UNIFORM_BLOCKS, &mut n) };
        for i in 0..n.max(0) as u32 {
            let mut size = 0;
            // SAFETY: size is writable.
            unsafe {
                glGetActiveUniformBlockiv(self.prog, i, GL_UNIFORM_BLOCK_DATA_SIZE, &mut size)
            };
            glUniformBlockBinding(self.prog, i, i);
            let b = self.new_buffer(GL_UNIFORM_BUFFER, i, size.max(16) as usize);
            self.ubos.push(b);
        }
    }

    /// `uniform` for a member of a uniform block: written into the block's buffer at
    /// the member's offset with its strides (GL 4.6 §7.6.2.2).
    fn block_uniform(&mut self, ty: &str, name: &str, values: &[&str]) -> Result<(), Verdict> {
        let (base, index) = match name.strip_suffix(']').and_then(|n| n.rsplit_once('[')) {
            Some((b, i)) if !b.is_empty() && i.parse::<u32>().is_ok() => {
                (b.to_string(), i.parse::<u32>().unwrap_or(0))
            }
            _ => (name.to_string(), 0),
        };
        let cname = CString::new(base.clone()).map_err(|_| Verdict::Fail("NUL in name".into()))?;
        let ptr = cname.as_ptr();
        let mut idx = GL_INVALID_INDEX;
        // SAFETY: one name in, one index out.
        unsafe { glGetUniformIndices(self.prog, 1, &ptr, &mut idx) };
        if idx == GL_INVALID_INDEX {
            return Err(Verdict::Fail(format!(
                "cannot get location of uniform `{name}'"
            )));
        }
        let q = |pname| {
            let mut v = 0;
            // SAFETY: one index in, one value out.
            unsafe { glGetActiveUniformsiv(self.prog, 1, &idx, pname, &mut v) };
            v
        };
        let (block, offset, astride, mstride, row_major) = (
            q(GL_UNIFORM_BLOCK_INDEX),
            q(GL_UNIFORM_OFFSET),
            q(GL_UNIFORM_ARRAY_STRIDE),
            q(GL_UNIFORM_MATRIX_STRIDE),
            q(GL_UNIFORM_IS_ROW_MAJOR) != 0,
        );
        let Some(&buf) = usize::try_from(block).ok().and_then(|b| self.ubos.get(b)) else {
            return Err(Verdict::Fail(format!("uniform `{name}' is in no block")));
        };
        let (scalar, cols, rows) =
            parse_type(ty).ok_or_else(|| Verdict::Fail(format!("unknown uniform type `{ty}'")))?;
        let kind = if scalar == "bool" { "uint" } else { scalar };
        let size = type_size(kind);
        let at = offset as usize + index as usize * astride.max(0) as usize;
        for c in 0..cols {
            for r in 0..rows {
                let Some(w) = values.get(c * rows + r) else {
                    return Err(Verdict::Fail(format!(
                        "uniform {ty} needs {} values",
                        cols * rows
                    )));
                };
                let bytes = encode(kind, &[w])?;
                let o = if cols == 1 {
                    at + r * size
                } else if row_major {
                    at + r * mstride as usize + c * size
                } else {
                    at + c * mstride as usize + r * size
                };
                glBindBuffer(GL_UNIFORM_BUFFER, buf);
                // SAFETY: bytes holds bytes.len() bytes.
                unsafe {
                    glBufferSubData(
                        GL_UNIFORM_BUFFER,
                        o as isize,
                        bytes.len() as isize,
                        bytes.as_ptr() as *const _,
                    )
                };
            }
        }
        Ok(())
    }

    fn uniform(&mut self, ty: &str, name: &str, values: &[&str]) -> Result<(), Verdict> {
        let cname = CString::new(name).map_err(|_| Verdict::Fail("NUL in name".into()))?;
        // A number names the location itself, as piglit's SPIR-V tests do (SPIR-V
        // uniforms need not have names).
        let loc = match name.parse::<i32>() {
            Ok(l) => l,
            // SAFETY: a NUL-terminated name.
            Err(_) => unsafe { glGetUniformLocation(self.prog, cname.as_ptr()) },
        };
        if loc < 0 {
            return self.block_uniform(ty, name, values);
        }
        let (base, cols, rows) =
            parse_type(ty).ok_or_else(|| Verdict::Fail(format!("unknown uniform type `{ty}'")))?;
        let n = cols * rows;
        if values.len() < n {
            return Err(Verdict::Fail(format!("uniform {ty} needs {n} values")));
        }
        // SAFETY (all arms): each vector passes exactly the components the entry point
        // reads for count 1.
        unsafe {
            match (base, cols) {
                ("float", 1) => {
                    let v: Vec<f32> = values[..n]
                        .iter()
                        .map(|w| float_word(w))
                        .collect::<Result<_, _>>()?;
                    match rows {
                        1 => glUniform1fv(loc, 1, v.as_ptr()),
                        2 => glUniform2fv(loc, 1, v.as_ptr()),
                        3 => glUniform3fv(loc, 1, v.as_ptr()),
                        _ => glUniform4fv(loc, 1, v.as_ptr()),
                    }
                }
                ("double", 1) => {
                    let v: Vec<f64> = values[..n]
                        .iter()
                        .map(|w| double_word(w))
                        .collect::<Result<_, _>>()?;
                    match rows {
                        1 => glUniform1dv(loc, 1, v.as_ptr()),
                        2 => glUniform2dv(loc, 1, v.as_ptr()),
                        3 => glUniform3dv(loc, 1, v.as_ptr()),
                        _ => glUniform4dv(loc, 1, v.as_ptr()),
                    }
                }
                ("int" | "bool", 1) => {
                    let v: Vec<i32> = values[..n]
                        .iter()
                        .map(|w| int_word(w).map(|x| x as i32))
                        .collect::<Result<_, _>>()?;
                    match rows {
                        1 => glUniform1iv(loc, 1, v.as_ptr()),
                        2 => glUniform2iv(loc, 1, v.as_ptr()),
                        3 => glUniform3iv(loc, 1, v.as_ptr()),
                        _ => glUniform4iv(loc, 1, v.as_ptr()),
                    }
                }
                ("uint", 1) => {
                    let v: Vec<u32> = values[..n]
                        .iter()
                        .map(|w| int_word(w).map(|x| x as u32))
                        .collect::<Result<_, _>>()?;
                    match rows {
                        1 => glUniform1uiv(loc, 1, v.as_ptr()),
                        2 => glUniform2uiv(loc, 1, v.as_ptr()),
                        3 => glUniform3uiv(loc, 1, v.as_ptr()),
                        _ => glUniform4uiv(loc, 1, v.as_ptr()),
                    }
                }
                ("int64_t", 1) => {
                    let v: Vec<i64> = values[..n]
                        .iter()
                        .map(|w| int_word(w))
                        .collect::<Result<_, _>>()?;
                    match rows {
                        1 => glUniform1i64vARB(loc, 1, v.as_ptr()),
                        2 => glUniform2i64vARB(loc, 1, v.as_ptr()),
                        3 => glUniform3i64vARB(loc, 1, v.as_ptr()),
                        _ => glUniform4i64vARB(loc, 1, v.as_ptr()),
                    }
                }
                ("uint64_t", 1) => {
                    let v: Vec<u64> = values[..n]
                        .iter()
                        .map(|w| int_word(w).map(|x| x as u64))
                        .collect::<Result<_, _>>()?;
                    match rows {
                        1 => glUniform1ui64vARB(loc, 1, v.as_ptr()),
                        2 => glUniform2ui64vARB(loc, 1, v.as_ptr()),
                        3 => glUniform3ui64vARB(loc, 1, v.as_ptr()),
                        _ => glUniform4ui64vARB(loc, 1, v.as_ptr()),
                    }
                }
                ("float", c) => {
                    let v: Vec<f32> = values[..n]
                        .iter()
                        .map(|w| float_word(w))
                        .collect::<Result<_, _>>()?;
                    let f = match (c, rows) {
                        (2, 2) => glUniformMatrix2fv,
                        (3, 3) => glUniformMatrix3fv,
                        (4, 4) => glUniformMatrix4fv,
                        (2, 3) => glUniformMatrix2x3fv,
                        (3, 2) => glUniformMatrix3x2fv,
                        (2, 4) => glUniformMatrix2x4fv,
                        (4, 2) => glUniformMatrix4x2fv,
                        (3, 4) => glUniformMatrix3x4fv,
                        _ => glUniformMatrix4x3fv,
                    };
                    f(loc, 1, 0, v.as_ptr())
                }
                ("double", c) => {
                    let v: Vec<f64> = values[..n]
                        .iter()
                        .map(|w| double_word(w))
                        .collect::<Result<_, _>>()?;
                    let f = match (c, rows) {
                        (2, 2) => glUniformMatrix2dv,
                        (3, 3) => glUniformMatrix3dv,
                        (4, 4) => glUniformMatrix4dv,
                        (2, 3) => glUniformMatrix2x3dv,
                        (3, 2) => glUniformMatrix3x2dv,
                        (2, 4) => glUniformMatrix2x4dv,
                        (4, 2) => glUniformMatrix4x2dv,
                        (3, 4) => glUniformMatrix3x4dv,
                        _ => glUniformMatrix4x3dv,
                    };
                    f(loc, 1, 0, v.as_ptr())
                }
                _ => return Err(Verdict::Fail(format!("unsupported uniform type `{ty}'"))),
            }
        }
        Ok(())
    }
}

/// (scalar, columns, rows) of a GLSL type name; vectors have 1 column.
fn parse_type(ty: &str) -> Option<(&'static str, usize, usize)> {
    let scalar = |p: &str| match p {
        "" => Some("float"),
        "d" => Some("double"),
        "i" => Some("int"),
        "u" => Some("uint"),
        "b" => Some("bool"),
        "i64" => Some("int64_t"),
        "u64" => Some("uint64_t"),
        _ => None,
    };
    match ty {
        "float" => return Some(("float", 1, 1)),
        "double" => return Some(("double", 1, 1)),
        "int" => return Some(("int", 1, 1)),
        "uint" => return Some(("uint", 1, 1)),
        "bool" => return Some(("bool", 1, 1)),
        "int64_t" => return Some(("int64_t", 1, 1)),
        "uint64_t" => return Some(("uint64_t", 1, 1)),
        _ => {}
    }
    if let Some(i) = ty.find("vec") {
        let n: usize = ty[i + 3..].parse().ok()?;
        return Some((scalar(&ty[..i])?, 1, n));
    }
    if let Some(i) = ty.find("mat") {
        let dims = &ty[i + 3..];
        let (c, r) = match dims.split_once('x') {
            Some((c, r)) => (c.parse().ok()?, r.parse().ok()?),
            None => {
                let n = dims.parse().ok()?;
                (n, n)
            }
        };
        return Some((scalar(&ty[..i])?, c, r));
    }
    None
}
