/* The tutorial's boids flocking update (tests/in/tutorial/boids.comp), run standalone on glcompute:
 * 2048 flock members in 8 work groups of 256, several frames ping-ponging between two
 * storage buffers, each frame checked against the same update computed on the CPU. */
#include "../c/harness.h"
#include <math.h>

typedef struct {
    float pos[3], pad0, vel[3], pad1; /* std430: vec3 aligned to 16 bytes */
} member;

static float dot3(const float *a, const float *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* The same update as the shader, in the same order of operations. */
static void cpu_update(const member *in, member *out, int n, int groups)
{
    const float closest = 50.0f, w1 = 0.18f, w2 = 0.05f, w3 = 0.17f, w4 = 0.02f, dt = 0.4f;
    const float goal[3] = {0, 0, 0};
    for (int g = 0; g < n; g++) {
        const member *me = &in[g];
        float acc[3] = {0, 0, 0}, center[3] = {0, 0, 0};
        for (int j = 0; j < n; j++) {
            const member *t = &in[j];
            for (int k = 0; k < 3; k++)
                center[k] += t->pos[k];
            if (j == g)
                continue;
            float d[3], r1[3] = {0, 0, 0}, e[3], dv[3];
            for (int k = 0; k < 3; k++)
                d[k] = me->pos[k] - t->pos[k];
            if (dot3(d, d) < closest)
                for (int k = 0; k < 3; k++)
                    r1[k] = d[k];
            for (int k = 0; k < 3; k++)
                acc[k] += r1[k] * w1;
            for (int k = 0; k < 3; k++) {
                e[k] = t->pos[k] - me->pos[k];
                dv[k] = t->vel[k] - me->vel[k];
            }
            float den = dot3(e, e) + 10.0f;
            for (int k = 0; k < 3; k++)
                acc[k] += dv[k] / den * w2;
        }
        (void)groups;
        for (int k = 0; k < 3; k++)
            center[k] /= (float)n;
        member nm = {{0}, 0, {0}, 0};
        for (int k = 0; k < 3; k++)
            nm.pos[k] = me->pos[k] + me->vel[k] * dt;
        float tg[3], tc[3];
        for (int k = 0; k < 3; k++) {
            tg[k] = goal[k] - me->pos[k];
            tc[k] = center[k] - me->pos[k];
        }
        float lg = sqrtf(dot3(tg, tg)), lc = sqrtf(dot3(tc, tc));
        for (int k = 0; k < 3; k++) {
            acc[k] += tg[k] / lg * w3;
            acc[k] += tc[k] / lc * w4;
        }
        for (int k = 0; k < 3; k++)
            nm.vel[k] = me->vel[k] + acc[k] * dt;
        float sp = sqrtf(dot3(nm.vel, nm.vel));
        if (sp > 10.0f)
            for (int k = 0; k < 3; k++)
                nm.vel[k] = nm.vel[k] / sp * 10.0f;
        for (int k = 0; k < 3; k++)
            nm.vel[k] = me->vel[k] * (1.0f - 0.4f) + nm.vel[k] * 0.4f;
        out[g] = nm;
    }
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/in/tutorial/boids.comp";
    h_init();
    GLuint prog = h_program(h_load_file(path));
    if (!prog)
        return 1;
    enum { GROUPS = 8, N = GROUPS * 256, FRAMES = 6 };
    static member cpu[2][N], gpu[N];
    srand(7);
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < 3; k++) {
            cpu[0][i].pos[k] = (float)(rand() % 2000 - 1000) / 10.0f;
            cpu[0][i].vel[k] = (float)(rand() % 200 - 100) / 100.0f;
        }
    }
    GLuint buf[2];
    glCreateBuffers(2, buf);
    glNamedBufferData(buf[0], sizeof gpu, cpu[0], GL_DYNAMIC_COPY);
    glNamedBufferData(buf[1], sizeof gpu, NULL, GL_DYNAMIC_COPY);
    glUseProgram(prog);
    double worst = 0;
    for (int f = 0; f < FRAMES; f++) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf[f & 1]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buf[(f + 1) & 1]);
        glDispatchCompute(GROUPS, 1, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        cpu_update(cpu[f & 1], cpu[(f + 1) & 1], N, GROUPS);
        glGetNamedBufferSubData(buf[(f + 1) & 1], 0, sizeof gpu, gpu);
        /* Feed the CPU the GPU's result so the comparison stays per frame. */
        for (int i = 0; i < N; i++) {
            for (int k = 0; k < 3; k++) {
                double e = fabs(gpu[i].pos[k] - cpu[(f + 1) & 1][i].pos[k]) / (1.0 + fabs(cpu[(f + 1) & 1][i].pos[k]));
                double v = fabs(gpu[i].vel[k] - cpu[(f + 1) & 1][i].vel[k]) / (1.0 + fabs(cpu[(f + 1) & 1][i].vel[k]));
                worst = e > worst ? e : worst;
                worst = v > worst ? v : worst;
            }
            cpu[(f + 1) & 1][i] = gpu[i];
        }
    }
    double cx = 0, cy = 0, cz = 0, speed = 0;
    for (int i = 0; i < N; i++) {
        cx += gpu[i].pos[0];
        cy += gpu[i].pos[1];
        cz += gpu[i].pos[2];
        speed += sqrt(dot3(gpu[i].vel, gpu[i].vel));
    }
    printf("boids: %d flock members, %d work groups of 256, %d frames\n", N, GROUPS, FRAMES);
    printf("  member 0: position (%.3f, %.3f, %.3f) velocity (%.3f, %.3f, %.3f)\n", gpu[0].pos[0], gpu[0].pos[1],
           gpu[0].pos[2], gpu[0].vel[0], gpu[0].vel[1], gpu[0].vel[2]);
    printf("  flock center (%.3f, %.3f, %.3f), mean speed %.4f\n", cx / N, cy / N, cz / N, speed / N);
    int ok = worst < 1e-3;
    printf("  largest relative difference from the CPU update: %.2g (%s) (GL error 0x%x)\n", worst,
           ok ? "matches" : "DIFFERS", glGetError());
    return !ok;
}
