/* Executing dispatches, every path, each checked against a CPU reference: direct
 * dispatches over a 3D grid, indirect dispatches at several offsets, zero-size
 * dispatches, variable group sizes, 1024-invocation groups with barriers in loops and
 * ifs, a 64 MiB storage buffer, atomics contended by every worker thread, atomic
 * counters, uniform updates between dispatches, uniform blocks, and out-of-range
 * shader accesses that must stay inside their buffers. */
// run: standalone
#include "harness.h"

static GLuint buffer(GLsizeiptr size, const void *data)
{
    GLuint b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, size, data, GL_DYNAMIC_COPY);
    return b;
}

static void ids(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;\n"
        "layout(std430, binding = 0) buffer Out { uvec4 rec[]; };\n"
        "void main() {\n"
        "  uvec3 n = gl_NumWorkGroups * gl_WorkGroupSize;\n"
        "  uvec3 g = gl_GlobalInvocationID;\n"
        "  uint i = g.x + n.x * (g.y + n.y * g.z);\n"
        "  rec[i * 3u] = uvec4(gl_GlobalInvocationID, gl_LocalInvocationIndex);\n"
        "  rec[i * 3u + 1u] = uvec4(gl_WorkGroupID, 7u);\n"
        "  rec[i * 3u + 2u] = uvec4(gl_LocalInvocationID, gl_NumWorkGroups.x * 100u + gl_NumWorkGroups.y * 10u + gl_NumWorkGroups.z);\n"
        "}\n");
    CHECK(p, "ids program");
    const unsigned G[3] = {5, 3, 2}, L[3] = {4, 2, 2};
    const unsigned N[3] = {G[0] * L[0], G[1] * L[1], G[2] * L[2]};
    unsigned total = N[0] * N[1] * N[2];
    size_t size = total * 3 * 16;
    unsigned *out = calloc(1, size);
    GLuint b = buffer(size, NULL);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    EXPECT_OK(glDispatchCompute(G[0], G[1], G[2]));
    glGetNamedBufferSubData(b, 0, size, out);
    int bad = 0;
    for (unsigned z = 0; z < N[2]; z++)
        for (unsigned y = 0; y < N[1]; y++)
            for (unsigned x = 0; x < N[0]; x++) {
                unsigned i = x + N[0] * (y + N[1] * z);
                unsigned *r = out + i * 12;
                unsigned lx = x % L[0], ly = y % L[1], lz = z % L[2];
                unsigned want[12] = {x, y, z, lx + L[0] * (ly + L[1] * lz), x / L[0], y / L[1], z / L[2], 7,
                                     lx, ly, lz, 532};
                if (memcmp(r, want, sizeof want) != 0 && bad++ < 3)
                    fprintf(stderr, "  invocation (%u,%u,%u): got %u %u %u %u / %u %u %u / %u %u %u %u\n", x, y, z,
                            r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[8], r[9], r[10], r[11]);
            }
    CHECK(bad == 0, "built-in ids of %u invocations (%d wrong)", total, bad);

    /* Zero-size dispatches run nothing and raise no error. */
    glClearNamedBufferData(b, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL);
    EXPECT_OK(glDispatchCompute(0, 3, 2));
    EXPECT_OK(glDispatchCompute(5, 0, 2));
    EXPECT_OK(glDispatchCompute(5, 3, 0));
    glGetNamedBufferSubData(b, 0, size, out);
    int nonzero = 0;
    for (size_t i = 0; i < size / 4; i++)
        nonzero += out[i] != 0;
    CHECK(nonzero == 0, "ARB_compute_shader: a zero count dispatches nothing (%d words written)", nonzero);
    free(out);
    glDeleteBuffers(1, &b);
    glDeleteProgram(p);
}

