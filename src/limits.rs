//! Implementation-dependent limits (GL 4.6 tables 23.53-23.71, ARB_compute_shader
//! table 6.50, ARB_compute_variable_group_size). They are chosen for a CPU: memory is
//! plentiful, so the memory limits sit well above the spec's minimums, while the
//! work-group shape stays at what the runtime runs well (a group is a loop over its
//! invocations, and values live across barriers once per invocation). A leaf module:
//! the state layer answers queries from it, the compiler checks shaders against it and
//! the runtime sizes its memory by it.

use crate::gl::enums::*;

/// The version of an OpenGL context: GL 4.5 (GL 4.3, the first core version with compute,
/// and the features of 4.4 and 4.5).
pub const GL_MAJOR: i32 = 4;
pub const GL_MINOR: i32 = 6;
/// The version of an OpenGL ES context (EGL_OPENGL_ES_API): 3.2 (3.1 is the first
/// with compute shaders).
pub const ES_MAJOR: i32 = 3;
pub const ES_MINOR: i32 = 2;

/// MAX_COMPUTE_WORK_GROUP_COUNT, per dimension (minimum 65535). Group ids are 32-bit
/// unsigned in GLSL, and the runtime counts groups in 64 bits, so the whole signed range
/// the query can express is available.
pub const MAX_COMPUTE_WORK_GROUP_COUNT: [i32; 3] = [i32::MAX, i32::MAX, i32::MAX];
/// MAX_COMPUTE_WORK_GROUP_SIZE (minimum 1024, 1024, 64).
pub const MAX_COMPUTE_WORK_GROUP_SIZE: [i32; 3] = [1024, 1024, 64];
/// MAX_COMPUTE_WORK_GROUP_INVOCATIONS (minimum 1024).
pub const MAX_COMPUTE_WORK_GROUP_INVOCATIONS: i32 = 1024;
/// MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB: the same as the fixed limits (minimum 512, 512, 64).
pub const MAX_COMPUTE_VARIABLE_GROUP_SIZE: [i32; 3] = [1024, 1024, 64];
/// MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB (minimum 512).
pub const MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS: i32 = 1024;
/// MAX_COMPUTE_SHARED_MEMORY_SIZE in bytes (minimum 32768): four times the minimum; a
/// worker's shared block stays within a core's L2 cache.
pub const MAX_COMPUTE_SHARED_MEMORY_SIZE: i32 = 131072;
pub const MAX_COMPUTE_UNIFORM_BLOCKS: i32 = 16;
pub const MAX_COMPUTE_TEXTURE_IMAGE_UNITS: i32 = 32;
pub const MAX_COMPUTE_IMAGE_UNIFORMS: i32 = 32;
pub const MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS: i32 = 8;
pub const MAX_COMPUTE_ATOMIC_COUNTERS: i32 = 4096;
pub const MAX_COMPUTE_SHADER_STORAGE_BLOCKS: i32 = 16;
/// MAX_COMPUTE_UNIFORM_COMPONENTS (minimum 512).
pub const MAX_COMPUTE_UNIFORM_COMPONENTS: i32 = 16384;
pub const MAX_UNIFORM_BLOCK_SIZE: i32 = 65536;
/// MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS: the default block plus every uniform block
/// at full size, in 4-byte components (GL 4.6 §7.6.2.2).
pub const MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS: i64 = MAX_COMPUTE_UNIFORM_COMPONENTS as i64
    + MAX_COMPUTE_UNIFORM_BLOCKS as i64 * MAX_UNIFORM_BLOCK_SIZE as i64 / 4;
