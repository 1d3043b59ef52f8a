//! Texture objects (GL 4.6 chapter 8): the images of each level (tightly packed in the
//! internal format: x, then y, then z; layers of arrays, faces of cube maps; compressed
//! levels keep their blocks beside the decoded texels), mipmap and texture completeness,
//! the texture and image units of a context, and the proxy textures (§8.22).

use crate::format::compressed::{Codec, image_bytes};
use crate::format::texel::Format;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::{MAX_COMBINED_TEXTURE_IMAGE_UNITS, MAX_IMAGE_UNITS, MAX_LEVELS};
use crate::runtime::memory::Storage;
use crate::runtime::sync::Mutex;
use crate::state::objects::buffer::Buffer;
use crate::state::objects::sampler::SamplerParams;
use std::sync::Arc;

/// The texture targets a texture object can have (GL 4.6 table 8.1).
pub const TARGETS: [u32; 11] = [
    GL_TEXTURE_2D_MULTISAMPLE,
    GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
    GL_TEXTURE_1D,
    GL_TEXTURE_2D,
    GL_TEXTURE_3D,
    GL_TEXTURE_1D_ARRAY,
    GL_TEXTURE_2D_ARRAY,
    GL_TEXTURE_RECTANGLE,
    GL_TEXTURE_CUBE_MAP,
    GL_TEXTURE_CUBE_MAP_ARRAY,
    GL_TEXTURE_BUFFER,
];

pub fn target_index(target: u32) -> Option<usize> {
    TARGETS.iter().position(|&t| t == target)
}

pub const FACES: [u32; 6] = [
    GL_TEXTURE_CUBE_MAP_POSITIVE_X,
    GL_TEXTURE_CUBE_MAP_NEGATIVE_X,
    GL_TEXTURE_CUBE_MAP_POSITIVE_Y,
    GL_TEXTURE_CUBE_MAP_NEGATIVE_Y,
    GL_TEXTURE_CUBE_MAP_POSITIVE_Z,
    GL_TEXTURE_CUBE_MAP_NEGATIVE_Z,
];

/// One level of a texture: `width` x `height` x `depth` texels (cube maps: depth 6,
/// one slice per face; 1D arrays: height is the layer count).
#[derive(Clone)]
pub struct Level {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub internal: u32,
    pub format: Format,
    pub storage: Arc<Storage>,
    /// The blocks of a compressed level (`storage` then holds their decoded texels).
    pub compressed: Option<crate::state::objects::texture::Blocks>,
    /// Samples per texel of a multisample image (0: not multisample). Each layer then
    /// holds `samples` planes of `plane_bytes`, sample 0 first, so texel (x, y, z) of
    /// the single-sample addressing is sample 0.
    pub samples: u32,
    /// TEXTURE_FIXED_SAMPLE_LOCATIONS of a multisample image (true otherwise).
    pub fixed_locations: bool,
    /// Where the image starts in `storage`: 0, or for a texture view of layers past
    /// the first, the byte offset of its first layer (GL 4.6 §8.18).
    pub offset: u64,
}

impl Level {
    pub fn row_bytes(&self) -> u64 {
        self.width as u64 * self.format.bytes() as u64
    }

    /// Bytes of one layer (of all its samples).
    pub fn slice_bytes(&self) -> u64 {
        self.plane_bytes() * self.samples.max(1) as u64
    }

    /// Bytes of one sample of one layer.
    pub fn plane_bytes(&self) -> u64 {
        self.row_bytes() * self.height as u64
    }

    /// Byte offset in `storage` of sample `s` of texel (x, y) of layer z.
    pub fn sample_at(&self, x: u32, y: u32, z: u32, s: u32) -> u64 {
        self.offset
            + z as u64 * self.slice_bytes()
            + s as u64 * self.plane_bytes()
            + y as u64 * self.row_bytes()
            + x as u64 * self.format.bytes() as u64
    }

