//! Which SPIR-V results become expression trees instead of locals. A result used
//! exactly once, later in the block that defines it (not by a phi, OpCopyObject, an
//! access chain or OpImageTexelPointer, whose operands are read where their result is
//! used), is built into its use's expression when nothing between could
//! change what it reads: a pure operation always, a read of memory (a load, an image
//! lookup, or an operation on such a tree) only with no store, atomic, call, barrier
//! or image write between. Fewer locals mean fewer masked assignments in SIMD
//! regions. Trees are at most MAX_DEPTH deep; uses are counted over every operand
//! word, so a literal that equals an id only counts an extra use (fewer trees, never a
//! wrong one).

use crate::spirv::module::{FuncDef, SpvModule};
use spirv::Op;
use std::collections::{HashMap, HashSet};

/// The deepest tree built from deferred results.
const MAX_DEPTH: u32 = 32;

/// Some(reads memory) for the results that may become trees; None for the others.
fn tree_kind(op: Op, inst: &crate::spirv::binary::Inst) -> Option<bool> {
    use Op::*;
    Some(match op {
        Load => true,
        _ if crate::spirv::images::is_image_op(op) => true,
        // modf and frexp write through their pointer operand.
        ExtInst => match inst.operands.get(3) {
            Some(35 | 51) => return None,
            _ => false,
        },
        ArrayLength
        | IAdd
        | ISub
        | IMul
        | FAdd
        | FSub
        | FMul
        | FDiv
        | UDiv
        | SDiv
        | UMod
        | SRem
        | SMod
        | FMod
        | FRem
        | BitwiseAnd
        | BitwiseOr
        | BitwiseXor
        | ShiftLeftLogical
        | ShiftRightLogical
        | ShiftRightArithmetic
        | SNegate
        | FNegate
        | Not
        | IEqual
        | INotEqual
        | ULessThan
        | SLessThan
        | UGreaterThan
        | SGreaterThan
        | ULessThanEqual
        | SLessThanEqual
        | UGreaterThanEqual
        | SGreaterThanEqual
        | FOrdEqual
        | FUnordEqual
        | FOrdNotEqual
        | FUnordNotEqual
        | FOrdLessThan
        | FUnordLessThan
        | FOrdGreaterThan
        | FUnordGreaterThan
        | FOrdLessThanEqual
        | FUnordLessThanEqual
        | FOrdGreaterThanEqual
        | FUnordGreaterThanEqual
        | LogicalEqual
        | LogicalNotEqual
        | LogicalOr
        | LogicalAnd
        | LogicalNot
        | Any
        | All
        | IsNan
        | IsInf
        | Select
        | ConvertFToU
        | ConvertFToS
        | ConvertSToF
        | ConvertUToF
        | UConvert
        | SConvert
        | FConvert
        | Bitcast
        | CompositeConstruct
        | CompositeExtract
        | VectorShuffle
        | VectorExtractDynamic
        | Dot
        | VectorTimesScalar
        | MatrixTimesScalar
        | MatrixTimesVector
        | VectorTimesMatrix
        | MatrixTimesMatrix
        | OuterProduct
        | Transpose
        | BitFieldInsert
        | BitFieldSExtract
        | BitFieldUExtract
        | BitReverse
        | BitCount => false,
        _ => return None,
    })
}

/// Instructions that may change memory a deferred read reads.
fn writes_memory(op: Op, inst: &crate::spirv::binary::Inst) -> bool {
    use Op::*;
    match op {
        Store | CopyMemory | FunctionCall | ControlBarrier | MemoryBarrier | ImageWrite
        | Variable => true,
        // Derivatives, and lookups with an implicit level of detail in a derivative
        // group, exchange values through shared memory between barriers.
        _ if crate::spirv::derivatives::is_derivative(op) => true,
        ImageSampleImplicitLod
        | ImageSampleDrefImplicitLod
        | ImageSampleProjImplicitLod
        | ImageSampleProjDrefImplicitLod
        | ImageQueryLod => true,
        ExtInst => matches!(inst.operands.get(3), Some(35 | 51)),
        _ => format!("{op:?}").starts_with("Atomic"),
    }
}

