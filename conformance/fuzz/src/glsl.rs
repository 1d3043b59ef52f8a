//! The GLSL fuzzer: inputs mutated from a corpus of compute shaders or generated from a
//! small grammar, each compiled, linked and dispatched (one work group, buffers bound).

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
const SHADER_STORAGE_BUFFER: u32 = 0x90D2;
const UNIFORM_BUFFER: u32 = 0x8A11;
const ATOMIC_COUNTER_BUFFER: u32 = 0x92C0;
const DYNAMIC_COPY: u32 = 0x88EA;

/// The compute shaders of `dirs`: `.comp` files, and the `[compute shader]` sections of
/// `.shader_test` files.
pub fn corpus(dirs: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = dirs.iter().map(PathBuf::from).collect();
    let mut files = Vec::new();
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "build") {
                    stack.push(p);
                }
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    for p in files {
        let name = p.to_string_lossy();
        if name.ends_with(".comp") {
            if let Ok(s) = std::fs::read_to_string(&p) {
                out.push(s);
            }
        } else if name.ends_with(".shader_test")
            && let Ok(s) = std::fs::read_to_string(&p)
            && s.contains("[compute shader]")
        {
            let mut cur: Option<String> = None;
            for line in s.lines() {
                if line.starts_with('[') {
                    if let Some(c) = cur.take() {
                        out.push(c);
                    }
                    if line.trim() == "[compute shader]" {
                        cur = Some(String::new());
                    }
                } else if let Some(c) = cur.as_mut() {
                    c.push_str(line);
                    c.push('\n');
                }
            }
            if let Some(c) = cur {
                out.push(c);
            }
        }
    }
    // shader_runner puts a #version line before a section without one.
    for s in &mut out {
        if !s.contains("#version") {
            s.insert_str(0, "#version 430\n");
        }
    }
    out
}

/// Tokens: identifiers and numbers, whitespace runs, single other characters.
pub fn tokens(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.';
        if word(b[i]) {
            while i < b.len() && word(b[i]) {
                i += 1;
            }
        } else if b[i].is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        } else {
            i += 1;
            while i < b.len() && !s.is_char_boundary(i) {
                i += 1;
            }
        }
        out.push(&s[start..i]);
    }
    out
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "7",
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
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295u",
    "4294967296",
    "0u",
    "1u",
    "0x7fffffff",
    "0xffffffff",
    "1e38",
    "3.4e38",
    "1e-45",
    "-0.0",
    "0.5",
    "1.0",
    "1e39",
    "1073741824",
    "16777216",
    "268435456",
    "0x80000000u",
    "1.0lf",
    "9223372036854775807",
    "-9223372036854775808",
    "1099511627776",
];

const SNIPPETS: &[&str] = &[
    "barrier();",
    "memoryBarrierShared();",
    "groupMemoryBarrier();",
    "return;",
    "break;",
    "continue;",
    "discard;",
    "[",
    "]",
    "(",
    ")",
    "{",
    "}",
    ";",
    ",",
    "=",
    "+=",
    "++",
    "--",
    "?",
    ":",
    "<<",
    ">>",
    "/",
    "%",
    "shared uint fz_s[64];",
    "shared float fz_big[1073741824];",
    "uint fz_a[1048576];",
    "float fz_l[16777216];",
    "layout(local_size_x = 1024) in;",
    "layout(local_size_x = 65536) in;",
    "layout(local_size_variable) in;",
    "layout(std430, binding = 7) buffer FZ { uint fz_v[]; };",
    "layout(std140, binding = 3) uniform FZU { vec4 fz_u[4096]; };",
    "layout(binding = 0, offset = 4) uniform atomic_uint fz_c;",
    "layout(rgba32f, binding = 0) uniform image2D fz_img;",
    "uniform sampler2D fz_tex;",
    "gl_LocalInvocationIndex",
    "gl_GlobalInvocationID.x",
    "gl_WorkGroupID",
    "gl_NumWorkGroups",
    "gl_WorkGroupSize",
    "atomicAdd(",
    "atomicCompSwap(",
    "imageStore(",
    "imageLoad(",
    "texelFetch(",
    "length()",
    ".length()",
    "uint",
    "int",
    "float",
    "double",
    "bool",
    "vec4",
    "uvec3",
    "mat4",
    "dmat3",
    "struct S { float a[3]; S b; };",
    "struct T { T t; };",
    "#define X X X\nX",
    "#if 1\n",
    "#endif\n",
    "#extension GL_ARB_compute_variable_group_size : require\n",
    "#extension GL_ARB_gpu_shader_int64 : enable\n",
    "#version 430\n",
    "#version 450\n",
    "#line 4294967295\n",
    "\\\n",
    "/*",
    "*/",
    "//",
    "\"",
    "\0",
    "int64_t",
    "uint64_t",
    "subroutine",
    "precise",
    "coherent",
    "volatile",
    "restrict",
    "readonly",
    "writeonly",
    "const",
    "in",
    "out",
    "inout",
    "for (;;) {}",
    "while (true) {}",
    "do {} while (false);",
    "switch (1) { case 1: case 1: default: default: }",
    "fz_f(fz_f(fz_f(1)))",
    "float fz_f(float x) { return fz_f(x); }",
];

