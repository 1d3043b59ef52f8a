/* The GL 4.4-4.6 commands that complete glcompute's entry points, each driven through
 * the C API with its state checked afterwards: the direct state access forms of vertex
 * array objects (GL 4.6 §10.3-§10.5) and transform feedback objects (§13.3), of
 * framebuffers, renderbuffers and texture copies, BindVertexBuffers (multi-bind), query
 * results stored into buffers (§4.2.3, GetQueryBufferObject* and the QUERY_BUFFER
 * binding), GetnTexImage, ClipControl, PolygonOffsetClamp, TextureBarrier, and the
 * commands that must fail here: SpecializeShader of a shader that is not SPIR-V and
 * MultiDraw*IndirectCount (no PARAMETER_BUFFER bound; no rasteriser).
 *
 * usage: dsa45 [--any-gl]  (--any-gl skips what only glcompute answers this way) */
// run: standalone
// run: llvmpipe -- --any-gl
#include "harness.h"
#include <math.h>

/* Set by --any-gl (another GL than glcompute). */
static int any;

static GLint vao_i(GLuint vao, GLuint index, GLenum pname)
{
    GLint v = -12345;
    glGetVertexArrayIndexediv(vao, index, pname, &v);
    return v;
}

static void vertex_arrays(void)
{
    GLuint vao[2], gen, buf[3];
    glCreateVertexArrays(2, vao);
    glGenVertexArrays(1, &gen);
    glCreateBuffers(3, buf);
    CHECK(glIsVertexArray(vao[0]) && glIsVertexArray(vao[1]), "CreateVertexArrays makes objects");
    CHECK(!glIsVertexArray(gen), "a generated, never bound name is no object");

    /* Mesa 22.3's EnableVertexArrayAttrib takes generated names that were never bound
     * (its VertexArrayVertexBuffers does not, below); GL 4.6 §10.4 gives them no state
     * until they are bound. */
    if (!any)
        EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.1: vaobj is not an existing object",
                   glEnableVertexArrayAttrib(gen, 0));
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.1: vaobj is not a name at all",
               glEnableVertexArrayAttrib(777, 0));
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.1: zero names no object in a core context",
               glEnableVertexArrayAttrib(0, 0));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.1: index past MAX_VERTEX_ATTRIBS",
               glEnableVertexArrayAttrib(vao[0], 1000));

    /* State set on an object that is not bound lands in that object. */
    glBindVertexArray(vao[1]);
    EXPECT_OK(glEnableVertexArrayAttrib(vao[0], 3));
    EXPECT_OK(glVertexArrayAttribFormat(vao[0], 3, 3, GL_SHORT, GL_TRUE, 12));
    EXPECT_OK(glVertexArrayAttribIFormat(vao[0], 4, 2, GL_UNSIGNED_BYTE, 4));
    EXPECT_OK(glVertexArrayAttribLFormat(vao[0], 5, 1, GL_DOUBLE, 8));
    EXPECT_OK(glVertexArrayAttribBinding(vao[0], 3, 7));
    EXPECT_OK(glVertexArrayBindingDivisor(vao[0], 7, 5));
    EXPECT_OK(glVertexArrayVertexBuffer(vao[0], 7, buf[0], 256, 20));
    EXPECT_OK(glVertexArrayElementBuffer(vao[0], buf[1]));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.2: size 5", glVertexArrayAttribFormat(vao[0], 3, 5, GL_FLOAT, GL_FALSE, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "§10.3.2: FLOAT is no integer type",
               glVertexArrayAttribIFormat(vao[0], 4, 2, GL_FLOAT, 0));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.2: relativeoffset past the limit",
               glVertexArrayAttribFormat(vao[0], 3, 4, GL_FLOAT, GL_FALSE, 1u << 20));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.2: bindingindex past MAX_VERTEX_ATTRIB_BINDINGS",
               glVertexArrayAttribBinding(vao[0], 3, 99));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.2: negative stride",
               glVertexArrayVertexBuffer(vao[0], 1, buf[0], 0, -4));
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.3: element buffer is not a buffer object",
               glVertexArrayElementBuffer(vao[0], 4242));

    CHECK(vao_i(vao[0], 3, GL_VERTEX_ATTRIB_ARRAY_ENABLED) == 1, "attribute 3 enabled");
    CHECK(vao_i(vao[0], 3, GL_VERTEX_ATTRIB_ARRAY_SIZE) == 3 && vao_i(vao[0], 3, GL_VERTEX_ATTRIB_ARRAY_TYPE) == GL_SHORT &&
              vao_i(vao[0], 3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED) == 1 &&
              vao_i(vao[0], 3, GL_VERTEX_ATTRIB_RELATIVE_OFFSET) == 12,
          "attribute 3's format: size %d type 0x%x", vao_i(vao[0], 3, GL_VERTEX_ATTRIB_ARRAY_SIZE),
          vao_i(vao[0], 3, GL_VERTEX_ATTRIB_ARRAY_TYPE));
    CHECK(vao_i(vao[0], 4, GL_VERTEX_ATTRIB_ARRAY_INTEGER) == 1 && vao_i(vao[0], 5, GL_VERTEX_ATTRIB_ARRAY_LONG) == 1,
          "the I and L formats");
    CHECK(vao_i(vao[0], 3, GL_VERTEX_ATTRIB_BINDING) == 7 && vao_i(vao[0], 3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR) == 5,
          "attribute 3 uses binding 7 with divisor %d", vao_i(vao[0], 3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR));
    CHECK(vao_i(vao[0], 7, GL_VERTEX_BINDING_STRIDE) == 20 && vao_i(vao[0], 7, GL_VERTEX_BINDING_DIVISOR) == 5 &&
              vao_i(vao[0], 7, GL_VERTEX_BINDING_BUFFER) == (GLint)buf[0],
          "binding 7's stride, divisor and buffer");
    GLint64 off = -1;
    glGetVertexArrayIndexed64iv(vao[0], 7, GL_VERTEX_BINDING_OFFSET, &off);
    CHECK(off == 256, "binding 7's offset is %lld", (long long)off);
    EXPECT_ERR(GL_INVALID_ENUM, "§10.5: the 64-bit form takes VERTEX_BINDING_OFFSET only",
               glGetVertexArrayIndexed64iv(vao[0], 7, GL_VERTEX_BINDING_STRIDE, &off));
    GLint v = -1;
    EXPECT_ERR(GL_INVALID_VALUE, "§10.5: index past the limit",
               glGetVertexArrayIndexediv(vao[0], 99, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "§10.5: GetVertexArrayiv takes ELEMENT_ARRAY_BUFFER_BINDING only",
               glGetVertexArrayiv(vao[0], GL_VERTEX_ATTRIB_ARRAY_SIZE, &v));
    glGetVertexArrayiv(vao[0], GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
    CHECK(v == (GLint)buf[1], "vao[0]'s element buffer is %d", v);
    /* The bound object (vao[1]) kept its initial state. */
    CHECK(vao_i(vao[1], 3, GL_VERTEX_ATTRIB_ARRAY_ENABLED) == 0, "the bound object is untouched");
    CHECK(h_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == 0, "the bound object has no element buffer");

    /* The bound object: its element buffer is the context's ELEMENT_ARRAY_BUFFER. */
    EXPECT_OK(glVertexArrayElementBuffer(vao[1], buf[2]));
    CHECK(h_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == (GLint)buf[2], "VertexArrayElementBuffer of the bound object binds");
    glGetVertexArrayiv(vao[1], GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
    CHECK(v == (GLint)buf[2], "GetVertexArrayiv of the bound object: %d", v);
    glBindVertexArray(vao[0]);
    CHECK(h_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == (GLint)buf[1], "binding vao[0] brings its element buffer");
    GLint size = -1;
    glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &size);
    CHECK(size == 3, "GetVertexAttribiv sees the DSA-set format once bound");

    /* Multi-bind: BindVertexBuffers on the bound object, VertexArrayVertexBuffers on another.
     * Bindings 1 and 5 get state of their own first, so "kept" differs from "reset". */
    glBindVertexBuffer(1, buf[1], 8, 24);
    glVertexArrayVertexBuffer(vao[1], 5, buf[2], 4, 28);
    GLuint names[3] = {buf[0], 4242, buf[2]};
    GLintptr offs[3] = {16, 32, 48};
    GLsizei strides[3] = {4, 8, 12};
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.2: a name that is no buffer (the others bind)",
               glBindVertexBuffers(0, 3, names, offs, strides));
    CHECK(vao_i(vao[0], 0, GL_VERTEX_BINDING_BUFFER) == (GLint)buf[0] && vao_i(vao[0], 0, GL_VERTEX_BINDING_STRIDE) == 4,
          "binding 0 was set");
    CHECK(vao_i(vao[0], 1, GL_VERTEX_BINDING_BUFFER) == (GLint)buf[1] && vao_i(vao[0], 1, GL_VERTEX_BINDING_STRIDE) == 24,
          "binding 1 (the bad name) kept its state");
    CHECK(vao_i(vao[0], 2, GL_VERTEX_BINDING_BUFFER) == (GLint)buf[2] &&
              vao_i(vao[0], 2, GL_VERTEX_BINDING_STRIDE) == 12,
          "binding 2 was set");
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.2: first + count past MAX_VERTEX_ATTRIB_BINDINGS",
               glBindVertexBuffers(15, 2, names, offs, strides));
    strides[1] = -8;
    names[1] = buf[1];
    EXPECT_ERR(GL_INVALID_VALUE, "§10.3.2: a negative stride (the others bind)",
               glVertexArrayVertexBuffers(vao[1], 4, 3, names, offs, strides));
    CHECK(vao_i(vao[1], 4, GL_VERTEX_BINDING_BUFFER) == (GLint)buf[0] && vao_i(vao[1], 5, GL_VERTEX_BINDING_BUFFER) == (GLint)buf[2] &&
              vao_i(vao[1], 5, GL_VERTEX_BINDING_STRIDE) == 28 &&
              vao_i(vao[1], 6, GL_VERTEX_BINDING_BUFFER) == (GLint)buf[2],
          "VertexArrayVertexBuffers set bindings 4 and 6 of vao[1]");
    EXPECT_OK(glVertexArrayVertexBuffers(vao[1], 4, 3, NULL, NULL, NULL));
    CHECK(vao_i(vao[1], 4, GL_VERTEX_BINDING_BUFFER) == 0 && vao_i(vao[1], 4, GL_VERTEX_BINDING_STRIDE) == 16,
          "NULL buffers reset the bindings (stride 16)");
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.3.2: vaobj is not an object",
               glVertexArrayVertexBuffers(gen, 0, 1, NULL, NULL, NULL));

    glBindVertexArray(0);
    glDeleteVertexArrays(2, vao);
    glDeleteVertexArrays(1, &gen);
    glDeleteBuffers(3, buf);
}

