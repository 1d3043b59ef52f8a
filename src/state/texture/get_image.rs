//! Reading texture images back (GL 4.6 §8.11.4): GetTexImage, GetTextureImage,
//! GetnTexImage and GetTextureSubImage, packing texels into client memory or a pixel
//! pack buffer through the pixel store's pack modes.

use crate::format::pixels::{Client, ClientLayout};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::UserOut;
use crate::gl_bail;
use crate::runtime::memory::Storage;
use crate::state::context::ContextState;
use crate::state::objects::texture::{FACES, Level, Texture};
use crate::state::texture::image::{pixel_buffer_range, refuse_multisample};
use std::sync::Arc;

impl ContextState {
    /// Copies `size` texels at `off` of a level (z: first slice) into client memory or
    /// the PIXEL_PACK buffer (GL 4.6 §8.11, §18.2).
    #[allow(clippy::too_many_arguments)]
    pub fn download(
        &self,
        l: &Level,
        off: [u32; 3],
        size: [u32; 3],
        format: u32,
        ty: u32,
        buf_size: Option<i64>,
        out: UserOut,
    ) -> GlResult<()> {
        let client = Client::new(format, ty)?;
        client.check_compatible(l.format, "texture's internal format")?;
        let pack = self.textures.pixel_store.pack;
        let [w, h, d] = size;
        let Some(layout) = ClientLayout::new(&client, &pack, w, h, d) else {
            gl_bail!(GL_INVALID_VALUE, "the pixel data's size overflows");
        };
        if let Some(n) = buf_size
            && (n < 0 || layout.end > n as u64)
        {
            // GL 4.6 §8.11: INVALID_OPERATION if the data would not fit bufSize.
            gl_bail!(
                GL_INVALID_OPERATION,
                "the pixels need {} bytes, more than bufSize = {n}",
                layout.end
            );
        }
        let dst: Dst = match &self.bindings.pixel_pack {
            Some(buf) => {
                let offset = out.as_ptr() as u64;
                let storage = pixel_buffer_range(
                    buf,
                    "GL_PIXEL_PACK_BUFFER",
                    offset,
                    layout.end,
                    client.elem_bytes() as u64,
                    client.ty,
                )?;
                Dst::Buffer(storage, offset)
            }
            None => match out.bytes(layout.end as usize) {
                Some(b) => Dst::Client(b),
                None => return Ok(()),
            },
        };
        // An empty region writes nothing (the layout's extent covers no row of it).
        if size.contains(&0) {
            return Ok(());
        }
        let f = l.format;
        let tb = f.bytes();
        // A depth-stencil texel decodes as (depth bits as f32, stencil as an integer):
        // STENCIL_INDEX reads the second component, as a float like the first.
        let stencil_of_depth = client.base == crate::format::pixels::Base::Stencil && f.has_depth();
        let mut texels = vec![0u8; w as usize * tb];
        let mut pixels = vec![0u8; (w as u64 * layout.pixel) as usize];
        let mut dst = dst;
        for z in 0..d as u64 {
            for y in 0..h as u64 {
                let src = l.sample_at(off[0], off[1] + y as u32, off[2] + z as u32, 0);
                l.storage.read(src as usize, &mut texels);
                for x in 0..w as usize {
                    let mut v = f.decode(&texels[x * tb..x * tb + tb]);
                    if stencil_of_depth {
                        v[0] = (v[1] as f32).to_bits();
                    }
                    let p = layout.pixel as usize;
                    client.pack(v, f.class(), pack.swap_bytes, &mut pixels[x * p..x * p + p]);
                }
                let at = layout.start + z * layout.image + y * layout.row;
                match &mut dst {
                    Dst::Client(b) => {
                        b[at as usize..at as usize + pixels.len()].copy_from_slice(&pixels)
                    }
                    Dst::Buffer(s, base) => s.write((*base + at) as usize, &pixels),
                }
            }
        }
        Ok(())
    }

    /// GetTexImage / GetTextureImage (GL 4.6 §8.11).
    #[allow(clippy::too_many_arguments)]
    pub fn get_tex_image(
        &mut self,
        tex: Arc<Texture>,
        face_target: Option<u32>,
        level: i32,
        format: u32,
        ty: u32,
        buf_size: Option<i64>,
        out: UserOut,
    ) -> GlResult<()> {
        let (l, face, target) = Self::sub_level(&tex, face_target, level)?;
        refuse_multisample(&l, "glGetTexImage")?;
        let (z, d) = if target == GL_TEXTURE_CUBE_MAP {
            if face_target.is_some_and(|t| FACES.contains(&t)) {
                (face, 1)
            } else {
                (0, 6)
            }
        } else {
            (0, l.depth)
        };
        self.download(
            &l,
            [0, 0, z],
            [l.width, l.height, d],
            format,
            ty,
            buf_size,
            out,
        )
    }

    /// GetTextureSubImage (GL 4.6 §8.11.4).
    #[allow(clippy::too_many_arguments)]
    pub fn get_texture_sub_image(
        &mut self,
        tex: Arc<Texture>,
        level: i32,
        off: [i32; 3],
        size: [i32; 3],
        format: u32,
        ty: u32,
        buf_size: i64,
        out: UserOut,
    ) -> GlResult<()> {
        let (l, _, target) = Self::sub_level(&tex, None, level)?;
        refuse_multisample(&l, "glGetTextureSubImage")?;
        let l_check = if target == GL_TEXTURE_CUBE_MAP {
            // Faces are addressed as z for GetTextureSubImage.
            GL_TEXTURE_2D_ARRAY
        } else {
            target
        };
        Self::check_region(&l, l_check, off, size)?;
        self.download(
            &l,
            [off[0] as u32, off[1] as u32, off[2] as u32],
            [size[0] as u32, size[1] as u32, size[2] as u32],
            format,
            ty,
            Some(buf_size),
            out,
        )
    }
}

pub enum Dst<'a> {
    Client(&'a mut [u8]),
    Buffer(Arc<Storage>, u64),
}

impl ContextState {
    /// The texture GetTexImage/GetnTexImage reads for `target`, and the cube map face
    /// it names (if it names one).
    pub fn get_image_target(&self, target: u32) -> GlResult<(Arc<Texture>, Option<u32>)> {
        let face =
            (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z).contains(&target);
        // GL 4.6 §8.11: INVALID_ENUM for a target GetTexImage does not take (a cube
        // map is read face by face).
        if matches!(
            target,
            GL_TEXTURE_CUBE_MAP
                | GL_TEXTURE_BUFFER
                | GL_TEXTURE_2D_MULTISAMPLE
                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        ) {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a glGetTexImage target",
                Enum(target)
            );
        }
        Ok((self.query_target(target)?, face.then_some(target)))
    }
}
