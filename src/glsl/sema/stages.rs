//! Graphics stages (GLSL 4.60 §4.3.4-§4.5, §4.4.1-§4.4.2, §7.1): the inputs and
//! outputs of vertex, tessellation, geometry and fragment shaders, their interface
//! blocks, the stage's built-in variables, its layout declarations (`layout(triangles)
//! in;`), and which built-in functions and statements each stage may use. Graphics
//! shaders are checked into the IR and linked with their interfaces matched; they are
//! never compiled to native code (glcompute does not rasterise).

use crate::glsl::sema::qualifiers::{Qualifiers, StorageQ};
use crate::glsl::sema::{Checker, Symbol};
use crate::ir::shader::Stage;
use crate::ir::*;
use crate::limits;
use glsl_lang::ast;
use std::collections::HashSet;

/// The type of a stage built-in variable.
#[derive(Clone, Copy)]
enum BTy {
    Int,
    Float,
    Bool,
    Vec(u8),
    FloatArray(u32),
    IntArray(u32),
    /// `gl_PerVertex` structs, one per vertex of the primitive or patch.
    PerVertex,
}

/// Where a built-in variable comes from: its direction and qualifiers.
#[derive(Clone, Copy)]
struct BVar {
    output: bool,
    ty: BTy,
    patch: bool,
}

const fn input(ty: BTy) -> Option<BVar> {
    Some(BVar {
        output: false,
        ty,
        patch: false,
    })
}

const fn output(ty: BTy) -> Option<BVar> {
    Some(BVar {
        output: true,
        ty,
        patch: false,
    })
}

const CLIP: BTy = BTy::FloatArray(limits::MAX_CLIP_DISTANCES);

/// GLSL 4.60 §7.1 (the variables GLSL 4.30 has): the built-in inputs and outputs of
/// each graphics stage.
fn stage_builtin(stage: Stage, name: &str) -> Option<BVar> {
    use Stage::*;
    let per_vertex_out = matches!(stage, Vertex | TessEvaluation | Geometry);
    match (stage, name) {
        (Vertex, "gl_VertexID" | "gl_InstanceID") => input(BTy::Int),
        (_, "gl_Position") if per_vertex_out => output(BTy::Vec(4)),
        (_, "gl_PointSize") if per_vertex_out => output(BTy::Float),
        (_, "gl_ClipDistance") if per_vertex_out => output(CLIP),
        (TessControl | TessEvaluation | Geometry, "gl_in") => input(BTy::PerVertex),
        (TessControl, "gl_out") => output(BTy::PerVertex),
        (TessControl | TessEvaluation, "gl_PatchVerticesIn" | "gl_PrimitiveID") => input(BTy::Int),
        (TessControl | Geometry, "gl_InvocationID") => input(BTy::Int),
        (TessControl, "gl_TessLevelOuter") => Some(BVar {
            output: true,
            ty: BTy::FloatArray(4),
            patch: true,
        }),
        (TessControl, "gl_TessLevelInner") => Some(BVar {
            output: true,
            ty: BTy::FloatArray(2),
            patch: true,
        }),
        (TessEvaluation, "gl_TessLevelOuter") => Some(BVar {
            output: false,
            ty: BTy::FloatArray(4),
            patch: true,
        }),
        (TessEvaluation, "gl_TessLevelInner") => Some(BVar {
            output: false,
            ty: BTy::FloatArray(2),
            patch: true,
        }),
        (TessEvaluation, "gl_TessCoord") => input(BTy::Vec(3)),
        (Geometry, "gl_PrimitiveIDIn") => input(BTy::Int),
        (Geometry, "gl_PrimitiveID" | "gl_Layer" | "gl_ViewportIndex") => output(BTy::Int),
        (Fragment, "gl_FragCoord") => input(BTy::Vec(4)),
        (Fragment, "gl_FrontFacing") => input(BTy::Bool),
        (Fragment, "gl_ClipDistance") => input(CLIP),
        (Fragment, "gl_PointCoord" | "gl_SamplePosition") => input(BTy::Vec(2)),
        (Fragment, "gl_PrimitiveID" | "gl_SampleID" | "gl_Layer" | "gl_ViewportIndex") => {
            input(BTy::Int)
        }
        (Fragment, "gl_SampleMaskIn") => input(BTy::IntArray(1)),
        (Fragment, "gl_FragDepth") => output(BTy::Float),
        (Fragment, "gl_SampleMask") => output(BTy::IntArray(1)),
        _ => None,
    }
}

