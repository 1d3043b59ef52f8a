//! The typed intermediate representation between the GLSL front end and the back end,
//! and the passes over it (layout, constant evaluation, printing). A [`Module`] owns an
//! interned type table, the global variables (with their storage and interface
//! qualifiers) and the functions. A function owns an arena of typed expressions (a tree:
//! each expression is used once) and a structured body: blocks, if, loops, switch,
//! break/continue/return, no goto. Every node keeps its source span. This layer calls
//! nothing above it; the front end builds it and the back end reads it.

pub mod builtins;
pub mod calls;
pub mod consteval;
pub mod layout;
pub mod print;
pub mod reflect;
pub mod shader;
pub mod uniformity;
pub mod validate;

use std::collections::HashMap;
use std::fmt;

/// A position in the source: GL-style (string, line, column), 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Span {
    pub source: u32,
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}({})", self.source, self.line, self.col)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    Bool,
    Int,
    Uint,
    Float,
    Double,
    /// `int64_t` (GL_ARB_gpu_shader_int64).
    Int64,
    /// `uint64_t` (GL_ARB_gpu_shader_int64).
    Uint64,
}

impl Scalar {
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Int => "int",
            Scalar::Uint => "uint",
            Scalar::Float => "float",
            Scalar::Double => "double",
            Scalar::Int64 => "int64_t",
            Scalar::Uint64 => "uint64_t",
        }
    }

    /// Prefix of vector type names: bvec, ivec, uvec, vec, dvec, i64vec, u64vec.
    pub fn vec_prefix(self) -> &'static str {
        match self {
            Scalar::Bool => "b",
            Scalar::Int => "i",
            Scalar::Uint => "u",
            Scalar::Float => "",
            Scalar::Double => "d",
            Scalar::Int64 => "i64",
            Scalar::Uint64 => "u64",
        }
    }

    /// Integers of any width.
    pub fn is_integer(self) -> bool {
        matches!(
            self,
            Scalar::Int | Scalar::Uint | Scalar::Int64 | Scalar::Uint64
        )
    }

    /// The 32-bit integers, the only types of indices, switch selectors and sizes.
    pub fn is_int32(self) -> bool {
        matches!(self, Scalar::Int | Scalar::Uint)
    }

    /// Signed integers of any width.
    pub fn is_signed_int(self) -> bool {
        matches!(self, Scalar::Int | Scalar::Int64)
    }

    /// 64-bit integers.
    pub fn is_int64(self) -> bool {
        matches!(self, Scalar::Int64 | Scalar::Uint64)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Float | Scalar::Double)
    }

    pub fn is_numeric(self) -> bool {
        self != Scalar::Bool
    }

    /// Size in bytes in buffer memory (bool is stored as a 32-bit value).
    pub fn size(self) -> u32 {
        match self {
            Scalar::Double | Scalar::Int64 | Scalar::Uint64 => 8,
            _ => 4,
        }
    }
}

/// Dimensionality of images and samplers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dim {
    D1,
    D2,
    D3,
    Cube,
    Rect,
    Buffer,
    D1Array,
    D2Array,
    CubeArray,
    D2Ms,
    D2MsArray,
}

impl Dim {
    pub fn suffix(self) -> &'static str {
        match self {
            Dim::D1 => "1D",
            Dim::D2 => "2D",
            Dim::D3 => "3D",
            Dim::Cube => "Cube",
            Dim::Rect => "2DRect",
            Dim::Buffer => "Buffer",
            Dim::D1Array => "1DArray",
            Dim::D2Array => "2DArray",
            Dim::CubeArray => "CubeArray",
            Dim::D2Ms => "2DMS",
            Dim::D2MsArray => "2DMSArray",
        }
    }

    /// Number of coordinates that address a texel (image coordinates are integers).
    pub fn coord_size(self) -> u8 {
        match self {
            Dim::D1 | Dim::Buffer => 1,
            Dim::D2 | Dim::Rect | Dim::D1Array | Dim::D2Ms => 2,
            Dim::D3 | Dim::Cube | Dim::D2Array | Dim::CubeArray | Dim::D2MsArray => 3,
        }
    }

    /// Components of textureSize/imageSize (array layers included; cube maps 2).
    pub fn size_components(self) -> u8 {
        match self {
            Dim::D1 | Dim::Buffer => 1,
            Dim::D2 | Dim::Rect | Dim::D1Array | Dim::Cube | Dim::D2Ms => 2,
            Dim::D3 | Dim::D2Array | Dim::CubeArray | Dim::D2MsArray => 3,
        }
    }

    /// Floating-point coordinate components of a texture lookup (array layer
    /// included, shadow reference excluded).
    pub fn tex_coord_components(self) -> u8 {
        match self {
            Dim::D1 | Dim::Buffer => 1,
            Dim::D2 | Dim::Rect | Dim::D1Array | Dim::D2Ms => 2,
            Dim::D3 | Dim::Cube | Dim::D2Array | Dim::D2MsArray => 3,
            Dim::CubeArray => 4,
        }
    }

    /// Components of a texel offset (the coordinates that are neither array layer nor
    /// cube direction).
    pub fn offset_components(self) -> u8 {
        match self {
            Dim::D1 | Dim::D1Array => 1,
            Dim::D2 | Dim::Rect | Dim::D2Array => 2,
            Dim::D3 => 3,
            _ => 0,
        }
    }

    pub fn is_array(self) -> bool {
        matches!(
            self,
            Dim::D1Array | Dim::D2Array | Dim::CubeArray | Dim::D2MsArray
        )
    }

    pub fn is_ms(self) -> bool {
        matches!(self, Dim::D2Ms | Dim::D2MsArray)
    }
}

/// An opaque image or sampler type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opaque {
    pub dim: Dim,
    /// The sampled type: Float, Int or Uint.
    pub sampled: Scalar,
    pub shadow: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Scalar(Scalar),
    Vector(Scalar, u8),
    /// `cols` columns of `rows`-component vectors.
    Matrix {
        scalar: Scalar,
        cols: u8,
        rows: u8,
    },
    /// An array; `None` is unsized (the last member of a buffer block, or a declaration
    /// sized by its initializer before it is known).
    Array(TypeId, Option<u32>),
    Struct(StructId),
    Image(Opaque),
    Sampler(Opaque),
    AtomicUint,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StructId(pub u32);

