"""A Python GL library people use for compute (moderngl, from PyPI) on glcompute.

usage: python moderngl_compute.py [--interposed | --no-context | --standalone]
  --standalone  glcompute is the library's libEGL (LD_LIBRARY_PATH): the compute
                shader runs, and a vertex + fragment program builds as it does at an
                application's start-up (attributes, uniforms, a vertex array); drawing
                it is GL_INVALID_OPERATION (glcompute does not rasterise)
  --interposed  run with libglcompute.so preloaded over a host without compute: the
                library asks for OpenGL 4.3, gets it, and its compute shader runs on
                glcompute (GL_VERSION names glcompute)
  --no-context  the same host without glcompute: asking for 4.3 must fail
Exits non-zero on any failure.
"""
import struct
import sys

import moderngl

SRC = """
#version 430
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer In { float v[]; } a;
layout(std430, binding = 1) writeonly buffer Out { float w[]; } b;
uniform float k;
shared float tile[64];
void main() {
    uint i = gl_GlobalInvocationID.x;
    tile[gl_LocalInvocationIndex] = a.v[i];
    barrier();
    b.w[i] = tile[63u - gl_LocalInvocationIndex] * k + 1.0;
}
"""


VS = """
#version 330
in vec2 in_vert;
in vec3 in_color;
in float in_unused;
uniform float scale;
uniform mat4 mvp;
out vec3 v_color;
void main() { v_color = in_color; gl_Position = mvp * vec4(in_vert * scale, 0.0, 1.0); }
"""

FS = """
#version 330
in vec3 v_color;
uniform float scale;
out vec4 f_color;
void main() { f_color = vec4(v_color * scale, 1.0); }
"""


def graphics_program(ctx):
    """A vertex + fragment program as an application builds it at start-up."""
    failures = 0
    prog = ctx.program(vertex_shader=VS, fragment_shader=FS)
    members = sorted(prog)
    if members != ["in_color", "in_vert", "mvp", "scale"]:
        print(f"FAIL: program members {members}")
        failures += 1
    prog["scale"] = 0.5
    prog["mvp"].write(struct.pack("16f", *[1.0 if i % 5 == 0 else 0.0 for i in range(16)]))
    if prog["scale"].value != 0.5:
        print(f"FAIL: uniform scale reads {prog['scale'].value}")
        failures += 1
    vbo = ctx.buffer(struct.pack("15f", *range(15)))
    vao = ctx.vertex_array(prog, [(vbo, "2f 3f", "in_vert", "in_color")])
    if ctx.error != "GL_NO_ERROR":
        print("FAIL: building the program and vertex array raised a GL error")
        failures += 1
    fbo = ctx.simple_framebuffer((4, 4))
    fbo.use()
    vao.render()
    err = ctx.error
    if err != "GL_INVALID_OPERATION":
        print(f"FAIL: drawing gave {err}, not GL_INVALID_OPERATION")
        failures += 1
    try:
        bad_fs = FS.replace("in vec3 v_color", "in vec2 v_color").replace("v_color * scale", "v_color, scale")
        ctx.program(vertex_shader=VS, fragment_shader=bad_fs)
        print("FAIL: mismatched stage interfaces linked")
        failures += 1
    except Exception as e:  # moderngl raises a plain Exception with the link log
        if "v_color" not in str(e):
            print(f"FAIL: the link error does not name v_color: {e}")
            failures += 1
    print(f"moderngl_compute: graphics program {members}, draw: {err}")
    return failures


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "--interposed"
    try:
        ctx = moderngl.create_standalone_context(require=430, backend="egl")
    except Exception as e:  # moderngl raises a plain Exception
        if mode == "--no-context":
            print(f"moderngl_compute: no 4.3 context without glcompute, as expected ({e})")
            return 0
        print(f"FAIL: no 4.3 context: {e}")
        return 1
    if mode == "--no-context":
        print("FAIL: a 4.3 context without glcompute; the host is not the one this test needs")
        return 1
    version = ctx.info["GL_VERSION"]
    print(f"moderngl {moderngl.__version__}: GL {version} (version code {ctx.version_code})")
    failures = 0
    if ctx.version_code < 430 or "glcompute" not in version:
        print("FAIL: expected GL 4.3 completed by glcompute")
        failures += 1
    cs = ctx.compute_shader(SRC)
    n = 4096
    inp = ctx.buffer(struct.pack(f"{n}f", *range(n)))
    out = ctx.buffer(reserve=n * 4)
    inp.bind_to_storage_buffer(0)
    out.bind_to_storage_buffer(1)
    cs["k"] = 2.5
    cs.run(n // 64)
    got = struct.unpack(f"{n}f", out.read())
    want = [((i // 64) * 64 + 63 - i % 64) * 2.5 + 1.0 for i in range(n)]
    bad = sum(1 for g, w in zip(got, want) if g != w)
    if bad:
        print(f"FAIL: {bad} of {n} values wrong")
        failures += 1
    if mode == "--standalone":
        failures += graphics_program(ctx)
    ctx.release()
    print(f"moderngl_compute: {n} values, {'FAILED' if failures else 'ok'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
