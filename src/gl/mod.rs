//! The shared vocabulary every layer speaks: GL and EGL tokens and the OpenGL ES
//! command names (generated from the Khronos headers), the C types of the GL API, and GL errors as values ([`GlError`],
//! `gl_err!`, `gl_bail!`). It is the bottom layer: it uses nothing else of the crate.
//!
//! [`GlError`]: error::GlError

#[rustfmt::skip]
#[path = "../generated/gl_enums.rs"]
pub mod enums;
#[rustfmt::skip]
#[path = "../generated/egl_enums.rs"]
pub mod egl_enums;
pub mod asm_enums;
pub mod error;
pub mod es_functions;
pub mod types;
