//! Assembly program objects (ARB_vertex_program §2.14.1 as NV_gpu_program4 and
//! NV_compute_program5 extend it) for the target COMPUTE_PROGRAM_NV: the program
//! string, the loaded program (its IR compiled like a GLSL compute program, kept as
//! an executable of a private program object), its local parameters; and the
//! per-context state (the enable, the binding, the environment parameters, the last
//! load's error position and string).

use crate::nvasm::ast::ParamSource;
use crate::runtime::sync::Mutex;
use crate::state::objects::program::{Executable, Program};
use std::ffi::CString;
use std::sync::Arc;

/// The type a parameter's values were last given in (NV_gpu_program4 §2.X.3.3:
/// reading them as another type is undefined; glcompute keeps the bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamType {
    Float,
    Int,
    Uint,
}

/// Four parameter words and their type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    pub bits: [u32; 4],
    pub ty: ParamType,
}

impl Default for Param {
    fn default() -> Self {
        Param {
            bits: [0; 4],
            ty: ParamType::Float,
        }
    }
}

/// A successfully loaded program string.
pub struct LoadedProgram {
    /// The private program object whose executable the dispatch runs (no name in
    /// any table).
    pub program: Arc<Program>,
    pub exe: Arc<Executable>,
    pub params: Vec<ParamSource>,
    /// Byte offset of the parameter array in the executable's default uniform data.
    pub params_offset: Option<usize>,
    pub local_size: Option<[u32; 3]>,
    pub instructions: u32,
    pub temporaries: u32,
    pub parameters: u32,
    pub attribs: u32,
}

pub struct AsmProgram {
    pub name: u32,
    pub state: Mutex<AsmProgramState>,
}

pub struct AsmProgramState {
    /// PROGRAM_STRING_ARB: the last string loaded successfully.
    pub source: Vec<u8>,
    pub loaded: Option<Arc<LoadedProgram>>,
    /// The local parameters (MAX_PROGRAM_LOCAL_PARAMETERS_ARB of them).
    pub local: Vec<Param>,
}

impl AsmProgram {
    pub fn new(name: u32) -> Arc<AsmProgram> {
        Arc::new(AsmProgram {
            name,
            state: Mutex::new(AsmProgramState {
                source: Vec::new(),
                loaded: None,
                local: vec![Param::default(); crate::nvasm::parse::MAX_LOCAL_PARAMETERS as usize],
            }),
        })
    }
}

/// A context's assembly compute program state.
pub struct AsmState {
    /// Enable(COMPUTE_PROGRAM_NV).
    pub enabled: bool,
    /// The program bound to COMPUTE_PROGRAM_NV; name 0 is this context's default
    /// program object.
    pub bound: Arc<AsmProgram>,
    pub default: Arc<AsmProgram>,
    /// The environment parameters of COMPUTE_PROGRAM_NV.
    pub env: Vec<Param>,
    /// PROGRAM_ERROR_POSITION_ARB and PROGRAM_ERROR_STRING_ARB of the last
    /// ProgramStringARB.
    pub error_position: i32,
    pub error_string: CString,
    /// Interposed mode: whether the context's last ProgramStringARB was glcompute's
    /// (COMPUTE_PROGRAM_NV), so that PROGRAM_ERROR_POSITION_ARB and
    /// PROGRAM_ERROR_STRING_ARB are glcompute's rather than the host's.
    pub last_load_ours: bool,
}

impl Default for AsmState {
    fn default() -> Self {
        let default = AsmProgram::new(0);
        AsmState {
            enabled: false,
            bound: default.clone(),
            default,
            env: vec![Param::default(); crate::nvasm::parse::MAX_ENV_PARAMETERS as usize],
            error_position: -1,
            error_string: CString::default(),
            last_load_ours: false,
        }
    }
}
