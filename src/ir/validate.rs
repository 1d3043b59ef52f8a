//! The IR validator: runs between the front end and any back end. [`validate`]
//! checks that a module is well formed — every handle in range, every expression
//! used once (a tree) with the type its parts give it (operators, swizzles,
//! conversions, constructors, places, built-in variables, built-in function calls
//! against their overloads), calls and barriers only at
//! statement level, `break`/`continue` inside what they leave, no recursion — so a
//! back end can rely on it; its errors are internal errors (a front-end bug), never
//! the user's. [`limits`] checks what the user's program asks of the compiler once
//! its calls are inlined (nesting depth, size), with messages for the info log, and
//! [`falls_off_end`] finds functions that can end without returning their value.
//!
//! Statements are walked recursively: their nesting is bounded by the front end
//! (limits::MAX_NESTING) and the compiler runs on a stack sized for it.

use super::*;

/// Checks `m`; Err lists every problem found, each naming its function.
pub fn validate(m: &Module) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for (i, f) in m.functions.iter().enumerate() {
        if !f.defined {
            continue;
        }
        let mut v = FnCheck {
            m,
            f,
            uses: vec![0; f.exprs.len()],
            errors: Vec::new(),
        };
        v.check_locals();
        v.block(&f.body, false, false);
        errors.extend(
            v.errors
                .into_iter()
                .map(|e| format!("function `{}' (#{i}): {e}", f.name)),
        );
    }
    for g in &m.globals {
        if (g.ty.0 as usize) >= m.types.len() {
            errors.push(format!("global `{}': type {} out of range", g.name, g.ty.0));
        }
    }
    let roots: Vec<FunctionId> = m.entry().into_iter().collect();
    if let Some(f) = cycle(m, &roots) {
        errors.push(format!(
            "function `{}' is recursive",
            m.functions[f.0 as usize].name
        ));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A function on a cycle of calls reachable from `roots`, if any (depth-first search
/// with an explicit stack: call chains are as deep as the shader makes them).
pub fn cycle(m: &Module, roots: &[FunctionId]) -> Option<FunctionId> {
    // 1: on the current path, 2: finished.
    let mut state = vec![0u8; m.functions.len()];
    let callees = |f: usize| -> Vec<usize> {
        m.functions[f]
            .callees()
            .iter()
            .map(|c| c.0 as usize)
            .filter(|&c| c < m.functions.len())
            .collect()
    };
    for root in roots.iter().map(|r| r.0 as usize) {
        if root >= m.functions.len() || state[root] != 0 {
            continue;
        }
        state[root] = 1;
        let mut path: Vec<(usize, Vec<usize>)> = vec![(root, callees(root))];
        while let Some((v, next)) = path.last_mut() {
            match next.pop() {
                Some(c) if state[c] == 1 => return Some(FunctionId(c as u32)),
                Some(c) if state[c] == 0 => {
                    state[c] = 1;
                    let cs = callees(c);
                    path.push((c, cs));
                }
                Some(_) => {}
                None => {
                    state[*v] = 2;
                    path.pop();
                }
            }
        }
    }
    None
}

/// What the program asks of the compiler once every call from `main` is inlined (the
/// back end inlines all calls): Err with the info-log message if its nesting (each
/// function's deepest statement or expression, added along the deepest call chain) is
/// more than limits::MAX_NESTING, or its size (expressions and statements, each call
/// counting its callee's size again) more than limits::MAX_INLINED_NODES. The call
/// graph must be acyclic ([`cycle`]).
pub fn limits(m: &Module, main: FunctionId) -> Result<(), String> {
    let n = m.functions.len();
    // Post-order over the call graph from main, with an explicit stack.
    let mut depth: Vec<Option<u64>> = vec![None; n];
    let mut size: Vec<u64> = vec![0; n];
    let mut stack = vec![(main.0 as usize, false)];
    while let Some((f, done)) = stack.pop() {
        if f >= n || depth[f].is_some() {
            continue;
        }
        let calls = m.functions[f].callees();
        if !done {
            stack.push((f, true));
            for c in &calls {
                stack.push((c.0 as usize, false));
            }
            continue;
        }
        let func = &m.functions[f];
        let mut d = 0u64;
        let mut s = nodes(func);
        for c in &calls {
            let c = c.0 as usize;
            if c < n {
                d = d.max(depth[c].unwrap_or(0));
                s = s.saturating_add(size[c]);
            }
        }
        depth[f] = Some(d.saturating_add(nesting(func)));
        size[f] = s;
    }
    let (d, s) = (
        depth.get(main.0 as usize).copied().flatten().unwrap_or(0),
        size.get(main.0 as usize).copied().unwrap_or(0),
    );
    if d > crate::limits::MAX_NESTING as u64 {
        return Err(format!(
            "statements, expressions and function calls are nested {d} levels deep once calls are inlined, more than glcompute's limit of {}",
            crate::limits::MAX_NESTING
        ));
    }
    if s > crate::limits::MAX_INLINED_NODES {
        return Err(format!(
            "the program has {s} statements and expressions once its function calls are inlined, more than glcompute's limit of {}",
            crate::limits::MAX_INLINED_NODES
        ));
    }
    Ok(())
}

/// Expressions and statements of a function.
fn nodes(f: &Function) -> u64 {
    let mut n = f.exprs.len() as u64;
    for_each_stmt(&f.body, |_| n += 1);
    n
}

/// The deepest nesting of statements and expressions in a function.
fn nesting(f: &Function) -> u64 {
    fn expr(f: &Function, e: ExprId) -> u64 {
        let Some(x) = f.exprs.get(e.0 as usize) else {
            return 0;
        };
        1 + x
            .kind
            .children()
            .into_iter()
            .map(|c| expr(f, c))
            .max()
            .unwrap_or(0)
    }
    fn block(f: &Function, b: &[Stmt]) -> u64 {
        b.iter().map(|s| stmt(f, s)).max().unwrap_or(0)
    }
    fn stmt(f: &Function, s: &Stmt) -> u64 {
        let e = |x: &Option<ExprId>| x.map_or(0, |x| expr(f, x));
        1 + match &s.kind {
            StmtKind::Expr(x) => expr(f, *x),
            StmtKind::Call { args, .. } => args.iter().map(|a| expr(f, *a)).max().unwrap_or(0),
            StmtKind::Declare { init, .. } => e(init),
            StmtKind::Block(b) => block(f, b),
            StmtKind::If {
                cond,
                accept,
                reject,
            } => expr(f, *cond).max(block(f, accept)).max(block(f, reject)),
            StmtKind::Loop {
                cond, body, step, ..
            } => e(cond).max(block(f, body)).max(block(f, step)),
            StmtKind::Switch { selector, cases } => cases
                .iter()
                .map(|c| block(f, &c.body))
                .max()
                .unwrap_or(0)
                .max(expr(f, *selector)),
            StmtKind::Return(x) => e(x),
            StmtKind::Break | StmtKind::Continue | StmtKind::Discard => 0,
        }
    }
    block(f, &f.body)
}

/// True if a function with a return type can reach the end of its body (where it
/// returns zero, GLSL leaving the value undefined).
pub fn falls_off_end(m: &Module, f: &Function) -> bool {
    f.defined && !matches!(m.types.get(f.ret), Type::Void) && completes(f, &f.body)
}

/// Can control leave the block through its end?
fn completes(f: &Function, b: &[Stmt]) -> bool {
    b.iter().all(|s| stmt_completes(f, s))
}

fn stmt_completes(f: &Function, s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Return(_) | StmtKind::Break | StmtKind::Continue | StmtKind::Discard => false,
        StmtKind::Block(b) => completes(f, b),
        StmtKind::If { accept, reject, .. } => completes(f, accept) || completes(f, reject),
        StmtKind::Loop { cond, body, .. } => {
            // `for (;;)`, `while (true)`: left only through a break.
            let forever = cond.is_none_or(|c| {
                matches!(
                    f.exprs.get(c.0 as usize).map(|e| &e.kind),
                    Some(ExprKind::Literal(Literal::Bool(true)))
                )
            });
            !forever || breaks(body)
        }
        StmtKind::Switch { cases, .. } => {
            !cases.iter().any(|c| c.default)
                || cases.iter().any(|c| breaks(&c.body))
                || cases.last().is_none_or(|c| completes(f, &c.body))
        }
        _ => true,
    }
}

/// Does the block contain a `break` that leaves the loop or switch it is the body of?
fn breaks(b: &[Stmt]) -> bool {
    b.iter().any(|s| match &s.kind {
        StmtKind::Break => true,
        StmtKind::Block(b) => breaks(b),
        StmtKind::If { accept, reject, .. } => breaks(accept) || breaks(reject),
        _ => false,
    })
}

struct FnCheck<'a> {
    m: &'a Module,
    f: &'a Function,
    uses: Vec<u32>,
    errors: Vec<String>,
}

