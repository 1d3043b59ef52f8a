/* What OpenGL ES 3.2 adds, in an OpenGL ES 3.2 context: ASTC LDR textures
 * (KHR_texture_compression_astc_ldr) of every footprint, linear and sRGB, every mipmap
 * level read by a compute shader and compared with the decoded images piglit ships
 * (khr_texture_compression_astc/{compressed,decompressed}/2D); 2D array textures;
 * sub-image uploads on block boundaries and the errors for others; every block decodes
 * (a reserved one to the error colour). The advanced blend equations
 * (KHR_blend_equation_advanced) and BlendBarrier, PrimitiveBoundingBox and its state,
 * the multisample line width limits, and GLSL ES 3.20: gl_BoundingBox and the
 * blend_support layouts only from 3.20, texture buffers in a 3.20 compute shader.
 * Desktop-only texture, sampler and pixel storage parameters, buffer targets and
 * TexStorage internal formats are INVALID_ENUM; TexImage, TexSubImage,
 * RenderbufferStorage, queries, hints and GetInternalformativ follow OpenGL ES's rules
 * (es_pixel_rules). CopyImageSubData moves ETC2/EAC blocks to and from texels of their
 * size, and between the formats of one view class (etc2_copies; glcompute only, as
 * llvmpipe refuses every ETC2 copy).
 * The same checks pass on Mesa llvmpipe's OpenGL ES 3.2 context (--any-gl: another GL
 * than glcompute; then what glcompute alone guarantees, and its desktop context, are
 * not checked). */
// build: -lEGL -lGLESv2 -lpthread -ldl -lm
// run: standalone
// run: llvmpipe -- --any-gl
#include "harness.h"
#include <math.h>

#define ASTC_DIR_DEFAULT "/usr/lib/x86_64-linux-gnu/piglit/tests/spec/khr_texture_compression_astc"

typedef void (*BlendBarrierFn)(void);
typedef void (*PrimitiveBoundingBoxFn)(GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat);

struct ktx {
    unsigned char *data;
    long size;
    uint32_t w, h, layers, levels, internal;
    /* Offset and size of each level's image data. */
    long at[16];
    uint32_t bytes[16];
};

static int load_ktx(const char *path, struct ktx *k)
{
    memset(k, 0, sizeof *k);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    fseek(f, 0, SEEK_END);
    k->size = ftell(f);
    fseek(f, 0, SEEK_SET);
    k->data = malloc((size_t)k->size);
    size_t got = fread(k->data, 1, (size_t)k->size, f);
    fclose(f);
    if (got != (size_t)k->size || k->size < 64)
        return 0;
    uint32_t hdr[13];
    memcpy(hdr, k->data + 12, sizeof hdr);
    k->internal = hdr[4];
    k->w = hdr[6];
    k->h = hdr[7];
    k->layers = hdr[9] ? hdr[9] : 1;
    k->levels = hdr[11] < 16 ? hdr[11] : 16;
    long off = 64 + (long)hdr[12];
    for (uint32_t l = 0; l < k->levels; l++) {
        if (off + 4 > k->size)
            return 0;
        memcpy(&k->bytes[l], k->data + off, 4);
        k->at[l] = off + 4;
        off += 4 + ((k->bytes[l] + 3) & ~3u);
        if (off > k->size + 3)
            return 0;
    }
    return 1;
}

/* Whether `src` compiles; a failure's info log must name `needle` (when not NULL). */
static int compiles_naming(GLenum stage, const char *src, const char *needle)
{
    GLuint s = glCreateShader(stage);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    char log[2048] = "";
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    glDeleteShader(s);
    if (!ok && needle && !strstr(log, needle)) {
        fprintf(stderr, "the log does not name %s: %s\n", needle, log);
        return 1;
    }
    return ok;
}

static int compiles(GLenum stage, const char *src)
{
    return compiles_naming(stage, src, NULL);
}

/* Reads level `level` (layer `layer`) of the bound texture through texelFetch into
 * `out` (w * h RGBA floats). */
static void fetch(GLuint prog, GLuint buf, GLenum target, int level, int layer, int w, int h, float *out)
{
    glUseProgram(prog);
    glUniform1i(0, level);
    /* Location 1 (the layer) is only the array kernel's. */
    if (target == GL_TEXTURE_2D_ARRAY)
        glUniform1i(1, layer);
    glUniform1i(2, w);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glDispatchCompute((GLuint)(w + 7) / 8, (GLuint)(h + 7) / 8, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const float *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, (GLsizeiptr)w * h * 16, GL_MAP_READ_BIT);
    if (m)
        memcpy(out, m, (size_t)w * h * 16);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
}

