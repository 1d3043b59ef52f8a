#!/usr/bin/env python3
"""The C tests under conformance/c/ say in their header lines how they are built and
run; scripts/test.sh runs what this prints, so no list of tests is kept by hand.

Header lines (comment lines anywhere in the file, one per line; by convention right
after the file's first comment):

    // build: LIBS...      libraries and link flags (default: -lEGL -lGL -lpthread -ldl -lm);
                           `pkg:NAME` stands for `pkg-config --cflags --libs NAME`
    // cflags: FLAGS...    replaces the default compiler flags
    // run: MODE [VAR=value ...] [-- ARGS...]
                           one run of the test; a file may have several

MODE is where the test's GL comes from:
    standalone          glcompute as libEGL/libGL (LD_LIBRARY_PATH=target/release/gl)
    llvmpipe            Mesa llvmpipe alone (the test's --any-gl path)
    interposed          LD_PRELOAD=libglcompute.so over Mesa with its compute hidden
                        (a GL 4.2 host)
    interposed-mesa     LD_PRELOAD=libglcompute.so over Mesa as it is (or as the
                        run's MESA_* variables make it)
    interposed-run      `glcompute run --interpose --` over Mesa with its compute
    xvfb-interposed     as interposed, under Xvfb (for GLX)
    helgrind, drd       standalone under valgrind's race detectors (every report fails
                        but those conformance/valgrind.supp explains)
    check FUNCTION      a shell function of scripts/test.sh, given the test's binary and
                        ARGS (comparisons with expected output, several processes)

Usage: c_tests.py steps   prints one step per line: NAME<TAB>SHELL COMMAND, the build
                          of each test first, then its runs; the commands use the shell
                          variables ROOT, BUILD, LIBDIR, GLDIR, CFLAGS and HIDE_COMPUTE
                          and the functions of scripts/test.sh.
       c_tests.py list    prints each test with its runs (for docs/testing.md).
"""

import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "conformance" / "c"
DEFAULT_LIBS = ["-lEGL", "-lGL", "-lpthread", "-ldl", "-lm"]
MODES = {
    "standalone": 'LD_LIBRARY_PATH="$GLDIR"',
    "llvmpipe": "EGL_PLATFORM=surfaceless",
    "interposed": '"${HIDE_COMPUTE[@]}" LD_PRELOAD="$LIBDIR/libglcompute.so"',
    "interposed-mesa": 'LD_PRELOAD="$LIBDIR/libglcompute.so"',
    "interposed-run": None,
    "xvfb-interposed": None,
    "helgrind": None,
    "drd": None,
    "check": None,
}


class HeaderError(Exception):
    pass


def header(path):
    """(libs, cflags or None, [(mode, env, args)]) from the file's header lines."""
    libs, cflags, runs = None, None, []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        s = line.strip()
        for key in ("// build:", "// cflags:", "// run:"):
            if not s.startswith(key):
                continue
            words = shlex.split(s[len(key):])
            if key == "// build:":
                libs = words
            elif key == "// cflags:":
                cflags = words
            else:
                if not words or words[0] not in MODES:
                    raise HeaderError(f"{path}:{n}: unknown run mode in {s!r}")
                mode, rest = words[0], words[1:]
                if mode == "check":
                    if not rest:
                        raise HeaderError(f"{path}:{n}: `check` needs a function name")
                    runs.append((f"check {rest[0]}", [], [w for w in rest[1:] if w != "--"]))
                    continue
                env, args = rest, []
                if "--" in rest:
                    i = rest.index("--")
                    env, args = rest[:i], rest[i + 1:]
                for e in env:
                    if "=" not in e:
                        raise HeaderError(f"{path}:{n}: {e!r} is not VAR=value (arguments go after --)")
                runs.append((mode, env, args))
    return libs, cflags, runs


def tests():
    found = sorted(p for p in TESTS.rglob("*.c"))
    out = []
    for p in found:
        libs, cflags, runs = header(p)
        if not runs:
            raise HeaderError(f"{p}: no `// run:` line: say how the test runs")
        out.append((p, libs, cflags, runs))
    return out


def name_of(p):
    return str(p.relative_to(TESTS).with_suffix(""))


def steps():
    lines = []
    for p, libs, cflags, runs in tests():
        name = name_of(p)
        binary = '"$BUILD/' + name.replace("/", "_") + '"'
        flags = " ".join(shlex.quote(f) for f in cflags) if cflags else "$CFLAGS"
        linked = []
        for l in libs if libs is not None else DEFAULT_LIBS:
            if l.startswith("pkg:"):
                linked.append(f"$(pkg-config --cflags --libs {shlex.quote(l[4:])})")
            else:
                linked.append(shlex.quote(l))
        src = shlex.quote(str(p.relative_to(ROOT)))
        lines.append((f"cc {name}", f'cc {flags} -I"$ROOT/conformance/c" -o {binary} {src} {" ".join(linked)}'))
        for mode, env, args in runs:
            envs = " ".join(shlex.quote(e) for e in env)
            argv = " ".join(shlex.quote(a) for a in args)
            label = " ".join([mode] + env + args)
            if mode.startswith("check "):
                cmd = f"{mode[6:]} {binary} {argv}"
            elif mode == "interposed-run":
                cmd = f'env {envs} "$LIBDIR/glcompute" run --interpose -- {binary} {argv}'
            elif mode == "xvfb-interposed":
                cmd = f'env "${{HIDE_COMPUTE[@]}}" xvfb-run -a env {envs} LD_PRELOAD="$LIBDIR/libglcompute.so" {binary} {argv}'
            elif mode in ("helgrind", "drd"):
                cmd = f'env {envs} LD_LIBRARY_PATH="$GLDIR" valgrind --tool={mode} --error-exitcode=9 -q --suppressions="$ROOT/conformance/valgrind.supp" {binary} {argv}'
            else:
                cmd = f"env {MODES[mode]} {envs} {binary} {argv}"
            lines.append((f"{name} ({label})", cmd.strip()))
    for label, cmd in lines:
        print(f"{label}\t{cmd}")


def listing():
    for p, _, _, runs in tests():
        desc = [" ".join([m] + e + a) for m, e, a in runs]
        print(f"{name_of(p)}: " + "; ".join(desc))


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["steps"]:
            steps()
        elif sys.argv[1:] == ["list"]:
            listing()
        else:
            sys.exit(__doc__)
    except HeaderError as e:
        sys.exit(f"c_tests.py: {e}")
