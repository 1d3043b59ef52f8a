//! Structured control flow (SPIR-V 1.6 §2.11) into the IR's statements. A block with
//! OpLoopMerge becomes a loop whose body starts at the header and whose step is the
//! continue construct (a conditional back edge at its end is the loop's test, checked
//! after the step); a block with OpSelectionMerge and a conditional branch an `if`,
//! and with OpSwitch a `switch` (cases ordered so that each falls through into the
//! one its construct branches to). A branch to the innermost loop's merge is a
//! `break`, to its continue target a `continue`, to the innermost selection's merge
//! the end of the `if`; any other branch continues with its target inline. Each block
//! is emitted at most once, so the IR is never larger than the module, and flow that
//! would need a block twice is refused as unstructured. OpPhi becomes a local that
//! every incoming edge assigns (through temporaries when the values are other phis of
//! the same block). Nesting is bounded by limits::MAX_NESTING.

use crate::ir::shader::Stage;
use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::function::*;
use spirv::Op;
use std::collections::HashMap;

#[derive(Debug, Clone)]
pub enum Ctx {
    Loop {
        header: u32,
        merge: u32,
        cont: u32,
        in_step: bool,
        /// The test a conditional back edge at the end of the step gives.
        test: Option<ExprId>,
    },
    Selection {
        merge: u32,
    },
    Switch {
        merge: u32,
        cases: Vec<u32>,
        /// The case target the case being emitted falls through into.
        falls_into: Option<u32>,
    },
}

/// A case while a switch is lowered: (target, values, default, body, the case target
/// it falls through into).
type CaseBody = (u32, Vec<i64>, bool, Block, Option<u32>);

/// The phis of each block: (local, [(value, predecessor)]).
pub type Phis = HashMap<u32, Vec<(LocalId, Vec<(u32, u32)>)>>;

pub struct Flow {
    pub index: HashMap<u32, usize>,
    pub emitted: Vec<bool>,
    pub phis: Phis,
    pub ctx: Vec<Ctx>,
}

impl<'l, 'm, 'a> FnLower<'l, 'm, 'a> {
    /// The function's body: its locals' declarations, then its blocks from the first.
    pub fn body(&mut self) -> SpvResult<Block> {
        let mut flow = Flow {
            index: HashMap::new(),
            emitted: vec![false; self.spv.blocks.len()],
            phis: HashMap::new(),
            ctx: Vec::new(),
        };
        for (i, b) in self.spv.blocks.iter().enumerate() {
            flow.index.insert(b.label, i);
        }
        // Every phi gets its local first: an edge may assign it before its block.
        for b in &self.spv.blocks {
            for &i in &b.body {
                let inst = self.m.insts[i];
                if !is_phi(&inst) {
                    continue;
                }
                self.at = inst.offset;
                let rt = self.rty(inst.word(0)?)?;
                let id = inst.word(1)?;
                let pairs = inst.rest(2);
                if !pairs.len().is_multiple_of(2) || pairs.is_empty() {
                    return Err(inst.err("an OpPhi without (value, parent) pairs"));
                }
                let l = self.new_local(rt, format!("_{id}"));
                self.values.insert(id, Value::Local(l));
                flow.phis
                    .entry(b.label)
                    .or_default()
                    .push((l, pairs.chunks(2).map(|c| (c[0], c[1])).collect()));
            }
        }
        let first = self.spv.blocks.first().map(|b| b.label).unwrap_or(0);
        let mut out = Vec::new();
        self.seq(&mut flow, first, &mut out, 0)?;
        let mut body = std::mem::take(&mut self.decls);
        body.extend(out);
        Ok(body)
    }

    fn block_of(&self, flow: &Flow, label: u32) -> SpvResult<usize> {
        flow.index
            .get(&label)
            .copied()
            .ok_or_else(|| self.err(format!("id {label} is not a block of this function")))
    }

