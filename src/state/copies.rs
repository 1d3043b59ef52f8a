//! Operations on texture and renderbuffer images that no shader runs:
//! ClearTexImage/ClearTexSubImage (GL 4.6 §8.21), GenerateMipmap (§8.14.4),
//! CopyImageSubData (§18.3.3), BlitFramebuffer (§18.3.1) and CopyTexImage/
//! CopyTexSubImage (§8.6, from the read framebuffer). Each validates
//! everything first and changes nothing when it fails; sizes and offsets are checked
//! against the images with 64-bit arithmetic before any memory is touched.

use std::sync::Arc;

use super::context::ContextState;
use crate::format::internal::internal_format;
use crate::format::pixels::Client;
use crate::format::texel::{Class, Format, linear_to_srgb, srgb_to_linear};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlError, GlResult};
use crate::gl::types::UserIn;
use crate::gl_bail;
use crate::limits::MAX_LEVELS;
use crate::state::objects::framebuffer::Attachment;
use crate::state::objects::texture::{Level, TARGETS, Texture};
use crate::state::texture::image::Dims;

/// Checks that a region lies inside an image of size `lim` (z counts slices: 3D
/// slices, array layers, cube faces): `err` (INVALID_VALUE for CopyImageSubData, GL 4.6
/// §18.3.3, and InvalidateTexSubImage, §8.20; INVALID_OPERATION for ClearTexSubImage,
/// ARB_clear_texture as Mesa and piglit read it) if it does not, or if a size is
/// negative.
fn check_inside(
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

/// A level's width, height and depth.
fn dims(l: &Level) -> [u32; 3] {
    [l.width, l.height, l.depth]
}

/// Byte offset of texel (x, y, z) of a level.
fn texel_at(l: &Level, x: u32, y: u32, z: u32) -> usize {
    l.sample_at(x, y, z, 0) as usize
}

/// Texel values as floats for filtering (sRGB decoded to linear).
fn to_linear(f: Format, v: [u32; 4]) -> [f32; 4] {
    let mut out = v.map(f32::from_bits);
    if f.is_srgb() {
        for c in out.iter_mut().take(3) {
            *c = srgb_to_linear(*c);
        }
    }
    out
}

fn from_linear(f: Format, v: [f32; 4]) -> [u32; 4] {
    let mut v = v;
    if f.is_srgb() {
        for c in v.iter_mut().take(3) {
            *c = linear_to_srgb(*c);
        }
    }
    v.map(f32::to_bits)
}

/// The texture targets GenerateMipmap takes (GL 4.6 §8.14.4).
pub fn has_mipmaps(target: u32) -> bool {
    matches!(
        target,
        GL_TEXTURE_1D
            | GL_TEXTURE_2D
            | GL_TEXTURE_3D
            | GL_TEXTURE_1D_ARRAY
            | GL_TEXTURE_2D_ARRAY
            | GL_TEXTURE_CUBE_MAP
            | GL_TEXTURE_CUBE_MAP_ARRAY
    )
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
) -> GlResult<()> {
    // (bytes, texels along x and y) of the unit a copy moves.
    let unit = |l: &Level| match &l.compressed {
        Some(b) => (b.codec.block_bytes(), 4u32),
        None => (l.format.bytes(), 1),
    };
    let ((sb, sdim), (db, ddim)) = (unit(s), unit(d));
    // A compressed end's extent runs to its last block's edge.
    let lim = |l: &Level, dim: u32| {
        [
            l.width.div_ceil(dim) * dim,
            l.height.div_ceil(dim) * dim,
            l.depth,
        ]
    };
    // GL 4.6 §18.3.3: INVALID_VALUE if a region is not inside its image, or a
    // compressed end's region is not aligned to its blocks (but at the image's edge).
    let aligned = |l: &Level, dim: u32, off: [i32; 3], sz: [i64; 3]| -> GlResult<()> {
        let edge = [l.width as i64, l.height as i64];
        for i in 0..2 {
            let end = off[i] as i64 + sz[i];
            if off[i] as i64 % dim as i64 != 0 || (sz[i] % dim as i64 != 0 && end != edge[i]) {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "the region at ({}, {}) is not aligned to the 4x4 blocks of {}",
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
        (s_size[0] as u64).div_ceil(sdim as u64) as i64,
        (s_size[1] as u64).div_ceil(sdim as u64) as i64,
        s_size[2],
    ];
    let d_size = [n[0] * ddim as i64, n[1] * ddim as i64, n[2]];
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
    // or EAC format).
    use crate::format::compressed::Codec;
    let class = |c: Codec| match c {
        Codec::Rgtc1 { .. } => 1,
        Codec::Rgtc2 { .. } => 2,
        Codec::Bc7 { .. } => 3,
        Codec::Bc6h { .. } => 4,
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
    let at = |l: &Level, off: [i32; 3], dim: u32, [x, y, z]: [u64; 3]| -> usize {
        let (ux, uy, uz) = (
            off[0] as u64 / dim as u64 + x,
            off[1] as u64 / dim as u64 + y,
            off[2] as u64 + z,
        );
        match &l.compressed {
            Some(b) => {
                let row = l.width.div_ceil(4) as u64 * b.codec.block_bytes() as u64;
                let slice = row * l.height.div_ceil(4) as u64;
                (b.offset + uz * slice + uy * row + ux * b.codec.block_bytes() as u64) as usize
            }
            None => texel_at(l, ux as u32, uy as u32, uz as u32),
        }
    };
    let mut bytes = vec![0u8; sb];
    let mut texels = vec![0u8; 16 * d.format.bytes()];
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
                        let bx = d_off[0] as u32 / 4 + x as u32;
                        let by = d_off[1] as u32 / 4 + y as u32;
                        let bz = d_off[2] as u32 + z as u32;
                        crate::state::objects::texture::write_texels(d, [bx, by, bz], &texels);
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
    let ds = |l: &Level| l.format.has_depth() || l.format.has_stencil();
    a.internal == b.internal || (!ds(a) && !ds(b) && a.format.bytes() == b.format.bytes())
}

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

    /// GenerateMipmap / GenerateTextureMipmap (GL 4.6 §8.14.4): every level above the
    /// base, up to the effective maximum, from a 2x2(x2) box filter of the level below,
    /// in linear space for sRGB formats.
    pub fn generate_mipmap(&mut self, tex: Arc<Texture>) -> GlResult<()> {
        let mut st = tex.state.lock();
        let target = st.target;
        // GL 4.6 §8.14.4: INVALID_ENUM for a target without mipmaps (the target-based
        // form checks its argument first; this is GenerateTextureMipmap's, as Mesa).
        if !has_mipmaps(target) {
            gl_bail!(
                GL_INVALID_ENUM,
                "texture {} of target {} has no mipmaps",
                tex.name,
                Enum(target)
            );
        }
        let base_i = st.base_level;
        let Some(base) = st.level(base_i).cloned() else {
            // GL 4.6 §8.14.4: INVALID_OPERATION if the level base array was not
            // specified with a colour-renderable, filterable format (here: not at all).
            gl_bail!(
                GL_INVALID_OPERATION,
                "level {base_i} (the base level) of texture {} has no image",
                tex.name
            );
        };
        // GL 4.6 §8.14.4: INVALID_OPERATION if the cube map is not cube complete.
        if target == GL_TEXTURE_CUBE_MAP && base.width != base.height {
            gl_bail!(
                GL_INVALID_OPERATION,
                "cube map {} is not cube complete ({}x{} faces)",
                tex.name,
                base.width,
                base.height
            );
        }
        let f = base.format;
        // GL 4.6 §8.14.4: INVALID_OPERATION for a base format mipmaps cannot be
        // filtered from; as Mesa on desktop GL: integer, stencil and depth-stencil;
        // and compressed formats, which are not colour-renderable.
        if f.class() != Class::Float || f.has_stencil() || base.compressed.is_some() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "mipmaps cannot be generated from the base level's format {}",
                Enum(base.internal)
            );
        }
        let top = st.effective_max_level();
        let halve_h = target != GL_TEXTURE_1D_ARRAY;
        let halve_d = target == GL_TEXTURE_3D;
        let mut prev = base;
        let mut made = Vec::new();
        for li in base_i + 1..=top {
            let (w, h, d) = (
                (prev.width / 2).max(1),
                if halve_h {
                    (prev.height / 2).max(1)
                } else {
                    prev.height
                },
                if halve_d {
                    (prev.depth / 2).max(1)
                } else {
                    prev.depth
                },
            );
            let next = match st.levels[li as usize].clone() {
                Some(l) if st.immutable => l,
                _ => Level::new(w, h, d, prev.internal, f)?,
            };
            Self::downsample(&prev, &next, halve_h, halve_d);
            made.push((li as usize, next.clone()));
            prev = next;
        }
        let cube = target == GL_TEXTURE_CUBE_MAP;
        for (li, l) in made {
            st.levels[li] = Some(l);
            if cube {
                st.faces[li] = 0x3f;
            }
        }
        Ok(())
    }

    /// Fills `dst` with the box-filtered `src` (one level down).
    fn downsample(src: &Level, dst: &Level, halve_h: bool, halve_d: bool) {
        let f = src.format;
        let tb = f.bytes();
        let mut t = vec![0u8; tb];
        let pick = |c: u32, n: u32, halve: bool| -> [u32; 2] {
            if !halve {
                [c, c]
            } else {
                [(2 * c).min(n - 1), (2 * c + 1).min(n - 1)]
            }
        };
        for z in 0..dst.depth {
            for y in 0..dst.height {
                for x in 0..dst.width {
                    let mut sum = [0f32; 4];
                    let mut n = 0f32;
                    for sz in pick(z, src.depth, halve_d) {
                        for sy in pick(y, src.height, halve_h) {
                            for sx in pick(x, src.width, true) {
                                src.storage.read(texel_at(src, sx, sy, sz), &mut t);
                                let v = to_linear(f, f.decode(&t));
                                for c in 0..4 {
                                    sum[c] += v[c];
                                }
                                n += 1.0;
                            }
                        }
                    }
                    f.encode(from_linear(f, sum.map(|s| s / n)), &mut t);
                    dst.storage.write(texel_at(dst, x, y, z), &t);
                }
            }
        }
    }

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
            return copy_blocks(&s, src.off, &d, dst.off, size);
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

    /// BlitFramebuffer / BlitNamedFramebuffer (GL 4.6 §18.3.1): copies a rectangle of
    /// the read framebuffer's read buffer (and depth/stencil) into every draw buffer,
    /// scaled and mirrored as the rectangles say, with NEAREST or LINEAR filtering (on
    /// the stored values: FRAMEBUFFER_SRGB is not supported, so sRGB is not decoded).
    #[allow(clippy::too_many_arguments)]
    pub fn blit_framebuffer(
        &mut self,
        read_fb: u32,
        draw_fb: u32,
        src: [i32; 4],
        dst: [i32; 4],
        mask: u32,
        filter: u32,
    ) -> GlResult<()> {
        // GL 4.6 §18.3.1 (in Mesa's order): INVALID_FRAMEBUFFER_OPERATION if either
        // framebuffer is not complete; INVALID_ENUM for a bad filter; INVALID_VALUE for
        // bits other than the buffer bits; INVALID_OPERATION for depth or stencil with
        // LINEAR.
        let rf = self.complete_fbo(read_fb)?;
        let df = self.complete_fbo(draw_fb)?;
        if filter != GL_NEAREST && filter != GL_LINEAR {
            gl_bail!(
                GL_INVALID_ENUM,
                "filter {} is not GL_NEAREST or GL_LINEAR",
                Enum(filter)
            );
        }
        let all = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
        if mask & !all != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "mask = 0x{mask:X} has bits other than the colour, depth and stencil buffer bits"
            );
        }
        if mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT) != 0 && filter != GL_NEAREST {
            gl_bail!(
                GL_INVALID_OPERATION,
                "depth and stencil are blitted with GL_NEAREST only"
            );
        }
        // GL 4.6 §18.3.1: INVALID_OPERATION if both framebuffers are multisample with
        // different sample counts, or either is and the rectangles differ in size.
        let (rs, ds) = (
            self.framebuffer_samples(read_fb),
            self.framebuffer_samples(draw_fb),
        );
        if rs > 0 && ds > 0 && rs != ds {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read framebuffer has {rs} samples and the draw framebuffer {ds}"
            );
        }
        // (Sizes compare unsigned, as Mesa: a multisample blit may mirror.)
        let size = |r: [i32; 4]| {
            [
                (r[2] as i64 - r[0] as i64).abs(),
                (r[3] as i64 - r[1] as i64).abs(),
            ]
        };
        if (rs > 0 || ds > 0) && size(src) != size(dst) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a multisample blit copies rectangles of one size (it does not scale)"
            );
        }
        // Pairs of (read, draw) attachments; a buffer missing on either side is
        // silently ignored (GL 4.6 §18.3.1).
        let mut pairs: Vec<(Attachment, Attachment)> = Vec::new();
        if mask & GL_COLOR_BUFFER_BIT != 0
            && rf.read_buffer != GL_NONE
            && let Some(r) = rf.color[(rf.read_buffer - GL_COLOR_ATTACHMENT0) as usize].clone()
        {
            for &b in df.draw_buffers.iter().filter(|&&b| b != GL_NONE) {
                if let Some(d) = df.color[(b - GL_COLOR_ATTACHMENT0) as usize].clone() {
                    pairs.push((r.clone(), d));
                }
            }
        }
        let color_pairs = pairs.len();
        for (bit, r, d) in [
            (GL_DEPTH_BUFFER_BIT, &rf.depth, &df.depth),
            (GL_STENCIL_BUFFER_BIT, &rf.stencil, &df.stencil),
        ] {
            if mask & bit != 0
                && let (Some(r), Some(d)) = (r, d)
            {
                pairs.push((r.clone(), d.clone()));
            }
        }
        let mut images = Vec::new();
        for (i, (r, d)) in pairs.iter().enumerate() {
            let (Some((ri, rz)), Some((di, dz))) = (r.image(), d.image()) else {
                continue;
            };
            let (rc, dc) = (ri.format.class(), di.format.class());
            if i < color_pairs {
                // GL 4.6 §18.3.1: INVALID_OPERATION if integer and non-integer colour
                // buffers meet, or LINEAR filters an integer buffer.
                if (rc == Class::Float) != (dc == Class::Float) {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "the read buffer ({}) and a draw buffer ({}) are not both integer or both not",
                        Enum(ri.internal),
                        Enum(di.internal)
                    );
                }
                if rc != Class::Float && filter == GL_LINEAR {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "GL_LINEAR cannot filter the integer read buffer ({})",
                        Enum(ri.internal)
                    );
                }
            } else if ri.internal != di.internal {
                // GL 4.6 §18.3.1: INVALID_OPERATION if depth or stencil formats differ.
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "the depth/stencil formats {} and {} differ",
                    Enum(ri.internal),
                    Enum(di.internal)
                );
            }
            // Source and destination may be one image with overlapping rectangles: the
            // result is undefined (GL 4.6 §18.3.1); each pixel is still read and
            // written inside the images.
            let part = if i < color_pairs {
                GL_COLOR_BUFFER_BIT
            } else if i == color_pairs
                && mask & GL_DEPTH_BUFFER_BIT != 0
                && rf.depth.is_some()
                && df.depth.is_some()
            {
                GL_DEPTH_BUFFER_BIT
            } else {
                GL_STENCIL_BUFFER_BIT
            };
            images.push((ri, rz, di, dz, part));
        }
        for (ri, rz, di, dz, part) in images {
            let linear = part == GL_COLOR_BUFFER_BIT && filter == GL_LINEAR;
            Self::blit_image(&ri, rz, &di, dz, src, dst, linear, part);
        }
        Ok(())
    }

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
        // GL 4.6 §8.6: INVALID_ENUM if internalformat is not a texture format.
        let Some(f) = internal_format(internal) else {
            gl_bail!(
                GL_INVALID_ENUM,
                "internalformat {} is not a texture format glcompute has",
                Enum(internal)
            );
        };
        let (src, rz, part) = self.copy_source(f, internal)?;
        let mut st = tex.state.lock();
        // GL 4.6 §8.19: INVALID_OPERATION if the texture's format is immutable.
        if st.immutable {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {} has immutable storage (glTexStorage*)",
                tex.name
            );
        }
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

    /// Copies one blit rectangle between two images (slices `rz` and `dz`). Draw
    /// pixels whose source lies outside the read image are left as they were.
    #[allow(clippy::too_many_arguments)]
    fn blit_image(
        r: &Level,
        rz: u32,
        d: &Level,
        dz: u32,
        src: [i32; 4],
        dst: [i32; 4],
        linear: bool,
        part: u32,
    ) {
        let (dw, dh) = (dst[2] as f64 - dst[0] as f64, dst[3] as f64 - dst[1] as f64);
        if dw == 0.0 || dh == 0.0 {
            return;
        }
        let sx = (src[2] as f64 - src[0] as f64) / dw;
        let sy = (src[3] as f64 - src[1] as f64) / dh;
        let x_range = dst[0].min(dst[2]).max(0)..dst[0].max(dst[2]).min(d.width as i32);
        let y_range = dst[1].min(dst[3]).max(0)..dst[1].max(dst[3]).min(d.height as i32);
        let (rf, df) = (r.format, d.format);
        let mut t = vec![0u8; rf.bytes()];
        let mut out = vec![0u8; df.bytes()];
        // A multisample source is resolved into a single-sample destination: its
        // colour samples averaged (one sample of integer formats), depth and stencil
        // taken from sample 0. Between two multisample images of one count (GL 4.6
        // §18.3.1) each sample is copied to the same sample.
        let same_samples = r.samples > 0 && r.samples == d.samples;
        let resolve_n = if part == GL_COLOR_BUFFER_BIT && !same_samples {
            r.samples.max(1)
        } else {
            1
        };
        // `first`: the source sample a same-count copy reads (0 otherwise).
        let fetch = |x: i64, y: i64, first: u32, t: &mut [u8]| -> [u32; 4] {
            let x = x.clamp(0, r.width as i64 - 1) as u32;
            let y = y.clamp(0, r.height as i64 - 1) as u32;
            let mut vals = [[0u32; 4]; crate::limits::MAX_SAMPLES as usize];
            let n = (resolve_n as usize).min(vals.len());
            for (s, v) in vals.iter_mut().enumerate().take(n) {
                r.storage
                    .read(r.sample_at(x, y, rz, first + s as u32) as usize, t);
                *v = rf.decode(t);
            }
            super::multisample::resolve(rf, &vals[..n])
        };
        for y in y_range {
            // The source position of the draw pixel's centre.
            let fy = src[1] as f64 + (y as f64 + 0.5 - dst[1] as f64) * sy;
            for x in x_range.clone() {
                let fx = src[0] as f64 + (x as f64 + 0.5 - dst[0] as f64) * sx;
                if fx < 0.0 || fy < 0.0 || fx >= r.width as f64 || fy >= r.height as f64 {
                    continue;
                }
                let value = |first: u32, t: &mut [u8]| -> [u32; 4] {
                    if linear {
                        let (u, w) = (fx - 0.5, fy - 0.5);
                        let (x0, y0) = (u.floor() as i64, w.floor() as i64);
                        let (a, b) = ((u - u.floor()) as f32, (w - w.floor()) as f32);
                        let mut acc = [0f32; 4];
                        for (dx, dy, wgt) in [
                            (0, 0, (1.0 - a) * (1.0 - b)),
                            (1, 0, a * (1.0 - b)),
                            (0, 1, (1.0 - a) * b),
                            (1, 1, a * b),
                        ] {
                            if wgt == 0.0 {
                                continue;
                            }
                            let s = fetch(x0 + dx, y0 + dy, first, t).map(f32::from_bits);
                            for c in 0..4 {
                                acc[c] += s[c] * wgt;
                            }
                        }
                        acc.map(f32::to_bits)
                    } else {
                        fetch(fx.floor() as i64, fy.floor() as i64, first, t)
                    }
                };
                let mut v = value(0, &mut t);
                // A multisample destination gets the value in every sample (its own
                // sample's when the counts are equal).
                for s in 0..d.samples.max(1) {
                    if same_samples && s > 0 {
                        v = value(s, &mut t);
                    }
                    let at = d.sample_at(x as u32, y as u32, dz, s) as usize;
                    if part == GL_COLOR_BUFFER_BIT {
                        df.encode(v, &mut out);
                    } else {
                        // Depth or stencil (the formats are equal): only that part of
                        // the draw texel changes.
                        d.storage.read(at, &mut out);
                        let (depth, stencil) = match (part, rf) {
                            (GL_DEPTH_BUFFER_BIT, _) => (Some(f32::from_bits(v[0])), None),
                            (_, Format::Stencil8) => (None, Some(v[0])),
                            _ => (None, Some(v[1])),
                        };
                        Self::set_depth_stencil(df, &mut out, depth, stencil);
                    }
                    d.storage.write(at, &out);
                }
            }
        }
    }
}

impl ContextState {
    /// The texture GenerateMipmap acts on (GL 4.6 §8.14.4: INVALID_ENUM if target is not
    /// a texture target with mipmaps).
    pub fn mipmap_target(&self, target: u32) -> GlResult<Arc<Texture>> {
        if !has_mipmaps(target) {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a texture target with mipmaps",
                Enum(target)
            );
        }
        self.bound_texture(target)
    }
}
