//! Texel formats: how one texel of a texture image is laid out in memory, and its
//! conversion to and from four 32-bit components (float bits, or signed or unsigned
//! integers, by the format's class), the form shaders and pixel transfers work in.
//! Conversions follow GL 4.6 §2.3.5 (normalized fixed point), §2.3.4 (16-bit, 11-bit
//! and 10-bit floats) and §8.5.2 (shared exponent). Nothing here touches memory other
//! than the slices it is given.

/// Component kind of a plain format.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    Unorm,
    Snorm,
    Float,
    Sint,
    Uint,
}

/// The values a format holds, as shaders and pixel transfers see them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Class {
    /// Floating point (float, normalized and depth formats).
    Float,
    Sint,
    Uint,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Format {
    /// `n` components (RGBA order) of `bits` bits each (8, 16 or 32).
    Plain {
        kind: Kind,
        n: u8,
        bits: u8,
    },
    /// SRGB8 / SRGB8_ALPHA8: stored as unorm bytes, decoded to linear when sampled.
    Srgb8 {
        alpha: bool,
    },
    /// RGB10_A2 (unorm) or RGB10_A2UI: red in the low bits.
    Rgb10A2 {
        int: bool,
    },
    R11G11B10F,
    Rgb9E5,
    /// RGB565, RGBA4, RGB5_A1: as UNSIGNED_SHORT_5_6_5 / 4_4_4_4 / 5_5_5_1 (red in the
    /// high bits).
    Rgb565,
    Rgba4,
    Rgb5A1,
    Depth16,
    /// DEPTH_COMPONENT24, stored as UNSIGNED_INT_24_8 with stencil bits unused.
    Depth24,
    Depth32F,
    /// UNSIGNED_INT_24_8: depth in the high 24 bits, stencil in the low 8.
    Depth24Stencil8,
    /// FLOAT_32_UNSIGNED_INT_24_8_REV: a float depth word, then stencil in the low
    /// 8 bits of the second word.
    Depth32FStencil8,
    Stencil8,
}

const ONE: u32 = 0x3f80_0000;

fn kind_code(k: Kind) -> u32 {
    match k {
        Kind::Unorm => 0,
        Kind::Snorm => 1,
        Kind::Float => 2,
        Kind::Sint => 3,
        Kind::Uint => 4,
    }
}

impl Format {
    /// A non-zero code for the runtime ABI (0 means "no image").
    pub fn code(self) -> u32 {
        match self {
            Format::Plain { kind, n, bits } => {
                1 | (kind_code(kind) << 8) | ((n as u32) << 12) | ((bits as u32) << 16)
            }
            Format::Srgb8 { alpha } => 2 | ((alpha as u32) << 8),
            Format::Rgb10A2 { int } => 3 | ((int as u32) << 8),
            Format::R11G11B10F => 4,
            Format::Rgb9E5 => 5,
            Format::Rgb565 => 6,
            Format::Rgba4 => 7,
            Format::Rgb5A1 => 8,
            Format::Depth16 => 9,
            Format::Depth24 => 10,
            Format::Depth32F => 11,
            Format::Depth24Stencil8 => 12,
            Format::Depth32FStencil8 => 13,
            Format::Stencil8 => 14,
        }
    }

