//! The key of the IR variable each use of a texture or image unit gets.

use crate::ir::{Dim, ImageFormat};
use crate::nvasm::ast::DataType;

/// One use of a texture or image unit: each distinct use is one sampler or image
/// variable of the IR bound to that unit.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct UnitUse {
    pub image: bool,
    pub unit: u32,
    pub dim: Dim,
    /// A texture used with a SHADOW target.
    pub shadow: bool,
    /// An image's format (None: write-only, formatted).
    pub format: Option<ImageFormat>,
    pub dt: DataType,
}
