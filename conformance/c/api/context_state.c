/* The context state of a GL 4.3 core context (GL 4.6 tables 23.4-23.21, 23.74: the
 * fixed-function state; pixel store; the buffer, texture, sampler, image, program,
 * vertex array, framebuffer and transform feedback bindings; debug output and the
 * context's own state; the implementation limits, compute's among them): its initial
 * values through every Get form (boolean, integer, 64-bit integer, float, double, and
 * the indexed forms where the variable is indexed), then a script of valid and invalid
 * calls with the error each leaves and the state after them.
 *
 * The program prints one line per fact, "key<TAB>value". scripts/state_compare.py runs
 * it on glcompute and on Mesa llvmpipe and compares the two: every difference must be
 * explained in conformance/state_differences.txt. With --check it also asserts the
 * spec's values on the driver it runs on, and exits 1 on a failure.
 *
 * usage: context_state [--check] */
// run: check state_compare
#include "harness.h"
#include <math.h>

static int check_mode;

typedef struct {
    const char *name;
    GLenum pname;
    int n;       /* values */
    int indexed; /* 0: no; else how many indices */
} Var;

#define V(p, n) {#p, p, n, 0}
#define VI(p, n, k) {#p, p, n, k}
/* An indexed binding point: index 1, and index 1000, past every driver's end. */
#define VX(p) {#p, p, 1, 1000}

static const Var vars[] = {
    VI(GL_VIEWPORT, 4, 16), VI(GL_DEPTH_RANGE, 2, 16), VI(GL_SCISSOR_BOX, 4, 16), VI(GL_SCISSOR_TEST, 1, 16),
    V(GL_MAX_VIEWPORTS, 1), V(GL_MAX_VIEWPORT_DIMS, 2), V(GL_VIEWPORT_BOUNDS_RANGE, 2),
    V(GL_VIEWPORT_SUBPIXEL_BITS, 1), V(GL_MAX_CLIP_DISTANCES, 1),
    VI(GL_BLEND, 1, 8), V(GL_BLEND_COLOR, 4), VI(GL_BLEND_SRC_RGB, 1, 8), VI(GL_BLEND_DST_RGB, 1, 8),
    VI(GL_BLEND_SRC_ALPHA, 1, 8), VI(GL_BLEND_DST_ALPHA, 1, 8), VI(GL_BLEND_EQUATION_RGB, 1, 8),
    VI(GL_BLEND_EQUATION_ALPHA, 1, 8), VI(GL_COLOR_WRITEMASK, 4, 8),
    V(GL_DEPTH_TEST, 1), V(GL_DEPTH_FUNC, 1), V(GL_DEPTH_WRITEMASK, 1),
    V(GL_STENCIL_TEST, 1), V(GL_STENCIL_FUNC, 1), V(GL_STENCIL_VALUE_MASK, 1), V(GL_STENCIL_FAIL, 1),
    V(GL_STENCIL_PASS_DEPTH_FAIL, 1), V(GL_STENCIL_PASS_DEPTH_PASS, 1), V(GL_STENCIL_WRITEMASK, 1),
    V(GL_STENCIL_BACK_FUNC, 1), V(GL_STENCIL_BACK_VALUE_MASK, 1), V(GL_STENCIL_BACK_FAIL, 1),
    V(GL_STENCIL_BACK_PASS_DEPTH_FAIL, 1), V(GL_STENCIL_BACK_PASS_DEPTH_PASS, 1),
    V(GL_STENCIL_BACK_WRITEMASK, 1), V(GL_STENCIL_REF, 1), V(GL_STENCIL_BACK_REF, 1),
    V(GL_CULL_FACE, 1), V(GL_CULL_FACE_MODE, 1), V(GL_FRONT_FACE, 1), V(GL_POLYGON_MODE, 2),
    V(GL_POLYGON_OFFSET_FACTOR, 1), V(GL_POLYGON_OFFSET_UNITS, 1), V(GL_POLYGON_OFFSET_FILL, 1),
    V(GL_POLYGON_OFFSET_LINE, 1), V(GL_POLYGON_OFFSET_POINT, 1), V(GL_POLYGON_SMOOTH, 1),
    V(GL_POLYGON_OFFSET_CLAMP, 1), V(GL_CLIP_ORIGIN, 1), V(GL_CLIP_DEPTH_MODE, 1),
    V(GL_POINT_SIZE, 1), V(GL_POINT_SIZE_RANGE, 2), V(GL_POINT_SIZE_GRANULARITY, 1),
    V(GL_POINT_FADE_THRESHOLD_SIZE, 1), V(GL_POINT_SPRITE_COORD_ORIGIN, 1), V(GL_PROGRAM_POINT_SIZE, 1),
    V(GL_LINE_WIDTH, 1), V(GL_LINE_SMOOTH, 1), V(GL_ALIASED_LINE_WIDTH_RANGE, 2),
    V(GL_SMOOTH_LINE_WIDTH_RANGE, 2), V(GL_SMOOTH_LINE_WIDTH_GRANULARITY, 1),
    V(GL_COLOR_LOGIC_OP, 1), V(GL_LOGIC_OP_MODE, 1), V(GL_DITHER, 1), V(GL_FRAMEBUFFER_SRGB, 1),
    V(GL_LINE_SMOOTH_HINT, 1), V(GL_POLYGON_SMOOTH_HINT, 1), V(GL_TEXTURE_COMPRESSION_HINT, 1),
    V(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, 1),
    V(GL_MULTISAMPLE, 1), V(GL_SAMPLE_ALPHA_TO_COVERAGE, 1), V(GL_SAMPLE_ALPHA_TO_ONE, 1),
    V(GL_SAMPLE_COVERAGE, 1), V(GL_SAMPLE_COVERAGE_VALUE, 1), V(GL_SAMPLE_COVERAGE_INVERT, 1),
    V(GL_SAMPLE_SHADING, 1), V(GL_MIN_SAMPLE_SHADING_VALUE, 1), V(GL_SAMPLE_MASK, 1),
    VI(GL_SAMPLE_MASK_VALUE, 1, 1), V(GL_MAX_SAMPLE_MASK_WORDS, 1),
    V(GL_CLAMP_READ_COLOR, 1), V(GL_PRIMITIVE_RESTART, 1), V(GL_PRIMITIVE_RESTART_FIXED_INDEX, 1),
    V(GL_PRIMITIVE_RESTART_INDEX, 1), V(GL_PROVOKING_VERTEX, 1), V(GL_RASTERIZER_DISCARD, 1),
    V(GL_DEPTH_CLAMP, 1), V(GL_TEXTURE_CUBE_MAP_SEAMLESS, 1),
    V(GL_CLIP_DISTANCE0, 1), V(GL_CLIP_DISTANCE7, 1),
    V(GL_PATCH_VERTICES, 1), V(GL_MAX_PATCH_VERTICES, 1), V(GL_PATCH_DEFAULT_OUTER_LEVEL, 4),
    V(GL_PATCH_DEFAULT_INNER_LEVEL, 2),
    V(GL_COLOR_CLEAR_VALUE, 4), V(GL_DEPTH_CLEAR_VALUE, 1), V(GL_STENCIL_CLEAR_VALUE, 1),
    /* Pixel store (GL 4.6 table 23.12). */
    V(GL_UNPACK_SWAP_BYTES, 1), V(GL_UNPACK_LSB_FIRST, 1), V(GL_UNPACK_ROW_LENGTH, 1), V(GL_UNPACK_SKIP_ROWS, 1),
    V(GL_UNPACK_SKIP_PIXELS, 1), V(GL_UNPACK_ALIGNMENT, 1), V(GL_UNPACK_IMAGE_HEIGHT, 1), V(GL_UNPACK_SKIP_IMAGES, 1),
    V(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 1), V(GL_UNPACK_COMPRESSED_BLOCK_HEIGHT, 1),
    V(GL_UNPACK_COMPRESSED_BLOCK_DEPTH, 1), V(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 1),
    V(GL_PACK_SWAP_BYTES, 1), V(GL_PACK_LSB_FIRST, 1), V(GL_PACK_ROW_LENGTH, 1), V(GL_PACK_SKIP_ROWS, 1),
    V(GL_PACK_SKIP_PIXELS, 1), V(GL_PACK_ALIGNMENT, 1), V(GL_PACK_IMAGE_HEIGHT, 1), V(GL_PACK_SKIP_IMAGES, 1),
    V(GL_PACK_COMPRESSED_BLOCK_WIDTH, 1), V(GL_PACK_COMPRESSED_BLOCK_HEIGHT, 1),
    V(GL_PACK_COMPRESSED_BLOCK_DEPTH, 1), V(GL_PACK_COMPRESSED_BLOCK_SIZE, 1),
    /* Object bindings (GL 4.6 tables 23.3, 23.6, 23.10-23.13, 23.32, 23.36, 23.45-23.50). */
    V(GL_ARRAY_BUFFER_BINDING, 1), V(GL_ELEMENT_ARRAY_BUFFER_BINDING, 1), V(GL_COPY_READ_BUFFER_BINDING, 1),
    V(GL_COPY_WRITE_BUFFER_BINDING, 1), V(GL_PIXEL_PACK_BUFFER_BINDING, 1), V(GL_PIXEL_UNPACK_BUFFER_BINDING, 1),
    V(GL_DRAW_INDIRECT_BUFFER_BINDING, 1), V(GL_DISPATCH_INDIRECT_BUFFER_BINDING, 1), V(GL_QUERY_BUFFER_BINDING, 1),
    V(GL_UNIFORM_BUFFER_BINDING, 1), VX(GL_UNIFORM_BUFFER_BINDING), VX(GL_UNIFORM_BUFFER_START),
    VX(GL_UNIFORM_BUFFER_SIZE), V(GL_SHADER_STORAGE_BUFFER_BINDING, 1), VX(GL_SHADER_STORAGE_BUFFER_BINDING),
    VX(GL_SHADER_STORAGE_BUFFER_START), VX(GL_SHADER_STORAGE_BUFFER_SIZE), V(GL_ATOMIC_COUNTER_BUFFER_BINDING, 1),
    VX(GL_ATOMIC_COUNTER_BUFFER_BINDING), VX(GL_ATOMIC_COUNTER_BUFFER_START), VX(GL_ATOMIC_COUNTER_BUFFER_SIZE),
    V(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1), VX(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING),
    VX(GL_TRANSFORM_FEEDBACK_BUFFER_START), VX(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE),
    V(GL_VERTEX_ARRAY_BINDING, 1), V(GL_CURRENT_PROGRAM, 1), V(GL_PROGRAM_PIPELINE_BINDING, 1),
    V(GL_TRANSFORM_FEEDBACK_BINDING, 1), V(GL_DRAW_FRAMEBUFFER_BINDING, 1), V(GL_READ_FRAMEBUFFER_BINDING, 1),
    V(GL_RENDERBUFFER_BINDING, 1), V(GL_ACTIVE_TEXTURE, 1), V(GL_SAMPLER_BINDING, 1),
    V(GL_TEXTURE_BINDING_1D, 1), V(GL_TEXTURE_BINDING_2D, 1), V(GL_TEXTURE_BINDING_3D, 1),
    V(GL_TEXTURE_BINDING_1D_ARRAY, 1), V(GL_TEXTURE_BINDING_2D_ARRAY, 1), V(GL_TEXTURE_BINDING_RECTANGLE, 1),
    V(GL_TEXTURE_BINDING_CUBE_MAP, 1), V(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, 1), V(GL_TEXTURE_BINDING_BUFFER, 1),
    V(GL_TEXTURE_BINDING_2D_MULTISAMPLE, 1), V(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, 1),
    VX(GL_IMAGE_BINDING_NAME), VX(GL_IMAGE_BINDING_LEVEL), VX(GL_IMAGE_BINDING_LAYERED),
    VX(GL_IMAGE_BINDING_LAYER), VX(GL_IMAGE_BINDING_ACCESS), VX(GL_IMAGE_BINDING_FORMAT),
    V(GL_READ_BUFFER, 1), V(GL_DRAW_BUFFER, 1),
    /* Debug output and the context (GL 4.6 tables 23.62, 23.71, 23.75-23.77). */
    V(GL_DEBUG_OUTPUT, 1), V(GL_DEBUG_OUTPUT_SYNCHRONOUS, 1), V(GL_DEBUG_GROUP_STACK_DEPTH, 1),
    V(GL_DEBUG_LOGGED_MESSAGES, 1), V(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH, 1), V(GL_CONTEXT_FLAGS, 1),
    V(GL_CONTEXT_PROFILE_MASK, 1), V(GL_MAJOR_VERSION, 1), V(GL_MINOR_VERSION, 1),
    V(GL_NUM_SHADER_BINARY_FORMATS, 1), V(GL_RESET_NOTIFICATION_STRATEGY, 1), V(GL_SHADER_COMPILER, 1),
};
#define NVARS (int)(sizeof vars / sizeof vars[0])

