//! Preprocessing and parsing with glsl-lang, with glcompute's own extension registry,
//! and the mapping from byte offsets to GL-style (string, line, column) positions
//! (which follows `#line` directives).

use glsl_lang::ast;
use glsl_lang::lexer::full::fs::{FileSystem, Lexer, PreprocessorExt};
use glsl_lang::parse::{Parse, ParseOptions};
use glsl_lang_pp::exts::{DEFAULT_REGISTRY, ExtensionSpec, Registry, names::ExtNameAtom};
use glsl_lang_pp::processor::ProcessorStateBuilder;
use glsl_lang_pp::processor::event::DirectiveKind;
use glsl_lang_pp::processor::fs::Processor;
use glsl_lang_pp::processor::nodes::{ExtensionBehavior, ExtensionName, VersionProfile};
use glsl_lang_pp::types::type_names::TypeNameAtom;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::Log;
use crate::ir::Span;

/// GLSL extensions the compiler implements: `#extension` accepts them and the
/// preprocessor defines their macros. glsl-lang's default registry names many more (and
/// would define their macros), so the front end uses its own.
pub const EXTENSIONS: &[&str] = &[
    "GL_ARB_compute_shader",
    "GL_ARB_compute_variable_group_size",
    "GL_ARB_shader_storage_buffer_object",
    "GL_ARB_shader_atomic_counters",
    "GL_ARB_shader_image_load_store",
    "GL_ARB_shader_image_size",
    "GL_ARB_shading_language_420pack",
    "GL_ARB_shading_language_packing",
    "GL_ARB_explicit_uniform_location",
    "GL_ARB_arrays_of_arrays",
    "GL_ARB_gpu_shader5",
    "GL_ARB_gpu_shader_fp64",
    "GL_ARB_shader_bit_encoding",
    "GL_ARB_texture_query_levels",
    "GL_ARB_uniform_buffer_object",
    "GL_ARB_enhanced_layouts",
    "GL_AMD_shader_trinary_minmax",
];

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut r = Registry::new();
        for name in EXTENSIONS {
            let atom = ExtNameAtom::from(*name);
            let mut types = DEFAULT_REGISTRY
                .get(&atom)
                .map(|spec| spec.type_names().to_vec())
                .unwrap_or_default();
            // glsl-lang's registry lacks the type this extension adds before GLSL 4.20.
            if *name == "GL_ARB_shader_atomic_counters" {
                types.push(TypeNameAtom::from("atomic_uint"));
            }
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

/// Maps byte offsets of the source to (string, line, column), following `#line`.
pub struct LineMap {
    /// Byte offset where each physical line starts.
    starts: Vec<usize>,
    /// (physical line where it takes effect (0-based), logical line number of that
    /// line, source string number), sorted.
    remaps: Vec<(usize, u32, u32)>,
}

impl LineMap {
    pub fn new(src: &str) -> LineMap {
        let mut starts = vec![0];
        for (i, b) in src.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i + 1);
            }
        }
        LineMap {
            starts,
            remaps: Vec::new(),
        }
    }

    /// `#line line [string]` on physical line `phys` (0-based): the next line is `line`.
    fn add_line_directive(&mut self, phys: usize, line: u32, string: Option<u32>) {
        let string = string.unwrap_or_else(|| self.remaps.last().map(|r| r.2).unwrap_or(0));
        self.remaps.push((phys + 1, line, string));
    }

    pub fn physical_line(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    pub fn span(&self, offset: usize) -> Span {
        let phys = self.physical_line(offset);
        let col = (offset - self.starts[phys]) as u32 + 1;
        match self.remaps.iter().rev().find(|r| r.0 <= phys) {
            Some(&(at, line, string)) => Span {
                source: string,
                line: line + (phys - at) as u32,
                col,
            },
            None => Span {
                source: 0,
                line: phys as u32 + 1,
                col,
            },
        }
    }
}

/// What the preprocessor told us besides the tokens.
pub struct Directives {
    pub version: u16,
    pub profile_es: bool,
    /// Extensions enabled with `enable`, `require` or `warn`.
    pub extensions: Vec<String>,
}

