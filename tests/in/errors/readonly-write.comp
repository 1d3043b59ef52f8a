#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) readonly buffer B { uint v[]; };
void main() {
    v[0] = 1u;
}
