//! Raw memory behind buffer objects. A buffer's bytes are shared between the
//! application (through mapped pointers, which GL lets it keep across calls), the API
//! layer (uploads and downloads) and shader invocations on worker threads, so they are
//! never held as a Rust slice: every access copies through raw pointers, with bounds
//! checked here.

use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::ptr::NonNull;

use crate::limits::STORAGE_ALIGNMENT;

/// A fixed-size, 64-byte-aligned, zero-initialised block of memory.
pub struct Storage {
    ptr: NonNull<u8>,
    len: usize,
}

// SAFETY: Storage owns its allocation; concurrent access goes through raw-pointer copies
// whose ordering GL leaves to the application (barriers, fences, unmapping).
unsafe impl Send for Storage {}
// SAFETY: as above; no method hands out a Rust reference into the block.
unsafe impl Sync for Storage {}

/// The allocation failed (GL_OUT_OF_MEMORY).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfMemory;

impl Storage {
    pub fn empty() -> Storage {
        Storage {
            ptr: NonNull::<u64>::dangling().cast(),
            len: 0,
        }
    }

    /// Allocates `len` zeroed bytes; never aborts the process on failure.
    pub fn new_zeroed(len: usize) -> Result<Storage, OutOfMemory> {
        if len == 0 {
            return Ok(Storage::empty());
        }
        let layout = Layout::from_size_align(len, STORAGE_ALIGNMENT).map_err(|_| OutOfMemory)?;
        // SAFETY: layout has non-zero size.
        let raw = unsafe { alloc_zeroed(layout) };
        NonNull::new(raw)
            .map(|ptr| Storage { ptr, len })
            .ok_or(OutOfMemory)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Base address, for mapping and for the shader descriptor table.
    pub fn as_ptr(&self) -> *mut u8 {
        self.ptr.as_ptr()
    }

    fn check(&self, offset: usize, len: usize) {
        assert!(
            offset.checked_add(len).is_some_and(|end| end <= self.len),
            "storage access {offset}+{len} outside {} bytes",
            self.len
        );
    }

    /// Copies `data` in at `offset`. Panics (caught at the C boundary) if out of range:
    /// callers validate ranges first, so this is a second line of defence.
    pub fn write(&self, offset: usize, data: &[u8]) {
        self.check(offset, data.len());
        // SAFETY: the range is inside the allocation (checked above); `data` is a valid
        // slice that may alias this storage (a persistent mapping passed as the data),
        // which ptr::copy (a memmove) allows.
        unsafe {
            std::ptr::copy(data.as_ptr(), self.ptr.as_ptr().add(offset), data.len());
        }
    }

    /// Copies bytes out from `offset` into `out`.
    pub fn read(&self, offset: usize, out: &mut [u8]) {
        self.check(offset, out.len());
        // SAFETY: the range is inside the allocation (checked above); `out` may alias it
        // (a persistent mapping), which ptr::copy allows.
        unsafe {
            std::ptr::copy(self.ptr.as_ptr().add(offset), out.as_mut_ptr(), out.len());
        }
    }

    /// Copies `len` bytes from `src` at `src_offset` to `self` at `dst_offset`; the two
    /// may be the same storage with overlapping ranges.
    pub fn copy_from(&self, src: &Storage, src_offset: usize, dst_offset: usize, len: usize) {
        src.check(src_offset, len);
        self.check(dst_offset, len);
        // SAFETY: both ranges are inside their allocations; `copy` handles overlap.
        unsafe {
            std::ptr::copy(
                src.ptr.as_ptr().add(src_offset),
                self.ptr.as_ptr().add(dst_offset),
                len,
            );
        }
    }

    /// Fills `len` bytes at `offset` with repetitions of `pattern` (len is a multiple of
    /// the pattern's length; an empty pattern fills with zeros).
    pub fn fill(&self, offset: usize, len: usize, pattern: &[u8]) {
        self.check(offset, len);
        if pattern.is_empty() || pattern.iter().all(|&b| b == 0) {
            // SAFETY: the range is inside the allocation.
            unsafe { std::ptr::write_bytes(self.ptr.as_ptr().add(offset), 0, len) };
            return;
        }
        let mut pos = 0;
        while pos + pattern.len() <= len {
            self.write(offset + pos, pattern);
            pos += pattern.len();
        }
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        if self.len == 0 {
            return;
        }
        let layout =
            Layout::from_size_align(self.len, STORAGE_ALIGNMENT).expect("layout was valid");
        // SAFETY: allocated in new_zeroed with this layout.
        unsafe { dealloc(self.ptr.as_ptr(), layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_fill() {
        let s = Storage::new_zeroed(64).unwrap();
        assert_eq!(s.as_ptr() as usize % STORAGE_ALIGNMENT, 0);
        s.write(4, &[1, 2, 3]);
        let mut out = [0u8; 8];
        s.read(0, &mut out);
        assert_eq!(out, [0, 0, 0, 0, 1, 2, 3, 0]);
        s.fill(8, 8, &[9, 8]);
        let mut out = [0u8; 8];
        s.read(8, &mut out);
        assert_eq!(out, [9, 8, 9, 8, 9, 8, 9, 8]);
        s.copy_from(&s, 8, 9, 4);
        s.read(8, &mut out);
        assert_eq!(&out[..5], &[9, 9, 8, 9, 8]);
    }

    #[test]
    fn huge_allocation_fails_cleanly() {
        assert_eq!(Storage::new_zeroed(usize::MAX / 2).err(), Some(OutOfMemory));
    }

    #[test]
    #[should_panic]
    fn out_of_range_is_caught() {
        let s = Storage::new_zeroed(4).unwrap();
        s.write(2, &[0; 4]);
    }
}
