#!/usr/bin/env python3
"""Runs piglit's compute compiler tests through the real `glslparsertest` of Debian's
piglit package, with glcompute standalone as its GL (`glcompute run --`), headless
(PIGLIT_PLATFORM=surfaceless_egl).

Tests: every .comp under spec/arb_compute_shader/compiler, spec/arb_compute_shader/
preprocessor (tests and generated_tests) and spec/arb_compute_variable_group_size/
compiler. With --graphics instead: every vertex, tessellation, geometry and fragment
shader under spec/glsl-{1.10,1.20,1.30,1.40,1.50,3.30,4.30,4.40,4.60}/compiler,
spec/glsl-es-{3.00,3.10}/compiler, spec/arb_enhanced_layouts/compiler and
spec/arb_shader_atomic_counter_ops/compiler, against
conformance/piglit_graphics_known.txt (the ones glcompute is known to get wrong, each
with the reason): the run fails when a test outside the list fails, and when a listed
test passes (the list is stale). The command line is built from each test's [config] block exactly as piglit's
framework/test/glsl_parser_test.py builds it. A test passes when glslparsertest reports
"pass" -- or "skip" where the test is written to skip on a driver that has the
extension (a `!GL_ARB_compute_shader` requirement).

usage: scripts/piglit_compiler.py [--glcompute PATH] [--piglit DIR] [--graphics] [--dir D]... [-v]
(--dir: only the tests of every stage under piglit folder D)
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
GRAPHICS_DIRS = [f"tests/spec/glsl-{v}/compiler" for v in ("1.10", "1.20", "1.30", "1.40", "1.50", "3.30", "4.30")]
GRAPHICS_DIRS += [
    "tests/spec/glsl-4.40/compiler",
    "tests/spec/glsl-4.60/compiler",
    "tests/spec/glsl-es-3.00/compiler",
    "tests/spec/glsl-es-3.10/compiler",
    "tests/spec/arb_enhanced_layouts/compiler",
    "tests/spec/arb_shader_atomic_counter_ops/compiler",
    "tests/spec/arb_shader_subroutine/compiler",
    "tests/spec/arb_shader_subroutine/linker",
    "generated_tests/spec/arb_shader_subroutine/preprocessor",
]
GRAPHICS_SUFFIXES = (".vert", ".tesc", ".tese", ".geom", ".frag")
KNOWN = os.path.join(ROOT, "conformance", "piglit_graphics_known.txt")


def known_failures():
    """path -> reason from conformance/piglit_graphics_known.txt (`path: reason`)."""
    out = {}
    for line in open(KNOWN, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            path, _, reason = line.partition(": ")
            out[path] = reason
    return out


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
    ap.add_argument("--graphics", action="store_true")
    ap.add_argument("--dir", action="append", help="run the tests under this piglit folder (with --graphics: of every stage) instead")
    a = ap.parse_args()
    known = known_failures() if a.graphics else {}
    have = extensions(a.glcompute)
    binary = os.path.join(a.piglit, "bin", "glslparsertest")
    env = dict(os.environ, PIGLIT_PLATFORM="surfaceless_egl")
    tests = []
    suffixes = GRAPHICS_SUFFIXES if a.graphics else (".comp",)
    if a.dir:
        suffixes = GRAPHICS_SUFFIXES + (".comp",)
    for d in a.dir or (GRAPHICS_DIRS if a.graphics else DIRS):
        base = os.path.join(a.piglit, d)
        if a.graphics and not os.path.isdir(base):
            print(f"FAIL: {base} is missing (Debian's piglit package)")
            return 1
        for dirpath, _, files in os.walk(base):
            tests += [os.path.join(dirpath, f) for f in files if f.endswith(suffixes)]
    if not tests:
        print(f"FAIL: no tests under {a.piglit} (Debian's piglit package)")
        return 1
    passed = failed = expected_failures = 0
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
        # A test that requires an extension glcompute does not advertise is skipped
        # by glslparsertest, as on any driver without it.
        absent = any(r.startswith("!") and r[1:] in have for r in reqs)
        lacking = any(not r.startswith("!") and r not in have for r in reqs)
        want = "skip" if absent or lacking else "pass"
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env)
        m = re.search(r'PIGLIT: \{"result": "(\w+)"', r.stdout + r.stderr)
        got = m.group(1) if m else f"crash (exit {r.returncode})"
        ok = got == want
        if rel in known:
            if ok:
                print(f"FAIL {rel}: passes, but conformance/piglit_graphics_known.txt lists it")
                failed += 1
            else:
                print(f"known {rel}: {got} ({known[rel]})")
                expected_failures += 1
            continue
        passed += ok
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {rel}: {got}" + ("" if ok else f" (expected {want})"))
        if not ok and a.verbose:
            print(r.stdout + r.stderr)
    if a.graphics and not a.dir:
        missing = [k for k in known if not any(os.path.relpath(t, a.piglit) == k for t in tests)]
        for k in missing:
            print(f"FAIL {k}: listed in conformance/piglit_graphics_known.txt but not found")
        failed += len(missing)
        print(f"{passed} passed, {failed} failed, {expected_failures} known failures (conformance/piglit_graphics_known.txt)")
    else:
        print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
