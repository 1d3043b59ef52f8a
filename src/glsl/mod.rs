//! The GLSL front end: preprocesses and parses shader sources with glsl-lang, checks
//! them and links compute shaders into a program description. It reports problems as
//! info logs in the form GL drivers use (`0:LINE(COL): error: ...`). It is called by
//! the state layer (CompileShader, LinkProgram) and calls nothing above it.
//!
//! This first stage checks syntax (after preprocessing), the work-group size layout
//! and the presence of `main`; the typed IR and the full semantic checks build on it.

use glsl_lang::ast::{self, NodeContent};
use glsl_lang::lexer::full::fs::{FileSystem, Lexer, PreprocessorExt};
use glsl_lang::parse::{Parse, ParseOptions};
use glsl_lang_pp::exts::{DEFAULT_REGISTRY, ExtensionSpec, Registry, names::ExtNameAtom};
use glsl_lang_pp::processor::ProcessorStateBuilder;
use glsl_lang_pp::processor::fs::Processor;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// GLSL extensions the compiler implements: `#extension` accepts them and the
/// preprocessor defines their macros. glsl-lang's default registry names many more
/// (and would define their macros), so the front end uses its own.
pub const EXTENSIONS: &[&str] = &[
    "GL_ARB_compute_shader",
    "GL_ARB_compute_variable_group_size",
    "GL_ARB_shader_storage_buffer_object",
    "GL_ARB_shader_atomic_counters",
    "GL_ARB_shader_image_load_store",
    "GL_ARB_shading_language_420pack",
    "GL_ARB_explicit_uniform_location",
    "GL_ARB_arrays_of_arrays",
];

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut r = Registry::new();
        for name in EXTENSIONS {
            let atom = ExtNameAtom::from(*name);
            let types = DEFAULT_REGISTRY
                .get(&atom)
                .map(|spec| spec.type_names().to_vec())
                .unwrap_or_default();
            r.add(ExtensionSpec::new(atom, types));
        }
        r
    })
}

/// Shader sources have no file system: `#include` finds nothing.
#[derive(Clone, Copy, Default)]
struct NoFiles;

impl FileSystem for NoFiles {
    type Error = std::io::Error;

    fn canonicalize(&self, path: &Path) -> Result<PathBuf, Self::Error> {
        Ok(path.to_path_buf())
    }

    fn exists(&self, _path: &Path) -> bool {
        false
    }

    fn read(&self, path: &Path) -> Result<std::borrow::Cow<'_, str>, Self::Error> {
        Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("{} (shaders cannot include files)", path.display()),
        ))
    }
}

/// GLSL 4.60 §3.3: `#extension name : behavior` with an extension the compiler does not
/// implement is an error for `require` and a warning for `enable` and `warn`. glsl-lang
/// rejects every unknown extension, so such directives are answered here and blanked
/// (line numbers are kept) before parsing.
fn screen_extensions(source: &str, log: &mut Log) -> String {
    let mut out = String::with_capacity(source.len());
    for (i, line) in source.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start();
        let directive = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("extension"))
            .filter(|r| r.starts_with(char::is_whitespace));
        if let Some(rest) = directive {
            let mut parts = rest.splitn(2, ':');
            let name = parts.next().unwrap_or("").trim();
            let behavior = parts.next().unwrap_or("").trim();
            let behavior = behavior
                .split(|c: char| c.is_whitespace() || c == '/')
                .next()
                .unwrap_or("");
            if name != "all" && !name.is_empty() && !EXTENSIONS.contains(&name) {
                let col = (line.len() - trimmed.len()) as u32 + 1;
                match behavior {
                    "require" => log.error(
                        i as u32 + 1,
                        col,
                        format!("extension `{name}' unsupported in compute shader"),
                    ),
                    "enable" | "warn" => log.warning(
                        i as u32 + 1,
                        col,
                        format!("extension `{name}' unsupported in compute shader"),
                    ),
                    _ => {}
                }
                out.push_str(if line.ends_with('\n') { "\n" } else { "" });
                continue;
            }
        }
        out.push_str(line);
    }
    out
}

/// A shader stage (GL 4.6 §7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    Vertex,
    TessControl,
    TessEvaluation,
    Geometry,
    Fragment,
    Compute,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::TessControl => "tessellation control",
            Stage::TessEvaluation => "tessellation evaluation",
            Stage::Geometry => "geometry",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
        }
    }
}

/// The work-group size a compute shader declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalSize {
    /// `layout(local_size_x = ...) in;` (unspecified dimensions are 1).
    Fixed([u32; 3]),
    /// `layout(local_size_variable) in;` (ARB_compute_variable_group_size).
    Variable,
}

