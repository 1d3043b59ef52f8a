#!/usr/bin/env bash
# Runs every test: formatting and lints, the Rust unit and integration tests, the C API
# suite under conformance/c/ (each test's header says how it runs: standalone, on
# llvmpipe, interposed, under Xvfb or the race detectors), piglit, fuzzing, waffle's
# wflinfo, shader_runner interposed, and the Python clients (moderngl, PyOpenGL).
# docs/testing.md says which test covers what.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

failed=()
step() {
    local name="$1"
    shift
    echo "== $name"
    if "$@"; then
        echo "   ok: $name"
    else
        echo "   FAILED: $name"
        failed+=("$name")
    fi
}

step "cargo fmt --check" cargo fmt --check
step "cargo clippy" cargo clippy --release --all-targets --quiet -- -D warnings
step "cargo test" cargo test --release --quiet

BUILD="$ROOT/conformance/build"
mkdir -p "$BUILD"
CFLAGS="-O1 -g -Wall -Wextra -Werror"
HIDE_COMPUTE=(MESA_GL_VERSION_OVERRIDE=4.2 MESA_GLSL_VERSION_OVERRIDE=420 MESA_EXTENSION_OVERRIDE=-GL_ARB_compute_shader)
# Standalone: the loader finds glcompute under the libEGL.so.1/libGL.so.1 names.
run_gl() { LD_LIBRARY_PATH="$GLDIR" "$@"; }

# The C API suite: every test under conformance/c/ says in its header lines how it is
# built and run (standalone with glcompute as libEGL/libGL, on Mesa llvmpipe, interposed
# over Mesa with its compute hidden or shown, under Xvfb, under valgrind's race
# detectors, or through one of the check functions below); scripts/c_tests.py reads
# them, and docs/testing.md maps topics to tests.
#
# The fixed-function state (viewports, blend, stencil, rasterization, hints, caps): the
# spec's values on glcompute, and every Get form and call error compared with llvmpipe's
# (conformance/state_differences.txt explains each difference).
state_compare() { python3 scripts/state_compare.py "$1" "$GLDIR"; }
# GLCOMPUTE_LOG=errors prints each error's explanation on stderr.
log_check() {
    local err
    err="$(GLCOMPUTE_LOG=errors LD_LIBRARY_PATH="$GLDIR" "$1" 2>&1 >/dev/null)"
    grep -q "glBindBuffer: target GL_TEXTURE_2D is not a buffer binding target (GL_INVALID_ENUM)" <<<"$err"
}
# The same test linked with -lOpenGL -lEGL instead, and started through `glcompute run`.
roundtrip_opengl() {
    cc $CFLAGS -Iconformance/c -o "$1.opengl" conformance/c/api/buffer_roundtrip.c -lOpenGL -lEGL &&
        "$LIBDIR/glcompute" run -- "$1.opengl"
}
# A program binary written by one process links and runs in another.
program_binary_processes() {
    LD_LIBRARY_PATH="$GLDIR" "$1" save "$BUILD/program.bin" &&
        LD_LIBRARY_PATH="$GLDIR" "$1" load "$BUILD/program.bin"
}
# eglGetProcAddress answers for exactly the exported GL and EGL functions.
procs_check() {
    nm -D --defined-only "$LIBDIR/libglcompute_driver.so" | awk '$2 == "T" { print $3 }' |
        LD_LIBRARY_PATH="$GLDIR" "$1" "$LIBDIR/libglcompute_driver.so"
}
# Program reflection: glcompute answers exactly what Mesa llvmpipe answers (the
# expectation is llvmpipe's output, checked here against llvmpipe too).
reflection_check() {
    local out="$BUILD/reflection.$2.txt"
    if [ "$2" = glcompute ]; then
        run_gl "$1" >"$out"
    else
        "$1" --any-gl >"$out"
    fi || return 1
    diff -u conformance/expected/reflection.txt "$out"
}
# Compressed textures: the texels 64 pseudo-random blocks of each format decode to.
# llvmpipe gives the same for BPTC and ETC2/EAC; for RGTC it truncates the
# interpolated values where glcompute rounds the spec's real ones (±1 in 255), so its
# RGTC lines are left out of its comparison.
compressed_check() {
    local out="$BUILD/compressed.$2.txt"
    if [ "$2" = glcompute ]; then
        run_gl "$1" --dump >"$out" || return 1
        diff -u conformance/expected/compressed.txt "$out"
    else
        "$1" --any-gl --dump >"$out" || return 1
        "$1" --any-gl >/dev/null || return 1
        diff -u <(grep -v RGTC conformance/expected/compressed.txt) <(grep -v RGTC "$out")
    fi
}
# Interposed mode (LD_PRELOAD=libglcompute.so over Mesa llvmpipe): the host draws,
# glcompute computes; the image is the same as llvmpipe's own compute gives, with the
# host's compute hidden and with it present (started by `glcompute run --interpose`).
interpose_draw_check() {
    local host hidden shown
    host="$("$1" --host)" || return 1
    hidden="$(env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$1" --glcompute)" || return 1
    shown="$("$LIBDIR/glcompute" run --interpose -- "$1" --glcompute)" || return 1
    printf '%s\n' "$host" "$hidden" "$shown" | grep -E "GL_VERSION|pixels"
    [ "$(grep pixels <<<"$host")" = "$(grep pixels <<<"$hidden")" ] &&
        [ "$(grep pixels <<<"$host")" = "$(grep pixels <<<"$shown")" ]
}
c_steps="$(python3 scripts/c_tests.py steps)" || { echo "scripts/c_tests.py: $c_steps"; exit 1; }
while IFS=$'\t' read -r name cmd; do
    step "$name" eval "$cmd"
