/* Every error rule of GL 4.6 chapter 6 (buffer objects), one assertion per rule, each
 * also checking that the failing call changed nothing. */
// run: standalone
// run: check log_check
#include "harness.h"

static unsigned char pattern[256];

/* A buffer of 256 bytes with known contents, bound to target. */
static GLuint make_buffer(GLenum target)
{
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    glBufferData(target, sizeof pattern, pattern, GL_DYNAMIC_DRAW);
    return b;
}

static int contents_intact(GLuint b)
{
    unsigned char got[256];
    memset(got, 0xEE, sizeof got);
    glGetNamedBufferSubData(b, 0, sizeof got, got);
    return memcmp(got, pattern, sizeof got) == 0;
}

static void gen_delete_bind(void)
{
    GLuint names[2] = {0xdead, 0xbeef};
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.1: GenBuffers with n < 0", glGenBuffers(-1, names));
    CHECK(names[0] == 0xdead && names[1] == 0xbeef, "GenBuffers(-1) wrote names");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.1: CreateBuffers with n < 0", glCreateBuffers(-2, names));
    CHECK(names[0] == 0xdead, "CreateBuffers(-2) wrote names");

    GLuint b = make_buffer(GL_ARRAY_BUFFER);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3: DeleteBuffers with n < 0", glDeleteBuffers(-1, &b));
    CHECK(glIsBuffer(b), "DeleteBuffers(-1) deleted the buffer");

    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.1: BindBuffer with a target not in table 6.1",
               glBindBuffer(GL_TEXTURE_2D, b));
    CHECK(h_int(GL_ARRAY_BUFFER_BINDING) == (GLint)b, "failed BindBuffer changed a binding");

    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.1: BindBuffer with a name not from GenBuffers",
               glBindBuffer(GL_ARRAY_BUFFER, 4242));
    CHECK(h_int(GL_ARRAY_BUFFER_BINDING) == (GLint)b, "failed BindBuffer unbound the buffer");
    CHECK(!glIsBuffer(4242), "failed BindBuffer created an object");

    GLuint g;
    glGenBuffers(1, &g);
    CHECK(!glIsBuffer(g), "GL 4.6 §6.1: a generated name has no object until bound");
    EXPECT_OK(glBindBuffer(GL_COPY_READ_BUFFER, g));
    CHECK(glIsBuffer(g), "GL 4.6 §6.1: binding a generated name creates the object");
    CHECK(h_buf_param(g, GL_BUFFER_USAGE) == GL_STATIC_DRAW, "table 6.2 initial usage");
    CHECK(h_buf_param(g, GL_BUFFER_SIZE) == 0, "table 6.2 initial size");
    CHECK(h_buf_param(g, GL_BUFFER_ACCESS) == GL_READ_WRITE, "table 6.2 initial access");

    GLuint c;
    glCreateBuffers(1, &c);
    CHECK(glIsBuffer(c), "GL 4.6 §6.1: CreateBuffers creates the object");

    /* Deleting a bound buffer unbinds it everywhere in this context (GL 4.6 §6.3). */
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 3, b, 16, 32);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, b);
    glMapNamedBufferRange(b, 0, 16, GL_MAP_READ_BIT);
    EXPECT_OK(glDeleteBuffers(1, &b));
    CHECK(!glIsBuffer(b), "deleted name still a buffer");
    CHECK(h_int(GL_ARRAY_BUFFER_BINDING) == 0, "GL 4.6 §6.3: delete unbinds ARRAY_BUFFER");
    CHECK(h_int(GL_DISPATCH_INDIRECT_BUFFER_BINDING) == 0, "delete unbinds DISPATCH_INDIRECT_BUFFER");
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, 3) == 0, "delete unbinds indexed SSBO 3");
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_START, 3) == 0, "indexed START reset");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.1: BindBuffer with a deleted name",
               glBindBuffer(GL_ARRAY_BUFFER, b));
    GLuint zero_and_junk[3] = {0, 999999, c};
    EXPECT_OK(glDeleteBuffers(3, zero_and_junk));
    CHECK(!glIsBuffer(c), "DeleteBuffers ignores 0 and unused names but deletes the rest");
    glDeleteBuffers(1, &g);
}

