/* Program binaries (GL 4.6 §7.5): glGetProgramBinary of a linked compute program,
 * glProgramBinary into a new program object that then dispatches with the same
 * results (uniforms back at their initial values), GL_PROGRAM_BINARY_LENGTH and the
 * binary formats, the errors, and refused binaries (corrupted, truncated, of another
 * version) that leave LINK_STATUS FALSE with the reason in the log and no GL error.
 *
 *   program_binary            the whole test in one process
 *   program_binary save FILE  writes a binary to FILE
 *   program_binary load FILE  loads FILE (written by an earlier process) and runs it */
// run: standalone
// run: check program_binary_processes
#include "harness.h"

static const char *src =
    "#version 430\n"
    "layout(local_size_x = 8) in;\n"
    "layout(std430, binding = 0) buffer B { uint v[]; };\n"
    "uniform uint scale = 3u;\n"
    "void main() { v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * scale + 1u; }\n";

/* Runs `p` over 8 values; 1 if v[i] == i * scale + 1 for all. */
static int runs(GLuint p, unsigned scale)
{
    GLuint b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, 32, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    glDispatchCompute(1, 1, 1);
    unsigned v[8] = {0};
    glGetNamedBufferSubData(b, 0, sizeof v, v);
    glUseProgram(0);
    glDeleteBuffers(1, &b);
    for (unsigned i = 0; i < 8; i++)
        if (v[i] != i * scale + 1)
            return 0;
    return 1;
}

static GLint prog_int(GLuint p, GLenum pname)
{
    GLint v = -1;
    glGetProgramiv(p, pname, &v);
    return v;
}

static unsigned char *binary_of(GLuint p, GLsizei *len, GLenum *format)
{
    GLint n = prog_int(p, GL_PROGRAM_BINARY_LENGTH);
    unsigned char *bin = malloc(n > 0 ? (size_t)n : 1);
    *len = 0;
    glGetProgramBinary(p, n, len, format, bin);
    return bin;
}

