//! Program pipeline objects (GL 4.6 §7.4) and the rule that decides the active compute
//! program (ARB_compute_shader issue 7, GL 4.6 §7.3): a program made current with
//! UseProgram is current for every stage; only without one does the bound pipeline's
//! compute stage count.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::state::context::ContextState;
use crate::state::objects::pipeline::{Pipeline, STAGES};
use crate::state::objects::program::{Executable, Program, program_in};
use std::sync::Arc;

impl ContextState {
    /// GenProgramPipelines / CreateProgramPipelines (GL 4.6 §7.4); n >= 0 was checked.
    pub fn gen_pipelines(&mut self, n: usize, create: bool) -> Vec<u32> {
        (0..n)
            .map(|_| {
                let name = self.pipelines.alloc();
                if create {
                    self.pipelines.set(name, Pipeline::new(name));
                }
                name
            })
            .collect()
    }

    /// DeletePipelines (GL 4.6 §7.4): unused names are ignored; a bound pipeline is
    /// unbound first.
    pub fn delete_pipelines(&mut self, names: &[u32]) {
        for &name in names {
            if name == 0 || !self.pipelines.is_name(name) {
                continue;
            }
            if self.bound_pipeline == name {
                self.bound_pipeline = 0;
            }
            if let Some(mut p) = self.pipelines.remove(name) {
                let shared = self.shared.clone();
                p.release(&shared);
            }
        }
    }

    pub fn is_pipeline(&self, name: u32) -> bool {
        self.pipelines.get(name).is_some()
    }