static float srgb_to_linear(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* Whether a fetched texel is further than `slack`/255 of the encoded value from the
 * reference's bytes (sRGB references compared after decoding both bounds). */
static int texel_off(const float *got, const unsigned char *ref, int channels, int srgb, int slack)
{
    for (int c = 0; c < 4; c++) {
        float want_lo, want_hi;
        int b = c < channels ? ref[c] : 255;
        int lo = b > slack ? b - slack : 0, hi = b < 255 - slack ? b + slack : 255;
        if (srgb && c < 3) {
            want_lo = srgb_to_linear(lo / 255.0f);
            want_hi = srgb_to_linear(hi / 255.0f);
        } else {
            want_lo = lo / 255.0f;
            want_hi = hi / 255.0f;
        }
        if (got[c] < want_lo - 1e-5f || got[c] > want_hi + 1e-5f)
            return 1;
    }
    return 0;
}

static const int FOOTPRINTS[14][2] = {{4, 4}, {5, 4}, {5, 5}, {6, 5}, {6, 6}, {8, 5}, {8, 6},
                                      {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12}};

static void astc(const char *dir, int any)
{
    const char *fetch2d = "#version 320 es\n"
                          "layout(local_size_x = 8, local_size_y = 8) in;\n"
                          "layout(location = 0) uniform int level;\n"
                          "layout(location = 2) uniform int width;\n"
                          "uniform highp sampler2D tex;\n"
                          "layout(std430, binding = 0) writeonly buffer B { highp vec4 v[]; } b;\n"
                          "void main() {\n"
                          "  ivec2 c = ivec2(gl_GlobalInvocationID.xy);\n"
                          "  ivec2 size = textureSize(tex, level);\n"
                          "  if (c.x < size.x && c.y < size.y) b.v[c.y * width + c.x] = texelFetch(tex, c, level);\n"
                          "}\n";
    const char *fetch_array = "#version 320 es\n"
                              "layout(local_size_x = 8, local_size_y = 8) in;\n"
                              "layout(location = 0) uniform int level;\n"
                              "layout(location = 1) uniform int layer;\n"
                              "layout(location = 2) uniform int width;\n"
                              "uniform highp sampler2DArray tex;\n"
                              "layout(std430, binding = 0) writeonly buffer B { highp vec4 v[]; } b;\n"
                              "void main() {\n"
                              "  ivec2 c = ivec2(gl_GlobalInvocationID.xy);\n"
                              "  ivec3 size = textureSize(tex, level);\n"
                              "  if (c.x < size.x && c.y < size.y)\n"
                              "    b.v[c.y * width + c.x] = texelFetch(tex, ivec3(c, layer), level);\n"
                              "}\n";
    GLuint p2d = h_program(fetch2d), parr = h_program(fetch_array);
    CHECK(p2d && parr, "the ASTC fetch kernels compile and link");
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 256 * 256 * 16, NULL, GL_DYNAMIC_READ);
    float *got = malloc(256 * 256 * 16);
    int files = 0;
    for (int srgb = 0; srgb < 2; srgb++) {
        for (int f = 0; f < 14; f++) {
            char cpath[512], dpath[512];
            const char *kind = srgb ? "ldrs" : "ldrl";
            snprintf(cpath, sizeof cpath, "%s/compressed/2D/%s/waffles-%dx%d.ktx", dir, kind, FOOTPRINTS[f][0],
                     FOOTPRINTS[f][1]);
            snprintf(dpath, sizeof dpath, "%s/decompressed/2D/%s/waffles-%dx%d.ktx", dir, kind, FOOTPRINTS[f][0],
                     FOOTPRINTS[f][1]);
            struct ktx c, d;
            int ok = load_ktx(cpath, &c) && load_ktx(dpath, &d);
            CHECK(ok, "piglit's ASTC images %s and %s (the piglit package) are readable", cpath, dpath);
            if (!ok)
                continue;
            files++;
            GLenum want = (srgb ? GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR : GL_COMPRESSED_RGBA_ASTC_4x4_KHR) + f;
            CHECK(c.internal == want, "%s holds 0x%x", cpath, c.internal);
            int channels = d.internal == GL_RGB8 || d.internal == GL_RGB ? 3 : 4;
            GLuint tex;
            glGenTextures(1, &tex);
            glBindTexture(GL_TEXTURE_2D, tex);
            for (uint32_t l = 0; l < c.levels; l++) {
                int w = (int)(c.w >> l) ? (int)(c.w >> l) : 1, h = (int)(c.h >> l) ? (int)(c.h >> l) : 1;
                glCompressedTexImage2D(GL_TEXTURE_2D, (GLint)l, c.internal, w, h, 0, (GLsizei)c.bytes[l],
                                       c.data + c.at[l]);
            }
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, (GLint)c.levels - 1);
            CHECK(glGetError() == GL_NO_ERROR, "%dx%d %s: the upload of %u levels", FOOTPRINTS[f][0], FOOTPRINTS[f][1],
                  kind, c.levels);
            int wrong = 0, first_level = -1, fx = 0, fy = 0;
            for (uint32_t l = 0; l < c.levels && l < d.levels; l++) {
                int w = (int)(c.w >> l) ? (int)(c.w >> l) : 1, h = (int)(c.h >> l) ? (int)(c.h >> l) : 1;
                fetch(p2d, buf, GL_TEXTURE_2D, (int)l, 0, w, h, got);
                /* KTX rows are 4-byte aligned. */
                int row = (w * channels + 3) & ~3;
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++) {
                        const unsigned char *ref = d.data + d.at[l] + (long)y * row + (long)x * channels;
                        /* llvmpipe approximates the sRGB curve: 2/255 there. */
                        if (texel_off(got + (y * w + x) * 4, ref, channels, srgb, any ? 2 : 1)) {
                            if (first_level < 0) {
                                first_level = (int)l;
                                fx = x;
                                fy = y;
                            }
                            wrong++;
                        }
                    }
            }
            CHECK(wrong == 0, "%dx%d %s: %d texels differ from piglit's decoded image by more than 1/255 (2/255 sRGB --any-gl) (first: level %d (%d, %d))",
                  FOOTPRINTS[f][0], FOOTPRINTS[f][1], kind, wrong, first_level, fx, fy);
            glDeleteTextures(1, &tex);
            free(c.data);
            free(d.data);
        }
    }
    CHECK(files == 28, "all 28 ASTC LDR formats compared (%d)", files);

    /* A 2D array of two layers, each piglit's 5x5 image. */
    char cpath[512], dpath[512];
    snprintf(cpath, sizeof cpath, "%s/compressed/2D/ldrl/array/waffles-5x5.ktx", dir);
    snprintf(dpath, sizeof dpath, "%s/decompressed/2D/ldrl/waffles-5x5.ktx", dir);
    struct ktx c, d;
    if (load_ktx(cpath, &c) && load_ktx(dpath, &d)) {
        CHECK(c.layers == 2, "the array image has 2 layers (%u)", c.layers);
        GLuint tex;
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
        glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, c.internal, (GLsizei)c.w, (GLsizei)c.h, 2);
        glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, (GLsizei)c.w, (GLsizei)c.h, 2, c.internal,
                                  (GLsizei)c.bytes[0], c.data + c.at[0]);
        CHECK(glGetError() == GL_NO_ERROR, "a 2D array of ASTC 5x5 through TexStorage3D and CompressedTexSubImage3D");
        int wrong = 0;
        for (int layer = 0; layer < 2; layer++) {
            fetch(parr, buf, GL_TEXTURE_2D_ARRAY, 0, layer, (int)c.w, (int)c.h, got);
            int row = ((int)c.w * 3 + 3) & ~3;
            for (uint32_t y = 0; y < c.h; y++)
                for (uint32_t x = 0; x < c.w; x++)
                    wrong += texel_off(got + (y * c.w + x) * 4, d.data + d.at[0] + (long)y * row + x * 3, 3, 0, 1);
        }
        CHECK(wrong == 0, "the array's two layers are piglit's decoded image (%d texels differ)", wrong);
        /* (llvmpipe has KHR_texture_compression_astc_sliced_3d.) */
        if (!any)
            EXPECT_ERR(GL_INVALID_OPERATION, "KHR_texture_compression_astc_ldr: no 3D ASTC images (without sliced 3D)",
                       glCompressedTexImage3D(GL_TEXTURE_3D, 0, c.internal, 5, 5, 1, 0, 16, c.data + c.at[0]));
        glDeleteTextures(1, &tex);
        free(c.data);
        free(d.data);
    } else {
        CHECK(0, "piglit's ASTC array image %s is readable", cpath);
    }

    /* Sub-images on the footprint's blocks: a void-extent block of one colour, and a
     * reserved block (block mode 0), which decodes to the error colour, magenta. */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 12, 9);
    CHECK(glGetError() == GL_NO_ERROR, "TexStorage2D of ASTC 5x4, 12x9 (3x3 blocks, the last ones partial)");
    unsigned char blocks[2][16] = {
        /* Void extent, LDR: R 0xffff, G 0, B 0x8080, A 0xffff. */
        {0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x80, 0x80, 0xff, 0xff},
        {0},
    };
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 5, 4, 5, 4, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 16, blocks[0]);
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 10, 8, 2, 1, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 16, blocks[1]);
    CHECK(glGetError() == GL_NO_ERROR, "sub-images on 5x4 blocks, and at the image's edge");
    EXPECT_ERR(GL_INVALID_OPERATION, "OpenGL ES 3.2 §8.7: a region off the 5x4 blocks",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 5, 4, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 16, blocks[0]));
    EXPECT_ERR(GL_INVALID_VALUE, "OpenGL ES 3.2 §8.7: imageSize is not the region's size",
               glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 5, 4, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 8, blocks[0]));
    fetch(p2d, buf, GL_TEXTURE_2D, 0, 0, 12, 9, got);
    const float *t = got + (5 * 12 + 7) * 4;
    CHECK(t[0] == 1.0f && t[1] == 0.0f && fabsf(t[2] - 128.0f / 255.0f) < 1e-6f && t[3] == 1.0f,
          "the void-extent block's colour: %g %g %g %g", t[0], t[1], t[2], t[3]);
    t = got + (8 * 12 + 11) * 4;
    CHECK(t[0] == 1.0f && t[1] == 0.0f && t[2] == 1.0f && t[3] == 1.0f,
          "a reserved block decodes to the error colour: %g %g %g %g", t[0], t[1], t[2], t[3]);
    t = got + (0 * 12 + 0) * 4;
    /* glcompute's choice: TexStorage's blocks and texels are zero. */
    CHECK(any || (t[0] == 0.0f && t[3] == 0.0f), "a block never written is zero: %g %g", t[0], t[3]);

    /* CopyImageSubData (OpenGL ES 3.2) moves whole 5x4 blocks: into another ASTC 5x4
     * texture, and into a 128-bit uncompressed one, one texel per block. */
    GLuint dst[2];
    glGenTextures(2, dst);
    glBindTexture(GL_TEXTURE_2D, dst[0]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_ASTC_5x4_KHR, 10, 8);
    glBindTexture(GL_TEXTURE_2D, dst[1]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32UI, 2, 2);
    glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 5, 4, 0, dst[0], GL_TEXTURE_2D, 0, 0, 4, 0, 5, 4, 1);
    glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 5, 4, 0, dst[1], GL_TEXTURE_2D, 0, 1, 0, 0, 5, 4, 1);
    CHECK(glGetError() == GL_NO_ERROR, "CopyImageSubData of an ASTC 5x4 block to ASTC 5x4 and to RGBA32UI");
    EXPECT_ERR(GL_INVALID_VALUE, "OpenGL ES 3.2 §18.3.3 (as GL 4.6): a region off the 5x4 blocks",
               glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 4, 4, 0, dst[0], GL_TEXTURE_2D, 0, 0, 0, 0, 5, 4, 1));
    glBindTexture(GL_TEXTURE_2D, dst[0]);
    fetch(p2d, buf, GL_TEXTURE_2D, 0, 0, 10, 8, got);
    t = got + (6 * 10 + 2) * 4;
    CHECK(t[0] == 1.0f && t[1] == 0.0f && fabsf(t[2] - 128.0f / 255.0f) < 1e-6f && t[3] == 1.0f,
          "the copied block decodes to the void-extent colour: %g %g %g %g", t[0], t[1], t[2], t[3]);
    GLuint ufetch = h_program("#version 320 es\n"
                            "layout(local_size_x = 1) in;\n"
                            "uniform highp usampler2D tex;\n"
                            "layout(std430, binding = 0) writeonly buffer B { highp uvec4 v; } b;\n"
                            "void main() { b.v = texelFetch(tex, ivec2(1, 0), 0); }\n");
    CHECK(ufetch != 0, "the uint fetch kernel");
    glBindTexture(GL_TEXTURE_2D, dst[1]);
    /* An integer texture is complete with NEAREST filtering only. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glUseProgram(ufetch);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const GLuint *u = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 16, GL_MAP_READ_BIT);
    GLuint words[4] = {0};
    memcpy(words, blocks[0], 16);
    CHECK(u && memcmp(u, words, 16) == 0, "the RGBA32UI texel holds the block's 16 bytes: %08x %08x",
          u ? u[0] : 0, u ? u[1] : 0);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    glDeleteProgram(ufetch);
    glDeleteTextures(2, dst);
    glDeleteTextures(1, &tex);

    GLint n = 0;
    glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
    GLint formats[64] = {0};
    int astc_listed = 0, etc2_listed = 0;
    if (n > 0 && n <= 64) {
        glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats);
        for (int i = 0; i < n; i++) {
            astc_listed += (formats[i] >= 0x93B0 && formats[i] <= 0x93BD) || (formats[i] >= 0x93D0 && formats[i] <= 0x93DD);
            etc2_listed += formats[i] >= GL_COMPRESSED_R11_EAC && formats[i] <= GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC;
        }
    }
    CHECK((any || n == 38) && astc_listed == 28 && etc2_listed == 10,
          "COMPRESSED_TEXTURE_FORMATS lists the 10 ETC2/EAC and 28 ASTC formats (%d: %d, %d)", n, etc2_listed,
          astc_listed);
    glDeleteBuffers(1, &buf);
    glDeleteProgram(p2d);
    glDeleteProgram(parr);
    free(got);
}

static void blend_and_bounds(void)
{
    BlendBarrierFn blend_barrier = (BlendBarrierFn)eglGetProcAddress("glBlendBarrier");
    PrimitiveBoundingBoxFn bbox = (PrimitiveBoundingBoxFn)eglGetProcAddress("glPrimitiveBoundingBox");
    CHECK(blend_barrier && bbox, "glBlendBarrier and glPrimitiveBoundingBox are there");
    if (!blend_barrier || !bbox)
        return;
    GLint rgb = 0, alpha = 0;
    glBlendEquation(GL_MULTIPLY_KHR);
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &rgb);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &alpha);
    CHECK(glGetError() == GL_NO_ERROR && rgb == GL_MULTIPLY_KHR && alpha == GL_MULTIPLY_KHR,
          "KHR_blend_equation_advanced: BlendEquation(MULTIPLY) sets both equations (0x%x 0x%x)", rgb, alpha);
    EXPECT_ERR(GL_INVALID_ENUM, "KHR_blend_equation_advanced: BlendEquationSeparate takes no advanced equation",
               glBlendEquationSeparate(GL_SCREEN_KHR, GL_FUNC_ADD));
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &rgb);
    CHECK(rgb == GL_MULTIPLY_KHR, "the failed call changed nothing (0x%x)", rgb);
    glBlendEquationi(1, GL_HSL_LUMINOSITY_KHR);
    glGetIntegeri_v(GL_BLEND_EQUATION_ALPHA, 1, &alpha);
    CHECK(glGetError() == GL_NO_ERROR && alpha == GL_HSL_LUMINOSITY_KHR, "BlendEquationi takes them (0x%x)", alpha);
    EXPECT_ERR(GL_INVALID_ENUM, "0x929D lies between the advanced equations and is none", glBlendEquation(0x929D));
    EXPECT_ERR(GL_NO_ERROR, "BlendBarrier", blend_barrier());

    GLfloat b[8];
    glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX_ARB, b);
    CHECK(b[0] == -1 && b[1] == -1 && b[2] == -1 && b[3] == 1 && b[4] == 1 && b[5] == 1 && b[6] == 1 && b[7] == 1,
          "PRIMITIVE_BOUNDING_BOX starts (-1, -1, -1, 1), (1, 1, 1, 1): %g %g %g %g", b[0], b[1], b[2], b[3]);
    bbox(-2, -3, -4, 0.5f, 5, 6, 7, 8);
    glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX_ARB, b);
    CHECK(glGetError() == GL_NO_ERROR && b[0] == -2 && b[2] == -4 && b[3] == 0.5f && b[7] == 8,
          "PrimitiveBoundingBox sets it: %g %g %g %g", b[0], b[2], b[3], b[7]);
    GLfloat range[2] = {0, 0}, gran = 0;
    glGetFloatv(GL_MULTISAMPLE_LINE_WIDTH_RANGE_ARB, range);
    glGetFloatv(GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY_ARB, &gran);
    CHECK(glGetError() == GL_NO_ERROR && range[0] == 1 && range[1] >= 1 && gran > 0,
          "OpenGL ES 3.2 table 21.40: multisample line widths %g-%g by %g", range[0], range[1], gran);
}

static void glsl320(int any)
{
    const char *tcs = "#version %s es\n"
                      "layout(vertices = 3) out;\n"
                      "void main() {\n"
                      "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
                      "  gl_BoundingBox[0] = vec4(-1.0);\n"
                      "  gl_BoundingBox[1] = vec4(1.0);\n"
                      "}\n";
    char src[1024];
    snprintf(src, sizeof src, tcs, "320");
    CHECK(compiles(GL_TESS_CONTROL_SHADER, src), "GLSL ES 3.20 §7.1: gl_BoundingBox in a tessellation control shader");
    snprintf(src, sizeof src, tcs, "310");
    /* GLSL ES 3.10 has no tessellation shaders at all without GL_EXT_tessellation_shader
     * (which neither context announces): both logs say so first. */
    CHECK(!compiles_naming(GL_TESS_CONTROL_SHADER, src, any ? NULL : "require GLSL ES 3.20"),
          "GLSL ES 3.10 has no gl_BoundingBox (nor tessellation shaders)");
    const char *fs = "#version %s es\n"
                     "precision mediump float;\n"
                     "layout(blend_support_multiply) out;\n"
                     "layout(blend_support_hsl_hue) out;\n"
                     "out vec4 color;\n"
                     "void main() { color = vec4(1.0); }\n";
    snprintf(src, sizeof src, fs, "320");
    CHECK(compiles(GL_FRAGMENT_SHADER, src), "GLSL ES 3.20 §4.4.2.3: blend_support layouts");
    snprintf(src, sizeof src, fs, "310");
    CHECK(!compiles_naming(GL_FRAGMENT_SHADER, src, any ? NULL : "blend_support_multiply"),
          "GLSL ES 3.10 has no blend_support layouts");
    CHECK(!compiles(GL_FRAGMENT_SHADER, "#version 320 es\nprecision mediump float;\n"
                                        "layout(blend_support_nothing) out;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"),
          "an unknown blend_support layout is an error");

    /* A texture buffer read by a GLSL ES 3.20 compute shader (texture buffers are core in
     * OpenGL ES 3.2). */
    GLuint p = h_program("#version 320 es\n"
                       "layout(local_size_x = 16) in;\n"
                       "uniform highp samplerBuffer src;\n"
                       "layout(std430, binding = 0) writeonly buffer B { highp float v[]; } b;\n"
                       "void main() {\n"
                       "  int i = int(gl_GlobalInvocationID.x);\n"
                       "  precise float f = fma(texelFetch(src, i).x, 2.0, 1.0);\n"
                       "  b.v[i] = f + float(bitfieldExtract(uint(i), 1, 2));\n"
                       "}\n");
    CHECK(p != 0, "a GLSL ES 3.20 compute shader with a samplerBuffer, precise and fma");
    if (!p)
        return;
    float data[16];
    for (int i = 0; i < 16; i++)
        data[i] = (float)i * 0.5f;
    GLuint tb, tex, out;
    glGenBuffers(1, &tb);
    glBindBuffer(GL_TEXTURE_BUFFER, tb);
    glBufferData(GL_TEXTURE_BUFFER, sizeof data, data, GL_STATIC_DRAW);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_BUFFER, tex);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, tb);
    glGenBuffers(1, &out);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof data, NULL, GL_DYNAMIC_READ);
    glUseProgram(p);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const float *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, sizeof data, GL_MAP_READ_BIT);
    int wrong = m == NULL;
    for (int i = 0; m && i < 16; i++)
        wrong += m[i] != data[i] * 2.0f + 1.0f + (float)((i >> 1) & 3);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    CHECK(glGetError() == GL_NO_ERROR && wrong == 0, "the texture buffer kernel's 16 values (%d wrong)", wrong);
    glDeleteBuffers(1, &tb);
    glDeleteBuffers(1, &out);
    glDeleteTextures(1, &tex);
    glDeleteProgram(p);
}

