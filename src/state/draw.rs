//! Draw commands (GL 4.6 chapters 10 and 13.2.3): every one exists and validates its
//! arguments in the spec's order (mode, counts, index type, the indirect buffer), then
//! fails with GL_INVALID_OPERATION, as glcompute has no rasteriser.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::*;
use crate::gl_bail;
use crate::state::context::ContextState;

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

/// The MultiDraw*IndirectCount commands' own checks (GL 4.6 §10.4), then the indirect
/// buffer's and the parameter buffer's; then, like every draw, INVALID_OPERATION
/// (glcompute does not rasterise).
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
    // GL 4.6 §10.4: INVALID_OPERATION if no buffer is bound to PARAMETER_BUFFER, if
    // reading the count would go past its end, or if it is mapped (§6.3.2).
    let Some(buf) = st.bindings.parameter.as_ref() else {
        gl_bail!(
            GL_INVALID_OPERATION,
            "no buffer is bound to GL_PARAMETER_BUFFER"
        );
    };
    let (size, mapped) = {
        let b = buf.state.lock();
        (b.size() as i64, b.mapped_non_persistent())
    };
    if (drawcount as i64)
        .checked_add(4)
        .is_none_or(|end| end > size)
    {
        gl_bail!(
            GL_INVALID_OPERATION,
            "reading the draw count at offset {drawcount} of GL_PARAMETER_BUFFER would pass its end ({size} bytes)"
        );
    }
    if mapped {
        gl_bail!(
            GL_INVALID_OPERATION,
            "the buffer bound to GL_PARAMETER_BUFFER is mapped"
        );
    }
    no_rasteriser()
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
    // GL 4.6 §13.2.3: INVALID_VALUE for a stream past MAX_VERTEX_STREAMS or a negative
    // instance count.
    if stream >= crate::limits::MAX_VERTEX_STREAMS as u32 {
        gl_bail!(
            GL_INVALID_VALUE,
            "stream = {stream} is not below GL_MAX_VERTEX_STREAMS ({})",
            crate::limits::MAX_VERTEX_STREAMS
        );
    }
    check_counts(&[("instancecount", instances)])?;
    no_rasteriser()
}

impl ContextState {
    /// DrawArrays and its instanced forms (GL 4.6 §10.4).
    pub fn draw_arrays(&self, mode: u32, count: i32, instances: Option<i32>) -> GlResult<()> {
        check_mode(mode)?;
        match instances {
            Some(n) => check_counts(&[("count", count), ("instancecount", n)])?,
            None => check_counts(&[("count", count)])?,
        }
        no_rasteriser()
    }

    /// DrawElements and its instanced and base-vertex forms (GL 4.6 §10.5).
    pub fn draw_elements(
        &self,
        mode: u32,
        count: i32,
        instances: Option<i32>,
        ty: u32,
    ) -> GlResult<()> {
        check_mode(mode)?;
        match instances {
            Some(n) => check_counts(&[("count", count), ("instancecount", n)])?,
            None => check_counts(&[("count", count)])?,
        }
        check_type(ty)?;
        no_rasteriser()
    }

    /// MultiDrawArrays (GL 4.6 §10.4).
    pub fn multi_draw_arrays(&self, mode: u32, drawcount: i32) -> GlResult<()> {
        check_mode(mode)?;
        check_counts(&[("drawcount", drawcount)])?;
        no_rasteriser()
    }

    /// MultiDrawElements and MultiDrawElementsBaseVertex (GL 4.6 §10.5).
    pub fn multi_draw_elements(&self, mode: u32, drawcount: i32, ty: u32) -> GlResult<()> {
        check_mode(mode)?;
        check_counts(&[("drawcount", drawcount)])?;
        check_type(ty)?;
        no_rasteriser()
    }

    /// DrawArraysIndirect, and MultiDrawArraysIndirect with its `drawcount` (GL 4.6
    /// §10.4).
    pub fn draw_arrays_indirect(
        &self,
        mode: u32,
        drawcount: Option<i32>,
        stride: i32,
    ) -> GlResult<()> {
        check_mode(mode)?;
        if let Some(n) = drawcount {
            check_counts(&[("drawcount", n)])?;
        }
        check_indirect(self, stride)?;
        no_rasteriser()
    }

    /// DrawElementsIndirect, and MultiDrawElementsIndirect with its `drawcount` (GL 4.6
    /// §10.5).
    pub fn draw_elements_indirect(
        &self,
        mode: u32,
        ty: u32,
        drawcount: Option<i32>,
        stride: i32,
    ) -> GlResult<()> {
        check_mode(mode)?;
        check_type(ty)?;
        if let Some(n) = drawcount {
            check_counts(&[("drawcount", n)])?;
        }
        check_indirect(self, stride)?;
        no_rasteriser()
    }

    /// MultiDrawArraysIndirectCount and MultiDrawElementsIndirectCount (`ty`) (GL 4.6
    /// §10.4, §10.5).
    pub fn multi_draw_indirect_count(
        &self,
        mode: u32,
        ty: Option<u32>,
        drawcount: isize,
        maxdrawcount: i32,
        stride: i32,
    ) -> GlResult<()> {
        check_mode(mode)?;
        if let Some(ty) = ty {
            check_type(ty)?;
        }
        check_indirect_count(self, drawcount, maxdrawcount, stride)
    }

    /// DrawRangeElements and DrawRangeElementsBaseVertex (GL 4.6 §10.5).
    pub fn draw_range_elements(
        &self,
        mode: u32,
        start: u32,
        end: u32,
        count: i32,
        ty: u32,
    ) -> GlResult<()> {
        draw_range(mode, start, end, count, ty)
    }

    /// DrawTransformFeedback and its stream and instanced forms (GL 4.6 §13.2.3).
    pub fn draw_transform_feedback(
        &self,
        mode: u32,
        id: u32,
        stream: u32,
        instances: i32,
    ) -> GlResult<()> {
        draw_feedback(mode, id, stream, instances)
    }
}
