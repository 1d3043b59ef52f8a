/* Images through the C API: imageStore -> glGetTexImage and glTexSubImage2D ->
 * imageLoad for every image format (and more client forms for some), against
 * conversions computed by hand (GL 4.6
 * §2.3.4, §2.3.5, §8.26); image atomics; accesses outside the image contained;
 * framebuffer clear and glReadPixels of a texture; the errors of glBindImageTexture
 * and texture storage. */
// run: standalone
#include "harness.h"

#include <math.h>

static GLuint make_tex(GLenum internal, int w, int h)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, internal, w, h);
    return t;
}

static GLuint store_program(const char *fmt, const char *img, const char *value)
{
    char src[1024];
    snprintf(src, sizeof src,
             "#version 430\n"
             "layout(local_size_x = 1) in;\n"
             "layout(%s, binding = 0) writeonly uniform %s img;\n"
             "void main() { imageStore(img, ivec2(0, 0), %s); }\n",
             fmt, img, value);
    return h_program(src);
}

/* imageStore of `value` into a 1x1 texture of `internal`, read back as `nbytes`
 * bytes of (format, type), compared with `expect`. */
static void store_case(GLenum internal, const char *fmt, const char *img, const char *value,
                       GLenum format, GLenum type, const void *expect, size_t nbytes)
{
    GLuint t = make_tex(internal, 1, 1);
    GLuint p = store_program(fmt, img, value);
    glUseProgram(p);
    glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, internal);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    unsigned char got[16] = {0};
    glGetTexImage(GL_TEXTURE_2D, 0, format, type, got);
    CHECK(glGetError() == GL_NO_ERROR, "%s: GL error", fmt);
    CHECK(memcmp(got, expect, nbytes) == 0, "%s: imageStore(%s) stored %02x %02x %02x %02x ...",
          fmt, value, got[0], got[1], got[2], got[3]);
    glDeleteProgram(p);
    glDeleteTextures(1, &t);
}

/* glTexSubImage2D of `data` into a 1x1 texture, imageLoad into an SSBO of 4 words,
 * compared with `expect` (floats or integers as words). */