#[derive(Debug, Clone)]
pub struct StructMember {
    pub name: String,
    pub ty: TypeId,
    /// Block members: `layout(row_major)`, explicit `offset`/`align`, memory qualifiers.
    pub row_major: Option<bool>,
    pub offset: Option<u32>,
    pub align: Option<u32>,
    pub memory: MemoryQualifiers,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct StructDef {
    pub name: String,
    pub members: Vec<StructMember>,
    pub span: Span,
}

/// The type table: types are interned, so equal types have equal ids.
#[derive(Debug, Clone, Default)]
pub struct Types {
    types: Vec<Type>,
    index: HashMap<Type, TypeId>,
    pub structs: Vec<StructDef>,
}

impl Types {
    pub fn intern(&mut self, t: Type) -> TypeId {
        if let Some(&id) = self.index.get(&t) {
            return id;
        }
        let id = TypeId(self.types.len() as u32);
        self.types.push(t.clone());
        self.index.insert(t, id);
        id
    }

    pub fn get(&self, id: TypeId) -> &Type {
        &self.types[id.0 as usize]
    }

    pub fn add_struct(&mut self, def: StructDef) -> TypeId {
        let sid = StructId(self.structs.len() as u32);
        self.structs.push(def);
        self.intern(Type::Struct(sid))
    }

    /// The deepest nesting of arrays and structs in any type (an array of arrays, a
    /// struct holding a struct): computed in one pass, since parts are interned before
    /// the types using them.
    pub fn max_nesting(&self) -> u32 {
        let mut depth = vec![0u32; self.types.len()];
        for i in 0..self.types.len() {
            let of = |t: TypeId, depth: &[u32]| depth.get(t.0 as usize).copied().unwrap_or(0);
            depth[i] = match &self.types[i] {
                Type::Array(b, _) => of(*b, &depth).saturating_add(1),
                Type::Struct(s) => self
                    .structs
                    .get(s.0 as usize)
                    .map_or(0, |d| {
                        d.members
                            .iter()
                            .map(|m| of(m.ty, &depth))
                            .max()
                            .unwrap_or(0)
                    })
                    .saturating_add(1),
                _ => 0,
            };
        }
        depth.into_iter().max().unwrap_or(0)
    }

    /// Number of interned types (ids are 0..len, parts before the types using them).
    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// The type of a struct definition.
    pub fn struct_type(&self, id: StructId) -> TypeId {
        self.index[&Type::Struct(id)]
    }

    pub fn struct_def(&self, id: StructId) -> &StructDef {
        &self.structs[id.0 as usize]
    }

    pub fn void(&mut self) -> TypeId {
        self.intern(Type::Void)
    }

    pub fn scalar(&mut self, s: Scalar) -> TypeId {
        self.intern(Type::Scalar(s))
    }

    /// A scalar for n == 1, else a vector.
    pub fn vector(&mut self, s: Scalar, n: u8) -> TypeId {
        if n == 1 {
            self.scalar(s)
        } else {
            self.intern(Type::Vector(s, n))
        }
    }

    pub fn matrix(&mut self, scalar: Scalar, cols: u8, rows: u8) -> TypeId {
        self.intern(Type::Matrix { scalar, cols, rows })
    }

    pub fn array(&mut self, base: TypeId, len: Option<u32>) -> TypeId {
        self.intern(Type::Array(base, len))
    }

    /// The scalar kind of a scalar, vector or matrix type.
    pub fn scalar_of(&self, id: TypeId) -> Option<Scalar> {
        match self.get(id) {
            Type::Scalar(s) | Type::Vector(s, _) => Some(*s),
            Type::Matrix { scalar, .. } => Some(*scalar),
            _ => None,
        }
    }

    /// Components of a scalar (1) or vector type, None for others.
    pub fn vec_size(&self, id: TypeId) -> Option<u8> {
        match self.get(id) {
            Type::Scalar(_) => Some(1),
            Type::Vector(_, n) => Some(*n),
            _ => None,
        }
    }

    /// Number of scalar components of a scalar, vector or matrix.
    pub fn components(&self, id: TypeId) -> Option<u32> {
        match self.get(id) {
            Type::Scalar(_) => Some(1),
            Type::Vector(_, n) => Some(*n as u32),
            Type::Matrix { cols, rows, .. } => Some(*cols as u32 * *rows as u32),
            _ => None,
        }
    }

    /// Same shape with another scalar kind (conversions).
    pub fn with_scalar(&mut self, id: TypeId, s: Scalar) -> TypeId {
        match self.get(id).clone() {
            Type::Scalar(_) => self.scalar(s),
            Type::Vector(_, n) => self.vector(s, n),
            Type::Matrix { cols, rows, .. } => self.matrix(s, cols, rows),
            _ => id,
        }
    }

    /// Whether two scalar, vector or matrix types have the same shape (any scalar kinds).
    pub fn same_shape(&self, a: TypeId, b: TypeId) -> bool {
        match (self.get(a), self.get(b)) {
            (Type::Scalar(_), Type::Scalar(_)) => true,
            (Type::Vector(_, n), Type::Vector(_, m)) => n == m,
            (
                Type::Matrix {
                    cols: c1, rows: r1, ..
                },
                Type::Matrix {
                    cols: c2, rows: r2, ..
                },
            ) => c1 == c2 && r1 == r2,
            _ => false,
        }
    }

    pub fn is_opaque(&self, id: TypeId) -> bool {
        match self.get(id) {
            Type::Image(_) | Type::Sampler(_) | Type::AtomicUint => true,
            Type::Array(b, _) => self.is_opaque(*b),
            Type::Struct(s) => self
                .struct_def(*s)
                .members
                .iter()
                .any(|m| self.is_opaque(m.ty)),
            _ => false,
        }
    }

    pub fn contains_array_or_struct(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Array(..) | Type::Struct(_))
    }

