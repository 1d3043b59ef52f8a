//! The GL internal formats (GL 4.6 tables 8.12-8.13, 8.18, 8.26): the texel format
//! each one stores, component types, the image-unit and buffer-texture formats, and
//! which formats are colour- or depth-renderable.

use crate::format::texel::{Format, Kind};
use crate::gl::enums::*;

/// The sized internal formats glcompute stores (GL 4.6 tables 8.12, 8.13), and the
/// unsized base formats, which get the sized format a GL driver would choose.
/// The type of component `c` of `f` (0-3: red to alpha, 4: depth) as GL 4.6 §8.11.2
/// and §9.2.3 report it, NONE where the format has no such component.
pub fn component_type(f: Format, c: usize) -> u32 {
    if c < 4 && f.color_bits()[c] == 0 || (c == 4 && !f.has_depth()) {
        return GL_NONE;
    }
    match f {
        Format::Plain { kind, .. } => match kind {
            Kind::Unorm => GL_UNSIGNED_NORMALIZED,
            Kind::Snorm => GL_SIGNED_NORMALIZED,
            Kind::Float => GL_FLOAT,
            Kind::Sint => GL_INT,
            Kind::Uint => GL_UNSIGNED_INT,
        },
        Format::Rgb10A2 { int: true } => GL_UNSIGNED_INT,
        Format::R11G11B10F | Format::Rgb9E5 | Format::Depth32F => GL_FLOAT,
        Format::Depth32FStencil8 if c == 4 => GL_FLOAT,
        _ => GL_UNSIGNED_NORMALIZED,
    }
}

pub fn internal_format(f: u32) -> Option<Format> {
    use Kind::*;
    let p = |kind, n, bits| Format::Plain { kind, n, bits };
    Some(match f {
        GL_R8 | GL_RED => p(Unorm, 1, 8),
        GL_RG8 | GL_RG => p(Unorm, 2, 8),
        GL_RGB8 | GL_RGB => p(Unorm, 3, 8),
        GL_RGBA8 | GL_RGBA => p(Unorm, 4, 8),
        GL_R16 => p(Unorm, 1, 16),
        GL_RG16 => p(Unorm, 2, 16),
        GL_RGB16 => p(Unorm, 3, 16),
        GL_RGBA16 => p(Unorm, 4, 16),
        GL_R8_SNORM => p(Snorm, 1, 8),
        GL_RG8_SNORM => p(Snorm, 2, 8),
        GL_RGB8_SNORM => p(Snorm, 3, 8),
        GL_RGBA8_SNORM => p(Snorm, 4, 8),
        GL_R16_SNORM => p(Snorm, 1, 16),
        GL_RG16_SNORM => p(Snorm, 2, 16),
        GL_RGB16_SNORM => p(Snorm, 3, 16),
        GL_RGBA16_SNORM => p(Snorm, 4, 16),
        GL_R16F => p(Float, 1, 16),
        GL_RG16F => p(Float, 2, 16),
        GL_RGB16F => p(Float, 3, 16),
        GL_RGBA16F => p(Float, 4, 16),
        GL_R32F => p(Float, 1, 32),
        GL_RG32F => p(Float, 2, 32),
        GL_RGB32F => p(Float, 3, 32),
        GL_RGBA32F => p(Float, 4, 32),
        GL_R8I => p(Sint, 1, 8),
        GL_RG8I => p(Sint, 2, 8),
        GL_RGB8I => p(Sint, 3, 8),
        GL_RGBA8I => p(Sint, 4, 8),
        GL_R16I => p(Sint, 1, 16),
        GL_RG16I => p(Sint, 2, 16),
        GL_RGB16I => p(Sint, 3, 16),
        GL_RGBA16I => p(Sint, 4, 16),
        GL_R32I => p(Sint, 1, 32),
        GL_RG32I => p(Sint, 2, 32),
        GL_RGB32I => p(Sint, 3, 32),
        GL_RGBA32I => p(Sint, 4, 32),
        GL_R8UI => p(Uint, 1, 8),
        GL_RG8UI => p(Uint, 2, 8),
        GL_RGB8UI => p(Uint, 3, 8),
        GL_RGBA8UI => p(Uint, 4, 8),
        GL_R16UI => p(Uint, 1, 16),
        GL_RG16UI => p(Uint, 2, 16),
        GL_RGB16UI => p(Uint, 3, 16),
        GL_RGBA16UI => p(Uint, 4, 16),
        GL_R32UI => p(Uint, 1, 32),
        GL_RG32UI => p(Uint, 2, 32),
        GL_RGB32UI => p(Uint, 3, 32),
        GL_RGBA32UI => p(Uint, 4, 32),
        GL_SRGB8 | GL_SRGB => Format::Srgb8 { alpha: false },
        GL_SRGB8_ALPHA8 | GL_SRGB_ALPHA => Format::Srgb8 { alpha: true },
        GL_RGB10_A2 => Format::Rgb10A2 { int: false },
        GL_RGB10_A2UI => Format::Rgb10A2 { int: true },
        GL_R11F_G11F_B10F => Format::R11G11B10F,
        GL_RGB9_E5 => Format::Rgb9E5,
        GL_RGB565 => Format::Rgb565,
        GL_RGBA4 => Format::Rgba4,
        GL_RGB5_A1 => Format::Rgb5A1,
        GL_DEPTH_COMPONENT16 => Format::Depth16,
        GL_DEPTH_COMPONENT24 | GL_DEPTH_COMPONENT => Format::Depth24,
        GL_DEPTH_COMPONENT32F => Format::Depth32F,
        GL_DEPTH24_STENCIL8 | GL_DEPTH_STENCIL => Format::Depth24Stencil8,
        GL_DEPTH32F_STENCIL8 => Format::Depth32FStencil8,
        GL_STENCIL_INDEX8 | GL_STENCIL_INDEX => Format::Stencil8,
        _ => return None,
    })
}

