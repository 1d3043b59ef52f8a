//! Image specification (GL 4.6 §8.5, §8.6): TexImage1D/2D/3D and TexSubImage1D/2D/3D
//! (and the DSA TextureSubImage forms), the size, target and format checks they share
//! with the other image commands, and unpacking client pixels or a pixel unpack buffer
//! into a level.

use crate::format::internal::internal_format;
use crate::format::pixels::{Client, ClientLayout};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::UserIn;
use crate::gl_bail;
use crate::limits::{
    MAX_3D_TEXTURE_SIZE, MAX_ARRAY_TEXTURE_LAYERS, MAX_CUBE_MAP_TEXTURE_SIZE, MAX_LEVELS,
    MAX_RECTANGLE_TEXTURE_SIZE, MAX_TEXTURE_SIZE,
};
use crate::runtime::memory::Storage;
use crate::state::context::ContextState;
use crate::state::objects::buffer::Buffer;
use crate::state::objects::texture::{FACES, Level, Texture};
use std::sync::Arc;

impl ContextState {
    /// The texture a TexImage-family command acts on: `target` may be a cube face.
    /// Returns the texture and the face (0 for other targets).
    pub fn image_target(&self, target: u32, dims: u8) -> GlResult<(Arc<Texture>, usize)> {
        // A proxy target is accepted where its texture target is (a proxy cube map by
        // the 2D commands, as its faces are).
        let real = Self::limits_target(target);
        let ok = match dims {
            1 => real == GL_TEXTURE_1D,
            2 => {
                matches!(
                    real,
                    GL_TEXTURE_2D | GL_TEXTURE_1D_ARRAY | GL_TEXTURE_RECTANGLE
                ) || FACES.contains(&real)
            }
            _ => matches!(
                real,
                GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY
            ),
        };
        // GL 4.6 §8.5: INVALID_ENUM if target is not one the command accepts.
        if !ok {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a {dims}D image target",
                Enum(target)
            );
        }
        if let Some(proxy) = self.proxy_texture(target) {
            return Ok((proxy, 0));
        }
        match FACES.iter().position(|&f| f == target) {
            Some(face) => Ok((self.bound_texture(GL_TEXTURE_CUBE_MAP)?, face)),
            None => Ok((self.bound_texture(target)?, 0)),
        }
    }

    /// The target whose limits apply to an image command's `target`: a proxy's real
    /// target, a proxy cube map's faces.
    pub(super) fn limits_target(target: u32) -> u32 {
        match crate::state::objects::texture::unproxy(target) {
            Some(GL_TEXTURE_CUBE_MAP) => GL_TEXTURE_CUBE_MAP_POSITIVE_X,
            Some(t) => t,
            None => target,
        }
    }

    /// The size and level checks of an image command on `tex` (see [`Self::dims_fit`]):
    /// whether the image fits the limits, which only a proxy texture may be told
    /// without an error.
    pub(super) fn image_dims(tex: &Texture, target: u32, level: i32, dims: Dims) -> GlResult<bool> {
        if tex.state.lock().proxy {
            Self::dims_fit(Self::limits_target(target), level, dims)
        } else {
            Self::check_dims(target, level, dims).map(|()| true)
        }
    }

    /// GL 4.6 §8.5: size and level checks shared by TexImage and TexStorage.
    pub fn check_dims(target: u32, level: i32, d: Dims) -> GlResult<()> {
        if !Self::dims_fit(target, level, d)? {
            // GL 4.6 §8.5: INVALID_VALUE if a size is larger than the maximum.
            gl_bail!(
                GL_INVALID_VALUE,
                "size {}x{}x{} is larger than a {} texture allows",
                d.w,
                d.h,
                d.d,
                Enum(target)
            );
        }
        Ok(())
    }

    /// The checks of [`Self::check_dims`] but for the maximum sizes: Ok(false) when a
    /// size is larger than the maximum, which a proxy target answers by clearing its
    /// image (GL 4.6 §8.22) where the others fail.
    pub(super) fn dims_fit(target: u32, level: i32, d: Dims) -> GlResult<bool> {
        let (max_w, max_h, max_d) = match target {
            GL_TEXTURE_1D => (MAX_TEXTURE_SIZE, 1, 1),
            GL_TEXTURE_2D => (MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE, 1),
            GL_TEXTURE_1D_ARRAY => (MAX_TEXTURE_SIZE, MAX_ARRAY_TEXTURE_LAYERS, 1),
            GL_TEXTURE_RECTANGLE => (MAX_RECTANGLE_TEXTURE_SIZE, MAX_RECTANGLE_TEXTURE_SIZE, 1),
            GL_TEXTURE_3D => (
                MAX_3D_TEXTURE_SIZE,
                MAX_3D_TEXTURE_SIZE,
                MAX_3D_TEXTURE_SIZE,
            ),
            GL_TEXTURE_2D_ARRAY => (MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE, MAX_ARRAY_TEXTURE_LAYERS),
            GL_TEXTURE_CUBE_MAP_ARRAY => (
                MAX_CUBE_MAP_TEXTURE_SIZE,
                MAX_CUBE_MAP_TEXTURE_SIZE,
                MAX_ARRAY_TEXTURE_LAYERS,
            ),
            _ => (MAX_CUBE_MAP_TEXTURE_SIZE, MAX_CUBE_MAP_TEXTURE_SIZE, 1),
        };
        // GL 4.6 §8.5: INVALID_VALUE if level is negative or above log2 of the
        // maximum size; rectangle textures have level 0 only.
        let max_level = 31 - (max_w.max(max_d) as u32).leading_zeros() as i32;
        if level < 0 || level > max_level || (target == GL_TEXTURE_RECTANGLE && level != 0) {
            gl_bail!(
                GL_INVALID_VALUE,
                "level = {level} is not a level a {} texture has",
                Enum(target)
            );
        }
        // GL 4.6 §8.5: INVALID_VALUE if a size is negative.
        if d.w < 0 || d.h < 0 || d.d < 0 {
            gl_bail!(GL_INVALID_VALUE, "size {}x{}x{} is negative", d.w, d.h, d.d);
        }
        // GL 4.6 §8.5: INVALID_VALUE if a cube map face is not square; §8.5.3: a cube
        // map array's depth must be a multiple of six.
        if (FACES.contains(&target) || target == GL_TEXTURE_CUBE_MAP_ARRAY) && d.w != d.h {
            gl_bail!(
                GL_INVALID_VALUE,
                "cube map images must be square (width {} != height {})",
                d.w,
                d.h
            );
        }
        if target == GL_TEXTURE_CUBE_MAP_ARRAY && d.d % 6 != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "depth = {} of a cube map array is not a multiple of 6",
                d.d
            );
        }
        // GL 4.6 §8.5: the maximum sizes are those of level 0; level `level` of a
        // mipmap chain is smaller by 2^level (layers of arrays excepted).
        let at_level = |m: i32| (m >> level).max(1);
        let max_h = if target == GL_TEXTURE_1D_ARRAY {
            max_h
        } else {
            at_level(max_h)
        };
        let max_d = if target == GL_TEXTURE_3D {
            at_level(max_d)
        } else {
            max_d
        };
        Ok(d.w <= at_level(max_w) && d.h <= max_h && d.d <= max_d)
    }

    /// The pixel source of an upload: client memory, or the PIXEL_UNPACK buffer with
    /// `data` as an offset (GL 4.6 §8.4.4.1), checked to hold `layout`'s extent.
    fn unpack_bytes<'a>(
        &self,
        client: &Client,
        layout: &ClientLayout,
        data: UserIn,
    ) -> GlResult<Option<Src<'a>>> {
        match &self.bindings.pixel_unpack {
            Some(buf) => {
                let offset = data.addr() as u64;
                let storage = pixel_buffer_range(
                    buf,
                    "GL_PIXEL_UNPACK_BUFFER",
                    offset,
                    layout.end,
                    client.elem_bytes() as u64,
                    client.ty,
                )?;
                Ok(Some(Src::Buffer(storage, offset)))
            }
            None => Ok(data.bytes(layout.end as usize).map(Src::Client)),
        }
    }

    /// Copies a client image into `level` at (x, y, z), converting each pixel.
    #[allow(clippy::too_many_arguments)]
    fn upload(
        &self,
        level: &Level,
        client: &Client,
        data: UserIn,
        at: [u32; 3],
        size: [u32; 3],
        unpack: &crate::format::pixels::PixelModes,
    ) -> GlResult<()> {
        let [w, h, d] = size;
        let Some(layout) = ClientLayout::new(client, unpack, w, h, d) else {
            gl_bail!(GL_INVALID_VALUE, "the pixel data's size overflows");
        };
        let Some(src) = self.unpack_bytes(client, &layout, data)? else {
            return Ok(());
        };
        // An empty region reads nothing (the layout's extent covers no row of it).
        if size.contains(&0) {
            return Ok(());
        }
        let f = level.format;
        let tb = f.bytes();
        let class = f.class();
        let swap = unpack.swap_bytes;
        let mut row_src = vec![0u8; (w as u64 * layout.pixel) as usize];
        let mut row_dst = vec![0u8; w as usize * tb];
        for z in 0..d as u64 {
            for y in 0..h as u64 {
                let off = layout.start + z * layout.image + y * layout.row;
                match &src {
                    Src::Client(b) => {
                        let n = row_src.len();
                        row_src.copy_from_slice(&b[off as usize..off as usize + n])
                    }
                    Src::Buffer(s, base) => s.read((base + off) as usize, &mut row_src),
                }
                for x in 0..w as usize {
                    let p = &row_src[x * layout.pixel as usize..];
                    let v = client.unpack(p, swap, class);
                    f.encode(v, &mut row_dst[x * tb..x * tb + tb]);
                }
                let dst = level.sample_at(at[0], at[1] + y as u32, at[2] + z as u32, 0);
                level.storage.write(dst as usize, &row_dst);
            }
        }
        Ok(())
    }

    /// TexImage1D/2D/3D (GL 4.6 §8.5).
    #[allow(clippy::too_many_arguments)]
    pub fn tex_image(
        &mut self,
        dims_n: u8,
        target: u32,
        level: i32,
        internal: i32,
        dims: Dims,
        border: i32,
        format: u32,
        ty: u32,
        data: UserIn,
    ) -> GlResult<()> {
        let (tex, face) = self.image_target(target, dims_n)?;
        if self.info.es {
            crate::format::es::check_client(format, ty)?;
            // OpenGL ES 3.2 §8.5: INVALID_VALUE if internalformat is not one of tables
            // 8.2 and 8.3 (compressed formats take CompressedTexImage only).
            if !crate::format::es::is_tex_image_format(internal as u32) {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "internalformat {} is not a TexImage internal format of OpenGL ES",
                    Enum(internal as u32)
                );
            }
        }
        // GL 4.6 §8.5: a compressed internal format is replaced by its base internal
        // format (glcompute does not compress images itself).
        let internal = crate::format::compressed::uncompressed_replacement(internal as u32);
        let client = if self.info.es {
            Client::new(crate::format::es::client_format(format), ty)?
        } else {
            Client::new(format, ty)?
        };
        let fits = Self::image_dims(&tex, target, level, dims)?;
        // GL 4.6 §8.5: INVALID_VALUE if border is not zero.
        if border != 0 {
            gl_bail!(GL_INVALID_VALUE, "border = {border} is not 0");
        }
        // GL 4.6 §8.5: INVALID_VALUE if internalformat is not an accepted format.
        let legacy = if self.info.es {
            crate::format::es::legacy(internal).map(|l| l.storage)
        } else {
            None
        };
        let Some(f) = internal_format(internal).or(legacy) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "internalformat {} is not a texture format glcompute has",
                Enum(internal)
            );
        };
        client.check_compatible(f, "internal format")?;
        if self.info.es {
            crate::format::es::check_combination(internal, format, ty)?;
        }
        if f.has_depth() && Self::limits_target(target) == GL_TEXTURE_3D {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a 3D texture cannot have the depth format {}",
                Enum(internal)
            );
        }
        let mut st = tex.state.lock();
        st.check_mutable(tex.name)?;
        let cube = st.target == GL_TEXTURE_CUBE_MAP;
        let (w, h, d) = (
            dims.w as u32,
            dims.h as u32,
            if cube { 6 } else { dims.d as u32 },
        );
        let li = level as usize;
        if st.proxy {
            let l = fits
                .then(|| {
                    crate::state::objects::texture::proxy_level(
                        [w, h, d],
                        internal,
                        f,
                        0,
                        true,
                        None,
                    )
                })
                .flatten();
            crate::state::objects::texture::set_proxy_levels(&mut st, li, 1, l, false);
            return Ok(());
        }
        let (lvl, reused) = st.level_for_image(li, cube, [w, h], internal, || {
            Level::new(w, h, d, internal, f)
        })?;
        let unpack = self.textures.pixel_store.unpack;
        self.upload(
            &lvl,
            &client,
            data,
            [0, 0, face as u32],
            [w, h, if cube { 1 } else { d }],
            &unpack,
        )?;
        st.install_level(li, lvl, cube.then_some(face as u32), reused);
        Ok(())
    }

    /// The level image a sub-image command addresses, and its face for cube maps.
    pub fn sub_level(
        tex: &Texture,
        target: Option<u32>,
        level: i32,
    ) -> GlResult<(Level, u32, u32)> {
        let st = tex.state.lock();
        let face = match target {
            Some(t) => FACES.iter().position(|&f| f == t).map(|f| f as u32),
            None => None,
        };
        let l = usize::try_from(level)
            .ok()
            .and_then(|i| st.levels.get(i))
            .and_then(|l| l.clone());
        // GL 4.6 §8.6: INVALID_VALUE for a level outside the texture's range;
        // INVALID_OPERATION if the level has no image.
        if level < 0 || level as usize >= MAX_LEVELS {
            gl_bail!(GL_INVALID_VALUE, "level = {level} is out of range");
        }
        match l {
            Some(l) => Ok((l, face.unwrap_or(0), st.target)),
            None => gl_bail!(
                GL_INVALID_OPERATION,
                "level {level} of texture {} has no image",
                tex.name
            ),
        }
    }

    /// Checks a sub-region against a level (GL 4.6 §8.6: INVALID_VALUE if it does not
    /// lie inside the image).
    pub fn check_region(l: &Level, target: u32, off: [i32; 3], size: [i32; 3]) -> GlResult<()> {
        let depth = if target == GL_TEXTURE_CUBE_MAP {
            1
        } else {
            l.depth
        };
        let lim = [l.width, l.height, depth];
        for i in 0..3 {
            let end = off[i] as i64 + size[i] as i64;
            if off[i] < 0 || size[i] < 0 || end > lim[i] as i64 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "region offset ({}, {}, {}) size ({}, {}, {}) is not inside the {}x{}x{} image",
                    off[0],
                    off[1],
                    off[2],
                    size[0],
                    size[1],
                    size[2],
                    lim[0],
                    lim[1],
                    lim[2]
                );
            }
        }
        Ok(())
    }

    /// TexSubImage* and TextureSubImage* (GL 4.6 §8.6). `target` is the cube face for
    /// TexSubImage2D of a cube map.
    #[allow(clippy::too_many_arguments)]
    pub fn tex_sub_image(
        &mut self,
        tex: Arc<Texture>,
        face_target: Option<u32>,
        level: i32,
        off: [i32; 3],
        size: [i32; 3],
        format: u32,
        ty: u32,
        data: UserIn,
    ) -> GlResult<()> {
        let client = if self.info.es {
            crate::format::es::check_client(format, ty)?;
            Client::new(crate::format::es::client_format(format), ty)?
        } else {
            Client::new(format, ty)?
        };
        let (l, face, target) = Self::sub_level(&tex, face_target, level)?;
        let (check, z) = cube_addressing(target, face_target, face, off[2]);
        Self::check_region(&l, check, off, size)?;
        refuse_compressed(&l, "glTexSubImage")?;
        refuse_multisample(&l, "glTexSubImage")?;
        client.check_compatible(l.format, "texture's internal format")?;
        if self.info.es {
            crate::format::es::check_combination(l.internal, format, ty)?;
        }
        let unpack = self.textures.pixel_store.unpack;
        self.upload(
            &l,
            &client,
            data,
            [off[0] as u32, off[1] as u32, z],
            [size[0] as u32, size[1] as u32, size[2] as u32],
            &unpack,
        )
    }
}

