//! The operations an expression performs: unary and binary operators, the built-in
//! functions (one variant each, with what they touch and where they may be used) and
//! the built-in variables a compute shader reads.

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
    /// textureQueryLod (GLSL 4.60 §8.9.1): (sampler, coordinates) as written, or
    /// (sampler, coordinates, dP/dx, dP/dy) once a compute shader's derivatives are
    /// known (sema::derivatives); without them the derivatives are zero.
    TextureQueryLod,
    Texture,
    TextureLod,
    TextureOffset,
    TextureLodOffset,
    TexelFetch,
    TexelFetchOffset,
    TextureGrad,
    TextureGradOffset,
    /// The projective lookups (GLSL 4.60 §8.9.2): the front end divides the
    /// coordinates by their last component and calls the lookup without `Proj`; the
    /// back end never sees these.
    TextureProj,
    TextureProjOffset,
    TextureProjLod,
    TextureProjLodOffset,
    TextureProjGrad,
    TextureProjGradOffset,
    TextureGather,
    TextureGatherOffset,
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
    /// atomicCounterSubtract (GLSL 4.60 §8.10): on atomic counters only; the other
    /// counter operations of GLSL 4.60 (add, min, max, and, or, xor, exchange,
    /// compare-swap) are the atomic memory functions on a counter.
    AtomicCounterSubtract,
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

/// The kinds of built-in function that the passes treat alike: the checker's
/// availability and argument rules, the validator's storage arguments, the back end's
/// lowering and what may be folded or removed all decide by kind, from this one
/// classification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BuiltinClass {
    /// barrier() and the memory barriers (GLSL 4.60 §8.16, §8.17).
    Barrier,
    /// The atomic memory functions on a buffer or shared variable (§8.11).
    Atomic,
    /// The atomic counter functions (§8.10).
    AtomicCounter,
    /// Image loads, stores and atomics (§8.12).
    ImageAccess,
    /// Image size and sample-count queries (§8.12).
    ImageQuery,
    /// Texture lookups and queries through a sampler (§8.9): they read texture
    /// memory, the same for every invocation given the same arguments.
    Texture,
    /// The shader clock (ARB_shader_clock): a new value at each call.
    Clock,
    /// Fragment shaders only: derivatives (§8.14) and interpolation (§8.13).
    Fragment,
    /// Geometry shaders only: vertex and primitive emission (§8.15).
    Geometry,
    /// Everything else: a function of its arguments alone (some write `out`
    /// arguments, see `ir::calls::builtin_place_arg`).
    Pure,
}

impl Builtin {
    /// The kind of this built-in (see [`BuiltinClass`]).
    pub fn class(self) -> BuiltinClass {
        use Builtin::*;
        match self {
            Barrier
            | MemoryBarrier
            | MemoryBarrierAtomicCounter
            | MemoryBarrierBuffer
            | MemoryBarrierShared
            | MemoryBarrierImage
            | GroupMemoryBarrier => BuiltinClass::Barrier,
            AtomicAdd
            | AtomicMin
            | AtomicMax
            | AtomicAnd
            | AtomicOr
            | AtomicXor
            | AtomicExchange
            | AtomicCompSwap
            | AtomicCounterSubtract => BuiltinClass::Atomic,
            AtomicCounterIncrement | AtomicCounterDecrement | AtomicCounter => {
                BuiltinClass::AtomicCounter
            }
            ImageLoad | ImageStore | ImageAtomicAdd | ImageAtomicMin | ImageAtomicMax
            | ImageAtomicAnd | ImageAtomicOr | ImageAtomicXor | ImageAtomicExchange
            | ImageAtomicCompSwap => BuiltinClass::ImageAccess,
            ImageSize | ImageSamples => BuiltinClass::ImageQuery,
            Texture
            | TextureLod
            | TextureOffset
            | TextureLodOffset
            | TexelFetch
            | TexelFetchOffset
            | TextureGrad
            | TextureGradOffset
            | TextureProj
            | TextureProjOffset
            | TextureProjLod
            | TextureProjLodOffset
            | TextureProjGrad
            | TextureProjGradOffset
            | TextureGather
            | TextureGatherOffset
            | TextureSize
            | TextureQueryLevels
            | TextureQueryLod
            | TextureSamples => BuiltinClass::Texture,
            Clock | Clock2x32 => BuiltinClass::Clock,
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
            | InterpolateAtOffset => BuiltinClass::Fragment,
            EmitVertex | EndPrimitive | EmitStreamVertex | EndStreamPrimitive => {
                BuiltinClass::Geometry
            }
            _ => BuiltinClass::Pure,
        }
    }

    /// The stage a built-in belongs to when only one may call it (GLSL 4.60 §8):
    /// derivatives and interpolation functions are fragment-only, vertex emission is
    /// geometry-only; the compute-only barriers are the front end's to check.
    pub fn only_in_stage(self) -> Option<&'static str> {
        match self.class() {
            BuiltinClass::Fragment => Some("fragment"),
            BuiltinClass::Geometry => Some("geometry"),
            _ => None,
        }
    }

    /// The derivative functions (GLSL 4.60 §8.14.1): fragment shaders, and compute
    /// shaders with GL_NV_compute_shader_derivatives.
    pub fn is_derivative(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            Dfdx | Dfdy
                | Fwidth
                | DfdxFine
                | DfdyFine
                | FwidthFine
                | DfdxCoarse
                | DfdyCoarse
                | FwidthCoarse
        )
    }

    /// Texture lookups and queries through a sampler (GLSL 4.60 §8.9): they read
    /// texture memory, the same for every invocation given the same arguments.
    pub fn is_texture_lookup(self) -> bool {
        self.class() == BuiltinClass::Texture
    }

    /// Built-ins with side effects or that read memory that can change: never folded,
    /// never removed.
    pub fn has_side_effects(self) -> bool {
        !matches!(self.class(), BuiltinClass::Pure | BuiltinClass::Fragment)
    }
}