/// A successfully compiled shader object.
#[derive(Debug)]
pub struct CompiledShader {
    pub stage: Stage,
    pub local_size: Option<LocalSize>,
    pub defines_main: bool,
    pub uniforms: Vec<Resource>,
    pub uniform_blocks: Vec<Resource>,
    pub atomic_counter_bindings: Vec<u32>,
}

/// A named interface resource of a program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resource {
    pub name: String,
}

pub trait Named {
    fn name(&self) -> &str;
}

impl Named for Resource {
    fn name(&self) -> &str {
        &self.name
    }
}

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
    pub uniforms: Vec<Resource>,
    pub uniform_blocks: Vec<Resource>,
    pub atomic_counter_buffers: usize,
}

/// Collects info-log lines.
#[derive(Default)]
struct Log {
    text: String,
    errors: usize,
}

impl Log {
    fn warning(&mut self, line: u32, col: u32, msg: impl std::fmt::Display) {
        self.text
            .push_str(&format!("0:{line}({col}): warning: {msg}\n"));
    }

    fn error(&mut self, line: u32, col: u32, msg: impl std::fmt::Display) {
        self.text
            .push_str(&format!("0:{line}({col}): error: {msg}\n"));
        self.errors += 1;
    }
}

/// Line (1-based) and column (1-based) of a byte offset.
fn line_col(src: &str, offset: usize) -> (u32, u32) {
    let before = &src[..offset.min(src.len())];
    let line = before.matches('\n').count() as u32 + 1;
    let col = before.rfind('\n').map(|p| offset - p - 1).unwrap_or(offset) as u32 + 1;
    (line, col)
}

fn span_of<T: NodeContent>(node: &ast::Node<T>, src: &str) -> (u32, u32) {
    node.span
        .map(|s| line_col(src, usize::from(s.start().offset)))
        .unwrap_or((1, 1))
}

/// Compiles one shader. Ok carries the compiled shader and its (warnings-only) log; Err
/// carries the info log.
pub fn compile(stage: Stage, source: &str) -> Result<(CompiledShader, String), String> {
    if stage != Stage::Compute {
        return Err(format!(
            "0:1(1): error: glcompute compiles compute shaders only; {} shaders are not supported\n",
            stage.name()
        ));
    }
    let mut log = Log::default();
    let screened = screen_extensions(source, &mut log);
    if log.errors > 0 {
        return Err(log.text);
    }
    let opts = ParseOptions {
        default_version: 110,
        ..ParseOptions::default()
    };
    let mut processor = Processor::new_with_fs(NoFiles);
    let file = processor
        .open_source(&screened, "")
        .with_registry(registry())
        .with_state(ProcessorStateBuilder::new(registry()));
    let parsed = ast::TranslationUnit::parse_with_options::<Lexer<'_, '_, NoFiles>>(file, &opts);
    let unit = match parsed {
        Ok((unit, _ctx, _lexer)) => unit,
        Err(e) => {
            // glsl-lang reports 0-based lines and columns.
            return Err(format!(
                "{}0:{}({}): error: {}\n",
                log.text,
                e.line() + 1,
                e.col() + 1,
                e.inner()
            ));
        }
    };
    let mut shader = CompiledShader {
        stage,
        local_size: None,
        defines_main: false,
        uniforms: Vec::new(),
        uniform_blocks: Vec::new(),
        atomic_counter_bindings: Vec::new(),
    };
    for decl in &unit.0 {
        match &decl.content {
            ast::ExternalDeclarationData::FunctionDefinition(f) => {
                if f.prototype.name.0.as_str() == "main" {
                    if shader.defines_main {
                        let (l, c) = span_of(f, source);
                        log.error(l, c, "function `main' is defined more than once");
                    }
                    shader.defines_main = true;
                }
            }
            ast::ExternalDeclarationData::Declaration(d) => {
                global_declaration(d, source, &mut shader, &mut log);
            }
            ast::ExternalDeclarationData::Preprocessor(_) => {}
        }
    }
    if log.errors > 0 {
        Err(log.text)
    } else {
        Ok((shader, log.text))
    }
}

fn has_storage(q: &ast::TypeQualifier, s: fn(&ast::StorageQualifierData) -> bool) -> bool {
    q.qualifiers.iter().any(|spec| match &spec.content {
        ast::TypeQualifierSpecData::Storage(st) => s(&st.content),
        _ => false,
    })
}

