//! What a host context can do, read from the host driver when the context is first made
//! current (by the make-current hooks): its version, profile, extensions and binding
//! point counts, and from them the features glcompute relies on or supplies.

use super::gl::{HostGl, slot};
use crate::gl::enums::*;

#[derive(Debug, Clone, Default)]
pub struct Caps {
    /// The host's GL_MAJOR_VERSION, GL_MINOR_VERSION.
    pub version: (u32, u32),
    /// The host's GL_VERSION and GL_SHADING_LANGUAGE_VERSION strings.
    pub version_string: String,
    pub glsl_string: String,
    /// GL_CONTEXT_PROFILE_MASK has the core bit.
    pub core: bool,
    /// The host's extensions, in the host's order.
    pub extensions: Vec<String>,
    /// ARB_compute_shader (GL 4.3).
    pub compute: bool,
    /// ARB_shader_storage_buffer_object (GL 4.3): the SSBO binding points exist.
    pub ssbo: bool,
    /// ARB_shader_atomic_counters (GL 4.2): the atomic counter binding points exist.
    pub atomic_counters: bool,
    /// ARB_shader_image_load_store (GL 4.2): the host has image units.
    pub images: bool,
    /// ARB_direct_state_access (GL 4.5): buffers can be reached without binding them.
    pub dsa: bool,
    /// ARB_get_texture_sub_image (GL 4.5): one layer of a texture level can be read.
    pub get_sub_image: bool,
    /// KHR_debug (GL 4.3).
    pub debug: bool,
    /// Every GL 4.3 feature but compute (and SSBOs, which glcompute supplies for compute):
    /// glcompute may announce GL 4.3 over a 4.2 host.
    pub gl43_but_compute: bool,
    /// The host's binding points of uniform, shader storage and atomic counter buffers
    /// (0 where it has none): indexed queries past them would be errors.
    pub uniform_bindings: u32,
    pub storage_bindings: u32,
    pub atomic_bindings: u32,
}

/// The extensions GL 4.3 adds to GL 4.2, besides ARB_compute_shader and
/// ARB_shader_storage_buffer_object (GL 4.6 Appendix G.1 / the 4.3 core features).
const GL43_EXTENSIONS: &[&str] = &[
    "GL_ARB_arrays_of_arrays",
    "GL_ARB_ES3_compatibility",
    "GL_ARB_clear_buffer_object",
    "GL_ARB_copy_image",
    "GL_ARB_explicit_uniform_location",
    "GL_ARB_fragment_layer_viewport",
    "GL_ARB_framebuffer_no_attachments",
    "GL_ARB_internalformat_query2",
    "GL_ARB_invalidate_subdata",
    "GL_ARB_multi_draw_indirect",
    "GL_ARB_program_interface_query",
    "GL_ARB_robust_buffer_access_behavior",
    "GL_ARB_shader_image_size",
    "GL_ARB_stencil_texturing",
    "GL_ARB_texture_buffer_range",
    "GL_ARB_texture_query_levels",
    "GL_ARB_texture_storage_multisample",
    "GL_ARB_texture_view",
    "GL_ARB_vertex_attrib_binding",
    "GL_KHR_debug",
];

fn c_string(p: *const u8) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: GL returns NUL-terminated static strings.
    unsafe { std::ffi::CStr::from_ptr(p as *const std::ffi::c_char) }
        .to_string_lossy()
        .into_owned()
}

/// Parses "4.2 (Core Profile) Mesa ..." / "OpenGL ES 3.2 ..." into (4, 2).
fn parse_version(s: &str) -> (u32, u32) {
    let digits = s.trim_start_matches(|c: char| !c.is_ascii_digit());
    let mut it = digits.split(|c: char| !c.is_ascii_digit());
    let major = it.next().and_then(|v| v.parse().ok()).unwrap_or(0);
    let minor = it.next().and_then(|v| v.parse().ok()).unwrap_or(0);
    (major, minor)
}