/* Desktop-only tokens in an OpenGL ES context: the texture parameters and values and
 * the pixel storage parameters OpenGL ES 3.2 lacks are INVALID_ENUM and change
 * nothing; OpenGL ES's own still work. */
static void desktop_tokens(int any)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    EXPECT_ERR(GL_INVALID_ENUM, "TEXTURE_LOD_BIAS is no texture parameter of OpenGL ES",
               glTexParameteri(GL_TEXTURE_2D, 0x8501, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "TEXTURE_PRIORITY is no texture parameter of OpenGL ES",
               glTexParameterf(GL_TEXTURE_2D, 0x8066, 1.0f));
    GLint v = 0;
    EXPECT_ERR(GL_INVALID_ENUM, "nor can it be queried", glGetTexParameteriv(GL_TEXTURE_2D, 0x8501, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "wrap mode CLAMP is not OpenGL ES's",
               glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, 0x2900));
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
    CHECK(v == GL_REPEAT, "the wrap mode stayed REPEAT (0x%x)", v);
    EXPECT_ERR(GL_NO_ERROR, "CLAMP_TO_BORDER is (OpenGL ES 3.2)",
               glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER));
    EXPECT_ERR(GL_NO_ERROR, "a swizzle to ONE", glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_ONE));
    EXPECT_ERR(GL_INVALID_ENUM, "a swizzle to no component",
               glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, 0x8501));
    glDeleteTextures(1, &tex);
    if (!any) {
        /* OpenGL ES 3.2 §8.18 and tables 8.10, 8.14: TexStorage takes OpenGL ES's sized
         * formats (Mesa's ES contexts take RGBA16 through EXT_texture_norm16, which
         * glcompute's do not announce). */
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        EXPECT_ERR(GL_INVALID_ENUM, "RGBA16 is no internal format of OpenGL ES 3.2",
                   glTexStorage2D(GL_TEXTURE_2D, 1, 0x805B, 4, 4));
        EXPECT_ERR(GL_INVALID_ENUM, "nor DEPTH_COMPONENT32", glTexStorage2D(GL_TEXTURE_2D, 1, 0x81A7, 4, 4));
        GLint immutable = 1;
        glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
        CHECK(immutable == 0, "the failed calls made no storage (%d)", immutable);
        EXPECT_ERR(GL_NO_ERROR, "RGB10_A2 is", glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGB10_A2, 4, 4));
        glDeleteTextures(1, &tex);
    }
    EXPECT_ERR(GL_INVALID_ENUM, "PACK_SWAP_BYTES is no pixel storage parameter of OpenGL ES",
               glPixelStorei(0x0D00, 1));
    EXPECT_ERR(GL_INVALID_ENUM, "nor PACK_LSB_FIRST", glPixelStorei(0x0D01, 1));
    EXPECT_ERR(GL_NO_ERROR, "UNPACK_IMAGE_HEIGHT is", glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0));
    EXPECT_ERR(GL_NO_ERROR, "and PACK_ROW_LENGTH", glPixelStorei(GL_PACK_ROW_LENGTH, 0));
    GLuint buf;
    glGenBuffers(1, &buf);
    EXPECT_ERR(GL_INVALID_ENUM, "QUERY_BUFFER is no buffer target of OpenGL ES", glBindBuffer(0x9192, buf));
    EXPECT_ERR(GL_INVALID_ENUM, "nor PARAMETER_BUFFER", glBindBuffer(0x80EE, buf));
    EXPECT_ERR(GL_INVALID_ENUM, "nor for BufferData", glBufferData(0x9192, 16, NULL, GL_STATIC_DRAW));
    EXPECT_ERR(GL_NO_ERROR, "DISPATCH_INDIRECT_BUFFER is", glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buf));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glDeleteBuffers(1, &buf);
    if (!any) {
        /* OpenGL ES 3.2 §8.2: a sampler's parameters are table 21.12's, without the
         * LOD bias (Mesa's OpenGL ES contexts take it on samplers). */
        GLuint smp;
        glGenSamplers(1, &smp);
        EXPECT_ERR(GL_INVALID_ENUM, "TEXTURE_LOD_BIAS is no sampler parameter of OpenGL ES",
                   glSamplerParameterf(smp, 0x8501, 1.0f));
        EXPECT_ERR(GL_NO_ERROR, "MIN_LOD is", glSamplerParameterf(smp, GL_TEXTURE_MIN_LOD, 1.0f));
        glDeleteSamplers(1, &smp);
        /* OpenGL ES 3.2 table 8.1 and §16.1.2: no pack image height or skipped images
         * (Mesa's OpenGL ES 3 contexts take them). */
        EXPECT_ERR(GL_INVALID_ENUM, "nor PACK_IMAGE_HEIGHT", glPixelStorei(0x806C, 4));
        EXPECT_ERR(GL_INVALID_ENUM, "nor PACK_SKIP_IMAGES", glPixelStorei(0x806B, 1));
    }
}

