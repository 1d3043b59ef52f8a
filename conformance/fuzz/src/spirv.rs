//! The SPIR-V fuzzer: seed modules compiled by `glslangValidator -G` from the GLSL
//! corpus, and the graphics-stage modules of piglit's arb_gl_spirv tests assembled by
//! `spirv-as` (the supervisor makes them once and hands them to its children in a
//! file), each input one seed mutated at the word level, run through glShaderBinary,
//! glSpecializeShader (for the stage of the module's first entry point),
//! glLinkProgram and, one compute input in 8 that links, a one-group dispatch. A SPIR-V module is untrusted binary input: every mutation must end in a
//! GL error, a failed specialization or link with a log, or a run, never in a crash,
//! a hang or an internal error.

use std::ffi::{CString, c_char};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::Args;
use crate::gl::Driver;
use crate::rng::Rng;
use crate::supervise::{self, Failure};

const COMPUTE_SHADER: u32 = 0x91B9;
const COMPILE_STATUS: u32 = 0x8B81;
const LINK_STATUS: u32 = 0x8B82;
const SHADER_BINARY_FORMAT_SPIR_V: u32 = 0x9551;
const SHADER_STORAGE_BUFFER: u32 = 0x90D2;
const UNIFORM_BUFFER: u32 = 0x8A11;
const DYNAMIC_COPY: u32 = 0x88EA;

/// Seed modules: each compiles with glslang and is at least a header long.
fn compile_seeds(corpus: &[String], limit: usize, dir: &Path) -> Result<Vec<Vec<u32>>, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (i, src) in corpus.iter().enumerate() {
        if out.len() >= limit {
            break;
        }
        let (comp, spv) = (
            dir.join(format!("seed{i}.comp")),
            dir.join(format!("seed{i}.spv")),
        );
        std::fs::write(&comp, src).map_err(|e| e.to_string())?;
        let r = Command::new("glslangValidator")
            .args(["-G", "--aml", "--amb", "-o"])
            .arg(&spv)
            .arg(&comp)
            .output()
            .map_err(|e| {
                format!("cannot run glslangValidator (apt-get install glslang-tools): {e}")
            })?;
        if r.status.success()
            && let Ok(bytes) = std::fs::read(&spv)
            && bytes.len() >= 20
            && bytes.len() % 4 == 0
        {
            out.push(
                bytes
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            );
        }
        let _ = std::fs::remove_file(&comp);
        let _ = std::fs::remove_file(&spv);
    }
    Ok(out)
}

/// Seeds written in SPIR-V assembly: every `[... shader spirv]` section of the
/// `.shader_test` files under `dir` (the compute ones too if `compute`), assembled by
/// spirv-as (the tool piglit's shader_runner uses). Sections spirv-as refuses are left
/// out.
fn assembled_seeds(dir: &Path, work: &Path, compute: bool) -> Result<Vec<Vec<u32>>, String> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "shader_test") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let mut section: Option<String> = None;
        let mut sections = Vec::new();
        for line in text.lines() {
            if line.starts_with('[') {
                sections.extend(section.take());
                let wanted =
                    line.ends_with(" shader spirv]") && (compute || !line.starts_with("[compute"));
                section = wanted.then(String::new);
            } else if let Some(s) = section.as_mut()
                && !line.trim_start().starts_with('#')
            {
                s.push_str(line);
                s.push('\n');
            }
        }
        sections.extend(section.take());
        for asm in sections {
            let (src, spv) = (work.join("seed.spvasm"), work.join("seed.spv"));
            std::fs::write(&src, asm).map_err(|e| e.to_string())?;
            let r = Command::new("spirv-as")
                .args(["--target-env", "opengl4.5", "-o"])
                .arg(&spv)
                .arg(&src)
                .output()
                .map_err(|e| format!("cannot run spirv-as (apt-get install spirv-tools): {e}"))?;
            if r.status.success()
                && let Ok(bytes) = std::fs::read(&spv)
                && bytes.len() >= 20
                && bytes.len() % 4 == 0
            {
                out.push(
                    bytes
                        .chunks_exact(4)
                        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                        .collect(),
                );
            }
        }
    }
    Ok(out)
}

