/* Interposed mode on the host's textures: a dispatch reads a host texture through a
 * read-only image unit and through a sampler (with a host sampler object bound on its
 * unit), writes another host texture through a write-only image unit, and the results
 * are in the host's texture when glDispatchCompute returns; one host texture bound to
 * two image units is one image (both units' stores land), and an integer texture's
 * border colour comes through exactly; an immutable texture's levels are its
 * TEXTURE_IMMUTABLE_LEVELS whatever its TEXTURE_MAX_LEVEL; single-layer bindings write their layer and
 * keep every other texel. The host's active texture
 * unit, its texture bindings, its pixel store state and its pixel buffer bindings are
 * as the application left them, and no error is left behind.
 *
 * Run with libglcompute.so preloaded over Mesa with compute hidden, and with --gl33
 * over Mesa as a GL 3.3 driver without image units (glcompute keeps them). */
// build: -lEGL -lGL
// run: interposed
// run: interposed GLCOMPUTE_HOST_CAPS=-dsa
// run: interposed GLCOMPUTE_HOST_CAPS=-get_sub_image
// run: interposed-mesa MESA_GL_VERSION_OVERRIDE=3.3 MESA_GLSL_VERSION_OVERRIDE=330 "MESA_EXTENSION_OVERRIDE=-GL_ARB_compute_shader -GL_ARB_shader_image_load_store" -- --gl33
#include "harness.h"
#include <stdio.h>
#include <string.h>

static GLuint tex(GLenum internal, int w, int h)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, internal, w, h);
    return t;
}

static const char *cs_src =
    "#version 430\n"
    "layout(local_size_x = 4, local_size_y = 4) in;\n"
    "layout(rgba32f, binding = 0) readonly uniform image2D src;\n"
    "layout(rgba8, binding = 1) writeonly uniform image2D dst;\n"
    "layout(binding = 2) uniform sampler2D s;\n"
    "void main() {\n"
    "    ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
    "    vec4 v = imageLoad(src, p) * 0.5;\n"
    "    imageStore(dst, p, v + vec4(0.0, 0.0, texture(s, vec2(0.5, 0.5)).r, 0.0));\n"
    "}\n";

/* Two image units on one texture: stores through either land in it. */
static const char *two_units_src =
    "#version 430\n"
    "layout(local_size_x = 4, local_size_y = 4) in;\n"
    "layout(rgba8, binding = 3) uniform image2D a;\n"
    "layout(rgba8, binding = 4) writeonly uniform image2D b;\n"
    "void main() {\n"
    "    ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
    "    if (p.x == 0) imageStore(b, p, vec4(1.0, 0.0, 0.0, 1.0));\n"
    "    else imageStore(a, p, vec4(0.0, 1.0, 0.0, 1.0));\n"
    "}\n";

