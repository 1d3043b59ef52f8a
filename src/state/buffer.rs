//! Buffer objects (GL 4.6 chapter 6): names, binding points, data stores, mapping,
//! copies and clears, with every error of the chapter checked before anything changes.

use crate::format::pixels::convert_clear_value;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::{UserIn, UserOut, *};
use crate::runtime::memory::Storage;
use crate::state::context::{ContextState, bad_target};
use crate::state::objects::buffer::{
    Buffer, BufferState, IndexedBinding, Mapping, alignment_name, max_bindings_name,
    offset_alignment,
};
use crate::{gl_bail, gl_err};
use std::sync::Arc;

/// How a command names its buffer: through a binding target, or directly (DSA).
#[derive(Clone, Copy)]
pub enum BufRef {
    Target(u32),
    Named(u32),
}

fn access_mode(access: u32) -> u32 {
    let rw = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT;
    if access & rw == rw {
        GL_READ_WRITE
    } else if access & GL_MAP_READ_BIT != 0 {
        GL_READ_ONLY
    } else if access & GL_MAP_WRITE_BIT != 0 {
        GL_WRITE_ONLY
    } else {
        // GL 4.6 table 6.2: BUFFER_ACCESS is READ_WRITE while unmapped.
        GL_READ_WRITE
    }
}

impl ContextState {
    /// GenBuffers / CreateBuffers (GL 4.6 §6.1): the caller checked n >= 0.
    pub fn gen_buffers(&mut self, n: usize, create: bool) -> Vec<u32> {
        let mut table = self.shared.buffers.lock();
        (0..n)
            .map(|_| {
                let name = table.alloc();
                if create {
                    table.set(name, Buffer::new(name));
                }
                name
            })
            .collect()
    }

    /// DeleteBuffers (GL 4.6 §6.3): unused names and 0 are ignored; a deleted buffer is
    /// unmapped and unbound from every binding point of this context, and its name is
    /// free at once. Other contexts keep what they have bound.
    pub fn delete_buffers(&mut self, names: &[u32]) {
        for &name in names {
            let removed = self.shared.buffers.lock().remove(name);
            if let Some(buf) = removed {
                buf.state.lock().mapping = None;
                self.bindings.unbind_everywhere(&buf);
                self.detach_buffer_from_vao(&buf);
            }
        }
    }

    pub fn is_buffer(&self, name: u32) -> bool {
        self.shared.buffers.lock().get(name).is_some()
    }

