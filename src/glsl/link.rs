//! Linking (GL 4.6 §7.3, ARB_compute_shader): the shaders of a program become one
//! module. Types, globals and functions of every shader are imported into it; globals
//! and blocks of the same name are one variable (and must agree); a function declared
//! in one shader binds to its definition in another; exactly one `main`; the local
//! size is declared, consistently; recursion and the shared-memory limit are checked
//! across shaders; then the interface is reflected. Graphics stages are linked by
//! [`super::interface`] (functions and per-stage variables kept apart by stage).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::{CompiledShader, Log, Stage};
use crate::ir::reflect::{self, Reflection};
use crate::ir::*;
use crate::ir::{uniformity, validate};
use crate::limits;

/// The link-log warning for a barrier under control flow that varies within a group.
pub const DIVERGENT_BARRIER: &str = "barrier() is reached under control flow that can differ between the invocations of a work group (a condition, loop, break, continue or return that depends on the invocation); GLSL 4.60 §8.16 leaves the result undefined";

/// The compute stage of a linked program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputeInfo {
    /// None for a variable work-group size.
    pub local_size: Option<[u32; 3]>,
}

/// A successfully linked program (the executable).
#[derive(Debug)]
pub struct LinkedProgram {
    pub stages: Vec<Stage>,
    pub compute: Option<ComputeInfo>,
    /// The graphics stages' interface and layouts (None for a compute program).
    pub graphics: Option<super::interface::GraphicsInfo>,
    /// The globals each stage's live code uses (REFERENCED_BY_*_SHADER).
    pub referenced: Vec<(Stage, HashSet<GlobalId>)>,
    pub module: Module,
    pub reflection: Reflection,
    /// Each stage's subroutines, as the GL API numbers them (GL 4.6 §7.9).
    pub subroutines: Vec<StageSubroutines>,
}

/// A stage's subroutine functions and uniforms (GL 4.6 §7.9).
#[derive(Debug, Clone)]
pub struct StageSubroutines {
    pub stage: Stage,
    /// The subroutine functions: name and index, by index.
    pub functions: Vec<(String, u32)>,
    /// The subroutine uniforms, in declaration order (their API indices).
    pub uniforms: Vec<SubroutineUniformInfo>,
    /// ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS: one past the highest location used.
    pub locations: u32,
}

#[derive(Debug, Clone)]
pub struct SubroutineUniformInfo {
    pub name: String,
    pub location: u32,
    /// Elements (1 for a non-array).
    pub size: u32,
    pub is_array: bool,
    /// Indices of the compatible subroutines, ascending.
    pub compatible: Vec<u32>,
    /// The hidden selection variable.
    pub global: GlobalId,
    /// The subroutine index of each position the selection variable can hold.
    pub candidates: Vec<u32>,
}

impl StageSubroutines {
    /// The uniform and element a location belongs to.
    pub fn at(&self, location: u32) -> Option<(&SubroutineUniformInfo, u32)> {
        self.uniforms.iter().find_map(|u| {
            (location >= u.location && location - u.location < u.size)
                .then(|| (u, location - u.location))
        })
    }

    /// A subroutine uniform's name as the queries give it: `[0]` after an array's.
    pub fn resource_name(u: &SubroutineUniformInfo) -> String {
        if u.is_array {
            format!("{}[0]", u.name)
        } else {
            u.name.clone()
        }
    }

    /// The subroutine uniform (its position) and element `name` names: `u`, or for an
    /// array `u`, `u[0]` and `u[i]` within it.
    pub fn find_uniform(&self, name: &str) -> Option<(usize, u32)> {
        let (base, elem) = match name.strip_suffix(']').and_then(|n| n.rsplit_once('[')) {
            Some((b, i)) if !i.is_empty() && i.bytes().all(|c| c.is_ascii_digit()) => {
                (b, Some(i.parse::<u32>().ok()?))
            }
            _ => (name, None),
        };
        self.uniforms.iter().enumerate().find_map(|(i, u)| {
            let e = elem.unwrap_or(0);
            (u.name == base && (u.is_array || elem.is_none()) && e < u.size).then_some((i, e))
        })
    }

