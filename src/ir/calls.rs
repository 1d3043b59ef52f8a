//! Calls as statements: rewrites a function body so that every user function call is a
//! [`StmtKind::Call`] of its own, placed before the statement that uses its result (in
//! a fresh local), and every `barrier()` is an expression statement of its own. After
//! this pass, expressions have no calls, and a barrier — direct or through a call — is
//! only ever reached at statement level, wherever the source had it.
//!
//! Evaluation order is GLSL's (4.60 §5.9, §6.1): operands and arguments left to right,
//! the left of an assignment before its right, `&&`/`||` evaluate their right operand
//! only when needed, `?:` exactly one of its branches, a loop condition before every
//! iteration (after the body for `do`-`while`). When a call is moved out of an
//! expression, each operand evaluated before it is first stored in a local of its own
//! (`spill`), so its side effects and the values it reads happen in the source's order;
//! places (assignment targets, `out` arguments, atomic operands, opaque values) keep
//! their storage and only their index expressions are stored.
//!
//! The pass recurses over statements and expressions, whose nesting the front end
//! bounds (limits::MAX_NESTING); it runs on the compiler's thread.

use super::*;

/// Rewrites `f` (a function body from the front end). `dirs` gives the parameter
/// directions of a callee.
pub fn hoist(f: &mut Function, types: &mut Types, dirs: &dyn Fn(FunctionId) -> Vec<ParamDir>) {
    let body = std::mem::take(&mut f.body);
    let mut h = Hoister {
        f,
        types,
        dirs,
        memo: Vec::new(),
    };
    let body = h.block(body);
    h.f.body = body;
}

struct Hoister<'a> {
    f: &'a mut Function,
    types: &'a mut Types,
    dirs: &'a dyn Fn(FunctionId) -> Vec<ParamDir>,
    /// Per expression: 0 unknown, 1 no call or barrier inside, 2 some.
    memo: Vec<u8>,
}

/// Where an operand is used: for its value, or as storage.
#[derive(Clone, Copy, PartialEq)]
enum Use {
    Value,
    Place,
}

