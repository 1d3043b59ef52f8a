"""wgpu (PyPI wgpu-py, the WebGPU API over wgpu-native) on its OpenGL back end with
glcompute as the machine's GL: wgpu finds an EGL config OpenGL ES can render to, creates
an OpenGL context, has naga translate WGSL to GLSL 4.50 and runs it. Compute passes,
each checked against numpy: a storage buffer updated in place, a histogram with
atomics, a uniform buffer and workgroup memory, float math (sin, exp, sqrt, pow, atan2),
a storage texture written by one pass and copied to a buffer, a texture the queue
uploads, read with textureLoad into a storage texture, pipeline-overridable
constants and a 1D storage texture; with --interposed also a render pass (drawn by the host) whose target a
compute pass reads. The adapter must be
glcompute's (standalone its renderer, interposed the host's with "(compute: glcompute")
in its version), so a fallback cannot pass.

usage: WGPU_BACKEND_TYPE=OpenGL LD_LIBRARY_PATH=<glcompute's gl dir> python wgpu_compute.py
       WGPU_BACKEND_TYPE=OpenGL LD_PRELOAD=libglcompute.so python wgpu_compute.py --interposed
"""
import sys

import numpy as np
import wgpu

failures = 0


def check(ok, what):
    global failures
    print(("ok   " if ok else "FAIL ") + what)
    failures += not ok


adapter = wgpu.gpu.request_adapter_sync(power_preference="high-performance")
info = adapter.info
check("glcompute" in str(info.get("device", "")) + str(info.get("vendor", "")) + str(info.get("description", "")),
      f"the adapter is glcompute's: {info}")
device = adapter.request_device_sync()


def run(wgsl, bindings, groups):
    """Runs `wgsl`'s main with `bindings` (binding -> resource dict) in bind group 0."""
    sm = device.create_shader_module(code=wgsl)
    pipe = device.create_compute_pipeline(layout="auto", compute={"module": sm, "entry_point": "main"})
    bg = device.create_bind_group(layout=pipe.get_bind_group_layout(0),
                                  entries=[{"binding": b, "resource": r} for b, r in bindings.items()])
    enc = device.create_command_encoder()
    p = enc.begin_compute_pass()
    p.set_pipeline(pipe)
    p.set_bind_group(0, bg)
    p.dispatch_workgroups(*groups)
    p.end()
    return enc


STORAGE = wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_SRC | wgpu.BufferUsage.COPY_DST

