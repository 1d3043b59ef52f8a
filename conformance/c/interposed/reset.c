/* KHR_robustness in interposed mode. An application creates its context through the
 * host's window system asking for LOSE_CONTEXT_ON_RESET (EGL 1.5's
 * EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, or GLX_ARB_create_context_robustness's
 * GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB). A dispatch there that the watchdog
 * stops is a guilty reset of glcompute's part of the context: glGetGraphicsResetStatus
 * (and the ARB name) reports GL_GUILTY_CONTEXT_RESET once, a KHR_debug message names
 * the program, and the commands glcompute runs fail with GL_CONTEXT_LOST and change
 * nothing. The host's part is not reset: its drawing goes on. A context of the same
 * application without reset notification sees the same stop as incomplete results and
 * goes on computing; it never sees the other context's reset.
 *
 * usage: interpose_reset [--glx]   (libglcompute.so preloaded over Mesa; --glx needs
 * DISPLAY) */
// build: -lEGL -lGL -lX11
// run: interposed
// run: interposed-run
// run: xvfb-interposed -- --glx
#define GL_GLEXT_PROTOTYPES 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB
#define GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB 0x8256
#define GLX_LOSE_CONTEXT_ON_RESET_ARB 0x8252
#define GLX_NO_RESET_NOTIFICATION_ARB 0x8261
#endif
#ifndef GLX_CONTEXT_MAJOR_VERSION_ARB
#define GLX_CONTEXT_MAJOR_VERSION_ARB 0x2091
#define GLX_CONTEXT_MINOR_VERSION_ARB 0x2092
#define GLX_CONTEXT_PROFILE_MASK_ARB 0x9126
#define GLX_CONTEXT_CORE_PROFILE_BIT_ARB 0x1
#endif

static int checks, failures;
#define CHECK(cond, ...)                                              \
    do {                                                              \
        checks++;                                                     \
        if (!(cond)) {                                                \
            failures++;                                               \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);      \
            fprintf(stderr, __VA_ARGS__);                             \
            fprintf(stderr, "  [%s]\n", #cond);                       \
        }                                                             \
    } while (0)

/* ---- the two window systems ---- */
static int use_glx;
static EGLDisplay edpy;
static Display *xdpy;
static GLXFBConfig xconfig;
static GLXPbuffer xpb;
typedef GLXContext (*CreateContextAttribs)(Display *, GLXFBConfig, GLXContext, Bool, const int *);

static void *create(int lose)
{
    if (use_glx) {
        CreateContextAttribs fn =
            (CreateContextAttribs)glXGetProcAddressARB((const GLubyte *)"glXCreateContextAttribsARB");
        const int attribs[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                               GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
                               GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB,
                               lose ? GLX_LOSE_CONTEXT_ON_RESET_ARB : GLX_NO_RESET_NOTIFICATION_ARB, None};
        return fn ? fn(xdpy, xconfig, NULL, True, attribs) : NULL;
    }
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
                              lose ? EGL_LOSE_CONTEXT_ON_RESET : EGL_NO_RESET_NOTIFICATION, EGL_NONE};
    EGLContext c = eglCreateContext(edpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    return c == EGL_NO_CONTEXT ? NULL : c;
}

static int make_current(void *ctx)
{
    if (use_glx)
        return ctx ? glXMakeContextCurrent(xdpy, xpb, xpb, (GLXContext)ctx)
                   : glXMakeContextCurrent(xdpy, None, None, NULL);
    return eglMakeCurrent(edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, (EGLContext)ctx);
}

static int open_display(void)
{
    if (use_glx) {
        xdpy = XOpenDisplay(NULL);
        if (!xdpy)
            return 0;
        const int fb[] = {GLX_DRAWABLE_TYPE, GLX_PBUFFER_BIT, GLX_RENDER_TYPE, GLX_RGBA_BIT, None};
        int n = 0;
        GLXFBConfig *configs = glXChooseFBConfig(xdpy, DefaultScreen(xdpy), fb, &n);
        if (!configs || n == 0)
            return 0;
        xconfig = configs[0];
        const int pb[] = {GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None};
        xpb = glXCreatePbuffer(xdpy, xconfig, pb);
        return 1;
    }
    edpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    return edpy != EGL_NO_DISPLAY && eglInitialize(edpy, NULL, NULL) && eglBindAPI(EGL_OPENGL_API);
}

/* ---- GL ---- */
static char last_msg[2048];
static int messages;
static void APIENTRY on_debug(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                              const GLchar *message, const void *user)
{
    (void)source, (void)type, (void)id, (void)length, (void)user;
    messages++;
    if (severity == GL_DEBUG_SEVERITY_HIGH && strstr(message, "watchdog"))
        snprintf(last_msg, sizeof last_msg, "%s", message);
}

static GLuint program(const char *src)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(ok, "the compute program links");
    return p;
}

static const char *spin_src = "#version 430\nlayout(local_size_x = 1) in;\n"
                              "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                              "void main() { for (;;) { v[0] += 1u; } }\n";
static const char *square_src = "#version 430\nlayout(local_size_x = 8) in;\n"
                                "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                                "void main() { uint i = gl_GlobalInvocationID.x; v[i] = i * i; }\n";

static GLuint buffer(void)
{
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 64, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    return b;
}