    pub fn from_code(c: u32) -> Option<Format> {
        Some(match c & 0xff {
            1 => {
                let kind = match (c >> 8) & 0xf {
                    0 => Kind::Unorm,
                    1 => Kind::Snorm,
                    2 => Kind::Float,
                    3 => Kind::Sint,
                    4 => Kind::Uint,
                    _ => return None,
                };
                let n = ((c >> 12) & 0xf) as u8;
                let bits = ((c >> 16) & 0xff) as u8;
                let ok_bits = match kind {
                    Kind::Unorm | Kind::Snorm => matches!(bits, 8 | 16),
                    Kind::Float => matches!(bits, 16 | 32),
                    Kind::Sint | Kind::Uint => matches!(bits, 8 | 16 | 32),
                };
                if !(1..=4).contains(&n) || !ok_bits {
                    return None;
                }
                Format::Plain { kind, n, bits }
            }
            2 => Format::Srgb8 {
                alpha: (c >> 8) & 1 != 0,
            },
            3 => Format::Rgb10A2 {
                int: (c >> 8) & 1 != 0,
            },
            4 => Format::R11G11B10F,
            5 => Format::Rgb9E5,
            6 => Format::Rgb565,
            7 => Format::Rgba4,
            8 => Format::Rgb5A1,
            9 => Format::Depth16,
            10 => Format::Depth24,
            11 => Format::Depth32F,
            12 => Format::Depth24Stencil8,
            13 => Format::Depth32FStencil8,
            14 => Format::Stencil8,
            _ => return None,
        })
    }

    /// Bytes per texel.
    pub fn bytes(self) -> usize {
        match self {
            Format::Plain { n, bits, .. } => n as usize * bits as usize / 8,
            Format::Srgb8 { alpha } => 3 + alpha as usize,
            Format::Rgb10A2 { .. } | Format::R11G11B10F | Format::Rgb9E5 => 4,
            Format::Rgb565 | Format::Rgba4 | Format::Rgb5A1 | Format::Depth16 => 2,
            Format::Depth24 | Format::Depth32F | Format::Depth24Stencil8 => 4,
            Format::Depth32FStencil8 => 8,
            Format::Stencil8 => 1,
        }
    }

    pub fn class(self) -> Class {
        match self {
            Format::Plain {
                kind: Kind::Sint, ..
            } => Class::Sint,
            Format::Plain {
                kind: Kind::Uint, ..
            }
            | Format::Rgb10A2 { int: true }
            | Format::Stencil8 => Class::Uint,
            _ => Class::Float,
        }
    }

    /// Number of colour components (depth and stencil formats: 1).
    pub fn components(self) -> u8 {
        match self {
            Format::Plain { n, .. } => n,
            Format::Srgb8 { alpha } => 3 + alpha as u8,
            Format::Rgb10A2 { .. } | Format::Rgba4 | Format::Rgb5A1 => 4,
            Format::R11G11B10F | Format::Rgb9E5 | Format::Rgb565 => 3,
            _ => 1,
        }
    }

    pub fn has_depth(self) -> bool {
        matches!(
            self,
            Format::Depth16
                | Format::Depth24
                | Format::Depth32F
                | Format::Depth24Stencil8
                | Format::Depth32FStencil8
        )
    }

    pub fn has_stencil(self) -> bool {
        matches!(
            self,
            Format::Depth24Stencil8 | Format::Depth32FStencil8 | Format::Stencil8
        )
    }

    pub fn is_srgb(self) -> bool {
        matches!(self, Format::Srgb8 { .. })
    }

    /// Bits of each of red, green, blue, alpha (0 where absent), for
    /// TEXTURE_*_SIZE queries.
    pub fn color_bits(self) -> [u32; 4] {
        let n = self.components() as usize;
        let mut out = [0; 4];
        match self {
            Format::Plain { bits, .. } => out[..n].fill(bits as u32),
            Format::Srgb8 { .. } => out[..n].fill(8),
            Format::Rgb10A2 { .. } => out = [10, 10, 10, 2],
            Format::R11G11B10F => out = [11, 11, 10, 0],
            Format::Rgb9E5 => out = [9, 9, 9, 0],
            Format::Rgb565 => out = [5, 6, 5, 0],
            Format::Rgba4 => out = [4; 4],
            Format::Rgb5A1 => out = [5, 5, 5, 1],
            _ => {}
        }
        out
    }

    /// Depth and stencil bits.
    pub fn depth_stencil_bits(self) -> (u32, u32) {
        match self {
            Format::Depth16 => (16, 0),
            Format::Depth24 => (24, 0),
            Format::Depth32F => (32, 0),
            Format::Depth24Stencil8 => (24, 8),
            Format::Depth32FStencil8 => (32, 8),
            Format::Stencil8 => (0, 8),
            _ => (0, 0),
        }
    }

