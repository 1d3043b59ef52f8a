#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float v[]; };
void main() {
    float a[4] = float[4](1.0, 2.0, 3.0, 4.0);
    v[0] = a[4];
}
