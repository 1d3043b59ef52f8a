//! GLCOMPUTE_LOG=calls for interposed mode: which hooked entry points glcompute runs
//! instead of the host, each named once.

use crate::runtime::sync::Mutex;
use std::collections::HashSet;
use std::sync::OnceLock;

/// GLCOMPUTE_LOG=calls: names each entry point the first time glcompute runs a call of
/// it instead of the host.
pub fn log_taken(name: &[u8]) {
    if !crate::config::log_calls() {
        return;
    }
    static SEEN: OnceLock<Mutex<HashSet<Vec<u8>>>> = OnceLock::new();
    let mut seen = SEEN.get_or_init(|| Mutex::new(HashSet::new())).lock();
    if seen.insert(name.to_vec()) {
        crate::config::say(format_args!(
            "glcompute: runs {}",
            String::from_utf8_lossy(name)
        ));
    }
}
