/* OpenGL ES 3.2's unsized LUMINANCE, LUMINANCE_ALPHA and ALPHA texture formats (table
 * 8.3, UNSIGNED_BYTE only): TexImage2D and TexSubImage2D with the image's own format,
 * lookups as table 8.11 converts them ((L, L, L, 1), (0, 0, 0, A), (L, L, L, A)) with
 * the texture swizzle after that conversion and the border colour converted the same
 * way, their level queries (no red, green or blue size: luminance is none of them),
 * CopyTexImage2D from an RGBA framebuffer (not ALPHA from RGB), CopyImageSubData to
 * the same format only, no image unit (mutable, as every such texture is),
 * GenerateMipmap, and the errors: any other
 * format or type, TexStorage (sized formats only), and a framebuffer attachment (not
 * colour-renderable). The same checks pass on Mesa llvmpipe (--any-gl). */
// build: -lEGL -lGLESv2 -lpthread -ldl -lm
// run: standalone
// run: llvmpipe -- --any-gl
#include "harness.h"
#include <math.h>

#define GL_LUMINANCE 0x1909
#define GL_LUMINANCE_ALPHA 0x190A

static GLuint prog, buf;

/* Texel (x, y) of level `level` of the bound 2D texture through texelFetch, for each
 * of the w * h texels, and one texture() lookup at `at` (out[w * h]). */
static void fetch(int level, int w, int h, const float at[2], float *out)
{
    glUseProgram(prog);
    glUniform1i(0, level);
    glUniform1i(1, w);
    glUniform2f(2, at[0], at[1]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const float *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, (GLsizeiptr)(w * h + 1) * 16, GL_MAP_READ_BIT);
    if (m)
        memcpy(out, m, (size_t)(w * h + 1) * 16);
    else
        memset(out, 0xff, (size_t)(w * h + 1) * 16);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
}

static int near(const float *got, float r, float g, float b, float a)
{
    const float want[4] = {r, g, b, a};
    for (int c = 0; c < 4; c++)
        if (!(fabsf(got[c] - want[c]) < 0.5f / 255.0f))
            return 0;
    return 1;
}

