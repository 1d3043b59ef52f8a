//! The contract between compiled kernels and the runtime: the work-group context a
//! kernel receives and the descriptor table of bound resources. The back end generates
//! code against these layouts (field offsets below); the runtime fills them for each
//! work group. Everything is `repr(C)` so the offsets are fixed.

use crate::runtime::bounds::BoundsReport;
use std::sync::atomic::AtomicU32;

/// One bound buffer range: shader accesses are checked against `size` (reads past it
/// give zero, writes past it are dropped).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Resource {
    pub ptr: *mut u8,
    pub size: u64,
}

impl Resource {
    pub const NONE: Resource = Resource {
        ptr: std::ptr::null_mut(),
        size: 0,
    };
}

/// What a kernel gets for each work group it runs.
#[repr(C)]
pub struct GroupCtx {
    /// The descriptor table (see the back end's slot assignment).
    pub resources: *const Resource,
    /// The default uniform block's data (std430 layout, as reflection laid it out).
    pub uniforms: *const u8,
    /// This group's shared memory: zeroed when the thread starts on the dispatch, so it
    /// holds nothing of another dispatch; earlier groups of the same dispatch that ran
    /// on this thread may have left values (GL leaves shared variables undefined when a
    /// group starts).
    pub shared: *mut u8,
    /// Per-invocation storage for values that live across barriers:
    /// `frame_stride` bytes per invocation.
    pub frame: *mut u8,
    pub frame_stride: u64,
    /// Set by the runtime to stop a dispatch (watchdog); kernels test it on loop
    /// back-edges and return early when it is non-zero.
    pub abort: *const AtomicU32,
    pub num_groups: [u32; 3],
    pub group_id: [u32; 3],
    pub local_size: [u32; 3],
    pub _pad: u32,
    /// The image units: MAX_IMAGE_UNITS descriptors (see [`super::image`]).
    pub images: *const super::image::ImageDesc,
    /// The texture units' samplers (see [`super::sampler`]).
    pub samplers: *const super::sampler::SamplerTable,
    /// Kernels compiled with the barrier check (GLCOMPUTE_DEBUG=barriers) store here,
    /// atomically, 1 + the index of a barrier site that not every invocation of a group
    /// reached the same way; 0 means none.
    pub report: *const AtomicU32,
    /// Kernels compiled with the bounds check (GLCOMPUTE_DEBUG=bounds) record the
    /// first out-of-range access of the dispatch here (see [`BoundsReport`]); buffer
    /// atomics out of range are dropped without being recorded.
    pub bounds: *const BoundsReport,
}

/// Byte offsets of GroupCtx fields, for the code generator.
/// Bytes before `GroupCtx::shared` in each worker thread's scratch: the thread's write
/// sink, where out-of-range writes and the stores of lanes outside the execution mask
/// go. Nothing reads it, and no other thread writes it.
pub const SINK_BYTES: usize = 64;

pub mod offsets {
    pub const RESOURCES: i32 = 0;
    pub const UNIFORMS: i32 = 8;
    pub const SHARED: i32 = 16;
    pub const FRAME: i32 = 24;
    pub const FRAME_STRIDE: i32 = 32;
    pub const ABORT: i32 = 40;
    pub const NUM_GROUPS: i32 = 48;
    pub const GROUP_ID: i32 = 60;
    pub const LOCAL_SIZE: i32 = 72;
    pub const IMAGES: i32 = 88;
    pub const SAMPLERS: i32 = 96;
    pub const REPORT: i32 = 104;
    pub const BOUNDS: i32 = 112;
    /// Size of one Resource entry and the offset of its size field.
    pub const RESOURCE_STRIDE: i32 = 16;
    pub const RESOURCE_SIZE: i32 = 8;
}

/// A compiled work-group function: runs every invocation of the group `ctx` names.
pub type KernelFn = unsafe extern "C" fn(ctx: *const GroupCtx);

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;

    #[test]
    fn offsets_match_layout() {
        assert_eq!(offset_of!(GroupCtx, resources) as i32, offsets::RESOURCES);
        assert_eq!(offset_of!(GroupCtx, uniforms) as i32, offsets::UNIFORMS);
        assert_eq!(offset_of!(GroupCtx, shared) as i32, offsets::SHARED);
        assert_eq!(offset_of!(GroupCtx, frame) as i32, offsets::FRAME);
        assert_eq!(
            offset_of!(GroupCtx, frame_stride) as i32,
            offsets::FRAME_STRIDE
        );
        assert_eq!(offset_of!(GroupCtx, abort) as i32, offsets::ABORT);
        assert_eq!(offset_of!(GroupCtx, num_groups) as i32, offsets::NUM_GROUPS);
        assert_eq!(offset_of!(GroupCtx, group_id) as i32, offsets::GROUP_ID);
        assert_eq!(offset_of!(GroupCtx, local_size) as i32, offsets::LOCAL_SIZE);
        assert_eq!(offset_of!(GroupCtx, images) as i32, offsets::IMAGES);
        assert_eq!(offset_of!(GroupCtx, samplers) as i32, offsets::SAMPLERS);
        assert_eq!(offset_of!(GroupCtx, report) as i32, offsets::REPORT);
        assert_eq!(offset_of!(GroupCtx, bounds) as i32, offsets::BOUNDS);
        assert_eq!(
            std::mem::size_of::<Resource>() as i32,
            offsets::RESOURCE_STRIDE
        );
        assert_eq!(offset_of!(Resource, size) as i32, offsets::RESOURCE_SIZE);
    }
}
