/* What GL 4.4 and 4.5 add to GL 4.3 beyond the commands (dsa45.c drives those), each
 * through the C API with its results checked: the version and extension strings and
 * EGL's 4.4/4.5 contexts, MAX_VERTEX_ATTRIB_STRIDE and the stride errors,
 * ARB_vertex_type_10f_11f_11f_rev, ARB_texture_mirror_clamp_to_edge (sampled by a
 * compute shader), ARB_texture_stencil8 (upload, read-back, usampler2D),
 * ARB_conditional_render_inverted (Clear and ClearBuffer under each mode),
 * ARB_cull_distance and ARB_derivative_control (the GLSL version and extension rules),
 * KHR_context_flush_control, GLSL ES 3.00/3.10 shaders in a desktop context
 * (ARB_ES3_compatibility, ARB_ES3_1_compatibility) and ARB_texture_filter_anisotropic.
 *
 * usage: gl45 [--any-gl]  (--any-gl: another GL than glcompute, which must be 4.5 too) */
// run: standalone
// run: llvmpipe -- --any-gl
// run: interposed-mesa -- --any-gl
#include "harness.h"
#include <math.h>

static int any;

static int has_extension(const char *name)
{
    GLint n = h_int(GL_NUM_EXTENSIONS);
    for (GLint i = 0; i < n; i++)
        if (!strcmp((const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i), name))
            return 1;
    return 0;
}

static int has_glsl_version(const char *name)
{
    GLint n = h_int(GL_NUM_SHADING_LANGUAGE_VERSIONS);
    for (GLint i = 0; i < n; i++)
        if (!strcmp((const char *)glGetStringi(GL_SHADING_LANGUAGE_VERSION, (GLuint)i), name))
            return 1;
    return 0;
}

/* Compiles one shader; returns its COMPILE_STATUS (the log goes to stderr on failure
 * when `show` is set). */
static int compiles(GLenum stage, const char *src, int show)
{
    GLuint s = glCreateShader(stage);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok && show) {
        char log[2048];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "compile log:\n%s\n", log);
    }
    glDeleteShader(s);
    return ok;
}

static void version_and_strings(void)
{
    CHECK(h_int(GL_MAJOR_VERSION) == 4 && h_int(GL_MINOR_VERSION) >= 5, "GL 4.5 (got %d.%d)",
          h_int(GL_MAJOR_VERSION), h_int(GL_MINOR_VERSION));
    const char *v = (const char *)glGetString(GL_VERSION);
    CHECK(v && !strncmp(v, "4.", 2) && v[2] >= '5', "GL_VERSION says 4.5: %s", v ? v : "(null)");
    const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    CHECK(sl && !strncmp(sl, "4.", 2) && sl[2] >= '5', "GLSL 4.50: %s", sl ? sl : "(null)");
    const char *glsl[] = {"450", "440", "430", "300 es", "310 es"};
    for (unsigned i = 0; i < sizeof glsl / sizeof *glsl; i++)
        CHECK(has_glsl_version(glsl[i]) || (i == 0 && has_glsl_version("450 core")),
              "GetStringi(SHADING_LANGUAGE_VERSION) lists %s", glsl[i]);
    const char *want[] = {
        "GL_ARB_ES3_1_compatibility", "GL_ARB_ES3_compatibility", "GL_ARB_clear_texture",
        "GL_ARB_conditional_render_inverted", "GL_ARB_cull_distance", "GL_ARB_derivative_control",
        "GL_ARB_enhanced_layouts", "GL_ARB_texture_mirror_clamp_to_edge", "GL_ARB_texture_stencil8",
        "GL_ARB_vertex_type_10f_11f_11f_rev", "GL_KHR_context_flush_control",
        "GL_ARB_texture_filter_anisotropic",
    };
    for (unsigned w = 0; w < sizeof want / sizeof want[0]; w++)
        CHECK(has_extension(want[w]), "%s is announced", want[w]);

    /* GL 4.5 table 23.53/23.55 minimums, and KHR_context_flush_control. */
    CHECK(h_int(GL_MAX_VERTEX_ATTRIB_STRIDE) >= 2048, "MAX_VERTEX_ATTRIB_STRIDE %d", h_int(GL_MAX_VERTEX_ATTRIB_STRIDE));
    CHECK(h_int(GL_MAX_CULL_DISTANCES) >= 8, "MAX_CULL_DISTANCES %d", h_int(GL_MAX_CULL_DISTANCES));
    CHECK(h_int(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES) >= 8, "MAX_COMBINED_CLIP_AND_CULL_DISTANCES");
    CHECK(h_int(GL_CONTEXT_RELEASE_BEHAVIOR) == GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH,
          "CONTEXT_RELEASE_BEHAVIOR is FLUSH (0x%x)", h_int(GL_CONTEXT_RELEASE_BEHAVIOR));
    GLfloat aniso = 0;
    glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY, &aniso);
    CHECK(aniso >= 16.0f, "MAX_TEXTURE_MAX_ANISOTROPY %g (GL 4.6 minimum 16)", aniso);
}

