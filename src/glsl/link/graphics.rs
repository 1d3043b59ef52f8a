//! Linking the graphics stages of a program (GL 4.6 §7.3, §7.4.1, §11.1.1, §15.2.3):
//! every stage's shaders are imported into the program's one module, with functions
//! and per-stage variables kept apart by stage while uniforms and blocks are one
//! variable across stages; each stage needs one `main` and its layout declarations;
//! consecutive stages' outputs and inputs are matched by location or name, with equal
//! types; vertex inputs and fragment outputs get their locations; per-stage resource
//! limits are checked. The result is reflected like a compute program and never
//! compiled: glcompute does not rasterise.

use crate::glsl::link::import::{LinkOptions, import_module, reachable};
use crate::ir::reflect::Named;
use crate::ir::shader::{CompiledShader, Log, Stage};
use crate::ir::{validate, *};
use crate::limits;
use crate::limits::{MAX_XFB_INTERLEAVED_COMPONENTS, MAX_XFB_SEPARATE_COMPONENTS};
use std::collections::{HashMap, HashSet};

/// An active variable of the PROGRAM_INPUT or PROGRAM_OUTPUT interface (GL 4.6
/// §7.3.1): a basic type or an array of one, named as §7.3.1.1 says.
#[derive(Debug, Clone)]
pub struct IoResource {
    /// `v`, `a[0]` for an array, `s.m` for a struct member, `Block.m` for a block.
    pub name: String,
    /// The basic type (the element type of an array).
    pub ty: TypeId,
    pub array_size: u32,
    pub is_array: bool,
    /// The assigned location, or -1 (built-ins, and variables without one).
    pub location: i32,
    /// LOCATION_INDEX of a fragment output, else -1.
    pub index: i32,
    pub patch: bool,
    pub builtin: bool,
    pub global: GlobalId,
    /// Locations one element takes.
    pub element_slots: u32,
}

impl Named for IoResource {
    fn name(&self) -> &str {
        &self.name
    }
}

/// The interface of a linked graphics program.
#[derive(Debug, Clone, Default)]
pub struct GraphicsInfo {
    /// PROGRAM_INPUT: the active inputs of the first stage.
    pub inputs: Vec<IoResource>,
    /// PROGRAM_OUTPUT: the active outputs of the last stage.
    pub outputs: Vec<IoResource>,
    /// Each stage's layout declarations, merged over its shaders.
    pub layouts: Vec<(Stage, StageLayout)>,
    /// The varyings transform feedback records, in order (GL 4.6 §11.1.2.1).
    pub xfb: Vec<XfbVarying>,
}

/// A varying transform feedback records (TRANSFORM_FEEDBACK_VARYING, GL 4.6 §11.1.2.1).
#[derive(Debug, Clone)]
pub struct XfbVarying {
    /// The name as given to TransformFeedbackVaryings.
    pub name: String,
    /// The basic type; None for `gl_NextBuffer` and `gl_SkipComponentsN`.
    pub ty: Option<TypeId>,
    /// Elements recorded (for `gl_SkipComponentsN`, N; for `gl_NextBuffer`, 0).
    pub size: u32,
    /// Components recorded.
    pub components: u32,
    /// The TRANSFORM_FEEDBACK_BUFFER binding it is recorded into.
    pub buffer: u32,
    /// Its byte offset in a vertex's record in that buffer.
    pub offset: u32,
}

impl Named for XfbVarying {
    fn name(&self) -> &str {
        &self.name
    }
}

/// A buffer binding transform feedback records into (the TRANSFORM_FEEDBACK_BUFFER
/// program interface, GL 4.6 §7.3.1.1).
#[derive(Debug, Clone, PartialEq)]
pub struct XfbBuffer {
    /// The TRANSFORM_FEEDBACK_BUFFER binding index.
    pub binding: u32,
    /// Bytes one vertex's record takes.
    pub stride: u32,
    /// Indices into GraphicsInfo.xfb of the varyings recorded into it.
    pub varyings: Vec<u32>,
}

impl GraphicsInfo {
    /// The buffers recording writes to, by binding: one for each binding a varying
    /// (not `gl_NextBuffer` or `gl_SkipComponentsN`) is recorded into.
    pub fn xfb_buffers(&self) -> Vec<XfbBuffer> {
        let mut out: Vec<XfbBuffer> = Vec::new();
        for (i, v) in self.xfb.iter().enumerate() {
            let end = v.offset.saturating_add(v.components.saturating_mul(4));
            match out.iter_mut().find(|b| b.binding == v.buffer) {
                Some(b) => {
                    b.stride = b.stride.max(end);
                    if v.ty.is_some() {
                        b.varyings.push(i as u32);
                    }
                }
                None if v.ty.is_some() || v.size > 0 => out.push(XfbBuffer {
                    binding: v.buffer,
                    stride: end,
                    varyings: if v.ty.is_some() {
                        vec![i as u32]
                    } else {
                        vec![]
                    },
                }),
                None => {}
            }
        }
        out.retain(|b| !b.varyings.is_empty());
        out
    }
}

