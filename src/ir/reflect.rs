//! Program interface reflection (GL 4.6 §7.3.1, §7.6): after linking, the active
//! resources of the program's UNIFORM, UNIFORM_BLOCK, SHADER_STORAGE_BLOCK,
//! BUFFER_VARIABLE and ATOMIC_COUNTER_BUFFER interfaces, named as §7.3.1.1 says
//! (`s[1].m`, `B.m`, `a[0]`, top-level arrays of buffer blocks enumerated once), with
//! std140/std430 offsets and strides from the IR's layout rules, uniform locations, and
//! the default uniform block's storage: every default-block uniform is laid out (std430,
//! booleans and opaque handles as 32-bit words) in one byte array that glUniform* writes
//! and the executable reads. It lives in the IR layer so that the front end (which
//! computes it at link) and the back end (which reads bindings and offsets from it)
//! both build on it without depending on each other.

use super::layout::bits32::{self as layout, array_stride_of, matrix_stride, struct_layout};
use super::*;
use crate::limits;

/// Link errors found while reflecting (GL limits the interface passes), in the words
/// of the info log.
#[derive(Debug, Default)]
pub struct Errors(pub Vec<String>);

impl Errors {
    fn link_error(&mut self, msg: impl std::fmt::Display) {
        self.0.push(msg.to_string());
    }
}

/// Anything the API can look up by name.
pub trait Named {
    fn name(&self) -> &str;
}

/// An active variable of the UNIFORM or BUFFER_VARIABLE interface: a basic type or an
/// array of one.
#[derive(Debug, Clone)]
pub struct Resource {
    /// The API name, `a[0]` for arrays.
    pub name: String,
    /// The basic type (the element type of an array).
    pub ty: TypeId,
    /// Array elements: 1 for a non-array, 0 for an unsized array.
    pub array_size: u32,
    pub is_array: bool,
    /// The first location (default-block uniforms except atomic counters), else -1.
    pub location: i32,
    /// Index of the block (UNIFORM_BLOCK or SHADER_STORAGE_BLOCK interface), else -1.
    pub block_index: i32,
    /// Byte offset in the block (atomic counters: in the buffer), else -1.
    pub offset: i32,
    /// Byte distance between array elements in a block or counter buffer: 0 for a
    /// non-array member, -1 in the default block.
    pub array_stride: i32,
    /// Byte distance between columns (rows if row-major) of a matrix in a block, else
    /// 0 (-1 in the default block).
    pub matrix_stride: i32,
    pub row_major: bool,
    /// Index in the ATOMIC_COUNTER_BUFFER interface for atomic counters, else -1.
    pub atomic_buffer_index: i32,
    /// Buffer variables: the enclosing top-level member's array size (1 if it is not an
    /// array, 0 if unsized) and stride (0 if not an array).
    pub top_level_array_size: i32,
    pub top_level_array_stride: i32,
    /// The global variable the resource belongs to.
    pub global: GlobalId,
    /// Default-block uniforms: byte offset of the first element in the default data
    /// and the distance between elements there.
    pub storage: Option<(u32, u32)>,
}

impl Resource {
    fn new(name: String, ty: TypeId, global: GlobalId) -> Resource {
        Resource {
            name,
            ty,
            array_size: 1,
            is_array: false,
            location: -1,
            block_index: -1,
            offset: -1,
            array_stride: -1,
            matrix_stride: -1,
            row_major: false,
            atomic_buffer_index: -1,
            top_level_array_size: 0,
            top_level_array_stride: 0,
            global,
            storage: None,
        }
    }

    /// Number of locations (or elements) the resource spans.
    pub fn elements(&self) -> u32 {
        self.array_size.max(1)
    }
}

impl Named for Resource {
    fn name(&self) -> &str {
        &self.name
    }
}

/// An active uniform or shader storage block (each element of an array of blocks is
/// one).
#[derive(Debug, Clone)]
pub struct BlockResource {
    /// `B`, or `B[2]` for an element of an array of blocks.
    pub name: String,
    pub block: BlockId,
    pub global: GlobalId,
    /// The element of an array of blocks (flattened), if the block is an array.
    pub element: Option<u32>,
    /// The initial binding (`layout(binding = N)`, consecutive over an array).
    pub binding: u32,
    /// Minimum buffer size in bytes (an unsized last member counts one element),
    /// saturated at u32::MAX (linking fails past the block size limits).
    pub data_size: u32,
    /// The same, exact.
    pub size: u64,
    /// Indices of the block's active variables in the UNIFORM or BUFFER_VARIABLE list.
    pub members: Vec<u32>,
    /// REFERENCED_BY_COMPUTE_SHADER: live code uses this block (for an element of an
    /// array of blocks: indexes it with a constant, or dynamically).
    pub referenced: bool,
}

