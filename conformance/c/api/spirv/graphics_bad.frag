#version 450
// A fragment stage that reads an input no vertex output matches (location 6), for
// conformance/c/api/spirv.c's failing link
// (glslangValidator -G --vn graphics_bad_frag_spv -o graphics_bad_frag_spv.h graphics_bad.frag).
layout(location = 6) in vec2 other;
layout(location = 0) out vec4 color;
void main()
{
	color = vec4(other, 0.0, 1.0);
}
