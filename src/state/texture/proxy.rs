//! Proxy textures (GL 4.6 §8.22): one texture object per proxy target in each context,
//! never bound, sampled or named. TexImage*, CompressedTexImage*, TexStorage* and the
//! multisample image commands take the proxy targets with the errors of the real
//! targets; where the real command would succeed the proxy's level takes the image's
//! size and format, and where the image exceeds glcompute's limits (a size above the
//! maximum, or more bytes than an address space holds) the level is cleared, with no
//! error. GetTexLevelParameter* reads the result. A proxy level has no storage: it
//! says whether the limits allow the image, and does not reserve memory for it.

use std::sync::Arc;

use crate::state::context::ContextState;
use crate::state::objects::texture::PROXIES;
use crate::state::objects::texture::Texture;

impl ContextState {
    /// The proxy texture of `target` (None if it is not a proxy target).
    pub fn proxy_texture(&self, target: u32) -> Option<Arc<Texture>> {
        let i = PROXIES.iter().position(|p| p.0 == target)?;
        Some(self.textures.proxies[i].clone())
    }
}
