/* The predefined macros of a compute shader (GLSL 4.60 §3.3) are the context's: one
 * macro for each extension of glGetStringi(GL_EXTENSIONS), and none for any other
 * extension. The candidates are every extension name of the Khronos headers
 * (GL/glext.h, GL/glcorearb.h: `#define GL_<vendor>_<name> 1`), the context's own
 * names, and the GLSL-only names glsl-lang would define; a kernel writes 1 for each
 * candidate whose macro is defined. GL_core_profile (and no other profile macro) and
 * __VERSION__ are checked the same way. Run standalone, and interposed with and without
 * the host's compute (the context's string is then the host's, with what glcompute
 * adds). */
// run: standalone
// run: interposed
// run: interposed-mesa
#include "harness.h"

#define MAX_NAMES 4096

static char *names[MAX_NAMES];
static int count;

static int known(const char *name)
{
    for (int i = 0; i < count; i++)
        if (!strcmp(names[i], name))
            return 1;
    return 0;
}

static void add(const char *name)
{
    if (count < MAX_NAMES && !known(name))
        names[count++] = strdup(name);
}

/* Every `#define GL_X_Y 1` of a Khronos header that names an extension (not a
 * GL_VERSION_x_y). */
static void read_header(const char *path)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "%s is readable (Debian's libgl-dev)", path);
    if (!f)
        return;
    char line[512], name[256];
    int value;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "#define %255s %d", name, &value) == 2 && value == 1 && !strncmp(name, "GL_", 3) &&
            strncmp(name, "GL_VERSION_", 11) && strchr(name + 3, '_'))
            add(name);
    }
    fclose(f);
}

int main(void)
{
    EGLContext ctx = h_make_context(EGL_NO_CONTEXT, 0);
    CHECK(eglMakeCurrent(h_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "eglMakeCurrent");

    read_header("/usr/include/GL/glext.h");
    read_header("/usr/include/GL/glcorearb.h");
    int from_headers = count;
    CHECK(from_headers > 500, "the headers name extensions (%d)", from_headers);
    /* Shading-language extensions without an API part (not in the headers). */
    const char *glsl_only[] = {"GL_ARB_enhanced_layouts", "GL_ARB_gpu_shader5", "GL_NV_gpu_shader5",
                               "GL_EXT_shader_explicit_arithmetic_types", "GL_KHR_shader_subgroup_basic",
                               "GL_GOOGLE_include_directive", "GL_EXT_control_flow_attributes",
                               "GL_AMD_gpu_shader_int16", "GL_ARB_shading_language_include",
                               "GL_EXT_scalar_block_layout"};
    for (size_t i = 0; i < sizeof glsl_only / sizeof *glsl_only; i++)
        add(glsl_only[i]);
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    CHECK(n > 10, "the context lists extensions (%d)", n);
    for (GLint i = 0; i < n; i++) {
        const char *e = (const char *)glGetStringi(GL_EXTENSIONS, i);
        CHECK(e != NULL, "extension %d", i);
        if (e)
            add(e);
    }

    /* d[0]: GL_core_profile, d[1]: another profile macro, d[2]: __VERSION__,
     * d[3 + i]: names[i]. */
    size_t size = 4096 + (size_t)count * 96;
    char *src = malloc(size);
    size_t at = (size_t)snprintf(src, size,
                                 "#version 430\n"
                                 "layout(local_size_x = 1) in;\n"
                                 "layout(std430, binding = 0) buffer B { int d[]; };\n"
                                 "void main() {\n"
                                 "#ifdef GL_core_profile\n d[0] = 1;\n#endif\n"
                                 "#if defined(GL_compatibility_profile) || defined(GL_es_profile)\n d[1] = 1;\n#endif\n"
                                 " d[2] = __VERSION__;\n");
    for (int i = 0; i < count; i++)
        at += (size_t)snprintf(src + at, size - at, "#ifdef %s\n d[%d] = 1;\n#endif\n", names[i], 3 + i);
    snprintf(src + at, size - at, "}\n");

    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    const char *p = src;
    glShaderSource(s, 1, &p, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    char log[2048] = "";
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    CHECK(ok, "the kernel compiles: %s", log);
    GLuint prog = glCreateProgram();
    glAttachShader(prog, s);
    glLinkProgram(prog);
    glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    CHECK(ok, "the kernel links");

    GLsizeiptr bytes = (GLsizeiptr)(3 + count) * 4;
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, bytes, NULL, GL_DYNAMIC_COPY);
    GLuint zero = 0;
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    int *d = calloc((size_t)(3 + count), 4);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, bytes, d);
    CHECK(glGetError() == GL_NO_ERROR, "no GL error");

    CHECK(d[0] == 1, "GL_core_profile is defined");
    CHECK(d[1] == 0, "no other profile macro is defined");
    CHECK(d[2] == 430, "__VERSION__ is 430 (%d)", d[2]);
    int defined = 0;
    for (int i = 0; i < count; i++) {
        int listed = 0;
        for (GLint j = 0; j < n; j++)
            listed |= !strcmp((const char *)glGetStringi(GL_EXTENSIONS, j), names[i]);
        CHECK(d[3 + i] == listed, "%s: macro %s, but the extension is %s", names[i],
              d[3 + i] ? "defined" : "not defined", listed ? "listed" : "not listed");
        defined += d[3 + i];
    }
    CHECK(defined == n, "one macro for each of the %d extensions (%d defined)", n, defined);
    printf("%d candidate names (%d from the headers), %d extensions, %d macros\n", count, from_headers, n,
           defined);
    return h_finish("extension_macros");
}