# 1. A storage buffer updated in place.
n = 4096
buf = device.create_buffer_with_data(data=np.arange(n, dtype=np.uint32), usage=STORAGE)
enc = run("""
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u + id.x;
}""", {0: {"buffer": buf}}, (n // 64, 1, 1))
device.queue.submit([enc.finish()])
out = np.frombuffer(device.queue.read_buffer(buf), dtype=np.uint32)
check((out == np.arange(n, dtype=np.uint32) * 3).all(), "storage buffer x*2+i")

# 2. A histogram with atomics.
vals = ((np.arange(n, dtype=np.uint64) * 7919 + 13) % 97 % 16).astype(np.uint32)
src = device.create_buffer_with_data(data=vals, usage=STORAGE)
hist = device.create_buffer_with_data(data=np.zeros(16, dtype=np.uint32), usage=STORAGE)
enc = run("""
@group(0) @binding(0) var<storage, read> vals: array<u32>;
@group(0) @binding(1) var<storage, read_write> hist: array<atomic<u32>, 16>;
@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    atomicAdd(&hist[vals[id.x]], 1u);
}""", {0: {"buffer": src}, 1: {"buffer": hist}}, (n // 128, 1, 1))
device.queue.submit([enc.finish()])
got = np.frombuffer(device.queue.read_buffer(hist), dtype=np.uint32)
check((got == np.bincount(vals, minlength=16)).all(), "atomic histogram")

# 3. A uniform buffer and a workgroup reduction with barriers.
params = device.create_buffer_with_data(data=np.array([3, 5, 0, 0], dtype=np.uint32),
                                        usage=wgpu.BufferUsage.UNIFORM)
sums = device.create_buffer(size=(n // 256) * 4, usage=STORAGE)
enc = run("""
struct Params { mul: u32, add: u32, pad0: u32, pad1: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;
var<workgroup> tile: array<u32, 256>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wg: vec3<u32>) {
    tile[li] = gid.x * params.mul + params.add;
    workgroupBarrier();
    var stride = 128u;
    loop {
        if (stride == 0u) { break; }
        if (li < stride) { tile[li] = tile[li] + tile[li + stride]; }
        workgroupBarrier();
        stride = stride / 2u;
    }
    if (li == 0u) { sums[wg.x] = tile[0]; }
}""", {0: {"buffer": params}, 1: {"buffer": sums}}, (n // 256, 1, 1))
device.queue.submit([enc.finish()])
got = np.frombuffer(device.queue.read_buffer(sums), dtype=np.uint32)
want = (np.arange(n, dtype=np.uint64) * 3 + 5).reshape(-1, 256).sum(axis=1).astype(np.uint32)
check((got == want).all(), "uniform buffer and workgroup reduction")

# 4. Float math.
x = np.linspace(-3.0, 3.0, n, dtype=np.float32)
xb = device.create_buffer_with_data(data=x, usage=STORAGE)
yb = device.create_buffer(size=n * 4, usage=STORAGE)
enc = run("""
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let v = x[id.x];
    y[id.x] = sin(v) * exp(-abs(v)) + sqrt(abs(v)) + pow(abs(v) + 1.0, 0.5) + atan2(v, 2.0);
}""", {0: {"buffer": xb}, 1: {"buffer": yb}}, (n // 64, 1, 1))
device.queue.submit([enc.finish()])
got = np.frombuffer(device.queue.read_buffer(yb), dtype=np.float32)
ax = np.abs(x.astype(np.float64))
want = np.sin(x) * np.exp(-ax) + np.sqrt(ax) + np.power(ax + 1.0, 0.5) + np.arctan2(x, 2.0)
check(np.allclose(got, want, rtol=1e-5, atol=1e-5), f"float math (max error {np.max(np.abs(got - want)):.2e})")

# 5. A storage texture written by a compute pass, copied to a buffer.
w, h = 64, 32
tex = device.create_texture(size=(w, h, 1), format=wgpu.TextureFormat.rgba8unorm,
                            usage=wgpu.TextureUsage.STORAGE_BINDING | wgpu.TextureUsage.COPY_SRC)
enc = run("""
@group(0) @binding(0) var img: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    textureStore(img, vec2<i32>(id.xy), vec4<f32>(f32(id.x) / 63.0, f32(id.y) / 31.0, 0.5, 1.0));
}""", {0: tex.create_view()}, (w // 8, h // 8, 1))
out_buf = device.create_buffer(size=w * 4 * h, usage=wgpu.BufferUsage.COPY_DST | wgpu.BufferUsage.MAP_READ)
enc.copy_texture_to_buffer({"texture": tex}, {"buffer": out_buf, "bytes_per_row": w * 4, "rows_per_image": h},
                           (w, h, 1))
device.queue.submit([enc.finish()])
out_buf.map_sync(wgpu.MapMode.READ)
px = np.frombuffer(out_buf.read_mapped(), dtype=np.uint8).reshape(h, w, 4).astype(np.int32)
out_buf.unmap()
xs, ys = np.meshgrid(np.arange(w), np.arange(h))
want = np.stack([np.round(xs / 63.0 * 255), np.round(ys / 31.0 * 255), np.full_like(xs, 128),
                 np.full_like(xs, 255)], axis=-1)
check(np.abs(px - want).max() <= 1, f"storage texture (max difference {np.abs(px - want).max()})")

# 6. A sampled texture the queue uploads, read with textureLoad, written to a storage
# texture that is copied out.
src_px = (np.arange(w * h * 4, dtype=np.uint32) * 37 % 251).astype(np.uint8).reshape(h, w, 4)
src_tex = device.create_texture(size=(w, h, 1), format=wgpu.TextureFormat.rgba8unorm,
                                usage=wgpu.TextureUsage.TEXTURE_BINDING | wgpu.TextureUsage.COPY_DST)
device.queue.write_texture({"texture": src_tex}, src_px.tobytes(), {"bytes_per_row": w * 4, "rows_per_image": h},
                           (w, h, 1))
dst_tex = device.create_texture(size=(w, h, 1), format=wgpu.TextureFormat.rgba8unorm,
                                usage=wgpu.TextureUsage.STORAGE_BINDING | wgpu.TextureUsage.COPY_SRC)
enc = run("""
@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let c = textureLoad(src, vec2<i32>(id.xy), 0);
    textureStore(dst, vec2<i32>(id.xy), vec4<f32>(c.b, c.g, c.r, 1.0 - c.a));
}""", {0: src_tex.create_view(), 1: dst_tex.create_view()}, (w // 8, h // 8, 1))
out_buf2 = device.create_buffer(size=w * 4 * h, usage=wgpu.BufferUsage.COPY_DST | wgpu.BufferUsage.MAP_READ)
enc.copy_texture_to_buffer({"texture": dst_tex}, {"buffer": out_buf2, "bytes_per_row": w * 4, "rows_per_image": h},
                           (w, h, 1))
device.queue.submit([enc.finish()])
out_buf2.map_sync(wgpu.MapMode.READ)
px = np.frombuffer(out_buf2.read_mapped(), dtype=np.uint8).reshape(h, w, 4).astype(np.int32)
out_buf2.unmap()
s32 = src_px.astype(np.int32)
want = np.stack([s32[..., 2], s32[..., 1], s32[..., 0], 255 - s32[..., 3]], axis=-1)
check(np.abs(px - want).max() <= 1, f"sampled texture to storage texture (max difference {np.abs(px - want).max()})")

# 7. Pipeline-overridable constants: naga writes the values the pipeline gives
# (by name and by @id) into the GLSL it hands to the driver.
checks = 8
cbuf = device.create_buffer(size=64 * 4, usage=STORAGE)
sm = device.create_shader_module(code="""
override scale: u32 = 1u;
@id(7) override offset: f32 = 0.5;
override unset: u32 = 11u;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    out[id.x] = f32(id.x * scale + unset) + offset;
}""")
pipe = device.create_compute_pipeline(layout="auto", compute={"module": sm, "entry_point": "main",
                                                              "constants": {"scale": 3, "7": 0.25}})
bg = device.create_bind_group(layout=pipe.get_bind_group_layout(0), entries=[{"binding": 0, "resource": {"buffer": cbuf}}])
enc = device.create_command_encoder()
p = enc.begin_compute_pass()
p.set_pipeline(pipe)
p.set_bind_group(0, bg)
p.dispatch_workgroups(1, 1, 1)
p.end()
device.queue.submit([enc.finish()])
got = np.frombuffer(device.queue.read_buffer(cbuf), dtype=np.float32)
check((got == np.arange(64, dtype=np.float32) * 3 + 11 + 0.25).all(), "pipeline-overridable constants")

# 8. A 1D storage texture. (A 3D one is not checked: wgpu's GL back end binds its image
# unit to one layer, so only slice 0 is written, on llvmpipe as on glcompute.)
checks += 1
t1 = device.create_texture(size=(16, 1, 1), dimension="1d", format=wgpu.TextureFormat.rgba8unorm,
                           usage=wgpu.TextureUsage.STORAGE_BINDING | wgpu.TextureUsage.COPY_SRC)
enc = run("""
@group(0) @binding(0) var img: texture_storage_1d<rgba8unorm, write>;
@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    textureStore(img, i32(id.x), vec4<f32>(f32(id.x) / 255.0, f32(15u - id.x) / 255.0, 0.0, 1.0));
}""", {0: t1.create_view()}, (1, 1, 1))
b1 = device.create_buffer(size=256, usage=wgpu.BufferUsage.COPY_DST | wgpu.BufferUsage.MAP_READ)
enc.copy_texture_to_buffer({"texture": t1}, {"buffer": b1, "bytes_per_row": 256, "rows_per_image": 1}, (16, 1, 1))
device.queue.submit([enc.finish()])
b1.map_sync(wgpu.MapMode.READ)
px = np.frombuffer(b1.read_mapped(), dtype=np.uint8)[:64].reshape(16, 4).astype(np.int32)
b1.unmap()
want = np.stack([np.arange(16), 15 - np.arange(16), np.zeros(16), np.full(16, 255)], axis=-1)
check((px == want).all(), "1D storage texture")

# 9. Interposed only (standalone glcompute draws nothing): a render pass the host draws
# into a texture, which a compute pass then reads (textureLoad) into a buffer.
if "--interposed" in sys.argv:
    checks += 1
    rt = device.create_texture(size=(w, h, 1), format=wgpu.TextureFormat.rgba8unorm,
                               usage=wgpu.TextureUsage.RENDER_ATTACHMENT | wgpu.TextureUsage.TEXTURE_BINDING)
    draw = device.create_shader_module(code="""
@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let xy = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(xy * 2.0 - 1.0, 0.0, 1.0);
}
@fragment
fn fs(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(pos.x / 64.0, pos.y / 32.0, 0.25, 1.0);
}""")
    rpipe = device.create_render_pipeline(
        layout="auto", vertex={"module": draw, "entry_point": "vs"},
        fragment={"module": draw, "entry_point": "fs", "targets": [{"format": wgpu.TextureFormat.rgba8unorm}]},
        primitive={"topology": wgpu.PrimitiveTopology.triangle_list})
    enc = device.create_command_encoder()
    rp = enc.begin_render_pass(color_attachments=[{"view": rt.create_view(), "load_op": wgpu.LoadOp.clear,
                                                   "store_op": wgpu.StoreOp.store, "clear_value": (0, 0, 0, 0)}])
    rp.set_pipeline(rpipe)
    rp.draw(3, 1, 0, 0)
    rp.end()
    rbuf = device.create_buffer(size=w * h * 16, usage=STORAGE)
    cs = device.create_shader_module(code="""
@group(0) @binding(0) var rendered: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>>;
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    out[id.y * 64u + id.x] = textureLoad(rendered, vec2<i32>(id.xy), 0);
}""")
    cpipe = device.create_compute_pipeline(layout="auto", compute={"module": cs, "entry_point": "main"})
    cbg = device.create_bind_group(layout=cpipe.get_bind_group_layout(0),
                                   entries=[{"binding": 0, "resource": rt.create_view()},
                                            {"binding": 1, "resource": {"buffer": rbuf}}])
    p = enc.begin_compute_pass()
    p.set_pipeline(cpipe)
    p.set_bind_group(0, cbg)
    p.dispatch_workgroups(w // 8, h // 8, 1)
    p.end()
    device.queue.submit([enc.finish()])
    got = np.frombuffer(device.queue.read_buffer(rbuf), dtype=np.float32).reshape(h, w, 4)
    want = np.stack([np.round((xs + 0.5) / 64.0 * 255) / 255, np.round((ys + 0.5) / 32.0 * 255) / 255,
                     np.full(xs.shape, 64 / 255), np.ones(xs.shape)], axis=-1)
    err = np.abs(got - want).max()
    check(err <= 1.01 / 255, f"rendered by the host, read by a compute pass (max difference {err * 255:.2f}/255)")

print(f"wgpu: {checks - failures} of {checks} checks pass")
sys.exit(1 if failures else 0)
