//! The architecture, checked against the real imports. The layer order is written once,
//! in the module comment of `src/lib.rs` (numbered lines naming the top-level modules);
//! this test reads it there and reads every source file of the library (and the
//! generated files they include) for the paths it names: `crate::`, `super::` and
//! `self::` paths and, in a `mod.rs`, paths through its child modules, in `use` trees
//! and in code. It fails when
//! - a module uses a module of its own line or of a line above it (or a top-level
//!   module is missing from the order);
//! - two files import each other, directly or through others (a `mod.rs` that only
//!   re-exports with `pub use` does not import);
//! - a file of `state/objects/` names the context or a command module of `state/`;
//! - a hand-written source file is longer than 1,200 lines.
//!
//! Comments and string literals are not read as code.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 1200;

/// Comments and the contents of string and character literals replaced by spaces
/// (newlines kept, so offsets and line numbers stay).
fn mask(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, a: usize, z: usize| {
        for c in &mut out[a..z] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            let z = text[i..].find('\n').map_or(b.len(), |n| i + n);
            blank(&mut out, i, z);
            i = z;
        } else if b[i..].starts_with(b"/*") {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if (b[i] == b'r' || b[i..].starts_with(b"br")) && (i == 0 || !ident(b[i - 1])) && {
            let s = if b[i] == b'b' { i + 2 } else { i + 1 };
            let h = b[s..].iter().take_while(|&&c| c == b'#').count();
            b.get(s + h) == Some(&b'"')
        } {
            let s = if b[i] == b'b' { i + 2 } else { i + 1 };
            let h = b[s..].iter().take_while(|&&c| c == b'#').count();
            let close = format!("\"{}", "#".repeat(h));
            let start = s + h + 1;
            let z = text[start..]
                .find(&close)
                .map_or(b.len(), |n| start + n + close.len());
            blank(&mut out, start, z.saturating_sub(close.len()).max(start));
            i = z;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j.min(b.len()));
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal ('a', '\n', '\u{..}'), not a lifetime ('a).
            let len = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..].iter().position(|&c| c == b'\'').map(|n| n + 3)
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(3)
            } else {
                // A multi-byte character: up to 4 bytes before the closing quote.
                (2..6)
                    .find(|&n| b.get(i + n) == Some(&b'\'') && text.is_char_boundary(i + 1))
                    .filter(|&n| text[i + 1..i + n].chars().count() == 1)
                    .map(|n| n + 1)
            };
            match len {
                Some(n) if i + n <= b.len() => {
                    blank(&mut out, i + 1, i + n - 1);
                    i += n;
                }
                _ => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("ASCII replacements keep UTF-8")
}

/// One source file: its module path (`["state", "objects", "buffer"]`) and text.
struct Source {
    file: PathBuf,
    module: Vec<String>,
    /// A `mod.rs` or `lib.rs`: paths through its child modules count, and its
    /// `pub use` re-exports do not.
    facade: bool,
    text: String,
}

fn module_of(rel: &Path) -> Vec<String> {
    let mut m: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(m.last().map(String::as_str), Some("mod" | "lib")) {
        m.pop();
    }
    m
}

/// Every file of the library under `src`, with the generated files attributed to the
/// module that includes them (`#[path]` modules and `include!`).
fn sources(src: &Path) -> Vec<Source> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("source folder") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(src, &mut files);
    files.sort();
    let mut out = Vec::new();
    let mut included: HashMap<PathBuf, Vec<String>> = HashMap::new();
    for f in &files {
        let rel = f.strip_prefix(src).expect("under src");
        let top = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy());
        // The binary (main.rs, shader_test) and the preload library are other crates;
        // generated files are read through their includers.
        if matches!(
            top.as_deref(),
            Some("main.rs" | "shader_test.rs" | "shader_test" | "preload" | "generated")
        ) {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("readable");
        let module = module_of(rel);
        let dir = f.parent().expect("a folder");
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            let l = line.trim();
            for key in ["#[path = \"", "include!(\""] {
                if let Some(rest) = l.strip_prefix(key) {
                    let target = rest.split('"').next().expect("a path");
                    if target.contains("OUT_DIR") || target.is_empty() {
                        continue;
                    }
                    let mut m = module.clone();
                    if key.starts_with("#[path") {
                        // `#[path = "..."] pub mod name;` on this or the next line.
                        let decl = lines[n + 1..].iter().chain([line]).find_map(|d| {
                            d.split("mod ")
                                .nth(1)
                                .map(|r| r.trim_end_matches(';').trim())
                        });
                        m.push(decl.expect("a module after #[path]").to_string());
                    }
                    let p = std::fs::canonicalize(dir.join(target)).expect("included file");
                    included.insert(p, m);
                }
            }
        }
        out.push(Source {
            file: f.clone(),
            facade: matches!(
                rel.file_name().and_then(|n| n.to_str()),
                Some("mod.rs" | "lib.rs")
            ),
            module,
            text,
        });
    }
    for f in &files {
        if let Some(m) = included.get(&std::fs::canonicalize(f).expect("exists")) {
            out.push(Source {
                file: f.clone(),
                module: m.clone(),
                facade: false,
                text: std::fs::read_to_string(f).expect("readable"),
            });
        }
    }
    out
}

