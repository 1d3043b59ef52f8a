//! Pixel formats for ClearBuffer*Data (GL 4.6 §6.5): the sized internal formats of
//! table 8.16 (those a buffer texture may have) and conversion of one client pixel
//! (format, type, data) to that internal format, as TexImage would (§8.4.4, §8.5).

use crate::format::texel::{f32_to_half, half_to_f32};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::UserIn;
use crate::gl_bail;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Unorm,
    Float,
    Sint,
    Uint,
}

/// (components, kind, bits per component) of a table 8.16 internal format.
fn internal_format(f: u32) -> Option<(usize, Kind, u32)> {
    use Kind::*;
    Some(match f {
        GL_R8 => (1, Unorm, 8),
        GL_R16 => (1, Unorm, 16),
        GL_R16F => (1, Float, 16),
        GL_R32F => (1, Float, 32),
        GL_R8I => (1, Sint, 8),
        GL_R16I => (1, Sint, 16),
        GL_R32I => (1, Sint, 32),
        GL_R8UI => (1, Uint, 8),
        GL_R16UI => (1, Uint, 16),
        GL_R32UI => (1, Uint, 32),
        GL_RG8 => (2, Unorm, 8),
        GL_RG16 => (2, Unorm, 16),
        GL_RG16F => (2, Float, 16),
        GL_RG32F => (2, Float, 32),
        GL_RG8I => (2, Sint, 8),
        GL_RG16I => (2, Sint, 16),
        GL_RG32I => (2, Sint, 32),
        GL_RG8UI => (2, Uint, 8),
        GL_RG16UI => (2, Uint, 16),
        GL_RG32UI => (2, Uint, 32),
        GL_RGB32F => (3, Float, 32),
        GL_RGB32I => (3, Sint, 32),
        GL_RGB32UI => (3, Uint, 32),
        GL_RGBA8 => (4, Unorm, 8),
        GL_RGBA16 => (4, Unorm, 16),
        GL_RGBA16F => (4, Float, 16),
        GL_RGBA32F => (4, Float, 32),
        GL_RGBA8I => (4, Sint, 8),
        GL_RGBA16I => (4, Sint, 16),
        GL_RGBA32I => (4, Sint, 32),
        GL_RGBA8UI => (4, Uint, 8),
        GL_RGBA16UI => (4, Uint, 16),
        GL_RGBA32UI => (4, Uint, 32),
        _ => return None,
    })
}

/// A packed type: total bytes, field widths from the most significant bit down, and
/// whether the first component sits in the least significant bits (the _REV types).
fn packed_type(t: u32) -> Option<(usize, &'static [u32], bool)> {
    Some(match t {
        GL_UNSIGNED_BYTE_3_3_2 => (1, &[3, 3, 2], false),
        GL_UNSIGNED_BYTE_2_3_3_REV => (1, &[2, 3, 3], true),
        GL_UNSIGNED_SHORT_5_6_5 => (2, &[5, 6, 5], false),
        GL_UNSIGNED_SHORT_5_6_5_REV => (2, &[5, 6, 5], true),
        GL_UNSIGNED_SHORT_4_4_4_4 => (2, &[4, 4, 4, 4], false),
        GL_UNSIGNED_SHORT_4_4_4_4_REV => (2, &[4, 4, 4, 4], true),
        GL_UNSIGNED_SHORT_5_5_5_1 => (2, &[5, 5, 5, 1], false),
        GL_UNSIGNED_SHORT_1_5_5_5_REV => (2, &[1, 5, 5, 5], true),
        GL_UNSIGNED_INT_8_8_8_8 => (4, &[8, 8, 8, 8], false),
        GL_UNSIGNED_INT_8_8_8_8_REV => (4, &[8, 8, 8, 8], true),
        GL_UNSIGNED_INT_10_10_10_2 => (4, &[10, 10, 10, 2], false),
        GL_UNSIGNED_INT_2_10_10_10_REV => (4, &[2, 10, 10, 10], true),
        _ => return None,
    })
}

