/* Graphics shader stages (issue 10 item 4): vertex, tessellation, geometry and fragment
 * shaders compile through the same front end as compute shaders (GLSL 4.60 §4.3.4-§4.5,
 * §7.1, §8.13-§8.16), link with their interfaces matched (GL 4.6 §7.3, §7.4.1), and
 * answer the program queries (§7.3.1, §7.13, §11.1.1, §15.2.3). Nothing is drawn:
 * glcompute does not rasterise, and dispatching a graphics program is an error. */
// run: standalone
#include "harness.h"
#include <stdarg.h>

static GLuint compile(GLenum type, const char *src, char *log, size_t log_size)
{
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    if (log) {
        log[0] = 0;
        glGetShaderInfoLog(s, (GLsizei)log_size, NULL, log);
    }
    return s;
}

static GLint compiled(GLuint s)
{
    GLint v = -1;
    glGetShaderiv(s, GL_COMPILE_STATUS, &v);
    return v;
}

static GLint program_iv(GLuint p, GLenum pname)
{
    GLint v = -7;
    glGetProgramiv(p, pname, &v);
    return v;
}

/* Links the given shaders (0-terminated); the log goes to `log`. */
static GLuint link_shaders(char *log, size_t log_size, GLuint first, ...)
{
    GLuint p = glCreateProgram();
    va_list ap;
    va_start(ap, first);
    for (GLuint s = first; s; s = va_arg(ap, GLuint))
        glAttachShader(p, s);
    va_end(ap);
    glLinkProgram(p);
    log[0] = 0;
    glGetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
    return p;
}

/* A shader that must fail to compile with `needle` in its log. */
static void compile_fails(GLenum type, const char *src, const char *needle, const char *rule)
{
    char log[1024];
    GLuint s = compile(type, src, log, sizeof log);
    CHECK(!compiled(s), "%s: compiled", rule);
    CHECK(strstr(log, needle) != NULL, "%s: log lacks '%s': %s", rule, needle, log);
    glDeleteShader(s);
}

/* Shaders that must fail to link with `needle` in the log. */
static void link_fails(const char *needle, const char *rule, GLenum t1, const char *s1, GLenum t2, const char *s2)
{
    char log[1024];
    GLuint a = compile(t1, s1, log, sizeof log);
    CHECK(compiled(a), "%s: first shader compiles: %s", rule, log);
    GLuint b = s2 ? compile(t2, s2, log, sizeof log) : 0;
    if (b)
        CHECK(compiled(b), "%s: second shader compiles: %s", rule, log);
    GLuint p = link_shaders(log, sizeof log, a, b, 0);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_FALSE, "%s: linked", rule);
    CHECK(strstr(log, needle) != NULL, "%s: link log lacks '%s': %s", rule, needle, log);
    glDeleteProgram(p);
    glDeleteShader(a);
    if (b)
        glDeleteShader(b);
}

static const char *vs_src =
    "#version 330 core\n"
    "layout(location = 3) in vec3 in_normal;\n"
    "in vec2 in_vert;\n"
    "in mat2 in_mat;\n"
    "in float unused_attr;\n"
    "uniform mat4 mvp;\n"
    "uniform float scale;\n"
    "out vec3 v_normal;\n"
    "flat out int v_id;\n"
    "out Block { vec4 color; float w; } vb;\n"
    "void main() {\n"
    "    v_normal = in_normal * scale;\n"
    "    v_id = gl_VertexID;\n"
    "    vb.color = vec4(in_mat[0], in_vert);\n"
    "    vb.w = 1.0;\n"
    "    gl_Position = mvp * vec4(in_vert, 0.0, 1.0);\n"
    "}\n";

static const char *fs_src =
    "#version 330 core\n"
    "in vec3 v_normal;\n"
    "flat in int v_id;\n"
    "in Block { vec4 color; float w; } fb;\n"
    "uniform float scale;\n"
    "uniform sampler2D tex;\n"
    "layout(location = 1) out vec4 f_color;\n"
    "out vec4 f_other;\n"
    "void main() {\n"
    "    if (v_id < 0) discard;\n"
    "    f_color = texture(tex, gl_FragCoord.xy) * vec4(v_normal, scale) + fb.color * fb.w + dFdx(fb.color);\n"
    "    f_other = vec4(gl_FrontFacing ? 1.0 : 0.0);\n"
    "}\n";

