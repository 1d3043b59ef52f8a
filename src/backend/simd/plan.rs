//! Whether a region can run in SIMD lanes, and what its lowering needs to know: which
//! expressions depend on the invocation, which have effects, which variables it
//! names and assigns, and which of its locals hold one value for the whole group.

use std::collections::{HashMap, HashSet};

use crate::ir::uniformity::Uniformity;
use crate::ir::*;

use super::super::lower::*;
use super::state::Plan;

struct Planner<'l, 'a, 'b> {
    l: &'l Lower<'a, 'b>,
    f: &'a Function,
    whole_main: bool,
    plan: Plan,
    done: Vec<bool>,
    /// Candidates for uniform locals (declared in the region, uniform by the analysis).
    uniform: HashSet<u32>,
    /// Assignments to candidates: the local and the operands that must be uniform.
    uniform_writes: Vec<(u32, Vec<ExprId>)>,
}

fn is_64(types: &Types, ty: TypeId) -> bool {
    matches!(
        types.scalar_of(ty),
        Some(Scalar::Double | Scalar::Int64 | Scalar::Uint64)
    )
}

impl Planner<'_, '_, '_> {
    fn visit(&mut self, e: ExprId) -> Result<(), String> {
        let i = e.0 as usize;
        if self.done[i] {
            return Ok(());
        }
        let ex = self.f.expr(e);
        let m = self.l.env.m;
        let types = &m.types;
        if is_64(types, ex.ty) {
            return Err(format!("{}: a 64-bit value", ex.span));
        }
        let mut varying = false;
        let mut pure = true;
        for c in ex.kind.children() {
            self.visit(c)?;
            varying |= self.plan.varying[c.0 as usize];
            pure &= self.plan.pure[c.0 as usize];
        }
        match &ex.kind {
            ExprKind::Local(loc) => {
                let ty = self.f.locals[loc.0 as usize].ty;
                if types.contains_array_or_struct(ty) {
                    return Err(format!("{}: an array or structure variable", ex.span));
                }
                self.plan.locals.push(loc.0);
                varying = !self.uniform.contains(&loc.0);
            }
            ExprKind::Global(g) => {
                let glob = m.global(*g);
                if glob.storage == Storage::Private {
                    if types.contains_array_or_struct(glob.ty) {
                        return Err(format!("{}: an array or structure variable", ex.span));
                    }
                    self.plan.privates.push(*g);
                    varying = true;
                }
            }
            ExprKind::BuiltinVar(
                BuiltinVar::LocalInvocationId
                | BuiltinVar::GlobalInvocationId
                | BuiltinVar::LocalInvocationIndex,
            ) => varying = true,
            ExprKind::Assign { place, .. } | ExprKind::IncDec { place, .. } => {
                pure = false;
                varying = true;
                match self.root(*place) {
                    Some(ExprKind::Local(l)) => {
                        self.plan.assigned.push(l.0);
                        if self.uniform.contains(&l.0) {
                            let mut ops: Vec<ExprId> = ex
                                .kind
                                .children()
                                .into_iter()
                                .filter(|c| c != place)
                                .collect();
                            ops.extend(self.place_indices(*place));
                            self.uniform_writes.push((l.0, ops));
                        }
                    }
                    Some(ExprKind::Global(g)) if m.global(g).storage == Storage::Private => {
                        self.plan.assigned_privates.push(g);
                    }
                    _ => {}
                }
            }
            ExprKind::Builtin { fun, .. } => {
                let class = fun.class();
                if (0..4).any(|i| crate::ir::calls::builtin_place_arg(*fun, i))
                    && class == BuiltinClass::Pure
                {
                    return Err(format!(
                        "{}: a built-in with an out parameter ({:?})",
                        ex.span, fun
                    ));
                }
                let effect = match class {
                    BuiltinClass::Barrier
                    | BuiltinClass::Atomic
                    | BuiltinClass::AtomicCounter
                    | BuiltinClass::Clock => true,
                    BuiltinClass::ImageAccess => *fun != Builtin::ImageLoad,
                    BuiltinClass::Fragment | BuiltinClass::Geometry => {
                        return Err(format!("{}: {:?}", ex.span, fun));
                    }
                    _ => false,
                };
                if effect {
                    pure = false;
                    varying = true;
                }
            }
            ExprKind::Call { .. } => {
                return Err(format!("{}: a call in an expression", ex.span));
            }
            _ => {}
        }
        self.plan.varying[i] = varying;
        self.plan.pure[i] = pure;
        self.done[i] = true;
        Ok(())
    }

    /// The variable or memory at the root of a place.
    fn root(&self, p: ExprId) -> Option<ExprKind> {
        match &self.f.expr(p).kind {
            k @ (ExprKind::Local(_) | ExprKind::Global(_)) => Some(k.clone()),
            ExprKind::Swizzle { base, .. }
            | ExprKind::Field { base, .. }
            | ExprKind::Index { base, .. } => self.root(*base),
            _ => None,
        }
    }

    /// The index operands along a place.
    fn place_indices(&self, p: ExprId) -> Vec<ExprId> {
        match &self.f.expr(p).kind {
            ExprKind::Swizzle { base, .. } | ExprKind::Field { base, .. } => {
                self.place_indices(*base)
            }
            ExprKind::Index { base, index } => {
                let mut v = self.place_indices(*base);
                v.push(*index);
                v
            }
            _ => Vec::new(),
        }
    }

    fn stmts(&mut self, stmts: &[Stmt], loops: u32, depth: u32) -> Result<(), String> {
        for s in stmts {
            match &s.kind {
                StmtKind::Expr(e) => {
                    self.visit(*e)?;
                    self.assignments_ok(*e, true)?;
                }
                StmtKind::Declare { local, init } => {
                    let ty = self.f.locals[local.0 as usize].ty;
                    let types = &self.l.env.m.types;
                    if types.contains_array_or_struct(ty) {
                        return Err(format!("{}: an array or structure variable", s.span));
                    }
                    if is_64(types, ty) {
                        return Err(format!("{}: a 64-bit variable", s.span));
                    }
                    // A local declared for later regions stays in lanes.
                    if depth == 0 && !self.whole_main && !self.plan.region_only.contains(&local.0) {
                        self.uniform.remove(&local.0);
                    }
                    if let Some(e) = init {
                        self.visit(*e)?;
                        self.assignments_ok(*e, false)?;
                        if self.uniform.contains(&local.0) {
                            self.uniform_writes.push((local.0, vec![*e]));
                        }
                    }
                }
                StmtKind::Block(b) => self.stmts(b, loops, depth + 1)?,
                StmtKind::If {
                    cond,
                    accept,
                    reject,
                } => {
                    self.visit(*cond)?;
                    self.assignments_ok(*cond, false)?;
                    self.stmts(accept, loops, depth + 1)?;
                    self.stmts(reject, loops, depth + 1)?;
                }
                StmtKind::Loop {
                    cond, body, step, ..
                } => {
                    if let Some(c) = cond {
                        self.visit(*c)?;
                        self.assignments_ok(*c, false)?;
                    }
                    self.stmts(body, loops + 1, depth + 1)?;
                    self.stmts(step, loops + 1, depth + 1)?;
                }
                StmtKind::Break | StmtKind::Continue => {
                    if loops == 0 {
                        return Err(format!("{}: a jump out of the region", s.span));
                    }
                }
                StmtKind::Return(v) => {
                    if !self.whole_main || v.is_some() {
                        return Err(format!("{}: a return out of the region", s.span));
                    }
                }
                StmtKind::Call { .. } => {
                    return Err(format!("{}: a call of a user function", s.span));
                }
                StmtKind::Switch { .. } => return Err(format!("{}: a switch", s.span)),
                StmtKind::Discard => return Err(format!("{}: discard", s.span)),
            }
        }
        Ok(())
    }

    /// Assignments and increments of variables appear only where the statement
    /// lowering handles them: at `top` (statement level, through `,`), never nested.
    fn assignments_ok(&self, e: ExprId, top: bool) -> Result<(), String> {
        let ex = self.f.expr(e);
        match &ex.kind {
            ExprKind::Sequence { first, second } => {
                self.assignments_ok(*first, top)?;
                self.assignments_ok(*second, top)
            }
            ExprKind::Assign { place, .. } | ExprKind::IncDec { place, .. } => {
                if self.var_place(*place)? && !top {
                    return Err(format!("{}: an assignment inside an expression", ex.span));
                }
                for c in self.place_indices(*place) {
                    self.assignments_ok(c, false)?;
                }
                for c in ex.kind.children() {
                    if c != *place {
                        self.assignments_ok(c, false)?;
                    }
                }
                Ok(())
            }
            k => {
                for c in k.children() {
                    self.assignments_ok(c, false)?;
                }
                Ok(())
            }
        }
    }

    /// Whether an assigned place is a variable (a local or private global): then only
    /// swizzles and constant indices may select its components.
    fn var_place(&self, p: ExprId) -> Result<bool, String> {
        let ex = self.f.expr(p);
        match &ex.kind {
            ExprKind::Local(_) => Ok(true),
            ExprKind::Global(g) => Ok(self.l.env.m.global(*g).storage == Storage::Private),
            ExprKind::Swizzle { base, .. } | ExprKind::Field { base, .. } => self.var_place(*base),
            ExprKind::Index { base, index } => {
                let var = self.var_place(*base)?;
                if var && !matches!(self.f.expr(*index).kind, ExprKind::Literal(_)) {
                    return Err(format!(
                        "{}: a variable index into a vector or matrix variable",
                        ex.span
                    ));
                }
                Ok(var)
            }
            _ => Ok(false),
        }
    }
}

