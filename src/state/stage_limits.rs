//! The implementation limits of the graphics stages, vertex input, transform feedback
//! and the framebuffer that a GL 4.3 context reports (GL 4.3 tables 23.55–23.69, the
//! values at the spec's minimum maximums where it gives one, except that every
//! graphics stage, not only the fragment stage, takes 8 storage blocks, 8 image
//! uniforms and 8 atomic counters in 1 buffer: programs written for drivers that allow
//! them there link). glcompute links graphics
//! shaders and draws nothing; these answer the queries applications make at start-up,
//! and the front end's per-stage limits and built-in constants are the same values
//! (the tests below compare them). The compute limits and the limits glcompute's own
//! objects enforce live with those objects (crate::limits, texture.rs, framebuffer.rs,
//! raster.rs).

use super::query::Value;
use crate::gl::enums::*;

/// MAX_UNIFORM_BLOCK_SIZE in components: each stage's combined uniform components are
/// its default-block components plus its uniform blocks (GL 4.6 table 23.64).
const BLOCK_COMPONENTS: i64 = crate::limits::MAX_UNIFORM_BLOCK_SIZE as i64 / 4;

/// GL 4.3 table 23.61 (BindFragDataLocationIndexed checks against it).
pub const MAX_DUAL_SOURCE_DRAW_BUFFERS: u32 = 1;

/// Per-stage uniform limits: default-block components and uniform blocks.
const STAGE_COMPONENTS: i64 = 1024;
const STAGE_BLOCKS: i64 = 14;

