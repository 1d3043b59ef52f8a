//! Functions (GLSL 4.60 §6.1): parameters and their qualifiers, prototypes (one
//! signature per overload, checked against earlier declarations) and definitions.

use crate::glsl::sema::qualifiers::StorageQ;
use crate::glsl::sema::{Checker, FnCtx, Symbol};
use crate::ir::*;
use crate::limits;
use glsl_lang::ast;

impl Checker<'_> {
    /// The parameter list of a prototype.
    fn parameters(&mut self, p: &ast::FunctionPrototype) -> Option<Vec<Param>> {
        let mut out = Vec::new();
        let mut ok = true;
        for (i, param) in p.parameters.iter().enumerate() {
            let span = self.span_of(param);
            let (q, ts, ident) = match &param.content {
                ast::FunctionParameterDeclarationData::Named(q, d) => {
                    (q.as_ref(), &d.ty, Some(&d.ident))
                }
                ast::FunctionParameterDeclarationData::Unnamed(q, t) => (q.as_ref(), t, None),
            };
            let q = self.qualifiers(q);
            let Some(mut ty) = self.type_spec(ts) else {
                ok = false;
                continue;
            };
            if let Some(id) = ident {
                match self.apply_array(ty, id.array_spec.as_ref(), false) {
                    Some(t) => ty = t,
                    None => {
                        ok = false;
                        continue;
                    }
                }
            }
            if matches!(self.m.types.get(ty), Type::Void) {
                // `f(void)` means no parameters.
                if p.parameters.len() == 1 && ident.is_none() && i == 0 {
                    return Some(Vec::new());
                }
                self.error(span, "parameters cannot be void");
                ok = false;
                continue;
            }
            if self.m.types.is_unsized(ty) {
                self.error(span, "array parameters must have a size");
                ok = false;
                continue;
            }
            let mut dir = ParamDir::In;
            let mut constant = false;
            for (s, sspan) in &q.storage {
                match s {
                    StorageQ::In => dir = ParamDir::In,
                    StorageQ::Out => dir = ParamDir::Out,
                    StorageQ::InOut => dir = ParamDir::InOut,
                    StorageQ::Const => constant = true,
                    _ => {
                        self.error(*sspan, "this qualifier is not allowed on a parameter");
                        ok = false;
                    }
                }
            }
            if constant && dir != ParamDir::In {
                self.error(span, "const parameters must be in parameters");
                ok = false;
            }
            if !q.layout.is_empty() {
                self.error(span, "parameters cannot have layout qualifiers");
            }
            if self.m.types.is_opaque(ty) && dir != ParamDir::In {
                self.error(span, "opaque parameters must be in parameters");
                ok = false;
            }
            if q.any_memory() && !matches!(self.base_type(ty), Type::Image(_)) {
                self.error(span, "memory qualifiers on parameters apply to images only");
            }
            out.push((
                ident.map(|i| i.ident.0.to_string()),
                ty,
                dir,
                constant,
                q.memory,
                span,
            ));
        }
        ok.then_some(out)
    }

    /// Declares (or finds) a function for a prototype; returns its id.
    pub(super) fn function_prototype(
        &mut self,
        p: &ast::FunctionPrototype,
        defining: bool,
    ) -> Option<(FunctionId, Vec<Param>)> {
        let span = self.span_of(p);
        let name = p.name.0.to_string();
        if self.cur.is_some() {
            self.error(span, "functions cannot be declared inside functions");
            return None;
        }
        let rq = self.qualifiers(p.ty.qualifier.as_ref());
        // `subroutine RET NAME(...)` declares a subroutine type; `subroutine(T, ...)` a
        // function of those types, which alone may have `layout(index = N)`.
        let sub = rq.subroutine.clone();
        if sub.len() > 1 {
            self.error(span, "a declaration takes one subroutine qualifier");
            return None;
        }
        if !sub.is_empty() && !self.subroutines_enabled(span) {
            return None;
        }
        let sub_types = sub.first().filter(|l| !l.is_empty()).cloned();
        let mut sub_index = None;
        let other_storage = rq
            .storage
            .iter()
            .any(|(q, _)| *q != StorageQ::Other("subroutine"));
        for l in &rq.layout {
            let explicit = self.version >= 430 || self.ext("GL_ARB_explicit_uniform_location");
            if l.name == "index" && sub_types.is_some() && explicit {
                match l.value {
                    Some(v) if (0..limits::MAX_SUBROUTINES as i64).contains(&v) => {
                        sub_index = Some(v as u32)
                    }
                    _ => self.error(l.span, "the index is not below GL_MAX_SUBROUTINES"),
                }
            } else {
                self.error(l.span, "a function's return type cannot be qualified");
            }
        }
        if other_storage || rq.any_memory() {
            self.error(span, "a function's return type cannot be qualified");
        }
        let ret = self.type_spec(&p.ty.ty)?;
        if self.m.types.is_opaque(ret) {
            self.error(span, "functions cannot return opaque types");
            return None;
        }
        if self.m.types.is_unsized(ret) {
            self.error(span, "functions cannot return unsized arrays");
            return None;
        }
        if name.starts_with("gl_") {
            self.error(
                span,
                format!("identifier `{name}' uses reserved prefix `gl_'"),
            );
            return None;
        }
        let params = self.parameters(p)?;
        let ptypes: Vec<TypeId> = params.iter().map(|p| p.1).collect();
        let sig: Vec<(TypeId, ParamDir)> = params.iter().map(|p| (p.1, p.2)).collect();
        if sub.first().is_some_and(|l| l.is_empty()) {
            self.declare_subroutine_type(&name, ret, sig, defining, span);
            return None;
        }
        if let Some(types) = &sub_types
            && !self.check_subroutine_function(&name, types, ret, &sig, defining, span)
        {
            return None;
        }
        if sub_types.is_none() && self.is_subroutine_function(&name) {
            self.error(
                span,
                format!("subroutine function `{name}' cannot be overloaded or redeclared"),
            );
            return None;
        }
        if name == "main" && (!params.is_empty() || !matches!(self.m.types.get(ret), Type::Void)) {
            self.error(span, "main() must be declared `void main()'");
            return None;
        }
        // User code cannot redefine a built-in signature (GLSL 4.60 §8), nor, in GLSL
        // ES, overload a built-in function (GLSL ES 3.00 §6.1). Only the built-ins the
        // shader's version and extensions have count: a later version's may be
        // defined.
        if let Some(ovs) = crate::ir::builtins::overloads(&name) {
            let available: Vec<_> = ovs.iter().filter(|o| self.builtin_available(o)).collect();
            let same = available.iter().any(|o| {
                o.params.len() == ptypes.len()
                    && o.params
                        .iter()
                        .zip(&ptypes)
                        .all(|((t, _), p)| self.ty_matches(*t, *p))
            });
            if same {
                self.error(
                    span,
                    format!("built-in function `{name}' cannot be redefined"),
                );
                return None;
            }
            if self.es && !available.is_empty() {
                self.error(
                    span,
                    format!("built-in function `{name}' cannot be overloaded in GLSL ES (GLSL ES 3.00 §6.1)"),
                );
                return None;
            }
        }
        if self.block_names.contains(&name) {
            self.error(span, format!("`{name}' is already the name of a block"));
            return None;
        }
        if let Some(
            Symbol::Global(_)
            | Symbol::Local(_)
            | Symbol::Const(..)
            | Symbol::BlockMember(..)
            | Symbol::Struct(_),
        ) = self.scopes[0].get(&name)
        {
            self.error(
                span,
                format!("`{name}' is already declared as a variable or type"),
            );
            return None;
        }
        let existing = self.functions.get(&name).cloned().unwrap_or_default();
        for fid in existing {
            let f = &self.m.functions[fid.0 as usize];
            let same_params = f.params == ptypes.len()
                && f.locals[..f.params]
                    .iter()
                    .zip(&ptypes)
                    .all(|(l, t)| l.ty == *t);
            if !same_params {
                continue;
            }
            let dirs_match = f.locals[..f.params]
                .iter()
                .zip(&params)
                .all(|(l, p)| l.param == Some(p.2) && l.constant == p.3);
            if f.ret != ret {
                self.error(
                    span,
                    format!("function `{name}' redeclared with a different return type"),
                );
                return None;
            }
            if !dirs_match {
                self.error(
                    span,
                    format!("function `{name}' redeclared with different parameter qualifiers"),
                );
                return None;
            }
            if defining && f.defined {
                self.error(span, format!("function `{name}' is defined twice"));
                return None;
            }
            return Some((fid, params));
        }
        let fid = FunctionId(self.m.functions.len() as u32);
        let locals = params
            .iter()
            .enumerate()
            .map(|(i, (n, t, d, c, m, s))| Local {
                name: n.clone().unwrap_or_else(|| format!("__param{i}")),
                ty: *t,
                param: Some(*d),
                constant: *c,
                memory: *m,
                span: *s,
            })
            .collect();
        self.m.functions.push(Function {
            name: name.clone(),
            ret,
            params: params.len(),
            locals,
            exprs: Vec::new(),
            body: Vec::new(),
            defined: false,
            span,
        });
        self.functions.entry(name).or_default().push(fid);
        if let Some(types) = sub_types {
            self.add_subroutine_function(fid, types, sub_index);
        }
        Some((fid, params))
    }

    pub(super) fn function_definition(&mut self, def: &ast::FunctionDefinition) {
        let Some((fid, params)) = self.function_prototype(&def.prototype, true) else {
            return;
        };
        let span = self.span_of(def);
        let template = &self.m.functions[fid.0 as usize];
        self.cur = Some(FnCtx {
            func: Function {
                name: template.name.clone(),
                ret: template.ret,
                params: template.params,
                locals: template.locals.clone(),
                exprs: Vec::new(),
                body: Vec::new(),
                defined: true,
                span,
            },
            id: Some(fid),
            loops: 0,
            switches: 0,
            stack: Vec::new(),
        });
        self.push_scope();
        for (i, (name, ..)) in params.iter().enumerate() {
            if let Some(n) = name {
                let s = params[i].5;
                self.declare(n, Symbol::Local(LocalId(i as u32)), s);
            }
        }
        // The body's top level shares the parameters' scope (GLSL 4.60 §4.2.2).
        let body = self.compound_no_scope(&def.statement);
        self.pop_scope();
        let mut ctx = self.cur.take().expect("function context");
        ctx.func.body = body;
        self.check_writeonly_reads(&ctx.func);
        // Calls become statements of their own (the IR the front end gives).
        let functions = &self.m.functions;
        let dirs = |f: FunctionId| -> Vec<ParamDir> {
            functions
                .get(f.0 as usize)
                .map(|f| f.param_types().map(|(_, d)| d).collect())
                .unwrap_or_default()
        };
        crate::ir::calls::hoist(&mut ctx.func, &mut self.m.types, &dirs);
        self.m.functions[fid.0 as usize] = ctx.func;
    }
}

/// A parameter of a prototype: (name, type, direction, constant, memory, position).
pub type Param = (
    Option<String>,
    TypeId,
    ParamDir,
    bool,
    MemoryQualifiers,
    Span,
);