    /// The buffer object `name` for a bind command, created on first bind. GL 4.6 §6.1:
    /// INVALID_OPERATION if the name was never generated (core profile; a compatibility
    /// context creates the object for any name).
    pub(super) fn buffer_for_bind(
        &self,
        name: u32,
        func_arg: &str,
    ) -> GlResult<Option<Arc<Buffer>>> {
        if name == 0 {
            return Ok(None);
        }
        let mut table = self.shared.buffers.lock();
        if let Some(b) = table.get(name) {
            return Ok(Some(b.clone()));
        }
        if !table.is_name(name) && self.info.is_core() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "{func_arg} = {name} is not a name returned by glGenBuffers or glCreateBuffers (or it was deleted)"
            );
        }
        let buf = Buffer::new(name);
        table.set(name, buf.clone());
        Ok(Some(buf))
    }

    /// Checks a name for a bind without creating anything.
    fn check_bind_name(&self, name: u32, func_arg: &str) -> GlResult<()> {
        let table = self.shared.buffers.lock();
        if name != 0 && !table.is_name(name) && self.info.is_core() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "{func_arg} = {name} is not a name returned by glGenBuffers or glCreateBuffers (or it was deleted)"
            );
        }
        Ok(())
    }

    /// BindBuffer (GL 4.6 §6.1).
    pub fn bind_buffer(&mut self, target: u32, name: u32) -> GlResult<()> {
        // GL 4.6 §6.1: INVALID_ENUM if target is not one of table 6.1.
        if self.bindings.slot(target).is_none() {
            return Err(bad_target(target));
        }
        // GL 4.6 §6.1: INVALID_OPERATION if buffer is not a generated name.
        let buf = self.buffer_for_bind(name, "buffer")?;
        *self.bindings.slot(target).expect("checked") = buf;
        Ok(())
    }

    /// BindBufferRange / BindBufferBase (GL 4.6 §6.1.1). `range` is (offset, size).
    pub fn bind_buffer_indexed(
        &mut self,
        target: u32,
        index: u32,
        name: u32,
        range: Option<(i64, i64)>,
    ) -> GlResult<()> {
        let count = self.indexed_binding_points(target)?;
        // GL 4.6 §6.1.1: INVALID_VALUE if index >= the number of binding points.
        if index as usize >= count {
            gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} exceeds {} = {count} binding points of {}",
                max_bindings_name(target),
                Enum(target)
            );
        }
        // GL 4.6 §6.1.1: INVALID_OPERATION if buffer is not zero or a generated name.
        self.check_bind_name(name, "buffer")?;
        if let (Some((offset, size)), true) = (range, name != 0) {
            // GL 4.6 §6.1.1: INVALID_VALUE if offset is negative or size <= 0.
            if offset < 0 {
                gl_bail!(GL_INVALID_VALUE, "offset = {offset} is negative");
            }
            if size <= 0 {
                gl_bail!(GL_INVALID_VALUE, "size = {size} must be greater than zero");
            }
            // GL 4.6 §6.7.1, table 6.5: offset (and, for transform feedback, size)
            // alignment restrictions.
            let align = offset_alignment(target);
            if offset % align != 0 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "offset = {offset} is not a multiple of {} = {align}",
                    alignment_name(target)
                );
            }
            if target == GL_TRANSFORM_FEEDBACK_BUFFER && size % 4 != 0 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "size = {size} is not a multiple of 4 for GL_TRANSFORM_FEEDBACK_BUFFER"
                );
            }
            // NV_parameter_buffer_object: INVALID_VALUE for a program parameter buffer
            // offset that is not zero, or a size that is not word-aligned.
            if target == crate::gl::asm_enums::GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV {
                if offset != 0 {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "offset = {offset}: a program parameter buffer binding starts at offset 0"
                    );
                }
                if size % 4 != 0 {
                    gl_bail!(GL_INVALID_VALUE, "size = {size} is not a multiple of 4");
                }
            }
        }
        let buf = self.buffer_for_bind(name, "buffer")?;
        let (offset, size) = match (&buf, range) {
            (Some(_), Some(r)) => r,
            _ => (0, 0),
        };
        // BindBufferRange/Base also bind the generic binding point (GL 4.6 §6.1.1).
        *self
            .bindings
            .slot(target)
            .expect("indexed targets are generic too") = buf.clone();
        self.bindings.indexed(target).expect("checked")[index as usize] = IndexedBinding {
            buffer: buf,
            offset,
            size,
        };
        Ok(())
    }

    /// BindBufferOffsetNV (NV_parameter_buffer_object): BindBufferRange with the size
    /// from `offset` to the buffer's end, rounded down to whole words.
    pub fn bind_buffer_offset(
        &mut self,
        target: u32,
        index: u32,
        name: u32,
        offset: i64,
    ) -> GlResult<()> {
        let size = match self.shared.buffers.lock().get(name) {
            Some(b) => (b.state.lock().size() as i64 - offset.max(0)).max(0) & !3,
            None => 0,
        };
        // A buffer that ends at `offset` gives size 0, which BindBufferRange refuses
        // with INVALID_VALUE as BindBufferOffsetNV's spec says for a size <= 0.
        self.bind_buffer_indexed(target, index, name, Some((offset, size)))
    }

    /// BindBuffersBase / BindBuffersRange (GL 4.6 §6.1.1, ARB_multi_bind). Per the
    /// multi-bind rules, an invalid entry is skipped with an error while the valid ones
    /// are bound; the first error is returned. The generic binding is left unchanged.
    pub fn bind_buffers(
        &mut self,
        target: u32,
        first: u32,
        names: Option<&[u32]>,
        count: usize,
        ranges: Option<(&[i64], &[i64])>,
    ) -> GlResult<()> {
        self.check_bind_buffers(target, first, count)?;
        let Some(names) = names else {
            // A NULL buffers array unbinds the whole range.
            for b in &mut self.bindings.indexed(target).expect("checked")
                [first as usize..first as usize + count]
            {
                *b = IndexedBinding::default();
            }
            return Ok(());
        };
        let mut first_error = None;
        for i in 0..count {
            let result = (|| -> GlResult<IndexedBinding> {
                let mut range = (0, 0);
                if let Some((offsets, sizes)) = ranges {
                    let (offset, size) = (offsets[i], sizes[i]);
                    // ARB_multi_bind: INVALID_VALUE for a negative offset or size <= 0.
                    if offset < 0 {
                        gl_bail!(GL_INVALID_VALUE, "offsets[{i}] = {offset} is negative");
                    }
                    if size <= 0 {
                        gl_bail!(GL_INVALID_VALUE, "sizes[{i}] = {size} must be positive");
                    }
                    let align = offset_alignment(target);
                    if offset % align != 0 {
                        gl_bail!(
                            GL_INVALID_VALUE,
                            "offsets[{i}] = {offset} is not a multiple of {} = {align}",
                            alignment_name(target)
                        );
                    }
                    if target == GL_TRANSFORM_FEEDBACK_BUFFER && size % 4 != 0 {
                        gl_bail!(
                            GL_INVALID_VALUE,
                            "sizes[{i}] = {size} is not a multiple of 4"
                        );
                    }
                    range = (offset, size);
                }
                let name = names[i];
                if name == 0 {
                    return Ok(IndexedBinding::default());
                }
                // ARB_multi_bind: INVALID_OPERATION if not zero or an existing buffer
                // (multi-bind never creates objects).
                let Some(buf) = self.shared.buffers.lock().get(name).cloned() else {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "buffers[{i}] = {name} is not zero or the name of an existing buffer object"
                    );
                };
                Ok(IndexedBinding {
                    buffer: Some(buf),
                    offset: range.0,
                    size: range.1,
                })
            })();
            match result {
                Ok(binding) => {
                    self.bindings.indexed(target).expect("checked")[first as usize + i] = binding
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The number of binding points of an indexed target, for a command about to change
    /// them: INVALID_ENUM for a target without them, INVALID_OPERATION for the transform
    /// feedback bindings while transform feedback is active.
    fn indexed_binding_points(&mut self, target: u32) -> GlResult<usize> {
        // GL 4.6 §6.1.1: INVALID_ENUM if target is not in table 6.5.
        let Some(n) = self.bindings.indexed(target).map(|v| v.len()) else {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} has no indexed binding points",
                Enum(target)
            );
        };
        // GL 4.6 §13.3.1: INVALID_OPERATION to change the TRANSFORM_FEEDBACK_BUFFER
        // bindings while transform feedback is active.
        if target == GL_TRANSFORM_FEEDBACK_BUFFER && self.xfb_recording().is_some() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "transform feedback is active: its buffer bindings cannot change"
            );
        }
        Ok(n)
    }

    /// The checks of BindBuffersBase/Range that come before any array is read: the
    /// target, an active transform feedback, and the range of binding points.
    pub fn check_bind_buffers(&mut self, target: u32, first: u32, count: usize) -> GlResult<()> {
        let n = self.indexed_binding_points(target)?;
        // GL 4.6 §6.1.1: INVALID_OPERATION if first + count exceeds the binding points.
        if first as usize + count > n {
            gl_bail!(
                GL_INVALID_OPERATION,
                "first = {first} + count = {count} exceeds {} = {n}",
                max_bindings_name(target)
            );
        }
        Ok(())
    }

    /// Resolves the buffer a command operates on. Through a target: INVALID_ENUM for a
    /// bad target, `unbound_error` when zero is bound (GL 4.6 §6.2). By name:
    /// INVALID_OPERATION if it is not an existing buffer object (GL 4.6 §6.2, DSA).
    pub fn buffer_ref(&mut self, r: BufRef, unbound_error: u32) -> GlResult<Arc<Buffer>> {
        match r {
            BufRef::Target(target) => {
                let Some(slot) = self.bindings.slot(target) else {
                    return Err(bad_target(target));
                };
                match slot {
                    Some(b) => Ok(b.clone()),
                    None => Err(crate::gl::error::GlError::new(
                        unbound_error,
                        format!("no buffer is bound to {}", Enum(target)),
                    )),
                }
            }
            BufRef::Named(name) => match self.shared.buffers.lock().get(name) {
                Some(b) => Ok(b.clone()),
                None => gl_bail!(
                    GL_INVALID_OPERATION,
                    "buffer = {name} is not the name of an existing buffer object"
                ),
            },
        }
    }

    /// BufferData / NamedBufferData (GL 4.6 §6.2).
    pub fn buffer_data(&mut self, r: BufRef, size: i64, data: UserIn, usage: u32) -> GlResult<()> {
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        // GL 4.6 §6.2: INVALID_VALUE if size is negative.
        if size < 0 {
            gl_bail!(GL_INVALID_VALUE, "size = {size} is negative");
        }
        // GL 4.6 §6.2: INVALID_ENUM if usage is not one of the nine usage hints.
        if !matches!(
            usage,
            GL_STREAM_DRAW
                | GL_STREAM_READ
                | GL_STREAM_COPY
                | GL_STATIC_DRAW
                | GL_STATIC_READ
                | GL_STATIC_COPY
                | GL_DYNAMIC_DRAW
                | GL_DYNAMIC_READ
                | GL_DYNAMIC_COPY
        ) {
            gl_bail!(
                GL_INVALID_ENUM,
                "usage {} is not a buffer usage",
                Enum(usage)
            );
        }
        let mut st = buf.state.lock();
        // GL 4.6 §6.2: INVALID_OPERATION if BUFFER_IMMUTABLE_STORAGE is TRUE.
        if st.immutable {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {} has immutable storage (glBufferStorage)",
                buf.name
            );
        }
        let storage = new_storage(size as usize, data)?;
        // The old store is replaced; a mapping of it ends (not an error).
        st.mapping = None;
        st.storage = Arc::new(storage);
        st.usage = usage;
        // GL 4.6 table 6.3: the flags BufferData implies.
        st.storage_flags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT;
        Ok(())
    }

    /// BufferStorage / NamedBufferStorage (GL 4.6 §6.2).
    pub fn buffer_storage(
        &mut self,
        r: BufRef,
        size: i64,
        data: UserIn,
        flags: u32,
    ) -> GlResult<()> {
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        // GL 4.6 §6.2: INVALID_VALUE if size <= 0.
        if size <= 0 {
            gl_bail!(GL_INVALID_VALUE, "size = {size} must be greater than zero");
        }
        let valid = GL_MAP_READ_BIT
            | GL_MAP_WRITE_BIT
            | GL_MAP_PERSISTENT_BIT
            | GL_MAP_COHERENT_BIT
            | GL_DYNAMIC_STORAGE_BIT
            | GL_CLIENT_STORAGE_BIT;
        // GL 4.6 §6.2: INVALID_VALUE if flags has any bits other than those defined.
        if flags & !valid != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "flags = 0x{flags:X} has undefined bits set"
            );
        }
        // GL 4.6 §6.2: INVALID_VALUE if PERSISTENT without READ or WRITE.
        if flags & GL_MAP_PERSISTENT_BIT != 0 && flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT) == 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "GL_MAP_PERSISTENT_BIT requires GL_MAP_READ_BIT or GL_MAP_WRITE_BIT"
            );
        }
        // GL 4.6 §6.2: INVALID_VALUE if COHERENT without PERSISTENT.
        if flags & GL_MAP_COHERENT_BIT != 0 && flags & GL_MAP_PERSISTENT_BIT == 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "GL_MAP_COHERENT_BIT requires GL_MAP_PERSISTENT_BIT"
            );
        }
        let mut st = buf.state.lock();
        // GL 4.6 §6.2: INVALID_OPERATION if the store is already immutable.
        if st.immutable {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {} already has immutable storage",
                buf.name
            );
        }
        let storage = new_storage(size as usize, data)?;
        st.mapping = None;
        st.storage = Arc::new(storage);
        st.immutable = true;
        st.storage_flags = flags;
        // GL 4.6 table 6.3: BUFFER_USAGE becomes DYNAMIC_DRAW.
        st.usage = GL_DYNAMIC_DRAW;
        Ok(())
    }

    /// BufferSubData / NamedBufferSubData (GL 4.6 §6.2.1).
    pub fn buffer_sub_data(
        &mut self,
        r: BufRef,
        offset: i64,
        size: i64,
        data: UserIn,
    ) -> GlResult<()> {
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        let st = buf.state.lock();
        check_range(&st, offset, size, RangeUse::MappedRange)?;
        // GL 4.6 §6.2.1: INVALID_OPERATION if immutable without DYNAMIC_STORAGE_BIT.
        if st.immutable && st.storage_flags & GL_DYNAMIC_STORAGE_BIT == 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {} is immutable without GL_DYNAMIC_STORAGE_BIT",
                buf.name
            );
        }
        // A NULL data pointer leaves the contents alone (nothing to copy).
        if let Some(bytes) = data.bytes(size as usize) {
            st.storage.write(offset as usize, bytes);
        }
        Ok(())
    }

    /// GetBufferSubData / GetNamedBufferSubData (GL 4.6 §6.3.2).
    pub fn get_buffer_sub_data(
        &mut self,
        r: BufRef,
        offset: i64,
        size: i64,
        out: UserOut,
    ) -> GlResult<()> {
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        let st = buf.state.lock();
        check_range(&st, offset, size, RangeUse::AnyMapping)?;
        if let Some(bytes) = out.bytes(size as usize) {
            st.storage.read(offset as usize, bytes);
        }
        Ok(())
    }

    /// MapBufferRange / MapNamedBufferRange (GL 4.6 §6.3), also used by MapBuffer with
    /// the whole range. Returns the pointer.
    pub fn map_buffer_range(
        &mut self,
        r: BufRef,
        offset: i64,
        length: Option<i64>,
        access: u32,
    ) -> GlResult<*mut u8> {
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        let mut st = buf.state.lock();
        let length = length.unwrap_or(st.size() as i64);
        // GL 4.6 §6.3: INVALID_VALUE if offset or length is negative.
        if offset < 0 {
            gl_bail!(GL_INVALID_VALUE, "offset = {offset} is negative");
        }
        if length < 0 {
            gl_bail!(GL_INVALID_VALUE, "length = {length} is negative");
        }
        // GL 4.6 §6.3: INVALID_OPERATION if length is zero.
        if length == 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "length is zero (buffer {} has {} bytes)",
                buf.name,
                st.size()
            );
        }
        let allowed = GL_MAP_READ_BIT
            | GL_MAP_WRITE_BIT
            | GL_MAP_INVALIDATE_RANGE_BIT
            | GL_MAP_INVALIDATE_BUFFER_BIT
            | GL_MAP_FLUSH_EXPLICIT_BIT
            | GL_MAP_UNSYNCHRONIZED_BIT
            | GL_MAP_PERSISTENT_BIT
            | GL_MAP_COHERENT_BIT;
        // GL 4.6 §6.3: INVALID_VALUE if access has any bits other than those defined.
        if access & !allowed != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "access = 0x{access:X} has undefined bits set"
            );
        }
        // GL 4.6 §6.3: INVALID_OPERATION if neither READ nor WRITE is set.
        if access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT) == 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "access sets neither GL_MAP_READ_BIT nor GL_MAP_WRITE_BIT"
            );
        }
        // GL 4.6 §6.3: INVALID_OPERATION if READ with INVALIDATE_* or UNSYNCHRONIZED.
        if access & GL_MAP_READ_BIT != 0
            && access
                & (GL_MAP_INVALIDATE_RANGE_BIT
                    | GL_MAP_INVALIDATE_BUFFER_BIT
                    | GL_MAP_UNSYNCHRONIZED_BIT)
                != 0
        {
            gl_bail!(
                GL_INVALID_OPERATION,
                "GL_MAP_READ_BIT may not be combined with GL_MAP_INVALIDATE_*_BIT or GL_MAP_UNSYNCHRONIZED_BIT"
            );
        }
        // GL 4.6 §6.3: INVALID_OPERATION if FLUSH_EXPLICIT without WRITE.
        if access & GL_MAP_FLUSH_EXPLICIT_BIT != 0 && access & GL_MAP_WRITE_BIT == 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "GL_MAP_FLUSH_EXPLICIT_BIT requires GL_MAP_WRITE_BIT"
            );
        }
        // GL 4.6 §6.3: INVALID_OPERATION if a READ/WRITE/PERSISTENT/COHERENT bit is set
        // that the buffer's storage flags do not allow.
        for (bit, what) in [
            (GL_MAP_READ_BIT, "GL_MAP_READ_BIT"),
            (GL_MAP_WRITE_BIT, "GL_MAP_WRITE_BIT"),
            (GL_MAP_COHERENT_BIT, "GL_MAP_COHERENT_BIT"),
            (GL_MAP_PERSISTENT_BIT, "GL_MAP_PERSISTENT_BIT"),
        ] {
            if access & bit != 0 && st.storage_flags & bit == 0 {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "access has {what} but buffer {}'s storage flags (0x{:X}) do not",
                    buf.name,
                    st.storage_flags
                );
            }
        }
        // GL 4.6 §6.3: INVALID_VALUE if offset + length exceeds BUFFER_SIZE.
        if offset as u128 + length as u128 > st.size() as u128 {
            gl_bail!(
                GL_INVALID_VALUE,
                "offset = {offset} + length = {length} exceeds the buffer size {}",
                st.size()
            );
        }
        // GL 4.6 §6.3: INVALID_OPERATION if the buffer is already mapped.
        if st.mapping.is_some() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {} is already mapped",
                buf.name
            );
        }
        st.mapping = Some(Mapping {
            offset: offset as usize,
            length: length as usize,
            access,
        });
        // SAFETY: offset + length <= size was checked, so the pointer stays inside the
        // allocation, which lives until the store is replaced (which unmaps first).
        Ok(unsafe { st.storage.as_ptr().add(offset as usize) })
    }

    /// FlushMappedBufferRange / FlushMappedNamedBufferRange (GL 4.6 §6.3.1). Writes go
    /// straight to the store, so a valid flush has nothing left to do.
    pub fn flush_mapped_range(&mut self, r: BufRef, offset: i64, length: i64) -> GlResult<()> {
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        let st = buf.state.lock();
        // GL 4.6 §6.3.1: INVALID_VALUE if offset or length is negative.
        if offset < 0 || length < 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "offset = {offset} and length = {length} may not be negative"
            );
        }
        // GL 4.6 §6.3.1: INVALID_OPERATION if the buffer is not mapped or not mapped
        // with MAP_FLUSH_EXPLICIT_BIT.
        let Some(m) = st.mapping else {
            gl_bail!(GL_INVALID_OPERATION, "buffer {} is not mapped", buf.name);
        };
        if m.access & GL_MAP_FLUSH_EXPLICIT_BIT == 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {} was not mapped with GL_MAP_FLUSH_EXPLICIT_BIT",
                buf.name
            );
        }
        // GL 4.6 §6.3.1: INVALID_VALUE if offset + length exceeds the mapping.
        if offset as u128 + length as u128 > m.length as u128 {
            gl_bail!(
                GL_INVALID_VALUE,
                "offset = {offset} + length = {length} exceeds the mapped length {}",
                m.length
            );
        }
        Ok(())
    }

    /// UnmapBuffer / UnmapNamedBuffer (GL 4.6 §6.3.1). The store never becomes corrupt,
    /// so a successful unmap returns TRUE.
    pub fn unmap_buffer(&mut self, r: BufRef) -> GlResult<bool> {
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        let mut st = buf.state.lock();
        // GL 4.6 §6.3.1: INVALID_OPERATION if the buffer is not mapped.
        if st.mapping.is_none() {
            gl_bail!(GL_INVALID_OPERATION, "buffer {} is not mapped", buf.name);
        }
        st.mapping = None;
        Ok(true)
    }

    /// CopyBufferSubData / CopyNamedBufferSubData (GL 4.6 §6.6).
    pub fn copy_buffer_sub_data(
        &mut self,
        read: BufRef,
        write: BufRef,
        read_offset: i64,
        write_offset: i64,
        size: i64,
    ) -> GlResult<()> {
        let src = self.buffer_ref(read, GL_INVALID_OPERATION)?;
        let dst = self.buffer_ref(write, GL_INVALID_OPERATION)?;
        let same = Arc::ptr_eq(&src, &dst);
        let src_st = src.state.lock();
        let dst_guard = if same { None } else { Some(dst.state.lock()) };
        let dst_st = dst_guard.as_deref().unwrap_or(&*src_st);
        // GL 4.6 §6.6: INVALID_OPERATION if either buffer is mapped (not persistently).
        if src_st.mapped_non_persistent() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read buffer {} is mapped",
                src.name
            );
        }
        if dst_st.mapped_non_persistent() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the write buffer {} is mapped",
                dst.name
            );
        }
        // GL 4.6 §6.6: INVALID_VALUE if any of the offsets or size is negative.
        if read_offset < 0 || write_offset < 0 || size < 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "readOffset = {read_offset}, writeOffset = {write_offset} and size = {size} may not be negative"
            );
        }
        // GL 4.6 §6.6: INVALID_VALUE if a range extends past its buffer's size.
        if read_offset as u128 + size as u128 > src_st.size() as u128 {
            gl_bail!(
                GL_INVALID_VALUE,
                "readOffset = {read_offset} + size = {size} exceeds the read buffer's size {}",
                src_st.size()
            );
        }
        if write_offset as u128 + size as u128 > dst_st.size() as u128 {
            gl_bail!(
                GL_INVALID_VALUE,
                "writeOffset = {write_offset} + size = {size} exceeds the write buffer's size {}",
                dst_st.size()
            );
        }
        // GL 4.6 §6.6: INVALID_VALUE if source and destination are the same buffer and
        // the ranges overlap.
        if same && read_offset < write_offset + size && write_offset < read_offset + size {
            gl_bail!(
                GL_INVALID_VALUE,
                "source range [{read_offset}, {}) overlaps destination range [{write_offset}, {}) in buffer {}",
                read_offset + size,
                write_offset + size,
                src.name
            );
        }
        dst_st.storage.copy_from(
            &src_st.storage,
            read_offset as usize,
            write_offset as usize,
            size as usize,
        );
        Ok(())
    }

    /// ClearBufferData / ClearBufferSubData and the named forms (GL 4.6 §6.5).
    /// `range` None means the whole buffer.
    #[allow(clippy::too_many_arguments)]
    pub fn clear_buffer(
        &mut self,
        r: BufRef,
        internalformat: u32,
        range: Option<(i64, i64)>,
        format: u32,
        ty: u32,
        data: UserIn,
    ) -> GlResult<()> {
        // GL 4.6 §6.5: INVALID_VALUE (not INVALID_OPERATION) if zero is bound to target.
        let buf = self.buffer_ref(r, GL_INVALID_VALUE)?;
        let st = buf.state.lock();
        let (offset, size) = range.unwrap_or((0, st.size() as i64));
        check_range(
            &st,
            offset,
            size,
            if range.is_some() {
                RangeUse::MappedRange
            } else {
                RangeUse::AnyMapping
            },
        )?;
        let pixel = convert_clear_value(internalformat, format, ty, data)?;
        // GL 4.6 §6.5: INVALID_VALUE if offset or size is not a multiple of the element
        // size of internalformat.
        let elem = pixel.len() as i64;
        if offset % elem != 0 || size % elem != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "offset = {offset} and size = {size} must be multiples of {elem}, the size of {}",
                Enum(internalformat)
            );
        }
        st.storage.fill(offset as usize, size as usize, &pixel);
        Ok(())
    }

    /// InvalidateBufferSubData / InvalidateBufferData (GL 4.6 §6.5). Invalidated
    /// contents become undefined; keeping the old bytes is a valid undefined value, so a
    /// valid call leaves the store as it is.
    pub fn invalidate_buffer(&mut self, name: u32, range: Option<(i64, i64)>) -> GlResult<()> {
        // GL 4.6 §6.5: INVALID_VALUE if buffer is zero or not an existing buffer object.
        let Some(buf) = self.shared.buffers.lock().get(name).cloned() else {
            gl_bail!(
                GL_INVALID_VALUE,
                "buffer = {name} is not the name of an existing buffer object"
            );
        };
        let st = buf.state.lock();
        let (offset, length) = range.unwrap_or((0, st.size() as i64));
        // GL 4.6 §6.5: INVALID_VALUE if offset or length is negative or the range
        // extends past BUFFER_SIZE.
        if offset < 0 || length < 0 || offset as u128 + length as u128 > st.size() as u128 {
            gl_bail!(
                GL_INVALID_VALUE,
                "offset = {offset}, length = {length} is not a range of buffer {} ({} bytes)",
                name,
                st.size()
            );
        }
        // GL 4.6 §6.5: INVALID_OPERATION if the range is mapped (not persistently).
        let mapped = if range.is_some() {
            st.range_mapped(offset as usize, length as usize)
        } else {
            st.mapped_non_persistent()
        };
        if mapped {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {} is mapped over that range",
                name
            );
        }
        Ok(())
    }

    /// GetBufferParameteri(64)v and the named forms (GL 4.6 §6.7, table 6.2).
    pub fn get_buffer_parameter(&mut self, r: BufRef, pname: u32) -> GlResult<i64> {
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        let st = buf.state.lock();
        let m = st.mapping;
        Ok(match pname {
            GL_BUFFER_SIZE => st.size() as i64,
            GL_BUFFER_USAGE => st.usage as i64,
            GL_BUFFER_ACCESS => access_mode(m.map(|m| m.access).unwrap_or(0)) as i64,
            GL_BUFFER_ACCESS_FLAGS => m.map(|m| m.access).unwrap_or(0) as i64,
            GL_BUFFER_MAPPED => m.is_some() as i64,
            GL_BUFFER_MAP_OFFSET => m.map(|m| m.offset).unwrap_or(0) as i64,
            GL_BUFFER_MAP_LENGTH => m.map(|m| m.length).unwrap_or(0) as i64,
            GL_BUFFER_IMMUTABLE_STORAGE => st.immutable as i64,
            GL_BUFFER_STORAGE_FLAGS => st.storage_flags as i64,
            // GL 4.6 §6.7: INVALID_ENUM if pname is not one of table 6.2's values.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a buffer parameter",
                Enum(pname)
            ),
        })
    }

    /// GetBufferPointerv / GetNamedBufferPointerv (GL 4.6 §6.7).
    pub fn get_buffer_pointer(&mut self, r: BufRef, pname: u32) -> GlResult<*mut u8> {
        // GL 4.6 §6.7: INVALID_ENUM if pname is not BUFFER_MAP_POINTER.
        if pname != GL_BUFFER_MAP_POINTER {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not GL_BUFFER_MAP_POINTER",
                Enum(pname)
            );
        }
        let buf = self.buffer_ref(r, GL_INVALID_OPERATION)?;
        let st = buf.state.lock();
        Ok(match st.mapping {
            // SAFETY: the mapping's offset lies inside the store.
            Some(m) => unsafe { st.storage.as_ptr().add(m.offset) },
            None => std::ptr::null_mut(),
        })
    }
}

