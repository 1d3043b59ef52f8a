//! Transform feedback objects and the varyings a program records (GL 4.6 §13.3,
//! §11.1.2.1), and conditional rendering (§10.10). A graphics program linked with
//! TransformFeedbackVaryings records the varyings the link resolved;
//! Begin/End/Pause/ResumeTransformFeedback make the bound object active and paused as
//! the spec says, with every error of those commands and of the commands an active
//! object forbids (UseProgram, BindProgramPipeline, UseProgramStages, LinkProgram,
//! BindTransformFeedback, binding its buffers, deleting it). Nothing is ever recorded, because nothing is drawn (draws
//! fail, see api/draw.rs); conditional rendering likewise only changes whether draws
//! would be discarded.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::{MAX_SEPARATE_ATTRIBS, MAX_TRANSFORM_FEEDBACK_BUFFERS};
use crate::state::context::ContextState;
use crate::state::objects::buffer::IndexedBinding;
use crate::state::objects::transform_feedback::{Recording, TransformFeedback};

/// The primitive modes BeginTransformFeedback takes (GL 4.6 §13.3.1).
const XFB_MODES: [u32; 3] = [GL_POINTS, GL_LINES, GL_TRIANGLES];

/// The modes BeginConditionalRender takes (GL 4.6 §10.10; the _INVERTED ones since GL
/// 4.5, ARB_conditional_render_inverted).
const CONDITIONAL_MODES: [u32; 8] = [
    GL_QUERY_WAIT,
    GL_QUERY_NO_WAIT,
    GL_QUERY_BY_REGION_WAIT,
    GL_QUERY_BY_REGION_NO_WAIT,
    GL_QUERY_WAIT_INVERTED,
    GL_QUERY_NO_WAIT_INVERTED,
    GL_QUERY_BY_REGION_WAIT_INVERTED,
    GL_QUERY_BY_REGION_NO_WAIT_INVERTED,
];

impl ContextState {
    pub fn gen_transform_feedbacks(&mut self, n: usize) -> Vec<u32> {
        (0..n)
            .map(|_| self.transform_feedbacks.objects.alloc())
            .collect()
    }

    /// CreateTransformFeedbacks (GL 4.6 §13.3.1): names of new objects in their
    /// initial state.
    pub fn create_transform_feedbacks(&mut self, n: usize) -> Vec<u32> {
        (0..n)
            .map(|_| {
                let name = self.transform_feedbacks.objects.alloc();
                self.transform_feedbacks
                    .objects
                    .set(name, TransformFeedback::new());
                name
            })
            .collect()
    }

