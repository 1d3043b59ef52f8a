/* Compressed textures (GL 4.6 §8.7, §8.11.4): the specific compressed formats of GL
 * 4.3 core (RGTC, BPTC, ETC2/EAC) through CompressedTex(Sub)Image, TexStorage and
 * GetCompressedTexImage, their decoded texels (GetTexImage and a compute shader's
 * texelFetch agree), the compressed pixel storage modes, a pixel unpack buffer,
 * CopyImageSubData between compressed and uncompressed images, the queries, and the
 * errors of each command.
 *
 * usage: compressed [--any-gl] [--dump]
 *   --any-gl  skips the check that glcompute is the GL (to run it on Mesa llvmpipe)
 *   --dump    prints one line per format: a hash of the texels 64 pseudo-random
 *             blocks decode to (quantised to the format's precision) and the first
 *             texels; conformance/expected/compressed.txt holds llvmpipe's lines. */
// run: standalone
// run: check compressed_check glcompute
// run: check compressed_check llvmpipe
#include "harness.h"

#include <math.h>

struct fmt {
    GLenum internal;
    const char *name;
    int block;   /* bytes per 4x4 block */
    double scale; /* quantisation of GetTexImage's floats: one step of the format */
};

static const struct fmt formats[] = {
    {GL_COMPRESSED_RED_RGTC1, "RED_RGTC1", 8, 255},
    {GL_COMPRESSED_SIGNED_RED_RGTC1, "SIGNED_RED_RGTC1", 8, 127},
    {GL_COMPRESSED_RG_RGTC2, "RG_RGTC2", 16, 255},
    {GL_COMPRESSED_SIGNED_RG_RGTC2, "SIGNED_RG_RGTC2", 16, 127},
    {GL_COMPRESSED_RGBA_BPTC_UNORM, "RGBA_BPTC_UNORM", 16, 255},
    {GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, "SRGB_ALPHA_BPTC_UNORM", 16, 255},
    {GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, "RGB_BPTC_SIGNED_FLOAT", 16, 0},
    {GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, "RGB_BPTC_UNSIGNED_FLOAT", 16, 0},
    {GL_COMPRESSED_RGB8_ETC2, "RGB8_ETC2", 8, 255},
    {GL_COMPRESSED_SRGB8_ETC2, "SRGB8_ETC2", 8, 255},
    {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, "RGB8_PUNCHTHROUGH_ALPHA1_ETC2", 8, 255},
    {GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, "SRGB8_PUNCHTHROUGH_ALPHA1_ETC2", 8, 255},
    {GL_COMPRESSED_RGBA8_ETC2_EAC, "RGBA8_ETC2_EAC", 16, 255},
    {GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, "SRGB8_ALPHA8_ETC2_EAC", 16, 255},
    {GL_COMPRESSED_R11_EAC, "R11_EAC", 8, 2047},
    {GL_COMPRESSED_SIGNED_R11_EAC, "SIGNED_R11_EAC", 8, 1023},
    {GL_COMPRESSED_RG11_EAC, "RG11_EAC", 16, 2047},
    {GL_COMPRESSED_SIGNED_RG11_EAC, "SIGNED_RG11_EAC", 16, 1023},
};
#define NFORMATS (int)(sizeof formats / sizeof formats[0])

/* Set by --any-gl: where Mesa answers otherwise than the spec, Mesa's answer is
 * accepted on a GL other than glcompute. */
static int any;

static uint32_t seed = 12345;
static uint8_t rnd8(void)
{
    seed = seed * 1664525u + 1013904223u;
    return (uint8_t)(seed >> 24);
}

static void fill_random(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = rnd8();
}

static GLuint new_tex(GLenum target)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
}

