//! Multisample images (GL 4.6 §8.8, §9.2.4, §14.3.1): the sample counts glcompute
//! stores, multisample textures (TexImage2D/3DMultisample, TexStorage2D/3DMultisample
//! and their DSA forms), the sample positions, and the samples of a framebuffer.
//!
//! A multisample level stores every sample of every texel (see
//! [`crate::state::objects::texture::Level`]: each layer holds one plane per sample). Nothing is
//! rasterised here: samples are written by clears, CopyImageSubData, blits and the
//! image stores of compute shaders, and read by texelFetch, image loads and resolving
//! blits.

use crate::format::internal::{internal_format, renderable};
use crate::format::texel::{Class, Format};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::{MAX_ARRAY_TEXTURE_LAYERS, MAX_LEVELS, MAX_SAMPLES, MAX_TEXTURE_SIZE};
use crate::state::context::ContextState;
use crate::state::objects::texture::{Level, Texture};
use std::sync::Arc;

/// The count glcompute stores for `requested` samples: the smallest supported count
/// at least as large (GL 4.6 §9.2.4 lets the GL choose more); 0 stays 0. None above
/// MAX_SAMPLES.
pub fn stored_samples(requested: u32) -> Option<u32> {
    match requested {
        0 => Some(0),
        1..=2 => Some(2),
        3..=MAX_SAMPLES => Some(MAX_SAMPLES),
        _ => None,
    }
}

/// The position of sample `index` of a pixel of an image of `samples` samples, in
/// [0, 1) from the pixel's lower left corner (GL 4.6 §14.3.1.1): the standard
/// patterns of other implementations for 2 and 4 samples.
pub fn sample_position(samples: u32, index: u32) -> Option<[f32; 2]> {
    const TWO: [[f32; 2]; 2] = [[0.75, 0.75], [0.25, 0.25]];
    const FOUR: [[f32; 2]; 4] = [
        [0.375, 0.125],
        [0.875, 0.375],
        [0.125, 0.625],
        [0.625, 0.875],
    ];
    match samples {
        2 => TWO.get(index as usize).copied(),
        4 => FOUR.get(index as usize).copied(),
        _ => None,
    }
}

/// Which multisample command a texture's storage comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum MsCommand {
    /// TexImage2D/3DMultisample: mutable storage.
    Image,
    /// TexStorage2D/3DMultisample and TextureStorage2D/3DMultisample.
    Storage,
}

