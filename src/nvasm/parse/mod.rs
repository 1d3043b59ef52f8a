//! The parser: the `!!NVcp5.0` header, options, declarations and instructions
//! (NV_gpu_program4 §2.X.2 as NV_gpu_program5, NV_compute_program5 and
//! NV_shader_storage_buffer extend it), into an [`ast::Program`]. Names are looked up
//! as they are read (a program declares a variable before using it); every rule that
//! makes a program "fail to load" is an error at the offending token. Nothing here
//! recurses: the grammar has no nesting the parser follows by calling itself.

use super::ast::*;
use super::error::LoadError;
use super::error::Pos;
use super::lex::{Tok, Token};
use super::ops::{self, OpInfo, Shape, Types};
use crate::limits;
use std::collections::HashMap;

mod decls;
mod inst;
mod operands;
mod texture;

/// The header every compute program starts with (NV_compute_program5 §2.X.2).
pub const HEADER: &[u8] = b"!!NVcp5.0";

#[derive(Debug, Clone)]
enum Sym {
    Temp(u32),
    Param {
        base: u32,
        len: u32,
        array: bool,
    },
    Attrib(Attrib),
    Storage {
        first: u32,
        count: u32,
        two_level: bool,
        base: u32,
        len: Option<u32>,
        array: bool,
    },
    Shared {
        base: u32,
        len: u32,
        array: bool,
    },
    Buffer {
        kind: BufferKind,
        first: u32,
        count: u32,
        two_level: bool,
        base: u32,
        len: u32,
        array: bool,
    },
    /// Image or texture units `first`..`first + count`.
    Units {
        kind: UnitKind,
        first: u32,
        count: u32,
        array: bool,
    },
}

/// The two kinds of unit a program names: image units and texture units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum UnitKind {
    Image,
    Texture,
}

impl UnitKind {
    fn keyword(self) -> &'static str {
        match self {
            UnitKind::Image => "image",
            UnitKind::Texture => "texture",
        }
    }

    fn declaration(self) -> &'static str {
        match self {
            UnitKind::Image => "IMAGE",
            UnitKind::Texture => "TEXTURE",
        }
    }

    fn what(self) -> &'static str {
        self.keyword()
    }

    fn article(self) -> &'static str {
        match self {
            UnitKind::Image => "an",
            UnitKind::Texture => "a",
        }
    }

    /// Unit `n` exists: below MAX_IMAGE_UNITS or MAX_COMPUTE_TEXTURE_IMAGE_UNITS.
    fn check(self, n: u32, at: Pos) -> R<()> {
        let (max, name) = match self {
            UnitKind::Image => (limits::MAX_IMAGE_UNITS as u32, "GL_MAX_IMAGE_UNITS"),
            UnitKind::Texture => (
                limits::MAX_COMPUTE_TEXTURE_IMAGE_UNITS as u32,
                "GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS",
            ),
        };
        if n >= max {
            return Err(LoadError::at(
                at,
                format!("{}[{n}] is past {name} ({max})", self.keyword()),
            ));
        }
        Ok(())
    }
}

struct Var {
    sym: Sym,
    ty: Option<DataType>,
}

struct Parser {
    toks: Vec<Token>,
    i: usize,
    prog: Program,
    vars: HashMap<String, Var>,
    /// OPTION NV_shader_storage_buffer, NV_shader_atomic_float, NV_texture_multisample.
    storage_option: bool,
    atomic_float: bool,
    texture_multisample: bool,
    local_slots: HashMap<ParamSource, u32>,
    /// Open IF/REP blocks: (is_rep, rep without count, saw BRK at its level).
    blocks: Vec<(bool, bool, bool)>,
    /// The target and type each texture unit is used with (NV_gpu_program4 §2.X.8: a
    /// unit used with two targets fails to load; glcompute also needs one type).
    /// Each texture unit's target (and whether it is a shadow target) and data type.
    texture_units: HashMap<u32, (crate::ir::Dim, bool, Option<DataType>)>,
    /// CAL targets to check once every label is known.
    calls: Vec<(String, Pos)>,
    in_statements: bool,
    /// The parameter buffer bindings BUFFER and BUFFER4 variables use (true:
    /// BUFFER4): NV_gpu_program4 §2.X.3.6 forbids both on one binding.
    buffer_kinds: HashMap<u32, bool>,
    /// Parsing LDC's operand (the one place a CBUFFER variable may be).
    in_ldc: bool,
}

