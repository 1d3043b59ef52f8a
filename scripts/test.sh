#!/usr/bin/env bash
# Runs every test: formatting and lints, the Rust unit and integration tests, the C API
# suite under conformance/ (standalone, with glcompute as libEGL/libGL), the thread and
# dispatch tests under helgrind and drd, a libepoxy program and waffle's wflinfo, and interposed mode
# (glcompute preloaded over Mesa llvmpipe: C tests, moderngl, piglit's own binaries).
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
C_TESTS="procs_check buffer_errors program_errors graphics_programs dispatch_errors state_errors egl_paths buffer_roundtrip threads panic_contained uniform_errors reflection dispatch_exec watchdog variable_group_size images samplers copies no_draw queries robustness program_binary divergent_barrier debug_bounds glsl_versions context_state subroutines compressed multisample texture_view dsa45 proxy"
for t in $C_TESTS; do
    step "cc $t" cc $CFLAGS -o "$BUILD/$t" "conformance/c/$t.c" -lEGL -lGL -lpthread -ldl -lm
done

# Standalone: the loader finds glcompute under the libEGL.so.1/libGL.so.1 names.
run_gl() { LD_LIBRARY_PATH="$GLDIR" "$@"; }
for t in buffer_errors program_errors graphics_programs dispatch_errors state_errors egl_paths buffer_roundtrip threads uniform_errors dispatch_exec watchdog variable_group_size images samplers copies no_draw queries robustness program_binary divergent_barrier debug_bounds subroutines compressed multisample texture_view dsa45 proxy; do
    step "$t" run_gl "$BUILD/$t"
done
# The fixed-function state (viewports, blend, stencil, rasterization, hints, caps): the
# spec's values on glcompute, and every Get form and call error compared with llvmpipe's.
step "context_state against Mesa llvmpipe (conformance/state_differences.txt)" python3 scripts/state_compare.py "$BUILD/context_state" "$GLDIR"
step "divergent_barrier (GLCOMPUTE_DEBUG=barriers)" env GLCOMPUTE_DEBUG=barriers LD_LIBRARY_PATH="$GLDIR" "$BUILD/divergent_barrier"
step "debug_bounds (GLCOMPUTE_DEBUG=bounds)" env GLCOMPUTE_DEBUG=bounds LD_LIBRARY_PATH="$GLDIR" "$BUILD/debug_bounds"
# A program binary written by one process links and runs in another.
step "program_binary across processes" bash -c "LD_LIBRARY_PATH='$GLDIR' '$BUILD/program_binary' save '$BUILD/program.bin' && LD_LIBRARY_PATH='$GLDIR' '$BUILD/program_binary' load '$BUILD/program.bin'"
step "panic_contained" env GLCOMPUTE_FAULT=glBufferData LD_LIBRARY_PATH="$GLDIR" "$BUILD/panic_contained"
# Hostile shaders and calls: huge counts, sizes past 32 bits, stacks and scratch too
# large, small application stacks, shared memory of another dispatch.
step "cc hostile" cc $CFLAGS -o "$BUILD/hostile" conformance/c/hostile.c -lEGL -lGL -lpthread
step "hostile" env GLCOMPUTE_TIMEOUT_MS=300 LD_LIBRARY_PATH="$GLDIR" "$BUILD/hostile"
# `glcompute compile --dump-ir` prints the uniformity analysis (with the affine forms)
# beside the IR, and the link log warns about the divergent barrier.
dump_ir_check() {
    local out
    out=$("$LIBDIR/glcompute" compile --dump-ir conformance/compiler/divergent-barrier.comp) || return 1
    grep -q "^--- uniformity of the linked program" <<<"$out" &&
        grep -q "^    id: varying, group base + 1 \* gl_LocalInvocationIndex$" <<<"$out" &&
        grep -q "^divergent barrier in main at 0:7(" <<<"$out" &&
        grep -q "^0:7([0-9]*): warning: barrier() is reached under control flow" <<<"$out" ||
        { echo "$out" | tail -20; return 1; }
}
step "glcompute compile --dump-ir (uniformity)" dump_ir_check

