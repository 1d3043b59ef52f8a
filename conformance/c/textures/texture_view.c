/* Texture views (GL 4.6 §8.18): TextureView's errors in the spec's order, the view's
 * queries (TEXTURE_VIEW_*, immutable levels, targets and formats), the memory shared
 * with the original in both directions (TexSubImage through either, a reinterpreted
 * format, a layer of an array as a 2D texture, six layers as a cube map, a level
 * range), views of views, a compute shader sampling a view, and a compressed view.
 *
 * usage: texture_view [--any-gl]  (--any-gl skips the check that glcompute is the GL) */
// run: standalone
#include "harness.h"

/* Set by --any-gl (another GL than glcompute). */
static int any;

static GLuint tex_storage(GLenum target, GLsizei levels, GLenum fmt, GLsizei w, GLsizei h, GLsizei d)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_3D)
        glTexStorage3D(target, levels, fmt, w, h, d);
    else
        glTexStorage2D(target, levels, fmt, w, h);
    return t;
}

static GLint param(GLuint t, GLenum p)
{
    GLint v = -1;
    glGetTextureParameteriv(t, p, &v);
    return v;
}

static void errors(void)
{
    GLuint arr = tex_storage(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 3);
    GLuint mut;
    glGenTextures(1, &mut);
    glBindTexture(GL_TEXTURE_2D, mut);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GLuint v[8];
    glGenTextures(8, v);
    EXPECT_ERR(GL_INVALID_VALUE, "§8.18: texture is zero",
               glTextureView(0, GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 0, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.18: origtexture is not a texture",
               glTextureView(v[0], GL_TEXTURE_2D, 987654, GL_RGBA8, 0, 1, 0, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.18: texture is not a generated name",
               glTextureView(987655, GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 0, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.18: texture already has a target",
               glTextureView(mut, GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 0, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.18: origtexture is not immutable",
               glTextureView(v[0], GL_TEXTURE_2D, mut, GL_RGBA8, 0, 1, 0, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.18: a 3D view of a 2D array (table 8.21)",
               glTextureView(v[0], GL_TEXTURE_3D, arr, GL_RGBA8, 0, 1, 0, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.18: RGBA16F is not in RGBA8's view class",
               glTextureView(v[0], GL_TEXTURE_2D, arr, GL_RGBA16F, 0, 1, 0, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.18: minlevel past the last level",
               glTextureView(v[0], GL_TEXTURE_2D, arr, GL_RGBA8, 2, 1, 0, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.18: minlayer past the last layer",
               glTextureView(v[0], GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 3, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.18: a 2D view of two layers",
               glTextureView(v[0], GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 0, 2));
    /* Mesa (llvmpipe) crashes on this call; it is not asked. */
    if (!any)
        EXPECT_ERR(GL_INVALID_OPERATION, "§8.18: a view of no level",
                   glTextureView(v[0], GL_TEXTURE_2D_ARRAY, arr, GL_RGBA8, 0, 0, 0, 1));
    GLuint t2d = tex_storage(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 1);
    EXPECT_ERR(GL_INVALID_VALUE, "§8.18: a 2D view asked for 2 layers (of a 2D texture)",
               glTextureView(v[0], GL_TEXTURE_2D, t2d, GL_RGBA8, 0, 1, 0, 2));
    glDeleteTextures(1, &t2d);
    EXPECT_ERR(GL_INVALID_VALUE, "§8.18: a cube map view of three layers",
               glTextureView(v[0], GL_TEXTURE_CUBE_MAP, arr, GL_RGBA8, 0, 1, 0, 3));
    GLuint rect = tex_storage(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 2, 6);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.18: a cube map view of images that are not square",
               glTextureView(v[0], GL_TEXTURE_CUBE_MAP, rect, GL_RGBA8, 0, 1, 0, 6));
    CHECK(!glIsTexture(v[0]) || param(v[0], GL_TEXTURE_IMMUTABLE_FORMAT) == 0, "failed calls made no view");
    /* Mutable and immutable textures answer the view queries too (§8.19). */
    CHECK(param(mut, GL_TEXTURE_VIEW_NUM_LEVELS) == 0, "a mutable texture's TEXTURE_VIEW_NUM_LEVELS is 0");
    CHECK(param(arr, GL_TEXTURE_VIEW_NUM_LEVELS) == 2 && param(arr, GL_TEXTURE_VIEW_NUM_LAYERS) == 3,
          "TexStorage sets TEXTURE_VIEW_NUM_LEVELS %d and _NUM_LAYERS %d", param(arr, GL_TEXTURE_VIEW_NUM_LEVELS),
          param(arr, GL_TEXTURE_VIEW_NUM_LAYERS));
    GLuint del[] = {arr, mut, rect};
    glDeleteTextures(3, del);
    glDeleteTextures(8, v);
}

static void sharing(void)
{
    /* A 4x4x3 RGBA8 array of 2 levels; layer z's texels are (x, y, z, 200 + level). */
    GLuint arr = tex_storage(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 3);
    for (int lv = 0; lv < 2; lv++) {
        int n = 4 >> lv;
        uint8_t px[4 * 4 * 3 * 4];
        for (int z = 0; z < 3; z++)
            for (int y = 0; y < n; y++)
                for (int x = 0; x < n; x++) {
                    uint8_t *p = &px[((z * n + y) * n + x) * 4];
                    p[0] = (uint8_t)x, p[1] = (uint8_t)y, p[2] = (uint8_t)z, p[3] = (uint8_t)(200 + lv);
                }
        glTexSubImage3D(GL_TEXTURE_2D_ARRAY, lv, 0, 0, 0, n, n, 3, GL_RGBA, GL_UNSIGNED_BYTE, px);
    }
    GLuint v;
    glGenTextures(1, &v);
    /* Layer 1 as a 2D R32UI texture: the same bytes as one 32-bit value. */
    EXPECT_OK(glTextureView(v, GL_TEXTURE_2D, arr, GL_R32UI, 0, 5, 1, 1));
    CHECK(param(v, GL_TEXTURE_TARGET) == GL_TEXTURE_2D, "the view's target");
    CHECK(param(v, GL_TEXTURE_IMMUTABLE_FORMAT) == GL_TRUE, "views are immutable");
    CHECK(param(v, GL_TEXTURE_VIEW_NUM_LEVELS) == 2, "numlevels clamped to 2: %d", param(v, GL_TEXTURE_VIEW_NUM_LEVELS));
    CHECK(param(v, GL_TEXTURE_IMMUTABLE_LEVELS) == 2, "immutable levels %d", param(v, GL_TEXTURE_IMMUTABLE_LEVELS));
    GLuint lv1;
    glGenTextures(1, &lv1);
    EXPECT_OK(glTextureView(lv1, GL_TEXTURE_2D_ARRAY, arr, GL_RGBA8, 1, 1, 0, 3));
    CHECK(param(lv1, GL_TEXTURE_IMMUTABLE_LEVELS) == 2,
          "§8.18: a view reports its original's TEXTURE_IMMUTABLE_LEVELS (%d)", param(lv1, GL_TEXTURE_IMMUTABLE_LEVELS));
    CHECK(param(lv1, GL_TEXTURE_VIEW_NUM_LEVELS) == 1, "one level in the view");
    CHECK(param(lv1, GL_TEXTURE_MIN_FILTER) == GL_NEAREST_MIPMAP_LINEAR, "a view's parameters start anew");
    glDeleteTextures(1, &lv1);
    CHECK(param(v, GL_TEXTURE_VIEW_MIN_LAYER) == 1 && param(v, GL_TEXTURE_VIEW_NUM_LAYERS) == 1, "layer range");
    GLint w = -1, ifmt = -1;
    glBindTexture(GL_TEXTURE_2D, v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &w);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &ifmt);
    CHECK(w == 2 && ifmt == GL_R32UI, "level 1 is 2 wide (%d), format R32UI (0x%x)", w, ifmt);
    uint32_t got[16];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    CHECK(got[2 * 4 + 3] == (3u | 2u << 8 | 1u << 16 | 200u << 24), "texel (3, 2) of layer 1 read as R32UI: 0x%08x",
          got[2 * 4 + 3]);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    CHECK(got[1 * 2 + 1] == (1u | 1u << 8 | 1u << 16 | 201u << 24), "level 1 of the view: 0x%08x", got[3]);
    /* Writes through the view show in the original, and back. */
    uint32_t one = 0x11223344;
    EXPECT_OK(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, &one));
    uint8_t back[4 * 4 * 3 * 4];
    glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
    glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
    CHECK(back[64] == 0x44 && back[65] == 0x33 && back[66] == 0x22 && back[67] == 0x11 && back[0] == 0 && back[128] == 0,
          "the write reached layer 1 of the original only");
    uint8_t red[4] = {9, 8, 7, 6};
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 1, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
    glBindTexture(GL_TEXTURE_2D, v);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    CHECK(got[1] == 0x06070809u, "the original's write shows in the view: 0x%08x", got[1]);

    /* A view of the view: layer ranges add up. */
    GLuint vv;
    glGenTextures(1, &vv);
    EXPECT_OK(glTextureView(vv, GL_TEXTURE_2D, v, GL_RGBA8UI, 1, 1, 0, 1));
    CHECK(param(vv, GL_TEXTURE_VIEW_MIN_LEVEL) == 1 && param(vv, GL_TEXTURE_VIEW_MIN_LAYER) == 1,
          "a view of a view: min level %d, min layer %d", param(vv, GL_TEXTURE_VIEW_MIN_LEVEL),
          param(vv, GL_TEXTURE_VIEW_MIN_LAYER));

    /* A compute shader reads the view (an unsigned integer sampler). */
    GLuint p = h_program("#version 430\n"
                         "layout(local_size_x = 1) in;\n"
                         "uniform usampler2D s;\n"
                         "layout(std430, binding = 0) buffer B { uint o[]; };\n"
                         "void main() { o[0] = texelFetch(s, ivec2(3, 2), 0).r; o[1] = texelFetch(s, ivec2(0, 0), 1).r; }\n");
    CHECK(p != 0, "program links");
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 8, NULL, GL_DYNAMIC_READ);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, v);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glUseProgram(p);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const uint32_t *o = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 8, GL_MAP_READ_BIT);
    CHECK(o && o[0] == (3u | 2u << 8 | 1u << 16 | 200u << 24) && o[1] == (0u | 0u << 8 | 1u << 16 | 201u << 24),
          "texelFetch of the view: 0x%08x 0x%08x", o ? o[0] : 0, o ? o[1] : 0);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &buf);

    /* Six layers of an array as a cube map. */
    GLuint six = tex_storage(GL_TEXTURE_2D_ARRAY, 1, GL_R8, 2, 2, 7);
    uint8_t faces[7 * 4];
    for (int i = 0; i < 28; i++)
        faces[i] = (uint8_t)(i / 4);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 2, 2, 7, GL_RED, GL_UNSIGNED_BYTE, faces);
    GLuint cube;
    glGenTextures(1, &cube);
    EXPECT_OK(glTextureView(cube, GL_TEXTURE_CUBE_MAP, six, GL_R8UI, 0, 1, 1, 6));
    glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
    uint8_t face[4] = {0};
    glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, face);
    CHECK(face[0] == 6 && face[3] == 6, "-Z of the cube view is layer 6 of the array: %d", face[0]);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    GLuint del[] = {arr, v, vv, six, cube};
    glDeleteTextures(5, del);
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
}

