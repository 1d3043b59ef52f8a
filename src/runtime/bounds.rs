//! The bounds check's report (GLCOMPUTE_DEBUG=bounds): the first out-of-range access
//! of a dispatch, claimed once across threads and read after the dispatch.

use std::sync::atomic::{AtomicI64, AtomicU32, Ordering};

/// The first out-of-range buffer or image access of a dispatch, recorded by kernels
/// compiled with the bounds check: `site` is 0 until an access claims it (1 + the
/// kernel's site index, by compare-and-swap, so exactly one access wins); the winner
/// then stores its values. They are read after every thread left the dispatch.
#[repr(C)]
#[derive(Default)]
pub struct BoundsReport {
    pub site: AtomicU32,
    /// Buffers: the innermost dynamic index (or -1), the byte offset, the bytes
    /// accessed and the bound range's size. Images: x, y, z and the image's width,
    /// height and depth (layers).
    pub values: [AtomicI64; 6],
}

/// What a [`BoundsReport`] held at the end of a dispatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoundsHit {
    /// The kernel's site index (not 1 + it).
    pub site: u32,
    pub values: [i64; 6],
}

impl BoundsReport {
    /// Records an access at `site` (an index of the kernel's sites) unless one was.
    pub fn record(&self, site: u32, values: [i64; 6]) {
        if self
            .site
            .compare_exchange(
                0,
                site.saturating_add(1),
                Ordering::AcqRel,
                Ordering::Relaxed,
            )
            .is_ok()
        {
            for (slot, v) in self.values.iter().zip(values) {
                slot.store(v, Ordering::Relaxed);
            }
        }
    }

    /// The recorded access, if any (call when no thread runs the dispatch any more).
    pub fn hit(&self) -> Option<BoundsHit> {
        match self.site.load(Ordering::Acquire) {
            0 => None,
            s => Some(BoundsHit {
                site: s - 1,
                values: self.values.each_ref().map(|v| v.load(Ordering::Relaxed)),
            }),
        }
    }
}
