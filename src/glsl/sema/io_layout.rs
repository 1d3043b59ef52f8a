//! The layout qualifiers of stage inputs and outputs: `location` and `index`
//! (GLSL 4.60 §4.4.1-§4.4.2), and those GL_ARB_enhanced_layouts (GLSL 4.40) adds,
//! `component` (§4.4.1) and the transform feedback qualifiers `xfb_buffer`,
//! `xfb_offset` and `xfb_stride` (§4.4.2.1), with their compile-time rules. The
//! rules that need every shader of a stage (overlapping offsets, offsets past a
//! stride) are the linker's (glsl/link/xfb.rs).

use crate::glsl::sema::Checker;
use crate::glsl::sema::qualifiers::Qualifiers;
use crate::ir::layout::xfb_size;
use crate::ir::shader::Stage;
use crate::ir::*;
use crate::limits;

/// What an input or output layout qualifies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Placement {
    Variable,
    Block,
    Member,
}

/// The layout qualifiers of one input or output declaration (or block member).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct IoLayout {
    pub location: Option<i32>,
    pub index: Option<u32>,
    pub component: Option<u32>,
    pub xfb_buffer: Option<u32>,
    pub xfb_offset: Option<u32>,
    pub xfb_stride: Option<u32>,
}

impl Checker<'_> {
    /// The stages whose outputs transform feedback can record (GLSL 4.60 §4.4.2.1).
    fn xfb_stage(&self) -> bool {
        matches!(
            self.stage,
            Stage::Vertex | Stage::TessControl | Stage::TessEvaluation | Stage::Geometry
        )
    }

    /// Reads the layout qualifiers of an input or output declaration, reporting those
    /// the declaration cannot take and values out of range.
    pub(super) fn io_layout(&mut self, q: &Qualifiers, output: bool, at: Placement) -> IoLayout {
        let mut out = IoLayout::default();
        for l in &q.layout {
            let name = l.name.as_str();
            // A negative value has its error already (Checker::qualifiers).
            let value = l.value.filter(|v| *v >= 0);
            let missing = l.value.is_none() && !l.bad_value;
            match name {
                "location" => match value {
                    Some(v) if v <= i32::MAX as i64 => out.location = Some(v as i32),
                    _ if missing || l.value.is_some_and(|v| v > i32::MAX as i64) => {
                        self.error(l.span, "location must be a non-negative integral constant")
                    }
                    _ => {}
                },
                "index" if self.stage == Stage::Fragment && output && at == Placement::Variable => {
                    match l.value {
                        Some(v @ 0..=1) => out.index = Some(v as u32),
                        _ => self.error(l.span, "index must be 0 or 1"),
                    }
                }
                "stream" if self.stage == Stage::Geometry && output => {}
                // GLSL 4.60 §4.4.1: on variables and block members, not on blocks.
                "component" if at != Placement::Block && self.stage != Stage::Compute => {
                    self.require_enhanced_layouts(l.span, "the `component' layout qualifier");
                    match value {
                        Some(v @ 0..=3) => out.component = Some(v as u32),
                        Some(v) => self.error(
                            l.span,
                            format!("component = {v}: a location has components 0 to 3"),
                        ),
                        None if missing => self.error(l.span, "`component' needs a value"),
                        None => {}
                    }
                }
                "xfb_buffer" | "xfb_offset" | "xfb_stride" if output && self.xfb_stage() => {
                    self.require_enhanced_layouts(
                        l.span,
                        &format!("the `{name}' layout qualifier"),
                    );
                    let Some(v) = value else {
                        if missing {
                            self.error(l.span, format!("`{name}' needs a value"));
                        }
                        continue;
                    };
                    self.m.stage_layout.xfb_mode = true;
                    match name {
                        "xfb_buffer" => out.xfb_buffer = self.xfb_buffer_value(v, l.span),
                        "xfb_offset" => out.xfb_offset = Some(v.min(u32::MAX as i64) as u32),
                        _ => out.xfb_stride = self.xfb_stride_value(v, l.span),
                    }
                }
                "xfb_buffer" | "xfb_offset" | "xfb_stride" => self.error(
                    l.span,
                    format!(
                        "`{name}' qualifies outputs of vertex, tessellation and geometry shaders only"
                    ),
                ),
                other => self.error(
                    l.span,
                    format!(
                        "layout qualifier `{other}' is not allowed on {}",
                        match at {
                            Placement::Variable => "a shader input or output",
                            Placement::Block => "an input or output block",
                            Placement::Member => "a block member",
                        }
                    ),
                ),
            }
        }
        out
    }

    /// GLSL 4.60 §4.4.2.1: a buffer is 0 to gl_MaxTransformFeedbackBuffers - 1.
    fn xfb_buffer_value(&mut self, v: i64, span: Span) -> Option<u32> {
        let max = limits::MAX_TRANSFORM_FEEDBACK_BUFFERS as i64;
        if v >= max {
            self.error(
                span,
                format!("xfb_buffer = {v} is not below gl_MaxTransformFeedbackBuffers ({max})"),
            );
            return None;
        }
        Some(v as u32)
    }

    /// GLSL 4.60 §4.4.2.1: a stride is a multiple of 4 and at most
    /// gl_MaxTransformFeedbackInterleavedComponents components.
    fn xfb_stride_value(&mut self, v: i64, span: Span) -> Option<u32> {
        let max = limits::MAX_XFB_INTERLEAVED_COMPONENTS as i64 * 4;
        if v % 4 != 0 {
            self.error(span, format!("xfb_stride = {v} is not a multiple of 4"));
            None
        } else if v > max {
            self.error(
                span,
                format!(
                    "xfb_stride = {v} is more than gl_MaxTransformFeedbackInterleavedComponents ({}) components",
                    limits::MAX_XFB_INTERLEAVED_COMPONENTS
                ),
            );
            None
        } else {
            Some(v as u32)
        }
    }

    /// Records `stride` as buffer `buffer`'s: every declaration of one buffer's
    /// stride agrees (GLSL 4.60 §4.4.2.1).
    pub(super) fn xfb_record_stride(&mut self, buffer: u32, stride: u32, span: Span) {
        let strides = &mut self.m.stage_layout.xfb_strides;
        match strides.iter().find(|s| s.0 == buffer) {
            Some(&(_, old)) if old != stride => self.error(
                span,
                format!("xfb_stride of buffer {buffer} is declared as {old} and as {stride}"),
            ),
            Some(_) => {}
            None => strides.push((buffer, stride)),
        }
    }

    /// The transform feedback buffer and offset of an output variable or block of type
    /// `ty`: its `xfb_buffer` or the global default; its stride recorded; its offset
    /// checked (a multiple of 4, of 8 where it holds a double; no unsized array).
    pub(super) fn xfb_place(&mut self, l: &IoLayout, ty: TypeId, span: Span) -> (u32, Option<u32>) {
        let buffer = l.xfb_buffer.unwrap_or(self.xfb_default_buffer);
        if let Some(s) = l.xfb_stride {
            self.xfb_record_stride(buffer, s, span);
        }
        let Some(offset) = l.xfb_offset else {
            return (buffer, None);
        };
        if self.m.types.is_unsized(ty) {
            self.error(span, "xfb_offset cannot qualify an unsized array");
            return (buffer, None);
        }
        self.check_xfb_offset(offset, ty, span);
        (buffer, Some(offset))
    }

    fn check_xfb_offset(&mut self, offset: u32, ty: TypeId, span: Span) {
        let (_, double) = xfb_size(&self.m.types, ty);
        let unit = if double { 8 } else { 4 };
        if !offset.is_multiple_of(unit) {
            self.error(
                span,
                format!(
                    "xfb_offset = {offset} is not a multiple of {unit}{}",
                    if double {
                        " (the output holds a double)"
                    } else {
                        ""
                    }
                ),
            );
        }
    }

    /// The members' transform feedback offsets of an output block (GLSL 4.60
    /// §4.4.2.1): with a block offset every member is recorded, each after the one
    /// before unless it has its own offset; without one only members with their own.
    pub(super) fn xfb_member_offsets(
        &mut self,
        block_offset: Option<u32>,
        members: &mut [MemberIo],
        types: &[(TypeId, Span)],
    ) {
        let mut next = block_offset.map(u64::from);
        for (m, &(ty, span)) in members.iter_mut().zip(types) {
            let (size, double) = xfb_size(&self.m.types, ty);
            let unit = if double { 8 } else { 4 };
            let at = match (m.xfb_offset, next) {
                (Some(o), _) => {
                    self.check_xfb_offset(o, ty, span);
                    Some(o as u64)
                }
                (None, Some(n)) => Some(n.checked_next_multiple_of(unit).unwrap_or(u64::MAX)),
                (None, None) => None,
            };
            if let Some(at) = at {
                m.xfb_offset = Some(at.min(u32::MAX as u64) as u32);
                if block_offset.is_some() {
                    next = Some(at.saturating_add(size));
                }
            }
        }
    }

    /// `layout(xfb_buffer = B, xfb_stride = S) out;` (GLSL 4.60 §4.4.2.1): B becomes
    /// the default buffer of later output declarations; S is B's stride.
    pub(super) fn xfb_default(&mut self, q: &Qualifiers) {
        if !self.xfb_stage() {
            return;
        }
        let mut buffer = None;
        let mut stride = None;
        let mut span = q.span;
        for l in &q.layout {
            let is_xfb = matches!(l.name.as_str(), "xfb_buffer" | "xfb_stride");
            let Some(v) = l.value.filter(|v| *v >= 0) else {
                // A negative value has its error already.
                if is_xfb && l.value.is_none() && !l.bad_value {
                    self.error(l.span, format!("`{}' needs a value", l.name));
                }
                continue;
            };
            match l.name.as_str() {
                "xfb_buffer" | "xfb_stride" => {
                    self.require_enhanced_layouts(
                        l.span,
                        &format!("the `{}' layout qualifier", l.name),
                    );
                    self.m.stage_layout.xfb_mode = true;
                    span = l.span;
                    if l.name == "xfb_buffer" {
                        buffer = self.xfb_buffer_value(v, l.span);
                    } else {
                        stride = self.xfb_stride_value(v, l.span);
                    }
                }
                _ => {}
            }
        }
        if let Some(b) = buffer {
            self.xfb_default_buffer = b;
        }
        if let Some(s) = stride {
            self.xfb_record_stride(self.xfb_default_buffer, s, span);
        }
    }

    /// GLSL 4.60 §4.4.1: `component` needs a location; it cannot qualify a matrix,
    /// a structure or an array of them, nor a dvec3 or dvec4; a double starts at
    /// component 0 or 2; what the type takes stays within components 0 to 3.
    pub(super) fn check_component(
        &mut self,
        component: u32,
        has_location: bool,
        ty: TypeId,
        span: Span,
    ) {
        if !has_location {
            self.error(span, "`component' needs an explicit location");
            return;
        }
        let mut t = ty;
        while let Type::Array(e, _) = self.m.types.get(t) {
            t = *e;
        }
        let (n, scalar) = match self.m.types.get(t) {
            Type::Scalar(s) => (1, *s),
            Type::Vector(s, n) => (*n as u32, *s),
            _ => {
                self.error(
                    span,
                    "`component' cannot qualify a matrix, a structure, or an array of them",
                );
                return;
            }
        };
        let wide = matches!(scalar, Scalar::Double | Scalar::Int64 | Scalar::Uint64);
        if wide && n >= 3 {
            self.error(
                span,
                format!("`component' cannot qualify {}", self.tname(t)),
            );
            return;
        }
        if wide && component % 2 == 1 {
            self.error(span, "a double cannot start at component 1 or 3");
            return;
        }
        let width = if wide { n * 2 } else { n };
        if component + width > 4 {
            self.error(
                span,
                format!(
                    "{} at component {component} overflows its location (components 0 to 3)",
                    self.tname(t)
                ),
            );
        }
    }
}