    /// The value each location starts with: its lowest compatible index.
    pub fn defaults(&self) -> Vec<u32> {
        (0..self.locations)
            .map(|l| {
                self.at(l)
                    .and_then(|(u, _)| u.compatible.first().copied())
                    .unwrap_or(0)
            })
            .collect()
    }
}

/// Numbers the subroutines of the stage whose shaders are `owner` (GL 4.6 §7.9):
/// explicit indices and locations first, the rest the lowest free ones.
fn stage_subroutines(m: &Module, owner: usize, stage: Stage, log: &mut Log) -> StageSubroutines {
    let subs = &m.subroutines;
    let fns: Vec<&SubroutineFunction> =
        subs.functions.iter().filter(|f| f.owner == owner).collect();
    let mut index: Vec<Option<u32>> = vec![None; fns.len()];
    let mut taken = HashSet::new();
    for (i, f) in fns.iter().enumerate() {
        if let Some(x) = f.index {
            if !taken.insert(x) {
                log.link_error(format!("two subroutine functions have index {x}"));
            }
            index[i] = Some(x);
        }
    }
    let mut next = 0u32;
    for slot in index.iter_mut().filter(|s| s.is_none()) {
        while taken.contains(&next) {
            next += 1;
        }
        taken.insert(next);
        *slot = Some(next);
    }
    if fns.len() > limits::MAX_SUBROUTINES as usize
        || taken.iter().any(|&x| x >= limits::MAX_SUBROUTINES as u32)
    {
        log.link_error(format!(
            "the {} shader has more subroutine functions than GL_MAX_SUBROUTINES ({}) allows",
            stage.name(),
            limits::MAX_SUBROUTINES
        ));
    }
    let index_of = |f: FunctionId| -> Option<u32> {
        fns.iter().position(|x| x.func == f).and_then(|i| index[i])
    };
    let mut functions: Vec<(String, u32)> = fns
        .iter()
        .zip(&index)
        .map(|(f, &x)| (m.functions[f.func.0 as usize].name.clone(), x.unwrap_or(0)))
        .collect();
    functions.sort_by_key(|f| f.1);
    let us: Vec<&SubroutineUniform> = subs.uniforms.iter().filter(|u| u.owner == owner).collect();
    let size = |u: &SubroutineUniform| u.array.unwrap_or(1).max(1);
    // The locations are counted (in 64 bits) before any is assigned: a hostile array
    // size must be a link error, not a table of that many locations.
    let max_locs = limits::MAX_SUBROUTINE_UNIFORM_LOCATIONS as u64;
    let total: u64 = us.iter().map(|u| size(u) as u64).sum();
    let past = us.iter().any(|u| {
        u.location
            .is_some_and(|l| l as u64 + size(u) as u64 > max_locs)
    });
    if total > max_locs || past {
        log.link_error(format!(
            "the {} shader's subroutine uniforms need more than GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS ({}) locations",
            stage.name(),
            limits::MAX_SUBROUTINE_UNIFORM_LOCATIONS
        ));
        return StageSubroutines {
            stage,
            functions,
            uniforms: Vec::new(),
            locations: 0,
        };
    }
    let mut used_locs: HashSet<u32> = HashSet::new();
    let mut locs: Vec<Option<u32>> = vec![None; us.len()];
    for (i, u) in us.iter().enumerate() {
        if let Some(l) = u.location {
            for k in 0..size(u) {
                if !used_locs.insert(l.saturating_add(k)) {
                    log.link_error(format!(
                        "subroutine uniform `{}' overlaps another's location",
                        u.name
                    ));
                }
            }
            locs[i] = Some(l);
        }
    }
    for (i, u) in us.iter().enumerate() {
        if locs[i].is_some() {
            continue;
        }
        let n = size(u);
        let mut l = 0u32;
        while (l..l.saturating_add(n)).any(|x| used_locs.contains(&x)) {
            l += 1;
        }
        used_locs.extend(l..l.saturating_add(n));
        locs[i] = Some(l);
    }
    let locations = used_locs
        .iter()
        .map(|&l| l.saturating_add(1))
        .max()
        .unwrap_or(0);
    let mut uniforms = Vec::new();
    for (i, u) in us.iter().enumerate() {
        let t = &subs.types[u.ty as usize];
        let mut compatible: Vec<u32> = fns
            .iter()
            .zip(&index)
            .filter(|(f, _)| f.types.contains(&t.name))
            .filter_map(|(_, &x)| x)
            .collect();
        compatible.sort_unstable();
        let candidates: Vec<u32> = t.candidates.iter().filter_map(|&c| index_of(c)).collect();
        if t.dispatcher.is_some() && compatible.iter().any(|c| !candidates.contains(c)) {
            log.link_error(format!(
                "a function of subroutine type `{}' is defined in another shader of the {} stage than the calls through `{}': glcompute needs them in one shader",
                t.name,
                stage.name(),
                u.name
            ));
        }
        uniforms.push(SubroutineUniformInfo {
            name: u.name.clone(),
            location: locs[i].unwrap_or(0),
            size: size(u),
            is_array: u.array.is_some(),
            compatible,
            global: u.global,
            candidates,
        });
    }
    StageSubroutines {
        stage,
        functions,
        uniforms,
        locations,
    }
}

