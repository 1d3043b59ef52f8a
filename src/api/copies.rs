//! Image operations that copy or fill texels without a shader (GL 4.6 §8.14.4
//! GenerateMipmap, §8.21 ClearTex(Sub)Image, §18.3.1 BlitFramebuffer, §18.3.3
//! CopyImageSubData, §8.20 InvalidateTex(Sub)Image) and GetMultisamplefv (§14.3.1.1):
//! unpack the arguments, look up the texture or framebuffers they name, and call the
//! operation in `state::copies`.

use crate::api::call::{gl_call, out_array};
use crate::gl::types::*;
use crate::state::copy_image::CopyEnd;
use std::ffi::c_void;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glClearTexImage(
    texture: GLuint,
    level: GLint,
    format: GLenum,
    ty: GLenum,
    data: *const c_void,
) {
    gl_call("glClearTexImage", |st| {
        // SAFETY: data is null or holds one texel of format/type (GL 4.6 §8.21).
        let data = unsafe { UserIn::new(data) };
        st.clear_tex_image(texture, level, None, format, ty, data)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glClearTexSubImage(
    texture: GLuint,
    level: GLint,
    x: GLint,
    y: GLint,
    z: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    format: GLenum,
    ty: GLenum,
    data: *const c_void,
) {
    gl_call("glClearTexSubImage", |st| {
        // SAFETY: data is null or holds one texel of format/type (GL 4.6 §8.21).
        let data = unsafe { UserIn::new(data) };
        st.clear_tex_image(
            texture,
            level,
            Some(([x, y, z], [w, h, d])),
            format,
            ty,
            data,
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glGenerateMipmap(target: GLenum) {
    gl_call("glGenerateMipmap", |st| {
        let tex = st.mipmap_target(target)?;
        st.generate_mipmap(tex)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glGenerateTextureMipmap(texture: GLuint) {
    gl_call("glGenerateTextureMipmap", |st| {
        let tex = st.named_texture(texture)?;
        st.generate_mipmap(tex)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCopyImageSubData(
    src_name: GLuint,
    src_target: GLenum,
    src_level: GLint,
    src_x: GLint,
    src_y: GLint,
    src_z: GLint,
    dst_name: GLuint,
    dst_target: GLenum,
    dst_level: GLint,
    dst_x: GLint,
    dst_y: GLint,
    dst_z: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
) {
    gl_call("glCopyImageSubData", |st| {
        let src = CopyEnd {
            name: src_name,
            target: src_target,
            level: src_level,
            off: [src_x, src_y, src_z],
        };
        let dst = CopyEnd {
            name: dst_name,
            target: dst_target,
            level: dst_level,
            off: [dst_x, dst_y, dst_z],
        };
        st.copy_image_sub_data(src, dst, [w, h, d])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlitFramebuffer(
    src_x0: GLint,
    src_y0: GLint,
    src_x1: GLint,
    src_y1: GLint,
    dst_x0: GLint,
    dst_y0: GLint,
    dst_x1: GLint,
    dst_y1: GLint,
    mask: GLbitfield,
    filter: GLenum,
) {
    gl_call("glBlitFramebuffer", |st| {
        let (r, d) = (st.framebuffers.read, st.framebuffers.draw);
        st.blit_framebuffer(
            r,
            d,
            [src_x0, src_y0, src_x1, src_y1],
            [dst_x0, dst_y0, dst_x1, dst_y1],
            mask,
            filter,
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBlitNamedFramebuffer(
    read_framebuffer: GLuint,
    draw_framebuffer: GLuint,
    src_x0: GLint,
    src_y0: GLint,
    src_x1: GLint,
    src_y1: GLint,
    dst_x0: GLint,
    dst_y0: GLint,
    dst_x1: GLint,
    dst_y1: GLint,
    mask: GLbitfield,
    filter: GLenum,
) {
    gl_call("glBlitNamedFramebuffer", |st| {
        // ARB_direct_state_access: INVALID_OPERATION if a name is not zero or an
        // existing framebuffer object.
        let r = st.named_framebuffer(read_framebuffer)?;
        let d = st.named_framebuffer(draw_framebuffer)?;
        st.blit_framebuffer(
            r,
            d,
            [src_x0, src_y0, src_x1, src_y1],
            [dst_x0, dst_y0, dst_x1, dst_y1],
            mask,
            filter,
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glInvalidateTexImage(texture: GLuint, level: GLint) {
    gl_call("glInvalidateTexImage", |st| {
        st.invalidate_tex_image(texture, level, None)
    })
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn glInvalidateTexSubImage(
    texture: GLuint,
    level: GLint,
    xoffset: GLint,
    yoffset: GLint,
    zoffset: GLint,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
) {
    gl_call("glInvalidateTexSubImage", |st| {
        st.invalidate_tex_image(
            texture,
            level,
            Some(([xoffset, yoffset, zoffset], [width, height, depth])),
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetMultisamplefv(pname: GLenum, index: GLuint, val: *mut GLfloat) {
    gl_call("glGetMultisamplefv", |st| {
        let pos = st.get_multisample(pname, index)?;
        // SAFETY: GL's promise: val has room for two floats.
        unsafe { out_array(val, &pos) };
        Ok(())
    })
}