done <<<"$c_steps"

# `glcompute compile --dump-ir` prints the uniformity analysis (with the affine forms)
# beside the IR, and the link log warns about the divergent barrier.
dump_ir_check() {
    local out
    out=$("$LIBDIR/glcompute" compile --dump-ir tests/in/compiler/divergent-barrier.comp) || return 1
    grep -q "^--- uniformity of the linked program" <<<"$out" &&
        grep -q "^    id: varying, group base + 1 \* gl_LocalInvocationIndex$" <<<"$out" &&
        grep -q "^divergent barrier in main at 0:7(" <<<"$out" &&
        grep -q "^0:7([0-9]*): warning: barrier() is reached under control flow" <<<"$out" ||
        { echo "$out" | tail -20; return 1; }
}
step "glcompute compile --dump-ir (uniformity)" dump_ir_check

info_coverage() {
    local out
    out=$("$LIBDIR/glcompute" info) &&
        grep -q 'GL 1.0-4.3: 534 of 534 exported' <<<"$out" &&
        grep -q 'GL 4.4-4.6: 123 of 123 exported' <<<"$out" &&
        grep -q 'stub that records GL_INVALID_OPERATION' <<<"$out" &&
        grep -q '^GL version:      4.6 (Core Profile) glcompute' <<<"$out" &&
        grep -q '^OpenGL ES:       OpenGL ES 3.2 glcompute .*, OpenGL ES GLSL ES 3.20' <<<"$out"
}
step "glcompute info reports every GL 1.0-4.6 core function exported, GL 4.6 and OpenGL ES 3.2" info_coverage
# Every GL function of glcorearb.h, through eglGetProcAddress and dlsym, with hostile
# arguments (zeros, -1, NaN, ones, INT_MAX, NULL pointers): every core function and every
# function of an advertised extension exported, the rest stubs; no crash, no hang, only
# GL error codes, and the context still computes (scripts/gen_entry_calls.py).
entry_calls() {
    python3 scripts/gen_entry_calls.py >"$BUILD/entry_calls.c" &&
        cc $CFLAGS -Iconformance/c -o "$BUILD/entry_calls" "$BUILD/entry_calls.c" -lEGL -lGL -ldl -lm &&
        LD_LIBRARY_PATH="$GLDIR" timeout 300 "$BUILD/entry_calls" libGL.so.1
}
step "entry_calls: every glcorearb.h function with hostile arguments" entry_calls

# The compiler judges every compute shader of piglit as glslangValidator does, or the
# disagreement is documented in conformance/glslang_disagreements.txt.
step "compiler agreement with glslangValidator" python3 scripts/compiler_agreement.py --glcompute "$LIBDIR/glcompute"

