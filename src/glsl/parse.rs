//! Preprocessing and parsing with glsl-lang, with glcompute's own extension registry,
//! and the mapping from byte offsets to GL-style (string, line, column) positions
//! (which follows `#line` directives).

use glsl_lang::ast;
use glsl_lang::lexer::full::fs::{FileSystem, Lexer, PreprocessorExt};
use glsl_lang::parse::ParseOptions;
use glsl_lang_pp::exts::{DEFAULT_REGISTRY, ExtensionSpec, Registry, names::ExtNameAtom};
use glsl_lang_pp::processor::ProcessorStateBuilder;
use glsl_lang_pp::processor::event::DirectiveKind;
use glsl_lang_pp::processor::fs::Processor;
use glsl_lang_pp::processor::nodes::{ExtensionBehavior, ExtensionName, VersionProfile};
use glsl_lang_pp::types::type_names::TypeNameAtom;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::words::{WordIs, Words};
use crate::ir::shader::Log;
use crate::ir::{Literal, Span};

/// GLSL extensions the compiler implements: `#extension` accepts them and the
/// preprocessor defines their macros. glsl-lang's default registry names many more (and
/// would define their macros), so the front end uses its own.
pub const EXTENSIONS: &[&str] = &[
    "GL_ARB_compute_shader",
    "GL_ARB_compute_variable_group_size",
    "GL_ARB_shader_storage_buffer_object",
    "GL_ARB_shader_atomic_counters",
    "GL_ARB_shader_image_load_store",
    "GL_ARB_shader_image_size",
    "GL_ARB_shading_language_420pack",
    "GL_ARB_shading_language_packing",
    "GL_ARB_explicit_uniform_location",
    "GL_ARB_shader_subroutine",
    "GL_ARB_arrays_of_arrays",
    "GL_ARB_gpu_shader5",
    "GL_ARB_gpu_shader_fp64",
    "GL_ARB_shader_bit_encoding",
    "GL_ARB_texture_query_levels",
    "GL_ARB_shader_texture_image_samples",
    "GL_ARB_texture_multisample",
    "GL_ARB_uniform_buffer_object",
    "GL_ARB_enhanced_layouts",
    "GL_AMD_shader_trinary_minmax",
    "GL_ARB_gpu_shader_int64",
    "GL_ARB_shader_clock",
    "GL_ARB_shader_group_vote",
    "GL_INTEL_shader_atomic_float_minmax",
    "GL_NV_shader_atomic_float",
    "GL_NV_shader_atomic_int64",
];

/// The type names GL_ARB_gpu_shader_int64 adds.
const INT64_TYPES: [&str; 8] = [
    "int64_t", "uint64_t", "i64vec2", "i64vec3", "i64vec4", "u64vec2", "u64vec3", "u64vec4",
];

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut r = Registry::new();
        for name in EXTENSIONS {
            let atom = ExtNameAtom::from(*name);
            let mut types = DEFAULT_REGISTRY
                .get(&atom)
                .map(|spec| spec.type_names().to_vec())
                .unwrap_or_default();
            // glsl-lang's registry lacks the type this extension adds before GLSL 4.20.
            if *name == "GL_ARB_shader_atomic_counters" {
                types.push(TypeNameAtom::from("atomic_uint"));
            }
            // Nor the types of GL_ARB_gpu_shader_int64 (the front end maps the names).
            if *name == "GL_ARB_gpu_shader_int64" {
                for t in INT64_TYPES {
                    types.push(TypeNameAtom::from(t));
                }
            }
            r.add(ExtensionSpec::new(atom, types));
        }
        r
    })
}

/// Shader sources have no file system: `#include` finds nothing.
/// glsl-lang's lexer, with subroutine type names made type names (GLSL 4.60 §6.1.2):
/// glsl-lang's grammar takes `subroutine(T) ...` and `subroutine uniform T u` with T a
/// type name, but only struct declarations make names type names. In
/// `subroutine RET NAME(...)` NAME is passed on as the identifier the prototype needs
/// and made a type name for every later token.
struct SubroutineLexer<'r, 'p>(Lexer<'r, 'p, NoFiles>);