/// Converts one client pixel to the bytes of one `internalformat` element. A null
/// `data` clears to zero (GL 4.6 §6.5).
pub fn convert_clear_value(
    internalformat: u32,
    format: u32,
    ty: u32,
    data: UserIn,
) -> GlResult<Vec<u8>> {
    // GL 4.6 §6.5: INVALID_ENUM if internalformat is not in table 8.16.
    let Some((ncomp, kind, bits)) = internal_format(internalformat) else {
        gl_bail!(
            GL_INVALID_ENUM,
            "internalformat {} is not a sized internal format of table 8.16",
            Enum(internalformat)
        );
    };
    let elem = ncomp * bits as usize / 8;
    let integer_target = matches!(kind, Kind::Sint | Kind::Uint);
    let Some((order, integer_source)) = crate::format::pixels::color_order(format) else {
        // GL 4.6 §6.5 via §8.4.4: format must be a color format.
        gl_bail!(
            GL_INVALID_VALUE,
            "format {} is not a color format",
            Enum(format)
        );
    };
    // GL 4.6 §8.4.4: no conversion between integer and non-integer formats.
    if integer_source != integer_target {
        gl_bail!(
            GL_INVALID_OPERATION,
            "format {} and internalformat {} must both be integer or both non-integer",
            Enum(format),
            Enum(internalformat)
        );
    }
    let (size, packed) = match ty {
        GL_UNSIGNED_BYTE | GL_BYTE => (1, None),
        GL_UNSIGNED_SHORT | GL_SHORT | GL_HALF_FLOAT => (2, None),
        GL_UNSIGNED_INT | GL_INT | GL_FLOAT => (4, None),
        // Unsigned-float packed types, decoded separately below.
        GL_UNSIGNED_INT_10F_11F_11F_REV | GL_UNSIGNED_INT_5_9_9_9_REV => (4, None),
        _ => match packed_type(ty) {
            Some((bytes, fields, rev)) => (bytes, Some((fields, rev))),
            None => gl_bail!(GL_INVALID_ENUM, "type {} is not a pixel type", Enum(ty)),
        },
    };
    let float_packed = matches!(
        ty,
        GL_UNSIGNED_INT_10F_11F_11F_REV | GL_UNSIGNED_INT_5_9_9_9_REV
    );
    // GL 4.6 §8.4.4 table 8.8: these two types go with the RGB format only.
    if float_packed && format != GL_RGB {
        gl_bail!(
            GL_INVALID_OPERATION,
            "type {} requires format GL_RGB, not {}",
            Enum(ty),
            Enum(format)
        );
    }
    // GL 4.6 §8.4.4: floating-point types with an integer format are an error.
    if integer_source && matches!(ty, GL_FLOAT | GL_HALF_FLOAT) {
        gl_bail!(
            GL_INVALID_OPERATION,
            "type {} cannot be used with the integer format {}",
            Enum(ty),
            Enum(format)
        );
    }
    // GL 4.6 §8.4.4: a packed type must match the format's number of components.
    if let Some((fields, _)) = packed
        && fields.len() != order.len()
    {
        gl_bail!(
            GL_INVALID_OPERATION,
            "packed type {} has {} components but format {} has {}",
            Enum(ty),
            fields.len(),
            Enum(format),
            order.len()
        );
    }
    let Some(bytes) = data.bytes(if packed.is_some() || float_packed {
        size
    } else {
        size * order.len()
    }) else {
        return Ok(vec![0; elem]);
    };

    // Decode to RGBA: normalized for non-integer formats, raw values for integer ones.
    let mut rgba = [0.0f64, 0.0, 0.0, 1.0];
    if float_packed {
        let w = u32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if ty == GL_UNSIGNED_INT_10F_11F_11F_REV {
            rgba[0] = small_float(w & 0x7ff, 6);
            rgba[1] = small_float((w >> 11) & 0x7ff, 6);
            rgba[2] = small_float(w >> 22, 5);
        } else {
            let scale = 2f64.powi((w >> 27) as i32 - 15 - 9);
            for (i, c) in rgba.iter_mut().take(3).enumerate() {
                *c = ((w >> (9 * i)) & 0x1ff) as f64 * scale;
            }
        }
    }
    match packed {
        Some((fields, rev)) => {
            let mut word = 0u64;
            for (i, b) in bytes.iter().enumerate().take(size) {
                word |= (*b as u64) << (8 * i);
            }
            let total: u32 = fields.iter().sum();
            let mut shift = total;
            let mut values = Vec::new();
            for &w in fields {
                shift -= w;
                values.push(((word >> shift) & ((1 << w) - 1), w));
            }
            if rev {
                values.reverse();
            }
            for (i, &(v, w)) in values.iter().enumerate() {
                rgba[order[i]] = if integer_source {
                    v as f64
                } else {
                    v as f64 / ((1u64 << w) - 1) as f64
                };
            }
        }
        None if float_packed => {}
        None => {
            for (i, &c) in order.iter().enumerate() {
                let b = &bytes[i * size..(i + 1) * size];
                rgba[c] = match ty {
                    GL_UNSIGNED_BYTE => norm_u(b[0] as u64, 8, integer_source),
                    GL_BYTE => norm_s(b[0] as i8 as i64, 8, integer_source),
                    GL_UNSIGNED_SHORT => {
                        norm_u(u16::from_ne_bytes([b[0], b[1]]) as u64, 16, integer_source)
                    }
                    GL_SHORT => norm_s(i16::from_ne_bytes([b[0], b[1]]) as i64, 16, integer_source),
                    GL_UNSIGNED_INT => norm_u(
                        u32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as u64,
                        32,
                        integer_source,
                    ),
                    GL_INT => norm_s(
                        i32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as i64,
                        32,
                        integer_source,
                    ),
                    GL_HALF_FLOAT => half_to_f32(u16::from_ne_bytes([b[0], b[1]])) as f64,
                    _ => f32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as f64,
                };
            }
        }
    }

    // Encode the first `ncomp` components.
    let mut out = Vec::with_capacity(elem);
    for &c in rgba.iter().take(ncomp) {
        match (kind, bits) {
            (Kind::Unorm, 8) => out.push((c.clamp(0.0, 1.0) * 255.0).round() as u8),
            (Kind::Unorm, _) => {
                out.extend(((c.clamp(0.0, 1.0) * 65535.0).round() as u16).to_ne_bytes())
            }
            (Kind::Float, 16) => out.extend(f32_to_half(c as f32).to_ne_bytes()),
            (Kind::Float, _) => out.extend((c as f32).to_ne_bytes()),
            (Kind::Sint, b) => {
                let max = (1i64 << (b - 1)) - 1;
                let v = (c as i64).clamp(-max - 1, max);
                out.extend(&v.to_ne_bytes()[..b as usize / 8]);
            }
            (Kind::Uint, b) => {
                let max = ((1u64 << b) - 1) as i64;
                let v = (c as i64).clamp(0, max) as u64;
                out.extend(&v.to_ne_bytes()[..b as usize / 8]);
            }
        }
    }
    Ok(out)
}

