//! The commands and tokens of OpenGL ES 3.2: an OpenGL ES context runs only these
//! commands, and where it checks an enum (Get pnames, capabilities, texture targets)
//! takes only these tokens and those of the OpenGL ES extensions it announces.

#[rustfmt::skip]
#[path = "../generated/gl_es.rs"]
mod list;

/// Whether `name` is an OpenGL ES 3.2 command (GLES3/gl32.h, by scripts/gen_gl.py).
pub fn is_es_function(name: &str) -> bool {
    list::GL_ES_FUNCTIONS.binary_search(&name).is_ok()
}

/// The tokens of the OpenGL ES extensions an OpenGL ES context announces that are not
/// OpenGL ES 3.2's (limits::ES_EXTENSIONS).
#[rustfmt::skip]
const EXTENSION_ENUMS: &[u32] = &[
    // EXT_texture_filter_anisotropic: TEXTURE_MAX_ANISOTROPY_EXT and its maximum.
    0x84FE, 0x84FF,
    // EXT_texture_mirror_clamp_to_edge.
    0x8743,
    // EXT_texture_compression_rgtc and _bptc formats.
    0x8DBB, 0x8DBC, 0x8DBD, 0x8DBE, 0x8E8C, 0x8E8D, 0x8E8E, 0x8E8F,
    // KHR_context_flush_control: CONTEXT_RELEASE_BEHAVIOR(_FLUSH).
    0x82FB, 0x82FC,
];

/// Whether `value` is a token an OpenGL ES context takes.
pub fn is_es_enum(value: u32) -> bool {
    list::GL_ES_ENUMS.binary_search(&value).is_ok() || EXTENSION_ENUMS.contains(&value)
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorted_for_binary_search() {
        assert!(super::list::GL_ES_FUNCTIONS.windows(2).all(|w| w[0] < w[1]));
        assert!(super::is_es_function("glDispatchCompute"));
        assert!(super::is_es_function("glBlendBarrier"));
        assert!(!super::is_es_function("glClearDepth"));
        assert!(!super::is_es_function("glGetBufferSubData"));
        assert!(super::list::GL_ES_ENUMS.windows(2).all(|w| w[0] < w[1]));
        assert!(super::is_es_enum(0x0B71)); // DEPTH_TEST
        assert!(!super::is_es_enum(0x0DE0)); // TEXTURE_1D
        assert!(super::is_es_enum(0x84FE)); // TEXTURE_MAX_ANISOTROPY_EXT
    }
}
