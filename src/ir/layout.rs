//! Memory layout of types in blocks: the std140 and std430 rules of GLSL 4.60
//! §7.6.2.2 (`shared` and `packed` use std140), with `offset`/`align` qualifiers and
//! row-major matrices. Shared variables use std430, which wastes no space on padding.
//!
//! Sizes, offsets and strides are u64 (an array has at most 2^32 - 1 elements, so the
//! sizes a shader can declare fit, to about 1,000 levels of nesting), and saturate at
//! `u64::MAX` instead of wrapping: a type too large keeps a size every limit check
//! rejects (shared memory, block sizes, private memory), so it fails to link or to
//! dispatch instead of aliasing smaller memory, and the messages give the true size.

use crate::ir::{GlobalId, Module, Packing, Scalar, StructId, Type, TypeId, Types};
use std::collections::HashMap;

/// A size or offset as 32 bits, saturating: for code that addresses memory with 32-bit
/// offsets after a limit check has rejected anything larger.
pub fn saturate_u32(v: u64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

/// Base alignment and size in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub align: u64,
    pub size: u64,
}

fn round_up(v: u64, align: u64) -> u64 {
    if align == 0 {
        v
    } else {
        v.checked_next_multiple_of(align).unwrap_or(u64::MAX)
    }
}

/// Layout of a `n`-component vector (rules 1-3).
fn vector(scalar: Scalar, n: u8) -> Layout {
    let s = scalar.size() as u64;
    let align = match n {
        1 => s,
        2 => 2 * s,
        _ => 4 * s,
    };
    Layout {
        align,
        size: n as u64 * s,
    }
}

/// std140 rounds array and struct alignment up to that of a vec4 (rules 4 and 9).
fn round_for(p: Packing, align: u64) -> u64 {
    if p.rules() == Packing::Std140 {
        align.max(16)
    } else {
        align
    }
}

/// Layout of a type in a block with packing `p`; `row_major` applies to matrices.
pub fn layout(types: &Types, ty: TypeId, p: Packing, row_major: bool) -> Layout {
    layout_in(types, ty, p, row_major, None, &mut HashMap::new())
}

/// [`layout`] of a type whose matrices have an explicit stride `ms` (a struct member
/// with a MatrixStride; None: the rules' stride).
pub fn layout_ms(
    types: &Types,
    ty: TypeId,
    p: Packing,
    row_major: bool,
    ms: Option<u32>,
) -> Layout {
    layout_in(types, ty, p, row_major, ms, &mut HashMap::new())
}

/// The layouts one computation has found, by (type, row-major, matrix stride): a
/// struct used many times (nested structures that each hold two of the one before) is
/// laid out once.
type Memo = HashMap<(TypeId, bool, Option<u32>), Layout>;

fn layout_in(
    types: &Types,
    ty: TypeId,
    p: Packing,
    row_major: bool,
    ms: Option<u32>,
    memo: &mut Memo,
) -> Layout {
    if let Some(l) = memo.get(&(ty, row_major, ms)) {
        return *l;
    }
    let l = match types.get(ty) {
        Type::Scalar(s) => vector(*s, 1),
        Type::Vector(s, n) => vector(*s, *n),
        Type::Matrix { scalar, cols, rows } => {
            // Rules 5 and 7: an array of column (or row) vectors.
            let (count, n) = if row_major {
                (*rows, *cols)
            } else {
                (*cols, *rows)
            };
            let col = vector(*scalar, n);
            let align = round_for(p, col.align);
            match ms {
                // An explicit stride: the last vector ends the matrix (as SPIR-V's
                // explicit layouts and Mesa size it).
                Some(ms) => Layout {
                    align,
                    size: (ms as u64)
                        .saturating_mul(count as u64 - 1)
                        .saturating_add(col.size),
                },
                None => Layout {
                    align,
                    size: align.saturating_mul(count as u64),
                },
            }
        }
        Type::Array(elem, len) => {
            let el = layout_in(types, *elem, p, row_major, ms, memo);
            let align = round_for(p, el.align);
            match types.explicit_stride(ty) {
                // As for matrices: the last element ends the array.
                Some(stride) => Layout {
                    align,
                    size: match len {
                        Some(n) if *n > 0 => (stride as u64)
                            .saturating_mul(*n as u64 - 1)
                            .saturating_add(el.size),
                        _ => 0,
                    },
                },
                None => Layout {
                    align,
                    size: round_up(el.size, align).saturating_mul(len.unwrap_or(0) as u64),
                },
            }
        }
        Type::Struct(s) => struct_layout_in(types, *s, p, row_major, memo).0,
        // Opaque types and bool never reach buffer memory in other forms; give them a
        // word so shared/private storage can still address them.
        Type::Void | Type::Image(_) | Type::Sampler(_) | Type::AtomicUint => {
            Layout { align: 4, size: 4 }
        }
    };
    memo.insert((ty, row_major, ms), l);
    l
}

