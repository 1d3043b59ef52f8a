//! Buffer object entry points (GL 4.6 chapter 6), target-based and DSA.

use crate::api::call::{count_named, gl_call, in_array, out_array, out_one};
use crate::gl::types::*;
use crate::gl_bail;
use crate::state::buffer::BufRef::{self, Named, Target};
use std::ffi::c_void;

fn gen_names(func: &'static str, n: GLsizei, buffers: *mut GLuint, create: bool) {
    gl_call(func, |st| {
        let n = count_named(n, "n")?;
        if buffers.is_null() {
            return Ok(());
        }
        let names = st.gen_buffers(n, create);
        // SAFETY: the application provides room for n names.
        unsafe { out_array(buffers, &names) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenBuffers(n: GLsizei, buffers: *mut GLuint) {
    gen_names("glGenBuffers", n, buffers, false)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateBuffers(n: GLsizei, buffers: *mut GLuint) {
    gen_names("glCreateBuffers", n, buffers, true)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteBuffers(n: GLsizei, buffers: *const GLuint) {
    gl_call("glDeleteBuffers", |st| {
        let n = count_named(n, "n")?;
        // SAFETY: the application provides n names.
        if let Some(names) = unsafe { in_array(buffers, n) } {
            st.delete_buffers(names);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsBuffer(buffer: GLuint) -> GLboolean {
    gl_call("glIsBuffer", |st| Ok(st.is_buffer(buffer) as u8))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindBuffer(target: GLenum, buffer: GLuint) {
    gl_call("glBindBuffer", |st| st.bind_buffer(target, buffer))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindBufferBase(target: GLenum, index: GLuint, buffer: GLuint) {
    gl_call("glBindBufferBase", |st| {
        st.bind_buffer_indexed(target, index, buffer, None)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindBufferRange(
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    gl_call("glBindBufferRange", |st| {
        st.bind_buffer_indexed(target, index, buffer, Some((offset as i64, size as i64)))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBindBuffersBase(
    target: GLenum,
    first: GLuint,
    n: GLsizei,
    buffers: *const GLuint,
) {
    gl_call("glBindBuffersBase", |st| {
        let n = count_named(n, "count")?;
        // The range is checked before the arrays are read: a count past the binding
        // points promises nothing about the arrays' length.
        st.check_bind_buffers(target, first, n)?;
        // SAFETY: the application provides `count` names (or NULL).
        let names = unsafe { in_array(buffers, n) };
        st.bind_buffers(target, first, names, n, None)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBindBuffersRange(
    target: GLenum,
    first: GLuint,
    n: GLsizei,
    buffers: *const GLuint,
    offsets: *const GLintptr,
    sizes: *const GLsizeiptr,
) {
    gl_call("glBindBuffersRange", |st| {
        let n = count_named(n, "count")?;
        // As in glBindBuffersBase, before the arrays are read.
        st.check_bind_buffers(target, first, n)?;
        // SAFETY: the application provides `count` names, offsets and sizes (or NULL).
        let names = unsafe { in_array(buffers, n) };
        let offs: Vec<i64>;
        let szs: Vec<i64>;
        let ranges = if names.is_some() {
            // SAFETY: as above.
            let (o, s) = unsafe { (in_array(offsets, n), in_array(sizes, n)) };
            offs = o.unwrap_or(&[]).iter().map(|&v| v as i64).collect();
            szs = s.unwrap_or(&[]).iter().map(|&v| v as i64).collect();
            if offs.len() != n || szs.len() != n {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "offsets and sizes may not be NULL when buffers is not"
                );
            }
            Some((offs.as_slice(), szs.as_slice()))
        } else {
            None
        };
        st.bind_buffers(target, first, names, n, ranges)
    })
}

fn data_in(data: *const c_void) -> UserIn {
    // SAFETY: GL requires `data` to be null or point to as many bytes as the command's
    // size parameter says; state code reads no more than that.
    unsafe { UserIn::new(data) }
}

fn data_out(data: *mut c_void) -> UserOut {
    // SAFETY: as for data_in, for writes.
    unsafe { UserOut::new(data) }
}

fn buffer_data(
    func: &'static str,
    r: BufRef,
    size: GLsizeiptr,
    data: *const c_void,
    usage: GLenum,
) {
    gl_call(func, |st| {
        st.buffer_data(r, size as i64, data_in(data), usage)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBufferData(
    target: GLenum,
    size: GLsizeiptr,
    data: *const c_void,
    usage: GLenum,
) {
    buffer_data("glBufferData", Target(target), size, data, usage)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glNamedBufferData(
    buffer: GLuint,
    size: GLsizeiptr,
    data: *const c_void,
    usage: GLenum,
) {
    buffer_data("glNamedBufferData", Named(buffer), size, data, usage)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBufferStorage(
    target: GLenum,
    size: GLsizeiptr,
    data: *const c_void,
    flags: GLbitfield,
) {
    gl_call("glBufferStorage", |st| {
        st.buffer_storage(Target(target), size as i64, data_in(data), flags)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glNamedBufferStorage(
    buffer: GLuint,
    size: GLsizeiptr,
    data: *const c_void,
    flags: GLbitfield,
) {
    gl_call("glNamedBufferStorage", |st| {
        st.buffer_storage(Named(buffer), size as i64, data_in(data), flags)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBufferSubData(
    target: GLenum,
    offset: GLintptr,
    size: GLsizeiptr,
    data: *const c_void,
) {
    gl_call("glBufferSubData", |st| {
        st.buffer_sub_data(Target(target), offset as i64, size as i64, data_in(data))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glNamedBufferSubData(
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
    data: *const c_void,
) {
    gl_call("glNamedBufferSubData", |st| {
        st.buffer_sub_data(Named(buffer), offset as i64, size as i64, data_in(data))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetBufferSubData(
    target: GLenum,
    offset: GLintptr,
    size: GLsizeiptr,
    data: *mut c_void,
) {
    gl_call("glGetBufferSubData", |st| {
        st.get_buffer_sub_data(Target(target), offset as i64, size as i64, data_out(data))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetNamedBufferSubData(
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
    data: *mut c_void,
) {
    gl_call("glGetNamedBufferSubData", |st| {
        st.get_buffer_sub_data(Named(buffer), offset as i64, size as i64, data_out(data))
    })
}

fn map(
    func: &'static str,
    r: BufRef,
    range: Option<(i64, i64)>,
    access: Result<GLbitfield, GLenum>,
) -> *mut c_void {
    gl_call(func, |st| {
        Ok(st.map_buffer(r, range, access)? as *mut c_void)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMapBuffer(target: GLenum, access: GLenum) -> *mut c_void {
    map("glMapBuffer", Target(target), None, Err(access))
}

#[unsafe(no_mangle)]
pub extern "C" fn glMapNamedBuffer(buffer: GLuint, access: GLenum) -> *mut c_void {
    map("glMapNamedBuffer", Named(buffer), None, Err(access))
}

#[unsafe(no_mangle)]
pub extern "C" fn glMapBufferRange(
    target: GLenum,
    offset: GLintptr,
    length: GLsizeiptr,
    access: GLbitfield,
) -> *mut c_void {
    map(
        "glMapBufferRange",
        Target(target),
        Some((offset as i64, length as i64)),
        Ok(access),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glMapNamedBufferRange(
    buffer: GLuint,
    offset: GLintptr,
    length: GLsizeiptr,
    access: GLbitfield,
) -> *mut c_void {
    map(
        "glMapNamedBufferRange",
        Named(buffer),
        Some((offset as i64, length as i64)),
        Ok(access),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glUnmapBuffer(target: GLenum) -> GLboolean {
    gl_call("glUnmapBuffer", |st| {
        Ok(st.unmap_buffer(Target(target))? as u8)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glUnmapNamedBuffer(buffer: GLuint) -> GLboolean {
    gl_call("glUnmapNamedBuffer", |st| {
        Ok(st.unmap_buffer(Named(buffer))? as u8)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glFlushMappedBufferRange(target: GLenum, offset: GLintptr, length: GLsizeiptr) {
    gl_call("glFlushMappedBufferRange", |st| {
        st.flush_mapped_range(Target(target), offset as i64, length as i64)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glFlushMappedNamedBufferRange(
    buffer: GLuint,
    offset: GLintptr,
    length: GLsizeiptr,
) {
    gl_call("glFlushMappedNamedBufferRange", |st| {
        st.flush_mapped_range(Named(buffer), offset as i64, length as i64)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCopyBufferSubData(
    read_target: GLenum,
    write_target: GLenum,
    read_offset: GLintptr,
    write_offset: GLintptr,
    size: GLsizeiptr,
) {
    gl_call("glCopyBufferSubData", |st| {
        st.copy_buffer_sub_data(
            Target(read_target),
            Target(write_target),
            read_offset as i64,
            write_offset as i64,
            size as i64,
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCopyNamedBufferSubData(
    read_buffer: GLuint,
    write_buffer: GLuint,
    read_offset: GLintptr,
    write_offset: GLintptr,
    size: GLsizeiptr,
) {
    gl_call("glCopyNamedBufferSubData", |st| {
        st.copy_buffer_sub_data(
            Named(read_buffer),
            Named(write_buffer),
            read_offset as i64,
            write_offset as i64,
            size as i64,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glClearBufferData(
    target: GLenum,
    internalformat: GLenum,
    format: GLenum,
    ty: GLenum,
    data: *const c_void,
) {
    gl_call("glClearBufferData", |st| {
        st.clear_buffer(
            Target(target),
            internalformat,
            None,
            format,
            ty,
            data_in(data),
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glClearNamedBufferData(
    buffer: GLuint,
    internalformat: GLenum,
    format: GLenum,
    ty: GLenum,
    data: *const c_void,
) {
    gl_call("glClearNamedBufferData", |st| {
        st.clear_buffer(
            Named(buffer),
            internalformat,
            None,
            format,
            ty,
            data_in(data),
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glClearBufferSubData(
    target: GLenum,
    internalformat: GLenum,
    offset: GLintptr,
    size: GLsizeiptr,
    format: GLenum,
    ty: GLenum,
    data: *const c_void,
) {
    gl_call("glClearBufferSubData", |st| {
        st.clear_buffer(
            Target(target),
            internalformat,
            Some((offset as i64, size as i64)),
            format,
            ty,
            data_in(data),
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glClearNamedBufferSubData(
    buffer: GLuint,
    internalformat: GLenum,
    offset: GLintptr,
    size: GLsizeiptr,
    format: GLenum,
    ty: GLenum,
    data: *const c_void,
) {
    gl_call("glClearNamedBufferSubData", |st| {
        st.clear_buffer(
            Named(buffer),
            internalformat,
            Some((offset as i64, size as i64)),
            format,
            ty,
            data_in(data),
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glInvalidateBufferData(buffer: GLuint) {
    gl_call("glInvalidateBufferData", |st| {
        st.invalidate_buffer(buffer, None)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glInvalidateBufferSubData(buffer: GLuint, offset: GLintptr, length: GLsizeiptr) {
    gl_call("glInvalidateBufferSubData", |st| {
        st.invalidate_buffer(buffer, Some((offset as i64, length as i64)))
    })
}

fn get_param<T>(func: &'static str, r: BufRef, pname: GLenum, params: *mut T, conv: fn(i64) -> T) {
    gl_call(func, |st| {
        let v = st.get_buffer_parameter(r, pname)?;
        // SAFETY: `params` must be writable (GL 4.6 §6.7).
        unsafe { out_one(params, conv(v)) };
        Ok(())
    })
}

fn clamp_i32(v: i64) -> GLint {
    v.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

/// `glGet[Named]BufferParameter{iv,i64v}` (GL 4.6 §6.7): the buffer by target or by name,
/// the value clamped to GLint or whole.
macro_rules! buffer_parameter_fns {
    ($($name:ident, $obj:ident: $ty:ty => $r:expr, $t:ty, $conv:expr;)+) => {$(
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name($obj: $ty, pname: GLenum, params: *mut $t) {
            get_param(stringify!($name), $r, pname, params, $conv)
        }
    )+};
}

buffer_parameter_fns! {
    glGetBufferParameteriv, target: GLenum => Target(target), GLint, clamp_i32;
    glGetBufferParameteri64v, target: GLenum => Target(target), GLint64, |v| v;
    glGetNamedBufferParameteriv, buffer: GLuint => Named(buffer), GLint, clamp_i32;
    glGetNamedBufferParameteri64v, buffer: GLuint => Named(buffer), GLint64, |v| v;
}

fn get_pointer(func: &'static str, r: BufRef, pname: GLenum, params: *mut *mut c_void) {
    gl_call(func, |st| {
        let p = st.get_buffer_pointer(r, pname)?;
        // SAFETY: `params` must be writable (GL 4.6 §6.7).
        unsafe { out_one(params, p as *mut c_void) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetBufferPointerv(
    target: GLenum,
    pname: GLenum,
    params: *mut *mut c_void,
) {
    get_pointer("glGetBufferPointerv", Target(target), pname, params)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetNamedBufferPointerv(
    buffer: GLuint,
    pname: GLenum,
    params: *mut *mut c_void,
) {
    get_pointer("glGetNamedBufferPointerv", Named(buffer), pname, params)
}
