#!/usr/bin/env bash
# Benchmark (not a test): what a drawing application pays for interposed mode. Runs
# conformance/bench/draw_calls.c on Mesa llvmpipe with and without libglcompute.so
# preloaded, alternating, and prints the medians and their ratio: first the calls alone
# (UseProgram, Uniform4f, BindBuffer: hooked and passed on; VertexAttribPointer: not
# hooked), then the same with a small draw each.
# usage: scripts/bench_interposed.sh [ROUNDS]
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ROUNDS="${1:-3}"
mkdir -p conformance/build
cc -O2 -Wall -Wextra -o conformance/build/draw_calls conformance/bench/draw_calls.c -lEGL -lGL
for mode in state draw; do
    iters=200000
    [ "$mode" = draw ] && iters=20000
    plain=() pre=()
    for _ in $(seq "$ROUNDS"); do
        plain+=("$(LP_NUM_THREADS=0 conformance/build/draw_calls 7 "$iters" "$mode" | awk '{print $1}')")
        pre+=("$(LP_NUM_THREADS=0 LD_PRELOAD="$LIBDIR/libglcompute.so" conformance/build/draw_calls 7 "$iters" "$mode" | awk '{print $1}')")
    done
    python3 - "$mode" "${plain[*]}" "${pre[*]}" <<'PY'
import statistics, sys
mode, a, b = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
ma, mb = statistics.median(a), statistics.median(b)
what = "calls only" if mode == "state" else "calls + draw"
print(f"{what:<13} host alone {ma:8.1f} ns/iter (runs {', '.join(f'{x:.0f}' for x in a)})")
print(f"{'':<13} preloaded  {mb:8.1f} ns/iter (runs {', '.join(f'{x:.0f}' for x in b)})  ratio {mb / ma:.3f}, +{mb - ma:.1f} ns")
PY
done
