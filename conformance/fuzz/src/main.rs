//! glcompute's fuzzer: a seeded mutation driver (the toolchain is stable Rust, so not
//! cargo-fuzz), run by scripts/test.sh for a short seeded run and by hand for long ones.
//!
//! `glsl`: GLSL compute shaders mutated from a corpus (piglit's compute shaders and our
//! own) or generated from a small grammar go through glCompileShader, glLinkProgram
//! and a one-group dispatch with buffers bound. A child process runs the inputs; the
//! supervisor restarts it after a crash or a hang (no progress for --timeout seconds)
//! and saves the input. A log line with "internal" (the compiler's own consistency
//! checks) is saved too.
//!
//! `spirv`: SPIR-V modules compiled by glslangValidator -G from the GLSL corpus, then
//! mutated word by word (bit flips, ids and counts changed, words and instructions
//! inserted, removed, repeated, swapped and spliced from other modules, truncation),
//! go through glShaderBinary, glSpecializeShader, glLinkProgram and, for some, a
//! dispatch: a crash, a hang or an internal error is a finding.
//!
//! `nvasm`: NV_compute_program5 assembly programs (those of conformance/c/asm)
//! mutated token by token go through glProgramStringARB in a compatibility context
//! and, when they load, a one-group dispatch.
//!
//! `calls`: random sequences of GL calls with random arguments, each on a fresh
//! context, run on two drivers (glcompute and, say, Mesa llvmpipe) in child processes;
//! glGetError after every call is compared, and every difference is reported with the
//! call that caused it. Crashes of either child are reported.
//!
//! Every input is a pure function of (seed, index), so any finding replays alone:
//! `glsl-child --seed S --from I --to I+1 --print`, `calls-child ... --print`.

mod calls;
mod gl;
mod glsl;
mod nvasm;
mod rng;
mod spirv;
mod supervise;

use std::process::ExitCode;

fn usage() -> ExitCode {
    eprintln!(
        "usage:\n  glcompute-fuzz glsl --lib LIBEGL [--seed S] [--inputs N] [--jobs J] [--timeout SECS] [--out DIR] [--corpus DIR]...\n  glcompute-fuzz spirv --lib LIBEGL [--seed S] [--inputs N] [--jobs J] [--timeout SECS] [--out DIR] [--seeds N | --seeds-file SEEDS.BIN]\n  glcompute-fuzz nvasm --lib LIBEGL [--seed S] [--inputs N] [--jobs J] [--timeout SECS] [--out DIR] [--corpus DIR]...\n  glcompute-fuzz calls --lib LIBEGL --against LIBEGL [--seed S] [--sequences N] [--length L] [--jobs J] [--out DIR]\n(children: glsl-child / spirv-child / nvasm-child / calls-child with --lib, --seed, --from, --to [--print]; spirv-child --save FILE writes input --from as a .spv)"
    );
    ExitCode::from(2)
}

/// `--name value` options.
pub struct Args(Vec<String>);

impl Args {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.0.get(i + 1))
            .map(String::as_str)
    }
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.0
            .windows(2)
            .filter(|w| w[0] == name)
            .map(|w| w[1].as_str())
            .collect()
    }
    pub fn num(&self, name: &str, default: u64) -> u64 {
        self.get(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }
    pub fn flag(&self, name: &str) -> bool {
        self.0.iter().any(|a| a == name)
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = argv.first().cloned() else {
        return usage();
    };
    let args = Args(argv[1..].to_vec());
    let result = match cmd.as_str() {
        "glsl" => glsl::run(&args),
        "glsl-child" => glsl::child(&args),
        "spirv" => spirv::run(&args),
        "spirv-child" => spirv::child(&args),
        "nvasm" => nvasm::run(&args),
        "nvasm-child" => nvasm::child(&args),
        "calls" => calls::run(&args),
        "calls-child" => calls::child(&args),
        _ => return usage(),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("glcompute-fuzz: {e}");
            ExitCode::from(2)
        }
    }
}
