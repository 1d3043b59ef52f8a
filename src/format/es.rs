//! OpenGL ES's pixel transfer rules, stricter than desktop GL's: an OpenGL ES context
//! converts nothing on upload, so TexImage and TexSubImage take only the (internal
//! format, format, type) combinations of OpenGL ES 3.2 table 8.2 (sized internal
//! formats) and table 8.3 (the unsized ones), and only OpenGL ES's formats and types.
//! The LUMINANCE, LUMINANCE_ALPHA and ALPHA formats of table 8.3, which OpenGL ES
//! has and core desktop GL does not, are [`Legacy`] formats: stored as R8 or RG8,
//! read as OpenGL ES 3.2 table 8.11 says.
//! The state layer calls these checks in OpenGL ES contexts only.

use crate::format::texel::{Format, Kind};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;

/// OpenGL ES 3.2 table 8.3's luminance formats (not core desktop GL tokens).
pub const GL_LUMINANCE: u32 = 0x1909;
pub const GL_LUMINANCE_ALPHA: u32 = 0x190A;

/// How glcompute keeps an image of one of OpenGL ES's LUMINANCE, LUMINANCE_ALPHA and
/// ALPHA internal formats (table 8.3), which no desktop core format is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Legacy {
    /// The texel format stored: one 8-bit unsigned normalized channel a component.
    pub storage: Format,
    /// For each stored channel, the RGBA component it is converted from (table 8.11:
    /// L from R, A from A), as CopyTexImage and the border colour convert.
    pub sources: &'static [usize],
    /// What a lookup returns for R, G, B and A (table 8.11: L as (L, L, L, 1), A as
    /// (0, 0, 0, A), LA as (L, L, L, A)): a stored channel 0-3, 4 for 0 or 5 for 1.
    pub lookup: [u8; 4],
    /// The client format whose components are the stored channels, in order: an
    /// upload of the image's own format moves the same bytes.
    pub client: u32,
}

/// The [`Legacy`] form of `internal`, if it is LUMINANCE, LUMINANCE_ALPHA or ALPHA.
pub fn legacy(internal: u32) -> Option<Legacy> {
    let unorm8 = |n| Format::Plain {
        kind: Kind::Unorm,
        n,
        bits: 8,
    };
    Some(match internal {
        GL_LUMINANCE => Legacy {
            storage: unorm8(1),
            sources: &[0],
            lookup: [0, 0, 0, 5],
            client: GL_RED,
        },
        GL_ALPHA => Legacy {
            storage: unorm8(1),
            sources: &[3],
            lookup: [4, 4, 4, 0],
            client: GL_RED,
        },
        GL_LUMINANCE_ALPHA => Legacy {
            storage: unorm8(2),
            sources: &[0, 3],
            lookup: [0, 0, 0, 1],
            client: GL_RG,
        },
        _ => return None,
    })
}

/// The client format an upload in `format` reads in an OpenGL ES context: for
/// LUMINANCE, LUMINANCE_ALPHA and ALPHA, which table 8.3 pairs with the same internal
/// format only, the stored channels of that format; `format` otherwise.
pub fn client_format(format: u32) -> u32 {
    legacy(format).map_or(format, |l| l.client)
}

/// The client formats of OpenGL ES 3.2 (table 8.3).
const FORMATS: &[u32] = &[
    GL_RED,
    GL_RED_INTEGER,
    GL_RG,
    GL_RG_INTEGER,
    GL_RGB,
    GL_RGB_INTEGER,
    GL_RGBA,
    GL_RGBA_INTEGER,
    GL_DEPTH_COMPONENT,
    GL_DEPTH_STENCIL,
    GL_STENCIL_INDEX,
    GL_LUMINANCE_ALPHA,
    GL_LUMINANCE,
    GL_ALPHA,
];

