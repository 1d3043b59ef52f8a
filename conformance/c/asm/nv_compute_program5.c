// NV_compute_program5: assembly compute programs through the C API, each result
// checked against a CPU reference: the float, integer, bit-field, conversion and
// set-on instructions, condition codes (conditional writes, IF, BRK, CAL), REP,
// subroutines, parameters (local, env, constants, arrays with relative addressing),
// parameter buffers (BUFFER, BUFFER4, CBUFFER with LDC, ProgramBufferParametersNV),
// images (LOADIM, STOREIM unformatted and formatted, ATOMIM), textures (TEX, TXL,
// TXF, TXQ),
// LDB/STB/ATOMB of every storage size, LDS/STS/ATOMS with BAR, the seed's Figure
// X.1 dispatch ids, and pairs of equivalent GLSL and assembly programs (prefix sum,
// shared-memory histogram) that must agree; then the API's errors and load
// failures. With --nvidia it runs on NVIDIA's driver (EGL device platform) as the
// reference: every result check is the same there. With --host it runs interposed
// (LD_PRELOAD=libglcompute.so over Mesa): the same checks, and the host's own ARB
// vertex programs beside glcompute's compute programs.
// run: standalone
// run: interposed -- --host
#include "../harness.h"
#include <math.h>
#include <stdint.h>

/* The assembly program API (GL/glext.h's declarations; glcorearb.h has none). */
#define GL_COMPUTE_PROGRAM_NV 0x90FB
#define GL_PROGRAM_FORMAT_ASCII_ARB 0x8875
#define GL_PROGRAM_ERROR_POSITION_ARB 0x864B
#define GL_PROGRAM_ERROR_STRING_ARB 0x8874
#define GL_PROGRAM_LENGTH_ARB 0x8627
#define GL_PROGRAM_STRING_ARB 0x8628
#define GL_PROGRAM_BINDING_ARB 0x8677
#define GL_PROGRAM_INSTRUCTIONS_ARB 0x88A0
#define GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB 0x88B4
#define GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV 0x90FC
#define GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV 0x8DA0
/* The assembly program functions, through eglGetProcAddress (libOpenGL exports only
 * core functions). */
static void (APIENTRY *p_glProgramStringARB)(GLenum target, GLenum format, GLsizei len, const void *string);
#define glProgramStringARB p_glProgramStringARB
static void (APIENTRY *p_glBindProgramARB)(GLenum target, GLuint program);
#define glBindProgramARB p_glBindProgramARB
static void (APIENTRY *p_glDeleteProgramsARB)(GLsizei n, const GLuint *programs);
#define glDeleteProgramsARB p_glDeleteProgramsARB
static void (APIENTRY *p_glGenProgramsARB)(GLsizei n, GLuint *programs);
#define glGenProgramsARB p_glGenProgramsARB
static GLboolean (APIENTRY *p_glIsProgramARB)(GLuint program);
#define glIsProgramARB p_glIsProgramARB
static void (APIENTRY *p_glGetProgramivARB)(GLenum target, GLenum pname, GLint *params);
#define glGetProgramivARB p_glGetProgramivARB
static void (APIENTRY *p_glGetProgramStringARB)(GLenum target, GLenum pname, void *string);
#define glGetProgramStringARB p_glGetProgramStringARB
static void (APIENTRY *p_glProgramLocalParameter4fARB)(GLenum target, GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w);
#define glProgramLocalParameter4fARB p_glProgramLocalParameter4fARB
static void (APIENTRY *p_glProgramLocalParameter4dARB)(GLenum target, GLuint index, GLdouble x, GLdouble y, GLdouble z, GLdouble w);
#define glProgramLocalParameter4dARB p_glProgramLocalParameter4dARB
static void (APIENTRY *p_glProgramEnvParameter4fARB)(GLenum target, GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w);
#define glProgramEnvParameter4fARB p_glProgramEnvParameter4fARB
static void (APIENTRY *p_glProgramLocalParameters4fvEXT)(GLenum target, GLuint index, GLsizei count, const GLfloat *params);
#define glProgramLocalParameters4fvEXT p_glProgramLocalParameters4fvEXT
static void (APIENTRY *p_glProgramEnvParameterI4iNV)(GLenum target, GLuint index, GLint x, GLint y, GLint z, GLint w);
#define glProgramEnvParameterI4iNV p_glProgramEnvParameterI4iNV
static void (APIENTRY *p_glGetProgramLocalParameterfvARB)(GLenum target, GLuint index, GLfloat *params);
#define glGetProgramLocalParameterfvARB p_glGetProgramLocalParameterfvARB
static void (APIENTRY *p_glGetProgramEnvParameterIivNV)(GLenum target, GLuint index, GLint *params);
#define glGetProgramEnvParameterIivNV p_glGetProgramEnvParameterIivNV
static void (APIENTRY *p_glProgramBufferParametersIuivNV)(GLenum target, GLuint bindingIndex, GLuint wordIndex, GLsizei count, const GLuint *params);
#define glProgramBufferParametersIuivNV p_glProgramBufferParametersIuivNV

static void load_functions(void)
{
    *(void **)&p_glProgramStringARB = (void *)eglGetProcAddress("glProgramStringARB");
    if (!p_glProgramStringARB) { fprintf(stderr, "no glProgramStringARB\n"); exit(2); }
    *(void **)&p_glBindProgramARB = (void *)eglGetProcAddress("glBindProgramARB");
    if (!p_glBindProgramARB) { fprintf(stderr, "no glBindProgramARB\n"); exit(2); }
    *(void **)&p_glDeleteProgramsARB = (void *)eglGetProcAddress("glDeleteProgramsARB");
    if (!p_glDeleteProgramsARB) { fprintf(stderr, "no glDeleteProgramsARB\n"); exit(2); }
    *(void **)&p_glGenProgramsARB = (void *)eglGetProcAddress("glGenProgramsARB");
    if (!p_glGenProgramsARB) { fprintf(stderr, "no glGenProgramsARB\n"); exit(2); }
    *(void **)&p_glIsProgramARB = (void *)eglGetProcAddress("glIsProgramARB");
    if (!p_glIsProgramARB) { fprintf(stderr, "no glIsProgramARB\n"); exit(2); }
    *(void **)&p_glGetProgramivARB = (void *)eglGetProcAddress("glGetProgramivARB");
    if (!p_glGetProgramivARB) { fprintf(stderr, "no glGetProgramivARB\n"); exit(2); }
    *(void **)&p_glGetProgramStringARB = (void *)eglGetProcAddress("glGetProgramStringARB");
    if (!p_glGetProgramStringARB) { fprintf(stderr, "no glGetProgramStringARB\n"); exit(2); }
    *(void **)&p_glProgramLocalParameter4fARB = (void *)eglGetProcAddress("glProgramLocalParameter4fARB");
    if (!p_glProgramLocalParameter4fARB) { fprintf(stderr, "no glProgramLocalParameter4fARB\n"); exit(2); }
    *(void **)&p_glProgramLocalParameter4dARB = (void *)eglGetProcAddress("glProgramLocalParameter4dARB");
    if (!p_glProgramLocalParameter4dARB) { fprintf(stderr, "no glProgramLocalParameter4dARB\n"); exit(2); }
    *(void **)&p_glProgramEnvParameter4fARB = (void *)eglGetProcAddress("glProgramEnvParameter4fARB");
    if (!p_glProgramEnvParameter4fARB) { fprintf(stderr, "no glProgramEnvParameter4fARB\n"); exit(2); }
    *(void **)&p_glProgramLocalParameters4fvEXT = (void *)eglGetProcAddress("glProgramLocalParameters4fvEXT");
    if (!p_glProgramLocalParameters4fvEXT) { fprintf(stderr, "no glProgramLocalParameters4fvEXT\n"); exit(2); }
    *(void **)&p_glProgramEnvParameterI4iNV = (void *)eglGetProcAddress("glProgramEnvParameterI4iNV");
    if (!p_glProgramEnvParameterI4iNV) { fprintf(stderr, "no glProgramEnvParameterI4iNV\n"); exit(2); }
    *(void **)&p_glGetProgramLocalParameterfvARB = (void *)eglGetProcAddress("glGetProgramLocalParameterfvARB");
    if (!p_glGetProgramLocalParameterfvARB) { fprintf(stderr, "no glGetProgramLocalParameterfvARB\n"); exit(2); }
    *(void **)&p_glGetProgramEnvParameterIivNV = (void *)eglGetProcAddress("glGetProgramEnvParameterIivNV");
    if (!p_glGetProgramEnvParameterIivNV) { fprintf(stderr, "no glGetProgramEnvParameterIivNV\n"); exit(2); }
    *(void **)&p_glProgramBufferParametersIuivNV = (void *)eglGetProcAddress("glProgramBufferParametersIuivNV");
    if (!p_glProgramBufferParametersIuivNV) { fprintf(stderr, "no glProgramBufferParametersIuivNV\n"); exit(2); }
}

static int nvidia, host;

static void make_context(void)
{
    EGLDisplay dpy;
    if (nvidia) {
        PFNEGLQUERYDEVICESEXTPROC query =
            (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
        EGLDeviceEXT devs[8];
        EGLint n = 0;
        if (!query || !query(8, devs, &n) || n < 1) {
            fprintf(stderr, "no EGL device\n");
            exit(2);
        }
        dpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs[0], NULL);
    } else {
        dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    }
    if (!eglInitialize(dpy, NULL, NULL)) {
        fprintf(stderr, "eglInitialize failed: 0x%x\n", eglGetError());
        exit(2);
    }
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {
        EGL_CONTEXT_MAJOR_VERSION, 4,
        EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
        EGL_NONE,
    };
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "no compatibility context: 0x%x\n", eglGetError());
        exit(2);
    }
}

/* Loads an assembly program into a new program object bound to COMPUTE_PROGRAM_NV;
 * 0 (with the error string printed) if it fails to load. */
static GLuint load(const char *src)
{
    GLuint p = 0;
    glGenProgramsARB(1, &p);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, p);
    glProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(src), src);
    GLenum e = glGetError();
    if (e != GL_NO_ERROR) {
        GLint pos = -2;
        glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
        fprintf(stderr, "load failed (0x%x) at %d: %s\n", e, pos,
                (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
        glDeleteProgramsARB(1, &p);
        return 0;
    }
    return p;
}

static GLuint buffer(GLuint binding, size_t size, const void *data)
{
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, (GLsizeiptr)size, data, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, b);
    return b;
}

static void read_buffer(GLuint b, size_t size, void *out)
{
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    void *p = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, (GLsizeiptr)size, GL_MAP_READ_BIT);
    if (p) {
        memcpy(out, p, size);
        glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
    } else {
        memset(out, 0, size);
    }
}

/* Runs the loaded program `p` over `groups` groups. */
static void run(GLuint p, GLuint gx, GLuint gy)
{
    glUseProgram(0);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, p);
    glEnable(GL_COMPUTE_PROGRAM_NV);
    glDispatchCompute(gx, gy, 1);
    glDisable(GL_COMPUTE_PROGRAM_NV);
    GLenum e = glGetError();
    CHECK(e == GL_NO_ERROR, "dispatch of program %u: error 0x%x", p, e);
}

static int close_f(float got, float want, float tol)
{
    if (isnan(want))
        return isnan(got);
    if (isinf(want))
        return got == want;
    return fabsf(got - want) <= tol * fmaxf(1.0f, fabsf(want));
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* ---- float instructions ---------------------------------------------------------- */

#define N 64
#define NF 40

static const char *float_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 64;\n"
    "STORAGE inb[] = { program.storage[0] };\n"
    "STORAGE outb[] = { program.storage[1] };\n"
    "TEMP a, b, r, addr, o;\n"
    "MUL.U addr.x, invocation.globalid.x, 32;\n"
    "LDB.F32X4 a, inb[addr.x];\n"
    "LDB.F32X4 b, inb[addr.x + 16];\n"
    "MUL.U o.x, invocation.globalid.x, 640;\n"
    "ADD.F r, a, b;            STB.F32X4 r, outb[o.x + 0];\n"
    "SUB.F r, a, b;            STB.F32X4 r, outb[o.x + 16];\n"
    "MUL.F r, a, b;            STB.F32X4 r, outb[o.x + 32];\n"
    "MAD.F r, a, b, a;         STB.F32X4 r, outb[o.x + 48];\n"
    "MIN.F r, a, b;            STB.F32X4 r, outb[o.x + 64];\n"
    "MAX.F r, a, b;            STB.F32X4 r, outb[o.x + 80];\n"
    "ABS.F r, a;               STB.F32X4 r, outb[o.x + 96];\n"
    "MOV.F r, -a.wzyx;         STB.F32X4 r, outb[o.x + 112];\n"
    "FLR.F r, a;               STB.F32X4 r, outb[o.x + 128];\n"
    "CEIL.F r, a;              STB.F32X4 r, outb[o.x + 144];\n"
    "FRC.F r, a;               STB.F32X4 r, outb[o.x + 160];\n"
    "TRUNC.F r, a;             STB.F32X4 r, outb[o.x + 176];\n"
    "ROUND.F r, a;             STB.F32X4 r, outb[o.x + 192];\n"
    "CMP.F r, a, a, b;         STB.F32X4 r, outb[o.x + 208];\n"
    "DP3 r, a, b;              STB.F32X4 r, outb[o.x + 224];\n"
    "DP4 r, a, b;              STB.F32X4 r, outb[o.x + 240];\n"
    "DPH r, a, b;              STB.F32X4 r, outb[o.x + 256];\n"
    "DP2 r, a, b;              STB.F32X4 r, outb[o.x + 272];\n"
    "SLT.F r, a, b;            STB.F32X4 r, outb[o.x + 288];\n"
    "SGE.F r, a, b;            STB.F32X4 r, outb[o.x + 304];\n"
    "SEQ.F r, a, a.yxwz;       STB.F32X4 r, outb[o.x + 320];\n"
    "SNE.F r, a, b;            STB.F32X4 r, outb[o.x + 336];\n"
    "LRP r, {0.25, 0.5, 0.75, 1}, a, b; STB.F32X4 r, outb[o.x + 352];\n"
    "MOV r, 0; XPD r.xyz, a, b; STB.F32X4 r, outb[o.x + 368];\n"
    "DST r, a, b;              STB.F32X4 r, outb[o.x + 384];\n"
    "SSG r, a;                 STB.F32X4 r, outb[o.x + 400];\n"
    "RCP r, a.x;               STB.F32X4 r, outb[o.x + 416];\n"
    "RSQ r, |a.y|;             STB.F32X4 r, outb[o.x + 432];\n"
    "EX2 r, a.z;               STB.F32X4 r, outb[o.x + 448];\n"
    "LG2 r, |a.w|;             STB.F32X4 r, outb[o.x + 464];\n"
    "SIN r, a.x;               STB.F32X4 r, outb[o.x + 480];\n"
    "COS r, a.y;               STB.F32X4 r, outb[o.x + 496];\n"
    "POW r, |a.x|, b.y;        STB.F32X4 r, outb[o.x + 512];\n"
    "DIV.F r, a, b.x;          STB.F32X4 r, outb[o.x + 528];\n"
    "MOV.F.SAT r, a;           STB.F32X4 r, outb[o.x + 544];\n"
    "ADD.F.SSAT r, a, b;       STB.F32X4 r, outb[o.x + 560];\n"
    "MOV r, 0; SCS r.xy, a.x;  STB.F32X4 r, outb[o.x + 576];\n"
    "X2D r, a, b, {1, 2, 3, 4}; STB.F32X4 r, outb[o.x + 592];\n"
    "SWZ r, a, -x, 1, 0, w;    STB.F32X4 r, outb[o.x + 608];\n"
    "MOV r, 0; NRM r.xyz, a;   STB.F32X4 r, outb[o.x + 624];\n"
    "END\n";

static float ref_round(float x)
{
    return nearbyintf(x);
}

static void float_ref(const float *a, const float *b, float *r /* NF*4 */)
{
#define OUT(k, x0, x1, x2, x3) (r[(k)*4+0] = (x0), r[(k)*4+1] = (x1), r[(k)*4+2] = (x2), r[(k)*4+3] = (x3))
#define EACH(k, expr) do { for (int c = 0; c < 4; c++) r[(k)*4+c] = (expr); } while (0)
    EACH(0, a[c] + b[c]);
    EACH(1, a[c] - b[c]);
    EACH(2, a[c] * b[c]);
    EACH(3, a[c] * b[c] + a[c]);
    EACH(4, fminf(a[c], b[c]));
    EACH(5, fmaxf(a[c], b[c]));
    EACH(6, fabsf(a[c]));
    EACH(7, -a[3 - c]);
    EACH(8, floorf(a[c]));
    EACH(9, ceilf(a[c]));
    EACH(10, a[c] - floorf(a[c]));
    EACH(11, truncf(a[c]));
    EACH(12, ref_round(a[c]));
    EACH(13, a[c] < 0 ? a[c] : b[c]);
    float d3 = a[0]*b[0] + a[1]*b[1] + a[2]*b[2];
    EACH(14, d3);
    EACH(15, d3 + a[3]*b[3]);
    EACH(16, d3 + b[3]);
    EACH(17, a[0]*b[0] + a[1]*b[1]);
    EACH(18, a[c] < b[c] ? 1.0f : 0.0f);
    EACH(19, a[c] >= b[c] ? 1.0f : 0.0f);
    const int yxwz[4] = {1, 0, 3, 2};
    EACH(20, a[c] == a[yxwz[c]] ? 1.0f : 0.0f);
    EACH(21, a[c] != b[c] ? 1.0f : 0.0f);
    const float l[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    EACH(22, l[c] * a[c] + (1 - l[c]) * b[c]);
    OUT(23, a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0], 0);
    OUT(24, 1, a[1]*b[1], a[2], b[3]);
    EACH(25, a[c] > 0 ? 1.0f : a[c] < 0 ? -1.0f : 0.0f);
    EACH(26, 1.0f / a[0]);
    EACH(27, 1.0f / sqrtf(fabsf(a[1])));
    EACH(28, exp2f(a[2]));
    EACH(29, log2f(fabsf(a[3])));
    EACH(30, sinf(a[0]));
    EACH(31, cosf(a[1]));
    EACH(32, powf(fabsf(a[0]), b[1]));
    EACH(33, a[c] / b[0]);
    EACH(34, fminf(fmaxf(a[c], 0), 1));
    EACH(35, fminf(fmaxf(a[c] + b[c], -1), 1));
    OUT(36, cosf(a[0]), sinf(a[0]), 0, 0);
    float x = a[0] + b[0]*1 + b[1]*2, y = a[1] + b[0]*3 + b[1]*4;
    OUT(37, x, y, x, y);
    OUT(38, -a[0], 1, 0, a[3]);
    float s = 1.0f / sqrtf(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]);
    OUT(39, a[0]*s, a[1]*s, a[2]*s, 0);
#undef EACH
#undef OUT
}

