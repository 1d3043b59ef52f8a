/* Headless EGL 1.5: context creation through every path a loader uses (default
 * display with a config and a pbuffer, the surfaceless platform with no config, the
 * device platform), the EGL errors of each command, and current-context rules across
 * threads. */
// run: standalone
#include "harness.h"
#include <dlfcn.h>
#include <pthread.h>

#define EXPECT_EGL(expected, rule, call)                                                   \
    do {                                                                                   \
        eglGetError();                                                                     \
        call;                                                                              \
        EGLint h_e = eglGetError();                                                        \
        h_checks++;                                                                        \
        if (h_e != (expected)) {                                                           \
            h_failures++;                                                                  \
            fprintf(stderr, "FAIL %s:%d: %s: expected 0x%x, got 0x%x (%s)\n", __FILE__,    \
                    __LINE__, #call, (unsigned)(expected), (unsigned)h_e, rule);           \
        }                                                                                  \
    } while (0)

static const EGLint gl43[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};

/* Round-trips a buffer on whatever context is current: proves GL works there. */
static int gl_works(void)
{
    GLuint b;
    unsigned v = 0x12345678, out = 0;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, 4, &v, GL_STATIC_DRAW);
    glGetNamedBufferSubData(b, 0, 4, &out);
    glDeleteBuffers(1, &b);
    return out == v && glGetError() == GL_NO_ERROR;
}

static void client_extensions(void)
{
    const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    CHECK(ext && strstr(ext, "EGL_EXT_platform_base") && strstr(ext, "EGL_MESA_platform_surfaceless") &&
              strstr(ext, "EGL_EXT_platform_device") && strstr(ext, "EGL_EXT_device_enumeration"),
          "client extensions: %s", ext ? ext : "(null)");
    const char *ver = eglQueryString(EGL_NO_DISPLAY, EGL_VERSION);
    CHECK(ver && strncmp(ver, "1.5", 3) == 0, "EGL 1.5 §3.3: EGL_VERSION with EGL_NO_DISPLAY");
    EXPECT_EGL(EGL_BAD_DISPLAY, "EGL 1.5 §3.3: EGL_VENDOR needs a display", eglQueryString(EGL_NO_DISPLAY, EGL_VENDOR));
}

