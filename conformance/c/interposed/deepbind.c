/* Interposed mode under a library loaded with RTLD_DEEPBIND (as Python loads Taichi's
 * core library, whose glad loader dlopens libEGL and resolves GL with dlsym): its
 * imports of dlsym, dlopen and the GL/EGL names glcompute hooks bind as they would
 * without RTLD_DEEPBIND, so what it loads reaches glcompute. libepoxy stands in for
 * such a library: loaded by path with RTLD_NOW | RTLD_DEEPBIND over a GL 4.2 host, its
 * GL 4.3 context and compute dispatch are glcompute's, and the host's functions stay
 * the host's. A load by bare name is left to the C library and finds the loaded
 * object; a failing load reports the C library's error. */
// build: -lEGL -ldl -lpthread
// run: interposed
#define _GNU_SOURCE
#include "harness.h"
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *object_of(void *p)
{
    Dl_info info;
    if (!p || !dladdr(p, &info) || !info.dli_fname)
        return "(none)";
    const char *slash = strrchr(info.dli_fname, '/');
    return slash ? slash + 1 : info.dli_fname;
}

/* The path the loader finds a library at, found in a child process so that this one
 * has not loaded it. */
static int library_path(const char *soname, char *out, size_t size)
{
    int fd[2];
    if (pipe(fd) != 0)
        return 0;
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        void *h = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
        struct link_map *m = NULL;
        if (h && dlinfo(h, RTLD_DI_LINKMAP, &m) == 0 && m && m->l_name[0] == '/')
            (void)!write(fd[1], m->l_name, strlen(m->l_name));
        _exit(0);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < size && (r = read(fd[0], out + n, size - 1 - n)) > 0)
        n += (size_t)r;
    out[n] = 0;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return n > 0;
}

static const char *cs =
    "#version 430\n"
    "layout(local_size_x = 32) in;\n"
    "layout(std430, binding = 1) buffer B { uint v[]; };\n"
    "void main() { v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * 5u + 2u; }\n";

/* libepoxy's exported function pointers (epoxy/gl_generated.h names them so). */
static void *epoxy;
static void *epoxy_pointer(const char *name)
{
    void **p = dlsym(epoxy, name);
    if (!p) {
        printf("FAIL: libepoxy has no %s\n", name);
        exit(1);
    }
    return p;
}
#define EPOXY(type, name) (*(type *)epoxy_pointer("epoxy_" #name))

