#!/usr/bin/env bash
# Interposed mode under piglit's own binaries: `piglit run` of the arb_compute_shader and
# arb_compute_variable_group_size tests (quick profile, surfaceless EGL) on Mesa llvmpipe
# with libglcompute.so preloaded, with Mesa's compute hidden and shown, and without
# glcompute for comparison. Installs piglit and builds glcompute if needed (setup.sh),
# keeps piglit's results under conformance/build/piglit/, prints the counts and fails
# on any regression against conformance/expected/piglit-interposed.txt.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec python3 "$ROOT/scripts/piglit_interposed.py" --preload "$LIBDIR/libglcompute.so" "$@"
