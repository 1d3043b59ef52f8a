/* Uniforms and the program interface (GL 4.6 §7.3.1, §7.6-7.8, §7.10): every error
 * rule of the uniform setters and getters, the active-resource queries and block
 * bindings, and that a failing call changes nothing. Run with --any-gl on Mesa
 * llvmpipe, every expectation holds except the two marked below where Mesa departs
 * from the spec. */
// run: standalone
#include "harness.h"

static const char *src =
    "#version 430\n"
    "layout(local_size_x = 1) in;\n"
    "uniform float f;\n"
    "uniform vec3 v;\n"
    "uniform int arr[3];\n"
    "uniform bool b;\n"
    "uniform mat2x3 m;\n"
    "uniform double d;\n"
    "layout(binding = 1) uniform sampler2D s;\n"
    "layout(rgba8) uniform readonly image2D img;\n"
    "layout(std140, binding = 2) uniform U { vec4 u; };\n"
    "layout(std430, binding = 3) buffer B { float o[]; };\n"
    "layout(binding = 0) uniform atomic_uint ac;\n"
    "void main() {\n"
    "  o[0] = f + v.x + float(arr[2]) + (b ? 1.0 : 0.0) + m[1][2] + float(d) + u.x;\n"
    "  o[1] = texelFetch(s, ivec2(0), 0).x + imageLoad(img, ivec2(0)).x + float(atomicCounterIncrement(ac));\n"
    "}\n";

static float get_f(GLuint p, const char *name)
{
    float x = -99;
    glGetUniformfv(p, glGetUniformLocation(p, name), &x);
    return x;
}

static void setters(GLuint p)
{
    GLint lf = glGetUniformLocation(p, "f"), lv = glGetUniformLocation(p, "v");
    GLint la = glGetUniformLocation(p, "arr"), lb = glGetUniformLocation(p, "b");
    GLint lm = glGetUniformLocation(p, "m"), ld = glGetUniformLocation(p, "d");
    GLint ls = glGetUniformLocation(p, "s"), li = glGetUniformLocation(p, "img");
    CHECK(lf >= 0 && lv >= 0 && la >= 0 && lb >= 0 && lm >= 0 && ld >= 0 && ls >= 0 && li >= 0,
          "every default-block uniform has a location");
    CHECK(glGetUniformLocation(p, "u") == -1 && glGetUniformLocation(p, "ac") == -1,
          "GL 4.6 §7.6.1: block members and atomic counters have no location");

    glUseProgram(0);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: Uniform* without a current program", glUniform1f(lf, 1.0f));
    glUseProgram(p);
    EXPECT_OK(glUniform1f(lf, 1.0f));
    EXPECT_OK(glUniform1f(-1, 5.0f)); /* GL 4.6 §7.6.1: location -1 is ignored */
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: count < 0", glUniform1fv(lf, -1, (float[]){2.0f}));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: location of no uniform", glUniform1f(9999, 2.0f));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: size mismatch (vec2 setter, float uniform)",
               glUniform2f(lf, 2.0f, 3.0f));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: type mismatch (int setter, float uniform)", glUniform1i(lf, 2));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: count > 1 on a non-array",
               glUniform1fv(lf, 2, (float[]){2.0f, 3.0f}));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: double setter on a float", glUniform1d(lf, 2.0));
    CHECK(get_f(p, "f") == 1.0f, "failed setters changed f");

    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: float setter on an int array", glUniform1f(la, 1.0f));
    EXPECT_OK(glUniform1iv(la, 5, (GLint[]){1, 2, 3, 4, 5})); /* extra elements ignored */
    GLint iv[3] = {0};
    glGetUniformiv(p, la + 2, iv);
    CHECK(iv[0] == 3, "arr[2] = %d", iv[0]);

    /* Bools take every scalar setter but double. */
    EXPECT_OK(glUniform1i(lb, 0));
    EXPECT_OK(glUniform1ui(lb, 4));
    EXPECT_OK(glUniform1f(lb, 0.0f));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: double setter on a bool", glUniform1d(lb, 1.0));

    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: matrix size mismatch",
               glUniformMatrix3x2fv(lm, 1, GL_FALSE, (float[6]){0}));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: vector setter on a matrix", glUniform3f(lm, 1, 2, 3));
    EXPECT_OK(glUniformMatrix2x3fv(lm, 1, GL_FALSE, (float[6]){1, 2, 3, 4, 5, 6}));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: float setter on a double", glUniform1f(ld, 1.0f));
    EXPECT_OK(glUniform1d(ld, 2.0));

    /* Samplers and images take Uniform1i with a unit in range. */
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: float setter on a sampler", glUniform1f(ls, 1.0f));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: uint setter on a sampler", glUniform1ui(ls, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: negative sampler unit", glUniform1i(ls, -1));
    GLint units = h_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: sampler unit >= MAX_COMBINED_TEXTURE_IMAGE_UNITS",
               glUniform1i(ls, units));
    glGetUniformiv(p, ls, iv);
    CHECK(iv[0] == 1, "failed sampler setter changed the unit (binding 1): %d", iv[0]);
    EXPECT_OK(glUniform1i(ls, units - 1));
    EXPECT_OK(glUniform1i(li, 0));

    /* ProgramUniform addresses a program by name. */
    glUseProgram(0);
    EXPECT_OK(glProgramUniform1f(p, lf, 7.0f));
    CHECK(get_f(p, "f") == 7.0f, "ProgramUniform1f");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: ProgramUniform of no program", glProgramUniform1f(9999, lf, 1.0f));
    GLuint sh = glCreateShader(GL_COMPUTE_SHADER);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: ProgramUniform of a shader", glProgramUniform1f(sh, lf, 1.0f));
    GLuint unlinked = glCreateProgram();
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: ProgramUniform of an unlinked program",
               glProgramUniform1f(unlinked, 0, 1.0f));
    glDeleteShader(sh);
    glDeleteProgram(unlinked);
}