    /// True if the type (or a part of it) is a runtime-sized array.
    pub fn is_unsized(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Array(_, None))
    }

    /// The GLSL spelling of a type, for messages and IR dumps.
    pub fn name(&self, id: TypeId) -> String {
        match self.get(id) {
            Type::Void => "void".into(),
            Type::Scalar(s) => s.name().into(),
            Type::Vector(s, n) => format!("{}vec{n}", s.vec_prefix()),
            Type::Matrix { scalar, cols, rows } => {
                let p = if *scalar == Scalar::Double { "d" } else { "" };
                if cols == rows {
                    format!("{p}mat{cols}")
                } else {
                    format!("{p}mat{cols}x{rows}")
                }
            }
            Type::Array(base, len) => {
                // Arrays of arrays print outermost dimension first: float[2][3].
                let mut dims = String::new();
                let mut cur = id;
                while let Type::Array(b, l) = self.get(cur) {
                    match l {
                        Some(l) => dims.push_str(&format!("[{l}]")),
                        None => dims.push_str("[]"),
                    }
                    cur = *b;
                }
                let _ = (base, len);
                format!("{}{dims}", self.name(cur))
            }
            Type::Struct(s) => self.struct_def(*s).name.clone(),
            Type::Image(o) => format!("{}image{}", o.sampled.vec_prefix(), o.dim.suffix()),
            Type::Sampler(o) => format!(
                "{}sampler{}{}",
                o.sampled.vec_prefix(),
                o.dim.suffix(),
                if o.shadow { "Shadow" } else { "" }
            ),
            Type::AtomicUint => "atomic_uint".into(),
        }
    }
}

/// Memory qualifiers of buffer variables and images.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MemoryQualifiers {
    pub coherent: bool,
    pub volatile: bool,
    pub restrict: bool,
    pub readonly: bool,
    pub writeonly: bool,
}

/// Block packing (GLSL 4.60 §4.4.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Packing {
    Std140,
    Std430,
    Shared,
    Packed,
}

impl Packing {
    /// `shared` and `packed` blocks are laid out as std140 (allowed: their layout is
    /// implementation-defined and queried through the API).
    pub fn rules(self) -> Packing {
        match self {
            Packing::Std430 => Packing::Std430,
            _ => Packing::Std140,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlockKind {
    Uniform,
    Buffer,
}

/// A uniform or buffer block (interface block).
#[derive(Debug, Clone)]
pub struct InterfaceBlock {
    pub kind: BlockKind,
    /// The block name (the interface name used by the API).
    pub name: String,
    pub instance: Option<String>,
    pub packing: Packing,
    pub row_major: bool,
    pub binding: Option<u32>,
    /// The block's members as a struct type.
    pub ty: TypeId,
    pub memory: MemoryQualifiers,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockId(pub u32);

/// Where a global variable lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Storage {
    /// A plain global: per invocation.
    Private,
    /// `const` global with a constant initializer.
    Const,
    /// `shared`: per work group.
    Shared,
    /// A default-block `uniform` (including opaque types).
    Uniform,
    /// A uniform block or its instance (the global's type is the block struct, or an
    /// array of it).
    UniformBlock(BlockId),
    /// A shader storage block or its instance.
    Buffer(BlockId),
    /// A stage input of a graphics stage (GLSL 4.60 §4.3.4): read-only. Graphics
    /// stages are checked and linked but never compiled to native code.
    Input,
    /// A stage output of a graphics stage (GLSL 4.60 §4.3.6).
    Output,
}

/// Interpolation of a stage input or output (GLSL 4.60 §4.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Interpolation {
    #[default]
    Smooth,
    Flat,
    NoPerspective,
}

/// The qualifiers of a stage input or output (GLSL 4.60 §4.3.4-§4.5).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IoQualifiers {
    pub interpolation: Interpolation,
    pub centroid: bool,
    pub sample: bool,
    pub patch: bool,
    /// `layout(index = N)` of a fragment output.
    pub index: Option<u32>,
    /// A `gl_` built-in variable.
    pub builtin: bool,
    /// The block name of an input or output interface block.
    pub block: Option<String>,
    /// Declared per vertex (an array over the vertices of a primitive or patch):
    /// geometry and tessellation inputs, tessellation control outputs.
    pub per_vertex: bool,
}

/// Image format layout qualifiers (GLSL 4.60 §4.4.6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    Rgba32f,
    Rgba16f,
    Rg32f,
    Rg16f,
    R11fG11fB10f,
    R32f,
    R16f,
    Rgba16,
    Rgb10A2,
    Rgba8,
    Rg16,
    Rg8,
    R16,
    R8,
    Rgba16Snorm,
    Rgba8Snorm,
    Rg16Snorm,
    Rg8Snorm,
    R16Snorm,
    R8Snorm,
    Rgba32i,
    Rgba16i,
    Rgba8i,
    Rg32i,
    Rg16i,
    Rg8i,
    R32i,
    R16i,
    R8i,
    Rgba32ui,
    Rgba16ui,
    Rgb10A2ui,
    Rgba8ui,
    Rg32ui,
    Rg16ui,
    Rg8ui,
    R32ui,
    R16ui,
    R8ui,
}

