/* The tutorial's 1024-invocation shared-memory prefix sum (tests/in/tutorial/prefix_sum.comp), run
 * standalone on glcompute: 2048 floats are scanned in one work group, the result is
 * checked against a CPU scan and a few values are printed. */
#include "../c/harness.h"

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/in/tutorial/prefix_sum.comp";
    h_init();
    GLuint prog = h_program(h_load_file(path));
    if (!prog)
        return 1;
    enum { N = 2048 };
    static float in[N], out[N], ref[N];
    srand(1);
    for (int i = 0; i < N; i++)
        in[i] = (float)(rand() % 100);
    GLuint buf[2];
    glCreateBuffers(2, buf);
    glNamedBufferStorage(buf[0], sizeof in, in, 0);
    glNamedBufferStorage(buf[1], sizeof out, NULL, GL_DYNAMIC_STORAGE_BIT);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf[0]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buf[1]);
    glUseProgram(prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(buf[1], 0, sizeof out, out);
    float acc = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        acc += in[i];
        ref[i] = acc;
        if (out[i] != ref[i] && bad++ < 5)
            printf("  mismatch at %d: %g, CPU %g\n", i, out[i], ref[i]);
    }
    printf("prefix sum of %d values in one 1024-invocation work group (%d barriers per group)\n", N, 12);
    printf("  input  [0..5]: %g %g %g %g %g %g\n", in[0], in[1], in[2], in[3], in[4], in[5]);
    printf("  output [0..5]: %g %g %g %g %g %g ... [2047] = %g\n", out[0], out[1], out[2], out[3], out[4], out[5],
           out[N - 1]);
    printf("  %s (GL error 0x%x)\n", bad ? "DIFFERS from the CPU scan" : "matches the CPU scan", glGetError());
    return bad != 0;
}
