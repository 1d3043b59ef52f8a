//! Image units as compiled kernels see them: one [`ImageDesc`] per unit in a table of
//! [`crate::limits::MAX_IMAGE_UNITS`] entries, and the helpers kernels call for
//! imageLoad, imageStore, imageSize and the image atomics. A descriptor is only made
//! by [`ImageDesc::new`], which checks that every texel it addresses lies inside the
//! storage it was made from; the helpers check coordinates against the descriptor's
//! size, so a shader access outside the image reads zero and writes nothing.

use std::sync::atomic::{AtomicU32, Ordering};

use super::memory::Storage;
use crate::format::texel::{Class, Format};
use crate::limits::MAX_IMAGE_UNITS;

pub const ACCESS_READ: u32 = 1;
pub const ACCESS_WRITE: u32 = 2;

/// Byte offsets of [`ImageDesc`]'s fields and its size, for the code generator's
/// inline image accesses (backend::images).
pub mod desc {
    pub const PTR: i32 = 0;
    pub const ROW_STRIDE: i32 = 8;
    pub const SLICE_STRIDE: i32 = 16;
    pub const SIZE: i32 = 24;
    pub const FORMAT: i32 = 36;
    pub const ACCESS: i32 = 40;
    pub const BYTES: i64 = 48;
}

/// One bound image: `size` texels along x, y and z (layers), `format` a
/// [`Format::code`] (0: nothing usable is bound).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ImageDesc {
    ptr: *mut u8,
    row_stride: u64,
    slice_stride: u64,
    size: [u32; 3],
    format: u32,
    access: u32,
    /// Samples per texel of a multisample image (0: not multisample); z then counts
    /// layer * samples + sample.
    samples: u32,
}

// SAFETY: a descriptor is a view into storage that the dispatch keeps alive; it is
// only read by kernels and helpers while that storage lives.
unsafe impl Send for ImageDesc {}
// SAFETY: as above; the descriptor itself is never mutated while shared.
unsafe impl Sync for ImageDesc {}

impl ImageDesc {
    pub const NONE: ImageDesc = ImageDesc {
        ptr: std::ptr::null_mut(),
        row_stride: 0,
        slice_stride: 0,
        size: [0; 3],
        format: 0,
        access: 0,
        samples: 0,
    };

    /// A descriptor for `size` texels of `format` in `storage` from byte `offset`,
    /// rows `row_stride` and slices `slice_stride` bytes apart; NONE if any texel
    /// would lie outside the storage.
    pub fn new(
        storage: &Storage,
        offset: u64,
        size: [u32; 3],
        row_stride: u64,
        slice_stride: u64,
        format: Format,
        access: u32,
    ) -> ImageDesc {
        if size.contains(&0) {
            return ImageDesc::NONE;
        }
        let texel = format.bytes() as u64;
        let end = (|| {
            let last = ((size[2] - 1) as u64)
                .checked_mul(slice_stride)?
                .checked_add(((size[1] - 1) as u64).checked_mul(row_stride)?)?
                .checked_add((size[0] as u64).checked_mul(texel)?)?;
            offset.checked_add(last)
        })();
        match end {
            Some(end) if end <= storage.len() as u64 => ImageDesc {
                // SAFETY: offset < end <= len, so the pointer stays inside the allocation.
                ptr: unsafe { storage.as_ptr().add(offset as usize) },
                row_stride,
                slice_stride,
                size,
                format: format.code(),
                access,
                samples: 0,
            },
            _ => ImageDesc::NONE,
        }
    }

    /// The first texel's address and the row and slice strides in bytes.
    pub(super) fn raw(&self) -> (*mut u8, u64, u64) {
        (self.ptr, self.row_stride, self.slice_stride)
    }

    /// Texels along x, y and z.
    pub fn size(&self) -> [u32; 3] {
        self.size
    }

    /// The descriptor of a multisample image of `samples` samples whose z counts
    /// layer * samples + sample (`size[2]` a multiple of `samples`).
    pub fn with_samples(mut self, samples: u32) -> ImageDesc {
        self.samples = samples;
        self
    }

