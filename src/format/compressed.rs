//! Compressed formats (GL 4.6 §8.7, appendix C): the specific formats GL 4.3 core
//! requires (RGTC, BPTC, ETC2/EAC), the ASTC LDR formats of OpenGL ES 3.2
//! (KHR_texture_compression_astc_ldr), the generic ones, the size of their blocks, and
//! how each block decodes to texels.

use crate::format::etc2;
use crate::format::texel::{Format, Kind};
use crate::gl::enums::*;

/// How the blocks of a specific compressed format decode.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Codec {
    Rgtc1 {
        signed: bool,
    },
    Rgtc2 {
        signed: bool,
    },
    Bc7 {
        srgb: bool,
    },
    Bc6h {
        signed: bool,
    },
    Etc2Rgb {
        srgb: bool,
    },
    Etc2Punch {
        srgb: bool,
    },
    Etc2Rgba {
        srgb: bool,
    },
    R11 {
        signed: bool,
    },
    Rg11 {
        signed: bool,
    },
    /// ASTC, LDR profile: 16-byte blocks of `w` x `h` texels.
    Astc {
        w: u8,
        h: u8,
        srgb: bool,
    },
}

/// The ASTC block footprints of KHR_texture_compression_astc_ldr, in the order of
/// their internal formats (COMPRESSED_RGBA_ASTC_4x4_KHR = 0x93B0 to 12x12 = 0x93BD,
/// COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR = 0x93D0 to 0x93DD).
const ASTC_FOOTPRINTS: [(u8, u8); 14] = [
    (4, 4),
    (5, 4),
    (5, 5),
    (6, 5),
    (6, 6),
    (8, 5),
    (8, 6),
    (8, 8),
    (10, 5),
    (10, 6),
    (10, 8),
    (10, 10),
    (12, 10),
    (12, 12),
];

/// The 28 ASTC LDR internal formats (KHR_texture_compression_astc_ldr, OpenGL ES 3.2
/// table 8.19): the RGBA ones, then the sRGB ones.
pub fn astc_formats() -> impl Iterator<Item = u32> {
    (0..14)
        .map(|i| GL_COMPRESSED_RGBA_ASTC_4x4_KHR + i)
        .chain((0..14).map(|i| GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR + i))
}

/// The specific compressed internal formats of GL 4.3 core (GL 4.6 table 8.14).
pub const SPECIFIC: [u32; 18] = [
    GL_COMPRESSED_RED_RGTC1,
    GL_COMPRESSED_SIGNED_RED_RGTC1,
    GL_COMPRESSED_RG_RGTC2,
    GL_COMPRESSED_SIGNED_RG_RGTC2,
    GL_COMPRESSED_RGBA_BPTC_UNORM,
    GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM,
    GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT,
    GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT,
    GL_COMPRESSED_RGB8_ETC2,
    GL_COMPRESSED_SRGB8_ETC2,
    GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
    GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
    GL_COMPRESSED_RGBA8_ETC2_EAC,
    GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
    GL_COMPRESSED_R11_EAC,
    GL_COMPRESSED_SIGNED_R11_EAC,
    GL_COMPRESSED_RG11_EAC,
    GL_COMPRESSED_SIGNED_RG11_EAC,
];

/// The formats COMPRESSED_TEXTURE_FORMATS lists (GL 4.6 §8.7: those "suitable for
/// general-purpose usage"; the RGTC and sRGB formats' own specifications keep them off
/// the list, and Mesa lists no BPTC format either).
pub const GENERAL_PURPOSE: [u32; 7] = [
    GL_COMPRESSED_RGB8_ETC2,
    GL_COMPRESSED_RGBA8_ETC2_EAC,
    GL_COMPRESSED_R11_EAC,
    GL_COMPRESSED_RG11_EAC,
    GL_COMPRESSED_SIGNED_R11_EAC,
    GL_COMPRESSED_SIGNED_RG11_EAC,
    GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
];

/// The formats COMPRESSED_TEXTURE_FORMATS lists in an OpenGL ES 3.2 context: every
/// compressed format OpenGL ES 3.2 has (ETC2/EAC and ASTC), as Mesa's OpenGL ES
/// contexts list theirs.
pub fn es_formats() -> impl Iterator<Item = u32> {
    SPECIFIC[8..].iter().copied().chain(astc_formats())
}

