//! glcompute: an OpenGL compute-shader driver that runs on the CPU.
//!
//! Layers, top to bottom (data flows one way, API to runtime):
//! - [`api`]: the exported C entry points of GL (thin: unpack, validate pointers, call
//!   the state layer, turn errors into the GL error flag and debug messages).
//! - [`egl`]: headless EGL 1.5 (displays, configs, pbuffers, contexts, current-ness).
//! - [`state`]: the GL object model and context state.
//! - [`glsl`]: the GLSL front end (preprocess, parse, check, link).
//! - [`backend`]: the Cranelift JIT that turns a linked program into a work-group
//!   function.
//! - [`ir`]: the typed shader IR and its passes (built by `glsl`, read by the back end).
//! - [`runtime`]: buffer memory and dispatch execution.
//! - [`host`]: interposed mode's host driver (the application's own GL, EGL and GLX),
//!   called by the API, EGL and state layers; it calls nothing of ours.
//!
//! [`limits`] (implementation limits) and [`config`] (environment) are leaves every
//! layer may read.

pub mod api;
pub mod backend;
pub mod config;
pub mod egl;
pub mod format;
pub mod gl;
pub mod glsl;
pub mod host;
pub mod ir;
pub mod limits;
pub mod runtime;
pub mod state;
