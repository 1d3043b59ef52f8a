//! Implementation-dependent limits (GL 4.6 tables 23.53-23.71, ARB_compute_shader
//! table 6.50, ARB_compute_variable_group_size). They are chosen for a CPU: memory is
//! plentiful, so the memory limits sit well above the spec's minimums, while the
//! work-group shape stays at what the runtime runs well (a group is a loop over its
//! invocations, and values live across barriers once per invocation). A leaf module:
//! the state layer answers queries from it, the compiler checks shaders against it and
//! the runtime sizes its memory by it.

/// GL 4.3 is the version a compute driver reports (the first core version with compute).
pub const GL_MAJOR: i32 = 4;
pub const GL_MINOR: i32 = 3;

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
/// Graphics-stage limits the GLSL front end checks and the API reports (GL 4.3
/// tables 23.57-23.65, at the spec's minimum maximums): glcompute compiles and links
/// graphics shaders but does not run them.
pub const MAX_PATCH_VERTICES: i32 = 32;
pub const MAX_CLIP_DISTANCES: u32 = 8;
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
pub const MAX_COMBINED_IMAGE_UNIFORMS: i32 = 32;
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
