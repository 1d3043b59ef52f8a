//! Statements of a SIMD region under the execution mask.

use std::collections::HashSet;

use cranelift_codegen::entity::EntityRef;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, types};

use crate::ir::*;

use super::super::lower::*;
use super::{SSlot, V, VVar};

impl Lower<'_, '_> {
    pub(super) fn vblock(&mut self, stmts: &[Stmt]) -> R<()> {
        for s in stmts {
            self.vstmt(s)?;
        }
        Ok(())
    }

    fn set_exec(&mut self, m: V) {
        let e = self.simd_ref().exec;
        self.def_vvar(e, m);
        self.simd_mut().some_lane = false;
    }

    /// Sets `exec` to `m`, which the caller knows has a lane set.
    fn set_exec_some(&mut self, m: V) {
        self.set_exec(m);
        self.simd_mut().some_lane = true;
    }

    fn no_lanes(&mut self) -> V {
        self.zero_lanes(Scalar::Bool)
    }

    fn vstmt(&mut self, s: &Stmt) -> R<()> {
        self.cur_span = s.span;
        match &s.kind {
            StmtKind::Expr(e) => self.vexpr_effect(*e),
            StmtKind::Declare { local, init } => {
                let f = self.func();
                let ty = f.locals[local.0 as usize].ty;
                if self.simd_ref().plan.uniform.contains(&local.0) {
                    // One scalar for the group, in the scalar lowering's slots.
                    let slot = self.alloc_local(ty, false);
                    let v = match init {
                        Some(e) => self.expr(*e)?,
                        None => self.zero_value(ty),
                    };
                    let place = self.slot_place(&slot);
                    self.stack
                        .last_mut()
                        .expect("instance")
                        .locals
                        .insert(local.0, slot);
                    return self.store_place(&place, &v);
                }
                let types = &self.env.m.types;
                let sc = types.scalar_of(ty).unwrap_or(Scalar::Uint);
                let n = types.components(ty).unwrap_or(1) as usize;
                let v = match init {
                    Some(e) => self.vexpr(*e)?,
                    // Uninitialized locals read as zero (GLSL leaves them undefined).
                    None => (0..n).map(|_| self.zero_lanes(sc)).collect(),
                };
                let vars: Vec<_> = (0..n).map(|_| self.vvar(sc)).collect();
                for (var, x) in vars.iter().zip(&v) {
                    self.def_vvar(*var, *x);
                }
                if self.frame_decls
                    && self.decl_depth == 0
                    && !self.simd_ref().plan.region_only.contains(&local.0)
                {
                    // Later regions read it from each invocation's frame.
                    let off = self.alloc_frame(ty);
                    self.stack
                        .last_mut()
                        .expect("instance")
                        .locals
                        .insert(local.0, Slot::Frame(off, ty));
                    self.simd_mut().writeback.push((vars.clone(), off, ty));
                } else {
                    let ctx = self.simd_mut();
                    ctx.decl_loop.insert(local.0, ctx.loop_keys.last().copied());
                    // Declared in the innermost loop's body: each iteration declares
                    // it again.
                    if let Some(set) = ctx.loop_private.last_mut() {
                        set.extend(vars.iter().map(|v| v[0].index()));
                    }
                }
                self.simd_mut().locals.insert(local.0, SSlot(vars));
                Ok(())
            }
            StmtKind::Block(b) => {
                self.decl_depth += 1;
                let r = self.vblock(b);
                self.decl_depth -= 1;
                r
            }
            StmtKind::If {
                cond,
                accept,
                reject,
            } => {
                let c = self.vexpr(*cond)?[0];
                let entry = self.exec();
                let then_m: V = std::array::from_fn(|p| self.b.ins().band(entry[p], c[p]));
                let else_m: V = std::array::from_fn(|p| self.b.ins().band_not(entry[p], c[p]));
                // A uniform condition gives a branch all of the entry's lanes or none
                // (then it is skipped).
                let top = self.simd_ref().top;
                self.simd_mut().top = top && !self.simd_ref().plan.varying[cond.0 as usize];
                let loop_top = self.simd_ref().loop_top;
                let branch_loop_top = loop_top && !self.simd_ref().plan.varying[cond.0 as usize];
                self.simd_mut().loop_top = branch_loop_top;
                self.decl_depth += 1;
                let after_then = self.vbranch(then_m, accept);
                let after_else = match after_then {
                    Ok(_) if !reject.is_empty() => {
                        self.simd_mut().loop_top = branch_loop_top;
                        self.vbranch(else_m, reject)
                    }
                    _ => Ok(else_m),
                };
                self.decl_depth -= 1;
                let (after_then, after_else) = (after_then?, after_else?);
                self.simd_mut().top = top && !leaves(accept) && !leaves(reject);
                // Lanes that break or return leave the loop's lanes too: only those
                // that continue stay out of `exec` alone.
                self.simd_mut().loop_top = loop_top && !continues(accept) && !continues(reject);
                let m: V = std::array::from_fn(|p| self.b.ins().bor(after_then[p], after_else[p]));
                self.set_exec(m);
                Ok(())
            }
            StmtKind::Loop {
                cond,
                test_after,
                body,
                step,
            } => {
                let uniform = cond.is_none_or(|c| !self.simd_ref().plan.varying[c.0 as usize]);
                if uniform && !exits_loop(body) && !exits_loop(step) {
                    return self.vuniform_loop(s, *cond, *test_after, body, step);
                }
                let entry = self.exec();
                let live = self.vvar(Scalar::Bool);
                self.def_vvar(live, entry);
                let private = self.loop_private_vars(s);
                let outer_loop_top = self.simd_ref().loop_top;
                {
                    let ctx = self.simd_mut();
                    ctx.loops.push(live);
                    ctx.loop_keys.push(s as *const Stmt as usize);
                    ctx.loop_private.push(private);
                    ctx.loop_top = true;
                }
                let (header, body_blk, exit) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.ins().jump(header, &[]);
                self.b.switch_to_block(header);
                let l = self.use_vvar(live);
                self.set_exec(l);
                if let (Some(c), false) = (cond, *test_after) {
                    let c = self.vexpr(*c)?[0];
                    let l = self.use_vvar(live);
                    let nl: V = std::array::from_fn(|p| self.b.ins().band(l[p], c[p]));
                    self.def_vvar(live, nl);
                }
                let l = self.use_vvar(live);
                let any = self.any_lane(l);
                loop_branch(&mut self.b, any, body_blk, exit);
                self.b.switch_to_block(body_blk);
                self.set_exec(l);
                self.simd_mut().loop_top = true;
                // With a uniform condition and nothing that leaves early, every lane
                // that entered runs each iteration or none does.
                let top = self.simd_ref().top;
                let uniform = cond.is_none_or(|c| !self.simd_ref().plan.varying[c.0 as usize]);
                self.simd_mut().top = top && uniform && !leaves(body) && !leaves(step);
                self.decl_depth += 1;
                let r = self.vblock(body).and_then(|_| {
                    // Lanes that continued come back for the step.
                    let l = self.use_vvar(live);
                    self.set_exec(l);
                    self.simd_mut().loop_top = true;
                    self.vblock(step)
                });
                self.decl_depth -= 1;
                r?;
                self.check_abort();
                // A do-while's test runs for the lanes still in the loop: `top` stays
                // the body's.
                if let (Some(c), true) = (cond, *test_after) {
                    let l = self.use_vvar(live);
                    self.set_exec(l);
                    self.simd_mut().loop_top = true;
                    let c = self.vexpr(*c)?[0];
                    let l = self.use_vvar(live);
                    let nl: V = std::array::from_fn(|p| self.b.ins().band(l[p], c[p]));
                    self.def_vvar(live, nl);
                }
                self.simd_mut().top = top && !returns(body) && !returns(step);
                {
                    let ctx = self.simd_mut();
                    ctx.loops.pop();
                    ctx.loop_keys.pop();
                    ctx.loop_private.pop();
                    // Every lane that entered leaves but those that returned, which
                    // left the enclosing loop's lanes too.
                    ctx.loop_top = outer_loop_top;
                }
                self.b.ins().jump(header, &[]);
                self.b.switch_to_block(exit);
                // Every lane that entered leaves, but those that returned.
                let alive = self.simd_ref().alive;
                let a = self.use_vvar(alive);
                let m: V = std::array::from_fn(|p| self.b.ins().band(entry[p], a[p]));
                self.set_exec(m);
                Ok(())
            }
            StmtKind::Break => {
                let live = *self.simd_ref().loops.last().ok_or("break outside a loop")?;
                let e = self.exec();
                let l = self.use_vvar(live);
                let nl: V = std::array::from_fn(|p| self.b.ins().band_not(l[p], e[p]));
                self.def_vvar(live, nl);
                let z = self.no_lanes();
                self.set_exec(z);
                self.simd_mut().top = false;
                self.simd_mut().loop_top = false;
                Ok(())
            }
            StmtKind::Continue => {
                let z = self.no_lanes();
                self.set_exec(z);
                self.simd_mut().top = false;
                self.simd_mut().loop_top = false;
                Ok(())
            }
            StmtKind::Return(None) if self.simd_ref().may_return => {
                let e = self.exec();
                let ctx = self.simd_ref();
                let mut masks = ctx.loops.clone();
                masks.push(ctx.alive);
                for m in masks {
                    let old = self.use_vvar(m);
                    let new: V = std::array::from_fn(|p| self.b.ins().band_not(old[p], e[p]));
                    self.def_vvar(m, new);
                }
                let z = self.no_lanes();
                self.set_exec(z);
                self.simd_mut().top = false;
                self.simd_mut().loop_top = false;
                Ok(())
            }
            _ => Err(format!(
                "{}: internal error: a statement the SIMD plan refused",
                s.span
            )),
        }
    }