static void vertex_fragment(void)
{
    char log[2048];
    GLuint vs = compile(GL_VERTEX_SHADER, vs_src, log, sizeof log);
    CHECK(compiled(vs), "a vertex shader compiles: %s", log);
    GLuint fs = compile(GL_FRAGMENT_SHADER, fs_src, log, sizeof log);
    CHECK(compiled(fs), "a fragment shader compiles: %s", log);
    GLuint p = glCreateProgram();
    glAttachShader(p, vs);
    glAttachShader(p, fs);
    EXPECT_OK(glBindAttribLocation(p, 5, "in_vert"));
    EXPECT_OK(glBindFragDataLocation(p, 2, "f_other"));
    EXPECT_OK(glLinkProgram(p));
    glGetProgramInfoLog(p, sizeof log, NULL, log);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "vertex + fragment link: %s", log);

    /* GL 4.6 §11.1.1: active attributes are the vertex shader's used inputs. */
    GLint n = program_iv(p, GL_ACTIVE_ATTRIBUTES);
    CHECK(n == 4, "ACTIVE_ATTRIBUTES counts in_normal, in_vert, in_mat, gl_VertexID: %d", n);
    CHECK(program_iv(p, GL_ACTIVE_ATTRIBUTE_MAX_LENGTH) == (GLint)strlen("gl_VertexID") + 1,
          "ACTIVE_ATTRIBUTE_MAX_LENGTH: %d", program_iv(p, GL_ACTIVE_ATTRIBUTE_MAX_LENGTH));
    int seen_mat = 0;
    for (GLint i = 0; i < n; i++) {
        char name[64];
        GLint size = -1;
        GLenum type = 0;
        GLsizei len = -1;
        EXPECT_OK(glGetActiveAttrib(p, (GLuint)i, sizeof name, &len, &size, &type, name));
        CHECK(len == (GLsizei)strlen(name) && size == 1, "GetActiveAttrib %d: %s len %d size %d", i, name, len, size);
        if (!strcmp(name, "in_mat")) {
            seen_mat = 1;
            CHECK(type == GL_FLOAT_MAT2, "in_mat is a mat2 (0x%x)", type);
        }
        CHECK(strcmp(name, "unused_attr") != 0, "an unused input is not active");
    }
    CHECK(seen_mat, "in_mat is listed");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §11.1.1: GetActiveAttrib index >= ACTIVE_ATTRIBUTES",
               glGetActiveAttrib(p, (GLuint)n, 8, NULL, NULL, NULL, NULL));
    CHECK(glGetAttribLocation(p, "in_normal") == 3, "explicit location 3: %d", glGetAttribLocation(p, "in_normal"));
    CHECK(glGetAttribLocation(p, "in_vert") == 5, "BindAttribLocation 5: %d", glGetAttribLocation(p, "in_vert"));
    GLint mat = glGetAttribLocation(p, "in_mat");
    CHECK(mat >= 0 && mat != 3 && mat != 5 && mat + 1 != 3 && mat + 1 != 5,
          "a mat2 takes two free locations: %d", mat);
    CHECK(glGetAttribLocation(p, "gl_VertexID") == -1, "built-ins have no location");
    CHECK(glGetAttribLocation(p, "unused_attr") == -1, "inactive: -1");
    CHECK(glGetAttribLocation(p, "nothing") == -1, "unknown: -1");

    /* GL 4.6 §15.2.3: fragment outputs. */
    CHECK(glGetFragDataLocation(p, "f_color") == 1, "explicit fragment output location");
    CHECK(glGetFragDataLocation(p, "f_other") == 2, "BindFragDataLocation: %d", glGetFragDataLocation(p, "f_other"));
    CHECK(glGetFragDataIndex(p, "f_color") == 0, "index 0");
    CHECK(glGetFragDataLocation(p, "v_normal") == -1, "not an output: -1");
    CHECK(glGetProgramResourceLocationIndex(p, GL_PROGRAM_OUTPUT, "f_color") == 0, "LOCATION_INDEX");
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3.1.1: LocationIndex of PROGRAM_INPUT",
               glGetProgramResourceLocationIndex(p, GL_PROGRAM_INPUT, "in_vert"));

    /* GL 4.6 §7.3.1: PROGRAM_INPUT / PROGRAM_OUTPUT. */
    GLint outs = -1, ins = -1;
    glGetProgramInterfaceiv(p, GL_PROGRAM_OUTPUT, GL_ACTIVE_RESOURCES, &outs);
    glGetProgramInterfaceiv(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES, &ins);
    CHECK(outs == 2 && ins == 4, "PROGRAM_OUTPUT %d, PROGRAM_INPUT %d resources", outs, ins);
    GLuint oi = glGetProgramResourceIndex(p, GL_PROGRAM_OUTPUT, "f_color");
    CHECK(oi != GL_INVALID_INDEX, "f_color has an index");
    GLenum props[5] = {GL_TYPE, GL_LOCATION, GL_REFERENCED_BY_FRAGMENT_SHADER, GL_REFERENCED_BY_VERTEX_SHADER,
                       GL_LOCATION_INDEX};
    GLint vals[5] = {0};
    EXPECT_OK(glGetProgramResourceiv(p, GL_PROGRAM_OUTPUT, oi, 5, props, 5, NULL, vals));
    CHECK(vals[0] == GL_FLOAT_VEC4 && vals[1] == 1 && vals[2] == 1 && vals[3] == 0 && vals[4] == 0,
          "f_color: type 0x%x location %d fragment %d vertex %d index %d", vals[0], vals[1], vals[2], vals[3], vals[4]);
    CHECK(glGetProgramResourceLocation(p, GL_PROGRAM_INPUT, "in_normal") == 3, "ResourceLocation of an input");

    /* Uniforms are one variable across stages (GL 4.6 §7.6). */
    GLint nu = program_iv(p, GL_ACTIVE_UNIFORMS);
    CHECK(nu == 3, "mvp, scale, tex: %d active uniforms", nu);
    GLuint idx = glGetProgramResourceIndex(p, GL_UNIFORM, "scale");
    GLenum ref[2] = {GL_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_FRAGMENT_SHADER};
    GLint rv[2] = {0};
    glGetProgramResourceiv(p, GL_UNIFORM, idx, 2, ref, 2, NULL, rv);
    CHECK(rv[0] == 1 && rv[1] == 1, "scale is referenced by both stages (%d %d)", rv[0], rv[1]);
    idx = glGetProgramResourceIndex(p, GL_UNIFORM, "mvp");
    glGetProgramResourceiv(p, GL_UNIFORM, idx, 2, ref, 2, NULL, rv);
    CHECK(rv[0] == 1 && rv[1] == 0, "mvp by the vertex stage only (%d %d)", rv[0], rv[1]);
    GLint loc = glGetUniformLocation(p, "scale");
    CHECK(loc >= 0, "scale has a location");
    EXPECT_OK(glUseProgram(p));
    EXPECT_OK(glUniform1f(loc, 2.5f));
    GLfloat back = 0;
    glGetUniformfv(p, loc, &back);
    CHECK(back == 2.5f, "a uniform of a graphics program keeps its value");

    /* Drawing and dispatching are not ours to do. */
    EXPECT_ERR(GL_INVALID_OPERATION, "glcompute does not rasterise", glDrawArrays(GL_TRIANGLES, 0, 3));
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: the current program has no compute shader",
               glDispatchCompute(1, 1, 1));
    glUseProgram(0);

    /* Stage queries need that stage (GL 4.6 §7.13). */
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.13: GEOMETRY_VERTICES_OUT without a geometry shader",
               program_iv(p, GL_GEOMETRY_VERTICES_OUT));
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: COMPUTE_WORK_GROUP_SIZE without a compute shader",
               program_iv(p, GL_COMPUTE_WORK_GROUP_SIZE));
    glDeleteProgram(p);
    glDeleteShader(vs);
    glDeleteShader(fs);
}

static const char *gs_src =
    "#version 430\n"
    "layout(triangles, invocations = 2) in;\n"
    "layout(triangle_strip, max_vertices = 6) out;\n"
    "in vec3 v_normal[];\n"
    "out vec3 g_normal;\n"
    "void main() {\n"
    "    for (int i = 0; i < gl_in.length(); i++) {\n"
    "        gl_Position = gl_in[i].gl_Position + vec4(float(gl_InvocationID));\n"
    "        g_normal = v_normal[i];\n"
    "        EmitVertex();\n"
    "    }\n"
    "    EndPrimitive();\n"
    "}\n";

static const char *tcs_src =
    "#version 430\n"
    "layout(vertices = 4) out;\n"
    "in vec3 v_normal[];\n"
    "out vec3 t_normal[];\n"
    "patch out float t_patch;\n"
    "void main() {\n"
    "    t_normal[gl_InvocationID] = v_normal[gl_InvocationID];\n"
    "    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
    "    barrier();\n"
    "    gl_TessLevelOuter[0] = 2.0;\n"
    "    gl_TessLevelInner[0] = 3.0;\n"
    "    t_patch = 1.0;\n"
    "}\n";

static const char *tes_src =
    "#version 430\n"
    "layout(quads, fractional_odd_spacing, cw) in;\n"
    "in vec3 t_normal[];\n"
    "patch in float t_patch;\n"
    "out vec3 v_normal;\n"
    "void main() {\n"
    "    v_normal = t_normal[0] * gl_TessCoord.x * t_patch;\n"
    "    gl_Position = gl_in[0].gl_Position;\n"
    "}\n";

static const char *vs_plain =
    "#version 430\n"
    "in vec4 pos;\n"
    "out vec3 v_normal;\n"
    "void main() { v_normal = pos.xyz; gl_Position = pos; }\n";

static const char *fs_geom =
    "#version 430\n"
    "in vec3 g_normal;\n"
    "out vec4 color;\n"
    "void main() { color = vec4(g_normal, 1.0); }\n";