fn global_declaration(d: &ast::Declaration, src: &str, shader: &mut CompiledShader, log: &mut Log) {
    match &d.content {
        ast::DeclarationData::TypeOnly(q)
            if has_storage(q, |s| matches!(s, ast::StorageQualifierData::In)) =>
        {
            local_size_declaration(q, src, shader, log)
        }
        ast::DeclarationData::Block(b)
            if has_storage(&b.qualifier, |s| {
                matches!(s, ast::StorageQualifierData::Uniform)
            }) =>
        {
            shader.uniform_blocks.push(Resource {
                name: b.name.0.to_string(),
            });
        }
        ast::DeclarationData::InitDeclaratorList(list) => {
            let ty = &list.head.ty;
            let Some(q) = &ty.qualifier else { return };
            if !has_storage(q, |s| matches!(s, ast::StorageQualifierData::Uniform)) {
                return;
            }
            let array_of_type = ty.ty.array_specifier.is_some();
            let mut add = |name: &str, arrayed: bool| {
                shader.uniforms.push(Resource {
                    name: if arrayed || array_of_type {
                        format!("{name}[0]")
                    } else {
                        name.to_string()
                    },
                });
            };
            if let Some(name) = &list.head.name {
                add(name.0.as_str(), list.head.array_specifier.is_some());
            }
            for t in &list.tail {
                add(t.ident.ident.0.as_str(), t.ident.array_spec.is_some());
            }
        }
        _ => {}
    }
}

/// `layout(local_size_x = X, local_size_y = Y, local_size_z = Z) in;` or
/// `layout(local_size_variable) in;` (GLSL 4.60 §4.4.1.4).
fn local_size_declaration(
    q: &ast::TypeQualifier,
    src: &str,
    shader: &mut CompiledShader,
    log: &mut Log,
) {
    let mut size = [1u32; 3];
    let mut fixed = false;
    let mut variable = false;
    for spec in &q.qualifiers {
        let ast::TypeQualifierSpecData::Layout(layout) = &spec.content else {
            continue;
        };
        for id in &layout.ids {
            let ast::LayoutQualifierSpecData::Identifier(name, value) = &id.content else {
                continue;
            };
            let (l, c) = span_of(id, src);
            let axis = match name.0.as_str() {
                "local_size_x" => 0,
                "local_size_y" => 1,
                "local_size_z" => 2,
                "local_size_variable" => {
                    variable = true;
                    continue;
                }
                other => {
                    log.error(
                        l,
                        c,
                        format!(
                            "`{other}' is not a valid input layout qualifier for compute shaders"
                        ),
                    );
                    continue;
                }
            };
            fixed = true;
            match value.as_deref().and_then(const_int) {
                Some(v) if v > 0 && v <= u32::MAX as i64 => size[axis] = v as u32,
                Some(v) => log.error(l, c, format!("{} = {v} must be greater than zero", name.0)),
                None => log.error(
                    l,
                    c,
                    format!("{} must be an integral constant expression", name.0),
                ),
            }
        }
    }
    let (l, c) = span_of(q, src);
    if fixed && variable {
        log.error(
            l,
            c,
            "local_size_variable cannot be combined with a fixed work group size",
        );
        return;
    }
    let new = if variable {
        LocalSize::Variable
    } else if fixed {
        for (i, &s) in size.iter().enumerate() {
            let max = crate::state::limits::MAX_COMPUTE_WORK_GROUP_SIZE[i] as u32;
            if s > max {
                log.error(
                    l,
                    c,
                    format!(
                        "local_size_{} = {s} exceeds GL_MAX_COMPUTE_WORK_GROUP_SIZE[{i}] = {max}",
                        ['x', 'y', 'z'][i]
                    ),
                );
            }
        }
        let total: u64 = size.iter().map(|&s| s as u64).product();
        let max = crate::state::limits::MAX_COMPUTE_WORK_GROUP_INVOCATIONS as u64;
        if total > max {
            log.error(
                l,
                c,
                format!("the work group has {total} invocations, more than GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = {max}"),
            );
        }
        LocalSize::Fixed(size)
    } else {
        return;
    };
    match shader.local_size {
        Some(old) if old != new => {
            log.error(
                l,
                c,
                "the work group size is declared twice with different values",
            );
        }
        _ => shader.local_size = Some(new),
    }
}