pub const MAX_UNIFORM_LOCATIONS: i32 = 16384;
/// MAX_VERTEX_ATTRIBS (the GL 4.3 minimum): there is no vertex stage, but attribute
/// bindings are program state every GL context keeps.
pub const MAX_VERTEX_ATTRIBS: i32 = 16;
/// MAX_TEXTURE_MAX_ANISOTROPY (ARB_texture_filter_anisotropic; GL 4.6's minimum, and
/// Mesa's): the most lookups one anisotropic lookup averages.
pub const MAX_TEXTURE_MAX_ANISOTROPY: f32 = 16.0;
/// MAX_VERTEX_ATTRIB_STRIDE (GL 4.4; the GL 4.5 table 23.55 minimum, and Mesa's).
pub const MAX_VERTEX_ATTRIB_STRIDE: i32 = 2048;
/// Graphics-stage limits the GLSL front end checks and the API reports (GL 4.3
/// tables 23.57-23.65, at the spec's minimum maximums): glcompute compiles and links
/// graphics shaders but does not run them.
pub const MAX_PATCH_VERTICES: i32 = 32;
pub const MAX_CLIP_DISTANCES: u32 = 8;
/// MAX_CULL_DISTANCES and MAX_COMBINED_CLIP_AND_CULL_DISTANCES (GL 4.5 table 23.53
/// minimums; Mesa reports its clip-plane count, 8, for both).
pub const MAX_CULL_DISTANCES: u32 = 8;
pub const MAX_COMBINED_CLIP_AND_CULL_DISTANCES: u32 = 8;
pub const MAX_DRAW_BUFFERS: usize = 8;
pub const MAX_VIEWPORTS: usize = 16;
pub const MAX_GEOMETRY_OUTPUT_VERTICES: i32 = 256;
pub const MAX_GEOMETRY_SHADER_INVOCATIONS: i32 = 32;
pub const MAX_VERTEX_STREAMS: i32 = 4;
pub const MAX_TESS_GEN_LEVEL: i32 = 64;

pub const MAX_UNIFORM_BUFFER_BINDINGS: i32 = 84;
pub const MAX_COMBINED_UNIFORM_BLOCKS: i32 = 84;
pub const UNIFORM_BUFFER_OFFSET_ALIGNMENT: i32 = 16;
pub const MAX_SHADER_STORAGE_BUFFER_BINDINGS: i32 = 32;
pub const MAX_COMBINED_SHADER_STORAGE_BLOCKS: i32 = 32;
/// MAX_SHADER_STORAGE_BLOCK_SIZE (minimum 2^27): 1 GiB, so byte offsets inside a block
/// always fit the 32-bit arithmetic of a shader's index expressions.
pub const MAX_SHADER_STORAGE_BLOCK_SIZE: i64 = 1 << 30;
/// SSBO offsets need only 4-byte alignment on a CPU; 16 keeps vec4 data aligned as
/// applications written for GPUs expect (the spec allows any value up to 256).
pub const SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT: i32 = 16;
pub const MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: i32 = 8;
pub const MAX_ATOMIC_COUNTER_BUFFER_SIZE: i32 = 16384;
pub const MAX_COMBINED_ATOMIC_COUNTERS: i32 = 4096;
pub const MAX_COMBINED_ATOMIC_COUNTER_BUFFERS: i32 = 8;
pub const MAX_TRANSFORM_FEEDBACK_BUFFERS: i32 = 4;
pub const MAX_IMAGE_UNITS: i32 = 32;
/// MAX_COMBINED_IMAGE_UNIFORMS (GL 4.5 table 23.67 minimum: 48).
pub const MAX_COMBINED_IMAGE_UNIFORMS: i32 = 48;
pub const MAX_COMBINED_SHADER_OUTPUT_RESOURCES: i32 = 64;
pub const MAX_COMBINED_TEXTURE_IMAGE_UNITS: i32 = 96;
/// MIN_MAP_BUFFER_ALIGNMENT (minimum 64): buffer storage is allocated 64-byte aligned.
pub const MIN_MAP_BUFFER_ALIGNMENT: i32 = 64;
pub const STORAGE_ALIGNMENT: usize = 64;

/// Stack a kernel (the code of one work group) may use: its own frame, where private
/// variables and arrays live, plus what the runtime helpers it calls use. GL sets no
/// limit on private memory; a program above this one fails to link with a log saying
/// so, never by overflowing a thread's stack.
pub const MAX_KERNEL_STACK: usize = 8 << 20;
/// Stack the runtime helpers a kernel calls (transcendentals, packing) may use below
/// the kernel's frame.
pub const HELPER_STACK: usize = 64 << 10;
/// Stack of each worker thread: a kernel at the limit and room for the runtime.
pub const WORKER_STACK: usize = MAX_KERNEL_STACK + (4 << 20);
/// Scratch memory of one work group: its shared variables and the per-invocation values
/// that live across barriers. A program that needs more fails to link (a fixed group
/// size) or to dispatch (a variable one).
pub const MAX_GROUP_SCRATCH: u64 = 256 << 20;

