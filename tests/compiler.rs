//! The GLSL front end, feature by feature: each test compiles (and links) a compute
//! shader and checks the typed IR it produced (through the `--dump-ir` text form) or the
//! info log of the rule it breaks.

use std::sync::Arc;

use glcompute_driver::glsl::accepts::Accepts;
use glcompute_driver::glsl::{self, LinkedProgram};
use glcompute_driver::ir::print;
use glcompute_driver::ir::shader::Stage;

const HEAD: &str = "#version 430\nlayout(local_size_x = 1) in;\n";

/// What the tests' context accepts: GLSL 4.50 and GL_ARB_enhanced_layouts besides the
/// standalone context's extensions (the language the compiler implements).
fn accepts() -> Accepts {
    let mut a = Accepts {
        glsl_version: 450,
        ..Default::default()
    };
    if !a.extensions.iter().any(|e| e == "GL_ARB_enhanced_layouts") {
        a.extensions.push("GL_ARB_enhanced_layouts".into());
    }
    a
}

fn compile(src: &str) -> Result<String, String> {
    glsl::compile_accepting(Stage::Compute, src, &accepts()).map(|(s, _)| print::module(&s.module))
}

/// Compiles and links `body` after the standard header; returns the linked IR dump.
fn ok(body: &str) -> String {
    let src = format!("{HEAD}{body}");
    link(&[&src])
        .map(|(_, ir)| ir)
        .unwrap_or_else(|log| panic!("expected success:\n{src}\nlog:\n{log}"))
}

fn link(srcs: &[&str]) -> Result<(LinkedProgram, String), String> {
    let mut shaders = Vec::new();
    for (i, s) in srcs.iter().enumerate() {
        let (sh, _) = glsl::compile_accepting(Stage::Compute, s, &accepts())?;
        shaders.push((i as u32 + 1, Stage::Compute, Some(Arc::new(sh))));
    }
    let (p, _) = glsl::link(&shaders, true)?;
    let ir = print::module(&p.module);
    Ok((p, ir))
}

/// `body` (after the header) must fail to compile with a log containing `what` (never
/// empty: every error test names its message).
fn err(body: &str, what: &str) {
    assert!(!what.is_empty(), "an expected error names its message");
    let src = format!("{HEAD}{body}");
    match compile(&src) {
        Ok(ir) => panic!("expected a compile error `{what}':\n{src}\nIR:\n{ir}"),
        Err(log) => {
            assert!(log.contains(what), "log of\n{src}\nlacks `{what}':\n{log}");
            assert!(log.starts_with("0:"), "GL-style log line: {log}");
        }
    }
}

/// `r` (a compile or a link) must fail with a log containing `what` (never empty).
fn fails<T>(r: Result<T, String>, what: &str) {
    assert!(!what.is_empty(), "an expected error names its message");
    match r {
        Ok(_) => panic!("expected an error `{what}'"),
        Err(log) => assert!(log.contains(what), "log lacks `{what}':\n{log}"),
    }
}

fn has(ir: &str, what: &str) {
    assert!(ir.contains(what), "IR lacks `{what}':\n{ir}");
}

#[test]
fn scalars_vectors_matrices_doubles() {
    let ir = ok("void main() { bool b = true; int i = -3; uint u = 7u; float f = 1.5; double d = 2.0lf;
        vec3 v = vec3(f); ivec2 iv = ivec2(i, 4); uvec4 uv = uvec4(u); bvec2 bv = bvec2(b, false);
        dvec2 dv = dvec2(d, 1.0); mat2x3 m = mat2x3(1.0); dmat4 dm = dmat4(d); mat3 n = mat3(m[0], m[1], v); }");
    has(&ir, "let mat2x3 m = (mat2x3 diagonal 1.0)");
    has(
        &ir,
        "let dvec2 dv = (dvec2 compose %d (double convert 1.0))",
    );
    has(&ir, "let dmat4 dm = (dmat4 diagonal %d)");
    has(
        &ir,
        "let mat3 n = (mat3 compose (vec3 index %m 0) (vec3 index %m 1) %v)",
    );
}