/// Reads the capabilities of the host context current on this thread. Every query is
/// valid for the host's version, so none sets an error the application could see.
pub fn probe(gl: &HostGl) -> Caps {
    // SAFETY: plain queries of the current host context.
    let (version_string, glsl_string) = unsafe {
        (
            c_string(gl.glGetString(GL_VERSION)),
            c_string(gl.glGetString(GL_SHADING_LANGUAGE_VERSION)),
        )
    };
    let version = parse_version(&version_string);
    let mut extensions = Vec::new();
    if version >= (3, 0) && gl.has(slot::glGetStringi) {
        let mut n = 0;
        // SAFETY: NUM_EXTENSIONS is one integer.
        unsafe { gl.glGetIntegerv(GL_NUM_EXTENSIONS, &mut n) };
        for i in 0..n.max(0) as u32 {
            // SAFETY: i < NUM_EXTENSIONS.
            extensions.push(c_string(unsafe { gl.glGetStringi(GL_EXTENSIONS, i) }));
        }
    } else {
        // SAFETY: a plain query.
        let all = c_string(unsafe { gl.glGetString(GL_EXTENSIONS) });
        extensions = all.split_whitespace().map(str::to_string).collect();
    }
    let mut mask = 0;
    if version >= (3, 2) {
        // SAFETY: CONTEXT_PROFILE_MASK is one integer.
        unsafe { gl.glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mut mask) };
    }
    let has = |e: &str| extensions.iter().any(|x| x == e);
    let at_least = |v: (u32, u32)| version >= v;
    // GLCOMPUTE_HOST_CAPS (a testing aid) makes glcompute act as if the host lacked
    // features, to exercise the paths for older hosts on a newer one.
    let off = |f: &str| crate::config::host_caps_off(f);
    let compute = (at_least((4, 3)) || has("GL_ARB_compute_shader")) && !off("compute");
    let ssbo = (at_least((4, 3)) || has("GL_ARB_shader_storage_buffer_object")) && !off("ssbo");
    let max = |pname: u32, has: bool| -> u32 {
        let mut v = 0;
        if has {
            // SAFETY: a limit the host has (checked by `has`), one integer.
            unsafe { gl.glGetIntegerv(pname, &mut v) };
        }
        v.max(0) as u32
    };
    let uniform_bindings = max(GL_MAX_UNIFORM_BUFFER_BINDINGS, at_least((3, 1)));
    let storage_bindings = max(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, ssbo);
    let atomic_bindings = max(
        GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS,
        at_least((4, 2)) || has("GL_ARB_shader_atomic_counters"),
    );
    Caps {
        version,
        uniform_bindings,
        storage_bindings,
        atomic_bindings,
        core: mask as u32 & GL_CONTEXT_CORE_PROFILE_BIT != 0,
        compute,
        ssbo,
        atomic_counters: (at_least((4, 2)) || has("GL_ARB_shader_atomic_counters"))
            && !off("atomic_counters"),
        images: at_least((4, 2)) || has("GL_ARB_shader_image_load_store"),
        dsa: (at_least((4, 5)) || has("GL_ARB_direct_state_access")) && !off("dsa"),
        get_sub_image: (at_least((4, 5)) || has("GL_ARB_get_texture_sub_image"))
            && !off("get_sub_image"),
        debug: at_least((4, 3)) || has("GL_KHR_debug"),
        gl43_but_compute: at_least((4, 3))
            || (at_least((4, 2)) && GL43_EXTENSIONS.iter().all(|e| has(e))),
        version_string,
        glsl_string,
        extensions,
    }
}

#[cfg(test)]
mod tests {
    use super::parse_version;

    #[test]
    fn versions() {
        assert_eq!(parse_version("4.2 (Core Profile) Mesa 22.3.6"), (4, 2));
        assert_eq!(parse_version("4.6.0 NVIDIA 535.1"), (4, 6));
        assert_eq!(parse_version("OpenGL ES 3.2 Mesa"), (3, 2));
        assert_eq!(parse_version(""), (0, 0));
    }
}