static void two_units_one_texture(void)
{
    GLuint cs = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(cs, 1, &two_units_src, NULL);
    glCompileShader(cs);
    GLuint prog = glCreateProgram();
    glAttachShader(prog, cs);
    glLinkProgram(prog);
    GLuint t = tex(GL_RGBA8, 4, 4);
    const unsigned char zero[64] = {0};
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, zero);
    glBindImageTexture(3, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
    glBindImageTexture(4, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    unsigned char got[64];
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    int bad = 0;
    for (int i = 0; i < 16; i++) {
        int red = i % 4 == 0;
        bad += got[i * 4] != (red ? 255 : 0) || got[i * 4 + 1] != (red ? 0 : 255) || got[i * 4 + 3] != 255;
    }
    CHECK(bad == 0, "stores through two image units on one host texture both land (%d texels differ)", bad);
    CHECK(glGetError() == GL_NO_ERROR, "no error from the two-unit dispatch");
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteShader(cs);
    glDeleteTextures(1, &t);
}

/* An integer texture sampled outside with CLAMP_TO_BORDER returns the integer border
 * colour the host was given with glTexParameterIiv, exactly (past 2^24 too). */
static const char *border_src =
    "#version 430\n"
    "layout(local_size_x = 1) in;\n"
    "layout(binding = 6) uniform isampler2D s;\n"
    "layout(std430, binding = 0) buffer R { ivec4 r; };\n"
    "void main() { r = texture(s, vec2(-1.0, 2.0)); }\n";

static void integer_border(void)
{
    GLuint cs = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(cs, 1, &border_src, NULL);
    glCompileShader(cs);
    GLuint prog = glCreateProgram();
    glAttachShader(prog, cs);
    glLinkProgram(prog);
    glActiveTexture(GL_TEXTURE6);
    GLuint t = tex(GL_RGBA32I, 1, 1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    const GLint border[4] = {5, -6, 70000001, 8};
    glTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    const GLint init[4] = {-1, -1, -1, -1};
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    GLint got[4] = {0};
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    CHECK(got[0] == 5 && got[1] == -6 && got[2] == 70000001 && got[3] == 8,
          "the integer border colour of a host texture: %d %d %d %d", got[0], got[1], got[2], got[3]);
    CHECK(glGetError() == GL_NO_ERROR, "no error from the border dispatch");
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteShader(cs);
    glDeleteTextures(1, &t);
    glDeleteBuffers(1, &buf);
}

/* Single-layer image bindings (a 2D array layer, a cube face, a 1D array row) on host
 * textures: a shader that writes part of the layer leaves the rest of it, and every
 * other layer, as it was. */
static const char *layers_src =
    "#version 430\n"
    "layout(local_size_x = 4, local_size_y = 4) in;\n"
    "layout(rgba8, binding = 5) writeonly uniform image2D arr_layer;\n"
    "layout(rgba8, binding = 6) writeonly uniform image2D cube_face;\n"
    "layout(rgba8, binding = 7) writeonly uniform image1D row;\n"
    "void main() {\n"
    "    ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
    "    if (p.x < 2) {\n"
    "        imageStore(arr_layer, p, vec4(0.0, 1.0, 0.0, 1.0));\n"
    "        imageStore(cube_face, p, vec4(0.0, 0.0, 1.0, 1.0));\n"
    "        if (p.y == 0) imageStore(row, p.x, vec4(1.0, 1.0, 0.0, 1.0));\n"
    "    }\n"
    "}\n";

/* Texels of `n` RGBA8 pixels at p: (x < 2 within rows of `w` ? hit : the fill). */
static int count_bad(const unsigned char *p, int n, int w, int written, const unsigned char *hit)
{
    static const unsigned char fill[4] = {10, 20, 30, 40};
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += memcmp(p + i * 4, written && i % w < 2 ? hit : fill, 4) != 0;
    return bad;
}

static void single_layers(void)
{
    GLuint cs = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(cs, 1, &layers_src, NULL);
    glCompileShader(cs);
    GLuint prog = glCreateProgram();
    glAttachShader(prog, cs);
    glLinkProgram(prog);
    unsigned char fill[4 * 4 * 6 * 4];
    for (unsigned i = 0; i < sizeof fill; i += 4) {
        fill[i] = 10, fill[i + 1] = 20, fill[i + 2] = 30, fill[i + 3] = 40;
    }
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    GLuint t[3];
    glGenTextures(3, t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t[0]);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 3);
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, fill);
    glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
    glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4);
    for (int f = 0; f < 6; f++)
        glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, fill);
    glBindTexture(GL_TEXTURE_1D_ARRAY, t[2]);
    glTexStorage2D(GL_TEXTURE_1D_ARRAY, 1, GL_RGBA8, 4, 3);
    glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 0, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, fill);
    glBindImageTexture(5, t[0], 0, GL_FALSE, 1, GL_WRITE_ONLY, GL_RGBA8);
    glBindImageTexture(6, t[1], 0, GL_FALSE, 4, GL_WRITE_ONLY, GL_RGBA8);
    glBindImageTexture(7, t[2], 0, GL_FALSE, 2, GL_WRITE_ONLY, GL_RGBA8);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    CHECK(glGetError() == GL_NO_ERROR, "no error from the single-layer dispatch");
    static const unsigned char green[4] = {0, 255, 0, 255}, blue[4] = {0, 0, 255, 255}, yellow[4] = {255, 255, 0, 255};
    unsigned char got[4 * 4 * 3 * 4];
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t[0]);
    glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    int bad = count_bad(got, 16, 4, 0, green) + count_bad(got + 64, 16, 4, 1, green) + count_bad(got + 128, 16, 4, 0, green);
    CHECK(bad == 0, "2D array: layer 1 half written, the rest and layers 0 and 2 kept (%d texels differ)", bad);
    glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
    bad = 0;
    for (int f = 0; f < 6; f++) {
        glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
        bad += count_bad(got, 16, 4, f == 4, blue);
    }
    CHECK(bad == 0, "cube map: face 4 half written, the rest kept (%d texels differ)", bad);
    glBindTexture(GL_TEXTURE_1D_ARRAY, t[2]);
    glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    bad = count_bad(got, 8, 4, 0, yellow) + count_bad(got + 32, 4, 4, 1, yellow);
    CHECK(bad == 0, "1D array: row 2 half written, rows 0 and 1 kept (%d texels differ)", bad);
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteShader(cs);
    glDeleteTextures(3, t);
}

