//! Sync objects (GL 4.6 §4.1): fences, signalled when their commands are complete.

pub struct SyncObject {
    pub handle: usize,
    pub condition: u32,
    pub flags: u32,
    pub label: crate::runtime::sync::Mutex<Option<String>>,
}

impl SyncObject {
    /// SYNC_STATUS: signaled once every command before the fence has completed.
    pub fn signaled(&self) -> bool {
        true
    }
}
