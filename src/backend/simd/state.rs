//! The vocabulary of SIMD regions (lane vectors, variable slots, the plan and the
//! state of the region being lowered), apart from the lowering so that the lowering
//! state ([`super::super::lower::Lower`]) can hold it without importing the lowering.

use std::collections::{HashMap, HashSet};

use cranelift_codegen::ir::{Type as ClType, Value, types};
use cranelift_frontend::Variable;

use crate::ir::{GlobalId, Scalar, Span, TypeId};

/// Vectors per value.
pub const P: usize = 2;
/// Invocations per iteration of a SIMD region.
pub const LANES: usize = 4 * P;

/// One component of a value across the lanes.
pub type V = [Value; P];
/// A variable holding one component across the lanes.
pub type VVar = [Variable; P];

/// The vector type of a scalar kind's lanes (32-bit kinds only: see `simd_plan`).
pub fn vty(s: Scalar) -> ClType {
    if s == Scalar::Float {
        types::F32X4
    } else {
        types::I32X4
    }
}

/// Storage of a variable in a SIMD region: lane vectors, one per component. A
/// variable that lives in each invocation's frame (declared for later regions, or
/// before this one) is read into lanes where the region starts and written back where
/// it ends ([`SimdCtx::writeback`]).
#[derive(Clone)]
pub struct SSlot(pub Vec<VVar>);

/// Why each region ran the way it did, for `glcompute compile --dump-ir`.
#[derive(Debug, Clone)]
pub struct RegionNote {
    pub span: Span,
    /// None: SIMD; Some: the reason it is scalar.
    pub scalar: Option<String>,
}

/// What the checks found about a region's code.
pub struct Plan {
    /// Per expression of the function: depends on the invocation (reads a variable or
    /// an invocation ID, or has an effect that each invocation must have).
    pub varying: Vec<bool>,
    /// Per expression: no effect (no assignment, atomic, store or clock in it).
    pub pure: Vec<bool>,
    /// Locals the region names (read or written), and those it assigns.
    pub locals: Vec<u32>,
    pub assigned: Vec<u32>,
    /// Private globals the region names, and those it assigns.
    pub privates: Vec<GlobalId>,
    pub assigned_privates: Vec<GlobalId>,
    /// Locals declared in the region whose value is the same for every invocation of
    /// the group (`ir::uniformity`) wherever the region reads it: held as one scalar
    /// (in the scalar lowering's own slots), assigned when some lane runs the
    /// assignment.
    pub uniform: Vec<u32>,
    /// Locals no expression outside the region names: declared at its top, they need
    /// no frame slot.
    pub region_only: Vec<u32>,
    /// Frame variables the region only reads whose lanes are an affine function of
    /// gl_LocalInvocationIndex: the local and its stride.
    pub affine: Vec<(u32, i64)>,
}

/// The state of the SIMD region being lowered.
pub struct SimdCtx {
    pub plan: Plan,
    /// Lanes running the current statement.
    pub exec: VVar,
    /// Whether `exec` is the region's first mask at this point of the code (no
    /// divergent `if`, loop exit, `break`, `continue` or `return` has narrowed it): an
    /// assignment then needs no blend, since the lanes outside that mask (past the
    /// group's end, or returned before an earlier barrier) are never observed.
    pub top: bool,
    /// Whether `exec` is known to have a lane set (a uniform loop's body and step, at
    /// their own level; cleared whenever `exec` changes).
    pub some_lane: bool,
    /// Lanes that have not returned from main.
    pub alive: VVar,
    /// The lanes still in each enclosing loop, innermost last.
    pub loops: Vec<VVar>,
    /// Each enclosing loop statement's address, innermost last.
    pub loop_keys: Vec<usize>,
    /// Whether `exec` is the innermost enclosing loop's lanes (`loops.last()`): no
    /// divergent `if` or `continue` of this iteration has narrowed it.
    pub loop_top: bool,
    /// Per enclosing loop, innermost last: variables (their first lane vector's index) that
    /// no lane outside the loop's lanes reads again before a declaration sets all of
    /// their lanes. Lanes leave a loop's lanes only for good (until the loop statement
    /// runs again), so an assignment to one where `loop_top` holds needs no blend.
    pub loop_private: Vec<HashSet<usize>>,
    /// The innermost enclosing loop (its address) of each local declared so far in
    /// the region.
    pub decl_loop: HashMap<u32, Option<usize>>,
    pub locals: HashMap<u32, SSlot>,
    pub privates: HashMap<GlobalId, SSlot>,
    /// gl_LocalInvocationIndex of the lanes.
    pub index: V,
    /// gl_LocalInvocationID of the lanes.
    pub lid: [V; 3],
    /// Each lane's frame (the last invocation's for lanes past the group's end).
    pub fps: Vec<Value>,
    /// `return` ends the lanes (only in a region that is the whole of main).
    pub may_return: bool,
    /// Frame variables to write back from lanes where the region ends: the lane
    /// vectors, the frame offset and the type.
    pub writeback: Vec<(Vec<VVar>, u32, TypeId)>,
}