static void default_display_pbuffer(void)
{
    EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    CHECK(dpy != EGL_NO_DISPLAY, "eglGetDisplay(EGL_DEFAULT_DISPLAY)");
    EXPECT_EGL(EGL_NOT_INITIALIZED, "EGL 1.5 §3.2: a display must be initialized",
               eglQueryString(dpy, EGL_VENDOR));
    EGLint major = 0, minor = 0;
    CHECK(eglInitialize(dpy, &major, &minor) && major == 1 && minor == 5, "eglInitialize reports 1.5");
    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    CHECK(ext && strstr(ext, "EGL_KHR_create_context") && strstr(ext, "EGL_KHR_surfaceless_context") &&
              strstr(ext, "EGL_KHR_no_config_context"),
          "display extensions");
    CHECK(strstr(eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL") != NULL, "client APIs");
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL 1.5 §3.3: an invalid name", eglQueryString(dpy, 0x1234));
    EXPECT_EGL(EGL_BAD_DISPLAY, "EGL 1.5 §3.2: a handle that is no display", eglInitialize((EGLDisplay)0x99, NULL, NULL));

    /* Configs (EGL 1.5 §3.4). */
    EGLint n = 0;
    CHECK(eglGetConfigs(dpy, NULL, 0, &n) && n > 0, "eglGetConfigs counts");
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL 1.5 §3.4.1: num_config NULL", eglGetConfigs(dpy, NULL, 0, NULL));
    const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                           EGL_RED_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_NONE};
    EGLConfig cfg = NULL;
    CHECK(eglChooseConfig(dpy, want, &cfg, 1, &n) && n == 1 && cfg, "a pbuffer GL config with alpha and depth");
    EGLint v = 0;
    eglGetConfigAttrib(dpy, cfg, EGL_DEPTH_SIZE, &v);
    CHECK(v >= 24, "depth size");
    eglGetConfigAttrib(dpy, cfg, EGL_SURFACE_TYPE, &v);
    CHECK(v & EGL_PBUFFER_BIT, "pbuffer capable");
    eglGetConfigAttrib(dpy, cfg, EGL_RENDERABLE_TYPE, &v);
    CHECK(v & EGL_OPENGL_BIT, "OpenGL renderable");
    EXPECT_EGL(EGL_BAD_ATTRIBUTE, "EGL 1.5 §3.4.3: an invalid attribute", eglGetConfigAttrib(dpy, cfg, 0x1234, &v));
    EXPECT_EGL(EGL_BAD_CONFIG, "EGL 1.5 §3.4.3: an invalid config", eglGetConfigAttrib(dpy, (EGLConfig)0x777, EGL_DEPTH_SIZE, &v));
    const EGLint bad_attr[] = {0x1234, 1, EGL_NONE};
    EXPECT_EGL(EGL_BAD_ATTRIBUTE, "EGL 1.5 §3.4.1.2: eglChooseConfig with an unknown attribute",
               eglChooseConfig(dpy, bad_attr, &cfg, 1, &n));
    const EGLint windows[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig none = NULL;
    CHECK(eglChooseConfig(dpy, windows, &none, 1, &n) && n == 0, "no window configs on a headless display");

    /* Pbuffer surfaces (EGL 1.5 §3.5.2). */
    const EGLint pb[] = {EGL_WIDTH, 64, EGL_HEIGHT, 32, EGL_NONE};
    EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb);
    CHECK(surf != EGL_NO_SURFACE, "eglCreatePbufferSurface");
    eglQuerySurface(dpy, surf, EGL_WIDTH, &v);
    CHECK(v == 64, "pbuffer width");
    eglQuerySurface(dpy, surf, EGL_HEIGHT, &v);
    CHECK(v == 32, "pbuffer height");
    const EGLint neg[] = {EGL_WIDTH, -1, EGL_NONE};
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL 1.5 §3.5.2: a negative pbuffer width", eglCreatePbufferSurface(dpy, cfg, neg));
    const EGLint badpb[] = {0x1234, 0, EGL_NONE};
    EXPECT_EGL(EGL_BAD_ATTRIBUTE, "EGL 1.5 §3.5.2: an invalid pbuffer attribute", eglCreatePbufferSurface(dpy, cfg, badpb));
    const EGLint tex[] = {EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE};
    EXPECT_EGL(EGL_BAD_MATCH, "EGL 1.5 §3.5.2: texture binding on a config without BIND_TO_TEXTURE",
               eglCreatePbufferSurface(dpy, cfg, tex));
    EXPECT_EGL(EGL_BAD_CONFIG, "EGL 1.5 §3.5.2: an invalid config", eglCreatePbufferSurface(dpy, (EGLConfig)0x777, pb));
    EXPECT_EGL(EGL_BAD_MATCH, "EGL 1.5 §3.5.1: window surfaces need EGL_WINDOW_BIT",
               eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)0, NULL));
    EXPECT_EGL(EGL_BAD_ATTRIBUTE, "EGL 1.5 §3.5.6: eglQuerySurface with an invalid attribute",
               eglQuerySurface(dpy, surf, 0x1234, &v));

    /* Contexts (EGL 1.5 §3.7). */
    CHECK(eglQueryAPI() == EGL_OPENGL_ES_API,
          "EGL 1.5 §3.7: the initial API is EGL_OPENGL_ES_API where OpenGL ES is supported");
    EXPECT_EGL(EGL_BAD_ATTRIBUTE, "EGL 1.5 §3.7.1: an OpenGL profile mask for an OpenGL ES context",
               eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, gl43));
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL 1.5 §3.7: eglBindAPI(EGL_OPENVG_API) is not supported",
               eglBindAPI(EGL_OPENVG_API));
    CHECK(eglBindAPI(EGL_OPENGL_API) && eglQueryAPI() == EGL_OPENGL_API, "eglBindAPI(EGL_OPENGL_API)");
    const EGLint v50[] = {EGL_CONTEXT_MAJOR_VERSION, 5, EGL_NONE};
    EXPECT_EGL(EGL_BAD_MATCH, "EGL_KHR_create_context: a version that does not exist",
               eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, v50));
    const EGLint v47[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 7, EGL_NONE};
    EXPECT_EGL(EGL_BAD_MATCH, "EGL_KHR_create_context: a version that does not exist (4.7)",
               eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, v47));
    const EGLint v46[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6, EGL_NONE};
    EGLContext c46 = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, v46);
    CHECK(c46 != EGL_NO_CONTEXT, "EGL_KHR_create_context: a 4.6 context is provided (0x%x)", eglGetError());
    if (c46 != EGL_NO_CONTEXT)
        eglDestroyContext(dpy, c46);
    const EGLint badprof[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_OPENGL_PROFILE_MASK, 0, EGL_NONE};
    EXPECT_EGL(EGL_BAD_MATCH, "EGL_KHR_create_context: no profile bit", eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, badprof));
    const EGLint badattr[] = {0x3333, 1, EGL_NONE};
    EXPECT_EGL(EGL_BAD_ATTRIBUTE, "EGL 1.5 §3.7.1: an invalid context attribute",
               eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, badattr));
    const EGLint badflags[] = {EGL_CONTEXT_FLAGS_KHR, 0x100, EGL_NONE};
    EXPECT_EGL(EGL_BAD_ATTRIBUTE, "EGL_KHR_create_context: undefined flag bits",
               eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, badflags));
    EXPECT_EGL(EGL_BAD_CONTEXT, "EGL 1.5 §3.7.1: an invalid share context",
               eglCreateContext(dpy, cfg, (EGLContext)0x5555, gl43));
    EXPECT_EGL(EGL_BAD_CONFIG, "EGL 1.5 §3.7.1: an invalid config", eglCreateContext(dpy, (EGLConfig)0x777, EGL_NO_CONTEXT, gl43));

    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, gl43);
    CHECK(ctx != EGL_NO_CONTEXT, "eglCreateContext 4.3 core with a config");
    EGLint ct = 0;
    eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &ct);
    CHECK(ct == EGL_OPENGL_API, "EGL_CONTEXT_CLIENT_TYPE");
    EXPECT_EGL(EGL_BAD_MATCH, "EGL 1.5 §3.7.3: a context with only a draw surface",
               eglMakeCurrent(dpy, surf, EGL_NO_SURFACE, ctx));
    EXPECT_EGL(EGL_BAD_MATCH, "EGL 1.5 §3.7.3: surfaces without a context",
               eglMakeCurrent(dpy, surf, surf, EGL_NO_CONTEXT));
    EXPECT_EGL(EGL_BAD_CONTEXT, "EGL 1.5 §3.7.3: an invalid context", eglMakeCurrent(dpy, surf, surf, (EGLContext)0x5555));
    EXPECT_EGL(EGL_BAD_SURFACE, "EGL 1.5 §3.7.3: an invalid surface", eglMakeCurrent(dpy, (EGLSurface)0x5555, surf, ctx));
    CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT, "failed eglMakeCurrent made nothing current");
    CHECK(eglMakeCurrent(dpy, surf, surf, ctx), "eglMakeCurrent with a pbuffer");
    CHECK(eglGetCurrentContext() == ctx && eglGetCurrentDisplay() == dpy && eglGetCurrentSurface(EGL_DRAW) == surf &&
              eglGetCurrentSurface(EGL_READ) == surf,
          "current context, display and surfaces");
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL 1.5 §3.7.4: eglGetCurrentSurface with an invalid name", eglGetCurrentSurface(0x1234));
    CHECK(gl_works(), "GL works on the pbuffer context");
    CHECK(eglSwapBuffers(dpy, surf), "EGL 1.5 §3.10.1: swapping a pbuffer has no effect and no error");
    CHECK(eglSwapInterval(dpy, 1), "eglSwapInterval with a current surface");
    CHECK(eglWaitClient() && eglWaitGL() && eglWaitNative(EGL_CORE_NATIVE_ENGINE), "wait functions");

    /* EGL fence sync (EGL 1.5 §3.8). */
    EGLSync sync = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
    CHECK(sync != EGL_NO_SYNC, "eglCreateSync(EGL_SYNC_FENCE)");
    CHECK(eglClientWaitSync(dpy, sync, 0, EGL_FOREVER) == EGL_CONDITION_SATISFIED, "the fence signals");
    EGLAttrib st = 0;
    eglGetSyncAttrib(dpy, sync, EGL_SYNC_STATUS, &st);
    CHECK(st == EGL_SIGNALED, "EGL_SYNC_STATUS");
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL 1.5 §3.8.1: an invalid sync type", eglCreateSync(dpy, 0x1234, NULL));
    CHECK(eglDestroySync(dpy, sync), "eglDestroySync");
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL 1.5 §3.8.1: a destroyed sync", eglDestroySync(dpy, sync));

    /* Destroying a current context defers its deletion (EGL 1.5 §3.7.2). */
    CHECK(eglDestroyContext(dpy, ctx), "destroy a current context");
    CHECK(gl_works(), "the destroyed context keeps working while current");
    EXPECT_EGL(EGL_BAD_CONTEXT, "EGL 1.5 §3.7.2: the handle is invalid after destruction", eglDestroyContext(dpy, ctx));
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT && eglGetCurrentSurface(EGL_DRAW) == EGL_NO_SURFACE, "nothing current");
    CHECK(glGetError() == GL_NO_ERROR && glGetString(GL_VENDOR) == NULL, "GL calls without a context do nothing");
    CHECK(eglDestroySurface(dpy, surf), "eglDestroySurface");
    EXPECT_EGL(EGL_BAD_SURFACE, "EGL 1.5 §3.5.5: destroying a destroyed surface", eglDestroySurface(dpy, surf));
}

