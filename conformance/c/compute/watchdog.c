/* A shader that never ends: its dispatch is stopped by the watchdog
 * (GLCOMPUTE_TIMEOUT_MS) with a high-severity debug message, the context keeps
 * working afterwards, and while it spins another thread's context dispatches and
 * finishes normally. */
// run: standalone
#define _GNU_SOURCE
#include "harness.h"
#include <pthread.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int high_messages;
static void APIENTRY on_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                  const GLchar *message, const void *user)
{
    (void)source, (void)type, (void)id, (void)length, (void)user;
    if (severity == GL_DEBUG_SEVERITY_HIGH && strstr(message, "watchdog"))
        high_messages++;
}

static const char *spin_src =
    "#version 430\n"
    "layout(local_size_x = 1) in;\n"
    "layout(std430, binding = 0) buffer B { uint v[]; };\n"
    "void main() {\n"
    "  for (;;) { v[0] += 1u; }\n"
    "}\n";

static const char *work_src =
    "#version 430\n"
    "layout(local_size_x = 64) in;\n"
    "layout(std430, binding = 0) buffer B { uint v[]; };\n"
    "void main() { v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * 3u; }\n";

static volatile int spinning;
static double other_elapsed = -1;
static int other_ok;

static void *other_context(void *arg)
{
    (void)arg;
    eglBindAPI(EGL_OPENGL_API); /* the bound API is per thread (EGL 1.5 §3.7) */
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 0);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
    GLuint p = h_program(work_src);
    GLuint b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, 4096 * 4, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    while (!spinning)
        ;
    struct timespec ms = {0, 200 * 1000 * 1000};
    nanosleep(&ms, NULL);
    double t0 = now();
    glDispatchCompute(64, 1, 1);
    GLuint v[4096];
    glGetNamedBufferSubData(b, 0, sizeof v, v);
    other_elapsed = now() - t0;
    other_ok = 1;
    for (int i = 0; i < 4096; i++)
        other_ok &= v[i] == (GLuint)i * 3;
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(h_dpy, ctx);
    return NULL;
}

int main(void)
{
    setenv("GLCOMPUTE_TIMEOUT_MS", "2000", 1);
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 1);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
    h_check_no_other_gl();
    glDebugMessageCallback(on_message, NULL);
    GLuint spin = h_program(spin_src), work = h_program(work_src);
    CHECK(spin && work, "programs link");
    GLuint b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, 4096 * 4, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    pthread_t t;
    pthread_create(&t, NULL, other_context, NULL);
    glUseProgram(spin);
    spinning = 1;
    double t0 = now();
    EXPECT_OK(glDispatchCompute(4, 1, 1));
    double spun = now() - t0;
    pthread_join(t, NULL);
    CHECK(spun > 1.5 && spun < 10, "the endless dispatch was stopped after %.2f s (GLCOMPUTE_TIMEOUT_MS=2000)", spun);
    CHECK(high_messages == 1, "one high-severity debug message about the watchdog (%d)", high_messages);
    CHECK(other_ok, "the other context's dispatch computed its results");
    CHECK(other_elapsed >= 0 && other_elapsed < 1.0,
          "the other context's dispatch finished in %.3f s while the first spun", other_elapsed);
    /* The context still runs programs. */
    glUseProgram(work);
    EXPECT_OK(glDispatchCompute(64, 1, 1));
    GLuint v[4096];
    glGetNamedBufferSubData(b, 0, sizeof v, v);
    int bad = 0;
    for (int i = 0; i < 4096; i++)
        bad += v[i] != (GLuint)i * 3;
    CHECK(bad == 0, "a dispatch after the stopped one works (%d wrong)", bad);
    return h_finish("watchdog");
}
