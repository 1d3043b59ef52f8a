//! Linking the graphics stages of a program (GL 4.6 §7.3, §7.4.1, §11.1.1, §15.2.3):
//! every stage's shaders are imported into the program's one module, with functions
//! and per-stage variables kept apart by stage while uniforms and blocks are one
//! variable across stages; each stage needs one `main` and its layout declarations;
//! consecutive stages' outputs and inputs are matched by location or name, with equal
//! types; vertex inputs and fragment outputs get their locations; per-stage resource
//! limits are checked. The result is reflected like a compute program and never
//! compiled: glcompute does not rasterise.

use crate::glsl::link::import::{LinkOptions, import_module, reachable};
pub use crate::glsl::link::interface::IoResource;
use crate::glsl::link::interface::{io_resources, per_vertex_elem};
pub use crate::glsl::link::xfb::{XfbBuffer, XfbVarying};
use crate::glsl::link::xfb::{resolve_xfb, xfb_from_qualifiers};
use crate::ir::layout::io_slots as slots;
use crate::ir::shader::{CompiledShader, Log, Stage};
use crate::ir::{validate, *};
use crate::limits;
use std::collections::{HashMap, HashSet};

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
    /// Strides the shaders give buffers (`xfb_stride`), as (binding, stride).
    pub xfb_strides: Vec<(u32, u32)>,
}

impl GraphicsInfo {
    /// The buffers recording writes to, by binding: one for each binding a varying
    /// (not `gl_NextBuffer` or `gl_SkipComponentsN`) is recorded into, with the
    /// stride the shaders give it or the end of its last varying.
    pub fn xfb_buffers(&self) -> Vec<XfbBuffer> {
        crate::glsl::link::xfb::buffers(&self.xfb, &self.xfb_strides)
    }

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
        out.xfb_mode |= l.xfb_mode;
        // GLSL 4.60 §4.4.2.1: one stride per buffer, in all of the stage's shaders.
        for &(b, st) in &l.xfb_strides {
            match out.xfb_strides.iter().find(|x| x.0 == b) {
                Some(&(_, old)) if old != st => log.link_error(format!(
                    "{} shaders declare xfb_stride {old} and {st} for buffer {b}",
                    stage.name()
                )),
                Some(_) => {}
                None => out.xfb_strides.push((b, st)),
            }
        }
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

/// The name an input or output matches the other stage's by: its block name for a
/// block, else its own.
fn match_name(g: &Global) -> &str {
    g.io.as_ref()
        .and_then(|io| io.block.as_deref())
        .unwrap_or(&g.name)
}

/// The components of each of its locations an input or output takes, as a mask of
/// bits 0-3: from its `component` (else 0), as many as one element has (a double
/// two); all four for matrices, structures and double vectors of two locations.
fn component_mask(types: &Types, g: &Global) -> u8 {
    let mut t = g.ty;
    while let Some(e) = types.element(t) {
        t = e;
    }
    let first = g.io.as_ref().and_then(|io| io.component).unwrap_or(0);
    let width = match types.get(t) {
        Type::Scalar(s) | Type::Vector(s, _) => {
            let n = match types.get(t) {
                Type::Vector(_, n) => *n as u32,
                _ => 1,
            };
            let n = if matches!(s, Scalar::Double | Scalar::Int64 | Scalar::Uint64) {
                n * 2
            } else {
                n
            };
            if n > 4 { 4 } else { n }
        }
        _ => 4,
    };
    if width == 4 && first == 0 {
        return 0xF;
    }
    (((1u32 << width) - 1) << first.min(3)) as u8 & 0xF
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
    // The components used of each location, per index, and the scalar kind of a
    // fragment output there (GLSL 4.60 §4.4.2: outputs sharing a location have one
    // basic type).
    let mut used: [Vec<u8>; 2] = [vec![0; max as usize], vec![0; max as usize]];
    let mut kinds: Vec<Option<Scalar>> = vec![None; max as usize];
    let mut out = Vec::new();
    let mut pending = Vec::new();
    let mut take =
        |used: &mut [Vec<u8>; 2], g: &Global, loc: u64, index: usize, log: &mut Log| -> bool {
            let n = slots(&m.types, g.ty);
            let limit = if index == 1 { 1 } else { max };
            if loc.saturating_add(n) > limit {
                log.link_error(format!(
                "{what} `{}' at location {loc} needs {n} location(s), past the limit of {limit}",
                g.name
            ));
                return false;
            }
            let mask = component_mask(&m.types, g);
            let scalar = m.types.scalar_of(g.ty);
            for l in loc..loc + n {
                if !alias_ok && n == 1 && index == 0 {
                    match kinds[l as usize] {
                        Some(k) if Some(k) != scalar => {
                            log.link_error(format!(
                            "{what} `{}' shares location {l} with an output of another basic type",
                            g.name
                        ));
                            return false;
                        }
                        _ => kinds[l as usize] = scalar,
                    }
                }
                if used[index][l as usize] & mask != 0 {
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
                used[index][l as usize] |= mask;
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
            .find(|&l| l.saturating_add(n) <= max && (l..l + n).all(|x| used[0][x as usize] == 0));
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
                    Some(l) => {
                        let c = |g: &Global| g.io.as_ref().and_then(|io| io.component).unwrap_or(0);
                        o.location == Some(l) && c(o) == c(input)
                    }
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
    let vertex_stage = stages
        .iter()
        .rev()
        .copied()
        .find(|s| matches!(s, Stage::Vertex | Stage::TessEvaluation | Stage::Geometry));
    let capturing = vertex_stage.and_then(|s| {
        info.layout(s)
            .filter(|l| l.xfb_mode)
            .map(|l| (s, l.xfb_strides.clone()))
    });
    if let Some((s, strides)) = capturing {
        // GL 4.6 §11.1.2.1: the shader's xfb qualifiers decide what is recorded, and
        // TransformFeedbackVaryings' names are ignored.
        let si = stage_ix(s);
        let outs: Vec<GlobalId> = (0..module.globals.len())
            .filter(|&i| owners[i] == si && module.globals[i].storage == Storage::Output)
            .map(|i| GlobalId(i as u32))
            .collect();
        info.xfb = xfb_from_qualifiers(module, &outs, &strides, log);
        info.xfb_strides = strides;
    } else if !opts.xfb_varyings.is_empty() {
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
