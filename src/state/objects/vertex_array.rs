//! Vertex array objects (GL 4.6 chapter 10): attribute formats and buffer bindings,
//! and the current generic attribute values (container objects, not shared).

use crate::gl::enums::*;
use crate::limits::{MAX_VERTEX_ATTRIB_BINDINGS, MAX_VERTEX_ATTRIBS};
use crate::state::objects::buffer::Buffer;
use crate::state::objects::names::NameTable;
use std::sync::Arc;

/// The format of one generic attribute array (GL 4.6 table 23.3).
#[derive(Debug, Clone, Copy)]
pub struct Attrib {
    pub enabled: bool,
    /// 1..4, or BGRA.
    pub size: i32,
    pub ty: u32,
    pub normalized: bool,
    pub integer: bool,
    pub long: bool,
    pub relative_offset: u32,
    pub binding: u32,
    /// VERTEX_ATTRIB_ARRAY_STRIDE and _POINTER as VertexAttrib*Pointer gave them.
    pub stride: i32,
    pub pointer: usize,
}

/// One vertex buffer binding point (GL 4.6 table 23.4).
#[derive(Clone, Default)]
pub struct Binding {
    pub buffer: Option<Arc<Buffer>>,
    pub offset: i64,
    pub stride: i32,
    pub divisor: u32,
}

/// A vertex array object. Its element array buffer binding, while it is bound, is the
/// context's ELEMENT_ARRAY_BUFFER binding point (see `ContextState::bind_vertex_array`).
#[derive(Clone)]
pub struct VertexArray {
    pub attribs: [Attrib; ATTRIBS],
    pub bindings: [Binding; BINDINGS],
    pub element_array: Option<Arc<Buffer>>,
    pub label: Option<String>,
}

impl VertexArray {
    pub fn new() -> VertexArray {
        VertexArray {
            attribs: std::array::from_fn(|i| Attrib {
                enabled: false,
                size: 4,
                ty: GL_FLOAT,
                normalized: false,
                integer: false,
                long: false,
                relative_offset: 0,
                binding: i as u32,
                stride: 0,
                pointer: 0,
            }),
            bindings: std::array::from_fn(|_| Binding {
                stride: 16,
                ..Binding::default()
            }),
            element_array: None,
            label: None,
        }
    }
}

impl Default for VertexArray {
    fn default() -> Self {
        VertexArray::new()
    }
}

/// How a current attribute value was specified: GetVertexAttrib converts from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttribKind {
    Float,
    Int,
    Uint,
    Double,
}

/// A current generic attribute value (GL 4.6 §10.2, table 23.7): each component is
/// exact as an f64 (floats, 32-bit integers and doubles all are).
#[derive(Debug, Clone, Copy)]
pub struct Current {
    pub kind: AttribKind,
    pub v: [f64; 4],
}

/// The vertex array state of a context.
pub struct VertexArrays {
    pub objects: NameTable<VertexArray>,
    /// The bound vertex array object's name (0: none in a core context, the default
    /// object of a compatibility context).
    pub bound: u32,
    /// A compatibility context's vertex array object 0.
    pub default: VertexArray,
    pub current: [Current; ATTRIBS],
}

impl Default for VertexArrays {
    fn default() -> Self {
        VertexArrays {
            objects: NameTable::default(),
            bound: 0,
            default: VertexArray::new(),
            current: [Current {
                kind: AttribKind::Float,
                v: [0.0, 0.0, 0.0, 1.0],
            }; ATTRIBS],
        }
    }
}

pub const ATTRIBS: usize = MAX_VERTEX_ATTRIBS as usize;

pub const BINDINGS: usize = MAX_VERTEX_ATTRIB_BINDINGS as usize;
