//! Image units in interposed mode: the host's where it has them (GL 4.2 or
//! ARB_shader_image_load_store); where it does not, glcompute keeps them per context,
//! holding host texture names, so compute shaders can use images on an older host.
//! Only glcompute's dispatches read them (the host's own shaders have no images there).

#![allow(non_snake_case, clippy::missing_safety_doc)]

use super::link_of;
use crate::api::call::gl_call;
use crate::api::interpose::log::log_taken;
use crate::api::interpose::route::{host, shadow};
use crate::gl::types::*;
use crate::gl_bail;
use crate::state::objects::host::HostImage;
use crate::state::texture::image_units::check_bind_image;

pub unsafe extern "C" fn glBindImageTexture(
    unit: GLuint,
    texture: GLuint,
    level: GLint,
    layered: GLboolean,
    layer: GLint,
    access: GLenum,
    format: GLenum,
) {
    let Some(ctx) = shadow().filter(|c| !link_of(c).caps().images) else {
        // SAFETY: the application's arguments.
        return unsafe {
            host().glBindImageTexture(unit, texture, level, layered, layer, access, format)
        };
    };
    log_taken(b"glBindImageTexture");
    let gl = link_of(&ctx).gl;
    gl_call("glBindImageTexture", |st| {
        check_bind_image(unit, level, layer, access, format, || {
            // SAFETY: a query of a name.
            if texture != 0 && unsafe { gl.glIsTexture(texture) } == 0 {
                // GL 4.6 §8.26: INVALID_VALUE if texture is not zero or an existing
                // texture object (of the host).
                gl_bail!(
                    GL_INVALID_VALUE,
                    "texture = {texture} is not the name of an existing texture object"
                );
            }
            Ok(())
        })?;
        st.host_bindings.images[unit as usize] = if texture == 0 {
            HostImage::default()
        } else {
            HostImage {
                name: texture,
                level,
                layered: layered != 0,
                layer,
                access,
                format,
            }
        };
        Ok(())
    })
}