/// (pname, value) of every integer limit kept here.
const LIMITS: &[(u32, i64)] = &[
    // Vertex shader (table 23.57).
    (GL_MAX_VERTEX_UNIFORM_COMPONENTS, STAGE_COMPONENTS),
    (GL_MAX_VERTEX_UNIFORM_VECTORS, STAGE_COMPONENTS / 4),
    (GL_MAX_VERTEX_UNIFORM_BLOCKS, STAGE_BLOCKS),
    (GL_MAX_VERTEX_OUTPUT_COMPONENTS, 64),
    (GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 16),
    (GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS, 1),
    (GL_MAX_VERTEX_ATOMIC_COUNTERS, 8),
    (GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, 8),
    (GL_MAX_VERTEX_IMAGE_UNIFORMS, 8),
    (
        GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS,
        STAGE_BLOCKS * BLOCK_COMPONENTS + STAGE_COMPONENTS,
    ),
    // Tessellation control and evaluation shaders (tables 23.58, 23.59).
    (
        GL_MAX_TESS_GEN_LEVEL,
        crate::limits::MAX_TESS_GEN_LEVEL as i64,
    ),
    (GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS, STAGE_COMPONENTS),
    (GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS, 16),
    (GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS, 128),
    (GL_MAX_TESS_PATCH_COMPONENTS, 120),
    (GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS, 4096),
    (GL_MAX_TESS_CONTROL_INPUT_COMPONENTS, 128),
    (GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS, STAGE_BLOCKS),
    (GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS, 1),
    (GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS, 8),
    (GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS, 8),
    (GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS, 8),
    (
        GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS,
        STAGE_BLOCKS * BLOCK_COMPONENTS + STAGE_COMPONENTS,
    ),
    (GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS, STAGE_COMPONENTS),
    (GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS, 16),
    (GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS, 128),
    (GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS, 128),
    (GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS, STAGE_BLOCKS),
    (GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS, 1),
    (GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS, 8),
    (GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS, 8),
    (GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS, 8),
    (
        GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS,
        STAGE_BLOCKS * BLOCK_COMPONENTS + STAGE_COMPONENTS,
    ),
    // Geometry shader (table 23.60).
    (GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, STAGE_COMPONENTS),
    (GL_MAX_GEOMETRY_UNIFORM_BLOCKS, STAGE_BLOCKS),
    (GL_MAX_GEOMETRY_INPUT_COMPONENTS, 64),
    (GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, 128),
    (
        GL_MAX_GEOMETRY_OUTPUT_VERTICES,
        crate::limits::MAX_GEOMETRY_OUTPUT_VERTICES as i64,
    ),
    (GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024),
    (GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, 16),
    (
        GL_MAX_GEOMETRY_SHADER_INVOCATIONS,
        crate::limits::MAX_GEOMETRY_SHADER_INVOCATIONS as i64,
    ),
    (
        GL_MAX_VERTEX_STREAMS,
        crate::limits::MAX_VERTEX_STREAMS as i64,
    ),
    (GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS, 1),
    (GL_MAX_GEOMETRY_ATOMIC_COUNTERS, 8),
    (GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS, 8),
    (GL_MAX_GEOMETRY_IMAGE_UNIFORMS, 8),
    (
        GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS,
        STAGE_BLOCKS * BLOCK_COMPONENTS + STAGE_COMPONENTS,
    ),
    // Fragment shader (table 23.61).
    (GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, STAGE_COMPONENTS),
    (GL_MAX_FRAGMENT_UNIFORM_VECTORS, STAGE_COMPONENTS / 4),
    (GL_MAX_FRAGMENT_UNIFORM_BLOCKS, STAGE_BLOCKS),
    (GL_MAX_FRAGMENT_INPUT_COMPONENTS, 128),
    (GL_MAX_TEXTURE_IMAGE_UNITS, 16),
    (GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET, -8),
    (GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET, 7),
    (GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS, 1),
    (GL_MAX_FRAGMENT_ATOMIC_COUNTERS, 8),
    (GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 8),
    (GL_MAX_FRAGMENT_IMAGE_UNIFORMS, 8),
    (
        GL_MAX_DUAL_SOURCE_DRAW_BUFFERS,
        MAX_DUAL_SOURCE_DRAW_BUFFERS as i64,
    ),
    (GL_FRAGMENT_INTERPOLATION_OFFSET_BITS, 4),
    (
        GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS,
        STAGE_BLOCKS * BLOCK_COMPONENTS + STAGE_COMPONENTS,
    ),
    // Between stages and of programs (tables 23.62, 23.64).
    (GL_MAX_VARYING_COMPONENTS, 60),
    (GL_MAX_VARYING_VECTORS, 15),
    (GL_MAX_SUBROUTINES, crate::limits::MAX_SUBROUTINES as i64),
    (
        GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS,
        crate::limits::MAX_SUBROUTINE_UNIFORM_LOCATIONS as i64,
    ),
    (GL_MIN_PROGRAM_TEXEL_OFFSET, -8),
    (GL_MAX_PROGRAM_TEXEL_OFFSET, 7),
    (GL_MAX_IMAGE_SAMPLES, 0),
    // Vertex input and transform feedback (tables 23.56, 23.66).
    (GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, 2047),
    (GL_MAX_VERTEX_ATTRIB_BINDINGS, 16),
    (GL_MAX_ELEMENT_INDEX, (1 << 24) - 1),
    (GL_MAX_ELEMENTS_INDICES, 1 << 24),
    (GL_MAX_ELEMENTS_VERTICES, 1 << 24),
    (GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, 64),
    (GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, 4),
    (GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, 4),
    // Framebuffers and multisampling (tables 23.55, 23.69; state/multisample.rs).
    (GL_SUBPIXEL_BITS, 4),
    (GL_MAX_FRAMEBUFFER_WIDTH, 16384),
    (GL_MAX_FRAMEBUFFER_HEIGHT, 16384),
    (GL_MAX_FRAMEBUFFER_LAYERS, 2048),
    (
        GL_MAX_FRAMEBUFFER_SAMPLES,
        super::multisample::MAX_SAMPLES as i64,
    ),
    (
        GL_MAX_COLOR_TEXTURE_SAMPLES,
        super::multisample::MAX_SAMPLES as i64,
    ),
    (
        GL_MAX_DEPTH_TEXTURE_SAMPLES,
        super::multisample::MAX_SAMPLES as i64,
    ),
    (
        GL_MAX_INTEGER_SAMPLES,
        super::multisample::MAX_SAMPLES as i64,
    ),
];

