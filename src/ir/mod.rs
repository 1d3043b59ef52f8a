//! The typed intermediate representation between the GLSL front end and the back end,
//! and the passes over it (layout, constant evaluation, printing). A [`Module`] owns an
//! interned type table, the global variables (with their storage and interface
//! qualifiers) and the functions. A function owns an arena of typed expressions (a tree:
//! each expression is used once) and a structured body: blocks, if, loops, switch,
//! break/continue/return, no goto. Every node keeps its source span. This layer calls
//! nothing above it; the front end builds it and the back end reads it.

pub mod builtins;
pub mod calls;
pub mod consteval;
pub mod layout;
pub mod literal;
pub mod module;
pub mod ops;
pub mod print;
pub mod reflect;
pub mod shader;
pub mod stage_builtins;
pub mod types;
pub mod uniformity;
pub mod validate;
pub mod walk;

pub use literal::*;
pub use module::*;
pub use ops::*;
pub use shader::Span;
pub use types::*;
pub use walk::*;