    /// Allocates a zeroed multisample level of `samples` samples per texel.
    pub fn new_multisample(
        w: u32,
        h: u32,
        layers: u32,
        samples: u32,
        fixed_locations: bool,
        internal: u32,
        format: Format,
    ) -> GlResult<Level> {
        let planes = layers.checked_mul(samples.max(1));
        let Some(planes) = planes else {
            gl_bail!(
                GL_OUT_OF_MEMORY,
                "no memory for {layers} layers of {samples} samples"
            );
        };
        let mut l = Level::new(w, h, planes, internal, format)?;
        l.depth = layers;
        l.samples = samples;
        l.fixed_locations = fixed_locations;
        Ok(l)
    }

    /// Allocates a zeroed level; OUT_OF_MEMORY if the memory cannot be had.
    pub fn new(w: u32, h: u32, d: u32, internal: u32, format: Format) -> GlResult<Level> {
        let bytes = (w as u64)
            .checked_mul(h as u64)
            .and_then(|v| v.checked_mul(d as u64))
            .and_then(|v| v.checked_mul(format.bytes() as u64))
            .and_then(|v| usize::try_from(v).ok());
        let storage = bytes.and_then(|b| Storage::new_zeroed(b).ok());
        match storage {
            Some(s) => Ok(Level {
                width: w,
                height: h,
                depth: d,
                internal,
                format,
                storage: Arc::new(s),
                compressed: None,
                samples: 0,
                fixed_locations: true,
                offset: 0,
            }),
            // GL 4.6 §2.3.1: OUT_OF_MEMORY when the memory a command needs is missing.
            None => gl_bail!(
                GL_OUT_OF_MEMORY,
                "no memory for a {w}x{h}x{d} image of {}",
                Enum(internal)
            ),
        }
    }
}

pub struct TexState {
    /// The target the texture was first bound to (0: not yet).
    pub target: u32,
    pub levels: Vec<Option<Level>>,
    /// Cube maps: which faces of each level were specified (bit per face).
    pub faces: Vec<u8>,
    pub immutable: bool,
    pub immutable_levels: u32,
    pub sampler: SamplerParams,
    pub base_level: i32,
    pub max_level: i32,
    pub swizzle: [u32; 4],
    pub depth_stencil_mode: u32,
    /// Buffer textures: the buffer, its internal format, offset and size (-1: whole).
    pub buffer: Option<(Arc<Buffer>, u32, i64, i64)>,
    /// A texture view's TEXTURE_VIEW_MIN_LEVEL, _NUM_LEVELS, _MIN_LAYER, _NUM_LAYERS,
    /// and the TEXTURE_IMMUTABLE_LEVELS it reports (its original's, GL 4.6 §8.18;
    /// `immutable_levels` is the number it has).
    pub view: Option<[u32; 5]>,
    pub label: Option<String>,
    /// A proxy texture (GL 4.6 §8.22): its levels have no storage.
    pub proxy: bool,
}

pub struct Texture {
    pub name: u32,
    pub state: Mutex<TexState>,
}

impl Texture {
    pub fn new(name: u32, target: u32) -> Arc<Texture> {
        Arc::new(Texture {
            name,
            state: Mutex::new(TexState {
                target,
                levels: vec![None; MAX_LEVELS],
                faces: vec![0; MAX_LEVELS],
                immutable: false,
                immutable_levels: 0,
                sampler: SamplerParams::new(target),
                base_level: 0,
                max_level: 1000,
                swizzle: [GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA],
                depth_stencil_mode: GL_DEPTH_COMPONENT,
                buffer: None,
                view: None,
                label: None,
                proxy: false,
            }),
        })
    }
}

