//! Regions and group-level control flow: a region runs a run of statements without
//! barriers for every invocation of the group in turn; statements that reach a
//! barrier run once per group, with their decisions taken by the group (and checked
//! for agreement under GLCOMPUTE_DEBUG=barriers), and jumps out of a region carried
//! as codes.

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{Block, InstBuilder, MemFlagsData, Type as ClType, Value, types};

use cranelift_frontend::Variable;

use crate::ir::*;

use super::lower::*;

impl<'a, 'b> Lower<'a, 'b> {
    // ---- regions --------------------------------------------------------------

    /// Runs `body` for every live invocation of the group.
    pub(super) fn region(&mut self, body: impl FnOnce(&mut Self) -> R<()>) -> R<()> {
        let idx = self.b.declare_var(types::I32);
        let lid = [
            self.b.declare_var(types::I32),
            self.b.declare_var(types::I32),
            self.b.declare_var(types::I32),
        ];
        let fpv = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I32, 0);
        self.b.def_var(idx, zero);
        for v in lid {
            self.b.def_var(v, zero);
        }
        let header = self.b.create_block();
        let body_blk = self.b.create_block();
        let live = self.b.create_block();
        let next = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(header);
        let i = self.b.use_var(idx);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, i, self.count);
        loop_branch(&mut self.b, more, body_blk, done);
        self.b.switch_to_block(body_blk);
        let i64v = self.b.ins().uextend(types::I64, i);
        let off = self.b.ins().imul(i64v, self.stride);
        let fp = self.b.ins().iadd(self.frame, off);
        self.b.def_var(fpv, fp);
        if self.dead_tracking {
            let dead = self.b.ins().load(types::I32, mf(), fp, DEAD as i32);
            self.b.ins().brif(dead, next, &[], live, &[]);
        } else {
            self.b.ins().jump(live, &[]);
        }
        self.b.switch_to_block(live);
        // No jump is pending until this region leaves one (a stale code from an
        // earlier region, an earlier iteration of a group-level loop or an earlier
        // group must not be taken for this one's). Only kernels with group-level code
        // ever read it.
        if self.group_code {
            let zero = self.b.ins().iconst(types::I32, 0);
            self.b.ins().store(mf(), zero, fp, PENDING as i32);
        }
        let outer_inv = self.inv.replace(Inv {
            idx,
            lid,
            fp: fpv,
            next,
        });
        let outer_codes = std::mem::take(&mut self.region_codes);
        let outer_sites = std::mem::take(&mut self.region_sites);
        let r = body(self);
        self.b.ins().jump(next, &[]);
        self.inv = outer_inv;
        let codes = std::mem::replace(&mut self.region_codes, outer_codes);
        let sites = std::mem::replace(&mut self.region_sites, outer_sites);
        r?;
        // Next invocation: x, then y, then z.
        self.b.switch_to_block(next);
        let i = self.b.use_var(idx);
        let i1 = self.b.ins().iadd_imm_s(i, 1);
        self.b.def_var(idx, i1);
        self.step_local_ids(lid, 1);
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(done);
        // Jumps some invocation left for group-level code: follow the leader's (with the
        // check: every live invocation must have left the same one).
        if let Some(&site) = sites.first() {
            self.check_agree(PENDING as i32, site, false)?;
        }
        if !codes.is_empty() {
            let lfp = self.leader_fp()?;
            let pending = self.b.ins().load(types::I32, mf(), lfp, PENDING as i32);
            for (code, dest) in codes {
                let hit = self.b.ins().icmp_imm_s(IntCC::Equal, pending, code as i64);
                let cont = self.b.create_block();
                self.b.ins().brif(hit, dest, &[], cont, &[]);
                self.b.switch_to_block(cont);
            }
        }
        Ok(())
    }

    /// Steps gl_LocalInvocationID held in `lid` by `by` invocations along x, wrapping
    /// into y and then z (`by` divides the group's width, so x reaches it exactly).
    pub(super) fn step_local_ids(&mut self, lid: [Variable; 3], by: i64) {
        let x = self.b.use_var(lid[0]);
        let x1 = self.b.ins().iadd_imm_s(x, by);
        let wrap_x = self.b.ins().icmp(IntCC::Equal, x1, self.local[0]);
        let y = self.b.use_var(lid[1]);
        let y1 = self.b.ins().iadd_imm_s(y, 1);
        let y_new = self.b.ins().select(wrap_x, y1, y);
        let wrap_y = self.b.ins().icmp(IntCC::Equal, y_new, self.local[1]);
        let z = self.b.use_var(lid[2]);
        let z1 = self.b.ins().iadd_imm_s(z, 1);
        let zero = self.b.ins().iconst(types::I32, 0);
        let x_new = self.b.ins().select(wrap_x, zero, x1);
        let both = self.b.ins().band(wrap_x, wrap_y);
        let y_final = self.b.ins().select(both, zero, y_new);
        let z_new = self.b.ins().select(both, z1, z);
        self.b.def_var(lid[0], x_new);
        self.b.def_var(lid[1], y_final);
        self.b.def_var(lid[2], z_new);
    }

    /// The frame of the first live invocation; with none left, the kernel ends.
    pub(super) fn leader_fp(&mut self) -> R<Value> {
        if !self.dead_tracking {
            return Ok(self.frame);
        }
        let i = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(i, zero);
        let head = self.b.create_block();
        let test = self.b.create_block();
        let step = self.b.create_block();
        let found = self.b.create_block();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let iv = self.b.use_var(i);
        let count = self.b.ins().uextend(types::I64, self.count);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, iv, count);
        loop_branch(&mut self.b, more, test, self.exit);
        self.b.switch_to_block(test);
        let off = self.b.ins().imul(iv, self.stride);
        let fp = self.b.ins().iadd(self.frame, off);
        let dead = self.b.ins().load(types::I32, mf(), fp, DEAD as i32);
        self.b.ins().brif(dead, step, &[], found, &[]);
        self.b.switch_to_block(step);
        let i1 = self.b.ins().iadd_imm_s(iv, 1);
        self.b.def_var(i, i1);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(found);
        let iv = self.b.use_var(i);
        let off = self.b.ins().imul(iv, self.stride);
        Ok(self.b.ins().iadd(self.frame, off))
    }

    pub(super) fn new_code(&mut self) -> u32 {
        self.next_code += 1;
        self.next_code
    }

    /// Leaves `code` for group-level code and ends this invocation's region.
    pub(super) fn leave(&mut self, code: u32, dest: Option<Block>) {
        let fp = self.fp();
        if code == CODE_DEAD {
            let one = self.b.ins().iconst(types::I32, 1);
            self.b.ins().store(mf(), one, fp, DEAD as i32);
        } else {
            let c = self.b.ins().iconst(types::I32, code as i64);
            self.b.ins().store(mf(), c, fp, PENDING as i32);
            if let Some(d) = dest
                && !self.region_codes.iter().any(|(k, _)| *k == code)
            {
                self.region_codes.push((code, d));
            }
            self.region_sites.push(self.cur_span);
        }
        let next = self.inv.as_ref().expect("region").next;
        self.b.ins().jump(next, &[]);
        let dead = self.b.create_block();
        self.b.switch_to_block(dead);
    }

    /// Checks the watchdog flag on a loop back-edge.
    pub(super) fn check_abort(&mut self) {
        let flag = self
            .b
            .ins()
            .load(types::I32, MemFlagsData::new(), self.abort, 0);
        let cont = self.b.create_block();
        self.b.ins().brif(flag, self.exit, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }

    // ---- group-level statements ----------------------------------------------------

    pub(super) fn func(&self) -> &'a Function {
        let f = self.stack.last().expect("instance").func;
        self.env.m.function(f)
    }

    pub(super) fn has_barrier(&self, s: &Stmt) -> bool {
        super::stmt_has_barrier(self.func(), s, &self.env.barrier_fns)
    }

    /// A block of a group-level function: runs of barrier-free statements become
    /// regions; statements that reach a barrier are lowered at group level.
    pub(super) fn group_block(&mut self, stmts: &[Stmt]) -> R<()> {
        let mut run: Vec<Stmt> = Vec::new();
        for s in stmts {
            if !self.has_barrier(s) {
                run.push(s.clone());
                continue;
            }
            self.flush_run(&mut run)?;
            self.group_stmt(s)?;
        }
        self.flush_run(&mut run)
    }

    pub(super) fn flush_run(&mut self, run: &mut Vec<Stmt>) -> R<()> {
        if run.is_empty() {
            return Ok(());
        }
        let stmts = std::mem::take(run);
        let span = stmts[0].span;
        match self.simd_plan(&stmts, false) {
            Ok(plan) => {
                self.notes
                    .push(super::simd::RegionNote { span, scalar: None });
                let outer = (self.frame_decls, self.decl_depth);
                self.frame_decls = true;
                self.decl_depth = 0;
                let r = self.simd_region(&stmts, plan, None);
                (self.frame_decls, self.decl_depth) = outer;
                return r;
            }
            Err(why) => self.notes.push(super::simd::RegionNote {
                span,
                scalar: Some(why),
            }),
        }
        self.region(|l| {
            let outer = (l.frame_decls, l.decl_depth);
            l.frame_decls = true;
            l.decl_depth = 0;
            let r = l.block(&stmts);
            (l.frame_decls, l.decl_depth) = outer;
            r
        })
    }

    /// Whether a group-level decision can be taken once, by the leader: the analysis
    /// finds it uniform for the group, it has no effect (each invocation's own
    /// variables would change only in the leader's frame), and the barrier check
    /// (which compares every invocation's) is off.
    fn uniform_decision(&self, e: ExprId) -> bool {
        if self.env.check_barriers {
            return false;
        }
        let Some(a) = &self.env.uniformity else {
            return false;
        };
        let func = self.stack.last().expect("instance").func;
        if !matches!(
            a.expr(func, e),
            Some(
                crate::ir::uniformity::Uniformity::Dispatch
                    | crate::ir::uniformity::Uniformity::Group
            )
        ) {
            return false;
        }
        let f = self.func();
        let mut work = vec![e];
        while let Some(x) = work.pop() {
            let k = &f.expr(x).kind;
            let effect = match k {
                ExprKind::Assign { .. } | ExprKind::IncDec { .. } | ExprKind::Call { .. } => true,
                ExprKind::Builtin { fun, .. } => fun.class() != BuiltinClass::Pure,
                _ => false,
            };
            if effect {
                return false;
            }
            work.extend(k.children());
        }
        true
    }

    /// Evaluates a bool (or int selector) per invocation and returns the leader's (or,
    /// for a uniform decision, evaluates it once in the leader's frame).
    pub(super) fn group_decision(&mut self, e: ExprId, ty: ClType) -> R<Value> {
        if self.uniform_decision(e) {
            let lfp = self.leader_fp()?;
            let fp = self.b.declare_var(types::I64);
            self.b.def_var(fp, lfp);
            let zero = self.b.ins().iconst(types::I32, 0);
            let idx = self.b.declare_var(types::I32);
            self.b.def_var(idx, zero);
            let lid = [0, 1, 2].map(|_| {
                let v = self.b.declare_var(types::I32);
                self.b.def_var(v, zero);
                v
            });
            // No jump leaves an expression: `next` (here the kernel's exit) is never
            // taken.
            let next = self.exit;
            let outer = self.inv.replace(Inv { idx, lid, fp, next });
            let r = self.expr(e);
            self.inv = outer;
            let v = r?;
            let v = self.scalar(&v);
            let v = if self.b.func.dfg.value_type(v) == types::I8 {
                self.b.ins().uextend(ty, v)
            } else {
                v
            };
            return Ok(v);
        }
        let off = self
            .frame_size
            .checked_next_multiple_of(4)
            .unwrap_or(u32::MAX);
        self.frame_size = off.saturating_add(4);
        self.region(|l| {
            let v = l.expr(e)?;
            let v = l.scalar(&v);
            // Bools widen to the 32-bit slot.
            let v = if l.b.func.dfg.value_type(v) == types::I8 {
                l.b.ins().uextend(ty, v)
            } else {
                v
            };
            let fp = l.fp();
            l.b.ins().store(mf(), v, fp, off as i32);
            Ok(())
        })?;
        let span = self.func().expr(e).span;
        self.check_agree(off as i32, span, false)?;
        let lfp = self.leader_fp()?;
        Ok(self.b.ins().load(types::I32, mf(), lfp, off as i32))
    }

    pub(super) fn group_stmt(&mut self, s: &Stmt) -> R<()> {
        let f = self.func();
        match &s.kind {
            // A barrier ends a region: every invocation finished the code before it.
            StmtKind::Expr(e)
                if matches!(
                    f.expr(*e).kind,
                    ExprKind::Builtin {
                        fun: Builtin::Barrier,
                        ..
                    }
                ) =>
            {
                // With the check: an invocation that returned before this barrier did
                // not reach it.
                if self.dead_tracking {
                    self.check_agree(DEAD as i32, s.span, true)?;
                }
                Ok(())
            }
            StmtKind::Call { func, args, result } => self.group_call(*func, args, *result),
            StmtKind::Block(b) => self.group_block(b),
            StmtKind::If {
                cond,
                accept,
                reject,
            } => {
                let c = self.group_decision(*cond, types::I32)?;
                let (then, els, merge) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.ins().brif(c, then, &[], els, &[]);
                self.b.switch_to_block(then);
                self.group_block(accept)?;
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(els);
                self.group_block(reject)?;
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(merge);
                Ok(())
            }
            StmtKind::Loop {
                cond,
                test_after,
                body,
                step,
            } => {
                let (header, body_blk, cont, exit) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                let (brk_code, cont_code) = (self.new_code(), self.new_code());
                self.b
                    .ins()
                    .jump(if *test_after { body_blk } else { header }, &[]);
                self.b.switch_to_block(header);
                match cond {
                    Some(c) if !*test_after => {
                        let c = self.group_decision(*c, types::I32)?;
                        loop_branch(&mut self.b, c, body_blk, exit);
                    }
                    _ => {
                        self.b.ins().jump(body_blk, &[]);
                    }
                }
                self.b.switch_to_block(body_blk);
                self.targets.push(Target::Loop {
                    group: true,
                    brk: exit,
                    cont,
                    brk_code,
                    cont_code,
                });
                let r = self.group_block(body);
                self.targets.pop();
                r?;
                self.b.ins().jump(cont, &[]);
                self.b.switch_to_block(cont);
                self.check_abort();
                self.group_block(step)?;
                match cond {
                    Some(c) if *test_after => {
                        let c = self.group_decision(*c, types::I32)?;
                        self.b.ins().brif(c, body_blk, &[], exit, &[]);
                    }
                    _ => {
                        self.b.ins().jump(header, &[]);
                    }
                }
                self.b.switch_to_block(exit);
                Ok(())
            }
            StmtKind::Switch { selector, cases } => {
                let sel = self.group_decision(*selector, types::I32)?;
                let brk_code = self.new_code();
                self.switch(sel, cases, true, brk_code, Self::group_block)
            }
            _ => Err(self.unsupported(s)),
        }
    }

    /// A switch on `sel` (group-level or per invocation): compare-and-branch to the
    /// case blocks, cases fall through into the next, `break` leaves.
    pub(super) fn switch(
        &mut self,
        sel: Value,
        cases: &[SwitchCase],
        group: bool,
        brk_code: u32,
        lower_body: fn(&mut Self, &[Stmt]) -> R<()>,
    ) -> R<()> {
        let exit = self.b.create_block();
        let blocks: Vec<Block> = cases.iter().map(|_| self.b.create_block()).collect();
        let default = cases
            .iter()
            .position(|c| c.default)
            .map(|i| blocks[i])
            .unwrap_or(exit);
        for (c, &blk) in cases.iter().zip(&blocks) {
            for &v in &c.values {
                let hit = self.b.ins().icmp_imm_s(IntCC::Equal, sel, v);
                let cont = self.b.create_block();
                self.b.ins().brif(hit, blk, &[], cont, &[]);
                self.b.switch_to_block(cont);
            }
        }
        self.b.ins().jump(default, &[]);
        self.targets.push(Target::Switch {
            group,
            brk: exit,
            brk_code,
        });
        self.decl_depth += 1;
        let mut result = Ok(());
        for (i, c) in cases.iter().enumerate() {
            self.b.switch_to_block(blocks[i]);
            result = lower_body(self, &c.body);
            if result.is_err() {
                break;
            }
            let next = blocks.get(i + 1).copied().unwrap_or(exit);
            self.b.ins().jump(next, &[]);
        }
        self.decl_depth -= 1;
        self.targets.pop();
        result?;
        self.b.switch_to_block(exit);
        Ok(())
    }

    pub(super) fn unsupported(&self, s: &Stmt) -> String {
        format!(
            "{}: internal error: a barrier inside an expression (calls and barriers are statements after ir::calls)",
            s.span
        )
    }

    /// Inlines a function that reaches a barrier at group level.
    pub(super) fn group_call(
        &mut self,
        func: FunctionId,
        args: &[ExprId],
        result: Option<LocalId>,
    ) -> R<()> {
        let callee = self.env.m.function(func);
        let caller_depth = self.stack.len();
        // Bind parameters (frame slots) from the arguments, per invocation.
        let mut inst = Instance {
            func,
            locals: HashMap::new(),
            ret: None,
            group: true,
            exit_block: None,
            exit_code: self.new_code(),
            group_exit: Some(self.b.create_block()),
        };
        for (i, l) in callee.locals[..callee.params].iter().enumerate() {
            inst.locals
                .insert(i as u32, Slot::Frame(self.alloc_frame(l.ty), l.ty));
        }
        if !matches!(self.env.m.types.get(callee.ret), Type::Void) {
            inst.ret = Some(Slot::Frame(self.alloc_frame(callee.ret), callee.ret));
        }
        let params: Vec<(Slot, ParamDir)> = (0..callee.params)
            .map(|i| {
                (
                    inst.locals[&(i as u32)].clone(),
                    callee.locals[i].param.unwrap_or(ParamDir::In),
                )
            })
            .collect();
        let args = args.to_vec();
        {
            let params = params.clone();
            let args = args.clone();
            self.region(move |l| {
                for ((slot, dir), a) in params.iter().zip(&args) {
                    if *dir == ParamDir::Out {
                        continue;
                    }
                    let v = l.expr(*a)?;
                    let p = l.slot_place(slot);
                    l.store_place(&p, &v)?;
                }
                Ok(())
            })?;
        }
        let exit = inst.group_exit.expect("group exit");
        let ret = inst.ret.clone();
        self.stack.push(inst);
        let r = self.group_block(&callee.body);
        self.stack.pop();
        r?;
        debug_assert_eq!(self.stack.len(), caller_depth);
        self.b.ins().jump(exit, &[]);
        self.b.switch_to_block(exit);
        // Copy out and inout arguments back, and the result.
        self.region(move |l| {
            for ((slot, dir), a) in params.iter().zip(&args) {
                if *dir == ParamDir::In {
                    continue;
                }
                let p = l.slot_place(slot);
                let v = l.load_place(&p)?;
                let dst = l.place(*a)?;
                l.store_place(&dst, &v)?;
            }
            if let (Some(ret), Some(local)) = (&ret, result) {
                let dst = l.local_place(local)?;
                let p = l.slot_place(ret);
                let v = l.load_place(&p)?;
                l.store_place(&dst, &v)?;
            }
            Ok(())
        })
    }
}
