//! Expressions (GLSL 4.60 chapter 5): names and built-in variables, operators with
//! their type rules and implicit conversions, l-values, indexing and swizzles,
//! constructors, `length()`, and calls with overload resolution (GLSL 4.60 §6.1).

use glsl_lang::ast;

use super::{Checker, Symbol, compat, stages};
use crate::glsl::sema::qualifiers::Conversion;
use crate::ir::builtins::{self, Overload, Ty};
use crate::ir::shader::Stage;
use crate::ir::*;
use crate::limits;

/// A callee chosen by overload resolution.
enum Callee {
    User(FunctionId),
    Builtin(&'static Overload),
}

impl Checker<'_> {
    /// Type of a built-in signature type in this module's table.
    pub(super) fn ty_of(&mut self, t: Ty) -> TypeId {
        match t {
            Ty::Void => self.m.types.void(),
            Ty::Vec(s, n) => self.m.types.vector(s, n),
            Ty::Mat(s, c, r) => self.m.types.matrix(s, c, r),
            Ty::Image(o) => self.m.types.intern(Type::Image(o)),
            Ty::Sampler(o) => self.m.types.intern(Type::Sampler(o)),
            Ty::AtomicUint => self.m.types.intern(Type::AtomicUint),
        }
    }

    pub(super) fn ty_matches(&self, t: Ty, id: TypeId) -> bool {
        t.is(&self.m.types, id)
    }

    fn literal(&mut self, l: Literal, span: Span) -> ExprId {
        let ty = self.m.types.scalar(l.scalar());
        self.add(ExprKind::Literal(l), ty, span)
    }

    fn constant(&mut self, v: ConstValue, ty: TypeId, span: Span) -> ExprId {
        match v {
            ConstValue::Scalar(l) => self.literal(l, span),
            c => self.add(ExprKind::Constant(c), ty, span),
        }
    }

    fn mark_used(&mut self, g: GlobalId) {
        if self.cur.is_some() {
            self.m.globals[g.0 as usize].used = true;
        }
    }

    pub(super) fn expr(&mut self, e: &ast::Expr) -> Option<ExprId> {
        if !self.enter(self.span_of(e)) {
            return None;
        }
        let r = self.expr_nested(e);
        self.depth -= 1;
        r
    }

    /// Counts one level of nesting; false (with one error) past the limit, which keeps
    /// every recursive pass of the compiler within its stack.
    pub(super) fn enter(&mut self, span: Span) -> bool {
        if self.depth >= crate::limits::MAX_NESTING {
            if !self.too_deep {
                self.too_deep = true;
                self.error(
                    span,
                    format!(
                        "expressions and statements are nested more than {} levels deep",
                        crate::limits::MAX_NESTING
                    ),
                );
            }
            return false;
        }
        self.depth += 1;
        true
    }

    fn expr_nested(&mut self, e: &ast::Expr) -> Option<ExprId> {
        let span = self.span_of(e);
        use ast::ExprData as E;
        match &e.content {
            E::Variable(name) => self.variable(name.0.as_str(), span),
            E::IntConst(i) => Some(self.literal(Literal::Int(*i), span)),
            E::UIntConst(u) => Some(self.literal(Literal::Uint(*u), span)),
            E::BoolConst(b) => Some(self.literal(Literal::Bool(*b), span)),
            E::FloatConst(f) => Some(self.literal(Literal::Float(*f), span)),
            E::DoubleConst(d) => {
                if self.version < 400 && !self.ext("GL_ARB_gpu_shader_fp64") {
                    self.error(
                        span,
                        "double-precision literals require GLSL 4.00 or GL_ARB_gpu_shader_fp64",
                    );
                }
                Some(self.literal(Literal::Double(*d), span))
            }
            E::Unary(op, a) => self.unary(&op.content, a, span),
            E::Binary(op, a, b) => {
                let l = self.expr(a);
                let r = self.expr(b);
                self.binary(binop(&op.content), l?, r?, span)
            }
            E::Ternary(c, a, b) => self.ternary(c, a, b, span),
            E::Assignment(l, op, r) => self.assignment(l, &op.content, r, span),
            E::Bracket(base, index) => {
                let b = self.expr(base);
                let i = self.expr(index);
                self.index(b?, i?, span)
            }
            E::FunCall(fun, args) => self.call(fun, args, span),
            E::Dot(base, field) => {
                let b = self.expr(base)?;
                self.dot(b, field.0.as_str(), span)
            }
            E::PostInc(a) => self.inc_dec(a, true, true, span),
            E::PostDec(a) => self.inc_dec(a, false, true, span),
            E::Comma(a, b) => {
                let first = self.expr(a);
                let second = self.expr(b)?;
                let ty = self.ty(second);
                Some(self.add(
                    ExprKind::Sequence {
                        first: first?,
                        second,
                    },
                    ty,
                    span,
                ))
            }
        }
    }

    fn variable(&mut self, name: &str, span: Span) -> Option<ExprId> {
        if let Some(lit) = self.int64.get(name).cloned() {
            if !self.ext("GL_ARB_gpu_shader_int64") {
                self.error(
                    span,
                    "64-bit integer literals require GL_ARB_gpu_shader_int64",
                );
                return None;
            }
            return match lit {
                Ok(l) => Some(self.literal(l, span)),
                Err(e) => {
                    self.error(span, e);
                    None
                }
            };
        }
        if let Some(sym) = self.lookup(name).cloned() {
            return Some(match sym {
                Symbol::Global(g) if self.subroutine_uniform_of(g).is_some() => {
                    self.error(
                        span,
                        format!("subroutine uniform `{name}' can only be called"),
                    );
                    return None;
                }
                Symbol::Global(g) => {
                    self.mark_used(g);
                    let ty = self.m.global(g).ty;
                    self.add(ExprKind::Global(g), ty, span)
                }
                Symbol::Local(l) => {
                    let ty = self.func().locals[l.0 as usize].ty;
                    self.add(ExprKind::Local(l), ty, span)
                }
                Symbol::Const(v, ty) => self.constant(v, ty, span),
                Symbol::BlockMember(g, i) => {
                    self.mark_used(g);
                    let gty = self.m.global(g).ty;
                    let base = self.add(ExprKind::Global(g), gty, span);
                    let Type::Struct(s) = self.m.types.get(gty).clone() else {
                        return None;
                    };
                    let mty = self.m.types.struct_def(s).members[i as usize].ty;
                    self.add(ExprKind::Field { base, field: i }, mty, span)
                }
                Symbol::Struct(_) => {
                    self.error(span, format!("`{name}' is a type, not a variable"));
                    return None;
                }
            });
        }
        if name.starts_with("gl_") {
            return self.builtin_variable(name, span);
        }
        self.error(span, format!("`{name}' undeclared"));
        None
    }