static GLint level_param(GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &v);
    return v;
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
    CHECK(ctx != EGL_NO_CONTEXT && eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx),
          "an OpenGL ES 3.2 context (0x%x)", eglGetError());
    const char *vendor = (const char *)glGetString(GL_VENDOR);
    CHECK(any || (vendor && strcmp(vendor, "glcompute") == 0), "glcompute's context: %s", vendor);

    prog = h_program("#version 310 es\n"
                     "layout(local_size_x = 4, local_size_y = 4) in;\n"
                     "layout(location = 0) uniform int level;\n"
                     "layout(location = 1) uniform int width;\n"
                     "layout(location = 2) uniform highp vec2 at;\n"
                     "uniform highp sampler2D tex;\n"
                     "layout(std430, binding = 0) writeonly buffer B { highp vec4 v[]; } b;\n"
                     "void main() {\n"
                     "  ivec2 c = ivec2(gl_LocalInvocationID.xy);\n"
                     "  ivec2 size = textureSize(tex, level);\n"
                     "  if (c.x < size.x && c.y < size.y) b.v[c.y * width + c.x] = texelFetch(tex, c, level);\n"
                     "  if (c == ivec2(0)) b.v[size.x * size.y] = textureLod(tex, at, float(level));\n"
                     "}\n");
    CHECK(prog != 0, "the fetch kernel compiles and links");
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 17 * 16, NULL, GL_DYNAMIC_READ);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);

    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    const float inside[2] = {0.25f, 0.25f};
    float got[17 * 4];

    /* Each format, its own format and UNSIGNED_BYTE: texel i reads as table 8.11 says. */
    static const GLubyte lum[4] = {10, 50, 100, 250}, alpha[4] = {255, 128, 64, 0},
                         la[8] = {10, 255, 50, 128, 100, 64, 250, 0};
    static const struct {
        GLenum format;
        const GLubyte *data;
        const char *name;
        GLint alpha_size;
    } fmts[] = {{GL_LUMINANCE, lum, "LUMINANCE", 0}, {GL_ALPHA, alpha, "ALPHA", 8}, {GL_LUMINANCE_ALPHA, la, "LUMINANCE_ALPHA", 8}};
    for (int f = 0; f < 3; f++) {
        GLenum fmt = fmts[f].format;
        EXPECT_ERR(GL_NO_ERROR, fmts[f].name,
                   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmt, 2, 2, 0, fmt, GL_UNSIGNED_BYTE, fmts[f].data));
        fetch(0, 2, 2, inside, got);
        int wrong = 0;
        for (int i = 0; i < 4; i++) {
            float l = fmts[f].data[fmt == GL_LUMINANCE_ALPHA ? 2 * i : i] / 255.0f;
            float a = fmt == GL_LUMINANCE_ALPHA ? fmts[f].data[2 * i + 1] / 255.0f : l;
            int ok = fmt == GL_LUMINANCE ? near(got + 4 * i, l, l, l, 1)
                     : fmt == GL_ALPHA   ? near(got + 4 * i, 0, 0, 0, a)
                                         : near(got + 4 * i, l, l, l, a);
            wrong += !ok;
            if (!ok)
                printf("  %s texel %d: %g %g %g %g\n", fmts[f].name, i, got[4 * i], got[4 * i + 1], got[4 * i + 2],
                       got[4 * i + 3]);
        }
        CHECK(wrong == 0, "%s: %d of 4 texels read wrong", fmts[f].name, wrong);
        CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == (GLint)fmt, "%s: TEXTURE_INTERNAL_FORMAT 0x%x", fmts[f].name,
              level_param(GL_TEXTURE_INTERNAL_FORMAT));
        CHECK(level_param(GL_TEXTURE_RED_SIZE) == 0 && level_param(GL_TEXTURE_GREEN_SIZE) == 0 &&
                  level_param(GL_TEXTURE_BLUE_SIZE) == 0,
              "%s: no red, green or blue size (%d)", fmts[f].name, level_param(GL_TEXTURE_RED_SIZE));
        CHECK(level_param(GL_TEXTURE_ALPHA_SIZE) == fmts[f].alpha_size, "%s: TEXTURE_ALPHA_SIZE %d", fmts[f].name,
              level_param(GL_TEXTURE_ALPHA_SIZE));
        CHECK(level_param(GL_TEXTURE_ALPHA_TYPE) == (fmts[f].alpha_size ? GL_UNSIGNED_NORMALIZED : GL_NONE),
              "%s: TEXTURE_ALPHA_TYPE 0x%x", fmts[f].name, level_param(GL_TEXTURE_ALPHA_TYPE));
    }

    /* TexSubImage with the image's own format; errors for any other combination. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    EXPECT_ERR(GL_NO_ERROR, "TexSubImage2D of LUMINANCE",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, (GLubyte[]){200}));
    EXPECT_ERR(GL_INVALID_OPERATION, "nor from RED (OpenGL ES 3.2 §8.6: not the image's combination)",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED, GL_UNSIGNED_BYTE, (GLubyte[]){1}));
    EXPECT_ERR(GL_INVALID_OPERATION, "nor from ALPHA",
               glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_ALPHA, GL_UNSIGNED_BYTE, (GLubyte[]){1}));
    fetch(0, 2, 2, inside, got);
    CHECK(near(got + 12, 200 / 255.0f, 200 / 255.0f, 200 / 255.0f, 1) && near(got, 10 / 255.0f, 10 / 255.0f, 10 / 255.0f, 1),
          "the sub-image replaced texel 3 only: %g, texel 0 %g", got[12], got[0]);
    EXPECT_ERR(GL_INVALID_OPERATION, "LUMINANCE from RGBA is no combination",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "nor ALPHA from LUMINANCE",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "nor RGBA8 from LUMINANCE",
               glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, NULL));
    if (!any)
        EXPECT_ERR(GL_INVALID_OPERATION, "nor LUMINANCE from FLOAT (OES_texture_float, not announced)",
                   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_FLOAT, NULL));
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_LUMINANCE, "the failed calls left the LUMINANCE image");
    GLuint imm;
    glGenTextures(1, &imm);
    glBindTexture(GL_TEXTURE_2D, imm);
    GLenum e;
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_LUMINANCE, 2, 2);
    e = glGetError();
    CHECK(e == GL_INVALID_ENUM || e == GL_INVALID_VALUE, "TexStorage takes no LUMINANCE (OpenGL ES 3.2 §8.18): 0x%x", e);
    glDeleteTextures(1, &imm);
    glBindTexture(GL_TEXTURE_2D, tex);

    /* The swizzle applies to the converted components: LUMINANCE_ALPHA with red from
     * alpha and alpha from one. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 2, 2, 0, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ALPHA);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_ONE);
    fetch(0, 2, 2, inside, got);
    CHECK(near(got + 4, 128 / 255.0f, 50 / 255.0f, 50 / 255.0f, 1), "swizzled LUMINANCE_ALPHA texel 1: %g %g %g %g",
          got[4], got[5], got[6], got[7]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_RED);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_ALPHA);

    /* The border colour, converted as the format converts RGBA (table 8.11). */
    const float outside[2] = {-2.0f, -2.0f};
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, (const GLfloat[]){0.25f, 0.5f, 0.75f, 0.125f});
    glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 2, 2, 0, GL_ALPHA, GL_UNSIGNED_BYTE, alpha);
    fetch(0, 2, 2, outside, got);
    CHECK(near(got + 16, 0, 0, 0, 0.125f), "ALPHA's border is (0, 0, 0, A): %g %g %g %g", got[16], got[17], got[18],
          got[19]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    fetch(0, 2, 2, outside, got);
    CHECK(near(got + 16, 0.25f, 0.25f, 0.25f, 1), "LUMINANCE's border is (R, R, R, 1): %g %g %g %g", got[16], got[17],
          got[18], got[19]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);

    /* Not colour-renderable: an attachment leaves the framebuffer incomplete. */
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "a LUMINANCE attachment: status 0x%x", status);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 2, 2, 0, GL_ALPHA, GL_UNSIGNED_BYTE, alpha);
    GLint red = -1, alpha_size = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &red);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE,
                                          &alpha_size);
    CHECK(red == 0 && alpha_size == 8, "an ALPHA attachment reports red %d, alpha %d bits", red, alpha_size);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);

    /* CopyTexImage2D from an RGBA8 framebuffer keeps the components the format has. */
    GLuint src;
    glGenTextures(1, &src);
    glBindTexture(GL_TEXTURE_2D, src);
    static const GLubyte rgba[16] = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, src, 0);
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE, "an RGBA8 framebuffer: 0x%x", status);
    glBindTexture(GL_TEXTURE_2D, tex);
    EXPECT_ERR(GL_NO_ERROR, "CopyTexImage2D to ALPHA", glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 0, 0, 2, 2, 0));
    fetch(0, 2, 2, inside, got);
    CHECK(near(got + 4, 0, 0, 0, 80 / 255.0f), "copied ALPHA texel 1: %g %g %g %g", got[4], got[5], got[6], got[7]);
    EXPECT_ERR(GL_NO_ERROR, "CopyTexImage2D to LUMINANCE_ALPHA",
               glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 0, 0, 2, 2, 0));
    fetch(0, 2, 2, inside, got);
    CHECK(near(got + 8, 90 / 255.0f, 90 / 255.0f, 90 / 255.0f, 120 / 255.0f),
          "copied LUMINANCE_ALPHA texel 2: %g %g %g %g", got[8], got[9], got[10], got[11]);
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_LUMINANCE_ALPHA, "the copy's format: 0x%x",
          level_param(GL_TEXTURE_INTERNAL_FORMAT));
    /* A read buffer without the format's components (OpenGL ES 3.2 table 8.17). */
    GLuint rgb;
    glGenTextures(1, &rgb);
    glBindTexture(GL_TEXTURE_2D, rgb);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 2, 2, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rgb, 0);
    glBindTexture(GL_TEXTURE_2D, tex);
    EXPECT_ERR(GL_INVALID_OPERATION, "CopyTexImage2D to ALPHA from an RGB8 read buffer",
               glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 0, 0, 2, 2, 0));
    EXPECT_ERR(GL_NO_ERROR, "but to LUMINANCE", glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 0, 0, 2, 2, 0));
    glDeleteTextures(1, &rgb);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    /* Image units take immutable textures of OpenGL ES's image formats only (OpenGL ES
     * 3.2 §8.23). */
    EXPECT_ERR(GL_INVALID_OPERATION, "a LUMINANCE texture (mutable) on an image unit",
               glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI));
    GLuint immut;
    glGenTextures(1, &immut);
    glBindTexture(GL_TEXTURE_2D, immut);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
    if (!any) /* llvmpipe announces GL_NV_image_formats, which adds R8 */
        EXPECT_ERR(GL_INVALID_VALUE, "R8 is no image format of OpenGL ES",
                   glBindImageTexture(0, immut, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8));
    EXPECT_ERR(GL_NO_ERROR, "an immutable RGBA8 texture as RGBA8",
               glBindImageTexture(0, immut, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8));
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glDeleteTextures(1, &immut);
    glBindTexture(GL_TEXTURE_2D, tex);

    /* CopyImageSubData: the same format only (no view class has them). */
    GLuint r8, l2;
    glGenTextures(1, &r8);
    glGenTextures(1, &l2);
    glBindTexture(GL_TEXTURE_2D, r8);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 2, 2, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
    glBindTexture(GL_TEXTURE_2D, l2);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, NULL);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    EXPECT_ERR(GL_INVALID_OPERATION, "CopyImageSubData from LUMINANCE to R8",
               glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 0, 0, 0, r8, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1));
    EXPECT_ERR(GL_NO_ERROR, "CopyImageSubData from LUMINANCE to LUMINANCE",
               glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 0, 0, 0, l2, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1));
    glBindTexture(GL_TEXTURE_2D, l2);
    fetch(0, 2, 2, inside, got);
    CHECK(near(got + 8, 100 / 255.0f, 100 / 255.0f, 100 / 255.0f, 1), "the copy's texel 2: %g", got[8]);
    glDeleteTextures(1, &r8);
    glDeleteTextures(1, &l2);
    glBindTexture(GL_TEXTURE_2D, tex);

    /* GenerateMipmap: level 1 of a 2x2 LUMINANCE image is the mean. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    EXPECT_ERR(GL_NO_ERROR, "GenerateMipmap of LUMINANCE", glGenerateMipmap(GL_TEXTURE_2D));
    fetch(1, 1, 1, inside, got);
    float mean = (10 + 50 + 100 + 250) / 4.0f / 255.0f;
    CHECK(fabsf(got[0] - mean) < 1.5f / 255.0f && got[0] == got[1] && got[3] == 1.0f,
          "level 1 is (%g, %g, %g, %g), the mean %g", got[0], got[1], got[2], got[3], mean);

    glDeleteTextures(1, &src);
    glDeleteTextures(1, &tex);
    glDeleteFramebuffers(1, &fbo);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (!any) {
        /* A desktop core context has none of them (GL 4.6 table 8.11 has no LUMINANCE). */
        CHECK(eglBindAPI(EGL_OPENGL_API), "eglBindAPI(EGL_OPENGL_API)");
        EGLContext gl = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                         (const EGLint[]){EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6,
                                                          EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                                          EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE});
        CHECK(gl && eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gl), "a desktop core context");
        GLuint t;
        glGenTextures(1, &t);
        glBindTexture(GL_TEXTURE_2D, t);
        EXPECT_ERR(GL_INVALID_VALUE, "desktop core GL has no LUMINANCE internal format",
                   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_RED, GL_UNSIGNED_BYTE, NULL));
        EXPECT_ERR(GL_INVALID_ENUM, "nor LUMINANCE pixels",
                   glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, NULL));
        glDeleteTextures(1, &t);
        eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(dpy, gl);
    }
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return h_finish("es_luminance");
}
