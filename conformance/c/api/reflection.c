/* Prints the reflection of a set of compute programs through every GL query that
 * answers it: the GL 4.3 program interface queries (UNIFORM, UNIFORM_BLOCK,
 * SHADER_STORAGE_BLOCK, BUFFER_VARIABLE, ATOMIC_COUNTER_BUFFER with all their
 * properties), the legacy active-uniform and uniform-block queries, uniform locations,
 * and uniform values set and read back.
 *
 * Resource indices and non-explicit locations are implementation-dependent, so the
 * output names resources instead of numbering them and sorts them; locations are
 * printed as checks (consistent with glGetUniformLocation, consecutive over arrays)
 * unless the shader fixed them. The output on Mesa llvmpipe is checked in as
 * conformance/expected/reflection.txt; glcompute must print the same.
 *
 * Left out on purpose: lookups of names the spec does not define but Mesa accepts
 * (Mesa answers glGetUniformLocation(p, "uv2.x") and GL_UNIFORM index lookups of
 * "uv2.x" as if it named uv2).
 *
 * usage: reflection [--any-gl]  (--any-gl skips the check that glcompute is the GL) */
// run: check reflection_check glcompute
// run: check reflection_check llvmpipe
#include "harness.h"
#include <stdarg.h>

static const char *const programs[] = {
    /* 0: default-block uniforms of every kind. */
    "#version 430\n"
    "layout(local_size_x = 1) in;\n"
    "struct S { float f; vec3 v[2]; mat2 m; };\n"
    "struct T { S s[2]; int i; };\n"
    "uniform float uf;\n"
    "uniform vec2 uv2 = vec2(1.5, -2.0);\n"
    "uniform ivec3 ui3;\n"
    "uniform uvec4 uu4;\n"
    "uniform bool ub;\n"
    "uniform bvec2 ubv;\n"
    "uniform double ud;\n"
    "uniform dvec3 udv;\n"
    "uniform mat3 um3;\n"
    "uniform mat2x4 um24;\n"
    "uniform dmat3x2 udm;\n"
    "uniform float farr[4];\n"
    "uniform vec4 varr[3];\n"
    "uniform int aoa[2][3];\n"
    "uniform S s;\n"
    "uniform T t[2];\n"
    "layout(location = 20) uniform vec4 fixed_loc;\n"
    "layout(location = 30) uniform float fixed_arr[3];\n"
    "uniform float unused_uniform;\n"
    "layout(binding = 3) uniform sampler2D samp;\n"
    "layout(binding = 1, rgba32f) uniform readonly image2D img;\n"
    "layout(r32ui) uniform uimage3D imgs[2];\n"
    "layout(std430, binding = 0) buffer Out { float o[]; };\n"
    "void main() {\n"
    "  float x = uf + uv2.x + float(ui3.y) + float(uu4.w) + (ub ? 1.0 : 0.0) + (ubv.y ? 1.0 : 0.0);\n"
    "  x += float(ud + udv.z) + um3[1][2] + um24[1][3] + float(udm[2][1]);\n"
    "  x += farr[3] + varr[2].w + float(aoa[1][2]) + s.f + s.v[1].z + s.m[1][1];\n"
    "  x += t[1].s[1].v[1].x + float(t[0].i) + t[1].s[0].m[0][0] + fixed_loc.w + fixed_arr[2];\n"
    "  x += texelFetch(samp, ivec2(0), 0).x + imageLoad(img, ivec2(0)).x + float(imageLoad(imgs[1], ivec3(0)).x);\n"
    "  o[0] = x;\n"
    "}\n",

    /* 1: uniform blocks: std140 and shared, instance names, arrays of blocks, row-major. */
    "#version 430\n"
    "layout(local_size_x = 1) in;\n"
    "struct P { vec3 a; float b; mat3x2 c; };\n"
    "layout(std140, binding = 2) uniform Params { float scale; vec3 dir; mat4 xf; P p[2]; int n[3]; } params;\n"
    "layout(std140) uniform Plain { vec2 pv; layout(row_major) mat2x3 rm; dvec3 dv; };\n"
    "layout(shared) uniform Shared { vec4 sh; float sf; };\n"
    "layout(std140, binding = 5) uniform Arr { vec4 e[2]; } arr[3];\n"
    "layout(std140, row_major) uniform RowMajor { mat3 m3; layout(column_major) mat3 cm3; } rmb;\n"
    "layout(std430, binding = 0) buffer Out { float o[]; };\n"
    "void main() {\n"
    "  o[0] = params.scale + params.dir.y + params.xf[3][3] + params.p[1].c[2][1] + float(params.n[2]);\n"
    "  o[1] = pv.y + rm[1][2] + float(dv.z) + sh.w + sf + arr[2].e[1].x + rmb.m3[1][1] + rmb.cm3[0][2];\n"
    "}\n",

    /* 2: shader storage blocks and buffer variables, top-level arrays, unsized arrays;
     * `shared` and default-layout buffer blocks, whose implementation-defined layout
     * llvmpipe makes std430's. */
    "#version 430\n"
    "layout(local_size_x = 1) in;\n"
    "struct Q { vec2 a; float b[3]; };\n"
    "layout(std430, binding = 1) buffer Data { uint count; vec3 v3; Q q[2]; float tail[]; } data;\n"
    "layout(std140, binding = 3) buffer Old { float f[4]; mat2 m; Q qq; };\n"
    "layout(std430) buffer Grid { int cells[4][2]; ivec2 flatv[]; };\n"
    "layout(std430, binding = 6) buffer Many { uvec4 u; } many[2];\n"
    "layout(std430, binding = 7) readonly buffer Structs { Q items[]; };\n"
    "layout(shared, binding = 8) buffer SharedBuf { float sf[3]; vec3 sv; mat2 sm; };\n"
    "layout(binding = 9) buffer DefaultBuf { uint du[4]; vec2 dv[2]; float dt[]; };\n"
    "void main() {\n"
    "  sf[2] = sv.z + sm[1][0] + float(du[3]) + dv[1].y + dt[1];\n"
    "  data.count = uint(data.tail.length()) + many[1].u.x;\n"
    "  data.tail[0] = data.v3.x + data.q[1].b[2] + f[3] + m[1][1] + qq.b[1] + items[2].a.y;\n"
    "  cells[3][1] = flatv[0].x + flatv.length();\n"
    "}\n",

    /* 3: atomic counters. */
    "#version 430\n"
    "layout(local_size_x = 1) in;\n"
    "layout(binding = 0) uniform atomic_uint c0;\n"
    "layout(binding = 0, offset = 8) uniform atomic_uint c2;\n"
    "layout(binding = 2) uniform atomic_uint cs[3];\n"
    "layout(binding = 2, offset = 16) uniform atomic_uint after;\n"
    "void main() {\n"
    "  atomicCounterIncrement(c0);\n"
    "  atomicCounterIncrement(c2);\n"
    "  atomicCounterDecrement(cs[2]);\n"
    "  if (atomicCounter(after) == 7u) atomicCounterIncrement(c0);\n"
    "}\n",
};

