/* GLSL 1.20's shadow functions in a compatibility-profile compute shader (GLSL 4.60
 * §8.9.5 keeps them for `#version 450 compatibility`): shadow1D, shadow2D, their Proj
 * and Lod forms return a vec4, the comparison result r as (r, r, r, 1) (what
 * DEPTH_TEXTURE_MODE's initial LUMINANCE gives). Checked on 8-texel-wide depth
 * textures holding x / 7, compared with GREATER against 0.5, in a GL 4.5 compatibility
 * context; a core-profile shader may not call them. */
// run: standalone
// run: standalone GLCOMPUTE_DEBUG=scalar
#include "harness.h"

static const char *src =
    "#version 450 compatibility\n"
    "layout(local_size_x = 8) in;\n"
    "layout(binding = 0) uniform sampler1DShadow s1;\n"
    "layout(binding = 1) uniform sampler2DShadow s2;\n"
    "layout(std430, binding = 0) writeonly buffer R { vec4 r[]; };\n"
    "void main() {\n"
    "  uint i = gl_LocalInvocationID.x;\n"
    "  float u = (float(i) + 0.5) / 8.0;\n"
    "  r[8u * 0u + i] = shadow1D(s1, vec3(u, 0.0, 0.5));\n"
    "  r[8u * 1u + i] = shadow2D(s2, vec3(u, 0.5, 0.5));\n"
    "  r[8u * 2u + i] = shadow1DProj(s1, vec4(2.0 * u, 0.0, 1.0, 2.0));\n"
    "  r[8u * 3u + i] = shadow2DProj(s2, vec4(4.0 * u, 2.0, 2.0, 4.0));\n"
    "  r[8u * 4u + i] = shadow1DLod(s1, vec3(u, 0.0, 0.5), 0.0);\n"
    "  r[8u * 5u + i] = shadow2DLod(s2, vec3(u, 0.5, 0.5), 0.0);\n"
    "  r[8u * 6u + i] = shadow1DProjLod(s1, vec4(u, 0.0, 0.5, 1.0), 0.0);\n"
    "  r[8u * 7u + i] = shadow2DProjLod(s2, vec4(u, 0.5, 0.5, 1.0), 0.0);\n"
    "}\n";

static void depth_texture(GLenum target, GLuint unit)
{
    float d[64];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            d[y * 8 + x] = (float)x / 7.0f;
    GLuint t;
    glGenTextures(1, &t);
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_1D)
        glTexImage1D(target, 0, GL_DEPTH_COMPONENT32F, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    else
        glTexImage2D(target, 0, GL_DEPTH_COMPONENT32F, 8, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(target, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
}

int main(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API))
        return 2;
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
                              EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "no GL 4.5 compatibility context\n");
        return 2;
    }
    h_check_no_other_gl();
    GLint mask = 0;
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
    CHECK(mask == GL_CONTEXT_COMPATIBILITY_PROFILE_BIT, "a compatibility context (mask 0x%x)", mask);

    depth_texture(GL_TEXTURE_1D, 0);
    depth_texture(GL_TEXTURE_2D, 1);
    GLuint prog = h_program(src);
    CHECK(prog != 0, "the compatibility-profile shader with the shadow functions compiles and links");
    if (prog) {
        GLuint buf;
        glGenBuffers(1, &buf);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
        glBufferData(GL_SHADER_STORAGE_BUFFER, 64 * 16, NULL, GL_STATIC_DRAW);
        glUseProgram(prog);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        float out[64 * 4];
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
        static const char *names[8] = {"shadow1D",    "shadow2D",    "shadow1DProj",    "shadow2DProj",
                                       "shadow1DLod", "shadow2DLod", "shadow1DProjLod", "shadow2DProjLod"};
        for (int f = 0; f < 8; f++) {
            int bad = 0;
            for (int x = 0; x < 8; x++) {
                /* 0.5 > x / 7 for x <= 3. */
                float r = x <= 3 ? 1.0f : 0.0f;
                const float *v = &out[4 * (8 * f + x)];
                if (v[0] != r || v[1] != r || v[2] != r || v[3] != 1.0f) {
                    if (!bad)
                        printf("%s at x = %d: (%g %g %g %g), want (%g %g %g 1)\n", names[f], x, v[0], v[1], v[2],
                               v[3], r, r, r);
                    bad++;
                }
            }
            CHECK(bad == 0, "%s gives (r, r, r, 1) for each texel (%d wrong)", names[f], bad);
        }
    }

    /* GLSL 1.40 removed them from the core profile. */
    const char *core = "#version 450\n"
                       "layout(local_size_x = 1) in;\n"
                       "uniform sampler2DShadow s2;\n"
                       "layout(std430, binding = 0) writeonly buffer R { vec4 r; };\n"
                       "void main() { r = shadow2D(s2, vec3(0.5)); }\n";
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &core, NULL);
    glCompileShader(s);
    GLint ok = 1;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    CHECK(!ok, "a core-profile shader cannot call shadow2D");
    return h_finish("compat_shadow");
}
