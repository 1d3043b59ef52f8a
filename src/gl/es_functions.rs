//! The commands of OpenGL ES 3.2, by name: an OpenGL ES context runs only these.

#[rustfmt::skip]
#[path = "../generated/gl_es.rs"]
mod list;

/// Whether `name` is an OpenGL ES 3.2 command (GLES3/gl32.h, by scripts/gen_gl.py).
pub fn is_es_function(name: &str) -> bool {
    list::GL_ES_FUNCTIONS.binary_search(&name).is_ok()
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
    }
}
