//! Stage inputs and outputs (GLSL 4.60 §4.3.4-§4.3.6, §4.4.1-§4.4.2): their qualifiers
//! and layouts, interface blocks between stages, and the redeclaration of built-in
//! variables and of the gl_PerVertex blocks.

use crate::glsl::sema::io_layout::Placement;
use crate::glsl::sema::qualifiers::{Qualifiers, StorageQ};
use crate::glsl::sema::stages::PER_VERTEX;
use crate::glsl::sema::stages::per_vertex_dir;
use crate::glsl::sema::stages::primitive_vertices;
use crate::glsl::sema::stages::stage_builtin;
use crate::glsl::sema::{Checker, Symbol};
use crate::ir::shader::Stage;
use crate::ir::*;
use crate::limits;
use glsl_lang::ast;

impl Checker<'_> {
    /// Whether inputs (or outputs) of this stage are arrays over the vertices of a
    /// primitive or patch (GLSL 4.60 §4.3.4, §4.3.6), unless `patch`.
    fn per_vertex(&self, output: bool) -> bool {
        match self.stage {
            Stage::Geometry | Stage::TessEvaluation => !output,
            Stage::TessControl => true,
            _ => false,
        }
    }

    /// The size an unsized per-vertex array takes: the geometry input primitive's
    /// vertices, the tessellation control output patch's, else gl_MaxPatchVertices (a
    /// geometry shader's primitive declared later sizes it at most 6).
    pub fn per_vertex_size(&self, output: bool) -> u32 {
        let l = &self.m.stage_layout;
        match self.stage {
            Stage::Geometry => l.input_primitive.map_or(6, primitive_vertices),
            Stage::TessControl if output => l
                .patch_vertices
                .unwrap_or(limits::MAX_PATCH_VERTICES as u32),
            _ => limits::MAX_PATCH_VERTICES as u32,
        }
    }

    /// The per-vertex array of `elem` for a declaration `t` that is (or should be) an
    /// array: an unsized one takes the stage's size; a sized geometry input must match
    /// its primitive.
    fn per_vertex_type(
        &mut self,
        t: TypeId,
        output: bool,
        what: &str,
        span: Span,
    ) -> Option<TypeId> {
        match self.m.types.get(t).clone() {
            Type::Array(e, None) => {
                let n = self.per_vertex_size(output);
                Some(self.m.types.array(e, Some(n)))
            }
            Type::Array(_, Some(n)) => {
                if self.stage == Stage::Geometry
                    && let Some(p) = self.m.stage_layout.input_primitive
                    && primitive_vertices(p) != n
                {
                    self.error(
                        span,
                        format!(
                            "{what} has {n} elements, but the input primitive `{p}' has {} vertices",
                            primitive_vertices(p)
                        ),
                    );
                }
                Some(t)
            }
            _ => {
                self.error(
                    span,
                    format!(
                        "{what}: {} shader {} must be arrays (one element per vertex)",
                        self.stage.name(),
                        if output { "outputs" } else { "inputs" }
                    ),
                );
                None
            }
        }
    }

    /// The interpolation and auxiliary qualifiers of an input or output, checked for
    /// the stage and direction.
    fn io_qualifiers(&mut self, q: &Qualifiers, output: bool, span: Span) -> IoQualifiers {
        let mut io = IoQualifiers::default();
        if let Some((i, _)) = q.interpolation {
            io.interpolation = i;
        }
        io.centroid = q.has(StorageQ::Other("centroid"));
        io.sample = q.has(StorageQ::Other("sample"));
        io.patch = q.has(StorageQ::Other("patch"));
        let vertex_in = self.stage == Stage::Vertex && !output;
        let fragment_out = self.stage == Stage::Fragment && output;
        if (vertex_in || fragment_out)
            && (q.interpolation.is_some() || io.centroid || io.sample || io.patch)
        {
            self.error(
                span,
                format!(
                    "interpolation and auxiliary qualifiers cannot be used on {}",
                    if vertex_in {
                        "vertex shader inputs"
                    } else {
                        "fragment shader outputs"
                    }
                ),
            );
        }
        if io.patch
            && !matches!(
                (self.stage, output),
                (Stage::TessControl, true) | (Stage::TessEvaluation, false)
            )
        {
            self.error(
                span,
                "`patch' applies to tessellation control outputs and tessellation evaluation inputs only",
            );
        }
        io.per_vertex = self.per_vertex(output) && !io.patch;
        io
    }

    /// A global `in` or `out` variable of a graphics stage (also `attribute` and
    /// `varying` of GLSL before 1.40).
    pub(super) fn io_variable(
        &mut self,
        q: &Qualifiers,
        output: bool,
        name: &str,
        ty: TypeId,
        has_init: bool,
        span: Span,
    ) {
        if name.starts_with("gl_") {
            self.redeclare_builtin(q, output, name, ty, span);
            return;
        }
        if has_init {
            self.error(
                span,
                format!(
                    "shader {} `{name}' cannot have an initializer",
                    if output { "output" } else { "input" }
                ),
            );
            return;
        }
        // GLSL 1.30 made `in' and `out' storage qualifiers of globals (before, the
        // words are reserved and `attribute'/`varying' are used).
        if self.version < 130
            && q.storage
                .iter()
                .any(|s| matches!(s.0, StorageQ::In | StorageQ::Out))
        {
            self.error(
                span,
                "`in' and `out' qualify global variables from GLSL 1.30 on; use `attribute' or `varying'",
            );
            return;
        }
        let mut io = self.io_qualifiers(q, output, span);
        let layout = self.io_layout(q, output, Placement::Variable);
        io.index = layout.index;
        let location = layout.location;
        let what = format!("`{name}'");
        // GLSL 1.50 §4.3.4: inputs and outputs may be structures from GLSL 1.50 on.
        if self.version < 150 && self.type_contains(ty, |t| matches!(t, Type::Struct(_))) {
            self.error(
                span,
                format!("{what}: shader inputs and outputs cannot be structures before GLSL 1.50"),
            );
            return;
        }
        let stage = self.stage;
        let kind = if output { "output" } else { "input" };
        // GLSL 4.60 §4.3.4, §4.3.6: no booleans or opaque types; vertex inputs and
        // fragment outputs are no structures; fragment outputs are float or integer
        // scalars and vectors (or arrays of them).
        if self.type_contains(ty, |t| {
            matches!(
                t,
                Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _)
            )
        }) {
            self.error(span, format!("{what}: shader {kind}s cannot be booleans"));
            return;
        }
        if self.m.types.is_opaque(ty) {
            self.error(
                span,
                format!("{what}: shader {kind}s cannot have opaque types"),
            );
            return;
        }
        let is_struct = |t: &Type| matches!(t, Type::Struct(_));
        let vertex_in_or_fragment_out =
            (stage == Stage::Vertex && !output) || (stage == Stage::Fragment && output);
        if vertex_in_or_fragment_out && self.type_contains(ty, is_struct) {
            self.error(
                span,
                format!(
                    "{what}: {} shader {kind}s cannot be structures",
                    stage.name()
                ),
            );
            return;
        }
        if stage == Stage::Fragment
            && output
            && self.type_contains(ty, |t| {
                matches!(
                    t,
                    Type::Matrix { .. }
                        | Type::Scalar(Scalar::Double)
                        | Type::Vector(Scalar::Double, _)
                )
            })
        {
            self.error(
                span,
                format!(
                    "{what}: fragment shader outputs are float, int or uint scalars or vectors"
                ),
            );
            return;
        }
        // GLSL 4.60 §4.5: integer and double fragment inputs must be flat.
        if stage == Stage::Fragment
            && !output
            && io.interpolation != Interpolation::Flat
            && self.type_contains(ty, |t| {
                matches!(
                    t,
                    Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix { scalar: s, .. }
                        if matches!(s, Scalar::Int | Scalar::Uint | Scalar::Double | Scalar::Int64 | Scalar::Uint64)
                )
            })
        {
            self.error(
                span,
                format!("{what}: integer and double fragment shader inputs must be qualified `flat'"),
            );
        }
        let ty = if io.per_vertex {
            match self.per_vertex_type(ty, output, &what, span) {
                Some(t) => t,
                None => return,
            }
        } else if self.m.types.is_unsized(ty) {
            self.error(span, format!("{what}: array needs a size"));
            return;
        } else {
            ty
        };
        let elem = if io.per_vertex {
            self.m.types.element(ty).unwrap_or(ty)
        } else {
            ty
        };
        if let Some(c) = layout.component {
            self.check_component(c, location.is_some(), elem, span);
            io.component = Some(c);
        }
        if output {
            (io.xfb_buffer, io.xfb_offset) = self.xfb_place(&layout, elem, span);
        }
        self.push_io(name, ty, output, location, io, q.memory, span, true);
    }

    /// Adds an input or output global (declared under `name` when `declare`).
    #[allow(clippy::too_many_arguments)]
    pub fn push_io(
        &mut self,
        name: &str,
        ty: TypeId,
        output: bool,
        location: Option<i32>,
        io: IoQualifiers,
        memory: MemoryQualifiers,
        span: Span,
        declare: bool,
    ) -> GlobalId {
        let id = GlobalId(self.m.globals.len() as u32);
        self.m.globals.push(Global {
            name: name.to_string(),
            ty,
            storage: if output {
                Storage::Output
            } else {
                Storage::Input
            },
            binding: None,
            location,
            offset: None,
            format: None,
            memory,
            init: None,
            span,
            used: false,
            io: Some(Box::new(io)),
        });
        if declare {
            self.declare(name, Symbol::Global(id), span);
        }
        id
    }

    /// A redeclared built-in input or output (`out float gl_ClipDistance[4];`,
    /// `layout(origin_upper_left) in vec4 gl_FragCoord;`): allowed for the stage's own
    /// built-ins with their type; the built-in stays what the stage declares.
    fn redeclare_builtin(
        &mut self,
        q: &Qualifiers,
        output: bool,
        name: &str,
        ty: TypeId,
        span: Span,
    ) {
        if !self.builtin_declared(name) {
            self.error(
                span,
                format!(
                    "`{name}' is not a built-in variable of GLSL {}",
                    self.version
                ),
            );
            return;
        }
        // The compatibility profile's varyings may be redeclared (with interpolation
        // qualifiers, GLSL 1.30 §4.3.7; gl_TexCoord with a size, GLSL 1.10 §7.6).
        if self.redeclare_compat(name, output, ty, span) {
            return;
        }
        let Some(b) = stage_builtin(self.stage, name).filter(|b| b.output == output) else {
            self.error(
                span,
                format!(
                    "`{name}' is not a built-in {} of {} shaders that can be redeclared",
                    if output { "output" } else { "input" },
                    self.stage.name()
                ),
            );
            return;
        };
        if let Some(d) = per_vertex_dir(self.stage, name, output) {
            if self.per_vertex_use[d].redeclared.is_some() {
                self.error(
                    span,
                    format!("`{name}' cannot be redeclared after gl_PerVertex is redeclared"),
                );
            }
            self.per_vertex_use[d].member_redeclared = true;
        }
        self.check_clip_size(name, ty, output, span);
        let want = self.builtin_type(b.ty, output);
        let elem = |c: &Self, t: TypeId| match c.m.types.get(t) {
            Type::Array(e, _) => Some(*e),
            _ => None,
        };
        let same = ty == want || (elem(self, ty).is_some() && elem(self, ty) == elem(self, want));
        if !same {
            self.error(
                span,
                format!(
                    "`{name}' is redeclared as {}; it is {}",
                    self.tname(ty),
                    self.tname(want)
                ),
            );
        }
        // GLSL 1.50 §4.3.8.1: every redeclaration of gl_FragCoord has the same set of
        // layout qualifiers.
        if name == "gl_FragCoord" {
            let mut set: Vec<String> = q.layout.iter().map(|l| l.name.clone()).collect();
            set.sort();
            set.dedup();
            match &self.frag_coord_layout {
                Some(prev) if *prev != set => self.error(
                    span,
                    "gl_FragCoord is redeclared with a different set of layout qualifiers",
                ),
                _ => self.frag_coord_layout = Some(set),
            }
        }
        for l in &q.layout {
            let ok = match name {
                "gl_FragCoord" => matches!(
                    l.name.as_str(),
                    "origin_upper_left" | "pixel_center_integer"
                ),
                "gl_FragDepth" => matches!(
                    l.name.as_str(),
                    "depth_any" | "depth_greater" | "depth_less" | "depth_unchanged"
                ),
                // GLSL 4.60 §7.1: a redeclared built-in output may take transform
                // feedback qualifiers.
                _ if output && l.name.starts_with("xfb_") => true,
                _ => false,
            };
            if !ok {
                self.error(
                    l.span,
                    format!("layout qualifier `{}' is not allowed on `{name}'", l.name),
                );
            }
        }
        let id = self.builtin_global(name, b);
        if output && q.layout.iter().any(|l| l.name.starts_with("xfb_")) {
            let mut xq = q.clone();
            xq.layout.retain(|l| l.name.starts_with("xfb_"));
            let layout = self.io_layout(&xq, output, Placement::Variable);
            let (buffer, offset) = self.xfb_place(&layout, ty, span);
            if let Some(io) = self.m.globals[id.0 as usize].io.as_mut() {
                io.xfb_buffer = buffer;
                io.xfb_offset = offset;
            }
        }
    }

    /// The `gl_PerVertex` struct (GLSL 4.60 §7.1), defined once per module.
    pub fn per_vertex_struct(&mut self) -> TypeId {
        if let Some(i) = self
            .m
            .types
            .structs
            .iter()
            .position(|s| s.name == "gl_PerVertex")
        {
            return self.m.types.struct_type(StructId(i as u32));
        }
        let f = self.m.types.scalar(Scalar::Float);
        let v4 = self.m.types.vector(Scalar::Float, 4);
        let clip = self.m.types.array(f, Some(limits::MAX_CLIP_DISTANCES));
        let cull = self.m.types.array(f, Some(limits::MAX_CULL_DISTANCES));
        let member = |name: &str, ty| StructMember {
            name: name.into(),
            ty,
            row_major: None,
            matrix_stride: None,
            offset: None,
            align: None,
            memory: MemoryQualifiers::default(),
            span: Span::default(),
        };
        self.m.types.add_struct(StructDef {
            name: "gl_PerVertex".into(),
            members: vec![
                member(PER_VERTEX[0], v4),
                member(PER_VERTEX[1], f),
                member(PER_VERTEX[2], clip),
                member(PER_VERTEX[3], cull),
            ],
            span: Span::default(),
        })
    }

    /// `in Block { ... } name;` / `out Block { ... };` of a graphics stage (GLSL 4.60
    /// §4.3.9), including redeclarations of `gl_PerVertex`.
    pub(super) fn io_block(&mut self, b: &ast::Block, q: &Qualifiers, output: bool, span: Span) {
        let name = b.name.0.to_string();
        let kind = if output { "output" } else { "input" };
        if (self.stage == Stage::Vertex && !output) || (self.stage == Stage::Fragment && output) {
            self.error(
                span,
                format!("{} shaders cannot have {kind} blocks", self.stage.name()),
            );
            return;
        }
        if name == "gl_PerVertex" {
            // GLSL 4.60 §7.1 lets a redeclaration add transform feedback qualifiers;
            // glcompute does not record gl_PerVertex members, and says so.
            let member_layout = b.fields.iter().any(|f| {
                f.qualifier.as_ref().is_some_and(|fq| {
                    fq.qualifiers
                        .iter()
                        .any(|x| matches!(x.content, ast::TypeQualifierSpecData::Layout(_)))
                })
            });
            if !q.layout.is_empty() || member_layout {
                self.error(
                    span,
                    "layout qualifiers on a redeclared gl_PerVertex block are not supported by glcompute",
                );
            }
            self.redeclare_per_vertex(b, output, span);
            return;
        }
        let mut io = self.io_qualifiers(q, output, span);
        let layout = self.io_layout(q, output, Placement::Block);
        let location = layout.location;
        let block_buffer = layout.xfb_buffer.unwrap_or(self.xfb_default_buffer);
        io.block = Some(name.clone());
        let same_dir_twice = self.m.globals.iter().any(|g| {
            g.storage
                == if output {
                    Storage::Output
                } else {
                    Storage::Input
                }
                && g.io
                    .as_ref()
                    .is_some_and(|x| x.block.as_deref() == Some(name.as_str()))
        });
        if !same_dir_twice && !self.claim_block_name(&name, span) {
            return;
        }
        if self.m.globals.iter().any(|g| {
            g.storage
                == if output {
                    Storage::Output
                } else {
                    Storage::Input
                }
                && g.io
                    .as_ref()
                    .is_some_and(|x| x.block.as_deref() == Some(name.as_str()))
        }) {
            self.error(span, format!("{kind} block `{name}' is declared twice"));
            return;
        }
        let mut members: Vec<StructMember> = Vec::new();
        let mut member_io: Vec<MemberIo> = Vec::new();
        let mut member_types: Vec<(TypeId, Span)> = Vec::new();
        for field in &b.fields {
            let fspan = self.span_of(field);
            let fq = self.qualifiers(field.qualifier.as_ref());
            if fq.storage.iter().any(|s| {
                !matches!(
                    s.0,
                    StorageQ::In | StorageQ::Out | StorageQ::Other("centroid" | "sample" | "patch")
                )
            }) {
                self.error(fspan, "block members may not have storage qualifiers");
            }
            let ml = self.io_layout(&fq, output, Placement::Member);
            // GLSL 4.60 §4.4.2.1: a member's buffer is its block's.
            if let Some(b) = ml.xfb_buffer
                && b != block_buffer
            {
                self.error(
                    fspan,
                    format!("a member's xfb_buffer ({b}) must be its block's ({block_buffer})"),
                );
            }
            if let Some(st) = ml.xfb_stride {
                self.xfb_record_stride(block_buffer, st, fspan);
            }
            if let ast::TypeSpecifierNonArrayData::Struct(_) = &field.ty.ty.content {
                self.error(fspan, "structure definitions are not allowed inside blocks");
                continue;
            }
            let Some(base) = self.type_spec(&field.ty) else {
                continue;
            };
            for ident in &field.identifiers {
                let ispan = self.span_of(ident);
                let Some(ty) = self.apply_array(base, ident.array_spec.as_ref(), false) else {
                    continue;
                };
                let n = ident.ident.0.to_string();
                if n.starts_with("gl_") {
                    self.error(
                        ispan,
                        format!("block member `{n}' uses reserved prefix `gl_'"),
                    );
                    continue;
                }
                if self.m.types.is_opaque(ty)
                    || self.type_contains(ty, |t| {
                        matches!(
                            t,
                            Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _)
                        )
                    })
                {
                    self.error(
                        ispan,
                        format!("block member `{n}' cannot be a boolean or opaque type"),
                    );
                    continue;
                }
                if self.m.types.is_unsized(ty) {
                    self.error(ispan, format!("block member `{n}' needs an array size"));
                    continue;
                }
                if members.iter().any(|m| m.name == n) {
                    self.error(ispan, format!("block member `{n}' declared twice"));
                    continue;
                }
                if let Some(c) = ml.component {
                    self.check_component(c, ml.location.is_some(), ty, ispan);
                }
                member_io.push(MemberIo {
                    location: ml.location,
                    component: ml.component,
                    xfb_offset: ml.xfb_offset,
                });
                member_types.push((ty, ispan));
                members.push(StructMember {
                    name: n,
                    ty,
                    row_major: None,
                    matrix_stride: None,
                    offset: None,
                    align: None,
                    memory: MemoryQualifiers::default(),
                    span: ispan,
                });
            }
        }
        if members.is_empty() {
            self.error(span, format!("block `{name}' has no members"));
            return;
        }
        let sty = self.m.types.add_struct(StructDef {
            name: name.clone(),
            members,
            span,
        });
        let instance = b.identifier.as_ref().map(|i| i.ident.0.to_string());
        let mut gty = match &b.identifier {
            Some(i) => match self.apply_array(sty, i.array_spec.as_ref(), false) {
                Some(t) => t,
                None => return,
            },
            None => sty,
        };
        if io.per_vertex {
            if instance.is_none() {
                self.error(
                    span,
                    format!(
                        "{kind} block `{name}' of a {} shader needs an instance array",
                        self.stage.name()
                    ),
                );
                return;
            }
            match self.per_vertex_type(gty, output, &format!("block `{name}'"), span) {
                Some(t) => gty = t,
                None => return,
            }
        } else if self.m.types.is_unsized(gty) {
            self.error(span, format!("block `{name}' needs an array size"));
            return;
        }
        let arrayed = {
            let t = if io.per_vertex {
                self.m.types.element(gty).unwrap_or(gty)
            } else {
                gty
            };
            matches!(self.m.types.get(t), Type::Array(..))
        };
        self.check_member_locations(&name, location, arrayed, &member_io, &member_types, span);
        if output {
            let (buffer, offset) = self.xfb_place(&layout, sty, span);
            io.xfb_buffer = buffer;
            io.xfb_offset = offset;
            self.xfb_member_offsets(offset, &mut member_io, &member_types);
        }
        io.members = member_io;
        let gname = instance.clone().unwrap_or_else(|| name.clone());
        let gid = self.push_io(
            &gname,
            gty,
            output,
            location,
            io,
            MemoryQualifiers::default(),
            span,
            false,
        );
        match instance {
            Some(inst) => {
                self.declare(&inst, Symbol::Global(gid), span);
            }
            None => {
                let Type::Struct(sid) = self.m.types.get(sty).clone() else {
                    return;
                };
                let names: Vec<(String, Span)> = self
                    .m
                    .types
                    .struct_def(sid)
                    .members
                    .iter()
                    .map(|m| (m.name.clone(), m.span))
                    .collect();
                for (i, (n, s)) in names.into_iter().enumerate() {
                    self.declare(&n, Symbol::BlockMember(gid, i as u32), s);
                }
            }
        }
    }

    /// The member locations of an input or output block (GLSL 4.60 §4.4.1): without
    /// a block location, all members have one or none; none in a block declared as
    /// an array (the per-vertex array aside); no two members on one location (unless
    /// both choose components).
    fn check_member_locations(
        &mut self,
        name: &str,
        location: Option<i32>,
        arrayed: bool,
        members: &[MemberIo],
        types: &[(TypeId, Span)],
        span: Span,
    ) {
        let with = members.iter().filter(|m| m.location.is_some()).count();
        if with == 0 {
            return;
        }
        if arrayed {
            self.error(
                span,
                format!(
                    "block `{name}' is declared as an array: its members cannot have locations"
                ),
            );
            return;
        }
        if location.is_none() && with != members.len() {
            self.error(
                span,
                format!(
                    "block `{name}' has no location: either all of its members have locations or none"
                ),
            );
            return;
        }
        let mut next = location.map(i64::from);
        let mut taken: Vec<(i64, i64, bool)> = Vec::new();
        for (m, &(ty, mspan)) in members.iter().zip(types) {
            let Some(at) = m.location.map(i64::from).or(next) else {
                continue;
            };
            let n = crate::ir::layout::io_slots(&self.m.types, ty).min(i64::MAX as u64) as i64;
            let end = at.saturating_add(n);
            let partial = m.component.is_some();
            if taken
                .iter()
                .any(|&(s, e, p)| at < e && s < end && !(partial && p))
            {
                self.error(
                    mspan,
                    format!("a member of block `{name}' overlaps another at location {at}"),
                );
            }
            taken.push((at, end, partial));
            next = Some(end);
        }
    }

    /// `out gl_PerVertex { vec4 gl_Position; };` (GLSL 4.60 §7.1.1): a subset of the
    /// built-in block's members, with their types, under the built-in's instance name.
    fn redeclare_per_vertex(&mut self, b: &ast::Block, output: bool, span: Span) {
        let (allowed, instance) = match (self.stage, output) {
            (Stage::Vertex | Stage::TessEvaluation | Stage::Geometry, true) => (true, None),
            (Stage::TessControl, true) => (true, Some("gl_out")),
            (Stage::TessControl | Stage::TessEvaluation | Stage::Geometry, false) => {
                (true, Some("gl_in"))
            }
            _ => (false, None),
        };
        if !allowed {
            self.error(
                span,
                format!(
                    "{} shaders have no {} gl_PerVertex block",
                    self.stage.name(),
                    if output { "output" } else { "input" }
                ),
            );
            return;
        }
        let given = b.identifier.as_ref().map(|i| i.ident.0.as_str());
        let arrayed = b
            .identifier
            .as_ref()
            .is_some_and(|i| i.array_spec.is_some());
        if given != instance || (instance.is_some() && !arrayed) {
            self.error(
                span,
                format!(
                    "gl_PerVertex must be redeclared {}",
                    match instance {
                        Some(i) => format!("with the instance array `{i}[]'"),
                        None => "without an instance name".into(),
                    }
                ),
            );
            return;
        }
        let d = output as usize;
        let pv = &self.per_vertex_use[d];
        let problem = if pv.redeclared.is_some() {
            Some("gl_PerVertex is redeclared more than once")
        } else if pv.used {
            Some("gl_PerVertex is redeclared after its members were used")
        } else if pv.member_redeclared {
            Some("gl_PerVertex is redeclared after one of its members was redeclared as a variable")
        } else {
            None
        };
        if let Some(p) = problem {
            self.error(span, p);
            return;
        }
        let mut names = Vec::new();
        let s = self.per_vertex_struct();
        let Type::Struct(sid) = self.m.types.get(s).clone() else {
            return;
        };
        let def = self.m.types.struct_def(sid).clone();
        for field in &b.fields {
            let Some(base) = self.type_spec(&field.ty) else {
                continue;
            };
            for ident in &field.identifiers {
                let ispan = self.span_of(ident);
                let n = ident.ident.0.as_str();
                let Some(ty) = self.apply_array(base, ident.array_spec.as_ref(), false) else {
                    continue;
                };
                let Some(m) = def
                    .members
                    .iter()
                    .find(|m| m.name == n)
                    .filter(|_| self.builtin_declared(n))
                else {
                    self.error(ispan, format!("`{n}' is not a member of gl_PerVertex"));
                    continue;
                };
                names.push(n.to_string());
                self.check_clip_size(n, ty, output, ispan);
                let same = ty == m.ty
                    || matches!((self.m.types.get(ty), self.m.types.get(m.ty)), (Type::Array(a, _), Type::Array(b, _)) if a == b);
                if !same {
                    self.error(
                        ispan,
                        format!(
                            "`{n}' is redeclared as {}; it is {}",
                            self.tname(ty),
                            self.tname(m.ty)
                        ),
                    );
                }
            }
        }
        self.per_vertex_use[d].redeclared = Some(names);
    }

    /// GLSL 4.60 §7.1: gl_ClipDistance has at most gl_MaxClipDistances elements,
    /// gl_CullDistance at most gl_MaxCullDistances, and the two together (redeclared
    /// in the same direction) at most gl_MaxCombinedClipAndCullDistances.
    fn check_clip_size(&mut self, name: &str, ty: TypeId, output: bool, span: Span) {
        let (limit, what, which) = match name {
            "gl_ClipDistance" => (limits::MAX_CLIP_DISTANCES, "gl_MaxClipDistances", 0),
            "gl_CullDistance" => (limits::MAX_CULL_DISTANCES, "gl_MaxCullDistances", 1),
            _ => return,
        };
        let Type::Array(_, Some(n)) = *self.m.types.get(ty) else {
            return;
        };
        if n > limit {
            self.error(
                span,
                format!("{name} is redeclared with {n} elements, more than {what} ({limit})"),
            );
            return;
        }
        let sizes = &mut self.clip_cull[output as usize];
        sizes[which] = Some(n);
        if let [Some(clip), Some(cull)] = *sizes {
            let max = limits::MAX_COMBINED_CLIP_AND_CULL_DISTANCES;
            if clip.saturating_add(cull) > max {
                self.error(
                    span,
                    format!(
                        "gl_ClipDistance ({clip}) and gl_CullDistance ({cull}) together have more elements than gl_MaxCombinedClipAndCullDistances ({max})"
                    ),
                );
            }
        }
    }
}
