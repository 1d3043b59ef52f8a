//! The hooked GL functions whose routing depends on more than one name: object
//! creation and deletion (names are reserved from the host), attachment and linking
//! (a program becomes glcompute's when a compute shader is attached to it), UseProgram
//! (one program is current: the host's or glcompute's), the strings and limits
//! (glcompute's compute limits and extensions beside the host's), the error flag (one
//! stream), debug output (one callback for both) and the binding points glcompute
//! keeps where the host lacks them. Without a shadow context current each one is the
//! host's function, unchanged.

#![allow(non_snake_case, clippy::missing_safety_doc)]

use std::ffi::c_void;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::route::{self, host, shadow};
use super::window::log_taken;
use crate::api::{entry, gl_call, out_array};
use crate::gl_bail;
use crate::host::gl::HostGl;
use crate::state::context::{Context, ContextState};
use crate::state::gl_enums::*;
use crate::state::interposed::{HostBinding, HostLink};
use crate::state::query::Value;
use crate::state::types::*;

fn link_of(ctx: &Context) -> Arc<HostLink> {
    ctx.host().expect("a shadow context has a host link")
}

// ---- dispatch -------------------------------------------------------------------

use super::lists::{Item, record};
pub use super::lists::{glCallList, glCallLists, glDeleteLists, glEndList, glNewList};

pub unsafe extern "C" fn glDispatchCompute(x: GLuint, y: GLuint, z: GLuint) {
    if shadow().is_none() {
        // SAFETY: the application's arguments.
        return unsafe { host().glDispatchCompute(x, y, z) };
    }
    log_taken(b"glDispatchCompute");
    if record(Item::Dispatch([x, y, z])) == Some(false) {
        return;
    }
    entry::glDispatchCompute(x, y, z);
}

pub unsafe extern "C" fn glDispatchComputeGroupSizeARB(
    x: GLuint,
    y: GLuint,
    z: GLuint,
    sx: GLuint,
    sy: GLuint,
    sz: GLuint,
) {
    if shadow().is_none() {
        // SAFETY: the application's arguments.
        return unsafe { host().glDispatchComputeGroupSizeARB(x, y, z, sx, sy, sz) };
    }
    log_taken(b"glDispatchComputeGroupSizeARB");
    if record(Item::DispatchGroupSize([x, y, z], [sx, sy, sz])) == Some(false) {
        return;
    }
    entry::glDispatchComputeGroupSizeARB(x, y, z, sx, sy, sz);
}

pub unsafe extern "C" fn glDispatchComputeIndirect(indirect: GLintptr) {
    if shadow().is_none() {
        // SAFETY: the application's argument.
        return unsafe { host().glDispatchComputeIndirect(indirect) };
    }
    log_taken(b"glDispatchComputeIndirect");
    if super::lists::refuse_indirect() {
        return;
    }
    entry::glDispatchComputeIndirect(indirect);
}

/// The barrier bits a host without compute (and maybe without SSBOs) accepts.
fn host_barrier_bits(link: &HostLink, bits: GLbitfield) -> GLbitfield {
    if bits == GL_ALL_BARRIER_BITS {
        return bits;
    }
    let caps = link.caps();
    let mut b = bits;
    if !caps.ssbo {
        b &= !GL_SHADER_STORAGE_BARRIER_BIT;
    }
    if caps.version < (4, 4)
        && !caps
            .extensions
            .iter()
            .any(|e| e == "GL_ARB_query_buffer_object")
    {
        b &= !GL_QUERY_BUFFER_BARRIER_BIT;
    }
    if caps.version < (4, 4) && !caps.extensions.iter().any(|e| e == "GL_ARB_buffer_storage") {
        b &= !GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT;
    }
    b
}

