//! ETC2 and EAC block decoding (GL 4.6 Appendix C.2, OES_compressed_ETC2_RGB8_texture,
//! Khronos Data Format Specification, "ETC2 Compressed Texture Image Formats"): the
//! formats OpenGL 4.3 core requires, one 4×4 block at a time.
//!
//! - [`decode_etc2_rgb`]: one 64-bit RGB block of `COMPRESSED_(S)RGB8_ETC2` or
//!   `COMPRESSED_(S)RGB8_PUNCHTHROUGH_ALPHA1_ETC2`, or the second half of a
//!   `COMPRESSED_(S)RGB8_ALPHA8_ETC2_EAC` block, in every mode (individual,
//!   differential, T, H and planar), to RGBA8. sRGB decoding is the caller's.
//! - [`decode_eac_a8`]: the first half of a `COMPRESSED_(S)RGB8_ALPHA8_ETC2_EAC` block,
//!   to 8-bit alpha.
//! - [`decode_eac_r11`]: one 64-bit block of `COMPRESSED_(SIGNED_)R11_EAC`, or either
//!   half of a `COMPRESSED_(SIGNED_)RG11_EAC` block, to 16-bit unorm or snorm.
//!
//! Texels come out row-major: texel (x, y) of the block (x to the right, y down) is
//! `out[y * 4 + x]`. (The blocks themselves store their per-texel indices
//! column-major, texel (x, y) being index `x * 4 + y`; the decoders convert.)
//!
//! Every bit pattern is a valid block, so every input decodes: nothing here can panic.
//! All arithmetic is on `i32` values whose ranges are stated where they are computed
//! (far from overflow), every shift amount is below the operand's width, and every
//! table index is masked to the table's length. The results were checked to agree bit
//! for bit with Mesa's decoder (`src/mesa/main/texcompress_etc.c`).

/// The ETC1 intensity modifier tables (codeword → four modifiers), indexed by the
/// texel's 2-bit index `(msb << 1) | lsb`: 0 → +a, 1 → +b, 2 → −a, 3 → −b.
const ETC1_MODIFIERS: [[i32; 4]; 8] = [
    [2, 8, -2, -8],
    [5, 17, -5, -17],
    [9, 29, -9, -29],
    [13, 42, -13, -42],
    [18, 60, -18, -60],
    [24, 80, -24, -80],
    [33, 106, -33, -106],
    [47, 183, -47, -183],
];

/// The T- and H-mode distances.
const TH_DISTANCES: [i32; 8] = [3, 6, 11, 16, 23, 32, 41, 64];

/// The EAC modifier tables (table index → eight modifiers), indexed by the texel's
/// 3-bit index.
const EAC_MODIFIERS: [[i32; 8]; 16] = [
    [-3, -6, -9, -15, 2, 5, 8, 14],
    [-3, -7, -10, -13, 2, 6, 9, 12],
    [-2, -5, -8, -13, 1, 4, 7, 12],
    [-2, -4, -6, -13, 1, 3, 5, 12],
    [-3, -6, -8, -12, 2, 5, 7, 11],
    [-3, -7, -9, -11, 2, 6, 8, 10],
    [-4, -7, -8, -11, 3, 6, 7, 10],
    [-3, -5, -8, -11, 2, 4, 7, 10],
    [-2, -6, -8, -10, 1, 5, 7, 9],
    [-2, -5, -8, -10, 1, 4, 7, 9],
    [-2, -4, -8, -10, 1, 3, 7, 9],
    [-2, -5, -7, -10, 1, 4, 6, 9],
    [-3, -4, -7, -10, 2, 3, 6, 9],
    [-1, -2, -3, -10, 0, 1, 2, 9],
    [-4, -6, -8, -9, 3, 5, 7, 8],
    [-3, -5, -7, -9, 2, 4, 6, 8],
];

/// A transparent black texel (punch-through alpha).
const TRANSPARENT: [u8; 4] = [0, 0, 0, 0];

/// Clamps to [0, 255].
fn clamp_u8(v: i32) -> u8 {
    // In range after the clamp, so the cast is exact.
    v.clamp(0, 255) as u8
}

/// Extends a 4-bit value (the low 4 bits of `v`) to 8 bits by bit replication.
fn ext4(v: u8) -> i32 {
    let v = i32::from(v & 0x0f);
    (v << 4) | v
}

