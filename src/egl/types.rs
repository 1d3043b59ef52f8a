//! The EGL layer's own vocabulary: results carry an EGL error code, and the values
//! EGL spells as casts in its header (EGL_DONT_CARE, the null handles).

pub type EglResult<T> = Result<T, i32>;

pub const EGL_DONT_CARE: i32 = -1;

/// EGL_DEFAULT_DISPLAY, EGL_NO_* are null handles.
pub const NONE_HANDLE: usize = 0;
