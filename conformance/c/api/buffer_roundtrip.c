/* Buffer contents round-tripped through every upload, download and map path. */
// run: standalone
// run: check roundtrip_opengl
#include "harness.h"

#define N 4096

static unsigned char src[N];

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)((i * 131 + seed * 17 + (i >> 8)) & 0xff);
}

/* Reads a buffer back through all three download paths and compares. */
static void check_contents(GLuint b, const unsigned char *want, size_t n, const char *how)
{
    unsigned char *got = malloc(n);
    memset(got, 0, n);
    glGetNamedBufferSubData(b, 0, n, got);
    CHECK(memcmp(got, want, n) == 0, "%s: GetNamedBufferSubData", how);
    glBindBuffer(GL_COPY_READ_BUFFER, b);
    memset(got, 0, n);
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, n, got);
    CHECK(memcmp(got, want, n) == 0, "%s: GetBufferSubData", how);
    const unsigned char *m = glMapBuffer(GL_COPY_READ_BUFFER, GL_READ_ONLY);
    CHECK(m && memcmp(m, want, n) == 0, "%s: MapBuffer(READ_ONLY)", how);
    glUnmapBuffer(GL_COPY_READ_BUFFER);
    m = glMapNamedBufferRange(b, n / 4, n / 2, GL_MAP_READ_BIT);
    CHECK(m && memcmp(m, want + n / 4, n / 2) == 0, "%s: MapBufferRange(READ) of the middle", how);
    glUnmapNamedBuffer(b);
    CHECK(glGetError() == GL_NO_ERROR, "%s: no error", how);
    free(got);
}

