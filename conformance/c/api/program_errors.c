/* Shader, program and program-pipeline objects (GL 4.6 chapter 7): every error rule,
 * deferred deletion, and the queries. */
// run: standalone
#include "harness.h"

static const char *good_src =
    "#version 430\n"
    "layout(local_size_x = 8, local_size_y = 2) in;\n"
    "uniform float scale;\n"
    "void main() {}\n";

static GLint shader_iv(GLuint s, GLenum pname)
{
    GLint v = -7;
    glGetShaderiv(s, pname, &v);
    return v;
}

static GLint program_iv(GLuint p, GLenum pname)
{
    GLint v = -7;
    glGetProgramiv(p, pname, &v);
    return v;
}

static void shaders(void)
{
    GLuint s;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.1: CreateShader with an invalid type", s = glCreateShader(GL_TEXTURE_2D));
    CHECK(s == 0, "failed CreateShader returned a name");
    GLuint vs = glCreateShader(GL_VERTEX_SHADER);
    CHECK(vs != 0 && glIsShader(vs), "graphics stage shader objects exist (so link rules can reject mixing)");
    s = glCreateShader(GL_COMPUTE_SHADER);
    GLuint p = glCreateProgram();
    CHECK(shader_iv(s, GL_SHADER_TYPE) == GL_COMPUTE_SHADER, "SHADER_TYPE");
    CHECK(shader_iv(s, GL_SHADER_SOURCE_LENGTH) == 0, "no source yet");

    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.1: ShaderSource of a name that is no object",
               glShaderSource(9999, 1, &good_src, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.1: ShaderSource of a program", glShaderSource(p, 1, &good_src, NULL));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.1: ShaderSource with count < 0", glShaderSource(s, -1, &good_src, NULL));
    CHECK(shader_iv(s, GL_SHADER_SOURCE_LENGTH) == 0, "failed ShaderSource set a source");

    /* count/length semantics: lengths, negative lengths, NULL lengths. */
    const char *parts[3] = {"#version 430\nlayout(local_size_x", " = 4) in;\nvoid main() {}\nXXXX", "// tail\n"};
    GLint lengths[3] = {-1, (GLint)strlen(parts[1]) - 4, -1};
    EXPECT_OK(glShaderSource(s, 3, parts, lengths));
    char back[256];
    GLsizei len = -1;
    glGetShaderSource(s, sizeof back, &len, back);
    const char *want = "#version 430\nlayout(local_size_x = 4) in;\nvoid main() {}\n// tail\n";
    CHECK(strcmp(back, want) == 0, "GL 4.6 §7.1: strings joined with their lengths: got '%s'", back);
    CHECK(len == (GLsizei)strlen(want), "GetShaderSource length");
    CHECK(shader_iv(s, GL_SHADER_SOURCE_LENGTH) == (GLint)strlen(want) + 1, "SHADER_SOURCE_LENGTH includes the terminator");
    char small[8];
    glGetShaderSource(s, sizeof small, &len, small);
    CHECK(len == 7 && small[7] == 0 && memcmp(small, want, 7) == 0, "GL 4.6 §2.2.2: bufSize-1 chars and a terminator");
    memset(small, 'x', sizeof small);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13: GetShaderSource with bufSize < 0", glGetShaderSource(s, -1, &len, small));
    CHECK(small[0] == 'x', "failed GetShaderSource wrote");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.13: GetShaderSource of a program", glGetShaderSource(p, 8, &len, small));

    EXPECT_OK(glCompileShader(s));
    CHECK(shader_iv(s, GL_COMPILE_STATUS) == GL_TRUE, "compiles");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.1: CompileShader of a name that is no object", glCompileShader(12345));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.1: CompileShader of a program", glCompileShader(p));

    /* A compile error is an info log, not a GL error. */
    GLuint bad = glCreateShader(GL_COMPUTE_SHADER);
    const char *bad_src = "#version 430\nlayout(local_size_x = 1) in;\nvoid main() { int x = ; }\n";
    glShaderSource(bad, 1, &bad_src, NULL);
    EXPECT_OK(glCompileShader(bad));
    CHECK(shader_iv(bad, GL_COMPILE_STATUS) == GL_FALSE, "a syntax error fails to compile");
    GLint log_len = shader_iv(bad, GL_INFO_LOG_LENGTH);
    char log[1024];
    GLsizei got = 0;
    glGetShaderInfoLog(bad, sizeof log, &got, log);
    CHECK(log_len == got + 1 && got > 0, "INFO_LOG_LENGTH counts the terminator");
    CHECK(strncmp(log, "0:3(", 4) == 0, "the info log names the line: '%s'", log);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13: GetShaderInfoLog with bufSize < 0", glGetShaderInfoLog(bad, -1, &got, log));
    GLuint empty = glCreateShader(GL_COMPUTE_SHADER);
    EXPECT_OK(glCompileShader(empty));
    CHECK(shader_iv(empty, GL_COMPILE_STATUS) == GL_FALSE, "GL 4.6 §7.1: compiling without source fails, no GL error");

    GLint v = 55;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.13: GetShaderiv with an invalid pname", glGetShaderiv(s, GL_LINK_STATUS, &v));
    CHECK(v == 55, "failed GetShaderiv wrote");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.13: GetShaderiv of a program", glGetShaderiv(p, GL_SHADER_TYPE, &v));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13: GetShaderiv of a non-object", glGetShaderiv(424242, GL_SHADER_TYPE, &v));
    CHECK(v == 55, "failed GetShaderiv wrote");

    /* Attach / detach (GL 4.6 §7.3). */
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3: AttachShader with a non-object program", glAttachShader(31313, s));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3: AttachShader with a shader as program", glAttachShader(s, s));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3: AttachShader with a non-object shader", glAttachShader(p, 31313));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3: AttachShader with a program as shader", glAttachShader(p, p));
    CHECK(program_iv(p, GL_ATTACHED_SHADERS) == 0, "failed attaches attached");
    EXPECT_OK(glAttachShader(p, s));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3: AttachShader of an attached shader", glAttachShader(p, s));
    CHECK(program_iv(p, GL_ATTACHED_SHADERS) == 1, "ATTACHED_SHADERS");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3: DetachShader of a shader not attached", glDetachShader(p, bad));
    CHECK(program_iv(p, GL_ATTACHED_SHADERS) == 1, "failed detach detached");
    GLuint names[4] = {0};
    GLsizei count = -1;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13: GetAttachedShaders with maxCount < 0",
               glGetAttachedShaders(p, -1, &count, names));
    CHECK(count == -1, "failed GetAttachedShaders wrote");
    glGetAttachedShaders(p, 4, &count, names);
    CHECK(count == 1 && names[0] == s, "GetAttachedShaders");

    /* Deferred deletion of an attached shader (GL 4.6 §7.1). */
    EXPECT_OK(glDeleteShader(s));
    CHECK(glIsShader(s) && shader_iv(s, GL_DELETE_STATUS) == GL_TRUE, "attached shader is only flagged for deletion");
    EXPECT_OK(glLinkProgram(p));
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_TRUE, "a flagged shader still links");
    EXPECT_OK(glDetachShader(p, s));
    CHECK(!glIsShader(s), "the flagged shader is deleted when detached");
    EXPECT_OK(glDeleteShader(0));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.1: DeleteShader of a non-object", glDeleteShader(88888));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.1: DeleteShader of a program", glDeleteShader(p));
    CHECK(glIsProgram(p), "failed DeleteShader deleted the program");

    glDeleteShader(bad);
    glDeleteShader(empty);
    glDeleteShader(vs);
    glDeleteProgram(p);
}

