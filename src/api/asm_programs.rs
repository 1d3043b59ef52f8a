//! The assembly program entry points (ARB_vertex_program's program objects as
//! NV_gpu_program4, EXT_gpu_program_parameters and NV_compute_program5 use them):
//! they unpack the C arguments and call state/asm_program.rs.

use crate::api::call::{gl_call, in_array, out_array};
use crate::gl::types::*;
use crate::state::asm_program::ParamKind;
use crate::state::objects::asm_program::{Param, ParamType};

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGenProgramsARB(n: GLsizei, programs: *mut GLuint) {
    // SAFETY: the application passes room for n names.
    unsafe {
        crate::api::call::gen_into("glGenProgramsARB", n, programs, |st, n| {
            let names = st.gen_programs_arb(n as i32)?;
            Ok(names)
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glDeleteProgramsARB(n: GLsizei, programs: *const GLuint) {
    gl_call("glDeleteProgramsARB", |st| {
        let n = crate::api::call::count(n)?;
        // SAFETY: the application passes n names (or null).
        let names = unsafe { in_array(programs, n) }.unwrap_or(&[]);
        st.delete_programs_arb(names)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glIsProgramARB(program: GLuint) -> GLboolean {
    gl_call("glIsProgramARB", |st| {
        st.is_program_arb(program).map(|b| b as u8)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindProgramARB(target: GLenum, program: GLuint) {
    gl_call("glBindProgramARB", |st| {
        st.bind_program_arb(target, program)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramStringARB(
    target: GLenum,
    format: GLenum,
    len: GLsizei,
    string: *const std::ffi::c_void,
) {
    gl_call("glProgramStringARB", |st| {
        let n = crate::api::call::count_named(len, "len")?;
        // SAFETY: the application passes len bytes (or null with len 0).
        let text = unsafe { in_array(string as *const u8, n) }.unwrap_or(&[]);
        st.program_string_arb(target, format, text)
    })
}

fn float_param(v: [f32; 4]) -> Param {
    Param {
        bits: v.map(f32::to_bits),
        ty: ParamType::Float,
    }
}

fn int_param(v: [i32; 4]) -> Param {
    Param {
        bits: v.map(|x| x as u32),
        ty: ParamType::Int,
    }
}

fn uint_param(v: [u32; 4]) -> Param {
    Param {
        bits: v,
        ty: ParamType::Uint,
    }
}

/// Sets `count` parameters of `kind` from the application's array `p` of 4*count
/// values converted by `conv`.
///
/// # Safety
/// `p` must be null or hold 4*count values.
unsafe fn set_params<T: Copy>(
    func: &'static str,
    kind: ParamKind,
    target: GLenum,
    index: GLuint,
    count: GLsizei,
    p: *const T,
    conv: fn([T; 4]) -> Param,
) {
    gl_call(func, |st| {
        let n = crate::api::call::count_named(count, "count")?;
        // The target and range first: the array is read only for a valid call.
        st.check_program_params(kind, target, index, n)?;
        let words = n.saturating_mul(4);
        // SAFETY: the caller's contract.
        let values = unsafe { in_array(p, words) }.unwrap_or(&[]);
        let params: Vec<Param> = values
            .chunks_exact(4)
            .map(|c| conv([c[0], c[1], c[2], c[3]]))
            .collect();
        if params.is_empty() && n > 0 {
            return Ok(());
        }
        st.program_params(kind, target, index, &params)
    })
}

/// Reads one parameter into the application's 4 values.
///
/// # Safety
/// `p` must be null or have room for 4 values.
unsafe fn get_param<T: Copy>(
    func: &'static str,
    kind: ParamKind,
    target: GLenum,
    index: GLuint,
    p: *mut T,
    conv: fn(Param) -> [T; 4],
) {
    gl_call(func, |st| {
        let v = st.get_program_param(kind, target, index)?;
        // SAFETY: the caller's contract.
        unsafe { out_array(p, &conv(v)) };
        Ok(())
    })
}

fn as_f32(p: Param) -> [f32; 4] {
    p.bits.map(|b| match p.ty {
        ParamType::Float => f32::from_bits(b),
        ParamType::Int => b as i32 as f32,
        ParamType::Uint => b as f32,
    })
}

fn as_f64(p: Param) -> [f64; 4] {
    as_f32(p).map(|v| v as f64)
}

fn as_i32(p: Param) -> [i32; 4] {
    p.bits.map(|b| b as i32)
}

fn as_u32(p: Param) -> [u32; 4] {
    p.bits
}

/// The four scalar setters and four vector setters of one parameter kind.
macro_rules! param_setters {
    ($kind:expr, $f4:ident, $f4v:ident, $d4:ident, $d4v:ident, $i4:ident, $i4v:ident, $u4:ident, $u4v:ident,
     $fs:ident, $is:ident, $us:ident) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $f4(
            target: GLenum,
            index: GLuint,
            x: GLfloat,
            y: GLfloat,
            z: GLfloat,
            w: GLfloat,
        ) {
            let v = [x, y, z, w];
            // SAFETY: `v` holds 4 values.
            unsafe {
                set_params(
                    stringify!($f4),
                    $kind,
                    target,
                    index,
                    1,
                    v.as_ptr(),
                    float_param,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $f4v(target: GLenum, index: GLuint, params: *const GLfloat) {
            // SAFETY: the application passes 4 values.
            unsafe {
                set_params(
                    stringify!($f4v),
                    $kind,
                    target,
                    index,
                    1,
                    params,
                    float_param,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn $d4(
            target: GLenum,
            index: GLuint,
            x: GLdouble,
            y: GLdouble,
            z: GLdouble,
            w: GLdouble,
        ) {
            let v = [x, y, z, w].map(|d| d as f32);
            // SAFETY: `v` holds 4 values.
            unsafe {
                set_params(
                    stringify!($d4),
                    $kind,
                    target,
                    index,
                    1,
                    v.as_ptr(),
                    float_param,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $d4v(target: GLenum, index: GLuint, params: *const GLdouble) {
            // SAFETY: the application passes 4 values (or null).
            let v =
                unsafe { in_array(params, 4) }.map(|d| [d[0], d[1], d[2], d[3]].map(|x| x as f32));
            let p = v.as_ref().map_or(std::ptr::null(), |v| v.as_ptr());
            // SAFETY: `p` is null or 4 values.
            unsafe { set_params(stringify!($d4v), $kind, target, index, 1, p, float_param) }
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn $i4(
            target: GLenum,
            index: GLuint,
            x: GLint,
            y: GLint,
            z: GLint,
            w: GLint,
        ) {
            let v = [x, y, z, w];
            // SAFETY: `v` holds 4 values.
            unsafe {
                set_params(
                    stringify!($i4),
                    $kind,
                    target,
                    index,
                    1,
                    v.as_ptr(),
                    int_param,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $i4v(target: GLenum, index: GLuint, params: *const GLint) {
            // SAFETY: the application passes 4 values.
            unsafe { set_params(stringify!($i4v), $kind, target, index, 1, params, int_param) }
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn $u4(
            target: GLenum,
            index: GLuint,
            x: GLuint,
            y: GLuint,
            z: GLuint,
            w: GLuint,
        ) {
            let v = [x, y, z, w];
            // SAFETY: `v` holds 4 values.
            unsafe {
                set_params(
                    stringify!($u4),
                    $kind,
                    target,
                    index,
                    1,
                    v.as_ptr(),
                    uint_param,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $u4v(target: GLenum, index: GLuint, params: *const GLuint) {
            // SAFETY: the application passes 4 values.
            unsafe {
                set_params(
                    stringify!($u4v),
                    $kind,
                    target,
                    index,
                    1,
                    params,
                    uint_param,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fs(
            target: GLenum,
            index: GLuint,
            count: GLsizei,
            params: *const GLfloat,
        ) {
            // SAFETY: the application passes 4*count values.
            unsafe {
                set_params(
                    stringify!($fs),
                    $kind,
                    target,
                    index,
                    count,
                    params,
                    float_param,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $is(
            target: GLenum,
            index: GLuint,
            count: GLsizei,
            params: *const GLint,
        ) {
            // SAFETY: the application passes 4*count values.
            unsafe {
                set_params(
                    stringify!($is),
                    $kind,
                    target,
                    index,
                    count,
                    params,
                    int_param,
                )
            }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $us(
            target: GLenum,
            index: GLuint,
            count: GLsizei,
            params: *const GLuint,
        ) {
            // SAFETY: the application passes 4*count values.
            unsafe {
                set_params(
                    stringify!($us),
                    $kind,
                    target,
                    index,
                    count,
                    params,
                    uint_param,
                )
            }
        }
    };
}

param_setters!(
    ParamKind::Local,
    glProgramLocalParameter4fARB,
    glProgramLocalParameter4fvARB,
    glProgramLocalParameter4dARB,
    glProgramLocalParameter4dvARB,
    glProgramLocalParameterI4iNV,
    glProgramLocalParameterI4ivNV,
    glProgramLocalParameterI4uiNV,
    glProgramLocalParameterI4uivNV,
    glProgramLocalParameters4fvEXT,
    glProgramLocalParametersI4ivNV,
    glProgramLocalParametersI4uivNV
);

param_setters!(
    ParamKind::Env,
    glProgramEnvParameter4fARB,
    glProgramEnvParameter4fvARB,
    glProgramEnvParameter4dARB,
    glProgramEnvParameter4dvARB,
    glProgramEnvParameterI4iNV,
    glProgramEnvParameterI4ivNV,
    glProgramEnvParameterI4uiNV,
    glProgramEnvParameterI4uivNV,
    glProgramEnvParameters4fvEXT,
    glProgramEnvParametersI4ivNV,
    glProgramEnvParametersI4uivNV
);

/// The four getters of one parameter kind.
macro_rules! param_getters {
    ($kind:expr, $fv:ident, $dv:ident, $iv:ident, $uv:ident) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fv(target: GLenum, index: GLuint, params: *mut GLfloat) {
            // SAFETY: the application passes room for 4 values.
            unsafe { get_param(stringify!($fv), $kind, target, index, params, as_f32) }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $dv(target: GLenum, index: GLuint, params: *mut GLdouble) {
            // SAFETY: the application passes room for 4 values.
            unsafe { get_param(stringify!($dv), $kind, target, index, params, as_f64) }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $iv(target: GLenum, index: GLuint, params: *mut GLint) {
            // SAFETY: the application passes room for 4 values.
            unsafe { get_param(stringify!($iv), $kind, target, index, params, as_i32) }
        }

        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $uv(target: GLenum, index: GLuint, params: *mut GLuint) {
            // SAFETY: the application passes room for 4 values.
            unsafe { get_param(stringify!($uv), $kind, target, index, params, as_u32) }
        }
    };
}

param_getters!(
    ParamKind::Local,
    glGetProgramLocalParameterfvARB,
    glGetProgramLocalParameterdvARB,
    glGetProgramLocalParameterIivNV,
    glGetProgramLocalParameterIuivNV
);

param_getters!(
    ParamKind::Env,
    glGetProgramEnvParameterfvARB,
    glGetProgramEnvParameterdvARB,
    glGetProgramEnvParameterIivNV,
    glGetProgramEnvParameterIuivNV
);

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramivARB(target: GLenum, pname: GLenum, params: *mut GLint) {
    gl_call("glGetProgramivARB", |st| {
        let v = st.get_program_iv_arb(target, pname)?;
        // SAFETY: the application passes room for one value.
        unsafe { out_array(params, &[v]) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetProgramStringARB(
    target: GLenum,
    pname: GLenum,
    string: *mut std::ffi::c_void,
) {
    gl_call("glGetProgramStringARB", |st| {
        let v = st.get_program_string_arb(target, pname)?;
        // SAFETY: the application passes room for PROGRAM_LENGTH_ARB bytes.
        unsafe { out_array(string as *mut u8, &v) };
        Ok(())
    })
}

/// ProgramBufferParameters{f,Ii,Iui}vNV: `count` words at `params`.
///
/// # Safety
/// `params` must be null or hold `count` words.
unsafe fn buffer_params<T>(
    func: &'static str,
    target: GLenum,
    binding: GLuint,
    word: GLuint,
    count: GLsizei,
    params: *const T,
) {
    gl_call(func, |st| {
        let n = crate::api::call::count_named(count, "count")?;
        // SAFETY: the caller's contract: `count` words (UserIn reads them only when
        // the checks pass).
        let data = unsafe { crate::gl::types::UserIn::new(params) };
        st.program_buffer_parameters(target, binding, word, n, data)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramBufferParametersfvNV(
    target: GLenum,
    binding_index: GLuint,
    word_index: GLuint,
    count: GLsizei,
    params: *const GLfloat,
) {
    // SAFETY: the application passes `count` values.
    unsafe {
        buffer_params(
            "glProgramBufferParametersfvNV",
            target,
            binding_index,
            word_index,
            count,
            params,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramBufferParametersIivNV(
    target: GLenum,
    binding_index: GLuint,
    word_index: GLuint,
    count: GLsizei,
    params: *const GLint,
) {
    // SAFETY: the application passes `count` values.
    unsafe {
        buffer_params(
            "glProgramBufferParametersIivNV",
            target,
            binding_index,
            word_index,
            count,
            params,
        )
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glProgramBufferParametersIuivNV(
    target: GLenum,
    binding_index: GLuint,
    word_index: GLuint,
    count: GLsizei,
    params: *const GLuint,
) {
    // SAFETY: the application passes `count` values.
    unsafe {
        buffer_params(
            "glProgramBufferParametersIuivNV",
            target,
            binding_index,
            word_index,
            count,
            params,
        )
    }
}

/// BindBufferRangeNV, BindBufferOffsetNV and BindBufferBaseNV (NV_parameter_buffer_object,
/// NV_transform_feedback): BindBufferRange and BindBufferBase by other names;
/// BindBufferOffsetNV binds from `offset` to the end of the buffer, rounded down to
/// whole words.
#[unsafe(no_mangle)]
pub extern "C" fn glBindBufferRangeNV(
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    gl_call("glBindBufferRangeNV", |st| {
        st.bind_buffer_indexed(target, index, buffer, Some((offset as i64, size as i64)))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindBufferBaseNV(target: GLenum, index: GLuint, buffer: GLuint) {
    gl_call("glBindBufferBaseNV", |st| {
        st.bind_buffer_indexed(target, index, buffer, None)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn glBindBufferOffsetNV(
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
) {
    gl_call("glBindBufferOffsetNV", |st| {
        st.bind_buffer_offset(target, index, buffer, offset as i64)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn glGetIntegerIndexedvEXT(target: GLenum, index: GLuint, data: *mut GLint) {
    // SAFETY: the application passes room for the indexed value. Its own name goes to
    // gl_call (an OpenGL ES context refuses it, and its errors name it).
    unsafe {
        crate::api::core::get_i(
            "glGetIntegerIndexedvEXT",
            target,
            index,
            data,
            crate::state::query::Value::as_i32,
        )
    }
}