impl ImageFormat {
    pub const ALL: [(&'static str, ImageFormat); 39] = [
        ("rgba32f", ImageFormat::Rgba32f),
        ("rgba16f", ImageFormat::Rgba16f),
        ("rg32f", ImageFormat::Rg32f),
        ("rg16f", ImageFormat::Rg16f),
        ("r11f_g11f_b10f", ImageFormat::R11fG11fB10f),
        ("r32f", ImageFormat::R32f),
        ("r16f", ImageFormat::R16f),
        ("rgba16", ImageFormat::Rgba16),
        ("rgb10_a2", ImageFormat::Rgb10A2),
        ("rgba8", ImageFormat::Rgba8),
        ("rg16", ImageFormat::Rg16),
        ("rg8", ImageFormat::Rg8),
        ("r16", ImageFormat::R16),
        ("r8", ImageFormat::R8),
        ("rgba16_snorm", ImageFormat::Rgba16Snorm),
        ("rgba8_snorm", ImageFormat::Rgba8Snorm),
        ("rg16_snorm", ImageFormat::Rg16Snorm),
        ("rg8_snorm", ImageFormat::Rg8Snorm),
        ("r16_snorm", ImageFormat::R16Snorm),
        ("r8_snorm", ImageFormat::R8Snorm),
        ("rgba32i", ImageFormat::Rgba32i),
        ("rgba16i", ImageFormat::Rgba16i),
        ("rgba8i", ImageFormat::Rgba8i),
        ("rg32i", ImageFormat::Rg32i),
        ("rg16i", ImageFormat::Rg16i),
        ("rg8i", ImageFormat::Rg8i),
        ("r32i", ImageFormat::R32i),
        ("r16i", ImageFormat::R16i),
        ("r8i", ImageFormat::R8i),
        ("rgba32ui", ImageFormat::Rgba32ui),
        ("rgba16ui", ImageFormat::Rgba16ui),
        ("rgb10_a2ui", ImageFormat::Rgb10A2ui),
        ("rgba8ui", ImageFormat::Rgba8ui),
        ("rg32ui", ImageFormat::Rg32ui),
        ("rg16ui", ImageFormat::Rg16ui),
        ("rg8ui", ImageFormat::Rg8ui),
        ("r32ui", ImageFormat::R32ui),
        ("r16ui", ImageFormat::R16ui),
        ("r8ui", ImageFormat::R8ui),
    ];

    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// The sampled scalar kind a format belongs with (Float, Int or Uint).
    pub fn sampled(self) -> Scalar {
        let n = self.name();
        if n.ends_with("ui") {
            Scalar::Uint
        } else if n.ends_with('i') {
            Scalar::Int
        } else {
            Scalar::Float
        }
    }
}

#[derive(Debug, Clone)]
pub struct Global {
    pub name: String,
    pub ty: TypeId,
    pub storage: Storage,
    pub binding: Option<u32>,
    pub location: Option<i32>,
    /// Atomic counter offset within its buffer.
    pub offset: Option<u32>,
    pub format: Option<ImageFormat>,
    pub memory: MemoryQualifiers,
    /// Constant initializer (const globals, default-block uniforms with initializers).
    pub init: Option<ConstValue>,
    pub span: Span,
    /// True once some function of the shader uses the variable (reflection: active).
    pub used: bool,
    /// Inputs and outputs: their qualifiers.
    pub io: Option<Box<IoQualifiers>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FunctionId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExprId(pub u32);

/// Parameter direction (GLSL 4.60 §6.1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParamDir {
    In,
    Out,
    InOut,
}

#[derive(Debug, Clone)]
pub struct Local {
    pub name: String,
    pub ty: TypeId,
    /// Parameters are the first locals of a function.
    pub param: Option<ParamDir>,
    /// `const` locals and `const in` parameters cannot be assigned.
    pub constant: bool,
    pub memory: MemoryQualifiers,
    pub span: Span,
}

/// A scalar constant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Literal {
    Bool(bool),
    Int(i32),
    Uint(u32),
    Float(f32),
    Double(f64),
    Int64(i64),
    Uint64(u64),
}

impl Literal {
    pub fn scalar(self) -> Scalar {
        match self {
            Literal::Bool(_) => Scalar::Bool,
            Literal::Int(_) => Scalar::Int,
            Literal::Uint(_) => Scalar::Uint,
            Literal::Float(_) => Scalar::Float,
            Literal::Double(_) => Scalar::Double,
            Literal::Int64(_) => Scalar::Int64,
            Literal::Uint64(_) => Scalar::Uint64,
        }
    }

    /// The value's bits as a 64-bit integer, for integer and bool literals: signed
    /// kinds sign-extend, unsigned ones zero-extend.
    pub fn int_bits(self) -> Option<i64> {
        match self {
            Literal::Bool(b) => Some(b as i64),
            Literal::Int(i) => Some(i as i64),
            Literal::Uint(u) => Some(u as i64),
            Literal::Int64(i) => Some(i),
            Literal::Uint64(u) => Some(u as i64),
            Literal::Float(_) | Literal::Double(_) => None,
        }
    }

    /// Converts between scalar kinds as GLSL constructors do.
    pub fn convert(self, to: Scalar) -> Literal {
        let f = self.as_f64();
        let bits = self.int_bits();
        match to {
            Scalar::Bool => Literal::Bool(match bits {
                Some(i) => i != 0,
                None => f != 0.0,
            }),
            Scalar::Int => Literal::Int(match bits {
                Some(i) => i as i32,
                None => float_to_i32(f),
            }),
            Scalar::Uint => Literal::Uint(match bits {
                Some(i) => i as u32,
                // Negative floats to uint are undefined in GLSL; wrap like a cast via int.
                None => {
                    if f < 0.0 {
                        float_to_i32(f) as u32
                    } else if f >= 4294967295.0 {
                        u32::MAX
                    } else {
                        f as u32
                    }
                }
            }),
            Scalar::Int64 => Literal::Int64(match bits {
                Some(i) => i,
                // Rust's float-to-int casts saturate, and NaN gives 0.
                None => f as i64,
            }),
            Scalar::Uint64 => Literal::Uint64(match bits {
                Some(i) => i as u64,
                // Negative floats wrap as through int64_t, as for uint.
                None if f < 0.0 => f as i64 as u64,
                None => f as u64,
            }),
            Scalar::Float => Literal::Float(match self {
                Literal::Float(x) => x,
                Literal::Bool(b) => b as i32 as f32,
                Literal::Int(i) => i as f32,
                Literal::Uint(u) => u as f32,
                Literal::Double(d) => d as f32,
                Literal::Int64(i) => i as f32,
                Literal::Uint64(u) => u as f32,
            }),
            Scalar::Double => Literal::Double(f),
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Literal::Bool(b) => b as i32 as f64,
            Literal::Int(i) => i as f64,
            Literal::Uint(u) => u as f64,
            Literal::Float(x) => x as f64,
            Literal::Double(x) => x,
            Literal::Int64(i) => i as f64,
            Literal::Uint64(u) => u as f64,
        }
    }

    /// The value as stored in buffer memory, native byte order (bool as a 32-bit word).
    pub fn to_ne_bytes(self) -> Vec<u8> {
        match self {
            Literal::Bool(b) => (b as u32).to_ne_bytes().to_vec(),
            Literal::Int(i) => i.to_ne_bytes().to_vec(),
            Literal::Uint(u) => u.to_ne_bytes().to_vec(),
            Literal::Float(f) => f.to_ne_bytes().to_vec(),
            Literal::Double(d) => d.to_ne_bytes().to_vec(),
            Literal::Int64(i) => i.to_ne_bytes().to_vec(),
            Literal::Uint64(u) => u.to_ne_bytes().to_vec(),
        }
    }

    /// The integer value of a 32-bit Int or Uint literal (the kinds of sizes and
    /// indices).
    pub fn as_i64(self) -> Option<i64> {
        match self {
            Literal::Int(i) => Some(i as i64),
            Literal::Uint(u) => Some(u as i64),
            _ => None,
        }
    }
}

fn float_to_i32(f: f64) -> i32 {
    if f.is_nan() {
        0
    } else {
        f.clamp(i32::MIN as f64, i32::MAX as f64) as i32
    }
}

/// A constant of any type: a scalar, or the components/members/elements of a composite
/// (vectors hold scalars, matrices hold column vectors).
#[derive(Debug, Clone, PartialEq)]
pub enum ConstValue {
    Scalar(Literal),
    Composite(TypeId, Vec<ConstValue>),
}