static void indexed_bindings(void)
{
    GLuint b = make_buffer(GL_UNIFORM_BUFFER);
    GLuint other = make_buffer(GL_UNIFORM_BUFFER);
    glBindBufferRange(GL_UNIFORM_BUFFER, 1, other, 32, 64);
    GLint max_ubo = h_int(GL_MAX_UNIFORM_BUFFER_BINDINGS);
    GLint max_ssbo = h_int(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS);
    GLint max_acb = h_int(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS);
    GLint ubo_align = h_int(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT);
    GLint ssbo_align = h_int(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT);

#define SAME_UBO1()                                                                        \
    CHECK(h_int_i(GL_UNIFORM_BUFFER_BINDING, 1) == (GLint64)other &&                       \
              h_int_i(GL_UNIFORM_BUFFER_START, 1) == 32 && h_int_i(GL_UNIFORM_BUFFER_SIZE, 1) == 64 && \
              h_int(GL_UNIFORM_BUFFER_BINDING) == (GLint)other,                            \
          "failed indexed bind changed UBO binding 1 or the generic binding")

    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.1.1: BindBufferBase with a target not in table 6.5",
               glBindBufferBase(GL_ARRAY_BUFFER, 1, b));
    SAME_UBO1();
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.1.1: BindBufferRange with a target not in table 6.5",
               glBindBufferRange(GL_COPY_READ_BUFFER, 1, b, 0, 16));
    SAME_UBO1();
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.1.1: index >= MAX_UNIFORM_BUFFER_BINDINGS",
               glBindBufferBase(GL_UNIFORM_BUFFER, max_ubo, b));
    SAME_UBO1();
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.1.1: index >= MAX_SHADER_STORAGE_BUFFER_BINDINGS",
               glBindBufferRange(GL_SHADER_STORAGE_BUFFER, max_ssbo, b, 0, 16));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.1.1: index >= MAX_ATOMIC_COUNTER_BUFFER_BINDINGS",
               glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, max_acb, b));
    CHECK(h_int(GL_SHADER_STORAGE_BUFFER_BINDING) == 0 && h_int(GL_ATOMIC_COUNTER_BUFFER_BINDING) == 0,
          "failed indexed binds changed generic bindings");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.1.1: BindBufferBase with a name not from GenBuffers",
               glBindBufferBase(GL_UNIFORM_BUFFER, 1, 777777));
    SAME_UBO1();
    CHECK(!glIsBuffer(777777), "failed BindBufferBase created a buffer");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.1.1: BindBufferRange with size <= 0 (zero)",
               glBindBufferRange(GL_UNIFORM_BUFFER, 1, b, 0, 0));
    SAME_UBO1();
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.1.1: BindBufferRange with size <= 0 (negative)",
               glBindBufferRange(GL_UNIFORM_BUFFER, 1, b, 0, -16));
    SAME_UBO1();
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.1.1: BindBufferRange with a negative offset",
               glBindBufferRange(GL_UNIFORM_BUFFER, 1, b, -ubo_align, 16));
    SAME_UBO1();
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.7.1: UBO offset not a multiple of UNIFORM_BUFFER_OFFSET_ALIGNMENT",
               glBindBufferRange(GL_UNIFORM_BUFFER, 1, b, ubo_align / 2, 16));
    SAME_UBO1();
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.7.1: SSBO offset not a multiple of SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT",
               glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, b, ssbo_align / 2, 16));
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, 0) == 0, "failed SSBO bind changed binding 0");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.7.1: atomic counter offset not a multiple of 4",
               glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, 2, 16));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.7.1: transform feedback size not a multiple of 4",
               glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, 6));
    CHECK(h_int_i(GL_ATOMIC_COUNTER_BUFFER_BINDING, 0) == 0 && h_int_i(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0) == 0,
          "failed binds changed atomic/xfb bindings");

    /* Valid forms and their query results (GL 4.6 §6.8 indexed queries). */
    EXPECT_OK(glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 2, b, ssbo_align, 48));
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, 2) == (GLint64)b, "SSBO 2 binding");
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_START, 2) == ssbo_align, "SSBO 2 start");
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_SIZE, 2) == 48, "SSBO 2 size");
    CHECK(h_int(GL_SHADER_STORAGE_BUFFER_BINDING) == (GLint)b, "BindBufferRange binds the generic point");
    EXPECT_OK(glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, b));
    CHECK(h_int_i(GL_ATOMIC_COUNTER_BUFFER_START, 0) == 0 && h_int_i(GL_ATOMIC_COUNTER_BUFFER_SIZE, 0) == 0,
          "GL 4.6 §6.8: BindBufferBase records start 0 and size 0");
    GLint64 dummy = 5;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §22.1: indexed query with index out of range",
               glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_BINDING, max_ssbo, &dummy));
    CHECK(dummy == 5, "failed indexed query wrote its output");
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §22.1: indexed query of a non-indexed value",
               glGetInteger64i_v(GL_ARRAY_BUFFER_BINDING, 0, &dummy));
    CHECK(dummy == 5, "failed indexed query wrote its output");

    /* Multi-bind (ARB_multi_bind): per-binding errors skip only that binding. */
    GLuint created;
    glCreateBuffers(1, &created);
    glNamedBufferData(created, 256, NULL, GL_STATIC_DRAW);
    GLuint gen_only;
    glGenBuffers(1, &gen_only);
    GLuint list[3] = {created, gen_only, b};
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.1.1: BindBuffersBase with a target not in table 6.5",
               glBindBuffersBase(GL_ARRAY_BUFFER, 0, 3, list));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.1.1: first + count > binding points",
               glBindBuffersBase(GL_SHADER_STORAGE_BUFFER, max_ssbo - 2, 3, list));
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, max_ssbo - 1) == 0, "failed multi-bind bound something");
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_multi_bind: a name that is not an existing buffer object",
               glBindBuffersBase(GL_SHADER_STORAGE_BUFFER, 4, 3, list));
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, 4) == (GLint64)created &&
              h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, 5) == 0 &&
              h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, 6) == (GLint64)b,
          "ARB_multi_bind: valid entries bind, the invalid one does not");
    CHECK(!glIsBuffer(gen_only), "multi-bind does not create objects");
    GLintptr offs[2] = {0, 3};
    GLsizeiptr sizes[2] = {16, 16};
    GLuint two[2] = {created, b};
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_multi_bind: an offset violating the target's alignment",
               glBindBuffersRange(GL_UNIFORM_BUFFER, 8, 2, two, offs, sizes));
    CHECK(h_int_i(GL_UNIFORM_BUFFER_BINDING, 8) == (GLint64)created && h_int_i(GL_UNIFORM_BUFFER_BINDING, 9) == 0,
          "multi-bind range: valid entry bound, misaligned one skipped");
    offs[1] = 0;
    sizes[1] = 0;
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_multi_bind: a size <= 0", glBindBuffersRange(GL_UNIFORM_BUFFER, 8, 2, two, offs, sizes));
    offs[1] = -16;
    sizes[1] = 16;
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_multi_bind: a negative offset", glBindBuffersRange(GL_UNIFORM_BUFFER, 8, 2, two, offs, sizes));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §2.3.1: a negative count", glBindBuffersBase(GL_UNIFORM_BUFFER, 0, -1, two));
    EXPECT_OK(glBindBuffersBase(GL_SHADER_STORAGE_BUFFER, 4, 3, NULL));
    CHECK(h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, 4) == 0 && h_int_i(GL_SHADER_STORAGE_BUFFER_BINDING, 6) == 0,
          "ARB_multi_bind: NULL buffers unbinds the range");
    glDeleteBuffers(1, &created);
    glDeleteBuffers(1, &gen_only);
    glDeleteBuffers(1, &other);
    glDeleteBuffers(1, &b);
}