    /// A loop whose condition is uniform and whose body and step neither break,
    /// continue nor return: every lane that enters runs each iteration, so the loop is
    /// controlled by the condition's one scalar and the lanes' mask stays the entry's
    /// (no mask carried around the loop, no lane test per iteration).
    fn vuniform_loop(
        &mut self,
        s: &Stmt,
        cond: Option<ExprId>,
        test_after: bool,
        body: &[Stmt],
        step: &[Stmt],
    ) -> R<()> {
        let entry = self.exec();
        let top = self.simd_ref().top;
        let live = self.vvar(Scalar::Bool);
        self.def_vvar(live, entry);
        let private = self.loop_private_vars(s);
        let outer_loop_top = self.simd_ref().loop_top;
        {
            let ctx = self.simd_mut();
            ctx.loops.push(live);
            ctx.loop_keys.push(s as *const Stmt as usize);
            ctx.loop_private.push(private);
        }
        let (header, body_blk, exit) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        // The loop runs when some lane enters (then in its body `exec` has a lane).
        let any = self.any_lane(entry);
        self.b.ins().brif(any, header, &[], exit, &[]);
        self.b.switch_to_block(header);
        match cond {
            Some(c) if !test_after => {
                let v = self.expr(c)?;
                let v = self.scalar(&v);
                loop_branch(&mut self.b, v, body_blk, exit);
            }
            _ => {
                self.b.ins().jump(body_blk, &[]);
            }
        }
        self.b.switch_to_block(body_blk);
        self.set_exec_some(entry);
        self.simd_mut().loop_top = true;
        self.decl_depth += 1;
        let r = self.vblock(body).and_then(|_| {
            self.set_exec_some(entry);
            self.simd_mut().loop_top = true;
            self.vblock(step)
        });
        self.decl_depth -= 1;
        r?;
        self.check_abort();
        match cond {
            Some(c) if test_after => {
                self.set_exec_some(entry);
                self.simd_mut().loop_top = true;
                let v = self.expr(c)?;
                let v = self.scalar(&v);
                self.b.ins().brif(v, header, &[], exit, &[]);
            }
            _ => {
                self.b.ins().jump(header, &[]);
            }
        }
        {
            let ctx = self.simd_mut();
            ctx.loops.pop();
            ctx.loop_keys.pop();
            ctx.loop_private.pop();
            ctx.loop_top = outer_loop_top;
            ctx.top = top;
        }
        self.b.switch_to_block(exit);
        self.set_exec(entry);
        Ok(())
    }

