//! The graphics pipeline's fixed-function state a context keeps (GL 4.6 chapters 13-17:
//! viewports, capabilities, blending, stencil, hints) and its initial values; glcompute
//! draws nothing, but every Get answers from here.

use crate::gl::enums::*;
use crate::limits::MAX_DRAW_BUFFERS;
use crate::limits::MAX_VIEWPORTS;

/// The capabilities of Enable/Disable/IsEnabled kept here, one flag each (BLEND and
/// SCISSOR_TEST are indexed and kept per draw buffer and viewport), with their initial
/// values (GL 4.6 tables 23.5–23.19: DITHER and MULTISAMPLE start enabled).
pub const CAPS: [(u32, bool); 28] = [
    (GL_CLIP_DISTANCE0, false),
    (GL_CLIP_DISTANCE1, false),
    (GL_CLIP_DISTANCE2, false),
    (GL_CLIP_DISTANCE3, false),
    (GL_CLIP_DISTANCE4, false),
    (GL_CLIP_DISTANCE5, false),
    (GL_CLIP_DISTANCE6, false),
    (GL_CLIP_DISTANCE7, false),
    (GL_COLOR_LOGIC_OP, false),
    (GL_CULL_FACE, false),
    (GL_DEPTH_CLAMP, false),
    (GL_DEPTH_TEST, false),
    (GL_DITHER, true),
    (GL_FRAMEBUFFER_SRGB, false),
    (GL_LINE_SMOOTH, false),
    (GL_MULTISAMPLE, true),
    (GL_POLYGON_OFFSET_FILL, false),
    (GL_POLYGON_OFFSET_LINE, false),
    (GL_POLYGON_OFFSET_POINT, false),
    (GL_POLYGON_SMOOTH, false),
    (GL_PRIMITIVE_RESTART, false),
    (GL_PRIMITIVE_RESTART_FIXED_INDEX, false),
    (GL_RASTERIZER_DISCARD, false),
    (GL_SAMPLE_ALPHA_TO_COVERAGE, false),
    (GL_SAMPLE_ALPHA_TO_ONE, false),
    (GL_SAMPLE_COVERAGE, false),
    (GL_SAMPLE_SHADING, false),
    (GL_SAMPLE_MASK, false),
];

/// Two more, apart to keep the table's type simple.
pub const MORE_CAPS: [u32; 3] = [
    GL_STENCIL_TEST,
    GL_TEXTURE_CUBE_MAP_SEAMLESS,
    GL_PROGRAM_POINT_SIZE,
];

/// One viewport (GL 4.6 table 23.5) and its scissor box (table 23.19).
#[derive(Debug, Clone, Copy)]
pub struct Viewport {
    pub rect: [f32; 4],
    pub depth: [f64; 2],
    pub scissor: [i32; 4],
    pub scissor_test: bool,
}

/// The blend state of one draw buffer (table 23.19) and its color mask (table 23.21).
#[derive(Debug, Clone, Copy)]
pub struct Blend {
    pub enabled: bool,
    /// SRC_RGB, DST_RGB, SRC_ALPHA, DST_ALPHA.
    pub func: [u32; 4],
    /// RGB, ALPHA.
    pub equation: [u32; 2],
    pub color_mask: [bool; 4],
}

/// The stencil state of one face (table 23.19, 23.21).
#[derive(Debug, Clone, Copy)]
pub struct Stencil {
    pub func: u32,
    pub reference: i32,
    pub value_mask: u32,
    /// FAIL, PASS_DEPTH_FAIL, PASS_DEPTH_PASS.
    pub ops: [u32; 3],
    pub write_mask: u32,
}

