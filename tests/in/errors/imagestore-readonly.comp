#version 430
layout(local_size_x = 1) in;
layout(rgba8, binding = 0) readonly uniform image2D img;
void main() {
    imageStore(img, ivec2(0), vec4(1.0));
}
