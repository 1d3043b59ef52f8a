//! Buffer binding points in interposed mode: the host's where it has them; where it
//! does not (dispatch-indirect without compute, shader storage and atomic counters on
//! older hosts) glcompute keeps them, and commands that name a buffer by such a target
//! reach it through a target the host has, bound for the call and restored.

#![allow(non_snake_case, clippy::missing_safety_doc)]

use std::ffi::c_void;
use std::sync::Arc;

use super::link_of;
use crate::api::call::gl_call;
use crate::api::interpose::log::log_taken;
use crate::api::interpose::route::{host, shadow};
use crate::gl::asm_enums::GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV;
use crate::gl::enums::*;
use crate::gl::types::*;
use crate::gl_bail;
use crate::host::gl::HostGl;
use crate::state::context::{Context, ContextState};
use crate::state::objects::buffer::{alignment_name, max_bindings_name, offset_alignment};
use crate::state::objects::host::{HostBinding, HostLink};
/// Checks that `buffer` is 0 or a buffer name of the host (binding it to
/// COPY_READ_BUFFER and back, which creates the object as BindBuffer would).
pub(super) fn host_buffer_check(gl: &HostGl, buffer: GLuint) -> crate::gl::error::GlResult<()> {
    if buffer == 0 {
        return Ok(());
    }
    let mut old = 0;
    // SAFETY: saves, sets and restores the COPY_READ_BUFFER binding.
    let e = unsafe {
        gl.glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &mut old);
        gl.glBindBuffer(GL_COPY_READ_BUFFER, buffer);
        let e = gl.glGetError();
        gl.glBindBuffer(GL_COPY_READ_BUFFER, old as u32);
        e
    };
    if e == GL_NO_ERROR {
        return Ok(());
    }
    // GL 4.6 §6.1: an error if buffer is not zero or a name from GenBuffers or
    // CreateBuffers; the host's own check decides which one (INVALID_OPERATION since
    // GL 4.5, INVALID_VALUE before).
    Err(crate::gl::error::GlError::new(
        e,
        format!("buffer {buffer} is not a name returned by glGenBuffers or glCreateBuffers"),
    ))
}

/// True if glcompute keeps `target` for this context (the host lacks it; the
/// assembly programs' parameter buffers in a compatibility context, whose programs are
/// glcompute's).
pub(super) fn kept_target(link: &HostLink, target: GLenum) -> bool {
    let caps = link.caps();
    match target {
        GL_DISPATCH_INDIRECT_BUFFER => !caps.compute,
        GL_SHADER_STORAGE_BUFFER => !caps.ssbo,
        GL_ATOMIC_COUNTER_BUFFER => !caps.atomic_counters,
        GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV => !caps.core,
        _ => false,
    }
}

/// Targets glcompute may keep (checked before anything else: the common case is none).
pub(super) fn maybe_kept(target: GLenum) -> bool {
    matches!(
        target,
        GL_DISPATCH_INDIRECT_BUFFER
            | GL_SHADER_STORAGE_BUFFER
            | GL_ATOMIC_COUNTER_BUFFER
            | GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV
    )
}

pub unsafe extern "C" fn glBindBuffer(target: GLenum, buffer: GLuint) {
    let candidate = maybe_kept(target);
    let Some(ctx) = candidate
        .then(shadow)
        .flatten()
        .filter(|c| kept_target(&link_of(c), target))
    else {
        // SAFETY: the application's arguments.
        return unsafe { host().glBindBuffer(target, buffer) };
    };
    log_taken(b"glBindBuffer");
    let gl = link_of(&ctx).gl;
    gl_call("glBindBuffer", |st| {
        st.merge_host_error();
        host_buffer_check(gl, buffer)?;
        if target == GL_DISPATCH_INDIRECT_BUFFER {
            st.host_bindings.dispatch_indirect = buffer;
        } else {
            st.host_bindings.indexed(target).generic = buffer;
        }
        Ok(())
    })
}

