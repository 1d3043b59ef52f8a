//! Where a program string has a problem ([`Pos`]) and what it is ([`LoadError`]):
//! the vocabulary of the front end's passes.

use std::fmt;

/// A place in the program string: byte offset, 1-based line and column.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pos {
    pub offset: usize,
    pub line: u32,
    pub col: u32,
}

/// Why a program failed to load: where and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub pos: Pos,
    pub message: String,
}

impl LoadError {
    pub fn at(pos: Pos, message: impl Into<String>) -> LoadError {
        LoadError {
            pos,
            message: message.into(),
        }
    }
}

impl fmt::Display for LoadError {
    /// NVIDIA's form: `line 9, column 16:  error: ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}:  error: {}",
            self.pos.line, self.pos.col, self.message
        )
    }
}