static void surfaceless_and_device(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(dpy != EGL_NO_DISPLAY, "eglGetPlatformDisplay(SURFACELESS)");
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_ext = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    CHECK(get_ext && get_ext(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) == dpy, "eglGetPlatformDisplayEXT");
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL 1.5 §3.2: an unsupported platform", eglGetPlatformDisplay(0x31D5, NULL, NULL));
    eglInitialize(dpy, NULL, NULL);
    eglBindAPI(EGL_OPENGL_API);
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl43);
    CHECK(ctx != EGL_NO_CONTEXT, "no-config context");
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "EGL_KHR_surfaceless_context");
    CHECK(gl_works(), "GL works surfaceless");
    EXPECT_EGL(EGL_BAD_SURFACE, "EGL 1.5 §3.10.3: eglSwapInterval without a draw surface", eglSwapInterval(dpy, 1));

    /* A legacy request (no attributes) gets a compatibility context of 4.3. */
    EGLContext legacy = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL);
    CHECK(legacy != EGL_NO_CONTEXT, "default attributes give a context");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, legacy);
    CHECK(h_int(GL_CONTEXT_PROFILE_MASK) == GL_CONTEXT_COMPATIBILITY_PROFILE_BIT, "compatibility profile");
    CHECK(glGetString(GL_EXTENSIONS) != NULL, "GetString(EXTENSIONS) in a compatibility profile");
    GLuint b = 0;
    glBindBuffer(GL_ARRAY_BUFFER, 4321);
    CHECK(glGetError() == GL_NO_ERROR && glIsBuffer(4321), "compatibility contexts create objects for any name");
    glDeleteBuffers(1, &b);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, legacy);
    eglDestroyContext(dpy, ctx);

    /* The device platform. */
    PFNEGLQUERYDEVICESEXTPROC query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    PFNEGLQUERYDEVICESTRINGEXTPROC device_string = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
    CHECK(query_devices && device_string, "device functions");
    EGLDeviceEXT dev = NULL;
    EGLint ndev = 0;
    CHECK(query_devices(1, &dev, &ndev) && ndev == 1 && dev, "one device");
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL_EXT_device_enumeration: num_devices NULL", query_devices(1, &dev, NULL));
    const char *dext = device_string(dev, EGL_EXTENSIONS);
    CHECK(dext != NULL, "device extensions");
    EXPECT_EGL(EGL_BAD_DEVICE_EXT, "EGL_EXT_device_query: an invalid device", device_string((EGLDeviceEXT)0x42, EGL_EXTENSIONS));
    EGLDisplay ddpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
    CHECK(ddpy != EGL_NO_DISPLAY, "a display on the device");
    EXPECT_EGL(EGL_BAD_PARAMETER, "EGL_EXT_platform_device: a native display that is no device",
               eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, (void *)0x42, NULL));
    eglInitialize(ddpy, NULL, NULL);
    PFNEGLQUERYDISPLAYATTRIBEXTPROC display_attrib = (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
    EGLAttrib got = 0;
    CHECK(display_attrib && display_attrib(ddpy, EGL_DEVICE_EXT, &got) && (EGLDeviceEXT)got == dev, "EGL_DEVICE_EXT");
    EGLContext dctx = eglCreateContext(ddpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl43);
    CHECK(eglMakeCurrent(ddpy, EGL_NO_SURFACE, EGL_NO_SURFACE, dctx) && gl_works(), "GL on the device display");
    eglMakeCurrent(ddpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(ddpy, dctx);
    CHECK(eglTerminate(ddpy), "eglTerminate");
    EXPECT_EGL(EGL_NOT_INITIALIZED, "EGL 1.5 §3.2: a terminated display", eglCreateContext(ddpy, NULL, NULL, gl43));
}

/* Shared objects across a share group, binding state per context. */
static void share_groups(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLContext a = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl43);
    EGLContext b = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, a, gl43);
    EGLContext c = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl43);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, a);
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, b);
    CHECK(glIsBuffer(buf), "objects are shared within a share group");
    CHECK(h_int(GL_SHADER_STORAGE_BUFFER_BINDING) == 0, "bindings are per context");
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glDeleteBuffers(1, &buf);
    CHECK(h_int(GL_ARRAY_BUFFER_BINDING) == 0, "deleting unbinds in the current context");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, a);
    CHECK(h_int(GL_SHADER_STORAGE_BUFFER_BINDING) == (GLint)buf, "GL 4.6 §5.1.2: other contexts keep their binding");
    CHECK(!glIsBuffer(buf), "the name is gone for every context");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c);
    CHECK(!glIsBuffer(buf), "other share groups do not see it");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, a);
    eglDestroyContext(dpy, b);
    eglDestroyContext(dpy, c);
}