/// Components of one element of a basic type (a double counts two).
fn components(types: &Types, t: TypeId) -> u32 {
    let (n, s) = match types.get(t) {
        Type::Scalar(s) => (1, *s),
        Type::Vector(s, n) => (*n as u32, *s),
        Type::Matrix { scalar, cols, rows } => ((*cols * *rows) as u32, *scalar),
        _ => (1, Scalar::Float),
    };
    if matches!(s, Scalar::Double | Scalar::Int64 | Scalar::Uint64) {
        n * 2
    } else {
        n
    }
}

/// Resolves TransformFeedbackVaryings' names against the outputs of the last vertex
/// processing stage (GL 4.6 §11.1.2.1): `v`, `a` (a whole array), `a[i]`, `s.m`,
/// `Block.m`, and in interleaved mode `gl_NextBuffer` and `gl_SkipComponents1`-`4`.
/// Every rule the spec gives a link error for is one here.
fn resolve_xfb(
    m: &Module,
    outputs: &[IoResource],
    stage: Stage,
    opts: &LinkOptions,
    log: &mut Log,
) -> Vec<XfbVarying> {
    let mut out: Vec<XfbVarying> = Vec::new();
    let mut buffer = 0u32;
    // The next byte offset in the current buffer's record.
    let mut offset = 0u32;
    for name in &opts.xfb_varyings {
        if out.iter().any(|v| v.name == *name && v.ty.is_some()) {
            log.link_error(format!(
                "transform feedback varying `{name}' is named twice"
            ));
            continue;
        }
        let skip = name
            .strip_prefix("gl_SkipComponents")
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| (1..=4).contains(n));
        if skip.is_some() || name == "gl_NextBuffer" {
            if opts.xfb_separate {
                log.link_error(format!(
                    "`{name}' is only allowed with GL_INTERLEAVED_ATTRIBS"
                ));
                continue;
            }
            if name == "gl_NextBuffer" {
                buffer += 1;
                offset = 0;
                if buffer >= limits::MAX_TRANSFORM_FEEDBACK_BUFFERS as u32 {
                    log.link_error(format!(
                        "gl_NextBuffer passes GL_MAX_TRANSFORM_FEEDBACK_BUFFERS ({})",
                        limits::MAX_TRANSFORM_FEEDBACK_BUFFERS
                    ));
                }
            }
            out.push(XfbVarying {
                name: name.clone(),
                ty: None,
                size: skip.unwrap_or(0),
                components: skip.unwrap_or(0),
                buffer,
                offset,
            });
            offset = offset.saturating_add(skip.unwrap_or(0) * 4);
            continue;
        }
        // `a[i]`: one element of an array output.
        let (stem, index) = match name.strip_suffix(']').and_then(|s| s.rsplit_once('[')) {
            Some((stem, i)) if !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()) => {
                (stem, i.parse::<u32>().ok())
            }
            _ => (name.as_str(), None),
        };
        let found = outputs.iter().find(|r| {
            let base = r
                .name
                .strip_suffix("[0]")
                .filter(|_| r.is_array)
                .unwrap_or(&r.name);
            base == stem && (r.is_array || index.is_none())
        });
        let Some(r) = found else {
            log.link_error(format!(
                "transform feedback varying `{name}' is not an output of the {} shader",
                stage.name()
            ));
            continue;
        };
        let size = match index {
            Some(i) if i >= r.array_size => {
                log.link_error(format!(
                    "transform feedback varying `{name}' is past the end of its array ({} elements)",
                    r.array_size
                ));
                continue;
            }
            Some(_) => 1,
            None => r.array_size.max(1),
        };
        let components = components(&m.types, r.ty).saturating_mul(size);
        if opts.xfb_separate && components > MAX_XFB_SEPARATE_COMPONENTS {
            log.link_error(format!(
                "transform feedback varying `{name}' has {components} components, more than GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS ({MAX_XFB_SEPARATE_COMPONENTS})"
            ));
        }
        let separate = opts.xfb_separate;
        out.push(XfbVarying {
            name: name.clone(),
            ty: Some(r.ty),
            size,
            components,
            buffer: if separate { out.len() as u32 } else { buffer },
            offset: if separate { 0 } else { offset },
        });
        offset = offset.saturating_add(components.saturating_mul(4));
    }
    if !opts.xfb_separate {
        let total: u32 = out.iter().map(|v| v.components).sum();
        if total > MAX_XFB_INTERLEAVED_COMPONENTS {
            log.link_error(format!(
                "transform feedback records {total} components, more than GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS ({MAX_XFB_INTERLEAVED_COMPONENTS})"
            ));
        }
    }
    out
}

