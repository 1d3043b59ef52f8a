//! Texture objects (GL 4.6 chapter 8): names and targets, texture units, the images
//! of each level (TexImage*, TexStorage*, TexSubImage*, GetTexImage), parameters and
//! level queries, pixel store state, and the image units (§8.26) with the descriptor
//! table a dispatch hands the runtime. A level's texels are stored tightly packed in
//! the internal format (x, then y, then z: layers of arrays, faces of cube maps).

use crate::format::internal::{
    component_type, image_unit_format, internal_format, is_image_format, is_unsized,
};
use crate::format::pixels::{Client, ClientLayout};
use crate::format::texel::Format;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::{UserIn, UserOut};
use crate::gl_bail;
use crate::limits::{
    MAX_3D_TEXTURE_SIZE, MAX_ARRAY_TEXTURE_LAYERS, MAX_COMBINED_TEXTURE_IMAGE_UNITS,
    MAX_CUBE_MAP_TEXTURE_SIZE, MAX_IMAGE_UNITS, MAX_LEVELS, MAX_RECTANGLE_TEXTURE_SIZE,
    MAX_TEXTURE_SIZE,
};
use crate::runtime::image::{self as rt, ImageDesc, ImageTable};
use crate::runtime::memory::Storage;
use crate::state::context::ContextState;
use crate::state::objects::buffer::Buffer;
use crate::state::objects::sampler::{SamplerParams, TexValue};
use crate::state::objects::texture::{FACES, ImageUnit, Level, Texture, target_index};
use std::sync::Arc;