impl ConstValue {
    pub fn as_literal(&self) -> Option<Literal> {
        match self {
            ConstValue::Scalar(l) => Some(*l),
            _ => None,
        }
    }

    pub fn components(&self) -> &[ConstValue] {
        match self {
            ConstValue::Composite(_, c) => c,
            ConstValue::Scalar(_) => std::slice::from_ref(self),
        }
    }
}

/// Compute-shader built-in input variables and constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BuiltinVar {
    NumWorkGroups,
    WorkGroupSize,
    WorkGroupId,
    LocalInvocationId,
    GlobalInvocationId,
    LocalInvocationIndex,
    /// gl_LocalGroupSizeARB (ARB_compute_variable_group_size).
    LocalGroupSize,
}

impl BuiltinVar {
    pub fn name(self) -> &'static str {
        match self {
            BuiltinVar::NumWorkGroups => "gl_NumWorkGroups",
            BuiltinVar::WorkGroupSize => "gl_WorkGroupSize",
            BuiltinVar::WorkGroupId => "gl_WorkGroupID",
            BuiltinVar::LocalInvocationId => "gl_LocalInvocationID",
            BuiltinVar::GlobalInvocationId => "gl_GlobalInvocationID",
            BuiltinVar::LocalInvocationIndex => "gl_LocalInvocationIndex",
            BuiltinVar::LocalGroupSize => "gl_LocalGroupSizeARB",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Arithmetic negation.
    Neg,
    /// Logical not (bool scalar).
    Not,
    /// Bitwise complement (integers).
    BitNot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    /// Component-wise multiplication.
    Mul,
    /// Linear-algebraic multiplication: matrix*matrix, matrix*vector, vector*matrix.
    MatMul,
    Div,
    Mod,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    /// Whole-value comparisons (any type): a bool scalar.
    Equal,
    NotEqual,
    /// Scalar comparisons.
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    /// Short-circuit logical operators (bool scalars).
    LogicalAnd,
    LogicalOr,
    LogicalXor,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::MatMul => "*(lin)",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "^",
            BinaryOp::Equal => "==",
            BinaryOp::NotEqual => "!=",
            BinaryOp::Less => "<",
            BinaryOp::LessEqual => "<=",
            BinaryOp::Greater => ">",
            BinaryOp::GreaterEqual => ">=",
            BinaryOp::LogicalAnd => "&&",
            BinaryOp::LogicalOr => "||",
            BinaryOp::LogicalXor => "^^",
        }
    }
}

/// Built-in functions. Each call's argument types were resolved against GLSL's
/// overloads; the back end implements each for the argument types it gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Builtin {
    // 8.1 angle and trigonometry
    Radians,
    Degrees,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    // 8.2 exponential
    Pow,
    Exp,
    Log,
    Exp2,
    Log2,
    Sqrt,
    InverseSqrt,
    // 8.3 common
    Abs,
    Sign,
    Floor,
    Trunc,
    Round,
    RoundEven,
    Ceil,
    Fract,
    Mod,
    Modf,
    Min,
    Max,
    Clamp,
    /// AMD_shader_trinary_minmax: min3, max3, mid3 (the median).
    Min3,
    Max3,
    Mid3,
    Mix,
    /// mix(x, y, bvec a): selects components.
    MixBool,
    Step,
    SmoothStep,
    IsNan,
    IsInf,
    FloatBitsToInt,
    FloatBitsToUint,
    IntBitsToFloat,
    UintBitsToFloat,
    Fma,
    Frexp,
    Ldexp,
    // 8.4 packing
    PackUnorm2x16,
    PackSnorm2x16,
    PackUnorm4x8,
    PackSnorm4x8,
    UnpackUnorm2x16,
    UnpackSnorm2x16,
    UnpackUnorm4x8,
    UnpackSnorm4x8,
    PackHalf2x16,
    UnpackHalf2x16,
    PackDouble2x32,
    UnpackDouble2x32,
    // GL_ARB_gpu_shader_int64
    DoubleBitsToInt64,
    DoubleBitsToUint64,
    Int64BitsToDouble,
    Uint64BitsToDouble,
    PackInt2x32,
    PackUint2x32,
    UnpackInt2x32,
    UnpackUint2x32,
    // GL_ARB_shader_clock: a per-invocation time counter (never uniform, never folded).
    Clock,
    Clock2x32,
    // GL_ARB_shader_group_vote: glcompute's sub-groups are single invocations.
    AnyInvocation,
    AllInvocations,
    AllInvocationsEqual,
    // 8.5 geometric
    Length,
    Distance,
    Dot,
    Cross,
    Normalize,
    FaceForward,
    Reflect,
    Refract,
    // 8.6 matrix
    MatrixCompMult,
    OuterProduct,
    Transpose,
    Determinant,
    Inverse,
    // 8.7 vector relational
    LessThan,
    LessThanEqual,
    GreaterThan,
    GreaterThanEqual,
    Equal,
    NotEqual,
    Any,
    All,
    Not,
    // 8.8 integer
    UaddCarry,
    UsubBorrow,
    UmulExtended,
    ImulExtended,
    BitfieldExtract,
    BitfieldInsert,
    BitfieldReverse,
    BitCount,
    FindLsb,
    FindMsb,
    // 8.9 texture lookups usable in compute shaders
    TextureSize,
    TextureQueryLevels,
    Texture,
    TextureLod,
    TextureOffset,
    TextureLodOffset,
    TexelFetch,
    TexelFetchOffset,
    TextureGrad,
    TextureGather,
    TextureSamples,
    // 8.10 atomic counters
    AtomicCounterIncrement,
    AtomicCounterDecrement,
    AtomicCounter,
    // 8.11 atomic memory functions (buffer and shared variables)
    AtomicAdd,
    AtomicMin,
    AtomicMax,
    AtomicAnd,
    AtomicOr,
    AtomicXor,
    AtomicExchange,
    AtomicCompSwap,
    // 8.12 image functions
    ImageSize,
    ImageSamples,
    ImageLoad,
    ImageStore,
    ImageAtomicAdd,
    ImageAtomicMin,
    ImageAtomicMax,
    ImageAtomicAnd,
    ImageAtomicOr,
    ImageAtomicXor,
    ImageAtomicExchange,
    ImageAtomicCompSwap,
    // 8.16 shader invocation control and 8.17 memory control
    Barrier,
    MemoryBarrier,
    MemoryBarrierAtomicCounter,
    MemoryBarrierBuffer,
    MemoryBarrierShared,
    MemoryBarrierImage,
    GroupMemoryBarrier,
    // Graphics stages only (never compiled to native code): 8.14 derivatives and
    // 8.13 interpolation (fragment), 8.15 geometry shader functions.
    Dfdx,
    Dfdy,
    Fwidth,
    DfdxFine,
    DfdyFine,
    FwidthFine,
    DfdxCoarse,
    DfdyCoarse,
    FwidthCoarse,
    InterpolateAtCentroid,
    InterpolateAtSample,
    InterpolateAtOffset,
    EmitVertex,
    EndPrimitive,
    EmitStreamVertex,
    EndStreamPrimitive,
}