/// The GL shader type of a module's first OpEntryPoint's execution model (GL 4.6
/// appendix C), compute for anything else (a module mutated out of shape).
fn stage_of(m: &[u32]) -> u32 {
    let mut i = 5;
    while i < m.len() {
        let (op, n) = (m[i] & 0xffff, (m[i] >> 16) as usize);
        if n == 0 {
            break;
        }
        if op == 15 {
            // OpEntryPoint: execution model, function, name, interface.
            return match m.get(i + 1) {
                Some(0) => 0x8B31,
                Some(1) => 0x8E88,
                Some(2) => 0x8E87,
                Some(3) => 0x8DD9,
                Some(4) => 0x8B30,
                _ => COMPUTE_SHADER,
            };
        }
        i += n;
    }
    COMPUTE_SHADER
}

/// The seeds file: per module, its word count then its words (little-endian).
fn write_seeds(path: &Path, seeds: &[Vec<u32>]) -> Result<(), String> {
    let mut bytes = Vec::new();
    for s in seeds {
        bytes.extend((s.len() as u32).to_le_bytes());
        for w in s {
            bytes.extend(w.to_le_bytes());
        }
    }
    std::fs::write(path, bytes).map_err(|e| e.to_string())
}

fn read_seeds(path: &str) -> Result<Vec<Vec<u32>>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let n = words[i] as usize;
        let Some(m) = words.get(i + 1..i + 1 + n) else {
            return Err(format!("{path}: truncated"));
        };
        out.push(m.to_vec());
        i += 1 + n;
    }
    Ok(out)
}

/// The instruction starts of `m` (as far as the word counts can be followed).
fn starts(m: &[u32]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < m.len() {
        out.push(at);
        let n = (m[at] >> 16) as usize;
        if n == 0 {
            break;
        }
        at += n;
    }
    out
}

/// Words a mutation writes: small numbers, ids near the bound, opcodes with counts,
/// extremes.
fn interesting(r: &mut Rng, m: &[u32]) -> u32 {
    let bound = m.get(3).copied().unwrap_or(64).max(1);
    match r.below(8) {
        0 => r.below(16) as u32,
        1 => r.below(bound as usize + 4) as u32,
        2 => [
            0,
            1,
            u32::MAX,
            i32::MAX as u32,
            0x8000_0000,
            0xffff,
            0x10000,
        ][r.below(7)],
        3 => ((r.below(8) as u32 + 1) << 16) | r.below(400) as u32,
        4 => m.get(r.below(m.len().max(1))).copied().unwrap_or(0),
        5 => 1 << r.below(32),
        _ => r.next() as u32,
    }
}

