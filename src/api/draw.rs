//! Drawing commands (GL 4.6 chapter 10, §10.4–§10.5 and §13.2.3): glcompute runs
//! compute shaders and does not rasterise. Each draw command validates its arguments
//! in the spec's order (mode, counts, index type, strides, the indirect buffer), then
//! fails with INVALID_OPERATION and a KHR_debug error that names the command and says
//! why (also the error GL 4.6 §10.3.1 gives a core context with no vertex array
//! object bound, which a glcompute context never has). Nothing is silently dropped;
//! interposed mode under a driver that draws is how an application draws and computes.

use crate::api::call::gl_call;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::*;
use crate::gl_bail;
use crate::state::context::ContextState;
use std::ffi::c_void;

/// GL 4.6 §10.1: INVALID_ENUM if mode is not a primitive type.
fn check_mode(mode: GLenum) -> GlResult<()> {
    if !matches!(
        mode,
        GL_POINTS
            | GL_LINE_STRIP
            | GL_LINE_LOOP
            | GL_LINES
            | GL_LINE_STRIP_ADJACENCY
            | GL_LINES_ADJACENCY
            | GL_TRIANGLE_STRIP
            | GL_TRIANGLE_FAN
            | GL_TRIANGLES
            | GL_TRIANGLE_STRIP_ADJACENCY
            | GL_TRIANGLES_ADJACENCY
            | GL_PATCHES
    ) {
        gl_bail!(
            GL_INVALID_ENUM,
            "mode {} is not a primitive type",
            Enum(mode)
        );
    }
    Ok(())
}

/// GL 4.6 §10.4 / §10.5: INVALID_VALUE for a negative count, instance count or draw
/// count.
fn check_counts(counts: &[(&str, GLsizei)]) -> GlResult<()> {
    for &(what, n) in counts {
        if n < 0 {
            gl_bail!(GL_INVALID_VALUE, "{what} = {n} is negative");
        }
    }
    Ok(())
}

/// GL 4.6 §10.5: INVALID_ENUM unless the index type is UNSIGNED_BYTE, _SHORT or _INT.
fn check_type(ty: GLenum) -> GlResult<()> {
    if !matches!(ty, GL_UNSIGNED_BYTE | GL_UNSIGNED_SHORT | GL_UNSIGNED_INT) {
        gl_bail!(
            GL_INVALID_ENUM,
            "type {} is not GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT or GL_UNSIGNED_INT",
            Enum(ty)
        );
    }
    Ok(())
}

/// GL 4.6 §10.4: the indirect forms read DRAW_INDIRECT_BUFFER; INVALID_OPERATION
/// without one, INVALID_VALUE for a stride that is not zero or a multiple of four.
fn check_indirect(st: &ContextState, stride: GLsizei) -> GlResult<()> {
    if stride < 0 || stride % 4 != 0 {
        gl_bail!(
            GL_INVALID_VALUE,
            "stride = {stride} is neither zero nor a multiple of four"
        );
    }
    if st.bindings.draw_indirect.is_none() {
        gl_bail!(
            GL_INVALID_OPERATION,
            "no buffer is bound to GL_DRAW_INDIRECT_BUFFER"
        );
    }
    Ok(())
}

/// The error every valid draw command ends with.
fn no_rasteriser<T>() -> GlResult<T> {
    gl_bail!(
        GL_INVALID_OPERATION,
        "nothing was drawn: glcompute runs compute shaders and does not rasterise (a glcompute \
         context has no vertex array object bound, GL 4.6 §10.3.1); to draw and compute, run \
         the application with LD_PRELOAD=libglcompute.so under a GL driver that draws"
    )
}

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

/// DrawRangeElements*: GL 4.6 §10.5 adds INVALID_VALUE if end < start.
fn draw_range(
    mode: GLenum,
    start: GLuint,
    end: GLuint,
    count: GLsizei,
    ty: GLenum,
) -> GlResult<()> {
    check_mode(mode)?;
    check_counts(&[("count", count)])?;
    if end < start {
        gl_bail!(GL_INVALID_VALUE, "end = {end} is less than start = {start}");
    }
    check_type(ty)?;
    no_rasteriser()
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

/// The MultiDraw*IndirectCount commands' own checks (GL 4.6 §10.4), then the indirect
/// buffer's. glcompute has no PARAMETER_BUFFER binding point (GL_ARB_indirect_parameters
/// is not announced), so the draw count can never be read: such a command always ends
/// in INVALID_OPERATION.
fn check_indirect_count(
    st: &ContextState,
    drawcount: GLintptr,
    maxdrawcount: GLsizei,
    stride: GLsizei,
) -> GlResult<()> {
    // GL 4.6 §10.4: INVALID_VALUE if maxdrawcount is negative or drawcount (an offset)
    // is not a multiple of four.
    check_counts(&[("maxdrawcount", maxdrawcount)])?;
    if drawcount % 4 != 0 {
        gl_bail!(
            GL_INVALID_VALUE,
            "drawcount = {drawcount} (an offset into GL_PARAMETER_BUFFER) is not a multiple of four"
        );
    }
    check_indirect(st, stride)?;
    // GL 4.6 §10.4: INVALID_OPERATION if no buffer is bound to PARAMETER_BUFFER.
    gl_bail!(
        GL_INVALID_OPERATION,
        "no buffer is bound to GL_PARAMETER_BUFFER (glcompute has no such binding point, and does not rasterise)"
    )
}

/// DrawTransformFeedback*: GL 4.6 §13.2.3. glcompute has no transform feedback
/// objects of its own, so a non-zero id is INVALID_VALUE; the default object (0) has
/// never ended a capture, which is INVALID_OPERATION.
fn draw_feedback(mode: GLenum, id: GLuint, stream: GLuint, instances: GLsizei) -> GlResult<()> {
    check_mode(mode)?;
    if id != 0 {
        gl_bail!(
            GL_INVALID_VALUE,
            "id = {id} is not the name of a transform feedback object"
        );
    }
    // GL 4.6 §13.2.3: INVALID_VALUE for a stream past MAX_VERTEX_STREAMS (4) or a
    // negative instance count.
    if stream >= 4 {
        gl_bail!(
            GL_INVALID_VALUE,
            "stream = {stream} is not below GL_MAX_VERTEX_STREAMS (4)"
        );
    }
    check_counts(&[("instancecount", instances)])?;
    no_rasteriser()
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