static const char *type_name(GLenum t)
{
    static char buf[32];
    switch (t) {
#define T(x) case x: return #x;
    T(GL_FLOAT) T(GL_FLOAT_VEC2) T(GL_FLOAT_VEC3) T(GL_FLOAT_VEC4)
    T(GL_INT) T(GL_INT_VEC2) T(GL_INT_VEC3) T(GL_INT_VEC4)
    T(GL_UNSIGNED_INT) T(GL_UNSIGNED_INT_VEC2) T(GL_UNSIGNED_INT_VEC3) T(GL_UNSIGNED_INT_VEC4)
    T(GL_BOOL) T(GL_BOOL_VEC2) T(GL_BOOL_VEC3) T(GL_BOOL_VEC4)
    T(GL_DOUBLE) T(GL_DOUBLE_VEC2) T(GL_DOUBLE_VEC3) T(GL_DOUBLE_VEC4)
    T(GL_FLOAT_MAT2) T(GL_FLOAT_MAT3) T(GL_FLOAT_MAT4) T(GL_FLOAT_MAT2x3) T(GL_FLOAT_MAT2x4)
    T(GL_FLOAT_MAT3x2) T(GL_FLOAT_MAT3x4) T(GL_FLOAT_MAT4x2) T(GL_FLOAT_MAT4x3)
    T(GL_DOUBLE_MAT2) T(GL_DOUBLE_MAT3) T(GL_DOUBLE_MAT4) T(GL_DOUBLE_MAT2x3) T(GL_DOUBLE_MAT2x4)
    T(GL_DOUBLE_MAT3x2) T(GL_DOUBLE_MAT3x4) T(GL_DOUBLE_MAT4x2) T(GL_DOUBLE_MAT4x3)
    T(GL_SAMPLER_2D) T(GL_IMAGE_2D) T(GL_UNSIGNED_INT_IMAGE_3D) T(GL_UNSIGNED_INT_ATOMIC_COUNTER)
#undef T
    default: snprintf(buf, sizeof buf, "0x%x", t); return buf;
    }
}