impl GraphicsInfo {
    pub fn layout(&self, s: Stage) -> Option<&StageLayout> {
        self.layouts.iter().find(|l| l.0 == s).map(|l| &l.1)
    }

    /// GetProgramResourceIndex for PROGRAM_INPUT/OUTPUT: the exact name, or an
    /// array's name without its `[0]`.
    pub fn find(list: &[IoResource], name: &str) -> Option<u32> {
        list.iter()
            .position(|r| {
                r.name == name || (r.is_array && r.name.strip_suffix("[0]") == Some(name))
            })
            .map(|i| i as u32)
    }

    /// GetProgramResourceLocation(Index), GetAttribLocation, GetFragDataLocation(Index)
    /// (GL 4.6 §7.3.1.1): `name`, `name[0]` or `name[i]` of an active variable with a
    /// location, as (location, index); None for anything else (built-ins included).
    pub fn location(list: &[IoResource], name: &str) -> Option<(i32, i32)> {
        for r in list.iter().filter(|r| r.location >= 0) {
            if r.name == name {
                return Some((r.location, r.index));
            }
            if r.is_array
                && let Some(stem) = r.name.strip_suffix("[0]")
            {
                if stem == name {
                    return Some((r.location, r.index));
                }
                if let Some(i) = name
                    .strip_prefix(stem)
                    .and_then(|s| s.strip_prefix('['))
                    .and_then(|s| s.strip_suffix(']'))
                    .filter(|d| {
                        !d.is_empty()
                            && d.bytes().all(|b| b.is_ascii_digit())
                            && (*d == "0" || !d.starts_with('0'))
                    })
                    .and_then(|d| d.parse::<u32>().ok())
                    .filter(|&i| i < r.array_size)
                {
                    let loc = (r.location as i64) + i as i64 * r.element_slots as i64;
                    return i32::try_from(loc).ok().map(|l| (l, r.index));
                }
            }
        }
        None
    }
}

const ORDER: [Stage; 5] = [
    Stage::Vertex,
    Stage::TessControl,
    Stage::TessEvaluation,
    Stage::Geometry,
    Stage::Fragment,
];

/// Merges one stage's layout declarations over its shaders; a value declared
/// differently in two shaders is a link error (GLSL 4.60 §4.4.1.2, §4.4.2.2).
fn merge_layouts(stage: Stage, units: &[&CompiledShader], log: &mut Log) -> StageLayout {
    let mut out = StageLayout::default();
    fn merge<T: PartialEq + Copy + std::fmt::Debug>(
        slot: &mut Option<T>,
        v: Option<T>,
        what: &str,
        stage: Stage,
        log: &mut Log,
    ) {
        match (*slot, v) {
            (Some(a), Some(b)) if a != b => log.link_error(format!(
                "{} shaders declare different {what} ({a:?} and {b:?})",
                stage.name()
            )),
            (None, Some(b)) => *slot = Some(b),
            _ => {}
        }
    }
    for u in units {
        let l = &u.module.stage_layout;
        merge(
            &mut out.input_primitive,
            l.input_primitive,
            "input primitives",
            stage,
            log,
        );
        merge(
            &mut out.output_primitive,
            l.output_primitive,
            "output primitives",
            stage,
            log,
        );
        merge(
            &mut out.max_vertices,
            l.max_vertices,
            "max_vertices",
            stage,
            log,
        );
        merge(
            &mut out.invocations,
            l.invocations,
            "invocations",
            stage,
            log,
        );
        merge(
            &mut out.patch_vertices,
            l.patch_vertices,
            "output patch vertices",
            stage,
            log,
        );
        merge(
            &mut out.tess_mode,
            l.tess_mode,
            "primitive modes",
            stage,
            log,
        );
        merge(
            &mut out.tess_spacing,
            l.tess_spacing,
            "vertex spacings",
            stage,
            log,
        );
        merge(
            &mut out.tess_order,
            l.tess_order,
            "vertex orders",
            stage,
            log,
        );
        out.point_mode |= l.point_mode;
        out.early_fragment_tests |= l.early_fragment_tests;
    }
    // GL 4.6 §7.3: linking fails if a geometry shader's input and output primitive
    // types and vertex count, a tessellation control shader's output patch size or a
    // tessellation evaluation shader's primitive mode are declared by none of the
    // stage's shaders.
    let missing = match stage {
        Stage::Geometry => [
            out.input_primitive
                .is_none()
                .then_some("an input primitive type (layout(triangles) in;)"),
            out.output_primitive
                .is_none()
                .then_some("an output primitive type (layout(triangle_strip) out;)"),
            out.max_vertices
                .is_none()
                .then_some("max_vertices (layout(max_vertices = N) out;)"),
        ],
        Stage::TessControl => [
            out.patch_vertices
                .is_none()
                .then_some("the output patch size (layout(vertices = N) out;)"),
            None,
            None,
        ],
        Stage::TessEvaluation => [
            out.tess_mode
                .is_none()
                .then_some("a primitive mode (layout(triangles) in;)"),
            None,
            None,
        ],
        _ => [None, None, None],
    };
    for m in missing.into_iter().flatten() {
        log.link_error(format!("the {} shader does not declare {m}", stage.name()));
    }
    if stage == Stage::TessEvaluation {
        out.tess_spacing.get_or_insert("equal_spacing");
        out.tess_order.get_or_insert("ccw");
    }
    if stage == Stage::Geometry {
        out.invocations.get_or_insert(1);
    }
    out
}

