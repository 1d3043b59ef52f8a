#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float v[]; };
void main() {
    v[0] = clamp(v[1], 0.0);
}