#[test]
fn arrays_and_length() {
    let ir = ok("const int N = 3; float a[N]; float b[2][4];
        void main() { float c[] = float[](1.0, 2.0); int n = a.length() + b.length() + b[0].length() + c.length(); a[1] = b[1][3]; }");
    has(&ir, "global 0 Private float[3] a");
    has(&ir, "global 1 Private float[2][4] b");
    has(&ir, "let float[2] c");
    // Sized lengths are constants.
    has(&ir, "let int n = (int + (int + (int + 3 2) 4) 2);");
    err("float a[2]; void main() { a[2] = 1.0; }", "out of range");
    err("void main() { float a[-1]; }", "array size");
}

#[test]
fn structs() {
    let ir = ok(
        "struct P { vec2 pos; float w[2]; }; struct Q { P p; int k; };
        void main() { Q q = Q(P(vec2(1.0), float[2](2.0, 3.0)), 4); q.p.w[1] = q.p.pos.y; }",
    );
    has(&ir, "let Q q = (Q compose (P compose");
    err(
        "struct S { float x; }; void main() { S s; s.y = 1.0; }",
        "no member",
    );
    // Struct constructor arguments convert implicitly (GLSL 4.60 §5.4.3).
    ok("struct S { float x; }; void main() { S s = S(1); }");
    err(
        "struct S { float x; }; void main() { S s = S(1.0, 2.0); }",
        "S",
    );
    err("struct S { float x; float x; }; void main() {}", "x");
}

#[test]
fn constant_expressions() {
    let ir = ok(
        "const uint M = gl_WorkGroupSize.x * 2u; shared float tmp[M + 1u];
        const vec3 V = vec3(1.0, 2.0, 3.0) * 2.0; const float L = length(vec2(3.0, 4.0));
        void main() { tmp[0] = V.z + L + float(M); }",
    );
    has(&ir, "Shared float[3] tmp");
    has(&ir, "6.0");
    has(&ir, "5.0");
    err("uniform int n; float a[n]; void main() {}", "constant");
    err(
        "void main() { int i = 1; const int j = 2; float a[i + j]; }",
        "constant",
    );
}

#[test]
fn implicit_conversions_and_constructors() {
    let ir = ok(
        "void main() { int i = 2; float f = i; uint u = 3u; double d = u; vec2 v = ivec2(1, 2); f = f + i; }",
    );
    has(&ir, "let float f = (float convert %i)");
    has(&ir, "let double d = (double convert %u)");
    has(&ir, "(float + %f (float convert %i))");
    err(
        "void main() { int i = 1.0; }",
        "initializer: cannot convert `float' to `int'",
    );
    // int converts to uint implicitly (GLSL 4.60 §4.1.10).
    ok("void main() { uint u = -1; }");
    err(
        "void main() { vec3 v = vec3(1.0, 2.0, 3.0, 4.0); }",
        "too many arguments to the constructor",
    );
    err(
        "void main() { vec4 v = vec4(vec2(1.0)); }",
        "not enough data for the constructor: 2 components for 4",
    );
    err(
        "void main() { bool b = 1; }",
        "initializer: cannot convert `int' to `bool'",
    );
    // Constructors convert explicitly.
    ok(
        "void main() { int i = int(2.7); bool b = bool(3); uvec2 u = uvec2(-1); vec4 v = vec4(ivec2(1), 2u, true); }",
    );
}

#[test]
fn swizzles() {
    let ir = ok(
        "void main() { vec4 v = vec4(1.0); v.zx = v.yy; vec3 c = v.rgb; float s = v.q; v.w++; }",
    );
    has(&ir, "(vec2 = (vec2 swizzle %v .zx) (vec2 swizzle %v .yy))");
    has(&ir, "(vec3 swizzle %v .xyz)");
    err(
        "void main() { vec4 v; v.xx = vec2(1.0); }",
        "assignment: a swizzle with repeated components is not an l-value",
    );
    err(
        "void main() { vec2 v; float f = v.z; }",
        "swizzle `.z' selects a component `vec2' does not have",
    );
    err(
        "void main() { vec4 v; vec2 w = v.xg; }",
        "invalid swizzle `.xg'",
    );
    err(
        "void main() { vec4 v; vec4 w = v.xyzwx; }",
        "invalid swizzle `.xyzwx'",
    );
}

#[test]
fn overloads_and_parameters() {
    let ir = ok("float f(float x) { return x; } int f(int x) { return x + 1; } double f(double x) { return x; }
        void g(in float a, out float b, inout float c) { b = a; c += a; }
        void main() { float r = f(1.0) + float(f(2)) + float(f(2u)); float o, io = 1.0; g(r, o, io); }");
    // f(2u): uint converts to float before double (GLSL 4.60 §6.1 overload ranking) --
    // both are implicit conversions; float is preferred.
    has(&ir, "= call f((float convert 2u));");
    has(&ir, "= call f(2);");
    has(&ir, "fn g(In float a, Out float b, InOut float c)");
    err(
        "void g(out float b) { b = 1.0; } void main() { g(1.0); }",
        "out argument of `g': the expression is not an l-value",
    );
    err(
        "float f(float x) { return x; } void main() { f(1.0, 2.0); }",
        "no matching function for call to `f(float, float)'",
    );
    err(
        "void f(float x) {} void f(float y) {} void main() {}",
        "function `f' is defined twice",
    );
    err(
        "float f(vec2 x) { return x.x; } void main() { f(1.0); }",
        "no matching function for call to `f(float)'",
    );
}

#[test]
fn recursion_rejected() {
    err(
        "float f(float x); float g(float x) { return f(x); } float f(float x) { return g(x); } void main() { f(1.0); }",
        "recursive",
    );
    err(
        "int r(int n) { return n == 0 ? 0 : r(n - 1); } void main() { r(3); }",
        "recursive",
    );
}

#[test]
fn shared_variables() {
    let (p, ir) = link(&[&format!(
        "{HEAD}shared vec4 a[8]; shared uint c; void main() {{ a[0] = vec4(c); }}"
    )])
    .unwrap();
    has(&ir, "Shared vec4[8] a");
    assert_eq!(p.module.shared_size, 8 * 16 + 4);
    err("shared float x = 1.0; void main() {}", "initializer");
    err(
        "shared sampler2D s; void main() {}",
        "opaque type `sampler2D' must be a uniform (or a function parameter)",
    );
    err(
        "void main() { shared float x; }",
        "shared variables must be declared at global scope",
    );
}

#[test]
fn interface_blocks() {
    // offset and align (GLSL 4.40, GL_ARB_enhanced_layouts).
    let ir = ok_src("#version 450\nlayout(local_size_x = 1) in;\n
        layout(std140, binding = 2) uniform U { vec3 a; float b; layout(row_major) mat2x3 m; } u;
        layout(std430, binding = 1) buffer B { uint n; layout(offset = 16) vec4 v; layout(align = 32) float f; float tail[]; };
        layout(shared) uniform S { vec4 s; } arr[2];
        void main() { tail[n] = u.a.x + u.b + v.w + f + arr[1].s.x + u.m[0][1]; }");
    has(&ir, "block 0 Uniform U Std140 binding=Some(2)");
    has(
        &ir,
        "        0 vec3 a\n        12 float b\n        16 mat2x3 m",
    );
    has(&ir, "block 1 Buffer B Std430 binding=Some(1)");
    has(
        &ir,
        "        16 vec4 v\n        32 float f\n        36 float[] tail",
    );
    err(
        "layout(std430) buffer B { float t[]; float after; }; void main() {}",
        "only the last member of a buffer block may be an unsized array",
    );
    err(
        "layout(std430) buffer B { layout(offset = 2) float x; }; void main() {}",
        "offset",
    );
    err(
        "layout(std140) uniform U { float t[]; }; void main() {}",
        "only the last member of a buffer block may be an unsized array",
    );
    err(
        "layout(std430) buffer B { float x; } b; void main() { x = 1.0; }",
        "x",
    );
}

#[test]
fn memory_qualifiers() {
    ok(
        "layout(std430) coherent buffer B { volatile restrict float x; readonly float y; writeonly float z; }; void main() { x = y; }",
    );
    err(
        "layout(std430) buffer B { readonly float y; }; void main() { y = 1.0; }",
        "assignment: `B' is a readonly buffer variable and cannot be written",
    );
    err(
        "layout(std430) buffer B { writeonly float z; }; void main() { float a = z; }",
        "`z' is writeonly and cannot be read",
    );
    err(
        "layout(r32f) readonly uniform image2D img; void main() { imageStore(img, ivec2(0), vec4(0)); }",
        "a readonly image cannot be written",
    );
    err(
        "layout(r32f) writeonly uniform image2D img; void main() { vec4 v = imageLoad(img, ivec2(0)); }",
        "a writeonly image cannot be read",
    );
}

#[test]
fn default_uniforms_and_opaque_bindings() {
    let ir = ok("uniform vec2 k = vec2(1.0, 2.0); layout(binding = 3) uniform sampler2D s;
        layout(binding = 1, rgba8) uniform readonly image2D img; layout(binding = 0, offset = 4) uniform atomic_uint c;
        layout(location = 5) uniform float at5;
        void main() { float x = k.y + texelFetch(s, ivec2(0), 0).x + imageLoad(img, ivec2(0)).x + float(atomicCounter(c)) + at5; }");
    has(&ir, "Uniform vec2 k = vec2(1.0, 2.0)");
    has(&ir, "Uniform sampler2D s binding=3");
    has(&ir, "Uniform image2D img binding=1 format=rgba8");
    has(&ir, "Uniform atomic_uint c binding=0 offset=4");
    err(
        "uniform float u; void main() { u = 1.0; }",
        "assignment: `u' is a uniform and cannot be written",
    );
    err(
        "layout(binding = 1) uniform float u; void main() {}",
        "binding",
    );
    err("uniform image2D img; void main() {}", "format");
    err(
        "layout(offset = 2, binding = 0) uniform atomic_uint c; void main() {}",
        "multiple of 4",
    );
}

#[test]
fn compute_builtins() {
    let ir = ok("void main() { uvec3 a = gl_NumWorkGroups + gl_WorkGroupID + gl_LocalInvocationID + gl_GlobalInvocationID;
        uint i = gl_LocalInvocationIndex; uvec3 s = gl_WorkGroupSize; int m = gl_MaxComputeWorkGroupSize.x + gl_MaxComputeUniformComponents; }");
    has(&ir, "let uvec3 s = uvec3(1u, 1u, 1u)");
    has(
        &ir,
        "let int m = (int + (int swizzle ivec3(1024, 1024, 64) .x) 16384)",
    );
    err(
        "void main() { gl_LocalInvocationID = uvec3(0); }",
        "assignment: built-in input `gl_LocalInvocationID' cannot be written",
    );
    // gl_WorkGroupSize before the local size is declared is an error.
    let e = compile(
        "#version 430\nvoid f() { uvec3 s = gl_WorkGroupSize; }\nlayout(local_size_x = 2) in;\nvoid main() { f(); }",
    );
    fails(
        e,
        "gl_WorkGroupSize used before the shader declares its local size",
    );
    // gl_LocalGroupSizeARB needs the extension and a variable size.
    ok_src(
        "#version 430\n#extension GL_ARB_compute_variable_group_size : require\nlayout(local_size_variable) in;\nvoid main() { uvec3 s = gl_LocalGroupSizeARB; }",
    );
    fails(
        compile(
            "#version 430\nlayout(local_size_x = 1) in;\nvoid main() { uvec3 s = gl_LocalGroupSizeARB; }",
        ),
        "gl_LocalGroupSizeARB requires GL_ARB_compute_variable_group_size",
    );
}

fn ok_src(src: &str) -> String {
    link(&[src])
        .map(|(_, ir)| ir)
        .unwrap_or_else(|log| panic!("expected success:\n{src}\n{log}"))
}

#[test]
fn local_size_rules() {
    let ir = ok_src(
        "#version 450\nconst int N = 4;\nlayout(local_size_x = N * 2, local_size_y = 2) in;\nlayout(local_size_y = 2, local_size_x = 8) in;\nvoid main() {}",
    );
    has(&ir, "local_size Fixed([8, 2, 1])");
    for (bad, what) in [
        ("layout(local_size_x = 0) in;", "local_size_x"),
        ("layout(local_size_x = -1) in;", "local_size_x"),
        (
            "layout(local_size_x = 2000) in;",
            "GL_MAX_COMPUTE_WORK_GROUP_SIZE",
        ),
        (
            "layout(local_size_z = 65) in;",
            "GL_MAX_COMPUTE_WORK_GROUP_SIZE",
        ),
        (
            "layout(local_size_x = 64, local_size_y = 32) in;",
            "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS",
        ),
        (
            "layout(local_size_x = 2) in; layout(local_size_x = 4) in;",
            "the local size is declared twice with different values",
        ),
        (
            "uniform int n; layout(local_size_x = n) in;",
            "local_size_x must be an integral constant expression",
        ),
        (
            "layout(local_size_x = 1.0) in;",
            "local_size_x must be an integral constant expression",
        ),
    ] {
        let src = format!("#version 430\n{bad}\nvoid main() {{}}");
        fails(compile(&src), what);
    }
    // Variable size needs the extension; mixing fixed and variable fails.
    fails(
        compile("#version 430\nlayout(local_size_variable) in;\nvoid main() {}"),
        "local_size_variable requires GL_ARB_compute_variable_group_size",
    );
    fails(
        compile(
            "#version 430\n#extension GL_ARB_compute_variable_group_size : enable\nlayout(local_size_variable) in;\nlayout(local_size_x = 2) in;\nvoid main() {}",
        ),
        "a fixed and a variable local size are both declared",
    );
}

#[test]
fn no_user_inputs_or_outputs() {
    err(
        "in float x; void main() {}",
        "compute shaders do not permit user-defined input variables",
    );
    err(
        "out float y; void main() {}",
        "compute shaders do not permit user-defined output variables",
    );
    err(
        "layout(local_size_x = 1) out; void main() {}",
        "compute shaders have no outputs",
    );
}

#[test]
fn control_flow() {
    let ir = ok(
        "void main() { int s = 0; for (int i = 0; i < 4; i++) { if (i == 2) continue; s += i; }
        while (s > 0) { s--; if (s == 3) break; } do { s++; } while (s < 2);
        switch (s) { case 0: s = 1; break; case 1: case 2: s = 3; default: s = 4; } }",
    );
    has(&ir, "while (bool < %i 4) {");
    has(&ir, "} continuing {\n            (int %i ++);");
    has(&ir, "switch %s {");
    has(&ir, " case 1 case 2:");
    err(
        "void main() { break; }",
        "`break' may only appear in a loop or a switch",
    );
    err(
        "void main() { continue; }",
        "`continue' may only appear in a loop",
    );
    err(
        "void main() { switch (1) { case 1: break; case 1: break; } }",
        "duplicate case value 1",
    );
    err(
        "void main() { switch (1.0) { default: break; } }",
        "switch selector must be a scalar int or uint, not `float'",
    );
    err(
        "float f() { } void main() { return 1; }",
        "a void function cannot return a value",
    );
    err(
        "void main() { if (1) {} }",
        "if condition must be a scalar bool, not `int'",
    );
}

#[test]
fn builtin_functions() {
    ok("void main() { vec3 v = vec3(0.5); float f = 0.5; int i = 3; uint u = 5u; double d = 1.0lf;
        v = sin(v) + cos(v) + tan(v) + asin(v) + acos(v) + atan(v) + atan(v, v) + sinh(v) + cosh(v) + tanh(v) + asinh(v) + acosh(v) + atanh(v);
        v = pow(v, v) + exp(v) + log(v) + exp2(v) + log2(v) + sqrt(v) + inversesqrt(v) + radians(v) + degrees(v);
        v = abs(v) + sign(v) + floor(v) + trunc(v) + round(v) + roundEven(v) + ceil(v) + fract(v) + mod(v, f) + min(v, f) + max(v, v) + clamp(v, 0.0, 1.0);
        v = mix(v, v, f) + mix(v, v, bvec3(true)) + step(f, v) + smoothstep(0.0, 1.0, v) + fma(v, v, v);
        vec3 ip; v = modf(v, ip); ivec3 e; v = frexp(v, e) + ldexp(v, e);
        bvec3 b = isnan(v); b = isinf(v); ivec3 bi = floatBitsToInt(v); uvec3 bu = floatBitsToUint(v); v = intBitsToFloat(bi) + uintBitsToFloat(bu);
        u = packUnorm2x16(v.xy) + packSnorm2x16(v.xy) + packUnorm4x8(vec4(v, 1.0)) + packSnorm4x8(vec4(v, 1.0)) + packHalf2x16(v.xy);
        v.xy = unpackUnorm2x16(u) + unpackSnorm2x16(u) + unpackHalf2x16(u); vec4 w = unpackUnorm4x8(u) + unpackSnorm4x8(u);
        d = packDouble2x32(uvec2(1u, 2u)); uvec2 p = unpackDouble2x32(d);
        f = length(v) + distance(v, v) + dot(v, v); v = cross(v, v) + normalize(v) + faceforward(v, v, v) + reflect(v, v) + refract(v, v, f);
        mat3 m = matrixCompMult(mat3(1.0), mat3(2.0)) + outerProduct(v, v) + transpose(mat3(1.0)) + inverse(mat3(1.0)); f = determinant(m);
        b = lessThan(v, v); b = lessThanEqual(v, v); b = greaterThan(v, v); b = greaterThanEqual(v, v); b = equal(v, v); b = notEqual(v, v);
        bool t = any(b) || all(b); b = not(b);
        uint c; u = uaddCarry(u, u, c) + usubBorrow(u, u, c); uint hi, lo; umulExtended(u, u, hi, lo); int ihi, ilo; imulExtended(i, i, ihi, ilo);
        i = bitfieldExtract(i, 1, 2) + bitfieldInsert(i, i, 1, 2) + bitfieldReverse(i) + bitCount(i) + findLSB(i) + findMSB(u);
        barrier(); memoryBarrier(); memoryBarrierAtomicCounter(); memoryBarrierBuffer(); memoryBarrierShared(); memoryBarrierImage(); groupMemoryBarrier(); }");
    err(
        "void main() { float f = sin(1); int i = abs(1.0); }",
        "initializer: cannot convert `float' to `int'",
    );
    err(
        "void main() { vec2 v = cross(vec2(1.0), vec2(2.0)); }",
        "cross",
    );
    err(
        "void main() { int i = fma(1, 2, 3); }",
        "initializer: cannot convert `float' to `int'",
    );
    err(
        "void main() { float f; f = nosuchfunction(1.0); }",
        "nosuchfunction",
    );
}

#[test]
fn atomics_images_textures() {
    ok("layout(std430) buffer B { uint u; int i; }; shared uint s;
        layout(r32ui) uniform uimage2D ui; layout(rgba32f) uniform image3D fi; uniform sampler2D tex; uniform isampler2DArray ta;
        layout(binding = 0) uniform atomic_uint ac;
        void main() { atomicAdd(u, 1u); atomicMin(i, 2); atomicMax(s, 3u); atomicAnd(u, 4u); atomicOr(i, 5); atomicXor(s, 6u);
          atomicExchange(u, 7u); atomicCompSwap(i, 8, 9);
          imageAtomicAdd(ui, ivec2(0), 1u); imageAtomicCompSwap(ui, ivec2(1), 2u, 3u); imageStore(fi, ivec3(0), vec4(1.0));
          ivec3 sz = imageSize(fi); vec4 t = texelFetch(tex, ivec2(0), 0) + textureLod(tex, vec2(0.5), 0.0); ivec2 ts = textureSize(tex, 0);
          ivec4 a = texelFetch(ta, ivec3(0), 0); atomicCounterIncrement(ac); atomicCounterDecrement(ac); uint v = atomicCounter(ac); }");
    err(
        "void main() { uint x; atomicAdd(x, 1u); }",
        "the first argument of an atomic function must be a buffer or shared variable",
    );
    err(
        "layout(std430) buffer B { float f; }; void main() { atomicAdd(f, 1.0); }",
        "`atomicAdd(float, float)' requires GL_NV_shader_atomic_float",
    );
    err(
        "layout(rgba32f) uniform image2D img; void main() { imageAtomicAdd(img, ivec2(0), 1.0); }",
        "`imageAtomicAdd(image2D, ivec2, float)' requires GL_NV_shader_atomic_float",
    );
}

#[test]
fn preprocessor() {
    ok_src(
        "#version 450\n#define N 4\n#define SQ(x) ((x) * (x))\n#if N > 2 && defined(N)\nlayout(local_size_x = SQ(N)) in;\n#elif 1\n#error no\n#endif\n#ifdef GL_ARB_compute_shader\nvoid main() { int l = __LINE__; int v = __VERSION__; }\n#endif\n",
    );
    let log = compile("#version 430\n#error custom message\nvoid main() {}").unwrap_err();
    assert!(log.contains("custom message"), "{log}");
    let log = compile(
        "#version 430\n#line 100\nlayout(local_size_x = 1) in;\nvoid main() { undeclared = 1; }",
    )
    .unwrap_err();
    assert!(log.contains("0:101("), "#line renumbers: {log}");
    fails(
        compile("#version 430\n#extension GL_NO_such_ext : require\nvoid main() {}"),
        "extension `GL_NO_such_ext' unsupported in compute shader",
    );
    assert!(compile("#version 430\n#extension GL_NO_such_ext : warn\nlayout(local_size_x = 1) in;\nvoid main() {}").is_ok());
    // Compute needs 4.30 or the extension.
    fails(
        compile("#version 420\nlayout(local_size_x = 1) in;\nvoid main() {}"),
        "compute shaders require GLSL 4.30 or GL_ARB_compute_shader",
    );
    assert!(compile("#version 330\n#extension GL_ARB_compute_shader : require\nlayout(local_size_x = 1) in;\nvoid main() {}").is_ok());
    // The macros and `#extension` follow the context's extension string (here the
    // standalone one): an extension the compiler knows but the context does not
    // announce has neither; one the context announces has its macro, and `require`
    // succeeds even where it adds nothing to the language.
    fails(
        compile("#version 430\n#extension GL_ARB_gpu_shader5 : require\nvoid main() {}"),
        "extension `GL_ARB_gpu_shader5' unsupported",
    );
    let macros = "#version 430\nlayout(local_size_x = 1) in;\n\
        #if defined(GL_ARB_gpu_shader5) || defined(GL_ARB_shader_ballot) || defined(GL_NV_gpu_shader5)\n#error unannounced\n#endif\n\
        #if !defined(GL_ARB_gpu_shader_int64) || !defined(GL_ARB_buffer_storage) || !defined(GL_core_profile)\n#error announced\n#endif\n\
        #if defined(GL_compatibility_profile) || defined(GL_es_profile) || __VERSION__ != 430\n#error profile\n#endif\n\
        #extension GL_ARB_buffer_storage : require\nvoid main() {}";
    assert!(compile(macros).is_ok(), "{:?}", compile(macros));
    // Profiles exist from GLSL 1.50 on; `compatibility` gets its own macro.
    let profile = |version: &str, want: &str| {
        let src = format!(
            "#version {version}\n#extension GL_ARB_compute_shader : require\nlayout(local_size_x = 1) in;\n\
             #if defined(GL_core_profile) != {}\n#error core\n#endif\n\
             #if defined(GL_compatibility_profile) != {}\n#error compatibility\n#endif\nvoid main() {{}}",
            (want == "core") as u8,
            (want == "compatibility") as u8
        );
        assert!(compile(&src).is_ok(), "{version}: {:?}", compile(&src));
    };
    // An #extension in a conditional block the preprocessor skips says nothing (as
    // Taichi's kernels choose their 64-bit extension); in a block it keeps, it does.
    let choose = "#version 430\n#if defined(GL_ARB_gpu_shader_int64)\n#extension GL_ARB_gpu_shader_int64 : require\n\
        #elif defined(GL_NV_gpu_shader5)\n#extension GL_NV_gpu_shader5 : require\n#else\n#error none\n#endif\n\
        layout(local_size_x = 1) in;\nvoid main() { uint64_t x = 1ul; }";
    assert!(compile(choose).is_ok(), "{:?}", compile(choose));
    fails(
        compile(
            "#version 430\n#if 1\n#extension GL_NV_gpu_shader5 : require\n#endif\nlayout(local_size_x = 1) in;\nvoid main() {}",
        ),
        "0:3(1): error: extension `GL_NV_gpu_shader5' unsupported",
    );
    // Lines after a directive glcompute answers keep their positions.
    fails(
        compile(
            "#version 430\n#extension GL_NO_such_extension_at_all : warn\nlayout(local_size_x = 1) in;\nvoid main() {\n  int x = y;\n}",
        ),
        "0:5(11): error: `y' undeclared",
    );
    profile("140", "");
    profile("150", "core");
    profile("330 core", "core");
    profile("330 compatibility", "compatibility");
}

#[test]
fn info_log_format() {
    let log =
        compile("#version 430\nlayout(local_size_x = 1) in;\nvoid main() {\n  float x = y;\n}")
            .unwrap_err();
    let first = log.lines().next().unwrap();
    assert!(first.starts_with("0:4("), "{first}");
    assert!(first.contains("error:") && first.contains('y'), "{first}");
}

#[test]
fn linking() {
    let a = format!(
        "{HEAD}float helper(float x);\nlayout(std430) buffer B {{ float o; }};\nvoid main() {{ o = helper(2.0); }}"
    );
    let b = "#version 430\nfloat helper(float x) { return x * 3.0; }";
    let (p, ir) = link(&[&a, b]).expect("functions resolve across shaders");
    has(&ir, "fn helper(In float x) -> float {");
    assert_eq!(p.compute.unwrap().local_size, Some([1, 1, 1]));
    // Exactly one main.
    fails(
        link(&[&a, &format!("{HEAD}void main() {{}}"), b]),
        "function `main' is defined in more than one shader",
    );
    assert!(
        link(&["#version 430\nfloat h() { return 1.0; }"])
            .unwrap_err()
            .contains("main")
    );
    // A missing definition, a missing local size, mismatched sizes.
    assert!(link(&[&a]).unwrap_err().contains("helper"));
    fails(
        link(&["#version 430\nvoid main() {}"]),
        "compute shader must contain a fixed or variable local group size",
    );
    fails(
        link(&[
            "#version 430\nlayout(local_size_x = 2) in;\nvoid main() {}",
            "#version 430\nlayout(local_size_x = 4) in;\n",
        ]),
        "compute shaders declare different local sizes",
    );
    // Globals merge by name and must agree.
    fails(
        link(&[
            &format!("{HEAD}uniform float u;\nvoid main() {{}}"),
            "#version 430\nuniform int u;\n",
        ]),
        "`u' is declared with different types or qualifiers in two shaders",
    );
    // Shared memory over the limit.
    assert!(
        link(&[&format!(
            "{HEAD}shared vec4 big[9000];\nvoid main() {{ big[0] = vec4(1.0); }}"
        )])
        .unwrap_err()
        .contains("GL_MAX_COMPUTE_SHARED_MEMORY_SIZE")
    );
}

#[test]
fn nesting_and_inlining_limits() {
    // Nesting deeper than limits::MAX_NESTING fails to compile with a message (the
    // compiler recurses over it), whatever the caller's stack; parentheses alone do
    // not nest.
    let n = 20_000;
    err(
        &format!("void main() {{ uint x = 1u; x = x{}; }}", "+x".repeat(n)),
        "nested more than 10000 levels deep",
    );
    err(
        &format!("void main() {{ {}{} }}", "{".repeat(n), "}".repeat(n)),
        "nested more than 10000 levels deep",
    );
    ok(&format!(
        "void main() {{ uint x = {}1u{}; }}",
        "(".repeat(n),
        ")".repeat(n)
    ));
    // A call chain that is deep, or large, once inlined fails to link.
    let mut chain = String::new();
    chain.push_str("uint f0(uint a) { return a; }\n");
    for i in 1..5000 {
        chain.push_str(&format!(
            "uint f{i}(uint a) {{ return f{}(a) + 1u; }}\n",
            i - 1
        ));
    }
    chain.push_str("void main() { f4999(1u); }");
    fails(
        link(&[&format!("{HEAD}{chain}")]),
        "levels deep once calls are inlined, more than glcompute's limit of 10000",
    );
    let mut fanout = String::new();
    fanout.push_str("uint g0(uint a) { return a * a; }\n");
    for i in 1..40 {
        fanout.push_str(&format!(
            "uint g{i}(uint a) {{ return g{0}(a) + g{0}(a + 1u); }}\n",
            i - 1
        ));
    }
    fanout.push_str("void main() { g39(1u); }");
    fails(
        link(&[&format!("{HEAD}{fanout}")]),
        "statements and expressions once its function calls are inlined",
    );
}

#[test]
fn falling_off_the_end_warns() {
    let src = format!(
        "{HEAD}uint f(uint x) {{ if (x > 1u) return x; }}\nuint g(uint x) {{ while (true) {{ return x; }} }}\nvoid main() {{ f(1u); g(1u); }}"
    );
    let (sh, _) = glsl::compile(Stage::Compute, &src).expect("compiles");
    let (_, log) = glsl::link(&[(1, Stage::Compute, Some(Arc::new(sh)))], true).expect("links");
    assert!(
        log.contains(
            "function `f' can reach its end without returning a value; it returns zero there"
        ),
        "{log}"
    );
    assert!(!log.contains("`g'"), "{log}");
}

#[test]
fn type_nesting_limit() {
    // Structs in structs and arrays of arrays past limits::MAX_TYPE_NESTING fail to
    // compile (linking them took time quadratic in the depth: 100,000 levels never
    // finished); a few levels are fine.
    let mut structs = String::from("struct S0 { float x; };\n");
    for i in 1..2000 {
        structs.push_str(&format!("struct S{i} {{ S{} a; }};\n", i - 1));
    }
    structs.push_str("uniform S1999 u;\nvoid main() {}");
    err(&structs, "types are nested 2000 levels deep");
    err(
        &format!("uniform float u{};\nvoid main() {{}}", "[1]".repeat(5000)),
        "types are nested 5000 levels deep",
    );
    ok("struct A { float x[2][3]; }; struct B { A a[4]; }; uniform B b; void main() {}");
}

/// GL_ARB_gpu_shader_int64: types and literals only with the extension, literals
/// checked for range, the implicit conversions of the extension's §4.1.10 table, and
/// overload ranking that prefers widening (its §6.1 rule 2).
#[test]
fn int64_types_literals_and_conversions() {
    let with = |body: &str| {
        format!(
            "#version 430\n#extension GL_ARB_gpu_shader_int64 : require\nlayout(local_size_x = 1) in;\n{body}"
        )
    };
    let ir = compile(&with(
        "const uint64_t big = 0xffffffffffffffffUL;\n\
         const int64_t neg = -0x8000000000000000L;\n\
         void main() { int64_t a = 1; uint64_t b = 2u; b = a; double d = a; i64vec2 v = ivec2(3);\n\
         uint64_t s = 1ul << 40; int64_t o = 0777l; uint64_t c = big; int64_t e = neg; }",
    ))
    .unwrap_or_else(|log| panic!("int64 shader failed:\n{log}"));
    has(&ir, "int64_t a");
    has(&ir, "(uint64_t << 1ul 40)");
    has(&ir, "18446744073709551615ul");
    has(&ir, "-9223372036854775808l");
    has(&ir, "511l");
    // Without the extension: no types, no literals.
    fails(
        compile(&format!("{HEAD}void main() {{ int64_t a; }}")),
        "`int64_t' is a type of GL_ARB_gpu_shader_int64, which this shader does not enable",
    );
    err(
        "void main() { int x = int(5L); }",
        "64-bit integer literals require GL_ARB_gpu_shader_int64",
    );
    // Range: a decimal int64_t literal above INT64_MAX, any literal above 64 bits.
    fails(
        compile(&with("void main() { int64_t x = 9223372036854775808L; }")),
        "integer literal `9223372036854775808L' does not fit in int64_t",
    );
    fails(
        compile(&with(
            "void main() { uint64_t x = 18446744073709551616UL; }",
        )),
        "does not fit in 64 bits",
    );
    // No implicit conversion from uint to int64_t, or from 64 to 32 bits.
    fails(
        compile(&with("void main() { uint u = 1u; int64_t x = u; }")),
        "cannot convert `uint' to `int64_t'",
    );
    fails(
        compile(&with("void main() { int64_t x = 1L; int y = x; }")),
        "cannot convert `int64_t' to `int'",
    );
    // int -> int64_t (widening) beats int -> uint64_t and int -> double.
    let ir = compile(&with(
        "uint f(int64_t x) { return 1u; } uint f(uint64_t x) { return 2u; } uint f(double x) { return 3u; }\n\
         layout(std430, binding = 0) buffer B { uint r; };\n\
         void main() { r = f(7); }",
    ))
    .unwrap_or_else(|log| panic!("overloads failed:\n{log}"));
    has(&ir, "call f((int64_t convert 7))");
    // A literal inside a #define is replaced too, and so is one passed to a macro; one
    // in a comment is left alone.
    let ir = compile(&with(
        "#define BIG 0x100000000L // 5L in a comment\n#define TWICE(x) ((x) * 2l)\n\
         /* 7UL */ void main() { int64_t x = BIG; int64_t y = TWICE(5l); }",
    ))
    .unwrap_or_else(|log| panic!("define failed:\n{log}"));
    has(&ir, "4294967296l");
    has(&ir, "5l");
    // Positions after a replaced literal are the source's.
    fails(
        compile(&with(
            "void main() { int64_t a = 0x7fffffffffffffffL; int64_t b = 1l + nothing; }",
        )),
        "0:4(65): error: `nothing' undeclared",
    );
}

/// A source that ends inside a declaration, statement, block or parenthesis fails to
/// compile with a message (glsl-lang panics there; the front end turns that into the
/// error).
#[test]
fn unfinished_sources() {
    for tail in [
        "void main() { int x = 1",
        "void main() { int x = 1;\n",
        "void main() { if (true",
        "int g = 1",
        "void main(",
    ] {
        let src = format!("{HEAD}{tail}");
        match compile(&src) {
            Ok(ir) => panic!("`{tail}' compiled:\n{ir}"),
            Err(log) => assert!(
                log.contains("unexpected end of the shader source")
                    || log.contains("invalid token"),
                "`{tail}': {log}"
            ),
        }
    }
    // The message names the end of the source.
    let log = compile(&format!("{HEAD}void main() {{ int x = 1")).unwrap_err();
    assert!(log.starts_with("0:3("), "{log}");
    // A comment left open is its own error, at the comment.
    let log = compile(&format!("{HEAD}void main() {{ int x = 1 /* open comment")).unwrap_err();
    assert!(
        log.contains(
            "0:3(25): error: a /* comment is not closed before the end of the shader source"
        ),
        "{log}"
    );
}

/// Layouts are computed in 64 bits: limits reject sizes past 32 bits with their true
/// size in the message (GL 4.6 §7.6.2, ARB_compute_shader §5.5.1).
#[test]
fn sizes_past_32_bits_fail_with_their_size() {
    let src = |body: &str| format!("{HEAD}{body}\nvoid main() {{}}");
    fails(
        link(&[&src(
            "shared uint sh[1073741824];\nshared uint sh2[536870912][8];\nvoid f() { sh[0] = 1u; sh2[0][0] = 1u; }",
        )]),
        "shared variables take 21474836480 bytes",
    );
    fails(
        link(&[&format!(
            "{HEAD}layout(std140, binding = 0) uniform U {{ vec4 a[268435456]; }};\nvoid main() {{ float x = a[1].x; }}"
        )]),
        "uniform block `U' is 4294967296 bytes",
    );
    fails(
        link(&[&format!(
            "{HEAD}layout(std430, binding = 0) buffer B {{ uint a[1073741824]; uint b; }};\nvoid main() {{ b = 1u; }}"
        )]),
        "shader storage block `B' is 4294967312 bytes",
    );
}

/// Interfaces with hundreds of millions of elements fail to link at once, with their
/// limit's message, instead of enumerating every element (a uniform block of 50
/// million structs took a minute and 20 GB; a default-block float[10^9] 13 s and 12 GB).
#[test]
fn huge_interfaces_fail_fast() {
    for (decls, use_, what) in [
        (
            "struct S { uint a; uint b; };\nlayout(std140, binding = 0) uniform U { S s[50000000]; };",
            "o = s[1].a;",
            "uniform block `U' is 800000000 bytes",
        ),
        (
            "uniform uint big[1000000000];",
            "o = big[7];",
            "default-block uniforms use 1000000000 components",
        ),
        (
            "struct S { uint a; uint b; };\nstruct T { S s[100000000]; };\nlayout(std430, binding = 2) buffer C { T t; };",
            "t.s[5].a = 1u;",
            "more than 65536 active uniforms and buffer variables",
        ),
        (
            "layout(binding = 0) uniform sampler2D sm[100000000];",
            "o = uint(texture(sm[3], vec2(0.0)).x);",
            "the program uses 100000000 samplers",
        ),
    ] {
        let src = format!(
            "{HEAD}{decls}\nlayout(std430, binding = 1) buffer B {{ uint o; }};\nvoid main() {{ {use_} }}"
        );
        fails(link(&[&src]), what);
    }
}

/// Built-ins only extensions enable: without the extension, the message names it; a
/// call no overload matches stays "no matching function", even where an extension's
/// overload has the same number of parameters.
#[test]
fn extension_builtins_name_their_extension() {
    err(
        "void main() { bool b = anyInvocationARB(true); }",
        "`anyInvocationARB(bool)' requires GL_ARB_shader_group_vote",
    );
    err(
        "void main() { uvec2 c = clock2x32ARB(); }",
        "`clock2x32ARB()' requires GL_ARB_shader_clock",
    );
    err(
        "layout(std430) buffer B { float f; }; void main() { atomicMax(f, 1.0); }",
        "`atomicMax(float, float)' requires GL_INTEL_shader_atomic_float_minmax",
    );
    err(
        "void main() { int x = min3(1, 2, 3); }",
        "`min3(int, int, int)' requires GL_AMD_shader_trinary_minmax",
    );
    fails(
        compile(
            "#version 430\n#extension GL_ARB_gpu_shader_int64 : require\nlayout(local_size_x = 1) in;\n\
             layout(std430) buffer B { int64_t v; }; void main() { atomicAdd(v, 1L); }",
        ),
        "`atomicAdd(int64_t, int64_t)' requires GL_ARB_gpu_shader_int64 and GL_NV_shader_atomic_int64",
    );
    let img = "layout(r32f, binding = 0) uniform image2D im;\n";
    err(
        &format!("{img}void main() {{ float o = imageAtomicAdd(im, ivec2(0), 1.0); }}"),
        "`imageAtomicAdd(image2D, ivec2, float)' requires GL_NV_shader_atomic_float",
    );
    compile(&format!(
        "#version 430\n#extension GL_NV_shader_atomic_float : require\n\
         #extension GL_INTEL_shader_atomic_float_minmax : require\nlayout(local_size_x = 1) in;\n{img}\
         void main() {{ float o = imageAtomicAdd(im, ivec2(0), 1.0) + imageAtomicMin(im, ivec2(1), 2.0)\
         + imageAtomicCompSwap(im, ivec2(2), 0.0, 1.0) + imageAtomicExchange(im, ivec2(3), 4.0); }}"
    ))
    .unwrap_or_else(|log| panic!("float image atomics failed:\n{log}"));
    err(
        "void main() { vec2 v = min(vec2(1.0), true); }",
        "no matching function for call to `min(vec2, bool)'",
    );
}

/// With the float atomic extensions, image atomics still need the r32f format.
#[test]
fn float_image_atomics_need_r32f() {
    fails(
        compile(
            "#version 430\n#extension GL_NV_shader_atomic_float : require\nlayout(local_size_x = 1) in;\n\
             layout(rgba32f) uniform image2D img; void main() { imageAtomicAdd(img, ivec2(0), 1.0); }",
        ),
        "image atomics need the r32i, r32ui or r32f format, not rgba32f",
    );
}

/// Inputs the fuzzer (conformance/fuzz) found to crash or hang the compiler: each must
/// now compile and link to an answer, within a time bound, whose log holds the text its
/// first line (`// expect: TEXT`) names.
#[test]
fn fuzz_regressions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/fuzz/regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("conformance/fuzz/regressions")
        .flatten()
        .map(|e| e.path())
        // GLSL inputs; the SPIR-V ones (spirv/) are tests/spirv_fuzz.rs's.
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no regression inputs in {}",
        dir.display()
    );
    for path in files {
        let src = std::fs::read_to_string(&path).expect("readable");
        let expect = src
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
            .unwrap_or_else(|| panic!("{}: no `// expect:` line", path.display()))
            .to_string();
        let (tx, rx) = std::sync::mpsc::channel();
        let input = src.clone();
        std::thread::spawn(move || {
            let _ = tx.send(match link(&[&input]) {
                Ok(_) => "linked".to_string(),
                Err(log) => log,
            });
        });
        let outcome = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{}: no answer within 60 s", path.display()));
        assert!(
            outcome.contains(&expect),
            "{}: expected `{expect}' in:\n{outcome}",
            path.display()
        );
    }
}

/// Forty structures that each hold two of the one before (2^40 floats): each type is
/// laid out, sized and searched once, so the block's size is refused at once (the
/// member-by-member walks this replaces did not finish).
#[test]
fn nested_structures_cost_their_definitions() {
    let mut decls = String::from("struct S0 { float x; };\n");
    for i in 1..=40 {
        decls.push_str(&format!("struct S{i} {{ S{} a, b; }};\n", i - 1));
    }
    let src = format!(
        "{HEAD}{decls}layout(std430, binding = 0) buffer B {{ S40 s; float y; }};\nshared S12 t;\nvoid main() {{ S40 v; y = 1.0; }}\n"
    );
    fails(link(&[&src]), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE");
}

/// GL_NV_compute_shader_derivatives: the layout qualifiers and their rules, and the
/// derivative built-ins lowered to a shared array between two barriers.
#[test]
fn compute_derivatives() {
    let ext = "#version 450\n#extension GL_NV_compute_shader_derivatives : require\n";
    let out = "layout(std430, binding = 0) buffer B { float o[]; };\n";
    // Without the extension a derivative is a fragment-shader built-in.
    fails(
        compile(&format!(
            "#version 450\nlayout(local_size_x = 2, local_size_y = 2) in;\n{out}void main() {{ o[0] = dFdx(o[1]); }}"
        )),
        "`dFdx' is only available in fragment shaders",
    );
    fails(
        compile(
            "#version 450\nlayout(local_size_x = 2) in;\nlayout(derivative_group_quadsNV) in;\nvoid main() {}",
        ),
        "requires GL_NV_compute_shader_derivatives",
    );
    // The extension's §4.4.1.4: both qualifiers, or a size that does not divide into
    // quads, are compile-time errors when one shader declares them.
    fails(
        compile(&format!(
            "{ext}layout(local_size_x = 4, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\nlayout(derivative_group_linearNV) in;\nvoid main() {{}}"
        )),
        "are both declared",
    );
    fails(
        compile(&format!(
            "{ext}layout(local_size_x = 3, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\nvoid main() {{}}"
        )),
        "x and y are multiples of 2, not 3x2",
    );
    fails(
        compile(&format!(
            "{ext}layout(local_size_x = 3, local_size_y = 2) in;\nlayout(derivative_group_linearNV) in;\nvoid main() {{}}"
        )),
        "multiple of 4, not 3x2x1",
    );
    assert!(
        compile(&format!("{ext}layout(local_size_x = 3, local_size_y = 4) in;\nlayout(derivative_group_linearNV) in;\nvoid main() {{}}")).is_ok()
    );
    // ... and link-time errors across shaders.
    fails(
        link(&[
            &format!("{ext}layout(local_size_x = 2, local_size_y = 3) in;\nvoid main() {{}}"),
            &format!("{ext}layout(derivative_group_quadsNV) in;\n"),
        ]),
        "x and y are multiples of 2, not 2x3",
    );
    fails(
        link(&[
            &format!(
                "{ext}layout(local_size_x = 4, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\nvoid main() {{}}"
            ),
            &format!("{ext}layout(derivative_group_linearNV) in;\n"),
        ]),
        "declare both derivative_group_quadsNV and derivative_group_linearNV",
    );
    // GLSL 4.60 §8.9: a lookup's bias is for fragment shaders; the extension adds
    // compute shaders (where it adjusts the level of detail of a derivative group).
    let bias = "layout(binding = 0) uniform sampler2D s;\nvoid main() { o[0] = textureOffset(s, vec2(0.5), ivec2(1), 1.0).x + texture(s, vec2(0.5), 2.0).y; }";
    fails(
        compile(&format!(
            "#version 450\nlayout(local_size_x = 2, local_size_y = 2) in;\n{out}{bias}"
        )),
        "`textureOffset' with a bias is only available in fragment shaders",
    );
    assert!(
        compile(&format!(
            "{ext}layout(local_size_x = 2, local_size_y = 2) in;\n{out}{bias}"
        ))
        .is_ok()
    );
    // textureQueryLod (GLSL 4.60 §8.9.1) likewise: fragment shaders, and compute
    // shaders with the extension, where a derivative group gives it the coordinates'
    // derivatives (TextureQueryLod with four operands).
    let query = "layout(binding = 0) uniform sampler2D s;\nlayout(binding = 1) uniform samplerCubeArrayShadow c;\nvoid main() { o[0] = textureQueryLod(s, vec2(o[1])).y + textureQueryLod(c, vec3(o[2])).x; }";
    fails(
        compile(&format!(
            "#version 450\nlayout(local_size_x = 2, local_size_y = 2) in;\n{out}{query}"
        )),
        "`textureQueryLod' is only available in fragment shaders (and compute shaders with GL_NV_compute_shader_derivatives)",
    );
    let ir = link(&[&format!(
        "{ext}layout(local_size_x = 2, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\n{out}{query}"
    )])
    .expect("links")
    .1;
    assert_eq!(ir.matches("TextureQueryLod").count(), 2, "{ir}");
    assert_eq!(
        ir.matches("Barrier").count(),
        8,
        "two derivatives per query:\n{ir}"
    );
    // A derivative needs the fixed local size, declared first.
    fails(
        compile(&format!(
            "{ext}layout(derivative_group_quadsNV) in;\n{out}void main() {{ o[0] = dFdx(o[1]); }}\nlayout(local_size_x = 2, local_size_y = 2) in;"
        )),
        "fixed local size is declared before them",
    );
    // Lowered: the operand stored at gl_LocalInvocationIndex, a barrier, the
    // difference of two entries, a barrier.
    let ir = link(&[&format!(
        "{ext}layout(local_size_x = 2, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\n{out}void main() {{ o[gl_LocalInvocationIndex] = dFdxFine(o[gl_LocalInvocationIndex]); }}"
    )])
    .expect("links")
    .1;
    has(&ir, "Shared float[4] __glc_derivatives_float");
    assert_eq!(ir.matches("Barrier").count(), 2, "two barriers:\n{ir}");
    // Without a derivative group a derivative is zero (its operand still evaluated).
    let ir = link(&[&format!(
        "{ext}layout(local_size_x = 2, local_size_y = 2) in;\n{out}void main() {{ o[0] = dFdy(o[1]++); }}"
    )])
    .expect("links")
    .1;
    assert!(
        !ir.contains("Barrier"),
        "no exchange without a group:\n{ir}"
    );
    has(&ir, "0.0");
}

#[test]
fn texture_gather_offsets() {
    // Four textureGatherOffset calls, each giving its w component; the sampler array's
    // element and the coordinates (through a temporary: a call) serve all four.
    let ir = ok("uniform sampler2D t[2]; uniform isampler2DArray ia;
        layout(std430) buffer B { vec4 v; ivec4 iv; };
        vec2 at() { v.x += 1.0; return v.xy; }
        void main() {
          v = textureGatherOffsets(t[1], at(), ivec2[4](ivec2(0), ivec2(1, 0), ivec2(0, 1), ivec2(1)), 2);
          iv = textureGatherOffsets(ia, vec3(0.5), ivec2[4](ivec2(-1), ivec2(0), ivec2(2), ivec2(3)));
        }");
    assert_eq!(
        ir.matches("TextureGatherOffset ").count(),
        8,
        "four gathers per call:\n{ir}"
    );
    // A constant component that is not a literal is each lookup's constant.
    ok("uniform sampler2D t; layout(std430) buffer B { vec4 v; };
        void main() { v = textureGatherOffsets(t, vec2(0.5), ivec2[4](ivec2(0), ivec2(1), ivec2(2), ivec2(3)), 1 + 1); }");
    err(
        "uniform sampler2D t; layout(std430) buffer B { vec4 v; ivec2 o[4]; };
        void main() { v = textureGatherOffsets(t, vec2(0.5), o); }",
        "offsets must be a constant expression",
    );
    err(
        "uniform sampler2D t; layout(std430) buffer B { vec4 v; };
        void main() { v = textureGatherOffsets(t, vec2(0.5), ivec2[3](ivec2(0), ivec2(1), ivec2(2))); }",
        "offsets are an ivec2[4]",
    );
    fails(
        compile(
            "#version 330\n#extension GL_ARB_compute_shader : require\n#extension GL_ARB_shader_storage_buffer_object : require\nlayout(local_size_x = 1) in;\nuniform sampler2D t;\nlayout(std430) buffer B { vec4 v; };\nvoid main() {\n  v = textureGatherOffsets(t, vec2(0.5), ivec2[4](ivec2(0), ivec2(1), ivec2(2), ivec2(3)));\n}\n",
        ),
        "requires GLSL 4.00",
    );
}
