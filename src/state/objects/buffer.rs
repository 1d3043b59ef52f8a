//! Buffer objects (GL 4.6 chapter 6) and a context's buffer binding points: the data
//! store and mapping state of one buffer, the generic and indexed bindings of table 6.1
//! and 6.5, and the alignments the indexed targets require.

use crate::gl::asm_enums::GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV;
use crate::gl::enums::*;
use crate::limits;
use crate::runtime::memory::Storage;
use crate::runtime::sync::Mutex;
use std::sync::Arc;

pub struct Buffer {
    pub name: u32,
    pub state: Mutex<BufferState>,
}

/// An active MapBuffer/MapBufferRange (GL 4.6 table 6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mapping {
    pub offset: usize,
    pub length: usize,
    pub access: u32,
}

pub struct BufferState {
    pub storage: Arc<Storage>,
    pub usage: u32,
    pub immutable: bool,
    pub storage_flags: u32,
    pub mapping: Option<Mapping>,
    pub label: Option<String>,
}

impl BufferState {
    pub fn size(&self) -> usize {
        self.storage.len()
    }

    /// Mapped without MAP_PERSISTENT_BIT: most commands may not touch such a buffer.
    pub fn mapped_non_persistent(&self) -> bool {
        self.mapping
            .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
    }

    /// A non-persistent mapping overlaps [offset, offset+len).
    pub fn range_mapped(&self, offset: usize, len: usize) -> bool {
        match self.mapping {
            Some(m) if m.access & GL_MAP_PERSISTENT_BIT == 0 => {
                offset < m.offset + m.length && m.offset < offset + len
            }
            _ => false,
        }
    }
}

impl Buffer {
    pub fn new(name: u32) -> Arc<Buffer> {
        Arc::new(Buffer {
            name,
            state: Mutex::new(BufferState {
                storage: Arc::new(Storage::empty()),
                // GL 4.6 table 6.2 initial values.
                usage: GL_STATIC_DRAW,
                immutable: false,
                storage_flags: 0,
                mapping: None,
                label: None,
            }),
        })
    }
}

/// One indexed binding (UNIFORM_BUFFER, SHADER_STORAGE_BUFFER, ...). BindBufferBase
/// records offset 0 and size 0: the whole buffer at the time it is used.
#[derive(Clone, Default)]
pub struct IndexedBinding {
    pub buffer: Option<Arc<Buffer>>,
    pub offset: i64,
    pub size: i64,
}

impl IndexedBinding {
    pub fn name(&self) -> u32 {
        self.buffer.as_ref().map(|b| b.name).unwrap_or(0)
    }
}

/// Every buffer binding point of a context.
pub struct Bindings {
    pub array: Option<Arc<Buffer>>,
    /// The bound vertex array object's element array buffer (vertex_array.rs moves it
    /// in and out of the object on BindVertexArray).
    pub element_array: Option<Arc<Buffer>>,
    pub atomic_counter: Option<Arc<Buffer>>,
    pub copy_read: Option<Arc<Buffer>>,
    pub copy_write: Option<Arc<Buffer>>,
    pub dispatch_indirect: Option<Arc<Buffer>>,
    pub draw_indirect: Option<Arc<Buffer>>,
    pub pixel_pack: Option<Arc<Buffer>>,
    pub pixel_unpack: Option<Arc<Buffer>>,
    pub query: Option<Arc<Buffer>>,
    /// PARAMETER_BUFFER (GL 4.6 §10.3.11, ARB_indirect_parameters): draw counts of
    /// the MultiDraw*IndirectCount commands.
    pub parameter: Option<Arc<Buffer>>,
    pub shader_storage: Option<Arc<Buffer>>,
    pub texture: Option<Arc<Buffer>>,
    pub transform_feedback: Option<Arc<Buffer>>,
    pub uniform: Option<Arc<Buffer>>,
    pub uniform_indexed: Vec<IndexedBinding>,
    pub storage_indexed: Vec<IndexedBinding>,
    pub atomic_indexed: Vec<IndexedBinding>,
    pub xfb_indexed: Vec<IndexedBinding>,
    /// COMPUTE_PROGRAM_PARAMETER_BUFFER_NV (NV_compute_program5,
    /// NV_parameter_buffer_object): the parameter buffers of assembly compute
    /// programs, generic and indexed; targets only where `assembly_targets`.
    pub program_parameter: Option<Arc<Buffer>>,
    pub program_parameter_indexed: Vec<IndexedBinding>,
    /// The context has assembly programs (a compatibility profile).
    pub assembly_targets: bool,
    /// An OpenGL ES context: no QUERY_BUFFER or PARAMETER_BUFFER target (OpenGL ES
    /// 3.2 table 6.1 lacks them; INVALID_ENUM there, as in Mesa's ES contexts).
    pub es: bool,
}

impl Default for Bindings {
    fn default() -> Self {
        let n = |count: i32| vec![IndexedBinding::default(); count as usize];
        Bindings {
            array: None,
            element_array: None,
            atomic_counter: None,
            copy_read: None,
            copy_write: None,
            dispatch_indirect: None,
            draw_indirect: None,
            pixel_pack: None,
            pixel_unpack: None,
            query: None,
            parameter: None,
            shader_storage: None,
            texture: None,
            transform_feedback: None,
            uniform: None,
            uniform_indexed: n(limits::MAX_UNIFORM_BUFFER_BINDINGS),
            storage_indexed: n(limits::MAX_SHADER_STORAGE_BUFFER_BINDINGS),
            atomic_indexed: n(limits::MAX_ATOMIC_COUNTER_BUFFER_BINDINGS),
            xfb_indexed: n(limits::MAX_TRANSFORM_FEEDBACK_BUFFERS),
            program_parameter: None,
            program_parameter_indexed: n(limits::MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS),
            assembly_targets: false,
            es: false,
        }
    }
}

