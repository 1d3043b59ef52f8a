//! GenerateMipmap and GenerateTextureMipmap (GL 4.6 §8.14.4): each level below the
//! base computed from the one above it by a box filter.

use crate::format::texel::{Class, from_linear, to_linear};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::state::context::ContextState;
use crate::state::objects::texture::{Level, Texture, texel_at};
use std::sync::Arc;

impl ContextState {
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
