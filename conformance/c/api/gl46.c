/* GL 4.6 and GLSL 4.60 beyond SPIR-V (which conformance/c/api/spirv.c drives): the
 * version strings and the extensions GL 4.6 made core; the PARAMETER_BUFFER binding
 * point and the MultiDraw*IndirectCount checks that read it (ARB_indirect_parameters);
 * pipeline statistics queries (ARB_pipeline_statistics_query), with
 * COMPUTE_SHADER_INVOCATIONS counting the dispatched invocations, and the transform
 * feedback overflow queries (ARB_transform_feedback_overflow_query); no-error contexts
 * (KHR_no_error, EGL_KHR_create_context_no_error); GLSL 4.60's draw parameters, group
 * votes and atomic counter operations, with their version and extension rules.
 *
 * usage: gl46 [--any-gl]  (--any-gl: another GL; what it does not announce is skipped,
 * and its version may be 4.5) */
// run: standalone
// run: llvmpipe -- --any-gl
#include "harness.h"

static int any;

static int has_ext(const char *name)
{
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++) {
        const char *e = (const char *)glGetStringi(GL_EXTENSIONS, i);
        if (e && !strcmp(e, name))
            return 1;
    }
    return 0;
}

static int compiles(GLenum stage, const char *src, char *log, int size)
{
    GLuint s = glCreateShader(stage);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    log[0] = 0;
    glGetShaderInfoLog(s, size, NULL, log);
    glDeleteShader(s);
    return ok;
}

static void version(void)
{
    if (any)
        return;
    CHECK(h_int(GL_MAJOR_VERSION) == 4 && h_int(GL_MINOR_VERSION) == 6, "GL 4.6 (got %d.%d)",
          h_int(GL_MAJOR_VERSION), h_int(GL_MINOR_VERSION));
    const char *v = (const char *)glGetString(GL_VERSION);
    CHECK(v && !strncmp(v, "4.6 (Core Profile)", 18), "GL_VERSION: %s", v ? v : "(null)");
    const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    CHECK(sl && !strncmp(sl, "4.60", 4), "GL_SHADING_LANGUAGE_VERSION: %s", sl ? sl : "(null)");
    const char *first = (const char *)glGetStringi(GL_SHADING_LANGUAGE_VERSION, 0);
    CHECK(first && !strcmp(first, "460 core"), "the first listed GLSL version: %s", first ? first : "(null)");
    /* GL 4.6 §1.3.2 / appendix F: the extensions GL 4.6 brought into the core. */
    const char *core46[] = {
        "GL_ARB_gl_spirv", "GL_ARB_spirv_extensions", "GL_ARB_indirect_parameters",
        "GL_ARB_pipeline_statistics_query", "GL_ARB_polygon_offset_clamp",
        "GL_ARB_shader_atomic_counter_ops", "GL_ARB_shader_draw_parameters",
        "GL_ARB_shader_group_vote", "GL_ARB_texture_filter_anisotropic",
        "GL_ARB_transform_feedback_overflow_query", "GL_KHR_no_error",
    };
    for (unsigned i = 0; i < sizeof core46 / sizeof *core46; i++)
        CHECK(has_ext(core46[i]), "%s is announced", core46[i]);
}