static void data_store(void)
{
    GLuint b = make_buffer(GL_COPY_WRITE_BUFFER);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.2: BufferData with an invalid target",
               glBufferData(GL_TEXTURE_2D, 16, NULL, GL_STATIC_DRAW));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.2: BufferData with no buffer bound",
               glBufferData(GL_PIXEL_PACK_BUFFER, 16, NULL, GL_STATIC_DRAW));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.2: BufferData with size < 0",
               glBufferData(GL_COPY_WRITE_BUFFER, -1, NULL, GL_STATIC_DRAW));
    CHECK(contents_intact(b) && h_buf_param(b, GL_BUFFER_SIZE) == 256, "failed BufferData changed the store");
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.2: BufferData with an invalid usage",
               glBufferData(GL_COPY_WRITE_BUFFER, 16, NULL, GL_READ_WRITE));
    CHECK(contents_intact(b) && h_buf_param(b, GL_BUFFER_USAGE) == GL_DYNAMIC_DRAW, "failed BufferData changed usage");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.2: NamedBufferData on a name that is not a buffer",
               glNamedBufferData(31337, 16, NULL, GL_STATIC_DRAW));
    EXPECT_ERR(GL_OUT_OF_MEMORY, "GL 4.6 §6.2: BufferData that cannot allocate",
               glBufferData(GL_COPY_WRITE_BUFFER, (GLsizeiptr)1 << 50, NULL, GL_STATIC_DRAW));
    CHECK(contents_intact(b) && h_buf_param(b, GL_BUFFER_SIZE) == 256, "failed allocation changed the store");
    CHECK(h_buf_param(b, GL_BUFFER_STORAGE_FLAGS) == (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT),
          "GL 4.6 table 6.3: BufferData's storage flags");

    /* BufferStorage. */
    GLuint s;
    glCreateBuffers(1, &s);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.2: BufferStorage with size <= 0", glNamedBufferStorage(s, 0, NULL, 0));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.2: BufferStorage with undefined flag bits",
               glNamedBufferStorage(s, 16, NULL, 0x80000000u));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.2: MAP_PERSISTENT_BIT without READ or WRITE",
               glNamedBufferStorage(s, 16, NULL, GL_MAP_PERSISTENT_BIT));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.2: MAP_COHERENT_BIT without PERSISTENT",
               glNamedBufferStorage(s, 16, NULL, GL_MAP_WRITE_BIT | GL_MAP_COHERENT_BIT));
    CHECK(h_buf_param(s, GL_BUFFER_IMMUTABLE_STORAGE) == GL_FALSE && h_buf_param(s, GL_BUFFER_SIZE) == 0,
          "failed BufferStorage changed the buffer");
    EXPECT_OK(glNamedBufferStorage(s, 256, pattern, GL_MAP_READ_BIT));
    CHECK(h_buf_param(s, GL_BUFFER_IMMUTABLE_STORAGE) == GL_TRUE, "BufferStorage makes it immutable");
    CHECK(h_buf_param(s, GL_BUFFER_USAGE) == GL_DYNAMIC_DRAW, "GL 4.6 table 6.3: BufferStorage usage");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.2: BufferStorage on immutable storage",
               glNamedBufferStorage(s, 128, NULL, GL_MAP_WRITE_BIT));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.2: BufferData on immutable storage",
               glNamedBufferData(s, 128, NULL, GL_STATIC_DRAW));
    CHECK(contents_intact(s) && h_buf_param(s, GL_BUFFER_SIZE) == 256, "immutable store changed");
    unsigned char junk[16] = {1};
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.2.1: BufferSubData on immutable storage without DYNAMIC_STORAGE_BIT",
               glNamedBufferSubData(s, 0, 16, junk));
    CHECK(contents_intact(s), "failed BufferSubData wrote");

    /* BufferSubData / GetBufferSubData ranges. */
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.2.1: BufferSubData with offset < 0",
               glBufferSubData(GL_COPY_WRITE_BUFFER, -1, 4, junk));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.2.1: BufferSubData with size < 0",
               glBufferSubData(GL_COPY_WRITE_BUFFER, 0, -4, junk));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.2.1: BufferSubData past BUFFER_SIZE",
               glBufferSubData(GL_COPY_WRITE_BUFFER, 250, 16, junk));
    CHECK(contents_intact(b), "failed BufferSubData wrote");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.2.1: BufferSubData with no buffer bound",
               glBufferSubData(GL_PIXEL_PACK_BUFFER, 0, 4, junk));
    unsigned char out[16];
    memset(out, 0x5A, sizeof out);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3.2: GetBufferSubData past BUFFER_SIZE",
               glGetBufferSubData(GL_COPY_WRITE_BUFFER, 248, 16, out));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3.2: GetBufferSubData with offset < 0",
               glGetBufferSubData(GL_COPY_WRITE_BUFFER, -8, 4, out));
    CHECK(out[0] == 0x5A && out[15] == 0x5A, "failed GetBufferSubData wrote output");

    /* Mapped-buffer rules. */
    void *p = glMapBufferRange(GL_COPY_WRITE_BUFFER, 64, 64, GL_MAP_WRITE_BIT);
    CHECK(p != NULL, "map failed");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.2.1: BufferSubData over a mapped range",
               glBufferSubData(GL_COPY_WRITE_BUFFER, 60, 8, junk));
    EXPECT_OK(glBufferSubData(GL_COPY_WRITE_BUFFER, 0, 16, pattern));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3.2: GetBufferSubData of a mapped buffer",
               glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 16, out));
    CHECK(out[0] == 0x5A, "failed GetBufferSubData wrote output");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MapBufferRange of a mapped buffer",
               glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 16, GL_MAP_READ_BIT));
    CHECK(h_buf_param(b, GL_BUFFER_MAP_OFFSET) == 64, "failed map changed the mapping");
    glUnmapBuffer(GL_COPY_WRITE_BUFFER);
    CHECK(contents_intact(b), "buffer contents");
    glDeleteBuffers(1, &s);
    glDeleteBuffers(1, &b);
}