static void load_case(GLenum internal, const char *fmt, const char *img, const char *vec,
                      GLenum format, GLenum type, const void *data, const uint32_t expect[4])
{
    GLuint t = make_tex(internal, 1, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, format, type, data);
    char src[1024];
    snprintf(src, sizeof src,
             "#version 430\n"
             "layout(local_size_x = 1) in;\n"
             "layout(%s, binding = 0) readonly uniform %s img;\n"
             "layout(std430, binding = 0) buffer Out { %s v; };\n"
             "void main() { v = imageLoad(img, ivec2(0, 0)); }\n",
             fmt, img, vec);
    GLuint p = h_program(src);
    GLuint b;
    glGenBuffers(1, &b);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 16, NULL, GL_STATIC_DRAW);
    glUseProgram(p);
    glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_ONLY, internal);
    glDispatchCompute(1, 1, 1);
    uint32_t got[4];
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 16, got);
    CHECK(glGetError() == GL_NO_ERROR, "%s: GL error", fmt);
    CHECK(memcmp(got, expect, 16) == 0, "%s: imageLoad gave %08x %08x %08x %08x, expected %08x %08x %08x %08x",
          fmt, got[0], got[1], got[2], got[3], expect[0], expect[1], expect[2], expect[3]);
    glDeleteProgram(p);
    glDeleteBuffers(1, &b);
    glDeleteTextures(1, &t);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void stores(void)
{
    /* unorm: clamp to [0, 1], round(x * 255). */
    const uint8_t rgba8[4] = {128, 255, 0, 51};
    store_case(GL_RGBA8, "rgba8", "image2D", "vec4(0.5, 1.5, -0.25, 0.2)", GL_RGBA,
               GL_UNSIGNED_BYTE, rgba8, 4);
    /* snorm: clamp to [-1, 1], round(x * 127). */
    const int8_t snorm[4] = {-127, 64, 127, -38};
    store_case(GL_RGBA8_SNORM, "rgba8_snorm", "image2D", "vec4(-1.0, 0.5, 2.0, -0.3)", GL_RGBA,
               GL_BYTE, snorm, 4);
    const uint16_t rg16[2] = {16384, 65535};
    store_case(GL_RG16, "rg16", "image2D", "vec4(0.25, 1.0, 0.0, 0.0)", GL_RG,
               GL_UNSIGNED_SHORT, rg16, 4);
    const float r32f = 3.25f;
    store_case(GL_R32F, "r32f", "image2D", "vec4(3.25, 9.0, 9.0, 9.0)", GL_RED, GL_FLOAT,
               &r32f, 4);
    const uint16_t half[4] = {0x3c00, 0xc000, 0x3800, 0x7bff};
    store_case(GL_RGBA16F, "rgba16f", "image2D", "vec4(1.0, -2.0, 0.5, 65504.0)", GL_RGBA,
               GL_HALF_FLOAT, half, 8);
    /* 11/11/10-bit floats: exponent bias 15, 6/6/5 mantissa bits. */
    const uint32_t r11 = 0x3c0u | (0x400u << 11) | (0x1c0u << 22);
    store_case(GL_R11F_G11F_B10F, "r11f_g11f_b10f", "image2D", "vec4(1.0, 2.0, 0.5, 7.0)",
               GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, &r11, 4);
    const uint32_t rgb10a2 = 1023u | (0u << 10) | (512u << 20) | (3u << 30);
    store_case(GL_RGB10_A2, "rgb10_a2", "image2D", "vec4(1.0, 0.0, 0.5, 1.0)", GL_RGBA,
               GL_UNSIGNED_INT_2_10_10_10_REV, &rgb10a2, 4);
    /* Integers clamp to the format's range. */
    const int8_t rgba8i[4] = {127, -128, 5, -5};
    store_case(GL_RGBA8I, "rgba8i", "iimage2D", "ivec4(300, -300, 5, -5)", GL_RGBA_INTEGER,
               GL_BYTE, rgba8i, 4);
    const uint16_t rgba16ui[4] = {65535, 1, 65535, 0};
    store_case(GL_RGBA16UI, "rgba16ui", "uimage2D", "uvec4(70000u, 1u, 65535u, 0u)",
               GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, rgba16ui, 8);
    const int32_t rg32i[2] = {-7, 2147483647};
    store_case(GL_RG32I, "rg32i", "iimage2D", "ivec4(-7, 2147483647, 0, 0)", GL_RG_INTEGER,
               GL_INT, rg32i, 8);
    /* 16-byte texels: every component kept exactly. */
    const float rgba32f[4] = {1.5f, -2.25f, 1e30f, -0.0f};
    store_case(GL_RGBA32F, "rgba32f", "image2D", "vec4(1.5, -2.25, 1e30, -0.0)", GL_RGBA,
               GL_FLOAT, rgba32f, 16);
    const uint32_t rgba32ui[4] = {1, 0xffffffffu, 0x80000000u, 12345678};
    store_case(GL_RGBA32UI, "rgba32ui", "uimage2D",
               "uvec4(1u, 0xffffffffu, 0x80000000u, 12345678u)", GL_RGBA_INTEGER,
               GL_UNSIGNED_INT, rgba32ui, 16);
}

