//! Calls (GLSL 4.60 §6.1): user functions with overload resolution by the ranking of
//! implicit conversions, subroutine calls, `length()`, and built-in functions with the
//! version and extension that makes each available.

use crate::glsl::sema::qualifiers::Conversion;
use crate::glsl::sema::{Checker, Symbol};
use crate::ir::builtins;
use crate::ir::builtins::overload::{Overload, Ty};
use crate::ir::*;
use glsl_lang::ast;

impl Checker<'_> {
    pub fn call(
        &mut self,
        fun: &ast::FunIdentifier,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<ExprId> {
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
        if name == "textureGatherOffsets" && !self.functions.contains_key(name) {
            return self.gather_offsets(vals, span);
        }
        self.call_values(name, vals, span)
    }

    /// [`Self::function_call`] with its arguments checked.
    pub(super) fn call_values(
        &mut self,
        name: &str,
        vals: Vec<ExprId>,
        span: Span,
    ) -> Option<ExprId> {
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
                let es31 = self.m.es_version.is_some_and(|v| v < 320);
                let msg = if self.m.es_version.is_some() && not_in_es(ov) {
                    format!("built-in `{name}' is not available in GLSL ES")
                } else {
                    match es32_only(ov).filter(|exts| es31 && !exts.iter().any(|e| self.ext(e))) {
                        Some(exts) => format!(
                            "`{name}({})' requires GLSL ES 3.20 or {}",
                            shown.join(", "),
                            exts.join(" or ")
                        ),
                        None => match extension_of(ov) {
                            Some(ext) => format!("`{name}({})' requires {ext}", shown.join(", ")),
                            None => {
                                let (es, v) = match self.m.es_version {
                                    Some(v) => (" ES", v),
                                    None => ("", self.version),
                                };
                                format!(
                                    "built-in `{name}' is not available in GLSL{es} {}.{:02} without an extension",
                                    v / 100,
                                    v % 100
                                )
                            }
                        },
                    }
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
                self.check_builtin_stage(
                    name,
                    ov.fun,
                    span,
                    takes_bias(&self.m.types, ov, &arg_types),
                );
                self.check_builtin(ov.fun, &final_args, span)?;
                let ret = self.ty_of(ov.ret);
                let e = self.builtin_expr(ov.fun, final_args, ret, span)?;
                if COMPAT_SHADOW.contains(&name) {
                    return self.widen_compat_shadow(e, span);
                }
                Some(e)
            }
        }
    }

    /// The expression of a built-in call whose overload and arguments are resolved.
    fn builtin_expr(
        &mut self,
        fun: Builtin,
        args: Vec<ExprId>,
        ret: TypeId,
        span: Span,
    ) -> Option<ExprId> {
        // Projective lookups become the lookup of the divided coordinates.
        if let Some(e) = self.projective_lookup(fun, &args, ret, span)? {
            return Some(e);
        }
        // GL_NV_compute_shader_derivatives (sema::derivatives).
        if fun.is_derivative() && self.stage == crate::ir::shader::Stage::Compute {
            return self.compute_derivative(fun, args[0], span);
        }
        if let Some(e) = self.implicit_lod_lookup(fun, &args, ret, span)? {
            return Some(e);
        }
        Some(self.add(ExprKind::Builtin { fun, args }, ret, span))
    }

    /// GLSL 1.20 §8.7's shadow functions return a vec4: the comparison result r as
    /// (r, r, r, 1), what the compatibility profile's initial DEPTH_TEXTURE_MODE
    /// (LUMINANCE) makes of it (GL 4.6 compatibility §8.23.1; glcompute has no
    /// DEPTH_TEXTURE_MODE state).
    fn widen_compat_shadow(&mut self, r: ExprId, span: Span) -> Option<ExprId> {
        let f = self.m.types.scalar(Scalar::Float);
        let v4 = self.m.types.vector(Scalar::Float, 4);
        let l = self.temp_local(f, span);
        let place = self.add(ExprKind::Local(l), f, span);
        let set = self.add(
            ExprKind::Assign {
                place,
                op: None,
                value: r,
            },
            f,
            span,
        );
        let one = self.literal(Literal::Float(1.0), span);
        let mut parts: Vec<ExprId> = (0..3)
            .map(|_| self.add(ExprKind::Local(l), f, span))
            .collect();
        parts.push(one);
        let v = self.add(ExprKind::Compose(parts), v4, span);
        Some(self.sequence(&[set, v], span))
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
    pub(super) fn builtin_available(&self, ov: &Overload) -> bool {
        use Builtin::*;
        if let Some(es) = self.m.es_version {
            if not_in_es(ov) {
                return false;
            }
            // GLSL ES 3.00 §8.4 has the 2x16 packing functions (desktop GLSL from 4.00
            // and 4.20: the 3.30 it is checked as lacks them).
            if matches!(
                ov.fun,
                PackSnorm2x16
                    | UnpackSnorm2x16
                    | PackUnorm2x16
                    | UnpackUnorm2x16
                    | PackHalf2x16
                    | UnpackHalf2x16
            ) {
                return true;
            }
            // GLSL ES 3.10 §8.3: mix with a boolean selector of integer and boolean
            // values (desktop GLSL from 4.50).
            if es >= 310
                && ov.fun == MixBool
                && matches!(
                    ov.ret,
                    Ty::Vec(Scalar::Int | Scalar::Uint | Scalar::Bool, _)
                )
            {
                return true;
            }
        }
        // GLSL ES 3.10 is checked as GLSL 4.30, which has what only GLSL ES 3.20 adds.
        if let Some(v) = self.m.es_version
            && let Some(exts) = es32_only(ov)
        {
            if v < 320 && !exts.iter().any(|e| self.ext(e)) {
                return false;
            }
            // GLSL ES 3.20 §8.14 (and GL_OES_shader_image_atomic) has imageAtomicExchange
            // of r32f images, which desktop GLSL has from 4.50 on.
            if ov.fun == ImageAtomicExchange && ov.ret == Ty::Vec(Scalar::Float, 1) {
                return true;
            }
        }
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
        // GLSL ES 3.00 has no barrier or memory-barrier functions (GLSL ES 3.10 adds
        // them with compute shaders).
        if self.es && self.version < 430 && ov.fun.class() == BuiltinClass::Barrier {
            return false;
        }
        if ov.min_version == builtins::overload::EXTENSION_ONLY {
            if matches!(ov.fun, AnyInvocation | AllInvocations | AllInvocationsEqual) {
                return self.ext("GL_ARB_shader_group_vote");
            }
            if counter_op(ov) {
                return self.ext("GL_ARB_shader_atomic_counter_ops");
            }
        }
        if counter_op(ov) {
            return self.version >= ov.min_version;
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
        match (ov.fun, ov.fun.class()) {
            // ARB_compute_shader brings barriers, memory barriers and shared atomics.
            (_, BuiltinClass::Barrier | BuiltinClass::Atomic) => self.compute_enabled(),
            (_, BuiltinClass::ImageAccess) => {
                self.ext("GL_ARB_shader_image_load_store") && ov.min_version <= 420
            }
            (ImageSize, _) => self.ext("GL_ARB_shader_image_size"),
            (_, BuiltinClass::AtomicCounter) => self.ext("GL_ARB_shader_atomic_counters"),
            (
                PackSnorm2x16 | UnpackSnorm2x16 | PackHalf2x16 | UnpackHalf2x16 | PackUnorm2x16
                | UnpackUnorm2x16 | PackUnorm4x8 | PackSnorm4x8 | UnpackUnorm4x8 | UnpackSnorm4x8,
                _,
            ) => self.ext("GL_ARB_shading_language_packing"),
            (FloatBitsToInt | FloatBitsToUint | IntBitsToFloat | UintBitsToFloat, _) => {
                self.ext("GL_ARB_shader_bit_encoding")
            }
            (TextureQueryLevels, _) => self.ext("GL_ARB_texture_query_levels"),
            (TextureSamples | ImageSamples, _) => self.ext("GL_ARB_shader_texture_image_samples"),
            (DfdxFine | DfdyFine | FwidthFine | DfdxCoarse | DfdyCoarse | FwidthCoarse, _) => {
                self.ext("GL_ARB_derivative_control")
            }
            (Min3 | Max3 | Mid3, _) => self.ext("GL_AMD_shader_trinary_minmax"),
            (
                Fma | Frexp | Ldexp | UaddCarry | UsubBorrow | UmulExtended | ImulExtended
                | BitfieldExtract | BitfieldInsert | BitfieldReverse | BitCount | FindLsb | FindMsb
                | TextureGather | TextureGatherOffset,
                _,
            ) => self.ext("GL_ARB_gpu_shader5"),
            _ => false,
        }
    }

    /// Rules of individual built-ins beyond their signatures.
    fn check_builtin(&mut self, fun: Builtin, args: &[ExprId], span: Span) -> Option<()> {
        use Builtin::*;
        match fun {
            _ if fun.class() == BuiltinClass::Atomic => {
                // GLSL 4.60 §8.11: the memory argument is a buffer or shared variable
                // (§8.10: or, for the counter operations, an atomic counter).
                let counter = self.m.types.get(self.ty(args[0])) == &Type::AtomicUint;
                let ok = counter
                    || self.root_global(args[0]).is_some_and(|g| {
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
            _ if fun.class() == BuiltinClass::ImageAccess => {
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
            TextureOffset
            | TextureLodOffset
            | TexelFetchOffset
            | TextureGradOffset
            | TextureProjOffset
            | TextureProjLodOffset
            | TextureProjGradOffset => {
                // The offset is the last argument, except in textureOffset(s, P,
                // offset, bias) and textureProjOffset(s, P, offset, bias).
                let off = match fun {
                    TextureOffset | TextureProjOffset => *args.get(2)?,
                    _ => *args.last()?,
                };
                if self.fold(off).is_none() {
                    self.error(span, "a texture offset must be a constant expression");
                    return None;
                }
            }
            // GLSL ES 3.10 §8.9.3: textureGatherOffset's offset (after the reference of
            // a shadow sampler) is a constant expression (GLSL ES 3.20 and
            // GL_EXT_gpu_shader5 lift that).
            TextureGatherOffset
                if self.m.es_version.is_some_and(|v| v < 320)
                    && !self.ext("GL_EXT_gpu_shader5")
                    && !self.ext("GL_OES_gpu_shader5")
                    && args
                        .get(if self.is_shadow_sampler(args[0]) {
                            3
                        } else {
                            2
                        })
                        .is_some_and(|&o| self.fold(o).is_none()) =>
            {
                self.error(
                    span,
                    "in GLSL ES 3.10, textureGatherOffset's offset must be a constant expression",
                );
                return None;
            }
            TextureGather | TextureGatherOffset
                if args.len() == if fun == TextureGather { 3 } else { 4 }
                    && !self.is_shadow_sampler(args[0]) =>
            {
                match self
                    .fold(*args.last().expect("the component"))
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

    /// Whether `e` is a shadow sampler.
    pub(super) fn is_shadow_sampler(&self, e: ExprId) -> bool {
        matches!(self.m.types.get(self.ty(e)), Type::Sampler(o) if o.shadow)
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

/// The extensions that bring a built-in of GLSL ES 3.20 to GLSL ES 3.10, for the
/// built-ins GLSL 4.30 has and GLSL ES 3.10 does not: fma (GLSL ES 3.20 §8.3) and the
/// image atomics (§8.14).
fn es32_only(ov: &Overload) -> Option<&'static [&'static str]> {
    use Builtin::*;
    match ov.fun {
        Fma => Some(&["GL_EXT_gpu_shader5", "GL_OES_gpu_shader5"]),
        ImageAtomicAdd | ImageAtomicMin | ImageAtomicMax | ImageAtomicAnd | ImageAtomicOr
        | ImageAtomicXor | ImageAtomicExchange | ImageAtomicCompSwap => {
            Some(&["GL_OES_shader_image_atomic"])
        }
        // GLSL ES 3.20 §8.19 (GL_OES_shader_multisample_interpolation before it).
        InterpolateAtCentroid | InterpolateAtSample | InterpolateAtOffset => {
            Some(&["GL_OES_shader_multisample_interpolation"])
        }
        _ => None,
    }
}

/// Built-ins of desktop GLSL 4.30 and earlier that no GLSL ES version has: GLSL ES
/// 3.20 §8.9 lists no textureQueryLevels or textureQueryLod, §8.4 no double packing
/// (GLSL ES has no doubles), §8.16 no stream functions.
fn not_in_es(ov: &Overload) -> bool {
    use Builtin::*;
    matches!(
        ov.fun,
        TextureQueryLevels
            | TextureQueryLod
            | PackDouble2x32
            | UnpackDouble2x32
            | EmitStreamVertex
            | EndStreamPrimitive
    )
}

/// A callee chosen by overload resolution.
pub enum Callee {
    User(FunctionId),
    Builtin(&'static Overload),
}

/// An atomic counter operation of GLSL 4.60 §8.10 other than increment, decrement
/// and read (an atomic memory function whose first operand is a counter).
fn counter_op(ov: &Overload) -> bool {
    ov.fun.class() == BuiltinClass::Atomic && matches!(ov.params.first(), Some((Ty::AtomicUint, _)))
}

/// The extension(s) that enable a built-in no GLSL version has.
pub fn extension_of(ov: &Overload) -> Option<String> {
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
            AnyInvocation | AllInvocations | AllInvocationsEqual
                if ov.min_version == builtins::overload::EXTENSION_ONLY =>
            {
                "GL_ARB_shader_group_vote"
            }
            _ if counter_op(ov) && ov.min_version == builtins::overload::EXTENSION_ONLY => {
                "GL_ARB_shader_atomic_counter_ops"
            }
            Min3 | Max3 | Mid3 => "GL_AMD_shader_trinary_minmax",
            _ => return None,
        }
        .into(),
    )
}

/// GLSL 4.60 §6.1: the single candidate better than every other, if there is one.
pub fn best_candidate(cands: &[(Callee, Vec<Conversion>)]) -> Option<usize> {
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

/// Whether `ov` is the form of a texture lookup with a trailing bias parameter (GLSL
/// 4.60 §8.9): texture, textureOffset, textureProj and textureProjOffset (and the
/// compatibility texture1D.. forms) with one argument more than the plain form; the
/// third argument of texture(samplerCubeArrayShadow, ...) is the reference, not a bias.
fn takes_bias(types: &Types, ov: &Overload, args: &[TypeId]) -> bool {
    use Builtin::*;
    let plain = match ov.fun {
        Texture | TextureProj => 2,
        TextureOffset | TextureProjOffset => 3,
        _ => return false,
    };
    let cube_array_shadow = args.first().is_some_and(
        |&t| matches!(types.get(t), Type::Sampler(o) if o.shadow && o.dim == Dim::CubeArray),
    );
    ov.params.len() == plain + 1 && !(ov.fun == Texture && cube_array_shadow)
}

/// GLSL 1.20 §8.7's shadow lookups, which return a vec4 (see
/// `Checker::widen_compat_shadow`).
const COMPAT_SHADOW: [&str; 8] = [
    "shadow1D",
    "shadow2D",
    "shadow1DProj",
    "shadow2DProj",
    "shadow1DLod",
    "shadow2DLod",
    "shadow1DProjLod",
    "shadow2DProjLod",
];
