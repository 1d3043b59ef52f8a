"""Taichi (PyPI) kernels on its OpenGL back end, which runs them as GLSL compute
shaders on glcompute, compared with the same kernels on Taichi's own CPU back end:
fields and parallel loops with transcendental math, atomics and reductions, an integer
histogram, structs, vectors and 3x3 matrices, loops with break, ndarrays passed as
arguments, many small launches, and 64-bit integers (not on ti.gles, whose back end
has none). Each back end runs in its own
process (the GL one with the environment it was given: glcompute as libEGL/libGL, or
preloaded over a host). Taichi falls back to the CPU when GL fails, so the arch it
reports is checked. With --interposed (libglcompute.so preloaded over a host that has
compute itself), the GL child runs with GLCOMPUTE_LOG=calls and must show that
glcompute, not the host, ran its dispatches.
usage: taichi_compute.py opengl|gles [--interposed]"""
import sys, subprocess, json, os
import numpy as np

def run(arch_name):
    import taichi as ti
    arch = {"opengl": ti.opengl, "gles": ti.gles, "cpu": ti.cpu}[arch_name]
    ti.init(arch=arch, offline_cache=False, log_level=ti.WARN)
    got = str(ti.lang.impl.current_cfg().arch)
    out = {"arch": got}
    n = 1000
    # fields, parallel for, math
    x = ti.field(ti.f32, shape=n)
    @ti.kernel
    def fill():
        for i in x:
            x[i] = ti.sin(i * 0.01) * ti.exp(-i * 0.001) + ti.sqrt(float(i))
    fill(); out["fill"] = x.to_numpy().tolist()
    # atomics and reductions
    s = ti.field(ti.f32, shape=()); c = ti.field(ti.i32, shape=()); mx = ti.field(ti.i32, shape=())
    @ti.kernel
    def reduce():
        for i in x:
            s[None] += x[i]
            ti.atomic_add(c[None], 1 if x[i] > 10.0 else 0)
            ti.atomic_max(mx[None], i * 7 % 1009)
    reduce(); out["reduce"] = [s[None], c[None], mx[None]]
    # integer histogram with atomics
    h = ti.field(ti.i32, shape=16)
    @ti.kernel
    def hist():
        for i in range(100000):
            h[(i * 7919 + (i >> 3)) % 16] += 1
    hist(); out["hist"] = h.to_numpy().tolist()
    # structs, vectors, matrices
    P = ti.types.struct(pos=ti.math.vec3, vel=ti.math.vec3, m=ti.f32)
    ps = P.field(shape=64)
    M = ti.Matrix.field(3, 3, ti.f32, shape=64)
    @ti.kernel
    def particles():
        for i in ps:
            ps[i].pos = ti.Vector([i, i * 2.0, -i])
            ps[i].vel = ti.Vector([1.0, 0.5, 0.25]) * i
            ps[i].m = 1.0 + i
            R = ti.Matrix([[1.0, 0.0, 0.0], [0.0, ti.cos(0.1 * i), -ti.sin(0.1 * i)], [0.0, ti.sin(0.1 * i), ti.cos(0.1 * i)]])
            M[i] = R @ R.transpose() + ti.Matrix.identity(ti.f32, 3) * ps[i].m
            ps[i].pos += M[i] @ ps[i].vel * 0.01
            ps[i].m = ps[i].pos.norm() + M[i].determinant()
    particles()
    out["struct"] = [ps.pos.to_numpy().tolist(), ps.m.to_numpy().tolist(), M.to_numpy().tolist()]
    # loops with break, while, ifs
    y = ti.field(ti.i32, shape=256)
    @ti.kernel
    def collatz():
        for i in y:
            v = i + 1
            k = 0
            while True:
                if v == 1:
                    break
                if v % 2 == 0:
                    v //= 2
                else:
                    v = 3 * v + 1
                k += 1
                if k > 500:
                    break
            y[i] = k
    collatz(); out["collatz"] = y.to_numpy().tolist()
    # ndarrays
    a = ti.ndarray(ti.f32, shape=(32, 32))
    @ti.kernel
    def nd(arr: ti.types.ndarray(ndim=2), k: ti.f32):
        for i, j in arr:
            arr[i, j] = i * k + j
    nd(a, 0.5); out["ndarray"] = a.to_numpy().tolist()
    # many small kernels
    z = ti.field(ti.i32, shape=8)
    @ti.kernel
    def inc(k: ti.i32):
        for i in z:
            z[i] += k + i
    for k in range(50):
        inc(k)
    out["many"] = z.to_numpy().tolist()
    # 64-bit ints (Taichi's GLES back end has none: it leaves them out on ti.gles)
    if arch_name == "gles" or (arch_name == "cpu" and os.environ.get("TAICHI_COMPARE") == "gles"):
        ti.reset()
        return out
    w = ti.field(ti.i64, shape=4)
    @ti.kernel
    def big():
        for i in w:
            w[i] = ti.i64(1) << (40 + i)
    big(); out["int64"] = w.to_numpy().tolist()
    ti.reset()
    return out

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[2] == "--child":
        print("RESULT " + json.dumps(run(sys.argv[1])))
        sys.exit(0)
    arch = sys.argv[1]
    interposed = "--interposed" in sys.argv[2:]
    res = {}
    for a in (arch, "cpu"):
        env = dict(os.environ)
        if a == "cpu":
            env.pop("LD_LIBRARY_PATH", None); env.pop("LD_PRELOAD", None)
            env["TAICHI_COMPARE"] = arch
        elif interposed:
            env["GLCOMPUTE_LOG"] = "calls"
        p = subprocess.run([sys.executable, __file__, a, "--child"], capture_output=True, text=True, env=env, timeout=600)
        line = [l for l in p.stdout.splitlines() if l.startswith("RESULT ")]
        if p.returncode != 0 or not line:
            print(f"FAIL: taichi on {a} did not finish (exit {p.returncode})\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
            sys.exit(1)
        res[a] = json.loads(line[0][7:])
        if a != "cpu" and interposed:
            if "glcompute: runs glDispatchCompute" not in p.stderr:
                print(f"FAIL: the host, not glcompute, ran Taichi's dispatches\n{p.stderr[-3000:]}")
                sys.exit(1)
            print("ok   glcompute ran the dispatches (GLCOMPUTE_LOG=calls)")
    want = {"opengl": "Arch.opengl", "gles": "Arch.gles"}[arch]
    if res[arch]["arch"] != want:
        print(f"FAIL: taichi ran on {res[arch]['arch']}, not {want} (it falls back when GL fails)")
        sys.exit(1)
    bad = 0
    for k, v in res["cpu"].items():
        if k == "arch": continue
        g = np.array(res[arch][k], dtype=np.float64) if not isinstance(v[0], list) or k != "struct" else None
        if k == "struct":
            ok = all(np.allclose(np.array(res[arch][k][i]), np.array(v[i]), rtol=1e-4, atol=1e-4) for i in range(3))
        elif k == "reduce":
            ok = np.allclose(res[arch][k][0], v[0], rtol=1e-4) and res[arch][k][1:] == v[1:]
        else:
            ok = np.allclose(np.array(res[arch][k], dtype=np.float64), np.array(v, dtype=np.float64), rtol=1e-5, atol=1e-5)
        print(("ok  " if ok else "FAIL") + f" {k}")
        bad += not ok
    print(f"taichi {arch}: {len(res['cpu']) - 1 - bad} of {len(res['cpu']) - 1} kernels match Taichi's CPU back end")
    sys.exit(1 if bad else 0)
