//! The assembly program commands (ARB_vertex_program §2.14.1 and §6.1.12 as
//! NV_gpu_program4 and NV_compute_program5 extend them) for COMPUTE_PROGRAM_NV:
//! names, binding, loading a program string, local and environment parameters and
//! the queries. Assembly programs exist in compatibility-profile contexts, as on
//! NVIDIA's driver; a core or OpenGL ES context has no COMPUTE_PROGRAM_NV target or
//! capability (INVALID_ENUM) and its GenProgramsARB, DeleteProgramsARB and
//! IsProgramARB do nothing but record INVALID_OPERATION.

use super::context::ContextState;
use crate::gl::asm_enums::*;
use crate::gl::error::GlResult;
use crate::gl::types::UserIn;
use crate::gl_bail;
use crate::ir::shader::Stage;
use crate::nvasm::ast::ParamSource;
use crate::state::objects::asm_program::*;
use crate::state::objects::program::{Executable, Program, ProgramState, UniformState};
use std::ffi::CString;
use std::sync::Arc;

/// What a dispatch of an assembly program runs: its private program object, the
/// executable, and its parameter bytes at their offset in the default uniform data.
pub type AsmDispatch = (Arc<Program>, Arc<Executable>, Option<(usize, Vec<u8>)>);

/// Which parameter array a command names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    Local,
    Env,
}

