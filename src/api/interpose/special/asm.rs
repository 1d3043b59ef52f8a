//! Assembly compute programs (NV_compute_program5) in interposed mode, in a
//! compatibility-profile shadow context: the target COMPUTE_PROGRAM_NV, its capability
//! and its parameter buffer binding points are glcompute's; every other program target
//! (the host's own ARB vertex and fragment programs) stays the host's.
//!
//! ARB_vertex_program gives all program targets one name space, and a name belongs to
//! the target it was first bound to. Names come from the host's GenProgramsARB; a name
//! glcompute's COMPUTE_PROGRAM_NV object takes is reserved on the host (bound once to
//! VERTEX_PROGRAM_ARB and the binding restored; not while a display list is compiled),
//! so the host does not hand it out again, and the host's program targets refuse it
//! (INVALID_OPERATION) as glcompute's refuses the host's programs.

#![allow(non_snake_case, clippy::missing_safety_doc)]

use std::ffi::c_void;

use super::buffers::{bind_kept_range, host_buffer_check, with_substitute};
use super::link_of;
use crate::api::call::gl_call;
use crate::api::entry;
use crate::api::interpose::log::log_taken;
use crate::api::interpose::route::{assembly_context, host};
use crate::gl::asm_enums::*;
use crate::gl::enums::*;
use crate::gl::error::GlResult;
use crate::gl::types::*;
use crate::gl_bail;
use crate::host::gl::HostGl;
use crate::state::context::ContextState;
use crate::state::objects::host::HostLink;

/// ARB_vertex_program's VERTEX_PROGRAM_ARB, the host target that holds reservations.
const GL_VERTEX_PROGRAM_ARB: GLenum = 0x8620;
/// The program targets of the ARB_vertex_program family a host may have: vertex and
/// fragment (ARB), geometry, tessellation control and evaluation (NV).
const HOST_PROGRAM_TARGETS: [GLenum; 5] = [GL_VERTEX_PROGRAM_ARB, 0x8804, 0x8C26, 0x891E, 0x891F];
/// The display list being compiled (GL 4.6 compatibility profile table 23.68).
const GL_LIST_INDEX: GLenum = 0x0B33;

/// True if the host announces extension `ext` (an address from the GL library alone
/// proves nothing: glvnd has a dispatch stub for every name).
fn host_has(link: &HostLink, ext: &str) -> bool {
    link.caps().extensions.iter().any(|e| e == ext)
}

/// True if `name` is one of glcompute's assembly program objects.
fn ours(st: &ContextState, name: u32) -> bool {
    name != 0 && st.shared.asm_programs.lock().get(name).is_some()
}

/// True if the host has a program object named `name` (of any target).
fn host_program(link: &HostLink, name: u32) -> bool {
    // SAFETY: a query of one name on the current host context, which has
    // ARB_vertex_program.
    host_has(link, "GL_ARB_vertex_program") && unsafe { link.gl.glIsProgramARB(name) } != 0
}

/// Reserves `name` on the host: a host program object of that name, made by binding it
/// to VERTEX_PROGRAM_ARB and restoring the application's binding. Nothing is done
/// while the host compiles a display list (the binds would be recorded, not run): a
/// name first bound then stays unreserved.
fn reserve(link: &HostLink, name: u32) {
    if !host_has(link, "GL_ARB_vertex_program") {
        return;
    }
    let gl = link.gl;
    let mut list = 0;
    let mut old = 0;
    // SAFETY: queries and a bind that is restored, on the current host context; the
    // errors they could leave are cleared (the host's pending error was merged before).
    unsafe {
        gl.glGetIntegerv(GL_LIST_INDEX, &mut list);
        if list != 0 {
            return;
        }
        gl.glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &mut old);
        gl.glBindProgramARB(GL_VERTEX_PROGRAM_ARB, name);
        gl.glBindProgramARB(GL_VERTEX_PROGRAM_ARB, old as u32);
        gl.glGetError();
    }
}

pub unsafe extern "C" fn glGenProgramsARB(n: GLsizei, programs: *mut GLuint) {
    let Some(ctx) = assembly_context() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glGenProgramsARB(n, programs) };
    };
    let link = link_of(&ctx);
    let gl = link.gl;
    if host_has(&link, "GL_ARB_vertex_program") {
        // One name space for every target: the host's names.
        // SAFETY: the application's arguments.
        return unsafe { gl.glGenProgramsARB(n, programs) };
    }
    log_taken(b"glGenProgramsARB");
    // SAFETY: the application's arguments.
    unsafe { entry::glGenProgramsARB(n, programs) }
}

