//! A module: the program a front end builds and the back end reads. Global variables
//! with their storage and interface qualifiers, interface blocks, functions (an arena of
//! typed expressions, each used once, and a structured body: blocks, if, loops,
//! switch, break/continue/return, no goto), subroutines, and the stage's layout.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlockKind {
    Uniform,
    Buffer,
}

/// A uniform or buffer block (interface block).
#[derive(Debug, Clone)]
pub struct InterfaceBlock {
    pub kind: BlockKind,
    /// The block name (the interface name used by the API).
    pub name: String,
    pub instance: Option<String>,
    pub packing: Packing,
    pub row_major: bool,
    pub binding: Option<u32>,
    /// The block's members as a struct type.
    pub ty: TypeId,
    pub memory: MemoryQualifiers,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockId(pub u32);

/// Where a global variable lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Storage {
    /// A plain global: per invocation.
    Private,
    /// `const` global with a constant initializer.
    Const,
    /// `shared`: per work group.
    Shared,
    /// A default-block `uniform` (including opaque types).
    Uniform,
    /// A uniform block or its instance (the global's type is the block struct, or an
    /// array of it).
    UniformBlock(BlockId),
    /// A shader storage block or its instance.
    Buffer(BlockId),
    /// A stage input of a graphics stage (GLSL 4.60 §4.3.4): read-only. Graphics
    /// stages are checked and linked but never compiled to native code.
    Input,
    /// A stage output of a graphics stage (GLSL 4.60 §4.3.6).
    Output,
}

/// Interpolation of a stage input or output (GLSL 4.60 §4.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Interpolation {
    #[default]
    Smooth,
    Flat,
    NoPerspective,
}

/// The qualifiers of a stage input or output (GLSL 4.60 §4.3.4-§4.5).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IoQualifiers {
    pub interpolation: Interpolation,
    pub centroid: bool,
    pub sample: bool,
    pub patch: bool,
    /// `layout(index = N)` of a fragment output.
    pub index: Option<u32>,
    /// A `gl_` built-in variable.
    pub builtin: bool,
    /// The block name of an input or output interface block.
    pub block: Option<String>,
    /// Declared per vertex (an array over the vertices of a primitive or patch):
    /// geometry and tessellation inputs, tessellation control outputs.
    pub per_vertex: bool,
    /// `layout(component = N)` (GLSL 4.60 §4.4.1): the first component of its
    /// location(s) the variable takes.
    pub component: Option<u32>,
    /// Transform feedback (GLSL 4.60 §4.4.2.1): the buffer of an output (its
    /// `xfb_buffer`, else the global default where it is declared) and its
    /// `xfb_offset`, where it has one.
    pub xfb_buffer: u32,
    pub xfb_offset: Option<u32>,
    /// Per member of an input or output block, in member order: the member's own
    /// `location`, `component` and `xfb_offset` qualifiers.
    pub members: Vec<MemberIo>,
}

/// The layout qualifiers of one member of an input or output block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MemberIo {
    pub location: Option<i32>,
    pub component: Option<u32>,
    pub xfb_offset: Option<u32>,
}

#[derive(Debug, Clone)]
pub struct Global {
    pub name: String,
    pub ty: TypeId,
    pub storage: Storage,
    pub binding: Option<u32>,
    pub location: Option<i32>,
    /// Atomic counter offset within its buffer.
    pub offset: Option<u32>,
    pub format: Option<ImageFormat>,
    pub memory: MemoryQualifiers,
    /// Constant initializer (const globals, default-block uniforms with initializers).
    pub init: Option<ConstValue>,
    pub span: Span,
    /// True once some function of the shader uses the variable (reflection: active).
    pub used: bool,
    /// Inputs and outputs: their qualifiers.
    pub io: Option<Box<IoQualifiers>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FunctionId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExprId(pub u32);

/// Parameter direction (GLSL 4.60 §6.1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParamDir {
    In,
    Out,
    InOut,
}

