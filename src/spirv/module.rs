//! The tables of a SPIR-V module (SPIR-V 1.6 §2.4's logical layout): capabilities,
//! entry points and their execution modes, names, decorations, the types, constants
//! and global variables by result id, and each function as its blocks. Built in one
//! pass over the instructions; a type or constant may only name ids defined before it
//! (so type cycles and forward references are errors), every result id is below the
//! header's bound and defined once, and every operand read is checked.

use crate::spirv::binary::*;
use spirv::Op;
use std::collections::HashMap;

/// A type declaration (SPIR-V 1.6 §3.52.6), operands as ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeDef {
    Void,
    Bool,
    Int { width: u32, signed: bool },
    Float { width: u32 },
    Vector { comp: u32, n: u32 },
    Matrix { col: u32, n: u32 },
    Array { elem: u32, len: u32 },
    RuntimeArray { elem: u32 },
    Struct { members: Vec<u32> },
    Pointer { storage: u32, pointee: u32 },
    Function { ret: u32, params: Vec<u32> },
    Image(ImageType),
    Sampler,
    SampledImage { image: u32 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageType {
    pub sampled_type: u32,
    pub dim: u32,
    pub depth: u32,
    pub arrayed: bool,
    pub ms: bool,
    /// 1: used with a sampler, 2: a storage image (0: known at run time).
    pub sampled: u32,
    pub format: u32,
}

/// A constant or specialization constant (SPIR-V 1.6 §3.52.7).
#[derive(Debug, Clone)]
pub enum ConstDef {
    /// OpConstant and OpSpecConstant: the value's words (low word first).
    Scalar {
        ty: u32,
        words: Vec<u32>,
        spec: bool,
    },
    Bool {
        ty: u32,
        value: bool,
        spec: bool,
    },
    Composite {
        ty: u32,
        parts: Vec<u32>,
    },
    Null {
        ty: u32,
    },
    /// OpSpecConstantOp: the operation's opcode and operand ids (or literals).
    Op {
        ty: u32,
        opcode: u32,
        operands: Vec<u32>,
    },
}

impl ConstDef {
    pub fn ty(&self) -> u32 {
        match self {
            ConstDef::Scalar { ty, .. }
            | ConstDef::Bool { ty, .. }
            | ConstDef::Composite { ty, .. }
            | ConstDef::Null { ty }
            | ConstDef::Op { ty, .. } => *ty,
        }
    }
}

/// The extended instruction sets glcompute knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtSet {
    GlslStd450,
    /// SPV_AMD_shader_trinary_minmax.
    TrinaryMinMax,
    Other,
}

/// What a module-level result id is.
#[derive(Debug, Clone)]
pub enum Def {
    Type(TypeDef),
    Const(ConstDef),
    /// OpVariable outside functions: its pointer type, storage class, initializer.
    Var {
        ptr_ty: u32,
        storage: u32,
        init: Option<u32>,
    },
    /// OpUndef outside functions.
    Undef {
        ty: u32,
    },
    ExtImport {
        set: ExtSet,
    },
    /// An index into [`SpvModule::functions`].
    Function(usize),
}

#[derive(Debug, Clone)]
pub struct EntryPoint {
    pub model: u32,
    pub func: u32,
    pub name: String,
    pub offset: usize,
}

/// How a block starts a structured construct (SPIR-V 1.6 §2.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Merge {
    Selection { merge: u32 },
    Loop { merge: u32, cont: u32 },
}

#[derive(Debug, Clone)]
pub struct BlockDef {
    pub label: u32,
    pub offset: usize,
    /// Instruction indices of the body (OpPhi first), without merge and terminator.
    pub body: Vec<usize>,
    pub merge: Option<Merge>,
    /// Instruction index of the terminator.
    pub term: usize,
}

#[derive(Debug, Clone)]
pub struct FuncDef {
    pub id: u32,
    pub ret: u32,
    pub fn_ty: u32,
    pub params: Vec<(u32, u32)>,
    pub blocks: Vec<BlockDef>,
    pub offset: usize,
}

/// Decorations of one id or member: (decoration, literal operands).
pub type Decorations = Vec<(u32, Vec<u32>)>;

/// The most decoration words OpGroupDecorate and OpGroupMemberDecorate may copy in one
/// module (a module's own decorations are bounded by its size; copies multiply).
const MAX_GROUP_COPIES: usize = MAX_WORDS;

