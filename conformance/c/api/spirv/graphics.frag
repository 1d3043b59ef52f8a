#version 450
// The fragment stage of conformance/c/api/spirv.c's graphics program
// (glslangValidator -G --vn graphics_frag_spv -o graphics_frag_spv.h graphics.frag).
layout(location = 1) in vec2 v_uv;
layout(location = 2) flat in int v_id;
layout(location = 0) out vec4 color;
layout(binding = 2) uniform sampler2D tex;
layout(location = 5) uniform vec4 tint;
layout(std140, binding = 3) uniform Material { vec4 base; float gain; } material;
void main()
{
	if (v_id < 0)
		discard;
	color = texture(tex, v_uv) * tint * material.gain + material.base + vec4(dFdx(v_uv.x));
}
