#!/usr/bin/env bash
# Soak test (not part of scripts/test.sh): THREADS threads, each with its own context
# (pairs sharing objects), compile, link, dispatch mixed kernels (a map, a shared-memory
# reduction with barriers, an atomic histogram), check every result, and delete and
# re-create their buffers and programs for SECONDS seconds, while other threads contend
# for one context. Prints dispatches per second and the resident memory before and
# after; fails on any wrong result or GL error, or when memory grows by more than
# MAX_GROWTH_KIB.
#
# usage: scripts/soak.sh [THREADS=8] [SECONDS=600] [MAX_GROWTH_KIB=16384]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
THREADS="${1:-8}"
SECONDS_TO_RUN="${2:-600}"
MAX_GROWTH_KIB="${3:-16384}"
cd "$ROOT"
cargo build --release --quiet
BUILD="$ROOT/conformance/build"
mkdir -p "$BUILD"
cc -O1 -g -Wall -Wextra -Werror -o "$BUILD/dispatch_threads" conformance/c/compute/dispatch_threads.c -Iinclude \
    -lEGL -lGL -lpthread
out="$(LD_LIBRARY_PATH="$ROOT/target/release/gl" "$BUILD/dispatch_threads" "$THREADS" 0 "$SECONDS_TO_RUN")" || {
    echo "$out"
    echo "soak: FAILED: wrong results, GL errors or a crash"
    exit 1
}
echo "$out"
line="$(grep '^dispatch_threads: .* dispatches' <<<"$out")"
before="$(sed -E 's/.*RSS ([0-9]+) KiB before.*/\1/' <<<"$line")"
after="$(sed -E 's/.*, ([0-9]+) KiB after.*/\1/' <<<"$line")"
growth=$((after - before))
echo "soak: RSS grew by $growth KiB (limit $MAX_GROWTH_KIB)"
if ((growth > MAX_GROWTH_KIB)); then
    echo "soak: FAILED: memory grew"
    exit 1
fi