/// BindBufferBase/Range on an indexed target glcompute keeps (shader storage without
/// SSBOs, atomic counters without atomic counter buffers, parameter buffers).
pub(super) fn bind_kept_range(
    st: &mut ContextState,
    gl: &HostGl,
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    range: Option<(GLintptr, GLsizeiptr)>,
) -> crate::gl::error::GlResult<()> {
    let limit = max_bindings_name(target);
    let align = offset_alignment(target) as isize;
    let align_name = alignment_name(target);
    let count = st.host_bindings.indexed(target).points.len();
    // GL 4.6 §6.1.1: INVALID_VALUE if index is not below the number of binding points.
    if index as usize >= count {
        gl_bail!(
            GL_INVALID_VALUE,
            "index = {index} is not below {limit} = {count}"
        );
    }
    if let Some((offset, size)) = range
        && buffer != 0
    {
        // GL 4.6 §6.1.1: INVALID_VALUE if size <= 0, offset < 0, or offset not a multiple
        // of the target's alignment (SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT; 4 for
        // atomic counters).
        if size <= 0 {
            gl_bail!(GL_INVALID_VALUE, "size = {size} is not positive");
        }
        if offset < 0 || offset % align != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "offset = {offset} is not a non-negative multiple of {align_name} = {align}"
            );
        }
        // NV_parameter_buffer_object: INVALID_VALUE for a program parameter buffer
        // offset that is not zero, or a size that is not word-aligned.
        if target == GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV {
            if offset != 0 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "offset = {offset}: a program parameter buffer binding starts at offset 0"
                );
            }
            if size % 4 != 0 {
                gl_bail!(GL_INVALID_VALUE, "size = {size} is not a multiple of 4");
            }
        }
    }
    host_buffer_check(gl, buffer)?;
    let (offset, size) = range.unwrap_or((0, 0));
    let kept = st.host_bindings.indexed(target);
    kept.points[index as usize] = HostBinding {
        buffer,
        offset: if buffer == 0 { 0 } else { offset as i64 },
        size: if buffer == 0 { 0 } else { size as i64 },
    };
    kept.generic = buffer;
    Ok(())
}

pub unsafe extern "C" fn glBindBufferBase(target: GLenum, index: GLuint, buffer: GLuint) {
    let Some(ctx) = maybe_kept(target)
        .then(shadow)
        .flatten()
        .filter(|c| kept_target(&link_of(c), target))
    else {
        // SAFETY: the application's arguments.
        return unsafe { host().glBindBufferBase(target, index, buffer) };
    };
    log_taken(b"glBindBufferBase");
    let gl = link_of(&ctx).gl;
    gl_call("glBindBufferBase", |st| {
        st.merge_host_error();
        bind_kept_range(st, gl, target, index, buffer, None)
    })
}

pub unsafe extern "C" fn glBindBufferRange(
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    let Some(ctx) = maybe_kept(target)
        .then(shadow)
        .flatten()
        .filter(|c| kept_target(&link_of(c), target))
    else {
        // SAFETY: the application's arguments.
        return unsafe { host().glBindBufferRange(target, index, buffer, offset, size) };
    };
    log_taken(b"glBindBufferRange");
    let gl = link_of(&ctx).gl;
    gl_call("glBindBufferRange", |st| {
        st.merge_host_error();
        bind_kept_range(st, gl, target, index, buffer, Some((offset, size)))
    })
}

pub unsafe extern "C" fn glBindBuffersBase(
    target: GLenum,
    first: GLuint,
    count: GLsizei,
    buffers: *const GLuint,
) {
    // SAFETY: the application's arguments, forwarded or read below.
    unsafe {
        glBindBuffersRange(
            target,
            first,
            count,
            buffers,
            std::ptr::null(),
            std::ptr::null(),
        )
    }
}

