//! State queries (GL 4.6 chapter 22): the Get* value table with its type conversions,
//! strings, Enable/Disable of the capabilities this driver has, and the KHR_debug
//! commands that manage messages, groups and labels.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::*;
use crate::limits::{EXTENSIONS, GLSL_VERSIONS};
use crate::state::context::ContextState;
use crate::state::objects::buffer::IndexedBinding;
use crate::state::objects::debug::{self, Message};
use std::ffi::CString;
use std::sync::OnceLock;

/// A state value as stored; Get* converts it (GL 4.6 §2.2.2).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Bools(Vec<bool>),
    Ints(Vec<i64>),
    Floats(Vec<f64>),
    /// Colors and normalized values (depth range, blend and clear colors): integer
    /// queries scale them (GL 4.6 §2.2.2).
    Normalized(Vec<f64>),
}

impl Value {
    pub fn int(v: i64) -> Value {
        Value::Ints(vec![v])
    }

    pub fn len(&self) -> usize {
        match self {
            Value::Bools(v) => v.len(),
            Value::Ints(v) => v.len(),
            Value::Floats(v) | Value::Normalized(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// GetIntegerv / GetInteger64v: booleans become 0/1, floats round to nearest, and a
    /// value too large for the type is clamped.
    pub fn as_i64(&self) -> Vec<i64> {
        match self {
            Value::Bools(v) => v.iter().map(|&b| b as i64).collect(),
            Value::Ints(v) => v.clone(),
            Value::Floats(v) => v.iter().map(|&f| f.round() as i64).collect(),
            // GL 4.6 §2.2.2 and equation 2.4: [-1, 1] maps to the signed 32-bit range.
            Value::Normalized(v) => v
                .iter()
                .map(|&f| (f.clamp(-1.0, 1.0) * i32::MAX as f64).round() as i64)
                .collect(),
        }
    }

    pub fn as_i32(&self) -> Vec<i32> {
        self.as_i64()
            .into_iter()
            .map(|v| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32)
            .collect()
    }

    /// GetBooleanv: nonzero is TRUE.
    pub fn as_bool(&self) -> Vec<bool> {
        match self {
            Value::Bools(v) => v.clone(),
            Value::Ints(v) => v.iter().map(|&i| i != 0).collect(),
            Value::Floats(v) | Value::Normalized(v) => v.iter().map(|&f| f != 0.0).collect(),
        }
    }

    pub fn as_f64(&self) -> Vec<f64> {
        match self {
            Value::Bools(v) => v.iter().map(|&b| b as i64 as f64).collect(),
            Value::Ints(v) => v.iter().map(|&i| i as f64).collect(),
            Value::Floats(v) | Value::Normalized(v) => v.clone(),
        }
    }
}

fn static_cstring(
    cell: &'static OnceLock<CString>,
    make: impl FnOnce() -> String,
) -> &'static CString {
    cell.get_or_init(|| CString::new(make()).expect("no NUL in strings"))
}

/// GL_RENDERER: the CPU ISA the back end targets and the worker thread count, as
/// llvmpipe names its SIMD width.
pub fn renderer() -> String {
    let threads = crate::config::threads();
    format!(
        "glcompute ({}, {threads} thread{})",
        isa(),
        if threads == 1 { "" } else { "s" }
    )
}

#[cfg(target_arch = "x86_64")]
fn isa() -> &'static str {
    if std::arch::is_x86_feature_detected!("avx512f") {
        "x86_64 AVX-512"
    } else if std::arch::is_x86_feature_detected!("avx2") {
        "x86_64 AVX2"
    } else if std::arch::is_x86_feature_detected!("sse4.2") {
        "x86_64 SSE4.2"
    } else {
        "x86_64"
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn isa() -> &'static str {
    std::env::consts::ARCH
}

/// The extensions of an OpenGL ES context: ES_EXTENSIONS.
pub fn es_extensions() -> Vec<&'static str> {
    ES_EXTENSIONS.to_vec()
}

/// The extensions of a desktop context: EXTENSIONS, and in a compatibility-profile
/// context COMPAT_EXTENSIONS too, sorted.
pub fn desktop_extensions(compat: bool) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = EXTENSIONS.to_vec();
    if compat {
        v.extend_from_slice(COMPAT_EXTENSIONS);
    }
    v.sort_unstable();
    v
}

