/* SPIR-V shaders (GL 4.6 §7.2, §7.2.1, ARB_gl_spirv): the binary formats and SPIR-V
 * extension queries; glShaderBinary and glSpecializeShader with every error in the
 * spec's order and nothing changed on failure; SPIR_V_BINARY, CompileShader and
 * ShaderSource on SPIR-V shaders; a module compiled by glslang (spirv/kernel.comp,
 * spirv/kernel_spv.h from `glslangValidator -G --vn kernel_spv`) run with its
 * default specialization constants and with values given to glSpecializeShader
 * (work-group size and a factor), checked invocation by invocation; links that must
 * fail (SPIR-V with GLSL, an unspecialized SPIR-V shader), a module whose
 * specialization fails with a log and no GL error, a program binary of a SPIR-V
 * program that runs again after glProgramBinary, and a module without names
 * (`glslangValidator -g0`: kernel_stripped_spv.h) used by location and binding.
 * Standalone also a vertex and a fragment module (spirv/graphics.vert, .frag):
 * specialized, linked by location, reflected by location and binding, a program binary
 * of them, a link that fails on an input no output matches, and a draw that fails
 * (nothing is rasterised).
 * Interposed (--interposed), the same over Mesa llvmpipe, whose GL has no SPIR-V:
 * glcompute's compute shaders take the modules, and the binary-format queries, which
 * are the host's there, are not checked. */
// run: standalone
// run: interposed -- --interposed
// run: interposed-mesa -- --interposed
#include "harness.h"
#include "spirv/kernel_spv.h"
#include "spirv/kernel_stripped_spv.h"
#include "spirv/graphics_vert_spv.h"
#include "spirv/graphics_frag_spv.h"
#include "spirv/graphics_bad_frag_spv.h"

static GLint shader_int(GLuint s, GLenum pname)
{
    GLint v = -1;
    glGetShaderiv(s, pname, &v);
    return v;
}

static GLint prog_int(GLuint p, GLenum pname)
{
    GLint v = -1;
    glGetProgramiv(p, pname, &v);
    return v;
}

static GLuint spirv_shader(const uint32_t *words, size_t bytes)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words, (GLsizei)bytes);
    return s;
}

/* Runs program `p` over `groups` groups of `size` invocations; checks each value
 * against the kernel's formula for factor `mul` and uniform `add`. */
static void check_run(GLuint p, unsigned groups, unsigned size, unsigned mul, unsigned add,
                      const char *what)
{
    unsigned n = groups * size;
    GLuint b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, (GLsizeiptr)(4 + 4 * n), NULL, GL_DYNAMIC_COPY);
    glClearNamedBufferData(b, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    glUniform1ui(2, add);
    glDispatchCompute(groups, 1, 1);
    unsigned *v = calloc(n + 1, 4);
    glGetNamedBufferSubData(b, 0, (GLsizeiptr)(4 + 4 * n), v);
    CHECK(v[0] == n, "%s: the atomic counted %u invocations, not %u", what, v[0], n);
    int bad = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned lid = i % size, base = i - lid;
        unsigned j = (lid + 1) % size;
        unsigned want = (base + j) * mul + add + j * (j + 1) / 2;
        if (v[1 + i] != want && bad++ < 4)
            CHECK(0, "%s: v[%u] = %u, expected %u", what, i, v[1 + i], want);
    }
    CHECK(bad == 0, "%s: %d wrong values", what, bad);
    free(v);
    glUseProgram(0);
    glDeleteBuffers(1, &b);
}

static GLuint link_one(GLuint s)
{
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    return p;
}

static GLuint stage_module(GLenum stage, const uint32_t *words, size_t bytes)
{
    GLuint s = glCreateShader(stage);
    EXPECT_OK(glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words, (GLsizei)bytes));
    EXPECT_OK(glSpecializeShader(s, "main", 0, NULL, NULL));
    CHECK(shader_int(s, GL_COMPILE_STATUS) == GL_TRUE, "stage 0x%x: specialized", stage);
    return s;
}

/* The resource of `iface` whose `prop` is `value` (GL_INVALID_INDEX if none). */
static GLuint resource_with(GLuint p, GLenum iface, GLenum prop, GLint value)
{
    GLint n = 0;
    glGetProgramInterfaceiv(p, iface, GL_ACTIVE_RESOURCES, &n);
    for (GLint i = 0; i < n; i++) {
        GLint v = -12345;
        glGetProgramResourceiv(p, iface, (GLuint)i, 1, &prop, 1, NULL, &v);
        if (v == value)
            return (GLuint)i;
    }
    return GL_INVALID_INDEX;
}

