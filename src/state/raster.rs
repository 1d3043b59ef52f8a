//! The fixed-function state of the graphics pipeline: viewports and scissors, depth
//! range, rasterization, multisample, stencil, depth, blend and logic-op state, write
//! masks, hints, primitive restart, provoking vertex, patch parameters and the enable
//! capabilities (GL 4.6 tables 23.4–23.21 and 23.74). glcompute draws nothing, so this
//! state is kept and answered, with the spec's initial values and errors, and never
//! used: applications set it up at start-up and query it back.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::{
    LINE_WIDTH_RANGE, MAX_CLIP_DISTANCES, MAX_DRAW_BUFFERS, MAX_PATCH_VERTICES,
    MAX_SAMPLE_MASK_WORDS, MAX_VIEWPORT_DIMS, MAX_VIEWPORTS, POINT_SIZE_RANGE, VIEWPORT_BOUNDS,
};
use crate::state::context::ContextState;
use crate::state::objects::raster::{CAPS, GL_GENERATE_MIPMAP_HINT, HINTS, MORE_CAPS};
use crate::state::query::Value;

/// A bit mask as Get returns it: its 32 bits as a GLint (all ones is -1, as GL 4.6's
/// tables write the initial "1's").
fn mask(m: u32) -> Value {
    Value::int(m as i32 as i64)
}

/// The slot of a non-indexed capability.
fn cap_slot(cap: u32) -> Option<usize> {
    CAPS.iter()
        .map(|&(c, _)| c)
        .chain(MORE_CAPS)
        .position(|c| c == cap)
}

fn clamp01(v: f64) -> f64 {
    if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) }
}

/// GL 4.6 §2.3.1: INVALID_ENUM unless `value` is one of `allowed`.
fn one_of(value: u32, allowed: &[u32], what: &str) -> GlResult<u32> {
    if !allowed.contains(&value) {
        gl_bail!(GL_INVALID_ENUM, "{what} = {} is not allowed", Enum(value));
    }
    Ok(value)
}

const COMPARE: [u32; 8] = [
    GL_NEVER,
    GL_LESS,
    GL_EQUAL,
    GL_LEQUAL,
    GL_GREATER,
    GL_NOTEQUAL,
    GL_GEQUAL,
    GL_ALWAYS,
];
const BLEND_EQUATIONS: [u32; 5] = [
    GL_FUNC_ADD,
    GL_FUNC_SUBTRACT,
    GL_FUNC_REVERSE_SUBTRACT,
    GL_MIN,
    GL_MAX,
];
/// The advanced blend equations of KHR_blend_equation_advanced (core in OpenGL ES 3.2).
const ADVANCED_BLEND_EQUATIONS: [u32; 15] = [
    GL_MULTIPLY_KHR,
    GL_SCREEN_KHR,
    GL_OVERLAY_KHR,
    GL_DARKEN_KHR,
    GL_LIGHTEN_KHR,
    GL_COLORDODGE_KHR,
    GL_COLORBURN_KHR,
    GL_HARDLIGHT_KHR,
    GL_SOFTLIGHT_KHR,
    GL_DIFFERENCE_KHR,
    GL_EXCLUSION_KHR,
    GL_HSL_HUE_KHR,
    GL_HSL_SATURATION_KHR,
    GL_HSL_COLOR_KHR,
    GL_HSL_LUMINOSITY_KHR,
];
/// GL 4.6 table 17.2 (SRC_ALPHA_SATURATE is a destination factor too since GL 4.4).
const BLEND_FACTORS: [u32; 19] = [
    GL_ZERO,
    GL_ONE,
    GL_SRC_COLOR,
    GL_ONE_MINUS_SRC_COLOR,
    GL_DST_COLOR,
    GL_ONE_MINUS_DST_COLOR,
    GL_SRC_ALPHA,
    GL_ONE_MINUS_SRC_ALPHA,
    GL_DST_ALPHA,
    GL_ONE_MINUS_DST_ALPHA,
    GL_CONSTANT_COLOR,
    GL_ONE_MINUS_CONSTANT_COLOR,
    GL_CONSTANT_ALPHA,
    GL_ONE_MINUS_CONSTANT_ALPHA,
    GL_SRC_ALPHA_SATURATE,
    GL_SRC1_COLOR,
    GL_ONE_MINUS_SRC1_COLOR,
    GL_SRC1_ALPHA,
    GL_ONE_MINUS_SRC1_ALPHA,
];
const STENCIL_OPS: [u32; 8] = [
    GL_KEEP,
    GL_ZERO,
    GL_REPLACE,
    GL_INCR,
    GL_DECR,
    GL_INVERT,
    GL_INCR_WRAP,
    GL_DECR_WRAP,
];
const FACES: [u32; 3] = [GL_FRONT, GL_BACK, GL_FRONT_AND_BACK];

