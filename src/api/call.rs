//! The C boundary every entry point goes through: [`gl_call`] runs a command on the
//! current context, records its error and delivers debug messages after the lock is
//! released, and catches any panic (GL_OUT_OF_MEMORY, whose spec leaves the state
//! undefined, with a debug message); and the helpers that unpack counts, name arrays
//! and the application's arrays.

use crate::gl::enums::*;
use crate::gl::error::GlResult;
use crate::limits::MAX_NAMES_PER_CALL;
use crate::state::context::{ContextState, current};
use crate::state::objects::debug::Delivery;
use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// GL 4.6 §2.3.1: INVALID_VALUE for a negative count or size, named `what` in the
/// message.
pub fn count_named(n: i32, what: &str) -> GlResult<usize> {
    if n < 0 {
        crate::gl_bail!(GL_INVALID_VALUE, "{what} = {n} is negative");
    }
    Ok(n as usize)
}

/// A negative `n`: GL 4.6 §2.3.1's INVALID_VALUE.
pub fn count(n: i32) -> GlResult<usize> {
    count_named(n, "n")
}

/// Gen*/Create*: `make` gives the names for a count GL 4.6 §2.3.1 has checked, and
/// they are written to `out`. With a null `out` nothing is made (there is nowhere to put
/// the names), and past MAX_NAMES_PER_CALL the call is OUT_OF_MEMORY; in both cases
/// `make` runs with a count of 0 first, so its own checks (a Create* target) still give
/// their errors. (Mesa returns at a null pointer before checking the target.)
///
/// # Safety
/// `out` must be null or have room for `n` names.
pub unsafe fn gen_into(
    func: &'static str,
    n: i32,
    out: *mut u32,
    make: impl FnOnce(&mut ContextState, usize) -> GlResult<Vec<u32>>,
) {
    gl_call(func, |st| {
        let n = count(n)?;
        if out.is_null() {
            // Nowhere to put names: none are made, but the command's other arguments
            // (CreateTextures' and CreateQueries' target) are still checked.
            make(st, 0)?;
            return Ok(());
        }
        if n > MAX_NAMES_PER_CALL {
            make(st, 0)?;
            crate::gl_bail!(
                GL_OUT_OF_MEMORY,
                "n = {n}: glcompute makes at most {MAX_NAMES_PER_CALL} names in one call"
            );
        }
        let names = make(st, n)?;
        // SAFETY: the caller's contract: room for n names.
        unsafe { out_array(out, &names) };
        Ok(())
    })
}

/// Delete*: the `n` names at `names` (none for a null pointer) go to `delete`, after
/// GL 4.6 §2.3.1's check of `n`.
///
/// # Safety
/// `names` must be null or hold `n` names.
pub unsafe fn delete_from(
    func: &'static str,
    n: i32,
    names: *const u32,
    delete: impl FnOnce(&mut ContextState, &[u32]),
) {
    gl_call(func, |st| {
        let n = count(n)?;
        // SAFETY: the caller's contract: n names.
        if let Some(names) = unsafe { in_array(names, n) } {
            delete(st, names);
        }
        Ok(())
    })
}

/// The commands that still work on a lost context (KHR_robustness).
fn works_when_lost(func: &str) -> bool {
    matches!(
        func,
        "glGetError"
            | "glGetGraphicsResetStatus"
            | "glGetGraphicsResetStatusARB"
            | "glGetGraphicsResetStatusKHR"
            | "glGetSynciv"
            | "glClientWaitSync"
            | "glWaitSync"
            | "glGetQueryObjectuiv"
    )
}

/// The value a GL command returns when it fails or has no context.
pub trait GlDefault {
    fn gl_default() -> Self;
}

macro_rules! gl_default {
    ($($t:ty => $v:expr),* $(,)?) => { $(impl GlDefault for $t { fn gl_default() -> Self { $v } })* };
}
gl_default!(() => (), u8 => 0, u32 => 0, i32 => 0, i64 => 0, u64 => 0, usize => 0,
    *const u8 => std::ptr::null(), *mut u8 => std::ptr::null_mut(),
    *mut std::ffi::c_void => std::ptr::null_mut(),
    crate::gl::types::GLsync => std::ptr::null_mut());

impl<T: GlDefault> GlDefault for Option<T> {
    fn gl_default() -> Self {
        None
    }
}

