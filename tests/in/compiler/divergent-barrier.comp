#version 430
// A barrier only some invocations of a group reach (line 7): it links, with a warning.
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer B { uint v[]; };
void main() {
    uint id = gl_LocalInvocationIndex;
    if (id < 5u) barrier();
    v[id] = gl_WorkGroupID.x;
}