/// What a link takes besides the shaders: the program's settings and bindings.
#[derive(Debug, Default, Clone)]
pub struct LinkOptions {
    /// A core-profile context (a program without shaders fails to link).
    pub core: bool,
    /// PROGRAM_SEPARABLE: stages may be used without the ones before them.
    pub separable: bool,
    /// BindAttribLocation: attribute name -> location.
    pub attrib_bindings: std::collections::BTreeMap<String, u32>,
    /// BindFragDataLocationIndexed: output name -> (color number, index).
    pub frag_bindings: std::collections::BTreeMap<String, (u32, u32)>,
    /// TransformFeedbackVaryings: the names to record, and whether each goes to a
    /// buffer of its own (SEPARATE_ATTRIBS) rather than one buffer (INTERLEAVED_ATTRIBS).
    pub xfb_varyings: Vec<String>,
    pub xfb_separate: bool,
}

/// Copies one module's contents into another, remapping ids.
struct Importer<'a> {
    src: &'a Module,
    types: Vec<TypeId>,
    globals: Vec<GlobalId>,
    functions: Vec<FunctionId>,
}

impl<'a> Importer<'a> {
    fn ty(&self, t: TypeId) -> TypeId {
        self.types[t.0 as usize]
    }

    fn import_types(&mut self, dst: &mut Module) {
        // Types were interned after their parts, so one pass in order suffices; struct
        // definitions are copied (struct identity is per shader until merged by name).
        let mut struct_map: HashMap<u32, TypeId> = HashMap::new();
        let n = self.src.types.len();
        for i in 0..n {
            let t = self.src.types.get(TypeId(i as u32)).clone();
            let id = match t {
                Type::Array(b, len) => {
                    let b = self.ty(b);
                    dst.types.array(b, len)
                }
                Type::Struct(s) => {
                    if let Some(&t) = struct_map.get(&s.0) {
                        t
                    } else {
                        let def = self.src.types.struct_def(s).clone();
                        let members: Vec<StructMember> = def
                            .members
                            .iter()
                            .map(|m| StructMember {
                                ty: self.ty(m.ty),
                                ..m.clone()
                            })
                            .collect();
                        let t = same_struct(dst, &def.name, &members).unwrap_or_else(|| {
                            dst.types.add_struct(StructDef {
                                members,
                                ..def.clone()
                            })
                        });
                        struct_map.insert(s.0, t);
                        t
                    }
                }
                other => dst.types.intern(other),
            };
            self.types.push(id);
        }
    }