static void test_float(void)
{
    float in[N * 8];
    for (int i = 0; i < N; i++)
        for (int c = 0; c < 8; c++)
            in[i*8 + c] = sinf((float)(i * 8 + c) * 0.77f) * 3.0f + (c == 4 ? 2.5f : 0.0f);
    GLuint bi = buffer(0, sizeof in, in);
    GLuint bo = buffer(1, N * NF * 16, NULL);
    GLuint p = load(float_src);
    CHECK(p != 0, "the float program loads");
    if (!p)
        return;
    run(p, 1, 1);
    float *out = malloc(N * NF * 16);
    read_buffer(bo, N * NF * 16, out);
    int bad = 0;
    for (int i = 0; i < N && bad < 10; i++) {
        float want[NF * 4];
        float_ref(&in[i*8], &in[i*8 + 4], want);
        for (int k = 0; k < NF * 4; k++) {
            /* approximate instructions (RCP..POW, SCS, NRM) get a tolerance */
            int op = k / 4;
            /* NVIDIA fuses multiplies and adds (DP*, MAD, LRP, XPD, X2D) */
            float tol = (op >= 26 && op <= 33) || op == 36 || op == 39 || op == 14 || op == 15 ||
                                op == 16 || op == 17 || op == 37 || op == 22 || op == 3 || op == 23
                            ? 2e-4f : 0.0f;
            float got = out[i*NF*4 + k];
            if (!close_f(got, want[k], tol)) {
                CHECK(0, "float op %d comp %d invocation %d: got %g want %g", op, k % 4, i, got, want[k]);
                bad++;
            }
        }
    }
    CHECK(bad == 0, "float instructions match the CPU");
    free(out);
    glDeleteBuffers(1, &bi);
    glDeleteBuffers(1, &bo);
    glDeleteProgramsARB(1, &p);
}

/* ---- integer instructions --------------------------------------------------------- */

#define NI 38

static const char *int_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 32;\n"
    "STORAGE inb[] = { program.storage[0] };\n"
    "STORAGE outb[] = { program.storage[1] };\n"
    "TEMP a, b, f, r, addr, o;\n"
    "MUL.U addr.x, invocation.globalid.x, 48;\n"
    "LDB.S32X4 a, inb[addr.x];\n"
    "LDB.U32X4 b, inb[addr.x + 16];\n"
    "LDB.F32X4 f, inb[addr.x + 32];\n"
    "MUL.U o.x, invocation.globalid.x, 608;\n"
    "ADD.S r, a, b;            STB.S32X4 r, outb[o.x + 0];\n"
    "SUB.S r, a, b;            STB.S32X4 r, outb[o.x + 16];\n"
    "MUL.S r, a, b;            STB.S32X4 r, outb[o.x + 32];\n"
    "MUL.S.HI r, a, b;         STB.S32X4 r, outb[o.x + 48];\n"
    "MUL.U.HI r, a, b;         STB.U32X4 r, outb[o.x + 64];\n"
    "DIV.U r, a, b.x;          STB.U32X4 r, outb[o.x + 80];\n"
    "MOD.U r, a, b.y;          STB.U32X4 r, outb[o.x + 96];\n"
    "SHL.U r, a, b.z;          STB.U32X4 r, outb[o.x + 112];\n"
    "SHR.S r, a, b.z;          STB.S32X4 r, outb[o.x + 128];\n"
    "SHR.U r, a, b.z;          STB.U32X4 r, outb[o.x + 144];\n"
    "AND.U r, a, b;            STB.U32X4 r, outb[o.x + 160];\n"
    "OR.U r, a, b;             STB.U32X4 r, outb[o.x + 176];\n"
    "XOR.U r, a, b;            STB.U32X4 r, outb[o.x + 192];\n"
    "NOT.U r, a;               STB.U32X4 r, outb[o.x + 208];\n"
    "MIN.S r, a, b;            STB.S32X4 r, outb[o.x + 224];\n"
    "MAX.S r, a, b;            STB.S32X4 r, outb[o.x + 240];\n"
    "MIN.U r, a, b;            STB.U32X4 r, outb[o.x + 256];\n"
    "ABS.S r, a;               STB.S32X4 r, outb[o.x + 272];\n"
    "SEQ.S r, a, a.yxwz;       STB.S32X4 r, outb[o.x + 288];\n"
    "SLT.S r, a, b;            STB.S32X4 r, outb[o.x + 304];\n"
    "SGE.U r, a, b;            STB.U32X4 r, outb[o.x + 320];\n"
    "SNE.U r, a, b;            STB.U32X4 r, outb[o.x + 336];\n"
    "I2F.S r, a;               STB.F32X4 r, outb[o.x + 352];\n"
    "I2F.U r, b;               STB.F32X4 r, outb[o.x + 368];\n"
    "FLR.S r, f;               STB.S32X4 r, outb[o.x + 384];\n"
    "CEIL.S r, f;              STB.S32X4 r, outb[o.x + 400];\n"
    "ROUND.S r, f;             STB.S32X4 r, outb[o.x + 416];\n"
    "TRUNC.S r, f;             STB.S32X4 r, outb[o.x + 432];\n"
    "FLR.U r, |f|;             STB.U32X4 r, outb[o.x + 448];\n"
    "BFE.U r, {8, 4}, a;       STB.U32X4 r, outb[o.x + 464];\n"
    "BFE.S r, {5, 3}, a;       STB.S32X4 r, outb[o.x + 480];\n"
    "BFI.U r, {8, 12}, b, a;   STB.U32X4 r, outb[o.x + 496];\n"
    "BFR.U r, a;               STB.U32X4 r, outb[o.x + 512];\n"
    "BTC.U r, a;               STB.U32X4 r, outb[o.x + 528];\n"
    "BTFL.S r, a;              STB.S32X4 r, outb[o.x + 544];\n"
    "BTFM.U r, a;              STB.S32X4 r, outb[o.x + 560];\n"
    "SAD.S r, a, b, {1, 2, 3, 4}; STB.U32X4 r, outb[o.x + 576];\n"
    "MAD.S r, -a, b, a;        STB.S32X4 r, outb[o.x + 592];\n"
    "END\n";

static uint32_t bfrev(uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        if (v & (1u << i))
            r |= 1u << (31 - i);
    return r;
}

static void int_ref(const int32_t *a, const uint32_t *b, const float *f, uint32_t *r)
{
#define EACH(k, expr) do { for (int c = 0; c < 4; c++) r[(k)*4+c] = (uint32_t)(expr); } while (0)
    const uint32_t *ua = (const uint32_t *)a;
    EACH(0, ua[c] + b[c]);
    EACH(1, ua[c] - b[c]);
    EACH(2, ua[c] * b[c]);
    EACH(3, (uint32_t)(((int64_t)a[c] * (int64_t)(int32_t)b[c]) >> 32));
    EACH(4, (uint32_t)(((uint64_t)ua[c] * (uint64_t)b[c]) >> 32));
    EACH(5, ua[c] / b[0]);
    EACH(6, ua[c] % b[1]);
    EACH(7, ua[c] << b[2]);
    EACH(8, (uint32_t)(a[c] >> b[2]));
    EACH(9, ua[c] >> b[2]);
    EACH(10, ua[c] & b[c]);
    EACH(11, ua[c] | b[c]);
    EACH(12, ua[c] ^ b[c]);
    EACH(13, ~ua[c]);
    EACH(14, a[c] < (int32_t)b[c] ? a[c] : (int32_t)b[c]);
    EACH(15, a[c] > (int32_t)b[c] ? a[c] : (int32_t)b[c]);
    EACH(16, ua[c] < b[c] ? ua[c] : b[c]);
    EACH(17, a[c] < 0 ? -a[c] : a[c]);
    const int yxwz[4] = {1, 0, 3, 2};
    EACH(18, a[c] == a[yxwz[c]] ? -1 : 0);
    EACH(19, a[c] < (int32_t)b[c] ? -1 : 0);
    EACH(20, ua[c] >= b[c] ? 0xffffffffu : 0);
    EACH(21, ua[c] != b[c] ? 0xffffffffu : 0);
    EACH(22, fbits((float)a[c]));
    EACH(23, fbits((float)b[c]));
    EACH(24, (int32_t)floorf(f[c]));
    EACH(25, (int32_t)ceilf(f[c]));
    EACH(26, (int32_t)nearbyintf(f[c]));
    EACH(27, (int32_t)truncf(f[c]));
    EACH(28, (uint32_t)floorf(fabsf(f[c])));
    EACH(29, (ua[c] >> 4) & 0xff);
    EACH(30, ((int32_t)(ua[c] << (32 - 8))) >> (32 - 5));
    EACH(31, (ua[c] & ~(0xffu << 12)) | ((b[c] & 0xff) << 12));
    EACH(32, bfrev(ua[c]));
    EACH(33, __builtin_popcount(ua[c]));
    EACH(34, ua[c] ? __builtin_ctz(ua[c]) : -1);
    EACH(35, ua[c] ? 31 - __builtin_clz(ua[c]) : -1);
    const uint32_t k[4] = {1, 2, 3, 4};
    EACH(36, (a[c] > (int32_t)b[c] ? (uint32_t)(a[c] - (int32_t)b[c]) : (uint32_t)((int32_t)b[c] - a[c])) + k[c]);
    EACH(37, (uint32_t)(-a[c]) * b[c] + ua[c]);
#undef EACH
}

static void test_int(void)
{
    enum { M = 32 };
    uint32_t in[M * 12];
    for (int i = 0; i < M; i++) {
        for (int c = 0; c < 4; c++) {
            uint32_t h = (uint32_t)(i * 2654435761u) ^ (uint32_t)(c * 40503u + 7u);
            in[i*12 + c] = h * 2246822519u;
            in[i*12 + 4 + c] = c == 2 ? (h % 31) : (h % 1000) + 1 + (c == 3 ? 0x80000000u : 0);
            float fv = ((float)(int)(h % 2001) - 1000.0f) / 37.0f + (c == 1 ? 0.5f : 0.0f);
            memcpy(&in[i*12 + 8 + c], &fv, 4);
        }
    }
    GLuint bi = buffer(0, sizeof in, in);
    GLuint bo = buffer(1, M * NI * 16, NULL);
    GLuint p = load(int_src);
    CHECK(p != 0, "the integer program loads");
    if (!p)
        return;
    run(p, 1, 1);
    uint32_t *out = malloc(M * NI * 16);
    read_buffer(bo, M * NI * 16, out);
    int bad = 0;
    for (int i = 0; i < M && bad < 10; i++) {
        uint32_t want[NI * 4];
        int_ref((const int32_t *)&in[i*12], &in[i*12 + 4], (const float *)&in[i*12 + 8], want);
        for (int k = 0; k < NI * 4; k++) {
            uint32_t got = out[i*NI*4 + k];
            if (got != want[k]) {
                CHECK(0, "integer op %d comp %d invocation %d: got 0x%x want 0x%x", k / 4, k % 4, i, got, want[k]);
                bad++;
            }
        }
    }
    CHECK(bad == 0, "integer instructions match the CPU");
    free(out);
    glDeleteBuffers(1, &bi);
    glDeleteBuffers(1, &bo);
    glDeleteProgramsARB(1, &p);
}

#define HDR "!!NVcp5.0\nOPTION NV_shader_storage_buffer;\n"

/* ---- CVT: conversions between integer, F16 and F32 types ------------------------- */

/* Each conversion: its modifiers and the input it reads (0 float, 1 int, 2 half-float
 * bits in the low 16 bits of a word). */
static const struct { const char *mods; int in; } cvts[] = {
    {"S32.F32", 0}, {"S32.F32.FLR", 0}, {"S32.F32.CEIL", 0}, {"S32.F32.TRUNC", 0},
    {"U8.F32", 0}, {"U8.F32.FLR", 0}, {"S8.F32.TRUNC", 0}, {"S16.F32.TRUNC", 0},
    {"U32.F32", 0}, {"F16.F32", 0}, {"F16.F32.TRUNC", 0}, {"F16.F32.CEIL", 0},
    {"F16.F32.FLR", 0}, {"F16.F32.SAT", 0}, {"F32.F32.SAT", 0},
    {"F32.S32", 1}, {"F32.U32", 1}, {"U8.S32", 1}, {"S8.S32", 1}, {"U16.S32", 1},
    {"S16.U32", 1}, {"S32.U32", 1}, {"U32.S32", 1}, {"S32.S8", 1}, {"U32.U16", 1},
    {"F32.S16", 1}, {"F16.S32", 1}, {"F32.S32.FLR", 1}, {"F32.S32.CEIL", 1},
    {"F32.U32.TRUNC", 1},
    {"F32.F16", 2}, {"S32.F16.FLR", 2}, {"F16.F16", 2},
};
enum { NCVT = sizeof cvts / sizeof cvts[0], NOUT = NCVT + 1 };

static float h2f(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 1024), e - 25);
    return (h & 0x8000) ? -v : v;
}

/* The half-float bits of f rounded by mode (0 nearest-even, 1 ceil, 2 floor, 3 toward
 * zero): its neighbours found by a search over every half. */
static uint16_t f2h(float f, int mode)
{
    float lo = -INFINITY, hi = INFINITY;
    int lo_h = 0xFC00, hi_h = 0x7C00;
    for (int h = 0; h < 0x10000; h++) {
        float v = h2f((uint16_t)h);
        if (isnan(v) || (v == 0.0f && (h >> 15) != (signbit(f) != 0)))
            continue;
        if (v <= f && v >= lo) { lo = v; lo_h = h; }
        if (v >= f && v <= hi) { hi = v; hi_h = h; }
    }
    if (lo == hi)
        return (uint16_t)lo_h;
    switch (mode) {
    case 1: return (uint16_t)hi_h;
    case 2: return (uint16_t)lo_h;
    case 3: return (uint16_t)(f > 0 ? lo_h : hi_h);
    default:
        if (fabsf(f) >= 65520.0f)
            return f > 0 ? 0x7C00 : 0xFC00;
        if (f - lo != hi - f)
            return (uint16_t)(f - lo < hi - f ? lo_h : hi_h);
        return (uint16_t)((lo_h & 1) ? hi_h : lo_h);
    }
}

/* The expected word of conversion k on (f, n, h). NV_gpu_program5 leaves some of it to
 * the implementation; this is what NVIDIA's driver does (see lower/convert.rs): floats
 * saturate to an integer type's range, F16 is the low 16 bits of a word. */
static uint32_t cvt_ref(int k, float f, int32_t n, uint32_t h)
{
    const char *m = cvts[k].mods;
    if (cvts[k].in == 2)
        f = h2f((uint16_t)h);
    if (cvts[k].in != 1) {
        /* from a float */
        int mode = strstr(m, "FLR") ? 2 : strstr(m, "CEIL") ? 1 : strstr(m, "TRUNC") ? 3 : 0;
        /* .SAT clamps a float result to [0, 1] (NVIDIA refuses it on integers) */
        if (strstr(m, "SAT"))
            f = fminf(fmaxf(f, 0.0f), 1.0f);
        if (!strncmp(m, "F16", 3))
            return f2h(f, mode);
        if (!strncmp(m, "F32", 3))
            return fbits(f);
        double r = mode == 2 ? floor(f) : mode == 1 ? ceil(f) : mode == 3 ? trunc(f) : nearbyint(f);
        int bits = atoi(m + 1);
        int is_signed = m[0] == 'S';
        double lo = is_signed ? -ldexp(1, bits - 1) : 0, hi = is_signed ? ldexp(1, bits - 1) - 1 : ldexp(1, bits) - 1;
        int64_t v = (int64_t)fmin(fmax(r, lo), hi);
        uint32_t w = (uint32_t)v;
        if (bits < 32)
            w = is_signed ? (uint32_t)(((int32_t)(w << (32 - bits))) >> (32 - bits)) : w & ((1u << bits) - 1);
        return w;
    }
    /* from an integer: the operand's bits as its type */
    const char *src = strchr(m, '.') + 1;
    int sbits = atoi(src + 1);
    int64_t v = src[0] == 'S' ? (int64_t)n : (int64_t)(uint32_t)n;
    if (sbits < 32)
        v = src[0] == 'S' ? (int64_t)(int32_t)((uint32_t)n << (32 - sbits)) >> (32 - sbits)
                          : (int64_t)((uint32_t)n & ((1u << sbits) - 1));
    if (!strncmp(m, "F32", 3)) {
        /* the nearest float, moved one step to the side the rounding modifier asks */
        float fr = (float)v;
        double d = (double)v;
        if (strstr(m, "CEIL") && (double)fr < d)
            fr = nextafterf(fr, INFINITY);
        if (strstr(m, "FLR") && (double)fr > d)
            fr = nextafterf(fr, -INFINITY);
        if (strstr(m, "TRUNC") && fabs((double)fr) > fabs(d))
            fr = nextafterf(fr, 0.0f);
        return fbits(fr);
    }
    if (!strncmp(m, "F16", 3))
        return f2h((float)v, 0);
    /* an integer to a narrower one keeps its low bits */
    int bits = atoi(m + 1);
    int is_signed = m[0] == 'S';
    uint32_t w = (uint32_t)v;
    if (bits < 32)
        w = is_signed ? (uint32_t)(((int32_t)(w << (32 - bits))) >> (32 - bits)) : w & ((1u << bits) - 1);
    return w;
}

