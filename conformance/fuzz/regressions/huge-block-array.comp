// expect: the program uses 2147483650 shader storage blocks, more than GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS
// glcompute-fuzz glsl seed 1001 input 594540: an array of 2^31 - 1 storage blocks made reflection list every element (64 GiB), and the allocation failure aborted the process.
// [config]
// expect_result: pass
// glsl_version: 4.30
// [end config]
//
// The tests for a compiler which leads to mismatch between max_array_access
// and the var type when the compiler tries to optimize unused ssbo instances.
// This mismatch leads to crash because in some cases the type length is less
// than the max_array_access field.

#version 430

layout(local_size_x = 1) in;

layout(packed) buffer BlockA {
   float a;
} blockA[3];

layout(packed) buffer BlockB {
   float a;
} blockB[0x7fffffff];

layout(packed) buffer BlockC {
   float a;
} blockC[2];

buffer Result {
   float result;
};

void main()
{
   result = blockA[1].a + blockB[0].a + blockC[1].a;
}
