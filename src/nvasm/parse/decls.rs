//! The declarations of memory and units: STORAGE (NV_shader_storage_buffer), BUFFER,
//! BUFFER4 and CBUFFER (NV_gpu_program4 §2.X.3.6, NV_parameter_buffer_object2),
//! TEXTURE, IMAGE and SHARED (NV_compute_program5), each with its load-time rules.

use super::*;

/// The length of the range `s..=e` (`s <= e`), which must fit 32 bits.
fn range_len(s: u32, e: u32, at: Pos) -> R<u32> {
    u32::try_from(e as u64 - s as u64 + 1)
        .map_err(|_| LoadError::at(at, format!("the range [{s}..{e}] is too long")))
}

impl Parser {
    pub(super) fn storage_decl(&mut self) -> R<()> {
        let name = self.new_name()?;
        let first_size = self.opt_array_size()?;
        let second_size = if first_size.is_some() {
            self.opt_array_size()?
        } else {
            None
        };
        self.expect('=')?;
        let list = first_size.is_some();
        if list {
            self.expect('{')?;
        }
        let at = self.pos();
        self.keyword("program")?;
        self.expect('.')?;
        self.keyword("storage")?;
        let (a, b) = self.binding_range()?;
        let bytes = if self.is_punct('[') {
            Some(self.binding_range()?)
        } else {
            None
        };
        if list {
            if self.is_punct(',') {
                return self.err(
                    "glcompute's STORAGE declarations take one binding item (program.storage[a], [a..b] or [a][b..c])",
                );
            }
            self.expect('}')?;
        }
        if b >= limits::MAX_SHADER_STORAGE_BUFFER_BINDINGS as u32 {
            return Err(LoadError::at(
                at,
                format!(
                    "program.storage[{b}] is past GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS ({})",
                    limits::MAX_SHADER_STORAGE_BUFFER_BINDINGS
                ),
            ));
        }
        let two_level = second_size.is_some();
        if two_level && bytes.is_some() {
            return Err(LoadError::at(
                at,
                "a two-level STORAGE array binds whole buffers",
            ));
        }
        if a != b && !two_level {
            return Err(LoadError::at(
                at,
                "a STORAGE variable of several bindings is declared with two array sizes (name[][])",
            ));
        }
        if !list && bytes.is_none() {
            return Err(LoadError::at(
                at,
                "a single STORAGE element names its byte: program.storage[a][b]",
            ));
        }
        let (base, len) = match bytes {
            Some((s, e)) => (s, Some(if list { range_len(s, e, at)? } else { 1 })),
            None => (0, None),
        };
        // A two-level array's first size is its number of bindings.
        if let Some(Some(n)) = first_size
            && two_level
            && n != b - a + 1
        {
            return Err(LoadError::at(
                at,
                "the array size differs from the number of bindings",
            ));
        }
        if let Some(Some(n)) = first_size
            && !two_level
            && Some(n) != len
        {
            return Err(LoadError::at(
                at,
                "the array size differs from the number of bytes bound",
            ));
        }
        for binding in a..=b {
            if !self.prog.storage_bindings.contains(&binding) {
                self.prog.storage_bindings.push(binding);
            }
        }
        let sym = Sym::Storage {
            first: a,
            count: b - a + 1,
            two_level,
            base,
            len,
            array: list,
        };
        self.declare(name, sym, None)
    }

