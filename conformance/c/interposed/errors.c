/* Interposed mode keeps one error stream and one debug callback for the host's calls
 * and glcompute's: the first error in call order is the one glGetError returns (GL 4.6
 * §2.3.1: later errors are not recorded while the flag is set), glcompute's own calls
 * into the host never leave an error behind, and the application's debug callback gets
 * the host's messages and glcompute's. Also: a program that links a compute shader
 * with a vertex shader fails to link (GL 4.6 §7.3), the host's graphics programs and
 * glcompute's compute programs never share a name, and glcompute's objects are shared
 * exactly between the contexts the host shares objects between.
 *
 * Run with libglcompute.so preloaded over Mesa with compute hidden. */
// build: -lEGL -lGL
// run: interposed
// run: interposed GLCOMPUTE_HOST_CAPS=-ssbo,-atomic_counters,-dsa
#include "harness.h"
#include <stdio.h>
#include <string.h>


static int host_msgs, glcompute_msgs;

static void APIENTRY on_message(GLenum source, GLenum type, GLuint id, GLenum severity,
                                  GLsizei length, const GLchar *message, const void *user)
{
    (void)source, (void)id, (void)severity, (void)length;
    CHECK(user == (void *)&host_msgs, "the callback gets its user parameter");
    if (type != GL_DEBUG_TYPE_ERROR)
        return;
    /* glcompute's messages name the command first ("glDispatchCompute: ..."). */
    if (strncmp(message, "glDispatchCompute", 17) == 0)
        glcompute_msgs++;
    else
        host_msgs++;
}

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    return s;
}