/// Which mappings make a range command illegal (GL 4.6 §6.2.1, §6.3.2, §6.5).
#[derive(Clone, Copy)]
enum RangeUse {
    /// Only a mapping that overlaps the range (BufferSubData, ClearBufferSubData).
    MappedRange,
    /// Any mapping (GetBufferSubData, ClearBufferData).
    AnyMapping,
}

fn check_range(st: &BufferState, offset: i64, size: i64, how: RangeUse) -> GlResult<()> {
    // INVALID_VALUE if offset or size is negative, or offset + size > BUFFER_SIZE.
    if size < 0 {
        gl_bail!(GL_INVALID_VALUE, "size = {size} is negative");
    }
    if offset < 0 {
        gl_bail!(GL_INVALID_VALUE, "offset = {offset} is negative");
    }
    if offset as u128 + size as u128 > st.size() as u128 {
        gl_bail!(
            GL_INVALID_VALUE,
            "offset = {offset} + size = {size} exceeds the buffer size {}",
            st.size()
        );
    }
    // INVALID_OPERATION if (the range of) the buffer is mapped without
    // MAP_PERSISTENT_BIT.
    let mapped = match how {
        RangeUse::MappedRange => st.range_mapped(offset as usize, size as usize),
        RangeUse::AnyMapping => st.mapped_non_persistent(),
    };
    if mapped {
        gl_bail!(
            GL_INVALID_OPERATION,
            "the buffer is mapped without GL_MAP_PERSISTENT_BIT over that range"
        );
    }
    Ok(())
}