    /// Samples per texel (0: not a multisample image).
    pub fn samples(&self) -> u32 {
        self.samples
    }

    /// The z of sample `sample` of layer `layer` of a multisample image: -1 (outside
    /// every image) for a sample out of range or a negative layer (a layer past the
    /// last gives a z past `size[2]`, outside too); `layer` itself for an image that
    /// is not multisample.
    pub fn sample_z(&self, layer: i32, sample: i32) -> i32 {
        if self.samples == 0 {
            return layer;
        }
        let n = self.samples as i64;
        if sample < 0 || sample as i64 >= n || layer < 0 {
            return -1;
        }
        i32::try_from(layer as i64 * n + sample as i64).unwrap_or(-1)
    }

    /// The texel at (x, y, z) and the format, if the coordinates are inside.
    pub(super) fn texel(&self, x: i32, y: i32, z: i32) -> Option<(*mut u8, Format)> {
        let f = Format::from_code(self.format)?;
        if x < 0
            || y < 0
            || z < 0
            || x as u32 >= self.size[0]
            || y as u32 >= self.size[1]
            || z as u32 >= self.size[2]
        {
            return None;
        }
        let off =
            z as u64 * self.slice_stride + y as u64 * self.row_stride + x as u64 * f.bytes() as u64;
        // SAFETY: (x, y, z) is inside `size`, and `new` checked that every texel inside
        // `size` lies in the storage.
        Some((unsafe { self.ptr.add(off as usize) }, f))
    }
}

/// The descriptor of `unit` in a table the runtime made with MAX_IMAGE_UNITS entries.
///
/// # Safety
/// `table` points to MAX_IMAGE_UNITS descriptors.
unsafe fn unit_desc<'a>(table: *const ImageDesc, unit: u32) -> Option<&'a ImageDesc> {
    if unit >= MAX_IMAGE_UNITS as u32 {
        return None;
    }
    // SAFETY: unit < MAX_IMAGE_UNITS and the table has that many entries.
    Some(unsafe { &*table.add(unit as usize) })
}

/// GLCOMPUTE_DEBUG=bounds: records (x, y, z) at `site` in `report` when the unit holds
/// an image and the coordinates are outside it (an unbound or unusable unit is not an
/// out-of-range access).
///
/// # Safety
/// `table` as for every helper here; `report` is the GroupCtx::bounds the runtime gave
/// the kernel.
pub unsafe extern "C" fn image_check(
    report: *const crate::runtime::bounds::BoundsReport,
    site: u32,
    table: *const ImageDesc,
    unit: u32,
    x: i32,
    y: i32,
    z: i32,
) {
    // SAFETY: the kernel passes the runtime's table.
    let Some(d) = (unsafe { unit_desc(table, unit) }) else {
        return;
    };
    if Format::from_code(d.format).is_none() || d.texel(x, y, z).is_some() {
        return;
    }
    let [w, h, depth] = d.size;
    // SAFETY: the caller passes the dispatch's live report.
    let r = unsafe { &*report };
    r.record(
        site,
        [
            x as i64,
            y as i64,
            z as i64,
            w as i64,
            h as i64,
            depth as i64,
        ],
    );
}

/// imageLoad: four components of the unit's format class into `out`; zero outside
/// the image or when the unit cannot be read.
///
/// # Safety
/// `table` as for every helper here; `out` points to four writable u32.
pub unsafe extern "C" fn image_load(
    table: *const ImageDesc,
    unit: u32,
    x: i32,
    y: i32,
    z: i32,
    out: *mut u32,
) {
    let mut v = [0u32; 4];
    // SAFETY: the kernel passes the runtime's table.
    if let Some(d) = unsafe { unit_desc(table, unit) }
        && d.access & ACCESS_READ != 0
        && let Some((p, f)) = d.texel(x, y, z)
    {
        let mut raw = [0u8; 16];
        let n = f.bytes();
        // SAFETY: p addresses n bytes of the image (texel checked them).
        unsafe { std::ptr::copy_nonoverlapping(p, raw.as_mut_ptr(), n) };
        v = f.decode(&raw[..n]);
    }
    // SAFETY: out points to four u32 (the kernel's stack slot).
    unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), out, 4) };
}