int main(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    eglInitialize(dpy, NULL, NULL);
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "no 4.3 context\n");
        return 2;
    }
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_message, &host_msgs);

    /* 1. The host's error first: it stays; glcompute's later one is not recorded. */
    glBindBuffer(0xdead, 0);                   /* host: INVALID_ENUM */
    glDispatchCompute(1, 1, 1);                /* glcompute: INVALID_OPERATION (no program) */
    CHECK(glGetError() == GL_INVALID_ENUM, "the host's earlier error comes first");
    CHECK(glGetError() == GL_NO_ERROR, "and only it");

    /* 2. glcompute's error first: the host's later one is not recorded. */
    glDispatchCompute(1, 1, 1);                /* glcompute: INVALID_OPERATION */
    glBindBuffer(0xdead, 0);                   /* host: INVALID_ENUM */
    CHECK(glGetError() == GL_INVALID_OPERATION, "glcompute's earlier error comes first");
    CHECK(glGetError() == GL_NO_ERROR, "and only it");

    /* 2b. A buffer name that was never generated: the binding error of GL 4.6 §6.1
     * (INVALID_OPERATION in a core context), whether the host or glcompute keeps the
     * binding point. */
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 123456);
    CHECK(glGetError() == GL_INVALID_OPERATION, "binding a name never generated");

    /* 3. Both sides' messages reached the one callback. */
    CHECK(host_msgs >= 2, "the host's error messages reach the callback (%d)", host_msgs);
    CHECK(glcompute_msgs == 2, "glcompute's error messages reach the callback (%d)", glcompute_msgs);

    /* 4. glcompute's own host calls (mapping the buffers of a dispatch) leave no error. */
    GLuint prog = glCreateProgram();
    GLuint cs = shader(GL_COMPUTE_SHADER,
                       "#version 430\nlayout(local_size_x=4) in;\n"
                       "layout(std430, binding=0) buffer B { uint v[]; };\n"
                       "void main() { atomicAdd(v[0], 1u); v[gl_LocalInvocationIndex + 1u] = 7u; }\n");
    glAttachShader(prog, cs);
    glLinkProgram(prog);
    GLint ok = 0;
    glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    CHECK(ok, "the compute program links");
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    /* Immutable storage the host cannot map: glcompute works on a copy. */
    const GLuint zero[8] = {0};
    glBufferStorage(GL_SHADER_STORAGE_BUFFER, sizeof zero, zero, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(prog);
    glDispatchCompute(2, 1, 1);
    CHECK(glGetError() == GL_NO_ERROR, "no error after a dispatch on immutable storage");
    GLuint out[8];
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
    CHECK(out[0] == 8 && out[1] == 7 && out[4] == 7 && out[5] == 0,
          "the results reached immutable storage (%u %u %u %u)", out[0], out[1], out[4], out[5]);
    GLint bound = -1;
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &bound);
    CHECK(bound == 0, "the host's COPY_WRITE_BUFFER binding is restored (%d)", bound);

    /* 4b. Only what live code uses is touched: a buffer the application keeps mapped
     * at the binding of a block the shader declares but never reads stays as it is. */
    GLuint unused_prog = glCreateProgram();
    GLuint unused_cs = shader(GL_COMPUTE_SHADER,
                              "#version 430\nlayout(local_size_x=1) in;\n"
                              "layout(std430, binding=1) readonly buffer U { uint u[]; };\n"
                              "layout(std430, binding=0) buffer B { uint v[]; };\n"
                              "void main() { v[0] = 5u; }\n");
    glAttachShader(unused_prog, unused_cs);
    glLinkProgram(unused_prog);
    GLuint mapped;
    glGenBuffers(1, &mapped);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, mapped);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
    void *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 64, GL_MAP_WRITE_BIT);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, mapped);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glUseProgram(unused_prog);
    glDispatchCompute(1, 1, 1);
    CHECK(glGetError() == GL_NO_ERROR, "an unused block's mapped buffer is not touched");
    GLint still = 0;
    glGetNamedBufferParameteriv(mapped, GL_BUFFER_MAPPED, &still);
    CHECK(m && still, "the application's mapping stays");
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, out);
    CHECK(out[0] == 5, "the dispatch ran (%u)", out[0]);
    glUnmapNamedBuffer(mapped);
    glUseProgram(prog);

    /* 5. A compute shader linked with a vertex shader: the link error GL 4.6 §7.3 gives. */
    GLuint vs = shader(GL_VERTEX_SHADER, "#version 330\nvoid main() { gl_Position = vec4(0.0); }\n");
    GLuint mixed = glCreateProgram();
    glAttachShader(mixed, vs);
    glAttachShader(mixed, cs);
    glLinkProgram(mixed);
    glGetProgramiv(mixed, GL_LINK_STATUS, &ok);
    CHECK(!ok, "compute and vertex shaders do not link together");
    GLint attached = 0;
    glGetProgramiv(mixed, GL_ATTACHED_SHADERS, &attached);
    CHECK(attached == 2, "both shaders are attached (%d)", attached);
    CHECK(glGetError() == GL_NO_ERROR, "a failed link is not a GL error");

    /* 6. Names never collide: host programs and shaders made after glcompute's differ
     * from every glcompute name, and glcompute's objects answer as themselves. */
    GLuint names[6] = {prog, cs, mixed, glCreateProgram(), glCreateShader(GL_FRAGMENT_SHADER),
                       glCreateShader(GL_COMPUTE_SHADER)};
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            CHECK(names[i] != names[j], "names %d and %d differ (%u)", i, j, names[i]);
    GLint type = 0;
    glGetShaderiv(cs, GL_SHADER_TYPE, &type);
    CHECK(type == GL_COMPUTE_SHADER, "the compute shader reports its type");
    glGetShaderiv(names[4], GL_SHADER_TYPE, &type);
    CHECK(type == GL_FRAGMENT_SHADER, "the host's shader reports its type");
    CHECK(glIsProgram(prog) && glIsShader(cs) && !glIsShader(prog) && !glIsProgram(cs),
          "IsProgram/IsShader by owner");
    glDeleteProgram(prog);
    CHECK(glIsProgram(prog), "a deleted program that is current stays until unused");
    glUseProgram(0);
    CHECK(!glIsProgram(prog), "a deleted glcompute program is gone once unused");
    CHECK(glGetError() == GL_NO_ERROR, "no error");

    /* 7. Every compute limit answers in every Get form, as glcompute's. */
    {
        GLint i = 0;
        GLint64 i64 = 0;
        GLboolean bo = 0;
        GLfloat f = 0;
        GLdouble d = 0;
        glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &i);
        glGetInteger64v(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &i64);
        glGetBooleanv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &bo);
        glGetFloatv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &f);
        glGetDoublev(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &d);
        CHECK(i >= 32768 && i64 == i && bo == GL_TRUE && f == (GLfloat)i && d == (GLdouble)i,
              "GL_MAX_COMPUTE_SHARED_MEMORY_SIZE in every form (%d)", i);
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 2, &i);
        glGetInteger64i_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 2, &i64);
        glGetBooleani_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 2, &bo);
        glGetFloati_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 2, &f);
        glGetDoublei_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 2, &d);
        CHECK(i >= 65535 && i64 == i && bo == GL_TRUE && d == (GLdouble)i,
              "GL_MAX_COMPUTE_WORK_GROUP_COUNT[2] in every form (%d)", i);
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 3, &i);
        CHECK(glGetError() == GL_INVALID_VALUE, "index 3 of a three-component limit");
        glGetIntegerv(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, &i);
        CHECK(i >= 512, "GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB = %d", i);
        CHECK(glGetError() == GL_NO_ERROR, "no error");
    }

    /* 8. Contexts that share objects on the host share glcompute's; others do not. */
    GLuint prog2 = glCreateProgram();
    glAttachShader(prog2, cs);
    glLinkProgram(prog2);
    EGLContext shared = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, ctx, attribs);
    EGLContext alone = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    CHECK(shared && alone, "two more contexts");
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, shared), "make the sharing one current");
    CHECK(glIsProgram(prog2) && glIsShader(cs), "a sharing context sees glcompute's objects");
    GLuint zeros[8] = {0};
    GLuint b2;
    glGenBuffers(1, &b2);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b2);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof zeros, zeros, GL_DYNAMIC_READ);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b2);
    glUseProgram(prog2);
    glDispatchCompute(1, 1, 1);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
    CHECK(out[0] == 4 && out[1] == 7, "the shared program runs in the sharing context (%u %u)", out[0],
          out[1]);
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, alone), "make the other one current");
    CHECK(!glIsProgram(prog2) && !glIsShader(cs), "a context that shares nothing sees none of them");
    glDispatchCompute(1, 1, 1);
    CHECK(glGetError() == GL_INVALID_OPERATION, "and has no compute program current");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, shared);
    eglDestroyContext(dpy, alone);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return h_finish("interpose_errors");
}
