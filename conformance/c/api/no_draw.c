/* Drawing commands on a standalone glcompute context: every one of GL 4.3's draw
 * calls exists, validates its arguments in the spec's order (GL 4.6 §10.1 mode,
 * §10.4/§10.5 counts, index types, DrawRangeElements' range, the indirect buffer and
 * stride, §13.2.3 transform feedback objects and streams), and then fails with
 * INVALID_OPERATION and a KHR_debug error that names the command and says that
 * glcompute does not rasterise. Nothing is drawn silently. Clears, blits and reads of
 * the default framebuffer, which has no pixels, fail as the spec says for an
 * incomplete framebuffer, with a message naming the command. */
// run: standalone
#include "harness.h"

static char last_msg[2048];
static GLenum last_type;

static void APIENTRY on_debug(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                              const GLchar *message, const void *user)
{
    (void)source, (void)id, (void)severity, (void)length, (void)user;
    last_type = type;
    snprintf(last_msg, sizeof last_msg, "%s", message);
}

/* The last call failed with INVALID_OPERATION and a debug error naming `func` and
 * saying why. */
#define EXPECT_NO_RASTER(func, call)                                                         \
    do {                                                                                     \
        last_msg[0] = 0;                                                                     \
        EXPECT_ERR(GL_INVALID_OPERATION, "no rasteriser", call);                             \
        CHECK(last_type == GL_DEBUG_TYPE_ERROR && strstr(last_msg, func) &&                  \
                  strstr(last_msg, "does not rasterise") && strstr(last_msg, "LD_PRELOAD"),  \
              "%s: debug message `%s'", func, last_msg);                                     \
    } while (0)