/// One seed, mutated 1 to 8 times.
pub fn input(seeds: &[Vec<u32>], seed: u64, index: u64) -> Vec<u32> {
    let mut r = Rng::for_input(seed, index);
    let mut m = r.pick(seeds).clone();
    // Mostly one or two mutations: deeper inputs survive to the lowering.
    let n = if r.one_in(2) { 1 } else { 1 + r.below(8) };
    for _ in 0..n {
        if m.is_empty() {
            break;
        }
        let s = starts(&m);
        let at = r.below(m.len());
        // An operand word of a random instruction (never its first word).
        let operand = |r: &mut Rng, m: &[u32]| -> Option<usize> {
            let &i = s.get(r.below(s.len().max(1)))?;
            let n = ((m[i] >> 16) as usize).min(m.len() - i);
            (n > 1).then(|| i + 1 + r.below(n - 1))
        };
        match r.below(16) {
            // Operands changed: ids, literals, counts (the stream's form kept).
            0..=4 => {
                if let Some(i) = operand(&mut r, &m) {
                    m[i] = interesting(&mut r, &m);
                }
            }
            // A bit of an operand flipped.
            5 | 6 => {
                if let Some(i) = operand(&mut r, &m) {
                    m[i] ^= 1 << r.below(32);
                }
            }
            // An opcode changed.
            7 => {
                if let Some(&i) = s.get(r.below(s.len().max(1))) {
                    m[i] = (m[i] & 0xffff_0000) | r.below(400) as u32;
                }
            }
            // An instruction removed, repeated, or moved.
            8..=10 => {
                if s.len() > 1 {
                    let k = r.below(s.len());
                    let (a, b) = (s[k], s.get(k + 1).copied().unwrap_or(m.len()));
                    let inst: Vec<u32> = m[a..b.min(m.len())].to_vec();
                    match r.below(3) {
                        0 => {
                            m.drain(a..b.min(m.len()));
                        }
                        1 => {
                            let to = s[r.below(s.len())];
                            m.splice(to..to, inst);
                        }
                        _ => {
                            m.drain(a..b.min(m.len()));
                            let s2 = starts(&m);
                            let to = s2.get(r.below(s2.len().max(1))).copied().unwrap_or(m.len());
                            m.splice(to.min(m.len())..to.min(m.len()), inst);
                        }
                    }
                }
            }
            // An instruction from another module.
            11 => {
                let other = r.pick(seeds);
                let os = starts(other);
                if !os.is_empty() && !s.is_empty() {
                    let k = r.below(os.len());
                    let (a, b) = (os[k], os.get(k + 1).copied().unwrap_or(other.len()));
                    let to = s[r.below(s.len())];
                    m.splice(to..to, other[a..b.min(other.len())].iter().copied());
                }
            }
            // The form broken: a bit anywhere, a word count, words inserted or
            // removed, the module truncated.
            12 => m[at] ^= 1 << r.below(32),
            13 => {
                if let Some(&i) = s.get(r.below(s.len().max(1))) {
                    let c = (m[i] >> 16).wrapping_add(r.below(5) as u32).wrapping_sub(2) & 0xffff;
                    m[i] = (c << 16) | (m[i] & 0xffff);
                }
            }
            14 => {
                if r.one_in(2) {
                    let w = interesting(&mut r, &m);
                    m.insert(at, w);
                } else {
                    let len = 1 + r.below(4);
                    m.drain(at..(at + len).min(m.len()));
                }
            }
            _ => m.truncate(at.max(1)),
        }
    }
    m
}