# Piglit's compiler tests for compute through the real glslparsertest binary.
step "piglit compiler tests (glslparsertest)" python3 scripts/piglit_compiler.py --glcompute "$LIBDIR/glcompute"
# The graphics stages through the same front end: piglit's GLSL 1.10-4.30 vertex,
# tessellation, geometry and fragment compiler tests, against the known failures.
step "piglit graphics compiler tests (conformance/piglit_graphics_known.txt)" python3 scripts/piglit_compiler.py --graphics --glcompute "$LIBDIR/glcompute"

# Piglit's compute C binaries, standalone on glcompute.
step "piglit compute binaries" python3 scripts/piglit_binaries.py --glcompute "$LIBDIR/glcompute"

# Every piglit .shader_test with a [compute shader], and ours, through shader-test.
# With Cranelift's verifier on (GLCOMPUTE_DEBUG=verify), as release builds run without it.
step "shader tests (piglit and conformance/)" env GLCOMPUTE_DEBUG=verify python3 scripts/piglit_execution.py --glcompute "$LIBDIR/glcompute"
# Again with every region one invocation at a time: the scalar lowering stays the
# fallback of SIMD regions and must stay right on its own.
step "shader tests, scalar regions only (GLCOMPUTE_DEBUG=scalar)" env GLCOMPUTE_DEBUG=verify,scalar python3 scripts/piglit_execution.py --glcompute "$LIBDIR/glcompute"
# The same tests through SPIR-V (glslang -G, ShaderBinary, SpecializeShader), and the
# WGSL twins of tests/in/shader_tests/wgsl-*.shader_test through naga's SPIR-V (naga's
# command-line tool from crates.io, pinned, built once into target/naga).
naga_install() {
    if [ ! -x "$ROOT/target/naga/bin/naga" ]; then
        cargo install --quiet naga-cli --version 30.0.1 --root "$ROOT/target/naga"
    fi
    "$ROOT/target/naga/bin/naga" --version
}
step "naga-cli 30.0.1 (WGSL to SPIR-V)" naga_install
export PATH="$ROOT/target/naga/bin:$PATH"
step "shader tests through SPIR-V (conformance/spirv_differences.txt)" env GLCOMPUTE_DEBUG=verify python3 scripts/spirv_differential.py --glcompute "$LIBDIR/glcompute"

# The tutorial programs of the demo, checked against CPU references.
for d in prefix_sum boids; do
    step "cc demo $d" cc -O2 -Wall -Wextra -Werror -o "$BUILD/$d" "conformance/demo/$d.c" -lEGL -lGL -lm
    step "demo $d" run_gl "$BUILD/$d" "tests/in/tutorial/$d.comp"
done
step "cc demo tutorial_images" cc -O2 -Wall -Wextra -Werror -o "$BUILD/tutorial_images" conformance/demo/tutorial_images.c -lEGL -lGL -lm -lpng
for d in grid raytrace; do
    step "demo $d" run_gl "$BUILD/tutorial_images" "$d" "tests/in/tutorial/$d.comp" "$BUILD/$d.png"
done

# Fuzzing, a short seeded run of each kind (conformance/fuzz; long runs by hand, see
# docs/status.md): mutated and generated GLSL, SPIR-V modules mutated word by word and
# NV_compute_program5 assembly programs mutated token by token, through compile (or
# ShaderBinary and SpecializeShader, or ProgramStringARB), link and dispatch, with no
# crash, hang or internal error; random call sequences on glcompute and Mesa with
# every difference in glGetError explained in conformance/fuzz/mesa_disagreements.txt.
step "fuzz: 5,000 GLSL inputs" "$LIBDIR/glcompute-fuzz" glsl --lib "$GLDIR/libEGL.so.1" --seed 1 --inputs 5000 --jobs 2 --out "$BUILD/fuzz"
step "fuzz: 50,000 mutated SPIR-V modules" "$LIBDIR/glcompute-fuzz" spirv --lib "$GLDIR/libEGL.so.1" --seed 1 --inputs 50000 --jobs 2 --seeds 150 --out "$BUILD/fuzz"
step "fuzz: 20,000 mutated assembly programs" "$LIBDIR/glcompute-fuzz" nvasm --lib "$GLDIR/libEGL.so.1" --seed 1 --inputs 20000 --jobs 2 --corpus "$ROOT/conformance/c/asm" --out "$BUILD/fuzz"
step "fuzz: 3,000 call sequences against Mesa" "$LIBDIR/glcompute-fuzz" calls --lib "$GLDIR/libEGL.so.1" \
    --against "$(ldconfig -p | awk '/libEGL.so.1 .*x86-64/ {print $NF; exit}')" --seed 1 --sequences 3000 --jobs 2 \
    --known "$ROOT/conformance/fuzz/mesa_disagreements.txt" --out "$BUILD/fuzz"

