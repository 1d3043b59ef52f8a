//! What a context lets its shaders use beyond what the compiler implements alone: the
//! highest `#version` it claims and the extensions it accepts `#extension` for.

/// What a context lets its shaders use beyond what the compiler implements alone.
#[derive(Debug, Clone)]
pub struct Accepts {
    /// Extensions the context supports that this compiler does not implement:
    /// `#extension` directives for them are allowed.
    pub extensions: Vec<String>,
    /// The highest `#version` the context claims (GL_SHADING_LANGUAGE_VERSION): 430
    /// standalone; interposed, the host's when it claims more (at most 460).
    pub glsl_version: u16,
}

/// GLSL 4.30: what glcompute implements and a standalone context claims.
pub const GLSL_VERSION: u16 = 430;

impl Default for Accepts {
    fn default() -> Accepts {
        Accepts {
            extensions: Vec::new(),
            glsl_version: GLSL_VERSION,
        }
    }
}
