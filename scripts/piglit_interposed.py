#!/usr/bin/env python3
"""Runs piglit's own binaries (`piglit run`, Debian's piglit package, headless:
PIGLIT_PLATFORM=surfaceless_egl, `-auto -fbo` as the runner passes them) on Mesa
llvmpipe with glcompute preloaded (interposed mode), and checks every result against
conformance/expected/piglit-interposed.txt.

Configurations:
  hidden    glcompute preloaded over Mesa with its compute hidden (GL 4.2, no
            GL_ARB_compute_shader): every compute test runs on glcompute
  shown     glcompute preloaded over Mesa with compute: glcompute takes compute over
            (each test that dispatches must show `glcompute: runs glDispatchCompute*`)
  glx       as `hidden`, on GLX (piglit's glx platform under Xvfb) instead of EGL
  old       glcompute preloaded over Mesa as a GL 3.3 driver without compute, shader
            storage or atomic counter buffers, and used without direct state access
            (GLCOMPUTE_HOST_CAPS=-dsa): the binding points glcompute keeps itself
  gl45      as `shown`, for the compute tests that need GL 4.5 (glsl-4.50 and
            nv_compute_shader_derivatives, which glcompute announces over any host)
  cs        as `hidden`, for the 1,481 glsl-4.30 built-in function tests `cs-*`, which
            write a host texture through an image and read it back through the host's
            framebuffer (the list names them with `cs | * | pass`: every one must pass)
  baseline  Mesa with compute hidden and no glcompute: what the first configuration
            would be without glcompute (compute tests skip)

usage: scripts/piglit_interposed.py [--preload PATH] [--out DIR] [--only CONFIG]
Keeps each configuration's results.json.bz2 under DIR (conformance/build/piglit), prints
`CONFIG: N passed, M failed, K skipped` and every difference from the expected list;
exits 1 on a regression (an expected pass that did not pass, or a test the list does
not name), and also when piglit or the preload library is missing.
"""

import argparse
import bz2
import collections
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPECTED = os.path.join(ROOT, "conformance", "expected", "piglit-interposed.txt")
TESTS = ["-t", "spec@arb_compute_shader@", "-t", "spec@arb_compute_variable_group_size@"]
CS_TESTS = ["-t", "spec@glsl-4.30@execution@built-in-functions@cs-"]
# The compute tests that need a GL 4.5 context: over Mesa with its compute (GL 4.5).
GL45_TESTS = ["-t", "spec@glsl-4.50@execution@glsl-", "-t", "spec@nv_compute_shader_derivatives@"]
# The cs-* tests of Debian's piglit: fewer means the run did not find them all.
CS_COUNT = 1481
HIDE = {
    "MESA_GL_VERSION_OVERRIDE": "4.2",
    "MESA_GLSL_VERSION_OVERRIDE": "420",
    "MESA_EXTENSION_OVERRIDE": "-GL_ARB_compute_shader",
}
OLD = {
    "MESA_GL_VERSION_OVERRIDE": "3.3",
    "MESA_GLSL_VERSION_OVERRIDE": "330",
    "MESA_EXTENSION_OVERRIDE": "-GL_ARB_compute_shader -GL_ARB_shader_storage_buffer_object -GL_ARB_shader_atomic_counters",
    "GLCOMPUTE_HOST_CAPS": "-dsa",
}


def load_expected():
    exp = {}
    for line in open(EXPECTED):
        line = line.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split("|", 3)]
        config, test, result = parts[0], parts[1], parts[2]
        exp[(config, test)] = (result, parts[3] if len(parts) > 3 else "")
    return exp