    /// Emits the blocks from `start` on into `out`, until a jump or a return.
    fn seq(&mut self, flow: &mut Flow, start: u32, out: &mut Block, depth: u32) -> SpvResult<()> {
        if depth > crate::limits::MAX_NESTING {
            return Err(self.err(format!(
                "control flow is nested more than glcompute's limit of {} levels",
                crate::limits::MAX_NESTING
            )));
        }
        let mut cur = start;
        loop {
            let bi = self.block_of(flow, cur)?;
            if std::mem::replace(&mut flow.emitted[bi], true) {
                self.at = self.spv.blocks[bi].offset;
                return Err(self.err(format!(
                    "block {cur} is reached a second time by structured control flow (unstructured flow is not supported)"
                )));
            }
            let b = &self.spv.blocks[bi];
            if let Some(crate::spirv::module::Merge::Loop { merge, cont }) = b.merge {
                flow.ctx.push(Ctx::Loop {
                    header: cur,
                    merge,
                    cont,
                    in_step: false,
                    test: None,
                });
                let mut body = Vec::new();
                self.contents(bi, &mut body)?;
                // An empty header that branches to an ordinary block (glslang's
                // loops): that block is the one whose branch may be the test.
                let (mut tb, mut tbi) = (cur, bi);
                let hterm = self.m.insts[self.spv.blocks[bi].term];
                if body.is_empty() && hterm.op == Op::Branch as u32 {
                    let x = hterm.word(0)?;
                    if x != cur && x != cont && x != merge && !flow.phis.contains_key(&x) {
                        let xi = self.block_of(flow, x)?;
                        if !flow.emitted[xi] && self.spv.blocks[xi].merge.is_none() {
                            flow.emitted[xi] = true;
                            self.contents(xi, &mut body)?;
                            (tb, tbi) = (x, xi);
                        }
                    }
                }
                // A header that only tests (`while (c)`): the loop's own test.
                let header_test = match self.header_test(flow, cur, tb, tbi, merge, &body)? {
                    Some((cond, inner)) => {
                        match self.exit(flow, inner)? {
                            Some(j) => body.extend(j),
                            None => self.seq(flow, inner, &mut body, depth + 1)?,
                        }
                        Some(cond)
                    }
                    None => {
                        if let Some(next) = self.terminator(flow, tb, tbi, &mut body, depth + 1)? {
                            self.seq(flow, next, &mut body, depth + 1)?;
                        }
                        None
                    }
                };
                // A `continue` that ends the body goes where the body's end goes.
                if matches!(
                    body.last(),
                    Some(Stmt {
                        kind: StmtKind::Continue,
                        ..
                    })
                ) {
                    body.pop();
                }
                let mut step = Vec::new();
                if cont != cur {
                    if let Some(Ctx::Loop { in_step, .. }) = flow.ctx.last_mut() {
                        *in_step = true;
                    }
                    self.seq(flow, cont, &mut step, depth + 1)?;
                }
                let Some(Ctx::Loop { test, .. }) = flow.ctx.pop() else {
                    unreachable!("the loop's context is the innermost");
                };
                let (cond, test_after) = match (header_test, test) {
                    (h, None) => (h, false),
                    (None, t) => (t, true),
                    // Both: the header's test starts the body.
                    (Some(h), Some(t)) => {
                        let bt = self.types().scalar(Scalar::Bool);
                        let s = self.f.break_unless(h, bt, span(self.at));
                        body.insert(0, s);
                        (Some(t), true)
                    }
                };
                out.push(self.stmt(StmtKind::Loop {
                    cond,
                    test_after,
                    body,
                    step,
                }));
                match self.exit(flow, merge)? {
                    Some(jump) => {
                        out.extend(jump);
                        return Ok(());
                    }
                    None => cur = merge,
                }
                continue;
            }
            self.contents(bi, out)?;
            match self.terminator(flow, cur, bi, out, depth)? {
                Some(next) => cur = next,
                None => return Ok(()),
            }
        }
    }

    /// The body instructions of block `bi`.
    fn contents(&mut self, bi: usize, out: &mut Block) -> SpvResult<()> {
        let body = self.spv.blocks[bi].body.clone();
        for i in body {
            let inst = self.m.insts[i];
            if !is_phi(&inst) {
                self.inst(&inst, out)?;
            }
        }
        Ok(())
    }