/// GL 4.6 §8.6, §8.7: INVALID_OPERATION for a command that writes texels of a
/// compressed image other than through its blocks (glcompute compresses nothing).
pub fn refuse_compressed(l: &Level, what: &str) -> GlResult<()> {
    if l.compressed.is_some() {
        gl_bail!(
            GL_INVALID_OPERATION,
            "{what} cannot write an image of the compressed format {}: glcompute does not compress images; use the glCompressedTex*Image commands",
            Enum(l.internal)
        );
    }
    Ok(())
}

/// GL 4.6 §8.6, §8.11: INVALID_OPERATION for a pixel transfer to or from a
/// multisample image (only the multisample commands, clears, copies and blits take
/// them).
pub(super) fn refuse_multisample(l: &Level, what: &str) -> GlResult<()> {
    if l.samples > 0 {
        gl_bail!(
            GL_INVALID_OPERATION,
            "{what} does not transfer pixels of a multisample image"
        );
    }
    Ok(())
}

/// The dimensions a TexImage/TexStorage command gives, for checks by target.
#[derive(Debug, Clone, Copy)]
pub struct Dims {
    pub w: i32,
    pub h: i32,
    pub d: i32,
}

/// How a sub-image command addresses a level of `target`: the target its region is
/// checked as and the first layer. A cube map face target (`face_target`) names face
/// `face`; a cube map named by texture (the DSA commands, GL 4.6 §8.6) takes its faces
/// as z, like a 2D array of six layers.
pub fn cube_addressing(target: u32, face_target: Option<u32>, face: u32, z: i32) -> (u32, u32) {
    match (target, face_target) {
        (GL_TEXTURE_CUBE_MAP, Some(_)) => (GL_TEXTURE_CUBE_MAP, face),
        (GL_TEXTURE_CUBE_MAP, None) => (GL_TEXTURE_2D_ARRAY, z as u32),
        _ => (target, z as u32),
    }
}