impl Lower<'_, '_> {
    /// Whether `stmts` can run as a SIMD region: Ok with the plan, or the reason not.
    /// `whole_main`: the region is the whole of a kernel without barriers.
    pub(in crate::backend) fn simd_plan(
        &self,
        stmts: &[Stmt],
        whole_main: bool,
    ) -> Result<Plan, String> {
        if !self.env.simd {
            return Err("SIMD off (GLCOMPUTE_DEBUG=scalar)".into());
        }
        let func = self.stack.last().expect("instance").func;
        let f = self.env.m.function(func);
        let n = f.exprs.len();
        // Locals the analysis finds uniform start as candidates; one assigned a value
        // the plan finds varying leaves, and the plan is made again.
        let mut uniform: HashSet<u32> = match &self.env.uniformity {
            Some(a) => (0..f.locals.len() as u32)
                .filter(|&l| {
                    matches!(
                        a.local(func, LocalId(l)),
                        Some(Uniformity::Dispatch | Uniformity::Group)
                    )
                })
                .collect(),
            None => HashSet::new(),
        };
        let region_only: Vec<u32> = region_only_locals(f, stmts).into_iter().collect();
        // Frame variables (named here, declared before the region) the region only
        // reads: a uniform one is read once, from the first lane's frame (the scalar
        // lowering's own read, through that frame); an affine one (`ir::uniformity`:
        // base + stride * gl_LocalInvocationIndex) from the first lane's frame and
        // stepped across the lanes.
        let declared = declared_locals(stmts);
        let assigned = assigned_locals(f, stmts);
        let top = self.stack.last().expect("instance");
        let frame_read_only = |l: u32| {
            !declared.contains(&l)
                && !assigned.contains(&l)
                && matches!(top.locals.get(&l), Some(Slot::Frame(..)))
        };
        let frame_uniform: HashSet<u32> = uniform
            .iter()
            .copied()
            .filter(|&l| frame_read_only(l))
            .collect();
        let affine: Vec<(u32, i64)> = match &self.env.uniformity {
            Some(a) => (0..f.locals.len() as u32)
                .filter(|&l| frame_read_only(l) && !frame_uniform.contains(&l))
                .filter(|&l| {
                    matches!(
                        self.env.m.types.get(f.locals[l as usize].ty),
                        Type::Scalar(Scalar::Int | Scalar::Uint)
                    )
                })
                .filter_map(|l| {
                    let k = a.affine.get(func.0 as usize)?.get(l as usize).copied()??;
                    Some((l, k))
                })
                .collect(),
            None => Vec::new(),
        };
        loop {
            let mut p = Planner {
                l: self,
                f,
                whole_main,
                plan: Plan {
                    varying: vec![false; n],
                    pure: vec![true; n],
                    locals: Vec::new(),
                    assigned: Vec::new(),
                    privates: Vec::new(),
                    assigned_privates: Vec::new(),
                    uniform: Vec::new(),
                    region_only: region_only.clone(),
                    affine: Vec::new(),
                },
                done: vec![false; n],
                uniform: uniform.clone(),
                uniform_writes: Vec::new(),
            };
            p.stmts(stmts, 0, 0)?;
            // Only locals declared here may be uniform (the stmts walk removed those
            // declared for later regions); one named but not declared here is not.
            let mut bad: HashSet<u32> = p
                .uniform
                .iter()
                .copied()
                .filter(|l| !declared.contains(l) && !frame_uniform.contains(l))
                .collect();
            for (l, ops) in &p.uniform_writes {
                if ops.iter().any(|o| p.plan.varying[o.0 as usize]) {
                    bad.insert(*l);
                }
            }
            let used_bad = bad.iter().any(|l| p.uniform.contains(l));
            if !used_bad {
                let mut plan = p.plan;
                plan.uniform = p.uniform.into_iter().collect();
                for v in [&mut plan.locals, &mut plan.assigned, &mut plan.uniform] {
                    v.sort_unstable();
                    v.dedup();
                }
                plan.locals.retain(|l| !plan.uniform.contains(l));
                plan.affine = affine
                    .iter()
                    .copied()
                    .filter(|(l, _)| plan.locals.contains(l))
                    .collect();
                for v in [&mut plan.privates, &mut plan.assigned_privates] {
                    v.sort_unstable_by_key(|g| g.0);
                    v.dedup();
                }
                return Ok(plan);
            }
            uniform = p.uniform.difference(&bad).copied().collect();
        }
    }
}