#[derive(Debug, Clone)]
pub struct Local {
    pub name: String,
    pub ty: TypeId,
    /// Parameters are the first locals of a function.
    pub param: Option<ParamDir>,
    /// `const` locals and `const in` parameters cannot be assigned.
    pub constant: bool,
    pub memory: MemoryQualifiers,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum ExprKind {
    Literal(Literal),
    /// A folded composite constant (vectors, matrices, arrays, structs).
    Constant(ConstValue),
    Global(GlobalId),
    Local(LocalId),
    BuiltinVar(BuiltinVar),
    /// `base[index]` of an array, vector or matrix (a matrix index is a column).
    Index {
        base: ExprId,
        index: ExprId,
    },
    /// A struct member.
    Field {
        base: ExprId,
        field: u32,
    },
    /// Vector components (1 to 4), possibly repeated when read.
    Swizzle {
        base: ExprId,
        comps: Vec<u8>,
    },
    Unary {
        op: UnaryOp,
        arg: ExprId,
    },
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `cond ? accept : reject` (only one branch is evaluated).
    Select {
        cond: ExprId,
        accept: ExprId,
        reject: ExprId,
    },
    /// Component-wise conversion of a scalar, vector or matrix to another scalar kind.
    Convert {
        arg: ExprId,
        to: Scalar,
    },
    /// A scalar repeated into a vector (or, for matrices, every component).
    Splat(ExprId),
    /// A vector, matrix, array or struct from its parts: vector components (scalars or
    /// vectors of the vector's scalar kind, exactly filling it), matrix columns, array
    /// elements, or struct members.
    Compose(Vec<ExprId>),
    /// A matrix with the scalar on the diagonal and zero elsewhere (`mat3(2.0)`).
    MatrixDiagonal(ExprId),
    /// A matrix built from a matrix of another size: overlapping elements copied, the
    /// rest from the identity (`mat3(mat4)`).
    MatrixResize(ExprId),
    /// A user function call; out and inout arguments are places. Only between the
    /// front end's type checking and [`calls::hoist`], which turns every call into a
    /// [`StmtKind::Call`]: the module the front end gives never has one.
    Call {
        func: FunctionId,
        args: Vec<ExprId>,
    },
    /// A built-in function call; atomics take their memory operand as a place.
    Builtin {
        fun: Builtin,
        args: Vec<ExprId>,
    },
    /// `place = value` or `place op= value` (evaluates `place` once); the result is the
    /// stored value.
    Assign {
        place: ExprId,
        op: Option<BinaryOp>,
        value: ExprId,
    },
    /// `++`/`--` before or after.
    IncDec {
        place: ExprId,
        increment: bool,
        postfix: bool,
    },
    /// The comma operator: evaluates both, yields the second.
    Sequence {
        first: ExprId,
        second: ExprId,
    },
    /// `array.length()` of a runtime-sized array (a place).
    ArrayLength(ExprId),
}

impl ExprKind {
    /// The sub-expressions, in evaluation order.
    pub fn children(&self) -> Vec<ExprId> {
        match self {
            ExprKind::Literal(_)
            | ExprKind::Constant(_)
            | ExprKind::Global(_)
            | ExprKind::Local(_)
            | ExprKind::BuiltinVar(_) => Vec::new(),
            ExprKind::Index { base, index } => vec![*base, *index],
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => vec![*base],
            ExprKind::Unary { arg, .. }
            | ExprKind::Convert { arg, .. }
            | ExprKind::Splat(arg)
            | ExprKind::MatrixDiagonal(arg)
            | ExprKind::MatrixResize(arg)
            | ExprKind::ArrayLength(arg) => vec![*arg],
            ExprKind::Binary { lhs, rhs, .. } => vec![*lhs, *rhs],
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => vec![*cond, *accept, *reject],
            ExprKind::Compose(parts) => parts.clone(),
            ExprKind::Call { args, .. } | ExprKind::Builtin { args, .. } => args.clone(),
            ExprKind::Assign { place, value, .. } => vec![*place, *value],
            ExprKind::IncDec { place, .. } => vec![*place],
            ExprKind::Sequence { first, second } => vec![*first, *second],
        }
    }