# eglGetProcAddress answers for exactly the exported GL and EGL functions.
procs_check() {
    nm -D --defined-only "$LIBDIR/libglcompute_driver.so" | awk '$2 == "T" { print $3 }' |
        LD_LIBRARY_PATH="$GLDIR" "$BUILD/procs_check" "$LIBDIR/libglcompute_driver.so"
}
step "procs_check" procs_check
info_coverage() {
    local out
    out=$("$LIBDIR/glcompute" info) &&
        grep -q 'GL 1.0-4.3: 534 of 534 exported' <<<"$out" &&
        grep -q 'GL 4.4-4.6: 123 of 123 exported' <<<"$out" &&
        grep -q 'stub that records GL_INVALID_OPERATION' <<<"$out"
}
step "glcompute info reports every GL 1.0-4.6 core function exported" info_coverage
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

# GLCOMPUTE_LOG=errors prints each error's explanation on stderr.
log_check() {
    local err
    err="$(GLCOMPUTE_LOG=errors LD_LIBRARY_PATH="$GLDIR" "$BUILD/buffer_errors" 2>&1 >/dev/null)"
    grep -q "glBindBuffer: target GL_TEXTURE_2D is not a buffer binding target (GL_INVALID_ENUM)" <<<"$err"
}
step "GLCOMPUTE_LOG=errors" log_check

# Linked with -lOpenGL -lEGL instead, and started through `glcompute run`.
step "cc buffer_roundtrip -lOpenGL" cc $CFLAGS -o "$BUILD/roundtrip_opengl" conformance/c/buffer_roundtrip.c -lOpenGL -lEGL
step "glcompute run -- roundtrip (-lOpenGL)" "$LIBDIR/glcompute" run -- "$BUILD/roundtrip_opengl"

# Program reflection: glcompute answers exactly what Mesa llvmpipe answers (the
# expectation is llvmpipe's output, checked here against llvmpipe too).
reflection_check() {
    local driver="$1" out="$BUILD/reflection.$1.txt"
    if [ "$driver" = glcompute ]; then
        run_gl "$BUILD/reflection" >"$out"
    else
        "$BUILD/reflection" --any-gl >"$out"
    fi || return 1
    diff -u conformance/expected/reflection.txt "$out"
}
# Compressed textures: the texels 64 pseudo-random blocks of each format decode to.
# llvmpipe gives the same for BPTC and ETC2/EAC; for RGTC it truncates the
# interpolated values where glcompute rounds the spec's real ones (±1 in 255), so its
# RGTC lines are left out of its comparison.
compressed_check() {
    local out="$BUILD/compressed.$1.txt"
    if [ "$1" = glcompute ]; then
        run_gl "$BUILD/compressed" --dump >"$out" || return 1
        diff -u conformance/expected/compressed.txt "$out"
    else
        "$BUILD/compressed" --any-gl --dump >"$out" || return 1
        "$BUILD/compressed" --any-gl >/dev/null || return 1
        diff -u <(grep -v RGTC conformance/expected/compressed.txt) <(grep -v RGTC "$out")
    fi
}
step "compressed texels (glcompute) = conformance/expected/compressed.txt" compressed_check glcompute
step "compressed texels and errors (llvmpipe) = conformance/expected/compressed.txt" compressed_check llvmpipe
# The GL 4.4-4.6 commands' test holds on llvmpipe too (where Mesa differs, it says so).
step "dsa45 (llvmpipe)" env EGL_PLATFORM=surfaceless "$BUILD/dsa45" --any-gl
step "proxy (llvmpipe)" env EGL_PLATFORM=surfaceless "$BUILD/proxy" --any-gl
step "reflection (glcompute) = conformance/expected/reflection.txt" reflection_check glcompute
step "reflection (llvmpipe) = conformance/expected/reflection.txt" reflection_check llvmpipe

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
step "shader tests (piglit and conformance/)" python3 scripts/piglit_execution.py --glcompute "$LIBDIR/glcompute"

