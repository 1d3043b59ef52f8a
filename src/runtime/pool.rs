//! The worker pool that runs work groups. Workers are started lazily at the first
//! dispatch (loading the library stays cheap) and live for the process. A dispatch is a
//! job: the calling thread and every idle worker take chunks of work groups from it
//! until none are left, so uneven groups balance, and the call returns when all groups
//! are done (GL's in-order semantics). A dispatching thread works on its own job when
//! its stack allows (see Stacks), so a job that never ends (an infinite loop) cannot
//! starve another context's job; otherwise it waits for the workers, which such a job
//! can hold until the watchdog aborts it after GLCOMPUTE_TIMEOUT_MS (never, with 0).
//!
//! Stacks: workers run with `limits::WORKER_STACK` bytes of stack, more than any kernel
//! may need (`limits::MAX_KERNEL_STACK`, enforced when the kernel is compiled). The
//! dispatching thread is the application's: it runs groups only if the stack it has
//! left holds the kernel's need; otherwise the workers run them all while it waits.
//!
//! Scratch: each thread's shared memory and frames are zeroed when it starts on a job,
//! so no dispatch sees what another dispatch (of any context) left there; a group may
//! see what an earlier group of the same dispatch left, as GL allows (shared variables
//! are undefined when a group starts).

use crate::runtime::abi;
use crate::runtime::abi::{GroupCtx, KernelFn, Resource};
use crate::runtime::image;
use crate::runtime::memory::Storage;
use crate::runtime::sync::{Condvar, Mutex};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, Weak};
use std::time::{Duration, Instant};

/// Everything the workers need to run the groups of one dispatch.
pub struct Job {
    pub entry: KernelFn,
    pub resources: Vec<Resource>,
    pub images: super::image::ImageTable,
    pub samplers: Box<super::sampler::SamplerTable>,
    pub uniforms: Vec<u8>,
    pub shared_size: usize,
    pub frame_stride: usize,
    pub groups: [u32; 3],
    pub local_size: [u32; 3],
    /// Non-zero stops the job: ABORT_TIMEOUT (the watchdog) or ABORT_OUT_OF_MEMORY.
    pub abort: AtomicU32,
    /// What kernels with the barrier check report (see GroupCtx::report).
    pub report: AtomicU32,
    /// The first out-of-range access kernels with the bounds check recorded.
    pub bounds: crate::runtime::bounds::BoundsReport,
    stack_need: usize,
    next: AtomicU64,
    total: u64,
    chunk: u64,
    /// Threads currently inside the job, and whether it has been fully handed out.
    active: Mutex<u32>,
    /// The same count, read without the lock by a dispatching thread that waits.
    running: AtomicU32,
    idle: Condvar,
    deadline: Option<Instant>,
}

// SAFETY: the raw pointers in `resources`, `images` and `samplers` point into buffer and
// texture storage the dispatch keeps alive until `run` returns, and no thread calls
// `entry` after that (a worker still holding the job finds it exhausted); kernels access
// the storage with the synchronisation GL leaves to the application.
unsafe impl Send for Job {}
// SAFETY: as above; every other field is immutable, atomic, or the job's own Mutex and
// Condvar.
unsafe impl Sync for Job {}

impl Job {
    pub fn new(
        work: crate::runtime::pool::Work,
        groups: [u32; 3],
        local_size: [u32; 3],
        timeout: Option<Duration>,
        threads: usize,
    ) -> Job {
        let crate::runtime::pool::Work {
            entry,
            resources,
            images,
            samplers,
            uniforms,
            shared_size,
            frame_stride,
            stack_need,
            ..
        } = work;
        let total = crate::runtime::pool::group_count(groups);
        // Enough chunks for balance, few enough that taking one is cheap.
        let chunk = (total / (threads as u64 * 16)).clamp(1, 4096);
        Job {
            entry,
            resources,
            images,
            samplers,
            uniforms,
            shared_size,
            frame_stride,
            groups,
            local_size,
            abort: AtomicU32::new(0),
            report: AtomicU32::new(0),
            bounds: Default::default(),
            stack_need,
            next: AtomicU64::new(0),
            total,
            chunk,
            active: Mutex::new(0),
            running: AtomicU32::new(0),
            idle: Condvar::new(),
            deadline: timeout.map(|t| Instant::now() + t),
        }
    }

