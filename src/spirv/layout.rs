//! Explicit block layouts (GL 4.6 §7.6.2.3 for SPIR-V): a block's members carry Offset
//! decorations and its arrays and matrices ArrayStride and MatrixStride. The IR lays
//! blocks out by std140 or std430 with explicit member offsets; a SPIR-V block is
//! accepted with the first of those whose strides equal every decorated one (what
//! glslang, naga and the GL rules produce), and refused with the stride that differs
//! otherwise.

use crate::ir::layout::{array_stride, layout, matrix_stride};
use crate::ir::*;
use crate::spirv::module::{Def, SpvModule, TypeDef};
use spirv::Decoration as D;

/// The packing whose strides match every ArrayStride and MatrixStride inside block
/// struct `spv` (IR type `ty`), std430 first for buffer blocks.
pub fn choose_packing(
    m: &SpvModule,
    types: &Types,
    spv: u32,
    ty: TypeId,
    kind: BlockKind,
) -> Result<Packing, String> {
    let order = match kind {
        BlockKind::Buffer => [Packing::Std430, Packing::Std140],
        BlockKind::Uniform => [Packing::Std140, Packing::Std430],
    };
    let mut first_problem = None;
    for p in order {
        match check(m, types, spv, ty, p) {
            Ok(()) => return Ok(p),
            Err(e) => {
                first_problem.get_or_insert(e);
            }
        }
    }
    Err(first_problem.unwrap_or_default())
}

/// Walks the block's types with a work list (nesting is bounded by
/// limits::MAX_TYPE_NESTING, but the walk needs no stack for it).
fn check(m: &SpvModule, types: &Types, spv: u32, ty: TypeId, p: Packing) -> Result<(), String> {
    // (SPIR-V type, IR type, row-major for matrices, matrix stride decorated on the
    // member that holds it).
    let mut work = vec![(spv, ty, false, None::<u32>)];
    let mut seen = std::collections::HashSet::new();
    while let Some((s, t, row_major, mstride)) = work.pop() {
        if !seen.insert((s, row_major, mstride)) {
            continue;
        }
        match (m.defs.get(&s), types.get(t)) {
            (Some(Def::Type(TypeDef::Struct { members })), Type::Struct(sid)) => {
                let def = types.struct_def(*sid);
                let mut end = 0u64;
                for (i, (&ms, mm)) in members.iter().zip(&def.members).enumerate() {
                    let Some(offset) = mm.offset else {
                        return Err(format!(
                            "member {i} of block struct {s} has no Offset decoration (GL 4.6 §7.6.2.3)"
                        ));
                    };
                    let rm = mm.row_major.unwrap_or(row_major);
                    let lay = layout(types, mm.ty, p, rm);
                    // GL 4.6 §7.6.2.3: an offset is a multiple of the member's base
                    // alignment; members do not overlap.
                    if (offset as u64) < end || !(offset as u64).is_multiple_of(lay.align.max(1)) {
                        return Err(format!(
                            "member {i} of block struct {s} has Offset {offset}, which overlaps the member before or is not a multiple of its {} alignment {}",
                            packing_name(p),
                            lay.align
                        ));
                    }
                    end = (offset as u64).saturating_add(lay.size);
                    let stride = m
                        .member_decoration(s, i as u32, D::MatrixStride)
                        .and_then(|v| v.first().copied());
                    work.push((ms, mm.ty, rm, stride));
                }
            }
            (
                Some(Def::Type(TypeDef::Array { elem, .. } | TypeDef::RuntimeArray { elem })),
                Type::Array(e, _),
            ) => {
                let want = array_stride(types, *e, p, row_major);
                match m
                    .decoration(s, D::ArrayStride)
                    .and_then(|v| v.first().copied())
                {
                    Some(got) if got as u64 == want => {}
                    Some(got) => {
                        return Err(format!(
                            "array type {s} has ArrayStride {got}, where the {} layout glcompute uses has {want}",
                            packing_name(p)
                        ));
                    }
                    None => {
                        return Err(format!(
                            "array type {s} in a block has no ArrayStride decoration (GL 4.6 §7.6.2.3)"
                        ));
                    }
                }
                work.push((*elem, *e, row_major, mstride));
            }
            (_, Type::Matrix { .. }) => {
                let want = matrix_stride(types, t, p, row_major);
                match mstride {
                    Some(got) if got as u64 == want => {}
                    Some(got) => {
                        return Err(format!(
                            "a matrix has MatrixStride {got}, where the {} layout glcompute uses has {want}",
                            packing_name(p)
                        ));
                    }
                    None => {
                        return Err(
                            "a matrix in a block has no MatrixStride decoration (GL 4.6 §7.6.2.3)"
                                .into(),
                        );
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn packing_name(p: Packing) -> &'static str {
    match p {
        Packing::Std430 => "std430",
        _ => "std140",
    }
}
