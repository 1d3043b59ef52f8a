//! The worker pool that runs work groups. Workers are started lazily at the first
//! dispatch (loading the library stays cheap) and live for the process. A dispatch is a
//! job: the calling thread and every idle worker take chunks of work groups from it
//! until none are left, so uneven groups balance, and the call returns when all groups
//! are done (GL's in-order semantics). A dispatching thread always works on its own job,
//! so a job that never ends (an infinite loop) cannot starve another context's job;
//! the watchdog aborts it after GLCOMPUTE_TIMEOUT_MS.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

use super::abi::{GroupCtx, KernelFn, Resource};

/// Everything the workers need to run the groups of one dispatch.
pub struct Job {
    pub entry: KernelFn,
    pub resources: Vec<Resource>,
    pub uniforms: Vec<u8>,
    pub shared_size: usize,
    pub frame_stride: usize,
    pub groups: [u32; 3],
    pub local_size: [u32; 3],
    pub abort: AtomicU32,
    next: AtomicU64,
    total: u64,
    chunk: u64,
    /// Threads currently inside the job, and whether it has been fully handed out.
    active: Mutex<u32>,
    idle: Condvar,
    deadline: Option<Instant>,
}

// SAFETY: the raw pointers in `resources` point into buffer storage kept alive by the
// dispatch for the job's lifetime; kernels access them with the synchronisation GL
// leaves to the application.
unsafe impl Send for Job {}
// SAFETY: as above; every other field is immutable or atomic.
unsafe impl Sync for Job {}

impl Job {
    pub fn new(
        work: super::Work,
        groups: [u32; 3],
        local_size: [u32; 3],
        timeout: Option<Duration>,
        threads: usize,
    ) -> Job {
        let super::Work {
            entry,
            resources,
            uniforms,
            shared_size,
            frame_stride,
            ..
        } = work;
        let total = groups.iter().map(|&g| g as u64).product::<u64>();
        // Enough chunks for balance, few enough that taking one is cheap.
        let chunk = (total / (threads as u64 * 16)).clamp(1, 4096);
        Job {
            entry,
            resources,
            uniforms,
            shared_size,
            frame_stride,
            groups,
            local_size,
            abort: AtomicU32::new(0),
            next: AtomicU64::new(0),
            total,
            chunk,
            active: Mutex::new(0),
            idle: Condvar::new(),
            deadline: timeout.map(|t| Instant::now() + t),
        }
    }

    fn has_work(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.total && self.abort.load(Ordering::Relaxed) == 0
    }

    /// Runs chunks of groups until the job is exhausted.
    fn work(&self) {
        *self.active.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            let invocations = self
                .local_size
                .iter()
                .map(|&v| v as usize)
                .product::<usize>();
            let frame_bytes = self.frame_stride * invocations;
            let need = (self.shared_size + frame_bytes).div_ceil(16) + 1;
            if s.len() < need {
                s.resize(need, 0);
            }
            let base = s.as_mut_ptr() as *mut u8;
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
        let mut active = self.active.lock().unwrap_or_else(|e| e.into_inner());
        *active -= 1;
        if *active == 0 {
            self.idle.notify_all();
        }
    }
}

thread_local! {
    /// Shared memory and frame of the work group this thread runs (16-byte aligned).
    static SCRATCH: RefCell<Vec<u128>> = const { RefCell::new(Vec::new()) };
}

struct Pool {
    queue: Mutex<Vec<Arc<Job>>>,
    wake: Condvar,
    threads: usize,
    started: AtomicBool,
    watched: Mutex<Vec<Weak<Job>>>,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        queue: Mutex::new(Vec::new()),
        wake: Condvar::new(),
        threads: crate::config::threads(),
        started: AtomicBool::new(false),
        watched: Mutex::new(Vec::new()),
    })
}

/// Worker threads in the pool (the dispatching thread makes one more).
pub fn threads() -> usize {
    pool().threads
}

fn start_workers(p: &'static Pool) {
    if p.started.swap(true, Ordering::AcqRel) {
        return;
    }
    for i in 1..p.threads {
        let _ = std::thread::Builder::new()
            .name(format!("glcompute-{i}"))
            .spawn(move || worker(p));
    }
    let _ = std::thread::Builder::new()
        .name("glcompute-watchdog".into())
        .spawn(move || watchdog(p));
}

fn worker(p: &'static Pool) {
    loop {
        let job = {
            let mut q = p.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                q.retain(|j| j.has_work());
                if let Some(j) = q.first() {
                    break j.clone();
                }
                q = p.wake.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        job.work();
    }
}

/// Aborts jobs that run past their deadline.
fn watchdog(p: &'static Pool) {
    loop {
        std::thread::sleep(Duration::from_millis(50));
        let now = Instant::now();
        let mut w = p.watched.lock().unwrap_or_else(|e| e.into_inner());
        w.retain(|j| match j.upgrade() {
            Some(job) => {
                if job.deadline.is_some_and(|d| now > d) {
                    job.abort.store(1, Ordering::Relaxed);
                }
                true
            }
            None => false,
        });
    }
}

/// Runs every group of the job; returns false if the watchdog aborted it.
pub fn run(job: Job) -> bool {
    let p = pool();
    let job = Arc::new(job);
    if job.total > 1 && p.threads > 1 {
        start_workers(p);
        p.queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(job.clone());
        p.wake.notify_all();
    }
    if job.deadline.is_some() {
        if !p.started.load(Ordering::Acquire) {
            start_workers(p);
        }
        p.watched
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Arc::downgrade(&job));
    }
    job.work();
    // Wait for helpers still finishing their last chunk.
    let mut active = job.active.lock().unwrap_or_else(|e| e.into_inner());
    while *active > 0 {
        active = job.idle.wait(active).unwrap_or_else(|e| e.into_inner());
    }
    drop(active);
    p.queue
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|j| !Arc::ptr_eq(j, &job));
    job.abort.load(Ordering::Relaxed) == 0
}
