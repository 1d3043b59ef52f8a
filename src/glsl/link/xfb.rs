//! Transform feedback at link (GL 4.6 §11.1.2.1, GLSL 4.60 §4.4.2.1): the varyings a
//! program records, from TransformFeedbackVaryings' names or from the shader's
//! `xfb_*` qualifiers, with their buffers, offsets and the link errors of each way.

use crate::glsl::link::import::LinkOptions;
use crate::glsl::link::interface::{IoResource, per_vertex_elem};
use crate::ir::reflect::Named;
use crate::ir::shader::{Log, Stage};
use crate::ir::*;
use crate::limits;
use crate::limits::{MAX_XFB_INTERLEAVED_COMPONENTS, MAX_XFB_SEPARATE_COMPONENTS};

/// A varying transform feedback records (TRANSFORM_FEEDBACK_VARYING, GL 4.6 §11.1.2.1).
#[derive(Debug, Clone)]
pub struct XfbVarying {
    /// The name as given to TransformFeedbackVaryings.
    pub name: String,
    /// The basic type; None for `gl_NextBuffer` and `gl_SkipComponentsN`.
    pub ty: Option<TypeId>,
    /// Elements recorded (for `gl_SkipComponentsN`, N; for `gl_NextBuffer`, 0).
    pub size: u32,
    /// Components recorded.
    pub components: u32,
    /// The TRANSFORM_FEEDBACK_BUFFER binding it is recorded into.
    pub buffer: u32,
    /// Its byte offset in a vertex's record in that buffer.
    pub offset: u32,
}

impl Named for XfbVarying {
    fn name(&self) -> &str {
        &self.name
    }
}

/// A buffer binding transform feedback records into (the TRANSFORM_FEEDBACK_BUFFER
/// program interface, GL 4.6 §7.3.1.1).
#[derive(Debug, Clone, PartialEq)]
pub struct XfbBuffer {
    /// The TRANSFORM_FEEDBACK_BUFFER binding index.
    pub binding: u32,
    /// Bytes one vertex's record takes.
    pub stride: u32,
    /// Indices into GraphicsInfo.xfb of the varyings recorded into it.
    pub varyings: Vec<u32>,
}

/// The buffers recording writes to, by binding: one for each binding a varying
/// (not `gl_NextBuffer` or `gl_SkipComponentsN`) is recorded into.
pub fn buffers(xfb: &[XfbVarying], strides: &[(u32, u32)]) -> Vec<XfbBuffer> {
    let mut out: Vec<XfbBuffer> = Vec::new();
    for (i, v) in xfb.iter().enumerate() {
        let end = v.offset.saturating_add(v.components.saturating_mul(4));
        match out.iter_mut().find(|b| b.binding == v.buffer) {
            Some(b) => {
                b.stride = b.stride.max(end);
                if v.ty.is_some() {
                    b.varyings.push(i as u32);
                }
            }
            None if v.ty.is_some() || v.size > 0 => out.push(XfbBuffer {
                binding: v.buffer,
                stride: end,
                varyings: if v.ty.is_some() {
                    vec![i as u32]
                } else {
                    vec![]
                },
            }),
            None => {}
        }
    }
    out.retain(|b| !b.varyings.is_empty());
    for b in &mut out {
        if let Some(&(_, st)) = strides.iter().find(|x| x.0 == b.binding) {
            b.stride = st;
        }
    }
    out
}

/// Components of one element of a basic type (a double counts two).
fn components(types: &Types, t: TypeId) -> u32 {
    let (n, s) = match types.get(t) {
        Type::Scalar(s) => (1, *s),
        Type::Vector(s, n) => (*n as u32, *s),
        Type::Matrix { scalar, cols, rows } => ((*cols * *rows) as u32, *scalar),
        _ => (1, Scalar::Float),
    };
    if matches!(s, Scalar::Double | Scalar::Int64 | Scalar::Uint64) {
        n * 2
    } else {
        n
    }
}