/// Extends a 5-bit value in [0, 31] to 8 bits.
fn ext5(v: i32) -> i32 {
    (v << 3) | (v >> 2)
}

/// Extends a 6-bit value in [0, 63] to 8 bits.
fn ext6(v: i32) -> i32 {
    (v << 2) | (v >> 4)
}

/// Extends a 7-bit value in [0, 127] to 8 bits.
fn ext7(v: i32) -> i32 {
    (v << 1) | (v >> 6)
}

/// The 5-bit base of a differential-mode channel plus its signed 3-bit delta, in
/// [-4, 34]; outside [0, 31] it selects the T, H or planar mode.
fn diff_sum(byte: u8) -> i32 {
    let base = i32::from(byte >> 3); // [0, 31]
    let delta = (i32::from(byte & 7) ^ 4) - 4; // [-4, 3]
    base + delta
}

/// The 2-bit index of texel `n` in column-major order (`n = x * 4 + y`, in [0, 15]):
/// its most significant bit is bit `16 + n` of the last 32 bits, its least significant
/// bit is bit `n`.
fn etc_index(indices: u32, n: usize) -> usize {
    let msb = (indices >> (16 + n)) & 1;
    let lsb = (indices >> n) & 1;
    ((msb << 1) | lsb) as usize
}

/// Decodes one ETC2 RGB block (8 bytes, big-endian bit layout as in the spec) to 16 RGBA8
/// texels, texel (x, y) at `out[y * 4 + x]`.
///
/// `punchthrough`: the block is of an `RGB8_PUNCHTHROUGH_ALPHA1_ETC2` texture (the
/// "opaque" bit replaces the diff bit's individual mode, and texels may decode to
/// transparent black (0, 0, 0, 0)); otherwise alpha is 255.
pub fn decode_etc2_rgb(block: &[u8; 8], punchthrough: bool, out: &mut [[u8; 4]; 16]) {
    let [b0, b1, b2, b3, b4, b5, b6, b7] = *block;
    let indices = u32::from_be_bytes([b4, b5, b6, b7]);
    // Bit 33: the diff bit, or for punch-through the opaque bit (punch-through blocks
    // have no individual mode: they are always decoded as if the diff bit were set).
    let flag = b3 & 0x02 != 0;
    let opaque = !punchthrough || flag;

    if !punchthrough && !flag {
        // Individual mode: two 4-bit base colours.
        let base = [
            [ext4(b0 >> 4), ext4(b1 >> 4), ext4(b2 >> 4)],
            [ext4(b0), ext4(b1), ext4(b2)],
        ];
        decode_subblocks(b3, indices, &base, true, out);
        return;
    }

    let (r, g, b) = (diff_sum(b0), diff_sum(b1), diff_sum(b2));
    if !(0..=31).contains(&r) {
        // T mode: base colour 1 is R1a:R1b, G1, B1; base colour 2 is R2, G2, B2.
        let c1 = [
            ext4(((b0 >> 1) & 0x0c) | (b0 & 0x03)),
            ext4(b1 >> 4),
            ext4(b1),
        ];
        let c2 = [ext4(b2 >> 4), ext4(b2), ext4(b3 >> 4)];
        let d = TH_DISTANCES[usize::from(((b3 >> 1) & 0x06) | (b3 & 0x01))];
        let paint = [
            c1.map(clamp_u8),
            c2.map(|c| clamp_u8(c + d)),
            c2.map(clamp_u8),
            c2.map(|c| clamp_u8(c - d)),
        ];
        decode_paint(indices, &paint, opaque, out);
    } else if !(0..=31).contains(&g) {
        // H mode: base colour 1 is R1, G1a:G1b, B1a:B1b; base colour 2 is R2, G2, B2.
        let c1 = [
            ext4(b0 >> 3),
            ext4(((b0 & 0x07) << 1) | ((b1 >> 4) & 0x01)),
            ext4((b1 & 0x08) | ((b1 & 0x03) << 1) | (b2 >> 7)),
        ];
        let c2 = [
            ext4(b2 >> 3),
            ext4(((b2 & 0x07) << 1) | (b3 >> 7)),
            ext4(b3 >> 3),
        ];
        // The distance index's least significant bit is whether base colour 1, read as
        // the 24-bit number RGB, is at least base colour 2 (lexicographic order).
        let order = u8::from(c1 >= c2);
        let d = TH_DISTANCES[usize::from((b3 & 0x04) | ((b3 & 0x01) << 1) | order)];
        let paint = [
            c1.map(|c| clamp_u8(c + d)),
            c1.map(|c| clamp_u8(c - d)),
            c2.map(|c| clamp_u8(c + d)),
            c2.map(|c| clamp_u8(c - d)),
        ];
        decode_paint(indices, &paint, opaque, out);
    } else if !(0..=31).contains(&b) {
        // Planar mode (always opaque): colours O, H and V at 6:7:6 bits.
        let o = [
            ext6(i32::from((b0 >> 1) & 0x3f)),
            ext7(i32::from(((b0 & 0x01) << 6) | ((b1 >> 1) & 0x3f))),
            ext6(i32::from(
                ((b1 & 0x01) << 5) | (b2 & 0x18) | ((b2 & 0x03) << 1) | (b3 >> 7),
            )),
        ];
        let h = [
            ext6(i32::from(((b3 & 0x7c) >> 1) | (b3 & 0x01))),
            ext7(i32::from(b4 >> 1)),
            ext6(i32::from(((b4 & 0x01) << 5) | (b5 >> 3))),
        ];
        let v = [
            ext6(i32::from(((b5 & 0x07) << 3) | (b6 >> 5))),
            ext7(i32::from(((b6 & 0x1f) << 2) | (b7 >> 6))),
            ext6(i32::from(b7 & 0x3f)),
        ];
        for (n, texel) in out.iter_mut().enumerate() {
            // x, y in [0, 3] and colours in [0, 255]: every sum is in [-1528, 2042].
            let x = (n % 4) as i32;
            let y = (n / 4) as i32;
            let c =
                |i: usize| clamp_u8((x * (h[i] - o[i]) + y * (v[i] - o[i]) + 4 * o[i] + 2) >> 2);
            *texel = [c(0), c(1), c(2), 255];
        }
    } else {
        // Differential mode: a 5-bit base colour and a 3-bit signed delta per channel.
        let base = [
            [
                ext5(i32::from(b0 >> 3)),
                ext5(i32::from(b1 >> 3)),
                ext5(i32::from(b2 >> 3)),
            ],
            [ext5(r), ext5(g), ext5(b)],
        ];
        decode_subblocks(b3, indices, &base, opaque, out);
    }
}