static void loads(void)
{
    const uint8_t rgba8[4] = {255, 0, 128, 64};
    const uint32_t e_rgba8[4] = {fbits(1.0f), fbits(0.0f), fbits(128.0f / 255.0f),
                                 fbits(64.0f / 255.0f)};
    load_case(GL_RGBA8, "rgba8", "image2D", "vec4", GL_RGBA, GL_UNSIGNED_BYTE, rgba8, e_rgba8);
    /* snorm: max(c / 127, -1): -128 reads as -1. */
    const int8_t snorm[4] = {-128, 127, 0, 64};
    const uint32_t e_snorm[4] = {fbits(-1.0f), fbits(1.0f), fbits(0.0f), fbits(64.0f / 127.0f)};
    load_case(GL_RGBA8_SNORM, "rgba8_snorm", "image2D", "vec4", GL_RGBA, GL_BYTE, snorm, e_snorm);
    /* Missing components read as 0, alpha as 1. */
    const float rg[2] = {-2.5f, 8.0f};
    const uint32_t e_rg[4] = {fbits(-2.5f), fbits(8.0f), fbits(0.0f), fbits(1.0f)};
    load_case(GL_RG32F, "rg32f", "image2D", "vec4", GL_RG, GL_FLOAT, rg, e_rg);
    const uint32_t r11 = 0x3c0u | (0x400u << 11) | (0x1c0u << 22);
    const uint32_t e_r11[4] = {fbits(1.0f), fbits(2.0f), fbits(0.5f), fbits(1.0f)};
    load_case(GL_R11F_G11F_B10F, "r11f_g11f_b10f", "image2D", "vec4", GL_RGB,
              GL_UNSIGNED_INT_10F_11F_11F_REV, &r11, e_r11);
    const uint16_t half[4] = {0x3c00, 0xc000, 0x3800, 0x7bff};
    const uint32_t e_half[4] = {fbits(1.0f), fbits(-2.0f), fbits(0.5f), fbits(65504.0f)};
    load_case(GL_RGBA16F, "rgba16f", "image2D", "vec4", GL_RGBA, GL_HALF_FLOAT, half, e_half);
    const uint8_t ui[4] = {200, 0, 7, 255};
    const uint32_t e_ui[4] = {200, 0, 7, 255};
    load_case(GL_RGBA8UI, "rgba8ui", "uimage2D", "uvec4", GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ui,
              e_ui);
    const int16_t si[1] = {-300};
    const uint32_t e_si[4] = {(uint32_t)-300, 0, 0, 1};
    load_case(GL_R16I, "r16i", "iimage2D", "ivec4", GL_RED_INTEGER, GL_SHORT, si, e_si);
    /* Float client data converted on upload: 0.5 -> 128 (unorm8) -> 128/255. */
    const float f[4] = {0.5f, 2.0f, -1.0f, 0.25f};
    const uint32_t e_f[4] = {fbits(128.0f / 255.0f), fbits(1.0f), fbits(0.0f), fbits(64.0f / 255.0f)};
    load_case(GL_RGBA8, "rgba8", "image2D", "vec4", GL_RGBA, GL_FLOAT, f, e_f);
    const int32_t i32[4] = {-1, 2147483647, -2147483647 - 1, 42};
    const uint32_t e_i32[4] = {(uint32_t)-1, 2147483647u, 0x80000000u, 42};
    load_case(GL_RGBA32I, "rgba32i", "iimage2D", "ivec4", GL_RGBA_INTEGER, GL_INT, i32, e_i32);
    const float f32[4] = {0.1f, -7.5f, 3e-38f, 65536.0f};
    const uint32_t e_f32[4] = {fbits(0.1f), fbits(-7.5f), fbits(3e-38f), fbits(65536.0f)};
    load_case(GL_RGBA32F, "rgba32f", "image2D", "vec4", GL_RGBA, GL_FLOAT, f32, e_f32);
}