/* A context current on one thread cannot be made current on another. */
static EGLDisplay t_dpy;
static EGLContext t_ctx;
static EGLint t_error;
static EGLBoolean t_result;

static void *other_thread(void *arg)
{
    (void)arg;
    eglBindAPI(EGL_OPENGL_API);
    t_result = eglMakeCurrent(t_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, t_ctx);
    t_error = eglGetError();
    CHECK(t_result || eglGetCurrentContext() == EGL_NO_CONTEXT, "a failed eglMakeCurrent leaves nothing current");
    eglReleaseThread();
    return NULL;
}

static void threads(void)
{
    t_dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    t_ctx = eglCreateContext(t_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl43);
    eglMakeCurrent(t_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, t_ctx);
    pthread_t t;
    pthread_create(&t, NULL, other_thread, NULL);
    pthread_join(t, NULL);
    CHECK(!t_result && t_error == EGL_BAD_ACCESS, "EGL 1.5 §3.7.3: EGL_BAD_ACCESS for a context current elsewhere");
    CHECK(gl_works(), "the owner keeps its context");
    eglReleaseThread();
    CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT, "EGL 1.5 §3.11: eglReleaseThread releases the context");
    CHECK(eglQueryAPI() == EGL_OPENGL_ES_API, "eglReleaseThread resets the API to its initial value");
    eglBindAPI(EGL_OPENGL_API);
    pthread_create(&t, NULL, other_thread, NULL);
    pthread_join(t, NULL);
    CHECK(t_result && t_error == EGL_SUCCESS, "a released context can be made current elsewhere");
    eglDestroyContext(t_dpy, t_ctx);
}

