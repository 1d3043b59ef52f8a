/* KHR_robustness on glcompute's own contexts: a context made with
 * EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY = EGL_LOSE_CONTEXT_ON_RESET whose
 * dispatch the watchdog stops suffers a guilty reset: glGetGraphicsResetStatus (and
 * its ARB/KHR names) says GL_GUILTY_CONTEXT_RESET once, a KHR_debug message names the
 * program, and the context is lost: every command but GetError, the reset status and
 * the sync and query-availability queries fails with GL_CONTEXT_LOST and changes
 * nothing. Another context is not affected. A context without reset notification
 * goes on after the same stop. The reset strategy and robust access are queryable,
 * a shared context must use the same strategy, and robust buffer access holds
 * (reads outside a buffer give zero, writes there are dropped). */
// run: standalone
#include "harness.h"

static char last_msg[2048];
static void APIENTRY on_debug(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                              const GLchar *message, const void *user)
{
    (void)source, (void)type, (void)id, (void)length, (void)user;
    if (severity == GL_DEBUG_SEVERITY_HIGH)
        snprintf(last_msg, sizeof last_msg, "%s", message);
}

static const char *spin_src = "#version 430\nlayout(local_size_x = 1) in;\n"
                              "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                              "void main() { for (;;) { v[0] += 1u; } }\n";
static const char *oob_src = "#version 430\nlayout(local_size_x = 1) in;\n"
                             "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                             "uniform int far;\n"
                             "void main() { v[1] = v[far] + 7u; v[far + 1] = 99u; }\n";

static EGLContext make(int lose, int robust, EGLContext share)
{
    const EGLint attribs[] = {
        EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE,
        EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, lose ? EGL_LOSE_CONTEXT_ON_RESET : EGL_NO_RESET_NOTIFICATION,
        EGL_CONTEXT_OPENGL_ROBUST_ACCESS, robust ? EGL_TRUE : EGL_FALSE,
        EGL_NONE,
    };
    return eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, share, attribs);
}

static GLuint spin(void)
{
    GLuint p = h_program(spin_src), b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, 16, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    glDispatchCompute(1, 1, 1);
    return p;
}

