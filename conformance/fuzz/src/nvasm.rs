//! The assembly program fuzzer (NV_compute_program5): the `!!NVcp5.0` programs of the
//! assembly conformance tests (string literals of conformance/c/asm/*.c) mutated at
//! the token level (tokens deleted, repeated, swapped, numbers and names replaced,
//! instructions inserted, pieces of other programs spliced in, truncation), each
//! loaded with glProgramStringARB into a compatibility context and, when it loads,
//! dispatched as one work group with storage buffers bound. A program string is
//! untrusted input: every input must end in a load error or a run, never a crash, a
//! hang or an internal error.

use std::ffi::c_void;
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::Args;
use crate::gl::Driver;
use crate::glsl::tokens;
use crate::rng::Rng;
use crate::supervise::{self, Failure};

const COMPUTE_PROGRAM_NV: u32 = 0x90FB;
const PROGRAM_FORMAT_ASCII_ARB: u32 = 0x8875;
const SHADER_STORAGE_BUFFER: u32 = 0x90D2;
const DYNAMIC_COPY: u32 = 0x88EA;

/// Pieces inserted by mutations: instructions and declarations of every kind, and
/// the tokens that break them.
const SNIPPETS: &[&str] = &[
    "MOV.U R0, invocation.globalid;",
    "ADD.F.SAT.CC R0.xy, -R0, |R0.wzyx|;",
    "MUL.U.HI R0, R0, 4294967295;",
    "DIV.S R0, R0, R0.x;",
    "MOD.U R0, R0, R0.y;",
    "SHL.S R0, R0, R0.z;",
    "BFE.U R0, R0, R0;",
    "BFI.S R0, {33, 40}, R0, R0;",
    "RCC R0, R0.x;",
    "POW R0, R0.x, R0.y;",
    "LIT R0, R0;",
    "SWZ R0, R0, -x, 1, 0, w;",
    "REP R0.x; ADD.U R0.y, R0.y, 1; BRK (GT.y); ENDREP;",
    "REP 100000; ENDREP;",
    "REP; BRK; ENDREP;",
    "IF NE.x; ELSE; ENDIF;",
    "CAL sub (NE1.wzyx);",
    "sub: CAL sub; RET;",
    "RET;",
    "BAR;",
    "MEMBAR.CTA;",
    "TEMP R0, R1[8];",
    "MOV R1[R0.x + 7], R0;",
    "PARAM P[] = { program.local[0..1023] };",
    "MOV R0, P[R0.x + 3];",
    "INT TEMP I0;",
    "STORAGE S[] = { program.storage[0] };",
    "STORAGE S2[][] = { program.storage[0..7] };",
    "LDB.U32X4 R0, S[R0.x + 4294967295];",
    "STB.S8 R0, S[R0.y];",
    "ATOMB.CSWAP.U32 R0, R0, S[R0.z];",
    "ATOMB.ADD.F32 R0, R0, S[0];",
    "LDB.U16 R0, S2[R0.x][R0.y];",
    "SHARED_MEMORY 65536;",
    "SHARED_MEMORY 4;",
    "SHARED H[] = { program.sharedmem };",
    "LDS.S16 R0, H[R0.x];",
    "STS.U32X4 R0, H[R0.w];",
    "ATOMS.DWRAP.U32 R0, R0, H[0];",
    "GROUP_SIZE 1024 1 1;",
    "GROUP_SIZE 0;",
    "OPTION NV_shader_atomic_float;",
    "OPTION ARB_compute_variable_group_size;",
    "ALIAS A = R0;",
    "ATTRIB G = invocation.localindex;",
    "END",
    ";",
    ".",
    "[",
    "]",
    "{",
    "}",
    "|",
    "(",
    "#",
    "..",
];

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "7",
    "8",
    "15",
    "16",
    "31",
    "32",
    "33",
    "63",
    "64",
    "255",
    "256",
    "1023",
    "1024",
    "1025",
    "32768",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "0x7fffffff",
    "0xffffffff",
    "0xffffffffffffffff",
    "1.5",
    "1e38",
    "3.4e38",
    "1e-45",
    ".5",
    "99999999999999999999",
];