# waffle, as piglit uses it (libepoxy programs are C tests).
wflinfo_check() {
    local out
    out="$(LD_LIBRARY_PATH="$GLDIR" wflinfo --platform surfaceless_egl --api gl --profile core --version 4.3)" || return 1
    echo "$out"
    grep -q "OpenGL vendor string: glcompute" <<<"$out"
}
step "wflinfo --platform surfaceless_egl --api gl" wflinfo_check

# The runner's texture and framebuffer commands are checked against piglit's own
# shader_runner: the same files pass there, on Mesa alone and interposed; so do the
# barriers reached through calls in conditions (the expectations are Mesa's too), and
# two of piglit's GL_ARB_gpu_shader_int64 tests (their 64-bit uniform commands reach
# glcompute's program when interposed).
shader_runner_passes() {
    local out
    out=$(env PIGLIT_PLATFORM=surfaceless_egl "$@" -auto -fbo 2>&1)
    grep -q '"result": "pass"' <<<"$out" || { echo "$out" | tail -5; return 1; }
}
SHADER_RUNNER=/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner
INT64_TESTS=/usr/lib/x86_64-linux-gnu/piglit/generated_tests/spec/arb_gpu_shader_int64/execution/built-in-functions
for f in tests/in/shader_tests/texture-*.shader_test tests/in/compiler/barrier-calls-in-conditions.shader_test \
    "$INT64_TESTS/cs-op-mult-int64_t-i64vec2.shader_test" "$INT64_TESTS/cs-max-u64vec2-u64vec2.shader_test"; do
    step "shader_runner $f (Mesa)" shader_runner_passes "$SHADER_RUNNER" "$f"
    step "shader_runner $f (interposed)" shader_runner_passes env "${HIDE_COMPUTE[@]}" \
        LD_PRELOAD="$LIBDIR/libglcompute.so" "$SHADER_RUNNER" "$f"
done
# Python GL libraries people use for compute (moderngl, PyOpenGL, Taichi and wgpu, from
# PyPI, in a test virtualenv) asks for OpenGL 4.3 over a 4.2 host without compute: without glcompute it
# gets no context; with glcompute preloaded its compute shader runs on glcompute.
python_venv() {
    local venv="$BUILD/venv"
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv" || return 1
    fi
    "$venv/bin/pip" install -q --disable-pip-version-check moderngl==5.13.0 glcontext==3.1.0 PyOpenGL==3.1.9 \
        taichi==1.7.4 numpy==2.4.6 wgpu==0.32.0
}
step "test virtualenv with moderngl, PyOpenGL, Taichi and wgpu (PyPI)" python_venv
step "moderngl without glcompute over a host without compute: no 4.3 context" \
    env "${HIDE_COMPUTE[@]}" "$BUILD/venv/bin/python" conformance/python/moderngl_compute.py --no-context
step "moderngl with glcompute preloaded over a host without compute" \
    env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/venv/bin/python" conformance/python/moderngl_compute.py --interposed
step "moderngl standalone on glcompute (compute, and a graphics program built as at start-up)" \
    env LD_LIBRARY_PATH="$GLDIR" "$BUILD/venv/bin/python" conformance/python/moderngl_compute.py --standalone
step "PyOpenGL standalone on glcompute (EGL context, compileProgram, a compute dispatch)" \
    env LD_LIBRARY_PATH="$GLDIR" PYOPENGL_PLATFORM=egl "$BUILD/venv/bin/python" conformance/python/pyopengl_compute.py
