//! Shader and program objects in interposed mode: compute shaders and the programs
//! they are attached to are glcompute's, under names the host reserves; attaching,
//! detaching, linking and UseProgram route by who owns each name.

#![allow(non_snake_case, clippy::missing_safety_doc)]

use std::sync::atomic::Ordering;

use super::link_of;
use crate::api::call::gl_call;
use crate::api::entry;
use crate::api::interpose::lists::{Item, record};
use crate::api::interpose::log::log_taken;
use crate::api::interpose::route::{self, host, shadow};
use crate::gl::enums::*;
use crate::gl::types::*;
use crate::gl_bail;
use crate::host::gl::HostGl;
use crate::state::context::ContextState;
/// Reserves a name in the host's shader/program name space: a host object that exists
/// until glcompute's object of the same name is deleted.
fn reserve_name(gl: &HostGl, program: bool) -> GLuint {
    // SAFETY: creating an empty host object.
    unsafe {
        if program {
            gl.glCreateProgram()
        } else {
            gl.glCreateShader(GL_VERTEX_SHADER)
        }
    }
}

pub unsafe extern "C" fn glCreateShader(kind: GLenum) -> GLuint {
    match shadow() {
        Some(ctx) if kind == GL_COMPUTE_SHADER => {
            log_taken(b"glCreateShader");
            let gl = link_of(&ctx).gl;
            gl_call("glCreateShader", |st| {
                st.merge_host_error();
                let name = reserve_name(gl, false);
                if name == 0 {
                    gl_bail!(
                        GL_OUT_OF_MEMORY,
                        "the host driver could not reserve a name for the compute shader"
                    );
                }
                st.create_shader_named(kind, name);
                Ok(name)
            })
        }
        // SAFETY: the application's argument.
        _ => unsafe { host().glCreateShader(kind) },
    }
}

pub unsafe extern "C" fn glCreateShaderProgramv(
    kind: GLenum,
    count: GLsizei,
    strings: *const *const GLchar,
) -> GLuint {
    let Some(ctx) = shadow().filter(|_| kind == GL_COMPUTE_SHADER) else {
        // SAFETY: the application's arguments (count NUL-terminated strings).
        if let Some(src) = unsafe { rewritten_for_host(count, strings, std::ptr::null()) } {
            let p = src.as_ptr();
            // SAFETY: one NUL-terminated string that outlives the call.
            return unsafe { host().glCreateShaderProgramv(kind, 1, &p) };
        }
        // SAFETY: the application's arguments.
        return unsafe { host().glCreateShaderProgramv(kind, count, strings) };
    };
    log_taken(b"glCreateShaderProgramv");
    let gl = link_of(&ctx).gl;
    let r = gl_call("glCreateShaderProgramv", |st| {
        // GL 4.6 §7.3: INVALID_VALUE if count is negative.
        if count < 0 {
            gl_bail!(GL_INVALID_VALUE, "count = {count} is negative");
        }
        // SAFETY: `count` NUL-terminated strings (GL 4.6 §7.3).
        let parts: Vec<Option<&[u8]>> =
            unsafe { crate::api::call::in_array(strings, count as usize) }
                .unwrap_or_default()
                .iter()
                // SAFETY: each entry is NUL-terminated or NULL.
                .map(|&p| unsafe { crate::api::call::c_bytes(p, -1) })
                .collect();
        let source = ContextState::join_sources(parts)?;
        st.merge_host_error();
        let shader = reserve_name(gl, false);
        let program = reserve_name(gl, true);
        if shader == 0 || program == 0 {
            gl_bail!(
                GL_OUT_OF_MEMORY,
                "the host driver could not reserve names for the program"
            );
        }
        st.create_shader_program_named(kind, Ok(source), shader, program)
    });
    route::after_glcompute_call();
    r
}

pub unsafe extern "C" fn glDeleteShader(name: GLuint) {
    if route::named(name) {
        log_taken(b"glDeleteShader");
        entry::glDeleteShader(name);
        route::after_glcompute_call();
    } else {
        // SAFETY: the application's argument.
        unsafe { host().glDeleteShader(name) }
    }
}