static void parameter_buffer(void)
{
    if (any && !has_ext("GL_ARB_indirect_parameters"))
        return;
    GLuint b[2], vao;
    glCreateBuffers(2, b);
    glNamedBufferData(b[0], 8, NULL, GL_STATIC_DRAW);
    glNamedBufferData(b[1], 64, NULL, GL_STATIC_DRAW);
    CHECK(h_int(GL_PARAMETER_BUFFER_BINDING) == 0, "PARAMETER_BUFFER_BINDING starts at 0");
    EXPECT_OK(glBindBuffer(GL_PARAMETER_BUFFER, b[0]));
    CHECK(h_int(GL_PARAMETER_BUFFER_BINDING) == (GLint)b[0], "PARAMETER_BUFFER_BINDING is the bound buffer");
    /* It is a buffer target like the others (GL 4.6 table 6.1). */
    GLint size = 0;
    glGetBufferParameteriv(GL_PARAMETER_BUFFER, GL_BUFFER_SIZE, &size);
    CHECK(size == 8, "GetBufferParameteriv(PARAMETER_BUFFER) answers for its buffer (%d)", size);
    EXPECT_OK(glBufferSubData(GL_PARAMETER_BUFFER, 0, 4, (GLuint[]){3}));
    /* Deleting the buffer unbinds it (GL 4.6 §6.3). */
    glDeleteBuffers(1, &b[0]);
    CHECK(h_int(GL_PARAMETER_BUFFER_BINDING) == 0, "deleting the buffer unbinds it");

    glCreateVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, b[1]);
    if (!any) {
        /* GL 4.6 §10.4, in glcompute's order: no parameter buffer, then a count past
         * its end, then (every check passed) nothing drawn. */
        EXPECT_ERR(GL_INVALID_OPERATION, "§10.4: no buffer bound to PARAMETER_BUFFER",
                   glMultiDrawArraysIndirectCount(GL_POINTS, NULL, 0, 1, 0));
        GLuint small;
        glCreateBuffers(1, &small);
        glNamedBufferData(small, 4, NULL, GL_STATIC_DRAW);
        glBindBuffer(GL_PARAMETER_BUFFER, small);
        EXPECT_ERR(GL_INVALID_OPERATION, "§10.4: the draw count lies past the parameter buffer's end",
                   glMultiDrawArraysIndirectCount(GL_POINTS, NULL, 4, 1, 0));
        EXPECT_ERR(GL_INVALID_VALUE, "§10.4: drawcount is not a multiple of 4",
                   glMultiDrawArraysIndirectCount(GL_POINTS, NULL, 2, 1, 0));
        EXPECT_ERR(GL_INVALID_OPERATION, "valid, but glcompute does not rasterise",
                   glMultiDrawElementsIndirectCount(GL_POINTS, GL_UNSIGNED_INT, NULL, 0, 1, 0));
        glBindBuffer(GL_PARAMETER_BUFFER, 0);
        glDeleteBuffers(1, &small);
    }
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(1, &b[1]);
}

static GLuint compute_program(const char *src)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER), p = glCreateProgram();
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    glAttachShader(p, s);
    glLinkProgram(p);
    glDeleteShader(s);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(ok, "the compute program links");
    return p;
}

static void statistics(void)
{
    if (any && !has_ext("GL_ARB_pipeline_statistics_query"))
        return;
    GLint bits = -1;
    glGetQueryiv(GL_COMPUTE_SHADER_INVOCATIONS, GL_QUERY_COUNTER_BITS, &bits);
    CHECK(bits >= 1, "COMPUTE_SHADER_INVOCATIONS has counter bits (%d)", bits);
    GLuint q[3];
    glGenQueries(3, q);
    GLuint prog = compute_program("#version 430\nlayout(local_size_x = 4, local_size_y = 2) in;\n"
                                  "layout(std430, binding = 0) buffer B { uint n; };\n"
                                  "void main() { atomicAdd(n, 1u); }\n");
    GLuint buf;
    glCreateBuffers(1, &buf);
    glNamedBufferData(buf, 4, (GLuint[]){0}, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1); /* before the query: not counted */
    EXPECT_OK(glBeginQuery(GL_COMPUTE_SHADER_INVOCATIONS, q[0]));
    EXPECT_OK(glBeginQuery(GL_VERTICES_SUBMITTED, q[1]));
    GLint cur = 0;
    glGetQueryiv(GL_COMPUTE_SHADER_INVOCATIONS, GL_CURRENT_QUERY, &cur);
    CHECK(cur == (GLint)q[0], "CURRENT_QUERY of COMPUTE_SHADER_INVOCATIONS is the active query");
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.1: a query of the target is already active",
               glBeginQuery(GL_COMPUTE_SHADER_INVOCATIONS, q[2]));
    glDispatchCompute(2, 3, 1);
    glDispatchCompute(1, 1, 5);
    EXPECT_OK(glEndQuery(GL_COMPUTE_SHADER_INVOCATIONS));
    EXPECT_OK(glEndQuery(GL_VERTICES_SUBMITTED));
    glDispatchCompute(1, 1, 1); /* after: not counted */
    GLuint64 n = 0, v = 77;
    glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &n);
    glGetQueryObjectui64v(q[1], GL_QUERY_RESULT, &v);
    /* (6 + 5) groups of 8 invocations; GL 4.6 §4.2 lets an implementation count
     * more, never fewer, and glcompute counts exactly. */
    CHECK(any ? n >= 88 : n == 88, "COMPUTE_SHADER_INVOCATIONS counted %llu, expected 88", (unsigned long long)n);
    CHECK(v == 0, "nothing was drawn: VERTICES_SUBMITTED is %llu", (unsigned long long)v);
    GLuint total = 0;
    glGetNamedBufferSubData(buf, 0, 4, &total);
    CHECK(total == 104, "the dispatches ran (%u invocations)", total);
    EXPECT_ERR(GL_INVALID_VALUE, "§4.2.1: index 1 of a pipeline statistics target",
               glBeginQueryIndexed(GL_FRAGMENT_SHADER_INVOCATIONS, 1, q[2]));
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteBuffers(1, &buf);
    glDeleteQueries(3, q);
}