pub fn version_string(core: bool) -> String {
    format!(
        "{GL_MAJOR}.{GL_MINOR} ({} Profile) glcompute {}",
        if core { "Core" } else { "Compatibility" },
        env!("CARGO_PKG_VERSION")
    )
}

impl ContextState {
    /// GetString (GL 4.6 §22.2). Strings live for the whole process.
    pub fn get_string(&self, name: u32) -> GlResult<&'static CString> {
        static VENDOR: OnceLock<CString> = OnceLock::new();
        static RENDERER: OnceLock<CString> = OnceLock::new();
        static VERSION_CORE: OnceLock<CString> = OnceLock::new();
        static VERSION_COMPAT: OnceLock<CString> = OnceLock::new();
        static GLSL: OnceLock<CString> = OnceLock::new();
        static EXTS: OnceLock<CString> = OnceLock::new();
        static VERSION_ES: OnceLock<CString> = OnceLock::new();
        static EXTS_ES: OnceLock<CString> = OnceLock::new();
        static GLSL_ES: OnceLock<CString> = OnceLock::new();
        Ok(match name {
            GL_VENDOR => static_cstring(&VENDOR, || "glcompute".into()),
            GL_RENDERER => static_cstring(&RENDERER, renderer),
            // OpenGL ES 3.2 §20.2: "OpenGL ES N.M vendor-info", "OpenGL ES GLSL ES N.MM".
            GL_VERSION if self.info.es => static_cstring(&VERSION_ES, || {
                format!(
                    "OpenGL ES {ES_MAJOR}.{ES_MINOR} glcompute {}",
                    env!("CARGO_PKG_VERSION")
                )
            }),
            GL_SHADING_LANGUAGE_VERSION if self.info.es => {
                static_cstring(&GLSL_ES, || "OpenGL ES GLSL ES 3.20".into())
            }
            GL_EXTENSIONS if self.info.es => static_cstring(&EXTS_ES, || es_extensions().join(" ")),
            GL_VERSION if self.info.is_core() => {
                static_cstring(&VERSION_CORE, || version_string(true))
            }
            GL_VERSION => static_cstring(&VERSION_COMPAT, || version_string(false)),
            GL_SHADING_LANGUAGE_VERSION => static_cstring(&GLSL, || {
                let v = crate::glsl::accepts::GLSL_VERSION;
                format!("{}.{:02}", v / 100, v % 100)
            }),
            // GL 4.6 core removed GetString(EXTENSIONS); compatibility profiles keep it.
            GL_EXTENSIONS if !self.info.is_core() => {
                static_cstring(&EXTS, || desktop_extensions(true).join(" "))
            }
            // GL 4.6 §22.2: INVALID_ENUM if name is not an accepted value.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "name {} is not a GetString name",
                Enum(name)
            ),
        })
    }

    /// GetStringi (GL 4.6 §22.2).
    pub fn get_string_i(&self, name: u32, index: u32) -> GlResult<&'static CString> {
        static EXT: OnceLock<Vec<CString>> = OnceLock::new();
        static EXT_COMPAT: OnceLock<Vec<CString>> = OnceLock::new();
        static GLSL: OnceLock<Vec<CString>> = OnceLock::new();
        static EXT_ES: OnceLock<Vec<CString>> = OnceLock::new();
        static SPV: OnceLock<Vec<CString>> = OnceLock::new();
        let list = match name {
            GL_EXTENSIONS if self.info.es => EXT_ES.get_or_init(|| {
                es_extensions()
                    .iter()
                    .map(|e| CString::new(*e).expect("no NUL"))
                    .collect()
            }),
            GL_EXTENSIONS => {
                let compat = !self.info.is_core();
                (if compat { &EXT_COMPAT } else { &EXT }).get_or_init(|| {
                    desktop_extensions(compat)
                        .iter()
                        .map(|e| CString::new(*e).expect("no NUL"))
                        .collect()
                })
            }
            // OpenGL ES 3.1 §20.2: GetStringi takes EXTENSIONS only.
            GL_SHADING_LANGUAGE_VERSION if self.info.es => gl_bail!(
                GL_INVALID_ENUM,
                "GetStringi(GL_SHADING_LANGUAGE_VERSION) is not a command of OpenGL ES"
            ),
            GL_SHADING_LANGUAGE_VERSION => GLSL.get_or_init(|| {
                GLSL_VERSIONS
                    .iter()
                    .map(|e| CString::new(*e).expect("no NUL"))
                    .collect()
            }),
            GL_SPIR_V_EXTENSIONS => SPV.get_or_init(|| {
                crate::spirv::EXTENSIONS
                    .iter()
                    .map(|e| CString::new(*e).expect("no NUL"))
                    .collect()
            }),
            // GL 4.6 §22.2: INVALID_ENUM if name is not EXTENSIONS,
            // SHADING_LANGUAGE_VERSION or SPIR_V_EXTENSIONS.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "name {} is not a GetStringi name",
                Enum(name)
            ),
        };
        match list.get(index as usize) {
            Some(s) => Ok(s),
            // GL 4.6 §22.2: INVALID_VALUE if index is out of range.
            None => gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below the {} strings of {}",
                list.len(),
                Enum(name)
            ),
        }
    }

    /// The value of a non-indexed state variable (the Get table of
    /// scripts/get_params.py); INVALID_ENUM for the rest.
    pub fn get_value(&mut self, pname: u32) -> GlResult<Value> {
        // An OpenGL ES 3.2 context: its version, its compressed formats and the state
        // OpenGL ES 3.2 adds; no profile mask or list of shading language versions
        // (OpenGL ES 3.2 §20 has neither).
        if self.info.es {
            match pname {
                GL_NUM_EXTENSIONS => return Ok(Value::int(es_extensions().len() as i64)),
                GL_MAJOR_VERSION => return Ok(Value::int(ES_MAJOR as i64)),
                GL_MINOR_VERSION => return Ok(Value::int(ES_MINOR as i64)),
                GL_NUM_COMPRESSED_TEXTURE_FORMATS => {
                    return Ok(Value::int(
                        crate::format::compressed::es_formats().count() as i64
                    ));
                }
                GL_COMPRESSED_TEXTURE_FORMATS => {
                    return Ok(Value::Ints(
                        crate::format::compressed::es_formats()
                            .map(|f| f as i64)
                            .collect(),
                    ));
                }
                // OpenGL ES 3.2 table 21.50.
                crate::state::objects::raster::GL_GENERATE_MIPMAP_HINT => {
                    return Ok(Value::int(self.raster.hints[4] as i64));
                }
                GL_PRIMITIVE_BOUNDING_BOX_ARB => {
                    let b = self.raster.primitive_bounding_box;
                    return Ok(Value::Floats(b.iter().map(|&v| v as f64).collect()));
                }
                // OpenGL ES 3.2 table 21.40: wide multisample lines, as wide as the
                // other lines.
                GL_MULTISAMPLE_LINE_WIDTH_RANGE_ARB => {
                    return Ok(Value::Floats(crate::limits::LINE_WIDTH_RANGE.to_vec()));
                }
                GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY_ARB => {
                    return Ok(Value::Floats(vec![0.125]));
                }
                // Mesa's OpenGL ES contexts: INVALID_ENUM for a desktop pname.
                p if !crate::gl::es_functions::is_es_enum(p) => gl_bail!(
                    GL_INVALID_ENUM,
                    "pname {} is not a state value of an OpenGL ES context",
                    Enum(pname)
                ),
                _ => {}
            }
        }
        // NV_compute_program5 and ARB_vertex_program state of a compatibility context.
        if !self.info.es && !self.info.is_core() {
            use crate::gl::asm_enums::*;
            match pname {
                GL_COMPUTE_PROGRAM_NV => return Ok(Value::Bools(vec![self.asm.enabled])),
                GL_PROGRAM_ERROR_POSITION_ARB => {
                    return Ok(Value::int(self.asm.error_position as i64));
                }
                GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV => {
                    let name = self
                        .bindings
                        .program_parameter
                        .as_ref()
                        .map_or(0, |b| b.name);
                    return Ok(Value::int(name as i64));
                }
                _ => {}
            }
        }
        match self.get_table(pname) {
            Some(v) => v,
            // GL 4.6 §22.1: INVALID_ENUM for a pname that is not a state variable
            // (indexed-only values such as MAX_COMPUTE_WORK_GROUP_COUNT included).
            None => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a state value glcompute has (or needs an index)",
                Enum(pname)
            ),
        }
    }

    /// The value of an indexed state variable (GetIntegeri_v and friends; the indexed
    /// Get table of scripts/get_params.py); INVALID_ENUM for the rest.
    pub fn get_value_indexed(&mut self, pname: u32, index: u32) -> GlResult<Value> {
        if self.info.es && !crate::gl::es_functions::is_es_enum(pname) {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a state value of an OpenGL ES context",
                Enum(pname)
            );
        }
        // NV_parameter_buffer_object: the buffer bound at each parameter buffer binding
        // point (INVALID_VALUE past MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV).
        if pname == crate::gl::asm_enums::GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV
            && self.bindings.assembly_targets
        {
            let b = self.indexed_binding(&self.bindings.program_parameter_indexed, pname, index)?;
            return Ok(Value::int(b.buffer.as_ref().map_or(0, |b| b.name) as i64));
        }
        match self.get_table_indexed(pname, index) {
            Some(v) => v,
            // GL 4.6 §22.1: INVALID_ENUM if pname is not an indexed state variable.
            None => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not an indexed state value",
                Enum(pname)
            ),
        }
    }

    /// Element `index` of a three-element limit (the work-group counts and sizes).
    pub fn limit3(&self, arr: &[i32; 3], what: &str, index: u32) -> GlResult<Value> {
        match arr.get(index as usize) {
            Some(&v) => Ok(Value::int(v as i64)),
            // GL 4.6 §22.1: INVALID_VALUE if index is outside the variable's range.
            None => gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} must be 0, 1 or 2 for {what}"
            ),
        }
    }

    /// Indexed binding point `index` of the buffer target `target`.
    pub fn indexed_binding<'a>(
        &self,
        points: &'a [IndexedBinding],
        target: u32,
        index: u32,
    ) -> GlResult<&'a IndexedBinding> {
        match points.get(index as usize) {
            Some(b) => Ok(b),
            // GL 4.6 §22.1: INVALID_VALUE if index is outside the variable's range.
            None => gl_bail!(
                GL_INVALID_VALUE,
                "index = {index} is not below the {} binding points of {}",
                points.len(),
                Enum(target)
            ),
        }
    }

    /// GetPointerv (GL 4.6 §22.2).
    pub fn get_pointer(&self, pname: u32) -> GlResult<usize> {
        let (callback, user) = self.debug.callback();
        Ok(match pname {
            GL_DEBUG_CALLBACK_FUNCTION => callback.map(|f| f as usize).unwrap_or(0),
            GL_DEBUG_CALLBACK_USER_PARAM => user,
            // GL 4.6 §22.2: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a pointer state value",
                Enum(pname)
            ),
        })
    }

    /// Enable / Disable (GL 4.6 §20.8: DEBUG_OUTPUT, DEBUG_OUTPUT_SYNCHRONOUS).
    pub fn set_capability(&mut self, cap: u32, on: bool) -> GlResult<()> {
        self.es_capability(cap)?;
        match cap {
            GL_DEBUG_OUTPUT => self.debug.output = on,
            GL_DEBUG_OUTPUT_SYNCHRONOUS => self.debug.synchronous = on,
            // NV_compute_program5: the assembly compute program enable (compatibility
            // contexts).
            crate::gl::asm_enums::GL_COMPUTE_PROGRAM_NV
                if !self.info.es && !self.info.is_core() =>
            {
                self.asm.enabled = on
            }
            c if self.set_raster_capability(c, on).is_some() => {}
            // GL 4.6 §2.3.1: INVALID_ENUM for a capability this implementation lacks.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "cap {} is not a capability glcompute has",
                Enum(cap)
            ),
        }
        Ok(())
    }

    pub fn is_enabled(&self, cap: u32) -> GlResult<bool> {
        self.es_capability(cap)?;
        match cap {
            GL_DEBUG_OUTPUT => Ok(self.debug.output),
            GL_DEBUG_OUTPUT_SYNCHRONOUS => Ok(self.debug.synchronous),
            crate::gl::asm_enums::GL_COMPUTE_PROGRAM_NV
                if !self.info.es && !self.info.is_core() =>
            {
                Ok(self.asm.enabled)
            }
            c if self.raster_capability(c).is_some() => {
                Ok(self.raster_capability(c).expect("checked"))
            }
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "cap {} is not a capability glcompute has",
                Enum(cap)
            ),
        }
    }

    /// INVALID_ENUM in an OpenGL ES context for a capability only desktop GL has (as
    /// Mesa's OpenGL ES contexts give).
    pub fn es_capability(&self, cap: u32) -> GlResult<()> {
        if self.info.es && !crate::gl::es_functions::is_es_enum(cap) {
            gl_bail!(
                GL_INVALID_ENUM,
                "cap {} is not a capability of an OpenGL ES context",
                Enum(cap)
            );
        }
        Ok(())
    }

    /// GetError (GL 4.6 §2.3.1): returns and clears the error flag.
    pub fn take_error(&mut self) -> u32 {
        std::mem::replace(&mut self.error, GL_NO_ERROR)
    }

    /// DebugMessageControl (GL 4.6 §20.4).
    pub fn debug_message_control(
        &mut self,
        source: u32,
        ty: u32,
        severity: u32,
        ids: &[u32],
        enabled: bool,
    ) -> GlResult<()> {
        let opt = |v: u32, valid: fn(u32) -> bool, what: &str| -> GlResult<Option<u32>> {
            if v == GL_DONT_CARE {
                Ok(None)
            } else if valid(v) {
                Ok(Some(v))
            } else {
                // GL 4.6 §20.4: INVALID_ENUM for an invalid source, type or severity.
                gl_bail!(GL_INVALID_ENUM, "{what} {} is not valid", Enum(v))
            }
        };
        let s = opt(source, debug::is_source, "source")?;
        let t = opt(ty, debug::is_type, "type")?;
        let v = opt(severity, debug::is_severity, "severity")?;
        // GL 4.6 §20.4: INVALID_OPERATION if ids are given with a DONT_CARE source or
        // type, or with a severity other than DONT_CARE.
        if !ids.is_empty() && (s.is_none() || t.is_none() || v.is_some()) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "ids require a specific source and type and severity GL_DONT_CARE"
            );
        }
        self.debug.control(s, t, v, ids, enabled);
        Ok(())
    }

    /// DebugMessageInsert (GL 4.6 §20.5).
    pub fn debug_message_insert(
        &mut self,
        source: u32,
        ty: u32,
        id: u32,
        severity: u32,
        text: &[u8],
    ) -> GlResult<()> {
        // GL 4.6 §20.5: INVALID_ENUM if source is not APPLICATION or THIRD_PARTY, or
        // type or severity is not valid.
        if source != GL_DEBUG_SOURCE_APPLICATION && source != GL_DEBUG_SOURCE_THIRD_PARTY {
            gl_bail!(
                GL_INVALID_ENUM,
                "source {} must be GL_DEBUG_SOURCE_APPLICATION or GL_DEBUG_SOURCE_THIRD_PARTY",
                Enum(source)
            );
        }
        if !debug::is_type(ty) {
            gl_bail!(
                GL_INVALID_ENUM,
                "type {} is not a debug message type",
                Enum(ty)
            );
        }
        if !debug::is_severity(severity) {
            gl_bail!(
                GL_INVALID_ENUM,
                "severity {} is not a debug severity",
                Enum(severity)
            );
        }
        check_message_length(text.len())?;
        self.emit(Message {
            source,
            ty,
            id,
            severity,
            text: String::from_utf8_lossy(text).into_owned(),
        });
        Ok(())
    }

    /// PushDebugGroup (GL 4.6 §20.6).
    pub fn push_debug_group(&mut self, source: u32, id: u32, text: &[u8]) -> GlResult<()> {
        // GL 4.6 §20.6: INVALID_ENUM if source is not APPLICATION or THIRD_PARTY.
        if source != GL_DEBUG_SOURCE_APPLICATION && source != GL_DEBUG_SOURCE_THIRD_PARTY {
            gl_bail!(
                GL_INVALID_ENUM,
                "source {} must be GL_DEBUG_SOURCE_APPLICATION or GL_DEBUG_SOURCE_THIRD_PARTY",
                Enum(source)
            );
        }
        check_message_length(text.len())?;
        // GL 4.6 §20.6: STACK_OVERFLOW if the stack already holds
        // MAX_DEBUG_GROUP_STACK_DEPTH - 1 groups besides the default one.
        if self.debug.depth() >= MAX_DEBUG_GROUP_STACK_DEPTH as usize {
            gl_bail!(
                GL_STACK_OVERFLOW,
                "the debug group stack is full (GL_MAX_DEBUG_GROUP_STACK_DEPTH = {MAX_DEBUG_GROUP_STACK_DEPTH})"
            );
        }
        let text = String::from_utf8_lossy(text).into_owned();
        self.debug.push_group(source, id, text.clone());
        self.emit(Message {
            source,
            ty: GL_DEBUG_TYPE_PUSH_GROUP,
            id,
            severity: GL_DEBUG_SEVERITY_NOTIFICATION,
            text,
        });
        Ok(())
    }

    /// PopDebugGroup (GL 4.6 §20.6).
    pub fn pop_debug_group(&mut self) -> GlResult<()> {
        // GL 4.6 §20.6: STACK_UNDERFLOW if only the default group is on the stack.
        let Some((source, id, text)) = self.debug.pop_group() else {
            gl_bail!(
                GL_STACK_UNDERFLOW,
                "only the default debug group is on the stack"
            );
        };
        self.emit(Message {
            source,
            ty: GL_DEBUG_TYPE_POP_GROUP,
            id,
            severity: GL_DEBUG_SEVERITY_NOTIFICATION,
            text,
        });
        Ok(())
    }

    /// ObjectLabel (GL 4.6 §20.9): `label` None removes the label.
    pub fn set_label(&mut self, identifier: u32, name: u32, label: Option<&[u8]>) -> GlResult<()> {
        // Identifier and name are checked before the length (GL 4.6 §20.9 order).
        self.with_label(identifier, name, |_| ())?;
        let label = check_label(label)?;
        self.with_label(identifier, name, |l| *l = label)
    }

    /// GetObjectLabel (GL 4.6 §20.9).
    pub fn get_label(&mut self, identifier: u32, name: u32) -> GlResult<String> {
        Ok(self
            .with_label(identifier, name, |l| l.clone())?
            .unwrap_or_default())
    }

    /// Runs `f` on the label of an object. GL 4.6 §20.9: INVALID_ENUM for an unknown
    /// identifier, INVALID_VALUE if name is not an existing object of that type.
    fn with_label<R>(
        &mut self,
        identifier: u32,
        name: u32,
        f: impl FnOnce(&mut Option<String>) -> R,
    ) -> GlResult<R> {
        let missing = || {
            crate::gl_err!(
                GL_INVALID_VALUE,
                "{name} is not the name of an existing {} object",
                Enum(identifier)
            )
        };
        match identifier {
            GL_BUFFER => {
                let buf = self
                    .shared
                    .buffers
                    .lock()
                    .get(name)
                    .cloned()
                    .ok_or_else(missing)?;
                let mut st = buf.state.lock();
                Ok(f(&mut st.label))
            }
            GL_SHADER => {
                let sh = self.shared.shader(name).ok_or_else(missing)?;
                let mut st = sh.state.lock();
                Ok(f(&mut st.label))
            }
            GL_PROGRAM => {
                let p = self.shared.program(name).ok_or_else(missing)?;
                let mut st = p.state.lock();
                Ok(f(&mut st.label))
            }
            GL_PROGRAM_PIPELINE => {
                let p = self.pipelines.get_mut(name).ok_or_else(missing)?;
                Ok(f(&mut p.label))
            }
            GL_VERTEX_ARRAY => {
                let v = self
                    .vertex_arrays
                    .objects
                    .get_mut(name)
                    .ok_or_else(missing)?;
                Ok(f(&mut v.label))
            }
            // Valid identifiers for object types glcompute never creates: no name can
            // refer to one.
            GL_TRANSFORM_FEEDBACK => {
                let x = self
                    .transform_feedbacks
                    .objects
                    .get_mut(name)
                    .ok_or_else(missing)?;
                Ok(f(&mut x.label))
            }
            GL_QUERY | GL_SAMPLER | GL_TEXTURE | GL_RENDERBUFFER | GL_FRAMEBUFFER => Err(missing()),
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "identifier {} is not an object type",
                Enum(identifier)
            ),
        }
    }

    /// ObjectPtrLabel / GetObjectPtrLabel on a sync object.
    pub fn sync_label(&mut self, handle: usize, set: Option<Option<&[u8]>>) -> GlResult<String> {
        let Some(sync) = self.sync_object(handle) else {
            // GL 4.6 §20.9: INVALID_VALUE if ptr is not a sync object.
            gl_bail!(GL_INVALID_VALUE, "ptr 0x{handle:X} is not a sync object");
        };
        if let Some(label) = set {
            *sync.label.lock() = check_label(label)?;
        }
        let l = sync.label.lock().clone().unwrap_or_default();
        Ok(l)
    }
}