/// The results of `f` that become trees, and those (of the rest) whose every use is
/// later in the block that defines them, by an instruction of its body (not its
/// terminator): those are declared where they are defined, with their value, so no
/// assignment under an execution mask is needed.
pub fn deferrable(m: &SpvModule, f: &FuncDef) -> (HashSet<u32>, HashSet<u32>) {
    // Every use of a function-local result: (block, position); position body.len()
    // is the terminator.
    let mut uses: HashMap<u32, Vec<(usize, usize)>> = HashMap::new();
    let mut banned = HashSet::new();
    for (bi, b) in f.blocks.iter().enumerate() {
        let all = b.body.iter().copied().chain(std::iter::once(b.term));
        for (pos, i) in all.enumerate() {
            let inst = m.insts[i];
            let op = Op::from_u32(inst.op);
            // Operands after the result type and id (or all, without a result).
            let from = match op {
                Some(Op::Store | Op::CopyMemory | Op::ControlBarrier | Op::MemoryBarrier)
                | Some(Op::ImageWrite | Op::AtomicStore | Op::Branch | Op::BranchConditional)
                | Some(Op::Switch | Op::Return | Op::ReturnValue | Op::Unreachable) => 0,
                _ => 2,
            };
            for &w in inst.rest(from) {
                if m.value_types.contains_key(&w) {
                    uses.entry(w).or_default().push((bi, pos));
                    // Phis read on edges; a copy, an access chain's index and a texel
                    // pointer's coordinate are read where the copy or pointer is
                    // used, perhaps more than once.
                    if matches!(
                        op,
                        Some(
                            Op::Phi
                                | Op::CopyObject
                                | Op::AccessChain
                                | Op::InBoundsAccessChain
                                | Op::ImageTexelPointer
                        )
                    ) {
                        banned.insert(w);
                    }
                }
            }
        }
    }
    let mut out = HashSet::new();
    // Results every use of which is later in the defining block's body; an access
    // chain's (or texel pointer's) operands count as used where its result is, so
    // the block is walked backwards.
    let mut block_local = HashSet::new();
    for (bi, b) in f.blocks.iter().enumerate() {
        for (pos, &i) in b.body.iter().enumerate().rev() {
            let Ok(id) = m.insts[i].word(1) else {
                continue;
            };
            if !m.value_types.contains_key(&id) {
                continue;
            }
            let Some(us) = uses.get(&id) else {
                continue;
            };
            let local = us.iter().all(|&(ub, up)| {
                if ub != bi || up <= pos || up >= b.body.len() {
                    return false;
                }
                let user = m.insts[b.body[up]];
                match Op::from_u32(user.op) {
                    Some(Op::Phi | Op::CopyObject) => false,
                    Some(Op::AccessChain | Op::InBoundsAccessChain | Op::ImageTexelPointer) => {
                        user.word(1).is_ok_and(|r| block_local.contains(&r))
                    }
                    _ => true,
                }
            });
            if local {
                block_local.insert(id);
            }
        }
    }
    // Per deferred result: (reads memory, depth).
    let mut info: HashMap<u32, (bool, u32)> = HashMap::new();
    for (bi, b) in f.blocks.iter().enumerate() {
        // Positions of the instructions that write memory, in this block.
        let writes: Vec<usize> = b
            .body
            .iter()
            .enumerate()
            .filter(|&(_, &i)| {
                let inst = m.insts[i];
                Op::from_u32(inst.op).is_some_and(|op| writes_memory(op, &inst))
            })
            .map(|(p, _)| p)
            .collect();
        for (pos, &i) in b.body.iter().enumerate() {
            let inst = m.insts[i];
            let Some(op) = Op::from_u32(inst.op) else {
                continue;
            };
            let Some(reads) = tree_kind(op, &inst) else {
                continue;
            };
            let Ok(id) = inst.word(1) else {
                continue;
            };
            if banned.contains(&id) {
                continue;
            }
            let Some([(ub, upos)]) = uses.get(&id).map(|v| v.as_slice()) else {
                continue;
            };
            if *ub != bi || *upos <= pos {
                continue;
            }
            let mut reads = reads;
            let mut depth = 1;
            for w in inst.rest(2) {
                if let Some(&(r, d)) = info.get(w) {
                    reads |= r;
                    depth = depth.max(d + 1);
                }
            }
            if depth > MAX_DEPTH {
                continue;
            }
            if reads && writes.iter().any(|&p| p > pos && p < *upos) {
                continue;
            }
            info.insert(id, (reads, depth));
            out.insert(id);
        }
    }
    (out, block_local)
}