impl Bindings {
    /// The generic binding point of `target` (GL 4.6 table 6.1), None if not a target.
    pub fn slot(&mut self, target: u32) -> Option<&mut Option<Arc<Buffer>>> {
        Some(match target {
            GL_ARRAY_BUFFER => &mut self.array,
            GL_ELEMENT_ARRAY_BUFFER => &mut self.element_array,
            GL_ATOMIC_COUNTER_BUFFER => &mut self.atomic_counter,
            GL_COPY_READ_BUFFER => &mut self.copy_read,
            GL_COPY_WRITE_BUFFER => &mut self.copy_write,
            GL_DISPATCH_INDIRECT_BUFFER => &mut self.dispatch_indirect,
            GL_DRAW_INDIRECT_BUFFER => &mut self.draw_indirect,
            GL_PIXEL_PACK_BUFFER => &mut self.pixel_pack,
            GL_PIXEL_UNPACK_BUFFER => &mut self.pixel_unpack,
            GL_QUERY_BUFFER if !self.es => &mut self.query,
            GL_PARAMETER_BUFFER if !self.es => &mut self.parameter,
            GL_SHADER_STORAGE_BUFFER => &mut self.shader_storage,
            GL_TEXTURE_BUFFER => &mut self.texture,
            GL_TRANSFORM_FEEDBACK_BUFFER => &mut self.transform_feedback,
            GL_UNIFORM_BUFFER => &mut self.uniform,
            GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV if self.assembly_targets => {
                &mut self.program_parameter
            }
            _ => return None,
        })
    }

    /// The indexed binding points of `target` (GL 4.6 table 6.5).
    pub fn indexed(&mut self, target: u32) -> Option<&mut Vec<IndexedBinding>> {
        Some(match target {
            GL_ATOMIC_COUNTER_BUFFER => &mut self.atomic_indexed,
            GL_SHADER_STORAGE_BUFFER => &mut self.storage_indexed,
            GL_TRANSFORM_FEEDBACK_BUFFER => &mut self.xfb_indexed,
            GL_UNIFORM_BUFFER => &mut self.uniform_indexed,
            GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV if self.assembly_targets => {
                &mut self.program_parameter_indexed
            }
            _ => return None,
        })
    }

    /// Unbinds `buf` from every binding point (DeleteBuffers, GL 4.6 §6.3).
    pub fn unbind_everywhere(&mut self, buf: &Arc<Buffer>) {
        let is = |b: &Option<Arc<Buffer>>| b.as_ref().is_some_and(|x| Arc::ptr_eq(x, buf));
        for target in GENERIC_TARGETS {
            // (A target the context lacks never holds a buffer.)
            if let Some(slot) = self.slot(target)
                && is(slot)
            {
                *slot = None;
            }
        }
        for target in INDEXED_TARGETS {
            for binding in self.indexed(target).expect("indexed target") {
                if is(&binding.buffer) {
                    *binding = IndexedBinding::default();
                }
            }
        }
        if is(&self.program_parameter) {
            self.program_parameter = None;
        }
        for binding in &mut self.program_parameter_indexed {
            if is(&binding.buffer) {
                *binding = IndexedBinding::default();
            }
        }
    }
}

pub const GENERIC_TARGETS: [u32; 15] = [
    GL_ARRAY_BUFFER,
    GL_ELEMENT_ARRAY_BUFFER,
    GL_ATOMIC_COUNTER_BUFFER,
    GL_COPY_READ_BUFFER,
    GL_COPY_WRITE_BUFFER,
    GL_DISPATCH_INDIRECT_BUFFER,
    GL_DRAW_INDIRECT_BUFFER,
    GL_PIXEL_PACK_BUFFER,
    GL_PIXEL_UNPACK_BUFFER,
    GL_QUERY_BUFFER,
    GL_PARAMETER_BUFFER,
    GL_SHADER_STORAGE_BUFFER,
    GL_TEXTURE_BUFFER,
    GL_TRANSFORM_FEEDBACK_BUFFER,
    GL_UNIFORM_BUFFER,
];

pub const INDEXED_TARGETS: [u32; 4] = [
    GL_ATOMIC_COUNTER_BUFFER,
    GL_SHADER_STORAGE_BUFFER,
    GL_TRANSFORM_FEEDBACK_BUFFER,
    GL_UNIFORM_BUFFER,
];

/// Offset alignment of each indexed target (GL 4.6 table 6.5).
pub(crate) fn offset_alignment(target: u32) -> i64 {
    match target {
        GL_UNIFORM_BUFFER => limits::UNIFORM_BUFFER_OFFSET_ALIGNMENT as i64,
        GL_SHADER_STORAGE_BUFFER => limits::SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT as i64,
        _ => 4,
    }
}

pub(crate) fn alignment_name(target: u32) -> &'static str {
    match target {
        GL_UNIFORM_BUFFER => "GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT",
        GL_SHADER_STORAGE_BUFFER => "GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT",
        _ => "4",
    }
}

pub(crate) fn max_bindings_name(target: u32) -> &'static str {
    match target {
        GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV => "GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV",
        GL_UNIFORM_BUFFER => "GL_MAX_UNIFORM_BUFFER_BINDINGS",
        GL_SHADER_STORAGE_BUFFER => "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS",
        GL_ATOMIC_COUNTER_BUFFER => "GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS",
        _ => "GL_MAX_TRANSFORM_FEEDBACK_BUFFERS",
    }
}