/* OpenGL ES converts nothing on upload: TexImage takes the (internal format, format,
 * type) combinations of OpenGL ES 3.2 tables 8.2 and 8.3 only (INVALID_VALUE for an
 * internal format of neither, INVALID_OPERATION for another combination), TexSubImage
 * those of the image's internal format; RenderbufferStorage takes sized renderable
 * formats, BeginQuery and GetQueryiv OpenGL ES's targets, Hint GENERATE_MIPMAP_HINT and
 * FRAGMENT_SHADER_DERIVATIVE_HINT only, GetInternalformativ renderbuffer and multisample
 * targets, renderable formats and SAMPLES/NUM_SAMPLE_COUNTS. Mesa's OpenGL ES context
 * announces more extensions than glcompute's (OES_texture_float, EXT_texture_norm16,
 * EXT_texture_format_BGRA8888, EXT_render_snorm, EXT_disjoint_timer_query): what those
 * add is checked on glcompute only. */
/* CopyImageSubData between ETC2/EAC images and uncompressed ones whose texels are as
 * large as their blocks, and between the ETC2/EAC formats of one view class (OpenGL ES
 * 3.2 §18.3.3; Mesa llvmpipe, which stores ETC2 decoded, refuses every ETC2 copy). */
static void etc2_copies(void)
{
    GLuint fprog = h_program("#version 320 es\n"
                             "layout(local_size_x = 4, local_size_y = 4) in;\n"
                             "uniform highp sampler2D tex;\n"
                             "layout(std430, binding = 0) writeonly buffer B { highp vec4 v[]; } b;\n"
                             "void main() { ivec2 c = ivec2(gl_LocalInvocationID.xy);\n"
                             "  b.v[c.y * 4 + c.x] = texelFetch(tex, c, 0); }\n");
    GLuint uprog = h_program("#version 320 es\n"
                             "layout(local_size_x = 1) in;\n"
                             "uniform highp usampler2D tex;\n"
                             "layout(std430, binding = 0) writeonly buffer B { highp uvec4 v; } b;\n"
                             "void main() { b.v = texelFetch(tex, ivec2(0), 0); }\n");
    CHECK(fprog && uprog, "the ETC2 copy kernels link");
    GLuint buf, t[6];
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 16 * 16, NULL, GL_DYNAMIC_READ);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glGenTextures(6, t);
    static const GLubyte block[8] = {0x9a, 0x5c, 0x31, 0xe2, 0x47, 0x0f, 0xb3, 0x68};
    static const GLubyte zero[8] = {0};
    for (int i = 0; i < 6; i++) {
        glBindTexture(GL_TEXTURE_2D, t[i]);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    glBindTexture(GL_TEXTURE_2D, t[0]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, block);
    glBindTexture(GL_TEXTURE_2D, t[1]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, 1, 1, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, NULL);
    EXPECT_ERR(GL_NO_ERROR, "an RGB8_ETC2 block into an RG32UI texel",
               glCopyImageSubData(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[1], GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    glUseProgram(uprog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    GLuint words[4] = {0};
    const GLuint *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 16, GL_MAP_READ_BIT);
    if (m)
        memcpy(words, m, 16);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    CHECK(memcmp(words, block, 8) == 0, "the texel holds the block's bytes: %08x %08x", words[0], words[1]);

    /* And back: the texel's bytes become a block that decodes as the original. */
    glBindTexture(GL_TEXTURE_2D, t[2]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, zero);
    EXPECT_ERR(GL_NO_ERROR, "an RG32UI texel into an RGB8_ETC2 block",
               glCopyImageSubData(t[1], GL_TEXTURE_2D, 0, 0, 0, 0, t[2], GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1));
    float want[64], got[64];
    glUseProgram(fprog);
    for (int k = 0; k < 2; k++) {
        glBindTexture(GL_TEXTURE_2D, t[k ? 2 : 0]);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        const float *f = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 256, GL_MAP_READ_BIT);
        if (f)
            memcpy(k ? got : want, f, 256);
        glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    }
    CHECK(memcmp(want, got, 256) == 0, "the copied block decodes as the original (texel 5: %g %g %g / %g %g %g)",
          got[20], got[21], got[22], want[20], want[21], want[22]);
    CHECK(want[0] != want[4] || want[0] != want[20] || want[1] != want[21], "the block is not one colour");

    /* One view class, and the 128-bit formats. */
    glBindTexture(GL_TEXTURE_2D, t[3]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB8_ETC2, 4, 4, 0, 8, zero);
    EXPECT_ERR(GL_NO_ERROR, "RGB8_ETC2 to SRGB8_ETC2 (one view class)",
               glCopyImageSubData(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[3], GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    glBindTexture(GL_TEXTURE_2D, t[4]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_R11_EAC, 4, 4, 0, 8, zero);
    EXPECT_ERR(GL_INVALID_OPERATION, "RGB8_ETC2 to R11_EAC (blocks of one size, different classes)",
               glCopyImageSubData(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[4], GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    glBindTexture(GL_TEXTURE_2D, t[5]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, NULL);
    EXPECT_ERR(GL_INVALID_OPERATION, "RGB8_ETC2 (64-bit blocks) to RGBA32UI (128-bit texels)",
               glCopyImageSubData(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[5], GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    GLubyte block16[16] = {0};
    glBindTexture(GL_TEXTURE_2D, t[4]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 0, 16, block16);
    EXPECT_ERR(GL_NO_ERROR, "RGBA8_ETC2_EAC to RGBA32UI",
               glCopyImageSubData(t[4], GL_TEXTURE_2D, 0, 0, 0, 0, t[5], GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    glDeleteTextures(6, t);
    glDeleteBuffers(1, &buf);
    glDeleteProgram(fprog);
    glDeleteProgram(uprog);
}

static void es_pixel_rules(int any)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    EXPECT_ERR(GL_NO_ERROR, "RGBA8 from RGBA/UNSIGNED_BYTE",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "RGBA8 from UNSIGNED_SHORT is no OpenGL ES combination",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_SHORT, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "nor RGBA8 from RGB",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "nor unsized RGB from RGBA",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_VALUE, "RGBA12 is no internal format of OpenGL ES",
               glTexImage2D(GL_TEXTURE_2D, 0, 0x805A, 8, 8, 0, GL_RGBA, GL_UNSIGNED_SHORT, NULL));
    EXPECT_ERR(GL_INVALID_VALUE, "nor R3_G3_B2",
               glTexImage2D(GL_TEXTURE_2D, 0, 0x2A10, 8, 8, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_VALUE, "nor the generic COMPRESSED_RGB",
               glTexImage2D(GL_TEXTURE_2D, 0, 0x84ED, 8, 8, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL));
    GLint w = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    CHECK(w == 4, "the failed calls left the 4x4 image (width %d)", w);
    EXPECT_ERR(GL_INVALID_OPERATION, "TexSubImage of RGBA8 from FLOAT",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, (GLfloat[4]){0}));
    EXPECT_ERR(GL_INVALID_OPERATION, "nor from RGBA_INTEGER",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, (GLubyte[4]){0}));
    EXPECT_ERR(GL_NO_ERROR, "but from RGBA/UNSIGNED_BYTE",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (GLubyte[4]){0}));
    static const struct {
        GLenum internal, format, type;
        const char *what;
    } ok[] = {
        {GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, "RGB565 from UNSIGNED_SHORT_5_6_5"},
        {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, "RGB5_A1 from UNSIGNED_INT_2_10_10_10_REV"},
        {GL_RGB9_E5, GL_RGB, GL_FLOAT, "RGB9_E5 from FLOAT"},
        {GL_R11F_G11F_B10F, GL_RGB, GL_HALF_FLOAT, "R11F_G11F_B10F from HALF_FLOAT"},
        {GL_RGBA16F, GL_RGBA, GL_FLOAT, "RGBA16F from FLOAT"},
        {GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, "R32UI from RED_INTEGER/UNSIGNED_INT"},
        {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, "DEPTH_COMPONENT16 from UNSIGNED_INT"},
        {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, "DEPTH24_STENCIL8"},
        {GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, "unsized RGBA from UNSIGNED_SHORT_4_4_4_4"},
    };
    for (unsigned i = 0; i < sizeof ok / sizeof ok[0]; i++)
        EXPECT_ERR(GL_NO_ERROR, ok[i].what,
                   glTexImage2D(GL_TEXTURE_2D, 0, ok[i].internal, 2, 2, 0, ok[i].format, ok[i].type, NULL));
    if (!any) {
        EXPECT_ERR(GL_INVALID_VALUE, "RGBA16 (EXT_texture_norm16, not announced)",
                   glTexImage2D(GL_TEXTURE_2D, 0, 0x805B, 2, 2, 0, GL_RGBA, GL_UNSIGNED_SHORT, NULL));
        EXPECT_ERR(GL_INVALID_ENUM, "BGRA (EXT_texture_format_BGRA8888, not announced)",
                   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, 0x80E1, GL_UNSIGNED_BYTE, NULL));
        EXPECT_ERR(GL_INVALID_OPERATION, "unsized RGBA from FLOAT (OES_texture_float, not announced)",
                   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_FLOAT, NULL));
    }
    glDeleteTextures(1, &tex);

    GLuint rb;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    EXPECT_ERR(GL_INVALID_ENUM, "a renderbuffer takes no base format",
               glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA, 4, 4));
    EXPECT_ERR(GL_INVALID_ENUM, "nor DEPTH_COMPONENT", glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT, 4, 4));
    EXPECT_ERR(GL_INVALID_ENUM, "nor RGB9_E5 (not color-renderable)",
               glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB9_E5, 4, 4));
    EXPECT_ERR(GL_INVALID_ENUM, "nor RGBA12", glRenderbufferStorage(GL_RENDERBUFFER, 0x805A, 4, 4));
    EXPECT_ERR(GL_NO_ERROR, "RGBA32F (EXT_color_buffer_float)",
               glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, 4, 4));
    EXPECT_ERR(GL_NO_ERROR, "STENCIL_INDEX8", glRenderbufferStorage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 4, 4));
    if (!any)
        EXPECT_ERR(GL_INVALID_ENUM, "RGBA8_SNORM (EXT_render_snorm, not announced)",
                   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_SNORM, 4, 4));
    glDeleteRenderbuffers(1, &rb);

    GLuint q;
    GLint v = -1;
    glGenQueries(1, &q);
    EXPECT_ERR(GL_INVALID_ENUM, "SAMPLES_PASSED is no query target of OpenGL ES", glBeginQuery(0x8914, q));
    EXPECT_ERR(GL_INVALID_ENUM, "nor for GetQueryiv", glGetQueryiv(0x8914, GL_CURRENT_QUERY, &v));
    EXPECT_ERR(GL_NO_ERROR, "ANY_SAMPLES_PASSED is", glBeginQuery(GL_ANY_SAMPLES_PASSED, q));
    glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &v);
    CHECK(v == (GLint)q, "the current ANY_SAMPLES_PASSED query is %d (%d)", q, v);
    EXPECT_ERR(GL_NO_ERROR, "and ends", glEndQuery(GL_ANY_SAMPLES_PASSED));
    if (!any) {
        EXPECT_ERR(GL_INVALID_ENUM, "nor TIME_ELAPSED (EXT_disjoint_timer_query, not announced)",
                   glBeginQuery(0x88BF, q));
        EXPECT_ERR(GL_INVALID_ENUM, "GetQueryiv has CURRENT_QUERY only",
                   glGetQueryiv(GL_ANY_SAMPLES_PASSED, 0x8864, &v));
    }
    glDeleteQueries(1, &q);

    EXPECT_ERR(GL_INVALID_ENUM, "LINE_SMOOTH_HINT is no hint of OpenGL ES", glHint(0x0C52, GL_NICEST));
    EXPECT_ERR(GL_INVALID_ENUM, "nor TEXTURE_COMPRESSION_HINT", glHint(0x84EF, GL_NICEST));
    EXPECT_ERR(GL_NO_ERROR, "GENERATE_MIPMAP_HINT is", glHint(0x8192 /* GENERATE_MIPMAP_HINT */, GL_NICEST));
    v = 0;
    glGetIntegerv(0x8192 /* GENERATE_MIPMAP_HINT */, &v);
    CHECK(glGetError() == GL_NO_ERROR && v == GL_NICEST, "GENERATE_MIPMAP_HINT reads NICEST (0x%x)", v);
    EXPECT_ERR(GL_NO_ERROR, "FRAGMENT_SHADER_DERIVATIVE_HINT is",
               glHint(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, GL_FASTEST));

    EXPECT_ERR(GL_INVALID_ENUM, "GetInternalformativ takes no TEXTURE_2D",
               glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "nor INTERNALFORMAT_SUPPORTED",
               glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, 0x826F, 1, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "nor RGBA12", glGetInternalformativ(GL_RENDERBUFFER, 0x805A, GL_SAMPLES, 1, &v));
    v = 0;
    EXPECT_ERR(GL_NO_ERROR, "RGBA8's sample counts",
               glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &v));
    CHECK(v > 0, "RGBA8 has sample counts (%d)", v);
}

