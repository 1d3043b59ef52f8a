//! Proxy textures (GL 4.6 §8.22): one texture object per proxy target in each context,
//! never bound, sampled or named. TexImage*, CompressedTexImage*, TexStorage* and the
//! multisample image commands take the proxy targets with the errors of the real
//! targets; where the real command would succeed the proxy's level takes the image's
//! size and format, and where the image exceeds glcompute's limits (a size above the
//! maximum, or more bytes than an address space holds) the level is cleared, with no
//! error. GetTexLevelParameter* reads the result. A proxy level has no storage: it
//! says whether the limits allow the image, and does not reserve memory for it.

use std::sync::Arc;

use super::compressed::{Blocks, Codec};
use super::context::ContextState;
use super::texture::{Level, MAX_LEVELS, TexState, Texture};
use crate::gl::enums::*;
use crate::runtime::memory::Storage;
use crate::runtime::texel::Format;

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

impl ContextState {
    /// The proxy texture of `target` (None if it is not a proxy target).
    pub fn proxy_texture(&self, target: u32) -> Option<Arc<Texture>> {
        let i = PROXIES.iter().position(|p| p.0 == target)?;
        Some(self.textures.proxies[i].clone())
    }
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
