/* State queries (GL 4.6 chapter 22), strings, capabilities and KHR_debug (chapter 20):
 * every error rule, the compute limits table, and debug messages for GL errors. */
// run: standalone
#include "harness.h"

struct msg {
    GLenum source, type, severity;
    GLuint id;
    char text[512];
};
static struct msg last;
static int calls;
static int user_token;

static void APIENTRY on_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                  const GLchar *message, const void *user)
{
    calls++;
    last.source = source;
    last.type = type;
    last.id = id;
    last.severity = severity;
    snprintf(last.text, sizeof last.text, "%s", message);
    CHECK(user == &user_token, "the user parameter reaches the callback");
    CHECK(length == (GLsizei)strlen(message), "the length excludes the terminator");
}

static void strings(void)
{
    const char *vendor = (const char *)glGetString(GL_VENDOR);
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    const char *version = (const char *)glGetString(GL_VERSION);
    const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    CHECK(vendor && strstr(vendor, "glcompute"), "GL_VENDOR names glcompute");
    CHECK(renderer && strstr(renderer, "glcompute") && strstr(renderer, "thread"), "GL_RENDERER: '%s'", renderer);
    CHECK(version && strncmp(version, "4.6", 3) == 0, "GL_VERSION: '%s'", version);
    CHECK(glsl && strncmp(glsl, "4.60", 4) == 0, "GL_SHADING_LANGUAGE_VERSION: '%s'", glsl);
    CHECK(h_int(GL_MAJOR_VERSION) == 4 && h_int(GL_MINOR_VERSION) == 6, "MAJOR/MINOR_VERSION");
    const GLubyte *s = (const GLubyte *)"untouched";
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.2: GetString(EXTENSIONS) in a core profile", s = glGetString(GL_EXTENSIONS));
    CHECK(s == NULL, "failed GetString returns NULL");
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.2: GetString with an invalid name", glGetString(GL_RGBA));
    GLint n = h_int(GL_NUM_EXTENSIONS);
    CHECK(n > 0, "NUM_EXTENSIONS");
    int has_debug = 0;
    for (GLint i = 0; i < n; i++) {
        const char *e = (const char *)glGetStringi(GL_EXTENSIONS, i);
        CHECK(e && strncmp(e, "GL_", 3) == 0, "extension %d", i);
        if (e && strcmp(e, "GL_KHR_debug") == 0)
            has_debug = 1;
    }
    CHECK(has_debug, "GL_KHR_debug is advertised");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §22.2: GetStringi with index >= NUM_EXTENSIONS", glGetStringi(GL_EXTENSIONS, n));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.2: GetStringi with an invalid name", glGetStringi(GL_VENDOR, 0));
    GLint nv = h_int(GL_NUM_SHADING_LANGUAGE_VERSIONS);
    CHECK(nv >= 1, "NUM_SHADING_LANGUAGE_VERSIONS");
    const char *first = (const char *)glGetStringi(GL_SHADING_LANGUAGE_VERSION, 0);
    CHECK(first && strncmp(first, "460", 3) == 0, "GLSL version 0: '%s'", first);
    CHECK(h_int(GL_CONTEXT_PROFILE_MASK) == GL_CONTEXT_CORE_PROFILE_BIT, "CONTEXT_PROFILE_MASK");
    CHECK(h_int(GL_CONTEXT_FLAGS) == 0, "CONTEXT_FLAGS of a non-debug context");
}