impl Builtin {
    /// The stage a built-in belongs to when only one may call it (GLSL 4.60 §8):
    /// derivatives and interpolation functions are fragment-only, vertex emission is
    /// geometry-only; the compute-only barriers are the front end's to check.
    pub fn only_in_stage(self) -> Option<&'static str> {
        use Builtin::*;
        match self {
            Dfdx
            | Dfdy
            | Fwidth
            | DfdxFine
            | DfdyFine
            | FwidthFine
            | DfdxCoarse
            | DfdyCoarse
            | FwidthCoarse
            | InterpolateAtCentroid
            | InterpolateAtSample
            | InterpolateAtOffset => Some("fragment"),
            EmitVertex | EndPrimitive | EmitStreamVertex | EndStreamPrimitive => Some("geometry"),
            _ => None,
        }
    }

    /// Texture lookups and queries through a sampler (GLSL 4.60 §8.9): they read
    /// texture memory, the same for every invocation given the same arguments.
    pub fn is_texture_lookup(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            Texture
                | TextureLod
                | TextureOffset
                | TextureLodOffset
                | TexelFetch
                | TexelFetchOffset
                | TextureGrad
                | TextureGather
                | TextureSize
                | TextureQueryLevels
                | TextureSamples
        )
    }

    /// Built-ins with side effects or that read memory that can change: never folded,
    /// never removed.
    pub fn has_side_effects(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            AtomicCounterIncrement
                | AtomicCounterDecrement
                | AtomicCounter
                | AtomicAdd
                | AtomicMin
                | AtomicMax
                | AtomicAnd
                | AtomicOr
                | AtomicXor
                | AtomicExchange
                | AtomicCompSwap
                | ImageLoad
                | ImageStore
                | ImageAtomicAdd
                | ImageAtomicMin
                | ImageAtomicMax
                | ImageAtomicAnd
                | ImageAtomicOr
                | ImageAtomicXor
                | ImageAtomicExchange
                | ImageAtomicCompSwap
                | Barrier
                | MemoryBarrier
                | MemoryBarrierAtomicCounter
                | MemoryBarrierBuffer
                | MemoryBarrierShared
                | MemoryBarrierImage
                | GroupMemoryBarrier
                | ImageSize
                | ImageSamples
                | Clock
                | Clock2x32
                | EmitVertex
                | EndPrimitive
                | EmitStreamVertex
                | EndStreamPrimitive
        ) || self.is_texture_lookup()
    }
}

#[derive(Debug, Clone)]
pub enum ExprKind {
    Literal(Literal),
    /// A folded composite constant (vectors, matrices, arrays, structs).
    Constant(ConstValue),
    Global(GlobalId),
    Local(LocalId),
    BuiltinVar(BuiltinVar),
    /// `base[index]` of an array, vector or matrix (a matrix index is a column).
    Index {
        base: ExprId,
        index: ExprId,
    },
    /// A struct member.
    Field {
        base: ExprId,
        field: u32,
    },
    /// Vector components (1 to 4), possibly repeated when read.
    Swizzle {
        base: ExprId,
        comps: Vec<u8>,
    },
    Unary {
        op: UnaryOp,
        arg: ExprId,
    },
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `cond ? accept : reject` (only one branch is evaluated).
    Select {
        cond: ExprId,
        accept: ExprId,
        reject: ExprId,
    },
    /// Component-wise conversion of a scalar, vector or matrix to another scalar kind.
    Convert {
        arg: ExprId,
        to: Scalar,
    },
    /// A scalar repeated into a vector (or, for matrices, every component).
    Splat(ExprId),
    /// A vector, matrix, array or struct from its parts: vector components (scalars or
    /// vectors of the vector's scalar kind, exactly filling it), matrix columns, array
    /// elements, or struct members.
    Compose(Vec<ExprId>),
    /// A matrix with the scalar on the diagonal and zero elsewhere (`mat3(2.0)`).
    MatrixDiagonal(ExprId),
    /// A matrix built from a matrix of another size: overlapping elements copied, the
    /// rest from the identity (`mat3(mat4)`).
    MatrixResize(ExprId),
    /// A user function call; out and inout arguments are places. Only between the
    /// front end's type checking and [`calls::hoist`], which turns every call into a
    /// [`StmtKind::Call`]: the module the front end gives never has one.
    Call {
        func: FunctionId,
        args: Vec<ExprId>,
    },
    /// A built-in function call; atomics take their memory operand as a place.
    Builtin {
        fun: Builtin,
        args: Vec<ExprId>,
    },
    /// `place = value` or `place op= value` (evaluates `place` once); the result is the
    /// stored value.
    Assign {
        place: ExprId,
        op: Option<BinaryOp>,
        value: ExprId,
    },
    /// `++`/`--` before or after.
    IncDec {
        place: ExprId,
        increment: bool,
        postfix: bool,
    },
    /// The comma operator: evaluates both, yields the second.
    Sequence {
        first: ExprId,
        second: ExprId,
    },
    /// `array.length()` of a runtime-sized array (a place).
    ArrayLength(ExprId),
}

impl ExprKind {
    /// The sub-expressions, in evaluation order.
    pub fn children(&self) -> Vec<ExprId> {
        match self {
            ExprKind::Literal(_)
            | ExprKind::Constant(_)
            | ExprKind::Global(_)
            | ExprKind::Local(_)
            | ExprKind::BuiltinVar(_) => Vec::new(),
            ExprKind::Index { base, index } => vec![*base, *index],
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => vec![*base],
            ExprKind::Unary { arg, .. }
            | ExprKind::Convert { arg, .. }
            | ExprKind::Splat(arg)
            | ExprKind::MatrixDiagonal(arg)
            | ExprKind::MatrixResize(arg)
            | ExprKind::ArrayLength(arg) => vec![*arg],
            ExprKind::Binary { lhs, rhs, .. } => vec![*lhs, *rhs],
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => vec![*cond, *accept, *reject],
            ExprKind::Compose(parts) => parts.clone(),
            ExprKind::Call { args, .. } | ExprKind::Builtin { args, .. } => args.clone(),
            ExprKind::Assign { place, value, .. } => vec![*place, *value],
            ExprKind::IncDec { place, .. } => vec![*place],
            ExprKind::Sequence { first, second } => vec![*first, *second],
        }
    }

