//! Graphics stages (GLSL 4.60 §4.4.1-§4.5, §7.1): the built-in variables and constants
//! of vertex, tessellation, geometry and fragment shaders, their layout declarations
//! (`layout(triangles) in;`), and which built-in functions and statements each stage
//! may use (their inputs and outputs are in [`super::io`]). Graphics
//! shaders are checked into the IR and linked with their interfaces matched; they are
//! never compiled to native code (glcompute does not rasterise).

use crate::glsl::sema::qualifiers::Qualifiers;
use crate::glsl::sema::{Checker, Symbol};
use crate::ir::shader::Stage;
pub use crate::ir::stage_builtins::*;
use crate::ir::*;
use crate::limits;
use std::collections::HashSet;

/// The built-in constants of the graphics stages (GLSL 4.60 §7.3, with the values
/// the context reports: the GL 4.3 minimums of crate::limits::GRAPHICS_LIMITS, whose tests in state::query
/// compare the two).
pub const GRAPHICS_CONSTANTS: &[(&str, i32)] = &[
    ("gl_MaxVertexAttribs", limits::MAX_VERTEX_ATTRIBS),
    ("gl_MaxVertexUniformComponents", 1024),
    ("gl_MaxVertexUniformVectors", 256),
    ("gl_MaxVertexOutputComponents", 64),
    ("gl_MaxVaryingComponents", 60),
    ("gl_MaxVaryingVectors", 15),
    ("gl_MaxVertexTextureImageUnits", 16),
    ("gl_MaxVertexImageUniforms", 8),
    ("gl_MaxVertexAtomicCounters", 8),
    ("gl_MaxVertexAtomicCounterBuffers", 1),
    ("gl_MaxTessControlInputComponents", 128),
    ("gl_MaxTessControlOutputComponents", 128),
    ("gl_MaxTessControlTextureImageUnits", 16),
    ("gl_MaxTessControlUniformComponents", 1024),
    ("gl_MaxTessControlTotalOutputComponents", 4096),
    ("gl_MaxTessControlImageUniforms", 8),
    ("gl_MaxTessControlAtomicCounters", 8),
    ("gl_MaxTessControlAtomicCounterBuffers", 1),
    ("gl_MaxTessEvaluationInputComponents", 128),
    ("gl_MaxTessEvaluationOutputComponents", 128),
    ("gl_MaxTessEvaluationTextureImageUnits", 16),
    ("gl_MaxTessEvaluationUniformComponents", 1024),
    ("gl_MaxTessEvaluationImageUniforms", 8),
    ("gl_MaxTessEvaluationAtomicCounters", 8),
    ("gl_MaxTessEvaluationAtomicCounterBuffers", 1),
    ("gl_MaxTessPatchComponents", 120),
    ("gl_MaxPatchVertices", limits::MAX_PATCH_VERTICES),
    ("gl_MaxTessGenLevel", limits::MAX_TESS_GEN_LEVEL),
    ("gl_MaxGeometryInputComponents", 64),
    ("gl_MaxGeometryOutputComponents", 128),
    ("gl_MaxGeometryTextureImageUnits", 16),
    (
        "gl_MaxGeometryOutputVertices",
        limits::MAX_GEOMETRY_OUTPUT_VERTICES,
    ),
    ("gl_MaxGeometryTotalOutputComponents", 1024),
    ("gl_MaxGeometryUniformComponents", 1024),
    ("gl_MaxGeometryImageUniforms", 8),
    ("gl_MaxGeometryAtomicCounters", 8),
    ("gl_MaxGeometryAtomicCounterBuffers", 1),
    ("gl_MaxFragmentInputComponents", 128),
    ("gl_MaxFragmentUniformComponents", 1024),
    ("gl_MaxFragmentUniformVectors", 256),
    ("gl_MaxFragmentImageUniforms", 8),
    ("gl_MaxFragmentAtomicCounters", 8),
    ("gl_MaxFragmentAtomicCounterBuffers", 1),
    ("gl_MaxDrawBuffers", limits::MAX_DRAW_BUFFERS as i32),
    ("gl_MaxClipDistances", limits::MAX_CLIP_DISTANCES as i32),
    ("gl_MaxViewports", limits::MAX_VIEWPORTS as i32),
    ("gl_MinProgramTexelOffset", -8),
    ("gl_MaxProgramTexelOffset", 7),
];