static void mapping(void)
{
    GLuint b = make_buffer(GL_ARRAY_BUFFER);
    GLuint ro;
    glCreateBuffers(1, &ro);
    glNamedBufferStorage(ro, 64, pattern, GL_MAP_READ_BIT);
    void *p;

#define NOT_MAPPED(buf) CHECK(h_buf_param(buf, GL_BUFFER_MAPPED) == GL_FALSE, "failed map mapped the buffer")
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3: MapBufferRange with offset < 0",
               p = glMapBufferRange(GL_ARRAY_BUFFER, -4, 8, GL_MAP_READ_BIT));
    CHECK(p == NULL, "failed map returned a pointer");
    NOT_MAPPED(b);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3: MapBufferRange with length < 0",
               glMapBufferRange(GL_ARRAY_BUFFER, 0, -8, GL_MAP_READ_BIT));
    NOT_MAPPED(b);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MapBufferRange with length 0",
               glMapBufferRange(GL_ARRAY_BUFFER, 0, 0, GL_MAP_READ_BIT));
    NOT_MAPPED(b);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3: MapBufferRange with undefined access bits",
               glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | 0x10000));
    NOT_MAPPED(b);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: neither MAP_READ_BIT nor MAP_WRITE_BIT",
               glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_INVALIDATE_RANGE_BIT));
    NOT_MAPPED(b);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MAP_READ_BIT with MAP_INVALIDATE_RANGE_BIT",
               glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MAP_READ_BIT with MAP_INVALIDATE_BUFFER_BIT",
               glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_BUFFER_BIT));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MAP_READ_BIT with MAP_UNSYNCHRONIZED_BIT",
               glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_UNSYNCHRONIZED_BIT));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MAP_FLUSH_EXPLICIT_BIT without MAP_WRITE_BIT",
               glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT));
    NOT_MAPPED(b);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MAP_WRITE_BIT not in the storage flags",
               glMapNamedBufferRange(ro, 0, 8, GL_MAP_WRITE_BIT));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MAP_PERSISTENT_BIT not in the storage flags",
               glMapNamedBufferRange(ro, 0, 8, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MAP_COHERENT_BIT not in the storage flags",
               glMapNamedBufferRange(ro, 0, 8, GL_MAP_READ_BIT | GL_MAP_COHERENT_BIT));
    GLuint wo;
    glCreateBuffers(1, &wo);
    glNamedBufferStorage(wo, 64, NULL, GL_MAP_WRITE_BIT);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MAP_READ_BIT not in the storage flags",
               glMapNamedBufferRange(wo, 0, 8, GL_MAP_READ_BIT));
    NOT_MAPPED(ro);
    NOT_MAPPED(wo);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3: offset + length > BUFFER_SIZE",
               glMapBufferRange(GL_ARRAY_BUFFER, 200, 100, GL_MAP_READ_BIT));
    NOT_MAPPED(b);
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.3: MapBuffer with an invalid access",
               glMapBuffer(GL_ARRAY_BUFFER, GL_MAP_READ_BIT));
    NOT_MAPPED(b);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MapBuffer with no buffer bound",
               glMapBuffer(GL_PIXEL_UNPACK_BUFFER, GL_READ_ONLY));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3: MapNamedBuffer of a name that is not a buffer",
               glMapNamedBuffer(0, GL_READ_ONLY));

    /* Unmap and flush. */
    GLboolean r = GL_TRUE;
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3.1: UnmapBuffer of a buffer that is not mapped",
               r = glUnmapBuffer(GL_ARRAY_BUFFER));
    CHECK(r == GL_FALSE, "failed UnmapBuffer returned TRUE");
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.3.1: UnmapBuffer with an invalid target", glUnmapBuffer(GL_RGBA));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3.1: FlushMappedBufferRange of an unmapped buffer",
               glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4));
    glMapBufferRange(GL_ARRAY_BUFFER, 16, 32, GL_MAP_WRITE_BIT);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3.1: Flush without MAP_FLUSH_EXPLICIT_BIT",
               glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4));
    glUnmapBuffer(GL_ARRAY_BUFFER);
    p = glMapBufferRange(GL_ARRAY_BUFFER, 16, 32, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3.1: Flush with offset < 0", glFlushMappedBufferRange(GL_ARRAY_BUFFER, -1, 4));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3.1: Flush with length < 0", glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, -4));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.3.1: Flush past the mapped length",
               glFlushMappedBufferRange(GL_ARRAY_BUFFER, 24, 16));
    CHECK(h_buf_param(b, GL_BUFFER_MAPPED) == GL_TRUE && h_buf_param(b, GL_BUFFER_MAP_LENGTH) == 32,
          "failed flush changed the mapping");
    EXPECT_OK(glFlushMappedBufferRange(GL_ARRAY_BUFFER, 8, 16));
    CHECK(h_buf_param(b, GL_BUFFER_ACCESS) == GL_WRITE_ONLY, "GL 4.6 table 6.2: BUFFER_ACCESS while mapped");
    CHECK(h_buf_param(b, GL_BUFFER_ACCESS_FLAGS) == (GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT), "access flags");
    void *q = NULL;
    glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &q);
    CHECK(q == p, "BUFFER_MAP_POINTER is the mapped pointer");
    void *untouched = (void *)0x1;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.7: GetBufferPointerv with pname other than BUFFER_MAP_POINTER",
               glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &untouched));
    CHECK(untouched == (void *)0x1, "failed GetBufferPointerv wrote");
    CHECK(glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE, "unmap returns TRUE");

    /* Persistent mappings allow use while mapped. */
    GLuint pb;
    glCreateBuffers(1, &pb);
    glNamedBufferStorage(pb, 64, NULL, GL_MAP_WRITE_BIT | GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_DYNAMIC_STORAGE_BIT);
    glMapNamedBufferRange(pb, 0, 64, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
    EXPECT_OK(glNamedBufferSubData(pb, 0, 8, pattern));
    unsigned char out[8];
    EXPECT_OK(glGetNamedBufferSubData(pb, 0, 8, out));
    glUnmapNamedBuffer(pb);

    /* Parameter queries. */
    GLint v = 77;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.7: GetBufferParameteriv with an invalid pname",
               glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_TEXTURE_2D, &v));
    CHECK(v == 77, "failed query wrote");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.7: GetBufferParameteriv with no buffer bound",
               glGetBufferParameteriv(GL_PIXEL_PACK_BUFFER, GL_BUFFER_SIZE, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.7: GetBufferParameteriv with an invalid target",
               glGetBufferParameteriv(GL_RGBA, GL_BUFFER_SIZE, &v));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.7: GetNamedBufferParameteriv of a non-buffer",
               glGetNamedBufferParameteriv(4321, GL_BUFFER_SIZE, &v));
    CHECK(v == 77, "failed query wrote");
    glDeleteBuffers(1, &pb);
    glDeleteBuffers(1, &wo);
    glDeleteBuffers(1, &ro);
    glDeleteBuffers(1, &b);
}