impl Hoister<'_> {
    fn kind(&self, e: ExprId) -> &ExprKind {
        &self.f.exprs[e.0 as usize].kind
    }

    fn ty(&self, e: ExprId) -> TypeId {
        self.f.exprs[e.0 as usize].ty
    }

    fn span(&self, e: ExprId) -> Span {
        self.f.exprs[e.0 as usize].span
    }

    /// True if `e` contains a user call or a `barrier()`.
    fn has(&mut self, e: ExprId) -> bool {
        let i = e.0 as usize;
        if self.memo.len() < self.f.exprs.len() {
            self.memo.resize(self.f.exprs.len(), 0);
        }
        match self.memo.get(i) {
            Some(1) => return false,
            Some(2) => return true,
            _ => {}
        }
        let direct = matches!(
            self.kind(e),
            ExprKind::Call { .. }
                | ExprKind::Builtin {
                    fun: Builtin::Barrier,
                    ..
                }
        );
        let r = direct || self.kind(e).children().into_iter().any(|c| self.has(c));
        if let Some(m) = self.memo.get_mut(i) {
            *m = if r { 2 } else { 1 };
        }
        r
    }

    fn add(&mut self, kind: ExprKind, ty: TypeId, span: Span) -> ExprId {
        self.f.exprs.push(Expr { kind, ty, span });
        ExprId(self.f.exprs.len() as u32 - 1)
    }

    /// A new local of type `ty`, declared by a statement pushed to `out`.
    fn temp(&mut self, ty: TypeId, init: Option<ExprId>, span: Span, out: &mut Block) -> LocalId {
        let id = LocalId(self.f.locals.len() as u32);
        self.f.locals.push(Local {
            name: format!("_t{}", id.0),
            ty,
            param: None,
            constant: false,
            memory: MemoryQualifiers::default(),
            span,
        });
        out.push(Stmt {
            kind: StmtKind::Declare { local: id, init },
            span,
        });
        id
    }

    /// Turns expression `e`, whose parts were moved into statements, into a read of
    /// `local` (same id, so nothing else refers to a node that is gone).
    fn become_local(&mut self, e: ExprId, local: LocalId) {
        self.f.exprs[e.0 as usize].kind = ExprKind::Local(local);
    }

    /// Marks a node whose parts were moved away and that nothing refers to any more.
    fn retire(&mut self, e: ExprId) {
        let b = self.types.scalar(Scalar::Bool);
        let ex = &mut self.f.exprs[e.0 as usize];
        ex.kind = ExprKind::Literal(Literal::Bool(false));
        ex.ty = b;
    }

    fn assign_stmt(&mut self, local: LocalId, value: ExprId, span: Span) -> Stmt {
        let ty = self.ty(value);
        let place = self.add(ExprKind::Local(local), ty, span);
        let a = self.add(
            ExprKind::Assign {
                place,
                op: None,
                value,
            },
            ty,
            span,
        );
        Stmt {
            kind: StmtKind::Expr(a),
            span,
        }
    }

    // ---- statements -------------------------------------------------------------

    fn block(&mut self, b: Block) -> Block {
        let mut out = Vec::with_capacity(b.len());
        for s in b {
            self.stmt(s, &mut out);
        }
        out
    }

    fn stmt(&mut self, s: Stmt, out: &mut Block) {
        let span = s.span;
        let kind = match s.kind {
            StmtKind::Expr(e) => {
                if !self.has(e) {
                    out.push(Stmt {
                        kind: StmtKind::Expr(e),
                        span,
                    });
                    return;
                }
                match self.value(e, out) {
                    // What is left after the calls were moved out (an assignment of
                    // the result, an increment, ...): evaluated for its effects.
                    Some(e) => StmtKind::Expr(e),
                    None => return,
                }
            }
            StmtKind::Declare {
                local,
                init: Some(e),
            } => {
                let init = self.need(e, out);
                StmtKind::Declare {
                    local,
                    init: Some(init),
                }
            }
            StmtKind::Block(b) => StmtKind::Block(self.block(b)),
            StmtKind::If {
                cond,
                accept,
                reject,
            } => {
                let cond = self.need(cond, out);
                StmtKind::If {
                    cond,
                    accept: self.block(accept),
                    reject: self.block(reject),
                }
            }
            StmtKind::Loop {
                cond,
                test_after,
                body,
                step,
            } => {
                let mut body = self.block(body);
                let mut step = self.block(step);
                let cond = match cond {
                    Some(c) if self.has(c) => {
                        let mut pre = Vec::new();
                        let c = self.need(c, &mut pre);
                        if test_after {
                            // do-while: the condition is evaluated after the body and
                            // the step, where `continue` also leads.
                            step.extend(pre);
                            Some(c)
                        } else {
                            // while/for: before every iteration, as the body's start.
                            let b = self.types.scalar(Scalar::Bool);
                            pre.push(self.f.break_unless(c, b, span));
                            pre.append(&mut body);
                            body = pre;
                            None
                        }
                    }
                    c => c,
                };
                StmtKind::Loop {
                    cond,
                    test_after,
                    body,
                    step,
                }
            }
            StmtKind::Switch { selector, cases } => {
                let selector = self.need(selector, out);
                StmtKind::Switch {
                    selector,
                    cases: cases
                        .into_iter()
                        .map(|c| SwitchCase {
                            body: self.block(c.body),
                            ..c
                        })
                        .collect(),
                }
            }
            StmtKind::Return(Some(e)) => StmtKind::Return(Some(self.need(e, out))),
            k => k,
        };
        out.push(Stmt { kind, span });
    }

    // ---- expressions ------------------------------------------------------------

    /// `value` of an expression whose value is used (never void).
    fn need(&mut self, e: ExprId, out: &mut Block) -> ExprId {
        // The front end only gives void expressions to expression statements and the
        // operands of `,` and `?:`; keeping `e` is the harmless answer otherwise.
        self.value(e, out).unwrap_or(e)
    }

    /// Moves the calls and barriers of `e` into statements pushed to `out` (in
    /// evaluation order) and returns what is left to evaluate, or None when nothing is
    /// (a void call or barrier).
    fn value(&mut self, e: ExprId, out: &mut Block) -> Option<ExprId> {
        if !self.has(e) {
            return Some(e);
        }
        let span = self.span(e);
        let ty = self.ty(e);
        match self.kind(e).clone() {
            ExprKind::Call { func, args } => {
                let dirs = (self.dirs)(func);
                let uses: Vec<Use> = (0..args.len())
                    .map(|i| match dirs.get(i) {
                        Some(ParamDir::Out | ParamDir::InOut) => Use::Place,
                        _ => self.use_of(args[i], Use::Value),
                    })
                    .collect();
                let args = self.operands(&args, &uses, out);
                let void = matches!(self.types.get(ty), Type::Void);
                let result = (!void).then(|| self.temp(ty, None, span, out));
                out.push(Stmt {
                    kind: StmtKind::Call { func, args, result },
                    span,
                });
                match result {
                    Some(l) => {
                        self.become_local(e, l);
                        Some(e)
                    }
                    None => {
                        self.retire(e);
                        None
                    }
                }
            }
            ExprKind::Builtin {
                fun: Builtin::Barrier,
                ..
            } => {
                out.push(Stmt {
                    kind: StmtKind::Expr(e),
                    span,
                });
                None
            }
            ExprKind::Binary {
                op: op @ (BinaryOp::LogicalAnd | BinaryOp::LogicalOr),
                lhs,
                rhs,
            } if self.has(rhs) => {
                // `a && b`: t = a; if (t) t = b;   `a || b`: t = a; if (!t) t = b;
                let l = self.need(lhs, out);
                let t = self.temp(ty, Some(l), span, out);
                let mut inner = Vec::new();
                let r = self.need(rhs, &mut inner);
                let s = self.assign_stmt(t, r, span);
                inner.push(s);
                let cond = self.add(ExprKind::Local(t), ty, span);
                let (accept, reject) = if op == BinaryOp::LogicalAnd {
                    (inner, Vec::new())
                } else {
                    (Vec::new(), inner)
                };
                out.push(Stmt {
                    kind: StmtKind::If {
                        cond,
                        accept,
                        reject,
                    },
                    span,
                });
                self.become_local(e, t);
                Some(e)
            }
            ExprKind::Select {
                cond,
                accept,
                reject,
            } if self.has(accept) || self.has(reject) => {
                // Only one branch is evaluated: an if statement that stores it.
                let c = self.need(cond, out);
                let void = matches!(self.types.get(ty), Type::Void);
                let t = (!void).then(|| self.temp(ty, None, span, out));
                let branch = |h: &mut Self, x: ExprId| {
                    let mut b = Vec::new();
                    if let Some(v) = h.value(x, &mut b) {
                        let s = match t {
                            Some(t) => h.assign_stmt(t, v, span),
                            None => Stmt {
                                kind: StmtKind::Expr(v),
                                span,
                            },
                        };
                        b.push(s);
                    }
                    b
                };
                let accept = branch(self, accept);
                let reject = branch(self, reject);
                out.push(Stmt {
                    kind: StmtKind::If {
                        cond: c,
                        accept,
                        reject,
                    },
                    span,
                });
                match t {
                    Some(t) => {
                        self.become_local(e, t);
                        Some(e)
                    }
                    None => {
                        self.retire(e);
                        None
                    }
                }
            }
            ExprKind::Sequence { first, second } => {
                if let Some(v) = self.value(first, out) {
                    out.push(Stmt {
                        kind: StmtKind::Expr(v),
                        span,
                    });
                }
                let r = self.value(second, out);
                self.retire(e);
                r
            }
            ExprKind::Assign { place, value, .. } => {
                // The left side is evaluated before the right (GLSL 4.60 §5.8).
                let later = self.has(value);
                let p = self.place(place, out);
                let p = if later { self.spill_place(p, out) } else { p };
                let v = self.need(value, out);
                self.set_children(e, &[p, v]);
                Some(e)
            }
            ExprKind::IncDec { place, .. } | ExprKind::ArrayLength(place) => {
                let p = self.place(place, out);
                self.set_children(e, &[p]);
                Some(e)
            }
            ExprKind::Index { base, index } => {
                let bu = self.base_use(base);
                let kids = self.operands(&[base, index], &[bu, Use::Value], out);
                self.set_children(e, &kids);
                Some(e)
            }
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => {
                let bu = self.base_use(base);
                let kids = self.operands(&[base], &[bu], out);
                self.set_children(e, &kids);
                Some(e)
            }
            ExprKind::Builtin { fun, args } => {
                let uses: Vec<Use> = (0..args.len())
                    .map(|i| {
                        if builtin_place_arg(fun, i) {
                            Use::Place
                        } else {
                            self.use_of(args[i], Use::Value)
                        }
                    })
                    .collect();
                let kids = self.operands(&args, &uses, out);
                self.set_children(e, &kids);
                Some(e)
            }
            k => {
                let kids = k.children();
                let uses: Vec<Use> = kids.iter().map(|&c| self.use_of(c, Use::Value)).collect();
                let kids = self.operands(&kids, &uses, out);
                self.set_children(e, &kids);
                Some(e)
            }
        }
    }

    /// How an operand is used: opaque values (images, samplers, atomic counters) and
    /// runtime-sized arrays are storage, not values to copy.
    fn use_of(&self, e: ExprId, default: Use) -> Use {
        if self.types.is_opaque(self.ty(e)) || self.types.is_unsized(self.ty(e)) {
            Use::Place
        } else {
            default
        }
    }

    /// A variable or an access into one (the base of an access is storage: `a[f()]`
    /// does not copy `a`).
    fn is_variable(&self, e: ExprId) -> bool {
        match self.kind(e) {
            ExprKind::Global(_) | ExprKind::Local(_) => true,
            ExprKind::Index { base, .. }
            | ExprKind::Field { base, .. }
            | ExprKind::Swizzle { base, .. } => self.is_variable(*base),
            _ => false,
        }
    }

    fn base_use(&self, base: ExprId) -> Use {
        if self.is_variable(base) {
            Use::Place
        } else {
            self.use_of(base, Use::Value)
        }
    }

    /// Operands in evaluation order; each one evaluated before an operand that contains
    /// a call is spilled, so it is evaluated before that call.
    fn operands(&mut self, kids: &[ExprId], uses: &[Use], out: &mut Block) -> Vec<ExprId> {
        let last = kids.iter().rposition(|&k| self.has(k));
        let mut res = Vec::with_capacity(kids.len());
        for (i, (&k, &u)) in kids.iter().zip(uses).enumerate() {
            let v = match u {
                Use::Place => self.place(k, out),
                Use::Value => self.need(k, out),
            };
            let v = match (last.is_some_and(|l| i < l), u) {
                (false, _) => v,
                (true, Use::Place) => self.spill_place(v, out),
                (true, Use::Value) => self.spill_value(v, out),
            };
            res.push(v);
        }
        res
    }

    /// A place (an l-value, or storage read in place): moves the calls of its index
    /// expressions out; anything that is not a variable access is taken as a value.
    fn place(&mut self, e: ExprId, out: &mut Block) -> ExprId {
        if !self.has(e) {
            return e;
        }
        match self.kind(e).clone() {
            ExprKind::Index { base, index } => {
                let later = self.has(index);
                let b = self.place(base, out);
                let b = if later { self.spill_place(b, out) } else { b };
                let i = self.need(index, out);
                self.set_children(e, &[b, i]);
                e
            }
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => {
                let b = self.place(base, out);
                self.set_children(e, &[b]);
                e
            }
            _ => self.need(e, out),
        }
    }

    /// Fixes the storage a place denotes now: its index expressions are evaluated into
    /// locals; the variable itself is not read.
    fn spill_place(&mut self, e: ExprId, out: &mut Block) -> ExprId {
        match self.kind(e).clone() {
            ExprKind::Global(_) | ExprKind::Local(_) => e,
            ExprKind::Index { base, index } => {
                let b = self.spill_place(base, out);
                let i = self.spill_value(index, out);
                self.set_children(e, &[b, i]);
                e
            }
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => {
                let b = self.spill_place(base, out);
                self.set_children(e, &[b]);
                e
            }
            _ if self.types.is_opaque(self.ty(e)) => e,
            _ => self.spill_value(e, out),
        }
    }

    /// Evaluates `e` now into a local, unless nothing can change its value.
    fn spill_value(&mut self, e: ExprId, out: &mut Block) -> ExprId {
        if matches!(
            self.kind(e),
            ExprKind::Literal(_) | ExprKind::Constant(_) | ExprKind::BuiltinVar(_)
        ) || self.types.is_opaque(self.ty(e))
        {
            return e;
        }
        let (ty, span) = (self.ty(e), self.span(e));
        let t = self.temp(ty, Some(e), span, out);
        self.add(ExprKind::Local(t), ty, span)
    }

    /// Replaces the children of `e` (in `children()` order).
    fn set_children(&mut self, e: ExprId, new: &[ExprId]) {
        let kind = &mut self.f.exprs[e.0 as usize].kind;
        for (slot, &n) in kind.children_mut().into_iter().zip(new) {
            *slot = n;
        }
        if let Some(m) = self.memo.get_mut(e.0 as usize) {
            *m = 0;
        }
    }
}

/// Arguments of built-ins that are storage: the memory operand of the atomic memory
/// functions and the `out` parameters of modf, frexp, uaddCarry, usubBorrow and
/// [ui]mulExtended (GLSL 4.60 §8.3, §8.8, §8.11).
pub fn builtin_place_arg(fun: Builtin, i: usize) -> bool {
    use Builtin::*;
    match fun {
        _ if fun.class() == BuiltinClass::Atomic => i == 0,
        Modf | Frexp => i == 1,
        UaddCarry | UsubBorrow => i == 2,
        UmulExtended | ImulExtended => i >= 2,
        _ => false,
    }
}
