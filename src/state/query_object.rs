//! Query objects (GL 4.6 §4.2): per-context container objects (not shared, GL 4.6
//! §5.1) with the begin/end rules of §4.2.1 and the result queries of §4.2.3.
//! Timer queries measure for real: glcompute executes every command when it is
//! called, so TIME_ELAPSED is the time from BeginQuery to EndQuery as this process
//! sees it, and TIMESTAMP (QueryCounter, or Get of TIMESTAMP) is the time since the
//! process first read glcompute's clock (its first timestamp or timer query), in
//! nanoseconds on a monotonic clock. COMPUTE_SHADER_INVOCATIONS (GL 4.6 §4.2,
//! ARB_pipeline_statistics_query) counts the invocations of the dispatches between
//! BeginQuery and EndQuery. Occlusion, primitive, transform feedback overflow and the
//! other pipeline statistics queries count what glcompute draws, which is nothing:
//! their result is 0, and BeginQuery says so through KHR_debug. Every result is
//! available as soon as the query ends.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::MAX_VERTEX_STREAMS;
use crate::limits::QUERY_COUNTER_BITS;
use crate::state::context::ContextState;
use crate::state::objects::query::{QueryObject, now_ns};

/// GL 4.6 §4.2.1: the targets BeginQuery(Indexed) takes, and how many indices each has.
fn begin_target(target: u32) -> Option<u32> {
    match target {
        GL_SAMPLES_PASSED
        | GL_ANY_SAMPLES_PASSED
        | GL_ANY_SAMPLES_PASSED_CONSERVATIVE
        | GL_TIME_ELAPSED
        | GL_TRANSFORM_FEEDBACK_OVERFLOW => Some(1),
        GL_PRIMITIVES_GENERATED
        | GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN
        | GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW => Some(MAX_VERTEX_STREAMS as u32),
        t if PIPELINE_STATISTICS.contains(&t) => Some(1),
        _ => None,
    }
}

/// The pipeline statistics query targets (GL 4.6 §4.2, table 4.1).
const PIPELINE_STATISTICS: [u32; 11] = [
    GL_VERTICES_SUBMITTED,
    GL_PRIMITIVES_SUBMITTED,
    GL_VERTEX_SHADER_INVOCATIONS,
    GL_TESS_CONTROL_SHADER_PATCHES,
    GL_TESS_EVALUATION_SHADER_INVOCATIONS,
    GL_GEOMETRY_SHADER_INVOCATIONS,
    GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED,
    GL_FRAGMENT_SHADER_INVOCATIONS,
    GL_COMPUTE_SHADER_INVOCATIONS,
    GL_CLIPPING_INPUT_PRIMITIVES,
    GL_CLIPPING_OUTPUT_PRIMITIVES,
];

fn check_target(target: u32, index: u32) -> GlResult<()> {
    let Some(n) = begin_target(target) else {
        // GL 4.6 §4.2.1: INVALID_ENUM if target is not a query target.
        gl_bail!(
            GL_INVALID_ENUM,
            "target {} is not a query target of BeginQuery/EndQuery",
            Enum(target)
        );
    };
    // GL 4.6 §4.2.1: INVALID_VALUE if index is not below the target's number of
    // indices (1, or MAX_VERTEX_STREAMS).
    if index >= n {
        gl_bail!(
            GL_INVALID_VALUE,
            "index = {index} is not below {n} for {}",
            Enum(target)
        );
    }
    Ok(())
}

/// OpenGL ES 3.2 §4.2: its query targets (no BeginQueryIndexed: index 0).
const ES_TARGETS: [u32; 4] = [
    GL_ANY_SAMPLES_PASSED,
    GL_ANY_SAMPLES_PASSED_CONSERVATIVE,
    GL_PRIMITIVES_GENERATED,
    GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
];

