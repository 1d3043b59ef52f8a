//! Subroutine uniforms' values and the subroutine queries (GL 4.6 §7.9). The values
//! are context state, one list per stage, indexed by subroutine uniform location; they
//! revert to each location's lowest compatible index whenever UseProgram,
//! UseProgramStages or BindProgramPipeline changes what is in use. A dispatch hands the
//! compute stage's values to its kernel (see glsl::link::StageSubroutines).

use std::sync::Arc;

use super::context::ContextState;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::glsl::StageSubroutines;
use crate::ir::shader::Stage;
use crate::state::objects::program::Executable;

/// The stage a shadertype names, and its position in pipeline order.
fn stage_of(shadertype: u32) -> GlResult<(Stage, usize)> {
    Ok(match shadertype {
        GL_VERTEX_SHADER => (Stage::Vertex, 0),
        GL_TESS_CONTROL_SHADER => (Stage::TessControl, 1),
        GL_TESS_EVALUATION_SHADER => (Stage::TessEvaluation, 2),
        GL_GEOMETRY_SHADER => (Stage::Geometry, 3),
        GL_FRAGMENT_SHADER => (Stage::Fragment, 4),
        GL_COMPUTE_SHADER => (Stage::Compute, 5),
        // GL 4.6 §7.9: INVALID_ENUM if shadertype is not a shader stage.
        _ => gl_bail!(
            GL_INVALID_ENUM,
            "shadertype {} is not a shader stage",
            Enum(shadertype)
        ),
    })
}

/// A linked executable's subroutines for `stage` (None if it lacks the stage).
pub fn of_stage(exe: &Executable, stage: Stage) -> Option<&StageSubroutines> {
    exe.subroutines.iter().find(|s| s.stage == stage)
}

impl ContextState {
    /// The executable in use for a stage: the current program's if it has the stage,
    /// else the bound pipeline's program for it.
    fn stage_executable(&self, stage: Stage, slot: usize) -> Option<Arc<Executable>> {
        let prog = match &self.current_program {
            Some(p) => p.clone(),
            None => self.pipelines.get(self.bound_pipeline)?.stages[slot].clone()?,
        };
        let exe = prog.executable()?;
        exe.stages.contains(&stage).then_some(exe)
    }

    /// What UseProgram, UseProgramStages and BindProgramPipeline do to the values.
    pub fn reset_subroutines(&mut self) {
        self.subroutine_values = Default::default();
    }

    /// The values of a stage's locations: those set, or the defaults.
    fn subroutine_values_of(&self, slot: usize, subs: &StageSubroutines) -> Vec<u32> {
        let set = &self.subroutine_values[slot];
        if set.len() == subs.locations as usize {
            set.clone()
        } else {
            subs.defaults()
        }
    }

    /// For a dispatch: (selection variable's byte offset, candidate position) for each
    /// element of the compute stage's subroutine uniforms that live code uses.
    pub fn compute_subroutine_selections(&self, exe: &Executable) -> Vec<(usize, u32)> {
        let Some(subs) = of_stage(exe, Stage::Compute) else {
            return Vec::new();
        };
        let values = self.subroutine_values_of(5, subs);
        let mut out = Vec::new();
        for u in &subs.uniforms {
            let Some(Some(base)) = exe.reflection.default_offsets.get(u.global.0 as usize) else {
                continue;
            };
            for e in 0..u.size {
                let v = values.get((u.location + e) as usize).copied().unwrap_or(0);
                let pos = u.candidates.iter().position(|&c| c == v).unwrap_or(0);
                out.push((*base as usize + 4 * e as usize, pos as u32));
            }
        }
        out
    }