static void test_cvt(void)
{
    enum { NC = 16 };
    static const float fin[NC] = {2.5f, -2.5f, 3.5f, -0.75f, 300.4f, -200.6f, 1e10f, -1e10f,
                                 65519.0f, 1.0009765625f, 1.00048828125f, 0.1f, -0.1f, 70000.0f,
                                 3e-6f, 0.0f};
    static const int32_t nin[NC] = {0, 1, -1, 127, 128, -129, 255, 256, 32767, -32768, 65535,
                                   65536, 0x7FFFFFFF, INT32_MIN, 16777219, -16777219};
    /* half-float inputs: the floats rounded to halves, with other bits above them in
     * every other word (F16 is the low 16 bits) */
    uint32_t in[NC * 4] = {0}, hin[NC];
    for (int i = 0; i < NC; i++) {
        hin[i] = f2h(fin[i], 0) | (i % 2 ? 0xABCD0000u : 0);
        in[i * 4] = fbits(fin[i]);
        in[i * 4 + 1] = (uint32_t)nin[i];
        in[i * 4 + 2] = hin[i];
    }
    char *src = malloc(16384);
    size_t at = (size_t)sprintf(src, HDR "GROUP_SIZE %d;\nSTORAGE sin[] = { program.storage[0] };\n"
                                "STORAGE sout[] = { program.storage[1] };\nTEMP a, o, v, r;\n"
                                "MUL.U a.x, invocation.localid.x, 16;\nLDB.U32X4 v, sin[a.x];\n"
                                "MUL.U o.x, invocation.localid.x, %d;\n", NC, NOUT * 4);
    for (int k = 0; k < NCVT; k++)
        at += (size_t)sprintf(src + at, "CVT.%s r.x, v.%c;\nSTB.U32 r.x, sout[o.x + %d];\n",
                              cvts[k].mods, "xyz"[cvts[k].in], k * 4);
    /* the condition code of an S8 result: its sign after narrowing */
    sprintf(src + at, "CVT.S8.S32.CC r.x, v.y;\nMOV.U r.y, 0;\nMOV.U r.y (LT.x), 1;\n"
                      "STB.U32 r.y, sout[o.x + %d];\nEND\n", NCVT * 4);
    GLuint bi = buffer(0, sizeof in, in);
    GLuint bo = buffer(1, NC * NOUT * 4, NULL);
    GLuint p = load(src);
    free(src);
    CHECK(p != 0, "the CVT program loads");
    if (!p)
        return;
    run(p, 1, 1);
    uint32_t out[NC * NOUT];
    read_buffer(bo, sizeof out, out);
    int bad = 0;
    for (int i = 0; i < NC; i++)
        for (int k = 0; k < NOUT; k++) {
            uint32_t want = k < NCVT ? cvt_ref(k, fin[i], nin[i], hin[i])
                                     : (uint32_t)((int8_t)(uint8_t)nin[i] < 0);
            uint32_t got = out[i * NOUT + k];
            /* the bits above a clamped F16 result: NVIDIA's driver repeats the half
             * there (glcompute writes zeros, as for every other F16 result) */
            if (k < NCVT && !strncmp(cvts[k].mods, "F16", 3) && strstr(cvts[k].mods, "SAT"))
                got &= 0xFFFF;
            if (got != want && bad++ < 12)
                CHECK(0, "CVT.%s of input %d: got 0x%x want 0x%x", k < NCVT ? cvts[k].mods : "S8.S32.CC", i,
                      got, want);
        }
    CHECK(bad == 0, "CVT matches the CPU (%d of %d differ)", bad, NC * NOUT);
    glDeleteBuffers(1, &bi);
    glDeleteBuffers(1, &bo);
    glDeleteProgramsARB(1, &p);
}

/* ---- condition codes, flow control, subroutines ------------------------------------ */

#define NC 16

static const char *cc_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 32;\n"
    "STORAGE inb[] = { program.storage[0] };\n"
    "STORAGE outb[] = { program.storage[1] };\n"
    "INT TEMP r, o, n, i;\n"
    "TEMP a, b, f, u, addr;\n"
    "MUL.U addr.x, invocation.globalid.x, 48;\n"
    "LDB.S32X4 a, inb[addr.x];\n"
    "LDB.S32X4 b, inb[addr.x + 16];\n"
    "LDB.F32X4 f, inb[addr.x + 32];\n"
    "MUL.U addr.y, invocation.globalid.x, 256;\n"
    "ADD.S.CC r, a, b;\n"
    "MOV.S o, 0; MOV.S o (EQ), 1;  STB.S32X4 o, outb[addr.y + 0];\n"
    "MOV.S o, 0; MOV.S o (NE), 1;  STB.S32X4 o, outb[addr.y + 16];\n"
    "MOV.S o, 0; MOV.S o (LT), 1;  STB.S32X4 o, outb[addr.y + 32];\n"
    "MOV.S o, 0; MOV.S o (GE), 1;  STB.S32X4 o, outb[addr.y + 48];\n"
    "MOV.S o, 0; MOV.S o (LE), 1;  STB.S32X4 o, outb[addr.y + 64];\n"
    "MOV.S o, 0; MOV.S o (GT), 1;  STB.S32X4 o, outb[addr.y + 80];\n"
    "MOV.S o, 0; MOV.S o (OF), 1;  STB.S32X4 o, outb[addr.y + 96];\n"
    "ADD.U.CC1 u, a, b;\n"
    "MOV.S o, 0; MOV.S o (CF1), 1; STB.S32X4 o, outb[addr.y + 112];\n"
    "SUB.U.CC1 u, a, b;\n"
    "MOV.S o, 0; MOV.S o (CF1), 1; STB.S32X4 o, outb[addr.y + 128];\n"
    "SUB.F.CC f.x, f, 0.5;\n"        /* write mask x with CC: only CC0.x changes */
    "MOV.S o, 7; MOV.S o (GT.x), 2; STB.S32X4 o, outb[addr.y + 144];\n"
    "SNE.S.CC r, a, 0;\n"            /* set-on: -1 is negative, test NE */
    "MOV.S o, 0;\n"
    "IF NE.x;\n"
    "  MOV.S o.x, 11;\n"
    "ELSE;\n"
    "  MOV.S o.x, 22;\n"
    "ENDIF;\n"
    "IF EQ.y; MOV.S o.y, 33; ENDIF;\n"
    "STB.S32X4 o, outb[addr.y + 160];\n"
    /* REP with a count, BRK and CONT under conditions */
    "AND.S n.x, a.x, 7;\n"
    "MOV.S o, 0; MOV.S i.x, 0;\n"
    "REP.S n.x;\n"
    "  ADD.S i.x, i.x, 1;\n"
    "  SEQ.S.CC r.x, i.x, 3;\n"
    "  CONT (NE.x);\n"
    "  ADD.S o.x, o.x, 100;\n"
    "ENDREP;\n"
    "ADD.S o.y, i.x, 0;\n"
    "MOV.S i.x, 0;\n"
    "REP;\n"
    "  ADD.S i.x, i.x, 1;\n"
    "  SGE.S.CC r.x, i.x, n.x;\n"
    "  BRK (NE.x);\n"
    "ENDREP;\n"
    "MOV.S o.z, i.x;\n"
    "MOV.S o.w, 0;\n"
    "REP 3; REP 4; ADD.S o.w, o.w, 1; ENDREP; ENDREP;\n"
    "STB.S32X4 o, outb[addr.y + 176];\n"
    /* subroutines: CAL, conditional CAL, RET out of a loop */
    "MOV.S o, 0;\n"
    "CAL twice;\n"
    "SLT.S.CC r.x, a.x, 0;\n"
    "CAL twice (NE.x);\n"
    "CAL loopret;\n"
    "STB.S32X4 o, outb[addr.y + 192];\n"
    "RET;\n"
    "twice:\n"
    "  ADD.S o.x, o.x, 2;\n"
    "  CAL inner;\n"
    "  RET;\n"
    "inner:\n"
    "  ADD.S o.y, o.y, 1;\n"
    "  RET;\n"
    "loopret:\n"
    "  MOV.S o.z, 0;\n"
    "  REP 100;\n"
    "    ADD.S o.z, o.z, 1;\n"
    "    SEQ.S.CC r.x, o.z, 5;\n"
    "    RET (NE.x);\n"
    "  ENDREP;\n"
    "  MOV.S o.z, -1;\n"
    "  RET;\n"
    "END\n";

static void cc_ref(const int32_t *a, const int32_t *b, const float *f, int32_t *r)
{
    for (int k = 0; k < 13 * 4; k++)
        r[k] = 0;
    for (int c = 0; c < 4; c++) {
        int32_t s = (int32_t)((uint32_t)a[c] + (uint32_t)b[c]);
        int sf = s < 0, zf = s == 0;
        int of = ((a[c] ^ s) & (b[c] ^ s)) < 0;
        r[0*4+c] = !sf && zf;
        r[1*4+c] = sf || !zf;
        r[2*4+c] = (sf && !zf) ^ of;
        r[3*4+c] = !(sf ^ of);
        r[4*4+c] = sf ^ (zf || of);
        r[5*4+c] = (!sf ^ of) && !zf;
        r[6*4+c] = of;
        r[7*4+c] = (uint32_t)s < (uint32_t)a[c];
        r[8*4+c] = (uint32_t)a[c] >= (uint32_t)b[c];
        float d = f[0] - 0.5f;
        int fs = d < 0, fz = d == 0;
        r[9*4+c] = ((!fs) && !fz) ? 2 : 7;
    }
    int nx = a[0] != 0, ny = a[1] != 0;
    r[10*4+0] = nx ? 11 : 22;
    r[10*4+1] = ny ? 0 : 33;
    int n = a[0] & 7;
    int i = 0, o = 0;
    for (int k = n; k > 0; k--) {
        i++;
        if (i == 3)
            continue;
        o += 100;
    }
    r[11*4+0] = o;
    r[11*4+1] = i;
    i = 0;
    for (;;) {
        i++;
        if (i >= n)
            break;
    }
    r[11*4+2] = i;
    r[11*4+3] = 12;
    int ox = 2, oy = 1;
    if (a[0] < 0) {
        ox += 2;
        oy += 1;
    }
    r[12*4+0] = ox;
    r[12*4+1] = oy;
    r[12*4+2] = 5;
    r[12*4+3] = 0;
}

static void test_cc(void)
{
    enum { M = 32 };
    int32_t in[M * 12];
    for (int i = 0; i < M; i++) {
        for (int c = 0; c < 4; c++) {
            uint32_t h = (uint32_t)(i * 2654435761u) ^ (uint32_t)(c * 97u + 3u);
            int32_t v[5] = {0, 1, -1, 0x7fffffff, (int32_t)0x80000000};
            in[i*12 + c] = (i % 3 == 0) ? v[(i + c) % 5] : (int32_t)(h * 2246822519u) >> (i % 7);
            in[i*12 + 4 + c] = (i % 4 == 1) ? v[(i * 3 + c) % 5] : -(int32_t)(h % 5000) + 2000;
            float fv = (float)((int)(h % 5) - 2) * 0.25f + 0.5f;
            memcpy(&in[i*12 + 8 + c], &fv, 4);
        }
        if (i == 5)
            in[i*12 + 1] = 0;
    }
    GLuint bi = buffer(0, sizeof in, in);
    GLuint bo = buffer(1, M * NC * 16, NULL);
    GLuint p = load(cc_src);
    CHECK(p != 0, "the condition-code program loads");
    if (!p)
        return;
    run(p, 1, 1);
    int32_t out[M * NC * 4];
    read_buffer(bo, sizeof out, out);
    int bad = 0;
    for (int i = 0; i < M && bad < 10; i++) {
        int32_t want[13 * 4];
        cc_ref(&in[i*12], &in[i*12 + 4], (const float *)&in[i*12 + 8], want);
        for (int k = 0; k < 13 * 4; k++) {
            if (out[i*NC*4 + k] != want[k]) {
                CHECK(0, "condition-code check %d comp %d invocation %d: got %d want %d (a %d b %d)",
                      k / 4, k % 4, i, out[i*NC*4 + k], want[k], in[i*12 + k % 4], in[i*12 + 4 + k % 4]);
                bad++;
            }
        }
    }
    CHECK(bad == 0, "condition codes and flow control match the CPU");
    glDeleteBuffers(1, &bi);
    glDeleteBuffers(1, &bo);
    glDeleteProgramsARB(1, &p);
}

/* ---- parameters ----------------------------------------------------------------- */

static const char *param_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 8;\n"
    "STORAGE outb[] = { program.storage[1] };\n"
    "PARAM p = program.local[0];\n"
    "PARAM e = program.env[1];\n"
    "PARAM k = {1.5, 2.5, 3.5, 4.5};\n"
    "PARAM arr[] = { program.local[2..5] };\n"
    "INT PARAM ik = {-1, 2};\n"
    "PARAM half = 0.5;\n"
    "TEMP r, i, o;\n"
    "MUL.U o.x, invocation.globalid.x, 112;\n"
    "MOV r, p;                 STB.F32X4 r, outb[o.x + 0];\n"
    "MOV r, e;                 STB.F32X4 r, outb[o.x + 16];\n"
    "MOV r, k.wzyx;            STB.F32X4 r, outb[o.x + 32];\n"
    "AND.U i.x, invocation.globalid.x, 3;\n"
    "MOV r, arr[i.x];          STB.F32X4 r, outb[o.x + 48];\n"
    "AND.U i.y, invocation.globalid.x, 1;\n"
    "MOV r, arr[i.y + 2];      STB.F32X4 r, outb[o.x + 64];\n"
    "MOV.S r, ik;              STB.S32X4 r, outb[o.x + 80];\n"
    "ADD r, half, program.local[7]; STB.F32X4 r, outb[o.x + 96];\n"
    "END\n";

static void test_params(void)
{
    GLuint bo = buffer(1, 8 * 112, NULL);
    GLuint p = load(param_src);
    CHECK(p != 0, "the parameter program loads");
    if (!p)
        return;
    glProgramLocalParameter4fARB(GL_COMPUTE_PROGRAM_NV, 0, 1, 2, 3, 4);
    glProgramEnvParameter4fARB(GL_COMPUTE_PROGRAM_NV, 1, -1, -2, -3, -4);
    const float l4[16] = {10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33, 40, 41, 42, 43};
    glProgramLocalParameters4fvEXT(GL_COMPUTE_PROGRAM_NV, 2, 4, l4);
    glProgramLocalParameter4dARB(GL_COMPUTE_PROGRAM_NV, 7, 0.25, 0.5, 1, 2);
    CHECK(glGetError() == GL_NO_ERROR, "parameters set");
    run(p, 1, 1);
    float out[8 * 28];
    read_buffer(bo, sizeof out, out);
    int bad = 0;
    for (int i = 0; i < 8; i++) {
        const float *o = &out[i * 28];
        float want[28] = {1, 2, 3, 4, -1, -2, -3, -4, 4.5f, 3.5f, 2.5f, 1.5f};
        for (int c = 0; c < 4; c++) {
            want[12 + c] = l4[(i & 3) * 4 + c];
            want[16 + c] = l4[((i & 1) + 2) * 4 + c];
        }
        const float add[4] = {0.75f, 1.0f, 1.5f, 2.5f};
        for (int c = 0; c < 4; c++)
            want[24 + c] = add[c];
        for (int k = 0; k < 28; k++) {
            if (k >= 20 && k < 24)
                continue;
            if (o[k] != want[k] && bad++ < 5)
                CHECK(0, "parameter value %d of invocation %d: got %g want %g", k, i, o[k], want[k]);
        }
        int32_t ik[4];
        memcpy(ik, &o[20], 16);
        if ((ik[0] != -1 || ik[1] != 2 || ik[2] != 0 || ik[3] != 1) && bad++ < 5)
            CHECK(0, "INT PARAM {-1, 2}: %d %d %d %d", ik[0], ik[1], ik[2], ik[3]);
    }
    CHECK(bad == 0, "parameters reach the program");
    /* env changes reach the next dispatch */
    glProgramEnvParameterI4iNV(GL_COMPUTE_PROGRAM_NV, 1, 7, 8, 9, 10);
    run(p, 1, 1);
    read_buffer(bo, sizeof out, out);
    int32_t e[4];
    memcpy(e, &out[4], 16);
    CHECK(e[0] == 7 && e[3] == 10, "a new env parameter reaches the next dispatch: %d %d", e[0], e[3]);
    GLfloat got[4] = {0};
    glGetProgramLocalParameterfvARB(GL_COMPUTE_PROGRAM_NV, 0, got);
    CHECK(got[0] == 1 && got[3] == 4, "GetProgramLocalParameterfvARB: %g %g", got[0], got[3]);
    GLint gi[4] = {0};
    glGetProgramEnvParameterIivNV(GL_COMPUTE_PROGRAM_NV, 1, gi);
    CHECK(gi[0] == 7 && gi[3] == 10, "GetProgramEnvParameterIivNV: %d %d", gi[0], gi[3]);
    glDeleteBuffers(1, &bo);
    glDeleteProgramsARB(1, &p);
}

/* ---- parameter buffers (BUFFER, BUFFER4, CBUFFER and LDC) ------------------------ */

static const char *pbuf_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 16;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "BUFFER words[] = { program.buffer[0] };\n"
    "BUFFER4 vecs[] = { program.buffer[1] };\n"
    "CBUFFER bytes[] = { program.buffer[2] };\n"
    "BUFFER one = program.buffer[0][5];\n"
    "BUFFER4 part[4] = { program.buffer[1][2..5] };\n"
    "TEMP i, r, o, a;\n"
    "MOV.U i.x, invocation.globalid.x;\n"
    "MUL.U o.x, i.x, 128;\n"
    "MOV r, words[i.x];              STB.U32X4 r, outb[o.x + 0];\n"
    "MOV r, vecs[i.x];               STB.U32X4 r, outb[o.x + 16];\n"
    "MOV r, one;                     STB.U32X4 r, outb[o.x + 32];\n"
    "AND.U a.x, i.x, 3;\n"
    "MOV r, part[a.x];               STB.U32X4 r, outb[o.x + 48];\n"
    "MUL.U a.y, i.x, 4;\n"
    "LDC.U32 r, bytes[a.y];          STB.U32X4 r, outb[o.x + 64];\n"
    "LDC.U8 r, bytes[i.x];           STB.U32X4 r, outb[o.x + 80];\n"
    "LDC.U32X4 r, bytes[16].wzyx;    STB.U32X4 r, outb[o.x + 96];\n"
    "ADD.U r, words[i.x], -words[0]; STB.U32X4 r, outb[o.x + 112];\n"
    "END\n";