static void out(const char *key, const char *value)
{
    printf("%s\t%s\n", key, value);
}

/* Implementation limits a GL 4.3 context reports, with the spec's minimum maximum
 * (GL 4.3 tables 23.55-23.69); for the MIN_ limits, the value must be at most `min`. */
typedef struct {
    const char *name;
    GLenum pname;
    double min;
} Limit;
#define L(p, m) {#p, p, m}
static const Limit limits[] = {
    L(GL_MAX_VERTEX_ATTRIBS, 16), L(GL_MAX_VERTEX_UNIFORM_COMPONENTS, 1024), L(GL_MAX_VERTEX_UNIFORM_VECTORS, 256),
    L(GL_MAX_VERTEX_UNIFORM_BLOCKS, 14), L(GL_MAX_VERTEX_OUTPUT_COMPONENTS, 64),
    L(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 16), L(GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS, 0),
    L(GL_MAX_VERTEX_ATOMIC_COUNTERS, 0), L(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, 0), L(GL_MAX_VERTEX_IMAGE_UNIFORMS, 0),
    L(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS, 1024), L(GL_MAX_TESS_GEN_LEVEL, 64), L(GL_MAX_PATCH_VERTICES, 32),
    L(GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS, 1024), L(GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS, 16),
    L(GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS, 128), L(GL_MAX_TESS_PATCH_COMPONENTS, 120),
    L(GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS, 4096), L(GL_MAX_TESS_CONTROL_INPUT_COMPONENTS, 128),
    L(GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS, 14), L(GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS, 0),
    L(GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS, 0), L(GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS, 0),
    L(GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS, 0), L(GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS, 1024),
    L(GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS, 1024), L(GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS, 16),
    L(GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS, 128), L(GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS, 128),
    L(GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS, 14), L(GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS, 0),
    L(GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS, 0), L(GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS, 0),
    L(GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS, 0), L(GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS, 1024),
    L(GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, 1024), L(GL_MAX_GEOMETRY_UNIFORM_BLOCKS, 14),
    L(GL_MAX_GEOMETRY_INPUT_COMPONENTS, 64), L(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, 128),
    L(GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256), L(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024),
    L(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, 16), L(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, 32), L(GL_MAX_VERTEX_STREAMS, 4),
    L(GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS, 0), L(GL_MAX_GEOMETRY_ATOMIC_COUNTERS, 0),
    L(GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS, 0), L(GL_MAX_GEOMETRY_IMAGE_UNIFORMS, 0),
    L(GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS, 1024), L(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, 1024),
    L(GL_MAX_FRAGMENT_UNIFORM_VECTORS, 256), L(GL_MAX_FRAGMENT_UNIFORM_BLOCKS, 14),
    L(GL_MAX_FRAGMENT_INPUT_COMPONENTS, 128), L(GL_MAX_TEXTURE_IMAGE_UNITS, 16),
    L(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET, -8), L(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET, 7),
    L(GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS, 1), L(GL_MAX_FRAGMENT_ATOMIC_COUNTERS, 8),
    L(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 8), L(GL_MAX_FRAGMENT_IMAGE_UNIFORMS, 8),
    L(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, 1), L(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS, 4),
    L(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET, -0.5), L(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET, 0.5),
    L(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS, 1024), L(GL_MAX_VARYING_COMPONENTS, 60),
    L(GL_MAX_VARYING_VECTORS, 15), L(GL_MAX_SUBROUTINES, 256), L(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS, 1024),
    L(GL_MIN_PROGRAM_TEXEL_OFFSET, -8), L(GL_MAX_PROGRAM_TEXEL_OFFSET, 7), L(GL_MAX_IMAGE_SAMPLES, 0),
    L(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, 2047), L(GL_MAX_VERTEX_ATTRIB_BINDINGS, 16),
    L(GL_MAX_ELEMENT_INDEX, 16777215), L(GL_MAX_ELEMENTS_INDICES, 1), L(GL_MAX_ELEMENTS_VERTICES, 1),
    L(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, 64), L(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, 4),
    L(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, 4), L(GL_MAX_TRANSFORM_FEEDBACK_BUFFERS, 4),
    L(GL_SUBPIXEL_BITS, 4), L(GL_MAX_FRAMEBUFFER_WIDTH, 16384), L(GL_MAX_FRAMEBUFFER_HEIGHT, 16384),
    L(GL_MAX_FRAMEBUFFER_LAYERS, 2048), L(GL_MAX_FRAMEBUFFER_SAMPLES, 1), L(GL_MAX_COLOR_TEXTURE_SAMPLES, 1),
    L(GL_MAX_DEPTH_TEXTURE_SAMPLES, 1), L(GL_MAX_INTEGER_SAMPLES, 1), L(GL_MAX_TEXTURE_LOD_BIAS, 2),
    L(GL_MAX_VIEWPORTS, 16), L(GL_MAX_CLIP_DISTANCES, 8), L(GL_MAX_DRAW_BUFFERS, 8), L(GL_MAX_COLOR_ATTACHMENTS, 8),
    L(GL_MAX_SAMPLE_MASK_WORDS, 1),
    /* Compute (the ARB_compute_shader table, GL 4.3's minimums) and the shared limits. */
    L(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, 1024), L(GL_MAX_COMPUTE_UNIFORM_BLOCKS, 12),
    L(GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS, 16), L(GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS, 8),
    L(GL_MAX_COMPUTE_ATOMIC_COUNTERS, 8), L(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, 32768),
    L(GL_MAX_COMPUTE_UNIFORM_COMPONENTS, 512), L(GL_MAX_COMPUTE_IMAGE_UNIFORMS, 8),
    L(GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS, 512), L(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, 8),
    L(GL_MAX_UNIFORM_BUFFER_BINDINGS, 72), L(GL_MAX_COMBINED_UNIFORM_BLOCKS, 70), L(GL_MAX_UNIFORM_BLOCK_SIZE, 16384),
    L(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, 8), L(GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS, 8),
    L(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, 16777216), L(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, 1),
    L(GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS, 1), L(GL_MAX_COMBINED_ATOMIC_COUNTERS, 8),
    L(GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE, 32), L(GL_MAX_IMAGE_UNITS, 8), L(GL_MAX_COMBINED_IMAGE_UNIFORMS, 8),
    L(GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS, 8), L(GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES, 8),
    L(GL_MAX_TEXTURE_SIZE, 16384), L(GL_MAX_3D_TEXTURE_SIZE, 2048), L(GL_MAX_CUBE_MAP_TEXTURE_SIZE, 16384),
    L(GL_MAX_ARRAY_TEXTURE_LAYERS, 2048), L(GL_MAX_RECTANGLE_TEXTURE_SIZE, 16384),
    L(GL_MAX_TEXTURE_BUFFER_SIZE, 65536), L(GL_MAX_RENDERBUFFER_SIZE, 16384),
    L(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 80), L(GL_MAX_UNIFORM_LOCATIONS, 1024), L(GL_MAX_LABEL_LENGTH, 256),
    L(GL_MAX_DEBUG_MESSAGE_LENGTH, 1), L(GL_MAX_DEBUG_LOGGED_MESSAGES, 1), L(GL_MAX_DEBUG_GROUP_STACK_DEPTH, 64),
    L(GL_MAX_SERVER_WAIT_TIMEOUT, 0), L(GL_MIN_MAP_BUFFER_ALIGNMENT, 64),
};
#define NLIMITS (int)(sizeof limits / sizeof limits[0])

