/* Image operations without shaders, through the C API, against values computed by
 * hand: glClearTexImage/glClearTexSubImage (GL 4.6 §8.21), glGenerateMipmap and
 * glGenerateTextureMipmap (§8.14.4, box filter, sRGB in linear space, a compute
 * shader sampling the generated levels), glCopyImageSubData (§18.3.3, raw copies
 * between compatible formats and renderbuffers), glBlitFramebuffer and
 * glBlitNamedFramebuffer (§18.3.1: unscaled, mirrored, scaled NEAREST and LINEAR,
 * depth), glCopyTexImage1D/2D and glCopyTexSubImage1D/2D/3D (§8.6, from the read
 * framebuffer), glInvalidateTex(Sub)Image and glGetMultisamplefv, with their errors
 * and nothing changed by a failing call. */
// run: standalone
#include "harness.h"

#include <math.h>

static GLuint tex2d(GLenum internal, int levels, int w, int h)
{
    GLuint t;
    glCreateTextures(GL_TEXTURE_2D, 1, &t);
    glTextureStorage2D(t, levels, internal, w, h);
    return t;
}

/* Level `level` of a texture as RGBA8 (w*h*4 bytes into out). */
static void read_rgba8(GLuint t, int level, int w, int h, unsigned char *out)
{
    glGetTextureImage(t, level, GL_RGBA, GL_UNSIGNED_BYTE, w * h * 4, out);
}

static int all_rgba8(const unsigned char *p, int n, unsigned char r, unsigned char g, unsigned char b,
                     unsigned char a)
{
    for (int i = 0; i < n; i++)
        if (p[i * 4] != r || p[i * 4 + 1] != g || p[i * 4 + 2] != b || p[i * 4 + 3] != a)
            return 0;
    return 1;
}

