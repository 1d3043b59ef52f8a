// expect: local group size
// glcompute-fuzz glsl seed 1001 input 360858: the source ends in a #define whose body has ##, with no newline after it: glsl-lang's preprocessor never returned.
// [config]
// expect_result: pass
// glsl_version: 4.20
// require_extensions: GL_ARB_compute_shader
// [end config]

#version 420
#extension GL_ARB_compute_shader: enable

#define DECL(q, t) q t t##_v; q t t##_va[2]
#define DECL_234(q, t) DECL(q, t##2); DECL(q, t##3); DECL(q