static void proc_address(void)
{
    CHECK(eglGetProcAddress("glDispatchCompute") != NULL, "eglGetProcAddress(glDispatchCompute)");
    CHECK(eglGetProcAddress("glBufferStorage") == (void (*)(void))glBufferStorage, "GL functions resolve to the exports");
    CHECK(eglGetProcAddress("eglMakeCurrent") == (void (*)(void))eglMakeCurrent, "EGL functions resolve too");
    CHECK(eglGetProcAddress("glNotAFunction") == NULL, "unknown names give NULL");
    CHECK(eglGetProcAddress("") == NULL && eglGetProcAddress("eglNotAFunction") == NULL, "no function, no address");
    CHECK(eglGetError() == EGL_SUCCESS, "no error");

    /* A GL function of an extension glcompute does not offer (NV_mesh_shader), and a
     * compatibility-profile command: a stub (not exported) that records
     * GL_INVALID_OPERATION with a message naming it and what it belongs to. */
    void (*mesh)(void) = eglGetProcAddress("glDrawMeshTasksNV");
    void (*begin)(void) = eglGetProcAddress("glBegin");
    void (*handle)(void) = eglGetProcAddress("glGetTextureHandleARB");
    void *self = dlopen("libEGL.so.1", RTLD_NOW | RTLD_NOLOAD);
    CHECK(mesh && begin && handle, "functions glcompute does not implement have a stub");
    CHECK(self && !dlsym(self, "glDrawMeshTasksNV") && !dlsym(self, "glBegin"), "stubs are not exported");
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 1);
    CHECK(eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "a debug context");
    while (glGetError() != GL_NO_ERROR)
        ;
    struct {
        void (*f)(void);
        const char *name, *what;
    } stubs[] = {
        {mesh, "glDrawMeshTasksNV", "GL_NV_mesh_shader"},
        {begin, "glBegin", "compatibility profile"},
    };
    for (unsigned i = 0; i < 2; i++) {
        if (!stubs[i].f)
            continue;
        ((void(APIENTRY *)(GLuint, GLuint))stubs[i].f)(0, 1);
        CHECK(glGetError() == GL_INVALID_OPERATION, "%s records GL_INVALID_OPERATION", stubs[i].name);
        char msg[512] = {0};
        GLsizei len = 0;
        GLuint n = glGetDebugMessageLog(1, sizeof msg, NULL, NULL, NULL, NULL, &len, msg);
        CHECK(n == 1 && strstr(msg, stubs[i].name) && strstr(msg, stubs[i].what), "%s: the message says why: %s",
              stubs[i].name, msg);
    }
    if (handle) {
        GLuint64 h = ((GLuint64(APIENTRY *)(GLuint))handle)(1);
        CHECK(h == 0 && glGetError() == GL_INVALID_OPERATION, "a stub returns 0");
    }
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(h_dpy, ctx);
}

int main(void)
{
    client_extensions();
    default_display_pbuffer();
    surfaceless_and_device();
    share_groups();
    threads();
    proc_address();
    h_check_no_other_gl();
    return h_finish("egl_paths");
}