# Taichi (PyPI) on its OpenGL back end with glcompute as the machine's GL: eight kinds
# of kernel, compared with Taichi's CPU back end (conformance/python/taichi_compute.py).
step "Taichi ti.opengl standalone on glcompute (kernels compared with ti.cpu)" \
    env LD_LIBRARY_PATH="$GLDIR" "$BUILD/venv/bin/python" conformance/python/taichi_compute.py opengl
# ... and on its GLES back end, which creates an OpenGL ES 3.1 context and GLSL ES 3.10.
step "Taichi ti.gles standalone on glcompute (an OpenGL ES context; compared with ti.cpu)" \
    env LD_LIBRARY_PATH="$GLDIR" "$BUILD/venv/bin/python" conformance/python/taichi_compute.py gles
# ... and preloaded over llvmpipe as it is (GL 4.5; EGL_PLATFORM=surfaceless for its
# headless display): Python loads Taichi's core with RTLD_DEEPBIND, whose GL lookups
# the preload library rebinds (src/preload/deepbind.rs); glcompute must run the
# dispatches (llvmpipe alone refuses Taichi's 64-bit integer shaders).
step "Taichi ti.opengl with glcompute preloaded over llvmpipe (RTLD_DEEPBIND; compared with ti.cpu)" \
    env EGL_PLATFORM=surfaceless LD_PRELOAD="$LIBDIR/libglcompute.so" \
    "$BUILD/venv/bin/python" conformance/python/taichi_compute.py opengl --interposed
# wgpu (PyPI wgpu-py) on its OpenGL back end: WGSL through naga's GLSL 4.50, compute
# passes checked against numpy (conformance/python/wgpu_compute.py).
step "wgpu (WebGPU) on its OpenGL back end standalone on glcompute" \
    env WGPU_BACKEND_TYPE=OpenGL LD_LIBRARY_PATH="$GLDIR" "$BUILD/venv/bin/python" conformance/python/wgpu_compute.py
# ... and preloaded over llvmpipe with its compute hidden: the host draws and copies,
# glcompute computes on the host's buffers and textures; a render pass the host draws
# is read by a compute pass.
step "wgpu (WebGPU) with glcompute preloaded over a host without compute" \
    env "${HIDE_COMPUTE[@]}" WGPU_BACKEND_TYPE=OpenGL LD_PRELOAD="$LIBDIR/libglcompute.so" \
    "$BUILD/venv/bin/python" conformance/python/wgpu_compute.py --interposed

# piglit's own binaries with glcompute preloaded (scripts/piglit.sh).
step "piglit interposed (scripts/piglit.sh)" python3 scripts/piglit_interposed.py --preload "$LIBDIR/libglcompute.so"

# The generated interposition code matches the hook list and the Khronos headers.
step "scripts/gen_gl.py --check" python3 scripts/gen_gl.py --check

# The generated header compiles together with the Khronos headers (C and C++), and
# with them declares every GL and EGL function the library exports (the C file takes
# each one's address; an undeclared one does not compile).
header_check() {
    {
        printf '#define GL_GLEXT_PROTOTYPES 1\n#define EGL_EGLEXT_PROTOTYPES 1\n#define EGL_NO_X11 1\n#include <glcompute.h>\n'
        printf 'void (*const exported[])(void) = {\n'
        nm -D --defined-only "$LIBDIR/libglcompute_driver.so" | awk '{print $3}' |
            grep -E '^(gl|egl)[A-Z]' | grep -v '^glX' | sed 's/.*/    (void (*)(void))\&&,/'
        printf '};\n'
    } >"$BUILD/header.c"
    local n
    n=$(grep -c '(void (\*)(void))' "$BUILD/header.c")
    echo "$n exported functions declared"
    [ "$n" -gt 700 ] &&
        cc -Wall -Werror -Iinclude -c "$BUILD/header.c" -o "$BUILD/header.o" &&
        c++ -x c++ -Wall -Werror -Iinclude -c "$BUILD/header.c" -o "$BUILD/header_cpp.o"
}
step "include/glcompute.h compiles with the Khronos headers" header_check

echo
if [ "${#failed[@]}" -ne 0 ]; then
    echo "FAILED: ${failed[*]}"
    exit 1
fi
echo "all tests passed"
