#version 430
layout(local_size_x = 64) in;
shared vec4 big[16384];
layout(std430, binding = 0) buffer B { vec4 v[]; };
void main() {
    big[gl_LocalInvocationIndex] = vec4(1.0);
    barrier();
    v[gl_LocalInvocationIndex] = big[63u - gl_LocalInvocationIndex];
}