int main(void)
{
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 1);
    eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_debug, NULL);
    const GLushort idx[3] = {0, 1, 2};
    const GLint firsts[2] = {0, 3};
    const GLsizei counts[2] = {3, 3};
    const void *indices[2] = {idx, idx};
    const GLint bases[2] = {0, 0};

    EXPECT_NO_RASTER("glDrawArrays", glDrawArrays(GL_TRIANGLES, 0, 3));
    EXPECT_NO_RASTER("glDrawArraysInstanced", glDrawArraysInstanced(GL_POINTS, 0, 3, 2));
    EXPECT_NO_RASTER("glDrawArraysInstancedBaseInstance", glDrawArraysInstancedBaseInstance(GL_LINES, 0, 2, 1, 5));
    EXPECT_NO_RASTER("glMultiDrawArrays", glMultiDrawArrays(GL_TRIANGLE_STRIP, firsts, counts, 2));
    EXPECT_NO_RASTER("glDrawElements", glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, idx));
    EXPECT_NO_RASTER("glDrawElementsBaseVertex", glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, idx, 1));
    EXPECT_NO_RASTER("glDrawElementsInstanced", glDrawElementsInstanced(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, idx, 4));
    EXPECT_NO_RASTER("glDrawElementsInstancedBaseVertex",
                     glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, idx, 4, 1));
    EXPECT_NO_RASTER("glDrawElementsInstancedBaseInstance",
                     glDrawElementsInstancedBaseInstance(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, idx, 4, 1));
    EXPECT_NO_RASTER("glDrawElementsInstancedBaseVertexBaseInstance",
                     glDrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, 3, GL_UNSIGNED_INT, idx, 4, 1, 2));
    EXPECT_NO_RASTER("glDrawRangeElements", glDrawRangeElements(GL_TRIANGLES, 0, 2, 3, GL_UNSIGNED_SHORT, idx));
    EXPECT_NO_RASTER("glDrawRangeElementsBaseVertex",
                     glDrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 2, 3, GL_UNSIGNED_SHORT, idx, 0));
    EXPECT_NO_RASTER("glMultiDrawElements", glMultiDrawElements(GL_TRIANGLES, counts, GL_UNSIGNED_SHORT, indices, 2));
    EXPECT_NO_RASTER("glMultiDrawElementsBaseVertex",
                     glMultiDrawElementsBaseVertex(GL_TRIANGLES, counts, GL_UNSIGNED_SHORT, indices, 2, bases));
    EXPECT_NO_RASTER("glDrawTransformFeedback", glDrawTransformFeedback(GL_POINTS, 0));
    EXPECT_NO_RASTER("glDrawTransformFeedbackInstanced", glDrawTransformFeedbackInstanced(GL_POINTS, 0, 2));
    EXPECT_NO_RASTER("glDrawTransformFeedbackStream", glDrawTransformFeedbackStream(GL_POINTS, 0, 1));
    EXPECT_NO_RASTER("glDrawTransformFeedbackStreamInstanced",
                     glDrawTransformFeedbackStreamInstanced(GL_POINTS, 0, 3, 2));

    /* Indirect forms: the DRAW_INDIRECT_BUFFER must be bound first. */
    EXPECT_ERR(GL_INVALID_OPERATION, "§10.4: no DRAW_INDIRECT_BUFFER", glDrawArraysIndirect(GL_TRIANGLES, 0));
    GLuint ind;
    glGenBuffers(1, &ind);
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, ind);
    glBufferData(GL_DRAW_INDIRECT_BUFFER, 64, NULL, GL_STATIC_DRAW);
    EXPECT_NO_RASTER("glDrawArraysIndirect", glDrawArraysIndirect(GL_TRIANGLES, 0));
    EXPECT_NO_RASTER("glDrawElementsIndirect", glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT, 0));
    EXPECT_NO_RASTER("glMultiDrawArraysIndirect", glMultiDrawArraysIndirect(GL_TRIANGLES, 0, 2, 16));
    EXPECT_NO_RASTER("glMultiDrawElementsIndirect", glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT, 0, 2, 0));

    /* Argument errors come first, in the spec's order. */
    EXPECT_ERR(GL_INVALID_ENUM, "§10.1: bad mode", glDrawArrays(GL_QUADS, 0, 3));
    EXPECT_ERR(GL_INVALID_ENUM, "§10.1: mode before count", glDrawArrays(0x77, 0, -1));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.4: negative count", glDrawArrays(GL_TRIANGLES, 0, -1));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.4: negative instance count", glDrawArraysInstanced(GL_TRIANGLES, 0, 3, -2));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.4: negative draw count", glMultiDrawArrays(GL_TRIANGLES, firsts, counts, -1));
    EXPECT_ERR(GL_INVALID_ENUM, "§10.5: bad index type", glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, idx));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.5: end < start",
               glDrawRangeElements(GL_TRIANGLES, 5, 2, 3, GL_UNSIGNED_SHORT, idx));
    EXPECT_ERR(GL_INVALID_VALUE, "§10.4: stride not a multiple of four",
               glMultiDrawArraysIndirect(GL_TRIANGLES, 0, 2, 6));
    EXPECT_ERR(GL_INVALID_VALUE, "§13.2.3: not a transform feedback object", glDrawTransformFeedback(GL_POINTS, 7));
    EXPECT_ERR(GL_INVALID_VALUE, "§13.2.3: stream past MAX_VERTEX_STREAMS",
               glDrawTransformFeedbackStream(GL_POINTS, 0, 4));

    /* Every draw command is found by name as well. */
    const char *names[] = {"glDrawArrays", "glDrawElements", "glDrawRangeElements", "glMultiDrawArrays",
                           "glMultiDrawElements", "glDrawArraysInstanced", "glDrawElementsInstanced",
                           "glDrawElementsBaseVertex", "glDrawRangeElementsBaseVertex",
                           "glDrawElementsInstancedBaseVertex", "glMultiDrawElementsBaseVertex",
                           "glDrawArraysIndirect", "glDrawElementsIndirect", "glDrawTransformFeedback",
                           "glDrawTransformFeedbackStream", "glDrawArraysInstancedBaseInstance",
                           "glDrawElementsInstancedBaseInstance", "glDrawElementsInstancedBaseVertexBaseInstance",
                           "glDrawTransformFeedbackInstanced", "glDrawTransformFeedbackStreamInstanced",
                           "glMultiDrawArraysIndirect", "glMultiDrawElementsIndirect"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK(eglGetProcAddress(names[i]) != NULL, "eglGetProcAddress(%s)", names[i]);
    glDeleteBuffers(1, &ind);
    CHECK(glGetError() == GL_NO_ERROR, "no error left over");

    /* The default framebuffer of a surfaceless context is incomplete
     * (FRAMEBUFFER_UNDEFINED): clears, blits and reads of it are
     * INVALID_FRAMEBUFFER_OPERATION (GL 4.6 §9.4.4, §17.4.3, §18.2.2), with a debug
     * error that names the command and says why. */
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_UNDEFINED, "no default framebuffer");
    struct {
        const char *func;
        int which;
    } fb_calls[] = {{"glClear", 0}, {"glClearBufferfv", 1}, {"glBlitFramebuffer", 2}, {"glReadPixels", 3}};
    for (unsigned i = 0; i < sizeof fb_calls / sizeof fb_calls[0]; i++) {
        static const GLfloat red[4] = {1, 0, 0, 1};
        GLubyte px[4];
        last_msg[0] = 0;
        switch (fb_calls[i].which) {
        case 0: glClear(GL_COLOR_BUFFER_BIT); break;
        case 1: glClearBufferfv(GL_COLOR, 0, red); break;
        case 2: glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST); break;
        default: glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px); break;
        }
        GLenum e = glGetError();
        CHECK(e == GL_INVALID_FRAMEBUFFER_OPERATION && strstr(last_msg, fb_calls[i].func) &&
                  strstr(last_msg, "default framebuffer"),
              "%s of the default framebuffer: 0x%x, `%s'", fb_calls[i].func, e, last_msg);
    }
    return h_finish("no_draw");
}