    /// The variables (by their first lane vector) of the locals that only the loop
    /// statement `s` names, declared directly in the loop around it (or, with none, in
    /// the region): each run of `s` follows a declaration that set all their lanes,
    /// and no lane reads them after leaving `s`.
    fn loop_private_vars(&mut self, s: &Stmt) -> HashSet<usize> {
        let key = self.cur_fn() as *const Function as usize;
        if self.local_names.as_ref().is_none_or(|(k, _)| *k != key) {
            let names = super::plan::local_names(self.cur_fn());
            self.local_names = Some((key, names));
        }
        let inside = super::plan::local_names_in(self.cur_fn(), std::slice::from_ref(s));
        let total = &self.local_names.as_ref().expect("set above").1;
        let ctx = self.simd_ref();
        let parent = ctx.loop_keys.last().copied();
        inside
            .iter()
            .filter(|(l, n)| total.get(l) == Some(n) && ctx.decl_loop.get(l) == Some(&parent))
            .filter_map(|(l, _)| ctx.locals.get(l))
            .filter_map(|slot| slot.0.first().map(|v| v[0].index()))
            .collect()
    }

    /// Runs `stmts` for the lanes of `m` if there are any; returns the lanes that
    /// reach its end.
    fn vbranch(&mut self, m: V, stmts: &[Stmt]) -> R<V> {
        let out = self.vvar(Scalar::Bool);
        let z = self.no_lanes();
        self.def_vvar(out, z);
        let (run, merge) = (self.b.create_block(), self.b.create_block());
        let any = self.any_lane(m);
        self.b.ins().brif(any, run, &[], merge, &[]);
        self.b.switch_to_block(run);
        self.set_exec(m);
        self.vblock(stmts)?;
        let e = self.exec();
        self.def_vvar(out, e);
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(merge);
        Ok(self.use_vvar(out))
    }

