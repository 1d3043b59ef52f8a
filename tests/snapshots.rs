//! Snapshot tests, as naga's `tests/in` and `tests/out` and wasmtime's `tests/disas`:
//! every input under `tests/in/` (a `.comp` shader, or the `[compute shader]` of a
//! `.shader_test`) is compiled and linked. One that links has its typed IR (with the
//! uniformity analysis) and its Cranelift IR compared with `tests/out/NAME.ir` and
//! `NAME.clif`; one that does not has its info log compared with `tests/out/NAME.log`.
//! NAME is the input's folder and stem (`tutorial-boids`). The inputs of `tests/in/errors/`
//! must fail, the others must not fail to compile. Any compiler change shows up as a
//! readable diff in review; `GLCOMPUTE_BLESS=1 cargo test --test snapshots` rewrites the
//! files.
//!
//! `tests/in/`: `tutorial/` (the compute-shader tutorial's programs, which
//! scripts/demo.sh runs), `shader_tests/` (glcompute's own shader_test files, which the
//! shader-test runner executes too), `compiler/` (compiler cases), `errors/` (shaders
//! that must not compile or link, for their logs).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use glcompute_driver::backend::{self, Options};
use glcompute_driver::glsl;
use glcompute_driver::ir::shader::Stage;
use glcompute_driver::ir::{barrier_functions, print, uniformity};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// (snapshot name, source, must fail) of every input under tests/in.
fn shaders() -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    let inputs = root().join("tests/in");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&inputs)
        .expect("tests/in")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let folder = dir.file_name().unwrap().to_string_lossy().to_string();
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("folder")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for p in entries {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let read = || std::fs::read_to_string(&p).expect("readable");
            let src = if let Some(stem) = name.strip_suffix(".comp") {
                Some((stem.to_string(), read()))
            } else if let Some(stem) = name.strip_suffix(".shader_test") {
                compute_section(&read()).map(|s| (stem.to_string(), s))
            } else {
                None
            };
            if let Some((stem, src)) = src {
                out.push((format!("{folder}-{stem}"), src, folder == "errors"));
            }
        }
    }
    out
}

/// The `[compute shader]` section of a shader_test (None if it has none, or several
/// shaders).
fn compute_section(text: &str) -> Option<String> {
    let mut src = String::new();
    let mut inside = false;
    let mut sections = 0;
    for line in text.lines() {
        if line.starts_with('[') {
            inside = line.trim() == "[compute shader]";
            sections += inside as u32;
            continue;
        }
        if inside {
            src.push_str(line);
            src.push('\n');
        }
    }
    (sections == 1).then_some(src)
}

/// The IR and Cranelift texts of a shader, or the info log of its failed compile or
/// link.
fn render(src: &str) -> Result<(String, String), String> {
    let (sh, _) =
        glsl::compile(Stage::Compute, src).map_err(|log| format!("--- compile log\n{log}"))?;
    let (p, log) = glsl::link(&[(1, Stage::Compute, Some(Arc::new(sh)))], true)
        .map_err(|log| format!("--- link log\n{log}"))?;
    let m = &p.module;
    let main = m.entry().ok_or("--- linked without main")?;
    let a = uniformity::analyze(m, main, &barrier_functions(m));
    let ir = format!(
        "{}--- link log\n{log}--- uniformity\n{}",
        print::module(m),
        a.describe(m)
    );
    let local = p.compute.and_then(|c| c.local_size);
    let k = backend::compile(
        m,
        &p.reflection,
        local,
        Options {
            clif: true,
            verify: true,
            ..Options::default()
        },
    )
    .expect("code generation");
    Ok((ir, normalize(k.clif.as_deref().unwrap_or(""))))
}

/// Runtime helpers (and the runtime's static data) are reached through their host
/// addresses, which change from run to run: a number of 2^32 or more, decimal or hex,
/// reads `<host address>` in the snapshots.
fn normalize(clif: &str) -> String {
    let mut out = String::with_capacity(clif.len());
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        let digits: String = token.chars().filter(|c| *c != '_').collect();
        let value = match digits.strip_prefix("0x") {
            Some(h) => u64::from_str_radix(h, 16).ok(),
            None => digits.parse::<u64>().ok(),
        };
        if value.is_some_and(|v| v >= 1 << 32) {
            out.push_str("<host address>");
        } else {
            out.push_str(token);
        }
        token.clear();
    };
    for c in clif.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            token.push(c);
        } else {
            flush(&mut token, &mut out);
            out.push(c);
        }
    }
    flush(&mut token, &mut out);
    out
}

/// Compares `text` with the snapshot `path` (writes it with GLCOMPUTE_BLESS=1).
fn check(path: &Path, text: &str, bless: bool, bad: &mut Vec<String>) {
    if bless {
        std::fs::write(path, text).expect("write snapshot");
        return;
    }
    match std::fs::read_to_string(path) {
        Err(_) => bad.push(format!(
            "{}: missing (GLCOMPUTE_BLESS=1 writes it)",
            path.display()
        )),
        Ok(old) if old != text => {
            let line = old
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(old.lines().count().min(text.lines().count()));
            let (was, now) = (
                old.lines().nth(line).unwrap_or("<end>"),
                text.lines().nth(line).unwrap_or("<end>"),
            );
            bad.push(format!(
                "{}: differs at line {}:\n  snapshot: {was}\n  now:      {now}",
                path.display(),
                line + 1
            ));
        }
        Ok(_) => {}
    }
}

