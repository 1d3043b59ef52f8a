//! Preprocessing and parsing with glsl-lang: [`parse`] screens `#extension` directives
//! ([`extensions`], with glcompute's own extension registry), runs glsl-lang's
//! preprocessor and parser through the one token adapter ([`tokens`]), and reports
//! positions through the line map ([`lines`]). glsl-lang's failure modes (a panic on a
//! source that ends inside a declaration, a hang on an unclosed comment) are met here.

pub mod extensions;
pub mod int64;
pub mod lines;
pub mod macros;
pub mod tokens;

use crate::glsl::parse::extensions::{
    INT64_TYPES, registry, screen_extensions, unsupported_extension,
};
use crate::glsl::parse::int64::Int64Literals;
use crate::glsl::parse::lines::LineMap;
use crate::glsl::parse::macros::initial_state;
use crate::glsl::parse::tokens::{NoFiles, SubroutineLexer};
use crate::ir::shader::Log;
use glsl_lang::ast;
use glsl_lang::lexer::full::fs::PreprocessorExt;
use glsl_lang::parse::ParseOptions;
use glsl_lang_pp::processor::event::DirectiveKind;
use glsl_lang_pp::processor::fs::Processor;
use glsl_lang_pp::processor::nodes::{ExtensionBehavior, ExtensionName, VersionProfile};

/// What the preprocessor told us besides the tokens.
pub struct Directives {
    pub version: u16,
    pub profile_es: bool,
    /// `#version NNN compatibility`.
    pub compatibility: bool,
    /// Extensions enabled with `enable`, `require` or `warn`.
    pub extensions: Vec<String>,
    /// The 64-bit integer literals of the source (see [`Int64Literals`]).
    pub int64: Int64Literals,
    /// Where `#pragma STDGL invariant(all)` appears, if it does.
    pub invariant_all: Option<crate::ir::Span>,
}

