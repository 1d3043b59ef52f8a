//! Rust functions compiled code calls for what Cranelift has no instruction for:
//! transcendental functions (Rust's libm-backed implementations meet GLSL's precision
//! requirements), frexp/ldexp, the packing functions, matrix inverse/determinant and
//! the shader clock.
//! Also the zero page that out-of-range buffer reads are redirected to (writes go to
//! each worker thread's own sink, runtime::abi::SINK_BYTES), and the recorder of the
//! first one (GLCOMPUTE_DEBUG=bounds).

/// 64 zero bytes: out-of-range reads load from here (never written).
#[repr(align(64))]
struct Zero([u8; 64]);
static ZERO: Zero = Zero([0; 64]);

pub fn zero_address() -> usize {
    ZERO.0.as_ptr() as usize
}

/// GLCOMPUTE_DEBUG=bounds: records an out-of-range buffer access at `site` (the
/// kernel's site index): `index` is the innermost dynamic index of the access (-1 for
/// none), `offset` its byte offset in the bound range, `bytes` its size and `size` the
/// range's size. Only the dispatch's first such access is kept.
///
/// # Safety
/// `report` is the GroupCtx::bounds the runtime gave the kernel (valid while the
/// dispatch runs).
pub unsafe extern "C" fn bounds_buffer(
    report: *const crate::runtime::bounds::BoundsReport,
    site: u32,
    index: u64,
    offset: u64,
    bytes: u32,
    size: u64,
) {
    // SAFETY: the caller passes the dispatch's live report.
    let r = unsafe { &*report };
    r.record(
        site,
        [index as i64, offset as i64, bytes as i64, size as i64, 0, 0],
    );
}

/// GL_ARB_shader_clock's counter: the time-stamp counter on x86-64 (which increases
/// between two reads on one thread), nanoseconds of CLOCK_MONOTONIC elsewhere.
pub extern "C" fn clock_ticks() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc only reads the time-stamp counter; every x86-64 CPU has it.
        unsafe { std::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: ts is a valid timespec to write.
        unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
        (ts.tv_sec as u64)
            .wrapping_mul(1_000_000_000)
            .wrapping_add(ts.tv_nsec as u64)
    }
}

macro_rules! unary_f32 {
    ($($name:ident => $f:expr;)*) => {$(
        pub extern "C" fn $name(x: f32) -> f32 {
            let f: fn(f32) -> f32 = $f;
            f(x)
        }
    )*};
}

unary_f32! {
    sin_f32 => f32::sin;
    cos_f32 => f32::cos;
    tan_f32 => f32::tan;
    asin_f32 => f32::asin;
    acos_f32 => f32::acos;
    atan_f32 => f32::atan;
    sinh_f32 => f32::sinh;
    cosh_f32 => f32::cosh;
    tanh_f32 => f32::tanh;
    asinh_f32 => f32::asinh;
    acosh_f32 => f32::acosh;
    atanh_f32 => f32::atanh;
    exp_f32 => f32::exp;
    log_f32 => f32::ln;
    exp2_f32 => f32::exp2;
    log2_f32 => f32::log2;
}

pub extern "C" fn atan2_f32(y: f32, x: f32) -> f32 {
    y.atan2(x)
}

pub extern "C" fn pow_f32(x: f32, y: f32) -> f32 {
    x.powf(y)
}

/// frexp: the mantissa in [0.5, 1) (GLSL 4.60 §8.3).
pub extern "C" fn frexp_mant_f32(x: f32) -> f32 {
    frexp(x as f64).0 as f32
}

pub extern "C" fn frexp_exp_f32(x: f32) -> i32 {
    frexp(x as f64).1
}

pub extern "C" fn frexp_mant_f64(x: f64) -> f64 {
    frexp(x).0
}

pub extern "C" fn frexp_exp_f64(x: f64) -> i32 {
    frexp(x).1
}

fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        // Subnormal: scale up first.
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let e = exp - 1022;
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, e)
}

pub extern "C" fn ldexp_f32(x: f32, e: i32) -> f32 {
    ldexp(x as f64, e) as f32
}

pub extern "C" fn ldexp_f64(x: f64, e: i32) -> f64 {
    ldexp(x, e)
}

