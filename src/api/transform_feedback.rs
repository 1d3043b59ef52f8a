//! Transform feedback objects, transform feedback varyings and conditional rendering
//! (GL 4.6 §13.3, §11.1.2.1, §10.10); see state/transform_feedback.rs for what glcompute
//! does with them (objects go active and paused, but nothing is drawn, so nothing is
//! recorded).

use crate::api::call::{c_bytes, gen_into, gl_call, in_array};
use crate::gl::types::*;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenTransformFeedbacks(n: GLsizei, ids: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glGenTransformFeedbacks", n, ids, |st, n| {
            Ok(st.gen_transform_feedbacks(n))
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteTransformFeedbacks(n: GLsizei, ids: *const GLuint) {
    gl_call("glDeleteTransformFeedbacks", |st| {
        // GL 4.6 §13.3.1: INVALID_VALUE if n is negative.
        let n = crate::api::call::count(n)?;
        // SAFETY: the application passes n names.
        match unsafe { in_array(ids, n) } {
            Some(names) => st.delete_transform_feedbacks(names),
            None => Ok(()),
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsTransformFeedback(id: GLuint) -> GLboolean {
    gl_call("glIsTransformFeedback", |st| {
        Ok(st.is_transform_feedback(id) as GLboolean)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindTransformFeedback(target: GLenum, id: GLuint) {
    gl_call("glBindTransformFeedback", |st| {
        st.bind_transform_feedback(target, id)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBeginTransformFeedback(mode: GLenum) {
    gl_call("glBeginTransformFeedback", |st| {
        st.begin_transform_feedback(mode)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glEndTransformFeedback() {
    gl_call("glEndTransformFeedback", |st| st.end_transform_feedback())
}

#[unsafe(no_mangle)]
pub extern "C" fn glPauseTransformFeedback() {
    gl_call("glPauseTransformFeedback", |st| {
        st.pause_transform_feedback(true)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glResumeTransformFeedback() {
    gl_call("glResumeTransformFeedback", |st| {
        st.pause_transform_feedback(false)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTransformFeedbackVaryings(
    program: GLuint,
    count: GLsizei,
    varyings: *const *const GLchar,
    mode: GLenum,
) {
    gl_call("glTransformFeedbackVaryings", |st| {
        st.transform_feedback_varyings(
            program,
            count,
            |n| {
                // SAFETY: the application passes `count` names (checked non-negative
                // before this runs), each NUL-terminated or NULL.
                let ptrs = unsafe { in_array(varyings, n) }.unwrap_or(&[]);
                ptrs.iter()
                    .map(|&p| {
                        // SAFETY: as above.
                        let b = unsafe { c_bytes(p, -1) }.unwrap_or_default();
                        String::from_utf8_lossy(b).into_owned()
                    })
                    .collect()
            },
            mode,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetTransformFeedbackVarying(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    size: *mut GLsizei,
    ty: *mut GLenum,
    name: *mut GLchar,
) {
    gl_call("glGetTransformFeedbackVarying", |st| {
        let (n, s, t) = st.transform_feedback_varying(program, index)?;
        // GL 4.6 §11.1.2.1: INVALID_VALUE for a negative bufSize.
        let buf = crate::api::call::count_named(buf_size, "bufSize")?;
        // SAFETY: the application passes writable outputs and bufSize bytes of name.
        unsafe {
            super::uniforms::write_name(&n, buf, length, name);
            crate::api::call::out_one(size, s);
            crate::api::call::out_one(ty, t);
        }
        Ok(())
    })
}

// ---- The direct state access forms (GL 4.6 §13.3) ---------------------------------

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateTransformFeedbacks(n: GLsizei, ids: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glCreateTransformFeedbacks", n, ids, |st, n| {
            Ok(st.create_transform_feedbacks(n))
        })
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glTransformFeedbackBufferBase(xfb: GLuint, index: GLuint, buffer: GLuint) {
    gl_call("glTransformFeedbackBufferBase", |st| {
        st.transform_feedback_buffer(xfb, index, buffer, None)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glTransformFeedbackBufferRange(
    xfb: GLuint,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    gl_call("glTransformFeedbackBufferRange", |st| {
        st.transform_feedback_buffer(xfb, index, buffer, Some((offset as i64, size as i64)))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetTransformFeedbackiv(xfb: GLuint, pname: GLenum, param: *mut GLint) {
    gl_call("glGetTransformFeedbackiv", |st| {
        let v = st.get_transform_feedback(xfb, pname, None, false)?;
        // SAFETY: GL's promise: param is writable.
        unsafe { crate::api::call::out_one(param, v as GLint) };
        Ok(())
    })
}

/// `glGetTransformFeedbacki_v` and `glGetTransformFeedbacki64_v` (GL 4.6 §13.3.1): one
/// indexed value as GLint or GLint64 (the 64-bit form takes the START and SIZE pnames).
macro_rules! xfb_indexed_fns {
    ($($name:ident, $t:ty, $wide:expr;)+) => {$(
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(xfb: GLuint, pname: GLenum, index: GLuint, param: *mut $t) {
            gl_call(stringify!($name), |st| {
                let v = st.get_transform_feedback(xfb, pname, Some(index), $wide)?;
                // SAFETY: GL's promise: param is writable.
                unsafe { crate::api::call::out_one(param, v as $t) };
                Ok(())
            })
        }
    )+};
}

xfb_indexed_fns! {
    glGetTransformFeedbacki_v, GLint, false;
    glGetTransformFeedbacki64_v, GLint64, true;
}

#[unsafe(no_mangle)]
pub extern "C" fn glBeginConditionalRender(id: GLuint, mode: GLenum) {
    gl_call("glBeginConditionalRender", |st| {
        st.begin_conditional_render(id, mode)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glEndConditionalRender() {
    gl_call("glEndConditionalRender", |st| st.end_conditional_render())
}