static void programs(void)
{
    GLuint p = h_program(good_src);
    CHECK(p != 0, "program links");
    GLint size[3] = {0, 0, 0};
    glGetProgramiv(p, GL_COMPUTE_WORK_GROUP_SIZE, size);
    CHECK(size[0] == 8 && size[1] == 2 && size[2] == 1, "ARB_compute_shader: COMPUTE_WORK_GROUP_SIZE");
    CHECK(program_iv(p, GL_PROGRAM_SEPARABLE) == GL_FALSE, "PROGRAM_SEPARABLE default");
    CHECK(program_iv(p, GL_ACTIVE_ATTRIBUTES) == 0, "compute programs have no attributes");

    GLuint unlinked = glCreateProgram();
    GLint sz[3] = {-1, -1, -1};
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: COMPUTE_WORK_GROUP_SIZE of an unlinked program",
               glGetProgramiv(unlinked, GL_COMPUTE_WORK_GROUP_SIZE, sz));
    CHECK(sz[0] == -1, "failed query wrote");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.13: GEOMETRY_VERTICES_OUT without a geometry shader",
               glGetProgramiv(p, GL_GEOMETRY_VERTICES_OUT, sz));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.13: GetProgramiv with an invalid pname", glGetProgramiv(p, GL_SHADER_TYPE, sz));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13: GetProgramiv of a non-object", glGetProgramiv(76543, GL_LINK_STATUS, sz));
    GLuint sh = glCreateShader(GL_COMPUTE_SHADER);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.13: GetProgramiv of a shader", glGetProgramiv(sh, GL_LINK_STATUS, sz));
    CHECK(sz[0] == -1, "failed queries wrote");

    /* Link rules. */
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3: LinkProgram of a non-object", glLinkProgram(76543));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3: LinkProgram of a shader", glLinkProgram(sh));
    EXPECT_OK(glLinkProgram(unlinked));
    CHECK(program_iv(unlinked, GL_LINK_STATUS) == GL_FALSE, "a program with no shaders does not link (core)");
    GLuint vs = glCreateShader(GL_VERTEX_SHADER);
    const char *vsrc = "#version 430\nvoid main() { gl_Position = vec4(0); }\n";
    glShaderSource(vs, 1, &vsrc, NULL);
    glCompileShader(vs);
    glShaderSource(sh, 1, &good_src, NULL);
    glCompileShader(sh);
    GLuint mixed = glCreateProgram();
    glAttachShader(mixed, sh);
    glAttachShader(mixed, vs);
    glLinkProgram(mixed);
    CHECK(program_iv(mixed, GL_LINK_STATUS) == GL_FALSE, "ARB_compute_shader: compute mixed with another stage fails to link");
    char log[512] = "";
    glGetProgramInfoLog(mixed, sizeof log, NULL, log);
    CHECK(strstr(log, "compute") != NULL, "the link log explains the mix: '%s'", log);
    const char *nosize = "#version 430\nvoid main() {}\n";
    GLuint ns = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(ns, 1, &nosize, NULL);
    glCompileShader(ns);
    GLuint nsp = glCreateProgram();
    glAttachShader(nsp, ns);
    glLinkProgram(nsp);
    CHECK(program_iv(nsp, GL_LINK_STATUS) == GL_FALSE, "ARB_compute_shader: a compute program must declare its local size");

    /* UseProgram (GL 4.6 §7.3). */
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3: UseProgram of an unlinked program", glUseProgram(unlinked));
    CHECK(h_int(GL_CURRENT_PROGRAM) == 0, "failed UseProgram changed CURRENT_PROGRAM");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3: UseProgram of a non-object", glUseProgram(65432));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3: UseProgram of a shader", glUseProgram(sh));
    EXPECT_OK(glUseProgram(p));
    CHECK(h_int(GL_CURRENT_PROGRAM) == (GLint)p, "CURRENT_PROGRAM");

    /* A failed relink keeps the installed executable (GL 4.6 §7.3). */
    GLuint extra = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(extra, 1, &nosize, NULL);
    glCompileShader(extra);
    glAttachShader(p, extra);
    glAttachShader(p, vs);
    glLinkProgram(p);
    CHECK(program_iv(p, GL_LINK_STATUS) == GL_FALSE, "relink fails");
    CHECK(h_int(GL_CURRENT_PROGRAM) == (GLint)p, "the program stays current");
    uint64_t before = h_dispatches();
    EXPECT_OK(glDispatchCompute(1, 1, 1));
    CHECK(h_dispatches() == before + 1, "GL 4.6 §7.3: the old executable still runs after a failed relink");
    glDetachShader(p, vs);
    glDetachShader(p, extra);

    /* Deferred deletion of a current program. */
    EXPECT_OK(glDeleteProgram(p));
    CHECK(glIsProgram(p) && program_iv(p, GL_DELETE_STATUS) == GL_TRUE, "a current program is only flagged");
    EXPECT_OK(glUseProgram(0));
    CHECK(!glIsProgram(p), "GL 4.6 §7.3: the flagged program is deleted when no longer current");
    EXPECT_OK(glDeleteProgram(0));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3: DeleteProgram of a non-object", glDeleteProgram(77777));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.3: DeleteProgram of a shader", glDeleteProgram(sh));
    CHECK(glIsShader(sh), "failed DeleteProgram deleted the shader");

    /* ProgramParameteri, ValidateProgram. */
    GLuint q = h_program(good_src);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3: ProgramParameteri with a value not TRUE/FALSE",
               glProgramParameteri(q, GL_PROGRAM_SEPARABLE, 2));
    CHECK(program_iv(q, GL_PROGRAM_SEPARABLE) == GL_FALSE, "failed ProgramParameteri changed it");
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3: ProgramParameteri with an invalid pname",
               glProgramParameteri(q, GL_LINK_STATUS, 1));
    EXPECT_OK(glProgramParameteri(q, GL_PROGRAM_SEPARABLE, GL_TRUE));
    CHECK(program_iv(q, GL_PROGRAM_SEPARABLE) == GL_TRUE, "PROGRAM_SEPARABLE set");
    EXPECT_OK(glValidateProgram(q));
    CHECK(program_iv(q, GL_VALIDATE_STATUS) == GL_TRUE, "a linked compute program validates");
    EXPECT_OK(glValidateProgram(unlinked));
    CHECK(program_iv(unlinked, GL_VALIDATE_STATUS) == GL_FALSE, "an unlinked program does not validate");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §11.1.3.11: ValidateProgram of a non-object", glValidateProgram(54321));
    char plog[64];
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13: GetProgramInfoLog with bufSize < 0", glGetProgramInfoLog(q, -1, NULL, plog));

    /* CreateShaderProgramv: separable, linked. */
    GLuint sep;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.3: CreateShaderProgramv with an invalid type",
               sep = glCreateShaderProgramv(GL_RGBA, 1, &good_src));
    CHECK(sep == 0, "failed CreateShaderProgramv returned a name");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.3: CreateShaderProgramv with count < 0",
               sep = glCreateShaderProgramv(GL_COMPUTE_SHADER, -1, &good_src));
    sep = glCreateShaderProgramv(GL_COMPUTE_SHADER, 1, &good_src);
    CHECK(program_iv(sep, GL_LINK_STATUS) == GL_TRUE && program_iv(sep, GL_PROGRAM_SEPARABLE) == GL_TRUE,
          "CreateShaderProgramv links a separable program");
    CHECK(program_iv(sep, GL_ATTACHED_SHADERS) == 0, "its shader is detached and deleted");

    /* Shader binaries and precision. */
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.2: ShaderBinary with a format not in SHADER_BINARY_FORMATS",
               glShaderBinary(1, &sh, 0x1234, "x", 1));
    GLint range[2] = {0, 0}, precision = -1;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.2.1: GetShaderPrecisionFormat with shadertype COMPUTE_SHADER",
               glGetShaderPrecisionFormat(GL_COMPUTE_SHADER, GL_HIGH_FLOAT, range, &precision));
    CHECK(precision == -1, "failed query wrote");
    glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, range, &precision);
    CHECK(range[0] == 127 && precision == 23, "high float is IEEE single precision");

    glDeleteProgram(sep);
    glDeleteProgram(q);
    glDeleteProgram(nsp);
    glDeleteShader(ns);
    glDeleteProgram(mixed);
    glDeleteShader(vs);
    glDeleteShader(extra);
    glDeleteShader(sh);
    glDeleteProgram(unlinked);
}