static GLint resource_int(GLuint p, GLenum iface, GLuint index, GLenum prop)
{
    GLint v = -12345;
    glGetProgramResourceiv(p, iface, index, 1, &prop, 1, NULL, &v);
    return v;
}

/* The graphics program's interface, as GL 4.6 §7.3.1 reflects SPIR-V programs: by
 * location and binding. */
static void check_graphics_reflection(GLuint p, const char *what)
{
    GLuint in = resource_with(p, GL_PROGRAM_INPUT, GL_LOCATION, 3);
    CHECK(in != GL_INVALID_INDEX && resource_int(p, GL_PROGRAM_INPUT, in, GL_TYPE) == GL_FLOAT_VEC2,
          "%s: the vertex input at location 3 is a vec2", what);
    GLuint out = resource_with(p, GL_PROGRAM_OUTPUT, GL_LOCATION, 0);
    CHECK(out != GL_INVALID_INDEX && resource_int(p, GL_PROGRAM_OUTPUT, out, GL_TYPE) == GL_FLOAT_VEC4,
          "%s: the fragment output at location 0 is a vec4", what);
    GLuint m = resource_with(p, GL_UNIFORM, GL_LOCATION, 4);
    CHECK(m != GL_INVALID_INDEX && resource_int(p, GL_UNIFORM, m, GL_TYPE) == GL_FLOAT_MAT4 &&
              resource_int(p, GL_UNIFORM, m, GL_REFERENCED_BY_VERTEX_SHADER) == 1 &&
              resource_int(p, GL_UNIFORM, m, GL_REFERENCED_BY_FRAGMENT_SHADER) == 0,
          "%s: the uniform at location 4 is the vertex stage's mat4", what);
    GLuint t = resource_with(p, GL_UNIFORM, GL_LOCATION, 5);
    CHECK(t != GL_INVALID_INDEX && resource_int(p, GL_UNIFORM, t, GL_TYPE) == GL_FLOAT_VEC4,
          "%s: the uniform at location 5 is a vec4", what);
    GLuint b = resource_with(p, GL_UNIFORM_BLOCK, GL_BUFFER_BINDING, 3);
    CHECK(b != GL_INVALID_INDEX && resource_int(p, GL_UNIFORM_BLOCK, b, GL_BUFFER_DATA_SIZE) == 32 &&
              resource_int(p, GL_UNIFORM_BLOCK, b, GL_NUM_ACTIVE_VARIABLES) == 2 &&
              resource_int(p, GL_UNIFORM_BLOCK, b, GL_REFERENCED_BY_FRAGMENT_SHADER) == 1,
          "%s: the uniform block at binding 3 (32 bytes, 2 members, the fragment stage's)", what);
    /* The sampler's unit is its Binding (GL 4.6 §7.4.2). */
    GLint n = 0, unit = -1;
    glGetProgramInterfaceiv(p, GL_UNIFORM, GL_ACTIVE_RESOURCES, &n);
    for (GLint i = 0; i < n; i++)
        if (resource_int(p, GL_UNIFORM, (GLuint)i, GL_TYPE) == GL_SAMPLER_2D)
            glGetUniformiv(p, resource_int(p, GL_UNIFORM, (GLuint)i, GL_LOCATION), &unit);
    CHECK(unit == 2, "%s: the sampler's unit is its binding, 2 (%d)", what, unit);
}