/// glMemoryBarrier: validated by glcompute (it knows the compute bits); the bits the
/// host knows go on to the host, which orders its own work.
pub unsafe extern "C" fn glMemoryBarrier(barriers: GLbitfield) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's argument.
        return unsafe { host().glMemoryBarrier(barriers) };
    };
    log_taken(b"glMemoryBarrier");
    let link = link_of(&ctx);
    let before = ctx.state.lock().error;
    entry::glMemoryBarrier(barriers);
    if ctx.state.lock().error == before || before != GL_NO_ERROR {
        let bits = host_barrier_bits(&link, barriers);
        if bits != 0 {
            // SAFETY: bits the host accepts.
            unsafe { link.gl.glMemoryBarrier(bits) };
        }
    }
}

pub unsafe extern "C" fn glMemoryBarrierByRegion(barriers: GLbitfield) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's argument.
        return unsafe { host().glMemoryBarrierByRegion(barriers) };
    };
    log_taken(b"glMemoryBarrierByRegion");
    let link = link_of(&ctx);
    let before = ctx.state.lock().error;
    entry::glMemoryBarrierByRegion(barriers);
    let caps = link.caps();
    let has = caps.version >= (4, 5)
        || caps
            .extensions
            .iter()
            .any(|e| e == "GL_ARB_ES3_1_compatibility");
    if has && (ctx.state.lock().error == before || before != GL_NO_ERROR) {
        let bits = host_barrier_bits(&link, barriers);
        if bits != 0 {
            // SAFETY: bits the host accepts.
            unsafe { link.gl.glMemoryBarrierByRegion(bits) };
        }
    }
}

// ---- shader and program objects -------------------------------------------------

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
        let parts: Vec<Option<&[u8]>> = unsafe { crate::api::in_array(strings, count as usize) }
            .unwrap_or_default()
            .iter()
            // SAFETY: each entry is NUL-terminated or NULL.
            .map(|&p| unsafe { crate::api::c_bytes(p, -1) })
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
                    return Err(crate::state::error::GlError::new(code, msg));
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
                    return Err(crate::state::error::GlError::new(code, msg));
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
                return Err(crate::state::error::GlError::new(code, msg));
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

// ---- strings, limits, errors ----------------------------------------------------

pub unsafe extern "C" fn glGetString(name: GLenum) -> *const GLubyte {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's argument.
        return unsafe { host().glGetString(name) };
    };
    let link = link_of(&ctx);
    let s = link.strings();
    match name {
        GL_VERSION => s.version.as_ptr() as *const GLubyte,
        GL_SHADING_LANGUAGE_VERSION => s.glsl.as_ptr() as *const GLubyte,
        GL_EXTENSIONS if !link.caps().core => s.extensions.as_ptr() as *const GLubyte,
        // SAFETY: the application's argument.
        _ => unsafe { link.gl.glGetString(name) },
    }
}

pub unsafe extern "C" fn glGetStringi(name: GLenum, index: GLuint) -> *const GLubyte {
    let Some(ctx) = shadow().filter(|_| name == GL_EXTENSIONS) else {
        // SAFETY: the application's arguments.
        return unsafe { host().glGetStringi(name, index) };
    };
    let link = link_of(&ctx);
    let host_n = link.caps().extensions.len();
    let s = link.strings();
    if (index as usize) < host_n {
        // SAFETY: an index below the host's count.
        return unsafe { link.gl.glGetStringi(name, index) };
    }
    gl_call("glGetStringi", |_| {
        match s.added.get(index as usize - host_n) {
            Some(e) => Ok(e.as_ptr() as *const GLubyte),
            // GL 4.6 §22.2: INVALID_VALUE if index is outside 0..NUM_EXTENSIONS.
            None => gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_NUM_EXTENSIONS = {}",
                host_n + s.added.len()
            ),
        }
    })
}