/// The locations a variable of type `t` takes (GL 4.6 §11.1.1: a matrix one per
/// column, a double vec3/vec4 two, arrays one set per element).
fn slots(types: &Types, t: TypeId) -> u64 {
    match types.get(t) {
        Type::Array(e, n) => slots(types, *e).saturating_mul(n.unwrap_or(1) as u64),
        Type::Matrix { scalar, cols, rows } => {
            (*cols as u64)
                * if *scalar == Scalar::Double && *rows >= 3 {
                    2
                } else {
                    1
                }
        }
        Type::Vector(Scalar::Double, n) if *n >= 3 => 2,
        Type::Struct(s) => types
            .struct_def(*s)
            .members
            .iter()
            .map(|m| slots(types, m.ty))
            .fold(0u64, u64::saturating_add),
        _ => 1,
    }
}

/// The type of one vertex's element of a per-vertex variable.
fn per_vertex_elem(types: &Types, g: &Global) -> TypeId {
    match (
        g.io.as_ref().is_some_and(|io| io.per_vertex),
        types.get(g.ty),
    ) {
        (true, Type::Array(e, _)) => *e,
        _ => g.ty,
    }
}

/// The name an input or output matches the other stage's by: its block name for a
/// block, else its own.
fn match_name(g: &Global) -> &str {
    g.io.as_ref()
        .and_then(|io| io.block.as_deref())
        .unwrap_or(&g.name)
}

