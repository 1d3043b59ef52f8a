#!/usr/bin/env python3
"""Compares the fixed-function state of glcompute with Mesa llvmpipe's.

Runs conformance/c/api/context_state.c (built by scripts/test.sh) twice: on glcompute (its
libEGL/libGL from GLDIR, with --check, which also asserts the spec's values) and on
the system's Mesa. Each prints one "key<TAB>value" line per fact: the initial value of
every state variable through every Get form, the error each call of a script leaves,
and the values after it. Every fact on which the two differ must be explained by an
entry of conformance/state_differences.txt ("pattern<TAB>reason", the pattern matched
against the key with fnmatch); an entry that explains nothing is stale and fails too.

usage: state_compare.py BINARY GLDIR
"""
import fnmatch
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "conformance", "state_differences.txt")


def run(binary, env_extra, args):
    env = dict(os.environ, **env_extra)
    p = subprocess.run([binary] + args, env=env, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        sys.exit(f"state_compare: {binary} {' '.join(args)} failed ({p.returncode})")
    facts = {}
    for line in p.stdout.splitlines():
        key, _, value = line.partition("\t")
        facts[key] = value
    return facts


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, gldir = sys.argv[1], sys.argv[2]
    ours = run(binary, {"LD_LIBRARY_PATH": gldir}, ["--check"])
    mesa = run(binary, {}, [])
    if "glcompute" not in ours.get("driver", ""):
        sys.exit(f"state_compare: the first run is not glcompute: {ours.get('driver')!r}")
    if "llvmpipe" not in mesa.get("driver", ""):
        sys.exit(f"state_compare: the second run is not Mesa llvmpipe: {mesa.get('driver')!r}")
    entries = []
    with open(LIST) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            pattern, _, reason = line.partition("\t")
            if not reason.strip():
                sys.exit(f"state_compare: entry without a reason: {line!r}")
            entries.append([pattern, reason, 0])
    keys = sorted((set(ours) | set(mesa)) - {"driver"})
    unexplained = []
    same = 0
    for key in keys:
        a, b = ours.get(key), mesa.get(key)
        if a == b:
            same += 1
            continue
        for e in entries:
            if fnmatch.fnmatchcase(key, e[0]):
                e[2] += 1
                break
        else:
            unexplained.append((key, a, b))
    for key, a, b in unexplained:
        print(f"UNEXPLAINED {key}\n    glcompute: {a}\n    Mesa:      {b}")
    stale = [e for e in entries if e[2] == 0]
    for e in stale:
        print(f"STALE entry (nothing differs): {e[0]}")
    explained = sum(e[2] for e in entries)
    print(f"state_compare: {len(keys)} facts, {same} the same on glcompute and Mesa, "
          f"{explained} differ in {len(entries) - len(stale)} explained ways, "
          f"{len(unexplained)} unexplained")
    return 1 if unexplained or stale else 0


if __name__ == "__main__":
    sys.exit(main())