/// Allocates a store of `size` bytes filled from `data` (zeros when null).
fn new_storage(size: usize, data: UserIn) -> GlResult<Storage> {
    let storage = Storage::new_zeroed(size).map_err(|_| {
        gl_err!(
            GL_OUT_OF_MEMORY,
            "cannot allocate {size} bytes for the buffer's data store"
        )
    })?;
    if let Some(bytes) = data.bytes(size) {
        storage.write(0, bytes);
    }
    Ok(storage)
}

/// MapBuffer's access enum as MapBufferRange bits. GL 4.6 §6.3: INVALID_ENUM otherwise.
pub fn map_access(access: GLenum) -> GlResult<GLbitfield> {
    Ok(match access {
        GL_READ_ONLY => GL_MAP_READ_BIT,
        GL_WRITE_ONLY => GL_MAP_WRITE_BIT,
        GL_READ_WRITE => GL_MAP_READ_BIT | GL_MAP_WRITE_BIT,
        _ => gl_bail!(
            GL_INVALID_ENUM,
            "access {} is not GL_READ_ONLY, GL_WRITE_ONLY or GL_READ_WRITE",
            Enum(access)
        ),
    })
}

impl ContextState {
    /// MapBuffer (`access` an enum, Err) and MapBufferRange (`access` the bits, Ok;
    /// `range` the offset and length); None for the whole buffer.
    pub fn map_buffer(
        &mut self,
        r: BufRef,
        range: Option<(i64, i64)>,
        access: Result<u32, u32>,
    ) -> GlResult<*mut u8> {
        let access = match access {
            Ok(bits) => bits,
            Err(e) => map_access(e)?,
        };
        let (offset, length) = match range {
            Some((o, l)) => (o, Some(l)),
            None => (0, None),
        };
        self.map_buffer_range(r, offset, length, access)
    }
}