static GLint xfb_i(GLuint xfb, GLenum pname, GLuint index)
{
    GLint v = -12345;
    glGetTransformFeedbacki_v(xfb, pname, index, &v);
    return v;
}

static GLint64 xfb_i64(GLuint xfb, GLenum pname, GLuint index)
{
    GLint64 v = -12345;
    glGetTransformFeedbacki64_v(xfb, pname, index, &v);
    return v;
}

static void transform_feedback(void)
{
    GLuint xfb[2], gen, buf;
    glCreateTransformFeedbacks(2, xfb);
    glGenTransformFeedbacks(1, &gen);
    glCreateBuffers(1, &buf);
    glNamedBufferData(buf, 256, NULL, GL_STATIC_DRAW);
    CHECK(glIsTransformFeedback(xfb[0]), "CreateTransformFeedbacks makes objects");
    /* As for vertex arrays, Mesa takes generated names that were never bound. */
    if (!any)
        EXPECT_ERR(GL_INVALID_OPERATION, "§13.3.2: xfb is not an existing object",
                   glTransformFeedbackBufferBase(gen, 0, buf));
    EXPECT_ERR(GL_INVALID_VALUE, "§13.3.2: buffer is not a buffer object",
               glTransformFeedbackBufferBase(xfb[0], 0, 4242));
    EXPECT_ERR(GL_INVALID_VALUE, "§13.3.2: index past MAX_TRANSFORM_FEEDBACK_BUFFERS",
               glTransformFeedbackBufferBase(xfb[0], 64, buf));
    EXPECT_ERR(GL_INVALID_VALUE, "§13.3.2: size not a multiple of 4",
               glTransformFeedbackBufferRange(xfb[0], 0, buf, 16, 6));
    EXPECT_ERR(GL_INVALID_VALUE, "§13.3.2: size 0", glTransformFeedbackBufferRange(xfb[0], 0, buf, 16, 0));
    EXPECT_OK(glTransformFeedbackBufferRange(xfb[0], 1, buf, 16, 64));
    EXPECT_OK(glTransformFeedbackBufferBase(xfb[0], 2, buf));
    CHECK(xfb_i(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1) == (GLint)buf, "binding 1's buffer");
    CHECK(xfb_i64(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_START, 1) == 16 &&
              xfb_i64(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 1) == 64,
          "binding 1's range: %lld + %lld", (long long)xfb_i64(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_START, 1),
          (long long)xfb_i64(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 1));
    CHECK(xfb_i(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 2) == (GLint)buf &&
              xfb_i64(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 2) == 0,
          "binding 2 is the whole buffer");
    CHECK(xfb_i(xfb[1], GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1) == 0, "another object is untouched");
    CHECK(xfb_i(0, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1) == 0, "the default object is untouched");
    CHECK(h_int(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING) == 0, "the general binding does not change");
    GLint v = -1;
    EXPECT_ERR(GL_INVALID_ENUM, "§13.3.3: the i_v form takes BUFFER_BINDING only",
               glGetTransformFeedbacki_v(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_START, 1, &v));
    EXPECT_ERR(GL_INVALID_VALUE, "§13.3.3: index past the limit",
               glGetTransformFeedbacki_v(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 64, &v));
    EXPECT_ERR(GL_INVALID_ENUM, "§13.3.3: GetTransformFeedbackiv takes ACTIVE and PAUSED",
               glGetTransformFeedbackiv(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &v));
    if (!any)
        EXPECT_ERR(GL_INVALID_OPERATION, "§13.3.3: xfb is not an object",
                   glGetTransformFeedbackiv(gen, GL_TRANSFORM_FEEDBACK_ACTIVE, &v));
    v = -1;
    glGetTransformFeedbackiv(xfb[0], GL_TRANSFORM_FEEDBACK_ACTIVE, &v);
    CHECK(v == 0, "not active");
    v = -1;
    glGetTransformFeedbackiv(0, GL_TRANSFORM_FEEDBACK_PAUSED, &v);
    CHECK(v == 0, "the default object is not paused");
    /* Binding the object brings its bindings into the indexed TRANSFORM_FEEDBACK_BUFFER state. */
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
    CHECK(h_int_i(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1) == (GLint)buf && h_int_i(GL_TRANSFORM_FEEDBACK_BUFFER_START, 1) == 16,
          "the bound object's bindings are the indexed state");
    EXPECT_OK(glTransformFeedbackBufferBase(xfb[0], 3, buf));
    CHECK(h_int_i(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 3) == (GLint)buf, "DSA on the bound object changes the indexed state");
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    CHECK(h_int_i(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 3) == 0, "the default object again");
    CHECK(xfb_i(xfb[0], GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 3) == (GLint)buf, "xfb[0] kept binding 3");
    glDeleteTransformFeedbacks(2, xfb);
    glDeleteTransformFeedbacks(1, &gen);
    glDeleteBuffers(1, &buf);
}