/// [`SubroutineLexer`]'s token stream.
struct SubroutineTokens<'r, 'p> {
    inner: glsl_lang::lexer::full::fs::LexerIterator<'r, 'p, NoFiles>,
    ctx: glsl_lang::parse::ParseContext,
    /// 0: idle; 1: after `subroutine`; 2: in a subroutine type's return type.
    state: u8,
    names: std::collections::HashSet<String>,
    /// What the version-dependent words are in this shader (words.rs).
    words: Words,
    /// A reusable buffer for a keyword token's text.
    text: String,
}

thread_local! {
    /// The shader being parsed on this thread: its words (set by [`parse`] before
    /// glsl-lang creates the lexer) and the reserved words it used, with their offsets
    /// in the parsed text (taken by [`parse`] after parsing).
    static WORDS: std::cell::RefCell<(Words, Vec<(usize, String)>)> = Default::default();
    /// The text being parsed (the lexer's positions are offsets into it), for the words
    /// glsl-lang's lexer rejects outright.
    static TEXT: std::cell::RefCell<String> = Default::default();
}

impl glsl_lang::lexer::HasLexerError for SubroutineLexer<'_, '_> {
    type Error = glsl_lang::lexer::full::LexicalError<std::io::Error>;
}

impl glsl_lang::lexer::HasLexerError for SubroutineTokens<'_, '_> {
    type Error = glsl_lang::lexer::full::LexicalError<std::io::Error>;
}

impl<'r, 'p> glsl_lang::lexer::LangLexer<'p> for SubroutineLexer<'r, 'p>
where
    'r: 'p,
{
    type Input = glsl_lang::lexer::full::fs::File<'r, 'p, NoFiles>;
    type Iter = SubroutineTokens<'r, 'p>;

    fn new(source: Self::Input, opts: &ParseOptions) -> Self {
        SubroutineLexer(Lexer::new(source, opts))
    }

    fn run(self, ctx: glsl_lang::parse::ParseContext) -> Self::Iter {
        SubroutineTokens {
            inner: self.0.run(ctx.clone()),
            ctx,
            state: 0,
            names: Default::default(),
            words: WORDS.with(|w| w.borrow().0.clone()),
            text: String::new(),
        }
    }
}

impl SubroutineTokens<'_, '_> {
    fn into_directives(self) -> glsl_lang::lexer::full::Directives {
        self.inner.into_directives()
    }
}

impl SubroutineTokens<'_, '_> {
    /// glsl-lang's lexer rejects the words GLSL 1.30 and later reserve without ever using
    /// them (`filter`, `active`, `resource`, ...); before those versions they are
    /// identifiers. The rejected text at `pos` becomes the identifier it is (or a
    /// recorded reserved word, reported as such).
    fn rejected_word(
        &mut self,
        pos: lang_util::position::NodeSpan,
    ) -> Option<(
        lang_util::position::LexerPosition,
        glsl_lang::lexer::Token,
        lang_util::position::LexerPosition,
    )> {
        use lang_util::position::LexerPosition;
        let range = pos.range();
        let (start, end) = (usize::from(range.start()), usize::from(range.end()));
        let word = TEXT.with(|t| t.borrow().get(start..end).map(str::to_string))?;
        if !Words::versioned(&word) {
            return None;
        }
        match self.words.classify(&word) {
            WordIs::Keyword => return None,
            WordIs::Reserved => WORDS.with(|w| w.borrow_mut().1.push((start, word.clone()))),
            WordIs::Identifier => {}
        }
        Some((
            LexerPosition::new(pos.source_id(), range.start()),
            glsl_lang::lexer::Token::Identifier(word.as_str().into()),
            LexerPosition::new(pos.source_id(), range.end()),
        ))
    }