pub unsafe extern "C" fn glDeleteProgram(name: GLuint) {
    if route::named(name) {
        log_taken(b"glDeleteProgram");
        entry::glDeleteProgram(name);
        route::after_glcompute_call();
    } else {
        // SAFETY: the application's argument.
        unsafe { host().glDeleteProgram(name) }
    }
}

/// The host's name check of AttachShader/DetachShader for a name glcompute does not own
/// (GL 4.6 §7.3): INVALID_VALUE if it names no shader or program, INVALID_OPERATION if
/// it names the other kind.
fn check_host_object(gl: &HostGl, name: GLuint, want_program: bool) -> Result<(), (u32, String)> {
    // SAFETY: plain queries.
    let (is_program, is_shader) = unsafe { (gl.glIsProgram(name) != 0, gl.glIsShader(name) != 0) };
    let what = if want_program { "program" } else { "shader" };
    if want_program && is_program || !want_program && is_shader {
        return Ok(());
    }
    if is_program || is_shader {
        let other = if is_program { "program" } else { "shader" };
        return Err((
            GL_INVALID_OPERATION,
            format!("{name} is the name of a {other} object, not a {what} object"),
        ));
    }
    Err((
        GL_INVALID_VALUE,
        format!("{name} is not the name of a shader or program object"),
    ))
}

pub unsafe extern "C" fn glAttachShader(program: GLuint, shader: GLuint) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glAttachShader(program, shader) };
    };
    let (p_ours, s_ours) = {
        let st = ctx.state.lock();
        (st.owns_name(program), st.owns_name(shader))
    };
    let gl = link_of(&ctx).gl;
    match (p_ours, s_ours) {
        // SAFETY: the application's arguments.
        (false, false) => unsafe { gl.glAttachShader(program, shader) },
        (false, true) => {
            log_taken(b"glAttachShader");
            // A compute shader joins a host program: glcompute takes the program over,
            // with the host shaders already attached to it.
            gl_call("glAttachShader", |st| {
                st.merge_host_error();
                if let Err((code, msg)) = check_host_object(gl, program, true) {
                    return Err(crate::gl::error::GlError::new(code, msg));
                }
                // The shader check comes second (GL 4.6 §7.3 order).
                st.lookup_shader(shader)?;
                let mut n = 0;
                // SAFETY: ATTACHED_SHADERS is one integer.
                unsafe { gl.glGetProgramiv(program, GL_ATTACHED_SHADERS, &mut n) };
                let mut foreign = vec![0u32; n.max(0) as usize];
                let mut got = 0;
                // SAFETY: room for `n` names.
                unsafe { gl.glGetAttachedShaders(program, n, &mut got, foreign.as_mut_ptr()) };
                foreign.truncate(got.max(0) as usize);
                st.adopt_program(program, foreign);
                st.attach_shader(program, shader)
            })
        }
        (true, false) => {
            log_taken(b"glAttachShader");
            // A host shader joins glcompute's program: kept as a foreign attachment
            // (it makes the link fail) and attached on the host too.
            gl_call("glAttachShader", |st| {
                st.merge_host_error();
                st.lookup_program(program)?;
                if let Err((code, msg)) = check_host_object(gl, shader, false) {
                    return Err(crate::gl::error::GlError::new(code, msg));
                }
                st.attach_foreign(program, shader)?;
                // SAFETY: a host program and a host shader.
                unsafe { gl.glAttachShader(program, shader) };
                Ok(())
            })
        }
        (true, true) => {
            log_taken(b"glAttachShader");
            entry::glAttachShader(program, shader)
        }
    }
}