/* Atomics from 64 invocations, and accesses outside a 4x2 image. */
static void atomics_and_bounds(void)
{
    GLuint t = make_tex(GL_R32UI, 4, 2);
    const uint32_t zeros[8] = {0};
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 2, GL_RED_INTEGER, GL_UNSIGNED_INT, zeros);
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 64) in;\n"
        "layout(r32ui, binding = 0) uniform uimage2D img;\n"
        "layout(std430, binding = 0) buffer Out { uint loads[8]; uint sizes[2]; };\n"
        "void main() {\n"
        "  imageAtomicAdd(img, ivec2(0, 0), 1u);\n"
        "  imageAtomicMax(img, ivec2(1, 0), gl_LocalInvocationIndex);\n"
        "  if (gl_LocalInvocationIndex == 0u) {\n"
        "    imageStore(img, ivec2(-1, 0), uvec4(9u));\n"
        "    imageStore(img, ivec2(4, 0), uvec4(9u));\n"
        "    imageStore(img, ivec2(0, 2), uvec4(9u));\n"
        "    imageStore(img, ivec2(1 << 30, 1), uvec4(9u));\n"
        "    imageStore(img, ivec2(3, 1), uvec4(7u));\n"
        "    loads[0] = imageLoad(img, ivec2(-1, 0)).x + 1u;\n"
        "    loads[1] = imageLoad(img, ivec2(0, 2)).x + 1u;\n"
        "    loads[2] = imageAtomicAdd(img, ivec2(9, 9), 5u) + 1u;\n"
        "    loads[3] = imageLoad(img, ivec2(3, 1)).x;\n"
        "    sizes[0] = uint(imageSize(img).x);\n"
        "    sizes[1] = uint(imageSize(img).y);\n"
        "  }\n"
        "}\n");
    GLuint b;
    glGenBuffers(1, &b);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 40, NULL, GL_STATIC_DRAW);
    glUseProgram(p);
    glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    glDispatchCompute(1, 1, 1);
    uint32_t img[8];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, img);
    CHECK(img[0] == 64, "imageAtomicAdd from 64 invocations gave %u", img[0]);
    CHECK(img[1] == 63, "imageAtomicMax gave %u", img[1]);
    CHECK(img[7] == 7, "imageStore at (3, 1) gave %u", img[7]);
    int others = 0;
    for (int i = 2; i < 7; i++)
        others |= img[i];
    CHECK(others == 0, "a store outside the image changed a texel inside it");
    uint32_t out[10];
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 40, out);
    CHECK(out[0] == 1 && out[1] == 1, "loads outside the image gave %u %u (expected 0)", out[0] - 1, out[1] - 1);
    CHECK(out[2] == 1, "an atomic outside the image returned %u (expected 0)", out[2] - 1);
    CHECK(out[3] == 7, "imageLoad(3, 1) = %u", out[3]);
    CHECK(out[8] == 4 && out[9] == 2, "imageSize = (%u, %u)", out[8], out[9]);
    /* A read-only unit drops stores; an unbound unit reads zero. */
    glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    glDispatchCompute(1, 1, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, img);
    CHECK(img[0] == 64 && img[7] == 7, "a READ_ONLY unit was written (%u, %u)", img[0], img[7]);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    glDispatchCompute(1, 1, 1);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 40, out);
    CHECK(out[3] == 0 && out[8] == 0, "an unbound unit read %u, size %u", out[3], out[8]);
    glDeleteProgram(p);
    glDeleteBuffers(1, &b);
    glDeleteTextures(1, &t);
}

/* A layer of a 2D array texture bound non-layered, and the whole array layered. */
static void layers(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_R32I, 2, 2, 3);
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 1) in;\n"
        "layout(r32i, binding = 0) writeonly uniform iimage2D one;\n"
        "layout(r32i, binding = 1) writeonly uniform iimage2DArray all;\n"
        "void main() {\n"
        "  imageStore(all, ivec3(1, 1, 0), ivec4(10));\n"
        "  imageStore(all, ivec3(0, 0, 2), ivec4(12));\n"
        "  imageStore(one, ivec2(1, 0), ivec4(-1));\n"
        "}\n");
    glUseProgram(p);
    glBindImageTexture(0, t, 0, GL_FALSE, 1, GL_WRITE_ONLY, GL_R32I);
    glBindImageTexture(1, t, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32I);
    glDispatchCompute(1, 1, 1);
    int32_t v[12];
    glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RED_INTEGER, GL_INT, v);
    CHECK(v[3] == 10 && v[8] == 12 && v[5] == -1, "array layers: %d %d %d", v[3], v[8], v[5]);
    GLint64 name = h_int_i(GL_IMAGE_BINDING_NAME, 1), layered = h_int_i(GL_IMAGE_BINDING_LAYERED, 1);
    CHECK(name == (GLint64)t && layered == 1, "image unit 1 state: name %lld layered %lld",
          (long long)name, (long long)layered);
    glDeleteProgram(p);
    glDeleteTextures(1, &t);
}

/* Clear a texture through a framebuffer and read it back. */
static void framebuffer(void)
{
    GLuint t = make_tex(GL_RGBA8, 3, 2), fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "incomplete");
    glClearColor(0.0f, 0.5f, 1.0f, 0.25f);
    glClear(GL_COLOR_BUFFER_BIT);
    float px[4];
    glReadPixels(2, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
    CHECK(px[0] == 0.0f && fabsf(px[1] - 128.0f / 255.0f) < 1e-6f && px[2] == 1.0f &&
              fabsf(px[3] - 64.0f / 255.0f) < 1e-6f,
          "clear + glReadPixels gave %f %f %f %f", px[0], px[1], px[2], px[3]);
    const GLuint green[4] = {0, 255, 0, 255};
    (void)green;
    const float red[4] = {1, 0, 0, 1};
    glClearBufferfv(GL_COLOR, 0, red);
    uint8_t b[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, b);
    CHECK(b[0] == 255 && b[1] == 0 && b[3] == 255, "glClearBufferfv gave %u %u %u %u", b[0], b[1], b[2], b[3]);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §17.4.3: bits other than the buffer bits",
               glClear(0x1));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    EXPECT_ERR(GL_INVALID_FRAMEBUFFER_OPERATION,
               "GL 4.6 §9.4.4: the default framebuffer of a surfaceless context is undefined",
               glClear(GL_COLOR_BUFFER_BIT));
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_UNDEFINED, "default fb");
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &t);
}