static void compressed(void)
{
    GLuint t = tex_storage(GL_TEXTURE_2D_ARRAY, 1, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 2);
    uint8_t blocks[32];
    for (int i = 0; i < 32; i++)
        blocks[i] = (uint8_t)(i * 37 + 5);
    glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 2, GL_COMPRESSED_RGBA_BPTC_UNORM, 32, blocks);
    GLuint v;
    glGenTextures(1, &v);
    EXPECT_OK(glTextureView(v, GL_TEXTURE_2D, t, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, 0, 1, 1, 1));
    glBindTexture(GL_TEXTURE_2D, v);
    uint8_t back[16];
    EXPECT_OK(glGetCompressedTexImage(GL_TEXTURE_2D, 0, back));
    CHECK(memcmp(back, blocks + 16, 16) == 0, "the sRGB view's block is layer 1's");
    uint8_t a[64], b[64];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    uint8_t both[128];
    glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, both);
    memcpy(b, both + 64, 64);
    CHECK(memcmp(a, b, 64) == 0, "the same decoded bytes (GetTexImage does not convert sRGB)");
    GLuint del[] = {t, v};
    glDeleteTextures(2, del);
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
}

int main(int argc, char **argv)
{
    any = h_init_any(argc, argv);
    errors();
    sharing();
    compressed();
    return h_finish("texture_view");
}
