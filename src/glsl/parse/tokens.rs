//! The one token adapter between glsl-lang's lexer and its parser: what glcompute
//! changes in the token stream, each at the token it concerns so that every position
//! stays the source's. Subroutine type names become type names; words a `#version` does
//! not have yet are identifiers and reserved words are recorded (words.rs); words
//! glsl-lang rejects outright become identifiers again; GL_ARB_gpu_shader_int64's
//! 64-bit literals, which glsl-lang's lexer rejects, become identifiers standing for
//! their values ([`Int64Literals`]).

use crate::glsl::words::{WordIs, Words};
use crate::ir::Literal;
use glsl_lang::ast;
use glsl_lang::lexer::full::fs::{FileSystem, Lexer};
use glsl_lang::parse::ParseOptions;
use std::path::{Path, PathBuf};

/// Shader sources have no file system: `#include` finds nothing.
/// glsl-lang's lexer, with subroutine type names made type names (GLSL 4.60 §6.1.2):
/// glsl-lang's grammar takes `subroutine(T) ...` and `subroutine uniform T u` with T a
/// type name, but only struct declarations make names type names. In
/// `subroutine RET NAME(...)` NAME is passed on as the identifier the prototype needs
/// and made a type name for every later token.
pub struct SubroutineLexer<'r, 'p>(Lexer<'r, 'p, NoFiles>);

/// [`SubroutineLexer`]'s token stream.
pub struct SubroutineTokens<'r, 'p> {
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
    /// The shader being parsed on this thread: its words (set by [`begin`] before
    /// glsl-lang creates the lexer) and the reserved words it used, with their offsets
    /// in the parsed text (taken by [`finish`] after parsing).
    static WORDS: std::cell::RefCell<(Words, Vec<(usize, String)>)> = Default::default();
    /// The text being parsed (the lexer's positions are offsets into it), for the words
    /// glsl-lang's lexer rejects outright and the 64-bit literals.
    static TEXT: std::cell::RefCell<String> = Default::default();
    /// The 64-bit integer literals met so far in the shader being parsed (see
    /// [`Int64Literals`]), with the prefix chosen for it.
    static INT64: std::cell::RefCell<Int64Literals> = Default::default();
}

/// Sets the token adapter up for parsing `text` on this thread, with the 64-bit
/// literals [`rewrite_int64_in_defines`] already took from it.
pub fn begin(text: &str, int64: Int64Literals) {
    WORDS.with(|w| *w.borrow_mut() = (Words::of_source(text), Vec::new()));
    TEXT.with(|t| text.clone_into(&mut t.borrow_mut()));
    INT64.with(|l| *l.borrow_mut() = int64);
}

/// What the token adapter gathered while parsing: the reserved words the shader used
/// (offset, word) and every 64-bit literal.
pub fn finish() -> (Vec<(usize, String)>, Int64Literals) {
    let reserved = WORDS.with(|w| std::mem::take(&mut *w.borrow_mut()).1);
    TEXT.with(|t| t.borrow_mut().clear());
    let int64 = INT64.with(|l| std::mem::take(&mut *l.borrow_mut()));
    (reserved, int64)
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
    pub fn into_directives(self) -> glsl_lang::lexer::full::Directives {
        self.inner.into_directives()
    }
}

