//! Runs child processes over ranges of input indices, one line of output per input,
//! and notices when a child crashes (exits before its range is done) or hangs (prints
//! nothing for the timeout): the input it was on is reported, and a new child goes on
//! from the next index.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// What happened to one input that did not simply run.
#[derive(Debug, Clone)]
pub enum Failure {
    Crash { index: u64, status: String },
    Hang { index: u64 },
}

/// Runs `make(from, to)` children until every index of from..to has a line; calls
/// `line` with each line (its first word is the index). Returns the failures.
pub fn run_range(
    from: u64,
    to: u64,
    timeout: Duration,
    make: &dyn Fn(u64, u64) -> Command,
    line: &mut dyn FnMut(u64, &str),
) -> Vec<Failure> {
    let mut failures = Vec::new();
    let mut next = from;
    while next < to {
        let mut cmd = make(next, to);
        cmd.stdout(Stdio::piped()).stdin(Stdio::null());
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                failures.push(Failure::Crash {
                    index: next,
                    status: format!("cannot start the child: {e}"),
                });
                return failures;
            }
        };
        let out = child.stdout.take().expect("piped");
        let (tx, rx) = mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            for l in BufReader::new(out).lines() {
                match l {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        let mut hung = false;
        loop {
            match rx.recv_timeout(timeout) {
                Ok(l) => {
                    let index = l
                        .split_whitespace()
                        .next()
                        .and_then(|w| w.parse::<u64>().ok());
                    if let Some(i) = index {
                        line(i, &l);
                        next = i + 1;
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    hung = true;
                    let _ = child.kill();
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        let status = child.wait();
        let _ = reader.join();
        if hung {
            failures.push(Failure::Hang { index: next });
            next += 1;
        } else if next < to {
            let status = match status {
                Ok(s) => format!("{s}"),
                Err(e) => e.to_string(),
            };
            failures.push(Failure::Crash {
                index: next,
                status,
            });
            next += 1;
        }
    }
    failures
}

/// Splits from..to into `jobs` ranges and runs them on as many threads.
pub fn run_parallel<T: Send + 'static>(
    from: u64,
    to: u64,
    jobs: u64,
    work: impl Fn(u64, u64) -> T + Send + Sync + 'static,
) -> Vec<T> {
    let jobs = jobs.max(1);
    let per = (to - from).div_ceil(jobs).max(1);
    let work = std::sync::Arc::new(work);
    let handles: Vec<_> = (0..jobs)
        .map(|j| {
            let a = from + j * per;
            let b = (a + per).min(to);
            let w = work.clone();
            std::thread::spawn(move || (a < b).then(|| w(a, b)))
        })
        .collect();
    handles
        .into_iter()
        .filter_map(|h| h.join().ok().flatten())
        .collect()
}