    /// A keyword the shader's version does not have yet becomes the identifier it is
    /// there; a reserved word is recorded for an error (and passed on as an identifier).
    fn version_word(&mut self, offset: usize, tok: &mut glsl_lang::lexer::Token) {
        use glsl_lang::lexer::Token;
        use std::fmt::Write;
        self.text.clear();
        match &*tok {
            Token::Identifier(name) | Token::TypeName(name) => self.text.push_str(name),
            // A keyword displays as its kind and its text: "type qualifier `sample`".
            other => {
                let _ = write!(self.text, "{other}");
                let word = self.text.split('`').nth(1).unwrap_or("").len();
                let start = self.text.find('`').map_or(0, |i| i + 1);
                self.text.replace_range(..start, "");
                self.text.truncate(word);
            }
        }
        if !Words::versioned(&self.text) {
            return;
        }
        match self.words.classify(&self.text) {
            WordIs::Keyword => {}
            // A word the version leaves free may name a struct the shader declared.
            WordIs::Identifier if self.ctx.is_type_name(&self.text) => {
                *tok = Token::TypeName(self.text.as_str().into())
            }
            WordIs::Identifier => *tok = Token::Identifier(self.text.as_str().into()),
            WordIs::Reserved => {
                WORDS.with(|w| w.borrow_mut().1.push((offset, self.text.clone())));
                *tok = Token::Identifier(self.text.as_str().into());
            }
        }
    }
}

impl Iterator for SubroutineTokens<'_, '_> {
    type Item = Result<
        (
            lang_util::position::LexerPosition,
            glsl_lang::lexer::Token,
            lang_util::position::LexerPosition,
        ),
        glsl_lang::lexer::full::LexicalError<std::io::Error>,
    >;

    fn next(&mut self) -> Option<Self::Item> {
        use glsl_lang::lexer::Token;
        let mut item = self.inner.next()?;
        if let Err(glsl_lang::lexer::full::LexicalError::Token { pos, .. }) = &item
            && let Some(tok) = self.rejected_word(*pos)
        {
            item = Ok(tok);
        }
        if let Ok((start, tok, _)) = &mut item {
            self.version_word(usize::from(start.offset), tok);
            if let Token::Identifier(name) = &*tok
                && self.names.contains(name.as_str())
            {
                *tok = Token::TypeName(name.clone());
            }
            self.state = match (self.state, &*tok) {
                (_, Token::Subroutine) => 1,
                (1, Token::LeftParen | Token::Uniform) => 0,
                (1, _) => 2,
                (2, Token::Identifier(name)) => {
                    self.names.insert(name.to_string());
                    self.ctx
                        .add_type_name(ast::IdentifierData::from(name.as_str()).into());
                    0
                }
                (2, Token::LeftBracket | Token::RightBracket | Token::IntConstant(_)) => 2,
                _ => 0,
            };
        }
        Some(item)
    }
}

impl glsl_lang::lexer::LangLexerIterator for SubroutineTokens<'_, '_> {
    fn resolve_err(
        &self,
        err: lalrpop_util::ParseError<
            lang_util::position::LexerPosition,
            glsl_lang::lexer::Token,
            Self::Error,
        >,
    ) -> lang_util::error::ParseError<Self::Error> {
        self.inner.resolve_err(err)
    }
}

#[derive(Clone, Copy, Default)]
struct NoFiles;

impl FileSystem for NoFiles {
    type Error = std::io::Error;

    fn canonicalize(&self, path: &Path) -> Result<PathBuf, Self::Error> {
        Ok(path.to_path_buf())
    }

    fn exists(&self, _path: &Path) -> bool {
        false
    }

    fn read(&self, path: &Path) -> Result<std::borrow::Cow<'_, str>, Self::Error> {
        Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("{} (shaders cannot include files)", path.display()),
        ))
    }
}

/// Maps byte offsets of the source to (string, line, column), following `#line`.
pub struct LineMap {
    /// Byte offset where each physical line starts.
    starts: Vec<usize>,
    /// (physical line where it takes effect (0-based), logical line number of that
    /// line, source string number), sorted.
    remaps: Vec<(usize, u32, u32)>,
}

