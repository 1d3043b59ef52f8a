//! Framebuffer and renderbuffer entry points (GL 4.6 chapter 9, §17.4, §18.2): objects
//! and attachments, draw/read buffers, Clear/ClearBuffer*, ReadPixels.

use crate::api::call::{count, delete_from, gen_into, gl_call, in_array};
use crate::format::texel::Class;
use crate::gl::enums::*;
use crate::gl::error::GlResult;
use crate::gl::types::*;
use crate::state::context::ContextState;
use crate::state::framebuffer::{
    clear_buffer_words, clear_depth_stencil, named_renderbuffer, tex_nd,
};
use std::ffi::c_void;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenFramebuffers(n: GLsizei, ids: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glGenFramebuffers", n, ids, |st, n| {
            Ok(st.gen_framebuffers(n, false))
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateFramebuffers(n: GLsizei, ids: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glCreateFramebuffers", n, ids, |st, n| {
            Ok(st.gen_framebuffers(n, true))
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteFramebuffers(n: GLsizei, ids: *const GLuint) {
    // SAFETY: the application passes n names.
    unsafe {
        delete_from("glDeleteFramebuffers", n, ids, |st, names| {
            st.delete_framebuffers(names)
        })
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsFramebuffer(fb: GLuint) -> GLboolean {
    gl_call("glIsFramebuffer", |st| Ok(st.is_framebuffer(fb) as u8))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindFramebuffer(target: GLenum, fb: GLuint) {
    gl_call("glBindFramebuffer", |st| st.bind_framebuffer(target, fb))
}

#[unsafe(no_mangle)]
pub extern "C" fn glFramebufferTexture(
    target: GLenum,
    attachment: GLenum,
    texture: GLuint,
    level: GLint,
) {
    gl_call("glFramebufferTexture", |st| {
        let fb = st.framebuffer_binding(target)?;
        st.framebuffer_texture(fb, attachment, None, texture, level, None)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glFramebufferTexture1D(
    target: GLenum,
    attachment: GLenum,
    textarget: GLenum,
    texture: GLuint,
    level: GLint,
) {
    gl_call("glFramebufferTexture1D", |st| {
        tex_nd(st, 1, target, attachment, textarget, texture, level, None)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glFramebufferTexture2D(
    target: GLenum,
    attachment: GLenum,
    textarget: GLenum,
    texture: GLuint,
    level: GLint,
) {
    gl_call("glFramebufferTexture2D", |st| {
        tex_nd(st, 2, target, attachment, textarget, texture, level, None)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glFramebufferTexture3D(
    target: GLenum,
    attachment: GLenum,
    textarget: GLenum,
    texture: GLuint,
    level: GLint,
    layer: GLint,
) {
    gl_call("glFramebufferTexture3D", |st| {
        tex_nd(
            st,
            3,
            target,
            attachment,
            textarget,
            texture,
            level,
            Some(layer),
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glFramebufferTextureLayer(
    target: GLenum,
    attachment: GLenum,
    texture: GLuint,
    level: GLint,
    layer: GLint,
) {
    gl_call("glFramebufferTextureLayer", |st| {
        let fb = st.framebuffer_binding(target)?;
        st.framebuffer_texture(fb, attachment, None, texture, level, Some(layer))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glNamedFramebufferTexture(
    fb: GLuint,
    attachment: GLenum,
    texture: GLuint,
    level: GLint,
) {
    gl_call("glNamedFramebufferTexture", |st| {
        let fb = st.named_framebuffer(fb)?;
        st.framebuffer_texture(fb, attachment, None, texture, level, None)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glNamedFramebufferTextureLayer(
    fb: GLuint,
    attachment: GLenum,
    texture: GLuint,
    level: GLint,
    layer: GLint,
) {
    gl_call("glNamedFramebufferTextureLayer", |st| {
        let fb = st.named_framebuffer(fb)?;
        st.framebuffer_texture(fb, attachment, None, texture, level, Some(layer))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glFramebufferRenderbuffer(
    target: GLenum,
    attachment: GLenum,
    rb_target: GLenum,
    rb: GLuint,
) {
    gl_call("glFramebufferRenderbuffer", |st| {
        let fb = st.framebuffer_binding(target)?;
        st.framebuffer_renderbuffer(fb, attachment, rb_target, rb)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glNamedFramebufferRenderbuffer(
    fb: GLuint,
    attachment: GLenum,
    rb_target: GLenum,
    rb: GLuint,
) {
    gl_call("glNamedFramebufferRenderbuffer", |st| {
        let fb = st.named_framebuffer(fb)?;
        st.framebuffer_renderbuffer(fb, attachment, rb_target, rb)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCheckFramebufferStatus(target: GLenum) -> GLenum {
    gl_call("glCheckFramebufferStatus", |st| {
        let fb = st.framebuffer_binding(target)?;
        Ok(st.check_framebuffer_status(fb))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCheckNamedFramebufferStatus(fb: GLuint, target: GLenum) -> GLenum {
    gl_call("glCheckNamedFramebufferStatus", |st| {
        // GL 4.6 §9.4.2: INVALID_ENUM for a target that is not a framebuffer target.
        st.framebuffer_binding(target)?;
        let fb = st.named_framebuffer(fb)?;
        Ok(st.check_framebuffer_status(fb))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDrawBuffers(n: GLsizei, bufs: *const GLenum) {
    gl_call("glDrawBuffers", |st| {
        let n = count(n)?;
        // SAFETY: the application provides n values.
        let bufs = unsafe { in_array(bufs, n) }.unwrap_or(&[]);
        let fb = st.framebuffers.draw;
        st.draw_buffers(fb, bufs, false)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDrawBuffer(buf: GLenum) {
    gl_call("glDrawBuffer", |st| {
        let fb = st.framebuffers.draw;
        st.draw_buffers(fb, &[buf], true)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glNamedFramebufferDrawBuffers(
    fb: GLuint,
    n: GLsizei,
    bufs: *const GLenum,
) {
    gl_call("glNamedFramebufferDrawBuffers", |st| {
        let n = count(n)?;
        let fb = st.named_framebuffer(fb)?;
        // SAFETY: the application provides n values.
        let bufs = unsafe { in_array(bufs, n) }.unwrap_or(&[]);
        st.draw_buffers(fb, bufs, false)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glNamedFramebufferDrawBuffer(fb: GLuint, buf: GLenum) {
    gl_call("glNamedFramebufferDrawBuffer", |st| {
        let fb = st.named_framebuffer(fb)?;
        st.draw_buffers(fb, &[buf], true)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glReadBuffer(mode: GLenum) {
    gl_call("glReadBuffer", |st| {
        let fb = st.framebuffers.read;
        st.read_buffer(fb, mode)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glNamedFramebufferReadBuffer(fb: GLuint, mode: GLenum) {
    gl_call("glNamedFramebufferReadBuffer", |st| {
        let fb = st.named_framebuffer(fb)?;
        st.read_buffer(fb, mode)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glClearColor(r: GLfloat, g: GLfloat, b: GLfloat, a: GLfloat) {
    gl_call("glClearColor", |st| {
        st.clear_color([r, g, b, a]);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glClearDepth(d: GLdouble) {
    gl_call("glClearDepth", |st| {
        st.framebuffers.clear_depth = d.clamp(0.0, 1.0);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glClearDepthf(d: GLfloat) {
    gl_call("glClearDepthf", |st| {
        st.framebuffers.clear_depth = (d as f64).clamp(0.0, 1.0);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glClearStencil(s: GLint) {
    gl_call("glClearStencil", |st| {
        st.framebuffers.clear_stencil = s;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glClear(mask: GLbitfield) {
    gl_call("glClear", |st| st.clear(mask))
}

/// ClearBuffer*: reads the words the buffer takes (4 for colour, 1 for depth or
/// stencil).
unsafe fn clear_buffer(
    func: &'static str,
    fb: Option<GLuint>,
    buffer: GLenum,
    drawbuffer: GLint,
    value: *const u32,
    class: Class,
) {
    gl_call(func, |st| {
        let fb = match fb {
            Some(f) => st.named_framebuffer(f)?,
            None => st.framebuffers.draw,
        };
        let n = clear_buffer_words(buffer, class, func)?;
        let mut words = [0u32; 4];
        // SAFETY: the application provides the values the buffer takes.
        if let Some(v) = unsafe { in_array(value, n) } {
            words[..n].copy_from_slice(v);
        }
        if buffer == GL_STENCIL {
            words = [0, words[0], 0, 0];
        }
        st.clear_framebuffer_buffer(fb, buffer, drawbuffer, words)
    })
}

/// `glClearBuffer<t>v(buffer, drawbuffer, value)` and `glClearNamedFramebuffer<t>v(fb,
/// buffer, drawbuffer, value)` (GL 4.6 §17.4.3.1): one pair per value class.
macro_rules! clear_buffer_fns {
    ($($name:ident, $named:ident, $t:ty, $class:ident;)+) => {$(
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(buffer: GLenum, drawbuffer: GLint, value: *const $t) {
            let (v, c) = (value as *const u32, Class::$class);
            // SAFETY: the application provides the values the buffer takes.
            unsafe { clear_buffer(stringify!($name), None, buffer, drawbuffer, v, c) }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $named(
            fb: GLuint,
            buffer: GLenum,
            drawbuffer: GLint,
            value: *const $t,
        ) {
            let (v, c) = (value as *const u32, Class::$class);
            // SAFETY: the application provides the values the buffer takes.
            unsafe { clear_buffer(stringify!($named), Some(fb), buffer, drawbuffer, v, c) }
        }
    )+};
}

clear_buffer_fns! {
    glClearBufferfv, glClearNamedFramebufferfv, GLfloat, Float;
    glClearBufferiv, glClearNamedFramebufferiv, GLint, Sint;
    glClearBufferuiv, glClearNamedFramebufferuiv, GLuint, Uint;
}

#[unsafe(no_mangle)]
pub extern "C" fn glClearBufferfi(
    buffer: GLenum,
    drawbuffer: GLint,
    depth: GLfloat,
    stencil: GLint,
) {
    gl_call("glClearBufferfi", |st| {
        let fb = st.framebuffers.draw;
        clear_depth_stencil(st, fb, buffer, drawbuffer, depth, stencil)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glClearNamedFramebufferfi(
    fb: GLuint,
    buffer: GLenum,
    drawbuffer: GLint,
    depth: GLfloat,
    stencil: GLint,
) {
    gl_call("glClearNamedFramebufferfi", |st| {
        let fb = st.named_framebuffer(fb)?;
        clear_depth_stencil(st, fb, buffer, drawbuffer, depth, stencil)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glReadPixels(
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    format: GLenum,
    ty: GLenum,
    pixels: *mut c_void,
) {
    gl_call("glReadPixels", |st| {
        // SAFETY: GL's promise: pixels has room for the rectangle (or is an offset into
        // the bound PIXEL_PACK buffer).
        let out = unsafe { UserOut::new(pixels) };
        st.read_pixels(x, y, w, h, format, ty, None, out)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glReadnPixels(
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    format: GLenum,
    ty: GLenum,
    buf_size: GLsizei,
    pixels: *mut c_void,
) {
    gl_call("glReadnPixels", |st| {
        // SAFETY: GL's promise: pixels has room for buf_size bytes.
        let out = unsafe { UserOut::new(pixels) };
        st.read_pixels(x, y, w, h, format, ty, Some(buf_size as i64), out)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenRenderbuffers(n: GLsizei, ids: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glGenRenderbuffers", n, ids, |st, n| {
            Ok(st.gen_renderbuffers(n, false))
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateRenderbuffers(n: GLsizei, ids: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glCreateRenderbuffers", n, ids, |st, n| {
            Ok(st.gen_renderbuffers(n, true))
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteRenderbuffers(n: GLsizei, ids: *const GLuint) {
    // SAFETY: the application passes n names.
    unsafe {
        delete_from("glDeleteRenderbuffers", n, ids, |st, names| {
            st.delete_renderbuffers(names)
        })
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsRenderbuffer(rb: GLuint) -> GLboolean {
    gl_call("glIsRenderbuffer", |st| Ok(st.is_renderbuffer(rb) as u8))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindRenderbuffer(target: GLenum, rb: GLuint) {
    gl_call("glBindRenderbuffer", |st| st.bind_renderbuffer(target, rb))
}

#[unsafe(no_mangle)]
pub extern "C" fn glRenderbufferStorage(target: GLenum, internal: GLenum, w: GLsizei, h: GLsizei) {
    gl_call("glRenderbufferStorage", |st| {
        let rb = st.bound_renderbuffer(target)?;
        st.renderbuffer_storage(rb, 0, internal, w, h)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glRenderbufferStorageMultisample(
    target: GLenum,
    samples: GLsizei,
    internal: GLenum,
    w: GLsizei,
    h: GLsizei,
) {
    gl_call("glRenderbufferStorageMultisample", |st| {
        let rb = st.bound_renderbuffer(target)?;
        st.renderbuffer_storage(rb, samples, internal, w, h)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glNamedRenderbufferStorageMultisample(
    rb: GLuint,
    samples: GLsizei,
    internal: GLenum,
    w: GLsizei,
    h: GLsizei,
) {
    gl_call("glNamedRenderbufferStorageMultisample", |st| {
        let r = named_renderbuffer(st, rb)?;
        st.renderbuffer_storage(Some(r), samples, internal, w, h)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glNamedRenderbufferStorage(rb: GLuint, internal: GLenum, w: GLsizei, h: GLsizei) {
    gl_call("glNamedRenderbufferStorage", |st| {
        let r = named_renderbuffer(st, rb)?;
        st.renderbuffer_storage(Some(r), 0, internal, w, h)
    })
}

// ---- parameters, attachment queries, invalidation (GL 4.6 §9.2.1, §9.2.3, §9.2.6,
// §17.4.4) ------------------------------------------------------------------------

#[unsafe(no_mangle)]
pub extern "C" fn glFramebufferParameteri(target: GLenum, pname: GLenum, param: GLint) {
    gl_call("glFramebufferParameteri", |st| {
        let fb = st.framebuffer_binding(target)?;
        st.framebuffer_parameter(fb, pname, param)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glNamedFramebufferParameteri(fb: GLuint, pname: GLenum, param: GLint) {
    gl_call("glNamedFramebufferParameteri", |st| {
        let fb = st.named_framebuffer(fb)?;
        st.framebuffer_parameter(fb, pname, param)
    })
}

/// Writes one queried integer.
///
/// # Safety
/// `out` must be null or writable.
unsafe fn write_int(out: *mut GLint, v: i64) {
    let v = v.clamp(i32::MIN as i64, i32::MAX as i64) as GLint;
    // SAFETY: the caller's contract.
    unsafe { crate::api::call::out_one(out, v) };
}

/// A query of one integer: `get` computes it; it is written to `params` on success.
///
/// # Safety
/// `params` must be null or writable.
unsafe fn query_int(
    func: &'static str,
    params: *mut GLint,
    get: impl FnOnce(&mut ContextState) -> GlResult<i64>,
) {
    gl_call(func, |st| {
        let v = get(st)?;
        // SAFETY: the caller's contract.
        unsafe { write_int(params, v) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetFramebufferParameteriv(
    target: GLenum,
    pname: GLenum,
    params: *mut GLint,
) {
    // SAFETY: the application has room for one value.
    unsafe {
        query_int("glGetFramebufferParameteriv", params, |st| {
            let fb = st.framebuffer_binding(target)?;
            st.get_framebuffer_parameter(fb, pname)
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetNamedFramebufferParameteriv(
    fb: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    // SAFETY: the application has room for one value.
    unsafe {
        query_int("glGetNamedFramebufferParameteriv", params, |st| {
            let fb = st.named_framebuffer(fb)?;
            st.get_framebuffer_parameter(fb, pname)
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetFramebufferAttachmentParameteriv(
    target: GLenum,
    attachment: GLenum,
    pname: GLenum,
    params: *mut GLint,
) {
    // SAFETY: the application has room for one value.
    unsafe {
        query_int("glGetFramebufferAttachmentParameteriv", params, |st| {
            let fb = st.framebuffer_binding(target)?;
            st.framebuffer_attachment_parameter(fb, attachment, pname)
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetNamedFramebufferAttachmentParameteriv(
    fb: GLuint,
    attachment: GLenum,
    pname: GLenum,
    params: *mut GLint,
) {
    // SAFETY: the application has room for one value.
    unsafe {
        query_int("glGetNamedFramebufferAttachmentParameteriv", params, |st| {
            let fb = st.named_framebuffer(fb)?;
            st.framebuffer_attachment_parameter(fb, attachment, pname)
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetRenderbufferParameteriv(
    target: GLenum,
    pname: GLenum,
    params: *mut GLint,
) {
    // SAFETY: the application has room for one value.
    unsafe {
        query_int("glGetRenderbufferParameteriv", params, |st| {
            let rb = st.bound_renderbuffer(target)?;
            st.renderbuffer_parameter(rb.as_ref(), pname)
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetNamedRenderbufferParameteriv(
    rb: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    // SAFETY: the application has room for one value.
    unsafe {
        query_int("glGetNamedRenderbufferParameteriv", params, |st| {
            let r = named_renderbuffer(st, rb)?;
            st.renderbuffer_parameter(Some(&r), pname)
        })
    }
}

/// The invalidation commands: `fb` from `which`, then the attachments (after the
/// count's check) and the region's size.
///
/// # Safety
/// `attachments` must be null or hold `n` values.
unsafe fn invalidate(
    func: &'static str,
    which: impl FnOnce(&ContextState) -> GlResult<u32>,
    n: GLsizei,
    attachments: *const GLenum,
    size: Option<(i32, i32)>,
) {
    gl_call(func, |st| {
        let fb = which(st)?;
        let n = count(n)?;
        // SAFETY: the caller's contract: n values.
        let list = unsafe { in_array(attachments, n) }.unwrap_or(&[]);
        st.invalidate_framebuffer(fb, list, size)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glInvalidateFramebuffer(
    target: GLenum,
    n: GLsizei,
    attachments: *const GLenum,
) {
    // SAFETY: the application passes n attachments.
    unsafe {
        invalidate(
            "glInvalidateFramebuffer",
            |st| st.framebuffer_binding(target),
            n,
            attachments,
            None,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glInvalidateSubFramebuffer(
    target: GLenum,
    n: GLsizei,
    attachments: *const GLenum,
    _x: GLint,
    _y: GLint,
    w: GLsizei,
    h: GLsizei,
) {
    // SAFETY: the application passes n attachments.
    unsafe {
        invalidate(
            "glInvalidateSubFramebuffer",
            |st| st.framebuffer_binding(target),
            n,
            attachments,
            Some((w, h)),
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glInvalidateNamedFramebufferData(
    fb: GLuint,
    n: GLsizei,
    attachments: *const GLenum,
) {
    // SAFETY: the application passes n attachments.
    unsafe {
        invalidate(
            "glInvalidateNamedFramebufferData",
            |st| st.named_framebuffer(fb),
            n,
            attachments,
            None,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glInvalidateNamedFramebufferSubData(
    fb: GLuint,
    n: GLsizei,
    attachments: *const GLenum,
    _x: GLint,
    _y: GLint,
    w: GLsizei,
    h: GLsizei,
) {
    // SAFETY: the application passes n attachments.
    unsafe {
        invalidate(
            "glInvalidateNamedFramebufferSubData",
            |st| st.named_framebuffer(fb),
            n,
            attachments,
            Some((w, h)),
        )
    }
}