impl ContextState {
    fn asm_context(&self, func: &str) -> GlResult<()> {
        if self.info.es || self.info.is_core() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "{func}: assembly programs (GL_NV_compute_program5) exist in compatibility-profile contexts only"
            );
        }
        Ok(())
    }

    /// ARB_vertex_program: INVALID_ENUM for a target that is not a program target
    /// (COMPUTE_PROGRAM_NV is the only one here, and only in a compatibility context).
    fn asm_target(&self, target: u32) -> GlResult<()> {
        if target != GL_COMPUTE_PROGRAM_NV || self.info.es || self.info.is_core() {
            gl_bail!(
                GL_INVALID_ENUM,
                "target 0x{target:04X} is not a program target{}",
                if target == GL_COMPUTE_PROGRAM_NV {
                    " of a core-profile or OpenGL ES context (GL_NV_compute_program5 needs a compatibility profile)"
                } else {
                    " (GL_COMPUTE_PROGRAM_NV is glcompute's one)"
                }
            );
        }
        Ok(())
    }

    /// GetString(PROGRAM_ERROR_STRING_ARB) of a compatibility context: the last
    /// ProgramStringARB's error text (empty after a successful load); None for any
    /// other name or context.
    pub fn program_error_string(&self, name: u32) -> Option<&CString> {
        (name == GL_PROGRAM_ERROR_STRING_ARB && !self.info.es && !self.info.is_core())
            .then_some(&self.asm.error_string)
    }

    /// GenProgramsARB.
    pub fn gen_programs_arb(&mut self, n: i32) -> GlResult<Vec<u32>> {
        self.asm_context("glGenProgramsARB")?;
        // GL 4.6 §2.3.1: INVALID_VALUE for a negative count.
        if n < 0 {
            gl_bail!(GL_INVALID_VALUE, "n = {n} is negative");
        }
        let mut table = self.shared.asm_programs.lock();
        Ok((0..n).map(|_| table.alloc()).collect())
    }

    /// DeleteProgramsARB: a bound program is unbound first (the default program
    /// takes its place); unused names and 0 are ignored.
    pub fn delete_programs_arb(&mut self, names: &[u32]) -> GlResult<()> {
        self.asm_context("glDeleteProgramsARB")?;
        for &name in names {
            if name == 0 {
                continue;
            }
            if self.asm.bound.name == name {
                self.asm.bound = self.asm.default.clone();
            }
            self.shared.asm_programs.lock().remove(name);
        }
        Ok(())
    }

    /// IsProgramARB: true for the name of an existing program object (a name from
    /// GenProgramsARB that was never bound is not one).
    pub fn is_program_arb(&mut self, name: u32) -> GlResult<bool> {
        self.asm_context("glIsProgramARB")?;
        Ok(name != 0 && self.shared.asm_programs.lock().get(name).is_some())
    }

    /// BindProgramARB: 0 is the default program; a name without an object gets one.
    pub fn bind_program_arb(&mut self, target: u32, name: u32) -> GlResult<()> {
        self.asm_target(target)?;
        if name == 0 {
            self.asm.bound = self.asm.default.clone();
            return Ok(());
        }
        let mut table = self.shared.asm_programs.lock();
        let prog = match table.get(name) {
            Some(p) => p.clone(),
            None => {
                let p = AsmProgram::new(name);
                table.set(name, p.clone());
                p
            }
        };
        drop(table);
        self.asm.bound = prog;
        Ok(())
    }

    /// ProgramStringARB: parses, checks and compiles the string for the program
    /// bound to `target`. On a load failure the program keeps what it had, and
    /// PROGRAM_ERROR_POSITION_ARB and PROGRAM_ERROR_STRING_ARB say where and why.
    pub fn program_string_arb(&mut self, target: u32, format: u32, text: &[u8]) -> GlResult<()> {
        self.asm_target(target)?;
        // ARB_vertex_program: the format must be PROGRAM_FORMAT_ASCII_ARB.
        if format != GL_PROGRAM_FORMAT_ASCII_ARB {
            gl_bail!(
                GL_INVALID_ENUM,
                "format 0x{format:04X} is not GL_PROGRAM_FORMAT_ASCII_ARB"
            );
        }
        match load(text) {
            Ok(loaded) => {
                let mut st = self.asm.bound.state.lock();
                st.source = text.to_vec();
                st.loaded = Some(Arc::new(loaded));
                drop(st);
                self.asm.error_position = -1;
                self.asm.error_string = CString::default();
                Ok(())
            }
            Err((pos, msg)) => {
                self.asm.error_position = pos as i32;
                self.asm.error_string = CString::new(msg.replace('\0', " ")).unwrap_or_default();
                // ARB_vertex_program §2.14.1: INVALID_OPERATION when the program fails
                // to load.
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "the program failed to load: {}",
                    self.asm.error_string.to_string_lossy()
                );
            }
        }
    }

    /// The checks of ProgramLocalParameter*, ProgramEnvParameter* and their plural
    /// forms, made before the application's array is read: the target, and `count`
    /// parameters from `index` (ARB_vertex_program: INVALID_VALUE if index is not below
    /// MAX_PROGRAM_{LOCAL,ENV}_PARAMETERS_ARB; EXT_gpu_program_parameters: if index +
    /// count is above it).
    pub fn check_program_params(
        &self,
        kind: ParamKind,
        target: u32,
        index: u32,
        count: usize,
    ) -> GlResult<()> {
        self.asm_target(target)?;
        let (max, what) = match kind {
            ParamKind::Local => (crate::nvasm::parse::MAX_LOCAL_PARAMETERS, "LOCAL"),
            ParamKind::Env => (crate::nvasm::parse::MAX_ENV_PARAMETERS, "ENV"),
        };
        if index >= max || index as u64 + count as u64 > max as u64 {
            gl_bail!(
                GL_INVALID_VALUE,
                "parameters {index}..{} pass GL_MAX_PROGRAM_{what}_PARAMETERS_ARB ({max})",
                index as u64 + count.max(1) as u64 - 1
            );
        }
        Ok(())
    }

    /// ProgramLocalParameter*, ProgramEnvParameter* and their plural forms: `values`
    /// from `index` on.
    pub fn program_params(
        &mut self,
        kind: ParamKind,
        target: u32,
        index: u32,
        values: &[Param],
    ) -> GlResult<()> {
        self.check_program_params(kind, target, index, values.len())?;
        let at = index as usize;
        match kind {
            ParamKind::Local => {
                let mut st = self.asm.bound.state.lock();
                st.local[at..at + values.len()].copy_from_slice(values);
            }
            ParamKind::Env => self.asm.env[at..at + values.len()].copy_from_slice(values),
        }
        Ok(())
    }

    /// GetProgramLocalParameter* and GetProgramEnvParameter*.
    pub fn get_program_param(
        &mut self,
        kind: ParamKind,
        target: u32,
        index: u32,
    ) -> GlResult<Param> {
        self.asm_target(target)?;
        let max = match kind {
            ParamKind::Local => crate::nvasm::parse::MAX_LOCAL_PARAMETERS,
            ParamKind::Env => crate::nvasm::parse::MAX_ENV_PARAMETERS,
        };
        if index >= max {
            gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below the {max} parameters"
            );
        }
        Ok(match kind {
            ParamKind::Local => self.asm.bound.state.lock().local[index as usize],
            ParamKind::Env => self.asm.env[index as usize],
        })
    }

    /// GetProgramivARB (ARB_vertex_program §6.1.12, NV_gpu_program4).
    pub fn get_program_iv_arb(&mut self, target: u32, pname: u32) -> GlResult<i32> {
        use crate::nvasm::parse as lim;
        self.asm_target(target)?;
        let st = self.asm.bound.state.lock();
        let l = st.loaded.clone();
        let count = |f: fn(&LoadedProgram) -> u32| l.as_ref().map_or(0, |l| f(l) as i32);
        Ok(match pname {
            GL_PROGRAM_LENGTH_ARB => st.source.len().min(i32::MAX as usize) as i32,
            GL_PROGRAM_FORMAT_ARB => GL_PROGRAM_FORMAT_ASCII_ARB as i32,
            GL_PROGRAM_BINDING_ARB => self.asm.bound.name as i32,
            GL_PROGRAM_INSTRUCTIONS_ARB | GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB => {
                count(|l| l.instructions)
            }
            GL_PROGRAM_TEMPORARIES_ARB | GL_PROGRAM_NATIVE_TEMPORARIES_ARB => {
                count(|l| l.temporaries)
            }
            GL_PROGRAM_PARAMETERS_ARB | GL_PROGRAM_NATIVE_PARAMETERS_ARB => count(|l| l.parameters),
            GL_PROGRAM_ATTRIBS_ARB | GL_PROGRAM_NATIVE_ATTRIBS_ARB => count(|l| l.attribs),
            GL_PROGRAM_ADDRESS_REGISTERS_ARB | GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB => 0,
            GL_MAX_PROGRAM_INSTRUCTIONS_ARB | GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB => {
                lim::MAX_INSTRUCTIONS as i32
            }
            GL_MAX_PROGRAM_TEMPORARIES_ARB | GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB => {
                lim::MAX_TEMPORARIES as i32
            }
            GL_MAX_PROGRAM_PARAMETERS_ARB | GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB => {
                lim::MAX_PARAMETERS as i32
            }
            GL_MAX_PROGRAM_ATTRIBS_ARB | GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB => 16,
            GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB | GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB => 1,
            GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB => lim::MAX_LOCAL_PARAMETERS as i32,
            GL_MAX_PROGRAM_ENV_PARAMETERS_ARB => lim::MAX_ENV_PARAMETERS as i32,
            GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB => 1,
            GL_MAX_PROGRAM_EXEC_INSTRUCTIONS_NV => i32::MAX,
            GL_MAX_PROGRAM_CALL_DEPTH_NV => lim::MAX_CALL_DEPTH as i32,
            GL_MAX_PROGRAM_IF_DEPTH_NV => lim::MAX_IF_DEPTH as i32,
            GL_MAX_PROGRAM_LOOP_DEPTH_NV => lim::MAX_LOOP_DEPTH as i32,
            GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV => {
                crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS
            }
            GL_MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV => {
                crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_SIZE as i32
            }
            // NV_gpu_program4's attribute and result component counts and
            // NV_vertex_program4's generic ones, as NVIDIA's driver answers them for a
            // compute program (driver 580: 0, 0, 16, 0, 0, 0): a compute program has
            // no results, and its invocation attributes are not counted.
            GL_PROGRAM_ATTRIB_COMPONENTS_NV
            | GL_PROGRAM_RESULT_COMPONENTS_NV
            | GL_MAX_PROGRAM_RESULT_COMPONENTS_NV
            | GL_MAX_PROGRAM_GENERIC_ATTRIBS_NV
            | GL_MAX_PROGRAM_GENERIC_RESULTS_NV => 0,
            GL_MAX_PROGRAM_ATTRIB_COMPONENTS_NV => 16,
            // NV_gpu_program5's SUBROUTINE limits: 0, as glcompute's programs cannot
            // declare subroutine types (NVIDIA's driver: 1024 each).
            GL_MAX_PROGRAM_SUBROUTINE_PARAMETERS_NV | GL_MAX_PROGRAM_SUBROUTINE_NUM_NV => 0,
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname 0x{pname:04X} is not a GetProgramivARB name"
            ),
        })
    }

    /// GetProgramStringARB: the string last loaded into the bound program.
    pub fn get_program_string_arb(&mut self, target: u32, pname: u32) -> GlResult<Vec<u8>> {
        self.asm_target(target)?;
        if pname != GL_PROGRAM_STRING_ARB {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname 0x{pname:04X} is not GL_PROGRAM_STRING_ARB"
            );
        }
        Ok(self.asm.bound.state.lock().source.clone())
    }

    /// ProgramBufferParameters{f,Ii,Iui}vNV (NV_parameter_buffer_object): `count`
    /// words from `word` on of the buffer bound at parameter buffer binding `binding`,
    /// as BufferSubData would write them.
    pub fn program_buffer_parameters(
        &mut self,
        target: u32,
        binding: u32,
        word: u32,
        count: usize,
        data: UserIn,
    ) -> GlResult<()> {
        if target != GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV || !self.bindings.assembly_targets {
            gl_bail!(
                GL_INVALID_ENUM,
                "target 0x{target:04X} is not GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV (of a compatibility context)"
            );
        }
        // NV_parameter_buffer_object: INVALID_OPERATION if no buffer is bound at the
        // binding point.
        let Some(buf) = self
            .bindings
            .program_parameter_indexed
            .get(binding as usize)
            .and_then(|b| b.buffer.clone())
        else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "no buffer is bound to GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV binding {binding}"
            );
        };
        // INVALID_VALUE if wordIndex + count passes the buffer's words or
        // MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV.
        let end = word as u64 + count as u64;
        let words = buf.state.lock().size() as u64 / 4;
        if end > words || end > crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_SIZE as u64 {
            gl_bail!(
                GL_INVALID_VALUE,
                "words {word}..{end} pass the {words} words of buffer {} or GL_MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV ({})",
                buf.name,
                crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_SIZE
            );
        }
        self.buffer_sub_data(
            crate::state::buffer::BufRef::Named(buf.name),
            word as i64 * 4,
            count as i64 * 4,
            data,
        )
    }

    /// The assembly compute program a dispatch runs, if COMPUTE_PROGRAM_NV is enabled
    /// (INVALID_OPERATION when the bound program has no loaded string), with its
    /// parameter values as (byte offset, bytes) of its default uniform data.
    pub fn asm_compute(&self) -> GlResult<Option<AsmDispatch>> {
        if !self.asm.enabled {
            return Ok(None);
        }
        let st = self.asm.bound.state.lock();
        let Some(l) = st.loaded.clone() else {
            // ARB_vertex_program §2.14.1: a command that would run an enabled program
            // that is not loaded (valid) is INVALID_OPERATION.
            gl_bail!(
                GL_INVALID_OPERATION,
                "GL_COMPUTE_PROGRAM_NV is enabled and assembly program {} has no loaded program string",
                self.asm.bound.name
            );
        };
        let mut bytes = Vec::with_capacity(l.params.len() * 16);
        for p in &l.params {
            let bits = match *p {
                ParamSource::Const(b) => b,
                ParamSource::Local(i) => st.local.get(i as usize).map_or([0; 4], |p| p.bits),
                ParamSource::Env(i) => self.asm.env.get(i as usize).map_or([0; 4], |p| p.bits),
            };
            for w in bits {
                bytes.extend_from_slice(&w.to_ne_bytes());
            }
        }
        let patch = l.params_offset.map(|o| (o, bytes));
        Ok(Some((l.program.clone(), l.exe.clone(), patch)))
    }
}

