//! What the parser makes of a program: its declarations (resolved into tables of
//! temporaries, parameter slots, storage and shared-memory variables) and its
//! instruction list, every name already looked up. The lowering reads only this.

use super::error::Pos;
use super::ops::OpInfo;
use std::collections::HashMap;

/// An instruction's (or a variable's) 32-bit data type (NV_gpu_program4 §2.X.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataType {
    F,
    S,
    U,
}

/// A memory instruction's storage modifier (NV_gpu_program5 §2.X.4.5): element type,
/// element size in bits and element count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StorageMod {
    pub ty: DataType,
    pub bits: u8,
    pub count: u8,
}

impl StorageMod {
    /// Bytes one access covers.
    pub fn bytes(self) -> u32 {
        self.bits as u32 / 8 * self.count as u32
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtomicOp {
    Add,
    Min,
    Max,
    IWrap,
    DWrap,
    And,
    Or,
    Xor,
    Exch,
    CSwap,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sat {
    /// Clamp to [0, 1].
    Sat,
    /// Clamp to [-1, 1].
    SSat,
}

/// An instruction's modifiers (NV_gpu_program4 §2.X.4.1, NV_gpu_program5).
#[derive(Debug, Clone, Default)]
pub struct Mods {
    pub ty: Option<DataType>,
    /// The condition code register `.CC`/`.CC0` (0) or `.CC1` (1) updates.
    pub cc: Option<u8>,
    pub sat: Option<Sat>,
    pub ntc: bool,
    /// MUL.HI: the high 32 bits of the product.
    pub hi: bool,
    /// MUL.S24/.U24: 24-bit operands (computed in full 32 bits).
    pub mul24: Option<DataType>,
    pub storage: Option<StorageMod>,
    pub atomic: Option<AtomicOp>,
    pub cta: bool,
    /// CVT's two types (NV_gpu_program5 §2.X.8.Z): the result's, then the operand's
    /// (F16 is `F` with 16 bits).
    pub cvt: [Option<StorageMod>; 2],
    /// CVT's rounding modifier (.ROUND when none is given).
    pub round: Option<Round>,
}

/// A float-to-integer (and float-to-F16) rounding of CVT (NV_gpu_program5 §2.X.8.Z).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Round {
    /// To nearest, ties to even.
    Round,
    Ceil,
    Flr,
    Trunc,
}

/// A condition code test (NV_gpu_program4 table X.16) on CC0 or CC1 with a swizzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CcTest {
    pub rule: CcRule,
    pub reg: u8,
    pub swizzle: [u8; 4],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CcRule {
    Eq,
    Ge,
    Gt,
    Le,
    Lt,
    Ne,
    Tr,
    Fl,
    Nan,
    Leg,
    Cf,
    Ncf,
    Of,
    Nof,
    Ab,
    Ble,
    Sf,
    Nsf,
}

/// A compute attribute binding (NV_compute_program5 table X.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attrib {
    LocalId,
    GlobalId,
    GroupId,
    GroupCount,
    GroupSize,
    LocalIndex,
}

/// Where one program parameter's four words come from (NV_gpu_program4 §2.X.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParamSource {
    /// A constant, as bits.
    Const([u32; 4]),
    /// `program.local[n]`.
    Local(u32),
    /// `program.env[n]`.
    Env(u32),
}

/// An array index: a constant, or an integer temporary's component plus a constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Index {
    /// (temporary, its element if an array with a constant index, component).
    pub reg: Option<(u32, u32, u8)>,
    pub offset: i64,
}

/// A scalar constant as written (its sign included).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ConstScalar {
    Int { value: u64, negative: bool },
    Float(f64),
}

#[derive(Debug, Clone, PartialEq)]
pub enum OperandBase {
    /// A temporary (element of an array temporary).
    Temp {
        temp: u32,
        index: Option<Index>,
    },
    /// A parameter slot, `base` of an array of `len` (relative index clamped to it).
    Param {
        base: u32,
        len: u32,
        index: Option<Index>,
    },
    Attrib(Attrib),
    /// An element of a parameter buffer variable (BUFFER: one word broadcast;
    /// BUFFER4: four words; CBUFFER, for LDC only: the byte offset of a load).
    Buffer(BufferRef),
    /// A constant vector: missing components are (0, 0, 1) for y, z, w; a scalar
    /// constant is replicated.
    Const(Vec<ConstScalar>),
}

/// The kind of a parameter buffer variable (NV_gpu_program4 §2.X.3.6,
/// NV_parameter_buffer_object2's CBUFFER).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferKind {
    Word,
    Vec4,
    Bytes,
}

/// An element of a parameter buffer variable: bindings `first`..`first + count`
/// (chosen by `binding` when there are several), elements from `base`, `len` of them,
/// and the element index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BufferRef {
    pub kind: BufferKind,
    pub first: u32,
    pub count: u32,
    pub binding: Option<Index>,
    pub base: u32,
    pub len: u32,
    pub index: Index,
}

/// A source operand: base, swizzle, negation and absolute value (§2.X.4.2: negate,
/// then absolute value, then the negation written outside the bars).
#[derive(Debug, Clone, PartialEq)]
pub struct Operand {
    pub base: OperandBase,
    pub swizzle: [u8; 4],
    pub neg: bool,
    pub abs: bool,
    pub outer_neg: bool,
    pub pos: Pos,
}