static void geometry_tessellation(void)
{
    char log[2048];
    GLuint vs = compile(GL_VERTEX_SHADER, vs_plain, log, sizeof log);
    CHECK(compiled(vs), "vertex shader: %s", log);
    GLuint gs = compile(GL_GEOMETRY_SHADER, gs_src, log, sizeof log);
    CHECK(compiled(gs), "geometry shader: %s", log);
    GLuint fs = compile(GL_FRAGMENT_SHADER, fs_geom, log, sizeof log);
    CHECK(compiled(fs), "fragment shader: %s", log);
    GLuint p = link_shaders(log, sizeof log, vs, gs, fs, 0);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "vertex + geometry + fragment link: %s", log);
    CHECK(program_iv(p, GL_GEOMETRY_VERTICES_OUT) == 6, "GEOMETRY_VERTICES_OUT");
    CHECK(program_iv(p, GL_GEOMETRY_INPUT_TYPE) == GL_TRIANGLES, "GEOMETRY_INPUT_TYPE");
    CHECK(program_iv(p, GL_GEOMETRY_OUTPUT_TYPE) == GL_TRIANGLE_STRIP, "GEOMETRY_OUTPUT_TYPE");
    CHECK(program_iv(p, GL_GEOMETRY_SHADER_INVOCATIONS) == 2, "GEOMETRY_SHADER_INVOCATIONS");
    glDeleteProgram(p);

    GLuint tcs = compile(GL_TESS_CONTROL_SHADER, tcs_src, log, sizeof log);
    CHECK(compiled(tcs), "tessellation control shader: %s", log);
    GLuint tes = compile(GL_TESS_EVALUATION_SHADER, tes_src, log, sizeof log);
    CHECK(compiled(tes), "tessellation evaluation shader: %s", log);
    const char *fs_t = "#version 430\nin vec3 v_normal;\nout vec4 c;\nvoid main() { c = vec4(v_normal, 1); }\n";
    GLuint fs2 = compile(GL_FRAGMENT_SHADER, fs_t, log, sizeof log);
    p = link_shaders(log, sizeof log, vs, tcs, tes, fs2, 0);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "vertex + tessellation + fragment link: %s", log);
    CHECK(program_iv(p, GL_TESS_CONTROL_OUTPUT_VERTICES) == 4, "TESS_CONTROL_OUTPUT_VERTICES");
    CHECK(program_iv(p, GL_TESS_GEN_MODE) == GL_QUADS, "TESS_GEN_MODE");
    CHECK(program_iv(p, GL_TESS_GEN_SPACING) == GL_FRACTIONAL_ODD, "TESS_GEN_SPACING");
    CHECK(program_iv(p, GL_TESS_GEN_VERTEX_ORDER) == GL_CW, "TESS_GEN_VERTEX_ORDER");
    CHECK(program_iv(p, GL_TESS_GEN_POINT_MODE) == GL_FALSE, "TESS_GEN_POINT_MODE");
    glDeleteProgram(p);

    /* GL 4.6 §7.3: geometry without a vertex shader links only separable. */
    p = link_shaders(log, sizeof log, gs, 0);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_FALSE && strstr(log, "vertex shader"),
          "a geometry shader alone does not link: %s", log);
    glProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
    glLinkProgram(p);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "a separable geometry program links");
    GLint n = -1;
    glGetProgramInterfaceiv(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES, &n);
    CHECK(n == 3, "its inputs are gl_Position (of gl_in), v_normal and gl_InvocationID (%d)", n);
    glDeleteProgram(p);
    glDeleteShader(vs);
    glDeleteShader(gs);
    glDeleteShader(fs);
    glDeleteShader(fs2);
    glDeleteShader(tcs);
    glDeleteShader(tes);
}

/* Words that later GLSL versions made keywords are identifiers before them; words a
 * version reserves are errors (GLSL 4.60 §3.6 and each version's list). */
static void versioned_words(void)
{
    char log[1024];
    static const char *const ok[] = {
        "#version 330\nuniform sampler2D t;\nin vec2 uv;\nout vec4 c;\n"
        "void main() {\n  vec4 sample = texture(t, uv);\n"
        "  float patch = 1.0, buffer = 2.0, shared = 3.0, precise = 4.0, subroutine = 5.0;\n"
        "  float coherent = 6.0, readonly = 7.0, writeonly = 8.0, restrict = 9.0;\n"
        "  c = sample * patch * buffer * shared * precise * subroutine * coherent * readonly * writeonly * restrict;\n}\n",
        "#version 120\nvarying vec4 flat;\nvoid main() { float smooth = 1.0, noperspective = 2.0;"
        " gl_FragColor = flat * smooth * noperspective; }\n",
        "#version 110\nvoid main() { float centroid = 1.0, invariant = 2.0, row_major = 3.0;"
        " gl_FragColor = vec4(centroid * invariant * row_major); }\n",
        /* Words GLSL 1.30 (4.20) reserves without using them are free before. */
        "#version 120\nuniform float filter;\nvoid main() { float active = filter, common = 1.0, partition = 2.0;"
        " gl_FragColor = vec4(active * common * partition); }\n",
        "#version 410\nout vec4 c;\nvoid main() { float resource = 1.0; c = vec4(resource); }\n",
        /* A struct may take such a word as its name. */
        "#version 120\nstruct flat { float x; };\nvoid main() { flat f; f.x = 1.0; gl_FragColor = vec4(f.x); }\n",
        /* A #version in a comment is no directive. */
        "/* #version 110 */\n#version 430\nbuffer B { float v[]; };\nout vec4 c;\nvoid main() { c = vec4(v[0]); }\n",
        /* An extension the context supports makes the word a keyword before its
         * version; one it does not support (GL_ARB_gpu_shader5 is not in
         * GL_EXTENSIONS) is only a warning, and its words stay identifiers. */
        "#version 150\n#extension GL_ARB_shader_storage_buffer_object : enable\n"
        "buffer B { vec4 v; };\nout vec4 c;\nvoid main() { c = v; }\n",
        "#version 150\n#extension GL_ARB_gpu_shader5 : enable\nin vec4 v;\nout vec4 c;\n"
        "void main() { float sample = 2.0; c = v * sample; }\n",
    };
    for (unsigned i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        GLuint s = compile(GL_FRAGMENT_SHADER, ok[i], log, sizeof log);
        CHECK(compiled(s), "versioned words, shader %u compiles: %s", i, log);
        glDeleteShader(s);
    }
    compile_fails(GL_FRAGMENT_SHADER, "#version 130\nout vec4 c;\nvoid main() { dvec2 d; c = vec4(0); }\n",
                  "`dvec2' is a reserved word", "GLSL 1.30 §3.6: dvec2 is reserved");
    compile_fails(GL_FRAGMENT_SHADER, "#version 130\nout vec4 c;\nvoid main() { float packed = 1.0; c = vec4(packed); }\n",
                  "`packed' is a reserved word", "GLSL 1.30 §3.6: packed is reserved");
    compile_fails(GL_FRAGMENT_SHADER, "#version 330\nout vec4 c;\nvoid main() { float image1DShadow; c = vec4(0); }\n",
                  "`image1DShadow' is a reserved word", "GLSL 3.30 §3.6: image1DShadow is reserved");
    compile_fails(GL_FRAGMENT_SHADER, "#version 330\nout vec4 c;\nuniform float filter;\nvoid main() { c = vec4(filter); }\n",
                  "`filter' is a reserved word", "GLSL 3.30 §3.6: filter is reserved");
    compile_fails(GL_FRAGMENT_SHADER,
                  "#version 120\nvoid main() { int i = 0; switch (i) { default: break; } gl_FragColor = vec4(0); }\n",
                  "`switch' is a reserved word", "GLSL 1.20 §3.6: switch is reserved before GLSL 1.30");
    compile_fails(GL_FRAGMENT_SHADER, "#version 150\nsample in vec4 v;\nout vec4 c;\nvoid main() { c = v; }\n",
                  "sample", "GLSL 1.50: sample is no qualifier without GL_ARB_gpu_shader5");
}