type R<T> = Result<T, LoadError>;

/// Parses a program string.
pub fn parse(text: &[u8]) -> R<Program> {
    if !text.starts_with(HEADER) {
        return Err(LoadError::at(
            Pos {
                offset: 0,
                line: 1,
                col: 1,
            },
            "a compute program must begin with the header \"!!NVcp5.0\"",
        ));
    }
    let toks = super::lex::tokens(text, HEADER.len())?;
    let mut p = Parser {
        toks,
        i: 0,
        prog: Program::default(),
        vars: HashMap::new(),
        storage_option: false,
        atomic_float: false,
        texture_multisample: false,
        local_slots: HashMap::new(),
        blocks: Vec::new(),
        texture_units: HashMap::new(),
        calls: Vec::new(),
        in_statements: false,
        buffer_kinds: HashMap::new(),
        in_ldc: false,
    };
    p.program()?;
    Ok(p.prog)
}

fn comp_of(c: char) -> Option<u8> {
    match c {
        'x' | 'r' => Some(0),
        'y' | 'g' => Some(1),
        'z' | 'b' => Some(2),
        'w' | 'a' => Some(3),
        _ => None,
    }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.i].tok
    }

    fn peek_at(&self, n: usize) -> &Tok {
        &self.toks[(self.i + n).min(self.toks.len() - 1)].tok
    }

    fn pos(&self) -> Pos {
        self.toks[self.i].pos
    }

    fn next(&mut self) -> Token {
        let t = self.toks[self.i].clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }

    fn err<T>(&self, msg: impl Into<String>) -> R<T> {
        Err(LoadError::at(self.pos(), msg))
    }

    fn is_punct(&self, c: char) -> bool {
        *self.peek() == Tok::Punct(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.next();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> R<()> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err(format!("expected '{c}', found {}", self.describe()))
        }
    }

    fn describe(&self) -> String {
        match self.peek() {
            Tok::Ident(s) => format!("\"{s}\""),
            Tok::Int(v) => format!("{v}"),
            Tok::Float(v) => format!("{v}"),
            Tok::Punct(c) => format!("'{c}'"),
            Tok::Range => "'..'".into(),
            Tok::End => "the end of the program".into(),
        }
    }

    fn ident(&mut self) -> R<String> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err(format!("expected a name, found {}", self.describe())),
        }
    }

    fn keyword(&mut self, word: &str) -> R<()> {
        match self.peek() {
            Tok::Ident(s) if s == word => {
                self.next();
                Ok(())
            }
            _ => self.err(format!("expected \"{word}\", found {}", self.describe())),
        }
    }

    fn int(&mut self) -> R<u64> {
        match *self.peek() {
            Tok::Int(v) => {
                self.next();
                Ok(v)
            }
            _ => self.err(format!("expected an integer, found {}", self.describe())),
        }
    }

    fn int32(&mut self) -> R<u32> {
        let at = self.pos();
        let v = self.int()?;
        u32::try_from(v).map_err(|_| LoadError::at(at, "integer constant too large"))
    }

    fn program(&mut self) -> R<()> {
        loop {
            let at = self.pos();
            let word = match self.peek().clone() {
                Tok::Ident(w) => w,
                Tok::End => return self.err("the program ends without \"END\""),
                _ => return self.err(format!("expected a statement, found {}", self.describe())),
            };
            if word == "END" {
                self.next();
                break;
            }
            if *self.peek_at(1) == Tok::Punct(':') {
                self.label(word, at)?;
                continue;
            }
            self.statement(&word, at)?;
        }
        // Text after END is not part of the program (ARB_vertex_program issue 17).
        self.finish()
    }

    fn finish(&mut self) -> R<()> {
        let end = self.pos();
        if let Some(&(rep, ..)) = self.blocks.last() {
            return Err(LoadError::at(
                end,
                if rep {
                    "a REP block is not closed by ENDREP"
                } else {
                    "an IF block is not closed by ENDIF"
                },
            ));
        }
        for (label, at) in &self.calls {
            if !self.prog.labels.contains_key(label) {
                return Err(LoadError::at(
                    *at,
                    format!("CAL names the label \"{label}\", which the program does not define"),
                ));
            }
        }
        // NV_compute_program5 §2.X.7.Y: exactly one GROUP_SIZE (none with a variable
        // group size, ARB_compute_variable_group_size).
        if self.prog.group_size.is_none() && !self.prog.variable_group_size {
            return Err(LoadError::at(
                end,
                "a compute program needs a GROUP_SIZE declaration",
            ));
        }
        Ok(())
    }

    fn label(&mut self, name: String, at: Pos) -> R<()> {
        self.next();
        self.next();
        self.in_statements = true;
        // NV_gpu_program4 §2.X.5: subroutines are not nested in IF or REP blocks.
        if !self.blocks.is_empty() {
            return Err(LoadError::at(
                at,
                format!("the label \"{name}\" is inside an IF or REP block"),
            ));
        }
        if self.vars.contains_key(&name) {
            return Err(LoadError::at(
                at,
                format!("the label \"{name}\" is a variable's name"),
            ));
        }
        if self.prog.labels.contains_key(&name) {
            return Err(LoadError::at(
                at,
                format!("the label \"{name}\" is defined twice"),
            ));
        }
        self.prog.labels.insert(name.clone(), self.prog.insts.len());
        self.prog.insts.push(Inst {
            op: ops::lookup("CAL").expect("CAL"),
            mods: Mods::default(),
            kind: InstKind::Label(name),
            pos: at,
        });
        Ok(())
    }

    fn statement(&mut self, word: &str, at: Pos) -> R<()> {
        match word {
            "OPTION" => {
                if self.in_statements {
                    return self.err("OPTION lines come before every other statement");
                }
                self.next();
                let name = self.ident()?;
                match name.as_str() {
                    "NV_shader_storage_buffer" => self.storage_option = true,
                    "NV_shader_atomic_float" => self.atomic_float = true,
                    // The multisample texture targets 2DMS and ARRAY2DMS
                    // (NV_texture_multisample); NV_explicit_multisample's TXFMS needs
                    // nothing more here (its RENDERBUFFER target is not supported).
                    "NV_texture_multisample" => self.texture_multisample = true,
                    "NV_explicit_multisample" => {}
                    "ARB_compute_variable_group_size" => self.prog.variable_group_size = true,
                    _ => {
                        return Err(LoadError::at(
                            at,
                            format!("the program option \"{name}\" is not supported"),
                        ));
                    }
                }
                return self.expect(';');
            }
            "GROUP_SIZE" => return self.group_size(at),
            "SHARED_MEMORY" => {
                self.next();
                let n_at = self.pos();
                let n = self.int32()?;
                if self.prog.shared_memory.is_some() {
                    return Err(LoadError::at(
                        at,
                        "a program may have one SHARED_MEMORY declaration",
                    ));
                }
                // NV_compute_program5 §2.X.7.Y: at most MAX_COMPUTE_SHARED_MEMORY_SIZE.
                if n as u64 > limits::MAX_COMPUTE_SHARED_MEMORY_SIZE as u64 {
                    return Err(LoadError::at(
                        n_at,
                        format!(
                            "SHARED_MEMORY {n} is more than GL_MAX_COMPUTE_SHARED_MEMORY_SIZE ({})",
                            limits::MAX_COMPUTE_SHARED_MEMORY_SIZE
                        ),
                    ));
                }
                self.prog.shared_memory = Some(n);
                self.in_statements = true;
                return self.expect(';');
            }
            _ => {}
        }
        self.in_statements = true;
        // Variable modifiers (NV_gpu_program4 §2.X.3.1).
        let mut ty = None;
        let mut size = false;
        let mut word = word.to_string();
        loop {
            let t = match word.as_str() {
                "INT" => Some(Some(DataType::S)),
                "UINT" => Some(Some(DataType::U)),
                "FLOAT" => Some(Some(DataType::F)),
                "SHORT" | "LONG" => Some(None),
                _ => None,
            };
            let Some(t) = t else { break };
            match t {
                Some(_) if ty.is_some() => {
                    return self.err("a declaration has one data type modifier");
                }
                Some(t) => ty = Some(t),
                None if size => return self.err("a declaration has one size modifier"),
                None => size = true,
            }
            self.next();
            word = match self.peek().clone() {
                Tok::Ident(w) => w,
                _ => return self.err(format!("expected a declaration, found {}", self.describe())),
            };
        }
        let decl_mods = ty.is_some() || size;
        match word.as_str() {
            "TEMP" => {
                self.next();
                self.temp_decl(ty)
            }
            "PARAM" => {
                self.next();
                self.param_decl(ty)
            }
            "ATTRIB" if !size => {
                self.next();
                let name = self.new_name()?;
                self.expect('=')?;
                let a = self.attrib_binding()?;
                self.prog.attribs += 1;
                self.declare(name, Sym::Attrib(a), ty)
            }
            "ALIAS" if !decl_mods => {
                self.next();
                let name = self.new_name()?;
                self.expect('=')?;
                let at = self.pos();
                let old = self.ident()?;
                let Some(v) = self.vars.get(&old) else {
                    return Err(LoadError::at(at, format!("\"{old}\" is not declared")));
                };
                let (sym, ty) = (v.sym.clone(), v.ty);
                self.declare(name, sym, ty)
            }
            "STORAGE" if !decl_mods => {
                self.next();
                if !self.storage_option {
                    return Err(LoadError::at(
                        at,
                        "STORAGE declarations need OPTION NV_shader_storage_buffer",
                    ));
                }
                self.storage_decl()
            }
            "SHARED" if !decl_mods => {
                self.next();
                self.shared_decl()
            }
            "BUFFER" | "BUFFER4" | "CBUFFER" => {
                self.next();
                let kind = match word.as_str() {
                    "BUFFER" => BufferKind::Word,
                    "BUFFER4" => BufferKind::Vec4,
                    _ => BufferKind::Bytes,
                };
                self.buffer_decl(kind, ty, at)
            }
            "IMAGE" if !decl_mods => {
                self.next();
                self.unit_decl(UnitKind::Image)
            }
            "TEXTURE" if !decl_mods => {
                self.next();
                self.unit_decl(UnitKind::Texture)
            }
            "SUBROUTINETYPE" | "SUBROUTINE" => self.err(format!(
                "{word} declarations are not supported by glcompute's assembly compute programs yet"
            )),
            "OUTPUT" => {
                self.err("compute programs have no result variables (NV_compute_program5 §2.X.3.5)")
            }
            _ if decl_mods => self.err(format!("expected a declaration, found \"{word}\"")),
            _ => self.instruction(&word, at),
        }
    }

    fn group_size(&mut self, at: Pos) -> R<()> {
        self.next();
        let mut size = [1u32; 3];
        for (i, s) in size.iter_mut().enumerate() {
            if i > 0 {
                self.eat(',');
                if !matches!(self.peek(), Tok::Int(_)) {
                    break;
                }
            }
            let n_at = self.pos();
            let n = self.int32()?;
            // NV_compute_program5 §2.X.7.Y: each at most MAX_COMPUTE_WORK_GROUP_SIZE.
            let max = limits::MAX_COMPUTE_WORK_GROUP_SIZE[i];
            if n == 0 || n as i64 > max as i64 {
                return Err(LoadError::at(
                    n_at,
                    format!(
                        "GROUP_SIZE {} dimension {n} is not in 1..{max} (GL_MAX_COMPUTE_WORK_GROUP_SIZE)",
                        ["x", "y", "z"][i]
                    ),
                ));
            }
            *s = n;
        }
        self.expect(';')?;
        if self.prog.variable_group_size {
            return Err(LoadError::at(
                at,
                "a program with OPTION ARB_compute_variable_group_size has no GROUP_SIZE",
            ));
        }
        if self.prog.group_size.is_some() {
            return Err(LoadError::at(
                at,
                "a program may have one GROUP_SIZE declaration",
            ));
        }
        let total = size.iter().map(|&v| v as u64).product::<u64>();
        if total > limits::MAX_COMPUTE_WORK_GROUP_INVOCATIONS as u64 {
            return Err(LoadError::at(
                at,
                format!(
                    "GROUP_SIZE makes {total} invocations, more than GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS ({})",
                    limits::MAX_COMPUTE_WORK_GROUP_INVOCATIONS
                ),
            ));
        }
        self.prog.group_size = Some(size);
        self.in_statements = true;
        Ok(())
    }

    fn new_name(&mut self) -> R<(String, Pos)> {
        let at = self.pos();
        let name = self.ident()?;
        if matches!(
            name.as_str(),
            "program" | "result" | "state" | "texture" | "invocation"
        ) {
            return Err(LoadError::at(at, format!("\"{name}\" is a reserved word")));
        }
        if self.vars.contains_key(&name) {
            return Err(LoadError::at(at, format!("\"{name}\" is declared twice")));
        }
        Ok((name, at))
    }

    fn declare(&mut self, (name, _): (String, Pos), sym: Sym, ty: Option<DataType>) -> R<()> {
        self.vars.insert(name, Var { sym, ty });
        self.expect(';')
    }

    /// `[n]`, `[]` (None inside) or nothing (outer None).
    fn opt_array_size(&mut self) -> R<Option<Option<u32>>> {
        if !self.eat('[') {
            return Ok(None);
        }
        if self.eat(']') {
            return Ok(Some(None));
        }
        let at = self.pos();
        let n = self.int32()?;
        if n == 0 {
            return Err(LoadError::at(at, "an array size must be positive"));
        }
        self.expect(']')?;
        Ok(Some(Some(n)))
    }

    fn temp_decl(&mut self, ty: Option<DataType>) -> R<()> {
        loop {
            let (name, at) = self.new_name()?;
            let len = match self.opt_array_size()? {
                None => None,
                Some(Some(n)) => Some(n),
                Some(None) => return Err(LoadError::at(at, "a TEMP array needs a size")),
            };
            let words = self
                .prog
                .temps
                .iter()
                .map(|t| t.len.unwrap_or(1) as u64)
                .sum::<u64>()
                + len.unwrap_or(1) as u64;
            if words > MAX_TEMPORARIES as u64 {
                return Err(LoadError::at(
                    at,
                    format!(
                        "more than {MAX_TEMPORARIES} temporaries (GL_MAX_PROGRAM_TEMPORARIES_ARB)"
                    ),
                ));
            }
            let id = self.prog.temps.len() as u32;
            self.prog.temps.push(Temp {
                name: name.clone(),
                len,
                ty,
            });
            self.vars.insert(
                name,
                Var {
                    sym: Sym::Temp(id),
                    ty,
                },
            );
            if !self.eat(',') {
                break;
            }
        }
        self.expect(';')
    }

    fn param_decl(&mut self, ty: Option<DataType>) -> R<()> {
        let name = self.new_name()?;
        let size = self.opt_array_size()?;
        self.expect('=')?;
        let at = self.pos();
        let mut slots = Vec::new();
        if size.is_some() {
            self.expect('{')?;
            loop {
                self.param_items(ty, true, &mut slots)?;
                if !self.eat(',') {
                    break;
                }
            }
            self.expect('}')?;
        } else {
            self.param_items(ty, false, &mut slots)?;
        }
        if let Some(Some(n)) = size
            && n as usize != slots.len()
        {
            return Err(LoadError::at(
                at,
                format!("the array has {n} elements but {} bindings", slots.len()),
            ));
        }
        let base = self.prog.params.len() as u32;
        if self.prog.params.len() + slots.len() > MAX_PARAMETERS as usize {
            return Err(LoadError::at(
                at,
                format!("more than {MAX_PARAMETERS} parameters (GL_MAX_PROGRAM_PARAMETERS_ARB)"),
            ));
        }
        let len = slots.len() as u32;
        self.prog.params.extend(slots);
        let sym = Sym::Param {
            base,
            len,
            array: size.is_some(),
        };
        self.declare(name, sym, ty)
    }

    /// One item of a PARAM binding list: a constant, `program.local[a]`/`[a..b]`,
    /// `program.env[a]`/`[a..b]` (ranges only in lists).
    fn param_items(
        &mut self,
        ty: Option<DataType>,
        multi: bool,
        out: &mut Vec<ParamSource>,
    ) -> R<()> {
        let at = self.pos();
        match self.peek().clone() {
            Tok::Ident(w) if w == "program" => {
                self.next();
                self.expect('.')?;
                let kind_at = self.pos();
                let kind = self.ident()?;
                let (local, max) = match kind.as_str() {
                    "local" => (true, MAX_LOCAL_PARAMETERS),
                    "env" => (false, MAX_ENV_PARAMETERS),
                    _ => {
                        return Err(LoadError::at(
                            kind_at,
                            format!("program.{kind} is not a parameter binding of a compute program"),
                        ));
                    }
                };
                self.expect('[')?;
                let a_at = self.pos();
                let a = self.int32()?;
                let b = if multi && *self.peek() == Tok::Range {
                    self.next();
                    self.int32()?
                } else {
                    a
                };
                self.expect(']')?;
                if a > b {
                    return Err(LoadError::at(a_at, format!("the range [{a}..{b}] is empty")));
                }
                if b >= max {
                    return Err(LoadError::at(
                        a_at,
                        format!(
                            "program.{kind}[{b}] is past GL_MAX_PROGRAM_{}_PARAMETERS_ARB ({max})",
                            if local { "LOCAL" } else { "ENV" }
                        ),
                    ));
                }
                // NV_gpu_program4 §2.X.3.3 / ARB_vertex_program: at most
                // MAX_PROGRAM_PARAMETERS_ARB parameters (checked before the slots are
                // made, so a long list costs nothing).
                if (self.prog.params.len() + out.len()) as u64 + (b - a) as u64 + 1
                    > MAX_PARAMETERS as u64
                {
                    return Err(LoadError::at(
                        a_at,
                        format!("more than {MAX_PARAMETERS} parameters (GL_MAX_PROGRAM_PARAMETERS_ARB)"),
                    ));
                }
                for i in a..=b {
                    out.push(if local { ParamSource::Local(i) } else { ParamSource::Env(i) });
                }
                Ok(())
            }
            Tok::Ident(w) if w == "state" => self.err(
                "state.* bindings (fixed-function state) are not supported by glcompute's compute programs",
            ),
            Tok::Punct('{') => {
                let c = self.const_vector()?;
                out.push(ParamSource::Const(const_bits(&c, ty.unwrap_or(DataType::F), at)?));
                Ok(())
            }
            _ => {
                let c = self.signed_const()?;
                out.push(ParamSource::Const(const_bits(&[c], ty.unwrap_or(DataType::F), at)?));
                Ok(())
            }
        }
    }

    fn signed_const(&mut self) -> R<ConstScalar> {
        let negative = if self.eat('-') {
            true
        } else {
            self.eat('+');
            false
        };
        match *self.peek() {
            Tok::Int(v) => {
                self.next();
                Ok(ConstScalar::Int { value: v, negative })
            }
            Tok::Float(v) => {
                self.next();
                Ok(ConstScalar::Float(if negative { -v } else { v }))
            }
            _ => self.err(format!("expected a constant, found {}", self.describe())),
        }
    }

    fn const_vector(&mut self) -> R<Vec<ConstScalar>> {
        self.expect('{')?;
        let mut v = vec![self.signed_const()?];
        while self.eat(',') {
            if v.len() == 4 {
                return self.err("a constant vector has at most four components");
            }
            v.push(self.signed_const()?);
        }
        self.expect('}')?;
        // NV_gpu_program4 §2.X.3.3: missing components are (0, 0, 1) for y, z, w (only a
        // bare scalar is replicated, so a vector always has four).
        while v.len() < 4 {
            let value = u64::from(v.len() == 3);
            v.push(ConstScalar::Int {
                value,
                negative: false,
            });
        }
        Ok(v)
    }

    fn attrib_binding(&mut self) -> R<Attrib> {
        let at = self.pos();
        let w = self.ident()?;
        if w != "invocation" {
            return Err(LoadError::at(
                at,
                format!("\"{w}\" is not an attribute binding of a compute program (invocation.*)"),
            ));
        }
        self.expect('.')?;
        let at = self.pos();
        let kind = self.ident()?;
        Ok(match kind.as_str() {
            "localid" => Attrib::LocalId,
            "globalid" => Attrib::GlobalId,
            "groupid" => Attrib::GroupId,
            "groupcount" => Attrib::GroupCount,
            "groupsize" => Attrib::GroupSize,
            "localindex" => Attrib::LocalIndex,
            _ => {
                return Err(LoadError::at(
                    at,
                    format!("invocation.{kind} is not a compute attribute binding"),
                ));
            }
        })
    }

    /// `[a]` or `[a..b]` after a binding name: (a, b).
    fn binding_range(&mut self) -> R<(u32, u32)> {
        self.expect('[')?;
        let at = self.pos();
        let a = self.int32()?;
        let b = if *self.peek() == Tok::Range {
            self.next();
            self.int32()?
        } else {
            a
        };
        self.expect(']')?;
        if a > b {
            return Err(LoadError::at(at, format!("the range [{a}..{b}] is empty")));
        }
        Ok((a, b))
    }
}

