//! Dispatch and memory barriers in interposed mode: dispatches run on glcompute
//! (recorded instead while a display list is compiled); barriers are validated by
//! glcompute and passed on to the host with the bits it knows.

#![allow(non_snake_case, clippy::missing_safety_doc)]

use super::link_of;
use crate::api::entry;
use crate::api::interpose::lists::{Item, record};
use crate::api::interpose::log::log_taken;
use crate::api::interpose::route::{host, shadow};
use crate::gl::enums::*;
use crate::gl::types::*;
use crate::state::objects::host::HostLink;

pub unsafe extern "C" fn glDispatchCompute(x: GLuint, y: GLuint, z: GLuint) {
    if shadow().is_none() {
        // SAFETY: the application's arguments.
        return unsafe { host().glDispatchCompute(x, y, z) };
    }
    log_taken(b"glDispatchCompute");
    if record(Item::Dispatch([x, y, z])) == Some(false) {
        return;
    }
    entry::glDispatchCompute(x, y, z);
}

pub unsafe extern "C" fn glDispatchComputeGroupSizeARB(
    x: GLuint,
    y: GLuint,
    z: GLuint,
    sx: GLuint,
    sy: GLuint,
    sz: GLuint,
) {
    if shadow().is_none() {
        // SAFETY: the application's arguments.
        return unsafe { host().glDispatchComputeGroupSizeARB(x, y, z, sx, sy, sz) };
    }
    log_taken(b"glDispatchComputeGroupSizeARB");
    if record(Item::DispatchGroupSize([x, y, z], [sx, sy, sz])) == Some(false) {
        return;
    }
    entry::glDispatchComputeGroupSizeARB(x, y, z, sx, sy, sz);
}

pub unsafe extern "C" fn glDispatchComputeIndirect(indirect: GLintptr) {
    if shadow().is_none() {
        // SAFETY: the application's argument.
        return unsafe { host().glDispatchComputeIndirect(indirect) };
    }
    log_taken(b"glDispatchComputeIndirect");
    if crate::api::interpose::lists::refuse_indirect() {
        return;
    }
    entry::glDispatchComputeIndirect(indirect);
}

/// The barrier bits a host without compute (and maybe without SSBOs) accepts.
fn host_barrier_bits(link: &HostLink, bits: GLbitfield) -> GLbitfield {
    if bits == GL_ALL_BARRIER_BITS {
        return bits;
    }
    let caps = link.caps();
    let mut b = bits;
    if !caps.ssbo {
        b &= !GL_SHADER_STORAGE_BARRIER_BIT;
    }
    if caps.version < (4, 4)
        && !caps
            .extensions
            .iter()
            .any(|e| e == "GL_ARB_query_buffer_object")
    {
        b &= !GL_QUERY_BUFFER_BARRIER_BIT;
    }
    if caps.version < (4, 4) && !caps.extensions.iter().any(|e| e == "GL_ARB_buffer_storage") {
        b &= !GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT;
    }
    b
}

/// glMemoryBarrier: validated by glcompute (it knows the compute bits); the bits the
/// host knows go on to the host, which orders its own work.
pub unsafe extern "C" fn glMemoryBarrier(barriers: GLbitfield) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's argument.
        return unsafe { host().glMemoryBarrier(barriers) };
    };
    log_taken(b"glMemoryBarrier");
    let link = link_of(&ctx);
    let before = ctx.state.lock().error;
    entry::glMemoryBarrier(barriers);
    if ctx.state.lock().error == before || before != GL_NO_ERROR {
        let bits = host_barrier_bits(&link, barriers);
        if bits != 0 {
            // SAFETY: bits the host accepts.
            unsafe { link.gl.glMemoryBarrier(bits) };
        }
    }
}

pub unsafe extern "C" fn glMemoryBarrierByRegion(barriers: GLbitfield) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's argument.
        return unsafe { host().glMemoryBarrierByRegion(barriers) };
    };
    log_taken(b"glMemoryBarrierByRegion");
    let link = link_of(&ctx);
    let before = ctx.state.lock().error;
    entry::glMemoryBarrierByRegion(barriers);
    let caps = link.caps();
    let has = caps.version >= (4, 5)
        || caps
            .extensions
            .iter()
            .any(|e| e == "GL_ARB_ES3_1_compatibility");
    if has && (ctx.state.lock().error == before || before != GL_NO_ERROR) {
        let bits = host_barrier_bits(&link, barriers);
        if bits != 0 {
            // SAFETY: bits the host accepts.
            unsafe { link.gl.glMemoryBarrierByRegion(bits) };
        }
    }
}