/// Nesting of expressions and statements in a shader (parentheses, operator chains,
/// blocks, `else if` chains): deeper shaders fail to compile with a message. The
/// compiler recurses over this nesting, on a thread of its own with COMPILER_STACK.
pub const MAX_NESTING: u32 = 10_000;
/// Stack of the compiler thread (reserved, touched only as deep as a shader needs):
/// room for MAX_NESTING levels in every pass, plus COMPILER_STACK_PER_BYTE for each
/// byte of source, since dropping the parser's tree recurses once per level of it,
/// however deep the source makes it.
pub const COMPILER_STACK: usize = 256 << 20;
pub const COMPILER_STACK_PER_BYTE: usize = 256;
/// Nesting of types (arrays of arrays, structs in structs): deeper shaders fail to
/// compile (the layout and reflection passes walk it once per level of each use).
pub const MAX_TYPE_NESTING: u32 = 1024;
/// Statements and expressions of a program once every call from main is inlined (the
/// back end inlines all calls): beyond it, linking fails instead of compiling for long.
pub const MAX_INLINED_NODES: u64 = 1 << 20;
/// Active variables of a program's interfaces (uniforms and buffer variables, every
/// element of an array of structs counted): beyond it, linking fails instead of
/// enumerating names for long (a uniform block of 50 million structs took a minute
/// and 20 GB).
pub const MAX_ACTIVE_VARIABLES: usize = 1 << 16;
/// Longest shader source (all strings together) glcompute compiles.
pub const MAX_SOURCE_BYTES: usize = 16 << 20;

pub const MAX_DEBUG_MESSAGE_LENGTH: i32 = 4096;
pub const MAX_DEBUG_LOGGED_MESSAGES: i32 = 128;
pub const MAX_DEBUG_GROUP_STACK_DEPTH: i32 = 64;
pub const MAX_LABEL_LENGTH: i32 = 256;
/// MAX_SERVER_WAIT_TIMEOUT in nanoseconds: glWaitSync only accepts TIMEOUT_IGNORED.
pub const MAX_SERVER_WAIT_TIMEOUT: i64 = 0;

/// MAX_SUBROUTINES and MAX_SUBROUTINE_UNIFORM_LOCATIONS (GL 4.6 table 23.70; the
/// minimums): subroutine functions and subroutine uniform locations per stage.
pub const MAX_SUBROUTINES: i32 = 256;
pub const MAX_SUBROUTINE_UNIFORM_LOCATIONS: i32 = 1024;
/// The range of constant texel offsets (GL 4.6 table 23.64's minimum range).
pub const MIN_PROGRAM_TEXEL_OFFSET: i32 = -8;
pub const MAX_PROGRAM_TEXEL_OFFSET: i32 = 7;

/// Framebuffers and renderbuffers (GL 4.6 tables 23.66, 23.69; GL 4.3's minimums).
pub const MAX_COLOR_ATTACHMENTS: usize = 8;
pub const MAX_RENDERBUFFER_SIZE: i32 = 16384;
pub const MAX_FRAMEBUFFER_SIZE: i32 = 16384;
pub const MAX_FRAMEBUFFER_LAYERS: i32 = 2048;
pub const MAX_FRAMEBUFFER_SAMPLES: i32 = MAX_SAMPLES as i32;
/// GL_MAX_SAMPLES and the other sample limits (GL 4.6 table 23.69 minimum: 4).
pub const MAX_SAMPLES: u32 = 4;
/// The sample counts a multisample image may have, largest first (GetInternalformat's
/// SAMPLES order).
pub const SAMPLE_COUNTS: [u32; 2] = [4, 2];
/// GL 4.3 table 23.61 (BindFragDataLocationIndexed checks against it).
pub const MAX_DUAL_SOURCE_DRAW_BUFFERS: u32 = 1;