    /// The sub-expressions, in the order of [`ExprKind::children`], to rewrite.
    pub fn children_mut(&mut self) -> Vec<&mut ExprId> {
        match self {
            ExprKind::Literal(_)
            | ExprKind::Constant(_)
            | ExprKind::Global(_)
            | ExprKind::Local(_)
            | ExprKind::BuiltinVar(_) => Vec::new(),
            ExprKind::Index { base, index } => vec![base, index],
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => vec![base],
            ExprKind::Unary { arg, .. }
            | ExprKind::Convert { arg, .. }
            | ExprKind::Splat(arg)
            | ExprKind::MatrixDiagonal(arg)
            | ExprKind::MatrixResize(arg)
            | ExprKind::ArrayLength(arg) => vec![arg],
            ExprKind::Binary { lhs, rhs, .. } => vec![lhs, rhs],
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => vec![cond, accept, reject],
            ExprKind::Compose(parts) => parts.iter_mut().collect(),
            ExprKind::Call { args, .. } | ExprKind::Builtin { args, .. } => {
                args.iter_mut().collect()
            }
            ExprKind::Assign { place, value, .. } => vec![place, value],
            ExprKind::IncDec { place, .. } => vec![place],
            ExprKind::Sequence { first, second } => vec![first, second],
        }
    }
}

#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: TypeId,
    pub span: Span,
}

pub type Block = Vec<Stmt>;

#[derive(Debug, Clone)]
pub struct SwitchCase {
    /// `case` values; empty with `default` set for `default:`.
    pub values: Vec<i64>,
    pub default: bool,
    /// Falls through into the next case unless it ends in a jump.
    pub body: Block,
}

#[derive(Debug, Clone)]
pub enum StmtKind {
    Expr(ExprId),
    /// A user function call: arguments evaluated left to right (values for `in`
    /// parameters, places for `out` and `inout`), the result stored in `result` (a local
    /// declared before). Calls are statements, never expressions, so a call that
    /// reaches a barrier is always at statement level.
    Call {
        func: FunctionId,
        args: Vec<ExprId>,
        result: Option<LocalId>,
    },
    /// A local variable comes into scope (with its initializer, if any).
    Declare {
        local: LocalId,
        init: Option<ExprId>,
    },
    Block(Block),
    If {
        cond: ExprId,
        accept: Block,
        reject: Block,
    },
    /// `while (cond) body`, `for (...; cond; step) body`, `do body while (cond)`.
    Loop {
        cond: Option<ExprId>,
        /// Test `cond` after the body (do-while).
        test_after: bool,
        body: Block,
        /// The for-loop step, run before each re-test (also after `continue`); for a
        /// `do`-`while` whose condition calls functions, those calls.
        step: Block,
    },
    Switch {
        selector: ExprId,
        cases: Vec<SwitchCase>,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    /// `discard` (fragment shaders only; never compiled).
    Discard,
}

#[derive(Debug, Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// Which functions reach barrier(), directly or through calls.
pub fn barrier_functions(m: &Module) -> Vec<bool> {
    let n = m.functions.len();
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut has = vec![false; n];
    let mut work = Vec::new();
    for (i, f) in m.functions.iter().enumerate() {
        for c in f.callees() {
            if let Some(v) = callers.get_mut(c.0 as usize) {
                v.push(i);
            }
        }
        let direct = f.exprs.iter().any(|e| {
            matches!(
                e.kind,
                ExprKind::Builtin {
                    fun: Builtin::Barrier,
                    ..
                }
            )
        });
        if direct {
            has[i] = true;
            work.push(i);
        }
    }
    while let Some(c) = work.pop() {
        for &caller in &callers[c] {
            if !has[caller] {
                has[caller] = true;
                work.push(caller);
            }
        }
    }
    has
}

/// Calls `f` on every statement of `b`, nested ones included, outer before inner
/// (without recursion: nesting depth is the shader's).
pub fn for_each_stmt<'a>(b: &'a [Stmt], mut f: impl FnMut(&'a Stmt)) {
    let mut work: Vec<&'a [Stmt]> = vec![b];
    while let Some(b) = work.pop() {
        for s in b.iter().rev() {
            f(s);
            // Reversed, so the first child block comes off the work list first.
            work.extend(s.kind.blocks().into_iter().rev().map(|b| b.as_slice()));
        }
    }
}

/// [`for_each_stmt`] for rewriting.
pub fn for_each_stmt_mut(b: &mut Block, mut f: impl FnMut(&mut StmtKind)) {
    let mut work: Vec<&mut Block> = vec![b];
    while let Some(b) = work.pop() {
        for s in b.iter_mut() {
            f(&mut s.kind);
            work.extend(s.kind.blocks_mut());
        }
    }
}

impl StmtKind {
    /// The statement's nested blocks, in source order (if: accept, reject; loop: body,
    /// step; switch: the cases).
    pub fn blocks(&self) -> Vec<&Block> {
        match self {
            StmtKind::Block(b) => vec![b],
            StmtKind::If { accept, reject, .. } => vec![accept, reject],
            StmtKind::Loop { body, step, .. } => vec![body, step],
            StmtKind::Switch { cases, .. } => cases.iter().map(|c| &c.body).collect(),
            _ => Vec::new(),
        }
    }

