//! Per-invocation statements (inside a region) and inlined calls of user functions.

use std::collections::HashMap;

use cranelift_codegen::ir::InstBuilder;
use cranelift_codegen::ir::condcodes::IntCC;

use crate::ir::*;

use super::lower::*;

impl<'a, 'b> Lower<'a, 'b> {
    // ---- per-invocation statements --------------------------------------------------

    pub(super) fn block(&mut self, stmts: &[Stmt]) -> R<()> {
        for s in stmts {
            self.stmt(s)?;
        }
        Ok(())
    }

    pub(super) fn stmt(&mut self, s: &Stmt) -> R<()> {
        self.cur_span = s.span;
        match &s.kind {
            StmtKind::Expr(e) => {
                self.expr(*e)?;
            }
            StmtKind::Call { func, args, result } => {
                let v = self.call(*func, args)?;
                if let Some(r) = result {
                    let p = self.local_place(*r)?;
                    self.store_place(&p, &v)?;
                }
            }
            StmtKind::Declare { local, init } => {
                let f = self.func();
                let ty = f.locals[local.0 as usize].ty;
                let frame = self.frame_decls && self.decl_depth == 0;
                let slot = self.alloc_local(ty, frame);
                let v = match init {
                    Some(e) => Some(self.expr(*e)?),
                    None => None,
                };
                let place = self.slot_place(&slot);
                self.stack
                    .last_mut()
                    .expect("instance")
                    .locals
                    .insert(local.0, slot);
                match v {
                    Some(v) => self.store_place(&place, &v)?,
                    // Uninitialized locals read as zero (GLSL leaves them undefined).
                    None => {
                        let z = self.zero_value(ty);
                        self.store_place(&place, &z)?
                    }
                }
            }
            StmtKind::Block(b) => {
                self.decl_depth += 1;
                let r = self.block(b);
                self.decl_depth -= 1;
                r?;
            }
            StmtKind::If {
                cond,
                accept,
                reject,
            } => {
                let c = self.expr(*cond)?;
                let c = self.scalar(&c);
                let (then, els, merge) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                // An `else` that leaves the loop (`if (c) { ... } else break;`) must be
                // the first target, for the reason `loop_branch` gives.
                let leaves = |b: &[Stmt]| {
                    matches!(
                        b.last().map(|s| &s.kind),
                        Some(StmtKind::Break | StmtKind::Return(_))
                    )
                };
                if leaves(reject) && !leaves(accept) {
                    let not = self.b.ins().icmp_imm_u(IntCC::Equal, c, 0);
                    self.b.ins().brif(not, els, &[], then, &[]);
                } else {
                    self.b.ins().brif(c, then, &[], els, &[]);
                }
                self.b.switch_to_block(then);
                self.decl_depth += 1;
                self.block(accept)?;
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(els);
                self.block(reject)?;
                self.decl_depth -= 1;
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(merge);
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
                self.b
                    .ins()
                    .jump(if *test_after { body_blk } else { header }, &[]);
                self.b.switch_to_block(header);
                match cond {
                    Some(c) if !*test_after => {
                        let v = self.expr(*c)?;
                        let v = self.scalar(&v);
                        loop_branch(&mut self.b, v, body_blk, exit);
                    }
                    _ => {
                        self.b.ins().jump(body_blk, &[]);
                    }
                }
                self.b.switch_to_block(body_blk);
                self.targets.push(Target::Loop {
                    group: false,
                    brk: exit,
                    cont,
                    brk_code: 0,
                    cont_code: 0,
                });
                self.decl_depth += 1;
                let r = self.block(body);
                self.decl_depth -= 1;
                self.targets.pop();
                r?;
                self.b.ins().jump(cont, &[]);
                self.b.switch_to_block(cont);
                self.decl_depth += 1;
                let r = self.block(step);
                self.decl_depth -= 1;
                r?;
                self.check_abort();
                match cond {
                    Some(c) if *test_after => {
                        let v = self.expr(*c)?;
                        let v = self.scalar(&v);
                        self.b.ins().brif(v, body_blk, &[], exit, &[]);
                    }
                    _ => {
                        self.b.ins().jump(header, &[]);
                    }
                }
                self.b.switch_to_block(exit);
            }
            StmtKind::Switch { selector, cases } => {
                let sel = self.expr(*selector)?;
                let sel = self.scalar(&sel);
                self.switch(sel, cases, false, 0, Self::block)?;
            }
            StmtKind::Break | StmtKind::Continue => {
                let is_break = matches!(s.kind, StmtKind::Break);
                let target = self
                    .targets
                    .iter()
                    .rev()
                    .find(|t| is_break || matches!(t, Target::Loop { .. }))
                    .ok_or("break/continue outside a loop")?;
                let (group, dest, code) = match target {
                    Target::Loop {
                        group,
                        brk,
                        cont,
                        brk_code,
                        cont_code,
                    } => {
                        if is_break {
                            (*group, *brk, *brk_code)
                        } else {
                            (*group, *cont, *cont_code)
                        }
                    }
                    Target::Switch {
                        group,
                        brk,
                        brk_code,
                    } => (*group, *brk, *brk_code),
                };
                if group {
                    self.leave(code, Some(dest));
                } else {
                    self.b.ins().jump(dest, &[]);
                    let dead = self.b.create_block();
                    self.b.switch_to_block(dead);
                }
            }
            StmtKind::Discard => {
                return Err("internal: `discard' in a compute kernel".into());
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    let v = self.expr(*e)?;
                    let ret = self.stack.last().expect("instance").ret.clone();
                    if let Some(r) = ret {
                        let p = self.slot_place(&r);
                        self.store_place(&p, &v)?;
                    }
                }
                let inst = self.stack.last().expect("instance");
                if inst.group {
                    let (code, dest) = (inst.exit_code, inst.group_exit);
                    self.leave(code, dest);
                } else {
                    let exit = inst.exit_block.expect("exit block");
                    self.b.ins().jump(exit, &[]);
                    let dead = self.b.create_block();
                    self.b.switch_to_block(dead);
                }
            }
        }
        Ok(())
    }

    /// Inlines a call made in per-invocation code; returns its value (void: no comps).
    pub(super) fn call(&mut self, func: FunctionId, args: &[ExprId]) -> R<Val> {
        let m = self.env.m;
        let callee = m.function(func);
        if !callee.defined {
            return Err(format!("function `{}' has no definition", callee.name));
        }
        // Arguments, left to right: values for in, places for out/inout.
        let mut bound = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let l = &callee.locals[i];
            let dir = l.param.unwrap_or(ParamDir::In);
            let slot = self.alloc_local(l.ty, false);
            match dir {
                ParamDir::In => {
                    let v = self.expr(*a)?;
                    let p = self.slot_place(&slot);
                    self.store_place(&p, &v)?;
                    bound.push((slot, None));
                }
                ParamDir::Out | ParamDir::InOut => {
                    let place = self.place(*a)?;
                    let p = self.slot_place(&slot);
                    if dir == ParamDir::InOut {
                        let v = self.load_place(&place)?;
                        self.store_place(&p, &v)?;
                    } else {
                        let z = self.zero_value(l.ty);
                        self.store_place(&p, &z)?;
                    }
                    bound.push((slot, Some(place)));
                }
            }
        }
        let exit = self.b.create_block();
        let ret = if matches!(m.types.get(callee.ret), Type::Void) {
            None
        } else {
            Some(self.alloc_local(callee.ret, false))
        };
        if let Some(r) = &ret {
            // A function that falls off its end returns zero.
            let p = self.slot_place(r);
            let z = self.zero_value(callee.ret);
            self.store_place(&p, &z)?;
        }
        let mut inst = Instance {
            func,
            locals: HashMap::new(),
            ret: ret.clone(),
            group: false,
            exit_block: Some(exit),
            exit_code: 0,
            group_exit: None,
        };
        for (i, (slot, _)) in bound.iter().enumerate() {
            inst.locals.insert(i as u32, slot.clone());
        }
        // Loops and switches of the caller are not targets inside the callee.
        let targets = std::mem::take(&mut self.targets);
        let depth = std::mem::replace(&mut self.decl_depth, 1);
        self.stack.push(inst);
        let r = self.block(&callee.body);
        self.stack.pop();
        self.decl_depth = depth;
        self.targets = targets;
        r?;
        self.b.ins().jump(exit, &[]);
        self.b.switch_to_block(exit);
        for (slot, place) in &bound {
            if let Some(place) = place {
                let p = self.slot_place(slot);
                let v = self.load_place(&p)?;
                self.store_place(place, &v)?;
            }
        }
        match ret {
            Some(r) => {
                let p = self.slot_place(&r);
                self.load_place(&p)
            }
            None => Ok(Val::Comps(Vec::new())),
        }
    }
}
