//! What a context lets its shaders use: the highest `#version` it claims and the
//! extensions of its extension string (their macros, and their `#extension`
//! directives).

/// What a context lets its shaders use beyond what the compiler implements alone.
#[derive(Debug, Clone)]
pub struct Accepts {
    /// The context's extension string (GL_EXTENSIONS): each has its macro, and
    /// `#extension` may name each. Those the compiler also implements enable what they
    /// add; the others (a host driver's, in interposed mode) are accepted and add
    /// nothing.
    pub extensions: Vec<String>,
    /// The highest `#version` the context claims (GL_SHADING_LANGUAGE_VERSION): 460
    /// standalone; interposed, the host's, at least [`COMPLETED_GLSL_VERSION`] and at
    /// most 460.
    pub glsl_version: u16,
    /// An OpenGL ES context: shaders are GLSL ES (`#version 300 es`, `310 es`, `320
    /// es`), and `glsl_version` is the highest ES version (320).
    pub es: bool,
}

/// GLSL 4.60: what glcompute implements and a standalone context claims.
/// `Accepts::default()` is the standalone context: this version and
/// `limits::EXTENSIONS`.
pub const GLSL_VERSION: u16 = 460;

/// GLSL 4.30: the version of an interposed context over a host without compute, which
/// glcompute completes to GL 4.3 (the host compiles the other stages, so the context
/// claims no more than GL 4.3's GLSL).
pub const COMPLETED_GLSL_VERSION: u16 = 430;

impl Default for Accepts {
    fn default() -> Accepts {
        Accepts {
            extensions: crate::limits::EXTENSIONS
                .iter()
                .map(|e| e.to_string())
                .collect(),
            glsl_version: GLSL_VERSION,
            es: false,
        }
    }
}

impl Accepts {
    /// An OpenGL ES 3.2 context: GLSL ES 3.20 and the OpenGL ES extensions of its
    /// extension string.
    pub fn es() -> Accepts {
        Accepts {
            extensions: crate::limits::ES_EXTENSIONS
                .iter()
                .map(|e| e.to_string())
                .collect(),
            glsl_version: 320,
            es: true,
        }
    }
}