/* The decoded texels of a 32x8 image (8x2 blocks) of each format, quantised. */
static void dump(void)
{
    for (int f = 0; f < NFORMATS; f++) {
        const struct fmt *F = &formats[f];
        uint8_t data[16 * 16];
        seed = 1000 + (uint32_t)f;
        fill_random(data, sizeof data);
        GLuint t = new_tex(GL_TEXTURE_2D);
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, F->internal, 32, 8, 0, 16 * F->block, data);
        static float px[32 * 8 * 4];
        memset(px, 0, sizeof px);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px);
        uint64_t h = 1469598103934665603ull;
        printf("%s err=0x%x", F->name, glGetError());
        for (int i = 0; i < 32 * 8 * 4; i++) {
            double v = F->scale ? round(px[i] * F->scale) : px[i];
            int64_t q = F->scale ? (int64_t)v : (int64_t)llround(px[i] * 64.0);
            h = (h ^ (uint64_t)q) * 1099511628211ull;
            if (i < 8)
                printf(" %g", F->scale ? v : px[i]);
        }
        printf(" hash=%016llx\n", (unsigned long long)h);
        glDeleteTextures(1, &t);
    }
}

/* GetTexImage and texelFetch of a compute shader see the same texels. */
static float srgb_to_linear(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* `srgb`: texelFetch decodes the colour components, GetTexImage does not. */
static void check_fetch(GLuint tex, int w, int h, int is_float, int srgb)
{
    static const char *src =
        "#version 430\n"
        "layout(local_size_x = 1) in;\n"
        "uniform sampler2D s;\n"
        "layout(std430, binding = 0) buffer B { vec4 o[]; };\n"
        "void main() {\n"
        "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
        "  o[p.y * int(gl_NumWorkGroups.x) + p.x] = texelFetch(s, p, 0);\n"
        "}\n";
    static GLuint prog;
    if (!prog)
        prog = h_program(src);
    CHECK(prog != 0, "fetch program links");
    float *a = calloc((size_t)(w * h * 4), sizeof(float));
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, a);
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, w * h * 16, NULL, GL_DYNAMIC_READ);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glUseProgram(prog);
    glActiveTexture(GL_TEXTURE0);
    glDispatchCompute((GLuint)w, (GLuint)h, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const float *b = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, w * h * 16, GL_MAP_READ_BIT);
    int bad = 0;
    for (int i = 0; b && i < w * h * 4; i++) {
        float want = srgb && i % 4 != 3 ? srgb_to_linear(a[i]) : a[i];
        float tol = is_float ? fabsf(want) * 1e-6f : srgb ? 2e-3f : 1e-6f;
        if (fabsf(want - b[i]) > tol && bad++ < 3)
            fprintf(stderr, "texel component %d: texelFetch %g, GetTexImage %g\n", i, b[i], a[i]);
    }
    CHECK(b && bad == 0, "texelFetch of a compressed texture = GetTexImage (%d differ)", bad);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    glUseProgram(0);
    glDeleteBuffers(1, &buf);
    free(a);
}

static void formats_listed(void)
{
    /* §8.7: the general-purpose formats; the RGTC and sRGB formats' specifications keep
     * them off the list (Mesa lists no BPTC format either). */
    static const GLenum general[] = {
        GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_RGBA8_ETC2_EAC, GL_COMPRESSED_R11_EAC,
        GL_COMPRESSED_RG11_EAC, GL_COMPRESSED_SIGNED_R11_EAC, GL_COMPRESSED_SIGNED_RG11_EAC,
        GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
    };
    GLint n = h_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS);
    CHECK(n >= 7, "NUM_COMPRESSED_TEXTURE_FORMATS = %d", n);
    GLint *list = calloc((size_t)(n > 0 ? n : 1), sizeof(GLint));
    glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
    for (int f = 0; f < 7; f++) {
        int found = 0;
        for (int i = 0; i < n; i++)
            found |= list[i] == (GLint)general[f];
        CHECK(found, "COMPRESSED_TEXTURE_FORMATS lists 0x%x", general[f]);
    }
    for (int i = 0; i < n; i++)
        CHECK(list[i] != GL_COMPRESSED_SIGNED_RED_RGTC1 && list[i] != GL_COMPRESSED_SRGB8_ETC2,
              "COMPRESSED_TEXTURE_FORMATS leaves out RGTC and sRGB formats (0x%x)", list[i]);
    free(list);
    GLint v = -1;
    glGetInternalformativ(GL_TEXTURE_2D, GL_COMPRESSED_RGBA_BPTC_UNORM, GL_TEXTURE_COMPRESSED, 1, &v);
    CHECK(v == GL_TRUE, "GetInternalformat(TEXTURE_COMPRESSED) of BPTC = %d", v);
    glGetInternalformativ(GL_TEXTURE_2D, GL_COMPRESSED_R11_EAC, GL_TEXTURE_COMPRESSED_BLOCK_SIZE, 1, &v);
    CHECK(v == 8 || v == 64, "block size of R11_EAC = %d (bytes or bits)", v);
    glGetInternalformativ(GL_TEXTURE_2D, GL_COMPRESSED_RG_RGTC2, GL_TEXTURE_COMPRESSED_BLOCK_WIDTH, 1, &v);
    CHECK(v == 4, "block width of RGTC2 = %d", v);
    CHECK(glGetError() == GL_NO_ERROR, "queries raise nothing");
}

