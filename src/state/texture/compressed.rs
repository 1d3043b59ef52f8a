//! Compressed texture images (GL 4.6 §8.7 and appendix C, with the compressed pixel
//! storage modes of §8.4.1): the specific compressed formats GL 4.3 core requires
//! (RGTC, BPTC, ETC2/EAC) and ASTC LDR (KHR_texture_compression_astc_ldr),
//! CompressedTex(Sub)Image* and GetCompressedTex(Sub)Image.
//!
//! A compressed level keeps its blocks (4x4 texels; ASTC's of its footprint) exactly
//! as the application gave them (GetCompressedTexImage returns them) beside its
//! decoded texels, which are stored in the uncompressed format of
//! [`Codec::texel_format`] and are what sampling, image loads, GetTexImage and copies
//! read. Only the commands of this module and
//! CopyImageSubData write a compressed level's blocks, and each decodes every block it
//! writes into the texels before it returns, so blocks and texels agree (but for blocks
//! never written: zeros, and zero texels). Commands that would write texels of
//! a compressed level without writing its blocks (TexSubImage, CopyTexSubImage, image
//! stores, clears, framebuffer attachments) refuse such levels where they check their
//! destination. Decoding is total: every block decodes, whatever its bytes.

use std::sync::Arc;

use crate::format::compressed::{Codec, codec, image_bytes, is_generic};
use crate::format::pixels::PixelModes;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::{UserIn, UserOut};
use crate::gl_bail;
use crate::limits::MAX_LEVELS;
use crate::runtime::memory::Storage;
use crate::state::context::ContextState;
use crate::state::objects::texture::{Level, Texture};
use crate::state::objects::texture::{new_level, write_texels};
use crate::state::texture::image::{Dims, pixel_buffer_range};

/// Where the blocks of a `w` x `h` x `d` texel region lie in client memory or a pixel
/// buffer under the compressed pixel storage modes (GL 4.6 §8.4.1, §8.7: with
/// COMPRESSED_BLOCK_SIZE and the block dimension set, ROW_LENGTH, IMAGE_HEIGHT and the
/// skips count texels in whole blocks; otherwise the blocks are tightly packed).
struct ClientBlocks {
    skip: u64,
    row: u64,
    slice: u64,
    /// Blocks along x, y and slices along z.
    n: [u64; 3],
    block: u64,
}

impl ClientBlocks {
    fn new(c: Codec, dims_n: u8, size: [u32; 3], m: &PixelModes) -> Option<ClientBlocks> {
        let block = c.block_bytes() as u64;
        let (bx, by) = c.blocks(size[0], size[1]);
        let n = [bx, by, size[2] as u64];
        let mut row = n[0] * block;
        let mut rows = n[1];
        let mut skip = 0u64;
        let bs = m.compressed_block[3] as u64;
        if bs != 0 && m.compressed_block[0] != 0 {
            let bw = m.compressed_block[0] as u64;
            if m.row_length != 0 {
                row = (m.row_length as u64).div_ceil(bw).checked_mul(bs)?;
            }
            skip = skip.checked_add((m.skip_pixels as u64 / bw).checked_mul(bs)?)?;
        }
        if dims_n > 1 && bs != 0 && m.compressed_block[1] != 0 {
            let bh = m.compressed_block[1] as u64;
            skip = skip.checked_add((m.skip_rows as u64 / bh).checked_mul(row)?)?;
            if m.image_height != 0 {
                rows = (m.image_height as u64).div_ceil(bh);
            }
        }
        let slice = row.checked_mul(rows)?;
        if dims_n > 2 && bs != 0 && m.compressed_block[2] != 0 {
            let bd = m.compressed_block[2] as u64;
            skip = skip.checked_add((m.skip_images as u64 / bd).checked_mul(slice)?)?;
        }
        Some(ClientBlocks {
            skip,
            row,
            slice,
            n,
            block,
        })
    }

