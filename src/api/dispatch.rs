//! Compute dispatch, memory barriers and sync objects.

use crate::api::call::{gl_call, out_array, out_one};
use crate::gl::enums::*;
use crate::gl::types::*;
use crate::gl_bail;

#[unsafe(no_mangle)]
pub extern "C" fn glDispatchCompute(
    num_groups_x: GLuint,
    num_groups_y: GLuint,
    num_groups_z: GLuint,
) {
    gl_call("glDispatchCompute", |st| {
        st.dispatch_compute([num_groups_x, num_groups_y, num_groups_z])
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDispatchComputeIndirect(indirect: GLintptr) {
    gl_call("glDispatchComputeIndirect", |st| {
        st.dispatch_compute_indirect(indirect as i64)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDispatchComputeGroupSizeARB(
    num_groups_x: GLuint,
    num_groups_y: GLuint,
    num_groups_z: GLuint,
    group_size_x: GLuint,
    group_size_y: GLuint,
    group_size_z: GLuint,
) {
    gl_call("glDispatchComputeGroupSizeARB", |st| {
        st.dispatch_compute_group_size(
            [num_groups_x, num_groups_y, num_groups_z],
            [group_size_x, group_size_y, group_size_z],
        )
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glMemoryBarrier(barriers: GLbitfield) {
    gl_call("glMemoryBarrier", |st| st.memory_barrier(barriers, false))
}

#[unsafe(no_mangle)]
pub extern "C" fn glMemoryBarrierByRegion(barriers: GLbitfield) {
    gl_call("glMemoryBarrierByRegion", |st| {
        st.memory_barrier(barriers, true)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glFenceSync(condition: GLenum, flags: GLbitfield) -> GLsync {
    gl_call("glFenceSync", |st| {
        Ok(st.fence_sync(condition, flags)? as GLsync)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsSync(sync: GLsync) -> GLboolean {
    gl_call("glIsSync", |st| {
        Ok(st.sync_object(sync as usize).is_some() as u8)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glDeleteSync(sync: GLsync) {
    gl_call("glDeleteSync", |st| st.delete_sync(sync as usize))
}

#[unsafe(no_mangle)]
pub extern "C" fn glClientWaitSync(sync: GLsync, flags: GLbitfield, timeout: GLuint64) -> GLenum {
    let r = gl_call("glClientWaitSync", |st| {
        st.client_wait_sync(sync as usize, flags, timeout)
    });
    // GL 4.6 §4.1.1: WAIT_FAILED when an error occurs (a failed gl_call returns 0).
    if r == 0 { GL_WAIT_FAILED } else { r }
}

#[unsafe(no_mangle)]
pub extern "C" fn glWaitSync(sync: GLsync, flags: GLbitfield, timeout: GLuint64) {
    gl_call("glWaitSync", |st| {
        st.wait_sync(sync as usize, flags, timeout)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetSynciv(
    sync: GLsync,
    pname: GLenum,
    count: GLsizei,
    length: *mut GLsizei,
    values: *mut GLint,
) {
    gl_call("glGetSynciv", |st| {
        // GL 4.6 §4.1.3: INVALID_VALUE if count is negative.
        if count < 0 {
            gl_bail!(GL_INVALID_VALUE, "count = {count} is negative");
        }
        let v = st.get_sync_iv(sync as usize, pname)?;
        let written: &[GLint] = if count >= 1 { &[v] } else { &[] };
        // SAFETY: `values` holds `count` ints, `length` is null or writable.
        unsafe {
            out_array(values, written);
            out_one(length, written.len() as GLsizei);
        }
        Ok(())
    })
}