/// A limit kept here, or None.
pub fn stage_limit(pname: u32) -> Option<Value> {
    if let Some(&(_, v)) = LIMITS.iter().find(|&&(p, _)| p == pname) {
        return Some(Value::int(v));
    }
    Some(match pname {
        GL_MIN_FRAGMENT_INTERPOLATION_OFFSET => Value::Floats(vec![-0.5]),
        GL_MAX_FRAGMENT_INTERPOLATION_OFFSET => Value::Floats(vec![0.5]),
        GL_MAX_TEXTURE_LOD_BIAS => Value::Floats(vec![2.0]),
        // The default framebuffer of a pbuffer or of no surface (EGL configs are single-
        // buffered and mono; GL_SAMPLES is the framebuffer module's).
        GL_DOUBLEBUFFER | GL_STEREO => Value::Bools(vec![false]),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The GLSL front end's built-in constants (gl_MaxVertexAttribs, ...) are the
    /// limits the context reports: `gl_MaxFooBar` is GL_MAX_FOO_BAR.
    #[test]
    fn glsl_constants_are_the_reported_limits() {
        for &(name, value) in crate::glsl::sema::stages::GRAPHICS_CONSTANTS {
            let mut pname = String::from("GL_");
            for (i, c) in name.trim_start_matches("gl_").chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    pname.push('_');
                }
                pname.push(c.to_ascii_uppercase());
            }
            let e = enum_by_name(&pname).unwrap_or_else(|| panic!("{pname} is no GL enum"));
            let reported = match stage_limit(e) {
                Some(Value::Ints(v)) => v[0],
                _ => match e {
                    GL_MAX_VERTEX_ATTRIBS => crate::limits::MAX_VERTEX_ATTRIBS as i64,
                    GL_MAX_PATCH_VERTICES => crate::limits::MAX_PATCH_VERTICES as i64,
                    GL_MAX_DRAW_BUFFERS => crate::limits::MAX_DRAW_BUFFERS as i64,
                    GL_MAX_CLIP_DISTANCES => crate::limits::MAX_CLIP_DISTANCES as i64,
                    GL_MAX_VIEWPORTS => crate::limits::MAX_VIEWPORTS as i64,
                    _ => panic!("{pname} is not a limit kept here"),
                },
            };
            assert_eq!(reported, value as i64, "{name} and {pname} differ");
        }
    }

    /// The per-stage resource limits the linker enforces are the ones reported.
    #[test]
    fn link_limits_are_the_reported_limits() {
        use crate::glsl::Stage;
        let int = |p| match stage_limit(p) {
            Some(Value::Ints(v)) => v[0] as u64,
            _ => panic!("not a limit"),
        };
        for (stage, ssbo, images, counters) in [
            (
                Stage::Vertex,
                GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS,
                GL_MAX_VERTEX_IMAGE_UNIFORMS,
                GL_MAX_VERTEX_ATOMIC_COUNTERS,
            ),
            (
                Stage::TessControl,
                GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS,
                GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS,
                GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS,
            ),
            (
                Stage::TessEvaluation,
                GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS,
                GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS,
                GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS,
            ),
            (
                Stage::Geometry,
                GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS,
                GL_MAX_GEOMETRY_IMAGE_UNIFORMS,
                GL_MAX_GEOMETRY_ATOMIC_COUNTERS,
            ),
            (
                Stage::Fragment,
                GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS,
                GL_MAX_FRAGMENT_IMAGE_UNIFORMS,
                GL_MAX_FRAGMENT_ATOMIC_COUNTERS,
            ),
        ] {
            assert_eq!(
                crate::glsl::interface::stage_resource_limits(stage),
                (int(ssbo), int(images), int(counters)),
                "{stage:?}"
            );
        }
    }
}