static void clear_tex(void)
{
    unsigned char px[16 * 4];
    GLuint t = tex2d(GL_RGBA8, 2, 4, 4);
    const unsigned char red[4] = {255, 0, 0, 255};
    EXPECT_OK(glClearTexImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, red));
    read_rgba8(t, 0, 4, 4, px);
    CHECK(all_rgba8(px, 16, 255, 0, 0, 255), "ClearTexImage with RGBA/UNSIGNED_BYTE");

    /* Floats converted to the unorm format; a sub-rectangle only. */
    const float half[4] = {0.0f, 0.5f, 1.0f, 2.0f};
    EXPECT_OK(glClearTexSubImage(t, 0, 1, 2, 0, 2, 1, 1, GL_RGBA, GL_FLOAT, half));
    read_rgba8(t, 0, 4, 4, px);
    CHECK(px[(2 * 4 + 1) * 4 + 1] == 128 && px[(2 * 4 + 1) * 4 + 3] == 255 && px[(2 * 4 + 2) * 4 + 2] == 255,
          "ClearTexSubImage converts floats (0.5 -> 128, 2.0 clamps to 255): got %u %u %u",
          px[(2 * 4 + 1) * 4 + 1], px[(2 * 4 + 1) * 4 + 3], px[(2 * 4 + 2) * 4 + 2]);
    CHECK(px[(2 * 4 + 3) * 4] == 255 && px[(2 * 4 + 3) * 4 + 1] == 0, "texels outside the region keep red");
    CHECK(px[(1 * 4 + 1) * 4] == 255, "rows outside the region keep red");

    /* A null pointer clears to zero; RGB data leaves alpha 1. */
    EXPECT_OK(glClearTexImage(t, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    read_rgba8(t, 1, 2, 2, px);
    CHECK(all_rgba8(px, 4, 0, 0, 0, 0), "ClearTexImage(NULL) clears to zero");
    const unsigned char rgb[3] = {10, 20, 30};
    EXPECT_OK(glClearTexImage(t, 1, GL_RGB, GL_UNSIGNED_BYTE, rgb));
    read_rgba8(t, 1, 2, 2, px);
    CHECK(all_rgba8(px, 4, 10, 20, 30, 255), "RGB data gives alpha 1");

    /* Integer textures take *_INTEGER data. */
    GLuint ti = tex2d(GL_RGBA32I, 1, 2, 2);
    const int iv[4] = {-7, 8, 1 << 30, 3};
    EXPECT_OK(glClearTexImage(ti, 0, GL_RGBA_INTEGER, GL_INT, iv));
    int got[16];
    glGetTextureImage(ti, 0, GL_RGBA_INTEGER, GL_INT, sizeof got, got);
    CHECK(got[12] == -7 && got[13] == 8 && got[14] == 1 << 30 && got[15] == 3, "integer clear: %d %d %d %d",
          got[12], got[13], got[14], got[15]);

    /* Cube maps: z selects the face. */
    GLuint cube;
    glCreateTextures(GL_TEXTURE_CUBE_MAP, 1, &cube);
    glTextureStorage2D(cube, 1, GL_RGBA8, 2, 2);
    EXPECT_OK(glClearTexImage(cube, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    const unsigned char green[4] = {0, 255, 0, 255};
    EXPECT_OK(glClearTexSubImage(cube, 0, 0, 0, 3, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, green));
    unsigned char faces[6 * 4 * 4];
    glGetTextureImage(cube, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof faces, faces);
    CHECK(all_rgba8(faces + 3 * 16, 4, 0, 255, 0, 255) && all_rgba8(faces + 2 * 16, 4, 0, 0, 0, 0) &&
              all_rgba8(faces + 4 * 16, 4, 0, 0, 0, 0),
          "ClearTexSubImage of cube face 3 only");

    /* Errors, each leaving the texture as it was. */
    read_rgba8(t, 0, 4, 4, px);
    unsigned char before[16 * 4];
    memcpy(before, px, sizeof px);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: texture zero", glClearTexImage(0, 0, GL_RGBA, GL_UNSIGNED_BYTE, red));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: not a texture",
               glClearTexImage(9999, 0, GL_RGBA, GL_UNSIGNED_BYTE, red));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: negative level",
               glClearTexImage(t, -1, GL_RGBA, GL_UNSIGNED_BYTE, red));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: level without an image",
               glClearTexImage(t, 2, GL_RGBA, GL_UNSIGNED_BYTE, red));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.21: bad type", glClearTexImage(t, 0, GL_RGBA, GL_RGBA, red));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: integer data for a unorm texture",
               glClearTexImage(t, 0, GL_RGBA_INTEGER, GL_INT, iv));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: depth data for a colour texture",
               glClearTexImage(t, 0, GL_DEPTH_COMPONENT, GL_FLOAT, half));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: region past the width",
               glClearTexSubImage(t, 0, 3, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: depth 2 of a 2D texture",
               glClearTexSubImage(t, 0, 0, 0, 0, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, red));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: negative offset",
               glClearTexSubImage(t, 0, -1, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: negative width",
               glClearTexSubImage(t, 0, 0, 0, 0, -1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red));
    GLuint buf, tb;
    glCreateBuffers(1, &buf);
    glNamedBufferData(buf, 64, NULL, GL_STATIC_DRAW);
    glCreateTextures(GL_TEXTURE_BUFFER, 1, &tb);
    glTextureBuffer(tb, GL_RGBA8, buf);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.21: buffer texture",
               glClearTexImage(tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, red));
    read_rgba8(t, 0, 4, 4, px);
    CHECK(!memcmp(before, px, sizeof px), "failed clears changed nothing");
    EXPECT_OK(glClearTexSubImage(t, 0, 4, 4, 0, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, red));
    GLuint all[] = {t, ti, cube, tb};
    glDeleteTextures(4, all);
    glDeleteBuffers(1, &buf);
}

