/* The fixed-function state of a GL 4.3 core context (GL 4.6 tables 23.4-23.21, 23.74):
 * its initial values through every Get form (boolean, integer, 64-bit integer, float,
 * double, and the indexed forms where the variable is indexed), then a script of
 * valid and invalid calls with the error each leaves and the state after them.
 *
 * The program prints one line per fact, "key<TAB>value". scripts/state_compare.py runs
 * it on glcompute and on Mesa llvmpipe and compares the two: every difference must be
 * explained in conformance/state_differences.txt. With --check it also asserts the
 * spec's values on the driver it runs on, and exits 1 on a failure.
 *
 * usage: fixed_state [--check] */
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
        int is_min = strncmp(l->name, "GL_MIN_", 7) == 0;
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
    fprintf(stderr, "fixed_state: %d checks, %d failed\n", h_checks, h_failures);
    return h_failures ? 1 : 0;
}