/// The values glcompute answers for `pname` in a shadow context; None for the host's.
fn our_value(ctx: &Context, pname: GLenum) -> Option<Value> {
    let link = link_of(ctx);
    let caps = link.caps();
    let mut st = ctx.state.lock();
    match pname {
        GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS
        | GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB
        | GL_MAX_COMPUTE_UNIFORM_BLOCKS
        | GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS
        | GL_MAX_COMPUTE_IMAGE_UNIFORMS
        | GL_MAX_COMPUTE_SHARED_MEMORY_SIZE
        | GL_MAX_COMPUTE_UNIFORM_COMPONENTS
        | GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS
        | GL_MAX_COMPUTE_ATOMIC_COUNTERS
        | GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS
        | GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS => st.get_value(pname).ok(),
        GL_DISPATCH_INDIRECT_BUFFER_BINDING if !caps.compute => {
            Some(Value::int(st.host_bindings.dispatch_indirect as i64))
        }
        GL_SHADER_STORAGE_BUFFER_BINDING if !caps.ssbo => {
            Some(Value::int(st.host_bindings.storage.generic as i64))
        }
        GL_ATOMIC_COUNTER_BUFFER_BINDING if !caps.atomic_counters => {
            Some(Value::int(st.host_bindings.atomic.generic as i64))
        }
        GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS
        | GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE
        | GL_MAX_COMBINED_ATOMIC_COUNTERS
        | GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS
            if !caps.atomic_counters =>
        {
            st.get_value(pname).ok()
        }
        GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS
        | GL_MAX_SHADER_STORAGE_BLOCK_SIZE
        | GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT
        | GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS
            if !caps.ssbo =>
        {
            st.get_value(pname).ok()
        }
        GL_CURRENT_PROGRAM => st
            .current_program
            .as_ref()
            .map(|p| Value::int(p.name as i64)),
        GL_MAJOR_VERSION => Some(Value::int(link.version().0 as i64)),
        GL_MINOR_VERSION => Some(Value::int(link.version().1 as i64)),
        GL_NUM_EXTENSIONS => Some(Value::int(
            (caps.extensions.len() + link.added_extensions().len()) as i64,
        )),
        _ => None,
    }
}

/// Indexed values glcompute answers; Some(Err) for an index out of range.
fn our_value_indexed(
    ctx: &Context,
    pname: GLenum,
    index: GLuint,
) -> Option<Result<Value, crate::state::error::GlError>> {
    let link = link_of(ctx);
    let caps = link.caps();
    let mut st = ctx.state.lock();
    match pname {
        GL_MAX_COMPUTE_WORK_GROUP_COUNT
        | GL_MAX_COMPUTE_WORK_GROUP_SIZE
        | GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB => Some(st.get_value_indexed(pname, index)),
        GL_SHADER_STORAGE_BUFFER_BINDING
        | GL_SHADER_STORAGE_BUFFER_START
        | GL_SHADER_STORAGE_BUFFER_SIZE
        | GL_ATOMIC_COUNTER_BUFFER_BINDING
        | GL_ATOMIC_COUNTER_BUFFER_START
        | GL_ATOMIC_COUNTER_BUFFER_SIZE => {
            let storage = matches!(
                pname,
                GL_SHADER_STORAGE_BUFFER_BINDING
                    | GL_SHADER_STORAGE_BUFFER_START
                    | GL_SHADER_STORAGE_BUFFER_SIZE
            );
            if storage && caps.ssbo || !storage && caps.atomic_counters {
                return None;
            }
            let (kept, what) = if storage {
                (
                    &st.host_bindings.storage,
                    "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS",
                )
            } else {
                (
                    &st.host_bindings.atomic,
                    "GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS",
                )
            };
            Some(match kept.points.get(index as usize).copied() {
                Some(b) => Ok(Value::int(match pname {
                    GL_SHADER_STORAGE_BUFFER_BINDING | GL_ATOMIC_COUNTER_BUFFER_BINDING => {
                        b.buffer as i64
                    }
                    GL_SHADER_STORAGE_BUFFER_START | GL_ATOMIC_COUNTER_BUFFER_START => b.offset,
                    _ => b.size,
                })),
                // GL 4.6 §22.1: INVALID_VALUE if index is outside the binding points.
                None => Err(crate::gl_err!(
                    GL_INVALID_VALUE,
                    "index = {index} is not below {what} = {}",
                    kept.points.len()
                )),
            })
        }
        _ => None,
    }
}