/// GL 4.6 §8.6, §8.7: INVALID_OPERATION for a command that writes texels of a
/// compressed image other than through its blocks (glcompute compresses nothing).
pub(super) fn refuse_compressed(l: &Level, what: &str) -> GlResult<()> {
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
pub(super) fn cube_addressing(
    target: u32,
    face_target: Option<u32>,
    face: u32,
    z: i32,
) -> (u32, u32) {
    match (target, face_target) {
        (GL_TEXTURE_CUBE_MAP, Some(_)) => (GL_TEXTURE_CUBE_MAP, face),
        (GL_TEXTURE_CUBE_MAP, None) => (GL_TEXTURE_2D_ARRAY, z as u32),
        _ => (target, z as u32),
    }
}

impl ContextState {
    /// The texture bound to `target` on the active unit (the default texture for 0).
    pub fn bound_texture(&self, target: u32) -> GlResult<Arc<Texture>> {
        let Some(i) = target_index(target) else {
            // GL 4.6 §8.1: INVALID_ENUM if target is not a texture target.
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a texture target",
                Enum(target)
            );
        };
        let t = &self.textures;
        Ok(t.units[t.active as usize][i]
            .clone()
            .unwrap_or_else(|| t.defaults[i].clone()))
    }

    /// A texture object by name for the DSA commands.
    pub fn named_texture(&self, name: u32) -> GlResult<Arc<Texture>> {
        match self.shared.textures.lock().get(name) {
            Some(t) => Ok(t.clone()),
            // GL 4.6 §8.1 and the DSA commands: INVALID_OPERATION if texture is not
            // the name of an existing texture object.
            None => gl_bail!(
                GL_INVALID_OPERATION,
                "texture = {name} is not the name of an existing texture object"
            ),
        }
    }

    pub fn gen_textures(&mut self, n: usize, create: Option<u32>) -> GlResult<Vec<u32>> {
        if let Some(target) = create
            && target_index(target).is_none()
        {
            // GL 4.6 §8.1: INVALID_ENUM if target is not a texture target.
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a texture target",
                Enum(target)
            );
        }
        let mut table = self.shared.textures.lock();
        Ok((0..n)
            .map(|_| {
                let name = table.alloc();
                if let Some(target) = create {
                    table.set(name, Texture::new(name, target));
                }
                name
            })
            .collect())
    }

    pub fn delete_textures(&mut self, names: &[u32]) {
        for &name in names {
            if name == 0 {
                continue;
            }
            let removed = self.shared.textures.lock().remove(name);
            let Some(tex) = removed else { continue };
            // GL 4.6 §8.1: a deleted texture is unbound from every unit of this
            // context, and from the image units (§8.26).
            for unit in &mut self.textures.units {
                for slot in unit.iter_mut() {
                    if slot.as_ref().is_some_and(|t| Arc::ptr_eq(t, &tex)) {
                        *slot = None;
                    }
                }
            }
            for img in &mut self.textures.images {
                if img.texture.as_ref().is_some_and(|t| Arc::ptr_eq(t, &tex)) {
                    *img = ImageUnit::default();
                }
            }
            self.detach_texture(&tex);
        }
    }

    pub fn is_texture(&self, name: u32) -> bool {
        self.shared.textures.lock().get(name).is_some()
    }

    /// BindTexture (GL 4.6 §8.1).
    pub fn bind_texture(&mut self, target: u32, name: u32) -> GlResult<()> {
        let Some(i) = target_index(target) else {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a texture target",
                Enum(target)
            );
        };
        let tex = if name == 0 {
            None
        } else {
            let mut table = self.shared.textures.lock();
            // GL 4.6 §8.1: INVALID_OPERATION if texture is not zero or a name from
            // GenTextures (or it was deleted).
            if !table.is_name(name) {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "texture = {name} is not a name returned by glGenTextures"
                );
            }
            let t = match table.get(name) {
                Some(t) => t.clone(),
                None => {
                    let t = Texture::new(name, target);
                    table.set(name, t.clone());
                    t
                }
            };
            let have = t.state.lock().target;
            // GL 4.6 §8.1: INVALID_OPERATION if the texture was created with another
            // target.
            if have != target {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "texture {name} is a {} texture, not {}",
                    Enum(have),
                    Enum(target)
                );
            }
            Some(t)
        };
        let a = self.textures.active as usize;
        self.textures.units[a][i] = tex;
        Ok(())
    }

    /// ActiveTexture (GL 4.6 §8.1).
    pub fn active_texture(&mut self, texture: u32) -> GlResult<()> {
        let unit = texture.wrapping_sub(GL_TEXTURE0);
        // GL 4.6 §8.1: INVALID_ENUM if the unit is not below
        // MAX_COMBINED_TEXTURE_IMAGE_UNITS.
        if unit >= MAX_COMBINED_TEXTURE_IMAGE_UNITS as u32 {
            gl_bail!(
                GL_INVALID_ENUM,
                "texture {} is not GL_TEXTURE0 + a unit below GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS ({MAX_COMBINED_TEXTURE_IMAGE_UNITS})",
                Enum(texture)
            );
        }
        self.textures.active = unit;
        Ok(())
    }

    /// BindTextureUnit (GL 4.6 §8.1).
    pub fn bind_texture_unit(&mut self, unit: u32, name: u32) -> GlResult<()> {
        // GL 4.6 §8.1: INVALID_VALUE if unit is not below MAX_COMBINED_TEXTURE_IMAGE_UNITS.
        if unit >= MAX_COMBINED_TEXTURE_IMAGE_UNITS as u32 {
            gl_bail!(
                GL_INVALID_VALUE,
                "unit = {unit} is not below GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS ({MAX_COMBINED_TEXTURE_IMAGE_UNITS})"
            );
        }
        if name == 0 {
            self.textures.units[unit as usize] = Default::default();
            return Ok(());
        }
        let t = self.named_texture(name)?;
        let target = t.state.lock().target;
        let i = target_index(target).expect("texture objects have a known target");
        self.textures.units[unit as usize][i] = Some(t);
        Ok(())
    }

    /// The texture a TexImage-family command acts on: `target` may be a cube face.
    /// Returns the texture and the face (0 for other targets).
    pub(super) fn image_target(&self, target: u32, dims: u8) -> GlResult<(Arc<Texture>, usize)> {
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
    pub(super) fn check_dims(target: u32, level: i32, d: Dims) -> GlResult<()> {
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
        // GL 4.6 §8.5: a compressed internal format is replaced by its base internal
        // format (glcompute does not compress images itself).
        let internal = crate::format::compressed::uncompressed_replacement(internal as u32);
        let client = Client::new(format, ty)?;
        let fits = Self::image_dims(&tex, target, level, dims)?;
        // GL 4.6 §8.5: INVALID_VALUE if border is not zero.
        if border != 0 {
            gl_bail!(GL_INVALID_VALUE, "border = {border} is not 0");
        }
        // GL 4.6 §8.5: INVALID_VALUE if internalformat is not an accepted format.
        let Some(f) = internal_format(internal) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "internalformat {} is not a texture format glcompute has",
                Enum(internal)
            );
        };
        client.check_compatible(f, "internal format")?;
        if f.has_depth() && Self::limits_target(target) == GL_TEXTURE_3D {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a 3D texture cannot have the depth format {}",
                Enum(internal)
            );
        }
        let mut st = tex.state.lock();
        // GL 4.6 §8.19: INVALID_OPERATION if the texture's format is immutable.
        if st.immutable {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {} has immutable storage (glTexStorage*)",
                tex.name
            );
        }
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
        let reuse = cube
            && st.levels[li]
                .as_ref()
                .is_some_and(|l| l.width == w && l.height == h && l.internal == internal);
        let lvl = if reuse {
            st.levels[li].clone().expect("checked")
        } else {
            Level::new(w, h, d, internal, f)?
        };
        let unpack = self.textures.pixel_store.unpack;
        self.upload(
            &lvl,
            &client,
            data,
            [0, 0, face as u32],
            [w, h, if cube { 1 } else { d }],
            &unpack,
        )?;
        if cube {
            if !reuse {
                st.faces[li] = 0;
            }
            st.faces[li] |= 1 << face;
        }
        st.levels[li] = Some(lvl);
        Ok(())
    }

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
        let f = match internal_format(internal) {
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

    /// The level image a sub-image command addresses, and its face for cube maps.
    pub(super) fn sub_level(
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
    pub(super) fn check_region(
        l: &Level,
        target: u32,
        off: [i32; 3],
        size: [i32; 3],
    ) -> GlResult<()> {
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
        let client = Client::new(format, ty)?;
        let (l, face, target) = Self::sub_level(&tex, face_target, level)?;
        let (check, z) = cube_addressing(target, face_target, face, off[2]);
        Self::check_region(&l, check, off, size)?;
        refuse_compressed(&l, "glTexSubImage")?;
        refuse_multisample(&l, "glTexSubImage")?;
        client.check_compatible(l.format, "texture's internal format")?;
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

    /// TexParameter* / TextureParameter* (GL 4.6 §8.10). `v` holds the values as
    /// given (floats), `ints` the integer form (for the I/Iui setters and enums).
    pub fn tex_parameter(
        &mut self,
        tex: Arc<Texture>,
        pname: u32,
        v: &[f64],
        raw: Option<[u32; 4]>,
    ) -> GlResult<()> {
        let mut st = tex.state.lock();
        let e = v.first().copied().unwrap_or(0.0) as i64 as u32;
        let target = st.target;
        let enum_in = |allowed: &[u32], what: &str| -> GlResult<u32> {
            if allowed.contains(&e) {
                Ok(e)
            } else {
                // GL 4.6 §8.10: INVALID_ENUM if param is not an accepted value.
                gl_bail!(GL_INVALID_ENUM, "{} is not a valid {what}", Enum(e))
            }
        };
        let rect = target == GL_TEXTURE_RECTANGLE;
        let ms = matches!(
            target,
            GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        );
        // GL 4.6 §8.10: INVALID_ENUM for sampler state of a multisample texture.
        if ms && SamplerParams::new(target).get(pname).is_some() {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} is sampler state, which multisample textures do not have",
                Enum(pname)
            );
        }
        if st.sampler.set(pname, v, raw, rect)? {
            return Ok(());
        }
        match pname {
            GL_TEXTURE_BASE_LEVEL | GL_TEXTURE_MAX_LEVEL => {
                let x = v[0] as i64;
                // GL 4.6 §8.10: INVALID_VALUE for a negative level; a rectangle
                // texture's base level must be 0 (INVALID_OPERATION).
                if x < 0 {
                    gl_bail!(GL_INVALID_VALUE, "{} = {x} is negative", Enum(pname));
                }
                if (rect || ms) && pname == GL_TEXTURE_BASE_LEVEL && x != 0 {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "a {} texture's base level must be 0",
                        Enum(target)
                    );
                }
                let x = x.min(i32::MAX as i64) as i32;
                if pname == GL_TEXTURE_BASE_LEVEL {
                    st.base_level = if st.immutable {
                        x.min(st.immutable_levels as i32 - 1)
                    } else {
                        x
                    };
                } else {
                    st.max_level = if st.immutable {
                        x.clamp(st.base_level, st.immutable_levels as i32 - 1)
                    } else {
                        x
                    };
                }
            }
            GL_TEXTURE_SWIZZLE_R | GL_TEXTURE_SWIZZLE_G | GL_TEXTURE_SWIZZLE_B
            | GL_TEXTURE_SWIZZLE_A => {
                let s = enum_in(
                    &[GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE],
                    "swizzle",
                )?;
                st.swizzle[(pname - GL_TEXTURE_SWIZZLE_R) as usize] = s;
            }
            GL_TEXTURE_SWIZZLE_RGBA => {
                let mut s = [0u32; 4];
                for (i, x) in v.iter().take(4).enumerate() {
                    let e = *x as i64 as u32;
                    if ![GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE].contains(&e) {
                        gl_bail!(GL_INVALID_ENUM, "{} is not a valid swizzle", Enum(e));
                    }
                    s[i] = e;
                }
                st.swizzle = s;
            }
            GL_DEPTH_STENCIL_TEXTURE_MODE => {
                st.depth_stencil_mode = enum_in(
                    &[GL_DEPTH_COMPONENT, GL_STENCIL_INDEX],
                    "depth stencil mode",
                )?
            }
            // GL 4.6 §8.10: INVALID_ENUM if pname is not a texture parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a texture parameter",
                Enum(pname)
            ),
        }
        Ok(())
    }

    /// GetTexParameter* (GL 4.6 §8.11.2): values as floats (integers exactly), or the
    /// raw integer border colour.
    pub fn get_tex_parameter(&self, tex: &Texture, pname: u32) -> GlResult<TexValue> {
        let st = tex.state.lock();
        if let Some(v) = st.sampler.get(pname) {
            return Ok(v);
        }
        let i = |v: u32| TexValue::Ints(vec![v as i64]);
        Ok(match pname {
            GL_TEXTURE_BASE_LEVEL => TexValue::Ints(vec![st.base_level as i64]),
            GL_TEXTURE_MAX_LEVEL => TexValue::Ints(vec![st.max_level as i64]),
            GL_TEXTURE_SWIZZLE_R => i(st.swizzle[0]),
            GL_TEXTURE_SWIZZLE_G => i(st.swizzle[1]),
            GL_TEXTURE_SWIZZLE_B => i(st.swizzle[2]),
            GL_TEXTURE_SWIZZLE_A => i(st.swizzle[3]),
            GL_TEXTURE_SWIZZLE_RGBA => {
                TexValue::Ints(st.swizzle.iter().map(|&x| x as i64).collect())
            }
            GL_DEPTH_STENCIL_TEXTURE_MODE => i(st.depth_stencil_mode),
            GL_TEXTURE_IMMUTABLE_FORMAT => TexValue::Ints(vec![st.immutable as i64]),
            GL_TEXTURE_IMMUTABLE_LEVELS => {
                TexValue::Ints(vec![st.view.map_or(st.immutable_levels, |v| v[4]) as i64])
            }
            GL_TEXTURE_TARGET => i(st.target),
            GL_IMAGE_FORMAT_COMPATIBILITY_TYPE => i(GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE),
            GL_TEXTURE_VIEW_MIN_LEVEL
            | GL_TEXTURE_VIEW_NUM_LEVELS
            | GL_TEXTURE_VIEW_MIN_LAYER
            | GL_TEXTURE_VIEW_NUM_LAYERS => {
                let r = super::texture_view::view_range(&st);
                let i = match pname {
                    GL_TEXTURE_VIEW_MIN_LEVEL => 0,
                    GL_TEXTURE_VIEW_NUM_LEVELS => 1,
                    GL_TEXTURE_VIEW_MIN_LAYER => 2,
                    _ => 3,
                };
                TexValue::Ints(vec![r[i] as i64])
            }
            // GL 4.6 §8.11.2: INVALID_ENUM if pname is not a texture parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a texture parameter",
                Enum(pname)
            ),
        })
    }

    /// GetTexLevelParameter of a buffer texture (GL 4.6 §8.11.2): level 0 describes the
    /// texel array its buffer range holds (TEXTURE_BUFFER_SIZE: the whole buffer's
    /// current size for TexBuffer), with R8's values while no buffer is attached.
    fn buffer_level_parameter(
        binding: Option<(Arc<crate::state::objects::buffer::Buffer>, u32, i64, i64)>,
        level: i32,
        pname: u32,
    ) -> GlResult<i64> {
        let (name, internal, offset, size) = match &binding {
            Some((b, internal, offset, size)) => {
                // The buffer's lock is taken with the texture's released.
                let size = if *size < 0 {
                    b.state.lock().size() as i64
                } else {
                    *size
                };
                (b.name as i64, *internal, *offset, size)
            }
            None => (0, GL_R8, 0, 0),
        };
        let f = internal_format(internal);
        let texels = f
            .filter(|_| level == 0)
            .map(|f| (size / f.bytes() as i64).min(crate::limits::MAX_TEXTURE_BUFFER_SIZE))
            .unwrap_or(0);
        let one = (level == 0 && binding.is_some()) as i64;
        let bits = |i: usize| f.map_or(0, |f| f.color_bits()[i] as i64) * (level == 0) as i64;
        let kind = |c: usize| -> i64 {
            if level == 0 {
                f.map_or(GL_NONE, |f| component_type(f, c)) as i64
            } else {
                GL_NONE as i64
            }
        };
        Ok(match pname {
            GL_TEXTURE_WIDTH => texels,
            GL_TEXTURE_HEIGHT | GL_TEXTURE_DEPTH => one,
            GL_TEXTURE_INTERNAL_FORMAT => internal as i64,
            GL_TEXTURE_RED_SIZE => bits(0),
            GL_TEXTURE_GREEN_SIZE => bits(1),
            GL_TEXTURE_BLUE_SIZE => bits(2),
            GL_TEXTURE_ALPHA_SIZE => bits(3),
            GL_TEXTURE_DEPTH_SIZE | GL_TEXTURE_STENCIL_SIZE | GL_TEXTURE_SHARED_SIZE => 0,
            GL_TEXTURE_RED_TYPE => kind(0),
            GL_TEXTURE_GREEN_TYPE => kind(1),
            GL_TEXTURE_BLUE_TYPE => kind(2),
            GL_TEXTURE_ALPHA_TYPE => kind(3),
            GL_TEXTURE_DEPTH_TYPE => GL_NONE as i64,
            GL_TEXTURE_COMPRESSED | GL_TEXTURE_SAMPLES => 0,
            GL_TEXTURE_FIXED_SAMPLE_LOCATIONS => 1,
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING => name,
            GL_TEXTURE_BUFFER_OFFSET => offset,
            GL_TEXTURE_BUFFER_SIZE => size,
            // GL 4.6 §8.11.2: INVALID_ENUM if pname is not a level parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a texture level parameter",
                Enum(pname)
            ),
        })
    }

    /// GetTexLevelParameter* (GL 4.6 §8.11.2).
    pub fn get_tex_level_parameter(
        &self,
        tex: &Texture,
        face_target: Option<u32>,
        level: i32,
        pname: u32,
    ) -> GlResult<i64> {
        // GL 4.6 §8.11.2: INVALID_VALUE if level is negative or above the maximum.
        if level < 0 || level as usize >= MAX_LEVELS {
            gl_bail!(GL_INVALID_VALUE, "level = {level} is out of range");
        }
        let st = tex.state.lock();
        if st.target == GL_TEXTURE_BUFFER {
            let binding = st.buffer.clone();
            drop(st);
            return Self::buffer_level_parameter(binding, level, pname);
        }
        let mut l = st.levels[level as usize].as_ref();
        if st.target == GL_TEXTURE_CUBE_MAP
            && let Some(face) = face_target.and_then(|t| FACES.iter().position(|&f| f == t))
            && st.faces[level as usize] & (1 << face) == 0
        {
            l = None;
        }
        let cube = st.target == GL_TEXTURE_CUBE_MAP;
        let bits = |i: usize| l.map(|l| l.format.color_bits()[i] as i64).unwrap_or(0);
        let kind =
            |c: usize| -> i64 { l.map(|l| component_type(l.format, c)).unwrap_or(GL_NONE) as i64 };
        Ok(match pname {
            GL_TEXTURE_WIDTH => l.map(|l| l.width as i64).unwrap_or(0),
            GL_TEXTURE_HEIGHT => l.map(|l| l.height as i64).unwrap_or(0),
            GL_TEXTURE_DEPTH => l
                .map(|l| if cube { 1 } else { l.depth as i64 })
                .unwrap_or(0),
            GL_TEXTURE_INTERNAL_FORMAT => l.map(|l| l.internal as i64).unwrap_or(GL_RGBA as i64),
            GL_TEXTURE_RED_SIZE => bits(0),
            GL_TEXTURE_GREEN_SIZE => bits(1),
            GL_TEXTURE_BLUE_SIZE => bits(2),
            GL_TEXTURE_ALPHA_SIZE => bits(3),
            GL_TEXTURE_DEPTH_SIZE => l
                .map(|l| l.format.depth_stencil_bits().0 as i64)
                .unwrap_or(0),
            GL_TEXTURE_STENCIL_SIZE => l
                .map(|l| l.format.depth_stencil_bits().1 as i64)
                .unwrap_or(0),
            GL_TEXTURE_SHARED_SIZE => l
                .map(|l| if l.format == Format::Rgb9E5 { 5 } else { 0 })
                .unwrap_or(0),
            GL_TEXTURE_RED_TYPE => kind(0),
            GL_TEXTURE_GREEN_TYPE => kind(1),
            GL_TEXTURE_BLUE_TYPE => kind(2),
            GL_TEXTURE_ALPHA_TYPE => kind(3),
            GL_TEXTURE_DEPTH_TYPE => kind(4),
            GL_TEXTURE_COMPRESSED => l.is_some_and(|l| l.compressed.is_some()) as i64,
            GL_TEXTURE_COMPRESSED_IMAGE_SIZE => {
                match l.and_then(|l| Some((l, l.compressed.as_ref()?))) {
                    Some((l, b)) => {
                        let d = if cube { 1 } else { l.depth };
                        crate::format::compressed::image_bytes(b.codec, l.width, l.height, d)
                            .unwrap_or(0) as i64
                    }
                    // GL 4.6 §8.11.2: INVALID_OPERATION for the compressed size of an
                    // image that is not compressed.
                    None => gl_bail!(
                        GL_INVALID_OPERATION,
                        "level {level} of texture {} is not a compressed image",
                        tex.name
                    ),
                }
            }
            GL_TEXTURE_SAMPLES => l.map(|l| l.samples as i64).unwrap_or(0),
            GL_TEXTURE_FIXED_SAMPLE_LOCATIONS => l.map(|l| l.fixed_locations as i64).unwrap_or(1),
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING => {
                st.buffer.as_ref().map(|b| b.0.name as i64).unwrap_or(0)
            }
            GL_TEXTURE_BUFFER_OFFSET => st.buffer.as_ref().map(|b| b.2).unwrap_or(0),
            GL_TEXTURE_BUFFER_SIZE => st.buffer.as_ref().map(|b| b.3.max(0)).unwrap_or(0),
            // GL 4.6 §8.11.2: INVALID_ENUM if pname is not a level parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a texture level parameter",
                Enum(pname)
            ),
        })
    }

    /// The texture of a GetTexLevelParameter/GetTexImage target (cube faces allowed).
    pub fn query_target(&self, target: u32) -> GlResult<Arc<Texture>> {
        match FACES.iter().position(|&f| f == target) {
            Some(_) => self.bound_texture(GL_TEXTURE_CUBE_MAP),
            None => self.bound_texture(target),
        }
    }

    /// BindImageTexture (GL 4.6 §8.26).
    #[allow(clippy::too_many_arguments)]
    pub fn bind_image_texture(
        &mut self,
        unit: u32,
        name: u32,
        level: i32,
        layered: bool,
        layer: i32,
        access: u32,
        format: u32,
    ) -> GlResult<()> {
        let tex = check_bind_image(unit, level, layer, access, format, || {
            if name == 0 {
                return Ok(None);
            }
            match self.shared.textures.lock().get(name) {
                Some(t) => Ok(Some(t.clone())),
                None => gl_bail!(
                    GL_INVALID_VALUE,
                    "texture = {name} is not the name of an existing texture object"
                ),
            }
        })?;
        // The texture's format and completeness are checked when the unit is used.
        self.textures.images[unit as usize] = match tex {
            None => ImageUnit::default(),
            Some(t) => ImageUnit {
                texture: Some(t),
                level,
                layered,
                layer,
                access,
                format,
            },
        };
        Ok(())
    }

    /// The image units as the runtime's descriptor table, and the storage they point
    /// into. A unit whose binding is not valid for access (GL 4.6 §8.26: incomplete
    /// texture, level or layer outside it, incompatible format) reads zero and drops
    /// writes.
    pub fn image_table(&self) -> (ImageTable, Vec<Arc<Storage>>) {
        image_table_of(&self.textures.images)
    }

    /// Indexed image-unit state for GetIntegeri_v/GetBooleani_v (table 23.45).
    pub fn image_unit_value(&self, pname: u32, index: u32) -> Option<GlResult<i64>> {
        let field = match pname {
            GL_IMAGE_BINDING_NAME => 0,
            GL_IMAGE_BINDING_LEVEL => 1,
            GL_IMAGE_BINDING_LAYERED => 2,
            GL_IMAGE_BINDING_LAYER => 3,
            GL_IMAGE_BINDING_ACCESS => 4,
            GL_IMAGE_BINDING_FORMAT => 5,
            _ => return None,
        };
        let Some(u) = self.textures.images.get(index as usize) else {
            return Some(Err(crate::gl_err!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_MAX_IMAGE_UNITS ({MAX_IMAGE_UNITS})"
            )));
        };
        Some(Ok(match field {
            0 => u.texture.as_ref().map(|t| t.name as i64).unwrap_or(0),
            1 => u.level as i64,
            2 => u.layered as i64,
            3 => u.layer as i64,
            4 => u.access as i64,
            _ => u.format as i64,
        }))
    }

    /// Non-indexed texture state for Get* (GL 4.6 tables 23.13, 23.39).
    pub fn texture_value(&self, pname: u32) -> Option<i64> {
        let t = &self.textures;
        let bound = |target: u32| -> i64 {
            let i = target_index(target).expect("a texture target");
            t.units[t.active as usize][i]
                .as_ref()
                .map(|x| x.name as i64)
                .unwrap_or(0)
        };
        Some(match pname {
            GL_ACTIVE_TEXTURE => (GL_TEXTURE0 + t.active) as i64,
            GL_TEXTURE_BINDING_1D => bound(GL_TEXTURE_1D),
            GL_TEXTURE_BINDING_2D => bound(GL_TEXTURE_2D),
            GL_TEXTURE_BINDING_3D => bound(GL_TEXTURE_3D),
            GL_TEXTURE_BINDING_1D_ARRAY => bound(GL_TEXTURE_1D_ARRAY),
            GL_TEXTURE_BINDING_2D_ARRAY => bound(GL_TEXTURE_2D_ARRAY),
            GL_TEXTURE_BINDING_RECTANGLE => bound(GL_TEXTURE_RECTANGLE),
            GL_TEXTURE_BINDING_CUBE_MAP => bound(GL_TEXTURE_CUBE_MAP),
            GL_TEXTURE_BINDING_CUBE_MAP_ARRAY => bound(GL_TEXTURE_CUBE_MAP_ARRAY),
            GL_TEXTURE_BINDING_BUFFER => bound(GL_TEXTURE_BUFFER),
            GL_TEXTURE_BINDING_2D_MULTISAMPLE => bound(GL_TEXTURE_2D_MULTISAMPLE),
            GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY => bound(GL_TEXTURE_2D_MULTISAMPLE_ARRAY),
            GL_MAX_TEXTURE_SIZE => MAX_TEXTURE_SIZE as i64,
            GL_MAX_3D_TEXTURE_SIZE => MAX_3D_TEXTURE_SIZE as i64,
            GL_MAX_ARRAY_TEXTURE_LAYERS => MAX_ARRAY_TEXTURE_LAYERS as i64,
            GL_MAX_CUBE_MAP_TEXTURE_SIZE => MAX_CUBE_MAP_TEXTURE_SIZE as i64,
            GL_MAX_RECTANGLE_TEXTURE_SIZE => MAX_RECTANGLE_TEXTURE_SIZE as i64,
            GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS => MAX_COMBINED_TEXTURE_IMAGE_UNITS as i64,
            GL_MAX_IMAGE_UNITS => MAX_IMAGE_UNITS as i64,
            p => return t.pixel_store.get(p),
        })
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

/// BindImageTexture's checks (GL 4.6 §8.26) in the spec's order; `texture` looks the
/// texture up in its place (INVALID_VALUE when it is not zero or an existing texture).
pub fn check_bind_image<T>(
    unit: u32,
    level: i32,
    layer: i32,
    access: u32,
    format: u32,
    texture: impl FnOnce() -> GlResult<T>,
) -> GlResult<T> {
    // GL 4.6 §8.26: INVALID_VALUE if unit is not below MAX_IMAGE_UNITS.
    if unit >= MAX_IMAGE_UNITS as u32 {
        gl_bail!(
            GL_INVALID_VALUE,
            "unit = {unit} is not below GL_MAX_IMAGE_UNITS ({MAX_IMAGE_UNITS})"
        );
    }
    // GL 4.6 §8.26: INVALID_VALUE if texture is not zero or an existing texture.
    let tex = texture()?;
    // GL 4.6 §8.26: INVALID_VALUE if level or layer is negative.
    if level < 0 {
        gl_bail!(GL_INVALID_VALUE, "level = {level} is negative");
    }
    if layer < 0 {
        gl_bail!(GL_INVALID_VALUE, "layer = {layer} is negative");
    }
    // GL 4.6 §8.26: INVALID_ENUM if access is not READ_ONLY, WRITE_ONLY or READ_WRITE;
    // INVALID_VALUE if format is not an image format of table 8.26.
    if !matches!(access, GL_READ_ONLY | GL_WRITE_ONLY | GL_READ_WRITE) {
        gl_bail!(
            GL_INVALID_ENUM,
            "access {} is not GL_READ_ONLY, GL_WRITE_ONLY or GL_READ_WRITE",
            Enum(access)
        );
    }
    if image_unit_format(format).is_none() {
        gl_bail!(
            GL_INVALID_VALUE,
            "format {} is not an image unit format (GL 4.6 table 8.26)",
            Enum(format)
        );
    }
    Ok(tex)
}

pub fn image_table_of(units: &[ImageUnit]) -> (ImageTable, Vec<Arc<Storage>>) {
    let mut table = rt::empty_table();
    let mut keep = Vec::new();
    for (i, u) in units.iter().enumerate().take(MAX_IMAGE_UNITS as usize) {
        let Some(t) = &u.texture else { continue };
        let st = t.state.lock();
        let Some(l) = st.level(u.level) else { continue };
        // A level other than the base needs a complete mipmap chain, the base level
        // a complete base image (as Mesa checks).
        if (u.level < st.base_level || u.level > st.effective_max_level())
            || (u.level != st.base_level && !st.mipmap_complete())
        {
            continue;
        }
        let Some(unit_fmt) = image_unit_format(u.format) else {
            continue;
        };
        // GL 4.6 §8.26: the texture's internal format must match the unit's format
        // by size (table 8.27) or be identical; compressed formats are in no class of
        // the table.
        let compatible = l.compressed.is_none()
            && (l.internal == u.format
                || (is_image_format(l.format) && l.format.bytes() == unit_fmt.bytes()));
        if !compatible {
            continue;
        }
        let layered_target = matches!(
            st.target,
            GL_TEXTURE_1D_ARRAY
                | GL_TEXTURE_2D_ARRAY
                | GL_TEXTURE_3D
                | GL_TEXTURE_CUBE_MAP
                | GL_TEXTURE_CUBE_MAP_ARRAY
        );
        let (w, h, d) = (l.width, l.height, l.depth);
        let (row, slice) = (l.row_bytes(), l.slice_bytes());
        let one_d_array = st.target == GL_TEXTURE_1D_ARRAY;
        let ms = l.samples;
        let (size, offset, row_stride, slice_stride) = if ms > 0 {
            // One plane per sample of each layer; z counts layer * samples + sample.
            let plane = l.plane_bytes();
            if st.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY && !u.layered {
                if u.layer as u32 >= d {
                    continue;
                }
                ([w, h, ms], u.layer as u64 * slice, row, plane)
            } else {
                let Some(planes) = d.checked_mul(ms) else {
                    continue;
                };
                ([w, h, planes], 0, row, plane)
            }
        } else if layered_target && !u.layered {
            // One layer (or face, or 3D slice) as a 1D or 2D image.
            let layers = if one_d_array { h } else { d };
            if u.layer as u32 >= layers {
                continue;
            }
            if one_d_array {
                ([w, 1, 1], u.layer as u64 * row, row, row)
            } else {
                ([w, h, 1], u.layer as u64 * slice, row, slice)
            }
        } else if one_d_array {
            ([w, 1, h], 0, row, row)
        } else {
            ([w, h, d], 0, row, slice)
        };
        let access = match u.access {
            GL_READ_ONLY => rt::ACCESS_READ,
            GL_WRITE_ONLY => rt::ACCESS_WRITE,
            _ => rt::ACCESS_READ | rt::ACCESS_WRITE,
        };
        table[i] = ImageDesc::new(
            &l.storage,
            l.offset + offset,
            size,
            row_stride,
            slice_stride,
            unit_fmt,
            access,
        )
        .with_samples(ms);
        keep.push(l.storage.clone());
    }
    (table, keep)
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

enum Src<'a> {
    Client(&'a [u8]),
    Buffer(Arc<Storage>, u64),
}

enum Dst<'a> {
    Client(&'a mut [u8]),
    Buffer(Arc<Storage>, u64),
}
