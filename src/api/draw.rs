//! Drawing commands (GL 4.6 chapter 10, §10.4–§10.5 and §13.2.3): glcompute runs
//! compute shaders and does not rasterise. Each draw command validates its arguments
//! in the spec's order (mode, counts, index type, strides, the indirect buffer), then
//! fails with INVALID_OPERATION and a KHR_debug error that names the command and says
//! why (also the error GL 4.6 §10.3.1 gives a core context with no vertex array
//! object bound, which a glcompute context never has). Nothing is silently dropped;
//! interposed mode under a driver that draws is how an application draws and computes.

use crate::api::call::gl_call;
use crate::gl::types::*;
use std::ffi::c_void;

#[unsafe(no_mangle)]
pub extern "C" fn glDrawArrays(mode: GLenum, _first: GLint, count: GLsizei) {
    gl_call("glDrawArrays", |st| st.draw_arrays(mode, count, None))
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawArraysInstanced(
    mode: GLenum,
    _first: GLint,
    count: GLsizei,
    instances: GLsizei,
) {
    gl_call("glDrawArraysInstanced", |st| {
        st.draw_arrays(mode, count, Some(instances))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawArraysInstancedBaseInstance(
    mode: GLenum,
    _first: GLint,
    count: GLsizei,
    instances: GLsizei,
    _base_instance: GLuint,
) {
    gl_call("glDrawArraysInstancedBaseInstance", |st| {
        st.draw_arrays(mode, count, Some(instances))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawArraysIndirect(mode: GLenum, _indirect: *const c_void) {
    gl_call("glDrawArraysIndirect", |st| {
        st.draw_arrays_indirect(mode, None, 0)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawArrays(
    mode: GLenum,
    _first: *const GLint,
    _count: *const GLsizei,
    drawcount: GLsizei,
) {
    gl_call("glMultiDrawArrays", |st| {
        st.multi_draw_arrays(mode, drawcount)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawArraysIndirect(
    mode: GLenum,
    _indirect: *const c_void,
    drawcount: GLsizei,
    stride: GLsizei,
) {
    gl_call("glMultiDrawArraysIndirect", |st| {
        st.draw_arrays_indirect(mode, Some(drawcount), stride)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElements(
    mode: GLenum,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
) {
    gl_call("glDrawElements", |st| {
        st.draw_elements(mode, count, None, ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElementsBaseVertex(
    mode: GLenum,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
    _base_vertex: GLint,
) {
    gl_call("glDrawElementsBaseVertex", |st| {
        st.draw_elements(mode, count, None, ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElementsInstanced(
    mode: GLenum,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
    instances: GLsizei,
) {
    gl_call("glDrawElementsInstanced", |st| {
        st.draw_elements(mode, count, Some(instances), ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElementsInstancedBaseVertex(
    mode: GLenum,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
    instances: GLsizei,
    _base_vertex: GLint,
) {
    gl_call("glDrawElementsInstancedBaseVertex", |st| {
        st.draw_elements(mode, count, Some(instances), ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElementsInstancedBaseInstance(
    mode: GLenum,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
    instances: GLsizei,
    _base_instance: GLuint,
) {
    gl_call("glDrawElementsInstancedBaseInstance", |st| {
        st.draw_elements(mode, count, Some(instances), ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElementsInstancedBaseVertexBaseInstance(
    mode: GLenum,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
    instances: GLsizei,
    _base_vertex: GLint,
    _base_instance: GLuint,
) {
    gl_call("glDrawElementsInstancedBaseVertexBaseInstance", |st| {
        st.draw_elements(mode, count, Some(instances), ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawRangeElements(
    mode: GLenum,
    start: GLuint,
    end: GLuint,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
) {
    gl_call("glDrawRangeElements", |st| {
        st.draw_range_elements(mode, start, end, count, ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawRangeElementsBaseVertex(
    mode: GLenum,
    start: GLuint,
    end: GLuint,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
    _base_vertex: GLint,
) {
    gl_call("glDrawRangeElementsBaseVertex", |st| {
        st.draw_range_elements(mode, start, end, count, ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElementsIndirect(mode: GLenum, ty: GLenum, _indirect: *const c_void) {
    gl_call("glDrawElementsIndirect", |st| {
        st.draw_elements_indirect(mode, ty, None, 0)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawElements(
    mode: GLenum,
    _count: *const GLsizei,
    ty: GLenum,
    _indices: *const *const c_void,
    drawcount: GLsizei,
) {
    gl_call("glMultiDrawElements", |st| {
        st.multi_draw_elements(mode, drawcount, ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawElementsBaseVertex(
    mode: GLenum,
    _count: *const GLsizei,
    ty: GLenum,
    _indices: *const *const c_void,
    drawcount: GLsizei,
    _base_vertex: *const GLint,
) {
    gl_call("glMultiDrawElementsBaseVertex", |st| {
        st.multi_draw_elements(mode, drawcount, ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawElementsIndirect(
    mode: GLenum,
    ty: GLenum,
    _indirect: *const c_void,
    drawcount: GLsizei,
    stride: GLsizei,
) {
    gl_call("glMultiDrawElementsIndirect", |st| {
        st.draw_elements_indirect(mode, ty, Some(drawcount), stride)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawArraysIndirectCount(
    mode: GLenum,
    _indirect: *const c_void,
    drawcount: GLintptr,
    maxdrawcount: GLsizei,
    stride: GLsizei,
) {
    gl_call("glMultiDrawArraysIndirectCount", |st| {
        st.multi_draw_indirect_count(mode, None, drawcount, maxdrawcount, stride)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawElementsIndirectCount(
    mode: GLenum,
    ty: GLenum,
    _indirect: *const c_void,
    drawcount: GLintptr,
    maxdrawcount: GLsizei,
    stride: GLsizei,
) {
    gl_call("glMultiDrawElementsIndirectCount", |st| {
        st.multi_draw_indirect_count(mode, Some(ty), drawcount, maxdrawcount, stride)
    })
}

/// GL_ARB_indirect_parameters' name of glMultiDrawArraysIndirectCount.
#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawArraysIndirectCountARB(
    mode: GLenum,
    _indirect: *const c_void,
    drawcount: GLintptr,
    maxdrawcount: GLsizei,
    stride: GLsizei,
) {
    gl_call("glMultiDrawArraysIndirectCountARB", |st| {
        st.multi_draw_indirect_count(mode, None, drawcount, maxdrawcount, stride)
    })
}

/// GL_ARB_indirect_parameters' name of glMultiDrawElementsIndirectCount.
#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawElementsIndirectCountARB(
    mode: GLenum,
    ty: GLenum,
    _indirect: *const c_void,
    drawcount: GLintptr,
    maxdrawcount: GLsizei,
    stride: GLsizei,
) {
    gl_call("glMultiDrawElementsIndirectCountARB", |st| {
        st.multi_draw_indirect_count(mode, Some(ty), drawcount, maxdrawcount, stride)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawTransformFeedback(mode: GLenum, id: GLuint) {
    gl_call("glDrawTransformFeedback", |st| {
        st.draw_transform_feedback(mode, id, 0, 1)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawTransformFeedbackInstanced(mode: GLenum, id: GLuint, instances: GLsizei) {
    gl_call("glDrawTransformFeedbackInstanced", |st| {
        st.draw_transform_feedback(mode, id, 0, instances)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawTransformFeedbackStream(mode: GLenum, id: GLuint, stream: GLuint) {
    gl_call("glDrawTransformFeedbackStream", |st| {
        st.draw_transform_feedback(mode, id, stream, 1)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawTransformFeedbackStreamInstanced(
    mode: GLenum,
    id: GLuint,
    stream: GLuint,
    instances: GLsizei,
) {
    gl_call("glDrawTransformFeedbackStreamInstanced", |st| {
        st.draw_transform_feedback(mode, id, stream, instances)
    })
}
