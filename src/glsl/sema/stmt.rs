//! Statements (GLSL 4.60 chapter 6): blocks and scopes, selection, switch with case
//! grouping and fall-through, loops (the loop body shares the loop's scope), jumps.

use glsl_lang::ast;

use super::Checker;
use crate::ir::*;

impl Checker<'_> {
    pub(super) fn emit(&mut self, kind: StmtKind, span: Span) {
        self.f()
            .stack
            .last_mut()
            .expect("a block is open")
            .push(Stmt { kind, span });
    }

    /// The statements of a compound statement, in the current scope.
    pub(super) fn compound_no_scope(&mut self, c: &ast::CompoundStatement) -> Block {
        self.f().stack.push(Vec::new());
        for s in &c.statement_list {
            self.statement(s);
        }
        self.f().stack.pop().expect("block")
    }

    fn compound(&mut self, c: &ast::CompoundStatement) -> Block {
        self.push_scope();
        let b = self.compound_no_scope(c);
        self.pop_scope();
        b
    }

    /// A sub-statement as a block, in a new scope.
    fn sub_block(&mut self, s: &ast::Statement) -> Block {
        self.push_scope();
        let b = self.sub_block_no_scope(s);
        self.pop_scope();
        b
    }

    /// A loop body: a compound body shares the loop's scope (GLSL 4.60 §4.2.2).
    fn sub_block_no_scope(&mut self, s: &ast::Statement) -> Block {
        if let ast::StatementData::Compound(c) = &s.content {
            return self.compound_no_scope(c);
        }
        self.f().stack.push(Vec::new());
        self.statement(s);
        self.f().stack.pop().expect("block")
    }

    /// A bool scalar condition.
    fn condition(&mut self, e: &ast::Expr, what: &str) -> Option<ExprId> {
        let id = self.expr(e)?;
        if !matches!(self.m.types.get(self.ty(id)), Type::Scalar(Scalar::Bool)) {
            let span = self.espan(id);
            self.error(
                span,
                format!(
                    "{what} condition must be a scalar bool, not `{}'",
                    self.tname(self.ty(id))
                ),
            );
            return None;
        }
        Some(id)
    }

    /// A loop condition that may declare a variable (`while (bool b = f())`): the
    /// declaration and a `break` when false go at the top of the body.
    fn loop_condition(&mut self, c: &ast::Condition) -> (Option<ExprId>, Block) {
        match &c.content {
            ast::ConditionData::Expr(e) => (self.condition(e, "loop"), Vec::new()),
            ast::ConditionData::Assignment(ty, ident, init) => {
                let span = self.span_of(ident);
                self.f().stack.push(Vec::new());
                let q = self.qualifiers(ty.qualifier.as_ref());
                if let Some(t) = self.type_spec(&ty.ty) {
                    let init_expr = match &init.content {
                        ast::InitializerData::Simple(e) => Some(e.as_ref()),
                        _ => None,
                    };
                    if let Some(e) = init_expr {
                        self.local_variable(&q, ident.0.as_str(), t, Some(init), span);
                        let _ = e;
                        if let Some(super::Symbol::Local(l)) =
                            self.lookup(ident.0.as_str()).cloned()
                        {
                            let b = self.m.types.scalar(Scalar::Bool);
                            if self.func().locals[l.0 as usize].ty == b {
                                let v = self.add(ExprKind::Local(l), b, span);
                                let test = self.f().func.break_unless(v, b, span);
                                self.emit(test.kind, span);
                            } else {
                                self.error(span, "a loop condition must be a scalar bool");
                            }
                        }
                    }
                }
                (None, self.f().stack.pop().expect("block"))
            }
        }
    }

    pub(super) fn statement(&mut self, s: &ast::Statement) {
        if !self.enter(self.span_of(s)) {
            return;
        }
        self.statement_nested(s);
        self.depth -= 1;
    }

    fn statement_nested(&mut self, s: &ast::Statement) {
        let span = self.span_of(s);
        use ast::StatementData as S;
        match &s.content {
            S::Declaration(d) => match &d.content {
                ast::DeclarationData::InitDeclaratorList(list) => {
                    self.variable_declarations(list, false)
                }
                // A default precision inside a function: counted from here on (its
                // scope's end is not tracked, which only accepts more).
                ast::DeclarationData::Precision(_, ty) => {
                    if let Some(t) = self.type_nonarray(&ty.ty) {
                        self.es_precisions.insert(t);
                    }
                }
                ast::DeclarationData::FunctionPrototype(_) => {
                    self.error(span, "functions cannot be declared inside functions")
                }
                ast::DeclarationData::Block(_) => self.error(
                    span,
                    "interface blocks can only be declared at global scope",
                ),
                ast::DeclarationData::TypeOnly(_) => {
                    self.error(span, "layout declarations can only appear at global scope")
                }
                ast::DeclarationData::Invariant(_) => {
                    self.error(span, "`invariant' is not allowed here")
                }
            },
            S::Expression(e) => {
                if let Some(e) = &e.0
                    && let Some(id) = self.expr(e)
                {
                    self.emit(StmtKind::Expr(id), span);
                }
            }
            S::Compound(c) => {
                let b = self.compound(c);
                self.emit(StmtKind::Block(b), span);
            }
            S::Selection(sel) => {
                let cond = self.condition(&sel.cond, "if");
                let (accept, reject) = match &sel.rest.content {
                    ast::SelectionRestStatementData::Statement(t) => {
                        (self.sub_block(t), Vec::new())
                    }
                    ast::SelectionRestStatementData::Else(t, e) => {
                        (self.sub_block(t), self.sub_block(e))
                    }
                };
                if let Some(cond) = cond {
                    self.emit(
                        StmtKind::If {
                            cond,
                            accept,
                            reject,
                        },
                        span,
                    );
                }
            }
            S::Switch(sw) => self.switch(sw, span),
            S::CaseLabel(_) => self.error(span, "case labels must be inside a switch statement"),
            S::Iteration(it) => self.iteration(it, span),
            S::Jump(j) => self.jump(j, span),
        }
    }

    fn iteration(&mut self, it: &ast::IterationStatement, span: Span) {
        match &it.content {
            ast::IterationStatementData::While(cond, body) => {
                self.push_scope();
                let (c, mut pre) = self.loop_condition(cond);
                self.f().loops += 1;
                let b = self.sub_block_no_scope(body);
                self.f().loops -= 1;
                self.pop_scope();
                pre.extend(b);
                self.emit(
                    StmtKind::Loop {
                        cond: c,
                        test_after: false,
                        body: pre,
                        step: Vec::new(),
                    },
                    span,
                );
            }
            ast::IterationStatementData::DoWhile(body, cond) => {
                self.f().loops += 1;
                let b = self.sub_block(body);
                self.f().loops -= 1;
                if let Some(c) = self.condition(cond, "do-while") {
                    self.emit(
                        StmtKind::Loop {
                            cond: Some(c),
                            test_after: true,
                            body: b,
                            step: Vec::new(),
                        },
                        span,
                    );
                }
            }
            ast::IterationStatementData::For(init, rest, body) => {
                // The init declaration is in scope for the condition, step and body.
                self.push_scope();
                self.f().stack.push(Vec::new());
                match &init.content {
                    ast::ForInitStatementData::Expression(Some(e)) => {
                        if let Some(id) = self.expr(e) {
                            self.emit(StmtKind::Expr(id), span);
                        }
                    }
                    ast::ForInitStatementData::Expression(None) => {}
                    ast::ForInitStatementData::Declaration(d) => match &d.content {
                        ast::DeclarationData::InitDeclaratorList(list) => {
                            self.variable_declarations(list, false)
                        }
                        _ => self.error(span, "a for-loop can only declare variables"),
                    },
                }
                let (cond, pre) = match &rest.condition {
                    Some(c) => self.loop_condition(c),
                    None => (None, Vec::new()),
                };
                let step: Block = rest
                    .post_expr
                    .as_ref()
                    .and_then(|e| self.expr(e))
                    .map(|e| {
                        vec![Stmt {
                            kind: StmtKind::Expr(e),
                            span,
                        }]
                    })
                    .unwrap_or_default();
                self.f().loops += 1;
                let b = self.sub_block_no_scope(body);
                self.f().loops -= 1;
                let mut body_block = pre;
                body_block.extend(b);
                self.emit(
                    StmtKind::Loop {
                        cond,
                        test_after: false,
                        body: body_block,
                        step,
                    },
                    span,
                );
                let outer = self.f().stack.pop().expect("block");
                self.pop_scope();
                self.emit(StmtKind::Block(outer), span);
            }
        }
    }

    fn jump(&mut self, j: &ast::JumpStatement, span: Span) {
        match &j.content {
            ast::JumpStatementData::Continue => {
                if self.fr().loops == 0 {
                    self.error(span, "`continue' may only appear in a loop");
                } else {
                    self.emit(StmtKind::Continue, span);
                }
            }
            ast::JumpStatementData::Break => {
                if self.fr().loops == 0 && self.fr().switches == 0 {
                    self.error(span, "`break' may only appear in a loop or a switch");
                } else {
                    self.emit(StmtKind::Break, span);
                }
            }
            ast::JumpStatementData::Discard => {
                if self.stage == crate::ir::shader::Stage::Fragment {
                    self.emit(StmtKind::Discard, span);
                } else {
                    self.error(span, "`discard' is only allowed in fragment shaders")
                }
            }
            ast::JumpStatementData::Return(e) => {
                let ret = self.func().ret;
                let is_void = matches!(self.m.types.get(ret), Type::Void);
                match e {
                    Some(e) => {
                        let Some(id) = self.expr(e) else { return };
                        if is_void {
                            self.error(span, "a void function cannot return a value");
                            return;
                        }
                        if let Some(c) = self.convert_or_error(id, ret, "return value") {
                            self.emit(StmtKind::Return(Some(c)), span);
                        }
                    }
                    None => {
                        if !is_void {
                            self.error(
                                span,
                                format!(
                                    "function must return a value of type `{}'",
                                    self.tname(ret)
                                ),
                            );
                            return;
                        }
                        self.emit(StmtKind::Return(None), span);
                    }
                }
            }
        }
    }

    /// GLSL 4.60 §6.2: the selector is an int or uint scalar; case labels are constant
    /// expressions of that type, unique; at most one default; statements follow the
    /// last label.
    fn switch(&mut self, sw: &ast::SwitchStatement, span: Span) {
        let sel = self.expr(&sw.head);
        let sel_ty = sel.map(|s| self.ty(s));
        if let Some(t) = sel_ty
            && !matches!(
                self.m.types.get(t),
                Type::Scalar(Scalar::Int | Scalar::Uint)
            )
        {
            let n = self.tname(t);
            self.error(
                span,
                format!("switch selector must be a scalar int or uint, not `{n}'"),
            );
        }
        self.push_scope();
        self.f().switches += 1;
        let mut cases: Vec<SwitchCase> = Vec::new();
        let mut seen = Vec::new();
        let mut have_default = false;
        let mut label_open = false;
        for s in &sw.body {
            let sspan = self.span_of(s);
            if let ast::StatementData::CaseLabel(l) = &s.content {
                if !label_open {
                    cases.push(SwitchCase {
                        values: Vec::new(),
                        default: false,
                        body: Vec::new(),
                    });
                    label_open = true;
                }
                match &l.content {
                    ast::CaseLabelData::Def => {
                        if have_default {
                            self.error(sspan, "more than one default label in a switch");
                        }
                        have_default = true;
                        cases.last_mut().expect("case").default = true;
                    }
                    ast::CaseLabelData::Case(e) => {
                        let Some(v) = self.expr(e) else { continue };
                        let vt = self.ty(v);
                        let v = match sel_ty {
                            Some(st) if vt != st => match self.convert(v, st) {
                                Some(c) => c,
                                None => {
                                    self.error(
                                        sspan,
                                        "case label type does not match the switch selector",
                                    );
                                    continue;
                                }
                            },
                            _ => v,
                        };
                        match self
                            .fold(v)
                            .and_then(|c| c.as_literal())
                            .and_then(|l| l.as_i64())
                        {
                            Some(val) => {
                                if seen.contains(&val) {
                                    self.error(sspan, format!("duplicate case value {val}"));
                                }
                                seen.push(val);
                                cases.last_mut().expect("case").values.push(val);
                            }
                            None => self
                                .error(sspan, "case label must be a constant integral expression"),
                        }
                    }
                }
                continue;
            }
            if cases.is_empty() {
                self.error(sspan, "statement before the first case label");
                continue;
            }
            label_open = false;
            self.f().stack.push(Vec::new());
            self.statement(s);
            let stmts = self.f().stack.pop().expect("block");
            cases.last_mut().expect("case").body.extend(stmts);
        }
        if label_open {
            self.error(
                span,
                "the last case label of a switch must be followed by a statement",
            );
        }
        self.f().switches -= 1;
        self.pop_scope();
        if let Some(selector) = sel {
            self.emit(StmtKind::Switch { selector, cases }, span);
        }
    }
}