/// The built-in constants GLSL 4.40 and 4.50 add, in every stage: (name, the version
/// that adds it, the extension that adds it to earlier versions, the value the context
/// reports for the matching limit).
pub const VERSIONED_CONSTANTS: &[(&str, u16, Option<&str>, i32)] = &[
    (
        "gl_MaxTransformFeedbackBuffers",
        440,
        Some("GL_ARB_enhanced_layouts"),
        limits::MAX_TRANSFORM_FEEDBACK_BUFFERS,
    ),
    (
        "gl_MaxTransformFeedbackInterleavedComponents",
        440,
        Some("GL_ARB_enhanced_layouts"),
        limits::MAX_XFB_INTERLEAVED_COMPONENTS as i32,
    ),
    (
        "gl_MaxCombinedShaderOutputResources",
        440,
        None,
        limits::MAX_COMBINED_SHADER_OUTPUT_RESOURCES,
    ),
    (
        "gl_MaxCullDistances",
        450,
        Some("GL_ARB_cull_distance"),
        limits::MAX_CULL_DISTANCES as i32,
    ),
    (
        "gl_MaxCombinedClipAndCullDistances",
        450,
        Some("GL_ARB_cull_distance"),
        limits::MAX_COMBINED_CLIP_AND_CULL_DISTANCES as i32,
    ),
    (
        "gl_MaxSamples",
        450,
        Some("GL_ARB_ES3_1_compatibility"),
        limits::MAX_SAMPLES as i32,
    ),
];

/// Vertices of a geometry shader's input primitive (GLSL 4.60 §4.4.1.2).
pub fn primitive_vertices(p: &str) -> u32 {
    match p {
        "points" => 1,
        "lines" => 2,
        "lines_adjacency" => 4,
        "triangles" => 3,
        _ => 6,
    }
}

/// The `blend_support_*` layout qualifiers of GLSL ES 3.20 (KHR_blend_equation_advanced).
const BLEND_SUPPORT: [&str; 16] = [
    "blend_support_multiply",
    "blend_support_screen",
    "blend_support_overlay",
    "blend_support_darken",
    "blend_support_lighten",
    "blend_support_colordodge",
    "blend_support_colorburn",
    "blend_support_hardlight",
    "blend_support_softlight",
    "blend_support_difference",
    "blend_support_exclusion",
    "blend_support_hsl_hue",
    "blend_support_hsl_saturation",
    "blend_support_hsl_color",
    "blend_support_hsl_luminosity",
    "blend_support_all_equations",
];

/// Names of the layout qualifiers that select one value of a stage layout.
const GEOMETRY_IN: [&str; 5] = [
    "points",
    "lines",
    "lines_adjacency",
    "triangles",
    "triangles_adjacency",
];
const GEOMETRY_OUT: [&str; 3] = ["points", "line_strip", "triangle_strip"];
const TESS_MODES: [&str; 3] = ["triangles", "quads", "isolines"];
const TESS_SPACING: [&str; 3] = [
    "equal_spacing",
    "fractional_even_spacing",
    "fractional_odd_spacing",
];
const TESS_ORDER: [&str; 2] = ["cw", "ccw"];

