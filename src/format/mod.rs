//! Formats, in one place: how texels of each internal format lie in memory and convert
//! to and from four components ([`texel`]), the GL internal formats and what they
//! store ([`internal`]), compressed formats and their block decoders ([`compressed`],
//! [`etc2`]), and the application's pixels: client (format, type) pairs, packed types
//! and their conversion to and from texels ([`pixels`], with the pixel store modes),
//! and OpenGL ES's stricter rules for them ([`es`]).
//! TexImage, ClearTexImage, ClearBufferData, ReadPixels, GetInternalformat and the
//! runtime's image and sampler code all use these tables and conversions; there is no
//! other.
//!
//! It sits low, beside the runtime that reads texels through it, and uses only the GL
//! vocabulary ([`crate::gl`]).

pub mod compressed;
pub mod es;
pub mod etc2;
pub mod internal;
pub mod pixels;
pub mod texel;
