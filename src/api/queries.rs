//! Query object entry points (GL 4.6 §4.2–§4.3): names, Begin/End (and the indexed
//! forms), QueryCounter, and the GetQuery*/GetQueryObject* forms, each converting the
//! 64-bit value to its type by clamping.

use crate::api::call::{delete_from, gen_into, gl_call, out_one};
use crate::gl::enums::*;
use crate::gl::types::*;
use crate::state::buffer::BufRef;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenQueries(n: GLsizei, ids: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe { gen_into("glGenQueries", n, ids, |st, n| Ok(st.gen_queries(n))) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateQueries(target: GLenum, n: GLsizei, ids: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glCreateQueries", n, ids, |st, n| {
            st.create_queries(target, n)
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteQueries(n: GLsizei, ids: *const GLuint) {
    // SAFETY: the application passes n names.
    unsafe {
        delete_from("glDeleteQueries", n, ids, |st, names| {
            st.delete_queries(names)
        })
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsQuery(id: GLuint) -> GLboolean {
    gl_call("glIsQuery", |st| Ok(st.is_query(id) as GLboolean))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBeginQuery(target: GLenum, id: GLuint) {
    gl_call("glBeginQuery", |st| st.begin_query(target, 0, id))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBeginQueryIndexed(target: GLenum, index: GLuint, id: GLuint) {
    gl_call("glBeginQueryIndexed", |st| {
        st.begin_query(target, index, id)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glEndQuery(target: GLenum) {
    gl_call("glEndQuery", |st| st.end_query(target, 0))
}

#[unsafe(no_mangle)]
pub extern "C" fn glEndQueryIndexed(target: GLenum, index: GLuint) {
    gl_call("glEndQueryIndexed", |st| st.end_query(target, index))
}

#[unsafe(no_mangle)]
pub extern "C" fn glQueryCounter(id: GLuint, target: GLenum) {
    gl_call("glQueryCounter", |st| st.query_counter(id, target))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetQueryiv(target: GLenum, pname: GLenum, params: *mut GLint) {
    gl_call("glGetQueryiv", |st| {
        let v = st.get_query(target, 0, pname)?;
        // SAFETY: the application provides room for one integer.
        unsafe { out_one(params, v.clamp(i32::MIN as i64, i32::MAX as i64) as GLint) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetQueryIndexediv(
    target: GLenum,
    index: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    gl_call("glGetQueryIndexediv", |st| {
        let v = st.get_query(target, index, pname)?;
        // SAFETY: the application provides room for one integer.
        unsafe { out_one(params, v.clamp(i32::MIN as i64, i32::MAX as i64) as GLint) };
        Ok(())
    })
}

/// GetQueryObject* in each type: the value clamped to the type's range (GL 4.6 §4.2.3).
/// While a buffer is bound to QUERY_BUFFER, `params` is an offset into it and the
/// value is stored there.
fn query_object<T: Copy>(
    func: &'static str,
    id: GLuint,
    pname: GLenum,
    params: *mut T,
    conv: fn(u64) -> T,
    encode: fn(T) -> Vec<u8>,
) {
    gl_call(func, |st| {
        if let Some(buf) = st.bindings.query.clone() {
            let offset = params as usize as i64;
            return st.store_query_object(id, pname, &buf, offset, &|v| encode(conv(v)));
        }
        let v = st.get_query_object(id, pname)?;
        // SAFETY: the application provides room for one value.
        unsafe { out_one(params, conv(v)) };
        Ok(())
    })
}

/// GetQueryBufferObject* (GL 4.6 §4.2.3): the value stored into `buffer` at `offset`.
fn query_buffer_object<T: Copy>(
    func: &'static str,
    id: GLuint,
    buffer: GLuint,
    pname: GLenum,
    offset: GLintptr,
    conv: fn(u64) -> T,
    encode: fn(T) -> Vec<u8>,
) {
    gl_call(func, |st| {
        // GL 4.6 §4.2.3: INVALID_OPERATION if buffer is not an existing buffer object.
        let buf = st.buffer_ref(BufRef::Named(buffer), GL_INVALID_OPERATION)?;
        st.store_query_object(id, pname, &buf, offset as i64, &|v| encode(conv(v)))
    })
}

fn to_i32(v: u64) -> GLint {
    v.min(i32::MAX as u64) as GLint
}

fn to_u32(v: u64) -> GLuint {
    v.min(u32::MAX as u64) as GLuint
}

fn to_i64(v: u64) -> GLint64 {
    v.min(i64::MAX as u64) as GLint64
}

fn to_u64(v: u64) -> GLuint64 {
    v
}

/// `glGetQueryObject<T>v(id, pname, params)` and `glGetQueryBufferObject<T>v(id, buffer,
/// pname, offset)` (GL 4.6 §4.2.3): one pair per result type, each a call of
/// `query_object`/`query_buffer_object` with the type's conversion.
macro_rules! query_object_fns {
    ($($name:ident, $buffer_name:ident, $t:ty, $conv:expr;)+) => {$(
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(id: GLuint, pname: GLenum, params: *mut $t) {
            query_object(stringify!($name), id, pname, params, $conv, |v| {
                v.to_ne_bytes().to_vec()
            })
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn $buffer_name(id: GLuint, buffer: GLuint, pname: GLenum, offset: GLintptr) {
            let name = stringify!($buffer_name);
            query_buffer_object(name, id, buffer, pname, offset, $conv, |v| {
                v.to_ne_bytes().to_vec()
            })
        }
    )+};
}

query_object_fns! {
    glGetQueryObjectiv, glGetQueryBufferObjectiv, GLint, to_i32;
    glGetQueryObjectuiv, glGetQueryBufferObjectuiv, GLuint, to_u32;
    glGetQueryObjecti64v, glGetQueryBufferObjecti64v, GLint64, to_i64;
    glGetQueryObjectui64v, glGetQueryBufferObjectui64v, GLuint64, to_u64;
}
