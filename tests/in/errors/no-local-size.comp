#version 430
layout(std430, binding = 0) buffer B { uint v[]; };
void main() {
    v[gl_GlobalInvocationID.x] = 1u;
}
