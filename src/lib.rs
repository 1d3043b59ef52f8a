//! glcompute: an OpenGL compute-shader driver that runs on the CPU.
//!
//! ## Layers
//!
//! Top to bottom. A module may use the modules of the lines below its own, never one of
//! its own line or above it; `tests/layers.rs` reads this list and checks every path of
//! every source file against it, and that no two files import each other, however
//! indirectly (docs/architecture.md draws it).
//!
//! 1. [`api`]: the exported C entry points of GL and EGL. Thin: they unpack C arguments,
//!    call the EGL or state layer and record the errors it returns (GL error flag, debug
//!    messages); no panic crosses them. Interposed mode's hooks live here too.
//! 2. [`egl`]: headless EGL 1.5 (displays, configs, pbuffers, contexts, current-ness).
//! 3. [`state`]: the GL object model and context state: objects, then the context, then
//!    the commands, each checking its errors in the spec's order.
//! 4. [`host`], [`glsl`], [`spirv`], [`nvasm`], [`backend`]: interposed mode's host
//!    driver (the application's own GL, EGL and GLX); the GLSL front end (preprocess,
//!    parse, check, link); the SPIR-V front end (ARB_gl_spirv) and the NVIDIA assembly
//!    front end (NV_compute_program5), beside it; the Cranelift JIT that turns a linked
//!    program into a work-group function.
//! 5. [`ir`], [`runtime`]: the typed shader IR every front end lowers into, with its
//!    passes and validator; buffer memory and dispatch execution on the worker pool.
//! 6. [`format`]: texel formats and their conversions, GL internal and client formats.
//! 7. [`limits`], [`config`]: the implementation limits; the `GLCOMPUTE_*` environment.
//! 8. [`gl`]: the vocabulary every layer speaks: GL and EGL tokens, C types, GL errors.

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
pub mod nvasm;
pub mod runtime;
pub mod spirv;
pub mod state;