    /// The pipeline object `name`, created now if the name was only generated.
    /// GL 4.6 §7.4: INVALID_OPERATION if it is not a generated name.
    fn pipeline_mut(&mut self, name: u32) -> GlResult<&mut Pipeline> {
        if !self.pipelines.is_name(name) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "pipeline = {name} is not a name returned by glGenProgramPipelines (or it was deleted)"
            );
        }
        if self.pipelines.get(name).is_none() {
            self.pipelines.set(name, Pipeline::new(name));
        }
        Ok(self.pipelines.get_mut(name).expect("just created"))
    }

    fn check_pipeline_name(&self, name: u32) -> GlResult<()> {
        if !self.pipelines.is_name(name) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "pipeline = {name} is not a name returned by glGenProgramPipelines (or it was deleted)"
            );
        }
        Ok(())
    }

    /// BindProgramPipeline (GL 4.6 §7.4).
    pub fn bind_pipeline(&mut self, name: u32) -> GlResult<()> {
        // GL 4.6 §13.3.1: INVALID_OPERATION while transform feedback is active and not
        // paused (the program recording cannot change).
        if self.xfb_active_unpaused() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "transform feedback is active and not paused"
            );
        }
        if name != 0 {
            self.pipeline_mut(name)?;
        }
        self.bound_pipeline = name;
        // GL 4.6 §7.9: subroutine uniforms revert to their defaults.
        self.reset_subroutines();
        Ok(())
    }

    /// UseProgramStages (GL 4.6 §7.4).
    pub fn use_program_stages(&mut self, pipeline: u32, stages: u32, program: u32) -> GlResult<()> {
        // GL 4.6 §7.4: INVALID_OPERATION if pipeline is not a generated name.
        self.check_pipeline_name(pipeline)?;
        // GL 4.6 §13.3.1: INVALID_OPERATION while transform feedback is active and not
        // paused.
        if self.xfb_active_unpaused() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "transform feedback is active and not paused"
            );
        }
        let all: u32 = STAGES.iter().map(|s| s.1).fold(0, |a, b| a | b);
        // GL 4.6 §7.4: INVALID_VALUE if stages is not ALL_SHADER_BITS and has other bits.
        if stages != GL_ALL_SHADER_BITS && stages & !all != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "stages = 0x{stages:X} has undefined bits set"
            );
        }
        let prog = if program == 0 {
            None
        } else {
            let p = program_in(&self.shared.shader_objects.lock(), program)?;
            let st = p.state.lock();
            // GL 4.6 §7.4: INVALID_OPERATION if program was not linked successfully or
            // is not separable.
            if !st.link_status {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "program {program} is not linked successfully"
                );
            }
            if !st.separable {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "program {program} was not linked with GL_PROGRAM_SEPARABLE set"
                );
            }
            let exe = st.executable.clone();
            drop(st);
            Some((p, exe))
        };
        let shared = self.shared.clone();
        let mut released = Vec::new();
        let mut added = Vec::new();
        let pipe = self.pipeline_mut(pipeline)?;
        for (i, (stage, bit, _)) in STAGES.iter().enumerate() {
            if stages & bit == 0 {
                continue;
            }
            // A stage the program has no executable for becomes empty.
            let new = prog.as_ref().and_then(|(p, exe)| {
                exe.as_ref()
                    .filter(|e| e.stages.contains(stage))
                    .map(|_| p.clone())
            });
            if let Some(n) = &new {
                added.push(n.clone());
            }
            if let Some(old) = std::mem::replace(&mut pipe.stages[i], new) {
                released.push(old);
            }
        }
        for p in &added {
            self.use_program_ref(p);
        }
        for p in &released {
            shared.release_program(p);
        }
        // GL 4.6 §7.9: subroutine uniforms revert to their defaults.
        self.reset_subroutines();
        Ok(())
    }

    /// ActiveShaderProgram (GL 4.6 §7.4).
    pub fn active_shader_program(&mut self, pipeline: u32, program: u32) -> GlResult<()> {
        self.check_pipeline_name(pipeline)?;
        let prog = if program == 0 {
            None
        } else {
            let p = program_in(&self.shared.shader_objects.lock(), program)?;
            // GL 4.6 §7.4: INVALID_OPERATION if program is not linked successfully.
            if !p.state.lock().link_status {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "program {program} is not linked successfully"
                );
            }
            Some(p)
        };
        self.pipeline_mut(pipeline)?.active_program = prog;
        Ok(())
    }

    /// GetProgramPipelineiv (GL 4.6 §7.13).
    pub fn get_pipeline_iv(&mut self, pipeline: u32, pname: u32) -> GlResult<i64> {
        self.check_pipeline_name(pipeline)?;
        let stage_enum = STAGES.iter().position(|s| s.2 == pname);
        if stage_enum.is_none()
            && !matches!(
                pname,
                GL_ACTIVE_PROGRAM | GL_VALIDATE_STATUS | GL_INFO_LOG_LENGTH
            )
        {
            // GL 4.6 §7.13: INVALID_ENUM for any other pname.
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a pipeline parameter",
                Enum(pname)
            );
        }
        let pipe = self.pipeline_mut(pipeline)?;
        let name = |p: &Option<Arc<Program>>| p.as_ref().map(|p| p.name as i64).unwrap_or(0);
        Ok(match (pname, stage_enum) {
            (_, Some(i)) => name(&pipe.stages[i]),
            (GL_ACTIVE_PROGRAM, _) => name(&pipe.active_program),
            (GL_VALIDATE_STATUS, _) => pipe.validate_status as i64,
            _ => {
                if pipe.info_log.is_empty() {
                    0
                } else {
                    pipe.info_log.len() as i64 + 1
                }
            }
        })
    }

    /// ValidateProgramPipeline (GL 4.6 §11.1.3.11).
    pub fn validate_pipeline(&mut self, pipeline: u32) -> GlResult<()> {
        self.check_pipeline_name(pipeline)?;
        let pipe = self.pipeline_mut(pipeline)?;
        let mut problems = Vec::new();
        if pipe.stages.iter().all(|s| s.is_none()) {
            problems.push("no program is attached to any stage".to_string());
        }
        for p in pipe.stages.iter().flatten() {
            if !p.state.lock().separable {
                problems.push(format!("program {} is not separable", p.name));
            }
        }
        pipe.validate_status = problems.is_empty();
        pipe.info_log = problems.iter().map(|p| format!("error: {p}\n")).collect();
        Ok(())
    }

    pub fn pipeline_info_log(&mut self, pipeline: u32) -> GlResult<String> {
        self.check_pipeline_name(pipeline)?;
        Ok(self
            .pipelines
            .get(pipeline)
            .map(|p| p.info_log.clone())
            .unwrap_or_default())
    }

    /// The program whose executable runs compute dispatches, and that executable.
    pub fn active_compute(&self) -> Option<(Arc<Program>, Arc<Executable>)> {
        let prog = match &self.current_program {
            Some(p) => p.clone(),
            None => {
                let pipe = self.pipelines.get(self.bound_pipeline)?;
                pipe.stages[5].clone()?
            }
        };
        let exe = prog.executable()?;
        exe.compute?;
        Some((prog, exe))
    }
}