impl LineMap {
    pub fn new(src: &str) -> LineMap {
        let mut starts = vec![0];
        for (i, b) in src.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i + 1);
            }
        }
        LineMap {
            starts,
            remaps: Vec::new(),
        }
    }

    /// `#line line [string]` on physical line `phys` (0-based): the next line is `line`.
    fn add_line_directive(&mut self, phys: usize, line: u32, string: Option<u32>) {
        let string = string.unwrap_or_else(|| self.remaps.last().map(|r| r.2).unwrap_or(0));
        self.remaps.push((phys + 1, line, string));
    }

    pub fn physical_line(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    pub fn span(&self, offset: usize) -> Span {
        let phys = self.physical_line(offset);
        let col = (offset - self.starts[phys]) as u32 + 1;
        match self.remaps.iter().rev().find(|r| r.0 <= phys) {
            Some(&(at, line, string)) => Span {
                source: string,
                line: line + (phys - at) as u32,
                col,
            },
            None => Span {
                source: 0,
                line: phys as u32 + 1,
                col,
            },
        }
    }
}

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
}

/// GL_ARB_gpu_shader_int64's literals (`7l`, `0x8000000000000000UL`): glsl-lang's lexer
/// knows only 32-bit integer literals (a suffix `l` is an error there), so before
/// parsing each one is replaced by an identifier `<prefix><n>`, with a prefix the
/// source does not contain, and the front end reads identifier `n`'s value from here.
/// Directives other than `#define` are left alone (a 64-bit literal in `#if` stays a
/// preprocessor error). Columns after a replaced literal on its line shift by the
/// lengths' difference; lines do not change.
#[derive(Debug, Clone, Default)]
pub struct Int64Literals {
    pub prefix: String,
    /// Each literal's value, or why it is not one.
    pub values: Vec<Result<Literal, String>>,
}

impl Int64Literals {
    /// The literal an identifier stands for, if it is a replacement.
    pub fn get(&self, ident: &str) -> Option<&Result<Literal, String>> {
        if self.prefix.is_empty() {
            return None;
        }
        let n: usize = ident.strip_prefix(self.prefix.as_str())?.parse().ok()?;
        self.values.get(n)
    }
}

/// The value of a pp-number if it is a 64-bit integer literal (suffix `l`, `L`, `ul`
/// or `UL`, GL_ARB_gpu_shader_int64 §3.6); None if it is any other number.
fn int64_literal(text: &str) -> Option<Result<Literal, String>> {
    let (digits, unsigned) = if let Some(d) = text.strip_suffix("ul").or(text.strip_suffix("UL")) {
        (d, true)
    } else if let Some(d) = text.strip_suffix(['l', 'L']) {
        (d, false)
    } else {
        return None;
    };
    let (body, radix) = if let Some(h) = digits.strip_prefix("0x").or(digits.strip_prefix("0X")) {
        (h, 16)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (&digits[1..], 8)
    } else {
        (digits, 10)
    };
    if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let Ok(v) = u64::from_str_radix(body, radix) else {
        return Some(Err(format!(
            "integer literal `{text}' does not fit in 64 bits"
        )));
    };
    Some(if unsigned {
        Ok(Literal::Uint64(v))
    } else if radix == 10 && v > i64::MAX as u64 {
        Err(format!("integer literal `{text}' does not fit in int64_t"))
    } else {
        // Hexadecimal and octal literals give their bits, as for 32-bit int.
        Ok(Literal::Int64(v as i64))
    })
}

