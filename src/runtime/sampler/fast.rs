//! The direct paths of filtered lookups: [`Fast`], what the runtime computes without
//! the general filter for the common 2D textures (specialised per texel layout, the
//! general path's float operations in the same order), and [`Direct`], what compiled
//! code reads to filter RGBA8 LINEAR lookups itself. Both must give the bits
//! [`SamplerDesc::sample`] gives; the tests here compare them over random lookups.

use super::general::*;
use crate::format::texel::{Format, Kind};
use crate::runtime::image::ImageDesc;

/// Units with a [`Direct`] entry (every texture unit a program may use).
pub const DIRECT_UNITS: usize = crate::limits::MAX_COMBINED_TEXTURE_IMAGE_UNITS as usize;

/// What compiled code needs to filter a unit's implicit-LOD lookups itself: a 2D
/// texture of RGBA8 texels whose lookups filter LINEAR on the base level without
/// swizzle or border, wrapping by REPEAT with a power-of-two size or CLAMP_TO_EDGE.
/// `kind` is [`DIRECT_RGBA8_LINEAR`] for such a unit, 0 otherwise. Along x (and alike
/// y) the texel of integer coordinate i is `clamp(i & xmask, xlo, xhi)`: i mod w for
/// REPEAT (xmask = w - 1, no clamp), clamped to the edge for CLAMP_TO_EDGE (xmask =
/// -1); so every i, from any coordinate, lands inside the level, whose `h` rows of
/// `row` bytes span less than 2^31 bytes. The result must equal
/// [`SamplerDesc::sample`]'s: the filter is [`Fast::one`]'s, and lanes whose texel-space
/// coordinate is beyond ±2^23 take the helper.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Direct {
    pub kind: u32,
    pub row: u32,
    pub ptr: *const u8,
    pub size: [f32; 2],
    pub xmask: i32,
    pub xlo: i32,
    pub xhi: i32,
    pub ymask: i32,
    pub ylo: i32,
    pub yhi: i32,
}

// SAFETY: the pointer is into texture storage the dispatch keeps alive; compiled code
// and helpers only read through it.
unsafe impl Send for Direct {}
// SAFETY: as above; never written while shared.
unsafe impl Sync for Direct {}

pub const DIRECT_RGBA8_LINEAR: u32 = 1;

/// Byte offsets of [`Direct`]'s fields and its size, for the code generator.
pub mod direct {
    pub const KIND: i32 = 0;
    pub const ROW: i32 = 4;
    pub const PTR: i32 = 8;
    pub const SIZE: i32 = 16;
    pub const XMASK: i32 = 24;
    pub const XLO: i32 = 28;
    pub const XHI: i32 = 32;
    pub const YMASK: i32 = 36;
    pub const YLO: i32 = 40;
    pub const YHI: i32 = 44;
    pub const BYTES: i64 = 48;
}

impl Direct {
    pub(super) const NONE: Direct = Direct {
        kind: 0,
        row: 0,
        ptr: std::ptr::null(),
        size: [0.0; 2],
        xmask: 0,
        xlo: 0,
        xhi: 0,
        ymask: 0,
        ylo: 0,
        yhi: 0,
    };

    pub(super) fn new(d: &SamplerDesc, fast: Option<Fast>) -> Direct {
        let Some(f) = fast else {
            return Direct::NONE;
        };
        if d.target != Target::D2
            || f.texel != FastTexel::Unorm8(4)
            || f.implicit != Some(Filter::Linear)
            || !f.identity_swizzle
        {
            return Direct::NONE;
        }
        let (ptr, row, _) = f.level.raw();
        let [w, h, _] = f.size;
        let axis = |n: i32, mode: Wrap| match mode {
            Wrap::Repeat if n & (n - 1) == 0 => Some((n - 1, i32::MIN, i32::MAX)),
            Wrap::ClampToEdge => Some((-1, 0, n - 1)),
            _ => None,
        };
        let (Some((xmask, xlo, xhi)), Some((ymask, ylo, yhi))) =
            (axis(w, f.wrap[0]), axis(h, f.wrap[1]))
        else {
            return Direct::NONE;
        };
        match u32::try_from(row) {
            Ok(row) if (h as u64).saturating_mul(row as u64) < 1 << 31 => Direct {
                kind: DIRECT_RGBA8_LINEAR,
                row,
                ptr,
                size: f.sizef,
                xmask,
                xlo,
                xhi,
                ymask,
                ylo,
                yhi,
            },
            _ => Direct::NONE,
        }
    }
}

