//! The runtime: memory behind GL objects and the execution of dispatches. It owns raw
//! memory access and (with the back end) running compiled work-group functions on a
//! thread pool. It is the bottom layer: it calls nothing above it; the state layer hands
//! it fully validated requests.

pub mod abi;
pub mod bounds;
pub mod image;
pub mod memory;
pub mod pool;
pub mod sampler;
pub mod sync;

use crate::runtime::pool::{Stop, Work, group_count};
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
    pub work: Work,
}

/// What became of a dispatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub groups: [u32; 3],
    /// False if the dispatch stopped before every group ran (see `stopped`).
    pub completed: bool,
    pub stopped: Option<Stop>,
    /// 1 + the barrier site a kernel compiled with the barrier check reported; 0: none.
    pub report: u32,
    /// The first out-of-range access a kernel compiled with the bounds check recorded.
    pub bounds: Option<bounds::BoundsHit>,
}

static DISPATCHES: AtomicU64 = AtomicU64::new(0);
static WORK_GROUPS: AtomicU64 = AtomicU64::new(0);

/// Runs a validated dispatch to completion on the worker pool.
pub fn dispatch(d: Dispatch) -> Outcome {
    let groups = match &d.groups {
        GroupCount::Direct(g) => *g,
        GroupCount::Indirect { storage, offset } => {
            let mut raw = [0u8; 12];
            storage.read(*offset, &mut raw);
            let word =
                |i: usize| u32::from_ne_bytes(raw[i * 4..i * 4 + 4].try_into().expect("4 bytes"));
            [word(0), word(1), word(2)]
        }
    };
    let count = group_count(groups);
    DISPATCHES.fetch_add(1, Ordering::Relaxed);
    WORK_GROUPS.fetch_add(count, Ordering::Relaxed);
    if count == 0 {
        return Outcome {
            groups,
            completed: true,
            stopped: None,
            report: 0,
            bounds: None,
        };
    }
    let Work {
        keep_alive, code, ..
    } = &d.work;
    let (keep_alive, code) = (keep_alive.clone(), code.clone());
    let job = pool::Job::new(
        d.work,
        groups,
        d.local_size,
        crate::config::timeout(),
        pool::threads(),
    );
    let (stopped, reports) = pool::run(job);
    // The memory and code the job used stay alive until it is done.
    drop(keep_alive);
    drop(code);
    Outcome {
        groups,
        completed: stopped.is_none(),
        stopped,
        report: reports.barrier,
        bounds: reports.bounds,
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