/* Each limit: its error through every Get form is compared with Mesa's, its value is
 * printed apart (implementation-dependent), and with --check it meets the spec. */
static void check_limits(void)
{
    for (int i = 0; i < NLIMITS; i++) {
        const Limit *l = &limits[i];
        GLint iv = 0;
        GLint64 i64 = 0;
        GLfloat fv = 0;
        GLdouble dv = 0;
        GLboolean bv = 0;
        char key[160], val[160];
        while (glGetError() != GL_NO_ERROR)
            ;
        glGetIntegerv(l->pname, &iv);
        GLenum e1 = glGetError();
        glGetInteger64v(l->pname, &i64);
        GLenum e2 = glGetError();
        glGetFloatv(l->pname, &fv);
        GLenum e3 = glGetError();
        glGetDoublev(l->pname, &dv);
        GLenum e4 = glGetError();
        glGetBooleanv(l->pname, &bv);
        GLenum e5 = glGetError();
        snprintf(key, sizeof key, "limit %s", l->name);
        snprintf(val, sizeof val, "errors 0x%x 0x%x 0x%x 0x%x 0x%x", e1, e2, e3, e4, e5);
        out(key, val);
        snprintf(key, sizeof key, "limit value %s", l->name);
        snprintf(val, sizeof val, "%g", dv);
        out(key, val);
        /* GL_MIN_* limits are at most their value, except the alignment (at least). */
        int is_min = strncmp(l->name, "GL_MIN_", 7) == 0 && l->pname != GL_MIN_MAP_BUFFER_ALIGNMENT;
        CHECK(!check_mode || (!e1 && !e2 && !e3 && !e4 && !e5), "%s answers every Get form (0x%x 0x%x 0x%x 0x%x 0x%x)",
              l->name, e1, e2, e3, e4, e5);
        CHECK(!check_mode || (is_min ? dv <= l->min : dv >= l->min), "%s = %g, the spec asks %s %g", l->name, dv,
              is_min ? "at most" : "at least", l->min);
        CHECK(!check_mode || ((double)i64 == round(dv) && fabs((double)fv - dv) <= fabs(dv) * 1e-6),
              "%s: the Get forms agree (%lld, %g, %g)", l->name, (long long)i64, (double)fv, dv);
    }
    /* The default framebuffer's properties (no surface). */
    GLboolean db = 1, stereo = 1;
    GLint sb = -1, samples = -1;
    glGetBooleanv(GL_DOUBLEBUFFER, &db);
    glGetBooleanv(GL_STEREO, &stereo);
    glGetIntegerv(GL_SAMPLE_BUFFERS, &sb);
    glGetIntegerv(GL_SAMPLES, &samples);
    char v[96];
    snprintf(v, sizeof v, "%d %d %d %d err 0x%x", db, stereo, sb, samples, glGetError());
    out("default framebuffer DOUBLEBUFFER STEREO SAMPLE_BUFFERS SAMPLES", v);
}