/// Texel layouts the direct path decodes itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FastTexel {
    /// `n` 8-bit unsigned normalized components.
    Unorm8(usize),
    /// `n` 32-bit float components.
    Float32(usize),
}

/// GL 4.6 §2.3.5.1 for an 8-bit value: c / 255 rounded to f32, the same float as
/// `unorm_to_f32(c, 8)` gives for every c (a unit test checks all 256).
#[inline(always)]
fn unorm8(c: u32) -> f32 {
    c as f32 / 255.0
}

/// Reads one texel of a [`FastTexel`] layout as floats ((0, 0, 0, 1) for missing
/// components); one type per layout, so the direct path's loop has no branch on it.
trait ReadTexel {
    /// # Safety
    /// The texel's bytes (x * bytes per texel on from `row`) lie inside the storage.
    unsafe fn read(row: *const u8, x: usize, n: usize) -> [f32; 4];
}

struct Rgba8;
struct Unorm8N;
struct Rgba32F;
struct Float32N;

impl ReadTexel for Rgba8 {
    #[inline(always)]
    unsafe fn read(row: *const u8, x: usize, _: usize) -> [f32; 4] {
        // SAFETY: the caller's contract: 4 bytes from 4x (read unaligned).
        let w = u32::from_le(unsafe { (row.add(4 * x) as *const u32).read_unaligned() });
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::*;
            // SAFETY: SSE2 is part of x86-64. The bytes widen to 32-bit integers,
            // convert exactly to floats and divide by 255 with IEEE single rounding,
            // as unorm8 does one at a time.
            return unsafe {
                let z = _mm_setzero_si128();
                let b = _mm_cvtsi32_si128(w as i32);
                let i = _mm_unpacklo_epi16(_mm_unpacklo_epi8(b, z), z);
                let f = _mm_div_ps(_mm_cvtepi32_ps(i), _mm_set1_ps(255.0));
                std::mem::transmute::<__m128, [f32; 4]>(f)
            };
        }
        #[allow(unreachable_code)]
        [
            unorm8(w & 0xff),
            unorm8((w >> 8) & 0xff),
            unorm8((w >> 16) & 0xff),
            unorm8(w >> 24),
        ]
    }
}

impl ReadTexel for Unorm8N {
    #[inline(always)]
    unsafe fn read(row: *const u8, x: usize, n: usize) -> [f32; 4] {
        let mut v = [0.0, 0.0, 0.0, 1.0];
        // SAFETY: the caller's contract: n bytes from x * n.
        let p = unsafe { row.add(x * n) };
        for (c, o) in v.iter_mut().enumerate().take(n) {
            // SAFETY: c < n.
            *o = unorm8(unsafe { *p.add(c) } as u32);
        }
        v
    }
}

impl ReadTexel for Rgba32F {
    #[inline(always)]
    unsafe fn read(row: *const u8, x: usize, _: usize) -> [f32; 4] {
        // SAFETY: the caller's contract: 16 bytes from 16x (read unaligned).
        unsafe { (row.add(16 * x) as *const [f32; 4]).read_unaligned() }
    }
}

impl ReadTexel for Float32N {
    #[inline(always)]
    unsafe fn read(row: *const u8, x: usize, n: usize) -> [f32; 4] {
        let mut v = [0.0, 0.0, 0.0, 1.0];
        // SAFETY: the caller's contract: 4n bytes from 4xn.
        let p = unsafe { row.add(4 * x * n) } as *const f32;
        for (c, o) in v.iter_mut().enumerate().take(n) {
            // SAFETY: c < n (read unaligned).
            *o = unsafe { p.add(c).read_unaligned() };
        }
        v
    }
}

/// The direct path of a 2D or 2D-array float texture without border colours or
/// mirroring (wrap modes REPEAT and CLAMP_TO_EDGE) in a plain 8-bit unorm or 32-bit
/// float format: non-shadow `texture` and `textureLod` lookups that read only the base
/// level. It computes what [`SamplerDesc::sample`] computes for them, with the same
/// floating-point operations in the same order, so both give the same bits; lookups
/// it does not cover, and coordinates beyond ±2^23 texels, take the general path.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fast {
    texel: FastTexel,
    /// Components per texel.
    n: usize,
    wrap: [Wrap; 2],
    /// The choice of implicit-LOD lookups (λ_base = -∞), when it is the base level.
    implicit: Option<Filter>,
    level: ImageDesc,
    /// The base level's width, height and layers (each below 2^23), and the width and
    /// height as floats.
    size: [i32; 3],
    sizef: [f32; 2],
    array: bool,
    identity_swizzle: bool,
}