/// Textures (GL 4.6 table 23.68 minimums, which glcompute gives exactly).
pub const MAX_TEXTURE_SIZE: i32 = 16384;
pub const MAX_3D_TEXTURE_SIZE: i32 = 2048;
pub const MAX_ARRAY_TEXTURE_LAYERS: i32 = 2048;
pub const MAX_CUBE_MAP_TEXTURE_SIZE: i32 = 16384;
pub const MAX_RECTANGLE_TEXTURE_SIZE: i32 = 16384;
pub const MAX_TEXTURE_BUFFER_SIZE: i64 = 1 << 27;
pub const TEXTURE_BUFFER_OFFSET_ALIGNMENT: i64 = 16;
/// Levels of a MAX_TEXTURE_SIZE texture: log2(16384) + 1.
pub const MAX_LEVELS: usize = 15;

/// The fixed-function state of the graphics pipeline (GL 4.6 table 23.65).
pub const MAX_VIEWPORT_DIMS: f32 = 16384.0;
pub const VIEWPORT_BOUNDS: [f32; 2] = [-32768.0, 32767.0];
pub const MAX_SAMPLE_MASK_WORDS: u32 = 1;
pub const POINT_SIZE_RANGE: [f64; 2] = [1.0, 255.0];
pub const LINE_WIDTH_RANGE: [f64; 2] = [1.0, 255.0];

/// Vertex arrays (GL 4.6 table 23.67; GL 4.3's minimums).
pub const MAX_VERTEX_ATTRIB_BINDINGS: u32 = 16;
pub const MAX_VERTEX_ATTRIB_RELATIVE_OFFSET: u32 = 2047;

/// Transform feedback (GL 4.3 table 23.66).
pub const MAX_SEPARATE_ATTRIBS: usize = 4;
pub const MAX_XFB_INTERLEAVED_COMPONENTS: u32 = 64;
pub const MAX_XFB_SEPARATE_COMPONENTS: u32 = 4;

/// QUERY_COUNTER_BITS of every target: results are 64-bit counters.
pub const QUERY_COUNTER_BITS: i64 = 64;

/// EGL_MAX_PBUFFER_WIDTH and _HEIGHT of every config.
pub const MAX_PBUFFER_SIZE: i32 = 16384;

/// gl_MaxTextureCoords, gl_MaxLights, gl_MaxClipPlanes of compatibility-profile GLSL
/// (the values Mesa reports).
pub const MAX_TEXTURE_COORDS: u32 = 8;
pub const MAX_LIGHTS: u32 = 8;
pub const MAX_CLIP_PLANES: u32 = 8;

/// The extensions of an OpenGL ES context, sorted: OpenGL ES extensions glcompute has
/// that add no command (those OpenGL ES 3.2 took into its core and whose commands
/// carry a suffix in OpenGL ES, such as KHR_debug and KHR_robustness, are left out;
/// core ones without commands, such as ASTC LDR and image atomics, are listed, as
/// Mesa lists them). No desktop extension is listed: an OpenGL ES context has none of
/// their commands or GLSL extensions.
pub const ES_EXTENSIONS: &[&str] = &[
    // Float color attachments (glcompute's framebuffers take them) and linear
    // filtering of 32-bit float textures.
    "GL_EXT_color_buffer_float",
    "GL_EXT_texture_compression_bptc",
    "GL_EXT_texture_compression_rgtc",
    "GL_EXT_texture_filter_anisotropic",
    "GL_EXT_texture_mirror_clamp_to_edge",
    "GL_KHR_context_flush_control",
    "GL_KHR_no_error",
    "GL_KHR_robust_buffer_access_behavior",
    "GL_KHR_texture_compression_astc_ldr",
    // Image atomics of every format in GLSL ES 3.10 (core in 3.20).
    "GL_OES_shader_image_atomic",
    "GL_OES_texture_float_linear",
];

/// MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV (NV_parameter_buffer_object: at least 8)
/// and MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV in words (at least 4096; NVIDIA's 16384).
pub const MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS: i32 = 16;
pub const MAX_PROGRAM_PARAMETER_BUFFER_SIZE: u32 = 16384;

/// Extensions a compatibility-profile context announces besides [`EXTENSIONS`]: the
/// assembly compute programs, as NVIDIA's driver offers them in compatibility
/// contexts.
pub const COMPAT_EXTENSIONS: &[&str] = &["GL_NV_compute_program5", "GL_NV_shader_storage_buffer"];