pub unsafe extern "C" fn glBindBuffersRange(
    target: GLenum,
    first: GLuint,
    count: GLsizei,
    buffers: *const GLuint,
    offsets: *const GLintptr,
    sizes: *const GLsizeiptr,
) {
    let base = offsets.is_null() && sizes.is_null();
    let Some(ctx) = maybe_kept(target)
        .then(shadow)
        .flatten()
        .filter(|c| kept_target(&link_of(c), target))
    else {
        // SAFETY: the application's arguments.
        return unsafe {
            if base {
                host().glBindBuffersBase(target, first, count, buffers)
            } else {
                host().glBindBuffersRange(target, first, count, buffers, offsets, sizes)
            }
        };
    };
    let func = if base {
        "glBindBuffersBase"
    } else {
        "glBindBuffersRange"
    };
    log_taken(func.as_bytes());
    let gl = link_of(&ctx).gl;
    gl_call(func, |st| {
        st.merge_host_error();
        // GL 4.6 §6.1.1: INVALID_VALUE if count is negative.
        if count < 0 {
            gl_bail!(GL_INVALID_VALUE, "count = {count} is negative");
        }
        let n = count as usize;
        // GL 4.6 §6.1.1: INVALID_OPERATION if first + count exceeds the binding points.
        let points = st.host_bindings.indexed(target).points.len();
        if (first as usize).saturating_add(n) > points {
            gl_bail!(
                GL_INVALID_OPERATION,
                "first + count = {} exceeds the {points} binding points of {}",
                first as u64 + n as u64,
                crate::gl::error::Enum(target)
            );
        }
        // SAFETY: `count` entries each, when non-null (GL 4.6 §6.1.1).
        let (b, o, s) = unsafe {
            (
                crate::api::call::in_array(buffers, n),
                crate::api::call::in_array(offsets, n),
                crate::api::call::in_array(sizes, n),
            )
        };
        // Errors in one entry leave that binding unchanged and go on (GL 4.6 §6.1.1).
        let mut first_err = None;
        for i in 0..n {
            let buffer = b.map_or(0, |b| b[i]);
            let range = if base {
                None
            } else {
                Some((o.map_or(0, |o| o[i]), s.map_or(0, |s| s[i])))
            };
            if let Err(e) = bind_kept_range(st, gl, target, first + i as u32, buffer, range) {
                first_err.get_or_insert(e);
            }
        }
        match first_err {
            Some(e) => Err(e),
            None => Ok(()),
        }
    })
}

pub unsafe extern "C" fn glDeleteBuffers(n: GLsizei, buffers: *const GLuint) {
    let ctx = shadow();
    // SAFETY: the application's arguments.
    unsafe { host().glDeleteBuffers(n, buffers) };
    let Some(ctx) = ctx else { return };
    if n <= 0 {
        return;
    }
    // SAFETY: `n` names (GL 4.6 §6.1).
    if let Some(names) = unsafe { crate::api::call::in_array(buffers, n as usize) } {
        let mut st = ctx.state.lock();
        for &b in names {
            if b != 0 {
                st.host_bindings.forget(b);
            }
        }
    }
}

// ---- commands that name a buffer by a kept target -------------------------------

/// The shadow context and the buffer bound to `target` when glcompute keeps that
/// target for a host that lacks it.
fn kept_binding(target: GLenum) -> Option<(Arc<Context>, GLuint)> {
    if !maybe_kept(target) {
        return None;
    }
    let ctx = shadow()?;
    if !kept_target(&link_of(&ctx), target) {
        return None;
    }
    let buffer = {
        let mut st = ctx.state.lock();
        if target == GL_DISPATCH_INDIRECT_BUFFER {
            st.host_bindings.dispatch_indirect
        } else {
            st.host_bindings.indexed(target).generic
        }
    };
    Some((ctx, buffer))
}

/// Runs `f` with `buffer` bound to the host target `substitute`, restoring the
/// application's binding of `substitute` afterwards.
pub(super) fn with_substitute<R>(
    gl: &HostGl,
    substitute: GLenum,
    buffer: GLuint,
    f: impl FnOnce(GLenum) -> R,
) -> R {
    let query = if substitute == GL_COPY_WRITE_BUFFER {
        GL_COPY_WRITE_BUFFER_BINDING
    } else {
        GL_COPY_READ_BUFFER_BINDING
    };
    let mut old = 0;
    // SAFETY: saves and sets a binding the host has (GL 3.1).
    unsafe {
        gl.glGetIntegerv(query, &mut old);
        gl.glBindBuffer(substitute, buffer);
    }
    let r = f(substitute);
    // SAFETY: restores the application's binding.
    unsafe { gl.glBindBuffer(substitute, old as u32) };
    r
}