const WORDS: &[&str] = &[
    "x",
    "y",
    "z",
    "w",
    "xyzw",
    "wzyx",
    "xxxx",
    "F",
    "S",
    "U",
    "CC",
    "CC1",
    "SAT",
    "SSAT",
    "U8",
    "S16",
    "U32X2",
    "F32X4",
    "ADD",
    "MIN",
    "IWRAP",
    "CSWAP",
    "EXCH",
    "EQ",
    "NE1",
    "TR",
    "FL",
    "NAN",
    "CF",
    "invocation",
    "program",
    "local",
    "env",
    "storage",
    "sharedmem",
];

/// The `!!NVcp5.0` string literals of the C files in `dirs` (adjacent literals
/// joined, escapes decoded).
pub fn corpus(dirs: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut files = Vec::new();
    for d in dirs {
        if let Ok(rd) = std::fs::read_dir(d) {
            files.extend(
                rd.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "c" || e == "nvcp")),
            );
        }
    }
    files.sort();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        if f.extension().is_some_and(|e| e == "nvcp") {
            out.push(text);
            continue;
        }
        // Adjacent literals separated by whitespace only form one string.
        let b = text.as_bytes();
        let mut i = 0;
        let mut cur: Option<String> = None;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    let mut s = String::new();
                    i += 1;
                    while i < b.len() && b[i] != b'"' {
                        if b[i] == b'\\' && i + 1 < b.len() {
                            i += 1;
                            s.push(match b[i] {
                                b'n' => '\n',
                                b't' => '\t',
                                c => c as char,
                            });
                        } else {
                            s.push(b[i] as char);
                        }
                        i += 1;
                    }
                    i += 1;
                    cur.get_or_insert_with(String::new).push_str(&s);
                }
                c if c.is_ascii_whitespace() => i += 1,
                _ => {
                    if let Some(s) = cur.take()
                        && s.starts_with("!!NVcp5.0")
                    {
                        out.push(s);
                    }
                    i += 1;
                }
            }
        }
    }
    out
}

/// The first temporary a program declares (snippets use it for `R0`).
fn first_temp(src: &str) -> Option<&str> {
    let at = src.find("TEMP ")? + 5;
    let name = src[at..]
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()?;
    (!name.is_empty()).then_some(name)
}

/// One mutation of the program body (the header stays but for 1 mutation in 32).
fn mutate_once(src: &str, other: &str, r: &mut Rng) -> String {
    let header = "!!NVcp5.0";
    if src.starts_with(header) && !r.one_in(32) {
        return format!(
            "{header}{}",
            mutate_body(&src[header.len()..], src, other, r)
        );
    }
    mutate_body(src, src, other, r)
}

fn mutate_body(src: &str, whole: &str, other: &str, r: &mut Rng) -> String {
    let temp = first_temp(whole).unwrap_or("R0").to_string();
    let snippet = |r: &mut Rng| r.pick(SNIPPETS).replace("R0", &temp);
    let t = tokens(src);
    if t.is_empty() {
        return snippet(r);
    }
    let n = t.len();
    let i = r.below(n);
    let mut out: Vec<String> = t.iter().map(|s| s.to_string()).collect();
    // Mild mutations (numbers, modifiers, swizzles, inserted instructions) more often
    // than destructive ones, so that more inputs load and run.
    let words: Vec<usize> = (0..n).filter(|&j| !t[j].trim().is_empty()).collect();
    let w = if words.is_empty() { i } else { *r.pick(&words) };
    match *r.pick(&[0, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 6, 7]) {
        0 => {
            out.remove(w);
        }
        1 => {
            let k = 1 + r.below(12);
            let piece: Vec<String> = out[i..(i + k).min(n)].to_vec();
            let at = r.below(n);
            for (j, p) in piece.into_iter().enumerate() {
                out.insert(at + j, p);
            }
        }
        2 => {
            let nums: Vec<usize> = (0..n)
                .filter(|&j| t[j].starts_with(|c: char| c.is_ascii_digit()))
                .collect();
            let j = if nums.is_empty() { w } else { *r.pick(&nums) };
            out[j] = r.pick(NUMBERS).to_string();
        }
        3 => {
            // A word after a dot (R0.xy -> R0.wzyx, ADD.F -> ADD.U32X2, GT.x -> GT.w).
            let dotted: Vec<usize> = (0..n).filter(|&j| t[j].contains('.')).collect();
            if !dotted.is_empty() {
                let j = *r.pick(&dotted);
                let dot = t[j].rfind('.').unwrap_or(0);
                out[j] = format!("{}.{}", &t[j][..dot], r.pick(WORDS));
            }
        }
        4 => {
            // An instruction at a line start.
            let lines: Vec<usize> = (0..n).filter(|&j| t[j].contains('\n')).collect();
            let at = if lines.is_empty() {
                i
            } else {
                *r.pick(&lines) + 1
            };
            out.insert(at.min(out.len()), format!("{}\n", snippet(r)));
        }
        5 => {
            let o = tokens(other);
            if !o.is_empty() {
                let a = r.below(o.len());
                let k = 1 + r.below(48);
                let piece: Vec<String> = o[a..(a + k).min(o.len())]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                for (j, p) in piece.into_iter().enumerate() {
                    out.insert(i + j, p);
                }
            }
        }
        6 => out.truncate(i),
        _ => {
            let j = r.below(n);
            out.swap(i, j);
        }
    }
    out.concat()
}

