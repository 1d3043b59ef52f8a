//! Sampler object entry points (GL 4.6 §8.2) and buffer textures (§8.9): names,
//! unit bindings, SamplerParameter*/GetSamplerParameter* (through the texture
//! parameter paths, which a sampler shares), TexBuffer*/TextureBuffer*.

use super::textures::{get_param, read_params, set_param, set_param_int};
use crate::api::call::count;
use crate::api::call::{delete_from, gen_into, gl_call, in_array};
use crate::gl::types::*;
use crate::state::texture::params::{ParamOut, TexRef};

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenSamplers(count: GLsizei, samplers: *mut GLuint) {
    // SAFETY: the application has room for count names.
    unsafe {
        gen_into("glGenSamplers", count, samplers, |st, n| {
            Ok(st.gen_samplers(n))
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glCreateSamplers(n: GLsizei, samplers: *mut GLuint) {
    // SAFETY: the application has room for n names.
    unsafe {
        gen_into("glCreateSamplers", n, samplers, |st, n| {
            Ok(st.gen_samplers(n))
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteSamplers(n: GLsizei, samplers: *const GLuint) {
    // SAFETY: the application passes n names.
    unsafe {
        delete_from("glDeleteSamplers", n, samplers, |st, names| {
            st.delete_samplers(names)
        })
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsSampler(sampler: GLuint) -> GLboolean {
    gl_call("glIsSampler", |st| Ok(st.is_sampler(sampler) as u8))
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindSampler(unit: GLuint, sampler: GLuint) {
    gl_call("glBindSampler", |st| st.bind_sampler(unit, sampler))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glBindSamplers(first: GLuint, n: GLsizei, samplers: *const GLuint) {
    gl_call("glBindSamplers", |st| {
        let n = count(n)?;
        // SAFETY: the application provides n names (or null: unbind).
        let names = unsafe { in_array(samplers, n) };
        st.bind_samplers(first, names, n)
    })
}

param_fns! { sampler: GLuint => TexRef::Sampler(sampler);
    set glSamplerParameteri, glSamplerParameterf, glSamplerParameteriv, glSamplerParameterfv,
        glSamplerParameterIiv, glSamplerParameterIuiv;
    get glGetSamplerParameteriv, glGetSamplerParameterfv, glGetSamplerParameterIiv,
        glGetSamplerParameterIuiv
}

/// TexBuffer/TexBufferRange: the texture bound to TEXTURE_BUFFER on the active unit.
fn tex_buffer(
    func: &'static str,
    target: GLenum,
    internal: GLenum,
    buffer: GLuint,
    range: Option<(GLintptr, GLsizeiptr)>,
) {
    gl_call(func, |st| {
        let tex = st.buffer_texture_target(target)?;
        st.tex_buffer(
            tex,
            internal,
            buffer,
            range.map(|(o, s)| (o as i64, s as i64)),
        )
    })
}

/// TextureBuffer/TextureBufferRange: the named texture.
fn texture_buffer(
    func: &'static str,
    texture: GLuint,
    internal: GLenum,
    buffer: GLuint,
    range: Option<(GLintptr, GLsizeiptr)>,
) {
    gl_call(func, |st| {
        let tex = st.named_texture(texture)?;
        st.tex_buffer(
            tex,
            internal,
            buffer,
            range.map(|(o, s)| (o as i64, s as i64)),
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexBuffer(target: GLenum, internalformat: GLenum, buffer: GLuint) {
    tex_buffer("glTexBuffer", target, internalformat, buffer, None)
}

#[unsafe(no_mangle)]
pub extern "C" fn glTexBufferRange(
    target: GLenum,
    internalformat: GLenum,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    tex_buffer(
        "glTexBufferRange",
        target,
        internalformat,
        buffer,
        Some((offset, size)),
    )
}

#[unsafe(no_mangle)]
pub extern "C" fn glTextureBuffer(texture: GLuint, internalformat: GLenum, buffer: GLuint) {
    texture_buffer("glTextureBuffer", texture, internalformat, buffer, None)
}

#[unsafe(no_mangle)]
pub extern "C" fn glTextureBufferRange(
    texture: GLuint,
    internalformat: GLenum,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    texture_buffer(
        "glTextureBufferRange",
        texture,
        internalformat,
        buffer,
        Some((offset, size)),
    )
}
