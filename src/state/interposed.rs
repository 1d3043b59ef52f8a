//! The state of a shadow context: the glcompute context that runs compute for one host
//! context in interposed mode (`LD_PRELOAD=libglcompute.so`).
//!
//! A shadow context owns glcompute's compute shaders and the programs they are attached
//! to (their names are reserved from the host, so the two name spaces never collide),
//! and the binding points the host lacks (shader storage and dispatch-indirect on a host
//! without compute). Buffers stay the host's: at each dispatch, the storage a program
//! uses is reached through the host API ([`HostMemory`]: a mapping, or a copy where the
//! host cannot map), the dispatch runs on it, and results are back in the host's buffer
//! before the dispatch call returns. The host's error flag is merged into ours so the
//! application sees one error stream in call order.

use crate::gl::enums::*;
use crate::gl::error::{GlError, GlResult};
use crate::gl_bail;
use crate::host::gl::HostGl;
use crate::runtime::abi::Resource;
use crate::runtime::memory::Storage;
use crate::state::context::ContextState;
use crate::state::objects::host::{HostBinding, HostLink};
use std::sync::Arc;

/// The kinds of buffer binding a compute program reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferKind {
    Uniform,
    Storage,
    Atomic,
    /// An assembly program's parameter buffers (COMPUTE_PROGRAM_PARAMETER_BUFFER_NV).
    Parameter,
}

impl ContextState {
    /// Reads the host's error flag into ours when ours is clear, so that an error the
    /// host recorded for an earlier call stays the first one (GL 4.6 §2.3.1), and clears
    /// the host's flag before glcompute calls the host itself.
    pub fn merge_host_error(&mut self) {
        let Some(link) = self.host.clone() else {
            return;
        };
        // SAFETY: reading the current host context's error flag.
        let e = unsafe { link.gl.glGetError() };
        if e != GL_NO_ERROR && self.error == GL_NO_ERROR {
            self.error = e;
        }
    }

    /// Interposed: DEBUG_OUTPUT is the host's state (glEnable and glDisable are the
    /// host's commands), so glcompute's messages follow the host's switch where the
    /// host has KHR_debug; without it, the context's flags decide, as at creation.
    pub fn follow_host_debug_output(&mut self) {
        let Some(link) = self.host.clone() else {
            return;
        };
        if link.caps().debug {
            // SAFETY: a query of a KHR_debug capability on the current host context,
            // which has KHR_debug (no error is left on its flag).
            self.debug.output = unsafe { link.gl.glIsEnabled(GL_DEBUG_OUTPUT) } != 0;
        }
    }

    /// What this context's shaders may use: standalone, GLSL 4.60 and glcompute's
    /// extensions (an OpenGL ES context: GLSL ES 3.20 and its OpenGL ES extensions);
    /// interposed, the extensions of the context's string (the host's and those
    /// glcompute adds), and the host's GLSL version where it claims more than 4.30 (the
    /// context reports the host's version then), else 4.30.
    pub fn accepts(&self) -> crate::glsl::accepts::Accepts {
        let Some(link) = self.host.as_ref() else {
            if self.info.es {
                return crate::glsl::accepts::Accepts::es();
            }
            return crate::glsl::accepts::Accepts::default();
        };
        let glsl_version = glsl_number(&link.caps().glsl_string)
            .map_or(crate::glsl::accepts::COMPLETED_GLSL_VERSION, |v| {
                v.clamp(crate::glsl::accepts::COMPLETED_GLSL_VERSION, 460)
            });
        let extensions = link
            .strings()
            .extensions
            .to_string_lossy()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        crate::glsl::accepts::Accepts {
            extensions,
            glsl_version,
            es: false,
        }
    }