impl ContextState {
    /// The texture a target-based multisample command names (GL 4.6 §8.8, §8.19:
    /// INVALID_ENUM if target is not TEXTURE_2D_MULTISAMPLE for the 2D commands, or
    /// TEXTURE_2D_MULTISAMPLE_ARRAY for the 3D ones).
    pub fn multisample_target(&self, target: u32, dims_n: u8) -> GlResult<Arc<Texture>> {
        let want = if dims_n == 2 {
            GL_TEXTURE_2D_MULTISAMPLE
        } else {
            GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        };
        // GL 4.6 §8.22: the proxy target of `want` is accepted too.
        if target != want && crate::state::objects::texture::unproxy(target) != Some(want) {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not {}",
                Enum(target),
                Enum(want)
            );
        }
        if let Some(proxy) = self.proxy_texture(target) {
            return Ok(proxy);
        }
        self.bound_texture(target)
    }

    /// TexImage2D/3DMultisample, TexStorage2D/3DMultisample and
    /// TextureStorage2D/3DMultisample (GL 4.6 §8.8, §8.19): level 0 of `tex` becomes
    /// a `w` x `h` image of `d` layers (1 for the 2D commands) of `samples` samples.
    #[allow(clippy::too_many_arguments)]
    pub fn tex_multisample(
        &mut self,
        tex: Arc<Texture>,
        dims_n: u8,
        cmd: MsCommand,
        samples: i32,
        internal: u32,
        size: [i32; 3],
        fixed: bool,
    ) -> GlResult<()> {
        // GL 4.6 §8.19: INVALID_OPERATION for TexStorage*Multisample of the default
        // texture (texture 0 bound to the target).
        let proxy = tex.state.lock().proxy;
        if cmd == MsCommand::Storage && tex.name == 0 && !proxy {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the default texture (0) is bound to the target: it takes no storage"
            );
        }
        let target = tex.state.lock().target;
        let want = if dims_n == 2 {
            GL_TEXTURE_2D_MULTISAMPLE
        } else {
            GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        };
        // GL 4.6 §8.19: INVALID_OPERATION if TextureStorage*Multisample's texture
        // does not have the command's target.
        if target != want {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {} is a {} texture, not {}",
                tex.name,
                Enum(target),
                Enum(want)
            );
        }
        // GL 4.6 §8.8: INVALID_VALUE if samples is zero (or negative).
        if samples < 1 {
            gl_bail!(GL_INVALID_VALUE, "samples = {samples} is less than 1");
        }
        // GL 4.6 §8.8: INVALID_ENUM if internalformat is not colour-, depth- or
        // stencil-renderable; §8.19: TexStorage takes sized formats only.
        let f = match internal_format(internal) {
            Some(f)
                if renderable(f)
                    && (cmd == MsCommand::Image
                        || !crate::format::internal::is_unsized(internal)) =>
            {
                f
            }
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "internalformat {} is not a renderable format of a multisample texture",
                Enum(internal)
            ),
        };
        // GL 4.6 §8.8: INVALID_OPERATION if samples is above the maximum for the
        // format (MAX_COLOR_TEXTURE_SAMPLES, MAX_DEPTH_TEXTURE_SAMPLES,
        // MAX_INTEGER_SAMPLES: all MAX_SAMPLES here).
        let Some(stored) = stored_samples(samples as u32) else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "samples = {samples} is above the {MAX_SAMPLES} samples {} can have",
                Enum(internal)
            );
        };
        // GL 4.6 §8.8: INVALID_VALUE for a size out of range (TexStorage: below 1).
        let min = if cmd == MsCommand::Storage { 1 } else { 0 };
        let [w, h, d] = size;
        let max_d = if dims_n == 2 {
            1
        } else {
            MAX_ARRAY_TEXTURE_LAYERS
        };
        let fits = w <= MAX_TEXTURE_SIZE && h <= MAX_TEXTURE_SIZE && d <= max_d;
        // GL 4.6 §8.22: a proxy's image larger than the maximum clears it instead.
        if w < min || h < min || d < min || !(fits || proxy) {
            gl_bail!(
                GL_INVALID_VALUE,
                "size {w}x{h}x{d} is out of range for {}",
                Enum(target)
            );
        }
        let mut st = tex.state.lock();
        // GL 4.6 §8.8, §8.19: INVALID_OPERATION if the texture is immutable.
        if st.immutable {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {} has immutable storage",
                tex.name
            );
        }
        let layers = if dims_n == 2 { 1 } else { d as u32 };
        if st.proxy {
            let l = fits
                .then(|| {
                    let size = [w as u32, h as u32, layers];
                    crate::state::objects::texture::proxy_level(
                        size, internal, f, stored, fixed, None,
                    )
                })
                .flatten();
            crate::state::objects::texture::set_proxy_levels(&mut st, 0, 1, l, true);
            return Ok(());
        }
        let level = Level::new_multisample(
            w as u32,
            h as u32,
            if dims_n == 2 { 1 } else { d as u32 },
            stored,
            fixed,
            internal,
            f,
        )?;
        let mut levels = vec![None; MAX_LEVELS];
        levels[0] = Some(level);
        st.levels = levels;
        if cmd == MsCommand::Storage {
            st.immutable = true;
            st.immutable_levels = 1;
        }
        Ok(())
    }

    /// GL_SAMPLES of framebuffer `fb` (GL 4.6 §9.2.3.1): the samples of its images; 0
    /// for the default framebuffer, an incomplete framebuffer and one of single-sample
    /// images; for one without attachments, FRAMEBUFFER_DEFAULT_SAMPLES as images
    /// would store it.
    pub fn framebuffer_samples(&self, fb: u32) -> u32 {
        let Some(f) = self.framebuffers.objects.get(fb) else {
            return 0;
        };
        if f.status() != GL_FRAMEBUFFER_COMPLETE {
            return 0;
        }
        f.color
            .iter()
            .chain([&f.depth, &f.stencil])
            .flatten()
            .filter_map(|a| a.image())
            .map(|(l, _)| l.samples)
            .max()
            // With no attachment, FRAMEBUFFER_DEFAULT_SAMPLES as images would store it.
            .unwrap_or_else(|| stored_samples(f.defaults[3].max(0) as u32).unwrap_or(MAX_SAMPLES))
    }
}

/// The value a resolve of the samples of one texel gives (GL 4.6 §18.3.1: an average
/// for floating-point and normalized formats, one sample for integer formats): `v`
/// holds the samples' decoded values.
pub fn resolve(f: Format, v: &[[u32; 4]]) -> [u32; 4] {
    if f.class() != Class::Float || v.is_empty() {
        return v.first().copied().unwrap_or([0; 4]);
    }
    let mut sum = [0f32; 4];
    for s in v {
        for (a, b) in sum.iter_mut().zip(s) {
            *a += f32::from_bits(*b);
        }
    }
    sum.map(|x| (x / v.len() as f32).to_bits())
}

impl ContextState {
    /// GetMultisamplefv (GL 4.6 §14.3.1.1): the position of sample `index` of the draw
    /// framebuffer.
    pub fn get_multisample(&self, pname: u32, index: u32) -> GlResult<[f32; 2]> {
        // GL 4.6 §14.3.1.1: INVALID_ENUM if pname is not SAMPLE_POSITION.
        if pname != GL_SAMPLE_POSITION {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not GL_SAMPLE_POSITION",
                Enum(pname)
            );
        }
        // GL 4.6 §14.3.1.1: INVALID_VALUE if index is not below the draw
        // framebuffer's SAMPLES (0 for a framebuffer that is not multisample).
        let samples = self.framebuffer_samples(self.framebuffers.draw);
        let Some(pos) = sample_position(samples, index) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below GL_SAMPLES ({samples})"
            );
        };
        Ok(pos)
    }
}
