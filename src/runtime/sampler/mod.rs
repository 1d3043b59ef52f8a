//! Texture units as compiled kernels see them through samplers: a [`SamplerTable`] of
//! one optional [`SamplerDesc`] per texture unit, and the helpers kernels call for
//! texelFetch, the filtered lookups (texture, textureLod, textureGrad, textureOffset,
//! textureGather, shadow comparison), textureSize and textureQueryLevels. Each mipmap
//! level is an [`ImageDesc`] (made only by [`ImageDesc::new`], which checks that every
//! texel it addresses lies inside its storage), and every texel address is checked
//! against the level's size, so no lookup reads outside the texture.
//!
//! Filtering follows GL 4.6 §8.14 for a stage without derivatives: implicit-LOD
//! lookups take the scale factor as zero, so λ is TEXTURE_MIN_LOD after clamping;
//! textureLod and textureGrad give λ explicitly. Cube maps are not seamless (each face
//! wraps by its own wrap modes).

use super::image::ImageDesc;
use crate::format::texel::{Class, Format, Kind, srgb_to_linear};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    D1,
    D2,
    D3,
    Cube,
    D1Array,
    D2Array,
    CubeArray,
    Rect,
    Buffer,
    D2Ms,
    D2MsArray,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Nearest,
    Linear,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrap {
    Repeat,
    MirroredRepeat,
    ClampToEdge,
    ClampToBorder,
    MirrorClampToEdge,
}

/// Depth comparison functions (GL 4.6 table 8.21): true where `ref OP texel`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    Never,
    Less,
    Equal,
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

impl Compare {
    fn test(self, r: f32, d: f32) -> bool {
        match self {
            Compare::Never => false,
            Compare::Less => r < d,
            Compare::Equal => r == d,
            Compare::LessEqual => r <= d,
            Compare::Greater => r > d,
            Compare::NotEqual => r != d,
            Compare::GreaterEqual => r >= d,
            Compare::Always => true,
        }
    }
}

/// A source for one component after swizzling (GL 4.6 §15.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swizzle {
    Component(u8),
    Zero,
    One,
}

/// The sampler state a lookup uses (the bound sampler object's, or the texture's).
#[derive(Debug, Clone, Copy)]
pub struct Params {
    pub min: Filter,
    /// Mipmap selection of the minification filter: None (NEAREST/LINEAR),
    /// Some(Nearest) (*_MIPMAP_NEAREST) or Some(Linear) (*_MIPMAP_LINEAR).
    pub mip: Option<Filter>,
    pub mag: Filter,
    pub wrap: [Wrap; 3],
    /// Border colour, already in the texture's class (float bits or integers).
    pub border: [u32; 4],
    pub min_lod: f32,
    pub max_lod: f32,
    pub lod_bias: f32,
    /// TEXTURE_MAX_ANISOTROPY (1: isotropic filtering).
    pub max_anisotropy: f32,
    /// The depth comparison when TEXTURE_COMPARE_MODE is COMPARE_REF_TO_TEXTURE.
    pub compare: Option<Compare>,
}

/// One texture unit as a sampler of the program's type sees it.
#[derive(Debug, Clone)]
pub struct SamplerDesc {
    pub target: Target,
    pub format: Format,
    /// Levels from the base level up (one entry unless a complete mipmap chain
    /// exists); x, y, z with array layers and cube faces (6 per cube) in z.
    pub levels: Vec<ImageDesc>,
    pub params: Params,
    pub swizzle: [Swizzle; 4],
    /// Sampling reads the stencil index of a depth-stencil format
    /// (DEPTH_STENCIL_TEXTURE_MODE = STENCIL_INDEX).
    pub stencil: bool,
    /// Texture completeness (GL 4.6 §8.17) for this sampler state: lookups into an
    /// incomplete texture return (0, 0, 0, 1), or 0 for a shadow lookup.
    pub complete: bool,
    /// Samples per texel of a multisample texture (0 otherwise): its one level's z
    /// counts layer * samples + sample.
    pub samples: u32,
}

/// The samplers of a dispatch, indexed by texture unit: first (at offset 0, for the
/// code generator) a [`Direct`] per unit below [`DIRECT_UNITS`], then each unit's
/// sampler.
#[repr(C)]
#[derive(Debug)]
pub struct SamplerTable {
    direct: [Direct; DIRECT_UNITS],
    units: Vec<Option<Unit>>,
}