static void test_param_buffers(void)
{
    enum { M = 16 };
    GLint v = 0;
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV, &v);
    CHECK(v >= 8, "MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV: %d", v);
    uint32_t words[64];
    float vecs[64];
    uint8_t bytes[64];
    for (int i = 0; i < 64; i++) {
        words[i] = 1000u + (uint32_t)i * 7u;
        vecs[i] = (float)i * 0.5f - 3.0f;
        bytes[i] = (uint8_t)(i * 29 + 3);
    }
    GLuint b[3];
    glGenBuffers(3, b);
    glBindBuffer(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, b[0]);
    glBufferData(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, sizeof words, NULL, GL_DYNAMIC_DRAW);
    EXPECT_ERR(GL_INVALID_OPERATION, "NV_parameter_buffer_object: no buffer at the binding",
               glProgramBufferParametersIuivNV(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 0, 0, 64, words));
    glBindBufferBase(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 0, b[0]);
    EXPECT_ERR(GL_INVALID_VALUE, "NV_parameter_buffer_object: wordIndex + count past the buffer",
               glProgramBufferParametersIuivNV(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 0, 1, 64, words));
    EXPECT_OK(glProgramBufferParametersIuivNV(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 0, 0, 64, words));
    glBindBuffer(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, b[1]);
    glBufferData(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, sizeof vecs, vecs, GL_DYNAMIC_DRAW);
    EXPECT_ERR(GL_INVALID_VALUE, "NV_parameter_buffer_object: a parameter buffer binding has offset 0",
               glBindBufferRange(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 1, b[1], 16, 64));
    glBindBufferBase(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 1, b[1]);
    glBindBuffer(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, b[2]);
    glBufferData(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, sizeof bytes, bytes, GL_DYNAMIC_DRAW);
    glBindBufferRange(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, b[2], 0, sizeof bytes);
    GLint got = -1;
    glGetIntegeri_v(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 1, &got);
    CHECK(got == (GLint)b[1], "GetIntegeri_v(COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 1): %d", got);
    glGetIntegerv(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, &got);
    CHECK(got == (GLint)b[2], "GetIntegerv(COMPUTE_PROGRAM_PARAMETER_BUFFER_NV): %d", got);
    CHECK(glGetError() == GL_NO_ERROR, "parameter buffers bound");
    GLuint bo = buffer(0, M * 128, NULL);
    GLuint p = load(pbuf_src);
    CHECK(p != 0, "the parameter buffer program loads");
    if (!p)
        return;
    run(p, 1, 1);
    uint32_t out[M * 32];
    read_buffer(bo, sizeof out, out);
    uint32_t bw[16];
    memcpy(bw, bytes, sizeof bw);
    int bad = 0;
    for (int i = 0; i < M; i++) {
        const uint32_t *o = &out[i * 32];
        uint32_t want[32];
        for (int c = 0; c < 4; c++) {
            want[c] = words[i];
            want[4 + c] = fbits(vecs[i * 4 + c]);
            want[8 + c] = words[5];
            want[12 + c] = fbits(vecs[(2 + (i & 3)) * 4 + c]);
            want[16 + c] = c == 0 ? bw[i] : 0;
            want[20 + c] = c == 0 ? bytes[i] : 0;
            want[24 + c] = bw[4 + 3 - c];
            want[28 + c] = words[i] - words[0];
        }
        for (int k = 0; k < 32; k++)
            if (o[k] != want[k] && bad++ < 6)
                CHECK(0, "parameter buffer value %d of invocation %d: got 0x%x want 0x%x", k, i, o[k], want[k]);
    }
    CHECK(bad == 0, "BUFFER, BUFFER4 and LDC read the parameter buffers");
    glDeleteBuffers(3, b);
    glDeleteBuffers(1, &bo);
    glDeleteProgramsARB(1, &p);
}

/* ---- images (LOADIM, STOREIM, ATOMIM) ------------------------------------------- */

static const char *image_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 8 8;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "IMAGE src = image[0];\n"
    "IMAGE more[] = { image[1..3] };\n"
    "TEMP c, v, w, a;\n"
    "MOV.S c, invocation.globalid;\n"
    "LOADIM.U32 v, c, src, 2D;\n"
    "ADD.U v.x, v.x, 1000;\n"
    "STOREIM.U32 image[0], v, c, 2D;\n"
    "LOADIM.F32X4 w, c, more[0], 2D;\n"
    "MUL.F w, w, 2;\n"
    "STOREIM.F32X4 more[0], w, c, 2D;\n"
    "ATOMIM.ADD.S32 v, 1, {0, 0, 0, 0}, image[2], 2D;\n"
    "ATOMIM.MAX.S32 v, c.x, {1, 0, 0, 0}, image[2], 2D;\n"
    "MOV.S w, 0;\n"
    "MAD.S w.y, c.y, 8, c.x;\n"
    "ADD.S w.y, w.y, 1;\n"
    "ATOMIM.CSWAP.S32 v, w, {2, 0, 0, 0}, image[2], 2D;\n"
    "SUB.S a.x, w.y, 1;\n"
    "MUL.S a.x, a.x, 4;\n"
    "STB.S32 v.x, outb[a.x];\n"
    "MOV.F w, {0.25, 0.4, 0.75, 1.0};\n"   /* no ties: 0.5 * 255 rounds either way */
    "STOREIM.F image[3], w, c, 2D;\n"
    "END\n";

static GLuint image_texture(GLuint unit, GLenum format, GLenum pf, GLenum ty, const void *data)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, format, 8, 8);
    if (data)
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, pf, ty, data);
    glBindImageTexture(unit, t, 0, GL_FALSE, 0, GL_READ_WRITE, format);
    return t;
}

static void test_images(void)
{
    uint32_t u[64];
    float f[256];
    int32_t zero[64] = {0};
    for (int i = 0; i < 64; i++)
        u[i] = (uint32_t)i * 3u;
    for (int i = 0; i < 256; i++)
        f[i] = (float)i * 0.25f;
    GLuint t[4];
    t[0] = image_texture(0, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, u);
    t[1] = image_texture(1, GL_RGBA32F, GL_RGBA, GL_FLOAT, f);
    t[2] = image_texture(2, GL_R32I, GL_RED_INTEGER, GL_INT, zero);
    t[3] = image_texture(3, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GLuint bo = buffer(0, 64 * 4, NULL);
    GLuint p = load(image_src);
    CHECK(p != 0, "the image program loads");
    if (!p)
        return;
    run(p, 1, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    uint32_t got_u[64];
    float got_f[256];
    int32_t got_i[64];
    uint8_t got_b[256];
    glBindTexture(GL_TEXTURE_2D, t[0]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got_u);
    glBindTexture(GL_TEXTURE_2D, t[1]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got_f);
    glBindTexture(GL_TEXTURE_2D, t[2]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_INT, got_i);
    glBindTexture(GL_TEXTURE_2D, t[3]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got_b);
    int32_t old[64];
    read_buffer(bo, sizeof old, old);
    int bad = 0;
    for (int i = 0; i < 64; i++) {
        if (got_u[i] != u[i] + 1000 && bad++ < 4)
            CHECK(0, "LOADIM/STOREIM.U32 texel %d: %u", i, got_u[i]);
        for (int c = 0; c < 4; c++)
            if (got_f[i * 4 + c] != f[i * 4 + c] * 2 && bad++ < 4)
                CHECK(0, "LOADIM/STOREIM.F32X4 texel %d comp %d: %g", i, c, got_f[i * 4 + c]);
        const uint8_t want_b[4] = {64, 102, 191, 255};
        for (int c = 0; c < 4; c++)
            if (got_b[i * 4 + c] != want_b[c] && bad++ < 4)
                CHECK(0, "formatted STOREIM.F to RGBA8 texel %d comp %d: %u", i, c, got_b[i * 4 + c]);
    }
    CHECK(bad == 0, "LOADIM and STOREIM, unformatted and formatted");
    CHECK(got_i[0] == 64, "ATOMIM.ADD.S32: %d", got_i[0]);
    CHECK(got_i[1] == 7, "ATOMIM.MAX.S32: %d", got_i[1]);
    int winners = 0;
    for (int i = 0; i < 64; i++)
        winners += old[i] == 0;
    CHECK(winners == 1 && got_i[2] >= 1 && got_i[2] <= 64, "ATOMIM.CSWAP.S32: %d winners, texel %d", winners, got_i[2]);
    glDeleteTextures(4, t);
    glDeleteBuffers(1, &bo);
    glDeleteProgramsARB(1, &p);
}

/* ATOMIM.F32 (ADD and EXCH, OPTION NV_shader_atomic_float) and ATOMIM.IWRAP/.DWRAP
 * (U32): 64 invocations on texel 0 of each image. */
static const char *image_atomic2_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "OPTION NV_shader_atomic_float;\n"
    "GROUP_SIZE 8 8;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEMP c, v, a;\n"
    "MOV.S c, invocation.globalid;\n"
    "MAD.U a.x, c.y, 8, c.x;\n"
    "MUL.U a.x, a.x, 16;\n"
    "ATOMIM.ADD.F32 v, 0.25, {0, 0, 0, 0}, image[0], 2D;\n"
    "ATOMIM.EXCH.F32 v.y, 2.5, {1, 0, 0, 0}, image[0], 2D;\n"
    "STB.F32X2 v, outb[a.x];\n"
    "ATOMIM.IWRAP.U32 v, 9, {0, 0, 0, 0}, image[1], 2D;\n" /* counts 0..9, 0.. */
    "ATOMIM.DWRAP.U32 v.y, 9, {1, 0, 0, 0}, image[1], 2D;\n" /* from 0: 9, 8 .. 0, 9 .. */
    "STB.U32X2 v, outb[a.x + 8];\n"
    "END\n";

static void test_image_atomics2(void)
{
    float zf[64] = {0};
    uint32_t zu[64] = {0};
    GLuint t[2];
    t[0] = image_texture(0, GL_R32F, GL_RED, GL_FLOAT, zf);
    t[1] = image_texture(1, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, zu);
    GLuint bo = buffer(0, 64 * 16, NULL);
    GLuint p = load(image_atomic2_src);
    CHECK(p != 0, "the F32 and wrapping image atomic program loads");
    if (p) {
        run(p, 1, 1);
        glMemoryBarrier(GL_ALL_BARRIER_BITS);
        float got_f[64];
        uint32_t got_u[64], out[64 * 4];
        glBindTexture(GL_TEXTURE_2D, t[0]);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, got_f);
        glBindTexture(GL_TEXTURE_2D, t[1]);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got_u);
        read_buffer(bo, sizeof out, out);
        CHECK(got_f[0] == 16.0f, "ATOMIM.ADD.F32: 64 x 0.25 = %g", got_f[0]);
        CHECK(got_f[1] == 2.5f, "ATOMIM.EXCH.F32: %g", got_f[1]);
        /* IWRAP with 9: 64 increments wrap at 10 (64 % 10 = 4); DWRAP from 0 with 9:
         * 0 -> 9 -> 8 ... each step down, 64 steps: 0, 9..0 (10 values a cycle). */
        CHECK(got_u[0] == 4, "ATOMIM.IWRAP.U32: %u", got_u[0]);
        CHECK(got_u[1] == (uint32_t)((10 - 64 % 10) % 10), "ATOMIM.DWRAP.U32: %u", got_u[1]);
        int seen_f[64] = {0}, seen_i[10] = {0}, bad = 0;
        float f_old;
        for (int i = 0; i < 64; i++) {
            memcpy(&f_old, &out[i * 4], 4);
            int k = (int)(f_old / 0.25f);
            if (k < 0 || k > 63 || f_old != (float)k * 0.25f || seen_f[k]++)
                bad++;
            if (out[i * 4 + 2] > 9)
                bad++;
            else
                seen_i[out[i * 4 + 2]]++;
        }
        for (int k = 0; k < 10; k++)
            bad += seen_i[k] != (k < 4 ? 7 : 6);
        CHECK(bad == 0, "each invocation got a distinct old value from ADD.F32, and IWRAP's counted 0 to 9");
        glDeleteProgramsARB(1, &p);
    }
    glDeleteTextures(2, t);
    glDeleteBuffers(1, &bo);
}

/* TEXTURE and IMAGE arrays indexed by a register (NV_gpu_program5): invocation i reads
 * element i (and i + 1 through an offset) of four-element arrays; an index past the
 * array reads the last texture and, of images, zero (glcompute: no image; NVIDIA's
 * driver 580: the unbound units after the array's). Two image formats through one
 * array stay within the image uniforms a program may use. */
static const char *unit_array_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 8;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEXTURE tex[] = { texture[0..3] };\n"
    "IMAGE img[] = { image[0..3] };\n"
    "TEMP r, c, a;\n"
    "MOV.S c, invocation.localid;\n"
    "MUL.S a.x, c.x, 20;\n"
    "TEX r, {0.1, 0.5, 0, 0}, tex[c.x], 2D;          STB.F32 r.x, outb[a.x + 0];\n"
    "TXF r, {0, 0, 0, 0}, tex[c.x + 1], 2D;          STB.F32 r.x, outb[a.x + 4];\n"
    "LOADIM.U32 r, {0, 0, 0, 0}, img[c.x], 2D;       STB.U32 r.x, outb[a.x + 8];\n"
    "ATOMIM.ADD.U32 r, 1, {0, 0, 0, 0}, img[c.x], 2D; STB.U32 r.x, outb[a.x + 12];\n"
    "MOV.U r, 7;\n"
    "STOREIM.U32 img[c.x + 2], r, {1, 0, 0, 0}, 2D;\n"
    "MOV.S r, -1;\n"
    "TXQ r, {0, 0, 0, 0}, tex[c.x], 2D;              STB.S32 r.x, outb[a.x + 16];\n"
    /* Two more formats through the array (results unused). */
    "LOADIM.F32 r, {0, 0, 0, 0}, img[c.x], 2D;\n"
    "LOADIM.S32 r, {0, 0, 0, 0}, img[c.x], 2D;\n"
    "END\n";

static void test_unit_arrays(void)
{
    GLuint t[8];
    glGenTextures(8, t);
    for (int i = 0; i < 4; i++) {
        const float v[4] = {(float)(i + 1), 0, 0, 1};
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, t[i]);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, 1 + i, 1);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, v);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    glActiveTexture(GL_TEXTURE0);
    for (int i = 0; i < 4; i++) {
        const uint32_t u[2] = {10u * (uint32_t)(i + 1), 0};
        glBindTexture(GL_TEXTURE_2D, t[4 + i]);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 2, 1);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, u);
        glBindImageTexture((GLuint)i, t[4 + i], 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    }
    glBindTexture(GL_TEXTURE_2D, t[0]);
    GLuint bo = buffer(0, 8 * 20, NULL);
    GLuint p = load(unit_array_src);
    CHECK(p != 0, "the texture and image array program loads");
    if (p) {
        run(p, 1, 1);
        uint32_t out[8 * 5];
        read_buffer(bo, sizeof out, out);
        int bad = 0;
        for (int i = 0; i < 8; i++) {
            float tex_v, fetch_v;
            memcpy(&tex_v, &out[i * 5], 4);
            memcpy(&fetch_v, &out[i * 5 + 1], 4);
            int last = i < 3 ? i : 3;
            int next = i + 1 < 3 ? i + 1 : 3;
            if (tex_v != (float)(last + 1) && bad++ < 4)
                CHECK(0, "TEX tex[%d]: %g", i, tex_v);
            if (fetch_v != (float)(next + 1) && bad++ < 4)
                CHECK(0, "TXF tex[%d + 1]: %g", i, fetch_v);
            uint32_t want_img = i < 4 ? 10u * (uint32_t)(i + 1) : 0;
            if (out[i * 5 + 2] != want_img && bad++ < 4)
                CHECK(0, "LOADIM img[%d]: %u", i, out[i * 5 + 2]);
            if (out[i * 5 + 3] != want_img && bad++ < 4)
                CHECK(0, "ATOMIM img[%d] (old): %u", i, out[i * 5 + 3]);
            if ((int32_t)out[i * 5 + 4] != last + 1 && bad++ < 4)
                CHECK(0, "TXQ tex[%d]: width %d", i, (int32_t)out[i * 5 + 4]);
        }
        CHECK(bad == 0, "TEX, TXF, TXQ, LOADIM and ATOMIM on register-indexed arrays (past the end: the last "
                        "texture, no image)");
        glMemoryBarrier(GL_ALL_BARRIER_BITS);
        for (int i = 0; i < 4; i++) {
            uint32_t got[2];
            glBindTexture(GL_TEXTURE_2D, t[4 + i]);
            glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
            uint32_t want0 = 10u * (uint32_t)(i + 1) + 1;
            /* STOREIM img[c.x + 2]: invocations 0 and 1 reach images 2 and 3 (the others
             * index past the array: NVIDIA's driver wraps back to images 0 and 1 at its
             * 8 image units, glcompute writes nothing). */
            CHECK(got[0] == want0 && (i < 2 || got[1] == 7u), "image %d after the atomics and stores: %u %u", i,
                  got[0], got[1]);
        }
        glDeleteProgramsARB(1, &p);
    }
    for (int i = 0; i < 4; i++)
        glBindImageTexture((GLuint)i, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    glDeleteTextures(8, t);
    glDeleteBuffers(1, &bo);
}

/* ---- textures (TEX, TXL, TXF, TXQ) ---------------------------------------------- */

