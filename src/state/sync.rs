//! Sync objects (GL 4.6 chapter 4.1). Commands complete before they return (a dispatch
//! runs to the end inside glDispatchCompute), so a fence is signaled as soon as it is
//! created: every command before it has completed.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::state::context::ContextState;
use crate::state::objects::sync::SyncObject;
use std::sync::Arc;
use std::sync::atomic::Ordering;

impl ContextState {
    /// FenceSync (GL 4.6 §4.1). Returns the handle.
    pub fn fence_sync(&mut self, condition: u32, flags: u32) -> GlResult<usize> {
        // GL 4.6 §4.1: INVALID_ENUM if condition is not SYNC_GPU_COMMANDS_COMPLETE.
        if condition != GL_SYNC_GPU_COMMANDS_COMPLETE {
            gl_bail!(
                GL_INVALID_ENUM,
                "condition {} is not GL_SYNC_GPU_COMMANDS_COMPLETE",
                Enum(condition)
            );
        }
        // GL 4.6 §4.1: INVALID_VALUE if flags is not zero.
        if flags != 0 {
            gl_bail!(GL_INVALID_VALUE, "flags = 0x{flags:X} must be zero");
        }
        // Handles are small integers, never addresses: a stale or forged GLsync is looked
        // up, not dereferenced. 0 is the null sync.
        let handle = self.shared.next_sync.fetch_add(1, Ordering::Relaxed) as usize + 1;
        let sync = Arc::new(SyncObject {
            handle,
            condition,
            flags,
            label: crate::runtime::sync::Mutex::new(None),
        });
        self.shared.syncs.lock().insert(handle, sync);
        Ok(handle)
    }

    pub fn sync_object(&self, handle: usize) -> Option<Arc<SyncObject>> {
        self.shared.syncs.lock().get(&handle).cloned()
    }

    fn sync_or_err(&self, handle: usize) -> GlResult<Arc<SyncObject>> {
        // GL 4.6 §4.1: INVALID_VALUE if sync is not the name of a sync object.
        match self.sync_object(handle) {
            Some(s) => Ok(s),
            None => gl_bail!(GL_INVALID_VALUE, "sync 0x{handle:X} is not a sync object"),
        }
    }

    /// DeleteSync (GL 4.6 §4.1.1): 0 is ignored silently.
    pub fn delete_sync(&mut self, handle: usize) -> GlResult<()> {
        if handle == 0 {
            return Ok(());
        }
        self.sync_or_err(handle)?;
        self.shared.syncs.lock().remove(&handle);
        Ok(())
    }

    /// ClientWaitSync (GL 4.6 §4.1.1).
    pub fn client_wait_sync(&mut self, handle: usize, flags: u32, _timeout: u64) -> GlResult<u32> {
        let sync = self.sync_or_err(handle)?;
        // GL 4.6 §4.1.1: INVALID_VALUE if flags has bits other than SYNC_FLUSH_COMMANDS_BIT.
        if flags & !GL_SYNC_FLUSH_COMMANDS_BIT != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "flags = 0x{flags:X} has bits other than GL_SYNC_FLUSH_COMMANDS_BIT"
            );
        }
        debug_assert!(sync.signaled());
        Ok(GL_ALREADY_SIGNALED)
    }

    /// WaitSync (GL 4.6 §4.1.1).
    pub fn wait_sync(&mut self, handle: usize, flags: u32, timeout: u64) -> GlResult<()> {
        self.sync_or_err(handle)?;
        // GL 4.6 §4.1.1: INVALID_VALUE if flags is not zero or timeout is not
        // TIMEOUT_IGNORED.
        if flags != 0 {
            gl_bail!(GL_INVALID_VALUE, "flags = 0x{flags:X} must be zero");
        }
        if timeout != GL_TIMEOUT_IGNORED {
            gl_bail!(
                GL_INVALID_VALUE,
                "timeout = {timeout} must be GL_TIMEOUT_IGNORED"
            );
        }
        Ok(())
    }

    /// GetSynciv (GL 4.6 §4.1.3).
    pub fn get_sync_iv(&mut self, handle: usize, pname: u32) -> GlResult<i32> {
        let sync = self.sync_or_err(handle)?;
        Ok(match pname {
            GL_OBJECT_TYPE => GL_SYNC_FENCE as i32,
            GL_SYNC_STATUS => {
                if sync.signaled() {
                    GL_SIGNALED as i32
                } else {
                    GL_UNSIGNALED as i32
                }
            }
            GL_SYNC_CONDITION => sync.condition as i32,
            GL_SYNC_FLAGS => sync.flags as i32,
            // GL 4.6 §4.1.3: INVALID_ENUM for any other pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a sync parameter",
                Enum(pname)
            ),
        })
    }
}