/// Every path the masked source names: (line, segments), `use` trees flattened. With
/// `facade`, `pub use` items are left out.
fn paths(masked: &str, facade: bool) -> Vec<(usize, Vec<String>)> {
    let b = masked.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let line_of = |at: usize| masked[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !(ident(b[i]) && (i == 0 || !(ident(b[i - 1]) || b[i - 1] == b':'))) {
            i += 1;
            continue;
        }
        let word_end = i + masked[i..]
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .unwrap_or(b.len() - i);
        let word = &masked[i..word_end];
        if word == "use" {
            let end = i + masked[i..].find(';').unwrap_or(b.len() - i);
            let before = masked[..i].trim_end();
            let public = before.ends_with("pub") || before.ends_with(')');
            if !(facade && public) {
                // `x as y` keeps only `x`: mark the renaming before spaces go.
                let tree: String = masked[word_end..end]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .replace(" as ", "@")
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect();
                for p in flatten(&tree) {
                    out.push((line_of(i), p));
                }
            }
            i = end;
            continue;
        }
        // A path in code: word(::word)*.
        let mut j = word_end;
        let mut segs = vec![word.to_string()];
        while masked[j..].starts_with("::") {
            let k = j + 2;
            let e = k + masked[k..]
                .find(|c: char| !c.is_alphanumeric() && c != '_')
                .unwrap_or(b.len() - k);
            if e == k {
                break;
            }
            segs.push(masked[k..e].to_string());
            j = e;
        }
        if segs.len() > 1 {
            out.push((line_of(i), segs));
        }
        i = j;
    }
    out
}

/// A `use` tree without whitespace (`crate::a::{b,c::{d,e}}`) as paths.
fn flatten(tree: &str) -> Vec<Vec<String>> {
    fn rec(prefix: &[String], s: &str, out: &mut Vec<Vec<String>>) {
        let mut depth = 0;
        let mut start = 0;
        let mut parts = Vec::new();
        for (i, c) in s.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&s[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&s[start..]);
        for p in parts.into_iter().filter(|p| !p.is_empty()) {
            if let Some(open) = p.find('{') {
                let mut pre = prefix.to_vec();
                pre.extend(
                    p[..open]
                        .split("::")
                        .filter(|x| !x.is_empty())
                        .map(String::from),
                );
                rec(&pre, &p[open + 1..p.rfind('}').unwrap_or(p.len())], out);
            } else {
                let p = p.split('@').next().unwrap_or(p);
                let mut v = prefix.to_vec();
                v.extend(p.split("::").filter(|x| !x.is_empty()).map(String::from));
                out.push(v);
            }
        }
    }
    let mut out = Vec::new();
    rec(&[], tree, &mut out);
    out
}

/// The module a path names, resolved from `module`, if it is one of `known` (the
/// longest known prefix); None for paths into other crates, locals and types.
fn resolve(
    path: &[String],
    module: &[String],
    children: &BTreeSet<String>,
    known: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let mut abs: Vec<String> = match path[0].as_str() {
        "crate" => path[1..].to_vec(),
        "self" => module.iter().chain(&path[1..]).cloned().collect(),
        "super" => {
            let mut base = module.to_vec();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            base
        }
        first if children.contains(first) => module.iter().chain(path).cloned().collect(),
        _ => return None,
    };
    while !abs.is_empty() {
        if known.contains(&abs) {
            return Some(abs);
        }
        abs.pop();
    }
    None
}

/// The layer order of src/lib.rs's module comment: rank by top-level module.
fn layer_order(lib: &str) -> BTreeMap<String, usize> {
    let mut ranks = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.strip_prefix("//! ") else {
            continue;
        };
        let Some((num, body)) = rest.split_once(". ") else {
            continue;
        };
        let Ok(rank) = num.parse::<usize>() else {
            continue;
        };
        let names = body.split(':').next().unwrap_or("");
        for part in names.split("[`").skip(1) {
            if let Some(name) = part.split("`]").next() {
                ranks.insert(name.to_string(), rank);
            }
        }
    }
    ranks
}

/// The module-level import graph: module -> (module it uses -> first file and line).
type Graph = BTreeMap<Vec<String>, BTreeMap<Vec<String>, (PathBuf, usize)>>;