/* EGL gives 4.4 and 4.5 core contexts when asked, and nothing above what it claims. */
static void egl_versions(void)
{
    for (int minor = 4; minor <= 5; minor++) {
        const EGLint attribs[] = {
            EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, minor,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        };
        EGLContext c = eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
        CHECK(c != EGL_NO_CONTEXT, "eglCreateContext 4.%d core (0x%x)", minor, eglGetError());
        if (c != EGL_NO_CONTEXT)
            eglDestroyContext(h_dpy, c);
    }
    if (!any) {
        const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 7, EGL_NONE};
        EGLContext c = eglCreateContext(h_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
        CHECK(c == EGL_NO_CONTEXT && eglGetError() == EGL_BAD_MATCH, "a 4.7 context is refused (no such version)");
    }
}

static void vertex_formats(void)
{
    GLuint vao, buf;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);

    /* ARB_vertex_type_10f_11f_11f_rev: size 3 only, not for the integer forms. */
    EXPECT_OK(glVertexAttribPointer(1, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0, (void *)8));
    GLint v = 0;
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
    CHECK(v == GL_UNSIGNED_INT_10F_11F_11F_REV, "attribute 1 has type 10F_11F_11F_REV (0x%x)", v);
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
    CHECK(v == 3, "attribute 1 has size 3 (%d)", v);
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.1: 10F_11F_11F_REV needs size 3",
               glVertexAttribPointer(2, 4, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0, 0));
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.1: BGRA takes no 10F_11F_11F_REV",
               glVertexAttribPointer(2, GL_BGRA, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_TRUE, 0, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "§10.3.1: not an integer type",
               glVertexAttribIPointer(2, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, 0, 0));
    EXPECT_OK(glVertexAttribFormat(3, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 4));
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.1: 10F_11F_11F_REV needs size 3",
               glVertexAttribFormat(3, 2, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 4));
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &v);
    CHECK(v == 0, "stride 0 stays 0 (%d)", v);

    /* GL 4.4: strides above MAX_VERTEX_ATTRIB_STRIDE are INVALID_VALUE and change
     * nothing. */
    GLint max = h_int(GL_MAX_VERTEX_ATTRIB_STRIDE);
    EXPECT_OK(glVertexAttribPointer(4, 4, GL_FLOAT, GL_FALSE, max, 0));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.1: stride > MAX_VERTEX_ATTRIB_STRIDE",
               glVertexAttribPointer(4, 4, GL_FLOAT, GL_FALSE, max + 1, 0));
    /* Mesa 22.3 records the error and stores the stride anyway. */
    glGetVertexAttribiv(4, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &v);
    CHECK(any || v == max, "the failed call left the stride (%d)", v);
    EXPECT_OK(glBindVertexBuffer(5, buf, 16, max));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.2: stride > MAX_VERTEX_ATTRIB_STRIDE",
               glBindVertexBuffer(5, buf, 32, max + 4));
    CHECK(h_int_i(GL_VERTEX_BINDING_STRIDE, 5) == max && h_int_i(GL_VERTEX_BINDING_OFFSET, 5) == 16,
          "the failed BindVertexBuffer left binding 5");
    GLuint bufs[2] = {buf, buf};
    GLintptr offsets[2] = {0, 64};
    GLsizei strides[2] = {8, max + 1};
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.2: strides[1] > MAX_VERTEX_ATTRIB_STRIDE",
               glBindVertexBuffers(6, 2, bufs, offsets, strides));
    CHECK(h_int_i(GL_VERTEX_BINDING_STRIDE, 6) == 8, "BindVertexBuffers bound binding 6 before the bad one");
    CHECK(h_int_i(GL_VERTEX_BINDING_OFFSET, 7) == 0 && h_int_i(GL_VERTEX_BINDING_STRIDE, 7) == 16,
          "and left binding 7");
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(1, &buf);
}