static void framebuffers_and_copies(void)
{
    GLuint fb, rb[2], tex, cube, t3d;
    glCreateFramebuffers(1, &fb);
    glCreateRenderbuffers(2, rb);
    glCreateTextures(GL_TEXTURE_2D, 1, &tex);
    glTextureStorage2D(tex, 1, GL_RGBA8, 4, 4);
    glNamedRenderbufferStorage(rb[0], GL_DEPTH24_STENCIL8, 4, 4);
    EXPECT_OK(glNamedRenderbufferStorageMultisample(rb[1], 4, GL_RGBA8, 8, 8));
    GLint samples = -1;
    glGetNamedRenderbufferParameteriv(rb[1], GL_RENDERBUFFER_SAMPLES, &samples);
    CHECK(samples == 4, "NamedRenderbufferStorageMultisample: %d samples", samples);
    EXPECT_ERR(GL_INVALID_OPERATION, "§9.2.4: renderbuffer is not an object",
               glNamedRenderbufferStorageMultisample(4242, 4, GL_RGBA8, 8, 8));
    /* Mesa (llvmpipe) takes any sample count here. */
    if (!any)
        EXPECT_ERR(GL_INVALID_OPERATION, "§9.2.4: samples past what RGBA8 supports",
                   glNamedRenderbufferStorageMultisample(rb[1], 1000, GL_RGBA8, 8, 8));

    glNamedFramebufferTexture(fb, GL_COLOR_ATTACHMENT1, tex, 0);
    glNamedFramebufferRenderbuffer(fb, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[0]);
    EXPECT_OK(glNamedFramebufferDrawBuffer(fb, GL_COLOR_ATTACHMENT1));
    EXPECT_ERR(GL_INVALID_OPERATION, "§17.4.1: framebuffer is not an object",
               glNamedFramebufferDrawBuffer(4242, GL_COLOR_ATTACHMENT0));
    EXPECT_ERR(GL_INVALID_OPERATION, "§17.4.1: DrawBuffer(BACK) of a framebuffer object",
               glNamedFramebufferDrawBuffer(fb, GL_BACK));
    const GLenum back = GL_BACK, left = GL_BACK_LEFT, front = GL_FRONT;
    EXPECT_ERR(GL_INVALID_ENUM, "§17.4.1: DrawBuffers(BACK) is in neither table 17.5 nor 17.6",
               glNamedFramebufferDrawBuffers(fb, 1, &back));
    EXPECT_ERR(GL_INVALID_OPERATION, "§17.4.1: DrawBuffers(BACK_LEFT) of a framebuffer object",
               glNamedFramebufferDrawBuffers(fb, 1, &left));
    EXPECT_ERR(GL_INVALID_ENUM, "§17.4.1: DrawBuffers(FRONT) names several buffers",
               glNamedFramebufferDrawBuffers(fb, 1, &front));
    /* The default framebuffer (name 0): a value that is no colour buffer at all is
     * INVALID_ENUM there too, not the default framebuffer's INVALID_OPERATION. */
    const GLenum junk = GL_TEXTURE_2D;
    EXPECT_ERR(GL_INVALID_ENUM, "§17.4.1: DrawBuffers(TEXTURE_2D) of the default framebuffer",
               glNamedFramebufferDrawBuffers(0, 1, &junk));
    EXPECT_ERR(GL_INVALID_ENUM, "§17.4.1: DrawBuffer(TEXTURE_2D) of the default framebuffer",
               glNamedFramebufferDrawBuffer(0, GL_TEXTURE_2D));
    EXPECT_ERR(GL_INVALID_ENUM, "§18.2.1: ReadBuffer(TEXTURE_2D) of the default framebuffer",
               glNamedFramebufferReadBuffer(0, GL_TEXTURE_2D));
    EXPECT_ERR(GL_INVALID_OPERATION, "§17.4.1: DrawBuffers(COLOR_ATTACHMENT0) of the default framebuffer",
               glNamedFramebufferDrawBuffers(0, 1, &(const GLenum){GL_COLOR_ATTACHMENT0}));
    glNamedFramebufferReadBuffer(fb, GL_COLOR_ATTACHMENT1);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    CHECK(h_int(GL_DRAW_BUFFER0) == GL_COLOR_ATTACHMENT1, "DRAW_BUFFER0 is 0x%x", h_int(GL_DRAW_BUFFER0));
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "complete");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    /* ClearNamedFramebufferfi of an unbound framebuffer, read back. */
    EXPECT_OK(glClearNamedFramebufferfi(fb, GL_DEPTH_STENCIL, 0, 0.25f, 7));
    EXPECT_ERR(GL_INVALID_ENUM, "§17.4.3.1: ClearNamedFramebufferfi clears DEPTH_STENCIL only",
               glClearNamedFramebufferfi(fb, GL_DEPTH, 0, 0.25f, 7));
    EXPECT_ERR(GL_INVALID_OPERATION, "§17.4.3.1: framebuffer is not an object",
               glClearNamedFramebufferfi(4242, GL_DEPTH_STENCIL, 0, 0.25f, 7));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    float depth = -1;
    uint8_t stencil = 0;
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
    glReadPixels(2, 2, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &stencil);
    CHECK(fabsf(depth - 0.25f) < 1e-6f, "depth %g", depth);
    /* llvmpipe reads stencil 0 here. */
    CHECK(any || stencil == 7, "stencil %d", stencil);

    /* CopyTextureSubImage* from the read framebuffer (colour attachment 1). */
    const GLfloat red[4] = {1, 0, 0, 1};
    glClearNamedFramebufferfv(fb, GL_COLOR, 0, red);
    GLuint dst;
    glCreateTextures(GL_TEXTURE_2D, 1, &dst);
    glTextureStorage2D(dst, 1, GL_RGBA8, 4, 4);
    uint8_t zero[64] = {0};
    glTextureSubImage2D(dst, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, zero);
    EXPECT_OK(glCopyTextureSubImage2D(dst, 0, 1, 2, 0, 0, 2, 2));
    uint8_t px[64];
    glGetTextureImage(dst, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof px, px);
    CHECK(px[(2 * 4 + 1) * 4] == 255 && px[(3 * 4 + 2) * 4] == 255 && px[(2 * 4 + 3) * 4] == 0 && px[0] == 0,
          "CopyTextureSubImage2D wrote the 2x2 region at (1, 2) only");
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.6: CopyTextureSubImage1D of a 2D texture",
               glCopyTextureSubImage1D(dst, 0, 0, 0, 0, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "§8.6: a region outside the image",
               glCopyTextureSubImage2D(dst, 0, 3, 3, 0, 0, 2, 2));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.6: texture is not an object",
               glCopyTextureSubImage2D(4242, 0, 0, 0, 0, 0, 1, 1));

    /* A cube map by name: its faces are z (table 8.15). */
    glCreateTextures(GL_TEXTURE_CUBE_MAP, 1, &cube);
    glTextureStorage2D(cube, 1, GL_RGBA8, 4, 4);
    uint8_t zeros6[6 * 64] = {0};
    EXPECT_OK(glTextureSubImage3D(cube, 0, 0, 0, 0, 4, 4, 6, GL_RGBA, GL_UNSIGNED_BYTE, zeros6));
    EXPECT_OK(glCopyTextureSubImage3D(cube, 0, 0, 0, 3, 0, 0, 1, 1));
    uint8_t face[64];
    glGetTextureSubImage(cube, 0, 0, 0, 3, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof face, face);
    CHECK(face[0] == 255 && face[4] == 0, "CopyTextureSubImage3D wrote face 3 (%d %d)", face[0], face[4]);
    glGetTextureSubImage(cube, 0, 0, 0, 2, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof face, face);
    CHECK(face[0] == 0, "face 2 is untouched");
    uint8_t blue[4] = {0, 0, 255, 255};
    EXPECT_OK(glTextureSubImage3D(cube, 0, 2, 2, 5, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blue));
    glGetTextureSubImage(cube, 0, 2, 2, 5, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 4, face);
    CHECK(face[2] == 255, "TextureSubImage3D wrote face 5");
    EXPECT_ERR(GL_INVALID_VALUE, "§8.6: a cube map has six faces",
               glTextureSubImage3D(cube, 0, 0, 0, 6, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blue));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.6: TextureSubImage2D of a cube map",
               glTextureSubImage2D(cube, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blue));
    glCreateTextures(GL_TEXTURE_3D, 1, &t3d);
    glTextureStorage3D(t3d, 1, GL_RGBA8, 2, 2, 2);
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.6: TextureSubImage2D of a 3D texture",
               glTextureSubImage2D(t3d, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blue));
    EXPECT_ERR(GL_INVALID_OPERATION, "§8.6: CopyTextureSubImage2D of a 3D texture",
               glCopyTextureSubImage2D(t3d, 0, 0, 0, 0, 0, 1, 1));
    EXPECT_OK(glCopyTextureSubImage3D(t3d, 0, 1, 1, 1, 0, 0, 1, 1));

    /* GetnTexImage: the image through the bound target, bounded by bufSize. */
    glBindTexture(GL_TEXTURE_2D, dst);
    memset(px, 0x55, sizeof px);
    /* Mesa 22.3's llvmpipe returns neither an error nor data from GetnTexImage here;
     * it is not asked. */
    if (!any) {
        EXPECT_ERR(GL_INVALID_OPERATION, "§8.11.4: bufSize smaller than the image",
                   glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 63, px));
        CHECK(px[0] == 0x55, "nothing was written");
        EXPECT_OK(glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, px));
        CHECK(px[(2 * 4 + 1) * 4] == 255 && px[0] == 0, "GetnTexImage reads the image");
    }
    EXPECT_OK(glTextureBarrier());

    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glBindTexture(GL_TEXTURE_2D, 0);
    GLuint texs[] = {tex, dst, cube, t3d};
    glDeleteTextures(4, texs);
    glDeleteRenderbuffers(2, rb);
    glDeleteFramebuffers(1, &fb);
}