pub unsafe extern "C" fn glDetachShader(program: GLuint, shader: GLuint) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glDetachShader(program, shader) };
    };
    let (p_ours, s_ours) = {
        let st = ctx.state.lock();
        (st.owns_name(program), st.owns_name(shader))
    };
    let gl = link_of(&ctx).gl;
    if !p_ours {
        // SAFETY: the application's arguments (a glcompute shader is never attached to
        // a host program: the host reports it is not attached).
        return unsafe { gl.glDetachShader(program, shader) };
    }
    log_taken(b"glDetachShader");
    if s_ours {
        entry::glDetachShader(program, shader);
    } else {
        gl_call("glDetachShader", |st| {
            st.merge_host_error();
            if let Err((code, msg)) = check_host_object(gl, shader, false) {
                return Err(crate::gl::error::GlError::new(code, msg));
            }
            st.detach_foreign(program, shader)?;
            // SAFETY: detaching a host shader from the host program of the same name.
            unsafe { gl.glDetachShader(program, shader) };
            Ok(())
        });
    }
    route::after_glcompute_call();
}

pub unsafe extern "C" fn glLinkProgram(program: GLuint) {
    let Some(ctx) = shadow().filter(|c| program != 0 && c.shared.owns(program)) else {
        // SAFETY: the application's argument.
        return unsafe { host().glLinkProgram(program) };
    };
    log_taken(b"glLinkProgram");
    // A program whose compute shaders were all detached goes back to the host, which
    // links what is attached to it there.
    let released = ctx.state.lock().release_program_to_host(program);
    if released.is_some() {
        // SAFETY: a host program.
        unsafe { link_of(&ctx).gl.glLinkProgram(program) };
        return;
    }
    entry::glLinkProgram(program);
}

pub unsafe extern "C" fn glUseProgram(program: GLuint) {
    if record(Item::UseProgram(program)) == Some(false) {
        return;
    }
    // SAFETY: the application's argument.
    unsafe { use_program_now(program) }
}

/// UseProgram, executed (not compiled into a display list).
pub unsafe fn use_program_now(program: GLuint) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's argument.
        return unsafe { host().glUseProgram(program) };
    };
    let gl = link_of(&ctx).gl;
    let ours = program != 0 && ctx.shared.owns(program);
    let ours_current = ctx.uniforms_ours.load(Ordering::Acquire);
    if !ours && !ours_current {
        // The common case: one host program after another.
        // SAFETY: the application's argument.
        return unsafe { gl.glUseProgram(program) };
    }
    if ours {
        log_taken(b"glUseProgram");
        // glcompute's program becomes current; the host is left with none, so nothing
        // the host draws uses a program it does not know.
        gl_call("glUseProgram", |st| {
            st.use_program(program)?;
            st.merge_host_error();
            // SAFETY: unbinding the host's program.
            unsafe { gl.glUseProgram(0) };
            Ok(())
        });
    } else {
        // From glcompute's program to a host program (or none): ours stops being
        // current only if the host accepted the call.
        gl_call("glUseProgram", |st| {
            st.merge_host_error();
            // SAFETY: the application's argument.
            unsafe { gl.glUseProgram(program) };
            // SAFETY: reading the error the call set, if any.
            let e = unsafe { gl.glGetError() };
            if e != GL_NO_ERROR {
                if st.error == GL_NO_ERROR {
                    st.error = e;
                }
                return Ok(());
            }
            st.use_program(0)
        });
    }
    let now_ours = ctx.state.lock().uniform_target_is_ours();
    ctx.uniforms_ours.store(now_ours, Ordering::Release);
    route::after_glcompute_call();
}

pub unsafe extern "C" fn glGetAttachedShaders(
    program: GLuint,
    max_count: GLsizei,
    count: *mut GLsizei,
    shaders: *mut GLuint,
) {
    if route::named(program) {
        log_taken(b"glGetAttachedShaders");
        // SAFETY: the application's arguments.
        unsafe { entry::glGetAttachedShaders(program, max_count, count, shaders) }
    } else {
        // SAFETY: the application's arguments.
        unsafe { host().glGetAttachedShaders(program, max_count, count, shaders) }
    }
}