    /// The host buffer range bound at `index` of a binding point, from the host where
    /// it has the binding point and from our bindings where it does not.
    fn host_binding(&self, kind: BufferKind, index: u32) -> HostBinding {
        let link = self.host.as_ref().expect("a shadow context");
        let caps = link.caps();
        let from_host = |binding: u32, start: u32, size: u32, points: u32| {
            // A binding point the host does not have holds no buffer.
            if index >= points {
                return HostBinding::default();
            }
            let (mut b, mut o, mut s) = (0i64, 0i64, 0i64);
            // SAFETY: indexed queries of one 64-bit integer each, at an index below the
            // host's number of binding points (checked above).
            unsafe {
                link.gl.glGetInteger64i_v(binding, index, &mut b);
                link.gl.glGetInteger64i_v(start, index, &mut o);
                link.gl.glGetInteger64i_v(size, index, &mut s);
            }
            HostBinding {
                buffer: b as u32,
                offset: o,
                size: s,
            }
        };
        match kind {
            BufferKind::Uniform => from_host(
                GL_UNIFORM_BUFFER_BINDING,
                GL_UNIFORM_BUFFER_START,
                GL_UNIFORM_BUFFER_SIZE,
                caps.uniform_bindings,
            ),
            BufferKind::Storage if caps.ssbo => from_host(
                GL_SHADER_STORAGE_BUFFER_BINDING,
                GL_SHADER_STORAGE_BUFFER_START,
                GL_SHADER_STORAGE_BUFFER_SIZE,
                caps.storage_bindings,
            ),
            BufferKind::Storage => self
                .host_bindings
                .storage
                .points
                .get(index as usize)
                .copied()
                .unwrap_or_default(),
            BufferKind::Atomic if caps.atomic_counters => from_host(
                GL_ATOMIC_COUNTER_BUFFER_BINDING,
                GL_ATOMIC_COUNTER_BUFFER_START,
                GL_ATOMIC_COUNTER_BUFFER_SIZE,
                caps.atomic_bindings,
            ),
            BufferKind::Parameter => self
                .host_bindings
                .parameter
                .points
                .get(index as usize)
                .copied()
                .unwrap_or_default(),
            BufferKind::Atomic => self
                .host_bindings
                .atomic
                .points
                .get(index as usize)
                .copied()
                .unwrap_or_default(),
        }
    }

    /// Opens the host buffers bound at `uses` (kind, binding index, whether shaders may
    /// write it) for a dispatch and returns one descriptor per use. The host's pending
    /// error is merged first.
    pub fn open_host_buffers(
        &mut self,
        uses: &[(BufferKind, u32, bool)],
    ) -> GlResult<(Vec<Resource>, HostMemory)> {
        self.merge_host_error();
        let link = self.host.clone().expect("a shadow context");
        let bindings: Vec<(bool, HostBinding)> = uses
            .iter()
            .map(|&(k, i, w)| (w, self.host_binding(k, i)))
            .collect();
        let mut mem = HostMemory {
            link: link.clone(),
            open: Vec::new(),
        };
        // Each distinct buffer is opened once, for writing if any use writes.
        let mut which = Vec::with_capacity(uses.len());
        for &(write, b) in &bindings {
            if b.buffer == 0 {
                which.push(None);
                continue;
            }
            let i = match mem.open.iter().position(|o| o.buffer == b.buffer) {
                Some(i) => {
                    mem.open[i].write |= write;
                    i
                }
                None => {
                    mem.open.push(OpenBuffer {
                        buffer: b.buffer,
                        size: 0,
                        write,
                        access: Access::Pending,
                    });
                    mem.open.len() - 1
                }
            };
            which.push(Some(i));
        }
        for i in 0..mem.open.len() {
            if let Err(e) = mem.open_one(i) {
                mem.close();
                return Err(e);
            }
        }
        let mut out = Vec::with_capacity(uses.len());
        for (&(_, b), w) in bindings.iter().zip(&which) {
            let Some(i) = *w else {
                out.push(Resource::NONE);
                continue;
            };
            let o = &mem.open[i];
            let len = o.size as i64;
            let offset = b.offset.max(0);
            // A range past the buffer's end is clipped; nothing of it is reachable.
            out.push(if offset >= len {
                Resource::NONE
            } else {
                let size = if b.size <= 0 {
                    len - offset
                } else {
                    b.size.min(len - offset)
                };
                Resource {
                    // SAFETY: offset < len: the pointer stays inside the opened storage.
                    ptr: unsafe { o.ptr().add(offset as usize) },
                    size: size as u64,
                }
            });
        }
        Ok((out, mem))
    }

