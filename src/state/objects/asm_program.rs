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

/// GL_COMPUTE_PROGRAM_NV and the other tokens of the assembly program API
/// (NV_compute_program5, ARB_vertex_program, NV_gpu_program4; values from
/// GL/glext.h).
pub mod tokens {
    pub const GL_COMPUTE_PROGRAM_NV: u32 = 0x90FB;
    pub const GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV: u32 = 0x90FC;
    pub const GL_PROGRAM_FORMAT_ASCII_ARB: u32 = 0x8875;
    pub const GL_PROGRAM_ERROR_POSITION_ARB: u32 = 0x864B;
    pub const GL_PROGRAM_ERROR_STRING_ARB: u32 = 0x8874;
    pub const GL_PROGRAM_LENGTH_ARB: u32 = 0x8627;
    pub const GL_PROGRAM_STRING_ARB: u32 = 0x8628;
    pub const GL_PROGRAM_BINDING_ARB: u32 = 0x8677;
    pub const GL_PROGRAM_FORMAT_ARB: u32 = 0x8876;
    pub const GL_PROGRAM_INSTRUCTIONS_ARB: u32 = 0x88A0;
    pub const GL_MAX_PROGRAM_INSTRUCTIONS_ARB: u32 = 0x88A1;
    pub const GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB: u32 = 0x88A2;
    pub const GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB: u32 = 0x88A3;
    pub const GL_PROGRAM_TEMPORARIES_ARB: u32 = 0x88A4;
    pub const GL_MAX_PROGRAM_TEMPORARIES_ARB: u32 = 0x88A5;
    pub const GL_PROGRAM_NATIVE_TEMPORARIES_ARB: u32 = 0x88A6;
    pub const GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB: u32 = 0x88A7;
    pub const GL_PROGRAM_PARAMETERS_ARB: u32 = 0x88A8;
    pub const GL_MAX_PROGRAM_PARAMETERS_ARB: u32 = 0x88A9;
    pub const GL_PROGRAM_NATIVE_PARAMETERS_ARB: u32 = 0x88AA;
    pub const GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB: u32 = 0x88AB;
    pub const GL_PROGRAM_ATTRIBS_ARB: u32 = 0x88AC;
    pub const GL_MAX_PROGRAM_ATTRIBS_ARB: u32 = 0x88AD;
    pub const GL_PROGRAM_NATIVE_ATTRIBS_ARB: u32 = 0x88AE;
    pub const GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB: u32 = 0x88AF;
    pub const GL_PROGRAM_ADDRESS_REGISTERS_ARB: u32 = 0x88B0;
    pub const GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB: u32 = 0x88B1;
    pub const GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB: u32 = 0x88B2;
    pub const GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB: u32 = 0x88B3;
    pub const GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB: u32 = 0x88B4;
    pub const GL_MAX_PROGRAM_ENV_PARAMETERS_ARB: u32 = 0x88B5;
    pub const GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB: u32 = 0x88B6;
    pub const GL_MAX_PROGRAM_EXEC_INSTRUCTIONS_NV: u32 = 0x88F4;
    pub const GL_MAX_PROGRAM_CALL_DEPTH_NV: u32 = 0x88F5;
    pub const GL_MAX_PROGRAM_IF_DEPTH_NV: u32 = 0x88F6;
    pub const GL_MAX_PROGRAM_LOOP_DEPTH_NV: u32 = 0x88F7;
}

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
        }
    }
}
