//! The runtime helpers compiled code calls, in one table (as wasmtime's libcalls):
//! each [`Libcall`] names a Rust `extern "C"` function and states its parameter and
//! result types once. The table's macro casts every function to the declared type,
//! so a helper whose Rust signature differs from its entry fails to compile, and the
//! Cranelift signature a call site uses always comes from the entry
//! ([`super::lower::Lower::libcall`]).

use cranelift_codegen::ir::{Type as ClType, types};

use super::helpers as h;
use crate::runtime::bounds::BoundsReport;
use crate::runtime::image as img;
use crate::runtime::sampler as smp;

/// Rust types that cross into compiled code, and the Cranelift type of each.
trait Abi {
    const TYPE: ClType;
}

impl Abi for f32 {
    const TYPE: ClType = types::F32;
}
impl Abi for f64 {
    const TYPE: ClType = types::F64;
}
impl Abi for i32 {
    const TYPE: ClType = types::I32;
}
impl Abi for u32 {
    const TYPE: ClType = types::I32;
}
impl Abi for i64 {
    const TYPE: ClType = types::I64;
}
impl Abi for u64 {
    const TYPE: ClType = types::I64;
}
impl<T> Abi for *const T {
    const TYPE: ClType = types::I64;
}
impl<T> Abi for *mut T {
    const TYPE: ClType = types::I64;
}

macro_rules! libcalls {
    ($($name:ident = $f:path : fn($($p:ty),*) $(-> $r:ty)?;)*) => {
        /// A runtime helper of compiled code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub(super) enum Libcall {
            $($name,)*
        }

        impl Libcall {
            /// The helper's address.
            pub(super) fn address(self) -> usize {
                match self {
                    $(Libcall::$name => {
                        // Fails to compile if the function's type is not the entry's.
                        let f: unsafe extern "C" fn($($p),*) $(-> $r)? = $f;
                        f as *const () as usize
                    })*
                }
            }

            /// Cranelift parameter and result types.
            pub(super) fn signature(self) -> (Vec<ClType>, Vec<ClType>) {
                match self {
                    $(Libcall::$name => (
                        vec![$(<$p as Abi>::TYPE),*],
                        vec![$(<$r as Abi>::TYPE)?],
                    ),)*
                }
            }
        }
    };
}

libcalls! {
    SinF32 = h::sin_f32: fn(f32) -> f32;
    CosF32 = h::cos_f32: fn(f32) -> f32;
    TanF32 = h::tan_f32: fn(f32) -> f32;
    AsinF32 = h::asin_f32: fn(f32) -> f32;
    AcosF32 = h::acos_f32: fn(f32) -> f32;
    AtanF32 = h::atan_f32: fn(f32) -> f32;
    SinhF32 = h::sinh_f32: fn(f32) -> f32;
    CoshF32 = h::cosh_f32: fn(f32) -> f32;
    TanhF32 = h::tanh_f32: fn(f32) -> f32;
    AsinhF32 = h::asinh_f32: fn(f32) -> f32;
    AcoshF32 = h::acosh_f32: fn(f32) -> f32;
    AtanhF32 = h::atanh_f32: fn(f32) -> f32;
    ExpF32 = h::exp_f32: fn(f32) -> f32;
    LogF32 = h::log_f32: fn(f32) -> f32;
    Exp2F32 = h::exp2_f32: fn(f32) -> f32;
    Log2F32 = h::log2_f32: fn(f32) -> f32;
    Atan2F32 = h::atan2_f32: fn(f32, f32) -> f32;
    PowF32 = h::pow_f32: fn(f32, f32) -> f32;
    FrexpMantF32 = h::frexp_mant_f32: fn(f32) -> f32;
    FrexpExpF32 = h::frexp_exp_f32: fn(f32) -> i32;
    FrexpMantF64 = h::frexp_mant_f64: fn(f64) -> f64;
    FrexpExpF64 = h::frexp_exp_f64: fn(f64) -> i32;
    LdexpF32 = h::ldexp_f32: fn(f32, i32) -> f32;
    LdexpF64 = h::ldexp_f64: fn(f64, i32) -> f64;
    PackUnorm2x16 = h::pack_unorm2x16: fn(f32, f32) -> u32;
    PackSnorm2x16 = h::pack_snorm2x16: fn(f32, f32) -> u32;
    PackHalf2x16 = h::pack_half2x16: fn(f32, f32) -> u32;
    PackUnorm4x8 = h::pack_unorm4x8: fn(f32, f32, f32, f32) -> u32;
    PackSnorm4x8 = h::pack_snorm4x8: fn(f32, f32, f32, f32) -> u32;
    UnpackUnorm2x16 = h::unpack_unorm2x16: fn(u32, u32) -> f32;
    UnpackSnorm2x16 = h::unpack_snorm2x16: fn(u32, u32) -> f32;
    UnpackHalf2x16 = h::unpack_half2x16: fn(u32, u32) -> f32;
    UnpackUnorm4x8 = h::unpack_unorm4x8: fn(u32, u32) -> f32;
    UnpackSnorm4x8 = h::unpack_snorm4x8: fn(u32, u32) -> f32;
    DeterminantF32 = h::determinant_f32: fn(*const f32, u32) -> f32;
    DeterminantF64 = h::determinant_f64: fn(*const f64, u32) -> f64;
    InverseF32 = h::inverse_f32: fn(*mut f32, u32);
    InverseF64 = h::inverse_f64: fn(*mut f64, u32);
    ClockTicks = h::clock_ticks: fn() -> u64;
    ImageSize = img::image_size: fn(*const img::ImageDesc, u32, *mut u32);
    ImageSampleZ = img::image_sample_z: fn(*const img::ImageDesc, u32, i32, i32) -> i32;
    ImageLoad = img::image_load: fn(*const img::ImageDesc, u32, i32, i32, i32, *mut u32);
    ImageStore = img::image_store: fn(*const img::ImageDesc, u32, i32, i32, i32, *const u32);
    ImageAtomic = img::image_atomic: fn(*const img::ImageDesc, u32, i32, i32, i32, u32, u32, u32) -> u32;
    BoundsBuffer = h::bounds_buffer: fn(*const BoundsReport, u32, u64, u64, u32, u64);
    ImageCheck = img::image_check: fn(*const BoundsReport, u32, *const img::ImageDesc, u32, i32, i32, i32);
    TexSize = smp::tex_size: fn(*const smp::SamplerTable, u32, i32, *mut u32);
    TexLevels = smp::tex_levels: fn(*const smp::SamplerTable, u32) -> i32;
    TexFetch = smp::tex_fetch: fn(*const smp::SamplerTable, u32, i32, i32, i32, i32, *mut u32);
    TexSample = smp::tex_sample: fn(*const smp::SamplerTable, u32, *const smp::SampleArgs, *mut u32);
    TexSampleLanes = smp::tex_sample_lanes: fn(*const smp::SamplerTable, u32, *const smp::SampleArgs, *const f32, u32, *mut u32);
}
