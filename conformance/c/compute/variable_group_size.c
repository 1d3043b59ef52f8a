/* ARB_compute_variable_group_size, completely: the limits through every Get form,
 * every error of glDispatchComputeGroupSizeARB (and of the fixed-size dispatches
 * with a variable-size program), COMPUTE_WORK_GROUP_SIZE of a variable-size program,
 * the compile and link rules, and a barrier-heavy shared-memory reduction run at odd
 * and maximal group sizes, checked against a CPU reference. */
// run: standalone
#include "harness.h"

typedef void (*PFNGROUPSIZE)(GLuint, GLuint, GLuint, GLuint, GLuint, GLuint);
static PFNGROUPSIZE group_size;

static GLuint shader(const char *src, GLint *ok)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    glGetShaderiv(s, GL_COMPILE_STATUS, ok);
    return s;
}

static const char *variable_src =
    "#version 430\n"
    "#extension GL_ARB_compute_variable_group_size : require\n"
    "layout(local_size_variable) in;\n"
    "void main() {}\n";

static void limits(void)
{
    GLint ivals[3], inv = 0;
    GLint64 lvals[3];
    GLboolean bvals[3];
    GLfloat fvals[3];
    GLdouble dvals[3];
    for (int i = 0; i < 3; i++) {
        glGetIntegeri_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &ivals[i]);
        glGetInteger64i_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &lvals[i]);
        glGetBooleani_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &bvals[i]);
        glGetFloati_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &fvals[i]);
        glGetDoublei_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &dvals[i]);
        CHECK(lvals[i] == ivals[i] && bvals[i] == GL_TRUE && fvals[i] == ivals[i] && dvals[i] == ivals[i],
              "MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB[%d] the same through every Get form", i);
    }
    GLint fixed[3];
    for (int i = 0; i < 3; i++)
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &fixed[i]);
    CHECK(ivals[0] >= fixed[0] && ivals[1] >= fixed[1] && ivals[2] >= fixed[2],
          "variable limits at least the fixed ones: %d %d %d", ivals[0], ivals[1], ivals[2]);
    glGetIntegerv(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, &inv);
    GLint64 inv64 = 0;
    GLfloat invf = 0;
    glGetInteger64v(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, &inv64);
    glGetFloatv(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, &invf);
    CHECK(inv >= 512 && inv64 == inv && invf == inv, "MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB = %d", inv);
    GLint v = -1;
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: indexed query beyond index 2",
               glGetIntegeri_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, 3, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22: the size limit is indexed, not a plain value",
               glGetIntegerv(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, &v));
}

static void errors(GLuint variable, GLuint fixed)
{
    GLint max[3], inv = 0, count[3];
    for (int i = 0; i < 3; i++) {
        glGetIntegeri_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &max[i]);
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &count[i]);
    }
    glGetIntegerv(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, &inv);
    uint64_t n0 = h_dispatches();

    glUseProgram(0);
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: no active program", group_size(1, 1, 1, 1, 1, 1));
    glUseProgram(fixed);
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_variable_group_size: a fixed-size program",
               group_size(1, 1, 1, 1, 1, 1));
    /* The fixed-size error comes first, before bad sizes. */
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_variable_group_size: fixed-size program checked first",
               group_size(1, 1, 1, 0, 0, 0));
    glUseProgram(variable);
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_variable_group_size: DispatchCompute of a variable-size program",
               glDispatchCompute(1, 1, 1));
    GLuint ind, cmd[3] = {1, 1, 1};
    glGenBuffers(1, &ind);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, ind);
    glBufferData(GL_DISPATCH_INDIRECT_BUFFER, sizeof cmd, cmd, GL_STATIC_DRAW);
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_variable_group_size: DispatchComputeIndirect of a variable-size program",
               glDispatchComputeIndirect(0));
    for (int axis = 0; axis < 3; axis++) {
        GLuint s[3] = {1, 1, 1}, c[3] = {1, 1, 1};
        s[axis] = 0;
        EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: a group size of zero",
                   group_size(1, 1, 1, s[0], s[1], s[2]));
        s[axis] = (GLuint)max[axis] + 1;
        EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: a group size above its maximum",
                   group_size(1, 1, 1, s[0], s[1], s[2]));
        c[axis] = (GLuint)count[axis] + 1;
        EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: a group count above MAX_COMPUTE_WORK_GROUP_COUNT",
                   group_size(c[0], c[1], c[2], 1, 1, 1));
    }
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: product above MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB",
               group_size(1, 1, 1, (GLuint)inv, 2, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: every size at its maximum (product too large)",
               group_size(1, 1, 1, (GLuint)max[0], (GLuint)max[1], (GLuint)max[2]));
    CHECK(h_dispatches() == n0, "failed dispatches reached the runtime");
    /* Zero counts dispatch nothing and are no error. */
    EXPECT_OK(group_size(0, 1, 1, 4, 4, 4));
    CHECK(h_dispatches() == n0, "a zero count reached the runtime");
    /* COMPUTE_WORK_GROUP_SIZE of a variable-size program is zeros. */
    GLint wgs[3] = {-1, -1, -1};
    EXPECT_OK(glGetProgramiv(variable, GL_COMPUTE_WORK_GROUP_SIZE, wgs));
    CHECK(wgs[0] == 0 && wgs[1] == 0 && wgs[2] == 0, "COMPUTE_WORK_GROUP_SIZE of a variable-size program: %d %d %d",
          wgs[0], wgs[1], wgs[2]);
    glDeleteBuffers(1, &ind);
}