static void mipmaps(void)
{
    /* 4x4 RGBA8: each 2x2 block averages to a known value. */
    unsigned char img[16 * 4];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            unsigned char *p = img + (y * 4 + x) * 4;
            p[0] = (unsigned char)((x & 1) ? 200 : 100); /* block average 150 */
            p[1] = (unsigned char)(x < 2 ? 0 : 255);
            p[2] = (unsigned char)(y < 2 ? 40 : 80);
            p[3] = 255;
        }
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    EXPECT_OK(glGenerateMipmap(GL_TEXTURE_2D));
    GLint w1 = 0, w2 = 0, w3 = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &w1);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &w2);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 3, GL_TEXTURE_WIDTH, &w3);
    CHECK(w1 == 2 && w2 == 1 && w3 == 0, "levels 1, 2 made, no level 3: widths %d %d %d", w1, w2, w3);
    unsigned char l1[4 * 4], l2[4];
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, l1);
    glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, l2);
    CHECK(l1[0] == 150 && l1[1] == 0 && l1[2] == 40 && l1[4 + 1] == 255 && l1[8 + 2] == 80,
          "level 1 is the 2x2 box filter: (%u %u %u) (%u) (%u)", l1[0], l1[1], l1[2], l1[5], l1[10]);
    CHECK(l2[0] == 150 && (l2[1] == 127 || l2[1] == 128) && l2[2] == 60 && l2[3] == 255,
          "level 2 averages everything: %u %u %u %u", l2[0], l2[1], l2[2], l2[3]);

    /* The generated chain is mipmap complete: a compute shader samples level 2. */
    GLuint prog = h_program("#version 430\nlayout(local_size_x = 1) in;\n"
                            "layout(binding = 0) uniform sampler2D s;\n"
                            "layout(std430, binding = 0) buffer R { vec4 r[]; };\n"
                            "void main() { r[0] = textureLod(s, vec2(0.5), 2.0); r[1] = texture(s, vec2(0.125)); }\n");
    float res[8] = {0};
    GLuint ssbo;
    glCreateBuffers(1, &ssbo);
    glNamedBufferData(ssbo, sizeof res, res, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ssbo);
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glGetNamedBufferSubData(ssbo, 0, sizeof res, res);
    CHECK(fabsf(res[0] - 150.0f / 255.0f) < 1e-6f && fabsf(res[2] - 60.0f / 255.0f) < 1e-6f,
          "textureLod level 2 after GenerateMipmap: %g %g", res[0], res[2]);
    CHECK(fabsf(res[4] - 100.0f / 255.0f) < 1e-6f, "texture() with the default mipmap filter: %g", res[4]);
    glUseProgram(0);
    glDeleteProgram(prog);

    /* sRGB: filtered in linear space. 0 and 255 average to linear 0.5 -> sRGB 188. */
    GLuint s = tex2d(GL_SRGB8_ALPHA8, 2, 2, 1);
    const unsigned char bw[8] = {0, 0, 0, 255, 255, 255, 255, 255};
    glTextureSubImage2D(s, 0, 0, 0, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, bw);
    EXPECT_OK(glGenerateTextureMipmap(s));
    unsigned char sp[4];
    glGetTextureImage(s, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof sp, sp);
    CHECK((sp[0] == 187 || sp[0] == 188) && sp[3] == 255,
          "sRGB mipmap of black and white: %u (expected 187.5 rounded), alpha %u", sp[0], sp[3]);

    /* Arrays keep their layers; floats average exactly. */
    GLuint a;
    glCreateTextures(GL_TEXTURE_2D_ARRAY, 1, &a);
    glTextureStorage3D(a, 2, GL_R32F, 2, 2, 3);
    float layers[12] = {1, 2, 3, 4, 10, 20, 30, 40, -1, -1, -1, -5};
    glTextureSubImage3D(a, 0, 0, 0, 0, 2, 2, 3, GL_RED, GL_FLOAT, layers);
    EXPECT_OK(glGenerateTextureMipmap(a));
    float al[3];
    glGetTextureImage(a, 1, GL_RED, GL_FLOAT, sizeof al, al);
    CHECK(al[0] == 2.5f && al[1] == 25.0f && al[2] == -2.0f, "array layers filtered apart: %g %g %g", al[0], al[1],
          al[2]);

    /* Errors. */
    EXPECT_ERR(GL_INVALID_ENUM, "§8.14.4: rectangle textures have no mipmaps", glGenerateMipmap(GL_TEXTURE_RECTANGLE));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.14.4: not a texture target", glGenerateMipmap(GL_RGBA));
    EXPECT_ERR(GL_INVALID_OPERATION, "DSA: not a texture", glGenerateTextureMipmap(12345));
    GLuint ti = tex2d(GL_RGBA8UI, 2, 2, 2);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.14.4: integer formats are not filterable", glGenerateTextureMipmap(ti));
    GLuint td = tex2d(GL_DEPTH_COMPONENT32F, 2, 2, 2);
    const float dvals[4] = {0.0f, 0.5f, 0.25f, 0.25f};
    glTextureSubImage2D(td, 0, 0, 0, 2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, dvals);
    EXPECT_OK(glGenerateTextureMipmap(td));
    float dl = -1;
    glGetTextureImage(td, 1, GL_DEPTH_COMPONENT, GL_FLOAT, sizeof dl, &dl);
    CHECK(dl == 0.25f, "depth mipmap (desktop GL filters depth, as Mesa): %g", dl);
    GLuint tds = tex2d(GL_DEPTH24_STENCIL8, 2, 2, 2);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.14.4: depth-stencil cannot be filtered", glGenerateTextureMipmap(tds));
    GLuint empty;
    glCreateTextures(GL_TEXTURE_2D, 1, &empty);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.14.4: no base level image", glGenerateTextureMipmap(empty));
    GLuint rect;
    glCreateTextures(GL_TEXTURE_RECTANGLE, 1, &rect);
    glTextureStorage2D(rect, 1, GL_RGBA8, 2, 2);
    EXPECT_ERR(GL_INVALID_ENUM, "§8.14.4: DSA on a rectangle texture", glGenerateTextureMipmap(rect));
    GLuint all[] = {t, s, a, ti, td, tds, empty, rect};
    glDeleteTextures(8, all);
    glDeleteBuffers(1, &ssbo);
}