/// The individual and differential modes: two subblocks (2×4, or 4×2 when flipped),
/// each a base colour plus a modifier from its table. Non-opaque (punch-through) blocks
/// use the tables with ±a replaced by 0, and index 2 is transparent black.
fn decode_subblocks(
    b3: u8,
    indices: u32,
    base: &[[i32; 3]; 2],
    opaque: bool,
    out: &mut [[u8; 4]; 16],
) {
    let tables = [
        ETC1_MODIFIERS[usize::from(b3 >> 5)],
        ETC1_MODIFIERS[usize::from((b3 >> 2) & 0x07)],
    ];
    let flipped = b3 & 0x01 != 0;
    for (n, texel) in out.iter_mut().enumerate() {
        let (x, y) = (n % 4, n / 4);
        let index = etc_index(indices, x * 4 + y);
        if !opaque && index == 2 {
            *texel = TRANSPARENT;
            continue;
        }
        let sub = usize::from(if flipped { y >= 2 } else { x >= 2 });
        let modifier = if !opaque && index == 0 {
            0
        } else {
            tables[sub][index]
        };
        // Base colours in [0, 255], modifiers in [-183, 183].
        let c = base[sub].map(|c| clamp_u8(c + modifier));
        *texel = [c[0], c[1], c[2], 255];
    }
}

/// The T and H modes: each texel is one of four paint colours; for non-opaque
/// (punch-through) blocks index 2 is transparent black instead.
fn decode_paint(indices: u32, paint: &[[u8; 3]; 4], opaque: bool, out: &mut [[u8; 4]; 16]) {
    for (n, texel) in out.iter_mut().enumerate() {
        let (x, y) = (n % 4, n / 4);
        let index = etc_index(indices, x * 4 + y);
        *texel = if !opaque && index == 2 {
            TRANSPARENT
        } else {
            let [r, g, b] = paint[index];
            [r, g, b, 255]
        };
    }
}