/// The storage of a PIXEL_UNPACK or PIXEL_PACK buffer that a transfer of `len` bytes at
/// byte `offset` uses (GL 4.6 §8.4.4.1, §18.2.8 / §8.11): INVALID_OPERATION if the
/// buffer is mapped (without MAP_PERSISTENT_BIT), if the offset is not a multiple of
/// the client type's size, or if the bytes pass the buffer's end.
pub fn pixel_buffer_range(
    buf: &Buffer,
    what: &str,
    offset: u64,
    len: u64,
    elem_bytes: u64,
    ty: u32,
) -> GlResult<Arc<Storage>> {
    let st = buf.state.lock();
    if st.mapped_non_persistent() {
        gl_bail!(GL_INVALID_OPERATION, "the {what} {} is mapped", buf.name);
    }
    if !offset.is_multiple_of(elem_bytes) {
        gl_bail!(
            GL_INVALID_OPERATION,
            "offset {offset} into the {what} is not a multiple of the size of {}",
            Enum(ty)
        );
    }
    if offset.checked_add(len).is_none_or(|e| e > st.size() as u64) {
        gl_bail!(
            GL_INVALID_OPERATION,
            "{len} bytes at offset {offset} pass the end of the {what} {} ({} bytes)",
            buf.name,
            st.size()
        );
    }
    Ok(st.storage.clone())
}