/// One mutation of `src` (tokens deleted, duplicated, swapped, replaced, inserted or
/// spliced from `other`).
fn mutate_once(src: &str, other: &str, r: &mut Rng) -> String {
    let t = tokens(src);
    if t.is_empty() {
        return r.pick(SNIPPETS).to_string();
    }
    let n = t.len();
    let i = r.below(n);
    let mut out: Vec<String> = t.iter().map(|s| s.to_string()).collect();
    // Mild mutations (numbers, names, loops, group sizes) more often than destructive
    // ones, so that more inputs reach linking and execution.
    let op = *r.pick(&[0, 1, 2, 2, 2, 2, 3, 3, 3, 4, 5, 6, 7, 7, 7, 8, 9, 9, 10]);
    match op {
        0 => {
            let k = 1 + r.below(8).min(n - i - 1);
            out.drain(i..(i + k).min(n));
        }
        1 => {
            let k = 1 + r.below(16);
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
            let j = if nums.is_empty() { i } else { *r.pick(&nums) };
            out[j] = r.pick(NUMBERS).to_string();
        }
        3 => {
            let ids: Vec<usize> = (0..n)
                .filter(|&j| t[j].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
                .collect();
            if !ids.is_empty() {
                let a = *r.pick(&ids);
                let b = *r.pick(&ids);
                out[a] = t[b].to_string();
            }
        }
        4 => out.insert(i, format!(" {} ", r.pick(SNIPPETS))),
        5 => {
            let o = tokens(other);
            if !o.is_empty() {
                let a = r.below(o.len());
                let k = 1 + r.below(64);
                let piece = o[a..(a + k).min(o.len())].concat();
                out.insert(i, piece);
            }
        }
        6 => {
            let j = r.below(n);
            out.swap(i, j);
        }
        7 => {
            // Wrap the rest of a statement list in a loop.
            let bound = r.pick(NUMBERS);
            out.insert(
                i,
                format!(" for (int fz_i = 0; fz_i < {bound}; fz_i++) {{ "),
            );
            let end = (i + 1 + r.below(n - i)).min(out.len());
            out.insert(end, " } ".into());
        }
        8 => out.truncate(i),
        9 => {
            let s = out.concat();
            return s.replacen(
                "local_size_x = ",
                &format!("local_size_x = {} + 0*", r.pick(NUMBERS)),
                1,
            );
        }
        _ => {
            // Nest: repeat a bracket pair many times.
            let depth = 1 + r.below(2000);
            let (open, close) = *r.pick(&[("(", ")"), ("{", "}"), ("[", "]")]);
            out.insert(i, format!("{}1{}", open.repeat(depth), close.repeat(depth)));
        }
    }
    out.concat()
}

// ---- the grammar generator ---------------------------------------------------------

struct Gen<'a> {
    r: &'a mut Rng,
    out: String,
    locals: Vec<(String, &'static str)>,
    next: u32,
}

const TYPES: &[&str] = &[
    "int", "uint", "float", "vec2", "vec4", "uvec3", "ivec2", "bool",
];

impl Gen<'_> {
    fn scalar_of(ty: &str) -> &'static str {
        match ty {
            "vec2" | "vec4" | "float" => "float",
            "uvec3" | "uint" => "uint",
            "ivec2" | "int" => "int",
            _ => "bool",
        }
    }

    /// An expression of type `ty`, at most `depth` levels deep.
    fn expr(&mut self, ty: &'static str, depth: u32) -> String {
        let locals: Vec<String> = self
            .locals
            .iter()
            .filter(|(_, t)| *t == ty)
            .map(|(n, _)| n.clone())
            .collect();
        if depth == 0 || self.r.one_in(4) {
            if !locals.is_empty() && self.r.one_in(2) {
                return self.r.pick(&locals).clone();
            }
            return match ty {
                "int" => format!(
                    "int({})",
                    self.r
                        .pick(&["gl_LocalInvocationIndex", "7u", "data[3]", "4294967295u"])
                ),
                "uint" => self
                    .r
                    .pick(&[
                        "gl_LocalInvocationIndex",
                        "gl_GlobalInvocationID.x",
                        "data[gl_LocalInvocationIndex]",
                        "5u",
                        "0xffffffffu",
                        "data.length()",
                    ])
                    .to_string(),
                "float" => self
                    .r
                    .pick(&[
                        "1.5",
                        "-0.0",
                        "3.4e38",
                        "float(gl_LocalInvocationIndex)",
                        "uintBitsToFloat(data[1])",
                    ])
                    .to_string(),
                "bool" => self
                    .r
                    .pick(&["true", "false", "gl_LocalInvocationIndex == 0u"])
                    .to_string(),
                t => format!(
                    "{t}({})",
                    self.expr(Self::scalar_of(t), depth.saturating_sub(1))
                ),
            };
        }
        let d = depth - 1;
        match (ty, self.r.below(6)) {
            ("bool", 0) => format!("({} < {})", self.expr("float", d), self.expr("float", d)),
            ("bool", 1) => format!("(!{})", self.expr("bool", d)),
            ("bool", _) => format!("({} == {})", self.expr("uint", d), self.expr("uint", d)),
            ("float", 0) => format!("sin({})", self.expr("float", d)),
            ("float", 1) => format!("dot({}, {})", self.expr("vec4", d), self.expr("vec4", d)),
            ("float", 2) => format!(
                "({} ? {} : {})",
                self.expr("bool", d),
                self.expr("float", d),
                self.expr("float", d)
            ),
            ("uint", 0) => format!("({} >> {})", self.expr("uint", d), self.expr("uint", d)),
            ("uint", 1) => format!(
                "atomicAdd(data[{} % 64u], {})",
                self.expr("uint", d),
                self.expr("uint", d)
            ),
            ("uint", 2) => format!("({} / {})", self.expr("uint", d), self.expr("uint", d)),
            ("uint", 3) => format!("sh[{}]", self.expr("uint", d)),
            ("int", 0) => format!("({} % {})", self.expr("int", d), self.expr("int", d)),
            ("int", 1) => format!("findMSB({})", self.expr("int", d)),
            ("vec4", 0) => format!("normalize({})", self.expr("vec4", d)),
            ("vec4", 1) => format!("({} * {})", self.expr("vec4", d), self.expr("float", d)),
            (t, _) => {
                let op = *self.r.pick(&["+", "-", "*"]);
                if t == "bool" {
                    self.expr("bool", d)
                } else {
                    format!("({} {op} {})", self.expr(t, d), self.expr(t, d))
                }
            }
        }
    }

    fn stmt(&mut self, depth: u32) {
        let ty = *self.r.pick(TYPES);
        match self.r.below(9) {
            0 | 1 => {
                let name = format!("v{}", self.next);
                self.next += 1;
                let e = self.expr(ty, 3);
                self.out.push_str(&format!("{ty} {name} = {e};\n"));
                self.locals.push((name, ty));
            }
            2 => {
                let e = self.expr("uint", 3);
                let i = self.expr("uint", 2);
                self.out.push_str(&format!("data[{i}] = {e};\n"));
            }
            3 if depth > 0 => {
                let c = self.expr("bool", 2);
                self.out.push_str(&format!("if ({c}) {{\n"));
                let n = self.locals.len();
                for _ in 0..1 + self.r.below(3) {
                    self.stmt(depth - 1);
                }
                self.locals.truncate(n);
                self.out.push_str("}\n");
            }
            4 if depth > 0 => {
                let bound = self
                    .r
                    .pick(&["4u", "gl_LocalInvocationIndex", "data[0] % 8u", "64u"])
                    .to_string();
                let i = format!("i{}", self.next);
                self.next += 1;
                self.out
                    .push_str(&format!("for (uint {i} = 0u; {i} < {bound}; {i}++) {{\n"));
                let n = self.locals.len();
                self.locals.push((i, "uint"));
                for _ in 0..1 + self.r.below(3) {
                    self.stmt(depth - 1);
                }
                self.locals.truncate(n);
                self.out.push_str("}\n");
            }
            5 => {
                let b = *self.r.pick(&[
                    "barrier();\n",
                    "memoryBarrierShared();\n",
                    "groupMemoryBarrier();\n",
                ]);
                self.out.push_str(b);
            }
            6 => {
                let e = self.expr("uint", 2);
                self.out
                    .push_str(&format!("sh[gl_LocalInvocationIndex % 64u] = {e};\n"));
            }
            _ => {
                let e = self.expr("float", 3);
                self.out
                    .push_str(&format!("res[gl_GlobalInvocationID.x % 16u] = {e};\n"));
            }
        }
    }
}

