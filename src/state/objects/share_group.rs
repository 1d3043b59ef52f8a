//! The objects every context of a share group shares (GL 4.6 §5.1): buffers, textures,
//! renderbuffers, samplers, shaders and programs (one namespace, §7.1, §7.3) and sync
//! objects, each table behind its own lock; and the deferred deletion of programs.

use crate::runtime::sync::Mutex;
use crate::state::objects::buffer::Buffer;
use crate::state::objects::names::NameTable;
use crate::state::objects::program::Objects;
use crate::state::objects::program::ProgramState;
use crate::state::objects::program::{Program, Shader, ShaderObject};
use crate::state::objects::sync::SyncObject;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// Objects shared by every context of a share group.
#[derive(Default)]
pub struct ShareGroup {
    pub buffers: Mutex<NameTable<Arc<Buffer>>>,
    pub textures: Mutex<NameTable<Arc<crate::state::objects::texture::Texture>>>,
    pub renderbuffers: Mutex<NameTable<Arc<crate::state::objects::framebuffer::Renderbuffer>>>,
    pub samplers: Mutex<NameTable<Arc<crate::state::objects::sampler::Sampler>>>,
    /// Shaders and programs share one namespace (GL 4.6 §7.1, §7.3).
    pub shader_objects: Mutex<NameTable<ShaderObject>>,
    pub syncs: Mutex<HashMap<usize, Arc<SyncObject>>>,
    /// Assembly program objects (ARB_vertex_program §2.14.1: their own namespace).
    pub asm_programs: Mutex<NameTable<Arc<crate::state::objects::asm_program::AsmProgram>>>,
    pub next_sync: AtomicU64,
}

impl ShareGroup {
    /// True if `name` is a shader or program object of this share group.
    pub fn owns(&self, name: u32) -> bool {
        self.shader_objects.lock().get(name).is_some()
    }

    pub fn shader(&self, name: u32) -> Option<Arc<Shader>> {
        match self.shader_objects.lock().get(name) {
            Some(ShaderObject::Shader(s)) => Some(s.clone()),
            _ => None,
        }
    }

    pub fn program(&self, name: u32) -> Option<Arc<Program>> {
        match self.shader_objects.lock().get(name) {
            Some(ShaderObject::Program(p)) => Some(p.clone()),
            _ => None,
        }
    }
}

impl ShareGroup {
    /// Drops one use of a program (a context's UseProgram binding, a pipeline stage);
    /// completes a deferred deletion when the last use goes (GL 4.6 §7.3).
    pub fn release_program(&self, prog: &Program) {
        let mut table = self.shader_objects.lock();
        let mut st = prog.state.lock();
        st.use_count -= 1;
        if st.use_count == 0 && st.delete_pending {
            ShareGroup::finish_program_deletion(&mut table, prog, &mut st);
        }
    }

    /// Finishes deleting a program nobody uses any more: frees its name and detaches
    /// its shaders (deleting those that were waiting for it).
    pub fn finish_program_deletion(table: &mut Objects, prog: &Program, st: &mut ProgramState) {
        table.remove(prog.name);
        for shader in st.shaders.drain(..) {
            let mut s = shader.state.lock();
            s.attach_count -= 1;
            if s.delete_pending && s.attach_count == 0 {
                table.remove(shader.name);
            }
        }
    }
}