impl Named for BlockResource {
    fn name(&self) -> &str {
        &self.name
    }
}

/// An active atomic counter buffer binding.
#[derive(Debug, Clone)]
pub struct AtomicBufferResource {
    pub binding: u32,
    pub data_size: u32,
    /// Indices of the counters in the UNIFORM list.
    pub counters: Vec<u32>,
}

/// The reflected interface of a linked program.
#[derive(Debug, Clone, Default)]
pub struct Reflection {
    pub uniforms: Vec<Resource>,
    pub uniform_blocks: Vec<BlockResource>,
    pub storage_blocks: Vec<BlockResource>,
    pub buffer_variables: Vec<Resource>,
    pub atomic_buffers: Vec<AtomicBufferResource>,
    /// Location -> (uniform index, array element).
    pub locations: Vec<Option<(u32, u32)>>,
    /// The default uniform block's initial contents.
    pub default_data: Vec<u8>,
    /// Byte offset of each default-block global in `default_data` (None for others).
    pub default_offsets: Vec<Option<u32>>,
}

impl Reflection {
    /// The uniform and element a location names.
    pub fn location(&self, loc: i32) -> Option<(u32, u32)> {
        usize::try_from(loc)
            .ok()
            .and_then(|l| self.locations.get(l).copied().flatten())
    }

    /// glGetUniformLocation/glGetProgramResourceLocation (GL 4.6 §7.6.1): `name`,
    /// `name[0]` or `name[i]` of an active default-block uniform (not an atomic counter).
    pub fn uniform_location(&self, name: &str) -> i32 {
        let (base, index) = split_array_suffix(name);
        for u in &self.uniforms {
            if u.location < 0 {
                continue;
            }
            if u.name == name {
                return u.location;
            }
            if u.is_array
                && let Some(stem) = u.name.strip_suffix("[0]")
            {
                if stem == name {
                    return u.location;
                }
                if let Some(i) = index
                    && stem == base
                    && i < u.array_size
                {
                    return u.location.saturating_add(i.min(i32::MAX as u32) as i32);
                }
            }
        }
        -1
    }

    /// glGetUniformIndices / GetProgramResourceIndex for UNIFORM and BUFFER_VARIABLE:
    /// the exact name, or the name without the trailing `[0]` of an array.
    pub fn find(list: &[Resource], name: &str) -> Option<u32> {
        list.iter()
            .position(|u| {
                u.name == name || (u.is_array && u.name.strip_suffix("[0]") == Some(name))
            })
            .map(|i| i as u32)
    }

    /// Block lookup: `B` or `B[i]`; an array of blocks also answers `B` for `B[0]`.
    pub fn find_block(list: &[BlockResource], name: &str) -> Option<u32> {
        list.iter()
            .position(|b| {
                b.name == name || (b.element == Some(0) && b.name.strip_suffix("[0]") == Some(name))
            })
            .map(|i| i as u32)
    }
}

/// `a[3]` -> ("a", Some(3)); anything else -> (name, None).
fn split_array_suffix(name: &str) -> (&str, Option<u32>) {
    if let Some(stripped) = name.strip_suffix(']')
        && let Some(open) = stripped.rfind('[')
    {
        let digits = &stripped[open + 1..];
        // GL 4.6 §7.6.1: no leading zeros, no spaces, decimal only.
        if !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'))
            && let Ok(i) = digits.parse()
        {
            return (&stripped[..open], Some(i));
        }
    }
    (name, None)
}

fn is_basic(t: &Type) -> bool {
    matches!(
        t,
        Type::Scalar(_)
            | Type::Vector(..)
            | Type::Matrix { .. }
            | Type::Image(_)
            | Type::Sampler(_)
            | Type::AtomicUint
    )
}

/// How variables of one block (or the default block) are laid out and named.
#[derive(Clone, Copy)]
struct Ctx {
    packing: Packing,
    block_index: i32,
    global: GlobalId,
    default_block: bool,
    buffer: bool,
}

struct Builder<'m> {
    m: &'m Module,
    out: Vec<Resource>,
    /// Active variables enumerated so far, over every interface.
    count: usize,
}