/// Input `index` of run `seed`: a corpus program with 1 or 2 mutations. The large
/// programs (hundreds of instructions, a second or more to compile) are picked one
/// time in 16 as often as the others, so that a run spends its time on many inputs.
pub fn input(corpus: &[String], seed: u64, index: u64) -> String {
    let mut r = Rng::for_input(seed, index);
    let mut s = r.pick(corpus).clone();
    if s.len() > 1500 && !r.one_in(16) {
        s = r.pick(corpus).clone();
    }
    for _ in 0..1 + r.below(3) / 2 {
        let other = r.pick(corpus).clone();
        s = mutate_once(&s, &other, &mut r);
    }
    s
}

fn load_corpus(args: &Args) -> Vec<String> {
    let mut dirs: Vec<&str> = args.all("--corpus");
    if dirs.is_empty() {
        dirs.push(concat!(env!("CARGO_MANIFEST_DIR"), "/../c/asm"));
    }
    corpus(&dirs)
}

/// The child: runs inputs from..to, one line per input: `INDEX OUTCOME` (f: failed
/// to load, d: dispatched, e: dispatch error; `!` marks an internal error).
pub fn child(args: &Args) -> Result<u8, String> {
    let lib = args.get("--lib").ok_or("--lib")?;
    let seed = args.num("--seed", 1);
    let from = args.num("--from", 0);
    let to = args.num("--to", from + 1);
    let print = args.flag("--print");
    let corpus = load_corpus(args);
    if corpus.is_empty() {
        return Err("no corpus programs".into());
    }
    let d = Driver::open_profile(lib, true)?;
    let gl = &d.gl;
    // SAFETY: GL calls with valid arguments on the current context.
    unsafe {
        for i in 0..8u32 {
            let mut b = 0u32;
            (gl.glGenBuffers)(1, &mut b);
            (gl.glBindBuffer)(SHADER_STORAGE_BUFFER, b);
            (gl.glBufferData)(SHADER_STORAGE_BUFFER, 4096, std::ptr::null(), DYNAMIC_COPY);
            (gl.glBindBufferBase)(SHADER_STORAGE_BUFFER, i, b);
        }
    }
    let stdout = std::io::stdout();
    for index in from..to {
        let src = input(&corpus, seed, index);
        if print {
            println!("---- input {index}\n{src}\n----");
        }
        let mut internal = false;
        // SAFETY: GL calls with valid arguments; the string is `src.len()` bytes.
        let outcome = unsafe {
            d.drain_errors();
            let mut p = 0u32;
            (gl.glGenProgramsARB)(1, &mut p);
            (gl.glBindProgramARB)(COMPUTE_PROGRAM_NV, p);
            (gl.glProgramLocalParameter4fARB)(COMPUTE_PROGRAM_NV, 0, 1.0, 2.0, 3.0, 4.0);
            (gl.glProgramStringARB)(
                COMPUTE_PROGRAM_NV,
                PROGRAM_FORMAT_ASCII_ARB,
                src.len() as i32,
                src.as_ptr() as *const c_void,
            );
            let e = (gl.glGetError)();
            let msg = d.program_error_string();
            // OUT_OF_MEMORY is how glcompute reports a panic caught at its boundary.
            internal |= msg.contains("internal") || e == 0x0505;
            if print {
                println!("load: 0x{e:x} {msg}");
            }
            let o = if e != 0 {
                'f'
            } else {
                (gl.glEnable)(COMPUTE_PROGRAM_NV);
                (gl.glDispatchCompute)(1, 1, 1);
                (gl.glFinish)();
                let e = (gl.glGetError)();
                internal |= e == 0x0505;
                (gl.glDisable)(COMPUTE_PROGRAM_NV);
                if e == 0 { 'd' } else { 'e' }
            };
            (gl.glDeleteProgramsARB)(1, &p);
            o
        };
        let mut out = stdout.lock();
        let _ = writeln!(out, "{index} {outcome}{}", if internal { "!" } else { "" });
        let _ = out.flush();
    }
    Ok(0)
}

