/* Query objects through the C API (GL 4.6 §4.2–§4.3): names and objects, a
 * TIME_ELAPSED query around a dispatch that takes measurable time (compared with the
 * wall clock around it), QueryCounter timestamps and Get of GL_TIMESTAMP in order,
 * occlusion and primitive queries that count 0 (glcompute draws nothing) and say so
 * through KHR_debug, result conversion by type, and the errors of each command with
 * nothing changed by a failing call. Also GetInternalformativ/i64v (GL 4.6 §22.3). */
// run: standalone
#include "harness.h"

/* GL 4.6 §22.3: what each format supports, from glcompute's own format tables. */
static void internalformat_queries(void)
{
    GLint v[4] = {-7, -7, -7, -7};
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, 1, v);
    CHECK(v[0] == GL_TRUE, "RGBA8 2D textures are supported");
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_RED_SIZE, 1, v);
    CHECK(v[0] == 8, "RGBA8 red size %d", v[0]);
    glGetInternalformativ(GL_TEXTURE_2D, GL_R32UI, GL_INTERNALFORMAT_RED_TYPE, 1, v);
    CHECK(v[0] == GL_UNSIGNED_INT, "R32UI red type 0x%x", v[0]);
    glGetInternalformativ(GL_TEXTURE_3D, GL_RGBA8, GL_MAX_DEPTH, 1, v);
    GLint max3d = 0;
    glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
    CHECK(v[0] == max3d, "MAX_DEPTH of a 3D texture is MAX_3D_TEXTURE_SIZE (%d %d)", v[0], max3d);
    glGetInternalformativ(GL_TEXTURE_3D, GL_DEPTH_COMPONENT24, GL_MAX_WIDTH, 1, v);
    CHECK(v[0] == 0, "no 3D depth textures: %d", v[0]);
    glGetInternalformativ(GL_TEXTURE_2D, 0x1234, GL_INTERNALFORMAT_SUPPORTED, 1, v);
    CHECK(v[0] == GL_FALSE && glGetError() == GL_NO_ERROR, "an unknown format is unsupported, no error");
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA16F, GL_SHADER_IMAGE_STORE, 1, v);
    CHECK(v[0] == GL_FULL_SUPPORT, "RGBA16F images store");
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA16F, GL_IMAGE_COMPATIBILITY_CLASS, 1, v);
    CHECK(v[0] == GL_IMAGE_CLASS_4_X_16, "RGBA16F image class 0x%x", v[0]);
    glGetInternalformativ(GL_TEXTURE_2D, GL_R32I, GL_SHADER_IMAGE_ATOMIC, 1, v);
    CHECK(v[0] == GL_FULL_SUPPORT, "R32I image atomics");
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_FRAGMENT_TEXTURE, 1, v);
    CHECK(v[0] == GL_NONE, "no fragment stage runs here");
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_COMPUTE_TEXTURE, 1, v);
    CHECK(v[0] == GL_FULL_SUPPORT, "compute shaders sample it");
    glGetInternalformativ(GL_TEXTURE_2D, GL_SRGB8_ALPHA8, GL_COLOR_ENCODING, 1, v);
    CHECK(v[0] == GL_SRGB, "sRGB encoding");
    glGetInternalformativ(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, GL_STENCIL_RENDERABLE, 1, v);
    CHECK(v[0] == GL_TRUE, "DEPTH24_STENCIL8 is stencil-renderable");
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_MAX_WIDTH, 1, v);
    CHECK(v[0] == h_int(GL_MAX_TEXTURE_SIZE), "multisample textures as wide as 2D ones: %d", v[0]);
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGB9_E5, GL_INTERNALFORMAT_SUPPORTED, 1, v);
    CHECK(v[0] == GL_FALSE, "INTERNALFORMAT_SUPPORTED says whether the target takes the format");
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, 1, v);
    CHECK(v[0] == GL_TRUE, "RGBA8 multisample textures");
    v[0] = -7;
    glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, v);
    CHECK(v[0] == 2, "two sample counts for renderbuffers: %d", v[0]);
    v[0] = v[1] = v[2] = -7;
    glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 4, v);
    CHECK(v[0] == 4 && v[1] == 2 && v[2] == -7, "SAMPLES: 4 (GL_MAX_SAMPLES) 2, %d %d %d", v[0], v[1], v[2]);
    v[0] = -7;
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 4, v);
    CHECK(v[0] == -7, "a single-sample target lists no counts");
    GLint64 big = 0;
    glGetInternalformati64v(GL_TEXTURE_2D_ARRAY, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS, 1, &big);
    GLint maxt = 0, maxl = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxt);
    glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &maxl);
    CHECK(big == (GLint64)maxt * maxt * maxl, "MAX_COMBINED_DIMENSIONS in 64 bits: %lld", (long long)big);
    v[0] = -7;
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_RED_SIZE, 0, v);
    CHECK(v[0] == -7 && glGetError() == GL_NO_ERROR, "bufSize 0 writes nothing");
    /* Errors, in Mesa's order: target, pname, bufSize. */
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, -1, v);
    CHECK(glGetError() == GL_INVALID_VALUE, "a negative bufSize is INVALID_VALUE");
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_RGBA, 1, v);
    CHECK(glGetError() == GL_INVALID_ENUM, "an unknown pname is INVALID_ENUM");
    glGetInternalformativ(GL_ARRAY_BUFFER, GL_RGBA8, GL_SAMPLES, -1, v);
    CHECK(glGetError() == GL_INVALID_ENUM, "the target is checked first");
}