/// glGetProgramiv: glcompute's programs answer themselves; on a host without compute,
/// COMPUTE_WORK_GROUP_SIZE of a host program is glcompute's error to give (the host
/// does not know the token).
pub unsafe extern "C" fn glGetProgramiv(program: GLuint, pname: GLenum, params: *mut GLint) {
    if route::named(program) {
        log_taken(b"glGetProgramiv");
        // SAFETY: the application's arguments.
        return unsafe { entry::glGetProgramiv(program, pname, params) };
    }
    if pname == GL_COMPUTE_WORK_GROUP_SIZE
        && let Some(ctx) = shadow()
        && !link_of(&ctx).caps().compute
    {
        log_taken(b"glGetProgramiv");
        let gl = link_of(&ctx).gl;
        gl_call("glGetProgramiv", |st| -> crate::gl::error::GlResult<()> {
            st.merge_host_error();
            if let Err((code, msg)) = check_host_object(gl, program, true) {
                return Err(crate::gl::error::GlError::new(code, msg));
            }
            // ARB_compute_shader: INVALID_OPERATION if the program is not linked or
            // has no compute shader; a host program has none.
            gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} has no compute shader"
            )
        });
        return;
    }
    // SAFETY: the application's arguments.
    unsafe { host().glGetProgramiv(program, pname, params) }
}

/// glShaderSource: glcompute's shaders take the source as given; a host shader's source
/// goes to the host, rewritten by [`host_graphics_source`] when glcompute supplies
/// GL_ARB_compute_shader over a host that lacks it, or completes a GL 4.2 host to 4.3.
pub unsafe extern "C" fn glShaderSource(
    shader: GLuint,
    count: GLsizei,
    string: *const *const GLchar,
    length: *const GLint,
) {
    if route::named(shader) {
        log_taken(b"glShaderSource");
        // SAFETY: the application's arguments, passed on unchanged.
        unsafe { entry::glShaderSource(shader, count, string, length) };
        route::after_glcompute_call();
        return;
    }
    // SAFETY: the application's arguments (count strings, with count lengths or NULL).
    if let Some(src) = unsafe { rewritten_for_host(count, string, length) } {
        let p = src.as_ptr();
        // SAFETY: one NUL-terminated string that outlives the call.
        unsafe { host().glShaderSource(shader, 1, &p, std::ptr::null()) };
        return;
    }
    // SAFETY: the application's arguments, passed on unchanged.
    unsafe { host().glShaderSource(shader, count, string, length) }
}

/// glShaderBinary: glcompute's shaders (compute shaders) take the binary, SPIR-V
/// (ARB_gl_spirv), when every shader named is glcompute's; otherwise it is the host's
/// command (a host that does not take the format raises the error).
pub unsafe extern "C" fn glShaderBinary(
    count: GLsizei,
    shaders: *const GLuint,
    binary_format: GLenum,
    binary: *const std::ffi::c_void,
    length: GLsizei,
) {
    let names: &[GLuint] = if count > 0 && !shaders.is_null() {
        // SAFETY: the application passes `count` shader names.
        unsafe { std::slice::from_raw_parts(shaders, count as usize) }
    } else {
        &[]
    };
    if !names.is_empty() && names.iter().all(|&s| route::named(s)) {
        log_taken(b"glShaderBinary");
        // SAFETY: the application's arguments, passed on unchanged.
        unsafe { entry::glShaderBinary(count, shaders, binary_format, binary, length) };
        route::after_glcompute_call();
        return;
    }
    // SAFETY: the application's arguments, passed on unchanged.
    unsafe { host().glShaderBinary(count, shaders, binary_format, binary, length) }
}

/// The source the host gets instead of the application's strings, if it needs one:
/// a shadow context is current, its host lacks GL_ARB_compute_shader (which glcompute
/// then advertises), and the source names the extension or (the context being a 4.2
/// host completed to 4.3) declares `#version 430`.
///
/// # Safety
/// `string` holds `count` pointers, each NUL-terminated or (where `length` is not NULL
/// and its entry is not negative) of that many bytes.
unsafe fn rewritten_for_host(
    count: GLsizei,
    string: *const *const GLchar,
    length: *const GLint,
) -> Option<std::ffi::CString> {
    let ctx = shadow()?;
    let link = link_of(&ctx);
    let caps = link.caps();
    if caps.compute {
        return None;
    }
    // The GLSL 4.30 features the host has as extensions, when it is completed to 4.3.
    let lower: Option<Vec<&str>> = (link.version() >= (4, 3) && caps.version < (4, 3)).then(|| {
        GLSL_430_EXTENSIONS
            .iter()
            .copied()
            .filter(|e| caps.extensions.iter().any(|h| h == e))
            .collect()
    });
    let n = usize::try_from(count).ok()?;
    // SAFETY: per this function's contract.
    let ptrs = unsafe { crate::api::call::in_array(string, n) }?;
    // SAFETY: per this function's contract.
    let lens = unsafe { crate::api::call::in_array(length, n) };
    let mut joined = Vec::new();
    for (i, &p) in ptrs.iter().enumerate() {
        let len = lens.and_then(|l| l.get(i).copied()).unwrap_or(-1);
        // SAFETY: per this function's contract.
        joined.extend_from_slice(unsafe { crate::api::call::c_bytes(p, len) }?);
    }
    let text = std::str::from_utf8(&joined).ok()?;
    std::ffi::CString::new(host_graphics_source(text, lower.as_deref())?).ok()
}

