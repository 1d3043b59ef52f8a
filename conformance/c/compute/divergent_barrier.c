/* A barrier under control flow that differs between the invocations of a work group
 * (GLSL 4.60 §8.16: undefined) links with a warning in the program's info log, naming
 * the source line, and a KHR_debug message (source SHADER_COMPILER, type
 * UNDEFINED_BEHAVIOR) with the same line. Barriers under uniform control — a loop over
 * a uniform count with a varying `if` inside, a work-group-uniform condition, a call
 * in a condition — give neither.
 * With GLCOMPUTE_DEBUG=barriers, dispatching the divergent programs is reported too
 * (source API, type UNDEFINED_BEHAVIOR, severity HIGH, the barrier's line), and the
 * uniform one is not; without it nothing is reported at dispatch. */
// run: standalone
// run: standalone GLCOMPUTE_DEBUG=barriers
#include "harness.h"

static int messages, runtime_messages;
static char last[1024], last_runtime[1024];
static void APIENTRY on_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                  const GLchar *message, const void *user)
{
    (void)id, (void)length, (void)user, (void)severity;
    if (source == GL_DEBUG_SOURCE_SHADER_COMPILER && type == GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR) {
        messages++;
        snprintf(last, sizeof last, "%s", message);
    }
    if (source == GL_DEBUG_SOURCE_API && type == GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR &&
        severity == GL_DEBUG_SEVERITY_HIGH) {
        runtime_messages++;
        snprintf(last_runtime, sizeof last_runtime, "%s", message);
    }
}

static GLuint link_log(const char *src, char *log, int size)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    glDeleteShader(s);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    glGetProgramInfoLog(p, size, NULL, log);
    CHECK(ok, "links: %s", log);
    return p;
}

int main(void)
{
    const char *dbg = getenv("GLCOMPUTE_DEBUG");
    int checking = dbg && strstr(dbg, "barriers");
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 1);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
    h_check_no_other_gl();
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_message, NULL);
    char log[4096];

    /* Line 6: a barrier only the first five invocations reach. */
    const char *divergent =
        "#version 430\n"
        "layout(local_size_x = 8) in;\n"
        "layout(std430, binding = 0) buffer B { uint v[]; };\n"
        "void main() {\n"
        "    uint id = gl_LocalInvocationIndex;\n"
        "    if (id < 5u) barrier();\n"
        "    v[id] = id;\n"
        "}\n";
    GLuint p = link_log(divergent, log, sizeof log);
    CHECK(strstr(log, "0:6(") && strstr(log, "warning: barrier() is reached under control flow"),
          "the log warns at line 6: %s", log);
    CHECK(messages == 1, "one debug message (%d)", messages);
    CHECK(strstr(last, "0:6(") && strstr(last, "barrier()"), "the message names line 6: %s", last);

    /* The program still runs (glcompute treats the barrier as one for the invocations
     * that reach it). */
    GLuint b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, 32, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    EXPECT_OK(glDispatchCompute(1, 1, 1));
    GLuint v[8];
    glGetNamedBufferSubData(b, 0, sizeof v, v);
    CHECK(v[7] == 7 && v[0] == 0, "results %u %u", v[0], v[7]);
    if (checking) {
        CHECK(runtime_messages == 1, "the dispatch is reported (%d)", runtime_messages);
        CHECK(strstr(last_runtime, "0:6(") && strstr(last_runtime, "did not all reach a barrier"),
              "the report names line 6: %s", last_runtime);
    } else {
        CHECK(runtime_messages == 0, "no report without GLCOMPUTE_DEBUG=barriers: %s", last_runtime);
    }

    /* Line 9: a barrier after a return some invocations took. */
    messages = 0;
    runtime_messages = 0;
    GLuint early = link_log("#version 430\n"
             "layout(local_size_x = 8) in;\n"
             "layout(std430, binding = 0) buffer B { uint v[]; };\n"
             "shared uint sh[8];\n"
             "void main() {\n"
             "    uint id = gl_LocalInvocationIndex;\n"
             "    if (v[id] == 0u) return;\n"
             "    sh[id] = id;\n"
             "    barrier();\n"
             "    v[id] = sh[7u - id];\n"
             "}\n",
             log, sizeof log);
    CHECK(strstr(log, "0:9(") != NULL, "the log warns at line 9: %s", log);
    CHECK(messages == 1, "one debug message (%d)", messages);
    /* v[0] is 0 (invocation 0 returns), the others are not. */
    const GLuint ones[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    glNamedBufferSubData(b, 0, sizeof ones, ones);
    glUseProgram(early);
    EXPECT_OK(glDispatchCompute(1, 1, 1));
    if (checking) {
        CHECK(runtime_messages == 1, "the early return is reported (%d)", runtime_messages);
        CHECK(strstr(last_runtime, "0:9(") != NULL, "the report names line 9: %s", last_runtime);
    } else {
        CHECK(runtime_messages == 0, "no report without GLCOMPUTE_DEBUG=barriers");
    }

    /* Uniform control: no warning, no message. */
    messages = 0;
    runtime_messages = 0;
    GLuint uniform = link_log("#version 430\n"
             "layout(local_size_x = 8) in;\n"
             "layout(std430, binding = 0) buffer B { uint v[]; };\n"
             "shared uint sh[8];\n"
             "uint exchange(uint x) { sh[gl_LocalInvocationIndex] = x; barrier(); return sh[0]; }\n"
             "void main() {\n"
             "    uint id = gl_LocalInvocationIndex;\n"
             "    sh[id] = v[id];\n"
             "    barrier();\n"
             "    for (uint s = 4u; s > 0u; s >>= 1) {\n"
             "        if (id < s) sh[id] += sh[id + s];\n"
             "        barrier();\n"
             "    }\n"
             "    if (gl_WorkGroupID.x == 0u) barrier();\n"
             "    if (exchange(id) > 3u) v[id] = 1u;\n"
             "    switch (id) { case 0u: v[0] = sh[0]; break; default: break; }\n"
             "    barrier();\n"
             "}\n",
             log, sizeof log);
    CHECK(strstr(log, "barrier()") == NULL, "no warning: %s", log);
    CHECK(messages == 0, "no debug message (%d): %s", messages, last);
    glUseProgram(uniform);
    EXPECT_OK(glDispatchCompute(2, 1, 1));
    CHECK(runtime_messages == 0, "uniform barriers are not reported at dispatch: %s", last_runtime);
    return h_finish("divergent_barrier");
}