/* Output lines of one section, sorted before printing. */
#define MAX_LINES 256
static char *lines[MAX_LINES];
static int nlines;

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (nlines < MAX_LINES)
        lines[nlines++] = strdup(buf);
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void flush(const char *title)
{
    printf("  %s:\n", title);
    qsort(lines, nlines, sizeof *lines, cmp);
    for (int i = 0; i < nlines; i++) {
        printf("    %s\n", lines[i]);
        free(lines[i]);
    }
    nlines = 0;
}

static void resource_name(GLuint p, GLenum iface, GLuint index, char *out, int size)
{
    out[0] = 0;
    glGetProgramResourceName(p, iface, index, size, NULL, out);
}

/* The names of `n` active variables of `iface`, sorted and comma-joined. */
static void variable_names(GLuint p, GLenum iface, const GLint *idx, int n, char *out, size_t size)
{
    char *names[64];
    int k = n < 64 ? n : 64;
    for (int i = 0; i < k; i++) {
        names[i] = malloc(256);
        resource_name(p, iface, idx[i], names[i], 256);
    }
    qsort(names, k, sizeof *names, cmp);
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        if (i)
            strncat(out, ",", size - strlen(out) - 1);
        strncat(out, names[i], size - strlen(out) - 1);
        free(names[i]);
    }
}

