/* The dispatch path under concurrency, for the race detectors (scripts/test.sh runs it
 * under helgrind and drd) and for the soak test (scripts/soak.sh runs it for minutes).
 *
 * THREADS threads each own a context — threads 2k and 2k+1 share objects, the others do
 * not — and each round compiles and links a program, creates and fills buffers,
 * dispatches it on the worker pool, maps the result and checks every value, then
 * deletes the buffers and the program; each pair also dispatches one program they
 * share, from both contexts at once. Meanwhile the contexts' exclusivity is hammered:
 * HAMMER threads try to make one context current over and over, and at no moment may
 * two of them hold it (EGL 1.5 §3.7.3: EGL_BAD_ACCESS for a context current in another
 * thread).
 *
 * Arguments: [threads] [rounds] [seconds]. With seconds > 0 the workers run rounds
 * until that much time has passed (the soak test) and print dispatches per second and
 * the process's resident memory before and after. */
// run: standalone -- 8 6
// run: helgrind -- 4 2
// run: drd -- 4 2
#include "harness.h"
#include <pthread.h>
#include <stdatomic.h>
#include <sched.h>
#include <time.h>

#define MAX_THREADS 64
#define HAMMER 4
#define HAMMER_TRIES 1000

static int threads = 4, rounds = 4, seconds = 0;
static EGLContext contexts[MAX_THREADS];
static int failures[MAX_THREADS];
static long dispatches[MAX_THREADS];
static GLuint shared_programs[MAX_THREADS / 2];
static double deadline;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

/* Three kernels: a saxpy-like map, a shared-memory reduction with barriers, and an
 * atomic histogram; each result is checkable on the CPU. */
static const char *kernels[3] = {
    "#version 430\n"
    "layout(local_size_x = 64) in;\n"
    "layout(std430, binding = 0) buffer In { uint a[]; };\n"
    "layout(std430, binding = 1) buffer Out { uint b[]; };\n"
    "uniform uint k;\n"
    "void main() { uint i = gl_GlobalInvocationID.x; b[i] = a[i] * k + i; }\n",
    "#version 430\n"
    "layout(local_size_x = 64) in;\n"
    "layout(std430, binding = 0) buffer In { uint a[]; };\n"
    "layout(std430, binding = 1) buffer Out { uint b[]; };\n"
    "uniform uint k;\n"
    "shared uint s[64];\n"
    "void main() {\n"
    "    uint l = gl_LocalInvocationIndex;\n"
    "    s[l] = a[gl_GlobalInvocationID.x] * k;\n"
    "    for (uint w = 32u; w > 0u; w >>= 1u) {\n"
    "        barrier();\n"
    "        if (l < w) s[l] += s[l + w];\n"
    "    }\n"
    "    barrier();\n"
    "    b[gl_GlobalInvocationID.x] = s[0];\n"
    "}\n",
    "#version 430\n"
    "layout(local_size_x = 64) in;\n"
    "layout(std430, binding = 0) buffer In { uint a[]; };\n"
    "layout(std430, binding = 1) buffer Out { uint b[]; };\n"
    "uniform uint k;\n"
    "void main() { atomicAdd(b[a[gl_GlobalInvocationID.x] % 64u], k); }\n",
};

#define N 512 /* invocations: 8 groups of 64 */

static GLuint build(int kind)
{
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(s, 1, &kernels[kind], NULL);
    glCompileShader(s);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    glDeleteShader(s);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    return ok ? p : 0;
}

/* Runs kernel `kind` with program `p` on fresh buffers; returns the mismatches. */
static int run(GLuint p, int kind, unsigned k, unsigned seed)
{
    unsigned a[N], want[N], got[N];
    for (int i = 0; i < N; i++)
        a[i] = (seed * 2654435761u + i * 40503u) >> 7;
    memset(want, 0, sizeof want);
    for (int i = 0; i < N; i++) {
        if (kind == 0)
            want[i] = a[i] * k + i;
        else if (kind == 1) {
            unsigned sum = 0;
            for (int j = i / 64 * 64; j < i / 64 * 64 + 64; j++)
                sum += a[j] * k;
            want[i] = sum;
        } else
            want[a[i] % 64] += k;
    }
    GLuint b[2];
    glCreateBuffers(2, b);
    glNamedBufferStorage(b[0], sizeof a, a, 0);
    glNamedBufferData(b[1], sizeof got, NULL, GL_DYNAMIC_READ);
    glClearNamedBufferData(b[1], GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b[0]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, b[1]);
    glUseProgram(p);
    glUniform1ui(glGetUniformLocation(p, "k"), k);
    glDispatchCompute(N / 64, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const unsigned *m = glMapNamedBufferRange(b[1], 0, sizeof got, GL_MAP_READ_BIT);
    int bad = 0;
    if (!m) {
        bad = 1;
    } else {
        memcpy(got, m, sizeof got);
        glUnmapNamedBuffer(b[1]);
        for (int i = 0; i < N; i++)
            if (got[i] != want[i]) {
                bad++;
                break;
            }
    }
    glUseProgram(0);
    glDeleteBuffers(2, b);
    return bad;
}

static void *worker(void *arg)
{
    int id = (int)(intptr_t)arg;
    if (!eglBindAPI(EGL_OPENGL_API) || !eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, contexts[id])) {
        failures[id] = 1000;
        return NULL;
    }
    for (int round = 0; seconds > 0 ? now() < deadline : round < rounds; round++) {
        int kind = (id + round) % 3;
        GLuint p = build(kind);
        if (!p) {
            failures[id]++;
            break;
        }
        failures[id] += run(p, kind, 3 + round % 5, id * 1000 + round);
        dispatches[id]++;
        /* The program shared with the partner thread, dispatched from both contexts
         * at once (its uniform is set to the same value by both). */
        if (id / 2 * 2 + 1 < threads) {
            failures[id] += run(shared_programs[id / 2], 0, 7, id * 1000 + round);
            dispatches[id]++;
        }
        glDeleteProgram(p);
        if (glGetError() != GL_NO_ERROR)
            failures[id]++;
    }
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglReleaseThread();
    return NULL;
}