/* Other threads loading and unloading a library with RTLD_DEEPBIND meanwhile. */
static char png_path[4096];
static int png_loads;
static void *load_loop(void *arg)
{
    (void)arg;
    for (int i = 0; i < 100; i++) {
        void *h = dlopen(png_path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
        if (h) {
            __atomic_add_fetch(&png_loads, 1, __ATOMIC_RELAXED);
            dlclose(h);
        }
    }
    return NULL;
}

int main(void)
{
    char path[4096] = {0};
    CHECK(library_path("libepoxy.so.0", path, sizeof path), "libepoxy.so.0 found by the loader");
    CHECK(library_path("libpng16.so.16", png_path, sizeof png_path), "libpng16.so.16 found by the loader");
    if (!path[0])
        return h_finish("interpose_deepbind");
    CHECK(dlopen("libepoxy.so.0", RTLD_LAZY | RTLD_NOLOAD) == NULL, "libepoxy is not loaded yet");

    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(eglInitialize(dpy, NULL, NULL), "eglInitialize");
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    CHECK(ctx != EGL_NO_CONTEXT && eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx),
          "a 4.3 context (glcompute's over the 4.2 host)");

    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&threads[i], NULL, load_loop, NULL);
    epoxy = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    for (int i = 0; i < 2; i++)
        pthread_join(threads[i], NULL);
    CHECK(png_loads == 200, "200 concurrent RTLD_DEEPBIND loads of %s (%d)", png_path, png_loads);
    CHECK(epoxy != NULL, "%s loads with RTLD_DEEPBIND: %s", path, epoxy ? "" : dlerror());
    if (!epoxy)
        return h_finish("interpose_deepbind");

    int (*gl_version)(void) = (int (*)(void))dlsym(epoxy, "epoxy_gl_version");
    CHECK(gl_version && gl_version() >= 43, "epoxy sees GL %d (4.3 is glcompute's answer)",
          gl_version ? gl_version() : -1);
    const char *version = (const char *)EPOXY(PFNGLGETSTRINGPROC, glGetString)(GL_VERSION);
    CHECK(version && strstr(version, "(compute: glcompute"), "GL_VERSION through epoxy: %s",
          version ? version : "(null)");

    GLuint s = EPOXY(PFNGLCREATESHADERPROC, glCreateShader)(GL_COMPUTE_SHADER);
    EPOXY(PFNGLSHADERSOURCEPROC, glShaderSource)(s, 1, &cs, NULL);
    EPOXY(PFNGLCOMPILESHADERPROC, glCompileShader)(s);
    GLuint p = EPOXY(PFNGLCREATEPROGRAMPROC, glCreateProgram)();
    EPOXY(PFNGLATTACHSHADERPROC, glAttachShader)(p, s);
    EPOXY(PFNGLLINKPROGRAMPROC, glLinkProgram)(p);
    GLint ok = 0;
    EPOXY(PFNGLGETPROGRAMIVPROC, glGetProgramiv)(p, GL_LINK_STATUS, &ok);
    CHECK(ok, "the compute program links");
    GLuint b = 0;
    EPOXY(PFNGLGENBUFFERSPROC, glGenBuffers)(1, &b);
    EPOXY(PFNGLBINDBUFFERPROC, glBindBuffer)(GL_SHADER_STORAGE_BUFFER, b);
    EPOXY(PFNGLBUFFERDATAPROC, glBufferData)(GL_SHADER_STORAGE_BUFFER, 128 * 4, NULL, GL_DYNAMIC_READ);
    EPOXY(PFNGLBINDBUFFERBASEPROC, glBindBufferBase)(GL_SHADER_STORAGE_BUFFER, 1, b);
    EPOXY(PFNGLUSEPROGRAMPROC, glUseProgram)(p);
    EPOXY(PFNGLDISPATCHCOMPUTEPROC, glDispatchCompute)(4, 1, 1);
    EPOXY(PFNGLMEMORYBARRIERPROC, glMemoryBarrier)(GL_BUFFER_UPDATE_BARRIER_BIT);
    unsigned out[128] = {0};
    EPOXY(PFNGLGETBUFFERSUBDATAPROC, glGetBufferSubData)(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
    int bad = 0;
    for (unsigned i = 0; i < 128; i++)
        bad += out[i] != i * 5 + 2;
    CHECK(bad == 0, "%d of 128 values wrong", bad);
    CHECK(EPOXY(PFNGLGETERRORPROC, glGetError)() == GL_NO_ERROR, "no GL error");
    void *dispatch = (void *)EPOXY(PFNGLDISPATCHCOMPUTEPROC, glDispatchCompute);
    CHECK(strcmp(object_of(dispatch), "libglcompute.so") == 0,
          "epoxy resolved glDispatchCompute to %s", object_of(dispatch));
    EPOXY(PFNGLCLEARPROC, glClear)(GL_COLOR_BUFFER_BIT);
    void *clear = (void *)EPOXY(PFNGLCLEARPROC, glClear);
    CHECK(strncmp(object_of(clear), "libglcompute", 12) != 0 && strncmp(object_of(clear), "lib", 3) == 0 &&
              strcmp(object_of(clear), "libepoxy.so.0") != 0,
          "glClear is the host's (%s)", object_of(clear));
    printf("glClear through epoxy: %s\n", object_of(clear));
    EPOXY(PFNGLGETERRORPROC, glGetError)();

    /* The same library by bare name: the C library's own dlopen, the object already
     * loaded, the same handle. */
    void *again = dlopen("libepoxy.so.0", RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    CHECK(again == epoxy, "a bare-name RTLD_DEEPBIND dlopen finds the loaded object");
    if (again)
        dlclose(again);
    /* A failing load reports the loader's error, as without glcompute. */
    CHECK(dlopen("/nonexistent/libnothing.so", RTLD_NOW | RTLD_DEEPBIND) == NULL && dlerror() != NULL,
          "a missing file fails with dlerror set");

    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return h_finish("interpose_deepbind");
}