const COMPUTE_EXT: &str = "GL_ARB_compute_shader";

/// The extensions that bring GLSL 4.30's language to a GLSL 4.20 graphics shader (GL 4.3
/// Appendix G's features with a GLSL part, compute aside).
const GLSL_430_EXTENSIONS: [&str; 6] = [
    "GL_ARB_arrays_of_arrays",
    "GL_ARB_explicit_uniform_location",
    "GL_ARB_fragment_layer_viewport",
    "GL_ARB_shader_image_size",
    "GL_ARB_shader_storage_buffer_object",
    "GL_ARB_texture_query_levels",
];

/// `#version 430 [profile]` on the line `line` lowered to what a GLSL 4.20 host
/// compiles: `#version 420 [profile]`, an `#extension ... : enable` line for each of
/// `exts`, and `#line` so that the lines after keep their numbers in the host's log.
/// None when `line` is not such a directive.
fn lowered_version(line: &str, number: usize, exts: &[&str]) -> Option<String> {
    let words: Vec<&str> = line
        .trim_start()
        .strip_prefix('#')?
        .trim_start()
        .strip_prefix("version")?
        .split_whitespace()
        .take_while(|w| !w.starts_with("//") && !w.starts_with("/*"))
        .collect();
    match words.as_slice() {
        ["430"] | ["430", "core" | "compatibility"] => {
            let mut out = format!(
                "#version 420{}",
                words.get(1).map(|p| format!(" {p}")).unwrap_or_default()
            );
            for e in exts {
                out.push_str(&format!("\n#extension {e} : enable"));
            }
            // GLSL 4.20 §3.3: after `#line N` the next line is line N.
            out.push_str(&format!("\n#line {}", number + 1));
            Some(out)
        }
        _ => None,
    }
}

/// Byte offsets of `COMPUTE_EXT` as a whole identifier in `s`.
fn ext_tokens(s: &str) -> Vec<usize> {
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let bytes = s.as_bytes();
    s.match_indices(COMPUTE_EXT)
        .map(|(i, _)| i)
        .filter(|&i| {
            (i == 0 || !ident(bytes[i - 1]))
                && bytes.get(i + COMPUTE_EXT.len()).is_none_or(|&b| !ident(b))
        })
        .collect()
}