    /// BUFFER, BUFFER4 and CBUFFER (NV_gpu_program4 §2.X.3.6, NV_gpu_program5):
    /// `x = program.buffer[a][b]`, `x[] = { program.buffer[a] }`,
    /// `x[n] = { program.buffer[a][b..c] }`, `x[][] = { program.buffer[a..b] }`.
    /// NV_gpu_program4's grammar writes `= =` for the single form; one `=` or two
    /// are taken.
    pub(super) fn buffer_decl(&mut self, kind: BufferKind, ty: Option<DataType>, at: Pos) -> R<()> {
        let name = self.new_name()?;
        let first_size = self.opt_array_size()?;
        let second_size = if first_size.is_some() {
            self.opt_array_size()?
        } else {
            None
        };
        self.expect('=')?;
        self.eat('=');
        let list = first_size.is_some();
        if list {
            self.expect('{')?;
        }
        let b_at = self.pos();
        self.keyword("program")?;
        self.expect('.')?;
        self.keyword("buffer")?;
        let (a, b) = self.binding_range()?;
        let elems = if self.is_punct('[') {
            Some(self.binding_range()?)
        } else {
            None
        };
        if list {
            if self.is_punct(',') {
                return self.err(
                    "glcompute's parameter buffer declarations take one binding item (program.buffer[a], [a..b] or [a][b..c])",
                );
            }
            self.expect('}')?;
        }
        let max_bindings = limits::MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS as u32;
        if b >= max_bindings {
            return Err(LoadError::at(
                b_at,
                format!(
                    "program.buffer[{b}] is past GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV ({max_bindings})"
                ),
            ));
        }
        let two_level = second_size.is_some();
        if two_level && elems.is_some() {
            return Err(LoadError::at(
                b_at,
                "a two-level parameter buffer array binds whole buffers",
            ));
        }
        if a != b && !two_level {
            return Err(LoadError::at(
                b_at,
                "a parameter buffer variable of several bindings is declared with two array sizes (name[][])",
            ));
        }
        if !list && elems.is_none_or(|(s, e)| s != e) {
            return Err(LoadError::at(
                b_at,
                "a single parameter buffer element names its element: program.buffer[a][b]",
            ));
        }
        // Elements of the whole buffer: MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV words.
        let words = limits::MAX_PROGRAM_PARAMETER_BUFFER_SIZE;
        let whole = match kind {
            BufferKind::Word => words,
            BufferKind::Vec4 => words / 4,
            BufferKind::Bytes => words * 4,
        };
        // A two-level array's elements are its second size (its first is the number
        // of bindings).
        if two_level
            && let Some(Some(n)) = first_size
            && n != b - a + 1
        {
            return Err(LoadError::at(
                b_at,
                "the array size differs from the number of bindings",
            ));
        }
        let declared = if two_level { second_size } else { first_size };
        let (base, len) = match elems {
            Some((s, e)) => (s, range_len(s, e, b_at)?),
            None => (0, declared.flatten().unwrap_or(whole)),
        };
        if base as u64 + len as u64 > whole as u64 {
            return Err(LoadError::at(
                b_at,
                format!(
                    "elements {base}..{} pass the {whole} of a parameter buffer",
                    base as u64 + len as u64 - 1
                ),
            ));
        }
        if let Some(Some(n)) = first_size
            && !two_level
            && n != len
        {
            return Err(LoadError::at(
                b_at,
                "the array size differs from the number of elements bound",
            ));
        }
        for binding in a..=b {
            if kind != BufferKind::Bytes {
                let vec4 = kind == BufferKind::Vec4;
                if *self.buffer_kinds.entry(binding).or_insert(vec4) != vec4 {
                    return Err(LoadError::at(
                        at,
                        format!(
                            "parameter buffer binding {binding} is used by both BUFFER and BUFFER4 variables"
                        ),
                    ));
                }
            }
            if !self.prog.buffer_bindings.contains(&binding) {
                self.prog.buffer_bindings.push(binding);
            }
        }
        let sym = Sym::Buffer {
            kind,
            first: a,
            count: b - a + 1,
            two_level,
            base,
            len,
            array: list,
        };
        self.declare(name, sym, ty)
    }

    /// TEXTURE (NV_gpu_program5) and IMAGE (EXT_shader_image_load_store for
    /// NV_gpu_program5): `x = texture[a]` or `x[] = { texture[a..b] }`, the same with
    /// `image`.
    pub(super) fn unit_decl(&mut self, kind: UnitKind) -> R<()> {
        let name = self.new_name()?;
        let size = self.opt_array_size()?;
        self.expect('=')?;
        if size.is_some() {
            self.expect('{')?;
        }
        let at = self.pos();
        self.keyword(kind.keyword())?;
        let (a, b) = self.binding_range()?;
        if size.is_some() {
            self.expect('}')?;
        } else if a != b {
            return Err(LoadError::at(
                at,
                format!(
                    "a single {} names one {} unit",
                    kind.declaration(),
                    kind.what()
                ),
            ));
        }
        kind.check(b, at)?;
        if let Some(Some(n)) = size
            && n != b - a + 1
        {
            return Err(LoadError::at(
                at,
                format!(
                    "the array size differs from the number of {} units",
                    kind.what()
                ),
            ));
        }
        let sym = Sym::Units {
            kind,
            first: a,
            count: b - a + 1,
            array: size.is_some(),
        };
        self.declare(name, sym, None)
    }

    pub(super) fn shared_decl(&mut self) -> R<()> {
        let name = self.new_name()?;
        let size = self.opt_array_size()?;
        self.expect('=')?;
        if size.is_some() {
            self.expect('{')?;
        }
        let at = self.pos();
        let Some(total) = self.prog.shared_memory else {
            return Err(LoadError::at(
                at,
                "SHARED variables need a SHARED_MEMORY declaration before them",
            ));
        };
        self.keyword("program")?;
        self.expect('.')?;
        self.keyword("sharedmem")?;
        let (base, len) = if self.is_punct('[') {
            let (a, b) = self.binding_range()?;
            if size.is_none() && a != b {
                return Err(LoadError::at(at, "a single SHARED element names one byte"));
            }
            (a, range_len(a, b, at)?)
        } else if size.is_some() {
            (0, total)
        } else {
            return Err(LoadError::at(
                at,
                "a single SHARED element names its byte: program.sharedmem[a]",
            ));
        };
        if size.is_some() {
            self.expect('}')?;
        }
        if base as u64 + len as u64 > total as u64 {
            return Err(LoadError::at(
                at,
                format!(
                    "bytes {base}..{} are past SHARED_MEMORY {total}",
                    base as u64 + len as u64 - 1
                ),
            ));
        }
        if let Some(Some(n)) = size
            && n != len
        {
            return Err(LoadError::at(
                at,
                "the array size differs from the number of bytes bound",
            ));
        }
        let sym = Sym::Shared {
            base,
            len,
            array: size.is_some(),
        };
        self.declare(name, sym, None)
    }
}
