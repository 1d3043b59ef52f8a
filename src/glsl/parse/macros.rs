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

#[cfg(test)]
mod tests {
    use super::is_identifier;

    #[test]
    fn extension_names_must_be_identifiers() {
        assert!(is_identifier("GL_ARB_compute_shader"));
        assert!(is_identifier("_x1"));
        assert!(!is_identifier(""));
        assert!(!is_identifier("1GL"));
        assert!(!is_identifier("GL-ARB"));
    }
}
