//! Interposed mode's link from a shadow context to its host context: the host's API
//! and capabilities, the strings glcompute answers over it, and the binding points
//! glcompute keeps where the host lacks them.

use crate::gl::enums::*;
use crate::host::Api;
use crate::host::caps::{self, Caps};
use crate::host::gl::HostGl;
use std::ffi::CString;
use std::sync::OnceLock;

/// The strings glcompute answers in a shadow context; their pointers stay valid for the
/// link's life, as GetString's must for the context's.
pub struct Strings {
    pub version: CString,
    pub glsl: CString,
    pub extensions: CString,
    pub added: Vec<CString>,
    /// GetStringi(SHADING_LANGUAGE_VERSION) when glcompute completes a host older
    /// than GL 4.3 (which has no such query) to 4.3: GLSL 4.30 and the versions below
    /// it. Empty otherwise: the host's list stands.
    pub glsl_versions: Vec<CString>,
}

/// A shadow context's link to its host context.
pub struct HostLink {
    pub api: Api,
    pub gl: &'static HostGl,
    caps: OnceLock<Caps>,
    strings: OnceLock<Strings>,
    /// The GL version the application asked for (0.0 when it did not say).
    pub requested: (u32, u32),
}

impl HostLink {
    pub fn new(api: Api, requested: (u32, u32)) -> HostLink {
        HostLink {
            api,
            gl: crate::host::gl::for_api(api),
            caps: OnceLock::new(),
            strings: OnceLock::new(),
            requested,
        }
    }

    /// The host's capabilities, read when the context is first made current (the
    /// make-current hooks call this; the host context must be current on this thread).
    pub fn caps(&self) -> &Caps {
        self.caps.get_or_init(|| caps::probe(self.gl))
    }

    /// The version glcompute announces: GL 4.3 over a 4.2 host that has every other
    /// GL 4.3 feature (glcompute supplies compute), else the host's.
    pub fn version(&self) -> (u32, u32) {
        let c = self.caps();
        if c.version < (4, 3) && c.gl43_but_compute {
            (4, 3)
        } else {
            c.version
        }
    }

    /// GL_VERSION, GL_SHADING_LANGUAGE_VERSION, GL_EXTENSIONS and the added extension
    /// names, built once from the host's: the version glcompute completes the host to
    /// and a note that compute is glcompute's.
    pub fn strings(&self) -> &Strings {
        self.strings.get_or_init(|| {
            let caps = self.caps();
            let (ma, mi) = self.version();
            let host = &caps.version_string;
            let rest = host.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let number = if (ma, mi) != caps.version {
                format!("{ma}.{mi}")
            } else {
                host[..host.len() - rest.len()].to_string()
            };
            let version = format!(
                "{number}{rest} (compute: glcompute {})",
                env!("CARGO_PKG_VERSION")
            );
            let completed = (ma, mi) >= (4, 3) && caps.version < (4, 3);
            let glsl = if completed {
                let v = crate::glsl::accepts::COMPLETED_GLSL_VERSION;
                format!("{}.{}", v / 100, v % 100)
            } else {
                caps.glsl_string.clone()
            };
            let glsl_versions = if completed {
                let profile = if caps.core { "core" } else { "compatibility" };
                // The versions up to the one the context claims; the highest with the
                // profile.
                let claimed = crate::glsl::accepts::COMPLETED_GLSL_VERSION;
                let number = |v: &str| v.split(' ').next().and_then(|n| n.parse::<u16>().ok());
                let mut list: Vec<String> = crate::limits::GLSL_VERSIONS
                    .iter()
                    .filter(|v| !v.ends_with(" es") && number(v).is_some_and(|n| n <= claimed))
                    .map(|v| v.split(' ').next().unwrap_or(v).to_string())
                    .collect();
                if let Some(first) = list.first_mut() {
                    *first = format!("{first} {profile}");
                }
                list
            } else {
                Vec::new()
            };
            let added = self.added_extensions();
            let mut all = caps.extensions.clone();
            all.extend(added.iter().map(|s| s.to_string()));
            let c = |s: String| CString::new(s.replace('\0', " ")).expect("no NUL");
            Strings {
                version: c(version),
                glsl: c(glsl),
                extensions: c(all.join(" ")),
                added: added.iter().map(|e| c(e.to_string())).collect(),
                glsl_versions: glsl_versions.into_iter().map(c).collect(),
            }
        })
    }

