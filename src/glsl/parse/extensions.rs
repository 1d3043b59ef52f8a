//! glcompute's extension registry for glsl-lang's preprocessor (the extensions the
//! compiler implements) and the screening of `#extension` directives before parsing
//! (GLSL 4.60 §3.3: an unknown extension is an error for `require`, a warning otherwise).

use crate::glsl::parse::lines::LineMap;
use crate::ir::shader::Log;
use glsl_lang_pp::exts::names::ExtNameAtom;
use glsl_lang_pp::exts::{DEFAULT_REGISTRY, ExtensionSpec, Registry};
use glsl_lang_pp::types::type_names::TypeNameAtom;
use std::sync::OnceLock;

/// GLSL extensions the compiler implements: `#extension` enables them where the
/// context supports them too (`Accepts::extensions`, which also decides the macros:
/// parse::macros). The registry built from this list gives glsl-lang the type names
/// each adds.
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
    "GL_ARB_shader_subroutine",
    "GL_ARB_arrays_of_arrays",
    "GL_ARB_gpu_shader5",
    "GL_ARB_gpu_shader_fp64",
    "GL_ARB_shader_bit_encoding",
    "GL_ARB_texture_query_levels",
    "GL_ARB_shader_texture_image_samples",
    "GL_ARB_texture_multisample",
    "GL_ARB_uniform_buffer_object",
    "GL_ARB_enhanced_layouts",
    "GL_ARB_cull_distance",
    "GL_ARB_derivative_control",
    "GL_ARB_ES3_1_compatibility",
    "GL_AMD_shader_trinary_minmax",
    "GL_ARB_gpu_shader_int64",
    "GL_ARB_shader_clock",
    "GL_ARB_shader_group_vote",
    "GL_ARB_shader_atomic_counter_ops",
    "GL_ARB_shader_draw_parameters",
    "GL_INTEL_shader_atomic_float_minmax",
    "GL_NV_compute_shader_derivatives",
    "GL_NV_shader_atomic_float",
    "GL_NV_shader_atomic_int64",
    // GLSL ES 3.10's image atomics (GL 4.2's imageAtomic* built-ins).
    "GL_OES_shader_image_atomic",
];

/// The pragma [`screen_extensions`] leaves in place of an `#extension` directive the
/// context does not support: `#pragma ~x NAME r` (require) or `w` (enable, warn).
const UNSUPPORTED: &str = "~x";

/// GLSL 4.60 §3.3: the message for an `#extension` directive of an extension the
/// context does not support, from the pragma [`screen_extensions`] left in its place
/// (the preprocessor reports only the directives of the code it keeps). None for any
/// other pragma.
pub fn unsupported_extension(pragma: &str, span: crate::ir::Span, log: &mut Log) -> Option<()> {
    let mut words = pragma.split_whitespace();
    if words.next() != Some(UNSUPPORTED) {
        return None;
    }
    let name = words.next().unwrap_or("");
    let message = format!("extension `{name}' unsupported in compute shader");
    match words.next() {
        Some("r") => log.error(span, message),
        _ => log.warning(span, message),
    }
    Some(())
}

/// The type names GL_ARB_gpu_shader_int64 adds.
pub const INT64_TYPES: [&str; 8] = [
    "int64_t", "uint64_t", "i64vec2", "i64vec3", "i64vec4", "u64vec2", "u64vec3", "u64vec4",
];

pub fn registry() -> &'static Registry {
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
            // Nor the types of GL_ARB_gpu_shader_int64 (the front end maps the names).
            if *name == "GL_ARB_gpu_shader_int64" {
                for t in INT64_TYPES {
                    types.push(TypeNameAtom::from(t));
                }
            }
            r.add(ExtensionSpec::new(atom, types));
        }
        r
    })
}