/// imageStore: converts the four components at `v` to the unit's format; dropped
/// outside the image or when the unit cannot be written.
///
/// # Safety
/// `table` as for every helper here; `v` points to four readable u32.
pub unsafe extern "C" fn image_store(
    table: *const ImageDesc,
    unit: u32,
    x: i32,
    y: i32,
    z: i32,
    v: *const u32,
) {
    // SAFETY: the kernel passes the runtime's table.
    let Some(d) = (unsafe { unit_desc(table, unit) }) else {
        return;
    };
    if d.access & ACCESS_WRITE == 0 {
        return;
    }
    let Some((p, f)) = d.texel(x, y, z) else {
        return;
    };
    let mut vals = [0u32; 4];
    // SAFETY: v points to four u32 (the kernel's stack slot).
    unsafe { std::ptr::copy_nonoverlapping(v, vals.as_mut_ptr(), 4) };
    let mut raw = [0u8; 16];
    let n = f.bytes();
    f.encode(vals, &mut raw[..n]);
    // SAFETY: p addresses n bytes of the image.
    unsafe { std::ptr::copy_nonoverlapping(raw.as_ptr(), p, n) };
}

pub const ATOMIC_ADD: u32 = 0;
pub const ATOMIC_MIN: u32 = 1;
pub const ATOMIC_MAX: u32 = 2;
pub const ATOMIC_AND: u32 = 3;
pub const ATOMIC_OR: u32 = 4;
pub const ATOMIC_XOR: u32 = 5;
pub const ATOMIC_EXCHANGE: u32 = 6;
pub const ATOMIC_COMP_SWAP: u32 = 7;

/// The image atomics on r32i, r32ui (every operation) and r32f (add, min, max,
/// exchange, compare-swap: `data`, `compare` and the result are the floats' bits; min
/// and max prefer a number to NaN, compare-swap compares bits): returns the texel's
/// old value; 0 (and no change) outside the image, for other formats, or when the
/// unit is not read-write.
///
/// # Safety
/// `table` as for every helper here.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn image_atomic(
    table: *const ImageDesc,
    unit: u32,
    x: i32,
    y: i32,
    z: i32,
    op: u32,
    data: u32,
    compare: u32,
) -> u32 {
    // SAFETY: the kernel passes the runtime's table.
    let Some(d) = (unsafe { unit_desc(table, unit) }) else {
        return 0;
    };
    if d.access != ACCESS_READ | ACCESS_WRITE {
        return 0;
    }
    let Some((p, f)) = d.texel(x, y, z) else {
        return 0;
    };
    let single = matches!(f, Format::Plain { n: 1, bits: 32, .. });
    let float = f.class() == Class::Float;
    if !single || (float && matches!(op, ATOMIC_AND | ATOMIC_OR | ATOMIC_XOR)) {
        return 0;
    }
    // SAFETY: p addresses the texel's 4 bytes, 4-aligned (storage is 64-aligned, rows
    // and slices are whole texels of 4 bytes); other invocations access it only
    // through these atomics or plain loads and stores, as GL allows.
    let a = unsafe { AtomicU32::from_ptr(p as *mut u32) };
    let signed = f.class() == Class::Sint;
    let ord = Ordering::SeqCst;
    if float && matches!(op, ATOMIC_ADD | ATOMIC_MIN | ATOMIC_MAX) {
        let d = f32::from_bits(data);
        let apply = |o: u32| {
            let x = f32::from_bits(o);
            let r = match op {
                ATOMIC_ADD => x + d,
                // f32::min/max return the number when one operand is NaN.
                ATOMIC_MIN => x.min(d),
                _ => x.max(d),
            };
            Some(r.to_bits())
        };
        return a.fetch_update(ord, ord, apply).unwrap_or(0);
    }
    match op {
        ATOMIC_ADD => a.fetch_add(data, ord),
        ATOMIC_MIN if signed => a
            .fetch_update(ord, ord, |o| Some((o as i32).min(data as i32) as u32))
            .unwrap_or(0),
        ATOMIC_MIN => a.fetch_min(data, ord),
        ATOMIC_MAX if signed => a
            .fetch_update(ord, ord, |o| Some((o as i32).max(data as i32) as u32))
            .unwrap_or(0),
        ATOMIC_MAX => a.fetch_max(data, ord),
        ATOMIC_AND => a.fetch_and(data, ord),
        ATOMIC_OR => a.fetch_or(data, ord),
        ATOMIC_XOR => a.fetch_xor(data, ord),
        ATOMIC_EXCHANGE => a.swap(data, ord),
        ATOMIC_COMP_SWAP => match a.compare_exchange(compare, data, ord, ord) {
            Ok(v) | Err(v) => v,
        },
        _ => 0,
    }
}

