//! Lowering a parsed program into the IR. Every temporary is a `uvec4` (or array of
//! them) of raw bits, a private global shared by the main code and the subroutines;
//! an instruction reads its operands as its data type (bit casts), computes in that
//! type and writes bits back under its write mask and condition mask
//! (NV_gpu_program4 §2.X.4). The condition code registers CC0 and CC1 are `uvec4`s
//! of flag bits per component (SF 1, ZF 2, OF 4, CF 8; §2.X.4.3). Parameters are one
//! uniform `uvec4` array the API fills before each dispatch; storage buffers are
//! buffer blocks of words by binding, shared memory an array of words, both addressed
//! in bytes as the instructions give them.
//!
//! Subroutines (labels, CAL, RET; §2.X.5) become functions. The IR has no recursion,
//! and NV_gpu_program4 bounds call depth by MAX_PROGRAM_CALL_DEPTH_NV, so a
//! subroutine gets one function per call depth it is reached at; a CAL deeper than
//! the limit does nothing (issue 38 of NV_gpu_program4: NVIDIA's behaviour).
//! Control flow is built with an explicit stack of open blocks, never by recursion.

mod alu;
mod convert;
mod images;
mod memory;
mod units;

use super::ast::*;
use super::error::Pos;
use super::parse::MAX_CALL_DEPTH;
use crate::ir::*;
use std::collections::HashMap;
use units::UnitUse;

/// The name of the uniform array that holds a program's parameters (local, env and
/// constants), one `uvec4` per parameter slot of the parsed program, in order.
pub const PARAMS_UNIFORM: &str = "nv#params";

/// A lowering failure: where (if known) and why.
#[derive(Debug)]
pub struct LowerError(pub Option<Pos>, pub String);

pub(super) type R<T> = Result<T, LowerError>;

/// The types the lowering uses.
#[derive(Clone, Copy)]
pub(super) struct Tys {
    pub void: TypeId,
    pub b: TypeId,
    pub u: TypeId,
    pub i: TypeId,
    pub f: TypeId,
    pub fv2: TypeId,
    pub uv4: TypeId,
    pub iv4: TypeId,
    pub fv4: TypeId,
    pub bv4: TypeId,
    pub fv3: TypeId,
}

impl Tys {
    pub fn vec(&self, t: DataType) -> TypeId {
        match t {
            DataType::F => self.fv4,
            DataType::S => self.iv4,
            DataType::U => self.uv4,
        }
    }
}

pub(super) struct Lower<'a> {
    pub p: &'a Program,
    pub m: Module,
    pub t: Tys,
    pub temps: Vec<GlobalId>,
    pub cc: [Option<GlobalId>; 2],
    pub params: Option<GlobalId>,
    pub shared: Option<GlobalId>,
    pub storage: HashMap<u32, GlobalId>,
    /// Parameter buffer binding -> its uniform block.
    pub pbuffers: HashMap<u32, GlobalId>,
    /// The image or sampler variable of each use of a unit (units.rs's key).
    units: HashMap<UnitUse, GlobalId>,
    /// Texture unit -> the data type its lookups but TXQ read (images.rs).
    tex_types: Option<HashMap<u32, DataType>>,
    /// (label, depth) -> function.
    funcs: HashMap<(String, u32), FunctionId>,
    /// Functions still to build: (function, first instruction, depth).
    work: Vec<(FunctionId, usize, u32)>,
}

pub fn lower(p: &Program) -> Result<Module, LowerError> {
    let mut m = Module {
        version: 450,
        ..Module::default()
    };
    let ty = &mut m.types;
    let t = Tys {
        void: ty.void(),
        b: ty.scalar(Scalar::Bool),
        u: ty.scalar(Scalar::Uint),
        i: ty.scalar(Scalar::Int),
        f: ty.scalar(Scalar::Float),
        fv2: ty.vector(Scalar::Float, 2),
        uv4: ty.vector(Scalar::Uint, 4),
        iv4: ty.vector(Scalar::Int, 4),
        fv4: ty.vector(Scalar::Float, 4),
        bv4: ty.vector(Scalar::Bool, 4),
        fv3: ty.vector(Scalar::Float, 3),
    };
    m.local_size = Some(match p.group_size {
        Some(s) => LocalSize::Fixed(s),
        None => LocalSize::Variable,
    });
    let mut l = Lower {
        p,
        m,
        t,
        temps: Vec::new(),
        cc: [None, None],
        params: None,
        shared: None,
        storage: HashMap::new(),
        pbuffers: HashMap::new(),
        units: HashMap::new(),
        tex_types: None,
        funcs: HashMap::new(),
        work: Vec::new(),
    };
    l.globals();
    // main: after the label "main" if there is one, else from the first instruction.
    // Without one, the first instruction (labels before it are not instructions).
    let main_start = match p.labels.get("main") {
        Some(&i) => i + 1,
        None => p
            .insts
            .iter()
            .position(|i| !matches!(i.kind, InstKind::Label(_)))
            .unwrap_or(p.insts.len()),
    };
    let main = l.new_function("main".into());
    l.work.push((main, main_start, 0));
    while let Some((fid, start, depth)) = l.work.pop() {
        let f = std::mem::replace(
            &mut l.m.functions[fid.0 as usize],
            empty_function(String::new(), t.void),
        );
        let mut b = Fb {
            l: &mut l,
            f,
            depth,
            is_main: fid == main,
        };
        let body = b.segment(start)?;
        let mut f = b.f;
        f.body = body;
        l.m.functions[fid.0 as usize] = f;
    }
    let mut m = l.m;
    m.shared_size = crate::ir::layout::shared_layout(&m).1;
    crate::ir::validate::validate(&m).map_err(|e| {
        LowerError(
            None,
            format!("internal error: the IR is invalid: {}", e.join("; ")),
        )
    })?;
    crate::ir::validate::limits(&m, main).map_err(|e| LowerError(None, e))?;
    Ok(m)
}

