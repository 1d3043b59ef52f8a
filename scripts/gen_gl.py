#!/usr/bin/env python3
"""Generates all of glcompute's generated code, into src/generated/, from
src/api/interpose/hooks.txt and the Khronos headers installed by Debian's libgl-dev,
libegl-dev and libgles-dev (GL/glcorearb.h, GL/glext.h, GL/gl.h, EGL/egl.h,
EGL/eglext.h, GLES3/gl32.h):

  src/generated/host_gl.rs     HostGl: a typed call into the host driver for every GL
                               function the hooks file names
  src/generated/interposed.rs  the routing wrappers of the `compute`, `name N`, `asm N` and
                               `current` hooks, and `hook_address`, the name -> hook table
  src/generated/preload_hooks.rs  the names the preload library (libglcompute.so) exports
  src/generated/gl_core.rs     every GL 1.0-4.6 core function of GL/glcorearb.h with the
                               version that added it (`glcompute info` and the tests
                               count what glcompute exports of each version)
  src/generated/gl_unsupported.rs  every other GL function of GL/glcorearb.h,
                               GL/glext.h and GL/gl.h with the extension (or the
                               compatibility profile) it belongs to: eglGetProcAddress
                               answers these names with a stub that records an error
  src/generated/gl_es.rs       every OpenGL ES 3.2 function and token value of
                               GLES3/gl32.h (libgles-dev): the commands an OpenGL ES
                               context runs, the tokens it takes
  src/generated/gl_enums.rs    every GL token of GL/glcorearb.h, with the name and value
                               tables messages and scripts use (crate::gl::enums)
  src/generated/egl_enums.rs   every EGL token of EGL/egl.h and EGL/eglext.h
                               (crate::gl::egl_enums)
  src/generated/get_table.rs   the Get table: every pname glGet* answers and where its
                               value comes from, from scripts/get_params.py

The generated files are checked in, so building never needs the headers.
`scripts/gen_gl.py --check` fails when a checked-in file differs from what the
headers and the hooks file give (scripts/test.sh runs it).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
HOOKS = ROOT / "src/api/interpose/hooks.txt"
HEADERS = ["/usr/include/GL/glcorearb.h", "/usr/include/GL/gl.h", "/usr/include/GL/glext.h"]
ES_HEADER = "/usr/include/GLES3/gl32.h"

# C type words -> Rust types (the aliases of src/gl/types.rs).
SCALARS = {
    "void": "c_void", "GLvoid": "c_void",
    "GLenum": "GLenum", "GLboolean": "GLboolean", "GLbitfield": "GLbitfield",
    "GLint": "GLint", "GLuint": "GLuint", "GLsizei": "GLsizei", "GLfloat": "GLfloat",
    "GLdouble": "GLdouble", "GLchar": "GLchar", "GLintptr": "GLintptr",
    "GLsizeiptr": "GLsizeiptr", "GLint64": "GLint64", "GLuint64": "GLuint64",
    "GLubyte": "GLubyte", "GLsync": "GLsync", "GLDEBUGPROC": "GLDEBUGPROC",
    "GLclampf": "GLfloat", "GLclampd": "GLdouble", "GLshort": "i16", "GLushort": "u16",
    "GLbyte": "i8",
}
KEYWORDS = {"type", "ref", "box", "in", "match", "fn", "impl", "mod", "move", "use", "where", "loop"}


def rust_type(c):
    c = c.replace("const", " const ").strip()
    stars = c.count("*")
    words = c.replace("*", " * ").split()
    base = [w for w in words if w not in ("const", "*", "struct")]
    if len(base) != 1 or base[0] not in SCALARS:
        raise SystemExit(f"gen_gl: unknown C type `{c}`")
    t = SCALARS[base[0]]
    # Walk the declarator left to right: each `*` wraps, its constness is the `const`
    # written before it.
    toks = words
    pending_const = False
    ptr_consts = []
    for w in toks:
        if w == "const":
            pending_const = True
        elif w == "*":
            ptr_consts.append(pending_const)
            pending_const = False
        else:
            pass
    # `const T *` : pointee const; `T *const *`: outer pointee is a const pointer.
    for is_const in ptr_consts:
        t = f"*{'const' if is_const else 'mut'} {t}"
    if stars == 0 and t == "c_void":
        return None
    return t


WANTED = set()


def parse_headers():
    protos = {}
    for path in HEADERS:
        text = open(path, encoding="latin-1").read()
        for m in re.finditer(r"GLAPI\s+([^;]*?)\s*(?:APIENTRY|GLAPIENTRY)\s+(\w+)\s*\(([^)]*)\)\s*;", text, re.S):
            ret, name, args = m.group(1), m.group(2), " ".join(m.group(3).split())
            if name in protos:
                continue
            if name not in WANTED:
                continue
            params = []
            if args.strip() not in ("void", ""):
                for i, a in enumerate(args.split(",")):
                    a = a.strip()
                    am = re.match(r"(.*?)(\w+)$", a)
                    ctype, pname = am.group(1).strip(), am.group(2)
                    if not ctype:
                        raise SystemExit(f"gen_gl: unnamed parameter in {name}")
                    pname = re.sub(r"(?<!^)([A-Z])", r"_\1", pname).lower()
                    if pname in KEYWORDS:
                        pname += "_"
                    params.append((pname, rust_type(ctype)))
            protos[name] = (rust_type(ret.replace("GLAPI", "").strip()), params)
    return protos


def parse_hooks():
    hooks = []
    for line in HOOKS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        name, route = parts[0], parts[1]
        arg = int(parts[2]) if route in ("name", "asm") else None
        if route not in ("compute", "name", "current", "asm", "special", "window", "host"):
            raise SystemExit(f"gen_gl: {name}: unknown route {route}")
        hooks.append((name, route, arg))
    return hooks


def signature(params):
    return ", ".join(f"{n}: {t}" for n, t in params)


def fn_type(ret, params):
    r = f" -> {ret}" if ret else ""
    return f"unsafe extern \"C\" fn({', '.join(t for _, t in params)}){r}"


HEADER = """// Generated by scripts/gen_gl.py from src/api/interpose/hooks.txt and the Khronos
// headers. Do not edit by hand.
"""


def gen_host(hooks, protos):
    gl = [(n, r) for n, r, _ in hooks if r != "window"]
    out = [HEADER, "// Included by src/host/gl.rs.", ""]
    out.append(f"/// How many host functions HostGl can call.\npub const COUNT: usize = {len(gl)};\n")
    out.append("/// Their names, in slot order.")
    out.append("pub static NAMES: [&std::ffi::CStr; COUNT] = [")
    for n, _ in gl:
        out.append(f"    c\"{n}\",")
    out.append("];\n")
    out.append("/// Slot of each function in NAMES.")
    out.append("#[allow(non_upper_case_globals)]\npub mod slot {")
    for i, (n, _) in enumerate(gl):
        out.append(f"    pub const {n}: usize = {i};")
    out.append("}\n")
    out.append("#[allow(non_snake_case, clippy::missing_safety_doc, clippy::too_many_arguments)]")
    out.append("impl HostGl {")
    for n, _ in gl:
        if n not in protos:
            raise SystemExit(f"gen_gl: {n} is in the hooks file but not in the headers")
        ret, params = protos[n]
        r = f" -> {ret}" if ret else ""
        args = ", ".join(p for p, _ in params)
        out.append(f"    /// The host's `{n}`; does nothing (returns zero) where the host has none.")
        out.append("    #[inline]")
        out.append(f"    pub unsafe fn {n}(&self{', ' if params else ''}{signature(params)}){r} {{")
        body = [
            f"                // SAFETY: the host returned this address for `{n}`, whose C",
            "                // prototype (from the Khronos headers) is this type.",
            f"                let func_: {fn_type(ret, params)} = unsafe {{ std::mem::transmute(addr) }};",
            f"                // SAFETY: the caller passes arguments valid for `{n}`.",
            f"                unsafe {{ func_({args}) }}",
        ]
        if ret:
            out.append(f"        match self.address(slot::{n}) {{")
            out.append("            Some(addr) => {")
            out.extend(body)
            out.append("            }")
            out.append("            // SAFETY: every GL return type (integers, floats, pointers) is valid as zero.")
            out.append("            None => unsafe { std::mem::zeroed() },")
            out.append("        }")
        else:
            out.append(f"        if let Some(addr) = self.address(slot::{n}) {{")
            out.extend(body)
            out.append("        }")
        out.append("    }")
    out.append("}")
    return "\n".join(out) + "\n"


def gen_interposed(hooks, protos):
    out = [HEADER, "// Included by src/api/interpose/mod.rs.", ""]
    out.append("// The glcompute side calls each entry point as declared (some are safe functions).")
    out.append("#[allow(non_snake_case, unused_unsafe, clippy::missing_safety_doc, clippy::too_many_arguments)]")
    out.append("mod routed {")
    out.append("    use crate::gl::types::*;")
    out.append("    #[allow(unused_imports)]")
    out.append("    use std::ffi::c_void;")
    out.append("    use super::route;")
    for n, r, arg in hooks:
        if r not in ("compute", "name", "current", "asm"):
            continue
        ret, params = protos[n]
        rr = f" -> {ret}" if ret else ""
        args = ", ".join(p for p, _ in params)
        if r == "compute":
            cond = "route::compute()"
        elif r == "name":
            cond = f"route::named({params[arg][0]})"
        elif r == "asm":
            cond = f"route::assembly({params[arg][0]})"
        else:
            cond = "route::current_program()"
        out.append("")
        out.append(f"    pub unsafe extern \"C\" fn {n}({signature(params)}){rr} {{")
        out.append(f"        if {cond} {{")
        out.append(f"            super::log::log_taken(b\"{n}\");")
        out.append(f"            // SAFETY: the application's arguments, passed on unchanged.")
        if ret:
            out.append(f"            let ret_ = unsafe {{ crate::api::entry::{n}({args}) }};")
            out.append("            route::after_glcompute_call();")
            out.append("            ret_")
        else:
            out.append(f"            unsafe {{ crate::api::entry::{n}({args}) }};")
            out.append("            route::after_glcompute_call();")
        out.append("        } else {")
        out.append(f"            // SAFETY: as above, to the host's function of the same name.")
        out.append(f"            unsafe {{ route::host().{n}({args}) }}")
        out.append("        }")
        out.append("    }")
    out.append("}\n")
    out.append("/// The hook that replaces `name` in interposed mode, if glcompute takes it over.")
    out.append("pub fn hook_address(name: &[u8]) -> Option<*const ()> {")
    out.append("    Some(match name {")
    for n, r, arg in hooks:
        if r == "host" or n == "dlsym":
            continue
        if r in ("compute", "name", "current", "asm"):
            target = f"routed::{n}"
        elif r == "special":
            target = f"special::{n}"
        else:
            target = f"window::{n}"
        out.append(f"        b\"{n}\" => {target} as *const (),")
    out.append("        _ => return None,")
    out.append("    })")
    out.append("}")
    return "\n".join(out) + "\n"


def gen_preload(hooks):
    out = [HEADER, "// Included by src/preload/lib.rs.", ""]
    names = [n for n, r, _ in hooks if r != "host" and n != "dlsym"]
    out.append("/// The hooked entry points, in trampoline-slot order (dlsym is separate).")
    out.append(f"pub static HOOKS: [&std::ffi::CStr; {len(names)}] = [")
    for n in names:
        out.append(f"    c\"{n}\",")
    out.append("];\n")
    out.append("/// The same names sorted bytewise, with their slots, for lookups by name.")
    out.append(f"pub static SORTED: [(&[u8], usize); {len(names)}] = [")
    for n, i in sorted((n.encode(), i) for i, n in enumerate(names)):
        out.append(f"    (b\"{n.decode()}\", {i}),")
    out.append("];\n")
    out.append("trampolines! {")
    for i, n in enumerate(names):
        out.append(f"    {n} = {i};")
    out.append("}")
    return "\n".join(out) + "\n"


def gen_core():
    """Every core function of glcorearb.h, by the GL_VERSION_x_y block declaring it."""
    text = open(HEADERS[0]).read()
    out = ["// Generated by scripts/gen_gl.py from GL/glcorearb.h; do not edit.",
           "",
           "/// (version as major * 10 + minor, name) of every GL 1.0-4.6 core function.",
           "pub const GL_CORE_FUNCTIONS: &[(u16, &str)] = &["]
    version = None
    for line in text.splitlines():
        m = re.match(r"#ifndef GL_VERSION_(\d)_(\d)$", line)
        if m:
            version = int(m.group(1)) * 10 + int(m.group(2))
            continue
        if re.match(r"#ifndef GL_[A-Z0-9]+_\w+$", line):
            version = None
            continue
        m = re.match(r"GLAPI .*?APIENTRY (gl\w+)", line)
        if m and version is not None:
            out.append(f'    ({version}, "{m.group(1)}"),')
    out.append("];")
    names = re.findall(r'"(gl\w+)"', "\n".join(out))
    out += ["",
            "/// The export of every core function, by name. Naming each one here makes a core",
            "/// function glcompute lacks a build error.",
            "pub fn core_address(name: &str) -> Option<*const ()> {",
            "    Some(match name {"]
    for n in names:
        out.append(f'        "{n}" => crate::api::entry::{n} as *const (),')
    out += ["        _ => return None,", "    })", "}"]
    return "\n".join(out) + "\n"


def gen_es():
    """Every function and token value of OpenGL ES 3.2 (GLES3/gl32.h), sorted: an OpenGL
    ES context runs these commands and refuses the others, and refuses the desktop
    tokens where it checks an enum against them."""
    text = open(ES_HEADER).read()
    names = sorted(set(re.findall(r"GL_APIENTRY (gl\w+)", text)))
    out = ["// Generated by scripts/gen_gl.py from GLES3/gl32.h; do not edit.",
           "",
           "/// Every OpenGL ES 2.0-3.2 function, sorted (for a binary search).",
           "pub const GL_ES_FUNCTIONS: &[&str] = &["]
    out += [f'    "{n}",' for n in names]
    out.append("];")
    values = sorted({int(v, 16) for v in re.findall(r"#define GL_\w+ +0x([0-9A-Fa-f]+)\b", text)})
    out += ["",
            "/// The value of every OpenGL ES 2.0-3.2 token, sorted.",
            "pub const GL_ES_ENUMS: &[u32] = &["]
    out += [f"    0x{v:04X}," for v in values if v <= 0xFFFFFFFF]
    out.append("];")
    return "\n".join(out) + "\n"


def gen_unsupported():
    """Every GL function of the Khronos headers outside GL 1.0-4.6 core, with what it
    belongs to: the extension whose block declares it, or the compatibility profile of
    the GL version whose block does (gl.h's unlabelled functions are GL 1.0-1.1's)."""
    core = set(re.findall(r'\(\d+, "(gl\w+)"\)', gen_core()))
    found = {}
    for path in ["/usr/include/GL/glcorearb.h", "/usr/include/GL/glext.h", "/usr/include/GL/gl.h"]:
        section = "GL_VERSION_1_0-1_1"
        for line in open(path, encoding="latin-1"):
            m = re.match(r"#define (GL_VERSION_\d_\d|GL_[A-Z0-9]+_\w+) 1\s*$", line)
            if m:
                section = m.group(1)
                continue
            m = re.match(r"GLAPI\b.*?\b(?:APIENTRY|GLAPIENTRY)\s+(gl\w+)\s*\(", line)
            if not m or m.group(1) in core or m.group(1) in found:
                continue
            v = re.match(r"GL_VERSION_(\d)_(\d)(?:-(\d)_(\d))?$", section)
            version = v and ".".join(v.group(1, 2)) + (v.group(3) and "-" + ".".join(v.group(3, 4)) or "")
            found[m.group(1)] = f"the compatibility profile of OpenGL {version}" if v else section
    out = ["// Generated by scripts/gen_gl.py from GL/glcorearb.h, GL/glext.h and GL/gl.h;",
           "// do not edit.",
           "",
           "// Included by src/api/unsupported.rs: every GL function of the Khronos headers",
           "// outside GL 1.0-4.6 core, sorted by name, with what it belongs to.",
           "unsupported_functions! {"]
    for name in sorted(found):
        out.append(f'    {name} "{found[name]}";')
    out.append("}")
    return "\n".join(out) + "\n"


# GL and EGL tokens.

SUFFIXES = ("_ARB", "_EXT", "_KHR", "_NV", "_AMD", "_INTEL", "_OES", "_MESA", "_ANGLE", "_OVR", "_APPLE", "_ATI", "_SGIX", "_IMG", "_HI", "_NOK", "_QCOM", "_ANDROID", "_TIZEN", "_NVX", "_WL", "_HUAWEI", "_ARM")

def parse_tokens(paths, prefix):
    out = {}
    order = []
    pat = re.compile(r"^#define\s+(%s[A-Za-z0-9_]+)\s+(0x[0-9A-Fa-f]+|\d+)(u|ull|U|ULL)?\s*$" % prefix)
    for p in paths:
        for line in open(p, encoding="latin-1"):
            m = pat.match(line.strip())
            if not m:
                continue
            name, val = m.group(1), int(m.group(2), 0)
            if name not in out:
                out[name] = val
                order.append(name)
    return out, order

def pick_names(consts, order):
    best = {}
    for name in order:
        v = consts[name]
        plain = not name.endswith(SUFFIXES)
        if v not in best or (plain and best[v].endswith(SUFFIXES)):
            best[v] = name
    return best

def gen_gl_enums():
    consts, order = parse_tokens(["/usr/include/GL/glcorearb.h"], "GL_")
    lines = ["//! GL tokens, generated by scripts/gen_gl.py from the Khronos glcorearb.h.",
             "//! Do not edit by hand.", "#![allow(dead_code, non_upper_case_globals)]", ""]
    for n in order:
        v = consts[n]
        if n in ("GL_VERSION_1_0",) or re.match(r"GL_(VERSION|ARB|KHR|EXT|AMD|NV|INTEL|OVR|MESA|ATI)_\w+$", n) and v == 1 and not re.search(r"_BIT|_ALL|TRUE", n):
            # feature-test macros (#define GL_VERSION_4_3 1) are not tokens
            if re.match(r"GL_(VERSION_\d_\d|ARB_|KHR_|EXT_|AMD_|NV_|INTEL_|OVR_|MESA_|ATI_)", n):
                continue
        if v > 0xFFFFFFFF:
            lines.append("pub const %s: u64 = 0x%X;" % (n, v))
        else:
            lines.append("pub const %s: u32 = 0x%X;" % (n, v))
    best = pick_names({k: v for k, v in consts.items() if v <= 0xFFFFFFFF and v >= 0x100}, [n for n in order if 0x100 <= consts[n] <= 0xFFFFFFFF and not re.match(r"GL_(VERSION_\d_\d|ARB_|KHR_|EXT_)", n)])
    lines += ["", "/// Name of a token for messages (values below 0x100 are ambiguous and get none).",
              "pub fn enum_name(value: u32) -> Option<&'static str> {",
              "    match ENUM_NAMES.binary_search_by_key(&value, |e| e.0) {",
              "        Ok(i) => Some(ENUM_NAMES[i].1),", "        Err(_) => None,", "    }", "}", "",
              "static ENUM_NAMES: &[(u32, &str)] = &["]
    for v in sorted(best):
        lines.append("    (0x%X, \"%s\")," % (v, best[v]))
    lines.append("];")
    # Every token by name (test scripts name enums in text).
    named = sorted((n, consts[n]) for n in order if consts[n] <= 0xFFFFFFFF
                   and not re.match(r"GL_(VERSION_\d_\d|ARB_|KHR_|EXT_|AMD_|NV_|INTEL_|OVR_|MESA_|ATI_)\w*$", n))
    lines += ["", "/// The value of a token given by name (`GL_SHADER_STORAGE_BARRIER_BIT`).",
              "pub fn enum_by_name(name: &str) -> Option<u32> {",
              "    ENUM_VALUES.binary_search_by_key(&name, |e| e.0).ok().map(|i| ENUM_VALUES[i].1)", "}", "",
              "static ENUM_VALUES: &[(&str, u32)] = &["]
    for n, v in named:
        lines.append("    (\"%s\", 0x%X)," % (n, v))
    lines.append("];")
    return "\n".join(lines) + "\n"

def gen_egl_enums():
    consts, order = parse_tokens(["/usr/include/EGL/egl.h", "/usr/include/EGL/eglext.h"], "EGL_")
    lines = ["//! EGL tokens, generated by scripts/gen_gl.py from the Khronos egl.h and eglext.h.",
             "//! Do not edit by hand.", "#![allow(dead_code, non_upper_case_globals)]", ""]
    for n in order:
        v = consts[n]
        if re.match(r"EGL_(VERSION_\d_\d|KHR_|EXT_|MESA_|NV_|ANDROID_|ANGLE_|ARM_|HI_|IMG_|NOK_|QNX_|TIZEN_|WL_|HUAWEI_|NNVM_|SEC_|QCOM_|EGL_)\w*$", n) and v == 1:
            continue
        if v > 0x7FFFFFFF:
            lines.append("pub const %s: u64 = 0x%X;" % (n, v))
        else:
            lines.append("pub const %s: i32 = 0x%X;" % (n, v))
    return "\n".join(lines) + "\n"



def rustfmt(text):
    import subprocess
    r = subprocess.run(["rustfmt", "--edition", "2024", "--emit", "stdout"], input=text,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("gen_gl: rustfmt failed:\n" + r.stderr)
    return r.stdout


def checked_entries(table, name, known):
    """The entries of a Get table, each pname a token of glcorearb.h, listed once."""
    seen = set()
    for pname, kind, source in table:
        if pname in seen:
            raise SystemExit(f"scripts/get_params.py: {pname} is listed twice in {name}")
        if pname not in known:
            raise SystemExit(f"scripts/get_params.py: {pname} is not a token of GL/glcorearb.h")
        seen.add(pname)
        yield pname, kind, source


def gen_get_indexed(get_params, known):
    """The arms of the indexed Get table (see scripts/get_params.py)."""
    arms = []
    grouped = {}
    for pname, kind, source in checked_entries(get_params.GET_INDEXED, "GET_INDEXED", known):
        if kind == "limit3":
            arms.append(f'{pname} => self.limit3(&limits::{source}, "{pname}", index),')
        elif kind == "binding":
            points, field = source.split(".")
            target = pname.rsplit("_", 1)[0]
            value = "b.name() as i64" if field == "name" else f"b.{field}"
            arms.append(f"{pname} => self.indexed_binding(&self.bindings.{points}, {target}, index).map(|b| Value::int({value})),")
        elif kind in ("by", "int_by"):
            grouped.setdefault((kind, source), []).append(pname)
        else:
            raise SystemExit(f"scripts/get_params.py: {pname}: unknown kind {kind!r}")
    for (kind, source), pnames in grouped.items():
        call = f"self.{source}(pname, index)"
        if kind == "int_by":
            call += ".map(|v| v.map(Value::int))"
        arms.append(" | ".join(pnames) + f" => return {call},")
    return arms


def gen_get_table():
    """The Get table of scripts/get_params.py as one match (see that file)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import get_params

    known = set(re.findall(r"#define (GL_\w+)\s+0x", pathlib.Path(HEADERS[0]).read_text()))
    arms = []
    grouped = {}
    for pname, kind, source in checked_entries(get_params.GET, "GET", known):
        if kind == "limit":
            arms.append(f"{pname} => Value::int(limits::{source} as i64),")
        elif kind == "int":
            arms.append(f"{pname} => Value::int(({source}) as i64),")
        elif kind == "bool":
            arms.append(f"{pname} => Value::Bools(vec![{source}]),")
        elif kind == "binding":
            arms.append(f"{pname} => Value::int(self.bindings.{source}.as_ref().map_or(0, |b| b.name as i64)),")
        elif kind == "value":
            arms.append(f"{pname} => {source},")
        elif kind == "result":
            arms.append(f"{pname} => return Some({source}),")
        elif kind in ("by", "int_by", "fn"):
            grouped.setdefault((kind, source), []).append(pname)
        else:
            raise SystemExit(f"scripts/get_params.py: {pname}: unknown kind {kind!r}")
    for (kind, source), pnames in grouped.items():
        call = {
            "by": f"self.{source}(pname)",
            "int_by": f"self.{source}(pname).map(Value::int)",
            "fn": f"crate::state::query::{source}(pname)",
        }[kind]
        arms.append(" | ".join(pnames) + f" => return {call}.map(Ok),")
    out = [
        "//! The Get table: generated by scripts/gen_gl.py from scripts/get_params.py.",
        "//! Do not edit by hand.",
        "#![allow(clippy::unnecessary_cast)]",
        "",
        "use crate::gl::enums::*;",
        "use crate::gl::error::GlResult;",
        "use crate::limits::{self, *};",
        "use crate::state::context::ContextState;",
        "use crate::state::query::Value;",
        "",
        "impl ContextState {",
        "    /// The value of `pname` as the Get table gives it (None: not a pname of the",
        "    /// table).",
        "    pub fn get_table(&self, pname: u32) -> Option<GlResult<Value>> {",
        "        Some(Ok(match pname {",
    ]
    out += ["            " + a for a in arms]
    out += ["            _ => return None,", "        }))", "    }", ""]
    out += [
        "    /// The value of element `index` of the indexed state `pname` as the indexed",
        "    /// Get table gives it (None: not a pname of the table).",
        "    pub fn get_table_indexed(&self, pname: u32, index: u32) -> Option<GlResult<Value>> {",
        "        Some(match pname {",
    ]
    out += ["            " + a for a in gen_get_indexed(get_params, known)]
    out += ["            _ => return None,", "        })", "    }", "}"]
    return "\n".join(out) + "\n"


def main():
    check = "--check" in sys.argv
    hooks = parse_hooks()
    WANTED.update(n for n, _, _ in hooks)
    protos = parse_headers()
    files = {
        ROOT / "src/generated/host_gl.rs": gen_host(hooks, protos),
        ROOT / "src/generated/interposed.rs": gen_interposed(hooks, protos),
        ROOT / "src/generated/preload_hooks.rs": gen_preload(hooks),
        ROOT / "src/generated/gl_core.rs": gen_core(),
        ROOT / "src/generated/gl_unsupported.rs": gen_unsupported(),
        ROOT / "src/generated/gl_es.rs": gen_es(),
        ROOT / "src/generated/gl_enums.rs": gen_gl_enums(),
        ROOT / "src/generated/egl_enums.rs": gen_egl_enums(),
        ROOT / "src/generated/get_table.rs": gen_get_table(),
    }
    stale = []
    for path, text in list(files.items()):
        files[path] = text = rustfmt(text)
        old = path.read_text() if path.exists() else None
        if old != text:
            if check:
                stale.append(str(path.relative_to(ROOT)))
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
    if stale:
        print("stale generated files (run scripts/gen_gl.py): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