static void overflow(void)
{
    if (any && !has_ext("GL_ARB_transform_feedback_overflow_query"))
        return;
    GLuint q[2];
    glGenQueries(2, q);
    EXPECT_OK(glBeginQuery(GL_TRANSFORM_FEEDBACK_OVERFLOW, q[0]));
    EXPECT_OK(glEndQuery(GL_TRANSFORM_FEEDBACK_OVERFLOW));
    EXPECT_OK(glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 3, q[1]));
    EXPECT_OK(glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 3));
    EXPECT_ERR(GL_INVALID_VALUE, "§4.2.1: stream index past MAX_VERTEX_STREAMS",
               glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 4, q[1]));
    EXPECT_ERR(GL_INVALID_VALUE, "§4.2.1: TRANSFORM_FEEDBACK_OVERFLOW has index 0 only",
               glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_OVERFLOW, 1, q[0]));
    GLuint r[2] = {9, 9};
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &r[0]);
    glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &r[1]);
    CHECK(r[0] == 0 && r[1] == 0, "nothing was recorded, nothing overflowed (%u %u)", r[0], r[1]);
    glDeleteQueries(2, q);
}

static void no_error_contexts(void)
{
    const char *exts = eglQueryString(h_dpy, EGL_EXTENSIONS);
    if (!exts || !strstr(exts, "EGL_KHR_create_context_no_error")) {
        CHECK(any, "EGL_KHR_create_context_no_error is announced");
        return;
    }
    EGLint plain[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                      EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_NONE};
    EGLContext ctx = eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, plain);
    CHECK(ctx != EGL_NO_CONTEXT, "a no-error context is made (0x%x)", eglGetError());
    EGLint debug[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                      EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_NONE};
    CHECK(eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, debug) == EGL_NO_CONTEXT &&
              eglGetError() == EGL_BAD_MATCH,
          "EGL_KHR_create_context_no_error: a no-error debug context is EGL_BAD_MATCH");
    EGLint robust[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                       EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE, EGL_NONE};
    CHECK(eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, robust) == EGL_NO_CONTEXT &&
              eglGetError() == EGL_BAD_MATCH,
          "EGL_KHR_create_context_no_error: a no-error robust-access context is EGL_BAD_MATCH");
    /* Mesa takes any value as a boolean; glcompute, as for EGL_CONTEXT_OPENGL_DEBUG,
     * takes EGL_TRUE and EGL_FALSE only. */
    EGLint bad[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_OPENGL_NO_ERROR_KHR, 7, EGL_NONE};
    if (!any)
        CHECK(eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, bad) == EGL_NO_CONTEXT &&
                  eglGetError() == EGL_BAD_ATTRIBUTE,
              "EGL_CONTEXT_OPENGL_NO_ERROR_KHR takes EGL_TRUE or EGL_FALSE");
    EGLint shared[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_NONE};
    CHECK(eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, ctx, shared) == EGL_NO_CONTEXT &&
              eglGetError() == EGL_BAD_MATCH,
          "sharing with a context of another no-error state is EGL_BAD_MATCH");
    EGLContext prev = eglGetCurrentContext();
    CHECK(eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "the no-error context is made current");
    GLint flags = 0;
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    CHECK(flags & GL_CONTEXT_FLAG_NO_ERROR_BIT, "CONTEXT_FLAGS has CONTEXT_FLAG_NO_ERROR_BIT (0x%x)", flags);
    /* The context still computes. */
    GLuint prog = compute_program("#version 430\nlayout(local_size_x = 1) in;\n"
                                  "layout(std430, binding = 0) buffer B { uint n; };\n"
                                  "void main() { n = 42u; }\n");
    GLuint buf, out = 0;
    glCreateBuffers(1, &buf);
    glNamedBufferData(buf, 4, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glGetNamedBufferSubData(buf, 0, 4, &out);
    CHECK(out == 42, "a no-error context computes (%u)", out);
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteBuffers(1, &buf);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, prev);
    eglDestroyContext(h_dpy, ctx);
}

