//! A GL driver loaded by path: its libEGL is opened with dlopen, a surfaceless OpenGL
//! 4.3 core context is made current, and the GL functions the fuzzer calls are found
//! with eglGetProcAddress, as applications find them. The same code drives glcompute
//! (its libEGL.so.1) and Mesa (the system's libEGL.so.1).

#![allow(non_snake_case, clippy::too_many_arguments)]

use std::ffi::{CStr, CString, c_char, c_void};

pub type Enum = u32;

pub const NO_ERROR: Enum = 0;

macro_rules! gl_functions {
    ($($name:ident: fn($($a:ty),*) $(-> $r:ty)?;)*) => {
        /// The GL entry points the fuzzer calls.
        pub struct Gl {
            $(pub $name: unsafe extern "C" fn($($a),*) $(-> $r)?,)*
        }

        impl Gl {
            /// Every function through `get`; an error names a missing one.
            fn load(get: impl Fn(&CStr) -> *const c_void) -> Result<Gl, String> {
                Ok(Gl {
                    $($name: {
                        let name = CString::new(stringify!($name)).expect("no NUL");
                        let p = get(&name);
                        if p.is_null() {
                            return Err(format!("{} not found", stringify!($name)));
                        }
                        // SAFETY: the driver returned this function for this name; its
                        // C prototype is the one declared here (from glcorearb.h).
                        unsafe {
                            std::mem::transmute::<*const c_void, unsafe extern "C" fn($($a),*) $(-> $r)?>(p)
                        }
                    },)*
                })
            }
        }
    };
}

gl_functions! {
    glGetError: fn() -> Enum;
    glGenProgramsARB: fn(i32, *mut u32);
    glBindProgramARB: fn(Enum, u32);
    glProgramStringARB: fn(Enum, Enum, i32, *const c_void);
    glProgramLocalParameter4fARB: fn(Enum, u32, f32, f32, f32, f32);
    glDeleteProgramsARB: fn(i32, *const u32);
    glGetString: fn(Enum) -> *const u8;
    glGenBuffers: fn(i32, *mut u32);
    glCreateBuffers: fn(i32, *mut u32);
    glDeleteBuffers: fn(i32, *const u32);
    glIsBuffer: fn(u32) -> u8;
    glBindBuffer: fn(Enum, u32);
    glBindBufferBase: fn(Enum, u32, u32);
    glBindBufferRange: fn(Enum, u32, u32, isize, isize);
    glBufferData: fn(Enum, isize, *const c_void, Enum);
    glBufferSubData: fn(Enum, isize, isize, *const c_void);
    glBufferStorage: fn(Enum, isize, *const c_void, u32);
    glNamedBufferData: fn(u32, isize, *const c_void, Enum);
    glNamedBufferSubData: fn(u32, isize, isize, *const c_void);
    glGetBufferSubData: fn(Enum, isize, isize, *mut c_void);
    glGetNamedBufferSubData: fn(u32, isize, isize, *mut c_void);
    glMapBufferRange: fn(Enum, isize, isize, u32) -> *mut c_void;
    glMapNamedBufferRange: fn(u32, isize, isize, u32) -> *mut c_void;
    glUnmapBuffer: fn(Enum) -> u8;
    glUnmapNamedBuffer: fn(u32) -> u8;
    glFlushMappedBufferRange: fn(Enum, isize, isize);
    glCopyBufferSubData: fn(Enum, Enum, isize, isize, isize);
    glCopyNamedBufferSubData: fn(u32, u32, isize, isize, isize);
    glClearBufferData: fn(Enum, Enum, Enum, Enum, *const c_void);
    glClearBufferSubData: fn(Enum, Enum, isize, isize, Enum, Enum, *const c_void);
    glInvalidateBufferData: fn(u32);
    glGetBufferParameteriv: fn(Enum, Enum, *mut i32);
    glCreateShader: fn(Enum) -> u32;
    glDeleteShader: fn(u32);
    glShaderSource: fn(u32, i32, *const *const c_char, *const i32);
    glCompileShader: fn(u32);
    glShaderBinary: fn(i32, *const u32, Enum, *const c_void, i32);
    glSpecializeShader: fn(u32, *const c_char, u32, *const u32, *const u32);
    glGetShaderiv: fn(u32, Enum, *mut i32);
    glGetShaderInfoLog: fn(u32, i32, *mut i32, *mut c_char);
    glCreateProgram: fn() -> u32;
    glDeleteProgram: fn(u32);
    glAttachShader: fn(u32, u32);
    glDetachShader: fn(u32, u32);
    glLinkProgram: fn(u32);
    glValidateProgram: fn(u32);
    glUseProgram: fn(u32);
    glGetProgramiv: fn(u32, Enum, *mut i32);
    glGetProgramInfoLog: fn(u32, i32, *mut i32, *mut c_char);
    glGetUniformLocation: fn(u32, *const c_char) -> i32;
    glUniform1i: fn(i32, i32);
    glUniform1ui: fn(i32, u32);
    glUniform1f: fn(i32, f32);
    glUniform4f: fn(i32, f32, f32, f32, f32);
    glProgramUniform1i: fn(u32, i32, i32);
    glShaderStorageBlockBinding: fn(u32, u32, u32);
    glUniformBlockBinding: fn(u32, u32, u32);
    glGetProgramResourceIndex: fn(u32, Enum, *const c_char) -> u32;
    glDispatchCompute: fn(u32, u32, u32);
    glDispatchComputeIndirect: fn(isize);
    glMemoryBarrier: fn(u32);
    glGetIntegerv: fn(Enum, *mut i32);
    glGetIntegeri_v: fn(Enum, u32, *mut i32);
    glGetInteger64v: fn(Enum, *mut i64);
    glGenTextures: fn(i32, *mut u32);
    glDeleteTextures: fn(i32, *const u32);
    glBindTexture: fn(Enum, u32);
    glTexStorage2D: fn(Enum, i32, Enum, i32, i32);
    glBindImageTexture: fn(u32, u32, i32, u8, i32, Enum, Enum);
    glFinish: fn();
    glEnable: fn(Enum);
    glDisable: fn(Enum);
    glIsEnabled: fn(Enum) -> u8;
    glEnablei: fn(Enum, u32);
    glIsEnabledi: fn(Enum, u32) -> u8;
    glBlendFuncSeparatei: fn(u32, Enum, Enum, Enum, Enum);
    glBlendEquationSeparatei: fn(u32, Enum, Enum);
    glStencilFuncSeparate: fn(Enum, Enum, i32, u32);
    glStencilOpSeparate: fn(Enum, Enum, Enum, Enum);
    glViewportIndexedf: fn(u32, f32, f32, f32, f32);
    glScissorIndexed: fn(u32, i32, i32, i32, i32);
    glDepthRangeIndexed: fn(u32, f64, f64);
    glPolygonMode: fn(Enum, Enum);
    glHint: fn(Enum, Enum);
    glPatchParameteri: fn(Enum, i32);
    glPointSize: fn(f32);
    glLineWidth: fn(f32);
    glGetFloati_v: fn(Enum, u32, *mut f32);
    glGetDoublev: fn(Enum, *mut f64);
    glGenVertexArrays: fn(i32, *mut u32);
    glBindVertexArray: fn(u32);
    glVertexAttribPointer: fn(u32, i32, Enum, u8, i32, *const c_void);
    glVertexAttribIPointer: fn(u32, i32, Enum, i32, *const c_void);
    glVertexAttribFormat: fn(u32, i32, Enum, u8, u32);
    glEnableVertexAttribArray: fn(u32);
    glVertexAttribDivisor: fn(u32, u32);
    glBindVertexBuffer: fn(u32, u32, isize, i32);
    glVertexAttribBinding: fn(u32, u32);
    glGetVertexAttribiv: fn(u32, Enum, *mut i32);
}

