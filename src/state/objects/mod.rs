//! The GL objects and the binding structures that hold them: what a context or a
//! share group owns, with the operations that need nothing else. Nothing here names
//! the context ([`super::context::ContextState`]) or a command module; commands act
//! on these objects from above.

pub mod asm_program;
pub mod buffer;
pub mod debug;
pub mod framebuffer;
pub mod host;
pub mod names;
pub mod pipeline;
pub mod program;
pub mod query;
pub mod raster;
pub mod sampler;
pub mod share_group;
pub mod sync;
pub mod texture;
pub mod transform_feedback;
pub mod vertex_array;
