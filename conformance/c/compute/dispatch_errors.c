/* Dispatch validation (ARB_compute_shader §5.5 and Errors, ARB_compute_variable_group_size),
 * memory barriers and sync objects. A validated dispatch reaches the runtime, whose
 * counter (glcomputeGetDispatchStatistics) shows whether a call got through: a failing
 * call must not reach it. */
// run: standalone
#include "harness.h"

typedef void (*PFNDISPATCHGROUPSIZE)(GLuint, GLuint, GLuint, GLuint, GLuint, GLuint);

static const char *fixed_src =
    "#version 430\nlayout(local_size_x = 4) in;\nvoid main() {}\n";
static const char *variable_src =
    "#version 430\n#extension GL_ARB_compute_variable_group_size : require\n"
    "layout(local_size_variable) in;\nvoid main() {}\n";

#define SAME_DISPATCHES(n) CHECK(h_dispatches() == (n), "a failing dispatch reached the runtime")

static void dispatch(void)
{
    PFNDISPATCHGROUPSIZE group_size = (PFNDISPATCHGROUPSIZE)eglGetProcAddress("glDispatchComputeGroupSizeARB");
    CHECK(group_size != NULL, "eglGetProcAddress(glDispatchComputeGroupSizeARB)");
    uint64_t n = h_dispatches();

    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: DispatchCompute without an active compute program",
               glDispatchCompute(1, 1, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: DispatchComputeIndirect without an active compute program",
               glDispatchComputeIndirect(0));
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_variable_group_size: DispatchComputeGroupSizeARB without a program",
               group_size(1, 1, 1, 1, 1, 1));
    SAME_DISPATCHES(n);

    GLuint fixed = h_program(fixed_src);
    GLuint variable = h_program(variable_src);
    CHECK(fixed && variable, "programs link");
    GLint sz[3] = {-1, -1, -1};
    glGetProgramiv(variable, GL_COMPUTE_WORK_GROUP_SIZE, sz);
    CHECK(sz[0] == 0 && sz[1] == 0 && sz[2] == 0, "ARB_compute_variable_group_size: COMPUTE_WORK_GROUP_SIZE is zero");

    glUseProgram(fixed);
    GLint max[3];
    for (int i = 0; i < 3; i++)
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &max[i]);
    CHECK(max[0] >= 65535 && max[1] >= 65535 && max[2] >= 65535, "MAX_COMPUTE_WORK_GROUP_COUNT minimum");
    if (max[1] < 0x7fffffff) {
        EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_shader: num_groups_y > MAX_COMPUTE_WORK_GROUP_COUNT[1]",
                   glDispatchCompute(1, (GLuint)max[1] + 1, 1));
    }
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_shader: num_groups_x > MAX_COMPUTE_WORK_GROUP_COUNT[0]",
               glDispatchCompute(0xffffffffu, 1, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_shader: num_groups_z > MAX_COMPUTE_WORK_GROUP_COUNT[2]",
               glDispatchCompute(1, 1, 0x80000000u));
    SAME_DISPATCHES(n);
    EXPECT_OK(glDispatchCompute(0, 5, 5));
    SAME_DISPATCHES(n); /* §5.5: a zero count dispatches no work groups */
    EXPECT_OK(glDispatchCompute(3, 2, 1));
    SAME_DISPATCHES(n + 1);
    n++;
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_variable_group_size: DispatchComputeGroupSizeARB with a fixed-size program",
               group_size(1, 1, 1, 4, 1, 1));
    SAME_DISPATCHES(n);

    /* Indirect dispatch. */
    GLuint ind;
    glGenBuffers(1, &ind);
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: no buffer bound to DISPATCH_INDIRECT_BUFFER",
               glDispatchComputeIndirect(0));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, ind);
    GLuint counts[5] = {0, 2, 3, 4, 1};
    glBufferData(GL_DISPATCH_INDIRECT_BUFFER, sizeof counts, counts, GL_STATIC_DRAW);
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_shader: indirect not a multiple of four", glDispatchComputeIndirect(2));
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_shader: indirect negative", glDispatchComputeIndirect(-4));
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: sourcing data beyond the end of the buffer",
               glDispatchComputeIndirect(12));
    glMapBufferRange(GL_DISPATCH_INDIRECT_BUFFER, 0, 4, GL_MAP_READ_BIT);
    EXPECT_ERR(GL_INVALID_OPERATION, "GL 4.6 §6.3.2: sourcing from a mapped DISPATCH_INDIRECT_BUFFER",
               glDispatchComputeIndirect(4));
    glUnmapBuffer(GL_DISPATCH_INDIRECT_BUFFER);
    SAME_DISPATCHES(n);
    EXPECT_OK(glDispatchComputeIndirect(8));
    SAME_DISPATCHES(n + 1);
    n++;
    GLuint64 stats[2];
    void (*get)(GLuint64 *) = (void (*)(GLuint64 *))eglGetProcAddress("glcomputeGetDispatchStatistics");
    get(stats);
    GLuint64 groups_before = stats[1];
    EXPECT_OK(glDispatchComputeIndirect(4));
    get(stats);
    CHECK(stats[1] - groups_before == 2 * 3 * 4, "indirect counts are read from the buffer at offset 4");
    n++;

    /* Variable-size programs. */
    glUseProgram(variable);
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_variable_group_size: DispatchCompute with a variable-size program",
               glDispatchCompute(1, 1, 1));
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_variable_group_size: DispatchComputeIndirect with a variable-size program",
               glDispatchComputeIndirect(4));
    GLint vmax[3], vinv = 0;
    for (int i = 0; i < 3; i++)
        glGetIntegeri_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &vmax[i]);
    glGetIntegerv(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB, &vinv);
    CHECK(vmax[0] >= 512 && vmax[1] >= 512 && vmax[2] >= 64 && vinv >= 512, "variable group size minimums");
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: group_size_x of zero", group_size(1, 1, 1, 0, 1, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: group_size_z > MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB[2]",
               group_size(1, 1, 1, 1, 1, (GLuint)vmax[2] + 1));
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: product > MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB",
               group_size(1, 1, 1, (GLuint)vmax[0], 2, 1));
    EXPECT_ERR(GL_INVALID_VALUE, "ARB_compute_variable_group_size: num_groups_x > MAX_COMPUTE_WORK_GROUP_COUNT[0]",
               group_size(0xffffffffu, 1, 1, 1, 1, 1));
    SAME_DISPATCHES(n);
    EXPECT_OK(group_size(2, 2, 1, 7, 3, 5));
    SAME_DISPATCHES(n + 1);
    n++;

    /* A current program without a compute stage is no active compute program. */
    glUseProgram(0);
    GLuint unlinked_pipe;
    glGenProgramPipelines(1, &unlinked_pipe);
    glBindProgramPipeline(unlinked_pipe);
    EXPECT_ERR(GL_INVALID_OPERATION, "ARB_compute_shader: a bound pipeline without a compute program",
               glDispatchCompute(1, 1, 1));
    glBindProgramPipeline(0);
    glDeleteProgramPipelines(1, &unlinked_pipe);
    SAME_DISPATCHES(n);

    glDeleteBuffers(1, &ind);
    glDeleteProgram(fixed);
    glDeleteProgram(variable);
}