/* Every Get form of one variable. */
static void dump(const char *stage, const Var *v)
{
    char key[256], val[512];
    GLint iv[16];
    GLint64 i64[16];
    GLfloat fv[16];
    GLdouble dv[16];
    GLboolean bv[16];
    int n = v->n;
    while (glGetError() != GL_NO_ERROR)
        ;
#define ONE(fn, arr, fmt, cast)                                                     \
    do {                                                                            \
        fn(v->pname, arr);                                                          \
        GLenum e = glGetError();                                                    \
        int at = snprintf(val, sizeof val, "err 0x%x:", e);                         \
        for (int i = 0; i < n && !e; i++)                                           \
            at += snprintf(val + at, sizeof val - at, " " fmt, (cast)arr[i]);       \
        snprintf(key, sizeof key, "%s %s(%s)", stage, #fn, v->name);                \
        out(key, val);                                                              \
    } while (0)
    ONE(glGetIntegerv, iv, "%d", int);
    ONE(glGetInteger64v, i64, "%lld", long long);
    ONE(glGetFloatv, fv, "%g", double);
    ONE(glGetDoublev, dv, "%g", double);
    ONE(glGetBooleanv, bv, "%d", int);
#undef ONE
    if (v->indexed) {
        /* Index 1 (where there is one), and the first index past the end. */
        for (int k = 0; k < 2; k++) {
            GLuint index = k == 0 ? (v->indexed > 1 ? 1 : 0) : (GLuint)v->indexed;
            glGetIntegeri_v(v->pname, index, iv);
            GLenum e = glGetError();
            int at = snprintf(val, sizeof val, "err 0x%x:", e);
            for (int i = 0; i < n && !e; i++)
                at += snprintf(val + at, sizeof val - at, " %d", iv[i]);
            snprintf(key, sizeof key, "%s glGetIntegeri_v(%s, %u)", stage, v->name, index);
            out(key, val);
            glGetFloati_v(v->pname, index, fv);
            e = glGetError();
            at = snprintf(val, sizeof val, "err 0x%x:", e);
            for (int i = 0; i < n && !e; i++)
                at += snprintf(val + at, sizeof val - at, " %g", (double)fv[i]);
            snprintf(key, sizeof key, "%s glGetFloati_v(%s, %u)", stage, v->name, index);
            out(key, val);
        }
    }
}

static void dump_all(const char *stage)
{
    for (int i = 0; i < NVARS; i++)
        dump(stage, &vars[i]);
}

/* A call and the error it leaves. */
#define CALL(expr)                                          \
    do {                                                    \
        while (glGetError() != GL_NO_ERROR)                 \
            ;                                               \
        expr;                                               \
        char v_[32];                                        \
        snprintf(v_, sizeof v_, "err 0x%x", glGetError());  \
        out("call " #expr, v_);                             \
    } while (0)

/* In --check mode: the value of an integer state variable. */
static void expect_int(const char *what, GLenum pname, GLint want)
{
    GLint got = -12345;
    glGetIntegerv(pname, &got);
    CHECK(!check_mode || got == want, "%s: got %d (0x%x), want %d (0x%x)", what, got, got, want, want);
}

static void expect_err(const char *what, GLenum want)
{
    GLenum got = glGetError();
    CHECK(!check_mode || got == want, "%s: error 0x%x, want 0x%x", what, got, want);
}

/* ---- vertex arrays (GL 4.6 §10.2-§10.6) ---- */

static const struct {
    const char *name;
    GLenum pname;
} attrib_pnames[] = {
    {"ENABLED", GL_VERTEX_ATTRIB_ARRAY_ENABLED}, {"SIZE", GL_VERTEX_ATTRIB_ARRAY_SIZE},
    {"STRIDE", GL_VERTEX_ATTRIB_ARRAY_STRIDE}, {"TYPE", GL_VERTEX_ATTRIB_ARRAY_TYPE},
    {"NORMALIZED", GL_VERTEX_ATTRIB_ARRAY_NORMALIZED}, {"INTEGER", GL_VERTEX_ATTRIB_ARRAY_INTEGER},
    {"LONG", GL_VERTEX_ATTRIB_ARRAY_LONG}, {"DIVISOR", GL_VERTEX_ATTRIB_ARRAY_DIVISOR},
    {"BUFFER_BINDING", GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING}, {"BINDING", GL_VERTEX_ATTRIB_BINDING},
    {"RELATIVE_OFFSET", GL_VERTEX_ATTRIB_RELATIVE_OFFSET}, {"CURRENT", GL_CURRENT_VERTEX_ATTRIB},
    {"bad pname", GL_TEXTURE_2D},
};

/* Every attribute parameter of attributes `idx` through the six Get forms. */
static void dump_attribs(const char *stage, const GLuint *idx, int nidx)
{
    char key[160], val[256];
    for (int k = 0; k < nidx; k++) {
        for (unsigned p = 0; p < sizeof attrib_pnames / sizeof attrib_pnames[0]; p++) {
            GLint iv[4] = {-7, -7, -7, -7}, Iiv[4] = {-7, -7, -7, -7};
            GLuint Iuiv[4] = {7, 7, 7, 7};
            GLfloat fv[4] = {-7, -7, -7, -7};
            GLdouble dv[4] = {-7, -7, -7, -7}, Ldv[4] = {-7, -7, -7, -7};
            int n = attrib_pnames[p].pname == GL_CURRENT_VERTEX_ATTRIB ? 4 : 1;
            while (glGetError() != GL_NO_ERROR)
                ;
            glGetVertexAttribiv(idx[k], attrib_pnames[p].pname, iv);
            GLenum e1 = glGetError();
            glGetVertexAttribfv(idx[k], attrib_pnames[p].pname, fv);
            GLenum e2 = glGetError();
            glGetVertexAttribdv(idx[k], attrib_pnames[p].pname, dv);
            GLenum e3 = glGetError();
            glGetVertexAttribIiv(idx[k], attrib_pnames[p].pname, Iiv);
            GLenum e4 = glGetError();
            glGetVertexAttribIuiv(idx[k], attrib_pnames[p].pname, Iuiv);
            GLenum e5 = glGetError();
            glGetVertexAttribLdv(idx[k], attrib_pnames[p].pname, Ldv);
            GLenum e6 = glGetError();
#define FORM(label, e, arr, fmt, cast)                                                              \
    do {                                                                                            \
        int at = snprintf(val, sizeof val, "err 0x%x:", e);                                         \
        for (int i = 0; i < n && !e; i++)                                                           \
            at += snprintf(val + at, sizeof val - at, " " fmt, (cast)arr[i]);                       \
        snprintf(key, sizeof key, "%s attrib %u %s %s", stage, idx[k], attrib_pnames[p].name, label); \
        out(key, val);                                                                              \
    } while (0)
            FORM("iv", e1, iv, "%d", int);
            FORM("fv", e2, fv, "%g", double);
            FORM("dv", e3, dv, "%g", double);
            FORM("Iiv", e4, Iiv, "%d", int);
            FORM("Iuiv", e5, Iuiv, "%u", unsigned);
            FORM("Ldv", e6, Ldv, "%g", double);
#undef FORM
        }
        void *ptr = (void *)1;
        glGetVertexAttribPointerv(idx[k], GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
        snprintf(key, sizeof key, "%s attrib %u POINTER", stage, idx[k]);
        snprintf(val, sizeof val, "err 0x%x: %p", glGetError(), ptr);
        out(key, val);
    }
    for (GLuint b = 0; b < 18; b += 1) {
        if (b > 2 && b < 15)
            continue;
        static const GLenum bp[] = {GL_VERTEX_BINDING_BUFFER, GL_VERTEX_BINDING_OFFSET, GL_VERTEX_BINDING_STRIDE,
                                    GL_VERTEX_BINDING_DIVISOR};
        for (int q = 0; q < 4; q++) {
            GLint iv = -7;
            GLint64 i64 = -7;
            glGetIntegeri_v(bp[q], b, &iv);
            GLenum e1 = glGetError();
            glGetInteger64i_v(bp[q], b, &i64);
            GLenum e2 = glGetError();
            snprintf(key, sizeof key, "%s binding %u 0x%x", stage, b, bp[q]);
            snprintf(val, sizeof val, "err 0x%x 0x%x: %d %lld", e1, e2, e1 ? 0 : iv, e2 ? 0LL : (long long)i64);
            out(key, val);
        }
    }
    GLint vao = -1, eab = -1;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
    glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &eab);
    snprintf(key, sizeof key, "%s VERTEX_ARRAY_BINDING ELEMENT_ARRAY_BUFFER_BINDING", stage);
    snprintf(val, sizeof val, "%d %d err 0x%x", vao, eab, glGetError());
    out(key, val);
}

static void vertex_state(void)
{
    static const GLuint idx[] = {0, 1, 3, 15, 16};
    const int nidx = sizeof idx / sizeof idx[0];
    GLuint bufs[3], vaos[3];
    glGenBuffers(3, bufs);
    for (int i = 0; i < 3; i++) {
        glBindBuffer(GL_ARRAY_BUFFER, bufs[i]);
        glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);

    /* No vertex array object bound (a core context has no default one). */
    dump_attribs("no-vao", idx, nidx);
    CALL(glEnableVertexAttribArray(0));
    CALL(glEnableVertexAttribArray(16));
    CALL(glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0));
    CALL(glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, 0));
    CALL(glBindVertexBuffer(0, bufs[0], 0, 16));
    CALL(glVertexAttribBinding(0, 1));
    CALL(glVertexAttribDivisor(0, 1));
    CALL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]));
    CALL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0));

    /* Objects. */
    CALL(glGenVertexArrays(-1, vaos));
    CALL(glGenVertexArrays(3, vaos));
    char v[64];
    snprintf(v, sizeof v, "%d %d", glIsVertexArray(vaos[0]), glIsVertexArray(0));
    out("IsVertexArray of a generated name, of 0", v);
    CALL(glBindVertexArray(vaos[0] + 100));
    CALL(glBindVertexArray(vaos[0]));
    snprintf(v, sizeof v, "%d", glIsVertexArray(vaos[0]));
    out("IsVertexArray once bound", v);
    dump_attribs("initial-vao", idx, nidx);

    /* Formats and pointers. */
    CALL(glEnableVertexAttribArray(1));
    CALL(glEnableVertexAttribArray(16));
    CALL(glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, (void *)16));
    CALL(glBindBuffer(GL_ARRAY_BUFFER, bufs[0]));
    CALL(glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, (void *)16));
    CALL(glVertexAttribPointer(1, 5, GL_FLOAT, GL_FALSE, 0, 0));
    CALL(glVertexAttribPointer(1, 0, GL_FLOAT, GL_FALSE, 0, 0));
    CALL(glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, -4, 0));
    CALL(glVertexAttribPointer(1, 4, GL_UNSIGNED_INT_VEC4, GL_FALSE, 0, 0));
    CALL(glVertexAttribPointer(1, GL_BGRA, GL_FLOAT, GL_TRUE, 0, 0));
    CALL(glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, 0));
    CALL(glVertexAttribPointer(3, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, (void *)4));
    CALL(glVertexAttribPointer(1, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0, 0));
    CALL(glVertexAttribPointer(1, 4, GL_INT_2_10_10_10_REV, GL_TRUE, 0, 0));
    CALL(glVertexAttribPointer(15, 2, GL_SHORT, GL_TRUE, 12, (void *)8));
    CALL(glVertexAttribPointer(16, 2, GL_SHORT, GL_TRUE, 12, (void *)8));
    CALL(glVertexAttribIPointer(1, 2, GL_FLOAT, 0, 0));
    CALL(glVertexAttribIPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, 0, 0));
    CALL(glVertexAttribIPointer(0, 2, GL_UNSIGNED_SHORT, 0, (void *)2));
    CALL(glVertexAttribLPointer(1, 2, GL_FLOAT, 0, 0));
    CALL(glVertexAttribLPointer(15, 3, GL_DOUBLE, 48, (void *)24));
    CALL(glVertexAttribFormat(1, 2, GL_HALF_FLOAT, GL_TRUE, 2047));
    CALL(glVertexAttribFormat(1, 2, GL_HALF_FLOAT, GL_TRUE, 2048));
    CALL(glVertexAttribFormat(16, 2, GL_HALF_FLOAT, GL_TRUE, 0));
    CALL(glVertexAttribFormat(1, 2, 0x1234, GL_TRUE, 0));
    CALL(glVertexAttribIFormat(1, 3, GL_DOUBLE, 0));
    CALL(glVertexAttribIFormat(1, 3, GL_BYTE, 6));
    CALL(glVertexAttribLFormat(1, 4, GL_INT, 0));
    CALL(glVertexAttribBinding(1, 15));
    CALL(glVertexAttribBinding(1, 16));
    CALL(glVertexAttribBinding(16, 1));
    CALL(glBindVertexBuffer(15, bufs[1], 64, 20));
    CALL(glBindVertexBuffer(16, bufs[1], 64, 20));
    CALL(glBindVertexBuffer(2, bufs[1], -1, 20));
    CALL(glBindVertexBuffer(2, bufs[1], 0, -20));
    CALL(glBindVertexBuffer(2, 9999, 0, 4));
    CALL(glBindVertexBuffer(2, 0, 8, 4));
    CALL(glVertexBindingDivisor(15, 3));
    CALL(glVertexBindingDivisor(16, 3));
    CALL(glVertexAttribDivisor(3, 2));
    CALL(glVertexAttribDivisor(16, 2));
    CALL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]));
    dump_attribs("after-formats", idx, nidx);

    /* The element array buffer belongs to the object; deleting a buffer detaches it
     * from the bound object. */
    CALL(glBindVertexArray(vaos[1]));
    dump_attribs("second-vao", idx, 2);
    CALL(glBindVertexArray(vaos[0]));
    CALL(glDeleteBuffers(1, &bufs[1]));
    CALL(glDeleteBuffers(1, &bufs[2]));
    dump_attribs("after-delete", idx, nidx);
    CALL(glDeleteVertexArrays(1, &vaos[0]));
    dump_attribs("deleted-vao", idx, 1);
    CALL(glBindVertexArray(vaos[0]));
    snprintf(v, sizeof v, "%d", glIsVertexArray(vaos[0]));
    out("IsVertexArray after delete", v);

    /* Current attribute values. */
    CALL(glVertexAttrib4f(0, 1.5f, 2.5f, -3.5f, 4.5f));
    CALL(glVertexAttrib2f(1, 7.0f, 8.0f));
    CALL(glVertexAttrib1s(2, -3));
    CALL(glVertexAttrib4f(16, 0, 0, 0, 0));
    CALL(glVertexAttribI4i(3, -1, 2, -3, 2147483647));
    CALL(glVertexAttribI2ui(4, 4000000000u, 5));
    CALL(glVertexAttribL3d(5, 0.1, -1e300, 3.0));
    static const GLbyte nb[4] = {-128, -127, 0, 127};
    CALL(glVertexAttrib4Nbv(6, nb));
    CALL(glVertexAttrib4Nub(7, 0, 51, 255, 128));
    static const GLushort us[4] = {65535, 0, 1, 2};
    CALL(glVertexAttrib4Nusv(8, us));
    CALL(glVertexAttribP4ui(9, GL_INT_2_10_10_10_REV, GL_TRUE, 0xC00FFDFFu));
    CALL(glVertexAttribP3ui(10, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0x3FF003FFu));
    CALL(glVertexAttribP2ui(10, GL_FLOAT, GL_FALSE, 0));
    static const GLuint pw = 0x40100401u;
    CALL(glVertexAttribP1uiv(11, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, &pw));
    static const GLdouble d4[4] = {1.25, 2.5, 3.75, 5.0};
    CALL(glVertexAttrib4dv(12, d4));
    CALL(glVertexAttribL4dv(13, d4));
    static const GLint i4[4] = {-5, 6, -7, 8};
    CALL(glVertexAttribI4iv(14, i4));
    CALL(glVertexAttrib4iv(15, i4));
    static const struct {
        GLuint index;
        const char *form;
    } reads[] = {{0, "fv"}, {1, "fv"}, {2, "fv"}, {3, "Iiv"}, {4, "Iuiv"}, {5, "Ldv"}, {6, "fv"}, {7, "fv"},
                 {8, "fv"}, {9, "fv"}, {10, "fv"}, {11, "fv"}, {12, "fv"}, {13, "Ldv"}, {14, "Iiv"}, {15, "fv"}};
    for (unsigned r = 0; r < sizeof reads / sizeof reads[0]; r++) {
        GLfloat f[4] = {0};
        GLint iv[4] = {0};
        GLuint uv[4] = {0};
        GLdouble dv[4] = {0};
        char key[96], val[160];
        if (strcmp(reads[r].form, "fv") == 0) {
            glGetVertexAttribfv(reads[r].index, GL_CURRENT_VERTEX_ATTRIB, f);
            snprintf(val, sizeof val, "%.9g %.9g %.9g %.9g", f[0], f[1], f[2], f[3]);
        } else if (strcmp(reads[r].form, "Iiv") == 0) {
            glGetVertexAttribIiv(reads[r].index, GL_CURRENT_VERTEX_ATTRIB, iv);
            snprintf(val, sizeof val, "%d %d %d %d", iv[0], iv[1], iv[2], iv[3]);
        } else if (strcmp(reads[r].form, "Iuiv") == 0) {
            glGetVertexAttribIuiv(reads[r].index, GL_CURRENT_VERTEX_ATTRIB, uv);
            snprintf(val, sizeof val, "%u %u %u %u", uv[0], uv[1], uv[2], uv[3]);
        } else {
            glGetVertexAttribLdv(reads[r].index, GL_CURRENT_VERTEX_ATTRIB, dv);
            snprintf(val, sizeof val, "%.17g %.17g %.17g %.17g", dv[0], dv[1], dv[2], dv[3]);
        }
        snprintf(key, sizeof key, "current %u (%s)", reads[r].index, reads[r].form);
        out(key, val);
    }
    GLfloat c0[4];
    glGetVertexAttribfv(0, GL_CURRENT_VERTEX_ATTRIB, c0);
    CHECK(!check_mode || (c0[0] == 1.5f && c0[3] == 4.5f), "current attribute 0: %g %g %g %g", c0[0], c0[1],
          c0[2], c0[3]);
    GLint vao = -1;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
    CHECK(!check_mode || vao == 0, "deleting the bound vertex array object binds 0 (%d)", vao);
}

