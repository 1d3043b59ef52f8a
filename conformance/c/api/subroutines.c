/* Subroutines in compute shaders (GLSL 4.60 §6.1.2, GL 4.6 §7.9): subroutine types,
 * functions and uniforms compile and link, the selected function runs, the queries
 * answer and the errors follow the spec. Standalone, or with --interposed under
 * LD_PRELOAD over a host driver. */
// run: standalone
// run: interposed -- --interposed
#include "harness.h"

static const char *src =
    "#version 430\n"
    "layout(local_size_x = 4) in;\n"
    "layout(std430, binding = 0) buffer B { int v[]; };\n"
    "subroutine int op_t(int a, inout int seen);\n"
    "subroutine void tag_t(out int t);\n"
    "subroutine uniform op_t op;\n"
    "layout(location = 3) subroutine uniform op_t ops[2];\n"
    "subroutine uniform tag_t tag;\n"
    "subroutine(op_t) int twice(int a, inout int seen) { seen += 1; return 2 * a; }\n"
    "layout(index = 5) subroutine(op_t) int negate(int a, inout int seen) { seen += 10; return -a; }\n"
    "subroutine(op_t, tag_t) int plus(int a, inout int seen) { return a + 100; }\n"
    "subroutine(tag_t) void seven(out int t) { t = 7; }\n"
    "subroutine(tag_t) void eight(out int t) { t = 8; }\n"
    "void main() {\n"
    "  uint i = gl_LocalInvocationID.x;\n"
    "  int seen = 0;\n"
    "  int r = op(int(i) + 1, seen);\n"
    "  int t; tag(t);\n"
    "  v[i] = r * 1000 + seen * 10 + t + ops[i % 2u](1, seen) * 0;\n"
    "}\n";

static void expect(const int *want, const char *what)
{
    int got[4] = {0};
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    CHECK(memcmp(got, want, sizeof got) == 0, "%s: %d %d %d %d", what, got[0], got[1], got[2], got[3]);
}