static void barriers(void)
{
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13.2: MemoryBarrier with undefined bits", glMemoryBarrier(0x10000000));
    EXPECT_OK(glMemoryBarrier(GL_ALL_BARRIER_BITS));
    EXPECT_OK(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT | GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §7.13.2: MemoryBarrierByRegion with a bit it does not accept",
               glMemoryBarrierByRegion(GL_COMMAND_BARRIER_BIT));
    EXPECT_OK(glMemoryBarrierByRegion(GL_SHADER_STORAGE_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT));
    EXPECT_OK(glMemoryBarrierByRegion(GL_ALL_BARRIER_BITS));
    EXPECT_OK(glFinish());
    EXPECT_OK(glFlush());
}

static void syncs(void)
{
    GLsync s;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §4.1: FenceSync with a condition other than SYNC_GPU_COMMANDS_COMPLETE",
               s = glFenceSync(GL_SIGNALED, 0));
    CHECK(s == NULL, "failed FenceSync returned a sync");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1: FenceSync with flags != 0",
               s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1));
    CHECK(s == NULL, "failed FenceSync returned a sync");
    s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    CHECK(s != NULL && glIsSync(s), "FenceSync");
    GLsync bogus = (GLsync)(uintptr_t)0x7777777;
    CHECK(!glIsSync(bogus), "a forged handle is not a sync");
    GLenum r;
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1.1: ClientWaitSync of a non-sync", r = glClientWaitSync(bogus, 0, 0));
    CHECK(r == GL_WAIT_FAILED, "GL 4.6 §4.1.1: WAIT_FAILED on error");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1.1: ClientWaitSync with undefined flags",
               r = glClientWaitSync(s, 0x10, 0));
    CHECK(r == GL_WAIT_FAILED, "WAIT_FAILED on error");
    r = glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 1000);
    CHECK(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED, "the fence signals");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1.1: WaitSync with flags != 0", glWaitSync(s, 1, GL_TIMEOUT_IGNORED));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1.1: WaitSync with timeout != TIMEOUT_IGNORED", glWaitSync(s, 0, 5));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1.1: WaitSync of a non-sync", glWaitSync(bogus, 0, GL_TIMEOUT_IGNORED));
    EXPECT_OK(glWaitSync(s, 0, GL_TIMEOUT_IGNORED));
    GLint vals[2] = {-1, -1};
    GLsizei len = -1;
    EXPECT_ERR(GL_INVALID_ENUM, "GL 4.6 §4.1.3: GetSynciv with an invalid pname", glGetSynciv(s, GL_LINK_STATUS, 2, &len, vals));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1.3: GetSynciv of a non-sync", glGetSynciv(bogus, GL_SYNC_STATUS, 2, &len, vals));
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1.3: GetSynciv with count < 0", glGetSynciv(s, GL_SYNC_STATUS, -1, &len, vals));
    CHECK(vals[0] == -1 && len == -1, "failed GetSynciv wrote");
    glGetSynciv(s, GL_SYNC_STATUS, 2, &len, vals);
    CHECK(vals[0] == GL_SIGNALED && len == 1, "SYNC_STATUS");
    glGetSynciv(s, GL_OBJECT_TYPE, 1, NULL, vals);
    CHECK(vals[0] == GL_SYNC_FENCE, "OBJECT_TYPE");
    glGetSynciv(s, GL_SYNC_CONDITION, 1, NULL, vals);
    CHECK(vals[0] == GL_SYNC_GPU_COMMANDS_COMPLETE, "SYNC_CONDITION");
    EXPECT_ERR(GL_INVALID_VALUE, "GL 4.6 §4.1.1: DeleteSync of a non-sync", glDeleteSync(bogus));
    CHECK(glIsSync(s), "failed DeleteSync deleted");
    EXPECT_OK(glDeleteSync(NULL));
    EXPECT_OK(glDeleteSync(s));
    CHECK(!glIsSync(s), "DeleteSync");
}

int main(void)
{
    h_init();
    dispatch();
    barriers();
    syncs();
    return h_finish("dispatch_errors");
}
