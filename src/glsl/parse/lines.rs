//! The mapping from byte offsets of the text glsl-lang parses to GL-style (string, line,
//! column) positions of the source, following `#line` directives and the 64-bit
//! literals replaced before parsing.

use super::int64::Edit;
use crate::ir::Span;

/// Maps byte offsets of the parsed text to (string, line, column) of the source,
/// following `#line` and the replacements of [`LineMap::rewritten`].
pub struct LineMap {
    /// Byte offset where each physical line of the source starts.
    pub starts: Vec<usize>,
    /// The replacements that made the parsed text from the source, in order.
    edits: Vec<Edit>,
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
            edits: Vec::new(),
            remaps: Vec::new(),
        }
    }

    /// From now on offsets are of the text the edits made from the source (an offset
    /// inside a replacement is its source's start); before, of the source itself.
    pub fn rewritten(&mut self, edits: Vec<Edit>) {
        self.edits = edits;
    }

    /// The source offset of parsed-text offset `offset`.
    fn source_offset(&self, offset: usize) -> usize {
        let mut shifted = offset;
        for e in &self.edits {
            if offset < e.rewritten.start {
                break;
            }
            if offset < e.rewritten.end {
                return e.source.start;
            }
            shifted = offset - e.rewritten.end + e.source.end;
        }
        shifted
    }

    /// `#line line [string]` on physical line `phys` (0-based): the next line is `line`.
    pub fn add_line_directive(&mut self, phys: usize, line: u32, string: Option<u32>) {
        let string = string.unwrap_or_else(|| self.remaps.last().map(|r| r.2).unwrap_or(0));
        self.remaps.push((phys + 1, line, string));
    }

    /// The physical line (0-based) of parsed-text offset `offset`.
    pub fn physical_line(&self, offset: usize) -> usize {
        let offset = self.source_offset(offset);
        match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// The position of parsed-text offset `offset` in the source.
    pub fn span(&self, offset: usize) -> Span {
        let phys = self.physical_line(offset);
        let col = (self.source_offset(offset) - self.starts[phys]) as u32 + 1;
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