/// GLSL 4.60 §3.3: `#extension name : behavior` with an extension the context does not
/// support is an error for `require` and a warning for `enable` and `warn`. glsl-lang
/// rejects every extension outside its registry, so such directives are answered here
/// and blanked (line numbers are kept) before parsing. Extensions the context supports
/// without the compiler implementing them (interposed mode: the host's) are blanked
/// without a message, and a shader that then uses what they add fails to compile as
/// any undeclared name does.
pub fn screen_extensions(
    source: &str,
    log: &mut Log,
    map: &LineMap,
    accepts: &crate::glsl::accepts::Accepts,
) -> String {
    let accepted = &accepts.extensions;
    let mut out = String::with_capacity(source.len());
    let mut offset = 0;
    let mut depth = 0u32;
    let mut saw_version = false;
    for line in source.split_inclusive('\n') {
        let trimmed = line.trim_start();
        // GLSL 4.60 §3.3: a version the implementation does not support is a compile
        // error; a context supports what its SHADING_LANGUAGE_VERSION says: a desktop
        // context desktop GLSL up to its version, and GLSL ES 3.00 and 3.10 where it
        // announces ARB_ES3_compatibility and ARB_ES3_1_compatibility (GL 4.3 and 4.5);
        // an OpenGL ES context GLSL ES 3.00 up to its version (3.20).
        if let Some(v) = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("version"))
        {
            saw_version = true;
            let words = v
                .split_whitespace()
                .take_while(|w| !w.starts_with("//") && !w.starts_with("/*"))
                .collect::<Vec<_>>();
            let number = words.first().and_then(|w| w.parse::<u32>().ok());
            let es = words.get(1) == Some(&"es") || number == Some(100);
            let span = map.span(offset + (line.len() - trimmed.len()));
            let announced = |e: &str| accepted.iter().any(|a| a == e);
            let problem = match (accepts.es, es, number) {
                (false, true, Some(300)) if announced("GL_ARB_ES3_compatibility") => None,
                (false, true, Some(310)) if announced("GL_ARB_ES3_1_compatibility") => None,
                (false, true, _) => Some(format!(
                    "GLSL ES shaders (#version {}) are not supported in this desktop OpenGL context: it compiles GLSL ES 3.00 with GL_ARB_ES3_compatibility and 3.10 with GL_ARB_ES3_1_compatibility",
                    words.join(" ")
                )),
                (true, false, _) => Some(format!(
                    "desktop GLSL (#version {}) is not supported in an OpenGL ES context: its shaders are GLSL ES (#version 300 es, 310 es or 320 es)",
                    words.join(" ")
                )),
                (true, true, Some(n))
                    if n != 100 && !(matches!(n, 300 | 310 | 320) && n <= accepts.glsl_version as u32) =>
                {
                    Some(
                    format!(
                        "GLSL ES {}.{:02} (#version {}) is not supported: this context's GL_SHADING_LANGUAGE_VERSION is OpenGL ES GLSL ES {}.{:02}",
                        n / 100,
                        n % 100,
                        words.join(" "),
                        accepts.glsl_version / 100,
                        accepts.glsl_version % 100
                    ))
                }
                (true, true, Some(100)) => Some(
                    "GLSL ES 1.00 (#version 100) is not supported: glcompute compiles GLSL ES 3.00, 3.10 and 3.20".to_string(),
                ),
                (false, false, Some(n)) if n > accepts.glsl_version as u32 => Some(format!(
                    "GLSL {}.{:02} (#version {n}) is not supported: this context's GL_SHADING_LANGUAGE_VERSION is {}.{:02}",
                    n / 100,
                    n % 100,
                    accepts.glsl_version / 100,
                    accepts.glsl_version % 100
                )),
                _ => None,
            };
            if let Some(p) = problem {
                log.error(span, p);
                return out;
            }
        }
        // The nesting of conditional blocks, read from the directives' lines.
        if let Some(word) = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.split(|c: char| !c.is_ascii_alphanumeric()).next())
        {
            match word {
                "if" | "ifdef" | "ifndef" => depth += 1,
                "endif" => depth = depth.saturating_sub(1),
                _ => {}
            }
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
            let in_context = accepted.iter().any(|a| a == name);
            if name != "all" && !name.is_empty() && !(in_context && EXTENSIONS.contains(&name)) {
                let behavior = if in_context { "" } else { behavior };
                let code = match behavior {
                    "require" => "r",
                    "enable" | "warn" => "w",
                    // `disable` (or no behavior) asks for nothing.
                    _ => "",
                };
                let pragma = format!("#pragma {UNSUPPORTED} {name} {code}");
                let body = line.trim_end_matches('\n');
                let mut replaced = String::new();
                if code.is_empty() {
                } else if depth == 0 {
                    let span = map.span(offset + (line.len() - trimmed.len()));
                    unsupported_extension(&pragma["#pragma ".len()..], span, log);
                } else if pragma.len() <= body.len()
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                {
                    // Inside a conditional block the preprocessor may skip (`#if
                    // defined(GL_X) #extension GL_X : require #elif ...`), the message
                    // waits for the preprocessor: a pragma only glcompute reads, never
                    // longer than the directive (`#extension N:warn` has three bytes
                    // more).
                    replaced = pragma;
                }
                // The line keeps its length: positions after it stay the source's.
                out.push_str(&replaced);
                out.extend(std::iter::repeat_n(' ', body.len() - replaced.len()));
                out.push_str(&line[body.len()..]);
                offset += line.len();
                continue;
            }
        }
        out.push_str(line);
        offset += line.len();
    }
    // A shader without #version is GLSL 1.10, or in an OpenGL ES context GLSL ES 1.00
    // (GLSL ES 3.10 §3.4), which glcompute does not compile.
    if accepts.es && !saw_version {
        log.error(
            map.span(0),
            "a shader without #version is GLSL ES 1.00, which glcompute does not compile: an OpenGL ES context's shaders start with #version 300 es, 310 es or 320 es",
        );
    }
    out
}