/// Resolves TransformFeedbackVaryings' names against the outputs of the last vertex
/// processing stage (GL 4.6 §11.1.2.1): `v`, `a` (a whole array), `a[i]`, `s.m`,
/// `Block.m`, and in interleaved mode `gl_NextBuffer` and `gl_SkipComponents1`-`4`.
/// Every rule the spec gives a link error for is one here.
pub(super) fn resolve_xfb(
    m: &Module,
    outputs: &[IoResource],
    stage: Stage,
    opts: &LinkOptions,
    log: &mut Log,
) -> Vec<XfbVarying> {
    let mut out: Vec<XfbVarying> = Vec::new();
    let mut buffer = 0u32;
    // The next byte offset in the current buffer's record.
    let mut offset = 0u32;
    for name in &opts.xfb_varyings {
        if out.iter().any(|v| v.name == *name && v.ty.is_some()) {
            log.link_error(format!(
                "transform feedback varying `{name}' is named twice"
            ));
            continue;
        }
        let skip = name
            .strip_prefix("gl_SkipComponents")
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| (1..=4).contains(n));
        if skip.is_some() || name == "gl_NextBuffer" {
            if opts.xfb_separate {
                log.link_error(format!(
                    "`{name}' is only allowed with GL_INTERLEAVED_ATTRIBS"
                ));
                continue;
            }
            if name == "gl_NextBuffer" {
                buffer += 1;
                offset = 0;
                if buffer >= limits::MAX_TRANSFORM_FEEDBACK_BUFFERS as u32 {
                    log.link_error(format!(
                        "gl_NextBuffer passes GL_MAX_TRANSFORM_FEEDBACK_BUFFERS ({})",
                        limits::MAX_TRANSFORM_FEEDBACK_BUFFERS
                    ));
                }
            }
            out.push(XfbVarying {
                name: name.clone(),
                ty: None,
                size: skip.unwrap_or(0),
                components: skip.unwrap_or(0),
                buffer,
                offset,
            });
            offset = offset.saturating_add(skip.unwrap_or(0) * 4);
            continue;
        }
        // `a[i]`: one element of an array output.
        let (stem, index) = match name.strip_suffix(']').and_then(|s| s.rsplit_once('[')) {
            Some((stem, i)) if !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()) => {
                (stem, i.parse::<u32>().ok())
            }
            _ => (name.as_str(), None),
        };
        let found = outputs.iter().find(|r| {
            let base = r
                .name
                .strip_suffix("[0]")
                .filter(|_| r.is_array)
                .unwrap_or(&r.name);
            base == stem && (r.is_array || index.is_none())
        });
        let Some(r) = found else {
            log.link_error(format!(
                "transform feedback varying `{name}' is not an output of the {} shader",
                stage.name()
            ));
            continue;
        };
        let size = match index {
            Some(i) if i >= r.array_size => {
                log.link_error(format!(
                    "transform feedback varying `{name}' is past the end of its array ({} elements)",
                    r.array_size
                ));
                continue;
            }
            Some(_) => 1,
            None => r.array_size.max(1),
        };
        let components = components(&m.types, r.ty).saturating_mul(size);
        if opts.xfb_separate && components > MAX_XFB_SEPARATE_COMPONENTS {
            log.link_error(format!(
                "transform feedback varying `{name}' has {components} components, more than GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS ({MAX_XFB_SEPARATE_COMPONENTS})"
            ));
        }
        let separate = opts.xfb_separate;
        out.push(XfbVarying {
            name: name.clone(),
            ty: Some(r.ty),
            size,
            components,
            buffer: if separate { out.len() as u32 } else { buffer },
            offset: if separate { 0 } else { offset },
        });
        offset = offset.saturating_add(components.saturating_mul(4));
    }
    if !opts.xfb_separate {
        let total: u32 = out.iter().map(|v| v.components).sum();
        if total > MAX_XFB_INTERLEAVED_COMPONENTS {
            log.link_error(format!(
                "transform feedback records {total} components, more than GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS ({MAX_XFB_INTERLEAVED_COMPONENTS})"
            ));
        }
    }
    out
}

