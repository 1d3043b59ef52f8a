//! The general path of filtered lookups and the sampler state it reads: GL 4.6 §8.14's
//! level-of-detail selection, wrap modes, filters, shadow comparison, gathers and
//! queries on any texture kind and format, and the argument layout compiled code
//! fills ([`SampleArgs`], [`lanes`]).

use super::super::image::ImageDesc;
use crate::format::texel::{Class, Format, srgb_to_linear};

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

/// The levels and filter of one lookup: one level, or two levels blended by weight.
#[derive(Debug, Clone, Copy)]
pub(super) enum Choice {
    One(usize, Filter),
    Two(usize, Filter, f32),
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
pub(super) fn lerp(a: [f32; 4], b: [f32; 4], t: f32) -> [f32; 4] {
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
pub(super) struct Place {
    st: [f32; 3],
    layer: i64,
    /// Dimensions filtered (1 to 3); the rest come from `layer`.
    dims: usize,
}

impl SamplerDesc {
    pub(super) fn class(&self) -> Class {
        if self.stencil {
            Class::Uint
        } else {
            self.format.class()
        }
    }

    /// The value an incomplete texture gives: (0, 0, 0, 1) in the sampler's class.
    pub(super) fn incomplete(&self) -> [u32; 4] {
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

    pub(super) fn swizzle(&self, v: [u32; 4]) -> [u32; 4] {
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
    pub(super) fn fetch(&self, xyz: [i32; 3], lod: i32) -> [u32; 4] {
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

    pub(super) fn place(&self, c: [f32; 4]) -> Place {
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
    pub(super) fn texel_coord(&self, level: &ImageDesc, p: &Place, d: usize, offset: i32) -> f32 {
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

    pub(super) fn sample(&self, a: &SampleArgs) -> [u32; 4] {
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
        if a.mode == MODE_GATHER {
            return self.gather(base, &p, a, cmp);
        }
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
    pub(super) fn select(&self, lambda_base: f32) -> Option<Choice> {
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
    fn gather(&self, base: &ImageDesc, p: &Place, a: &SampleArgs, cmp: Option<f32>) -> [u32; 4] {
        let (x0, x1, _) = self.taps(base, p, 0, a.offset[0], Filter::Linear);
        let (y0, y1, _) = self.taps(base, p, 1, a.offset[1], Filter::Linear);
        let comp = a.gather_comp.clamp(0, 3) as usize;
        // A shadow gather gives each texel's comparison result (GLSL 4.60 §8.9.4).
        let t = |x, y| match cmp {
            Some(_) => self.texel_f(base, x, y, p.layer, cmp)[0].to_bits(),
            None => self.swizzle(self.texel(base, x, y, p.layer))[comp],
        };
        [t(x0, y1), t(x1, y1), t(x1, y0), t(x0, y0)]
    }

    /// textureSize of level base + `lod`: (width, height, depth or layers; cube
    /// arrays count cubes); zeros for a level the texture does not have.
    pub(super) fn size(&self, lod: i32) -> [u32; 3] {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::texel::Kind;
    use crate::runtime::memory::Storage;

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