/// [`wrap`] for REPEAT and CLAMP_TO_EDGE (the modes of the direct path) in i32.
#[inline(always)]
fn fast_wrap(i: i32, n: i32, mode: Wrap) -> i32 {
    match mode {
        Wrap::Repeat if n & (n - 1) == 0 => i & (n - 1),
        Wrap::Repeat => i.rem_euclid(n),
        _ => i.clamp(0, n - 1),
    }
}

/// The texels below 2^23 along an axis wrap in i32 without loss.
const FAST_LIMIT: f32 = 8_388_608.0;

impl Fast {
    pub(super) fn new(d: &SamplerDesc) -> Option<Fast> {
        if !d.complete || d.stencil || !matches!(d.target, Target::D2 | Target::D2Array) {
            return None;
        }
        let (texel, n) = match d.format {
            Format::Plain {
                kind: Kind::Unorm,
                n,
                bits: 8,
            } => (FastTexel::Unorm8(n as usize), n),
            Format::Plain {
                kind: Kind::Float,
                n,
                bits: 32,
            } => (FastTexel::Float32(n as usize), n),
            _ => return None,
        };
        let wrap = [d.params.wrap[0], d.params.wrap[1]];
        if !wrap
            .iter()
            .all(|w| matches!(w, Wrap::Repeat | Wrap::ClampToEdge))
        {
            return None;
        }
        let level = *d.levels.first()?;
        let [w, h, layers] = level.size();
        if [w, h, layers]
            .iter()
            .any(|&n| n == 0 || n as f32 >= FAST_LIMIT)
        {
            return None;
        }
        let implicit = match d.select(f32::NEG_INFINITY)? {
            Choice::One(0, f) => Some(f),
            _ => None,
        };
        Some(Fast {
            texel,
            n: n as usize,
            wrap,
            implicit,
            level,
            size: [w as i32, h as i32, layers as i32],
            sizef: [w as f32, h as f32],
            array: d.target == Target::D2Array,
            identity_swizzle: d.swizzle == [0, 1, 2, 3].map(Swizzle::Component),
        })
    }

    /// The two integer coordinates along axis `dim` of texel-space coordinate `u` and
    /// the weight of the second, as [`SamplerDesc::taps`] computes them; None beyond
    /// ±2^23 (and for NaN).
    #[inline(always)]
    fn tap(&self, filter: Filter, u: f32, dim: usize) -> Option<(i32, i32, f32)> {
        let v = match filter {
            Filter::Nearest => u,
            Filter::Linear => u - 0.5,
        };
        // NaN fails too.
        if v.abs().partial_cmp(&FAST_LIMIT) != Some(std::cmp::Ordering::Less) {
            return None;
        }
        // floor(v), exact for |v| < 2^23.
        let t = v as i32;
        let i0 = t - (v < t as f32) as i32;
        let (n, mode) = (self.size[dim], self.wrap[dim]);
        Some(match filter {
            Filter::Nearest => {
                let i = fast_wrap(i0, n, mode);
                (i, i, 0.0)
            }
            Filter::Linear => (
                fast_wrap(i0, n, mode),
                fast_wrap(i0 + 1, n, mode),
                v - i0 as f32,
            ),
        })
    }

    /// The filter of a lookup with the arguments `a` (its LOD aside) through `d`, when
    /// this path takes it.
    #[inline(always)]
    fn filter(&self, d: &SamplerDesc, a: &SampleArgs, lod: f32) -> Option<Filter> {
        if a.shadow != 0 {
            return None;
        }
        match a.mode {
            MODE_IMPLICIT => self.implicit,
            MODE_LOD => match d.select(lod)? {
                Choice::One(0, f) => Some(f),
                _ => None,
            },
            _ => None,
        }
    }

    /// One lookup at `coord` (s, t and, for arrays, the layer) with `offset` and
    /// `filter`, before swizzling, as [`SamplerDesc::sample`] computes it.
    #[inline(always)]
    fn one<T: ReadTexel>(
        &self,
        coord: [f32; 3],
        offset: [i32; 3],
        filter: Filter,
    ) -> Option<[f32; 4]> {
        // SamplerDesc::place and texel_coord: st * size + offset.
        let z = if self.array {
            let t = (coord[2] + 0.5).floor() as i64;
            t.clamp(0, self.size[2] as i64 - 1) as usize
        } else {
            0
        };
        let u = coord[0] * self.sizef[0] + offset[0] as f32;
        let v = coord[1] * self.sizef[1] + offset[1] as f32;
        let (x0, x1, wa) = self.tap(filter, u, 0)?;
        let (y0, y1, wb) = self.tap(filter, v, 1)?;
        let (ptr, row, slice) = self.level.raw();
        let base = z * slice as usize;
        let n = self.n;
        let t = |x: i32, y: i32| -> [f32; 4] {
            let off = base + y as usize * row as usize;
            // SAFETY: x < width, y < height and z < layers (wrapped and clamped above),
            // and ImageDesc::new checked that every texel inside the size lies in the
            // storage.
            unsafe { T::read(ptr.add(off), x as usize, n) }
        };
        if filter == Filter::Nearest {
            return Some(t(x0, y0));
        }
        let r0 = lerp(t(x0, y0), t(x1, y0), wa);
        let r1 = lerp(t(x0, y1), t(x1, y1), wa);
        Some(lerp(r0, r1, wb))
    }