impl FnCheck<'_> {
    fn err(&mut self, msg: String) {
        // One hundred problems say enough about a broken function.
        if self.errors.len() < 100 {
            self.errors.push(msg);
        }
    }

    fn ty_ok(&mut self, t: TypeId, what: &str) -> bool {
        if (t.0 as usize) < self.m.types.len() {
            true
        } else {
            self.err(format!("{what}: type {} out of range", t.0));
            false
        }
    }

    fn check_locals(&mut self) {
        if self.f.params > self.f.locals.len() {
            self.err(format!(
                "{} parameters but {} locals",
                self.f.params,
                self.f.locals.len()
            ));
        }
        for l in &self.f.locals {
            self.ty_ok(l.ty, &format!("local `{}'", l.name));
        }
        self.ty_ok(self.f.ret, "return type");
    }

    fn local_ty(&mut self, l: LocalId) -> Option<TypeId> {
        match self.f.locals.get(l.0 as usize) {
            Some(x) => Some(x.ty),
            None => {
                self.err(format!("local {} out of range", l.0));
                None
            }
        }
    }

    fn is_bool(&self, t: TypeId) -> bool {
        matches!(self.m.types.get(t), Type::Scalar(Scalar::Bool))
    }

    fn block(&mut self, b: &[Stmt], in_loop: bool, in_switch: bool) {
        for s in b {
            self.stmt(s, in_loop, in_switch);
        }
    }

    fn stmt(&mut self, s: &Stmt, in_loop: bool, in_switch: bool) {
        let at = s.span;
        match &s.kind {
            StmtKind::Expr(e) => {
                let barrier = matches!(
                    self.f.exprs.get(e.0 as usize).map(|x| &x.kind),
                    Some(ExprKind::Builtin {
                        fun: Builtin::Barrier,
                        ..
                    })
                );
                if barrier {
                    // The one place a barrier may be: the whole of a statement.
                    self.uses[e.0 as usize] += 1;
                    if let Some(ExprKind::Builtin { args, .. }) =
                        self.f.exprs.get(e.0 as usize).map(|x| &x.kind)
                    {
                        for a in args {
                            self.expr(*a);
                        }
                    }
                } else {
                    self.expr(*e);
                }
            }
            StmtKind::Call { func, args, result } => {
                let Some(callee) = self.m.functions.get(func.0 as usize) else {
                    self.err(format!("{at}: call of function {} out of range", func.0));
                    return;
                };
                if args.len() != callee.params {
                    self.err(format!(
                        "{at}: call of `{}' with {} arguments, it has {} parameters",
                        callee.name,
                        args.len(),
                        callee.params
                    ));
                }
                for (i, a) in args.iter().enumerate() {
                    let Some(t) = self.expr(*a) else { continue };
                    if let Some(p) = callee.locals.get(i).filter(|_| i < callee.params)
                        && p.ty != t
                    {
                        self.err(format!(
                            "{at}: argument {} of `{}' is {}, the parameter {}",
                            i + 1,
                            callee.name,
                            self.m.types.name(t),
                            self.m.types.name(p.ty)
                        ));
                    }
                }
                if let Some(r) = result
                    && let Some(t) = self.local_ty(*r)
                    && t != callee.ret
                {
                    self.err(format!(
                        "{at}: the result of `{}' ({}) is stored in a local of type {}",
                        callee.name,
                        self.m.types.name(callee.ret),
                        self.m.types.name(t)
                    ));
                }
            }
            StmtKind::Declare { local, init } => {
                let lt = self.local_ty(*local);
                if let Some(i) = init
                    && let (Some(t), Some(lt)) = (self.expr(*i), lt)
                    && t != lt
                {
                    self.err(format!(
                        "{at}: a {} local initialized with a {}",
                        self.m.types.name(lt),
                        self.m.types.name(t)
                    ));
                }
            }
            StmtKind::Block(b) => self.block(b, in_loop, in_switch),
            StmtKind::If {
                cond,
                accept,
                reject,
            } => {
                self.condition(*cond, at, "if");
                self.block(accept, in_loop, in_switch);
                self.block(reject, in_loop, in_switch);
            }
            StmtKind::Loop {
                cond, body, step, ..
            } => {
                if let Some(c) = cond {
                    self.condition(*c, at, "loop");
                }
                self.block(body, true, false);
                self.block(step, true, false);
            }
            StmtKind::Switch { selector, cases } => {
                if let Some(t) = self.expr(*selector)
                    && !matches!(
                        self.m.types.get(t),
                        Type::Scalar(Scalar::Int | Scalar::Uint)
                    )
                {
                    self.err(format!(
                        "{at}: switch selector is {}, not int or uint",
                        self.m.types.name(t)
                    ));
                }
                for c in cases {
                    self.block(&c.body, in_loop, true);
                }
            }
            StmtKind::Break => {
                if !in_loop && !in_switch {
                    self.err(format!("{at}: break outside a loop or switch"));
                }
            }
            StmtKind::Discard => {}
            StmtKind::Continue => {
                if !in_loop {
                    self.err(format!("{at}: continue outside a loop"));
                }
            }
            StmtKind::Return(e) => {
                let void = matches!(self.m.types.get(self.f.ret), Type::Void);
                match e {
                    Some(e) => {
                        if let Some(t) = self.expr(*e)
                            && t != self.f.ret
                        {
                            self.err(format!(
                                "{at}: returns a {} from a function returning {}",
                                self.m.types.name(t),
                                self.m.types.name(self.f.ret)
                            ));
                        }
                    }
                    None if !void => self.err(format!("{at}: return without a value")),
                    None => {}
                }
            }
        }
    }

    fn condition(&mut self, e: ExprId, at: Span, what: &str) {
        if let Some(t) = self.expr(e)
            && !self.is_bool(t)
        {
            self.err(format!(
                "{at}: {what} condition is {}, not bool",
                self.m.types.name(t)
            ));
        }
    }

    /// Checks an expression tree; returns its type when it is sound enough to have one.
    fn expr(&mut self, e: ExprId) -> Option<TypeId> {
        let Some(x) = self.f.exprs.get(e.0 as usize) else {
            self.err(format!("expression {} out of range", e.0));
            return None;
        };
        self.uses[e.0 as usize] += 1;
        if self.uses[e.0 as usize] == 2 {
            self.err(format!("{}: expression {} is used twice", x.span, e.0));
        }
        if !self.ty_ok(x.ty, &format!("expression {}", e.0)) {
            return None;
        }
        let at = x.span;
        let kids: Vec<Option<TypeId>> = x
            .kind
            .children()
            .into_iter()
            .map(|c| self.expr(c))
            .collect();
        let types = &self.m.types;
        let mismatch = |want: TypeId| want != x.ty;
        match &x.kind {
            ExprKind::Call { func, .. } => {
                self.err(format!(
                    "{at}: call of function {} inside an expression (calls are statements)",
                    func.0
                ));
            }
            ExprKind::Builtin {
                fun: Builtin::Barrier,
                ..
            } => self.err(format!(
                "{at}: barrier() inside an expression (barriers are statements)"
            )),
            // The front end converts every argument to its parameter's type, so one
            // overload matches exactly.
            ExprKind::Builtin { fun, .. } if kids.iter().all(Option::is_some) => {
                let args: Vec<TypeId> = kids.iter().flatten().copied().collect();
                let ok = crate::ir::builtins::signatures(*fun).iter().any(|ov| {
                    ov.params.len() == args.len()
                        && ov.ret.is(types, x.ty)
                        && ov
                            .params
                            .iter()
                            .zip(&args)
                            .all(|((p, _), &a)| p.is(types, a))
                });
                if !ok {
                    let shown: Vec<String> = args.iter().map(|&a| types.name(a)).collect();
                    self.err(format!(
                        "{at}: no overload of {fun:?}({}) gives {}",
                        shown.join(", "),
                        types.name(x.ty)
                    ));
                }
            }
            ExprKind::Literal(l) if !matches!(types.get(x.ty), Type::Scalar(s) if *s == l.scalar()) =>
            {
                self.err(format!(
                    "{at}: a {} literal typed {}",
                    l.scalar().name(),
                    types.name(x.ty)
                ));
            }
            ExprKind::Local(l) => {
                if let Some(t) = self.local_ty(*l)
                    && mismatch(t)
                {
                    self.err(format!(
                        "{at}: local {} read as {}",
                        l.0,
                        self.m.types.name(x.ty)
                    ));
                }
            }
            ExprKind::Global(g) => match self.m.globals.get(g.0 as usize) {
                None => self.err(format!("{at}: global {} out of range", g.0)),
                Some(glob) => {
                    if mismatch(glob.ty) {
                        self.err(format!(
                            "{at}: global `{}' read as {}",
                            glob.name,
                            types.name(x.ty)
                        ));
                    }
                }
            },
            ExprKind::Field { field, .. } => {
                if let Some(Some(b)) = kids.first() {
                    match types.get(*b) {
                        Type::Struct(s) => {
                            match types.struct_def(*s).members.get(*field as usize) {
                                Some(mem) if mem.ty == x.ty => {}
                                Some(_) => {
                                    self.err(format!("{at}: field {field} has another type"))
                                }
                                None => self.err(format!("{at}: field {field} out of range")),
                            }
                        }
                        _ => self.err(format!("{at}: field of a {}", types.name(*b))),
                    }
                }
            }
            ExprKind::Index { .. } => {
                if let Some(Some(b)) = kids.first() {
                    let ok = match types.get(*b) {
                        Type::Array(el, _) => *el == x.ty,
                        Type::Vector(s, _) => types.get(x.ty) == &Type::Scalar(*s),
                        Type::Matrix { scalar, rows, .. } => {
                            types.get(x.ty) == &Type::Vector(*scalar, *rows)
                        }
                        _ => false,
                    };
                    if !ok {
                        self.err(format!(
                            "{at}: index of a {} typed {}",
                            types.name(*b),
                            types.name(x.ty)
                        ));
                    }
                }
                if let Some(Some(i)) = kids.get(1)
                    && !matches!(types.get(*i), Type::Scalar(Scalar::Int | Scalar::Uint))
                {
                    self.err(format!(
                        "{at}: index is {}, not int or uint",
                        types.name(*i)
                    ));
                }
            }
            ExprKind::Select { .. } => {
                if let [Some(c), Some(a), Some(r)] = kids[..] {
                    if !self.is_bool(c) {
                        self.err(format!("{at}: ?: condition is not bool"));
                    }
                    if a != x.ty || r != x.ty {
                        self.err(format!("{at}: ?: branches differ from its type"));
                    }
                }
            }
            ExprKind::Assign { op: None, .. } => {
                if let [Some(p), Some(v)] = kids[..]
                    && (p != v || v != x.ty)
                {
                    self.err(format!(
                        "{at}: a {} assigned to a {}",
                        types.name(v),
                        types.name(p)
                    ));
                }
            }
            ExprKind::Binary {
                op: BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor,
                ..
            } if kids.iter().any(|k| k.is_some_and(|k| !self.is_bool(k)))
                || !self.is_bool(x.ty) =>
            {
                self.err(format!("{at}: logical operator on a non-bool"));
            }
            ExprKind::Sequence { .. } => {
                if let Some(Some(s)) = kids.get(1)
                    && mismatch(*s)
                {
                    self.err(format!("{at}: sequence typed unlike its second operand"));
                }
            }
            ExprKind::Binary { op, .. } => {
                if let [Some(a), Some(b)] = kids[..]
                    && let Some(why) = binary_error(types, *op, a, b, x.ty)
                {
                    self.err(format!("{at}: `{}' {why}", op.symbol()));
                }
            }
            ExprKind::Unary { op, .. } => {
                if let [Some(a)] = kids[..] {
                    let s = scalar_shape(types, a);
                    let ok = a == x.ty
                        && match op {
                            UnaryOp::Neg => s.is_some_and(|s| s.is_numeric()),
                            UnaryOp::Not => self.is_bool(a),
                            UnaryOp::BitNot => s.is_some_and(|s| s.is_integer()),
                        };
                    if !ok {
                        self.err(format!(
                            "{at}: unary operator on a {} typed {}",
                            types.name(a),
                            types.name(x.ty)
                        ));
                    }
                }
            }
            ExprKind::Swizzle { comps, .. } => {
                if let [Some(b)] = kids[..] {
                    let (s, n) = match types.get(b) {
                        Type::Vector(s, n) => (Some(*s), *n),
                        Type::Scalar(s) => (Some(*s), 1),
                        _ => (None, 0),
                    };
                    let want = match (s, comps.len()) {
                        (Some(s), 1) => Some(Type::Scalar(s)),
                        (Some(s), k @ 2..=4) => Some(Type::Vector(s, k as u8)),
                        _ => None,
                    };
                    if want.as_ref() != Some(types.get(x.ty)) || comps.iter().any(|&c| c >= n) {
                        self.err(format!(
                            "{at}: swizzle of a {} typed {}",
                            types.name(b),
                            types.name(x.ty)
                        ));
                    }
                }
            }
            ExprKind::Convert { to, .. } => {
                if let [Some(a)] = kids[..]
                    && (!types.same_shape(a, x.ty) || scalar_shape(types, x.ty) != Some(*to))
                {
                    self.err(format!(
                        "{at}: conversion of a {} to {} typed {}",
                        types.name(a),
                        to.name(),
                        types.name(x.ty)
                    ));
                }
            }
            ExprKind::Splat(_) | ExprKind::MatrixDiagonal(_) => {
                let to_matrix = matches!(x.kind, ExprKind::MatrixDiagonal(_));
                if let [Some(a)] = kids[..] {
                    let ok = matches!(types.get(a), Type::Scalar(_))
                        && scalar_shape(types, a) == scalar_shape(types, x.ty)
                        && if to_matrix {
                            matches!(types.get(x.ty), Type::Matrix { .. })
                        } else {
                            matches!(types.get(x.ty), Type::Vector(..) | Type::Matrix { .. })
                        };
                    if !ok {
                        self.err(format!(
                            "{at}: a {} spread to a {}",
                            types.name(a),
                            types.name(x.ty)
                        ));
                    }
                }
            }
            ExprKind::MatrixResize(_) => {
                if let [Some(a)] = kids[..]
                    && !(matches!(types.get(a), Type::Matrix { .. })
                        && matches!(types.get(x.ty), Type::Matrix { .. })
                        && scalar_shape(types, a) == scalar_shape(types, x.ty))
                {
                    self.err(format!(
                        "{at}: a {} resized to a {}",
                        types.name(a),
                        types.name(x.ty)
                    ));
                }
            }
            ExprKind::Compose(_) if kids.iter().all(Option::is_some) => {
                let parts: Vec<TypeId> = kids.iter().flatten().copied().collect();
                if let Some(why) = compose_error(types, &parts, x.ty) {
                    self.err(format!(
                        "{at}: constructor of a {}: {why}",
                        types.name(x.ty)
                    ));
                }
            }
            ExprKind::Assign { op: Some(_), .. } | ExprKind::IncDec { .. } => {
                if let Some(Some(p)) = kids.first()
                    && mismatch(*p)
                {
                    self.err(format!(
                        "{at}: an update of a {} typed {}",
                        types.name(*p),
                        types.name(x.ty)
                    ));
                }
            }
            ExprKind::ArrayLength(_) if types.get(x.ty) != &Type::Scalar(Scalar::Int) => {
                self.err(format!("{at}: length() typed {}", types.name(x.ty)));
            }
            ExprKind::BuiltinVar(b) => {
                let want = match b {
                    BuiltinVar::LocalInvocationIndex => Type::Scalar(Scalar::Uint),
                    _ => Type::Vector(Scalar::Uint, 3),
                };
                if types.get(x.ty) != &want {
                    self.err(format!("{at}: {} typed {}", b.name(), types.name(x.ty)));
                }
            }
            _ => {}
        }
        Some(x.ty)
    }
}