static void errors(void)
{
    GLuint t = make_tex(GL_RGBA8, 2, 2);
    GLint units = h_int(GL_MAX_IMAGE_UNITS);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.26: unit >= MAX_IMAGE_UNITS",
               glBindImageTexture(units, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.26: texture is not an existing texture",
               glBindImageTexture(0, 4242, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.26: negative level",
               glBindImageTexture(0, t, -1, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.26: access is not an access mode",
               glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_RGBA8, GL_RGBA8));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.26: format is not in table 8.26",
               glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGB8));
    CHECK(h_int_i(GL_IMAGE_BINDING_NAME, 0) == 0, "a failed bind changed unit 0");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.19: storage is already immutable",
               glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.19: TexImage on immutable storage",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.6: region outside the image",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.4.4: integer data into a normalized format",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.4.4: packed type and format disagree",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, NULL));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.1: not a texture target",
               glBindTexture(GL_ARRAY_BUFFER, t));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.1: texture created with another target",
               glBindTexture(GL_TEXTURE_3D, t));
    GLuint u;
    glGenTextures(1, &u);
    glBindTexture(GL_TEXTURE_2D, u);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.5: border is not 0",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §8.5: negative width",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    GLint w = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    CHECK(w == 0, "failed TexImage2D left width %d", w);
    EXPECT_OK(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 5, 3, 0, GL_RGBA, GL_FLOAT, NULL));
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    CHECK(w == 5, "width %d", w);
    GLint fmt = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &fmt);
    CHECK(fmt == GL_RGBA32F, "internal format 0x%x", fmt);
    glDeleteTextures(1, &u);
    glDeleteTextures(1, &t);
    CHECK(!glIsTexture(t), "deleted texture is still a texture");
}

/* Every image format of GL 4.6 table 8.26, both ways: imageStore of one value ->
 * glGetTexImage, and glTexSubImage2D of the same value -> imageLoad, each against the
 * conversion computed here from the spec's rules (§2.3.5 normalized fixed point with
 * clamping, §2.3.4 small floats, integers clamped to the format's range; components the
 * format lacks read 0, 0, 1). */
struct image_format {
    GLenum internal;
    const char *layout;
    char kind; /* f float, u unsigned int, i signed int, n unorm, s snorm */
    int n;     /* components */
    int bits[4];
};

