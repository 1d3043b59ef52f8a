//! GL errors as values: every state operation returns `GlResult`, and the API layer
//! records the error (first one sticks, GL 4.6 §2.3.1) and turns it into a KHR_debug
//! message. A failing operation must return before it changes anything.

use super::enums::enum_name;
use std::fmt;

/// A GL error with a message in the application's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlError {
    pub code: u32,
    pub message: String,
}

pub type GlResult<T> = Result<T, GlError>;

impl GlError {
    pub fn new(code: u32, message: String) -> Self {
        GlError { code, message }
    }
}

/// Builds a [`GlError`]: `gl_err!(GL_INVALID_VALUE, "n = {} is negative", n)`.
#[macro_export]
macro_rules! gl_err {
    ($code:ident, $($arg:tt)+) => {
        $crate::gl::error::GlError::new($crate::gl::enums::$code, format!($($arg)+))
    };
}

/// Returns early with a [`GlError`].
#[macro_export]
macro_rules! gl_bail {
    ($code:ident, $($arg:tt)+) => {
        return Err($crate::gl_err!($code, $($arg)+))
    };
}

/// Displays a GL token by name (`GL_SHADER_STORAGE_BUFFER`) or in hex when unknown.
#[derive(Clone, Copy)]
pub struct Enum(pub u32);

impl fmt::Display for Enum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match enum_name(self.0) {
            Some(name) => f.write_str(name),
            None => write!(f, "0x{:04X}", self.0),
        }
    }
}

/// Name of a GL error code, for messages and logs.
pub fn error_name(code: u32) -> &'static str {
    use super::enums::*;
    match code {
        GL_NO_ERROR => "GL_NO_ERROR",
        GL_INVALID_ENUM => "GL_INVALID_ENUM",
        GL_INVALID_VALUE => "GL_INVALID_VALUE",
        GL_INVALID_OPERATION => "GL_INVALID_OPERATION",
        GL_STACK_OVERFLOW => "GL_STACK_OVERFLOW",
        GL_STACK_UNDERFLOW => "GL_STACK_UNDERFLOW",
        GL_OUT_OF_MEMORY => "GL_OUT_OF_MEMORY",
        GL_INVALID_FRAMEBUFFER_OPERATION => "GL_INVALID_FRAMEBUFFER_OPERATION",
        GL_CONTEXT_LOST => "GL_CONTEXT_LOST",
        _ => "GL_UNKNOWN_ERROR",
    }
}