    fn builtin_variable(&mut self, name: &str, span: Span) -> Option<ExprId> {
        if self.stage != Stage::Compute {
            if let Some(e) = self.stage_builtin_variable(name, span) {
                return Some(e);
            }
            if matches!(
                name,
                "gl_NumWorkGroups"
                    | "gl_WorkGroupID"
                    | "gl_LocalInvocationID"
                    | "gl_GlobalInvocationID"
                    | "gl_LocalInvocationIndex"
                    | "gl_LocalGroupSizeARB"
                    | "gl_WorkGroupSize"
            ) {
                self.error(
                    span,
                    format!(
                        "`{name}' is only available in compute shaders; this is a {} shader",
                        self.stage.name()
                    ),
                );
                return None;
            }
        }
        let compat = self.compatibility() && self.stage != Stage::Compute;
        if let Some(&(_, v)) = stages::GRAPHICS_CONSTANTS
            .iter()
            .chain(compat::COMPAT_CONSTANTS.iter().filter(|_| compat))
            .find(|c| c.0 == name)
        {
            let ty = self.m.types.scalar(Scalar::Int);
            return Some(self.constant(ConstValue::Scalar(Literal::Int(v)), ty, span));
        }
        let uvec3 = self.m.types.vector(Scalar::Uint, 3);
        let uint = self.m.types.scalar(Scalar::Uint);
        let var = |c: &mut Self, b: BuiltinVar, ty| Some(c.add(ExprKind::BuiltinVar(b), ty, span));
        match name {
            "gl_NumWorkGroups" => var(self, BuiltinVar::NumWorkGroups, uvec3),
            "gl_WorkGroupID" => var(self, BuiltinVar::WorkGroupId, uvec3),
            "gl_LocalInvocationID" => var(self, BuiltinVar::LocalInvocationId, uvec3),
            "gl_GlobalInvocationID" => var(self, BuiltinVar::GlobalInvocationId, uvec3),
            "gl_LocalInvocationIndex" => var(self, BuiltinVar::LocalInvocationIndex, uint),
            "gl_LocalGroupSizeARB" => {
                if !self.ext("GL_ARB_compute_variable_group_size") {
                    self.error(
                        span,
                        "gl_LocalGroupSizeARB requires GL_ARB_compute_variable_group_size",
                    );
                    return None;
                }
                var(self, BuiltinVar::LocalGroupSize, uvec3)
            }
            "gl_WorkGroupSize" => match self.m.local_size {
                // A compile-time constant, usable in constant expressions.
                Some(LocalSize::Fixed(s)) => {
                    let parts = s
                        .iter()
                        .map(|&v| ConstValue::Scalar(Literal::Uint(v)))
                        .collect();
                    Some(self.add(
                        ExprKind::Constant(ConstValue::Composite(uvec3, parts)),
                        uvec3,
                        span,
                    ))
                }
                Some(LocalSize::Variable) => {
                    self.error(span, "gl_WorkGroupSize cannot be used in a shader with a variable local size (use gl_LocalGroupSizeARB)");
                    None
                }
                None => {
                    self.error(
                        span,
                        "gl_WorkGroupSize used before the shader declares its local size",
                    );
                    None
                }
            },
            _ => {
                let ivec3 = self.m.types.vector(Scalar::Int, 3);
                let count = limits::MAX_COMPUTE_WORK_GROUP_COUNT;
                let size = limits::MAX_COMPUTE_WORK_GROUP_SIZE;
                let vec3 = |v: [i32; 3]| {
                    ConstValue::Composite(
                        ivec3,
                        v.iter()
                            .map(|&x| ConstValue::Scalar(Literal::Int(x)))
                            .collect(),
                    )
                };
                let int = |v: i32| ConstValue::Scalar(Literal::Int(v));
                let (v, ty) = match name {
                    "gl_MaxComputeWorkGroupCount" => (vec3(count), ivec3),
                    "gl_MaxComputeWorkGroupSize" => (vec3(size), ivec3),
                    _ => {
                        let v = match name {
                            "gl_MaxComputeUniformComponents" => {
                                limits::MAX_COMPUTE_UNIFORM_COMPONENTS
                            }
                            "gl_MaxComputeTextureImageUnits" => {
                                limits::MAX_COMPUTE_TEXTURE_IMAGE_UNITS
                            }
                            "gl_MaxComputeImageUniforms" => limits::MAX_COMPUTE_IMAGE_UNIFORMS,
                            "gl_MaxComputeAtomicCounters" => limits::MAX_COMPUTE_ATOMIC_COUNTERS,
                            "gl_MaxComputeAtomicCounterBuffers" => {
                                limits::MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS
                            }
                            "gl_MaxImageUnits" => limits::MAX_IMAGE_UNITS,
                            "gl_MaxCombinedImageUniforms" => limits::MAX_COMBINED_IMAGE_UNIFORMS,
                            "gl_MaxCombinedShaderOutputResources" => {
                                limits::MAX_COMBINED_SHADER_OUTPUT_RESOURCES
                            }
                            "gl_MaxImageSamples" => 0,
                            "gl_MaxAtomicCounterBindings" => {
                                limits::MAX_ATOMIC_COUNTER_BUFFER_BINDINGS
                            }
                            "gl_MaxAtomicCounterBufferSize" => {
                                limits::MAX_ATOMIC_COUNTER_BUFFER_SIZE
                            }
                            "gl_MaxCombinedAtomicCounters" => limits::MAX_COMBINED_ATOMIC_COUNTERS,
                            "gl_MaxCombinedAtomicCounterBuffers" => {
                                limits::MAX_COMBINED_ATOMIC_COUNTER_BUFFERS
                            }
                            "gl_MaxTextureImageUnits" => limits::MAX_COMPUTE_TEXTURE_IMAGE_UNITS,
                            "gl_MaxCombinedTextureImageUnits" => {
                                limits::MAX_COMBINED_TEXTURE_IMAGE_UNITS
                            }
                            _ => {
                                self.error(
                                    span,
                                    format!(
                                        "`{name}' is not a built-in variable of {} shaders",
                                        self.stage.name()
                                    ),
                                );
                                return None;
                            }
                        };
                        let ty = self.m.types.scalar(Scalar::Int);
                        (int(v), ty)
                    }
                };
                Some(self.constant(v, ty, span))
            }
        }
    }

    // ---- l-values --------------------------------------------------------------

    /// GLSL 4.60 §5.8: checks that `e` can be written; reports why not.
    pub(super) fn check_lvalue(&mut self, e: ExprId, what: &str) -> bool {
        let span = self.espan(e);
        let mut cur = e;
        let mut readonly_member = false;
        loop {
            match self.kind(cur).clone() {
                ExprKind::Index { base, .. } => cur = base,
                ExprKind::Field { base, field } => {
                    if let Type::Struct(s) = self.m.types.get(self.ty(base)).clone()
                        && self.m.types.struct_def(s).members[field as usize]
                            .memory
                            .readonly
                    {
                        readonly_member = true;
                    }
                    cur = base;
                }
                ExprKind::Swizzle { base, comps } => {
                    let mut seen = [false; 4];
                    for c in comps {
                        if seen[c as usize] {
                            self.error(
                                span,
                                format!(
                                    "{what}: a swizzle with repeated components is not an l-value"
                                ),
                            );
                            return false;
                        }
                        seen[c as usize] = true;
                    }
                    cur = base;
                }
                ExprKind::Local(l) => {
                    let local = &self.func().locals[l.0 as usize];
                    if local.constant {
                        let n = local.name.clone();
                        self.error(span, format!("{what}: `{n}' is read-only"));
                        return false;
                    }
                    return true;
                }
                ExprKind::Global(g) => {
                    let glob = self.m.global(g).clone();
                    let ok = match glob.storage {
                        Storage::Private | Storage::Shared | Storage::Output => true,
                        Storage::Buffer(b) => !(readonly_member || self.m.block(b).memory.readonly),
                        _ => false,
                    };
                    if !ok {
                        let kind = match glob.storage {
                            Storage::Uniform | Storage::UniformBlock(_) => "a uniform",
                            Storage::Buffer(_) => "a readonly buffer variable",
                            Storage::Input => "a shader input",
                            _ => "read-only",
                        };
                        self.error(
                            span,
                            format!("{what}: `{}' is {kind} and cannot be written", glob.name),
                        );
                    }
                    return ok;
                }
                ExprKind::BuiltinVar(b) => {
                    self.error(
                        span,
                        format!("{what}: built-in input `{}' cannot be written", b.name()),
                    );
                    return false;
                }
                _ => {
                    self.error(span, format!("{what}: the expression is not an l-value"));
                    return false;
                }
            }
        }
    }

    /// GLSL 4.60 §4.10: a `writeonly` buffer variable (a member, or every member of a
    /// writeonly block) cannot be read: every use of its value is an error, while the
    /// target of `=` and `.length()` are not reads.
    pub(super) fn check_writeonly_reads(&mut self, f: &Function) {
        let mut bad = Vec::new();
        fn stmts(m: &Module, f: &Function, b: &[Stmt], bad: &mut Vec<(Span, String)>) {
            for s in b {
                match &s.kind {
                    StmtKind::Expr(e) => visit(m, f, *e, true, bad),
                    StmtKind::Declare { init: Some(e), .. } => visit(m, f, *e, true, bad),
                    StmtKind::Block(b) => stmts(m, f, b, bad),
                    StmtKind::If {
                        cond,
                        accept,
                        reject,
                    } => {
                        visit(m, f, *cond, true, bad);
                        stmts(m, f, accept, bad);
                        stmts(m, f, reject, bad);
                    }
                    StmtKind::Loop {
                        cond, body, step, ..
                    } => {
                        if let Some(e) = cond {
                            visit(m, f, *e, true, bad);
                        }
                        stmts(m, f, body, bad);
                        stmts(m, f, step, bad);
                    }
                    StmtKind::Switch { selector, cases } => {
                        visit(m, f, *selector, true, bad);
                        for c in cases {
                            stmts(m, f, &c.body, bad);
                        }
                    }
                    StmtKind::Return(Some(e)) => visit(m, f, *e, true, bad),
                    _ => {}
                }
            }
        }
        /// Walks `e`; `read` says whether its value is used.
        fn visit(m: &Module, f: &Function, e: ExprId, read: bool, bad: &mut Vec<(Span, String)>) {
            let ex = f.expr(e);
            match &ex.kind {
                ExprKind::Assign { place, op, value } => {
                    visit(m, f, *place, op.is_some(), bad);
                    visit(m, f, *value, true, bad);
                }
                ExprKind::ArrayLength(p) => visit(m, f, *p, false, bad),
                ExprKind::Call { func, args } => {
                    let dirs: Vec<ParamDir> =
                        m.function(*func).param_types().map(|(_, d)| d).collect();
                    for (i, a) in args.iter().enumerate() {
                        visit(m, f, *a, dirs.get(i) != Some(&ParamDir::Out), bad);
                    }
                }
                ExprKind::Index { base, index } => {
                    visit(m, f, *index, true, bad);
                    if read {
                        check_place(m, f, e, bad);
                    }
                    visit(m, f, *base, false, bad);
                }
                ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => {
                    if read {
                        check_place(m, f, e, bad);
                    }
                    visit(m, f, *base, false, bad);
                }
                ExprKind::Global(_) => {
                    if read {
                        check_place(m, f, e, bad);
                    }
                }
                _ => {
                    for c in ex.kind.children() {
                        visit(m, f, c, true, bad);
                    }
                }
            }
        }
        /// Reports a read of a place under a writeonly member or block.
        fn check_place(m: &Module, f: &Function, mut e: ExprId, bad: &mut Vec<(Span, String)>) {
            let span = f.expr(e).span;
            loop {
                match &f.expr(e).kind {
                    ExprKind::Field { base, field } => {
                        if let Type::Struct(s) = m.types.get(f.expr(*base).ty)
                            && m.types.struct_def(*s).members[*field as usize]
                                .memory
                                .writeonly
                        {
                            let name = m.types.struct_def(*s).members[*field as usize].name.clone();
                            bad.push((span, name));
                            return;
                        }
                        e = *base;
                    }
                    ExprKind::Index { base, .. } | ExprKind::Swizzle { base, .. } => e = *base,
                    ExprKind::Global(g) => {
                        let glob = m.global(*g);
                        if let Storage::Buffer(b) = glob.storage
                            && m.block(b).memory.writeonly
                        {
                            bad.push((span, glob.name.clone()));
                        }
                        return;
                    }
                    _ => return,
                }
            }
        }
        stmts(&self.m, f, &f.body, &mut bad);
        bad.dedup();
        for (span, name) in bad {
            self.error(span, format!("`{name}' is writeonly and cannot be read"));
        }
    }

