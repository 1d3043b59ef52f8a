//! Texture views (GL 4.6 §8.18): TextureView makes a new immutable texture whose
//! levels are a range of another immutable texture's levels, and whose layers a range
//! of its layers, sharing the original's memory (a [`Level`] of a view holds the
//! original's storage with the byte offset of its first layer), possibly under
//! another target of table 8.21 and another internal format of the original's view
//! class (table 8.22), which reinterprets the same bytes.

use crate::format::internal::internal_format;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::MAX_LEVELS;
use crate::state::context::ContextState;
use crate::state::objects::texture::{Level, TexState, Texture};

/// The view classes of GL 4.6 table 8.22; formats of one class may view each other.
const VIEW_CLASSES: &[&[u32]] = &[
    &[GL_RGBA32F, GL_RGBA32UI, GL_RGBA32I],
    &[GL_RGB32F, GL_RGB32UI, GL_RGB32I],
    &[
        GL_RGBA16F,
        GL_RG32F,
        GL_RGBA16UI,
        GL_RG32UI,
        GL_RGBA16I,
        GL_RG32I,
        GL_RGBA16,
        GL_RGBA16_SNORM,
    ],
    &[GL_RGB16, GL_RGB16_SNORM, GL_RGB16F, GL_RGB16UI, GL_RGB16I],
    &[
        GL_RG16F,
        GL_R11F_G11F_B10F,
        GL_R32F,
        GL_RGB10_A2UI,
        GL_RGBA8UI,
        GL_RG16UI,
        GL_R32UI,
        GL_RGBA8I,
        GL_RG16I,
        GL_R32I,
        GL_RGB10_A2,
        GL_RGBA8,
        GL_RG16,
        GL_RGBA8_SNORM,
        GL_RG16_SNORM,
        GL_SRGB8_ALPHA8,
        GL_RGB9_E5,
    ],
    &[GL_RGB8, GL_RGB8_SNORM, GL_SRGB8, GL_RGB8UI, GL_RGB8I],
    &[
        GL_R16F,
        GL_RG8UI,
        GL_R16UI,
        GL_RG8I,
        GL_R16I,
        GL_RG8,
        GL_R16,
        GL_RG8_SNORM,
        GL_R16_SNORM,
    ],
    &[GL_R8UI, GL_R8I, GL_R8, GL_R8_SNORM],
    &[GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_SIGNED_RED_RGTC1],
    &[GL_COMPRESSED_RG_RGTC2, GL_COMPRESSED_SIGNED_RG_RGTC2],
    &[
        GL_COMPRESSED_RGBA_BPTC_UNORM,
        GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM,
    ],
    &[
        GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT,
        GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT,
    ],
];

/// The view class of an internal format (GL 4.6 table 8.22), if it has one.
pub fn view_class(internal: u32) -> Option<usize> {
    VIEW_CLASSES.iter().position(|c| c.contains(&internal))
}

/// Whether a view of `view` may be made of an image of `orig` (GL 4.6 §8.18: the same
/// format, or two formats of one view class).
fn formats_compatible(orig: u32, view: u32) -> bool {
    orig == view || view_class(orig).is_some_and(|c| view_class(view) == Some(c))
}

/// The targets a view of a texture of `orig` may have (GL 4.6 table 8.21).
fn targets_compatible(orig: u32, view: u32) -> bool {
    let ok: &[u32] = match orig {
        GL_TEXTURE_1D | GL_TEXTURE_1D_ARRAY => &[GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY],
        GL_TEXTURE_2D => &[GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY],
        GL_TEXTURE_3D => &[GL_TEXTURE_3D],
        GL_TEXTURE_CUBE_MAP | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY => &[
            GL_TEXTURE_CUBE_MAP,
            GL_TEXTURE_2D,
            GL_TEXTURE_2D_ARRAY,
            GL_TEXTURE_CUBE_MAP_ARRAY,
        ],
        GL_TEXTURE_RECTANGLE => &[GL_TEXTURE_RECTANGLE],
        GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => {
            &[GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY]
        }
        _ => &[],
    };
    ok.contains(&view)
}

/// The layers of a level of a texture of `target` (1D arrays: its height; cube maps:
/// 6; other non-array targets: 1).
fn layers_of(target: u32, l: &Level) -> u32 {
    match target {
        GL_TEXTURE_1D_ARRAY => l.height,
        GL_TEXTURE_2D_ARRAY
        | GL_TEXTURE_CUBE_MAP_ARRAY
        | GL_TEXTURE_CUBE_MAP
        | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => l.depth,
        _ => 1,
    }
}

