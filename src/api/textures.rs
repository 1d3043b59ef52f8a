//! Texture object and image unit entry points (GL 4.6 chapter 8): names and bindings,
//! TexImage/TexStorage/TexSubImage/GetTexImage (target-based and DSA), parameters and
//! level queries, PixelStore, BindImageTexture(s).

use crate::api::call::{count, delete_from, gen_into, gl_call, in_array, out_array, out_one};
use crate::gl::enums::*;
use crate::gl::error::GlResult;
use crate::gl::types::*;
use crate::state::context::ContextState;
use crate::state::objects::texture::Texture;
use crate::state::texture::image::Dims;
use crate::state::texture::params::{ParamOut, TexRef};
use std::ffi::c_void;
use std::sync::Arc;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenTextures(n: GLsizei, textures: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glGenTextures", n, textures, |st, n| {
            st.gen_textures(n, None)
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateTextures(target: GLenum, n: GLsizei, textures: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glCreateTextures", n, textures, |st, n| {
            st.gen_textures(n, Some(target))
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteTextures(n: GLsizei, textures: *const GLuint) {
    // SAFETY: the application passes n names.
    unsafe {
        delete_from("glDeleteTextures", n, textures, |st, names| {
            st.delete_textures(names)
        })
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsTexture(texture: GLuint) -> GLboolean {
    gl_call("glIsTexture", |st| Ok(st.is_texture(texture) as u8))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindTexture(target: GLenum, texture: GLuint) {
    gl_call("glBindTexture", |st| st.bind_texture(target, texture))
}

#[unsafe(no_mangle)]
pub extern "C" fn glActiveTexture(texture: GLenum) {
    gl_call("glActiveTexture", |st| st.active_texture(texture))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindTextureUnit(unit: GLuint, texture: GLuint) {
    gl_call("glBindTextureUnit", |st| {
        st.bind_texture_unit(unit, texture)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBindTextures(first: GLuint, n: GLsizei, textures: *const GLuint) {
    gl_call("glBindTextures", |st| {
        // SAFETY: the application provides n names (or null).
        let names = |n| unsafe { in_array(textures, n) };
        st.bind_textures(first, count(n)?, names)
    })
}

/// TexImage1D/2D/3D.
#[allow(clippy::too_many_arguments)]
fn tex_image(
    func: &'static str,
    n: u8,
    target: GLenum,
    level: GLint,
    internal: GLint,
    dims: Dims,
    border: GLint,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    gl_call(func, |st| {
        // SAFETY: GL's promise: pixels covers the image the arguments describe (or is
        // an offset into the bound PIXEL_UNPACK buffer).
        let data = unsafe { UserIn::new(pixels) };
        st.tex_image(n, target, level, internal, dims, border, format, ty, data)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTexImage1D(
    target: GLenum,
    level: GLint,
    internalformat: GLint,
    width: GLsizei,
    border: GLint,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    let d = Dims {
        w: width,
        h: 1,
        d: 1,
    };
    tex_image(
        "glTexImage1D",
        1,
        target,
        level,
        internalformat,
        d,
        border,
        format,
        ty,
        pixels,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTexImage2D(
    target: GLenum,
    level: GLint,
    internalformat: GLint,
    width: GLsizei,
    height: GLsizei,
    border: GLint,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    let d = Dims {
        w: width,
        h: height,
        d: 1,
    };
    tex_image(
        "glTexImage2D",
        2,
        target,
        level,
        internalformat,
        d,
        border,
        format,
        ty,
        pixels,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTexImage3D(
    target: GLenum,
    level: GLint,
    internalformat: GLint,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
    border: GLint,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    let d = Dims {
        w: width,
        h: height,
        d: depth,
    };
    tex_image(
        "glTexImage3D",
        3,
        target,
        level,
        internalformat,
        d,
        border,
        format,
        ty,
        pixels,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexStorage1D(target: GLenum, levels: GLsizei, internal: GLenum, w: GLsizei) {
    gl_call("glTexStorage1D", |st| {
        let t = st.storage_texture(target, 1)?;
        st.tex_storage(t, 1, levels, internal, Dims { w, h: 1, d: 1 })
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexStorage2D(
    target: GLenum,
    levels: GLsizei,
    internal: GLenum,
    w: GLsizei,
    h: GLsizei,
) {
    gl_call("glTexStorage2D", |st| {
        let t = st.storage_texture(target, 2)?;
        st.tex_storage(t, 2, levels, internal, Dims { w, h, d: 1 })
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexStorage3D(
    target: GLenum,
    levels: GLsizei,
    internal: GLenum,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
) {
    gl_call("glTexStorage3D", |st| {
        let t = st.storage_texture(target, 3)?;
        st.tex_storage(t, 3, levels, internal, Dims { w, h, d })
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glTextureStorage1D(
    texture: GLuint,
    levels: GLsizei,
    internal: GLenum,
    w: GLsizei,
) {
    gl_call("glTextureStorage1D", |st| {
        let t = st.named_texture(texture)?;
        st.tex_storage(t, 1, levels, internal, Dims { w, h: 1, d: 1 })
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glTextureStorage2D(
    texture: GLuint,
    levels: GLsizei,
    internal: GLenum,
    w: GLsizei,
    h: GLsizei,
) {
    gl_call("glTextureStorage2D", |st| {
        let t = st.named_texture(texture)?;
        st.tex_storage(t, 2, levels, internal, Dims { w, h, d: 1 })
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glTextureStorage3D(
    texture: GLuint,
    levels: GLsizei,
    internal: GLenum,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
) {
    gl_call("glTextureStorage3D", |st| {
        let t = st.named_texture(texture)?;
        st.tex_storage(t, 3, levels, internal, Dims { w, h, d })
    })
}

#[allow(clippy::too_many_arguments)]
fn sub_image(
    st: &mut ContextState,
    tex: Arc<Texture>,
    face: Option<GLenum>,
    level: GLint,
    off: [GLint; 3],
    size: [GLsizei; 3],
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) -> GlResult<()> {
    // SAFETY: GL's promise: pixels covers the region the arguments describe (or is an
    // offset into the bound PIXEL_UNPACK buffer).
    let data = unsafe { UserIn::new(pixels) };
    st.tex_sub_image(tex, face, level, off, size, format, ty, data)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTexSubImage1D(
    target: GLenum,
    level: GLint,
    x: GLint,
    w: GLsizei,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    gl_call("glTexSubImage1D", |st| {
        let (t, f) = st.sub_image_target(target, 1)?;
        sub_image(
            st,
            t,
            Some(f),
            level,
            [x, 0, 0],
            [w, 1, 1],
            format,
            ty,
            pixels,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTexSubImage2D(
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    gl_call("glTexSubImage2D", |st| {
        let (t, f) = st.sub_image_target(target, 2)?;
        sub_image(
            st,
            t,
            Some(f),
            level,
            [x, y, 0],
            [w, h, 1],
            format,
            ty,
            pixels,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTexSubImage3D(
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    z: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    gl_call("glTexSubImage3D", |st| {
        let (t, f) = st.sub_image_target(target, 3)?;
        sub_image(
            st,
            t,
            Some(f),
            level,
            [x, y, z],
            [w, h, d],
            format,
            ty,
            pixels,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTextureSubImage1D(
    texture: GLuint,
    level: GLint,
    x: GLint,
    w: GLsizei,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    gl_call("glTextureSubImage1D", |st| {
        let t = st.sub_image_texture(texture, 1)?;
        sub_image(st, t, None, level, [x, 0, 0], [w, 1, 1], format, ty, pixels)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTextureSubImage2D(
    texture: GLuint,
    level: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) {
    gl_call("glTextureSubImage2D", |st| {
        let t = st.sub_image_texture(texture, 2)?;
        sub_image(st, t, None, level, [x, y, 0], [w, h, 1], format, ty, pixels)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glTextureSubImage3D(
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
    pixels: *const c_void,
) {
    gl_call("glTextureSubImage3D", |st| {
        let t = st.sub_image_texture(texture, 3)?;
        sub_image(st, t, None, level, [x, y, z], [w, h, d], format, ty, pixels)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetTexImage(
    target: GLenum,
    level: GLint,
    format: GLenum,
    ty: GLenum,
    pixels: *mut c_void,
) {
    // SAFETY: forwarded GL promise.
    unsafe { get_tex_image("glGetTexImage", target, level, format, ty, None, pixels) }
}

/// GetTexImage and GetnTexImage.
///
/// # Safety
/// `pixels` must have room for the image (or `buf_size` bytes), or be an offset into
/// the bound PIXEL_PACK buffer.
unsafe fn get_tex_image(
    func: &'static str,
    target: GLenum,
    level: GLint,
    format: GLenum,
    ty: GLenum,
    buf_size: Option<GLsizei>,
    pixels: *mut c_void,
) {
    gl_call(func, |st| {
        let (t, face) = st.get_image_target(target)?;
        // SAFETY: GL's promise: pixels has room for the image (or is an offset into the
        // bound PIXEL_PACK buffer).
        let out = unsafe { UserOut::new(pixels) };
        let buf_size = buf_size.map(|b| b as i64);
        st.get_tex_image(t, face, level, format, ty, buf_size, out)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetTextureImage(
    texture: GLuint,
    level: GLint,
    format: GLenum,
    ty: GLenum,
    buf_size: GLsizei,
    pixels: *mut c_void,
) {
    gl_call("glGetTextureImage", |st| {
        let t = st.named_texture(texture)?;
        // SAFETY: GL's promise: pixels has room for buf_size bytes.
        let out = unsafe { UserOut::new(pixels) };
        st.get_tex_image(t, None, level, format, ty, Some(buf_size as i64), out)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetTextureSubImage(
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
    buf_size: GLsizei,
    pixels: *mut c_void,
) {
    gl_call("glGetTextureSubImage", |st| {
        let t = st.named_texture(texture)?;
        // SAFETY: GL's promise: pixels has room for buf_size bytes.
        let out = unsafe { UserOut::new(pixels) };
        st.get_texture_sub_image(
            t,
            level,
            [x, y, z],
            [w, h, d],
            format,
            ty,
            buf_size as i64,
            out,
        )
    })
}

pub(super) fn set_param(
    func: &'static str,
    t: TexRef,
    pname: GLenum,
    scalar: bool,
    read: impl FnOnce(usize) -> (Vec<f64>, Option<[u32; 4]>),
) {
    gl_call(func, |st| st.set_texture_parameter(t, pname, scalar, read))
}

/// Reads `n` parameter values as f64.
///
/// # Safety
/// `p` is null or holds `n` values.
pub(super) unsafe fn read_params<T: Copy>(
    p: *const T,
    n: usize,
    conv: fn(T) -> f64,
) -> (Vec<f64>, Option<[u32; 4]>) {
    // SAFETY: per the function's contract.
    match unsafe { in_array(p, n) } {
        Some(v) => (v.iter().map(|&x| conv(x)).collect(), None),
        None => (Vec::new(), None),
    }
}

/// The integer border-colour forms (TexParameterIiv/Iuiv): the values are kept as
/// integers (GL 4.6 §8.10).
pub(super) unsafe fn set_param_int(
    func: &'static str,
    t: TexRef,
    pname: GLenum,
    params: *const u32,
) {
    set_param(func, t, pname, false, |n| {
        // SAFETY: GL's promise: params holds the values pname takes.
        let Some(v) = (unsafe { in_array(params, n) }) else {
            return (Vec::new(), None);
        };
        let f: Vec<f64> = v.iter().map(|&x| x as i32 as f64).collect();
        let raw = if pname == GL_TEXTURE_BORDER_COLOR {
            Some([v[0], v[1], v[2], v[3]])
        } else {
            None
        };
        (f, raw)
    })
}

pub(super) unsafe fn get_param(
    func: &'static str,
    t: TexRef,
    pname: GLenum,
    out: ParamOut,
    params: *mut u32,
) {
    gl_call(func, |st| {
        let words = st.texture_parameter_words(t, pname, out)?;
        // SAFETY: GL's promise: params has room for the values of pname.
        unsafe { out_array(params, &words) };
        Ok(())
    })
}

param_fns! { target: GLenum => TexRef::Target(target);
    set glTexParameteri, glTexParameterf, glTexParameteriv, glTexParameterfv,
        glTexParameterIiv, glTexParameterIuiv;
    get glGetTexParameteriv, glGetTexParameterfv, glGetTexParameterIiv, glGetTexParameterIuiv
}

param_fns! { texture: GLuint => TexRef::Named(texture);
    set glTextureParameteri, glTextureParameterf, glTextureParameteriv, glTextureParameterfv,
        glTextureParameterIiv, glTextureParameterIuiv;
    get glGetTextureParameteriv, glGetTextureParameterfv, glGetTextureParameterIiv,
        glGetTextureParameterIuiv
}

fn level_param(func: &'static str, t: TexRef, level: GLint, pname: GLenum) -> Option<i64> {
    gl_call(func, |st| {
        st.texture_level_parameter(t, level, pname).map(Some)
    })
}

/// `glGetTex[ture]LevelParameter{iv,fv}(target or texture, level, pname, params)` (GL
/// 4.6 §8.11.2): the texture by target or by name, the value as GLint or GLfloat.
macro_rules! level_parameter_fns {
    ($($name:ident, $obj:ident: $ty:ty => $tex:expr, $t:ty;)+) => {$(
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name($obj: $ty, level: GLint, pname: GLenum, params: *mut $t) {
            if let Some(v) = level_param(stringify!($name), $tex, level, pname) {
                // SAFETY: GL's promise: params is writable.
                unsafe { out_one(params, v as $t) };
            }
        }
    )+};
}

level_parameter_fns! {
    glGetTexLevelParameteriv, target: GLenum => TexRef::Target(target), GLint;
    glGetTexLevelParameterfv, target: GLenum => TexRef::Target(target), GLfloat;
    glGetTextureLevelParameteriv, texture: GLuint => TexRef::Named(texture), GLint;
    glGetTextureLevelParameterfv, texture: GLuint => TexRef::Named(texture), GLfloat;
}

/// `glPixelStore{i,f}(pname, param)` (GL 4.6 §8.4.1).
macro_rules! pixel_store_fns {
    ($($name:ident, $t:ty;)+) => {$(
        #[unsafe(no_mangle)]
        pub extern "C" fn $name(pname: GLenum, param: $t) {
            gl_call(stringify!($name), |st| {
                st.pixel_store(pname, param as f64)
            })
        }
    )+};
}

pixel_store_fns! {
    glPixelStorei, GLint;
    glPixelStoref, GLfloat;
}

/// `glGetInternalformat{iv,i64v}` (GL 4.6 §22.3): the values clamped to GLint or whole.
macro_rules! internalformat_fns {
    ($($name:ident, $t:ty, $conv:expr;)+) => {$(
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            target: GLenum,
            internalformat: GLenum,
            pname: GLenum,
            buf_size: GLsizei,
            params: *mut $t,
        ) {
            let (f, conv) = (internalformat, $conv);
            // SAFETY: the application has room for bufSize values.
            unsafe { internalformat_query(stringify!($name), target, f, pname, buf_size, params, conv) }
        }
    )+};
}

internalformat_fns! {
    glGetInternalformativ, GLint, |x: i64| x.clamp(i32::MIN as i64, i32::MAX as i64) as GLint;
    glGetInternalformati64v, GLint64, |x: i64| x;
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindImageTexture(
    unit: GLuint,
    texture: GLuint,
    level: GLint,
    layered: GLboolean,
    layer: GLint,
    access: GLenum,
    format: GLenum,
) {
    gl_call("glBindImageTexture", |st| {
        st.bind_image_texture(unit, texture, level, layered != 0, layer, access, format)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBindImageTextures(first: GLuint, n: GLsizei, textures: *const GLuint) {
    gl_call("glBindImageTextures", |st| {
        // SAFETY: the application provides n names (or null).
        let names = |n| unsafe { in_array(textures, n) };
        st.bind_image_textures(first, count(n)?, names)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCopyTexImage1D(
    target: GLenum,
    level: GLint,
    internalformat: GLenum,
    x: GLint,
    y: GLint,
    width: GLsizei,
    border: GLint,
) {
    gl_call("glCopyTexImage1D", |st| {
        st.copy_tex_image(1, target, level, internalformat, x, y, width, 1, border)
    })
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn glCopyTexImage2D(
    target: GLenum,
    level: GLint,
    internalformat: GLenum,
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
    border: GLint,
) {
    gl_call("glCopyTexImage2D", |st| {
        st.copy_tex_image(
            2,
            target,
            level,
            internalformat,
            x,
            y,
            width,
            height,
            border,
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCopyTexSubImage1D(
    target: GLenum,
    level: GLint,
    xoffset: GLint,
    x: GLint,
    y: GLint,
    width: GLsizei,
) {
    gl_call("glCopyTexSubImage1D", |st| {
        let (t, f) = st.sub_image_target(target, 1)?;
        st.copy_tex_sub_image(t, Some(f), level, [xoffset, 0, 0], x, y, width, 1)
    })
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn glCopyTexSubImage2D(
    target: GLenum,
    level: GLint,
    xoffset: GLint,
    yoffset: GLint,
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
) {
    gl_call("glCopyTexSubImage2D", |st| {
        let (t, f) = st.sub_image_target(target, 2)?;
        st.copy_tex_sub_image(
            t,
            Some(f),
            level,
            [xoffset, yoffset, 0],
            x,
            y,
            width,
            height,
        )
    })
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn glCopyTexSubImage3D(
    target: GLenum,
    level: GLint,
    xoffset: GLint,
    yoffset: GLint,
    zoffset: GLint,
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
) {
    gl_call("glCopyTexSubImage3D", |st| {
        let (t, f) = st.sub_image_target(target, 3)?;
        st.copy_tex_sub_image(
            t,
            Some(f),
            level,
            [xoffset, yoffset, zoffset],
            x,
            y,
            width,
            height,
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glCopyTextureSubImage1D(
    texture: GLuint,
    level: GLint,
    xoffset: GLint,
    x: GLint,
    y: GLint,
    width: GLsizei,
) {
    gl_call("glCopyTextureSubImage1D", |st| {
        let t = st.sub_image_texture(texture, 1)?;
        st.copy_tex_sub_image(t, None, level, [xoffset, 0, 0], x, y, width, 1)
    })
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn glCopyTextureSubImage2D(
    texture: GLuint,
    level: GLint,
    xoffset: GLint,
    yoffset: GLint,
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
) {
    gl_call("glCopyTextureSubImage2D", |st| {
        let t = st.sub_image_texture(texture, 2)?;
        st.copy_tex_sub_image(t, None, level, [xoffset, yoffset, 0], x, y, width, height)
    })
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn glCopyTextureSubImage3D(
    texture: GLuint,
    level: GLint,
    xoffset: GLint,
    yoffset: GLint,
    zoffset: GLint,
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
) {
    gl_call("glCopyTextureSubImage3D", |st| {
        let t = st.sub_image_texture(texture, 3)?;
        st.copy_tex_sub_image(
            t,
            None,
            level,
            [xoffset, yoffset, zoffset],
            x,
            y,
            width,
            height,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetnTexImage(
    target: GLenum,
    level: GLint,
    format: GLenum,
    ty: GLenum,
    buf_size: GLsizei,
    pixels: *mut c_void,
) {
    // SAFETY: GL's promise: pixels has room for buf_size bytes.
    unsafe {
        get_tex_image(
            "glGetnTexImage",
            target,
            level,
            format,
            ty,
            Some(buf_size),
            pixels,
        )
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glTextureBarrier() {
    // GL 4.6 §9.3.1: TextureBarrier orders rendering writes before later texel fetches.
    // glcompute's rendering writes (clears, blits, copies) are complete when their
    // command returns, so there is nothing left to order.
    gl_call("glTextureBarrier", |_| Ok(()))
}

/// GetInternalformativ and GetInternalformati64v: at most bufSize values.
///
/// # Safety
/// `params` must be null or have room for bufSize values.
unsafe fn internalformat_query<T: Copy>(
    func: &'static str,
    target: GLenum,
    internalformat: GLenum,
    pname: GLenum,
    buf_size: GLsizei,
    params: *mut T,
    conv: fn(i64) -> T,
) {
    gl_call(func, |st| {
        let v = st.internalformat_query(target, internalformat, pname, buf_size)?;
        let n = v.len().min(buf_size.max(0) as usize);
        let out: Vec<T> = v[..n].iter().map(|&x| conv(x)).collect();
        // SAFETY: the caller's contract: room for bufSize values.
        unsafe { out_array(params, &out) };
        Ok(())
    })
}

/// TexImage2D/3DMultisample and TexStorage2D/3DMultisample by target.
#[allow(clippy::too_many_arguments)]
fn multisample(
    name: &'static str,
    dims_n: u8,
    cmd: crate::state::multisample::MsCommand,
    target: GLenum,
    samples: GLsizei,
    internal: GLenum,
    size: [GLsizei; 3],
    fixed: GLboolean,
) {
    gl_call(name, |st| {
        let tex = st.multisample_target(target, dims_n)?;
        st.tex_multisample(tex, dims_n, cmd, samples, internal, size, fixed != 0)
    })
}

/// TextureStorage2D/3DMultisample.
#[allow(clippy::too_many_arguments)]
fn texture_multisample(
    name: &'static str,
    dims_n: u8,
    texture: GLuint,
    samples: GLsizei,
    internal: GLenum,
    size: [GLsizei; 3],
    fixed: GLboolean,
) {
    gl_call(name, |st| {
        let tex = st.named_texture(texture)?;
        let cmd = crate::state::multisample::MsCommand::Storage;
        st.tex_multisample(tex, dims_n, cmd, samples, internal, size, fixed != 0)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexImage2DMultisample(
    target: GLenum,
    samples: GLsizei,
    internalformat: GLenum,
    width: GLsizei,
    height: GLsizei,
    fixedsamplelocations: GLboolean,
) {
    let cmd = crate::state::multisample::MsCommand::Image;
    let size = [width, height, 1];
    let (n, i) = ("glTexImage2DMultisample", internalformat);
    multisample(n, 2, cmd, target, samples, i, size, fixedsamplelocations)
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexImage3DMultisample(
    target: GLenum,
    samples: GLsizei,
    internalformat: GLenum,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
    fixedsamplelocations: GLboolean,
) {
    let cmd = crate::state::multisample::MsCommand::Image;
    let size = [width, height, depth];
    let (n, i) = ("glTexImage3DMultisample", internalformat);
    multisample(n, 3, cmd, target, samples, i, size, fixedsamplelocations)
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexStorage2DMultisample(
    target: GLenum,
    samples: GLsizei,
    internalformat: GLenum,
    width: GLsizei,
    height: GLsizei,
    fixedsamplelocations: GLboolean,
) {
    let cmd = crate::state::multisample::MsCommand::Storage;
    let size = [width, height, 1];
    let (n, i) = ("glTexStorage2DMultisample", internalformat);
    multisample(n, 2, cmd, target, samples, i, size, fixedsamplelocations)
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexStorage3DMultisample(
    target: GLenum,
    samples: GLsizei,
    internalformat: GLenum,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
    fixedsamplelocations: GLboolean,
) {
    let cmd = crate::state::multisample::MsCommand::Storage;
    let size = [width, height, depth];
    let (n, i) = ("glTexStorage3DMultisample", internalformat);
    multisample(n, 3, cmd, target, samples, i, size, fixedsamplelocations)
}

#[unsafe(no_mangle)]
pub extern "C" fn glTextureStorage2DMultisample(
    texture: GLuint,
    samples: GLsizei,
    internalformat: GLenum,
    width: GLsizei,
    height: GLsizei,
    fixedsamplelocations: GLboolean,
) {
    let (n, i) = ("glTextureStorage2DMultisample", internalformat);
    texture_multisample(
        n,
        2,
        texture,
        samples,
        i,
        [width, height, 1],
        fixedsamplelocations,
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glTextureStorage3DMultisample(
    texture: GLuint,
    samples: GLsizei,
    internalformat: GLenum,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
    fixedsamplelocations: GLboolean,
) {
    let (n, i) = ("glTextureStorage3DMultisample", internalformat);
    let size = [width, height, depth];
    texture_multisample(n, 3, texture, samples, i, size, fixedsamplelocations)
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn glTextureView(
    texture: GLuint,
    target: GLenum,
    origtexture: GLuint,
    internalformat: GLenum,
    minlevel: GLuint,
    numlevels: GLuint,
    minlayer: GLuint,
    numlayers: GLuint,
) {
    gl_call("glTextureView", |st| {
        st.texture_view(
            texture,
            target,
            origtexture,
            internalformat,
            minlevel,
            numlevels,
            minlayer,
            numlayers,
        )
    })
}
