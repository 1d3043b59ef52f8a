#version 450
// The vertex stage of conformance/c/api/spirv.c's graphics program
// (glslangValidator -G --vn graphics_vert_spv -o graphics_vert_spv.h graphics.vert).
layout(location = 0) in vec4 position;
layout(location = 3) in vec2 uv;
layout(location = 1) out vec2 v_uv;
layout(location = 2) flat out int v_id;
layout(location = 4) uniform mat4 transform;
void main()
{
	gl_Position = transform * position;
	v_uv = uv;
	v_id = gl_VertexID;
}