/// The fields of an EAC block: the base codeword (byte 0), the multiplier and table
/// index (byte 1) and the 48 bits of 3-bit texel indices, texel `x * 4 + y` at bits
/// `45 - 3 * (x * 4 + y)` (most significant first).
struct Eac {
    base: u8,
    multiplier: i32,
    table: [i32; 8],
    indices: u64,
}

impl Eac {
    fn parse(block: &[u8; 8]) -> Eac {
        let [b0, b1, b2, b3, b4, b5, b6, b7] = *block;
        Eac {
            base: b0,
            multiplier: i32::from(b1 >> 4),
            table: EAC_MODIFIERS[usize::from(b1 & 0x0f)],
            indices: u64::from_be_bytes([0, 0, b2, b3, b4, b5, b6, b7]),
        }
    }

    /// The modifier of texel (x, y), `n = y * 4 + x` in [0, 15]: in [-15, 14].
    fn modifier(&self, n: usize) -> i32 {
        let (x, y) = (n % 4, n / 4);
        let shift = 45 - 3 * (x * 4 + y); // in [0, 45]
        self.table[((self.indices >> shift) & 7) as usize]
    }
}

/// Decodes one EAC alpha block (the first 8 bytes of an `RGBA8_ETC2_EAC` block) to 16
/// 8-bit alpha values, texel (x, y) at `out[y * 4 + x]`.
pub fn decode_eac_a8(block: &[u8; 8], out: &mut [u8; 16]) {
    let eac = Eac::parse(block);
    let base = i32::from(eac.base);
    for (n, alpha) in out.iter_mut().enumerate() {
        // base in [0, 255], modifier × multiplier in [-225, 210].
        *alpha = clamp_u8(base + eac.modifier(n) * eac.multiplier);
    }
}

/// Decodes one R11 EAC block to 16 values, texel (x, y) at `out[y * 4 + x]`.
///
/// Unsigned blocks give the 11-bit value v extended to 16-bit unorm
/// (`(v << 5) | (v >> 6)`); signed blocks give the value v in [-1023, 1023] extended to
/// 16-bit snorm (`sign * ((|v| << 5) | (|v| >> 5))`), as `i16` bits in a `u16`.
pub fn decode_eac_r11(block: &[u8; 8], signed: bool, out: &mut [u16; 16]) {
    let eac = Eac::parse(block);
    for (n, value) in out.iter_mut().enumerate() {
        let modifier = eac.modifier(n);
        // A multiplier of 0 means 1/8: the modifier is added unscaled.
        let delta = if eac.multiplier == 0 {
            modifier
        } else {
            modifier * eac.multiplier * 8 // in [-1800, 1680]
        };
        *value = if signed {
            // The base codeword is two's complement; -128 is treated as -127.
            let base = i32::from(i8::from_ne_bytes([eac.base]).max(-127)); // [-127, 127]
            let v = (base * 8 + delta).clamp(-1023, 1023);
            let m = v.abs(); // [0, 1023]
            let extended = (m << 5) | (m >> 5); // [0, 32767]
            let signed_value = if v < 0 { -extended } else { extended };
            // In [-32767, 32767]: exact as i16; the u16 holds its bits.
            (signed_value as i16) as u16
        } else {
            let v = (i32::from(eac.base) * 8 + 4 + delta).clamp(0, 2047);
            // In [0, 65535]: exact as u16.
            ((v << 5) | (v >> 6)) as u16
        };
    }
}

#[cfg(test)]
mod tests {
    //! Fixed blocks, one per mode, with the texels Mesa's decoder
    //! (`src/mesa/main/texcompress_etc.c`) gives for them.

    use super::*;

    /// The decoded texels as 0xRRGGBBAA.
    fn rgb(block: [u8; 8], punchthrough: bool) -> [u32; 16] {
        let mut out = [[0; 4]; 16];
        decode_etc2_rgb(&block, punchthrough, &mut out);
        out.map(u32::from_be_bytes)
    }