/// How the matrices of a variable are laid out: row-major, and an explicit stride
/// between their columns (rows) where a block member has one.
#[derive(Clone, Copy, Default)]
struct Mat {
    row_major: bool,
    ms: Option<u32>,
}

impl Mat {
    fn of(row_major: bool, member: &crate::ir::StructMember) -> Mat {
        Mat {
            row_major,
            ms: member.matrix_stride,
        }
    }
}

impl Builder<'_> {
    /// Enumerates the active variables of `ty` at byte `offset` under `name`.
    /// `top` carries a buffer variable's top-level array size and stride.
    fn walk(&mut self, cx: Ctx, ty: TypeId, name: String, offset: u32, mat: Mat, top: (i32, i32)) {
        let Mat { row_major, ms } = mat;
        // Past the limit the link fails (check_limits): stop enumerating.
        if self.count > crate::limits::MAX_ACTIVE_VARIABLES {
            return;
        }
        let types = &self.m.types;
        let packing = if cx.default_block {
            Packing::Std430
        } else {
            cx.packing
        };
        match types.get(ty).clone() {
            Type::Array(elem, len) => {
                let stride = array_stride_of(types, ty, packing, row_major, ms);
                if is_basic(types.get(elem)) {
                    let mut r = self.leaf(cx, elem, format!("{name}[0]"), offset, mat, top);
                    r.is_array = true;
                    r.array_size = len.unwrap_or(0);
                    if cx.default_block {
                        r.storage = Some((offset, stride));
                    } else {
                        r.array_stride = stride as i32;
                    }
                    if matches!(types.get(elem), Type::AtomicUint) {
                        r.array_stride = 4;
                    }
                    self.out.push(r);
                    self.count += 1;
                } else {
                    let n = len.unwrap_or(1);
                    for i in 0..n {
                        if self.count > crate::limits::MAX_ACTIVE_VARIABLES {
                            break;
                        }
                        self.walk(
                            cx,
                            elem,
                            format!("{name}[{i}]"),
                            // Saturating: an array past the size limits fails the
                            // link after reflection; its offsets must not overflow.
                            offset.saturating_add(i.saturating_mul(stride)),
                            mat,
                            top,
                        );
                    }
                }
            }
            Type::Struct(s) => {
                let (_, offs) = struct_layout(types, s, packing, row_major);
                let def = types.struct_def(s).clone();
                for (mem, off) in def.members.iter().zip(offs) {
                    let rm = mem.row_major.unwrap_or(row_major);
                    self.walk(
                        cx,
                        mem.ty,
                        format!("{name}.{}", mem.name),
                        offset.saturating_add(off),
                        Mat {
                            row_major: rm,
                            ms: mem.matrix_stride,
                        },
                        top,
                    );
                }
            }
            _ => {
                let mut r = self.leaf(cx, ty, name, offset, mat, top);
                if cx.default_block {
                    r.storage = Some((offset, 0));
                }
                self.out.push(r);
                self.count += 1;
            }
        }
    }

    fn leaf(
        &self,
        cx: Ctx,
        ty: TypeId,
        name: String,
        offset: u32,
        mat: Mat,
        top: (i32, i32),
    ) -> Resource {
        let Mat { row_major, ms } = mat;
        let types = &self.m.types;
        let mut r = Resource::new(name, ty, cx.global);
        if cx.default_block {
            return r;
        }
        let is_matrix = matches!(types.get(ty), Type::Matrix { .. });
        r.block_index = cx.block_index;
        r.offset = offset as i32;
        r.array_stride = 0;
        r.matrix_stride = if is_matrix {
            ms.unwrap_or_else(|| matrix_stride(types, ty, cx.packing, row_major)) as i32
        } else {
            0
        };
        r.row_major = is_matrix && row_major;
        if cx.buffer {
            r.top_level_array_size = top.0;
            r.top_level_array_stride = top.1;
        }
        r
    }
}