static const char *tex_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEXTURE tex = texture[0];\n"
    "TEMP c, f, r, a;\n"
    "MOV.S c, invocation.globalid;\n"
    "MOV.S c.w, 0;\n"
    "MAD.U a.x, c.y, 4, c.x;\n"
    "MUL.U a.x, a.x, 80;\n"
    "TXF r, c, tex, 2D;                    STB.F32X4 r, outb[a.x + 0];\n"
    "I2F.S f, c;\n"
    "ADD.F f, f, 0.5;\n"
    "MUL.F f, f, 0.25;\n"
    "TEX r, f, tex, 2D;                    STB.F32X4 r, outb[a.x + 16];\n"
    "MOV.F f.w, 1.0;\n"
    "TXL r, f, tex, 2D;                    STB.F32X4 r, outb[a.x + 32];\n"
    "TXQ r, {1, 0, 0, 0}, texture[0], 2D;  STB.S32X4 r, outb[a.x + 48];\n"
    "TXF.U r, c, texture[1], 2D;           STB.U32X4 r, outb[a.x + 64];\n"
    "END\n";

/* Texture unit 0's 4x4 RGBA32F texture with a 2x2 second level, nearest-mipmapped:
 * component c of level-0 texel (x, y) is x + 10y + c/4, level-1 value i is 100 + i.
 * Fills l0 and l1 with those values and returns the texture. */
static GLuint mip_texture(float l0[64], float l1[16])
{
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            for (int c = 0; c < 4; c++)
                l0[(y * 4 + x) * 4 + c] = (float)(x + 10 * y) + 0.25f * (float)c;
    for (int i = 0; i < 16; i++)
        l1[i] = 100.0f + (float)i;
    GLuint t;
    glGenTextures(1, &t);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA32F, 4, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_FLOAT, l0);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_RGBA, GL_FLOAT, l1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
}

static void test_textures(void)
{
    float l0[64], l1[16];
    uint32_t u[16];
    for (int i = 0; i < 16; i++)
        u[i] = 7000u + (uint32_t)i;
    GLuint t[2];
    t[0] = mip_texture(l0, l1);
    glGenTextures(1, &t[1]);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, t[1]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 4, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, u);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE0);
    GLuint bo = buffer(0, 16 * 80, NULL);
    GLuint p = load(tex_src);
    CHECK(p != 0, "the texture program loads");
    if (!p)
        return;
    run(p, 1, 1);
    uint32_t out[16 * 20];
    read_buffer(bo, sizeof out, out);
    int bad = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const uint32_t *o = &out[(y * 4 + x) * 20];
            for (int c = 0; c < 4; c++) {
                uint32_t texel = fbits(l0[(y * 4 + x) * 4 + c]);
                uint32_t lvl1 = fbits(l1[((y / 2) * 2 + x / 2) * 4 + c]);
                /* TXQ: w undefined in the spec, the level count on NVIDIA and glcompute */
                uint32_t size = c < 2 ? 2u : c == 3 ? 2u : 0u;
                uint32_t ui = c == 0 ? u[y * 4 + x] : c == 3 ? 1u : 0u;
                const uint32_t want[5] = {texel, texel, lvl1, size, ui};
                for (int k = 0; k < 5; k++)
                    if (o[k * 4 + c] != want[k] && bad++ < 6)
                        CHECK(0, "texture result %d comp %d at (%d, %d): got 0x%x want 0x%x", k, c, x, y,
                              o[k * 4 + c], want[k]);
            }
        }
    CHECK(bad == 0, "TXF, TEX, TXL, TXQ and an integer TXF");
    glDeleteTextures(2, t);
    glDeleteBuffers(1, &bo);
    glDeleteProgramsARB(1, &p);
}

/* ---- TXG, TXD, TXFMS ----------------------------------------------------------------- */

static const char *tex2_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEXTURE tex = texture[0];\n"
    "TEMP c, f, r, a;\n"
    "MOV.S c, invocation.globalid;\n"
    "MAD.U a.x, c.y, 4, c.x;\n"
    "MUL.U a.x, a.x, 64;\n"
    "I2F.S f, c;\n"
    "ADD.F f, f, 1.0;\n"
    "MUL.F f, f, 0.25;\n" /* the corner of texels x and x + 1, y and y + 1 */
    "TXG r, f, tex.y, 2D;                  STB.F32X4 r, outb[a.x + 0];\n"
    "TXG r, f, texture[0], 2D;             STB.F32X4 r, outb[a.x + 16];\n"
    "I2F.S f, c;\n"
    "ADD.F f, f, 0.5;\n"
    "MUL.F f, f, 0.25;\n"
    "TXD r, f, {0.5, 0, 0, 0}, {0, 0.5, 0, 0}, tex, 2D;   STB.F32X4 r, outb[a.x + 32];\n"
    "TXD r, f, {0, 0, 0, 0}, {0, 0, 0, 0}, tex, 2D;       STB.F32X4 r, outb[a.x + 48];\n"
    "END\n";

/* Constant texel offsets (NV_gpu_program4 §2.X.4.4): TXF, TEX, TXL and TXD. */
static const char *offset_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEXTURE tex = texture[0];\n"
    "TEMP c, f, r, a;\n"
    "MOV.S c, invocation.globalid;\n"
    "MOV.S c.w, 0;\n"
    "MAD.U a.x, c.y, 4, c.x;\n"
    "MUL.U a.x, a.x, 80;\n"
    "TXF r, c, tex, 2D, (1, 1);                     STB.F32X4 r, outb[a.x + 0];\n"
    "I2F.S f, c;\n"
    "ADD.F f, f, 0.5;\n"
    "MUL.F f, f, 0.25;\n"
    "TEX r, f, tex, 2D, (-1, 2);                    STB.F32X4 r, outb[a.x + 16];\n"
    "MOV.F f.w, 1.0;\n"
    "TXL r, f, tex, 2D, (1);                        STB.F32X4 r, outb[a.x + 32];\n"
    "TXD r, f, {0, 0, 0, 0}, {0, 0, 0, 0}, tex, 2D, (0, 1); STB.F32X4 r, outb[a.x + 48];\n"
    "ADD.F f, f, 0.125;\n" /* the corner of texels x and x + 1, y and y + 1 */
    "TXG r, f, tex.z, 2D, (-2, 1);                  STB.F32X4 r, outb[a.x + 64];\n"
    "END\n";

/* The same lookups with texel offsets from a register (NV_gpu_program5 §2.X.4.4,
 * `, offset(R)` after the target, the comma NVIDIA's driver requires; TXD takes none,
 * so a TEX at level 0 stands in). */
static const char *var_offset_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEXTURE tex = texture[0];\n"
    "TEMP c, f, r, a, o;\n"
    "MOV.S c, invocation.globalid;\n"
    "MOV.S c.w, 0;\n"
    "MAD.U a.x, c.y, 4, c.x;\n"
    "MUL.U a.x, a.x, 80;\n"
    "MOV.S o, {1, 1, 7, 7};\n" /* z and w are ignored on 2D targets */
    "TXF r, c, tex, 2D, offset(o);                   STB.F32X4 r, outb[a.x + 0];\n"
    "I2F.S f, c;\n"
    "ADD.F f, f, 0.5;\n"
    "MUL.F f, f, 0.25;\n"
    "MOV.S o, {-1, 2, 0, 0};\n"
    "TEX r, f, tex, 2D, offset(o);                   STB.F32X4 r, outb[a.x + 16];\n"
    "MOV.F f.w, 1.0;\n"
    "MOV.S o.xy, {1, 0, 0, 0};\n"
    "TXL r, f, tex, 2D, offset(o);                   STB.F32X4 r, outb[a.x + 32];\n"
    "MOV.S o.xy, {0, 1, 0, 0};\n"
    "TEX r, f, tex, 2D, offset(o);                   STB.F32X4 r, outb[a.x + 48];\n"
    "ADD.F f, f, 0.125;\n" /* the corner of texels x and x + 1, y and y + 1 */
    "MOV.S o.xy, {-2, 1, 0, 0};\n"
    "TXG r, f, tex.z, 2D, offset(o);                 STB.F32X4 r, outb[a.x + 64];\n"
    "END\n";

/* TXGO (NV_gpu_program5 §2.X.8.Z): texel k of the result is the texel i0j0 of the
 * footprint offset by (op1.k, op2.k); with (0,1,1,0) and (1,1,0,0) it is TXG. */
static const char *txgo_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEXTURE tex = texture[0];\n"
    "TEMP c, f, r, a, ox, oy;\n"
    "MOV.S c, invocation.globalid;\n"
    "MAD.U a.x, c.y, 4, c.x;\n"
    "MUL.U a.x, a.x, 48;\n"
    "I2F.S f, c;\n"
    "ADD.F f, f, 1.0;\n"
    "MUL.F f, f, 0.25;\n" /* the corner of texels x and x + 1, y and y + 1 */
    "TXGO r, f, {0, 1, 1, 0}, {1, 1, 0, 0}, tex.y, 2D;  STB.F32X4 r, outb[a.x + 0];\n"
    "MOV.S ox, {-1, 2, 0, 1};\n"
    "MOV.S oy, {-1, 0, 1, 2};\n"
    "TXGO r, f, ox, oy, tex.w, 2D;                      STB.F32X4 r, outb[a.x + 16];\n"
    "TXGO r, f, ox, oy, texture[0], 2D;                 STB.F32X4 r, outb[a.x + 32];\n"
    "END\n";

/* Writes sample s of texel (x, y) of a 4-sample image as (x, y, s, 1)... */
static const char *ms_store_src =
    "!!NVcp5.0\n"
    "GROUP_SIZE 4 4;\n"
    "TEMP c, v;\n"
    "MOV.S c, invocation.globalid;\n"
    "I2F.S v, c;\n"
    "MOV.F v.w, 1.0;\n"
    "MOV.S c.w, 0;  MOV.F v.z, 0.0;  STOREIM.F32X4 image[0], v, c, 2DMS;\n"
    "MOV.S c.w, 1;  MOV.F v.z, 1.0;  STOREIM.F32X4 image[0], v, c, 2DMS;\n"
    "MOV.S c.w, 2;  MOV.F v.z, 2.0;  STOREIM.F32X4 image[0], v, c, 2DMS;\n"
    "MOV.S c.w, 3;  MOV.F v.z, 3.0;  STOREIM.F32X4 image[0], v, c, 2DMS;\n"
    "END\n";

/* ...and TXFMS reads sample (x + y) % 4 of it back. */
static const char *ms_fetch_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "OPTION NV_texture_multisample;\n"
    "GROUP_SIZE 4 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEMP c, r, a;\n"
    "MOV.S c, invocation.globalid;\n"
    "MAD.U a.x, c.y, 4, c.x;\n"
    "MUL.U a.x, a.x, 16;\n"
    "ADD.S c.w, c.x, c.y;\n"
    "AND.S c.w, c.w, 3;\n"
    "TXFMS r, c, texture[2], 2DMS;         STB.F32X4 r, outb[a.x];\n"
    "END\n";

static void test_texture_ops(void)
{
    float l0[64], l1[16];
    GLuint t[2];
    t[0] = mip_texture(l0, l1);
    glGenTextures(1, &t[1]);
    GLuint bo = buffer(0, 16 * 80, NULL);
    GLuint p = load(tex2_src);
    CHECK(p != 0, "the TXG/TXD program loads");
    if (p) {
        run(p, 1, 1);
        float out[16 * 16];
        read_buffer(bo, sizeof out, out);
        int bad = 0;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                const float *o = &out[(y * 4 + x) * 16];
                /* REPEAT wraps texel 4 to 0. */
                int x1 = (x + 1) & 3, y1 = (y + 1) & 3;
                const int gx[4] = {x, x1, x1, x}, gy[4] = {y1, y1, y, y};
                for (int c = 0; c < 4; c++) {
                    float want[4] = {
                        l0[(gy[c] * 4 + gx[c]) * 4 + 1], /* TXG tex.y: (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
                        l0[(gy[c] * 4 + gx[c]) * 4 + 0], /* TXG, x by default */
                        l1[((y / 2) * 2 + x / 2) * 4 + c], /* TXD, two texels a step: level 1 */
                        l0[(y * 4 + x) * 4 + c],           /* TXD, no change: level 0 */
                    };
                    for (int k = 0; k < 4; k++)
                        if (o[k * 4 + c] != want[k] && bad++ < 6)
                            CHECK(0, "TXG/TXD result %d comp %d at (%d, %d): got %g want %g", k, c, x, y,
                                  o[k * 4 + c], want[k]);
                }
            }
        CHECK(bad == 0, "TXG with and without a component, TXD at two levels");
        glDeleteProgramsARB(1, &p);
    }
    for (int v = 0; v < 2; v++) {
    p = load(v ? var_offset_src : offset_src);
    CHECK(p != 0, "the texel offset program loads (%s)", v ? "offsets from a register" : "constant offsets");
    if (p) {
        run(p, 1, 1);
        float out[16 * 20];
        read_buffer(bo, sizeof out, out);
        int bad = 0;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                const float *o = &out[(y * 4 + x) * 20];
                /* TXG at the corner of texels x and x + 1, y and y + 1, offset by (-2, 1). */
                int gx0 = (x - 2) & 3, gx1 = (x - 1) & 3, gy0 = (y + 1) & 3, gy1 = (y + 2) & 3;
                const int gx[4] = {gx0, gx1, gx1, gx0}, gy[4] = {gy1, gy1, gy0, gy0};
                for (int c = 0; c < 4; c++) {
                    float want = l0[(gy[c] * 4 + gx[c]) * 4 + 2];
                    if (o[16 + c] != want && bad++ < 6)
                        CHECK(0, "TXG offset comp %d at (%d, %d): got %g want %g", c, x, y, o[16 + c], want);
                }
                for (int c = 0; c < 4; c++) {
                    /* TXF has no wrap: only the texels inside the texture are checked. */
                    if (x < 3 && y < 3 && o[c] != l0[((y + 1) * 4 + x + 1) * 4 + c] && bad++ < 6)
                        CHECK(0, "TXF offset comp %d at (%d, %d): got %g", c, x, y, o[c]);
                    /* REPEAT wraps the offset texel; level 1 is 2x2. */
                    float want[3] = {
                        l0[(((y + 2) & 3) * 4 + ((x - 1) & 3)) * 4 + c],
                        l1[((y / 2) * 2 + ((x / 2 + 1) & 1)) * 4 + c],
                        l0[(((y + 1) & 3) * 4 + x) * 4 + c],
                    };
                    for (int k = 0; k < 3; k++)
                        if (o[(k + 1) * 4 + c] != want[k] && bad++ < 6)
                            CHECK(0, "offset lookup %d comp %d at (%d, %d): got %g want %g", k + 1, c, x, y,
                                  o[(k + 1) * 4 + c], want[k]);
                }
            }
        CHECK(bad == 0, "texel offsets of TXF, TEX, TXL, TXD and TXG (%s)",
              v ? "from a register, TEX for TXD" : "constant");
        glDeleteProgramsARB(1, &p);
    }
    }
    p = load(txgo_src);
    CHECK(p != 0, "the TXGO program loads");
    if (p) {
        run(p, 1, 1);
        float out[16 * 12];
        read_buffer(bo, sizeof out, out);
        int bad = 0;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                const float *o = &out[(y * 4 + x) * 12];
                const int ox[2][4] = {{0, 1, 1, 0}, {-1, 2, 0, 1}}, oy[2][4] = {{1, 1, 0, 0}, {-1, 0, 1, 2}};
                const int comp[3] = {1, 3, 0};
                for (int k = 0; k < 3; k++)
                    for (int c = 0; c < 4; c++) {
                        /* REPEAT wraps; texel i0j0 of the corner's footprint is (x, y). */
                        int s = k ? 1 : 0;
                        int tx = (x + ox[s][c]) & 3, ty = (y + oy[s][c]) & 3;
                        float want = l0[(ty * 4 + tx) * 4 + comp[k]];
                        if (o[k * 4 + c] != want && bad++ < 6)
                            CHECK(0, "TXGO %d comp %d at (%d, %d): got %g want %g", k, c, x, y, o[k * 4 + c], want);
                    }
            }
        CHECK(bad == 0, "TXGO with constant and register offsets, and TXG's offsets");
        glDeleteProgramsARB(1, &p);
    }
    /* TXFMS: a 4-sample RGBA32F texture written sample by sample through STOREIM.
     * Interposed, a host's multisample textures stay the host's (they read as unbound
     * in glcompute's dispatches, docs/interposed.md). */
    if (host) {
        glDeleteTextures(2, t);
        glDeleteBuffers(1, &bo);
        return;
    }
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[1]);
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA32F, 4, 4, GL_TRUE);
    glBindImageTexture(0, t[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[1]);
    glActiveTexture(GL_TEXTURE0);
    GLuint ps = load(ms_store_src), pf = load(ms_fetch_src);
    CHECK(ps != 0 && pf != 0, "the STOREIM 2DMS and TXFMS programs load");
    if (ps && pf) {
        run(ps, 1, 1);
        glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
        run(pf, 1, 1);
        float out[16 * 4];
        read_buffer(bo, sizeof out, out);
        int bad = 0;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                const float want[4] = {(float)x, (float)y, (float)((x + y) & 3), 1.0f};
                for (int c = 0; c < 4; c++)
                    if (out[(y * 4 + x) * 4 + c] != want[c] && bad++ < 6)
                        CHECK(0, "TXFMS comp %d at (%d, %d): got %g want %g", c, x, y, out[(y * 4 + x) * 4 + c],
                              want[c]);
            }
        CHECK(bad == 0, "TXFMS reads the sample its w names");
    }
    if (ps)
        glDeleteProgramsARB(1, &ps);
    if (pf)
        glDeleteProgramsARB(1, &pf);
    glDeleteTextures(2, t);
    glDeleteBuffers(1, &bo);
}

/* ---- shadow targets ---------------------------------------------------------------- */