def run(config, preload, out):
    platform = "glx" if config == "glx" else "surfaceless_egl"
    # Mesa's on-disk shader cache does not key on MESA_EXTENSION_OVERRIDE: a shader one
    # configuration compiled could pass in another without being compiled there.
    env = dict(os.environ, PIGLIT_PLATFORM=platform, GLCOMPUTE_LOG="calls",
               MESA_SHADER_CACHE_DISABLE="true", MESA_GLSL_CACHE_DISABLE="true")
    env.pop("LD_PRELOAD", None)
    if config in ("hidden", "glx", "cs", "baseline"):
        env.update(HIDE)
    if config == "old":
        env.update(OLD)
    if config in ("hidden", "glx", "shown", "gl45", "old", "cs"):
        env["LD_PRELOAD"] = preload
    results = os.path.join(out, config)
    # Under Xvfb the tests run one at a time: concurrent connections to a fresh Xvfb
    # were seen to fail now and then (XOpenDisplay), which is no test of glcompute.
    concurrency = "-1" if config == "glx" else "-c"
    tests = CS_TESTS if config == "cs" else GL45_TESTS if config == "gl45" else TESTS
    cmd = ["piglit", "run", "-o", concurrency, "-p", platform] + tests + ["quick", results]
    if config == "glx":
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 640x480x24"] + cmd
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    path = os.path.join(results, "results.json.bz2")
    if r.returncode != 0 or not os.path.exists(path):
        print(f"{config}: piglit run failed ({r.returncode}):\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
        return None
    return json.load(bz2.open(path))["tests"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preload", default=os.path.join(ROOT, "target", "release", "libglcompute.so"))
    ap.add_argument("--out", default=os.path.join(ROOT, "conformance", "build", "piglit"))
    ap.add_argument("--only")
    a = ap.parse_args()
    for tool, package in (("piglit", "piglit"), ("xvfb-run", "xvfb")):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed (apt-get install {package})")
            return 1
    if not os.path.exists(a.preload):
        print(f"{a.preload} does not exist (cargo build --release)")
        return 1
    expected = load_expected()
    configs = [a.only] if a.only else ["hidden", "shown", "gl45", "glx", "old", "cs", "baseline"]
    bad = 0
    for config in configs:
        tests = run(config, a.preload, a.out)
        if tests is None:
            bad += 1
            continue
        counts = collections.Counter(v["result"] for v in tests.values())
        for name, v in sorted(tests.items()):
            got = v["result"]
            exp, why = expected.get((config, name)) or expected.get((config, "*"), (None, ""))
            err = v.get("err") or ""
            if exp is None:
                print(f"  NEW       {config} {name}: {got} (not in {os.path.relpath(EXPECTED, ROOT)})")
                bad += 1
            elif got != exp and exp == "pass":
                print(f"  REGRESSED {config} {name}: {got}, expected pass")
                tail = ((v.get("out") or "") + err).strip().splitlines()[-6:]
                print("      " + "\n      ".join(tail))
                bad += 1
            elif got != exp:
                print(f"  CHANGED   {config} {name}: {got}, listed as {exp} ({why}); update the list")
            elif exp != "pass":
                print(f"  {exp:<9} {config} {name}: {why}")
            # glcompute must be the one running the dispatches it took over.
            if (
                config in ("hidden", "glx", "shown", "gl45", "old", "cs")
                and got == "pass"
                and "execution@" in name
                and "glcompute: runs glDispatchCompute" not in err
            ):
                print(f"  NOT TAKEN {config} {name}: passed without glcompute running its dispatch")
                bad += 1
        if config == "cs" and len(tests) != CS_COUNT:
            print(f"  COUNT     cs: {len(tests)} tests ran, expected {CS_COUNT}")
            bad += 1
        for (c, name), _ in expected.items():
            if c == config and name != "*" and name not in tests:
                print(f"  MISSING   {config} {name}: listed but not run")
                bad += 1
        print(
            f"{config}: {counts.get('pass', 0)} passed, {counts.get('fail', 0) + counts.get('crash', 0) + counts.get('timeout', 0)} failed, "
            f"{counts.get('skip', 0)} skipped ({len(tests)} tests; results in {os.path.relpath(os.path.join(a.out, config), ROOT)})"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