/// The client types of OpenGL ES 3.2 (tables 8.2, 8.4).
const TYPES: &[u32] = &[
    GL_UNSIGNED_BYTE,
    GL_BYTE,
    GL_UNSIGNED_SHORT,
    GL_SHORT,
    GL_UNSIGNED_INT,
    GL_INT,
    GL_HALF_FLOAT,
    GL_FLOAT,
    GL_UNSIGNED_SHORT_5_6_5,
    GL_UNSIGNED_SHORT_4_4_4_4,
    GL_UNSIGNED_SHORT_5_5_5_1,
    GL_UNSIGNED_INT_2_10_10_10_REV,
    GL_UNSIGNED_INT_10F_11F_11F_REV,
    GL_UNSIGNED_INT_5_9_9_9_REV,
    GL_UNSIGNED_INT_24_8,
    GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
];

/// OpenGL ES 3.2 tables 8.2 and 8.3: each internal format TexImage takes, with the
/// (format, type) pairs that specify it.
#[rustfmt::skip]
const COMBINATIONS: &[(u32, u32, &[u32])] = &[
    // Table 8.3: unsized internal formats.
    (GL_RGBA, GL_RGBA, &[GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT_4_4_4_4, GL_UNSIGNED_SHORT_5_5_5_1]),
    (GL_RGB, GL_RGB, &[GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT_5_6_5]),
    (GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, &[GL_UNSIGNED_BYTE]),
    (GL_LUMINANCE, GL_LUMINANCE, &[GL_UNSIGNED_BYTE]),
    (GL_ALPHA, GL_ALPHA, &[GL_UNSIGNED_BYTE]),
    // Table 8.2: sized internal formats.
    (GL_RGBA8, GL_RGBA, &[GL_UNSIGNED_BYTE]),
    (GL_SRGB8_ALPHA8, GL_RGBA, &[GL_UNSIGNED_BYTE]),
    (GL_RGB5_A1, GL_RGBA, &[GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT_5_5_5_1, GL_UNSIGNED_INT_2_10_10_10_REV]),
    (GL_RGBA4, GL_RGBA, &[GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT_4_4_4_4]),
    (GL_RGBA8_SNORM, GL_RGBA, &[GL_BYTE]),
    (GL_RGB10_A2, GL_RGBA, &[GL_UNSIGNED_INT_2_10_10_10_REV]),
    (GL_RGBA16F, GL_RGBA, &[GL_HALF_FLOAT, GL_FLOAT]),
    (GL_RGBA32F, GL_RGBA, &[GL_FLOAT]),
    (GL_RGBA8UI, GL_RGBA_INTEGER, &[GL_UNSIGNED_BYTE]),
    (GL_RGBA8I, GL_RGBA_INTEGER, &[GL_BYTE]),
    (GL_RGB10_A2UI, GL_RGBA_INTEGER, &[GL_UNSIGNED_INT_2_10_10_10_REV]),
    (GL_RGBA16UI, GL_RGBA_INTEGER, &[GL_UNSIGNED_SHORT]),
    (GL_RGBA16I, GL_RGBA_INTEGER, &[GL_SHORT]),
    (GL_RGBA32UI, GL_RGBA_INTEGER, &[GL_UNSIGNED_INT]),
    (GL_RGBA32I, GL_RGBA_INTEGER, &[GL_INT]),
    (GL_RGB8, GL_RGB, &[GL_UNSIGNED_BYTE]),
    (GL_SRGB8, GL_RGB, &[GL_UNSIGNED_BYTE]),
    (GL_RGB565, GL_RGB, &[GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT_5_6_5]),
    (GL_RGB8_SNORM, GL_RGB, &[GL_BYTE]),
    (GL_R11F_G11F_B10F, GL_RGB, &[GL_UNSIGNED_INT_10F_11F_11F_REV, GL_HALF_FLOAT, GL_FLOAT]),
    (GL_RGB9_E5, GL_RGB, &[GL_UNSIGNED_INT_5_9_9_9_REV, GL_HALF_FLOAT, GL_FLOAT]),
    (GL_RGB16F, GL_RGB, &[GL_HALF_FLOAT, GL_FLOAT]),
    (GL_RGB32F, GL_RGB, &[GL_FLOAT]),
    (GL_RGB8UI, GL_RGB_INTEGER, &[GL_UNSIGNED_BYTE]),
    (GL_RGB8I, GL_RGB_INTEGER, &[GL_BYTE]),
    (GL_RGB16UI, GL_RGB_INTEGER, &[GL_UNSIGNED_SHORT]),
    (GL_RGB16I, GL_RGB_INTEGER, &[GL_SHORT]),
    (GL_RGB32UI, GL_RGB_INTEGER, &[GL_UNSIGNED_INT]),
    (GL_RGB32I, GL_RGB_INTEGER, &[GL_INT]),
    (GL_RG8, GL_RG, &[GL_UNSIGNED_BYTE]),
    (GL_RG8_SNORM, GL_RG, &[GL_BYTE]),
    (GL_RG16F, GL_RG, &[GL_HALF_FLOAT, GL_FLOAT]),
    (GL_RG32F, GL_RG, &[GL_FLOAT]),
    (GL_RG8UI, GL_RG_INTEGER, &[GL_UNSIGNED_BYTE]),
    (GL_RG8I, GL_RG_INTEGER, &[GL_BYTE]),
    (GL_RG16UI, GL_RG_INTEGER, &[GL_UNSIGNED_SHORT]),
    (GL_RG16I, GL_RG_INTEGER, &[GL_SHORT]),
    (GL_RG32UI, GL_RG_INTEGER, &[GL_UNSIGNED_INT]),
    (GL_RG32I, GL_RG_INTEGER, &[GL_INT]),
    (GL_R8, GL_RED, &[GL_UNSIGNED_BYTE]),
    (GL_R8_SNORM, GL_RED, &[GL_BYTE]),
    (GL_R16F, GL_RED, &[GL_HALF_FLOAT, GL_FLOAT]),
    (GL_R32F, GL_RED, &[GL_FLOAT]),
    (GL_R8UI, GL_RED_INTEGER, &[GL_UNSIGNED_BYTE]),
    (GL_R8I, GL_RED_INTEGER, &[GL_BYTE]),
    (GL_R16UI, GL_RED_INTEGER, &[GL_UNSIGNED_SHORT]),
    (GL_R16I, GL_RED_INTEGER, &[GL_SHORT]),
    (GL_R32UI, GL_RED_INTEGER, &[GL_UNSIGNED_INT]),
    (GL_R32I, GL_RED_INTEGER, &[GL_INT]),
    (GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, &[GL_UNSIGNED_SHORT, GL_UNSIGNED_INT]),
    (GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, &[GL_UNSIGNED_INT]),
    (GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, &[GL_FLOAT]),
    (GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, &[GL_UNSIGNED_INT_24_8]),
    (GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, &[GL_FLOAT_32_UNSIGNED_INT_24_8_REV]),
    (GL_STENCIL_INDEX8, GL_STENCIL_INDEX, &[GL_UNSIGNED_BYTE]),
];