static const char *shadow_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEMP c, f, r, a;\n"
    "MOV.S c, invocation.globalid;\n"
    "MAD.U a.x, c.y, 4, c.x;\n"
    "MUL.U a.x, a.x, 80;\n"
    "I2F.S f, c;\n"
    "ADD.F f, f, 0.5;\n"
    "MUL.F f, f, 0.25;\n"
    "MOV.F f.zw, {0, 0, 0.5, 0};\n" /* the reference in z, a level or bias of 0 in w */
    "TEX r, f, texture[0], SHADOW2D;                            STB.F32X4 r, outb[a.x + 0];\n"
    "TXL r, f, texture[0], SHADOW2D;                            STB.F32X4 r, outb[a.x + 16];\n"
    "TXB r, f, texture[0], SHADOW2D;                            STB.F32X4 r, outb[a.x + 32];\n"
    "TXD r, f, {0, 0, 0, 0}, {0, 0, 0, 0}, texture[0], SHADOW2D; STB.F32X4 r, outb[a.x + 48];\n"
    "MOV.F f.zw, {0, 0, 1, 0.5};\n" /* layer 1 in z, the reference in w */
    "TEX r, f, texture[1], SHADOWARRAY2D;                       STB.F32X4 r, outb[a.x + 64];\n"
    "END\n";

/* The shadow gathers: TXG and TXGO compare the reference with each of the four texels
 * (the component selector ignored), and SHADOWARRAYCUBE takes its reference in x of a
 * second operand (EXT_sparse_texture2's table for NV_gpu_program5). */
static const char *shadow_gather_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "TEMP c, f, r, a, d;\n"
    "MOV.S c, invocation.globalid;\n"
    "MAD.U a.x, c.y, 4, c.x;\n"
    "MUL.U a.x, a.x, 96;\n"
    "I2F.S f, c;\n"
    "ADD.F f, f, 1.0;\n"
    "MUL.F f, f, 0.25;\n" /* the corner of texels x and x + 1, y and y + 1 */
    "MOV.F f.zw, {0, 0, 0.5, 0};\n"
    "TXG r, f, texture[0], SHADOW2D;                                   STB.F32X4 r, outb[a.x + 0];\n"
    "TXG r, f, texture[0].w, SHADOW2D;                                 STB.F32X4 r, outb[a.x + 16];\n"
    "TXGO r, f, {-1, 2, 0, 1}, {-1, 0, 1, 2}, texture[0], SHADOW2D;    STB.F32X4 r, outb[a.x + 32];\n"
    "MOV.F d, {1, 0, 0, 1};\n" /* +x, layer 1 */
    "TEX r, d, {0.25, 0, 0, 0}, texture[2], SHADOWARRAYCUBE;           STB.F32X4 r, outb[a.x + 48];\n"
    "TEX r, d, {0.75, 0, 0, 0}, texture[2], SHADOWARRAYCUBE;           STB.F32X4 r, outb[a.x + 64];\n"
    "TXG r, d, {0.25, 0, 0, 0}, texture[2], SHADOWARRAYCUBE;           STB.F32X4 r, outb[a.x + 80];\n"
    "END\n";

static void test_shadow(void)
{
    float d[16], layers[32];
    for (int i = 0; i < 16; i++) {
        d[i] = ((float)i + 0.5f) / 16.0f;
        layers[i] = 0.0f;
        layers[16 + i] = 1.0f - d[i];
    }
    GLuint t[2];
    glGenTextures(2, t);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, t[0]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT32F, 4, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t[1]);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_DEPTH_COMPONENT32F, 4, 4, 2);
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 2, GL_DEPTH_COMPONENT, GL_FLOAT, layers);
    const GLenum targets[2] = {GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY};
    for (int k = 0; k < 2; k++) {
        glActiveTexture(GL_TEXTURE0 + k);
        glTexParameteri(targets[k], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(targets[k], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(targets[k], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        glTexParameteri(targets[k], GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    }
    glActiveTexture(GL_TEXTURE0);
    GLuint bo = buffer(0, 16 * 80, NULL);
    GLuint p = load(shadow_src);
    CHECK(p != 0, "the shadow program loads");
    if (p) {
        run(p, 1, 1);
        float out[16 * 20];
        read_buffer(bo, sizeof out, out);
        int bad = 0;
        for (int i = 0; i < 16; i++) {
            /* LEQUAL: 1 where the reference 0.5 <= the texel's depth. */
            float v2d = 0.5f <= d[i] ? 1.0f : 0.0f, varr = 0.5f <= layers[16 + i] ? 1.0f : 0.0f;
            for (int k = 0; k < 5; k++)
                for (int c = 0; c < 4; c++) {
                    float want = c == 3 ? 1.0f : k == 4 ? varr : v2d;
                    if (out[i * 20 + k * 4 + c] != want && bad++ < 6)
                        CHECK(0, "shadow lookup %d comp %d of texel %d: got %g want %g", k, c, i,
                              out[i * 20 + k * 4 + c], want);
                }
        }
        CHECK(bad == 0, "TEX, TXL, TXB and TXD on SHADOW2D and TEX on SHADOWARRAY2D give (r, r, r, 1)");
        glDeleteProgramsARB(1, &p);
    }
    /* A cube map array of depth 0.5 everywhere, on unit 2. */
    GLuint cube;
    glGenTextures(1, &cube);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, cube);
    glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_DEPTH_COMPONENT32F, 2, 2, 12);
    float half[2 * 2 * 12];
    for (int i = 0; i < 48; i++)
        half[i] = 0.5f;
    glTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 0, 2, 2, 12, GL_DEPTH_COMPONENT, GL_FLOAT, half);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glActiveTexture(GL_TEXTURE0);
    p = load(shadow_gather_src);
    CHECK(p != 0, "the shadow gather program loads");
    if (p) {
        glDeleteBuffers(1, &bo);
        bo = buffer(0, 16 * 96, NULL);
        run(p, 1, 1);
        float out[16 * 24];
        read_buffer(bo, sizeof out, out);
        int bad = 0;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                const float *o = &out[(y * 4 + x) * 24];
                int x1 = (x + 1) & 3, y1 = (y + 1) & 3;
                const int gx[4] = {x, x1, x1, x}, gy[4] = {y1, y1, y, y};
                const int ox[4] = {-1, 2, 0, 1}, oy[4] = {-1, 0, 1, 2};
                for (int c = 0; c < 4; c++) {
                    float g = 0.5f <= d[gy[c] * 4 + gx[c]] ? 1.0f : 0.0f;
                    float go = 0.5f <= d[((y + oy[c]) & 3) * 4 + ((x + ox[c]) & 3)] ? 1.0f : 0.0f;
                    const float want[6] = {g, g, go, c == 3 ? 1.0f : 1.0f, c == 3 ? 1.0f : 0.0f, 1.0f};
                    for (int k = 0; k < 6; k++)
                        if (o[k * 4 + c] != want[k] && bad++ < 6)
                            CHECK(0, "shadow gather %d comp %d at (%d, %d): got %g want %g", k, c, x, y,
                                  o[k * 4 + c], want[k]);
                }
            }
        CHECK(bad == 0, "TXG and TXGO on SHADOW2D compare each texel; TEX and TXG on SHADOWARRAYCUBE");
        glDeleteProgramsARB(1, &p);
    }
    glDeleteTextures(1, &cube);
    glDeleteTextures(2, t);
    glDeleteBuffers(1, &bo);
}

/* ---- storage buffers and shared memory ------------------------------------------- */

static const char *mem_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "OPTION NV_shader_atomic_float;\n"
    "GROUP_SIZE 64;\n"
    "SHARED_MEMORY 512;\n"
    "STORAGE bytes[] = { program.storage[0] };\n"
    "STORAGE outb[] = { program.storage[1] };\n"
    "STORAGE ctr[] = { program.storage[2] };\n"
    "SHARED sh[] = { program.sharedmem };\n"
    "SHARED tail[] = { program.sharedmem[256..511] };\n"
    "TEMP g, r, o, v, t;\n"
    "MOV.U g.x, invocation.globalid.x;\n"
    "MUL.U o.x, g.x, 80;\n"
    /* sub-word loads at every byte offset */
    "LDB.U8 r, bytes[g.x];       STB.U32X4 r, outb[o.x + 0];\n"
    "LDB.S8 r, bytes[g.x];       STB.S32X4 r, outb[o.x + 16];\n"
    "AND.U t.x, g.x, -2;\n"
    "LDB.S16 r.xy, bytes[t.x];   STB.S32X2 r, outb[o.x + 32];\n"
    "LDB.U16 r.x, bytes[t.x + 2]; STB.U32 r, outb[o.x + 40];\n"
    "AND.U t.y, g.x, -8;\n"
    "LDB.U32X2 r, bytes[t.y];    STB.U32X2 r, outb[o.x + 48];\n"
    "MUL.U t.z, g.x, 4;\n"
    /* atomics on counters every invocation shares */
    "ATOMB.ADD.U32 r.x, 3, ctr[0];\n"
    "ATOMB.MIN.S32 r.x, g.x, ctr[4];\n"
    "SUB.S v.x, 0, g.x;\n"
    "ATOMB.MAX.S32 r.x, v.x, ctr[8];\n"
    "ATOMB.MIN.U32 r.x, g.x, ctr[12];\n"
    "ATOMB.MAX.U32 r.x, g.x, ctr[16];\n"
    "AND.U v.x, g.x, 31;\n"
    "SHL.U v.x, 1, v.x;\n"
    "ATOMB.OR.U32 r.x, v.x, ctr[20];\n"
    "NOT.U v.y, v.x;\n"
    "ATOMB.AND.U32 r.x, v.y, ctr[24];\n"
    "ATOMB.XOR.U32 r.x, v.x, ctr[28];\n"
    "ATOMB.IWRAP.U32 r.x, 9, ctr[32];\n"
    "ATOMB.DWRAP.U32 r.x, 9, ctr[36];\n"
    "ATOMB.ADD.F32 r.x, 0.5, ctr[40];\n"
    "ADD.U v.z, g.x, 1;\n"
    "MOV.U v.w, 0;\n"
    "ATOMB.CSWAP.U32 r.x, v.wzww, ctr[44];\n"
    "STB.U32 r.x, outb[o.x + 56];\n"
    "ATOMB.EXCH.U32 r.x, v.z, ctr[48];\n"
    "STB.U32 r.x, outb[o.x + 60];\n"
    /* shared memory: bytes stored by every invocation, read back after BAR */
    "STS.U8 g.x, sh[g.x];\n"
    "MUL.U t.w, g.x, 2;\n"
    "MUL.U v.x, g.x, 3;\n"
    "STS.U16 v.x, sh[t.w + 64];\n"
    "STS.U32 g.x, tail[t.z];\n"
    "BAR;\n"
    "ATOMS.ADD.U32 r.x, g.x, tail[0];\n"
    "SUB.U t.x, 63, g.x;\n"
    /* a one-component load writes .x (and zeroes y, z, w) */
    "LDS.U8 r.x, sh[t.x];\n"
    "MUL.U t.x, t.x, 2;\n"
    "LDS.U16 v, sh[t.x + 64];\n"
    "MOV.U r.y, v.x;\n"
    "LDS.S16 v, sh[t.x + 64];\n"
    "MOV.U r.z, v.x;\n"
    "BAR;\n"
    "LDS.U32 v, tail[0];\n"
    "MOV.U r.w, v.x;\n"
    "STB.U32X4 r, outb[o.x + 64];\n"
    "END\n";

static void test_memory(void)
{
    enum { M = 64 };
    uint8_t bytes[256];
    for (int i = 0; i < 256; i++)
        bytes[i] = (uint8_t)(i * 37 + 101);
    uint32_t ctr[16] = {0, 0x7fffffff, 0x7fffffff, 0xffffffff, 0, 0, 0xffffffff, 0, 0, 0, 0, 0, 0};
    GLuint bb = buffer(0, sizeof bytes, bytes);
    GLuint bo = buffer(1, M * 80, NULL);
    GLuint bc = buffer(2, sizeof ctr, ctr);
    GLuint p = load(mem_src);
    CHECK(p != 0, "the memory program loads");
    if (!p)
        return;
    run(p, 1, 1);
    uint32_t out[M * 20];
    read_buffer(bo, sizeof out, out);
    uint32_t c[16];
    read_buffer(bc, sizeof c, c);
    int bad = 0;
    uint32_t cswap_won = 0, exch_zero = 0;
    for (int i = 0; i < M; i++) {
        const uint32_t *o = &out[i * 20];
        uint32_t want[11];
        want[0] = bytes[i];
        want[4] = (uint32_t)(int32_t)(int8_t)bytes[i];
        int t = i & ~1;
        int16_t s16;
        memcpy(&s16, &bytes[t], 2);
        want[8] = (uint32_t)(int32_t)s16;
        uint16_t u16;
        memcpy(&u16, &bytes[t + 2], 2);
        want[10] = u16;
        uint32_t w2[2];
        memcpy(w2, &bytes[i & ~7], 8);
        const int idx[] = {0, 4, 8, 10};
        for (int k = 0; k < 4; k++)
            if (o[idx[k]] != want[idx[k]] && bad++ < 5)
                CHECK(0, "sub-word load %d of invocation %d: got 0x%x want 0x%x", k, i, o[idx[k]], want[idx[k]]);
        if ((o[1] | o[2] | o[3] | o[5] | o[6] | o[7]) != 0 && bad++ < 5)
            CHECK(0, "a one-component load zeroes y, z, w (invocation %d)", i);
        if ((o[12] != w2[0] || o[13] != w2[1]) && bad++ < 5)
            CHECK(0, "LDB.U32X2 of invocation %d", i);
        if (o[14] == 0)
            cswap_won++;
        if (o[15] == 0)
            exch_zero++;
        /* shared memory as another invocation wrote it */
        uint32_t j = 63 - (uint32_t)i;
        if ((o[16] != j || o[17] != ((j * 3) & 0xffff) || o[18] != (uint32_t)(int32_t)(int16_t)(j * 3)) && bad++ < 5)
            CHECK(0, "shared bytes of invocation %d: %u %u %u", i, o[16], o[17], o[18]);
        if (o[19] != 2016 && bad++ < 5)
            CHECK(0, "shared ATOMS.ADD total seen by invocation %d: %u", i, o[19]);
    }
    CHECK(bad == 0, "storage and shared loads and stores");
    CHECK(c[0] == 3 * M, "ATOMB.ADD.U32: %u", c[0]);
    CHECK((int32_t)c[1] == 0, "ATOMB.MIN.S32: %d", (int32_t)c[1]);
    CHECK((int32_t)c[2] == 0x7fffffff, "ATOMB.MAX.S32 of negatives keeps the initial value: %d", (int32_t)c[2]);
    CHECK(c[3] == 0, "ATOMB.MIN.U32: %u", c[3]);
    CHECK(c[4] == 63, "ATOMB.MAX.U32: %u", c[4]);
    CHECK(c[5] == 0xffffffffu, "ATOMB.OR.U32: 0x%x", c[5]);
    CHECK(c[6] == 0, "ATOMB.AND.U32: 0x%x", c[6]);
    CHECK(c[7] == 0, "ATOMB.XOR.U32 (every bit twice): 0x%x", c[7]);
    CHECK(c[8] == (uint32_t)(M % 10), "ATOMB.IWRAP.U32 9 after %d: %u", M, c[8]);
    CHECK(c[9] == (uint32_t)((10 - M % 10) % 10), "ATOMB.DWRAP.U32 9 after %d: %u", M, c[9]);
    float fsum;
    memcpy(&fsum, &c[10], 4);
    CHECK(fsum == 0.5f * M, "ATOMB.ADD.F32: %g", fsum);
    CHECK(cswap_won == 1 && c[11] >= 1 && c[11] <= M, "ATOMB.CSWAP: one winner (%u), memory %u", cswap_won, c[11]);
    CHECK(exch_zero == 1 && c[12] >= 1 && c[12] <= M, "ATOMB.EXCH: one saw the initial 0 (%u), memory %u", exch_zero, c[12]);
    glDeleteBuffers(1, &bb);
    glDeleteBuffers(1, &bo);
    glDeleteBuffers(1, &bc);
    glDeleteProgramsARB(1, &p);
}

/* ---- GLSL and assembly pairs ------------------------------------------------------ */

static const char *scan_asm =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 256;\n"
    "SHARED_MEMORY 1024;\n"
    "STORAGE data[] = { program.storage[0] };\n"
    "SHARED sh[] = { program.sharedmem };\n"
    "TEMP i, a, v, w, off, cc;\n"
    "MOV.U i.x, invocation.localid.x;\n"
    "MUL.U a.x, invocation.globalid.x, 4;\n"
    "MUL.U off.x, i.x, 4;\n"
    "LDB.U32 v.x, data[a.x];\n"
    "STS.U32 v.x, sh[off.x];\n"
    "MOV.U w.y, 1;\n"
    "REP 8;\n"
    "  BAR;\n"
    "  MOV.U w.x, 0;\n"
    "  SGE.U.CC cc.x, i.x, w.y;\n"
    "  IF NE.x;\n"
    "    SUB.U w.z, i.x, w.y;\n"
    "    MUL.U w.z, w.z, 4;\n"
    "    LDS.U32 w.x, sh[w.z];\n"
    "  ENDIF;\n"
    "  BAR;\n"
    "  LDS.U32 v.x, sh[off.x];\n"
    "  ADD.U v.x, v.x, w.x;\n"
    "  STS.U32 v.x, sh[off.x];\n"
    "  SHL.U w.y, w.y, 1;\n"
    "ENDREP;\n"
    "STB.U32 v.x, data[a.x];\n"
    "END\n";

static const char *scan_glsl =
    "#version 430\n"
    "layout(local_size_x = 256) in;\n"
    "layout(std430, binding = 0) buffer D { uint data[]; };\n"
    "shared uint sh[256];\n"
    "void main() {\n"
    "    uint i = gl_LocalInvocationID.x;\n"
    "    uint v = data[gl_GlobalInvocationID.x];\n"
    "    sh[i] = v;\n"
    "    for (uint d = 1u; d < 256u; d *= 2u) {\n"
    "        barrier();\n"
    "        uint w = i >= d ? sh[i - d] : 0u;\n"
    "        barrier();\n"
    "        v = sh[i] + w;\n"
    "        sh[i] = v;\n"
    "    }\n"
    "    data[gl_GlobalInvocationID.x] = v;\n"
    "}\n";