int main(int argc, char **argv)
{
    h_init();
    if (argc == 3) {
        if (!strcmp(argv[1], "save")) {
            GLuint p = h_program(src);
            GLsizei len;
            GLenum format;
            unsigned char *bin = binary_of(p, &len, &format);
            FILE *f = fopen(argv[2], "wb");
            CHECK(f && fwrite(&format, sizeof format, 1, f) == 1 && fwrite(bin, 1, (size_t)len, f) == (size_t)len,
                  "wrote %s", argv[2]);
            if (f)
                fclose(f);
            return h_finish("program_binary save");
        }
        FILE *f = fopen(argv[2], "rb");
        static unsigned char data[1 << 16];
        GLenum format = 0;
        size_t n = f && fread(&format, sizeof format, 1, f) == 1 ? fread(data, 1, sizeof data, f) : 0;
        CHECK(n > 0, "read a binary from %s", argv[2]);
        GLuint q = glCreateProgram();
        glProgramBinary(q, format, data, (GLsizei)n);
        CHECK(glGetError() == GL_NO_ERROR && prog_int(q, GL_LINK_STATUS) == GL_TRUE,
              "a binary from another process links");
        CHECK(runs(q, 3), "and runs");
        return h_finish("program_binary load");
    }

    GLint nformats = 0, format0 = 0;
    glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &nformats);
    glGetIntegerv(GL_PROGRAM_BINARY_FORMATS, &format0);
    CHECK(nformats == 1 && format0 != 0, "one program binary format (%d, 0x%x)", nformats, format0);

    GLuint p = h_program(src);
    glProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
    CHECK(prog_int(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT) == GL_TRUE, "the retrievable hint is kept");
    glUseProgram(p);
    glUniform1ui(glGetUniformLocation(p, "scale"), 5);
    glUseProgram(0);
    CHECK(runs(p, 5), "the original program runs with scale 5");
    GLint len = prog_int(p, GL_PROGRAM_BINARY_LENGTH);
    CHECK(len > 0, "PROGRAM_BINARY_LENGTH = %d", len);
    GLsizei got_len = 0;
    GLenum format = 0;
    unsigned char *bin = binary_of(p, &got_len, &format);
    CHECK(got_len == len && format == (GLenum)format0, "GetProgramBinary: %d bytes, format 0x%x", got_len, format);

    GLuint q = glCreateProgram();
    EXPECT_OK(glProgramBinary(q, format, bin, got_len));
    CHECK(prog_int(q, GL_LINK_STATUS) == GL_TRUE, "ProgramBinary links the program");
    CHECK(prog_int(q, GL_ATTACHED_SHADERS) == 0, "without attaching shaders");
    CHECK(runs(q, 3), "the loaded program runs, its uniform at the initial value 3");
    GLint wg[3] = {0};
    glGetProgramiv(q, GL_COMPUTE_WORK_GROUP_SIZE, wg);
    CHECK(wg[0] == 8, "its reflection is there (work group size %d)", wg[0]);

    /* Errors. */
    unsigned char small[8];
    EXPECT_ERR(GL_INVALID_OPERATION, "§7.5.1: bufSize below PROGRAM_BINARY_LENGTH",
               glGetProgramBinary(p, 8, &got_len, &format, small));
    GLuint unlinked = glCreateProgram();
    CHECK(prog_int(unlinked, GL_PROGRAM_BINARY_LENGTH) == 0, "an unlinked program has no binary");
    EXPECT_ERR(GL_INVALID_OPERATION, "§7.5.1: an unlinked program",
               glGetProgramBinary(unlinked, len, &got_len, &format, bin));
    EXPECT_ERR(GL_INVALID_VALUE, "§7.3: not a program", glGetProgramBinary(987654, len, &got_len, &format, bin));
    EXPECT_ERR(GL_INVALID_ENUM, "§7.5.2: another binary format", glProgramBinary(q, format + 1, bin, got_len));
    CHECK(prog_int(q, GL_LINK_STATUS) == GL_TRUE, "a rejected call leaves the program linked");
    EXPECT_ERR(GL_INVALID_VALUE, "negative length", glProgramBinary(q, format, bin, -1));

    /* Refused binaries: no GL error, LINK_STATUS FALSE, the reason in the log. */
    char log[1024];
    unsigned char *bad = malloc((size_t)got_len);
    memcpy(bad, bin, (size_t)got_len);
    bad[got_len - 3] ^= 0x55; /* inside the source text */
    EXPECT_OK(glProgramBinary(q, format, bad, got_len));
    glGetProgramInfoLog(q, sizeof log, NULL, log);
    CHECK(prog_int(q, GL_LINK_STATUS) == GL_FALSE && strstr(log, "corrupted"), "a corrupted binary: `%s'", log);
    EXPECT_OK(glProgramBinary(q, format, bin, got_len / 2));
    glGetProgramInfoLog(q, sizeof log, NULL, log);
    CHECK(prog_int(q, GL_LINK_STATUS) == GL_FALSE && strstr(log, "truncated"), "a truncated binary: `%s'", log);
    memcpy(bad, bin, (size_t)got_len);
    bad[8] = 99; /* the layout version */
    EXPECT_OK(glProgramBinary(q, format, bad, got_len));
    glGetProgramInfoLog(q, sizeof log, NULL, log);
    CHECK(prog_int(q, GL_LINK_STATUS) == GL_FALSE && strstr(log, "layout"), "a binary of another layout: `%s'",
          log);
    EXPECT_OK(glProgramBinary(q, format, "not a binary at all", 19));
    CHECK(prog_int(q, GL_LINK_STATUS) == GL_FALSE, "garbage is refused");
    /* And a good one again. */
    EXPECT_OK(glProgramBinary(q, format, bin, got_len));
    CHECK(prog_int(q, GL_LINK_STATUS) == GL_TRUE && runs(q, 3), "a good binary after refused ones");
    free(bad);
    free(bin);
    return h_finish("program_binary");
}