/* Round trips, level parameters, sub-images, decoded texels. */
static void round_trips(void)
{
    for (int f = 0; f < NFORMATS; f++) {
        const struct fmt *F = &formats[f];
        uint8_t data[16 * 16], back[16 * 16 + 16];
        fill_random(data, sizeof data);
        GLuint t = new_tex(GL_TEXTURE_2D);
        /* 16x13: the last block row is partial. */
        EXPECT_OK(glCompressedTexImage2D(GL_TEXTURE_2D, 0, F->internal, 16, 13, 0, 16 * F->block, data));
        GLint v = -1;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
        CHECK(v == GL_TRUE, "%s: TEXTURE_COMPRESSED = %d", F->name, v);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
        CHECK(v == 16 * F->block, "%s: COMPRESSED_IMAGE_SIZE = %d", F->name, v);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
        CHECK(v == (GLint)F->internal, "%s: INTERNAL_FORMAT = 0x%x", F->name, v);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &v);
        CHECK(v == 13, "%s: height = %d", F->name, v);
        memset(back, 0xcd, sizeof back);
        EXPECT_OK(glGetCompressedTexImage(GL_TEXTURE_2D, 0, back));
        CHECK(memcmp(back, data, (size_t)(16 * F->block)) == 0, "%s: the blocks come back", F->name);
        CHECK(back[16 * F->block] == 0xcd, "%s: nothing written past the image", F->name);

        /* One block replaced at (4, 8); its texels change with it. */
        float before[16 * 13 * 4], after[16 * 13 * 4];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, before);
        uint8_t blk[16];
        fill_random(blk, sizeof blk);
        EXPECT_OK(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 8, 4, 4, F->internal, F->block, blk));
        glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
        memcpy(data + (2 * 4 + 1) * F->block, blk, (size_t)F->block);
        CHECK(memcmp(back, data, (size_t)(16 * F->block)) == 0, "%s: the sub-image's block is written", F->name);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, after);
        int outside_same = 1;
        for (int y = 0; y < 13; y++)
            for (int x = 0; x < 16; x++)
                if (!(x >= 4 && x < 8 && y >= 8 && y < 12))
                    outside_same &= memcmp(&before[(y * 16 + x) * 4], &after[(y * 16 + x) * 4], 16) == 0;
        CHECK(outside_same, "%s: texels outside the block are unchanged", F->name);
        /* The partial last row of blocks: a region reaching the image's edge. */
        EXPECT_OK(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 12, 12, 4, 1, F->internal, F->block, blk));
        check_fetch(t, 16, 13, F->scale == 0, strstr(F->name, "SRGB") != NULL);
        glDeleteTextures(1, &t);
    }
}