type GetProc = unsafe extern "C" fn(*const c_char) -> *const c_void;

/// A driver with a current context.
pub struct Driver {
    pub gl: Gl,
    display: *mut c_void,
    context: *mut c_void,
    create_context:
        unsafe extern "C" fn(*mut c_void, *mut c_void, *mut c_void, *const i32) -> *mut c_void,
    destroy_context: unsafe extern "C" fn(*mut c_void, *mut c_void) -> u32,
    make_current: unsafe extern "C" fn(*mut c_void, *mut c_void, *mut c_void, *mut c_void) -> u32,
    compat: bool,
}

const EGL_PLATFORM_SURFACELESS_MESA: u32 = 0x31DD;
const EGL_OPENGL_API: u32 = 0x30A2;
const CONTEXT_ATTRIBS: [i32; 7] = [
    0x3098, // EGL_CONTEXT_MAJOR_VERSION
    4, 0x30FB, // EGL_CONTEXT_MINOR_VERSION
    3, 0x30FD, // EGL_CONTEXT_OPENGL_PROFILE_MASK
    1,      // EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT
    0x3038, // EGL_NONE
];
/// The same with EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT (assembly programs).
const COMPAT_ATTRIBS: [i32; 7] = [0x3098, 4, 0x30FB, 3, 0x30FD, 2, 0x3038];

fn sym<T: Copy>(lib: *mut c_void, name: &str) -> Result<T, String> {
    let c = CString::new(name).expect("no NUL");
    // SAFETY: `lib` is a handle from dlopen; dlsym reads the NUL-terminated name.
    let p = unsafe { libc::dlsym(lib, c.as_ptr()) };
    if p.is_null() {
        return Err(format!("{name} not in the EGL library"));
    }
    // SAFETY: T is the function pointer type of `name`'s C prototype (egl.h).
    Ok(unsafe { std::mem::transmute_copy::<*mut c_void, T>(&p) })
}

