//! Uniformity analysis: for every value of a program, whether it is the same for every
//! invocation of the dispatch ([`Uniformity::Dispatch`]: constants, uniforms,
//! `gl_NumWorkGroups`), for every invocation of a work group ([`Uniformity::Group`]:
//! `gl_WorkGroupID` and what is computed from it), or may differ between the
//! invocations of a group ([`Uniformity::Varying`]: `gl_LocalInvocationID`, memory
//! that invocations write, atomics). Control flow has a uniformity too: code under a
//! condition that varies, or after a `break`, `continue` or `return` some invocations
//! took, runs for only some of a group's invocations, and every value assigned there
//! varies.
//!
//! The analysis is conservative (a value it calls uniform is uniform; one it calls
//! varying may still be uniform), on one assumption: memory the shader only reads —
//! uniform blocks, read-only buffers, textures — is not written during the dispatch
//! through another binding of the same storage. Reads of any other memory count as
//! varying. It is context-insensitive: a function's parameters and control are the
//! join over its call sites. It iterates to a fixed point over the whole program;
//! values only move up the order Dispatch < Group < Varying (past a bound on the
//! rounds, everything is taken as varying), so it ends.
//!
//! Its use today: a `barrier()` (or a call of a function that reaches one) under
//! control flow that varies within a group is reported ([`Analysis::divergent_barriers`]);
//! GLSL 4.60 §8.16 leaves such a program undefined.
//!
//! On top of it, [`Analysis::affine`] gives 32-bit integer locals an affine form where
//! one is proven: every value the local holds is `base + stride · gl_LocalInvocationIndex`
//! in wrapping 32-bit arithmetic, with `base` the same for the whole group and `stride` a
//! constant (0 for group-uniform locals). A SIMD back end can keep such a value as one
//! scalar and turn a stride-1 index into a vector access. A local gets a form only if
//! each of its writes is a whole-local assignment or declaration at statement level,
//! under group-uniform control, of a value with the same stride.

use std::collections::HashMap;

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Uniformity {
    Dispatch,
    Group,
    Varying,
}

impl Uniformity {
    pub fn name(self) -> &'static str {
        match self {
            Uniformity::Dispatch => "dispatch-uniform",
            Uniformity::Group => "group-uniform",
            Uniformity::Varying => "varying",
        }
    }
}

use Uniformity::*;

/// The analysis of one program.
#[derive(Debug, Default)]
pub struct Analysis {
    /// Per function, per local (parameters first).
    pub locals: Vec<Vec<Uniformity>>,
    /// Per function: the control it is called under (main: Dispatch).
    pub entry: Vec<Uniformity>,
    /// Per function: its return value.
    pub ret: Vec<Uniformity>,
    /// Per private global.
    pub globals: Vec<Uniformity>,
    /// Barriers, direct or through a call, reached under control that varies within a
    /// group: (function, span of the statement).
    pub divergent_barriers: Vec<(FunctionId, Span)>,
    /// Functions that reach a barrier.
    barrier_fns: Vec<bool>,
    /// Functions reachable from main (the ones analyzed).
    visited: Vec<bool>,
    /// Per function, per local: the stride of its affine form, where one is proven.
    pub affine: Vec<Vec<Option<i64>>>,
    /// Per function, per expression: its uniformity in the last round.
    exprs: Vec<Vec<Uniformity>>,
    /// Per statement (by address): the control it runs under.
    stmt_ctl: HashMap<*const Stmt, Uniformity>,
    /// Per loop or switch statement (by address): how its breaks and continues vary.
    jumps: HashMap<*const Stmt, Uniformity>,
    changed: bool,
}