static void storage_and_layouts(void)
{
    /* TexStorage of a compressed format, filled block by block. */
    GLuint t = new_tex(GL_TEXTURE_2D);
    EXPECT_OK(glTexStorage2D(GL_TEXTURE_2D, 3, GL_COMPRESSED_RGBA_BPTC_UNORM, 16, 16));
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
    CHECK(v == 16, "level 2 (4x4) of a BPTC storage has one 16-byte block (%d)", v);
    uint8_t src[16 * 16], back[16 * 16];
    fill_random(src, sizeof src);
    EXPECT_OK(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, GL_COMPRESSED_RGBA_BPTC_UNORM, 256, src));
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
    CHECK(memcmp(src, back, 256) == 0, "TexStorage + CompressedTexSubImage round trip");
    /* EXPECT: a texture of ETC2 takes no uncompressed pixels (Mesa and glcompute). */
    GLuint e = new_tex(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 8, 8);
    uint8_t px[8 * 8 * 4] = {0};
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.7: ETC2 images are not compressed online",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px));
    glDeleteTextures(1, &e);

    /* Compressed pixel storage: an 8x8 region (2x2 blocks) at block (1, 1) of a 16x16
     * (4x4 blocks) client image. */
    glBindTexture(GL_TEXTURE_2D, t);
    uint8_t img[16 * 16];
    fill_random(img, sizeof img);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 4);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_HEIGHT, 4);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 16);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 16);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 4);
    CHECK(h_int(GL_UNPACK_COMPRESSED_BLOCK_SIZE) == 16, "UNPACK_COMPRESSED_BLOCK_SIZE reads back");
    EXPECT_OK(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RGBA_BPTC_UNORM, 64, img));
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.4.1: SKIP_PIXELS not a multiple of the block width",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RGBA_BPTC_UNORM, 64, img));
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 0);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_HEIGHT, 0);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 0);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
    int ok = 1;
    for (int by = 0; by < 4; by++)
        for (int bx = 0; bx < 4; bx++) {
            const uint8_t *want = (bx < 2 && by < 2) ? &img[((by + 1) * 4 + bx + 1) * 16] : &src[(by * 4 + bx) * 16];
            ok &= memcmp(&back[(by * 4 + bx) * 16], want, 16) == 0;
        }
    CHECK(ok, "the region came from the right blocks of the client image");

    /* The same through a pixel unpack buffer at an offset. */
    GLuint pbo;
    glGenBuffers(1, &pbo);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
    glBufferData(GL_PIXEL_UNPACK_BUFFER, 16 + 256, NULL, GL_STATIC_DRAW);
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 16, 256, src);
    EXPECT_OK(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, GL_COMPRESSED_RGBA_BPTC_UNORM, 256, (void *)16));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.4.4.1: the data passes the unpack buffer's end",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, GL_COMPRESSED_RGBA_BPTC_UNORM, 256, (void *)32));
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glDeleteBuffers(1, &pbo);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
    CHECK(memcmp(src, back, 256) == 0, "upload from a pixel unpack buffer");

    /* A pixel pack buffer receives GetCompressedTexImage. */
    GLuint pack;
    glGenBuffers(1, &pack);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pack);
    glBufferData(GL_PIXEL_PACK_BUFFER, 256, NULL, GL_STREAM_READ);
    EXPECT_OK(glGetCompressedTexImage(GL_TEXTURE_2D, 0, NULL));
    const uint8_t *m = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 256, GL_MAP_READ_BIT);
    CHECK(m && memcmp(m, src, 256) == 0, "GetCompressedTexImage into a pixel pack buffer");
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glDeleteBuffers(1, &pack);

    /* CopyImageSubData: BPTC blocks <-> RGBA32UI texels (16 bytes each). */
    GLuint u = new_tex(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32UI, 4, 4);
    EXPECT_OK(glCopyImageSubData(t, GL_TEXTURE_2D, 0, 4, 4, 0, u, GL_TEXTURE_2D, 0, 1, 1, 0, 8, 8, 1));
    uint32_t texels[4 * 4 * 4];
    glBindTexture(GL_TEXTURE_2D, u);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texels);
    CHECK(memcmp(&texels[(1 * 4 + 1) * 4], &src[(1 * 4 + 1) * 16], 32) == 0 &&
              memcmp(&texels[(2 * 4 + 1) * 4], &src[(2 * 4 + 1) * 16], 32) == 0,
          "blocks copied into RGBA32UI texels");
    GLuint t2 = new_tex(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_BPTC_UNORM, 16, 16);
    EXPECT_OK(glCopyImageSubData(u, GL_TEXTURE_2D, 0, 0, 0, 0, t2, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
    CHECK(memcmp(back + 16, &texels[4], 16) == 0, "texels copied into BPTC blocks");
    float fa[16 * 16 * 4], fb[16 * 16 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fa);
    glBindTexture(GL_TEXTURE_2D, t);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fb);
    /* Block (1,1) of t went to u's texel (1,1), then to t2's block (1,1). */
    int same = 1;
    for (int y = 4; y < 8; y++)
        same &= memcmp(&fa[(y * 16 + 4) * 4], &fb[(y * 16 + 4) * 4], 4 * 16) == 0;
    CHECK(same, "copied blocks decode to the same texels");
    EXPECT_ERR(GL_INVALID_VALUE, "§18.3.3: a compressed region not aligned to blocks",
               glCopyImageSubData(t, GL_TEXTURE_2D, 0, 2, 0, 0, u, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    GLuint r8 = new_tex(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.3.3: 4-byte texels and 16-byte blocks are not compatible",
               glCopyImageSubData(t, GL_TEXTURE_2D, 0, 0, 0, 0, r8, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    GLuint del[] = {t, u, t2, r8};
    glDeleteTextures(4, del);
}

static void targets(void)
{
    uint8_t data[6 * 16 * 16];
    fill_random(data, sizeof data);
    /* A cube map face by face; arrays and 3D (BPTC) through CompressedTexImage3D. */
    GLuint c = new_tex(GL_TEXTURE_CUBE_MAP);
    for (int i = 0; i < 6; i++)
        EXPECT_OK(glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, 0, GL_COMPRESSED_RG_RGTC2, 8, 8, 0, 64, data + 64 * i));
    uint8_t back[6 * 16 * 16];
    EXPECT_OK(glGetCompressedTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, back));
    CHECK(memcmp(back, data + 64 * 3, 64) == 0, "a cube face's blocks come back");
    EXPECT_ERR(GL_INVALID_ENUM, "§8.11.4: GetCompressedTexImage takes faces, not CUBE_MAP",
               glGetCompressedTexImage(GL_TEXTURE_CUBE_MAP, 0, back));
    GLuint a = new_tex(GL_TEXTURE_2D_ARRAY);
    EXPECT_OK(glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_R11_EAC, 8, 8, 3, 0, 3 * 32, data));
    EXPECT_OK(glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, back));
    CHECK(memcmp(back, data, 96) == 0, "a 2D array's layers come back");
    EXPECT_OK(glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 4, 0, 2, 4, 4, 1, GL_COMPRESSED_R11_EAC, 8, data + 200));
    glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, back);
    CHECK(memcmp(back + 64 + 8, data + 200, 8) == 0, "a sub-image of layer 2");
    GLuint t3 = new_tex(GL_TEXTURE_3D);
    EXPECT_OK(glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 4, 4, 2, 0, 32, data));
    /* Mesa: INVALID_ENUM. */
    EXPECT_ERR(any ? GL_INVALID_ENUM : GL_INVALID_OPERATION, "§8.7: RGTC images are not 3D",
               glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 2, 0, 16, data));
    GLuint del[] = {c, a, t3};
    glDeleteTextures(3, del);
}