static const char *hist_asm =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 128;\n"
    "SHARED_MEMORY 256;\n"
    "STORAGE values[] = { program.storage[0] };\n"
    "STORAGE bins[] = { program.storage[1] };\n"
    "SHARED h[] = { program.sharedmem };\n"
    "TEMP a, v, o, cc;\n"
    "MUL.U a.x, invocation.localid.x, 4;\n"
    "SLT.U.CC cc.x, invocation.localid.x, 64;\n"
    "IF NE.x; STS.U32 0, h[a.x]; ENDIF;\n"
    "BAR;\n"
    "MUL.U a.y, invocation.globalid.x, 4;\n"
    "LDB.U32 v.x, values[a.y];\n"
    "AND.U v.x, v.x, 63;\n"
    "MUL.U v.x, v.x, 4;\n"
    "ATOMS.ADD.U32 o.x, 1, h[v.x];\n"
    "BAR;\n"
    "IF NE.x;\n"
    "  LDS.U32 o, h[a.x];\n"
    "  ATOMB.ADD.U32 o.z, o.x, bins[a.x];\n"
    "ENDIF;\n"
    "END\n";

static const char *hist_glsl =
    "#version 430\n"
    "layout(local_size_x = 128) in;\n"
    "layout(std430, binding = 0) buffer V { uint values[]; };\n"
    "layout(std430, binding = 1) buffer B { uint bins[]; };\n"
    "shared uint h[64];\n"
    "void main() {\n"
    "    uint l = gl_LocalInvocationID.x;\n"
    "    if (l < 64u) h[l] = 0u;\n"
    "    barrier();\n"
    "    atomicAdd(h[values[gl_GlobalInvocationID.x] & 63u], 1u);\n"
    "    barrier();\n"
    "    if (l < 64u) atomicAdd(bins[l], h[l]);\n"
    "}\n";

static void run_glsl(const char *src, GLuint gx)
{
    GLuint prog = h_program(src);
    CHECK(prog != 0, "the GLSL program links");
    glUseProgram(prog);
    glDispatchCompute(gx, 1, 1);
    glUseProgram(0);
    glDeleteProgram(prog);
}

static void test_pairs(void)
{
    enum { S = 1024 };
    uint32_t in[S], a[S], g[S], want[S];
    for (int i = 0; i < S; i++)
        in[i] = (uint32_t)(i * 7919 % 1000);
    for (int grp = 0; grp < S / 256; grp++) {
        uint32_t sum = 0;
        for (int i = 0; i < 256; i++)
            want[grp * 256 + i] = sum += in[grp * 256 + i];
    }
    GLuint b = buffer(0, sizeof in, in);
    GLuint p = load(scan_asm);
    CHECK(p != 0, "the prefix-sum program loads");
    if (p)
        run(p, S / 256, 1);
    read_buffer(b, sizeof a, a);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof in, in);
    run_glsl(scan_glsl, S / 256);
    read_buffer(b, sizeof g, g);
    CHECK(memcmp(a, want, sizeof a) == 0, "assembly prefix sum (LDS/STS/BAR) matches the CPU (a[255] = %u, want %u)", a[255], want[255]);
    CHECK(memcmp(g, a, sizeof a) == 0, "GLSL and assembly prefix sums agree");
    glDeleteProgramsARB(1, &p);

    enum { H = 128 * 16 };
    uint32_t vals[H], hist_a[64], hist_g[64], hw[64] = {0};
    for (int i = 0; i < H; i++) {
        vals[i] = (uint32_t)(i * 2654435761u >> 7);
        hw[vals[i] & 63]++;
    }
    uint32_t zero[64] = {0};
    GLuint bv = buffer(0, sizeof vals, vals);
    GLuint bh = buffer(1, sizeof zero, zero);
    p = load(hist_asm);
    CHECK(p != 0, "the histogram program loads");
    if (p)
        run(p, H / 128, 1);
    read_buffer(bh, sizeof hist_a, hist_a);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, bh);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof zero, zero);
    run_glsl(hist_glsl, H / 128);
    read_buffer(bh, sizeof hist_g, hist_g);
    CHECK(memcmp(hist_a, hw, sizeof hw) == 0, "assembly histogram (ATOMS) matches the CPU (bin 0: %u, want %u)", hist_a[0], hw[0]);
    CHECK(memcmp(hist_g, hist_a, sizeof hw) == 0, "GLSL and assembly histograms agree");
    glDeleteProgramsARB(1, &p);
    glDeleteBuffers(1, &b);
    glDeleteBuffers(1, &bv);
    glDeleteBuffers(1, &bh);
}

/* Figure X.1: a 5x4 dispatch of 8x4 groups; the invocation at global (10, 9) has
 * local (2, 1) and group (1, 2). */
static const char *ids_src =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 8 4;\n"
    "STORAGE outb[] = { program.storage[0] };\n"
    "ATTRIB gid = invocation.globalid;\n"
    "TEMP a, r;\n"
    "MAD.U a.x, gid.y, 40, gid.x;\n"
    "MUL.U a.x, a.x, 64;\n"
    "MOV.U r, gid;                           STB.U32X4 r, outb[a.x + 0];\n"
    "MOV.U r, invocation.localid;            STB.U32X4 r, outb[a.x + 16];\n"
    "MOV.U r.xyz, invocation.groupid;        STB.U32X2 r, outb[a.x + 32];\n"
    "MOV.U r.xyz, invocation.groupcount;     STB.U32X2 r, outb[a.x + 40];\n"
    "MOV.U r.xyz, invocation.groupsize;      STB.U32X2 r, outb[a.x + 48];\n"
    "MOV.U r.x, invocation.localindex.x;     STB.U32 r, outb[a.x + 56];\n"
    "MOV.U r.x, invocation.groupsize.z;      STB.U32 r, outb[a.x + 60];\n"
    "END\n";

static void test_ids(void)
{
    enum { W = 40, HH = 16 };
    GLuint b = buffer(0, W * HH * 64, NULL);
    GLuint p = load(ids_src);
    CHECK(p != 0, "the dispatch-id program loads");
    if (!p)
        return;
    run(p, 5, 4);
    static uint32_t o[W * HH * 16];
    read_buffer(b, sizeof o, o);
    int bad = 0;
    for (int y = 0; y < HH; y++)
        for (int x = 0; x < W; x++) {
            const uint32_t *v = &o[(y * W + x) * 16];
            const uint32_t want[][2] = {
                {0, (uint32_t)x}, {1, (uint32_t)y}, {2, 0},
                {4, (uint32_t)x % 8}, {5, (uint32_t)y % 4}, {6, 0},
                {8, (uint32_t)x / 8}, {9, (uint32_t)y / 4},
                {10, 5}, {11, 4}, {12, 8}, {13, 4},
                {14, (uint32_t)(y % 4) * 8 + (uint32_t)x % 8},
            };
            for (size_t k = 0; k < sizeof want / sizeof want[0]; k++)
                if (v[want[k][0]] != want[k][1] && bad++ < 5)
                    CHECK(0, "word %u of invocation (%d, %d): got %u want %u", want[k][0], x, y,
                          v[want[k][0]], want[k][1]);
            if (v[15] != 1 && bad++ < 5)
                CHECK(0, "groupsize.z of a 2D group is 1: %u", v[15]);
        }
    const uint32_t *star = &o[(9 * W + 10) * 16];
    CHECK(star[0] == 10 && star[1] == 9 && star[4] == 2 && star[5] == 1 && star[8] == 1 && star[9] == 2,
          "Figure X.1: global (10, 9) has local (2, 1) and group (1, 2)");
    CHECK(bad == 0, "invocation.* bindings match the dispatch");
    glDeleteBuffers(1, &b);
    glDeleteProgramsARB(1, &p);
}

/* ---- rules found by review: constant vectors, BRK inside IF, a leading label ------ */

static void test_rules(void)
{
    const char *src =
        "!!NVcp5.0\n"
        "OPTION NV_shader_storage_buffer;\n"
        "GROUP_SIZE 1;\n"
        "STORAGE outb[] = { program.storage[0] };\n"
        "TEMP r, n, c;\n"
        "MOV.S r, {5};\n"                 /* a vector constant: (5, 0, 0, 1) */
        "STB.S32X4 r, outb[0];\n"
        "MOV.S r, 6;\n"                   /* a scalar constant: replicated */
        "STB.S32X4 r, outb[16];\n"
        "MOV.S n.x, 0;\n"
        "REP;\n"
        "  ADD.S n.x, n.x, 1;\n"
        "  SGE.S.CC c.x, n.x, 9;\n"
        "  IF NE.x;\n"
        "    BRK;\n"                      /* exits the REP around the IF */
        "  ENDIF;\n"
        "ENDREP;\n"
        "STB.S32 n.x, outb[32];\n"
        "END\n";
    int32_t zero[12] = {0}, out[12];
    GLuint b = buffer(0, sizeof zero, zero);
    GLuint p = load(src);
    CHECK(p != 0, "a REP whose BRK is inside an IF loads");
    if (p)
        run(p, 1, 1);
    read_buffer(b, sizeof out, out);
    CHECK(out[0] == 5 && out[1] == 0 && out[2] == 0 && out[3] == 1,
          "{5} is (5, 0, 0, 1): %d %d %d %d", out[0], out[1], out[2], out[3]);
    CHECK(out[4] == 6 && out[7] == 6, "a scalar constant is replicated: %d %d", out[4], out[7]);
    CHECK(out[8] == 9, "BRK inside IF ends the REP after 9 iterations: %d", out[8]);
    glDeleteProgramsARB(1, &p);
    /* no main label: execution starts at the first instruction, after a leading label */
    const char *lead =
        "!!NVcp5.0\n"
        "OPTION NV_shader_storage_buffer;\n"
        "GROUP_SIZE 1;\n"
        "STORAGE outb[] = { program.storage[0] };\n"
        "TEMP r;\n"
        "start:\n"
        "MOV.S r, 77;\n"
        "STB.S32 r.x, outb[0];\n"
        "END\n";
    p = load(lead);
    CHECK(p != 0, "a program that starts with a label loads");
    if (p)
        run(p, 1, 1);
    read_buffer(b, sizeof out, out);
    CHECK(out[0] == 77, "a program that starts with a label runs its first instruction: %d", out[0]);
    glDeleteProgramsARB(1, &p);
    glDeleteBuffers(1, &b);
}

/* ---- the API's errors and load failures ------------------------------------------- */

static void expect_load_failure(const char *what, const char *src)
{
    GLuint p = 0;
    glGenProgramsARB(1, &p);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, p);
    glProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(src), src);
    GLenum e = glGetError();
    GLint pos = -2;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    const char *msg = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
    CHECK(e == GL_INVALID_OPERATION && pos >= 0 && pos <= (GLint)strlen(src) && msg && *msg,
          "%s fails to load: error 0x%x, position %d, \"%s\"", what, e, pos, msg ? msg : "(null)");
    if (getenv("NV_SHOW_ERRORS"))
        printf("  %s: position %d: %s\n", what, pos, msg ? msg : "(null)");
    glDeleteProgramsARB(1, &p);
}