/// The expressions statements of `stmts` (nested ones included) hold directly.
fn stmt_roots(stmts: &[Stmt]) -> Vec<ExprId> {
    let mut work: Vec<ExprId> = Vec::new();
    crate::ir::for_each_stmt(stmts, |s| match &s.kind {
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => work.push(*e),
        StmtKind::Declare { init: Some(e), .. } => work.push(*e),
        StmtKind::If { cond, .. } => work.push(*cond),
        StmtKind::Loop { cond: Some(c), .. } => work.push(*c),
        StmtKind::Switch { selector, .. } => work.push(*selector),
        StmtKind::Call { args, .. } => work.extend(args.iter().copied()),
        _ => {}
    });
    work
}

/// Locals that only `stmts` name (every expression of the function naming them is
/// in `stmts`): a declaration of one at the top of a region needs no frame slot,
/// since no later region reads it.
fn region_only_locals(f: &Function, stmts: &[Stmt]) -> HashSet<u32> {
    let total = local_names(f);
    local_names_in(f, stmts)
        .into_iter()
        .filter(|(l, n)| total.get(l) == Some(n))
        .map(|(l, _)| l)
        .collect()
}

/// How many expressions of `stmts` name each local (an expression reached twice
/// counts twice, so a count can only exceed [`local_names`]'s).
pub(super) fn local_names_in(f: &Function, stmts: &[Stmt]) -> HashMap<u32, usize> {
    let mut inside: HashMap<u32, usize> = HashMap::new();
    let mut work = stmt_roots(stmts);
    while let Some(e) = work.pop() {
        let ex = f.expr(e);
        if let ExprKind::Local(l) = ex.kind {
            *inside.entry(l.0).or_default() += 1;
        }
        work.extend(ex.kind.children());
    }
    inside
}