/// Evaluates an integer constant made of literals and arithmetic.
fn const_int(e: &ast::Expr) -> Option<i64> {
    use ast::ExprData::*;
    match &e.content {
        IntConst(v) => Some(*v as i64),
        UIntConst(v) => Some(*v as i64),
        Unary(op, a) => {
            let a = const_int(a)?;
            match op.content {
                ast::UnaryOpData::Minus => Some(-a),
                ast::UnaryOpData::Add => Some(a),
                _ => None,
            }
        }
        Binary(op, a, b) => {
            let (a, b) = (const_int(a)?, const_int(b)?);
            match op.content {
                ast::BinaryOpData::Add => a.checked_add(b),
                ast::BinaryOpData::Sub => a.checked_sub(b),
                ast::BinaryOpData::Mult => a.checked_mul(b),
                ast::BinaryOpData::Div => a.checked_div(b),
                ast::BinaryOpData::Mod => a.checked_rem(b),
                ast::BinaryOpData::LShift => a.checked_shl(b as u32),
                ast::BinaryOpData::RShift => a.checked_shr(b as u32),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Links the shaders of a program: `(name, stage, compiled or None)` for each attached
/// shader. Ok carries the executable and its log; Err the info log.
pub fn link(
    shaders: &[(u32, Stage, Option<Arc<CompiledShader>>)],
    core: bool,
) -> Result<(LinkedProgram, String), String> {
    let mut errors = Vec::new();
    if shaders.is_empty() && core {
        errors.push("no shaders are attached to the program".to_string());
    }
    let has_compute = shaders.iter().any(|s| s.1 == Stage::Compute);
    if has_compute && shaders.iter().any(|s| s.1 != Stage::Compute) {
        // ARB_compute_shader §2.11.3: compute mixed with another stage fails to link.
        errors.push(
            "a program cannot contain compute shaders and shaders of other stages".to_string(),
        );
    }
    for (name, stage, compiled) in shaders {
        if compiled.is_none() {
            errors.push(format!(
                "{} shader {name} is not compiled successfully",
                stage.name()
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors.iter().map(|e| format!("error: {e}\n")).collect());
    }
    let compiled: Vec<&CompiledShader> = shaders.iter().filter_map(|s| s.2.as_deref()).collect();
    let mut program = LinkedProgram {
        stages: Vec::new(),
        compute: None,
        uniforms: Vec::new(),
        uniform_blocks: Vec::new(),
        atomic_counter_buffers: 0,
    };
    if has_compute {
        let mains = compiled.iter().filter(|s| s.defines_main).count();
        if mains == 0 {
            errors.push("no definition of main() in the compute shaders".to_string());
        } else if mains > 1 {
            errors.push("main() is defined in more than one compute shader".to_string());
        }
        let mut size: Option<LocalSize> = None;
        for s in &compiled {
            match (size, s.local_size) {
                (_, None) => {}
                (None, Some(n)) => size = Some(n),
                (Some(a), Some(b)) if a != b => {
                    errors.push(
                        if matches!(a, LocalSize::Variable) != matches!(b, LocalSize::Variable) {
                            "compute shaders mix fixed and variable work group sizes".to_string()
                        } else {
                            "compute shaders declare different work group sizes".to_string()
                        },
                    );
                }
                _ => {}
            }
        }
        match size {
            None => errors.push(
                "compute shader must contain a fixed or variable local group size (layout(local_size_x = ...) in;)".to_string(),
            ),
            Some(s) => {
                program.compute = Some(ComputeInfo {
                    local_size: match s {
                        LocalSize::Fixed(v) => Some(v),
                        LocalSize::Variable => None,
                    },
                })
            }
        }
        program.stages.push(Stage::Compute);
        for s in &compiled {
            for u in &s.uniforms {
                if !program.uniforms.contains(u) {
                    program.uniforms.push(u.clone());
                }
            }
            for b in &s.uniform_blocks {
                if !program.uniform_blocks.contains(b) {
                    program.uniform_blocks.push(b.clone());
                }
            }
        }
    }
    if errors.is_empty() {
        Ok((program, String::new()))
    } else {
        Err(errors.iter().map(|e| format!("error: {e}\n")).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiles_and_reads_local_size() {
        let (s, _) = compile(
            Stage::Compute,
            "#version 430\n#define N 8\nlayout(local_size_x = N * 2, local_size_y = 4) in;\nvoid main() {}\n",
        )
        .unwrap();
        assert_eq!(s.local_size, Some(LocalSize::Fixed([16, 4, 1])));
        assert!(s.defines_main);
    }

    #[test]
    fn syntax_errors_have_line_numbers() {
        let log = compile(
            Stage::Compute,
            "#version 430\nlayout(local_size_x = 1) in;\nvoid main() { x = ; }\n",
        )
        .unwrap_err();
        assert!(log.starts_with("0:3("), "{log}");
        assert!(log.contains("error"), "{log}");
    }

    #[test]
    fn link_needs_a_local_size() {
        let (s, _) = compile(Stage::Compute, "#version 430\nvoid main() {}\n").unwrap();
        let err = link(&[(1, Stage::Compute, Some(Arc::new(s)))], true).unwrap_err();
        assert!(err.contains("local group size"), "{err}");
    }
}