fn graph(srcs: &[Source]) -> Graph {
    let known: BTreeSet<Vec<String>> = srcs.iter().map(|s| s.module.clone()).collect();
    let mut g = Graph::new();
    for s in srcs {
        let children: BTreeSet<String> = if s.facade {
            known
                .iter()
                .filter(|k| k.len() == s.module.len() + 1 && k.starts_with(&s.module))
                .map(|k| k[k.len() - 1].clone())
                .collect()
        } else {
            BTreeSet::new()
        };
        let masked = mask(&s.text);
        let inline = inline_modules(&masked);
        g.entry(s.module.clone()).or_default();
        for (line, p) in paths(&masked, s.facade) {
            // Inside an inline module (`mod tests { ... }`), `super` starts there.
            let mut here = s.module.clone();
            here.extend(
                inline
                    .iter()
                    .filter(|m| m.1 < line && line <= m.2)
                    .map(|m| m.0.clone()),
            );
            if let Some(target) = resolve(&p, &here, &children, &known)
                && target != s.module
            {
                g.entry(s.module.clone())
                    .or_default()
                    .entry(target)
                    .or_insert((s.file.clone(), line));
            }
        }
    }
    g
}

/// The inline modules of a masked file: (name, first line, last line).
fn inline_modules(masked: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let b = masked.as_bytes();
    let mut search = 0;
    while let Some(n) = masked[search..].find("mod ") {
        let at = search + n;
        search = at + 4;
        if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
            continue;
        }
        let rest = &masked[at + 4..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let after = rest[name.len()..].trim_start();
        if name.is_empty() || !after.starts_with('{') {
            continue;
        }
        let open = at + 4 + rest.find('{').expect("seen");
        let mut depth = 0;
        let mut close = b.len();
        for (k, &c) in b.iter().enumerate().skip(open) {
            match c {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = k;
                        break;
                    }
                }
                _ => {}
            }
        }
        let line = |x: usize| masked[..x].matches('\n').count() + 1;
        out.push((name, line(open), line(close)));
    }
    out
}

/// The groups of modules that import each other (strongly connected, more than one).
fn cycles(g: &Graph) -> Vec<Vec<Vec<String>>> {
    // Tarjan's algorithm, iterative.
    let nodes: Vec<&Vec<String>> = g.keys().collect();
    let index_of: HashMap<&Vec<String>, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            g[*n]
                .keys()
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut out) = (Vec::new(), 0, Vec::new());
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            if *k < succ[v].len() {
                let w = succ[v][*k];
                *k += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut group = Vec::new();
                loop {
                    let w = stack.pop().expect("on the stack");
                    on[w] = false;
                    group.push(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    out.push(group);
                }
            }
        }
    }
    out
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

/// Every rule of the module comment, as messages (empty: all hold).
fn check(srcs: &[Source], ranks: &BTreeMap<String, usize>) -> Vec<String> {
    let mut bad = Vec::new();
    let g = graph(srcs);
    for s in srcs {
        if s.module.len() == 1 && !ranks.contains_key(&s.module[0]) {
            bad.push(format!(
                "src/lib.rs's layer order does not name `{}`",
                s.module[0]
            ));
        }
    }
    for (from, targets) in &g {
        for (to, (file, line)) in targets {
            let at = format!("{}:{line}", file.display());
            if let (Some(a), Some(b)) = (from.first(), to.first())
                && a != b
            {
                match (ranks.get(a), ranks.get(b)) {
                    (Some(ra), Some(rb)) if ra >= rb => bad.push(format!(
                        "{at}: {} (line {ra}) uses {} (line {rb}) of the layer order",
                        name(from),
                        name(to)
                    )),
                    _ => {}
                }
            }
            let in_objects = |m: &[String]| m.len() >= 2 && m[0] == "state" && m[1] == "objects";
            if in_objects(from) && to.first().is_some_and(|t| t == "state") && !in_objects(to) {
                bad.push(format!(
                    "{at}: {} is an object module and uses {} (objects never name the context or a command)",
                    name(from),
                    name(to)
                ));
            }
        }
    }
    for group in cycles(&g) {
        let names: Vec<String> = group.iter().map(|m| name(m)).collect();
        let mut arrows = Vec::new();
        for a in &group {
            for b in &group {
                if let Some((f, l)) = g.get(a).and_then(|t| t.get(b)) {
                    arrows.push(format!("{} -> {} ({}:{l})", name(a), name(b), f.display()));
                }
            }
        }
        bad.push(format!(
            "these modules import each other: {}\n    {}",
            names.join(", "),
            arrows.join("\n    ")
        ));
    }
    for s in srcs {
        let generated = s.file.components().any(|c| c.as_os_str() == "generated");
        let n = s.text.lines().count();
        if !generated && n > MAX_LINES {
            bad.push(format!(
                "{} has {n} lines (at most {MAX_LINES})",
                s.file.display()
            ));
        }
    }
    bad
}