macro_rules! get_hooks {
    ($($name:ident, $indexed:ident: $t:ty => $conv:expr;)*) => {$(
        pub unsafe extern "C" fn $name(pname: GLenum, data: *mut $t) {
            if let Some(ctx) = shadow()
                && let Some(v) = our_value(&ctx, pname)
            {
                log_taken(stringify!($name).as_bytes());
                let conv: fn(&Value) -> Vec<$t> = $conv;
                // SAFETY: GL requires `data` to hold every component of `pname`.
                unsafe { out_array(data, &conv(&v)) };
                return;
            }
            // SAFETY: the application's arguments.
            unsafe { host().$name(pname, data) }
        }

        pub unsafe extern "C" fn $indexed(pname: GLenum, index: GLuint, data: *mut $t) {
            if let Some(ctx) = shadow()
                && let Some(v) = our_value_indexed(&ctx, pname, index)
            {
                log_taken(stringify!($indexed).as_bytes());
                let conv: fn(&Value) -> Vec<$t> = $conv;
                gl_call(stringify!($indexed), |_| {
                    let v = v?;
                    // SAFETY: GL requires `data` to hold the indexed value.
                    unsafe { out_array(data, &conv(&v)) };
                    Ok(())
                });
                return;
            }
            // SAFETY: the application's arguments.
            unsafe { host().$indexed(pname, index, data) }
        }
    )*};
}

get_hooks! {
    glGetIntegerv, glGetIntegeri_v: GLint => Value::as_i32;
    glGetInteger64v, glGetInteger64i_v: GLint64 => Value::as_i64;
    glGetBooleanv, glGetBooleani_v: GLboolean => crate::api::core::as_bool;
    glGetFloatv, glGetFloati_v: GLfloat => crate::api::core::as_f32;
    glGetDoublev, glGetDoublei_v: GLdouble => Value::as_f64;
}

/// One error stream: glcompute's flag (which holds any host error merged before one of
/// glcompute's calls) first, then the host's; one read clears both.
pub unsafe extern "C" fn glGetError() -> GLenum {
    let Some(ctx) = shadow() else {
        // SAFETY: no arguments.
        return unsafe { host().glGetError() };
    };
    let gl = link_of(&ctx).gl;
    let mut st = ctx.state.lock();
    let e = st.take_error();
    // SAFETY: no arguments.
    let host = unsafe { gl.glGetError() };
    if e != GL_NO_ERROR {
        // The host's flag holds an error of a later call, which one driver would not
        // have recorded (GL 4.6 §2.3.1): it goes with this read.
        return e;
    }
    host
}

// ---- debug output ---------------------------------------------------------------

/// One callback for the host's messages and glcompute's.
pub unsafe extern "C" fn glDebugMessageCallback(callback: GLDEBUGPROC, user_param: *const c_void) {
    if let Some(ctx) = shadow() {
        let gl = link_of(&ctx).gl;
        // SAFETY: the application's arguments.
        unsafe { gl.glDebugMessageCallback(callback, user_param) };
        entry::glDebugMessageCallback(callback, user_param);
    } else {
        // SAFETY: the application's arguments.
        unsafe { host().glDebugMessageCallback(callback, user_param) }
    }
}

pub unsafe extern "C" fn glDebugMessageControl(
    source: GLenum,
    ty: GLenum,
    severity: GLenum,
    count: GLsizei,
    ids: *const GLuint,
    enabled: GLboolean,
) {
    if let Some(ctx) = shadow() {
        let gl = link_of(&ctx).gl;
        // SAFETY: the application's arguments.
        unsafe { gl.glDebugMessageControl(source, ty, severity, count, ids, enabled) };
        // glcompute's copy of the filter; errors are the host's to report.
        let saved = ctx.state.lock().error;
        // SAFETY: the application's arguments.
        unsafe { entry::glDebugMessageControl(source, ty, severity, count, ids, enabled) };
        ctx.state.lock().error = saved;
    } else {
        // SAFETY: the application's arguments.
        unsafe { host().glDebugMessageControl(source, ty, severity, count, ids, enabled) }
    }
}