    fn has_work(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.total && self.abort.load(Ordering::Relaxed) == 0
    }

    /// Scratch bytes one group needs (the thread's write sink, shared memory, then the
    /// invocations' frames), or None if that does not fit in memory at all.
    fn scratch_bytes(&self) -> Option<usize> {
        let invocations = self
            .local_size
            .iter()
            .try_fold(1usize, |a, &v| a.checked_mul(v as usize))?;
        let frames = self.frame_stride.checked_mul(invocations)?;
        self.shared_size
            .checked_next_multiple_of(16)?
            .checked_add(frames)?
            .checked_add(16)?
            .checked_add(crate::runtime::abi::SINK_BYTES)
    }

    /// Runs chunks of groups until the job is exhausted.
    fn work(&self) {
        *self.active.lock() += 1;
        self.running.fetch_add(1, Ordering::AcqRel);
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            let Some(bytes) = self.scratch_bytes() else {
                self.abort.store(ABORT_OUT_OF_MEMORY, Ordering::Relaxed);
                return;
            };
            let need = bytes.div_ceil(16);
            let have = s.len();
            if have < need && s.try_reserve_exact(need - have).is_err() {
                self.abort.store(ABORT_OUT_OF_MEMORY, Ordering::Relaxed);
                return;
            }
            if s.len() < need {
                s.resize(need, 0);
            }
            // No dispatch sees what another left in this thread's scratch.
            s[..need].fill(0);
            // SAFETY: the scratch starts with the thread's sink (SINK_BYTES, a multiple
            // of 16), sized above.
            let base = unsafe { (s.as_mut_ptr() as *mut u8).add(crate::runtime::abi::SINK_BYTES) };
            let mut ctx = GroupCtx {
                resources: self.resources.as_ptr(),
                uniforms: self.uniforms.as_ptr(),
                shared: base,
                // SAFETY: the frame follows the shared memory inside the scratch
                // allocation sized above.
                frame: unsafe { base.add(self.shared_size.div_ceil(16) * 16) },
                frame_stride: self.frame_stride as u64,
                abort: &self.abort,
                num_groups: self.groups,
                group_id: [0; 3],
                local_size: self.local_size,
                _pad: 0,
                images: self.images.as_ptr(),
                samplers: &*self.samplers,
                report: &self.report,
                bounds: &self.bounds,
            };
            let (gx, gy) = (self.groups[0] as u64, self.groups[1] as u64);
            loop {
                if self.abort.load(Ordering::Relaxed) != 0 {
                    break;
                }
                let start = self.next.fetch_add(self.chunk, Ordering::Relaxed);
                if start >= self.total {
                    break;
                }
                let end = (start + self.chunk).min(self.total);
                for g in start..end {
                    ctx.group_id = [
                        (g % gx) as u32,
                        ((g / gx) % gy) as u32,
                        (g / (gx * gy)) as u32,
                    ];
                    // SAFETY: `entry` is a kernel compiled for this job's program; `ctx`
                    // points to the resources, uniforms and scratch memory it expects,
                    // all alive for the call.
                    unsafe { (self.entry)(&ctx) };
                }
            }
        });
        let mut active = self.active.lock();
        *active -= 1;
        self.running.fetch_sub(1, Ordering::AcqRel);
        if *active == 0 {
            self.idle.notify_all();
        }
    }
}

/// How long an idle worker, and a dispatching thread waiting for the workers, poll
/// before sleeping: waking a sleeping thread costs several microseconds, which a
/// sequence of small dispatches would pay at every one.
const SPIN: Duration = Duration::from_micros(50);

/// Polls `done` until it holds or SPIN has passed; returns whether it holds.
fn spin_until(done: impl Fn() -> bool) -> bool {
    // The clock is read only once polling has not sufficed at once.
    let mut until = None;
    loop {
        for _ in 0..64 {
            if done() {
                return true;
            }
            std::hint::spin_loop();
        }
        let now = Instant::now();
        if now >= *until.get_or_insert(now + SPIN) {
            return done();
        }
    }
}

thread_local! {
    /// Shared memory and frame of the work group this thread runs (16-byte aligned).
    static SCRATCH: RefCell<Vec<u128>> = const { RefCell::new(Vec::new()) };
}