/// What a stage in transform feedback capturing mode records (GLSL 4.60 §4.4.2.1):
/// its outputs with an `xfb_offset`, and the members of output blocks with one, each
/// basic type or array of one a varying named as GL 4.6 §7.3.1.1 names it, at the
/// offsets the qualifiers give; with the link errors of overlapping outputs, offsets
/// past a buffer's stride, and strides past the interleaved component limit.
pub(super) fn xfb_from_qualifiers(
    m: &Module,
    outputs: &[GlobalId],
    strides: &[(u32, u32)],
    log: &mut Log,
) -> Vec<XfbVarying> {
    let mut out: Vec<XfbVarying> = Vec::new();
    // (name, type, offset, buffer) still to flatten.
    let mut roots: Vec<(String, TypeId, u32, u32)> = Vec::new();
    for &gid in outputs {
        let g = m.global(gid);
        let Some(io) = g.io.as_deref() else { continue };
        let ty = per_vertex_elem(&m.types, g);
        match (&io.block, m.types.get(ty)) {
            (Some(block), Type::Struct(s)) => {
                for (mem, mio) in m.types.struct_def(*s).members.iter().zip(&io.members) {
                    if let Some(o) = mio.xfb_offset {
                        roots.push((format!("{block}.{}", mem.name), mem.ty, o, io.xfb_buffer));
                    }
                }
            }
            // GLSL 4.60 §4.4.2.1: the elements of an array of blocks go to consecutive
            // buffers from the block's own, each with the members' offsets.
            (Some(block), Type::Array(e, n)) if matches!(m.types.get(*e), Type::Struct(_)) => {
                let Type::Struct(s) = m.types.get(*e) else {
                    continue;
                };
                let n = n.unwrap_or(1);
                let max = limits::MAX_TRANSFORM_FEEDBACK_BUFFERS as u32;
                if io.members.iter().any(|x| x.xfb_offset.is_some())
                    && io.xfb_buffer.saturating_add(n) > max
                {
                    log.link_error(format!(
                        "the {n} elements of output block `{block}' need transform feedback buffers {} to {}, past GL_MAX_TRANSFORM_FEEDBACK_BUFFERS ({max})",
                        io.xfb_buffer,
                        io.xfb_buffer.saturating_add(n - 1)
                    ));
                    continue;
                }
                for i in 0..n {
                    for (mem, mio) in m.types.struct_def(*s).members.iter().zip(&io.members) {
                        if let Some(o) = mio.xfb_offset {
                            let name = format!("{block}[{i}].{}", mem.name);
                            roots.push((name, mem.ty, o, io.xfb_buffer + i));
                        }
                    }
                }
            }
            _ => {
                if let Some(o) = io.xfb_offset {
                    roots.push((g.name.clone(), ty, o, io.xfb_buffer));
                }
            }
        }
    }
    let mut pushed = 0usize;
    for (name, ty, offset, buffer) in roots {
        let mut work = vec![(name, ty, offset as u64)];
        while let Some((name, t, at)) = work.pop() {
            if out.len() >= limits::MAX_ACTIVE_VARIABLES {
                log.link_error("the program records too many transform feedback varyings");
                return out;
            }
            match m.types.get(t).clone() {
                Type::Struct(s) => {
                    let mut items = Vec::new();
                    let mut next = at;
                    pushed = pushed.saturating_add(m.types.struct_def(s).members.len());
                    if pushed > limits::MAX_ACTIVE_VARIABLES {
                        log.link_error("the program records too many transform feedback varyings");
                        return out;
                    }
                    for mem in &m.types.struct_def(s).members {
                        let (size, double) = crate::ir::layout::xfb_size(&m.types, mem.ty);
                        let unit = if double { 8 } else { 4 };
                        next = next.checked_next_multiple_of(unit).unwrap_or(u64::MAX);
                        items.push((format!("{name}.{}", mem.name), mem.ty, next));
                        next = next.saturating_add(size);
                    }
                    work.extend(items.into_iter().rev());
                }
                Type::Array(e, n)
                    if matches!(m.types.get(e), Type::Struct(_) | Type::Array(..)) =>
                {
                    let (size, _) = crate::ir::layout::xfb_size(&m.types, e);
                    let n = n.unwrap_or(0).min(limits::MAX_ACTIVE_VARIABLES as u32);
                    // Every name pushed counts, so nested arrays cannot grow the work
                    // list past the limit before any varying is made.
                    pushed = pushed.saturating_add(n as usize);
                    if pushed > limits::MAX_ACTIVE_VARIABLES {
                        log.link_error("the program records too many transform feedback varyings");
                        return out;
                    }
                    for i in (0..n).rev() {
                        work.push((
                            format!("{name}[{i}]"),
                            e,
                            at.saturating_add(size.saturating_mul(i as u64)),
                        ));
                    }
                }
                other => {
                    let (ty, size) = match other {
                        Type::Array(e, n) => (e, n.unwrap_or(0)),
                        _ => (t, 1),
                    };
                    let name = if matches!(other, Type::Array(..)) {
                        format!("{name}[0]")
                    } else {
                        name
                    };
                    out.push(XfbVarying {
                        name,
                        ty: Some(ty),
                        size,
                        components: components(&m.types, ty).saturating_mul(size),
                        buffer,
                        offset: at.min(u32::MAX as u64) as u32,
                    });
                }
            }
        }
    }
    // Per buffer: no two varyings overlap; the stride (given, or the end of the last
    // varying, a multiple of 8 where a double is recorded) holds them all and fits
    // gl_MaxTransformFeedbackInterleavedComponents.
    let mut buffers: Vec<u32> = out.iter().map(|v| v.buffer).collect();
    buffers.sort_unstable();
    buffers.dedup();
    for b in buffers {
        let mut ranges: Vec<(u64, u64, &str)> = out
            .iter()
            .filter(|v| v.buffer == b)
            .map(|v| {
                let start = v.offset as u64;
                (start, start + v.components as u64 * 4, v.name.as_str())
            })
            .collect();
        ranges.sort_unstable();
        for w in ranges.windows(2) {
            if w[1].0 < w[0].1 {
                log.link_error(format!(
                    "transform feedback varyings `{}' and `{}' overlap in buffer {b}",
                    w[0].2, w[1].2
                ));
            }
        }
        let double = out.iter().filter(|v| v.buffer == b).any(|v| {
            v.ty.is_some_and(|t| {
                matches!(
                    m.types.scalar_of(t),
                    Some(Scalar::Double | Scalar::Int64 | Scalar::Uint64)
                )
            })
        });
        let end = ranges.iter().map(|r| r.1).max().unwrap_or(0);
        let stride = match strides.iter().find(|x| x.0 == b) {
            Some(&(_, st)) => {
                if double && st % 8 != 0 {
                    log.link_error(format!(
                        "xfb_stride {st} of buffer {b} must be a multiple of 8: the buffer records a double"
                    ));
                }
                if end > st as u64 {
                    log.link_error(format!(
                        "the transform feedback varyings of buffer {b} end at byte {end}, past its xfb_stride ({st})"
                    ));
                }
                st as u64
            }
            None if double => end.checked_next_multiple_of(8).unwrap_or(u64::MAX),
            None => end,
        };
        if stride > MAX_XFB_INTERLEAVED_COMPONENTS as u64 * 4 {
            log.link_error(format!(
                "transform feedback buffer {b} records {stride} bytes a vertex, more than GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS ({MAX_XFB_INTERLEAVED_COMPONENTS}) components"
            ));
        }
    }
    out
}