#[test]
fn ir_and_clif_match_the_snapshots() {
    let bless = std::env::var_os("GLCOMPUTE_BLESS").is_some_and(|v| v == "1");
    let out = root().join("tests/out");
    std::fs::create_dir_all(&out).expect("tests/out");
    let mut bad = Vec::new();
    let mut seen = Vec::new();
    let mut logs = 0;
    for (name, src, must_fail) in shaders() {
        let texts = match render(&src) {
            Ok((ir, clif)) => {
                if must_fail {
                    bad.push(format!("tests/in/errors: {name} compiles and links"));
                }
                vec![("ir", ir), ("clif", clif)]
            }
            Err(log) => {
                if !must_fail && log.starts_with("--- compile log") {
                    bad.push(format!("{name} does not compile:\n{log}"));
                }
                logs += 1;
                vec![("log", log)]
            }
        };
        for (ext, text) in texts {
            let file = format!("{name}.{ext}");
            check(&out.join(&file), &text, bless, &mut bad);
            seen.push(file);
        }
    }
    assert!(logs >= 10, "only {logs} error logs");
    assert!(seen.len() >= 20, "only {} snapshots", seen.len());
    // A snapshot whose shader is gone is stale.
    for e in std::fs::read_dir(&out).expect("tests/out") {
        let f = e.expect("entry").file_name().to_string_lossy().to_string();
        if !seen.contains(&f) {
            if bless {
                std::fs::remove_file(out.join(&f)).expect("remove stale snapshot");
            } else {
                bad.push(format!("tests/out/{f}: no shader makes it any more"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "snapshots differ (review, then GLCOMPUTE_BLESS=1 cargo test --release --test snapshots):\n{}",
        bad.join("\n")
    );
}

/// Cranelift's IR of `src` after its optimisations (SIMD regions or scalar only).
fn optimized_clif(src: &str, scalar: bool) -> String {
    let (sh, _) = glsl::compile(Stage::Compute, src).expect("compiles");
    let (p, _) = glsl::link(&[(1, Stage::Compute, Some(Arc::new(sh)))], true).expect("links");
    let local = p.compute.and_then(|c| c.local_size);
    let k = backend::compile(
        &p.module,
        &p.reflection,
        local,
        Options {
            clif: true,
            scalar,
            ..Options::default()
        },
    )
    .expect("code generation");
    k.clif_optimized.clone().expect("optimised CLIF")
}

/// The lines of each innermost loop of a CLIF function: from a block to the block whose
/// branch goes back to it, in layout order.
fn loop_bodies(clif: &str) -> Vec<Vec<&str>> {
    let lines: Vec<&str> = clif.lines().collect();
    let blocks = |l: &str| -> Vec<String> {
        l.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|t| {
                t.len() > 5 && t.starts_with("block") && t[5..].bytes().all(|b| b.is_ascii_digit())
            })
            .map(str::to_string)
            .collect()
    };
    let mut starts: Vec<(String, usize)> = Vec::new();
    let mut loops: Vec<(usize, usize)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        if l.starts_with("block") {
            starts.push((blocks(l)[0].clone(), i));
        } else if t.starts_with("jump ") || t.starts_with("brif ") {
            for target in blocks(t) {
                if let Some((_, at)) = starts.iter().find(|(b, _)| *b == target) {
                    loops.push((*at, i));
                }
            }
        }
    }
    // The innermost: no other loop lies inside it.
    loops
        .iter()
        .filter(|&&(a, b)| {
            !loops
                .iter()
                .any(|&(c, d)| (c, d) != (a, b) && a <= c && d <= b)
        })
        .map(|&(a, b)| lines[a..=b].to_vec())
        .collect()
}

/// Values a loop only reads are computed before it (Cranelift's LICM), in SIMD and in
/// scalar regions, also where an `else` leaves the loop. Cranelift 0.135 loses the
/// enclosing loop when it meets a block outside it first (see backend::lower's
/// `loop_branch`); with the loop test the other way round `c` was recomputed (converted
/// from the invocation id) on every iteration.
#[test]
fn loop_invariant_values_leave_the_loop() {
    let while_loop = "#version 430\nlayout(local_size_x = 16, local_size_y = 16) in;\n\
        layout(std430, binding = 0) buffer O { uint it[]; };\n\
        void main() {\n  uvec2 p = gl_GlobalInvocationID.xy;\n\
        vec2 c = vec2(-2.0, -1.5) + vec2(p) * (3.0 / 1024.0);\n  vec2 z = vec2(0.0);\n\
        uint i = 0u;\n\
        while (i < 256u && dot(z, z) < 4.0) { z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c; i++; }\n\
        it[p.y * 1024u + p.x] = i;\n}\n";
    let else_break = "#version 430\nlayout(local_size_x = 64) in;\n\
        layout(std430, binding = 0) buffer O { float o[]; };\n\
        void main() {\n  float c = float(gl_GlobalInvocationID.x) * 0.5;\n  float z = 0.0;\n\
        for (;;) { if (z < 100.0) { z = z + c + 1.0; } else break; }\n\
        o[gl_GlobalInvocationID.x] = z;\n}\n";
    for (what, src) in [("while loop", while_loop), ("else break", else_break)] {
        for scalar in [false, true] {
            let clif = optimized_clif(src, scalar);
            let bodies = loop_bodies(&clif);
            assert!(
                !bodies.is_empty(),
                "{what} (scalar {scalar}): no loop found in\n{clif}"
            );
            for body in &bodies {
                assert!(
                    !body.iter().any(|l| l.contains("fcvt_from_uint")),
                    "{what} (scalar {scalar}): the loop converts the invocation id on every iteration:\n{}",
                    body.join("\n")
                );
            }
        }
    }
}