/// Extensions glcompute implements completely (GL_NUM_EXTENSIONS / GetStringi).
pub const EXTENSIONS: &[&str] = &[
    "GL_AMD_shader_trinary_minmax",
    "GL_ARB_ES3_1_compatibility",
    "GL_ARB_ES3_compatibility",
    "GL_ARB_arrays_of_arrays",
    "GL_ARB_buffer_storage",
    "GL_ARB_clear_buffer_object",
    "GL_ARB_clear_texture",
    "GL_ARB_clip_control",
    "GL_ARB_compressed_texture_pixel_storage",
    "GL_ARB_compute_shader",
    "GL_ARB_compute_variable_group_size",
    "GL_ARB_conditional_render_inverted",
    "GL_ARB_copy_buffer",
    "GL_ARB_cull_distance",
    "GL_ARB_derivative_control",
    "GL_ARB_direct_state_access",
    "GL_ARB_enhanced_layouts",
    "GL_ARB_explicit_uniform_location",
    "GL_ARB_framebuffer_object",
    "GL_ARB_get_texture_sub_image",
    "GL_ARB_gl_spirv",
    "GL_ARB_gpu_shader_fp64",
    "GL_ARB_gpu_shader_int64",
    "GL_ARB_indirect_parameters",
    "GL_ARB_internalformat_query",
    "GL_ARB_internalformat_query2",
    "GL_ARB_invalidate_subdata",
    "GL_ARB_map_buffer_range",
    "GL_ARB_multi_bind",
    "GL_ARB_pipeline_statistics_query",
    "GL_ARB_polygon_offset_clamp",
    "GL_ARB_program_interface_query",
    "GL_ARB_query_buffer_object",
    "GL_ARB_robust_buffer_access_behavior",
    "GL_ARB_sampler_objects",
    "GL_ARB_separate_shader_objects",
    "GL_ARB_shader_atomic_counter_ops",
    "GL_ARB_shader_atomic_counters",
    "GL_ARB_shader_bit_encoding",
    "GL_ARB_shader_clock",
    "GL_ARB_shader_draw_parameters",
    "GL_ARB_shader_group_vote",
    "GL_ARB_shader_image_load_store",
    "GL_ARB_shader_image_size",
    "GL_ARB_shader_storage_buffer_object",
    "GL_ARB_shader_subroutine",
    "GL_ARB_shader_texture_image_samples",
    "GL_ARB_shading_language_420pack",
    "GL_ARB_shading_language_packing",
    "GL_ARB_spirv_extensions",
    "GL_ARB_sync",
    "GL_ARB_texture_barrier",
    "GL_ARB_texture_buffer_range",
    "GL_ARB_texture_compression_bptc",
    "GL_ARB_texture_compression_rgtc",
    "GL_ARB_texture_filter_anisotropic",
    "GL_ARB_texture_mirror_clamp_to_edge",
    "GL_ARB_texture_multisample",
    "GL_ARB_texture_query_levels",
    "GL_ARB_texture_stencil8",
    "GL_ARB_texture_storage",
    "GL_ARB_texture_storage_multisample",
    "GL_ARB_texture_view",
    "GL_ARB_transform_feedback_overflow_query",
    "GL_ARB_uniform_buffer_object",
    "GL_ARB_vertex_type_10f_11f_11f_rev",
    "GL_EXT_texture_filter_anisotropic",
    "GL_INTEL_shader_atomic_float_minmax",
    "GL_KHR_context_flush_control",
    "GL_KHR_debug",
    "GL_KHR_no_error",
    "GL_KHR_robust_buffer_access_behavior",
    "GL_KHR_robustness",
    "GL_KHR_texture_compression_astc_ldr",
    "GL_NV_compute_shader_derivatives",
    "GL_NV_shader_atomic_float",
    "GL_NV_shader_atomic_int64",
];

/// GLSL versions the compiler accepts (GetStringi(SHADING_LANGUAGE_VERSION)); the
/// first is the highest, matching GL_SHADING_LANGUAGE_VERSION (glsl::GLSL_VERSION).
/// Compute shaders need 4.30, or an earlier version with GL_ARB_compute_shader.
pub const GLSL_VERSIONS: &[&str] = &[
    "460 core", "450", "440", "430", "420", "410", "400", "330", "150", "140", "130", "120", "110",
    // ARB_ES3_compatibility and ARB_ES3_1_compatibility: GLSL ES in a desktop context.
    "300 es", "310 es",
];

