//! The GL functions glcompute does not implement. scripts/gen_gl.py lists every function
//! of the Khronos headers outside GL 1.0-4.6 core in src/generated/gl_unsupported.rs
//! (extensions, and the compatibility profile's fixed-function commands); the
//! GetProcAddress functions answer an exported one (of an extension glcompute
//! advertises) with its export first, and every other one with a stub, as other
//! drivers do (an application may look up any
//! function and must check the extension string before calling it). A stub records
//! GL_INVALID_OPERATION with a KHR_debug message that names the function and what it
//! belongs to, and returns zero. Names that are no GL function at all still give NULL.

use crate::api::call::gl_call;
use crate::gl::error::GlResult;
use crate::gl_bail;

/// A stub, called through a pointer of the real function's type. The C calling
/// conventions glcompute runs under (System V x86-64, AAPCS64) pass arguments in
/// registers and on a stack the caller cleans up, so a function that takes no arguments
/// may be called with any; its integer result register holds zero, which a caller
/// expecting a name, a handle, a boolean or a pointer reads as 0 (a caller expecting a
/// float reads an unspecified value, as from any failed call).
type Stub = extern "C" fn() -> usize;

fn unsupported(name: &'static str, what: &'static str) -> usize {
    gl_call(name, |_| -> GlResult<()> {
        // Mesa records the same for a function its context lacks.
        gl_bail!(
            GL_INVALID_OPERATION,
            "{name} is not implemented: it is a function of {what}, which glcompute does not support"
        );
    });
    0
}

macro_rules! unsupported_functions {
    ($($name:ident $what:literal;)*) => {
        /// (name, what it belongs to, stub), sorted by name.
        static UNSUPPORTED: &[(&str, &str, Stub)] = &[$(
            (stringify!($name), $what, {
                extern "C" fn $name() -> usize {
                    unsupported(stringify!($name), $what)
                }
                $name
            }),
        )*];
    };
}

include!("../generated/gl_unsupported.rs");

/// The stub of a GL function glcompute does not implement, and what it belongs to.
pub fn unsupported_proc(name: &[u8]) -> Option<(Stub, &'static str)> {
    let i = UNSUPPORTED
        .binary_search_by(|e| e.0.as_bytes().cmp(name))
        .ok()?;
    Some((UNSUPPORTED[i].2, UNSUPPORTED[i].1))
}

/// Every GL function of the Khronos headers outside GL 1.0-4.6 core, sorted.
pub fn unsupported_names() -> impl Iterator<Item = &'static str> {
    UNSUPPORTED.iter().map(|e| e.0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorted_for_binary_search() {
        assert!(super::UNSUPPORTED.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(super::unsupported_proc(b"glBegin").is_some());
        assert!(super::unsupported_proc(b"glNotAFunction").is_none());
    }
}
