//! Compute dispatch validation (ARB_compute_shader §5.5 and Errors,
//! ARB_compute_variable_group_size; the order follows Mesa's main/compute.c) and the
//! hand-off of a validated dispatch to the runtime. Also memory barriers and Finish.

use super::buffer::BufRef;
use super::context::ContextState;
use super::error::GlResult;
use super::gl_enums::*;
use super::limits;
use crate::gl_bail;
use crate::glsl::LinkedProgram;
use crate::runtime::{self, Dispatch, GroupCount};
use std::sync::Arc;

const AXES: [char; 3] = ['x', 'y', 'z'];

impl ContextState {
    /// ARB_compute_shader: INVALID_OPERATION if there is no active compute program.
    fn compute_program(&self) -> GlResult<Arc<LinkedProgram>> {
        match self.active_compute() {
            Some((_, exe)) => Ok(exe),
            None => {
                let why = match (&self.current_program, self.bound_pipeline) {
                    (Some(p), _) => format!("the current program {} has no compute shader", p.name),
                    (None, 0) => {
                        "no program is current and no program pipeline is bound".to_string()
                    }
                    (None, p) => format!("the bound program pipeline {p} has no compute program"),
                };
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "there is no active compute program: {why}"
                );
            }
        }
    }

    fn check_counts(&self, counts: [u32; 3]) -> GlResult<()> {
        for i in 0..3 {
            // ARB_compute_shader: INVALID_VALUE if a count exceeds
            // MAX_COMPUTE_WORK_GROUP_COUNT for its dimension.
            if counts[i] as i64 > limits::MAX_COMPUTE_WORK_GROUP_COUNT[i] as i64 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "num_groups_{} = {} exceeds GL_MAX_COMPUTE_WORK_GROUP_COUNT[{i}] = {}",
                    AXES[i],
                    counts[i],
                    limits::MAX_COMPUTE_WORK_GROUP_COUNT[i]
                );
            }
        }
        Ok(())
    }

    fn launch(&mut self, groups: GroupCount, local_size: [u32; 3]) {
        let outcome = runtime::dispatch(Dispatch { groups, local_size });
        if !outcome.executed {
            let [x, y, z] = outcome.groups;
            self.notify(
                1,
                GL_DEBUG_SEVERITY_MEDIUM,
                format!(
                    "dispatch of {x}x{y}x{z} work groups validated and handed to the runtime; glcompute cannot execute shader code yet"
                ),
            );
        }
    }

    /// DispatchCompute.
    pub fn dispatch_compute(&mut self, counts: [u32; 3]) -> GlResult<()> {
        let exe = self.compute_program()?;
        self.check_counts(counts)?;
        let compute = exe.compute.expect("active compute program");
        // ARB_compute_variable_group_size: INVALID_OPERATION if the program has a
        // variable work-group size.
        let Some(local_size) = compute.local_size else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the active compute program has a variable work group size; use glDispatchComputeGroupSizeARB"
            );
        };
        // ARB_compute_shader §5.5: a zero count dispatches no work groups.
        if counts.contains(&0) {
            return Ok(());
        }
        self.launch(GroupCount::Direct(counts), local_size);
        Ok(())
    }

    /// DispatchComputeIndirect.
    pub fn dispatch_compute_indirect(&mut self, indirect: i64) -> GlResult<()> {
        let exe = self.compute_program()?;
        // ARB_compute_shader: INVALID_VALUE if indirect is negative or not a multiple
        // of four.
        if indirect % 4 != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "indirect = {indirect} is not a multiple of 4"
            );
        }
        if indirect < 0 {
            gl_bail!(GL_INVALID_VALUE, "indirect = {indirect} is negative");
        }
        // ARB_compute_shader: INVALID_OPERATION if no buffer is bound to
        // DISPATCH_INDIRECT_BUFFER.
        let buf = self.buffer_ref(
            BufRef::Target(GL_DISPATCH_INDIRECT_BUFFER),
            GL_INVALID_OPERATION,
        )?;
        let st = buf.state.lock();
        // GL 4.6 §6.3.2: INVALID_OPERATION when sourcing data from a buffer mapped
        // without MAP_PERSISTENT_BIT.
        if st
            .mapping
            .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
        {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the GL_DISPATCH_INDIRECT_BUFFER {} is mapped",
                buf.name
            );
        }
        // ARB_compute_shader: INVALID_OPERATION if the command would read past the end
        // of the buffer.
        if indirect as u64 + 12 > st.size() as u64 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "reading 12 bytes at indirect = {indirect} passes the end of GL_DISPATCH_INDIRECT_BUFFER {} ({} bytes)",
                buf.name,
                st.size()
            );
        }
        let compute = exe.compute.expect("active compute program");
        // ARB_compute_variable_group_size: INVALID_OPERATION for a variable-size program.
        let Some(local_size) = compute.local_size else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the active compute program has a variable work group size; use glDispatchComputeGroupSizeARB"
            );
        };
        let storage = st.storage.clone();
        drop(st);
        self.launch(
            GroupCount::Indirect {
                storage,
                offset: indirect as usize,
            },
            local_size,
        );
        Ok(())
    }

    /// DispatchComputeGroupSizeARB.
    pub fn dispatch_compute_group_size(
        &mut self,
        counts: [u32; 3],
        size: [u32; 3],
    ) -> GlResult<()> {
        let exe = self.compute_program()?;
        let compute = exe.compute.expect("active compute program");
        // ARB_compute_variable_group_size: INVALID_OPERATION if the program has a fixed
        // work-group size.
        if compute.local_size.is_some() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the active compute program has a fixed work group size; use glDispatchCompute"
            );
        }
        self.check_counts(counts)?;
        for i in 0..3 {
            // ARB_compute_variable_group_size: INVALID_VALUE if a group size is zero or
            // exceeds MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB.
            if size[i] == 0 || size[i] as i64 > limits::MAX_COMPUTE_VARIABLE_GROUP_SIZE[i] as i64 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "group_size_{} = {} is not in 1..=GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB[{i}] = {}",
                    AXES[i],
                    size[i],
                    limits::MAX_COMPUTE_VARIABLE_GROUP_SIZE[i]
                );
            }
        }
        // ARB_compute_variable_group_size: INVALID_VALUE if the product of the group
        // sizes exceeds MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB.
        let product: u64 = size.iter().map(|&s| s as u64).product();
        if product > limits::MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS as u64 {
            gl_bail!(
                GL_INVALID_VALUE,
                "group size {}x{}x{} = {product} invocations exceeds GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB = {}",
                size[0],
                size[1],
                size[2],
                limits::MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS
            );
        }
        if counts.contains(&0) {
            return Ok(());
        }
        self.launch(GroupCount::Direct(counts), size);
        Ok(())
    }

    /// MemoryBarrier / MemoryBarrierByRegion (GL 4.6 §7.13.2). Work is complete when a
    /// dispatch returns, so a barrier only has to order this thread's memory accesses.
    pub fn memory_barrier(&mut self, barriers: u32, by_region: bool) -> GlResult<()> {
        let allowed = if by_region {
            GL_ATOMIC_COUNTER_BARRIER_BIT
                | GL_FRAMEBUFFER_BARRIER_BIT
                | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT
                | GL_SHADER_STORAGE_BARRIER_BIT
                | GL_TEXTURE_FETCH_BARRIER_BIT
                | GL_UNIFORM_BARRIER_BIT
        } else {
            GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT
                | GL_ELEMENT_ARRAY_BARRIER_BIT
                | GL_UNIFORM_BARRIER_BIT
                | GL_TEXTURE_FETCH_BARRIER_BIT
                | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT
                | GL_COMMAND_BARRIER_BIT
                | GL_PIXEL_BUFFER_BARRIER_BIT
                | GL_TEXTURE_UPDATE_BARRIER_BIT
                | GL_BUFFER_UPDATE_BARRIER_BIT
                | GL_FRAMEBUFFER_BARRIER_BIT
                | GL_TRANSFORM_FEEDBACK_BARRIER_BIT
                | GL_ATOMIC_COUNTER_BARRIER_BIT
                | GL_SHADER_STORAGE_BARRIER_BIT
                | GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT
                | GL_QUERY_BUFFER_BARRIER_BIT
        };
        // GL 4.6 §7.13.2: INVALID_VALUE if barriers is not ALL_BARRIER_BITS and has bits
        // the command does not accept.
        if barriers != GL_ALL_BARRIER_BITS && barriers & !allowed != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "barriers = 0x{barriers:X} has bits this command does not accept (0x{:X})",
                barriers & !allowed
            );
        }
        std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }
}