    /// One past the last byte the region reaches.
    fn end(&self) -> Option<u64> {
        if self.n.contains(&0) {
            return Some(self.skip);
        }
        self.skip
            .checked_add((self.n[2] - 1).checked_mul(self.slice)?)?
            .checked_add((self.n[1] - 1).checked_mul(self.row)?)?
            .checked_add(self.n[0].checked_mul(self.block)?)
    }

    /// Byte offset of the first block of block row `y` of slice `z`.
    fn at(&self, y: u64, z: u64) -> u64 {
        self.skip + z * self.slice + y * self.row
    }
}

/// GL 4.6 §8.4.1 (compressed pixel storage): INVALID_OPERATION if a skip is not a
/// multiple of its block dimension while the block size and that dimension are set.
fn check_modes(dims_n: u8, m: &PixelModes) -> GlResult<()> {
    let [bw, bh, bd, bs] = m.compressed_block;
    let checks = [
        (1, bw, m.skip_pixels, "SKIP_PIXELS", "WIDTH"),
        (2, bh, m.skip_rows, "SKIP_ROWS", "HEIGHT"),
        (3, bd, m.skip_images, "SKIP_IMAGES", "DEPTH"),
    ];
    for (d, b, skip, what, dim) in checks {
        if dims_n >= d && bs != 0 && b != 0 && skip % b != 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "{what} = {skip} is not a multiple of COMPRESSED_BLOCK_{dim} = {b}"
            );
        }
    }
    Ok(())
}

/// Which texture targets a compressed image command of `dims_n` dimensions takes for
/// `c` (GL 4.6 §8.7): Err with INVALID_ENUM for targets no compressed format takes
/// with these commands, INVALID_OPERATION for a 3D texture of a format without 3D
/// images.
fn check_target(target: u32, dims_n: u8, c: Option<Codec>) -> GlResult<()> {
    let face = (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z).contains(&target);
    let ok = match dims_n {
        2 => target == GL_TEXTURE_2D || face,
        3 => {
            matches!(target, GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY)
                || target == GL_TEXTURE_3D
        }
        _ => false,
    };
    // GL 4.6 §8.7: the specific compressed formats hold 2D images only (2D, cube map
    // faces, 2D arrays and cube map arrays), and the BPTC formats 3D images too;
    // INVALID_ENUM for a target no compressed format takes.
    if !ok {
        gl_bail!(
            GL_INVALID_ENUM,
            "no compressed format has {dims_n}D images of {}",
            Enum(target)
        );
    }
    // GL 4.6 §8.7: INVALID_OPERATION for a 3D texture of an RGTC, ETC2 or EAC format
    // (and of an ASTC one: KHR_texture_compression_astc_ldr has no 3D images).
    if target == GL_TEXTURE_3D
        && let Some(c) = c
        && !c.takes_3d()
    {
        gl_bail!(
            GL_INVALID_OPERATION,
            "{} textures cannot be 3D",
            Enum(c.internal_format())
        );
    }
    Ok(())
}

/// Whether a region (checked to lie inside `l`) starts on a block boundary of `c` and
/// ends on one or at the image's edge, along x and y.
fn block_aligned(c: Codec, l: &Level, off: [i32; 3], size: [i32; 3]) -> bool {
    let lim = [l.width as i32, l.height as i32];
    let (bw, bh) = c.block_dims();
    let dim = [bw as i32, bh as i32];
    (0..2).all(|i| off[i] % dim[i] == 0 && (size[i] % dim[i] == 0 || off[i] + size[i] == lim[i]))
}

/// The source of compressed data: client memory, or the PIXEL_UNPACK buffer with
/// `data` as an offset.
enum Src<'a> {
    Client(&'a [u8]),
    Buffer(Arc<Storage>, u64),
}