/// imageSize and imageSamples: the unit's width, height, depth (layers) and samples
/// (0 for an image that is not multisample) into `out` (zeros for a unit with nothing
/// usable bound).
///
/// # Safety
/// `table` as for every helper here; `out` points to four writable u32.
pub unsafe extern "C" fn image_size(table: *const ImageDesc, unit: u32, out: *mut u32) {
    // SAFETY: the kernel passes the runtime's table.
    let size = match unsafe { unit_desc(table, unit) } {
        Some(d) if d.format != 0 => {
            let layers = d.size[2] / d.samples.max(1);
            [d.size[0], d.size[1], layers, d.samples]
        }
        _ => [0; 4],
    };
    // SAFETY: out points to four u32.
    unsafe { std::ptr::copy_nonoverlapping(size.as_ptr(), out, 4) };
}

/// The z that sample `sample` of layer `layer` has in the unit's image (see
/// [`ImageDesc::sample_z`]); -1 for a unit with nothing bound.
///
/// # Safety
/// `table` as for every helper here.
pub unsafe extern "C" fn image_sample_z(
    table: *const ImageDesc,
    unit: u32,
    layer: i32,
    sample: i32,
) -> i32 {
    // SAFETY: the kernel passes the runtime's table.
    match unsafe { unit_desc(table, unit) } {
        Some(d) => d.sample_z(layer, sample),
        None => -1,
    }
}

/// The table of a dispatch: one descriptor per image unit.
pub type ImageTable = Box<[ImageDesc; MAX_IMAGE_UNITS as usize]>;

pub fn empty_table() -> ImageTable {
    Box::new([ImageDesc::NONE; MAX_IMAGE_UNITS as usize])
}

#[cfg(test)]
mod tests {
    #[test]
    fn desc_layout() {
        use super::{ImageDesc, desc};
        use std::mem::{offset_of, size_of};
        assert_eq!(offset_of!(ImageDesc, ptr) as i32, desc::PTR);
        assert_eq!(offset_of!(ImageDesc, row_stride) as i32, desc::ROW_STRIDE);
        assert_eq!(
            offset_of!(ImageDesc, slice_stride) as i32,
            desc::SLICE_STRIDE
        );
        assert_eq!(offset_of!(ImageDesc, size) as i32, desc::SIZE);
        assert_eq!(offset_of!(ImageDesc, format) as i32, desc::FORMAT);
        assert_eq!(offset_of!(ImageDesc, access) as i32, desc::ACCESS);
        assert_eq!(size_of::<ImageDesc>() as i64, desc::BYTES);
    }

    use super::*;
    use crate::format::texel::Kind;