    /// Checks the object `xfb` of a DSA command (GL 4.6 §13.3.1: INVALID_OPERATION if
    /// it is not zero, the default object, or the name of an existing object).
    pub fn named_transform_feedback(&self, xfb: u32) -> GlResult<u32> {
        if xfb != 0 && self.transform_feedbacks.objects.get(xfb).is_none() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "xfb = {xfb} is not zero or the name of an existing transform feedback object"
            );
        }
        Ok(xfb)
    }

    /// Object `xfb`'s buffer bindings (the bound object's are the context's indexed
    /// TRANSFORM_FEEDBACK_BUFFER bindings) and whether it is active and paused.
    fn xfb_object(&mut self, xfb: u32) -> (&mut Vec<IndexedBinding>, Option<bool>) {
        let x = &mut self.transform_feedbacks;
        let (stored, recording) = match xfb {
            0 => (&mut x.default_buffers, &x.default_recording),
            n => {
                let o = x
                    .objects
                    .get_mut(n)
                    .expect("checked by named_transform_feedback");
                (&mut o.buffers, &o.recording)
            }
        };
        let state = recording.as_ref().map(|r| r.paused);
        if xfb == x.bound {
            (&mut self.bindings.xfb_indexed, state)
        } else {
            (stored, state)
        }
    }

    /// TransformFeedbackBufferBase and TransformFeedbackBufferRange (GL 4.6 §13.3.2),
    /// with Mesa's order of the errors; `range` is (offset, size). The general
    /// TRANSFORM_FEEDBACK_BUFFER binding does not change.
    pub fn transform_feedback_buffer(
        &mut self,
        xfb: u32,
        index: u32,
        buffer: u32,
        range: Option<(i64, i64)>,
    ) -> GlResult<()> {
        self.named_transform_feedback(xfb)?;
        // GL 4.6 §13.3.2: INVALID_VALUE if buffer is not zero or the name of an
        // existing buffer object.
        let buf = match buffer {
            0 => None,
            n => match self.shared.buffers.lock().get(n).cloned() {
                Some(b) => Some(b),
                None => gl_bail!(
                    GL_INVALID_VALUE,
                    "buffer = {n} is not zero or the name of an existing buffer object"
                ),
            },
        };
        let (_, state) = self.xfb_object(xfb);
        // GL 4.6 §13.3.1: INVALID_OPERATION to change an active object's bindings.
        if state.is_some() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "transform feedback object {xfb} is active: its buffer bindings cannot change"
            );
        }
        // GL 4.6 §13.3.2: INVALID_VALUE if index is not below
        // MAX_TRANSFORM_FEEDBACK_BUFFERS.
        if index as usize >= MAX_TRANSFORM_FEEDBACK_BUFFERS as usize {
            gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_MAX_TRANSFORM_FEEDBACK_BUFFERS ({MAX_TRANSFORM_FEEDBACK_BUFFERS})"
            );
        }
        let (offset, size) = range.unwrap_or((0, 0));
        if range.is_some() {
            // GL 4.6 §6.1.1, §13.3.2: INVALID_VALUE if size is not positive, offset is
            // negative, or either is not a multiple of 4.
            if size <= 0 || offset < 0 || size % 4 != 0 || offset % 4 != 0 {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "offset = {offset} and size = {size} must be multiples of 4, the offset not negative and the size positive"
                );
            }
        }
        let (buffers, _) = self.xfb_object(xfb);
        buffers[index as usize] = IndexedBinding {
            offset: if buf.is_some() { offset } else { 0 },
            size: if buf.is_some() { size } else { 0 },
            buffer: buf,
        };
        Ok(())
    }

    /// GetTransformFeedbackiv, GetTransformFeedbacki_v and GetTransformFeedbacki64_v
    /// (GL 4.6 §13.3.3): `index` is None for the non-indexed form; `wide` is the 64-bit
    /// form (START and SIZE only), the other indexed form takes BUFFER_BINDING only.
    pub fn get_transform_feedback(
        &mut self,
        xfb: u32,
        pname: u32,
        index: Option<u32>,
        wide: bool,
    ) -> GlResult<i64> {
        self.named_transform_feedback(xfb)?;
        let ok = match (index, wide) {
            (None, _) => matches!(
                pname,
                GL_TRANSFORM_FEEDBACK_PAUSED | GL_TRANSFORM_FEEDBACK_ACTIVE
            ),
            (Some(_), false) => pname == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING,
            (Some(_), true) => matches!(
                pname,
                GL_TRANSFORM_FEEDBACK_BUFFER_START | GL_TRANSFORM_FEEDBACK_BUFFER_SIZE
            ),
        };
        // GL 4.6 §13.3.3: INVALID_ENUM for a pname the form does not take.
        if !ok {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a parameter of this form",
                Enum(pname)
            );
        }
        let (buffers, state) = self.xfb_object(xfb);
        let Some(index) = index else {
            return Ok(match pname {
                GL_TRANSFORM_FEEDBACK_ACTIVE => state.is_some(),
                _ => state == Some(true),
            } as i64);
        };
        // GL 4.6 §13.3.3: INVALID_VALUE if index is not below
        // MAX_TRANSFORM_FEEDBACK_BUFFERS.
        let Some(b) = buffers.get(index as usize) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_MAX_TRANSFORM_FEEDBACK_BUFFERS ({MAX_TRANSFORM_FEEDBACK_BUFFERS})"
            );
        };
        Ok(match pname {
            GL_TRANSFORM_FEEDBACK_BUFFER_BINDING => b.buffer.as_ref().map_or(0, |x| x.name as i64),
            GL_TRANSFORM_FEEDBACK_BUFFER_START => b.offset,
            _ => b.size,
        })
    }

    /// The bound object's recording state.
    pub fn xfb_recording(&self) -> Option<&Recording> {
        let x = &self.transform_feedbacks;
        match x.bound {
            0 => x.default_recording.as_ref(),
            n => x.objects.get(n).and_then(|o| o.recording.as_ref()),
        }
    }

    fn xfb_recording_mut(&mut self) -> &mut Option<Recording> {
        let x = &mut self.transform_feedbacks;
        match x.bound {
            0 => &mut x.default_recording,
            n => {
                &mut x
                    .objects
                    .get_mut(n)
                    .expect("the bound object exists")
                    .recording
            }
        }
    }

    /// Whether the bound object is active and not paused (the state in which GL 4.6
    /// §13.3.1 forbids UseProgram, BindTransformFeedback and the like).
    pub fn xfb_active_unpaused(&self) -> bool {
        self.xfb_recording().is_some_and(|r| !r.paused)
    }

    /// Whether some transform feedback object of this context records `program`'s
    /// varyings (GL 4.6 §7.3: LinkProgram of it is INVALID_OPERATION).
    pub fn xfb_records(&self, program: &crate::state::objects::program::Program) -> bool {
        let x = &self.transform_feedbacks;
        let is = |r: &Option<Recording>| {
            r.as_ref()
                .is_some_and(|r| std::ptr::eq(&*r.program, program))
        };
        is(&x.default_recording) || x.objects.objects().any(|o| is(&o.recording))
    }

    /// DeleteTransformFeedbacks (GL 4.6 §13.3.1): the bound object reverts the binding
    /// to the default one; unused names and zero are ignored.
    pub fn delete_transform_feedbacks(&mut self, names: &[u32]) -> GlResult<()> {
        // GL 4.6 §13.3.1: INVALID_OPERATION if any of the objects is active (nothing
        // is deleted then).
        for &name in names {
            if name != 0
                && let Some(o) = self.transform_feedbacks.objects.get(name)
                && o.recording.is_some()
            {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "transform feedback object {name} is active"
                );
            }
        }
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
        Ok(())
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
        // GL 4.6 §13.3.1: INVALID_OPERATION if the bound object is active and not
        // paused.
        if self.xfb_active_unpaused() {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the bound transform feedback object is active and not paused"
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
            x.objects.set(name, TransformFeedback::new());
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
        // GL 4.6 §13.3.1: INVALID_OPERATION if transform feedback is active.
        if self.xfb_recording().is_some() {
            gl_bail!(GL_INVALID_OPERATION, "transform feedback is already active");
        }
        // GL 4.6 §13.3.1: INVALID_OPERATION if no program (or pipeline stage) for the
        // last vertex processing stage has transform feedback varyings.
        let Some((program, bindings)) = self.xfb_program() else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the program of the last vertex processing stage in use records no transform feedback varyings"
            );
        };
        // GL 4.6 §13.3.1: INVALID_OPERATION if a binding point the varyings go to has
        // no buffer bound.
        for i in bindings {
            if self
                .bindings
                .xfb_indexed
                .get(i as usize)
                .is_none_or(|b| b.buffer.is_none())
            {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "no buffer is bound to GL_TRANSFORM_FEEDBACK_BUFFER binding {i}, which the varyings record into"
                );
            }
        }
        *self.xfb_recording_mut() = Some(Recording {
            paused: false,
            mode,
            program,
        });
        Ok(())
    }

    /// The program that records varyings now and the bindings it uses: the current
    /// program, else the bound pipeline's program for the last vertex processing stage
    /// it has (geometry, tessellation evaluation, vertex).
    fn xfb_program(
        &self,
    ) -> Option<(
        std::sync::Arc<crate::state::objects::program::Program>,
        Vec<u32>,
    )> {
        let program = match &self.current_program {
            Some(p) => p.clone(),
            None => {
                let pipe = self.pipelines.get(self.bound_pipeline)?;
                [3usize, 2, 0]
                    .iter()
                    .find_map(|&i| pipe.stages[i].clone())?
            }
        };
        let exe = program.executable()?;
        let g = exe.graphics.as_ref().filter(|g| !g.xfb.is_empty())?;
        let bindings = g.xfb_buffers().iter().map(|b| b.binding).collect();
        Some((program, bindings))
    }

    /// EndTransformFeedback (GL 4.6 §13.3.1).
    pub fn end_transform_feedback(&mut self) -> GlResult<()> {
        // GL 4.6 §13.3.1: INVALID_OPERATION if transform feedback is not active.
        if self.xfb_recording().is_none() {
            gl_bail!(GL_INVALID_OPERATION, "transform feedback is not active");
        }
        *self.xfb_recording_mut() = None;
        Ok(())
    }

    /// PauseTransformFeedback (`pause`) and ResumeTransformFeedback (GL 4.6 §13.3.1).
    pub fn pause_transform_feedback(&mut self, pause: bool) -> GlResult<()> {
        match self.xfb_recording() {
            // GL 4.6 §13.3.1: INVALID_OPERATION if not active, or (Pause) already
            // paused, or (Resume) not paused.
            None => gl_bail!(GL_INVALID_OPERATION, "transform feedback is not active"),
            Some(r) if r.paused == pause => gl_bail!(
                GL_INVALID_OPERATION,
                "transform feedback is {}",
                if pause {
                    "already paused"
                } else {
                    "not paused"
                }
            ),
            _ => {}
        }
        if let Some(r) = self.xfb_recording_mut() {
            r.paused = pause;
        }
        Ok(())
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

    /// GetTransformFeedbackVarying (GL 4.6 §11.1.2.1): name, size and type of the
    /// varying `index` of the program's last link.
    pub fn transform_feedback_varying(
        &self,
        program: u32,
        index: u32,
    ) -> GlResult<(String, i32, u32)> {
        let prog = self.lookup_program(program)?;
        let exe = {
            let st = prog.state.lock();
            st.executable.clone().filter(|_| st.link_status)
        };
        let list = exe
            .as_deref()
            .and_then(|e| e.graphics.as_ref())
            .map(|g| g.xfb.as_slice())
            .unwrap_or(&[]);
        // GL 4.6 §11.1.2.1: INVALID_VALUE if index is not below
        // TRANSFORM_FEEDBACK_VARYINGS.
        let Some(v) = list.get(index as usize) else {
            gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_TRANSFORM_FEEDBACK_VARYINGS ({})",
                list.len()
            )
        };
        let ty = match v.ty {
            Some(t) => super::uniform::gl_type(&exe.as_deref().expect("linked").module.types, t),
            None => GL_NONE,
        };
        Ok((v.name.clone(), v.size as i32, ty))
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
        self.transform_feedbacks.conditional = Some((id, mode));
        Ok(())
    }

    /// GL 4.6 §10.10: true while conditional rendering is active and its query makes
    /// the rendering commands (here Clear and ClearBuffer*; glcompute draws nothing)
    /// be discarded: the query's result is zero (FALSE), or with an _INVERTED mode
    /// not zero. Every query result is available when its EndQuery returns, so the
    /// WAIT and NO_WAIT modes decide alike.
    pub fn conditional_render_discards(&self) -> bool {
        let Some((id, mode)) = self.transform_feedbacks.conditional else {
            return false;
        };
        // A query deleted while conditional rendering uses it discards nothing.
        let Some(q) = self.queries.objects.get(id) else {
            return false;
        };
        let inverted = matches!(
            mode,
            GL_QUERY_WAIT_INVERTED
                | GL_QUERY_NO_WAIT_INVERTED
                | GL_QUERY_BY_REGION_WAIT_INVERTED
                | GL_QUERY_BY_REGION_NO_WAIT_INVERTED
        );
        (q.result == 0) != inverted
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
            GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE => {
                Value::Bools(vec![self.xfb_recording().is_some()])
            }
            GL_TRANSFORM_FEEDBACK_BUFFER_PAUSED => {
                Value::Bools(vec![self.xfb_recording().is_some_and(|r| r.paused)])
            }
            _ => return None,
        })
    }
}