fn ldexp(x: f64, e: i32) -> f64 {
    // Two steps keep intermediate powers of two representable.
    let e = e.clamp(-2200, 2200);
    let half = e / 2;
    x * 2f64.powi(half) * 2f64.powi(e - half)
}

// GLSL 4.60 §8.4 packing functions.

fn pack_unorm(x: f32, max: f32) -> u32 {
    (x.clamp(0.0, 1.0) * max).round_ties_even() as u32
}

fn pack_snorm(x: f32, max: f32) -> i32 {
    (x.clamp(-1.0, 1.0) * max).round_ties_even() as i32
}

pub extern "C" fn pack_unorm2x16(x: f32, y: f32) -> u32 {
    pack_unorm(x, 65535.0) | (pack_unorm(y, 65535.0) << 16)
}

pub extern "C" fn pack_snorm2x16(x: f32, y: f32) -> u32 {
    (pack_snorm(x, 32767.0) as u32 & 0xffff) | ((pack_snorm(y, 32767.0) as u32 & 0xffff) << 16)
}

pub extern "C" fn pack_unorm4x8(x: f32, y: f32, z: f32, w: f32) -> u32 {
    [x, y, z, w]
        .iter()
        .enumerate()
        .map(|(i, &v)| pack_unorm(v, 255.0) << (8 * i))
        .fold(0, |a, b| a | b)
}

pub extern "C" fn pack_snorm4x8(x: f32, y: f32, z: f32, w: f32) -> u32 {
    [x, y, z, w]
        .iter()
        .enumerate()
        .map(|(i, &v)| (pack_snorm(v, 127.0) as u32 & 0xff) << (8 * i))
        .fold(0, |a, b| a | b)
}

/// Component `i` of unpackUnorm2x16.
pub extern "C" fn unpack_unorm2x16(p: u32, i: u32) -> f32 {
    ((p >> (16 * (i & 1))) & 0xffff) as f32 / 65535.0
}

pub extern "C" fn unpack_snorm2x16(p: u32, i: u32) -> f32 {
    let v = ((p >> (16 * (i & 1))) & 0xffff) as u16 as i16;
    (v as f32 / 32767.0).clamp(-1.0, 1.0)
}

pub extern "C" fn unpack_unorm4x8(p: u32, i: u32) -> f32 {
    ((p >> (8 * (i & 3))) & 0xff) as f32 / 255.0
}

pub extern "C" fn unpack_snorm4x8(p: u32, i: u32) -> f32 {
    let v = ((p >> (8 * (i & 3))) & 0xff) as u8 as i8;
    (v as f32 / 127.0).clamp(-1.0, 1.0)
}

pub use crate::format::texel::{f32_to_half as f32_to_f16, half_to_f32 as f16_to_f32};

pub extern "C" fn pack_half2x16(x: f32, y: f32) -> u32 {
    f32_to_f16(x) as u32 | ((f32_to_f16(y) as u32) << 16)
}

pub extern "C" fn unpack_half2x16(p: u32, i: u32) -> f32 {
    f16_to_f32((p >> (16 * (i & 1))) as u16)
}

/// Determinant of an n x n column-major matrix.
fn det(m: &[f64], n: usize) -> f64 {
    match n {
        1 => m[0],
        2 => m[0] * m[3] - m[2] * m[1],
        _ => {
            let mut d = 0.0;
            for c in 0..n {
                let minor = minor(m, n, c, 0);
                let sign = if c % 2 == 0 { 1.0 } else { -1.0 };
                d += sign * m[c * n] * det(&minor, n - 1);
            }
            d
        }
    }
}

/// The matrix without column `col` and row `row`.
fn minor(m: &[f64], n: usize, col: usize, row: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity((n - 1) * (n - 1));
    for c in (0..n).filter(|&c| c != col) {
        for r in (0..n).filter(|&r| r != row) {
            out.push(m[c * n + r]);
        }
    }
    out
}

fn inverse(m: &[f64], n: usize) -> Vec<f64> {
    let d = det(m, n);
    let mut out = vec![0.0; n * n];
    for c in 0..n {
        for r in 0..n {
            // inverse[c][r] = cofactor(r, c) / det (the adjugate is the transpose).
            let sign = if (r + c) % 2 == 0 { 1.0 } else { -1.0 };
            let cof = if n == 1 {
                1.0
            } else {
                det(&minor(m, n, r, c), n - 1)
            };
            out[c * n + r] = sign * cof / d;
        }
    }
    out
}

