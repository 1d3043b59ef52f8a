//! CopyImageSubData (GL 4.6 §18.3.3): copies between texture and renderbuffer images
//! of compatible formats, compressed blocks to and from texels of their size included.
//! Everything is validated first and nothing changes on failure; sizes and offsets are
//! checked against the images with 64-bit arithmetic before any memory is touched.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlError, GlResult};
use crate::gl_bail;
use crate::state::context::ContextState;
use crate::state::objects::texture::{Level, TARGETS, dims, texel_at};

/// Checks that a region lies inside an image of size `lim` (z counts slices: 3D
/// slices, array layers, cube faces): `err` (INVALID_VALUE for CopyImageSubData, GL 4.6
/// §18.3.3, and InvalidateTexSubImage, §8.20; INVALID_OPERATION for ClearTexSubImage,
/// ARB_clear_texture as Mesa and piglit read it) if it does not, or if a size is
/// negative.
pub fn check_inside(
    lim: [u32; 3],
    off: [i32; 3],
    size: [i32; 3],
    what: &str,
    err: u32,
) -> GlResult<()> {
    for i in 0..3 {
        let end = off[i] as i64 + size[i] as i64;
        if off[i] < 0 || size[i] < 0 || end > lim[i] as i64 {
            return Err(GlError::new(
                err,
                format!(
                    "{what} region at ({}, {}, {}) of size ({}, {}, {}) is not inside the {}x{}x{} image",
                    off[0], off[1], off[2], size[0], size[1], size[2], lim[0], lim[1], lim[2]
                ),
            ));
        }
    }
    Ok(())
}