    /// Reads a variable in lanes.
    pub(super) fn vload_slot(&mut self, slot: &SSlot) -> R<Vec<V>> {
        Ok(slot.0.iter().map(|v| self.use_vvar(*v)).collect())
    }

    /// Stores components `which` of a variable from `v`, in the lanes of the execution
    /// mask.
    pub(super) fn vstore_slot(&mut self, slot: &SSlot, which: &[usize], v: &[V]) -> R<()> {
        let ctx = self.simd_ref();
        let loop_private = ctx.loop_top
            && ctx
                .loop_private
                .last()
                .is_some_and(|set| slot.0.first().is_some_and(|v| set.contains(&v[0].index())));
        if ctx.top || loop_private {
            for (&k, x) in which.iter().zip(v) {
                self.def_vvar(slot.0[k], *x);
            }
            return Ok(());
        }
        let e = self.exec();
        for (&k, x) in which.iter().zip(v) {
            let old = self.use_vvar(slot.0[k]);
            let new = self.blend(e, *x, old);
            self.def_vvar(slot.0[k], new);
        }
        Ok(())
    }

    /// A frame variable of every lane, read into lane vectors (lanes past the group's
    /// end read the last invocation's).
    pub(super) fn frame_gather(&mut self, off: u32, ty: TypeId) -> Vec<VVar> {
        let types = &self.env.m.types;
        let s = types.scalar_of(ty).unwrap_or(Scalar::Uint);
        let offs = self.frame_comp_offsets(off, ty);
        let fps = self.simd_ref().fps.clone();
        let mut out = Vec::with_capacity(offs.len());
        for &o in &offs {
            let mut v = self.zero_lanes(s);
            for (k, &fp) in fps.iter().enumerate() {
                let x = if s == Scalar::Bool {
                    // Frames hold bools as the scalar lowering does: a 32-bit 0 or 1.
                    let w = self.b.ins().load(types::I32, mf(), fp, o as i32);
                    self.b.ins().icmp_imm_s(IntCC::NotEqual, w, 0)
                } else {
                    self.b.ins().load(cl_type(s), mf(), fp, o as i32)
                };
                v = self.with_lane(s, v, k, x);
            }
            let var = self.vvar(s);
            self.def_vvar(var, v);
            out.push(var);
        }
        out
    }