/// # Safety
/// `p` must point to n*n floats.
pub unsafe extern "C" fn determinant_f32(p: *const f32, n: u32) -> f32 {
    let n = n as usize;
    // SAFETY: caller contract (compiled code passes a stack array of n*n floats).
    let m: Vec<f64> = unsafe { std::slice::from_raw_parts(p, n * n) }
        .iter()
        .map(|&x| x as f64)
        .collect();
    det(&m, n) as f32
}

/// # Safety
/// `p` must point to n*n doubles.
pub unsafe extern "C" fn determinant_f64(p: *const f64, n: u32) -> f64 {
    let n = n as usize;
    // SAFETY: caller contract.
    let m = unsafe { std::slice::from_raw_parts(p, n * n) };
    det(m, n)
}

/// # Safety
/// `p` must point to n*n floats, readable and writable; the inverse replaces them.
pub unsafe extern "C" fn inverse_f32(p: *mut f32, n: u32) {
    let n = n as usize;
    // SAFETY: caller contract.
    let s = unsafe { std::slice::from_raw_parts_mut(p, n * n) };
    let m: Vec<f64> = s.iter().map(|&x| x as f64).collect();
    for (d, v) in s.iter_mut().zip(inverse(&m, n)) {
        *d = v as f32;
    }
}

/// # Safety
/// `p` must point to n*n doubles, readable and writable.
pub unsafe extern "C" fn inverse_f64(p: *mut f64, n: u32) {
    let n = n as usize;
    // SAFETY: caller contract.
    let s = unsafe { std::slice::from_raw_parts_mut(p, n * n) };
    let inv = inverse(s, n);
    s.copy_from_slice(&inv);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_round_trip() {
        for x in [
            0.0f32,
            1.0,
            -2.5,
            65504.0,
            6.1e-5,
            1e-7,
            0.333,
            f32::INFINITY,
        ] {
            let h = f32_to_f16(x);
            let back = f16_to_f32(h);
            assert!(
                back == x || (back - x).abs() <= x.abs() * 1e-3 + 1e-7,
                "{x} -> {h:#x} -> {back}"
            );
        }
        assert_eq!(f32_to_f16(1.0), 0x3c00);
        assert_eq!(f32_to_f16(-2.0), 0xc000);
        assert!(f16_to_f32(f32_to_f16(f32::NAN)).is_nan());
    }

    #[test]
    fn frexp_ldexp() {
        assert_eq!(frexp(8.0), (0.5, 4));
        assert_eq!(frexp(-3.0), (-0.75, 2));
        assert_eq!(ldexp(0.75, 3), 6.0);
        let (m, e) = frexp(1e-310);
        assert!((ldexp(m, e) - 1e-310).abs() < 1e-320);
    }

    #[test]
    fn matrix_inverse() {
        let m = [4.0, 7.0, 2.0, 6.0];
        assert_eq!(det(&m, 2), 10.0);
        let inv = inverse(&m, 2);
        assert_eq!(inv, vec![0.6, -0.7, -0.2, 0.4]);
        let m3 = [1.0, 0.0, 5.0, 2.0, 1.0, 6.0, 3.0, 4.0, 0.0];
        let i3 = inverse(&m3, 3);
        // m3 * i3 = identity.
        for c in 0..3 {
            for r in 0..3 {
                let v: f64 = (0..3).map(|k| m3[k * 3 + r] * i3[c * 3 + k]).sum();
                assert!((v - if c == r { 1.0 } else { 0.0 }).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn packing() {
        assert_eq!(pack_unorm2x16(1.0, 0.0), 0xffff);
        assert_eq!(pack_snorm2x16(-1.0, 1.0), 0x7fff_8001);
        assert_eq!(pack_unorm4x8(1.0, 0.0, 0.5, 1.0), 0xff80_00ff);
        assert_eq!(unpack_snorm4x8(0x80, 0), -1.0);
        assert_eq!(unpack_half2x16(pack_half2x16(1.5, -0.25), 1), -0.25);
    }
}