    /// Assignments of the phis of `to` for the edge from `from`.
    fn copies(&mut self, flow: &Flow, from: u32, to: u32, out: &mut Block) -> SpvResult<()> {
        let Some(list) = flow.phis.get(&to) else {
            return Ok(());
        };
        let mut moves = Vec::new();
        for (local, pairs) in list {
            let Some(&(v, _)) = pairs.iter().find(|(_, p)| *p == from) else {
                return Err(self.err(format!(
                    "an OpPhi of block {to} has no value for predecessor {from}"
                )));
            };
            moves.push((*local, v));
        }
        let phi_locals: Vec<LocalId> = list.iter().map(|(l, _)| *l).collect();
        let reads_phi = moves.iter().any(
            |(_, v)| matches!(self.values.get(v), Some(Value::Local(l)) if phi_locals.contains(l)),
        );
        let mut sources = Vec::new();
        for &(local, v) in &moves {
            let e = self.value(v)?;
            let lt = self.f.locals[local.0 as usize].ty;
            let e = self.cast_to(e, lt)?;
            if reads_phi {
                // Parallel copy: read every value before any phi changes.
                let t = self.new_local(lt, format!("_phi{}", local.0));
                let p = self.add(ExprKind::Local(t), lt);
                let a = self.add(
                    ExprKind::Assign {
                        place: p,
                        op: None,
                        value: e,
                    },
                    lt,
                );
                out.push(self.stmt(StmtKind::Expr(a)));
                sources.push((local, Some(t), None));
            } else {
                sources.push((local, None, Some(e)));
            }
        }
        for (local, tmp, e) in sources {
            let lt = self.f.locals[local.0 as usize].ty;
            let value = match (tmp, e) {
                (Some(t), _) => self.add(ExprKind::Local(t), lt),
                (None, Some(e)) => e,
                (None, None) => unreachable!(),
            };
            let p = self.add(ExprKind::Local(local), lt);
            let a = self.add(
                ExprKind::Assign {
                    place: p,
                    op: None,
                    value,
                },
                lt,
            );
            out.push(self.stmt(StmtKind::Expr(a)));
        }
        Ok(())
    }