static const char *mirror_cs =
    "#version 450\n"
    "layout(local_size_x = 8) in;\n"
    "layout(binding = 0) uniform sampler2D tex;\n"
    "layout(std430, binding = 0) buffer Out { float u[8]; float texel[8]; };\n"
    "void main() {\n"
    "    uint i = gl_LocalInvocationIndex;\n"
    "    texel[i] = texture(tex, vec2(u[i], 0.5)).r * 255.0;\n"
    "}\n";

/* A 4-texel row 10, 20, 30, 40 sampled with NEAREST at u: mirror_clamp_to_edge
 * mirrors once about 0 and clamps beyond (GL 4.6 §8.14.2, table 8.20). */
static void mirror_clamp(void)
{
    GLuint tex, smp, buf, prog = h_program(mirror_cs);
    CHECK(prog != 0, "the sampling kernel builds");
    if (!prog)
        return;
    const GLubyte row[4] = {10, 20, 30, 40};
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_R8, 4, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_RED, GL_UNSIGNED_BYTE, row);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    EXPECT_OK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE));
    GLint v = 0;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
    CHECK(v == GL_MIRROR_CLAMP_TO_EDGE, "TEXTURE_WRAP_S is MIRROR_CLAMP_TO_EDGE (0x%x)", v);
    glGenSamplers(1, &smp);
    EXPECT_OK(glSamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_MIRROR_CLAMP_TO_EDGE));
    glGetSamplerParameteriv(smp, GL_TEXTURE_WRAP_T, &v);
    CHECK(v == GL_MIRROR_CLAMP_TO_EDGE, "the sampler's WRAP_T is MIRROR_CLAMP_TO_EDGE");

    float data[16] = {0.1f, 0.4f, 0.9f, -0.1f, -0.3f, -0.6f, -0.9f, -1.6f};
    const float want[8] = {10, 20, 40, 10, 20, 30, 40, 40};
    glGenBuffers(1, &buf);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof data, data, GL_DYNAMIC_READ);
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof data, data);
    for (int i = 0; i < 8; i++)
        CHECK(fabsf(data[8 + i] - want[i]) < 0.01f, "u = %g samples %g, not %g", data[i], data[8 + i], want[i]);
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteSamplers(1, &smp);
    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &buf);
}

static const char *stencil_cs =
    "#version 450\n"
    "layout(local_size_x = 4) in;\n"
    "layout(binding = 1) uniform usampler2D st;\n"
    "layout(std430, binding = 0) buffer Out { uint v[4]; };\n"
    "void main() { v[gl_LocalInvocationIndex] = texelFetch(st, ivec2(gl_LocalInvocationIndex, 0), 0).r; }\n";

static void stencil8(void)
{
    GLuint tex[2], buf, prog = h_program(stencil_cs);
    CHECK(prog != 0, "the stencil kernel builds");
    glGenTextures(2, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    EXPECT_OK(glTexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 4, 1));
    const GLubyte s[4] = {7, 200, 0, 255};
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    EXPECT_OK(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s));
    GLint v = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_STENCIL_SIZE, &v);
    CHECK(v == 8, "TEXTURE_STENCIL_SIZE 8 (%d)", v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
    CHECK(v == GL_STENCIL_INDEX8, "TEXTURE_INTERNAL_FORMAT STENCIL_INDEX8 (0x%x)", v);
    GLubyte back[4] = {1, 1, 1, 1};
    EXPECT_OK(glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back));
    CHECK(!memcmp(back, s, 4), "GetTexImage(STENCIL_INDEX) gives %d %d %d %d", back[0], back[1], back[2], back[3]);
    /* Mesa 22.3 takes colour data into a stencil texture. */
    if (!any)
        EXPECT_ERR(GL_INVALID_OPERATION, "§8.5: RED data for a stencil texture",
                   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_RED, GL_UNSIGNED_BYTE, s));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    if (prog) {
        GLuint out[4] = {9, 9, 9, 9};
        glGenBuffers(1, &buf);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
        glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof out, out, GL_DYNAMIC_READ);
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_2D, tex[0]);
        glUseProgram(prog);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
        for (int i = 0; i < 4; i++)
            CHECK(out[i] == s[i], "usampler2D reads stencil %u at %d (want %u)", out[i], i, s[i]);
        glUseProgram(0);
        glDeleteProgram(prog);
        glDeleteBuffers(1, &buf);
        glActiveTexture(GL_TEXTURE0);
    }
    /* The unsized base format STENCIL_INDEX (table 8.11) through TexImage. */
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    EXPECT_OK(glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, 4, 1, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s));
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_STENCIL_SIZE, &v);
    CHECK(v == 8, "unsized STENCIL_INDEX gets 8 stencil bits (%d)", v);
    memset(back, 0, 4);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
    CHECK(!memcmp(back, s, 4), "its stencil values read back");
    glDeleteTextures(2, tex);
}