impl Analysis {
    /// The results in text, one function per paragraph: the control it is called
    /// under, its return value, each local; then the private globals and the
    /// divergent barriers.
    pub fn describe(&self, m: &Module) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        for (i, f) in m.functions.iter().enumerate() {
            let Some(locals) = self.locals.get(i) else {
                continue;
            };
            if !f.defined || self.visited.get(i) != Some(&true) {
                continue;
            }
            let _ = writeln!(
                out,
                "fn {}: called under {} control, returns {}",
                f.name,
                self.entry[i].name(),
                if matches!(m.types.get(f.ret), Type::Void) {
                    "nothing"
                } else {
                    self.ret[i].name()
                }
            );
            for (j, (l, u)) in f.locals.iter().zip(locals).enumerate() {
                match self.affine.get(i).and_then(|v| v.get(j)).copied().flatten() {
                    Some(k) if *u == Varying => {
                        let _ = writeln!(
                            out,
                            "    {}: {}, group base + {k} * gl_LocalInvocationIndex",
                            l.name,
                            u.name()
                        );
                    }
                    _ => {
                        let _ = writeln!(out, "    {}: {}", l.name, u.name());
                    }
                }
            }
        }
        for (g, u) in m.globals.iter().zip(&self.globals) {
            if g.storage == Storage::Private {
                let _ = writeln!(out, "global {}: {}", g.name, u.name());
            }
        }
        for (f, span) in &self.divergent_barriers {
            let _ = writeln!(
                out,
                "divergent barrier in {} at {span}",
                m.functions[f.0 as usize].name
            );
        }
        out
    }

    /// The uniformity of local `l` of function `f` (None out of range).
    pub fn local(&self, f: FunctionId, l: LocalId) -> Option<Uniformity> {
        self.locals.get(f.0 as usize)?.get(l.0 as usize).copied()
    }

    /// The uniformity of expression `e` of function `f` (None out of range, or for a
    /// function main does not reach).
    pub fn expr(&self, f: FunctionId, e: ExprId) -> Option<Uniformity> {
        if self.visited.get(f.0 as usize) != Some(&true) {
            return None;
        }
        self.exprs.get(f.0 as usize)?.get(e.0 as usize).copied()
    }
}

/// Rounds over the program before the analysis gives up on precision (each round
/// walks it once; a program that needs more is taken as varying throughout).
const MAX_ROUNDS: usize = 32;

/// Analyzes the functions reachable from `main`; `barrier_fns` says which functions
/// reach a barrier.
pub fn analyze(m: &Module, main: FunctionId, barrier_fns: &[bool]) -> Analysis {
    let n = m.functions.len();
    let mut a = Analysis {
        locals: m
            .functions
            .iter()
            .map(|f| vec![Dispatch; f.locals.len()])
            .collect(),
        entry: vec![Dispatch; n],
        ret: vec![Dispatch; n],
        globals: vec![Dispatch; m.globals.len()],
        exprs: m
            .functions
            .iter()
            .map(|f| vec![Dispatch; f.exprs.len()])
            .collect(),
        barrier_fns: barrier_fns.to_vec(),
        ..Analysis::default()
    };
    let mut live = vec![false; n];
    let mut work = vec![main];
    while let Some(f) = work.pop() {
        if let Some(l) = live.get_mut(f.0 as usize)
            && !*l
        {
            *l = true;
            work.extend(m.functions[f.0 as usize].callees());
        }
    }
    a.visited = live.clone();
    let mut rounds = 0;
    loop {
        rounds += 1;
        if rounds > MAX_ROUNDS {
            // A chain of assignments written against the walk's order needs a round
            // per link: past the bound, everything is taken as varying (always true)
            // and one last round finds the barriers under it.
            for v in a.locals.iter_mut() {
                v.fill(Varying);
            }
            a.entry.fill(Varying);
            if let Some(e) = a.entry.get_mut(main.0 as usize) {
                *e = Dispatch;
            }
            a.ret.fill(Varying);
            a.globals.fill(Varying);
            for j in a.jumps.values_mut() {
                *j = Varying;
            }
        }
        a.changed = false;
        a.divergent_barriers.clear();
        for (i, f) in m.functions.iter().enumerate() {
            if live[i] && f.defined {
                let mut w = Walk {
                    m,
                    f,
                    fid: FunctionId(i as u32),
                    a: &mut a,
                };
                let ctl = w.a.entry[i];
                w.block(&f.body, ctl);
            }
        }
        if !a.changed || rounds > MAX_ROUNDS {
            a.affine = m
                .functions
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    if live[i] && f.defined {
                        affine_locals(m, &a, i)
                    } else {
                        vec![None; f.locals.len()]
                    }
                })
                .collect();
            return a;
        }
    }
}

