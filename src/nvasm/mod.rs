//! The NV_compute_program5 front end: compute programs in NVIDIA's assembly language
//! (`!!NVcp5.0`, the NV_gpu_program4/5 grammar with NV_compute_program5's and
//! NV_shader_storage_buffer's additions). [`lex`] and [`parse`] read a program string
//! into [`ast`]; [`lower`] turns it into the same IR the GLSL and SPIR-V front ends
//! build, checked by the same validator, so the back end and runtime run it unchanged.
//! A program string is untrusted input: every problem is a [`LoadError`] with the byte
//! offset, line and column of the offending token (ARB_vertex_program's
//! PROGRAM_ERROR_POSITION_ARB), never a panic, and nothing recurses on the input.
//! It is called by the state layer (ProgramStringARB) and builds on the IR layer only
//! (tests/layers.rs).

pub mod ast;
pub mod error;
pub mod lex;
pub mod lower;
pub mod ops;
pub mod parse;

use crate::ir::shader::CompiledShader;
pub use error::LoadError;

/// A loaded program: the IR module (a compute shader with one entry point) and what
/// the API needs beside it.
#[derive(Debug)]
pub struct Loaded {
    pub shader: CompiledShader,
    /// The parameter slots the module's `_nvparams` uniform array holds, in order.
    pub params: Vec<ast::ParamSource>,
    /// PROGRAM_INSTRUCTIONS_ARB, PROGRAM_TEMPORARIES_ARB, PROGRAM_PARAMETERS_ARB,
    /// PROGRAM_ATTRIBS_ARB.
    pub instructions: u32,
    pub temporaries: u32,
    pub parameters: u32,
    pub attribs: u32,
}

pub use lower::PARAMS_UNIFORM;

/// Parses and lowers a program string.
pub fn load(text: &[u8]) -> Result<Loaded, LoadError> {
    let prog = parse::parse(text)?;
    let end = error::Pos {
        offset: text.len(),
        ..Default::default()
    };
    let module = lower::lower(&prog).map_err(|e| LoadError::at(e.0.unwrap_or(end), e.1))?;
    Ok(Loaded {
        shader: CompiledShader {
            stage: crate::ir::shader::Stage::Compute,
            module,
        },
        params: prog.params.clone(),
        instructions: prog.instructions,
        temporaries: prog.temps.iter().map(|t| t.len.unwrap_or(1)).sum(),
        parameters: prog.params.len() as u32,
        attribs: prog.attribs,
    })
}