static void indirect(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 8) in;\n"
        "layout(std430, binding = 0) buffer Out { uint invocations; uint groups_seen; uvec3 num; };\n"
        "void main() {\n"
        "  atomicAdd(invocations, 1u);\n"
        "  if (gl_LocalInvocationIndex == 0u) atomicAdd(groups_seen, 1u);\n"
        "  num = gl_NumWorkGroups;\n"
        "}\n");
    CHECK(p, "indirect program");
    /* Three triples at byte offsets 0, 16 and 40. */
    GLuint cmd[16] = {0};
    cmd[0] = 3; cmd[1] = 2; cmd[2] = 1;
    cmd[4] = 1; cmd[5] = 1; cmd[6] = 7;
    cmd[10] = 4; cmd[11] = 4; cmd[12] = 4;
    GLuint ib = buffer(sizeof cmd, cmd);
    GLuint out = buffer(32, NULL);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, ib);
    glUseProgram(p);
    const struct { GLintptr off; unsigned g[3]; } cases[] = {{0, {3, 2, 1}}, {16, {1, 1, 7}}, {40, {4, 4, 4}}};
    for (int c = 0; c < 3; c++) {
        glClearNamedBufferData(out, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL);
        EXPECT_OK(glDispatchComputeIndirect(cases[c].off));
        GLuint r[7]; /* std430: the uvec3 starts at byte 16 */
        glGetNamedBufferSubData(out, 0, sizeof r, r);
        unsigned groups = cases[c].g[0] * cases[c].g[1] * cases[c].g[2];
        CHECK(r[0] == groups * 8 && r[1] == groups, "indirect at %ld: %u invocations, %u groups (want %u, %u)",
              (long)cases[c].off, r[0], r[1], groups * 8, groups);
        CHECK(r[4] == cases[c].g[0] && r[5] == cases[c].g[1] && r[6] == cases[c].g[2],
              "indirect at %ld: gl_NumWorkGroups %u %u %u", (long)cases[c].off, r[4], r[5], r[6]);
    }
    /* The counts are read when the dispatch executes: rewriting them in between counts. */
    GLuint two[3] = {2, 1, 1};
    glNamedBufferSubData(ib, 0, sizeof two, two);
    glClearNamedBufferData(out, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL);
    glDispatchComputeIndirect(0);
    GLuint r0 = 0;
    glGetNamedBufferSubData(out, 0, 4, &r0);
    CHECK(r0 == 16, "indirect counts read at execution: %u invocations", r0);
    /* A zero count in the buffer dispatches nothing. */
    GLuint zero[3] = {5, 0, 1};
    glNamedBufferSubData(ib, 0, sizeof zero, zero);
    glClearNamedBufferData(out, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL);
    EXPECT_OK(glDispatchComputeIndirect(0));
    glGetNamedBufferSubData(out, 0, 4, &r0);
    CHECK(r0 == 0, "indirect zero count ran %u invocations", r0);
    glDeleteBuffers(1, &ib);
    glDeleteBuffers(1, &out);
    glDeleteProgram(p);
}

static void variable_size(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "#extension GL_ARB_compute_variable_group_size : require\n"
        "layout(local_size_variable) in;\n"
        "layout(std430, binding = 0) buffer Out { uint v[]; };\n"
        "void main() {\n"
        "  uint w = gl_NumWorkGroups.x * gl_LocalGroupSizeARB.x;\n"
        "  uint i = gl_GlobalInvocationID.y * w + gl_GlobalInvocationID.x;\n"
        "  v[i] = gl_LocalGroupSizeARB.x * 1000u + gl_LocalGroupSizeARB.y * 10u + gl_LocalInvocationIndex % 10u;\n"
        "}\n");
    CHECK(p, "variable size program");
    GLuint b = buffer(4096 * 4, NULL);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    EXPECT_OK(glDispatchComputeGroupSizeARB(3, 2, 1, 7, 5, 1));
    GLuint v[4096];
    glGetNamedBufferSubData(b, 0, sizeof v, v);
    int bad = 0;
    for (unsigned y = 0; y < 10; y++)
        for (unsigned x = 0; x < 21; x++) {
            unsigned local = (y % 5) * 7 + x % 7;
            if (v[y * 21 + x] != 7000 + 50 + local % 10)
                bad++;
        }
    CHECK(bad == 0, "variable group size 7x5: %d wrong", bad);
    glDeleteBuffers(1, &b);
    glDeleteProgram(p);
}

/* 1024 invocations, barriers inside loops and ifs: a tree reduction and a
 * Hillis-Steele scan, with a uniform branch around a barrier. */