/* An immutable-format 4x4 texture with two of its three levels and a mipmap filter,
 * TEXTURE_MAX_LEVEL left at 1000: complete (GL 4.6 §8.17 clamps the max level to the immutable levels),
 * so textureLod reads level 1. */
static const char *mip_src =
    "#version 430\n"
    "layout(local_size_x = 1) in;\n"
    "layout(binding = 7) uniform sampler2D s;\n"
    "layout(std430, binding = 0) buffer R { vec4 r[2]; };\n"
    "void main() { r[0] = textureLod(s, vec2(0.5), 0.0); r[1] = textureLod(s, vec2(0.5), 1.0); }\n";

static void immutable_mipmaps(void)
{
    GLuint cs = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(cs, 1, &mip_src, NULL);
    glCompileShader(cs);
    GLuint prog = glCreateProgram();
    glAttachShader(prog, cs);
    glLinkProgram(prog);
    glActiveTexture(GL_TEXTURE7);
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 2, GL_R32F, 4, 4);
    float l0[16], l1[4];
    for (int i = 0; i < 16; i++)
        l0[i] = 3.0f;
    for (int i = 0; i < 4; i++)
        l1[i] = 7.0f;
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED, GL_FLOAT, l0);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_RED, GL_FLOAT, l1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    const float init[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    float got[8] = {0};
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    CHECK(got[0] == 3.0f && got[4] == 7.0f,
          "levels 0 and 1 of an immutable mipmapped host texture: %g %g", got[0], got[4]);
    CHECK(glGetError() == GL_NO_ERROR, "no error from the mipmap dispatch");
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteShader(cs);
    glDeleteTextures(1, &t);
    glDeleteBuffers(1, &buf);
}