    /// The host buffer bound to DISPATCH_INDIRECT_BUFFER.
    pub fn host_indirect_buffer(&self) -> u32 {
        let link = self.host.as_ref().expect("a shadow context");
        if link.caps().compute {
            let mut b = 0;
            // SAFETY: one integer.
            unsafe {
                link.gl
                    .glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &mut b)
            };
            b as u32
        } else {
            self.host_bindings.dispatch_indirect
        }
    }

    /// Reads the three group counts of an indirect dispatch from host buffer `buffer`
    /// at `offset` (ARB_compute_shader's errors for a mapped buffer or a read past the
    /// end).
    pub fn read_host_indirect(&mut self, buffer: u32, offset: i64) -> GlResult<[u32; 3]> {
        self.merge_host_error();
        let link = self.host.clone().expect("a shadow context");
        let mut mem = HostMemory {
            link,
            open: vec![OpenBuffer {
                buffer,
                size: 0,
                write: false,
                access: Access::Pending,
            }],
        };
        mem.query(0).and_then(|(size, mapped)| {
            // GL 4.6 §6.3.2: INVALID_OPERATION when sourcing data from a buffer mapped
            // without MAP_PERSISTENT_BIT.
            if mapped {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "the GL_DISPATCH_INDIRECT_BUFFER {buffer} is mapped"
                );
            }
            // ARB_compute_shader: INVALID_OPERATION if the command would read past the
            // end of the buffer.
            if offset.checked_add(12).is_none_or(|end| end > size as i64) {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "reading 12 bytes at indirect = {offset} passes the end of GL_DISPATCH_INDIRECT_BUFFER {buffer} ({size} bytes)"
                );
            }
            let mut raw = [0u32; 3];
            mem.read(0, offset, 12, raw.as_mut_ptr() as *mut u8)?;
            Ok(raw)
        })
    }
}

/// How one host buffer was opened for a dispatch.
enum Access {
    Pending,
    /// Mapped by the host: shader accesses go straight to the host's memory.
    Mapped(*mut u8),
    /// Copied into glcompute memory (the host could not map it); written back after.
    Copied(Storage),
}

struct OpenBuffer {
    buffer: u32,
    size: usize,
    write: bool,
    access: Access,
}

impl OpenBuffer {
    fn ptr(&self) -> *mut u8 {
        match &self.access {
            Access::Mapped(p) => *p,
            Access::Copied(s) => s.as_ptr(),
            Access::Pending => std::ptr::null_mut(),
        }
    }
}

/// Host buffers opened for one dispatch. [`HostMemory::close`] unmaps them or writes
/// the copies back; it must run before the application's next GL call.
pub struct HostMemory {
    link: Arc<HostLink>,
    open: Vec<OpenBuffer>,
}

/// Whatever ends a dispatch early (an error, a panic caught at the C boundary), the
/// host's buffers are unmapped before the application's next GL call.
impl Drop for HostMemory {
    fn drop(&mut self) {
        let _ = self.release();
    }
}

/// Takes the host's error flag after glcompute's own host calls: an internal failure
/// must not reach the application's glGetError.
pub fn host_failed(gl: &HostGl) -> bool {
    // SAFETY: reading the error flag of the current host context.
    unsafe { gl.glGetError() != GL_NO_ERROR }
}

