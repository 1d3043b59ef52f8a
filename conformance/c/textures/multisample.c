/* Multisample images (GL 4.6 §8.8, §9.2.4, §14.3.1, §18.3.1): the sample limits,
 * TexImage/TexStorage 2D/3D Multisample and their errors, level parameters,
 * renderbuffers of several samples, framebuffer completeness and GL_SAMPLES, sample
 * positions, clears of every sample, compute shaders writing and reading samples
 * (image2DMS, texelFetch of sampler2DMS, their sizes and textureSamples/imageSamples
 * of ARB_shader_texture_image_samples), resolving
 * blits, and the commands that refuse multisample images.
 *
 * usage: multisample [--any-gl]  (--any-gl skips the check that glcompute is the GL) */
// run: standalone
#include "harness.h"

#include <math.h>

static int any;

static GLuint prog_of(const char *src)
{
    GLuint p = h_program(src);
    CHECK(p != 0, "program links");
    return p;
}

static void limits(void)
{
    CHECK(h_int(GL_MAX_SAMPLES) >= 4, "MAX_SAMPLES = %d >= 4 (GL 4.6 table 23.69)", h_int(GL_MAX_SAMPLES));
    CHECK(h_int(GL_MAX_COLOR_TEXTURE_SAMPLES) >= 1, "MAX_COLOR_TEXTURE_SAMPLES");
    CHECK(h_int(GL_MAX_DEPTH_TEXTURE_SAMPLES) >= 1, "MAX_DEPTH_TEXTURE_SAMPLES");
    CHECK(h_int(GL_MAX_INTEGER_SAMPLES) >= 1, "MAX_INTEGER_SAMPLES");
    GLint n = -1, counts[8] = {0};
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, 8, counts);
    CHECK(n >= 1 && counts[0] >= 4, "sample counts of RGBA8: %d, largest %d", n, counts[0]);
    CHECK(glGetError() == GL_NO_ERROR, "limits raise nothing");
}

static void textures(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
    CHECK(h_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE) == (GLint)t, "TEXTURE_BINDING_2D_MULTISAMPLE");
    EXPECT_ERR(GL_INVALID_ENUM, "§8.8: target not TEXTURE_2D_MULTISAMPLE",
               glTexImage2DMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8, GL_TRUE));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.8: samples is zero",
               glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, GL_TRUE));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.8: samples above the format's maximum",
               glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1000, GL_RGBA8, 8, 8, GL_TRUE));
    EXPECT_ERR(GL_INVALID_ENUM, "§8.8: a format that is not renderable",
               glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 8, GL_TRUE));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.8: a negative width",
               glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, -1, 8, GL_TRUE));
    EXPECT_OK(glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_FALSE));
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &v);
    CHECK(v >= 4, "TEXTURE_SAMPLES = %d", v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
    CHECK(v == GL_FALSE, "TEXTURE_FIXED_SAMPLE_LOCATIONS = %d", v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
    CHECK(v == 8, "width %d", v);
    glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAG_FILTER, &v);
    CHECK(v == GL_NEAREST, "a multisample texture answers MAG_FILTER NEAREST (0x%x)", v);
    glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_WRAP_S, &v);
    CHECK(v == GL_CLAMP_TO_EDGE, "and WRAP_S CLAMP_TO_EDGE (0x%x)", v);
    EXPECT_ERR(GL_INVALID_ENUM, "§8.10: sampler state of a multisample texture",
               glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.10: a multisample texture's base level is 0",
               glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 1));
    uint8_t px[8 * 8 * 4];
    EXPECT_ERR(GL_INVALID_ENUM, "§8.11: GetTexImage takes no multisample target",
               glGetTexImage(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA, GL_UNSIGNED_BYTE, px));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.11: GetTextureImage of a multisample texture",
               glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof px, px));

    GLuint s;
    glGenTextures(1, &s);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, s);
    EXPECT_OK(glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 2, GL_R32F, 4, 4, 3, GL_TRUE));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.19: the storage is immutable",
               glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 2, GL_R32F, 4, 4, 3, GL_TRUE));
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_DEPTH, &v);
    CHECK(v == 3, "layers %d", v);
    GLuint u;
    glCreateTextures(GL_TEXTURE_2D, 1, &u);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.19: TextureStorage2DMultisample of a 2D texture",
               glTextureStorage2DMultisample(u, 4, GL_RGBA8, 4, 4, GL_TRUE));
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.19: TexStorage2DMultisample of the default texture",
               glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE));
    uint8_t blk[64];
    EXPECT_ERR(GL_INVALID_ENUM, "§8.11.4: GetCompressedTexImage takes no multisample target",
               glGetCompressedTexImage(GL_TEXTURE_2D_MULTISAMPLE, 0, blk));
    GLuint del[] = {t, s, u};
    glDeleteTextures(3, del);
}

/* A compute shader writes every sample of a 2D multisample image, another reads them
 * back through texelFetch and imageLoad; a blit resolves them to their average. */
