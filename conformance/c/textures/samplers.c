/* Samplers in compute shaders through the C API, against values computed by hand from
 * GL 4.6 §8.14 (filtering, wrap modes, border colour, LOD selection without
 * derivatives, mipmaps), §8.14.2.1 (gather), §8.20 (depth comparison), §8.24 (sRGB),
 * §15.2.1 (swizzle), §8.17 (incomplete textures give (0, 0, 0, 1)): texelFetch,
 * texture, textureLod, textureGrad, textureOffset, textureGather, textureSize and
 * textureQueryLevels on 1D, 2D, 3D, cube, array, integer, depth and buffer
 * textures; sampler objects; and the errors of sampler objects and buffer textures. */
// run: standalone
#include "harness.h"

#include <math.h>

#define N 16
static float res[N][4];
static GLuint ssbo;

/* Runs `body` (statements writing vec4 results r[0..N)) with the declarations
 * `decl` in one invocation; the results land in res. Returns 0 if the program failed
 * to build or the dispatch raised an error. */
static int run(const char *decl, const char *body)
{
    char src[8192];
    snprintf(src, sizeof src,
             "#version 430\n"
             "layout(local_size_x = 1) in;\n"
             "layout(std430, binding = 0) buffer R { vec4 r[]; };\n"
             "%s\n"
             "void main() {\n%s\n}\n",
             decl, body);
    GLuint p = h_program(src);
    if (!p)
        return 0;
    float init[N][4];
    for (int i = 0; i < N; i++)
        for (int c = 0; c < 4; c++)
            init[i][c] = -99.0f;
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ssbo);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_COPY);
    glUseProgram(p);
    glDispatchCompute(1, 1, 1);
    GLenum e = glGetError();
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof res, res);
    glUseProgram(0);
    glDeleteProgram(p);
    return e == GL_NO_ERROR;
}

static int near(float a, float b)
{
    return fabsf(a - b) <= 1e-5f + 1e-5f * fabsf(b);
}

#define CHECK_VEC(i, x, y, z, w, what)                                                  \
    CHECK(near(res[i][0], x) && near(res[i][1], y) && near(res[i][2], z) &&           \
              near(res[i][3], w),                                                      \
          "%s: r[%d] = (%g, %g, %g, %g), expected (%g, %g, %g, %g)", what, i,          \
          res[i][0], res[i][1], res[i][2], res[i][3], (double)(x), (double)(y),        \
          (double)(z), (double)(w))

static GLuint tex2d(GLenum internal, int levels, int w, int h)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, levels, internal, w, h);
    return t;
}

static void filters(GLenum target, GLenum min, GLenum mag)
{
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, min);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, mag);
}

/* texelFetch on RGBA8 and on a mip level; out of range gives zero. */
static void fetches(void)
{
    glActiveTexture(GL_TEXTURE0);
    GLuint t = tex2d(GL_RGBA8, 2, 4, 4);
    unsigned char l0[4 * 4 * 4], l1[2 * 2 * 4];
    for (int i = 0; i < 64; i++)
        l0[i] = (unsigned char)(i * 3);
    for (int i = 0; i < 16; i++)
        l1[i] = (unsigned char)(200 + i);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, l0);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, l1);
    CHECK(run("uniform sampler2D s;",
              "r[0] = texelFetch(s, ivec2(0, 0), 0);\n"
              "r[1] = texelFetch(s, ivec2(3, 2), 0);\n"
              "r[2] = texelFetch(s, ivec2(1, 1), 1);\n"
              "r[3] = texelFetch(s, ivec2(4, 0), 0);\n"
              "r[4] = texelFetch(s, ivec2(-1, 0), 0);\n"
              "r[5] = texelFetch(s, ivec2(0, 0), 2);\n"
              "r[6] = texelFetch(s, ivec2(0, 0), -1);\n"
              "r[7] = vec4(textureSize(s, 0), textureSize(s, 1));\n"
              "r[8] = vec4(textureQueryLevels(s), textureSize(s, 5), 0);\n"
              "r[9] = texelFetchOffset(s, ivec2(1, 2), 0, ivec2(2, 0));\n"),
          "texelFetch program ran");
    /* Texel (x, y) of level 0 starts at byte (y * 4 + x) * 4. */
    CHECK_VEC(0, 0 / 255.0f, 3 / 255.0f, 6 / 255.0f, 9 / 255.0f, "texelFetch (0,0)");
    int b = (2 * 4 + 3) * 4;
    CHECK_VEC(1, b * 3 / 255.0f, (b + 1) * 3 / 255.0f, (b + 2) * 3 / 255.0f,
              (b + 3) * 3 / 255.0f, "texelFetch (3,2)");
    CHECK_VEC(2, 212 / 255.0f, 213 / 255.0f, 214 / 255.0f, 215 / 255.0f, "texelFetch level 1");
    CHECK_VEC(3, 0, 0, 0, 0, "texelFetch past the width");
    CHECK_VEC(4, 0, 0, 0, 0, "texelFetch at x = -1");
    CHECK_VEC(5, 0, 0, 0, 0, "texelFetch of a level the texture lacks");
    CHECK_VEC(6, 0, 0, 0, 0, "texelFetch at lod -1");
    CHECK_VEC(7, 4, 4, 2, 2, "textureSize of levels 0 and 1");
    CHECK_VEC(8, 2, 0, 0, 0, "textureQueryLevels, textureSize of a missing level");
    b = (2 * 4 + 3) * 4;
    CHECK_VEC(9, b * 3 / 255.0f, (b + 1) * 3 / 255.0f, (b + 2) * 3 / 255.0f,
              (b + 3) * 3 / 255.0f, "texelFetchOffset");
    glDeleteTextures(1, &t);
}

