/* Shaders and calls that must neither crash the application nor lie to it:
 * - glDispatchCompute with counts whose product passes 2^64 runs (until the watchdog
 *   stops it: the test sets GLCOMPUTE_TIMEOUT_MS) instead of wrapping to no work;
 * - shared arrays too large for 32-bit sizes fail to link;
 * - private arrays larger than a thread's stack fail to link, with a log that says so
 *   (the kernel is compiled at link, where its frame is known);
 * - values kept across barriers larger than the scratch limit fail to link (fixed
 *   group size) or to dispatch (variable group size);
 * - a kernel with a large frame runs correctly when dispatched from a thread whose own
 *   stack is too small for it (the workers run it);
 * - shared memory never shows what another program's dispatch left there;
 * - shaders nested far deeper than any real one (a 1,000,000-term sum, 500,000 nested
 *   blocks), compiled from a thread with a 256 KiB stack, fail to compile with a
 *   message instead of overflowing a stack; 5,000 nested levels compile and run.
 * Run standalone with GLCOMPUTE_TIMEOUT_MS=300. */
// run: standalone GLCOMPUTE_TIMEOUT_MS=300
#include "harness.h"
#include <pthread.h>

static GLuint link_or_zero(const char *src, int *linked, char *log, int logsize)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    glDeleteShader(s);
    glGetProgramiv(p, GL_LINK_STATUS, linked);
    glGetProgramInfoLog(p, logsize, NULL, log);
    return p;
}

static GLuint ssbo(GLuint binding, size_t bytes)
{
    GLuint b;
    glCreateBuffers(1, &b);
    glNamedBufferData(b, bytes, NULL, GL_DYNAMIC_COPY);
    glClearNamedBufferData(b, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, b);
    return b;
}

static GLuint big_stack_prog;
static GLuint big_stack_out;

/* A kernel whose frame holds a 1 MiB private array. */
static const char *big_stack_src =
    "#version 430\nlayout(local_size_x = 4) in;\n"
    "layout(std430, binding = 0) buffer B { uint v[]; };\n"
    "void main() {\n"
    "    uint a[262144];\n"
    "    for (uint i = 0u; i < 262144u; i += 1024u) a[i] = i + gl_LocalInvocationIndex;\n"
    "    uint s = 0u;\n"
    "    for (uint i = 0u; i < 262144u; i += 1024u) s += a[i];\n"
    "    v[gl_GlobalInvocationID.x] = s;\n"
    "}\n";

static EGLContext small_ctx;

/* Compiles `src` on the current thread; stores COMPILE_STATUS and the log. */
struct compiled {
    const char *src;
    GLint ok;
    char log[512];
};

static void *compile_on_small_stack(void *arg)
{
    struct compiled *c = arg;
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, small_ctx);
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &c->src, NULL);
    glCompileShader(s);
    glGetShaderiv(s, GL_COMPILE_STATUS, &c->ok);
    glGetShaderInfoLog(s, sizeof c->log, NULL, c->log);
    glDeleteShader(s);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    return NULL;
}

/* `head`, then `unit` n times, then `mid`, then `close` n times, then `tail`. */
static char *repeat_src(const char *head, const char *unit, const char *mid, const char *close,
                        const char *tail, size_t n)
{
    size_t len = strlen(head) + n * (strlen(unit) + strlen(close)) + strlen(mid) + strlen(tail) + 1;
    char *s = malloc(len), *p = s;
    p += sprintf(p, "%s", head);
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, "%s", unit);
    p += sprintf(p, "%s", mid);
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, "%s", close);
    sprintf(p, "%s", tail);
    return s;
}

static void compile_small(struct compiled *c)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 << 10);
    pthread_t t;
    CHECK(pthread_create(&t, &attr, compile_on_small_stack, c) == 0, "thread");
    pthread_join(t, NULL);
}

static void *dispatch_from_small_stack(void *arg)
{
    (void)arg;
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, small_ctx);
    glUseProgram(big_stack_prog);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, big_stack_out);
    glDispatchCompute(2, 1, 1);
    GLenum e = glGetError();
    CHECK(e == GL_NO_ERROR, "dispatch from a 256 KiB thread: %s", err_name(e));
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    return NULL;
}

