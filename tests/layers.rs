//! One-way layering: data flows api -> state -> front end (glsl) -> ir -> backend ->
//! runtime, and no layer imports from one above it. This test reads every source file
//! of the lower layers and fails on a `crate::` path into a module the layer may not
//! use (grouped `use crate::{...}` paths included).

use std::path::Path;

/// The top-level modules each layer may name besides itself.
const ALLOWED: &[(&str, &[&str])] = &[
    ("runtime", &["limits", "config"]),
    ("backend", &["ir", "runtime", "limits"]),
    ("ir", &["limits"]),
    ("glsl", &["ir", "limits"]),
    (
        "state",
        &[
            "glsl", "ir", "backend", "runtime", "host", "limits", "config", "gl_bail", "gl_err",
        ],
    ),
];

const MODULES: &[&str] = &[
    "api",
    "state",
    "glsl",
    "ir",
    "backend",
    "runtime",
    "egl",
    "host",
    "preload",
    "generated",
    "config",
    "limits",
    "shader_test",
];

/// The first path segments of every `crate::` path in `src`, with line numbers.
fn crate_paths(src: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in src.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for part in group[..end].split(',') {
                    let seg: String = part
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !seg.is_empty() {
                        out.push((n + 1, seg));
                    }
                }
            } else {
                let seg: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push((n + 1, seg));
            }
        }
    }
    out
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).expect("source folder") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_layer_imports_from_above() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = Vec::new();
    let mut checked = 0;
    for (layer, allowed) in ALLOWED {
        let mut fs = Vec::new();
        files(&src.join(layer), &mut fs);
        assert!(!fs.is_empty(), "no sources under src/{layer}");
        for f in fs {
            let text = std::fs::read_to_string(&f).expect("readable");
            for (line, seg) in crate_paths(&text) {
                checked += 1;
                let known = MODULES.contains(&seg.as_str());
                if seg != *layer && known && !allowed.contains(&seg.as_str()) {
                    bad.push(format!(
                        "{}:{line}: src/{layer} uses crate::{seg}",
                        f.display()
                    ));
                }
            }
        }
    }
    assert!(checked > 50, "the scan found only {checked} paths");
    assert!(
        bad.is_empty(),
        "imports against the layering:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_scan_sees_grouped_and_nested_paths() {
    let p = crate_paths(
        "use crate::{backend::Kernel, ir::Module};\nlet x = crate::glsl::link(); // crate::api\n",
    );
    let segs: Vec<&str> = p.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(segs, ["backend", "ir", "glsl"]);
}