static void graphics(void)
{
    GLuint vs = stage_module(GL_VERTEX_SHADER, graphics_vert_spv, sizeof graphics_vert_spv);
    GLuint fs = stage_module(GL_FRAGMENT_SHADER, graphics_frag_spv, sizeof graphics_frag_spv);
    GLuint p = glCreateProgram();
    glAttachShader(p, vs);
    glAttachShader(p, fs);
    EXPECT_OK(glLinkProgram(p));
    CHECK(prog_int(p, GL_LINK_STATUS) == GL_TRUE, "the SPIR-V vertex and fragment stages link");
    check_graphics_reflection(p, "linked");

    /* A program binary of it loads and reflects the same (GL 4.6 §7.5). */
    GLint blen = prog_int(p, GL_PROGRAM_BINARY_LENGTH);
    void *bin = malloc(blen > 0 ? (size_t)blen : 1);
    GLenum fmt = 0;
    GLsizei got = 0;
    EXPECT_OK(glGetProgramBinary(p, blen, &got, &fmt, bin));
    GLuint p2 = glCreateProgram();
    EXPECT_OK(glProgramBinary(p2, fmt, bin, got));
    CHECK(prog_int(p2, GL_LINK_STATUS) == GL_TRUE, "the graphics program's binary loads");
    check_graphics_reflection(p2, "from its binary");
    free(bin);

    /* Nothing is rasterised: a draw with it fails (GL 4.6 §2.3.1 leaves glcompute
     * INVALID_OPERATION, with a debug message saying why). */
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glUseProgram(p);
    EXPECT_ERR(GL_INVALID_OPERATION, "no rasteriser", glDrawArrays(GL_TRIANGLES, 0, 3));
    glUseProgram(0);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);

    /* An input no output of the stage before matches (by location) fails the link
     * (GL 4.6 §7.4.1). */
    GLuint bad = stage_module(GL_FRAGMENT_SHADER, graphics_bad_frag_spv, sizeof graphics_bad_frag_spv);
    GLuint p3 = glCreateProgram();
    glAttachShader(p3, vs);
    glAttachShader(p3, bad);
    EXPECT_OK(glLinkProgram(p3));
    char log[1024] = "";
    glGetProgramInfoLog(p3, sizeof log, NULL, log);
    CHECK(prog_int(p3, GL_LINK_STATUS) == GL_FALSE && strstr(log, "no matching output"),
          "an unmatched fragment input fails the link: %s", log);

    /* A vertex module does not specialize as a fragment shader (GL 4.6 §7.2.1). */
    GLuint wrong = glCreateShader(GL_FRAGMENT_SHADER);
    glShaderBinary(1, &wrong, GL_SHADER_BINARY_FORMAT_SPIR_V, graphics_vert_spv, sizeof graphics_vert_spv);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.2.1: the entry point is another stage's",
               glSpecializeShader(wrong, "main", 0, NULL, NULL));
    glDeleteShader(wrong);
    glDeleteProgram(p);
    glDeleteProgram(p2);
    glDeleteProgram(p3);
    glDeleteShader(vs);
    glDeleteShader(fs);
    glDeleteShader(bad);
}

