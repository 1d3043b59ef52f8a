/* Test harness for glcompute's C API tests.
 *
 * Every test is a C program compiled against the Khronos headers and run with
 * glcompute as its libEGL/libGL. CHECK records one assertion; EXPECT_ERR runs a GL
 * call, checks the error it must raise (citing the spec rule) and, with the SAME_*
 * helpers, that the failing call changed nothing. A test prints one line per failure
 * and a summary, and exits non-zero if anything failed. */
#ifndef GLCOMPUTE_TEST_HARNESS_H
#define GLCOMPUTE_TEST_HARNESS_H

#define GL_GLEXT_PROTOTYPES 1
#define EGL_NO_X11 1
#define MESA_EGL_NO_X11_HEADERS 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((unused)) static int h_checks, h_failures;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        h_checks++;                                                          \
        if (!(cond)) {                                                       \
            h_failures++;                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);             \
            fprintf(stderr, __VA_ARGS__);                                    \
            fprintf(stderr, "  [%s]\n", #cond);                              \
        }                                                                    \
    } while (0)

__attribute__((unused)) static const char *err_name(GLenum e)
{
    switch (e) {
    case GL_NO_ERROR: return "GL_NO_ERROR";
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    default: return "other";
    }
}

/* Runs `call`, then checks glGetError() == expected; `rule` cites the spec. The error
 * flag must be clear before (checked too, so one failure does not mask the next). */
#define EXPECT_ERR(expected, rule, call)                                          \
    do {                                                                          \
        GLenum h_pre = glGetError();                                              \
        CHECK(h_pre == GL_NO_ERROR, "stale error %s before %s", err_name(h_pre),  \
              #call);                                                             \
        call;                                                                     \
        GLenum h_got = glGetError();                                              \
        h_checks++;                                                               \
        if (h_got != (expected)) {                                                \
            h_failures++;                                                         \
            fprintf(stderr, "FAIL %s:%d: %s: expected %s, got %s (%s)\n",         \
                    __FILE__, __LINE__, #call, err_name(expected),                \
                    err_name(h_got), rule);                                       \
        }                                                                         \
    } while (0)

#define EXPECT_OK(call) EXPECT_ERR(GL_NO_ERROR, "valid call", call)

__attribute__((unused)) static int h_finish(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, h_checks, h_failures);
    return h_failures ? 1 : 0;
}

/* The GL library in use must be glcompute alone: no other GL implementation may be
 * loaded into the process (standalone use). */
__attribute__((unused)) static void h_check_no_other_gl(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[4096];
    int glcompute = 0, other = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "libglcompute_driver.so"))
            glcompute = 1;
        if (strstr(line, "libGLdispatch") || strstr(line, "libGLX") ||
            strstr(line, "_mesa") || strstr(line, "dri.so") || strstr(line, "libglapi"))
            other = 1;
    }
    fclose(f);
    CHECK(glcompute, "libglcompute_driver.so is not loaded");
    CHECK(!other, "another GL implementation is loaded");
}

/* Creates a GL context on the surfaceless display (no config, no surface) and makes
 * it current. `share` may be EGL_NO_CONTEXT. */
__attribute__((unused)) static EGLDisplay h_dpy;

__attribute__((unused)) static EGLContext h_make_context(EGLContext share, int debug)
{
    if (!h_dpy) {
        h_dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
        if (!eglInitialize(h_dpy, NULL, NULL)) {
            fprintf(stderr, "eglInitialize failed: 0x%x\n", eglGetError());
            exit(2);
        }
        eglBindAPI(EGL_OPENGL_API);
    }
    const EGLint attribs[] = {
        EGL_CONTEXT_MAJOR_VERSION, 4,
        EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE,
        EGL_NONE,
    };
    EGLContext ctx = eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, share, attribs);
    if (ctx == EGL_NO_CONTEXT) {
        fprintf(stderr, "eglCreateContext failed: 0x%x\n", eglGetError());
        exit(2);
    }
    return ctx;
}

/* Makes a GL 4.3 core context current; exits on failure. */
__attribute__((unused)) static void h_make_current(void)
{
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 0);
    if (!eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "eglMakeCurrent failed: 0x%x\n", eglGetError());
        exit(2);
    }
}

__attribute__((unused)) static void h_init(void)
{
    h_make_current();
    h_check_no_other_gl();
}

/* h_init for the tests that also run on another driver: with --any-gl among the
 * arguments they take whatever GL the loader finds (Mesa llvmpipe in test.sh) and
 * return 1; otherwise they insist on glcompute and return 0. */
__attribute__((unused)) static int h_init_any(int argc, char **argv)
{
    int any = 0;
    for (int i = 1; i < argc; i++)
        any |= strcmp(argv[i], "--any-gl") == 0;
    h_make_current();
    if (!any)
        h_check_no_other_gl();
    return any;
}

/* Reads a whole file (a shader source) into a NUL-terminated string; exits on failure. */
__attribute__((unused)) static char *h_load_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    s[n] = 0;
    fclose(f);
    return s;
}

/* Compiles and links a compute program from one source; returns 0 on failure. */
__attribute__((unused)) static GLuint h_program(const char *src)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "compile failed:\n%s\n", log);
        glDeleteShader(s);
        return 0;
    }
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    glDeleteShader(s);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "link failed:\n%s\n", log);
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

__attribute__((unused)) static GLint h_int(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
}

__attribute__((unused)) static GLint64 h_int_i(GLenum pname, GLuint i)
{
    GLint64 v = -12345;
    glGetInteger64i_v(pname, i, &v);
    return v;
}

__attribute__((unused)) static GLint64 h_buf_param(GLuint buffer, GLenum pname)
{
    GLint64 v = -12345;
    glGetNamedBufferParameteri64v(buffer, pname, &v);
    return v;
}

__attribute__((unused)) static uint64_t h_dispatches(void)
{
    void (*stats)(GLuint64 *) = (void (*)(GLuint64 *))eglGetProcAddress("glcomputeGetDispatchStatistics");
    GLuint64 v[2] = {0, 0};
    if (stats)
        stats(v);
    return v[0];
}

#endif