int main(void)
{
    setenv("GLCOMPUTE_TIMEOUT_MS", "300", 1);
    h_make_context(EGL_NO_CONTEXT, 0); /* initializes h_dpy */
    EGLContext lose = make(1, 1, EGL_NO_CONTEXT);
    EGLContext keep = make(0, 0, EGL_NO_CONTEXT);
    EGLContext other = make(0, 0, EGL_NO_CONTEXT);
    CHECK(lose != EGL_NO_CONTEXT && keep != EGL_NO_CONTEXT && other != EGL_NO_CONTEXT,
          "contexts with and without reset notification and robust access: 0x%x", eglGetError());
    /* EGL_KHR_create_context: the share context's strategy must match. */
    CHECK(make(0, 0, lose) == EGL_NO_CONTEXT && eglGetError() == EGL_BAD_MATCH,
          "sharing with a different reset strategy is EGL_BAD_MATCH");
    EGLContext lose2 = make(1, 0, lose);
    CHECK(lose2 != EGL_NO_CONTEXT, "sharing with the same strategy works");
    const EGLint bad[] = {EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, 0x1234, EGL_NONE};
    CHECK(eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, bad) == EGL_NO_CONTEXT &&
              eglGetError() == EGL_BAD_ATTRIBUTE,
          "an unknown strategy is EGL_BAD_ATTRIBUTE");

    /* The context that loses itself on reset. */
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, lose);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_debug, NULL);
    GLint v = 0, flags = 0;
    GLboolean robust = GL_FALSE;
    glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &v);
    CHECK(v == GL_LOSE_CONTEXT_ON_RESET, "RESET_NOTIFICATION_STRATEGY 0x%x", v);
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    glGetBooleanv(GL_CONTEXT_ROBUST_ACCESS, &robust);
    CHECK((flags & GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT) && robust, "robust access: flags 0x%x, %d", flags, robust);
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR, "no reset yet");

    /* Robust buffer access: v[far] reads 0, v[far + 1] = 99 is dropped. */
    GLuint p = h_program(oob_src), b;
    const GLuint init[2] = {5, 5};
    glCreateBuffers(1, &b);
    glNamedBufferData(b, sizeof init, init, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "far"), 1 << 28);
    glDispatchCompute(1, 1, 1);
    GLuint got[2] = {0, 0};
    glGetNamedBufferSubData(b, 0, sizeof got, got);
    CHECK(got[0] == 5 && got[1] == 7, "robust access: out-of-range read gives 0, write dropped (%u %u)", got[0],
          got[1]);

    GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    GLuint sp = spin();
    GLenum status = glGetGraphicsResetStatus();
    CHECK(status == GL_GUILTY_CONTEXT_RESET, "the stopped dispatch is a guilty reset (0x%x)", status);
    char want[64];
    snprintf(want, sizeof want, "program %u", sp);
    CHECK(strstr(last_msg, "guilty context reset") && strstr(last_msg, want), "the debug message names program %u: `%s'",
          sp, last_msg);
    /* The KHR name is the OpenGL ES one; glcompute answers it too. */
    GLenum (*status_khr)(void) = (GLenum(*)(void))eglGetProcAddress("glGetGraphicsResetStatusKHR");
    CHECK(status_khr && status_khr() == GL_NO_ERROR && glGetGraphicsResetStatusARB() == GL_NO_ERROR,
          "the status is reported once");
    GLuint names[2] = {1234, 1234};
    glGenBuffers(2, names);
    CHECK(glGetError() == GL_CONTEXT_LOST, "commands on a lost context fail with GL_CONTEXT_LOST");
    CHECK(names[0] == 1234 && names[1] == 1234, "and change nothing (%u)", names[0]);
    CHECK(glIsBuffer(b) == GL_FALSE, "value-returning commands return 0");
    CHECK(glGetUniformLocation(p, "far") == -1, "and locations -1");
    glGetError();
    glDispatchCompute(1, 1, 1);
    CHECK(glGetError() == GL_CONTEXT_LOST, "a dispatch on a lost context fails");
    /* Sync objects still answer (KHR_robustness). */
    GLint n = 0, sv = 0;
    glGetSynciv(fence, GL_SYNC_STATUS, 1, &n, &sv);
    GLenum waited = glClientWaitSync(fence, 0, 0);
    CHECK(sv == GL_SIGNALED && (waited == GL_ALREADY_SIGNALED || waited == GL_CONDITION_SATISFIED) &&
              glGetError() == GL_NO_ERROR,
          "syncs work on a lost context (status 0x%x, wait 0x%x)", sv, waited);
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR, "still no new reset");

    /* Another context is not affected, even one sharing with the lost one. */
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, other);
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR, "another context saw no reset");
    GLuint q = h_program("#version 430\nlayout(local_size_x = 4) in;\n"
                         "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                         "void main() { v[gl_GlobalInvocationID.x] = 3u * gl_GlobalInvocationID.x; }\n");
    GLuint ob;
    glCreateBuffers(1, &ob);
    glNamedBufferData(ob, 16, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ob);
    glUseProgram(q);
    glDispatchCompute(1, 1, 1);
    GLuint r[4] = {0};
    glGetNamedBufferSubData(ob, 0, sizeof r, r);
    CHECK(glGetError() == GL_NO_ERROR && r[3] == 9, "another context dispatches normally (%u)", r[3]);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, lose2);
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR && glGetError() == GL_NO_ERROR,
          "a context sharing objects with the lost one is not lost");

    /* Without reset notification the same stop leaves the context working. */
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, keep);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_debug, NULL);
    glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &v);
    CHECK(v == GL_NO_RESET_NOTIFICATION, "RESET_NOTIFICATION_STRATEGY 0x%x", v);
    last_msg[0] = 0;
    spin();
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR, "no reset is reported without notification");
    CHECK(strstr(last_msg, "incomplete") != NULL, "the watchdog message says the results are incomplete: `%s'",
          last_msg);
    GLuint after;
    glGenBuffers(1, &after);
    CHECK(glGetError() == GL_NO_ERROR && after != 0, "the context goes on");
    return h_finish("robustness");
}