static EGLContext contended;
static atomic_int holders, max_holders, acquired, refused;

static void *hammer(void *arg)
{
    (void)arg;
    eglBindAPI(EGL_OPENGL_API);
    for (int i = 0; i < HAMMER_TRIES; i++) {
        if (eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, contended)) {
            int h = atomic_fetch_add(&holders, 1) + 1;
            int m = atomic_load(&max_holders);
            while (h > m && !atomic_compare_exchange_weak(&max_holders, &m, h))
                ;
            GLint v = 0;
            glGetIntegerv(GL_MAJOR_VERSION, &v);
            sched_yield();
            atomic_fetch_sub(&holders, 1);
            eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            atomic_fetch_add(&acquired, 1);
        } else if (eglGetError() == EGL_BAD_ACCESS) {
            atomic_fetch_add(&refused, 1);
        }
    }
    eglReleaseThread();
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        threads = atoi(argv[1]);
    if (argc > 2)
        rounds = atoi(argv[2]);
    if (argc > 3)
        seconds = atoi(argv[3]);
    if (threads < 1 || threads > MAX_THREADS)
        threads = 4;
    h_init();
    EGLContext main_ctx = eglGetCurrentContext();
    /* Pairs share objects; the first of each pair makes the pair's shared program. */
    for (int i = 0; i < threads; i++) {
        contexts[i] = h_make_context(i % 2 ? contexts[i - 1] : EGL_NO_CONTEXT, 0);
        if (i % 2 == 0 && i + 1 < threads) {
            eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, contexts[i]);
            shared_programs[i / 2] = build(0);
        }
    }
    contended = h_make_context(EGL_NO_CONTEXT, 0);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, main_ctx);
    /* Each kernel once on the main thread: the worker pool starts, and the driver's
     * one-time tables (std OnceLock, a futex the race detectors cannot see) are built
     * before the threads exist, so thread creation orders them for the detectors. */
    for (int kind = 0; kind < 3; kind++) {
        GLuint warm = build(kind);
        CHECK(warm && run(warm, kind, 1, 1) == 0, "kernel %d on the main thread", kind);
        glDeleteProgram(warm);
    }
    long rss_before = rss_kib();
    double start = now();
    deadline = start + seconds;
    pthread_t t[MAX_THREADS], h[HAMMER];
    for (int i = 0; i < threads; i++)
        pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
    for (int i = 0; i < HAMMER; i++)
        pthread_create(&h[i], NULL, hammer, NULL);
    for (int i = 0; i < HAMMER; i++)
        pthread_join(h[i], NULL);
    for (int i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    double elapsed = now() - start;
    long total = 0;
    for (int i = 0; i < threads; i++) {
        CHECK(failures[i] == 0, "thread %d saw %d failures", i, failures[i]);
        total += dispatches[i];
    }
    CHECK(atomic_load(&max_holders) == 1, "one context is never held by two threads at once (%d)",
          atomic_load(&max_holders));
    CHECK(atomic_load(&acquired) > 0, "the contended context was acquired (%d times, refused %d)",
          atomic_load(&acquired), atomic_load(&refused));
    CHECK(atomic_load(&acquired) + atomic_load(&refused) == HAMMER * HAMMER_TRIES,
          "every failed attempt was EGL_BAD_ACCESS (%d + %d)", atomic_load(&acquired), atomic_load(&refused));
    for (int i = 0; i < threads; i++)
        eglDestroyContext(h_dpy, contexts[i]);
    eglDestroyContext(h_dpy, contended);
    long rss_after = rss_kib();
    if (seconds > 0)
        printf("dispatch_threads: %d threads, %.0f s, %ld dispatches (%.1f per second), "
               "RSS %ld KiB before, %ld KiB after\n",
               threads, elapsed, total, total / elapsed, rss_before, rss_after);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(h_dpy, main_ctx);
    eglTerminate(h_dpy);
    eglReleaseThread();
    return h_finish("dispatch_threads");
}