# The tutorial programs of the demo, checked against CPU references.
for d in prefix_sum boids; do
    step "cc demo $d" cc -O2 -Wall -Wextra -Werror -o "$BUILD/$d" "conformance/demo/$d.c" -lEGL -lGL -lm
    step "demo $d" run_gl "$BUILD/$d" "glsl/$d.comp"
done
step "cc demo tutorial_images" cc -O2 -Wall -Wextra -Werror -o "$BUILD/tutorial_images" conformance/demo/tutorial_images.c -lEGL -lGL -lm -lpng
for d in grid raytrace; do
    step "demo $d" run_gl "$BUILD/tutorial_images" "$d" "glsl/$d.comp" "$BUILD/$d.png"
done

# Race detectors: every report counts as a failure, except the ones
# conformance/valgrind.supp lists with their reason (locks the tools cannot see). The
# dispatch test runs the real path: threads with their own contexts compile, dispatch
# on the worker pool, map, delete and re-create, while others contend for one context.
step "cc dispatch_threads" cc $CFLAGS -o "$BUILD/dispatch_threads" conformance/c/dispatch_threads.c -lEGL -lGL -lpthread
step "dispatch_threads" run_gl "$BUILD/dispatch_threads" 8 6
race_check() {
    local tool="$1"; shift
    LD_LIBRARY_PATH="$GLDIR" valgrind --tool="$tool" --error-exitcode=9 -q \
        --suppressions="$ROOT/conformance/valgrind.supp" "$@"
}
step "threads under helgrind" race_check helgrind "$BUILD/threads"
step "threads under drd" race_check drd "$BUILD/threads"
step "dispatch_threads under helgrind" race_check helgrind "$BUILD/dispatch_threads" 4 2
step "dispatch_threads under drd" race_check drd "$BUILD/dispatch_threads" 4 2

# Fuzzing, a short seeded run of each kind (conformance/fuzz; long runs by hand, see
# the README): mutated and generated GLSL through compile, link and dispatch, with no
# crash, hang or internal error; random call sequences on glcompute and Mesa with
# every difference in glGetError explained in conformance/fuzz/mesa_disagreements.txt.
step "fuzz: 5,000 GLSL inputs" "$LIBDIR/glcompute-fuzz" glsl --lib "$GLDIR/libEGL.so.1" --seed 1 --inputs 5000 --jobs 2 --out "$BUILD/fuzz"
step "fuzz: 3,000 call sequences against Mesa" "$LIBDIR/glcompute-fuzz" calls --lib "$GLDIR/libEGL.so.1" \
    --against "$(ldconfig -p | awk '/libEGL.so.1 .*x86-64/ {print $NF; exit}')" --seed 1 --sequences 3000 --jobs 2 \
    --known "$ROOT/conformance/fuzz/mesa_disagreements.txt" --out "$BUILD/fuzz"

# Loaders: libepoxy and waffle (as piglit uses it).
step "cc epoxy_app" cc -O1 -Wall -o "$BUILD/epoxy_app" conformance/c/epoxy_app.c $(pkg-config --cflags --libs epoxy)
step "epoxy_app" run_gl "$BUILD/epoxy_app"
wflinfo_check() {
    local out
    out="$(LD_LIBRARY_PATH="$GLDIR" wflinfo --platform surfaceless_egl --api gl --profile core --version 4.3)" || return 1
    echo "$out"
    grep -q "OpenGL vendor string: glcompute" <<<"$out"
}
step "wflinfo --platform surfaceless_egl --api gl" wflinfo_check