    /// Writes lane vectors back to every lane's frame variable. Lanes past the group's
    /// end alias the last invocation's frame and hold what they read from it: writing
    /// the lanes from the last down, that invocation's own lane writes after them.
    pub(super) fn frame_scatter(&mut self, vars: &[VVar], off: u32, ty: TypeId) {
        let s = self.env.m.types.scalar_of(ty).unwrap_or(Scalar::Uint);
        let offs = self.frame_comp_offsets(off, ty);
        let fps = self.simd_ref().fps.clone();
        for (&o, var) in offs.iter().zip(vars) {
            let v = self.use_vvar(*var);
            for (lane, &fp) in fps.iter().enumerate().rev() {
                let y = self.b.ins().extractlane(v[lane / 4], (lane % 4) as u8);
                let y = if s == Scalar::Bool {
                    self.b.ins().band_imm_s(y, 1)
                } else {
                    y
                };
                self.b.ins().store(mf(), y, fp, o as i32);
            }
        }
    }

    /// Byte offsets of the components of a frame variable (std430, as the scalar
    /// lowering lays frame slots out).
    fn frame_comp_offsets(&mut self, off: u32, ty: TypeId) -> Vec<u32> {
        let base = self.b.ins().iconst(types::I64, 0);
        let r = self.mem(base, off as i64, None, ty, Packing::Std430, false);
        let consts = self.comp_offsets(&r);
        consts.into_iter().map(|(o, _)| off + o).collect()
    }
}

/// Whether `stmts` may narrow the lanes that reach their end: a `break`, `continue` or
/// `return` anywhere in them.
fn leaves(stmts: &[Stmt]) -> bool {
    any_stmt(stmts, &|k| {
        matches!(
            k,
            StmtKind::Break | StmtKind::Continue | StmtKind::Return(_)
        )
    })
}

/// Whether `stmts` may leave the loop they are the body of early, or skip the rest
/// of an iteration: a `return` anywhere, or a `break` or `continue` outside the loops
/// they contain (one inside a switch counts too).
fn exits_loop(stmts: &[Stmt]) -> bool {
    let mut todo: Vec<(&[Stmt], bool)> = vec![(stmts, false)];
    while let Some((b, nested)) = todo.pop() {
        for s in b {
            match &s.kind {
                StmtKind::Return(_) => return true,
                StmtKind::Break | StmtKind::Continue if !nested => return true,
                StmtKind::Block(b) => todo.push((b, nested)),
                StmtKind::If { accept, reject, .. } => {
                    todo.push((accept, nested));
                    todo.push((reject, nested));
                }
                StmtKind::Loop { body, step, .. } => {
                    todo.push((body, true));
                    todo.push((step, true));
                }
                // A `continue` in a switch continues the loop: counted as leaving.
                StmtKind::Switch { cases, .. } => {
                    for c in cases {
                        todo.push((&c.body, nested));
                    }
                }
                _ => {}
            }
        }
    }
    false
}

/// Whether `stmts` contain a `continue` anywhere.
fn continues(stmts: &[Stmt]) -> bool {
    any_stmt(stmts, &|k| matches!(k, StmtKind::Continue))
}

/// Whether `stmts` contain a `return` anywhere.
fn returns(stmts: &[Stmt]) -> bool {
    any_stmt(stmts, &|k| matches!(k, StmtKind::Return(_)))
}

/// Whether a statement of `stmts`, at any depth, satisfies `f` (an explicit stack: the
/// nesting depth comes from the shader).
fn any_stmt(stmts: &[Stmt], f: &dyn Fn(&StmtKind) -> bool) -> bool {
    let mut todo: Vec<&[Stmt]> = vec![stmts];
    while let Some(b) = todo.pop() {
        for s in b {
            if f(&s.kind) {
                return true;
            }
            match &s.kind {
                StmtKind::Block(b) => todo.push(b),
                StmtKind::If { accept, reject, .. } => {
                    todo.push(accept);
                    todo.push(reject);
                }
                StmtKind::Loop { body, step, .. } => {
                    todo.push(body);
                    todo.push(step);
                }
                StmtKind::Switch { cases, .. } => {
                    for c in cases {
                        todo.push(&c.body);
                    }
                }
                _ => {}
            }
        }
    }
    false
}