/// How the jumps inside a statement vary: (break, continue, return).
#[derive(Clone, Copy)]
struct Exits {
    brk: Uniformity,
    cont: Uniformity,
    ret: Uniformity,
}

impl Exits {
    const NONE: Exits = Exits {
        brk: Dispatch,
        cont: Dispatch,
        ret: Dispatch,
    };

    fn join(self, o: Exits) -> Exits {
        Exits {
            brk: self.brk.max(o.brk),
            cont: self.cont.max(o.cont),
            ret: self.ret.max(o.ret),
        }
    }

    fn all(self) -> Uniformity {
        self.brk.max(self.cont).max(self.ret)
    }
}

struct Walk<'a> {
    m: &'a Module,
    f: &'a Function,
    fid: FunctionId,
    a: &'a mut Analysis,
}

fn raise(slot: &mut Uniformity, to: Uniformity, changed: &mut bool) {
    if to > *slot {
        *slot = to;
        *changed = true;
    }
}

impl Walk<'_> {
    fn set_local(&mut self, f: FunctionId, l: LocalId, u: Uniformity) {
        if let Some(s) = self
            .a
            .locals
            .get_mut(f.0 as usize)
            .and_then(|v| v.get_mut(l.0 as usize))
        {
            raise(s, u, &mut self.a.changed);
        }
    }

    /// A block under control `ctl`: after a statement some invocations may leave
    /// (break, continue, return), the rest runs under the join.
    fn block(&mut self, b: &[Stmt], mut ctl: Uniformity) -> Exits {
        let mut exits = Exits::NONE;
        for s in b {
            let e = self.stmt(s, ctl);
            exits = exits.join(e);
            ctl = ctl.max(e.all());
        }
        exits
    }

    fn stmt(&mut self, s: &Stmt, ctl: Uniformity) -> Exits {
        let c = self.a.stmt_ctl.entry(s as *const Stmt).or_insert(ctl);
        *c = (*c).max(ctl);
        match &s.kind {
            StmtKind::Expr(e) => {
                if matches!(
                    self.f.exprs.get(e.0 as usize).map(|x| &x.kind),
                    Some(ExprKind::Builtin {
                        fun: Builtin::Barrier,
                        ..
                    })
                ) && ctl == Varying
                    && self.a.entry[self.fid.0 as usize] != Varying
                {
                    // (Under a varying call, the call is the place reported.)
                    self.a.divergent_barriers.push((self.fid, s.span));
                }
                self.expr(*e, ctl);
                Exits::NONE
            }
            StmtKind::Call { func, args, result } => {
                let fi = func.0 as usize;
                let Some(callee) = self.m.functions.get(fi) else {
                    return Exits::NONE;
                };
                if self.a.barrier_fns.get(fi).copied().unwrap_or(false)
                    && ctl == Varying
                    && self.a.entry[self.fid.0 as usize] != Varying
                {
                    self.a.divergent_barriers.push((self.fid, s.span));
                }
                if let Some(en) = self.a.entry.get_mut(fi) {
                    raise(en, ctl, &mut self.a.changed);
                }
                for (i, &arg) in args.iter().enumerate() {
                    let dir = callee.locals.get(i).and_then(|l| l.param);
                    let u = self.expr(arg, ctl);
                    if dir != Some(ParamDir::Out) {
                        self.set_local(*func, LocalId(i as u32), u.max(ctl));
                    }
                    if matches!(dir, Some(ParamDir::Out | ParamDir::InOut)) {
                        let back = self.a.locals[fi].get(i).copied().unwrap_or(Varying);
                        self.assign_to(arg, back.max(ctl));
                    }
                }
                if let Some(r) = result {
                    let u = self.a.ret.get(fi).copied().unwrap_or(Varying);
                    self.set_local(self.fid, *r, u.max(ctl));
                }
                Exits::NONE
            }
            StmtKind::Declare { local, init } => {
                let u = init.map_or(Dispatch, |e| self.expr(e, ctl));
                self.set_local(self.fid, *local, u.max(ctl));
                Exits::NONE
            }
            StmtKind::Block(b) => self.block(b, ctl),
            StmtKind::If {
                cond,
                accept,
                reject,
            } => {
                let c = self.expr(*cond, ctl).max(ctl);
                self.block(accept, c).join(self.block(reject, c))
            }
            StmtKind::Switch { selector, cases } => {
                let key: *const Stmt = s;
                let prior = self.a.jumps.get(&key).copied().unwrap_or(Dispatch);
                let c = self.expr(*selector, ctl).max(ctl);
                let mut exits = Exits::NONE;
                // Cases fall through: a break in one varies the ones after it.
                let mut cc = c.max(prior);
                for case in cases {
                    let e = self.block(&case.body, cc);
                    exits = exits.join(e);
                    cc = cc.max(e.brk);
                }
                let j = self.a.jumps.entry(key).or_insert(Dispatch);
                raise(j, exits.brk, &mut self.a.changed);
                Exits {
                    brk: Dispatch,
                    ..exits
                }
            }
            StmtKind::Loop {
                cond, body, step, ..
            } => {
                let key: *const Stmt = s;
                let prior = self.a.jumps.get(&key).copied().unwrap_or(Dispatch);
                // Later iterations run for the invocations that stayed: the condition
                // and every break or continue some invocations took decide who.
                let c = cond.map_or(Dispatch, |c| self.expr(c, ctl.max(prior)));
                let lc = ctl.max(c).max(prior);
                let e = self.block(body, lc).join(self.block(step, lc));
                let j = self.a.jumps.entry(key).or_insert(Dispatch);
                raise(j, e.brk.max(e.cont).max(e.ret).max(c), &mut self.a.changed);
                Exits {
                    brk: Dispatch,
                    cont: Dispatch,
                    ret: e.ret,
                }
            }
            // Ends the invocation, like a return from main.
            StmtKind::Discard => Exits {
                ret: ctl,
                ..Exits::NONE
            },
            StmtKind::Break => Exits {
                brk: ctl,
                ..Exits::NONE
            },
            StmtKind::Continue => Exits {
                cont: ctl,
                ..Exits::NONE
            },
            StmtKind::Return(e) => {
                let u = e.map_or(Dispatch, |e| self.expr(e, ctl));
                if let Some(r) = self.a.ret.get_mut(self.fid.0 as usize) {
                    raise(r, u.max(ctl), &mut self.a.changed);
                }
                Exits {
                    ret: ctl,
                    ..Exits::NONE
                }
            }
        }
    }

    /// The variable an access expression is rooted in, for assignments.
    fn assign_to(&mut self, place: ExprId, u: Uniformity) {
        let mut e = place;
        let mut u = u;
        loop {
            let Some(x) = self.f.exprs.get(e.0 as usize) else {
                return;
            };
            match &x.kind {
                ExprKind::Local(l) => {
                    self.set_local(self.fid, *l, u);
                    return;
                }
                ExprKind::Global(g) => {
                    let private = self
                        .m
                        .globals
                        .get(g.0 as usize)
                        .is_some_and(|g| g.storage == Storage::Private);
                    if private && let Some(s) = self.a.globals.get_mut(g.0 as usize) {
                        raise(s, u, &mut self.a.changed);
                    }
                    return;
                }
                ExprKind::Index { base, index } => {
                    // A varying index writes different elements in different
                    // invocations: the whole variable varies.
                    u = u.max(self.peek(*index));
                    e = *base;
                }
                ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => e = *base,
                _ => return,
            }
        }
    }

    /// The uniformity of an expression without recording anything (for indices of
    /// places already walked).
    fn peek(&mut self, e: ExprId) -> Uniformity {
        let changed = self.a.changed;
        let u = self.expr(e, Dispatch);
        self.a.changed = changed || self.a.changed;
        u
    }

    fn expr(&mut self, e: ExprId, ctl: Uniformity) -> Uniformity {
        let u = self.expr_kind(e, ctl);
        if let Some(slot) = self
            .a
            .exprs
            .get_mut(self.fid.0 as usize)
            .and_then(|v| v.get_mut(e.0 as usize))
        {
            *slot = u;
        }
        u
    }

    fn expr_kind(&mut self, e: ExprId, ctl: Uniformity) -> Uniformity {
        let f = self.f;
        let Some(x) = f.exprs.get(e.0 as usize) else {
            return Varying;
        };
        let kids = |w: &mut Self| -> Uniformity {
            x.kind
                .children()
                .into_iter()
                .map(|c| w.expr(c, ctl))
                .max()
                .unwrap_or(Dispatch)
        };
        match &x.kind {
            ExprKind::Literal(_) | ExprKind::Constant(_) | ExprKind::ArrayLength(_) => Dispatch,
            ExprKind::BuiltinVar(b) => match b {
                BuiltinVar::NumWorkGroups
                | BuiltinVar::WorkGroupSize
                | BuiltinVar::LocalGroupSize => Dispatch,
                BuiltinVar::WorkGroupId => Group,
                _ => Varying,
            },
            ExprKind::Local(l) => self
                .a
                .locals
                .get(self.fid.0 as usize)
                .and_then(|v| v.get(l.0 as usize))
                .copied()
                .unwrap_or(Varying),
            ExprKind::Global(g) => match self.m.globals.get(g.0 as usize) {
                None => Varying,
                Some(glob) => match glob.storage {
                    Storage::Const | Storage::Uniform | Storage::UniformBlock(_) => Dispatch,
                    Storage::Private => self.a.globals[g.0 as usize],
                    Storage::Buffer(b) => {
                        let ro = glob.memory.readonly
                            || self
                                .m
                                .blocks
                                .get(b.0 as usize)
                                .is_some_and(|b| b.memory.readonly);
                        if ro { Dispatch } else { Varying }
                    }
                    Storage::Shared | Storage::Input | Storage::Output => Varying,
                },
            },
            ExprKind::Field { base, field } => {
                // A read-only member of a buffer is as uniform as its index.
                let b = self.expr(*base, ctl);
                let member_ro = match self.m.types.get(f.exprs[base.0 as usize].ty) {
                    Type::Struct(s) => self
                        .m
                        .types
                        .struct_def(*s)
                        .members
                        .get(*field as usize)
                        .is_some_and(|m| m.memory.readonly),
                    _ => false,
                };
                if member_ro && matches!(f.exprs[base.0 as usize].kind, ExprKind::Global(_)) {
                    Dispatch
                } else {
                    b
                }
            }
            ExprKind::Builtin { fun, args } => {
                let u = kids(self);
                use Builtin::*;
                match fun {
                    ImageSize | ImageSamples | TextureSize | TextureQueryLevels
                    | TextureSamples => u,
                    f if f.has_side_effects() && !f.is_texture_lookup() => {
                        // Atomics, image loads and stores: each invocation its own.
                        if let Some(&a0) = args.first() {
                            self.assign_to(a0, Varying);
                        }
                        Varying
                    }
                    f => {
                        for (i, &a) in args.iter().enumerate() {
                            if super::calls::builtin_place_arg(*f, i) {
                                self.assign_to(a, u.max(ctl));
                            }
                        }
                        u
                    }
                }
            }
            ExprKind::Assign { place, value, .. } => {
                let _ = self.expr(*place, ctl);
                let v = self.expr(*value, ctl);
                let p = self.peek(*place);
                self.assign_to(*place, v.max(ctl).max(p));
                v.max(p)
            }
            ExprKind::IncDec { place, .. } => {
                let p = self.expr(*place, ctl);
                self.assign_to(*place, p.max(ctl));
                p
            }
            _ => kids(self),
        }
    }
}

