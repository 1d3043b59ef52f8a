//! Snapshot tests, as naga's `tests/out` and wasmtime's `tests/disas`: every shader of
//! `glsl/`, `conformance/compiler/*.comp` and the `[compute shader]` of each of our
//! `conformance/**/*.shader_test` that links is compiled, and its typed IR (with the
//! uniformity analysis) and its Cranelift IR are compared with the files checked in
//! under `tests/out/`. Any compiler change shows up as a readable diff in review;
//! `GLCOMPUTE_BLESS=1 cargo test --test snapshots` rewrites the files.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use glcompute_driver::backend::{self, Options};
use glcompute_driver::glsl;
use glcompute_driver::ir::shader::Stage;
use glcompute_driver::ir::{barrier_functions, print, uniformity};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// (snapshot name, source) of every shader the snapshots cover.
fn shaders() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut add_dir = |dir: &Path, prefix: &str| {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("folder")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for p in entries {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let read = || std::fs::read_to_string(&p).expect("readable");
            if let Some(stem) = name.strip_suffix(".comp") {
                out.push((format!("{prefix}{stem}"), read()));
            } else if let Some(stem) = name.strip_suffix(".shader_test")
                && let Some(src) = compute_section(&read())
            {
                out.push((format!("{prefix}{stem}"), src));
            }
        }
    };
    add_dir(&root().join("glsl"), "glsl-");
    add_dir(&root().join("conformance"), "conformance-");
    add_dir(&root().join("conformance/compiler"), "compiler-");
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

/// The IR and Cranelift texts of a shader, or None when it does not link (its
/// expected outcome lives in its shader_test).
fn render(src: &str) -> Option<(String, String)> {
    let (sh, _) = glsl::compile(Stage::Compute, src).ok()?;
    let (p, log) = glsl::link(&[(1, Stage::Compute, Some(Arc::new(sh)))], true).ok()?;
    let m = &p.module;
    let main = m.entry()?;
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
            ..Options::default()
        },
    )
    .expect("code generation");
    Some((ir, normalize(k.clif.as_deref().unwrap_or(""))))
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
    for (name, src) in shaders() {
        let Some((ir, clif)) = render(&src) else {
            continue;
        };
        for (ext, text) in [("ir", &ir), ("clif", &clif)] {
            let file = format!("{name}.{ext}");
            check(&out.join(&file), text, bless, &mut bad);
            seen.push(file);
        }
    }
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