int main(int argc, char **argv)
{
    /* --interposed: preloaded over a host driver (glcompute's checks of standalone
     * mode do not apply). */
    if (argc > 1 && strcmp(argv[1], "--interposed") == 0) {
        EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 0);
        if (!eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
            return 2;
    } else {
        h_init();
    }
    /* plus is declared with two types but tag_t's signature differs: compile error. */
    GLuint bad = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(bad, 1, &src, NULL);
    glCompileShader(bad);
    GLint ok = 1;
    glGetShaderiv(bad, GL_COMPILE_STATUS, &ok);
    CHECK(!ok, "GLSL 4.60 §6.1.2: a subroutine function matches each of its types");
    glDeleteShader(bad);

    char *fixed = strdup(src);
    char *p = strstr(fixed, "subroutine(op_t, tag_t)");
    memcpy(p, "subroutine(op_t       )", strlen("subroutine(op_t, tag_t)"));
    GLuint prog = h_program(fixed);
    CHECK(prog != 0, "the subroutine shader links");
    if (!prog)
        return h_finish("subroutines");

    CHECK(h_int(GL_MAX_SUBROUTINES) == 256, "MAX_SUBROUTINES");
    CHECK(h_int(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS) == 1024, "MAX_SUBROUTINE_UNIFORM_LOCATIONS");
    GLint n = -1;
    glGetProgramStageiv(prog, GL_COMPUTE_SHADER, GL_ACTIVE_SUBROUTINES, &n);
    CHECK(n == 5, "ACTIVE_SUBROUTINES %d", n);
    glGetProgramStageiv(prog, GL_COMPUTE_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORMS, &n);
    CHECK(n == 3, "ACTIVE_SUBROUTINE_UNIFORMS %d", n);
    glGetProgramStageiv(prog, GL_COMPUTE_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, &n);
    CHECK(n == 5, "ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS %d (op 0, tag 1, ops 3-4)", n);
    glGetProgramStageiv(prog, GL_VERTEX_SHADER, GL_ACTIVE_SUBROUTINES, &n);
    CHECK(n == 0, "no vertex stage: 0");
    GLuint twice = glGetSubroutineIndex(prog, GL_COMPUTE_SHADER, "twice");
    GLuint negate = glGetSubroutineIndex(prog, GL_COMPUTE_SHADER, "negate");
    GLuint plus = glGetSubroutineIndex(prog, GL_COMPUTE_SHADER, "plus");
    GLuint seven = glGetSubroutineIndex(prog, GL_COMPUTE_SHADER, "seven");
    GLuint eight = glGetSubroutineIndex(prog, GL_COMPUTE_SHADER, "eight");
    CHECK(negate == 5, "layout(index = 5): %u", negate);
    CHECK(twice == 0 && plus == 1 && seven == 2 && eight == 3, "indices %u %u %u %u", twice, plus, seven, eight);
    CHECK(glGetSubroutineIndex(prog, GL_COMPUTE_SHADER, "main") == GL_INVALID_INDEX, "main is no subroutine");
    GLint op = glGetSubroutineUniformLocation(prog, GL_COMPUTE_SHADER, "op");
    GLint tag = glGetSubroutineUniformLocation(prog, GL_COMPUTE_SHADER, "tag");
    GLint ops1 = glGetSubroutineUniformLocation(prog, GL_COMPUTE_SHADER, "ops[1]");
    CHECK(op == 0 && tag == 1 && ops1 == 4, "locations op %d tag %d ops[1] %d", op, tag, ops1);
    GLint compat[8] = {0}, nc = -1;
    glGetActiveSubroutineUniformiv(prog, GL_COMPUTE_SHADER, 0, GL_NUM_COMPATIBLE_SUBROUTINES, &nc);
    glGetActiveSubroutineUniformiv(prog, GL_COMPUTE_SHADER, 0, GL_COMPATIBLE_SUBROUTINES, compat);
    CHECK(nc == 3 && compat[0] == 0 && compat[1] == 1 && compat[2] == 5, "op's compatible: %d: %d %d %d", nc,
          compat[0], compat[1], compat[2]);
    glGetActiveSubroutineUniformiv(prog, GL_COMPUTE_SHADER, 1, GL_UNIFORM_SIZE, &nc);
    CHECK(nc == 2, "ops has 2 elements: %d", nc);
    char name[32] = "";
    GLsizei len = -1;
    glGetActiveSubroutineUniformName(prog, GL_COMPUTE_SHADER, 2, sizeof name, &len, name);
    CHECK(strcmp(name, "tag") == 0 && len == 3, "uniform 2 is tag: %s", name);
    glGetActiveSubroutineUniformName(prog, GL_COMPUTE_SHADER, 1, sizeof name, &len, name);
    CHECK(strcmp(name, "ops[0]") == 0 && len == 6, "an array's name ends in [0]: %s", name);

    /* The same through the program interface (GL 4.6 §7.3.1). */
    GLint res = -1;
    glGetProgramInterfaceiv(prog, GL_COMPUTE_SUBROUTINE, GL_ACTIVE_RESOURCES, &res);
    CHECK(res == 5, "COMPUTE_SUBROUTINE resources: %d", res);
    glGetProgramInterfaceiv(prog, GL_COMPUTE_SUBROUTINE_UNIFORM, GL_ACTIVE_RESOURCES, &res);
    CHECK(res == 3, "COMPUTE_SUBROUTINE_UNIFORM resources: %d", res);
    glGetProgramInterfaceiv(prog, GL_COMPUTE_SUBROUTINE_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES, &res);
    CHECK(res == 3, "MAX_NUM_COMPATIBLE_SUBROUTINES: %d", res);
    glGetProgramInterfaceiv(prog, GL_COMPUTE_SUBROUTINE, GL_MAX_NAME_LENGTH, &res);
    CHECK(res == 7, "subroutine MAX_NAME_LENGTH: %d", res);
    CHECK(glGetProgramResourceIndex(prog, GL_COMPUTE_SUBROUTINE, "negate") == negate, "ResourceIndex of negate");
    CHECK(glGetProgramResourceIndex(prog, GL_COMPUTE_SUBROUTINE_UNIFORM, "ops") == 1, "ResourceIndex of ops");
    CHECK(glGetProgramResourceLocation(prog, GL_COMPUTE_SUBROUTINE_UNIFORM, "ops[1]") == 4, "ResourceLocation");
    glGetProgramResourceName(prog, GL_COMPUTE_SUBROUTINE, negate, sizeof name, &len, name);
    CHECK(strcmp(name, "negate") == 0, "ResourceName of subroutine 5: %s", name);
    GLenum props[] = {GL_ARRAY_SIZE, GL_LOCATION, GL_NUM_COMPATIBLE_SUBROUTINES, GL_COMPATIBLE_SUBROUTINES};
    GLint pv[8] = {0};
    glGetProgramResourceiv(prog, GL_COMPUTE_SUBROUTINE_UNIFORM, 1, 4, props, 8, NULL, pv);
    CHECK(pv[0] == 2 && pv[1] == 3 && pv[2] == 3 && pv[3] == 0 && pv[4] == 1 && pv[5] == 5,
          "ops: size %d location %d compatible %d: %d %d %d", pv[0], pv[1], pv[2], pv[3], pv[4], pv[5]);
    glGetProgramResourceName(prog, GL_COMPUTE_SUBROUTINE, 4, sizeof name, &len, name);
    CHECK(glGetError() == GL_INVALID_VALUE, "ResourceName: no subroutine has index 4");

    glGetActiveSubroutineName(prog, GL_COMPUTE_SHADER, negate, sizeof name, &len, name);
    CHECK(strcmp(name, "negate") == 0, "subroutine 5 is negate: %s", name);
    glGetActiveSubroutineName(prog, GL_COMPUTE_SHADER, 4, sizeof name, &len, name);
    CHECK(glGetError() == GL_INVALID_VALUE, "no subroutine has index 4");

    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 16, NULL, GL_DYNAMIC_COPY);
    glUseProgram(prog);
    /* Defaults: each location's lowest compatible index (twice, seven). */
    GLuint cur = 99;
    glGetUniformSubroutineuiv(GL_COMPUTE_SHADER, tag, &cur);
    CHECK(cur == seven, "tag starts as seven: %u", cur);
    glDispatchCompute(1, 1, 1);
    int w1[4] = {2017, 4017, 6017, 8017};
    expect(w1, "defaults: twice and seven");
    GLuint sel[5] = {negate, eight, twice, plus, plus};
    glUniformSubroutinesuiv(GL_COMPUTE_SHADER, 5, sel);
    CHECK(glGetError() == GL_NO_ERROR, "UniformSubroutinesuiv");
    glDispatchCompute(1, 1, 1);
    int w2[4] = {-1000 + 108, -2000 + 108, -3000 + 108, -4000 + 108};
    expect(w2, "negate and eight");
    sel[0] = plus;
    glUniformSubroutinesuiv(GL_COMPUTE_SHADER, 5, sel);
    glDispatchCompute(1, 1, 1);
    int w3[4] = {101008, 102008, 103008, 104008};
    expect(w3, "plus");
    glGetUniformSubroutineuiv(GL_COMPUTE_SHADER, op, &cur);
    CHECK(cur == plus, "GetUniformSubroutineuiv: %u", cur);

    /* Errors (GL 4.6 §7.9). */
    glUniformSubroutinesuiv(GL_COMPUTE_SHADER, 4, sel);
    CHECK(glGetError() == GL_INVALID_VALUE, "count must be ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS");
    GLuint wrong[5] = {seven, eight, twice, plus, plus};
    glUniformSubroutinesuiv(GL_COMPUTE_SHADER, 5, wrong);
    CHECK(glGetError() == GL_INVALID_OPERATION, "an incompatible subroutine is INVALID_OPERATION");
    GLuint nosuch[5] = {4, eight, twice, plus, plus};
    glUniformSubroutinesuiv(GL_COMPUTE_SHADER, 5, nosuch);
    CHECK(glGetError() == GL_INVALID_VALUE, "an index that names no subroutine is INVALID_VALUE");
    glUniformSubroutinesuiv(GL_VERTEX_SHADER, 5, sel);
    CHECK(glGetError() == GL_INVALID_OPERATION, "no program for the vertex stage");
    glUniformSubroutinesuiv(GL_RGBA, 5, sel);
    CHECK(glGetError() == GL_INVALID_ENUM, "shadertype must be a stage");
    glGetUniformSubroutineuiv(GL_COMPUTE_SHADER, 5, &cur);
    CHECK(glGetError() == GL_INVALID_VALUE, "location 5 is past the locations");
    glGetUniformSubroutineuiv(GL_COMPUTE_SHADER, op, &cur);
    CHECK(cur == plus, "a failed call changes nothing");
    /* UseProgram resets the values to their defaults. */
    glUseProgram(prog);
    glGetUniformSubroutineuiv(GL_COMPUTE_SHADER, op, &cur);
    CHECK(cur == twice, "UseProgram resets subroutine uniforms: %u", cur);
    glDispatchCompute(1, 1, 1);
    expect(w1, "defaults again");

    /* Compile errors. */
    const char *errs[] = {
        "#version 430\nlayout(local_size_x = 1) in;\nsubroutine void t();\nsubroutine int x;\nvoid main() {}\n",
        "#version 430\nlayout(local_size_x = 1) in;\nsubroutine void t();\nsubroutine(t) void f();\nvoid main() {}\n",
        "#version 430\nlayout(local_size_x = 1) in;\nsubroutine void t();\nsubroutine(t) void f() {}\nvoid f(int x) {}\nvoid main() {}\n",
        "#version 430\nlayout(local_size_x = 1) in;\nsubroutine void t(int a);\nsubroutine uniform t u;\n"
        "subroutine(t) void f(int a) { if (a > 0) u(a - 1); }\nvoid main() { u(2); }\n",
        "#version 430\nlayout(local_size_x = 1) in;\nsubroutine void t();\nsubroutine uniform t u;\nvoid main() { uint x = u; }\n",
    };
    const char *why[] = {"subroutine qualifies no plain variable", "a subroutine function is defined where declared",
                         "subroutine functions have no overloads", "recursion through a subroutine uniform",
                         "a subroutine uniform is only called"};
    for (int i = 0; i < 5; i++) {
        GLuint s = glCreateShader(GL_COMPUTE_SHADER);
        glShaderSource(s, 1, &errs[i], NULL);
        glCompileShader(s);
        GLint c = 1;
        glGetShaderiv(s, GL_COMPILE_STATUS, &c);
        CHECK(!c, "GLSL 4.60 §6.1.2: %s", why[i]);
        glDeleteShader(s);
    }
    /* A hostile array size is a link error, not a table of that many locations. */
    const char *huge = "#version 430\nlayout(local_size_x = 1) in;\nsubroutine void t();\n"
                       "subroutine uniform t u[2000000000];\nsubroutine(t) void f() {}\nvoid main() { u[0](); }\n";
    GLuint hs = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(hs, 1, &huge, NULL);
    glCompileShader(hs);
    GLuint hp = glCreateProgram();
    glAttachShader(hp, hs);
    glLinkProgram(hp);
    GLint linked = 1;
    glGetProgramiv(hp, GL_LINK_STATUS, &linked);
    CHECK(!linked, "GL 4.6 §7.9: more locations than GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS fails to link");
    glDeleteShader(hs);
    glDeleteProgram(hp);
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteBuffers(1, &buf);
    free(fixed);
    CHECK(glGetError() == GL_NO_ERROR, "no error left over");
    return h_finish("subroutines");
}
