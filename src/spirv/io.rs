//! The inputs and outputs of the graphics stages (GL 4.6 §7.4.1 and appendix C,
//! ARB_gl_spirv): built-in variables become the IR's built-in globals under their GLSL
//! names (a non-array `gl_PerVertex` block is split into one global per member, which
//! access chains pick by their first index), user variables become input and output
//! globals with their locations, components, interpolation, `patch` and transform
//! feedback decorations, so the linker matches SPIR-V stages by location as it matches
//! GLSL stages. The graphics stages are checked and linked, never compiled to native
//! code.

use crate::ir::shader::Stage;
use crate::ir::stage_builtins::{BTy, BVar, stage_builtin};
use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::lower::{Lower, Root};
use crate::spirv::module::*;
use spirv::{BuiltIn, Decoration as D};

/// The GLSL name of SPIR-V built-in `b` of a graphics stage (GL 4.6 appendix C.2).
fn glsl_name(b: BuiltIn, stage: Stage, output: bool) -> Option<&'static str> {
    Some(match b {
        BuiltIn::Position => "gl_Position",
        BuiltIn::PointSize => "gl_PointSize",
        BuiltIn::ClipDistance => "gl_ClipDistance",
        BuiltIn::CullDistance => "gl_CullDistance",
        BuiltIn::VertexId => "gl_VertexID",
        BuiltIn::InstanceId => "gl_InstanceID",
        BuiltIn::BaseVertex => "gl_BaseVertex",
        BuiltIn::BaseInstance => "gl_BaseInstance",
        BuiltIn::DrawIndex => "gl_DrawID",
        BuiltIn::PrimitiveId if stage == Stage::Geometry && !output => "gl_PrimitiveIDIn",
        BuiltIn::PrimitiveId => "gl_PrimitiveID",
        BuiltIn::InvocationId => "gl_InvocationID",
        BuiltIn::Layer => "gl_Layer",
        BuiltIn::ViewportIndex => "gl_ViewportIndex",
        BuiltIn::TessLevelOuter => "gl_TessLevelOuter",
        BuiltIn::TessLevelInner => "gl_TessLevelInner",
        BuiltIn::TessCoord => "gl_TessCoord",
        BuiltIn::PatchVertices => "gl_PatchVerticesIn",
        BuiltIn::FragCoord => "gl_FragCoord",
        BuiltIn::PointCoord => "gl_PointCoord",
        BuiltIn::FrontFacing => "gl_FrontFacing",
        BuiltIn::SampleId => "gl_SampleID",
        BuiltIn::SamplePosition => "gl_SamplePosition",
        BuiltIn::SampleMask if output => "gl_SampleMask",
        BuiltIn::SampleMask => "gl_SampleMaskIn",
        BuiltIn::FragDepth => "gl_FragDepth",
        BuiltIn::HelperInvocation => "gl_HelperInvocation",
        _ => return None,
    })
}

/// Whether IR type `ty` is a form of built-in type `b`: its scalar kind and shape
/// (signed or unsigned integers alike; arrays of any size up to `max`).
fn fits(types: &Types, ty: TypeId, b: BTy) -> bool {
    let int = |t: TypeId| matches!(types.get(t), Type::Scalar(Scalar::Int | Scalar::Uint));
    let float = |t: TypeId| types.get(t) == &Type::Scalar(Scalar::Float);
    match (b, types.get(ty)) {
        (BTy::Int, _) => int(ty),
        (BTy::Float, _) => float(ty),
        (BTy::Bool, t) => t == &Type::Scalar(Scalar::Bool),
        (BTy::Vec(n), Type::Vector(Scalar::Float, m)) => n == *m,
        (BTy::FloatArray(max), Type::Array(e, Some(n))) => float(*e) && *n >= 1 && *n <= max,
        (BTy::IntArray(_), Type::Array(e, Some(n))) => int(*e) && *n >= 1,
        _ => false,
    }
}

/// Whether inputs (or outputs) of `stage` are arrays over the vertices of a primitive
/// or patch (GLSL 4.60 §4.3.4, §4.3.6).
fn per_vertex(stage: Stage, output: bool) -> bool {
    match stage {
        Stage::TessControl => true,
        Stage::TessEvaluation | Stage::Geometry => !output,
        _ => false,
    }
}