impl Checker<'_> {
    /// The GLSL version a graphics stage needs: geometry shaders are GLSL 1.50,
    /// tessellation shaders GLSL 4.00 (GLSL 4.60 §1.1).
    pub(super) fn stage_enabled(&mut self) -> bool {
        let need = match self.stage {
            Stage::Geometry => 150,
            Stage::TessControl | Stage::TessEvaluation => 400,
            _ => return true,
        };
        // GLSL ES 3.20 §1.1: geometry and tessellation shaders are GLSL ES 3.20's (GLSL
        // ES 3.10 has them through GL_EXT/OES_geometry_shader and
        // GL_EXT/OES_tessellation_shader, which glcompute does not announce).
        let exts: [&str; 2] = if self.stage == Stage::Geometry {
            ["GL_EXT_geometry_shader", "GL_OES_geometry_shader"]
        } else {
            ["GL_EXT_tessellation_shader", "GL_OES_tessellation_shader"]
        };
        let problem = match self.m.es_version {
            Some(v) if v < 320 && !exts.iter().any(|e| self.ext(e)) => Some(format!(
                "{} shaders require GLSL ES 3.20; the shader is GLSL ES {}.{:02}",
                self.stage.name(),
                v / 100,
                v % 100
            )),
            _ if self.version < need => Some(format!(
                "{} shaders require GLSL {}.{:02}; the shader is GLSL {}.{:02}",
                self.stage.name(),
                need / 100,
                need % 100,
                self.version / 100,
                self.version % 100
            )),
            _ => None,
        };
        if let Some(message) = problem {
            let at = Span {
                source: 0,
                line: 1,
                col: 1,
            };
            self.error(at, message);
            return false;
        }
        true
    }

    /// Whether a type is, or contains, a type `pred` accepts (worklist: no recursion
    /// over the source's nesting).
    pub fn type_contains(&self, ty: TypeId, pred: impl Fn(&Type) -> bool) -> bool {
        let mut work = vec![ty];
        let mut seen = HashSet::new();
        while let Some(t) = work.pop() {
            if !seen.insert(t) {
                continue;
            }
            let tt = self.m.types.get(t);
            if pred(tt) {
                return true;
            }
            match tt {
                Type::Array(e, _) => work.push(*e),
                Type::Struct(s) => {
                    work.extend(self.m.types.struct_def(*s).members.iter().map(|m| m.ty))
                }
                _ => {}
            }
        }
        false
    }

    /// `layout(triangles) in;`, `layout(max_vertices = 3) out;` and the like in a
    /// graphics stage (GLSL 4.60 §4.4.1.2-§4.4.2.2).
    pub(super) fn stage_layout_declaration(&mut self, q: &Qualifiers, input: bool) {
        let stage = self.stage;
        let dir = if input { "input" } else { "output" };
        // GLSL 4.60 §4.4.1.2: one primitive (mode, spacing, order) per declaration.
        for list in [
            &GEOMETRY_IN[..],
            &GEOMETRY_OUT,
            &TESS_MODES,
            &TESS_SPACING,
            &TESS_ORDER,
        ] {
            let n = q
                .layout
                .iter()
                .filter(|l| list.contains(&l.name.as_str()))
                .count();
            if n > 1 {
                self.error(
                    q.span,
                    format!("a layout declaration names {n} of {}", list.join(", ")),
                );
            }
        }
        let xfb = !input
            && matches!(
                stage,
                Stage::Vertex | Stage::TessControl | Stage::TessEvaluation | Stage::Geometry
            );
        if xfb {
            self.xfb_default(q);
        }
        for l in &q.layout {
            let name = l.name.as_str();
            if xfb && matches!(name, "xfb_buffer" | "xfb_stride") {
                continue;
            }
            let pick = |list: &[&'static str]| list.iter().copied().find(|n| *n == name);
            let value = |c: &mut Self, lo: i64, hi: i64| -> Option<u32> {
                match l.value {
                    Some(v) if (lo..=hi).contains(&v) => Some(v as u32),
                    Some(v) => {
                        c.error(l.span, format!("{name} = {v} is outside {lo}..{hi}"));
                        None
                    }
                    None => {
                        if !l.bad_value {
                            c.error(l.span, format!("`{name}' needs an integer value"));
                        }
                        None
                    }
                }
            };
            match (stage, input) {
                (Stage::Geometry, true) if pick(&GEOMETRY_IN).is_some() => {
                    let p = pick(&GEOMETRY_IN);
                    self.set_layout(l.span, "input primitive", |s| &mut s.input_primitive, p);
                }
                (Stage::Geometry, true) if name == "invocations" => {
                    let v = value(self, 1, limits::MAX_GEOMETRY_SHADER_INVOCATIONS as i64);
                    self.set_layout(l.span, "invocations", |s| &mut s.invocations, v);
                }
                (Stage::Geometry, false) if pick(&GEOMETRY_OUT).is_some() => {
                    let p = pick(&GEOMETRY_OUT);
                    self.set_layout(l.span, "output primitive", |s| &mut s.output_primitive, p);
                }
                (Stage::Geometry, false) if name == "max_vertices" => {
                    let v = value(self, 0, limits::MAX_GEOMETRY_OUTPUT_VERTICES as i64);
                    self.set_layout(l.span, "max_vertices", |s| &mut s.max_vertices, v);
                }
                (Stage::Geometry, false) if name == "stream" => {
                    value(self, 0, limits::MAX_VERTEX_STREAMS as i64 - 1);
                }
                (Stage::TessControl, false) if name == "vertices" => {
                    let v = value(self, 1, limits::MAX_PATCH_VERTICES as i64);
                    self.set_layout(l.span, "vertices", |s| &mut s.patch_vertices, v);
                }
                (Stage::TessEvaluation, true) if pick(&TESS_MODES).is_some() => {
                    let p = pick(&TESS_MODES);
                    self.set_layout(l.span, "primitive mode", |s| &mut s.tess_mode, p);
                }
                (Stage::TessEvaluation, true) if pick(&TESS_SPACING).is_some() => {
                    let p = pick(&TESS_SPACING);
                    self.set_layout(l.span, "vertex spacing", |s| &mut s.tess_spacing, p);
                }
                (Stage::TessEvaluation, true) if pick(&TESS_ORDER).is_some() => {
                    let p = pick(&TESS_ORDER);
                    self.set_layout(l.span, "vertex order", |s| &mut s.tess_order, p);
                }
                (Stage::TessEvaluation, true) if name == "point_mode" => {
                    self.m.stage_layout.point_mode = true;
                }
                (Stage::Fragment, true) if name == "early_fragment_tests" => {
                    self.m.stage_layout.early_fragment_tests = true;
                }
                // GLSL ES 3.20 (from KHR_blend_equation_advanced): the advanced
                // blend equations the fragment shader's outputs are used with; nothing
                // is drawn, so they only need to be valid.
                (Stage::Fragment, false)
                    if self.m.es_version.is_some_and(|v| v >= 320)
                        && BLEND_SUPPORT.contains(&name) => {}
                _ if name.starts_with("local_size") => self.error(
                    l.span,
                    format!(
                        "`{name}' is for compute shaders; this is a {} shader",
                        stage.name()
                    ),
                ),
                _ => self.error(
                    l.span,
                    format!(
                        "layout qualifier `{name}' is not allowed on {} shader {dir} declarations",
                        stage.name()
                    ),
                ),
            }
        }
        if q.layout.is_empty() {
            self.error(
                q.span,
                format!("an {dir} declaration without a variable needs a layout qualifier"),
            );
        }
    }

    /// Sets one stage layout value; a different value declared before is an error
    /// (GLSL 4.60 §4.4.1.2: all declarations must agree).
    fn set_layout<T: PartialEq + Copy + std::fmt::Debug>(
        &mut self,
        span: Span,
        what: &str,
        field: impl Fn(&mut StageLayout) -> &mut Option<T>,
        value: Option<T>,
    ) {
        let Some(v) = value else { return };
        let slot = field(&mut self.m.stage_layout);
        match *slot {
            Some(old) if old != v => {
                self.error(
                    span,
                    format!("conflicting {what} declarations ({old:?} and {v:?})"),
                );
            }
            _ => *slot = Some(v),
        }
    }

    /// The IR type of a built-in variable.
    pub fn builtin_type(&mut self, t: BTy, output: bool) -> TypeId {
        let f = self.m.types.scalar(Scalar::Float);
        let i = self.m.types.scalar(Scalar::Int);
        match t {
            BTy::Int => i,
            BTy::Float => f,
            BTy::Bool => self.m.types.scalar(Scalar::Bool),
            BTy::Vec(n) => self.m.types.vector(Scalar::Float, n),
            BTy::FloatArray(n) => self.m.types.array(f, Some(n)),
            BTy::IntArray(n) => self.m.types.array(i, Some(n)),
            BTy::Vec4Array(n) => {
                let v = self.m.types.vector(Scalar::Float, 4);
                self.m.types.array(v, Some(n))
            }
            BTy::PerVertex => {
                let s = self.per_vertex_struct();
                let n = self.per_vertex_size(output);
                self.m.types.array(s, Some(n))
            }
        }
    }

    /// The global of a built-in input or output, created on first use.
    pub fn builtin_global(&mut self, name: &str, b: BVar) -> GlobalId {
        if let Some(i) = self
            .m
            .globals
            .iter()
            .position(|g| g.name == name && g.io.as_ref().is_some_and(|io| io.builtin))
        {
            return GlobalId(i as u32);
        }
        let ty = self.builtin_type(b.ty, b.output);
        let io = IoQualifiers {
            builtin: true,
            patch: b.patch,
            per_vertex: matches!(b.ty, BTy::PerVertex),
            interpolation: if matches!(b.ty, BTy::Int | BTy::IntArray(_)) {
                Interpolation::Flat
            } else {
                Interpolation::Smooth
            },
            ..IoQualifiers::default()
        };
        self.push_io(
            name,
            ty,
            b.output,
            None,
            io,
            MemoryQualifiers::default(),
            Span::default(),
            false,
        )
    }

    /// Whether the shader's version (and extensions) declare the graphics built-in
    /// `name` (of those added after GLSL 1.10).
    pub(super) fn builtin_declared(&self, name: &str) -> bool {
        match name {
            "gl_ClipDistance" => self.version >= 130,
            // GLSL ES 3.20 only (desktop GLSL has no bounding box).
            "gl_BoundingBox" => self.m.es_version.is_some_and(|v| v >= 320),
            "gl_CullDistance" => self.version >= 450 || self.ext("GL_ARB_cull_distance"),
            "gl_BaseVertex" | "gl_BaseInstance" | "gl_DrawID" => self.version >= 460,
            "gl_BaseVertexARB" | "gl_BaseInstanceARB" | "gl_DrawIDARB" => {
                self.ext("GL_ARB_shader_draw_parameters")
            }
            // GLSL ES 3.10 has it too; ARB_ES3_1_compatibility brings it to desktop GLSL.
            "gl_HelperInvocation" => {
                self.version >= 450
                    || (self.es && self.version >= 430)
                    || self.ext("GL_ARB_ES3_1_compatibility")
            }
            _ => true,
        }
    }

    /// A built-in variable of a graphics stage, or None if `name` is not one.
    pub(super) fn stage_builtin_variable(&mut self, name: &str, span: Span) -> Option<ExprId> {
        let Some(b) = stage_builtin(self.stage, name) else {
            return self.compat_variable(name, span);
        };
        // GLSL 1.30 added gl_ClipDistance; GLSL 4.50 (GL_ARB_cull_distance)
        // gl_CullDistance and gl_HelperInvocation.
        if !self.builtin_declared(name) {
            return None;
        }
        if let Some(d) = per_vertex_dir(self.stage, name, b.output) {
            let pv = &mut self.per_vertex_use[d];
            pv.used = true;
            if let Some(members) = &pv.redeclared
                && PER_VERTEX.contains(&name)
                && !members.iter().any(|m| m == name)
            {
                self.error(
                    span,
                    format!("`{name}' is not a member of the redeclared gl_PerVertex block"),
                );
                return None;
            }
        }
        let g = self.builtin_global(name, b);
        self.m.globals[g.0 as usize].used = true;
        let ty = self.m.globals[g.0 as usize].ty;
        Some(self.add(ExprKind::Global(g), ty, span))
    }

    /// `invariant name;` (GLSL 4.60 §4.8.1): `name` is an output of this stage.
    pub(super) fn invariant_declaration(&mut self, name: &str, span: Span) {
        let is_output = match self.lookup(name) {
            Some(Symbol::Global(g)) => self.m.global(*g).storage == Storage::Output,
            Some(Symbol::BlockMember(g, _)) => self.m.global(*g).storage == Storage::Output,
            _ => stage_builtin(self.stage, name).is_some_and(|b| b.output),
        };
        // Before GLSL 4.20 fragment shader inputs could be invariant too.
        let fragment_input = self.stage == Stage::Fragment
            && self.version < 420
            && matches!(self.lookup(name), Some(Symbol::Global(g)) if self.m.global(*g).storage == Storage::Input);
        let is_output = is_output || fragment_input;
        if !is_output {
            self.error(span, format!("`invariant' applies to shader outputs; `{name}' is not an output of this {} shader", self.stage.name()));
        }
    }

    /// GLSL 1.30 §7.2: a fragment shader writes gl_FragColor, gl_FragData or its own
    /// outputs, not two of them (checked at the end of the shader).
    pub(super) fn check_fragment_outputs(&mut self) {
        if self.stage != Stage::Fragment {
            return;
        }
        let used = |c: &Self, f: &dyn Fn(&Global) -> bool| {
            c.m.globals
                .iter()
                .any(|g| g.storage == Storage::Output && g.used && f(g))
        };
        let color = used(self, &|g| g.name == "gl_FragColor");
        let data = used(self, &|g| g.name == "gl_FragData");
        let user = used(self, &|g| !g.io.as_ref().is_some_and(|io| io.builtin));
        if (color as u8 + data as u8 + user as u8) > 1 {
            self.error(
                Span {
                    source: 0,
                    line: 1,
                    col: 1,
                },
                "a fragment shader writes only one of gl_FragColor, gl_FragData and its own outputs",
            );
        }
    }

    /// Stage rules of a built-in function call (GLSL 4.60 §8.13-§8.16), and §8.9's for
    /// an overload that takes a bias (`bias`): the bias parameter is accepted in
    /// fragment shaders only (GL_NV_compute_shader_derivatives adds compute shaders).
    pub(super) fn check_builtin_stage(&mut self, name: &str, fun: Builtin, span: Span, bias: bool) {
        use Builtin::*;
        if bias && self.stage != Stage::Fragment && !self.compute_derivatives_enabled() {
            self.error(
                span,
                format!(
                    "`{name}' with a bias is only available in fragment shaders (and compute shaders with GL_NV_compute_shader_derivatives)"
                ),
            );
            return;
        }
        // GLSL 4.60 §8.9.1: textureQueryLod is a fragment-shader function; the
        // extension's §8.9.1 adds compute shaders.
        if fun == TextureQueryLod
            && self.stage != Stage::Fragment
            && !self.compute_derivatives_enabled()
        {
            self.error(
                span,
                format!(
                    "`{name}' is only available in fragment shaders (and compute shaders with GL_NV_compute_shader_derivatives)"
                ),
            );
            return;
        }
        if let Some(stage) = fun.only_in_stage()
            && self.stage.name() != stage
            && !(fun.is_derivative() && self.compute_derivatives_enabled())
        {
            self.error(
                span,
                format!("`{name}' is only available in {stage} shaders"),
            );
            return;
        }
        match fun {
            Barrier => match self.stage {
                Stage::Compute => {}
                // GLSL 4.60 §8.16: in a tessellation control shader, only directly in
                // main, outside control flow and before any return.
                Stage::TessControl => {
                    let in_main = self.func().name == "main";
                    if !in_main || self.fr().stack.len() > 1 || self.fr().loops > 0 || self.fr().switches > 0 {
                        self.error(
                            span,
                            "barrier() in a tessellation control shader may only be called directly in main(), outside control flow",
                        );
                    }
                }
                s => self.error(
                    span,
                    format!("barrier() is only available in compute and tessellation control shaders, not {} shaders", s.name()),
                ),
            },
            MemoryBarrierShared | GroupMemoryBarrier if self.stage != Stage::Compute => self.error(
                span,
                format!("`{name}' is only available in compute shaders"),
            ),
            _ => {}
        }
    }
}