// ---- buffer binding points ------------------------------------------------------

/// Checks that `buffer` is 0 or a buffer name of the host (binding it to
/// COPY_READ_BUFFER and back, which creates the object as BindBuffer would).
fn host_buffer_ok(gl: &HostGl, buffer: GLuint) -> bool {
    if buffer == 0 {
        return true;
    }
    let mut old = 0;
    // SAFETY: saves, sets and restores the COPY_READ_BUFFER binding.
    unsafe {
        gl.glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &mut old);
        gl.glBindBuffer(GL_COPY_READ_BUFFER, buffer);
        let ok = gl.glGetError() == GL_NO_ERROR;
        gl.glBindBuffer(GL_COPY_READ_BUFFER, old as u32);
        ok
    }
}

/// True if glcompute keeps `target` for this context (the host lacks it).
fn kept_target(link: &HostLink, target: GLenum) -> bool {
    let caps = link.caps();
    match target {
        GL_DISPATCH_INDIRECT_BUFFER => !caps.compute,
        GL_SHADER_STORAGE_BUFFER => !caps.ssbo,
        GL_ATOMIC_COUNTER_BUFFER => !caps.atomic_counters,
        _ => false,
    }
}

fn bad_buffer(buffer: GLuint) -> crate::state::error::GlError {
    // GL 4.6 §6.1: INVALID_VALUE if buffer is not zero or a name from GenBuffers.
    crate::gl_err!(
        GL_INVALID_VALUE,
        "buffer {buffer} is not a name returned by glGenBuffers"
    )
}

/// Targets glcompute may keep (checked before anything else: the common case is none).
fn maybe_kept(target: GLenum) -> bool {
    matches!(
        target,
        GL_DISPATCH_INDIRECT_BUFFER | GL_SHADER_STORAGE_BUFFER | GL_ATOMIC_COUNTER_BUFFER
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
        if !host_buffer_ok(gl, buffer) {
            return Err(bad_buffer(buffer));
        }
        if target == GL_DISPATCH_INDIRECT_BUFFER {
            st.host_bindings.dispatch_indirect = buffer;
        } else {
            st.host_bindings.indexed(target).generic = buffer;
        }
        Ok(())
    })
}

/// BindBufferBase/Range on an indexed target glcompute keeps (shader storage without
/// SSBOs, atomic counters without atomic counter buffers).
fn bind_kept_range(
    st: &mut ContextState,
    gl: &HostGl,
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    range: Option<(GLintptr, GLsizeiptr)>,
) -> crate::state::error::GlResult<()> {
    let (limit, align, align_name) = if target == GL_ATOMIC_COUNTER_BUFFER {
        ("GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS", 4, "4")
    } else {
        (
            "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS",
            crate::limits::SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT as isize,
            "GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT",
        )
    };
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
    }
    if !host_buffer_ok(gl, buffer) {
        return Err(bad_buffer(buffer));
    }
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
                crate::state::error::Enum(target)
            );
        }
        // SAFETY: `count` entries each, when non-null (GL 4.6 §6.1.1).
        let (b, o, s) = unsafe {
            (
                crate::api::in_array(buffers, n),
                crate::api::in_array(offsets, n),
                crate::api::in_array(sizes, n),
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
    if let Some(names) = unsafe { crate::api::in_array(buffers, n as usize) } {
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
fn with_substitute<R>(
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
        gl_call(
            "glGetProgramiv",
            |st| -> crate::state::error::GlResult<()> {
                st.merge_host_error();
                if let Err((code, msg)) = check_host_object(gl, program, true) {
                    return Err(crate::state::error::GlError::new(code, msg));
                }
                // ARB_compute_shader: INVALID_OPERATION if the program is not linked or
                // has no compute shader; a host program has none.
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "program {program} has no compute shader"
                )
            },
        );
        return;
    }
    // SAFETY: the application's arguments.
    unsafe { host().glGetProgramiv(program, pname, params) }
}