    /// The sub-expressions, in the order of [`ExprKind::children`], to rewrite.
    pub fn children_mut(&mut self) -> Vec<&mut ExprId> {
        match self {
            ExprKind::Literal(_)
            | ExprKind::Constant(_)
            | ExprKind::Global(_)
            | ExprKind::Local(_)
            | ExprKind::BuiltinVar(_) => Vec::new(),
            ExprKind::Index { base, index } => vec![base, index],
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => vec![base],
            ExprKind::Unary { arg, .. }
            | ExprKind::Convert { arg, .. }
            | ExprKind::Splat(arg)
            | ExprKind::MatrixDiagonal(arg)
            | ExprKind::MatrixResize(arg)
            | ExprKind::ArrayLength(arg) => vec![arg],
            ExprKind::Binary { lhs, rhs, .. } => vec![lhs, rhs],
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => vec![cond, accept, reject],
            ExprKind::Compose(parts) => parts.iter_mut().collect(),
            ExprKind::Call { args, .. } | ExprKind::Builtin { args, .. } => {
                args.iter_mut().collect()
            }
            ExprKind::Assign { place, value, .. } => vec![place, value],
            ExprKind::IncDec { place, .. } => vec![place],
            ExprKind::Sequence { first, second } => vec![first, second],
        }
    }
}

#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: TypeId,
    pub span: Span,
}

pub type Block = Vec<Stmt>;

#[derive(Debug, Clone)]
pub struct SwitchCase {
    /// `case` values; empty with `default` set for `default:`.
    pub values: Vec<i64>,
    pub default: bool,
    /// Falls through into the next case unless it ends in a jump.
    pub body: Block,
}

#[derive(Debug, Clone)]
pub enum StmtKind {
    Expr(ExprId),
    /// A user function call: arguments evaluated left to right (values for `in`
    /// parameters, places for `out` and `inout`), the result stored in `result` (a local
    /// declared before). Calls are statements, never expressions, so a call that
    /// reaches a barrier is always at statement level.
    Call {
        func: FunctionId,
        args: Vec<ExprId>,
        result: Option<LocalId>,
    },
    /// A local variable comes into scope (with its initializer, if any).
    Declare {
        local: LocalId,
        init: Option<ExprId>,
    },
    Block(Block),
    If {
        cond: ExprId,
        accept: Block,
        reject: Block,
    },
    /// `while (cond) body`, `for (...; cond; step) body`, `do body while (cond)`.
    Loop {
        cond: Option<ExprId>,
        /// Test `cond` after the body (do-while).
        test_after: bool,
        body: Block,
        /// The for-loop step, run before each re-test (also after `continue`); for a
        /// `do`-`while` whose condition calls functions, those calls.
        step: Block,
    },
    Switch {
        selector: ExprId,
        cases: Vec<SwitchCase>,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    /// `discard` (fragment shaders only; never compiled).
    Discard,
}

#[derive(Debug, Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

impl StmtKind {
    /// The statement's nested blocks, in source order (if: accept, reject; loop: body,
    /// step; switch: the cases).
    pub fn blocks(&self) -> Vec<&Block> {
        match self {
            StmtKind::Block(b) => vec![b],
            StmtKind::If { accept, reject, .. } => vec![accept, reject],
            StmtKind::Loop { body, step, .. } => vec![body, step],
            StmtKind::Switch { cases, .. } => cases.iter().map(|c| &c.body).collect(),
            _ => Vec::new(),
        }
    }