/// What the affine pass knows of a local: no write seen yet, a stride, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Unwritten,
    Stride(i64),
    Unknown,
}

/// The affine forms of function `fi`'s 32-bit integer locals (see the module comment),
/// iterated to a fixed point: a form only moves from Unwritten to a stride to Unknown.
fn affine_locals(m: &Module, a: &Analysis, fi: usize) -> Vec<Option<i64>> {
    let f = &m.functions[fi];
    let int32 = |t: TypeId| matches!(m.types.get(t), Type::Scalar(s) if s.is_int32());
    let mut st: Vec<Form> = f
        .locals
        .iter()
        .map(|l| {
            if l.param.is_some() || !int32(l.ty) {
                Form::Unknown
            } else {
                Form::Unwritten
            }
        })
        .collect();
    // Locals written other than by a whole assignment at statement level: by a nested
    // assignment, through an index, field or swizzle, as an out argument, or as a
    // call's result.
    let unknown = |st: &mut [Form], l: usize| {
        if let Some(s) = st.get_mut(l) {
            *s = Form::Unknown;
        }
    };
    let mut top_level = vec![false; f.exprs.len()];
    for_each_stmt(&f.body, |s| match &s.kind {
        StmtKind::Expr(e) => {
            if let Some(t) = top_level.get_mut(e.0 as usize) {
                *t = true;
            }
        }
        StmtKind::Call { args, result, .. } => {
            // Conservatively, as if every argument were out or inout.
            for &x in args {
                if let Some(l) = root_local(f, x) {
                    unknown(&mut st, l);
                }
            }
            if let Some(l) = result {
                unknown(&mut st, l.0 as usize);
            }
        }
        _ => {}
    });
    for (i, x) in f.exprs.iter().enumerate() {
        let place = match &x.kind {
            ExprKind::Assign { place, .. } | ExprKind::IncDec { place, .. } => Some(*place),
            _ => None,
        };
        if let Some(p) = place {
            let whole = matches!(f.expr(p).kind, ExprKind::Local(_));
            if (!whole || !top_level[i])
                && let Some(l) = root_local(f, p)
            {
                unknown(&mut st, l);
            }
        }
        if let ExprKind::Builtin { fun, args } = &x.kind {
            for (j, &arg) in args.iter().enumerate() {
                if super::calls::builtin_place_arg(*fun, j)
                    && let Some(l) = root_local(f, arg)
                {
                    unknown(&mut st, l);
                }
            }
        }
    }
    let ctx = AffineCtx {
        m,
        f,
        uni: a.exprs.get(fi).map(Vec::as_slice).unwrap_or(&[]),
        deferred: std::cell::Cell::new(false),
    };
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        for_each_stmt(&f.body, |s| {
            let ctl = a
                .stmt_ctl
                .get(&(s as *const Stmt))
                .copied()
                .unwrap_or(Varying);
            let (l, value) = match &s.kind {
                StmtKind::Declare {
                    local,
                    init: Some(e),
                } => (local.0 as usize, ctx.stride(*e, &st)),
                StmtKind::Expr(e) => match &f.expr(*e).kind {
                    ExprKind::Assign { place, op, value } => {
                        let ExprKind::Local(l) = f.expr(*place).kind else {
                            return;
                        };
                        let v = ctx.stride(*value, &st);
                        let new = match op {
                            None => v,
                            Some(op) => ctx.combine(
                                *op,
                                (ctx.stride(*place, &st), None),
                                (v, ctx.constant(*value)),
                            ),
                        };
                        (l.0 as usize, new)
                    }
                    // x++ adds a uniform 1: the stride stays.
                    ExprKind::IncDec { place, .. } => match f.expr(*place).kind {
                        ExprKind::Local(l) => (l.0 as usize, ctx.stride(*place, &st)),
                        _ => return,
                    },
                    _ => return,
                },
                _ => return,
            };
            // A value read from a local not yet written waits for a later round.
            if ctx.deferred.replace(false) {
                return;
            }
            let value = if ctl > Group { None } else { value };
            let Some(slot) = st.get_mut(l) else { return };
            let next = match (*slot, value) {
                (Form::Unknown, _) | (_, None) => Form::Unknown,
                (Form::Unwritten, Some(k)) => Form::Stride(k),
                (Form::Stride(j), Some(k)) if j == k => Form::Stride(j),
                _ => Form::Unknown,
            };
            if next != *slot {
                *slot = next;
                changed = true;
            }
        });
        if !changed {
            return st
                .iter()
                .map(|s| match s {
                    Form::Stride(k) => Some(*k),
                    _ => None,
                })
                .collect();
        }
    }
    vec![None; f.locals.len()]
}