/* ---- framebuffer and renderbuffer parameters (GL 4.6 §9.2.1, §9.2.3, §9.2.6, §17.4.4) ---- */

static const struct {
    const char *name;
    GLenum pname;
} fba_pnames[] = {
    {"TYPE", GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE}, {"NAME", GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME},
    {"RED", GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE}, {"GREEN", GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE},
    {"BLUE", GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE}, {"ALPHA", GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE},
    {"DEPTH", GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE}, {"STENCIL", GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE},
    {"COMPONENT_TYPE", GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE},
    {"COLOR_ENCODING", GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING},
    {"LEVEL", GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL}, {"FACE", GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE},
    {"LAYER", GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER}, {"LAYERED", GL_FRAMEBUFFER_ATTACHMENT_LAYERED},
    {"bad pname", GL_TEXTURE_2D},
};

static void dump_attachment(const char *stage, GLenum attachment)
{
    char key[128], val[64];
    for (unsigned p = 0; p < sizeof fba_pnames / sizeof fba_pnames[0]; p++) {
        GLint v = -7;
        while (glGetError() != GL_NO_ERROR)
            ;
        glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, fba_pnames[p].pname, &v);
        GLenum e = glGetError();
        snprintf(key, sizeof key, "%s attachment 0x%x %s", stage, attachment, fba_pnames[p].name);
        snprintf(val, sizeof val, "err 0x%x: %d", e, e ? 0 : v);
        out(key, val);
    }
}

static void dump_fb_params(const char *stage, GLenum target)
{
    static const GLenum pn[] = {GL_FRAMEBUFFER_DEFAULT_WIDTH, GL_FRAMEBUFFER_DEFAULT_HEIGHT,
                                GL_FRAMEBUFFER_DEFAULT_LAYERS, GL_FRAMEBUFFER_DEFAULT_SAMPLES,
                                GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS, GL_DOUBLEBUFFER, GL_STEREO,
                                GL_SAMPLES, GL_SAMPLE_BUFFERS, GL_IMPLEMENTATION_COLOR_READ_FORMAT,
                                GL_IMPLEMENTATION_COLOR_READ_TYPE, GL_TEXTURE_2D};
    char key[128], val[64];
    for (unsigned p = 0; p < sizeof pn / sizeof pn[0]; p++) {
        GLint v = -7;
        while (glGetError() != GL_NO_ERROR)
            ;
        glGetFramebufferParameteriv(target, pn[p], &v);
        GLenum e = glGetError();
        snprintf(key, sizeof key, "%s framebuffer parameter 0x%x", stage, pn[p]);
        snprintf(val, sizeof val, "err 0x%x: %d", e, e ? 0 : v);
        out(key, val);
    }
    GLint f = -7, t = -7;
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &f);
    GLenum e1 = glGetError();
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &t);
    GLenum e2 = glGetError();
    snprintf(key, sizeof key, "%s GetIntegerv IMPLEMENTATION_COLOR_READ_FORMAT/TYPE", stage);
    snprintf(val, sizeof val, "err 0x%x 0x%x: 0x%x 0x%x", e1, e2, e1 ? 0 : f, e2 ? 0 : t);
    out(key, val);
}

static void dump_renderbuffer(const char *stage)
{
    static const GLenum pn[] = {GL_RENDERBUFFER_WIDTH, GL_RENDERBUFFER_HEIGHT, GL_RENDERBUFFER_INTERNAL_FORMAT,
                                GL_RENDERBUFFER_SAMPLES, GL_RENDERBUFFER_RED_SIZE, GL_RENDERBUFFER_GREEN_SIZE,
                                GL_RENDERBUFFER_BLUE_SIZE, GL_RENDERBUFFER_ALPHA_SIZE, GL_RENDERBUFFER_DEPTH_SIZE,
                                GL_RENDERBUFFER_STENCIL_SIZE, GL_TEXTURE_2D};
    char key[128], val[64];
    for (unsigned p = 0; p < sizeof pn / sizeof pn[0]; p++) {
        GLint v = -7;
        while (glGetError() != GL_NO_ERROR)
            ;
        glGetRenderbufferParameteriv(GL_RENDERBUFFER, pn[p], &v);
        GLenum e = glGetError();
        snprintf(key, sizeof key, "%s renderbuffer 0x%x", stage, pn[p]);
        snprintf(val, sizeof val, "err 0x%x: %d", e, e ? 0 : v);
        out(key, val);
    }
}

