//! CopyTexImage* and CopyTexSubImage* (GL 4.6 §8.6): texture images from the read
//! framebuffer, converted to the texture's format.

use crate::format::internal::internal_format;
use crate::format::texel::Format;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::state::context::ContextState;
use crate::state::objects::texture::{Level, Texture};
use crate::state::texture::image::Dims;
use std::sync::Arc;

impl ContextState {
    /// The read framebuffer's image CopyTex(Sub)Image reads for a texture of format
    /// `dst`: its depth (or stencil) attachment for a depth (stencil) format, else the
    /// read buffer's attachment; and the part of the texels copied.
    fn copy_source(&self, dst: Format, dst_internal: u32) -> GlResult<(Level, u32, u32)> {
        // GL 4.6 §8.6: INVALID_FRAMEBUFFER_OPERATION if the read framebuffer is not
        // complete (the default framebuffer has no pixels to copy).
        let f = self.complete_fbo(self.framebuffers.read)?;
        // GL 4.6 §8.6: INVALID_OPERATION if the read framebuffer has sample buffers.
        if self.framebuffer_samples(self.framebuffers.read) > 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read framebuffer is multisample: resolve it with glBlitFramebuffer first"
            );
        }
        let (att, part) = if dst.has_depth() {
            (f.depth.clone(), GL_DEPTH_BUFFER_BIT)
        } else if dst.has_stencil() {
            (f.stencil.clone(), GL_STENCIL_BUFFER_BIT)
        } else {
            // GL 4.6 §18.2.1: INVALID_OPERATION if the read buffer is NONE.
            if f.read_buffer == GL_NONE {
                gl_bail!(GL_INVALID_OPERATION, "the read buffer is GL_NONE");
            }
            (
                f.color[(f.read_buffer - GL_COLOR_ATTACHMENT0) as usize].clone(),
                GL_COLOR_BUFFER_BIT,
            )
        };
        let Some((l, z)) = att.as_ref().and_then(|a| a.image()) else {
            // GL 4.6 §8.6: INVALID_OPERATION if there is no buffer of the kind the
            // texture's format needs.
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read framebuffer has no {} buffer to copy from",
                match part {
                    GL_DEPTH_BUFFER_BIT => "depth",
                    GL_STENCIL_BUFFER_BIT => "stencil",
                    _ => "colour",
                }
            );
        };
        // GL 4.6 §8.6: INVALID_OPERATION if one of the read buffer and the texture is
        // integer and the other not, or they are integer of different signedness.
        if part == GL_COLOR_BUFFER_BIT && (l.format.class() != dst.class() || l.format.has_depth())
        {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read buffer's format {} cannot be copied into a texture of format {}",
                Enum(l.internal),
                Enum(dst_internal)
            );
        }
        // OpenGL ES 3.2 §8.6 (table 8.17): INVALID_OPERATION if the texture's format
        // has a component the read buffer's lacks (ALPHA from RGB, say); desktop GL
        // fills it in.
        if self.info.es && part == GL_COLOR_BUFFER_BIT {
            let have = l.format.color_bits();
            let need: Vec<usize> = match crate::format::es::legacy(dst_internal) {
                Some(lg) => lg.sources.to_vec(),
                None => (0..4).filter(|&c| dst.color_bits()[c] > 0).collect(),
            };
            if need.iter().any(|&c| have[c] == 0) {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "the read buffer's format {} lacks components of {} (OpenGL ES 3.2 table 8.17)",
                    Enum(l.internal),
                    Enum(dst_internal)
                );
            }
        }
        Ok((l, z, part))
    }

    /// CopyTexSubImage1D/2D/3D (GL 4.6 §8.6): `w`x`h` pixels at (`x`, `y`) of the read
    /// framebuffer into a level of `tex` at `off` (`face_target`: the cube face named).
    #[allow(clippy::too_many_arguments)]
    pub fn copy_tex_sub_image(
        &mut self,
        tex: Arc<Texture>,
        face_target: Option<u32>,
        level: i32,
        off: [i32; 3],
        x: i32,
        y: i32,
        w: i32,
        h: i32,
    ) -> GlResult<()> {
        self.complete_fbo(self.framebuffers.read)?;
        let (l, face, target) = Self::sub_level(&tex, face_target, level)?;
        let (check, z) =
            crate::state::texture::image::cube_addressing(target, face_target, face, off[2]);
        // GL 4.6 §8.6: INVALID_VALUE if the region is not inside the level (or a size
        // is negative).
        Self::check_region(&l, check, off, [w, h, 1])?;
        crate::state::texture::image::refuse_compressed(&l, "glCopyTexSubImage")?;
        let (src, rz, part) = self.copy_source(l.format, l.internal)?;
        Self::copy_rect(&src, rz, &l, z, [x, y], [off[0], off[1]], [w, h], part);
        Ok(())
    }

    /// CopyTexImage1D/2D (GL 4.6 §8.6): a level of format `internal` and size
    /// `w`x`h` from the read framebuffer's pixels at (`x`, `y`).
    #[allow(clippy::too_many_arguments)]
    pub fn copy_tex_image(
        &mut self,
        dims_n: u8,
        target: u32,
        level: i32,
        internal: u32,
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        border: i32,
    ) -> GlResult<()> {
        // GL 4.6 §8.6: INVALID_ENUM for a proxy target (CopyTexImage takes none).
        if crate::state::objects::texture::unproxy(target).is_some() {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} is a proxy target, which glCopyTexImage does not take",
                Enum(target)
            );
        }
        let (tex, face) = self.image_target(target, dims_n)?;
        self.complete_fbo(self.framebuffers.read)?;
        let h = if dims_n == 1 { 1 } else { h };
        Self::check_dims(target, level, Dims { w, h, d: 1 })?;
        // GL 4.6 §8.6: INVALID_VALUE if border is not zero.
        if border != 0 {
            gl_bail!(GL_INVALID_VALUE, "border = {border} is not 0");
        }
        let cube = target != GL_TEXTURE_2D && tex.state.lock().target == GL_TEXTURE_CUBE_MAP;
        // GL 4.6 §8.5.3: INVALID_VALUE if a cube map face is not square.
        if cube && w != h {
            gl_bail!(GL_INVALID_VALUE, "a cube map face is square: {w}x{h}");
        }
        // GL 4.6 §8.5: a compressed internal format is replaced by its base format.
        let internal = crate::format::compressed::uncompressed_replacement(internal);
        // GL 4.6 §8.6: INVALID_ENUM if internalformat is not a texture format (OpenGL
        // ES 3.2 table 8.17 adds LUMINANCE, LUMINANCE_ALPHA and ALPHA).
        let legacy = if self.info.es {
            crate::format::es::legacy(internal).map(|l| l.storage)
        } else {
            None
        };
        let Some(f) = internal_format(internal).or(legacy) else {
            gl_bail!(
                GL_INVALID_ENUM,
                "internalformat {} is not a texture format glcompute has",
                Enum(internal)
            );
        };
        let (src, rz, part) = self.copy_source(f, internal)?;
        let mut st = tex.state.lock();
        st.check_mutable(tex.name)?;
        let (w, h) = (w as u32, h as u32);
        let li = level as usize;
        let (lvl, reused) = st.level_for_image(li, cube, [w, h], internal, || {
            Level::new(w, h, if cube { 6 } else { 1 }, internal, f)
        })?;
        Self::copy_rect(
            &src,
            rz,
            &lvl,
            face as u32,
            [x, y],
            [0, 0],
            [w as i32, h as i32],
            part,
        );
        st.install_level(li, lvl, cube.then_some(face as u32), reused);
        Ok(())
    }

    /// Copies `size` pixels at `src` of slice `rz` of `r` to `dst` of slice `dz` of
    /// `d`, converting formats; pixels outside `r` (undefined, GL 4.6 §8.6) are left as
    /// they were.
    #[allow(clippy::too_many_arguments)]
    fn copy_rect(
        r: &Level,
        rz: u32,
        d: &Level,
        dz: u32,
        src: [i32; 2],
        dst: [i32; 2],
        size: [i32; 2],
        part: u32,
    ) {
        let end = |a: i32, n: i32| a.saturating_add(n);
        Self::blit_image(
            r,
            rz,
            d,
            dz,
            [src[0], src[1], end(src[0], size[0]), end(src[1], size[1])],
            [dst[0], dst[1], end(dst[0], size[0]), end(dst[1], size[1])],
            false,
            part,
        );
    }
}
