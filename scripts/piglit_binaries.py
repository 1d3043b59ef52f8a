#!/usr/bin/env python3
"""Runs piglit's compute C test binaries (Debian's piglit package; with them the
pipeline statistics test of compute invocations, GL 4.6) standalone on
glcompute (`glcompute run --`, PIGLIT_PLATFORM=surfaceless_egl) and checks each
reports pass. Binaries that draw (glcompute compiles and links graphics shaders but does
not rasterise) or use display lists are listed with the reason and not run.

usage: scripts/piglit_binaries.py [--glcompute PATH] [--piglit DIR]
Prints one line per binary and `N passed, M failed, K not run`; exit 1 on a failure.
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

NEEDS_GRAPHICS = {
    "arb_compute_shader-compute-and-render-bug-109630": "draws with vertex and fragment shaders (glcompute links them but does not rasterise)",
    "arb_compute_shader-render-and-compute": "draws with vertex and fragment shaders (glcompute links them but does not rasterise)",
    "arb_compute_shader-dlist": "records dispatches in compatibility-profile display lists",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glcompute", default=os.path.join(ROOT, "target", "release", "glcompute"))
    ap.add_argument("--piglit", default="/usr/lib/x86_64-linux-gnu/piglit")
    a = ap.parse_args()
    bindir = os.path.join(a.piglit, "bin")
    tests = sorted(
        f
        for f in os.listdir(bindir)
        if f.startswith(("arb_compute_shader-", "arb_compute_variable_group_size-"))
        or f == "arb_pipeline_statistics_query-comp"
    )
    env = dict(os.environ, PIGLIT_PLATFORM="surfaceless_egl")
    passed = failed = skipped = 0
    for t in tests:
        if t in NEEDS_GRAPHICS:
            print(f"not run  {t}: {NEEDS_GRAPHICS[t]}")
            skipped += 1
            continue
        try:
            r = subprocess.run(
                [a.glcompute, "run", "--", os.path.join(bindir, t), "-auto", "-fbo"],
                capture_output=True, text=True, errors="replace", env=env, timeout=300,
            )
            out = r.stdout + r.stderr
        except subprocess.TimeoutExpired:
            out = "timed out"
        m = re.findall(r'PIGLIT: \{"result": "(\w+)"', out)
        result = m[-1] if m else "crash"
        ok = result == "pass"
        passed += ok
        failed += not ok
        print(f"{'ok      ' if ok else 'FAIL    '} {t}: {result}")
        if not ok:
            print("    " + "\n    ".join(out.strip().splitlines()[-10:]))
    print(f"{passed} passed, {failed} failed, {skipped} not run")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