/// An unsigned float with a 5-bit exponent and `mbits` of mantissa (GL 4.6 §2.3.4.3/4).
fn small_float(v: u32, mbits: u32) -> f64 {
    let e = (v >> mbits) as i32;
    let m = (v & ((1 << mbits) - 1)) as f64 / (1u32 << mbits) as f64;
    match e {
        0 => 2f64.powi(-14) * m,
        31 => {
            if m == 0.0 {
                f64::INFINITY
            } else {
                f64::NAN
            }
        }
        _ => 2f64.powi(e - 15) * (1.0 + m),
    }
}

/// Unsigned normalized conversion (GL 4.6 §2.3.5.1); integer formats keep the value.
fn norm_u(v: u64, bits: u32, integer: bool) -> f64 {
    if integer {
        v as f64
    } else {
        v as f64 / ((1u64 << bits) - 1) as f64
    }
}

/// Signed normalized conversion (GL 4.6 §2.3.5.2).
fn norm_s(v: i64, bits: u32, integer: bool) -> f64 {
    if integer {
        v as f64
    } else {
        (v as f64 / ((1i64 << (bits - 1)) - 1) as f64).max(-1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clear(internal: u32, format: u32, ty: u32, data: &[u8]) -> GlResult<Vec<u8>> {
        // SAFETY: the slice outlives the call and is as long as the pixel.
        convert_clear_value(internal, format, ty, unsafe { UserIn::new(data.as_ptr()) })
    }

    #[test]
    fn converts_like_teximage() {
        assert_eq!(
            clear(GL_R8, GL_RED, GL_UNSIGNED_BYTE, &[200]).unwrap(),
            vec![200]
        );
        assert_eq!(
            clear(GL_RGBA8, GL_RED, GL_FLOAT, &0.5f32.to_ne_bytes()).unwrap(),
            vec![128, 0, 0, 255]
        );
        assert_eq!(
            clear(GL_R32F, GL_RED, GL_UNSIGNED_SHORT, &65535u16.to_ne_bytes()).unwrap(),
            1.0f32.to_ne_bytes().to_vec()
        );
        assert_eq!(
            clear(
                GL_RG8UI,
                GL_RG_INTEGER,
                GL_INT,
                &[&(-5i32).to_ne_bytes()[..], &300i32.to_ne_bytes()].concat()
            )
            .unwrap(),
            vec![0, 255]
        );
        assert_eq!(
            clear(GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, &[1, 2, 3, 4]).unwrap(),
            vec![3, 2, 1, 4]
        );
        assert_eq!(
            clear(
                GL_RGBA8,
                GL_RGBA,
                GL_UNSIGNED_INT_8_8_8_8,
                &0x01020304u32.to_ne_bytes()
            )
            .unwrap(),
            vec![1, 2, 3, 4]
        );
        assert_eq!(
            clear(GL_R16F, GL_RED, GL_FLOAT, &1.0f32.to_ne_bytes()).unwrap(),
            0x3c00u16.to_ne_bytes().to_vec()
        );
    }

    #[test]
    fn rejects_like_the_spec() {
        assert_eq!(
            clear(GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, &[0; 3])
                .unwrap_err()
                .code,
            GL_INVALID_ENUM
        );
        assert_eq!(
            clear(GL_R32UI, GL_RED, GL_UNSIGNED_INT, &[0; 4])
                .unwrap_err()
                .code,
            GL_INVALID_OPERATION
        );
        assert_eq!(
            clear(GL_R8, GL_DEPTH_COMPONENT, GL_FLOAT, &[0; 4])
                .unwrap_err()
                .code,
            GL_INVALID_VALUE
        );
        assert_eq!(
            clear(GL_R8, GL_RED, GL_RGBA, &[0; 4]).unwrap_err().code,
            GL_INVALID_ENUM
        );
        assert_eq!(
            clear(GL_RGBA8, GL_RGB, GL_UNSIGNED_INT_8_8_8_8, &[0; 4])
                .unwrap_err()
                .code,
            GL_INVALID_OPERATION
        );
    }

    #[test]
    fn half_round_trips() {
        for v in [0.0f32, 1.0, -2.5, 65504.0, 6.1035156e-5, 5.9604645e-8] {
            assert_eq!(half_to_f32(f32_to_half(v)), v);
        }
    }
}
