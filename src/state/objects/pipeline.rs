//! Program pipeline objects (GL 4.6 §7.4): the program installed for each stage and the
//! active program. Pipelines are container objects: one context's, not shared.

use crate::gl::enums::*;
use crate::ir::shader::Stage;
use crate::state::objects::program::Program;
use crate::state::objects::share_group::ShareGroup;
use std::sync::Arc;

/// Stage order of a pipeline's program slots.
pub const STAGES: [(Stage, u32, u32); 6] = [
    (Stage::Vertex, GL_VERTEX_SHADER_BIT, GL_VERTEX_SHADER),
    (
        Stage::TessControl,
        GL_TESS_CONTROL_SHADER_BIT,
        GL_TESS_CONTROL_SHADER,
    ),
    (
        Stage::TessEvaluation,
        GL_TESS_EVALUATION_SHADER_BIT,
        GL_TESS_EVALUATION_SHADER,
    ),
    (Stage::Geometry, GL_GEOMETRY_SHADER_BIT, GL_GEOMETRY_SHADER),
    (Stage::Fragment, GL_FRAGMENT_SHADER_BIT, GL_FRAGMENT_SHADER),
    (Stage::Compute, GL_COMPUTE_SHADER_BIT, GL_COMPUTE_SHADER),
];

pub struct Pipeline {
    pub name: u32,
    pub stages: [Option<Arc<Program>>; 6],
    pub active_program: Option<Arc<Program>>,
    pub validate_status: bool,
    pub info_log: String,
    pub label: Option<String>,
}

impl Pipeline {
    pub fn new(name: u32) -> Pipeline {
        Pipeline {
            name,
            stages: Default::default(),
            active_program: None,
            validate_status: false,
            info_log: String::new(),
            label: None,
        }
    }

    /// Releases the programs held by the stages (pipeline deletion).
    pub fn release(&mut self, shared: &Arc<ShareGroup>) {
        for slot in self.stages.iter_mut() {
            if let Some(p) = slot.take() {
                shared.release_program(&p);
            }
        }
    }
}