impl TexState {
    /// GL 4.6 §8.19: INVALID_OPERATION for a command that respecifies an image of
    /// texture `name` when its format is immutable (TexStorage).
    pub fn check_mutable(&self, name: u32) -> GlResult<()> {
        if self.immutable {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {name} has immutable storage (glTexStorage*)"
            );
        }
        Ok(())
    }

    /// The level a command that specifies a whole image (TexImage*, CompressedTexImage*,
    /// CopyTexImage*) writes into: for a cube map face (`cube_face`), the level already
    /// there when it has this face size and internal format, so that the other faces
    /// keep their images (GL 4.6 §8.5.3); otherwise the new level `make` allocates. The
    /// flag says whether the level was reused; pass it to [`TexState::install_level`].
    pub fn level_for_image(
        &self,
        li: usize,
        cube_face: bool,
        [w, h]: [u32; 2],
        internal: u32,
        make: impl FnOnce() -> GlResult<Level>,
    ) -> GlResult<(Level, bool)> {
        let reuse = cube_face
            && self.levels[li]
                .as_ref()
                .is_some_and(|l| l.width == w && l.height == h && l.internal == internal);
        if reuse {
            Ok((self.levels[li].clone().expect("checked"), true))
        } else {
            Ok((make()?, false))
        }
    }

    /// Installs a level [`TexState::level_for_image`] gave, once the command has written
    /// it: a cube map face (`face`) is marked specified, and the other faces stay
    /// specified only if the level was reused.
    pub fn install_level(&mut self, li: usize, lvl: Level, face: Option<u32>, reused: bool) {
        if let Some(face) = face {
            if !reused {
                self.faces[li] = 0;
            }
            self.faces[li] |= 1 << face;
        }
        self.levels[li] = Some(lvl);
    }

    /// The level `level` if it has an image (cube maps: every face).
    pub fn level(&self, level: i32) -> Option<&Level> {
        let l = self.levels.get(usize::try_from(level).ok()?)?.as_ref()?;
        if self.target == GL_TEXTURE_CUBE_MAP && self.faces[level as usize] != 0x3f {
            return None;
        }
        Some(l)
    }

    /// The last level a complete mipmap chain from the base level reaches.
    pub fn effective_max_level(&self) -> i32 {
        let Some(base) = self.level(self.base_level) else {
            return self.base_level;
        };
        let mut p = base.width.max(base.height);
        if matches!(self.target, GL_TEXTURE_3D) {
            p = p.max(base.depth);
        }
        let chain = 31 - p.max(1).leading_zeros() as i32;
        let top = if self.immutable {
            self.immutable_levels as i32 - 1
        } else {
            MAX_LEVELS as i32 - 1
        };
        (self.base_level + chain).min(self.max_level).min(top)
    }

    /// Mipmap completeness (GL 4.6 §8.17): every level from base to the effective
    /// maximum exists with the halved size and the base level's format.
    pub fn mipmap_complete(&self) -> bool {
        let Some(base) = self.level(self.base_level) else {
            return false;
        };
        let (mut w, mut h, mut d) = (base.width, base.height, base.depth);
        let layered_h = self.target == GL_TEXTURE_1D_ARRAY;
        let layered_d = matches!(
            self.target,
            GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_CUBE_MAP
        );
        for l in self.base_level + 1..=self.effective_max_level() {
            w = (w / 2).max(1);
            if !layered_h {
                h = (h / 2).max(1);
            }
            if !layered_d {
                d = (d / 2).max(1);
            }
            match self.level(l) {
                Some(x)
                    if x.width == w
                        && x.height == h
                        && x.depth == d
                        && x.internal == base.internal => {}
                _ => return false,
            }
        }
        true
    }

    /// Texture completeness for sampling (GL 4.6 §8.17).
    pub fn complete(&self, sampler: &SamplerParams) -> bool {
        if self.target == GL_TEXTURE_BUFFER {
            return self.buffer.is_some();
        }
        if self.base_level > self.max_level {
            return false;
        }
        let Some(base) = self.level(self.base_level) else {
            return false;
        };
        if self.target == GL_TEXTURE_CUBE_MAP && base.width != base.height {
            return false;
        }
        !sampler.uses_mipmaps() || self.mipmap_complete()
    }
}

/// One image unit (GL 4.6 table 23.45).
#[derive(Clone)]
pub struct ImageUnit {
    pub texture: Option<Arc<Texture>>,
    pub level: i32,
    pub layered: bool,
    pub layer: i32,
    pub access: u32,
    pub format: u32,
}

impl Default for ImageUnit {
    fn default() -> Self {
        ImageUnit {
            texture: None,
            level: 0,
            layered: false,
            layer: 0,
            access: GL_READ_ONLY,
            format: GL_R8,
        }
    }
}

