//! The mapping from byte offsets of the source to GL-style (string, line, column)
//! positions, following `#line` directives.

use crate::ir::Span;

/// Maps byte offsets of the source to (string, line, column), following `#line`.
pub struct LineMap {
    /// Byte offset where each physical line starts.
    pub starts: Vec<usize>,
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
    pub fn add_line_directive(&mut self, phys: usize, line: u32, string: Option<u32>) {
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
