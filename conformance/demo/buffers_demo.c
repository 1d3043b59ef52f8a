/* The demo of the foundation: a C program that links libEGL/libGL (glcompute, with no
 * other GL on the machine), creates a headless GL 4.3 core context, round-trips data
 * through buffer objects by every path, and prints what it did. */
#define GL_GLEXT_PROTOTYPES 1
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N (1 << 20)

static int same(const float *a, const float *b, size_t n)
{
    return memcmp(a, b, n * sizeof(float)) == 0;
}

int main(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLint major, minor;
    if (!eglInitialize(dpy, &major, &minor) || !eglBindAPI(EGL_OPENGL_API)) {
        fprintf(stderr, "EGL initialisation failed: 0x%x\n", eglGetError());
        return 1;
    }
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "no GL context: 0x%x\n", eglGetError());
        return 1;
    }
    printf("EGL %d.%d, %s\n", major, minor, eglQueryString(dpy, EGL_VENDOR));
    printf("GL_VENDOR:   %s\n", glGetString(GL_VENDOR));
    printf("GL_RENDERER: %s\n", glGetString(GL_RENDERER));
    printf("GL_VERSION:  %s\n", glGetString(GL_VERSION));

    float *data = malloc(N * sizeof(float)), *back = malloc(N * sizeof(float));
    for (int i = 0; i < N; i++)
        data[i] = (float)i * 0.5f;
    int ok = 1;

    GLuint a, b;
    glGenBuffers(1, &a);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, a);
    glBufferData(GL_SHADER_STORAGE_BUFFER, N * sizeof(float), data, GL_DYNAMIC_COPY);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, N * sizeof(float), back);
    printf("upload %7d floats with glBufferData, read back with glGetBufferSubData: %s\n", N,
           same(data, back, N) ? "match" : "MISMATCH");
    ok &= same(data, back, N);

    glCreateBuffers(1, &b);
    glNamedBufferStorage(b, N * sizeof(float), NULL, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
    glCopyNamedBufferSubData(a, b, 0, 0, N * sizeof(float));
    const float *m = glMapNamedBufferRange(b, 0, N * sizeof(float), GL_MAP_READ_BIT);
    int copied = m && same(data, m, N);
    glUnmapNamedBuffer(b);
    printf("copy into immutable storage, read through glMapBufferRange:          %s\n", copied ? "match" : "MISMATCH");
    ok &= copied;

    float *w = glMapNamedBufferRange(b, 0, N * sizeof(float), GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
    for (int i = 0; i < N; i++)
        w[i] = -data[i];
    glUnmapNamedBuffer(b);
    glGetNamedBufferSubData(b, 0, N * sizeof(float), back);
    int negated = 1;
    for (int i = 0; i < N; i++)
        negated &= back[i] == -data[i];
    printf("write through a mapping, read back:                                  %s\n", negated ? "match" : "MISMATCH");
    ok &= negated;

    float pi = 3.25f;
    glClearNamedBufferSubData(a, GL_R32F, 4096, 4096, GL_RED, GL_FLOAT, &pi);
    glGetNamedBufferSubData(a, 4096, 4096, back);
    int cleared = 1;
    for (int i = 0; i < 1024; i++)
        cleared &= back[i] == pi;
    printf("glClearBufferSubData of 1024 floats to %.2f:                          %s\n", pi, cleared ? "match" : "MISMATCH");
    ok &= cleared;

    GLint64 size = 0;
    glGetNamedBufferParameteri64v(a, GL_BUFFER_SIZE, &size);
    GLint max_count = 0, max_shared = 0;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &max_count);
    glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &max_shared);
    printf("buffer size %lld bytes; MAX_COMPUTE_WORK_GROUP_COUNT[0] = %d; MAX_COMPUTE_SHARED_MEMORY_SIZE = %d\n",
           (long long)size, max_count, max_shared);
    GLenum err = glGetError();
    printf("glGetError: 0x%x\n", err);
    ok &= err == GL_NO_ERROR;

    glDeleteBuffers(1, &a);
    glDeleteBuffers(1, &b);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    free(data);
    free(back);
    printf("%s\n", ok ? "buffers demo: all round trips match" : "buffers demo: FAILED");
    return ok ? 0 : 1;
}
