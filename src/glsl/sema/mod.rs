//! Semantic analysis: walks glsl-lang's AST in source order, resolves names, types and
//! overloads, applies GLSL's conversion and qualifier rules, the compute-shader rules
//! of ARB_compute_shader and ARB_compute_variable_group_size and the graphics stages'
//! rules ([`stages`]), and builds the typed IR.
//! Problems go to the info log with their source positions; checking goes on after an
//! error so one compile reports as many problems as it can.

mod blocks;
mod calls;
mod compat;
mod constructors;
mod decl;
mod derivatives;
pub use derivatives::derivative_group_problem;
mod expr;
mod functions;
mod gathers;
mod io;
mod io_layout;
mod operators;
mod projective;
mod qualifiers;
pub mod stages;
mod stmt;
mod subroutines;
mod types;

use std::collections::{HashMap, HashSet};

use glsl_lang::ast::{self, NodeContent};

use crate::glsl::parse::Directives;
use crate::glsl::parse::int64::Int64Literals;
use crate::glsl::parse::lines::LineMap;
use crate::ir::shader::{Log, Stage};
use crate::ir::*;

/// What a name in scope refers to.
#[derive(Debug, Clone)]
enum Symbol {
    Global(GlobalId),
    Local(LocalId),
    /// A `const` variable with a folded value (it is not an l-value).
    Const(ConstValue, TypeId),
    /// A member of a block declared without an instance name.
    BlockMember(GlobalId, u32),
    Struct(TypeId),
}

/// The function whose body is being checked (or the global initializer pseudo-function).
struct FnCtx {
    func: Function,
    id: Option<FunctionId>,
    loops: u32,
    switches: u32,
    /// Blocks being filled: statements go to the innermost.
    stack: Vec<Block>,
}

/// Default layout qualifiers set by `layout(...) uniform;` / `layout(...) buffer;`.
#[derive(Debug, Clone, Copy)]
struct BlockDefaults {
    packing: Packing,
    row_major: bool,
}

pub struct Checker<'s> {
    pub log: Log,
    /// The stage the shader is compiled for.
    stage: Stage,
    /// `#version NNN compatibility`.
    compat_profile: bool,
    /// Names of the shader's interface blocks (GLSL 4.60 §4.3.9: used at global scope
    /// for nothing else).
    block_names: HashSet<String>,
    /// The layout qualifiers of gl_FragCoord's first redeclaration.
    frag_coord_layout: Option<Vec<String>>,
    /// The shader's use of the input and output gl_PerVertex blocks.
    per_vertex_use: [qualifiers::PerVertexUse; 2],
    /// The sizes gl_ClipDistance and gl_CullDistance are redeclared with, per direction
    /// (input, output): their sum is limited (GLSL 4.60 §7.1).
    clip_cull: [[Option<u32>; 2]; 2],
    /// The transform feedback buffer of outputs declared without `xfb_buffer`
    /// (GLSL 4.60 §4.4.2.1: `layout(xfb_buffer = N) out;` sets it; initially 0).
    xfb_default_buffer: u32,
    map: &'s LineMap,
    pub m: Module,
    version: u16,
    exts: HashSet<String>,
    scopes: Vec<HashMap<String, Symbol>>,
    functions: HashMap<String, Vec<FunctionId>>,
    cur: Option<FnCtx>,
    /// Global initializers that run before `main` (plain globals with initializers).
    init: FnCtx,
    ubo_defaults: BlockDefaults,
    ssbo_defaults: BlockDefaults,
    /// Calls made by each function (for the recursion check).
    calls: HashMap<u32, HashSet<u32>>,
    /// Current nesting of expressions and statements being checked.
    depth: u32,
    /// The nesting limit was reported.
    too_deep: bool,
    /// The source's 64-bit integer literals, replaced by identifiers before parsing.
    int64: Int64Literals,
    /// A GLSL ES shader: no implicit conversions (GLSL ES 3.10 §4.1.10), no double
    /// types (reserved, §3.7), images with a precision and, but for the r32 formats,
    /// readonly or writeonly (§4.7.4, §4.10).
    es: bool,
    /// The types a global `precision` statement gave a default precision.
    es_precisions: HashSet<TypeId>,
}

