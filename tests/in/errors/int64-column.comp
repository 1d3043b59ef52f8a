#version 430
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { uint64_t v[]; };
void main() {
    v[0] = 18446744073709551615ul + 0x7fffffffffffffffl; v[1] = undefined_name;
}