#[derive(Debug, Default)]
pub struct SpvModule<'a> {
    pub insts: Vec<Inst<'a>>,
    pub bound: u32,
    pub capabilities: Vec<(u32, usize)>,
    pub extensions: Vec<(String, usize)>,
    pub addressing: Option<(u32, u32, usize)>,
    pub entry_points: Vec<EntryPoint>,
    /// (function, mode, literal operands, offset).
    pub exec_modes: Vec<(u32, u32, Vec<u32>, usize)>,
    pub names: HashMap<u32, String>,
    pub member_names: HashMap<(u32, u32), String>,
    /// Decorations by target id: (decoration, literal operands).
    pub decorations: HashMap<u32, Decorations>,
    pub member_decorations: HashMap<(u32, u32), Decorations>,
    pub defs: HashMap<u32, Def>,
    /// Module-level result ids in the order they are defined.
    pub order: Vec<u32>,
    pub functions: Vec<FuncDef>,
    /// The result type of every function-level result id.
    pub value_types: HashMap<u32, u32>,
    /// The word offset of the instruction defining each result id.
    pub def_offsets: HashMap<u32, usize>,
}

/// Where an instruction's result id is: operand 0 (types, labels, imports), operand
/// 1 (after a result type), or nowhere.
fn result_pos(op: Op) -> Option<usize> {
    use Op::*;
    if is_type_op(op) || matches!(op, ExtInstImport | String | DecorationGroup | Label) {
        return Some(0);
    }
    match op {
        Nop
        | Capability
        | Extension
        | MemoryModel
        | EntryPoint
        | ExecutionMode
        | ExecutionModeId
        | Source
        | SourceContinued
        | SourceExtension
        | Name
        | MemberName
        | Decorate
        | DecorateId
        | MemberDecorate
        | GroupDecorate
        | GroupMemberDecorate
        | Line
        | NoLine
        | ModuleProcessed
        | FunctionEnd
        | Store
        | CopyMemory
        | ControlBarrier
        | MemoryBarrier
        | AtomicStore
        | ImageWrite
        | Branch
        | BranchConditional
        | Switch
        | Return
        | ReturnValue
        | Kill
        | Unreachable
        | SelectionMerge
        | LoopMerge
        | EmitVertex
        | EndPrimitive
        | EmitStreamVertex
        | EndStreamPrimitive
        | TerminateInvocation
        | DemoteToHelperInvocation => None,
        _ => Some(1),
    }
}

