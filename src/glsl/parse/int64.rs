//! GL_ARB_gpu_shader_int64's 64-bit integer literals (`7l`, `0x8000000000000000UL`),
//! which glsl-lang cannot lex: replaced by identifiers before preprocessing, with the
//! values kept for the front end and the edits kept for the line map.

use crate::ir::Literal;

/// The 64-bit integer literals of a shader: each was replaced by an identifier
/// `<prefix><n>` (see [`rewrite`]), and the front end reads identifier `n`'s value from
/// here.
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
fn prefix(src: &str) -> String {
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

/// Replaces the 64-bit integer literals of `src` by identifiers (see [`Int64Literals`])
/// before preprocessing: glsl-lang's lexer knows only 32-bit integer literals (a suffix
/// `l` is an error there), and a literal can reach it through a macro, whose tokens
/// carry the position of the macro's use, so the lexer's token stream cannot replace
/// them itself. Directives other than `#define` are left alone (a 64-bit literal in
/// `#if` stays a preprocessor error). Lines do not change; the edits returned, for
/// [`super::lines::LineMap::rewritten`], let every position of the rewritten text be reported where it
/// is in `src`. One pass finds the literals, then the prefix is chosen and the output
/// built (both linear).
pub fn rewrite(src: &str) -> (String, Int64Literals, Vec<Edit>) {
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
        return (src.to_string(), lits, Vec::new());
    }
    lits.prefix = prefix(src);
    let mut out = String::with_capacity(src.len() + spans.len() * (lits.prefix.len() + 4));
    let mut edits = Vec::with_capacity(spans.len());
    let mut copied = 0;
    for (n, &(start, end)) in spans.iter().enumerate() {
        out.push_str(&src[copied..start]);
        let at = out.len();
        out.push_str(&lits.prefix);
        out.push_str(&n.to_string());
        edits.push(Edit {
            rewritten: at..out.len(),
            source: start..end,
        });
        copied = end;
    }
    out.push_str(&src[copied..]);
    (out, lits, edits)
}

/// One replacement: the bytes `source` of the source became the bytes `rewritten` of
/// the rewritten text.
#[derive(Debug, Clone)]
pub struct Edit {
    pub rewritten: std::ops::Range<usize>,
    pub source: std::ops::Range<usize>,
}