    fn constant(&self, c: &ConstValue) -> ConstValue {
        match c {
            ConstValue::Scalar(l) => ConstValue::Scalar(*l),
            ConstValue::Composite(t, parts) => ConstValue::Composite(
                self.ty(*t),
                parts.iter().map(|p| self.constant(p)).collect(),
            ),
        }
    }

    fn function(&self, f: &Function) -> Function {
        let exprs = f
            .exprs
            .iter()
            .map(|e| Expr {
                ty: self.ty(e.ty),
                span: e.span,
                kind: match &e.kind {
                    ExprKind::Constant(c) => ExprKind::Constant(self.constant(c)),
                    ExprKind::Global(g) => ExprKind::Global(self.globals[g.0 as usize]),
                    ExprKind::Call { func, args } => ExprKind::Call {
                        func: self.functions[func.0 as usize],
                        args: args.clone(),
                    },
                    k => k.clone(),
                },
            })
            .collect();
        Function {
            name: f.name.clone(),
            params: f.params,
            defined: f.defined,
            span: f.span,
            ret: self.ty(f.ret),
            locals: f
                .locals
                .iter()
                .map(|l| Local {
                    ty: self.ty(l.ty),
                    ..l.clone()
                })
                .collect(),
            exprs,
            body: {
                let mut body = f.body.clone();
                for_each_stmt_mut(&mut body, |s| {
                    if let StmtKind::Call { func, .. } = s {
                        *func = self.functions[func.0 as usize];
                    }
                });
                body
            },
        }
    }
}

/// A struct already in `dst` with the same name and members (merging by name).
fn same_struct(dst: &Module, name: &str, members: &[StructMember]) -> Option<TypeId> {
    dst.types.structs.iter().enumerate().find_map(|(i, s)| {
        let same = s.name == name
            && s.members.len() == members.len()
            && s.members
                .iter()
                .zip(members)
                .all(|(a, b)| a.name == b.name && a.ty == b.ty);
        if same {
            Some(dst.types.struct_type(StructId(i as u32)))
        } else {
            None
        }
    })
}

/// Whether a global is one variable of the whole program (uniforms and blocks, GL
/// 4.6 §7.6) rather than of one stage (inputs, outputs, private and shared
/// variables).
fn program_wide(s: Storage) -> bool {
    matches!(
        s,
        Storage::Uniform | Storage::UniformBlock(_) | Storage::Buffer(_) | Storage::Const
    )
}

