#!/usr/bin/env python3
"""Runs every `.shader_test` of Debian's piglit package that has a [compute shader]
section or SPIR-V shaders of any stage (`[... shader spirv]`: the arb_gl_spirv tests)
through `glcompute shader-test` (in-process, glcompute's C API), plus our own
tests/in/**/*.shader_test, and prints pass/fail/skip counts per test group and why
tests were skipped. Exit status 1 if any test failed, or if piglit's tests or the
glcompute binary are missing. Tests listed in conformance/piglit_invalid.txt (shaders that
break the GLSL spec) count as "invalid" when they fail with the listed compile error;
those in conformance/piglit_unsupported.txt (features glcompute lacks) count as
"unsupported" when they fail with the listed message. A graphics test whose drawing
is not run (glcompute does not rasterise) is a skip that says what was checked.

usage: scripts/piglit_execution.py [--glcompute PATH] [--piglit DIR] [-v]
"""

import argparse
import collections
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def collect(piglit, compute_only=False):
    """piglit's .shader_test files with a [compute shader] section, and (unless
    compute_only) those with SPIR-V shaders of any stage."""
    out = []
    for top in ("tests", "generated_tests"):
        for dirpath, _, files in os.walk(os.path.join(piglit, top)):
            for f in files:
                if f.endswith(".shader_test"):
                    p = os.path.join(dirpath, f)
                    with open(p, encoding="utf-8", errors="replace") as fh:
                        text = fh.read()
                        if "[compute shader]" in text or ("shader spirv]" in text and not compute_only):
                            out.append(p)
    return sorted(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glcompute", default=os.path.join(ROOT, "target", "release", "glcompute"))
    ap.add_argument("--piglit", default="/usr/lib/x86_64-linux-gnu/piglit")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    ours = sorted(
        os.path.join(d, f)
        for d, _, fs in os.walk(os.path.join(ROOT, "tests", "in"))
        if "build" not in os.path.relpath(d, ROOT).split(os.sep)
        for f in fs
        if f.endswith(".shader_test")
    )
    theirs = collect(a.piglit)
    if not theirs:
        # Counting only our own files would report success without piglit's tests.
        print(f"no piglit .shader_test with a [compute shader] under {a.piglit} (apt-get install piglit)")
        return 1
    if not os.access(a.glcompute, os.X_OK):
        print(f"{a.glcompute} is not an executable (cargo build --release)")
        return 1
    files = ours + theirs
    r = subprocess.run([a.glcompute, "shader-test", *files], capture_output=True, text=True, errors="replace")
    listed = {}
    for kind, name in (("invalid", "piglit_invalid.txt"), ("unsupported", "piglit_unsupported.txt")):
        with open(os.path.join(ROOT, "conformance", name), encoding="utf-8") as fh:
            for line in fh:
                if line.strip() and not line.startswith("#"):
                    path, message, _reason = (p.strip() for p in line.split("|", 2))
                    listed[path] = (kind, message, name)
    groups = collections.defaultdict(collections.Counter)
    reasons = collections.Counter()
    failures = []
    for line in r.stdout.splitlines():
        m = re.match(r'(.*?): PIGLIT: \{"result": "(\w+)" \}(?:  \((.*)\))?$', line)
        if not m:
            continue
        path, result, why = m.groups()
        if path.startswith(a.piglit):
            rel = os.path.relpath(path, a.piglit)
            group = "piglit " + "/".join(rel.split("/")[1:4]) if rel.startswith("generated") else "piglit " + "/".join(rel.split("/")[1:4])
        else:
            group = "glcompute tests/in/"
            rel = os.path.relpath(path, ROOT)
        if rel in listed:
            kind, message, name = listed[rel]
            if result == "fail" and message in (why or ""):
                result = kind
            else:
                why = f"listed in conformance/{name} as failing with `{message}', but: {result} ({why})"
                result = "fail"
        groups[group][result] += 1
        if result == "skip":
            key = re.sub(r"`[^']*'", "`...'", why or "")
            if key.startswith("graphics:"):
                key = re.sub(r"\d+", "N", key)
            reasons[key] += 1
        if result == "fail":
            failures.append(f"{rel}: {why}")
        if a.verbose:
            print(line)
    total = collections.Counter()
    print(f"{'group':<60} {'pass':>5} {'fail':>5} {'skip':>5} {'invalid':>7} {'unsupported':>11}")
    for g in sorted(groups):
        c = groups[g]
        total.update(c)
        print(f"{g:<60} {c['pass']:>5} {c['fail']:>5} {c['skip']:>5} {c['invalid']:>7} {c['unsupported']:>11}")
    print("skipped because:")
    for why, n in reasons.most_common():
        print(f"  {n:5}  {why}")
    for f in failures:
        print("FAIL:", f)
    print(
        f"{total['pass']} passed, {total['fail']} failed, {total['skip']} skipped, "
        f"{total['invalid']} invalid (documented in conformance/piglit_invalid.txt), "
        f"{total['unsupported']} unsupported (conformance/piglit_unsupported.txt)"
    )
    if r.returncode not in (0, 1):
        print(r.stderr)
        return 1
    return 1 if total["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
