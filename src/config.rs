//! `GLCOMPUTE_*` environment variables, read once on first use (never at library load,
//! so loading the library stays cheap). The README documents each one.

use std::sync::OnceLock;

struct Config {
    log_errors: bool,
    log_all: bool,
    fault: Option<String>,
    threads: Option<usize>,
}

fn config() -> &'static Config {
    static CONFIG: OnceLock<Config> = OnceLock::new();
    CONFIG.get_or_init(|| {
        let log = std::env::var("GLCOMPUTE_LOG").unwrap_or_default();
        let words: Vec<&str> = log.split([',', ' ']).map(str::trim).collect();
        let log_all = words.contains(&"all");
        Config {
            log_errors: log_all || words.contains(&"errors"),
            log_all,
            fault: std::env::var("GLCOMPUTE_FAULT")
                .ok()
                .filter(|s| !s.is_empty()),
            threads: std::env::var("GLCOMPUTE_THREADS")
                .ok()
                .and_then(|s| s.trim().parse::<usize>().ok())
                .filter(|&n| n > 0),
        }
    })
}

/// GLCOMPUTE_LOG=errors: print every GL error, with its explanation, to stderr.
pub fn log_errors() -> bool {
    config().log_errors
}

/// GLCOMPUTE_LOG=all: print every debug message glcompute generates to stderr.
pub fn log_all() -> bool {
    config().log_all
}

/// GLCOMPUTE_FAULT=glName: make that entry point fail internally (a test of the
/// panic-containment path; the call reports GL_OUT_OF_MEMORY and a debug message).
pub fn fault_injected(func: &str) -> bool {
    config().fault.as_deref() == Some(func)
}

/// Worker threads: GLCOMPUTE_THREADS, else the CPUs this process may run on.
pub fn threads() -> usize {
    config().threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}