/// TEXTURE_VIEW_MIN_LEVEL, _NUM_LEVELS, _MIN_LAYER and _NUM_LAYERS of a texture (GL
/// 4.6 §8.18, §8.19): a view's range in the texture it was first made from; an
/// immutable texture's own levels and layers; zeros for a mutable texture.
pub fn view_range(st: &TexState) -> [u32; 4] {
    if let Some([a, b, c, d, _]) = st.view {
        return [a, b, c, d];
    }
    if !st.immutable {
        return [0; 4];
    }
    let layers = st.levels[0]
        .as_ref()
        .map(|l| layers_of(st.target, l))
        .unwrap_or(0);
    [0, st.immutable_levels, 0, layers]
}

impl ContextState {
    /// TextureView (GL 4.6 §8.18), its errors in Mesa's order.
    #[allow(clippy::too_many_arguments)]
    pub fn texture_view(
        &mut self,
        texture: u32,
        target: u32,
        orig: u32,
        internal: u32,
        min_level: u32,
        num_levels: u32,
        min_layer: u32,
        num_layers: u32,
    ) -> GlResult<()> {
        // GL 4.6 §8.18: INVALID_VALUE if origtexture is not the name of a texture
        // object; INVALID_OPERATION if its storage is not immutable.
        let orig_tex = self.shared.textures.lock().get(orig).cloned();
        let Some(orig_tex) = orig_tex else {
            gl_bail!(
                GL_INVALID_VALUE,
                "origtexture = {orig} is not the name of a texture object"
            );
        };
        let o = orig_tex.state.lock();
        if !o.immutable {
            gl_bail!(
                GL_INVALID_OPERATION,
                "origtexture {orig} does not have immutable storage (glTexStorage*)"
            );
        }
        // GL 4.6 §8.18: INVALID_VALUE if texture is zero; INVALID_OPERATION if it is
        // not a name GenTextures returned, or has already been bound and given a
        // target.
        if texture == 0 {
            gl_bail!(GL_INVALID_VALUE, "texture is 0");
        }
        Self::check_view_name(&self.shared.textures.lock(), texture)?;
        // GL 4.6 §8.18: INVALID_OPERATION if target is not compatible with
        // origtexture's target (table 8.21).
        if !targets_compatible(o.target, target) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a {} view cannot be made of a {} texture",
                Enum(target),
                Enum(o.target)
            );
        }
        let Some(base) = o.levels[0].clone() else {
            gl_bail!(GL_INVALID_OPERATION, "origtexture {orig} has no level 0");
        };
        let [o_min_level, _, o_min_layer, _] = view_range(&o);
        let levels = o.immutable_levels;
        // GL 4.6 §8.18: the view reports its original's TEXTURE_IMMUTABLE_LEVELS.
        let reported_levels = o.view.map_or(levels, |v| v[4]);
        let layers = layers_of(o.target, &base);
        // GL 4.6 §8.18: INVALID_VALUE if minlevel or minlayer is past the last level
        // or layer of origtexture.
        if min_level >= levels {
            gl_bail!(
                GL_INVALID_VALUE,
                "minlevel = {min_level} is past origtexture's {levels} levels"
            );
        }
        if min_layer >= layers {
            gl_bail!(
                GL_INVALID_VALUE,
                "minlayer = {min_layer} is past origtexture's {layers} layers"
            );
        }
        // GL 4.6 §8.18: INVALID_OPERATION if internalformat is not compatible with
        // origtexture's internal format (table 8.22).
        let view_format = internal_format(internal)
            .or_else(|| crate::format::compressed::codec(internal).map(|c| c.texel_format()));
        let Some(view_format) = view_format.filter(|_| formats_compatible(base.internal, internal))
        else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "{} is not in the view class of {}",
                Enum(internal),
                Enum(base.internal)
            );
        };
        // The decoded texels of a compressed level are shared with the view; formats
        // that decode the same blocks to other values (RGTC and BPTC float signedness)
        // would need texels of their own, which glcompute does not keep.
        if let (Some(b), Some(c)) = (&base.compressed, crate::format::compressed::codec(internal))
            && b.codec != c
            && !same_decode(b.codec, c)
        {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a {} view of {} blocks: glcompute keeps one decoding of compressed blocks, and these formats decode them differently",
                Enum(internal),
                Enum(base.internal)
            );
        }
        // The view's ranges are clamped to what origtexture has.
        let n_levels = num_levels.min(levels - min_level);
        let n_layers = num_layers.min(layers - min_layer);
        // GL 4.6 §8.18: INVALID_VALUE for a layer count the view's target cannot
        // have (numlayers as given for the targets without layers); INVALID_OPERATION
        // for a view of no level or no layer, or a cube map view of images that are
        // not square.
        match target {
            GL_TEXTURE_CUBE_MAP if n_layers != 6 => gl_bail!(
                GL_INVALID_VALUE,
                "a cube map view has 6 layers, not {n_layers}"
            ),
            GL_TEXTURE_CUBE_MAP_ARRAY if !n_layers.is_multiple_of(6) => gl_bail!(
                GL_INVALID_VALUE,
                "a cube map array view's {n_layers} layers are not a multiple of 6"
            ),
            _ => {}
        }
        if n_levels == 0 || n_layers == 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the view would have {n_levels} levels and {n_layers} layers"
            );
        }
        if matches!(
            target,
            GL_TEXTURE_1D
                | GL_TEXTURE_2D
                | GL_TEXTURE_3D
                | GL_TEXTURE_RECTANGLE
                | GL_TEXTURE_2D_MULTISAMPLE
        ) && num_layers != 1
        {
            gl_bail!(
                GL_INVALID_VALUE,
                "a {} view has one layer, not {num_layers}",
                Enum(target)
            );
        }
        let first = o.levels[min_level as usize].as_ref().unwrap_or(&base);
        if matches!(target, GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY)
            && first.width != first.height
        {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a cube map view of {}x{} images: they are not square",
                first.width,
                first.height
            );
        }
        // The view's levels: the original's, from min_level, narrowed to its layers.
        let mut view_levels = vec![None; MAX_LEVELS];
        for i in 0..n_levels {
            let Some(l) = o.levels[(min_level + i) as usize].clone() else {
                continue;
            };
            view_levels[i as usize] = Some(narrow(
                l,
                o.target,
                target,
                internal,
                view_format,
                min_layer,
                n_layers,
            ));
        }
        drop(o);
        let view = Texture::new(texture, target);
        {
            let mut st = view.state.lock();
            st.levels = view_levels;
            st.faces = vec![0x3f; MAX_LEVELS];
            st.immutable = true;
            st.immutable_levels = n_levels;
            st.view = Some([
                o_min_level + min_level,
                n_levels,
                o_min_layer + min_layer,
                n_layers,
                reported_levels,
            ]);
            // Only the data, format and ranges come from the original; the other
            // parameters keep a new texture's values (as Mesa).
        }
        // The name is checked again under the lock that binds it: another context of
        // the share group may have bound it meanwhile.
        let mut t = self.shared.textures.lock();
        Self::check_view_name(&t, texture)?;
        t.set(texture, view);
        Ok(())
    }

    /// GL 4.6 §8.18: INVALID_OPERATION if `texture` is not a name GenTextures
    /// returned, or has already been bound and given a target.
    fn check_view_name(
        t: &crate::state::objects::names::NameTable<std::sync::Arc<Texture>>,
        texture: u32,
    ) -> GlResult<()> {
        if !t.is_name(texture) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture = {texture} is not a name returned by glGenTextures"
            );
        }
        if t.get(texture).is_some() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {texture} already has a target"
            );
        }
        Ok(())
    }
}

