/* A draw-call microbenchmark (not a test) for interposed mode: what an application that
 * draws pays for having libglcompute.so preloaded. Each iteration makes the calls a
 * typical renderer makes per object, with the host driver doing the work: UseProgram,
 * Uniform4f, BindBuffer, VertexAttribPointer (glcompute forwards the first three:
 * they are hooked, since they may name its objects), and DrawArrays of one small
 * triangle into a 16x16 framebuffer object (never hooked). Prints nanoseconds per
 * iteration, the median of RUNS runs; scripts/bench_interposed.sh runs it with and
 * without the preload.
 *
 * usage: draw_calls [RUNS] [ITERATIONS] [state] */
#define GL_GLEXT_PROTOTYPES 1
#define EGL_NO_X11 1
#define MESA_EGL_NO_X11_HEADERS 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    return s;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    int iters = argc > 2 ? atoi(argv[2]) : 20000;
    /* "state": the same calls without the draw, to see the per-call cost alone. */
    int draw = !(argc > 3 && strcmp(argv[3], "state") == 0);
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    eglInitialize(dpy, NULL, NULL);
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "no context\n");
        return 2;
    }
    GLuint fbo, rb, vao, vbo;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glViewport(0, 0, 16, 16);
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    const float tri[] = {-0.1f, -0.1f, 0.1f, -0.1f, 0.0f, 0.1f};
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, "#version 330\nlayout(location=0) in vec2 v;\n"
                                               "void main(){gl_Position=vec4(v,0,1);}\n"));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, "#version 330\nuniform vec4 c; out vec4 o;\n"
                                                 "void main(){o=c;}\n"));
    glLinkProgram(p);
    GLint loc = glGetUniformLocation(p, "c");
    double *t = calloc(runs, sizeof *t);
    for (int r = 0; r < runs; r++) {
        glFinish();
        double t0 = now();
        for (int i = 0; i < iters; i++) {
            glUseProgram(p);
            glUniform4f(loc, (float)(i & 255) / 255.0f, 0.5f, 0.25f, 1.0f);
            glBindBuffer(GL_ARRAY_BUFFER, vbo);
            glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
            if (draw)
                glDrawArrays(GL_TRIANGLES, 0, 3);
        }
        glFinish();
        t[r] = (now() - t0) / iters * 1e9;
    }
    qsort(t, runs, sizeof *t, cmp);
    printf("%.1f ns per iteration (median of %d runs of %d; error 0x%x)\n", t[runs / 2], runs, iters,
           glGetError());
    return 0;
}