    /// UniformSubroutinesuiv (GL 4.6 §7.9).
    pub fn uniform_subroutines(&mut self, shadertype: u32, indices: &[u32]) -> GlResult<()> {
        let (stage, slot) = stage_of(shadertype)?;
        // GL 4.6 §7.9: INVALID_OPERATION if no program is active for the stage.
        let Some(exe) = self.stage_executable(stage, slot) else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "no program is active for the {} stage",
                stage.name()
            );
        };
        let Some(subs) = of_stage(&exe, stage) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "the {} stage has no subroutine uniform locations",
                stage.name()
            );
        };
        // GL 4.6 §7.9: INVALID_VALUE if count is not ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS.
        if indices.len() != subs.locations as usize {
            gl_bail!(
                GL_INVALID_VALUE,
                "count = {} but the {} stage has {} subroutine uniform locations",
                indices.len(),
                stage.name(),
                subs.locations
            );
        }
        for (loc, &x) in indices.iter().enumerate() {
            // GL 4.6 §7.9: INVALID_VALUE if an index is not below ACTIVE_SUBROUTINES.
            if !subs.functions.iter().any(|f| f.1 == x) {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "indices[{loc}] = {x} is not the index of a subroutine of the {} stage",
                    stage.name()
                );
            }
            // GL 4.6 §7.9: INVALID_OPERATION if it is not compatible with the location.
            if let Some((u, _)) = subs.at(loc as u32)
                && !u.compatible.contains(&x)
            {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "subroutine {x} is not compatible with subroutine uniform `{}' (location {loc})",
                    u.name
                );
            }
        }
        self.subroutine_values[slot] = indices.to_vec();
        Ok(())
    }

    /// GetUniformSubroutineuiv (GL 4.6 §7.9).
    pub fn uniform_subroutine(&mut self, shadertype: u32, location: i32) -> GlResult<u32> {
        let (stage, slot) = stage_of(shadertype)?;
        // GL 4.6 §7.9: INVALID_OPERATION if no program is active for the stage.
        let Some(exe) = self.stage_executable(stage, slot) else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "no program is active for the {} stage",
                stage.name()
            );
        };
        let subs = of_stage(&exe, stage);
        let n = subs.map_or(0, |s| s.locations);
        // GL 4.6 §7.9: INVALID_VALUE if location is not below
        // ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS.
        let (Some(subs), Ok(l)) = (subs, u32::try_from(location)) else {
            gl_bail!(GL_INVALID_VALUE, "location {location} is not below {n}");
        };
        if l >= n {
            gl_bail!(GL_INVALID_VALUE, "location {location} is not below {n}");
        }
        Ok(self.subroutine_values_of(slot, subs)[l as usize])
    }

    /// The linked executable of `program` and its subroutines for `shadertype`
    /// (None: not linked or no such stage, where the queries answer nothing).
    fn program_subroutines(
        &mut self,
        program: u32,
        shadertype: u32,
    ) -> GlResult<(Stage, Option<Arc<Executable>>)> {
        let prog = self.lookup_program(program)?;
        let (stage, _) = stage_of(shadertype)?;
        let exe = {
            let st = prog.state.lock();
            st.executable.clone().filter(|_| st.link_status)
        };
        Ok((stage, exe.filter(|e| of_stage(e, stage).is_some())))
    }

    /// GetSubroutineUniformLocation (GL 4.6 §7.9): `name` or `name[i]`.
    pub fn subroutine_uniform_location(
        &mut self,
        program: u32,
        shadertype: u32,
        name: &str,
    ) -> GlResult<i32> {
        let (stage, exe) = self.program_subroutines(program, shadertype)?;
        let Some(exe) = exe else { return Ok(-1) };
        let subs = of_stage(&exe, stage).expect("checked");
        Ok(subs
            .find_uniform(name)
            .map_or(-1, |(u, e)| (subs.uniforms[u].location + e) as i32))
    }

    /// GetSubroutineIndex (GL 4.6 §7.9).
    pub fn subroutine_index(&mut self, program: u32, shadertype: u32, name: &str) -> GlResult<u32> {
        let (stage, exe) = self.program_subroutines(program, shadertype)?;
        let Some(exe) = exe else {
            return Ok(GL_INVALID_INDEX);
        };
        let subs = of_stage(&exe, stage).expect("checked");
        Ok(subs
            .functions
            .iter()
            .find(|f| f.0 == name)
            .map_or(GL_INVALID_INDEX, |f| f.1))
    }

    /// GetActiveSubroutineUniformiv (GL 4.6 §7.9): the values of `pname`.
    pub fn active_subroutine_uniform_iv(
        &mut self,
        program: u32,
        shadertype: u32,
        index: u32,
        pname: u32,
    ) -> GlResult<Vec<i32>> {
        let (stage, exe) = self.program_subroutines(program, shadertype)?;
        let u = exe
            .as_ref()
            .and_then(|e| of_stage(e, stage)?.uniforms.get(index as usize));
        // GL 4.6 §7.9: INVALID_VALUE if index is not below ACTIVE_SUBROUTINE_UNIFORMS.
        let Some(u) = u else {
            gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not an active subroutine uniform"
            );
        };
        Ok(match pname {
            GL_NUM_COMPATIBLE_SUBROUTINES => vec![u.compatible.len() as i32],
            GL_COMPATIBLE_SUBROUTINES => u.compatible.iter().map(|&c| c as i32).collect(),
            GL_UNIFORM_SIZE => vec![u.size as i32],
            GL_UNIFORM_NAME_LENGTH => vec![StageSubroutines::resource_name(u).len() as i32 + 1],
            // GL 4.6 §7.9: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a subroutine uniform property",
                Enum(pname)
            ),
        })
    }

    /// GetActiveSubroutineUniformName (`uniform`) and GetActiveSubroutineName (GL 4.6
    /// §7.9).
    pub fn active_subroutine_name(
        &mut self,
        program: u32,
        shadertype: u32,
        index: u32,
        uniform: bool,
    ) -> GlResult<String> {
        let (stage, exe) = self.program_subroutines(program, shadertype)?;
        let subs = exe.as_ref().and_then(|e| of_stage(e, stage));
        let name = if uniform {
            subs.and_then(|s| s.uniforms.get(index as usize))
                .map(StageSubroutines::resource_name)
        } else {
            subs.and_then(|s| s.functions.iter().find(|f| f.1 == index))
                .map(|f| f.0.clone())
        };
        // GL 4.6 §7.9: INVALID_VALUE if index is not below ACTIVE_SUBROUTINE_UNIFORMS
        // (ACTIVE_SUBROUTINES).
        match name {
            Some(n) => Ok(n),
            None => gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not an active subroutine{}",
                if uniform { " uniform" } else { "" }
            ),
        }
    }

    /// GetProgramStageiv (GL 4.6 §7.9).
    pub fn program_stage_iv(&mut self, program: u32, shadertype: u32, pname: u32) -> GlResult<i32> {
        let (stage, exe) = self.program_subroutines(program, shadertype)?;
        let subs = exe.as_ref().and_then(|e| of_stage(e, stage));
        let max = |names: &mut dyn Iterator<Item = &String>| {
            names.map(|n| n.len() as i32 + 1).max().unwrap_or(0)
        };
        Ok(match pname {
            GL_ACTIVE_SUBROUTINE_UNIFORMS => subs.map_or(0, |s| s.uniforms.len() as i32),
            GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS => subs.map_or(0, |s| s.locations as i32),
            GL_ACTIVE_SUBROUTINES => subs.map_or(0, |s| s.functions.len() as i32),
            GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH => subs.map_or(0, |s| {
                let names: Vec<String> = s
                    .uniforms
                    .iter()
                    .map(StageSubroutines::resource_name)
                    .collect();
                max(&mut names.iter())
            }),
            GL_ACTIVE_SUBROUTINE_MAX_LENGTH => {
                subs.map_or(0, |s| max(&mut s.functions.iter().map(|f| &f.0)))
            }
            // GL 4.6 §7.9: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a program stage property",
                Enum(pname)
            ),
        })
    }
}
