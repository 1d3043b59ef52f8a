//! Expressions (GLSL 4.60 chapter 5): the expression walk, names and built-in
//! variables, l-values and what may be written, and the reuse of pure expressions.
//! Operators are in [`super::operators`], constructors in [`super::constructors`] and
//! calls in [`super::calls`].

use crate::glsl::sema::operators::binop;
use crate::glsl::sema::{Checker, Symbol, compat, stages};
use crate::ir::builtins::overload::Ty;
use crate::ir::shader::Stage;
use crate::ir::*;
use crate::limits;
use glsl_lang::ast;

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

    pub fn literal(&mut self, l: Literal, span: Span) -> ExprId {
        let ty = self.m.types.scalar(l.scalar());
        self.add(ExprKind::Literal(l), ty, span)
    }

    pub(super) fn constant(&mut self, v: ConstValue, ty: TypeId, span: Span) -> ExprId {
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
                // GLSL ES 3.10 §4.1.4: GLSL ES has no doubles.
                if self.es {
                    self.error(span, "GLSL ES has no double-precision literals");
                    return None;
                }
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
                let (b, i) = (b?, i?);
                // GLSL ES 3.00 §4.3.7 and 3.10 §4.3.9: an array of uniform (or
                // storage) blocks is indexed with constant integral expressions.
                if self.es
                    && let ExprKind::Global(g) = self.func().expr(b).kind
                    && matches!(
                        self.m.global(g).storage,
                        Storage::UniformBlock(_) | Storage::Buffer(_)
                    )
                    && matches!(self.m.types.get(self.m.global(g).ty), Type::Array(..))
                    && self.fold(i).is_none()
                {
                    self.error(
                        span,
                        "in GLSL ES, an array of blocks is indexed with a constant integral expression",
                    );
                    return None;
                }
                // GLSL ES 3.10 §4.1.7.1, §4.1.7.2: arrays of samplers and of images are
                // indexed with constant integral expressions (GLSL ES 3.20, and
                // GL_EXT_gpu_shader5 for samplers, allow dynamically uniform ones).
                if self.m.es_version.is_some_and(|v| v < 320)
                    && !self.ext("GL_EXT_gpu_shader5")
                    && !self.ext("GL_OES_gpu_shader5")
                    && matches!(self.m.types.get(self.ty(b)), Type::Array(..))
                    && self.type_contains(self.ty(b), |t| {
                        matches!(t, Type::Sampler(_) | Type::Image(_))
                    })
                    && self.fold(i).is_none()
                {
                    self.error(
                        span,
                        "in GLSL ES 3.10, an array of samplers or images is indexed with a constant integral expression",
                    );
                    return None;
                }
                self.index(b, i, span)
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
        // The constants later GLSL versions add (every stage has them).
        if let Some(&(_, version, ext, v)) =
            stages::VERSIONED_CONSTANTS.iter().find(|c| c.0 == name)
        {
            if self.version < version && !ext.is_some_and(|e| self.ext(e)) {
                self.error(
                    span,
                    format!(
                        "`{name}' is a built-in constant of GLSL {}.{:02}{}; this shader is GLSL {}.{:02}",
                        version / 100,
                        version % 100,
                        ext.map_or(String::new(), |e| format!(" and {e}")),
                        self.version / 100,
                        self.version % 100
                    ),
                );
                return None;
            }
            let ty = self.m.types.scalar(Scalar::Int);
            return Some(self.constant(ConstValue::Scalar(Literal::Int(v)), ty, span));
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
    pub(super) fn is_pure(&self, e: ExprId) -> bool {
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
    pub(super) fn clone_expr(&mut self, e: ExprId) -> ExprId {
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
    pub fn reuse(&mut self, e: ExprId, count: usize) -> Vec<ExprId> {
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
        // Declared before the statement that holds `e` (a temporary without its
        // declaration failed code generation: `mat2(f())` with a vec4 f).
        let l = self.temp_local(ty, span);
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

    // ---- accesses ----------------------------------------------------------------

    // ---- calls and constructors --------------------------------------------------
}