/// How many expressions of the function name each local.
pub(super) fn local_names(f: &Function) -> HashMap<u32, usize> {
    let mut total: HashMap<u32, usize> = HashMap::new();
    for ex in &f.exprs {
        if let ExprKind::Local(l) = ex.kind {
            *total.entry(l.0).or_default() += 1;
        }
    }
    total
}

/// Locals `stmts` assign (or increment) anywhere.
fn assigned_locals(f: &Function, stmts: &[Stmt]) -> HashSet<u32> {
    let mut out = HashSet::new();
    let mut work = stmt_roots(stmts);
    while let Some(e) = work.pop() {
        let ex = f.expr(e);
        if let ExprKind::Assign { place, .. } | ExprKind::IncDec { place, .. } = &ex.kind {
            let mut p = *place;
            loop {
                match &f.expr(p).kind {
                    ExprKind::Local(l) => {
                        out.insert(l.0);
                        break;
                    }
                    ExprKind::Swizzle { base, .. }
                    | ExprKind::Field { base, .. }
                    | ExprKind::Index { base, .. } => p = *base,
                    _ => break,
                }
            }
        }
        work.extend(ex.kind.children());
    }
    out
}

/// Locals declared anywhere in `stmts`.
fn declared_locals(stmts: &[Stmt]) -> HashSet<u32> {
    let mut out = HashSet::new();
    crate::ir::for_each_stmt(stmts, |s| {
        if let StmtKind::Declare { local, .. } = &s.kind {
            out.insert(local.0);
        }
    });
    out
}
