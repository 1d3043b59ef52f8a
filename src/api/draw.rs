//! Drawing commands (GL 4.6 chapter 10, §10.4–§10.5 and §13.2.3): glcompute runs
//! compute shaders and does not rasterise. Each draw command validates its arguments
//! in the spec's order (mode, counts, index type, strides, the indirect buffer), then
//! fails with INVALID_OPERATION and a KHR_debug error that names the command and says
//! why (also the error GL 4.6 §10.3.1 gives a core context with no vertex array
//! object bound, which a glcompute context never has). Nothing is silently dropped;
//! interposed mode under a driver that draws is how an application draws and computes.

use crate::api::call::gl_call;
use crate::gl::types::*;
use crate::state::draw::{
    check_counts, check_indirect, check_indirect_count, check_mode, check_type, draw_feedback,
    draw_range, no_rasteriser,
};
use std::ffi::c_void;

#[unsafe(no_mangle)]
pub extern "C" fn glDrawArrays(mode: GLenum, _first: GLint, count: GLsizei) {
    gl_call("glDrawArrays", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count)])?;
        no_rasteriser()
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawArraysInstanced(
    mode: GLenum,
    _first: GLint,
    count: GLsizei,
    instances: GLsizei,
) {
    gl_call("glDrawArraysInstanced", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count), ("instancecount", instances)])?;
        no_rasteriser()
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
    gl_call("glDrawArraysInstancedBaseInstance", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count), ("instancecount", instances)])?;
        no_rasteriser()
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawArraysIndirect(mode: GLenum, _indirect: *const c_void) {
    gl_call("glDrawArraysIndirect", |st| {
        check_mode(mode)?;
        check_indirect(st, 0)?;
        no_rasteriser()
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMultiDrawArrays(
    mode: GLenum,
    _first: *const GLint,
    _count: *const GLsizei,
    drawcount: GLsizei,
) {
    gl_call("glMultiDrawArrays", |_| {
        check_mode(mode)?;
        check_counts(&[("drawcount", drawcount)])?;
        no_rasteriser()
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
        check_mode(mode)?;
        check_counts(&[("drawcount", drawcount)])?;
        check_indirect(st, stride)?;
        no_rasteriser()
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElements(
    mode: GLenum,
    count: GLsizei,
    ty: GLenum,
    _indices: *const c_void,
) {
    gl_call("glDrawElements", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count)])?;
        check_type(ty)?;
        no_rasteriser()
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
    gl_call("glDrawElementsBaseVertex", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count)])?;
        check_type(ty)?;
        no_rasteriser()
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
    gl_call("glDrawElementsInstanced", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count), ("instancecount", instances)])?;
        check_type(ty)?;
        no_rasteriser()
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
    gl_call("glDrawElementsInstancedBaseVertex", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count), ("instancecount", instances)])?;
        check_type(ty)?;
        no_rasteriser()
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
    gl_call("glDrawElementsInstancedBaseInstance", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count), ("instancecount", instances)])?;
        check_type(ty)?;
        no_rasteriser()
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
    gl_call("glDrawElementsInstancedBaseVertexBaseInstance", |_| {
        check_mode(mode)?;
        check_counts(&[("count", count), ("instancecount", instances)])?;
        check_type(ty)?;
        no_rasteriser()
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
    gl_call("glDrawRangeElements", |_| {
        draw_range(mode, start, end, count, ty)
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
    gl_call("glDrawRangeElementsBaseVertex", |_| {
        draw_range(mode, start, end, count, ty)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawElementsIndirect(mode: GLenum, ty: GLenum, _indirect: *const c_void) {
    gl_call("glDrawElementsIndirect", |st| {
        check_mode(mode)?;
        check_type(ty)?;
        check_indirect(st, 0)?;
        no_rasteriser()
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
    gl_call("glMultiDrawElements", |_| {
        check_mode(mode)?;
        check_counts(&[("drawcount", drawcount)])?;
        check_type(ty)?;
        no_rasteriser()
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
    gl_call("glMultiDrawElementsBaseVertex", |_| {
        check_mode(mode)?;
        check_counts(&[("drawcount", drawcount)])?;
        check_type(ty)?;
        no_rasteriser()
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
        check_mode(mode)?;
        check_type(ty)?;
        check_counts(&[("drawcount", drawcount)])?;
        check_indirect(st, stride)?;
        no_rasteriser()
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
        check_mode(mode)?;
        check_indirect_count(st, drawcount, maxdrawcount, stride)
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
        check_mode(mode)?;
        check_type(ty)?;
        check_indirect_count(st, drawcount, maxdrawcount, stride)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawTransformFeedback(mode: GLenum, id: GLuint) {
    gl_call("glDrawTransformFeedback", |_| draw_feedback(mode, id, 0, 1))
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawTransformFeedbackInstanced(mode: GLenum, id: GLuint, instances: GLsizei) {
    gl_call("glDrawTransformFeedbackInstanced", |_| {
        draw_feedback(mode, id, 0, instances)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawTransformFeedbackStream(mode: GLenum, id: GLuint, stream: GLuint) {
    gl_call("glDrawTransformFeedbackStream", |_| {
        draw_feedback(mode, id, stream, 1)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawTransformFeedbackStreamInstanced(
    mode: GLenum,
    id: GLuint,
    stream: GLuint,
    instances: GLsizei,
) {
    gl_call("glDrawTransformFeedbackStreamInstanced", |_| {
        draw_feedback(mode, id, stream, instances)
    })
}