static void limits(void)
{
    /* ARB_compute_shader table 6.50 minimums, through every Get* form. */
    struct { GLenum pname; GLint min; } table[] = {
        {GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, 1024},
        {GL_MAX_COMPUTE_UNIFORM_BLOCKS, 12},
        {GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS, 16},
        {GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS, 8},
        {GL_MAX_COMPUTE_ATOMIC_COUNTERS, 8},
        {GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, 65536}, /* well above the 32768 minimum */
        {GL_MAX_COMPUTE_UNIFORM_COMPONENTS, 512},
        {GL_MAX_COMPUTE_IMAGE_UNIFORMS, 8},
        {GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS, 512},
        {GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, 8},
        {GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, 8},
        {GL_MAX_SHADER_STORAGE_BLOCK_SIZE, 1 << 27},
        {GL_MAX_UNIFORM_BUFFER_BINDINGS, 72},
        {GL_MAX_UNIFORM_BLOCK_SIZE, 16384},
        {GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, 1},
        {GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, 512},
        {GL_MAX_DEBUG_MESSAGE_LENGTH, 1},
        {GL_MAX_LABEL_LENGTH, 256},
    };
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++) {
        GLint iv = -1;
        GLint64 i64 = -1;
        GLfloat fv = -1;
        GLdouble dv = -1;
        GLboolean bv = 7;
        glGetIntegerv(table[i].pname, &iv);
        glGetInteger64v(table[i].pname, &i64);
        glGetFloatv(table[i].pname, &fv);
        glGetDoublev(table[i].pname, &dv);
        glGetBooleanv(table[i].pname, &bv);
        CHECK(iv >= table[i].min, "limit 0x%x = %d below the minimum %d", table[i].pname, iv, table[i].min);
        CHECK(i64 == iv && fv == (GLfloat)iv && dv == (GLdouble)iv && bv == GL_TRUE,
              "GL 4.6 §2.2.2: the same value through every Get* form (0x%x)", table[i].pname);
    }
    CHECK(h_int(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT) <= 256 && h_int(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT) <= 256,
          "alignments within the allowed maximum");
    GLint count[3], size[3];
    for (int i = 0; i < 3; i++) {
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &count[i]);
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &size[i]);
        GLboolean b = 0;
        glGetBooleani_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &b);
        GLfloat f = 0;
        glGetFloati_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &f);
        GLdouble d = 0;
        glGetDoublei_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &d);
        CHECK(b == GL_TRUE && f == size[i] && d == size[i], "indexed forms agree");
    }
    CHECK(count[0] == 0x7fffffff && count[1] == 0x7fffffff && count[2] == 0x7fffffff, "MAX_COMPUTE_WORK_GROUP_COUNT is 2^31-1");
    CHECK(size[0] >= 1024 && size[1] >= 1024 && size[2] >= 64, "MAX_COMPUTE_WORK_GROUP_SIZE minimums");
    GLint v = -3;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §22.1: MAX_COMPUTE_WORK_GROUP_COUNT index 3",
               glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 3, &v));
    CHECK(v == -3, "failed query wrote");
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.1: MAX_COMPUTE_WORK_GROUP_COUNT without an index",
               glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_COUNT, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.1: a pname that is no state value", glGetIntegerv(GL_RGBA, &v));
    GLfloat fv = -3;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.1: GetFloatv of an unknown pname", glGetFloatv(0x1234, &fv));
    GLboolean bv = 9;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.1: GetBooleanv of an unknown pname", glGetBooleanv(0x1234, &bv));
    CHECK(v == -3 && fv == -3 && bv == 9, "failed queries wrote");
    CHECK(h_int(GL_NUM_PROGRAM_BINARY_FORMATS) == 1 && h_int(GL_NUM_SHADER_BINARY_FORMATS) == 1,
          "one program binary format, one shader binary format (SPIR-V)");
    GLboolean compiler = 0;
    glGetBooleanv(GL_SHADER_COMPILER, &compiler);
    CHECK(compiler == GL_TRUE, "SHADER_COMPILER");
    /* Every generic binding point is queryable and starts at zero. */
    GLenum bindings[] = {GL_ARRAY_BUFFER_BINDING, GL_ATOMIC_COUNTER_BUFFER_BINDING, GL_COPY_READ_BUFFER_BINDING,
                         GL_COPY_WRITE_BUFFER_BINDING, GL_DISPATCH_INDIRECT_BUFFER_BINDING,
                         GL_DRAW_INDIRECT_BUFFER_BINDING, GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER_BINDING,
                         GL_QUERY_BUFFER_BINDING, GL_SHADER_STORAGE_BUFFER_BINDING, GL_TEXTURE_BUFFER_BINDING,
                         GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, GL_UNIFORM_BUFFER_BINDING, GL_CURRENT_PROGRAM,
                         GL_PROGRAM_PIPELINE_BINDING};
    for (unsigned i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
        CHECK(h_int(bindings[i]) == 0, "binding 0x%x starts at zero", bindings[i]);
}