static void compile_and_link_rules(void)
{
    GLint ok;
    GLuint s = shader("#version 430\n#extension GL_ARB_compute_variable_group_size : require\n"
                      "layout(local_size_variable) in;\nlayout(local_size_x = 4) in;\nvoid main() {}\n",
                      &ok);
    CHECK(!ok, "variable and fixed sizes in one shader are a compile error");
    glDeleteShader(s);
    s = shader("#version 430\nlayout(local_size_variable) in;\nvoid main() {}\n", &ok);
    CHECK(!ok, "local_size_variable needs the extension");
    glDeleteShader(s);
    s = shader("#version 430\n#extension GL_ARB_compute_variable_group_size : require\n"
               "layout(local_size_variable) in;\nvoid main() { uvec3 s = gl_WorkGroupSize; }\n",
               &ok);
    CHECK(!ok, "gl_WorkGroupSize is an error with a variable size");
    glDeleteShader(s);
    s = shader("#version 430\n#extension GL_ARB_compute_variable_group_size : require\n"
               "layout(local_size_x = 2) in;\nvoid main() { uvec3 s = gl_LocalGroupSizeARB; }\n",
               &ok);
    CHECK(ok, "gl_LocalGroupSizeARB is gl_WorkGroupSize in a fixed-size shader");
    glDeleteShader(s);
    s = shader("#version 430\nlayout(local_size_x = 2) in;\nvoid main() { uvec3 s = gl_LocalGroupSizeARB; }\n", &ok);
    CHECK(!ok, "gl_LocalGroupSizeARB needs the extension");
    glDeleteShader(s);
    /* Link: mixed across shaders, and none declared. */
    GLuint a = shader(variable_src, &ok);
    GLuint b = shader("#version 430\nlayout(local_size_x = 2) in;\nvoid helper() {}\n", &ok);
    GLuint p = glCreateProgram();
    glAttachShader(p, a);
    glAttachShader(p, b);
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(!ok, "variable and fixed sizes across shaders are a link error");
    glDeleteProgram(p);
    GLuint c = shader("#version 430\n#extension GL_ARB_compute_variable_group_size : require\nvoid main() {}\n", &ok);
    p = glCreateProgram();
    glAttachShader(p, c);
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(!ok, "no size declared anywhere is a link error");
    glDeleteProgram(p);
    glDeleteShader(a);
    glDeleteShader(b);
    glDeleteShader(c);
}

