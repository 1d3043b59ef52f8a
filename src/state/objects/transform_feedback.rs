//! Transform feedback objects (GL 4.6 chapter 13.3): buffer bindings and recording
//! state (container objects, not shared).

use crate::limits::MAX_TRANSFORM_FEEDBACK_BUFFERS;
use crate::state::objects::buffer::IndexedBinding;
use crate::state::objects::names::NameTable;

/// A transform feedback object: its buffer binding points, kept here while another
/// object is bound (the bound object's are the context's indexed
/// TRANSFORM_FEEDBACK_BUFFER bindings).
#[derive(Default)]
pub struct TransformFeedback {
    pub buffers: Vec<IndexedBinding>,
    pub label: Option<String>,
    /// Some while the object is active.
    pub recording: Option<Recording>,
}

impl TransformFeedback {
    pub fn new() -> TransformFeedback {
        TransformFeedback {
            buffers: vec![IndexedBinding::default(); MAX_TRANSFORM_FEEDBACK_BUFFERS as usize],
            label: None,
            recording: None,
        }
    }
}

/// An active transform feedback object (GL 4.6 §13.3.1).
#[derive(Clone)]
pub struct Recording {
    pub paused: bool,
    /// The primitive mode BeginTransformFeedback named.
    pub mode: u32,
    /// The program whose varyings it records.
    pub program: std::sync::Arc<crate::state::objects::program::Program>,
}

/// A context's transform feedback objects (container objects: not shared) and the
/// conditional rendering state.
#[derive(Default)]
pub struct TransformFeedbacks {
    pub objects: NameTable<TransformFeedback>,
    /// The bound object's name (0: the default object, which always exists).
    pub bound: u32,
    /// The default object's bindings while another object is bound.
    pub default_buffers: Vec<IndexedBinding>,
    /// The default object's recording state.
    pub default_recording: Option<Recording>,
    /// The query that BeginConditionalRender named and its mode, while conditional
    /// rendering is on.
    pub conditional: Option<(u32, u32)>,
}
