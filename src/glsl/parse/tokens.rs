//! The one token adapter between glsl-lang's lexer and its parser: what glcompute
//! changes in the token stream, each at the token it concerns. Subroutine type names
//! become type names; words a `#version` does not have yet are identifiers and reserved
//! words are recorded (words.rs); words glsl-lang rejects outright become identifiers
//! again. (64-bit literals cannot be met here, since a macro's tokens carry the
//! position of the macro's use: they are replaced before preprocessing, see
//! [`super::int64`].)

use crate::glsl::words::{WordIs, Words};
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
    /// The previous token was `.`: a field selection follows, whose name is an
    /// identifier even where a struct of that name was declared (GLSL 4.60 §5.5).
    after_dot: bool,
}

thread_local! {
    /// The shader being parsed on this thread: its words (set by [`begin`] before
    /// glsl-lang creates the lexer) and the reserved words it used, with their offsets
    /// in the parsed text (taken by [`finish`] after parsing).
    static WORDS: std::cell::RefCell<(Words, Vec<(usize, String)>)> = Default::default();
    /// The text being parsed (the lexer's positions are offsets into it), for the words
    /// glsl-lang's lexer rejects outright and the 64-bit literals.
    static TEXT: std::cell::RefCell<String> = Default::default();
}

/// Sets the token adapter up for parsing `text` on this thread.
pub fn begin(text: &str) {
    WORDS.with(|w| *w.borrow_mut() = (Words::of_source(text), Vec::new()));
    TEXT.with(|t| text.clone_into(&mut t.borrow_mut()));
}

/// What the token adapter gathered while parsing: the reserved words the shader used
/// (offset, word).
pub fn finish() -> Vec<(usize, String)> {
    let reserved = WORDS.with(|w| std::mem::take(&mut *w.borrow_mut()).1);
    TEXT.with(|t| t.borrow_mut().clear());
    reserved
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
            after_dot: false,
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
        // glsl-lang gates the image types and atomic_uint at #version 420, and GLSL ES
        // 3.10 (#version 310 es) has them; 3.20 adds buffer and cube map array images.
        if self.words.profile() == Some("es")
            && self.words.version() >= 420
            && (!Words::versioned(&word) || self.words.classify(&word) == WordIs::Keyword)
            && let Some(tok) = es_type(&word)
        {
            use lang_util::position::LexerPosition;
            let range = pos.range();
            return Some((
                LexerPosition::new(pos.source_id(), range.start()),
                tok,
                LexerPosition::new(pos.source_id(), range.end()),
            ));
        }
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

/// The token of a type GLSL ES 3.10 or 3.20 has that glsl-lang's lexer gives only from
/// GLSL 4.00 or 4.20 on (the caller checks that the shader's version has it).
fn es_type(word: &str) -> Option<glsl_lang::lexer::Token> {
    use glsl_lang::lexer::Token::*;
    Some(match word {
        "samplerCubeArray" => SamplerCubeArray,
        "samplerCubeArrayShadow" => SamplerCubeArrayShadow,
        "isamplerCubeArray" => ISamplerCubeArray,
        "usamplerCubeArray" => USamplerCubeArray,
        "imageBuffer" => ImageBuffer,
        "iimageBuffer" => IImageBuffer,
        "uimageBuffer" => UImageBuffer,
        "imageCubeArray" => ImageCubeArray,
        "iimageCubeArray" => IImageCubeArray,
        "uimageCubeArray" => UImageCubeArray,
        "atomic_uint" => AtomicUInt,
        "image2D" => Image2D,
        "iimage2D" => IImage2D,
        "uimage2D" => UImage2D,
        "image3D" => Image3D,
        "iimage3D" => IImage3D,
        "uimage3D" => UImage3D,
        "imageCube" => ImageCube,
        "iimageCube" => IImageCube,
        "uimageCube" => UImageCube,
        "image2DArray" => Image2DArray,
        "iimage2DArray" => IImage2DArray,
        "uimage2DArray" => UImage2DArray,
        _ => return None,
    })
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
        if let Ok((_, tok, _)) = &mut item
            && let Token::Identifier(name) | Token::TypeName(name) = &*tok
            && self.words.profile() == Some("es")
            && self.words.version() >= 420
            && (!Words::versioned(name) || self.words.classify(name) == WordIs::Keyword)
            && let Some(t) = es_type(name)
        {
            *tok = t;
        }
        // GLSL ES 3.10 §3.7: the double types are reserved words.
        if let Ok((start, tok, _)) = &mut item
            && let Token::Identifier(name) | Token::TypeName(name) = &*tok
            && self.words.profile() == Some("es")
            && (name.as_str() == "double"
                || name
                    .strip_prefix("dvec")
                    .is_some_and(|n| matches!(n, "2" | "3" | "4"))
                || name.strip_prefix("dmat").is_some_and(|n| {
                    matches!(n, "2" | "3" | "4")
                        || matches!(n.as_bytes(), [b'2'..=b'4', b'x', b'2'..=b'4'])
                }))
        {
            let word = name.to_string();
            WORDS.with(|w| {
                w.borrow_mut()
                    .1
                    .push((usize::from(start.offset), word.clone()))
            });
            *tok = Token::Identifier(word.as_str().into());
        }
        if let Ok((start, tok, _)) = &mut item {
            self.version_word(usize::from(start.offset), tok);
            if let Token::Identifier(name) = &*tok
                && self.names.contains(name.as_str())
            {
                *tok = Token::TypeName(name.clone());
            }
            if self.after_dot
                && let Token::TypeName(name) = &*tok
            {
                *tok = Token::Identifier(name.clone());
            }
            self.after_dot = matches!(tok, Token::Dot);
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