/// CopyImageSubData with a compressed end (GL 4.6 §18.3.3): the copy moves whole
/// blocks, each one texel of an uncompressed end whose texels are as large as the
/// blocks, or one block of a compressed end of a compatible format. `size` is in texels
/// of the source. A compressed end's region starts on a block and ends on one or at
/// the image's edge; written blocks are decoded into the destination's texels.
fn copy_blocks(
    s: &Level,
    s_off: [i32; 3],
    d: &Level,
    d_off: [i32; 3],
    size: [i32; 3],
    es: bool,
) -> GlResult<()> {
    // (bytes, texels along x and y) of the unit a copy moves.
    let unit = |l: &Level| match &l.compressed {
        Some(b) => (b.codec.block_bytes(), b.codec.block_dims()),
        None => (l.format.bytes(), (1, 1)),
    };
    let ((sb, sdim), (db, ddim)) = (unit(s), unit(d));
    // A compressed end's extent runs to its last block's edge.
    let lim = |l: &Level, (bw, bh): (u32, u32)| {
        [
            l.width.div_ceil(bw) * bw,
            l.height.div_ceil(bh) * bh,
            l.depth,
        ]
    };
    // GL 4.6 §18.3.3: INVALID_VALUE if a region is not inside its image, or a
    // compressed end's region is not aligned to its blocks (but at the image's edge).
    let aligned = |l: &Level, (bw, bh): (u32, u32), off: [i32; 3], sz: [i64; 3]| -> GlResult<()> {
        let edge = [l.width as i64, l.height as i64];
        let dim = [bw as i64, bh as i64];
        for i in 0..2 {
            let end = off[i] as i64 + sz[i];
            if off[i] as i64 % dim[i] != 0 || (sz[i] % dim[i] != 0 && end != edge[i]) {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "the region at ({}, {}) is not aligned to the {bw}x{bh} blocks of {}",
                    off[0],
                    off[1],
                    Enum(l.internal)
                );
            }
        }
        Ok(())
    };
    check_inside(dims(s), s_off, size, "the source", GL_INVALID_VALUE)?;
    let s_size = size.map(|v| v as i64);
    aligned(s, sdim, s_off, s_size)?;
    // Sizes are not negative here (check_inside).
    let n = [
        (s_size[0] as u64).div_ceil(sdim.0 as u64) as i64,
        (s_size[1] as u64).div_ceil(sdim.1 as u64) as i64,
        s_size[2],
    ];
    let d_size = [n[0] * ddim.0 as i64, n[1] * ddim.1 as i64, n[2]];
    let d_size32 = d_size.map(|v| v.min(i32::MAX as i64) as i32);
    check_inside(
        lim(d, ddim),
        d_off,
        d_size32,
        "the destination",
        GL_INVALID_VALUE,
    )?;
    aligned(d, ddim, d_off, d_size)?;
    // GL 4.6 §18.3.3: INVALID_OPERATION if the formats are not compatible: the same
    // format; two compressed formats of one view class (table 8.22: RGTC1, RGTC2,
    // BPTC unorm, BPTC float); or an RGTC or BPTC format and an uncompressed colour
    // format whose texels are as large as its blocks (table 18.4, which has no ETC2
    // or EAC format). ASTC (OES_copy_image, part of OpenGL ES 3.2, with
    // KHR_texture_compression_astc_ldr): the formats of one footprint, and the
    // uncompressed formats of 128-bit texels. ETC2 and EAC in OpenGL ES contexts (OpenGL
    // ES 3.2 §18.3.3, as Mesa reads it): the formats of one view class (RGB8/SRGB8,
    // their punch-through alpha forms, RGBA8/SRGB8_ALPHA8, R11, RG11), and the
    // uncompressed formats whose texels are as large as their blocks.
    use crate::format::compressed::Codec;
    let class = |c: Codec| match c {
        Codec::Rgtc1 { .. } => 1,
        Codec::Rgtc2 { .. } => 2,
        Codec::Bc7 { .. } => 3,
        Codec::Bc6h { .. } => 4,
        Codec::Etc2Rgb { .. } if es => 5,
        Codec::Etc2Punch { .. } if es => 6,
        Codec::Etc2Rgba { .. } if es => 7,
        Codec::R11 { .. } if es => 8,
        Codec::Rg11 { .. } if es => 9,
        Codec::Astc { w, h, .. } => 16 + w as u32 * 16 + h as u32,
        _ => 0,
    };
    let ds = |l: &Level| l.format.has_depth() || l.format.has_stencil();
    let compatible = s.internal == d.internal
        || match (&s.compressed, &d.compressed) {
            (Some(a), Some(b)) => class(a.codec) != 0 && class(a.codec) == class(b.codec),
            (Some(c), None) | (None, Some(c)) => {
                class(c.codec) != 0 && sb == db && !ds(s) && !ds(d)
            }
            (None, None) => false,
        };
    if !compatible {
        gl_bail!(
            GL_INVALID_OPERATION,
            "the source format {} and the destination format {} are not compatible",
            Enum(s.internal),
            Enum(d.internal)
        );
    }
    // Byte offset of unit (x, y, z) of the region at `off` of an end.
    let at = |l: &Level, off: [i32; 3], (bw, bh): (u32, u32), [x, y, z]: [u64; 3]| -> usize {
        let (ux, uy, uz) = (
            off[0] as u64 / bw as u64 + x,
            off[1] as u64 / bh as u64 + y,
            off[2] as u64 + z,
        );
        match &l.compressed {
            Some(b) => {
                let row = b.row_bytes(l);
                let slice = b.slice_bytes(l);
                (b.offset + uz * slice + uy * row + ux * b.codec.block_bytes() as u64) as usize
            }
            None => texel_at(l, ux as u32, uy as u32, uz as u32),
        }
    };
    let mut bytes = vec![0u8; sb];
    let mut texels = vec![0u8; (ddim.0 * ddim.1) as usize * d.format.bytes()];
    for z in 0..n[2] as u64 {
        for y in 0..n[1] as u64 {
            for x in 0..n[0] as u64 {
                let sa = at(s, s_off, sdim, [x, y, z]);
                match &s.compressed {
                    Some(b) => b.storage.read(sa, &mut bytes),
                    None => s.storage.read(sa, &mut bytes),
                }
                let da = at(d, d_off, ddim, [x, y, z]);
                match &d.compressed {
                    Some(b) => {
                        b.storage.write(da, &bytes);
                        b.codec.decode(&bytes, &mut texels);
                        let bx = d_off[0] as u32 / ddim.0 + x as u32;
                        let by = d_off[1] as u32 / ddim.1 + y as u32;
                        let bz = d_off[2] as u32 + z as u32;
                        crate::state::objects::texture::write_texels(
                            d,
                            ddim,
                            [bx, by, bz],
                            &texels,
                        );
                    }
                    None => d.storage.write(da, &bytes),
                }
            }
        }
    }
    Ok(())
}

/// One end of a CopyImageSubData: the image and its texel offset.
pub struct CopyEnd {
    pub name: u32,
    pub target: u32,
    pub level: i32,
    pub off: [i32; 3],
}

/// Whether two internal formats may be copied between (GL 4.6 §18.3.3, table 8.22's
/// view classes for uncompressed formats): the same format, or two colour formats of
/// the same texel size.
fn copy_compatible(a: &Level, b: &Level) -> bool {
    // OpenGL ES's LUMINANCE, LUMINANCE_ALPHA and ALPHA are in no view class (OpenGL ES
    // 3.2 table 8.27): only the same format.
    let other = |l: &Level| {
        l.format.has_depth()
            || l.format.has_stencil()
            || crate::format::es::legacy(l.internal).is_some()
    };
    a.internal == b.internal || (!other(a) && !other(b) && a.format.bytes() == b.format.bytes())
}