    /// [`StmtKind::blocks`], to rewrite or take apart.
    pub fn blocks_mut(&mut self) -> Vec<&mut Block> {
        match self {
            StmtKind::Block(b) => vec![b],
            StmtKind::If { accept, reject, .. } => vec![accept, reject],
            StmtKind::Loop { body, step, .. } => vec![body, step],
            StmtKind::Switch { cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
            _ => Vec::new(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Function {
    pub name: String,
    pub ret: TypeId,
    /// The first `params` locals are the parameters.
    pub params: usize,
    pub locals: Vec<Local>,
    pub exprs: Vec<Expr>,
    pub body: Block,
    pub defined: bool,
    pub span: Span,
}

impl Drop for Function {
    /// Takes the statement tree apart with a work list: dropping it recursively would
    /// use stack for every level of nesting, on whichever thread deletes the shader.
    fn drop(&mut self) {
        let mut work = std::mem::take(&mut self.body);
        while let Some(mut s) = work.pop() {
            for b in s.kind.blocks_mut() {
                work.append(b);
            }
        }
    }
}

impl Function {
    /// `if (!cond) break;` for a bool scalar `cond` (of type `bool_ty`); the `!` joins
    /// the arena. Loops whose condition needs statements test it this way.
    pub fn break_unless(&mut self, cond: ExprId, bool_ty: TypeId, span: Span) -> Stmt {
        self.exprs.push(Expr {
            kind: ExprKind::Unary {
                op: UnaryOp::Not,
                arg: cond,
            },
            ty: bool_ty,
            span,
        });
        let not = ExprId(self.exprs.len() as u32 - 1);
        Stmt {
            kind: StmtKind::If {
                cond: not,
                accept: vec![Stmt {
                    kind: StmtKind::Break,
                    span,
                }],
                reject: Vec::new(),
            },
            span,
        }
    }

    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize]
    }

    /// Every function this one calls (with repeats).
    pub fn callees(&self) -> Vec<FunctionId> {
        let mut out = Vec::new();
        for_each_stmt(&self.body, |s| {
            if let StmtKind::Call { func, .. } = &s.kind {
                out.push(*func);
            }
        });
        // Calls the front end has not turned into statements yet.
        out.extend(self.exprs.iter().filter_map(|e| match e.kind {
            ExprKind::Call { func, .. } => Some(func),
            _ => None,
        }));
        out
    }

    pub fn param_types(&self) -> impl Iterator<Item = (TypeId, ParamDir)> + '_ {
        self.locals[..self.params]
            .iter()
            .map(|l| (l.ty, l.param.unwrap_or(ParamDir::In)))
    }
}

/// The work-group size a compute shader declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalSize {
    Fixed([u32; 3]),
    Variable,
}

/// One compiled shader, or (after linking) a whole program.
#[derive(Debug, Clone, Default)]
pub struct Module {
    pub types: Types,
    pub globals: Vec<Global>,
    pub blocks: Vec<InterfaceBlock>,
    pub functions: Vec<Function>,
    pub local_size: Option<LocalSize>,
    /// Bytes of shared memory (sum of the shared variables).
    pub shared_size: u64,
    /// GLSL version of the source (`#version`).
    pub version: u16,
    /// The input and output layout declarations of a graphics stage.
    pub stage_layout: StageLayout,
    /// Subroutine types, functions and uniforms (GLSL 4.60 §6.1.2).
    pub subroutines: Subroutines,
}

/// A module's subroutines (GLSL 4.60 §6.1.2). A call through a subroutine uniform is a
/// call of its type's dispatcher, a function the front end writes that calls the
/// selected candidate; the uniform's storage is a hidden default-block `uint` (array)
/// holding the selection as a position in `candidates`, which the API fills from the
/// context's subroutine indices before each dispatch.
#[derive(Debug, Clone, Default)]
pub struct Subroutines {
    pub types: Vec<SubroutineType>,
    pub functions: Vec<SubroutineFunction>,
    pub uniforms: Vec<SubroutineUniform>,
}

#[derive(Debug, Clone)]
pub struct SubroutineType {
    pub name: String,
    pub ret: TypeId,
    pub params: Vec<(TypeId, ParamDir)>,
    /// The dispatcher: parameters (selection, the type's parameters...).
    pub dispatcher: Option<FunctionId>,
    /// The functions of this type its shader defines, in the dispatcher's order.
    pub candidates: Vec<FunctionId>,
    /// In a linked module, the stage (link order) of the shader it comes from.
    pub owner: usize,
}

#[derive(Debug, Clone)]
pub struct SubroutineFunction {
    pub func: FunctionId,
    /// The subroutine types it is declared with.
    pub types: Vec<String>,
    /// `layout(index = N)`.
    pub index: Option<u32>,
    pub owner: usize,
}

#[derive(Debug, Clone)]
pub struct SubroutineUniform {
    pub name: String,
    /// The hidden selection variable.
    pub global: GlobalId,
    /// Its type: an index into `Subroutines::types`.
    pub ty: u32,
    /// Elements, for an array.
    pub array: Option<u32>,
    /// `layout(location = N)`.
    pub location: Option<u32>,
    pub owner: usize,
}

/// The layout qualifiers a graphics stage declares on `in` or `out` alone (GLSL 4.60
/// §4.4.1.2-§4.4.2.2): primitive types, vertex counts, tessellation modes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StageLayout {
    /// Geometry: points, lines, lines_adjacency, triangles, triangles_adjacency.
    pub input_primitive: Option<&'static str>,
    /// Geometry: points, line_strip, triangle_strip.
    pub output_primitive: Option<&'static str>,
    pub max_vertices: Option<u32>,
    pub invocations: Option<u32>,
    /// Tessellation control: vertices in the output patch.
    pub patch_vertices: Option<u32>,
    /// Tessellation evaluation: triangles, quads, isolines.
    pub tess_mode: Option<&'static str>,
    /// equal_spacing, fractional_even_spacing, fractional_odd_spacing.
    pub tess_spacing: Option<&'static str>,
    /// cw, ccw.
    pub tess_order: Option<&'static str>,
    pub point_mode: bool,
    pub early_fragment_tests: bool,
}

impl Module {
    /// True if a used global is an image or sampler (or an array of them).
    pub fn uses_textures(&self) -> bool {
        self.globals.iter().any(|g| {
            let mut t = g.ty;
            while let Type::Array(e, _) = self.types.get(t) {
                t = *e;
            }
            g.used && matches!(self.types.get(t), Type::Image(_) | Type::Sampler(_))
        })
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.0 as usize]
    }

    pub fn function(&self, id: FunctionId) -> &Function {
        &self.functions[id.0 as usize]
    }

    pub fn block(&self, id: BlockId) -> &InterfaceBlock {
        &self.blocks[id.0 as usize]
    }

    /// The defined `main` function.
    pub fn entry(&self) -> Option<FunctionId> {
        self.functions
            .iter()
            .position(|f| f.name == "main" && f.defined)
            .map(|i| FunctionId(i as u32))
    }
}
