//! Compressed texture image entry points (GL 4.6 §8.7, §8.11.4):
//! CompressedTex(Sub)Image1D/2D/3D, CompressedTextureSubImage1D/2D/3D and the
//! GetCompressedTex(ture)(Sub)Image queries.

use crate::api::call::gl_call;
use crate::gl::types::*;
use crate::state::context::ContextState;
use crate::state::texture::image::Dims;
use std::ffi::c_void;

#[allow(clippy::too_many_arguments)]
fn image(
    name: &'static str,
    n: u8,
    target: GLenum,
    level: GLint,
    internal: GLenum,
    dims: Dims,
    border: GLint,
    size: GLsizei,
    data: *const c_void,
) {
    gl_call(name, |st| {
        // SAFETY: GL's promise: data holds the blocks laid out as the pixel store modes
        // say, every byte they address readable (or is an offset into the bound
        // PIXEL_UNPACK buffer).
        let data = unsafe { UserIn::new(data) };
        st.compressed_tex_image(n, target, level, internal, dims, border, size, data)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTexImage1D(
    target: GLenum,
    level: GLint,
    internalformat: GLenum,
    width: GLsizei,
    border: GLint,
    image_size: GLsizei,
    data: *const c_void,
) {
    let d = Dims {
        w: width,
        h: 1,
        d: 1,
    };
    image(
        "glCompressedTexImage1D",
        1,
        target,
        level,
        internalformat,
        d,
        border,
        image_size,
        data,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTexImage2D(
    target: GLenum,
    level: GLint,
    internalformat: GLenum,
    width: GLsizei,
    height: GLsizei,
    border: GLint,
    image_size: GLsizei,
    data: *const c_void,
) {
    let d = Dims {
        w: width,
        h: height,
        d: 1,
    };
    image(
        "glCompressedTexImage2D",
        2,
        target,
        level,
        internalformat,
        d,
        border,
        image_size,
        data,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTexImage3D(
    target: GLenum,
    level: GLint,
    internalformat: GLenum,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
    border: GLint,
    image_size: GLsizei,
    data: *const c_void,
) {
    let d = Dims {
        w: width,
        h: height,
        d: depth,
    };
    image(
        "glCompressedTexImage3D",
        3,
        target,
        level,
        internalformat,
        d,
        border,
        image_size,
        data,
    )
}

/// Where a sub-image command's texture comes from: a target (cube faces allowed) or
/// a texture name (the DSA commands).
enum Of {
    Target(GLenum),
    Texture(GLuint),
}

#[allow(clippy::too_many_arguments)]
fn sub_image(
    name: &'static str,
    n: u8,
    of: Of,
    level: GLint,
    off: [GLint; 3],
    size: [GLsizei; 3],
    format: GLenum,
    image_size: GLsizei,
    data: *const c_void,
) {
    gl_call(name, |st| {
        let (tex, face) = match of {
            Of::Target(t) => (st.compressed_sub_target(t, n, format)?, Some(t)),
            Of::Texture(t) => {
                let tex = st.named_texture(t)?;
                ContextState::compressed_texture_target(&tex, n, format)?;
                (tex, None)
            }
        };
        // SAFETY: GL's promise: data holds the blocks laid out as the pixel store modes
        // say, every byte they address readable (or is an offset into the bound
        // PIXEL_UNPACK buffer).
        let data = unsafe { UserIn::new(data) };
        st.compressed_tex_sub_image(tex, n, face, level, off, size, format, image_size, data)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTexSubImage1D(
    target: GLenum,
    level: GLint,
    x: GLint,
    w: GLsizei,
    format: GLenum,
    image_size: GLsizei,
    data: *const c_void,
) {
    let of = Of::Target(target);
    let name = "glCompressedTexSubImage1D";
    sub_image(
        name,
        1,
        of,
        level,
        [x, 0, 0],
        [w, 1, 1],
        format,
        image_size,
        data,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTexSubImage2D(
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    format: GLenum,
    image_size: GLsizei,
    data: *const c_void,
) {
    let of = Of::Target(target);
    let name = "glCompressedTexSubImage2D";
    sub_image(
        name,
        2,
        of,
        level,
        [x, y, 0],
        [w, h, 1],
        format,
        image_size,
        data,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTexSubImage3D(
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    z: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    format: GLenum,
    image_size: GLsizei,
    data: *const c_void,
) {
    let of = Of::Target(target);
    let name = "glCompressedTexSubImage3D";
    sub_image(
        name,
        3,
        of,
        level,
        [x, y, z],
        [w, h, d],
        format,
        image_size,
        data,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTextureSubImage1D(
    texture: GLuint,
    level: GLint,
    x: GLint,
    w: GLsizei,
    format: GLenum,
    image_size: GLsizei,
    data: *const c_void,
) {
    let of = Of::Texture(texture);
    let name = "glCompressedTextureSubImage1D";
    sub_image(
        name,
        1,
        of,
        level,
        [x, 0, 0],
        [w, 1, 1],
        format,
        image_size,
        data,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTextureSubImage2D(
    texture: GLuint,
    level: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    format: GLenum,
    image_size: GLsizei,
    data: *const c_void,
) {
    let of = Of::Texture(texture);
    let name = "glCompressedTextureSubImage2D";
    sub_image(
        name,
        2,
        of,
        level,
        [x, y, 0],
        [w, h, 1],
        format,
        image_size,
        data,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCompressedTextureSubImage3D(
    texture: GLuint,
    level: GLint,
    x: GLint,
    y: GLint,
    z: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    format: GLenum,
    image_size: GLsizei,
    data: *const c_void,
) {
    let of = Of::Texture(texture);
    let name = "glCompressedTextureSubImage3D";
    sub_image(
        name,
        3,
        of,
        level,
        [x, y, z],
        [w, h, d],
        format,
        image_size,
        data,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetCompressedTexImage(target: GLenum, level: GLint, img: *mut c_void) {
    gl_call("glGetCompressedTexImage", |st| {
        let t = st.compressed_get_target(target)?;
        // SAFETY: GL's promise: img has room for the compressed image (or is an offset
        // into the bound PIXEL_PACK buffer).
        let out = unsafe { UserOut::new(img) };
        st.get_compressed_tex_image(t, Some(target), level, None, None, out)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetnCompressedTexImage(
    target: GLenum,
    level: GLint,
    buf_size: GLsizei,
    img: *mut c_void,
) {
    gl_call("glGetnCompressedTexImage", |st| {
        let t = st.compressed_get_target(target)?;
        // SAFETY: GL's promise: img has room for buf_size bytes.
        let out = unsafe { UserOut::new(img) };
        st.get_compressed_tex_image(t, Some(target), level, None, Some(buf_size as i64), out)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetCompressedTextureImage(
    texture: GLuint,
    level: GLint,
    buf_size: GLsizei,
    img: *mut c_void,
) {
    gl_call("glGetCompressedTextureImage", |st| {
        let t = st.named_texture(texture)?;
        // SAFETY: GL's promise: img has room for buf_size bytes.
        let out = unsafe { UserOut::new(img) };
        st.get_compressed_tex_image(t, None, level, None, Some(buf_size as i64), out)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetCompressedTextureSubImage(
    texture: GLuint,
    level: GLint,
    x: GLint,
    y: GLint,
    z: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    buf_size: GLsizei,
    img: *mut c_void,
) {
    gl_call("glGetCompressedTextureSubImage", |st| {
        let t = st.named_texture(texture)?;
        // SAFETY: GL's promise: img has room for buf_size bytes.
        let out = unsafe { UserOut::new(img) };
        let region = Some(([x, y, z], [w, h, d]));
        st.get_compressed_tex_image(t, None, level, region, Some(buf_size as i64), out)
    })
}