/* NEAREST and LINEAR filtering, wrap modes, border colour, offsets, gather. */
static void filtering(void)
{
    GLuint t = tex2d(GL_R32F, 1, 2, 2);
    /* Row 0: 1, 2; row 1: 3, 4. */
    float v[4] = {1, 2, 3, 4};
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RED, GL_FLOAT, v);
    filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    const char *body = "r[0] = texture(s, vec2(0.25, 0.25));\n"
                       "r[1] = texture(s, vec2(0.75, 0.75));\n"
                       "r[2] = texture(s, vec2(0.5, 0.5));\n"
                       "r[3] = texture(s, vec2(1.0, 0.25));\n"
                       "r[4] = texture(s, vec2(-1.0, -1.0));\n"
                       "r[5] = textureOffset(s, vec2(0.25, 0.25), ivec2(1, 1));\n"
                       "r[6] = textureGather(s, vec2(0.5, 0.5));\n"
                       "r[7] = texture(s, vec2(1e30, -1e30));\n"
                       "r[8] = texture(s, vec2(0.0 / 0.0, 0.5));\n";
    CHECK(run("uniform sampler2D s;", body), "nearest program ran");
    CHECK_VEC(0, 1, 0, 0, 1, "nearest at the centre of texel (0,0)");
    CHECK_VEC(1, 4, 0, 0, 1, "nearest at the centre of texel (1,1)");
    CHECK_VEC(2, 4, 0, 0, 1, "nearest at (0.5, 0.5): texel (1,1)");
    CHECK_VEC(3, 1, 0, 0, 1, "nearest REPEAT at s = 1.0: texel 0");
    CHECK_VEC(4, 1, 0, 0, 1, "nearest REPEAT at (-1, -1)");
    CHECK_VEC(5, 4, 0, 0, 1, "textureOffset (1, 1)");
    CHECK_VEC(6, 3, 4, 2, 1, "textureGather: (i0,j1), (i1,j1), (i1,j0), (i0,j0)");
    CHECK(isfinite(res[7][0]) && isfinite(res[8][0]), "huge and NaN coordinates give finite texels");

    filters(GL_TEXTURE_2D, GL_LINEAR, GL_LINEAR);
    CHECK(run("uniform sampler2D s;", body), "linear program ran");
    CHECK_VEC(0, 1, 0, 0, 1, "linear at a texel centre");
    CHECK_VEC(2, 2.5f, 0, 0, 1, "linear at the middle: the average");
    /* s = 1.0: u = 2, i0 = 1, i1 = wrap(2) = 0, alpha 0.5; t = 0.25: row 0. */
    CHECK_VEC(3, 1.5f, 0, 0, 1, "linear REPEAT across the edge");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    CHECK(run("uniform sampler2D s;", body), "clamp program ran");
    CHECK_VEC(3, 2, 0, 0, 1, "linear CLAMP_TO_EDGE at s = 1.0");
    CHECK_VEC(4, 1, 0, 0, 1, "linear CLAMP_TO_EDGE far outside");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    float border[4] = {0.5f, 0.25f, 0.125f, 0.75f};
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    CHECK(run("uniform sampler2D s;", body), "border program ran");
    /* R32F keeps the red of the border; green and blue 0, alpha 1. */
    CHECK_VEC(4, 0.5f, 0, 0, 1, "CLAMP_TO_BORDER outside: the border's red");
    /* s = 1.0, t = 0.25: x taps 1 and 2 (border), y taps 0 and 0. */
    CHECK_VEC(3, (2 + 0.5f) / 2, 0, 0, 1, "linear half texel, half border");
    glDeleteTextures(1, &t);

    /* MIRRORED_REPEAT on a 1D texture of 0, 1, 2, 3. */
    GLuint t1;
    glGenTextures(1, &t1);
    glBindTexture(GL_TEXTURE_1D, t1);
    float line[4] = {0, 1, 2, 3};
    glTexImage1D(GL_TEXTURE_1D, 0, GL_R32F, 4, 0, GL_RED, GL_FLOAT, line);
    filters(GL_TEXTURE_1D, GL_NEAREST, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
    CHECK(run("uniform sampler1D s;",
              "r[0] = texture(s, 1.125);\n"
              "r[1] = texture(s, -0.125);\n"
              "r[2] = texture(s, 1.875);\n"
              "r[3] = texture(s, 2.125);\n"),
          "mirrored program ran");
    CHECK_VEC(0, 3, 0, 0, 1, "mirrored: u = 4.5 reads texel 3");
    CHECK_VEC(1, 0, 0, 0, 1, "mirrored: u = -0.5 reads texel 0");
    CHECK_VEC(2, 0, 0, 0, 1, "mirrored: u = 7.5 reads texel 0");
    CHECK_VEC(3, 0, 0, 0, 1, "mirrored: u = 8.5 reads texel 0 again");
    glDeleteTextures(1, &t1);
}