impl ContextState {
    /// The target checks of BeginQuery, EndQuery and GetQueryiv: in an OpenGL ES
    /// context, INVALID_ENUM for a desktop GL target (OpenGL ES 3.2 §4.2.1, §4.2.3).
    fn check_query_target(&self, target: u32, index: u32) -> GlResult<()> {
        if self.info.es && !ES_TARGETS.contains(&target) {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a query target of OpenGL ES",
                Enum(target)
            );
        }
        check_target(target, index)
    }

    /// GenQueries (GL 4.6 §4.2): names only; objects come with the first Begin.
    pub fn gen_queries(&mut self, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.queries.objects.alloc()).collect()
    }

    /// CreateQueries (GL 4.6 §4.2): objects of `target`.
    pub fn create_queries(&mut self, target: u32, n: usize) -> GlResult<Vec<u32>> {
        // GL 4.6 §4.2: INVALID_ENUM if target is not a query target.
        if begin_target(target).is_none() && target != GL_TIMESTAMP {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a query target",
                Enum(target)
            );
        }
        Ok((0..n)
            .map(|_| {
                let name = self.queries.objects.alloc();
                self.queries.objects.set(
                    name,
                    QueryObject {
                        target,
                        result: 0,
                        started_ns: 0,
                        active: false,
                    },
                );
                name
            })
            .collect())
    }

    /// DeleteQueries (GL 4.6 §4.2): unused names and 0 are ignored; an active query
    /// ends as it is deleted.
    pub fn delete_queries(&mut self, names: &[u32]) {
        for &name in names {
            if name != 0 && self.queries.objects.remove(name).is_some() {
                self.queries.active.retain(|_, v| *v != name);
            }
        }
    }

    pub fn is_query(&self, name: u32) -> bool {
        name != 0 && self.queries.objects.get(name).is_some()
    }

    /// BeginQuery's and QueryCounter's checks of `id` (GL 4.6 §4.2.1, §4.3):
    /// INVALID_OPERATION if it is zero or not a name from GenQueries or CreateQueries
    /// (or was deleted), if the query is active, or if it is a query of another target.
    fn check_query_name(&self, id: u32, target: u32) -> GlResult<()> {
        if id == 0 || !self.queries.objects.is_name(id) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "id = {id} is not a name returned by glGenQueries or glCreateQueries"
            );
        }
        if let Some(q) = self.queries.objects.get(id) {
            if q.active {
                gl_bail!(GL_INVALID_OPERATION, "query {id} is active");
            }
            if q.target != target {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "query {id} is a {} query, not {}",
                    Enum(q.target),
                    Enum(target)
                );
            }
        }
        Ok(())
    }

    /// BeginQuery / BeginQueryIndexed (GL 4.6 §4.2.1).
    pub fn begin_query(&mut self, target: u32, index: u32, id: u32) -> GlResult<()> {
        self.check_query_target(target, index)?;
        // GL 4.6 §4.2.1: INVALID_OPERATION if a query of target and index is active.
        if self.queries.active.contains_key(&(target, index)) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a {} query of index {index} is already active",
                Enum(target)
            );
        }
        // GL 4.6 §4.2.1: INVALID_OPERATION if id is not a query name, is active, or
        // is a query of another target.
        self.check_query_name(id, target)?;
        let draws = !matches!(target, GL_TIME_ELAPSED | GL_COMPUTE_SHADER_INVOCATIONS);
        let started_ns = if target == GL_COMPUTE_SHADER_INVOCATIONS {
            self.queries.compute_invocations
        } else {
            now_ns()
        };
        self.queries.objects.set(
            id,
            QueryObject {
                target,
                result: 0,
                started_ns,
                active: true,
            },
        );
        self.queries.active.insert((target, index), id);
        if draws {
            self.notify(
                0,
                GL_DEBUG_SEVERITY_MEDIUM,
                format!(
                    "query {id} ({}) counts what is drawn, and glcompute draws nothing: its result will be 0",
                    Enum(target)
                ),
            );
        }
        Ok(())
    }

    /// EndQuery / EndQueryIndexed (GL 4.6 §4.2.1): the result is available at once.
    pub fn end_query(&mut self, target: u32, index: u32) -> GlResult<()> {
        self.check_query_target(target, index)?;
        // GL 4.6 §4.2.1: INVALID_OPERATION if no query of target and index is active.
        let Some(id) = self.queries.active.remove(&(target, index)) else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "no {} query of index {index} is active",
                Enum(target)
            );
        };
        if let Some(q) = self.queries.objects.get_mut(id) {
            q.active = false;
            q.result = match target {
                GL_TIME_ELAPSED => now_ns().saturating_sub(q.started_ns),
                GL_COMPUTE_SHADER_INVOCATIONS => self
                    .queries
                    .compute_invocations
                    .saturating_sub(q.started_ns),
                _ => 0,
            };
        }
        Ok(())
    }

    /// QueryCounter (GL 4.6 §4.3): records TIMESTAMP into `id`.
    pub fn query_counter(&mut self, id: u32, target: u32) -> GlResult<()> {
        // GL 4.6 §4.3: INVALID_ENUM if target is not TIMESTAMP.
        if target != GL_TIMESTAMP {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not GL_TIMESTAMP",
                Enum(target)
            );
        }
        // GL 4.6 §4.3: INVALID_OPERATION if id is not a query name, is active, or is
        // a query of another target.
        self.check_query_name(id, GL_TIMESTAMP)?;
        self.queries.objects.set(
            id,
            QueryObject {
                target: GL_TIMESTAMP,
                result: now_ns(),
                started_ns: 0,
                active: false,
            },
        );
        Ok(())
    }

    /// GetQueryiv / GetQueryIndexediv (GL 4.6 §4.2.3).
    pub fn get_query(&self, target: u32, index: u32, pname: u32) -> GlResult<i64> {
        if target == GL_TIMESTAMP && !self.info.es {
            // GL 4.6 §4.2.3: TIMESTAMP is never active (index 0 only); its current
            // query is 0, as Mesa answers.
            if index != 0 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "index = {index} is not 0 for GL_TIMESTAMP"
                );
            }
            return match pname {
                GL_QUERY_COUNTER_BITS => Ok(QUERY_COUNTER_BITS),
                GL_CURRENT_QUERY => Ok(0),
                _ => gl_bail!(
                    GL_INVALID_ENUM,
                    "pname {} is not GL_CURRENT_QUERY or GL_QUERY_COUNTER_BITS",
                    Enum(pname)
                ),
            };
        }
        self.check_query_target(target, index)?;
        match pname {
            GL_CURRENT_QUERY => Ok(self
                .queries
                .active
                .get(&(target, index))
                .copied()
                .unwrap_or(0) as i64),
            // OpenGL ES 3.2 §4.2.3 has CURRENT_QUERY only.
            GL_QUERY_COUNTER_BITS if !self.info.es => Ok(QUERY_COUNTER_BITS),
            // GL 4.6 §4.2.3: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not GL_CURRENT_QUERY or GL_QUERY_COUNTER_BITS",
                Enum(pname)
            ),
        }
    }

    /// GetQueryObject{i,ui,i64,ui64}v (GL 4.6 §4.2.3): the value, unconverted.
    pub fn get_query_object(&self, id: u32, pname: u32) -> GlResult<u64> {
        // GL 4.6 §4.2.3: INVALID_ENUM for a pname that is not a query object value.
        if !matches!(
            pname,
            GL_QUERY_RESULT | GL_QUERY_RESULT_NO_WAIT | GL_QUERY_RESULT_AVAILABLE | GL_QUERY_TARGET
        ) {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a query object value",
                Enum(pname)
            );
        }
        // GL 4.6 §4.2.3: INVALID_OPERATION if id is not a query object, or is active.
        let Some(q) = self.queries.objects.get(id) else {
            gl_bail!(GL_INVALID_OPERATION, "id = {id} is not a query object");
        };
        if q.active && pname != GL_QUERY_TARGET {
            gl_bail!(GL_INVALID_OPERATION, "query {id} is active");
        }
        Ok(match pname {
            GL_QUERY_RESULT | GL_QUERY_RESULT_NO_WAIT => q.result,
            GL_QUERY_RESULT_AVAILABLE => 1,
            _ => q.target as u64,
        })
    }
}