/// The scalar kind of a scalar, vector or matrix type.
fn scalar_shape(types: &Types, t: TypeId) -> Option<Scalar> {
    match types.get(t) {
        Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix { scalar: s, .. } => Some(*s),
        _ => None,
    }
}

/// Why `a op b` typed `ty` is wrong, if it is. The front end gives both operands of an
/// arithmetic or bitwise operator the result's type (a scalar is splat first), both
/// operands of a comparison one type, and a shift the left operand's type.
fn binary_error(types: &Types, op: BinaryOp, a: TypeId, b: TypeId, ty: TypeId) -> Option<String> {
    let (sa, sb) = (scalar_shape(types, a), scalar_shape(types, b));
    let bool_ty = types.get(ty) == &Type::Scalar(Scalar::Bool);
    let name = |t| types.name(t);
    match op {
        BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor => None,
        BinaryOp::Equal | BinaryOp::NotEqual => {
            (a != b || !bool_ty).then(|| format!("compares {} with {}", name(a), name(b)))
        }
        BinaryOp::Less | BinaryOp::LessEqual | BinaryOp::Greater | BinaryOp::GreaterEqual => {
            let ok = a == b && bool_ty && matches!(types.get(a), Type::Scalar(s) if s.is_numeric());
            (!ok).then(|| format!("orders {} and {}", name(a), name(b)))
        }
        BinaryOp::Shl | BinaryOp::Shr => {
            let ok =
                a == ty && sa.is_some_and(|s| s.is_integer()) && sb.is_some_and(|s| s.is_integer());
            (!ok).then(|| format!("shifts a {} by a {}", name(a), name(b)))
        }
        BinaryOp::MatMul => {
            let ok = sa.is_some_and(|s| s.is_float()) && sa == sb && sa == scalar_shape(types, ty);
            (!ok).then(|| format!("multiplies a {} by a {}", name(a), name(b)))
        }
        BinaryOp::Mod | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor => {
            let ok = a == ty && b == ty && sa.is_some_and(|s| s.is_integer());
            (!ok).then(|| format!("on a {} and a {} typed {}", name(a), name(b), name(ty)))
        }
        BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div => {
            let ok = a == ty && b == ty && sa.is_some_and(|s| s.is_numeric());
            (!ok).then(|| format!("on a {} and a {} typed {}", name(a), name(b), name(ty)))
        }
    }
}