    /// The variable at the root of a place expression.
    pub(super) fn root_global(&self, mut e: ExprId) -> Option<GlobalId> {
        loop {
            match self.kind(e) {
                ExprKind::Index { base, .. }
                | ExprKind::Field { base, .. }
                | ExprKind::Swizzle { base, .. } => e = *base,
                ExprKind::Global(g) => return Some(*g),
                _ => return None,
            }
        }
    }

    /// True for expressions made only of variables, constants and constant-free
    /// accesses: they can be evaluated twice without changing anything.
    fn is_pure(&self, e: ExprId) -> bool {
        match self.kind(e) {
            ExprKind::Literal(_)
            | ExprKind::Constant(_)
            | ExprKind::Global(_)
            | ExprKind::Local(_)
            | ExprKind::BuiltinVar(_) => true,
            ExprKind::Index { base, index } => self.is_pure(*base) && self.is_pure(*index),
            ExprKind::Field { base, .. }
            | ExprKind::Swizzle { base, .. }
            | ExprKind::Convert { arg: base, .. }
            | ExprKind::Splat(base) => self.is_pure(*base),
            _ => false,
        }
    }

    /// Copies a pure expression tree (each use of an expression needs its own nodes).
    fn clone_expr(&mut self, e: ExprId) -> ExprId {
        let expr = self.func().expr(e).clone();
        let kind = match expr.kind {
            ExprKind::Index { base, index } => {
                let base = self.clone_expr(base);
                let index = self.clone_expr(index);
                ExprKind::Index { base, index }
            }
            ExprKind::Field { base, field } => ExprKind::Field {
                base: self.clone_expr(base),
                field,
            },
            ExprKind::Swizzle { base, comps } => ExprKind::Swizzle {
                base: self.clone_expr(base),
                comps,
            },
            ExprKind::Convert { arg, to } => ExprKind::Convert {
                arg: self.clone_expr(arg),
                to,
            },
            ExprKind::Splat(a) => ExprKind::Splat(self.clone_expr(a)),
            k => k,
        };
        self.add(kind, expr.ty, expr.span)
    }

    /// `count` uses of `e`'s value: `e` itself if pure (cloned), else a temporary
    /// assigned once. The first returned expression evaluates `e` (the assignment).
    fn reuse(&mut self, e: ExprId, count: usize) -> Vec<ExprId> {
        if count <= 1 {
            return vec![e];
        }
        if self.is_pure(e) {
            let mut v = vec![e];
            for _ in 1..count {
                v.push(self.clone_expr(e));
            }
            return v;
        }
        let ty = self.ty(e);
        let span = self.espan(e);
        let f = &mut self.f().func;
        let l = LocalId(f.locals.len() as u32);
        f.locals.push(Local {
            name: format!("__tmp{}", l.0),
            ty,
            param: None,
            constant: false,
            memory: MemoryQualifiers::default(),
            span,
        });
        let place = self.add(ExprKind::Local(l), ty, span);
        let first = self.add(
            ExprKind::Assign {
                place,
                op: None,
                value: e,
            },
            ty,
            span,
        );
        let mut v = vec![first];
        for _ in 1..count {
            v.push(self.add(ExprKind::Local(l), ty, span));
        }
        v
    }

    // ---- operators -------------------------------------------------------------

    fn numeric_shape(&self, t: TypeId) -> bool {
        matches!(
            self.m.types.get(t),
            Type::Scalar(s) | Type::Vector(s, _) if s.is_numeric()
        ) || matches!(self.m.types.get(t), Type::Matrix { .. })
    }

    /// Converts both operands to their common scalar kind (GLSL 4.60 §4.1.10).
    fn unify_scalars(&mut self, a: ExprId, b: ExprId) -> Option<(ExprId, ExprId)> {
        let (ta, tb) = (self.ty(a), self.ty(b));
        let (sa, sb) = (self.m.types.scalar_of(ta)?, self.m.types.scalar_of(tb)?);
        if sa == sb {
            return Some((a, b));
        }
        let ta2 = self.m.types.with_scalar(ta, sb);
        if self.conversion(ta, ta2).is_some() {
            return Some((self.convert(a, ta2)?, b));
        }
        let tb2 = self.m.types.with_scalar(tb, sa);
        if self.conversion(tb, tb2).is_some() {
            return Some((a, self.convert(b, tb2)?));
        }
        None
    }

    fn splat_to(&mut self, e: ExprId, ty: TypeId) -> ExprId {
        let span = self.espan(e);
        self.add(ExprKind::Splat(e), ty, span)
    }