/// The codec of a specific compressed internal format.
pub fn codec(internal: u32) -> Option<Codec> {
    use Codec::*;
    Some(match internal {
        GL_COMPRESSED_RED_RGTC1 => Rgtc1 { signed: false },
        GL_COMPRESSED_SIGNED_RED_RGTC1 => Rgtc1 { signed: true },
        GL_COMPRESSED_RG_RGTC2 => Rgtc2 { signed: false },
        GL_COMPRESSED_SIGNED_RG_RGTC2 => Rgtc2 { signed: true },
        GL_COMPRESSED_RGBA_BPTC_UNORM => Bc7 { srgb: false },
        GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM => Bc7 { srgb: true },
        GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT => Bc6h { signed: true },
        GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT => Bc6h { signed: false },
        GL_COMPRESSED_RGB8_ETC2 => Etc2Rgb { srgb: false },
        GL_COMPRESSED_SRGB8_ETC2 => Etc2Rgb { srgb: true },
        GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2 => Etc2Punch { srgb: false },
        GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2 => Etc2Punch { srgb: true },
        GL_COMPRESSED_RGBA8_ETC2_EAC => Etc2Rgba { srgb: false },
        GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC => Etc2Rgba { srgb: true },
        GL_COMPRESSED_R11_EAC => R11 { signed: false },
        GL_COMPRESSED_SIGNED_R11_EAC => R11 { signed: true },
        GL_COMPRESSED_RG11_EAC => Rg11 { signed: false },
        GL_COMPRESSED_SIGNED_RG11_EAC => Rg11 { signed: true },
        i if (GL_COMPRESSED_RGBA_ASTC_4x4_KHR..=GL_COMPRESSED_RGBA_ASTC_12x12_KHR).contains(&i) => {
            let (w, h) = ASTC_FOOTPRINTS[(i - GL_COMPRESSED_RGBA_ASTC_4x4_KHR) as usize];
            Astc { w, h, srgb: false }
        }
        i if (GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR
            ..=GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR)
            .contains(&i) =>
        {
            let (w, h) = ASTC_FOOTPRINTS[(i - GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR) as usize];
            Astc { w, h, srgb: true }
        }
        _ => return None,
    })
}

/// True for the generic compressed internal formats (GL 4.6 table 8.14).
pub fn is_generic(internal: u32) -> bool {
    matches!(
        internal,
        GL_COMPRESSED_RED
            | GL_COMPRESSED_RG
            | GL_COMPRESSED_RGB
            | GL_COMPRESSED_RGBA
            | GL_COMPRESSED_SRGB
            | GL_COMPRESSED_SRGB_ALPHA
    )
}

/// The internal format TexImage stores for a compressed `internal` (GL 4.6 §8.5: a
/// generic compressed format, or a specific one the GL does not compress images to,
/// is replaced by its base internal format and the image is not compressed; glcompute
/// compresses nothing itself). Other formats are returned as they are.
pub fn uncompressed_replacement(internal: u32) -> u32 {
    match internal {
        GL_COMPRESSED_RED => GL_RED,
        GL_COMPRESSED_RG => GL_RG,
        GL_COMPRESSED_RGB => GL_RGB,
        GL_COMPRESSED_RGBA => GL_RGBA,
        GL_COMPRESSED_SRGB => GL_SRGB,
        GL_COMPRESSED_SRGB_ALPHA => GL_SRGB_ALPHA,
        i => codec(i).map(|c| c.base_format()).unwrap_or(i),
    }
}

impl Codec {
    /// The internal format of the codec.
    pub fn internal_format(self) -> u32 {
        SPECIFIC
            .iter()
            .copied()
            .chain(astc_formats())
            .find(|&i| codec(i) == Some(self))
            .unwrap_or(GL_NONE)
    }

    /// Texels along x and y of one block: 4x4 but for ASTC.
    pub fn block_dims(self) -> (u32, u32) {
        match self {
            Codec::Astc { w, h, .. } => (w as u32, h as u32),
            _ => (4, 4),
        }
    }

