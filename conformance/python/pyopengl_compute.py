"""PyOpenGL (from PyPI), the most used Python GL binding, computing on glcompute
standalone: it finds glcompute as its libEGL/libGL (LD_LIBRARY_PATH), creates a
surfaceless OpenGL 4.3 core context through its EGL bindings, builds a compute program
with OpenGL.GL.shaders.compileProgram (which also validates it), runs it on a shader
storage buffer and a uniform, and reads the results back.

usage: PYOPENGL_PLATFORM=egl python pyopengl_compute.py
Exits non-zero on any failure.
"""
import ctypes
import os
import struct
import sys

os.environ.setdefault("PYOPENGL_PLATFORM", "egl")

from OpenGL import EGL  # noqa: E402
from OpenGL import GL  # noqa: E402
from OpenGL.GL import shaders  # noqa: E402

SRC = """
#version 430
layout(local_size_x = 32) in;
layout(std430, binding = 3) buffer Data { uint v[]; } data;
uniform uint add;
void main() {
    uint i = gl_GlobalInvocationID.x;
    data.v[i] = data.v[i] * data.v[i] + add + gl_WorkGroupID.x;
}
"""

N = 256


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def main():
    dpy = EGL.eglGetDisplay(EGL.EGL_DEFAULT_DISPLAY)
    major, minor = EGL.EGLint(), EGL.EGLint()
    if not EGL.eglInitialize(dpy, ctypes.pointer(major), ctypes.pointer(minor)):
        fail("eglInitialize")
    vendor = EGL.eglQueryString(dpy, EGL.EGL_VENDOR)
    if b"glcompute" not in vendor:
        fail(f"PyOpenGL did not load glcompute's libEGL (EGL_VENDOR {vendor!r})")
    EGL.eglBindAPI(EGL.EGL_OPENGL_API)
    attrs = (EGL.EGLint * 7)(
        EGL.EGL_CONTEXT_MAJOR_VERSION, 4,
        EGL.EGL_CONTEXT_MINOR_VERSION, 3,
        EGL.EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL.EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL.EGL_NONE,
    )
    ctx = EGL.eglCreateContext(dpy, None, EGL.EGL_NO_CONTEXT, attrs)
    if not ctx:
        fail("eglCreateContext 4.3 core")
    if not EGL.eglMakeCurrent(dpy, EGL.EGL_NO_SURFACE, EGL.EGL_NO_SURFACE, ctx):
        fail("eglMakeCurrent")
    version = GL.glGetString(GL.GL_VERSION)
    if b"glcompute" not in version:
        fail(f"GL_VERSION {version!r} is not glcompute's")
    # Start-up queries applications make.
    count = [GL.glGetIntegeri_v(GL.GL_MAX_COMPUTE_WORK_GROUP_COUNT, i)[0] for i in range(3)]
    if min(count) < 65535:
        fail(f"MAX_COMPUTE_WORK_GROUP_COUNT {count}")
    if GL.glGetIntegerv(GL.GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS) < 1024:
        fail("MAX_COMPUTE_WORK_GROUP_INVOCATIONS")
    exts = {GL.glGetStringi(GL.GL_EXTENSIONS, i) for i in range(GL.glGetIntegerv(GL.GL_NUM_EXTENSIONS))}
    if b"GL_ARB_compute_shader" not in exts:
        fail("GL_ARB_compute_shader is not listed")

    # compileProgram compiles, links and validates (GL_VALIDATE_STATUS).
    prog = shaders.compileProgram(shaders.compileShader(SRC, GL.GL_COMPUTE_SHADER))
    GL.glUseProgram(prog)
    GL.glUniform1ui(GL.glGetUniformLocation(prog, "add"), 7)
    buf = GL.glGenBuffers(1)
    GL.glBindBufferBase(GL.GL_SHADER_STORAGE_BUFFER, 3, buf)
    data = struct.pack(f"{N}I", *range(N))
    GL.glBufferData(GL.GL_SHADER_STORAGE_BUFFER, len(data), data, GL.GL_DYNAMIC_COPY)
    GL.glDispatchCompute(N // 32, 1, 1)
    GL.glMemoryBarrier(GL.GL_BUFFER_UPDATE_BARRIER_BIT)
    out = GL.glGetBufferSubData(GL.GL_SHADER_STORAGE_BUFFER, 0, len(data))
    got = struct.unpack(f"{N}I", bytes(out))
    want = tuple(i * i + 7 + i // 32 for i in range(N))
    if got != want:
        bad = next(i for i in range(N) if got[i] != want[i])
        fail(f"v[{bad}] = {got[bad]}, expected {want[bad]}")
    if GL.glGetError() != GL.GL_NO_ERROR:
        fail("a GL error is left")
    GL.glDeleteBuffers(1, [buf])
    GL.glDeleteProgram(prog)
    EGL.eglMakeCurrent(dpy, EGL.EGL_NO_SURFACE, EGL.EGL_NO_SURFACE, EGL.EGL_NO_CONTEXT)
    EGL.eglDestroyContext(dpy, ctx)
    EGL.eglTerminate(dpy)
    print(f"pyopengl_compute: {N} values computed on {version.decode()}")


if __name__ == "__main__":
    main()