impl<'a> SpvModule<'a> {
    pub fn parse(words: &'a [u32]) -> SpvResult<SpvModule<'a>> {
        let header = header(words)?;
        let insts = instructions(words)?;
        let mut m = SpvModule {
            bound: header.bound,
            ..SpvModule::default()
        };
        let mut cur: Option<FuncDef> = None;
        // Decoration groups (SPIR-V 1.6 §3.42.2): the ids OpDecorationGroup made, and
        // how many decorations OpGroupDecorate has copied (bounded: each target gets a
        // copy of the group's list).
        let mut groups = std::collections::HashSet::new();
        let mut copied = 0usize;
        let mut block: Option<BlockDef> = None;
        let mut defined: std::collections::HashSet<u32> = Default::default();
        for (idx, inst) in insts.iter().enumerate() {
            let Some(op) = Op::from_u32(inst.op) else {
                return Err(inst.err("is not a SPIR-V instruction glcompute knows"));
            };
            // Every result id: below the bound, defined once.
            if let Some(at) = result_pos(op) {
                let id = inst.word(at)?;
                if id == 0 || id >= m.bound {
                    return Err(inst.err(format!(
                        "result id {id} is not between 1 and the bound {}",
                        m.bound
                    )));
                }
                if !defined.insert(id) {
                    return Err(inst.err(format!("result id {id} is defined twice")));
                }
                m.def_offsets.insert(id, inst.offset);
            }
            if let Some(f) = cur.as_mut() {
                // Inside a function.
                match op {
                    Op::FunctionParameter => {
                        if block.is_some() || !f.blocks.is_empty() {
                            return Err(inst.err("a parameter after the function's first block"));
                        }
                        f.params.push((inst.word(1)?, inst.word(0)?));
                        m.value_types.insert(inst.word(1)?, inst.word(0)?);
                    }
                    Op::FunctionEnd => {
                        if block.is_some() {
                            return Err(inst.err("the function's last block has no terminator"));
                        }
                        let f = cur.take().expect("inside a function");
                        if f.blocks.is_empty() {
                            // A declaration (Import linkage): not in a GL module.
                            return Err(inst.err(format!(
                                "function {} has no body (linkage is not supported)",
                                f.id
                            )));
                        }
                        let i = m.functions.len();
                        m.defs.insert(f.id, Def::Function(i));
                        m.functions.push(f);
                    }
                    Op::Label => {
                        if block.is_some() {
                            return Err(inst.err(
                                "a label inside a block (the block before has no terminator)",
                            ));
                        }
                        block = Some(BlockDef {
                            label: inst.word(0)?,
                            offset: inst.offset,
                            body: Vec::new(),
                            merge: None,
                            term: 0,
                        });
                    }
                    Op::Line | Op::NoLine | Op::Nop => {}
                    _ => {
                        let Some(b) = block.as_mut() else {
                            return Err(inst.err("an instruction outside any block"));
                        };
                        if b.merge.is_some() && !is_terminator(op) {
                            return Err(inst.err(
                                "a merge instruction must come just before its block's terminator",
                            ));
                        }
                        match op {
                            Op::SelectionMerge => {
                                b.merge = Some(Merge::Selection {
                                    merge: inst.word(0)?,
                                })
                            }
                            Op::LoopMerge => {
                                b.merge = Some(Merge::Loop {
                                    merge: inst.word(0)?,
                                    cont: inst.word(1)?,
                                })
                            }
                            _ if is_terminator(op) => {
                                let mut b = block.take().expect("inside a block");
                                b.term = idx;
                                f.blocks.push(b);
                            }
                            _ => {
                                if result_pos(op) == Some(1) {
                                    m.value_types.insert(inst.word(1)?, inst.word(0)?);
                                }
                                b.body.push(idx);
                            }
                        }
                    }
                }
                continue;
            }
            match op {
                Op::Capability => m.capabilities.push((inst.word(0)?, inst.offset)),
                Op::Extension => m.extensions.push((inst.string(0)?.0, inst.offset)),
                Op::ExtInstImport => {
                    let name = inst.string(1)?.0;
                    let set = match name.as_str() {
                        "GLSL.std.450" => ExtSet::GlslStd450,
                        "SPV_AMD_shader_trinary_minmax" => ExtSet::TrinaryMinMax,
                        _ => ExtSet::Other,
                    };
                    m.defs.insert(inst.word(0)?, Def::ExtImport { set });
                }
                Op::MemoryModel => {
                    if m.addressing.is_some() {
                        return Err(inst.err("a second OpMemoryModel"));
                    }
                    m.addressing = Some((inst.word(0)?, inst.word(1)?, inst.offset));
                }
                Op::EntryPoint => {
                    let (name, _) = inst.string(2)?;
                    m.entry_points.push(EntryPoint {
                        model: inst.word(0)?,
                        func: inst.word(1)?,
                        name,
                        offset: inst.offset,
                    });
                }
                Op::ExecutionMode | Op::ExecutionModeId => m.exec_modes.push((
                    inst.word(0)?,
                    inst.word(1)?,
                    inst.rest(2).to_vec(),
                    inst.offset,
                )),
                Op::Name => {
                    m.names.insert(inst.word(0)?, inst.string(1)?.0);
                }
                Op::MemberName => {
                    m.member_names
                        .insert((inst.word(0)?, inst.word(1)?), inst.string(2)?.0);
                }
                Op::Decorate | Op::DecorateId => m
                    .decorations
                    .entry(inst.word(0)?)
                    .or_default()
                    .push((inst.word(1)?, inst.rest(2).to_vec())),
                Op::MemberDecorate => m
                    .member_decorations
                    .entry((inst.word(0)?, inst.word(1)?))
                    .or_default()
                    .push((inst.word(2)?, inst.rest(3).to_vec())),
                // The group's decorations are the OpDecorate instructions naming it,
                // which come before it; OpGroupDecorate and OpGroupMemberDecorate
                // (after it) give each target a copy.
                Op::DecorationGroup => {
                    groups.insert(inst.word(0)?);
                }
                Op::GroupDecorate | Op::GroupMemberDecorate => {
                    let g = inst.word(0)?;
                    if !groups.contains(&g) {
                        return Err(inst.err(format!("id {g} is not a decoration group")));
                    }
                    let list = m.decorations.get(&g).cloned().unwrap_or_default();
                    let member = op == Op::GroupMemberDecorate;
                    let targets = inst.rest(1);
                    if member && targets.len() % 2 != 0 {
                        return Err(inst.err("a member target without its member number"));
                    }
                    let step = if member { 2 } else { 1 };
                    let per_target: usize = list.iter().map(|(_, ops)| 1 + ops.len()).sum();
                    copied = copied.saturating_add(per_target.saturating_mul(targets.len() / step));
                    if copied > MAX_GROUP_COPIES {
                        return Err(inst
                            .err("decoration groups copy more decorations than glcompute takes"));
                    }
                    for t in targets.chunks(step) {
                        if member {
                            m.member_decorations
                                .entry((t[0], t[1]))
                                .or_default()
                                .extend(list.iter().cloned());
                        } else {
                            m.decorations
                                .entry(t[0])
                                .or_default()
                                .extend(list.iter().cloned());
                        }
                    }
                }
                Op::Source
                | Op::SourceContinued
                | Op::SourceExtension
                | Op::String
                | Op::Line
                | Op::NoLine
                | Op::Nop
                | Op::ModuleProcessed => {}
                Op::Function => {
                    cur = Some(FuncDef {
                        id: inst.word(1)?,
                        ret: inst.word(0)?,
                        fn_ty: inst.word(3)?,
                        params: Vec::new(),
                        blocks: Vec::new(),
                        offset: inst.offset,
                    });
                    // Calls may name functions defined later: the id is reserved here.
                    m.defs.insert(inst.word(1)?, Def::Function(usize::MAX));
                }
                Op::Variable => {
                    let id = inst.word(1)?;
                    let ptr_ty = inst.word(0)?;
                    m.type_def(inst, ptr_ty)?;
                    let init = inst.operands.get(3).copied();
                    if let Some(i) = init {
                        m.const_def(inst, i)?;
                    }
                    m.defs.insert(
                        id,
                        Def::Var {
                            ptr_ty,
                            storage: inst.word(2)?,
                            init,
                        },
                    );
                    m.order.push(id);
                }
                Op::Undef => {
                    let ty = inst.word(0)?;
                    m.type_def(inst, ty)?;
                    m.defs.insert(inst.word(1)?, Def::Undef { ty });
                    m.order.push(inst.word(1)?);
                }
                _ if is_type_op(op) => {
                    let t = m.parse_type(op, inst)?;
                    m.defs.insert(inst.word(0)?, Def::Type(t));
                    m.order.push(inst.word(0)?);
                }
                _ if is_const_op(op) => {
                    let c = m.parse_const(op, inst)?;
                    m.defs.insert(inst.word(1)?, Def::Const(c));
                    m.order.push(inst.word(1)?);
                }
                _ => return Err(inst.err("is not allowed outside a function")),
            }
        }
        if cur.is_some() {
            return Err(error_at(
                words.len(),
                "the last function has no OpFunctionEnd",
            ));
        }
        m.insts = insts;
        Ok(m)
    }

    /// The type `id` names, or an error at `inst`.
    pub fn type_def(&self, inst: &Inst, id: u32) -> SpvResult<&TypeDef> {
        match self.defs.get(&id) {
            Some(Def::Type(t)) => Ok(t),
            _ => Err(inst.err(format!("id {id} is not a type defined before its use"))),
        }
    }

    /// The constant `id` names, or an error at `inst`.
    pub fn const_def(&self, inst: &Inst, id: u32) -> SpvResult<&ConstDef> {
        match self.defs.get(&id) {
            Some(Def::Const(c)) => Ok(c),
            _ => Err(inst.err(format!("id {id} is not a constant defined before its use"))),
        }
    }

    fn parse_type(&self, op: Op, inst: &Inst) -> SpvResult<TypeDef> {
        let ty = |i: usize| -> SpvResult<u32> {
            let id = inst.word(i)?;
            self.type_def(inst, id)?;
            Ok(id)
        };
        Ok(match op {
            Op::TypeVoid => TypeDef::Void,
            Op::TypeBool => TypeDef::Bool,
            Op::TypeInt => TypeDef::Int {
                width: inst.word(1)?,
                signed: inst.word(2)? != 0,
            },
            Op::TypeFloat => TypeDef::Float {
                width: inst.word(1)?,
            },
            Op::TypeVector => TypeDef::Vector {
                comp: ty(1)?,
                n: inst.word(2)?,
            },
            Op::TypeMatrix => TypeDef::Matrix {
                col: ty(1)?,
                n: inst.word(2)?,
            },
            Op::TypeArray => {
                let len = inst.word(2)?;
                self.const_def(inst, len)?;
                TypeDef::Array { elem: ty(1)?, len }
            }
            Op::TypeRuntimeArray => TypeDef::RuntimeArray { elem: ty(1)? },
            Op::TypeStruct => TypeDef::Struct {
                members: (1..inst.operands.len()).map(ty).collect::<SpvResult<_>>()?,
            },
            Op::TypePointer => TypeDef::Pointer {
                storage: inst.word(1)?,
                pointee: ty(2)?,
            },
            Op::TypeFunction => TypeDef::Function {
                ret: ty(1)?,
                params: (2..inst.operands.len()).map(ty).collect::<SpvResult<_>>()?,
            },
            Op::TypeImage => TypeDef::Image(ImageType {
                sampled_type: ty(1)?,
                dim: inst.word(2)?,
                depth: inst.word(3)?,
                arrayed: inst.word(4)? != 0,
                ms: inst.word(5)? != 0,
                sampled: inst.word(6)?,
                format: inst.word(7)?,
            }),
            Op::TypeSampler => TypeDef::Sampler,
            Op::TypeSampledImage => TypeDef::SampledImage { image: ty(1)? },
            _ => return Err(inst.err("is a type glcompute does not support")),
        })
    }

    fn parse_const(&self, op: Op, inst: &Inst) -> SpvResult<ConstDef> {
        let ty = inst.word(0)?;
        self.type_def(inst, ty)?;
        let consts = |from: usize| -> SpvResult<Vec<u32>> {
            inst.rest(from)
                .iter()
                .map(|&c| self.const_def(inst, c).map(|_| c))
                .collect()
        };
        Ok(match op {
            Op::Constant | Op::SpecConstant => ConstDef::Scalar {
                ty,
                words: inst.rest(2).to_vec(),
                spec: op == Op::SpecConstant,
            },
            Op::ConstantTrue | Op::ConstantFalse => ConstDef::Bool {
                ty,
                value: op == Op::ConstantTrue,
                spec: false,
            },
            Op::SpecConstantTrue | Op::SpecConstantFalse => ConstDef::Bool {
                ty,
                value: op == Op::SpecConstantTrue,
                spec: true,
            },
            Op::ConstantComposite | Op::SpecConstantComposite => ConstDef::Composite {
                ty,
                parts: consts(2)?,
            },
            Op::ConstantNull => ConstDef::Null { ty },
            Op::SpecConstantOp => {
                let opcode = inst.word(2)?;
                // Operands are ids, except the literal indices of the composite
                // operations (SPIR-V 1.6 OpSpecConstantOp).
                let operands = inst.rest(3).to_vec();
                let literal_from = match Op::from_u32(opcode) {
                    Some(Op::CompositeExtract) => 1,
                    Some(Op::CompositeInsert) => 2,
                    Some(Op::VectorShuffle) => 2,
                    _ => operands.len(),
                };
                for &c in &operands[..literal_from.min(operands.len())] {
                    self.const_def(inst, c)?;
                }
                ConstDef::Op {
                    ty,
                    opcode,
                    operands,
                }
            }
            _ => return Err(inst.err("is a constant glcompute does not support")),
        })
    }

    /// An error about result id `id`, at the instruction defining it.
    pub fn err_at(&self, id: u32, msg: impl Into<String>) -> SpvError {
        let offset = self.def_offsets.get(&id).copied().unwrap_or(0);
        let op = self.insts.iter().find(|i| i.offset == offset).map(|i| i.op);
        SpvError {
            offset,
            op,
            msg: msg.into(),
        }
    }

    /// The decorations of `id` with decoration `d`.
    pub fn decoration(&self, id: u32, d: spirv::Decoration) -> Option<&[u32]> {
        self.decorations
            .get(&id)?
            .iter()
            .find(|(k, _)| *k == d as u32)
            .map(|(_, v)| v.as_slice())
    }

    pub fn member_decoration(&self, id: u32, member: u32, d: spirv::Decoration) -> Option<&[u32]> {
        self.member_decorations
            .get(&(id, member))?
            .iter()
            .find(|(k, _)| *k == d as u32)
            .map(|(_, v)| v.as_slice())
    }
}

/// Type instructions have their result id first and no result type.
fn is_type_op(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        TypeVoid
            | TypeBool
            | TypeInt
            | TypeFloat
            | TypeVector
            | TypeMatrix
            | TypeImage
            | TypeSampler
            | TypeSampledImage
            | TypeArray
            | TypeRuntimeArray
            | TypeStruct
            | TypeOpaque
            | TypePointer
            | TypeFunction
            | TypeEvent
            | TypeDeviceEvent
            | TypeReserveId
            | TypeQueue
            | TypePipe
            | TypeForwardPointer
    )
}

fn is_const_op(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        ConstantTrue
            | ConstantFalse
            | Constant
            | ConstantComposite
            | ConstantNull
            | SpecConstantTrue
            | SpecConstantFalse
            | SpecConstant
            | SpecConstantComposite
            | SpecConstantOp
    )
}

pub fn is_terminator(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        Branch
            | BranchConditional
            | Switch
            | Return
            | ReturnValue
            | Kill
            | Unreachable
            | TerminateInvocation
    )
}
