/* OpenGL ES contexts (EGL 1.5 §3.7, OpenGL ES 3.2): every config is renderable by
 * OpenGL ES 2 and 3 as well as OpenGL, eglBindAPI(EGL_OPENGL_ES_API) works, and a
 * context asked for ES 2.0 to 3.2 is an OpenGL ES 3.2 context: its version strings and
 * Gets say so, and it compiles GLSL ES 3.10 compute shaders with the rules of GLSL ES
 * (no implicit conversions, no doubles, image precisions and access, none of what GLSL
 * ES 3.20 adds without its extension) and runs them.
 * Desktop GLSL is refused there; a desktop context takes GLSL ES 3.00 and 3.10 (compute
 * and graphics shaders), not 3.20. Linked as OpenGL ES
 * programs are, with -lGLESv2. */
// build: -lEGL -lGLESv2 -lpthread -ldl -lm
// run: standalone
#include "harness.h"

static GLuint compile_stage(GLenum stage, const char *src, char *log, int size)
{
    GLuint s = glCreateShader(stage);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    log[0] = 0;
    glGetShaderInfoLog(s, size, NULL, log);
    if (!ok) {
        glDeleteShader(s);
        return 0;
    }
    return s;
}

static GLuint compile_cs(const char *src, char *log, int size)
{
    return compile_stage(GL_COMPUTE_SHADER, src, log, size);
}

static void compile_fails(const char *src, const char *needle, const char *rule)
{
    char log[2048];
    GLuint s = compile_cs(src, log, sizeof log);
    CHECK(s == 0, "%s: compiled", rule);
    CHECK(strstr(log, needle) != NULL, "%s: log lacks '%s': %s", rule, needle, log);
    if (s)
        glDeleteShader(s);
}

static EGLContext es_context(EGLDisplay dpy, EGLConfig cfg, const EGLint *attribs, EGLint *err)
{
    EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attribs);
    *err = eglGetError();
    return c;
}

