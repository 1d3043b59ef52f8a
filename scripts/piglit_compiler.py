#!/usr/bin/env python3
"""Runs piglit's compute compiler tests through the real `glslparsertest` of Debian's
piglit package, with glcompute standalone as its GL (`glcompute run --`), headless
(PIGLIT_PLATFORM=surfaceless_egl).

Tests: every .comp under spec/arb_compute_shader/compiler, spec/arb_compute_shader/
preprocessor (tests and generated_tests) and spec/arb_compute_variable_group_size/
compiler. The command line is built from each test's [config] block exactly as piglit's
framework/test/glsl_parser_test.py builds it. A test passes when glslparsertest reports
"pass" -- or "skip" where the test is written to skip on a driver that has the
extension (a `!GL_ARB_compute_shader` requirement).

usage: scripts/piglit_compiler.py [--glcompute PATH] [--piglit DIR] [-v]
Prints one line per test and `N passed, M failed`; exit status 1 if any failed.
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = [
    "tests/spec/arb_compute_shader/compiler",
    "tests/spec/arb_compute_shader/preprocessor",
    "generated_tests/spec/arb_compute_shader/compiler",
    "generated_tests/spec/arb_compute_shader/preprocessor",
    "tests/spec/arb_compute_variable_group_size/compiler",
    "generated_tests/spec/arb_compute_variable_group_size/compiler",
]


def config(path):
    """The key: value pairs of the [config] block (comment prefixes stripped)."""
    text = open(path, encoding="utf-8", errors="replace").read()
    m = re.search(r"\[config\](.*?)\[end config\]", text, re.S)
    out = {"check_link": "false", "require_extensions": ""}
    if not m:
        return None
    for line in m.group(1).splitlines():
        line = line.strip().lstrip("/*").strip()
        if ":" in line:
            k, v = line.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def extensions(glcompute):
    """GL_EXTENSIONS as glcompute advertises them."""
    out = subprocess.run([glcompute, "info"], capture_output=True, text=True).stdout
    return set(re.findall(r"^\s+(GL_\w+)$", out, re.M))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glcompute", default=os.path.join(ROOT, "target", "release", "glcompute"))
    ap.add_argument("--piglit", default="/usr/lib/x86_64-linux-gnu/piglit")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    have = extensions(a.glcompute)
    binary = os.path.join(a.piglit, "bin", "glslparsertest")
    env = dict(os.environ, PIGLIT_PLATFORM="surfaceless_egl")
    tests = []
    for d in DIRS:
        base = os.path.join(a.piglit, d)
        for dirpath, _, files in os.walk(base):
            tests += [os.path.join(dirpath, f) for f in files if f.endswith(".comp")]
    passed = failed = 0
    for path in sorted(tests):
        rel = os.path.relpath(path, a.piglit)
        cfg = config(path)
        if cfg is None:
            print(f"fail {rel}: no [config] block")
            failed += 1
            continue
        cmd = [a.glcompute, "run", "--", binary, path, cfg["expect_result"], cfg["glsl_version"]]
        if cfg["check_link"].lower() == "true":
            cmd.append("--check-link")
        reqs = cfg["require_extensions"].split()
        cmd += reqs
        # The designed outcome on a driver with the extension: skip if the test
        # requires its absence.
        want = "skip" if any(r.startswith("!") and r[1:] in have for r in reqs) else "pass"
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env)
        m = re.search(r'PIGLIT: \{"result": "(\w+)"', r.stdout + r.stderr)
        got = m.group(1) if m else f"crash (exit {r.returncode})"
        ok = got == want
        passed += ok
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {rel}: {got}" + ("" if ok else f" (expected {want})"))
        if not ok and a.verbose:
            print(r.stdout + r.stderr)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