int main(void)
{
    h_init();
    char log[4096];
    int linked = 0;

    /* 1. Counts whose product is 2^90: the dispatch runs until the watchdog stops it. */
    GLuint tiny = link_or_zero("#version 430\nlayout(local_size_x = 1) in;\n"
                               "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                               "void main() { atomicAdd(v[0], 1u); }\n",
                               &linked, log, sizeof log);
    CHECK(linked, "counting program links");
    GLuint counter = ssbo(0, 16);
    glUseProgram(tiny);
    uint64_t before = h_dispatches();
    EXPECT_OK(glDispatchCompute(1u << 30, 1u << 30, 1u << 30));
    CHECK(h_dispatches() == before + 1, "the huge dispatch reached the runtime");
    GLuint ran = 0;
    glGetNamedBufferSubData(counter, 0, 4, &ran);
    CHECK(ran > 1000, "the huge dispatch ran work groups until stopped (%u)", ran);

    /* 2. 4 GiB of shared memory: a link error, not a wrapped size. */
    linked = 1;
    link_or_zero("#version 430\nlayout(local_size_x = 1) in;\nshared uint sh[1073741824];\n"
                 "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                 "void main() { sh[gl_LocalInvocationIndex] = 1u; v[0] = sh[0]; }\n",
                 &linked, log, sizeof log);
    CHECK(!linked, "4 GiB of shared memory does not link");
    CHECK(strstr(log, "GL_MAX_COMPUTE_SHARED_MEMORY_SIZE") != NULL, "the log names the limit: %s", log);

    /* 3. A 64 MiB private array: the link fails, saying why. */
    linked = 1;
    link_or_zero("#version 430\nlayout(local_size_x = 1) in;\n"
                 "layout(std430, binding = 0) buffer B { float v[]; };\n"
                 "void main() { float a[16777216]; a[gl_LocalInvocationIndex] = 1.0; v[0] = a[v.length() % 7]; }\n",
                 &linked, log, sizeof log);
    CHECK(!linked, "a 64 MiB private array does not link");
    CHECK(strstr(log, "bytes of stack") != NULL && strstr(log, "limit") != NULL,
          "the log gives the stack need and the limit: %s", log);
    /* The same array in a function called twice: each inlined call has its frame. */
    linked = 1;
    link_or_zero("#version 430\nlayout(local_size_x = 1) in;\n"
                 "layout(std430, binding = 0) buffer B { float v[]; };\n"
                 "float f(uint i) { float a[1048576]; a[i] = 1.0; return a[v.length() % 7]; }\n"
                 "float g(uint i) { float a[1048576]; a[i] = 2.0; return a[v.length() % 5] + f(i); }\n"
                 "void main() { v[0] = g(gl_LocalInvocationIndex) + g(1u) + f(2u); }\n",
                 &linked, log, sizeof log);
    CHECK(!linked, "4 MiB private arrays in functions called 4 times do not link");
    CHECK(strstr(log, "bytes of stack") != NULL, "the log says why: %s", log);
    GLuint out = ssbo(0, 1024);

    /* 4. 2 MiB per invocation kept across a barrier, in 1024 invocations: 2 GiB. */
    const char *huge_frames_src =
        "#version 430\nlayout(local_size_x = 1024) in;\n"
        "layout(std430, binding = 0) buffer B { uint v[]; };\n"
        "void main() {\n"
        "    uint a[524288];\n"
        "    a[gl_LocalInvocationIndex] = gl_LocalInvocationIndex;\n"
        "    barrier();\n"
        "    v[gl_LocalInvocationIndex] = a[gl_LocalInvocationIndex];\n"
        "}\n";
    linked = 1;
    link_or_zero(huge_frames_src, &linked, log, sizeof log);
    CHECK(!linked, "2 GiB of per-invocation memory does not link");
    CHECK(strstr(log, "per-invocation memory") != NULL, "the log says why: %s", log);
    /* With a variable group size the need is known at dispatch. */
    GLuint var_frames = link_or_zero(
        "#version 430\n#extension GL_ARB_compute_variable_group_size : require\n"
        "layout(local_size_variable) in;\n"
        "layout(std430, binding = 0) buffer B { uint v[]; };\n"
        "void main() {\n"
        "    uint a[524288];\n"
        "    a[gl_LocalInvocationIndex] = gl_LocalInvocationIndex;\n"
        "    barrier();\n"
        "    v[gl_LocalInvocationIndex] = a[gl_LocalInvocationIndex];\n"
        "}\n",
        &linked, log, sizeof log);
    CHECK(linked, "a variable-size program with 2 MiB per invocation links: %s", log);
    glUseProgram(var_frames);
    EXPECT_ERR(GL_OUT_OF_MEMORY, "1024 invocations of 2 MiB each",
               glDispatchComputeGroupSizeARB(1, 1, 1, 1024, 1, 1));

    /* 5. A 1 MiB frame dispatched from a thread with a 256 KiB stack. */
    big_stack_prog = link_or_zero(big_stack_src, &linked, log, sizeof log);
    CHECK(linked, "the 1 MiB-frame program links: %s", log);
    big_stack_out = ssbo(0, 8 * 4);
    small_ctx = h_make_context(eglGetCurrentContext(), 0);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 << 10);
    pthread_t t;
    CHECK(pthread_create(&t, &attr, dispatch_from_small_stack, NULL) == 0, "thread");
    pthread_join(t, NULL);
    GLuint sums[8];
    glGetNamedBufferSubData(big_stack_out, 0, sizeof sums, sums);
    for (unsigned i = 0; i < 8; i++) {
        /* Sum over k of (1024k + local index) for k = 0..255. */
        unsigned local = i % 4, expect = 1024u * (255u * 256u / 2u) + 256u * local;
        CHECK(i >= 8 || sums[i] == (i < 8 ? expect : 0), "invocation %u: %u, expected %u", i, sums[i],
              expect);
    }

    /* 6. Shared memory shows nothing of another program's dispatch. */
    GLuint writer = link_or_zero("#version 430\nlayout(local_size_x = 64) in;\nshared uint sh[64];\n"
                                 "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                                 "void main() { sh[gl_LocalInvocationIndex] = 0xdeadbeefu; barrier();"
                                 " v[0] = sh[63u - gl_LocalInvocationIndex]; }\n",
                                 &linked, log, sizeof log);
    GLuint reader = link_or_zero("#version 430\nlayout(local_size_x = 64) in;\nshared uint sh[64];\n"
                                 "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                                 "void main() { v[gl_LocalInvocationIndex] = sh[gl_LocalInvocationIndex]; }\n",
                                 &linked, log, sizeof log);
    GLuint seen = ssbo(0, 64 * 4);
    glUseProgram(writer);
    glDispatchCompute(8, 1, 1);
    glUseProgram(reader);
    glDispatchCompute(1, 1, 1);
    GLuint got[64];
    glGetNamedBufferSubData(seen, 0, sizeof got, got);
    int leaked = 0;
    for (int i = 0; i < 64; i++)
        leaked += got[i] == 0xdeadbeefu;
    CHECK(leaked == 0, "%d shared values of the earlier dispatch were visible", leaked);
    CHECK(glGetError() == GL_NO_ERROR, "no error");

    /* 7. Nesting far past any real shader, compiled on a 256 KiB stack. */
    const char *head = "#version 430\nlayout(local_size_x = 1) in;\n"
                       "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                       "void main() { uint x = 1u; ";
    struct compiled sum = {repeat_src(head, "x + ", "x", "", "; v[0] = x; }\n", 1000000), 1, ""};
    compile_small(&sum);
    CHECK(!sum.ok, "a 1,000,000-term sum does not compile");
    CHECK(strstr(sum.log, "nested more than") != NULL, "the log says why: %s", sum.log);
    struct compiled blocks = {repeat_src(head, "{", "x++;", "}", " v[0] = x; }\n", 500000), 1, ""};
    compile_small(&blocks);
    CHECK(!blocks.ok, "500,000 nested blocks do not compile");
    CHECK(strstr(blocks.log, "nested more than") != NULL, "the log says why: %s", blocks.log);
    /* 5,000 levels: within the limit, compiled on the small stack too, and right. */
    struct compiled ok = {repeat_src(head, "{ x += 1u; ", "", "}", " v[0] = x; }\n", 5000), 0, ""};
    compile_small(&ok);
    CHECK(ok.ok, "5,000 nested blocks compile: %s", ok.log);
    GLuint nested = link_or_zero(ok.src, &linked, log, sizeof log);
    CHECK(linked, "5,000 nested blocks link: %s", log);
    GLuint res = ssbo(0, 16);
    glUseProgram(nested);
    EXPECT_OK(glDispatchCompute(1, 1, 1));
    GLuint x = 0;
    glGetNamedBufferSubData(res, 0, 4, &x);
    CHECK(x == 5001, "5,000 nested increments give %u", x);
    free((void *)sum.src);
    free((void *)blocks.src);
    free((void *)ok.src);
    (void)out;
    return h_finish("hostile");
}