fn empty_function(name: String, void: TypeId) -> Function {
    Function {
        name,
        ret: void,
        params: 0,
        locals: Vec::new(),
        exprs: Vec::new(),
        body: Vec::new(),
        defined: true,
        span: Span::default(),
    }
}

fn global(name: String, ty: TypeId, storage: Storage) -> Global {
    Global {
        name,
        ty,
        storage,
        binding: None,
        location: None,
        offset: None,
        format: None,
        memory: MemoryQualifiers::default(),
        init: None,
        span: Span::default(),
        used: true,
        io: None,
    }
}

impl Lower<'_> {
    fn push_global(&mut self, g: Global) -> GlobalId {
        self.m.globals.push(g);
        GlobalId(self.m.globals.len() as u32 - 1)
    }

    fn new_function(&mut self, name: String) -> FunctionId {
        self.m.functions.push(empty_function(name, self.t.void));
        FunctionId(self.m.functions.len() as u32 - 1)
    }

    /// The function of subroutine `label` at call depth `depth`, queued to be built
    /// the first time it is asked for.
    fn subroutine(&mut self, label: &str, depth: u32) -> FunctionId {
        if let Some(&f) = self.funcs.get(&(label.to_string(), depth)) {
            return f;
        }
        let f = self.new_function(format!("{label}#{depth}"));
        self.funcs.insert((label.to_string(), depth), f);
        let start = self.p.labels[label] + 1;
        self.work.push((f, start, depth));
        f
    }

    fn globals(&mut self) {
        let t = self.t;
        for tmp in &self.p.temps {
            let ty = match tmp.len {
                Some(n) => self.m.types.array(t.uv4, Some(n)),
                None => t.uv4,
            };
            let g = self.push_global(global(tmp.name.clone(), ty, Storage::Private));
            self.temps.push(g);
        }
        if !self.p.params.is_empty() {
            let ty = self.m.types.array(t.uv4, Some(self.p.params.len() as u32));
            self.params =
                Some(self.push_global(global(PARAMS_UNIFORM.into(), ty, Storage::Uniform)));
        }
        // At least one word: a relative index into SHARED_MEMORY 0 is clamped to it.
        if let Some(n) = self.p.shared_memory {
            let ty = self.m.types.array(t.u, Some(n.div_ceil(4).max(1)));
            self.shared = Some(self.push_global(global("nv#shared".into(), ty, Storage::Shared)));
        }
        let mut bindings = self.p.buffer_bindings.clone();
        bindings.sort_unstable();
        for b in bindings {
            // A parameter buffer: MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV words, read
            // through a uniform block at the binding (the dispatch binds it from the
            // COMPUTE_PROGRAM_PARAMETER_BUFFER_NV binding points).
            let words = crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_SIZE;
            let g = self.word_block(format!("nv#pbuffer{b}"), b, Some(words), BlockKind::Uniform);
            self.pbuffers.insert(b, g);
        }
        let mut bindings = self.p.storage_bindings.clone();
        bindings.sort_unstable();
        for b in bindings {
            let g = self.word_block(format!("nv#storage{b}"), b, None, BlockKind::Buffer);
            self.storage.insert(b, g);
        }
    }

    /// A block of one member, `uint data[len]` (unsized for None), std430, at `binding`.
    fn word_block(&mut self, name: String, b: u32, len: Option<u32>, kind: BlockKind) -> GlobalId {
        let t = self.t;
        {
            let data = self.m.types.array(t.u, len);
            let sty = self.m.types.add_struct(StructDef {
                name: name.clone(),
                members: vec![StructMember {
                    name: "data".into(),
                    ty: data,
                    row_major: None,
                    matrix_stride: None,
                    offset: None,
                    align: None,
                    memory: MemoryQualifiers::default(),
                    span: Span::default(),
                }],
                span: Span::default(),
            });
            let bid = BlockId(self.m.blocks.len() as u32);
            self.m.blocks.push(InterfaceBlock {
                kind,
                name: name.clone(),
                instance: None,
                packing: Packing::Std430,
                row_major: false,
                binding: Some(b),
                ty: sty,
                memory: MemoryQualifiers::default(),
                span: Span::default(),
            });
            let storage = match kind {
                BlockKind::Buffer => Storage::Buffer(bid),
                BlockKind::Uniform => Storage::UniformBlock(bid),
            };
            let mut g = global(name, sty, storage);
            g.binding = Some(b);
            self.push_global(g)
        }
    }

    /// The condition code register `reg`, made on first use.
    fn cc_reg(&mut self, reg: u8) -> GlobalId {
        if let Some(g) = self.cc[reg as usize] {
            return g;
        }
        let g = self.push_global(global(format!("nv#cc{reg}"), self.t.uv4, Storage::Private));
        self.cc[reg as usize] = Some(g);
        g
    }
}

