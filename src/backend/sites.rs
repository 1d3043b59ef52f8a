//! What a kernel compiled with the bounds check (GLCOMPUTE_DEBUG=bounds) reports: the
//! sites of its checked accesses, which the dispatch turns into messages.

/// A checked out-of-range access site (GLCOMPUTE_DEBUG=bounds).
#[derive(Debug, Clone)]
pub struct BoundsSite {
    /// The statement holding the access.
    pub span: crate::ir::Span,
    /// What is accessed: "buffer block `B'", "image `img'", ….
    pub what: String,
    pub write: bool,
    pub kind: SiteKind,
}

/// What a bounds report's values are (see runtime::bounds::BoundsReport).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteKind {
    /// A bound buffer range: the index (or -1), the byte offset, the bytes accessed
    /// and the range's size.
    Buffer,
    /// An image: the coordinates and the image's size.
    Image,
    /// A sized array, vector or matrix (indices are clamped to it): the index and the
    /// element count.
    Index,
}