static void copy_clear_invalidate(void)
{
    GLuint a = make_buffer(GL_COPY_READ_BUFFER);
    GLuint b = make_buffer(GL_COPY_WRITE_BUFFER);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.6: CopyBufferSubData with an invalid target",
               glCopyBufferSubData(GL_RGBA, GL_COPY_WRITE_BUFFER, 0, 0, 4));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.6: CopyBufferSubData with zero bound",
               glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_PIXEL_PACK_BUFFER, 0, 0, 4));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.6: negative readOffset",
               glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, -4, 0, 4));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.6: negative writeOffset",
               glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, -4, 4));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.6: negative size",
               glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, -4));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.6: readOffset + size > read buffer size",
               glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 200, 0, 64));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.6: writeOffset + size > write buffer size",
               glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 200, 64));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.6: overlapping ranges in one buffer",
               glCopyNamedBufferSubData(a, a, 0, 8, 16));
    CHECK(contents_intact(a) && contents_intact(b), "failed copies wrote");
    glMapNamedBufferRange(a, 0, 4, GL_MAP_READ_BIT);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.6: the read buffer is mapped",
               glCopyNamedBufferSubData(a, b, 0, 0, 4));
    glUnmapNamedBuffer(a);
    glMapNamedBufferRange(b, 0, 4, GL_MAP_READ_BIT);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.6: the write buffer is mapped",
               glCopyNamedBufferSubData(a, b, 0, 0, 4));
    glUnmapNamedBuffer(b);
    CHECK(contents_intact(b), "failed copies wrote");
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.6: CopyNamedBufferSubData of a non-buffer",
               glCopyNamedBufferSubData(a, 55555, 0, 0, 4));

    /* Clears (GL 4.6 §6.5). */
    GLuint word = 0xCAFEBABE;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: ClearBufferData with zero bound",
               glClearBufferData(GL_PIXEL_PACK_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &word));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §6.5: internalformat not in table 8.16",
               glClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, &word));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §8.4.4: integer internalformat with a non-integer format",
               glClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32UI, GL_RED, GL_UNSIGNED_INT, &word));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: format is not a color format",
               glClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32F, GL_DEPTH_COMPONENT, GL_FLOAT, &word));
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §8.4.4: type is not a pixel type",
               glClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32F, GL_RED, GL_RGBA, &word));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: offset not a multiple of the element size",
               glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 2, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, &word));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: size not a multiple of the element size",
               glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 0, 6, GL_RED_INTEGER, GL_UNSIGNED_INT, &word));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: offset + size > BUFFER_SIZE",
               glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 252, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, &word));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: negative offset",
               glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, -4, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, &word));
    glMapNamedBufferRange(b, 64, 16, GL_MAP_READ_BIT);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.5: ClearBufferData of a mapped buffer",
               glClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &word));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.5: ClearBufferSubData over a mapped range",
               glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 60, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, &word));
    EXPECT_OK(glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 0, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, NULL));
    glUnmapNamedBuffer(b);
    unsigned char got[8];
    glGetNamedBufferSubData(b, 0, 8, got);
    CHECK(got[0] == 0 && got[7] == 0, "GL 4.6 §6.5: a NULL clear value clears to zero");
    glNamedBufferSubData(b, 0, 8, pattern);
    CHECK(contents_intact(b), "failed clears wrote");

    /* Invalidation (GL 4.6 §6.5). */
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: InvalidateBufferData of a non-buffer", glInvalidateBufferData(98765));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: InvalidateBufferData of zero", glInvalidateBufferData(0));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: InvalidateBufferSubData with offset < 0", glInvalidateBufferSubData(b, -4, 4));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: InvalidateBufferSubData with length < 0", glInvalidateBufferSubData(b, 0, -4));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §6.5: InvalidateBufferSubData past BUFFER_SIZE", glInvalidateBufferSubData(b, 200, 100));
    glMapNamedBufferRange(b, 0, 16, GL_MAP_READ_BIT);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.5: InvalidateBufferSubData over a mapped range", glInvalidateBufferSubData(b, 8, 8));
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.5: InvalidateBufferData of a mapped buffer", glInvalidateBufferData(b));
    EXPECT_OK(glInvalidateBufferSubData(b, 32, 8));
    glUnmapNamedBuffer(b);
    glDeleteBuffers(1, &a);
    glDeleteBuffers(1, &b);
}

