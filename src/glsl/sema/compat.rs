//! The built-in variables of GLSL's compatibility profile (GLSL 1.50 compatibility
//! §7.1-§7.5, the whole language before GLSL 1.40): fixed-function vertex attributes
//! (`gl_Vertex`, `gl_MultiTexCoord0`, ...), the colour and texture coordinate varyings,
//! `gl_FragColor`/`gl_FragData`, and the state uniforms (`gl_ModelViewMatrix`,
//! `gl_LightSource[i]`, ...) with their struct types. They exist for a shader of
//! `#version` below 140 or one that says `compatibility`; `gl_DepthRange` and its
//! struct exist in every profile. Like every graphics-stage variable they are
//! checked, never run; the state uniforms are read-only and not program resources.

use crate::glsl::sema::Checker;
use crate::glsl::words::STRUCTS;
use crate::ir::shader::Stage;
use crate::ir::*;
use crate::limits::{MAX_CLIP_PLANES, MAX_LIGHTS, MAX_TEXTURE_COORDS};

/// Where a compatibility built-in lives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    VertexIn,
    /// Vertex and geometry shader outputs.
    VaryingOut,
    FragmentIn,
    FragmentOut,
    /// A state uniform of every stage.
    Uniform,
}

/// The compatibility profile's built-in constants.
pub(super) const COMPAT_CONSTANTS: &[(&str, i32)] = &[
    ("gl_MaxTextureCoords", MAX_TEXTURE_COORDS as i32),
    ("gl_MaxTextureUnits", 2),
    ("gl_MaxLights", MAX_LIGHTS as i32),
    ("gl_MaxClipPlanes", MAX_CLIP_PLANES as i32),
    ("gl_MaxVaryingFloats", 60),
];

