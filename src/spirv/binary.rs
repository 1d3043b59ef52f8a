//! SPIR-V's binary form (SPIR-V 1.6 §2.3, §2.4): the header and the instruction
//! stream, read from untrusted bytes. Every read is checked: a module whose length is
//! not whole words, whose header is short or has the wrong magic number, or whose
//! instruction word counts run past its end is refused with the word offset where the
//! problem is; nothing here allocates more than the input's own size.

use std::fmt;

/// The magic number of a SPIR-V module (SPIR-V 1.6 §3.1).
pub const MAGIC: u32 = 0x0723_0203;
/// Words of the header: magic, version, generator, bound, schema (SPIR-V 1.6 §2.3).
pub const HEADER_WORDS: usize = 5;
/// The highest result id bound glcompute accepts: ids index its tables, and a module
/// of at most MAX_WORDS words defines fewer ids than this.
pub const MAX_BOUND: u32 = 1 << 24;
/// The longest module glcompute reads (64 MiB of words).
pub const MAX_WORDS: usize = 16 << 20;

/// A problem in a module: what, and where (the word offset of the instruction, and
/// its opcode where there is one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpvError {
    pub offset: usize,
    pub op: Option<u32>,
    pub msg: String,
}

impl fmt::Display for SpvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.op {
            Some(op) => write!(
                f,
                "SPIR-V word {}: {}: {}",
                self.offset,
                op_name(op),
                self.msg
            ),
            None => write!(f, "SPIR-V word {}: {}", self.offset, self.msg),
        }
    }
}

/// `Op` and the instruction's name, or its number for an unknown opcode.
pub fn op_name(op: u32) -> String {
    match spirv::Op::from_u32(op) {
        Some(o) => format!("Op{o:?}"),
        None => format!("opcode {op}"),
    }
}

pub type SpvResult<T> = Result<T, SpvError>;

/// An error at the header or between instructions.
pub fn error_at(offset: usize, msg: impl Into<String>) -> SpvError {
    SpvError {
        offset,
        op: None,
        msg: msg.into(),
    }
}

/// The words of a module, in host order: bytes whose length is a whole number of
/// words, with the magic number first (a module written in the other byte order is
/// swapped, as SPIR-V 1.6 §2.3 allows either).
pub fn words_of(bytes: &[u8]) -> SpvResult<Vec<u32>> {
    if !bytes.len().is_multiple_of(4) {
        return Err(error_at(
            bytes.len() / 4,
            format!(
                "the module is {} bytes long, not a whole number of 32-bit words",
                bytes.len()
            ),
        ));
    }
    if bytes.len() / 4 > MAX_WORDS {
        return Err(error_at(
            0,
            format!(
                "the module has {} words, more than glcompute's limit of {MAX_WORDS}",
                bytes.len() / 4
            ),
        ));
    }
    let mut words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    match words.first() {
        Some(&MAGIC) => {}
        Some(&w) if w.swap_bytes() == MAGIC => {
            for w in &mut words {
                *w = w.swap_bytes();
            }
        }
        Some(&w) => {
            return Err(error_at(
                0,
                format!("the magic number is {w:#010x}, not SPIR-V's {MAGIC:#010x}"),
            ));
        }
        None => return Err(error_at(0, "the module is empty")),
    }
    Ok(words)
}

/// The header's fields that matter.
#[derive(Debug, Clone, Copy)]
pub struct Header {
    pub major: u8,
    pub minor: u8,
    pub bound: u32,
}

/// Checks the header of `words` (from [`words_of`]).
pub fn header(words: &[u32]) -> SpvResult<Header> {
    if words.len() < HEADER_WORDS {
        return Err(error_at(
            words.len(),
            format!(
                "the header is {} words, SPIR-V's is {HEADER_WORDS}",
                words.len()
            ),
        ));
    }
    let v = words[1];
    let (major, minor) = ((v >> 16) as u8, (v >> 8) as u8);
    // SPIR-V 1.6 §2.3: the version word is 0 | major | minor | 0.
    if v & 0xff00_00ff != 0 || major != 1 || minor > 6 {
        return Err(error_at(
            1,
            format!("version word {v:#010x} is not a SPIR-V 1.0-1.6 version"),
        ));
    }
    let bound = words[3];
    if bound == 0 || bound > MAX_BOUND {
        return Err(error_at(
            3,
            format!("the id bound {bound} is not between 1 and glcompute's limit {MAX_BOUND}"),
        ));
    }
    if words[4] != 0 {
        return Err(error_at(
            4,
            format!("the schema word is {}, not 0", words[4]),
        ));
    }
    Ok(Header {
        major,
        minor,
        bound,
    })
}

/// One instruction: its opcode, the word offset of its first word and its operand
/// words (everything after the first word).
#[derive(Debug, Clone, Copy)]
pub struct Inst<'a> {
    pub op: u32,
    pub offset: usize,
    pub operands: &'a [u32],
}

impl<'a> Inst<'a> {
    pub fn err(&self, msg: impl Into<String>) -> SpvError {
        SpvError {
            offset: self.offset,
            op: Some(self.op),
            msg: msg.into(),
        }
    }

    /// Operand `i` (a word), or an error naming the instruction.
    pub fn word(&self, i: usize) -> SpvResult<u32> {
        self.operands
            .get(i)
            .copied()
            .ok_or_else(|| self.err(format!("has no operand {}", i + 1)))
    }

    /// The operands from `i` on (empty past the end).
    pub fn rest(&self, i: usize) -> &'a [u32] {
        self.operands.get(i..).unwrap_or(&[])
    }

    /// The literal string starting at operand `i` and the index of the operand after
    /// it (SPIR-V 1.6 §2.2.1: UTF-8 octets, nul-terminated, padded to a whole word).
    pub fn string(&self, i: usize) -> SpvResult<(String, usize)> {
        let mut bytes = Vec::new();
        for (k, w) in self.rest(i).iter().enumerate() {
            for b in w.to_le_bytes() {
                if b == 0 {
                    let s = String::from_utf8(bytes)
                        .map_err(|_| self.err("a literal string is not UTF-8"))?;
                    return Ok((s, i + k + 1));
                }
                bytes.push(b);
            }
        }
        Err(self.err("a literal string has no terminating nul inside the instruction"))
    }
}

/// The instructions after the header, each checked to lie inside the module.
pub fn instructions(words: &[u32]) -> SpvResult<Vec<Inst<'_>>> {
    let mut out = Vec::new();
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let first = words[at];
        let (count, op) = ((first >> 16) as usize, first & 0xffff);
        if count == 0 {
            return Err(error_at(at, "an instruction with a word count of 0"));
        }
        let end = at
            .checked_add(count)
            .filter(|&e| e <= words.len())
            .ok_or_else(|| SpvError {
                offset: at,
                op: Some(op),
                msg: format!(
                    "its word count {count} runs past the end of the module ({} words)",
                    words.len()
                ),
            })?;
        out.push(Inst {
            op,
            offset: at,
            operands: &words[at + 1..end],
        });
        at = end;
    }
    Ok(out)
}