static void samples_in_shaders(void)
{
    const int W = 8, H = 4, S = 4;
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, S, GL_RGBA32F, W, H, GL_TRUE);
    GLint samples = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &samples);
    GLuint w = prog_of(
        "#version 430\n"
        "layout(local_size_x = 1) in;\n"
        "layout(rgba32f, binding = 0) writeonly uniform image2DMS img;\n"
        "void main() {\n"
        "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
        "  for (int s = 0; s < 4; s++)\n"
        "    imageStore(img, p, s, vec4(p.x, p.y, s, 1.0));\n"
        "}\n");
    glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glUseProgram(w);
    glDispatchCompute(W, H, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    GLuint r = prog_of(
        "#version 430\n"
        "#extension GL_ARB_shader_texture_image_samples : require\n"
        "layout(local_size_x = 1) in;\n"
        "uniform sampler2DMS smp;\n"
        "layout(rgba32f, binding = 1) readonly uniform image2DMS img;\n"
        "layout(std430, binding = 0) buffer B { int n[4]; vec4 o[]; };\n"
        "void main() {\n"
        "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
        "  int i = (p.y * 8 + p.x) * 4;\n"
        "  for (int s = 0; s < 4; s++) o[i + s] = texelFetch(smp, p, s) + imageLoad(img, p, s);\n"
        "  if (p == ivec2(0)) {\n"
        "    n[0] = textureSamples(smp) * 100 + textureSize(smp).y; n[1] = imageSamples(img) * 100 + imageSize(img).x;\n"
        "    n[2] = textureSize(smp).x; n[3] = int(texelFetch(smp, p, 99).w);\n"
        "  }\n"
        "}\n");
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, W * H * 4 * 16 + 16, NULL, GL_DYNAMIC_READ);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glBindImageTexture(1, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(r);
    glUniform1i(glGetUniformLocation(r, "smp"), 0);
    glDispatchCompute(W, H, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    const float *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, W * H * 4 * 16 + 16, GL_MAP_READ_BIT);
    const int *n = (const int *)m;
    const float *o = m ? m + 4 : NULL;
    int bad = 0;
    for (int y = 0; o && y < H; y++)
        for (int x = 0; x < W; x++)
            for (int s = 0; s < S; s++) {
                const float *v = &o[((y * W + x) * 4 + s) * 4];
                if (s < samples && (v[0] != 2 * x || v[1] != 2 * y || v[2] != 2 * s || v[3] != 2) && bad++ < 3)
                    fprintf(stderr, "(%d,%d) sample %d: %g %g %g %g\n", x, y, s, v[0], v[1], v[2], v[3]);
            }
    CHECK(o && bad == 0, "every sample written by imageStore reads back through texelFetch and imageLoad");
    CHECK(n && n[0] == samples * 100 + H && n[1] == samples * 100 + W,
          "textureSamples * 100 + textureSize(smp).y %d, imageSamples * 100 + imageSize(img).x %d",
          n ? n[0] : -1, n ? n[1] : -1);
    CHECK(n && n[2] == W, "textureSize of a sampler2DMS = %d", n ? n[2] : -1);
    CHECK(n && n[3] == 0, "a sample out of range fetches zero (%d)", n ? n[3] : -1);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);

    /* Resolve into a single-sample texture: the samples' average. */
    GLuint dst;
    glGenTextures(1, &dst);
    glBindTexture(GL_TEXTURE_2D, dst);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, W, H);
    GLuint fb[2];
    glGenFramebuffers(2, fb);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t, 0);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
    CHECK(glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "read framebuffer complete");
    GLint fs = -1;
    glGetFramebufferParameteriv(GL_READ_FRAMEBUFFER, GL_SAMPLES, &fs);
    CHECK(fs == samples, "the read framebuffer's GL_SAMPLES = %d", fs);
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.3.1: a multisample blit scales nothing",
               glBlitFramebuffer(0, 0, W, H, 0, 0, W / 2, H, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    EXPECT_OK(glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    float res[8 * 4 * 4];
    glBindTexture(GL_TEXTURE_2D, dst);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, res);
    float mean = 0;
    for (int s = 0; s < samples; s++)
        mean += (float)s / (float)samples;
    CHECK(res[(1 * W + 3) * 4 + 0] == 3 && res[(1 * W + 3) * 4 + 1] == 1 && fabsf(res[(1 * W + 3) * 4 + 2] - mean) < 1e-5f,
          "the resolve averages the samples (%g %g %g, mean %g)", res[(1 * W + 3) * 4], res[(1 * W + 3) * 4 + 1],
          res[(1 * W + 3) * 4 + 2], mean);
    float pix[4];
    EXPECT_ERR(GL_INVALID_OPERATION, "§18.2.1: ReadPixels of a multisample framebuffer",
               glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, pix));
    glBindTexture(GL_TEXTURE_2D, dst);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.6: CopyTexSubImage from a multisample framebuffer",
               glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1));

    /* Between two multisample images of one count, each sample is copied. */
    GLuint t2;
    glGenTextures(1, &t2);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t2);
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, S, GL_RGBA32F, W, H, GL_TRUE);
    GLuint fb2;
    glGenFramebuffers(1, &fb2);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb2);
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t2, 0);
    EXPECT_OK(glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST));
    glBindImageTexture(1, t2, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    glUseProgram(r);
    glDispatchCompute(W, H, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, W * H * 4 * 16 + 16, GL_MAP_READ_BIT);
    o = m ? m + 4 : NULL;
    bad = 0;
    for (int i = 0; o && i < W * H * samples; i++) {
        int px_i = i / samples, s = i % samples;
        const float *v = &o[(px_i * 4 + s) * 4];
        /* texelFetch of t (the source) + imageLoad of t2 (the copy): twice the value. */
        bad += v[0] != 2 * (px_i % W) || v[1] != 2 * (px_i / W) || v[2] != 2 * s;
    }
    CHECK(o && bad == 0, "a same-count multisample blit copies every sample (%d wrong)", bad);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    glBindImageTexture(1, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb2);
    glDeleteTextures(1, &t2);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);

    /* A clear sets every sample. */
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[0]);
    const float c[4] = {0.5f, 0.25f, 2.0f, 1.0f};
    EXPECT_OK(glClearBufferfv(GL_COLOR, 0, c));
    glUseProgram(r);
    glDispatchCompute(W, H, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, W * H * 4 * 16 + 16, GL_MAP_READ_BIT);
    o = m ? m + 4 : NULL;
    bad = 0;
    for (int i = 0; o && i < W * H * samples; i++) {
        int px_i = i / samples, s = i % samples;
        const float *v = &o[(px_i * 4 + s) * 4];
        bad += v[0] != 1.0f || v[1] != 0.5f || v[2] != 4.0f || v[3] != 2.0f;
    }
    CHECK(o && bad == 0, "ClearBuffer wrote every sample (%d wrong)", bad);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(2, fb);
    GLuint del[] = {t, dst};
    glDeleteTextures(2, del);
    glDeleteBuffers(1, &buf);
    glUseProgram(0);
    glDeleteProgram(w);
    glDeleteProgram(r);
}

