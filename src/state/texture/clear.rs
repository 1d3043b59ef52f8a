//! ClearTexImage and ClearTexSubImage (GL 4.6 §8.21), and InvalidateTex(Sub)Image
//! (§8.20).

use crate::format::pixels::Client;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::UserIn;
use crate::gl_bail;
use crate::limits::MAX_LEVELS;
use crate::state::context::ContextState;
use crate::state::copy_image::check_inside;
use crate::state::objects::texture::dims;

impl ContextState {
    /// ClearTexImage / ClearTexSubImage (GL 4.6 §8.21). `region` is None for the whole
    /// level. `data` is one texel in `format`/`type` (pixel store modes and the
    /// PIXEL_UNPACK buffer do not apply), or null for zeros.
    pub fn clear_tex_image(
        &mut self,
        texture: u32,
        level: i32,
        region: Option<([i32; 3], [i32; 3])>,
        format: u32,
        ty: u32,
        data: UserIn,
    ) -> GlResult<()> {
        // GL 4.6 §8.21: INVALID_OPERATION if texture is zero or not a texture object,
        // or is a buffer texture.
        let tex = self.named_texture(texture)?;
        let l = {
            let st = tex.state.lock();
            if st.target == GL_TEXTURE_BUFFER {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "texture {texture} is a buffer texture"
                );
            }
            // GL 4.6 §8.21: INVALID_OPERATION if the level has no image (a level
            // outside the texture's range has none).
            let l = usize::try_from(level)
                .ok()
                .filter(|&i| i < MAX_LEVELS)
                .and_then(|i| st.levels[i].clone());
            match l {
                Some(l) => l,
                None => gl_bail!(
                    GL_INVALID_OPERATION,
                    "level {level} of texture {texture} has no image"
                ),
            }
        };
        // GL 4.6 §8.21: INVALID_OPERATION if the image has a compressed format.
        crate::state::texture::image::refuse_compressed(&l, "glClearTexImage")?;
        // GL 4.6 §8.21: format and type as for TexImage (INVALID_ENUM), and
        // INVALID_OPERATION when they do not match the texture's internal format.
        let client = Client::new(format, ty)?;
        client.check_compatible(l.format, "texture's internal format")?;
        let (off, size) = match region {
            Some((off, size)) => {
                check_inside(dims(&l), off, size, "the cleared", GL_INVALID_OPERATION)?;
                (off.map(|v| v as u32), size.map(|v| v as u32))
            }
            None => ([0; 3], [l.width, l.height, l.depth]),
        };
        let mut texel = vec![0u8; l.format.bytes()];
        if let Some(src) = data.bytes(client.pixel_bytes()) {
            let v = client.unpack(src, false, l.format.class());
            l.format.encode(v, &mut texel);
        }
        if size.contains(&0) {
            return Ok(());
        }
        let row = texel.repeat(size[0] as usize);
        for z in 0..size[2] {
            for s in 0..l.samples.max(1) {
                for y in 0..size[1] {
                    let at = l.sample_at(off[0], off[1] + y, off[2] + z, s);
                    l.storage.write(at as usize, &row);
                }
            }
        }
        Ok(())
    }

    /// InvalidateTexImage and InvalidateTexSubImage (GL 4.6 §8.20): the region's
    /// contents become undefined, and glcompute keeps them, which the spec allows; the
    /// errors are checked. `region`: None for the whole level.
    pub fn invalidate_tex_image(
        &mut self,
        texture: u32,
        level: i32,
        region: Option<([i32; 3], [i32; 3])>,
    ) -> GlResult<()> {
        // GL 4.6 §8.20: INVALID_VALUE if texture is zero or not a texture's name.
        let tex = match self.shared.textures.lock().get(texture) {
            Some(t) if texture != 0 => t.clone(),
            _ => gl_bail!(
                GL_INVALID_VALUE,
                "texture {texture} is not the name of a texture object"
            ),
        };
        let st = tex.state.lock();
        let target = st.target;
        // GL 4.6 §8.20: INVALID_VALUE if level is negative or past the levels a
        // texture can have, or not zero for a rectangle or buffer texture.
        let single = matches!(
            target,
            GL_TEXTURE_RECTANGLE
                | GL_TEXTURE_BUFFER
                | GL_TEXTURE_2D_MULTISAMPLE
                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        );
        if level < 0 || level as usize >= MAX_LEVELS || (single && level != 0) {
            gl_bail!(
                GL_INVALID_VALUE,
                "level = {level} is not a level of a {} texture",
                Enum(target)
            );
        }
        let Some((off, size)) = region else {
            return Ok(());
        };
        // The level's size (0 where it has no image); a cube map level's six faces are
        // its depth.
        let lim = st
            .levels
            .get(level as usize)
            .and_then(|l| l.as_ref())
            .map_or([0; 3], dims);
        // GL 4.6 §8.20: INVALID_VALUE if a size is negative or the region is not
        // inside the level (with no border).
        check_inside(lim, off, size, "the invalidated", GL_INVALID_VALUE)
    }
}