impl Default for SamplerTable {
    fn default() -> SamplerTable {
        SamplerTable {
            direct: [Direct::NONE; DIRECT_UNITS],
            units: Vec::new(),
        }
    }
}

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
    const NONE: Direct = Direct {
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

    fn new(d: &SamplerDesc, fast: Option<Fast>) -> Direct {
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

/// A unit's sampler and, where its state allows, the direct path for its lookups.
#[derive(Debug, Clone)]
struct Unit {
    desc: SamplerDesc,
    fast: Option<Fast>,
}

impl SamplerTable {
    pub fn set(&mut self, unit: u32, desc: SamplerDesc) {
        let u = unit as usize;
        if self.units.len() <= u {
            self.units.resize(u + 1, None);
        }
        let fast = Fast::new(&desc);
        if let Some(d) = self.direct.get_mut(u) {
            *d = Direct::new(&desc, fast);
        }
        self.units[u] = Some(Unit { desc, fast });
    }

    pub fn is_empty(&self) -> bool {
        self.units.iter().all(Option::is_none)
    }

    fn get(&self, unit: u32) -> Option<&SamplerDesc> {
        Some(&self.units.get(unit as usize)?.as_ref()?.desc)
    }

    fn unit(&self, unit: u32) -> Option<&Unit> {
        self.units.get(unit as usize)?.as_ref()
    }
}

/// The levels and filter of one lookup: one level, or two levels blended by weight.
#[derive(Debug, Clone, Copy)]
enum Choice {
    One(usize, Filter),
    Two(usize, Filter, f32),
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
struct Fast {
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
    fn new(d: &SamplerDesc) -> Option<Fast> {
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
    fn sample(&self, d: &SamplerDesc, a: &SampleArgs) -> Option<[u32; 4]> {
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
    fn lanes(
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

/// How a filtered lookup chooses its level of detail.
pub const MODE_IMPLICIT: u32 = 0;
pub const MODE_LOD: u32 = 1;
pub const MODE_GRAD: u32 = 2;
pub const MODE_GATHER: u32 = 3;
/// textureQueryLod: (level accessed, computed LOD) from the derivatives dx, dy.
pub const MODE_QUERY_LOD: u32 = 4;

/// The arguments of a filtered lookup, written by the kernel into a stack slot.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct SampleArgs {
    /// The coordinates as the GLSL function takes them (array layer last, shadow
    /// reference excluded).
    pub coord: [f32; 4],
    pub dx: [f32; 3],
    pub dy: [f32; 3],
    pub lod: f32,
    pub reference: f32,
    pub offset: [i32; 3],
    pub mode: u32,
    /// textureGather's component (0 to 3).
    pub gather_comp: i32,
    /// Non-zero for a lookup through a shadow sampler.
    pub shadow: u32,
}

/// Byte offsets of SampleArgs fields, for the code generator.
pub mod args {
    pub const COORD: i32 = 0;
    pub const DX: i32 = 16;
    pub const DY: i32 = 28;
    pub const LOD: i32 = 40;
    pub const REFERENCE: i32 = 44;
    pub const OFFSET: i32 = 48;
    pub const MODE: i32 = 60;
    pub const GATHER_COMP: i32 = 64;
    pub const SHADOW: i32 = 68;
    pub const SIZE: u32 = 72;
}

fn mirror(a: i64) -> i64 {
    if a >= 0 { a } else { -(1 + a) }
}

/// GL 4.6 table 8.20: the wrapped integer coordinate; -1 or `size` (outside) only
/// for CLAMP_TO_BORDER.
fn wrap(i: i64, size: i64, mode: Wrap) -> i64 {
    match mode {
        Wrap::Repeat => i.rem_euclid(size),
        Wrap::ClampToEdge => i.clamp(0, size - 1),
        Wrap::ClampToBorder => i.clamp(-1, size),
        Wrap::MirroredRepeat => (size - 1) - mirror(i.rem_euclid(2 * size) - size),
        Wrap::MirrorClampToEdge => mirror(i).clamp(0, size - 1),
    }
}

/// floor(u) as an integer (saturating; NaN gives 0).
fn ifloor(u: f32) -> i64 {
    u.floor() as i64
}

#[inline(always)]
fn lerp(a: [f32; 4], b: [f32; 4], t: f32) -> [f32; 4] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
        a[3] + (b[3] - a[3]) * t,
    ]
}

/// Cube map face selection (GL 4.6 table 8.19): the face and (s, t) in [0, 1].
fn cube_face(r: [f32; 3]) -> (u32, f32, f32, f32) {
    let [x, y, z] = r;
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    let (face, sc, tc, ma) = if ax >= ay && ax >= az {
        if x >= 0.0 {
            (0, -z, -y, ax)
        } else {
            (1, z, -y, ax)
        }
    } else if ay >= az {
        if y >= 0.0 {
            (2, x, z, ay)
        } else {
            (3, x, -z, ay)
        }
    } else if z >= 0.0 {
        (4, x, -y, az)
    } else {
        (5, -x, -y, az)
    };
    let inv = if ma > 0.0 { 1.0 / ma } else { 0.0 };
    (face, 0.5 * (sc * inv + 1.0), 0.5 * (tc * inv + 1.0), ma)
}

/// Where a lookup lands before filtering: normalized (or, for rectangles, texel)
/// coordinates s, t, r, and the layer (array layer, cube face) in z.
struct Place {
    st: [f32; 3],
    layer: i64,
    /// Dimensions filtered (1 to 3); the rest come from `layer`.
    dims: usize,
}

impl SamplerDesc {
    fn class(&self) -> Class {
        if self.stencil {
            Class::Uint
        } else {
            self.format.class()
        }
    }

    /// The value an incomplete texture gives: (0, 0, 0, 1) in the sampler's class.
    fn incomplete(&self) -> [u32; 4] {
        match self.class() {
            Class::Float => [0, 0, 0, 1f32.to_bits()],
            _ => [0, 0, 0, 1],
        }
    }

    /// The texel at (x, y, z) of `level`, decoded (sRGB to linear, stencil index
    /// when sampling stencil); the border colour outside the level.
    fn texel(&self, level: &ImageDesc, x: i64, y: i64, z: i64) -> [u32; 4] {
        let inside = |v: i64| i32::try_from(v).ok();
        let at = match (inside(x), inside(y), inside(z)) {
            (Some(x), Some(y), Some(z)) => level.texel(x, y, z),
            _ => None,
        };
        let Some((p, f)) = at else {
            return self.params.border;
        };
        let mut raw = [0u8; 16];
        let n = f.bytes();
        // SAFETY: `p` addresses the n bytes of a texel inside the level
        // (ImageDesc::texel checked the coordinates).
        unsafe { std::ptr::copy_nonoverlapping(p, raw.as_mut_ptr(), n) };
        let mut v = f.decode(&raw[..n]);
        if self.stencil {
            let s = if f == Format::Stencil8 { v[0] } else { v[1] };
            v = [s, 0, 0, 1];
        } else if f.has_depth() {
            v[1] = 0;
        } else if f.is_srgb() {
            for c in &mut v[..3] {
                *c = srgb_to_linear(f32::from_bits(*c)).to_bits();
            }
        }
        v
    }

    fn swizzle(&self, v: [u32; 4]) -> [u32; 4] {
        let one = match self.class() {
            Class::Float => 1f32.to_bits(),
            _ => 1,
        };
        self.swizzle.map(|s| match s {
            Swizzle::Component(c) => v[c as usize & 3],
            Swizzle::Zero => 0,
            Swizzle::One => one,
        })
    }

    /// texelFetch: the texel at integer coordinates of level base + `lod`; zero
    /// outside the texture.
    fn fetch(&self, xyz: [i32; 3], lod: i32) -> [u32; 4] {
        if !self.complete {
            return self.incomplete();
        }
        let ms = matches!(self.target, Target::D2Ms | Target::D2MsArray);
        let Some(level) = usize::try_from(if ms { 0 } else { lod })
            .ok()
            .and_then(|l| self.levels.get(l))
        else {
            return [0; 4];
        };
        let [x, y, z] = xyz;
        let (x, y, z) = match self.target {
            Target::D1 | Target::Buffer => (x, 0, 0),
            Target::D1Array => (x, 0, y),
            Target::D2 | Target::Rect => (x, y, 0),
            // Multisample fetches name a sample where others name a level.
            Target::D2Ms => (x, y, level.sample_z(0, lod)),
            Target::D2MsArray => (x, y, level.sample_z(z, lod)),
            _ => (x, y, z),
        };
        if level.texel(x, y, z).is_none() {
            return [0; 4];
        }
        self.swizzle(self.texel(level, x as i64, y as i64, z as i64))
    }

    fn place(&self, c: [f32; 4]) -> Place {
        let layer = |v: f32, n: u32| -> i64 { ifloor(v + 0.5).clamp(0, n.max(1) as i64 - 1) };
        let layers = self.levels.first().map_or(1, |l| l.size()[2]);
        match self.target {
            Target::D1 | Target::Buffer => Place {
                st: [c[0], 0.0, 0.0],
                layer: 0,
                dims: 1,
            },
            Target::D1Array => Place {
                st: [c[0], 0.0, 0.0],
                layer: layer(c[1], layers),
                dims: 1,
            },
            // GLSL has no filtered lookup of a multisample sampler.
            Target::D2 | Target::Rect | Target::D2Ms | Target::D2MsArray => Place {
                st: [c[0], c[1], 0.0],
                layer: 0,
                dims: 2,
            },
            Target::D2Array => Place {
                st: [c[0], c[1], 0.0],
                layer: layer(c[2], layers),
                dims: 2,
            },
            Target::D3 => Place {
                st: [c[0], c[1], c[2]],
                layer: 0,
                dims: 3,
            },
            Target::Cube | Target::CubeArray => {
                let (face, s, t, _) = cube_face([c[0], c[1], c[2]]);
                let base = if self.target == Target::CubeArray {
                    layer(c[3], layers / 6) * 6
                } else {
                    0
                };
                Place {
                    st: [s, t, 0.0],
                    layer: base + face as i64,
                    dims: 2,
                }
            }
        }
    }

    /// Texel-space coordinate u of dimension `d` on `level`.
    fn texel_coord(&self, level: &ImageDesc, p: &Place, d: usize, offset: i32) -> f32 {
        let size = level.size()[d] as f32;
        let scaled = if self.target == Target::Rect {
            p.st[d]
        } else {
            p.st[d] * size
        };
        scaled + offset as f32
    }

    /// The integer coordinates of dimension `d` to read (i0, i1) and the weight of
    /// i1 for `filter`.
    fn taps(
        &self,
        level: &ImageDesc,
        p: &Place,
        d: usize,
        offset: i32,
        filter: Filter,
    ) -> (i64, i64, f32) {
        let size = level.size()[d].max(1) as i64;
        let u = self.texel_coord(level, p, d, offset);
        let mode = self.params.wrap[d];
        match filter {
            Filter::Nearest => {
                let i = wrap(ifloor(u), size, mode);
                (i, i, 0.0)
            }
            Filter::Linear => {
                let v = u - 0.5;
                let i0 = ifloor(v);
                let frac = v - v.floor();
                let frac = if frac.is_finite() { frac } else { 0.0 };
                (
                    wrap(i0, size, mode),
                    wrap(i0.saturating_add(1), size, mode),
                    frac,
                )
            }
        }
    }

    /// A texel as floats for filtering (shadow lookups: the comparison result).
    fn texel_f(&self, level: &ImageDesc, x: i64, y: i64, z: i64, cmp: Option<f32>) -> [f32; 4] {
        let v = self.texel(level, x, y, z);
        match cmp {
            Some(r) => {
                let f = self.params.compare.unwrap_or(Compare::LessEqual);
                let pass = f.test(r, f32::from_bits(v[0]));
                [if pass { 1.0 } else { 0.0 }, 0.0, 0.0, 1.0]
            }
            None => v.map(f32::from_bits),
        }
    }

    /// Filters one level; integer classes (NEAREST only) return the texel's bits.
    fn filter_level(
        &self,
        level: &ImageDesc,
        p: &Place,
        offset: [i32; 3],
        filter: Filter,
        cmp: Option<f32>,
    ) -> [u32; 4] {
        let axis = |d: usize| -> (i64, i64, f32) {
            if d < p.dims {
                self.taps(level, p, d, offset[d], filter)
            } else {
                (0, 0, 0.0)
            }
        };
        let (x0, x1, a) = axis(0);
        let (y0, y1, b) = axis(1);
        let (z0, z1, c) = if p.dims == 3 {
            axis(2)
        } else {
            (p.layer, p.layer, 0.0)
        };
        if filter == Filter::Nearest || self.class() != Class::Float {
            if cmp.is_some() {
                return self.texel_f(level, x0, y0, z0, cmp).map(f32::to_bits);
            }
            return self.texel(level, x0, y0, z0);
        }
        let t = |x, y, z| self.texel_f(level, x, y, z, cmp);
        let row = |y, z| lerp(t(x0, y, z), t(x1, y, z), a);
        let plane = |z| {
            if p.dims >= 2 {
                lerp(row(y0, z), row(y1, z), b)
            } else {
                row(y0, z)
            }
        };
        let v = if p.dims == 3 {
            lerp(plane(z0), plane(z1), c)
        } else {
            plane(z0)
        };
        v.map(f32::to_bits)
    }

    /// The scale factor ρ of GL 4.6 equation 8.7 for explicit derivatives.
    fn rho(&self, a: &SampleArgs, p: &Place) -> f32 {
        let Some(base) = self.levels.first() else {
            return 0.0;
        };
        let size = base.size();
        let len = |d: &[f32; 3]| -> f32 {
            let mut s = 0.0;
            if matches!(self.target, Target::Cube | Target::CubeArray) {
                // Derivatives of the direction, projected on the face: |d| / |ma|.
                let (_, _, _, ma) = cube_face([a.coord[0], a.coord[1], a.coord[2]]);
                let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                let scale = if ma > 0.0 { 0.5 / ma } else { 0.0 };
                return n * scale * size[0] as f32;
            }
            for (i, &dv) in d.iter().enumerate().take(p.dims) {
                let scale = if self.target == Target::Rect {
                    1.0
                } else {
                    size[i] as f32
                };
                s += (dv * scale) * (dv * scale);
            }
            s.sqrt()
        };
        len(&a.dx).max(len(&a.dy))
    }

    /// textureQueryLod (GLSL 4.60 §8.9.1, ARB_texture_query_lod's
    /// ComputeAccessedLod): y is the computed level of detail λ_base + bias relative to
    /// the base level (λ_base from the derivatives as for textureGrad; -∞ where they
    /// are zero); x is the level a lookup would access: λ clamped to [MIN_LOD, MAX_LOD]
    /// and to the levels there are, then 0 for a filter without mipmaps, the nearest
    /// level for *_MIPMAP_NEAREST, λ itself for *_MIPMAP_LINEAR. (0, 0) for an
    /// incomplete texture.
    fn query_lod(&self, a: &SampleArgs) -> [u32; 4] {
        if !self.complete || self.levels.is_empty() {
            return [0; 4];
        }
        let p = self.place(a.coord);
        let pr = &self.params;
        let computed = self.rho(a, &p).log2() + pr.lod_bias;
        let mut l = computed;
        if l < pr.min_lod || l.is_nan() {
            l = pr.min_lod;
        }
        if l > pr.max_lod {
            l = pr.max_lod;
        }
        let q = (self.levels.len() - 1) as f32;
        l = l.clamp(0.0, q);
        let x = match pr.mip {
            None => 0.0,
            Some(Filter::Nearest) => (l + 0.5).ceil() - 1.0,
            Some(Filter::Linear) => l,
        };
        [x.to_bits(), computed.to_bits(), 0, 0]
    }

    fn sample(&self, a: &SampleArgs) -> [u32; 4] {
        if a.mode == MODE_QUERY_LOD {
            return self.query_lod(a);
        }
        let shadow = a.shadow != 0;
        if !self.complete {
            return if shadow { [0; 4] } else { self.incomplete() };
        }
        let Some(base) = self.levels.first() else {
            return self.incomplete();
        };
        let p = self.place(a.coord);
        if a.mode == MODE_GATHER {
            return self.gather(base, &p, a);
        }
        // Fixed-point depth formats compare against the reference clamped to [0, 1].
        let cmp = if shadow {
            let r = if self.format == Format::Depth32F || self.format == Format::Depth32FStencil8 {
                a.reference
            } else {
                a.reference.clamp(0.0, 1.0)
            };
            Some(if r.is_nan() { 0.0 } else { r })
        } else {
            None
        };
        let v = match a.mode {
            MODE_LOD => self.sample_level(a.lod, &p, a.offset, cmp),
            MODE_GRAD => match self.anisotropic_footprint(a, &p) {
                Some((n, axis, lambda_base)) => {
                    // ARB_texture_filter_anisotropic: the mean of n lookups spread
                    // along the major axis of the footprint, each at level λ' =
                    // log2(Pmax / n).
                    let mut sum = [0.0f32; 4];
                    for i in 1..=n {
                        let t = i as f32 / (n + 1) as f32 - 0.5;
                        let mut c = a.coord;
                        for (d, &ax) in axis.iter().enumerate() {
                            c[d] += ax * t;
                        }
                        let v = self.sample_level(lambda_base, &self.place(c), a.offset, cmp);
                        for (s, x) in sum.iter_mut().zip(v) {
                            *s += f32::from_bits(x);
                        }
                    }
                    sum.map(|s| (s / n as f32).to_bits())
                }
                None => self.sample_level(self.rho(a, &p).log2(), &p, a.offset, cmp),
            },
            // No derivatives in compute: ρ = 0, λ_base = -∞.
            _ => self.sample_level(f32::NEG_INFINITY, &p, a.offset, cmp),
        };
        if shadow {
            [v[0], 0, 0, 0]
        } else {
            self.swizzle(v)
        }
    }

    /// A lookup at level-of-detail λ_base (GL 4.6 §8.14): bias and clamp, then the
    /// magnification filter, or the minification filter on the levels λ selects.
    fn sample_level(
        &self,
        lambda_base: f32,
        p: &Place,
        off: [i32; 3],
        cmp: Option<f32>,
    ) -> [u32; 4] {
        let Some(choice) = self.select(lambda_base) else {
            return self.incomplete();
        };
        match choice {
            Choice::One(d, filter) => self.filter_level(&self.levels[d], p, off, filter, cmp),
            Choice::Two(d1, filter, f) => {
                let t1 = self.filter_level(&self.levels[d1], p, off, filter, cmp);
                let t2 = self.filter_level(&self.levels[d1 + 1], p, off, filter, cmp);
                // Integer textures are incomplete with mipmap-linear filters, so both
                // levels hold floats here.
                lerp(t1.map(f32::from_bits), t2.map(f32::from_bits), f).map(f32::to_bits)
            }
        }
    }

    /// The levels and filter a lookup at level-of-detail λ_base reads (GL 4.6 §8.14):
    /// bias and clamp, then the magnification filter, or the minification filter on
    /// the levels λ selects. None for a texture without levels.
    fn select(&self, lambda_base: f32) -> Option<Choice> {
        if self.levels.is_empty() {
            return None;
        }
        let pr = &self.params;
        let mut lambda = lambda_base + pr.lod_bias;
        if lambda > pr.max_lod {
            lambda = pr.max_lod;
        }
        if lambda < pr.min_lod || lambda.is_nan() {
            lambda = pr.min_lod;
        }
        // GL 4.6 §8.14: c = 0.5 for a LINEAR magnification filter with a
        // NEAREST_MIPMAP_* minification filter.
        let c = if pr.mag == Filter::Linear && pr.min == Filter::Nearest && pr.mip.is_some() {
            0.5
        } else {
            0.0
        };
        let q = self.levels.len() - 1;
        Some(if lambda <= c {
            Choice::One(0, pr.mag)
        } else {
            match pr.mip {
                None => Choice::One(0, pr.min),
                Some(Filter::Nearest) => {
                    let d = if lambda <= 0.5 {
                        0
                    } else {
                        ((lambda + 0.5).ceil() - 1.0).max(0.0) as usize
                    };
                    Choice::One(d.min(q), pr.min)
                }
                Some(Filter::Linear) => {
                    let d1 = (lambda.floor().max(0.0) as usize).min(q);
                    if d1 >= q {
                        Choice::One(q, pr.min)
                    } else {
                        Choice::Two(d1, pr.min, lambda - lambda.floor())
                    }
                }
            }
        })
    }

    /// ARB_texture_filter_anisotropic for explicit derivatives of a 2D lookup (2D,
    /// rectangle and 2D array textures of a float class) when TEXTURE_MAX_ANISOTROPY
    /// is above 1 and the footprint is longer than wide: the number of lookups
    /// N = min(ceil(Pmax / Pmin), floor(max anisotropy)), the major axis's derivative
    /// in texture coordinates, and λ' = log2(Pmax / N). None: isotropic filtering.
    fn anisotropic_footprint(&self, a: &SampleArgs, p: &Place) -> Option<(usize, [f32; 2], f32)> {
        let max = self.params.max_anisotropy;
        if max.is_nan()
            || max < 2.0
            || p.dims != 2
            || self.class() != Class::Float
            || !matches!(self.target, Target::D2 | Target::D2Array | Target::Rect)
        {
            return None;
        }
        let size = self.levels.first()?.size();
        let scale = |d: usize| {
            if self.target == Target::Rect {
                1.0
            } else {
                size[d] as f32
            }
        };
        let len = |d: &[f32; 3]| ((d[0] * scale(0)).powi(2) + (d[1] * scale(1)).powi(2)).sqrt();
        let (px, py) = (len(&a.dx), len(&a.dy));
        let (pmax, pmin, axis) = if px >= py {
            (px, py, [a.dx[0], a.dx[1]])
        } else {
            (py, px, [a.dy[0], a.dy[1]])
        };
        if pmin.is_nan() || pmin <= 0.0 || !pmax.is_finite() {
            return None;
        }
        let n = (pmax / pmin).ceil().min(max.floor());
        if n.is_nan() || n < 2.0 {
            return None;
        }
        // At most 16 lookups (MAX_TEXTURE_MAX_ANISOTROPY).
        let n = (n as usize).min(crate::limits::MAX_TEXTURE_MAX_ANISOTROPY as usize);
        Some((n, axis, (pmax / n as f32).log2()))
    }

    /// textureGather (GL 4.6 §8.14.2.1): the 2x2 footprint of a LINEAR lookup on the
    /// base level, one component of each, in the order (i0,j1), (i1,j1), (i1,j0),
    /// (i0,j0).
    fn gather(&self, base: &ImageDesc, p: &Place, a: &SampleArgs) -> [u32; 4] {
        let (x0, x1, _) = self.taps(base, p, 0, a.offset[0], Filter::Linear);
        let (y0, y1, _) = self.taps(base, p, 1, a.offset[1], Filter::Linear);
        let comp = a.gather_comp.clamp(0, 3) as usize;
        let t = |x, y| self.swizzle(self.texel(base, x, y, p.layer))[comp];
        [t(x0, y1), t(x1, y1), t(x1, y0), t(x0, y0)]
    }

    /// textureSize of level base + `lod`: (width, height, depth or layers; cube
    /// arrays count cubes); zeros for a level the texture does not have.
    fn size(&self, lod: i32) -> [u32; 3] {
        let Some(l) = usize::try_from(lod).ok().and_then(|l| self.levels.get(l)) else {
            return [0; 3];
        };
        let [w, h, d] = l.size();
        match self.target {
            Target::D1 | Target::Buffer => [w, 0, 0],
            Target::D1Array => [w, d, 0],
            Target::D2 | Target::Rect | Target::Cube | Target::D2Ms => [w, h, 0],
            Target::CubeArray => [w, h, d / 6],
            Target::D2MsArray => [w, h, d / self.samples.max(1)],
            Target::D3 | Target::D2Array => [w, h, d],
        }
    }
}

/// The unit's descriptor.
///
/// # Safety
/// `table` points to the dispatch's live SamplerTable.
unsafe fn unit_desc<'a>(table: *const SamplerTable, unit: u32) -> Option<&'a SamplerDesc> {
    // SAFETY: the caller passes the runtime's table, alive for the dispatch.
    unsafe { &*table }.get(unit)
}

fn write4(out: *mut u32, v: [u32; 4]) {
    // SAFETY: every helper's `out` points to four writable u32 (a kernel stack slot).
    unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), out, 4) };
}

/// The value of a unit with no texture of the sampler's target: the default texture's
/// (incomplete) value.
const UNBOUND: [u32; 4] = [0, 0, 0, 0x3f80_0000];

/// texelFetch of (x, y, z) (array layer last) at level base + `lod`.
///
/// # Safety
/// `table` points to the dispatch's SamplerTable; `out` to four writable u32.
pub unsafe extern "C" fn tex_fetch(
    table: *const SamplerTable,
    unit: u32,
    x: i32,
    y: i32,
    z: i32,
    lod: i32,
    out: *mut u32,
) {
    // SAFETY: as this function's contract.
    let v = match unsafe { unit_desc(table, unit) } {
        Some(d) => d.fetch([x, y, z], lod),
        None => UNBOUND,
    };
    write4(out, v);
}

/// A filtered lookup or gather with the arguments at `args`.
///
/// # Safety
/// `table` points to the dispatch's SamplerTable; `args` to a SampleArgs; `out` to four
/// writable u32.
pub unsafe extern "C" fn tex_sample(
    table: *const SamplerTable,
    unit: u32,
    args: *const SampleArgs,
    out: *mut u32,
) {
    // SAFETY: args points to a SampleArgs the kernel filled.
    let a = unsafe { *args };
    // SAFETY: the caller passes the runtime's table, alive for the dispatch.
    let v = match unsafe { &*table }.unit(unit) {
        Some(u) => match u.fast.and_then(|f| f.sample(&u.desc, &a)) {
            Some(v) => v,
            None => u.desc.sample(&a),
        },
        None if a.shadow != 0 || a.mode == MODE_QUERY_LOD => [0; 4],
        None => UNBOUND,
    };
    write4(out, v);
}

/// Lanes of one batched lookup ([`tex_sample_lanes`]).
pub const LANES: usize = 8;

/// Rows of the per-lane operands of [`tex_sample_lanes`], each [`LANES`] f32.
pub mod lanes {
    /// Four rows of coordinates (component c of lane k at `COORD + c * LANES + k`).
    pub const COORD: usize = 0;
    pub const LOD: usize = 4;
    pub const REFERENCE: usize = 5;
    pub const ROWS: usize = 6;
}

/// The lookup `template` for each lane k whose bit is set in `mask`, with the lane's
/// coordinates, LOD and shadow reference from `lanes` (rows of [`LANES`] values, see
/// [`lanes`]); component c of lane k's result goes to `out[c * LANES + k]`. Lanes
/// outside the mask are left as they are.
///
/// # Safety
/// `table` points to the dispatch's SamplerTable; `template` to a SampleArgs; `lanes`
/// to `lanes::ROWS * LANES` f32; `out` to `4 * LANES` writable u32.
pub unsafe extern "C" fn tex_sample_lanes(
    table: *const SamplerTable,
    unit: u32,
    template: *const SampleArgs,
    lanes: *const f32,
    mask: u32,
    out: *mut u32,
) {
    // SAFETY: as this function's contract.
    let (t, lanes, out) = unsafe {
        (
            *template,
            std::slice::from_raw_parts(lanes, lanes::ROWS * LANES),
            std::slice::from_raw_parts_mut(out, 4 * LANES),
        )
    };
    // SAFETY: the caller passes the runtime's table, alive for the dispatch.
    let unit = unsafe { &*table }.unit(unit);
    let mask = match unit.and_then(|u| Some((u.fast?, &u.desc))) {
        Some((f, d)) => f.lanes(d, &t, lanes, mask, out),
        None => mask,
    };
    for k in 0..LANES {
        if mask & (1 << k) == 0 {
            continue;
        }
        let mut a = t;
        a.coord = std::array::from_fn(|c| lanes[(lanes::COORD + c) * LANES + k]);
        a.lod = lanes[lanes::LOD * LANES + k];
        a.reference = lanes[lanes::REFERENCE * LANES + k];
        let v = match unit {
            Some(u) => u.desc.sample(&a),
            None if a.shadow != 0 => [0; 4],
            None => UNBOUND,
        };
        for (c, x) in v.into_iter().enumerate() {
            out[c * LANES + k] = x;
        }
    }
}

/// textureSize at level base + `lod`, and textureSamples (0 for a texture that is not
/// multisample), into `out` (four u32).
///
/// # Safety
/// `table` points to the dispatch's SamplerTable; `out` to four writable u32.
pub unsafe extern "C" fn tex_size(table: *const SamplerTable, unit: u32, lod: i32, out: *mut u32) {
    // SAFETY: as this function's contract.
    let s = match unsafe { unit_desc(table, unit) } {
        Some(d) => {
            let [w, h, z] = d.size(lod);
            [w, h, z, d.samples]
        }
        None => [0; 4],
    };
    write4(out, s);
}

/// textureQueryLevels: the levels a lookup can reach; 0 for an incomplete texture.
///
/// # Safety
/// `table` points to the dispatch's SamplerTable.
pub unsafe extern "C" fn tex_levels(table: *const SamplerTable, unit: u32) -> i32 {
    // SAFETY: as this function's contract.
    match unsafe { unit_desc(table, unit) } {
        Some(d) if d.complete => d.levels.len() as i32,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::texel::Kind;
    use crate::runtime::memory::Storage;

    #[test]
    fn direct_layout() {
        use std::mem::{offset_of, size_of};
        assert_eq!(offset_of!(SamplerTable, direct), 0);
        assert_eq!(offset_of!(Direct, kind) as i32, direct::KIND);
        assert_eq!(offset_of!(Direct, row) as i32, direct::ROW);
        assert_eq!(offset_of!(Direct, ptr) as i32, direct::PTR);
        assert_eq!(offset_of!(Direct, size) as i32, direct::SIZE);
        assert_eq!(offset_of!(Direct, xmask) as i32, direct::XMASK);
        assert_eq!(offset_of!(Direct, xlo) as i32, direct::XLO);
        assert_eq!(offset_of!(Direct, xhi) as i32, direct::XHI);
        assert_eq!(offset_of!(Direct, ymask) as i32, direct::YMASK);
        assert_eq!(offset_of!(Direct, ylo) as i32, direct::YLO);
        assert_eq!(offset_of!(Direct, yhi) as i32, direct::YHI);
        assert_eq!(size_of::<Direct>() as i64, direct::BYTES);
    }

    #[test]
    fn args_layout() {
        use std::mem::{offset_of, size_of};
        assert_eq!(offset_of!(SampleArgs, dx) as i32, args::DX);
        assert_eq!(offset_of!(SampleArgs, dy) as i32, args::DY);
        assert_eq!(offset_of!(SampleArgs, lod) as i32, args::LOD);
        assert_eq!(offset_of!(SampleArgs, reference) as i32, args::REFERENCE);
        assert_eq!(offset_of!(SampleArgs, offset) as i32, args::OFFSET);
        assert_eq!(offset_of!(SampleArgs, mode) as i32, args::MODE);
        assert_eq!(
            offset_of!(SampleArgs, gather_comp) as i32,
            args::GATHER_COMP
        );
        assert_eq!(offset_of!(SampleArgs, shadow) as i32, args::SHADOW);
        assert_eq!(size_of::<SampleArgs>() as u32, args::SIZE);
    }

    #[test]
    fn wrap_modes() {
        let m: Vec<i64> = (-5..9).map(|i| wrap(i, 4, Wrap::MirroredRepeat)).collect();
        assert_eq!(m, [3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0]);
        assert_eq!(wrap(-3, 4, Wrap::Repeat), 1);
        assert_eq!(wrap(-3, 4, Wrap::ClampToBorder), -1);
        assert_eq!(wrap(9, 4, Wrap::ClampToBorder), 4);
        assert_eq!(wrap(-2, 4, Wrap::MirrorClampToEdge), 1);
        assert_eq!(wrap(i64::MAX, 4, Wrap::ClampToEdge), 3);
    }

    fn r32f_2x1(vals: [f32; 2]) -> (Storage, ImageDesc) {
        let s = Storage::new_zeroed(8).unwrap();
        s.write(0, &vals[0].to_ne_bytes());
        s.write(4, &vals[1].to_ne_bytes());
        let f = Format::Plain {
            kind: Kind::Float,
            n: 1,
            bits: 32,
        };
        let d = ImageDesc::new(&s, 0, [2, 1, 1], 8, 8, f, 1);
        (s, d)
    }

    #[test]
    fn linear_filter_and_border() {
        let (_s, level) = r32f_2x1([0.0, 1.0]);
        let mut d = SamplerDesc {
            target: Target::D1,
            format: level_format(),
            levels: vec![level],
            params: Params {
                min: Filter::Linear,
                mip: None,
                mag: Filter::Linear,
                wrap: [Wrap::ClampToEdge; 3],
                border: [0.5f32.to_bits(), 0, 0, 0],
                min_lod: -1000.0,
                max_lod: 1000.0,
                lod_bias: 0.0,
                max_anisotropy: 1.0,
                compare: None,
            },
            swizzle: [0, 1, 2, 3].map(Swizzle::Component),
            stencil: false,
            complete: true,
            samples: 0,
        };
        let at = |d: &SamplerDesc, s: f32| {
            let a = SampleArgs {
                coord: [s, 0.0, 0.0, 0.0],
                ..Default::default()
            };
            f32::from_bits(d.sample(&a)[0])
        };
        // Texel centres at 0.25 and 0.75; halfway between them 0.5.
        assert_eq!(at(&d, 0.25), 0.0);
        assert_eq!(at(&d, 0.5), 0.5);
        assert_eq!(at(&d, 0.75), 1.0);
        assert_eq!(at(&d, 2.0), 1.0);
        d.params.wrap[0] = Wrap::ClampToBorder;
        // Far outside: all border.
        assert_eq!(at(&d, -3.0), 0.5);
        // Half a texel past the left edge: half border, half texel 0.
        assert_eq!(at(&d, 0.0), 0.25);
        d.complete = false;
        assert_eq!(d.sample(&SampleArgs::default())[3], 1f32.to_bits());
        assert_eq!(d.fetch([5, 0, 0], 0), [0, 0, 0, 1f32.to_bits()]);
        d.complete = true;
        assert_eq!(d.fetch([5, 0, 0], 0), [0; 4]);
        assert_eq!(d.fetch([1, 0, 0], 1), [0; 4]);
        assert_eq!(f32::from_bits(d.fetch([1, 0, 0], 0)[0]), 1.0);
    }

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

    fn level_format() -> Format {
        Format::Plain {
            kind: Kind::Float,
            n: 1,
            bits: 32,
        }
    }

    #[test]
    fn cube_faces() {
        assert_eq!(cube_face([1.0, 0.0, 0.0]).0, 0);
        assert_eq!(cube_face([-1.0, 0.5, 0.0]).0, 1);
        assert_eq!(cube_face([0.0, 1.0, 0.5]).0, 2);
        assert_eq!(cube_face([0.0, -1.0, 0.0]).0, 3);
        assert_eq!(cube_face([0.0, 0.0, 1.0]).0, 4);
        assert_eq!(cube_face([0.2, 0.0, -1.0]).0, 5);
        let (_, s, t, _) = cube_face([1.0, -1.0, -1.0]);
        assert_eq!((s, t), (1.0, 1.0));
    }
}