# Interposed mode (LD_PRELOAD=libglcompute.so over Mesa llvmpipe): the host draws,
# glcompute computes; the image is the same as llvmpipe's own compute gives, with the
# host's compute hidden and with it present (started by `glcompute run --interpose`).
HIDE_COMPUTE=(MESA_GL_VERSION_OVERRIDE=4.2 MESA_GLSL_VERSION_OVERRIDE=420 MESA_EXTENSION_OVERRIDE=-GL_ARB_compute_shader)
step "cc interpose_draw" cc $CFLAGS -o "$BUILD/interpose_draw" conformance/c/interpose_draw.c -lEGL -lGL -ldl -lm
interpose_draw_check() {
    local host hidden shown
    host="$("$BUILD/interpose_draw" --host)" || return 1
    hidden="$(env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_draw" --glcompute)" || return 1
    shown="$("$LIBDIR/glcompute" run --interpose -- "$BUILD/interpose_draw" --glcompute)" || return 1
    printf '%s\n' "$host" "$hidden" "$shown" | grep -E "GL_VERSION|pixels"
    [ "$(grep pixels <<<"$host")" = "$(grep pixels <<<"$hidden")" ] &&
        [ "$(grep pixels <<<"$host")" = "$(grep pixels <<<"$shown")" ]
}
step "interpose_draw: same pixels on llvmpipe, and interposed with compute hidden and shown" interpose_draw_check
# Every lookup path (linked symbol, dlsym on dlopen'ed handles, RTLD_DEFAULT,
# eglGetProcAddress, glXGetProcAddressARB) gives glcompute's hook for what it takes over
# and the host's function for the rest; the program's own symbols and RTLD_NEXT stay.
step "cc interpose_lookup" cc $CFLAGS -rdynamic -o "$BUILD/interpose_lookup" conformance/c/interpose_lookup.c -lEGL -lGL -ldl
step "interpose_lookup" env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_lookup"
# One error stream and one debug callback for the host's calls and glcompute's; the link
# error of compute with graphics stages; names never collide; immutable host storage.
# Host textures through images and samplers, with the host's state left as it was.
step "subroutines (interposed, compute hidden)" env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/subroutines" --interposed
step "cc interpose_textures" cc $CFLAGS -o "$BUILD/interpose_textures" conformance/c/interpose_textures.c -lEGL -lGL
step "interpose_textures" env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_textures"
step "interpose_textures (no DSA)" env "${HIDE_COMPUTE[@]}" GLCOMPUTE_HOST_CAPS=-dsa \
    LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_textures"
step "interpose_textures (no GetTextureSubImage)" env "${HIDE_COMPUTE[@]}" GLCOMPUTE_HOST_CAPS=-get_sub_image \
    LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_textures"
# A GL 3.3 host without image units: glcompute keeps them (host texture names).
step "interpose_textures (GL 3.3 host, no image units)" env MESA_GL_VERSION_OVERRIDE=3.3 \
    MESA_GLSL_VERSION_OVERRIDE=330 "MESA_EXTENSION_OVERRIDE=-GL_ARB_compute_shader -GL_ARB_shader_image_load_store" \
    LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_textures" --gl33
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
for f in conformance/texture-*.shader_test conformance/compiler/barrier-calls-in-conditions.shader_test \
    "$INT64_TESTS/cs-op-mult-int64_t-i64vec2.shader_test" "$INT64_TESTS/cs-max-u64vec2-u64vec2.shader_test"; do
    step "shader_runner $f (Mesa)" shader_runner_passes "$SHADER_RUNNER" "$f"
    step "shader_runner $f (interposed)" shader_runner_passes env "${HIDE_COMPUTE[@]}" \
        LD_PRELOAD="$LIBDIR/libglcompute.so" "$SHADER_RUNNER" "$f"