/* Mipmaps: levels hold 1, 2, 3. LOD selection by textureLod, textureGrad, and for
 * texture() (no derivatives in compute: lambda is TEXTURE_MIN_LOD). */
static void mipmaps(void)
{
    GLuint t = tex2d(GL_R32F, 3, 4, 4);
    float l0[16], l1[4], l2[1] = {3};
    for (int i = 0; i < 16; i++)
        l0[i] = 1;
    for (int i = 0; i < 4; i++)
        l1[i] = 2;
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED, GL_FLOAT, l0);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_RED, GL_FLOAT, l1);
    glTexSubImage2D(GL_TEXTURE_2D, 2, 0, 0, 1, 1, GL_RED, GL_FLOAT, l2);
    const char *body = "vec2 c = vec2(0.3, 0.6);\n"
                       "r[0] = textureLod(s, c, 0.0);\n"
                       "r[1] = textureLod(s, c, 1.0);\n"
                       "r[2] = textureLod(s, c, 1.4);\n"
                       "r[3] = textureLod(s, c, 1.6);\n"
                       "r[4] = textureLod(s, c, 9.0);\n"
                       "r[5] = textureLod(s, c, 0.25);\n"
                       "r[6] = texture(s, c);\n"
                       "r[7] = textureGrad(s, c, vec2(0.5, 0.0), vec2(0.0, 0.1));\n"
                       "r[8] = vec4(textureQueryLevels(s), textureSize(s, 0), 0);\n";
    filters(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST);
    CHECK(run("uniform sampler2D s;", body), "mipmap program ran");
    CHECK_VEC(0, 1, 0, 0, 1, "textureLod 0");
    CHECK_VEC(1, 2, 0, 0, 1, "textureLod 1");
    CHECK_VEC(2, 2, 0, 0, 1, "textureLod 1.4: level ceil(1.9) - 1 = 1");
    CHECK_VEC(3, 3, 0, 0, 1, "textureLod 1.6: level ceil(2.1) - 1 = 2");
    CHECK_VEC(4, 3, 0, 0, 1, "textureLod 9 clamps to the last level");
    CHECK_VEC(6, 1, 0, 0, 1, "texture() without derivatives: level 0");
    /* rho = max(0.5 * 4, 0.1 * 4) = 2: lambda 1. */
    CHECK_VEC(7, 2, 0, 0, 1, "textureGrad with rho 2: level 1");
    CHECK_VEC(8, 3, 4, 4, 0, "textureQueryLevels 3, size 4x4");
    filters(GL_TEXTURE_2D, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
    CHECK(run("uniform sampler2D s;", body), "trilinear program ran");
    CHECK_VEC(5, 1.25f, 0, 0, 1, "trilinear at lod 0.25");
    CHECK_VEC(2, 2.4f, 0, 0, 1, "trilinear at lod 1.4");
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 1.5f);
    CHECK(run("uniform sampler2D s;", body), "min-lod program ran");
    CHECK_VEC(6, 2.5f, 0, 0, 1, "texture() with TEXTURE_MIN_LOD 1.5");
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, -1000.0f);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
    CHECK(run("uniform sampler2D s;", body), "base-level program ran");
    CHECK_VEC(0, 2, 0, 0, 1, "textureLod 0 from base level 1");
    CHECK_VEC(8, 2, 2, 2, 0, "textureQueryLevels and textureSize from base level 1");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);

    /* A sampler object overrides the texture's own sampler state, until unbound. */
    GLuint smp;
    glGenSamplers(1, &smp);
    glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindSampler(0, smp);
    CHECK(h_int(GL_SAMPLER_BINDING) == (GLint)smp, "SAMPLER_BINDING");
    CHECK(run("uniform sampler2D s;", body), "sampler-object program ran");
    CHECK_VEC(3, 1, 0, 0, 1, "sampler object NEAREST: level 0 only");
    glBindSampler(0, 0);
    CHECK(run("uniform sampler2D s;", body), "unbound-sampler program ran");
    CHECK_VEC(3, 2.6f, 0, 0, 1, "texture state again after unbinding the sampler");
    glDeleteSamplers(1, &smp);
    glDeleteTextures(1, &t);

    /* Incomplete: a mipmap filter with only level 0 defined. */
    GLuint inc;
    glGenTextures(1, &inc);
    glBindTexture(GL_TEXTURE_2D, inc);
    float sevens[4] = {7, 7, 7, 7};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 2, 2, 0, GL_RED, GL_FLOAT, sevens);
    CHECK(run("uniform sampler2D s;",
              "r[0] = texture(s, vec2(0.5));\n"
              "r[1] = texelFetch(s, ivec2(0), 0);\n"
              "r[2] = vec4(textureQueryLevels(s));\n"),
          "incomplete program ran");
    CHECK_VEC(0, 0, 0, 0, 1, "incomplete texture: (0, 0, 0, 1)");
    CHECK_VEC(1, 0, 0, 0, 1, "texelFetch of an incomplete texture");
    CHECK_VEC(2, 0, 0, 0, 0, "textureQueryLevels of an incomplete texture");
    filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    CHECK(run("uniform sampler2D s;", "r[0] = texture(s, vec2(0.5));\n"), "complete ran");
    CHECK_VEC(0, 7, 0, 0, 1, "complete once the filter needs no mipmaps");
    glDeleteTextures(1, &inc);
}

