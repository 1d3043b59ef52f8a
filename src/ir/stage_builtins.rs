//! The built-in input and output variables of the graphics stages (GLSL 4.60 §7.1),
//! by stage and direction, for every front end: their GLSL names, types, and which
//! belong to the `gl_PerVertex` blocks.

use crate::ir::shader::Stage;
use crate::limits;

/// The type of a stage built-in variable.
#[derive(Clone, Copy)]
pub enum BTy {
    Int,
    Float,
    Bool,
    Vec(u8),
    FloatArray(u32),
    IntArray(u32),
    /// An array of `vec4`.
    Vec4Array(u32),
    /// `gl_PerVertex` structs, one per vertex of the primitive or patch.
    PerVertex,
}

/// Where a built-in variable comes from: its direction and qualifiers.
#[derive(Clone, Copy)]
pub struct BVar {
    pub output: bool,
    pub ty: BTy,
    pub patch: bool,
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
const CULL: BTy = BTy::FloatArray(limits::MAX_CULL_DISTANCES);

/// GLSL 4.60 §7.1 (the variables GLSL 4.30 has) and GLSL ES 3.20 §7.1: the built-in
/// inputs and outputs of each graphics stage.
pub fn stage_builtin(stage: Stage, name: &str) -> Option<BVar> {
    use Stage::*;
    let per_vertex_out = matches!(stage, Vertex | TessEvaluation | Geometry);
    match (stage, name) {
        (Vertex, "gl_VertexID" | "gl_InstanceID") => input(BTy::Int),
        // GLSL 4.60 §7.1.1 (GL_ARB_shader_draw_parameters with an ARB suffix).
        (
            Vertex,
            "gl_BaseVertex" | "gl_BaseInstance" | "gl_DrawID" | "gl_BaseVertexARB"
            | "gl_BaseInstanceARB" | "gl_DrawIDARB",
        ) => input(BTy::Int),
        (_, "gl_Position") if per_vertex_out => output(BTy::Vec(4)),
        (_, "gl_PointSize") if per_vertex_out => output(BTy::Float),
        (_, "gl_ClipDistance") if per_vertex_out => output(CLIP),
        (_, "gl_CullDistance") if per_vertex_out => output(CULL),
        (TessControl | TessEvaluation | Geometry, "gl_in") => input(BTy::PerVertex),
        (TessControl, "gl_out") => output(BTy::PerVertex),
        (TessControl | TessEvaluation, "gl_PatchVerticesIn" | "gl_PrimitiveID") => input(BTy::Int),
        (TessControl | Geometry, "gl_InvocationID") => input(BTy::Int),
        (TessControl, "gl_TessLevelOuter") => Some(BVar {
            output: true,
            ty: BTy::FloatArray(4),
            patch: true,
        }),
        // GLSL ES 3.20's primitive bounding box (from EXT_primitive_bounding_box).
        (TessControl, "gl_BoundingBox") => Some(BVar {
            output: true,
            ty: BTy::Vec4Array(2),
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
        (Fragment, "gl_CullDistance") => input(CULL),
        (Fragment, "gl_HelperInvocation") => input(BTy::Bool),
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

/// Members of the built-in `gl_PerVertex` block (GLSL 4.50; gl_CullDistance only from
/// 4.50 or with GL_ARB_cull_distance).
pub const PER_VERTEX: [&str; 4] = [
    "gl_Position",
    "gl_PointSize",
    "gl_ClipDistance",
    "gl_CullDistance",
];

/// The direction (0 input, 1 output) whose gl_PerVertex block a built-in belongs to.
pub fn per_vertex_dir(stage: Stage, name: &str, output: bool) -> Option<usize> {
    match name {
        "gl_in" => Some(0),
        "gl_out" => Some(1),
        _ if PER_VERTEX.contains(&name) && output && stage != Stage::Fragment => Some(1),
        _ => None,
    }
}
