//! Query objects (GL 4.6 §4.2): their results, and a context's active queries (query
//! objects are container objects, not shared).

use crate::state::objects::names::NameTable;
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Instant;

/// Nanoseconds since the driver's clock started (the first use in the process).
pub fn now_ns() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// One query object.
#[derive(Debug, Clone, Copy)]
pub struct QueryObject {
    /// The target it was first begun (or created) with.
    pub target: u32,
    pub result: u64,
    /// Set when BeginQuery starts a TIME_ELAPSED query (nanoseconds), or a
    /// COMPUTE_SHADER_INVOCATIONS query (the context's invocation count then).
    pub started_ns: u64,
    pub active: bool,
}

/// A context's query objects and its active queries by (target, index).
#[derive(Default)]
pub struct Queries {
    pub objects: NameTable<QueryObject>,
    pub active: HashMap<(u32, u32), u32>,
    /// Compute shader invocations the context's dispatches have run (a running total
    /// for COMPUTE_SHADER_INVOCATIONS queries, ARB_pipeline_statistics_query).
    pub compute_invocations: u64,
}