/* Integer, depth (shadow), sRGB, swizzle. */
static void formats(void)
{
    GLuint t = tex2d(GL_RGBA32I, 1, 1, 1);
    int iv[4] = {-5, 7, 1 << 30, -2147483647 - 1};
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, iv);
    filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    CHECK(run("uniform isampler2D s;",
              "ivec4 v = texelFetch(s, ivec2(0), 0);\n"
              "r[0] = vec4(v.xy, v.z == (1 << 30) ? 1.0 : 0.0, v.w == -2147483647 - 1 ? 1.0 : 0.0);\n"
              "r[1] = vec4(texture(s, vec2(0.5)).xy, 0, 0);\n"),
          "integer program ran");
    CHECK_VEC(0, -5, 7, 1, 1, "isampler2D texelFetch");
    CHECK_VEC(1, -5, 7, 0, 0, "isampler2D texture NEAREST");
    filters(GL_TEXTURE_2D, GL_LINEAR, GL_LINEAR);
    CHECK(run("uniform isampler2D s;", "r[0] = vec4(texture(s, vec2(0.5)));\n"), "int linear ran");
    CHECK_VEC(0, 0, 0, 0, 1, "integer texture with LINEAR filters is incomplete");
    glDeleteTextures(1, &t);

    t = tex2d(GL_DEPTH_COMPONENT32F, 1, 2, 1);
    float d[2] = {0.25f, 0.75f};
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 1, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    const char *sh = "r[0] = vec4(texture(s, vec3(0.25, 0.5, 0.5)));\n"
                     "r[1] = vec4(texture(s, vec3(0.75, 0.5, 0.5)));\n"
                     "r[2] = vec4(texture(s, vec3(0.5, 0.5, 0.5)));\n";
    CHECK(run("uniform sampler2DShadow s;", sh), "shadow program ran");
    CHECK(near(res[0][0], 0) && near(res[1][0], 1), "LEQUAL: 0.5 <= 0.25 fails, 0.5 <= 0.75 passes (%g %g)",
          res[0][0], res[1][0]);
    filters(GL_TEXTURE_2D, GL_LINEAR, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    CHECK(run("uniform sampler2DShadow s;", sh), "linear shadow program ran");
    CHECK(near(res[2][0], 0.5f), "linear shadow: the average of the comparisons (%g)", res[2][0]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
    CHECK(run("uniform sampler2DShadow s;", sh), "greater shadow program ran");
    CHECK(near(res[0][0], 1) && near(res[1][0], 0), "GREATER (%g %g)", res[0][0], res[1][0]);
    /* GLSL 4.60 §8.9.1: textureQueryLevels of a shadow sampler (one level here). */
    CHECK(run("uniform sampler2DShadow s;", "r[0] = vec4(textureQueryLevels(s));\n"), "shadow levels program ran");
    CHECK(near(res[0][0], 1), "textureQueryLevels of a sampler2DShadow: %g", res[0][0]);
    glDeleteTextures(1, &t);

    t = tex2d(GL_SRGB8_ALPHA8, 1, 1, 1);
    unsigned char srgb[4] = {128, 255, 0, 128};
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, srgb);
    filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST);
    GLint swz[4] = {GL_BLUE, GL_GREEN, GL_RED, GL_ONE};
    CHECK(run("uniform sampler2D s;", "r[0] = texelFetch(s, ivec2(0), 0);\n"), "srgb ran");
    float lin = powf((128 / 255.0f + 0.055f) / 1.055f, 2.4f);
    CHECK_VEC(0, lin, 1, 0, 128 / 255.0f, "sRGB decoded to linear, alpha linear");
    glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz);
    CHECK(run("uniform sampler2D s;", "r[0] = texture(s, vec2(0.5));\n"), "swizzle ran");
    CHECK_VEC(0, 0, 1, lin, 1, "swizzle (B, G, R, ONE)");
    glDeleteTextures(1, &t);
}