    /// Blocks along x and y of a `w` x `h` image.
    pub fn blocks(self, w: u32, h: u32) -> (u64, u64) {
        let (bw, bh) = self.block_dims();
        (w.div_ceil(bw) as u64, h.div_ceil(bh) as u64)
    }

    /// Bytes of one block.
    pub fn block_bytes(self) -> usize {
        match self {
            Codec::Rgtc1 { .. }
            | Codec::Etc2Rgb { .. }
            | Codec::Etc2Punch { .. }
            | Codec::R11 { .. } => 8,
            _ => 16,
        }
    }

    /// The format the decoded texels are stored in.
    pub fn texel_format(self) -> Format {
        use Kind::*;
        let p = |kind, n, bits| Format::Plain { kind, n, bits };
        let norm = |signed| if signed { Snorm } else { Unorm };
        match self {
            // RGTC interpolates between 8-bit endpoints in sevenths (fifths): kept
            // to 16 bits, nearer the spec's real values than 8 bits would be.
            Codec::Rgtc1 { signed } => p(norm(signed), 1, 16),
            Codec::Rgtc2 { signed } => p(norm(signed), 2, 16),
            Codec::Bc7 { srgb: true } | Codec::Etc2Punch { srgb: true } => {
                Format::Srgb8 { alpha: true }
            }
            Codec::Etc2Rgba { srgb: true } | Codec::Astc { srgb: true, .. } => {
                Format::Srgb8 { alpha: true }
            }
            // ASTC LDR decodes to 8 bits per channel (EXT_texture_compression_astc_
            // decode_mode's unorm8 mode). astc-decode expands sRGB endpoints as it does
            // linear ones (e * 0x101, where the ASTC spec's sRGB path takes
            // (e << 8) | 0x80), so an sRGB texel may differ from the spec's by 1/255.
            Codec::Astc { srgb: false, .. } => p(Unorm, 4, 8),
            Codec::Bc7 { srgb: false }
            | Codec::Etc2Punch { srgb: false }
            | Codec::Etc2Rgba { srgb: false } => p(Unorm, 4, 8),
            Codec::Bc6h { .. } => p(Float, 3, 16),
            Codec::Etc2Rgb { srgb: true } => Format::Srgb8 { alpha: false },
            Codec::Etc2Rgb { srgb: false } => p(Unorm, 3, 8),
            Codec::R11 { signed } => p(norm(signed), 1, 16),
            Codec::Rg11 { signed } => p(norm(signed), 2, 16),
        }
    }

    /// The base internal format (GL 4.6 table 8.14), sRGB formats as SRGB/SRGB_ALPHA.
    pub fn base_format(self) -> u32 {
        match self {
            Codec::Rgtc1 { .. } | Codec::R11 { .. } => GL_RED,
            Codec::Rgtc2 { .. } | Codec::Rg11 { .. } => GL_RG,
            Codec::Bc6h { .. } | Codec::Etc2Rgb { srgb: false } => GL_RGB,
            Codec::Etc2Rgb { srgb: true } => GL_SRGB,
            Codec::Bc7 { srgb: true }
            | Codec::Etc2Punch { srgb: true }
            | Codec::Etc2Rgba { srgb: true }
            | Codec::Astc { srgb: true, .. } => GL_SRGB_ALPHA,
            _ => GL_RGBA,
        }
    }

    /// GL 4.6 §8.7: only the BPTC formats hold 3D images.
    pub fn takes_3d(self) -> bool {
        matches!(self, Codec::Bc7 { .. } | Codec::Bc6h { .. })
    }