/* Squares 0..15 into a new buffer and checks them. */
static int computes(void)
{
    GLuint p = program(square_src);
    buffer();
    glUseProgram(p);
    glDispatchCompute(2, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    GLuint got[16] = {0};
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    int ok = glGetError() == GL_NO_ERROR;
    for (int i = 0; i < 16; i++)
        ok &= got[i] == (GLuint)(i * i);
    return ok;
}

/* The host draws: clears a renderbuffer of its own framebuffer and reads it back. */
static int host_draws(float red)
{
    GLuint fb, rb;
    glGenFramebuffers(1, &fb);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glClearColor(red, 0.0f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    unsigned char px[4] = {0};
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int ok = glGetError() == GL_NO_ERROR && px[0] == (unsigned char)(red * 255.0f + 0.5f) && px[2] == 255;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &rb);
    return ok;
}

int main(int argc, char **argv)
{
    use_glx = argc > 1 && strcmp(argv[1], "--glx") == 0;
    const char *ws = use_glx ? "GLX" : "EGL";
    setenv("GLCOMPUTE_TIMEOUT_MS", "300", 1);
    if (!open_display()) {
        fprintf(stderr, "interpose_reset: no %s display\n", ws);
        return 2;
    }
    void *lose = create(1), *keep = create(0);
    CHECK(lose && keep, "%s contexts with and without reset notification", ws);
    if (!lose || !keep)
        return 1;

    /* The context that is lost on reset. */
    CHECK(make_current(lose), "make the lose-on-reset context current");
    const char *version = (const char *)glGetString(GL_VERSION);
    CHECK(version && strstr(version, "glcompute") != NULL, "glcompute runs compute here (%s)", version);
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_debug, NULL);
    GLint strategy = 0;
    glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &strategy);
    CHECK(strategy == GL_LOSE_CONTEXT_ON_RESET, "RESET_NOTIFICATION_STRATEGY 0x%x", strategy);
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR, "no reset yet");
    CHECK(computes(), "compute works before the reset");
    CHECK(host_draws(1.0f), "the host draws before the reset");

    GLuint sp = program(spin_src);
    buffer();
    glUseProgram(sp);
    glDispatchCompute(1, 1, 1);
    GLenum status = glGetGraphicsResetStatus();
    CHECK(status == GL_GUILTY_CONTEXT_RESET, "the stopped dispatch is a guilty reset (0x%x)", status);
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR && glGetGraphicsResetStatusARB() == GL_NO_ERROR,
          "the reset is reported once");
    char want[64];
    snprintf(want, sizeof want, "program %u", sp);
    CHECK(strstr(last_msg, "guilty context reset") && strstr(last_msg, want),
          "the debug message names the reset and program %u: `%s'", sp, last_msg);

    /* glcompute's part is lost: its commands fail with CONTEXT_LOST and change nothing. */
    while (glGetError() != GL_NO_ERROR)
        ;
    glDispatchCompute(1, 1, 1);
    CHECK(glGetError() == GL_CONTEXT_LOST, "a dispatch on the lost context fails with GL_CONTEXT_LOST");
    GLuint cs = glCreateShader(GL_COMPUTE_SHADER);
    CHECK(cs == 0 && glGetError() == GL_CONTEXT_LOST, "so does creating a compute shader (%u)", cs);
    GLint linked = 12345;
    glGetProgramiv(sp, GL_LINK_STATUS, &linked);
    CHECK(linked == 12345 && glGetError() == GL_CONTEXT_LOST, "and a query of glcompute's program writes nothing");
    /* The host's part is not reset: it still draws. */
    CHECK(host_draws(0.0f), "the host still draws after glcompute's reset");

    /* The context without reset notification: the same stop, no reset, compute goes on. */
    CHECK(make_current(keep), "make the other context current");
    /* DEBUG_OUTPUT is off in a context without the debug flag (GL 4.6 §20.2), and it is
     * the host's switch that glcompute's messages follow. */
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_debug, NULL);
    messages = 0;
    glUseProgram(0);
    glDispatchCompute(1, 1, 1);
    CHECK(glGetError() == GL_INVALID_OPERATION && messages == 0,
          "no message while DEBUG_OUTPUT is off (%d)", messages);
    glEnable(GL_DEBUG_OUTPUT);
    glDispatchCompute(1, 1, 1);
    CHECK(glGetError() == GL_INVALID_OPERATION && messages == 1,
          "glcompute's message once the application enables DEBUG_OUTPUT (%d)", messages);
    last_msg[0] = 0;
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR, "the other context saw no reset");
    CHECK(computes(), "the other context computes");
    GLuint sp2 = program(spin_src);
    buffer();
    glUseProgram(sp2);
    glDispatchCompute(1, 1, 1);
    CHECK(glGetGraphicsResetStatus() == GL_NO_ERROR, "a stop without reset notification is no reset");
    CHECK(strstr(last_msg, "incomplete") != NULL, "the debug message says the results are incomplete: `%s'",
          last_msg);
    while (glGetError() != GL_NO_ERROR)
        ;
    CHECK(computes(), "and the context goes on computing");
    CHECK(host_draws(0.5f), "and drawing");

    make_current(NULL);
    printf("interpose_reset (%s): %d checks, %d failed\n", ws, checks, failures);
    return failures ? 1 : 0;
}
