/* The transcendental built-ins a kernel computes in SIMD lanes (exp2, exp, log2, log,
 * pow, sin, cos, tan, atan: inline polynomials) and, with GLCOMPUTE_DEBUG=scalar, one
 * invocation at a time (the runtime's helpers), against a double-precision reference
 * over 2^18 inputs each spread over the function's range, plus the special values:
 * within the precision GLSL 4.60 §4.7.1 allows (exp2/exp: 3 + 2|x| ULP; log2/log:
 * 3 ULP, absolute 2^-21 within [0.5, 2]; pow as exp2(y * log2(x)); and, where §4.7.1
 * leaves the trigonometric functions open, 4 ULP for atan and an absolute 2^-19 for
 * sin/cos, relative for tan). Prints the largest error found of each. */
// run: standalone
// run: standalone GLCOMPUTE_DEBUG=scalar
#include "harness.h"
#include <math.h>
#include <string.h>

#define N (1 << 18)

/* The distance between x and its float successor (ULP at x). */
static double ulp(double x)
{
    float f = (float)fabs(x);
    if (f == 0.0f || !isfinite(f))
        return ldexp(1.0, -149);
    return (double)nextafterf(f, INFINITY) - (double)f;
}

static uint32_t rng = 12345;
static float rnd(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)((rng >> 8) / 16777216.0);
}

static GLuint program_for(const char *expr)
{
    char src[1024];
    snprintf(src, sizeof src,
             "#version 430\n"
             "layout(local_size_x = 64) in;\n"
             "layout(std430, binding = 0) readonly buffer X { float x[]; };\n"
             "layout(std430, binding = 1) readonly buffer Y { float y[]; };\n"
             "layout(std430, binding = 2) writeonly buffer R { float r[]; };\n"
             "void main() { uint i = gl_GlobalInvocationID.x; float a = x[i]; float b = y[i]; r[i] = %s; }\n",
             expr);
    return h_program(src);
}

/* Runs `expr` over x, y; results in out. */
static void run(const char *expr, const float *x, const float *y, float *out, int n)
{
    GLuint p = program_for(expr);
    GLuint b[3];
    glGenBuffers(3, b);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b[0]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, n * 4, x, GL_STATIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, b[1]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, n * 4, y, GL_STATIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, b[2]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, n * 4, NULL, GL_STATIC_DRAW);
    glUseProgram(p);
    glDispatchCompute(n / 64, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, n * 4, out);
    glDeleteBuffers(3, b);
    glDeleteProgram(p);
}

enum bound { ULP_EXP, ULP_LOG, ULP4, ABS_TRIG, REL_TAN, POW };

static void check(const char *name, const char *expr, double (*ref)(double, double), float lo, float hi,
                  int log_spread, enum bound kind, float ylo, float yhi)
{
    static float x[N], y[N], out[N];
    for (int i = 0; i < N; i++) {
        if (log_spread) {
            /* Positive values spread over exponents lo..hi (powers of two). */
            x[i] = ldexpf(rnd(1.0f, 2.0f), (int)floorf(rnd(lo, hi)));
        } else {
            x[i] = rnd(lo, hi);
        }
        y[i] = rnd(ylo, yhi);
    }
    run(expr, x, y, out, N);
    double worst = 0;
    int worst_i = 0, bad = 0;
    for (int i = 0; i < N; i++) {
        double r = ref(x[i], y[i]);
        double err = fabs((double)out[i] - r);
        double measure, limit;
        switch (kind) {
        case ULP_EXP:
            measure = err / ulp(r);
            limit = 3 + 2 * fabs(x[i]);
            break;
        case ULP_LOG:
            if (x[i] >= 0.5f && x[i] <= 2.0f) {
                /* Absolute 2^-21, in units of it. */
                measure = err / ldexp(1.0, -21);
                limit = 1;
            } else {
                measure = err / ulp(r);
                limit = 3;
            }
            break;
        case ULP4:
            measure = err / ulp(r);
            limit = 4;
            break;
        case ABS_TRIG:
            measure = err / ldexp(1.0, -19);
            limit = 1;
            break;
        case REL_TAN:
            measure = err / (ldexp(1.0, -19) * fmax(1.0, fabs(r)));
            limit = 1;
            break;
        default: {
            /* pow = exp2(y log2 x): the exp2 bound at y log2 x, plus what a
             * log2 error of 2^-21 absolute (or 3 ULP) makes of it. */
            double t = y[i] * log2(x[i]);
            measure = err / ulp(r);
            limit = 3 + 2 * fabs(t) + fabs(t) * ldexp(1.0, -21) * 0.6931 / ldexp(1.0, -24) + 8;
            break;
        }
        }
        if (!(measure <= limit))
            bad++;
        if (measure / limit > worst) {
            worst = measure / limit;
            worst_i = i;
        }
    }
    printf("%-6s worst %.3f of the bound at x = %.9g (y = %.9g): got %.9g, want %.9g\n", name, worst, x[worst_i],
           y[worst_i], out[worst_i], ref(x[worst_i], y[worst_i]));
    CHECK(bad == 0, "%s within GLSL's precision over %d inputs (%d outside)", name, N, bad);
}