/// Replaces 64-bit integer literals by identifiers (see [`Int64Literals`]): one pass
/// finds them, then the prefix is chosen and the output built (both linear).
fn rewrite_int64_literals(src: &str) -> (String, Int64Literals) {
    let mut lits = Int64Literals::default();
    let b = src.as_bytes();
    // (start, end) of each literal; its value in lits.values.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            i += b[i..]
                .iter()
                .position(|&x| x == b'\n')
                .unwrap_or(b.len() - i);
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2 + src[i + 2..].find("*/").map_or(b.len() - i - 2, |e| e + 2);
            continue;
        }
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if line_start && c == b'#' {
            line_start = false;
            let rest = src[i + 1..].trim_start_matches([' ', '\t']);
            if !rest.starts_with("define") {
                i += b[i..]
                    .iter()
                    .position(|&x| x == b'\n')
                    .unwrap_or(b.len() - i);
            } else {
                i += 1;
            }
            continue;
        }
        line_start = false;
        if ident(c) && !c.is_ascii_digit() {
            while i < b.len() && ident(b[i]) {
                i += 1;
            }
            continue;
        }
        let number =
            c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(|d| d.is_ascii_digit()));
        if !number {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() {
            let x = b[i];
            // A pp-number: digits, letters, `_`, `.`, and a sign after a decimal exponent.
            let exponent_sign = matches!(x, b'+' | b'-')
                && matches!(b[i - 1], b'e' | b'E')
                && !src[start..i].starts_with("0x")
                && !src[start..i].starts_with("0X");
            if !(ident(x) || x == b'.' || exponent_sign) {
                break;
            }
            i += 1;
        }
        if let Some(v) = int64_literal(&src[start..i]) {
            spans.push((start, i));
            lits.values.push(v);
        }
    }
    if spans.is_empty() {
        return (src.to_string(), lits);
    }
    // A prefix the source does not contain: the base followed by one `x` more than any
    // occurrence of the base in the source is followed by.
    const BASE: &str = "__i64l";
    let most = src
        .match_indices(BASE)
        .map(|(at, _)| {
            b[at + BASE.len()..]
                .iter()
                .take_while(|&&c| c == b'x')
                .count()
        })
        .max();
    let prefix = format!("{BASE}{}", "x".repeat(most.map_or(0, |n| n + 1)));
    let mut out = String::with_capacity(src.len() + spans.len() * (prefix.len() + 4));
    let mut copied = 0;
    for (n, &(start, end)) in spans.iter().enumerate() {
        out.push_str(&src[copied..start]);
        out.push_str(&prefix);
        out.push_str(&n.to_string());
        copied = end;
    }
    out.push_str(&src[copied..]);
    lits.prefix = prefix;
    (out, lits)
}