done
step "cc interpose_errors" cc $CFLAGS -o "$BUILD/interpose_errors" conformance/c/interpose_errors.c -lEGL -lGL
step "interpose_errors" env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_errors"
# Exactly the GLSL versions claimed: 4.30 standalone and over a 4.2 host, the host's
# 4.50 over Mesa with compute.
step "glsl_versions (standalone, 4.30)" env EXPECT_GLSL=430 LD_LIBRARY_PATH="$GLDIR" "$BUILD/glsl_versions"
step "glsl_versions (interposed over a 4.2 host, 4.30)" env "${HIDE_COMPUTE[@]}" EXPECT_GLSL=430 LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/glsl_versions"
step "glsl_versions (interposed over Mesa 4.5, 4.50)" env EXPECT_GLSL=450 LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/glsl_versions"
# The same where glcompute keeps the storage and atomic binding points and reaches
# host buffers without direct state access (the paths for older hosts).
step "interpose_errors (kept bindings, no DSA)" env "${HIDE_COMPUTE[@]}" GLCOMPUTE_HOST_CAPS=-ssbo,-atomic_counters,-dsa \
    LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_errors"
# GLX: glXCreateContextAttribsARB(4.3) over a 4.2 host is lowered without any X error
# reaching the application; a version nobody gives still fails as it would.
step "cc interpose_glx" cc $CFLAGS -o "$BUILD/interpose_glx" conformance/c/interpose_glx.c -lGL -lX11
step "interpose_glx (Xvfb)" env "${HIDE_COMPUTE[@]}" xvfb-run -a env LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_glx"
# KHR_robustness interposed: a watchdog stop in a context created with lose-on-reset
# (EGL and GLX attributes) is a guilty reset of glcompute's part; the host still draws.
step "cc interpose_reset" cc $CFLAGS -o "$BUILD/interpose_reset" conformance/c/interpose_reset.c -lEGL -lGL -lX11
step "interpose_reset (EGL, host without compute)" env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_reset"
step "interpose_reset (EGL, host with compute)" "$LIBDIR/glcompute" run --interpose -- "$BUILD/interpose_reset"
step "interpose_reset (GLX, Xvfb)" env "${HIDE_COMPUTE[@]}" xvfb-run -a env LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_reset" --glx
# An unmodified libepoxy program gets a 4.3 context and runs its compute on glcompute.
step "cc interpose_epoxy" cc -O1 -Wall -o "$BUILD/interpose_epoxy" conformance/c/interpose_epoxy.c $(pkg-config --cflags --libs epoxy) -ldl
step "interpose_epoxy" env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/interpose_epoxy"
# Python GL libraries people use for compute (moderngl and PyOpenGL, from PyPI, in a test
# virtualenv) asks for OpenGL 4.3 over a 4.2 host without compute: without glcompute it
# gets no context; with glcompute preloaded its compute shader runs on glcompute.
python_venv() {
    local venv="$BUILD/venv"
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv" || return 1
    fi
    "$venv/bin/pip" install -q --disable-pip-version-check moderngl==5.13.0 glcontext==3.1.0 PyOpenGL==3.1.9
}
step "test virtualenv with moderngl and PyOpenGL (PyPI)" python_venv
step "moderngl without glcompute over a host without compute: no 4.3 context" \
    env "${HIDE_COMPUTE[@]}" "$BUILD/venv/bin/python" conformance/python/moderngl_compute.py --no-context
step "moderngl with glcompute preloaded over a host without compute" \
    env "${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so" "$BUILD/venv/bin/python" conformance/python/moderngl_compute.py --interposed
step "moderngl standalone on glcompute (compute, and a graphics program built as at start-up)" \
    env LD_LIBRARY_PATH="$GLDIR" "$BUILD/venv/bin/python" conformance/python/moderngl_compute.py --standalone
step "PyOpenGL standalone on glcompute (EGL context, compileProgram, a compute dispatch)" \
    env LD_LIBRARY_PATH="$GLDIR" PYOPENGL_PLATFORM=egl "$BUILD/venv/bin/python" conformance/python/pyopengl_compute.py

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