static void dump_variables(GLuint p, GLenum iface, GLenum block_iface)
{
    GLint n = 0;
    glGetProgramInterfaceiv(p, iface, GL_ACTIVE_RESOURCES, &n);
    for (int i = 0; i < n; i++) {
        char name[256], block[256] = "-";
        resource_name(p, iface, i, name, sizeof name);
        int buffer = iface == GL_BUFFER_VARIABLE;
        GLenum props[] = {GL_TYPE, GL_ARRAY_SIZE, GL_OFFSET, GL_BLOCK_INDEX, GL_ARRAY_STRIDE,
                          GL_MATRIX_STRIDE, GL_IS_ROW_MAJOR, GL_REFERENCED_BY_COMPUTE_SHADER,
                          GL_NAME_LENGTH,
                          buffer ? GL_TOP_LEVEL_ARRAY_SIZE : GL_ATOMIC_COUNTER_BUFFER_INDEX,
                          buffer ? GL_TOP_LEVEL_ARRAY_STRIDE : GL_LOCATION};
        GLint v[11];
        GLsizei len = 0;
        glGetProgramResourceiv(p, iface, i, 11, props, 11, &len, v);
        if (v[3] >= 0)
            resource_name(p, block_iface, v[3], block, sizeof block);
        char extra[128];
        if (buffer) {
            snprintf(extra, sizeof extra, "top_size=%d top_stride=%d", v[9], v[10]);
        } else {
            GLint binding = -1;
            if (v[9] >= 0)
                glGetProgramResourceiv(p, GL_ATOMIC_COUNTER_BUFFER, v[9], 1,
                                       (GLenum[]){GL_BUFFER_BINDING}, 1, NULL, &binding);
            /* Locations: explicit ones (>= 20 in program 0) are printed; others are
             * checked against glGetUniformLocation and array element locations. */
            char loc[64];
            if (v[10] < 0) {
                snprintf(loc, sizeof loc, "none");
            } else {
                int ok = glGetUniformLocation(p, name) == v[10];
                char *br = strstr(name, "[0]");
                if (br && br[3] == 0 && v[1] > 1) {
                    char elem[300];
                    snprintf(elem, sizeof elem, "%.*s[%d]", (int)(br - name), name, v[1] - 1);
                    ok = ok && glGetUniformLocation(p, elem) == v[10] + v[1] - 1;
                    snprintf(elem, sizeof elem, "%.*s", (int)(br - name), name);
                    ok = ok && glGetUniformLocation(p, elem) == v[10];
                }
                if (strncmp(name, "fixed_", 6) == 0)
                    snprintf(loc, sizeof loc, "%d%s", v[10], ok ? "" : "(inconsistent)");
                else
                    snprintf(loc, sizeof loc, "%s", ok ? "valid" : "INCONSISTENT");
            }
            snprintf(extra, sizeof extra, "counter_binding=%d location=%s", binding, loc);
        }
        emit("%s: %s size=%d offset=%d block=%s astride=%d mstride=%d rowmajor=%d ref=%d namelen=%d %s",
             name, type_name(v[0]), v[1], v[2], block, v[4], v[5], v[6], v[7], v[8], extra);
    }
}

static void dump_blocks(GLuint p, GLenum iface, GLenum var_iface)
{
    GLint n = 0;
    glGetProgramInterfaceiv(p, iface, GL_ACTIVE_RESOURCES, &n);
    for (int i = 0; i < n; i++) {
        char name[256] = "";
        if (iface != GL_ATOMIC_COUNTER_BUFFER)
            resource_name(p, iface, i, name, sizeof name);
        GLenum props[] = {GL_BUFFER_BINDING, GL_BUFFER_DATA_SIZE, GL_NUM_ACTIVE_VARIABLES,
                          GL_REFERENCED_BY_COMPUTE_SHADER};
        GLint v[4];
        glGetProgramResourceiv(p, iface, i, 4, props, 4, NULL, v);
        GLint idx[64];
        GLint count = 0;
        glGetProgramResourceiv(p, iface, i, 1, (GLenum[]){GL_ACTIVE_VARIABLES}, 64, &count, idx);
        char vars[2048];
        variable_names(p, var_iface, idx, count, vars, sizeof vars);
        emit("%s binding=%d size=%d vars=%d ref=%d [%s]", name, v[0], v[1], v[2], v[3], vars);
    }
}