int main(int argc, char **argv)
{
    int any = 0;
    for (int i = 1; i < argc; i++)
        any |= strcmp(argv[i], "--any-gl") == 0;
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(eglInitialize(dpy, NULL, NULL), "eglInitialize");
    CHECK(eglBindAPI(EGL_OPENGL_ES_API), "eglBindAPI(EGL_OPENGL_ES_API)");
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                      (const EGLint[]){EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2,
                                                       EGL_NONE});
    CHECK(ctx != EGL_NO_CONTEXT, "an OpenGL ES 3.2 context (0x%x)", eglGetError());
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "make it current");
    const char *version = (const char *)glGetString(GL_VERSION);
    CHECK(version && strncmp(version, "OpenGL ES 3.2 ", 14) == 0, "GL_VERSION '%s'", version);
    const char *vendor = (const char *)glGetString(GL_VENDOR);
    CHECK(any || (vendor && strcmp(vendor, "glcompute") == 0), "glcompute's context: %s", vendor);

    const char *dir = getenv("GLCOMPUTE_ASTC_IMAGES");
    astc(dir ? dir : ASTC_DIR_DEFAULT, any);
    blend_and_bounds();
    glsl320(any);
    desktop_tokens(any);
    es_pixel_rules(any);
    if (!any)
        etc2_copies();

    if (any) {
        eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(dpy, ctx);
        eglTerminate(dpy);
        return h_finish("es32");
    }
    /* glcompute's desktop context has neither ES 3.2 command (it does not announce
     * KHR_blend_equation_advanced or ARB_ES3_2_compatibility). */
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    CHECK(eglBindAPI(EGL_OPENGL_API), "eglBindAPI(EGL_OPENGL_API)");
    EGLContext gl = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                     (const EGLint[]){EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6,
                                                      EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                                      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE});
    CHECK(gl != EGL_NO_CONTEXT, "a desktop context");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gl);
    BlendBarrierFn blend_barrier = (BlendBarrierFn)eglGetProcAddress("glBlendBarrier");
    if (blend_barrier)
        EXPECT_ERR(GL_INVALID_OPERATION, "BlendBarrier is OpenGL ES's", blend_barrier());
    EXPECT_ERR(GL_INVALID_ENUM, "desktop GL has no advanced blend equations", glBlendEquation(GL_MULTIPLY_KHR));
    EXPECT_ERR(GL_INVALID_ENUM, "nor a core context GENERATE_MIPMAP_HINT", glHint(0x8192 /* GENERATE_MIPMAP_HINT */, GL_NICEST));
    EXPECT_ERR(GL_NO_ERROR, "but TEXTURE_COMPRESSION_HINT", glHint(0x84EF, GL_NICEST));
    GLuint dtex;
    glGenTextures(1, &dtex);
    glBindTexture(GL_TEXTURE_2D, dtex);
    EXPECT_ERR(GL_NO_ERROR, "desktop GL converts RGBA/UNSIGNED_SHORT to RGBA8",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_SHORT, NULL));
    EXPECT_ERR(GL_NO_ERROR, "and takes RGBA16", glTexImage2D(GL_TEXTURE_2D, 0, 0x805B, 2, 2, 0, GL_RGBA, GL_FLOAT, NULL));
    GLuint etc[2];
    glGenTextures(2, etc);
    glBindTexture(GL_TEXTURE_2D, etc[0]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, (const GLubyte[8]){0});
    glBindTexture(GL_TEXTURE_2D, etc[1]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, 1, 1, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, NULL);
    EXPECT_ERR(GL_INVALID_OPERATION, "desktop GL copies no ETC2 block into a texel (GL 4.6 table 18.4 has no ETC2)",
               glCopyImageSubData(etc[0], GL_TEXTURE_2D, 0, 0, 0, 0, etc[1], GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1));
    glDeleteTextures(2, etc);
    glDeleteTextures(1, &dtex);
    EXPECT_ERR(GL_INVALID_ENUM, "desktop GL has no PRIMITIVE_BOUNDING_BOX state",
               glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX_ARB, (GLfloat[8]){0}));
    /* The desktop context announces KHR_texture_compression_astc_ldr too; its blocks'
     * sizes through ARB_internalformat_query2. */
    GLint bw = 0, bh = 0, bs = 0;
    glGetInternalformativ(GL_TEXTURE_2D, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x6_KHR, GL_TEXTURE_COMPRESSED_BLOCK_WIDTH, 1,
                          &bw);
    glGetInternalformativ(GL_TEXTURE_2D, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x6_KHR, GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT, 1,
                          &bh);
    glGetInternalformativ(GL_TEXTURE_2D, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x6_KHR, GL_TEXTURE_COMPRESSED_BLOCK_SIZE, 1,
                          &bs);
    CHECK(glGetError() == GL_NO_ERROR && bw == 10 && bh == 6 && bs == 16,
          "ASTC 10x6 blocks: %dx%d texels of %d bytes", bw, bh, bs);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, gl);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return h_finish("es32");
}