/// A graphics shader's source as a host without GL_ARB_compute_shader must see it when
/// glcompute advertises the extension: every supported extension's macro is defined
/// (GLSL 4.60 §3.3), but the host defines no GL_ARB_compute_shader and a source may not
/// define a `GL_` macro itself, so the name is replaced by its value, 1 (`#ifdef` and
/// `#ifndef` of it become `#if 1` and `#if 0`, `defined` of it 1), and an `#extension`
/// directive naming it, which the host would reject, becomes an empty line (the
/// extension adds nothing else a graphics stage could use). With `lower` (a 4.2 host
/// completed to 4.3: the host extensions of [`GLSL_430_EXTENSIONS`]), a `#version 430`
/// directive becomes `#version 420` with those extensions enabled
/// ([`lowered_version`]). Lines keep their numbers. None when nothing changes.
fn host_graphics_source(src: &str, lower: Option<&[&str]>) -> Option<String> {
    let names_ext = !ext_tokens(src).is_empty();
    let mut changed = false;
    let mut version_seen = false;
    let mut out = String::with_capacity(src.len() + 256);
    for (i, line) in src.split_inclusive('\n').enumerate() {
        let (body, nl) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        // The first `#version` directive only (a later one is the source's error).
        if !version_seen && body.trim_start().starts_with('#') && body.contains("version") {
            version_seen = true;
            if let Some(exts) = lower
                && let Some(v) = lowered_version(body, i + 1, exts)
            {
                out.push_str(&v);
                out.push_str(nl);
                changed = true;
                continue;
            }
        }
        if !names_ext || ext_tokens(body).is_empty() {
            out.push_str(line);
            continue;
        }
        changed = true;
        let directive = body.trim_start().strip_prefix('#').map(str::trim_start);
        let words: Vec<&str> = directive
            .map(|d| d.split_whitespace().collect())
            .unwrap_or_default();
        match words.as_slice() {
            ["extension", ..] => {}
            ["ifdef", name] if *name == COMPUTE_EXT => out.push_str("#if 1"),
            ["ifndef", name] if *name == COMPUTE_EXT => out.push_str("#if 0"),
            _ => {
                let mut text = body.to_string();
                for pat in [
                    "defined(GL_ARB_compute_shader)",
                    "defined (GL_ARB_compute_shader)",
                    "defined GL_ARB_compute_shader",
                ] {
                    text = text.replace(pat, "1");
                }
                let mut rest = String::with_capacity(text.len());
                let mut at = 0;
                for i in ext_tokens(&text) {
                    rest.push_str(&text[at..i]);
                    rest.push('1');
                    at = i + COMPUTE_EXT.len();
                }
                rest.push_str(&text[at..]);
                out.push_str(&rest);
            }
        }
        out.push_str(nl);
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::host_graphics_source;

    #[test]
    fn compute_extension_for_the_host() {
        let src = "#version 140\n#extension GL_ARB_compute_shader : require\n\
                   #if !defined GL_ARB_compute_shader\n#error no\n#elif GL_ARB_compute_shader != 1\n#endif\n\
                   #ifdef GL_ARB_compute_shader\n#endif\n#ifndef GL_ARB_compute_shader\n#endif\n\
                   int x = GL_ARB_compute_shader + MY_GL_ARB_compute_shader_X;";
        let out = host_graphics_source(src, None).expect("rewritten");
        assert_eq!(
            out,
            "#version 140\n\n#if !1\n#error no\n#elif 1 != 1\n#endif\n#if 1\n#endif\n#if 0\n#endif\n\
             int x = 1 + MY_GL_ARB_compute_shader_X;"
        );
        assert_eq!(out.lines().count(), src.lines().count());
        assert!(
            host_graphics_source(
                "#version 430\nvoid main() { int GL_ARB_compute_shader_x; }",
                None
            )
            .is_none()
        );
    }

    #[test]
    fn glsl_430_for_a_completed_host() {
        let exts = [
            "GL_ARB_shader_storage_buffer_object",
            "GL_ARB_arrays_of_arrays",
        ];
        let src = "// a comment\n#version 430 core\nlayout(location = 0) out vec4 c;\n#ifdef GL_ARB_compute_shader\n#endif\n";
        let out = host_graphics_source(src, Some(&exts)).expect("rewritten");
        assert_eq!(
            out,
            "// a comment\n#version 420 core\n#extension GL_ARB_shader_storage_buffer_object : enable\n\
             #extension GL_ARB_arrays_of_arrays : enable\n#line 3\nlayout(location = 0) out vec4 c;\n#if 1\n#endif\n"
        );
        // Other versions, and a `#version` after the first, are the host's to judge.
        assert!(host_graphics_source("#version 420\nvoid main() {}", Some(&exts)).is_none());
        assert!(host_graphics_source("#version 450\nvoid main() {}", Some(&exts)).is_none());
        assert_eq!(
            host_graphics_source("#version 430 // x\n#version 430\n", Some(&[])).as_deref(),
            Some("#version 420\n#line 2\n#version 430\n")
        );
    }
}