static void query_buffers(void)
{
    GLuint q, buf, gen;
    glGenQueries(1, &q);
    glGenQueries(1, &gen);
    glCreateBuffers(1, &buf);
    uint32_t init[6] = {0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef};
    glNamedBufferData(buf, sizeof init, init, GL_DYNAMIC_READ);
    glQueryCounter(q, GL_TIMESTAMP);
    EXPECT_OK(glGetQueryBufferObjectui64v(q, buf, GL_QUERY_RESULT, 8));
    EXPECT_OK(glGetQueryBufferObjectiv(q, buf, GL_QUERY_TARGET, 0));
    EXPECT_OK(glGetQueryBufferObjectuiv(q, buf, GL_QUERY_RESULT_AVAILABLE, 4));
    uint32_t out[6];
    glGetNamedBufferSubData(buf, 0, sizeof out, out);
    GLuint64 ts = 0;
    glGetQueryObjectui64v(q, GL_QUERY_RESULT, &ts);
    CHECK(out[0] == GL_TIMESTAMP, "QUERY_TARGET stored: 0x%x", out[0]);
    CHECK(out[1] == 1, "QUERY_RESULT_AVAILABLE stored: %u", out[1]);
    CHECK(((uint64_t)out[3] << 32 | out[2]) == ts, "the 64-bit result stored at offset 8");
    CHECK(out[4] == 0xdeadbeef && out[5] == 0xdeadbeef, "nothing else was written");
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.3: buffer is not a buffer object",
               glGetQueryBufferObjectiv(q, 4242, GL_QUERY_RESULT, 0));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.3: id is not a query object",
               glGetQueryBufferObjectiv(gen, buf, GL_QUERY_RESULT, 0));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.3: the 64-bit value past the end of the buffer",
               glGetQueryBufferObjecti64v(q, buf, GL_QUERY_RESULT, 20));
    EXPECT_ERR(GL_INVALID_VALUE, "§4.2.3: negative offset", glGetQueryBufferObjectiv(q, buf, GL_QUERY_RESULT, -4));
    EXPECT_OK(glGetQueryBufferObjectiv(q, buf, GL_QUERY_RESULT_AVAILABLE, 20));
    EXPECT_OK(glGetQueryBufferObjecti64v(q, buf, GL_QUERY_RESULT_AVAILABLE, 16));
    /* Mesa stores into a mapped buffer; glcompute refuses, as for every other write by
     * a GL command into a buffer mapped without MAP_PERSISTENT_BIT. */
    if (!any) {
        glMapNamedBufferRange(buf, 0, 4, GL_MAP_READ_BIT);
        EXPECT_ERR(GL_INVALID_OPERATION, "§6.3.1: the buffer is mapped",
                   glGetQueryBufferObjectiv(q, buf, GL_QUERY_RESULT, 0));
        glUnmapNamedBuffer(buf);
    }
    EXPECT_ERR(GL_INVALID_ENUM, "§4.2.3: pname", glGetQueryBufferObjectiv(q, buf, GL_QUERY_COUNTER_BITS, 0));
    /* With a buffer bound to QUERY_BUFFER, GetQueryObject* takes an offset into it. */
    glBindBuffer(GL_QUERY_BUFFER, buf);
    EXPECT_OK(glGetQueryObjectuiv(q, GL_QUERY_TARGET, (GLuint *)(uintptr_t)16));
    EXPECT_ERR(GL_INVALID_OPERATION, "§4.2.3: past the end of the bound query buffer",
               glGetQueryObjectuiv(q, GL_QUERY_TARGET, (GLuint *)(uintptr_t)24));
    glBindBuffer(GL_QUERY_BUFFER, 0);
    glGetNamedBufferSubData(buf, 16, 4, out);
    CHECK(out[0] == GL_TIMESTAMP, "GetQueryObjectuiv stored into the query buffer: 0x%x", out[0]);
    glDeleteQueries(1, &q);
    glDeleteQueries(1, &gen);
    glDeleteBuffers(1, &buf);
}