thread_local! {
    /// Set while this thread holds a context's state lock inside [`gl_call`].
    static IN_GL_CALL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// True while this thread is inside a glcompute command (holding a context's lock).
/// A GL call arriving then can only come from a callback the host driver made during
/// one of glcompute's own host calls (interposed mode).
pub fn in_gl_call() -> bool {
    IN_GL_CALL.try_with(|f| f.get()).unwrap_or(false)
}

/// Sets the in-call flag (see [`in_gl_call`]) and clears it however the scope ends.
pub(crate) struct CallGuard;

impl CallGuard {
    pub(crate) fn enter() -> CallGuard {
        let _ = IN_GL_CALL.try_with(|f| f.set(true));
        CallGuard
    }
}

impl Drop for CallGuard {
    fn drop(&mut self) {
        let _ = IN_GL_CALL.try_with(|f| f.set(false));
    }
}

/// Runs the GL command `func` on the current context. Errors set the error flag and
/// become debug messages; a panic becomes GL_OUT_OF_MEMORY. Without a current context
/// the command does nothing (GL 4.6 §2.1: commands need a current context), and a
/// command re-entered from inside another (a host driver's callback) does nothing
/// rather than wait for the lock its own thread holds.
pub fn gl_call<R: GlDefault>(
    func: &'static str,
    f: impl FnOnce(&mut ContextState) -> GlResult<R>,
) -> R {
    let Some(ctx) = current() else {
        if crate::config::log_errors() {
            crate::config::say(format_args!(
                "glcompute: {func} called without a current context; ignored"
            ));
        }
        return R::gl_default();
    };
    if in_gl_call() {
        if crate::config::log_errors() {
            crate::config::say(format_args!(
                "glcompute: {func} called from inside another GL command; ignored"
            ));
        }
        return R::gl_default();
    }
    let guard = CallGuard::enter();
    let mut deliveries: Vec<Delivery> = Vec::new();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut st = ctx.state.lock();
        if crate::config::fault_injected(func) {
            panic!("fault injected into {func} by GLCOMPUTE_FAULT");
        }
        // KHR_robustness: a lost context answers only GetError, GetGraphicsResetStatus
        // and the sync and query-availability commands; every other command does
        // nothing, returns zero and generates CONTEXT_LOST.
        let result = if st.lost && !works_when_lost(func) {
            Err(crate::gl::error::GlError::new(
                GL_CONTEXT_LOST,
                "the context was lost in a reset (GL_LOSE_CONTEXT_ON_RESET); make a new one".into(),
            ))
        } else if st.info.es && !crate::gl::es_functions::is_es_function(func) {
            // An OpenGL ES context has only OpenGL ES's commands: a desktop one does
            // nothing and records INVALID_OPERATION, as Mesa's OpenGL ES contexts do.
            Err(crate::gl::error::GlError::new(
                GL_INVALID_OPERATION,
                format!("{func} is not an OpenGL ES 3.2 command, and this is an OpenGL ES context"),
            ))
        } else {
            f(&mut st)
        };
        let value = match result {
            Ok(v) => Some(v),
            Err(e) => {
                st.record_error(func, e);
                None
            }
        };
        deliveries.append(&mut st.pending);
        value
    }));
    drop(guard);
    let value = match outcome {
        Ok(v) => v,
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("unknown failure");
            let mut st = ctx.state.lock();
            st.record_error(
                func,
                crate::gl::error::GlError::new(
                    GL_OUT_OF_MEMORY,
                    format!("internal error, the command did not complete: {what}"),
                ),
            );
            deliveries.append(&mut st.pending);
            None
        }
    };
    deliver(deliveries);
    value.unwrap_or_else(R::gl_default)
}

/// Calls the application's debug callback for each message, outside every lock.
fn deliver(deliveries: Vec<Delivery>) {
    for d in deliveries {
        let text = std::ffi::CString::new(d.message.text.replace('\0', " ")).expect("no NUL");
        // SAFETY: the application registered this callback with glDebugMessageCallback
        // and promises it is callable with these arguments (GL 4.6 §20.2).
        unsafe {
            (d.callback)(
                d.message.source,
                d.message.ty,
                d.message.id,
                d.message.severity,
                d.message.text.len() as i32,
                text.as_ptr(),
                d.user_param as *const std::ffi::c_void,
            )
        };
    }
}

/// Reads a C string argument (NUL-terminated) or `length` bytes when length >= 0.
///
/// # Safety
/// `s` must be null or point to a NUL-terminated string (length < 0) or to `length` bytes.
pub unsafe fn c_bytes<'a>(s: *const c_char, length: i32) -> Option<&'a [u8]> {
    if s.is_null() {
        return None;
    }
    if length >= 0 {
        // SAFETY: the caller guarantees `length` readable bytes.
        Some(unsafe { std::slice::from_raw_parts(s as *const u8, length as usize) })
    } else {
        // SAFETY: the caller guarantees NUL termination.
        Some(unsafe { std::ffi::CStr::from_ptr(s) }.to_bytes())
    }
}

/// Reads `n` elements from an input array; None for a null pointer.
///
/// # Safety
/// `p` must be null or valid for `n` reads of `T`.
pub unsafe fn in_array<'a, T>(p: *const T, n: usize) -> Option<&'a [T]> {
    if p.is_null() {
        None
    } else if n == 0 {
        Some(&[])
    } else {
        // SAFETY: the caller guarantees `n` readable elements.
        Some(unsafe { std::slice::from_raw_parts(p, n) })
    }
}

/// Writes `values` to an output array; a null pointer writes nothing.
///
/// # Safety
/// `p` must be null or valid for `values.len()` writes of `T`.
pub unsafe fn out_array<T: Copy>(p: *mut T, values: &[T]) {
    if p.is_null() {
        return;
    }
    for (i, v) in values.iter().enumerate() {
        // SAFETY: the caller guarantees room for every value.
        unsafe { p.add(i).write(*v) };
    }
}

/// Writes one value through an output pointer; null writes nothing.
///
/// # Safety
/// `p` must be null or valid for a write of `T`.
pub unsafe fn out_one<T>(p: *mut T, v: T) {
    if !p.is_null() {
        // SAFETY: the caller guarantees `p` is writable.
        unsafe { p.write(v) };
    }
}
