//! The GL object model and context state: share groups of buffers, textures,
//! renderbuffers, shaders, programs and sync objects; per-context bindings, pipelines, error flag and KHR_debug state;
//! every state query. Each operation validates its arguments in the spec's order and
//! changes nothing when it fails (it returns a [`crate::gl::error::GlError`] the API
//! layer records). Inside, one way: [`objects`] (the objects and binding structures,
//! which never name the context), then [`context`], then the command modules. It may call the GLSL front end (to compile
//! and link), the runtime (memory and dispatch) and, for the shadow contexts of
//! interposed mode, the host driver ([`crate::host`]); never the API layer above it.

pub mod active_uniforms;
pub mod asm_program;
pub mod blit;
pub mod buffer;
pub mod context;
pub mod copy_image;
pub mod dispatch;
pub mod draw;
pub mod framebuffer;
pub mod framebuffer_params;
#[rustfmt::skip]
#[path = "../generated/get_table.rs"]
pub mod get_table;
pub mod host_textures;
pub mod internalformat;
pub mod interposed;
pub mod multisample;
pub mod objects;
pub mod pipeline;
pub mod program;
pub mod program_binary;
pub mod program_interface;
pub mod query;
pub mod query_object;
pub mod raster;
pub mod sampler;
pub mod spirv_shader;
pub mod subroutine;
pub mod sync;
pub mod texture;
pub mod transform_feedback;
pub mod uniform;
pub mod vertex_array;