/// Distance between consecutive elements of an array of `elem` (rules 4, 9, 10).
pub fn array_stride(types: &Types, elem: TypeId, p: Packing, row_major: bool) -> u64 {
    let el = layout(types, elem, p, row_major);
    let align = round_for(p, el.align);
    round_up(el.size, align)
}

/// Distance between consecutive elements of array type `arr`: its explicit stride, or
/// the rules' stride of its element (whose matrices have stride `ms`).
pub fn array_stride_of(
    types: &Types,
    arr: TypeId,
    p: Packing,
    row_major: bool,
    ms: Option<u32>,
) -> u64 {
    if let Some(s) = types.explicit_stride(arr) {
        return s as u64;
    }
    let Type::Array(elem, _) = types.get(arr) else {
        return 0;
    };
    let el = layout_ms(types, *elem, p, row_major, ms);
    let align = round_for(p, el.align);
    round_up(el.size, align)
}

/// Distance between consecutive columns (rows, if row-major) of a matrix.
pub fn matrix_stride(types: &Types, ty: TypeId, p: Packing, row_major: bool) -> u64 {
    match types.get(ty) {
        Type::Matrix { scalar, cols, rows } => {
            let n = if row_major { *cols } else { *rows };
            round_for(p, vector(*scalar, n).align)
        }
        Type::Array(elem, _) => matrix_stride(types, *elem, p, row_major),
        _ => 0,
    }
}

/// The layout of a struct and the offset of each member. Members may override the
/// matrix order and carry explicit `offset`/`align` qualifiers (validated by the front
/// end: an explicit offset is a multiple of the member's alignment and past the
/// previous member).
pub fn struct_layout(
    types: &Types,
    s: StructId,
    p: Packing,
    row_major: bool,
) -> (Layout, Vec<u64>) {
    struct_layout_in(types, s, p, row_major, &mut HashMap::new())
}

fn struct_layout_in(
    types: &Types,
    s: StructId,
    p: Packing,
    row_major: bool,
    memo: &mut Memo,
) -> (Layout, Vec<u64>) {
    let def = types.struct_def(s);
    let mut offset = 0u64;
    let mut max_align = 1u64;
    let mut offsets = Vec::with_capacity(def.members.len());
    for m in &def.members {
        let rm = m.row_major.unwrap_or(row_major);
        let l = layout_in(types, m.ty, p, rm, m.matrix_stride, memo);
        let align = l.align.max(m.align.unwrap_or(1) as u64);
        max_align = max_align.max(align);
        // GLSL 4.40 §4.4.5: the actual offset is the given offset (or the next free
        // one) rounded up to the actual alignment.
        let at = round_up(m.offset.map_or(offset, u64::from), align);
        offsets.push(at);
        offset = at.saturating_add(l.size);
    }
    let align = round_for(p, max_align);
    (
        Layout {
            align,
            size: round_up(offset, align),
        },
        offsets,
    )
}

/// The layouts as the 32-bit offsets and sizes that generated code and GL queries
/// use. Values saturate at `u32::MAX`; what reaches code or an application is below the
/// limits linking and dispatch enforce (shared memory, block sizes, frames), which are
/// far smaller.
pub mod bits32 {
    use super::saturate_u32;
    use crate::ir::{Packing, StructId, TypeId, Types};

    /// Base alignment and size in bytes.
    #[derive(Debug, Clone, Copy)]
    pub struct Layout {
        pub align: u32,
        pub size: u32,
    }

    pub fn layout(types: &Types, ty: TypeId, p: Packing, row_major: bool) -> Layout {
        let l = super::layout(types, ty, p, row_major);
        Layout {
            align: saturate_u32(l.align),
            size: saturate_u32(l.size),
        }
    }

