/* An unmodified libepoxy program: epoxy loads libEGL/libGL itself (dlopen) and resolves
 * every function through them. With glcompute as those libraries it must create a
 * context, report GL 4.6 with the advertised extensions, and run buffer commands. */
// cflags: -O1 -Wall
// build: pkg:epoxy
// run: standalone
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    /* Without a current display libepoxy assumes EGL 1.4, so epoxy programs reach the
     * surfaceless platform through EGL_EXT_platform_base. */
    EGLDisplay dpy = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!eglInitialize(dpy, NULL, NULL)) {
        printf("epoxy_app: eglInitialize failed\n");
        return 1;
    }
    int egl_version = epoxy_egl_version(dpy);
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        printf("epoxy_app: no context (0x%x)\n", eglGetError());
        return 1;
    }
    int failures = 0;
    int gl_version = epoxy_gl_version();
    if (gl_version != 46) {
        printf("FAIL: epoxy_gl_version() = %d\n", gl_version);
        failures++;
    }
    if (egl_version != 15) {
        printf("FAIL: epoxy_egl_version() = %d\n", egl_version);
        failures++;
    }
    if (!epoxy_has_gl_extension("GL_KHR_debug") || epoxy_has_gl_extension("GL_NV_not_a_thing")) {
        printf("FAIL: epoxy_has_gl_extension\n");
        failures++;
    }
    if (!epoxy_has_egl_extension(dpy, "EGL_KHR_surfaceless_context")) {
        printf("FAIL: epoxy_has_egl_extension\n");
        failures++;
    }
    if (epoxy_is_desktop_gl() != 1) {
        printf("FAIL: epoxy_is_desktop_gl\n");
        failures++;
    }
    GLuint b;
    unsigned data[4] = {1, 2, 3, 4}, out[4] = {0};
    /* GL 4.3 entry points plus GL_ARB_buffer_storage, which glcompute advertises. */
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferStorage(GL_SHADER_STORAGE_BUFFER, sizeof data, data, GL_MAP_READ_BIT);
    const unsigned *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, sizeof data, GL_MAP_READ_BIT);
    if (!m || memcmp(m, data, sizeof data) != 0) {
        printf("FAIL: map through epoxy\n");
        failures++;
    }
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
    if (memcmp(out, data, sizeof data) != 0 || glGetError() != GL_NO_ERROR) {
        printf("FAIL: buffer round trip through epoxy\n");
        failures++;
    }
    printf("epoxy_app: GL %d.%d (%s), EGL %d.%d, %s\n", gl_version / 10, gl_version % 10,
           (const char *)glGetString(GL_RENDERER), egl_version / 10, egl_version % 10,
           failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
