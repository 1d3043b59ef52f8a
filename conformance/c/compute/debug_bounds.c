/* GLCOMPUTE_DEBUG=bounds: the first out-of-range buffer or image access of a dispatch
 * is reported once, through KHR_debug (source API, type UNDEFINED_BEHAVIOR, severity
 * HIGH) and on stderr, with the program, the source line and the index (buffers: the
 * block, the byte range and the bound size; images: the texel and the image's size;
 * sized arrays: the index and the element count). The accesses themselves behave as
 * without the check (reads give zero, writes are dropped, sized-array indices are
 * clamped), and a dispatch whose accesses are all in range reports nothing.
 * Without GLCOMPUTE_DEBUG=bounds the same dispatches report nothing. */
// run: standalone
// run: standalone GLCOMPUTE_DEBUG=bounds
#include "harness.h"

static int reports;
static char last[2048];
static void APIENTRY on_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                  const GLchar *message, const void *user)
{
    (void)id, (void)length, (void)user;
    if (source == GL_DEBUG_SOURCE_API && type == GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR &&
        severity == GL_DEBUG_SEVERITY_HIGH) {
        reports++;
        snprintf(last, sizeof last, "%s", message);
    }
}

static GLuint program(const char *src)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    glDeleteShader(s);
    GLint ok = 0;
    char log[2048] = "";
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    glGetProgramInfoLog(p, sizeof log, NULL, log);
    CHECK(ok, "links: %s", log);
    return p;
}

static GLuint buffer(GLuint binding, GLsizeiptr bytes, const void *data)
{
    GLuint b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, bytes, data, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, b);
    return b;
}

/* Dispatches `p` and returns how many reports it gave (0 or 1 expected). */
static int dispatch(GLuint p, GLuint x)
{
    int before = reports;
    last[0] = 0;
    glUseProgram(p);
    EXPECT_OK(glDispatchCompute(x, 1, 1));
    return reports - before;
}

