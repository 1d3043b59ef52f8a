//! `GLCOMPUTE_*` environment variables, read once on first use (never at library load,
//! so loading the library stays cheap). docs/environment.md documents each one.

use std::sync::OnceLock;

struct Config {
    log_errors: bool,
    log_all: bool,
    log_calls: bool,
    fault: Option<String>,
    threads: Option<usize>,
    timeout_ms: u64,
    host_caps_off: Vec<String>,
    debug_barriers: bool,
    debug_bounds: bool,
    debug_verify: bool,
    debug_scalar: bool,
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
            log_calls: log_all || words.contains(&"calls"),
            fault: std::env::var("GLCOMPUTE_FAULT")
                .ok()
                .filter(|s| !s.is_empty()),
            threads: std::env::var("GLCOMPUTE_THREADS")
                .ok()
                .and_then(|s| s.trim().parse::<usize>().ok())
                .filter(|&n| n > 0),
            host_caps_off: std::env::var("GLCOMPUTE_HOST_CAPS")
                .unwrap_or_default()
                .split([',', ' '])
                .filter_map(|w| w.trim().strip_prefix('-'))
                .map(str::to_string)
                .collect(),
            timeout_ms: std::env::var("GLCOMPUTE_TIMEOUT_MS")
                .ok()
                .and_then(|s| s.trim().parse::<u64>().ok())
                .unwrap_or(DEFAULT_TIMEOUT_MS),
            debug_barriers: debug_word("barriers"),
            debug_bounds: debug_word("bounds"),
            debug_verify: debug_word("verify"),
            debug_scalar: debug_word("scalar"),
        }
    })
}

/// Whether GLCOMPUTE_DEBUG (comma- or space-separated words) holds `word`.
fn debug_word(word: &str) -> bool {
    std::env::var("GLCOMPUTE_DEBUG")
        .unwrap_or_default()
        .split([',', ' '])
        .any(|w| w.trim() == word)
}

/// Writes one line to stderr. Never panics (eprintln! does when stderr fails with
/// anything but EBADF, e.g. EPIPE): for messages on paths outside a caught call.
pub fn say(args: std::fmt::Arguments) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{args}");
}

/// GLCOMPUTE_DEBUG=barriers: programs are compiled with a run-time check that every
/// invocation of a work group reaches each barrier the same way; a dispatch that
/// breaks it is reported (KHR_debug and stderr) with the barrier's source line.
pub fn debug_barriers() -> bool {
    config().debug_barriers
}

/// GLCOMPUTE_DEBUG=bounds: programs are compiled to record the first out-of-range
/// buffer or image access of each dispatch, which is reported (KHR_debug and stderr)
/// with the program, the source line, the index or coordinates and the range's size.
pub fn debug_bounds() -> bool {
    config().debug_bounds
}

/// GLCOMPUTE_DEBUG=verify: Cranelift's IR verifier checks the code generated for every
/// program (backend::Options::verify).
pub fn debug_verify() -> bool {
    config().debug_verify
}

/// GLCOMPUTE_DEBUG=scalar: every region of a kernel runs one invocation at a time,
/// never in SIMD lanes (backend::Options::scalar).
pub fn debug_scalar() -> bool {
    config().debug_scalar
}

/// GLCOMPUTE_LOG=errors: print every GL error, with its explanation, to stderr.
pub fn log_errors() -> bool {
    config().log_errors
}

/// GLCOMPUTE_LOG=all: print every debug message glcompute generates to stderr.
pub fn log_all() -> bool {
    config().log_all
}

/// GLCOMPUTE_LOG=calls: in interposed mode, name each entry point the first time
/// glcompute takes a call of it over from the host driver.
pub fn log_calls() -> bool {
    config().log_calls
}

/// GLCOMPUTE_HOST_CAPS=-dsa,-ssbo,-atomic_counters,-compute,-get_sub_image (testing aid, interposed
/// mode): act as if the host driver lacked these features.
pub fn host_caps_off(feature: &str) -> bool {
    config().host_caps_off.iter().any(|f| f == feature)
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

/// A dispatch that runs longer than this is aborted (a shader stuck in a loop must not
/// hang the application): 30 s unless GLCOMPUTE_TIMEOUT_MS says otherwise.
const DEFAULT_TIMEOUT_MS: u64 = 30_000;

/// GLCOMPUTE_TIMEOUT_MS: the dispatch watchdog's limit; 0 disables it.
pub fn timeout() -> Option<std::time::Duration> {
    let ms = config().timeout_ms;
    (ms > 0).then(|| std::time::Duration::from_millis(ms))
}