/// A compute shader from the grammar: buffers, shared memory, locals, control flow,
/// barriers and atomics.
fn generate(r: &mut Rng) -> String {
    let lx = *r.pick(&[1u32, 2, 7, 32, 64, 128]);
    let mut g = Gen {
        r,
        out: String::new(),
        locals: Vec::new(),
        next: 0,
    };
    g.out.push_str(&format!(
        "#version 430\nlayout(local_size_x = {lx}) in;\n\
         layout(std430, binding = 0) buffer Data {{ uint data[]; }};\n\
         layout(std430, binding = 1) buffer Res {{ float res[]; }};\n\
         shared uint sh[64];\nvoid main() {{\n"
    ));
    for _ in 0..1 + g.r.below(12) {
        g.stmt(3);
    }
    g.out.push_str("}\n");
    g.out
}

/// Input `index` of run `seed`.
pub fn input(corpus: &[String], seed: u64, index: u64) -> String {
    let mut r = Rng::for_input(seed, index);
    if corpus.is_empty() || r.one_in(3) {
        let s = generate(&mut r);
        if r.one_in(2) {
            return s;
        }
        return mutate_once(&s, &s, &mut r);
    }
    let mut s = r.pick(corpus).clone();
    let other = r.pick(corpus).clone();
    for _ in 0..1 + r.below(2) {
        s = mutate_once(&s, &other, &mut r);
    }
    s
}