    /// The texel at `src` (at least `bytes()` long) as four components of the
    /// format's class; missing components read as 0, alpha as 1. Depth formats give
    /// depth in the first component; depth-stencil formats give stencil (as an
    /// integer) in the second.
    pub fn decode(self, src: &[u8]) -> [u32; 4] {
        let int_one = 1u32;
        match self {
            Format::Plain { kind, n, bits } => {
                let mut out = match kind {
                    Kind::Sint | Kind::Uint => [0, 0, 0, int_one],
                    _ => [0, 0, 0, ONE],
                };
                for (i, o) in out.iter_mut().enumerate().take(n as usize) {
                    let raw = read_bits(src, i, bits);
                    *o = match kind {
                        Kind::Unorm => unorm_to_f32(raw, bits as u32).to_bits(),
                        Kind::Snorm => snorm_to_f32(sign_extend(raw, bits), bits as u32).to_bits(),
                        Kind::Float if bits == 16 => half_to_f32(raw as u16).to_bits(),
                        Kind::Float => raw,
                        Kind::Sint => sign_extend(raw, bits) as u32,
                        Kind::Uint => raw,
                    };
                }
                out
            }
            Format::Srgb8 { alpha } => {
                let mut out = [0, 0, 0, ONE];
                for (i, o) in out.iter_mut().enumerate().take(3 + alpha as usize) {
                    *o = (src[i] as f32 / 255.0).to_bits();
                }
                out
            }
            Format::Rgb10A2 { int } => {
                let w = word(src);
                let f = [w & 0x3ff, (w >> 10) & 0x3ff, (w >> 20) & 0x3ff, w >> 30];
                if int {
                    f
                } else {
                    [
                        unorm_to_f32(f[0], 10).to_bits(),
                        unorm_to_f32(f[1], 10).to_bits(),
                        unorm_to_f32(f[2], 10).to_bits(),
                        unorm_to_f32(f[3], 2).to_bits(),
                    ]
                }
            }
            Format::R11G11B10F => {
                let w = word(src);
                [
                    uf_to_f32(w & 0x7ff, 6).to_bits(),
                    uf_to_f32((w >> 11) & 0x7ff, 6).to_bits(),
                    uf_to_f32(w >> 22, 5).to_bits(),
                    ONE,
                ]
            }
            Format::Rgb9E5 => {
                let w = word(src);
                let e = (w >> 27) as i32 - 15 - 9;
                let scale = 2f32.powi(e);
                [
                    ((w & 0x1ff) as f32 * scale).to_bits(),
                    (((w >> 9) & 0x1ff) as f32 * scale).to_bits(),
                    (((w >> 18) & 0x1ff) as f32 * scale).to_bits(),
                    ONE,
                ]
            }
            Format::Rgb565 | Format::Rgba4 | Format::Rgb5A1 => {
                let w = u16::from_ne_bytes([src[0], src[1]]) as u32;
                let widths: &[u32] = match self {
                    Format::Rgb565 => &[5, 6, 5],
                    Format::Rgba4 => &[4, 4, 4, 4],
                    _ => &[5, 5, 5, 1],
                };
                let mut out = [0, 0, 0, ONE];
                let mut shift = 16;
                for (i, &wd) in widths.iter().enumerate() {
                    shift -= wd;
                    out[i] = unorm_to_f32((w >> shift) & ((1 << wd) - 1), wd).to_bits();
                }
                out
            }
            Format::Depth16 => [unorm_to_f32(read_bits(src, 0, 16), 16).to_bits(), 0, 0, ONE],
            Format::Depth24 => [unorm_to_f32(word(src) >> 8, 24).to_bits(), 0, 0, ONE],
            Format::Depth32F => [word(src), 0, 0, ONE],
            Format::Depth24Stencil8 => {
                let w = word(src);
                [unorm_to_f32(w >> 8, 24).to_bits(), w & 0xff, 0, ONE]
            }
            Format::Depth32FStencil8 => [word(src), word(&src[4..]) & 0xff, 0, ONE],
            Format::Stencil8 => [src[0] as u32, 0, 0, 1],
        }
    }

