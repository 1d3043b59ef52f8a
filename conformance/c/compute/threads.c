/* Eight threads, each with its own context in one share group, create, bind, fill,
 * map, copy, query and delete buffers concurrently, while all of them read one shared
 * buffer. Run under helgrind/drd by scripts/test.sh. */
// run: standalone
// run: helgrind
// run: drd
#include "harness.h"
#include <pthread.h>

#define THREADS 8
#define ROUNDS 40
#define SIZE 2048

static EGLContext contexts[THREADS];
static GLuint shared_buffer;
static unsigned char shared_data[SIZE];
static int thread_failures[THREADS];

static void *worker(void *arg)
{
    int id = (int)(intptr_t)arg;
    int bad = 0;
    if (!eglBindAPI(EGL_OPENGL_API) || !eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, contexts[id])) {
        thread_failures[id] = 1000;
        return NULL;
    }
    unsigned char mine[SIZE], got[SIZE];
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < SIZE; i++)
            mine[i] = (unsigned char)(id * 31 + round * 7 + i);
        GLuint b[3];
        if (round & 1)
            glCreateBuffers(3, b);
        else
            glGenBuffers(3, b);
        glBindBuffer(GL_ARRAY_BUFFER, b[0]);
        glBufferData(GL_ARRAY_BUFFER, SIZE, mine, GL_DYNAMIC_DRAW);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, id % 8, b[0], 0, SIZE / 2);
        glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
        glBufferStorage(GL_COPY_WRITE_BUFFER, SIZE, NULL, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT);
        unsigned char *m = glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, SIZE, GL_MAP_WRITE_BIT);
        if (!m) {
            bad++;
        } else {
            for (int i = 0; i < SIZE; i++)
                m[i] = (unsigned char)(mine[i] ^ 0xff);
            glUnmapBuffer(GL_COPY_WRITE_BUFFER);
        }
        glBindBuffer(GL_COPY_READ_BUFFER, b[2]); /* creates a generated name */
        glNamedBufferData(b[2], SIZE, NULL, GL_STREAM_COPY);
        glCopyNamedBufferSubData(b[0], b[2], 0, 0, SIZE);
        glGetNamedBufferSubData(b[2], 0, SIZE, got);
        if (memcmp(got, mine, SIZE) != 0)
            bad++;
        glGetNamedBufferSubData(b[1], 0, SIZE, got);
        for (int i = 0; i < SIZE; i++)
            if (got[i] != (unsigned char)(mine[i] ^ 0xff)) {
                bad++;
                break;
            }
        /* The shared buffer is read by everybody at once. */
        glGetNamedBufferSubData(shared_buffer, 0, SIZE, got);
        if (memcmp(got, shared_data, SIZE) != 0)
            bad++;
        GLint64 bound = -1;
        glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_BINDING, id % 8, &bound);
        if (bound != (GLint64)b[0])
            bad++;
        GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glClientWaitSync(s, 0, 0);
        glDeleteSync(s);
        glDeleteBuffers(3, b);
        if (glIsBuffer(b[0]) || glIsBuffer(b[1]))
            bad++;
        GLint binding = -1;
        glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &binding);
        if (binding != 0)
            bad++;
        if (glGetError() != GL_NO_ERROR)
            bad++;
    }
    thread_failures[id] = bad;
    eglReleaseThread();
    return NULL;
}

int main(void)
{
    h_init();
    EGLContext main_ctx = eglGetCurrentContext();
    for (int i = 0; i < SIZE; i++)
        shared_data[i] = (unsigned char)(i * 13);
    glCreateBuffers(1, &shared_buffer);
    glNamedBufferData(shared_buffer, SIZE, shared_data, GL_STATIC_DRAW);
    for (int i = 0; i < THREADS; i++)
        contexts[i] = h_make_context(main_ctx, 0);
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < THREADS; i++)
        CHECK(thread_failures[i] == 0, "thread %d saw %d failures", i, thread_failures[i]);
    /* Names are unique across the share group: every buffer was deleted again. */
    GLuint probe;
    glGenBuffers(1, &probe);
    CHECK(glGetError() == GL_NO_ERROR, "no error");
    CHECK(glIsBuffer(shared_buffer), "the shared buffer survives");
    for (int i = 0; i < THREADS; i++)
        eglDestroyContext(h_dpy, contexts[i]);
    glDeleteBuffers(1, &shared_buffer);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(h_dpy, main_ctx);
    eglTerminate(h_dpy);
    eglReleaseThread();
    return h_finish("threads");
}