int main(int argc, char **argv)
{
    /* --gl33: a GL 3.3 context, for a host without image units (glcompute keeps them). */
    int gl33 = argc > 1 && !strcmp(argv[1], "--gl33");
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    eglInitialize(dpy, NULL, NULL);
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, gl33 ? 3 : 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "no %s context\n", gl33 ? "3.3" : "4.3");
        return 2;
    }
    GLuint cs = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(cs, 1, &cs_src, NULL);
    glCompileShader(cs);
    GLuint prog = glCreateProgram();
    glAttachShader(prog, cs);
    glLinkProgram(prog);
    GLint ok = 0;
    glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    CHECK(ok, "the compute program links");

    /* src: texel (x, y) = (x, y, 1, 0.5) / 4 * 2, so that half of it is exact in rgba8. */
    float src_data[4 * 4 * 4];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            float *t = &src_data[(y * 4 + x) * 4];
            t[0] = x * 2 * 51 / 255.0f;
            t[1] = y * 2 * 51 / 255.0f;
            t[2] = 0;
            t[3] = 2.0f;
        }
    GLuint src = tex(GL_RGBA32F, 4, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_FLOAT, src_data);
    GLuint dst = tex(GL_RGBA8, 4, 4);
    /* The sampled texture: 2x2 R32F, 0.2 0.6 / 0.6 1.0; LINEAR on the texture, NEAREST
     * on the sampler object bound to its unit (which wins): texel (1, 1) = 1.0. */
    GLuint smp_tex = tex(GL_R32F, 2, 2);
    const float s_data[4] = {0.2f, 0.6f, 0.6f, 1.0f};
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RED, GL_FLOAT, s_data);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    GLuint sampler;
    glGenSamplers(1, &sampler);
    glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, smp_tex);
    glBindSampler(2, sampler);

    glBindImageTexture(0, src, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindImageTexture(1, dst, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    /* The image units answer queries and reject bad bindings, the host's or (on a
     * host without them) glcompute's. */
    GLint q = -1;
    glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 1, &q);
    CHECK(q == (GLint)dst, "GL_IMAGE_BINDING_NAME of unit 1: %d", q);
    glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, 0, &q);
    CHECK(q == GL_READ_ONLY, "GL_IMAGE_BINDING_ACCESS of unit 0: 0x%x", q);
    glGetIntegerv(GL_MAX_IMAGE_UNITS, &q);
    CHECK(q >= 8, "GL_MAX_IMAGE_UNITS = %d", q);
    glBindImageTexture(1000, dst, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    CHECK(glGetError() == GL_INVALID_VALUE, "GL 4.6 §8.26: unit past GL_MAX_IMAGE_UNITS");
    glBindImageTexture(1, 4242, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    CHECK(glGetError() == GL_INVALID_VALUE, "GL 4.6 §8.26: not a texture");
    glBindImageTexture(1, dst, 0, GL_FALSE, 0, GL_RGBA8, GL_RGBA8);
    /* GL 4.6 names no error for a bad access token, so §2.3.1's INVALID_ENUM applies
     * (glcompute); Mesa raises INVALID_VALUE. */
    q = (GLint)glGetError();
    CHECK(q == GL_INVALID_ENUM || q == GL_INVALID_VALUE, "bad access: 0x%x", q);
    glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 1, &q);
    CHECK(q == (GLint)dst, "failed bindings leave unit 1 as it was: %d", q);

    /* Host state the dispatch must leave as it is. */
    glActiveTexture(GL_TEXTURE5);
    GLuint other = tex(GL_R8, 1, 1);
    glBindTexture(GL_TEXTURE_2D, other);
    glPixelStorei(GL_PACK_ALIGNMENT, 2);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 8);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 3);
    GLuint pbo;
    glGenBuffers(1, &pbo);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
    glBufferData(GL_PIXEL_UNPACK_BUFFER, 64, NULL, GL_STREAM_DRAW);
    CHECK(glGetError() == GL_NO_ERROR, "set-up without errors");

    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    CHECK(glGetError() == GL_NO_ERROR, "the dispatch on host textures leaves no error");
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);

    GLint v = 0;
    glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
    CHECK(v == GL_TEXTURE5, "active texture unit restored (0x%x)", v);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
    CHECK(v == (GLint)other, "texture binding of the active unit restored (%d)", v);
    glGetIntegerv(GL_PACK_ALIGNMENT, &v);
    CHECK(v == 2, "PACK_ALIGNMENT restored (%d)", v);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
    CHECK(v == 8, "UNPACK_ALIGNMENT restored (%d)", v);
    glGetIntegerv(GL_UNPACK_ROW_LENGTH, &v);
    CHECK(v == 3, "UNPACK_ROW_LENGTH restored (%d)", v);
    glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &v);
    CHECK(v == (GLint)pbo, "PIXEL_UNPACK_BUFFER binding restored (%d)", v);
    glActiveTexture(GL_TEXTURE2);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
    CHECK(v == (GLint)smp_tex, "the sampler unit's binding untouched (%d)", v);
    glGetIntegerv(GL_SAMPLER_BINDING, &v);
    CHECK(v == (GLint)sampler, "the sampler unit's sampler untouched (%d)", v);

    unsigned char got[4 * 4 * 4];
    glBindTexture(GL_TEXTURE_2D, dst);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    int bad = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const unsigned char *p = &got[(y * 4 + x) * 4];
            unsigned char e[4] = {(unsigned char)(x * 51), (unsigned char)(y * 51), 255, 255};
            if (memcmp(p, e, 4) != 0) {
                if (!bad++)
                    fprintf(stderr, "texel (%d,%d) = %d %d %d %d, expected %d %d %d %d\n", x, y,
                            p[0], p[1], p[2], p[3], e[0], e[1], e[2], e[3]);
            }
        }
    CHECK(bad == 0, "the host texture holds the results: half the image plus the sampled "
                    "texel through the NEAREST sampler object (%d texels differ)", bad);
    float back[4 * 4 * 4];
    glBindTexture(GL_TEXTURE_2D, src);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, back);
    CHECK(memcmp(back, src_data, sizeof back) == 0, "the read-only image is unchanged");
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
    two_units_one_texture();
    integer_border();
    immutable_mipmaps();
    single_layers();

    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return h_finish("interpose_textures");
}