/// Imports `src` into `dst`. `owners[i]` is the stage (an index the caller chooses)
/// whose shaders declared global `i` of `dst`: globals merge by name with a program-wide
/// global of any stage, and otherwise only within their own stage. Returns where each
/// of `src`'s functions went.
pub(super) fn import_module(
    dst: &mut Module,
    src: &Module,
    log: &mut Log,
    fn_index: &mut HashMap<(String, Vec<TypeId>), FunctionId>,
    stage: usize,
    owners: &mut Vec<usize>,
) -> Vec<FunctionId> {
    let mut imp = Importer {
        src,
        types: Vec::new(),
        globals: Vec::new(),
        functions: Vec::new(),
    };
    imp.import_types(dst);
    // Blocks by name.
    let mut block_map = Vec::new();
    for b in &src.blocks {
        let ty = imp.ty(b.ty);
        match dst.blocks.iter().position(|x| x.name == b.name) {
            Some(i) => {
                let x = &dst.blocks[i];
                if x.ty != ty
                    || x.kind != b.kind
                    || x.packing != b.packing
                    || x.binding != b.binding
                {
                    log.link_error(format!(
                        "block `{}' is declared differently in two shaders",
                        b.name
                    ));
                }
                block_map.push(BlockId(i as u32));
            }
            None => {
                dst.blocks.push(InterfaceBlock { ty, ..b.clone() });
                block_map.push(BlockId(dst.blocks.len() as u32 - 1));
            }
        }
    }
    // Globals by name (GL 4.6 §7.3: same-named globals of one stage are one variable).
    for g in &src.globals {
        let ty = imp.ty(g.ty);
        let storage = match g.storage {
            Storage::UniformBlock(b) => Storage::UniformBlock(block_map[b.0 as usize]),
            Storage::Buffer(b) => Storage::Buffer(block_map[b.0 as usize]),
            s => s,
        };
        let init = g.init.as_ref().map(|c| imp.constant(c));
        let found = dst.globals.iter().enumerate().position(|(i, x)| {
            x.name == g.name
                && (owners.get(i) == Some(&stage)
                    || (program_wide(x.storage) && program_wide(storage)))
        });
        match found {
            Some(i) => {
                let x = &mut dst.globals[i];
                if x.ty != ty || x.storage != storage {
                    log.link_error(format!(
                        "`{}' is declared with different types or qualifiers in two shaders",
                        g.name
                    ));
                } else if x.binding != g.binding
                    || (x.init.is_some() && init.is_some() && x.init != init)
                {
                    log.link_error(format!(
                        "`{}' has different layout qualifiers or initializers in two shaders",
                        g.name
                    ));
                }
                x.used |= g.used;
                if x.init.is_none() {
                    x.init = init;
                }
                imp.globals.push(GlobalId(i as u32));
            }
            None => {
                dst.globals.push(Global {
                    ty,
                    storage,
                    init,
                    ..g.clone()
                });
                owners.push(stage);
                imp.globals.push(GlobalId(dst.globals.len() as u32 - 1));
            }
        }
    }
    // Functions: one slot per signature; a definition fills a declared slot.
    for f in &src.functions {
        let ret = imp.ty(f.ret);
        let params: Vec<TypeId> = f.locals[..f.params].iter().map(|l| imp.ty(l.ty)).collect();
        let key = (f.name.clone(), params);
        let id = match fn_index.get(&key) {
            Some(&id) => {
                let existing = &dst.functions[id.0 as usize];
                if existing.ret != ret {
                    log.link_error(format!(
                        "function `{}' is declared with different return types",
                        f.name
                    ));
                }
                if existing.defined && f.defined && f.name != "__global_init" {
                    match f.name.strip_prefix("__subroutine_") {
                        Some(t) => log.link_error(format!(
                            "two shaders of a stage call through subroutine type `{t}': glcompute needs the calls through a subroutine type and its functions in one shader"
                        )),
                        None => log.link_error(format!(
                            "function `{}' is defined in more than one shader",
                            f.name
                        )),
                    }
                }
                id
            }
            None => {
                let placeholder = Function {
                    name: f.name.clone(),
                    ret,
                    params: 0,
                    locals: Vec::new(),
                    exprs: Vec::new(),
                    body: Vec::new(),
                    defined: false,
                    span: f.span,
                };
                dst.functions.push(placeholder);
                let id = FunctionId(dst.functions.len() as u32 - 1);
                fn_index.insert(key, id);
                id
            }
        };
        imp.functions.push(id);
    }
    for (i, f) in src.functions.iter().enumerate() {
        let id = imp.functions[i];
        let slot = &dst.functions[id.0 as usize];
        // A definition fills the slot; a declaration only fills an empty one.
        if f.defined || (!slot.defined && slot.locals.is_empty()) {
            dst.functions[id.0 as usize] = imp.function(f);
        }
    }
    dst.shared_size += src.shared_size;
    // Subroutines stay with their shader's stage; types are per shader (a dispatcher
    // calls its own shader's candidates).
    let type_base = dst.subroutines.types.len() as u32;
    let f = |id: FunctionId| imp.functions[id.0 as usize];
    for t in &src.subroutines.types {
        dst.subroutines.types.push(SubroutineType {
            ret: imp.ty(t.ret),
            params: t.params.iter().map(|&(ty, d)| (imp.ty(ty), d)).collect(),
            dispatcher: t.dispatcher.map(f),
            candidates: t.candidates.iter().map(|&c| f(c)).collect(),
            owner: stage,
            ..t.clone()
        });
    }
    for sf in &src.subroutines.functions {
        dst.subroutines.functions.push(SubroutineFunction {
            func: f(sf.func),
            owner: stage,
            ..sf.clone()
        });
    }
    for u in &src.subroutines.uniforms {
        dst.subroutines.uniforms.push(SubroutineUniform {
            global: imp.globals[u.global.0 as usize],
            ty: type_base + u.ty,
            owner: stage,
            ..u.clone()
        });
    }
    imp.functions
}