    /// Decodes one block (`block_bytes` long) into the `bw` x `bh` texels of
    /// `block_dims` in `texel_format`, texel (x, y) at `out[(y * bw + x) * texel
    /// bytes..]`.
    pub fn decode(self, block: &[u8], out: &mut [u8]) {
        let tb = self.texel_format().bytes();
        let (bw, bh) = self.block_dims();
        debug_assert!(block.len() >= self.block_bytes() && out.len() >= (bw * bh) as usize * tb);
        let b8 = |at: usize| -> [u8; 8] {
            let mut b = [0u8; 8];
            b.copy_from_slice(&block[at..at + 8]);
            b
        };
        match self {
            Codec::Rgtc1 { signed } | Codec::Rgtc2 { signed } => {
                let mut f = [0f32; 32];
                match self {
                    Codec::Rgtc1 { .. } => bcdec_rs::bc4_float(block, &mut f, 4, signed),
                    _ => bcdec_rs::bc5_float(block, &mut f, 8, signed),
                }
                let n = tb / 2 * 16;
                for (o, v) in out.chunks_exact_mut(2).zip(&f[..n]) {
                    // Normalized (GL 4.6 §2.3.5.1): round(v * (2^16 - 1)), or
                    // round(v * (2^15 - 1)) signed; v is in [0, 1] or [-1, 1].
                    let bits = if signed {
                        ((v.clamp(-1.0, 1.0) * 32767.0).round() as i16) as u16
                    } else {
                        (v.clamp(0.0, 1.0) * 65535.0).round() as u16
                    };
                    o.copy_from_slice(&bits.to_le_bytes());
                }
            }
            Codec::Bc7 { .. } => bcdec_rs::bc7(block, out, 16),
            Codec::Bc6h { signed } => {
                let mut half = [0u16; 48];
                bcdec_rs::bc6h_half(block, &mut half, 12, signed);
                for (o, h) in out.chunks_exact_mut(2).zip(half) {
                    o.copy_from_slice(&h.to_le_bytes());
                }
            }
            Codec::Etc2Rgb { .. } | Codec::Etc2Punch { .. } => {
                let mut t = [[0u8; 4]; 16];
                etc2::decode_etc2_rgb(&b8(0), matches!(self, Codec::Etc2Punch { .. }), &mut t);
                for (o, t) in out.chunks_exact_mut(tb).zip(t) {
                    o.copy_from_slice(&t[..tb]);
                }
            }
            Codec::Etc2Rgba { .. } => {
                let mut t = [[0u8; 4]; 16];
                let mut a = [0u8; 16];
                etc2::decode_eac_a8(&b8(0), &mut a);
                etc2::decode_etc2_rgb(&b8(8), false, &mut t);
                for ((o, t), a) in out.chunks_exact_mut(4).zip(t).zip(a) {
                    o.copy_from_slice(&[t[0], t[1], t[2], a]);
                }
            }
            Codec::R11 { signed } => {
                let mut r = [0u16; 16];
                etc2::decode_eac_r11(&b8(0), signed, &mut r);
                for (o, r) in out.chunks_exact_mut(2).zip(r) {
                    o.copy_from_slice(&r.to_le_bytes());
                }
            }
            Codec::Rg11 { signed } => {
                let (mut r, mut g) = ([0u16; 16], [0u16; 16]);
                etc2::decode_eac_r11(&b8(0), signed, &mut r);
                etc2::decode_eac_r11(&b8(8), signed, &mut g);
                for ((o, r), g) in out.chunks_exact_mut(4).zip(r).zip(g) {
                    o[..2].copy_from_slice(&r.to_le_bytes());
                    o[2..].copy_from_slice(&g.to_le_bytes());
                }
            }
            Codec::Astc { .. } => {
                let mut b = [0u8; 16];
                b.copy_from_slice(&block[..16]);
                // Every block decodes: one the LDR profile does not define (an HDR
                // endpoint mode, an illegal encoding) gives the error colour, opaque
                // magenta (KHR_texture_compression_astc_ldr, C.2.24).
                astc_decode::astc_decode_block(
                    &b,
                    astc_decode::Footprint::new(bw, bh),
                    |x, y, c| {
                        if x < bw && y < bh {
                            let at = (y * bw + x) as usize * 4;
                            out[at..at + 4].copy_from_slice(&c);
                        }
                    },
                );
            }
        }
    }
}

/// Bytes of the blocks of a `w` x `h` x `d` image, None on overflow.
pub fn image_bytes(c: Codec, w: u32, h: u32, d: u32) -> Option<u64> {
    let (x, y) = c.blocks(w, h);
    x.checked_mul(y)?
        .checked_mul(d as u64)?
        .checked_mul(c.block_bytes() as u64)
}