static void getters(GLuint p)
{
    float x[8];
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.10: GetUniform at location -1", glGetUniformfv(p, -1, x));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.10: GetUniform at a location of no uniform",
               glGetUniformfv(p, 9999, x));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.10: GetUniform of no program", glGetUniformfv(9999, 0, x));
    GLuint unlinked = glCreateProgram();
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.10: GetUniform of an unlinked program",
               glGetUniformfv(unlinked, 0, x));
    glDeleteProgram(unlinked);
    GLint lv = glGetUniformLocation(p, "v");
    x[0] = -5;
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.10: GetnUniform with bufSize below the value's size",
               glGetnUniformfv(p, lv, 8, x));
    CHECK(x[0] == -5, "failed GetnUniformfv wrote");
    EXPECT_OK(glGetnUniformfv(p, lv, 12, x));
}

static void queries(GLuint p)
{
    GLint n = 0;
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
    char name[64];
    GLint size;
    GLenum type;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: GetActiveUniform index >= ACTIVE_UNIFORMS",
               glGetActiveUniform(p, n, sizeof name, NULL, &size, &type, name));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: GetActiveUniform bufSize < 0",
               glGetActiveUniform(p, 0, -1, NULL, &size, &type, name));
    GLuint idx = 0;
    GLint v = -7;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.6.1: GetActiveUniformsiv with a bad pname",
               glGetActiveUniformsiv(p, 1, &idx, GL_TEXTURE_2D, &v));
    idx = n;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: GetActiveUniformsiv index >= ACTIVE_UNIFORMS",
               glGetActiveUniformsiv(p, 1, &idx, GL_UNIFORM_TYPE, &v));
    CHECK(v == -7, "failed GetActiveUniformsiv wrote");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: GetActiveUniformsiv count < 0",
               glGetActiveUniformsiv(p, -1, &idx, GL_UNIFORM_TYPE, &v));
    GLint blocks = 0;
    glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &blocks);
    CHECK(blocks == 1, "one uniform block");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.2: GetActiveUniformBlockiv index out of range",
               glGetActiveUniformBlockiv(p, blocks, GL_UNIFORM_BLOCK_BINDING, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.6.2: GetActiveUniformBlockiv with a bad pname",
               glGetActiveUniformBlockiv(p, 0, GL_TEXTURE_2D, &v));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.2: UniformBlockBinding index out of range",
               glUniformBlockBinding(p, blocks, 0));
    GLint max_ubo = h_int(GL_MAX_UNIFORM_BUFFER_BINDINGS);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.2: UniformBlockBinding binding >= MAX_UNIFORM_BUFFER_BINDINGS",
               glUniformBlockBinding(p, 0, max_ubo));
    glGetActiveUniformBlockiv(p, 0, GL_UNIFORM_BLOCK_BINDING, &v);
    CHECK(v == 2, "failed UniformBlockBinding changed the binding: %d", v);
    EXPECT_OK(glUniformBlockBinding(p, 0, 7));
    glGetActiveUniformBlockiv(p, 0, GL_UNIFORM_BLOCK_BINDING, &v);
    CHECK(v == 7, "UniformBlockBinding");
    GLint ssbo = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "B");
    CHECK(ssbo == 0, "shader storage block B");
    GLint max_ssbo = h_int(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.8: ShaderStorageBlockBinding index out of range",
               glShaderStorageBlockBinding(p, 1, 0));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.8: ShaderStorageBlockBinding binding too large",
               glShaderStorageBlockBinding(p, 0, max_ssbo));
    EXPECT_OK(glShaderStorageBlockBinding(p, 0, 5));
    GLenum prop = GL_BUFFER_BINDING;
    glGetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, 0, 1, &prop, 1, NULL, &v);
    CHECK(v == 5, "ShaderStorageBlockBinding: %d", v);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.7: GetActiveAtomicCounterBufferiv index out of range",
               glGetActiveAtomicCounterBufferiv(p, 1, GL_ATOMIC_COUNTER_BUFFER_BINDING, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.7: GetActiveAtomicCounterBufferiv with a bad pname",
               glGetActiveAtomicCounterBufferiv(p, 0, GL_TEXTURE_2D, &v));

    /* Program interface queries. (Mesa raises INVALID_OPERATION for the first two; GL
     * 4.6 §7.3.1.1 lists INVALID_ENUM for an unknown programInterface or pname.) */
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3.1: bad programInterface",
               glGetProgramInterfaceiv(p, GL_TEXTURE_2D, GL_ACTIVE_RESOURCES, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3.1: bad pname", glGetProgramInterfaceiv(p, GL_UNIFORM, GL_TEXTURE_2D, &v));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3.1: MAX_NAME_LENGTH of ATOMIC_COUNTER_BUFFER",
               glGetProgramInterfaceiv(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NAME_LENGTH, &v));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3.1: MAX_NUM_ACTIVE_VARIABLES of UNIFORM",
               glGetProgramInterfaceiv(p, GL_UNIFORM, GL_MAX_NUM_ACTIVE_VARIABLES, &v));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3.1: MAX_NUM_COMPATIBLE_SUBROUTINES of UNIFORM",
               glGetProgramInterfaceiv(p, GL_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3.1.1: GetProgramResourceIndex of ATOMIC_COUNTER_BUFFER",
               glGetProgramResourceIndex(p, GL_ATOMIC_COUNTER_BUFFER, "ac"));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3.1.1: GetProgramResourceName index out of range",
               glGetProgramResourceName(p, GL_UNIFORM, 1000, sizeof name, NULL, name));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3.1.1: GetProgramResourceName of ATOMIC_COUNTER_BUFFER",
               glGetProgramResourceName(p, GL_ATOMIC_COUNTER_BUFFER, 0, sizeof name, NULL, name));
    GLenum props[2] = {GL_TYPE, GL_TOP_LEVEL_ARRAY_SIZE};
    GLint out[2] = {-7, -7};
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3.1.1: GetProgramResourceiv propCount 0",
               glGetProgramResourceiv(p, GL_UNIFORM, 0, 0, props, 2, NULL, out));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3.1.1: TOP_LEVEL_ARRAY_SIZE is no UNIFORM property",
               glGetProgramResourceiv(p, GL_UNIFORM, 0, 2, props, 2, NULL, out));
    props[1] = GL_TEXTURE_2D;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3.1.1: an enum that is no property",
               glGetProgramResourceiv(p, GL_UNIFORM, 0, 2, props, 2, NULL, out));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3.1.1: GetProgramResourceiv index out of range",
               glGetProgramResourceiv(p, GL_UNIFORM, 1000, 1, props, 2, NULL, out));
    GLsizei len = -1;
    EXPECT_OK(glGetProgramResourceiv(p, GL_UNIFORM, 0, 1, props, 0, &len, out));
    CHECK(len == 0, "bufSize 0 writes nothing (length %d)", len);
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3.1.1: GetProgramResourceLocation of UNIFORM_BLOCK",
               glGetProgramResourceLocation(p, GL_UNIFORM_BLOCK, "U"));
    GLuint unlinked = glCreateProgram();
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3.1.1: GetProgramResourceLocation of an unlinked program",
               glGetProgramResourceLocation(unlinked, GL_UNIFORM, "f"));
    GLint failed_loc = 5;
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: GetUniformLocation of an unlinked program",
               failed_loc = glGetUniformLocation(unlinked, "f"));
    CHECK(failed_loc == -1, "a failing GetUniformLocation returns -1, not a location (%d)", failed_loc);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.6.1: GetUniformLocation of a name that is no object",
               failed_loc = glGetUniformLocation(424242, "f"));
    CHECK(failed_loc == -1, "and -1 for no program (%d)", failed_loc);
    GLint none = -7;
    EXPECT_OK(glGetProgramInterfaceiv(unlinked, GL_UNIFORM, GL_ACTIVE_RESOURCES, &none));
    CHECK(none == 0, "an unlinked program has no active resources");
    CHECK(glGetProgramResourceIndex(unlinked, GL_UNIFORM, "f") == GL_INVALID_INDEX, "no index when unlinked");
    glDeleteProgram(unlinked);
    CHECK(glGetProgramResourceLocation(p, GL_UNIFORM, "arr[2]") == glGetUniformLocation(p, "arr") + 2,
          "GetProgramResourceLocation of an element");
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
}