pub unsafe extern "C" fn glDeleteProgramsARB(n: GLsizei, programs: *const GLuint) {
    let Some(ctx) = assembly_context() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glDeleteProgramsARB(n, programs) };
    };
    let gl = link_of(&ctx).gl;
    // SAFETY: the application passes n names (or n < 0, which the host refuses).
    let names = unsafe { crate::api::call::in_array(programs, n.max(0) as usize) };
    let owned: Vec<u32> = {
        let st = ctx.state.lock();
        names
            .unwrap_or(&[])
            .iter()
            .copied()
            .filter(|&p| ours(&st, p))
            .collect()
    };
    // The host deletes its programs and the placeholders of glcompute's names, and
    // records the errors (INVALID_VALUE for a negative n).
    // SAFETY: the application's arguments.
    unsafe { gl.glDeleteProgramsARB(n, programs) };
    if !owned.is_empty() {
        log_taken(b"glDeleteProgramsARB");
        gl_call("glDeleteProgramsARB", |st| {
            st.merge_host_error();
            st.delete_programs_arb(&owned)
        });
    }
}

pub unsafe extern "C" fn glIsProgramARB(program: GLuint) -> GLboolean {
    let Some(ctx) = assembly_context() else {
        // SAFETY: the application's argument.
        return unsafe { host().glIsProgramARB(program) };
    };
    if ours(&ctx.state.lock(), program) {
        log_taken(b"glIsProgramARB");
        return crate::gl::types::GL_TRUE;
    }
    // SAFETY: the application's argument.
    unsafe { link_of(&ctx).gl.glIsProgramARB(program) }
}

pub unsafe extern "C" fn glBindProgramARB(target: GLenum, program: GLuint) {
    let Some(ctx) = assembly_context() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glBindProgramARB(target, program) };
    };
    let gl = link_of(&ctx).gl;
    if target != GL_COMPUTE_PROGRAM_NV {
        // A name of glcompute's on one of the host's program targets; any other target
        // is the host's to refuse (INVALID_ENUM).
        if !HOST_PROGRAM_TARGETS.contains(&target) || !ours(&ctx.state.lock(), program) {
            // SAFETY: the application's arguments.
            return unsafe { gl.glBindProgramARB(target, program) };
        }
        log_taken(b"glBindProgramARB");
        gl_call("glBindProgramARB", |st| -> GlResult<()> {
            st.merge_host_error();
            // ARB_vertex_program §2.14.1: INVALID_OPERATION if program names a program
            // of another target.
            gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} is a GL_COMPUTE_PROGRAM_NV program and cannot be bound to target 0x{target:04X}"
            )
        });
        return;
    }
    log_taken(b"glBindProgramARB");
    let link = link_of(&ctx);
    gl_call("glBindProgramARB", |st| {
        st.merge_host_error();
        let new = program != 0 && !ours(st, program);
        if new && host_program(&link, program) {
            // ARB_vertex_program §2.14.1: INVALID_OPERATION if program names a program
            // of another target.
            gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} is a program of another target (the host driver's)"
            );
        }
        st.bind_program_arb(target, program)?;
        if new {
            reserve(&link, program);
        }
        Ok(())
    })
}

pub unsafe extern "C" fn glProgramStringARB(
    target: GLenum,
    format: GLenum,
    len: GLsizei,
    string: *const c_void,
) {
    let Some(ctx) = assembly_context() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glProgramStringARB(target, format, len, string) };
    };
    let is_ours = target == GL_COMPUTE_PROGRAM_NV;
    // PROGRAM_ERROR_POSITION_ARB and PROGRAM_ERROR_STRING_ARB answer for this load.
    ctx.state.lock().asm.last_load_ours = is_ours;
    if !is_ours {
        // SAFETY: the application's arguments.
        return unsafe {
            link_of(&ctx)
                .gl
                .glProgramStringARB(target, format, len, string)
        };
    }
    log_taken(b"glProgramStringARB");
    ctx.state.lock().merge_host_error();
    // SAFETY: the application's arguments.
    unsafe { entry::glProgramStringARB(target, format, len, string) }
}

// ---- the COMPUTE_PROGRAM_NV capability -----------------------------------------

pub unsafe extern "C" fn glEnable(cap: GLenum) {
    if cap == GL_COMPUTE_PROGRAM_NV && assembly_context().is_some() {
        log_taken(b"glEnable");
        return entry::glEnable(cap);
    }
    // SAFETY: the application's argument.
    unsafe { host().glEnable(cap) }
}

