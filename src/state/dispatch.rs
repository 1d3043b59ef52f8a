//! Compute dispatch validation (ARB_compute_shader §5.5 and Errors,
//! ARB_compute_variable_group_size; the order follows Mesa's main/compute.c) and the
//! hand-off of a validated dispatch to the runtime. Also memory barriers and Finish.

use super::buffer::BufRef;
use super::context::ContextState;
use super::interposed::BufferKind;
use crate::gl::enums::*;
use crate::gl::error::GlResult;
use crate::gl_bail;
use crate::limits;
use crate::runtime::abi::Resource;
use crate::runtime::pool::Work;
use crate::runtime::{self, Dispatch, GroupCount};
use crate::state::objects::program::Executable;
use crate::state::objects::program::Program;
use std::sync::Arc;

const AXES: [char; 3] = ['x', 'y', 'z'];

/// What an assembly program's dispatch adds: the bytes of its parameters to write
/// into the dispatch's copy of the default uniform data at an offset, and its uniform
/// blocks (parameter buffers) read from the COMPUTE_PROGRAM_PARAMETER_BUFFER_NV
/// binding points.
#[derive(Default)]
struct Patch {
    params: Option<(usize, Vec<u8>)>,
    assembly: bool,
}

impl ContextState {
    /// ARB_compute_shader: INVALID_OPERATION if there is no active compute program.
    /// The active program is the current GLSL program's compute stage (UseProgram,
    /// else the bound pipeline's); without one, the assembly program bound to
    /// COMPUTE_PROGRAM_NV when that is enabled (NV_compute_program5), with its
    /// parameters to patch into the default uniform data.
    fn compute_program(&self) -> GlResult<(Arc<Program>, Arc<Executable>, Patch)> {
        if let Some((p, e)) = self.active_compute() {
            return Ok((p, e, Patch::default()));
        }
        if let Some((p, e, params)) = self.asm_compute()? {
            let patch = Patch {
                params,
                assembly: true,
            };
            return Ok((p, e, patch));
        }
        let why = match (&self.current_program, self.bound_pipeline) {
            (Some(p), _) => format!("the current program {} has no compute shader", p.name),
            (None, 0) => "no program is current and no program pipeline is bound".to_string(),
            (None, p) => format!("the bound program pipeline {p} has no compute program"),
        };
        gl_bail!(
            GL_INVALID_OPERATION,
            "there is no active compute program: {why}"
        );
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

    /// The buffer range bound at `binding` of an indexed target as a descriptor.
    fn bound_range(
        list: &[crate::state::objects::buffer::IndexedBinding],
        binding: u32,
        keep: &mut Vec<Arc<runtime::memory::Storage>>,
    ) -> Resource {
        let Some(b) = list.get(binding as usize) else {
            return Resource::NONE;
        };
        let Some(buf) = &b.buffer else {
            return Resource::NONE;
        };
        let storage = buf.state.lock().storage.clone();
        let len = storage.len() as u64;
        let offset = b.offset.max(0) as u64;
        if offset >= len {
            return Resource::NONE;
        }
        // BindBufferBase (size 0): the whole buffer as it is now; a range is clipped to
        // the buffer's current size.
        let size = if b.size <= 0 {
            len - offset
        } else {
            (b.size as u64).min(len - offset)
        };
        // SAFETY: offset < len, so the pointer stays inside the allocation.
        let ptr = unsafe { storage.as_ptr().add(offset as usize) };
        keep.push(storage);
        Resource { ptr, size }
    }

    /// Takes the program's kernel (compiled at link), snapshots the bound resources and
    /// uniforms, and runs the dispatch to completion.
    fn launch(
        &mut self,
        prog: &Arc<Program>,
        exe: &Arc<Executable>,
        groups: GroupCount,
        local_size: [u32; 3],
        patch: Patch,
    ) -> GlResult<()> {
        let kernel = match exe.kernel() {
            Ok(k) => k,
            // Not a spec error: the program cannot run here; nothing was executed.
            Err(e) => gl_bail!(
                GL_INVALID_OPERATION,
                "the compute program cannot be executed: {e}"
            ),
        };
        // The groups' scratch (shared memory and per-invocation frames) must fit the
        // runtime's limit (checked at link for a fixed group size).
        if let Err(e) = crate::state::objects::program::group_scratch(&kernel, local_size) {
            gl_bail!(GL_OUT_OF_MEMORY, "{e}");
        }
        let r = &exe.reflection;
        let mut keep = Vec::new();
        let mut resources = vec![Resource::NONE; kernel.slots.total as usize];
        // The program's uniform values belong to its current executable; a relink in
        // another context of the share group may have replaced it since `exe` was taken,
        // and the kernel reads its default block without a range check, so values laid
        // out for another executable are never given to it (it gets its initial ones).
        let (uniforms, ubo, ssbo) = {
            let st = prog.state.lock();
            let fresh;
            let u = if st.executable.as_ref().is_some_and(|e| Arc::ptr_eq(e, exe)) {
                &st.uniforms
            } else {
                fresh =
                    crate::state::objects::program::UniformState::from_reflection(&exe.reflection);
                &fresh
            };
            (
                u.data.clone(),
                u.ubo_bindings.clone(),
                u.ssbo_bindings.clone(),
            )
        };
        // The compute stage's subroutine selections (GL 4.6 §7.9), as the kernel reads
        // them: a position in each uniform's candidates.
        let mut uniforms = uniforms;
        if let Some((at, bytes)) = patch.params
            && let Some(dst) = at
                .checked_add(bytes.len())
                .and_then(|end| uniforms.get_mut(at..end))
        {
            dst.copy_from_slice(&bytes);
        }
        for (at, pos) in self.compute_subroutine_selections(exe) {
            if let Some(dst) = uniforms.get_mut(at..at + 4) {
                dst.copy_from_slice(&pos.to_ne_bytes());
            }
        }
        // Every buffer use, in descriptor-slot order.
        let mut uses = Vec::new();
        // An assembly program's uniform blocks are its parameter buffers.
        let ubo_kind = if patch.assembly {
            BufferKind::Parameter
        } else {
            BufferKind::Uniform
        };
        for (i, &binding) in ubo.iter().enumerate() {
            uses.push((kernel.slots.uniform_blocks as usize + i, ubo_kind, binding));
        }
        for (i, &binding) in ssbo.iter().enumerate() {
            uses.push((
                kernel.slots.storage_blocks as usize + i,
                BufferKind::Storage,
                binding,
            ));
        }
        for (i, ab) in r.atomic_buffers.iter().enumerate() {
            uses.push((
                kernel.slots.atomic_buffers as usize + i,
                BufferKind::Atomic,
                ab.binding,
            ));
        }
        let mut host_memory = None;
        if self.host.is_some() {
            // Interposed: the buffers are the host's. Only the blocks live code uses are
            // opened, read-only blocks for reading (and never written back).
            let nu = r.uniform_blocks.len();
            let mut list = Vec::new();
            let mut slots = Vec::new();
            for (n, &(slot, kind, binding)) in uses.iter().enumerate() {
                let (referenced, write) = match kind {
                    BufferKind::Uniform | BufferKind::Parameter => {
                        (r.uniform_blocks[n].referenced, false)
                    }
                    BufferKind::Storage => {
                        let b = &r.storage_blocks[n - nu];
                        (b.referenced, !exe.module.block(b.block).memory.readonly)
                    }
                    BufferKind::Atomic => (true, true),
                };
                if referenced {
                    list.push((kind, binding, write));
                    slots.push(slot);
                }
            }
            let (opened, mem) = self.open_host_buffers(&list)?;
            for (slot, res) in slots.into_iter().zip(opened) {
                resources[slot] = res;
            }
            host_memory = Some(mem);
        } else {
            for &(slot, kind, binding) in &uses {
                let list = match kind {
                    BufferKind::Parameter => &self.bindings.program_parameter_indexed,
                    BufferKind::Uniform => &self.bindings.uniform_indexed,
                    BufferKind::Storage => &self.bindings.storage_indexed,
                    BufferKind::Atomic => &self.bindings.atomic_indexed,
                };
                resources[slot] = Self::bound_range(list, binding, &mut keep);
            }
        }
        // Interposed: textures are the host's, brought in for the dispatch and the
        // images written back after it.
        let mut host_textures = None;
        let (images, samplers) = if self.host.is_none() {
            let (samplers, storage) = self.sampler_table(exe, &uniforms)?;
            keep.extend(storage);
            let (images, storage) = self.image_table();
            keep.extend(storage);
            (images, samplers)
        } else if exe.module.uses_textures() {
            let (images, samplers, storage, ht) = self.open_host_textures(exe, &uniforms)?;
            keep.extend(storage);
            host_textures = Some(ht);
            (images, samplers)
        } else {
            (crate::runtime::image::empty_table(), Default::default())
        };
        let work = Work {
            entry: kernel.entry,
            images,
            samplers,
            shared_size: kernel.shared_size as usize,
            frame_stride: kernel.frame_stride as usize,
            resources,
            keep_alive: keep,
            uniforms,
            code: kernel.clone(),
            stack_need: kernel.stack_need,
        };
        let outcome = runtime::dispatch(Dispatch {
            groups,
            local_size,
            work,
        });
        if let Some(mem) = host_memory {
            for problem in mem.close() {
                self.notify(2, GL_DEBUG_SEVERITY_HIGH, problem);
            }
        }
        if let Some(ht) = host_textures {
            for problem in ht.close() {
                self.notify(2, GL_DEBUG_SEVERITY_HIGH, problem);
            }
        }
        let [x, y, z] = outcome.groups;
        // COMPUTE_SHADER_INVOCATIONS queries (ARB_pipeline_statistics_query): the
        // invocations of the dispatch's work groups.
        let per_group = local_size
            .iter()
            .fold(1u64, |a, &s| a.saturating_mul(s as u64));
        let invocations = [x, y, z]
            .iter()
            .fold(per_group, |a, &n| a.saturating_mul(n as u64));
        self.queries.compute_invocations =
            self.queries.compute_invocations.saturating_add(invocations);
        // GLCOMPUTE_DEBUG=barriers: a barrier the invocations of a group did not all
        // reach the same way (GLSL 4.60 §8.16: undefined).
        if outcome.report != 0 {
            let at = kernel
                .barrier_sites
                .get(outcome.report as usize - 1)
                .map(|s| s.to_string())
                .unwrap_or_else(|| "?".into());
            let text = format!(
                "program {}: at {at}, the invocations of a work group did not all reach a barrier the same way (a decision, break, continue or return that differs between them); GLSL 4.60 §8.16 leaves this undefined, and glcompute followed the first live invocation",
                prog.name
            );
            crate::config::say(format_args!("glcompute: {text}"));
            self.emit(crate::state::objects::debug::Message {
                source: GL_DEBUG_SOURCE_API,
                ty: GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR,
                id: super::program::DIVERGENT_DISPATCH_ID,
                severity: GL_DEBUG_SEVERITY_HIGH,
                text,
            });
        }
        // GLCOMPUTE_DEBUG=bounds: the first out-of-range access of the dispatch.
        if let Some(hit) = outcome.bounds {
            let text = match kernel.bounds_sites.get(hit.site as usize) {
                Some(site) => bounds_text(prog.name, site, &hit.values),
                None => format!(
                    "program {}: an out-of-range access (site {} unknown)",
                    prog.name, hit.site
                ),
            };
            crate::config::say(format_args!("glcompute: {text}"));
            self.emit(crate::state::objects::debug::Message {
                source: GL_DEBUG_SOURCE_API,
                ty: GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR,
                id: super::program::OUT_OF_RANGE_ID,
                severity: GL_DEBUG_SEVERITY_HIGH,
                text,
            });
        }
        match outcome.stopped {
            None => {}
            Some(runtime::pool::Stop::Timeout) => {
                // KHR_robustness: with LOSE_CONTEXT_ON_RESET the stop is a guilty reset
                // of this context alone; without reset notification the context goes
                // on, with the dispatch's results incomplete.
                let lose = self.info.lose_on_reset;
                if lose {
                    self.reset_status = GL_GUILTY_CONTEXT_RESET;
                    self.lost = true;
                }
                self.notify(
                    1,
                    GL_DEBUG_SEVERITY_HIGH,
                    format!(
                        "dispatch of {x}x{y}x{z} work groups of program {} stopped by the watchdog after GLCOMPUTE_TIMEOUT_MS; {}",
                        prog.name,
                        if lose && self.host.is_some() {
                            "this is a guilty context reset: glcompute's part of the context (compute, and the commands glcompute runs) is lost (GL_LOSE_CONTEXT_ON_RESET), the host driver's part is not reset; make a new context"
                        } else if lose {
                            "this is a guilty context reset: the context is lost (GL_LOSE_CONTEXT_ON_RESET); make a new one"
                        } else {
                            "its results are incomplete (the context has no reset notification and goes on)"
                        }
                    ),
                );
                eprintln!(
                    "glcompute: a dispatch of program {} ran past GLCOMPUTE_TIMEOUT_MS and was stopped",
                    prog.name
                );
            }
            // GL 4.6 §2.3.1: OUT_OF_MEMORY when memory the command needs cannot be had;
            // the state is undefined (here: the dispatch ran in part).
            Some(runtime::pool::Stop::OutOfMemory) => gl_bail!(
                GL_OUT_OF_MEMORY,
                "dispatch of {x}x{y}x{z} work groups stopped: no memory or thread for its work groups; its results are incomplete"
            ),
        }
        Ok(())
    }

    /// DispatchCompute.
    pub fn dispatch_compute(&mut self, counts: [u32; 3]) -> GlResult<()> {
        let (prog, exe, patch) = self.compute_program()?;
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
        self.launch(&prog, &exe, GroupCount::Direct(counts), local_size, patch)
    }

    /// DispatchComputeIndirect.
    pub fn dispatch_compute_indirect(&mut self, indirect: i64) -> GlResult<()> {
        let (prog, exe, patch) = self.compute_program()?;
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
        if self.host.is_some() {
            return self.dispatch_indirect_from_host(&prog, &exe, indirect, patch);
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
        if st.mapped_non_persistent() {
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
            &prog,
            &exe,
            GroupCount::Indirect {
                storage,
                offset: indirect as usize,
            },
            local_size,
            patch,
        )
    }

    /// DispatchComputeIndirect of a shadow context: the buffer is the host's.
    fn dispatch_indirect_from_host(
        &mut self,
        prog: &Arc<Program>,
        exe: &Arc<Executable>,
        indirect: i64,
        patch: Patch,
    ) -> GlResult<()> {
        let buffer = self.host_indirect_buffer();
        // ARB_compute_shader: INVALID_OPERATION if no buffer is bound to
        // DISPATCH_INDIRECT_BUFFER.
        if buffer == 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "no buffer is bound to GL_DISPATCH_INDIRECT_BUFFER"
            );
        }
        let counts = self.read_host_indirect(buffer, indirect)?;
        let compute = exe.compute.expect("active compute program");
        // ARB_compute_variable_group_size: INVALID_OPERATION for a variable-size program.
        let Some(local_size) = compute.local_size else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the active compute program has a variable work group size; use glDispatchComputeGroupSizeARB"
            );
        };
        if counts.contains(&0) {
            return Ok(());
        }
        self.launch(prog, exe, GroupCount::Direct(counts), local_size, patch)
    }

    /// DispatchComputeGroupSizeARB.
    pub fn dispatch_compute_group_size(
        &mut self,
        counts: [u32; 3],
        size: [u32; 3],
    ) -> GlResult<()> {
        let (prog, exe, patch) = self.compute_program()?;
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
        self.launch(&prog, &exe, GroupCount::Direct(counts), size, patch)
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

/// The GLCOMPUTE_DEBUG=bounds report of an out-of-range access at `site` with the
/// values the kernel recorded (see runtime::bounds::BoundsReport).
fn bounds_text(program: u32, site: &crate::backend::sites::BoundsSite, v: &[i64; 6]) -> String {
    use crate::backend::sites::SiteKind;
    let access = if site.write { "write to" } else { "read of" };
    let effect = if site.write {
        "it was dropped"
    } else {
        "it read zero"
    };
    // Indices are 32-bit: a negative int shows as its unsigned value and as an int.
    let index = |i: i64| match i {
        i if i > i32::MAX as i64 && i <= u32::MAX as i64 => {
            format!("index {i} (as int: {})", i as u32 as i32)
        }
        i => format!("index {i}"),
    };
    let head = format!(
        "program {program}: at {}, the first out-of-range access of this dispatch",
        site.span
    );
    match site.kind {
        SiteKind::Image => format!(
            "{head}: a {access} {} at texel ({}, {}, {}) of an image of {}x{}x{} texels; {effect}",
            site.what, v[0], v[1], v[2], v[3], v[4], v[5],
        ),
        SiteKind::Buffer => {
            let at = match v[0] {
                -1 => String::new(),
                i => format!(" {},", index(i)),
            };
            format!(
                "{head}: a {access} {} at{at} bytes {}..{} of a bound range of {} bytes; {effect}",
                site.what,
                v[1],
                (v[1] as u64).saturating_add(v[2] as u64),
                v[3],
            )
        }
        SiteKind::Index => format!(
            "{head}: {} of {}; the access used the last element",
            index(v[0]),
            site.what
        ),
    }
}