static void compile_errors(void)
{
    compile_fails(GL_VERTEX_SHADER, "#version 430\nin vec4 a;\nvoid main() { a = vec4(1); }\n",
                  "shader input", "GLSL 4.60 §4.3.4: inputs are read-only");
    compile_fails(GL_FRAGMENT_SHADER, "#version 430\nout vec4 c;\nvoid main() { c = vec4(gl_VertexID); }\n",
                  "gl_VertexID", "GLSL 4.60 §7.1: gl_VertexID is a vertex shader input");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nvoid main() { gl_Position = vec4(dFdx(1.0)); }\n",
                  "only available in fragment shaders", "GLSL 4.60 §8.14: derivatives are fragment-only");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nvoid main() { discard; }\n", "discard",
                  "GLSL 4.60 §6.4: discard is fragment-only");
    compile_fails(GL_FRAGMENT_SHADER, "#version 430\nvoid main() { EmitVertex(); }\n",
                  "only available in geometry shaders", "GLSL 4.60 §8.15: EmitVertex is geometry-only");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nout bool b;\nvoid main() { b = true; }\n", "boolean",
                  "GLSL 4.60 §4.3.6: no boolean outputs");
    compile_fails(GL_FRAGMENT_SHADER, "#version 430\nin int i;\nout vec4 c;\nvoid main() { c = vec4(i); }\n",
                  "flat", "GLSL 4.60 §4.5: integer fragment inputs are flat");
    compile_fails(GL_FRAGMENT_SHADER,
                  "#version 430\nstruct S { vec4 a; };\nout S s;\nvoid main() { s.a = vec4(1); }\n", "structures",
                  "GLSL 4.60 §4.3.6: fragment outputs are no structs");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nvoid main() { gl_Position = vec4(gl_GlobalInvocationID, 1); }\n",
                  "only available in compute shaders", "compute built-ins are compute-only");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nshared float s;\nvoid main() { gl_Position = vec4(s); }\n",
                  "shared", "GLSL 4.60 §4.3.8: shared is compute-only");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nvoid main() { barrier(); }\n", "barrier()",
                  "GLSL 4.60 §8.16: no barrier in vertex shaders");
    compile_fails(GL_TESS_CONTROL_SHADER,
                  "#version 430\nlayout(vertices = 3) out;\nvoid main() { if (gl_InvocationID == 0) barrier(); }\n",
                  "outside control flow", "GLSL 4.60 §8.16: tessellation barrier only at main's top level");
    compile_fails(GL_GEOMETRY_SHADER, "#version 430\nlayout(triangles) in;\nin vec3 n;\nvoid main() {}\n",
                  "must be arrays", "GLSL 4.60 §4.3.4: geometry inputs are per-vertex arrays");
    compile_fails(GL_GEOMETRY_SHADER, "#version 430\nlayout(triangles) in;\nin vec3 n[2];\nvoid main() {}\n",
                  "input primitive", "GLSL 4.60 §4.3.8.1: the array size matches the primitive");
    compile_fails(GL_GEOMETRY_SHADER, "#version 430\nlayout(triangles) in;\nlayout(points) in;\nvoid main() {}\n",
                  "conflicting", "GLSL 4.60 §4.4.1.2: one input primitive");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nlayout(local_size_x = 2) in;\nvoid main() {}\n", "compute shaders",
                  "local sizes are for compute shaders");
    compile_fails(GL_TESS_CONTROL_SHADER, "#version 330\nlayout(vertices = 3) out;\nvoid main() {}\n", "GLSL 4.00",
                  "tessellation shaders need GLSL 4.00");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nattribute vec4 a;\nvoid main() { gl_Position = a; }\n",
                  "attribute", "GLSL 4.60 §4.3: attribute is compatibility-only");
    compile_fails(GL_FRAGMENT_SHADER, "#version 430\nout vec4 c;\nvoid main() { gl_FragCoord = vec4(1); c = vec4(0); }\n",
                  "shader input", "gl_FragCoord is read-only");
    compile_fails(GL_VERTEX_SHADER, "#version 430\nout gl_PerVertex { vec4 gl_Position; float gl_Other; };\nvoid main() {}\n",
                  "not a member of gl_PerVertex", "GLSL 4.60 §7.1.1: gl_PerVertex redeclares its own members");
    compile_fails(GL_VERTEX_SHADER,
                  "#version 150\nvoid f() { gl_PointSize = 1.0; }\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() {}\n",
                  "after its members were used", "GLSL 1.50 §7.1: gl_PerVertex is redeclared before use");
    compile_fails(GL_VERTEX_SHADER,
                  "#version 150\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() { gl_PointSize = 1.0; }\n",
                  "not a member of the redeclared", "GLSL 1.50 §7.1: members left out of gl_PerVertex are gone");
    compile_fails(GL_VERTEX_SHADER, "#version 150\nout block { vec4 a; } inst;\nvec4 block;\nvoid main() {}\n",
                  "name of a block", "GLSL 1.50 §4.3.7: a block name is used for nothing else");
    compile_fails(GL_FRAGMENT_SHADER, "#version 130\nout vec4 c;\nvoid main() { c = vec4(0); gl_FragColor = c; }\n",
                  "only one of gl_FragColor", "GLSL 1.30 §7.2: gl_FragColor or user outputs");
    compile_fails(GL_FRAGMENT_SHADER, "#version 110\nvoid main() { int i = 5 % 2; gl_FragColor = vec4(i); }\n",
                  "reserved", "GLSL 1.10 §5.1: % is reserved");
    compile_fails(GL_FRAGMENT_SHADER, "#version 430\nvoid main() { gl_FragColor = vec4(1); }\n", "gl_FragColor",
                  "GLSL 4.20: gl_FragColor is compatibility-only");
    /* Redeclarations that are allowed compile. */
    char log[1024];
    GLuint s = compile(GL_VERTEX_SHADER,
                       "#version 430\nout gl_PerVertex { vec4 gl_Position; float gl_PointSize; };\n"
                       "invariant gl_Position;\nvoid main() { gl_Position = vec4(1); gl_PointSize = 2.0; }\n",
                       log, sizeof log);
    CHECK(compiled(s), "gl_PerVertex redeclared with a subset compiles: %s", log);
    glDeleteShader(s);
    s = compile(GL_FRAGMENT_SHADER,
                "#version 430\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nlayout(early_fragment_tests) in;\n"
                "out vec4 c;\nvoid main() { c = gl_FragCoord; gl_FragDepth = 0.5; }\n",
                log, sizeof log);
    CHECK(compiled(s), "gl_FragCoord redeclared with origin_upper_left compiles: %s", log);
    glDeleteShader(s);
    s = compile(GL_VERTEX_SHADER, "#version 120\nattribute vec4 a;\nvarying vec4 v;\nvoid main() { v = a; gl_Position = a; }\n",
                log, sizeof log);
    CHECK(compiled(s), "GLSL 1.20 attribute/varying compile: %s", log);
    glDeleteShader(s);
    /* The compatibility profile's built-ins (GLSL before 1.40, or `compatibility'). */
    s = compile(GL_VERTEX_SHADER,
                "#version 120\nvarying vec2 uv;\nvoid main() {\n"
                "  uv = gl_MultiTexCoord0.xy; gl_FrontColor = gl_Color;\n"
                "  gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex + gl_LightSource[0].position;\n}\n",
                log, sizeof log);
    CHECK(compiled(s), "a GLSL 1.20 vertex shader with fixed-function built-ins compiles: %s", log);
    glDeleteShader(s);
    s = compile(GL_FRAGMENT_SHADER,
                "#version 150 compatibility\nuniform sampler2D t;\nuniform gl_FogParameters f;\n"
                "void main() { gl_FragColor = texture2D(t, gl_TexCoord[0].xy) * gl_Color + f.color; }\n",
                log, sizeof log);
    CHECK(compiled(s), "a compatibility fragment shader with texture2D and gl_FragColor compiles: %s", log);
    glDeleteShader(s);
}