/* Cube maps, arrays, 3D and buffer textures. */
static void targets(void)
{
    GLuint c;
    glGenTextures(1, &c);
    glBindTexture(GL_TEXTURE_CUBE_MAP, c);
    for (int f = 0; f < 6; f++) {
        float v = (float)(f + 1);
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_R32F, 1, 1, 0, GL_RED, GL_FLOAT, &v);
    }
    filters(GL_TEXTURE_CUBE_MAP, GL_NEAREST, GL_NEAREST);
    CHECK(run("uniform samplerCube s;",
              "r[0] = vec4(texture(s, vec3(1, 0.2, 0.1)).x, texture(s, vec3(-1, 0, 0)).x,\n"
              "            texture(s, vec3(0, 2, 0.5)).x, texture(s, vec3(0.3, -1, 0)).x);\n"
              "r[1] = vec4(texture(s, vec3(0, 0, 5)).x, texture(s, vec3(0.1, 0.1, -1)).x,\n"
              "            textureSize(s, 0));\n"),
          "cube program ran");
    CHECK_VEC(0, 1, 2, 3, 4, "cube faces +x -x +y -y");
    CHECK_VEC(1, 5, 6, 1, 1, "cube faces +z -z, size 1x1");
    glDeleteTextures(1, &c);

    GLuint a;
    glGenTextures(1, &a);
    glBindTexture(GL_TEXTURE_2D_ARRAY, a);
    float layers[3] = {10, 20, 30};
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_R32F, 1, 1, 3, 0, GL_RED, GL_FLOAT, layers);
    filters(GL_TEXTURE_2D_ARRAY, GL_LINEAR, GL_LINEAR);
    CHECK(run("uniform sampler2DArray s;",
              "r[0] = vec4(texture(s, vec3(0.5, 0.5, 1.6)).x, texture(s, vec3(0.5, 0.5, 1.4)).x,\n"
              "            texture(s, vec3(0.5, 0.5, 7.0)).x, texture(s, vec3(0.5, 0.5, -3.0)).x);\n"
              "r[1] = vec4(textureSize(s, 0), texelFetch(s, ivec3(0, 0, 1), 0).x);\n"),
          "array program ran");
    CHECK_VEC(0, 30, 20, 30, 10, "array layers: rounded, clamped, not filtered");
    CHECK_VEC(1, 1, 1, 3, 20, "array size and texelFetch of layer 1");
    glDeleteTextures(1, &a);

    GLuint t3;
    glGenTextures(1, &t3);
    glBindTexture(GL_TEXTURE_3D, t3);
    float cube[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    glTexImage3D(GL_TEXTURE_3D, 0, GL_R32F, 2, 2, 2, 0, GL_RED, GL_FLOAT, cube);
    filters(GL_TEXTURE_3D, GL_LINEAR, GL_LINEAR);
    CHECK(run("uniform sampler3D s;",
              "r[0] = vec4(texture(s, vec3(0.5)).x, texture(s, vec3(0.75, 0.25, 0.75)).x,\n"
              "            textureSize(s, 0).xz);\n"),
          "3D program ran");
    CHECK_VEC(0, 3.5f, 5, 2, 2, "trilinear 3D average, texel (1,0,1)");
    glDeleteTextures(1, &t3);

    /* Buffer textures: the buffer's words, and a range of it. */
    GLuint buf, bt;
    unsigned words[8] = {10, 20, 30, 40, 50, 60, 70, 80};
    glGenBuffers(1, &buf);
    glBindBuffer(GL_TEXTURE_BUFFER, buf);
    glBufferData(GL_TEXTURE_BUFFER, sizeof words, words, GL_STATIC_DRAW);
    glGenTextures(1, &bt);
    glBindTexture(GL_TEXTURE_BUFFER, bt);
    EXPECT_OK(glTexBuffer(GL_TEXTURE_BUFFER, GL_R32UI, buf));
    const char *bb = "r[0] = vec4(texelFetch(s, 0).x, texelFetch(s, 7).x, texelFetch(s, 8).x,\n"
                     "            textureSize(s));\n"
                     "r[1] = vec4(texelFetch(s, -1));\n";
    CHECK(run("uniform usamplerBuffer s;", bb), "buffer texture program ran");
    CHECK_VEC(0, 10, 80, 0, 8, "buffer texture: first, last, past the end, size");
    CHECK_VEC(1, 0, 0, 0, 0, "buffer texture at -1");
    EXPECT_OK(glTexBufferRange(GL_TEXTURE_BUFFER, GL_RG32UI, buf, 16, 16));
    CHECK(run("uniform usamplerBuffer s;", bb), "buffer range program ran");
    CHECK_VEC(0, 50, 0, 0, 2, "buffer range: RG32UI texels from byte 16");
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_OFFSET, &v);
    CHECK(v == 16, "TEXTURE_BUFFER_OFFSET %d", v);
    /* GL 4.6 §8.11.2: level 0 of a buffer texture describes its texel array. */
    GLint w = -1, fmt = -1, rs = -1, rt = -1, sz = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_WIDTH, &w);
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_INTERNAL_FORMAT, &fmt);
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_GREEN_SIZE, &rs);
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_RED_TYPE, &rt);
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_SIZE, &sz);
    CHECK(w == 2 && fmt == GL_RG32UI && rs == 32 && rt == GL_UNSIGNED_INT && sz == 16,
          "buffer texture level 0: width %d format 0x%x green size %d red type 0x%x size %d", w, fmt, rs, rt, sz);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.9: offset not a multiple of the alignment",
               glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32UI, buf, 4, 8));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.9: range past the buffer",
               glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32UI, buf, 16, 32));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.9: size not positive",
               glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32UI, buf, 0, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.9: format not in table 8.18",
               glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB8, buf));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.9: target not TEXTURE_BUFFER",
               glTexBuffer(GL_TEXTURE_2D, GL_R32UI, buf));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.9: not a buffer object",
               glTexBuffer(GL_TEXTURE_BUFFER, GL_R32UI, 4242));
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_OFFSET, &v);
    CHECK(v == 16, "failed TexBuffer calls changed nothing (offset %d)", v);
    GLuint t2 = tex2d(GL_R8, 1, 1, 1);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.9: texture is not a buffer texture",
               glTextureBuffer(t2, GL_R32UI, buf));
    glDeleteTextures(1, &t2);
    glDeleteTextures(1, &bt);
    glDeleteBuffers(1, &buf);
}