/// Why a constructor of `ty` from parts of types `parts` is wrong, if it is: vectors and
/// matrices take parts of their scalar kind with as many components in all (or one
/// matrix), arrays one part per element, structs one per member.
fn compose_error(types: &Types, parts: &[TypeId], ty: TypeId) -> Option<String> {
    match types.get(ty) {
        Type::Vector(..) | Type::Matrix { .. } | Type::Scalar(_) => {
            let s = scalar_shape(types, ty);
            if parts.iter().any(|&p| scalar_shape(types, p) != s) {
                return Some("a part of another scalar type".into());
            }
            let n: u32 = parts
                .iter()
                .map(|&p| types.components(p).unwrap_or(0))
                .sum();
            let want = types.components(ty).unwrap_or(0);
            (n != want).then(|| format!("{n} components for {want}"))
        }
        Type::Array(elem, len) => {
            if len.is_some_and(|l| l as usize != parts.len()) {
                return Some(format!("{} elements", parts.len()));
            }
            parts
                .iter()
                .any(|p| p != elem)
                .then(|| "an element of another type".into())
        }
        Type::Struct(sid) => {
            let members = &types.struct_def(*sid).members;
            let ok =
                members.len() == parts.len() && members.iter().zip(parts).all(|(m, p)| m.ty == *p);
            (!ok).then(|| "parts unlike its members".into())
        }
        _ => Some("not a composite type".into()),
    }
}
