/* Interposed mode end to end: the host driver draws, glcompute computes, through one
 * context. The host draws a red triangle into a framebuffer object; a compute shader
 * reads the vertex positions the host wrote into one buffer and writes transformed
 * vertices into another, which the host then draws from in green. The test checks the
 * buffer against the CPU, probes pixels, and prints a hash of the whole image, which
 * scripts/interposed.sh compares between runs with and without glcompute preloaded.
 *
 * usage: interpose_draw [--glcompute | --host]
 *   --glcompute: glcompute must have run the dispatch (it is preloaded)
 *   --host:      the host driver must have run it (nothing preloaded) */
// build: -lEGL -lGL -ldl -lm
// run: check interpose_draw_check
#define _GNU_SOURCE
#include "harness.h"
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#define W 64
#define H 64

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "compile failed:\n%s\n", log);
    }
    CHECK(ok, "shader compiles");
    return s;
}

static GLuint program(GLuint a, GLuint b)
{
    GLuint p = glCreateProgram();
    glAttachShader(p, a);
    if (b)
        glAttachShader(p, b);
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "link failed:\n%s\n", log);
    }
    CHECK(ok, "program links");
    return p;
}

static const char *vs_src =
    "#version 330 core\n"
    "layout(location = 0) in vec4 p;\n"
    "void main() { gl_Position = p; }\n";
static const char *fs_src =
    "#version 330 core\n"
    "uniform vec4 color;\n"
    "out vec4 c;\n"
    "void main() { c = color; }\n";
static const char *cs_src =
    "#version 430\n"
    "layout(local_size_x = 3) in;\n"
    "layout(std430, binding = 0) readonly buffer In { vec2 pos[]; } src;\n"
    "layout(std430, binding = 1) writeonly buffer Out { vec4 v[]; } dst;\n"
    "uniform vec2 offset;\n"
    "uniform float scale;\n"
    "void main() {\n"
    "    uint i = gl_GlobalInvocationID.x;\n"
    "    dst.v[i] = vec4(src.pos[i] * scale + offset, 0.0, 1.0);\n"
    "}\n";