pub const ABORT_TIMEOUT: u32 = 1;
pub const ABORT_OUT_OF_MEMORY: u32 = 2;

thread_local! {
    /// This thread's stack as (lowest, highest) address, read once per thread (for the
    /// main thread glibc finds it by reading /proc/self/maps); None inside: unknown.
    static STACK: std::cell::Cell<Option<Option<(usize, usize)>>> = const { std::cell::Cell::new(None) };
}

/// The calling thread's stack bounds, if the system says.
fn stack_bounds() -> Option<(usize, usize)> {
    // SAFETY: pthread_attr_t is plain data that pthread_getattr_np initialises; it is
    // destroyed below; the stack address and size are written to our locals.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut addr: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let r = libc::pthread_attr_getstack(&attr, &mut addr, &mut size);
        libc::pthread_attr_destroy(&mut attr);
        let low = addr as usize;
        (r == 0).then(|| (low, low.saturating_add(size)))
    }
}

/// Bytes of stack the calling thread has left below this point. None when that is not
/// known, including when this point is not on the thread's own stack (a coroutine's
/// or a signal handler's stack): then the thread does not run kernels itself.
fn stack_headroom() -> Option<usize> {
    let here = 0u8;
    let sp = &here as *const u8 as usize;
    let bounds = STACK
        .try_with(|c| match c.get() {
            Some(b) => b,
            None => {
                let b = stack_bounds();
                c.set(Some(b));
                b
            }
        })
        .ok()
        .flatten()?;
    let (low, high) = bounds;
    // The stack grows down towards `low`.
    (low < sp && sp <= high).then(|| sp - low)
}

/// Room kept on the calling thread's stack beyond the kernel's need (the runtime's own
/// frames and whatever a signal handler of the application may use).
const CALLER_MARGIN: usize = 256 << 10;

struct Pool {
    queue: Mutex<Vec<Arc<Job>>>,
    wake: Condvar,
    /// Counts the jobs pushed onto the queue (idle workers poll it before sleeping).
    generation: AtomicU64,
    /// Workers waiting on `wake`; changed and read with the queue's lock held.
    sleepers: AtomicU32,
    threads: usize,
    started: AtomicBool,
    /// Starts the workers once; a thread that asks while another starts them waits.
    spawn: std::sync::Once,
    /// Worker threads that could be started.
    workers: AtomicU32,
    watched: Mutex<Vec<Weak<Job>>>,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        queue: Mutex::new(Vec::new()),
        wake: Condvar::new(),
        generation: AtomicU64::new(0),
        sleepers: AtomicU32::new(0),
        threads: crate::config::threads(),
        started: AtomicBool::new(false),
        spawn: std::sync::Once::new(),
        workers: AtomicU32::new(0),
        watched: Mutex::new(Vec::new()),
    })
}

/// Worker threads in the pool (the dispatching thread makes one more).
pub fn threads() -> usize {
    pool().threads
}

fn start_workers(p: &'static Pool) {
    p.spawn.call_once(|| {
        // At least one worker: the dispatching thread may not be able to run a kernel.
        for i in 1..p.threads.max(2) {
            let spawned = std::thread::Builder::new()
                .name(format!("glcompute-{i}"))
                .stack_size(crate::limits::WORKER_STACK)
                .spawn(move || worker(p));
            if spawned.is_ok() {
                p.workers.fetch_add(1, Ordering::AcqRel);
            }
        }
        let _ = std::thread::Builder::new()
            .name("glcompute-watchdog".into())
            .spawn(move || watchdog(p));
        p.started.store(true, Ordering::Release);
    });
}

