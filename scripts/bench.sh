#!/usr/bin/env bash
# Benchmarks (not tests): the kernels of conformance/bench/bench.c run on glcompute and
# on Mesa llvmpipe, one after the other in this run on this machine, and a table of
# median times, throughputs and ratios. "speed-up" is llvmpipe's time divided by
# glcompute's (above 1: glcompute is faster); "compile" compares compile + link + first
# dispatch. Checksums must agree (both drivers computed the same thing; within 1e-3 for
# the filtered texture lookups, 1e-4 otherwise). glcompute runs
# twice: as it is (SIMD regions where the code allows) and with GLCOMPUTE_DEBUG=scalar
# (one invocation at a time), whose time is the "scalar ms" column; the geometric mean
# of the speed-ups closes the table.
# usage: scripts/bench.sh [RUNS] [KERNEL]
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

RUNS="${1:-5}"
ONLY="${2:-}"
mkdir -p conformance/build
cc -O2 -Wall -Wextra -o conformance/build/bench conformance/bench/bench.c -lEGL -lGL -lm -lpthread
echo "== glcompute"
LD_LIBRARY_PATH="$GLDIR" conformance/build/bench "$RUNS" $ONLY | tee conformance/build/bench.glcompute.txt
echo "== glcompute, scalar regions only"
GLCOMPUTE_DEBUG=scalar LD_LIBRARY_PATH="$GLDIR" conformance/build/bench "$RUNS" $ONLY | tee conformance/build/bench.scalar.txt
echo "== Mesa llvmpipe"
# Mesa caches compiled shaders on disk; disable it so compile times compare.
MESA_SHADER_CACHE_DISABLE=true LIBGL_ALWAYS_SOFTWARE=1 conformance/build/bench "$RUNS" $ONLY | tee conformance/build/bench.llvmpipe.txt
echo "== plain C triad (saxpy's loop) on as many threads as glcompute uses"
THREADS=$(LD_LIBRARY_PATH="$GLDIR" "$ROOT/target/release/glcompute" info | sed -n 's/.*, \([0-9]*\) threads*).*/\1/p' | head -n 1)
conformance/build/bench "$RUNS" c_triad "${THREADS:-1}" | tee conformance/build/bench.triad.txt
echo
python3 - conformance/build/bench.glcompute.txt conformance/build/bench.llvmpipe.txt conformance/build/bench.scalar.txt conformance/build/bench.triad.txt <<'PY'
import math, sys
def load(p):
    rows, name = {}, "?"
    for line in open(p):
        if line.startswith("# renderer:"):
            name = line.split(":", 1)[1].strip()
            continue
        k, ms, tp, unit, comp, ck = line.split()
        rows[k] = (float(ms), float(tp), unit, float(comp), float(ck))
    return name, rows
gn, g = load(sys.argv[1])
ln, l = load(sys.argv[2])
_, sc = load(sys.argv[3])
print(f"glcompute: {gn}\nllvmpipe:  {ln}\n")
print(f"{'kernel':<16} {'glcompute ms':>12} {'scalar ms':>10} {'llvmpipe ms':>12} {'speed-up':>9} {'glcompute throughput':>24} {'compile ms (gc/lp)':>19} {'compile x':>9}  result")
ratios, compiles = [], []
for k in g:
    if k not in l:
        continue
    gm, gt, unit, gc, gk = g[k]
    lm, lt, _, lc, lk = l[k]
    sm = sc[k][0] if k in sc else float("nan")
    # Filtered texture lookups may differ in the last bits between drivers (GL 4.6
    # §8.14 leaves the filter's precision to the implementation; llvmpipe weighs with
    # 8-bit fixed point): their checksum compares within 1e-3.
    tol = 1e-3 if k == "sampled_texture" else 1e-4
    same = "same" if abs(gk - lk) <= tol * max(abs(gk), abs(lk), 1) else f"DIFFERS ({gk:g} vs {lk:g})"
    ratios.append(lm / gm)
    compiles.append(lc / gc)
    print(f"{k:<16} {gm:>12.2f} {sm:>10.2f} {lm:>12.2f} {lm / gm:>8.2f}x {gt:>16.2f} {unit:<7} {gc:>8.1f}/{lc:<8.1f} {lc / gc:>8.1f}x  {same}")
triad = open(sys.argv[4]).read().split()
if "saxpy" in g and len(triad) >= 5:
    gbs = g["saxpy"][1]
    print(f"saxpy: {gbs:.2f} GB/s, {100 * gbs / float(triad[2]):.0f}% of a plain C triad loop on {triad[4]} threads ({float(triad[2]):.2f} GB/s)")
if ratios:
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"geometric mean speed-up {geo:.2f}x over {len(ratios)} kernels; compile + first dispatch {min(compiles):.1f}x to {max(compiles):.1f}x faster")
PY