#[derive(Debug, Clone)]
pub struct Raster {
    pub caps: [bool; CAPS.len() + MORE_CAPS.len()],
    /// Set once the viewports and scissors took the size of the first draw surface.
    pub sized: bool,
    pub viewports: [Viewport; MAX_VIEWPORTS],
    pub blend: [Blend; MAX_DRAW_BUFFERS],
    pub blend_color: [f32; 4],
    pub depth_func: u32,
    pub depth_mask: bool,
    /// FRONT, BACK.
    pub stencil: [Stencil; 2],
    pub cull_face: u32,
    pub front_face: u32,
    pub polygon_mode: u32,
    /// FACTOR, UNITS, CLAMP.
    pub polygon_offset: [f32; 3],
    /// CLIP_ORIGIN, CLIP_DEPTH_MODE (GL 4.6 §13.7, ClipControl).
    pub clip_control: [u32; 2],
    pub point_size: f32,
    pub line_width: f32,
    pub point_fade_threshold: f32,
    pub point_sprite_origin: u32,
    pub logic_op: u32,
    /// LINE_SMOOTH, POLYGON_SMOOTH, TEXTURE_COMPRESSION, FRAGMENT_SHADER_DERIVATIVE and
    /// GENERATE_MIPMAP hints ([`HINTS`]' order).
    pub hints: [u32; 5],
    pub sample_coverage: (f32, bool),
    pub sample_mask: u32,
    pub min_sample_shading: f32,
    pub clamp_read_color: u32,
    pub primitive_restart_index: u32,
    pub provoking_vertex: u32,
    pub patch_vertices: i32,
    pub patch_outer: [f32; 4],
    pub patch_inner: [f32; 2],
    /// PRIMITIVE_BOUNDING_BOX (OpenGL ES 3.2, from EXT_primitive_bounding_box): the
    /// minimum corner, then the maximum one.
    pub primitive_bounding_box: [f32; 8],
}

/// GENERATE_MIPMAP_HINT (GLES3/gl32.h; GL/glcorearb.h does not have it).
pub const GL_GENERATE_MIPMAP_HINT: u32 = 0x8192;

/// Hint targets (GL 4.6 table 21.9), and GENERATE_MIPMAP_HINT, which glcompute's
/// OpenGL ES contexts take (OpenGL ES 3.2 §19.1, beside FRAGMENT_SHADER_DERIVATIVE_HINT)
/// and its desktop contexts do not (the compatibility profile's Hint has it; glcompute's
/// compatibility contexts refuse it too).
pub const HINTS: [u32; 5] = [
    GL_LINE_SMOOTH_HINT,
    GL_POLYGON_SMOOTH_HINT,
    GL_TEXTURE_COMPRESSION_HINT,
    GL_FRAGMENT_SHADER_DERIVATIVE_HINT,
    GL_GENERATE_MIPMAP_HINT,
];

impl Default for Raster {
    fn default() -> Raster {
        let mut caps = [false; CAPS.len() + MORE_CAPS.len()];
        for (i, &(_, on)) in CAPS.iter().enumerate() {
            caps[i] = on;
        }
        let stencil = Stencil {
            func: GL_ALWAYS,
            reference: 0,
            value_mask: u32::MAX,
            ops: [GL_KEEP; 3],
            write_mask: u32::MAX,
        };
        Raster {
            caps,
            sized: false,
            viewports: [Viewport {
                rect: [0.0; 4],
                depth: [0.0, 1.0],
                scissor: [0; 4],
                scissor_test: false,
            }; MAX_VIEWPORTS],
            blend: [Blend {
                enabled: false,
                func: [GL_ONE, GL_ZERO, GL_ONE, GL_ZERO],
                equation: [GL_FUNC_ADD; 2],
                color_mask: [true; 4],
            }; MAX_DRAW_BUFFERS],
            blend_color: [0.0; 4],
            depth_func: GL_LESS,
            depth_mask: true,
            stencil: [stencil; 2],
            cull_face: GL_BACK,
            front_face: GL_CCW,
            polygon_mode: GL_FILL,
            polygon_offset: [0.0; 3],
            clip_control: [GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE],
            point_size: 1.0,
            line_width: 1.0,
            point_fade_threshold: 1.0,
            point_sprite_origin: GL_UPPER_LEFT,
            logic_op: GL_COPY,
            hints: [GL_DONT_CARE; 5],
            sample_coverage: (1.0, false),
            sample_mask: u32::MAX,
            min_sample_shading: 0.0,
            clamp_read_color: GL_FIXED_ONLY,
            primitive_restart_index: 0,
            provoking_vertex: GL_LAST_VERTEX_CONVENTION,
            patch_vertices: 3,
            patch_outer: [1.0; 4],
            patch_inner: [1.0; 2],
            primitive_bounding_box: [-1.0, -1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
        }
    }
}