static void first_error_sticks(void)
{
    glBindBuffer(GL_RGBA, 0);                 /* INVALID_ENUM */
    glGenBuffers(-1, NULL);                   /* INVALID_VALUE */
    GLenum first = glGetError();
    GLenum second = glGetError();
    CHECK(first == GL_INVALID_ENUM, "GL 4.6 §2.3.1: the first error is kept (got %s)", err_name(first));
    CHECK(second == GL_NO_ERROR, "GL 4.6 §2.3.1: GetError clears the flag (got %s)", err_name(second));
}

/* Gen* with nowhere to put the names makes none (as Mesa does); a count past what
 * glcompute makes in one call is OUT_OF_MEMORY, not a process out of memory. */
static void hostile_counts(void)
{
    glGenBuffers(1000, NULL);
    CHECK(glGetError() == GL_NO_ERROR, "glGenBuffers(1000, NULL) is no error");
    GLuint probe;
    glGenBuffers(1, &probe);
    CHECK(probe < 100, "and made no names (the next is %u)", probe);
    GLuint *many = malloc(sizeof(GLuint) * ((1u << 20) + 1));
    glGenTextures((1 << 20) + 1, many);
    CHECK(glGetError() == GL_OUT_OF_MEMORY, "more than 2^20 names at once is GL_OUT_OF_MEMORY");
    glCreateTextures(GL_RGBA, (1 << 20) + 1, many);
    CHECK(glGetError() == GL_INVALID_ENUM, "Create* checks its target first");
    glGenTextures(0x7fffffff, NULL);
    CHECK(glGetError() == GL_NO_ERROR, "glGenTextures(INT_MAX, NULL) returns at once");
    free(many);
    glDeleteBuffers(1, &probe);
}

int main(void)
{
    for (int i = 0; i < 256; i++)
        pattern[i] = (unsigned char)(i * 7 + 3);
    h_init();
    gen_delete_bind();
    indexed_bindings();
    data_store();
    mapping();
    copy_clear_invalidate();
    first_error_sticks();
    hostile_counts();
    return h_finish("buffer_errors");
}