static const struct image_format all[] = {
    {GL_RGBA32F, "rgba32f", 'f', 4, {32, 32, 32, 32}},
    {GL_RGBA16F, "rgba16f", 'f', 4, {16, 16, 16, 16}},
    {GL_RG32F, "rg32f", 'f', 2, {32, 32}},
    {GL_RG16F, "rg16f", 'f', 2, {16, 16}},
    {GL_R11F_G11F_B10F, "r11f_g11f_b10f", 'f', 3, {11, 11, 10}},
    {GL_R32F, "r32f", 'f', 1, {32}},
    {GL_R16F, "r16f", 'f', 1, {16}},
    {GL_RGBA32UI, "rgba32ui", 'u', 4, {32, 32, 32, 32}},
    {GL_RGBA16UI, "rgba16ui", 'u', 4, {16, 16, 16, 16}},
    {GL_RGB10_A2UI, "rgb10_a2ui", 'u', 4, {10, 10, 10, 2}},
    {GL_RGBA8UI, "rgba8ui", 'u', 4, {8, 8, 8, 8}},
    {GL_RG32UI, "rg32ui", 'u', 2, {32, 32}},
    {GL_RG16UI, "rg16ui", 'u', 2, {16, 16}},
    {GL_RG8UI, "rg8ui", 'u', 2, {8, 8}},
    {GL_R32UI, "r32ui", 'u', 1, {32}},
    {GL_R16UI, "r16ui", 'u', 1, {16}},
    {GL_R8UI, "r8ui", 'u', 1, {8}},
    {GL_RGBA32I, "rgba32i", 'i', 4, {32, 32, 32, 32}},
    {GL_RGBA16I, "rgba16i", 'i', 4, {16, 16, 16, 16}},
    {GL_RGBA8I, "rgba8i", 'i', 4, {8, 8, 8, 8}},
    {GL_RG32I, "rg32i", 'i', 2, {32, 32}},
    {GL_RG16I, "rg16i", 'i', 2, {16, 16}},
    {GL_RG8I, "rg8i", 'i', 2, {8, 8}},
    {GL_R32I, "r32i", 'i', 1, {32}},
    {GL_R16I, "r16i", 'i', 1, {16}},
    {GL_R8I, "r8i", 'i', 1, {8}},
    {GL_RGBA16, "rgba16", 'n', 4, {16, 16, 16, 16}},
    {GL_RGB10_A2, "rgb10_a2", 'n', 4, {10, 10, 10, 2}},
    {GL_RGBA8, "rgba8", 'n', 4, {8, 8, 8, 8}},
    {GL_RG16, "rg16", 'n', 2, {16, 16}},
    {GL_RG8, "rg8", 'n', 2, {8, 8}},
    {GL_R16, "r16", 'n', 1, {16}},
    {GL_R8, "r8", 'n', 1, {8}},
    {GL_RGBA16_SNORM, "rgba16_snorm", 's', 4, {16, 16, 16, 16}},
    {GL_RGBA8_SNORM, "rgba8_snorm", 's', 4, {8, 8, 8, 8}},
    {GL_RG16_SNORM, "rg16_snorm", 's', 2, {16, 16}},
    {GL_RG8_SNORM, "rg8_snorm", 's', 2, {8, 8}},
    {GL_R16_SNORM, "r16_snorm", 's', 1, {16}},
    {GL_R8_SNORM, "r8_snorm", 's', 1, {8}},
};

/* The values stored and uploaded, by kind: each exact in the format or with no
 * rounding tie, with some outside the range to check clamping. */
static const float in_f[4] = {1.5f, -2.25f, 0.5f, 4.0f};
static const float in_uf[4] = {1.5f, 2.25f, 0.5f, 1.0f}; /* r11f_g11f_b10f: no sign */
static const float in_n[4] = {0.2f, 1.5f, -0.5f, 0.6f};
static const float in_s[4] = {-0.4f, 1.5f, -2.0f, 0.6f};
static const int in_i[4] = {-5, 100, 300, -300};
static const unsigned in_u[4] = {5, 100, 300, 70000};

/* What reading component c of format f gives after the value was written. */
static double expect_of(const struct image_format *f, int c)
{
    if (c >= f->n)
        return c == 3 ? 1.0 : 0.0;
    double b = f->bits[c];
    switch (f->kind) {
    case 'f':
        return f->internal == GL_R11F_G11F_B10F ? in_uf[c] : in_f[c];
    case 'n': {
        double v = in_n[c] < 0 ? 0 : in_n[c] > 1 ? 1 : in_n[c];
        double m = pow(2, b) - 1;
        return floor(v * m + 0.5) / m;
    }
    case 's': {
        double v = in_s[c] < -1 ? -1 : in_s[c] > 1 ? 1 : in_s[c];
        double m = pow(2, b - 1) - 1;
        double q = v < 0 ? -floor(-v * m + 0.5) : floor(v * m + 0.5);
        return q / m;
    }
    case 'i': {
        double lo = -pow(2, b - 1), hi = pow(2, b - 1) - 1;
        return in_i[c] < lo ? lo : in_i[c] > hi ? hi : in_i[c];
    }
    default: {
        double hi = pow(2, b) - 1;
        return in_u[c] > hi ? hi : in_u[c];
    }
    }
}

static int close_to(double got, double want)
{
    return fabs(got - want) <= 1e-6 * (fabs(want) > 1 ? fabs(want) : 1);
}

