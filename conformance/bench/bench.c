/* Benchmark harness (not a test): runs a set of compute kernels on whatever GL it is
 * linked against and prints, per kernel, the median time of several runs, a
 * throughput, the compile+link+first-dispatch time and a checksum of the result.
 * scripts/bench.sh runs it on glcompute and on Mesa llvmpipe in the same run and
 * prints the ratios. Output lines: `name median_ms throughput unit compile_ms checksum`.
 * `bench RUNS c_triad THREADS` instead times saxpy's triad in plain C on THREADS
 * threads, the bandwidth saxpy is measured against. */
#define _GNU_SOURCE
#define GL_GLEXT_PROTOTYPES 1
#define EGL_NO_X11 1
#define MESA_EGL_NO_X11_HEADERS 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static GLuint compile_program(const char *src)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "compile failed: %s\n", log);
        exit(1);
    }
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "link failed: %s\n", log);
        exit(1);
    }
    glDeleteShader(s);
    return p;
}

static GLuint buffer(GLsizeiptr size, const void *data, GLuint binding)
{
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, size, data, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, b);
    return b;
}

static double checksum(GLuint b, GLsizeiptr size, int kind)
{
    void *p = malloc(size);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, size, p);
    double s = 0;
    GLsizeiptr n = size / (kind == 2 ? 8 : 4);
    for (GLsizeiptr i = 0; i < n; i++) {
        double v = kind == 0 ? ((float *)p)[i] : kind == 1 ? ((uint32_t *)p)[i] : ((double *)p)[i];
        s += v * (double)((i % 7) + 1);
    }
    free(p);
    return s;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum kind { F32, U32, F64 };

struct kernel {
    const char *name;
    const char *src;
    void (*setup)(void);
    unsigned groups[3];
    int dispatches; /* per timed run */
    double work;    /* units of work per run */
    const char *unit;
    int result;     /* index in bufs[] of the buffer the checksum reads */
    enum kind kind; /* its element type */
    void (*run)(GLuint program); /* a timed run other than `dispatches` plain dispatches */
};

enum { N = 1 << 24 };
static GLuint bufs[4];

static void setup_saxpy(void)
{
    float *x = malloc(N * 4), *y = malloc(N * 4);
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 1000) * 0.001f;
        y[i] = 1.0f;
    }
    bufs[0] = buffer(N * 4, x, 0);
    bufs[1] = buffer(N * 4, y, 1);
    free(x);
    free(y);
}

static void setup_reduce(void)
{
    float *x = malloc(N * 4);
    for (int i = 0; i < N; i++)
        x[i] = (float)(i % 17) * 0.5f;
    bufs[0] = buffer(N * 4, x, 0);
    bufs[1] = buffer((N / 256) * 4, NULL, 1);
    free(x);
}

static void setup_scan(void)
{
    const int n = 2048 * 2048;
    float *x = malloc(n * 4);
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 5);
    bufs[0] = buffer(n * 4, x, 0);
    bufs[1] = buffer(n * 4, NULL, 1);
    free(x);
}

enum { M = 512 };
static void setup_matmul(void)
{
    float *a = malloc(M * M * 4), *b = malloc(M * M * 4);
    for (int i = 0; i < M * M; i++) {
        a[i] = (float)(i % 13) * 0.1f;
        b[i] = (float)(i % 11) * 0.2f;
    }
    bufs[0] = buffer(M * M * 4, a, 0);
    bufs[1] = buffer(M * M * 4, b, 1);
    bufs[2] = buffer(M * M * 4, NULL, 2);
    free(a);
    free(b);
}

static void setup_hist(void)
{
    uint32_t *x = malloc(N * 4);
    uint32_t s = 1;
    for (int i = 0; i < N; i++) {
        s = s * 1664525u + 1013904223u;
        x[i] = s;
    }
    bufs[0] = buffer(N * 4, x, 0);
    bufs[1] = buffer(256 * 4, NULL, 1);
    free(x);
}

enum { TN = 1 << 20 };
static void setup_trans(void)
{
    float *x = malloc(TN * 4);
    for (int i = 0; i < TN; i++)
        x[i] = (float)(i % 2000) * 0.005f - 5.0f;
    bufs[0] = buffer(TN * 4, x, 0);
    bufs[1] = buffer(TN * 4, NULL, 1);
    free(x);
}
/* Taichi's GL back end: one word-addressed buffer holding every field as raw bits,
 * and a grid-stride loop. */