static void dump_legacy(GLuint p)
{
    GLint n = 0, maxlen = 0, blocks = 0, bmax = 0, acbs = 0;
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
    glGetProgramiv(p, GL_ACTIVE_UNIFORM_MAX_LENGTH, &maxlen);
    glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &blocks);
    glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH, &bmax);
    glGetProgramiv(p, GL_ACTIVE_ATOMIC_COUNTER_BUFFERS, &acbs);
    printf("  ACTIVE_UNIFORMS=%d MAX_LENGTH=%d UNIFORM_BLOCKS=%d BLOCK_MAX_NAME_LENGTH=%d ATOMIC_COUNTER_BUFFERS=%d\n",
           n, maxlen, blocks, bmax, acbs);
    for (int i = 0; i < n; i++) {
        char name[256];
        GLint size = 0;
        GLenum type = 0;
        glGetActiveUniform(p, i, sizeof name, NULL, &size, &type, name);
        GLuint ui = i;
        GLint v[9];
        GLenum pn[] = {GL_UNIFORM_TYPE, GL_UNIFORM_SIZE, GL_UNIFORM_NAME_LENGTH, GL_UNIFORM_BLOCK_INDEX,
                       GL_UNIFORM_OFFSET, GL_UNIFORM_ARRAY_STRIDE, GL_UNIFORM_MATRIX_STRIDE,
                       GL_UNIFORM_IS_ROW_MAJOR, GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX};
        for (int k = 0; k < 9; k++)
            glGetActiveUniformsiv(p, 1, &ui, pn[k], &v[k]);
        GLuint back = GL_INVALID_INDEX;
        const char *np = name;
        glGetUniformIndices(p, 1, &np, &back);
        char block[256] = "-";
        if (v[3] >= 0)
            glGetActiveUniformBlockName(p, v[3], sizeof block, NULL, block);
        emit("%s: %s size=%d (%s %d) namelen=%d block=%s offset=%d astride=%d mstride=%d rowmajor=%d acb=%s index_ok=%d",
             name, type_name(type), size, type_name(v[0]), v[1], v[2], block, v[4], v[5], v[6], v[7],
             v[8] >= 0 ? "yes" : "no", back == ui);
    }
    flush("glGetActiveUniform/glGetActiveUniformsiv");
    for (int i = 0; i < blocks; i++) {
        char name[256];
        glGetActiveUniformBlockName(p, i, sizeof name, NULL, name);
        GLint binding, size, nu, nl, ref;
        glGetActiveUniformBlockiv(p, i, GL_UNIFORM_BLOCK_BINDING, &binding);
        glGetActiveUniformBlockiv(p, i, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
        glGetActiveUniformBlockiv(p, i, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &nu);
        glGetActiveUniformBlockiv(p, i, GL_UNIFORM_BLOCK_NAME_LENGTH, &nl);
        glGetActiveUniformBlockiv(p, i, GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER, &ref);
        emit("%s: binding=%d size=%d uniforms=%d namelen=%d ref=%d index_ok=%d", name, binding, size, nu, nl,
             ref, glGetUniformBlockIndex(p, name) == (GLuint)i);
    }
    flush("glGetActiveUniformBlockiv");
    for (int i = 0; i < acbs; i++) {
        GLint binding, size, nc;
        glGetActiveAtomicCounterBufferiv(p, i, GL_ATOMIC_COUNTER_BUFFER_BINDING, &binding);
        glGetActiveAtomicCounterBufferiv(p, i, GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE, &size);
        glGetActiveAtomicCounterBufferiv(p, i, GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS, &nc);
        emit("binding=%d size=%d counters=%d", binding, size, nc);
    }
    flush("glGetActiveAtomicCounterBufferiv");
}

static void dump_interface_counts(GLuint p)
{
    const struct { GLenum e; const char *name; int named, vars; } ifs[] = {
        {GL_UNIFORM, "UNIFORM", 1, 0},
        {GL_UNIFORM_BLOCK, "UNIFORM_BLOCK", 1, 1},
        {GL_SHADER_STORAGE_BLOCK, "SHADER_STORAGE_BLOCK", 1, 1},
        {GL_BUFFER_VARIABLE, "BUFFER_VARIABLE", 1, 0},
        {GL_ATOMIC_COUNTER_BUFFER, "ATOMIC_COUNTER_BUFFER", 0, 1},
        {GL_PROGRAM_INPUT, "PROGRAM_INPUT", 1, 0},
        {GL_PROGRAM_OUTPUT, "PROGRAM_OUTPUT", 1, 0},
    };
    printf("  interfaces:");
    for (unsigned i = 0; i < sizeof ifs / sizeof ifs[0]; i++) {
        GLint n = -1, len = -1, vars = -1;
        glGetProgramInterfaceiv(p, ifs[i].e, GL_ACTIVE_RESOURCES, &n);
        if (ifs[i].named)
            glGetProgramInterfaceiv(p, ifs[i].e, GL_MAX_NAME_LENGTH, &len);
        if (ifs[i].vars)
            glGetProgramInterfaceiv(p, ifs[i].e, GL_MAX_NUM_ACTIVE_VARIABLES, &vars);
        printf(" %s=%d/%d/%d", ifs[i].name, n, len, vars);
    }
    printf("\n");
}