/// The stencil faces `face` names (GL 4.6 §17.3.5: INVALID_ENUM for another value).
fn faces(face: u32) -> GlResult<std::ops::Range<usize>> {
    Ok(match one_of(face, &FACES, "face")? {
        GL_FRONT => 0..1,
        GL_BACK => 1..2,
        _ => 0..2,
    })
}

/// GL 4.6 §17.3.6.1, §17.4.2: INVALID_VALUE if a draw buffer index is not below
/// MAX_DRAW_BUFFERS.
fn draw_buffer(buf: u32) -> GlResult<usize> {
    if buf >= MAX_DRAW_BUFFERS as u32 {
        gl_bail!(
            GL_INVALID_VALUE,
            "buf = {buf} is not below GL_MAX_DRAW_BUFFERS ({MAX_DRAW_BUFFERS})"
        );
    }
    Ok(buf as usize)
}

/// GL 4.6 §13.6.1, §14.9.2: INVALID_VALUE if first + count passes MAX_VIEWPORTS.
pub fn viewport_range(first: u32, count: i32, what: &str) -> GlResult<std::ops::Range<usize>> {
    if count < 0 {
        gl_bail!(GL_INVALID_VALUE, "count = {count} is negative");
    }
    let end = (first as u64) + (count as u64);
    if end > MAX_VIEWPORTS as u64 {
        gl_bail!(
            GL_INVALID_VALUE,
            "{what} {first}..{end} pass GL_MAX_VIEWPORTS ({MAX_VIEWPORTS})"
        );
    }
    Ok(first as usize..end as usize)
}

impl ContextState {
    /// The first time the context is made current with a draw surface, the viewports
    /// and scissor boxes take its size (GL 4.6 §13.6.1, §14.9.2).
    pub fn first_drawable(&mut self, width: i32, height: i32) {
        let r = &mut self.raster;
        if r.sized {
            return;
        }
        r.sized = true;
        for v in &mut r.viewports {
            v.rect = [0.0, 0.0, width as f32, height as f32];
            v.scissor = [0, 0, width, height];
        }
    }

    /// Enable/Disable of the capabilities kept here (None for another capability).
    pub fn set_raster_capability(&mut self, cap: u32, on: bool) -> Option<()> {
        let r = &mut self.raster;
        match cap {
            GL_BLEND => r.blend.iter_mut().for_each(|b| b.enabled = on),
            GL_SCISSOR_TEST => r.viewports.iter_mut().for_each(|v| v.scissor_test = on),
            _ => r.caps[cap_slot(cap)?] = on,
        }
        Some(())
    }

    pub fn raster_capability(&self, cap: u32) -> Option<bool> {
        let r = &self.raster;
        Some(match cap {
            GL_BLEND => r.blend[0].enabled,
            GL_SCISSOR_TEST => r.viewports[0].scissor_test,
            _ => r.caps[cap_slot(cap)?],
        })
    }

