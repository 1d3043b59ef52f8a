#!/usr/bin/env python3
"""Judges every compute shader of Debian's piglit package with `glcompute compile` and
with Debian's `glslangValidator` (as GL compute shaders, linked), and reports how often
they agree (both accept or both reject).

Shaders: every `.comp` file under piglit's tests and generated_tests, and the
`[compute shader]` sections of every `.shader_test` (the sections of one test are one
program). Disagreements are listed with the first error of the side that rejected;
those where glslangValidator is known to be wrong are explained in
conformance/glslang_disagreements.txt (`PATH: reason` lines) and listed separately.
Shaders with a `#version` above 4.50 (glcompute's GL_SHADING_LANGUAGE_VERSION) are not
judged against glslangValidator: glcompute must reject them, saying the version is not
supported, and they are counted apart.

usage: scripts/compiler_agreement.py [--glcompute PATH] [--piglit DIR] [-v] [FILTER]
Exit status: 0 if every disagreement is documented, 1 otherwise.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The highest #version glcompute compiles (src/glsl/accepts.rs GLSL_VERSION).
GLSL_MAX = 450


def sections(path):
    """The [compute shader] sections of a shader_test, in order."""
    out, cur = [], None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("["):
                if cur is not None:
                    out.append("".join(cur))
                cur = [] if line.strip() == "[compute shader]" else None
                continue
            if cur is not None:
                cur.append(line)
    if cur is not None:
        out.append("".join(cur))
    return out


def collect(piglit, pattern):
    jobs = []
    for top in ("tests", "generated_tests"):
        base = os.path.join(piglit, top)
        for dirpath, _, files in os.walk(base):
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, piglit)
                if pattern and not re.search(pattern, rel):
                    continue
                if name.endswith(".comp"):
                    with open(path, encoding="utf-8", errors="replace") as f:
                        jobs.append((rel, [f.read()]))
                elif name.endswith(".shader_test"):
                    with open(path, encoding="utf-8", errors="replace") as f:
                        if "[compute shader]" not in f.read():
                            continue
                    srcs = sections(path)
                    if srcs:
                        jobs.append((rel, srcs))
    return sorted(jobs)


def first_error(text):
    for line in text.splitlines():
        if "error" in line.lower():
            return line.strip()[:200]
    return text.strip().splitlines()[0][:200] if text.strip() else "(no log)"


def judge(job, glcompute, tmp):
    rel, srcs = job
    d = tempfile.mkdtemp(dir=tmp)
    files = []
    for i, s in enumerate(srcs):
        p = os.path.join(d, f"s{i}.comp")
        with open(p, "w", encoding="utf-8") as f:
            f.write(s)
        files.append(p)
    ours = subprocess.run([glcompute, "compile", *files], capture_output=True, text=True, errors="replace")
    theirs = subprocess.run(["glslangValidator", "-l", *files], capture_output=True, text=True, errors="replace")
    # glslangValidator exits 0 on success; its errors name the file.
    return rel, ours.returncode == 0, theirs.returncode == 0, ours.stdout + ours.stderr, theirs.stdout + theirs.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glcompute", default=os.path.join(ROOT, "target", "release", "glcompute"))
    ap.add_argument("--piglit", default="/usr/lib/x86_64-linux-gnu/piglit")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("filter", nargs="?")
    a = ap.parse_args()
    documented = {}
    doc = os.path.join(ROOT, "conformance", "glslang_disagreements.txt")
    if os.path.exists(doc):
        with open(doc, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#") and ": " in line:
                    k, v = line.split(": ", 1)
                    documented[k] = v
    jobs = collect(a.piglit, a.filter)
    if not jobs:
        print(f"no compute shaders under {a.piglit} (apt-get install piglit)")
        return 1
    sources = dict(jobs)
    agree = beyond = 0
    undocumented, known = [], []
    with tempfile.TemporaryDirectory() as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
            for rel, ok_ours, ok_theirs, log_ours, log_theirs in ex.map(lambda j: judge(j, a.glcompute, tmp), jobs):
                versions = [int(v) for src in sources[rel] for v in re.findall(r"^\s*#\s*version\s+(\d+)", src, re.M)]
                if versions and max(versions) > GLSL_MAX:
                    if not ok_ours and "is not supported" in log_ours:
                        beyond += 1
                    else:
                        undocumented.append(f"{rel}: #version {max(versions)} is above {GLSL_MAX}, but glcompute: {first_error(log_ours) if not ok_ours else 'accepts it'}")
                    continue
                if ok_ours == ok_theirs:
                    agree += 1
                    continue
                who = "glcompute rejects" if not ok_ours else "glslangValidator rejects"
                why = first_error(log_ours if not ok_ours else log_theirs)
                entry = f"{rel}: {who}: {why}"
                if rel in documented:
                    known.append(f"{entry}\n    documented: {documented[rel]}")
                else:
                    undocumented.append(entry)
                    if a.verbose:
                        print(log_ours, log_theirs, sep="\n---\n")
    stale = sorted(k for k in documented if k not in {e.split(": ", 1)[0] for e in known})
    if a.filter is None:
        for k in stale:
            undocumented.append(f"{k}: documented in conformance/glslang_disagreements.txt, but no longer a disagreement")
    n = len(jobs) - beyond
    if a.verbose:
        for e in known:
            print("known:", e)
    for e in undocumented:
        print("DISAGREE:", e)
    rate = 100.0 * agree / n if n else 100.0
    print(f"{agree}/{n} agree ({rate:.2f}%), {len(known)} documented disagreements, {len(undocumented)} undocumented; "
          f"{beyond} more declare a #version above {GLSL_MAX} and are rejected as unsupported")
    return 0 if not undocumented else 1


if __name__ == "__main__":
    sys.exit(main())
