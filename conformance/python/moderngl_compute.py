"""A Python GL library people use for compute (moderngl, from PyPI) on glcompute.

usage: python moderngl_compute.py [--interposed | --no-context]
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
    ctx.release()
    print(f"moderngl_compute: {n} values, {'FAILED' if failures else 'ok'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