static void link_errors(void)
{
    const char *vs = "#version 430\nout vec3 a;\nvoid main() { a = vec3(1); gl_Position = vec4(0); }\n";
    link_fails("no matching output", "GL 4.6 §7.4.1: a used fragment input needs a vertex output", GL_VERTEX_SHADER,
               vs, GL_FRAGMENT_SHADER, "#version 430\nin vec3 b;\nout vec4 c;\nvoid main() { c = vec4(b, 1); }\n");
    link_fails("vec3", "GL 4.6 §7.4.1: matched variables have one type", GL_VERTEX_SHADER, vs, GL_FRAGMENT_SHADER,
               "#version 430\nin vec4 a;\nout vec4 c;\nvoid main() { c = a; }\n");
    link_fails("interpolation", "GLSL 4.30 §4.5: interpolation qualifiers match", GL_VERTEX_SHADER, vs,
               GL_FRAGMENT_SHADER, "#version 430\nflat in vec3 a;\nout vec4 c;\nvoid main() { c = vec4(a, 1); }\n");
    link_fails("does not declare", "GL 4.6 §7.3: a geometry shader declares its primitives", GL_VERTEX_SHADER, vs,
               GL_GEOMETRY_SHADER, "#version 430\nlayout(triangles) in;\nvoid main() {}\n");
    link_fails("main()", "GL 4.6 §7.3: each stage has a main", GL_VERTEX_SHADER, vs, GL_FRAGMENT_SHADER,
               "#version 430\nout vec4 c;\nvoid f() { c = vec4(0); }\n");
    link_fails("shader storage blocks", "GL 4.3 table 23.57: MAX_VERTEX_SHADER_STORAGE_BLOCKS is 8",
               GL_VERTEX_SHADER,
               "#version 430\nbuffer B { vec4 v; } b[9];\nvoid main() { gl_Position = b[gl_VertexID].v; }\n", 0,
               NULL);
    link_fails("overlaps", "GL 4.6 §15.2.3: fragment output locations do not overlap", GL_FRAGMENT_SHADER,
               "#version 430\nlayout(location = 0) out vec4 a;\nlayout(location = 0) out vec4 b;\n"
               "void main() { a = vec4(0); b = vec4(1); }\n",
               0, NULL);
    /* GL 4.6 §11.1.1: aliased vertex attributes link (with a warning). */
    char log[1024];
    GLuint al = compile(GL_VERTEX_SHADER,
                        "#version 430\nlayout(location = 0) in mat2 m;\nlayout(location = 1) in vec4 p;\n"
                        "void main() { gl_Position = p + vec4(m[0], 0, 0); }\n",
                        log, sizeof log);
    GLuint alp = link_shaders(log, sizeof log, al, 0);
    CHECK(program_iv(alp, GL_LINK_STATUS) == GL_TRUE && strstr(log, "overlaps"),
          "aliased attributes link with a warning: %s", log);
    glDeleteProgram(alp);
    glDeleteShader(al);
    link_fails("different types", "GL 4.6 §7.6: a uniform has one type in every stage", GL_VERTEX_SHADER,
               "#version 430\nuniform vec4 u;\nvoid main() { gl_Position = u; }\n", GL_FRAGMENT_SHADER,
               "#version 430\nuniform float u;\nout vec4 c;\nvoid main() { c = vec4(u); }\n");
    link_fails("compute", "ARB_compute_shader: compute does not link with other stages", GL_VERTEX_SHADER, vs,
               GL_COMPUTE_SHADER, "#version 430\nlayout(local_size_x = 1) in;\nvoid main() {}\n");
}

/* Links `vs` (with a trivial fragment shader) recording `names`; returns the program. */
static GLuint xfb_program(const char *vs, GLsizei n, const char *const *names, GLenum mode, char *log, size_t size)
{
    GLuint v = compile(GL_VERTEX_SHADER, vs, log, size);
    CHECK(compiled(v), "transform feedback vertex shader compiles: %s", log);
    GLuint p = glCreateProgram();
    glAttachShader(p, v);
    glTransformFeedbackVaryings(p, n, names, mode);
    glLinkProgram(p);
    log[0] = 0;
    glGetProgramInfoLog(p, (GLsizei)size, NULL, log);
    glDeleteShader(v);
    return p;
}

static const char *xfb_vs =
    "#version 430\n"
    "out vec3 a;\nout float b[3];\nout S { vec2 m; } blk;\nflat out ivec2 c;\nflat out dvec2 d;\nout vec3 e[2];\n"
    "void main() { a = vec3(1); b[0] = b[1] = b[2] = 2.0; blk.m = vec2(3); c = ivec2(4); d = dvec2(5);"
    " e[0] = e[1] = vec3(6);"
    " gl_Position = vec4(0); }\n";

static void xfb_link_fails(const char *needle, const char *rule, GLsizei n, const char *const *names, GLenum mode)
{
    char log[1024];
    GLuint p = xfb_program(xfb_vs, n, names, mode, log, sizeof log);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_FALSE, "%s: linked", rule);
    CHECK(strstr(log, needle) != NULL, "%s: link log lacks '%s': %s", rule, needle, log);
    glDeleteProgram(p);
}

/* GL 4.6 §11.1.2.1 and §13.3: transform feedback varyings resolve at link, and the
 * object goes active and paused with the errors that state brings. */