/// Texture bindings of a context: units, defaults (texture 0 of each target), image
/// units and pixel store state.
pub struct TextureBindings {
    pub active: u32,
    pub units: Vec<[Option<Arc<Texture>>; TARGETS.len()]>,
    pub defaults: Vec<Arc<Texture>>,
    /// The proxy textures, in the order of [`PROXIES`].
    pub proxies: Vec<Arc<Texture>>,
    pub images: Vec<ImageUnit>,
    /// The sampler object bound to each unit (GL 4.6 §8.2).
    pub samplers: Vec<Option<Arc<crate::state::objects::sampler::Sampler>>>,
    pub pixel_store: crate::format::pixels::PixelStore,
}

impl Default for TextureBindings {
    fn default() -> Self {
        TextureBindings {
            active: 0,
            units: vec![Default::default(); MAX_COMBINED_TEXTURE_IMAGE_UNITS as usize],
            defaults: TARGETS.iter().map(|&t| Texture::new(0, t)).collect(),
            proxies: crate::state::objects::texture::new_proxies(),
            images: vec![ImageUnit::default(); MAX_IMAGE_UNITS as usize],
            samplers: vec![None; MAX_COMBINED_TEXTURE_IMAGE_UNITS as usize],
            pixel_store: Default::default(),
        }
    }
}

/// The blocks of a compressed level: `blocks_w` x `blocks_h` blocks per slice, one
/// slice per texel slice (cube faces, array layers, 3D slices), tightly packed.
#[derive(Clone)]
pub struct Blocks {
    pub codec: Codec,
    pub internal: u32,
    pub storage: Arc<Storage>,
    /// Where the level's blocks start in `storage` (see [`Level::offset`]).
    pub offset: u64,
}

impl Blocks {
    pub fn row_bytes(&self, l: &Level) -> u64 {
        self.codec.blocks(l.width, l.height).0 * self.codec.block_bytes() as u64
    }

    pub fn slice_bytes(&self, l: &Level) -> u64 {
        self.row_bytes(l) * self.codec.blocks(l.width, l.height).1
    }
}

/// Allocates a compressed level whose blocks and texels are all zero (the contents
/// of a level no command has specified are undefined, GL 4.6 §8.19; the zeroed
/// memory is not touched, so a large TexStorage costs no more than its pages used).
pub fn new_level(w: u32, h: u32, d: u32, internal: u32, c: Codec) -> GlResult<Level> {
    let mut l = Level::new(w, h, d, internal, c.texel_format())?;
    let bytes = image_bytes(c, w, h, d).and_then(|b| usize::try_from(b).ok());
    let Some(storage) = bytes.and_then(|b| Storage::new_zeroed(b).ok()) else {
        // GL 4.6 §2.3.1: OUT_OF_MEMORY when the memory a command needs is missing.
        gl_bail!(
            GL_OUT_OF_MEMORY,
            "no memory for a {w}x{h}x{d} image of {}",
            Enum(internal)
        );
    };
    l.compressed = Some(Blocks {
        codec: c,
        internal,
        storage: Arc::new(storage),
        offset: 0,
    });
    Ok(l)
}

/// Writes the `bw` x `bh` decoded texels of block (bx, by) of slice z into the level's
/// texels, leaving out those past the level's edge.
pub fn write_texels(l: &Level, (bw, bh): (u32, u32), [bx, by, z]: [u32; 3], texels: &[u8]) {
    let tb = l.format.bytes();
    for y in 0..bh {
        let ty = by * bh + y;
        if ty >= l.height {
            break;
        }
        let tx = bx * bw;
        let n = (l.width - tx).min(bw) as usize;
        let at = l.sample_at(tx, ty, z, 0);
        let row = &texels[(y * bw) as usize * tb..];
        l.storage.write(at as usize, &row[..n * tb]);
    }
}