int main(void)
{
    const char *dbg = getenv("GLCOMPUTE_DEBUG");
    int checking = dbg && strstr(dbg, "bounds");
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 1);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
    h_check_no_other_gl();
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_message, NULL);

    /* 1. Reads past a 64-byte range (16 uints) at line 6; 64 invocations, many out of
     *    range: one report, for the first access recorded. */
    GLuint rd = program("#version 430\n"
                        "layout(local_size_x = 64) in;\n"
                        "layout(std430, binding = 0) buffer In { uint data[]; };\n"
                        "layout(std430, binding = 1) buffer Out { uint result[]; };\n"
                        "void main() {\n"
                        "    uint v = data[gl_LocalInvocationIndex + 3u];\n"
                        "    result[gl_LocalInvocationIndex] = v + 1u;\n"
                        "}\n");
    GLuint in[16];
    for (int i = 0; i < 16; i++)
        in[i] = 100 + i;
    buffer(0, sizeof in, in);
    GLuint out = buffer(1, 64 * 4, NULL);
    int n = dispatch(rd, 1);
    GLuint res[64];
    glGetNamedBufferSubData(out, 0, sizeof res, res);
    CHECK(res[0] == 104 && res[12] == 116 && res[13] == 1 && res[63] == 1,
          "in-range reads read the data and out-of-range ones zero (%u %u %u %u)", res[0], res[12], res[13], res[63]);
    if (checking) {
        CHECK(n == 1, "one report for the dispatch (%d)", n);
        char want[64];
        snprintf(want, sizeof want, "program %u: at 0:6(", rd);
        CHECK(strstr(last, want) != NULL, "the report names the program and line 6: %s", last);
        CHECK(strstr(last, "read of buffer block `In'") != NULL, "names the block: %s", last);
        CHECK(strstr(last, "of a bound range of 64 bytes") != NULL, "gives the range: %s", last);
        /* The first recorded is one of the out-of-range indices 16..66. */
        unsigned idx = 0, lo = 0, hi = 0;
        const char *at = strstr(last, "index ");
        CHECK(at && sscanf(at, "index %u, bytes %u..%u", &idx, &lo, &hi) == 3 && idx >= 16 && idx <= 66 &&
                  lo == idx * 4 && hi == lo + 4,
              "gives the index and bytes: %s", last);
    } else {
        CHECK(n == 0, "no report without GLCOMPUTE_DEBUG=bounds (%d: %s)", n, last);
    }

    /* 2. In range: no report. */
    n = dispatch(program("#version 430\n"
                         "layout(local_size_x = 16) in;\n"
                         "layout(std430, binding = 0) buffer In { uint data[]; };\n"
                         "void main() { data[gl_LocalInvocationIndex] += 1u; }\n"),
                 1);
    CHECK(n == 0, "an in-range dispatch reports nothing (%d: %s)", n, last);

    /* 3. A write at a negative index, line 6, only in group 3. */
    GLuint wr = program("#version 430\n"
                        "layout(local_size_x = 4) in;\n"
                        "layout(std430, binding = 0) buffer In { uint data[]; };\n"
                        "void main() {\n"
                        "    int i = gl_WorkGroupID.x == 3u ? -2 : int(gl_LocalInvocationIndex);\n"
                        "    data[i] = 7u;\n"
                        "}\n");
    n = dispatch(wr, 4);
    if (checking) {
        CHECK(n == 1, "one report (%d)", n);
        CHECK(strstr(last, "at 0:6(") && strstr(last, "write to buffer block `In'") &&
                  strstr(last, "index 4294967294 (as int: -2)") && strstr(last, "it was dropped"),
              "the write at index -2 on line 6: %s", last);
    } else {
        CHECK(n == 0, "no report (%d)", n);
    }

    /* 4. A sized array in shared memory indexed past its end: clamped, reported. */
    GLuint sh = program("#version 430\n"
                        "layout(local_size_x = 8) in;\n"
                        "layout(std430, binding = 1) buffer Out { uint result[]; };\n"
                        "shared uint s[4];\n"
                        "void main() {\n"
                        "    if (gl_LocalInvocationIndex < 4u) s[gl_LocalInvocationIndex] = 10u + gl_LocalInvocationIndex;\n"
                        "    barrier();\n"
                        "    result[gl_LocalInvocationIndex] = s[gl_LocalInvocationIndex];\n"
                        "}\n");
    n = dispatch(sh, 1);
    glGetNamedBufferSubData(out, 0, 8 * 4, res);
    CHECK(res[3] == 13 && res[7] == 13, "indices past a sized array are clamped (%u %u)", res[3], res[7]);
    if (checking) {
        CHECK(n == 1, "one report (%d)", n);
        CHECK(strstr(last, "at 0:8(") && strstr(last, "of an array of 4 elements") &&
                  strstr(last, "the access used the last element"),
              "the shared array on line 8: %s", last);
        unsigned idx = 0;
        const char *at = strstr(last, "index ");
        CHECK(at && sscanf(at, "index %u", &idx) == 1 && idx >= 4 && idx <= 7, "an index 4..7: %s", last);
    } else {
        CHECK(n == 0, "no report (%d)", n);
    }

    /* 5. An image store past a 4x4 image's edge, line 5. */
    GLuint tex;
    glCreateTextures(GL_TEXTURE_2D, 1, &tex);
    glTextureStorage2D(tex, 1, GL_R32UI, 4, 4);
    glBindImageTexture(2, tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    GLuint im = program("#version 430\n"
                        "layout(local_size_x = 5, local_size_y = 4) in;\n"
                        "layout(r32ui, binding = 2) uniform uimage2D img;\n"
                        "void main() {\n"
                        "    imageStore(img, ivec2(gl_LocalInvocationID.xy), uvec4(9u));\n"
                        "}\n");
    n = dispatch(im, 1);
    GLuint texels[16];
    glGetTextureImage(tex, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, sizeof texels, texels);
    CHECK(texels[0] == 9 && texels[15] == 9, "the in-range stores landed");
    if (checking) {
        CHECK(n == 1, "one report (%d)", n);
        CHECK(strstr(last, "at 0:5(") && strstr(last, "write to image `img' at texel (4, ") &&
                  strstr(last, "of an image of 4x4x1 texels"),
              "the image store on line 5: %s", last);
    } else {
        CHECK(n == 0, "no report (%d)", n);
    }

    /* 6. Reads only the lanes outside a divergent `if` would make out of range (a
     *    SIMD region's lanes 4..7 of 8, over a 16-byte range): nothing to report, and
     *    the lanes inside read the data. */
    GLuint dv = program("#version 430\n"
                        "layout(local_size_x = 8) in;\n"
                        "layout(std430, binding = 0) buffer In { uint data[]; };\n"
                        "layout(std430, binding = 1) buffer Out { uint result[]; };\n"
                        "void main() {\n"
                        "    uint i = gl_LocalInvocationIndex, r = 5u;\n"
                        "    if (i < 4u)\n"
                        "        r = data[i] * 2u;\n"
                        "    result[i] = r;\n"
                        "}\n");
    buffer(0, 16, in);
    n = dispatch(dv, 1);
    glGetNamedBufferSubData(out, 0, 8 * 4, res);
    CHECK(res[0] == 200 && res[3] == 206 && res[4] == 5 && res[7] == 5, "the lanes inside read (%u %u %u %u)",
          res[0], res[3], res[4], res[7]);
    CHECK(n == 0, "no access out of range, no report (%d: %s)", n, last);

    /* 7. Each dispatch reports its own first access: the first program again. */
    buffer(0, sizeof in, in);
    n = dispatch(rd, 1);
    CHECK(n == (checking ? 1 : 0), "the next dispatch reports again (%d)", n);
    CHECK(glGetError() == GL_NO_ERROR, "no GL error from any of it");
    return h_finish("debug_bounds");
}