static void setup_grid(void)
{
    uint32_t *d = malloc(3 * (size_t)N * 4);
    for (int i = 0; i < N; i++) {
        float a = (float)(i % 1000) * 0.001f, b = 1.0f;
        memcpy(&d[i], &a, 4);
        memcpy(&d[N + i], &b, 4);
        d[2 * N + i] = 0;
    }
    bufs[0] = buffer(3 * (size_t)N * 4, NULL, 2);
    bufs[1] = buffer(3 * (size_t)N * 4, d, 0);
    free(d);
}
static void setup_mandel(void)
{
    bufs[0] = buffer(1024 * 1024 * 4, NULL, 0);
}

enum { BODIES = 8192 };
static void setup_nbody(void)
{
    float *p = malloc(BODIES * 16);
    for (int i = 0; i < BODIES; i++) {
        p[i * 4] = sinf(i * 0.37f) * 100.0f;
        p[i * 4 + 1] = cosf(i * 0.11f) * 100.0f;
        p[i * 4 + 2] = sinf(i * 0.05f) * 100.0f;
        p[i * 4 + 3] = 1.0f + (float)(i % 3);
    }
    bufs[0] = buffer(BODIES * 16, p, 0);
    bufs[1] = buffer(BODIES * 16, NULL, 1);
    free(p);
}