static uint32_t fnv(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static const uint8_t *pixel(const uint8_t *img, int x, int y)
{
    return img + 4 * (y * W + x);
}

int main(int argc, char **argv)
{
    int want_glcompute = argc > 1 && strcmp(argv[1], "--glcompute") == 0;
    int want_host = argc > 1 && strcmp(argv[1], "--host") == 0;

    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!eglInitialize(dpy, NULL, NULL)) {
        fprintf(stderr, "eglInitialize failed\n");
        return 2;
    }
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {
        EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
    };
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "no OpenGL 4.3 context: 0x%x\n", eglGetError());
        return 2;
    }
    printf("GL_VERSION:  %s\nGL_RENDERER: %s\n", glGetString(GL_VERSION), glGetString(GL_RENDERER));
    GLint major = 0, minor = 0, next = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    CHECK(major * 10 + minor >= 43, "GL %d.%d is at least the 4.3 asked for", major, minor);
    glGetIntegerv(GL_NUM_EXTENSIONS, &next);
    int has_cs = 0;
    for (int i = 0; i < next; i++)
        has_cs |= strcmp((const char *)glGetStringi(GL_EXTENSIONS, i), "GL_ARB_compute_shader") == 0;
    CHECK(has_cs || major * 10 + minor >= 43, "compute is announced");
    GLint size_x = 0;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 0, &size_x);
    CHECK(size_x >= 1024, "GL_MAX_COMPUTE_WORK_GROUP_SIZE[0] = %d", size_x);

    /* The host's framebuffer object. */
    GLuint fbo, rb, vao;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "FBO complete");
    glViewport(0, 0, W, H);
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);

    GLuint vs = shader(GL_VERTEX_SHADER, vs_src), fs = shader(GL_FRAGMENT_SHADER, fs_src);
    GLuint draw = program(vs, fs);
    GLuint cs = shader(GL_COMPUTE_SHADER, cs_src);
    GLuint comp = program(cs, 0);
    CHECK(glGetError() == GL_NO_ERROR, "setup");

    /* 1. The host draws a red triangle in the left half. */
    const float red_tri[] = {-0.9f, -0.9f, 0, 1, -0.1f, -0.9f, 0, 1, -0.5f, 0.9f, 0, 1};
    GLuint vbo;
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof red_tri, red_tri, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(draw);
    glUniform4f(glGetUniformLocation(draw, "color"), 1, 0, 0, 1);
    glDrawArrays(GL_TRIANGLES, 0, 3);

    /* 2. The host writes positions; compute transforms them into another buffer. */
    const float pos[] = {-1, -1, 1, -1, 0, 1};
    GLuint in, out;
    glGenBuffers(1, &in);
    glGenBuffers(1, &out);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, in);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 3 * 4 * sizeof(float), NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
    glUseProgram(comp);
    GLint cur = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
    CHECK((GLuint)cur == comp, "the compute program is current (%d)", cur);
    glUniform2f(glGetUniformLocation(comp, "offset"), 0.5f, 0.0f);
    glUniform1f(glGetUniformLocation(comp, "scale"), 0.4f);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    CHECK(glGetError() == GL_NO_ERROR, "dispatch");

    float got[12];
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    for (int i = 0; i < 3; i++) {
        float ex = pos[2 * i] * 0.4f + 0.5f, ey = pos[2 * i + 1] * 0.4f;
        CHECK(fabsf(got[4 * i] - ex) < 1e-6f && fabsf(got[4 * i + 1] - ey) < 1e-6f &&
                  got[4 * i + 2] == 0.0f && got[4 * i + 3] == 1.0f,
              "vertex %d = (%g %g %g %g), expected (%g %g 0 1)", i, got[4 * i], got[4 * i + 1],
              got[4 * i + 2], got[4 * i + 3], ex, ey);
    }

    /* 3. The host draws from what compute wrote, in green. */
    glUseProgram(draw);
    glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
    CHECK((GLuint)cur == draw, "the draw program is current again (%d)", cur);
    glUniform4f(glGetUniformLocation(draw, "color"), 0, 1, 0, 1);
    glBindBuffer(GL_ARRAY_BUFFER, out);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
    glDrawArrays(GL_TRIANGLES, 0, 3);

    static uint8_t img[W * H * 4];
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img);
    CHECK(glGetError() == GL_NO_ERROR, "drawing");
    const uint8_t *r = pixel(img, W / 4, H / 2 - 8), *g = pixel(img, 3 * W / 4, H / 2 - 4);
    const uint8_t *bg = pixel(img, 2, H - 3);
    CHECK(r[0] == 255 && r[1] == 0 && r[2] == 0, "red triangle pixel %d %d %d", r[0], r[1], r[2]);
    CHECK(g[0] == 0 && g[1] == 255 && g[2] == 0, "green triangle pixel %d %d %d", g[0], g[1], g[2]);
    CHECK(bg[0] == 0 && bg[1] == 0 && bg[2] == 0, "background pixel %d %d %d", bg[0], bg[1], bg[2]);

    /* Who ran the dispatch. */
    void *driver = dlopen("libglcompute_driver.so", RTLD_LAZY | RTLD_NOLOAD);
    FILE *maps = fopen("/proc/self/maps", "r");
    int mapped = 0;
    char line[4096];
    while (maps && fgets(line, sizeof line, maps))
        mapped |= strstr(line, "libglcompute_driver.so") != NULL;
    if (maps)
        fclose(maps);
    if (want_glcompute) {
        void (*stats)(GLuint64 *) =
            (void (*)(GLuint64 *))eglGetProcAddress("glcomputeGetDispatchStatistics");
        GLuint64 s[2] = {0, 0};
        CHECK(mapped && stats, "glcompute is loaded");
        if (stats)
            stats(s);
        CHECK(s[0] == 1, "glcompute ran the one dispatch (%llu)", (unsigned long long)s[0]);
    }
    if (want_host)
        CHECK(!mapped && !driver, "glcompute is not loaded");

    printf("pixels: %08x\n", fnv(img, sizeof img));
    glDeleteProgram(draw);
    glDeleteProgram(comp);
    glDeleteShader(vs);
    glDeleteShader(fs);
    glDeleteShader(cs);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return h_finish("interpose_draw");
}