static void glsl460(void)
{
    char log[2048];
    if (!any || h_int(GL_MINOR_VERSION) >= 6) {
        /* GLSL 4.60 §7.1.1: the draw parameters of vertex shaders. */
        CHECK(compiles(GL_VERTEX_SHADER,
                       "#version 460\nout int k;\nvoid main() { k = gl_BaseVertex + gl_BaseInstance + gl_DrawID;"
                       " gl_Position = vec4(0.0); }\n",
                       log, sizeof log),
              "gl_BaseVertex, gl_BaseInstance and gl_DrawID in GLSL 4.60: %s", log);
        /* §8.18 and §8.10 under their core names. */
        CHECK(compiles(GL_COMPUTE_SHADER,
                       "#version 460\nlayout(local_size_x = 1) in;\nlayout(binding = 0) uniform atomic_uint c;\n"
                       "void main() { if (anyInvocation(true) && allInvocationsEqual(false))"
                       " atomicCounterCompSwap(c, atomicCounterAdd(c, 2u), 3u); }\n",
                       log, sizeof log),
              "group votes and counter operations in GLSL 4.60: %s", log);
        /* An extra semicolon at global scope (GLSL 4.60 §4). */
        CHECK(compiles(GL_COMPUTE_SHADER, "#version 460\nlayout(local_size_x = 1) in;;\nvoid main() { };\n", log, sizeof log),
              "extra semicolons at global scope in GLSL 4.60: %s", log);
    }
    if (any)
        return; /* the messages below are glcompute's */
    CHECK(!compiles(GL_VERTEX_SHADER, "#version 450\nout int k;\nvoid main() { k = gl_DrawID; gl_Position = vec4(0.0); }\n",
                    log, sizeof log) && strstr(log, "gl_DrawID"),
          "gl_DrawID is not GLSL 4.50's: %s", log);
    CHECK(compiles(GL_VERTEX_SHADER,
                   "#version 450\n#extension GL_ARB_shader_draw_parameters : require\nout int k;\n"
                   "void main() { k = gl_DrawIDARB + gl_BaseVertexARB; gl_Position = vec4(0.0); }\n",
                   log, sizeof log),
          "GL_ARB_shader_draw_parameters' names in GLSL 4.50: %s", log);
    CHECK(!compiles(GL_COMPUTE_SHADER,
                    "#version 450\nlayout(local_size_x = 1) in;\nlayout(binding = 0) uniform atomic_uint c;\n"
                    "void main() { atomicCounterAdd(c, 2u); }\n",
                    log, sizeof log) && strstr(log, "atomicCounterAdd"),
          "atomicCounterAdd is not GLSL 4.50's: %s", log);
    CHECK(compiles(GL_COMPUTE_SHADER,
                   "#version 450\n#extension GL_ARB_shader_atomic_counter_ops : require\n"
                   "layout(local_size_x = 1) in;\nlayout(binding = 0) uniform atomic_uint c;\n"
                   "void main() { atomicCounterSubtractARB(c, 2u); }\n",
                   log, sizeof log),
          "GL_ARB_shader_atomic_counter_ops' names in GLSL 4.50: %s", log);
    CHECK(!compiles(GL_COMPUTE_SHADER,
                    "#version 460\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B { uint n; };\n"
                    "uniform uint u;\nvoid main() { atomicCounterAdd(u, 1u); }\n",
                    log, sizeof log),
          "a counter operation takes an atomic counter: %s", log);
}

int main(int argc, char **argv)
{
    any = argc > 1 && !strcmp(argv[1], "--any-gl");
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 0);
    CHECK(eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "eglMakeCurrent");
    if (!any)
        h_check_no_other_gl();
    version();
    parameter_buffer();
    statistics();
    overflow();
    no_error_contexts();
    glsl460();
    return h_finish("gl46");
}