/// MAX_UNIFORM_BLOCK_SIZE in components: each stage's combined uniform components are
/// its default-block components plus its uniform blocks (GL 4.6 table 23.64).
pub const BLOCK_COMPONENTS: i64 = MAX_UNIFORM_BLOCK_SIZE as i64 / 4;

/// Per-stage uniform limits: default-block components and uniform blocks.
pub const STAGE_COMPONENTS: i64 = 1024;
pub const STAGE_BLOCKS: i64 = 14;

/// The integer limits of the graphics stages, vertex input, transform feedback and the
/// framebuffer that a GL 4.3 context reports, as (pname, value) (GL 4.3 tables
/// 23.55-23.69: the spec's minimum maximums where it gives one, except that every
/// graphics stage, not only the fragment stage, takes 8 storage blocks, 8 image
/// uniforms and 8 atomic counters in 1 buffer, so that programs written for drivers
/// that allow them there link). glcompute links graphics shaders and draws nothing:
/// these answer the queries applications make at start-up, and the front end's
/// per-stage limits and built-in constants are the same values (state::query's tests
/// compare them).
pub const GRAPHICS_LIMITS: &[(u32, i64)] = &[
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
    (GL_MAX_TESS_GEN_LEVEL, MAX_TESS_GEN_LEVEL as i64),
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
        MAX_GEOMETRY_OUTPUT_VERTICES as i64,
    ),
    (GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024),
    (GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, 16),
    (
        GL_MAX_GEOMETRY_SHADER_INVOCATIONS,
        MAX_GEOMETRY_SHADER_INVOCATIONS as i64,
    ),
    (GL_MAX_VERTEX_STREAMS, MAX_VERTEX_STREAMS as i64),
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
    (GL_MAX_SUBROUTINES, MAX_SUBROUTINES as i64),
    (
        GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS,
        MAX_SUBROUTINE_UNIFORM_LOCATIONS as i64,
    ),
    (GL_MIN_PROGRAM_TEXEL_OFFSET, MIN_PROGRAM_TEXEL_OFFSET as i64),
    (GL_MAX_PROGRAM_TEXEL_OFFSET, MAX_PROGRAM_TEXEL_OFFSET as i64),
    (GL_MAX_IMAGE_SAMPLES, 0),
    // Vertex input and transform feedback (tables 23.56, 23.66).
    (GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, 2047),
    (GL_MAX_VERTEX_ATTRIB_BINDINGS, 16),
    (GL_MAX_ELEMENT_INDEX, (1 << 24) - 1),
    (GL_MAX_ELEMENTS_INDICES, 1 << 24),
    (GL_MAX_ELEMENTS_VERTICES, 1 << 24),
    (
        GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS,
        MAX_XFB_INTERLEAVED_COMPONENTS as i64,
    ),
    (GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, 4),
    (GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, 4),
    // Framebuffers and multisampling (tables 23.55, 23.69; state/multisample.rs).
    (GL_SUBPIXEL_BITS, 4),
    (GL_MAX_FRAMEBUFFER_WIDTH, 16384),
    (GL_MAX_FRAMEBUFFER_HEIGHT, 16384),
    (GL_MAX_FRAMEBUFFER_LAYERS, 2048),
    (GL_MAX_FRAMEBUFFER_SAMPLES, MAX_SAMPLES as i64),
    (GL_MAX_COLOR_TEXTURE_SAMPLES, MAX_SAMPLES as i64),
    (GL_MAX_DEPTH_TEXTURE_SAMPLES, MAX_SAMPLES as i64),
    (GL_MAX_INTEGER_SAMPLES, MAX_SAMPLES as i64),
];

/// The most names one Gen*/Create* call makes: each name is a table entry (and for
/// Create* an object), so a hostile count would otherwise exhaust the process's memory.
pub const MAX_NAMES_PER_CALL: usize = 1 << 20;

/// GL 4.6 compatibility §21.4: MAX_LIST_NESTING is at least 64.
pub const MAX_LIST_NESTING: u32 = 64;