pub unsafe extern "C" fn glDisable(cap: GLenum) {
    if cap == GL_COMPUTE_PROGRAM_NV && assembly_context().is_some() {
        log_taken(b"glDisable");
        return entry::glDisable(cap);
    }
    // SAFETY: the application's argument.
    unsafe { host().glDisable(cap) }
}

pub unsafe extern "C" fn glIsEnabled(cap: GLenum) -> GLboolean {
    if cap == GL_COMPUTE_PROGRAM_NV && assembly_context().is_some() {
        log_taken(b"glIsEnabled");
        return entry::glIsEnabled(cap);
    }
    // SAFETY: the application's argument.
    unsafe { host().glIsEnabled(cap) }
}

// ---- parameter buffers on host buffers ------------------------------------------

/// ProgramBufferParameters{f,Ii,Iui}vNV on COMPUTE_PROGRAM_PARAMETER_BUFFER_NV:
/// `count` words from `word` on of the host buffer bound at `binding`, written with the
/// host's BufferSubData (whose errors, such as a mapped buffer, are the command's).
///
/// # Safety
/// `params` must be null or hold `count` words.
unsafe fn buffer_params(
    func: &'static str,
    binding: GLuint,
    word: GLuint,
    count: GLsizei,
    params: *const c_void,
    on_host: impl FnOnce(&HostGl),
    target: GLenum,
) {
    let Some(ctx) = assembly_context() else {
        return on_host(host());
    };
    let link = link_of(&ctx);
    let gl = link.gl;
    if target != GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV
        && host_has(&link, "GL_NV_parameter_buffer_object")
    {
        // A host with NV_parameter_buffer_object: its own targets.
        return on_host(gl);
    }
    log_taken(func.as_bytes());
    gl_call(func, |st| {
        st.merge_host_error();
        let n = crate::api::call::count_named(count, "count")?;
        if target != GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV {
            gl_bail!(
                GL_INVALID_ENUM,
                "target 0x{target:04X} is not GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV"
            );
        }
        // NV_parameter_buffer_object: INVALID_OPERATION if no buffer is bound at the
        // binding point.
        let Some(b) = st
            .host_bindings
            .parameter
            .points
            .get(binding as usize)
            .filter(|b| b.buffer != 0)
            .copied()
        else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "no buffer is bound to GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV binding {binding}"
            );
        };
        let size = host_buffer_size(gl, b.buffer);
        // INVALID_VALUE if wordIndex + count passes the buffer's words or
        // MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV.
        let end = word as u64 + n as u64;
        let words = size.max(0) as u64 / 4;
        if end > words || end > crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_SIZE as u64 {
            gl_bail!(
                GL_INVALID_VALUE,
                "words {word}..{end} pass the {words} words of buffer {} or GL_MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV ({})",
                b.buffer,
                crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_SIZE
            );
        }
        if n == 0 {
            return Ok(());
        }
        let e = with_substitute(gl, GL_COPY_WRITE_BUFFER, b.buffer, |t| {
            // SAFETY: `n` words from the application (checked against the buffer's
            // size above), written by the host.
            unsafe {
                gl.glBufferSubData(t, word as isize * 4, n as isize * 4, params);
                gl.glGetError()
            }
        });
        if e != GL_NO_ERROR {
            return Err(crate::gl::error::GlError::new(
                e,
                format!("the host could not write buffer {}", b.buffer),
            ));
        }
        Ok(())
    })
}

/// The size in bytes of host buffer `buffer`.
fn host_buffer_size(gl: &HostGl, buffer: GLuint) -> i64 {
    with_substitute(gl, GL_COPY_READ_BUFFER, buffer, |t| {
        let mut size = 0i64;
        // SAFETY: one 64-bit value of the buffer bound to `t`.
        unsafe { gl.glGetBufferParameteri64v(t, GL_BUFFER_SIZE, &mut size) };
        size
    })
}

pub unsafe extern "C" fn glProgramBufferParametersfvNV(
    target: GLenum,
    binding_index: GLuint,
    word_index: GLuint,
    count: GLsizei,
    params: *const GLfloat,
) {
    // SAFETY: the application passes `count` values.
    unsafe {
        buffer_params(
            "glProgramBufferParametersfvNV",
            binding_index,
            word_index,
            count,
            params as *const c_void,
            |gl| gl.glProgramBufferParametersfvNV(target, binding_index, word_index, count, params),
            target,
        )
    }
}