/// True for the unsized base formats TexImage accepts and TexStorage does not.
pub fn is_unsized(f: u32) -> bool {
    matches!(
        f,
        GL_RED
            | GL_RG
            | GL_RGB
            | GL_RGBA
            | GL_SRGB
            | GL_SRGB_ALPHA
            | GL_DEPTH_COMPONENT
            | GL_DEPTH_STENCIL
            | GL_STENCIL_INDEX
    )
}

/// The image formats of GL 4.6 table 8.26 (those an image unit may use).
pub fn image_unit_format(f: u32) -> Option<Format> {
    if IMAGE_FORMATS.contains(&f) {
        internal_format(f)
    } else {
        None
    }
}

/// The image formats of table 8.26 as stored formats.
pub const IMAGE_FORMATS: [u32; 39] = [
    GL_RGBA32F,
    GL_RGBA16F,
    GL_RG32F,
    GL_RG16F,
    GL_R11F_G11F_B10F,
    GL_R32F,
    GL_R16F,
    GL_RGBA32UI,
    GL_RGBA16UI,
    GL_RGB10_A2UI,
    GL_RGBA8UI,
    GL_RG32UI,
    GL_RG16UI,
    GL_RG8UI,
    GL_R32UI,
    GL_R16UI,
    GL_R8UI,
    GL_RGBA32I,
    GL_RGBA16I,
    GL_RGBA8I,
    GL_RG32I,
    GL_RG16I,
    GL_RG8I,
    GL_R32I,
    GL_R16I,
    GL_R8I,
    GL_RGBA16,
    GL_RGB10_A2,
    GL_RGBA8,
    GL_RG16,
    GL_RG8,
    GL_R16,
    GL_R8,
    GL_RGBA16_SNORM,
    GL_RGBA8_SNORM,
    GL_RG16_SNORM,
    GL_RG8_SNORM,
    GL_R16_SNORM,
    GL_R8_SNORM,
];

/// True if a texture stored as `f` is compatible by size with image units (GL 4.6
/// table 8.27 lists the image formats only).
pub fn is_image_format(f: Format) -> bool {
    IMAGE_FORMATS.iter().any(|&e| internal_format(e) == Some(f))
}

/// The internal formats of buffer textures (GL 4.6 table 8.18).
pub const BUFFER_FORMATS: [u32; 36] = [
    GL_R8,
    GL_R16,
    GL_R16F,
    GL_R32F,
    GL_R8I,
    GL_R16I,
    GL_R32I,
    GL_R8UI,
    GL_R16UI,
    GL_R32UI,
    GL_RG8,
    GL_RG16,
    GL_RG16F,
    GL_RG32F,
    GL_RG8I,
    GL_RG16I,
    GL_RG32I,
    GL_RG8UI,
    GL_RG16UI,
    GL_RG32UI,
    GL_RGB32F,
    GL_RGB32I,
    GL_RGB32UI,
    GL_RGBA8,
    GL_RGBA16,
    GL_RGBA16F,
    GL_RGBA32F,
    GL_RGBA8I,
    GL_RGBA16I,
    GL_RGBA32I,
    GL_RGBA8UI,
    GL_RGBA16UI,
    GL_RGBA32UI,
    GL_RGBA8_SNORM,
    GL_RGBA16_SNORM,
    GL_RG8_SNORM,
];

/// Whether ClearBufferData and ClearBufferSubData take `f` (GL 4.6 §6.5: a sized
/// internal format of table 8.16): the buffer texture formats but the signed normalized
/// ones.
pub fn clear_buffer_format(f: u32) -> bool {
    BUFFER_FORMATS.contains(&f)
        && !matches!(
            internal_format(f),
            Some(Format::Plain {
                kind: Kind::Snorm,
                ..
            })
        )
}

/// Whether a colour format is colour-renderable (GL 4.6 table 8.12: not RGB9_E5 or the
/// signed normalized formats).
pub fn color_renderable(f: Format) -> bool {
    f.color_bits() != [0; 4]
        && f != Format::Rgb9E5
        && !matches!(
            f,
            Format::Plain {
                kind: Kind::Snorm,
                ..
            }
        )
}

/// Whether `f` may be a multisample image (GL 4.6 §8.8: colour-, depth- or
/// stencil-renderable).
pub fn renderable(f: Format) -> bool {
    crate::format::internal::color_renderable(f) || f.has_depth() || f.has_stencil()
}

/// IMAGE_COMPATIBILITY_CLASS of an image format (GL 4.6 table 8.27).
pub fn image_class(f: Format) -> u32 {
    match f {
        Format::R11G11B10F => GL_IMAGE_CLASS_11_11_10,
        Format::Rgb10A2 { .. } => GL_IMAGE_CLASS_10_10_10_2,
        _ => {
            let n = f.color_bits().iter().filter(|&&b| b > 0).count();
            match (n, f.color_bits()[0]) {
                (4, 32) => GL_IMAGE_CLASS_4_X_32,
                (2, 32) => GL_IMAGE_CLASS_2_X_32,
                (1, 32) => GL_IMAGE_CLASS_1_X_32,
                (4, 16) => GL_IMAGE_CLASS_4_X_16,
                (2, 16) => GL_IMAGE_CLASS_2_X_16,
                (1, 16) => GL_IMAGE_CLASS_1_X_16,
                (4, _) => GL_IMAGE_CLASS_4_X_8,
                (2, _) => GL_IMAGE_CLASS_2_X_8,
                _ => GL_IMAGE_CLASS_1_X_8,
            }
        }
    }
}