/// The local a place is rooted at.
fn root_local(f: &Function, mut e: ExprId) -> Option<usize> {
    loop {
        match &f.expr(e).kind {
            ExprKind::Local(l) => return Some(l.0 as usize),
            ExprKind::Index { base, .. }
            | ExprKind::Field { base, .. }
            | ExprKind::Swizzle { base, .. } => e = *base,
            _ => return None,
        }
    }
}

struct AffineCtx<'a> {
    m: &'a Module,
    f: &'a Function,
    /// Each expression's uniformity.
    uni: &'a [Uniformity],
    /// Set when a stride read a local with no write seen yet.
    deferred: std::cell::Cell<bool>,
}

impl AffineCtx<'_> {
    /// The stride of a 32-bit integer expression, if it is affine. Recursion is bounded
    /// by the front end's nesting limit.
    fn stride(&self, e: ExprId, st: &[Form]) -> Option<i64> {
        let x = self.f.exprs.get(e.0 as usize)?;
        if !matches!(self.m.types.get(x.ty), Type::Scalar(s) if s.is_int32()) {
            return None;
        }
        if self.uni.get(e.0 as usize).is_some_and(|u| *u <= Group) {
            return Some(0);
        }
        match &x.kind {
            ExprKind::BuiltinVar(BuiltinVar::LocalInvocationIndex) => Some(1),
            ExprKind::Swizzle { base, comps } if comps.len() == 1 => {
                match self.f.expr(*base).kind {
                    // gl_GlobalInvocationID = gl_WorkGroupID * size + gl_LocalInvocationID:
                    // either is the local index when the group extends in one dimension.
                    ExprKind::BuiltinVar(
                        BuiltinVar::LocalInvocationId | BuiltinVar::GlobalInvocationId,
                    ) => match self.m.local_size {
                        // A dimension of size 1: the local component is always 0.
                        Some(LocalSize::Fixed(size)) if size.get(comps[0] as usize) == Some(&1) => {
                            Some(0)
                        }
                        Some(LocalSize::Fixed(size))
                            if (0..3).all(|d| d == comps[0] as usize || size[d] == 1) =>
                        {
                            Some(1)
                        }
                        _ => None,
                    },
                    _ => None,
                }
            }
            ExprKind::Local(l) => match st.get(l.0 as usize) {
                Some(Form::Stride(k)) => Some(*k),
                Some(Form::Unwritten) => {
                    self.deferred.set(true);
                    None
                }
                _ => None,
            },
            ExprKind::Convert { arg, to } if to.is_int32() => self.stride(*arg, st),
            ExprKind::Unary {
                op: UnaryOp::Neg,
                arg,
            } => self.stride(*arg, st)?.checked_neg(),
            ExprKind::Binary { op, lhs, rhs } => self.combine(
                *op,
                (self.stride(*lhs, st), self.constant(*lhs)),
                (self.stride(*rhs, st), self.constant(*rhs)),
            ),
            _ => None,
        }
    }

    /// The stride of `lhs op rhs`, from each operand's stride and constant value.
    fn combine(
        &self,
        op: BinaryOp,
        (a, ka): (Option<i64>, Option<i64>),
        (b, kb): (Option<i64>, Option<i64>),
    ) -> Option<i64> {
        let (a, b) = (a?, b?);
        match op {
            _ if a == 0 && b == 0 => Some(0),
            BinaryOp::Add => a.checked_add(b),
            BinaryOp::Sub => a.checked_sub(b),
            // A stride times a constant, on either side.
            BinaryOp::Mul => match (ka, kb) {
                (_, Some(k)) if b == 0 => a.checked_mul(k),
                (Some(k), _) if a == 0 => b.checked_mul(k),
                _ => None,
            },
            BinaryOp::Shl if b == 0 => match kb? {
                n @ 0..=31 => a.checked_mul(1i64 << n),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value of a 32-bit integer literal.
    fn constant(&self, e: ExprId) -> Option<i64> {
        match &self.f.expr(e).kind {
            ExprKind::Literal(l) => l.as_i64(),
            _ => None,
        }
    }
}
