//! Transform feedback objects and the varyings a program records (GL 4.6 §13.3,
//! §11.1.2.1), and conditional rendering (§10.10). glcompute links no vertex
//! processing stage, so no program it links records varyings: BeginTransformFeedback
//! always finds no program to record from (INVALID_OPERATION, as the spec requires
//! then), no transform feedback object is ever active, and conditional rendering only
//! changes whether draws, which fail anyway, would be discarded. The objects, their
//! buffer bindings, the varyings a program asks for and every error are real.

use super::buffer::IndexedBinding;
use super::context::ContextState;
use super::error::{Enum, GlResult};
use super::gl_enums::*;
use super::names::NameTable;
use crate::gl_bail;
use crate::limits::MAX_TRANSFORM_FEEDBACK_BUFFERS;

/// GL 4.3 table 23.66 (stage_limits.rs reports the same value).
const MAX_SEPARATE_ATTRIBS: usize = 4;

/// A transform feedback object: its buffer binding points, kept here while another
/// object is bound (the bound object's are the context's indexed
/// TRANSFORM_FEEDBACK_BUFFER bindings).
#[derive(Default)]
pub struct TransformFeedback {
    pub buffers: Vec<IndexedBinding>,
    pub label: Option<String>,
}

/// A context's transform feedback objects (container objects: not shared) and the
/// conditional rendering state.
#[derive(Default)]
pub struct TransformFeedbacks {
    pub objects: NameTable<TransformFeedback>,
    /// The bound object's name (0: the default object, which always exists).
    pub bound: u32,
    /// The default object's bindings while another object is bound.
    default_buffers: Vec<IndexedBinding>,
    /// The query that BeginConditionalRender named, while conditional rendering is on.
    pub conditional: Option<u32>,
}

/// The primitive modes BeginTransformFeedback takes (GL 4.6 §13.3.1).
const XFB_MODES: [u32; 3] = [GL_POINTS, GL_LINES, GL_TRIANGLES];

/// The modes BeginConditionalRender takes (GL 4.6 §10.10; the _INVERTED ones are GL
/// 4.5's and not taken by this GL 4.3 context).
const CONDITIONAL_MODES: [u32; 4] = [
    GL_QUERY_WAIT,
    GL_QUERY_NO_WAIT,
    GL_QUERY_BY_REGION_WAIT,
    GL_QUERY_BY_REGION_NO_WAIT,
];

impl ContextState {
    pub fn gen_transform_feedbacks(&mut self, n: usize) -> Vec<u32> {
        (0..n)
            .map(|_| self.transform_feedbacks.objects.alloc())
            .collect()
    }

    /// DeleteTransformFeedbacks (GL 4.6 §13.3.1): the bound object reverts the binding
    /// to the default one; unused names and zero are ignored. (No object is ever
    /// active, so the INVALID_OPERATION for deleting an active one cannot arise.)
    pub fn delete_transform_feedbacks(&mut self, names: &[u32]) {
        for &name in names {
            if name == 0 || !self.transform_feedbacks.objects.is_name(name) {
                continue;
            }
            if self.transform_feedbacks.bound == name {
                self.bind_transform_feedback(GL_TRANSFORM_FEEDBACK, 0)
                    .expect("binding the default object cannot fail");
            }
            self.transform_feedbacks.objects.remove(name);
        }
    }

    pub fn is_transform_feedback(&self, name: u32) -> bool {
        self.transform_feedbacks.objects.get(name).is_some()
    }