/// Loads a program string: parse, lower, link and compile. Err: the error's byte
/// offset and its text.
fn load(text: &[u8]) -> Result<LoadedProgram, (usize, String)> {
    let loaded = crate::nvasm::load(text).map_err(|e| (e.pos.offset, e.to_string()))?;
    let local_size = match loaded.shader.module.local_size {
        Some(crate::ir::LocalSize::Fixed(s)) => Some(s),
        _ => None,
    };
    let compiled = vec![(1u32, Stage::Compute, Some(Arc::new(loaded.shader)))];
    let end = |msg: String| (text.len(), msg);
    let (linked, _) = crate::glsl::link(&compiled, false).map_err(end)?;
    let exe = Arc::new(Executable::link(linked).map_err(end)?);
    let params_offset = exe
        .module
        .globals
        .iter()
        .position(|g| g.name == crate::nvasm::PARAMS_UNIFORM)
        .and_then(|i| exe.reflection.default_offsets.get(i).copied().flatten())
        .map(|o| o as usize);
    let program = Arc::new(Program {
        name: 0,
        state: crate::runtime::sync::Mutex::new(ProgramState {
            link_status: true,
            executable: Some(exe.clone()),
            uniforms: UniformState::from_reflection(&exe.reflection),
            ..ProgramState::default()
        }),
    });
    Ok(LoadedProgram {
        program,
        exe,
        params: loaded.params,
        params_offset,
        local_size,
        instructions: loaded.instructions,
        temporaries: loaded.temporaries,
        parameters: loaded.parameters,
        attribs: loaded.attribs,
    })
}