static void copy_image(void)
{
    GLuint a = tex2d(GL_RGBA8, 1, 4, 4), b = tex2d(GL_RGBA8, 1, 4, 4);
    unsigned char img[16 * 4], px[16 * 4];
    for (int i = 0; i < 64; i++)
        img[i] = (unsigned char)i;
    glTextureSubImage2D(a, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glClearTexImage(b, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    EXPECT_OK(glCopyImageSubData(a, GL_TEXTURE_2D, 0, 1, 1, 0, b, GL_TEXTURE_2D, 0, 0, 2, 0, 2, 2, 1));
    read_rgba8(b, 0, 4, 4, px);
    CHECK(!memcmp(px + (2 * 4 + 0) * 4, img + (1 * 4 + 1) * 4, 8) &&
              !memcmp(px + (3 * 4 + 0) * 4, img + (2 * 4 + 1) * 4, 8),
          "the 2x2 region was copied");
    CHECK(all_rgba8(px, 8, 0, 0, 0, 0) && px[(2 * 4 + 2) * 4] == 0, "outside the region stays zero");

    /* A raw copy between formats of one size class: r32ui bits into rgba8. */
    GLuint u = tex2d(GL_R32UI, 1, 1, 1);
    const unsigned int bits = 0x04030201u;
    glTextureSubImage2D(u, 0, 0, 0, 1, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, &bits);
    EXPECT_OK(glCopyImageSubData(u, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 3, 3, 0, 1, 1, 1));
    read_rgba8(b, 0, 4, 4, px);
    CHECK(px[15 * 4] == 1 && px[15 * 4 + 1] == 2 && px[15 * 4 + 2] == 3 && px[15 * 4 + 3] == 4,
          "r32ui bits land in rgba8 unchanged: %u %u %u %u", px[60], px[61], px[62], px[63]);

    /* Renderbuffers, and array layers as z. */
    GLuint rb;
    glCreateRenderbuffers(1, &rb);
    glNamedRenderbufferStorage(rb, GL_RGBA8, 4, 4);
    EXPECT_OK(glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1));
    GLuint arr;
    glCreateTextures(GL_TEXTURE_2D_ARRAY, 1, &arr);
    glTextureStorage3D(arr, 1, GL_RGBA8, 4, 4, 3);
    EXPECT_OK(glCopyImageSubData(rb, GL_RENDERBUFFER, 0, 0, 0, 0, arr, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 4, 4, 1));
    unsigned char layers[3 * 64];
    glGetTextureImage(arr, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof layers, layers);
    CHECK(!memcmp(layers + 128, img, 64), "texture -> renderbuffer -> array layer 2");

    /* Errors (b must not change). */
    read_rgba8(b, 0, 4, 4, px);
    unsigned char before[64];
    memcpy(before, px, 64);
    GLuint wide = tex2d(GL_RGBA16, 1, 4, 4);
    EXPECT_ERR(GL_INVALID_ENUM, "§18.3.3: a cube face is not a target",
               glCopyImageSubData(a, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    EXPECT_ERR(GL_INVALID_ENUM, "§18.3.3: buffer textures are not copied",
               glCopyImageSubData(a, GL_TEXTURE_BUFFER, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.3: not a texture name",
               glCopyImageSubData(777, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.3: not a renderbuffer name",
               glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, 777, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1));
    EXPECT_ERR(GL_INVALID_ENUM, "§18.3.3: target does not match the texture",
               glCopyImageSubData(a, GL_TEXTURE_3D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.3: level without an image",
               glCopyImageSubData(a, GL_TEXTURE_2D, 1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.3: renderbuffer level 1",
               glCopyImageSubData(rb, GL_RENDERBUFFER, 1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.3: source region outside",
               glCopyImageSubData(a, GL_TEXTURE_2D, 0, 3, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 1, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.3: destination region outside",
               glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 3, 0, 1, 2, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.3: negative size",
               glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, -1, 1, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.3.3: 32-bit and 64-bit texels are not compatible",
               glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, wide, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    GLuint inc;
    glGenTextures(1, &inc);
    glBindTexture(GL_TEXTURE_2D, inc);
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindTexture(GL_TEXTURE_2D, 0);
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.3.3: incomplete texture (no base level)",
               glCopyImageSubData(inc, GL_TEXTURE_2D, 1, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    read_rgba8(b, 0, 4, 4, px);
    CHECK(!memcmp(before, px, 64), "failed copies changed nothing");
    GLuint all[] = {a, b, u, arr, wide, inc};
    glDeleteTextures(6, all);
    glDeleteRenderbuffers(1, &rb);
}

static GLuint fbo_with(GLuint tex)
{
    GLuint f;
    glCreateFramebuffers(1, &f);
    glNamedFramebufferTexture(f, GL_COLOR_ATTACHMENT0, tex, 0);
    return f;
}

static void blit(void)
{
    /* Source: 4x4 rgba8, texel (x, y) = (x*60, y*60, 7, 255). */
    GLuint s = tex2d(GL_RGBA8, 1, 4, 4), d = tex2d(GL_RGBA32F, 1, 8, 8);
    unsigned char img[64];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            unsigned char *p = img + (y * 4 + x) * 4;
            p[0] = (unsigned char)(x * 60);
            p[1] = (unsigned char)(y * 60);
            p[2] = 7;
            p[3] = 255;
        }
    glTextureSubImage2D(s, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, img);
    const float zero[4] = {0, 0, 0, 0};
    glClearTexImage(d, 0, GL_RGBA, GL_FLOAT, zero);
    GLuint rf = fbo_with(s), df = fbo_with(d);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, rf);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, df);
    float out[64 * 4];
#define D(x, y, c) out[((y) * 8 + (x)) * 4 + (c)]
#define EQ(a, b) (fabsf((a) - (b)) <= 1e-6f)

    /* Unscaled into (2, 2): unorm -> float conversion. */
    EXPECT_OK(glBlitFramebuffer(0, 0, 4, 4, 2, 2, 6, 6, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    glGetTextureImage(d, 0, GL_RGBA, GL_FLOAT, sizeof out, out);
    CHECK(D(2, 2, 0) == 0.0f && EQ(D(5, 2, 0), 180.0f / 255.0f) && EQ(D(2, 5, 1), 180.0f / 255.0f) &&
              EQ(D(3, 4, 2), 7.0f / 255.0f) && D(3, 4, 3) == 1.0f,
          "unscaled blit: %g %g %g", D(5, 2, 0), D(2, 5, 1), D(3, 4, 2));
    CHECK(D(1, 1, 3) == 0.0f && D(6, 6, 3) == 0.0f, "outside the destination rectangle stays zero");

    /* Mirrored in x (dst x1 < x0). */
    glClearTexImage(d, 0, GL_RGBA, GL_FLOAT, zero);
    EXPECT_OK(glBlitFramebuffer(0, 0, 4, 4, 4, 0, 0, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    glGetTextureImage(d, 0, GL_RGBA, GL_FLOAT, sizeof out, out);
    CHECK(EQ(D(0, 0, 0), 180.0f / 255.0f) && D(3, 0, 0) == 0.0f, "mirrored blit: %g %g", D(0, 0, 0), D(3, 0, 0));

    /* Scaled 2x with NEAREST: each source texel covers 2x2. */
    EXPECT_OK(glBlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    glGetTextureImage(d, 0, GL_RGBA, GL_FLOAT, sizeof out, out);
    CHECK(EQ(D(2, 0, 0), 60.0f / 255.0f) && EQ(D(3, 0, 0), 60.0f / 255.0f) && EQ(D(7, 7, 1), 180.0f / 255.0f),
          "2x NEAREST: %g %g %g", D(2, 0, 0), D(3, 0, 0), D(7, 7, 1));

    /* Scaled 2x with LINEAR: destination pixel 3 samples source x = 1.75 -> between
     * texels 1 and 2, 75% of texel 1: 0.75*60 + 0.25*120 = 75. */
    EXPECT_OK(glBlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_LINEAR));
    glGetTextureImage(d, 0, GL_RGBA, GL_FLOAT, sizeof out, out);
    CHECK(fabsf(D(3, 3, 0) - 75.0f / 255.0f) < 1e-6f && fabsf(D(0, 0, 0)) < 1e-6f,
          "2x LINEAR: %g (expected %g), edge %g", D(3, 3, 0), 75.0 / 255.0, D(0, 0, 0));

    /* Source rectangle partly outside the image: those destination pixels keep their
     * values. */
    glClearTexImage(d, 0, GL_RGBA, GL_FLOAT, zero);
    EXPECT_OK(glBlitFramebuffer(2, 0, 6, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    glGetTextureImage(d, 0, GL_RGBA, GL_FLOAT, sizeof out, out);
    CHECK(EQ(D(1, 0, 0), 180.0f / 255.0f) && D(1, 0, 3) == 1.0f && D(2, 0, 3) == 0.0f,
          "source outside the read image is not copied: %g %g", D(1, 0, 3), D(2, 0, 3));

    /* DSA form with a depth buffer pair. */
    GLuint sd = tex2d(GL_DEPTH_COMPONENT32F, 1, 4, 4), dd = tex2d(GL_DEPTH_COMPONENT32F, 1, 8, 8);
    glNamedFramebufferTexture(rf, GL_DEPTH_ATTACHMENT, sd, 0);
    glNamedFramebufferTexture(df, GL_DEPTH_ATTACHMENT, dd, 0);
    const float dv = 0.25f, dz = 1.0f;
    glClearTexImage(sd, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
    glClearTexImage(dd, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &dz);
    EXPECT_OK(glBlitNamedFramebuffer(rf, df, 0, 0, 4, 4, 0, 0, 4, 4, GL_DEPTH_BUFFER_BIT, GL_NEAREST));
    float depth[64];
    glGetTextureImage(dd, 0, GL_DEPTH_COMPONENT, GL_FLOAT, sizeof depth, depth);
    CHECK(depth[0] == 0.25f && depth[3 * 8 + 3] == 0.25f && depth[4] == 1.0f, "depth blit: %g %g %g", depth[0],
          depth[27], depth[4]);

    /* Errors: nothing is written. */
    glGetTextureImage(d, 0, GL_RGBA, GL_FLOAT, sizeof out, out);
    float before[64 * 4];
    memcpy(before, out, sizeof out);
    EXPECT_ERR(GL_INVALID_ENUM, "§18.3.1: bad filter",
               glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_LINEAR_MIPMAP_LINEAR));
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.1: bad mask bits", glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, 0x8, GL_NEAREST));
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.3.1: depth with LINEAR",
               glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT, GL_LINEAR));
    EXPECT_ERR(GL_INVALID_OPERATION, "DSA: not a framebuffer",
               glBlitNamedFramebuffer(4242, df, 0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    EXPECT_ERR(GL_INVALID_FRAMEBUFFER_OPERATION, "§18.3.1: the default framebuffer has no pixels",
               glBlitNamedFramebuffer(rf, 0, 0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    GLuint ui = tex2d(GL_RGBA8UI, 1, 4, 4);
    GLuint uf = fbo_with(ui);
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.3.1: integer read buffer into a float draw buffer",
               glBlitNamedFramebuffer(uf, df, 0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.3.1: LINEAR on an integer read buffer",
               glBlitNamedFramebuffer(uf, uf, 0, 0, 2, 2, 2, 2, 4, 4, GL_COLOR_BUFFER_BIT, GL_LINEAR));
    EXPECT_OK(glBlitNamedFramebuffer(uf, uf, 0, 0, 2, 2, 2, 2, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    glGetTextureImage(d, 0, GL_RGBA, GL_FLOAT, sizeof out, out);
    CHECK(!memcmp(before, out, sizeof out), "failed blits changed nothing");
    /* A read buffer of NONE: the colour bit is ignored without an error. */
    glNamedFramebufferReadBuffer(rf, GL_NONE);
    EXPECT_OK(glBlitNamedFramebuffer(rf, df, 0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    glGetTextureImage(d, 0, GL_RGBA, GL_FLOAT, sizeof out, out);
    CHECK(!memcmp(before, out, sizeof out), "read buffer NONE copies no colour");
#undef D
#undef EQ
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint fbs[] = {rf, df, uf};
    glDeleteFramebuffers(3, fbs);
    GLuint all[] = {s, d, sd, dd, ui};
    glDeleteTextures(5, all);
}

/* GL 4.6 §8.6: CopyTexImage and CopyTexSubImage read the read framebuffer. */
static void copy_tex(void)
{
    /* Source: 4x4 rgba8, texel (x, y) = (x*60, y*60, 7, 255). */
    GLuint s = tex2d(GL_RGBA8, 1, 4, 4);
    unsigned char img[64];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            unsigned char *p = img + (y * 4 + x) * 4;
            p[0] = (unsigned char)(x * 60);
            p[1] = (unsigned char)(y * 60);
            p[2] = 7;
            p[3] = 255;
        }
    glTextureSubImage2D(s, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, img);
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 2, 2, 0);
    CHECK(glGetError() == GL_INVALID_FRAMEBUFFER_OPERATION, "the default framebuffer has no pixels to copy");
    GLuint rf = fbo_with(s);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, rf);
    /* A 3x2 level from pixels (1, 2)..(3, 3). */
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 2, 3, 2, 0);
    CHECK(glGetError() == GL_NO_ERROR, "CopyTexImage2D");
    GLint w = 0, h = 0, f = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &f);
    CHECK(w == 3 && h == 2 && f == GL_RGBA8, "the level is 3x2 RGBA8: %dx%d 0x%x", w, h, f);
    unsigned char out[6 * 4];
    read_rgba8(t, 0, 3, 2, out);
    int ok = 1;
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 3; x++) {
            const unsigned char *p = out + (y * 3 + x) * 4;
            ok &= p[0] == (x + 1) * 60 && p[1] == (y + 2) * 60 && p[2] == 7 && p[3] == 255;
        }
    CHECK(ok, "CopyTexImage2D copies the rectangle");
    /* CopyTexSubImage2D: pixel (0, 0) into texel (2, 1). */
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 0, 0, 1, 1);
    read_rgba8(t, 0, 3, 2, out);
    CHECK(out[(1 * 3 + 2) * 4] == 0 && out[(1 * 3 + 2) * 4 + 1] == 0 && out[(1 * 3 + 1) * 4] == 120,
          "CopyTexSubImage2D copies one texel and leaves the rest");
    /* Into a float texture (conversion), a 2D array layer and a 1D texture. */
    GLuint ft = tex2d(GL_RGBA32F, 1, 4, 4), arr, one;
    glBindTexture(GL_TEXTURE_2D, ft);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
    float fo[64];
    glGetTextureImage(ft, 0, GL_RGBA, GL_FLOAT, sizeof fo, fo);
    CHECK(fabsf(fo[(3 * 4 + 3) * 4] - 180.0f / 255.0f) < 1e-6f, "RGBA8 into RGBA32F normalizes: %f",
          fo[(3 * 4 + 3) * 4]);
    glCreateTextures(GL_TEXTURE_2D_ARRAY, 1, &arr);
    glTextureStorage3D(arr, 1, GL_RGBA8, 4, 4, 3);
    glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
    glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 0, 0, 4, 4);
    unsigned char layer[3 * 64];
    glGetTextureImage(arr, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof layer, layer);
    CHECK(memcmp(layer + 2 * 64, img, 64) == 0, "CopyTexSubImage3D writes layer 2");
    glGenTextures(1, &one);
    glBindTexture(GL_TEXTURE_1D, one);
    glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 0, 3, 4, 0);
    unsigned char row[16];
    glGetTextureImage(one, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof row, row);
    CHECK(memcmp(row, img + 3 * 16, 16) == 0, "CopyTexImage1D copies row 3");
    glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 1, 0, 0, 1);
    glGetTextureImage(one, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof row, row);
    CHECK(row[4] == 0 && row[5] == 0 && row[8] == 120, "CopyTexSubImage1D");

    /* Errors, each changing nothing. */
    glBindTexture(GL_TEXTURE_2D, t);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 0, 0, 2, 1);
    CHECK(glGetError() == GL_INVALID_VALUE, "a region past the level is INVALID_VALUE");
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 2, 2, 1);
    CHECK(glGetError() == GL_INVALID_VALUE, "border must be 0");
    glCopyTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA8, 0, 0, 2, 2, 0);
    CHECK(glGetError() == GL_INVALID_ENUM, "CopyTexImage2D takes no 3D target");
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 0, 0, 2, 2, 0);
    CHECK(glGetError() == GL_INVALID_OPERATION, "an integer texture from a normalized read buffer");
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 0, 0, 2, 2, 0);
    CHECK(glGetError() == GL_INVALID_OPERATION, "a depth texture needs a depth buffer to read");
    GLuint cube;
    glGenTextures(1, &cube);
    glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
    glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA8, 0, 0, 2, 3, 0);
    CHECK(glGetError() == GL_INVALID_VALUE, "a cube map face is square");
    glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA8, 1, 1, 2, 2, 0);
    CHECK(glGetError() == GL_NO_ERROR, "a cube map face");
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    CHECK(w == 3, "failed calls changed nothing: %d", w);
    glReadBuffer(GL_NONE);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
    CHECK(glGetError() == GL_INVALID_OPERATION, "the read buffer is NONE");

    /* GL 4.6 §8.20: InvalidateTex(Sub)Image check their arguments (contents may stay). */
    glInvalidateTexImage(t, 0);
    glInvalidateTexSubImage(t, 0, 1, 0, 0, 2, 2, 1);
    CHECK(glGetError() == GL_NO_ERROR, "InvalidateTexImage and InvalidateTexSubImage");
    glInvalidateTexSubImage(t, 0, 2, 0, 0, 2, 2, 1);
    CHECK(glGetError() == GL_INVALID_VALUE, "an invalidated region inside the level");
    glInvalidateTexImage(0, 0);
    CHECK(glGetError() == GL_INVALID_VALUE, "texture 0 is INVALID_VALUE");
    glInvalidateTexImage(t, -1);
    CHECK(glGetError() == GL_INVALID_VALUE, "a negative level is INVALID_VALUE");
    glInvalidateTexSubImage(cube, 0, 0, 0, 5, 2, 2, 1);
    CHECK(glGetError() == GL_NO_ERROR, "cube map faces count as depth");
    /* GL 4.6 §14.3.1.1: single-sample framebuffers have no sample positions. */
    GLfloat pos[2];
    glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
    CHECK(glGetError() == GL_INVALID_VALUE, "GetMultisamplefv: index 0 is not below GL_SAMPLES (0)");
    glGetMultisamplefv(GL_SAMPLES, 0, pos);
    CHECK(glGetError() == GL_INVALID_ENUM, "GetMultisamplefv: pname must be GL_SAMPLE_POSITION");
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glBindTexture(GL_TEXTURE_1D, 0);
    glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
    GLuint del[] = {s, t, ft, arr, one, cube};
    glDeleteTextures(6, del);
    glDeleteFramebuffers(1, &rf);
}

int main(void)
{
    h_init();
    clear_tex();
    mipmaps();
    copy_image();
    blit();
    copy_tex();
    CHECK(glGetError() == GL_NO_ERROR, "no error left over");
    return h_finish("copies");
}