static void capabilities(void)
{
    /* Capabilities of the compatibility profile only (GL_TEXTURE_2D, GL_LIGHTING,
     * GL_POINT_SPRITE) are not capabilities of a core context. */
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §2.3.1: Enable of a capability a core context lacks", glEnable(GL_TEXTURE_2D));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §2.3.1: Disable of a capability a core context lacks", glDisable(0x0B50));
    GLboolean r = 1;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §2.3.1: IsEnabled of a capability a core context lacks", r = glIsEnabled(0x8861));
    CHECK(r == GL_FALSE, "failed IsEnabled returns FALSE");
    CHECK(glIsEnabled(GL_DEBUG_OUTPUT) == GL_FALSE, "GL 4.6 §20.8: DEBUG_OUTPUT starts disabled in a non-debug context");
    EXPECT_OK(glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS));
    CHECK(glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS), "DEBUG_OUTPUT_SYNCHRONOUS");
}

static void debug_output(void)
{
    glEnable(GL_DEBUG_OUTPUT);
    glDebugMessageCallback(on_message, &user_token);
    void *p = NULL;
    glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &p);
    CHECK(p == (void *)on_message, "DEBUG_CALLBACK_FUNCTION");
    glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &p);
    CHECK(p == &user_token, "DEBUG_CALLBACK_USER_PARAM");
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.2: GetPointerv with an invalid pname", glGetPointerv(GL_RGBA, &p));

    /* Every GL error produces a message in the application's terms (GL 4.6 §20.1). */
    calls = 0;
    GLuint prog = h_program("#version 430\nlayout(local_size_x = 1) in;\nvoid main() {}\n");
    glUseProgram(prog);
    glDispatchCompute(1, 0x80000000u, 1);
    CHECK(glGetError() == GL_INVALID_VALUE, "INVALID_VALUE");
    CHECK(calls == 1, "one message per error");
    CHECK(last.source == GL_DEBUG_SOURCE_API && last.type == GL_DEBUG_TYPE_ERROR &&
              last.severity == GL_DEBUG_SEVERITY_HIGH,
          "error messages are API/ERROR/HIGH");
    CHECK(strstr(last.text, "glDispatchCompute") && strstr(last.text, "num_groups_y = 2147483648") &&
              strstr(last.text, "GL_MAX_COMPUTE_WORK_GROUP_COUNT[1]"),
          "the message explains the error: '%s'", last.text);
    glUseProgram(0);
    glDeleteProgram(prog);

    /* DebugMessageInsert. */
    calls = 0;
    EXPECT_OK(glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 42, GL_DEBUG_SEVERITY_NOTIFICATION, -1, "hello"));
    CHECK(calls == 1 && last.id == 42 && strcmp(last.text, "hello") == 0, "inserted message delivered");
    calls = 0;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §20.5: DebugMessageInsert with source API",
               glDebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_MARKER, 1, GL_DEBUG_SEVERITY_LOW, -1, "x"));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §20.5: DebugMessageInsert with an invalid type",
               glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, 1, GL_DEBUG_SEVERITY_LOW, -1, "x"));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §20.5: DebugMessageInsert with an invalid severity",
               glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 1, GL_DONT_CARE, -1, "x"));
    GLint maxlen = h_int(GL_MAX_DEBUG_MESSAGE_LENGTH);
    char *longmsg = malloc(maxlen + 1);
    memset(longmsg, 'a', maxlen);
    longmsg[maxlen] = 0;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.5: a message of MAX_DEBUG_MESSAGE_LENGTH or longer",
               glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 1, GL_DEBUG_SEVERITY_LOW, -1, longmsg));
    free(longmsg);
    /* Only the four errors' own messages arrived, none of the rejected inserts. */
    CHECK(calls == 4 && last.type == GL_DEBUG_TYPE_ERROR, "rejected inserts deliver nothing (got %d messages)", calls);

    /* DebugMessageControl. */
    GLuint id = 42;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §20.4: DebugMessageControl with an invalid source",
               glDebugMessageControl(GL_RGBA, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.4: DebugMessageControl with count < 0",
               glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, &id, GL_FALSE));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §20.4: ids with a DONT_CARE source",
               glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_MARKER, GL_DONT_CARE, 1, &id, GL_FALSE));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §20.4: ids with a severity other than DONT_CARE",
               glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, GL_DEBUG_SEVERITY_LOW, 1, &id, GL_FALSE));
    calls = 0;
    EXPECT_OK(glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, GL_DONT_CARE, 1, &id, GL_FALSE));
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 42, GL_DEBUG_SEVERITY_HIGH, -1, "muted");
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 43, GL_DEBUG_SEVERITY_HIGH, -1, "heard");
    CHECK(calls == 1 && last.id == 43, "GL 4.6 §20.4: a disabled id is filtered");
    calls = 0;
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_LOW, -1, "low");
    CHECK(calls == 0, "GL 4.6 §20.4: LOW severity messages start disabled");
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0, NULL, GL_TRUE);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_LOW, -1, "low");
    CHECK(calls == 1, "enabling LOW severity delivers them");

    /* Groups. */
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §20.6: PushDebugGroup with source API",
               glPushDebugGroup(GL_DEBUG_SOURCE_API, 1, -1, "g"));
    CHECK(h_int(GL_DEBUG_GROUP_STACK_DEPTH) == 1, "failed push changed the depth");
    EXPECT_ERR(GL_STACK_UNDERFLOW, "GL 4.6 §20.6: PopDebugGroup of the default group", glPopDebugGroup());
    calls = 0;
    EXPECT_OK(glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 7, -1, "group"));
    CHECK(calls == 1 && last.type == GL_DEBUG_TYPE_PUSH_GROUP && last.id == 7, "push message");
    CHECK(h_int(GL_DEBUG_GROUP_STACK_DEPTH) == 2, "DEBUG_GROUP_STACK_DEPTH");
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
    calls = 0;
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 43, GL_DEBUG_SEVERITY_HIGH, -1, "quiet");
    CHECK(calls == 0, "controls in a group apply");
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
    EXPECT_OK(glPopDebugGroup());
    CHECK(calls == 1 && last.type == GL_DEBUG_TYPE_POP_GROUP && strcmp(last.text, "group") == 0, "pop message");
    calls = 0;
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 43, GL_DEBUG_SEVERITY_HIGH, -1, "back");
    CHECK(calls == 1, "GL 4.6 §20.6: popping restores the outer group's controls");
    GLint max_depth = h_int(GL_MAX_DEBUG_GROUP_STACK_DEPTH);
    for (int i = 1; i < max_depth; i++)
        glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, i, -1, "deep");
    CHECK(glGetError() == GL_NO_ERROR, "pushing to the maximum depth is fine");
    EXPECT_ERR(GL_STACK_OVERFLOW, "GL 4.6 §20.6: pushing past MAX_DEBUG_GROUP_STACK_DEPTH",
               glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, -1, "too deep"));
    CHECK(h_int(GL_DEBUG_GROUP_STACK_DEPTH) == max_depth, "failed push changed the depth");
    for (int i = 1; i < max_depth; i++)
        glPopDebugGroup();

    /* The message log, used when no callback is installed (GL 4.6 §20.7). */
    glDebugMessageCallback(NULL, NULL);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 1, GL_DEBUG_SEVERITY_HIGH, -1, "first");
    glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, 2, GL_DEBUG_SEVERITY_MEDIUM, -1, "second!");
    glBindBuffer(GL_RGBA, 0);
    glGetError();
    CHECK(h_int(GL_DEBUG_LOGGED_MESSAGES) == 3, "DEBUG_LOGGED_MESSAGES");
    CHECK(h_int(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH) == 6, "DEBUG_NEXT_LOGGED_MESSAGE_LENGTH");
    GLenum sources[4], types[4], severities[4];
    GLuint ids[4];
    GLsizei lengths[4];
    char log[1024];
    GLuint got = 99;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.7: GetDebugMessageLog with bufSize < 0",
               got = glGetDebugMessageLog(4, -1, sources, types, ids, severities, lengths, log));
    CHECK(got == 0, "failed GetDebugMessageLog returns 0");
    /* Nothing was removed; the failure's own message joined the log. */
    CHECK(h_int(GL_DEBUG_LOGGED_MESSAGES) == 4, "failed GetDebugMessageLog removed messages");
    got = glGetDebugMessageLog(4, 10, sources, types, ids, severities, lengths, log);
    CHECK(got == 1 && strcmp(log, "first") == 0 && lengths[0] == 6, "only messages that fit are returned");
    got = glGetDebugMessageLog(4, sizeof log, sources, types, ids, severities, lengths, log);
    CHECK(got == 3, "the rest");
    CHECK(ids[0] == 2 && sources[0] == GL_DEBUG_SOURCE_THIRD_PARTY && strcmp(log, "second!") == 0, "second message");
    CHECK(types[1] == GL_DEBUG_TYPE_ERROR && ids[1] == GL_INVALID_ENUM && strstr(log + 8, "glBindBuffer"),
          "the error message is logged: '%s'", log + 8);
    CHECK(ids[2] == GL_INVALID_VALUE && strstr(log + 8 + lengths[1], "glGetDebugMessageLog"), "the failed call's message");
    CHECK(h_int(GL_DEBUG_LOGGED_MESSAGES) == 0 && h_int(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH) == 0, "log emptied");
    glDisable(GL_DEBUG_OUTPUT);
    glBindBuffer(GL_RGBA, 0);
    glGetError();
    CHECK(h_int(GL_DEBUG_LOGGED_MESSAGES) == 0, "GL 4.6 §20.8: no messages while DEBUG_OUTPUT is disabled");
}