impl HostMemory {
    /// The buffer's size and whether it is mapped without MAP_PERSISTENT_BIT.
    fn query(&mut self, i: usize) -> GlResult<(usize, bool)> {
        let gl = self.link.gl;
        let dsa = self.link.caps().dsa;
        let name = self.open[i].buffer;
        let (mut size, mut mapped, mut access) = (0i64, 0i64, 0i64);
        // SAFETY: buffer parameter queries writing one 64-bit integer each.
        unsafe {
            if dsa {
                gl.glGetNamedBufferParameteri64v(name, GL_BUFFER_SIZE, &mut size);
                gl.glGetNamedBufferParameteri64v(name, GL_BUFFER_MAPPED, &mut mapped);
                gl.glGetNamedBufferParameteri64v(name, GL_BUFFER_ACCESS_FLAGS, &mut access);
            } else {
                self.with_bound(name, |gl| {
                    gl.glGetBufferParameteri64v(GL_COPY_WRITE_BUFFER, GL_BUFFER_SIZE, &mut size);
                    gl.glGetBufferParameteri64v(
                        GL_COPY_WRITE_BUFFER,
                        GL_BUFFER_MAPPED,
                        &mut mapped,
                    );
                    gl.glGetBufferParameteri64v(
                        GL_COPY_WRITE_BUFFER,
                        GL_BUFFER_ACCESS_FLAGS,
                        &mut access,
                    );
                });
            }
        }
        if host_failed(gl) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {name} bound for the dispatch is not a buffer object of the host"
            );
        }
        let size = usize::try_from(size).map_err(|_| {
            GlError::new(
                GL_OUT_OF_MEMORY,
                format!("buffer {name} reports a size of {size} bytes"),
            )
        })?;
        self.open[i].size = size;
        Ok((
            size,
            mapped != 0 && access as u32 & GL_MAP_PERSISTENT_BIT == 0,
        ))
    }

    /// Binds `name` to COPY_WRITE_BUFFER for `f` and restores the binding (hosts
    /// without direct state access).
    ///
    /// # Safety
    /// `f` makes valid host calls on COPY_WRITE_BUFFER.
    unsafe fn with_bound(&self, name: u32, f: impl FnOnce(&HostGl)) {
        let gl = self.link.gl;
        let mut old = 0;
        // SAFETY: one integer; COPY_WRITE_BUFFER exists since GL 3.1.
        unsafe {
            gl.glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &mut old);
            gl.glBindBuffer(GL_COPY_WRITE_BUFFER, name);
        }
        f(gl);
        // SAFETY: restores the application's binding.
        unsafe { gl.glBindBuffer(GL_COPY_WRITE_BUFFER, old as u32) };
    }

    /// Copies `len` bytes at `offset` of buffer `i` into `out`.
    fn read(&mut self, i: usize, offset: i64, len: usize, out: *mut u8) -> GlResult<()> {
        let gl = self.link.gl;
        let name = self.open[i].buffer;
        // SAFETY: `out` holds `len` bytes; the range lies inside the buffer (checked by
        // the callers against the size the host reported).
        unsafe {
            if self.link.caps().dsa {
                gl.glGetNamedBufferSubData(name, offset as isize, len as isize, out as *mut _);
            } else {
                self.with_bound(name, |gl| {
                    gl.glGetBufferSubData(
                        GL_COPY_WRITE_BUFFER,
                        offset as isize,
                        len as isize,
                        out as *mut _,
                    )
                });
            }
        }
        if host_failed(gl) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the host driver refused to read buffer {name} for the dispatch"
            );
        }
        Ok(())
    }

    /// Opens buffer `i`: a host mapping when the host gives one, else a copy.
    fn open_one(&mut self, i: usize) -> GlResult<()> {
        let (size, mapped) = self.query(i)?;
        let name = self.open[i].buffer;
        if mapped {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {name} bound for the dispatch is mapped without GL_MAP_PERSISTENT_BIT"
            );
        }
        if size == 0 {
            self.open[i].access = Access::Copied(Storage::empty());
            return Ok(());
        }
        let gl = self.link.gl;
        let bits = if self.open[i].write {
            GL_MAP_READ_BIT | GL_MAP_WRITE_BIT
        } else {
            GL_MAP_READ_BIT
        };
        let mut ptr: *mut std::ffi::c_void = std::ptr::null_mut();
        // SAFETY: maps the whole buffer, which is not mapped (checked above).
        unsafe {
            if self.link.caps().dsa {
                ptr = gl.glMapNamedBufferRange(name, 0, size as isize, bits);
            } else {
                self.with_bound(name, |gl| {
                    ptr = gl.glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, size as isize, bits)
                });
            }
        }
        if !host_failed(gl) && !ptr.is_null() {
            self.open[i].access = Access::Mapped(ptr as *mut u8);
            return Ok(());
        }
        // Immutable storage without map access, or a persistent mapping the host will
        // not map twice: work on a copy.
        let storage = Storage::new_zeroed(size).map_err(|_| {
            GlError::new(
                GL_OUT_OF_MEMORY,
                format!("no memory for a {size}-byte copy of buffer {name}"),
            )
        })?;
        self.read(i, 0, size, storage.as_ptr())?;
        self.open[i].access = Access::Copied(storage);
        Ok(())
    }

    /// Unmaps every mapped buffer and writes back every copy that a shader could have
    /// written. Failures are reported, never left in the host's error flag.
    pub fn close(mut self) -> Vec<String> {
        self.release()
    }

    fn release(&mut self) -> Vec<String> {
        let gl = self.link.gl;
        let dsa = self.link.caps().dsa;
        let mut problems = Vec::new();
        for o in std::mem::take(&mut self.open) {
            let name = o.buffer;
            match o.access {
                Access::Pending => {}
                Access::Mapped(_) => {
                    // SAFETY: the buffer was mapped by open_one.
                    unsafe {
                        if dsa {
                            gl.glUnmapNamedBuffer(name);
                        } else {
                            self.with_bound(name, |gl| {
                                gl.glUnmapBuffer(GL_COPY_WRITE_BUFFER);
                            });
                        }
                    }
                }
                Access::Copied(storage) if o.write && o.size > 0 => {
                    if !self.write_back(name, &storage) {
                        problems.push(format!(
                            "the results in buffer {name} could not be written back to the host"
                        ));
                    }
                }
                Access::Copied(_) => {}
            }
            if host_failed(gl) {
                problems.push(format!(
                    "the host driver reported an error releasing buffer {name}"
                ));
            }
        }
        problems
    }

    /// Writes a copy back: BufferSubData where the host allows it, else through a
    /// staging buffer and CopyBufferSubData (immutable storage without
    /// DYNAMIC_STORAGE_BIT accepts copies).
    fn write_back(&self, name: u32, storage: &Storage) -> bool {
        let gl = self.link.gl;
        let len = storage.len() as isize;
        let data = storage.as_ptr() as *const std::ffi::c_void;
        // SAFETY: `data` holds `len` bytes, the buffer's size.
        unsafe {
            if self.link.caps().dsa {
                gl.glNamedBufferSubData(name, 0, len, data);
            } else {
                self.with_bound(name, |gl| {
                    gl.glBufferSubData(GL_COPY_WRITE_BUFFER, 0, len, data)
                });
            }
        }
        if !host_failed(gl) {
            return true;
        }
        let mut staging = 0;
        // SAFETY: a new host buffer holding the copy, copied into `name` and deleted.
        unsafe {
            gl.glGenBuffers(1, &mut staging);
            let mut old_read = 0;
            gl.glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &mut old_read);
            gl.glBindBuffer(GL_COPY_READ_BUFFER, staging);
            gl.glBufferData(GL_COPY_READ_BUFFER, len, data, GL_STREAM_COPY);
            self.with_bound(name, |gl| {
                gl.glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, len)
            });
            gl.glBindBuffer(GL_COPY_READ_BUFFER, old_read as u32);
            gl.glDeleteBuffers(1, &staging);
        }
        !host_failed(gl)
    }
}

