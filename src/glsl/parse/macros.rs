//! The predefined macros (GLSL 4.60 §3.3): the profile macro of the shader's
//! `#version`, and one macro, defined as 1, for each extension of the context's
//! extension string. `__LINE__`, `__FILE__` and `__VERSION__` are glsl-lang's.

use crate::glsl::accepts::Accepts;
use crate::glsl::words::Words;
use glsl_lang_pp::exts::EMPTY_REGISTRY;
use glsl_lang_pp::processor::ProcessorStateBuilder;
use glsl_lang_pp::processor::nodes::{Define, DefineObject};

/// Whether `name` can be a macro name (an identifier): extension names come from the
/// context's extension string, which over a host driver is the host's text.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The preprocessor's initial state for `source` in a context that accepts `accepts`.
///
/// GLSL 4.60 §3.3 defines `GL_core_profile` for shaders of the core profile,
/// `GL_compatibility_profile` for `#version NNN compatibility` and `GL_es_profile` for
/// GLSL ES; profiles exist from GLSL 1.50 on, so earlier desktop versions get none (as
/// Mesa and glslang do). Each extension the context supports has a macro of its name,
/// and no other extension has one: the macro set is the context's GL_EXTENSIONS.
pub fn initial_state(source: &str, accepts: &Accepts) -> ProcessorStateBuilder<'static> {
    let words = Words::of_source(source);
    let version = words.version();
    let es = words.profile() == Some("es") || matches!(version, 100 | 300 | 310 | 320);
    let compatibility = !es && version >= 150 && words.profile() == Some("compatibility");
    let core = !es && version >= 150 && !compatibility;
    let mut builder = ProcessorStateBuilder::new(&EMPTY_REGISTRY)
        .core_profile(core)
        .compatibility_profile(compatibility)
        .es_profile(es);
    // GLSL ES 3.10 §3.4: GL_ES is 1 in GLSL ES shaders.
    if es {
        builder = builder.definition(Define::object("GL_ES".into(), DefineObject::one(), true));
    }
    for name in &accepts.extensions {
        if is_identifier(name) {
            builder = builder.definition(Define::object(
                name.as_str().into(),
                DefineObject::one(),
                true,
            ));
        }
    }
    builder
}

/// GLSL ES 3.00 and 3.10 §3.4: "Undefined identifiers not consumed by the defined
/// operator do not default to '0'. Use of such identifiers causes an error." (Desktop
/// GLSL evaluates them as 0, and so does glsl-lang's preprocessor, which does not say
/// it met one.) Fed the directives the preprocessor acted on, in order, this tracks
/// which macros are defined and names the first identifier of an `#if` expression
/// that is none of them.
///
/// It errs on the side of accepting: the predefined macros all count as defined, an
/// expression that calls a function-like macro is not checked (its arguments may be
/// consumed by the expansion), and `#elif` is not checked (it is not evaluated when
/// an earlier branch was taken, and the directive list does not say which).
pub struct UndefinedInIf {
    defined: std::collections::HashSet<String>,
    functions: std::collections::HashSet<String>,
}

impl UndefinedInIf {
    pub fn new(accepts: &Accepts) -> UndefinedInIf {
        let mut defined: std::collections::HashSet<String> = [
            "GL_ES",
            "__LINE__",
            "__FILE__",
            "__VERSION__",
            "GL_core_profile",
            "GL_compatibility_profile",
            "GL_es_profile",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        defined.extend(accepts.extensions.iter().cloned());
        UndefinedInIf {
            defined,
            functions: Default::default(),
        }
    }

    pub fn define(&mut self, d: &Define) {
        self.defined.insert(d.name().to_string());
        if matches!(
            d.kind(),
            glsl_lang_pp::processor::nodes::DefineKind::Function(_)
        ) {
            self.functions.insert(d.name().to_string());
        } else {
            self.functions.remove(d.name());
        }
    }

    pub fn undef(&mut self, name: &str) {
        self.defined.remove(name);
        self.functions.remove(name);
    }

    /// The first undefined identifier of the expression of `#if` directive `text`.
    pub fn check_if(&self, text: &str) -> Option<String> {
        let expr = text
            .trim_start_matches(|c: char| c == '#' || c.is_whitespace())
            .strip_prefix("if")?;
        let mut idents = Vec::new();
        let bytes = expr.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c.is_ascii_alphanumeric() || c == b'_' {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                // Numbers (with their suffixes) are not identifiers.
                if !c.is_ascii_digit() {
                    idents.push(&expr[start..i]);
                }
            } else {
                i += 1;
            }
        }
        let mut after_defined = false;
        let mut first = None;
        for id in idents {
            if id == "defined" {
                after_defined = true;
                continue;
            }
            if std::mem::take(&mut after_defined) {
                continue;
            }
            if self.functions.contains(id) {
                return None;
            }
            if first.is_none() && !self.defined.contains(id) {
                first = Some(id.to_string());
            }
        }
        first
    }
}

#[cfg(test)]
mod tests {
    use super::is_identifier;

    #[test]
    fn undefined_identifiers_in_if() {
        use super::UndefinedInIf;
        let accepts = crate::glsl::accepts::Accepts::es();
        let mut u = UndefinedInIf::new(&accepts);
        assert_eq!(u.check_if("#if FOO"), Some("FOO".into()));
        assert_eq!(u.check_if("#if defined(FOO) && defined BAR"), None);
        assert_eq!(u.check_if("#if 10u > 3 && __VERSION__ >= 300"), None);
        u.define(&super::Define::object(
            "FOO".into(),
            super::DefineObject::one(),
            false,
        ));
        assert_eq!(u.check_if("# if FOO || BAZ"), Some("BAZ".into()));
        u.undef("FOO");
        assert_eq!(u.check_if("#if FOO"), Some("FOO".into()));
    }

    #[test]
    fn extension_names_must_be_identifiers() {
        assert!(is_identifier("GL_ARB_compute_shader"));
        assert!(is_identifier("_x1"));
        assert!(!is_identifier(""));
        assert!(!is_identifier("1GL"));
        assert!(!is_identifier("GL-ARB"));
    }
}