static void errors(void)
{
    uint8_t data[256];
    fill_random(data, sizeof data);
    GLuint t = new_tex(GL_TEXTURE_2D);
    EXPECT_ERR(GL_INVALID_ENUM, "§8.7: a generic compressed format",
               glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA, 4, 4, 0, 16, data));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.7: not a compressed format",
               glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, 16, data));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.7: imageSize does not match",
               glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 9, data));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.7: negative imageSize",
               glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, -8, data));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.7: border not zero",
               glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 1, 8, data));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.5: negative level",
               glCompressedTexImage2D(GL_TEXTURE_2D, -1, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, data));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.7: no compressed 1D images",
               glCompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RED_RGTC1, 4, 0, 8, data));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.7: no compressed rectangle textures",
               glCompressedTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, data));
    EXPECT_OK(glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, data));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.7: format differs from the image's",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_SIGNED_RED_RGTC1, 8, data));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.7: sub-image format not the image's (nor compressed)",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED, 8, data));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.7: offset not on a block",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, data));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.7: width not whole blocks short of the edge",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 4, GL_COMPRESSED_RED_RGTC1, 8, data));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.7: region outside the image",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 8, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, data));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.7: imageSize of the region does not match",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 16, data));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.7: the level has no image",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, data));
    GLuint u = new_tex(GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.11.4: the image is not compressed",
               glGetCompressedTexImage(GL_TEXTURE_2D, 0, data));
    glBindTexture(GL_TEXTURE_2D, t);
    /* Mesa: no error. */
    EXPECT_ERR(any ? GL_NO_ERROR : GL_INVALID_OPERATION, "§8.11.4: bufSize too small",
               glGetnCompressedTexImage(GL_TEXTURE_2D, 0, 31, data));
    EXPECT_OK(glGetnCompressedTexImage(GL_TEXTURE_2D, 0, 32, data));
    GLint v = -1;
    glBindTexture(GL_TEXTURE_2D, u);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.11.2: the compressed size of an uncompressed image",
               glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v));
    glBindTexture(GL_TEXTURE_2D, t);
    GLuint f;
    glGenFramebuffers(1, &f);
    glBindFramebuffer(GL_FRAMEBUFFER, f);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE,
          "a compressed image is not colour-renderable");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &f);
    /* DSA forms. */
    EXPECT_OK(glCompressedTextureSubImage2D(t, 0, 4, 4, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, data + 100));
    uint8_t back[64];
    EXPECT_OK(glGetCompressedTextureSubImage(t, 0, 4, 4, 0, 4, 4, 1, 8, back));
    CHECK(memcmp(back, data + 100, 8) == 0, "GetCompressedTextureSubImage of one block");
    EXPECT_OK(glGetCompressedTextureImage(t, 0, 64, back));
    CHECK(memcmp(back + 24, data + 100, 8) == 0, "GetCompressedTextureImage");
    EXPECT_ERR(GL_INVALID_ENUM, "§8.7: a generic compressed format in a sub-image",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RED, 8, data));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.11.4: a sub-image query not aligned to blocks",
               glGetCompressedTextureSubImage(t, 0, 2, 0, 0, 4, 4, 1, 64, back));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.11.4: a 2D image's query region at z = 1",
               glGetCompressedTextureSubImage(t, 0, 0, 0, 1, 4, 4, 0, 64, back));
    /* Empty regions under the block pixel storage modes read and write nothing. */
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 8);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 64);
    EXPECT_OK(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 8, GL_COMPRESSED_RED_RGTC1, 0, data));
    GLuint plain = new_tex(GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    EXPECT_OK(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 4, GL_RGBA, GL_UNSIGNED_BYTE, data));
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 0);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 0);
    glBindTexture(GL_TEXTURE_2D, t);
    /* BPTC blocks do not copy into RGTC2 blocks (different view classes). */
    GLuint bc7 = new_tex(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4);
    GLuint rg = new_tex(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RG_RGTC2, 4, 4);
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.3.3: BPTC and RGTC2 are not compatible",
               glCopyImageSubData(bc7, GL_TEXTURE_2D, 0, 0, 0, 0, rg, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    /* A cube map's faces as z of CompressedTextureSubImage3D. */
    GLuint cube = new_tex(GL_TEXTURE_CUBE_MAP);
    glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_COMPRESSED_RED_RGTC1, 4, 4);
    EXPECT_OK(glCompressedTextureSubImage3D(cube, 0, 0, 0, 2, 4, 4, 1, GL_COMPRESSED_RED_RGTC1, 8, data + 40));
    uint8_t face[8] = {0};
    EXPECT_OK(glGetCompressedTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, face));
    CHECK(memcmp(face, data + 40, 8) == 0, "z = 2 is the +Y face");
    if (!any) {
        /* Hostile block modes whose extent passes any address space: an error, no
         * access (Mesa is not asked). */
        glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 0x7fffffff);
        glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 1);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 0x7fffffff);
        glBindTexture(GL_TEXTURE_2D, plain);
        EXPECT_ERR(GL_INVALID_VALUE, "the data's extent overflows",
                   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 16, 0, 32, data));
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
        glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 0);
        glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 0);
    }
    GLuint del[] = {t, u, plain, bc7, rg, cube};
    glDeleteTextures(6, del);
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
}

int main(int argc, char **argv)
{
    int dump_only = 0;
    for (int i = 1; i < argc; i++)
        dump_only |= strcmp(argv[i], "--dump") == 0;
    any = h_init_any(argc, argv);
    if (dump_only) {
        dump();
        return 0;
    }
    formats_listed();
    round_trips();
    storage_and_layouts();
    targets();
    errors();
    return h_finish("compressed");
}
