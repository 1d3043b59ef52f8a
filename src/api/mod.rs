//! The C ABI: every exported `gl*` and `egl*` function. Entry points are thin: they
//! turn C arguments into Rust values (pointers into [`UserIn`]/[`UserOut`] or slices),
//! call the state or EGL layer, and record failures. The only errors raised here are
//! those of unpacking itself: a count or size of an array the entry point reads or
//! writes that the spec forbids (negative, GL 4.6 §2.3.1, or not positive where a
//! command says so), and a NULL array it must read; every other rule is checked by the
//! state command it belongs to. No panic crosses this boundary: [`gl_call`] catches
//! it and reports GL_OUT_OF_MEMORY (whose spec leaves the state undefined) with a debug
//! message. `unsafe` here is the C boundary: raw pointers the application passes with
//! GL's usual validity promises.
//!
//! [`UserIn`]: crate::gl::types::UserIn
//! [`UserOut`]: crate::gl::types::UserOut

#![allow(non_snake_case, clippy::missing_safety_doc)]

/// The parameter commands of one kind of object (GL 4.6 §8.10 texture and §8.2 sampler
/// parameters, §8.11.2 their queries): the scalar, vector and integer (I) setters and the
/// four getters. The forms differ only in the value type and in how `$tex` names the
/// object from the first argument.
macro_rules! param_fns {
    ($obj:ident: $ty:ty => $tex:expr;
     set $i:ident, $f:ident, $iv:ident, $fv:ident, $iiv:ident, $iuiv:ident;
     get $giv:ident, $gfv:ident, $giiv:ident, $giuiv:ident) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $i($obj: $ty, pname: GLenum, param: GLint) {
            set_param(stringify!($i), $tex, pname, true, |_| {
                (vec![param as f64], None)
            })
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn $f($obj: $ty, pname: GLenum, param: GLfloat) {
            set_param(stringify!($f), $tex, pname, true, |_| {
                (vec![param as f64], None)
            })
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $iv($obj: $ty, pname: GLenum, params: *const GLint) {
            // SAFETY: GL's promise: params holds the values pname takes.
            set_param(stringify!($iv), $tex, pname, false, |n| unsafe {
                read_params(params, n, |x| x as f64)
            })
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fv($obj: $ty, pname: GLenum, params: *const GLfloat) {
            // SAFETY: GL's promise: params holds the values pname takes.
            set_param(stringify!($fv), $tex, pname, false, |n| unsafe {
                read_params(params, n, |x| x as f64)
            })
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $iiv($obj: $ty, pname: GLenum, params: *const GLint) {
            // SAFETY: GL's promise: params holds the values pname takes.
            unsafe { set_param_int(stringify!($iiv), $tex, pname, params as *const u32) }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $iuiv($obj: $ty, pname: GLenum, params: *const GLuint) {
            // SAFETY: GL's promise: params holds the values pname takes.
            unsafe { set_param_int(stringify!($iuiv), $tex, pname, params) }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $giv($obj: $ty, pname: GLenum, params: *mut GLint) {
            // SAFETY: GL's promise: params has room for the values of pname.
            unsafe {
                get_param(
                    stringify!($giv),
                    $tex,
                    pname,
                    ParamOut::Int,
                    params as *mut u32,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $gfv($obj: $ty, pname: GLenum, params: *mut GLfloat) {
            // SAFETY: GL's promise: params has room for the values of pname.
            unsafe {
                get_param(
                    stringify!($gfv),
                    $tex,
                    pname,
                    ParamOut::Float,
                    params as *mut u32,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $giiv($obj: $ty, pname: GLenum, params: *mut GLint) {
            // SAFETY: GL's promise: params has room for the values of pname.
            unsafe {
                get_param(
                    stringify!($giiv),
                    $tex,
                    pname,
                    ParamOut::RawInt,
                    params as *mut u32,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $giuiv($obj: $ty, pname: GLenum, params: *mut GLuint) {
            // SAFETY: GL's promise: params has room for the values of pname.
            unsafe { get_param(stringify!($giuiv), $tex, pname, ParamOut::RawInt, params) }
        }
    };
}

pub mod asm_programs;
pub mod buffers;
pub mod call;
pub mod compressed;
pub mod copies;
pub mod core;
pub mod debug;
pub mod dispatch;
pub mod draw;
pub mod egl;
pub mod framebuffers;
pub mod glx;
pub mod interpose;
pub mod procs;
pub mod queries;
pub mod raster;
pub mod samplers;
pub mod shaders;
pub mod subroutines;
pub mod textures;
pub mod transform_feedback;
pub mod uniforms;
pub mod unsupported;
pub mod vertex;

/// Every GL entry point by its bare name (the routing wrappers of interposed mode call
/// glcompute's implementation through here).
pub mod entry {
    pub use super::asm_programs::*;
    pub use super::buffers::*;
    pub use super::compressed::*;
    pub use super::copies::*;
    pub use super::core::*;
    pub use super::debug::*;
    pub use super::dispatch::*;
    pub use super::draw::*;
    pub use super::framebuffers::*;
    pub use super::queries::*;
    pub use super::raster::*;
    pub use super::samplers::*;
    pub use super::shaders::*;
    pub use super::subroutines::*;
    pub use super::textures::*;
    pub use super::transform_feedback::*;
    pub use super::uniforms::*;
    pub use super::vertex::*;
}

pub use call::*;
pub use procs::{PROC_NAMES, core_coverage, core_functions, lookup_proc, proc_address};