/// Functions reachable from `main` (through calls).
pub(super) fn reachable(m: &Module, main: FunctionId) -> HashSet<u32> {
    let mut seen = HashSet::new();
    let mut stack = vec![main.0];
    while let Some(f) = stack.pop() {
        if !seen.insert(f) {
            continue;
        }
        stack.extend(m.functions[f as usize].callees().iter().map(|c| c.0));
    }
    seen
}

pub fn link(
    shaders: &[(u32, Stage, Option<Arc<CompiledShader>>)],
    opts: &LinkOptions,
) -> Result<(LinkedProgram, String), String> {
    let core = opts.core;
    let mut log = Log::default();
    if shaders.is_empty() && core {
        log.link_error("no shaders are attached to the program");
    }
    let has_compute = shaders.iter().any(|s| s.1 == Stage::Compute);
    if has_compute && shaders.iter().any(|s| s.1 != Stage::Compute) {
        // ARB_compute_shader §2.11.3: compute mixed with another stage fails to link.
        log.link_error("a program cannot contain compute shaders and shaders of other stages");
    }
    for (name, stage, compiled) in shaders {
        if compiled.is_none() {
            log.link_error(format!(
                "{} shader {name} is not compiled successfully",
                stage.name()
            ));
        }
    }
    if log.has_errors() {
        return Err(log.text);
    }
    let units: Vec<&CompiledShader> = shaders.iter().filter_map(|s| s.2.as_deref()).collect();
    let mut module = Module {
        version: units.iter().map(|u| u.module.version).max().unwrap_or(0),
        ..Module::default()
    };
    let mut compute = None;
    let mut graphics = None;
    let mut referenced = Vec::new();
    let mut live_fns: Vec<FunctionId> = Vec::new();
    if !has_compute && !units.is_empty() {
        let units: Vec<(Stage, &CompiledShader)> = shaders
            .iter()
            .filter_map(|s| s.2.as_deref().map(|c| (s.1, c)))
            .collect();
        graphics = super::interface::link_graphics(
            &mut module,
            &units,
            opts,
            &mut log,
            &mut live_fns,
            &mut referenced,
        );
    }
    if has_compute {
        // The local size: declared at least once, identical everywhere.
        let mut size: Option<LocalSize> = None;
        for u in &units {
            match (size, u.module.local_size) {
                (_, None) => {}
                (None, Some(n)) => size = Some(n),
                (Some(a), Some(b)) if a != b => {
                    if matches!(a, LocalSize::Variable) != matches!(b, LocalSize::Variable) {
                        log.link_error("compute shaders mix fixed and variable local sizes");
                    } else {
                        log.link_error("compute shaders declare different local sizes");
                    }
                }
                _ => {}
            }
        }
        match size {
            None => log.link_error("compute shader must contain a fixed or variable local group size (layout(local_size_x = ...) in;)"),
            Some(s) => {
                compute = Some(ComputeInfo {
                    local_size: match s {
                        LocalSize::Fixed(v) => Some(v),
                        LocalSize::Variable => None,
                    },
                })
            }
        }
        module.local_size = size;
        let mut fn_index = HashMap::new();
        let mut owners = Vec::new();
        for u in &units {
            import_module(
                &mut module,
                &u.module,
                &mut log,
                &mut fn_index,
                0,
                &mut owners,
            );
        }
        let mains: Vec<usize> = module
            .functions
            .iter()
            .enumerate()
            .filter(|(_, f)| f.name == "main" && f.defined)
            .map(|(i, _)| i)
            .collect();
        match mains.len() {
            0 => log.link_error("no definition of main() in the compute shaders"),
            1 => {}
            _ => log.link_error("main() is defined in more than one compute shader"),
        }
        if let Some(&main) = mains.first() {
            let live = reachable(&module, FunctionId(main as u32));
            live_fns = live.iter().map(|&f| FunctionId(f)).collect();
            for &f in &live {
                let func = &module.functions[f as usize];
                if !func.defined {
                    log.link_error(format!(
                        "function `{}' is called but never defined",
                        func.name
                    ));
                }
            }
            // Recursion across shaders (GLSL 4.60 §6.1.2).
            if validate::cycle(&module, &live_fns).is_some() {
                log.link_error("recursion is not allowed");
            } else if let Err(e) = validate::limits(&module, FunctionId(main as u32)) {
                log.link_error(e);
            }
            for &f in &live_fns {
                let func = &module.functions[f.0 as usize];
                if validate::falls_off_end(&module, func) {
                    log.warning(
                        func.span,
                        format!(
                            "function `{}' can reach its end without returning a value; it returns zero there",
                            func.name
                        ),
                    );
                }
            }
            // Active variables: referenced by live code.
            for g in module.globals.iter_mut() {
                g.used = false;
            }
            for &f in &live {
                for e in module.functions[f as usize].exprs.clone() {
                    if let ExprKind::Global(g) = e.kind {
                        module.globals[g.0 as usize].used = true;
                    }
                }
            }
            let used = (0..module.globals.len())
                .filter(|&i| module.globals[i].used)
                .map(|i| GlobalId(i as u32))
                .collect();
            referenced.push((Stage::Compute, used));
        }
        // ARB_compute_shader §5.5.1: shared memory of all shaders within the limit.
        let shared: u64 = module
            .globals
            .iter()
            .filter(|g| g.storage == Storage::Shared)
            .map(|g| layout::layout(&module.types, g.ty, Packing::Std430, false).size)
            .fold(0u64, u64::saturating_add);
        module.shared_size = shared;
        if shared > limits::MAX_COMPUTE_SHARED_MEMORY_SIZE as u64 {
            log.link_error(format!(
                "shared variables take {shared} bytes, more than GL_MAX_COMPUTE_SHARED_MEMORY_SIZE = {}",
                limits::MAX_COMPUTE_SHARED_MEMORY_SIZE
            ));
        }
    }
    if log.has_errors() {
        return Err(log.text);
    }
    // The back end relies on a well-formed module: a malformed one is a compiler bug,
    // reported in the log instead of compiled.
    if let Err(errors) = validate::validate(&module) {
        for e in errors {
            log.link_error(format!("internal compiler error: {e}"));
        }
        return Err(log.text);
    }
    // GLSL 4.60 §8.16: a barrier must be reached by every invocation of a work group;
    // one under control flow that can differ between them is undefined. Said, not
    // refused (the spec leaves it to run).
    if let Some(main) = module.entry().filter(|_| has_compute) {
        let a = uniformity::analyze(&module, main, &barrier_functions(&module));
        for (_, span) in &a.divergent_barriers {
            log.warning(*span, DIVERGENT_BARRIER);
        }
    }
    let mut errors = reflect::Errors::default();
    let reflection = reflect::reflect(&module, &live_fns, &mut errors);
    for e in errors.0 {
        log.link_error(e);
    }
    if log.has_errors() {
        return Err(log.text);
    }
    let stages: Vec<Stage> = if has_compute {
        vec![Stage::Compute]
    } else {
        referenced.iter().map(|r| r.0).collect()
    };
    // Owners are link order: 0 for compute, the graphics stages in their order.
    let owners: Vec<Stage> = match &graphics {
        Some(g) => g.layouts.iter().map(|l| l.0).collect(),
        None => stages.clone(),
    };
    let subroutines: Vec<StageSubroutines> = owners
        .iter()
        .enumerate()
        .map(|(i, &s)| stage_subroutines(&module, i, s, &mut log))
        .collect();
    if log.has_errors() {
        return Err(log.text);
    }
    Ok((
        LinkedProgram {
            stages,
            compute,
            graphics,
            referenced,
            module,
            reflection,
            subroutines,
        },
        log.text,
    ))
}
