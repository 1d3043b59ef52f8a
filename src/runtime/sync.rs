//! The mutex every layer uses for shared GL state, and the mutex and condition variable
//! of the worker pool. They are POSIX objects, not futex locks: valgrind's race
//! detectors (helgrind, drd) understand pthread locking, so the multi-threaded C tests
//! (dispatches included) can run under them with real happens-before information
//! instead of thousands of false reports. An uncontended lock costs the same order of
//! nanoseconds as a futex lock, and GL state is locked a few times per command.

use std::cell::UnsafeCell;
use std::ops::{Deref, DerefMut};

pub struct Mutex<T> {
    // Boxed: a pthread mutex must not move once it has been used.
    raw: Box<UnsafeCell<libc::pthread_mutex_t>>,
    data: UnsafeCell<T>,
}

// SAFETY: access to `data` is serialised by the mutex, so it may be shared and sent
// whenever T itself may be sent between threads.
unsafe impl<T: Send> Send for Mutex<T> {}
// SAFETY: as above.
unsafe impl<T: Send> Sync for Mutex<T> {}

impl<T> Mutex<T> {
    pub fn new(value: T) -> Mutex<T> {
        let raw = Box::new(UnsafeCell::new(libc::PTHREAD_MUTEX_INITIALIZER));
        // SAFETY: `raw` points to writable, boxed storage for a mutex. Initialising it
        // explicitly (not only statically) lets drd know the object is a mutex.
        let rc = unsafe { libc::pthread_mutex_init(raw.get(), std::ptr::null()) };
        assert_eq!(rc, 0, "pthread_mutex_init failed");
        Mutex {
            raw,
            data: UnsafeCell::new(value),
        }
    }

    pub fn lock(&self) -> MutexGuard<'_, T> {
        // SAFETY: the mutex was initialised and never moves (it is boxed). Locking it
        // again on a thread that holds it deadlocks (a default mutex); any other
        // failure is caught by the assertion.
        let rc = unsafe { libc::pthread_mutex_lock(self.raw.get()) };
        assert_eq!(rc, 0, "pthread_mutex_lock failed");
        MutexGuard {
            mutex: self,
            _not_send: std::marker::PhantomData,
        }
    }

    pub fn get_mut(&mut self) -> &mut T {
        self.data.get_mut()
    }
}

impl<T: Default> Default for Mutex<T> {
    fn default() -> Self {
        Mutex::new(T::default())
    }
}

impl<T> Drop for Mutex<T> {
    fn drop(&mut self) {
        // SAFETY: we have exclusive access, so no guard is alive (after a guard leaked
        // with mem::forget the mutex is still locked, which POSIX leaves undefined here;
        // glibc returns EBUSY, ignored).
        unsafe { libc::pthread_mutex_destroy(self.raw.get()) };
    }
}

pub struct MutexGuard<'a, T> {
    mutex: &'a Mutex<T>,
    /// Not Send: a pthread mutex must be unlocked by the thread that locked it.
    _not_send: std::marker::PhantomData<*const ()>,
}

// SAFETY: sharing a guard shares only `&T` (Deref), which is sound when T is Sync.
unsafe impl<T: Sync> Sync for MutexGuard<'_, T> {}

impl<T> Deref for MutexGuard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: the guard holds the lock.
        unsafe { &*self.mutex.data.get() }
    }
}

impl<T> DerefMut for MutexGuard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: the guard holds the lock, and `&mut self` makes this the only access.
        unsafe { &mut *self.mutex.data.get() }
    }
}

impl<T> Drop for MutexGuard<'_, T> {
    fn drop(&mut self) {
        // SAFETY: this guard locked the mutex on this thread.
        unsafe { libc::pthread_mutex_unlock(self.mutex.raw.get()) };
    }
}

/// A POSIX condition variable (on CLOCK_MONOTONIC) for [`Mutex`].
pub struct Condvar {
    // Boxed: a pthread condition variable must not move once it has been used.
    raw: Box<UnsafeCell<libc::pthread_cond_t>>,
}

// SAFETY: a pthread condition variable is made to be used from several threads.
unsafe impl Send for Condvar {}
// SAFETY: as above.
unsafe impl Sync for Condvar {}

impl Condvar {
    pub fn new() -> Condvar {
        let raw = Box::new(UnsafeCell::new(libc::PTHREAD_COND_INITIALIZER));
        // SAFETY: `attr` is initialised before use and destroyed after; `raw` points to
        // writable, boxed storage for a condition variable.
        unsafe {
            let mut attr: libc::pthread_condattr_t = std::mem::zeroed();
            let mut rc = libc::pthread_condattr_init(&mut attr);
            if rc == 0 {
                libc::pthread_condattr_setclock(&mut attr, libc::CLOCK_MONOTONIC);
                rc = libc::pthread_cond_init(raw.get(), &attr);
                libc::pthread_condattr_destroy(&mut attr);
            }
            assert_eq!(rc, 0, "pthread_cond_init failed");
        }
        Condvar { raw }
    }

    /// Waits until notified (or spuriously woken), releasing `guard`'s lock meanwhile.
    pub fn wait<T>(&self, guard: &mut MutexGuard<'_, T>) {
        // SAFETY: the guard holds its mutex on this thread, as pthread_cond_wait needs.
        unsafe { libc::pthread_cond_wait(self.raw.get(), guard.mutex.raw.get()) };
    }

    /// Waits as [`Condvar::wait`], for at most `timeout`.
    pub fn wait_timeout<T>(&self, guard: &mut MutexGuard<'_, T>, timeout: std::time::Duration) {
        // SAFETY: `now` is written by clock_gettime; the guard holds its mutex on this
        // thread, as pthread_cond_timedwait needs.
        unsafe {
            let mut now: libc::timespec = std::mem::zeroed();
            libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now);
            let nanos = now.tv_nsec as u64 + timeout.subsec_nanos() as u64;
            let secs = (now.tv_sec as u64)
                .saturating_add(timeout.as_secs())
                .saturating_add(nanos / 1_000_000_000);
            let until = libc::timespec {
                tv_sec: secs.min(i64::MAX as u64) as libc::time_t,
                tv_nsec: (nanos % 1_000_000_000) as libc::c_long,
            };
            libc::pthread_cond_timedwait(self.raw.get(), guard.mutex.raw.get(), &until);
        }
    }

    pub fn notify_all(&self) {
        // SAFETY: the condition variable was initialised and never moves.
        unsafe { libc::pthread_cond_broadcast(self.raw.get()) };
    }
}

impl Default for Condvar {
    fn default() -> Self {
        Condvar::new()
    }
}

impl Drop for Condvar {
    fn drop(&mut self) {
        // SAFETY: nobody waits on it (we have exclusive access).
        unsafe { libc::pthread_cond_destroy(self.raw.get()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn counts_under_contention() {
        let m = Arc::new(Mutex::new(0u64));
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let m = m.clone();
                std::thread::spawn(move || {
                    for _ in 0..10_000 {
                        *m.lock() += 1;
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(*m.lock(), 40_000);
    }
}