/// Each proxy target and the target whose images it stands for.
pub const PROXIES: [(u32, u32); 10] = [
    (GL_PROXY_TEXTURE_1D, GL_TEXTURE_1D),
    (GL_PROXY_TEXTURE_2D, GL_TEXTURE_2D),
    (GL_PROXY_TEXTURE_3D, GL_TEXTURE_3D),
    (GL_PROXY_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY),
    (GL_PROXY_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY),
    (GL_PROXY_TEXTURE_RECTANGLE, GL_TEXTURE_RECTANGLE),
    (GL_PROXY_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP),
    (GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY),
    (GL_PROXY_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE),
    (
        GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY,
        GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
    ),
];

/// The target a proxy target stands for (None for a target that is not a proxy).
pub fn unproxy(target: u32) -> Option<u32> {
    PROXIES.iter().find(|p| p.0 == target).map(|p| p.1)
}

/// A context's proxy texture objects, in the order of [`PROXIES`].
pub fn new_proxies() -> Vec<Arc<Texture>> {
    PROXIES
        .iter()
        .map(|&(_, target)| {
            let t = Texture::new(0, target);
            t.state.lock().proxy = true;
            t
        })
        .collect()
}

/// A level with the size and format of an image and no storage, or None if the image
/// has more bytes than an allocation can hold (`blocks`: the bytes of its compressed
/// blocks, which must fit too).
#[allow(clippy::too_many_arguments)]
pub fn proxy_level(
    [w, h, d]: [u32; 3],
    internal: u32,
    format: Format,
    samples: u32,
    fixed_locations: bool,
    codec: Option<(Codec, u64)>,
) -> Option<Level> {
    let fits = |bytes: Option<u64>| bytes.is_some_and(|b| b <= isize::MAX as u64);
    let texels = (w as u64)
        .checked_mul(h as u64)
        .and_then(|v| v.checked_mul(d as u64))
        .and_then(|v| v.checked_mul(samples.max(1) as u64))
        .and_then(|v| v.checked_mul(format.bytes() as u64));
    if !fits(texels) || codec.is_some_and(|(_, b)| !fits(Some(b))) {
        return None;
    }
    Some(Level {
        width: w,
        height: h,
        depth: d,
        internal,
        format,
        storage: Arc::new(Storage::empty()),
        compressed: codec.map(|(codec, _)| Blocks {
            codec,
            internal,
            storage: Arc::new(Storage::empty()),
            offset: 0,
        }),
        samples,
        fixed_locations,
        offset: 0,
    })
}

/// Records an image command on a proxy texture: `level` (the image, None when it
/// exceeds the limits) at level `first`; `storage` commands (TexStorage*, the
/// multisample commands) replace every level, `count` of them from `first` = 0 with
/// the sizes of a mipmap chain, and clear every level when the image does not fit
/// (GL 4.6 §8.19, §8.22). Every face of a cube map is set or cleared at once.
pub fn set_proxy_levels(
    st: &mut TexState,
    first: usize,
    count: usize,
    level: Option<Level>,
    storage: bool,
) {
    let cleared = if storage {
        0..MAX_LEVELS
    } else {
        first..first + 1
    };
    for i in cleared {
        st.levels[i] = None;
        st.faces[i] = 0;
    }
    let Some(level) = level else {
        return;
    };
    let (mut w, mut h, mut d) = (level.width, level.height, level.depth);
    for i in first..(first + count).min(MAX_LEVELS) {
        st.levels[i] = Some(Level {
            width: w,
            height: h,
            depth: d,
            ..level.clone()
        });
        st.faces[i] = 0x3f;
        w = (w / 2).max(1);
        if st.target != GL_TEXTURE_1D_ARRAY {
            h = (h / 2).max(1);
        }
        if st.target == GL_TEXTURE_3D {
            d = (d / 2).max(1);
        }
    }
}

/// A level's width, height and depth.
pub fn dims(l: &Level) -> [u32; 3] {
    [l.width, l.height, l.depth]
}

/// Byte offset of texel (x, y, z) of a level.
pub fn texel_at(l: &Level, x: u32, y: u32, z: u32) -> usize {
    l.sample_at(x, y, z, 0) as usize
}