static void transform_feedback(void)
{
    char log[1024];
    const char *names[] = {"a", "b[1]", "gl_SkipComponents2", "S.m", "gl_NextBuffer", "c", "b"};
    GLuint p = xfb_program(xfb_vs, 7, names, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "varyings link: %s", log);
    CHECK(program_iv(p, GL_TRANSFORM_FEEDBACK_VARYINGS) == 7, "TRANSFORM_FEEDBACK_VARYINGS: %d",
          program_iv(p, GL_TRANSFORM_FEEDBACK_VARYINGS));
    CHECK(program_iv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH) == (GLint)sizeof "gl_SkipComponents2",
          "VARYING_MAX_LENGTH: %d", program_iv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH));
    CHECK(program_iv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE) == GL_INTERLEAVED_ATTRIBS, "BUFFER_MODE");
    const struct { const char *name; GLsizei size; GLenum type; GLint offset; } want[] = {
        {"a", 1, GL_FLOAT_VEC3, 0},   {"b[1]", 1, GL_FLOAT, 12},    {"gl_SkipComponents2", 2, GL_NONE, 16},
        {"S.m", 1, GL_FLOAT_VEC2, 24}, {"gl_NextBuffer", 0, GL_NONE, 0}, {"c", 1, GL_INT_VEC2, 0},
        {"b", 3, GL_FLOAT, 8},
    };
    for (GLuint i = 0; i < 7; i++) {
        char name[64] = "";
        GLsizei len = -1, size = -1;
        GLenum type = 1;
        glGetTransformFeedbackVarying(p, i, sizeof name, &len, &size, &type, name);
        CHECK(strcmp(name, want[i].name) == 0 && len == (GLsizei)strlen(want[i].name) && size == want[i].size &&
                  type == want[i].type,
              "GetTransformFeedbackVarying %u: %s len %d size %d type 0x%x", i, name, len, size, type);
        GLenum props[] = {GL_OFFSET, GL_ARRAY_SIZE};
        GLint vals[2] = {-9, -9};
        glGetProgramResourceiv(p, GL_TRANSFORM_FEEDBACK_VARYING, i, 2, props, 2, NULL, vals);
        CHECK(vals[0] == want[i].offset && vals[1] == want[i].size, "varying %u OFFSET %d ARRAY_SIZE %d", i,
              vals[0], vals[1]);
    }
    GLint nb = -1;
    glGetProgramInterfaceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, GL_ACTIVE_RESOURCES, &nb);
    CHECK(nb == 2, "two transform feedback buffers: %d", nb);
    GLenum bprops[] = {GL_BUFFER_BINDING, GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE, GL_NUM_ACTIVE_VARIABLES};
    GLint bv[3] = {-9, -9, -9};
    glGetProgramResourceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, 1, 3, bprops, 3, NULL, bv);
    CHECK(bv[0] == 1 && bv[1] == 20 && bv[2] == 2, "buffer 1: binding %d stride %d variables %d", bv[0], bv[1], bv[2]);
    CHECK(glGetProgramResourceIndex(p, GL_TRANSFORM_FEEDBACK_VARYING, "S.m") == 3, "ResourceIndex of S.m");
    CHECK(glGetProgramResourceIndex(p, GL_TRANSFORM_FEEDBACK_VARYING, "gl_SkipComponents2") == GL_INVALID_INDEX,
          "GL 4.6 §7.3.1.1: the special names have no resource index");
    char name[8];
    glGetTransformFeedbackVarying(p, 7, sizeof name, NULL, NULL, NULL, name);
    CHECK(glGetError() == GL_INVALID_VALUE, "GL 4.6 §11.1.2.1: an index past the varyings is INVALID_VALUE");

    /* Link errors. */
    const char *missing[] = {"nothere"};
    xfb_link_fails("not an output", "GL 4.6 §11.1.2.1: a varying names an output", 1, missing, GL_INTERLEAVED_ATTRIBS);
    const char *twice[] = {"a", "a"};
    xfb_link_fails("twice", "GL 4.6 §11.1.2.1: a varying is named once", 2, twice, GL_INTERLEAVED_ATTRIBS);
    const char *past[] = {"b[3]"};
    xfb_link_fails("past the end", "GL 4.6 §11.1.2.1: an element inside its array", 1, past, GL_INTERLEAVED_ATTRIBS);
    const char *big[] = {"e"};
    xfb_link_fails("SEPARATE_COMPONENTS", "GL 4.6 §11.1.2.1: separate varyings fit MAX_..._SEPARATE_COMPONENTS", 1,
                   big, GL_SEPARATE_ATTRIBS);
    const char *skip[] = {"a", "gl_SkipComponents1"};
    xfb_link_fails("INTERLEAVED", "GL 4.6 §11.1.2.1: gl_SkipComponents only when interleaved", 2, skip,
                   GL_SEPARATE_ATTRIBS);
    const char *many[17];
    for (int i = 0; i < 17; i++)
        many[i] = i ? "gl_SkipComponents4" : "a";
    xfb_link_fails("INTERLEAVED_COMPONENTS", "GL 4.6 §11.1.2.1: interleaved varyings fit 64 components", 17, many,
                   GL_INTERLEAVED_ATTRIBS);

    /* Begin needs a buffer at each binding the varyings record into. */
    glUseProgram(p);
    GLboolean b = 9;
    glBeginTransformFeedback(GL_POINTS);
    CHECK(glGetError() == GL_INVALID_OPERATION, "GL 4.6 §13.3.1: Begin without buffers is INVALID_OPERATION");
    GLuint bufs[2];
    glGenBuffers(2, bufs);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bufs[0]);
    glBeginTransformFeedback(GL_POINTS);
    CHECK(glGetError() == GL_INVALID_OPERATION, "GL 4.6 §13.3.1: Begin with binding 1 empty is INVALID_OPERATION");
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, bufs[1]);
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &b);
    CHECK(b == GL_FALSE, "not active before Begin");
    glBeginTransformFeedback(GL_QUADS);
    CHECK(glGetError() == GL_INVALID_ENUM, "GL 4.6 §13.3.1: Begin's mode is a basic primitive");
    glBeginTransformFeedback(GL_TRIANGLES);
    CHECK(glGetError() == GL_NO_ERROR, "Begin with both bindings filled");
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &b);
    CHECK(b == GL_TRUE, "active after Begin");
    glBeginTransformFeedback(GL_TRIANGLES);
    CHECK(glGetError() == GL_INVALID_OPERATION, "Begin while active");
    glUseProgram(0);
    CHECK(glGetError() == GL_INVALID_OPERATION, "GL 4.6 §7.3: UseProgram while active and not paused");
    glLinkProgram(p);
    CHECK(glGetError() == GL_INVALID_OPERATION, "GL 4.6 §7.3: LinkProgram of the recorded program");
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    CHECK(glGetError() == GL_INVALID_OPERATION, "GL 4.6 §13.3.1: rebinding a recording buffer");
    GLuint tf;
    glGenTransformFeedbacks(1, &tf);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
    CHECK(glGetError() == GL_INVALID_OPERATION, "GL 4.6 §13.3.1: BindTransformFeedback while active");
    glResumeTransformFeedback();
    CHECK(glGetError() == GL_INVALID_OPERATION, "Resume when not paused");
    glPauseTransformFeedback();
    CHECK(glGetError() == GL_NO_ERROR, "Pause");
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_PAUSED, &b);
    CHECK(b == GL_TRUE, "paused");
    glPauseTransformFeedback();
    CHECK(glGetError() == GL_INVALID_OPERATION, "Pause when paused");
    /* Paused: another object may be bound, and it is not active. */
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
    CHECK(glGetError() == GL_NO_ERROR, "BindTransformFeedback while paused");
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &b);
    CHECK(b == GL_FALSE, "the new object is not active");
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    glResumeTransformFeedback();
    CHECK(glGetError() == GL_NO_ERROR, "Resume");
    glEndTransformFeedback();
    CHECK(glGetError() == GL_NO_ERROR, "End");
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &b);
    CHECK(b == GL_FALSE, "not active after End");
    glEndTransformFeedback();
    CHECK(glGetError() == GL_INVALID_OPERATION, "End when not active");

    /* An active object cannot be deleted; an inactive one can. */
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bufs[0]);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, bufs[1]);
    glBeginTransformFeedback(GL_POINTS);
    CHECK(glGetError() == GL_NO_ERROR, "Begin on a generated object");
    glDeleteTransformFeedbacks(1, &tf);
    CHECK(glGetError() == GL_INVALID_OPERATION, "GL 4.6 §13.3.1: deleting an active object");
    CHECK(glIsTransformFeedback(tf), "the active object survives");
    glEndTransformFeedback();
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    glDeleteTransformFeedbacks(1, &tf);
    CHECK(!glIsTransformFeedback(tf), "deleted once inactive");
    glUseProgram(0);
    glDeleteBuffers(2, bufs);
    glDeleteProgram(p);
}

/* The resource of `name` in `iface`, with `n` properties read into `vals`; 0 if the
 * name is not a resource. */
static int resource(GLuint p, GLenum iface, const char *name, GLsizei n, const GLenum *props, GLint *vals)
{
    GLuint i = glGetProgramResourceIndex(p, iface, name);
    if (i == GL_INVALID_INDEX)
        return 0;
    glGetProgramResourceiv(p, iface, i, n, props, n, NULL, vals);
    return 1;
}

/* GLSL 4.60 §4.4.1 and §4.4.2.1 (GL_ARB_enhanced_layouts, GLSL 4.40): `component`,
 * member locations of blocks, and the transform feedback qualifiers, which decide
 * what is recorded in place of TransformFeedbackVaryings' names (GL 4.6 §11.1.2.1). */