    #[test]
    fn contained_access() {
        let s = Storage::new_zeroed(4 * 4 * 2).unwrap();
        let f = Format::Plain {
            kind: Kind::Uint,
            n: 1,
            bits: 32,
        };
        // Too big for the storage: refused.
        assert_eq!(ImageDesc::new(&s, 0, [4, 4, 1], 16, 64, f, 3).format, 0);
        let mut t = empty_table();
        t[1] = ImageDesc::new(&s, 0, [4, 2, 1], 16, 32, f, 3);
        let tp = t.as_ptr();
        let v = [7u32, 0, 0, 0];
        let mut out = [9u32; 4];
        // SAFETY: the table has MAX_IMAGE_UNITS entries; v and out have four.
        unsafe {
            image_store(tp, 1, 3, 1, 0, v.as_ptr());
            image_store(tp, 1, 4, 1, 0, v.as_ptr());
            image_store(tp, 1, -1, 0, 0, v.as_ptr());
            image_store(tp, 99, 0, 0, 0, v.as_ptr());
            image_load(tp, 1, 3, 1, 0, out.as_mut_ptr());
            assert_eq!(out, [7, 0, 0, 1]);
            image_load(tp, 1, 0, 2, 0, out.as_mut_ptr());
            assert_eq!(out, [0; 4]);
            assert_eq!(image_atomic(tp, 1, 3, 1, 0, ATOMIC_ADD, 5, 0), 7);
            assert_eq!(image_atomic(tp, 1, 3, 1, 0, ATOMIC_COMP_SWAP, 1, 12), 12);
            let mut size = [0u32; 4];
            image_size(tp, 1, size.as_mut_ptr());
            assert_eq!(size, [4, 2, 1, 0]);
        }
        let mut raw = [0u8; 4];
        s.read(28, &mut raw);
        assert_eq!(u32::from_ne_bytes(raw), 1);
    }

    /// r32f atomics (GL_NV_shader_atomic_float, GL_INTEL_shader_atomic_float_minmax):
    /// add, min and max on the float value (a NaN operand loses), exchange and
    /// compare-swap on the bits; the bitwise operations stay refused.
    #[test]
    fn float_atomics() {
        let s = Storage::new_zeroed(16).unwrap();
        let f = Format::Plain {
            kind: Kind::Float,
            n: 1,
            bits: 32,
        };
        let mut t = empty_table();
        t[0] = ImageDesc::new(&s, 0, [4, 1, 1], 16, 16, f, 3);
        let tp = t.as_ptr();
        let b = |x: f32| x.to_bits();
        // SAFETY: the table has MAX_IMAGE_UNITS entries.
        unsafe {
            assert_eq!(image_atomic(tp, 0, 1, 0, 0, ATOMIC_ADD, b(1.5), 0), b(0.0));
            assert_eq!(image_atomic(tp, 0, 1, 0, 0, ATOMIC_ADD, b(2.25), 0), b(1.5));
            assert_eq!(
                image_atomic(tp, 0, 1, 0, 0, ATOMIC_MIN, b(-4.0), 0),
                b(3.75)
            );
            assert_eq!(
                image_atomic(tp, 0, 1, 0, 0, ATOMIC_MIN, b(f32::NAN), 0),
                b(-4.0)
            );
            assert_eq!(image_atomic(tp, 0, 1, 0, 0, ATOMIC_MAX, b(8.0), 0), b(-4.0));
            assert_eq!(
                image_atomic(tp, 0, 1, 0, 0, ATOMIC_COMP_SWAP, b(1.0), b(8.0)),
                b(8.0)
            );
            assert_eq!(
                image_atomic(tp, 0, 1, 0, 0, ATOMIC_EXCHANGE, b(2.0), 0),
                b(1.0)
            );
            assert_eq!(image_atomic(tp, 0, 1, 0, 0, ATOMIC_OR, 1, 0), 0);
            // A NaN texel: min takes the number.
            image_atomic(tp, 0, 2, 0, 0, ATOMIC_EXCHANGE, b(f32::NAN), 0);
            image_atomic(tp, 0, 2, 0, 0, ATOMIC_MIN, b(5.0), 0);
            assert_eq!(image_atomic(tp, 0, 2, 0, 0, ATOMIC_ADD, 0, 0), b(5.0));
        }
        let mut raw = [0u8; 4];
        s.read(4, &mut raw);
        assert_eq!(f32::from_ne_bytes(raw), 2.0);
    }
}