    pub fn matrix_stride(types: &Types, ty: TypeId, p: Packing, row_major: bool) -> u32 {
        saturate_u32(super::matrix_stride(types, ty, p, row_major))
    }

    /// [`super::array_stride_of`].
    pub fn array_stride_of(
        types: &Types,
        arr: TypeId,
        p: Packing,
        row_major: bool,
        ms: Option<u32>,
    ) -> u32 {
        saturate_u32(super::array_stride_of(types, arr, p, row_major, ms))
    }

    pub fn struct_layout(
        types: &Types,
        s: StructId,
        p: Packing,
        row_major: bool,
    ) -> (Layout, Vec<u32>) {
        let (l, offs) = super::struct_layout(types, s, p, row_major);
        (
            Layout {
                align: saturate_u32(l.align),
                size: saturate_u32(l.size),
            },
            offs.into_iter().map(saturate_u32).collect(),
        )
    }
}

/// Offsets of the shared variables in a group's shared memory (std430), and the total.
pub fn shared_layout(m: &Module) -> (HashMap<GlobalId, u64>, u64) {
    let mut at = 0u64;
    let mut map = HashMap::new();
    for (i, g) in m.globals.iter().enumerate() {
        if g.storage != crate::ir::Storage::Shared {
            continue;
        }
        let l = crate::ir::layout::layout(&m.types, g.ty, crate::ir::Packing::Std430, false);
        let align = l.align.max(4);
        at = at.checked_next_multiple_of(align).unwrap_or(u64::MAX);
        map.insert(GlobalId(i as u32), at);
        at = at.saturating_add(l.size);
    }
    // Linking rejects more than MAX_COMPUTE_SHARED_MEMORY_SIZE, so this never saturates
    // for a program that runs.
    (map, at.checked_next_multiple_of(16).unwrap_or(u64::MAX))
}

/// Folds a value over the type graph below `t`, each type once (a type a structure
/// uses many times is computed once, so nested structures cost what their definitions
/// do): `leaf` for the basic types, `array` for an array of a computed element,
/// `record` for a structure's computed members in order. A walk with its own stack.
fn fold_type<V: Copy>(
    types: &Types,
    t: TypeId,
    leaf: impl Fn(&Type) -> V,
    array: impl Fn(V, Option<u32>) -> V,
    record: impl Fn(&[V]) -> V,
) -> V {
    let mut memo: HashMap<TypeId, V> = HashMap::new();
    let children = |t: TypeId| -> Vec<TypeId> {
        match types.get(t) {
            Type::Array(e, _) => vec![*e],
            Type::Struct(s) => types.struct_def(*s).members.iter().map(|m| m.ty).collect(),
            _ => Vec::new(),
        }
    };
    let mut stack = vec![t];
    while let Some(&top) = stack.last() {
        if memo.contains_key(&top) {
            stack.pop();
            continue;
        }
        let kids = children(top);
        let missing: Vec<TypeId> = kids
            .iter()
            .copied()
            .filter(|k| !memo.contains_key(k))
            .collect();
        if !missing.is_empty() {
            stack.extend(missing);
            continue;
        }
        let v = match types.get(top) {
            Type::Array(e, n) => array(memo[e], *n),
            Type::Struct(_) => {
                let vals: Vec<V> = kids.iter().map(|k| memo[k]).collect();
                record(&vals)
            }
            other => leaf(other),
        };
        memo.insert(top, v);
        stack.pop();
    }
    memo[&t]
}

/// Bytes an output of type `t` takes in a transform feedback buffer, and whether it
/// holds a double (GLSL 4.60 §4.4.2.1: 4 per component, 8 per double or 64-bit
/// component; in an aggregate a member holding a double starts at a multiple of 8,
/// and an aggregate holding one takes a multiple of 8). Sizes saturate as above.
pub fn xfb_size(types: &Types, t: TypeId) -> (u64, bool) {
    let round8 = |v: u64| v.checked_next_multiple_of(8).unwrap_or(u64::MAX);
    fold_type(
        types,
        t,
        |ty| {
            let (count, scalar) = match ty {
                Type::Scalar(s) => (1u64, *s),
                Type::Vector(s, c) => (*c as u64, *s),
                Type::Matrix { scalar, cols, rows } => ((*cols as u64) * (*rows as u64), *scalar),
                _ => return (0, false),
            };
            let wide = matches!(scalar, Scalar::Double | Scalar::Int64 | Scalar::Uint64);
            (count.saturating_mul(if wide { 8 } else { 4 }), wide)
        },
        |(size, double), n| {
            let each = if double { round8(size) } else { size };
            (each.saturating_mul(n.unwrap_or(0) as u64), double)
        },
        |members| {
            let mut at = 0u64;
            let mut double = false;
            for &(size, d) in members {
                if d {
                    at = round8(at);
                    double = true;
                }
                at = at.saturating_add(size);
            }
            (if double { round8(at) } else { at }, double)
        },
    )
}

