// The 1024-invocation shared-memory prefix sum of the compute-shader tutorial
// (../shared/specs/compute-shaders-tutorial.md): each invocation owns two elements;
// log2(2048) steps, each followed by a barrier, build the inclusive scan in shared
// memory. The blocks are declared std430 so the arrays are tightly packed (the
// tutorial's text leaves the default `shared' layout, which lays float arrays out with
// a 16-byte stride, as std140 does).
#version 450 core

layout (local_size_x = 1024) in;

layout (std430, binding = 0) coherent buffer block1
{
    float input_data[gl_WorkGroupSize.x * 2];
};

layout (std430, binding = 1) coherent buffer block2
{
    float output_data[gl_WorkGroupSize.x * 2];
};

shared float shared_data[gl_WorkGroupSize.x * 2];

void main(void)
{
    uint id = gl_LocalInvocationID.x;
    uint rd_id;
    uint wr_id;
    uint mask;

    // The number of steps is the log base 2 of the number of elements.
    const uint steps = uint(log2(gl_WorkGroupSize.x)) + 1;
    uint step = 0;

    shared_data[id * 2] = input_data[id * 2];
    shared_data[id * 2 + 1] = input_data[id * 2 + 1];

    barrier();
    memoryBarrierShared();

    for (step = 0; step < steps; step++)
    {
        mask = (1 << step) - 1;
        rd_id = ((id >> step) << (step + 1)) + mask;
        wr_id = rd_id + 1 + (id & mask);

        shared_data[wr_id] += shared_data[rd_id];

        barrier();
        memoryBarrierShared();
    }

    output_data[id * 2] = shared_data[id * 2];
    output_data[id * 2 + 1] = shared_data[id * 2 + 1];
}