static void errors(void)
{
    GLuint s[2];
    glGenSamplers(2, s);
    CHECK(glIsSampler(s[0]) && !glIsSampler(4242), "IsSampler");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.2: unit past MAX_COMBINED_TEXTURE_IMAGE_UNITS",
               glBindSampler((GLuint)h_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), s[0]));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.2: not a sampler name", glBindSampler(0, 4242));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.2: BASE_LEVEL is not a sampler parameter",
               glSamplerParameteri(s[0], GL_TEXTURE_BASE_LEVEL, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.2: bad filter value",
               glSamplerParameteri(s[0], GL_TEXTURE_MIN_FILTER, GL_RED));
    GLint v = 0;
    glGetSamplerParameteriv(s[0], GL_TEXTURE_MIN_FILTER, &v);
    CHECK(v == GL_NEAREST_MIPMAP_LINEAR, "a failed SamplerParameter changed nothing (%x)", v);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.2: not a sampler name",
               glGetSamplerParameteriv(4242, GL_TEXTURE_MIN_FILTER, &v));
    /* The vector forms check the sampler and pname even without values. */
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.2: not a sampler name (no values)",
               glSamplerParameteriv(4242, GL_TEXTURE_MIN_FILTER, NULL));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.2: not a sampler parameter (no values)",
               glSamplerParameterfv(s[0], GL_TEXTURE_2D, NULL));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.10: not a texture parameter (no values)",
               glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_2D, NULL));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §14.4: not a point parameter (no values)",
               glPointParameterfv(GL_TEXTURE_2D, NULL));
    GLint ib[4] = {1, -2, 3, -4}, ob[4] = {0};
    EXPECT_OK(glSamplerParameterIiv(s[1], GL_TEXTURE_BORDER_COLOR, ib));
    glGetSamplerParameterIiv(s[1], GL_TEXTURE_BORDER_COLOR, ob);
    CHECK(memcmp(ib, ob, sizeof ib) == 0, "integer border colour round-trips");
    glBindSampler(3, s[0]);
    glActiveTexture(GL_TEXTURE3);
    CHECK(h_int(GL_SAMPLER_BINDING) == (GLint)s[0], "SAMPLER_BINDING of unit 3");
    glDeleteSamplers(2, s);
    CHECK(h_int(GL_SAMPLER_BINDING) == 0, "deleting a bound sampler unbinds it");
    glActiveTexture(GL_TEXTURE0);
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");

    /* GL 4.6 §7.10: samplers of different types on one unit fail the dispatch. */
    GLuint p = h_program("#version 430\nlayout(local_size_x = 1) in;\n"
                         "layout(std430, binding = 0) buffer R { vec4 r[]; };\n"
                         "uniform sampler2D a; uniform sampler3D b;\n"
                         "void main() { r[0] = texture(a, vec2(0)) + texture(b, vec3(0)); }\n");
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "b"), 1);
    EXPECT_OK(glDispatchCompute(1, 1, 1));
    glUniform1i(glGetUniformLocation(p, "b"), 0);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.10: two sampler types on one unit",
               glDispatchCompute(1, 1, 1));
    /* A unit with nothing bound: the default texture, incomplete. */
    glUniform1i(glGetUniformLocation(p, "a"), 95);
    glUniform1i(glGetUniformLocation(p, "b"), 94);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ssbo);
    EXPECT_OK(glDispatchCompute(1, 1, 1));
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof res, res);
    CHECK_VEC(0, 0, 0, 0, 2, "empty units read (0, 0, 0, 1) each");
    glUseProgram(0);
    glDeleteProgram(p);
}

int main(void)
{
    h_init();
    glGenBuffers(1, &ssbo);
    fetches();
    filtering();
    mipmaps();
    formats();
    targets();
    errors();
    return h_finish("samplers");
}
