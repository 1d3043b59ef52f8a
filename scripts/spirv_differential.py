#!/usr/bin/env python3
"""The SPIR-V path against the GLSL path. Every compute shader test that
scripts/piglit_execution.py runs (tests/in/**/*.shader_test and every .shader_test of
Debian's piglit with a [compute shader] section) runs again with
`glcompute shader-test --spirv`: its GLSL compiled by `glslangValidator -G` (checked
by spirv-val), its [compute shader spirv] section assembled by spirv-as, or its
[compute shader wgsl] section (the WGSL twin of its GLSL) compiled by naga's
command-line tool, then loaded with glShaderBinary and glSpecializeShader. The tests' probes are the results
the GLSL path produces (piglit_execution.py requires every one of them to pass), so
a test that passes here gives the GLSL path's results through SPIR-V.

conformance/spirv_differences.txt lists, as `PATH: KIND: reason` (the path relative
to the repository or to piglit), tests whose SPIR-V as glslang writes it means
something else than their GLSL (KIND `glslang`) and tests that need what the SPIR-V
front end does not lower yet (KIND `unsupported`); a listed test counts under its
kind when it fails and as an unexpected pass when it does not. Exit status 1 on any other
failure, or if a tool, piglit's tests or the glcompute binary is missing.

usage: scripts/spirv_differential.py [--glcompute PATH] [--piglit DIR] [-v]
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from piglit_execution import collect  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glcompute", default=os.path.join(ROOT, "target", "release", "glcompute"))
    ap.add_argument("--piglit", default="/usr/lib/x86_64-linux-gnu/piglit")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    for tool in ("glslangValidator", "spirv-as", "spirv-val", "naga"):
        if not shutil.which(tool):
            print(f"{tool} is missing (apt-get install glslang-tools spirv-tools; cargo install naga-cli)")
            return 1
    theirs = collect(a.piglit, compute_only=True)
    if not theirs:
        print(f"no piglit .shader_test with a [compute shader] under {a.piglit} (apt-get install piglit)")
        return 1
    if not os.access(a.glcompute, os.X_OK):
        print(f"{a.glcompute} is not an executable (cargo build --release)")
        return 1
    ours = sorted(
        os.path.join(d, f)
        for d, _, fs in os.walk(os.path.join(ROOT, "tests", "in"))
        if "build" not in os.path.relpath(d, ROOT).split(os.sep)
        for f in fs
        if f.endswith(".shader_test")
    )
    known = {}
    with open(os.path.join(ROOT, "conformance", "spirv_differences.txt"), encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line and not line.startswith("#"):
                path, _, why = line.partition(": ")
                kind, _, why = why.partition(": ")
                if kind not in ("glslang", "unsupported"):
                    print(f"conformance/spirv_differences.txt: unknown kind `{kind}' for {path}")
                    return 1
                known[path] = (kind, why)
    files = ours + theirs
    r = subprocess.run([a.glcompute, "shader-test", "--spirv", *files],
                       capture_output=True, text=True, errors="replace")
    counts = collections.Counter()
    skips = collections.Counter()
    bad = []
    seen = set()
    for line in r.stdout.splitlines():
        m = re.match(r'(.*?): PIGLIT: \{"result": "(\w+)" \}\s*(?:\((.*)\))?$', line)
        if not m:
            continue
        path, result, why = m.group(1), m.group(2), m.group(3) or ""
        rel = os.path.relpath(path, ROOT) if path.startswith(ROOT) else os.path.relpath(path, a.piglit)
        seen.add(rel)
        if result == "fail" and rel in known:
            counts["differ (glslang)" if known[rel][0] == "glslang" else "unsupported (listed)"] += 1
        elif result == "fail":
            counts["fail"] += 1
            bad.append(f"FAIL {rel}: {why}")
        elif result == "pass" and rel in known:
            counts["pass"] += 1
            bad.append(f"UNEXPECTED PASS {rel} (listed in conformance/spirv_differences.txt: {known[rel][1]})")
        else:
            counts[result] += 1
            if result == "skip":
                skips[re.sub(r"\d+", "N", why)[:110]] += 1
    missing = len(files) - len(seen)
    if missing:
        bad.append(f"{missing} tests gave no result (the runner stopped: {r.stderr.strip()[-300:]})")
    print(f"SPIR-V path, {len(files)} compute shader tests: "
          + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    for why, n in skips.most_common(12 if not a.verbose else None):
        print(f"  skipped {n:4}: {why}")
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