/* A shared-memory reduction whose loop and barriers depend on the dispatch's size. */
static void reduction(void)
{
    GLuint p = h_program(
        "#version 430\n"
        "#extension GL_ARB_compute_variable_group_size : require\n"
        "layout(local_size_variable) in;\n"
        "layout(std430, binding = 0) buffer In { uint data[]; };\n"
        "layout(std430, binding = 1) buffer Sums { uint sums[]; };\n"
        "layout(std430, binding = 2) buffer Ids { uint ids[]; };\n"
        "shared uint sh[1024];\n"
        "void main() {\n"
        "  uint n = gl_LocalGroupSizeARB.x * gl_LocalGroupSizeARB.y * gl_LocalGroupSizeARB.z;\n"
        "  uint l = gl_LocalInvocationIndex;\n"
        "  uint group = gl_WorkGroupID.x + gl_NumWorkGroups.x * (gl_WorkGroupID.y + gl_NumWorkGroups.y * gl_WorkGroupID.z);\n"
        "  sh[l] = data[group * n + l];\n"
        "  barrier();\n"
        "  uint p2 = 1u;\n"
        "  while (p2 < n) p2 <<= 1;\n"
        "  for (uint s = p2 / 2u; s > 0u; s >>= 1) {\n"
        "    if (l < s && l + s < n) sh[l] += sh[l + s];\n"
        "    barrier();\n"
        "  }\n"
        "  if (l == 0u) sums[group] = sh[0];\n"
        "  uvec3 size = gl_NumWorkGroups * gl_LocalGroupSizeARB;\n"
        "  uvec3 g = gl_GlobalInvocationID;\n"
        "  ids[group * n + l] = g.x + size.x * (g.y + size.y * g.z);\n"
        "}\n");
    CHECK(p, "reduction program");
    GLint max[3];
    for (int i = 0; i < 3; i++)
        glGetIntegeri_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &max[i]);
    GLint inv;
    glGetIntegerv(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, &inv);
    const struct { GLuint g[3], s[3]; } cases[] = {
        {{3, 1, 1}, {1, 1, 1}},
        {{2, 3, 1}, {7, 3, 5}},
        {{4, 1, 2}, {512, 1, 1}},
        {{2, 1, 1}, {(GLuint)inv, 1, 1}},
        {{1, 2, 1}, {1, (GLuint)(max[1] < inv ? max[1] : inv), 1}},
        {{1, 1, 3}, {1, 1, (GLuint)max[2]}},
        {{1, 1, 1}, {16, 4, 16}},
    };
    glUseProgram(p);
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const GLuint *g = cases[c].g, *s = cases[c].s;
        GLuint n = s[0] * s[1] * s[2], groups = g[0] * g[1] * g[2], total = n * groups;
        GLuint *data = malloc(total * 4), *sums = malloc(groups * 4), *ids = malloc(total * 4);
        for (GLuint i = 0; i < total; i++)
            data[i] = (i * 2654435761u) >> 20;
        GLuint bufs[3];
        glCreateBuffers(3, bufs);
        glNamedBufferData(bufs[0], total * 4, data, GL_STATIC_DRAW);
        glNamedBufferData(bufs[1], groups * 4, NULL, GL_DYNAMIC_COPY);
        glNamedBufferData(bufs[2], total * 4, NULL, GL_DYNAMIC_COPY);
        for (int i = 0; i < 3; i++)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, bufs[i]);
        EXPECT_OK(group_size(g[0], g[1], g[2], s[0], s[1], s[2]));
        glGetNamedBufferSubData(bufs[1], 0, groups * 4, sums);
        glGetNamedBufferSubData(bufs[2], 0, total * 4, ids);
        int bad_sum = 0, bad_id = 0;
        for (GLuint gr = 0; gr < groups; gr++) {
            GLuint acc = 0;
            for (GLuint i = 0; i < n; i++)
                acc += data[gr * n + i];
            bad_sum += sums[gr] != acc;
            /* The group's coordinates and each invocation's global id. */
            GLuint gx = gr % g[0], gy = (gr / g[0]) % g[1], gz = gr / (g[0] * g[1]);
            for (GLuint i = 0; i < n; i++) {
                GLuint lx = i % s[0], ly = (i / s[0]) % s[1], lz = i / (s[0] * s[1]);
                GLuint x = gx * s[0] + lx, y = gy * s[1] + ly, z = gz * s[2] + lz;
                GLuint want = x + g[0] * s[0] * (y + g[1] * s[1] * z);
                bad_id += ids[gr * n + i] != want;
            }
        }
        CHECK(bad_sum == 0 && bad_id == 0, "group size %ux%ux%u, %ux%ux%u groups: %d sums and %d ids wrong", s[0],
              s[1], s[2], g[0], g[1], g[2], bad_sum, bad_id);
        free(data);
        free(sums);
        free(ids);
        glDeleteBuffers(3, bufs);
    }
    glDeleteProgram(p);
}

int main(void)
{
    h_init();
    group_size = (PFNGROUPSIZE)eglGetProcAddress("glDispatchComputeGroupSizeARB");
    CHECK(group_size != NULL, "glDispatchComputeGroupSizeARB resolves");
    GLuint variable = h_program(variable_src);
    GLuint fixed = h_program("#version 430\nlayout(local_size_x = 2) in;\nvoid main() {}\n");
    limits();
    errors(variable, fixed);
    compile_and_link_rules();
    reduction();
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
    return h_finish("variable_group_size");
}