/// Writes a constant laid out std430 (bools as 32-bit words) at byte `at` of `data`;
/// what would fall outside `data` is not written. Default-block storage and the back
/// end's constant blobs both use it.
pub fn write_const(types: &Types, ty: TypeId, v: &ConstValue, data: &mut [u8], at: usize) {
    match (types.get(ty), v) {
        (_, ConstValue::Scalar(l)) => {
            let bytes = l.to_ne_bytes();
            if let Some(dst) = data.get_mut(at..at + bytes.len()) {
                dst.copy_from_slice(&bytes);
            }
        }
        (Type::Vector(s, _), ConstValue::Composite(_, parts)) => {
            // Components are scalars: the scalar arm ignores the type.
            for (i, p) in parts.iter().enumerate() {
                write_const(types, ty, p, data, at + i * s.size() as usize);
            }
        }
        (Type::Matrix { .. }, ConstValue::Composite(_, cols)) => {
            let stride = matrix_stride(types, ty, Packing::Std430, false) as usize;
            for (i, c) in cols.iter().enumerate() {
                if let ConstValue::Composite(col_ty, _) = c {
                    write_const(types, *col_ty, c, data, at + i * stride);
                }
            }
        }
        (Type::Array(elem, _), ConstValue::Composite(_, parts)) => {
            let stride = array_stride_of(types, ty, Packing::Std430, false, None) as usize;
            for (i, p) in parts.iter().enumerate() {
                write_const(types, *elem, p, data, at + i * stride);
            }
        }
        (Type::Struct(s), ConstValue::Composite(_, parts)) => {
            let (_, offs) = struct_layout(types, *s, Packing::Std430, false);
            let def = types.struct_def(*s);
            for ((m, off), p) in def.members.iter().zip(offs).zip(parts) {
                write_const(types, m.ty, p, data, at + off as usize);
            }
        }
        _ => {}
    }
}

/// Which elements of an array of blocks live code indexes.
enum ElementUse {
    None,
    All,
    Some(std::collections::HashSet<u32>),
}

fn element_uses(m: &Module, live: &[FunctionId], g: GlobalId) -> ElementUse {
    let mut set = std::collections::HashSet::new();
    let mut any = false;
    for &fid in live {
        let f = m.function(fid);
        for e in &f.exprs {
            match &e.kind {
                ExprKind::Index { base, index } if matches!(f.expr(*base).kind, ExprKind::Global(x) if x == g) =>
                {
                    any = true;
                    match f.expr(*index).kind {
                        ExprKind::Literal(l) if l.as_i64().is_some() => {
                            set.insert(l.as_i64().unwrap_or(0) as u32);
                        }
                        _ => return ElementUse::All,
                    }
                }
                ExprKind::Global(x) if *x == g => any = true,
                _ => {}
            }
        }
    }
    match (any, set.is_empty()) {
        (false, _) => ElementUse::None,
        // Used whole (not through an index): every element.
        (true, true) => ElementUse::All,
        (true, false) => ElementUse::Some(set),
    }
}