pub unsafe extern "C" fn glProgramBufferParametersIivNV(
    target: GLenum,
    binding_index: GLuint,
    word_index: GLuint,
    count: GLsizei,
    params: *const GLint,
) {
    // SAFETY: the application passes `count` values.
    unsafe {
        buffer_params(
            "glProgramBufferParametersIivNV",
            binding_index,
            word_index,
            count,
            params as *const c_void,
            |gl| {
                gl.glProgramBufferParametersIivNV(target, binding_index, word_index, count, params)
            },
            target,
        )
    }
}

pub unsafe extern "C" fn glProgramBufferParametersIuivNV(
    target: GLenum,
    binding_index: GLuint,
    word_index: GLuint,
    count: GLsizei,
    params: *const GLuint,
) {
    // SAFETY: the application passes `count` values.
    unsafe {
        buffer_params(
            "glProgramBufferParametersIuivNV",
            binding_index,
            word_index,
            count,
            params as *const c_void,
            |gl| {
                gl.glProgramBufferParametersIuivNV(target, binding_index, word_index, count, params)
            },
            target,
        )
    }
}

/// BindBufferOffsetNV's size: from `offset` to the end of host buffer `buffer`, rounded
/// down to whole words; 0 (which BindBufferRange refuses with INVALID_VALUE, as
/// BindBufferOffsetNV's spec says for a size <= 0) for no buffer or a name that is
/// none.
fn offset_size(gl: &HostGl, buffer: GLuint, offset: GLintptr) -> GLsizeiptr {
    if buffer == 0 || host_buffer_check(gl, buffer).is_err() {
        return 0;
    }
    ((host_buffer_size(gl, buffer) - (offset as i64).max(0)).max(0) & !3) as GLsizeiptr
}

/// BindBufferBaseNV / BindBufferRangeNV / BindBufferOffsetNV (`size` None): on the
/// parameter buffer target, glcompute's binding points; on another target the host's NV
/// function where it has one, else BindBufferBase/Range by another name (glcompute's
/// hooks, which keep the targets a host lacks).
fn bind_nv(
    func: &'static str,
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: Option<GLintptr>,
    size: Option<GLsizeiptr>,
    on_host: impl FnOnce(&HostGl),
) {
    let Some(ctx) = assembly_context() else {
        return on_host(host());
    };
    let link = link_of(&ctx);
    let gl = link.gl;
    if target != GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV {
        // The NV names belong to NV_transform_feedback and NV_parameter_buffer_object.
        if host_has(&link, "GL_NV_transform_feedback")
            || host_has(&link, "GL_NV_parameter_buffer_object")
        {
            return on_host(gl);
        }
        // SAFETY: the application's arguments, to BindBufferBase/Range's hooks.
        unsafe {
            match (offset, size) {
                (None, _) => super::buffers::glBindBufferBase(target, index, buffer),
                (Some(o), sz) => {
                    let sz = sz.unwrap_or_else(|| offset_size(gl, buffer, o));
                    super::buffers::glBindBufferRange(target, index, buffer, o, sz)
                }
            }
        }
        return;
    }
    log_taken(func.as_bytes());
    gl_call(func, |st| {
        st.merge_host_error();
        // GL 4.6 §6.1.1: the index, then the name, then the range.
        let points = st.host_bindings.indexed(target).points.len();
        if index as usize >= points {
            gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below the {points} binding points of {}",
                crate::gl::error::Enum(target)
            );
        }
        host_buffer_check(gl, buffer)?;
        let range = offset.map(|o| (o, size.unwrap_or_else(|| offset_size(gl, buffer, o))));
        bind_kept_range(st, gl, target, index, buffer, range)
    })
}

pub unsafe extern "C" fn glBindBufferBaseNV(target: GLenum, index: GLuint, buffer: GLuint) {
    bind_nv(
        "glBindBufferBaseNV",
        target,
        index,
        buffer,
        None,
        None,
        // SAFETY: the application's arguments.
        |gl| unsafe { gl.glBindBufferBaseNV(target, index, buffer) },
    )
}

pub unsafe extern "C" fn glBindBufferRangeNV(
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    bind_nv(
        "glBindBufferRangeNV",
        target,
        index,
        buffer,
        Some(offset),
        Some(size),
        // SAFETY: the application's arguments.
        |gl| unsafe { gl.glBindBufferRangeNV(target, index, buffer, offset, size) },
    )
}

pub unsafe extern "C" fn glBindBufferOffsetNV(
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
) {
    bind_nv(
        "glBindBufferOffsetNV",
        target,
        index,
        buffer,
        Some(offset),
        None,
        // SAFETY: the application's arguments.
        |gl| unsafe { gl.glBindBufferOffsetNV(target, index, buffer, offset) },
    )
}