static void big_groups(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 1024) in;\n"
        "layout(std430, binding = 0) buffer In { uint data[]; };\n"
        "layout(std430, binding = 1) buffer Sums { uint sums[]; };\n"
        "layout(std430, binding = 2) buffer Scan { uint scan[]; };\n"
        "uniform bool do_scan;\n"
        "shared uint sh[1024];\n"
        "void main() {\n"
        "  uint id = gl_LocalInvocationIndex;\n"
        "  uint base = gl_WorkGroupID.x * 1024u;\n"
        "  sh[id] = data[base + id];\n"
        "  barrier();\n"
        "  for (uint s = 512u; s > 0u; s >>= 1) {\n"
        "    if (id < s) sh[id] += sh[id + s];\n"
        "    barrier();\n"
        "  }\n"
        "  if (id == 0u) sums[gl_WorkGroupID.x] = sh[0];\n"
        "  barrier();\n"
        "  if (do_scan) {\n"
        "    sh[id] = data[base + id];\n"
        "    barrier();\n"
        "    for (uint off = 1u; off < 1024u; off *= 2u) {\n"
        "      uint v = sh[id];\n"
        "      if (id >= off) v += sh[id - off];\n"
        "      barrier();\n"
        "      sh[id] = v;\n"
        "      barrier();\n"
        "    }\n"
        "    scan[base + id] = sh[id];\n"
        "  }\n"
        "}\n");
    CHECK(p, "big group program");
    enum { GROUPS = 16, N = GROUPS * 1024 };
    static GLuint data[N], scan[N], sums[GROUPS];
    for (int i = 0; i < N; i++)
        data[i] = (i * 2654435761u) >> 24;
    GLuint in = buffer(sizeof data, data), sb = buffer(sizeof sums, NULL), cb = buffer(sizeof scan, NULL);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, sb);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, cb);
    glUseProgram(p);
    for (int pass = 0; pass < 2; pass++) {
        glUniform1i(glGetUniformLocation(p, "do_scan"), pass);
        glClearNamedBufferData(cb, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL);
        EXPECT_OK(glDispatchCompute(GROUPS, 1, 1));
        glGetNamedBufferSubData(sb, 0, sizeof sums, sums);
        glGetNamedBufferSubData(cb, 0, sizeof scan, scan);
        int bad_sum = 0, bad_scan = 0;
        for (int g = 0; g < GROUPS; g++) {
            GLuint acc = 0;
            for (int i = 0; i < 1024; i++) {
                acc += data[g * 1024 + i];
                GLuint want = pass ? acc : 0;
                bad_scan += scan[g * 1024 + i] != want;
            }
            bad_sum += sums[g] != acc;
        }
        CHECK(bad_sum == 0, "reduction with barriers in a loop and an if (pass %d): %d groups wrong", pass, bad_sum);
        CHECK(bad_scan == 0, "scan behind a uniform if (pass %d): %d values wrong", pass, bad_scan);
    }
    glDeleteBuffers(1, &in);
    glDeleteBuffers(1, &sb);
    glDeleteBuffers(1, &cb);
    glDeleteProgram(p);
}

static void large_buffer(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 256) in;\n"
        "layout(std430, binding = 0) buffer Big { float v[]; };\n"
        "uniform float scale;\n"
        "void main() {\n"
        "  uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * 65536u * 4u;\n"
        "  v[i] = v[i] * scale + float(i & 1023u);\n"
        "}\n");
    CHECK(p, "large buffer program");
    const size_t n = 16u << 20; /* 16 Mi floats = 64 MiB */
    float *host = malloc(n * sizeof(float));
    for (size_t i = 0; i < n; i++)
        host[i] = (float)(i % 7);
    GLuint b = buffer(n * sizeof(float), host);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "scale"), 2.0f);
    /* 1024 x 64 groups of 256 = 16 Mi invocations. */
    EXPECT_OK(glDispatchCompute(1024, 64, 1));
    float *back = malloc(n * sizeof(float));
    glGetNamedBufferSubData(b, 0, n * sizeof(float), back);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += back[i] != (float)(i % 7) * 2.0f + (float)(i & 1023);
    CHECK(bad == 0, "64 MiB buffer: %zu of %zu values wrong", bad, n);
    free(host);
    free(back);
    glDeleteBuffers(1, &b);
    glDeleteProgram(p);
}