/// GLSL 4.60 §3.3: `#extension name : behavior` with an extension the compiler does not
/// implement is an error for `require` and a warning for `enable` and `warn`. glsl-lang
/// rejects every unknown extension, so such directives are answered here and blanked
/// (line numbers are kept) before parsing. `accepted` are extensions the context
/// supports without the compiler implementing them (interposed mode: the host's); their
/// directives are blanked without a message, and a shader that then uses what they add
/// fails to compile as any undeclared name does.
fn screen_extensions(
    source: &str,
    log: &mut Log,
    map: &LineMap,
    accepts: &crate::glsl::accepts::Accepts,
) -> String {
    let accepted = &accepts.extensions;
    let mut out = String::with_capacity(source.len());
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let trimmed = line.trim_start();
        // GLSL ES needs GL_ARB_ES3_1_compatibility, which a desktop GL 4.3 context
        // without it rejects (before any extension of the ES shader is considered).
        if let Some(v) = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("version"))
            && let words = v
                .split_whitespace()
                .take_while(|w| !w.starts_with("//"))
                .collect::<Vec<_>>()
            && (words.get(1) == Some(&"es") || words.first() == Some(&"100"))
        {
            let span = map.span(offset + (line.len() - trimmed.len()));
            log.error(
                span,
                format!(
                    "GLSL ES shaders (#version {}) are not supported: glcompute is a desktop OpenGL 4.3 driver without GL_ARB_ES3_1_compatibility",
                    words.join(" ")
                ),
            );
            return out;
        }
        // GLSL 4.60 §3.3: a version the implementation does not support is a compile
        // error; a context supports what its SHADING_LANGUAGE_VERSION says.
        if let Some(v) = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("version"))
            && let Some(number) = v
                .split_whitespace()
                .next()
                .and_then(|w| w.parse::<u32>().ok())
            && number > accepts.glsl_version as u32
        {
            let span = map.span(offset + (line.len() - trimmed.len()));
            log.error(
                span,
                format!(
                    "GLSL {}.{:02} (#version {number}) is not supported: this context's GL_SHADING_LANGUAGE_VERSION is {}.{:02}",
                    number / 100,
                    number % 100,
                    accepts.glsl_version / 100,
                    accepts.glsl_version % 100
                ),
            );
            return out;
        }
        let directive = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("extension"))
            .filter(|r| r.starts_with(char::is_whitespace));
        if let Some(rest) = directive {
            let mut parts = rest.splitn(2, ':');
            let name = parts.next().unwrap_or("").trim();
            let behavior = parts.next().unwrap_or("").trim();
            let behavior = behavior
                .split(|c: char| c.is_whitespace() || c == '/')
                .next()
                .unwrap_or("");
            if name != "all" && !name.is_empty() && !EXTENSIONS.contains(&name) {
                let span = map.span(offset + (line.len() - trimmed.len()));
                let behavior = if accepted.iter().any(|a| a == name) {
                    ""
                } else {
                    behavior
                };
                match behavior {
                    "require" => log.error(
                        span,
                        format!("extension `{name}' unsupported in compute shader"),
                    ),
                    "enable" | "warn" => log.warning(
                        span,
                        format!("extension `{name}' unsupported in compute shader"),
                    ),
                    _ => {}
                }
                out.push_str(if line.ends_with('\n') { "\n" } else { "" });
                offset += line.len();
                continue;
            }
        }
        out.push_str(line);
        offset += line.len();
    }
    out
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
    let (mut screened, int64) = rewrite_int64_literals(&screened);
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
    screened.push_str("\n\n");
    let opts = ParseOptions {
        default_version: 110,
        ..ParseOptions::default()
    };
    let mut processor = Processor::new_with_fs(NoFiles);
    let file = processor
        .open_source(&screened, "")
        .with_registry(registry())
        .with_state(ProcessorStateBuilder::new(registry()));
    // glsl-lang panics (an unwrap in its preprocessor's location) when the source ends
    // inside a declaration, statement or block: that panic is this error.
    // The built-in struct types (GLSL 4.60 §7.4, and the compatibility profile's
    // state structs) are type names before the source declares anything.
    let ctx = glsl_lang::parse::ParseContext::new();
    for name in super::words::builtin_struct_names() {
        ctx.add_type_name(ast::IdentifierData::from(name).into());
    }
    WORDS.with(|w| *w.borrow_mut() = (Words::of_source(&screened), Vec::new()));
    TEXT.with(|t| t.borrow_mut().clone_from(&screened));
    let parsed = expected_panic(|| {
        glsl_lang::parse::ParseBuilder::<SubroutineLexer<'_, '_>, ast::TranslationUnit>::new(file)
            .opts(&opts)
            .context(&ctx)
            .parse()
            .map_err(Box::new)
    });
    // GLSL 4.60 §3.6: using a reserved word is a compile error.
    let reserved = WORDS.with(|w| std::mem::take(&mut *w.borrow_mut()).1);
    TEXT.with(|t| t.borrow_mut().clear());
    for (at, word) in &reserved {
        let before = screened.get(..*at).unwrap_or("");
        let line = before.matches('\n').count();
        let col = before.len() - before.rfind('\n').map_or(0, |n| n + 1);
        let offset = map.starts.get(line).copied().unwrap_or(0) + col;
        log.error(
            map.span(offset),
            format!("`{word}' is a reserved word in this GLSL version"),
        );
    }
    if !reserved.is_empty() {
        return None;
    }
    let Ok(parsed) = parsed else {
        log.error(
            map.span(source.len()),
            "unexpected end of the shader source: a declaration, statement or block is not finished",
        );
        return None;
    };
    let (unit, _ctx, lexer) = match parsed {
        Ok(r) => r,
        Err(e) => {
            // glsl-lang reports 0-based lines and columns of the physical text.
            let offset = map.starts.get(e.line() as usize).copied().unwrap_or(0) + e.col() as usize;
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
    };
    let mut saw_version = false;
    for d in lexer.into_directives().directives() {
        let start = usize::from(d.text_range().start().offset);
        match d.kind() {
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