    /// Enablei/Disablei/IsEnabledi (GL 4.6 §17.3.6, §14.9.2): BLEND per draw buffer,
    /// SCISSOR_TEST per viewport.
    pub fn indexed_capability(
        &mut self,
        cap: u32,
        index: u32,
        set: Option<bool>,
    ) -> GlResult<bool> {
        // OpenGL ES 3.2 has no viewport arrays: BLEND is its only indexed capability,
        // INVALID_ENUM for the others.
        if self.info.es && cap != GL_BLEND {
            gl_bail!(
                GL_INVALID_ENUM,
                "cap {} is not an indexed capability of an OpenGL ES context",
                Enum(cap)
            );
        }
        let r = &mut self.raster;
        let flag = match cap {
            GL_BLEND => &mut r.blend[draw_buffer(index)?].enabled,
            GL_SCISSOR_TEST => {
                let i = viewport_range(index, 1, "viewport")?.start;
                &mut r.viewports[i].scissor_test
            }
            // GL 4.6 §2.3.1: INVALID_ENUM for a capability that is not indexed.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "cap {} is not an indexed capability",
                Enum(cap)
            ),
        };
        if let Some(on) = set {
            *flag = on;
        }
        Ok(*flag)
    }

    /// ViewportIndexedf and its forms (GL 4.6 §13.6.1): width and height are clamped
    /// to MAX_VIEWPORT_DIMS, x and y to VIEWPORT_BOUNDS_RANGE.
    pub fn set_viewports(&mut self, first: u32, rects: &[[f32; 4]]) -> GlResult<()> {
        let range = viewport_range(
            first,
            rects.len().min(i32::MAX as usize) as i32,
            "viewports",
        )?;
        // GL 4.6 §13.6.1: INVALID_VALUE if a width or height is negative.
        if let Some(r) = rects.iter().find(|r| r[2] < 0.0 || r[3] < 0.0) {
            gl_bail!(
                GL_INVALID_VALUE,
                "width = {} and height = {} may not be negative",
                r[2],
                r[3]
            );
        }
        for (v, r) in self.raster.viewports[range].iter_mut().zip(rects) {
            let pos = |p: f32| p.clamp(VIEWPORT_BOUNDS[0], VIEWPORT_BOUNDS[1]);
            v.rect = [
                pos(r[0]),
                pos(r[1]),
                r[2].min(MAX_VIEWPORT_DIMS),
                r[3].min(MAX_VIEWPORT_DIMS),
            ];
        }
        Ok(())
    }

    /// ScissorIndexed and its forms (GL 4.6 §14.9.2).
    pub fn set_scissors(&mut self, first: u32, boxes: &[[i32; 4]]) -> GlResult<()> {
        let range = viewport_range(
            first,
            boxes.len().min(i32::MAX as usize) as i32,
            "scissor boxes",
        )?;
        // GL 4.6 §14.9.2: INVALID_VALUE if a width or height is negative.
        if let Some(b) = boxes.iter().find(|b| b[2] < 0 || b[3] < 0) {
            gl_bail!(
                GL_INVALID_VALUE,
                "width = {} and height = {} may not be negative",
                b[2],
                b[3]
            );
        }
        for (v, b) in self.raster.viewports[range].iter_mut().zip(boxes) {
            v.scissor = *b;
        }
        Ok(())
    }

    /// DepthRangeIndexed and its forms (GL 4.6 §13.6.1): values clamped to [0, 1].
    pub fn set_depth_ranges(&mut self, first: u32, ranges: &[[f64; 2]]) -> GlResult<()> {
        let range = viewport_range(
            first,
            ranges.len().min(i32::MAX as usize) as i32,
            "depth ranges",
        )?;
        for (v, d) in self.raster.viewports[range].iter_mut().zip(ranges) {
            v.depth = [clamp01(d[0]), clamp01(d[1])];
        }
        Ok(())
    }

    /// BlendEquation(i) (GL 4.6 §17.3.6.1): in an OpenGL ES 3.2 context, the advanced
    /// blend equations too (KHR_blend_equation_advanced, core in OpenGL ES 3.2:
    /// BlendEquation and BlendEquationi take them, for both RGB and alpha; the
    /// separate forms do not).
    pub fn blend_equation_mode(&mut self, buf: Option<u32>, mode: u32) -> GlResult<()> {
        if self.info.es && ADVANCED_BLEND_EQUATIONS.contains(&mode) {
            let range = self.blend_buffers(buf)?;
            self.raster.blend[range]
                .iter_mut()
                .for_each(|b| b.equation = [mode, mode]);
            return Ok(());
        }
        self.blend_equation(buf, mode, mode)
    }

    /// PrimitiveBoundingBox (OpenGL ES 3.2, from EXT_primitive_bounding_box): any
    /// values.
    pub fn set_primitive_bounding_box(&mut self, b: [f32; 8]) -> GlResult<()> {
        self.es_command("glPrimitiveBoundingBox")?;
        self.raster.primitive_bounding_box = b;
        Ok(())
    }

    /// INVALID_OPERATION for a command of OpenGL ES 3.2 that desktop GL does not have,
    /// called in a desktop context (as Mesa does for a function a context lacks).
    pub fn es_command(&self, name: &str) -> GlResult<()> {
        if !self.info.es {
            gl_bail!(
                GL_INVALID_OPERATION,
                "{name} is an OpenGL ES 3.2 command, and this is a desktop OpenGL context"
            );
        }
        Ok(())
    }

    /// BlendEquationSeparate(i) (GL 4.6 §17.3.6.1); `buf` None for every draw buffer.
    pub fn blend_equation(&mut self, buf: Option<u32>, rgb: u32, alpha: u32) -> GlResult<()> {
        let range = self.blend_buffers(buf)?;
        let eq = [
            one_of(rgb, &BLEND_EQUATIONS, "modeRGB")?,
            one_of(alpha, &BLEND_EQUATIONS, "modeAlpha")?,
        ];
        self.raster.blend[range]
            .iter_mut()
            .for_each(|b| b.equation = eq);
        Ok(())
    }

    /// BlendFuncSeparate(i) (GL 4.6 §17.3.6.2).
    pub fn blend_func(&mut self, buf: Option<u32>, f: [u32; 4]) -> GlResult<()> {
        let range = self.blend_buffers(buf)?;
        for (v, what) in f.iter().zip(["srcRGB", "dstRGB", "srcAlpha", "dstAlpha"]) {
            one_of(*v, &BLEND_FACTORS, what)?;
        }
        self.raster.blend[range].iter_mut().for_each(|b| b.func = f);
        Ok(())
    }

    /// ColorMask(i) (GL 4.6 §17.4.2).
    pub fn color_mask(&mut self, buf: Option<u32>, mask: [bool; 4]) -> GlResult<()> {
        let range = self.blend_buffers(buf)?;
        self.raster.blend[range]
            .iter_mut()
            .for_each(|b| b.color_mask = mask);
        Ok(())
    }

    fn blend_buffers(&self, buf: Option<u32>) -> GlResult<std::ops::Range<usize>> {
        Ok(match buf {
            Some(b) => draw_buffer(b).map(|i| i..i + 1)?,
            None => 0..MAX_DRAW_BUFFERS,
        })
    }

    /// DepthFunc (GL 4.6 §17.3.6).
    pub fn depth_func(&mut self, func: u32) -> GlResult<()> {
        self.raster.depth_func = one_of(func, &COMPARE, "func")?;
        Ok(())
    }

    /// StencilFuncSeparate (GL 4.6 §17.3.5).
    pub fn stencil_func(
        &mut self,
        face: u32,
        func: u32,
        reference: i32,
        mask: u32,
    ) -> GlResult<()> {
        let range = faces(face)?;
        let func = one_of(func, &COMPARE, "func")?;
        for s in &mut self.raster.stencil[range] {
            s.func = func;
            s.reference = reference;
            s.value_mask = mask;
        }
        Ok(())
    }

    /// StencilOpSeparate (GL 4.6 §17.3.5).
    pub fn stencil_op(&mut self, face: u32, ops: [u32; 3]) -> GlResult<()> {
        let range = faces(face)?;
        for (op, what) in ops.iter().zip(["sfail", "dpfail", "dppass"]) {
            one_of(*op, &STENCIL_OPS, what)?;
        }
        self.raster.stencil[range]
            .iter_mut()
            .for_each(|s| s.ops = ops);
        Ok(())
    }

    /// StencilMaskSeparate (GL 4.6 §17.4.2).
    pub fn stencil_mask(&mut self, face: u32, mask: u32) -> GlResult<()> {
        let range = faces(face)?;
        self.raster.stencil[range]
            .iter_mut()
            .for_each(|s| s.write_mask = mask);
        Ok(())
    }

    /// CullFace (GL 4.6 §14.6.1).
    pub fn cull_face(&mut self, mode: u32) -> GlResult<()> {
        self.raster.cull_face = one_of(mode, &FACES, "mode")?;
        Ok(())
    }
    /// ClipControl (GL 4.6 §13.7).
    pub fn clip_control(&mut self, origin: u32, depth: u32) -> GlResult<()> {
        // GL 4.6 §13.7: INVALID_ENUM if origin is not LOWER_LEFT or UPPER_LEFT, or depth
        // is not NEGATIVE_ONE_TO_ONE or ZERO_TO_ONE.
        if !matches!(origin, GL_LOWER_LEFT | GL_UPPER_LEFT) {
            gl_bail!(
                GL_INVALID_ENUM,
                "origin {} is not GL_LOWER_LEFT or GL_UPPER_LEFT",
                Enum(origin)
            );
        }
        if !matches!(depth, GL_NEGATIVE_ONE_TO_ONE | GL_ZERO_TO_ONE) {
            gl_bail!(
                GL_INVALID_ENUM,
                "depth {} is not GL_NEGATIVE_ONE_TO_ONE or GL_ZERO_TO_ONE",
                Enum(depth)
            );
        }
        self.raster.clip_control = [origin, depth];
        Ok(())
    }

    /// FrontFace (GL 4.6 §14.6.1).
    pub fn front_face(&mut self, mode: u32) -> GlResult<()> {
        self.raster.front_face = one_of(mode, &[GL_CW, GL_CCW], "mode")?;
        Ok(())
    }

    /// PolygonMode (GL 4.6 §14.6.4): the core profile has one mode for both faces.
    pub fn polygon_mode(&mut self, face: u32, mode: u32) -> GlResult<()> {
        one_of(face, &[GL_FRONT_AND_BACK], "face")?;
        self.raster.polygon_mode = one_of(mode, &[GL_POINT, GL_LINE, GL_FILL], "mode")?;
        Ok(())
    }

    /// PointSize and LineWidth (GL 4.6 §14.4, §14.5): INVALID_VALUE if the size is less
    /// than or equal to zero (a NaN is neither, and is kept, as Mesa does).
    pub fn point_or_line_size(&mut self, line: bool, size: f32) -> GlResult<()> {
        if size <= 0.0 {
            gl_bail!(GL_INVALID_VALUE, "the size {size} is not positive");
        }
        if line {
            self.raster.line_width = size;
        } else {
            self.raster.point_size = size;
        }
        Ok(())
    }

    /// PointParameter* (GL 4.6 §14.4). `None`: the vector form was given no values (a
    /// null pointer); pname is still checked and nothing changes.
    pub fn point_parameter(&mut self, pname: u32, value: Option<f64>) -> GlResult<()> {
        let Some(value) = value else {
            if !matches!(
                pname,
                GL_POINT_FADE_THRESHOLD_SIZE | GL_POINT_SPRITE_COORD_ORIGIN
            ) {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "pname {} is not a point parameter",
                    Enum(pname)
                );
            }
            return Ok(());
        };
        match pname {
            GL_POINT_FADE_THRESHOLD_SIZE => {
                // GL 4.6 §14.4: INVALID_VALUE for a threshold less than zero.
                if value < 0.0 {
                    gl_bail!(GL_INVALID_VALUE, "the fade threshold {value} is negative");
                }
                self.raster.point_fade_threshold = value as f32;
            }
            GL_POINT_SPRITE_COORD_ORIGIN => {
                // GL 4.6 §14.4: INVALID_ENUM unless LOWER_LEFT or UPPER_LEFT.
                let v = if value >= 0.0 && value <= u32::MAX as f64 {
                    value as u32
                } else {
                    0
                };
                self.raster.point_sprite_origin =
                    one_of(v, &[GL_LOWER_LEFT, GL_UPPER_LEFT], "the origin")?;
            }
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a point parameter",
                Enum(pname)
            ),
        }
        Ok(())
    }

    /// LogicOp (GL 4.6 §17.3.9).
    pub fn logic_op(&mut self, op: u32) -> GlResult<()> {
        if !(GL_CLEAR..=GL_SET).contains(&op) {
            gl_bail!(GL_INVALID_ENUM, "opcode {} is not a logic op", Enum(op));
        }
        self.raster.logic_op = op;
        Ok(())
    }

    /// Hint (GL 4.6 §21.5).
    pub fn hint(&mut self, target: u32, mode: u32) -> GlResult<()> {
        // GL 4.6 §21.5, OpenGL ES 3.2 §19.1: INVALID_ENUM if target is not a hint
        // target of the context's API.
        let ours = if self.info.es {
            matches!(
                target,
                GL_GENERATE_MIPMAP_HINT | GL_FRAGMENT_SHADER_DERIVATIVE_HINT
            )
        } else {
            target != GL_GENERATE_MIPMAP_HINT
        };
        let Some(i) = HINTS.iter().position(|&h| h == target).filter(|_| ours) else {
            gl_bail!(GL_INVALID_ENUM, "target {} is not a hint", Enum(target));
        };
        self.raster.hints[i] = one_of(mode, &[GL_FASTEST, GL_NICEST, GL_DONT_CARE], "mode")?;
        Ok(())
    }

    /// SampleCoverage (GL 4.6 §17.3.3): the value is clamped to [0, 1].
    pub fn sample_coverage(&mut self, value: f32, invert: bool) {
        self.raster.sample_coverage = (clamp01(value as f64) as f32, invert);
    }

    /// SampleMaski (GL 4.6 §17.3.3).
    pub fn sample_mask(&mut self, index: u32, mask: u32) -> GlResult<()> {
        // GL 4.6 §17.3.3: INVALID_VALUE if index is not below MAX_SAMPLE_MASK_WORDS.
        if index >= MAX_SAMPLE_MASK_WORDS {
            gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_MAX_SAMPLE_MASK_WORDS ({MAX_SAMPLE_MASK_WORDS})"
            );
        }
        self.raster.sample_mask = mask;
        Ok(())
    }

    /// MinSampleShading (GL 4.6 §14.3.5.1): clamped to [0, 1].
    pub fn min_sample_shading(&mut self, value: f32) {
        self.raster.min_sample_shading = clamp01(value as f64) as f32;
    }

    /// ClampColor (GL 4.6 §18.2.8).
    pub fn clamp_color(&mut self, target: u32, clamp: u32) -> GlResult<()> {
        one_of(target, &[GL_CLAMP_READ_COLOR], "target")?;
        self.raster.clamp_read_color = one_of(clamp, &[GL_TRUE, GL_FALSE, GL_FIXED_ONLY], "clamp")?;
        Ok(())
    }

    /// ProvokingVertex (GL 4.6 §13.4).
    pub fn provoking_vertex(&mut self, mode: u32) -> GlResult<()> {
        self.raster.provoking_vertex = one_of(
            mode,
            &[GL_FIRST_VERTEX_CONVENTION, GL_LAST_VERTEX_CONVENTION],
            "mode",
        )?;
        Ok(())
    }

    /// PatchParameteri (GL 4.6 §10.1.15).
    pub fn patch_parameter_i(&mut self, pname: u32, value: i32) -> GlResult<()> {
        one_of(pname, &[GL_PATCH_VERTICES], "pname")?;
        // GL 4.6 §10.1.15: INVALID_VALUE unless 0 < value <= MAX_PATCH_VERTICES.
        if value <= 0 || value > MAX_PATCH_VERTICES {
            gl_bail!(
                GL_INVALID_VALUE,
                "value = {value} is not in 1..=GL_MAX_PATCH_VERTICES ({MAX_PATCH_VERTICES})"
            );
        }
        self.raster.patch_vertices = value;
        Ok(())
    }

    /// PatchParameterfv (GL 4.6 §11.2.2): how many values `pname` takes, or the error.
    pub fn patch_parameter_len(pname: u32) -> GlResult<usize> {
        Ok(match pname {
            GL_PATCH_DEFAULT_OUTER_LEVEL => 4,
            GL_PATCH_DEFAULT_INNER_LEVEL => 2,
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a patch parameter with float values",
                Enum(pname)
            ),
        })
    }

    pub fn patch_parameter_f(&mut self, pname: u32, values: &[f32]) {
        let r = &mut self.raster;
        if pname == GL_PATCH_DEFAULT_OUTER_LEVEL {
            r.patch_outer.copy_from_slice(&values[..4]);
        } else {
            r.patch_inner.copy_from_slice(&values[..2]);
        }
    }

    /// The value of a state variable kept here (None for another pname).
    pub fn raster_value(&self, pname: u32) -> Option<Value> {
        let r = &self.raster;
        let int = |v: u32| Value::int(v as i64);
        let floats = |v: &[f32]| Value::Floats(v.iter().map(|&f| f as f64).collect());
        let b0 = &r.blend[0];
        let v0 = &r.viewports[0];
        Some(match pname {
            GL_VIEWPORT => floats(&v0.rect),
            GL_DEPTH_RANGE => Value::Normalized(v0.depth.to_vec()),
            GL_SCISSOR_BOX => Value::Ints(v0.scissor.iter().map(|&v| v as i64).collect()),
            GL_MAX_VIEWPORTS => Value::int(MAX_VIEWPORTS as i64),
            GL_MAX_VIEWPORT_DIMS => Value::Ints(vec![MAX_VIEWPORT_DIMS as i64; 2]),
            GL_VIEWPORT_BOUNDS_RANGE => floats(&VIEWPORT_BOUNDS),
            GL_VIEWPORT_SUBPIXEL_BITS => Value::int(0),
            GL_VIEWPORT_INDEX_PROVOKING_VERTEX | GL_LAYER_PROVOKING_VERTEX => {
                int(GL_UNDEFINED_VERTEX)
            }
            GL_MAX_CLIP_DISTANCES => Value::int(MAX_CLIP_DISTANCES as i64),
            GL_BLEND_COLOR => Value::Normalized(r.blend_color.iter().map(|&f| f as f64).collect()),
            GL_BLEND_SRC_RGB => int(b0.func[0]),
            GL_BLEND_DST_RGB => int(b0.func[1]),
            GL_BLEND_SRC_ALPHA => int(b0.func[2]),
            GL_BLEND_DST_ALPHA => int(b0.func[3]),
            GL_BLEND_EQUATION_RGB => int(b0.equation[0]),
            GL_BLEND_EQUATION_ALPHA => int(b0.equation[1]),
            GL_COLOR_WRITEMASK => Value::Bools(b0.color_mask.to_vec()),
            GL_DEPTH_FUNC => int(r.depth_func),
            GL_DEPTH_WRITEMASK => Value::Bools(vec![r.depth_mask]),
            GL_STENCIL_FUNC => int(r.stencil[0].func),
            GL_STENCIL_REF => Value::int(r.stencil[0].reference as i64),
            GL_STENCIL_VALUE_MASK => mask(r.stencil[0].value_mask),
            GL_STENCIL_FAIL => int(r.stencil[0].ops[0]),
            GL_STENCIL_PASS_DEPTH_FAIL => int(r.stencil[0].ops[1]),
            GL_STENCIL_PASS_DEPTH_PASS => int(r.stencil[0].ops[2]),
            GL_STENCIL_WRITEMASK => mask(r.stencil[0].write_mask),
            GL_STENCIL_BACK_FUNC => int(r.stencil[1].func),
            GL_STENCIL_BACK_REF => Value::int(r.stencil[1].reference as i64),
            GL_STENCIL_BACK_VALUE_MASK => mask(r.stencil[1].value_mask),
            GL_STENCIL_BACK_FAIL => int(r.stencil[1].ops[0]),
            GL_STENCIL_BACK_PASS_DEPTH_FAIL => int(r.stencil[1].ops[1]),
            GL_STENCIL_BACK_PASS_DEPTH_PASS => int(r.stencil[1].ops[2]),
            GL_STENCIL_BACK_WRITEMASK => mask(r.stencil[1].write_mask),
            GL_CULL_FACE_MODE => int(r.cull_face),
            GL_FRONT_FACE => int(r.front_face),
            GL_POLYGON_MODE => Value::Ints(vec![r.polygon_mode as i64; 2]),
            GL_POLYGON_OFFSET_FACTOR => floats(&r.polygon_offset[..1]),
            GL_POLYGON_OFFSET_UNITS => floats(&r.polygon_offset[1..2]),
            GL_POLYGON_OFFSET_CLAMP => floats(&r.polygon_offset[2..]),
            GL_CLIP_ORIGIN => int(r.clip_control[0]),
            GL_CLIP_DEPTH_MODE => int(r.clip_control[1]),
            GL_POINT_SIZE => floats(&[r.point_size]),
            GL_POINT_SIZE_RANGE => Value::Floats(POINT_SIZE_RANGE.to_vec()),
            GL_POINT_SIZE_GRANULARITY => Value::Floats(vec![0.125]),
            GL_POINT_FADE_THRESHOLD_SIZE => floats(&[r.point_fade_threshold]),
            GL_POINT_SPRITE_COORD_ORIGIN => int(r.point_sprite_origin),
            GL_LINE_WIDTH => floats(&[r.line_width]),
            GL_ALIASED_LINE_WIDTH_RANGE | GL_SMOOTH_LINE_WIDTH_RANGE => {
                Value::Floats(LINE_WIDTH_RANGE.to_vec())
            }
            GL_SMOOTH_LINE_WIDTH_GRANULARITY => Value::Floats(vec![0.125]),
            GL_LOGIC_OP_MODE => int(r.logic_op),
            GL_LINE_SMOOTH_HINT => int(r.hints[0]),
            GL_POLYGON_SMOOTH_HINT => int(r.hints[1]),
            GL_TEXTURE_COMPRESSION_HINT => int(r.hints[2]),
            GL_FRAGMENT_SHADER_DERIVATIVE_HINT => int(r.hints[3]),
            GL_SAMPLE_COVERAGE_VALUE => floats(&[r.sample_coverage.0]),
            GL_SAMPLE_COVERAGE_INVERT => Value::Bools(vec![r.sample_coverage.1]),
            GL_MIN_SAMPLE_SHADING_VALUE => floats(&[r.min_sample_shading]),
            GL_MAX_SAMPLE_MASK_WORDS => Value::int(MAX_SAMPLE_MASK_WORDS as i64),
            GL_CLAMP_READ_COLOR => int(r.clamp_read_color),
            GL_PRIMITIVE_RESTART_INDEX => Value::int(r.primitive_restart_index as i64),
            GL_PROVOKING_VERTEX => int(r.provoking_vertex),
            GL_PATCH_VERTICES => Value::int(r.patch_vertices as i64),
            GL_MAX_PATCH_VERTICES => Value::int(MAX_PATCH_VERTICES as i64),
            GL_PATCH_DEFAULT_OUTER_LEVEL => floats(&r.patch_outer),
            GL_PATCH_DEFAULT_INNER_LEVEL => floats(&r.patch_inner),
            p => Value::Bools(vec![self.raster_capability(p)?]),
        })
    }

    /// The value of an indexed state variable kept here (None for another pname).
    pub fn raster_value_indexed(&self, pname: u32, index: u32) -> Option<GlResult<Value>> {
        let r = &self.raster;
        let viewport = || viewport_range(index, 1, "viewport").map(|v| &r.viewports[v.start]);
        let blend = || draw_buffer(index).map(|i| &r.blend[i]);
        let int = |v: u32| Value::int(v as i64);
        Some(match pname {
            GL_VIEWPORT => {
                viewport().map(|v| Value::Floats(v.rect.iter().map(|&f| f as f64).collect()))
            }
            GL_DEPTH_RANGE => viewport().map(|v| Value::Normalized(v.depth.to_vec())),
            GL_SCISSOR_BOX => {
                viewport().map(|v| Value::Ints(v.scissor.iter().map(|&s| s as i64).collect()))
            }
            GL_SCISSOR_TEST => viewport().map(|v| Value::Bools(vec![v.scissor_test])),
            GL_BLEND => blend().map(|b| Value::Bools(vec![b.enabled])),
            GL_BLEND_SRC_RGB => blend().map(|b| int(b.func[0])),
            GL_BLEND_DST_RGB => blend().map(|b| int(b.func[1])),
            GL_BLEND_SRC_ALPHA => blend().map(|b| int(b.func[2])),
            GL_BLEND_DST_ALPHA => blend().map(|b| int(b.func[3])),
            GL_BLEND_EQUATION_RGB => blend().map(|b| int(b.equation[0])),
            GL_BLEND_EQUATION_ALPHA => blend().map(|b| int(b.equation[1])),
            GL_COLOR_WRITEMASK => blend().map(|b| Value::Bools(b.color_mask.to_vec())),
            GL_SAMPLE_MASK_VALUE => {
                if index >= MAX_SAMPLE_MASK_WORDS {
                    Err(crate::gl::error::GlError::new(
                        GL_INVALID_VALUE,
                        format!(
                            "index = {index} is not below GL_MAX_SAMPLE_MASK_WORDS ({MAX_SAMPLE_MASK_WORDS})"
                        ),
                    ))
                } else {
                    Ok(mask(r.sample_mask))
                }
            }
            _ => return None,
        })
    }
}
