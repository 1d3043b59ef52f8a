//! The mutex every layer uses for shared GL state. It is a POSIX mutex, not a futex
//! lock: valgrind's race detectors (helgrind, drd) understand pthread locking, so the
//! multi-threaded C tests can run under them with real happens-before information
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
        // SAFETY: the mutex was initialised and never moves (it is boxed); locking a
        // default (non-recursive) mutex we do not hold cannot fail.
        let rc = unsafe { libc::pthread_mutex_lock(self.raw.get()) };
        assert_eq!(rc, 0, "pthread_mutex_lock failed");
        MutexGuard { mutex: self }
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
        // SAFETY: nobody holds the lock (we have exclusive access).
        unsafe { libc::pthread_mutex_destroy(self.raw.get()) };
    }
}

pub struct MutexGuard<'a, T> {
    mutex: &'a Mutex<T>,
}

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