impl Lower<'_, '_> {
    /// Input or output variable `id` of a graphics stage, whose pointer type points at
    /// `pointee`.
    pub fn stage_io(&mut self, id: u32, pointee: u32, output: bool) -> SpvResult<()> {
        let m = self.m;
        let err = |msg: String| m.err_at(id, msg);
        let dir = if output { "output" } else { "input" };
        if let Some(b) = m.decoration(id, D::BuiltIn) {
            let b = b.first().copied().unwrap_or(u32::MAX);
            let ty = self.ty(pointee)?;
            let g = self.builtin_io(b, ty, output).map_err(err)?;
            self.globals.insert(id, Root::Global(g));
            return Ok(());
        }
        // The struct under the variable's arrays, if it is one.
        let mut base = pointee;
        let mut arrays = 0;
        while let Some(Def::Type(TypeDef::Array { elem, .. })) = m.defs.get(&base) {
            base = *elem;
            arrays += 1;
        }
        let members = match m.defs.get(&base) {
            Some(Def::Type(TypeDef::Struct { members, .. })) => Some(members.len() as u32),
            _ => None,
        };
        let is_block = members.is_some() && m.decoration(base, D::Block).is_some();
        let builtin_members = members
            .is_some_and(|n| (0..n).any(|i| m.member_decoration(base, i, D::BuiltIn).is_some()));
        if is_block && builtin_members {
            return self.builtin_block(id, pointee, base, arrays, output);
        }
        let location = m
            .decoration(id, D::Location)
            .and_then(|v| v.first().copied())
            .map(|l| l as i32);
        let member_io: Vec<MemberIo> = match members {
            Some(n) if is_block => (0..n)
                .map(|i| {
                    let get = |d: D| {
                        m.member_decoration(base, i, d)
                            .and_then(|v| v.first().copied())
                    };
                    MemberIo {
                        location: get(D::Location).map(|l| l as i32),
                        component: get(D::Component),
                        xfb_offset: get(D::Offset),
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        // ARB_gl_spirv (the validation rules of its "SPIR-V environment"): every
        // user-defined input and output has a Location, on the variable or, for a
        // block, on each member.
        if location.is_none()
            && (!is_block || member_io.is_empty() || member_io.iter().any(|x| x.location.is_none()))
        {
            return Err(err(format!(
                "{dir} variable {id} has no Location decoration (ARB_gl_spirv: user-defined inputs and outputs have explicit locations)"
            )));
        }
        let ty = self.ty(pointee)?;
        let get = |d: D| m.decoration(id, d).and_then(|v| v.first().copied());
        let has = |d: D| m.decoration(id, d).is_some() || m.decoration(base, d).is_some();
        let patch = has(D::Patch);
        let pv = per_vertex(self.stage, output) && !patch;
        if pv && !matches!(self.out.types.get(ty), Type::Array(..)) {
            return Err(err(format!(
                "{dir} variable {id} of a {} shader is not an array over the vertices",
                self.stage.name()
            )));
        }
        let interpolation = if has(D::Flat) {
            Interpolation::Flat
        } else if has(D::NoPerspective) {
            Interpolation::NoPerspective
        } else {
            Interpolation::Smooth
        };
        let xfb_buffer = get(D::XfbBuffer).unwrap_or(0);
        if let Some(stride) = get(D::XfbStride) {
            let strides = &mut self.out.stage_layout.xfb_strides;
            match strides.iter().find(|(b, _)| *b == xfb_buffer) {
                Some((_, s)) if *s != stride => {
                    return Err(err(format!(
                        "transform feedback buffer {xfb_buffer} has two strides ({s} and {stride})"
                    )));
                }
                Some(_) => {}
                None => strides.push((xfb_buffer, stride)),
            }
        }
        let unnamed = !m.names.contains_key(&id) || m.names[&id].is_empty();
        let block = is_block.then(|| match self.name(base) {
            n if n.is_empty() => format!("_spvblock{base}"),
            n => n,
        });
        let name = match (&block, unnamed) {
            (_, false) => self.name(id),
            (Some(b), true) => b.clone(),
            (None, true) => format!("_spv{id}"),
        };
        let io = IoQualifiers {
            interpolation,
            centroid: has(D::Centroid),
            sample: has(D::Sample),
            patch,
            index: get(D::Index),
            builtin: false,
            block,
            per_vertex: pv,
            component: get(D::Component),
            xfb_buffer,
            xfb_offset: get(D::Offset),
            members: member_io,
        };
        let gid = self.push_io(name, ty, output, location, io);
        self.globals.insert(id, Root::Global(gid));
        Ok(())
    }

    /// The global of built-in `b` (a SPIR-V BuiltIn value) of IR type `ty`.
    fn builtin_io(&mut self, b: u32, ty: TypeId, output: bool) -> Result<GlobalId, String> {
        let dir = if output { "output" } else { "input" };
        let known = BuiltIn::from_u32(b);
        let what = known.map_or(format!("{b}"), |k| format!("{k:?}"));
        let Some(name) = known.and_then(|k| glsl_name(k, self.stage, output)) else {
            return Err(format!(
                "built-in {what} is not one a {} shader has",
                self.stage.name()
            ));
        };
        let Some(BVar {
            output: out,
            ty: bty,
            patch,
        }) = stage_builtin(self.stage, name)
        else {
            return Err(format!(
                "built-in {what} is not one a {} shader has",
                self.stage.name()
            ));
        };
        if out != output {
            return Err(format!(
                "built-in {what} is not an {dir} of a {} shader",
                self.stage.name()
            ));
        }
        // Per-vertex built-ins of the stages whose inputs are arrays over vertices
        // come in gl_PerVertex blocks; others have their own type.
        let elem = match self.out.types.get(ty) {
            Type::Array(e, _)
                if per_vertex(self.stage, output)
                    && !patch
                    && !matches!(bty, BTy::FloatArray(_) | BTy::IntArray(_)) =>
            {
                *e
            }
            _ => ty,
        };
        if !fits(&self.out.types, elem, bty) {
            return Err(format!(
                "built-in {what} is declared as {}, which is not its type",
                self.out.types.name(ty)
            ));
        }
        if self
            .out
            .globals
            .iter()
            .any(|g| g.name == name && g.io.as_ref().is_some_and(|io| io.builtin))
        {
            return Err(format!("built-in {what} is declared twice"));
        }
        let int = self
            .out
            .types
            .scalar_of(elem)
            .is_some_and(|s| s != Scalar::Float);
        let io = IoQualifiers {
            builtin: true,
            patch,
            interpolation: if int {
                Interpolation::Flat
            } else {
                Interpolation::Smooth
            },
            ..IoQualifiers::default()
        };
        let gid = self.push_io(name.to_string(), ty, output, None, io);
        Ok(gid)
    }

    /// A block of built-ins (`gl_PerVertex`): an array of them is `gl_in` or `gl_out`
    /// (one global, its members reached by field); a single block is split into its
    /// members' globals.
    fn builtin_block(
        &mut self,
        id: u32,
        pointee: u32,
        base: u32,
        arrays: u32,
        output: bool,
    ) -> SpvResult<()> {
        let m = self.m;
        let err = |msg: String| m.err_at(id, msg);
        let Some(Def::Type(TypeDef::Struct { members, .. })) = m.defs.get(&base) else {
            unreachable!("checked by the caller")
        };
        let builtins: Vec<u32> = (0..members.len() as u32)
            .map(|i| {
                m.member_decoration(base, i, D::BuiltIn)
                    .and_then(|v| v.first().copied())
                    .ok_or_else(|| {
                        err(format!(
                            "member {i} of a block of built-ins is not a built-in"
                        ))
                    })
            })
            .collect::<SpvResult<_>>()?;
        let ty = self.ty(pointee)?;
        if arrays > 0 {
            let name = if output { "gl_out" } else { "gl_in" };
            if stage_builtin(self.stage, name).is_none_or(|b| b.output != output) {
                return Err(err(format!(
                    "an array of gl_PerVertex {}s in a {} shader",
                    if output { "output" } else { "input" },
                    self.stage.name()
                )));
            }
            let Type::Array(sty, _) = *self.out.types.get(ty) else {
                unreachable!("an array type")
            };
            let Type::Struct(sid) = *self.out.types.get(sty) else {
                return Err(err("a built-in block that is not a struct".into()));
            };
            for (i, &b) in builtins.iter().enumerate() {
                let known = BuiltIn::from_u32(b);
                let mt = self.out.types.struct_def(sid).members[i].ty;
                let ok = known
                    .and_then(|k| glsl_name(k, Stage::Vertex, true))
                    .filter(|n| crate::ir::stage_builtins::PER_VERTEX.contains(n))
                    .and_then(|n| {
                        let bv = stage_builtin(Stage::Vertex, n)?;
                        Some(fits(&self.out.types, mt, bv.ty))
                    })
                    .unwrap_or(false);
                if !ok {
                    return Err(err(format!(
                        "member {i} of gl_PerVertex is not Position, PointSize, ClipDistance or CullDistance of its type"
                    )));
                }
            }
            let io = IoQualifiers {
                builtin: true,
                per_vertex: true,
                ..IoQualifiers::default()
            };
            let gid = self.push_io(name.into(), ty, output, None, io);
            self.globals.insert(id, Root::Global(gid));
            return Ok(());
        }
        let Type::Struct(sid) = *self.out.types.get(ty) else {
            return Err(err("a built-in block that is not a struct".into()));
        };
        let mut globals = Vec::new();
        for (i, &b) in builtins.iter().enumerate() {
            let mt = self.out.types.struct_def(sid).members[i].ty;
            globals.push(self.builtin_io(b, mt, output).map_err(&err)?);
        }
        self.split.insert(id, (ty, globals));
        self.globals.insert(id, Root::Split(id));
        Ok(())
    }

    /// A new input (or output) global of type `ty` with qualifiers `io`.
    fn push_io(
        &mut self,
        name: String,
        ty: TypeId,
        output: bool,
        location: Option<i32>,
        io: IoQualifiers,
    ) -> GlobalId {
        let gid = GlobalId(self.out.globals.len() as u32);
        self.out.globals.push(Global {
            name,
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
            memory: MemoryQualifiers::default(),
            init: None,
            span: Span::default(),
            used: false,
            io: Some(Box::new(io)),
        });
        gid
    }
}

/// The execution modes of a graphics entry point (SPIR-V 1.6 §3.6) as the stage's
/// layout declarations: `modes` gives (mode, operands, word offset) of each.
pub fn stage_layout(
    layout: &mut StageLayout,
    stage: Stage,
    modes: &[(u32, &[u32], usize)],
) -> SpvResult<()> {
    use spirv::ExecutionMode as EM;
    for &(mode, ops, at) in modes {
        let arg = || {
            ops.first()
                .copied()
                .ok_or_else(|| error_at(at, "an execution mode without its operand"))
        };
        let geometry = stage == Stage::Geometry;
        let tess = matches!(stage, Stage::TessControl | Stage::TessEvaluation);
        let fits = match EM::from_u32(mode) {
            Some(EM::Invocations) if geometry => {
                layout.invocations = Some(arg()?);
                true
            }
            Some(EM::OutputVertices) if geometry => {
                layout.max_vertices = Some(arg()?);
                true
            }
            Some(EM::OutputVertices) if tess => {
                layout.patch_vertices = Some(arg()?);
                true
            }
            Some(EM::InputPoints) if geometry => set(&mut layout.input_primitive, "points"),
            Some(EM::InputLines) if geometry => set(&mut layout.input_primitive, "lines"),
            Some(EM::InputLinesAdjacency) if geometry => {
                set(&mut layout.input_primitive, "lines_adjacency")
            }
            Some(EM::Triangles) if geometry => set(&mut layout.input_primitive, "triangles"),
            Some(EM::InputTrianglesAdjacency) if geometry => {
                set(&mut layout.input_primitive, "triangles_adjacency")
            }
            Some(EM::OutputPoints) if geometry => set(&mut layout.output_primitive, "points"),
            Some(EM::OutputLineStrip) if geometry => {
                set(&mut layout.output_primitive, "line_strip")
            }
            Some(EM::OutputTriangleStrip) if geometry => {
                set(&mut layout.output_primitive, "triangle_strip")
            }
            Some(EM::Triangles) if tess => set(&mut layout.tess_mode, "triangles"),
            Some(EM::Quads) if tess => set(&mut layout.tess_mode, "quads"),
            Some(EM::Isolines) if tess => set(&mut layout.tess_mode, "isolines"),
            Some(EM::SpacingEqual) if tess => set(&mut layout.tess_spacing, "equal_spacing"),
            Some(EM::SpacingFractionalEven) if tess => {
                set(&mut layout.tess_spacing, "fractional_even_spacing")
            }
            Some(EM::SpacingFractionalOdd) if tess => {
                set(&mut layout.tess_spacing, "fractional_odd_spacing")
            }
            Some(EM::VertexOrderCw) if tess => set(&mut layout.tess_order, "cw"),
            Some(EM::VertexOrderCcw) if tess => set(&mut layout.tess_order, "ccw"),
            Some(EM::PointMode) if tess => {
                layout.point_mode = true;
                true
            }
            Some(EM::EarlyFragmentTests) if stage == Stage::Fragment => {
                layout.early_fragment_tests = true;
                true
            }
            Some(
                EM::OriginUpperLeft
                | EM::OriginLowerLeft
                | EM::PixelCenterInteger
                | EM::DepthReplacing
                | EM::DepthGreater
                | EM::DepthLess
                | EM::DepthUnchanged,
            ) if stage == Stage::Fragment => true,
            Some(EM::Xfb)
                if matches!(
                    stage,
                    Stage::Vertex | Stage::TessEvaluation | Stage::Geometry
                ) =>
            {
                layout.xfb_mode = true;
                true
            }
            _ => false,
        };
        if !fits {
            let name = EM::from_u32(mode).map_or(format!("{mode}"), |m| format!("{m:?}"));
            return Err(error_at(
                at,
                format!(
                    "execution mode {name} is not one a {} shader has",
                    stage.name()
                ),
            ));
        }
    }
    Ok(())
}

/// Sets a primitive or tessellation mode; false if the stage has named another.
fn set(slot: &mut Option<&'static str>, v: &'static str) -> bool {
    match slot {
        Some(old) if *old != v => false,
        _ => {
            *slot = Some(v);
            true
        }
    }
}
