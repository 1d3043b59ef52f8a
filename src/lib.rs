//! glcompute: an OpenGL compute-shader driver that runs on the CPU.
//!
//! Layers, top to bottom (data flows one way, API to runtime):
//! - [`api`]: the exported C entry points of GL (thin: unpack, validate pointers, call
//!   the state layer, turn errors into the GL error flag and debug messages).
//! - [`egl`]: headless EGL 1.5 (displays, configs, pbuffers, contexts, current-ness).
//! - [`state`]: the GL object model and context state.
//! - [`glsl`]: the GLSL front end (preprocess, parse, check, link).
//! - [`runtime`]: buffer memory and dispatch execution.

pub mod api;
pub mod config;
pub mod egl;
pub mod glsl;
pub mod runtime;
pub mod state;