static void every_format(void)
{
    GLuint ssbo;
    glGenBuffers(1, &ssbo);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, ssbo);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 16, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ssbo);
    int bad_formats = 0;
    for (unsigned k = 0; k < sizeof all / sizeof all[0]; k++) {
        const struct image_format *f = &all[k];
        int integer = f->kind == 'i' || f->kind == 'u';
        const char *prefix = f->kind == 'i' ? "i" : f->kind == 'u' ? "u" : "";
        char value[160], src[1024];
        switch (f->kind) {
        case 'f': {
            const float *v = f->internal == GL_R11F_G11F_B10F ? in_uf : in_f;
            snprintf(value, sizeof value, "vec4(%.9g, %.9g, %.9g, %.9g)", v[0], v[1], v[2], v[3]);
            break;
        }
        case 'n':
            snprintf(value, sizeof value, "vec4(%.9g, %.9g, %.9g, %.9g)", in_n[0], in_n[1], in_n[2], in_n[3]);
            break;
        case 's':
            snprintf(value, sizeof value, "vec4(%.9g, %.9g, %.9g, %.9g)", in_s[0], in_s[1], in_s[2], in_s[3]);
            break;
        case 'i':
            snprintf(value, sizeof value, "ivec4(%d, %d, %d, %d)", in_i[0], in_i[1], in_i[2], in_i[3]);
            break;
        default:
            snprintf(value, sizeof value, "uvec4(%uu, %uu, %uu, %uu)", in_u[0], in_u[1], in_u[2], in_u[3]);
        }
        int bad = 0;

        /* imageStore -> glGetTexImage (floats, or 32-bit integers). */
        GLuint t = make_tex(f->internal, 1, 1);
        glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, f->internal);
        GLuint p = store_program(f->layout, integer ? (f->kind == 'i' ? "iimage2D" : "uimage2D") : "image2D", value);
        glUseProgram(p);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
        union {
            float f[4];
            int i[4];
            unsigned u[4];
        } got;
        memset(&got, 0x55, sizeof got);
        glBindTexture(GL_TEXTURE_2D, t);
        if (integer)
            glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, f->kind == 'i' ? GL_INT : GL_UNSIGNED_INT, got.i);
        else
            glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got.f);
        for (int c = 0; c < 4; c++) {
            double g = f->kind == 'i' ? got.i[c] : f->kind == 'u' ? got.u[c] : got.f[c];
            if (!close_to(g, expect_of(f, c))) {
                bad++;
                fprintf(stderr, "  %s imageStore: component %d reads back %.9g, expected %.9g\n", f->layout, c, g,
                        expect_of(f, c));
            }
        }
        glUseProgram(0);
        glDeleteProgram(p);

        /* glTexSubImage2D -> imageLoad. */
        if (integer) {
            if (f->kind == 'i')
                glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, in_i);
            else
                glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, in_u);
        } else {
            const float *v = f->kind == 'n' ? in_n : f->kind == 's' ? in_s
                             : f->internal == GL_R11F_G11F_B10F ? in_uf : in_f;
            glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, v);
        }
        glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_ONLY, f->internal);
        snprintf(src, sizeof src,
                 "#version 430\n"
                 "layout(local_size_x = 1) in;\n"
                 "layout(%s, binding = 0) readonly uniform %simage2D img;\n"
                 "layout(std430, binding = 0) buffer R { %svec4 r; };\n"
                 "void main() { r = imageLoad(img, ivec2(0, 0)); }\n",
                 f->layout, prefix, prefix);
        p = h_program(src);
        glUseProgram(p);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 16, &got);
        for (int c = 0; c < 4; c++) {
            double g = f->kind == 'i' ? got.i[c] : f->kind == 'u' ? got.u[c] : got.f[c];
            if (!close_to(g, expect_of(f, c))) {
                bad++;
                fprintf(stderr, "  %s imageLoad: component %d is %.9g, expected %.9g\n", f->layout, c, g,
                        expect_of(f, c));
            }
        }
        glUseProgram(0);
        glDeleteProgram(p);
        glDeleteTextures(1, &t);
        CHECK(bad == 0, "%s round trips (imageStore -> glGetTexImage, glTexSubImage2D -> imageLoad)", f->layout);
        bad_formats += bad != 0;
    }
    CHECK(glGetError() == GL_NO_ERROR, "no error from the format round trips");
    printf("every image format: %u formats, %d failed\n", (unsigned)(sizeof all / sizeof all[0]), bad_formats);
    glDeleteBuffers(1, &ssbo);
}

