//! The tokens of an assembly program (NV_gpu_program4 §2.X.2: the grammar's
//! terminals): identifiers, integer and floating-point constants, punctuation. `#`
//! starts a comment that runs to the end of the line. Every token keeps its byte
//! offset, line and column for the load error (PROGRAM_ERROR_POSITION_ARB is the
//! byte offset).

use super::error::{LoadError, Pos};

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Ident(String),
    /// An integer constant: decimal, or hexadecimal with `0x` (NV_gpu_program4
    /// <int>); its value as written (it may not fit 32 bits: the user checks).
    Int(u64),
    /// A floating-point constant (a decimal point or an exponent).
    Float(f64),
    Punct(char),
    /// `..` of an array range.
    Range,
    End,
}

#[derive(Debug, Clone)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
}

/// The program's tokens after the header, ending with [`Tok::End`]. Err: the first
/// character that starts no token.
pub fn tokens(text: &[u8], start: usize) -> Result<Vec<Token>, LoadError> {
    let mut out = Vec::new();
    let mut i = start;
    let (mut line, mut col) = (1u32, 1u32);
    for &c in &text[..start.min(text.len())] {
        if c == b'\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    while i < text.len() {
        let c = text[i];
        let pos = Pos {
            offset: i,
            line,
            col,
        };
        let begin = i;
        if c == b'\n' {
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        // A comment ends at a newline or a carriage return (NV_gpu_program4 §2.X.2).
        if c == b'#' {
            while i < text.len() && text[i] != b'\n' && text[i] != b'\r' {
                i += 1;
            }
            continue;
        }
        let tok = if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            while i < text.len()
                && (text[i].is_ascii_alphanumeric() || text[i] == b'_' || text[i] == b'$')
            {
                i += 1;
            }
            Tok::Ident(String::from_utf8_lossy(&text[begin..i]).into_owned())
        } else if c.is_ascii_digit()
            || (c == b'.' && text.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            number(text, &mut i, pos)?
        } else if c == b'.' && text.get(i + 1) == Some(&b'.') {
            i += 2;
            Tok::Range
        } else if b"[](){},;.=-+|:".contains(&c) {
            i += 1;
            Tok::Punct(c as char)
        } else {
            return Err(LoadError::at(
                pos,
                format!(
                    "unexpected character {}",
                    if c.is_ascii_graphic() {
                        format!("'{}'", c as char)
                    } else {
                        format!("0x{c:02x}")
                    }
                ),
            ));
        };
        col += (i - begin) as u32;
        out.push(Token { tok, pos });
    }
    out.push(Token {
        tok: Tok::End,
        pos: Pos {
            offset: text.len(),
            line,
            col,
        },
    });
    Ok(out)
}

/// A constant starting at `*i`: `0x` hexadecimal, decimal digits, or a float with a
/// fraction or exponent. `4..7` is 4, a range and 7 (the dot of a range ends it).
fn number(text: &[u8], i: &mut usize, pos: Pos) -> Result<Tok, LoadError> {
    let begin = *i;
    let too_big = || LoadError::at(pos, "integer constant too large");
    if text[*i] == b'0' && matches!(text.get(*i + 1), Some(b'x' | b'X')) {
        *i += 2;
        let digits = *i;
        let mut v: u64 = 0;
        while *i < text.len() && text[*i].is_ascii_hexdigit() {
            let d = (text[*i] as char).to_digit(16).unwrap_or(0) as u64;
            v = v
                .checked_mul(16)
                .and_then(|v| v.checked_add(d))
                .ok_or_else(too_big)?;
            *i += 1;
        }
        if *i == digits {
            return Err(LoadError::at(pos, "hexadecimal constant without digits"));
        }
        return Ok(Tok::Int(v));
    }
    while *i < text.len() && text[*i].is_ascii_digit() {
        *i += 1;
    }
    let mut float = false;
    if *i < text.len() && text[*i] == b'.' && text.get(*i + 1) != Some(&b'.') {
        float = true;
        *i += 1;
        while *i < text.len() && text[*i].is_ascii_digit() {
            *i += 1;
        }
    }
    if *i < text.len() && matches!(text[*i], b'e' | b'E') {
        let mut j = *i + 1;
        if j < text.len() && matches!(text[j], b'+' | b'-') {
            j += 1;
        }
        if j < text.len() && text[j].is_ascii_digit() {
            float = true;
            while j < text.len() && text[j].is_ascii_digit() {
                j += 1;
            }
            *i = j;
        }
    }
    let s = std::str::from_utf8(&text[begin..*i]).unwrap_or("0");
    if float {
        s.parse::<f64>()
            .map(Tok::Float)
            .map_err(|_| LoadError::at(pos, "malformed floating-point constant"))
    } else {
        s.parse::<u64>().map(Tok::Int).map_err(|_| too_big())
    }
}
