//! The runtime: memory behind GL objects and the execution of dispatches. It owns raw
//! memory access and (with the back end) running compiled work-group functions on a
//! thread pool. It is the bottom layer: it calls nothing above it; the state layer hands
//! it fully validated requests.

pub mod abi;
pub mod image;
pub mod memory;
pub mod pool;
pub mod sampler;
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

/// The compiled code and bound resources of a dispatch.
pub struct Work {
    pub entry: abi::KernelFn,
    pub shared_size: usize,
    pub frame_stride: usize,
    /// The descriptor table, in the kernel's slot order.
    pub resources: Vec<abi::Resource>,
    /// The image units' descriptors.
    pub images: image::ImageTable,
    /// The texture units as the program's samplers see them.
    pub samplers: Box<sampler::SamplerTable>,
    /// Keeps the memory the descriptor tables point into alive during the dispatch.
    pub keep_alive: Vec<Arc<Storage>>,
    /// The default uniform block's values at the time of the dispatch.
    pub uniforms: Vec<u8>,
    /// Keeps the compiled code alive during the dispatch.
    pub code: Arc<dyn std::any::Any + Send + Sync>,
    /// Bytes of stack a thread needs to run the kernel.
    pub stack_need: usize,
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
    pub bounds: Option<abi::BoundsHit>,
}

/// Why a dispatch stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The watchdog: it ran past GLCOMPUTE_TIMEOUT_MS.
    Timeout,
    /// A thread could not allocate the groups' scratch memory.
    OutOfMemory,
}

/// The number of work groups of a dispatch, saturating: a count past 2^64 cannot be
/// run to its end anyway, and must not wrap to a small number (or zero).
pub fn group_count(groups: [u32; 3]) -> u64 {
    groups
        .iter()
        .fold(1u64, |acc, &g| acc.saturating_mul(g as u64))
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