/// (name, kind, type): types are `float`, `vecN`, `mat3`, `mat4`, a struct name, with
/// an optional `[N]`.
const VARS: &[(&str, Kind, &str)] = &[
    ("gl_Color", Kind::VertexIn, "vec4"),
    ("gl_SecondaryColor", Kind::VertexIn, "vec4"),
    ("gl_Normal", Kind::VertexIn, "vec3"),
    ("gl_Vertex", Kind::VertexIn, "vec4"),
    ("gl_MultiTexCoord0", Kind::VertexIn, "vec4"),
    ("gl_MultiTexCoord1", Kind::VertexIn, "vec4"),
    ("gl_MultiTexCoord2", Kind::VertexIn, "vec4"),
    ("gl_MultiTexCoord3", Kind::VertexIn, "vec4"),
    ("gl_MultiTexCoord4", Kind::VertexIn, "vec4"),
    ("gl_MultiTexCoord5", Kind::VertexIn, "vec4"),
    ("gl_MultiTexCoord6", Kind::VertexIn, "vec4"),
    ("gl_MultiTexCoord7", Kind::VertexIn, "vec4"),
    ("gl_FogCoord", Kind::VertexIn, "float"),
    ("gl_ClipVertex", Kind::VaryingOut, "vec4"),
    ("gl_FrontColor", Kind::VaryingOut, "vec4"),
    ("gl_BackColor", Kind::VaryingOut, "vec4"),
    ("gl_FrontSecondaryColor", Kind::VaryingOut, "vec4"),
    ("gl_BackSecondaryColor", Kind::VaryingOut, "vec4"),
    ("gl_TexCoord", Kind::VaryingOut, "vec4[8]"),
    ("gl_FogFragCoord", Kind::VaryingOut, "float"),
    ("gl_Color", Kind::FragmentIn, "vec4"),
    ("gl_SecondaryColor", Kind::FragmentIn, "vec4"),
    ("gl_TexCoord", Kind::FragmentIn, "vec4[8]"),
    ("gl_FogFragCoord", Kind::FragmentIn, "float"),
    ("gl_FragColor", Kind::FragmentOut, "vec4"),
    ("gl_FragData", Kind::FragmentOut, "vec4[8]"),
    ("gl_ModelViewMatrix", Kind::Uniform, "mat4"),
    ("gl_ProjectionMatrix", Kind::Uniform, "mat4"),
    ("gl_ModelViewProjectionMatrix", Kind::Uniform, "mat4"),
    ("gl_TextureMatrix", Kind::Uniform, "mat4[8]"),
    ("gl_NormalMatrix", Kind::Uniform, "mat3"),
    ("gl_ModelViewMatrixInverse", Kind::Uniform, "mat4"),
    ("gl_ProjectionMatrixInverse", Kind::Uniform, "mat4"),
    ("gl_ModelViewProjectionMatrixInverse", Kind::Uniform, "mat4"),
    ("gl_TextureMatrixInverse", Kind::Uniform, "mat4[8]"),
    ("gl_ModelViewMatrixTranspose", Kind::Uniform, "mat4"),
    ("gl_ProjectionMatrixTranspose", Kind::Uniform, "mat4"),
    (
        "gl_ModelViewProjectionMatrixTranspose",
        Kind::Uniform,
        "mat4",
    ),
    ("gl_TextureMatrixTranspose", Kind::Uniform, "mat4[8]"),
    ("gl_ModelViewMatrixInverseTranspose", Kind::Uniform, "mat4"),
    ("gl_ProjectionMatrixInverseTranspose", Kind::Uniform, "mat4"),
    (
        "gl_ModelViewProjectionMatrixInverseTranspose",
        Kind::Uniform,
        "mat4",
    ),
    ("gl_TextureMatrixInverseTranspose", Kind::Uniform, "mat4[8]"),
    ("gl_NormalScale", Kind::Uniform, "float"),
    ("gl_ClipPlane", Kind::Uniform, "vec4[8]"),
    ("gl_Point", Kind::Uniform, "gl_PointParameters"),
    ("gl_FrontMaterial", Kind::Uniform, "gl_MaterialParameters"),
    ("gl_BackMaterial", Kind::Uniform, "gl_MaterialParameters"),
    (
        "gl_LightSource",
        Kind::Uniform,
        "gl_LightSourceParameters[8]",
    ),
    ("gl_LightModel", Kind::Uniform, "gl_LightModelParameters"),
    (
        "gl_FrontLightModelProduct",
        Kind::Uniform,
        "gl_LightModelProducts",
    ),
    (
        "gl_BackLightModelProduct",
        Kind::Uniform,
        "gl_LightModelProducts",
    ),
    ("gl_FrontLightProduct", Kind::Uniform, "gl_LightProducts[8]"),
    ("gl_BackLightProduct", Kind::Uniform, "gl_LightProducts[8]"),
    ("gl_TextureEnvColor", Kind::Uniform, "vec4[8]"),
    ("gl_EyePlaneS", Kind::Uniform, "vec4[8]"),
    ("gl_EyePlaneT", Kind::Uniform, "vec4[8]"),
    ("gl_EyePlaneR", Kind::Uniform, "vec4[8]"),
    ("gl_EyePlaneQ", Kind::Uniform, "vec4[8]"),
    ("gl_ObjectPlaneS", Kind::Uniform, "vec4[8]"),
    ("gl_ObjectPlaneT", Kind::Uniform, "vec4[8]"),
    ("gl_ObjectPlaneR", Kind::Uniform, "vec4[8]"),
    ("gl_ObjectPlaneQ", Kind::Uniform, "vec4[8]"),
    ("gl_Fog", Kind::Uniform, "gl_FogParameters"),
];