impl Driver {
    /// Opens the libEGL at `path`, makes a 4.3 core context current and loads the GL
    /// functions.
    pub fn open(path: &str) -> Result<Driver, String> {
        Driver::open_profile(path, false)
    }

    /// [`Driver::open`] with a compatibility-profile context when `compat`.
    pub fn open_profile(path: &str, compat: bool) -> Result<Driver, String> {
        let c = CString::new(path).map_err(|e| e.to_string())?;
        // SAFETY: dlopen reads the NUL-terminated path.
        let lib = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if lib.is_null() {
            return Err(format!("cannot open {path}"));
        }
        let get_display: unsafe extern "C" fn(u32, *mut c_void, *const isize) -> *mut c_void =
            sym(lib, "eglGetPlatformDisplay")?;
        let initialize: unsafe extern "C" fn(*mut c_void, *mut i32, *mut i32) -> u32 =
            sym(lib, "eglInitialize")?;
        let bind_api: unsafe extern "C" fn(u32) -> u32 = sym(lib, "eglBindAPI")?;
        let get_proc: GetProc = sym(lib, "eglGetProcAddress")?;
        let mut d = Driver {
            gl: Gl::load(|name| {
                // SAFETY: eglGetProcAddress reads the NUL-terminated name.
                unsafe { get_proc(name.as_ptr()) }
            })?,
            display: std::ptr::null_mut(),
            context: std::ptr::null_mut(),
            create_context: sym(lib, "eglCreateContext")?,
            destroy_context: sym(lib, "eglDestroyContext")?,
            make_current: sym(lib, "eglMakeCurrent")?,
            compat,
        };
        // SAFETY: EGL calls with valid arguments (a null native display is
        // EGL_DEFAULT_DISPLAY; null version pointers are allowed).
        unsafe {
            d.display = get_display(
                EGL_PLATFORM_SURFACELESS_MESA,
                std::ptr::null_mut(),
                std::ptr::null(),
            );
            if d.display.is_null()
                || initialize(d.display, std::ptr::null_mut(), std::ptr::null_mut()) == 0
            {
                return Err(format!("{path}: no surfaceless display"));
            }
            bind_api(EGL_OPENGL_API);
        }
        d.new_context()?;
        Ok(d)
    }

    /// Replaces the current context by a new one (nothing of the old one survives).
    pub fn new_context(&mut self) -> Result<(), String> {
        // SAFETY: EGL calls on our display with a valid attribute list; the old context
        // is released before it is destroyed.
        unsafe {
            let ctx = (self.create_context)(
                self.display,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                if self.compat {
                    COMPAT_ATTRIBS.as_ptr()
                } else {
                    CONTEXT_ATTRIBS.as_ptr()
                },
            );
            if ctx.is_null() {
                return Err("no OpenGL 4.3 core context".into());
            }
            (self.make_current)(
                self.display,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
            if !self.context.is_null() {
                (self.destroy_context)(self.display, self.context);
            }
            if (self.make_current)(
                self.display,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                ctx,
            ) == 0
            {
                return Err("eglMakeCurrent failed".into());
            }
            self.context = ctx;
        }
        Ok(())
    }

    /// Clears the error flag (GL keeps one error until it is read).
    pub fn drain_errors(&self) {
        self.drain_errors_seen();
    }

    /// Drains the error flags; true if one was GL_OUT_OF_MEMORY, which glcompute
    /// raises for an internal error (a panic caught at its C boundary).
    pub fn drain_errors_seen(&self) -> bool {
        let mut internal = false;
        for _ in 0..8 {
            // SAFETY: glGetError has no arguments.
            match unsafe { (self.gl.glGetError)() } {
                NO_ERROR => break,
                0x0505 => internal = true,
                _ => {}
            }
        }
        internal
    }

    /// GetString(PROGRAM_ERROR_STRING_ARB): the last assembly program load's error.
    pub fn program_error_string(&self) -> String {
        // SAFETY: glGetString returns null or a NUL-terminated string the driver keeps.
        unsafe {
            let p = (self.gl.glGetString)(0x8874);
            if p.is_null() {
                String::new()
            } else {
                CStr::from_ptr(p as *const c_char)
                    .to_string_lossy()
                    .into_owned()
            }
        }
    }

    /// A shader's or program's info log.
    pub fn log(&self, object: u32, program: bool) -> String {
        let mut buf = vec![0u8; 4096];
        let mut len = 0i32;
        // SAFETY: the buffer holds 4096 bytes, as passed.
        unsafe {
            if program {
                (self.gl.glGetProgramInfoLog)(
                    object,
                    buf.len() as i32,
                    &mut len,
                    buf.as_mut_ptr() as *mut c_char,
                );
            } else {
                (self.gl.glGetShaderInfoLog)(
                    object,
                    buf.len() as i32,
                    &mut len,
                    buf.as_mut_ptr() as *mut c_char,
                );
            }
        }
        buf.truncate(len.clamp(0, 4096) as usize);
        String::from_utf8_lossy(&buf).into_owned()
    }
}