static void framebuffer_state(void)
{
    /* The default framebuffer (no surface). */
    static const GLenum dflt[] = {GL_FRONT_LEFT, GL_BACK_LEFT, GL_DEPTH, GL_STENCIL, GL_COLOR_ATTACHMENT0};
    for (unsigned i = 0; i < sizeof dflt / sizeof dflt[0]; i++)
        dump_attachment("default", dflt[i]);
    dump_fb_params("default", GL_FRAMEBUFFER);
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16));
    const GLenum dcolor = GL_COLOR;
    CALL(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &dcolor));
    const GLenum dbad = GL_COLOR_ATTACHMENT0;
    CALL(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &dbad));
    CALL(glBindRenderbuffer(GL_RENDERBUFFER, 0));
    dump_renderbuffer("unbound");

    /* A framebuffer object with texture and renderbuffer attachments. */
    GLuint tex[5], rb, fb;
    glGenTextures(5, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glTexStorage2D(GL_TEXTURE_2D, 2, GL_R32F, 16, 16);
    glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RG16UI, 8, 8, 4);
    glBindTexture(GL_TEXTURE_CUBE_MAP, tex[3]);
    glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_SRGB8_ALPHA8, 8, 8);
    glBindTexture(GL_TEXTURE_2D, tex[4]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32I, 8, 8);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    dump_renderbuffer("no storage");
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 8, 8);
    dump_renderbuffer("depth24 stencil8");
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    CALL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0));
    CALL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 1));
    CALL(glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT2, tex[2], 0, 2));
    CALL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT3, GL_TEXTURE_CUBE_MAP_POSITIVE_Y, tex[3], 0));
    CALL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT5, GL_TEXTURE_2D, tex[4], 0));
    CALL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb));
    static const GLenum att[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2,
                                 GL_COLOR_ATTACHMENT3, GL_COLOR_ATTACHMENT4, GL_COLOR_ATTACHMENT5,
                                 GL_COLOR_ATTACHMENT0 + 8, GL_DEPTH_ATTACHMENT, GL_STENCIL_ATTACHMENT,
                                 GL_DEPTH_STENCIL_ATTACHMENT, GL_BACK_LEFT, GL_TEXTURE_2D};
    for (unsigned i = 0; i < sizeof att / sizeof att[0]; i++)
        dump_attachment("fbo", att[i]);
    char v[64];
    snprintf(v, sizeof v, "0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
    out("fbo status", v);
    dump_fb_params("fbo read RGBA8", GL_FRAMEBUFFER);
    CALL(glReadBuffer(GL_COLOR_ATTACHMENT1));
    dump_fb_params("fbo read R32F", GL_READ_FRAMEBUFFER);
    CALL(glReadBuffer(GL_COLOR_ATTACHMENT5));
    dump_fb_params("fbo read R32I", GL_READ_FRAMEBUFFER);
    CALL(glReadBuffer(GL_COLOR_ATTACHMENT4));
    dump_fb_params("fbo read nothing", GL_READ_FRAMEBUFFER);
    /* Stencil and depth from different images: DEPTH_STENCIL_ATTACHMENT is ambiguous. */
    CALL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0));
    dump_attachment("fbo split", GL_DEPTH_STENCIL_ATTACHMENT);

    static const GLenum inv[] = {GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT, GL_DEPTH_STENCIL_ATTACHMENT};
    CALL(glInvalidateFramebuffer(GL_FRAMEBUFFER, 3, inv));
    CALL(glInvalidateFramebuffer(GL_FRAMEBUFFER, -1, inv));
    CALL(glInvalidateFramebuffer(0x1234, 1, inv));
    const GLenum c8 = GL_COLOR_ATTACHMENT0 + 8, color = GL_COLOR;
    CALL(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &c8));
    CALL(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &color));
    CALL(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, inv, 0, 0, 4, 4));
    CALL(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, inv, 0, 0, -4, 4));
    CALL(glInvalidateNamedFramebufferData(fb, 1, inv));
    CALL(glInvalidateNamedFramebufferData(fb + 100, 1, inv));

    /* A framebuffer without attachments and its default size. */
    GLuint empty;
    glGenFramebuffers(1, &empty);
    glBindFramebuffer(GL_FRAMEBUFFER, empty);
    snprintf(v, sizeof v, "0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
    out("empty status", v);
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 64));
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 32));
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, 3));
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS, 5));
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, -1));
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16385));
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, 2049));
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, 0));
    CALL(glFramebufferParameteri(GL_FRAMEBUFFER, 0x1234, 1));
    CALL(glFramebufferParameteri(0x1234, GL_FRAMEBUFFER_DEFAULT_WIDTH, 1));
    CALL(glNamedFramebufferParameteri(0, GL_FRAMEBUFFER_DEFAULT_WIDTH, 1));
    dump_fb_params("empty with size", GL_DRAW_FRAMEBUFFER);
    snprintf(v, sizeof v, "0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
    out("empty-with-size status", v);
    CHECK(!check_mode || glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "a framebuffer with no attachment and a default size is complete");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* ---- fragment output bindings (GL 4.6 §15.2.3) ---- */
static void frag_data_state(void)
{
    GLuint p = glCreateProgram();
    CALL(glBindFragDataLocation(p, 0, "color"));
    CALL(glBindFragDataLocation(p, 8, "color"));
    CALL(glBindFragDataLocation(p, 1, "gl_FragColor"));
    CALL(glBindFragDataLocation(p, 9, "gl_FragColor"));
    CALL(glBindFragDataLocation(p + 100, 0, "color"));
    CALL(glBindFragDataLocationIndexed(p, 0, 1, "second"));
    CALL(glBindFragDataLocationIndexed(p, 1, 1, "second"));
    CALL(glBindFragDataLocationIndexed(p, 0, 2, "second"));
    CALL(glBindFragDataLocationIndexed(p, 3, 0, "third"));
    CALL(glGetFragDataLocation(p, "color"));
    CALL(glGetFragDataIndex(p, "color"));
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    const char *src = "#version 430\nlayout(local_size_x = 1) in;\nvoid main() { }\n";
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    glAttachShader(p, s);
    glLinkProgram(p);
    char v[64];
    GLint loc = glGetFragDataLocation(p, "color"), idx = glGetFragDataIndex(p, "color");
    snprintf(v, sizeof v, "%d %d err 0x%x", loc, idx, glGetError());
    out("linked compute program GetFragDataLocation/Index", v);
}

/* ---- transform feedback objects and conditional rendering (GL 4.6 §13.3, §10.10) ---- */
static void xfb_state(void)
{
    char v[96];
    GLint b = -1;
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &b);
    snprintf(v, sizeof v, "%d err 0x%x", b, glGetError());
    out("initial TRANSFORM_FEEDBACK_BINDING", v);
    GLuint x[2];
    CALL(glGenTransformFeedbacks(-1, x));
    CALL(glGenTransformFeedbacks(2, x));
    snprintf(v, sizeof v, "%d", glIsTransformFeedback(x[0]));
    out("IsTransformFeedback before bind", v);
    CALL(glBindTransformFeedback(GL_ARRAY_BUFFER, x[0]));
    CALL(glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, x[0] + 100));
    GLuint buf[2];
    glGenBuffers(2, buf);
    CALL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, buf[0]));
    CALL(glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, x[0]));
    snprintf(v, sizeof v, "%d", glIsTransformFeedback(x[0]));
    out("IsTransformFeedback after bind", v);
    GLint n = -1;
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &n);
    snprintf(v, sizeof v, "%d err 0x%x", n, glGetError());
    out("object's binding 1 (the default object's buffer is not there)", v);
    CALL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 2, buf[1]));
    CALL(glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0));
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &n);
    snprintf(v, sizeof v, "%d err 0x%x", n == (GLint)buf[0], glGetError());
    out("default object's binding 1 is back", v);
    CALL(glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, x[0]));
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 2, &n);
    snprintf(v, sizeof v, "%d", n == (GLint)buf[1]);
    out("object's binding 2 kept", v);
    GLboolean act = 9, paused = 9;
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &act);
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_PAUSED, &paused);
    snprintf(v, sizeof v, "%d %d err 0x%x", act, paused, glGetError());
    out("TRANSFORM_FEEDBACK_ACTIVE PAUSED", v);
    CALL(glBeginTransformFeedback(GL_QUADS));
    CALL(glBeginTransformFeedback(GL_TRIANGLES));
    CALL(glEndTransformFeedback());
    CALL(glPauseTransformFeedback());
    CALL(glResumeTransformFeedback());
    CALL(glDeleteTransformFeedbacks(1, &x[0]));
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &b);
    snprintf(v, sizeof v, "%d", b);
    out("binding after deleting the bound object", v);
    CALL(glDeleteTransformFeedbacks(-1, x));

    GLuint p = glCreateProgram();
    const char *names[2] = {"a", "b"};
    CALL(glTransformFeedbackVaryings(p, 2, names, GL_SEPARATE_ATTRIBS));
    CALL(glTransformFeedbackVaryings(p, -1, names, GL_SEPARATE_ATTRIBS));
    CALL(glTransformFeedbackVaryings(p, 2, names, GL_TRIANGLES));
    CALL(glTransformFeedbackVaryings(p, 5, names, GL_SEPARATE_ATTRIBS));
    CALL(glTransformFeedbackVaryings(p + 100, 2, names, GL_SEPARATE_ATTRIBS));
    GLsizei len, size;
    GLenum ty;
    char name[16];
    CALL(glGetTransformFeedbackVarying(p, 0, 16, &len, &size, &ty, name));
    CALL(glGetTransformFeedbackVarying(p + 100, 0, 16, &len, &size, &ty, name));

    /* Conditional rendering. */
    GLuint q[2];
    glGenQueries(2, q);
    CALL(glBeginConditionalRender(q[0], GL_QUERY_WAIT));
    CALL(glBeginConditionalRender(q[0] + 100, GL_QUERY_WAIT));
    CALL(glBeginQuery(GL_SAMPLES_PASSED, q[0]));
    CALL(glBeginConditionalRender(q[0], GL_QUERY_WAIT));
    CALL(glEndQuery(GL_SAMPLES_PASSED));
    CALL(glBeginConditionalRender(q[0], 0x1234));
    CALL(glBeginConditionalRender(q[0], GL_QUERY_NO_WAIT));
    CALL(glBeginConditionalRender(q[0], GL_QUERY_NO_WAIT));
    CALL(glEndConditionalRender());
    CALL(glEndConditionalRender());
    CALL(glBeginQuery(GL_TIME_ELAPSED, q[1]));
    CALL(glEndQuery(GL_TIME_ELAPSED));
    CALL(glBeginConditionalRender(q[1], GL_QUERY_WAIT));
}

