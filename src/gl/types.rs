//! The C types of the GL API, as the Khronos headers define them on LP64 Linux.
#![allow(non_camel_case_types, clippy::upper_case_acronyms)]

use std::ffi::{c_char, c_void};

pub type GLenum = u32;
pub type GLboolean = u8;
pub type GLbitfield = u32;
pub type GLint = i32;
pub type GLuint = u32;
pub type GLsizei = i32;
pub type GLfloat = f32;
pub type GLdouble = f64;
pub type GLchar = c_char;
pub type GLintptr = isize;
pub type GLsizeiptr = isize;
pub type GLint64 = i64;
pub type GLuint64 = u64;
pub type GLubyte = u8;
pub type GLbyte = i8;
pub type GLshort = i16;
pub type GLushort = u16;

/// Opaque target of `GLsync` (the Khronos header's `struct __GLsync`).
#[repr(C)]
pub struct __GLsync {
    _private: [u8; 0],
}
pub type GLsync = *mut __GLsync;

/// KHR_debug callback (GL 4.6 §20.2).
pub type GLDEBUGPROC = Option<
    unsafe extern "C" fn(
        source: GLenum,
        type_: GLenum,
        id: GLuint,
        severity: GLenum,
        length: GLsizei,
        message: *const GLchar,
        user_param: *const c_void,
    ),
>;

pub const GL_TRUE: GLboolean = 1;
pub const GL_FALSE: GLboolean = 0;

/// Application memory passed into a GL command (`const void *data`). Created at the C
/// boundary; the application promises, as GL requires, that the pointer is valid for as
/// many bytes as the command's other parameters describe.
#[derive(Clone, Copy)]
pub struct UserIn(*const u8);

impl UserIn {
    /// # Safety
    /// `ptr` must be null or valid for reads of every length this command will ask for.
    pub unsafe fn new<T>(ptr: *const T) -> UserIn {
        UserIn(ptr as *const u8)
    }

    pub fn is_null(&self) -> bool {
        self.0.is_null()
    }

    /// The pointer's value: a byte offset when a pixel or indirect buffer is bound.
    pub fn addr(&self) -> usize {
        self.0 as usize
    }

    /// The first `len` bytes, or None for a null pointer.
    pub fn bytes<'a>(self, len: usize) -> Option<&'a [u8]> {
        if self.0.is_null() {
            return None;
        }
        if len == 0 {
            return Some(&[]);
        }
        // SAFETY: the constructor's contract covers `len` bytes for this command.
        Some(unsafe { std::slice::from_raw_parts(self.0, len) })
    }
}

/// Application memory a GL command writes results into (`void *data`, arrays of params).
#[derive(Clone, Copy)]
pub struct UserOut(*mut u8);

impl UserOut {
    /// # Safety
    /// `ptr` must be null or valid for writes of every length this command will ask for.
    pub unsafe fn new<T>(ptr: *mut T) -> UserOut {
        UserOut(ptr as *mut u8)
    }

    pub fn is_null(&self) -> bool {
        self.0.is_null()
    }

    /// The first `len` bytes as a writable slice, or None for a null pointer.
    pub fn bytes<'a>(self, len: usize) -> Option<&'a mut [u8]> {
        if self.0.is_null() {
            return None;
        }
        if len == 0 {
            return Some(&mut []);
        }
        // SAFETY: the constructor's contract covers `len` bytes for this command, and the
        // application does not read them while the command runs.
        Some(unsafe { std::slice::from_raw_parts_mut(self.0, len) })
    }

    pub fn as_ptr(&self) -> *mut u8 {
        self.0
    }
}