impl ContextState {
    /// The image one end of a CopyImageSubData names (GL 4.6 §18.3.3 errors, in
    /// Mesa's order: target, name, level, completeness).
    fn copy_end(&self, e: &CopyEnd, which: &str) -> GlResult<Level> {
        if e.target == GL_RENDERBUFFER {
            let rb = self.shared.renderbuffers.lock().get(e.name).cloned();
            let Some(rb) = rb else {
                // GL 4.6 §18.3.3: INVALID_VALUE if the name is not an object of the target.
                gl_bail!(
                    GL_INVALID_VALUE,
                    "{which}Name = {} is not a renderbuffer",
                    e.name
                );
            };
            if e.level != 0 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "{which}Level = {} is not a level of a renderbuffer",
                    e.level
                );
            }
            let img = rb.image.lock().clone();
            return match img {
                Some(l) => Ok(l),
                None => gl_bail!(
                    GL_INVALID_OPERATION,
                    "renderbuffer {} has no storage",
                    e.name
                ),
            };
        }
        // GL 4.6 §18.3.3: INVALID_ENUM if the target is not RENDERBUFFER or a texture
        // target (buffer textures and cube map faces are not).
        if !TARGETS.contains(&e.target) || e.target == GL_TEXTURE_BUFFER {
            gl_bail!(
                GL_INVALID_ENUM,
                "{which}Target {} is not GL_RENDERBUFFER or a texture target",
                Enum(e.target)
            );
        }
        let tex = self.shared.textures.lock().get(e.name).cloned();
        let Some(tex) = tex else {
            gl_bail!(
                GL_INVALID_VALUE,
                "{which}Name = {} is not a texture",
                e.name
            );
        };
        let st = tex.state.lock();
        // GL 4.6 §18.3.3: INVALID_ENUM if the target does not match the object's type.
        if st.target != e.target {
            gl_bail!(
                GL_INVALID_ENUM,
                "{which}Target {} does not match texture {}'s target {}",
                Enum(e.target),
                e.name,
                Enum(st.target)
            );
        }
        // GL 4.6 §18.3.3: INVALID_VALUE if the level is not a level of the image.
        let l = usize::try_from(e.level)
            .ok()
            .and_then(|i| st.levels.get(i))
            .and_then(|l| l.clone());
        let Some(l) = l else {
            gl_bail!(
                GL_INVALID_VALUE,
                "{which}Level = {} is not a level of texture {}",
                e.level,
                e.name
            );
        };
        // GL 4.6 §18.3.3: INVALID_OPERATION if the texture is not complete; as Mesa,
        // the base level must be complete, and the mipmap chain for other levels.
        let base_ok = st
            .level(st.base_level)
            .is_some_and(|b| st.target != GL_TEXTURE_CUBE_MAP || b.width == b.height);
        if !base_ok || (e.level != st.base_level && !st.mipmap_complete()) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {which}Name = {} is not complete",
                e.name
            );
        }
        Ok(l)
    }

    /// CopyImageSubData (GL 4.6 §18.3.3): a raw copy of texels between two images of
    /// compatible formats.
    pub fn copy_image_sub_data(
        &mut self,
        src: CopyEnd,
        dst: CopyEnd,
        size: [i32; 3],
    ) -> GlResult<()> {
        let s = self.copy_end(&src, "src")?;
        let d = self.copy_end(&dst, "dst")?;
        if s.compressed.is_some() || d.compressed.is_some() {
            // GL 4.6 §18.3.3: INVALID_OPERATION if the sample counts differ (a
            // compressed image has none).
            if s.samples != d.samples {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "the source has {} samples and the destination {}",
                    s.samples,
                    d.samples
                );
            }
            return copy_blocks(&s, src.off, &d, dst.off, size, self.info.es);
        }
        check_inside(dims(&s), src.off, size, "the source", GL_INVALID_VALUE)?;
        check_inside(dims(&d), dst.off, size, "the destination", GL_INVALID_VALUE)?;
        // GL 4.6 §18.3.3: INVALID_OPERATION if the formats are not compatible.
        if !copy_compatible(&s, &d) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the source format {} and the destination format {} are not compatible",
                Enum(s.internal),
                Enum(d.internal)
            );
        }
        // GL 4.6 §18.3.3: INVALID_OPERATION if the sample counts differ.
        if s.samples != d.samples {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the source has {} samples and the destination {}",
                s.samples,
                d.samples
            );
        }
        let (so, dof) = (src.off.map(|v| v as u32), dst.off.map(|v| v as u32));
        let mut row = vec![0u8; size[0] as usize * s.format.bytes()];
        for z in 0..size[2] as u32 {
            for smp in 0..s.samples.max(1) {
                for y in 0..size[1] as u32 {
                    let from = s.sample_at(so[0], so[1] + y, so[2] + z, smp);
                    s.storage.read(from as usize, &mut row);
                    let to = d.sample_at(dof[0], dof[1] + y, dof[2] + z, smp);
                    d.storage.write(to as usize, &row);
                }
            }
        }
        Ok(())
    }
}