int main(void)
{
    h_init();
    fill(src, N, 1);
    GLuint b;

    /* Uploads at creation. */
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, N, src, GL_STATIC_DRAW);
    check_contents(b, src, N, "BufferData");
    glNamedBufferData(b, N, NULL, GL_DYNAMIC_COPY);
    unsigned char zeros[N] = {0};
    check_contents(b, zeros, N, "BufferData(NULL) is zero-filled here");
    glNamedBufferData(b, N, src, GL_STREAM_READ);
    check_contents(b, src, N, "NamedBufferData");
    glDeleteBuffers(1, &b);

    glCreateBuffers(1, &b);
    glNamedBufferStorage(b, N, src, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT);
    check_contents(b, src, N, "NamedBufferStorage");

    /* Partial uploads. */
    unsigned char want[N];
    memcpy(want, src, N);
    unsigned char patch[100];
    fill(patch, sizeof patch, 9);
    glNamedBufferSubData(b, 1000, sizeof patch, patch);
    memcpy(want + 1000, patch, sizeof patch);
    check_contents(b, want, N, "NamedBufferSubData");
    glBindBuffer(GL_COPY_WRITE_BUFFER, b);
    glBufferSubData(GL_COPY_WRITE_BUFFER, 3, 7, patch + 50);
    memcpy(want + 3, patch + 50, 7);
    check_contents(b, want, N, "BufferSubData");
    glNamedBufferSubData(b, 5, 0, patch);
    check_contents(b, want, N, "a zero-size BufferSubData");

    /* Writes through maps. */
    unsigned char *m = glMapNamedBuffer(b, GL_WRITE_ONLY);
    fill(m, N, 3);
    fill(want, N, 3);
    glUnmapNamedBuffer(b);
    check_contents(b, want, N, "MapBuffer(WRITE_ONLY)");
    m = glMapNamedBufferRange(b, 512, 256, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
    fill(m, 256, 4);
    fill(want + 512, 256, 4);
    glUnmapNamedBuffer(b);
    check_contents(b, want, N, "MapBufferRange(WRITE|INVALIDATE_RANGE)");
    m = glMapNamedBufferRange(b, 0, N, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
    fill(m, N, 5);
    fill(want, N, 5);
    glUnmapNamedBuffer(b);
    check_contents(b, want, N, "MapBufferRange(WRITE|INVALIDATE_BUFFER)");
    m = glMapNamedBufferRange(b, 100, 200, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_UNSYNCHRONIZED_BIT);
    fill(m, 200, 6);
    fill(want + 100, 200, 6);
    glFlushMappedNamedBufferRange(b, 0, 200);
    glUnmapNamedBuffer(b);
    check_contents(b, want, N, "MapBufferRange(WRITE|FLUSH_EXPLICIT|UNSYNCHRONIZED)");
    m = glMapNamedBufferRange(b, 0, N, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
    for (int i = 0; i < N; i++)
        m[i] ^= 0x5a;
    for (int i = 0; i < N; i++)
        want[i] ^= 0x5a;
    glUnmapNamedBuffer(b);
    check_contents(b, want, N, "MapBufferRange(READ|WRITE) read-modify-write");
    glDeleteBuffers(1, &b);

    /* A persistent, coherent mapping stays usable while other commands run. */
    glCreateBuffers(1, &b);
    glNamedBufferStorage(b, N, NULL,
                         GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT |
                             GL_DYNAMIC_STORAGE_BIT);
    unsigned char *pm = glMapNamedBufferRange(b, 0, N, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
                                                           GL_MAP_COHERENT_BIT);
    fill(pm, N, 7);
    fill(want, N, 7);
    unsigned char got[N];
    glGetNamedBufferSubData(b, 0, N, got);
    CHECK(memcmp(got, want, N) == 0, "persistent writes are visible to GetBufferSubData");
    glNamedBufferSubData(b, 10, 20, src);
    memcpy(want + 10, src, 20);
    CHECK(memcmp(pm, want, N) == 0, "BufferSubData is visible through the persistent mapping");
    glUnmapNamedBuffer(b);

    /* Copies, within and between buffers. */
    GLuint c;
    glCreateBuffers(1, &c);
    glNamedBufferData(c, N, NULL, GL_STATIC_COPY);
    glCopyNamedBufferSubData(b, c, 0, 0, N);
    check_contents(c, want, N, "CopyNamedBufferSubData");
    glBindBuffer(GL_COPY_READ_BUFFER, c);
    glBindBuffer(GL_COPY_WRITE_BUFFER, c);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 2048, 1024);
    memcpy(want + 2048, want, 1024);
    check_contents(c, want, N, "CopyBufferSubData within a buffer");

    /* Clears with format conversion (GL 4.6 §6.5). */
    GLuint word = 0xA1B2C3D4;
    glClearNamedBufferSubData(c, GL_R32UI, 16, 64, GL_RED_INTEGER, GL_UNSIGNED_INT, &word);
    for (int i = 16; i < 80; i += 4)
        memcpy(want + i, &word, 4);
    check_contents(c, want, N, "ClearBufferSubData R32UI");
    float half = 0.5f;
    glClearNamedBufferSubData(c, GL_RGBA8, 128, 16, GL_RED, GL_FLOAT, &half);
    for (int i = 128; i < 144; i += 4) {
        want[i] = 128;
        want[i + 1] = 0;
        want[i + 2] = 0;
        want[i + 3] = 255;
    }
    check_contents(c, want, N, "ClearBufferSubData RGBA8 from one float (missing components 0, alpha 1)");
    unsigned short rg[2] = {65535, 0};
    glClearNamedBufferSubData(c, GL_RG32F, 256, 16, GL_RG, GL_UNSIGNED_SHORT, rg);
    float one = 1.0f, zero = 0.0f;
    for (int i = 256; i < 272; i += 8) {
        memcpy(want + i, &one, 4);
        memcpy(want + i + 4, &zero, 4);
    }
    check_contents(c, want, N, "ClearBufferSubData RG32F from normalized shorts");
    signed char neg = -5;
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, c);
    glClearBufferSubData(GL_PIXEL_UNPACK_BUFFER, GL_R8UI, 300, 4, GL_RED_INTEGER, GL_BYTE, &neg);
    memset(want + 300, 0, 4);
    check_contents(c, want, N, "ClearBufferSubData R8UI clamps negative integers to 0");
    glClearBufferData(GL_PIXEL_UNPACK_BUFFER, GL_R8, GL_RED, GL_UNSIGNED_BYTE, src + 7);
    memset(want, src[7], N);
    check_contents(c, want, N, "ClearBufferData R8");
    glDeleteBuffers(1, &c);
    glDeleteBuffers(1, &b);

    /* A 64 MiB buffer through the same paths. */
    size_t big = 64u << 20;
    unsigned char *bigsrc = malloc(big);
    fill(bigsrc, big, 11);
    glCreateBuffers(1, &b);
    glNamedBufferData(b, big, bigsrc, GL_STATIC_DRAW);
    check_contents(b, bigsrc, big, "64 MiB");
    GLint64 size = 0;
    glGetNamedBufferParameteri64v(b, GL_BUFFER_SIZE, &size);
    CHECK(size == (GLint64)big, "BUFFER_SIZE of 64 MiB");
    glDeleteBuffers(1, &b);
    free(bigsrc);
    return h_finish("buffer_roundtrip");
}