/// The corpus: from `--corpus-file` (sources separated by a line `//----corpus----`,
/// as `glsl --dump-corpus` writes them), else from the directories.
pub fn load_corpus(args: &Args) -> Vec<String> {
    if let Some(f) = args.get("--corpus-file") {
        return std::fs::read_to_string(f)
            .unwrap_or_default()
            .split(CORPUS_SEPARATOR)
            .filter(|s| !s.trim().is_empty())
            .map(str::to_string)
            .collect();
    }
    let dirs = corpus_dirs(args);
    corpus(&dirs.iter().map(String::as_str).collect::<Vec<_>>())
}

const CORPUS_SEPARATOR: &str = "\n//----corpus----\n";

fn corpus_dirs(args: &Args) -> Vec<String> {
    let given = args.all("--corpus");
    if !given.is_empty() {
        return given.iter().map(|s| s.to_string()).collect();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    vec![
        "/usr/lib/x86_64-linux-gnu/piglit/tests".into(),
        "/usr/lib/x86_64-linux-gnu/piglit/generated_tests".into(),
        root.join("tests/in").to_string_lossy().into_owned(),
    ]
}

/// The child: runs inputs from..to on the driver, one line per input:
/// `INDEX OUTCOME` (c: compile failed, l: link failed, d: dispatched, e: dispatch
/// error; `!` marks an info log with an internal error).
pub fn child(args: &Args) -> Result<u8, String> {
    let lib = args.get("--lib").ok_or("--lib")?;
    let seed = args.num("--seed", 1);
    let from = args.num("--from", 0);
    let to = args.num("--to", from + 1);
    let print = args.flag("--print");
    let corpus = load_corpus(args);
    let d = Driver::open(lib)?;
    let gl = &d.gl;
    // Buffers at the bindings shaders use most.
    // SAFETY: GL calls with valid arguments on the current context.
    unsafe {
        for (target, count, size) in [
            (SHADER_STORAGE_BUFFER, 8u32, 4096isize),
            (UNIFORM_BUFFER, 4, 1024),
            (ATOMIC_COUNTER_BUFFER, 2, 256),
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
    let stdout = std::io::stdout();
    for index in from..to {
        let src = input(&corpus, seed, index);
        if print {
            println!("---- input {index}\n{src}\n----");
        }
        let c = CString::new(src.replace('\0', " ")).expect("NULs replaced");
        let mut internal = false;
        // SAFETY: GL calls with valid arguments; the source is NUL-terminated.
        let outcome = unsafe {
            d.drain_errors();
            let s = (gl.glCreateShader)(COMPUTE_SHADER);
            let p: *const c_char = c.as_ptr();
            (gl.glShaderSource)(s, 1, &p, std::ptr::null());
            (gl.glCompileShader)(s);
            internal |= d.drain_errors_seen();
            let mut ok = 0;
            (gl.glGetShaderiv)(s, COMPILE_STATUS, &mut ok);
            let log = d.log(s, false);
            internal |= log.contains("internal");
            if print {
                println!("compile log:\n{log}");
            }
            let outcome = if ok == 0 {
                'c'
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

/// The supervisor: runs `--inputs` inputs on `--jobs` children and reports.
pub fn run(args: &Args) -> Result<u8, String> {
    let lib = args.get("--lib").ok_or("--lib")?.to_string();
    let seed = args.num("--seed", 1);
    let inputs = args.num("--inputs", 1000);
    let jobs = args.num("--jobs", 2);
    let timeout = Duration::from_secs(args.num("--timeout", 30));
    let out_dir = args.get("--out").map(PathBuf::from);
    let mut corpus_args: Vec<String> = args
        .all("--corpus")
        .iter()
        .flat_map(|c| ["--corpus".to_string(), c.to_string()])
        .collect();
    if let Some(f) = args.get("--corpus-file") {
        corpus_args.extend(["--corpus-file".to_string(), f.to_string()]);
    }
    let corpus = load_corpus(args);
    if let Some(f) = args.get("--dump-corpus") {
        std::fs::write(f, corpus.join(CORPUS_SEPARATOR)).map_err(|e| e.to_string())?;
        println!("glsl: {} corpus shaders written to {f}", corpus.len());
        return Ok(0);
    }
    if corpus.is_empty() {
        return Err("no corpus shaders (apt-get install piglit, or --corpus/--corpus-file)".into());
    }
    let n_corpus = corpus.len();
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let counts = Arc::new(Mutex::new([0u64; 5]));
    let internals = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let (c2, i2) = (counts.clone(), internals.clone());
    let failures: Vec<Failure> = supervise::run_parallel(0, inputs, jobs, move |a, b| {
        let make = |from: u64, to: u64| {
            let mut cmd = Command::new(&exe);
            cmd.arg("glsl-child")
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
                o if o.starts_with('c') => c[1] += 1,
                o if o.starts_with('l') => c[2] += 1,
                o if o.starts_with('d') => c[3] += 1,
                _ => c[4] += 1,
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
        "glsl: seed {seed}: {} inputs in {:.0} s ({} corpus shaders): {} failed to compile, {} failed to link, {} dispatched, {} dispatches with a GL error; {} crashes, {} hangs, {} internal errors",
        c[0],
        start.elapsed().as_secs_f64(),
        n_corpus,
        c[1],
        c[2],
        c[3],
        c[4],
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
    for f in &failures {
        let (index, what) = match f {
            Failure::Crash { index, status } => (*index, format!("crash ({status})")),
            Failure::Hang { index } => (*index, "hang".to_string()),
        };
        println!("  {what}: seed {seed} input {index}");
        save(
            &out_dir,
            &format!("{what}-{seed}-{index}"),
            &input(&corpus, seed, index),
        );
    }
    for index in &internals {
        println!("  internal error: seed {seed} input {index}");
        save(
            &out_dir,
            &format!("internal-{seed}-{index}"),
            &input(&corpus, seed, *index),
        );
    }
    Ok(if failures.is_empty() && internals.is_empty() {
        0
    } else {
        1
    })
}

fn save(dir: &Option<PathBuf>, name: &str, src: &str) {
    if let Some(d) = dir {
        let _ = std::fs::create_dir_all(d);
        let name: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let _ = std::fs::write(d.join(format!("{name}.comp")), src);
    }
}
