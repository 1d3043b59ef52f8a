/* Interposed mode: every way an application finds a GL function gives glcompute's for
 * the functions it takes over and the host's for the rest, and the application's own
 * symbols and RTLD_NEXT lookups are left as they would be without glcompute.
 *
 * Run with libglcompute.so preloaded over a host driver (Mesa); linked with -lGL -lEGL
 * and -rdynamic (the program exports its own glMemoryBarrierByRegion). */
// build: -rdynamic -lEGL -lGL -ldl
// run: interposed
#define _GNU_SOURCE
#include "harness.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>


/* The program's own definition of a GL name (exported with -rdynamic). */
int own_called;
void glMemoryBarrierByRegion(GLbitfield b)
{
    (void)b;
    own_called++;
}

static const char *object_of(void *p)
{
    Dl_info info;
    if (!p || !dladdr(p, &info) || !info.dli_fname)
        return "(none)";
    const char *slash = strrchr(info.dli_fname, '/');
    return slash ? slash + 1 : info.dli_fname;
}

typedef void *(*GetProc)(const char *);

int main(void)
{
    void *libgl = dlopen("libGL.so.1", RTLD_LAZY | RTLD_LOCAL);
    void *libopengl = dlopen("libOpenGL.so.0", RTLD_LAZY | RTLD_LOCAL);
    void *libegl = dlopen("libEGL.so.1", RTLD_LAZY | RTLD_LOCAL);
    CHECK(libgl && libopengl && libegl, "the host's GL libraries open");

    /* A context, so GetProcAddress answers as applications see it. */
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    eglInitialize(dpy, NULL, NULL);
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    CHECK(ctx != EGL_NO_CONTEXT && eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx),
          "a 4.3 context on the host");

    /* Functions glcompute takes over: one address, glcompute's, from every path. */
    const char *hooked[] = {"glDispatchCompute", "glUseProgram", "glCreateShader", "glGetString",
                            "glUniform1f", "glGetError", "eglCreateContext", "eglMakeCurrent",
                            "eglGetProcAddress"};
    GetProc egl_gpa = (GetProc)dlsym(libegl, "eglGetProcAddress");
    GetProc glx_gpa = (GetProc)dlsym(libgl, "glXGetProcAddressARB");
    CHECK(egl_gpa && glx_gpa, "GetProcAddress found with dlsym");
    for (size_t i = 0; i < sizeof hooked / sizeof *hooked; i++) {
        const char *n = hooked[i];
        int is_egl = n[0] == 'e';
        void *paths[6] = {
            dlsym(RTLD_DEFAULT, n),
            dlsym(is_egl ? libegl : libgl, n),
            is_egl ? dlsym(libegl, n) : dlsym(libopengl, n),
            (void *)eglGetProcAddress(n),
            egl_gpa ? egl_gpa(n) : NULL,
            is_egl ? egl_gpa(n) : (glx_gpa ? glx_gpa(n) : NULL),
        };
        const char *names[6] = {"dlsym(RTLD_DEFAULT)", "dlsym(libGL/libEGL)", "dlsym(libOpenGL/libEGL)",
                                "eglGetProcAddress (linked)", "eglGetProcAddress (dlsym'd)",
                                "glXGetProcAddressARB"};
        for (int p = 0; p < 6; p++) {
            CHECK(strcmp(object_of(paths[p]), "libglcompute.so") == 0, "%s via %s is in %s", n,
                  names[p], object_of(paths[p]));
            CHECK(paths[p] == paths[0], "%s via %s is the same address as via %s", n, names[p],
                  names[0]);
        }
    }
    /* Linked directly: the executable's references bind to the preload library. */
    CHECK((void *)&glDispatchCompute == dlsym(RTLD_DEFAULT, "glDispatchCompute"),
          "the linked glDispatchCompute is glcompute's");
    CHECK((void *)&eglCreateContext == dlsym(RTLD_DEFAULT, "eglCreateContext"),
          "the linked eglCreateContext is glcompute's");

    /* Functions glcompute does not take over: the host's, from every path. */
    const char *host[] = {"glDrawArrays", "glClear", "glGenBuffers", "glTexImage2D"};
    for (size_t i = 0; i < sizeof host / sizeof *host; i++) {
        const char *n = host[i];
        void *a = dlsym(libgl, n), *b = (void *)eglGetProcAddress(n);
        CHECK(a && strncmp(object_of(a), "libglcompute", 12) != 0, "%s via dlsym is the host's (%s)", n,
              object_of(a));
        CHECK(b && strncmp(object_of(b), "libglcompute", 12) != 0,
              "%s via eglGetProcAddress is the host's (%s)", n, object_of(b));
    }
    CHECK(dlsym(RTLD_DEFAULT, "glDispatchComputeGroupSizeARB") != NULL,
          "glcompute's additions resolve by name");
    CHECK(dlsym(libegl, "no_such_function_anywhere") == NULL, "unknown names stay unknown");
    CHECK(dlsym(libgl, "glNoSuchFunctionAnywhere") == NULL, "unknown GL names stay unknown");

    /* The program's own symbols and RTLD_NEXT are untouched. */
    void *own = dlsym(RTLD_DEFAULT, "glMemoryBarrierByRegion");
    CHECK(own == (void *)&glMemoryBarrierByRegion, "dlsym finds the program's own function (%s)",
          object_of(own));
    void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
    CHECK(dlsym(RTLD_NEXT, "puts") == dlsym(libc, "puts"), "RTLD_NEXT finds libc's puts");
    CHECK(dlsym(RTLD_NEXT, "no_such_function_anywhere") == NULL, "RTLD_NEXT of an unknown name");
    CHECK(dlsym(RTLD_NEXT, "glDrawArrays") == dlsym(libgl, "glDrawArrays"),
          "RTLD_NEXT of a host GL function is the host's");

    /* And the hooks work: a compute shader through the dlsym'd functions. */
    PFNGLCREATESHADERPROC create = (PFNGLCREATESHADERPROC)dlsym(libgl, "glCreateShader");
    PFNGLGETERRORPROC get_error = (PFNGLGETERRORPROC)dlsym(libgl, "glGetError");
    GLuint s = create(GL_COMPUTE_SHADER);
    CHECK(s != 0 && get_error() == GL_NO_ERROR, "a compute shader object (%u)", s);
    GLint type = 0;
    glGetShaderiv(s, GL_SHADER_TYPE, &type);
    CHECK(type == GL_COMPUTE_SHADER, "it is a compute shader");
    glDeleteShader(s);

    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return h_finish("interpose_lookup");
}