/* The code generator reads and writes the common formats (rgba8, r32f, rgba32f,
 * 32-bit integers...) inline when the variable's format qualifier names the unit's
 * format, and calls the runtime's helper otherwise, as for an image reached through a
 * function parameter. The two paths must agree to the bit: 256 values per component
 * (unorm rounding ties, negatives, values above 1, NaN, infinities) stored through
 * each path into two rgba8 images, then both images loaded through each path. */
static void inline_matches_helper(void)
{
    const int n = 256;
    const char *src =
        "#version 430\n"
        "layout(local_size_x = 256) in;\n"
        "layout(rgba8, binding = 0) uniform image2D direct;\n"
        "layout(rgba8, binding = 1) uniform image2D other;\n"
        "layout(std430, binding = 0) buffer R { vec4 a[256]; vec4 b[256]; vec4 c[256]; vec4 d[256]; };\n"
        "uniform float zero;\n"
        "void put(image2D im, ivec2 p, vec4 v) { imageStore(im, p, v); }\n"
        "vec4 get(image2D im, ivec2 p) { return imageLoad(im, p); }\n"
        "void main() {\n"
        "  uint i = gl_LocalInvocationIndex;\n"
        "  float t = (float(i) + 0.5) / 255.0;\n"
        "  vec4 v = vec4(t, float(i) / 100.0 - 1.0, i % 7u == 0u ? zero / zero : t * 3.0 - 1.0,\n"
        "                i % 5u == 0u ? (i % 2u == 0u ? 1.0 / zero : -1.0 / zero) : float(i) / 255.0);\n"
        "  ivec2 p = ivec2(int(i) % 16, int(i) / 16);\n"
        "  imageStore(direct, p, v);\n"
        "  put(other, p, v);\n"
        "  memoryBarrierImage();\n"
        "  barrier();\n"
        "  a[i] = imageLoad(direct, p);\n"
        "  b[i] = get(direct, p);\n"
        "  c[i] = imageLoad(other, p);\n"
        "  d[i] = get(other, p);\n"
        "}\n";
    GLuint p = h_program(src);
    CHECK(p != 0, "the inline/helper kernel builds");
    if (!p)
        return;
    GLuint tex[2], buf;
    glGenTextures(2, tex);
    for (int i = 0; i < 2; i++) {
        glBindTexture(GL_TEXTURE_2D, tex[i]);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
        glBindImageTexture(i, tex[i], 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
    }
    glGenBuffers(1, &buf);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 4 * n * 16, NULL, GL_DYNAMIC_READ);
    glUseProgram(p);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    static unsigned char px[2][16 * 16 * 4];
    for (int i = 0; i < 2; i++) {
        glBindTexture(GL_TEXTURE_2D, tex[i]);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px[i]);
    }
    CHECK(memcmp(px[0], px[1], sizeof px[0]) == 0, "imageStore inline and through the helper store the same bytes");
    /* Against GL 4.6 §2.3.5.1 computed here: round(clamp(f) * 255), ties to even. */
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        float t = ((float)i + 0.5f) / 255.0f;
        double want = nearbyint((double)(t > 1.0f ? 1.0f : t) * 255.0);
        wrong += px[0][4 * i] != (unsigned char)want;
    }
    CHECK(wrong == 0, "(i + 0.5) / 255 stores round(f * 255) with ties to even (%d wrong)", wrong);
    CHECK(px[0][2] == 0 && px[0][3] == 255, "NaN stores 0, +inf 255: %d %d", px[0][2], px[0][3]);
    static unsigned r[4][256][4];
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof r, r);
    CHECK(memcmp(r[0], r[1], sizeof r[0]) == 0 && memcmp(r[2], r[3], sizeof r[2]) == 0,
          "imageLoad inline and through the helper give the same bits");
    CHECK(memcmp(r[0], r[2], sizeof r[0]) == 0, "both images hold the same texels");
    float f;
    memcpy(&f, &r[0][1][0], 4);
    CHECK(f == 2.0f / 255.0f, "2 reads back as 2/255 (%.9g)", f);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteTextures(2, tex);
    glDeleteBuffers(1, &buf);
}

int main(void)
{
    h_init();
    inline_matches_helper();
    stores();
    loads();
    atomics_and_bounds();
    layers();
    framebuffer();
    errors();
    every_format();
    return h_finish("images");
}