#[test]
fn the_layer_order_holds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs");
    let ranks = layer_order(&lib);
    assert!(ranks.len() >= 12, "layer order of src/lib.rs: {ranks:?}");
    let srcs = sources(&root.join("src"));
    let g = graph(&srcs);
    let arrows: usize = g.values().map(BTreeMap::len).sum();
    assert!(
        srcs.len() > 150 && arrows > 500,
        "{} files, {arrows} imports",
        srcs.len()
    );
    // Every layer was read.
    for layer in ranks.keys() {
        assert!(
            srcs.iter().any(|s| s.module.first() == Some(layer)),
            "no sources of {layer}"
        );
    }
    let bad = check(&srcs, &ranks);
    assert!(
        bad.is_empty(),
        "the architecture is broken:\n{}",
        bad.join("\n")
    );
}

// The checks themselves, on small made-up crates: each rule can fail.

fn fake(files: &[(&str, &str)]) -> Vec<Source> {
    files
        .iter()
        .map(|(path, text)| Source {
            file: PathBuf::from(path),
            module: module_of(Path::new(path)),
            facade: path.ends_with("mod.rs") || *path == "lib.rs",
            text: text.to_string(),
        })
        .collect()
}

fn ranks_of(lines: &str) -> BTreeMap<String, usize> {
    layer_order(lines)
}

#[test]
fn an_upward_import_fails() {
    let ranks = ranks_of("//! 1. [`top`]: a\n//! 2. [`low`], [`side`]: b\n");
    assert_eq!(ranks.len(), 3);
    let srcs = fake(&[
        ("top/mod.rs", "use crate::side::S;\npub fn g() {}\n"),
        ("low/mod.rs", "pub mod x;\n"),
        (
            "low/x.rs",
            "fn f() { crate::top::g(); } // crate::side is a comment\n",
        ),
        ("side/mod.rs", "pub const S: &str = \"crate::low::x\";\n"),
    ]);
    let bad = check(&srcs, &ranks);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(
        bad[0].contains("low::x (line 2) uses top (line 1)"),
        "{bad:?}"
    );
}

#[test]
fn a_sibling_import_and_a_missing_layer_fail() {
    let ranks = ranks_of("//! 1. [`a`], [`b`]: siblings\n");
    let srcs = fake(&[
        ("a/mod.rs", "use crate::{b::{self, y}};\n"),
        ("b/mod.rs", "pub fn y() {}\n"),
        ("c/mod.rs", "\n"),
    ]);
    let bad = check(&srcs, &ranks);
    assert!(
        bad.iter().any(|b| b.contains("a (line 1) uses b (line 1)")),
        "{bad:?}"
    );
    assert!(
        bad.iter().any(|b| b.contains("does not name `c`")),
        "{bad:?}"
    );
}

#[test]
fn a_circle_fails_and_a_facade_does_not() {
    let ranks = ranks_of("//! 1. [`m`]: one\n");
    let circle = fake(&[
        ("m/mod.rs", "mod p;\nmod q;\nfn f() { p::g(); }\n"),
        ("m/p.rs", "use super::q::Q;\n"),
        ("m/q.rs", "pub struct Q(super::Shared);\n"),
    ]);
    let bad = check(&circle, &ranks);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(bad[0].contains("m, m::p, m::q"), "{bad:?}");
    let facade = fake(&[
        (
            "m/mod.rs",
            "mod p;\nmod q;\npub use p::P;\npub struct Shared;\n",
        ),
        ("m/p.rs", "pub struct P(super::Shared);\n"),
        (
            "m/q.rs",
            "use super::p::P;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
    ]);
    assert!(check(&facade, &ranks).is_empty());
}

#[test]
fn objects_never_name_the_context() {
    let ranks = ranks_of("//! 1. [`state`]: s\n");
    let srcs = fake(&[
        ("state/mod.rs", "pub mod context;\npub mod objects;\n"),
        ("state/context.rs", "use super::objects::buffer::Buffer;\n"),
        ("state/objects/mod.rs", "pub mod buffer;\n"),
        (
            "state/objects/buffer.rs",
            "fn f(st: &crate::state::context::ContextState) {}\n",
        ),
    ]);
    let bad = check(&srcs, &ranks);
    assert!(
        bad.iter().any(|b| b.contains("objects never name")),
        "{bad:?}"
    );
}

#[test]
fn a_long_file_fails() {
    let ranks = ranks_of("//! 1. [`m`]: one\n");
    let long = "\n".repeat(MAX_LINES + 1);
    let bad = check(&fake(&[("m/mod.rs", &long)]), &ranks);
    assert!(bad.iter().any(|b| b.contains("lines (at most")), "{bad:?}");
}