    fn a8(block: [u8; 8]) -> [u8; 16] {
        let mut out = [0; 16];
        decode_eac_a8(&block, &mut out);
        out
    }

    fn r11(block: [u8; 8]) -> [u16; 16] {
        let mut out = [0; 16];
        decode_eac_r11(&block, false, &mut out);
        out
    }

    fn signed_r11(block: [u8; 8]) -> [i16; 16] {
        let mut out = [0; 16];
        decode_eac_r11(&block, true, &mut out);
        out.map(|v| v as i16)
    }

    #[test]
    fn individual_mode() {
        // Base colours 0x8844cc and 0x112233, tables 3 and 1, not flipped.
        let block = [0x81, 0x42, 0xC3, 0x64, 0x12, 0x34, 0x56, 0x78];
        assert_eq!(
            rgb(block, false),
            [
                0x9551d9ff, 0x5e1aa2ff, 0x162738ff, 0x001122ff, 0x9551d9ff, 0x5e1aa2ff, 0x001122ff,
                0x162738ff, 0x7b37bfff, 0xb26ef6ff, 0x223344ff, 0x223344ff, 0xb26ef6ff, 0x9551d9ff,
                0x162738ff, 0x162738ff
            ]
        );
    }

    #[test]
    fn differential_mode() {
        // Flipped; the same block is opaque under punch-through (opaque bit set).
        let block = [0x7A, 0x45, 0xA0, 0x8B, 0x9C, 0x2E, 0x71, 0x05];
        let expected = [
            0xb77ee1ff, 0x8d54b7ff, 0xb77ee1ff, 0x3f0669ff, 0x693093ff, 0x693093ff, 0x8d54b7ff,
            0xb77ee1ff, 0x6f0c88ff, 0x9532aeff, 0x83209cff, 0xa946c2ff, 0x83209cff, 0x9532aeff,
            0x83209cff, 0x83209cff,
        ];
        assert_eq!(rgb(block, false), expected);
        assert_eq!(rgb(block, true), expected);
    }

    #[test]
    fn t_mode() {
        let block = [0xF9, 0x5A, 0x3C, 0x8E, 0xE4, 0x1B, 0x93, 0x6C];
        assert_eq!(
            rgb(block, false),
            [
                0x33cc88ff, 0x33cc88ff, 0x5cf5b1ff, 0x5cf5b1ff, 0x33cc88ff, 0x5cf5b1ff, 0x5cf5b1ff,
                0x33cc88ff, 0x5cf5b1ff, 0x5cf5b1ff, 0x33cc88ff, 0x33cc88ff, 0x0aa35fff, 0xdd55aaff,
                0xdd55aaff, 0x0aa35fff
            ]
        );
    }

    #[test]
    fn h_mode() {
        let block = [0x52, 0xFB, 0x97, 0x5F, 0x3A, 0xC5, 0x0F, 0xF0];
        assert_eq!(
            rgb(block, false),
            [
                0x62fffbff, 0x6a15bfff, 0x6a15bfff, 0x62fffbff, 0xea95ffff, 0x6a15bfff, 0x00ae7bff,
                0x62fffbff, 0x62fffbff, 0x00ae7bff, 0x6a15bfff, 0xea95ffff, 0xea95ffff, 0x00ae7bff,
                0x00ae7bff, 0xea95ffff
            ]
        );
    }

    #[test]
    fn planar_mode() {
        let block = [0x6A, 0x33, 0x0D, 0xB6, 0x5C, 0xE3, 0x27, 0x9A];
        assert_eq!(
            rgb(block, false),
            [
                0xd732aeff, 0xbc3d9fff, 0xa04790ff, 0x855280ff, 0xbb359dff, 0x9f3f8eff, 0x844a7eff,
                0x68546fff, 0x9e378cff, 0x83427cff, 0x674c6dff, 0x4c575eff, 0x823a7aff, 0x66446bff,
                0x4b4f5cff, 0x2f594dff
            ]
        );
    }