/// The child: runs inputs from..to, one line each: `INDEX OUTCOME` (b: ShaderBinary
/// refused it, s: specialization failed, l: link failed, k: linked, d: dispatched,
/// e: dispatch error; `!` marks a log with an internal error).
pub fn child(args: &Args) -> Result<u8, String> {
    let lib = args.get("--lib").ok_or("--lib")?;
    let seed = args.num("--seed", 1);
    let from = args.num("--from", 0);
    let to = args.num("--to", from + 1);
    let print = args.flag("--print");
    let seeds = read_seeds(args.get("--seeds-file").ok_or("--seeds-file")?)?;
    if seeds.is_empty() {
        return Err("no seed modules".into());
    }
    if let Some(path) = args.get("--save") {
        // Replays: the module of input `from`, as a .spv file.
        let bytes: Vec<u8> = input(&seeds, seed, from)
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        std::fs::write(path, bytes).map_err(|e| format!("{path}: {e}"))?;
        return Ok(0);
    }
    let d = Driver::open(lib)?;
    let gl = &d.gl;
    // SAFETY: GL calls with valid arguments on the current context.
    unsafe {
        for (target, count, size) in [
            (SHADER_STORAGE_BUFFER, 8u32, 4096isize),
            (UNIFORM_BUFFER, 4, 1024),
        ] {
            for i in 0..count {
                let mut b = 0u32;
                (gl.glGenBuffers)(1, &mut b);
                (gl.glBindBuffer)(target, b);
                (gl.glBufferData)(target, size, std::ptr::null(), DYNAMIC_COPY);
                (gl.glBindBufferBase)(target, i, b);
            }
        }
    }
    let main = CString::new("main").expect("no NUL");
    let stdout = std::io::stdout();
    for index in from..to {
        let m = input(&seeds, seed, index);
        if print {
            println!("---- input {index}: {} words", m.len());
        }
        let mut internal = false;
        // SAFETY: GL calls with valid arguments; the module's bytes are `m`'s words.
        let outcome = unsafe {
            d.drain_errors();
            let stage = stage_of(&m);
            let s = (gl.glCreateShader)(stage);
            (gl.glShaderBinary)(
                1,
                &s,
                SHADER_BINARY_FORMAT_SPIR_V,
                m.as_ptr() as *const _,
                (m.len() * 4) as i32,
            );
            let outcome = if (gl.glGetError)() != 0 {
                'b'
            } else {
                (gl.glSpecializeShader)(
                    s,
                    main.as_ptr() as *const c_char,
                    0,
                    std::ptr::null(),
                    std::ptr::null(),
                );
                internal |= d.drain_errors_seen();
                let mut ok = 0;
                (gl.glGetShaderiv)(s, COMPILE_STATUS, &mut ok);
                let log = d.log(s, false);
                internal |= log.contains("internal");
                if print {
                    println!("specialization log:\n{log}");
                }
                if ok == 0 {
                    's'
                } else {
                    let prog = (gl.glCreateProgram)();
                    (gl.glAttachShader)(prog, s);
                    (gl.glLinkProgram)(prog);
                    internal |= d.drain_errors_seen();
                    (gl.glGetProgramiv)(prog, LINK_STATUS, &mut ok);
                    let log = d.log(prog, true);
                    internal |= log.contains("internal");
                    if print {
                        println!("link log:\n{log}");
                    }
                    let o = if ok == 0 {
                        'l'
                    } else if index % 8 != 0 || stage != COMPUTE_SHADER {
                        'k'
                    } else {
                        (gl.glUseProgram)(prog);
                        (gl.glDispatchCompute)(1, 1, 1);
                        (gl.glFinish)();
                        let e = (gl.glGetError)();
                        (gl.glUseProgram)(0);
                        if e == 0 { 'd' } else { 'e' }
                    };
                    (gl.glDeleteProgram)(prog);
                    o
                }
            };
            (gl.glDeleteShader)(s);
            outcome
        };
        let mut out = stdout.lock();
        let _ = writeln!(out, "{index} {outcome}{}", if internal { "!" } else { "" });
        let _ = out.flush();
    }
    Ok(0)
}

/// The supervisor: compiles the seeds, runs `--inputs` inputs on `--jobs` children
/// and reports.
/// Seed modules: the GLSL corpus through glslangValidator -G, piglit's `arb_gl_spirv`
/// sections and ours through spirv-as.
fn make_seeds(args: &Args, work: &Path) -> Result<Vec<Vec<u32>>, String> {
    let corpus = crate::glsl::load_corpus(args);
    let mut seeds = compile_seeds(&corpus, args.num("--seeds", 300) as usize, work)?;
    if seeds.is_empty() {
        return Err("no seed modules: glslangValidator compiled none of the corpus".into());
    }
    let spirv_tests = Path::new("/usr/lib/x86_64-linux-gnu/piglit/tests/spec/arb_gl_spirv");
    let graphics = assembled_seeds(spirv_tests, work, false)?;
    if graphics.is_empty() {
        return Err(format!(
            "no graphics seed modules: no SPIR-V sections under {} (apt-get install piglit spirv-tools)",
            spirv_tests.display()
        ));
    }
    eprintln!(
        "{} compute seed modules, {} graphics-stage ones",
        seeds.len(),
        graphics.len()
    );
    seeds.extend(graphics);
    // Our own SPIR-V assembly (decoration groups, ...), compute sections included.
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/shader_tests");
    seeds.extend(assembled_seeds(&ours, work, true)?);
    Ok(seeds)
}

