//! Declarations: the work-group size, default block layouts, global and local
//! variables with their initializers, and structs. Interface blocks are in
//! [`super::blocks`], functions in [`super::functions`].

use crate::glsl::sema::qualifiers::{Qualifiers, StorageQ};
use crate::glsl::sema::{Checker, Symbol};
use crate::ir::shader::Stage;
use crate::ir::{layout, *};
use crate::limits;
use glsl_lang::ast;

impl Checker<'_> {
    pub(super) fn global_declaration(&mut self, d: &ast::Declaration) {
        let span = self.span_of(d);
        match &d.content {
            ast::DeclarationData::TypeOnly(q) => self.type_only_declaration(q),
            ast::DeclarationData::Block(b) => self.block_declaration(b),
            ast::DeclarationData::InitDeclaratorList(list) => {
                self.variable_declarations(list, true)
            }
            ast::DeclarationData::FunctionPrototype(p) => {
                self.function_prototype(p, false);
            }
            ast::DeclarationData::Precision(_, ty) => {
                // The types a global precision statement gives a default to.
                if self.scopes.len() == 1
                    && let Some(t) = self.type_nonarray(&ty.ty)
                {
                    self.es_precisions.insert(t);
                }
            }
            ast::DeclarationData::Invariant(_) if self.stage == Stage::Compute => self.error(
                span,
                "`invariant' applies to shader outputs; compute shaders have none",
            ),
            ast::DeclarationData::Invariant(i) => self.invariant_declaration(i.0.as_str(), span),
        }
    }

    /// `layout(local_size_x = ...) in;`, `layout(std430) buffer;` and the like.
    fn type_only_declaration(&mut self, tq: &ast::TypeQualifier) {
        let q = self.qualifiers(Some(tq));
        let span = q.span;
        if self.stage != Stage::Compute && (q.has(StorageQ::In) || q.has(StorageQ::Out)) {
            self.stage_layout_declaration(&q, q.has(StorageQ::In));
        } else if q.has(StorageQ::In) {
            self.local_size_declaration(&q);
            self.check_derivative_group_size(q.span);
        } else if q.has(StorageQ::Uniform) || q.has(StorageQ::Buffer) {
            let buffer = q.has(StorageQ::Buffer);
            let mut d = if buffer {
                self.ssbo_defaults
            } else {
                self.ubo_defaults
            };
            for l in &q.layout {
                match l.name.as_str() {
                    "std140" => d.packing = Packing::Std140,
                    "std430" if buffer => d.packing = Packing::Std430,
                    "shared" => d.packing = Packing::Shared,
                    "packed" => d.packing = Packing::Packed,
                    "row_major" => d.row_major = true,
                    "column_major" => d.row_major = false,
                    other => self.error(
                        l.span,
                        format!(
                            "layout qualifier `{other}' cannot be a default for {} blocks",
                            if buffer { "buffer" } else { "uniform" }
                        ),
                    ),
                }
            }
            if buffer {
                self.ssbo_defaults = d;
            } else {
                self.ubo_defaults = d;
            }
        } else if q.has(StorageQ::Out) {
            self.error(span, "compute shaders have no outputs");
        } else if q.has(StorageQ::Shared) {
            self.error(span, "a layout default declaration cannot use `shared'");
        }
    }

    /// GLSL 4.60 §4.4.1.4 and ARB_compute_variable_group_size.
    fn local_size_declaration(&mut self, q: &Qualifiers) {
        let mut size = [1u32; 3];
        let mut fixed = false;
        let mut variable = false;
        for l in &q.layout {
            let axis = match l.name.as_str() {
                "local_size_x" => 0,
                "local_size_y" => 1,
                "local_size_z" => 2,
                "local_size_variable" => {
                    if !self.ext("GL_ARB_compute_variable_group_size") {
                        self.error(
                            l.span,
                            "local_size_variable requires GL_ARB_compute_variable_group_size",
                        );
                    }
                    variable = true;
                    continue;
                }
                other => {
                    if self.derivative_group_qualifier(other, l.span).is_none() {
                        self.error(l.span, format!("`{other}' is not a valid input layout qualifier for compute shaders (compute shaders have no user inputs)"));
                    }
                    continue;
                }
            };
            fixed = true;
            if l.bad_value {
                self.error(
                    l.span,
                    format!("{} must be an integral constant expression", l.name),
                );
                continue;
            }
            match l.value {
                Some(v) if v > 0 => {
                    let max = limits::MAX_COMPUTE_WORK_GROUP_SIZE[axis] as i64;
                    if v > max {
                        self.error(
                            l.span,
                            format!(
                                "{} = {v} exceeds GL_MAX_COMPUTE_WORK_GROUP_SIZE[{axis}] = {max}",
                                l.name
                            ),
                        );
                    }
                    size[axis] = v.min(u32::MAX as i64) as u32;
                }
                Some(v) => self.error(
                    l.span,
                    format!("{} = {v}: the local size must be greater than zero", l.name),
                ),
                None => self.error(l.span, format!("{} needs a value", l.name)),
            }
        }
        if q.layout.is_empty() {
            self.error(q.span, "compute shaders have no user-defined inputs");
            return;
        }
        if !fixed && !variable {
            return;
        }
        if fixed && variable {
            self.error(
                q.span,
                "local_size_variable cannot be combined with a fixed local size",
            );
            return;
        }
        let new = if variable {
            LocalSize::Variable
        } else {
            let total: u64 = size.iter().map(|&s| s as u64).product();
            let max = limits::MAX_COMPUTE_WORK_GROUP_INVOCATIONS as u64;
            if total > max {
                self.error(q.span, format!("the work group has {total} invocations, more than GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = {max}"));
            }
            LocalSize::Fixed(size)
        };
        match self.m.local_size {
            Some(old) if old != new => {
                let msg = match (old, new) {
                    (LocalSize::Variable, _) | (_, LocalSize::Variable) => {
                        "a fixed and a variable local size are both declared"
                    }
                    _ => "the local size is declared twice with different values",
                };
                self.error(q.span, msg)
            }
            _ => self.m.local_size = Some(new),
        }
    }

    /// GLSL ES 3.10 §4.7.4: image types have no default precision, so an image
    /// uniform has a precision qualifier or its type a global `precision` statement;
    /// §4.10: but for r32f, r32i and r32ui, an image is readonly or writeonly.
    fn es_image_rules(
        &mut self,
        q: &Qualifiers,
        img: Opaque,
        format: Option<ImageFormat>,
        name: &str,
        span: Span,
    ) {
        let t = self.m.types.intern(Type::Image(img));
        if !q.precision && !self.es_precisions.contains(&t) {
            self.error(
                span,
                format!(
                    "image `{name}' needs a precision qualifier (highp, mediump or lowp): GLSL ES image types have no default precision"
                ),
            );
        }
        // GLSL ES 3.10 §4.4.7: the image formats of GLSL ES (GL_NV_image_formats,
        // which adds the others, is not announced).
        use ImageFormat::*;
        if let Some(f) = format
            && !matches!(
                f,
                Rgba32f
                    | Rgba16f
                    | R32f
                    | Rgba8
                    | Rgba8Snorm
                    | Rgba32i
                    | Rgba16i
                    | Rgba8i
                    | R32i
                    | Rgba32ui
                    | Rgba16ui
                    | Rgba8ui
                    | R32ui
            )
        {
            self.error(
                span,
                format!(
                    "image `{name}': `{}' is not an image format of GLSL ES (GLSL ES 3.10 §4.4.7)",
                    f.name()
                ),
            );
        }
        let r32 = matches!(format, Some(R32f | R32i | R32ui));
        if !r32 && !q.memory.readonly && !q.memory.writeonly {
            self.error(
                span,
                format!(
                    "image `{name}' must be readonly or writeonly in GLSL ES unless its format is r32f, r32i or r32ui"
                ),
            );
        }
    }

    fn memory_on_non_image(&mut self, q: &Qualifiers, ty: TypeId, span: Span) {
        if q.any_memory() && !matches!(self.base_type(ty), Type::Image(_)) {
            self.error(
                span,
                "memory qualifiers apply only to images, buffer variables and blocks",
            );
        }
    }

    /// The innermost element type of (arrays of) `ty`.
    pub(super) fn base_type(&self, mut ty: TypeId) -> Type {
        while let Type::Array(b, _) = self.m.types.get(ty) {
            ty = *b;
        }
        self.m.types.get(ty).clone()
    }

    /// `T a = x, b[2];` at global or local scope.
    pub(super) fn variable_declarations(&mut self, list: &ast::InitDeclaratorList, global: bool) {
        let head = &list.head;
        let q = self.qualifiers(head.ty.qualifier.as_ref());
        if !q.subroutine.is_empty() {
            self.subroutine_uniforms(list, &q, global);
            return;
        }
        let Some(base) = self.type_spec(&head.ty.ty) else {
            return;
        };
        // GLSL ES 3.00 §4.5.4: the fragment language has no default float precision,
        // so a float, vector or matrix variable has a precision qualifier or follows a
        // `precision ... float;` statement.
        if self.es
            && self.stage == Stage::Fragment
            && !q.precision
            && let Some(n) = &head.name
            && matches!(
                self.m.types.get(base),
                Type::Scalar(Scalar::Float) | Type::Vector(Scalar::Float, _) | Type::Matrix { .. }
            )
        {
            let float = self.m.types.scalar(Scalar::Float);
            if !self.es_precisions.contains(&float) {
                let span = self.span_of(n);
                self.error(
                    span,
                    format!(
                        "`{}' needs a precision qualifier: GLSL ES fragment shaders have no default float precision (GLSL ES 3.00 §4.5.4)",
                        n.0.as_str()
                    ),
                );
                return;
            }
        }
        let Some(name) = &head.name else {
            // `struct S { ... };` or a bare type: nothing to declare.
            if !q.storage.is_empty() && !matches!(self.m.types.get(base), Type::Struct(_)) {
                self.error(q.span, "a declaration needs a name");
            }
            return;
        };
        let mut decls: Vec<(
            &ast::Identifier,
            Option<&ast::ArraySpecifier>,
            Option<&ast::Initializer>,
            Span,
        )> = vec![(
            name,
            head.array_specifier.as_ref(),
            head.initializer.as_ref(),
            self.span_of(name),
        )];
        for t in &list.tail {
            decls.push((
                &t.ident.ident,
                t.ident.array_spec.as_ref(),
                t.initializer.as_ref(),
                self.span_of(&t.ident),
            ));
        }
        for (ident, arr, init, span) in decls {
            let Some(ty) = self.apply_array(base, arr, false) else {
                continue;
            };
            if global {
                self.global_variable(&q, ident.0.as_str(), ty, init, span);
            } else {
                self.local_variable(&q, ident.0.as_str(), ty, init, span);
            }
        }
    }

    /// Evaluates an initializer against the declared type; an unsized array takes its
    /// size from the initializer.
    fn initializer(
        &mut self,
        ty: TypeId,
        init: &ast::Initializer,
        span: Span,
    ) -> Option<(ExprId, TypeId)> {
        let e = match &init.content {
            ast::InitializerData::Simple(e) => self.expr(e)?,
            ast::InitializerData::List(items) => {
                if self.version < 420 && !self.ext("GL_ARB_shading_language_420pack") {
                    self.error(
                        span,
                        "initializer lists require GLSL 4.20 or GL_ARB_shading_language_420pack",
                    );
                    return None;
                }
                self.initializer_list(ty, items, span)?
            }
        };
        let ety = self.ty(e);
        // `float a[] = float[3](...)`: the size comes from the initializer.
        let ty = match (self.m.types.get(ty).clone(), self.m.types.get(ety).clone()) {
            (Type::Array(b, None), Type::Array(b2, Some(_))) if b == b2 => ety,
            _ => ty,
        };
        let e = self.convert_or_error(e, ty, "initializer")?;
        Some((e, ty))
    }

    /// A brace initializer list (GLSL 4.20 §4.1.11) for type `ty`.
    fn initializer_list(
        &mut self,
        ty: TypeId,
        items: &[ast::Initializer],
        span: Span,
    ) -> Option<ExprId> {
        let t = self.m.types.get(ty).clone();
        let member_types: Vec<TypeId> = match &t {
            Type::Array(b, len) => {
                if let Some(l) = len
                    && *l as usize != items.len()
                {
                    self.error(
                        span,
                        format!(
                            "initializer list has {} elements for `{}'",
                            items.len(),
                            self.tname(ty)
                        ),
                    );
                    return None;
                }
                vec![*b; items.len()]
            }
            Type::Struct(s) => self
                .m
                .types
                .struct_def(*s)
                .members
                .iter()
                .map(|m| m.ty)
                .collect(),
            Type::Vector(s, n) => vec![self.m.types.scalar(*s); *n as usize],
            Type::Matrix { scalar, cols, rows } => {
                vec![self.m.types.vector(*scalar, *rows); *cols as usize]
            }
            _ => {
                self.error(
                    span,
                    format!("an initializer list cannot initialize `{}'", self.tname(ty)),
                );
                return None;
            }
        };
        if member_types.len() != items.len() {
            self.error(
                span,
                format!(
                    "initializer list has {} elements for `{}'",
                    items.len(),
                    self.tname(ty)
                ),
            );
            return None;
        }
        let mut parts = Vec::new();
        for (item, mty) in items.iter().zip(member_types) {
            let ispan = self.span_of(item);
            let (e, _) = self.initializer(mty, item, ispan)?;
            parts.push(e);
        }
        let ty = match &t {
            Type::Array(b, None) => self.m.types.array(*b, Some(items.len() as u32)),
            _ => ty,
        };
        Some(self.add(ExprKind::Compose(parts), ty, span))
    }

    fn check_layouts(&mut self, q: &Qualifiers, allowed: &[&str]) {
        for l in &q.layout {
            if !allowed.contains(&l.name.as_str())
                && ImageFormat::ALL.iter().all(|(n, _)| *n != l.name)
            {
                self.error(
                    l.span,
                    format!("layout qualifier `{}' is not allowed here", l.name),
                );
            } else if l.bad_value {
                self.error(
                    l.span,
                    format!(
                        "layout qualifier `{}' needs an integral constant expression",
                        l.name
                    ),
                );
            }
        }
    }

    fn global_variable(
        &mut self,
        q: &Qualifiers,
        name: &str,
        ty: TypeId,
        init: Option<&ast::Initializer>,
        span: Span,
    ) {
        // The storage qualifier proper (centroid, sample and patch are auxiliary).
        let main = q
            .storage
            .iter()
            .map(|s| s.0)
            .find(|s| !matches!(s, StorageQ::Other("centroid" | "sample" | "patch")));
        if self.stage != Stage::Compute {
            // GLSL 4.60 §4.3: `attribute' and `varying' are compatibility-profile only
            // from GLSL 1.40 on.
            let legacy = |c: &mut Self, what: &str| {
                if c.version >= 140 {
                    c.error(
                        span,
                        format!("`{what}' is not available in GLSL 1.40 and later core shaders; use `in' or `out'"),
                    );
                    false
                } else {
                    true
                }
            };
            let io = match main {
                Some(StorageQ::In) => Some(false),
                Some(StorageQ::Out) => Some(true),
                Some(StorageQ::Other("attribute")) if self.stage == Stage::Vertex => {
                    legacy(self, "attribute").then_some(false)
                }
                Some(StorageQ::Other("varying"))
                    if matches!(self.stage, Stage::Vertex | Stage::Fragment) =>
                {
                    legacy(self, "varying").then_some(self.stage == Stage::Vertex)
                }
                None if !q.storage.is_empty() => {
                    self.error(
                        span,
                        "`centroid', `sample' and `patch' qualify inputs and outputs only",
                    );
                    return;
                }
                Some(StorageQ::Shared) => {
                    self.error(span, "`shared' is only allowed in compute shaders");
                    return;
                }
                _ => None,
            };
            if let Some(output) = io {
                self.io_variable(q, output, name, ty, init.is_some(), span);
                return;
            }
        }
        let storage = match q.storage.first().map(|s| s.0) {
            None => Storage::Private,
            Some(StorageQ::Const) => Storage::Const,
            Some(StorageQ::Uniform) => Storage::Uniform,
            Some(StorageQ::Shared) => Storage::Shared,
            Some(StorageQ::Buffer) => {
                self.error(span, "`buffer' may only qualify interface blocks");
                return;
            }
            Some(StorageQ::In) => {
                self.error(
                    span,
                    "compute shaders do not permit user-defined input variables",
                );
                return;
            }
            Some(StorageQ::Out) | Some(StorageQ::InOut) => {
                self.error(
                    span,
                    "compute shaders do not permit user-defined output variables",
                );
                return;
            }
            Some(StorageQ::Other(o)) => {
                self.error(
                    span,
                    format!(
                        "`{o}' variables are not available in {} shaders",
                        self.stage.name()
                    ),
                );
                return;
            }
        };
        if q.invariant {
            self.error(span, "`invariant' applies to shader outputs only");
        }
        if let Some((_, s)) = q.interpolation {
            self.error(
                s,
                "interpolation qualifiers apply to shader inputs and outputs only",
            );
        }
        if matches!(self.m.types.get(ty), Type::Void) || matches!(self.base_type(ty), Type::Void) {
            self.error(span, format!("`{name}' declared void"));
            return;
        }
        let opaque = self.m.types.is_opaque(ty);
        if opaque && storage != Storage::Uniform {
            self.error(
                span,
                format!(
                    "opaque type `{}' must be a uniform (or a function parameter)",
                    self.tname(ty)
                ),
            );
            return;
        }
        if self.m.types.is_unsized(ty) && init.is_none() {
            self.error(span, format!("array `{name}' needs a size"));
            return;
        }
        let mut binding = None;
        let mut offset = None;
        let mut location = None;
        let mut format = None;
        match storage {
            Storage::Uniform => {
                self.check_layouts(q, &["binding", "location", "offset"]);
                binding = q.layout_id("binding").and_then(|l| l.value);
                location = q
                    .layout_id("location")
                    .and_then(|l| l.value)
                    .map(|v| v as i32);
                offset = q.layout_id("offset").and_then(|l| l.value);
                for l in &q.layout {
                    if let Some((_, f)) = ImageFormat::ALL.iter().find(|(n, _)| *n == l.name) {
                        format = Some(*f);
                    }
                }
                if binding.is_some() && !opaque {
                    self.error(span, "`binding' applies to opaque uniforms and blocks");
                }
                if offset.is_some() && !matches!(self.base_type(ty), Type::AtomicUint) {
                    self.error(
                        span,
                        "`offset' on a default-block uniform applies to atomic counters only",
                    );
                }
            }
            _ => {
                if !q.layout.is_empty() {
                    let l = q.layout[0].clone();
                    self.error(
                        l.span,
                        format!(
                            "layout qualifier `{}' is not allowed on this variable",
                            l.name
                        ),
                    );
                }
            }
        }
        self.memory_on_non_image(q, ty, span);
        if let Type::Image(img) = self.base_type(ty)
            && self.es
        {
            self.es_image_rules(q, img, format, name, span);
        }
        if let Type::Image(img) = self.base_type(ty) {
            match format {
                Some(f) if f.sampled() != img.sampled => self.error(
                    span,
                    format!("format `{}' does not match `{}'", f.name(), self.tname(ty)),
                ),
                None if !q.memory.writeonly => self.error(
                    span,
                    format!(
                        "image `{name}' needs a format layout qualifier unless it is writeonly"
                    ),
                ),
                _ => {}
            }
        } else if format.is_some() {
            self.error(span, "format layout qualifiers apply to images only");
        }
        let mut ty = ty;
        let mut init_value = None;
        match (storage, init) {
            (Storage::Shared, Some(_)) => {
                self.error(span, "shared variables may not have initializers");
                return;
            }
            (Storage::Const, None) => {
                self.error(
                    span,
                    format!("const variable `{name}' needs an initializer"),
                );
                return;
            }
            (_, Some(i)) => {
                let Some((e, t)) = self.initializer(ty, i, span) else {
                    return;
                };
                ty = t;
                match self.fold(e) {
                    Some(v) => init_value = Some(v),
                    None => {
                        self.error(
                            span,
                            format!("initializer of global `{name}' must be a constant expression"),
                        );
                        return;
                    }
                }
            }
            _ => {}
        }
        if storage == Storage::Const {
            let v = init_value.expect("const has a value");
            self.declare(name, Symbol::Const(v, ty), span);
            return;
        }
        if let Type::AtomicUint = self.base_type(ty) {
            // GLSL 4.60 §4.4.6.1: counters in a binding get consecutive offsets unless
            // given one; an explicit offset must be a multiple of 4.
            let b = binding.unwrap_or(0);
            let at = offset.unwrap_or_else(|| self.next_counter_offset(b));
            if at % 4 != 0 {
                self.error(
                    span,
                    format!("atomic counter offset {at} is not a multiple of 4"),
                );
            }
            offset = Some(at);
            binding = Some(b);
        }
        if storage == Storage::Shared {
            let size = layout::layout(&self.m.types, ty, Packing::Std430, false).size;
            self.m.shared_size = self.m.shared_size.saturating_add(size);
        }
        let id = GlobalId(self.m.globals.len() as u32);
        self.m.globals.push(Global {
            name: name.to_string(),
            ty,
            storage,
            binding: binding.map(|b| b as u32),
            location,
            offset: offset.map(|o| o as u32),
            format,
            memory: q.memory,
            init: init_value,
            span,
            used: false,
            io: None,
        });
        self.declare(name, Symbol::Global(id), span);
    }

    fn next_counter_offset(&self, binding: i64) -> i64 {
        self.m
            .globals
            .iter()
            .filter(|g| {
                g.binding == Some(binding as u32)
                    && matches!(self.base_type(g.ty), Type::AtomicUint)
            })
            .map(|g| {
                let n = match self.m.types.get(g.ty) {
                    Type::Array(_, Some(n)) => *n as i64,
                    _ => 1,
                };
                g.offset.unwrap_or(0) as i64 + 4 * n
            })
            .max()
            .unwrap_or(0)
    }

    pub(super) fn local_variable(
        &mut self,
        q: &Qualifiers,
        name: &str,
        ty: TypeId,
        init: Option<&ast::Initializer>,
        span: Span,
    ) {
        let constant = match q.storage.first().map(|s| s.0) {
            None => false,
            Some(StorageQ::Const) => true,
            Some(StorageQ::Shared) => {
                self.error(span, "shared variables must be declared at global scope");
                return;
            }
            Some(other) => {
                let n = match other {
                    StorageQ::Uniform => "uniform",
                    StorageQ::Buffer => "buffer",
                    StorageQ::In => "in",
                    StorageQ::Out => "out",
                    StorageQ::InOut => "inout",
                    StorageQ::Other(o) => o,
                    _ => "this",
                };
                self.error(span, format!("local variables cannot be `{n}'"));
                return;
            }
        };
        if !q.layout.is_empty() {
            self.error(q.span, "local variables cannot have layout qualifiers");
        }
        self.memory_on_non_image(q, ty, span);
        if matches!(self.base_type(ty), Type::Void) {
            self.error(span, format!("`{name}' declared void"));
            return;
        }
        if self.m.types.is_opaque(ty) {
            self.error(
                span,
                format!(
                    "opaque type `{}' cannot be a local variable",
                    self.tname(ty)
                ),
            );
            return;
        }
        let mut ty = ty;
        let mut init_e = None;
        if let Some(i) = init {
            let Some((e, t)) = self.initializer(ty, i, span) else {
                // Declare anyway so later uses do not cascade into more errors.
                self.add_local(name, ty, constant, q.memory, span, None);
                return;
            };
            ty = t;
            init_e = Some(e);
        } else if constant {
            self.error(
                span,
                format!("const variable `{name}' needs an initializer"),
            );
            return;
        }
        if self.m.types.is_unsized(ty) {
            self.error(span, format!("array `{name}' needs a size"));
            return;
        }
        if constant {
            let e = init_e.expect("const has an initializer");
            match self.fold(e) {
                Some(v) => {
                    self.declare(name, Symbol::Const(v, ty), span);
                    return;
                }
                // GLSL 4.20+: const locals may have non-constant initializers (they are
                // read-only variables, not constant expressions).
                None if self.version >= 420 || self.ext("GL_ARB_shading_language_420pack") => {}
                None => {
                    self.error(
                        span,
                        format!("initializer of const `{name}' must be a constant expression"),
                    );
                    return;
                }
            }
        }
        self.add_local(name, ty, constant, q.memory, span, init_e);
    }

    /// Adds a local, declares it, and emits its declaration statement.
    pub(super) fn add_local(
        &mut self,
        name: &str,
        ty: TypeId,
        constant: bool,
        memory: MemoryQualifiers,
        span: Span,
        init: Option<ExprId>,
    ) -> LocalId {
        let f = &mut self.f().func;
        let id = LocalId(f.locals.len() as u32);
        f.locals.push(Local {
            name: name.to_string(),
            ty,
            param: None,
            constant,
            memory,
            span,
        });
        self.declare(name, Symbol::Local(id), span);
        self.emit(StmtKind::Declare { local: id, init }, span);
        id
    }
}