/// Preprocesses and parses `source` for a context that accepts `accepts` (see
/// [`screen_extensions`] for its extensions). On
/// failure the error is in `log`.
pub fn parse(
    source: &str,
    log: &mut Log,
    accepts: &crate::glsl::accepts::Accepts,
) -> Option<(ast::TranslationUnit, Directives, LineMap)> {
    let mut map = LineMap::new(source);
    let screened = screen_extensions(source, log, &map, accepts);
    if log.has_errors() {
        return None;
    }
    let (mut screened, int64, edits) = int64::rewrite(&screened);
    map.rewritten(edits);

    // glsl-lang's preprocessor never returns when a #define with `##` reaches the end
    // of the source: without a newline after it, through a line continuation, or in a
    // comment left open. The comment is an error here; two final newlines end the
    // rest (they change no line of the source).
    if let Some(at) = unclosed_comment(&screened) {
        log.error(
            map.span(at),
            "a /* comment is not closed before the end of the shader source",
        );
        return None;
    }
    let parsed_len = screened.len();
    screened.push_str("\n\n");
    let opts = ParseOptions {
        default_version: 110,
        ..ParseOptions::default()
    };
    let mut processor = Processor::new_with_fs(NoFiles);
    let file = processor
        .open_source(&screened, "")
        .with_registry(registry())
        .with_state(initial_state(&screened, accepts));
    // glsl-lang panics (an unwrap in its preprocessor's location) when the source ends
    // inside a declaration, statement or block: that panic is this error.
    // The built-in struct types (GLSL 4.60 §7.4, and the compatibility profile's
    // state structs) are type names before the source declares anything.
    let ctx = glsl_lang::parse::ParseContext::new();
    for name in crate::glsl::words::builtin_struct_names() {
        ctx.add_type_name(ast::IdentifierData::from(name).into());
    }
    tokens::begin(&screened);
    let parsed = expected_panic(|| {
        glsl_lang::parse::ParseBuilder::<SubroutineLexer<'_, '_>, ast::TranslationUnit>::new(file)
            .opts(&opts)
            .context(&ctx)
            .parse()
            .map_err(Box::new)
    });
    // GLSL 4.60 §3.6: using a reserved word is a compile error.
    let reserved = tokens::finish();
    for (at, word) in &reserved {
        log.error(
            map.span(*at),
            format!("`{word}' is a reserved word in this GLSL version"),
        );
    }
    if !reserved.is_empty() {
        return None;
    }
    let Ok(parsed) = parsed else {
        log.error(
            map.span(parsed_len),
            "unexpected end of the shader source: a declaration, statement or block is not finished",
        );
        return None;
    };
    let (unit, _ctx, lexer) = match parsed {
        Ok(r) => r,
        Err(e) => {
            // glsl-lang reports 0-based lines and columns of the physical text it parsed.
            let line_start: usize = screened
                .split_inclusive('\n')
                .take(e.line() as usize)
                .map(str::len)
                .sum();
            let offset = line_start + e.col() as usize;
            // A type of an extension the shader did not enable lexes as an identifier.
            let before = screened
                .lines()
                .nth(e.line() as usize)
                .and_then(|l| l.get(..e.col() as usize))
                .unwrap_or("");
            let last_word = before
                .trim_end()
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("");
            if INT64_TYPES.contains(&last_word) {
                log.error(
                    map.span(offset),
                    format!("`{last_word}' is a type of GL_ARB_gpu_shader_int64, which this shader does not enable"),
                );
            } else {
                log.error(map.span(offset), e.inner());
            }
            return None;
        }
    };
    let mut dirs = Directives {
        version: 110,
        profile_es: false,
        compatibility: false,
        extensions: Vec::new(),
        int64,
        invariant_all: None,
    };
    let mut saw_version = false;
    let mut undefined = crate::glsl::parse::macros::UndefinedInIf::new(accepts);
    for d in lexer.into_directives().directives() {
        let start = usize::from(d.text_range().start().offset);
        match d.kind() {
            DirectiveKind::Define(def) => undefined.define(def),
            DirectiveKind::Undef(u) => undefined.undef(&u.ident),
            DirectiveKind::If(_) if dirs.profile_es => {
                let end = usize::from(d.text_range().end().offset).min(screened.len());
                if let Some(name) = screened
                    .get(start..end)
                    .and_then(|text| undefined.check_if(text))
                {
                    log.error(
                        map.span(start),
                        format!(
                            "`{name}' in #if is not a defined macro (GLSL ES 3.00 §3.4: an undefined identifier there is an error, not 0)"
                        ),
                    );
                }
            }
            DirectiveKind::Version(v) => {
                if saw_version {
                    log.error(map.span(start), "#version may only appear once");
                }
                saw_version = true;
                dirs.version = v.number;
                dirs.compatibility =
                    matches!(v.parsed_profile, Some(VersionProfile::Compatibility));
                dirs.profile_es = matches!(v.parsed_profile, Some(VersionProfile::Es))
                    || v.number == 100
                    || v.number == 300
                    || v.number == 310
                    || v.number == 320;
            }
            DirectiveKind::Extension(e) => {
                if let ExtensionName::Specific(name) = &e.name
                    && e.behavior != ExtensionBehavior::Disable
                {
                    dirs.extensions.push(name.as_ref().to_string());
                }
            }
            DirectiveKind::Pragma(p) => {
                let _ = unsupported_extension(p.raw(), map.span(start), log);
                let words: String = p.raw().split_whitespace().collect();
                if words == "STDGLinvariant(all)" && dirs.invariant_all.is_none() {
                    dirs.invariant_all = Some(map.span(start));
                }
            }
            DirectiveKind::Line(_) => {
                // The directive's own text: "#line LINE [STRING]".
                let end = usize::from(d.text_range().end().offset).min(screened.len());
                let text = &screened[start..end];
                let nums: Vec<u32> = text
                    .trim_start_matches(|c: char| c == '#' || c.is_whitespace())
                    .trim_start_matches("line")
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect();
                if let Some(&line) = nums.first() {
                    let phys = map.physical_line(start);
                    map.add_line_directive(phys, line, nums.get(1).copied());
                }
            }
            _ => {}
        }
    }
    if log.has_errors() {
        return None;
    }
    Some((unit, dirs, map))
}

thread_local! {
    /// Set while a panic of this thread is expected and handled (see expected_panic).
    static PANIC_EXPECTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f`, catching a panic that is an expected outcome (not a bug) without the panic
/// message the default hook writes to stderr, which is the application's. The hook is
/// installed once and passes every other panic to the hook it replaced.
fn expected_panic<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !PANIC_EXPECTED.with(|e| e.get()) {
                previous(info);
            }
        }));
    });
    PANIC_EXPECTED.with(|e| e.set(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    PANIC_EXPECTED.with(|e| e.set(false));
    r
}

/// The offset of a `/*` comment that no `*/` closes, if any (`//` comments skipped).
fn unclosed_comment(src: &str) -> Option<usize> {
    let b = src.as_bytes();
    let mut i = 0;
    while i + 1 < b.len() {
        match (b[i], b[i + 1]) {
            (b'/', b'/') => {
                // To the end of the line (a backslash-newline continues it).
                while i < b.len() && b[i] != b'\n' {
                    if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                    i += 1;
                }
            }
            (b'/', b'*') => {
                let start = i;
                i += 2;
                loop {
                    if i + 1 >= b.len() {
                        return Some(start);
                    }
                    if b[i] == b'*' && b[i + 1] == b'/' {
                        i += 2;
                        break;
                    }
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    None
}