/// Hooks of commands whose first argument is a buffer target.
macro_rules! target_hooks {
    ($( fn $name:ident(target: GLenum $(, $arg:ident: $ty:ty)*) $(-> $ret:ty)?; )*) => {$(
        pub unsafe extern "C" fn $name(target: GLenum $(, $arg: $ty)*) $(-> $ret)? {
            if let Some((ctx, buffer)) = kept_binding(target) {
                log_taken(stringify!($name).as_bytes());
                let gl = link_of(&ctx).gl;
                // SAFETY: the application's arguments, on the buffer it bound to the
                // kept target.
                return with_substitute(gl, GL_COPY_WRITE_BUFFER, buffer, |t| unsafe { gl.$name(t $(, $arg)*) });
            }
            // SAFETY: the application's arguments.
            unsafe { host().$name(target $(, $arg)*) }
        }
    )*};
}

target_hooks! {
    fn glBufferData(target: GLenum, size: GLsizeiptr, data: *const c_void, usage: GLenum);
    fn glBufferStorage(target: GLenum, size: GLsizeiptr, data: *const c_void, flags: GLbitfield);
    fn glBufferSubData(target: GLenum, offset: GLintptr, size: GLsizeiptr, data: *const c_void);
    fn glGetBufferSubData(target: GLenum, offset: GLintptr, size: GLsizeiptr, data: *mut c_void);
    fn glMapBuffer(target: GLenum, access: GLenum) -> *mut c_void;
    fn glMapBufferRange(target: GLenum, offset: GLintptr, length: GLsizeiptr, access: GLbitfield) -> *mut c_void;
    fn glUnmapBuffer(target: GLenum) -> GLboolean;
    fn glFlushMappedBufferRange(target: GLenum, offset: GLintptr, length: GLsizeiptr);
    fn glGetBufferParameteriv(target: GLenum, pname: GLenum, params: *mut GLint);
    fn glGetBufferParameteri64v(target: GLenum, pname: GLenum, params: *mut GLint64);
    fn glGetBufferPointerv(target: GLenum, pname: GLenum, params: *mut *mut c_void);
    fn glClearBufferData(target: GLenum, internalformat: GLenum, format: GLenum, ty: GLenum, data: *const c_void);
    fn glClearBufferSubData(target: GLenum, internalformat: GLenum, offset: GLintptr, size: GLsizeiptr, format: GLenum, ty: GLenum, data: *const c_void);
}

pub unsafe extern "C" fn glCopyBufferSubData(
    read_target: GLenum,
    write_target: GLenum,
    read_offset: GLintptr,
    write_offset: GLintptr,
    size: GLsizeiptr,
) {
    let read = kept_binding(read_target);
    let write = kept_binding(write_target);
    if read.is_none() && write.is_none() {
        // SAFETY: the application's arguments.
        return unsafe {
            host().glCopyBufferSubData(read_target, write_target, read_offset, write_offset, size)
        };
    }
    log_taken(b"glCopyBufferSubData");
    let ctx = read
        .as_ref()
        .or(write.as_ref())
        .map(|(c, _)| c.clone())
        .expect("one is kept");
    let gl = link_of(&ctx).gl;
    // Each kept target is replaced by a copy target the other operand does not use.
    let copy = |rt: GLenum, wt: GLenum| {
        // SAFETY: the application's arguments on substituted targets.
        unsafe { gl.glCopyBufferSubData(rt, wt, read_offset, write_offset, size) }
    };
    match (read, write) {
        (Some((_, rb)), Some((_, wb))) => with_substitute(gl, GL_COPY_READ_BUFFER, rb, |rt| {
            with_substitute(gl, GL_COPY_WRITE_BUFFER, wb, |wt| copy(rt, wt))
        }),
        (Some((_, rb)), None) => {
            let sub = if write_target == GL_COPY_READ_BUFFER {
                GL_COPY_WRITE_BUFFER
            } else {
                GL_COPY_READ_BUFFER
            };
            with_substitute(gl, sub, rb, |rt| copy(rt, write_target))
        }
        (None, Some((_, wb))) => {
            let sub = if read_target == GL_COPY_WRITE_BUFFER {
                GL_COPY_READ_BUFFER
            } else {
                GL_COPY_WRITE_BUFFER
            };
            with_substitute(gl, sub, wb, |wt| copy(read_target, wt))
        }
        (None, None) => unreachable!("checked above"),
    }
}
