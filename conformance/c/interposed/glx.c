/* Interposed mode under GLX (an X server: Xvfb). The application creates its context
 * with glXCreateContextAttribsARB asking for OpenGL 4.3 core over a host that gives 4.2:
 * glcompute lowers the request (the refused attempts' X errors never reach the
 * application's handler, nor Xlib's default one, which would exit), announces 4.3 and
 * runs the compute. A request for a version neither can give still fails, and the
 * application's X error handler sees the error as it would without glcompute.
 *
 * usage: interpose_glx (with DISPLAY set; libglcompute.so preloaded over Mesa) */
// build: -lGL -lX11
// run: xvfb-interposed
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <string.h>

#ifndef GLX_CONTEXT_MAJOR_VERSION_ARB
#define GLX_CONTEXT_MAJOR_VERSION_ARB 0x2091
#define GLX_CONTEXT_MINOR_VERSION_ARB 0x2092
#define GLX_CONTEXT_PROFILE_MASK_ARB 0x9126
#define GLX_CONTEXT_CORE_PROFILE_BIT_ARB 0x1
#endif

typedef GLXContext (*CreateContextAttribs)(Display *, GLXFBConfig, GLXContext, Bool, const int *);

static int checks, failures, x_errors;
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

static int on_x_error(Display *d, XErrorEvent *e)
{
    (void)d, (void)e;
    x_errors++;
    return 0;
}

int main(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "interpose_glx: no X display\n");
        return 2;
    }
    XSetErrorHandler(on_x_error);
    const int fb_attribs[] = {GLX_DRAWABLE_TYPE, GLX_PBUFFER_BIT, GLX_RENDER_TYPE, GLX_RGBA_BIT, None};
    int n = 0;
    GLXFBConfig *configs = glXChooseFBConfig(dpy, DefaultScreen(dpy), fb_attribs, &n);
    if (!configs || n == 0) {
        fprintf(stderr, "interpose_glx: no pbuffer config\n");
        return 2;
    }
    CreateContextAttribs create =
        (CreateContextAttribs)glXGetProcAddressARB((const GLubyte *)"glXCreateContextAttribsARB");
    CHECK(create != NULL, "glXCreateContextAttribsARB");

    /* A version nobody gives: NULL, and the application's handler sees the X error. */
    const int too_new[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 9, GLX_CONTEXT_MINOR_VERSION_ARB, 9, None};
    GLXContext none = create(dpy, configs[0], NULL, True, too_new);
    XSync(dpy, False);
    CHECK(none == NULL, "no OpenGL 9.9 context");
    CHECK(x_errors > 0, "the application's X error handler saw the refusal (%d)", x_errors);

    x_errors = 0;
    const int attribs[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                           GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None};
    GLXContext ctx = create(dpy, configs[0], NULL, True, attribs);
    XSync(dpy, False);
    CHECK(ctx != NULL, "an OpenGL 4.3 context");
    CHECK(x_errors == 0, "no X error reached the application (%d)", x_errors);
    if (!ctx)
        return 1;
    const int pb_attribs[] = {GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None};
    GLXPbuffer pb = glXCreatePbuffer(dpy, configs[0], pb_attribs);
    CHECK(glXMakeContextCurrent(dpy, pb, pb, ctx), "glXMakeContextCurrent");
    const char *version = (const char *)glGetString(GL_VERSION);
    printf("GL_VERSION: %s\n", version);
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    CHECK(major * 10 + minor >= 43, "OpenGL %d.%d", major, minor);

    const char *src = "#version 430\nlayout(local_size_x = 32) in;\n"
                      "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                      "void main() { v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * gl_GlobalInvocationID.x; }\n";
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &src, NULL);
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
    glBufferData(GL_SHADER_STORAGE_BUFFER, 64 * 4, NULL, GL_DYNAMIC_READ);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    glDispatchCompute(2, 1, 1);
    GLuint out[64];
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
    int bad = 0;
    for (unsigned i = 0; i < 64; i++)
        bad += out[i] != i * i;
    CHECK(bad == 0, "%d of 64 values wrong", bad);
    CHECK(glGetError() == GL_NO_ERROR, "no GL error");

    glXMakeContextCurrent(dpy, None, None, NULL);
    glXDestroyPbuffer(dpy, pb);
    glXDestroyContext(dpy, ctx);
    XFree(configs);
    XCloseDisplay(dpy);
    printf("interpose_glx: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
