//! The older active-uniform and uniform-block queries (GL 4.6 §7.3.1.1, §7.6.2):
//! GetActiveUniform(Name), GetUniformIndices, GetActiveUniformsiv,
//! GetUniformBlockIndex, GetActiveUniformBlock(Name|iv) and
//! GetActiveAtomicCounterBufferiv.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::ir::reflect::Reflection;
use crate::state::context::ContextState;
use crate::state::objects::program::{Executable, Program};
use crate::state::program_interface::{
    block_referenced, referenced, referenced_stage, variable_prop,
};
use crate::state::uniform::gl_type;
use crate::state::uniform::name_len;
use std::sync::Arc;

impl ContextState {
    /// GetActiveUniform (GL 4.6 §7.6.1): (name, size, type).
    pub fn get_active_uniform(&mut self, program: u32, index: u32) -> GlResult<(String, i32, u32)> {
        let (_, exe) = self.reflection_of(program)?;
        let Some(exe) = exe.as_ref() else {
            gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below GL_ACTIVE_UNIFORMS = 0 (the program is not linked)"
            )
        };
        let r = &exe.reflection;
        let Some(u) = r.uniforms.get(index as usize) else {
            // GL 4.6 §7.6.1: INVALID_VALUE if index >= ACTIVE_UNIFORMS.
            gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below GL_ACTIVE_UNIFORMS = {}",
                r.uniforms.len()
            )
        };
        Ok((
            u.name.clone(),
            u.elements() as i32,
            gl_type(&exe.module.types, u.ty),
        ))
    }

    /// GetActiveUniformName (GL 4.6 §7.6.1).
    pub fn get_active_uniform_name(&mut self, program: u32, index: u32) -> GlResult<String> {
        Ok(self.get_active_uniform(program, index)?.0)
    }

    /// GetUniformIndices (GL 4.6 §7.6.1): INVALID_INDEX for names that are not active.
    pub fn get_uniform_indices(&mut self, program: u32, names: &[String]) -> GlResult<Vec<u32>> {
        let (_, exe) = self.reflection_of(program)?;
        Ok(names
            .iter()
            .map(|n| {
                exe.as_ref()
                    .and_then(|e| Reflection::find(&e.reflection.uniforms, n))
                    .unwrap_or(GL_INVALID_INDEX)
            })
            .collect())
    }

    /// GetActiveUniformsiv (GL 4.6 §7.6.1).
    pub fn get_active_uniforms_iv(
        &mut self,
        program: u32,
        indices: &[u32],
        pname: u32,
    ) -> GlResult<Vec<i32>> {
        let (_, exe) = self.reflection_of(program)?;
        let n = exe
            .as_ref()
            .map(|e| e.reflection.uniforms.len())
            .unwrap_or(0);
        // GL 4.6 §7.6.1: INVALID_VALUE if an index is not below ACTIVE_UNIFORMS.
        if let Some(bad) = indices.iter().find(|&&i| i as usize >= n) {
            gl_bail!(
                GL_INVALID_VALUE,
                "uniform index {bad} is not below GL_ACTIVE_UNIFORMS = {n}"
            );
        }
        let prop = match pname {
            GL_UNIFORM_TYPE => GL_TYPE,
            GL_UNIFORM_SIZE => GL_ARRAY_SIZE,
            GL_UNIFORM_NAME_LENGTH => GL_NAME_LENGTH,
            GL_UNIFORM_BLOCK_INDEX => GL_BLOCK_INDEX,
            GL_UNIFORM_OFFSET => GL_OFFSET,
            GL_UNIFORM_ARRAY_STRIDE => GL_ARRAY_STRIDE,
            GL_UNIFORM_MATRIX_STRIDE => GL_MATRIX_STRIDE,
            GL_UNIFORM_IS_ROW_MAJOR => GL_IS_ROW_MAJOR,
            GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX => GL_ATOMIC_COUNTER_BUFFER_INDEX,
            // GL 4.6 §7.6.1: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a uniform property",
                Enum(pname)
            ),
        };
        let Some(exe) = exe else {
            return Ok(Vec::new());
        };
        indices
            .iter()
            .map(|&i| {
                let u = &exe.reflection.uniforms[i as usize];
                Ok(match prop {
                    // The legacy query reports 1 for a non-array (never 0).
                    GL_ARRAY_SIZE => u.elements() as i32,
                    _ => variable_prop(&exe, u, prop, false)?,
                })
            })
            .collect()
    }

    /// GetUniformBlockIndex (GL 4.6 §7.6.2).
    pub fn get_uniform_block_index(&mut self, program: u32, name: &str) -> GlResult<u32> {
        let (_, exe) = self.reflection_of(program)?;
        Ok(exe
            .and_then(|e| Reflection::find_block(&e.reflection.uniform_blocks, name))
            .unwrap_or(GL_INVALID_INDEX))
    }

    pub fn uniform_block(
        &mut self,
        program: u32,
        index: u32,
    ) -> GlResult<(Arc<Program>, Arc<Executable>)> {
        let (prog, exe) = self.reflection_of(program)?;
        let n = exe
            .as_ref()
            .map(|e| e.reflection.uniform_blocks.len())
            .unwrap_or(0);
        match exe {
            Some(e) if (index as usize) < n => Ok((prog, e)),
            // GL 4.6 §7.6.2: INVALID_VALUE if uniformBlockIndex >= ACTIVE_UNIFORM_BLOCKS.
            _ => gl_bail!(
                GL_INVALID_VALUE,
                "uniform block index {index} is not below GL_ACTIVE_UNIFORM_BLOCKS = {n}"
            ),
        }
    }

    /// GetActiveUniformBlockName (GL 4.6 §7.6.2).
    pub fn get_active_uniform_block_name(&mut self, program: u32, index: u32) -> GlResult<String> {
        let (_, exe) = self.uniform_block(program, index)?;
        Ok(exe.reflection.uniform_blocks[index as usize].name.clone())
    }

    /// GetActiveUniformBlockiv (GL 4.6 §7.6.2).
    pub fn get_active_uniform_block_iv(
        &mut self,
        program: u32,
        index: u32,
        pname: u32,
    ) -> GlResult<Vec<i32>> {
        let (prog, exe) = self.uniform_block(program, index)?;
        let b = &exe.reflection.uniform_blocks[index as usize];
        Ok(match pname {
            GL_UNIFORM_BLOCK_BINDING => {
                vec![prog.state.lock().uniforms.ubo_bindings[index as usize] as i32]
            }
            GL_UNIFORM_BLOCK_DATA_SIZE => vec![b.data_size as i32],
            GL_UNIFORM_BLOCK_NAME_LENGTH => vec![name_len(&b.name)],
            GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS => vec![b.members.len() as i32],
            GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES => {
                b.members.iter().map(|&m| m as i32).collect()
            }
            GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER
            | GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER => {
                let stage = referenced_stage(pname).expect("a stage");
                vec![block_referenced(&exe, stage, b)]
            }
            // GL 4.6 §7.6.2: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a uniform block property",
                Enum(pname)
            ),
        })
    }

    /// GetActiveAtomicCounterBufferiv (GL 4.6 §7.7).
    pub fn get_active_atomic_counter_buffer_iv(
        &mut self,
        program: u32,
        index: u32,
        pname: u32,
    ) -> GlResult<Vec<i32>> {
        let (_, exe) = self.reflection_of(program)?;
        let n = exe
            .as_ref()
            .map(|e| e.reflection.atomic_buffers.len())
            .unwrap_or(0);
        // GL 4.6 §7.7: INVALID_VALUE if bufferIndex >= ACTIVE_ATOMIC_COUNTER_BUFFERS.
        let Some(exe) = exe.filter(|_| (index as usize) < n) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "bufferIndex {index} is not below GL_ACTIVE_ATOMIC_COUNTER_BUFFERS = {n}"
            )
        };
        let b = &exe.reflection.atomic_buffers[index as usize];
        Ok(match pname {
            GL_ATOMIC_COUNTER_BUFFER_BINDING => vec![b.binding as i32],
            GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE => vec![b.data_size as i32],
            GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS => vec![b.counters.len() as i32],
            GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES => {
                b.counters.iter().map(|&c| c as i32).collect()
            }
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER
            | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER => {
                let stage = referenced_stage(pname).expect("a stage");
                let r = &exe.reflection;
                vec![referenced(
                    &exe,
                    stage,
                    &mut b.counters.iter().map(|&c| r.uniforms[c as usize].global),
                )]
            }
            // GL 4.6 §7.7: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not an atomic counter buffer property",
                Enum(pname)
            ),
        })
    }
}