static void test_api(void)
{
    GLuint p = 0;
    glGenProgramsARB(1, &p);
    CHECK(p != 0 && !glIsProgramARB(p), "a generated name is no program until bound");
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, p);
    CHECK(glIsProgramARB(p), "binding makes the program");
    const char *ok = "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nMOV r, 1;\nEND\n";
    EXPECT_OK(glProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(ok), ok));
    GLint v = -2;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &v);
    CHECK(v == -1, "PROGRAM_ERROR_POSITION_ARB is -1 after a load: %d", v);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_LENGTH_ARB, &v);
    CHECK(v == (GLint)strlen(ok), "PROGRAM_LENGTH_ARB: %d", v);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_BINDING_ARB, &v);
    CHECK(v == (GLint)p, "PROGRAM_BINDING_ARB: %d", v);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_INSTRUCTIONS_ARB, &v);
    CHECK(v >= 1, "PROGRAM_INSTRUCTIONS_ARB: %d", v);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB, &v);
    CHECK(v >= 96, "MAX_PROGRAM_LOCAL_PARAMETERS_ARB: %d", v);
    /* NV_gpu_program4's component counts and NV_gpu_program5's subroutine limits:
     * answered (NVIDIA's driver 580: 0, 0, 16, 0, 0, 0 and 1024, 1024; glcompute has
     * no subroutine types, 0) */
    static const GLenum nv_pnames[8] = {0x8906, 0x8907, 0x8908, 0x8909, 0x8DA5, 0x8DA6, 0x8F44, 0x8F45};
    static const GLint nv_want[6] = {0, 0, 16, 0, 0, 0};
    for (int i = 0; i < 8; i++) {
        GLint q = -12345;
        glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, nv_pnames[i], &q);
        GLenum e = glGetError();
        CHECK(e == GL_NO_ERROR && (i < 6 ? q == nv_want[i] : q >= 0), "GetProgramivARB(0x%04X) = %d, error 0x%x",
              nv_pnames[i], q, e);
    }
    char text[256] = {0};
    glGetProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_STRING_ARB, text);
    CHECK(strcmp(text, ok) == 0, "GetProgramStringARB gives the string back");
    /* errors */
    EXPECT_ERR(GL_INVALID_ENUM, "ARB_vertex_program: format must be PROGRAM_FORMAT_ASCII_ARB",
               glProgramStringARB(GL_COMPUTE_PROGRAM_NV, 0x1234, (GLsizei)strlen(ok), ok));
    EXPECT_ERR(GL_INVALID_ENUM, "ARB_vertex_program: a program target",
               glProgramStringARB(GL_COMPUTE_SHADER, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(ok), ok));
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_vertex_program: index below MAX_PROGRAM_LOCAL_PARAMETERS_ARB",
               glProgramLocalParameter4fARB(GL_COMPUTE_PROGRAM_NV, 1u << 20, 0, 0, 0, 0));
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_vertex_program: index below MAX_PROGRAM_ENV_PARAMETERS_ARB",
               glProgramEnvParameter4fARB(GL_COMPUTE_PROGRAM_NV, 1u << 20, 0, 0, 0, 0));
    EXPECT_ERR(GL_INVALID_ENUM, "GetProgramStringARB takes PROGRAM_STRING_ARB",
               glGetProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_LENGTH_ARB, text));
    /* a failed load keeps the program it had */
    const char *bad = "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nMOV r, q;\nEND\n";
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_vertex_program: a program that fails to load",
               glProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(bad), bad));
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &v);
    CHECK(v == (GLint)(strstr(bad, "q;") - bad), "the error position is the undeclared name's: %d", v);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_LENGTH_ARB, &v);
    CHECK(v == (GLint)strlen(ok), "the failed load left the program string: %d", v);
    /* the enable, and which program a dispatch runs */
    CHECK(!glIsEnabled(GL_COMPUTE_PROGRAM_NV), "COMPUTE_PROGRAM_NV starts disabled");
    glEnable(GL_COMPUTE_PROGRAM_NV);
    CHECK(glIsEnabled(GL_COMPUTE_PROGRAM_NV), "Enable(COMPUTE_PROGRAM_NV)");
    glDisable(GL_COMPUTE_PROGRAM_NV);
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: no active compute program", glDispatchCompute(1, 1, 1));
    glDeleteProgramsARB(1, &p);
    CHECK(!glIsProgramARB(p), "DeleteProgramsARB");

    /* precedence: a current GLSL compute program runs; without one, the assembly */
    uint32_t zero[2] = {0, 0}, got[2];
    GLuint b = buffer(0, sizeof zero, zero);
    GLuint a = load(HDR "GROUP_SIZE 1;\nSTORAGE o[] = { program.storage[0] };\nSTB.U32 7, o[0];\nEND\n");
    GLuint g = h_program("#version 430\nlayout(local_size_x = 1) in;\n"
                         "layout(std430, binding = 0) buffer O { uint o[]; };\nvoid main() { o[1] = 9u; }\n");
    glEnable(GL_COMPUTE_PROGRAM_NV);
    glUseProgram(g);
    glDispatchCompute(1, 1, 1);
    read_buffer(b, sizeof got, got);
    CHECK(got[0] == 0 && got[1] == 9, "a current GLSL compute program takes precedence: %u %u", got[0], got[1]);
    glUseProgram(0);
    glDispatchCompute(1, 1, 1);
    read_buffer(b, sizeof got, got);
    CHECK(got[0] == 7, "without one the enabled assembly program runs: %u", got[0]);
    glDisable(GL_COMPUTE_PROGRAM_NV);
    glDeleteProgram(g);
    glDeleteProgramsARB(1, &a);
    glDeleteBuffers(1, &b);
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");

    /* load failures (NV_compute_program5 §2.X.7.Y, NV_gpu_program4 §2.X.2-§2.X.8) */
    expect_load_failure("a wrong header", "!!NVfp5.0\nEND\n");
    expect_load_failure("no GROUP_SIZE", "!!NVcp5.0\nTEMP r;\nMOV r, 1;\nEND\n");
    expect_load_failure("two GROUP_SIZEs", "!!NVcp5.0\nGROUP_SIZE 1;\nGROUP_SIZE 2;\nEND\n");
    /* NVIDIA's driver loads GROUP_SIZE 0; glcompute refuses a group of no
     * invocations. */
    if (!nvidia)
        expect_load_failure("a GROUP_SIZE of 0", "!!NVcp5.0\nGROUP_SIZE 0;\nEND\n");
    expect_load_failure("an F32 atomic without its option",
                        HDR "GROUP_SIZE 1;\nSTORAGE s[] = { program.storage[0] };\nTEMP r;\n"
                        "ATOMB.ADD.F32 r, r, s[0];\nEND\n");
    expect_load_failure("LDS without SHARED_MEMORY",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nLDS.U32 r, r;\nEND\n");
    expect_load_failure("a shared offset past SHARED_MEMORY",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nSHARED_MEMORY 16;\nSHARED s[] = { program.sharedmem };\n"
                        "TEMP r;\nLDS.U32 r, s[16];\nEND\n");
    expect_load_failure("STORAGE without its option",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nSTORAGE s[] = { program.storage[0] };\nEND\n");
    expect_load_failure("a storage variable in MOV",
                        HDR "GROUP_SIZE 1;\nSTORAGE s[] = { program.storage[0] };\nTEMP r;\nMOV r, s[0];\nEND\n");
    expect_load_failure("an unknown instruction", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nFOO r, r;\nEND\n");
    expect_load_failure("BRK outside REP", "!!NVcp5.0\nGROUP_SIZE 1;\nBRK;\nEND\n");
    expect_load_failure("REP without a count or BRK",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nREP;\nADD r, r, 1;\nENDREP;\nEND\n");
    expect_load_failure("an unclosed IF", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nMOV.CC r, 1;\nIF NE.x;\nEND\n");
    expect_load_failure("a float constant for an integer",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nADD.S r, r, 1.5;\nEND\n");
    expect_load_failure("a CAL to no label", "!!NVcp5.0\nGROUP_SIZE 1;\nCAL nowhere;\nEND\n");
    expect_load_failure("a variable declared twice", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEMP r;\nEND\n");
    expect_load_failure("an INT temporary read as float",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nINT TEMP i;\nTEMP r;\nADD.F r, i, 1;\nEND\n");
    expect_load_failure("a SAT on an integer result",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nADD.S.SAT r, r, 1;\nEND\n");
    expect_load_failure("an atomic without its operation",
                        HDR "GROUP_SIZE 1;\nSTORAGE s[] = { program.storage[0] };\nTEMP r;\nATOMB.U32 r, r, s[0];\nEND\n");
    expect_load_failure("IWRAP on S32",
                        HDR "GROUP_SIZE 1;\nSTORAGE s[] = { program.storage[0] };\nTEMP r;\n"
                        "ATOMB.IWRAP.S32 r, r, s[0];\nEND\n");
    expect_load_failure("no END", "!!NVcp5.0\nGROUP_SIZE 1;\n");
    expect_load_failure("CVT with one type", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nCVT.S32 r, r;\nEND\n");
    expect_load_failure("CVT with a data type", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nCVT.F.S32.F32 r, r;\nEND\n");
    expect_load_failure("CVT clamping an integer result",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nCVT.S8.S32.SAT r, r;\nEND\n");
    expect_load_failure("CVT of a negated operand",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nCVT.S32.F32 r, -r;\nEND\n");
    expect_load_failure("a shared range of 2^32 bytes",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nSHARED_MEMORY 16;\n"
                        "SHARED s[] = { program.sharedmem[0..4294967295] };\nEND\n");
    expect_load_failure("a label named like a variable",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nr:\nRET;\nEND\n");
    expect_load_failure("a texture unit used with two targets",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0], 2D;\n"
                        "TEX r, r, texture[0], 3D;\nEND\n");
    expect_load_failure("a result binding", "!!NVcp5.0\nGROUP_SIZE 1;\nOUTPUT o = result.color;\nEND\n");
    /* Texture instructions (NVIDIA's driver refuses each of these too). */
    expect_load_failure("LOD in a compute program", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nLOD r, r, texture[0], 2D;\nEND\n");
    expect_load_failure("a component on TEX", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0].y, 2D;\nEND\n");
    expect_load_failure("TXG with two components",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXG r, r, texture[0].xy, 2D;\nEND\n");
    expect_load_failure("TXG with an rgba component",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXG r, r, texture[0].r, 2D;\nEND\n");
    expect_load_failure("TXG on a 3D texture", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXG r, r, texture[0], 3D;\nEND\n");
    expect_load_failure("TXD on a buffer texture",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXD r, r, r, r, texture[0], BUFFER;\nEND\n");
    expect_load_failure("TXFMS without NV_texture_multisample",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXFMS r, r, texture[0], 2DMS;\nEND\n");
    expect_load_failure("TXFMS on a 2D texture", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXFMS r, r, texture[0], 2D;\nEND\n");
    expect_load_failure("a texel offset past 7", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0], 2D, (8, 0);\nEND\n");
    expect_load_failure("a texel offset in z of a 2D texture",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0], 2D, (1, 1, 1);\nEND\n");
    expect_load_failure("a texel offset on a cube map",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0], CUBE, (1, 0, 0);\nEND\n");
    expect_load_failure("a float texel offset", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0], 2D, (1.5, 0);\nEND\n");
    expect_load_failure("TXL on SHADOWCUBE", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXL r, r, texture[0], SHADOWCUBE;\nEND\n");
    expect_load_failure("texture[R0.x] (register indexes are for TEXTURE arrays)",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[r.x], 2D;\nEND\n");
    expect_load_failure("a TEXTURE array indexed by a float register",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEXTURE t[] = { texture[0..1] };\nTEMP r;\nTEX r, r, t[r], 2D;\nEND\n");
    if (!nvidia)
        expect_load_failure("TXGO with a zero constant offset",
                            "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXGO r, r, r, r, texture[0], 2D, (0, 0);\nEND\n");
    /* ATOMIM's storage modifiers (NV_gpu_program5 §2.X.8.Z). */
    expect_load_failure("ATOMIM.ADD.F32 without NV_shader_atomic_float",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nATOMIM.ADD.F32 r, r, r, image[0], 2D;\nEND\n");
    expect_load_failure("ATOMIM.MIN.F32", "!!NVcp5.0\nOPTION NV_shader_atomic_float;\nGROUP_SIZE 1;\nTEMP r;\n"
                                          "ATOMIM.MIN.F32 r, r, r, image[0], 2D;\nEND\n");
    expect_load_failure("ATOMIM.IWRAP.S32", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nATOMIM.IWRAP.S32 r, r, r, image[0], 2D;\nEND\n");
    expect_load_failure("a vector of 16-bit integers",
                        "!!NVcp5.0\nOPTION NV_shader_storage_buffer;\nGROUP_SIZE 1;\nSTORAGE b[] = { program.storage[0] };\n"
                        "TEMP r;\nLDB.U16X2 r, b[0];\nEND\n");
    /* NVIDIA's driver 580 refuses F16 on every memory instruction. */
    expect_load_failure("an F16 load from a storage buffer",
                        "!!NVcp5.0\nOPTION NV_shader_storage_buffer;\nGROUP_SIZE 1;\nSTORAGE b[] = { program.storage[0] };\n"
                        "TEMP r;\nLDB.F16 r, b[0];\nEND\n");
    expect_load_failure("an F16X4 store to shared memory",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nSHARED_MEMORY 16;\nSHARED sh[] = { program.sharedmem };\n"
                        "TEMP r;\nSTS.F16X4 r, sh[0];\nEND\n");
    expect_load_failure("an F8 storage modifier",
                        "!!NVcp5.0\nOPTION NV_shader_storage_buffer;\nGROUP_SIZE 1;\nSTORAGE b[] = { program.storage[0] };\n"
                        "TEMP r;\nLDB.F8 r, b[0];\nEND\n");
    /* NV_gpu_program5 §2.X.4.4 and §2.X.8.Z: register offsets, TXGO, SHADOWARRAYCUBE. */
    expect_load_failure("a register offset on TXD",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXD r, r, r, r, texture[0], 2D, offset(r);\nEND\n");
    /* Load errors by NV_gpu_program5 §2.X.4.4 that NVIDIA's driver 580 loads. */
    if (!nvidia)
        expect_load_failure("a register offset on a cube map",
                            "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0], CUBE, offset(r);\nEND\n");
    expect_load_failure("a register offset without the comma NVIDIA's driver requires",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0], 2D offset(r);\nEND\n");
    expect_load_failure("TXGO on a cube map", "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXGO r, r, r, r, texture[0], CUBE;\nEND\n");
    expect_load_failure("TXGO with one offset operand",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXGO r, r, r, texture[0], 2D;\nEND\n");
    if (!nvidia)
        expect_load_failure("TXGO with a constant offset",
                            "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXGO r, r, r, r, texture[0], 2D, (1, 0);\nEND\n");
    expect_load_failure("SHADOWARRAYCUBE without its reference operand",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, texture[0], SHADOWARRAYCUBE;\nEND\n");
    expect_load_failure("TXL on SHADOWARRAYCUBE",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTXL r, r, r, texture[0], SHADOWARRAYCUBE;\nEND\n");
    expect_load_failure("a second operand on TEX of a 2D texture",
                        "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nTEX r, r, r, texture[0], 2D;\nEND\n");
    expect_load_failure("TXF on a multisample texture",
                        "!!NVcp5.0\nOPTION NV_texture_multisample;\nGROUP_SIZE 1;\nTEMP r;\nTXF r, r, texture[0], 2DMS;\nEND\n");
    /* MAX_PROGRAM_PARAMETERS_ARB (ARB_vertex_program §2.14.1.9) limits the declared
     * parameters; a program that declares that many and also reads one directly as an
     * operand loads, as on NVIDIA's driver (an array of distinct constant vectors fills
     * the limit). */
    GLint max_params = 0;
    GLuint q = 0;
    glGenProgramsARB(1, &q);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, q);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, 0x88A9 /* MAX_PROGRAM_PARAMETERS_ARB */, &max_params);
    glDeleteProgramsARB(1, &q);
    CHECK(max_params >= 96, "MAX_PROGRAM_PARAMETERS_ARB: %d", max_params);
    if (max_params >= 96 && max_params <= 1 << 16) {
        size_t cap = (size_t)max_params * 24 + 256;
        char *src = malloc(cap);
        if (src) {
            size_t at = (size_t)snprintf(src, cap, "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nPARAM p[%d] = {",
                                         max_params);
            for (int i = 0; i < max_params; i++)
                at += (size_t)snprintf(src + at, cap - at, "%s{%d,0,0,1}", i ? "," : " ", i + 1);
            snprintf(src + at, cap - at,
                     " };\nMOV r, p[%d];\nADD r, r, program.env[0];\nEND\n", max_params - 1);
            GLuint ok_p = load(src);
            CHECK(ok_p != 0, "MAX_PROGRAM_PARAMETERS_ARB declared parameters and one direct load");
            glDeleteProgramsARB(1, &ok_p);
            free(src);
        }
    }
}

/* Interposed: COMPUTE_PROGRAM_NV is glcompute's, the host's own program targets stay
 * the host's, with one program name space and one error position between them. */
#define GL_VERTEX_PROGRAM_ARB 0x8620
static void test_host(void)
{
    const char *vp = "!!ARBvp1.0\nMOV result.position, vertex.position;\nEND\n";
    const char *vp_bad = "!!ARBvp1.0\nMOV result.position, nothing;\nEND\n";
    const char *cp = "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nMOV r, 1;\nEND\n";
    const char *cp_bad = "!!NVcp5.0\nGROUP_SIZE 1;\nTEMP r;\nMOV r, q;\nEND\n";
    GLuint v = 0, c = 0;
    glGenProgramsARB(1, &v);
    glGenProgramsARB(1, &c);
    CHECK(v && c && v != c, "two names from glGenProgramsARB: %u %u", v, c);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, v);
    EXPECT_OK(glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(vp), vp));
    GLint len = 0;
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_LENGTH_ARB, &len);
    CHECK(len == (GLint)strlen(vp), "the host's vertex program string: %d", len);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, c);
    EXPECT_OK(glProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(cp), cp));
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_LENGTH_ARB, &len);
    CHECK(len == (GLint)strlen(cp), "the compute program string: %d", len);
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_LENGTH_ARB, &len);
    CHECK(len == (GLint)strlen(vp), "loading the compute program left the vertex program: %d", len);
    CHECK(glIsProgramARB(v) && glIsProgramARB(c), "both are programs");
    /* ARB_vertex_program §2.14.1: a name belongs to the target it was first bound to */
    EXPECT_ERR(GL_INVALID_OPERATION, "a vertex program bound to COMPUTE_PROGRAM_NV",
               glBindProgramARB(GL_COMPUTE_PROGRAM_NV, v));
    EXPECT_ERR(GL_INVALID_OPERATION, "a compute program bound to VERTEX_PROGRAM_ARB",
               glBindProgramARB(GL_VERTEX_PROGRAM_ARB, c));
    EXPECT_ERR(GL_INVALID_ENUM, "a compute program's name on a target that is no program target",
               glBindProgramARB(GL_TEXTURE_2D, c));
    GLuint word = 1;
    EXPECT_ERR(GL_INVALID_ENUM, "NV_parameter_buffer_object: a target that is no parameter buffer",
               glProgramBufferParametersIuivNV(GL_UNIFORM_BUFFER, 0, 0, 1, &word));
    GLint bound = 0;
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &bound);
    CHECK(bound == (GLint)v, "the failed bind left VERTEX_PROGRAM_ARB's binding: %d", bound);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_BINDING_ARB, &bound);
    CHECK(bound == (GLint)c, "the failed bind left COMPUTE_PROGRAM_NV's binding: %d", bound);
    /* a name never generated, bound to COMPUTE_PROGRAM_NV, is reserved from the host:
     * the name after the last one the host gave, which its next glGenProgramsARB
     * would otherwise hand out */
    GLuint fresh = c + 1;
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, fresh);
    EXPECT_ERR(GL_INVALID_OPERATION, "a fresh compute program's name on VERTEX_PROGRAM_ARB",
               glBindProgramARB(GL_VERTEX_PROGRAM_ARB, fresh));
    GLuint more[4] = {0};
    glGenProgramsARB(4, more);
    CHECK(more[0] != fresh && more[1] != fresh && more[2] != fresh && more[3] != fresh,
          "the host's glGenProgramsARB does not hand out a compute program's name");
    /* one error position: the last load's, whichever target it was */
    GLint pos = -2;
    EXPECT_ERR(GL_INVALID_OPERATION, "the host's vertex program fails to load",
               glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(vp_bad), vp_bad));
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    CHECK(pos >= 0, "the host's error position after the host's failed load: %d", pos);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, c);
    EXPECT_ERR(GL_INVALID_OPERATION, "the compute program fails to load",
               glProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(cp_bad), cp_bad));
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    CHECK(pos == (GLint)(strstr(cp_bad, "q;") - cp_bad), "glcompute's error position: %d", pos);
    const char *es = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
    CHECK(es && strstr(es, "q"), "glcompute's error string: %s", es ? es : "(null)");
    EXPECT_OK(glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(vp), vp));
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    CHECK(pos == -1, "the host's error position after its successful load: %d", pos);
    /* the capabilities: COMPUTE_PROGRAM_NV is glcompute's, VERTEX_PROGRAM_ARB the host's */
    glEnable(GL_VERTEX_PROGRAM_ARB);
    CHECK(glIsEnabled(GL_VERTEX_PROGRAM_ARB) && !glIsEnabled(GL_COMPUTE_PROGRAM_NV),
          "Enable(VERTEX_PROGRAM_ARB) is the host's");
    glEnable(GL_COMPUTE_PROGRAM_NV);
    GLboolean on = GL_FALSE;
    glGetBooleanv(GL_COMPUTE_PROGRAM_NV, &on);
    CHECK(on && glIsEnabled(GL_VERTEX_PROGRAM_ARB), "both enabled");
    glDisable(GL_COMPUTE_PROGRAM_NV);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    CHECK(!glIsEnabled(GL_VERTEX_PROGRAM_ARB) && !glIsEnabled(GL_COMPUTE_PROGRAM_NV), "both disabled");
    /* deleting frees the names on both sides */
    GLuint del[3] = {v, c, fresh};
    glDeleteProgramsARB(3, del);
    CHECK(!glIsProgramARB(v) && !glIsProgramARB(c) && !glIsProgramARB(fresh), "DeleteProgramsARB of both kinds");
    glDeleteProgramsARB(4, more);
    /* the parameter buffer binding points are glcompute's, on a host buffer */
    void (APIENTRY *get_indexed)(GLenum, GLuint, GLint *) =
        (void (APIENTRY *)(GLenum, GLuint, GLint *))eglGetProcAddress("glGetIntegerIndexedvEXT");
    GLuint pb = 0;
    glGenBuffers(1, &pb);
    glBindBuffer(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, pb);
    glBufferData(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 64, NULL, GL_STATIC_DRAW);
    glBindBufferBase(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, pb);
    GLint gen = -1, at2 = -1, at2_ext = -1;
    glGetIntegerv(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, &gen);
    glGetIntegeri_v(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, &at2);
    if (get_indexed)
        get_indexed(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, &at2_ext);
    CHECK(gen == (GLint)pb && at2 == (GLint)pb && at2_ext == (GLint)pb,
          "the parameter buffer bindings: %d %d %d (buffer %u)", gen, at2, at2_ext, pb);
    GLint64 size = 0;
    glGetBufferParameteri64v(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, GL_BUFFER_SIZE, &size);
    CHECK(size == 64, "BufferData through the parameter buffer target: %lld", (long long)size);
    glDeleteBuffers(1, &pb);
    glGetIntegeri_v(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, &at2);
    CHECK(at2 == 0, "DeleteBuffers unbinds it: %d", at2);
    /* the dispatches of this test ran on glcompute, over the host's GL */
    CHECK(h_dispatches() > 0, "glcompute ran the dispatches: %llu", (unsigned long long)h_dispatches());
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    CHECK(renderer && strstr(renderer, "llvmpipe"), "the host is Mesa: %s", renderer ? renderer : "(null)");
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        nvidia |= strcmp(argv[i], "--nvidia") == 0;
        host |= strcmp(argv[i], "--host") == 0;
    }
    make_context();
    load_functions();
    if (!nvidia && !host)
        h_check_no_other_gl();
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    CHECK(ext && strstr(ext, "GL_NV_compute_program5"), "GL_NV_compute_program5 is announced");
    printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
    test_api();
    test_float();
    test_int();
    test_cvt();
    test_cc();
    test_params();
    test_param_buffers();
    test_images();
    test_image_atomics2();
    test_unit_arrays();
    test_textures();
    test_texture_ops();
    test_shadow();
    test_memory();
    test_pairs();
    test_ids();
    test_rules();
    if (host)
        test_host();
    return h_finish("nv_compute_program5");
}
