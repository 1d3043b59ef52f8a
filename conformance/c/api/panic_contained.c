/* No panic crosses an exported function. Run with GLCOMPUTE_FAULT=glBufferData, which
 * makes that entry point fail internally: the call must come back with
 * GL_OUT_OF_MEMORY (the spec's error for a command that could not complete) and a debug
 * message, the process must survive, and the context must stay usable. */
// run: standalone GLCOMPUTE_FAULT=glBufferData
#include "harness.h"

static int messages;
static char text[1024];

static void APIENTRY on_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                const GLchar *message, const void *user)
{
    (void)source, (void)id, (void)severity, (void)length, (void)user;
    if (type == GL_DEBUG_TYPE_ERROR) {
        messages++;
        snprintf(text, sizeof text, "%s", message);
    }
}

int main(void)
{
    const char *fault = getenv("GLCOMPUTE_FAULT");
    if (!fault || strcmp(fault, "glBufferData") != 0) {
        fprintf(stderr, "run with GLCOMPUTE_FAULT=glBufferData\n");
        return 2;
    }
    h_init();
    glEnable(GL_DEBUG_OUTPUT);
    glDebugMessageCallback(on_message, NULL);
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    unsigned v = 7;
    glBufferData(GL_ARRAY_BUFFER, 4, &v, GL_STATIC_DRAW);
    GLenum e = glGetError();
    CHECK(e == GL_OUT_OF_MEMORY, "an internal failure is reported as GL_OUT_OF_MEMORY (got %s)", err_name(e));
    CHECK(messages == 1 && strstr(text, "glBufferData") && strstr(text, "internal error"),
          "with a debug message: '%s'", text);
    /* The context still works. */
    glNamedBufferStorage(b, 4, &v, 0);
    unsigned out = 0;
    glGetNamedBufferSubData(b, 0, 4, &out);
    CHECK(out == 7 && glGetError() == GL_NO_ERROR, "the context is usable after the failure");
    return h_finish("panic_contained");
}