/// Splits a global into PROGRAM_INPUT/OUTPUT resources: struct members and blocks
/// flattened (`s.m`, `Block.m`), arrays of basic types as one `a[0]` resource; at
/// most limits::MAX_ACTIVE_VARIABLES in all (an iterative walk).
fn io_resources(
    m: &Module,
    gid: GlobalId,
    location: i32,
    index: i32,
    used_members: &HashSet<(GlobalId, u32)>,
    out: &mut Vec<IoResource>,
    log: &mut Log,
) {
    let g = m.global(gid);
    let io = g.io.as_deref().cloned().unwrap_or_default();
    let ty = per_vertex_elem(&m.types, g);
    // The built-in gl_PerVertex blocks: their used members. GL 4.6 §7.3.1.1 names a
    // member of a block with an instance name (gl_in, gl_out) "block.member"
    // (gl_PerVertex.gl_Position, as Mesa lists it) and one of the unnamed block of the
    // vertex stages' outputs by its own name.
    if io.builtin
        && let Type::Struct(s) = m.types.get(ty)
    {
        let instance = matches!(g.name.as_str(), "gl_in" | "gl_out");
        for (i, mem) in m.types.struct_def(*s).members.iter().enumerate() {
            if !used_members.contains(&(gid, i as u32)) {
                continue;
            }
            let base = if instance {
                format!("gl_PerVertex.{}", mem.name)
            } else {
                mem.name.clone()
            };
            let (ty, array_size, is_array, name) = match m.types.get(mem.ty) {
                Type::Array(e, n) => (*e, n.unwrap_or(0), true, format!("{base}[0]")),
                _ => (mem.ty, 1, false, base),
            };
            out.push(IoResource {
                name,
                ty,
                array_size,
                is_array,
                location: -1,
                index,
                patch: io.patch,
                builtin: true,
                global: gid,
                element_slots: slots(&m.types, ty) as u32,
            });
        }
        return;
    }
    let prefix = match &io.block {
        Some(b) => b.clone(),
        None => g.name.clone(),
    };
    // (name, type, location)
    let mut work: Vec<(String, TypeId, i32)> = Vec::new();
    if io.block.is_some() {
        let st = match m.types.get(ty) {
            Type::Array(e, _) => *e,
            _ => ty,
        };
        if let Type::Struct(s) = m.types.get(st) {
            let mut loc = location;
            for mem in m.types.struct_def(*s).members.iter().rev() {
                work.push((format!("{prefix}.{}", mem.name), mem.ty, -1));
            }
            // Members take consecutive locations from the block's.
            if loc >= 0 {
                for w in work.iter_mut().rev() {
                    w.2 = loc;
                    loc = loc.saturating_add(slots(&m.types, w.1) as i32);
                }
            }
        }
    } else {
        work.push((prefix, ty, location));
    }
    while let Some((name, t, loc)) = work.pop() {
        if out.len() >= limits::MAX_ACTIVE_VARIABLES {
            log.link_error("the program has too many active inputs or outputs");
            return;
        }
        match m.types.get(t).clone() {
            Type::Struct(s) => {
                let mut l = loc;
                let mut items = Vec::new();
                for mem in &m.types.struct_def(s).members {
                    items.push((format!("{name}.{}", mem.name), mem.ty, l));
                    if l >= 0 {
                        l = l.saturating_add(slots(&m.types, mem.ty) as i32);
                    }
                }
                work.extend(items.into_iter().rev());
            }
            Type::Array(e, n) if matches!(m.types.get(e), Type::Struct(_) | Type::Array(..)) => {
                let per = slots(&m.types, e) as i32;
                let n = n.unwrap_or(1).min(limits::MAX_ACTIVE_VARIABLES as u32);
                for i in (0..n).rev() {
                    let l = if loc >= 0 {
                        loc.saturating_add(per.saturating_mul(i as i32))
                    } else {
                        -1
                    };
                    work.push((format!("{name}[{i}]"), e, l));
                }
            }
            Type::Array(e, n) => out.push(IoResource {
                name: format!("{name}[0]"),
                ty: e,
                array_size: n.unwrap_or(0),
                is_array: true,
                location: loc,
                index,
                patch: io.patch,
                builtin: io.builtin,
                global: gid,
                element_slots: slots(&m.types, e) as u32,
            }),
            _ => out.push(IoResource {
                name,
                ty: t,
                array_size: 1,
                is_array: false,
                location: loc,
                index,
                patch: io.patch,
                builtin: io.builtin,
                global: gid,
                element_slots: slots(&m.types, t) as u32,
            }),
        }
    }
}

/// Assigns locations to vertex inputs or fragment outputs: an explicit
/// `layout(location)` first, then the program's Bind*Location bindings, then the
/// lowest free locations, within `max` (GL 4.6 §11.1.1, §15.2.3). Vertex inputs may
/// alias (`alias_ok`: GL 4.6 §11.1.1 allows it, and it is said in a warning);
/// fragment outputs may not. Returns (global, location, index) of each.
fn assign_locations(
    m: &Module,
    globals: &[GlobalId],
    bindings: &dyn Fn(&str) -> Option<(u32, u32)>,
    max: u64,
    alias_ok: bool,
    what: &str,
    log: &mut Log,
) -> Vec<(GlobalId, i32, i32)> {
    // Used locations per index.
    let mut used: [Vec<bool>; 2] = [vec![false; max as usize], vec![false; max as usize]];
    let mut out = Vec::new();
    let mut pending = Vec::new();
    let take =
        |used: &mut [Vec<bool>; 2], g: &Global, loc: u64, index: usize, log: &mut Log| -> bool {
            let n = slots(&m.types, g.ty);
            let limit = if index == 1 { 1 } else { max };
            if loc.saturating_add(n) > limit {
                log.link_error(format!(
                "{what} `{}' at location {loc} needs {n} location(s), past the limit of {limit}",
                g.name
            ));
                return false;
            }
            for l in loc..loc + n {
                if used[index][l as usize] {
                    if alias_ok {
                        log.link_warning(format!(
                            "{what} `{}' overlaps another at location {l} (aliased attributes)",
                            g.name
                        ));
                        continue;
                    }
                    log.link_error(format!(
                        "{what} `{}' overlaps another at location {l}",
                        g.name
                    ));
                    return false;
                }
                used[index][l as usize] = true;
            }
            true
        };
    for &gid in globals {
        let g = m.global(gid);
        let io_index = g.io.as_ref().and_then(|io| io.index);
        let chosen = match g.location {
            Some(l) => Some((l as u64, io_index.unwrap_or(0))),
            None => bindings(&g.name).map(|(l, i)| (l as u64, i)),
        };
        match chosen {
            Some((l, i)) => {
                if take(&mut used, g, l, i.min(1) as usize, log) {
                    out.push((gid, l as i32, i as i32));
                }
            }
            None => pending.push(gid),
        }
    }
    for gid in pending {
        let g = m.global(gid);
        let n = slots(&m.types, g.ty);
        let free = (0..max)
            .find(|&l| l.saturating_add(n) <= max && (l..l + n).all(|x| !used[0][x as usize]));
        match free {
            Some(l) => {
                take(&mut used, g, l, 0, log);
                out.push((gid, l as i32, 0));
            }
            None => log.link_error(format!(
                "too many {what}s: `{}' does not fit in the {max} locations",
                g.name
            )),
        }
    }
    out
}