/* Name lookups that the spec defines exactly (GL 4.6 §7.3.1.1, §7.6.1). */
static void dump_lookups(GLuint p)
{
    const char *names[] = {"farr", "farr[0]", "farr[3]", "farr[4]", "farr[01]", "farr[ 1]", "s.v[1]", "s.v",
                           "t[1].s[0].f", "t[1].s", "aoa[1][2]", "aoa[1]", "uv2", "unused_uniform",
                           "params.scale", "Params.scale", "scale", "pv", "e", "Arr.e", "Arr.e[1]", "count",
                           "Data.count", "Data.tail", "Data.tail[0]", "Data.q[0].b", "Data.q[1].b[0]", "f",
                           "cells", "cells[0]", "cells[0][0]", "cells[1][0]", "c0", "cs", "cs[1]"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        GLint loc = glGetUniformLocation(p, names[i]);
        GLuint u = glGetProgramResourceIndex(p, GL_UNIFORM, names[i]);
        GLuint b = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, names[i]);
        emit("%-16s location=%s uniform=%s buffer_variable=%s", names[i], loc >= 0 ? "yes" : "-1",
             u != GL_INVALID_INDEX ? "found" : "INVALID_INDEX", b != GL_INVALID_INDEX ? "found" : "INVALID_INDEX");
    }
    const char *blocks[] = {"Params", "params", "Arr", "Arr[0]", "Arr[2]", "Arr[3]", "Data", "Many", "Many[1]"};
    for (unsigned i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        emit("block %-8s uniform_block=%s storage_block=%s", blocks[i],
             glGetUniformBlockIndex(p, blocks[i]) != GL_INVALID_INDEX ? "found" : "INVALID_INDEX",
             glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, blocks[i]) != GL_INVALID_INDEX ? "found"
                                                                                               : "INVALID_INDEX");
    }
    flush("lookups");
    GLenum e = glGetError();
    if (e)
        printf("  error after lookups: 0x%x\n", e);
}