int main(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(eglInitialize(dpy, NULL, NULL), "eglInitialize");
    const char *apis = eglQueryString(dpy, EGL_CLIENT_APIS);
    CHECK(apis && strstr(apis, "OpenGL_ES") && strstr(apis, "OpenGL "), "EGL_CLIENT_APIS: %s", apis);

    /* What wgpu asks for: an off-screen config OpenGL ES 2 can render to, with alpha. */
    const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                           EGL_ALPHA_SIZE, 8, EGL_NONE};
    EGLConfig cfg = NULL;
    EGLint n = 0;
    CHECK(eglChooseConfig(dpy, want, &cfg, 1, &n) && n == 1, "an ES2-renderable pbuffer config: %d", n);
    EGLint renderable = 0, conformant = 0;
    eglGetConfigAttrib(dpy, cfg, EGL_RENDERABLE_TYPE, &renderable);
    eglGetConfigAttrib(dpy, cfg, EGL_CONFORMANT, &conformant);
    const EGLint all = EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT;
    CHECK(renderable == all && conformant == all, "RENDERABLE_TYPE 0x%x CONFORMANT 0x%x", renderable, conformant);
    const EGLint es1[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
    CHECK(eglChooseConfig(dpy, es1, &cfg, 1, &n) && n == 0, "no config renders OpenGL ES 1.x");
    CHECK(eglChooseConfig(dpy, want, &cfg, 1, &n) && n == 1, "config again");

    CHECK(eglBindAPI(EGL_OPENVG_API) == EGL_FALSE && eglGetError() == EGL_BAD_PARAMETER,
          "EGL 1.5 §3.7: OpenVG is EGL_BAD_PARAMETER");
    CHECK(eglBindAPI(EGL_OPENGL_ES_API), "eglBindAPI(EGL_OPENGL_ES_API)");
    CHECK(eglQueryAPI() == EGL_OPENGL_ES_API, "eglQueryAPI");

    /* Context attributes: errors first. */
    EGLint err = 0;
    EGLContext bad = es_context(dpy, cfg, (const EGLint[]){EGL_NONE}, &err);
    CHECK(bad == EGL_NO_CONTEXT && err == EGL_BAD_MATCH, "EGL 1.5 §3.7.1: the default ES 1.x is EGL_BAD_MATCH (0x%x)",
          err);
    bad = es_context(dpy, cfg, (const EGLint[]){EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_NONE},
                     &err);
    CHECK(bad == EGL_NO_CONTEXT && err == EGL_BAD_MATCH, "ES 3.3 does not exist: EGL_BAD_MATCH (0x%x)", err);
    bad = es_context(dpy, cfg,
                     (const EGLint[]){EGL_CONTEXT_CLIENT_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE},
                     &err);
    CHECK(bad == EGL_NO_CONTEXT && err == EGL_BAD_ATTRIBUTE,
          "EGL 1.5 §3.7.1: a profile mask for an ES context is EGL_BAD_ATTRIBUTE (0x%x)", err);

    /* ES 2.0 asked: an ES 3.2 context, which is backward compatible with it. */
    EGLContext ctx2 = es_context(dpy, cfg, (const EGLint[]){EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE}, &err);
    CHECK(ctx2 != EGL_NO_CONTEXT, "an ES 2.0 request gives a context (0x%x)", err);
    EGLContext ctx = es_context(dpy, cfg,
                                (const EGLint[]){EGL_CONTEXT_CLIENT_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1,
                                                 EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE, EGL_NONE},
                                &err);
    CHECK(ctx != EGL_NO_CONTEXT, "an ES 3.1 request with robust access (0x%x)", err);
    EGLint v = 0;
    eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &v);
    CHECK(v == EGL_OPENGL_ES_API, "EGL_CONTEXT_CLIENT_TYPE 0x%x", v);
    eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_VERSION, &v);
    CHECK(v == 3, "EGL_CONTEXT_CLIENT_VERSION %d", v);
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "make the ES context current");

    const char *version = (const char *)glGetString(GL_VERSION);
    const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    CHECK(version && strncmp(version, "OpenGL ES 3.2 ", 14) == 0, "OpenGL ES 3.2 §20.2: GL_VERSION '%s'", version);
    CHECK(glsl && strcmp(glsl, "OpenGL ES GLSL ES 3.20") == 0, "GL_SHADING_LANGUAGE_VERSION '%s'", glsl);
    CHECK(glGetString(GL_EXTENSIONS) != NULL && glGetError() == GL_NO_ERROR, "ES keeps GetString(GL_EXTENSIONS)");
    GLint major = -1, minor = -1;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    CHECK(major == 3 && minor == 2, "MAJOR/MINOR_VERSION %d.%d", major, minor);
    GLint robust = 0;
    glGetIntegerv(GL_CONTEXT_FLAGS, &robust);
    CHECK(robust & GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT, "CONTEXT_FLAGS has robust access: 0x%x", robust);
    GLint mask = 77;
    EXPECT_ERR(GL_INVALID_ENUM, "OpenGL ES 3.1 table 20.40: no CONTEXT_PROFILE_MASK",
               glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask));
    CHECK(mask == 77, "the failed Get wrote nothing");
    EXPECT_ERR(GL_INVALID_ENUM, "OpenGL ES 3.1 §20.2: GetStringi takes EXTENSIONS only",
               glGetStringi(GL_SHADING_LANGUAGE_VERSION, 0));

    /* Only OpenGL ES's commands: a desktop one does nothing and records
     * INVALID_OPERATION (as in Mesa's OpenGL ES contexts, whose dispatch lacks them). */
    PFNGLCLEARDEPTHPROC clear_depth = (PFNGLCLEARDEPTHPROC)eglGetProcAddress("glClearDepth");
    PFNGLPOLYGONMODEPROC polygon_mode = (PFNGLPOLYGONMODEPROC)eglGetProcAddress("glPolygonMode");
    PFNGLGETBUFFERSUBDATAPROC get_buffer_sub_data = (PFNGLGETBUFFERSUBDATAPROC)eglGetProcAddress("glGetBufferSubData");
    PFNGLCREATEBUFFERSPROC create_buffers = (PFNGLCREATEBUFFERSPROC)eglGetProcAddress("glCreateBuffers");
    CHECK(clear_depth && polygon_mode && get_buffer_sub_data && create_buffers,
          "eglGetProcAddress answers for desktop functions (the library has them)");
    GLfloat depth = -1;
    glClearDepthf(0.25f);
    EXPECT_ERR(GL_INVALID_OPERATION, "glClearDepth (double) is desktop OpenGL's", clear_depth(0.75));
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, &depth);
    CHECK(depth == 0.25f, "the refused glClearDepth changed nothing: %g", depth);
    EXPECT_ERR(GL_INVALID_OPERATION, "glPolygonMode is desktop OpenGL's", polygon_mode(GL_FRONT_AND_BACK, GL_LINE));
    GLuint probe_buf = 0;
    glGenBuffers(1, &probe_buf);
    glBindBuffer(GL_ARRAY_BUFFER, probe_buf);
    glBufferData(GL_ARRAY_BUFFER, 16, "0123456789abcdef", GL_STATIC_DRAW);
    char probe[4] = "xyz";
    EXPECT_ERR(GL_INVALID_OPERATION, "glGetBufferSubData is desktop OpenGL's",
               get_buffer_sub_data(GL_ARRAY_BUFFER, 0, 3, probe));
    CHECK(strcmp(probe, "xyz") == 0, "the refused GetBufferSubData wrote nothing");
    EXPECT_ERR(GL_INVALID_OPERATION, "glCreateBuffers (DSA) is desktop OpenGL's", create_buffers(1, &probe_buf));
    /* ... and only OpenGL ES's tokens where a command checks an enum (INVALID_ENUM, as
     * Mesa's ES contexts give). */
    GLint ignored = 77;
    EXPECT_ERR(GL_INVALID_ENUM, "POLYGON_MODE is desktop state", glGetIntegerv(GL_POLYGON_MODE, &ignored));
    EXPECT_ERR(GL_INVALID_ENUM, "DEPTH_CLAMP is a desktop capability", glEnable(GL_DEPTH_CLAMP));
    EXPECT_ERR(GL_INVALID_ENUM, "DEPTH_CLAMP is a desktop capability", glIsEnabled(GL_DEPTH_CLAMP));
    EXPECT_ERR(GL_INVALID_ENUM, "ES has no indexed scissor test", glEnablei(GL_SCISSOR_TEST, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "ES has no 1D textures", glBindTexture(GL_TEXTURE_1D, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "ES has no rectangle textures", glBindTexture(GL_TEXTURE_RECTANGLE, 0));
    CHECK(ignored == 77, "the refused Get wrote nothing");
    EXPECT_ERR(GL_NO_ERROR, "DEPTH_TEST is ES's", glEnable(GL_DEPTH_TEST));
    glDisable(GL_DEPTH_TEST);
    EXPECT_ERR(GL_NO_ERROR, "TEXTURE_BUFFER is an OpenGL ES 3.2 target", glBindTexture(GL_TEXTURE_BUFFER, 0));
    GLfloat aniso = 0;
    EXPECT_ERR(GL_NO_ERROR, "EXT_texture_filter_anisotropic's limit", glGetFloatv(0x84FF, &aniso));
    CHECK(aniso >= 2.0f, "MAX_TEXTURE_MAX_ANISOTROPY_EXT %g", aniso);
    glDeleteBuffers(1, &probe_buf);

    /* A GLSL ES 3.10 compute shader runs. */
    char log[2048];
    const char *cs = "#version 310 es\n"
                           "precision highp float;\n"
                           "layout(local_size_x = 64) in;\n"
                           "layout(std430, binding = 0) buffer B { uint v[]; } b;\n"
                           "shared uint tile[64];\n"
                           "#ifndef GL_ES\n#error GL_ES is not defined\n#endif\n"
                           "void main() {\n"
                           "  uint i = gl_GlobalInvocationID.x;\n"
                           "  tile[gl_LocalInvocationID.x] = i * 3u;\n"
                           "  barrier();\n"
                           "  b.v[i] = tile[63u - gl_LocalInvocationID.x] + uint(__VERSION__);\n"
                           "}\n";
    GLuint s = compile_cs(cs, log, sizeof log);
    CHECK(s != 0, "GLSL ES 3.10 compute shader compiles: %s", log);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    CHECK(linked, "links");
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 128 * 4, NULL, GL_DYNAMIC_READ);
    glUseProgram(p);
    glDispatchCompute(2, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const GLuint *out = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 128 * 4, GL_MAP_READ_BIT);
    int bad_values = out == NULL;
    for (GLuint i = 0; out && i < 128; i++) {
        GLuint group = i / 64, local = i % 64;
        if (out[i] != (group * 64 + 63 - local) * 3 + 310)
            bad_values++;
    }
    CHECK(bad_values == 0, "the ES kernel's 128 values (%d wrong)", bad_values);
    glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    CHECK(glGetError() == GL_NO_ERROR, "no error from the dispatch");

    /* An image kernel with the ES rules kept. */
    s = compile_cs("#version 310 es\nlayout(local_size_x = 8, local_size_y = 8) in;\n"
                   "layout(rgba8, binding = 0) writeonly uniform highp image2D dst;\n"
                   "layout(r32f, binding = 1) uniform highp image2D acc;\n"
                   "void main() { ivec2 c = ivec2(gl_GlobalInvocationID.xy);\n"
                   "  imageStore(acc, c, imageLoad(acc, c) + vec4(1.0));\n"
                   "  imageStore(dst, c, vec4(0.5)); }\n",
                   log, sizeof log);
    CHECK(s != 0, "an ES image kernel compiles: %s", log);

    /* Image atomics are OES_shader_image_atomic's in OpenGL ES 3.1. */
    GLint next = 0, has_oes = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &next);
    for (GLint i = 0; i < next; i++) {
        const char *e = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
        has_oes |= e && strcmp(e, "GL_OES_shader_image_atomic") == 0;
    }
    CHECK(has_oes && strstr((const char *)glGetString(GL_EXTENSIONS), "GL_OES_shader_image_atomic"),
          "the ES context announces GL_OES_shader_image_atomic (%d extensions)", next);
    /* Only OpenGL ES extensions, and GLSL ES shaders get a macro for each of them and for
     * no desktop extension (glcompute defines one for every extension of the string, as
     * in desktop contexts, where GLSL 4.60 §3.3 asks it of those with GLSL parts). */
    int desktop = 0, macros_ok = 1;
    for (GLint i = 0; i < next; i++) {
        const char *e = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
        if (!e)
            continue;
        desktop += strncmp(e, "GL_ARB_", 7) == 0 || strncmp(e, "GL_NV_", 6) == 0 || strncmp(e, "GL_AMD_", 7) == 0;
        char src[512];
        snprintf(src, sizeof src, "#version 310 es\n#ifndef %s\n#error no macro\n#endif\nlayout(local_size_x = 1) in;\nvoid main() {}\n", e);
        GLuint m = compile_cs(src, log, sizeof log);
        if (!m) {
            macros_ok = 0;
            fprintf(stderr, "no macro for %s: %s\n", e, log);
        } else {
            glDeleteShader(m);
        }
    }
    CHECK(desktop == 0, "the ES context lists %d desktop extensions", desktop);
    CHECK(macros_ok, "a macro for each extension of the ES context");
    s = compile_cs("#version 310 es\n#if defined(GL_ARB_gpu_shader_int64) || defined(GL_ARB_compute_shader)\n"
                   "#error desktop macro\n#endif\nlayout(local_size_x = 1) in;\nvoid main() {}\n",
                   log, sizeof log);
    CHECK(s != 0, "no macro for a desktop extension in GLSL ES: %s", log);
    s = compile_cs("#version 310 es\n#extension GL_OES_shader_image_atomic : require\n"
                   "layout(local_size_x = 1) in;\n"
                   "layout(r32ui, binding = 0) uniform highp uimage2D counts;\n"
                   "void main() { imageAtomicAdd(counts, ivec2(0), 1u); }\n",
                   log, sizeof log);
    CHECK(s != 0, "an ES image atomic under its extension compiles: %s", log);

    /* The rules of GLSL ES. */
    compile_fails("#version 310 es\nlayout(local_size_x = 1) in;\nvoid main() { float f = 1; }\n", "cannot convert",
                  "GLSL ES 3.10 §4.1.10: no implicit conversions");
    compile_fails("#version 310 es\nlayout(local_size_x = 1) in;\nvoid main() { double d; }\n", "reserved",
                  "GLSL ES 3.10 §3.7: double is reserved");
    compile_fails("#version 310 es\nlayout(local_size_x = 1) in;\n"
                  "layout(rgba8, binding = 0) writeonly uniform image2D img;\nvoid main() {}\n",
                  "precision", "GLSL ES 3.10 §4.7.4: images have no default precision");
    compile_fails("#version 310 es\nlayout(local_size_x = 1) in;\n"
                  "layout(rgba8, binding = 0) uniform highp image2D img;\nvoid main() {}\n",
                  "readonly or writeonly", "GLSL ES 3.10 §4.10: images but r32 ones are readonly or writeonly");
    s = compile_cs("#version 310 es\nprecision highp image2D;\nlayout(local_size_x = 1) in;\n"
                   "layout(rgba8, binding = 0) readonly uniform image2D img;\nvoid main() {}\n",
                   log, sizeof log);
    CHECK(s != 0, "a default precision statement for image2D serves: %s", log);
    compile_fails("#version 310 es\nlayout(local_size_x = 1) in;\nvoid main() { float f = float(1.0lf); }\n",
                  "no double", "GLSL ES 3.10 §4.1.4: no double literals");
    compile_fails("#version 150 es\nlayout(local_size_x = 1) in;\nvoid main() {}\n", "not supported",
                  "GLSL ES 1.50 does not exist");
    compile_fails("#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n", "OpenGL ES context",
                  "desktop GLSL is refused in an ES context");
    compile_fails("#version 330 es\nlayout(local_size_x = 1) in;\nvoid main() {}\n", "GLSL ES 3.20",
                  "GLSL 4.60 §3.3: GLSL ES 3.30 does not exist");
    s = compile_cs("#version 320 es\nlayout(local_size_x = 1) in;\nvoid main() {}\n", log, sizeof log);
    CHECK(s != 0, "GLSL ES 3.20 compiles: %s", log);
    compile_fails("layout(local_size_x = 1) in;\nvoid main() {}\n", "GLSL ES 1.00",
                  "GLSL ES 3.10 §3.4: no #version is GLSL ES 1.00");

    /* What GLSL ES 3.20 adds is not GLSL ES 3.10's (glslang agrees on each). */
    static const struct {
        const char *body, *needle, *rule;
    } es32_only[] = {
        {"precision highp float;\nuniform highp samplerBuffer t;\nvoid main() {}\n", "reserved",
         "GLSL ES 3.10 §3.7: samplerBuffer is reserved"},
        {"layout(rgba32f, binding = 0) uniform highp writeonly imageBuffer t;\nvoid main() {}\n", "reserved",
         "imageBuffer is reserved"},
        {"uniform highp samplerCubeArray t;\nvoid main() {}\n", "reserved", "samplerCubeArray is reserved"},
        {"uniform highp sampler2DMSArray t;\nvoid main() {}\n", "reserved", "sampler2DMSArray is reserved"},
        {"void main() { precise float x = 1.0; }\n", "reserved", "precise is reserved"},
        {"layout(std430, binding = 0) buffer B { float v; };\nvoid main() { v = fma(v, 2.0, 1.0); }\n",
         "GLSL ES 3.20", "GLSL ES 3.10 has no fma"},
        {"layout(r32ui, binding = 0) uniform highp uimage2D im;\n"
         "void main() { imageAtomicAdd(im, ivec2(0), 1u); }\n",
         "GL_OES_shader_image_atomic", "image atomics need GL_OES_shader_image_atomic in GLSL ES 3.10"},
        {"uniform highp sampler2D t[2];\nlayout(std430, binding = 0) buffer B { vec4 v; int i; };\n"
         "void main() { v = texture(t[i], vec2(0.0)); }\n",
         "constant integral expression", "GLSL ES 3.10 §4.1.7.1: sampler arrays take constant indices"},
        {"uniform highp sampler2D t;\nlayout(std430, binding = 0) buffer B { vec4 v; ivec2 o; };\n"
         "void main() { v = textureGatherOffset(t, vec2(0.0), o); }\n",
         "constant expression", "GLSL ES 3.10 §8.9.3: textureGatherOffset's offset is constant"},
        {"uniform highp sampler2DShadow t;\nlayout(std430, binding = 0) buffer B { vec4 v; ivec2 o; };\n"
         "void main() { v = textureGatherOffset(t, vec2(0.0), v.x, o); }\n",
         "constant expression", "a shadow gather's offset too"},
        {"uniform highp sampler2D t[2][2];\nlayout(std430, binding = 0) buffer B { vec4 v; int i; };\n"
         "void main() { v = texture(t[i][0], vec2(0.0)); }\n",
         "constant integral expression", "arrays of arrays of samplers too"},
    };
    char src[1024];
    for (unsigned i = 0; i < sizeof es32_only / sizeof es32_only[0]; i++) {
        snprintf(src, sizeof src, "#version 310 es\nlayout(local_size_x = 1) in;\n%s", es32_only[i].body);
        compile_fails(src, es32_only[i].needle, es32_only[i].rule);
        /* #version 320 es has each (images there need their memory qualifier). */
        snprintf(src, sizeof src, "#version 320 es\nlayout(local_size_x = 1) in;\n%s", es32_only[i].body);
        if (strstr(src, "uimage2D im"))
            snprintf(src, sizeof src, "#version 320 es\nlayout(local_size_x = 1) in;\n%s",
                     "layout(r32ui, binding = 0) uniform highp coherent uimage2D im;\n"
                     "void main() { imageAtomicAdd(im, ivec2(0), 1u); }\n");
        s = compile_cs(src, log, sizeof log);
        CHECK(s != 0, "GLSL ES 3.20 has it (%s): %s", es32_only[i].rule, log);
        if (s)
            glDeleteShader(s);
    }
    s = compile_cs("#version 310 es\nlayout(local_size_x = 1) in;\nuniform highp sampler2D t[2];\n"
                   "layout(std430, binding = 0) buffer B { vec4 v; };\n"
                   "void main() { v = texture(t[1], vec2(0.0)); float samplerBuffer_ = 1.0; }\n",
                   log, sizeof log);
    CHECK(s != 0, "a constant index into a sampler array compiles in GLSL ES 3.10: %s", log);
    if (s)
        glDeleteShader(s);
    s = compile_cs("#version 310 es\nlayout(local_size_x = 1) in;\nuniform highp sampler2DShadow t;\n"
                   "layout(std430, binding = 0) buffer B { vec4 v; };\n"
                   "void main() { v = textureGather(t, vec2(0.5), v.x) + textureGatherOffset(t, vec2(0.5), v.y, "
                   "ivec2(1, 0)); }\n",
                   log, sizeof log);
    CHECK(s != 0, "GLSL ES 3.10's shadow gathers take any reference and a constant offset: %s", log);
    if (s)
        glDeleteShader(s);
    /* Desktop GLSL 4.30's functions that no GLSL ES has (GLSL ES 3.20 §8.9), in every
     * GLSL ES version, and what GLSL ES 3.20 §8.19 adds to fragment shaders. */
    for (int v = 310; v <= 320; v += 10) {
        snprintf(src, sizeof src,
                 "#version %d es\nlayout(local_size_x = 1) in;\nuniform highp sampler2D t;\n"
                 "layout(std430, binding = 0) buffer B { int n; };\nvoid main() { n = textureQueryLevels(t); }\n",
                 v);
        compile_fails(src, "not available in GLSL ES", "GLSL ES has no textureQueryLevels");
        snprintf(src, sizeof src,
                 "#version %d es\nprecision highp float;\nuniform highp sampler2D t;\nout vec4 o;\n"
                 "void main() { o = vec4(textureQueryLod(t, vec2(0.5)), 0.0, 1.0); }\n",
                 v);
        s = compile_stage(GL_FRAGMENT_SHADER, src, log, sizeof log);
        CHECK(s == 0 && strstr(log, "not available in GLSL ES"), "GLSL ES %d has no textureQueryLod: %s", v, log);
        if (s)
            glDeleteShader(s);
        snprintf(src, sizeof src,
                 "#version %d es\nprecision highp float;\nin vec4 x;\nout vec4 o;\n"
                 "void main() { o = interpolateAtCentroid(x) + interpolateAtOffset(x, vec2(0.1)); }\n",
                 v);
        s = compile_stage(GL_FRAGMENT_SHADER, src, log, sizeof log);
        if (v == 310)
            CHECK(s == 0 && strstr(log, "GL_OES_shader_multisample_interpolation"),
                  "GLSL ES 3.10 has no interpolateAt* without its extension: %s", log);
        else
            CHECK(s != 0, "GLSL ES 3.20 has interpolateAtCentroid/Offset: %s", log);
        if (s)
            glDeleteShader(s);
    }
    /* What GLSL ES has that the desktop version it is checked as lacks, and the
     * reverse (a review compared glslang's built-in tables). */
    s = compile_cs("#version 310 es\nlayout(local_size_x = 1) in;\n"
                   "layout(std430, binding = 0) buffer B { ivec2 a; uvec2 u; bvec2 c; };\n"
                   "void main() { a = mix(a, ivec2(1), c); u = mix(u, uvec2(2), c); c = mix(c, bvec2(true), c); }\n",
                   log, sizeof log);
    CHECK(s != 0, "GLSL ES 3.10 §8.3: mix with integer and boolean values: %s", log);
    if (s)
        glDeleteShader(s);
    s = compile_stage(GL_FRAGMENT_SHADER,
                      "#version 300 es\nprecision highp float;\nuniform vec2 x;\nout vec4 o;\n"
                      "void main() { uint p = packSnorm2x16(x) + packUnorm2x16(x) + packHalf2x16(x);\n"
                      "  o = vec4(unpackSnorm2x16(p), unpackHalf2x16(p)) + vec4(unpackUnorm2x16(p), 0.0, 0.0); }\n",
                      log, sizeof log);
    CHECK(s != 0, "GLSL ES 3.00 §8.4: the 2x16 packing functions: %s", log);
    if (s)
        glDeleteShader(s);
    compile_fails("#version 310 es\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B { uvec2 u; };\n"
                  "void main() { u = unpackDouble2x32(packDouble2x32(u)); }\n",
                  "not available in GLSL ES", "GLSL ES has no double packing");
    compile_fails("#version 310 es\nlayout(local_size_x = 1) in;\n"
                  "layout(r8, binding = 0) uniform highp readonly image2D im;\nvoid main() {}\n",
                  "not an image format of GLSL ES", "GLSL ES 3.10 §4.4.7: no r8 images");
    compile_fails("#version 310 es\nlayout(local_size_x = 1) in;\nuniform highp sampler1D t;\nvoid main() {}\n",
                  "reserved", "GLSL ES 3.10 §3.7: sampler1D is reserved");
    compile_fails("#version 320 es\nlayout(local_size_x = 1) in;\nuniform highp sampler2DRect t;\nvoid main() {}\n",
                  "reserved", "GLSL ES 3.20 §3.7: sampler2DRect is reserved");
    s = compile_stage(GL_GEOMETRY_SHADER,
                      "#version 320 es\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                      "void main() { EmitStreamVertex(0); }\n",
                      log, sizeof log);
    CHECK(s == 0 && strstr(log, "not available in GLSL ES"), "GLSL ES 3.20 has no EmitStreamVertex: %s", log);
    if (s)
        glDeleteShader(s);
    compile_fails("#version 310 es\n#extension GL_OES_shader_image_atomic : require\nlayout(local_size_x = 1) in;\n"
                  "layout(r32f, binding = 0) uniform highp coherent image2D im;\n"
                  "void main() { imageAtomicAdd(im, ivec2(0), 1.0); }\n",
                  "GL_NV_shader_atomic_float", "GL_OES_shader_image_atomic has no float imageAtomicAdd");
    s = compile_cs("#version 310 es\n#extension GL_OES_shader_image_atomic : require\nlayout(local_size_x = 1) in;\n"
                   "layout(r32f, binding = 0) uniform highp coherent image2D im;\n"
                   "void main() { imageAtomicExchange(im, ivec2(0), 1.0); }\n",
                   log, sizeof log);
    CHECK(s != 0, "but a float imageAtomicExchange: %s", log);
    if (s)
        glDeleteShader(s);
    /* GLSL ES 3.20 §1.1: geometry shaders are GLSL ES 3.20's. */
    for (int v = 310; v <= 320; v += 10) {
        snprintf(src, sizeof src,
                 "#version %d es\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                 "void main() { EmitVertex(); }\n",
                 v);
        const char *gs = src;
        GLuint g = glCreateShader(GL_GEOMETRY_SHADER);
        glShaderSource(g, 1, &gs, NULL);
        glCompileShader(g);
        GLint compiled = 0;
        glGetShaderiv(g, GL_COMPILE_STATUS, &compiled);
        CHECK(compiled == (v == 320), "a GLSL ES %d geometry shader %s", v,
              compiled ? "compiled" : "did not compile");
        glDeleteShader(g);
    }

    glDeleteBuffers(1, &buf);
    glDeleteProgram(p);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);

    /* A desktop context takes GLSL ES 3.00 and 3.10 (GL 4.5's ARB_ES3_1_compatibility) but
     * not 3.20, and ES and desktop contexts do not share. */
    CHECK(eglBindAPI(EGL_OPENGL_API), "eglBindAPI(EGL_OPENGL_API)");
    bad = eglCreateContext(dpy, cfg, ctx, (const EGLint[]){EGL_NONE});
    CHECK(bad == EGL_NO_CONTEXT && eglGetError() == EGL_BAD_MATCH,
          "EGL 1.5 §3.7.1: an OpenGL context cannot share with an OpenGL ES one");
    EGLContext gl = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT,
                                     (const EGLint[]){EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                                                      EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                                      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE});
    CHECK(gl != EGL_NO_CONTEXT, "a desktop context");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gl);
    GLuint es_in_gl = compile_cs(cs, log, sizeof log);
    CHECK(es_in_gl != 0, "GLSL ES 3.10 compiles in a desktop context: %s", log);
    if (es_in_gl)
        glDeleteShader(es_in_gl);
    /* And GLSL ES graphics shaders (ARB_ES3_compatibility), which link. */
    {
        static const char *vs = "#version 300 es\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
        static const char *fs = "#version 300 es\nprecision mediump float;\nout vec4 color;\n"
                                "void main() { color = vec4(1.0); }\n";
        GLuint gp = glCreateProgram();
        GLuint v = glCreateShader(GL_VERTEX_SHADER), f = glCreateShader(GL_FRAGMENT_SHADER);
        glShaderSource(v, 1, &vs, NULL);
        glShaderSource(f, 1, &fs, NULL);
        glCompileShader(v);
        glCompileShader(f);
        glAttachShader(gp, v);
        glAttachShader(gp, f);
        glLinkProgram(gp);
        GLint linked = 0;
        glGetProgramiv(gp, GL_LINK_STATUS, &linked);
        CHECK(linked, "a GLSL ES 3.00 vertex and fragment shader link in a desktop context");
        glDeleteShader(v);
        glDeleteShader(f);
        glDeleteProgram(gp);
    }
    compile_fails("#version 320 es\nlayout(local_size_x = 1) in;\nvoid main() {}\n", "desktop OpenGL context",
                  "GLSL ES 3.20 is refused in a desktop context");
    version = (const char *)glGetString(GL_VERSION);
    CHECK(version && strncmp(version, "4.6", 3) == 0, "the desktop context says 4.6: %s", version);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, gl);
    eglDestroyContext(dpy, ctx);
    eglDestroyContext(dpy, ctx2);
    eglTerminate(dpy);
    return h_finish("es_context");
}