    /// Writes the texel `v` (components of the format's class) to `dst` (at least
    /// `bytes()` long), converting as TexImage does: normalized formats clamp and
    /// round, integer formats clamp to their range, floats round to nearest.
    pub fn encode(self, v: [u32; 4], dst: &mut [u8]) {
        let f = |i: usize| f32::from_bits(v[i]);
        match self {
            Format::Plain { kind, n, bits } => {
                for (i, &vi) in v.iter().enumerate().take(n as usize) {
                    let raw = match kind {
                        Kind::Unorm => f32_to_unorm(f(i), bits as u32),
                        Kind::Snorm => f32_to_snorm(f(i), bits as u32),
                        Kind::Float if bits == 16 => f32_to_half(f(i)) as u32,
                        Kind::Float => vi,
                        Kind::Sint => {
                            let (lo, hi) = signed_range(bits);
                            (vi as i32 as i64).clamp(lo, hi) as u32
                        }
                        Kind::Uint => vi.min(unsigned_max(bits)),
                    };
                    write_bits(dst, i, bits, raw);
                }
            }
            Format::Srgb8 { alpha } => {
                for (i, d) in dst.iter_mut().enumerate().take(3 + alpha as usize) {
                    *d = f32_to_unorm(f(i), 8) as u8;
                }
            }
            Format::Rgb10A2 { int } => {
                let c: [u32; 4] = if int {
                    [v[0].min(1023), v[1].min(1023), v[2].min(1023), v[3].min(3)]
                } else {
                    [
                        f32_to_unorm(f(0), 10),
                        f32_to_unorm(f(1), 10),
                        f32_to_unorm(f(2), 10),
                        f32_to_unorm(f(3), 2),
                    ]
                };
                put_word(dst, c[0] | (c[1] << 10) | (c[2] << 20) | (c[3] << 30));
            }
            Format::R11G11B10F => put_word(
                dst,
                f32_to_uf(f(0), 6) | (f32_to_uf(f(1), 6) << 11) | (f32_to_uf(f(2), 5) << 22),
            ),
            Format::Rgb9E5 => put_word(dst, f32_to_rgb9e5([f(0), f(1), f(2)])),
            Format::Rgb565 | Format::Rgba4 | Format::Rgb5A1 => {
                let widths: &[u32] = match self {
                    Format::Rgb565 => &[5, 6, 5],
                    Format::Rgba4 => &[4, 4, 4, 4],
                    _ => &[5, 5, 5, 1],
                };
                let mut w = 0u32;
                let mut shift = 16;
                for (i, &wd) in widths.iter().enumerate() {
                    shift -= wd;
                    w |= f32_to_unorm(f(i), wd) << shift;
                }
                dst[..2].copy_from_slice(&(w as u16).to_ne_bytes());
            }
            Format::Depth16 => write_bits(dst, 0, 16, f32_to_unorm(f(0), 16)),
            Format::Depth24 => put_word(dst, f32_to_unorm(f(0), 24) << 8),
            Format::Depth32F => put_word(dst, f(0).clamp(0.0, 1.0).to_bits()),
            Format::Depth24Stencil8 => put_word(dst, (f32_to_unorm(f(0), 24) << 8) | (v[1] & 0xff)),
            Format::Depth32FStencil8 => {
                put_word(dst, f(0).clamp(0.0, 1.0).to_bits());
                put_word(&mut dst[4..], v[1] & 0xff);
            }
            Format::Stencil8 => dst[0] = v[0].min(255) as u8,
        }
    }
}

fn word(src: &[u8]) -> u32 {
    u32::from_ne_bytes([src[0], src[1], src[2], src[3]])
}

fn put_word(dst: &mut [u8], w: u32) {
    dst[..4].copy_from_slice(&w.to_ne_bytes());
}