/* Sets uniforms of program 0 and reads them back. */
static void round_trip(GLuint p)
{
    glUseProgram(p);
    GLint l;
    float fv[16];
    int iv[8];
    unsigned uv[8];
    double dv[8];
    glGetUniformfv(p, glGetUniformLocation(p, "uv2"), fv);
    printf("  initializer uv2 = %g %g\n", fv[0], fv[1]);
    glUniform1f(glGetUniformLocation(p, "uf"), 2.5f);
    glGetUniformfv(p, glGetUniformLocation(p, "uf"), fv);
    printf("  uf = %g\n", fv[0]);
    glUniform3i(glGetUniformLocation(p, "ui3"), -1, 2, -3);
    glGetUniformiv(p, glGetUniformLocation(p, "ui3"), iv);
    glGetUniformfv(p, glGetUniformLocation(p, "ui3"), fv);
    printf("  ui3 = %d %d %d (as float %g %g %g)\n", iv[0], iv[1], iv[2], fv[0], fv[1], fv[2]);
    glUniform4ui(glGetUniformLocation(p, "uu4"), 1, 2, 3, 4000000000u);
    glGetUniformuiv(p, glGetUniformLocation(p, "uu4"), uv);
    printf("  uu4 = %u %u %u %u\n", uv[0], uv[1], uv[2], uv[3]);
    glUniform1i(glGetUniformLocation(p, "ub"), 7);
    glGetUniformiv(p, glGetUniformLocation(p, "ub"), iv);
    glGetUniformfv(p, glGetUniformLocation(p, "ub"), fv);
    printf("  ub = %d (%g)\n", iv[0], fv[0]);
    glUniform2f(glGetUniformLocation(p, "ubv"), 0.0f, 0.5f);
    glGetUniformiv(p, glGetUniformLocation(p, "ubv"), iv);
    printf("  ubv = %d %d\n", iv[0], iv[1]);
    glUniform1d(glGetUniformLocation(p, "ud"), 1.0 / 3.0);
    glGetUniformdv(p, glGetUniformLocation(p, "ud"), dv);
    printf("  ud = %.17g\n", dv[0]);
    const float m3[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    glUniformMatrix3fv(glGetUniformLocation(p, "um3"), 1, GL_TRUE, m3);
    glGetUniformfv(p, glGetUniformLocation(p, "um3"), fv);
    printf("  um3 (set transposed) =");
    for (int i = 0; i < 9; i++)
        printf(" %g", fv[i]);
    printf("\n");
    const float m24[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    glUniformMatrix2x4fv(glGetUniformLocation(p, "um24"), 1, GL_FALSE, m24);
    glGetUniformfv(p, glGetUniformLocation(p, "um24"), fv);
    printf("  um24 =");
    for (int i = 0; i < 8; i++)
        printf(" %g", fv[i]);
    printf("\n");
    const float arr[4] = {10, 11, 12, 13};
    glUniform1fv(glGetUniformLocation(p, "farr[1]"), 4, arr); /* elements past the end are ignored */
    printf("  farr =");
    for (int i = 0; i < 4; i++) {
        char n[16];
        snprintf(n, sizeof n, "farr[%d]", i);
        fv[0] = -1;
        glGetUniformfv(p, glGetUniformLocation(p, n), fv);
        printf(" %g", fv[0]);
    }
    printf("\n");
    l = glGetUniformLocation(p, "t[1].s[1].v");
    const float v6[6] = {1, 2, 3, 4, 5, 6};
    glUniform3fv(l, 2, v6);
    glGetUniformfv(p, l + 1, fv);
    printf("  t[1].s[1].v[1] = %g %g %g\n", fv[0], fv[1], fv[2]);
    glGetUniformiv(p, glGetUniformLocation(p, "samp"), iv);
    printf("  samp binding = %d\n", iv[0]);
    glGetUniformiv(p, glGetUniformLocation(p, "img"), iv);
    printf("  img binding = %d\n", iv[0]);
    glUniform1i(glGetUniformLocation(p, "samp"), 5);
    glGetUniformiv(p, glGetUniformLocation(p, "samp"), iv);
    printf("  samp = %d\n", iv[0]);
    glProgramUniform4f(p, 20, 1, 2, 3, 4);
    glGetUniformfv(p, 20, fv);
    printf("  fixed_loc = %g %g %g %g\n", fv[0], fv[1], fv[2], fv[3]);
    GLenum e = glGetError();
    printf("  error after round trip: 0x%x\n", e);
    glUseProgram(0);
}

int main(int argc, char **argv)
{
    h_init_any(argc, argv);
    int failed = 0;
    for (unsigned i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        GLuint p = h_program(programs[i]);
        printf("program %u\n", i);
        if (!p) {
            printf("  link failed\n");
            failed = 1;
            continue;
        }
        dump_interface_counts(p);
        dump_variables(p, GL_UNIFORM, GL_UNIFORM_BLOCK);
        flush("UNIFORM");
        dump_blocks(p, GL_UNIFORM_BLOCK, GL_UNIFORM);
        flush("UNIFORM_BLOCK");
        dump_variables(p, GL_BUFFER_VARIABLE, GL_SHADER_STORAGE_BLOCK);
        flush("BUFFER_VARIABLE");
        dump_blocks(p, GL_SHADER_STORAGE_BLOCK, GL_BUFFER_VARIABLE);
        flush("SHADER_STORAGE_BLOCK");
        dump_blocks(p, GL_ATOMIC_COUNTER_BUFFER, GL_UNIFORM);
        flush("ATOMIC_COUNTER_BUFFER");
        dump_legacy(p);
        dump_lookups(p);
        if (i == 0)
            round_trip(p);
        GLenum e = glGetError();
        if (e)
            printf("  error: 0x%x\n", e);
        glDeleteProgram(p);
    }
    return failed || h_failures;
}