/// OpenGL ES 3.2 §8.4.2.2 (tables 8.2 and 8.3): INVALID_ENUM if `format` or `ty` is
/// not one of OpenGL ES's.
pub fn check_client(format: u32, ty: u32) -> GlResult<()> {
    if !FORMATS.contains(&format) {
        gl_bail!(
            GL_INVALID_ENUM,
            "format {} is not a pixel format of OpenGL ES",
            Enum(format)
        );
    }
    if !TYPES.contains(&ty) {
        gl_bail!(
            GL_INVALID_ENUM,
            "type {} is not a pixel type of OpenGL ES",
            Enum(ty)
        );
    }
    Ok(())
}

/// Whether TexImage takes `internal` in an OpenGL ES context (tables 8.2, 8.3).
pub fn is_tex_image_format(internal: u32) -> bool {
    COMBINATIONS.iter().any(|&(i, _, _)| i == internal)
}

/// OpenGL ES 3.2 §8.5 (TexImage) and §8.6 (TexSubImage, against the image's internal
/// format): INVALID_OPERATION if (`internal`, `format`, `ty`) is not a combination
/// of tables 8.2 and 8.3. The caller has checked `internal` with
/// [`is_tex_image_format`] (or took it from an existing image).
pub fn check_combination(internal: u32, format: u32, ty: u32) -> GlResult<()> {
    let ok = COMBINATIONS
        .iter()
        .any(|&(i, f, types)| i == internal && f == format && types.contains(&ty));
    if !ok {
        gl_bail!(
            GL_INVALID_OPERATION,
            "OpenGL ES does not specify internal format {} with format {} and type {} (OpenGL ES 3.2 tables 8.2, 8.3)",
            Enum(internal),
            Enum(format),
            Enum(ty)
        );
    }
    Ok(())
}