static GLuint read_texel(void)
{
    GLuint px = 0;
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &px);
    return px;
}

/* The query counted no samples (nothing was drawn): each mode discards Clear and
 * ClearBuffer when its condition says so. */
static void conditional_render(void)
{
    GLuint q, tex, fbo;
    glGenQueries(1, &q);
    glBeginQuery(GL_SAMPLES_PASSED, q);
    glEndQuery(GL_SAMPLES_PASSED);
    GLuint r = 99;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &r);
    CHECK(r == 0, "no samples passed (%u)", r);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "framebuffer complete");
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);

    static const GLenum modes[8] = {
        GL_QUERY_WAIT, GL_QUERY_NO_WAIT, GL_QUERY_BY_REGION_WAIT, GL_QUERY_BY_REGION_NO_WAIT,
        GL_QUERY_WAIT_INVERTED, GL_QUERY_NO_WAIT_INVERTED, GL_QUERY_BY_REGION_WAIT_INVERTED,
        GL_QUERY_BY_REGION_NO_WAIT_INVERTED,
    };
    for (int m = 0; m < 8; m++) {
        int inverted = m >= 4;
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        EXPECT_OK(glBeginConditionalRender(q, modes[m]));
        glClearColor(1, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        GLuint px = read_texel();
        /* NO_WAIT modes may render unconditionally (§10.10): check them only inverted. */
        if (inverted || m == 0 || m == 2)
            CHECK(px == (inverted ? 0xff0000ffu : 0u), "mode %d: Clear %s (texel 0x%08x)", m,
                  inverted ? "runs" : "is discarded", px);
        const GLfloat green[4] = {0, 1, 0, 1};
        glClearBufferfv(GL_COLOR, 0, green);
        px = read_texel();
        if (inverted || m == 0 || m == 2)
            CHECK(px == (inverted ? 0xff00ff00u : 0u), "mode %d: ClearBuffer %s (texel 0x%08x)", m,
                  inverted ? "runs" : "is discarded", px);
        EXPECT_OK(glEndConditionalRender());
    }
    EXPECT_ERR(GL_INVALID_ENUM, "§10.10: not a mode", glBeginConditionalRender(q, GL_QUERY_RESULT));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &tex);
    glDeleteQueries(1, &q);
}