static void atomics(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 64) in;\n"
        "layout(std430, binding = 0) buffer A { uint sum; int minv; int maxv; uint ors; uint xors; uint hist[16]; uint last; };\n"
        "layout(binding = 0) uniform atomic_uint count;\n"
        "layout(binding = 0, offset = 4) uniform atomic_uint down;\n"
        "shared uint local_sum;\n"
        "void main() {\n"
        "  uint g = gl_GlobalInvocationID.x;\n"
        "  if (gl_LocalInvocationIndex == 0u) local_sum = 0u;\n"
        "  barrier();\n"
        "  atomicAdd(local_sum, 1u);\n"
        "  barrier();\n"
        "  if (gl_LocalInvocationIndex == 0u) atomicAdd(sum, local_sum);\n"
        "  atomicMin(minv, int(g % 1000u) - 500);\n"
        "  atomicMax(maxv, int(g % 1000u) - 500);\n"
        "  atomicOr(ors, 1u << (g % 32u));\n"
        "  atomicXor(xors, g);\n"
        "  atomicAdd(hist[(g * 7u) % 16u], 1u);\n"
        "  atomicCounterIncrement(count);\n"
        "  atomicCounterDecrement(down);\n"
        "  uint prev = atomicExchange(last, g);\n"
        "  atomicCompSwap(last, prev, prev);\n"
        "}\n");
    CHECK(p, "atomics program");
    enum { GROUPS = 4096, N = GROUPS * 64 };
    GLuint init[22] = {0, 0x7fffffff, 0x80000000u};
    GLuint b = buffer(sizeof init, init);
    GLuint counters[2] = {0, N};
    GLuint cb = buffer(sizeof counters, counters);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, cb);
    glUseProgram(p);
    EXPECT_OK(glDispatchCompute(GROUPS, 1, 1));
    GLuint r[22];
    glGetNamedBufferSubData(b, 0, sizeof r, r);
    GLuint xr = 0;
    GLuint hist[16] = {0};
    for (GLuint g = 0; g < N; g++) {
        xr ^= g;
        hist[(g * 7) % 16]++;
    }
    CHECK(r[0] == N, "atomicAdd on a buffer from every group (shared atomics inside): %u, want %u", r[0], N);
    CHECK((GLint)r[1] == -500 && (GLint)r[2] == 499, "atomicMin/Max: %d %d", (GLint)r[1], (GLint)r[2]);
    CHECK(r[3] == 0xffffffffu && r[4] == xr, "atomicOr/Xor: %08x %08x (want %08x)", r[3], r[4], xr);
    int hb = 0;
    for (int i = 0; i < 16; i++)
        hb += r[5 + i] != hist[i];
    CHECK(hb == 0, "histogram of %u atomicAdds: %d bins wrong", N, hb);
    CHECK(r[21] < N, "atomicExchange left an invocation's id: %u", r[21]);
    glGetNamedBufferSubData(cb, 0, sizeof counters, counters);
    CHECK(counters[0] == N && counters[1] == 0, "atomic counters: %u up, %u down", counters[0], counters[1]);
    glDeleteBuffers(1, &b);
    glDeleteBuffers(1, &cb);
    glDeleteProgram(p);
}

static void uniforms_between_dispatches(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 16) in;\n"
        "layout(std430, binding = 0) buffer Acc { float acc[16]; uint count; };\n"
        "layout(std140, binding = 1) uniform Params { vec4 k; mat2 m; };\n"
        "uniform float add;\n"
        "uniform ivec2 scale;\n"
        "uniform mat3 rot;\n"
        "void main() {\n"
        "  uint i = gl_LocalInvocationIndex;\n"
        "  vec3 r = rot * vec3(1.0, 2.0, 3.0);\n"
        "  acc[i] += add * float(scale.x * scale.y) + r.z + k.w + (m * vec2(1.0, 1.0)).y;\n"
        "  if (i == 0u) count += 1u;\n"
        "}\n");
    CHECK(p, "uniform program");
    GLuint b = buffer(17 * 4, NULL);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    float block[12] = {0, 0, 0, 0.5f, 1, 2, 0, 0, 3, 4, 0, 0}; /* vec4 k; mat2 m (std140 columns of 16) */
    GLuint ub = buffer(sizeof block, block);
    glBindBufferBase(GL_UNIFORM_BUFFER, 1, ub);
    glUseProgram(p);
    float want = 0;
    for (int d = 0; d < 5; d++) {
        glUniform1f(glGetUniformLocation(p, "add"), (float)d);
        glUniform2i(glGetUniformLocation(p, "scale"), d + 1, 2);
        float rot[9] = {0, 0, 1, 0, 1, 0, 1, 0, 0}; /* columns: r.z = 1*1 */
        rot[2] = (float)d;
        glUniformMatrix3fv(glGetUniformLocation(p, "rot"), 1, GL_FALSE, rot);
        block[3] = 0.5f * d;
        glNamedBufferSubData(ub, 0, sizeof block, block);
        EXPECT_OK(glDispatchCompute(1, 1, 1));
        /* r = rot * (1,2,3): r.z = rot[2]*1 + rot[5]*2 + rot[8]*3 = d. m*(1,1).y = 2 + 4. */
        want += d * (float)((d + 1) * 2) + d + 0.5f * d + 6.0f;
    }
    float acc[17];
    glGetNamedBufferSubData(b, 0, sizeof acc, acc);
    int bad = 0;
    for (int i = 0; i < 16; i++)
        bad += acc[i] != want;
    CHECK(bad == 0, "uniforms and uniform blocks updated between 5 dispatches: acc = %g, want %g", acc[0], want);
    CHECK(((GLuint *)acc)[16] == 5, "5 dispatches ran: %u", ((GLuint *)acc)[16]);
    glDeleteBuffers(1, &b);
    glDeleteBuffers(1, &ub);
    glDeleteProgram(p);
}