    /// Extensions glcompute adds to the host's list.
    pub fn added_extensions(&self) -> Vec<&'static str> {
        let c = self.caps();
        let mut v = Vec::new();
        for (ext, has) in [
            ("GL_ARB_compute_shader", c.compute),
            ("GL_ARB_compute_variable_group_size", false),
            ("GL_ARB_shader_storage_buffer_object", c.ssbo),
            ("GL_ARB_shader_atomic_counters", c.atomic_counters),
            // Derivatives in compute shaders, which glcompute compiles over any host.
            ("GL_NV_compute_shader_derivatives", false),
        ] {
            if !has && !c.extensions.iter().any(|e| e == ext) {
                v.push(ext);
            }
        }
        // Assembly compute programs belong to compatibility-profile contexts, as on
        // NVIDIA's driver.
        if !c.core {
            for ext in crate::limits::COMPAT_EXTENSIONS {
                if !c.extensions.iter().any(|e| e == ext) {
                    v.push(ext);
                }
            }
        }
        v
    }
}

/// A host buffer range bound to an indexed binding point glcompute keeps.
#[derive(Debug, Default, Clone, Copy)]
pub struct HostBinding {
    pub buffer: u32,
    pub offset: i64,
    /// 0 for BindBufferBase (the whole buffer).
    pub size: i64,
}

/// One indexed buffer target glcompute keeps: its binding points and the generic one.
#[derive(Debug, Default)]
pub struct KeptTarget {
    pub points: Vec<HostBinding>,
    pub generic: u32,
}

/// Binding points glcompute keeps for a host that lacks them.
#[derive(Debug, Default)]
pub struct HostBindings {
    pub storage: KeptTarget,
    pub atomic: KeptTarget,
    /// COMPUTE_PROGRAM_PARAMETER_BUFFER_NV (assembly programs' parameter buffers),
    /// always glcompute's: the host runs no compute programs.
    pub parameter: KeptTarget,
    pub dispatch_indirect: u32,
    /// Image units, for a host without them (GL 4.6 table 23.45 per unit): host
    /// texture names.
    pub images: Vec<HostImage>,
}

/// An image unit glcompute keeps for a host that has none: a host texture and how it
/// is bound (initial values of GL 4.6 table 23.45 by default).
#[derive(Debug, Clone, Copy)]
pub struct HostImage {
    pub name: u32,
    pub level: i32,
    pub layered: bool,
    pub layer: i32,
    pub access: u32,
    pub format: u32,
}

impl Default for HostImage {
    fn default() -> HostImage {
        HostImage {
            name: 0,
            level: 0,
            layered: false,
            layer: 0,
            access: GL_READ_ONLY,
            format: GL_R8,
        }
    }
}

impl HostBindings {
    pub fn new() -> HostBindings {
        let kept = |n: i32| KeptTarget {
            points: vec![HostBinding::default(); n as usize],
            generic: 0,
        };
        HostBindings {
            storage: kept(crate::limits::MAX_SHADER_STORAGE_BUFFER_BINDINGS),
            atomic: kept(crate::limits::MAX_ATOMIC_COUNTER_BUFFER_BINDINGS),
            parameter: kept(crate::limits::MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS),
            dispatch_indirect: 0,
            images: vec![HostImage::default(); crate::limits::MAX_IMAGE_UNITS as usize],
        }
    }

    /// The kept indexed target `target` (SHADER_STORAGE_BUFFER, ATOMIC_COUNTER_BUFFER
    /// or COMPUTE_PROGRAM_PARAMETER_BUFFER_NV).
    pub fn indexed(&mut self, target: u32) -> &mut KeptTarget {
        match target {
            GL_ATOMIC_COUNTER_BUFFER => &mut self.atomic,
            crate::gl::asm_enums::GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV => &mut self.parameter,
            _ => &mut self.storage,
        }
    }

    /// DeleteBuffers unbinds the buffer from every binding point (GL 4.6 §6.1).
    pub fn forget(&mut self, buffer: u32) {
        for t in [&mut self.storage, &mut self.atomic, &mut self.parameter] {
            for b in &mut t.points {
                if b.buffer == buffer {
                    *b = HostBinding::default();
                }
            }
            if t.generic == buffer {
                t.generic = 0;
            }
        }
        if self.dispatch_indirect == buffer {
            self.dispatch_indirect = 0;
        }
    }
}