pub fn run(args: &Args) -> Result<u8, String> {
    let lib = args.get("--lib").ok_or("--lib")?.to_string();
    let seed = args.num("--seed", 1);
    let inputs = args.num("--inputs", 1000);
    let jobs = args.num("--jobs", 2);
    let timeout = Duration::from_secs(args.num("--timeout", 30));
    let out_dir = args.get("--out").map(PathBuf::from);
    let work = out_dir
        .clone()
        .unwrap_or_else(std::env::temp_dir)
        .join(format!("spirv-seeds-{}", std::process::id()));
    let seeds = match args.get("--seeds-file") {
        // The seeds.bin of an earlier run: for machines without glslang, spirv-tools
        // and piglit.
        Some(path) => read_seeds(path)?,
        None => make_seeds(args, &work)?,
    };
    if seeds.is_empty() {
        return Err("the seeds file holds no module".into());
    }
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let seeds_file = work.join("seeds.bin");
    write_seeds(&seeds_file, &seeds)?;
    let seeds_arg = seeds_file.to_string_lossy().into_owned();
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let counts = Arc::new(Mutex::new([0u64; 7]));
    let internals = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let (c2, i2) = (counts.clone(), internals.clone());
    let failures: Vec<Failure> = supervise::run_parallel(0, inputs, jobs, move |a, b| {
        let make = |from: u64, to: u64| {
            let mut cmd = Command::new(&exe);
            cmd.arg("spirv-child")
                .args(["--lib", &lib, "--seed", &seed.to_string()])
                .args(["--from", &from.to_string(), "--to", &to.to_string()])
                .args(["--seeds-file", &seeds_arg])
                .env("GLCOMPUTE_TIMEOUT_MS", "250")
                .env("GLCOMPUTE_THREADS", "1");
            cmd
        };
        supervise::run_range(a, b, timeout, &make, &mut |index, l| {
            let mut c = c2.lock().expect("counts");
            c[0] += 1;
            let k = match l.split_whitespace().nth(1).unwrap_or("").chars().next() {
                Some('b') => 1,
                Some('s') => 2,
                Some('l') => 3,
                Some('k') | Some('d') => 4,
                _ => 5,
            };
            c[k] += 1;
            if l.ends_with('!') {
                i2.lock().expect("internals").push(index);
            }
        })
    })
    .into_iter()
    .flatten()
    .collect();
    let c = *counts.lock().expect("counts");
    let internals = internals.lock().expect("internals").clone();
    println!(
        "spirv: seed {seed}: {} inputs in {:.0} s ({} seed modules): {} refused by ShaderBinary, {} failed to specialize, {} failed to link, {} linked (1 in 8 dispatched), {} dispatch errors; {} crashes, {} hangs, {} internal errors",
        c[0],
        start.elapsed().as_secs_f64(),
        seeds.len(),
        c[1],
        c[2],
        c[3],
        c[4],
        c[5],
        failures
            .iter()
            .filter(|f| matches!(f, Failure::Crash { .. }))
            .count(),
        failures
            .iter()
            .filter(|f| matches!(f, Failure::Hang { .. }))
            .count(),
        internals.len()
    );
    let mut bad = failures
        .iter()
        .map(|f| match f {
            Failure::Crash { index, status } => (*index, format!("crash ({status})")),
            Failure::Hang { index } => (*index, "hang".to_string()),
        })
        .collect::<Vec<_>>();
    bad.extend(internals.iter().map(|&i| (i, "internal error".to_string())));
    for (index, what) in &bad {
        println!("  {what}: seed {seed} input {index}");
        if let Some(d) = &out_dir {
            let m = input(&seeds, seed, *index);
            let bytes: Vec<u8> = m.iter().flat_map(|w| w.to_le_bytes()).collect();
            let _ = std::fs::write(
                d.join(format!(
                    "spirv-{}-{seed}-{index}.spv",
                    what.split(' ').next().unwrap_or("x")
                )),
                bytes,
            );
        }
    }
    if out_dir.is_none() {
        let _ = std::fs::remove_dir_all(&work);
    }
    Ok(if bad.is_empty() { 0 } else { 1 })
}
