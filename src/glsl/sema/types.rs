//! Types and qualifiers: type specifiers (built-in, struct, array), layout qualifiers
//! with constant values, storage and memory qualifiers, and implicit conversions.

use crate::glsl::sema::qualifiers::{Conversion, LayoutId, Qualifiers, StorageQ};
use crate::glsl::sema::{Checker, Symbol};
use crate::ir::*;
use glsl_lang::ast;

impl Checker<'_> {
    pub(super) fn qualifiers(&mut self, q: Option<&ast::TypeQualifier>) -> Qualifiers {
        let mut out = Qualifiers::default();
        let Some(q) = q else { return out };
        let mut layouts = 0;
        out.span = self.span_of(q);
        for spec in &q.qualifiers {
            let span = self.span_of(spec);
            match &spec.content {
                ast::TypeQualifierSpecData::Storage(s) => {
                    use ast::StorageQualifierData as S;
                    let sq = match &s.content {
                        S::Const => StorageQ::Const,
                        S::In => StorageQ::In,
                        S::Out => StorageQ::Out,
                        S::InOut => StorageQ::InOut,
                        S::Uniform => StorageQ::Uniform,
                        S::Buffer => StorageQ::Buffer,
                        S::Shared => StorageQ::Shared,
                        S::Coherent => {
                            out.memory.coherent = true;
                            continue;
                        }
                        S::Volatile => {
                            out.memory.volatile = true;
                            continue;
                        }
                        S::Restrict => {
                            out.memory.restrict = true;
                            continue;
                        }
                        S::ReadOnly => {
                            out.memory.readonly = true;
                            continue;
                        }
                        S::WriteOnly => {
                            out.memory.writeonly = true;
                            continue;
                        }
                        S::Centroid => StorageQ::Other("centroid"),
                        S::Patch => StorageQ::Other("patch"),
                        S::Sample => StorageQ::Other("sample"),
                        S::Attribute => StorageQ::Other("attribute"),
                        S::Varying => StorageQ::Other("varying"),
                        S::Subroutine(list) => {
                            let mut names = Vec::new();
                            for t in list {
                                match &t.ty.content {
                                    ast::TypeSpecifierNonArrayData::TypeName(n)
                                        if t.array_specifier.is_none() =>
                                    {
                                        names.push(n.0.to_string())
                                    }
                                    _ => self.error(
                                        self.span_of(t),
                                        "subroutine(...) names subroutine types",
                                    ),
                                }
                            }
                            out.subroutine.push(names);
                            StorageQ::Other("subroutine")
                        }
                    };
                    out.storage.push((sq, span));
                }
                ast::TypeQualifierSpecData::Layout(l) => {
                    layouts += 1;
                    // GLSL 4.20 (GL_ARB_shading_language_420pack) allows several
                    // layout(...) qualifiers in one declaration.
                    if layouts == 2
                        && self.version < 420
                        && !self.ext("GL_ARB_shading_language_420pack")
                    {
                        self.error(
                            span,
                            "several layout(...) qualifiers in one declaration require GLSL 4.20 or GL_ARB_shading_language_420pack",
                        );
                    }
                    let enhanced = self.enhanced_layouts();
                    let mut names_here = std::collections::HashSet::new();
                    for id in &l.ids {
                        let span = self.span_of(id);
                        match &id.content {
                            ast::LayoutQualifierSpecData::Identifier(name, value) => {
                                // Layout qualifier names are case-insensitive.
                                let name = name.0.to_ascii_lowercase();
                                // GLSL 4.40 §4.4 (GL_ARB_enhanced_layouts): a value may be
                                // an integral constant expression; before, an integer
                                // literal.
                                if let Some(e) = value
                                    && !enhanced
                                    && !matches!(
                                        e.content,
                                        ast::ExprData::IntConst(_) | ast::ExprData::UIntConst(_)
                                    )
                                {
                                    self.error(
                                        span,
                                        format!(
                                            "the value of layout qualifier `{name}' is not an integer literal: constant expressions there require GLSL 4.40 or GL_ARB_enhanced_layouts"
                                        ),
                                    );
                                }
                                // GLSL 4.40 §4.4: a name may repeat within one layout(...),
                                // the last occurrence counting; before, only the block
                                // packing, matrix order and binding qualifiers (and a
                                // geometry shader's stream) could, as Mesa allows.
                                let may_repeat = matches!(
                                    name.as_str(),
                                    "row_major"
                                        | "column_major"
                                        | "std140"
                                        | "std430"
                                        | "packed"
                                        | "shared"
                                        | "binding"
                                ) || (name == "stream"
                                    && self.stage == crate::ir::shader::Stage::Geometry);
                                let repeated = !names_here.insert(name.clone());
                                if !enhanced && repeated && !may_repeat {
                                    self.error(
                                        span,
                                        format!(
                                            "layout qualifier `{name}' appears twice in one layout(...): that requires GLSL 4.40 or GL_ARB_enhanced_layouts"
                                        ),
                                    );
                                }
                                let (value, bad) = match value {
                                    Some(e) => match self.int_constant(e) {
                                        Some(v) => (Some(v), false),
                                        None => (None, true),
                                    },
                                    None => (None, false),
                                };
                                // GLSL 4.60 §4.4: layout values are never negative.
                                if let Some(v) = value
                                    && v < 0
                                {
                                    self.error(
                                        span,
                                        format!(
                                            "layout qualifier `{name}' cannot be negative ({v})"
                                        ),
                                    );
                                }
                                out.layout.push(LayoutId {
                                    name,
                                    value,
                                    bad_value: bad,
                                    span,
                                });
                            }
                            ast::LayoutQualifierSpecData::Shared => out.layout.push(LayoutId {
                                name: "shared".into(),
                                value: None,
                                bad_value: false,
                                span,
                            }),
                        }
                    }
                }
                ast::TypeQualifierSpecData::Precision(_) => out.precision = true,
                ast::TypeQualifierSpecData::Interpolation(i) => {
                    use ast::InterpolationQualifierData as I;
                    let kind = match i.content {
                        I::Smooth => Interpolation::Smooth,
                        I::Flat => Interpolation::Flat,
                        I::NoPerspective => Interpolation::NoPerspective,
                    };
                    if out.interpolation.is_some() {
                        self.error(span, "too many interpolation qualifiers");
                    }
                    out.interpolation = Some((kind, span));
                }
                ast::TypeQualifierSpecData::Invariant => out.invariant = true,
                ast::TypeQualifierSpecData::Precise => out.precise = true,
            }
        }
        // GLSL 4.60 §4.4: where a layout qualifier name appears more than once in a
        // declaration, the last occurrence counts.
        let mut seen = std::collections::HashSet::new();
        let mut kept: Vec<LayoutId> = std::mem::take(&mut out.layout)
            .into_iter()
            .rev()
            .filter(|l| seen.insert(l.name.clone()))
            .collect();
        kept.reverse();
        out.layout = kept;
        // GLSL 4.60 §4.3: at most one storage qualifier (const in is a parameter form).
        let main: Vec<_> = out
            .storage
            .iter()
            .filter(|(s, _)| {
                !matches!(
                    s,
                    StorageQ::Other("centroid" | "sample" | "patch" | "subroutine")
                )
            })
            .collect();
        if main.len() > 1
            && !(main.len() == 2
                && main.iter().any(|s| s.0 == StorageQ::Const)
                && main.iter().any(|s| s.0 == StorageQ::In))
        {
            let span = main[1].1;
            self.error(span, "too many storage qualifiers");
        }
        out
    }

    /// An integral constant expression (GLSL 4.60 §4.3.3), folded.
    pub(super) fn int_constant(&mut self, e: &ast::Expr) -> Option<i64> {
        let id = self.expr(e)?;
        let ty = self.ty(id);
        if !matches!(
            self.m.types.get(ty),
            Type::Scalar(Scalar::Int | Scalar::Uint)
        ) {
            return None;
        }
        self.fold(id)?.as_literal()?.as_i64()
    }

    /// A built-in (non-array) type or a struct.
    pub(super) fn type_nonarray(&mut self, t: &ast::TypeSpecifierNonArray) -> Option<TypeId> {
        use ast::TypeSpecifierNonArrayData as T;
        let span = self.span_of(t);
        let ty = &mut self.m.types;
        let v = |ty: &mut Types, s, n| ty.vector(s, n);
        let mat = |ty: &mut Types, s, c, r| ty.matrix(s, c, r);
        let img = |ty: &mut Types, dim, sampled| {
            ty.intern(Type::Image(Opaque {
                dim,
                sampled,
                shadow: false,
            }))
        };
        let smp = |ty: &mut Types, dim, sampled, shadow| {
            ty.intern(Type::Sampler(Opaque {
                dim,
                sampled,
                shadow,
            }))
        };
        use Dim::*;
        use Scalar::*;
        Some(match &t.content {
            T::Void => ty.void(),
            T::Bool => ty.scalar(Bool),
            T::Int => ty.scalar(Int),
            T::UInt => ty.scalar(Uint),
            T::Float => ty.scalar(Float),
            T::Double => ty.scalar(Double),
            T::Vec2 => v(ty, Float, 2),
            T::Vec3 => v(ty, Float, 3),
            T::Vec4 => v(ty, Float, 4),
            T::DVec2 => v(ty, Double, 2),
            T::DVec3 => v(ty, Double, 3),
            T::DVec4 => v(ty, Double, 4),
            T::BVec2 => v(ty, Bool, 2),
            T::BVec3 => v(ty, Bool, 3),
            T::BVec4 => v(ty, Bool, 4),
            T::IVec2 => v(ty, Int, 2),
            T::IVec3 => v(ty, Int, 3),
            T::IVec4 => v(ty, Int, 4),
            T::UVec2 => v(ty, Uint, 2),
            T::UVec3 => v(ty, Uint, 3),
            T::UVec4 => v(ty, Uint, 4),
            T::Mat2 | T::Mat22 => mat(ty, Float, 2, 2),
            T::Mat3 | T::Mat33 => mat(ty, Float, 3, 3),
            T::Mat4 | T::Mat44 => mat(ty, Float, 4, 4),
            T::Mat23 => mat(ty, Float, 2, 3),
            T::Mat24 => mat(ty, Float, 2, 4),
            T::Mat32 => mat(ty, Float, 3, 2),
            T::Mat34 => mat(ty, Float, 3, 4),
            T::Mat42 => mat(ty, Float, 4, 2),
            T::Mat43 => mat(ty, Float, 4, 3),
            T::DMat2 | T::DMat22 => mat(ty, Double, 2, 2),
            T::DMat3 | T::DMat33 => mat(ty, Double, 3, 3),
            T::DMat4 | T::DMat44 => mat(ty, Double, 4, 4),
            T::DMat23 => mat(ty, Double, 2, 3),
            T::DMat24 => mat(ty, Double, 2, 4),
            T::DMat32 => mat(ty, Double, 3, 2),
            T::DMat34 => mat(ty, Double, 3, 4),
            T::DMat42 => mat(ty, Double, 4, 2),
            T::DMat43 => mat(ty, Double, 4, 3),
            T::AtomicUInt => ty.intern(Type::AtomicUint),
            T::Image1D => img(ty, D1, Float),
            T::Image2D => img(ty, D2, Float),
            T::Image3D => img(ty, D3, Float),
            T::ImageCube => img(ty, Cube, Float),
            T::Image2DRect => img(ty, Rect, Float),
            T::Image1DArray => img(ty, D1Array, Float),
            T::Image2DArray => img(ty, D2Array, Float),
            T::ImageBuffer => img(ty, Buffer, Float),
            T::Image2DMs => img(ty, D2Ms, Float),
            T::Image2DMsArray => img(ty, D2MsArray, Float),
            T::ImageCubeArray => img(ty, CubeArray, Float),
            T::IImage1D => img(ty, D1, Int),
            T::IImage2D => img(ty, D2, Int),
            T::IImage3D => img(ty, D3, Int),
            T::IImageCube => img(ty, Cube, Int),
            T::IImage2DRect => img(ty, Rect, Int),
            T::IImage1DArray => img(ty, D1Array, Int),
            T::IImage2DArray => img(ty, D2Array, Int),
            T::IImageBuffer => img(ty, Buffer, Int),
            T::IImage2DMs => img(ty, D2Ms, Int),
            T::IImage2DMsArray => img(ty, D2MsArray, Int),
            T::IImageCubeArray => img(ty, CubeArray, Int),
            T::UImage1D => img(ty, D1, Uint),
            T::UImage2D => img(ty, D2, Uint),
            T::UImage3D => img(ty, D3, Uint),
            T::UImageCube => img(ty, Cube, Uint),
            T::UImage2DRect => img(ty, Rect, Uint),
            T::UImage1DArray => img(ty, D1Array, Uint),
            T::UImage2DArray => img(ty, D2Array, Uint),
            T::UImageBuffer => img(ty, Buffer, Uint),
            T::UImage2DMs => img(ty, D2Ms, Uint),
            T::UImage2DMsArray => img(ty, D2MsArray, Uint),
            T::UImageCubeArray => img(ty, CubeArray, Uint),
            T::Sampler1D => smp(ty, D1, Float, false),
            T::Sampler2D => smp(ty, D2, Float, false),
            T::Sampler3D => smp(ty, D3, Float, false),
            T::SamplerCube => smp(ty, Cube, Float, false),
            T::Sampler2DRect => smp(ty, Rect, Float, false),
            T::Sampler1DArray => smp(ty, D1Array, Float, false),
            T::Sampler2DArray => smp(ty, D2Array, Float, false),
            T::SamplerBuffer => smp(ty, Buffer, Float, false),
            T::Sampler2DMs => smp(ty, D2Ms, Float, false),
            T::Sampler2DMsArray => smp(ty, D2MsArray, Float, false),
            T::SamplerCubeArray => smp(ty, CubeArray, Float, false),
            T::Sampler1DShadow => smp(ty, D1, Float, true),
            T::Sampler2DShadow => smp(ty, D2, Float, true),
            T::Sampler2DRectShadow => smp(ty, Rect, Float, true),
            T::Sampler1DArrayShadow => smp(ty, D1Array, Float, true),
            T::Sampler2DArrayShadow => smp(ty, D2Array, Float, true),
            T::SamplerCubeShadow => smp(ty, Cube, Float, true),
            T::SamplerCubeArrayShadow => smp(ty, CubeArray, Float, true),
            T::ISampler1D => smp(ty, D1, Int, false),
            T::ISampler2D => smp(ty, D2, Int, false),
            T::ISampler3D => smp(ty, D3, Int, false),
            T::ISamplerCube => smp(ty, Cube, Int, false),
            T::ISampler2DRect => smp(ty, Rect, Int, false),
            T::ISampler1DArray => smp(ty, D1Array, Int, false),
            T::ISampler2DArray => smp(ty, D2Array, Int, false),
            T::ISamplerBuffer => smp(ty, Buffer, Int, false),
            T::ISampler2DMs => smp(ty, D2Ms, Int, false),
            T::ISampler2DMsArray => smp(ty, D2MsArray, Int, false),
            T::ISamplerCubeArray => smp(ty, CubeArray, Int, false),
            T::USampler1D => smp(ty, D1, Uint, false),
            T::USampler2D => smp(ty, D2, Uint, false),
            T::USampler3D => smp(ty, D3, Uint, false),
            T::USamplerCube => smp(ty, Cube, Uint, false),
            T::USampler2DRect => smp(ty, Rect, Uint, false),
            T::USampler1DArray => smp(ty, D1Array, Uint, false),
            T::USampler2DArray => smp(ty, D2Array, Uint, false),
            T::USamplerBuffer => smp(ty, Buffer, Uint, false),
            T::USampler2DMs => smp(ty, D2Ms, Uint, false),
            T::USampler2DMsArray => smp(ty, D2MsArray, Uint, false),
            T::USamplerCubeArray => smp(ty, CubeArray, Uint, false),
            T::Struct(s) => return self.struct_definition(s),
            T::TypeName(name) => match self.lookup(name.0.as_str()).cloned() {
                Some(Symbol::Struct(t)) => t,
                _ if name.0.starts_with("gl_")
                    && let Some(t) = self.builtin_struct(name.0.as_str()) =>
                {
                    t
                }
                _ if let Some((s, n)) = int64_type(name.0.as_str())
                    && self.ext("GL_ARB_gpu_shader_int64") =>
                {
                    if n == 1 {
                        self.m.types.scalar(s)
                    } else {
                        self.m.types.vector(s, n)
                    }
                }
                _ => {
                    self.error(span, format!("`{}' is not a type", name.0));
                    return None;
                }
            },
            other => {
                let shown = format!("{other:?}");
                self.error(
                    span,
                    format!(
                        "type `{}' is not available in OpenGL GLSL",
                        shown.to_lowercase()
                    ),
                );
                return None;
            }
        })
    }

    /// A struct specifier: defines (and, if named, declares) a struct type.
    pub(super) fn struct_definition(&mut self, s: &ast::StructSpecifier) -> Option<TypeId> {
        let span = self.span_of(s);
        let name = s
            .name
            .as_ref()
            .map(|n| n.0.to_string())
            .unwrap_or_else(|| format!("__anon_struct_{}", self.m.types.structs.len()));
        let mut members: Vec<StructMember> = Vec::new();
        let mut ok = true;
        if s.fields.is_empty() {
            self.error(span, "a struct must have at least one member");
            ok = false;
        }
        for field in &s.fields {
            let fspan = self.span_of(field);
            let q = self.qualifiers(field.qualifier.as_ref());
            if !q.storage.is_empty() || !q.layout.is_empty() {
                self.error(
                    fspan,
                    "struct members may not have storage or layout qualifiers",
                );
                ok = false;
            }
            if let ast::TypeSpecifierNonArrayData::Struct(_) = &field.ty.ty.content {
                self.error(fspan, "embedded structure definitions are not allowed");
            }
            let Some(base) = self.type_spec(&field.ty) else {
                ok = false;
                continue;
            };
            if matches!(self.m.types.get(base), Type::Void) {
                self.error(fspan, "struct members may not be void");
                ok = false;
            }
            for ident in &field.identifiers {
                let ispan = self.span_of(ident);
                let Some(ty) = self.apply_array(base, ident.array_spec.as_ref(), false) else {
                    ok = false;
                    continue;
                };
                if self.m.types.is_unsized(ty) {
                    self.error(ispan, "struct members must have a size");
                    ok = false;
                }
                let n = ident.ident.0.to_string();
                if members.iter().any(|m| m.name == n) {
                    self.error(ispan, format!("struct member `{n}' declared twice"));
                    ok = false;
                }
                members.push(StructMember {
                    name: n,
                    ty,
                    row_major: None,
                    matrix_stride: None,
                    offset: None,
                    align: None,
                    memory: q.memory,
                    span: ispan,
                });
            }
        }
        if !ok {
            return None;
        }
        let ty = self.m.types.add_struct(StructDef {
            name: name.clone(),
            members,
            span,
        });
        if s.name.is_some() {
            self.declare(&name, Symbol::Struct(ty), span);
        }
        Some(ty)
    }

    /// A type specifier with its own array dimensions (`float[3]`).
    pub(super) fn type_spec(&mut self, t: &ast::TypeSpecifier) -> Option<TypeId> {
        let base = self.type_nonarray(&t.ty)?;
        // GLSL ES 3.10 §3.7: the double types are reserved words.
        if self.es
            && self.type_contains(base, |t| {
                matches!(
                    t,
                    Type::Scalar(Scalar::Double)
                        | Type::Vector(Scalar::Double, _)
                        | Type::Matrix {
                            scalar: Scalar::Double,
                            ..
                        }
                )
            })
        {
            let span = self.span_of(t);
            self.error(
                span,
                format!("`{}' is a reserved word in GLSL ES", self.tname(base)),
            );
            return None;
        }
        self.apply_array(base, t.array_specifier.as_ref(), true)
    }

    /// Wraps `base` in array dimensions; the first dimension written is the outermost.
    /// `[]` gives an unsized array. `inner` marks dimensions written on the type.
    pub(super) fn apply_array(
        &mut self,
        base: TypeId,
        spec: Option<&ast::ArraySpecifier>,
        _inner: bool,
    ) -> Option<TypeId> {
        let Some(spec) = spec else { return Some(base) };
        if spec.dimensions.len() > 1 && self.version < 430 && !self.ext("GL_ARB_arrays_of_arrays") {
            let span = self.span_of(spec);
            self.error(
                span,
                "arrays of arrays require GLSL 4.30 or GL_ARB_arrays_of_arrays",
            );
        }
        let mut ty = base;
        for dim in spec.dimensions.iter().rev() {
            let len = match &dim.content {
                ast::ArraySpecifierDimensionData::Unsized => None,
                ast::ArraySpecifierDimensionData::ExplicitlySized(e) => Some(self.array_size(e)?),
            };
            ty = self.m.types.array(ty, len);
        }
        Some(ty)
    }

    /// GLSL 4.60 §4.1.9: an array size is an integral constant expression > 0.
    pub(super) fn array_size(&mut self, e: &ast::Expr) -> Option<u32> {
        let span = self.span_of(e);
        let id = self.expr(e)?;
        let ty = self.ty(id);
        if !matches!(
            self.m.types.get(ty),
            Type::Scalar(Scalar::Int | Scalar::Uint)
        ) {
            self.error(span, "array size must be an integer expression");
            return None;
        }
        match self
            .fold(id)
            .and_then(|v| v.as_literal())
            .and_then(|l| l.as_i64())
        {
            Some(n) if n > 0 && n <= u32::MAX as i64 => Some(n as u32),
            Some(n) => {
                self.error(
                    span,
                    format!("array size must be greater than zero (it is {n})"),
                );
                None
            }
            None => {
                self.error(span, "array size must be a constant integral expression");
                None
            }
        }
    }

    /// GLSL 4.60 §4.1.10: the implicit conversion from `from` to `to`, if there is one.
    pub(super) fn conversion(&self, from: TypeId, to: TypeId) -> Option<Conversion> {
        if from == to {
            return Some(Conversion::Exact);
        }
        // GLSL ES 3.10 §4.1.10: GLSL ES has no implicit conversions.
        if self.es {
            return None;
        }
        let t = &self.m.types;
        let same_shape = t.same_shape(from, to);
        if !same_shape {
            return None;
        }
        let (a, b) = (t.scalar_of(from)?, t.scalar_of(to)?);
        let v400 = self.version >= 400 || self.ext("GL_ARB_gpu_shader5");
        let fp64 = self.version >= 400 || self.ext("GL_ARB_gpu_shader_fp64");
        use Scalar::*;
        match (a, b) {
            (Int, Uint) if v400 => Some(Conversion::Other),
            (Int | Uint, Float) => Some(Conversion::IntToFloat),
            (Float, Double) if fp64 => Some(Conversion::Widening),
            (Int | Uint, Double) if fp64 => Some(Conversion::Other),
            // GL_ARB_gpu_shader_int64 §4.1.10 (only reachable with the extension: its
            // types exist only then).
            (Int, Int64) | (Uint, Uint64) => Some(Conversion::Widening),
            (Int, Uint64) | (Int64, Uint64) => Some(Conversion::Other),
            (Int64 | Uint64, Double) => Some(Conversion::Other),
            _ => None,
        }
    }

    /// Converts `e` to type `to` implicitly (None if there is no such conversion).
    pub(super) fn convert(&mut self, e: ExprId, to: TypeId) -> Option<ExprId> {
        let from = self.ty(e);
        if from == to {
            return Some(e);
        }
        self.conversion(from, to)?;
        let s = self.m.types.scalar_of(to)?;
        let span = self.espan(e);
        Some(self.add(ExprKind::Convert { arg: e, to: s }, to, span))
    }

    /// Converts for an assignment or initialization, reporting a mismatch.
    pub(super) fn convert_or_error(&mut self, e: ExprId, to: TypeId, what: &str) -> Option<ExprId> {
        match self.convert(e, to) {
            Some(c) => Some(c),
            None => {
                let span = self.espan(e);
                let from = self.tname(self.ty(e));
                let to = self.tname(to);
                self.error(span, format!("{what}: cannot convert `{from}' to `{to}'"));
                None
            }
        }
    }
}

/// The types GL_ARB_gpu_shader_int64 adds (the lexer reports them as type names once
/// the extension is enabled): scalar kind and component count.
fn int64_type(name: &str) -> Option<(Scalar, u8)> {
    let (s, rest) = if let Some(r) = name.strip_prefix("i64vec") {
        (Scalar::Int64, r)
    } else if let Some(r) = name.strip_prefix("u64vec") {
        (Scalar::Uint64, r)
    } else {
        return match name {
            "int64_t" => Some((Scalar::Int64, 1)),
            "uint64_t" => Some((Scalar::Uint64, 1)),
            _ => None,
        };
    };
    match rest {
        "2" => Some((s, 2)),
        "3" => Some((s, 3)),
        "4" => Some((s, 4)),
        _ => None,
    }
}