/// A worker: takes the first job with work left; when there is none, polls for a new
/// one for SPIN, then sleeps until one is pushed.
fn worker(p: &'static Pool) {
    let mut seen = p.generation.load(Ordering::Acquire);
    // The job this thread ran last, released under the queue's lock: the dispatcher
    // takes that lock before it releases its own reference, so whichever of the two
    // frees the job does so after the other's last use of it, in an order the race
    // detectors see too (an Arc's count is an atomic they do not model).
    let mut last: Option<Arc<Job>> = None;
    loop {
        spin_until(|| p.generation.load(Ordering::Acquire) != seen);
        let job = {
            let mut q = p.queue.lock();
            drop(last.take());
            q.retain(|j| j.has_work());
            let now = p.generation.load(Ordering::Acquire);
            let fresh = now != seen;
            seen = now;
            match q.first() {
                Some(j) => Some(j.clone()),
                None => {
                    // Nothing came while polling: sleep. A job pushed after this thread
                    // took the lock finds it counted here and wakes it.
                    if !fresh {
                        p.sleepers.fetch_add(1, Ordering::Relaxed);
                        p.wake.wait(&mut q);
                        p.sleepers.fetch_sub(1, Ordering::Relaxed);
                    }
                    None
                }
            }
        };
        if let Some(job) = job {
            job.work();
            last = Some(job);
        }
    }
}

/// Aborts jobs that run past their deadline.
fn watchdog(p: &'static Pool) {
    loop {
        std::thread::sleep(Duration::from_millis(50));
        let now = Instant::now();
        let mut w = p.watched.lock();
        w.retain(|j| match j.upgrade() {
            Some(job) => {
                if job.deadline.is_some_and(|d| now > d) {
                    job.abort.store(ABORT_TIMEOUT, Ordering::Relaxed);
                }
                true
            }
            None => false,
        });
    }
}

/// What a job's kernels reported: GroupCtx::report and GroupCtx::bounds.
pub struct Reports {
    pub barrier: u32,
    pub bounds: Option<crate::runtime::bounds::BoundsHit>,
}

/// Runs every group of the job; returns why it stopped early, if it did, and what its
/// kernels reported.
pub fn run(job: Job) -> (Option<crate::runtime::pool::Stop>, Reports) {
    let p = pool();
    let job = Arc::new(job);
    let caller_runs =
        stack_headroom().is_some_and(|h| h >= job.stack_need.saturating_add(CALLER_MARGIN));
    if (job.total > 1 && p.threads > 1) || !caller_runs {
        start_workers(p);
        if !caller_runs && p.workers.load(Ordering::Acquire) == 0 {
            // No thread can run the kernel: the system gave no worker thread.
            return (
                Some(crate::runtime::pool::Stop::OutOfMemory),
                Reports {
                    barrier: 0,
                    bounds: None,
                },
            );
        }
        // Signalled with the queue's lock held, so a worker that has just found the
        // queue empty is already waiting (and the race detectors see the pairing).
        let mut q = p.queue.lock();
        q.push(job.clone());
        p.generation.fetch_add(1, Ordering::AcqRel);
        if p.sleepers.load(Ordering::Relaxed) > 0 {
            p.wake.notify_all();
        }
        drop(q);
    }
    if job.deadline.is_some() {
        if !p.started.load(Ordering::Acquire) {
            start_workers(p);
        }
        p.watched.lock().push(Arc::downgrade(&job));
    }
    if caller_runs {
        job.work();
    }
    // Wait for the workers still on the job (all of it, if this thread cannot run it):
    // briefly by polling, then on the condition variable.
    spin_until(|| job.running.load(Ordering::Acquire) == 0 && !job.has_work());
    let mut active = job.active.lock();
    while *active > 0 || job.has_work() {
        job.idle
            .wait_timeout(&mut active, Duration::from_millis(20));
    }
    drop(active);
    p.queue.lock().retain(|j| !Arc::ptr_eq(j, &job));
    let stop = match job.abort.load(Ordering::Relaxed) {
        0 => None,
        ABORT_OUT_OF_MEMORY => Some(crate::runtime::pool::Stop::OutOfMemory),
        _ => Some(crate::runtime::pool::Stop::Timeout),
    };
    (
        stop,
        Reports {
            barrier: job.report.load(Ordering::Relaxed),
            bounds: job.bounds.hit(),
        },
    )
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
    pub samplers: Box<crate::runtime::sampler::SamplerTable>,
    /// Keeps the memory the descriptor tables point into alive during the dispatch.
    pub keep_alive: Vec<Arc<Storage>>,
    /// The default uniform block's values at the time of the dispatch.
    pub uniforms: Vec<u8>,
    /// Keeps the compiled code alive during the dispatch.
    pub code: Arc<dyn std::any::Any + Send + Sync>,
    /// Bytes of stack a thread needs to run the kernel.
    pub stack_need: usize,
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