/* GL_ARB_gpu_shader_int64: the 64-bit setters and getters, the reflected types, and
 * the type rules (a 64-bit setter fits only a 64-bit uniform of its signedness, and
 * bool; GL 4.6 §7.6.1 with the extension's additions). */
static const char *src64 =
    "#version 430\n"
    "#extension GL_ARB_gpu_shader_int64 : require\n"
    "layout(local_size_x = 1) in;\n"
    "uniform int64_t i;\n"
    "uniform u64vec3 uv;\n"
    "uniform int64_t arr[2];\n"
    "uniform float f;\n"
    "uniform bool b;\n"
    "layout(std430, binding = 0) buffer B { uint64_t o[]; };\n"
    "void main() { o[0] = uint64_t(i) + uv.z + uint64_t(arr[1]) + uint64_t(f) + (b ? 1ul : 0ul); }\n";

static void int64_uniforms(void)
{
    GLuint p = h_program(src64);
    CHECK(p != 0, "int64 program links");
    if (!p)
        return;
    glUseProgram(p);
    GLint li = glGetUniformLocation(p, "i"), luv = glGetUniformLocation(p, "uv");
    GLint la = glGetUniformLocation(p, "arr"), lf = glGetUniformLocation(p, "f");
    GLint lb = glGetUniformLocation(p, "b");
    CHECK(li >= 0 && luv >= 0 && la >= 0 && lf >= 0 && lb >= 0, "int64 locations");
    EXPECT_OK(glUniform1i64ARB(li, -5000000000LL));
    GLint64 gi = 0;
    glGetUniformi64vARB(p, li, &gi);
    CHECK(gi == -5000000000LL, "int64 round trip: %lld", (long long)gi);
    GLuint64 three[3] = {1, 2, 0xfedcba9876543210ULL};
    EXPECT_OK(glUniform3ui64vARB(luv, 1, three));
    GLuint64 gv[3] = {0};
    glGetUniformui64vARB(p, luv, gv);
    CHECK(gv[2] == 0xfedcba9876543210ULL, "u64vec3 round trip");
    GLint64 two[2] = {7, -8};
    EXPECT_OK(glUniform1i64vARB(la, 2, two));
    glGetUniformi64vARB(p, la + 1, &gi);
    CHECK(gi == -8, "int64 array element 1: %lld", (long long)gi);
    EXPECT_OK(glProgramUniform1i64ARB(p, li, 42));
    GLfloat asf = 0;
    glGetUniformfv(p, li, &asf);
    CHECK(asf == 42.0f, "an int64 read as float: %f", asf);
    GLint asi = 0;
    glGetUniformiv(p, li, &asi);
    CHECK(asi == 42, "an int64 read as int: %d", asi);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: uint64 setter on an int64_t",
               glUniform1ui64ARB(li, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: int setter on an int64_t", glUniform1i(li, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: int64 setter on a float", glUniform1i64ARB(lf, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: wrong size", glUniform2ui64ARB(luv, 1, 2));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.6.1: count > 1 on a non-array",
               glUniform1i64vARB(li, 2, two));
    glGetUniformi64vARB(p, li, &gi);
    CHECK(gi == 42, "failed setters changed nothing: %lld", (long long)gi);
    EXPECT_OK(glUniform1i64ARB(lb, 5000000000LL));
    GLint bv = 0;
    glGetUniformiv(p, lb, &bv);
    CHECK(bv == 1, "an int64 setter on a bool stores true");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.10: bufSize below 8 bytes",
               glGetnUniformi64vARB(p, li, 4, &gi));
    GLuint idx = glGetProgramResourceIndex(p, GL_UNIFORM, "uv");
    GLenum prop = GL_TYPE;
    GLint ty = 0;
    glGetProgramResourceiv(p, GL_UNIFORM, idx, 1, &prop, 1, NULL, &ty);
    CHECK(ty == GL_UNSIGNED_INT64_VEC3_ARB, "uv's type: 0x%x", ty);
    idx = glGetProgramResourceIndex(p, GL_UNIFORM, "i");
    glGetProgramResourceiv(p, GL_UNIFORM, idx, 1, &prop, 1, NULL, &ty);
    CHECK(ty == GL_INT64_ARB, "i's type: 0x%x", ty);
    glUseProgram(0);
    glDeleteProgram(p);
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
}

int main(int argc, char **argv)
{
    h_init_any(argc, argv);
    GLuint p = h_program(src);
    CHECK(p != 0, "program links");
    if (p) {
        setters(p);
        getters(p);
        queries(p);
    }
    int64_uniforms();
    return h_finish("uniform_errors");
}