/// Component `i` of `bits` bits (8, 16 or 32) from native-endian storage.
fn read_bits(src: &[u8], i: usize, bits: u8) -> u32 {
    match bits {
        8 => src[i] as u32,
        16 => u16::from_ne_bytes([src[2 * i], src[2 * i + 1]]) as u32,
        _ => word(&src[4 * i..]),
    }
}

fn write_bits(dst: &mut [u8], i: usize, bits: u8, v: u32) {
    match bits {
        8 => dst[i] = v as u8,
        16 => dst[2 * i..2 * i + 2].copy_from_slice(&(v as u16).to_ne_bytes()),
        _ => put_word(&mut dst[4 * i..], v),
    }
}

fn sign_extend(raw: u32, bits: u8) -> i32 {
    let s = 32 - bits as u32;
    ((raw << s) as i32) >> s
}

fn signed_range(bits: u8) -> (i64, i64) {
    let h = 1i64 << (bits - 1);
    (-h, h - 1)
}

fn unsigned_max(bits: u8) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    }
}

/// GL 4.6 §2.3.5.1: c / (2^b - 1).
pub fn unorm_to_f32(c: u32, bits: u32) -> f32 {
    unorm(c as f64, bits) as f32
}

/// GL 4.6 §2.3.5.2: max(c / (2^(b-1) - 1), -1).
pub fn snorm_to_f32(c: i32, bits: u32) -> f32 {
    ((c as f64 / ((1i64 << (bits - 1)) - 1) as f64) as f32).max(-1.0)
}

/// GL 4.6 §2.3.5.1: clamp to [0, 1], then round(f * (2^b - 1)); NaN gives 0.
pub fn f32_to_unorm(f: f32, bits: u32) -> u32 {
    let f = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
    let max = ((1u64 << bits) - 1) as f64;
    (f as f64 * max).round_ties_even() as u32
}

/// GL 4.6 §2.3.5.2: clamp to [-1, 1], then round(f * (2^(b-1) - 1)), as `bits` bits.
pub fn f32_to_snorm(f: f32, bits: u32) -> u32 {
    let f = if f.is_nan() { 0.0 } else { f.clamp(-1.0, 1.0) };
    let max = ((1i64 << (bits - 1)) - 1) as f64;
    let v = (f as f64 * max).round_ties_even() as i64;
    (v as u32) & (((1u64 << bits) - 1) as u32)
}

/// IEEE half to single precision.
pub fn half_to_f32(h: u16) -> f32 {
    let sign = ((h >> 15) as u32) << 31;
    let exp = ((h >> 10) & 0x1f) as u32;
    let man = (h & 0x3ff) as u32;
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: normalise.
            let mut e = 127 - 15 + 1;
            let mut m = m;
            while m & 0x400 == 0 {
                m <<= 1;
                e -= 1;
            }
            sign | (e << 23) | ((m & 0x3ff) << 13)
        }
        (31, m) => sign | 0x7f80_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