/// GL 4.6 §20.9: INVALID_VALUE if a label is MAX_LABEL_LENGTH long or longer.
fn check_label(label: Option<&[u8]>) -> GlResult<Option<String>> {
    match label {
        Some(l) if l.len() >= MAX_LABEL_LENGTH as usize => gl_bail!(
            GL_INVALID_VALUE,
            "the label's length {} is not below GL_MAX_LABEL_LENGTH = {MAX_LABEL_LENGTH}",
            l.len()
        ),
        Some(l) => Ok(Some(String::from_utf8_lossy(l).into_owned())),
        None => Ok(None),
    }
}

/// GL 4.6 §20.5: INVALID_VALUE if a message is MAX_DEBUG_MESSAGE_LENGTH long or longer.
fn check_message_length(len: usize) -> GlResult<()> {
    if len >= MAX_DEBUG_MESSAGE_LENGTH as usize {
        gl_bail!(
            GL_INVALID_VALUE,
            "the message's length {len} is not below GL_MAX_DEBUG_MESSAGE_LENGTH = {MAX_DEBUG_MESSAGE_LENGTH}"
        );
    }
    Ok(())
}

/// A limit of the graphics stages, vertex input, transform feedback and the
/// framebuffer ([`crate::limits::GRAPHICS_LIMITS`] and a few non-integer ones), or None.
pub fn stage_limit(pname: u32) -> Option<Value> {
    if let Some(&(_, v)) = GRAPHICS_LIMITS.iter().find(|&&(p, _)| p == pname) {
        return Some(Value::int(v));
    }
    Some(match pname {
        GL_MIN_FRAGMENT_INTERPOLATION_OFFSET => Value::Floats(vec![-0.5]),
        GL_MAX_FRAGMENT_INTERPOLATION_OFFSET => Value::Floats(vec![0.5]),
        GL_MAX_TEXTURE_LOD_BIAS => Value::Floats(vec![2.0]),
        // The default framebuffer of a pbuffer or of no surface (EGL configs are single-
        // buffered and mono; GL_SAMPLES is the framebuffer module's).
        GL_DOUBLEBUFFER | GL_STEREO => Value::Bools(vec![false]),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The GLSL front end's built-in constants (gl_MaxVertexAttribs, ...) are the
    /// limits the context reports: `gl_MaxFooBar` is GL_MAX_FOO_BAR.
    #[test]
    fn glsl_constants_are_the_reported_limits() {
        for &(name, value) in crate::glsl::sema::stages::GRAPHICS_CONSTANTS {
            let mut pname = String::from("GL_");
            for (i, c) in name.trim_start_matches("gl_").chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    pname.push('_');
                }
                pname.push(c.to_ascii_uppercase());
            }
            let e = enum_by_name(&pname).unwrap_or_else(|| panic!("{pname} is no GL enum"));
            let reported = match stage_limit(e) {
                Some(Value::Ints(v)) => v[0],
                _ => match e {
                    GL_MAX_VERTEX_ATTRIBS => crate::limits::MAX_VERTEX_ATTRIBS as i64,
                    GL_MAX_PATCH_VERTICES => crate::limits::MAX_PATCH_VERTICES as i64,
                    GL_MAX_DRAW_BUFFERS => crate::limits::MAX_DRAW_BUFFERS as i64,
                    GL_MAX_CLIP_DISTANCES => crate::limits::MAX_CLIP_DISTANCES as i64,
                    GL_MAX_VIEWPORTS => crate::limits::MAX_VIEWPORTS as i64,
                    _ => panic!("{pname} is not a limit kept here"),
                },
            };
            assert_eq!(reported, value as i64, "{name} and {pname} differ");
        }
    }

    /// The per-stage resource limits the linker enforces are the ones reported.
    #[test]
    fn link_limits_are_the_reported_limits() {
        use crate::ir::shader::Stage;
        let int = |p| match stage_limit(p) {
            Some(Value::Ints(v)) => v[0] as u64,
            _ => panic!("not a limit"),
        };
        for (stage, ssbo, images, counters) in [
            (
                Stage::Vertex,
                GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS,
                GL_MAX_VERTEX_IMAGE_UNIFORMS,
                GL_MAX_VERTEX_ATOMIC_COUNTERS,
            ),
            (
                Stage::TessControl,
                GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS,
                GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS,
                GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS,
            ),
            (
                Stage::TessEvaluation,
                GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS,
                GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS,
                GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS,
            ),
            (
                Stage::Geometry,
                GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS,
                GL_MAX_GEOMETRY_IMAGE_UNIFORMS,
                GL_MAX_GEOMETRY_ATOMIC_COUNTERS,
            ),
            (
                Stage::Fragment,
                GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS,
                GL_MAX_FRAGMENT_IMAGE_UNIFORMS,
                GL_MAX_FRAGMENT_ATOMIC_COUNTERS,
            ),
        ] {
            assert_eq!(
                crate::glsl::link::graphics::stage_resource_limits(stage),
                (int(ssbo), int(images), int(counters)),
                "{stage:?}"
            );
        }
    }
}