/// Reflects a linked module (`live`: the functions reachable from main); limit
/// violations of the interface are link errors.
pub fn reflect(m: &Module, live: &[FunctionId], log: &mut Errors) -> Reflection {
    let mut r = Reflection {
        default_offsets: vec![None; m.globals.len()],
        ..Reflection::default()
    };
    let mut default_size = 0u32;
    let mut b = Builder {
        m,
        out: Vec::new(),
        count: 0,
    };
    // Explicit uniform locations (GL 4.3 / ARB_explicit_uniform_location) are honoured
    // first; the rest fill the lowest free ranges in uniform order.
    let mut explicit: Vec<(u32, i32)> = Vec::new();
    for (gi, g) in m.globals.iter().enumerate() {
        let gid = GlobalId(gi as u32);
        match g.storage {
            Storage::Uniform => {
                // Built-in state uniforms (`gl_DepthRange`, the compatibility profile's
                // matrices) are read-only and no program resources.
                // A subroutine uniform's selection has storage but is no uniform.
                let selection = m.subroutines.uniforms.iter().any(|u| u.global == gid);
                if !g.used || (g.name.starts_with("gl_") && !selection) {
                    continue;
                }
                let l = layout::layout(&m.types, g.ty, Packing::Std430, false);
                // Saturating: past the component limit the link fails before storage.
                let at = default_size
                    .checked_next_multiple_of(l.align.max(4))
                    .unwrap_or(u32::MAX);
                default_size = at.saturating_add(l.size);
                r.default_offsets[gi] = Some(at);
                if selection {
                    continue;
                }
                let cx = Ctx {
                    packing: Packing::Std430,
                    block_index: -1,
                    global: gid,
                    default_block: true,
                    buffer: false,
                };
                let first = b.out.len();
                b.walk(cx, g.ty, g.name.clone(), at, Mat::default(), (0, 0));
                if let Some(loc) = g.location {
                    explicit.push((first as u32, loc));
                }
            }
            Storage::UniformBlock(bid) | Storage::Buffer(bid) => {
                let block = m.block(bid);
                if !g.used && block.packing == Packing::Packed {
                    continue;
                }
                let buffer = block.kind == BlockKind::Buffer;
                let list = if buffer {
                    &mut r.storage_blocks
                } else {
                    &mut r.uniform_blocks
                };
                // An array of blocks (of arrays: ARB_arrays_of_arrays) has an element
                // per block, numbered in row-major order.
                let mut dims = Vec::new();
                let mut sty = g.ty;
                while let Type::Array(e, n) = m.types.get(sty) {
                    dims.push(n.unwrap_or(1));
                    sty = *e;
                }
                let count =
                    (!dims.is_empty()).then(|| dims.iter().fold(1u32, |a, &d| a.saturating_mul(d)));
                let Type::Struct(sid) = m.types.get(sty).clone() else {
                    continue;
                };
                // The exact size (u64), for the limit's message; the queries answer it
                // in 32 bits once the link has passed the limit.
                let (lay, offs) =
                    super::layout::struct_layout(&m.types, sid, block.packing, block.row_major);
                let def = m.types.struct_def(sid).clone();
                let mut size = lay.size;
                if let Some(last) = def.members.last()
                    && let Type::Array(_, None) = m.types.get(last.ty)
                {
                    // GL 4.6 §7.6.2.2: an unsized last member counts as one element.
                    let rm = last.row_major.unwrap_or(block.row_major);
                    let end = offs[offs.len() - 1].saturating_add(super::layout::array_stride_of(
                        &m.types,
                        last.ty,
                        block.packing,
                        rm,
                        last.matrix_stride,
                    ));
                    size = size.max(
                        end.checked_next_multiple_of(lay.align.max(1))
                            .unwrap_or(u64::MAX),
                    );
                }
                // Mesa rounds block sizes up to a vec4, and applications size their
                // buffers from this query: answer as it does.
                let size = size.checked_next_multiple_of(16).unwrap_or(u64::MAX);
                let data_size = super::layout::saturate_u32(size);
                let first_block = list.len() as i32;
                // An array of blocks past the block limit fails to link before its
                // elements are listed (2^31 - 1 of them would not fit in memory).
                let (max, what, max_name) = if buffer {
                    (
                        limits::MAX_COMPUTE_SHADER_STORAGE_BLOCKS,
                        "shader storage blocks",
                        "GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS",
                    )
                } else {
                    (
                        limits::MAX_COMPUTE_UNIFORM_BLOCKS,
                        "uniform blocks",
                        "GL_MAX_COMPUTE_UNIFORM_BLOCKS",
                    )
                };
                let total = (list.len() as u64).saturating_add(count.unwrap_or(1) as u64);
                if total > max as u64 {
                    log.link_error(format!(
                        "the program uses {total} {what}, more than {max_name} = {max}"
                    ));
                    return r;
                }
                let names: Vec<(String, Option<u32>)> = match count {
                    None => vec![(block.name.clone(), None)],
                    Some(n) => (0..n)
                        .map(|i| {
                            let mut suffix = String::new();
                            let mut rest = i;
                            for (k, _) in dims.iter().enumerate() {
                                let inner: u32 = dims[k + 1..].iter().product();
                                suffix.push_str(&format!("[{}]", rest / inner));
                                rest %= inner;
                            }
                            (format!("{}{suffix}", block.name), Some(i))
                        })
                        .collect(),
                };
                let out_list = if buffer {
                    &mut r.buffer_variables
                } else {
                    &mut r.uniforms
                };
                // Variables go to their own list; swap it into the builder.
                std::mem::swap(&mut b.out, out_list);
                let start = b.out.len() as u32;
                let cx = Ctx {
                    packing: block.packing,
                    block_index: first_block,
                    global: gid,
                    default_block: false,
                    buffer,
                };
                let prefix = if block.instance.is_some() {
                    format!("{}.", block.name)
                } else {
                    String::new()
                };
                for (mem, off) in def.members.iter().zip(&offs) {
                    let rm = mem.row_major.unwrap_or(block.row_major);
                    let name = format!("{prefix}{}", mem.name);
                    let off = &super::layout::saturate_u32(*off);
                    match (buffer, m.types.get(mem.ty).clone()) {
                        // GL 4.6 §7.3.1.1: a top-level array of aggregates in a buffer
                        // block is enumerated for its first element only.
                        (true, Type::Array(elem, len)) => {
                            let stride = array_stride_of(
                                &m.types,
                                mem.ty,
                                block.packing,
                                rm,
                                mem.matrix_stride,
                            ) as i32;
                            let top = (len.map(|l| l as i32).unwrap_or(0), stride);
                            if is_basic(m.types.get(elem)) {
                                // Only arrays of aggregates count as top-level arrays.
                                b.walk(cx, mem.ty, name, *off, Mat::of(rm, mem), (1, 0));
                            } else {
                                b.walk(cx, elem, format!("{name}[0]"), *off, Mat::of(rm, mem), top);
                            }
                        }
                        _ => b.walk(cx, mem.ty, name, *off, Mat::of(rm, mem), (1, 0)),
                    }
                }
                let end = b.out.len() as u32;
                std::mem::swap(&mut b.out, out_list);
                let list = if buffer {
                    &mut r.storage_blocks
                } else {
                    &mut r.uniform_blocks
                };
                let used_elems = element_uses(m, live, gid);
                for (name, element) in names {
                    let referenced = match (element, &used_elems) {
                        (_, ElementUse::None) => false,
                        (None, _) | (_, ElementUse::All) => true,
                        (Some(e), ElementUse::Some(set)) => set.contains(&e),
                    };
                    list.push(BlockResource {
                        referenced,
                        name,
                        block: bid,
                        global: gid,
                        element,
                        binding: block
                            .binding
                            .unwrap_or(0)
                            .saturating_add(element.unwrap_or(0)),
                        data_size,
                        size,
                        members: (start..end).collect(),
                    });
                }
            }
            _ => {}
        }
    }
    // Default-block uniforms were built in `b.out`; block members were appended to
    // r.uniforms directly. Keep declaration order: default uniforms first is what
    // Mesa does for the UNIFORM interface of one stage.
    let defaults = std::mem::take(&mut b.out);
    let shift = defaults.len() as u32;
    for blk in &mut r.uniform_blocks {
        for m in &mut blk.members {
            *m += shift;
        }
    }
    let mut uniforms = defaults;
    uniforms.append(&mut r.uniforms);
    r.uniforms = uniforms;

    // Atomic counter buffers, by binding in order of first use.
    for i in 0..r.uniforms.len() {
        let u = &r.uniforms[i];
        if !matches!(m.types.get(u.ty), Type::AtomicUint) {
            continue;
        }
        let g = m.global(u.global);
        let binding = g.binding.unwrap_or(0);
        let offset = g.offset.unwrap_or(0);
        let end = offset.saturating_add(u.elements().saturating_mul(4));
        let idx = match r.atomic_buffers.iter().position(|a| a.binding == binding) {
            Some(k) => k,
            None => {
                r.atomic_buffers.push(AtomicBufferResource {
                    binding,
                    data_size: 0,
                    counters: Vec::new(),
                });
                r.atomic_buffers.len() - 1
            }
        };
        let ab = &mut r.atomic_buffers[idx];
        ab.data_size = ab.data_size.max(end);
        ab.counters.push(i as u32);
        let u = &mut r.uniforms[i];
        u.offset = offset as i32;
        u.atomic_buffer_index = idx as i32;
        u.storage = None;
        if !u.is_array {
            u.array_stride = 0;
        }
        u.matrix_stride = 0;
    }

    // A default block past its limit fails to link: its locations and storage (one
    // per element) are not built.
    if default_components(m, &r) > limits::MAX_COMPUTE_UNIFORM_COMPONENTS as u64 {
        check_limits(m, &r, log);
        return r;
    }

    // Locations: explicit first, then the lowest free range of each remaining uniform.
    let mut taken: Vec<Option<(u32, u32)>> = Vec::new();
    let needs_location =
        |u: &Resource| u.storage.is_some() && !matches!(m.types.get(u.ty), Type::AtomicUint);
    for &(first, loc) in &explicit {
        // A global's explicit location applies to its first leaf and continues over
        // the rest of its leaves.
        let gid = r.uniforms[first as usize].global;
        let mut next = loc as u32;
        for (i, u) in r.uniforms.iter_mut().enumerate().skip(first as usize) {
            if u.global != gid || !needs_location(u) {
                continue;
            }
            let n = u.elements();
            for e in 0..n {
                let l = next.saturating_add(e) as usize;
                // GL 4.6 §7.6.1: an explicit location at or past
                // MAX_UNIFORM_LOCATIONS fails to link (checked here, before the
                // table grows to it).
                if l >= limits::MAX_UNIFORM_LOCATIONS as usize {
                    log.link_error(format!(
                        "uniform `{}' takes location {l}, not below GL_MAX_UNIFORM_LOCATIONS = {}",
                        u.name,
                        limits::MAX_UNIFORM_LOCATIONS
                    ));
                    break;
                }
                if taken.len() <= l {
                    taken.resize(l + 1, None);
                }
                if taken[l].is_some() {
                    log.link_error(format!(
                        "uniform `{}' overlaps location {l} of another uniform",
                        u.name
                    ));
                }
                taken[l] = Some((i as u32, e));
            }
            u.location = next as i32;
            next = next.saturating_add(n);
        }
    }
    for (i, u) in r.uniforms.iter_mut().enumerate() {
        // Explicitly placed uniforms already have their location.
        if u.location >= 0 || !needs_location(u) {
            continue;
        }
        let n = u.elements() as usize;
        let mut start = 0usize;
        loop {
            let free = (start..start + n).all(|l| taken.get(l).is_none_or(|t| t.is_none()));
            if free {
                break;
            }
            start += 1;
        }
        if taken.len() < start + n {
            taken.resize(start + n, None);
        }
        for e in 0..n {
            taken[start + e] = Some((i as u32, e as u32));
        }
        u.location = start as i32;
    }
    if taken.len() > limits::MAX_UNIFORM_LOCATIONS as usize {
        log.link_error(format!(
            "uniforms use {} locations, more than GL_MAX_UNIFORM_LOCATIONS = {}",
            taken.len(),
            limits::MAX_UNIFORM_LOCATIONS
        ));
    }
    r.locations = taken;

    // Initial default-block contents: initializers and opaque bindings.
    let mut data = vec![0u8; default_size as usize];
    for (gi, g) in m.globals.iter().enumerate() {
        let Some(at) = r.default_offsets[gi] else {
            continue;
        };
        if let Some(init) = &g.init {
            write_const(&m.types, g.ty, init, &mut data, at as usize);
        }
        if let Some(binding) = g.binding
            && m.types.is_opaque(g.ty)
            && !matches!(base_type(&m.types, g.ty), Type::AtomicUint)
        {
            // GLSL 4.60 §4.4.6: an array of opaque uniforms takes consecutive units.
            let n = match m.types.get(g.ty) {
                Type::Array(_, n) => n.unwrap_or(1),
                _ => 1,
            };
            for i in 0..n {
                let v = binding.saturating_add(i);
                let o = (at as usize).saturating_add(4 * i as usize);
                // Past the uniform storage: the rest lies past it too.
                let Some(dst) = data.get_mut(o..o.saturating_add(4)) else {
                    break;
                };
                dst.copy_from_slice(&v.to_ne_bytes());
            }
        }
    }
    r.default_data = data;
    if b.count > crate::limits::MAX_ACTIVE_VARIABLES {
        log.link_error(format!(
            "the program has more than {} active uniforms and buffer variables (each element of an array of structures counts)",
            crate::limits::MAX_ACTIVE_VARIABLES
        ));
    }
    check_limits(m, &r, log);
    r
}