/// Limits of a compute program (GetProgramivARB's MAX_PROGRAM_* values).
pub const MAX_TEMPORARIES: u32 = 4096;
pub const MAX_PARAMETERS: u32 = 1024;
pub const MAX_LOCAL_PARAMETERS: u32 = 1024;
pub const MAX_ENV_PARAMETERS: u32 = 256;
pub const MAX_INSTRUCTIONS: u32 = 65536;
pub const MAX_IF_DEPTH: u32 = 64;
pub const MAX_LOOP_DEPTH: u32 = 16;
pub const MAX_CALL_DEPTH: u32 = 8;

/// A declaration's constant as four words of `ty` (NV_gpu_program4 §2.X.3.3: missing
/// y, z, w are 0, 0, 1; a scalar is replicated; a float constant for an integer, or a
/// negative one for an unsigned integer, fails).
pub fn const_bits(c: &[ConstScalar], ty: DataType, at: Pos) -> R<[u32; 4]> {
    let mut out = [0u32; 4];
    let vals: Vec<ConstScalar> = if c.len() == 1 && c.len() < 4 {
        vec![c[0]; 4]
    } else {
        let mut v = c.to_vec();
        let one = match c[0] {
            ConstScalar::Float(_) => ConstScalar::Float(1.0),
            ConstScalar::Int { .. } => ConstScalar::Int {
                value: 1,
                negative: false,
            },
        };
        while v.len() < 4 {
            v.push(if v.len() == 3 {
                one
            } else {
                ConstScalar::Int {
                    value: 0,
                    negative: false,
                }
            });
        }
        v
    };
    for (o, v) in out.iter_mut().zip(vals) {
        *o = scalar_bits(v, ty, at)?;
    }
    Ok(out)
}

/// One constant as the bits of `ty`.
pub fn scalar_bits(v: ConstScalar, ty: DataType, at: Pos) -> R<u32> {
    match (v, ty) {
        (ConstScalar::Float(f), DataType::F) => Ok((f as f32).to_bits()),
        (ConstScalar::Int { value, negative }, DataType::F) => {
            let f = value as f64;
            Ok((if negative { -f } else { f } as f32).to_bits())
        }
        (ConstScalar::Float(_), _) => Err(LoadError::at(
            at,
            "a floating-point constant where an integer is needed",
        )),
        (
            ConstScalar::Int {
                value,
                negative: false,
            },
            DataType::U,
        ) => u32::try_from(value).map_err(|_| LoadError::at(at, "integer constant too large")),
        (ConstScalar::Int { negative: true, .. }, DataType::U) => Err(LoadError::at(
            at,
            "a negative constant where an unsigned integer is needed",
        )),
        (ConstScalar::Int { value, negative }, DataType::S) => {
            let v = if negative {
                -(value as i128)
            } else {
                value as i128
            };
            i32::try_from(v)
                .map(|v| v as u32)
                .map_err(|_| LoadError::at(at, "integer constant too large"))
        }
    }
}