/* A shader indexes far outside its buffers, its shared memory and its local array:
 * reads give zero (or stay inside), writes outside the bound range change nothing. */
static void out_of_bounds(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "layout(local_size_x = 64) in;\n"
        "layout(std430, binding = 0) buffer Win { uint w[]; };\n"
        "layout(std430, binding = 1) buffer Res { uint r[]; };\n"
        "layout(std140, binding = 2) uniform U { uvec4 u[4]; };\n"
        "uniform uint far;\n"
        "shared uint sh[64];\n"
        "void main() {\n"
        "  uint i = gl_GlobalInvocationID.x;\n"
        "  uint priv[4];\n"
        "  priv[i % 4u] = 5u;\n"
        "  sh[gl_LocalInvocationIndex] = i;\n"
        "  barrier();\n"
        "  w[i * 1000003u + far] = 0xdeadbeefu;\n"
        "  w[far * 64u - 1u - i] = 0xbadu;\n"
        "  atomicAdd(w[far + i], 1u);\n"
        "  r[i] = w[i + far] + sh[i + far] * 0u + priv[i + far] * 0u;\n"
        "  r[i + 64u] = u[i + far].x;\n"
        "  r[i + 128u] = uint(w.length());\n"
        "}\n");
    CHECK(p, "out-of-bounds program");
    /* One 4 KiB buffer; the shader sees only bytes [1024, 1024 + 256) of it. */
    GLuint canary[1024];
    for (int i = 0; i < 1024; i++)
        canary[i] = 0x55550000u + i;
    GLuint b = buffer(sizeof canary, canary);
    GLuint res = buffer(192 * 4, NULL);
    GLuint ub = buffer(64, canary);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, b, 1024, 256);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, res);
    glBindBufferBase(GL_UNIFORM_BUFFER, 2, ub);
    glUseProgram(p);
    glUniform1ui(glGetUniformLocation(p, "far"), 100000u);
    EXPECT_OK(glDispatchCompute(1, 1, 1));
    GLuint after[1024], r[192];
    glGetNamedBufferSubData(b, 0, sizeof after, after);
    glGetNamedBufferSubData(res, 0, sizeof r, r);
    int changed = 0;
    for (int i = 0; i < 1024; i++)
        changed += after[i] != canary[i];
    CHECK(changed == 0, "out-of-range writes and atomics changed %d words of the buffer", changed);
    int nonzero = 0;
    for (int i = 0; i < 64; i++)
        nonzero += r[i] != 0;
    CHECK(nonzero == 0, "out-of-range buffer reads gave non-zero values in %d invocations", nonzero);
    /* A sized array's index is clamped: the read stays inside the block. */
    CHECK(r[64] == canary[12] && r[127] == canary[12], "out-of-range uniform array index read %08x", r[64]);
    CHECK(r[128] == 64, "length() of an unsized array counts the bound range: %u", r[128]);
    glDeleteBuffers(1, &b);
    glDeleteBuffers(1, &res);
    glDeleteBuffers(1, &ub);
    glDeleteProgram(p);
}

int main(void)
{
    h_init();
    ids();
    indirect();
    variable_size();
    big_groups();
    large_buffer();
    atomics();
    uniforms_between_dispatches();
    out_of_bounds();
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
    return h_finish("dispatch_exec");
}