int main(int argc, char **argv)
{
    int interposed = argc > 1 && !strcmp(argv[1], "--interposed");
    if (interposed)
        h_make_current();
    else
        h_init();
    size_t bytes = sizeof kernel_spv;

    /* Queries (GL 4.6 table 23.64, ARB_spirv_extensions): glcompute's standalone. */
    GLint n = -1, fmt = 0;
    if (!interposed) {
    glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &n);
    CHECK(n == 1, "NUM_SHADER_BINARY_FORMATS is %d", n);
    glGetIntegerv(GL_SHADER_BINARY_FORMATS, &fmt);
    CHECK(fmt == GL_SHADER_BINARY_FORMAT_SPIR_V, "SHADER_BINARY_FORMATS is 0x%x", fmt);
    glGetIntegerv(GL_NUM_SPIR_V_EXTENSIONS, &n);
    CHECK(n >= 1, "NUM_SPIR_V_EXTENSIONS is %d", n);
    const char *e0 = (const char *)glGetStringi(GL_SPIR_V_EXTENSIONS, 0);
    CHECK(e0 && !strcmp(e0, "SPV_KHR_storage_buffer_storage_class"), "SPIR_V_EXTENSIONS[0] is %s",
          e0 ? e0 : "(null)");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §22.2: index out of range",
               glGetStringi(GL_SPIR_V_EXTENSIONS, (GLuint)n));
    }

    /* ShaderBinary errors (GL 4.6 §7.2), in order; none changes the shader. */
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    GLuint prog = glCreateProgram();
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2: count < 0",
               glShaderBinary(-1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, (GLsizei)bytes));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2: length < 0",
               glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, -4));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.2: binaryformat not in SHADER_BINARY_FORMATS",
               glShaderBinary(1, &s, 0x1234, kernel_spv, (GLsizei)bytes));
    static const uint32_t junk[] = {0xdeadbeef, 1, 2, 3, 4, 5};
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2: data does not match the format",
               glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, junk, sizeof junk));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2: a module cut inside an instruction",
               glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, 24));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2: a module cut inside its header",
               glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, 12));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2: length not whole words",
               glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, (GLsizei)bytes - 1));
    GLuint bad_name = 99999;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2: not a shader or program name",
               glShaderBinary(1, &bad_name, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, (GLsizei)bytes));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.2: a program name",
               glShaderBinary(1, &prog, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, (GLsizei)bytes));
    CHECK(shader_int(s, GL_SPIR_V_BINARY) == GL_FALSE, "SPIR_V_BINARY set by a failed ShaderBinary");

    /* SpecializeShader errors (GL 4.6 §7.2.1). */
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.2.1: SPIR_V_BINARY is not TRUE",
               glSpecializeShader(s, "main", 0, NULL, NULL));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2.1: not a shader or program",
               glSpecializeShader(99999, "main", 0, NULL, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.2.1: a program",
               glSpecializeShader(prog, "main", 0, NULL, NULL));
    EXPECT_OK(glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, (GLsizei)bytes));
    CHECK(shader_int(s, GL_SPIR_V_BINARY) == GL_TRUE, "SPIR_V_BINARY after ShaderBinary");
    CHECK(shader_int(s, GL_COMPILE_STATUS) == GL_FALSE, "COMPILE_STATUS after ShaderBinary");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.1: CompileShader of a SPIR-V shader",
               glCompileShader(s));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2.1: no entry point of that name",
               glSpecializeShader(s, "nope", 0, NULL, NULL));
    /* A vertex shader is the host's when interposed. */
    if (!interposed) {
        GLuint vs = glCreateShader(GL_VERTEX_SHADER);
        EXPECT_OK(glShaderBinary(1, &vs, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, (GLsizei)bytes));
        EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.2.1: entry point of another stage",
                   glSpecializeShader(vs, "main", 0, NULL, NULL));
    }
    GLuint idx[2] = {0, 7}, val[2] = {8, 5};
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.2.1: no specialization constant with that id",
               glSpecializeShader(s, "main", 2, idx, val));
    CHECK(shader_int(s, GL_COMPILE_STATUS) == GL_FALSE, "a failed SpecializeShader compiled");

    /* Linking an unspecialized SPIR-V shader fails (GL 4.6 §7.3), with no GL error. */
    GLuint p0;
    EXPECT_OK(p0 = link_one(s));
    CHECK(prog_int(p0, GL_LINK_STATUS) == GL_FALSE, "an unspecialized SPIR-V shader linked");

    /* Default specialization: local size 1, MUL 3. */
    EXPECT_OK(glSpecializeShader(s, "main", 0, NULL, NULL));
    CHECK(shader_int(s, GL_COMPILE_STATUS) == GL_TRUE, "specialization failed");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.2.1: already specialized",
               glSpecializeShader(s, "main", 0, NULL, NULL));
    GLuint p1 = link_one(s);
    CHECK(prog_int(p1, GL_LINK_STATUS) == GL_TRUE, "the default specialization did not link");
    GLint wg[3] = {0};
    glGetProgramiv(p1, GL_COMPUTE_WORK_GROUP_SIZE, wg);
    CHECK(wg[0] == 1 && wg[1] == 1 && wg[2] == 1, "work-group size %d %d %d", wg[0], wg[1], wg[2]);
    check_run(p1, 5, 1, 3, 7, "default constants");

    /* Specialized: local size 8 (SpecId 0), MUL 5 (SpecId 1). */
    GLuint s2 = spirv_shader(kernel_spv, bytes);
    idx[1] = 1;
    EXPECT_OK(glSpecializeShader(s2, "main", 2, idx, val));
    CHECK(shader_int(s2, GL_COMPILE_STATUS) == GL_TRUE, "specialization with constants failed");
    GLuint p2 = link_one(s2);
    CHECK(prog_int(p2, GL_LINK_STATUS) == GL_TRUE, "the specialized shader did not link");
    glGetProgramiv(p2, GL_COMPUTE_WORK_GROUP_SIZE, wg);
    CHECK(wg[0] == 8 && wg[1] == 1 && wg[2] == 1, "specialized work-group size %d %d %d", wg[0],
          wg[1], wg[2]);
    check_run(p2, 3, 8, 5, 11, "specialized constants");

    /* A program binary of the specialized program round-trips (GL 4.6 §7.5);
     * interposed, program binaries are the host's (docs/interposed.md). */
    GLint blen = 0;
    if (!interposed) {
    glGetProgramiv(p2, GL_PROGRAM_BINARY_LENGTH, &blen);
    CHECK(blen > 0, "PROGRAM_BINARY_LENGTH %d", blen);
    void *bin = malloc(blen > 0 ? (size_t)blen : 1);
    GLenum bfmt = 0;
    GLsizei got = 0;
    EXPECT_OK(glGetProgramBinary(p2, blen, &got, &bfmt, bin));
    GLuint p2b = glCreateProgram();
    EXPECT_OK(glProgramBinary(p2b, bfmt, bin, got));
    CHECK(prog_int(p2b, GL_LINK_STATUS) == GL_TRUE, "the SPIR-V program's binary did not load");
    glGetProgramiv(p2b, GL_COMPUTE_WORK_GROUP_SIZE, wg);
    CHECK(wg[0] == 8, "the reloaded program's work-group size is %d", wg[0]);
    check_run(p2b, 2, 8, 5, 3, "program binary of a SPIR-V program");
    free(bin);
    }

    /* ShaderSource breaks the association (GL 4.6 §7.1). */
    const char *src = "#version 430\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
    glShaderSource(s2, 1, &src, NULL);
    CHECK(shader_int(s2, GL_SPIR_V_BINARY) == GL_FALSE, "SPIR_V_BINARY after ShaderSource");

    /* SPIR-V and GLSL shaders in one program: the link fails (GL 4.6 §7.3). */
    GLuint glsl = glCreateShader(GL_COMPUTE_SHADER);
    const char *helper = "#version 430\nuint g(uint x) { return x; }\n";
    glShaderSource(glsl, 1, &helper, NULL);
    glCompileShader(glsl);
    GLuint s3 = spirv_shader(kernel_spv, bytes);
    glSpecializeShader(s3, "main", 0, NULL, NULL);
    GLuint p3 = glCreateProgram();
    glAttachShader(p3, s3);
    glAttachShader(p3, glsl);
    EXPECT_OK(glLinkProgram(p3));
    CHECK(prog_int(p3, GL_LINK_STATUS) == GL_FALSE, "SPIR-V linked with GLSL");

    /* A module glcompute cannot specialize: COMPILE_STATUS FALSE, a log, no error. */
    uint32_t *patched = malloc(bytes);
    memcpy(patched, kernel_spv, bytes);
    for (size_t i = 5; i + 1 < bytes / 4; i++)
        if (patched[i] == 0x00020011 && patched[i + 1] == 1) { /* OpCapability Shader */
            patched[i + 1] = 6; /* Kernel */
            break;
        }
    GLuint s4 = spirv_shader(patched, bytes);
    EXPECT_OK(glSpecializeShader(s4, "main", 0, NULL, NULL));
    CHECK(shader_int(s4, GL_COMPILE_STATUS) == GL_FALSE, "a Kernel module specialized");
    char log[512] = "";
    glGetShaderInfoLog(s4, sizeof log, NULL, log);
    CHECK(strstr(log, "Kernel") != NULL, "the log does not name the capability: %s", log);
    free(patched);

    /* A module cut at an instruction boundary (no OpFunctionEnd) is a module by its
     * form: ShaderBinary takes it, specialization fails with a log. */
    GLuint s5 = glCreateShader(GL_COMPUTE_SHADER);
    EXPECT_OK(glShaderBinary(1, &s5, GL_SHADER_BINARY_FORMAT_SPIR_V, kernel_spv, (GLsizei)bytes - 4));
    EXPECT_OK(glSpecializeShader(s5, "main", 0, NULL, NULL));
    CHECK(shader_int(s5, GL_COMPILE_STATUS) == GL_FALSE, "a module without OpFunctionEnd specialized");
    glGetShaderInfoLog(s5, sizeof log, NULL, log);
    CHECK(strstr(log, "OpFunctionEnd") != NULL, "the log does not say what is missing: %s", log);

    /* No OpName at all: used by binding and location (GL 4.6 §7.3.1, ARB_gl_spirv
     * issue 23); names are not something to look up. */
    GLuint s6 = spirv_shader(kernel_stripped_spv, sizeof kernel_stripped_spv);
    EXPECT_OK(glSpecializeShader(s6, "main", 2, idx, val));
    GLuint p6 = link_one(s6);
    CHECK(prog_int(p6, GL_LINK_STATUS) == GL_TRUE, "the module without names did not link");
    GLint nblocks = -1;
    glGetProgramInterfaceiv(p6, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &nblocks);
    CHECK(nblocks == 1, "%d active buffer blocks", nblocks);
    CHECK(glGetUniformLocation(p6, "add") == -1, "a uniform found by a name the module lacks");
    check_run(p6, 2, 8, 5, 9, "module without names");

    if (!interposed)
        graphics();
    return h_finish("spirv");
}