static void glsl_rules(void)
{
    /* ARB_cull_distance: core in GLSL 4.50, an extension before. */
    const char *cull450 = "#version 450\nvoid main() { gl_Position = vec4(0.0); gl_CullDistance[0] = 1.0; }\n";
    const char *cull430 = "#version 430\nout float gl_CullDistance[2];\n"
                          "void main() { gl_Position = vec4(0.0); gl_CullDistance[0] = 1.0; }\n";
    const char *cull430x = "#version 430\n#extension GL_ARB_cull_distance : require\n"
                           "void main() { gl_Position = vec4(0.0); gl_CullDistance[0] = 1.0; }\n";
    CHECK(compiles(GL_VERTEX_SHADER, cull450, 1), "gl_CullDistance in a 4.50 vertex shader");
    CHECK(!compiles(GL_VERTEX_SHADER, cull430, 0), "gl_CullDistance is no built-in of GLSL 4.30");
    CHECK(compiles(GL_VERTEX_SHADER, cull430x, 1), "GL_ARB_cull_distance enables it in 4.30");
    /* ARB_cull_distance: the two arrays together have at most
     * gl_MaxCombinedClipAndCullDistances elements (a compile- or link-time error). */
    const char *both_max = "#version 450\nout float gl_ClipDistance[gl_MaxCombinedClipAndCullDistances / 2];\n"
                           "out float gl_CullDistance[gl_MaxCombinedClipAndCullDistances / 2];\n"
                           "void main() { gl_Position = vec4(0.0); gl_ClipDistance[0] = 1.0; gl_CullDistance[0] = 1.0; }\n";
    const char *both_over = "#version 450\nout float gl_ClipDistance[gl_MaxCombinedClipAndCullDistances / 2 + 1];\n"
                            "out float gl_CullDistance[gl_MaxCombinedClipAndCullDistances / 2];\n"
                            "void main() { gl_Position = vec4(0.0); gl_ClipDistance[0] = 1.0; gl_CullDistance[0] = 1.0; }\n";
    CHECK(compiles(GL_VERTEX_SHADER, both_max, 1), "clip and cull distances that fill the combined limit");
    if (!any) /* Mesa reports it at link time */
        CHECK(!compiles(GL_VERTEX_SHADER, both_over, 0), "clip and cull distances past the combined limit");
    const char *limits = "#version 450\nlayout(local_size_x = 1) in;\n"
                         "layout(std430, binding = 0) buffer B { int v[2]; };\n"
                         "void main() { v[0] = gl_MaxCullDistances; v[1] = gl_MaxCombinedClipAndCullDistances; }\n";
    GLuint prog = h_program(limits), buf;
    CHECK(prog != 0, "gl_MaxCullDistances in a compute shader");
    if (prog) {
        GLint out[2] = {0, 0};
        glGenBuffers(1, &buf);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
        glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof out, out, GL_DYNAMIC_READ);
        glUseProgram(prog);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
        CHECK(out[0] == h_int(GL_MAX_CULL_DISTANCES) && out[1] == h_int(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES),
              "the built-in constants match the Gets (%d %d)", out[0], out[1]);
        glUseProgram(0);
        glDeleteProgram(prog);
        glDeleteBuffers(1, &buf);
    }

    /* ARB_derivative_control: core in GLSL 4.50. */
    const char *fine450 = "#version 450\nin vec2 uv;\nout vec4 c;\n"
                          "void main() { c = vec4(dFdxFine(uv.x), dFdyCoarse(uv.y), fwidthFine(uv)); }\n";
    const char *fine430 = "#version 430\nin vec2 uv;\nout vec4 c;\n"
                          "void main() { c = vec4(dFdxFine(uv.x)); }\n";
    const char *fine430x = "#version 430\n#extension GL_ARB_derivative_control : enable\nin vec2 uv;\nout vec4 c;\n"
                           "void main() { c = vec4(dFdxFine(uv.x), dFdxCoarse(uv.y), fwidthCoarse(uv)); }\n";
    CHECK(compiles(GL_FRAGMENT_SHADER, fine450, 1), "dFdxFine in GLSL 4.50");
    CHECK(!compiles(GL_FRAGMENT_SHADER, fine430, 0), "dFdxFine is no built-in of GLSL 4.30");
    CHECK(compiles(GL_FRAGMENT_SHADER, fine430x, 1), "GL_ARB_derivative_control enables it");

    /* GLSL ES in a desktop context (ARB_ES3_compatibility, ARB_ES3_1_compatibility). */
    const char *es310 = "#version 310 es\nlayout(local_size_x = 4) in;\n"
                        "layout(std430, binding = 0) buffer B { highp uint v[4]; };\n"
                        "void main() { v[gl_LocalInvocationIndex] = gl_LocalInvocationIndex * 3u + 1u; }\n";
    prog = h_program(es310);
    CHECK(prog != 0, "a GLSL ES 3.10 compute shader builds in a desktop context");
    if (prog) {
        GLuint out[4] = {0, 0, 0, 0};
        glGenBuffers(1, &buf);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
        glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof out, out, GL_DYNAMIC_READ);
        glUseProgram(prog);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
        CHECK(out[0] == 1 && out[1] == 4 && out[2] == 7 && out[3] == 10, "and runs (%u %u %u %u)", out[0], out[1],
              out[2], out[3]);
        glUseProgram(0);
        glDeleteProgram(prog);
        glDeleteBuffers(1, &buf);
    }
    const char *es300 = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
    CHECK(compiles(GL_VERTEX_SHADER, es300, 1), "a GLSL ES 3.00 vertex shader compiles in a desktop context");
    const char *es310bad = "#version 310 es\nlayout(local_size_x = 1) in;\n"
                           "layout(std430, binding = 0) buffer B { float v; };\n"
                           "void main() { v = 1; }\n";
    CHECK(!compiles(GL_COMPUTE_SHADER, es310bad, 0), "GLSL ES keeps its rules there: no implicit int to float");
}

