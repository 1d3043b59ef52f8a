#version 450
// The SPIR-V kernel of conformance/c/api/spirv.c: a work-group size and a factor from
// specialization constants, a buffer block, a uniform by location, shared memory, a
// barrier, a function call, a loop and an atomic.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint MUL = 3u;
layout(std430, binding = 0) buffer B { uint total; uint v[]; };
layout(location = 2) uniform uint add;
shared uint tmp[64];
uint f(uint x) { return x * MUL; }
void main() {
    uint i = gl_GlobalInvocationID.x;
    tmp[gl_LocalInvocationID.x] = f(i);
    barrier();
    uint j = (gl_LocalInvocationID.x + 1u) % gl_WorkGroupSize.x;
    uint s = 0u;
    for (uint k = 0u; k <= j; k++)
        s += k;
    v[i] = tmp[gl_WorkGroupID.x * gl_WorkGroupSize.x + j - gl_WorkGroupID.x * gl_WorkGroupSize.x] + add + s;
    atomicAdd(total, 1u);
}