/// An open IF or REP block while a segment is lowered.
enum Open {
    If {
        cond: ExprId,
        accept: Option<Block>,
        outer: Block,
    },
    Rep {
        count: Option<(LocalId, bool)>,
        outer: Block,
    },
}

/// Builds one function.
pub(super) struct Fb<'l, 'a> {
    pub l: &'l mut Lower<'a>,
    pub f: Function,
    depth: u32,
    is_main: bool,
}

fn span(p: Pos) -> Span {
    Span {
        source: 0,
        line: p.line,
        col: p.col,
    }
}

impl Fb<'_, '_> {
    pub fn t(&self) -> Tys {
        self.l.t
    }

    pub fn ex(&mut self, kind: ExprKind, ty: TypeId) -> ExprId {
        self.f.exprs.push(Expr {
            kind,
            ty,
            span: Span::default(),
        });
        ExprId(self.f.exprs.len() as u32 - 1)
    }

    pub fn stmt(kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            span: Span::default(),
        }
    }

    pub fn lit_u(&mut self, v: u32) -> ExprId {
        let t = self.t().u;
        self.ex(ExprKind::Literal(Literal::Uint(v)), t)
    }

    pub fn lit_i(&mut self, v: i32) -> ExprId {
        let t = self.t().i;
        self.ex(ExprKind::Literal(Literal::Int(v)), t)
    }

    pub fn lit_f(&mut self, v: f32) -> ExprId {
        let t = self.t().f;
        self.ex(ExprKind::Literal(Literal::Float(v)), t)
    }

    pub fn lit_b(&mut self, v: bool) -> ExprId {
        let t = self.t().b;
        self.ex(ExprKind::Literal(Literal::Bool(v)), t)
    }

    /// A scalar literal of data type `dt` from bits.
    pub fn lit_bits(&mut self, dt: DataType, bits: u32) -> ExprId {
        match dt {
            DataType::F => self.lit_f(f32::from_bits(bits)),
            DataType::S => self.lit_i(bits as i32),
            DataType::U => self.lit_u(bits),
        }
    }

    /// A vector of four `dt` scalars all `bits`.
    pub fn splat_bits(&mut self, dt: DataType, bits: u32) -> ExprId {
        let s = self.lit_bits(dt, bits);
        let t = self.t().vec(dt);
        self.ex(ExprKind::Splat(s), t)
    }

    pub fn splat(&mut self, e: ExprId, ty: TypeId) -> ExprId {
        self.ex(ExprKind::Splat(e), ty)
    }

    pub fn ty_of(&self, e: ExprId) -> TypeId {
        self.f.exprs[e.0 as usize].ty
    }

    pub fn global(&mut self, g: GlobalId) -> ExprId {
        let ty = self.l.m.globals[g.0 as usize].ty;
        self.ex(ExprKind::Global(g), ty)
    }

    pub fn local(&mut self, l: LocalId) -> ExprId {
        let ty = self.f.locals[l.0 as usize].ty;
        self.ex(ExprKind::Local(l), ty)
    }

    pub fn new_local(&mut self, ty: TypeId, name: &str) -> LocalId {
        self.f.locals.push(Local {
            name: format!("{name}#{}", self.f.locals.len()),
            ty,
            param: None,
            constant: false,
            memory: MemoryQualifiers::default(),
            span: Span::default(),
        });
        LocalId(self.f.locals.len() as u32 - 1)
    }

    /// `e` into a new local, declared in `out`.
    pub fn tmp(&mut self, e: ExprId, out: &mut Block) -> LocalId {
        let ty = self.ty_of(e);
        let l = self.new_local(ty, "t");
        out.push(Self::stmt(StmtKind::Declare {
            local: l,
            init: Some(e),
        }));
        l
    }

    pub fn swz(&mut self, e: ExprId, comps: &[u8]) -> ExprId {
        let base = self.ty_of(e);
        let s = self.l.m.types.scalar_of(base).unwrap_or(Scalar::Uint);
        let ty = if comps.len() == 1 {
            self.l.m.types.scalar(s)
        } else {
            self.l.m.types.vector(s, comps.len() as u8)
        };
        self.ex(
            ExprKind::Swizzle {
                base: e,
                comps: comps.to_vec(),
            },
            ty,
        )
    }

    pub fn bin(&mut self, op: BinaryOp, a: ExprId, b: ExprId) -> ExprId {
        let ty = match op {
            BinaryOp::Equal
            | BinaryOp::NotEqual
            | BinaryOp::Less
            | BinaryOp::LessEqual
            | BinaryOp::Greater
            | BinaryOp::GreaterEqual
            | BinaryOp::LogicalAnd
            | BinaryOp::LogicalOr
            | BinaryOp::LogicalXor => self.t().b,
            _ => self.ty_of(a),
        };
        self.ex(ExprKind::Binary { op, lhs: a, rhs: b }, ty)
    }

    pub fn un(&mut self, op: UnaryOp, a: ExprId) -> ExprId {
        let ty = self.ty_of(a);
        self.ex(ExprKind::Unary { op, arg: a }, ty)
    }

    pub fn call(&mut self, fun: Builtin, args: Vec<ExprId>, ty: TypeId) -> ExprId {
        self.ex(ExprKind::Builtin { fun, args }, ty)
    }

    pub fn convert(&mut self, e: ExprId, to: Scalar) -> ExprId {
        let ty = self.ty_of(e);
        let ty = self.l.m.types.with_scalar(ty, to);
        self.ex(ExprKind::Convert { arg: e, to }, ty)
    }

    pub fn compose(&mut self, parts: Vec<ExprId>, ty: TypeId) -> ExprId {
        self.ex(ExprKind::Compose(parts), ty)
    }

    pub fn assign(&mut self, place: ExprId, value: ExprId) -> Stmt {
        let ty = self.ty_of(value);
        let e = self.ex(
            ExprKind::Assign {
                place,
                op: None,
                value,
            },
            ty,
        );
        Self::stmt(StmtKind::Expr(e))
    }

    /// `uvec4` bits read as `dt` (a bit cast).
    pub fn bits_as(&mut self, e: ExprId, dt: DataType) -> ExprId {
        match dt {
            DataType::F => {
                let t = self.ty_of(e);
                let t = self.l.m.types.with_scalar(t, Scalar::Float);
                self.call(Builtin::UintBitsToFloat, vec![e], t)
            }
            DataType::S => self.convert(e, Scalar::Int),
            DataType::U => e,
        }
    }

    /// A `dt` value as `uvec4` (or uint) bits.
    pub fn as_bits(&mut self, e: ExprId, dt: DataType) -> ExprId {
        match dt {
            DataType::F => {
                let t = self.ty_of(e);
                let t = self.l.m.types.with_scalar(t, Scalar::Uint);
                self.call(Builtin::FloatBitsToUint, vec![e], t)
            }
            DataType::S => self.convert(e, Scalar::Uint),
            DataType::U => e,
        }
    }

    /// An array index: a constant, or a temporary's component plus a constant, as a
    /// uint clamped to `len` elements (NV_gpu_program4 §2.X.4.2 leaves an index
    /// outside the array undefined; here it is the last element).
    pub fn index(&mut self, idx: &Index, len: u32) -> ExprId {
        match idx.reg {
            None => self.lit_u(idx.offset.clamp(0, len.saturating_sub(1) as i64) as u32),
            Some((temp, elem, comp)) => {
                let v = self.temp_comp(temp, elem, comp);
                let off = self.lit_u(idx.offset as i32 as u32);
                let sum = self.bin(BinaryOp::Add, v, off);
                let last = self.lit_u(len.saturating_sub(1));
                let u = self.t().u;
                self.call(Builtin::Min, vec![sum, last], u)
            }
        }
    }

    /// Component `comp` of temporary `temp` (element `elem` of an array) as uint.
    pub fn temp_comp(&mut self, temp: u32, elem: u32, comp: u8) -> ExprId {
        let g = self.l.temps[temp as usize];
        let mut base = self.global(g);
        if self.l.p.temps[temp as usize].len.is_some() {
            let i = self.lit_u(elem);
            let uv4 = self.t().uv4;
            base = self.ex(ExprKind::Index { base, index: i }, uv4);
        }
        self.swz(base, &[comp])
    }

    /// The place of a temporary (an array element with its index).
    pub fn temp_place(&mut self, temp: u32, index: &Option<Index>) -> ExprId {
        let g = self.l.temps[temp as usize];
        let base = self.global(g);
        match (index, self.l.p.temps[temp as usize].len) {
            (Some(i), Some(len)) => {
                let i = self.index(i, len);
                let uv4 = self.t().uv4;
                self.ex(ExprKind::Index { base, index: i }, uv4)
            }
            _ => base,
        }
    }

    /// A source operand as a vector of `dt` (§2.X.4.2: swizzle, negate, absolute
    /// value, outer negate).
    pub fn operand(&mut self, o: &Operand, dt: DataType) -> R<ExprId> {
        let t = self.t();
        let v = match &o.base {
            OperandBase::Const(c) => {
                let mut parts = Vec::new();
                let bits = if c.len() == 1 {
                    let b = super::parse::scalar_bits(c[0], dt, o.pos)
                        .map_err(|e| LowerError(Some(e.pos), e.message))?;
                    [b; 4]
                } else {
                    super::parse::const_bits(c, dt, o.pos)
                        .map_err(|e| LowerError(Some(e.pos), e.message))?
                };
                for &s in &o.swizzle {
                    parts.push(self.lit_bits(dt, bits[s as usize]));
                }
                self.compose(parts, t.vec(dt))
            }
            base => {
                let raw = self.raw(base);
                let s = if o.swizzle == [0, 1, 2, 3] {
                    raw
                } else {
                    self.swz(raw, &o.swizzle)
                };
                self.bits_as(s, dt)
            }
        };
        Ok(self.modifiers(v, o, dt))
    }

    /// Negate, absolute value, outer negate.
    pub(super) fn modifiers(&mut self, mut v: ExprId, o: &Operand, dt: DataType) -> ExprId {
        if o.neg {
            v = self.un(UnaryOp::Neg, v);
        }
        if o.abs {
            // §2.X.4.2: absolute value does nothing to an unsigned integer.
            if dt != DataType::U {
                let ty = self.ty_of(v);
                v = self.call(Builtin::Abs, vec![v], ty);
            }
            if o.outer_neg {
                v = self.un(UnaryOp::Neg, v);
            }
        }
        v
    }

    /// The raw `uvec4` bits of a non-constant operand base.
    fn raw(&mut self, base: &OperandBase) -> ExprId {
        let t = self.t();
        match base {
            OperandBase::Temp { temp, index } => self.temp_place(*temp, index),
            OperandBase::Param { base, len, index } => {
                let g = self.l.params.expect("parameters declared");
                let arr = self.global(g);
                let i = match index {
                    None => self.lit_u(*base),
                    Some(idx) => {
                        let i = self.index(idx, *len);
                        let b = self.lit_u(*base);
                        self.bin(BinaryOp::Add, i, b)
                    }
                };
                self.ex(
                    ExprKind::Index {
                        base: arr,
                        index: i,
                    },
                    t.uv4,
                )
            }
            OperandBase::Attrib(a) => self.attrib(*a),
            OperandBase::Buffer(b) => self.buffer_read(b),
            OperandBase::Const(_) => self.splat_bits(DataType::U, 0),
        }
    }

    /// Word `w` of parameter buffer binding `binding`.
    pub fn param_word(&mut self, binding: u32, w: ExprId) -> ExprId {
        let t = self.t();
        let g = self.l.pbuffers[&binding];
        let b = self.global(g);
        let words = crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_SIZE;
        let arr = self.l.m.types.array(t.u, Some(words));
        let data = self.ex(ExprKind::Field { base: b, field: 0 }, arr);
        self.ex(
            ExprKind::Index {
                base: data,
                index: w,
            },
            t.u,
        )
    }

    /// An element of a BUFFER (one word, broadcast) or BUFFER4 (four words) variable
    /// as `uvec4` bits (NV_gpu_program4 §2.X.3.6); a register-chosen binding of a
    /// two-level variable is a chain of selects over its bindings.
    fn buffer_read(&mut self, b: &BufferRef) -> ExprId {
        let t = self.t();
        let vec4 = b.kind == BufferKind::Vec4;
        let read = |fb: &mut Self, k: u32| {
            let mut parts = Vec::new();
            for c in 0..if vec4 { 4u32 } else { 1 } {
                let i = fb.index(&b.index, b.len);
                let base = fb.lit_u(b.base);
                let mut e = fb.bin(BinaryOp::Add, i, base);
                if vec4 {
                    let four = fb.lit_u(4);
                    e = fb.bin(BinaryOp::Mul, e, four);
                    let c = fb.lit_u(c);
                    e = fb.bin(BinaryOp::Add, e, c);
                }
                parts.push(fb.param_word(b.first + k, e));
            }
            if vec4 {
                fb.compose(parts, t.uv4)
            } else {
                fb.splat(parts[0], t.uv4)
            }
        };
        match b.binding {
            Some(sel) if sel.reg.is_some() && b.count > 1 => {
                let mut acc = read(self, b.count - 1);
                for k in (0..b.count - 1).rev() {
                    let s = self.index(&sel, b.count);
                    let kk = self.lit_u(k);
                    let cond = self.bin(BinaryOp::Equal, s, kk);
                    let v = read(self, k);
                    acc = self.ex(
                        ExprKind::Select {
                            cond,
                            accept: v,
                            reject: acc,
                        },
                        t.uv4,
                    );
                }
                acc
            }
            Some(sel) => {
                let k = sel.offset.clamp(0, b.count as i64 - 1) as u32;
                read(self, k)
            }
            None => read(self, 0),
        }
    }

    /// A compute attribute binding as `uvec4` (NV_compute_program5 table X.1; the
    /// undefined components are 0).
    fn attrib(&mut self, a: Attrib) -> ExprId {
        let t = self.t();
        let uv3 = self.l.m.types.vector(Scalar::Uint, 3);
        let var = match a {
            Attrib::LocalId => BuiltinVar::LocalInvocationId,
            Attrib::GlobalId => BuiltinVar::GlobalInvocationId,
            Attrib::GroupId => BuiltinVar::WorkGroupId,
            Attrib::GroupCount => BuiltinVar::NumWorkGroups,
            Attrib::GroupSize if self.l.p.variable_group_size => BuiltinVar::LocalGroupSize,
            Attrib::GroupSize => BuiltinVar::WorkGroupSize,
            Attrib::LocalIndex => {
                let v = self.ex(ExprKind::BuiltinVar(BuiltinVar::LocalInvocationIndex), t.u);
                let z = self.lit_u(0);
                let z2 = self.lit_u(0);
                let z3 = self.lit_u(0);
                return self.compose(vec![v, z, z2, z3], t.uv4);
            }
        };
        let v = self.ex(ExprKind::BuiltinVar(var), uv3);
        let z = self.lit_u(0);
        self.compose(vec![v, z], t.uv4)
    }

    /// Component `c` of an operand as a scalar of `dt`.
    pub fn scalar_operand(&mut self, o: &Operand, dt: DataType) -> R<ExprId> {
        let mut o1 = o.clone();
        o1.swizzle = [o.swizzle[0]; 4];
        let v = self.operand(&o1, dt)?;
        Ok(self.swz(v, &[0]))
    }

    /// The per-component result of condition test `t` (§2.X.4.3, table X.16) as a
    /// `bvec4`, in the order of its swizzle.
    pub fn cc_vector(&mut self, test: &CcTest, out: &mut Block) -> ExprId {
        let t = self.t();
        let bits = match test.rule {
            CcRule::Tr => return self.bool4(true),
            CcRule::Fl => return self.bool4(false),
            _ => {
                let g = self.l.cc_reg(test.reg);
                let cc = self.global(g);
                let c = if test.swizzle == [0, 1, 2, 3] {
                    cc
                } else {
                    self.swz(cc, &test.swizzle)
                };
                let c = self.tmp(c, out);
                let flag = |fb: &mut Self, shift: u32| {
                    let v = fb.local(c);
                    let s = fb.splat_bits(DataType::U, shift);
                    let sh = fb.bin(BinaryOp::Shr, v, s);
                    let one = fb.splat_bits(DataType::U, 1);
                    fb.bin(BinaryOp::BitAnd, sh, one)
                };
                let not = |fb: &mut Self, e: ExprId| {
                    let one = fb.splat_bits(DataType::U, 1);
                    fb.bin(BinaryOp::BitXor, e, one)
                };
                use BinaryOp::{BitAnd as And, BitOr as Or, BitXor as Xor};
                match test.rule {
                    CcRule::Eq => {
                        let z = flag(self, 1);
                        let s = flag(self, 0);
                        let ns = not(self, s);
                        self.bin(And, z, ns)
                    }
                    CcRule::Ne => {
                        let s = flag(self, 0);
                        let z = flag(self, 1);
                        let nz = not(self, z);
                        self.bin(Or, s, nz)
                    }
                    CcRule::Lt => {
                        let s = flag(self, 0);
                        let z = flag(self, 1);
                        let nz = not(self, z);
                        let a = self.bin(And, s, nz);
                        let o = flag(self, 2);
                        self.bin(Xor, a, o)
                    }
                    CcRule::Ge => {
                        let s = flag(self, 0);
                        let o = flag(self, 2);
                        let x = self.bin(Xor, s, o);
                        not(self, x)
                    }
                    CcRule::Gt => {
                        let s = flag(self, 0);
                        let ns = not(self, s);
                        let o = flag(self, 2);
                        let x = self.bin(Xor, ns, o);
                        let z = flag(self, 1);
                        let nz = not(self, z);
                        self.bin(And, x, nz)
                    }
                    CcRule::Le => {
                        let s = flag(self, 0);
                        let z = flag(self, 1);
                        let o = flag(self, 2);
                        let zo = self.bin(Or, z, o);
                        self.bin(Xor, s, zo)
                    }
                    CcRule::Nan => {
                        let s = flag(self, 0);
                        let z = flag(self, 1);
                        self.bin(And, s, z)
                    }
                    CcRule::Leg => {
                        let s = flag(self, 0);
                        let ns = not(self, s);
                        let z = flag(self, 1);
                        let nz = not(self, z);
                        self.bin(Or, ns, nz)
                    }
                    CcRule::Cf => flag(self, 3),
                    CcRule::Ncf => {
                        let c = flag(self, 3);
                        not(self, c)
                    }
                    CcRule::Of => flag(self, 2),
                    CcRule::Nof => {
                        let o = flag(self, 2);
                        not(self, o)
                    }
                    CcRule::Ab => {
                        let c = flag(self, 3);
                        let z = flag(self, 1);
                        let nz = not(self, z);
                        self.bin(And, c, nz)
                    }
                    CcRule::Ble => {
                        let c = flag(self, 3);
                        let nc = not(self, c);
                        let z = flag(self, 1);
                        self.bin(Or, nc, z)
                    }
                    CcRule::Sf => flag(self, 0),
                    CcRule::Nsf => {
                        let s = flag(self, 0);
                        not(self, s)
                    }
                    CcRule::Tr | CcRule::Fl => unreachable!("handled above"),
                }
            }
        };
        let zero = self.splat_bits(DataType::U, 0);
        self.call(Builtin::NotEqual, vec![bits, zero], t.bv4)
    }

    pub fn bool4(&mut self, v: bool) -> ExprId {
        let b = self.lit_b(v);
        let t = self.t().bv4;
        self.splat(b, t)
    }

    /// A flow condition: true when any component of the test passes (§2.X.4.3).
    fn cc_any(&mut self, test: &CcTest, out: &mut Block) -> ExprId {
        let v = self.cc_vector(test, out);
        let b = self.t().b;
        self.call(Builtin::Any, vec![v], b)
    }

    /// `if (cond) stmt` for an optional condition test.
    fn guarded(&mut self, cond: &Option<CcTest>, s: Stmt, out: &mut Block) {
        match cond {
            None => out.push(s),
            Some(t) => {
                let c = self.cc_any(t, out);
                out.push(Self::stmt(StmtKind::If {
                    cond: c,
                    accept: vec![s],
                    reject: Vec::new(),
                }));
            }
        }
    }

    /// The statements of the instructions from `start` up to the next label or the
    /// end: the body of main or of a subroutine.
    fn segment(&mut self, start: usize) -> R<Block> {
        let p = self.l.p;
        let mut open: Vec<Open> = Vec::new();
        let mut cur: Block = Vec::new();
        if self.is_main {
            // The condition codes start at zero (NV_gpu_program4 leaves them undefined).
            for reg in 0..2u8 {
                if p.insts.iter().any(|i| uses_cc(i, reg)) {
                    let g = self.l.cc_reg(reg);
                    let place = self.global(g);
                    let z = self.splat_bits(DataType::U, 0);
                    let s = self.assign(place, z);
                    cur.push(s);
                }
            }
        }
        for inst in &p.insts[start.min(p.insts.len())..] {
            let sp = span(inst.pos);
            let before = cur.len();
            match &inst.kind {
                InstKind::Label(_) => break,
                InstKind::If(t) => {
                    let cond = self.cc_any(t, &mut cur);
                    open.push(Open::If {
                        cond,
                        accept: None,
                        outer: std::mem::take(&mut cur),
                    });
                }
                InstKind::Else => {
                    if let Some(Open::If { accept, .. }) = open.last_mut() {
                        *accept = Some(std::mem::take(&mut cur));
                    }
                }
                InstKind::EndIf => {
                    if let Some(Open::If {
                        cond,
                        accept,
                        outer,
                    }) = open.pop()
                    {
                        let (accept, reject) = match accept {
                            Some(a) => (a, std::mem::take(&mut cur)),
                            None => (std::mem::take(&mut cur), Vec::new()),
                        };
                        cur = outer;
                        cur.push(Stmt {
                            kind: StmtKind::If {
                                cond,
                                accept,
                                reject,
                            },
                            span: sp,
                        });
                    }
                }
                InstKind::Rep(count) => {
                    let count = match count {
                        None => None,
                        Some(o) => Some(self.rep_count(
                            o,
                            inst.mods.ty.unwrap_or(DataType::F),
                            &mut cur,
                        )?),
                    };
                    open.push(Open::Rep {
                        count,
                        outer: std::mem::take(&mut cur),
                    });
                }
                InstKind::EndRep => {
                    if let Some(Open::Rep { count, outer }) = open.pop() {
                        let body = std::mem::take(&mut cur);
                        cur = outer;
                        let (cond, step) = match count {
                            None => (None, Vec::new()),
                            Some((l, unsigned)) => {
                                // §2.X.8 REP: the count is tested against zero at the
                                // top and decremented as each iteration completes.
                                let v = self.local(l);
                                let (zero, one) = if unsigned {
                                    (self.lit_u(0), self.lit_u(1))
                                } else {
                                    (self.lit_i(0), self.lit_i(1))
                                };
                                let c = self.bin(BinaryOp::Greater, v, zero);
                                let place = self.local(l);
                                let v2 = self.local(l);
                                let dec = self.bin(BinaryOp::Sub, v2, one);
                                (Some(c), vec![self.assign(place, dec)])
                            }
                        };
                        cur.push(Stmt {
                            kind: StmtKind::Loop {
                                cond,
                                test_after: false,
                                body,
                                step,
                            },
                            span: sp,
                        });
                    }
                }
                InstKind::Brk(c) => self.guarded(c, Self::stmt(StmtKind::Break), &mut cur),
                InstKind::Cont(c) => self.guarded(c, Self::stmt(StmtKind::Continue), &mut cur),
                InstKind::Ret(c) => self.guarded(c, Self::stmt(StmtKind::Return(None)), &mut cur),
                InstKind::Cal { label, cond } => {
                    // A call deeper than MAX_PROGRAM_CALL_DEPTH_NV does nothing.
                    if self.depth < MAX_CALL_DEPTH {
                        let func = self.l.subroutine(label, self.depth + 1);
                        let call = Self::stmt(StmtKind::Call {
                            func,
                            args: Vec::new(),
                            result: None,
                        });
                        self.guarded(cond, call, &mut cur);
                    }
                }
                InstKind::Bar => {
                    let void = self.t().void;
                    let b = self.call(Builtin::Barrier, Vec::new(), void);
                    cur.push(Self::stmt(StmtKind::Expr(b)));
                }
                InstKind::Membar => {
                    let void = self.t().void;
                    let fun = if inst.mods.cta {
                        Builtin::GroupMemoryBarrier
                    } else {
                        Builtin::MemoryBarrier
                    };
                    let b = self.call(fun, Vec::new(), void);
                    cur.push(Self::stmt(StmtKind::Expr(b)));
                }
                InstKind::Alu { .. } | InstKind::Swz { .. } => self.alu(inst, &mut cur)?,
                InstKind::Image { .. } => self.image(inst, &mut cur)?,
                InstKind::Tex { .. } => self.texture(inst, &mut cur)?,
                InstKind::Load { .. } | InstKind::Store { .. } | InstKind::Atomic { .. } => {
                    self.memory(inst, &mut cur)?
                }
            }
            let flow = matches!(
                inst.kind,
                InstKind::If(_)
                    | InstKind::Else
                    | InstKind::EndIf
                    | InstKind::Rep(_)
                    | InstKind::EndRep
            );
            if !flow {
                let from = before.min(cur.len());
                for s in &mut cur[from..] {
                    s.span = sp;
                }
            }
        }
        Ok(cur)
    }

    /// The loop counter of `REP op`: floor of a float count, or the integer.
    fn rep_count(&mut self, o: &Operand, dt: DataType, out: &mut Block) -> R<(LocalId, bool)> {
        let v = self.scalar_operand(o, dt)?;
        let (v, unsigned) = match dt {
            DataType::F => {
                let f = self.t().f;
                let fl = self.call(Builtin::Floor, vec![v], f);
                (self.convert(fl, Scalar::Int), false)
            }
            DataType::S => (v, false),
            DataType::U => (v, true),
        };
        Ok((self.tmp(v, out), unsigned))
    }

    /// Writes `value` (a vector of `rt`) to `dest` under its write mask and
    /// condition mask, clamped by .SAT/.SSAT, and updates the condition code the
    /// instruction names with `flags` (§2.X.4.3). `flags` computes a `uvec4` of flag
    /// bits from the local holding the clamped result.
    pub fn write(
        &mut self,
        dest: &Dest,
        value: ExprId,
        rt: DataType,
        mods: &Mods,
        flags: &dyn Fn(&mut Self, LocalId) -> ExprId,
        out: &mut Block,
    ) -> R<()> {
        let t = self.t();
        let mut value = value;
        if let (Some(sat), DataType::F) = (mods.sat, rt) {
            let lo = self.splat_bits(
                DataType::F,
                if sat == Sat::Sat { 0.0f32 } else { -1.0 }.to_bits(),
            );
            let hi = self.splat_bits(DataType::F, 1.0f32.to_bits());
            value = self.call(Builtin::Clamp, vec![value, lo, hi], t.fv4);
        }
        let r = self.tmp(value, out);
        // The condition mask is read before anything is written (the instruction may
        // update the register it tests).
        let enable = match &dest.cond {
            None => None,
            Some(test) => {
                // test && mask, component-wise: mix(false, test, mask).
                let v2 = self.cc_vector(test, out);
                let f = self.bool4(false);
                let m2 = self.bool_mask(&dest.mask);
                let e = self.call(Builtin::MixBool, vec![f, v2, m2], t.bv4);
                Some(self.tmp(e, out))
            }
        };
        let rv = self.local(r);
        let bits = self.as_bits(rv, rt);
        self.masked_store(Target::Temp(dest), bits, &dest.mask, enable, out);
        if let Some(reg) = mods.cc {
            let g = self.l.cc_reg(reg);
            let fl = flags(self, r);
            self.masked_store(Target::Cc(g), fl, &dest.mask, enable, out);
        }
        Ok(())
    }

    fn bool_mask(&mut self, mask: &[bool; 4]) -> ExprId {
        let parts = mask.iter().map(|&b| self.lit_b(b)).collect();
        let t = self.t().bv4;
        self.compose(parts, t)
    }

    /// The place a write goes to: the destination temporary, or a condition code
    /// register.
    fn target_place(&mut self, target: Target<'_>) -> ExprId {
        match target {
            Target::Temp(d) => self.temp_place(d.temp, &d.index),
            Target::Cc(g) => self.global(g),
        }
    }

    /// `place.mask = value.mask`, or with a condition `place = mix(place, value,
    /// enable)`.
    fn masked_store(
        &mut self,
        target: Target<'_>,
        value: ExprId,
        mask: &[bool; 4],
        enable: Option<LocalId>,
        out: &mut Block,
    ) {
        let t = self.t();
        let place = self.target_place(target);
        match enable {
            Some(en) => {
                let old = self.target_place(target);
                let e = self.local(en);
                let v = self.call(Builtin::MixBool, vec![old, value, e], t.uv4);
                let s = self.assign(place, v);
                out.push(s);
            }
            None => {
                let comps: Vec<u8> = (0..4u8).filter(|&i| mask[i as usize]).collect();
                if comps.len() == 4 {
                    let s = self.assign(place, value);
                    out.push(s);
                } else {
                    let p = self.swz(place, &comps);
                    let v = self.swz(value, &comps);
                    let s = self.assign(p, v);
                    out.push(s);
                }
            }
        }
    }
}

#[derive(Clone, Copy)]
enum Target<'d> {
    Temp(&'d Dest),
    Cc(GlobalId),
}

fn uses_cc(i: &Inst, reg: u8) -> bool {
    let test = |t: &Option<CcTest>| t.is_some_and(|t| t.reg == reg);
    i.mods.cc == Some(reg)
        || match &i.kind {
            InstKind::If(t) => t.reg == reg,
            InstKind::Brk(c)
            | InstKind::Cont(c)
            | InstKind::Ret(c)
            | InstKind::Cal { cond: c, .. } => test(c),
            InstKind::Alu { dest, .. }
            | InstKind::Swz { dest, .. }
            | InstKind::Load { dest, .. }
            | InstKind::Atomic { dest, .. }
            | InstKind::Tex { dest, .. }
            | InstKind::Image {
                dest: Some(dest), ..
            } => test(&dest.cond),
            _ => false,
        }
}