/// Single to IEEE half precision, rounding to nearest even (NaN stays quiet NaN).
pub fn f32_to_half(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 255 {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let round = (rem > mid || (rem == mid && half & 1 == 1)) as u32;
        return sign | (half + round) as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    let round = (rem > 0x1000 || (rem == 0x1000 && half & 1 == 1)) as u32;
    sign | (half + round) as u16
}

/// An unsigned 11- or 10-bit float (5-bit exponent, `mbits` mantissa bits) to f32
/// (GL 4.6 §2.3.4.3, §2.3.4.4).
pub fn uf_to_f32(v: u32, mbits: u32) -> f32 {
    let e = (v >> mbits) & 0x1f;
    let m = v & ((1 << mbits) - 1);
    let scale = (1u32 << mbits) as f32;
    match e {
        0 => (m as f32 / scale) * 2f32.powi(-14),
        31 if m == 0 => f32::INFINITY,
        31 => f32::NAN,
        _ => 2f32.powi(e as i32 - 15) * (1.0 + m as f32 / scale),
    }
}

/// f32 to an unsigned small float: negative values and -0 become 0, values too large
/// the largest finite value (+Inf stays Inf, NaN stays NaN); rounds to nearest even.
pub fn f32_to_uf(f: f32, mbits: u32) -> u32 {
    if f.is_nan() {
        return (31 << mbits) | 1;
    }
    if f.is_infinite() && f > 0.0 {
        return 31 << mbits;
    }
    if f <= 0.0 {
        return 0;
    }
    let x = f.to_bits();
    let exp = ((x >> 23) & 0xff) as i32 - 127 + 15;
    let man = x & 0x7f_ffff;
    let drop = 23 - mbits;
    let max = (30 << mbits) | ((1 << mbits) - 1);
    if exp >= 31 {
        return max;
    }
    let v = if exp <= 0 {
        if exp < -(mbits as i32) {
            return 0;
        }
        let m = man | 0x80_0000;
        let shift = drop + (1 - exp) as u32;
        let q = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        q + (rem > mid || (rem == mid && q & 1 == 1)) as u32
    } else {
        let q = ((exp as u32) << mbits) | (man >> drop);
        let rem = man & ((1 << drop) - 1);
        let mid = 1 << (drop - 1);
        q + (rem > mid || (rem == mid && q & 1 == 1)) as u32
    };
    v.min(max)
}

/// EXT_texture_shared_exponent's packing (GL 4.6 §8.5.2).
pub fn f32_to_rgb9e5(c: [f32; 3]) -> u32 {
    const N: i32 = 9;
    const B: i32 = 15;
    const EMAX: i32 = 31;
    let sharedexp_max = ((1 << N) - 1) as f32 / (1 << N) as f32 * 2f32.powi(EMAX - B);
    let cl = c.map(|x| {
        if x.is_nan() {
            0.0
        } else {
            x.clamp(0.0, sharedexp_max)
        }
    });
    let maxc = cl[0].max(cl[1]).max(cl[2]);
    let mut exp_p = (-B - 1).max(if maxc > 0.0 {
        maxc.log2().floor() as i32
    } else {
        -B - 1
    }) + 1
        + B;
    let mut denom = 2f64.powi(exp_p - B - N);
    let maxs = (maxc as f64 / denom).round_ties_even() as i64;
    if maxs == 1 << N {
        denom *= 2.0;
        exp_p += 1;
    }
    let q = cl.map(|x| ((x as f64 / denom).round_ties_even() as u32).min(511));
    q[0] | (q[1] << 9) | (q[2] << 18) | ((exp_p.clamp(0, 31) as u32) << 27)
}

/// sRGB to linear (GL 4.6 §8.24).
pub fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear to sRGB (GL 4.6 §17.3.7, equation 17.1), for values written to an sRGB image.
pub fn linear_to_srgb(c: f32) -> f32 {
    if c.is_nan() || c <= 0.0 {
        0.0
    } else if c < 0.0031308 {
        12.92 * c
    } else if c < 1.0 {
        1.055 * c.powf(0.41666) - 0.055
    } else {
        1.0
    }
}

/// GL 4.6 §2.3.5.2: max(c / (2^(b-1) - 1), -1), for a signed value of `bits` bits given
/// as f64 (vertex attributes).
pub fn snorm(c: f64, bits: u32) -> f64 {
    (c / ((1u64 << (bits - 1)) - 1) as f64).max(-1.0)
}

/// GL 4.6 §2.3.5.1: c / (2^b - 1), for an unsigned value of `bits` bits given as f64.
pub fn unorm(c: f64, bits: u32) -> f64 {
    c / ((1u64 << bits) - 1) as f64
}

/// Texel values as floats for filtering (sRGB decoded to linear).
pub fn to_linear(f: Format, v: [u32; 4]) -> [f32; 4] {
    let mut out = v.map(f32::from_bits);
    if f.is_srgb() {
        for c in out.iter_mut().take(3) {
            *c = srgb_to_linear(*c);
        }
    }
    out
}

pub fn from_linear(f: Format, v: [f32; 4]) -> [u32; 4] {
    let mut v = v;
    if f.is_srgb() {
        for c in v.iter_mut().take(3) {
            *c = linear_to_srgb(*c);
        }
    }
    v.map(f32::to_bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fl(v: [f32; 4]) -> [u32; 4] {
        v.map(f32::to_bits)
    }

    #[test]
    fn codes_round_trip() {
        let all = [
            Format::Plain {
                kind: Kind::Unorm,
                n: 4,
                bits: 8,
            },
            Format::Plain {
                kind: Kind::Sint,
                n: 2,
                bits: 32,
            },
            Format::Srgb8 { alpha: true },
            Format::Rgb10A2 { int: true },
            Format::R11G11B10F,
            Format::Depth32FStencil8,
        ];
        for f in all {
            assert_eq!(Format::from_code(f.code()), Some(f));
        }
        assert_eq!(Format::from_code(0), None);
        assert_eq!(Format::from_code(1 | (7 << 12) | (8 << 16)), None);
    }

    #[test]
    fn unorm_and_snorm() {
        let f = Format::Plain {
            kind: Kind::Unorm,
            n: 4,
            bits: 8,
        };
        let mut b = [0u8; 4];
        f.encode(fl([0.5, 2.0, -1.0, 1.0]), &mut b);
        assert_eq!(b, [128, 255, 0, 255]);
        assert_eq!(f.decode(&b)[0], (128.0f32 / 255.0).to_bits());
        let s = Format::Plain {
            kind: Kind::Snorm,
            n: 1,
            bits: 8,
        };
        let mut b = [0u8; 1];
        s.encode(fl([-1.0, 0.0, 0.0, 0.0]), &mut b);
        assert_eq!(b[0] as i8, -127);
        assert_eq!(f32::from_bits(s.decode(&[0x80])[0]), -1.0);
    }

    #[test]
    fn integers_clamp() {
        let f = Format::Plain {
            kind: Kind::Sint,
            n: 2,
            bits: 8,
        };
        let mut b = [0u8; 2];
        f.encode([300, (-300i32) as u32, 0, 0], &mut b);
        assert_eq!(b, [127, 0x80]);
        assert_eq!(f.decode(&b), [127, (-128i32) as u32, 0, 1]);
        let u = Format::Plain {
            kind: Kind::Uint,
            n: 1,
            bits: 16,
        };
        let mut b = [0u8; 2];
        u.encode([70000, 0, 0, 0], &mut b);
        assert_eq!(u.decode(&b), [65535, 0, 0, 1]);
    }

    #[test]
    fn packed_floats() {
        for x in [0.0f32, 1.0, 0.5, 65024.0, 3.0517578e-5] {
            assert_eq!(uf_to_f32(f32_to_uf(x, 6), 6), x, "{x}");
        }
        assert_eq!(uf_to_f32(f32_to_uf(-2.0, 6), 6), 0.0);
        assert_eq!(uf_to_f32(f32_to_uf(1e9, 5), 5), 64512.0);
        let mut b = [0u8; 4];
        Format::Rgb9E5.encode(fl([1.0, 0.5, 0.25, 1.0]), &mut b);
        assert_eq!(Format::Rgb9E5.decode(&b), fl([1.0, 0.5, 0.25, 1.0]));
        Format::Rgb10A2 { int: false }.encode(fl([1.0, 0.0, 0.5, 1.0]), &mut b);
        let d = Format::Rgb10A2 { int: false }.decode(&b);
        assert_eq!(f32::from_bits(d[0]), 1.0);
        assert_eq!(f32::from_bits(d[3]), 1.0);
    }

    #[test]
    fn half() {
        for x in [0.0f32, 1.0, -2.5, 65504.0, 6.1035156e-5, 5.9604645e-8] {
            assert_eq!(half_to_f32(f32_to_half(x)), x);
        }
    }
}