impl Checker<'_> {
    /// Whether the shader has the compatibility profile's built-ins.
    pub(super) fn compatibility(&self) -> bool {
        self.version < 140 || self.compat_profile
    }

    /// A built-in struct type by name (None if `name` is none, or is a compatibility
    /// struct and the shader is core).
    pub(super) fn builtin_struct(&mut self, name: &str) -> Option<TypeId> {
        let (_, members) = STRUCTS.iter().find(|s| s.0 == name)?;
        if name != "gl_DepthRangeParameters" && !self.compatibility() {
            return None;
        }
        if let Some(i) = self.m.types.structs.iter().position(|s| s.name == name) {
            return Some(self.m.types.struct_type(StructId(i as u32)));
        }
        let members = members
            .iter()
            .map(|(n, t)| StructMember {
                name: (*n).into(),
                ty: self.compat_type(t).expect("built-in member type"),
                row_major: None,
                matrix_stride: None,
                offset: None,
                align: None,
                memory: MemoryQualifiers::default(),
                span: Span::default(),
            })
            .collect();
        Some(self.m.types.add_struct(StructDef {
            name: name.into(),
            members,
            span: Span::default(),
        }))
    }

    /// A type of the tables above.
    fn compat_type(&mut self, t: &str) -> Option<TypeId> {
        let (base, len) = match t.split_once('[') {
            Some((b, n)) => (b, n.trim_end_matches(']').parse().ok()),
            None => (t, None),
        };
        let f = Scalar::Float;
        let ty = match base {
            "float" => self.m.types.scalar(f),
            "vec2" => self.m.types.vector(f, 2),
            "vec3" => self.m.types.vector(f, 3),
            "vec4" => self.m.types.vector(f, 4),
            "mat3" => self.m.types.intern(Type::Matrix {
                scalar: f,
                cols: 3,
                rows: 3,
            }),
            "mat4" => self.m.types.intern(Type::Matrix {
                scalar: f,
                cols: 4,
                rows: 4,
            }),
            s => self.builtin_struct(s)?,
        };
        Some(match len {
            Some(n) => self.m.types.array(ty, Some(n)),
            None => ty,
        })
    }

    /// A redeclaration of a compatibility varying (`varying vec4 gl_TexCoord[4];`,
    /// `flat out vec4 gl_FrontColor;`): true if `name` is one of this stage's in that
    /// direction (its type checked, an array's size at most the built-in's).
    pub(super) fn redeclare_compat(
        &mut self,
        name: &str,
        output: bool,
        ty: TypeId,
        span: Span,
    ) -> bool {
        if !self.compatibility() {
            return false;
        }
        let stage = self.stage;
        let Some(&(_, _, want)) = VARS.iter().find(|v| {
            v.0 == name
                && match v.1 {
                    Kind::VaryingOut => output && matches!(stage, Stage::Vertex | Stage::Geometry),
                    Kind::FragmentIn => !output && stage == Stage::Fragment,
                    _ => false,
                }
        }) else {
            return false;
        };
        let Some(want) = self.compat_type(want) else {
            return false;
        };
        let ok = match (self.m.types.get(ty).clone(), self.m.types.get(want).clone()) {
            (Type::Array(a, n), Type::Array(b, Some(m))) => a == b && n.is_none_or(|n| n <= m),
            (a, b) => a == b,
        };
        if !ok {
            self.error(
                span,
                format!(
                    "`{name}' is redeclared as {}; it is {}",
                    self.tname(ty),
                    self.tname(want)
                ),
            );
        }
        true
    }

    /// A compatibility built-in variable (or `gl_DepthRange`), or None if `name` is
    /// none in this stage and profile.
    pub(super) fn compat_variable(&mut self, name: &str, span: Span) -> Option<ExprId> {
        // GLSL 1.40-4.10 core shaders keep gl_FragColor and gl_FragData (deprecated,
        // as Mesa keeps them); GLSL 4.20 moved them to the compatibility profile.
        let fragment_out = matches!(name, "gl_FragColor" | "gl_FragData") && self.version < 420;
        let (storage, ty_name, io) = if name == "gl_DepthRange" {
            (Storage::Uniform, "gl_DepthRangeParameters", None)
        } else {
            if !self.compatibility() && !fragment_out {
                return None;
            }
            let stage = self.stage;
            let &(_, kind, ty) = VARS.iter().find(|v| {
                v.0 == name
                    && match v.1 {
                        Kind::VertexIn => stage == Stage::Vertex,
                        Kind::VaryingOut => matches!(stage, Stage::Vertex | Stage::Geometry),
                        Kind::FragmentIn | Kind::FragmentOut => stage == Stage::Fragment,
                        Kind::Uniform => true,
                    }
            })?;
            let io = IoQualifiers {
                builtin: true,
                ..IoQualifiers::default()
            };
            match kind {
                Kind::VertexIn | Kind::FragmentIn => (Storage::Input, ty, Some(io)),
                Kind::VaryingOut | Kind::FragmentOut => (Storage::Output, ty, Some(io)),
                Kind::Uniform => (Storage::Uniform, ty, None),
            }
        };
        let existing = self
            .m
            .globals
            .iter()
            .position(|g| g.name == name && g.storage == storage);
        let g = match existing {
            Some(i) => GlobalId(i as u32),
            None => {
                let ty = self.compat_type(ty_name)?;
                self.m.globals.push(Global {
                    name: name.into(),
                    ty,
                    storage,
                    binding: None,
                    location: None,
                    offset: None,
                    format: None,
                    memory: MemoryQualifiers::default(),
                    init: None,
                    span: Span::default(),
                    used: false,
                    io: io.map(Box::new),
                });
                GlobalId(self.m.globals.len() as u32 - 1)
            }
        };
        self.m.globals[g.0 as usize].used = true;
        let ty = self.m.globals[g.0 as usize].ty;
        Some(self.add(ExprKind::Global(g), ty, span))
    }
}