    /// BindTransformFeedback (GL 4.6 §13.3.1).
    pub fn bind_transform_feedback(&mut self, target: u32, name: u32) -> GlResult<()> {
        // GL 4.6 §13.3.1: INVALID_ENUM if target is not TRANSFORM_FEEDBACK.
        if target != GL_TRANSFORM_FEEDBACK {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not GL_TRANSFORM_FEEDBACK",
                Enum(target)
            );
        }
        let x = &mut self.transform_feedbacks;
        // GL 4.6 §13.3.1: INVALID_OPERATION if id is not zero or a name returned by
        // GenTransformFeedbacks (or it was deleted).
        if name != 0 && !x.objects.is_name(name) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "id = {name} is not a name returned by glGenTransformFeedbacks (or it was deleted)"
            );
        }
        if name != 0 && x.objects.get(name).is_none() {
            x.objects.set(
                name,
                TransformFeedback {
                    buffers: vec![
                        IndexedBinding::default();
                        MAX_TRANSFORM_FEEDBACK_BUFFERS as usize
                    ],
                    label: None,
                },
            );
        }
        let current = std::mem::take(&mut self.bindings.xfb_indexed);
        let x = &mut self.transform_feedbacks;
        match x.bound {
            0 => x.default_buffers = current,
            old => {
                if let Some(o) = x.objects.get_mut(old) {
                    o.buffers = current;
                }
            }
        }
        x.bound = name;
        self.bindings.xfb_indexed = match name {
            0 => std::mem::take(&mut x.default_buffers),
            n => std::mem::take(&mut x.objects.get_mut(n).expect("created above").buffers),
        };
        Ok(())
    }

    /// BeginTransformFeedback (GL 4.6 §13.3.1).
    pub fn begin_transform_feedback(&mut self, mode: u32) -> GlResult<()> {
        // GL 4.6 §13.3.1: INVALID_ENUM if primitiveMode is not POINTS, LINES or
        // TRIANGLES.
        if !XFB_MODES.contains(&mode) {
            gl_bail!(
                GL_INVALID_ENUM,
                "primitiveMode {} is not GL_POINTS, GL_LINES or GL_TRIANGLES",
                Enum(mode)
            );
        }
        // GL 4.6 §13.3.1: INVALID_OPERATION if no program object with transform
        // feedback varyings is in use (the last vertex processing stage records them,
        // and glcompute links none).
        gl_bail!(
            GL_INVALID_OPERATION,
            "no program with transform feedback varyings is in use: glcompute links no vertex processing stage, so it records none (run under a driver that draws to use transform feedback)"
        )
    }

    /// EndTransformFeedback, PauseTransformFeedback, ResumeTransformFeedback (GL 4.6
    /// §13.3.1): INVALID_OPERATION, since transform feedback is never active.
    pub fn transform_feedback_not_active(&self, what: &str) -> GlResult<()> {
        gl_bail!(
            GL_INVALID_OPERATION,
            "{what}: transform feedback is not active"
        )
    }

    /// TransformFeedbackVaryings (GL 4.6 §11.1.2.1): kept for the program's next link.
    pub fn transform_feedback_varyings(
        &mut self,
        program: u32,
        count: i32,
        names: impl FnOnce(usize) -> Vec<String>,
        mode: u32,
    ) -> GlResult<()> {
        let prog = self.lookup_program(program)?;
        // GL 4.6 §11.1.2.1: INVALID_VALUE if count is negative.
        if count < 0 {
            gl_bail!(GL_INVALID_VALUE, "count = {count} is negative");
        }
        // GL 4.6 §11.1.2.1: INVALID_ENUM if bufferMode is not INTERLEAVED_ATTRIBS or
        // SEPARATE_ATTRIBS.
        if !matches!(mode, GL_INTERLEAVED_ATTRIBS | GL_SEPARATE_ATTRIBS) {
            gl_bail!(
                GL_INVALID_ENUM,
                "bufferMode {} is not GL_INTERLEAVED_ATTRIBS or GL_SEPARATE_ATTRIBS",
                Enum(mode)
            );
        }
        // GL 4.6 §11.1.2.1: INVALID_VALUE if bufferMode is SEPARATE_ATTRIBS and count
        // is above MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS.
        if mode == GL_SEPARATE_ATTRIBS && count as usize > MAX_SEPARATE_ATTRIBS {
            gl_bail!(
                GL_INVALID_VALUE,
                "count = {count} is above GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS ({MAX_SEPARATE_ATTRIBS})"
            );
        }
        let list = names(count as usize);
        prog.state.lock().xfb_varyings = (list, mode);
        Ok(())
    }

    /// GetTransformFeedbackVarying (GL 4.6 §11.1.2.1): no linked program records a
    /// varying, so every index is out of range.
    pub fn transform_feedback_varying(&self, program: u32, index: u32) -> GlResult<()> {
        self.lookup_program(program)?;
        // GL 4.6 §11.1.2.1: INVALID_VALUE if index is not below
        // TRANSFORM_FEEDBACK_VARYINGS (zero for every program glcompute links).
        gl_bail!(
            GL_INVALID_VALUE,
            "index = {index} is not below GL_TRANSFORM_FEEDBACK_VARYINGS (0: no vertex processing stage records varyings)"
        )
    }

    /// BeginConditionalRender (GL 4.6 §10.10).
    pub fn begin_conditional_render(&mut self, id: u32, mode: u32) -> GlResult<()> {
        // GL 4.6 §10.10: INVALID_ENUM for another mode.
        if !CONDITIONAL_MODES.contains(&mode) {
            gl_bail!(
                GL_INVALID_ENUM,
                "mode {} is not a conditional rendering mode",
                Enum(mode)
            );
        }
        // GL 4.6 §10.10: INVALID_OPERATION if conditional rendering is already active.
        if self.transform_feedbacks.conditional.is_some() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "conditional rendering is already active"
            );
        }
        let Some(q) = self.queries.objects.get(id).copied() else {
            // GL 4.6 §10.10: INVALID_VALUE if id is not the name of an existing query
            // object.
            gl_bail!(
                GL_INVALID_VALUE,
                "id = {id} is not the name of an existing query object"
            );
        };
        // GL 4.6 §10.10: INVALID_OPERATION if the query is active, or its target is not
        // SAMPLES_PASSED, ANY_SAMPLES_PASSED or ANY_SAMPLES_PASSED_CONSERVATIVE.
        if q.active
            || !matches!(
                q.target,
                GL_SAMPLES_PASSED | GL_ANY_SAMPLES_PASSED | GL_ANY_SAMPLES_PASSED_CONSERVATIVE
            )
        {
            gl_bail!(
                GL_INVALID_OPERATION,
                "query {id} ({}) is active or not an occlusion query",
                Enum(q.target)
            );
        }
        self.transform_feedbacks.conditional = Some(id);
        Ok(())
    }

    /// EndConditionalRender (GL 4.6 §10.10).
    pub fn end_conditional_render(&mut self) -> GlResult<()> {
        // GL 4.6 §10.10: INVALID_OPERATION if conditional rendering is not active.
        if self.transform_feedbacks.conditional.take().is_none() {
            gl_bail!(GL_INVALID_OPERATION, "conditional rendering is not active");
        }
        Ok(())
    }

    /// Get of this state (None for another pname).
    pub fn transform_feedback_value(&self, pname: u32) -> Option<super::query::Value> {
        use super::query::Value;
        Some(match pname {
            GL_TRANSFORM_FEEDBACK_BINDING => Value::int(self.transform_feedbacks.bound as i64),
            // Never active (see the module comment).
            GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE | GL_TRANSFORM_FEEDBACK_BUFFER_PAUSED => {
                Value::Bools(vec![false])
            }
            _ => return None,
        })
    }
}