    /// The lookup `a` through `d` (whose state made this path), after swizzling; None
    /// where the general path must answer.
    pub(super) fn sample(&self, d: &SamplerDesc, a: &SampleArgs) -> Option<[u32; 4]> {
        let filter = self.filter(d, a, a.lod)?;
        let c = [a.coord[0], a.coord[1], a.coord[2]];
        let v = match (self.texel, self.n) {
            (FastTexel::Unorm8(_), 4) => self.one::<Rgba8>(c, a.offset, filter),
            (FastTexel::Unorm8(_), _) => self.one::<Unorm8N>(c, a.offset, filter),
            (FastTexel::Float32(_), 4) => self.one::<Rgba32F>(c, a.offset, filter),
            (FastTexel::Float32(_), _) => self.one::<Float32N>(c, a.offset, filter),
        }?;
        Some(self.finish(d, v))
    }

    #[inline(always)]
    fn finish(&self, d: &SamplerDesc, v: [f32; 4]) -> [u32; 4] {
        let v = v.map(f32::to_bits);
        if self.identity_swizzle {
            v
        } else {
            d.swizzle(v)
        }
    }

    /// The lanes of [`tex_sample_lanes`] this path takes, answered; returns the mask
    /// of the lanes left to the general path.
    pub(super) fn lanes(
        &self,
        d: &SamplerDesc,
        t: &SampleArgs,
        lanes: &[f32],
        mask: u32,
        out: &mut [u32],
    ) -> u32 {
        match (self.texel, self.n) {
            (FastTexel::Unorm8(_), 4) => self.lanes_of::<Rgba8>(d, t, lanes, mask, out),
            (FastTexel::Unorm8(_), _) => self.lanes_of::<Unorm8N>(d, t, lanes, mask, out),
            (FastTexel::Float32(_), 4) => self.lanes_of::<Rgba32F>(d, t, lanes, mask, out),
            (FastTexel::Float32(_), _) => self.lanes_of::<Float32N>(d, t, lanes, mask, out),
        }
    }