static void labels(void)
{
    GLuint b;
    glCreateBuffers(1, &b);
    char out[64] = "unchanged";
    GLsizei len = -1;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §20.9: ObjectLabel with an invalid identifier", glObjectLabel(GL_RGBA, b, -1, "x"));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.9: ObjectLabel of a name that is no object of that type",
               glObjectLabel(GL_BUFFER, b + 100, -1, "x"));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.9: ObjectLabel of a texture glcompute never created",
               glObjectLabel(GL_TEXTURE, 1, -1, "x"));
    GLint maxlen = h_int(GL_MAX_LABEL_LENGTH);
    char *longlabel = malloc(maxlen + 1);
    memset(longlabel, 'l', maxlen);
    longlabel[maxlen] = 0;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.9: a label of MAX_LABEL_LENGTH or longer", glObjectLabel(GL_BUFFER, b, -1, longlabel));
    free(longlabel);
    glGetObjectLabel(GL_BUFFER, b, sizeof out, &len, out);
    CHECK(len == 0 && out[0] == 0, "failed ObjectLabel set a label");
    EXPECT_OK(glObjectLabel(GL_BUFFER, b, 6, "weights-and-more"));
    glGetObjectLabel(GL_BUFFER, b, sizeof out, &len, out);
    CHECK(len == 6 && strcmp(out, "weight") == 0, "label with a length");
    glGetObjectLabel(GL_BUFFER, b, 4, &len, out);
    CHECK(len == 3 && strcmp(out, "wei") == 0, "label truncated to bufSize");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.9: GetObjectLabel with bufSize < 0", glGetObjectLabel(GL_BUFFER, b, -1, &len, out));
    EXPECT_OK(glObjectLabel(GL_BUFFER, b, 0, NULL));
    glGetObjectLabel(GL_BUFFER, b, sizeof out, &len, out);
    CHECK(len == 0, "a NULL label removes it");
    GLuint p = glCreateProgram();
    EXPECT_OK(glObjectLabel(GL_PROGRAM, p, -1, "prog"));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.9: a program label on a shader name", glObjectLabel(GL_SHADER, p, -1, "x"));
    glGetObjectLabel(GL_PROGRAM, p, sizeof out, &len, out);
    CHECK(strcmp(out, "prog") == 0, "program label");
    GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    EXPECT_OK(glObjectPtrLabel(s, -1, "fence"));
    glGetObjectPtrLabel(s, sizeof out, &len, out);
    CHECK(strcmp(out, "fence") == 0 && len == 5, "sync label");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §20.9: ObjectPtrLabel of a non-sync", glObjectPtrLabel((void *)0x4444, -1, "x"));
    glDeleteSync(s);
    glDeleteProgram(p);
    glDeleteBuffers(1, &b);
}

static void debug_context(void)
{
    /* A debug context starts with DEBUG_OUTPUT enabled and reports CONTEXT_FLAG_DEBUG_BIT. */
    EGLContext prev = eglGetCurrentContext();
    EGLContext dbg = h_make_context(EGL_NO_CONTEXT, 1);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, dbg);
    CHECK(h_int(GL_CONTEXT_FLAGS) & GL_CONTEXT_FLAG_DEBUG_BIT, "CONTEXT_FLAG_DEBUG_BIT");
    CHECK(glIsEnabled(GL_DEBUG_OUTPUT) == GL_TRUE, "GL 4.6 §20.8: DEBUG_OUTPUT starts enabled in a debug context");
    glBindBuffer(GL_RGBA, 0);
    CHECK(glGetError() == GL_INVALID_ENUM, "error");
    CHECK(h_int(GL_DEBUG_LOGGED_MESSAGES) == 1, "the error was logged");
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, prev);
    eglDestroyContext(h_dpy, dbg);
}

int main(void)
{
    h_init();
    strings();
    limits();
    capabilities();
    debug_output();
    labels();
    debug_context();
    return h_finish("state_errors");
}