/// Whether two compressed codecs of one view class decode blocks to the same texel
/// bytes (BPTC unorm and its sRGB form do; signed and unsigned RGTC or BPTC float do
/// not).
fn same_decode(a: crate::format::compressed::Codec, b: crate::format::compressed::Codec) -> bool {
    use crate::format::compressed::Codec::*;
    matches!((a, b), (Bc7 { .. }, Bc7 { .. }))
}

/// A level of a view: `l` (of a texture of `orig_target`) seen as `n_layers` layers
/// from `min_layer`, with the view's internal format.
fn narrow(
    mut l: Level,
    orig_target: u32,
    view_target: u32,
    internal: u32,
    format: crate::format::texel::Format,
    min_layer: u32,
    n_layers: u32,
) -> Level {
    if orig_target == GL_TEXTURE_1D_ARRAY {
        // Layers are rows.
        l.offset += min_layer as u64 * l.row_bytes();
        l.height = if view_target == GL_TEXTURE_1D_ARRAY {
            n_layers
        } else {
            1
        };
    } else if orig_target != GL_TEXTURE_3D {
        l.offset += min_layer as u64 * l.slice_bytes();
        let block_slice = l.compressed.as_ref().map(|b| b.slice_bytes(&l));
        if let (Some(b), Some(slice)) = (&mut l.compressed, block_slice) {
            b.offset += min_layer as u64 * slice;
        }
        l.depth = n_layers;
    }
    l.internal = internal;
    l.format = format;
    if let Some(b) = &mut l.compressed
        && let Some(c) = crate::format::compressed::codec(internal)
    {
        b.codec = c;
        b.internal = internal;
    }
    l
}