// ---- shader and program objects -------------------------------------------------

impl ContextState {
    /// True if `name` is one of glcompute's shader or program objects.
    pub fn owns_name(&self, name: u32) -> bool {
        name != 0 && self.shared.shader_objects.lock().get(name).is_some()
    }

    /// CreateShader of a stage glcompute runs, under a name the host reserved.
    pub fn create_shader_named(&mut self, kind: u32, name: u32) {
        use crate::state::objects::program::{Shader, ShaderObject, ShaderState};
        self.shared.shader_objects.lock().set(
            name,
            ShaderObject::Shader(Arc::new(Shader {
                name,
                kind,
                state: crate::runtime::sync::Mutex::new(ShaderState::default()),
            })),
        );
    }

    /// Takes over the host's program `name` (a compute shader is being attached to
    /// it); `foreign` are the host shaders already attached.
    pub fn adopt_program(&mut self, name: u32, foreign: Vec<u32>) {
        use crate::state::objects::program::{Program, ProgramState, ShaderObject};
        let st = ProgramState {
            foreign_shaders: foreign,
            ..Default::default()
        };
        self.shared.shader_objects.lock().set(
            name,
            ShaderObject::Program(Arc::new(Program {
                name,
                state: crate::runtime::sync::Mutex::new(st),
            })),
        );
    }

