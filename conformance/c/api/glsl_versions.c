/* The context compiles exactly the GLSL versions it claims (GLSL 4.60 §3.3: a version
 * the implementation does not support is a compile error): every version that
 * glGetStringi(GL_SHADING_LANGUAGE_VERSION, i) lists compiles a compute shader (with
 * GL_ARB_compute_shader below 4.30), and every #version above
 * GL_SHADING_LANGUAGE_VERSION fails with a log that says why. Standalone the claim is
 * 4.60; over a host without compute (4.20), which glcompute completes to GL 4.3, it
 * is 4.30 (the host compiles the other stages); over a host that claims more (Mesa's
 * 4.50), the host's version is the context's.
 * Run standalone, and interposed with and without the host's compute. */
// run: standalone EXPECT_GLSL=460
// run: interposed EXPECT_GLSL=430
// run: interposed-mesa EXPECT_GLSL=450
#include "harness.h"

static int compiles(int version, char *log, int size)
{
    char src[512];
    /* GLSL before 1.40 has no interface blocks: an empty kernel there. */
    int runs = version >= 140;
    snprintf(src, sizeof src,
             "#version %d\n%s"
             "layout(local_size_x = 2) in;\n"
             "%s",
             version,
             version < 430 ? "#extension GL_ARB_compute_shader : require\n"
                             "#extension GL_ARB_shader_storage_buffer_object : require\n"
                           : "",
             runs ? "layout(std430, binding = 0) buffer B { int v[]; };\n"
                    "void main() { v[gl_LocalInvocationIndex] = __VERSION__; }\n"
                  : "void main() { }\n");
    const char *p = src;
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &p, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    log[0] = 0;
    glGetShaderInfoLog(s, size, NULL, log);
    if (ok && runs) {
        /* It links and runs too. */
        GLuint prog = glCreateProgram();
        glAttachShader(prog, s);
        glLinkProgram(prog);
        GLint linked = 0;
        glGetProgramiv(prog, GL_LINK_STATUS, &linked);
        CHECK(linked, "#version %d links", version);
        GLuint b;
        glGenBuffers(1, &b);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
        glBufferData(GL_SHADER_STORAGE_BUFFER, 8, NULL, GL_DYNAMIC_COPY);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
        glUseProgram(prog);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        GLuint out[2] = {0, 0};
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
        CHECK(out[0] == (GLuint)version && out[1] == (GLuint)version, "#version %d ran (%u %u)", version, out[0],
              out[1]);
        glUseProgram(0);
        glDeleteProgram(prog);
        glDeleteBuffers(1, &b);
    }
    glDeleteShader(s);
    return ok;
}

int main(void)
{
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 0);
    CHECK(eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "eglMakeCurrent");
    const char *claim = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    CHECK(claim != NULL, "GL_SHADING_LANGUAGE_VERSION");
    int major = 0, minor = 0;
    CHECK(sscanf(claim, "%d.%d", &major, &minor) == 2, "a version number: %s", claim);
    int claimed = major * 100 + minor;
    const char *expect = getenv("EXPECT_GLSL");
    if (expect)
        CHECK(claimed == atoi(expect), "the context claims GLSL %s (%s)", expect, claim);
    char log[2048];

    GLint n = 0;
    glGetIntegerv(GL_NUM_SHADING_LANGUAGE_VERSIONS, &n);
    CHECK(n > 0, "versions are listed (%d)", n);
    int highest = 0;
    for (int i = 0; i < n; i++) {
        const char *v = (const char *)glGetStringi(GL_SHADING_LANGUAGE_VERSION, i);
        CHECK(v != NULL, "version string %d", i);
        if (!v || !*v || strstr(v, " es") || atoi(v) == 100)
            continue; /* the empty string (1.10) and OpenGL ES versions */
        int number = atoi(v);
        if (number > highest)
            highest = number;
        if (number < 110)
            continue;
        CHECK(compiles(number, log, sizeof log), "listed version %s compiles: %s", v, log);
    }
    CHECK(highest == claimed, "the highest listed version (%d) is the claimed one (%d)", highest, claimed);

    for (int v = 430; v <= 470; v += 10) {
        int ok = compiles(v, log, sizeof log);
        if (v <= claimed) {
            CHECK(ok, "#version %d compiles (claimed %d): %s", v, claimed, log);
        } else {
            CHECK(!ok, "#version %d fails (claimed %d)", v, claimed);
            CHECK(strstr(log, "is not supported") && strstr(log, "GL_SHADING_LANGUAGE_VERSION"),
                  "the log says why: %s", log);
        }
    }
    return h_finish("glsl_versions");
}
