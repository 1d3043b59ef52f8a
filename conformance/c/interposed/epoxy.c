/* Interposed mode under libepoxy: epoxy opens the host's libEGL/libGL itself and
 * resolves every function with dlsym and eglGetProcAddress on them. With
 * libglcompute.so preloaded over a host without compute, an unmodified epoxy program
 * gets a 4.3 context, sees GL_ARB_compute_shader, and its compute shader runs on
 * glcompute: epoxy's resolved pointer for glDispatchCompute is glcompute's. */
// cflags: -O1 -Wall
// build: pkg:epoxy -ldl
// run: interposed
#define _GNU_SOURCE
#include <dlfcn.h>
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...)                                              \
    do {                                                              \
        if (!(cond)) {                                                \
            failures++;                                               \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);               \
            printf(__VA_ARGS__);                                      \
            printf("\n");                                             \
        }                                                             \
    } while (0)

static const char *object_of(void *p)
{
    Dl_info info;
    if (!p || !dladdr(p, &info) || !info.dli_fname)
        return "(none)";
    const char *slash = strrchr(info.dli_fname, '/');
    return slash ? slash + 1 : info.dli_fname;
}

static const char *cs =
    "#version 430\n"
    "layout(local_size_x = 64) in;\n"
    "layout(std430, binding = 3) buffer B { uint v[]; };\n"
    "void main() { v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * 3u + 1u; }\n";

int main(void)
{
    EGLDisplay dpy = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(eglInitialize(dpy, NULL, NULL), "eglInitialize");
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        printf("interpose_epoxy: no 4.3 context (0x%x)\n", eglGetError());
        return 1;
    }
    CHECK(epoxy_gl_version() >= 43, "epoxy_gl_version() = %d", epoxy_gl_version());
    CHECK(epoxy_gl_version() >= 43 || epoxy_has_gl_extension("GL_ARB_compute_shader"),
          "compute is announced");
    CHECK(epoxy_has_gl_extension("GL_ARB_compute_variable_group_size"),
          "GL_ARB_compute_variable_group_size is announced");

    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &cs, NULL);
    glCompileShader(s);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(ok, "the compute program links");
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 256 * 4, NULL, GL_DYNAMIC_READ);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, b);
    glUseProgram(p);
    glDispatchCompute(4, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    unsigned out[256];
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
    int bad = 0;
    for (unsigned i = 0; i < 256; i++)
        bad += out[i] != i * 3 + 1;
    CHECK(bad == 0, "%d of 256 values wrong", bad);
    CHECK(glGetError() == GL_NO_ERROR, "no GL error");

    /* After its first call, epoxy's pointer is the function it resolved. */
    CHECK(strcmp(object_of((void *)epoxy_glDispatchCompute), "libglcompute.so") == 0,
          "epoxy resolved glDispatchCompute to %s", object_of((void *)epoxy_glDispatchCompute));
    CHECK(strncmp(object_of((void *)epoxy_glBufferData), "libglcompute", 12) != 0 ||
              strcmp(object_of((void *)epoxy_glBufferData), "libglcompute.so") == 0,
          "glBufferData is the host's or glcompute's hook");

    printf("interpose_epoxy: GL %s, %s\n", (const char *)glGetString(GL_VERSION),
           failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