pub enum Src<'a> {
    Client(&'a [u8]),
    Buffer(Arc<Storage>, u64),
}

impl ContextState {
    /// The texture and target a target-based TexSubImage*D (or CopyTexSubImage*D) of
    /// `n` dimensions addresses: a cube map face names its face.
    pub fn sub_image_target(&self, target: u32, n: u8) -> GlResult<(Arc<Texture>, u32)> {
        let face =
            (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z).contains(&target);
        let ok = match n {
            1 => target == GL_TEXTURE_1D,
            2 => {
                face || matches!(
                    target,
                    GL_TEXTURE_2D | GL_TEXTURE_1D_ARRAY | GL_TEXTURE_RECTANGLE
                )
            }
            _ => matches!(
                target,
                GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY
            ),
        };
        // GL 4.6 §8.6: INVALID_ENUM if target is not one the command accepts.
        if !ok {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a {n}D image target",
                Enum(target)
            );
        }
        Ok((self.query_target(target)?, target))
    }

    /// The texture of a TextureSubImage*D or CopyTextureSubImage*D command of `n`
    /// dimensions. GL 4.6 §8.6 (table 8.15): INVALID_OPERATION if the texture's target
    /// takes no `n`-dimensional sub-images; a cube map takes the 3D forms, its faces
    /// addressed as z.
    pub fn sub_image_texture(&self, texture: u32, n: u8) -> GlResult<Arc<Texture>> {
        let t = self.named_texture(texture)?;
        let target = t.state.lock().target;
        let ok = match n {
            1 => target == GL_TEXTURE_1D,
            2 => matches!(
                target,
                GL_TEXTURE_2D | GL_TEXTURE_1D_ARRAY | GL_TEXTURE_RECTANGLE
            ),
            _ => matches!(
                target,
                GL_TEXTURE_3D
                    | GL_TEXTURE_2D_ARRAY
                    | GL_TEXTURE_CUBE_MAP_ARRAY
                    | GL_TEXTURE_CUBE_MAP
            ),
        };
        if !ok {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {texture} ({}) has no {n}D images",
                Enum(target)
            );
        }
        Ok(t)
    }
}