static void raster_state(void)
{
    CHECK(h_int(GL_CLIP_ORIGIN) == GL_LOWER_LEFT && h_int(GL_CLIP_DEPTH_MODE) == GL_NEGATIVE_ONE_TO_ONE,
          "ClipControl's initial state");
    EXPECT_OK(glClipControl(GL_UPPER_LEFT, GL_ZERO_TO_ONE));
    EXPECT_ERR(GL_INVALID_ENUM, "§13.7: origin", glClipControl(GL_FRONT, GL_ZERO_TO_ONE));
    EXPECT_ERR(GL_INVALID_ENUM, "§13.7: depth", glClipControl(GL_LOWER_LEFT, GL_FRONT));
    CHECK(h_int(GL_CLIP_ORIGIN) == GL_UPPER_LEFT && h_int(GL_CLIP_DEPTH_MODE) == GL_ZERO_TO_ONE,
          "ClipControl set, and the failed calls changed nothing");
    glClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
    float f[3];
    EXPECT_OK(glPolygonOffsetClamp(2.0f, 3.0f, 0.5f));
    glGetFloatv(GL_POLYGON_OFFSET_FACTOR, &f[0]);
    glGetFloatv(GL_POLYGON_OFFSET_UNITS, &f[1]);
    glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &f[2]);
    CHECK(f[0] == 2.0f && f[1] == 3.0f && f[2] == 0.5f, "PolygonOffsetClamp: %g %g %g", f[0], f[1], f[2]);
    glPolygonOffset(1.0f, 1.0f);
    glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &f[2]);
    CHECK(f[2] == 0.0f, "PolygonOffset is PolygonOffsetClamp with clamp 0");
}