/// GLSL 4.60 §3.3: `#extension name : behavior` with an extension the compiler does not
/// implement is an error for `require` and a warning for `enable` and `warn`. glsl-lang
/// rejects every unknown extension, so such directives are answered here and blanked
/// (line numbers are kept) before parsing. `accepted` are extensions the context
/// supports without the compiler implementing them (interposed mode: the host's); their
/// directives are blanked without a message, and a shader that then uses what they add
/// fails to compile as any undeclared name does.
fn screen_extensions(source: &str, log: &mut Log, map: &LineMap, accepted: &[String]) -> String {
    let mut out = String::with_capacity(source.len());
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let trimmed = line.trim_start();
        // GLSL ES needs GL_ARB_ES3_1_compatibility, which a desktop GL 4.3 context
        // without it rejects (before any extension of the ES shader is considered).
        if let Some(v) = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("version"))
            && let words = v
                .split_whitespace()
                .take_while(|w| !w.starts_with("//"))
                .collect::<Vec<_>>()
            && (words.get(1) == Some(&"es") || words.first() == Some(&"100"))
        {
            let span = map.span(offset + (line.len() - trimmed.len()));
            log.error(
                span,
                format!(
                    "GLSL ES shaders (#version {}) are not supported: glcompute is a desktop OpenGL 4.3 driver without GL_ARB_ES3_1_compatibility",
                    words.join(" ")
                ),
            );
            return out;
        }
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
                let span = map.span(offset + (line.len() - trimmed.len()));
                let behavior = if accepted.iter().any(|a| a == name) {
                    ""
                } else {
                    behavior
                };
                match behavior {
                    "require" => log.error(
                        span,
                        format!("extension `{name}' unsupported in compute shader"),
                    ),
                    "enable" | "warn" => log.warning(
                        span,
                        format!("extension `{name}' unsupported in compute shader"),
                    ),
                    _ => {}
                }
                out.push_str(if line.ends_with('\n') { "\n" } else { "" });
                offset += line.len();
                continue;
            }
        }
        out.push_str(line);
        offset += line.len();
    }
    out
}

/// Preprocesses and parses `source` (see [`screen_extensions`] for `accepted`). On
/// failure the error is in `log`.
pub fn parse(
    source: &str,
    log: &mut Log,
    accepted: &[String],
) -> Option<(ast::TranslationUnit, Directives, LineMap)> {
    let mut map = LineMap::new(source);
    let screened = screen_extensions(source, log, &map, accepted);
    if log.has_errors() {
        return None;
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
    let (unit, _ctx, lexer) = match parsed {
        Ok(r) => r,
        Err(e) => {
            // glsl-lang reports 0-based lines and columns of the physical text.
            let offset = map.starts.get(e.line() as usize).copied().unwrap_or(0) + e.col() as usize;
            log.error(map.span(offset), e.inner());
            return None;
        }
    };
    let mut dirs = Directives {
        version: 110,
        profile_es: false,
        extensions: Vec::new(),
    };
    let mut saw_version = false;
    for d in lexer.into_directives().directives() {
        let start = usize::from(d.text_range().start().offset);
        match d.kind() {
            DirectiveKind::Version(v) => {
                if saw_version {
                    log.error(map.span(start), "#version may only appear once");
                }
                saw_version = true;
                dirs.version = v.number;
                dirs.profile_es = matches!(v.parsed_profile, Some(VersionProfile::Es))
                    || v.number == 100
                    || v.number == 300
                    || v.number == 310
                    || v.number == 320;
            }
            DirectiveKind::Extension(e) => {
                if let ExtensionName::Specific(name) = &e.name
                    && e.behavior != ExtensionBehavior::Disable
                {
                    dirs.extensions.push(name.as_ref().to_string());
                }
            }
            DirectiveKind::Line(_) => {
                // The directive's own text: "#line LINE [STRING]".
                let end = usize::from(d.text_range().end().offset).min(screened.len());
                let text = &screened[start..end];
                let nums: Vec<u32> = text
                    .trim_start_matches(|c: char| c == '#' || c.is_whitespace())
                    .trim_start_matches("line")
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect();
                if let Some(&line) = nums.first() {
                    let phys = map.physical_line(start);
                    map.add_line_directive(phys, line, nums.get(1).copied());
                }
            }
            _ => {}
        }
    }
    Some((unit, dirs, map))
}