static void enhanced_layouts(void)
{
    char log[1024];
    const char *vs =
        "#version 450\n"
        "layout(xfb_buffer = 1, xfb_stride = 32) out;\n"
        "layout(xfb_offset = 16) out vec3 a;\n"
        "layout(xfb_buffer = 0, xfb_offset = 0) out float b[2];\n"
        "out Blk { layout(xfb_offset = 8) vec2 m; vec4 n; } blk;\n"
        "out float notcaptured;\n"
        "layout(location = 2, component = 1) in vec3 v;\n"
        "void main() { a = v; b[0] = b[1] = 1.0; blk.m = vec2(2); blk.n = vec4(3); notcaptured = 4.0;"
        " gl_Position = vec4(v, 1); }\n";
    const char *ignored[] = {"notcaptured"};
    GLuint p = xfb_program(vs, 1, ignored, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "xfb qualifiers link: %s", log);
    CHECK(program_iv(p, GL_TRANSFORM_FEEDBACK_VARYINGS) == 3,
          "GL 4.6 §11.1.2.1: the qualifiers decide, the API's names are ignored: %d varyings",
          program_iv(p, GL_TRANSFORM_FEEDBACK_VARYINGS));
    const struct { const char *name; GLint type, size, offset, binding; } want[] = {
        {"a", GL_FLOAT_VEC3, 1, 16, 1}, {"b[0]", GL_FLOAT, 2, 0, 0}, {"Blk.m", GL_FLOAT_VEC2, 1, 8, 1}};
    for (int i = 0; i < 3; i++) {
        GLenum props[] = {GL_TYPE, GL_ARRAY_SIZE, GL_OFFSET, GL_TRANSFORM_FEEDBACK_BUFFER_INDEX};
        GLint v[4] = {-9, -9, -9, -9};
        CHECK(resource(p, GL_TRANSFORM_FEEDBACK_VARYING, want[i].name, 4, props, v), "varying %s recorded",
              want[i].name);
        GLenum bprops[] = {GL_BUFFER_BINDING};
        GLint binding = -9;
        glGetProgramResourceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, (GLuint)v[3], 1, bprops, 1, NULL, &binding);
        CHECK(v[0] == want[i].type && v[1] == want[i].size && v[2] == want[i].offset && binding == want[i].binding,
              "%s: type 0x%x size %d offset %d buffer %d", want[i].name, v[0], v[1], v[2], binding);
    }
    GLint nb = -1;
    glGetProgramInterfaceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, GL_ACTIVE_RESOURCES, &nb);
    CHECK(nb == 2, "two buffers record: %d", nb);
    for (GLint i = 0; i < nb; i++) {
        GLenum bprops[] = {GL_BUFFER_BINDING, GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE};
        GLint bv[2] = {-9, -9};
        glGetProgramResourceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, (GLuint)i, 2, bprops, 2, NULL, bv);
        CHECK(bv[1] == (bv[0] == 1 ? 32 : 8), "buffer %d: stride %d (declared 32; implicit 8)", bv[0], bv[1]);
    }
    GLenum cprops[] = {GL_LOCATION, GL_LOCATION_COMPONENT};
    GLint cv[2] = {-9, -9};
    CHECK(resource(p, GL_PROGRAM_INPUT, "v", 2, cprops, cv) && cv[0] == 2 && cv[1] == 1,
          "GL 4.6 table 7.2: LOCATION_COMPONENT of an input: location %d component %d", cv[0], cv[1]);
    glDeleteProgram(p);

    /* Members with their own locations; the program's outputs are the vertex shader's. */
    GLuint v = compile(GL_VERTEX_SHADER,
                       "#version 450\nout B { layout(location = 3) vec4 x; layout(location = 1) vec2 y; } b;\n"
                       "void main() { b.x = vec4(1); b.y = vec2(2); gl_Position = vec4(0); }\n",
                       log, sizeof log);
    CHECK(compiled(v), "member locations compile: %s", log);
    p = link_shaders(log, sizeof log, v, 0);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "member locations link: %s", log);
    GLint lx = -9, ly = -9;
    GLenum lprop = GL_LOCATION;
    resource(p, GL_PROGRAM_OUTPUT, "B.x", 1, &lprop, &lx);
    resource(p, GL_PROGRAM_OUTPUT, "B.y", 1, &lprop, &ly);
    CHECK(lx == 3 && ly == 1, "GLSL 4.60 §4.4.1: member locations B.x %d B.y %d", lx, ly);
    glDeleteProgram(p);
    glDeleteShader(v);

    /* Two outputs share a location by components, and match the next stage's inputs
     * by location and component. */
    const char *vs2 = "#version 450\nlayout(location = 0) out vec2 p;\nlayout(location = 0, component = 2) out vec2 q;\n"
                      "void main() { p = vec2(1); q = vec2(2); gl_Position = vec4(0); }\n";
    const char *fs2 = "#version 450\nlayout(location = 0, component = 2) in vec2 q;\nlayout(location = 0) in vec2 p;\n"
                      "layout(location = 0) out vec2 c0;\nlayout(location = 0, component = 2) out vec2 c1;\n"
                      "void main() { c0 = p; c1 = q; }\n";
    GLuint a = compile(GL_VERTEX_SHADER, vs2, log, sizeof log);
    CHECK(compiled(a), "components compile (vertex): %s", log);
    GLuint f = compile(GL_FRAGMENT_SHADER, fs2, log, sizeof log);
    CHECK(compiled(f), "components compile (fragment): %s", log);
    p = link_shaders(log, sizeof log, a, f, 0);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "components link: %s", log);
    cv[0] = cv[1] = -9;
    CHECK(resource(p, GL_PROGRAM_OUTPUT, "c1", 2, cprops, cv) && cv[0] == 0 && cv[1] == 2,
          "fragment output c1: location %d component %d", cv[0], cv[1]);
    glDeleteProgram(p);
    glDeleteShader(a);
    glDeleteShader(f);

    /* Compile errors. */
    static const struct { GLenum stage; const char *src, *needle, *rule; } bad[] = {
        {GL_VERTEX_SHADER, "#version 450\nlayout(xfb_buffer = 4) out vec4 o;\nvoid main() {}\n",
         "gl_MaxTransformFeedbackBuffers", "GLSL 4.60 §4.4.2.1: xfb_buffer is below gl_MaxTransformFeedbackBuffers"},
        {GL_VERTEX_SHADER, "#version 450\nlayout(xfb_offset = 2) out vec4 o;\nvoid main() {}\n",
         "multiple of 4", "GLSL 4.60 §4.4.2.1: an offset is a multiple of 4"},
        {GL_VERTEX_SHADER, "#version 450\nlayout(xfb_offset = 4) out dvec2 o;\nvoid main() {}\n",
         "multiple of 8", "GLSL 4.60 §4.4.2.1: a double's offset is a multiple of 8"},
        {GL_VERTEX_SHADER, "#version 450\nlayout(xfb_stride = 6) out vec4 o;\nvoid main() {}\n",
         "multiple of 4", "GLSL 4.60 §4.4.2.1: a stride is a multiple of 4"},
        {GL_VERTEX_SHADER,
         "#version 450\nlayout(xfb_stride = 16) out vec4 o;\nlayout(xfb_stride = 32) out vec4 o2;\nvoid main() {}\n",
         "declared as 16 and as 32", "GLSL 4.60 §4.4.2.1: one stride per buffer"},
        {GL_VERTEX_SHADER,
         "#version 450\nlayout(xfb_buffer = 1) out;\nout B { layout(xfb_buffer = 0) vec4 m; };\nvoid main() {}\n",
         "must be its block's", "GLSL 4.60 §4.4.2.1: a member's buffer is its block's"},
        {GL_FRAGMENT_SHADER, "#version 450\nlayout(xfb_offset = 0) out vec4 c;\nvoid main() { c = vec4(0); }\n",
         "qualifies outputs of vertex", "GLSL 4.60 §4.4.2.1: xfb qualifiers are for the vertex stages' outputs"},
        {GL_VERTEX_SHADER, "#version 430\nlayout(xfb_offset = 0) out vec4 o;\nvoid main() {}\n",
         "requires GLSL 4.40", "GLSL 4.40: xfb qualifiers need 4.40 or GL_ARB_enhanced_layouts"},
        {GL_VERTEX_SHADER, "#version 450\nlayout(component = 1) in vec2 v;\nvoid main() {}\n",
         "needs an explicit location", "GLSL 4.60 §4.4.1: component needs a location"},
        {GL_VERTEX_SHADER, "#version 450\nlayout(location = 0, component = 2) in vec3 v;\nvoid main() {}\n",
         "overflows", "GLSL 4.60 §4.4.1: components stay within 0 to 3"},
        {GL_VERTEX_SHADER, "#version 450\nlayout(location = 0, component = 1) in double d;\nvoid main() {}\n",
         "component 1 or 3", "GLSL 4.60 §4.4.1: a double starts at component 0 or 2"},
        {GL_VERTEX_SHADER, "#version 450\nlayout(location = 0, component = 0) in mat2 m;\nvoid main() {}\n",
         "matrix", "GLSL 4.60 §4.4.1: no component on a matrix"},
        {GL_VERTEX_SHADER, "#version 450\nlayout(location = 0, component = 0) out B { vec4 m; };\nvoid main() {}\n",
         "not allowed on an input or output block", "GLSL 4.60 §4.4.1: no component on a block"},
        {GL_VERTEX_SHADER, "#version 450\nout B { layout(location = 1) vec4 x; vec4 y; };\nvoid main() {}\n",
         "all of its members", "GLSL 4.60 §4.4.1: without a block location, member locations for all or none"},
        {GL_VERTEX_SHADER, "#version 450\nout B { layout(location = 1) vec4 x; } b[2];\nvoid main() {}\n",
         "declared as an array", "GLSL 4.50 §4.4.1: no member locations in an array of blocks"},
        {GL_VERTEX_SHADER,
         "#version 450\nlayout(location = 1) out B { vec4 x; vec4 y; layout(location = 2) vec4 z; };\n"
         "void main() {}\n",
         "overlaps", "GLSL 4.60 §4.4.1: members do not share a location"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        compile_fails(bad[i].stage, bad[i].src, bad[i].needle, bad[i].rule);

    /* Aggregates holding a double are padded to multiples of 8 (GLSL 4.60 §4.4.2.1):
     * s[1] starts at 16, and its double at 24. */
    const char *none[] = {"x"};
    p = xfb_program("#version 450\nstruct S { float f; double d; };\nlayout(xfb_offset = 0) out S s[2];\n"
                    "void main() { s[0].f = s[1].f = 1.0; s[0].d = s[1].d = 2.0lf; gl_Position = vec4(0); }\n",
                    1, none, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "a struct array with doubles links: %s", log);
    GLenum oprop = GL_OFFSET;
    GLint o1 = -9, o2 = -9;
    resource(p, GL_TRANSFORM_FEEDBACK_VARYING, "s[1].f", 1, &oprop, &o1);
    resource(p, GL_TRANSFORM_FEEDBACK_VARYING, "s[1].d", 1, &oprop, &o2);
    CHECK(o1 == 16 && o2 == 24, "s[1].f at %d (16), s[1].d at %d (24)", o1, o2);
    glDeleteProgram(p);
    /* Forty levels of structures of two members each: each type is sized once. */
    char deep[4096];
    int at = snprintf(deep, sizeof deep, "#version 450\nstruct S0 { float x; };\n");
    for (int i = 1; i <= 40; i++)
        at += snprintf(deep + at, sizeof deep - (size_t)at, "struct S%d { S%d a, b; };\n", i, i - 1);
    snprintf(deep + at, sizeof deep - (size_t)at,
             "layout(xfb_offset = 0) out S40 s;\nlayout(location = 0) out Blk { layout(location = 1) S40 t; } blk;\n"
             "void main() { gl_Position = vec4(0); }\n");
    GLuint dv = compile(GL_VERTEX_SHADER, deep, log, sizeof log);
    CHECK(glGetError() == GL_NO_ERROR, "2^40 members through shared structures: compiled or refused, no error");
    glDeleteShader(dv);
    /* Sizes that saturate are refused or compiled, never a fault. */
    GLuint huge = compile(GL_VERTEX_SHADER,
                          "#version 450\nlayout(xfb_offset = 0) out B { float a[0x7fffffff][0x7fffffff]; float b; };\n"
                          "void main() {}\n",
                          log, sizeof log);
    CHECK(glGetError() == GL_NO_ERROR, "saturating xfb sizes give no GL error: %s", log);
    glDeleteShader(huge);
    compile_fails(GL_VERTEX_SHADER,
                  "#version 450\nlayout(xfb_offset = 0) out gl_PerVertex { vec4 gl_Position; };\nvoid main() {}\n",
                  "not supported", "transform feedback of gl_PerVertex members is refused, not ignored");
    compile_fails(GL_VERTEX_SHADER,
                  "#version 430\nout gl_PerVertex { vec4 gl_Position; float gl_CullDistance[1]; };\nvoid main() {}\n",
                  "not a member", "GLSL 4.50 §7.1: gl_CullDistance is 4.50's");
    compile_fails(GL_VERTEX_SHADER, "#version 450\nlayout(xfb_buffer) out;\nvoid main() {}\n", "needs a value",
                  "GLSL 4.60 §4.4.2.1: xfb_buffer takes a value");

    /* Link errors. */
    static const struct { const char *vs, *needle, *rule; } lbad[] = {
        {"#version 450\nlayout(xfb_offset = 0) out vec4 a;\nlayout(xfb_offset = 8) out vec4 b;\n"
         "void main() { gl_Position = vec4(0); }\n",
         "overlap", "GLSL 4.60 §4.4.2.1: recorded outputs do not overlap"},
        {"#version 450\nlayout(xfb_stride = 20) out vec4 a;\nlayout(xfb_offset = 16) out vec4 b;\n"
         "void main() { gl_Position = vec4(0); }\n",
         "past its xfb_stride", "GLSL 4.60 §4.4.2.1: no offset overflows the stride"},
        {"#version 450\nlayout(xfb_offset = 248) out vec4 a;\nvoid main() { gl_Position = vec4(0); }\n",
         "INTERLEAVED_COMPONENTS", "GLSL 4.60 §4.4.2.1: the stride fits gl_MaxTransformFeedbackInterleavedComponents"},
    };
    for (unsigned i = 0; i < sizeof lbad / sizeof lbad[0]; i++) {
        p = xfb_program(lbad[i].vs, 1, none, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
        CHECK(program_iv(p, GL_LINK_STATUS) == GL_FALSE, "%s: linked", lbad[i].rule);
        CHECK(strstr(log, lbad[i].needle) != NULL, "%s: link log lacks '%s': %s", lbad[i].rule, lbad[i].needle, log);
        glDeleteProgram(p);
    }
    link_fails("another basic type", "GLSL 4.60 §4.4.2: fragment outputs sharing a location have one basic type",
               GL_FRAGMENT_SHADER,
               "#version 450\nlayout(location = 0) out vec2 c0;\nlayout(location = 0, component = 2) out ivec2 c1;\n"
               "void main() { c0 = vec2(0); c1 = ivec2(0); }\n",
               0, NULL);
    link_fails("overlaps", "GLSL 4.60 §4.4.2: fragment outputs share no component",
               GL_FRAGMENT_SHADER,
               "#version 450\nlayout(location = 0) out vec2 c0;\nlayout(location = 0, component = 1) out vec2 c1;\n"
               "void main() { c0 = vec2(0); c1 = vec2(0); }\n",
               0, NULL);
}

int main(void)
{
    h_init();
    vertex_fragment();
    geometry_tessellation();
    compile_errors();
    versioned_words();
    link_errors();
    transform_feedback();
    enhanced_layouts();
    CHECK(glGetError() == GL_NO_ERROR, "no error left over");
    return h_finish("graphics_programs");
}