fn base_type(types: &Types, mut t: TypeId) -> &Type {
    while let Type::Array(e, _) = types.get(t) {
        t = *e;
    }
    types.get(t)
}

/// Components of the default-block uniforms (each array element counted).
fn default_components(m: &Module, r: &Reflection) -> u64 {
    r.uniforms
        .iter()
        .filter(|u| u.storage.is_some())
        .map(|u| m.types.components(u.ty).unwrap_or(1) as u64 * u.elements() as u64)
        .fold(0, u64::saturating_add)
}

/// Interface limits that only the linked program can check (GL 4.6 §7.6, §7.8, §11.1.3).
fn check_limits(m: &Module, r: &Reflection, log: &mut Errors) {
    let components = default_components(m, r);
    if components > limits::MAX_COMPUTE_UNIFORM_COMPONENTS as u64 {
        log.link_error(format!(
            "default-block uniforms use {components} components, more than GL_MAX_COMPUTE_UNIFORM_COMPONENTS = {}",
            limits::MAX_COMPUTE_UNIFORM_COMPONENTS
        ));
    }
    let checks = [
        (
            r.uniform_blocks.len(),
            limits::MAX_COMPUTE_UNIFORM_BLOCKS,
            "uniform blocks",
            "GL_MAX_COMPUTE_UNIFORM_BLOCKS",
        ),
        (
            r.storage_blocks.len(),
            limits::MAX_COMPUTE_SHADER_STORAGE_BLOCKS,
            "shader storage blocks",
            "GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS",
        ),
        (
            r.atomic_buffers.len(),
            limits::MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS,
            "atomic counter buffers",
            "GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS",
        ),
    ];
    // Elements of the uniforms a predicate selects (saturating: an array has up to
    // 2^32 - 1 elements).
    let count = |pred: &dyn Fn(&Resource) -> bool| -> u64 {
        r.uniforms
            .iter()
            .filter(|u| pred(u))
            .map(|u| u.elements() as u64)
            .fold(0, u64::saturating_add)
    };
    let element_checks = [
        (
            count(&|u| u.atomic_buffer_index >= 0),
            limits::MAX_COMPUTE_ATOMIC_COUNTERS,
            "atomic counters",
            "GL_MAX_COMPUTE_ATOMIC_COUNTERS",
        ),
        (
            count(&|u| matches!(m.types.get(u.ty), Type::Image(_))),
            limits::MAX_COMPUTE_IMAGE_UNIFORMS,
            "image uniforms",
            "GL_MAX_COMPUTE_IMAGE_UNIFORMS",
        ),
        (
            count(&|u| matches!(m.types.get(u.ty), Type::Sampler(_))),
            limits::MAX_COMPUTE_TEXTURE_IMAGE_UNITS,
            "samplers",
            "GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS",
        ),
    ];
    let all = checks
        .into_iter()
        .map(|(n, max, what, name)| (n as u64, max, what, name))
        .chain(element_checks);
    for (n, max, what, name) in all {
        if n > max as u64 {
            log.link_error(format!(
                "the program uses {n} {what}, more than {name} = {max}"
            ));
        }
    }
    for blk in &r.uniform_blocks {
        if blk.size > limits::MAX_UNIFORM_BLOCK_SIZE as u64 {
            log.link_error(format!(
                "uniform block `{}' is {} bytes, more than GL_MAX_UNIFORM_BLOCK_SIZE = {}",
                blk.name,
                blk.size,
                limits::MAX_UNIFORM_BLOCK_SIZE
            ));
        }
        if blk.binding >= limits::MAX_UNIFORM_BUFFER_BINDINGS as u32 {
            log.link_error(format!(
                "uniform block `{}' binding {} is not below GL_MAX_UNIFORM_BUFFER_BINDINGS = {}",
                blk.name,
                blk.binding,
                limits::MAX_UNIFORM_BUFFER_BINDINGS
            ));
        }
    }
    for blk in &r.storage_blocks {
        // GL 4.6 §7.6.2: a storage block larger than MAX_SHADER_STORAGE_BLOCK_SIZE fails
        // to link (the size of a runtime-sized array's block counts one element).
        if blk.size > limits::MAX_SHADER_STORAGE_BLOCK_SIZE as u64 {
            log.link_error(format!(
                "shader storage block `{}' is {} bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE = {}",
                blk.name,
                blk.size,
                limits::MAX_SHADER_STORAGE_BLOCK_SIZE
            ));
        }
        if blk.binding >= limits::MAX_SHADER_STORAGE_BUFFER_BINDINGS as u32 {
            log.link_error(format!(
                "shader storage block `{}' binding {} is not below GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS = {}",
                blk.name,
                blk.binding,
                limits::MAX_SHADER_STORAGE_BUFFER_BINDINGS
            ));
        }
    }
    for ab in &r.atomic_buffers {
        if ab.binding >= limits::MAX_ATOMIC_COUNTER_BUFFER_BINDINGS as u32 {
            log.link_error(format!(
                "atomic counter binding {} is not below GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS = {}",
                ab.binding,
                limits::MAX_ATOMIC_COUNTER_BUFFER_BINDINGS
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split_array_suffix;

    #[test]
    fn array_suffixes() {
        assert_eq!(split_array_suffix("a[3]"), ("a", Some(3)));
        assert_eq!(split_array_suffix("s.a[10]"), ("s.a", Some(10)));
        assert_eq!(split_array_suffix("a[03]"), ("a[03]", None));
        assert_eq!(split_array_suffix("a[ 3]"), ("a[ 3]", None));
        assert_eq!(split_array_suffix("a"), ("a", None));
    }
}
