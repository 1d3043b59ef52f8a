use crate::ir::shader::Log;
use crate::ir::*;
use std::collections::{HashMap, HashSet};

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
pub struct Importer<'a> {
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
                    match self.src.types.explicit_stride(TypeId(i as u32)) {
                        Some(stride) => dst.types.explicit_array(b, len, stride),
                        None => dst.types.array(b, len),
                    }
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

/// A struct already in `dst` with the same name and members (merging by name): the
/// same member names, types and explicit layout (offsets, alignments, matrix order),
/// so that two blocks whose members sit at different offsets stay two types.
pub fn same_struct(dst: &Module, name: &str, members: &[StructMember]) -> Option<TypeId> {
    dst.types.structs.iter().enumerate().find_map(|(i, s)| {
        let same = s.name == name
            && s.members.len() == members.len()
            && s.members.iter().zip(members).all(|(a, b)| {
                a.name == b.name
                    && a.ty == b.ty
                    && a.offset == b.offset
                    && a.align == b.align
                    && a.row_major == b.row_major
                    && a.matrix_stride == b.matrix_stride
            });
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
pub fn program_wide(s: Storage) -> bool {
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