/// The supervisor: runs `--inputs` inputs on `--jobs` children and reports.
pub fn run(args: &Args) -> Result<u8, String> {
    let lib = args.get("--lib").ok_or("--lib")?.to_string();
    let seed = args.num("--seed", 1);
    let inputs = args.num("--inputs", 1000);
    let jobs = args.num("--jobs", 2);
    let timeout = Duration::from_secs(args.num("--timeout", 30));
    let out_dir = args.get("--out").map(PathBuf::from);
    let corpus_args: Vec<String> = args
        .all("--corpus")
        .iter()
        .flat_map(|c| ["--corpus".to_string(), c.to_string()])
        .collect();
    let corpus = load_corpus(args);
    if corpus.is_empty() {
        return Err("no corpus programs (conformance/c/asm, or --corpus DIR)".into());
    }
    let n_corpus = corpus.len();
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let counts = Arc::new(Mutex::new([0u64; 4]));
    let internals = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let (c2, i2) = (counts.clone(), internals.clone());
    let failures: Vec<Failure> = supervise::run_parallel(0, inputs, jobs, move |a, b| {
        let make = |from: u64, to: u64| {
            let mut cmd = Command::new(&exe);
            cmd.arg("nvasm-child")
                .args(["--lib", &lib, "--seed", &seed.to_string()])
                .args(["--from", &from.to_string(), "--to", &to.to_string()])
                .args(&corpus_args)
                .env("GLCOMPUTE_TIMEOUT_MS", "250")
                .env("GLCOMPUTE_THREADS", "1");
            cmd
        };
        supervise::run_range(a, b, timeout, &make, &mut |index, l| {
            let mut c = c2.lock().expect("counts");
            c[0] += 1;
            match l.split_whitespace().nth(1).unwrap_or("") {
                o if o.starts_with('f') => c[1] += 1,
                o if o.starts_with('d') => c[2] += 1,
                _ => c[3] += 1,
            }
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
        "nvasm: seed {seed}: {} inputs in {:.0} s ({} corpus programs): {} failed to load, {} dispatched, {} dispatches with a GL error; {} crashes, {} hangs, {} internal errors",
        c[0],
        start.elapsed().as_secs_f64(),
        n_corpus,
        c[1],
        c[2],
        c[3],
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
    let save = |name: String, src: String| {
        if let Some(d) = &out_dir {
            let _ = std::fs::create_dir_all(d);
            let _ = std::fs::write(d.join(format!("{name}.nvcp")), src);
        }
    };
    for f in &failures {
        let (index, what) = match f {
            Failure::Crash { index, status } => (*index, format!("crash ({status})")),
            Failure::Hang { index } => (*index, "hang".to_string()),
        };
        println!("  {what}: seed {seed} input {index}");
        let tag: String = what.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        save(format!("{tag}-{seed}-{index}"), input(&corpus, seed, index));
    }
    for index in &internals {
        println!("  internal error: seed {seed} input {index}");
        save(
            format!("internal-{seed}-{index}"),
            input(&corpus, seed, *index),
        );
    }
    Ok(if failures.is_empty() && internals.is_empty() {
        0
    } else {
        1
    })
}