    /// Gives program `name` back to the host (it has no compute shader any more and is
    /// being linked): glcompute's object goes; the host's, which always existed, stays.
    /// Returns the host shaders attached to it, or None if the program cannot be given
    /// back (it is in use here).
    pub fn release_program_to_host(&mut self, name: u32) -> Option<Vec<u32>> {
        use crate::state::objects::program::ShaderObject;
        let mut table = self.shared.shader_objects.lock();
        let Some(ShaderObject::Program(p)) = table.get(name) else {
            return None;
        };
        let p = p.clone();
        let mut st = p.state.lock();
        if !st.shaders.is_empty() || st.use_count != 0 {
            return None;
        }
        let foreign = std::mem::take(&mut st.foreign_shaders);
        drop(st);
        table.remove_untracked(name);
        Some(foreign)
    }

    /// Records host shader `shader` as attached to glcompute's program `program`.
    pub fn attach_foreign(&mut self, program: u32, shader: u32) -> GlResult<()> {
        let prog = self.lookup_program(program)?;
        let mut st = prog.state.lock();
        // GL 4.6 §7.3: INVALID_OPERATION if shader is already attached to program.
        if st.foreign_shaders.contains(&shader) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "shader {shader} is already attached to program {program}"
            );
        }
        st.foreign_shaders.push(shader);
        Ok(())
    }

    /// Detaches host shader `shader` from glcompute's program `program`.
    pub fn detach_foreign(&mut self, program: u32, shader: u32) -> GlResult<()> {
        let prog = self.lookup_program(program)?;
        let mut st = prog.state.lock();
        // GL 4.6 §7.3: INVALID_OPERATION if shader is not attached to program.
        let Some(pos) = st.foreign_shaders.iter().position(|&s| s == shader) else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "shader {shader} is not attached to program {program}"
            );
        };
        st.foreign_shaders.remove(pos);
        Ok(())
    }

    /// The names glcompute freed since the last call (their host placeholders go too).
    pub fn take_released_names(&self) -> Vec<u32> {
        self.shared.shader_objects.lock().take_released()
    }

    /// True if the uniform commands (glUniform*) act on a program of glcompute's: the
    /// current program, or the active program of the bound pipeline (GL 4.6 §7.6.1).
    pub fn uniform_target_is_ours(&self) -> bool {
        if self.current_program.is_some() {
            return true;
        }
        self.bound_pipeline != 0
            && self
                .pipelines
                .get(self.bound_pipeline)
                .is_some_and(|p| p.active_program.is_some())
    }
}

/// The version number of a GL_SHADING_LANGUAGE_VERSION string ("4.60 NVIDIA" is 460).
fn glsl_number(s: &str) -> Option<u16> {
    let (major, rest) = s.trim().split_once('.')?;
    let minor: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let minor: u16 = format!("{minor:0<2}").get(..2)?.parse().ok()?;
    major
        .parse::<u16>()
        .ok()?
        .checked_mul(100)?
        .checked_add(minor)
}