impl SubroutineTokens<'_, '_> {
    /// glsl-lang's lexer rejects the words GLSL 1.30 and later reserve without ever using
    /// them (`filter`, `active`, `resource`, ...); before those versions they are
    /// identifiers. The rejected text at `pos` becomes the identifier it is (or a
    /// recorded reserved word, reported as such).
    fn rejected_word(&mut self, pos: lang_util::position::NodeSpan) -> Option<Spanned> {
        let (start, word) = rejected_text(pos)?;
        if !Words::versioned(&word) {
            return None;
        }
        match self.words.classify(&word) {
            WordIs::Keyword => return None,
            WordIs::Reserved => WORDS.with(|w| w.borrow_mut().1.push((start, word.clone()))),
            WordIs::Identifier => {}
        }
        Some(identifier(pos, &word))
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

/// A token with its start and end.
type Spanned = (
    lang_util::position::LexerPosition,
    glsl_lang::lexer::Token,
    lang_util::position::LexerPosition,
);

/// The offset and text of the token glsl-lang's lexer rejected at `pos`.
fn rejected_text(pos: lang_util::position::NodeSpan) -> Option<(usize, String)> {
    let range = pos.range();
    let (start, end) = (usize::from(range.start()), usize::from(range.end()));
    let text = TEXT.with(|t| t.borrow().get(start..end).map(str::to_string))?;
    Some((start, text))
}

/// An identifier `name` in place of the token at `pos`.
fn identifier(pos: lang_util::position::NodeSpan, name: &str) -> Spanned {
    use lang_util::position::LexerPosition;
    let range = pos.range();
    (
        LexerPosition::new(pos.source_id(), range.start()),
        glsl_lang::lexer::Token::Identifier(name.into()),
        LexerPosition::new(pos.source_id(), range.end()),
    )
}

/// GL_ARB_gpu_shader_int64's literals (`7l`, `0x8000000000000000UL`): glsl-lang's lexer
/// knows only 32-bit integer literals and rejects the token at `pos`. When its text is a
/// 64-bit literal, the token becomes an identifier `<prefix><n>` in its place (so every
/// position stays the source's), and the front end reads identifier `n`'s value from
/// [`Int64Literals`].
pub fn int64_token(pos: lang_util::position::NodeSpan) -> Option<Spanned> {
    let (_, text) = rejected_text(pos)?;
    let value = int64_literal(&text)?;
    let name = INT64.with(|l| {
        let mut l = l.borrow_mut();
        l.values.push(value);
        format!("{}{}", l.prefix, l.values.len() - 1)
    });
    Some(identifier(pos, &name))
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
        if let Err(glsl_lang::lexer::full::LexicalError::Token { pos, kind }) = &item {
            use glsl_lang_pp::types::token::ErrorKind;
            let tok = match kind {
                ErrorKind::InvalidIntLiteral | ErrorKind::InvalidUIntLiteral => int64_token(*pos),
                _ => self.rejected_word(*pos),
            };
            if let Some(tok) = tok {
                item = Ok(tok);
            }
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
pub struct NoFiles;

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

/// GL_ARB_gpu_shader_int64's literals (`7l`, `0x8000000000000000UL`): glsl-lang's lexer
/// knows only 32-bit integer literals (a suffix `l` is an error there), so the token
/// stream turns each into an identifier `<prefix><n>` (see [`int64_token`]), with a
/// prefix the source does not contain, and the front end reads identifier `n`'s value
/// from here. A 64-bit literal in `#if` stays a preprocessor error.
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
pub fn int64_literal(text: &str) -> Option<Result<Literal, String>> {
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

/// A prefix for the identifiers 64-bit literals become (see [`Int64Literals`]) that
/// the source does not contain: the base followed by one `x` more than any occurrence
/// of the base in the source is followed by.
pub fn int64_prefix(src: &str) -> String {
    const BASE: &str = "__i64l";
    let most = src
        .match_indices(BASE)
        .map(|(at, _)| {
            src.as_bytes()[at + BASE.len()..]
                .iter()
                .take_while(|&&c| c == b'x')
                .count()
        })
        .max();
    format!("{BASE}{}", "x".repeat(most.map_or(0, |n| n + 1)))
}

/// Replaces the 64-bit integer literals of `#define` lines by the identifiers they become
/// (see [`Int64Literals`]), appending their values to `lits`: a macro's tokens reach the
/// lexer with the position of the macro's use, not their text, so the token stream
/// cannot see them. Columns after such a literal on its `#define` line shift by the
/// lengths' difference; lines and every other column stay the source's.
pub fn rewrite_int64_in_defines(src: &str, lits: &mut Int64Literals) -> String {
    let b = src.as_bytes();
    // (start, end) of each literal, and its value.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut values = Vec::new();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    let mut line_start = true;
    let mut in_define = false;
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
            // A backslash-newline continues the directive.
            if !(i > 0 && b[i - 1] == b'\\') {
                in_define = false;
            }
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
            in_define = rest.starts_with("define");
            i += 1;
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
        if in_define && let Some(v) = int64_literal(&src[start..i]) {
            spans.push((start, i));
            values.push(v);
        }
    }
    if spans.is_empty() {
        return src.to_string();
    }
    let mut out = String::with_capacity(src.len() + spans.len() * (lits.prefix.len() + 4));
    let mut copied = 0;
    for (&(start, end), v) in spans.iter().zip(values) {
        out.push_str(&src[copied..start]);
        out.push_str(&lits.prefix);
        out.push_str(&lits.values.len().to_string());
        lits.values.push(v);
        copied = end;
    }
    out.push_str(&src[copied..]);
    out
}
