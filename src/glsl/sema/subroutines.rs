//! Subroutines (GLSL 4.60 §6.1.2, GL_ARB_shader_subroutine): subroutine types,
//! functions declared with `subroutine(T, ...)`, `subroutine uniform T u` and calls
//! through them. A call `u(args)` (or `u[i](args)`) is a call of T's dispatcher, a
//! function written here once the shader is checked: it takes the selection (a position
//! in T's candidates, the functions of type T this shader defines) and the call's
//! arguments, and calls the selected candidate (the first for a selection out of range).
//! The selection lives in a hidden default-block `uint` (array) the API fills before a
//! dispatch; see ir::Subroutines.

use glsl_lang::ast;

use super::{Checker, Symbol};
use crate::glsl::sema::qualifiers::{Qualifiers, StorageQ};
use crate::ir::*;

/// The hidden selection variable's name: `gl_` keeps it out of the uniform list and away
/// from every name a shader may declare.
pub fn selection_name(name: &str) -> String {
    format!("gl_Subroutine.{name}")
}

impl Checker<'_> {
    /// GLSL 4.00, or GL_ARB_shader_subroutine.
    pub(super) fn subroutines_enabled(&mut self, span: Span) -> bool {
        if self.version >= 400 || self.ext("GL_ARB_shader_subroutine") {
            return true;
        }
        self.error(
            span,
            "subroutines need GLSL 4.00 or GL_ARB_shader_subroutine",
        );
        false
    }

    fn subroutine_type(&self, name: &str) -> Option<u32> {
        self.m
            .subroutines
            .types
            .iter()
            .position(|t| t.name == name)
            .map(|i| i as u32)
    }

    /// `subroutine RET NAME(PARAMS);`: declares subroutine type NAME.
    pub(super) fn declare_subroutine_type(
        &mut self,
        name: &str,
        ret: TypeId,
        params: Vec<(TypeId, ParamDir)>,
        defining: bool,
        span: Span,
    ) {
        if defining {
            self.error(
                span,
                "a subroutine type declaration has no body (a function of the type is declared `subroutine(TYPE)')",
            );
            return;
        }
        if self.subroutine_type(name).is_some() || self.functions.contains_key(name) {
            self.error(span, format!("`{name}' is already declared"));
            return;
        }
        self.m.subroutines.types.push(SubroutineType {
            name: name.to_string(),
            ret,
            params,
            dispatcher: None,
            candidates: Vec::new(),
            owner: 0,
        });
    }

    /// Checks a `subroutine(T, ...)` function against its types before it is declared;
    /// false on an error.
    pub(super) fn check_subroutine_function(
        &mut self,
        name: &str,
        types: &[String],
        ret: TypeId,
        params: &[(TypeId, ParamDir)],
        defining: bool,
        span: Span,
    ) -> bool {
        if !defining {
            self.error(
                span,
                format!("subroutine function `{name}' must be defined where it is declared"),
            );
            return false;
        }
        // GLSL 4.60 §6.1.2: subroutine functions cannot be overloaded.
        if self.functions.contains_key(name) {
            self.error(
                span,
                format!("subroutine function `{name}' cannot be overloaded or redeclared"),
            );
            return false;
        }
        for t in types {
            let Some(ti) = self.subroutine_type(t) else {
                self.error(span, format!("`{t}' is not a subroutine type"));
                return false;
            };
            let st = &self.m.subroutines.types[ti as usize];
            if st.ret != ret || st.params != params {
                self.error(
                    span,
                    format!("function `{name}' does not match subroutine type `{t}''s return and parameter types"),
                );
                return false;
            }
        }
        true
    }

    /// Records a checked subroutine function.
    pub(super) fn add_subroutine_function(
        &mut self,
        fid: FunctionId,
        types: Vec<String>,
        index: Option<u32>,
    ) {
        for t in &types {
            if let Some(ti) = self.subroutine_type(t) {
                self.m.subroutines.types[ti as usize].candidates.push(fid);
            }
        }
        self.m.subroutines.functions.push(SubroutineFunction {
            func: fid,
            types,
            index,
            owner: 0,
        });
    }

    /// Whether a function named `name` is a subroutine function (which has no overloads).
    pub(super) fn is_subroutine_function(&self, name: &str) -> bool {
        self.m
            .subroutines
            .functions
            .iter()
            .any(|f| self.m.functions[f.func.0 as usize].name == name)
    }

    /// `subroutine uniform T u, v[2];`.
    pub(super) fn subroutine_uniforms(
        &mut self,
        list: &ast::InitDeclaratorList,
        q: &Qualifiers,
        global: bool,
    ) {
        let span = q.span;
        if !self.subroutines_enabled(span) {
            return;
        }
        let others = q
            .storage
            .iter()
            .filter(|(s, _)| !matches!(s, StorageQ::Uniform | StorageQ::Other("subroutine")))
            .count();
        if !global
            || !q.has(StorageQ::Uniform)
            || others > 0
            || q.subroutine.len() != 1
            || !q.subroutine[0].is_empty()
        {
            self.error(
                span,
                "`subroutine' qualifies functions (`subroutine(TYPE)'), subroutine types and uniforms of a subroutine type (`subroutine uniform TYPE name')",
            );
            return;
        }
        let head = &list.head;
        let tname = match &head.ty.ty.ty.content {
            ast::TypeSpecifierNonArrayData::TypeName(n) => n.0.to_string(),
            _ => String::new(),
        };
        let Some(ti) = self.subroutine_type(&tname) else {
            self.error(span, "a subroutine uniform's type is a subroutine type");
            return;
        };
        let mut location = None;
        for l in &q.layout {
            if l.name == "location"
                && (self.version >= 430 || self.ext("GL_ARB_explicit_uniform_location"))
            {
                match l.value {
                    Some(v)
                        if (0..crate::limits::MAX_SUBROUTINE_UNIFORM_LOCATIONS as i64)
                            .contains(&v) =>
                    {
                        location = Some(v as u32)
                    }
                    _ => self.error(
                        l.span,
                        "the location is not below GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS",
                    ),
                }
            } else {
                self.error(
                    l.span,
                    format!(
                        "layout qualifier `{}' does not apply to subroutine uniforms",
                        l.name
                    ),
                );
            }
        }
        let uint = self.m.types.scalar(Scalar::Uint);
        let mut decls = Vec::new();
        if let Some(n) = &head.name {
            decls.push((n, head.array_specifier.as_ref(), head.initializer.is_some()));
        }
        for t in &list.tail {
            decls.push((
                &t.ident.ident,
                t.ident.array_spec.as_ref(),
                t.initializer.is_some(),
            ));
        }
        if head.ty.ty.array_specifier.is_some() {
            self.error(
                span,
                "declare an array of subroutine uniforms with the size after its name",
            );
            return;
        }
        for (ident, arr, init) in decls {
            let name = ident.0.to_string();
            let dspan = self.span_of(ident);
            if init {
                self.error(dspan, "subroutine uniforms have no initializers");
                continue;
            }
            let Some(ty) = self.apply_array(uint, arr, false) else {
                continue;
            };
            let array = match self.m.types.get(ty) {
                Type::Array(e, Some(n)) if *e == uint => Some(*n),
                Type::Scalar(_) => None,
                _ => {
                    self.error(
                        dspan,
                        "an array of subroutine uniforms has one dimension and a size",
                    );
                    continue;
                }
            };
            let gid = GlobalId(self.m.globals.len() as u32);
            self.m.globals.push(Global {
                name: selection_name(&name),
                ty,
                storage: Storage::Uniform,
                binding: None,
                location: None,
                offset: None,
                format: None,
                memory: MemoryQualifiers::default(),
                init: None,
                span: dspan,
                used: false,
                io: None,
            });
            if !self.declare(&name, Symbol::Global(gid), dspan) {
                continue;
            }
            self.m.subroutines.uniforms.push(SubroutineUniform {
                name,
                global: gid,
                ty: ti,
                array,
                location,
                owner: 0,
            });
        }
    }

    /// The subroutine uniform a global is the selection of.
    pub(super) fn subroutine_uniform_of(&self, g: GlobalId) -> Option<usize> {
        self.m
            .subroutines
            .uniforms
            .iter()
            .position(|u| u.global == g)
    }

    /// `u(args)` or `u[index](args)` for subroutine uniform `u` (its position).
    pub(super) fn subroutine_call(
        &mut self,
        u: usize,
        index: Option<&ast::Expr>,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<ExprId> {
        let su = self.m.subroutines.uniforms[u].clone();
        let uint = self.m.types.scalar(Scalar::Uint);
        let gty = self.m.global(su.global).ty;
        let mut sel = self.add(ExprKind::Global(su.global), gty, span);
        match (index, su.array) {
            (Some(i), Some(_)) => {
                let iv = self.expr(i)?;
                if !matches!(
                    self.m.types.get(self.ty(iv)),
                    Type::Scalar(Scalar::Int | Scalar::Uint)
                ) {
                    self.error(span, "an array index is a scalar int or uint");
                    return None;
                }
                sel = self.add(
                    ExprKind::Index {
                        base: sel,
                        index: iv,
                    },
                    uint,
                    span,
                );
            }
            (None, None) => {}
            (Some(_), None) => {
                self.error(
                    span,
                    format!("subroutine uniform `{}' is not an array", su.name),
                );
                return None;
            }
            (None, Some(_)) => {
                self.error(
                    span,
                    format!(
                        "call an element of the subroutine uniform array `{}'",
                        su.name
                    ),
                );
                return None;
            }
        }
        if self.cur.is_some() {
            self.m.globals[su.global.0 as usize].used = true;
        }
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.expr(a)?);
        }
        let t = self.m.subroutines.types[su.ty as usize].clone();
        let arg_types: Vec<TypeId> = vals.iter().map(|&v| self.ty(v)).collect();
        if vals.len() != t.params.len()
            || self
                .match_args(
                    &arg_types,
                    t.params.iter().map(|&(ty, d)| (Some(ty), None, d)),
                )
                .is_none()
        {
            let shown: Vec<String> = arg_types.iter().map(|&a| self.tname(a)).collect();
            self.error(
                span,
                format!(
                    "no matching call of subroutine uniform `{}' (type `{}') with ({})",
                    su.name,
                    t.name,
                    shown.join(", ")
                ),
            );
            return None;
        }
        let mut final_args = vec![sel];
        for (v, &(pt, dir)) in vals.into_iter().zip(&t.params) {
            if dir == ParamDir::In {
                final_args.push(self.convert(v, pt)?);
            } else {
                if !self.check_lvalue(v, "out or inout argument of a subroutine") {
                    return None;
                }
                final_args.push(v);
            }
        }
        let dispatcher = match t.dispatcher {
            Some(d) => d,
            None => {
                let fid = FunctionId(self.m.functions.len() as u32);
                let mut locals = vec![Local {
                    name: "__selection".into(),
                    ty: uint,
                    param: Some(ParamDir::In),
                    constant: false,
                    memory: MemoryQualifiers::default(),
                    span,
                }];
                for (i, &(ty, d)) in t.params.iter().enumerate() {
                    locals.push(Local {
                        name: format!("__param{i}"),
                        ty,
                        param: Some(d),
                        constant: false,
                        memory: MemoryQualifiers::default(),
                        span,
                    });
                }
                self.m.functions.push(Function {
                    name: format!("__subroutine_{}", t.name),
                    ret: t.ret,
                    params: locals.len(),
                    locals,
                    exprs: Vec::new(),
                    body: Vec::new(),
                    defined: false,
                    span,
                });
                self.m.subroutines.types[su.ty as usize].dispatcher = Some(fid);
                fid
            }
        };
        if let Some(caller) = self.fr().id {
            self.calls.entry(caller.0).or_default().insert(dispatcher.0);
        }
        Some(self.add(
            ExprKind::Call {
                func: dispatcher,
                args: final_args,
            },
            t.ret,
            span,
        ))
    }

    /// Writes the dispatchers' bodies, once every function of the shader is known.
    pub(super) fn finish_subroutines(&mut self) {
        let void = self.m.types.void();
        for ti in 0..self.m.subroutines.types.len() {
            let t = self.m.subroutines.types[ti].clone();
            let Some(d) = t.dispatcher else { continue };
            if t.candidates.is_empty() {
                let span = self.m.functions[d.0 as usize].span;
                self.error(
                    span,
                    format!("no function of subroutine type `{}' is defined in this shader (glcompute needs the functions of a subroutine type in the shader that calls through it)", t.name),
                );
                continue;
            }
            let mut f = self.m.functions[d.0 as usize].clone();
            let span = f.span;
            let push = |f: &mut Function, kind: ExprKind, ty: TypeId| {
                f.exprs.push(Expr { kind, ty, span });
                ExprId(f.exprs.len() as u32 - 1)
            };
            let boolean = self.m.types.scalar(Scalar::Bool);
            let uint = self.m.types.scalar(Scalar::Uint);
            let mut body = Vec::new();
            // Candidate k when the selection is k (k > 0); candidate 0 otherwise.
            for (k, &cand) in t.candidates.iter().enumerate().rev() {
                let mut args = Vec::new();
                for (i, &(ty, _)) in t.params.iter().enumerate() {
                    args.push(push(&mut f, ExprKind::Local(LocalId(i as u32 + 1)), ty));
                }
                let call = push(&mut f, ExprKind::Call { func: cand, args }, t.ret);
                let ret = if t.ret == void {
                    vec![
                        Stmt {
                            kind: StmtKind::Expr(call),
                            span,
                        },
                        Stmt {
                            kind: StmtKind::Return(None),
                            span,
                        },
                    ]
                } else {
                    vec![Stmt {
                        kind: StmtKind::Return(Some(call)),
                        span,
                    }]
                };
                self.calls.entry(d.0).or_default().insert(cand.0);
                if k == 0 {
                    body.extend(ret);
                } else {
                    let s = push(&mut f, ExprKind::Local(LocalId(0)), uint);
                    let kv = push(&mut f, ExprKind::Literal(Literal::Uint(k as u32)), uint);
                    let cond = push(
                        &mut f,
                        ExprKind::Binary {
                            op: BinaryOp::Equal,
                            lhs: s,
                            rhs: kv,
                        },
                        boolean,
                    );
                    body.insert(
                        0,
                        Stmt {
                            kind: StmtKind::If {
                                cond,
                                accept: ret,
                                reject: Vec::new(),
                            },
                            span,
                        },
                    );
                }
            }
            f.body = body;
            f.defined = true;
            let functions = &self.m.functions;
            let dirs = |g: FunctionId| -> Vec<ParamDir> {
                functions
                    .get(g.0 as usize)
                    .map(|g| g.param_types().map(|(_, d)| d).collect())
                    .unwrap_or_default()
            };
            crate::ir::calls::hoist(&mut f, &mut self.m.types, &dirs);
            self.m.functions[d.0 as usize] = f;
        }
    }
}