    #[test]
    fn punchthrough_transparent_texels() {
        // Differential mode, opaque bit clear: index 2 is transparent black and
        // index 0 adds nothing.
        let block = [0x7A, 0x45, 0xA0, 0x89, 0x9C, 0x2E, 0x71, 0x05];
        assert_eq!(
            rgb(block, true),
            [
                0xb77ee1ff, 0x7b42a5ff, 0xb77ee1ff, 0x3f0669ff, 0x00000000, 0x00000000, 0x7b42a5ff,
                0xb77ee1ff, 0x6f0c88ff, 0x8c29a5ff, 0x00000000, 0xa946c2ff, 0x00000000, 0x8c29a5ff,
                0x00000000, 0x00000000
            ]
        );
        // T mode, opaque bit clear: paint colour 2 is transparent black.
        let block = [0xF9, 0x5A, 0x3C, 0x8C, 0xE4, 0x1B, 0x93, 0x6C];
        assert_eq!(
            rgb(block, true),
            [
                0x00000000, 0x00000000, 0x5cf5b1ff, 0x5cf5b1ff, 0x00000000, 0x5cf5b1ff, 0x5cf5b1ff,
                0x00000000, 0x5cf5b1ff, 0x5cf5b1ff, 0x00000000, 0x00000000, 0x0aa35fff, 0xdd55aaff,
                0xdd55aaff, 0x0aa35fff
            ]
        );
    }

    #[test]
    fn eac_alpha() {
        let block = [0x80, 0x5B, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC];
        assert_eq!(
            a8(block),
            [
                118, 93, 78, 148, 133, 103, 158, 93, 133, 93, 103, 173, 78, 158, 103, 133
            ]
        );
        // Clamping at both ends.
        let block = [0xF0, 0xF0, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54];
        assert_eq!(
            a8(block),
            [
                255, 255, 255, 15, 255, 105, 255, 150, 255, 255, 195, 105, 255, 105, 255, 255
            ]
        );
        // Multiplier 0: every texel is the base codeword.
        assert_eq!(
            a8([0x40, 0x07, 0x05, 0x39, 0x77, 0xBB, 0xFD, 0x11]),
            [64; 16]
        );
    }

    #[test]
    fn eac_r11_unsigned() {
        let block = [0x93, 0x2D, 0x48, 0xD1, 0x59, 0xE2, 0x6A, 0xF3];
        assert_eq!(
            r11(block),
            [
                36241, 37266, 42388, 38290, 36241, 38290, 37266, 32655, 36753, 32655, 37778, 38802,
                38290, 36753, 38802, 32655,
            ]
        );
        // Multiplier 0: the modifier is added unscaled to base × 8 + 4.
        let block = [0x40, 0x07, 0x05, 0x39, 0x77, 0xBB, 0xFD, 0x11];
        assert_eq!(
            r11(block),
            [
                16424, 16584, 16648, 16744, 16359, 16648, 16744, 16584, 16263, 16744, 16840, 16263,
                16167, 16840, 16840, 16359,
            ]
        );
        // Clamping at 0 and 2047 (65535).
        let block = [0x7C, 0xF0, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC];
        assert_eq!(
            r11(block),
            [
                20361, 0, 0, 51096, 39571, 8836, 62622, 0, 39571, 0, 8836, 65535, 0, 62622, 8836,
                39571,
            ]
        );
    }

    #[test]
    fn eac_r11_signed() {
        let block = [0x85, 0xA3, 0x48, 0xD1, 0x59, 0xE2, 0x6A, 0xF3];
        assert_eq!(
            signed_r11(block),
            [
                -32767, -32767, -768, -23831, -32767, -23831, -32767, -32767, -32767, -32767,
                -28956, -18706, -23831, -32767, -18706, -32767,
            ]
        );
        // Base codeword -128 acts as -127; multiplier 0.
        let block = [0x80, 0x0D, 0x05, 0x39, 0x77, 0xBB, 0xFD, 0x11];
        assert_eq!(
            signed_r11(block),
            [
                -32575, -32543, -32511, -32479, -32607, -32511, -32479, -32543, -32639, -32479,
                -32255, -32639, -32767, -32255, -32255, -32607,
            ]
        );
        // Clamping at 1023 (32767).
        let block = [0x7C, 0xF0, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC];
        assert_eq!(
            signed_r11(block),
            [
                20243, -2818, -25881, 32767, 32767, 8712, 32767, -2818, 32767, -2818, 8712, 32767,
                -25881, 32767, 8712, 32767,
            ]
        );
    }
}
