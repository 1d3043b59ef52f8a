//! The IR's types: scalars, vectors, matrices, arrays, structs and opaque types
//! (samplers and images with their dimensionality and format), interned in a [`Types`]
//! table so that equal types have one id; and the block layout rules (std140, std430).

use super::*;
use std::collections::HashMap;

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
    /// An explicit distance between the columns (rows, if row-major) of the matrices
    /// this member holds (SPIR-V's MatrixStride; GLSL has none).
    pub matrix_stride: Option<u32>,
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
    /// Array types with an explicit stride (SPIR-V's ArrayStride): each is an entry of
    /// `types` outside `index`, so it is a type of its own beside the array of the
    /// same element and length that the std140/std430 rules lay out.
    explicit: HashMap<TypeId, u32>,
    explicit_index: HashMap<(TypeId, Option<u32>, u32), TypeId>,
    /// Whether each struct holds an opaque type, computed when it is added (its
    /// members' types exist before it), so asking costs no walk of nested structs.
    opaque_structs: Vec<bool>,
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
        let opaque = def.members.iter().any(|m| self.is_opaque(m.ty));
        self.opaque_structs.push(opaque);
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

    /// The element type of an array type; None for any other type.
    pub fn element(&self, id: TypeId) -> Option<TypeId> {
        match self.get(id) {
            Type::Array(e, _) => Some(*e),
            _ => None,
        }
    }

    pub fn array(&mut self, base: TypeId, len: Option<u32>) -> TypeId {
        self.intern(Type::Array(base, len))
    }

    /// An array whose consecutive elements are `stride` bytes apart in every layout
    /// (the caller checks that the stride suits the element).
    pub fn explicit_array(&mut self, base: TypeId, len: Option<u32>, stride: u32) -> TypeId {
        if let Some(&id) = self.explicit_index.get(&(base, len, stride)) {
            return id;
        }
        let id = TypeId(self.types.len() as u32);
        self.types.push(Type::Array(base, len));
        self.explicit.insert(id, stride);
        self.explicit_index.insert((base, len, stride), id);
        id
    }

    /// The explicit stride of an array type made by [`Self::explicit_array`].
    pub fn explicit_stride(&self, id: TypeId) -> Option<u32> {
        self.explicit.get(&id).copied()
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
        let mut t = id;
        // Arrays nest as deep as the source does: a loop, not recursion.
        while let Type::Array(b, _) = self.get(t) {
            t = *b;
        }
        match self.get(t) {
            Type::Image(_) | Type::Sampler(_) | Type::AtomicUint => true,
            Type::Struct(s) => self
                .opaque_structs
                .get(s.0 as usize)
                .copied()
                .unwrap_or(false),
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
    /// `shared` and `packed` uniform blocks are laid out as std140 (allowed: their layout
    /// is implementation-defined and queried through the API); the front end gives
    /// `shared` and `packed` buffer blocks std430.
    pub fn rules(self) -> Packing {
        match self {
            Packing::Std430 => Packing::Std430,
            _ => Packing::Std140,
        }
    }
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
