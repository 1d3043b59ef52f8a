#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { uint v[]; };
void main() {
    uint local = 0u;
    v[0] = atomicAdd(local, 1u);
}