/// The locations an input or output of type `t` takes (GL 4.6 §11.1.1: a matrix one
/// per column, a double vec3/vec4 two, arrays one set per element).
pub fn io_slots(types: &Types, t: TypeId) -> u64 {
    fold_type(
        types,
        t,
        |ty| match ty {
            Type::Matrix { scalar, cols, rows } => {
                (*cols as u64)
                    * if *scalar == Scalar::Double && *rows >= 3 {
                        2
                    } else {
                        1
                    }
            }
            Type::Vector(Scalar::Double, c) if *c >= 3 => 2,
            _ => 1,
        },
        |each, n| each.saturating_mul(n.unwrap_or(1) as u64),
        |members| members.iter().fold(0u64, |a, &b| a.saturating_add(b)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{MemoryQualifiers, Span, StructDef, StructMember};

    fn member(name: &str, ty: TypeId) -> StructMember {
        StructMember {
            name: name.into(),
            ty,
            row_major: None,
            matrix_stride: None,
            offset: None,
            align: None,
            memory: MemoryQualifiers::default(),
            span: Span::default(),
        }
    }

    /// The example of GLSL 4.60 §7.6.2.2 / OpenGL 4.6 §7.6.2.2 (std140), computed by hand.
    #[test]
    fn std140_spec_example() {
        let mut t = Types::default();
        let float = t.scalar(Scalar::Float);
        let vec2 = t.vector(Scalar::Float, 2);
        let vec3 = t.vector(Scalar::Float, 3);
        let mat2x3 = t.matrix(Scalar::Float, 2, 3);
        let float2 = t.array(float, Some(2));
        let s_inner = t.add_struct(StructDef {
            name: "S".into(),
            members: vec![member("d", float), member("e", vec2)],
            span: Span::default(),
        });
        let s_arr = t.array(s_inner, Some(2));
        let mat3 = t.matrix(Scalar::Float, 3, 3);
        let s_outer = t.add_struct(StructDef {
            name: "Example".into(),
            members: vec![
                member("a", float),
                member("b", vec2),
                member("c", vec3),
                member("f", s_arr),
                member("g", float),
                member("h", float2),
                member("i", mat2x3),
                member("j", mat3),
            ],
            span: Span::default(),
        });
        let Type::Struct(sid) = t.get(s_outer).clone() else {
            panic!()
        };
        let (l, offs) = struct_layout(&t, sid, Packing::Std140, false);
        // a:0 b:8 c:16 f:32 (struct size 16 each, stride 16) g:64 h:80 (stride 16)
        // i (2 columns of vec3, stride 16): 112, j (3 columns): 144, total 192.
        assert_eq!(offs, vec![0, 8, 16, 32, 64, 80, 112, 144]);
        assert_eq!(l.size, 192);
        assert_eq!(array_stride(&t, float, Packing::Std140, false), 16);
        assert_eq!(matrix_stride(&t, mat2x3, Packing::Std140, false), 16);
        let (l430, offs430) = struct_layout(&t, sid, Packing::Std430, false);
        // std430: struct S {float; vec2} aligns to 8, size 16; float[2] stride 4.
        assert_eq!(offs430, vec![0, 8, 16, 32, 64, 68, 80, 112]);
        assert_eq!(l430.size, 160);
        assert_eq!(array_stride(&t, float, Packing::Std430, false), 4);
    }

    #[test]
    fn row_major_and_doubles() {
        let mut t = Types::default();
        let mat2x3 = t.matrix(Scalar::Float, 2, 3);
        // Row-major: 3 rows of vec2; std430 stride 8, size 24.
        assert_eq!(
            layout(&t, mat2x3, Packing::Std430, true),
            Layout { align: 8, size: 24 }
        );
        // std140 rows round to 16: size 48.
        assert_eq!(layout(&t, mat2x3, Packing::Std140, true).size, 48);
        let dvec3 = t.vector(Scalar::Double, 3);
        assert_eq!(
            layout(&t, dvec3, Packing::Std430, false),
            Layout {
                align: 32,
                size: 24
            }
        );
        let dmat2 = t.matrix(Scalar::Double, 2, 2);
        assert_eq!(layout(&t, dmat2, Packing::Std140, false).size, 32);
        let vec3 = t.vector(Scalar::Float, 3);
        let vec3_arr = t.array(vec3, Some(3));
        assert_eq!(array_stride(&t, vec3, Packing::Std430, false), 16);
        assert_eq!(layout(&t, vec3_arr, Packing::Std430, false).size, 48);
    }

    #[test]
    fn explicit_strides() {
        let mut t = Types::default();
        let vec4 = t.vector(Scalar::Float, 4);
        let plain = t.array(vec4, Some(3));
        let wide = t.explicit_array(vec4, Some(3), 32);
        // A type of its own, made once; the plain array keeps the rules' stride.
        assert_ne!(plain, wide);
        assert_eq!(t.explicit_array(vec4, Some(3), 32), wide);
        assert_eq!(t.explicit_stride(plain), None);
        assert_eq!(array_stride_of(&t, plain, Packing::Std430, false, None), 16);
        assert_eq!(array_stride_of(&t, wide, Packing::Std140, false, None), 32);
        // The last element ends the array: 2 * 32 + 16.
        assert_eq!(
            layout(&t, wide, Packing::Std430, false),
            Layout {
                align: 16,
                size: 80
            }
        );
        let unsized_wide = t.explicit_array(vec4, None, 32);
        assert_eq!(layout(&t, unsized_wide, Packing::Std430, false).size, 0);
        // A matrix with columns 32 apart: 2 * 32 + 8 for mat3x2, in arrays too.
        let mat3x2 = t.matrix(Scalar::Float, 3, 2);
        assert_eq!(
            layout_ms(&t, mat3x2, Packing::Std140, false, Some(32)).size,
            72
        );
        assert_eq!(layout(&t, mat3x2, Packing::Std140, false).size, 48);
        let mats = t.array(mat3x2, Some(2));
        assert_eq!(
            array_stride_of(&t, mats, Packing::Std430, false, Some(32)),
            72
        );
    }

    #[test]
    fn huge_sizes_saturate() {
        let mut t = Types::default();
        let uint = t.scalar(Scalar::Uint);
        let vec4 = t.vector(Scalar::Float, 4);
        // uint[2^30] is 4 GiB: it would wrap to 0 in 32 bits.
        let big = t.array(uint, Some(1 << 30));
        assert_eq!(layout(&t, big, Packing::Std430, false).size, 1 << 32);
        let bigger = t.array(big, Some(3));
        // std140 gives each uint of the inner array 16 bytes: 3 * 2^34.
        assert_eq!(layout(&t, bigger, Packing::Std140, false).size, 3 << 34);
        // 2^32 - 1 elements of 2^32 - 1 elements of ... saturate instead of wrapping.
        let mut huge = big;
        for _ in 0..4 {
            huge = t.array(huge, Some(u32::MAX));
        }
        assert_eq!(layout(&t, huge, Packing::Std430, false).size, u64::MAX);
        let s = t.add_struct(StructDef {
            name: "S".into(),
            members: vec![member("a", big), member("b", vec4)],
            span: Span::default(),
        });
        let Type::Struct(sid) = t.get(s).clone() else {
            panic!()
        };
        let (l, offs) = struct_layout(&t, sid, Packing::Std430, false);
        assert_eq!(l.size, (1 << 32) + 16);
        assert_eq!(offs[1], 1 << 32);
    }

    #[test]
    fn explicit_offset_and_align() {
        let mut t = Types::default();
        let float = t.scalar(Scalar::Float);
        let mut a = member("a", float);
        a.offset = Some(8);
        let mut b = member("b", float);
        b.align = Some(16);
        let s = t.add_struct(StructDef {
            name: "B".into(),
            members: vec![a, b, member("c", float)],
            span: Span::default(),
        });
        let Type::Struct(sid) = t.get(s).clone() else {
            panic!()
        };
        let (l, offs) = struct_layout(&t, sid, Packing::Std430, false);
        assert_eq!(offs, vec![8, 16, 20]);
        assert_eq!(l.size, 32);
    }
}