static void renderbuffers_and_positions(void)
{
    GLuint rb[2], fb, t;
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    EXPECT_OK(glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 16, 16));
    GLint v = -1;
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
    CHECK(v >= 4, "RENDERBUFFER_SAMPLES = %d", v);
    EXPECT_ERR(GL_INVALID_OPERATION, "§9.2.4: samples above MAX_SAMPLES",
               glRenderbufferStorageMultisample(GL_RENDERBUFFER, h_int(GL_MAX_SAMPLES) + 1, GL_RGBA8, 16, 16));
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 16, 16);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE,
          "§9.4.2: attachments of different sample counts");
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    EXPECT_OK(glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_STENCIL_INDEX, 16, 16));
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, 16, 16);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "same sample counts");
    GLint samples = h_int(GL_SAMPLES);
    CHECK(samples >= 4 && h_int(GL_SAMPLE_BUFFERS) == 1, "GL_SAMPLES %d, SAMPLE_BUFFERS %d", samples,
          h_int(GL_SAMPLE_BUFFERS));
    float pos[2] = {-1, -1};
    EXPECT_OK(glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos));
    CHECK(pos[0] >= 0 && pos[0] < 1 && pos[1] >= 0 && pos[1] < 1, "sample 0 at (%g, %g)", pos[0], pos[1]);
    EXPECT_ERR(GL_INVALID_VALUE, "§14.3.1.1: index not below SAMPLES",
               glGetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)samples, pos));
    /* A texture with variable sample locations beside a renderbuffer: incomplete. */
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_FALSE);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, t, 0);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE,
          "§9.4.2: fixed and variable sample locations");
    EXPECT_ERR(GL_INVALID_VALUE, "§9.2.8: a multisample texture has level 0 only",
               glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, t, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "§9.2.8: FramebufferTextureLayer of a texture without layers",
               glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, t, 0, 0));
    GLuint arr;
    glGenTextures(1, &arr);
    glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 16, 16, 2);
    /* Mesa takes it (EXT_texture_array's old rule). */
    EXPECT_ERR(any ? GL_NO_ERROR : GL_INVALID_ENUM, "§9.2.8: an array target in FramebufferTexture2D",
               glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_ARRAY, arr, 0));
    glDeleteTextures(1, &arr);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    CHECK(h_int(GL_SAMPLES) == 0, "the default framebuffer has no samples");
    EXPECT_ERR(GL_INVALID_VALUE, "§14.3.1.1: no sample positions without samples",
               glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos));
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(2, rb);
    glDeleteTextures(1, &t);
}

int main(int argc, char **argv)
{
    any = h_init_any(argc, argv);
    limits();
    textures();
    samples_in_shaders();
    renderbuffers_and_positions();
    return h_finish("multisample");
}