impl ContextState {
    /// The bytes of `layout` that an upload reads (None: a null client pointer, which
    /// leaves the blocks as they are).
    fn compressed_source<'a>(
        &self,
        layout: &ClientBlocks,
        image_size: i32,
        data: UserIn,
    ) -> GlResult<Option<Src<'a>>> {
        // The extent must be addressable (a Rust slice holds at most isize::MAX bytes).
        let Some(end) = layout.end().filter(|&e| e <= isize::MAX as u64) else {
            gl_bail!(GL_INVALID_VALUE, "the compressed data's size overflows");
        };
        match &self.bindings.pixel_unpack {
            Some(buf) => {
                let offset = data.addr() as u64;
                let storage = pixel_buffer_range(
                    buf,
                    "GL_PIXEL_UNPACK_BUFFER",
                    offset,
                    end.max(image_size as u64),
                    1,
                    GL_UNSIGNED_BYTE,
                )?;
                Ok(Some(Src::Buffer(storage, offset)))
            }
            None => Ok(data.bytes(end as usize).map(Src::Client)),
        }
    }

    /// Writes the blocks of a region (origin in blocks) from `src` and decodes them.
    fn write_blocks(l: &Level, layout: &ClientBlocks, src: &Src, origin: [u64; 3]) -> GlResult<()> {
        let b = l.compressed.as_ref().expect("compressed level");
        // An empty region reads nothing (its extent, `end`, covers no row).
        if layout.n.contains(&0) {
            return Ok(());
        }
        let row_len = (layout.n[0] * layout.block) as usize;
        let mut row = vec![0u8; row_len];
        let tb = l.format.bytes();
        let (bw, bh) = b.codec.block_dims();
        let mut texels = vec![0u8; (bw * bh) as usize * tb];
        for z in 0..layout.n[2] {
            for y in 0..layout.n[1] {
                let at = layout.at(y, z);
                match src {
                    Src::Client(c) => row.copy_from_slice(&c[at as usize..at as usize + row_len]),
                    Src::Buffer(s, base) => s.read((base + at) as usize, &mut row),
                }
                let dst = b.offset
                    + (origin[2] + z) * b.slice_bytes(l)
                    + (origin[1] + y) * b.row_bytes(l)
                    + origin[0] * layout.block;
                b.storage.write(dst as usize, &row);
                for (x, block) in row.chunks_exact(layout.block as usize).enumerate() {
                    b.codec.decode(block, &mut texels);
                    let bx = (origin[0] + x as u64) as u32;
                    let by = (origin[1] + y) as u32;
                    write_texels(l, (bw, bh), [bx, by, (origin[2] + z) as u32], &texels);
                }
            }
        }
        Ok(())
    }

    /// CompressedTexImage1D/2D/3D (GL 4.6 §8.7).
    #[allow(clippy::too_many_arguments)]
    pub fn compressed_tex_image(
        &mut self,
        dims_n: u8,
        target: u32,
        level: i32,
        internal: u32,
        dims: Dims,
        border: i32,
        image_size: i32,
        data: UserIn,
    ) -> GlResult<()> {
        let c = codec(internal);
        // A proxy target is checked as the target it stands for (GL 4.6 §8.22).
        check_target(Self::limits_target(target), dims_n, c)?;
        // GL 4.6 §8.7: INVALID_ENUM if internalformat is not a specific compressed
        // format (the generic ones included).
        let Some(c) = c else {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} is not a specific compressed internal format",
                Enum(internal)
            );
        };
        let (tex, face) = self.image_target(target, dims_n)?;
        let fits = Self::image_dims(&tex, target, level, dims)?;
        // GL 4.6 §8.7: INVALID_OPERATION if border is not zero.
        if border != 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "border = {border}: compressed images have no border"
            );
        }
        let unpack = self.textures.pixel_store.unpack;
        check_modes(dims_n, &unpack)?;
        let cube_face =
            (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z).contains(&target);
        let (w, h, d) = (dims.w as u32, dims.h as u32, dims.d as u32);
        // GL 4.6 §8.7: INVALID_VALUE if imageSize is not the size of the image.
        let expected = image_bytes(c, w, h, d).unwrap_or(u64::MAX);
        if image_size < 0 || image_size as u64 != expected {
            gl_bail!(
                GL_INVALID_VALUE,
                "imageSize = {image_size}, but a {w}x{h}x{d} image of {} has {expected} bytes",
                Enum(internal)
            );
        }
        let layout = ClientBlocks::new(c, dims_n, [w, h, d], &unpack).ok_or_else(|| {
            crate::gl_err!(GL_INVALID_VALUE, "the compressed data's size overflows")
        })?;
        let mut st = tex.state.lock();
        st.check_mutable(tex.name)?;
        let li = level as usize;
        if st.proxy {
            let d = if st.target == GL_TEXTURE_CUBE_MAP {
                6
            } else {
                d
            };
            let l = fits
                .then(|| {
                    let blocks = image_bytes(c, w, h, d)?;
                    let f = c.texel_format();
                    crate::state::objects::texture::proxy_level(
                        [w, h, d],
                        internal,
                        f,
                        0,
                        true,
                        Some((c, blocks)),
                    )
                })
                .flatten();
            crate::state::objects::texture::set_proxy_levels(&mut st, li, 1, l, false);
            return Ok(());
        }
        let src = self.compressed_source(&layout, image_size, data)?;
        let (lvl, reused) = st.level_for_image(li, cube_face, [w, h], internal, || {
            new_level(w, h, if cube_face { 6 } else { d }, internal, c)
        })?;
        if let Some(src) = src {
            Self::write_blocks(&lvl, &layout, &src, [0, 0, face as u64])?;
        }
        st.install_level(li, lvl, cube_face.then_some(face as u32), reused);
        Ok(())
    }

    /// The texture a target-based CompressedTexSubImage* addresses (GL 4.6 §8.7:
    /// INVALID_ENUM for a target no compressed image has with this many dimensions,
    /// INVALID_OPERATION for a 3D texture of a format without 3D images).
    pub fn compressed_sub_target(
        &self,
        target: u32,
        dims_n: u8,
        format: u32,
    ) -> GlResult<Arc<Texture>> {
        check_target(target, dims_n, codec(format))?;
        self.query_target(target)
    }

    /// GL 4.6 §8.7: INVALID_OPERATION if CompressedTextureSubImage*'s texture has a
    /// target no compressed image of this many dimensions has (cube maps take the
    /// three-dimensional command, faces as z).
    pub fn compressed_texture_target(tex: &Texture, dims_n: u8, format: u32) -> GlResult<()> {
        let target = tex.state.lock().target;
        let ok = match dims_n {
            2 => target == GL_TEXTURE_2D,
            3 => {
                matches!(
                    target,
                    GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_CUBE_MAP
                ) || (target == GL_TEXTURE_3D && codec(format).is_none_or(|c| c.takes_3d()))
            }
            _ => false,
        };
        if !ok {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {} ({}) has no compressed {dims_n}D images",
                tex.name,
                Enum(target)
            );
        }
        Ok(())
    }

    /// CompressedTexSubImage* and CompressedTextureSubImage* (GL 4.6 §8.7).
    #[allow(clippy::too_many_arguments)]
    pub fn compressed_tex_sub_image(
        &mut self,
        tex: Arc<Texture>,
        dims_n: u8,
        face_target: Option<u32>,
        level: i32,
        off: [i32; 3],
        size: [i32; 3],
        format: u32,
        image_size: i32,
        data: UserIn,
    ) -> GlResult<()> {
        // GL 4.6 §8.7: INVALID_ENUM if format is a generic compressed format.
        if is_generic(format) {
            gl_bail!(
                GL_INVALID_ENUM,
                "format {} is a generic compressed format",
                Enum(format)
            );
        }
        let (l, face, target) = Self::sub_level(&tex, face_target, level)?;
        // GL 4.6 §8.7: INVALID_OPERATION if format does not match the image's
        // internal format (as Mesa, for a format that is not compressed too).
        let c = match &l.compressed {
            Some(b) if l.internal == format => b.codec,
            _ => gl_bail!(
                GL_INVALID_OPERATION,
                "format {} is not the internal format {} of the level",
                Enum(format),
                Enum(l.internal)
            ),
        };
        let unpack = self.textures.pixel_store.unpack;
        check_modes(dims_n, &unpack)?;
        // GL 4.6 §8.7: INVALID_VALUE if imageSize is not the size of the region.
        let dims_ok = size.iter().all(|&s| s >= 0);
        let expected = if dims_ok {
            image_bytes(c, size[0] as u32, size[1] as u32, size[2] as u32).unwrap_or(u64::MAX)
        } else {
            u64::MAX
        };
        if dims_ok && (image_size < 0 || image_size as u64 != expected) {
            gl_bail!(
                GL_INVALID_VALUE,
                "imageSize = {image_size}, but the {}x{}x{} region has {expected} bytes",
                size[0],
                size[1],
                size[2]
            );
        }
        // CompressedTextureSubImage3D addresses a cube map's faces as z (GL 4.6 §8.7).
        let by_name_cube = target == GL_TEXTURE_CUBE_MAP && face_target.is_none();
        let check = if by_name_cube {
            GL_TEXTURE_2D_ARRAY
        } else {
            target
        };
        Self::check_region(&l, check, off, size)?;
        // GL 4.6 §8.7: INVALID_OPERATION if the region does not start on a block
        // boundary, or does not end on one short of the image's edge.
        let (bw, bh) = c.block_dims();
        if !block_aligned(c, &l, off, size) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the region at ({}, {}) of {}x{} texels is not aligned to {bw}x{bh} blocks",
                off[0],
                off[1],
                size[0],
                size[1]
            );
        }
        let z = if target == GL_TEXTURE_CUBE_MAP && !by_name_cube {
            face as u64
        } else {
            off[2] as u64
        };
        let size = [size[0] as u32, size[1] as u32, size[2] as u32];
        let layout = ClientBlocks::new(c, dims_n, size, &unpack).ok_or_else(|| {
            crate::gl_err!(GL_INVALID_VALUE, "the compressed data's size overflows")
        })?;
        if let Some(src) = self.compressed_source(&layout, image_size, data)? {
            let origin = [(off[0] as u32 / bw) as u64, (off[1] as u32 / bh) as u64, z];
            Self::write_blocks(&l, &layout, &src, origin)?;
        }
        Ok(())
    }

    /// GetCompressedTexImage, GetnCompressedTexImage, GetCompressedTextureImage and
    /// GetCompressedTextureSubImage (GL 4.6 §8.11.4): copies the blocks of a region
    /// (`region`: offset and size in texels; None: the whole level, or the face a
    /// target names) into client memory or the PIXEL_PACK buffer.
    pub fn get_compressed_tex_image(
        &mut self,
        tex: Arc<Texture>,
        face_target: Option<u32>,
        level: i32,
        region: Option<([i32; 3], [i32; 3])>,
        buf_size: Option<i64>,
        out: UserOut,
    ) -> GlResult<()> {
        // GL 4.6 §8.11.4: INVALID_VALUE for a level outside the texture's range.
        if level < 0 || level as usize >= MAX_LEVELS {
            gl_bail!(GL_INVALID_VALUE, "level = {level} is out of range");
        }
        let (l, face, target) = Self::sub_level(&tex, face_target, level)?;
        // GL 4.6 §8.11.4: INVALID_OPERATION if the image is not compressed.
        let Some(b) = l.compressed.clone() else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "level {level} of texture {} ({}) is not compressed",
                tex.name,
                Enum(l.internal)
            );
        };
        let cube = target == GL_TEXTURE_CUBE_MAP;
        let (off, size) = match region {
            Some((off, size)) => {
                let check = if cube { GL_TEXTURE_2D_ARRAY } else { target };
                Self::check_region(&l, check, off, size)?;
                // GL 4.6 §8.11.4: INVALID_VALUE if a 2D image's region is not one
                // slice at z = 0, or is not aligned to blocks (short of the edge).
                if target == GL_TEXTURE_2D && (off[2] != 0 || size[2] != 1) {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "zoffset = {} and depth = {} of a 2D image must be 0 and 1",
                        off[2],
                        size[2]
                    );
                }
                if !block_aligned(b.codec, &l, off, size) {
                    let (bw, bh) = b.codec.block_dims();
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "the region is not aligned to {bw}x{bh} blocks"
                    );
                }
                (
                    [off[0] as u32, off[1] as u32, off[2] as u32],
                    [size[0] as u32, size[1] as u32, size[2] as u32],
                )
            }
            None if cube && face_target.is_some_and(|t| t != GL_TEXTURE_CUBE_MAP) => {
                ([0, 0, face], [l.width, l.height, 1])
            }
            None => ([0, 0, 0], [l.width, l.height, l.depth]),
        };
        let pack = self.textures.pixel_store.pack;
        // A cube map face is a 2D image; the whole cube (by name) is 3D.
        let one_face = face_target.is_some_and(|t| t != GL_TEXTURE_CUBE_MAP);
        let dims_n = if matches!(
            target,
            GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_3D | GL_TEXTURE_CUBE_MAP
        ) && !one_face
        {
            3
        } else {
            2
        };
        check_modes(dims_n, &pack)?;
        let Some(layout) = ClientBlocks::new(b.codec, dims_n, size, &pack) else {
            gl_bail!(GL_INVALID_VALUE, "the compressed data's size overflows");
        };
        let Some(end) = layout.end().filter(|&e| e <= isize::MAX as u64) else {
            gl_bail!(GL_INVALID_VALUE, "the compressed data's size overflows");
        };
        if let Some(n) = buf_size
            && (n < 0 || end > n as u64)
        {
            // GL 4.6 §8.11.4: INVALID_OPERATION if the data would not fit bufSize.
            gl_bail!(
                GL_INVALID_OPERATION,
                "the image needs {end} bytes, more than bufSize = {n}"
            );
        }
        let row_len = (layout.n[0] * layout.block) as usize;
        let mut row = vec![0u8; row_len];
        let mut dst = match &self.bindings.pixel_pack {
            Some(buf) => {
                let offset = out.as_ptr() as u64;
                let storage = pixel_buffer_range(
                    buf,
                    "GL_PIXEL_PACK_BUFFER",
                    offset,
                    end,
                    1,
                    GL_UNSIGNED_BYTE,
                )?;
                Dst::Buffer(storage, offset)
            }
            None => match out.bytes(end as usize) {
                Some(b) => Dst::Client(b),
                None => return Ok(()),
            },
        };
        // An empty region writes nothing (its extent, `end`, covers no row).
        if layout.n.contains(&0) {
            return Ok(());
        }
        let (bw, bh) = b.codec.block_dims();
        let origin = [(off[0] / bw) as u64, (off[1] / bh) as u64, off[2] as u64];
        for z in 0..layout.n[2] {
            for y in 0..layout.n[1] {
                let src = b.offset
                    + (origin[2] + z) * b.slice_bytes(&l)
                    + (origin[1] + y) * b.row_bytes(&l)
                    + origin[0] * layout.block;
                b.storage.read(src as usize, &mut row);
                let at = layout.at(y, z);
                match &mut dst {
                    Dst::Client(c) => c[at as usize..at as usize + row_len].copy_from_slice(&row),
                    Dst::Buffer(s, base) => s.write((*base + at) as usize, &row),
                }
            }
        }
        Ok(())
    }
}

enum Dst<'a> {
    Client(&'a mut [u8]),
    Buffer(Arc<Storage>, u64),
}

impl ContextState {
    /// GL 4.6 §8.11.4: INVALID_ENUM for a target GetCompressedTexImage does not take (a
    /// cube map is read face by face; buffer and rectangle textures are never compressed
    /// but are targets of the query, as for GetTexImage).
    pub fn compressed_get_target(&self, target: u32) -> GlResult<Arc<Texture>> {
        if matches!(
            target,
            GL_TEXTURE_CUBE_MAP
                | GL_TEXTURE_BUFFER
                | GL_TEXTURE_2D_MULTISAMPLE
                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        ) {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a glGetCompressedTexImage target",
                Enum(target)
            );
        }
        self.query_target(target)
    }
}