    fn lanes_of<T: ReadTexel>(
        &self,
        d: &SamplerDesc,
        t: &SampleArgs,
        lanes: &[f32],
        mask: u32,
        out: &mut [u32],
    ) -> u32 {
        let mut left = 0;
        let implicit = if t.mode == MODE_IMPLICIT {
            self.filter(d, t, 0.0)
        } else {
            None
        };
        for k in 0..LANES {
            if mask & (1 << k) == 0 {
                continue;
            }
            let at = |r: usize| lanes[r * LANES + k];
            let filter = match implicit {
                Some(f) => Some(f),
                None => self.filter(d, t, at(lanes::LOD)),
            };
            let coord = [at(lanes::COORD), at(lanes::COORD + 1), at(lanes::COORD + 2)];
            match filter.and_then(|f| self.one::<T>(coord, t.offset, f)) {
                Some(v) => {
                    for (c, x) in self.finish(d, v).into_iter().enumerate() {
                        out[c * LANES + k] = x;
                    }
                }
                None => left |= 1 << k,
            }
        }
        left
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::memory::Storage;

    #[test]
    fn unorm8_is_unorm_to_f32() {
        for c in 0..256 {
            assert_eq!(
                unorm8(c).to_bits(),
                crate::format::texel::unorm_to_f32(c, 8).to_bits()
            );
        }
    }

    /// The direct path gives the general path's bits for every lookup it takes, over
    /// formats, sizes (powers of two and not), wrap modes, filters, offsets, explicit
    /// LODs and coordinates far outside, NaN and infinite.
    #[test]
    fn direct_path_matches_general_path() {
        let mut seed = 0x2545_f491u32;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let formats = [
            (Kind::Unorm, 4, 8),
            (Kind::Unorm, 1, 8),
            (Kind::Unorm, 2, 8),
            (Kind::Float, 4, 32),
            (Kind::Float, 1, 32),
            (Kind::Float, 3, 32),
        ];
        let mut taken = 0;
        for (kind, n, bits) in formats {
            for (w, h, layers) in [(8u32, 4u32, 1u32), (5, 7, 3), (1, 1, 1)] {
                let f = Format::Plain { kind, n, bits };
                let row = w as u64 * f.bytes() as u64;
                let len = (row * h as u64 * layers as u64) as usize;
                let storage = Storage::new_zeroed(len).unwrap();
                let bytes: Vec<u8> = (0..len)
                    .map(|i| {
                        let r = rnd();
                        // Floats: small values with every byte varied; unorm: any byte.
                        if kind == Kind::Float && i % 4 == 3 {
                            (r & 0x3f) as u8
                        } else {
                            r as u8
                        }
                    })
                    .collect();
                storage.write(0, &bytes);
                let level = ImageDesc::new(&storage, 0, [w, h, layers], row, row * h as u64, f, 1);
                for target in [Target::D2, Target::D2Array] {
                    for wrap in [Wrap::Repeat, Wrap::ClampToEdge] {
                        for (min, mag) in [
                            (Filter::Linear, Filter::Linear),
                            (Filter::Nearest, Filter::Nearest),
                            (Filter::Linear, Filter::Nearest),
                        ] {
                            let d = SamplerDesc {
                                target,
                                format: f,
                                levels: vec![level],
                                params: Params {
                                    min,
                                    mip: None,
                                    mag,
                                    wrap: [wrap, Wrap::Repeat, wrap],
                                    border: [0; 4],
                                    min_lod: -1000.0,
                                    max_lod: 1000.0,
                                    lod_bias: 0.0,
                                    max_anisotropy: 1.0,
                                    compare: None,
                                },
                                swizzle: if wrap == Wrap::Repeat {
                                    [0, 1, 2, 3].map(Swizzle::Component)
                                } else {
                                    [
                                        Swizzle::Component(2),
                                        Swizzle::One,
                                        Swizzle::Component(0),
                                        Swizzle::Zero,
                                    ]
                                },
                                stencil: false,
                                complete: true,
                                samples: 0,
                            };
                            let fast = Fast::new(&d).expect("a direct-path sampler");
                            for i in 0..50 {
                                let c = |r: u32| match r % 16 {
                                    0 => f32::NAN,
                                    1 => f32::INFINITY,
                                    2 => -1e9,
                                    3 => (r >> 4) as f32,
                                    _ => (r >> 8) as f32 / 4096.0 * 6.0 - 3.0,
                                };
                                // Eight lanes sharing the mode and offset.
                                let t = SampleArgs {
                                    offset: [(rnd() % 17) as i32 - 8, (rnd() % 17) as i32 - 8, 0],
                                    mode: if i % 3 == 0 { MODE_LOD } else { MODE_IMPLICIT },
                                    ..Default::default()
                                };
                                let mut rows = [0.0f32; lanes::ROWS * LANES];
                                let mut each = Vec::new();
                                for k in 0..LANES {
                                    let mut a = t;
                                    a.coord = [c(rnd()), c(rnd()), (rnd() % 5) as f32 - 1.0, 0.0];
                                    a.lod = (rnd() % 5) as f32 - 2.0;
                                    for (r, v) in a.coord.iter().enumerate() {
                                        rows[(lanes::COORD + r) * LANES + k] = *v;
                                    }
                                    rows[lanes::LOD * LANES + k] = a.lod;
                                    if let Some(v) = fast.sample(&d, &a) {
                                        taken += 1;
                                        assert_eq!(v, d.sample(&a), "{f:?} {w}x{h} {a:?}");
                                    }
                                    each.push(a);
                                }
                                let mask = rnd() & 0xff;
                                let mut out = [7u32; 4 * LANES];
                                let left = fast.lanes(&d, &t, &rows, mask, &mut out);
                                assert_eq!(left & !mask, 0);
                                for (k, a) in each.iter().enumerate() {
                                    let got: [u32; 4] = std::array::from_fn(|c| out[c * LANES + k]);
                                    if mask & !left & (1 << k) != 0 {
                                        assert_eq!(
                                            got,
                                            d.sample(a),
                                            "lane {k}: {f:?} {w}x{h} {a:?}"
                                        );
                                    } else {
                                        assert_eq!(
                                            got, [7; 4],
                                            "lane {k} is not the direct path's"
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(taken > 40_000, "the direct path took only {taken} lookups");
    }
}