    /// Types a binary operator; returns the operation as IR.
    pub(super) fn binary(
        &mut self,
        op: BinaryOp,
        a: ExprId,
        b: ExprId,
        span: Span,
    ) -> Option<ExprId> {
        // GLSL 1.20 §5.1: %, the bitwise operators and shifts are reserved before 1.30.
        if self.version < 130
            && matches!(
                op,
                BinaryOp::Mod
                    | BinaryOp::BitAnd
                    | BinaryOp::BitOr
                    | BinaryOp::BitXor
                    | BinaryOp::Shl
                    | BinaryOp::Shr
            )
        {
            self.error(
                span,
                format!(
                    "`{}' is reserved in GLSL {}.{:02}",
                    op.symbol(),
                    self.version / 100,
                    self.version % 100
                ),
            );
            return None;
        }
        let (ta, tb) = (self.ty(a), self.ty(b));
        let mismatch = |c: &mut Self| {
            let (x, y) = (c.tname(ta), c.tname(tb));
            c.error(
                span,
                format!(
                    "operands of `{}' have incompatible types `{x}' and `{y}'",
                    op.symbol()
                ),
            );
            None
        };
        let bool_ty = self.m.types.scalar(Scalar::Bool);
        match op {
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor => {
                if ta != bool_ty || tb != bool_ty {
                    self.error(
                        span,
                        format!("`{}' needs scalar bool operands", op.symbol()),
                    );
                    return None;
                }
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, bool_ty, span))
            }
            BinaryOp::Equal | BinaryOp::NotEqual => {
                let (a, b) = if ta == tb {
                    (a, b)
                } else if let Some(c) = self.convert(a, tb) {
                    (c, b)
                } else if let Some(c) = self.convert(b, ta) {
                    (a, c)
                } else {
                    return mismatch(self);
                };
                let t = self.ty(a);
                if matches!(self.m.types.get(t), Type::Void) || self.m.types.is_opaque(t) {
                    self.error(
                        span,
                        format!(
                            "`{}' cannot compare values of type `{}'",
                            op.symbol(),
                            self.tname(t)
                        ),
                    );
                    return None;
                }
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, bool_ty, span))
            }
            BinaryOp::Less | BinaryOp::LessEqual | BinaryOp::Greater | BinaryOp::GreaterEqual => {
                let scalar =
                    |c: &Self, t| matches!(c.m.types.get(t), Type::Scalar(s) if s.is_numeric());
                if !scalar(self, ta) || !scalar(self, tb) {
                    self.error(span, format!("`{}' needs scalar numeric operands (use lessThan() and friends for vectors)", op.symbol()));
                    return None;
                }
                let Some((a, b)) = self.unify_scalars(a, b) else {
                    return mismatch(self);
                };
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, bool_ty, span))
            }
            BinaryOp::Shl | BinaryOp::Shr => {
                let int_shape = |c: &Self, t| matches!(c.m.types.get(t), Type::Scalar(s) | Type::Vector(s, _) if s.is_integer());
                if !int_shape(self, ta) || !int_shape(self, tb) {
                    self.error(
                        span,
                        format!("`{}' needs integer scalar or vector operands", op.symbol()),
                    );
                    return None;
                }
                let (na, nb) = (self.m.types.vec_size(ta)?, self.m.types.vec_size(tb)?);
                let b = if na > 1 && nb == 1 {
                    let sb = self.m.types.scalar_of(tb)?;
                    let t = self.m.types.vector(sb, na);
                    self.splat_to(b, t)
                } else if na != nb {
                    self.error(
                        span,
                        format!(
                            "shift amount `{}' does not match `{}'",
                            self.tname(tb),
                            self.tname(ta)
                        ),
                    );
                    return None;
                } else {
                    b
                };
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, ta, span))
            }
            _ => {
                if !self.numeric_shape(ta) || !self.numeric_shape(tb) {
                    self.error(
                        span,
                        format!(
                            "`{}' needs numeric operands, not `{}' and `{}'",
                            op.symbol(),
                            self.tname(ta),
                            self.tname(tb)
                        ),
                    );
                    return None;
                }
                let Some((a, b)) = self.unify_scalars(a, b) else {
                    return mismatch(self);
                };
                let (ta, tb) = (self.ty(a), self.ty(b));
                let s = self.m.types.scalar_of(ta)?;
                let integer_op = matches!(
                    op,
                    BinaryOp::Mod | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor
                );
                if integer_op && !s.is_integer() {
                    self.error(span, format!("`{}' needs integer operands", op.symbol()));
                    return None;
                }
                let (x, y) = (self.m.types.get(ta).clone(), self.m.types.get(tb).clone());
                use Type::*;
                let (a, b, ty, op) = match (&x, &y) {
                    _ if ta == tb && !(op == BinaryOp::Mul && matches!(x, Matrix { .. })) => {
                        (a, b, ta, op)
                    }
                    (Scalar(_), Vector(..) | Matrix { .. })
                        if !(integer_op && matches!(y, Matrix { .. })) =>
                    {
                        (self.splat_to(a, tb), b, tb, op)
                    }
                    (Vector(..) | Matrix { .. }, Scalar(_))
                        if !(integer_op && matches!(x, Matrix { .. })) =>
                    {
                        (a, self.splat_to(b, ta), ta, op)
                    }
                    (
                        Matrix {
                            cols: c1, rows: r1, ..
                        },
                        Matrix {
                            cols: c2, rows: r2, ..
                        },
                    ) if op == BinaryOp::Mul => {
                        if c1 != r2 {
                            return mismatch(self);
                        }
                        let t = self.m.types.matrix(s, *c2, *r1);
                        (a, b, t, BinaryOp::MatMul)
                    }
                    (Vector(_, n), Matrix { cols, rows, .. }) if op == BinaryOp::Mul => {
                        if n != rows {
                            return mismatch(self);
                        }
                        let t = self.m.types.vector(s, *cols);
                        (a, b, t, BinaryOp::MatMul)
                    }
                    (Matrix { cols, rows, .. }, Vector(_, n)) if op == BinaryOp::Mul => {
                        if n != cols {
                            return mismatch(self);
                        }
                        let t = self.m.types.vector(s, *rows);
                        (a, b, t, BinaryOp::MatMul)
                    }
                    _ => return mismatch(self),
                };
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, ty, span))
            }
        }
    }

    fn unary(&mut self, op: &ast::UnaryOpData, a: &ast::Expr, span: Span) -> Option<ExprId> {
        use ast::UnaryOpData as U;
        match op {
            U::Inc => self.inc_dec(a, true, false, span),
            U::Dec => self.inc_dec(a, false, false, span),
            _ => {
                let arg = self.expr(a)?;
                let t = self.ty(arg);
                match op {
                    U::Add | U::Minus => {
                        if !self.numeric_shape(t) {
                            self.error(
                                span,
                                format!(
                                    "unary `{}' needs a numeric operand, not `{}'",
                                    if *op == U::Add { "+" } else { "-" },
                                    self.tname(t)
                                ),
                            );
                            return None;
                        }
                        if *op == U::Add {
                            Some(arg)
                        } else {
                            Some(self.add(
                                ExprKind::Unary {
                                    op: UnaryOp::Neg,
                                    arg,
                                },
                                t,
                                span,
                            ))
                        }
                    }
                    U::Not => {
                        if !matches!(self.m.types.get(t), Type::Scalar(Scalar::Bool)) {
                            self.error(span, format!("`!' needs a scalar bool operand, not `{}' (use not() for vectors)", self.tname(t)));
                            return None;
                        }
                        Some(self.add(
                            ExprKind::Unary {
                                op: UnaryOp::Not,
                                arg,
                            },
                            t,
                            span,
                        ))
                    }
                    U::Complement => {
                        if !matches!(self.m.types.get(t), Type::Scalar(s) | Type::Vector(s, _) if s.is_integer())
                        {
                            self.error(
                                span,
                                format!("`~' needs an integer operand, not `{}'", self.tname(t)),
                            );
                            return None;
                        }
                        Some(self.add(
                            ExprKind::Unary {
                                op: UnaryOp::BitNot,
                                arg,
                            },
                            t,
                            span,
                        ))
                    }
                    _ => unreachable!(),
                }
            }
        }
    }

    fn inc_dec(
        &mut self,
        a: &ast::Expr,
        increment: bool,
        postfix: bool,
        span: Span,
    ) -> Option<ExprId> {
        let place = self.expr(a)?;
        let t = self.ty(place);
        if !self.numeric_shape(t) {
            self.error(
                span,
                format!(
                    "`{}' needs a numeric operand, not `{}'",
                    if increment { "++" } else { "--" },
                    self.tname(t)
                ),
            );
            return None;
        }
        if !self.check_lvalue(place, if increment { "++" } else { "--" }) {
            return None;
        }
        Some(self.add(
            ExprKind::IncDec {
                place,
                increment,
                postfix,
            },
            t,
            span,
        ))
    }

    fn ternary(
        &mut self,
        c: &ast::Expr,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> Option<ExprId> {
        let cond = self.expr(c);
        let x = self.expr(a);
        let y = self.expr(b);
        let (cond, x, y) = (cond?, x?, y?);
        if !matches!(self.m.types.get(self.ty(cond)), Type::Scalar(Scalar::Bool)) {
            self.error(span, "the condition of `?:' must be a scalar bool");
            return None;
        }
        let (tx, ty) = (self.ty(x), self.ty(y));
        let (x, y) = if tx == ty {
            (x, y)
        } else if let Some(c) = self.convert(x, ty) {
            (c, y)
        } else if let Some(c) = self.convert(y, tx) {
            (x, c)
        } else {
            let (p, q) = (self.tname(tx), self.tname(ty));
            self.error(
                span,
                format!("the operands of `?:' have different types `{p}' and `{q}'"),
            );
            return None;
        };
        let t = self.ty(x);
        Some(self.add(
            ExprKind::Select {
                cond,
                accept: x,
                reject: y,
            },
            t,
            span,
        ))
    }

    fn assignment(
        &mut self,
        l: &ast::Expr,
        op: &ast::AssignmentOpData,
        r: &ast::Expr,
        span: Span,
    ) -> Option<ExprId> {
        let place = self.expr(l);
        let value = self.expr(r);
        let (place, value) = (place?, value?);
        if !self.check_lvalue(place, "assignment") {
            return None;
        }
        let lt = self.ty(place);
        use ast::AssignmentOpData as A;
        let bop = match op {
            A::Equal => None,
            A::Mult => Some(BinaryOp::Mul),
            A::Div => Some(BinaryOp::Div),
            A::Mod => Some(BinaryOp::Mod),
            A::Add => Some(BinaryOp::Add),
            A::Sub => Some(BinaryOp::Sub),
            A::LShift => Some(BinaryOp::Shl),
            A::RShift => Some(BinaryOp::Shr),
            A::And => Some(BinaryOp::BitAnd),
            A::Xor => Some(BinaryOp::BitXor),
            A::Or => Some(BinaryOp::BitOr),
        };
        match bop {
            None => {
                if self.m.types.is_opaque(lt) {
                    self.error(span, "opaque variables cannot be assigned");
                    return None;
                }
                if self.m.types.is_unsized(lt) {
                    self.error(span, "unsized arrays cannot be assigned");
                    return None;
                }
                let value = self.convert_or_error(value, lt, "assignment")?;
                Some(self.add(
                    ExprKind::Assign {
                        place,
                        op: None,
                        value,
                    },
                    lt,
                    span,
                ))
            }
            Some(op) => {
                // Type the operation on a copy of the place's type: the result must
                // have the place's type.
                let probe = self.add(ExprKind::Local(LocalId(u32::MAX)), lt, span);
                let result = self.binary(op, probe, value, span)?;
                let rt = self.ty(result);
                if rt != lt {
                    let (a, b) = (self.tname(rt), self.tname(lt));
                    self.error(
                        span,
                        format!(
                            "`{}=' gives `{a}', which cannot be assigned to `{b}'",
                            op.symbol()
                        ),
                    );
                    return None;
                }
                // Take the (converted, splatted) right operand and the final operator.
                let ExprKind::Binary { op, lhs, rhs } = self.kind(result).clone() else {
                    return None;
                };
                if lhs != probe {
                    // The left operand needed a conversion: its type is not the place's.
                    self.error(
                        span,
                        format!("`{}=' would convert the left operand", op.symbol()),
                    );
                    return None;
                }
                Some(self.add(
                    ExprKind::Assign {
                        place,
                        op: Some(op),
                        value: rhs,
                    },
                    lt,
                    span,
                ))
            }
        }
    }

    // ---- accesses ----------------------------------------------------------------

    fn index(&mut self, base: ExprId, index: ExprId, span: Span) -> Option<ExprId> {
        let bt = self.ty(base);
        let it = self.ty(index);
        if !matches!(
            self.m.types.get(it),
            Type::Scalar(Scalar::Int | Scalar::Uint)
        ) {
            self.error(
                span,
                format!(
                    "array index must be a scalar int or uint, not `{}'",
                    self.tname(it)
                ),
            );
            return None;
        }
        let (elem, len) = match self.m.types.get(bt).clone() {
            Type::Array(e, len) => (e, len),
            Type::Vector(s, n) => (self.m.types.scalar(s), Some(n as u32)),
            Type::Matrix { scalar, cols, rows } => {
                (self.m.types.vector(scalar, rows), Some(cols as u32))
            }
            _ => {
                self.error(span, format!("`{}' cannot be indexed", self.tname(bt)));
                return None;
            }
        };
        if let Some(i) = self
            .fold(index)
            .and_then(|c| c.as_literal())
            .and_then(|l| l.as_i64())
        {
            if i < 0 {
                self.error(span, format!("index {i} is negative"));
                return None;
            }
            if let Some(l) = len
                && i >= l as i64
            {
                self.error(
                    span,
                    format!("index {i} is out of range for `{}'", self.tname(bt)),
                );
                return None;
            }
        }
        Some(self.add(ExprKind::Index { base, index }, elem, span))
    }

    fn dot(&mut self, base: ExprId, field: &str, span: Span) -> Option<ExprId> {
        let bt = self.ty(base);
        match self.m.types.get(bt).clone() {
            Type::Struct(s) => {
                let def = self.m.types.struct_def(s);
                match def.members.iter().position(|m| m.name == field) {
                    Some(i) => {
                        let ty = def.members[i].ty;
                        Some(self.add(
                            ExprKind::Field {
                                base,
                                field: i as u32,
                            },
                            ty,
                            span,
                        ))
                    }
                    None => {
                        let n = def.name.clone();
                        self.error(span, format!("`{n}' has no member `{field}'"));
                        None
                    }
                }
            }
            Type::Vector(s, n) => self.swizzle(base, s, n, field, span),
            Type::Scalar(s)
                if self.version >= 420 || self.ext("GL_ARB_shading_language_420pack") =>
            {
                self.swizzle(base, s, 1, field, span)
            }
            _ => {
                if field == "length" {
                    self.error(span, "length is a method: write length()");
                } else {
                    self.error(span, format!("`{}' has no field `{field}'", self.tname(bt)));
                }
                None
            }
        }
    }

    fn swizzle(
        &mut self,
        base: ExprId,
        s: Scalar,
        n: u8,
        field: &str,
        span: Span,
    ) -> Option<ExprId> {
        const SETS: [&str; 3] = ["xyzw", "rgba", "stpq"];
        let set = SETS
            .iter()
            .find(|set| field.chars().all(|c| set.contains(c)));
        let Some(set) = set else {
            self.error(span, format!("invalid swizzle `.{field}'"));
            return None;
        };
        if field.is_empty() || field.len() > 4 {
            self.error(span, format!("invalid swizzle `.{field}'"));
            return None;
        }
        let comps: Vec<u8> = field
            .chars()
            .map(|c| set.find(c).expect("in set") as u8)
            .collect();
        if comps.iter().any(|&c| c >= n) {
            self.error(
                span,
                format!(
                    "swizzle `.{field}' selects a component `{}' does not have",
                    self.tname(self.ty(base))
                ),
            );
            return None;
        }
        let ty = self.m.types.vector(s, comps.len() as u8);
        Some(self.add(ExprKind::Swizzle { base, comps }, ty, span))
    }

    // ---- calls and constructors --------------------------------------------------

    fn call(&mut self, fun: &ast::FunIdentifier, args: &[ast::Expr], span: Span) -> Option<ExprId> {
        match &fun.content {
            ast::FunIdentifierData::TypeSpecifier(ts) => {
                let ty = self.type_spec(ts)?;
                self.constructor(ty, args, span)
            }
            ast::FunIdentifierData::Expr(e) => match &e.content {
                ast::ExprData::Dot(base, method) if method.0.as_str() == "length" => {
                    if !args.is_empty() {
                        self.error(span, "length() takes no arguments");
                        return None;
                    }
                    let b = self.expr(base)?;
                    self.length(b, span)
                }
                ast::ExprData::Bracket(base, index)
                    if matches!(&base.content, ast::ExprData::Variable(n)
                        if self.subroutine_symbol(n.0.as_str()).is_some()) =>
                {
                    let ast::ExprData::Variable(n) = &base.content else {
                        unreachable!("matched above")
                    };
                    let u = self.subroutine_symbol(n.0.as_str())?;
                    self.subroutine_call(u, Some(index), args, span)
                }
                ast::ExprData::Variable(name) => {
                    let name = name.0.as_str();
                    if let Some(u) = self.subroutine_symbol(name) {
                        return self.subroutine_call(u, None, args, span);
                    }
                    match self.lookup(name).cloned() {
                        Some(Symbol::Struct(t)) => self.constructor(t, args, span),
                        Some(_) => {
                            self.error(span, format!("`{name}' is not a function"));
                            None
                        }
                        None => self.function_call(name, args, span),
                    }
                }
                _ => {
                    self.error(span, "this expression cannot be called");
                    None
                }
            },
        }
    }

    /// `.length()` (GLSL 4.60 §5.9): a constant int for sized arrays, vectors and
    /// matrices; the run-time length for the unsized array of a buffer block.
    fn length(&mut self, b: ExprId, span: Span) -> Option<ExprId> {
        let int = self.m.types.scalar(Scalar::Int);
        let n = match self.m.types.get(self.ty(b)).clone() {
            Type::Array(_, Some(n)) => n as i32,
            Type::Array(_, None) => return Some(self.add(ExprKind::ArrayLength(b), int, span)),
            Type::Vector(_, n) => n as i32,
            Type::Matrix { cols, .. } => cols as i32,
            _ => {
                self.error(
                    span,
                    format!("length() is not defined for `{}'", self.tname(self.ty(b))),
                );
                return None;
            }
        };
        // The base is not evaluated when the length is constant (it has no side effects
        // GLSL would require to run).
        Some(self.literal(Literal::Int(n), span))
    }

    /// The components of `e` (scalar, vector or matrix) as parts no larger than
    /// `remaining`: whole vectors where they fit.
    fn constructor(&mut self, ty: TypeId, args: &[ast::Expr], span: Span) -> Option<ExprId> {
        let mut vals = Vec::with_capacity(args.len());
        let mut ok = true;
        for a in args {
            match self.expr(a) {
                Some(v) => vals.push(v),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        if vals.is_empty() {
            self.error(
                span,
                format!("constructor of `{}' needs arguments", self.tname(ty)),
            );
            return None;
        }
        for &v in &vals {
            let t = self.ty(v);
            if matches!(self.m.types.get(t), Type::Void) || self.m.types.is_opaque(t) {
                self.error(
                    span,
                    format!("`{}' cannot be a constructor argument", self.tname(t)),
                );
                return None;
            }
        }
        let t = self.m.types.get(ty).clone();
        match t {
            Type::Scalar(s) => {
                if vals.len() > 1 {
                    self.error(
                        span,
                        format!("too many arguments to the `{}' constructor", s.name()),
                    );
                    return None;
                }
                let v = vals[0];
                if !matches!(
                    self.m.types.get(self.ty(v)),
                    Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. }
                ) {
                    self.error(
                        span,
                        format!(
                            "cannot construct `{}' from `{}'",
                            s.name(),
                            self.tname(self.ty(v))
                        ),
                    );
                    return None;
                }
                let first = self.first_component(v)?;
                Some(self.explicit_convert(first, s))
            }
            Type::Vector(s, n) => {
                if vals.len() == 1 && matches!(self.m.types.get(self.ty(vals[0])), Type::Scalar(_))
                {
                    let c = self.explicit_convert(vals[0], s);
                    return Some(self.add(ExprKind::Splat(c), ty, span));
                }
                let parts = self.gather(&vals, s, n as u32, span, None)?;
                Some(self.add(ExprKind::Compose(parts), ty, span))
            }
            Type::Matrix { scalar, cols, rows } => {
                if vals.len() == 1 {
                    match self.m.types.get(self.ty(vals[0])).clone() {
                        Type::Scalar(_) => {
                            let c = self.explicit_convert(vals[0], scalar);
                            return Some(self.add(ExprKind::MatrixDiagonal(c), ty, span));
                        }
                        Type::Matrix {
                            cols: c2, rows: r2, ..
                        } => {
                            let c = self.explicit_convert(vals[0], scalar);
                            if c2 == cols && r2 == rows {
                                return Some(c);
                            }
                            return Some(self.add(ExprKind::MatrixResize(c), ty, span));
                        }
                        _ => {}
                    }
                }
                if vals
                    .iter()
                    .any(|&v| matches!(self.m.types.get(self.ty(v)), Type::Matrix { .. }))
                {
                    self.error(
                        span,
                        "a matrix argument must be the only argument of a matrix constructor",
                    );
                    return None;
                }
                // Components fill the columns in order.
                let comps = self.gather(
                    &vals,
                    scalar,
                    cols as u32 * rows as u32,
                    span,
                    Some(rows as u32),
                )?;
                let col_ty = self.m.types.vector(scalar, rows);
                let mut columns = Vec::new();
                let mut pending: Vec<ExprId> = Vec::new();
                let mut filled = 0u32;
                for c in comps {
                    let size = self.m.types.vec_size(self.ty(c)).unwrap_or(1) as u32;
                    pending.push(c);
                    filled += size;
                    if filled == rows as u32 {
                        let col = if pending.len() == 1 && self.ty(pending[0]) == col_ty {
                            pending[0]
                        } else {
                            self.add(
                                ExprKind::Compose(std::mem::take(&mut pending)),
                                col_ty,
                                span,
                            )
                        };
                        pending.clear();
                        columns.push(col);
                        filled = 0;
                    }
                }
                Some(self.add(ExprKind::Compose(columns), ty, span))
            }
            Type::Struct(s) => {
                let members: Vec<TypeId> = self
                    .m
                    .types
                    .struct_def(s)
                    .members
                    .iter()
                    .map(|m| m.ty)
                    .collect();
                if members.len() != vals.len() {
                    self.error(
                        span,
                        format!(
                            "`{}' has {} members, the constructor gives {}",
                            self.tname(ty),
                            members.len(),
                            vals.len()
                        ),
                    );
                    return None;
                }
                let mut parts = Vec::new();
                for (v, mt) in vals.into_iter().zip(members) {
                    parts.push(self.convert_or_error(v, mt, "struct constructor argument")?);
                }
                Some(self.add(ExprKind::Compose(parts), ty, span))
            }
            Type::Array(elem, len) => {
                if let Some(l) = len
                    && l as usize != vals.len()
                {
                    self.error(
                        span,
                        format!(
                            "`{}' needs {l} elements, the constructor gives {}",
                            self.tname(ty),
                            vals.len()
                        ),
                    );
                    return None;
                }
                let mut parts = Vec::new();
                for v in vals {
                    // An unsized element type takes its size from the arguments.
                    let et = match (
                        self.m.types.get(elem).clone(),
                        self.m.types.get(self.ty(v)).clone(),
                    ) {
                        (Type::Array(b, None), Type::Array(b2, Some(_))) if b == b2 => self.ty(v),
                        _ => elem,
                    };
                    parts.push(self.convert_or_error(v, et, "array constructor argument")?);
                }
                let et = self.ty(parts[0]);
                let aty = self.m.types.array(et, Some(parts.len() as u32));
                Some(self.add(ExprKind::Compose(parts), aty, span))
            }
            _ => {
                self.error(span, format!("`{}' has no constructor", self.tname(ty)));
                None
            }
        }
    }

    /// An explicit (constructor) conversion to scalar kind `s`, same shape.
    fn explicit_convert(&mut self, e: ExprId, s: Scalar) -> ExprId {
        let t = self.ty(e);
        if self.m.types.scalar_of(t) == Some(s) {
            return e;
        }
        let to = self.m.types.with_scalar(t, s);
        let span = self.espan(e);
        self.add(ExprKind::Convert { arg: e, to: s }, to, span)
    }

    fn first_component(&mut self, v: ExprId) -> Option<ExprId> {
        let t = self.ty(v);
        let span = self.espan(v);
        match self.m.types.get(t).clone() {
            Type::Scalar(_) => Some(v),
            Type::Vector(s, _) => {
                let ty = self.m.types.scalar(s);
                Some(self.add(
                    ExprKind::Swizzle {
                        base: v,
                        comps: vec![0],
                    },
                    ty,
                    span,
                ))
            }
            Type::Matrix { scalar, rows, .. } => {
                let col_ty = self.m.types.vector(scalar, rows);
                let zero = self.literal(Literal::Int(0), span);
                let col = self.add(
                    ExprKind::Index {
                        base: v,
                        index: zero,
                    },
                    col_ty,
                    span,
                );
                let ty = self.m.types.scalar(scalar);
                Some(self.add(
                    ExprKind::Swizzle {
                        base: col,
                        comps: vec![0],
                    },
                    ty,
                    span,
                ))
            }
            _ => None,
        }
    }

    /// Splits constructor arguments into parts of scalar kind `s` totalling `n`
    /// components (GLSL 4.60 §5.4.2). An argument left entirely unused is an error;
    /// the last one may be used partly. `exact` requires the total to match exactly
    /// (matrix constructors); parts never straddle a column boundary of size `n`'s rows
    /// when `exact` (they are scalars then).
    fn gather(
        &mut self,
        vals: &[ExprId],
        s: Scalar,
        n: u32,
        span: Span,
        column: Option<u32>,
    ) -> Option<Vec<ExprId>> {
        // Matrix constructors (`column` = rows) take exactly the components they need.
        let exact = column.is_some();
        let total: u32 = vals
            .iter()
            .map(|&v| self.m.types.components(self.ty(v)).unwrap_or(0))
            .sum();
        if vals
            .iter()
            .any(|&v| self.m.types.components(self.ty(v)).is_none())
        {
            self.error(
                span,
                "constructor arguments must be scalars, vectors or matrices",
            );
            return None;
        }
        if total < n {
            self.error(
                span,
                format!("not enough data for the constructor: {total} components for {n}"),
            );
            return None;
        }
        if exact && total != n {
            self.error(
                span,
                format!("too many components for the constructor: {total} for {n}"),
            );
            return None;
        }
        let mut parts = Vec::new();
        let mut need = n;
        for (i, &v) in vals.iter().enumerate() {
            if need == 0 {
                self.error(span, "too many arguments to the constructor");
                return None;
            }
            let t = self.ty(v);
            let vspan = self.espan(v);
            match self.m.types.get(t).clone() {
                Type::Scalar(_) => {
                    parts.push(self.explicit_convert(v, s));
                    need -= 1;
                }
                Type::Vector(_, k) => {
                    let k = k as u32;
                    let at_column =
                        column.is_some_and(|rows| rows == k && (n - need).is_multiple_of(rows));
                    if at_column {
                        // A whole column: kept as one vector.
                        parts.push(self.explicit_convert(v, s));
                        need -= k;
                    } else if exact {
                        // Matrix constructors: one part per component keeps columns simple.
                        let uses = self.reuse(v, k as usize);
                        for (c, u) in uses.into_iter().enumerate() {
                            let st = self.m.types.scalar(self.m.types.scalar_of(t)?);
                            let comp = self.add(
                                ExprKind::Swizzle {
                                    base: u,
                                    comps: vec![c as u8],
                                },
                                st,
                                vspan,
                            );
                            parts.push(self.explicit_convert(comp, s));
                        }
                        need -= k;
                    } else if k <= need {
                        parts.push(self.explicit_convert(v, s));
                        need -= k;
                    } else {
                        let st = self.m.types.vector(self.m.types.scalar_of(t)?, need as u8);
                        let comps = (0..need as u8).collect();
                        let sw = self.add(ExprKind::Swizzle { base: v, comps }, st, vspan);
                        parts.push(self.explicit_convert(sw, s));
                        need = 0;
                    }
                }
                Type::Matrix { scalar, cols, rows } => {
                    // Column by column, whole columns while they fit.
                    let used_cols = need.div_ceil(rows as u32).min(cols as u32);
                    let uses = self.reuse(v, used_cols as usize);
                    let col_ty = self.m.types.vector(scalar, rows);
                    for (c, u) in uses.into_iter().enumerate() {
                        let idx = self.literal(Literal::Int(c as i32), vspan);
                        let col = self.add(
                            ExprKind::Index {
                                base: u,
                                index: idx,
                            },
                            col_ty,
                            vspan,
                        );
                        let take = need.min(rows as u32);
                        let part = if take == rows as u32 {
                            col
                        } else {
                            let t2 = self.m.types.vector(scalar, take as u8);
                            self.add(
                                ExprKind::Swizzle {
                                    base: col,
                                    comps: (0..take as u8).collect(),
                                },
                                t2,
                                vspan,
                            )
                        };
                        parts.push(self.explicit_convert(part, s));
                        need -= take;
                    }
                }
                _ => unreachable!(),
            }
            let _ = i;
        }
        Some(parts)
    }

    /// Resolves and checks a call to a user or built-in function.
    /// The subroutine uniform (its position) a name refers to in the current scope.
    fn subroutine_symbol(&self, name: &str) -> Option<usize> {
        match self.lookup(name) {
            Some(Symbol::Global(g)) => self.subroutine_uniform_of(*g),
            _ => None,
        }
    }

    fn function_call(&mut self, name: &str, args: &[ast::Expr], span: Span) -> Option<ExprId> {
        let mut vals = Vec::with_capacity(args.len());
        let mut ok = true;
        for a in args {
            match self.expr(a) {
                Some(v) => vals.push(v),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        // `f(void)`-style calls with a single void argument do not exist; an empty
        // argument list is written `f()`.
        let arg_types: Vec<TypeId> = vals.iter().map(|&v| self.ty(v)).collect();
        // Candidates with per-argument conversions.
        let mut cands: Vec<(Callee, Vec<Conversion>)> = Vec::new();
        let user = self.functions.get(name).cloned().unwrap_or_default();
        for fid in user {
            let f = &self.m.functions[fid.0 as usize];
            if f.params != vals.len() {
                continue;
            }
            let sig: Vec<(TypeId, ParamDir)> = f.param_types().collect();
            if let Some(conv) =
                self.match_args(&arg_types, sig.iter().map(|&(t, d)| (Some(t), None, d)))
            {
                cands.push((Callee::User(fid), conv));
            }
        }
        let builtin_known = builtins::overloads(name).is_some();
        // An overload the arguments match but the version or extensions do not enable.
        let mut blocked: Option<&Overload> = None;
        if let Some(ovs) = builtins::overloads(name) {
            for ov in ovs {
                if ov.params.len() != vals.len() {
                    continue;
                }
                if !self.builtin_available(ov) {
                    if blocked.is_none()
                        && self
                            .match_args(
                                &arg_types,
                                ov.params.iter().map(|&(t, d)| (None, Some(t), d)),
                            )
                            .is_some()
                    {
                        blocked = Some(ov);
                    }
                    continue;
                }
                if let Some(conv) = self.match_args(
                    &arg_types,
                    ov.params.iter().map(|&(t, d)| (None, Some(t), d)),
                ) {
                    cands.push((Callee::Builtin(ov), conv));
                }
            }
        }
        if cands.is_empty() {
            let shown: Vec<String> = arg_types.iter().map(|&t| self.tname(t)).collect();
            if !builtin_known && !self.functions.contains_key(name) {
                self.error(span, format!("function `{name}' is not declared"));
            } else if let Some(ov) = blocked {
                let msg = match extension_of(ov) {
                    Some(ext) => format!("`{name}({})' requires {ext}", shown.join(", ")),
                    None => format!(
                        "built-in `{name}' is not available in GLSL {}.{:02} without an extension",
                        self.version / 100,
                        self.version % 100
                    ),
                };
                self.error(span, msg);
            } else {
                self.error(
                    span,
                    format!(
                        "no matching function for call to `{name}({})'",
                        shown.join(", ")
                    ),
                );
            }
            return None;
        }
        let best = best_candidate(&cands);
        let Some(best) = best else {
            self.error(span, format!("call to `{name}' is ambiguous"));
            return None;
        };
        let (callee, _) = cands.swap_remove(best);
        // Convert in-arguments, check out/inout places.
        let params: Vec<(TypeId, ParamDir)> = match &callee {
            Callee::User(fid) => self.m.functions[fid.0 as usize].param_types().collect(),
            Callee::Builtin(ov) => ov.params.iter().map(|&(t, d)| (self.ty_of(t), d)).collect(),
        };
        let mut final_args = Vec::with_capacity(vals.len());
        for (v, (pt, dir)) in vals.into_iter().zip(params) {
            match dir {
                ParamDir::In => final_args.push(self.convert(v, pt)?),
                ParamDir::Out | ParamDir::InOut => {
                    if !self.check_lvalue(
                        v,
                        &format!(
                            "{} argument of `{name}'",
                            if dir == ParamDir::Out { "out" } else { "inout" }
                        ),
                    ) {
                        return None;
                    }
                    final_args.push(v);
                }
            }
        }
        match callee {
            Callee::User(fid) => {
                let ret = self.m.functions[fid.0 as usize].ret;
                if let Some(caller) = self.fr().id {
                    self.calls.entry(caller.0).or_default().insert(fid.0);
                }
                Some(self.add(
                    ExprKind::Call {
                        func: fid,
                        args: final_args,
                    },
                    ret,
                    span,
                ))
            }
            Callee::Builtin(ov) => {
                self.check_builtin_stage(name, ov.fun, span);
                self.check_builtin(ov.fun, &final_args, span)?;
                let ret = self.ty_of(ov.ret);
                Some(self.add(
                    ExprKind::Builtin {
                        fun: ov.fun,
                        args: final_args,
                    },
                    ret,
                    span,
                ))
            }
        }
    }

    /// Per-argument conversions against a signature (user: TypeIds; built-in: Tys);
    /// out/inout parameters need exact types.
    pub(super) fn match_args(
        &mut self,
        args: &[TypeId],
        params: impl Iterator<Item = (Option<TypeId>, Option<Ty>, ParamDir)>,
    ) -> Option<Vec<Conversion>> {
        let mut conv = Vec::with_capacity(args.len());
        for (&a, (pt, pty, dir)) in args.iter().zip(params) {
            let pt = match (pt, pty) {
                (Some(t), _) => t,
                (None, Some(t)) => {
                    if self.ty_matches(t, a) {
                        conv.push(Conversion::Exact);
                        continue;
                    }
                    if dir != ParamDir::In
                        || matches!(t, Ty::Image(_) | Ty::Sampler(_) | Ty::AtomicUint | Ty::Void)
                    {
                        return None;
                    }
                    self.ty_of(t)
                }
                _ => return None,
            };
            if dir != ParamDir::In {
                if a != pt {
                    return None;
                }
                conv.push(Conversion::Exact);
                continue;
            }
            conv.push(self.conversion(a, pt)?);
        }
        Some(conv)
    }

    /// Built-ins introduced after the shader's version, unless enabled by an extension.
    fn builtin_available(&self, ov: &Overload) -> bool {
        use Builtin::*;
        if ov.fun == Clock2x32 {
            return self.ext("GL_ARB_shader_clock");
        }
        if ov.fun == Clock {
            return self.ext("GL_ARB_shader_clock") && self.ext("GL_ARB_gpu_shader_int64");
        }
        if ov.int64_atomic() {
            return self.compute_enabled()
                && self.ext("GL_ARB_gpu_shader_int64")
                && self.ext("GL_NV_shader_atomic_int64");
        }
        if ov.uses_int64() {
            return self.ext("GL_ARB_gpu_shader_int64");
        }
        if let Some(exts) = ov.float_atomic_ext()
            && self.version < ov.min_version
        {
            let unlocked = if matches!(ov.params.first(), Some((Ty::Image(_), _))) {
                self.version >= 420 || self.ext("GL_ARB_shader_image_load_store")
            } else {
                self.compute_enabled()
            };
            return unlocked && exts.iter().any(|e| self.ext(e));
        }
        if ov.min_version == builtins::COMPATIBILITY_ONLY {
            return self.compatibility();
        }
        if matches!(ov.fun, AnyInvocation | AllInvocations | AllInvocationsEqual) {
            return self.ext("GL_ARB_shader_group_vote");
        }
        if self.version >= ov.min_version {
            return true;
        }
        // ARB_texture_multisample brings the multisample samplers' texelFetch and
        // textureSize to GLSL before 1.50.
        if matches!(ov.fun, TexelFetch | TextureSize)
            && matches!(ov.params.first(), Some((Ty::Sampler(o), _)) if o.dim.is_ms())
        {
            return self.ext("GL_ARB_texture_multisample");
        }
        match ov.fun {
            // ARB_compute_shader brings barriers, memory barriers and shared atomics.
            Barrier
            | MemoryBarrier
            | MemoryBarrierAtomicCounter
            | MemoryBarrierBuffer
            | MemoryBarrierShared
            | MemoryBarrierImage
            | GroupMemoryBarrier
            | AtomicAdd
            | AtomicMin
            | AtomicMax
            | AtomicAnd
            | AtomicOr
            | AtomicXor
            | AtomicExchange
            | AtomicCompSwap => self.compute_enabled(),
            ImageLoad | ImageStore | ImageAtomicAdd | ImageAtomicMin | ImageAtomicMax
            | ImageAtomicAnd | ImageAtomicOr | ImageAtomicXor | ImageAtomicExchange
            | ImageAtomicCompSwap => {
                self.ext("GL_ARB_shader_image_load_store") && ov.min_version <= 420
            }
            ImageSize => self.ext("GL_ARB_shader_image_size"),
            AtomicCounterIncrement | AtomicCounterDecrement | AtomicCounter => {
                self.ext("GL_ARB_shader_atomic_counters")
            }
            PackSnorm2x16 | UnpackSnorm2x16 | PackHalf2x16 | UnpackHalf2x16 | PackUnorm2x16
            | UnpackUnorm2x16 | PackUnorm4x8 | PackSnorm4x8 | UnpackUnorm4x8 | UnpackSnorm4x8 => {
                self.ext("GL_ARB_shading_language_packing")
            }
            FloatBitsToInt | FloatBitsToUint | IntBitsToFloat | UintBitsToFloat => {
                self.ext("GL_ARB_shader_bit_encoding")
            }
            TextureQueryLevels => self.ext("GL_ARB_texture_query_levels"),
            TextureSamples | ImageSamples => self.ext("GL_ARB_shader_texture_image_samples"),
            Min3 | Max3 | Mid3 => self.ext("GL_AMD_shader_trinary_minmax"),
            Fma | Frexp | Ldexp | UaddCarry | UsubBorrow | UmulExtended | ImulExtended
            | BitfieldExtract | BitfieldInsert | BitfieldReverse | BitCount | FindLsb | FindMsb
            | TextureGather => self.ext("GL_ARB_gpu_shader5"),
            _ => false,
        }
    }

    /// Rules of individual built-ins beyond their signatures.
    fn check_builtin(&mut self, fun: Builtin, args: &[ExprId], span: Span) -> Option<()> {
        use Builtin::*;
        match fun {
            AtomicAdd | AtomicMin | AtomicMax | AtomicAnd | AtomicOr | AtomicXor
            | AtomicExchange | AtomicCompSwap => {
                // GLSL 4.60 §8.11: the memory argument is a buffer or shared variable.
                let ok = self.root_global(args[0]).is_some_and(|g| {
                    matches!(
                        self.m.global(g).storage,
                        Storage::Buffer(_) | Storage::Shared
                    )
                });
                if !ok {
                    self.error(span, "the first argument of an atomic function must be a buffer or shared variable");
                    return None;
                }
            }
            ImageLoad | ImageStore | ImageAtomicAdd | ImageAtomicMin | ImageAtomicMax
            | ImageAtomicAnd | ImageAtomicOr | ImageAtomicXor | ImageAtomicExchange
            | ImageAtomicCompSwap => {
                let mem = self.image_memory(args[0]);
                let reads = fun != ImageStore;
                let writes = fun != ImageLoad;
                if reads && mem.writeonly {
                    self.error(span, "a writeonly image cannot be read");
                    return None;
                }
                if writes && mem.readonly {
                    self.error(span, "a readonly image cannot be written");
                    return None;
                }
                if !matches!(fun, ImageLoad | ImageStore)
                    && let Some(g) = self.root_global(args[0])
                    && let Some(f) = self.m.global(g).format
                    && !matches!(
                        f,
                        ImageFormat::R32i | ImageFormat::R32ui | ImageFormat::R32f
                    )
                {
                    self.error(
                        span,
                        format!(
                            "image atomics need the r32i, r32ui or r32f format, not {}",
                            f.name()
                        ),
                    );
                    return None;
                }
            }
            TextureOffset | TextureLodOffset | TexelFetchOffset => {
                let off = *args.last()?;
                if self.fold(off).is_none() {
                    self.error(span, "a texture offset must be a constant expression");
                    return None;
                }
            }
            TextureGather if args.len() == 3 => {
                match self
                    .fold(args[2])
                    .and_then(|c| c.as_literal())
                    .and_then(|l| l.as_i64())
                {
                    Some(0..=3) => {}
                    _ => {
                        self.error(
                            span,
                            "textureGather's component must be a constant 0, 1, 2 or 3",
                        );
                        return None;
                    }
                }
            }
            _ => {}
        }
        Some(())
    }

    /// Memory qualifiers of the image an expression names (through a parameter too).
    fn image_memory(&self, e: ExprId) -> MemoryQualifiers {
        let mut cur = e;
        loop {
            match self.kind(cur) {
                ExprKind::Index { base, .. } => cur = *base,
                ExprKind::Global(g) => return self.m.global(*g).memory,
                ExprKind::Local(l) => return self.func().locals[l.0 as usize].memory,
                _ => return MemoryQualifiers::default(),
            }
        }
    }
}

/// The extension(s) that enable a built-in no GLSL version has.
fn extension_of(ov: &Overload) -> Option<String> {
    use Builtin::*;
    if let Some(exts) = ov.float_atomic_ext() {
        return Some(exts.join(" or "));
    }
    if ov.int64_atomic() {
        return Some("GL_ARB_gpu_shader_int64 and GL_NV_shader_atomic_int64".into());
    }
    if ov.uses_int64() && ov.fun != Clock {
        return Some("GL_ARB_gpu_shader_int64".into());
    }
    Some(
        match ov.fun {
            Clock => "GL_ARB_shader_clock and GL_ARB_gpu_shader_int64",
            Clock2x32 => "GL_ARB_shader_clock",
            AnyInvocation | AllInvocations | AllInvocationsEqual => "GL_ARB_shader_group_vote",
            Min3 | Max3 | Mid3 => "GL_AMD_shader_trinary_minmax",
            _ => return None,
        }
        .into(),
    )
}

/// GLSL 4.60 §6.1: the single candidate better than every other, if there is one.
fn best_candidate(cands: &[(Callee, Vec<Conversion>)]) -> Option<usize> {
    if cands.len() == 1 {
        return Some(0);
    }
    if let Some(i) = cands
        .iter()
        .position(|(_, c)| c.iter().all(|&x| x == Conversion::Exact))
    {
        return Some(i);
    }
    let better = |a: &[Conversion], b: &[Conversion]| {
        a.iter().zip(b).all(|(x, y)| x <= y) && a.iter().zip(b).any(|(x, y)| x < y)
    };
    (0..cands.len()).find(|&i| (0..cands.len()).all(|j| i == j || better(&cands[i].1, &cands[j].1)))
}

fn binop(op: &ast::BinaryOpData) -> BinaryOp {
    use ast::BinaryOpData as B;
    match op {
        B::Or => BinaryOp::LogicalOr,
        B::Xor => BinaryOp::LogicalXor,
        B::And => BinaryOp::LogicalAnd,
        B::BitOr => BinaryOp::BitOr,
        B::BitXor => BinaryOp::BitXor,
        B::BitAnd => BinaryOp::BitAnd,
        B::Equal => BinaryOp::Equal,
        B::NonEqual => BinaryOp::NotEqual,
        B::Lt => BinaryOp::Less,
        B::Gt => BinaryOp::Greater,
        B::Lte => BinaryOp::LessEqual,
        B::Gte => BinaryOp::GreaterEqual,
        B::LShift => BinaryOp::Shl,
        B::RShift => BinaryOp::Shr,
        B::Add => BinaryOp::Add,
        B::Sub => BinaryOp::Sub,
        B::Mult => BinaryOp::Mul,
        B::Div => BinaryOp::Div,
        B::Mod => BinaryOp::Mod,
    }
}