static void pipelines(void)
{
    GLuint prog = glCreateShaderProgramv(GL_COMPUTE_SHADER, 1, &good_src);
    GLuint plain = h_program(good_src);
    GLuint pipes[2] = {0xdead, 0xdead};
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.4: GenProgramPipelines with n < 0", glGenProgramPipelines(-1, pipes));
    CHECK(pipes[0] == 0xdead, "failed Gen wrote");
    glGenProgramPipelines(2, pipes);
    CHECK(!glIsProgramPipeline(pipes[0]), "GL 4.6 §7.4: a generated pipeline name has no object yet");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.4: BindProgramPipeline with a name not generated",
               glBindProgramPipeline(9999));
    CHECK(h_int(GL_PROGRAM_PIPELINE_BINDING) == 0, "failed bind changed the binding");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.4: UseProgramStages with a name not generated",
               glUseProgramStages(9999, GL_COMPUTE_SHADER_BIT, prog));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.4: UseProgramStages with undefined stage bits",
               glUseProgramStages(pipes[0], 0x80, prog));
    CHECK(!glIsProgramPipeline(pipes[0]), "failed UseProgramStages created the object");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.4: UseProgramStages with a program that is not separable",
               glUseProgramStages(pipes[0], GL_COMPUTE_SHADER_BIT, plain));
    GLuint unlinked = glCreateProgram();
    glProgramParameteri(unlinked, GL_PROGRAM_SEPARABLE, GL_TRUE);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.4: UseProgramStages with an unlinked program",
               glUseProgramStages(pipes[0], GL_COMPUTE_SHADER_BIT, unlinked));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.4: UseProgramStages with a program that is no object",
               glUseProgramStages(pipes[0], GL_COMPUTE_SHADER_BIT, 8765));
    EXPECT_OK(glUseProgramStages(pipes[0], GL_COMPUTE_SHADER_BIT | GL_VERTEX_SHADER_BIT, prog));
    CHECK(glIsProgramPipeline(pipes[0]), "UseProgramStages creates the pipeline object");
    GLint v = -1;
    glGetProgramPipelineiv(pipes[0], GL_COMPUTE_SHADER, &v);
    CHECK(v == (GLint)prog, "the compute stage holds the program");
    glGetProgramPipelineiv(pipes[0], GL_VERTEX_SHADER, &v);
    CHECK(v == 0, "a stage the program lacks stays empty");
    v = -1;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §7.13: GetProgramPipelineiv with an invalid pname",
               glGetProgramPipelineiv(pipes[0], GL_LINK_STATUS, &v));
    CHECK(v == -1, "failed query wrote");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.13: GetProgramPipelineiv of a name not generated",
               glGetProgramPipelineiv(9999, GL_COMPUTE_SHADER, &v));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.4: ActiveShaderProgram with an unlinked program",
               glActiveShaderProgram(pipes[0], unlinked));
    EXPECT_OK(glActiveShaderProgram(pipes[0], prog));
    glGetProgramPipelineiv(pipes[0], GL_ACTIVE_PROGRAM, &v);
    CHECK(v == (GLint)prog, "ACTIVE_PROGRAM");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.4: ActiveShaderProgram with a pipeline name not generated",
               glActiveShaderProgram(9999, prog));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §11.1.3.11: ValidateProgramPipeline of a name not generated",
               glValidateProgramPipeline(9999));
    char plog[16] = "x";
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §7.13: GetProgramPipelineInfoLog of a name not generated",
               glGetProgramPipelineInfoLog(9999, sizeof plog, NULL, plog));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13: GetProgramPipelineInfoLog with bufSize < 0",
               glGetProgramPipelineInfoLog(pipes[0], -1, NULL, plog));
    CHECK(plog[0] == 'x', "failed info-log queries wrote");
    EXPECT_OK(glValidateProgramPipeline(pipes[0]));
    glGetProgramPipelineiv(pipes[0], GL_VALIDATE_STATUS, &v);
    CHECK(v == GL_TRUE, "the compute pipeline validates");

    /* The active compute program (ARB_compute_shader issue 7). */
    EXPECT_OK(glBindProgramPipeline(pipes[0]));
    uint64_t before = h_dispatches();
    EXPECT_OK(glDispatchCompute(2, 1, 1));
    CHECK(h_dispatches() == before + 1, "with no current program, the pipeline's compute stage runs");
    GLuint vs_only = glCreateShader(GL_VERTEX_SHADER);
    (void)vs_only;
    GLuint other = h_program(good_src);
    glUseProgram(other);
    EXPECT_OK(glDispatchCompute(1, 1, 1));
    CHECK(h_dispatches() == before + 2, "UseProgram overrides the pipeline");
    glUseProgram(0);

    /* Deleting a program held by a pipeline stage is deferred. */
    glDeleteProgram(prog);
    CHECK(glIsProgram(prog), "GL 4.6 §7.3: a program in a pipeline stage is only flagged");
    EXPECT_OK(glDeleteProgramPipelines(2, pipes));
    CHECK(!glIsProgramPipeline(pipes[0]) && h_int(GL_PROGRAM_PIPELINE_BINDING) == 0,
          "GL 4.6 §7.4: deleting the bound pipeline unbinds it");
    CHECK(!glIsProgram(prog), "the flagged program goes with its last pipeline");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.4: DeleteProgramPipelines with n < 0", glDeleteProgramPipelines(-1, pipes));
    GLuint created = 0;
    glCreateProgramPipelines(1, &created);
    CHECK(glIsProgramPipeline(created), "CreateProgramPipelines creates the object");
    glDeleteProgramPipelines(1, &created);
    glDeleteShader(vs_only);
    glDeleteProgram(other);
    glDeleteProgram(plain);
    glDeleteProgram(unlinked);
}

int main(void)
{
    h_init();
    shaders();
    programs();
    pipelines();
    return h_finish("program_errors");
}