enum { IMG = 1024 };
static void setup_blur(void)
{
    unsigned char *px = malloc(IMG * IMG * 4);
    for (int i = 0; i < IMG * IMG * 4; i++)
        px[i] = (unsigned char)((i * 2654435761u) >> 24);
    GLuint tex[2];
    glGenTextures(2, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, IMG, IMG);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, IMG, IMG, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, IMG, IMG);
    glBindImageTexture(0, tex[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindImageTexture(1, tex[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    bufs[1] = buffer(IMG * IMG * 4, NULL, 1);
    free(px);
}

/* A sampled texture: rgba8, mipmapped, linear filtering. */
enum { TEX = 1024 };
static void setup_sampled(void)
{
    unsigned char *px = malloc(TEX * TEX * 4);
    for (int i = 0; i < TEX * TEX * 4; i++)
        px[i] = (unsigned char)((i * 2654435761u) >> 24);
    GLuint tex;
    glGenTextures(1, &tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, TEX, TEX);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, TEX, TEX, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    bufs[1] = buffer(TEX * TEX * 4, NULL, 1);
    free(px);
}

/* Bitonic sort of 2^16 keys: one small dispatch per (k, j) step, 136 in all, with a
 * storage barrier between them. Every run sorts a fresh copy of the same keys. */
enum { SORTN = 1 << 16 };
static uint32_t *sort_keys;
static void setup_sort(void)
{
    sort_keys = malloc(SORTN * 4);
    uint32_t s = 7;
    for (int i = 0; i < SORTN; i++) {
        s = s * 1664525u + 1013904223u;
        sort_keys[i] = s >> 8;
    }
    bufs[0] = buffer(SORTN * 4, sort_keys, 0);
}
static void run_sort(GLuint program)
{
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[0]);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, SORTN * 4, sort_keys);
    GLint loc = glGetUniformLocation(program, "kj");
    for (unsigned k = 2; k <= SORTN; k <<= 1)
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            glUniform2ui(loc, k, j);
            glDispatchCompute(SORTN / 2 / 256, 1, 1);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
}

static void setup_reduce_double(void)
{
    double *x = malloc((N / 4) * 8);
    for (int i = 0; i < N / 4; i++)
        x[i] = (double)(i % 17) * 0.25 + 1e-9 * (i % 3);
    bufs[0] = buffer((N / 4) * 8, x, 0);
    bufs[1] = buffer((N / 4 / 256) * 8, NULL, 1);
    free(x);
}

static void setup_tiny(void)
{
    bufs[0] = buffer(64 * 4, NULL, 0);
}

static struct kernel kernels[] = {
    {"saxpy", "#version 430\nlayout(local_size_x = 256) in;\n"
              "layout(std430, binding = 0) readonly buffer X { float x[]; };\n"
              "layout(std430, binding = 1) buffer Y { float y[]; };\n"
              "uniform float a = 1.5;\n"
              "void main() { uint i = gl_GlobalInvocationID.y * 1048576u + gl_GlobalInvocationID.x; y[i] = a * x[i] + y[i]; }\n",
     setup_saxpy, {4096, 16, 1}, 1, N * 12.0 / 1e9, "GB/s", 1, F32, NULL},
    {"reduce", "#version 430\nlayout(local_size_x = 256) in;\n"
               "layout(std430, binding = 0) readonly buffer X { float x[]; };\n"
               "layout(std430, binding = 1) buffer S { float s[]; };\n"
               "shared float t[256];\n"
               "void main() {\n"
               "  uint l = gl_LocalInvocationIndex;\n"
               "  t[l] = x[gl_GlobalInvocationID.y * 1048576u + gl_GlobalInvocationID.x];\n"
               "  barrier();\n"
               "  for (uint k = 128u; k > 0u; k >>= 1) { if (l < k) t[l] += t[l + k]; barrier(); }\n"
               "  if (l == 0u) s[gl_WorkGroupID.y * 4096u + gl_WorkGroupID.x] = t[0];\n"
               "}\n",
     setup_reduce, {4096, 16, 1}, 1, N * 4.0 / 1e9, "GB/s", 1, F32, NULL},
    {"prefix_sum", "#version 430\nlayout(local_size_x = 1024) in;\n"
                   "layout(std430, binding = 0) readonly buffer I { float inp[]; };\n"
                   "layout(std430, binding = 1) buffer O { float outp[]; };\n"
                   "shared float sd[2048];\n"
                   "void main() {\n"
                   "  uint id = gl_LocalInvocationID.x, base = gl_WorkGroupID.x * 2048u;\n"
                   "  sd[id * 2u] = inp[base + id * 2u]; sd[id * 2u + 1u] = inp[base + id * 2u + 1u];\n"
                   "  barrier();\n"
                   "  for (uint step = 0u; step < 11u; step++) {\n"
                   "    uint mask = (1u << step) - 1u;\n"
                   "    uint rd = ((id >> step) << (step + 1u)) + mask;\n"
                   "    uint wr = rd + 1u + (id & mask);\n"
                   "    sd[wr] += sd[rd];\n"
                   "    barrier();\n"
                   "  }\n"
                   "  outp[base + id * 2u] = sd[id * 2u]; outp[base + id * 2u + 1u] = sd[id * 2u + 1u];\n"
                   "}\n",
     setup_scan, {2048, 1, 1}, 1, 2048.0 * 2048 / 1e6, "Melem/s", 1, F32, NULL},
    {"matmul", "#version 430\nlayout(local_size_x = 16, local_size_y = 16) in;\n"
               "layout(std430, binding = 0) readonly buffer A { float a[]; };\n"
               "layout(std430, binding = 1) readonly buffer B { float b[]; };\n"
               "layout(std430, binding = 2) buffer C { float c[]; };\n"
               "shared float ta[16][16];\n"
               "shared float tb[16][16];\n"
               "const uint n = 512u;\n"
               "void main() {\n"
               "  uint row = gl_GlobalInvocationID.y, col = gl_GlobalInvocationID.x;\n"
               "  uint lx = gl_LocalInvocationID.x, ly = gl_LocalInvocationID.y;\n"
               "  float acc = 0.0;\n"
               "  for (uint t = 0u; t < n; t += 16u) {\n"
               "    ta[ly][lx] = a[row * n + t + lx];\n"
               "    tb[ly][lx] = b[(t + ly) * n + col];\n"
               "    barrier();\n"
               "    for (uint k = 0u; k < 16u; k++) acc += ta[ly][k] * tb[k][lx];\n"
               "    barrier();\n"
               "  }\n"
               "  c[row * n + col] = acc;\n"
               "}\n",
     setup_matmul, {M / 16, M / 16, 1}, 1, 2.0 * M * M * M / 1e9, "GFLOP/s", 2, F32, NULL},
    {"histogram", "#version 430\nlayout(local_size_x = 256) in;\n"
                  "layout(std430, binding = 0) readonly buffer X { uint x[]; };\n"
                  "layout(std430, binding = 1) buffer H { uint h[256]; };\n"
                  "shared uint lh[256];\n"
                  "void main() {\n"
                  "  uint l = gl_LocalInvocationIndex;\n"
                  "  lh[l] = 0u;\n"
                  "  barrier();\n"
                  "  atomicAdd(lh[x[gl_GlobalInvocationID.y * 1048576u + gl_GlobalInvocationID.x] >> 24], 1u);\n"
                  "  barrier();\n"
                  "  atomicAdd(h[l], lh[l]);\n"
                  "}\n",
     setup_hist, {4096, 16, 1}, 1, N / 1e6, "Melem/s", 1, U32, NULL},
    {"mandelbrot", "#version 430\nlayout(local_size_x = 16, local_size_y = 16) in;\n"
                   "layout(std430, binding = 0) buffer O { uint it[]; };\n"
                   "void main() {\n"
                   "  uvec2 p = gl_GlobalInvocationID.xy;\n"
                   "  vec2 c = vec2(-2.0, -1.5) + vec2(p) * (3.0 / 1024.0);\n"
                   "  vec2 z = vec2(0.0);\n"
                   "  uint i = 0u;\n"
                   "  while (i < 256u && dot(z, z) < 4.0) { z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c; i++; }\n"
                   "  it[p.y * 1024u + p.x] = i;\n"
                   "}\n",
     setup_mandel, {64, 64, 1}, 1, 1024.0 * 1024 / 1e6, "Mpixel/s", 0, U32, NULL},
    {"nbody", "#version 430\nlayout(local_size_x = 256) in;\n"
              "layout(std430, binding = 0) readonly buffer P { vec4 pos[]; };\n"
              "layout(std430, binding = 1) buffer A { vec4 acc[]; };\n"
              "shared vec4 tile[256];\n"
              "void main() {\n"
              "  uint i = gl_GlobalInvocationID.x;\n"
              "  vec3 me = pos[i].xyz;\n"
              "  vec3 a = vec3(0.0);\n"
              "  for (uint t = 0u; t < gl_NumWorkGroups.x; t++) {\n"
              "    tile[gl_LocalInvocationIndex] = pos[t * 256u + gl_LocalInvocationIndex];\n"
              "    barrier();\n"
              "    for (uint j = 0u; j < 256u; j++) {\n"
              "      vec3 d = tile[j].xyz - me;\n"
              "      float r2 = dot(d, d) + 0.01;\n"
              "      a += d * (tile[j].w * inversesqrt(r2 * r2 * r2));\n"
              "    }\n"
              "    barrier();\n"
              "  }\n"
              "  acc[i] = vec4(a, 0.0);\n"
              "}\n",
     setup_nbody, {BODIES / 256, 1, 1}, 1, (double)BODIES * BODIES / 1e9, "Ginteractions/s", 1, F32, NULL},
    /* A 5x5 box blur: 25 imageLoad of an rgba8 image and one imageStore to rgba32f per
     * pixel (the sum also goes to a buffer, for the checksum). */
    {"image_blur", "#version 430\nlayout(local_size_x = 16, local_size_y = 16) in;\n"
                   "layout(rgba8, binding = 0) readonly uniform image2D src;\n"
                   "layout(rgba32f, binding = 1) writeonly uniform image2D dst;\n"
                   "layout(std430, binding = 1) buffer O { float o[]; };\n"
                   "void main() {\n"
                   "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                   "  vec4 acc = vec4(0.0);\n"
                   "  for (int dy = -2; dy <= 2; dy++)\n"
                   "    for (int dx = -2; dx <= 2; dx++)\n"
                   "      acc += imageLoad(src, clamp(p + ivec2(dx, dy), ivec2(0), ivec2(1023)));\n"
                   "  acc /= 25.0;\n"
                   "  imageStore(dst, p, acc);\n"
                   "  o[p.y * 1024 + p.x] = acc.r + acc.g + acc.b + acc.a;\n"
                   "}\n",
     setup_blur, {IMG / 16, IMG / 16, 1}, 1, (double)IMG * IMG / 1e6, "Mpixel/s", 1, F32, NULL},
    {"transcendental", "#version 430\nlayout(local_size_x = 64) in;\n"
                       "layout(std430, binding = 0) readonly buffer X { float x[]; };\n"
                       "layout(std430, binding = 1) buffer Y { float y[]; };\n"
                       "void main() {\n"
                       "  uint i = gl_GlobalInvocationID.x;\n"
                       "  float v = x[i], acc = 0.0;\n"
                       "  for (int k = 0; k < 8; k++) {\n"
                       "    acc += sin(v) * exp(-abs(v)) + cos(v * 0.5) + inversesqrt(1.0 + v * v)\n"
                       "         + pow(abs(v) + 1.0, 0.3) + log2(abs(v) + 1.0) + atan(v);\n"
                       "    v = v * 0.9 + 0.1;\n"
                       "  }\n"
                       "  y[i] = acc;\n"
                       "}\n",
     setup_trans, {TN / 64, 1, 1}, 1, TN / 1e6, "Melem/s", 1, F32, NULL},
    {"grid_stride", "#version 430\nlayout(local_size_x = 128) in;\n"
                    "layout(std430, binding = 0) buffer D { uint d[]; };\n"
                    "const uint n = 16777216u;\n"
                    "void main() {\n"
                    "  for (uint i = gl_GlobalInvocationID.x; i < n; i += gl_NumWorkGroups.x * 128u) {\n"
                    "    float a = uintBitsToFloat(d[i]), b = uintBitsToFloat(d[n + i]);\n"
                    "    d[2u * n + i] = floatBitsToUint(a * 2.5 + b);\n"
                    "  }\n"
                    "}\n",
     setup_grid, {1024, 1, 1}, 1, N * 12.0 / 1e9, "GB/s", 1, F32, NULL},
    /* Bilinear sampling at rotated, scaled coordinates: four texture() calls per pixel. */
    {"sampled_texture", "#version 430\nlayout(local_size_x = 16, local_size_y = 16) in;\n"
                        "layout(binding = 0) uniform sampler2D tex;\n"
                        "layout(std430, binding = 1) buffer O { float o[]; };\n"
                        "void main() {\n"
                        "  vec2 p = vec2(gl_GlobalInvocationID.xy) / 1024.0;\n"
                        "  mat2 r = mat2(0.8, 0.6, -0.6, 0.8) * 1.3;\n"
                        "  vec4 acc = vec4(0.0);\n"
                        "  for (int k = 0; k < 4; k++)\n"
                        "    acc += texture(tex, r * p + vec2(0.13 * float(k), 0.07 * float(k)));\n"
                        "  o[gl_GlobalInvocationID.y * 1024u + gl_GlobalInvocationID.x] = dot(acc, vec4(1.0));\n"
                        "}\n",
     setup_sampled, {TEX / 16, TEX / 16, 1}, 1, (double)TEX * TEX / 1e6, "Mpixel/s", 1, F32, NULL},
    {"bitonic_sort", "#version 430\nlayout(local_size_x = 256) in;\n"
                     "layout(std430, binding = 0) buffer K { uint key[]; };\n"
                     "uniform uvec2 kj;\n"
                     "void main() {\n"
                     "  uint t = gl_GlobalInvocationID.x, k = kj.x, j = kj.y;\n"
                     "  uint i = 2u * t - (t & (j - 1u));\n"
                     "  uint l = i + j;\n"
                     "  uint a = key[i], b = key[l];\n"
                     "  bool up = (i & k) == 0u;\n"
                     "  if ((a > b) == up) { key[i] = b; key[l] = a; }\n"
                     "}\n",
     setup_sort, {SORTN / 2 / 256, 1, 1}, 136, 136.0 * SORTN / 2 / 1e6, "Mcmp/s", 0, U32, run_sort},
    {"reduce_double", "#version 430\nlayout(local_size_x = 256) in;\n"
                      "layout(std430, binding = 0) readonly buffer X { double x[]; };\n"
                      "layout(std430, binding = 1) buffer S { double s[]; };\n"
                      "shared double t[256];\n"
                      "void main() {\n"
                      "  uint l = gl_LocalInvocationIndex;\n"
                      "  t[l] = x[gl_GlobalInvocationID.x] * x[gl_GlobalInvocationID.x];\n"
                      "  barrier();\n"
                      "  for (uint k = 128u; k > 0u; k >>= 1) { if (l < k) t[l] += t[l + k]; barrier(); }\n"
                      "  if (l == 0u) s[gl_WorkGroupID.x] = t[0];\n"
                      "}\n",
     setup_reduce_double, {N / 4 / 256, 1, 1}, 1, N / 4 * 8.0 / 1e9, "GB/s", 1, F64, NULL},
    {"tiny_dispatches", "#version 430\nlayout(local_size_x = 64) in;\n"
                        "layout(std430, binding = 0) buffer O { uint v[]; };\n"
                        "void main() { v[gl_LocalInvocationIndex] += 1u; }\n",
     setup_tiny, {1, 1, 1}, 1000, 1000.0 / 1e3, "kdispatch/s", 0, U32, NULL},
};

/* The bandwidth reference for saxpy: the same triad y = a * x + y over the same
 * arrays (N floats each) in plain C, split over `threads` threads. */
struct triad_part {
    float *x, *y;
    size_t begin, end;
};

static void *triad_run(void *arg)
{
    struct triad_part *p = arg;
    for (size_t i = p->begin; i < p->end; i++)
        p->y[i] = 1.5f * p->x[i] + p->y[i];
    return NULL;
}

/* Prints `c_triad median_ms GB/s threads` (no GL involved). */
static int c_triad(int runs, int threads)
{
    float *x = malloc(N * 4), *y = malloc(N * 4);
    if (!x || !y || threads < 1 || threads > 256)
        return 2;
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 1000) * 0.001f;
        y[i] = 1.0f;
    }
    double times[64];
    if (runs > 64)
        runs = 64;
    for (int r = 0; r < runs; r++) {
        pthread_t t[256];
        struct triad_part parts[256];
        double s = now();
        for (int k = 0; k < threads; k++) {
            parts[k] = (struct triad_part){x, y, (size_t)N * k / threads, (size_t)N * (k + 1) / threads};
            pthread_create(&t[k], NULL, triad_run, &parts[k]);
        }
        for (int k = 0; k < threads; k++)
            pthread_join(t[k], NULL);
        times[r] = now() - s;
    }
    qsort(times, runs, sizeof times[0], cmp);
    double med = times[runs / 2];
    printf("c_triad %.3f %.3f GB/s %d\n", med * 1e3, N * 12.0 / 1e9 / med, threads);
    free(x);
    free(y);
    return 0;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    const char *only = argc > 2 ? argv[2] : NULL;
    if (only && strcmp(only, "c_triad") == 0)
        return c_triad(runs, argc > 3 ? atoi(argv[3]) : 1);
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    eglInitialize(dpy, NULL, NULL);
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "no GL 4.3 context\n");
        return 2;
    }
    printf("# renderer: %s\n", glGetString(GL_RENDERER));
    for (unsigned k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
        struct kernel *kn = &kernels[k];
        if (only && strcmp(only, kn->name) != 0)
            continue;
        kn->setup();
        /* Compile, link and a first one-group dispatch: what a program pays before
         * its first result (both drivers generate code lazily). */
        double t0 = now();
        GLuint p = compile_program(kn->src);
        glUseProgram(p);
        glDispatchCompute(1, 1, 1);
        glFinish();
        double compile_ms = (now() - t0) * 1e3;
        double times[64];
        if (runs > 64)
            runs = 64;
        for (int r = 0; r < runs; r++) {
            double s = now();
            if (kn->run)
                kn->run(p);
            else
                for (int d = 0; d < kn->dispatches; d++)
                    glDispatchCompute(kn->groups[0], kn->groups[1], kn->groups[2]);
            glFinish();
            times[r] = now() - s;
        }
        qsort(times, runs, sizeof times[0], cmp);
        double med = times[runs / 2];
        GLuint result = bufs[kn->result];
        GLint size = 0;
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, result);
        glGetBufferParameteriv(GL_SHADER_STORAGE_BUFFER, GL_BUFFER_SIZE, &size);
        double sum = checksum(result, size, kn->kind);
        printf("%s %.3f %.3f %s %.1f %.6g\n", kn->name, med * 1e3, kn->work / med, kn->unit, compile_ms, sum);
        fflush(stdout);
        glDeleteProgram(p);
        glDeleteBuffers(4, bufs);
        memset(bufs, 0, sizeof bufs);
    }
    return 0;
}
