//! Explicit block layouts (GL 4.6 §7.6.2.3 for SPIR-V): a block's members carry Offset
//! decorations and its arrays and matrices ArrayStride and MatrixStride. The IR keeps
//! each of them (explicit member offsets, arrays with explicit strides, members with
//! explicit matrix strides) and takes the base alignments of std140 or std430 for the
//! rest: a SPIR-V block is accepted with the first of those under which every offset
//! and stride is a multiple of the alignment of what it places and nothing overlaps,
//! and refused with the first decoration that breaks that otherwise.

use crate::ir::layout::{layout_ms, matrix_stride};
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
                    let lay = layout_ms(types, mm.ty, p, rm, mm.matrix_stride);
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
                let Some(got) = types.explicit_stride(t) else {
                    return Err(format!(
                        "array type {s} in a block has no ArrayStride decoration (GL 4.6 §7.6.2.3)"
                    ));
                };
                let el = layout_ms(types, *e, p, row_major, mstride);
                let align = base_align(p, el.align);
                if (got as u64) < el.size || !(got as u64).is_multiple_of(align.max(1)) {
                    return Err(format!(
                        "array type {s} has ArrayStride {got}, below its element's size {} or not a multiple of its {} alignment {align}",
                        el.size,
                        packing_name(p)
                    ));
                }
                work.push((*elem, *e, row_major, mstride));
            }
            (_, Type::Matrix { scalar, cols, rows }) => {
                let Some(got) = mstride else {
                    return Err(
                        "a matrix in a block has no MatrixStride decoration (GL 4.6 §7.6.2.3)"
                            .into(),
                    );
                };
                // The rules' stride is the column's (row's) alignment; the vector's
                // size is what one column (row) covers.
                let align = matrix_stride(types, t, p, row_major);
                let n = if row_major { *cols } else { *rows };
                let size = scalar.size() as u64 * n as u64;
                if (got as u64) < size || !(got as u64).is_multiple_of(align.max(1)) {
                    return Err(format!(
                        "a matrix has MatrixStride {got}, below its {} size {size} or not a multiple of its {} alignment {align}",
                        if row_major { "row's" } else { "column's" },
                        packing_name(p)
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The base alignment of an array element of alignment `a` (std140 rounds it up to a
/// vec4's, GLSL 4.60 §7.6.2.2 rule 4).
fn base_align(p: Packing, a: u64) -> u64 {
    if p.rules() == Packing::Std140 {
        a.max(16)
    } else {
        a
    }
}

fn packing_name(p: Packing) -> &'static str {
    match p {
        Packing::Std430 => "std430",
        _ => "std140",
    }
}
