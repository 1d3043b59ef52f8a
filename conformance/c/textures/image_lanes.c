/* imageLoad of 32-bit texels (rgba8, r32f, r32ui) from compute, bit for bit against
 * the texels written: lanes reading consecutive texels (which SIMD regions load as
 * vectors), lanes reading every other texel, lanes partly or wholly outside the image
 * (zero), in groups whose width is not a multiple of 8, and in divergent control flow.
 * In SIMD lanes and with GLCOMPUTE_DEBUG=scalar. */
// run: standalone
// run: standalone GLCOMPUTE_DEBUG=scalar
#include "harness.h"
#include <string.h>

#define W 37
#define H 5
#define GX 44 /* invocations along x: x runs from -3 to 40 */

static uint32_t rng = 4242;
static uint32_t next(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 4;
}

static const char *src_fmt = "#version 430\n"
                             "layout(local_size_x = 11, local_size_y = 2) in;\n"
                             "layout(%s, binding = 0) readonly uniform %s img;\n"
                             "layout(std430, binding = 0) writeonly buffer R { %s r[]; };\n"
                             "uniform int stride;\n"
                             "void main() {\n"
                             "  ivec2 g = ivec2(gl_GlobalInvocationID.xy);\n"
                             "  ivec2 p = ivec2(g.x * stride - 3, g.y - 1);\n"
                             "  %s v = %s(7);\n"
                             "  if (g.x %% 5 != 3 || stride == 1)\n"
                             "    v = imageLoad(img, p);\n"
                             "  r[g.y * %d + g.x] = v;\n"
                             "}\n";

int main(void)
{
    h_init();
    static unsigned char bytes[W * H * 4];
    for (unsigned i = 0; i < sizeof bytes; i++)
        bytes[i] = (unsigned char)next();
    static float floats[W * H];
    static uint32_t uints[W * H];
    for (int i = 0; i < W * H; i++) {
        floats[i] = (float)((int)(next() % 20001) - 10000) / 77.0f;
        uints[i] = next();
    }
    struct {
        const char *qual, *type, *out, *vec;
        GLenum internal, format, type_gl;
        const void *data;
        int comps;
    } cases[] = {
        {"rgba8", "image2D", "vec4", "vec4", GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, bytes, 4},
        {"r32f", "image2D", "vec4", "vec4", GL_R32F, GL_RED, GL_FLOAT, floats, 1},
        {"r32ui", "uimage2D", "uvec4", "uvec4", GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, uints, 1},
    };
    const int gy = H + 3; /* y runs from -1 to H + 1 */
    static uint32_t out[GX * (H + 3) * 4];
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof out, NULL, GL_STATIC_DRAW);
    for (unsigned c = 0; c < 3; c++) {
        char src[2048];
        snprintf(src, sizeof src, src_fmt, cases[c].qual, cases[c].type, cases[c].out, cases[c].vec, cases[c].vec,
                 GX);
        GLuint prog = h_program(src);
        glUseProgram(prog);
        GLuint tex;
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexStorage2D(GL_TEXTURE_2D, 1, cases[c].internal, W, H);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, W, H, cases[c].format, cases[c].type_gl, cases[c].data);
        glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_ONLY, cases[c].internal);
        for (int stride = 1; stride <= 2; stride++) {
            glUniform1i(glGetUniformLocation(prog, "stride"), stride);
            glDispatchCompute(GX / 11, gy / 2, 1);
            glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
            glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GX * (gy - gy % 2) * 16, out);
            int bad = 0, first = -1;
            for (int y = 0; y < gy - gy % 2; y++) {
                for (int x = 0; x < GX; x++) {
                    uint32_t want[4] = {0, 0, 0, 0};
                    int px = x * stride - 3, py = y - 1;
                    if (x % 5 == 3 && stride != 1) {
                        for (int k = 0; k < 4; k++)
                            if (c == 2) {
                                want[k] = 7;
                            } else {
                                float seven = 7.0f;
                                memcpy(&want[k], &seven, 4);
                            }
                    } else if (px >= 0 && px < W && py >= 0 && py < H) {
                        float f[4] = {0, 0, 0, 1};
                        if (c == 0) {
                            for (int k = 0; k < 4; k++)
                                f[k] = (float)((double)bytes[4 * (py * W + px) + k] / 255.0);
                            memcpy(want, f, 16);
                        } else if (c == 1) {
                            f[0] = floats[py * W + px];
                            memcpy(want, f, 16);
                        } else {
                            want[0] = uints[py * W + px];
                            want[3] = 1;
                        }
                    } else if (c != 2) {
                        /* Outside: zero (GL 4.6 §8.26: an invalid load returns zero). */
                    }
                    if (memcmp(want, &out[4 * (y * GX + x)], 16) != 0) {
                        bad++;
                        if (first < 0)
                            first = y * GX + x;
                    }
                }
            }
            if (first >= 0)
                printf("first difference at invocation (%d, %d): got %08x %08x %08x %08x\n", first % GX, first / GX,
                       out[4 * first], out[4 * first + 1], out[4 * first + 2], out[4 * first + 3]);
            CHECK(bad == 0, "%s, stride %d: every invocation loads the texel written (%d differ)", cases[c].qual,
                  stride, bad);
        }
        glDeleteTextures(1, &tex);
        glDeleteProgram(prog);
    }
    return h_finish("image_lanes");
}