/// Links the graphics shaders `units` into `module`; fills the live functions and
/// each stage's referenced globals. None if the link failed (errors are in `log`).
pub fn link_graphics(
    module: &mut Module,
    units: &[(Stage, &CompiledShader)],
    opts: &LinkOptions,
    log: &mut Log,
    live_fns: &mut Vec<FunctionId>,
    referenced: &mut Vec<(Stage, HashSet<GlobalId>)>,
) -> Option<GraphicsInfo> {
    let stages: Vec<Stage> = ORDER
        .iter()
        .copied()
        .filter(|s| units.iter().any(|u| u.0 == *s))
        .collect();
    // GL 4.6 §7.3: a program that is not separable and has tessellation or geometry
    // shaders needs a vertex shader.
    if !opts.separable && !stages.contains(&Stage::Vertex) {
        for s in &stages {
            if matches!(
                s,
                Stage::TessControl | Stage::TessEvaluation | Stage::Geometry
            ) {
                log.link_error(format!(
                    "a program with a {} shader needs a vertex shader unless it is separable",
                    s.name()
                ));
            }
        }
    }
    let mut owners = Vec::new();
    let mut used_members: HashSet<(GlobalId, u32)> = HashSet::new();
    let mut info = GraphicsInfo::default();
    let mut stage_fns: Vec<(Stage, Option<FunctionId>, HashSet<u32>)> = Vec::new();
    for (si, &stage) in stages.iter().enumerate() {
        let su: Vec<&CompiledShader> = units.iter().filter(|u| u.0 == stage).map(|u| u.1).collect();
        let layout = merge_layouts(stage, &su, log);
        info.layouts.push((stage, layout));
        let mut fn_index = HashMap::new();
        let mut mine: HashSet<u32> = HashSet::new();
        for u in &su {
            for f in import_module(module, &u.module, log, &mut fn_index, si, &mut owners) {
                mine.insert(f.0);
            }
        }
        let mains: Vec<u32> = mine
            .iter()
            .copied()
            .filter(|&f| {
                let func = &module.functions[f as usize];
                func.name == "main" && func.defined
            })
            .collect();
        match mains.len() {
            0 => log.link_error(format!(
                "no definition of main() in the {} shader",
                stage.name()
            )),
            1 => {}
            _ => log.link_error(format!(
                "main() is defined in more than one {} shader",
                stage.name()
            )),
        }
        let main = mains.first().map(|&f| FunctionId(f));
        let live = main.map(|m| reachable(module, m)).unwrap_or_default();
        stage_fns.push((stage, main, live));
    }
    if log.has_errors() {
        return None;
    }
    for g in module.globals.iter_mut() {
        g.used = false;
    }
    for (stage, main, live) in &stage_fns {
        let main = main.expect("checked");
        let fns: Vec<FunctionId> = live.iter().map(|&f| FunctionId(f)).collect();
        for &f in &fns {
            let func = &module.functions[f.0 as usize];
            if !func.defined {
                log.link_error(format!(
                    "function `{}' is called in the {} shader but never defined",
                    func.name,
                    stage.name()
                ));
            }
        }
        if validate::cycle(module, &fns).is_some() {
            log.link_error("recursion is not allowed");
        } else if let Err(e) = validate::limits(module, main) {
            log.link_error(e);
        }
        let mut used = HashSet::new();
        for &f in &fns {
            let func = &module.functions[f.0 as usize];
            for e in &func.exprs {
                if let ExprKind::Global(g) = e.kind {
                    used.insert(g);
                }
                // Members of gl_in[i] / gl_out[i] used.
                if let ExprKind::Field { base, field } = e.kind {
                    let mut b = base;
                    while let Some(ExprKind::Index { base, .. }) =
                        func.exprs.get(b.0 as usize).map(|x| &x.kind)
                    {
                        b = *base;
                    }
                    if let Some(ExprKind::Global(g)) = func.exprs.get(b.0 as usize).map(|x| &x.kind)
                    {
                        used_members.insert((*g, field));
                    }
                }
            }
        }
        for g in &used {
            module.globals[g.0 as usize].used = true;
        }
        check_stage_resources(module, *stage, &used, log);
        live_fns.extend(fns);
        referenced.push((*stage, used));
    }
    if log.has_errors() {
        return None;
    }
    // Interfaces between consecutive stages (GL 4.6 §7.4.1).
    let stage_ix = |s: Stage| stages.iter().position(|x| *x == s).expect("stage");
    let io_of = |s: Stage, storage: Storage| -> Vec<GlobalId> {
        let si = stage_ix(s);
        (0..module.globals.len())
            .filter(|&i| {
                owners[i] == si
                    && module.globals[i].storage == storage
                    && !module.globals[i].io.as_ref().is_some_and(|io| io.builtin)
            })
            .map(|i| GlobalId(i as u32))
            .collect()
    };
    let version = module.version;
    for w in stages.windows(2) {
        let (a, b) = (w[0], w[1]);
        let outs = io_of(a, Storage::Output);
        for gi in io_of(b, Storage::Input) {
            let input = module.global(gi);
            let found = outs
                .iter()
                .map(|&o| module.global(o))
                .find(|o| match input.location {
                    Some(l) => o.location == Some(l),
                    None => match_name(o) == match_name(input),
                });
            let Some(out) = found else {
                // GLSL 4.60 §4.3.4: only inputs a stage statically reads need an
                // output of the stage before.
                if input.used {
                    log.link_error(format!(
                        "{} shader input `{}' has no matching output in the {} shader",
                        b.name(),
                        input.name,
                        a.name()
                    ));
                }
                continue;
            };
            let (ti, to) = (
                per_vertex_elem(&module.types, input),
                per_vertex_elem(&module.types, out),
            );
            if ti != to {
                log.link_error(format!(
                    "`{}' is {} in the {} shader's outputs and {} in the {} shader's inputs",
                    match_name(input),
                    module.types.name(to),
                    a.name(),
                    module.types.name(ti),
                    b.name()
                ));
                continue;
            }
            let (ii, oi) = (input.io.as_deref(), out.io.as_deref());
            // GLSL 4.30 §4.5: interpolation qualifiers of matched variables must agree
            // (GLSL 4.40 dropped the rule).
            if version < 440 && ii.map(|x| x.interpolation) != oi.map(|x| x.interpolation) {
                log.link_error(format!(
                    "`{}' has different interpolation qualifiers in the {} and {} shaders",
                    match_name(input),
                    a.name(),
                    b.name()
                ));
            }
            if ii.map(|x| x.patch) != oi.map(|x| x.patch) {
                log.link_error(format!(
                    "`{}' is `patch' in only one of the {} and {} shaders",
                    match_name(input),
                    a.name(),
                    b.name()
                ));
            }
        }
    }
    if log.has_errors() {
        return None;
    }
    // Program inputs: the first stage's; vertex inputs get locations.
    let first = stages[0];
    let last = *stages.last().expect("a stage");
    let active = |s: Stage, storage: Storage| -> Vec<GlobalId> {
        let si = stage_ix(s);
        (0..module.globals.len())
            .filter(|&i| {
                owners[i] == si && module.globals[i].storage == storage && module.globals[i].used
            })
            .map(|i| GlobalId(i as u32))
            .collect()
    };
    let ins = active(first, Storage::Input);
    let user_ins: Vec<GlobalId> = ins
        .iter()
        .copied()
        .filter(|g| !is_builtin(module, *g))
        .collect();
    let in_locs = if first == Stage::Vertex {
        assign_locations(
            module,
            &user_ins,
            &|n| opts.attrib_bindings.get(n).map(|&l| (l, 0)),
            limits::MAX_VERTEX_ATTRIBS as u64,
            true,
            "vertex shader input",
            log,
        )
    } else {
        user_ins
            .iter()
            .map(|&g| (g, module.global(g).location.unwrap_or(-1), -1))
            .collect()
    };
    let outs = active(last, Storage::Output);
    let user_outs: Vec<GlobalId> = outs
        .iter()
        .copied()
        .filter(|g| !is_builtin(module, *g))
        .collect();
    let out_locs = if last == Stage::Fragment {
        assign_locations(
            module,
            &user_outs,
            &|n| opts.frag_bindings.get(n).copied(),
            limits::MAX_DRAW_BUFFERS as u64,
            false,
            "fragment shader output",
            log,
        )
    } else {
        user_outs
            .iter()
            .map(|&g| (g, module.global(g).location.unwrap_or(-1), -1))
            .collect()
    };
    if log.has_errors() {
        return None;
    }
    for &g in &ins {
        let (loc, idx) = in_locs
            .iter()
            .find(|x| x.0 == g)
            .map_or((-1, -1), |x| (x.1, -1));
        io_resources(module, g, loc, idx, &used_members, &mut info.inputs, log);
    }
    for &g in &outs {
        let (loc, idx) = out_locs.iter().find(|x| x.0 == g).map_or((-1, -1), |x| {
            (x.1, if last == Stage::Fragment { x.2 } else { -1 })
        });
        io_resources(module, g, loc, idx, &used_members, &mut info.outputs, log);
    }
    // Transform feedback records the last vertex processing stage's outputs (every
    // one it declares or writes, used by a later stage or not).
    if !opts.xfb_varyings.is_empty() {
        let vertex_stage = stages
            .iter()
            .rev()
            .copied()
            .find(|s| matches!(s, Stage::Vertex | Stage::TessEvaluation | Stage::Geometry));
        match vertex_stage {
            None => log.link_error(
                "transform feedback varyings need a vertex, tessellation evaluation or geometry shader",
            ),
            Some(s) => {
                let si = stage_ix(s);
                let mut all = Vec::new();
                for (i, (g, &owner)) in module.globals.iter().zip(owners.iter()).enumerate() {
                    if owner == si && g.storage == Storage::Output {
                        let id = GlobalId(i as u32);
                        io_resources(module, id, -1, -1, &used_members, &mut all, log);
                    }
                }
                info.xfb = resolve_xfb(module, &all, s, opts, log);
            }
        }
    }
    if log.has_errors() { None } else { Some(info) }
}