static const char *aniso_cs =
    "#version 450\n"
    "layout(local_size_x = 2) in;\n"
    "layout(binding = 2) uniform sampler2D tex;\n"
    "layout(std430, binding = 0) buffer Out { float v[2]; };\n"
    "void main() {\n"
    "    /* 4 texels across in x, 1 in y: Pmax / Pmin = 4. */\n"
    "    v[gl_LocalInvocationIndex] = textureGrad(tex, vec2(0.5), vec2(4.0 / 16.0, 0.0), vec2(0.0, 1.0 / 16.0)).r;\n"
    "}\n";

/* Level 0 of a 16x16 mipmapped texture holds 1, every other level 0. A footprint 4
 * texels long and 1 wide selects level 2 isotropically (ρ = 4), and level 0 with
 * TEXTURE_MAX_ANISOTROPY 4 (N = 4 lookups, λ' = log2(4 / 4)). */
static float aniso_lookup(GLuint prog, GLuint tex, float max_aniso)
{
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, max_aniso);
    float out[2] = {-1, -1};
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof out, out, GL_DYNAMIC_READ);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, tex);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
    glUseProgram(0);
    glActiveTexture(GL_TEXTURE0);
    glDeleteBuffers(1, &buf);
    return out[0];
}

static void anisotropic_filtering(void)
{
    GLuint prog = h_program(aniso_cs), tex;
    CHECK(prog != 0, "the textureGrad kernel builds");
    if (!prog)
        return;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 5, GL_R32F, 16, 16);
    static float texels[256];
    for (int level = 0, size = 16; level < 5; level++, size /= 2) {
        for (int i = 0; i < size * size; i++)
            texels[i] = level == 0 ? 1.0f : 0.0f;
        glTexSubImage2D(GL_TEXTURE_2D, level, 0, 0, size, size, GL_RED, GL_FLOAT, texels);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    float iso = aniso_lookup(prog, tex, 1.0f);
    float an = aniso_lookup(prog, tex, 4.0f);
    CHECK(fabsf(iso) < 1e-4f, "isotropic: level 2 (%g)", iso);
    CHECK(fabsf(an - 1.0f) < 1e-4f, "anisotropic 4: level 0 (%g)", an);
    glBindTexture(GL_TEXTURE_2D, 0);
    glDeleteTextures(1, &tex);
    glDeleteProgram(prog);
}

static void anisotropy(void)
{
    GLuint tex, smp;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    GLfloat f = 0;
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &f);
    CHECK(f == 1.0f, "initial TEXTURE_MAX_ANISOTROPY 1 (%g)", f);
    EXPECT_OK(glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, 8.0f));
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &f);
    CHECK(f == 8.0f, "TEXTURE_MAX_ANISOTROPY 8 (%g)", f);
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_texture_filter_anisotropic: a value below 1",
               glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, 0.5f));
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &f);
    CHECK(f == 8.0f, "the failed call left 8 (%g)", f);
    glGenSamplers(1, &smp);
    EXPECT_OK(glSamplerParameterf(smp, GL_TEXTURE_MAX_ANISOTROPY, 4.0f));
    glGetSamplerParameterfv(smp, GL_TEXTURE_MAX_ANISOTROPY, &f);
    CHECK(f == 4.0f, "the sampler's TEXTURE_MAX_ANISOTROPY 4 (%g)", f);
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_texture_filter_anisotropic: a value below 1",
               glSamplerParameteri(smp, GL_TEXTURE_MAX_ANISOTROPY, 0));
    glDeleteSamplers(1, &smp);
    glDeleteTextures(1, &tex);
    anisotropic_filtering();
}

int main(int argc, char **argv)
{
    any = h_init_any(argc, argv);
    version_and_strings();
    egl_versions();
    vertex_formats();
    mirror_clamp();
    stencil8();
    conditional_render();
    glsl_rules();
    anisotropy();
    CHECK(glGetError() == GL_NO_ERROR, "no error left over");
    return h_finish("gl45");
}