impl<'s> Checker<'s> {
    pub fn new(map: &'s LineMap, dirs: &Directives, log: Log, stage: Stage) -> Checker<'s> {
        // GLSL ES 3.00 and 3.10 are checked with the desktop version whose features
        // they have (3.30 and 4.30), and the rules of ES on top ([`Checker::es`]).
        let version = crate::glsl::words::desktop_equivalent(dirs.profile_es, dirs.version);
        let mut m = Module {
            version,
            es_version: dirs.profile_es.then_some(dirs.version),
            ..Module::default()
        };
        let void = m.types.void();
        Checker {
            log,
            stage,
            compat_profile: dirs.compatibility,
            per_vertex_use: Default::default(),
            clip_cull: Default::default(),
            xfb_default_buffer: 0,
            block_names: HashSet::new(),
            frag_coord_layout: None,
            map,
            m,
            version,
            es: dirs.profile_es,
            es_precisions: HashSet::new(),
            exts: dirs.extensions.iter().cloned().collect(),
            int64: dirs.int64.clone(),
            scopes: vec![HashMap::new()],
            functions: HashMap::new(),
            cur: None,
            init: FnCtx {
                func: Function {
                    name: "__global_init".into(),
                    ret: void,
                    params: 0,
                    locals: Vec::new(),
                    exprs: Vec::new(),
                    body: Vec::new(),
                    defined: true,
                    span: Span::default(),
                },
                id: None,
                loops: 0,
                switches: 0,
                stack: vec![Vec::new()],
            },
            ubo_defaults: BlockDefaults {
                packing: Packing::Shared,
                row_major: false,
            },
            ssbo_defaults: BlockDefaults {
                packing: Packing::Shared,
                row_major: false,
            },
            calls: HashMap::new(),
            depth: 0,
            too_deep: false,
        }
    }

    fn span_of<T: NodeContent>(&self, n: &ast::Node<T>) -> Span {
        n.span
            .map(|s| self.map.span(usize::from(s.start().offset)))
            .unwrap_or_default()
    }

    fn error(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.log.error(span, msg);
    }

    fn warning(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.log.warning(span, msg);
    }

    fn ext(&self, name: &str) -> bool {
        self.exts.contains(name)
    }

    /// GL_ARB_enhanced_layouts' rules: GLSL 4.40, or earlier with the extension.
    fn enhanced_layouts(&self) -> bool {
        self.version >= 440 || self.ext("GL_ARB_enhanced_layouts")
    }

    /// Reports `what` (a GL_ARB_enhanced_layouts feature) as an error where the shader
    /// has neither GLSL 4.40 nor the extension.
    fn require_enhanced_layouts(&mut self, span: Span, what: &str) {
        if !self.enhanced_layouts() {
            self.error(
                span,
                format!("{what} requires GLSL 4.40 or GL_ARB_enhanced_layouts"),
            );
        }
    }

    /// Compute shaders are available at GLSL 4.30, or earlier with the extension.
    fn compute_enabled(&self) -> bool {
        self.version >= 430 || self.ext("GL_ARB_compute_shader")
    }

    /// The expression arena and locals currently being built.
    fn f(&mut self) -> &mut FnCtx {
        match self.cur.as_mut() {
            Some(c) => c,
            None => &mut self.init,
        }
    }

    fn fr(&self) -> &FnCtx {
        self.cur.as_ref().unwrap_or(&self.init)
    }

    fn func(&self) -> &Function {
        &self.fr().func
    }

    fn add(&mut self, kind: ExprKind, ty: TypeId, span: Span) -> ExprId {
        let f = &mut self.f().func;
        f.exprs.push(Expr { kind, ty, span });
        ExprId(f.exprs.len() as u32 - 1)
    }

    fn ty(&self, e: ExprId) -> TypeId {
        self.func().expr(e).ty
    }

    fn kind(&self, e: ExprId) -> &ExprKind {
        &self.func().expr(e).kind
    }

    fn espan(&self, e: ExprId) -> Span {
        self.func().expr(e).span
    }

    fn tname(&self, t: TypeId) -> String {
        self.m.types.name(t)
    }

    /// Folds an expression of the current arena, if it is constant. In GLSL ES the
    /// sequence operator makes no constant expression (GLSL ES 3.00 §4.3.3).
    fn fold(&mut self, e: ExprId) -> Option<ConstValue> {
        let f = match self.cur.as_ref() {
            Some(c) => &c.func,
            None => &self.init.func,
        };
        if self.es {
            // A work list: the tree is as deep as the source makes it.
            let mut work = vec![e];
            while let Some(x) = work.pop() {
                let kind = &f.expr(x).kind;
                if matches!(kind, ExprKind::Sequence { .. }) {
                    return None;
                }
                work.extend(kind.children());
            }
        }
        consteval::eval(&mut self.m.types, f, e)
    }

    fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn lookup(&self, name: &str) -> Option<&Symbol> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    /// Declares `name` in the innermost scope; redeclaration in the same scope is an
    /// error (GLSL 4.60 §4.2.2).
    fn declare(&mut self, name: &str, sym: Symbol, span: Span) -> bool {
        if name.starts_with("gl_") {
            self.error(
                span,
                format!("identifier `{name}' uses reserved prefix `gl_'"),
            );
            return false;
        }
        if name.contains("__") {
            self.warning(
                span,
                format!("identifier `{name}' uses reserved `__' string"),
            );
        }
        let global_scope = self.scopes.len() == 1;
        if global_scope && self.block_names.contains(name) {
            self.error(span, format!("`{name}' is already the name of a block"));
            return false;
        }
        let scope = self.scopes.last_mut().expect("scope");
        if scope.contains_key(name) || (global_scope && self.functions.contains_key(name)) {
            self.error(span, format!("`{name}' redeclared"));
            return false;
        }
        // A variable in function scope may not hide a function parameter's scope-mate
        // either; that is the same scope here (parameters share the body's scope).
        self.scopes
            .last_mut()
            .expect("scope")
            .insert(name.to_string(), sym);
        true
    }

    /// Claims a block name (GLSL 4.60 §4.3.9): not a global variable, function or type
    /// name, nor reserved.
    fn claim_block_name(&mut self, name: &str, span: Span) -> bool {
        if name.starts_with("gl_") {
            self.error(
                span,
                format!("block name `{name}' uses reserved prefix `gl_'"),
            );
            return false;
        }
        if self.scopes[0].contains_key(name) || self.functions.contains_key(name) {
            self.error(
                span,
                format!("block name `{name}' is already used at global scope"),
            );
            return false;
        }
        self.block_names.insert(name.to_string());
        true
    }

    /// Runs the whole translation unit.
    pub fn check(&mut self, unit: &ast::TranslationUnit) {
        if self.stage != Stage::Compute {
            if !self.stage_enabled() {
                return;
            }
        } else if !self.compute_enabled() {
            self.error(
                Span { source: 0, line: 1, col: 1 },
                format!(
                    "compute shaders require GLSL 4.30 or GL_ARB_compute_shader; the shader is GLSL {}.{:02}",
                    self.version / 100,
                    self.version % 100
                ),
            );
            return;
        }
        for decl in &unit.0 {
            match &decl.content {
                ast::ExternalDeclarationData::FunctionDefinition(f) => self.function_definition(f),
                ast::ExternalDeclarationData::Declaration(d) => self.global_declaration(d),
                ast::ExternalDeclarationData::Preprocessor(_) => {}
            }
        }
        self.finish_subroutines();
        self.check_recursion();
        self.check_fragment_outputs();
    }

    /// GLSL 4.60 §6.1.2: recursion (static, through any chain of calls) is an error.
    fn check_recursion(&mut self) {
        let n = self.m.functions.len() as u32;
        let mut state = vec![0u8; n as usize];
        fn visit(v: u32, calls: &HashMap<u32, HashSet<u32>>, state: &mut [u8]) -> bool {
            if state[v as usize] == 1 {
                return true;
            }
            if state[v as usize] == 2 {
                return false;
            }
            state[v as usize] = 1;
            if let Some(cs) = calls.get(&v) {
                for &c in cs {
                    if visit(c, calls, state) {
                        return true;
                    }
                }
            }
            state[v as usize] = 2;
            false
        }
        for i in 0..n {
            if state[i as usize] == 0 && visit(i, &self.calls, &mut state) {
                let f = &self.m.functions[i as usize];
                let (span, name) = (f.span, f.name.clone());
                self.error(span, format!("function `{name}' is recursive"));
                return;
            }
        }
    }
}

/// Checks one translation unit into a module.
pub fn check(
    unit: &ast::TranslationUnit,
    dirs: &Directives,
    map: &LineMap,
    log: Log,
    stage: Stage,
) -> (Module, Log) {
    let mut c = Checker::new(map, dirs, log, stage);
    // GLSL ES 3.00 §4.6.1: `#pragma STDGL invariant(all)` is an error in a fragment
    // shader.
    if let Some(span) = dirs.invariant_all
        && c.es
        && stage == Stage::Fragment
    {
        c.error(
            span,
            "#pragma STDGL invariant(all) is not allowed in GLSL ES fragment shaders (GLSL ES 3.00 §4.6.1)",
        );
    }
    c.check(unit);
    (c.m, c.log)
}
