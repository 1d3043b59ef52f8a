#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { vec3 v[]; };
void main() {
    vec4 w = vec4(1.0);
    v[0] = w;
}
