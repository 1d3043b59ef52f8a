//! Immutable-format texture storage (GL 4.6 §8.19): TexStorage1D/2D/3D and the
//! TextureStorage forms, allocating every level of the mipmap chain at once.

use crate::format::internal::{internal_format, is_unsized};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::MAX_LEVELS;
use crate::state::context::ContextState;
use crate::state::objects::texture::{Level, Texture, unproxy};
use crate::state::texture::image::Dims;
use std::sync::Arc;

impl ContextState {
    /// TexStorage1D/2D/3D and TextureStorage* (GL 4.6 §8.19).
    pub fn tex_storage(
        &mut self,
        tex: Arc<Texture>,
        dims_n: u8,
        levels: i32,
        internal: u32,
        dims: Dims,
    ) -> GlResult<()> {
        let target = tex.state.lock().target;
        let ok = storage_takes(dims_n, target);
        // GL 4.6 §8.19: INVALID_OPERATION if TextureStorage*'s texture has a target the
        // command does not take (TexStorage*'s target was checked by the caller:
        // INVALID_ENUM).
        if !ok {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a {} texture cannot take glTexStorage{dims_n}D",
                Enum(target)
            );
        }
        let codec = crate::format::compressed::codec(internal);
        // GL 4.6 §8.19: INVALID_ENUM if internalformat is not a sized internal format
        // (the specific compressed formats are sized; the generic ones are not).
        // OpenGL ES 3.2 §8.18: the same for a format OpenGL ES lacks (tables 8.10 and
        // 8.14: RGBA16, DEPTH_COMPONENT32 ... are desktop GL's).
        let es_ok = !self.info.es || crate::gl::es_functions::is_es_enum(internal);
        let f = match internal_format(internal) {
            _ if !es_ok => gl_bail!(
                GL_INVALID_ENUM,
                "internalformat {} is not an internal format of OpenGL ES",
                Enum(internal)
            ),
            Some(f) if !is_unsized(internal) => f,
            _ if let Some(c) = codec => c.texel_format(),
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "internalformat {} is not a sized internal format",
                Enum(internal)
            ),
        };
        // GL 4.6 §8.19: INVALID_VALUE if width, height, depth or levels is less than 1.
        if levels < 1 || dims.w < 1 || dims.h < 1 || dims.d < 1 {
            gl_bail!(
                GL_INVALID_VALUE,
                "levels = {levels} and size {}x{}x{} must all be at least 1",
                dims.w,
                dims.h,
                dims.d
            );
        }
        let check_target = if target == GL_TEXTURE_CUBE_MAP {
            GL_TEXTURE_CUBE_MAP_POSITIVE_X
        } else {
            target
        };
        let fits = Self::image_dims(&tex, check_target, 0, dims)?;
        // GL 4.6 §8.19: INVALID_OPERATION if levels exceeds log2(max size) + 1.
        let mut largest = dims.w.max(if target == GL_TEXTURE_1D_ARRAY {
            1
        } else {
            dims.h
        });
        if target == GL_TEXTURE_3D {
            largest = largest.max(dims.d);
        }
        let max_levels = 32 - (largest as u32).leading_zeros() as i32;
        if levels > max_levels || (target == GL_TEXTURE_RECTANGLE && levels != 1) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "levels = {levels} is more than a {}x{}x{} {} texture has ({max_levels})",
                dims.w,
                dims.h,
                dims.d,
                Enum(target)
            );
        }
        if let Some(c) = codec {
            // GL 4.6 §8.7, §8.19: compressed formats hold 2D images (2D, cube map, 2D
            // and cube map arrays), BPTC 3D ones too: INVALID_OPERATION otherwise.
            let ok = matches!(
                target,
                GL_TEXTURE_2D
                    | GL_TEXTURE_CUBE_MAP
                    | GL_TEXTURE_2D_ARRAY
                    | GL_TEXTURE_CUBE_MAP_ARRAY
            ) || (target == GL_TEXTURE_3D && c.takes_3d());
            if !ok {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "{} textures cannot have the compressed format {}",
                    Enum(target),
                    Enum(internal)
                );
            }
        }
        let mut st = tex.state.lock();
        // GL 4.6 §8.19: INVALID_OPERATION if the texture is already immutable.
        if st.immutable {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {} already has immutable storage",
                tex.name
            );
        }
        let (mut w, mut h, mut d) = (dims.w as u32, dims.h as u32, dims.d as u32);
        if target == GL_TEXTURE_CUBE_MAP {
            d = 6;
        }
        if st.proxy {
            let l = fits
                .then(|| {
                    let blocks = match codec {
                        Some(c) => Some((c, crate::format::compressed::image_bytes(c, w, h, d)?)),
                        None => None,
                    };
                    crate::state::objects::texture::proxy_level(
                        [w, h, d],
                        internal,
                        f,
                        0,
                        true,
                        blocks,
                    )
                })
                .flatten();
            crate::state::objects::texture::set_proxy_levels(&mut st, 0, levels as usize, l, true);
            return Ok(());
        }
        let mut new_levels = vec![None; MAX_LEVELS];
        for slot in new_levels.iter_mut().take(levels as usize) {
            *slot = Some(match codec {
                Some(c) => crate::state::objects::texture::new_level(w, h, d, internal, c)?,
                None => Level::new(w, h, d, internal, f)?,
            });
            w = (w / 2).max(1);
            if target != GL_TEXTURE_1D_ARRAY {
                h = (h / 2).max(1);
            }
            if target == GL_TEXTURE_3D {
                d = (d / 2).max(1);
            }
        }
        st.levels = new_levels;
        st.faces = vec![0x3f; MAX_LEVELS];
        st.immutable = true;
        st.immutable_levels = levels as u32;
        Ok(())
    }
}

/// The descriptor table of image units `units` (GL 4.6 §8.26), and the storage it
/// points into.
/// Whether TexStorage{n}D / TextureStorage{n}D takes a texture of `target` (GL 4.6
/// §8.19).
pub fn storage_takes(n: u8, target: u32) -> bool {
    match n {
        1 => target == GL_TEXTURE_1D,
        2 => matches!(
            target,
            GL_TEXTURE_2D | GL_TEXTURE_1D_ARRAY | GL_TEXTURE_RECTANGLE | GL_TEXTURE_CUBE_MAP
        ),
        _ => matches!(
            target,
            GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY
        ),
    }
}

impl ContextState {
    /// The texture a target-based TexStorage*D command of `n` dimensions acts on: the
    /// bound texture, or the proxy of a proxy target (GL 4.6 §8.22).
    pub fn storage_texture(&self, target: u32, n: u8) -> GlResult<Arc<Texture>> {
        // GL 4.6 §8.19: INVALID_ENUM if target is not one the command accepts (§8.22: or
        // the proxy of one).
        if let Some(real) = unproxy(target)
            && storage_takes(n, real)
            && let Some(proxy) = self.proxy_texture(target)
        {
            return Ok(proxy);
        }
        if !storage_takes(n, target) {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a target of glTexStorage{n}D",
                Enum(target)
            );
        }
        let t = self.bound_texture(target)?;
        // GL 4.6 §8.19: INVALID_OPERATION if the default texture (0) is bound.
        if t.name == 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the default texture (0) is bound to {}",
                Enum(target)
            );
        }
        Ok(t)
    }
}