    /// What a branch to `target` is where control flow stands: Some(statements) for
    /// an exit of an enclosing construct (a jump, or nothing to end an `if` or fall
    /// through into the next case), None for a block to emit next.
    fn exit(&mut self, flow: &mut Flow, target: u32) -> SpvResult<Option<Vec<Stmt>>> {
        let n = flow.ctx.len();
        let mut through_switch = false;
        for i in (0..n).rev() {
            let innermost = i == n - 1;
            match &mut flow.ctx[i] {
                Ctx::Selection { merge } if *merge == target => {
                    if innermost {
                        return Ok(Some(Vec::new()));
                    }
                    return Err(self.err(format!(
                        "a branch to the merge block {target} of a selection from inside a construct nested in it"
                    )));
                }
                Ctx::Switch {
                    merge,
                    cases,
                    falls_into,
                } => {
                    if *merge == target {
                        if innermost
                            || flow.ctx[i + 1..]
                                .iter()
                                .all(|c| matches!(c, Ctx::Selection { .. }))
                        {
                            return Ok(Some(vec![self.stmt(StmtKind::Break)]));
                        }
                        return Err(self.err("a branch out of a loop to the merge of a switch around it is not supported"));
                    }
                    if cases.contains(&target) {
                        if innermost {
                            *falls_into = Some(target);
                            return Ok(Some(Vec::new()));
                        }
                        return Err(
                            self.err("a fall-through from inside a construct nested in a case")
                        );
                    }
                    through_switch = true;
                }
                Ctx::Loop {
                    header,
                    merge,
                    cont,
                    in_step,
                    ..
                } => {
                    if *merge == target {
                        if *in_step {
                            return Err(self.err("a branch out of a loop from its continue construct other than its back edge is not supported"));
                        }
                        if through_switch {
                            return Err(self.err(
                                "a branch out of a loop from inside a switch is not supported",
                            ));
                        }
                        return Ok(Some(vec![self.stmt(StmtKind::Break)]));
                    }
                    if *header == target {
                        return Ok(Some(if *in_step {
                            Vec::new()
                        } else {
                            vec![self.stmt(StmtKind::Continue)]
                        }));
                    }
                    if *cont == target && !*in_step {
                        return Ok(Some(vec![self.stmt(StmtKind::Continue)]));
                    }
                    // Outer loops' exits are not reachable without leaving this one.
                    return Ok(None);
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// A branch's arm: the edge's phi assignments, then the jump or the blocks.
    fn arm(&mut self, flow: &mut Flow, from: u32, target: u32, depth: u32) -> SpvResult<Block> {
        let mut out = Vec::new();
        self.copies(flow, from, target, &mut out)?;
        match self.exit(flow, target)? {
            Some(j) => out.extend(j),
            None => self.seq(flow, target, &mut out, depth + 1)?,
        }
        Ok(out)
    }

    /// Block `bi`'s terminator; Some(label) when its target is the next block of
    /// the sequence.
    fn terminator(
        &mut self,
        flow: &mut Flow,
        cur: u32,
        bi: usize,
        out: &mut Block,
        depth: u32,
    ) -> SpvResult<Option<u32>> {
        let b = &self.spv.blocks[bi];
        let merge = b.merge;
        let inst = self.m.insts[b.term];
        self.at = inst.offset;
        let op = Op::from_u32(inst.op).expect("parsed as a terminator");
        match op {
            Op::Return => {
                out.push(self.stmt(StmtKind::Return(None)));
                Ok(None)
            }
            Op::ReturnValue => {
                let v = self.value(inst.word(0)?)?;
                let v = self.cast_to(v, self.f.ret)?;
                out.push(self.stmt(StmtKind::Return(Some(v))));
                Ok(None)
            }
            Op::Unreachable => Ok(None),
            Op::Branch => {
                let t = inst.word(0)?;
                self.copies(flow, cur, t, out)?;
                match self.exit(flow, t)? {
                    Some(j) => {
                        out.extend(j);
                        Ok(None)
                    }
                    None => Ok(Some(t)),
                }
            }
            Op::BranchConditional => {
                let (c, t, f) = (inst.word(0)?, inst.word(1)?, inst.word(2)?);
                if let Some(crate::spirv::module::Merge::Selection { merge }) = merge {
                    let cond = self.value(c)?;
                    flow.ctx.push(Ctx::Selection { merge });
                    let accept = self.arm(flow, cur, t, depth);
                    let reject = accept.and_then(|a| Ok((a, self.arm(flow, cur, f, depth)?)));
                    flow.ctx.pop();
                    let (accept, reject) = reject?;
                    out.push(self.stmt(StmtKind::If {
                        cond,
                        accept,
                        reject,
                    }));
                    return match self.exit(flow, merge)? {
                        Some(j) => {
                            out.extend(j);
                            Ok(None)
                        }
                        None => Ok(Some(merge)),
                    };
                }
                // The back edge of a loop whose continue construct ends in a test.
                if let Some(Ctx::Loop {
                    header,
                    merge,
                    in_step: true,
                    ..
                }) = flow.ctx.last().cloned()
                    && ((t == header && f == merge) || (t == merge && f == header))
                {
                    // The condition is read twice: by the edges' phi assignments and
                    // by the loop's test.
                    self.stable(c)?;
                    self.flush(out);
                    let cond = self.value(c)?;
                    let accept = {
                        let mut v = Vec::new();
                        self.copies(flow, cur, t, &mut v)?;
                        v
                    };
                    let reject = {
                        let mut v = Vec::new();
                        self.copies(flow, cur, f, &mut v)?;
                        v
                    };
                    if !accept.is_empty() || !reject.is_empty() {
                        out.push(self.stmt(StmtKind::If {
                            cond,
                            accept,
                            reject,
                        }));
                    }
                    let c2 = self.value(c)?;
                    let test = if t == header { c2 } else { self.not_expr(c2) };
                    if let Some(Ctx::Loop { test: slot, .. }) = flow.ctx.last_mut() {
                        *slot = Some(test);
                    }
                    return Ok(None);
                }
                // Without a selection: a jump on one side continues inline on the other.
                let mut jt = Vec::new();
                self.copies(flow, cur, t, &mut jt)?;
                let et = self.exit(flow, t)?;
                let mut jf = Vec::new();
                self.copies(flow, cur, f, &mut jf)?;
                let ef = self.exit(flow, f)?;
                let cond = self.value(c)?;
                match (et, ef) {
                    (Some(a), Some(r)) => {
                        jt.extend(a);
                        jf.extend(r);
                        out.push(self.stmt(StmtKind::If {
                            cond,
                            accept: jt,
                            reject: jf,
                        }));
                        Ok(None)
                    }
                    (Some(a), None) => {
                        jt.extend(a);
                        out.push(self.stmt(StmtKind::If {
                            cond,
                            accept: jt,
                            reject: Vec::new(),
                        }));
                        out.extend(jf);
                        Ok(Some(f))
                    }
                    (None, Some(r)) => {
                        jf.extend(r);
                        let nc = self.not_expr(cond);
                        out.push(self.stmt(StmtKind::If {
                            cond: nc,
                            accept: jf,
                            reject: Vec::new(),
                        }));
                        out.extend(jt);
                        Ok(Some(t))
                    }
                    (None, None) => {
                        Err(inst.err("a conditional branch to two blocks without OpSelectionMerge"))
                    }
                }
            }
            Op::Switch => {
                let Some(crate::spirv::module::Merge::Selection { merge }) = merge else {
                    return Err(inst.err("an OpSwitch without OpSelectionMerge"));
                };
                self.switch(flow, cur, &inst, merge, out, depth)
            }
            // GL 4.6 appendix C: fragment shaders only; a discard.
            Op::Kill | Op::TerminateInvocation if self.l.stage == Stage::Fragment => {
                out.push(self.stmt(StmtKind::Discard));
                Ok(None)
            }
            Op::Kill | Op::TerminateInvocation => Err(inst.err(format!(
                "is not allowed in a {} shader",
                self.l.stage.name()
            ))),
            _ => Err(inst.err("is not a terminator glcompute supports")),
        }
    }

    /// For the block `cur` that starts loop `header` (the header or the block its
    /// empty header branches to), when nothing was emitted for it and its branch is
    /// conditional, to the merge on one side and with no phis on either edge: the
    /// loop's test and the block the body starts at.
    fn header_test(
        &mut self,
        flow: &Flow,
        header: u32,
        cur: u32,
        bi: usize,
        merge: u32,
        body: &Block,
    ) -> SpvResult<Option<(ExprId, u32)>> {
        let inst = self.m.insts[self.spv.blocks[bi].term];
        if !body.is_empty() || inst.op != Op::BranchConditional as u32 {
            return Ok(None);
        }
        let (c, t, f) = (inst.word(0)?, inst.word(1)?, inst.word(2)?);
        if (t == merge) == (f == merge) || [t, f].iter().any(|&x| x == cur || x == header) {
            return Ok(None);
        }
        if flow.phis.contains_key(&t) || flow.phis.contains_key(&f) {
            return Ok(None);
        }
        self.at = inst.offset;
        let cond = self.value(c)?;
        let bt = self.types().scalar(Scalar::Bool);
        if self.ty_of(cond) != bt {
            return Err(inst.err("a branch condition that is not a bool scalar"));
        }
        Ok(Some(if f == merge {
            (cond, t)
        } else {
            (self.not_expr(cond), f)
        }))
    }

    fn not_expr(&mut self, e: ExprId) -> ExprId {
        let t = self.ty_of(e);
        self.add(
            ExprKind::Unary {
                op: UnaryOp::Not,
                arg: e,
            },
            t,
        )
    }

    fn switch(
        &mut self,
        flow: &mut Flow,
        cur: u32,
        inst: &Inst<'a>,
        merge: u32,
        out: &mut Block,
        depth: u32,
    ) -> SpvResult<Option<u32>> {
        let sel = self.value(inst.word(0)?)?;
        let st = self.ty_of(sel);
        let sel = match self.l.out.types.get(st) {
            Type::Scalar(Scalar::Int | Scalar::Uint) => sel,
            _ => return Err(inst.err("a switch on other than a 32-bit integer")),
        };
        let signed = self.l.out.types.scalar_of(st) == Some(Scalar::Int);
        let default = inst.word(1)?;
        let pairs = inst.rest(2);
        if !pairs.len().is_multiple_of(2) {
            return Err(inst.err("a case without a target"));
        }
        // Targets in order of first appearance, with their values.
        let mut targets: Vec<(u32, Vec<i64>, bool)> = Vec::new();
        for c in pairs.chunks(2) {
            let v = if signed {
                c[0] as i32 as i64
            } else {
                c[0] as i64
            };
            match targets.iter_mut().find(|t| t.0 == c[1]) {
                Some(t) => t.1.push(v),
                None => targets.push((c[1], vec![v], false)),
            }
        }
        match targets.iter_mut().find(|t| t.0 == default) {
            Some(t) => t.2 = true,
            None => targets.push((default, Vec::new(), true)),
        }
        let case_targets: Vec<u32> = targets
            .iter()
            .map(|t| t.0)
            .filter(|&t| t != merge)
            .collect();
        flow.ctx.push(Ctx::Switch {
            merge,
            cases: case_targets.clone(),
            falls_into: None,
        });
        let mut bodies: Vec<CaseBody> = Vec::new();
        let mut result = Ok(());
        for (t, values, is_default) in targets {
            let r = (|| -> SpvResult<(Block, Option<u32>)> {
                if let Some(Ctx::Switch { falls_into, .. }) = flow.ctx.last_mut() {
                    *falls_into = None;
                }
                // A case starts at its target (which is no exit here), unless that is
                // the merge.
                let body = if t == merge {
                    self.arm(flow, cur, t, depth)?
                } else {
                    let mut body = Vec::new();
                    self.copies(flow, cur, t, &mut body)?;
                    self.seq(flow, t, &mut body, depth + 1)?;
                    body
                };
                let fell = match flow.ctx.last() {
                    Some(Ctx::Switch { falls_into, .. }) => *falls_into,
                    _ => None,
                };
                Ok((body, fell))
            })();
            match r {
                Ok((body, fell)) => bodies.push((t, values, is_default, body, fell)),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        flow.ctx.pop();
        result?;
        // A case with phis must not be a fall-through target: its phis were assigned
        // for the edge from the switch only.
        for b in &bodies {
            if let Some(into) = b.4
                && flow.phis.contains_key(&into)
            {
                return Err(inst.err("a fall-through into a case whose block has OpPhi"));
            }
        }
        // Order: chains of fall-through, each case before the one it falls into.
        let falls_into: Vec<Option<usize>> = bodies
            .iter()
            .map(|b| b.4.and_then(|t| bodies.iter().position(|c| c.0 == t)))
            .collect();
        let mut has_pred = vec![false; bodies.len()];
        for f in falls_into.iter().flatten() {
            if has_pred[*f] {
                return Err(inst.err("two cases fall through into one"));
            }
            has_pred[*f] = true;
        }
        let mut order = Vec::new();
        let mut placed = vec![false; bodies.len()];
        for (start, &pred) in has_pred.iter().enumerate() {
            if pred {
                continue;
            }
            let mut i = start;
            loop {
                if placed[i] {
                    return Err(inst.err("cases that fall through in a cycle"));
                }
                placed[i] = true;
                order.push(i);
                match falls_into[i] {
                    Some(n) => i = n,
                    None => break,
                }
            }
        }
        if order.len() != bodies.len() {
            return Err(inst.err("cases that fall through in a cycle"));
        }
        let mut slots: Vec<Option<CaseBody>> = bodies.into_iter().map(Some).collect();
        let cases = order
            .into_iter()
            .map(|i| {
                let (_, values, default, body, _) = slots[i].take().expect("each case placed once");
                SwitchCase {
                    values,
                    default,
                    body,
                }
            })
            .collect();
        out.push(self.stmt(StmtKind::Switch {
            selector: sel,
            cases,
        }));
        match self.exit(flow, merge)? {
            Some(j) => {
                out.extend(j);
                Ok(None)
            }
            None => Ok(Some(merge)),
        }
    }
}