static void refused(void)
{
    GLuint sh = glCreateShader(GL_COMPUTE_SHADER);
    GLuint prog = glCreateProgram();
    EXPECT_ERR(GL_INVALID_VALUE, "§7.2.1: not a shader or program", glSpecializeShader(4242, "main", 0, NULL, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "§7.2.1: a program", glSpecializeShader(prog, "main", 0, NULL, NULL));
    EXPECT_ERR(GL_INVALID_OPERATION, "§7.2.1: not a SPIR-V shader", glSpecializeShader(sh, "main", 0, NULL, NULL));
    glDeleteShader(sh);
    glDeleteProgram(prog);
    GLuint vao, ind;
    glCreateVertexArrays(1, &vao);
    glBindVertexArray(vao);
    /* An indirect buffer, so the PARAMETER_BUFFER rule is what fails. */
    glCreateBuffers(1, &ind);
    glNamedBufferData(ind, 64, NULL, GL_STATIC_DRAW);
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, ind);
    EXPECT_ERR(GL_INVALID_ENUM, "§10.1: mode", glMultiDrawArraysIndirectCount(GL_FRONT, NULL, 0, 1, 0));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.4: maxdrawcount", glMultiDrawArraysIndirectCount(GL_POINTS, NULL, 0, -1, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "§10.4: type",
               glMultiDrawElementsIndirectCount(GL_POINTS, GL_FLOAT, NULL, 0, 1, 0));
    if (!any) {
        /* Mesa checks its PARAMETER_BUFFER (and the indirect buffer) in another order. */
        EXPECT_ERR(GL_INVALID_VALUE, "§10.4: drawcount offset not a multiple of 4",
                   glMultiDrawArraysIndirectCount(GL_POINTS, NULL, 2, 1, 0));
        EXPECT_ERR(GL_INVALID_OPERATION, "no PARAMETER_BUFFER, nothing drawn",
                   glMultiDrawElementsIndirectCount(GL_POINTS, GL_UNSIGNED_INT, NULL, 0, 1, 0));
    }
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    glDeleteBuffers(1, &ind);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
}

static void extensions(void)
{
    const char *want[] = {"GL_ARB_clip_control", "GL_ARB_direct_state_access", "GL_ARB_get_texture_sub_image",
                          "GL_ARB_multi_bind", "GL_ARB_polygon_offset_clamp", "GL_ARB_query_buffer_object",
                          "GL_ARB_texture_barrier"};
    GLint n = h_int(GL_NUM_EXTENSIONS);
    for (unsigned w = 0; w < sizeof want / sizeof want[0]; w++) {
        int found = 0;
        for (GLint i = 0; i < n; i++)
            found |= strcmp((const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i), want[w]) == 0;
        CHECK(found, "%s is announced", want[w]);
    }
}

int main(int argc, char **argv)
{
    any = h_init_any(argc, argv);
    vertex_arrays();
    transform_feedback();
    framebuffers_and_copies();
    query_buffers();
    raster_state();
    refused();
    extensions();
    CHECK(glGetError() == GL_NO_ERROR, "no error left over");
    return h_finish("dsa45");
}