    /// [`StmtKind::blocks`], to rewrite or take apart.
    pub fn blocks_mut(&mut self) -> Vec<&mut Block> {
        match self {
            StmtKind::Block(b) => vec![b],
            StmtKind::If { accept, reject, .. } => vec![accept, reject],
            StmtKind::Loop { body, step, .. } => vec![body, step],
            StmtKind::Switch { cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
            _ => Vec::new(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Function {
    pub name: String,
    pub ret: TypeId,
    /// The first `params` locals are the parameters.
    pub params: usize,
    pub locals: Vec<Local>,
    pub exprs: Vec<Expr>,
    pub body: Block,
    pub defined: bool,
    pub span: Span,
}

impl Drop for Function {
    /// Takes the statement tree apart with a work list: dropping it recursively would
    /// use stack for every level of nesting, on whichever thread deletes the shader.
    fn drop(&mut self) {
        let mut work = std::mem::take(&mut self.body);
        while let Some(mut s) = work.pop() {
            for b in s.kind.blocks_mut() {
                work.append(b);
            }
        }
    }
}

impl Function {
    /// `if (!cond) break;` for a bool scalar `cond` (of type `bool_ty`); the `!` joins
    /// the arena. Loops whose condition needs statements test it this way.
    pub fn break_unless(&mut self, cond: ExprId, bool_ty: TypeId, span: Span) -> Stmt {
        self.exprs.push(Expr {
            kind: ExprKind::Unary {
                op: UnaryOp::Not,
                arg: cond,
            },
            ty: bool_ty,
            span,
        });
        let not = ExprId(self.exprs.len() as u32 - 1);
        Stmt {
            kind: StmtKind::If {
                cond: not,
                accept: vec![Stmt {
                    kind: StmtKind::Break,
                    span,
                }],
                reject: Vec::new(),
            },
            span,
        }
    }

    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize]
    }

    /// Every function this one calls (with repeats).
    pub fn callees(&self) -> Vec<FunctionId> {
        let mut out = Vec::new();
        for_each_stmt(&self.body, |s| {
            if let StmtKind::Call { func, .. } = &s.kind {
                out.push(*func);
            }
        });
        // Calls the front end has not turned into statements yet.
        out.extend(self.exprs.iter().filter_map(|e| match e.kind {
            ExprKind::Call { func, .. } => Some(func),
            _ => None,
        }));
        out
    }

    pub fn param_types(&self) -> impl Iterator<Item = (TypeId, ParamDir)> + '_ {
        self.locals[..self.params]
            .iter()
            .map(|l| (l.ty, l.param.unwrap_or(ParamDir::In)))
    }
}

/// The work-group size a compute shader declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalSize {
    Fixed([u32; 3]),
    Variable,
}

/// How a compute shader groups its invocations into 2x2 quads for derivatives
/// (NV_compute_shader_derivatives): `derivative_group_quadsNV` (local invocation IDs
/// (2x+{0,1}, 2y+{0,1}, z)) or `derivative_group_linearNV` (local invocation indices
/// 4n+{0,1,2,3}).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DerivativeGroup {
    Quads,
    Linear,
}

/// One compiled shader, or (after linking) a whole program.
#[derive(Debug, Clone, Default)]
pub struct Module {
    pub types: Types,
    pub globals: Vec<Global>,
    pub blocks: Vec<InterfaceBlock>,
    pub functions: Vec<Function>,
    pub local_size: Option<LocalSize>,
    /// The derivative group a compute shader declares (None: derivatives are zero).
    pub derivative_group: Option<DerivativeGroup>,
    /// Bytes of shared memory (sum of the shared variables).
    pub shared_size: u64,
    /// GLSL version of the source (`#version`; for GLSL ES the desktop version with
    /// its features, words::desktop_equivalent).
    pub version: u16,
    /// A GLSL ES shader's own version (300, 310); None for desktop GLSL.
    pub es_version: Option<u16>,
    /// The input and output layout declarations of a graphics stage.
    pub stage_layout: StageLayout,
    /// Subroutine types, functions and uniforms (GLSL 4.60 §6.1.2).
    pub subroutines: Subroutines,
}

/// A module's subroutines (GLSL 4.60 §6.1.2). A call through a subroutine uniform is a
/// call of its type's dispatcher, a function the front end writes that calls the
/// selected candidate; the uniform's storage is a hidden default-block `uint` (array)
/// holding the selection as a position in `candidates`, which the API fills from the
/// context's subroutine indices before each dispatch.
#[derive(Debug, Clone, Default)]
pub struct Subroutines {
    pub types: Vec<SubroutineType>,
    pub functions: Vec<SubroutineFunction>,
    pub uniforms: Vec<SubroutineUniform>,
}

#[derive(Debug, Clone)]
pub struct SubroutineType {
    pub name: String,
    pub ret: TypeId,
    pub params: Vec<(TypeId, ParamDir)>,
    /// The dispatcher: parameters (selection, the type's parameters...).
    pub dispatcher: Option<FunctionId>,
    /// The functions of this type its shader defines, in the dispatcher's order.
    pub candidates: Vec<FunctionId>,
    /// In a linked module, the stage (link order) of the shader it comes from.
    pub owner: usize,
}

#[derive(Debug, Clone)]
pub struct SubroutineFunction {
    pub func: FunctionId,
    /// The subroutine types it is declared with.
    pub types: Vec<String>,
    /// `layout(index = N)`.
    pub index: Option<u32>,
    pub owner: usize,
}

#[derive(Debug, Clone)]
pub struct SubroutineUniform {
    pub name: String,
    /// The hidden selection variable.
    pub global: GlobalId,
    /// Its type: an index into `Subroutines::types`.
    pub ty: u32,
    /// Elements, for an array.
    pub array: Option<u32>,
    /// `layout(location = N)`.
    pub location: Option<u32>,
    pub owner: usize,
}

/// The layout qualifiers a graphics stage declares on `in` or `out` alone (GLSL 4.60
/// §4.4.1.2-§4.4.2.2): primitive types, vertex counts, tessellation modes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StageLayout {
    /// Geometry: points, lines, lines_adjacency, triangles, triangles_adjacency.
    pub input_primitive: Option<&'static str>,
    /// Geometry: points, line_strip, triangle_strip.
    pub output_primitive: Option<&'static str>,
    pub max_vertices: Option<u32>,
    pub invocations: Option<u32>,
    /// Tessellation control: vertices in the output patch.
    pub patch_vertices: Option<u32>,
    /// Tessellation evaluation: triangles, quads, isolines.
    pub tess_mode: Option<&'static str>,
    /// equal_spacing, fractional_even_spacing, fractional_odd_spacing.
    pub tess_spacing: Option<&'static str>,
    /// cw, ccw.
    pub tess_order: Option<&'static str>,
    pub point_mode: bool,
    pub early_fragment_tests: bool,
    /// `xfb_stride` declared for a transform feedback buffer, as (buffer, stride)
    /// (GLSL 4.60 §4.4.2.1: every declaration for one buffer agrees).
    pub xfb_strides: Vec<(u32, u32)>,
    /// Some output declaration has an `xfb_*` qualifier: the stage is in transform
    /// feedback capturing mode (GLSL 4.60 §4.4.2.1), and what it records is what its
    /// `xfb_offset` qualifiers say.
    pub xfb_mode: bool,
}

impl Module {
    /// True if a used global is an image or sampler (or an array of them).
    pub fn uses_textures(&self) -> bool {
        self.globals.iter().any(|g| {
            let mut t = g.ty;
            while let Type::Array(e, _) = self.types.get(t) {
                t = *e;
            }
            g.used && matches!(self.types.get(t), Type::Image(_) | Type::Sampler(_))
        })
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.0 as usize]
    }

    pub fn function(&self, id: FunctionId) -> &Function {
        &self.functions[id.0 as usize]
    }

    pub fn block(&self, id: BlockId) -> &InterfaceBlock {
        &self.blocks[id.0 as usize]
    }

    /// The defined `main` function.
    pub fn entry(&self) -> Option<FunctionId> {
        self.functions
            .iter()
            .position(|f| f.name == "main" && f.defined)
            .map(|i| FunctionId(i as u32))
    }
}