int main(int argc, char **argv)
{
    check_mode = argc > 1 && strcmp(argv[1], "--check") == 0;
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 0);
    if (!eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "eglMakeCurrent failed: 0x%x\n", eglGetError());
        return 2;
    }

    /* Which driver answers (not compared; the comparison checks it is the one meant). */
    out("driver", (const char *)glGetString(GL_RENDERER));
    dump_all("initial");
    check_limits();
    /* The spec's initial values (GL 4.6 tables 23.5-23.21, 23.74). */
    expect_int("DEPTH_FUNC", GL_DEPTH_FUNC, GL_LESS);
    expect_int("BLEND_DST_RGB", GL_BLEND_DST_RGB, GL_ZERO);
    expect_int("STENCIL_VALUE_MASK", GL_STENCIL_VALUE_MASK, -1);
    expect_int("DITHER", GL_DITHER, 1);
    expect_int("MULTISAMPLE", GL_MULTISAMPLE, 1);
    expect_int("PATCH_VERTICES", GL_PATCH_VERTICES, 3);
    expect_int("PROVOKING_VERTEX", GL_PROVOKING_VERTEX, GL_LAST_VERTEX_CONVENTION);
    expect_int("CLAMP_READ_COLOR", GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
    expect_int("POINT_SPRITE_COORD_ORIGIN", GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
    GLint dr[2];
    glGetIntegerv(GL_DEPTH_RANGE, dr);
    CHECK(!check_mode || (dr[0] == 0 && dr[1] == 2147483647), "DEPTH_RANGE as integers maps 1.0 to 2^31-1 (%d %d)",
          dr[0], dr[1]);

    /* Viewports, scissors, depth ranges. */
    CALL(glViewport(1, 2, 30, 40));
    CALL(glViewport(0, 0, -1, 5));
    expect_err("(checked above)", GL_NO_ERROR);
    CALL(glViewport(-100000, 100000, 1 << 20, 1 << 20));
    CALL(glViewportIndexedf(3, 1.5f, 2.5f, 3.5f, 4.5f));
    CALL(glViewportIndexedf(16, 0, 0, 1, 1));
    CALL(glViewportIndexedf(2, 0, 0, -1, 1));
    const GLfloat vps[8] = {5, 6, 7, 8, 9, 10, 11, 12};
    CALL(glViewportArrayv(14, 2, vps));
    CALL(glViewportArrayv(15, 2, vps));
    CALL(glViewportArrayv(0, -1, vps));
    CALL(glViewportIndexedfv(1, vps + 4));
    CALL(glScissor(4, 5, 6, 7));
    CALL(glScissor(0, 0, -6, 7));
    CALL(glScissorIndexed(5, -1, -2, 3, 4));
    CALL(glScissorIndexed(16, 0, 0, 1, 1));
    const GLint sc[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    CALL(glScissorArrayv(6, 2, sc));
    CALL(glScissorArrayv(15, 2, sc));
    CALL(glScissorIndexedv(7, sc + 4));
    CALL(glDepthRange(-1.0, 2.0));
    CALL(glDepthRangef(0.25f, 0.75f));
    CALL(glDepthRangeIndexed(4, 0.5, 0.125));
    CALL(glDepthRangeIndexed(16, 0.5, 0.125));
    const GLdouble drs[4] = {0.1, 0.2, 0.3, 0.4};
    CALL(glDepthRangeArrayv(8, 2, drs));
    CALL(glDepthRangeArrayv(16, 1, drs));
    CALL(glEnablei(GL_SCISSOR_TEST, 3));
    CALL(glEnablei(GL_SCISSOR_TEST, 16));
    CALL(glEnablei(GL_DEPTH_TEST, 0));
    CALL(glIsEnabledi(GL_SCISSOR_TEST, 16));
    CALL(glIsEnabledi(GL_CULL_FACE, 0));

    /* Blend, masks. */
    CALL(glBlendColor(0.5f, -1.0f, 2.0f, 0.25f));
    CALL(glBlendEquation(GL_FUNC_SUBTRACT));
    CALL(glBlendEquation(0x0104 /* GL_ADD */));
    CALL(glBlendEquationSeparate(GL_MIN, GL_MAX));
    CALL(glBlendEquationi(2, GL_FUNC_REVERSE_SUBTRACT));
    CALL(glBlendEquationi(8, GL_FUNC_ADD));
    CALL(glBlendEquationSeparatei(3, GL_MAX, GL_FUNC_ADD));
    CALL(glBlendEquationSeparatei(8, GL_FUNC_ADD, GL_FUNC_ADD));
    CALL(glBlendEquationSeparatei(3, GL_FUNC_ADD, GL_ZERO));
    CALL(glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA));
    CALL(glBlendFunc(GL_SRC_ALPHA, GL_FUNC_ADD));
    CALL(glBlendFunc(GL_SRC_ALPHA_SATURATE, GL_SRC_ALPHA_SATURATE));
    CALL(glBlendFuncSeparate(GL_ONE, GL_ZERO, GL_SRC1_ALPHA, GL_CONSTANT_COLOR));
    CALL(glBlendFunci(1, GL_DST_COLOR, GL_ONE_MINUS_DST_ALPHA));
    CALL(glBlendFunci(9, GL_DST_COLOR, GL_ONE_MINUS_DST_ALPHA));
    CALL(glBlendFuncSeparatei(4, GL_ONE, GL_ONE, GL_ZERO, GL_ZERO));
    CALL(glBlendFuncSeparatei(4, GL_ONE, GL_ONE, GL_ZERO, GL_LESS));
    CALL(glEnable(GL_BLEND));
    CALL(glDisablei(GL_BLEND, 2));
    CALL(glEnablei(GL_BLEND, 8));
    CALL(glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE));
    CALL(glColorMaski(5, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE));
    CALL(glColorMaski(8, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE));
    CALL(glDepthMask(GL_FALSE));
    CALL(glDepthFunc(GL_GEQUAL));
    CALL(glDepthFunc(GL_KEEP));
    CALL(glStencilFunc(GL_EQUAL, 5, 0xf0));
    CALL(glStencilFunc(GL_INVERT, 5, 0xf0));
    CALL(glStencilFuncSeparate(GL_BACK, GL_NOTEQUAL, 3, 0x0f));
    CALL(glStencilFuncSeparate(GL_LEFT, GL_NOTEQUAL, 3, 0x0f));
    CALL(glStencilOp(GL_ZERO, GL_INCR_WRAP, GL_INVERT));
    CALL(glStencilOp(GL_ZERO, GL_LESS, GL_INVERT));
    CALL(glStencilOpSeparate(GL_FRONT, GL_DECR, GL_DECR_WRAP, GL_REPLACE));
    CALL(glStencilOpSeparate(GL_FRONT_LEFT, GL_DECR, GL_DECR_WRAP, GL_REPLACE));
    CALL(glStencilMask(0x3c));
    CALL(glStencilMaskSeparate(GL_BACK, 0xc3));
    CALL(glStencilMaskSeparate(GL_NONE, 0xc3));

    /* Rasterization and multisample. */
    CALL(glCullFace(GL_FRONT_AND_BACK));
    CALL(glCullFace(GL_CW));
    CALL(glFrontFace(GL_CW));
    CALL(glFrontFace(GL_FRONT));
    CALL(glPolygonMode(GL_FRONT_AND_BACK, GL_LINE));
    CALL(glPolygonMode(GL_FRONT, GL_POINT));
    CALL(glPolygonMode(GL_FRONT_AND_BACK, GL_TRIANGLES));
    CALL(glPolygonOffsetClamp(1.5f, -2.0f, 0.75f));
    CALL(glClipControl(GL_UPPER_LEFT, GL_ZERO_TO_ONE));
    CALL(glClipControl(GL_LOWER_LEFT, GL_NONE));
    CALL(glPolygonOffset(1.5f, -2.0f));
    CALL(glPointSize(4.0f));
    CALL(glPointSize(0.0f));
    CALL(glPointSize(-1.0f));
    CALL(glLineWidth(1.0f));
    CALL(glLineWidth(0.0f));
    CALL(glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, 2.5f));
    CALL(glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, -1.0f));
    CALL(glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT));
    CALL(glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_FRONT));
    CALL(glPointParameteri(GL_POINT_SIZE, 1));
    const GLfloat fade = 3.0f;
    const GLint origin = GL_UPPER_LEFT;
    CALL(glPointParameterfv(GL_POINT_FADE_THRESHOLD_SIZE, &fade));
    CALL(glPointParameteriv(GL_POINT_SPRITE_COORD_ORIGIN, &origin));
    CALL(glLogicOp(GL_XOR));
    CALL(glLogicOp(GL_ZERO));
    CALL(glHint(GL_LINE_SMOOTH_HINT, GL_NICEST));
    CALL(glHint(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, GL_FASTEST));
    CALL(glHint(GL_TEXTURE_COMPRESSION_HINT, GL_NONE));
    CALL(glHint(0x8192 /* GL_GENERATE_MIPMAP_HINT */, GL_NICEST));
    CALL(glSampleCoverage(1.5f, GL_TRUE));
    CALL(glSampleMaski(0, 0x5a5a));
    CALL(glSampleMaski(1, 0x5a5a));
    CALL(glMinSampleShading(-0.5f));
    CALL(glMinSampleShading(0.75f));
    CALL(glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE));
    CALL(glClampColor(GL_CLAMP_READ_COLOR, GL_NONE));
    CALL(glClampColor(0x891A /* GL_CLAMP_VERTEX_COLOR */, GL_TRUE));
    CALL(glPrimitiveRestartIndex(0xffff));
    CALL(glProvokingVertex(GL_FIRST_VERTEX_CONVENTION));
    CALL(glProvokingVertex(GL_UNDEFINED_VERTEX));
    CALL(glPatchParameteri(GL_PATCH_VERTICES, 7));
    CALL(glPatchParameteri(GL_PATCH_VERTICES, 0));
    CALL(glPatchParameteri(GL_PATCH_VERTICES, 33));
    CALL(glPatchParameteri(GL_PATCH_DEFAULT_INNER_LEVEL, 2));
    const GLfloat outer[4] = {2, 3, 4, 5}, inner[2] = {6, 7};
    CALL(glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer));
    CALL(glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner));
    CALL(glPatchParameterfv(GL_PATCH_VERTICES, inner));

    /* The enable capabilities. */
    static const GLenum caps[] = {
        GL_CLIP_DISTANCE0, GL_CLIP_DISTANCE7, GL_COLOR_LOGIC_OP, GL_CULL_FACE, GL_DEPTH_CLAMP, GL_DEPTH_TEST,
        GL_DITHER, GL_FRAMEBUFFER_SRGB, GL_LINE_SMOOTH, GL_MULTISAMPLE, GL_POLYGON_OFFSET_FILL,
        GL_POLYGON_OFFSET_LINE, GL_POLYGON_OFFSET_POINT, GL_POLYGON_SMOOTH, GL_PRIMITIVE_RESTART,
        GL_PRIMITIVE_RESTART_FIXED_INDEX, GL_RASTERIZER_DISCARD, GL_SAMPLE_ALPHA_TO_COVERAGE,
        GL_SAMPLE_ALPHA_TO_ONE, GL_SAMPLE_COVERAGE, GL_SAMPLE_SHADING, GL_SAMPLE_MASK, GL_SCISSOR_TEST,
        GL_STENCIL_TEST, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_PROGRAM_POINT_SIZE,
    };
    for (unsigned i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        char key[64], v[64];
        while (glGetError() != GL_NO_ERROR)
            ;
        GLboolean before = glIsEnabled(caps[i]);
        glEnable(caps[i]);
        GLboolean on = glIsEnabled(caps[i]);
        glDisable(caps[i]);
        GLboolean off = glIsEnabled(caps[i]);
        GLenum e = glGetError();
        snprintf(key, sizeof key, "cap 0x%x", caps[i]);
        snprintf(v, sizeof v, "%d %d %d err 0x%x", before, on, off, e);
        out(key, v);
        CHECK(!check_mode || (on && !off && !e), "capability 0x%x toggles (%d %d, 0x%x)", caps[i], on, off, e);
    }
    CALL(glEnable(0x8861 /* GL_POINT_SPRITE */));
    CALL(glEnable(0x0B50 /* GL_LIGHTING */));
    CALL(glEnable(GL_CLIP_DISTANCE0 + 8));
    /* Pixel store (GL 4.6 §8.4.1): alignments 1, 2, 4, 8; no negative lengths. */
    CALL(glPixelStorei(GL_PACK_ALIGNMENT, 2));
    CALL(glPixelStorei(GL_PACK_ALIGNMENT, 3));
    CALL(glPixelStorei(GL_UNPACK_ALIGNMENT, 8));
    CALL(glPixelStorei(GL_UNPACK_ROW_LENGTH, 17));
    CALL(glPixelStorei(GL_UNPACK_ROW_LENGTH, -1));
    CALL(glPixelStoref(GL_PACK_SKIP_ROWS, 2.6f));
    CALL(glPixelStorei(GL_PACK_SWAP_BYTES, 5));
    CALL(glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 4));
    CALL(glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, -2));
    CALL(glPixelStorei(GL_TEXTURE_2D, 1));
    CALL(glActiveTexture(GL_TEXTURE3));
    CALL(glActiveTexture(GL_TEXTURE0 + 1000));
    CALL(glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS));
    /* Leave some enabled for the dump. */
    glEnable(GL_CULL_FACE);
    glEnable(GL_SCISSOR_TEST);
    glDisablei(GL_SCISSOR_TEST, 15);
    dump_all("after");

    if (check_mode) {
        /* A few values after the script, as the spec says. */
        expect_int("DEPTH_FUNC after GEQUAL and an invalid call", GL_DEPTH_FUNC, GL_GEQUAL);
        expect_int("STENCIL_BACK_FUNC", GL_STENCIL_BACK_FUNC, GL_NOTEQUAL);
        expect_int("STENCIL_WRITEMASK", GL_STENCIL_WRITEMASK, 0x3c);
        expect_int("STENCIL_BACK_WRITEMASK", GL_STENCIL_BACK_WRITEMASK, 0xc3);
        expect_int("PATCH_VERTICES", GL_PATCH_VERTICES, 7);
        GLint vp[4];
        glGetIntegeri_v(GL_VIEWPORT, 3, vp);
        CHECK(vp[2] == 4 && vp[3] == 5, "viewport 3: %d %d %d %d", vp[0], vp[1], vp[2], vp[3]);
        glGetIntegeri_v(GL_VIEWPORT, 0, vp);
        CHECK(vp[0] == -32768 && vp[1] == 32767 && vp[2] == 16384, "viewport 0 clamped: %d %d %d %d", vp[0], vp[1],
              vp[2], vp[3]);
        GLfloat d[2];
        glGetFloati_v(GL_DEPTH_RANGE, 4, d);
        CHECK(d[0] == 0.5f && d[1] == 0.125f, "depth range 4: %g %g", d[0], d[1]);
        GLboolean m[4];
        glGetBooleani_v(GL_COLOR_WRITEMASK, 5, m);
        CHECK(!m[0] && m[1] && !m[2] && m[3], "color mask 5");
        CHECK(glIsEnabledi(GL_BLEND, 1) && !glIsEnabledi(GL_BLEND, 2), "blend per draw buffer");
    }

    vertex_state();
    framebuffer_state();
    frag_data_state();
    xfb_state();

    /* A pbuffer sets the viewport and scissor box the first time it is made current. */
    EGLint cfg_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig cfg;
    EGLint ncfg = 0;
    if (eglChooseConfig(h_dpy, cfg_attribs, &cfg, 1, &ncfg) && ncfg > 0) {
        EGLint pb_attribs[] = {EGL_WIDTH, 37, EGL_HEIGHT, 23, EGL_NONE};
        EGLSurface pb = eglCreatePbufferSurface(h_dpy, cfg, pb_attribs);
        const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                                  EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
        EGLContext c = eglCreateContext(h_dpy, cfg, EGL_NO_CONTEXT, attribs);
        CHECK(pb != EGL_NO_SURFACE && c != EGL_NO_CONTEXT, "a pbuffer and a context for it");
        eglMakeCurrent(h_dpy, pb, pb, c);
        GLint vp[4] = {0}, sb[4] = {0};
        glGetIntegerv(GL_VIEWPORT, vp);
        glGetIntegerv(GL_SCISSOR_BOX, sb);
        char v[128];
        snprintf(v, sizeof v, "%d %d %d %d / %d %d %d %d", vp[0], vp[1], vp[2], vp[3], sb[0], sb[1], sb[2], sb[3]);
        out("pbuffer viewport / scissor", v);
        CHECK(!check_mode || (vp[2] == 37 && vp[3] == 23 && sb[2] == 37 && sb[3] == 23),
              "the first surface sizes the viewport and scissor: %s", v);
    } else {
        CHECK(0, "no pbuffer config");
    }
    fprintf(stderr, "context_state: %d checks, %d failed\n", h_checks, h_failures);
    return h_failures ? 1 : 0;
}