impl ContextState {
    /// GetQueryBufferObject*, and GetQueryObject* while a buffer is bound to
    /// QUERY_BUFFER (GL 4.6 §4.2.3): the value of `pname`, as many bytes as `encode`
    /// writes, stored into `buffer` at `offset`. The errors are in Mesa's order, except
    /// that a negative offset is INVALID_VALUE whatever the buffer's size.
    pub fn store_query_object(
        &mut self,
        id: u32,
        pname: u32,
        buffer: &crate::state::objects::buffer::Buffer,
        offset: i64,
        encode: &dyn Fn(u64) -> Vec<u8>,
    ) -> GlResult<()> {
        // GL 4.6 §4.2.3: INVALID_OPERATION if id is not a query object, or is active
        // (its QUERY_TARGET excepted, as get_query_object answers it).
        match self.queries.objects.get(id) {
            None => gl_bail!(GL_INVALID_OPERATION, "id = {id} is not a query object"),
            Some(q) if q.active && pname != GL_QUERY_TARGET => {
                gl_bail!(GL_INVALID_OPERATION, "query {id} is active")
            }
            Some(_) => {}
        }
        let width = encode(0).len();
        let st = buffer.state.lock();
        // GL 4.6 §6.3.1: a buffer mapped without MAP_PERSISTENT_BIT takes no writes
        // from GL commands (INVALID_OPERATION, as for every other writer).
        if st.mapped_non_persistent() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "buffer {} is mapped (without GL_MAP_PERSISTENT_BIT)",
                buffer.name
            );
        }
        // GL 4.6 §4.2.3: INVALID_OPERATION if the value would be written past the end
        // of the buffer; INVALID_VALUE if offset is negative.
        if offset >= 0 && (offset as u64).saturating_add(width as u64) > st.size() as u64 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "offset = {offset} + {width} bytes is past the end of buffer {} ({} bytes)",
                buffer.name,
                st.size()
            );
        }
        if offset < 0 {
            gl_bail!(GL_INVALID_VALUE, "offset = {offset} is negative");
        }
        let v = self.get_query_object(id, pname)?;
        st.storage.write(offset as usize, &encode(v));
        Ok(())
    }
}