/// The internal formats RenderbufferStorage takes in an OpenGL ES context: the
/// color-renderable formats of OpenGL ES 3.2 table 8.10, with the float ones that
/// EXT_color_buffer_float (announced) makes color-renderable, and the depth- and
/// stencil-renderable formats of table 8.11 (§9.2.4, §9.4).
#[rustfmt::skip]
const RENDERABLE: &[u32] = &[
    GL_R8, GL_RG8, GL_RGB8, GL_RGB565, GL_RGBA4, GL_RGB5_A1, GL_RGBA8, GL_RGB10_A2,
    GL_RGB10_A2UI, GL_SRGB8_ALPHA8,
    GL_R8I, GL_R8UI, GL_R16I, GL_R16UI, GL_R32I, GL_R32UI,
    GL_RG8I, GL_RG8UI, GL_RG16I, GL_RG16UI, GL_RG32I, GL_RG32UI,
    GL_RGBA8I, GL_RGBA8UI, GL_RGBA16I, GL_RGBA16UI, GL_RGBA32I, GL_RGBA32UI,
    // EXT_color_buffer_float.
    GL_R16F, GL_RG16F, GL_RGBA16F, GL_R32F, GL_RG32F, GL_RGBA32F, GL_R11F_G11F_B10F,
    GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32F,
    GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8, GL_STENCIL_INDEX8,
];

/// OpenGL ES 3.2 table 8.27: the image unit formats.
#[rustfmt::skip]
const IMAGE_FORMATS: &[u32] = &[
    GL_RGBA32F, GL_RGBA16F, GL_R32F, GL_RGBA32UI, GL_RGBA16UI, GL_RGBA8UI, GL_R32UI,
    GL_RGBA32I, GL_RGBA16I, GL_RGBA8I, GL_R32I, GL_RGBA8, GL_RGBA8_SNORM,
];

/// Whether an OpenGL ES context's BindImageTexture takes `format`.
pub fn is_image_format(format: u32) -> bool {
    IMAGE_FORMATS.contains(&format)
}

/// Whether an OpenGL ES context's RenderbufferStorage takes `internal`.
pub fn is_renderable(internal: u32) -> bool {
    RENDERABLE.contains(&internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_uses_es_formats_and_types() {
        for &(i, f, types) in COMBINATIONS {
            assert!(FORMATS.contains(&f), "{i:#x}");
            assert!(types.iter().all(|t| TYPES.contains(t)), "{i:#x}");
            assert!(crate::gl::es_functions::is_es_enum(i), "{i:#x}");
        }
        assert!(check_combination(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE).is_ok());
        assert!(check_combination(GL_RGBA8, GL_RGBA, GL_UNSIGNED_SHORT).is_err());
        assert!(!is_tex_image_format(0x805A)); // RGBA12
    }
}