static double r_exp2(double x, double y) { (void)y; return exp2(x); }
static double r_exp(double x, double y) { (void)y; return exp(x); }
static double r_log2(double x, double y) { (void)y; return log2(x); }
static double r_log(double x, double y) { (void)y; return log(x); }
static double r_sin(double x, double y) { (void)y; return sin(x); }
static double r_cos(double x, double y) { (void)y; return cos(x); }
static double r_tan(double x, double y) { (void)y; return tan(x); }
static double r_atan(double x, double y) { (void)y; return atan(x); }
static double r_pow(double x, double y) { return pow(x, y); }

/* Special values: each function at infinities, NaN, zeros, through the lanes. */
static void specials(void)
{
    static float x[64], y[64], out[64];
    const float inf = INFINITY, nan = NAN;
    struct {
        const char *expr;
        float in;
        float want; /* NAN: want NaN */
    } cases[] = {
        {"exp2(a)", inf, inf},     {"exp2(a)", -inf, 0.0f},   {"exp2(a)", nan, NAN},
        {"exp2(a)", 0.0f, 1.0f},   {"exp2(a)", 10.0f, 1024.0f}, {"exp2(a)", -10.0f, 1.0f / 1024},
        {"exp2(a)", 200.0f, inf},  {"exp2(a)", -200.0f, 0.0f}, {"exp(a)", 0.0f, 1.0f},
        /* Past the 32-bit integers (2^n's exponent does not convert) and a denormal
         * result (2^n in two factors). */
        {"exp2(a)", 3e9f, inf},    {"exp2(a)", -3e9f, 0.0f},  {"exp2(a)", -140.0f, 0x1p-140f},
        {"exp2(a)", -149.0f, 0x1p-149f}, {"exp2(a)", 127.5f, 2.4061596e38f},
        {"log2(a)", 0.0f, -inf},   {"log2(a)", -1.0f, NAN},   {"log2(a)", inf, inf},
        {"log2(a)", nan, NAN},     {"log2(a)", 1024.0f, 10.0f}, {"log2(a)", 1.0f, 0.0f},
        {"log(a)", 1.0f, 0.0f},    {"log(a)", 0.0f, -inf},    {"sin(a)", inf, NAN},
        {"sin(a)", nan, NAN},      {"sin(a)", 0.0f, 0.0f},    {"cos(a)", 0.0f, 1.0f},
        {"cos(a)", inf, NAN},      {"tan(a)", 0.0f, 0.0f},    {"atan(a)", inf, 1.5707963705062866f},
        {"atan(a)", -inf, -1.5707963705062866f}, {"atan(a)", nan, NAN}, {"atan(a)", 0.0f, 0.0f},
        {"pow(a, 0.0)", 5.0f, 1.0f}, {"pow(a, 2.0)", 3.0f, 9.0f}, {"pow(a, 0.5)", 0.0f, 0.0f},
    };
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int i = 0; i < 64; i++)
            x[i] = cases[c].in, y[i] = 0;
        run(cases[c].expr, x, y, out, 64);
        int ok = isnan(cases[c].want) ? isnan(out[0]) : (out[0] == cases[c].want ||
                                                         fabs(out[0] - cases[c].want) <= 4 * ulp(cases[c].want));
        CHECK(ok, "%s at %g = %.9g (want %.9g)", cases[c].expr, cases[c].in, out[0], cases[c].want);
    }
}

int main(void)
{
    h_init();
    check("exp2", "exp2(a)", r_exp2, -126, 127.9f, 0, ULP_EXP, 0, 0);
    check("exp", "exp(a)", r_exp, -87, 88.5f, 0, ULP_EXP, 0, 0);
    check("log2", "log2(a)", r_log2, -125, 127, 1, ULP_LOG, 0, 0);
    check("log2", "log2(a)", r_log2, 0.25f, 4, 0, ULP_LOG, 0, 0);
    check("log", "log(a)", r_log, -125, 127, 1, ULP_LOG, 0, 0);
    check("log", "log(a)", r_log, 0.25f, 4, 0, ULP_LOG, 0, 0);
    check("pow", "pow(a, b)", r_pow, 0.01f, 100, 0, POW, -8, 8);
    check("sin", "sin(a)", r_sin, -3.15f, 3.15f, 0, ABS_TRIG, 0, 0);
    check("sin", "sin(a)", r_sin, -10000, 10000, 0, ABS_TRIG, 0, 0);
    check("cos", "cos(a)", r_cos, -3.15f, 3.15f, 0, ABS_TRIG, 0, 0);
    check("cos", "cos(a)", r_cos, -10000, 10000, 0, ABS_TRIG, 0, 0);
    check("tan", "tan(a)", r_tan, -1.5f, 1.5f, 0, REL_TAN, 0, 0);
    check("atan", "atan(a)", r_atan, -50, 50, 0, ULP4, 0, 0);
    check("atan", "atan(a)", r_atan, -1, 1, 0, ULP4, 0, 0);
    specials();
    CHECK(glGetError() == GL_NO_ERROR, "no stray error");
    return h_finish("vector_math");
}