fn is_builtin(m: &Module, g: GlobalId) -> bool {
    m.global(g).io.as_ref().is_some_and(|io| io.builtin)
}

/// MAX_*_SHADER_STORAGE_BLOCKS, MAX_*_IMAGE_UNIFORMS and MAX_*_ATOMIC_COUNTERS of a
/// graphics stage (GL 4.3 tables 23.57-23.61, the values glcompute reports).
pub fn stage_resource_limits(stage: Stage) -> (u64, u64, u64) {
    match stage {
        Stage::Compute => (
            limits::MAX_COMPUTE_SHADER_STORAGE_BLOCKS as u64,
            limits::MAX_COMPUTE_IMAGE_UNIFORMS as u64,
            limits::MAX_COMPUTE_ATOMIC_COUNTERS as u64,
        ),
        _ => (8, 8, 8),
    }
}

/// Checks a graphics stage's storage blocks, image uniforms and atomic counters
/// against [`stage_resource_limits`].
fn check_stage_resources(m: &Module, stage: Stage, used: &HashSet<GlobalId>, log: &mut Log) {
    let (max_ssbo, max_images, max_counters) = stage_resource_limits(stage);
    let elems = |t: TypeId| -> (u64, TypeId) {
        let mut n = 1u64;
        let mut t = t;
        while let Type::Array(e, len) = m.types.get(t) {
            n = n.saturating_mul(len.unwrap_or(1) as u64);
            t = *e;
        }
        (n, t)
    };
    let (mut ssbo, mut images, mut counters) = (0u64, 0u64, 0u64);
    for g in used {
        let glob = m.global(*g);
        let (n, base) = elems(glob.ty);
        match (glob.storage, m.types.get(base)) {
            (Storage::Buffer(_), _) => ssbo = ssbo.saturating_add(n),
            (Storage::Uniform, Type::Image(_)) => images = images.saturating_add(n),
            (Storage::Uniform, Type::AtomicUint) => counters = counters.saturating_add(n),
            _ => {}
        }
    }
    for (what, n, max) in [
        ("shader storage blocks", ssbo, max_ssbo),
        ("image uniforms", images, max_images),
        ("atomic counters", counters, max_counters),
    ] {
        if n > max {
            log.link_error(format!(
                "the {} shader uses {n} {what}; glcompute's limit for the stage is {max}",
                stage.name()
            ));
        }
    }
}
