//! The runtime: memory behind GL objects and the execution of dispatches. It owns raw
//! memory access and (with the back end) running compiled work-group functions on a
//! thread pool. It is the bottom layer: it calls nothing above it; the state layer hands
//! it fully validated requests.

pub mod memory;
pub mod sync;

use memory::Storage;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where a dispatch's work-group counts come from.
pub enum GroupCount {
    Direct([u32; 3]),
    /// DispatchComputeIndirect: three uints read when the dispatch executes.
    Indirect {
        storage: Arc<Storage>,
        offset: usize,
    },
}

/// A validated dispatch.
pub struct Dispatch {
    pub groups: GroupCount,
    pub local_size: [u32; 3],
}

/// What became of a dispatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub groups: [u32; 3],
    /// False while there is no back end to run shader code: the dispatch was accepted
    /// and counted, and no invocation ran.
    pub executed: bool,
}

static DISPATCHES: AtomicU64 = AtomicU64::new(0);
static WORK_GROUPS: AtomicU64 = AtomicU64::new(0);

/// The hand-off point from the state layer: every validated dispatch arrives here.
pub fn dispatch(d: Dispatch) -> Outcome {
    let groups = match d.groups {
        GroupCount::Direct(g) => g,
        GroupCount::Indirect { storage, offset } => {
            let mut raw = [0u8; 12];
            storage.read(offset, &mut raw);
            let word =
                |i: usize| u32::from_ne_bytes(raw[i * 4..i * 4 + 4].try_into().expect("4 bytes"));
            [word(0), word(1), word(2)]
        }
    };
    let count = groups.iter().map(|&g| g as u64).product::<u64>();
    DISPATCHES.fetch_add(1, Ordering::Relaxed);
    WORK_GROUPS.fetch_add(count, Ordering::Relaxed);
    let _ = d.local_size;
    Outcome {
        groups,
        executed: false,
    }
}

/// Dispatches that reached the runtime and the work groups they asked for, since the
/// process started.
pub fn statistics() -> (u64, u64) {
    (
        DISPATCHES.load(Ordering::Relaxed),
        WORK_GROUPS.load(Ordering::Relaxed),
    )
}