/// Members of the built-in `gl_PerVertex` block (GLSL 4.30).
const PER_VERTEX: [&str; 3] = ["gl_Position", "gl_PointSize", "gl_ClipDistance"];

/// The direction (0 input, 1 output) whose gl_PerVertex block a built-in belongs to.
fn per_vertex_dir(stage: Stage, name: &str, output: bool) -> Option<usize> {
    match name {
        "gl_in" => Some(0),
        "gl_out" => Some(1),
        _ if PER_VERTEX.contains(&name) && output && stage != Stage::Fragment => Some(1),
        _ => None,
    }
}

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
        if self.version < need {
            self.error(
                Span {
                    source: 0,
                    line: 1,
                    col: 1,
                },
                format!(
                    "{} shaders require GLSL {}.{:02}; the shader is GLSL {}.{:02}",
                    self.stage.name(),
                    need / 100,
                    need % 100,
                    self.version / 100,
                    self.version % 100
                ),
            );
            return false;
        }
        true
    }

    /// Whether a type is, or contains, a type `pred` accepts (worklist: no recursion
    /// over the source's nesting).
    fn type_contains(&self, ty: TypeId, pred: impl Fn(&Type) -> bool) -> bool {
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
        for l in &q.layout {
            let name = l.name.as_str();
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

    /// Whether inputs (or outputs) of this stage are arrays over the vertices of a
    /// primitive or patch (GLSL 4.60 §4.3.4, §4.3.6), unless `patch`.
    fn per_vertex(&self, output: bool) -> bool {
        match self.stage {
            Stage::Geometry | Stage::TessEvaluation => !output,
            Stage::TessControl => true,
            _ => false,
        }
    }

    /// The size an unsized per-vertex array takes: the geometry input primitive's
    /// vertices, the tessellation control output patch's, else gl_MaxPatchVertices (a
    /// geometry shader's primitive declared later sizes it at most 6).
    fn per_vertex_size(&self, output: bool) -> u32 {
        let l = &self.m.stage_layout;
        match self.stage {
            Stage::Geometry => l.input_primitive.map_or(6, primitive_vertices),
            Stage::TessControl if output => l
                .patch_vertices
                .unwrap_or(limits::MAX_PATCH_VERTICES as u32),
            _ => limits::MAX_PATCH_VERTICES as u32,
        }
    }

    /// The per-vertex array of `elem` for a declaration `t` that is (or should be) an
    /// array: an unsized one takes the stage's size; a sized geometry input must match
    /// its primitive.
    fn per_vertex_type(
        &mut self,
        t: TypeId,
        output: bool,
        what: &str,
        span: Span,
    ) -> Option<TypeId> {
        match self.m.types.get(t).clone() {
            Type::Array(e, None) => {
                let n = self.per_vertex_size(output);
                Some(self.m.types.array(e, Some(n)))
            }
            Type::Array(_, Some(n)) => {
                if self.stage == Stage::Geometry
                    && let Some(p) = self.m.stage_layout.input_primitive
                    && primitive_vertices(p) != n
                {
                    self.error(
                        span,
                        format!(
                            "{what} has {n} elements, but the input primitive `{p}' has {} vertices",
                            primitive_vertices(p)
                        ),
                    );
                }
                Some(t)
            }
            _ => {
                self.error(
                    span,
                    format!(
                        "{what}: {} shader {} must be arrays (one element per vertex)",
                        self.stage.name(),
                        if output { "outputs" } else { "inputs" }
                    ),
                );
                None
            }
        }
    }

    /// The interpolation and auxiliary qualifiers of an input or output, checked for
    /// the stage and direction.
    fn io_qualifiers(&mut self, q: &Qualifiers, output: bool, span: Span) -> IoQualifiers {
        let mut io = IoQualifiers::default();
        if let Some((i, _)) = q.interpolation {
            io.interpolation = i;
        }
        io.centroid = q.has(StorageQ::Other("centroid"));
        io.sample = q.has(StorageQ::Other("sample"));
        io.patch = q.has(StorageQ::Other("patch"));
        let vertex_in = self.stage == Stage::Vertex && !output;
        let fragment_out = self.stage == Stage::Fragment && output;
        if (vertex_in || fragment_out)
            && (q.interpolation.is_some() || io.centroid || io.sample || io.patch)
        {
            self.error(
                span,
                format!(
                    "interpolation and auxiliary qualifiers cannot be used on {}",
                    if vertex_in {
                        "vertex shader inputs"
                    } else {
                        "fragment shader outputs"
                    }
                ),
            );
        }
        if io.patch
            && !matches!(
                (self.stage, output),
                (Stage::TessControl, true) | (Stage::TessEvaluation, false)
            )
        {
            self.error(
                span,
                "`patch' applies to tessellation control outputs and tessellation evaluation inputs only",
            );
        }
        io.per_vertex = self.per_vertex(output) && !io.patch;
        io
    }

    /// The `location` (and for fragment outputs `index`) layout of an input or output.
    fn io_layout(&mut self, q: &Qualifiers, output: bool, io: &mut IoQualifiers) -> Option<i32> {
        let mut location = None;
        for l in &q.layout {
            match l.name.as_str() {
                "location" => match l.value {
                    Some(v) if (0..=i32::MAX as i64).contains(&v) => location = Some(v as i32),
                    _ => self.error(l.span, "location must be a non-negative integral constant"),
                },
                "index" if self.stage == Stage::Fragment && output => match l.value {
                    Some(v @ 0..=1) => io.index = Some(v as u32),
                    _ => self.error(l.span, "index must be 0 or 1"),
                },
                "stream" if self.stage == Stage::Geometry && output => {}
                other => self.error(
                    l.span,
                    format!(
                        "layout qualifier `{other}' is not allowed on a shader input or output"
                    ),
                ),
            }
        }
        location
    }

    /// A global `in` or `out` variable of a graphics stage (also `attribute` and
    /// `varying` of GLSL before 1.40).
    pub(super) fn io_variable(
        &mut self,
        q: &Qualifiers,
        output: bool,
        name: &str,
        ty: TypeId,
        has_init: bool,
        span: Span,
    ) {
        if name.starts_with("gl_") {
            self.redeclare_builtin(q, output, name, ty, span);
            return;
        }
        if has_init {
            self.error(
                span,
                format!(
                    "shader {} `{name}' cannot have an initializer",
                    if output { "output" } else { "input" }
                ),
            );
            return;
        }
        // GLSL 1.30 made `in' and `out' storage qualifiers of globals (before, the
        // words are reserved and `attribute'/`varying' are used).
        if self.version < 130
            && q.storage
                .iter()
                .any(|s| matches!(s.0, StorageQ::In | StorageQ::Out))
        {
            self.error(
                span,
                "`in' and `out' qualify global variables from GLSL 1.30 on; use `attribute' or `varying'",
            );
            return;
        }
        let mut io = self.io_qualifiers(q, output, span);
        let location = self.io_layout(q, output, &mut io);
        let what = format!("`{name}'");
        // GLSL 1.50 §4.3.4: inputs and outputs may be structures from GLSL 1.50 on.
        if self.version < 150 && self.type_contains(ty, |t| matches!(t, Type::Struct(_))) {
            self.error(
                span,
                format!("{what}: shader inputs and outputs cannot be structures before GLSL 1.50"),
            );
            return;
        }
        let stage = self.stage;
        let kind = if output { "output" } else { "input" };
        // GLSL 4.60 §4.3.4, §4.3.6: no booleans or opaque types; vertex inputs and
        // fragment outputs are no structures; fragment outputs are float or integer
        // scalars and vectors (or arrays of them).
        if self.type_contains(ty, |t| {
            matches!(
                t,
                Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _)
            )
        }) {
            self.error(span, format!("{what}: shader {kind}s cannot be booleans"));
            return;
        }
        if self.m.types.is_opaque(ty) {
            self.error(
                span,
                format!("{what}: shader {kind}s cannot have opaque types"),
            );
            return;
        }
        let is_struct = |t: &Type| matches!(t, Type::Struct(_));
        let vertex_in_or_fragment_out =
            (stage == Stage::Vertex && !output) || (stage == Stage::Fragment && output);
        if vertex_in_or_fragment_out && self.type_contains(ty, is_struct) {
            self.error(
                span,
                format!(
                    "{what}: {} shader {kind}s cannot be structures",
                    stage.name()
                ),
            );
            return;
        }
        if stage == Stage::Fragment
            && output
            && self.type_contains(ty, |t| {
                matches!(
                    t,
                    Type::Matrix { .. }
                        | Type::Scalar(Scalar::Double)
                        | Type::Vector(Scalar::Double, _)
                )
            })
        {
            self.error(
                span,
                format!(
                    "{what}: fragment shader outputs are float, int or uint scalars or vectors"
                ),
            );
            return;
        }
        // GLSL 4.60 §4.5: integer and double fragment inputs must be flat.
        if stage == Stage::Fragment
            && !output
            && io.interpolation != Interpolation::Flat
            && self.type_contains(ty, |t| {
                matches!(
                    t,
                    Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix { scalar: s, .. }
                        if matches!(s, Scalar::Int | Scalar::Uint | Scalar::Double | Scalar::Int64 | Scalar::Uint64)
                )
            })
        {
            self.error(
                span,
                format!("{what}: integer and double fragment shader inputs must be qualified `flat'"),
            );
        }
        let ty = if io.per_vertex {
            match self.per_vertex_type(ty, output, &what, span) {
                Some(t) => t,
                None => return,
            }
        } else if self.m.types.is_unsized(ty) {
            self.error(span, format!("{what}: array needs a size"));
            return;
        } else {
            ty
        };
        self.push_io(name, ty, output, location, io, q.memory, span, true);
    }

    /// Adds an input or output global (declared under `name` when `declare`).
    #[allow(clippy::too_many_arguments)]
    fn push_io(
        &mut self,
        name: &str,
        ty: TypeId,
        output: bool,
        location: Option<i32>,
        io: IoQualifiers,
        memory: MemoryQualifiers,
        span: Span,
        declare: bool,
    ) -> GlobalId {
        let id = GlobalId(self.m.globals.len() as u32);
        self.m.globals.push(Global {
            name: name.to_string(),
            ty,
            storage: if output {
                Storage::Output
            } else {
                Storage::Input
            },
            binding: None,
            location,
            offset: None,
            format: None,
            memory,
            init: None,
            span,
            used: false,
            io: Some(Box::new(io)),
        });
        if declare {
            self.declare(name, Symbol::Global(id), span);
        }
        id
    }

    /// A redeclared built-in input or output (`out float gl_ClipDistance[4];`,
    /// `layout(origin_upper_left) in vec4 gl_FragCoord;`): allowed for the stage's own
    /// built-ins with their type; the built-in stays what the stage declares.
    fn redeclare_builtin(
        &mut self,
        q: &Qualifiers,
        output: bool,
        name: &str,
        ty: TypeId,
        span: Span,
    ) {
        if name == "gl_ClipDistance" && self.version < 130 {
            self.error(span, "gl_ClipDistance is available from GLSL 1.30 on");
            return;
        }
        // The compatibility profile's varyings may be redeclared (with interpolation
        // qualifiers, GLSL 1.30 §4.3.7; gl_TexCoord with a size, GLSL 1.10 §7.6).
        if self.redeclare_compat(name, output, ty, span) {
            return;
        }
        let Some(b) = stage_builtin(self.stage, name).filter(|b| b.output == output) else {
            self.error(
                span,
                format!(
                    "`{name}' is not a built-in {} of {} shaders that can be redeclared",
                    if output { "output" } else { "input" },
                    self.stage.name()
                ),
            );
            return;
        };
        if let Some(d) = per_vertex_dir(self.stage, name, output) {
            if self.per_vertex_use[d].redeclared.is_some() {
                self.error(
                    span,
                    format!("`{name}' cannot be redeclared after gl_PerVertex is redeclared"),
                );
            }
            self.per_vertex_use[d].member_redeclared = true;
        }
        self.check_clip_size(name, ty, span);
        let want = self.builtin_type(b.ty, output);
        let elem = |c: &Self, t: TypeId| match c.m.types.get(t) {
            Type::Array(e, _) => Some(*e),
            _ => None,
        };
        let same = ty == want || (elem(self, ty).is_some() && elem(self, ty) == elem(self, want));
        if !same {
            self.error(
                span,
                format!(
                    "`{name}' is redeclared as {}; it is {}",
                    self.tname(ty),
                    self.tname(want)
                ),
            );
        }
        // GLSL 1.50 §4.3.8.1: every redeclaration of gl_FragCoord has the same set of
        // layout qualifiers.
        if name == "gl_FragCoord" {
            let mut set: Vec<String> = q.layout.iter().map(|l| l.name.clone()).collect();
            set.sort();
            set.dedup();
            match &self.frag_coord_layout {
                Some(prev) if *prev != set => self.error(
                    span,
                    "gl_FragCoord is redeclared with a different set of layout qualifiers",
                ),
                _ => self.frag_coord_layout = Some(set),
            }
        }
        for l in &q.layout {
            let ok = match name {
                "gl_FragCoord" => matches!(
                    l.name.as_str(),
                    "origin_upper_left" | "pixel_center_integer"
                ),
                "gl_FragDepth" => matches!(
                    l.name.as_str(),
                    "depth_any" | "depth_greater" | "depth_less" | "depth_unchanged"
                ),
                _ => false,
            };
            if !ok {
                self.error(
                    l.span,
                    format!("layout qualifier `{}' is not allowed on `{name}'", l.name),
                );
            }
        }
        self.builtin_global(name, b);
    }

    /// The IR type of a built-in variable.
    fn builtin_type(&mut self, t: BTy, output: bool) -> TypeId {
        let f = self.m.types.scalar(Scalar::Float);
        let i = self.m.types.scalar(Scalar::Int);
        match t {
            BTy::Int => i,
            BTy::Float => f,
            BTy::Bool => self.m.types.scalar(Scalar::Bool),
            BTy::Vec(n) => self.m.types.vector(Scalar::Float, n),
            BTy::FloatArray(n) => self.m.types.array(f, Some(n)),
            BTy::IntArray(n) => self.m.types.array(i, Some(n)),
            BTy::PerVertex => {
                let s = self.per_vertex_struct();
                let n = self.per_vertex_size(output);
                self.m.types.array(s, Some(n))
            }
        }
    }

    /// The `gl_PerVertex` struct (GLSL 4.60 §7.1), defined once per module.
    fn per_vertex_struct(&mut self) -> TypeId {
        if let Some(i) = self
            .m
            .types
            .structs
            .iter()
            .position(|s| s.name == "gl_PerVertex")
        {
            return self.m.types.struct_type(StructId(i as u32));
        }
        let f = self.m.types.scalar(Scalar::Float);
        let v4 = self.m.types.vector(Scalar::Float, 4);
        let clip = self.m.types.array(f, Some(limits::MAX_CLIP_DISTANCES));
        let member = |name: &str, ty| StructMember {
            name: name.into(),
            ty,
            row_major: None,
            offset: None,
            align: None,
            memory: MemoryQualifiers::default(),
            span: Span::default(),
        };
        self.m.types.add_struct(StructDef {
            name: "gl_PerVertex".into(),
            members: vec![
                member(PER_VERTEX[0], v4),
                member(PER_VERTEX[1], f),
                member(PER_VERTEX[2], clip),
            ],
            span: Span::default(),
        })
    }

    /// The global of a built-in input or output, created on first use.
    fn builtin_global(&mut self, name: &str, b: BVar) -> GlobalId {
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

    /// A built-in variable of a graphics stage, or None if `name` is not one.
    pub(super) fn stage_builtin_variable(&mut self, name: &str, span: Span) -> Option<ExprId> {
        let Some(b) = stage_builtin(self.stage, name) else {
            return self.compat_variable(name, span);
        };
        // GLSL 1.30 added gl_ClipDistance.
        if name == "gl_ClipDistance" && self.version < 130 {
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

    /// `in Block { ... } name;` / `out Block { ... };` of a graphics stage (GLSL 4.60
    /// §4.3.9), including redeclarations of `gl_PerVertex`.
    pub(super) fn io_block(&mut self, b: &ast::Block, q: &Qualifiers, output: bool, span: Span) {
        let name = b.name.0.to_string();
        let kind = if output { "output" } else { "input" };
        if (self.stage == Stage::Vertex && !output) || (self.stage == Stage::Fragment && output) {
            self.error(
                span,
                format!("{} shaders cannot have {kind} blocks", self.stage.name()),
            );
            return;
        }
        if name == "gl_PerVertex" {
            self.redeclare_per_vertex(b, output, span);
            return;
        }
        let mut io = self.io_qualifiers(q, output, span);
        let location = self.io_layout(q, output, &mut io);
        io.block = Some(name.clone());
        let same_dir_twice = self.m.globals.iter().any(|g| {
            g.storage
                == if output {
                    Storage::Output
                } else {
                    Storage::Input
                }
                && g.io
                    .as_ref()
                    .is_some_and(|x| x.block.as_deref() == Some(name.as_str()))
        });
        if !same_dir_twice && !self.claim_block_name(&name, span) {
            return;
        }
        if self.m.globals.iter().any(|g| {
            g.storage
                == if output {
                    Storage::Output
                } else {
                    Storage::Input
                }
                && g.io
                    .as_ref()
                    .is_some_and(|x| x.block.as_deref() == Some(name.as_str()))
        }) {
            self.error(span, format!("{kind} block `{name}' is declared twice"));
            return;
        }
        let mut members: Vec<StructMember> = Vec::new();
        for field in &b.fields {
            let fspan = self.span_of(field);
            let fq = self.qualifiers(field.qualifier.as_ref());
            if fq.storage.iter().any(|s| {
                !matches!(
                    s.0,
                    StorageQ::In | StorageQ::Out | StorageQ::Other("centroid" | "sample" | "patch")
                )
            }) {
                self.error(fspan, "block members may not have storage qualifiers");
            }
            for l in &fq.layout {
                if l.name != "location" {
                    self.error(
                        l.span,
                        format!(
                            "layout qualifier `{}' is not allowed on a block member",
                            l.name
                        ),
                    );
                }
            }
            if let ast::TypeSpecifierNonArrayData::Struct(_) = &field.ty.ty.content {
                self.error(fspan, "structure definitions are not allowed inside blocks");
                continue;
            }
            let Some(base) = self.type_spec(&field.ty) else {
                continue;
            };
            for ident in &field.identifiers {
                let ispan = self.span_of(ident);
                let Some(ty) = self.apply_array(base, ident.array_spec.as_ref(), false) else {
                    continue;
                };
                let n = ident.ident.0.to_string();
                if n.starts_with("gl_") {
                    self.error(
                        ispan,
                        format!("block member `{n}' uses reserved prefix `gl_'"),
                    );
                    continue;
                }
                if self.m.types.is_opaque(ty)
                    || self.type_contains(ty, |t| {
                        matches!(
                            t,
                            Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _)
                        )
                    })
                {
                    self.error(
                        ispan,
                        format!("block member `{n}' cannot be a boolean or opaque type"),
                    );
                    continue;
                }
                if self.m.types.is_unsized(ty) {
                    self.error(ispan, format!("block member `{n}' needs an array size"));
                    continue;
                }
                if members.iter().any(|m| m.name == n) {
                    self.error(ispan, format!("block member `{n}' declared twice"));
                    continue;
                }
                members.push(StructMember {
                    name: n,
                    ty,
                    row_major: None,
                    offset: None,
                    align: None,
                    memory: MemoryQualifiers::default(),
                    span: ispan,
                });
            }
        }
        if members.is_empty() {
            self.error(span, format!("block `{name}' has no members"));
            return;
        }
        let sty = self.m.types.add_struct(StructDef {
            name: name.clone(),
            members,
            span,
        });
        let instance = b.identifier.as_ref().map(|i| i.ident.0.to_string());
        let mut gty = match &b.identifier {
            Some(i) => match self.apply_array(sty, i.array_spec.as_ref(), false) {
                Some(t) => t,
                None => return,
            },
            None => sty,
        };
        if io.per_vertex {
            if instance.is_none() {
                self.error(
                    span,
                    format!(
                        "{kind} block `{name}' of a {} shader needs an instance array",
                        self.stage.name()
                    ),
                );
                return;
            }
            match self.per_vertex_type(gty, output, &format!("block `{name}'"), span) {
                Some(t) => gty = t,
                None => return,
            }
        } else if self.m.types.is_unsized(gty) {
            self.error(span, format!("block `{name}' needs an array size"));
            return;
        }
        let gname = instance.clone().unwrap_or_else(|| name.clone());
        let gid = self.push_io(
            &gname,
            gty,
            output,
            location,
            io,
            MemoryQualifiers::default(),
            span,
            false,
        );
        match instance {
            Some(inst) => {
                self.declare(&inst, Symbol::Global(gid), span);
            }
            None => {
                let Type::Struct(sid) = self.m.types.get(sty).clone() else {
                    return;
                };
                let names: Vec<(String, Span)> = self
                    .m
                    .types
                    .struct_def(sid)
                    .members
                    .iter()
                    .map(|m| (m.name.clone(), m.span))
                    .collect();
                for (i, (n, s)) in names.into_iter().enumerate() {
                    self.declare(&n, Symbol::BlockMember(gid, i as u32), s);
                }
            }
        }
    }

    /// `out gl_PerVertex { vec4 gl_Position; };` (GLSL 4.60 §7.1.1): a subset of the
    /// built-in block's members, with their types, under the built-in's instance name.
    fn redeclare_per_vertex(&mut self, b: &ast::Block, output: bool, span: Span) {
        let (allowed, instance) = match (self.stage, output) {
            (Stage::Vertex | Stage::TessEvaluation | Stage::Geometry, true) => (true, None),
            (Stage::TessControl, true) => (true, Some("gl_out")),
            (Stage::TessControl | Stage::TessEvaluation | Stage::Geometry, false) => {
                (true, Some("gl_in"))
            }
            _ => (false, None),
        };
        if !allowed {
            self.error(
                span,
                format!(
                    "{} shaders have no {} gl_PerVertex block",
                    self.stage.name(),
                    if output { "output" } else { "input" }
                ),
            );
            return;
        }
        let given = b.identifier.as_ref().map(|i| i.ident.0.as_str());
        let arrayed = b
            .identifier
            .as_ref()
            .is_some_and(|i| i.array_spec.is_some());
        if given != instance || (instance.is_some() && !arrayed) {
            self.error(
                span,
                format!(
                    "gl_PerVertex must be redeclared {}",
                    match instance {
                        Some(i) => format!("with the instance array `{i}[]'"),
                        None => "without an instance name".into(),
                    }
                ),
            );
            return;
        }
        let d = output as usize;
        let pv = &self.per_vertex_use[d];
        let problem = if pv.redeclared.is_some() {
            Some("gl_PerVertex is redeclared more than once")
        } else if pv.used {
            Some("gl_PerVertex is redeclared after its members were used")
        } else if pv.member_redeclared {
            Some("gl_PerVertex is redeclared after one of its members was redeclared as a variable")
        } else {
            None
        };
        if let Some(p) = problem {
            self.error(span, p);
            return;
        }
        let mut names = Vec::new();
        let s = self.per_vertex_struct();
        let Type::Struct(sid) = self.m.types.get(s).clone() else {
            return;
        };
        let def = self.m.types.struct_def(sid).clone();
        for field in &b.fields {
            let Some(base) = self.type_spec(&field.ty) else {
                continue;
            };
            for ident in &field.identifiers {
                let ispan = self.span_of(ident);
                let n = ident.ident.0.as_str();
                let Some(ty) = self.apply_array(base, ident.array_spec.as_ref(), false) else {
                    continue;
                };
                let Some(m) = def.members.iter().find(|m| m.name == n) else {
                    self.error(ispan, format!("`{n}' is not a member of gl_PerVertex"));
                    continue;
                };
                names.push(n.to_string());
                self.check_clip_size(n, ty, ispan);
                let same = ty == m.ty
                    || matches!((self.m.types.get(ty), self.m.types.get(m.ty)), (Type::Array(a, _), Type::Array(b, _)) if a == b);
                if !same {
                    self.error(
                        ispan,
                        format!(
                            "`{n}' is redeclared as {}; it is {}",
                            self.tname(ty),
                            self.tname(m.ty)
                        ),
                    );
                }
            }
        }
        self.per_vertex_use[d].redeclared = Some(names);
    }

    /// GLSL 4.60 §7.1: gl_ClipDistance has at most gl_MaxClipDistances elements.
    fn check_clip_size(&mut self, name: &str, ty: TypeId, span: Span) {
        if name == "gl_ClipDistance"
            && let Type::Array(_, Some(n)) = self.m.types.get(ty)
            && *n > limits::MAX_CLIP_DISTANCES
        {
            self.error(
                span,
                format!(
                    "gl_ClipDistance is redeclared with {n} elements, more than gl_MaxClipDistances ({})",
                    limits::MAX_CLIP_DISTANCES
                ),
            );
        }
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

    /// Stage rules of a built-in function call (GLSL 4.60 §8.13-§8.16).
    pub(super) fn check_builtin_stage(&mut self, name: &str, fun: Builtin, span: Span) {
        use Builtin::*;
        if let Some(stage) = fun.only_in_stage()
            && self.stage.name() != stage
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
