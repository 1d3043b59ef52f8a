/* Proxy textures (GL 4.6 §8.22): TexImage*, CompressedTexImage*, TexStorage* and the
 * multisample commands take the proxy targets with the real targets' errors, set the
 * proxy's level state when the image fits the limits and clear it, with no error, when
 * a size exceeds them; GetTexLevelParameter reads it. Commands that take no proxy
 * target (TexSubImage, CopyTexImage, BindTexture, TexParameter) refuse it.
 *
 * usage: proxy [--any-gl]  (--any-gl skips the check that glcompute is the GL) */
// run: standalone
// run: llvmpipe -- --any-gl
#include "harness.h"

static int any;

static GLint lp(GLenum target, GLint level, GLenum pname)
{
    GLint v = -12345;
    glGetTexLevelParameteriv(target, level, pname, &v);
    return v;
}

int main(int argc, char **argv)
{
    any = h_init_any(argc, argv);
    GLint max = h_int(GL_MAX_TEXTURE_SIZE), max3d = h_int(GL_MAX_3D_TEXTURE_SIZE);

    CHECK(lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 0, "a proxy level starts empty");
    EXPECT_OK(glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    CHECK(lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 64 && lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT) == 32 &&
              lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8 &&
              lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE) == 8,
          "the proxy took the image: %dx%d", lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH),
          lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT));
    CHECK(lp(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 0, "the bound texture is untouched");
    EXPECT_OK(glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, max + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    CHECK(lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 0 && lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE) == 0,
          "too wide: the proxy level is cleared, with no error");
    /* The maximum shrinks with the level (§8.5): level 1 takes max / 2 at most. */
    EXPECT_OK(glTexImage2D(GL_PROXY_TEXTURE_2D, 1, GL_R8, max / 2, 1, 0, GL_RED, GL_UNSIGNED_BYTE, NULL));
    CHECK(lp(GL_PROXY_TEXTURE_2D, 1, GL_TEXTURE_WIDTH) == max / 2, "level 1 of max / 2 fits");
    EXPECT_OK(glTexImage2D(GL_PROXY_TEXTURE_2D, 1, GL_R8, max / 2 + 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, NULL));
    CHECK(lp(GL_PROXY_TEXTURE_2D, 1, GL_TEXTURE_WIDTH) == 0, "level 1 wider than max / 2 does not");
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    EXPECT_ERR(GL_INVALID_VALUE, "§8.5: level 1 wider than max / 2",
               glTexImage2D(GL_TEXTURE_2D, 1, GL_R8, max / 2 + 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, NULL));
    glBindTexture(GL_TEXTURE_2D, 0);
    glDeleteTextures(1, &t);
    EXPECT_ERR(GL_INVALID_VALUE, "§8.5: negative width", glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, -1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.5: level out of range", glTexImage2D(GL_PROXY_TEXTURE_2D, 99, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.5: a 3D proxy for TexImage2D", glTexImage2D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    /* Mesa clears the proxy instead. */
    if (!any)
        EXPECT_ERR(GL_INVALID_VALUE, "§8.5: a cube map proxy is square",
                   glTexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_OK(glTexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    CHECK(lp(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH) == 16, "a cube map proxy");

    EXPECT_OK(glTexImage3D(GL_PROXY_TEXTURE_3D, 1, GL_R16F, 8, 4, 2, 0, GL_RED, GL_FLOAT, NULL));
    CHECK(lp(GL_PROXY_TEXTURE_3D, 1, GL_TEXTURE_DEPTH) == 2 && lp(GL_PROXY_TEXTURE_3D, 1, GL_TEXTURE_RED_TYPE) == GL_FLOAT,
          "a 3D proxy at level 1");
    EXPECT_OK(glTexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 4, 4, max3d * 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    CHECK(lp(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_DEPTH) == 0 && lp(GL_PROXY_TEXTURE_3D, 1, GL_TEXTURE_DEPTH) == 2,
          "too deep: level 0 cleared, level 1 kept");
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.5: a 3D proxy of a depth format",
               glTexImage3D(GL_PROXY_TEXTURE_3D, 1, GL_DEPTH_COMPONENT24, 2, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL));
    EXPECT_OK(glTexImage1D(GL_PROXY_TEXTURE_1D, 0, GL_RG8, 5, 0, GL_RG, GL_UNSIGNED_BYTE, NULL));
    CHECK(lp(GL_PROXY_TEXTURE_1D, 0, GL_TEXTURE_WIDTH) == 5, "a 1D proxy");

    /* TexStorage of a proxy sets the mipmap chain (and clears everything when too big). */
    EXPECT_OK(glTexStorage3D(GL_PROXY_TEXTURE_2D_ARRAY, 3, GL_RGBA16F, 32, 16, 5));
    CHECK(lp(GL_PROXY_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_WIDTH) == 8 && lp(GL_PROXY_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_HEIGHT) == 4 &&
              lp(GL_PROXY_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_DEPTH) == 5 && lp(GL_PROXY_TEXTURE_2D_ARRAY, 3, GL_TEXTURE_WIDTH) == 0,
          "TexStorage3D of a proxy: level 2 is %dx%dx%d", lp(GL_PROXY_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_WIDTH),
          lp(GL_PROXY_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_HEIGHT), lp(GL_PROXY_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_DEPTH));
    EXPECT_OK(glTexStorage3D(GL_PROXY_TEXTURE_2D_ARRAY, 1, GL_RGBA8, max * 2, 1, 1));
    CHECK(lp(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_WIDTH) == 0 && lp(GL_PROXY_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_WIDTH) == 0,
          "too big: every level cleared");
    EXPECT_ERR(GL_INVALID_ENUM, "§8.19: not a sized format", glTexStorage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA, 4, 4));

    /* Multisample and compressed proxies. */
    EXPECT_OK(glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_FALSE));
    CHECK(lp(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES) == 4 &&
              lp(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS) == 0,
          "a multisample proxy: %d samples", lp(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.8: the array proxy for the 2D command",
               glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, GL_FALSE));
    /* Mesa 22.3 refuses TexStorage*Multisample of a proxy (INVALID_OPERATION). */
    if (!any) {
        EXPECT_OK(glTexStorage3DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 2, GL_R8, 4, 4, 3, GL_TRUE));
        CHECK(lp(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_DEPTH) == 3, "a multisample array proxy");
    }
    static const uint8_t block[16];
    EXPECT_OK(glCompressedTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, block));
    CHECK(lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED) == 1 &&
              lp(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT) == GL_COMPRESSED_RED_RGTC1,
          "a compressed proxy");
    GLint v;
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.11.2: TEXTURE_COMPRESSED_IMAGE_SIZE of a proxy",
               glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.7: imageSize", glCompressedTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 9, block));

    /* Commands that take no proxy target. */
    uint8_t px[4] = {0};
    EXPECT_ERR(GL_INVALID_ENUM, "§8.6: TexSubImage2D", glTexSubImage2D(GL_PROXY_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.6: CopyTexImage2D", glCopyTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 1, 1, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.1: BindTexture", glBindTexture(GL_PROXY_TEXTURE_2D, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.10: TexParameteri", glTexParameteri(GL_PROXY_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.11: GetTexImage", glGetTexImage(GL_PROXY_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px));
    CHECK(glGetError() == GL_NO_ERROR, "no error left over");
    return h_finish("proxy");
}
