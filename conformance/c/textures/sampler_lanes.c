/* texture(), textureOffset() and textureLod() of a 2D texture from compute, bit for
 * bit against a reference computed here with GL 4.6 §8.14's filters in the order of
 * operations glcompute uses (u = s * width + offset; LINEAR: i0 = floor(u - 1/2), the
 * weight (u - 1/2) - i0, rows blended by the x weight, then by the y weight; unorm
 * texels c / 255): RGBA8 and RGBA32F textures of power-of-two and other sizes, wrap
 * modes REPEAT, CLAMP_TO_EDGE and MIRRORED_REPEAT, LINEAR and NEAREST filters,
 * coordinates inside, outside and far outside (beyond 2^23 texels), and invocations
 * that skip the lookup in divergent control flow. Run in SIMD lanes (where the RGBA8
 * LINEAR lookups filter in compiled code and the others in the runtime, one call per 8
 * lanes) and with GLCOMPUTE_DEBUG=scalar (one invocation at a time). */
// run: standalone
// run: standalone GLCOMPUTE_DEBUG=scalar
#include "harness.h"
#include <math.h>
#include <string.h>

#define N 1024

static uint32_t rng = 777;
static uint32_t next(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

static int64_t wrap(int64_t i, int64_t n, GLenum mode)
{
    switch (mode) {
    case GL_REPEAT: {
        int64_t r = i % n;
        return r < 0 ? r + n : r;
    }
    case GL_CLAMP_TO_EDGE:
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    default: { /* MIRRORED_REPEAT (GL 4.6 table 8.20) */
        int64_t r = i % (2 * n);
        if (r < 0)
            r += 2 * n;
        r -= n;
        int64_t m = r >= 0 ? r : -(1 + r);
        return (n - 1) - m;
    }
    }
}

struct tex {
    int w, h, is_float;
    const void *data;
};

static void texel(const struct tex *t, int64_t x, int64_t y, float out[4])
{
    if (t->is_float) {
        memcpy(out, (const float *)t->data + 4 * (y * t->w + x), 16);
    } else {
        const unsigned char *p = (const unsigned char *)t->data + 4 * (y * t->w + x);
        for (int c = 0; c < 4; c++)
            out[c] = (float)((double)p[c] / 255.0);
    }
}

static void lerp(const float a[4], const float b[4], float w, float out[4])
{
    for (int c = 0; c < 4; c++)
        out[c] = a[c] + (b[c] - a[c]) * w;
}

static void reference(const struct tex *t, GLenum wrap_mode, int linear, float s, float tt, int ox, int oy,
                      float out[4])
{
    float u = s * (float)t->w + (float)ox;
    float v = tt * (float)t->h + (float)oy;
    if (!linear) {
        texel(t, wrap((int64_t)floorf(u), t->w, wrap_mode), wrap((int64_t)floorf(v), t->h, wrap_mode), out);
        return;
    }
    float a = u - 0.5f, b = v - 0.5f;
    float fa = floorf(a), fb = floorf(b);
    int64_t x0 = (int64_t)fa, y0 = (int64_t)fb;
    float wa = a - fa, wb = b - fb;
    int64_t xs[2] = {wrap(x0, t->w, wrap_mode), wrap(x0 + 1, t->w, wrap_mode)};
    int64_t ys[2] = {wrap(y0, t->h, wrap_mode), wrap(y0 + 1, t->h, wrap_mode)};
    float t00[4], t10[4], t01[4], t11[4], r0[4], r1[4];
    texel(t, xs[0], ys[0], t00);
    texel(t, xs[1], ys[0], t10);
    texel(t, xs[0], ys[1], t01);
    texel(t, xs[1], ys[1], t11);
    lerp(t00, t10, wa, r0);
    lerp(t01, t11, wa, r1);
    lerp(r0, r1, wb, out);
}

static const char *src = "#version 430\n"
                         "layout(local_size_x = 64) in;\n"
                         "layout(binding = 0) uniform sampler2D tex;\n"
                         "layout(std430, binding = 0) readonly buffer C { vec2 coord[]; };\n"
                         "layout(std430, binding = 1) writeonly buffer R { vec4 r[]; };\n"
                         "uniform int mode;\n"
                         "void main() {\n"
                         "  uint i = gl_GlobalInvocationID.x;\n"
                         "  vec4 v = vec4(-1.0);\n"
                         "  if (i % 3u != 1u) {\n"
                         "    if (mode == 0) v = texture(tex, coord[i]);\n"
                         "    else if (mode == 1) v = textureOffset(tex, coord[i], ivec2(3, -2));\n"
                         "    else v = textureLod(tex, coord[i], 0.0);\n"
                         "  }\n"
                         "  r[i] = v;\n"
                         "}\n";

int main(void)
{
    h_init();
    GLuint prog = h_program(src);
    glUseProgram(prog);
    GLint mode_loc = glGetUniformLocation(prog, "mode");
    static float coord[2 * N], out[4 * N];
    for (int i = 0; i < N; i++) {
        for (int c = 0; c < 2; c++) {
            uint32_t r = next();
            float f;
            switch (r % 8) {
            case 0: /* far outside: beyond 2^23 texels */
                f = (r & 256 ? 1.0f : -1.0f) * (float)(1 + (r >> 9) % 1000) * 1e6f;
                break;
            case 1: /* on a texel centre of a 16-wide texture */
                f = ((float)((int)(r >> 4) % 40 - 20) + 0.5f) / 16.0f;
                break;
            default:
                f = (float)(r >> 3) / (float)(1 << 21) * 6.0f - 3.0f;
            }
            coord[2 * i + c] = f;
        }
    }
    GLuint bufs[2];
    glGenBuffers(2, bufs);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, bufs[0]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof coord, coord, GL_STATIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, bufs[1]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof out, NULL, GL_STATIC_DRAW);

    static unsigned char bytes[16 * 13 * 4];
    static float floats[16 * 8 * 4];
    for (unsigned i = 0; i < sizeof bytes; i++)
        bytes[i] = (unsigned char)next();
    for (unsigned i = 0; i < sizeof floats / 4; i++)
        floats[i] = (float)((int)(next() % 4001) - 2000) / 997.0f;
    const struct tex texes[] = {{16, 8, 0, bytes}, {13, 7, 0, bytes}, {16, 8, 1, floats}};
    const GLenum wraps[] = {GL_REPEAT, GL_CLAMP_TO_EDGE, GL_MIRRORED_REPEAT};
    GLuint tex;
    glGenTextures(1, &tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex);
    int cases = 0;
    for (unsigned ti = 0; ti < 3; ti++) {
        const struct tex *t = &texes[ti];
        glTexImage2D(GL_TEXTURE_2D, 0, t->is_float ? GL_RGBA32F : GL_RGBA8, t->w, t->h, 0, GL_RGBA,
                     t->is_float ? GL_FLOAT : GL_UNSIGNED_BYTE, t->data);
        for (unsigned wi = 0; wi < 3; wi++) {
            for (int linear = 0; linear < 2; linear++) {
                GLint f = linear ? GL_LINEAR : GL_NEAREST;
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, f);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, f);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wraps[wi]);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wraps[wi]);
                for (int mode = 0; mode < 3; mode++) {
                    glUniform1i(mode_loc, mode);
                    glDispatchCompute(N / 64, 1, 1);
                    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
                    glBindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[1]);
                    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
                    int bad = 0, first = -1;
                    for (int i = 0; i < N; i++) {
                        float want[4] = {-1.0f, -1.0f, -1.0f, -1.0f};
                        if (i % 3 != 1) {
                            int ox = mode == 1 ? 3 : 0, oy = mode == 1 ? -2 : 0;
                            reference(t, wraps[wi], linear, coord[2 * i], coord[2 * i + 1], ox, oy, want);
                        }
                        if (memcmp(want, &out[4 * i], 16) != 0) {
                            if (first < 0)
                                first = i;
                            bad++;
                        }
                    }
                    if (first >= 0) {
                        float want[4];
                        reference(t, wraps[wi], linear, coord[2 * first], coord[2 * first + 1], mode == 1 ? 3 : 0,
                                  mode == 1 ? -2 : 0, want);
                        printf("first difference at %d, coord (%.9g, %.9g): got (%.9g %.9g %.9g %.9g), want (%.9g "
                               "%.9g %.9g %.9g)\n",
                               first, coord[2 * first], coord[2 * first + 1], out[4 * first], out[4 * first + 1],
                               out[4 * first + 2], out[4 * first + 3], want[0], want[1], want[2], want[3]);
                    }
                    CHECK(bad == 0, "%dx%d %s, wrap 0x%x, %s, mode %d: every lane equals the reference (%d differ)",
                          t->w, t->h, t->is_float ? "RGBA32F" : "RGBA8", wraps[wi], linear ? "LINEAR" : "NEAREST",
                          mode, bad);
                    cases++;
                }
            }
        }
    }
    printf("%d cases of %d lookups\n", cases, N);
    return h_finish("sampler_lanes");
}