#include <time.h>

static char last_msg[2048];

static void APIENTRY on_debug(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                              const GLchar *message, const void *user)
{
    (void)source, (void)type, (void)id, (void)severity, (void)length, (void)user;
    snprintf(last_msg, sizeof last_msg, "%s", message);
}

static double wall_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void)
{
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 1);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_debug, NULL);

    GLuint q[4];
    EXPECT_OK(glGenQueries(4, q));
    CHECK(q[0] && q[1] && q[0] != q[1], "GenQueries gives distinct names");
    CHECK(!glIsQuery(q[0]), "a generated name is not a query object before BeginQuery");
    GLint bits = 0;
    EXPECT_OK(glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits));
    CHECK(bits >= 30, "QUERY_COUNTER_BITS of TIME_ELAPSED = %d (GL 4.6 table 23.76: at least 30)", bits);
    EXPECT_OK(glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits));
    CHECK(bits >= 30, "QUERY_COUNTER_BITS of TIMESTAMP = %d", bits);

    /* TIME_ELAPSED around a dispatch that loops a while. */
    GLuint prog = h_program("#version 430\nlayout(local_size_x = 64) in;\n"
                            "layout(std430, binding = 0) buffer B { float v[]; };\n"
                            "void main() { float x = float(gl_GlobalInvocationID.x);\n"
                            "  for (int i = 0; i < 20000; i++) x = sin(x) + 1.0;\n"
                            "  v[gl_GlobalInvocationID.x] = x; }\n");
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 64 * 64 * 4, NULL, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glUseProgram(prog);
    GLint64 ts0 = 0, ts1 = 0;
    glGetInteger64v(GL_TIMESTAMP, &ts0);
    EXPECT_OK(glQueryCounter(q[2], GL_TIMESTAMP));
    double w0 = wall_ns();
    EXPECT_OK(glBeginQuery(GL_TIME_ELAPSED, q[0]));
    CHECK(glIsQuery(q[0]), "BeginQuery makes the object");
    GLint cur = 0;
    glGetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &cur);
    CHECK(cur == (GLint)q[0], "CURRENT_QUERY is the active query (%d)", cur);
    glDispatchCompute(64, 1, 1);
    EXPECT_OK(glEndQuery(GL_TIME_ELAPSED));
    double w1 = wall_ns();
    EXPECT_OK(glQueryCounter(q[3], GL_TIMESTAMP));
    glGetInteger64v(GL_TIMESTAMP, &ts1);
    glGetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &cur);
    CHECK(cur == 0, "no current query after EndQuery (%d)", cur);
    GLuint avail = 0;
    GLuint64 elapsed = 0, t2 = 0, t3 = 0;
    EXPECT_OK(glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &avail));
    CHECK(avail == GL_TRUE, "the result is available after EndQuery");
    EXPECT_OK(glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &elapsed));
    CHECK(elapsed > 100000 && elapsed <= (GLuint64)(w1 - w0) + 1000,
          "TIME_ELAPSED = %llu ns, within the %.0f ns around it and more than 0.1 ms",
          (unsigned long long)elapsed, w1 - w0);
    GLint target = 0;
    EXPECT_OK(glGetQueryObjectiv(q[0], GL_QUERY_TARGET, &target));
    CHECK(target == GL_TIME_ELAPSED, "QUERY_TARGET 0x%x", target);
    glGetQueryObjectui64v(q[2], GL_QUERY_RESULT, &t2);
    glGetQueryObjectui64v(q[3], GL_QUERY_RESULT, &t3);
    CHECK(ts0 > 0 && (GLuint64)ts0 <= t2 && t2 < t3 && t3 <= (GLuint64)ts1,
          "timestamps in order: %lld <= %llu < %llu <= %lld", (long long)ts0, (unsigned long long)t2,
          (unsigned long long)t3, (long long)ts1);
    CHECK(t3 - t2 >= elapsed, "the timestamps bracket the elapsed time (%llu >= %llu)",
          (unsigned long long)(t3 - t2), (unsigned long long)elapsed);
    GLint small = 0;
    EXPECT_OK(glGetQueryObjectiv(q[3], GL_QUERY_RESULT, &small));
    CHECK(small == (t3 > 0x7fffffff ? 0x7fffffff : (GLint)t3), "GetQueryObjectiv clamps: %d", small);

    /* Occlusion and primitive queries count nothing, and say why. */
    last_msg[0] = 0;
    EXPECT_OK(glBeginQuery(GL_SAMPLES_PASSED, q[1]));
    CHECK(strstr(last_msg, "draws nothing") != NULL, "BeginQuery(SAMPLES_PASSED) says why: `%s'", last_msg);
    EXPECT_OK(glEndQuery(GL_SAMPLES_PASSED));
    GLuint samples = 99;
    EXPECT_OK(glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &samples));
    CHECK(samples == 0, "SAMPLES_PASSED = %u", samples);
    GLuint prim;
    glCreateQueries(GL_PRIMITIVES_GENERATED, 1, &prim);
    CHECK(glIsQuery(prim), "CreateQueries makes the object");
    EXPECT_OK(glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 3, prim));
    GLint icur = 0;
    glGetQueryIndexediv(GL_PRIMITIVES_GENERATED, 3, GL_CURRENT_QUERY, &icur);
    CHECK(icur == (GLint)prim, "CURRENT_QUERY of stream 3: %d", icur);
    EXPECT_OK(glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 3));

    /* Errors (GL 4.6 §4.2.1, §4.2.3, §4.3). */
    EXPECT_ERR(GL_INVALID_VALUE, "§4.2: negative n", glGenQueries(-1, q));
    EXPECT_ERR(GL_INVALID_ENUM, "§4.2: CreateQueries of a bad target", glCreateQueries(GL_RGBA, 1, &prim));
    EXPECT_ERR(GL_INVALID_ENUM, "§4.2.1: TIMESTAMP is not begun", glBeginQuery(GL_TIMESTAMP, q[0]));
    EXPECT_ERR(GL_INVALID_ENUM, "§4.2.1: not a query target", glBeginQuery(GL_TEXTURE_2D, q[0]));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.1: id 0", glBeginQuery(GL_TIME_ELAPSED, 0));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.1: not a query name", glBeginQuery(GL_TIME_ELAPSED, 4242));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.1: a query of another target",
               glBeginQuery(GL_SAMPLES_PASSED, q[0]));
    EXPECT_ERR(GL_INVALID_VALUE, "§4.2.1: index past the target's",
               glBeginQueryIndexed(GL_TIME_ELAPSED, 1, q[0]));
    EXPECT_ERR(GL_INVALID_VALUE, "§4.2.1: stream past MAX_VERTEX_STREAMS",
               glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 4, prim));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.1: EndQuery with none active", glEndQuery(GL_TIME_ELAPSED));
    EXPECT_OK(glBeginQuery(GL_TIME_ELAPSED, q[0]));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.1: a second query of an active target",
               glBeginQuery(GL_TIME_ELAPSED, q[0]));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.3: the result of an active query",
               glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &elapsed));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.3: QueryCounter on an active query", glQueryCounter(q[0], GL_TIMESTAMP));
    EXPECT_OK(glEndQuery(GL_TIME_ELAPSED));
    EXPECT_ERR(GL_INVALID_ENUM, "§4.3: QueryCounter of another target", glQueryCounter(q[2], GL_TIME_ELAPSED));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.3: QueryCounter on a TIME_ELAPSED query",
               glQueryCounter(q[0], GL_TIMESTAMP));
    /* ARB_timer_query: INVALID_OPERATION if id is not a name from GenQueries (Mesa
     * knowingly makes one instead). */
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.3: QueryCounter on no name", glQueryCounter(4242, GL_TIMESTAMP));
    EXPECT_OK(glGetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY, &cur));
    CHECK(cur == 0, "TIMESTAMP is never active (%d)", cur);
    EXPECT_ERR(GL_INVALID_ENUM, "§4.2.3: bad pname", glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_RESULT, &cur));
    EXPECT_ERR(GL_INVALID_ENUM, "§4.2.3: bad object pname", glGetQueryObjectiv(q[0], GL_CURRENT_QUERY, &cur));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.3: not a query object",
               glGetQueryObjectiv(q[3] + 100, GL_QUERY_RESULT, &cur));
    GLuint64 before = 0, after = 0;
    glGetQueryObjectui64v(q[2], GL_QUERY_RESULT, &before);
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.3: failing QueryCounter", glQueryCounter(q[1], GL_TIMESTAMP));
    glGetQueryObjectui64v(q[2], GL_QUERY_RESULT, &after);
    CHECK(before == after, "failed calls changed no result");

    /* Deleting ends an active query and frees the name. */
    EXPECT_OK(glBeginQuery(GL_TIME_ELAPSED, q[0]));
    EXPECT_OK(glDeleteQueries(4, q));
    CHECK(!glIsQuery(q[0]) && !glIsQuery(q[3]), "deleted queries are gone");
    glGetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &cur);
    CHECK(cur == 0, "deleting the active query ended it (%d)", cur);
    glDeleteQueries(1, &prim);
    glDeleteBuffers(1, &buf);
    glDeleteProgram(prog);
    CHECK(glGetError() == GL_NO_ERROR, "no error left over");
    internalformat_queries();
    return h_finish("queries");
}
