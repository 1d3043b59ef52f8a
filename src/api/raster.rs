//! The fixed-function state entry points (GL 4.6 §13.6, §14, §17.3, §17.4.2, §21.5):
//! viewports, scissors, depth range, blend, depth and stencil functions, write masks,
//! rasterization, multisample, hints, primitive restart, provoking vertex, patch
//! parameters and the indexed capabilities. glcompute keeps this state and draws
//! nothing with it (see state/raster.rs).

use crate::api::call::{gl_call, in_array};
use crate::gl::enums::*;
use crate::gl::types::*;
use crate::limits::MAX_VIEWPORTS;
use crate::state::raster;

/// GL 4.6 §13.6.1, §14.9.2: the count of an array form; INVALID_VALUE for a negative
/// count or one that runs past MAX_VIEWPORTS, checked before the array is read.
fn viewport_count(first: GLuint, count: GLsizei) -> crate::gl::error::GlResult<usize> {
    raster::viewport_range(first, count, "entries").map(|r| r.len())
}

/// Reads `n` groups of `K` values.
///
/// # Safety
/// `p` must be null or point to `n * K` values.
unsafe fn groups<T: Copy, const K: usize>(p: *const T, n: usize) -> Option<Vec<[T; K]>> {
    // SAFETY: the caller's contract.
    let flat = unsafe { in_array(p, n * K) }?;
    Some(
        flat.chunks_exact(K)
            .map(|c| std::array::from_fn(|i| c[i]))
            .collect(),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glViewport(x: GLint, y: GLint, w: GLsizei, h: GLsizei) {
    gl_call("glViewport", |st| {
        let all = [[x as f32, y as f32, w as f32, h as f32]; MAX_VIEWPORTS];
        st.set_viewports(0, &all)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glViewportIndexedf(
    index: GLuint,
    x: GLfloat,
    y: GLfloat,
    w: GLfloat,
    h: GLfloat,
) {
    gl_call("glViewportIndexedf", |st| {
        st.set_viewports(index, &[[x, y, w, h]])
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glViewportIndexedfv(index: GLuint, v: *const GLfloat) {
    gl_call("glViewportIndexedfv", |st| {
        viewport_count(index, 1)?;
        // SAFETY: the application passes four values.
        match unsafe { groups::<f32, 4>(v, 1) } {
            Some(r) => st.set_viewports(index, &r),
            None => Ok(()),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glViewportArrayv(first: GLuint, count: GLsizei, v: *const GLfloat) {
    gl_call("glViewportArrayv", |st| {
        let n = viewport_count(first, count)?;
        // SAFETY: the application passes 4 * count values.
        match unsafe { groups::<f32, 4>(v, n) } {
            Some(r) => st.set_viewports(first, &r),
            None => Ok(()),
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glScissor(x: GLint, y: GLint, w: GLsizei, h: GLsizei) {
    gl_call("glScissor", |st| {
        st.set_scissors(0, &[[x, y, w, h]; MAX_VIEWPORTS])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glScissorIndexed(index: GLuint, x: GLint, y: GLint, w: GLsizei, h: GLsizei) {
    gl_call("glScissorIndexed", |st| {
        st.set_scissors(index, &[[x, y, w, h]])
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glScissorIndexedv(index: GLuint, v: *const GLint) {
    gl_call("glScissorIndexedv", |st| {
        viewport_count(index, 1)?;
        // SAFETY: the application passes four values.
        match unsafe { groups::<i32, 4>(v, 1) } {
            Some(b) => st.set_scissors(index, &b),
            None => Ok(()),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glScissorArrayv(first: GLuint, count: GLsizei, v: *const GLint) {
    gl_call("glScissorArrayv", |st| {
        let n = viewport_count(first, count)?;
        // SAFETY: the application passes 4 * count values.
        match unsafe { groups::<i32, 4>(v, n) } {
            Some(b) => st.set_scissors(first, &b),
            None => Ok(()),
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDepthRange(n: GLdouble, f: GLdouble) {
    gl_call("glDepthRange", |st| {
        st.set_depth_ranges(0, &[[n, f]; MAX_VIEWPORTS])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDepthRangef(n: GLfloat, f: GLfloat) {
    gl_call("glDepthRangef", |st| {
        st.set_depth_ranges(0, &[[n as f64, f as f64]; MAX_VIEWPORTS])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDepthRangeIndexed(index: GLuint, n: GLdouble, f: GLdouble) {
    gl_call("glDepthRangeIndexed", |st| {
        st.set_depth_ranges(index, &[[n, f]])
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDepthRangeArrayv(first: GLuint, count: GLsizei, v: *const GLdouble) {
    gl_call("glDepthRangeArrayv", |st| {
        let n = viewport_count(first, count)?;
        // SAFETY: the application passes 2 * count values.
        match unsafe { groups::<f64, 2>(v, n) } {
            Some(d) => st.set_depth_ranges(first, &d),
            None => Ok(()),
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendColor(r: GLfloat, g: GLfloat, b: GLfloat, a: GLfloat) {
    gl_call("glBlendColor", |st| {
        st.raster.blend_color = [r, g, b, a];
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendEquation(mode: GLenum) {
    gl_call("glBlendEquation", |st| st.blend_equation_mode(None, mode))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendEquationSeparate(rgb: GLenum, alpha: GLenum) {
    gl_call("glBlendEquationSeparate", |st| {
        st.blend_equation(None, rgb, alpha)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendEquationi(buf: GLuint, mode: GLenum) {
    gl_call("glBlendEquationi", |st| {
        st.blend_equation_mode(Some(buf), mode)
    })
}

/// OpenGL ES 3.2 (KHR_blend_equation_advanced): orders advanced blending against
/// earlier draws; nothing is drawn, so there is nothing to order.
#[unsafe(no_mangle)]
pub extern "C" fn glBlendBarrier() {
    gl_call("glBlendBarrier", |st| st.es_command("glBlendBarrier"))
}

/// OpenGL ES 3.2 (EXT_primitive_bounding_box): the bounding box tessellation and
/// geometry may assume.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn glPrimitiveBoundingBox(
    min_x: GLfloat,
    min_y: GLfloat,
    min_z: GLfloat,
    min_w: GLfloat,
    max_x: GLfloat,
    max_y: GLfloat,
    max_z: GLfloat,
    max_w: GLfloat,
) {
    gl_call("glPrimitiveBoundingBox", |st| {
        st.set_primitive_bounding_box([min_x, min_y, min_z, min_w, max_x, max_y, max_z, max_w])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendEquationSeparatei(buf: GLuint, rgb: GLenum, alpha: GLenum) {
    gl_call("glBlendEquationSeparatei", |st| {
        st.blend_equation(Some(buf), rgb, alpha)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendFunc(src: GLenum, dst: GLenum) {
    gl_call("glBlendFunc", |st| {
        st.blend_func(None, [src, dst, src, dst])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendFuncSeparate(
    src_rgb: GLenum,
    dst_rgb: GLenum,
    src_a: GLenum,
    dst_a: GLenum,
) {
    gl_call("glBlendFuncSeparate", |st| {
        st.blend_func(None, [src_rgb, dst_rgb, src_a, dst_a])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendFunci(buf: GLuint, src: GLenum, dst: GLenum) {
    gl_call("glBlendFunci", |st| {
        st.blend_func(Some(buf), [src, dst, src, dst])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlendFuncSeparatei(
    buf: GLuint,
    src_rgb: GLenum,
    dst_rgb: GLenum,
    src_a: GLenum,
    dst_a: GLenum,
) {
    gl_call("glBlendFuncSeparatei", |st| {
        st.blend_func(Some(buf), [src_rgb, dst_rgb, src_a, dst_a])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glColorMask(r: GLboolean, g: GLboolean, b: GLboolean, a: GLboolean) {
    gl_call("glColorMask", |st| {
        st.color_mask(None, [r != 0, g != 0, b != 0, a != 0])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glColorMaski(
    buf: GLuint,
    r: GLboolean,
    g: GLboolean,
    b: GLboolean,
    a: GLboolean,
) {
    gl_call("glColorMaski", |st| {
        st.color_mask(Some(buf), [r != 0, g != 0, b != 0, a != 0])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDepthFunc(func: GLenum) {
    gl_call("glDepthFunc", |st| st.depth_func(func))
}

#[unsafe(no_mangle)]
pub extern "C" fn glDepthMask(flag: GLboolean) {
    gl_call("glDepthMask", |st| {
        st.raster.depth_mask = flag != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glStencilFunc(func: GLenum, reference: GLint, mask: GLuint) {
    gl_call("glStencilFunc", |st| {
        st.stencil_func(GL_FRONT_AND_BACK, func, reference, mask)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glStencilFuncSeparate(
    face: GLenum,
    func: GLenum,
    reference: GLint,
    mask: GLuint,
) {
    gl_call("glStencilFuncSeparate", |st| {
        st.stencil_func(face, func, reference, mask)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glStencilOp(sfail: GLenum, dpfail: GLenum, dppass: GLenum) {
    gl_call("glStencilOp", |st| {
        st.stencil_op(GL_FRONT_AND_BACK, [sfail, dpfail, dppass])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glStencilOpSeparate(face: GLenum, sfail: GLenum, dpfail: GLenum, dppass: GLenum) {
    gl_call("glStencilOpSeparate", |st| {
        st.stencil_op(face, [sfail, dpfail, dppass])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glStencilMask(mask: GLuint) {
    gl_call("glStencilMask", |st| {
        st.stencil_mask(GL_FRONT_AND_BACK, mask)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glStencilMaskSeparate(face: GLenum, mask: GLuint) {
    gl_call("glStencilMaskSeparate", |st| st.stencil_mask(face, mask))
}

#[unsafe(no_mangle)]
pub extern "C" fn glCullFace(mode: GLenum) {
    gl_call("glCullFace", |st| st.cull_face(mode))
}

#[unsafe(no_mangle)]
pub extern "C" fn glFrontFace(mode: GLenum) {
    gl_call("glFrontFace", |st| st.front_face(mode))
}

#[unsafe(no_mangle)]
pub extern "C" fn glPolygonMode(face: GLenum, mode: GLenum) {
    gl_call("glPolygonMode", |st| st.polygon_mode(face, mode))
}

#[unsafe(no_mangle)]
pub extern "C" fn glPolygonOffset(factor: GLfloat, units: GLfloat) {
    gl_call("glPolygonOffset", |st| {
        st.raster.polygon_offset = [factor, units, 0.0];
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glPolygonOffsetClamp(factor: GLfloat, units: GLfloat, clamp: GLfloat) {
    gl_call("glPolygonOffsetClamp", |st| {
        st.raster.polygon_offset = [factor, units, clamp];
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glClipControl(origin: GLenum, depth: GLenum) {
    gl_call("glClipControl", |st| st.clip_control(origin, depth))
}

#[unsafe(no_mangle)]
pub extern "C" fn glPointSize(size: GLfloat) {
    gl_call("glPointSize", |st| st.point_or_line_size(false, size))
}

#[unsafe(no_mangle)]
pub extern "C" fn glLineWidth(width: GLfloat) {
    gl_call("glLineWidth", |st| st.point_or_line_size(true, width))
}

/// `glPointParameter{f,i}(pname, value)` and `glPointParameter{f,i}v(pname, values)`
/// (GL 4.6 §14.4): every point parameter has one value.
macro_rules! point_parameter_fns {
    ($($name:ident, $namev:ident, $t:ty;)+) => {$(
        #[unsafe(no_mangle)]
        pub extern "C" fn $name(pname: GLenum, value: $t) {
            gl_call(stringify!($name), |st| st.point_parameter(pname, Some(value as f64)))
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $namev(pname: GLenum, values: *const $t) {
            // SAFETY: the application passes the parameter's one value (or null).
            let v = unsafe { in_array(values, 1) }.map(|v| v[0] as f64);
            gl_call(stringify!($namev), |st| st.point_parameter(pname, v))
        }
    )+};
}

point_parameter_fns! {
    glPointParameterf, glPointParameterfv, GLfloat;
    glPointParameteri, glPointParameteriv, GLint;
}

#[unsafe(no_mangle)]
pub extern "C" fn glLogicOp(op: GLenum) {
    gl_call("glLogicOp", |st| st.logic_op(op))
}

#[unsafe(no_mangle)]
pub extern "C" fn glHint(target: GLenum, mode: GLenum) {
    gl_call("glHint", |st| st.hint(target, mode))
}

#[unsafe(no_mangle)]
pub extern "C" fn glSampleCoverage(value: GLfloat, invert: GLboolean) {
    gl_call("glSampleCoverage", |st| {
        st.sample_coverage(value, invert != 0);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glSampleMaski(index: GLuint, mask: GLbitfield) {
    gl_call("glSampleMaski", |st| st.sample_mask(index, mask))
}

#[unsafe(no_mangle)]
pub extern "C" fn glMinSampleShading(value: GLfloat) {
    gl_call("glMinSampleShading", |st| {
        st.min_sample_shading(value);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glClampColor(target: GLenum, clamp: GLenum) {
    gl_call("glClampColor", |st| st.clamp_color(target, clamp))
}

#[unsafe(no_mangle)]
pub extern "C" fn glPrimitiveRestartIndex(index: GLuint) {
    gl_call("glPrimitiveRestartIndex", |st| {
        st.raster.primitive_restart_index = index;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glProvokingVertex(mode: GLenum) {
    gl_call("glProvokingVertex", |st| st.provoking_vertex(mode))
}

#[unsafe(no_mangle)]
pub extern "C" fn glPatchParameteri(pname: GLenum, value: GLint) {
    gl_call("glPatchParameteri", |st| st.patch_parameter_i(pname, value))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glPatchParameterfv(pname: GLenum, values: *const GLfloat) {
    gl_call("glPatchParameterfv", |st| {
        let n = crate::state::context::ContextState::patch_parameter_len(pname)?;
        // SAFETY: the application passes the pname's number of values.
        if let Some(v) = unsafe { in_array(values, n) } {
            st.patch_parameter_f(pname, v);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glEnablei(cap: GLenum, index: GLuint) {
    gl_call("glEnablei", |st| {
        st.indexed_capability(cap, index, Some(true)).map(drop)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDisablei(cap: GLenum, index: GLuint) {
    gl_call("glDisablei", |st| {
        st.indexed_capability(cap, index, Some(false)).map(drop)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsEnabledi(cap: GLenum, index: GLuint) -> GLboolean {
    gl_call("glIsEnabledi", |st| {
        st.indexed_capability(cap, index, None)
            .map(|b| b as GLboolean)
    })
}