/// A destination: temporary, write mask, optional condition mask.
#[derive(Debug, Clone, PartialEq)]
pub struct Dest {
    pub temp: u32,
    pub index: Option<Index>,
    pub mask: [bool; 4],
    pub cond: Option<CcTest>,
}

/// A storage-buffer or shared-memory operand: the variable and its byte offset.
#[derive(Debug, Clone, PartialEq)]
pub struct MemRef {
    pub space: Space,
    /// The byte offset within the variable (relative to its base).
    pub offset: Index,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// Shader storage binding (a constant binding, or `first` + a relative index
    /// clamped to `count` bindings), from byte `base`.
    Storage {
        first: u32,
        count: u32,
        binding: Option<Index>,
        base: u32,
    },
    /// Shared memory from byte `base`.
    Shared { base: u32 },
    /// A parameter buffer binding (LDC's CBUFFER), as for storage.
    Param {
        first: u32,
        count: u32,
        binding: Option<Index>,
        base: u32,
    },
}

/// One component of SWZ's extended swizzle: 0, 1 or a component, possibly negated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtComp {
    Zero,
    One,
    Comp(u8),
}

#[derive(Debug, Clone, PartialEq)]
pub enum InstKind {
    Alu {
        dest: Dest,
        srcs: Vec<Operand>,
    },
    Swz {
        dest: Dest,
        src: Operand,
        comps: [(bool, ExtComp); 4],
    },
    If(CcTest),
    Else,
    EndIf,
    Rep(Option<Operand>),
    EndRep,
    Brk(Option<CcTest>),
    Cont(Option<CcTest>),
    Ret(Option<CcTest>),
    Cal {
        label: String,
        cond: Option<CcTest>,
    },
    Bar,
    Membar,
    Load {
        dest: Dest,
        mem: MemRef,
    },
    Store {
        src: Operand,
        mem: MemRef,
    },
    Atomic {
        dest: Dest,
        src: Operand,
        mem: MemRef,
    },
    /// LOADIM, STOREIM, ATOMIM (EXT_shader_image_load_store's NV_gpu_program5
    /// instructions): image unit `unit` accessed as `dim`.
    Image {
        op: ImageOp,
        dest: Option<Dest>,
        data: Option<Operand>,
        coords: Operand,
        unit: u32,
        /// An IMAGE array indexed by a register: the index and the array's length
        /// (`unit` is its first unit).
        rel: Option<(Index, u32)>,
        dim: crate::ir::Dim,
    },
    /// TEX, TXB, TXD, TXF, TXFMS, TXG, TXGO, TXL, TXP, TXQ (NV_gpu_program4 §2.X.4.4,
    /// NV_gpu_program5, NV_explicit_multisample): texture unit `unit` as `dim`.
    Tex {
        dest: Dest,
        coords: Operand,
        /// The vector operands between the coordinates and the texture: TXD's partial
        /// derivatives with respect to x and y, TXGO's x and y texel offsets, or the
        /// SHADOWARRAYCUBE depth reference (in x).
        extra: Vec<Operand>,
        unit: u32,
        /// A TEXTURE array indexed by a register: the index and the array's length
        /// (`unit` is its first unit).
        rel: Option<(Index, u32)>,
        /// TXG's component (`texture[n].y`; x when absent).
        comp: u8,
        dim: crate::ir::Dim,
        /// A SHADOW target: a depth comparison with the reference in the coordinates.
        shadow: bool,
        /// A constant texel offset (None: none, or zero).
        offset: Option<[i32; 3]>,
        /// A texel offset from a register (`offset(R0)`, NV_gpu_program5).
        var_offset: Option<Box<Operand>>,
    },
    /// `name:` (not an instruction; starts a subroutine).
    Label(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageOp {
    Load,
    Store,
    Atomic,
}

#[derive(Debug, Clone)]
pub struct Inst {
    pub op: &'static OpInfo,
    pub mods: Mods,
    pub kind: InstKind,
    pub pos: Pos,
}

#[derive(Debug, Clone)]
pub struct Temp {
    pub name: String,
    /// Elements of an array temporary.
    pub len: Option<u32>,
    pub ty: Option<DataType>,
}

/// A parsed program.
#[derive(Debug, Clone, Default)]
pub struct Program {
    pub temps: Vec<Temp>,
    pub params: Vec<ParamSource>,
    pub group_size: Option<[u32; 3]>,
    /// OPTION ARB_compute_variable_group_size.
    pub variable_group_size: bool,
    pub shared_memory: Option<u32>,
    pub insts: Vec<Inst>,
    /// Label name -> index of its Label instruction.
    pub labels: HashMap<String, usize>,
    /// Every storage binding point a STORAGE variable covers.
    pub storage_bindings: Vec<u32>,
    /// Every parameter buffer binding point a BUFFER, BUFFER4 or CBUFFER variable
    /// covers.
    pub buffer_bindings: Vec<u32>,
    /// Storage bindings used by an S32 MIN/MAX atomic (need a signed view).
    pub signed_atomics: Vec<u32>,
    /// Counts for GetProgramivARB.
    pub instructions: u32,
    pub attribs: u32,
}
