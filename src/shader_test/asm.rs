//! `[compute program]` sections: NV_compute_program5 assembly programs, loaded with
//! glProgramStringARB into the program bound to GL_COMPUTE_PROGRAM_NV (enabled for
//! the test's dispatches), and their `parameter local N (X, Y, Z, W)` and `parameter
//! env N (...)` commands (piglit's shader_runner spells ARB programs' parameters so).

use super::{Runner, Verdict};
use glcompute_driver::api::asm_programs::*;
use glcompute_driver::api::core::*;
use glcompute_driver::gl::asm_enums::*;

impl Runner {
    /// Loads the one `[compute program]` (a failed load is a link error, with the
    /// error string as the log) and enables it.
    pub(super) fn build_asm(&mut self, programs: &[String]) -> Result<(), Verdict> {
        let [text] = programs else {
            return Err(Verdict::Fail(format!(
                "{} [compute program] sections: a test has one",
                programs.len()
            )));
        };
        let mut p = 0u32;
        // SAFETY: room for one name; the string is text.len() bytes.
        unsafe {
            glGenProgramsARB(1, &mut p);
            glBindProgramARB(GL_COMPUTE_PROGRAM_NV, p);
            glProgramStringARB(
                GL_COMPUTE_PROGRAM_NV,
                GL_PROGRAM_FORMAT_ASCII_ARB,
                text.len() as i32,
                text.as_ptr() as *const _,
            );
        }
        if glGetError() == 0 {
            self.link_ok = true;
            glEnable(GL_COMPUTE_PROGRAM_NV);
        } else {
            self.link_ok = false;
            let s = glGetString(GL_PROGRAM_ERROR_STRING_ARB);
            let msg = if s.is_null() {
                String::new()
            } else {
                // SAFETY: glGetString returned a NUL-terminated string.
                unsafe { std::ffi::CStr::from_ptr(s as *const _) }
                    .to_string_lossy()
                    .into_owned()
            };
            self.asm_error = Some(msg);
        }
        Ok(())
    }

    /// `parameter local|env N (X, Y, Z, W)`; false for another command.
    pub(super) fn asm_command(&mut self, w: &[&str]) -> Result<bool, Verdict> {
        let ["parameter", kind, index, rest @ ..] = w else {
            return Ok(false);
        };
        let joined = rest.join(" ");
        let values: Vec<f32> = joined
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|v| v.trim().parse::<f32>())
            .collect::<Result<_, _>>()
            .map_err(|_| Verdict::Fail(format!("bad parameter values `{joined}'")))?;
        let (Ok(index), [x, y, z, ww]) = (index.parse::<u32>(), values.as_slice()) else {
            return Err(Verdict::Fail(format!(
                "bad parameter command `{}'",
                w.join(" ")
            )));
        };
        match *kind {
            "local" | "local_cp" => {
                glProgramLocalParameter4fARB(GL_COMPUTE_PROGRAM_NV, index, *x, *y, *z, *ww)
            }
            "env" | "env_cp" => {
                glProgramEnvParameter4fARB(GL_COMPUTE_PROGRAM_NV, index, *x, *y, *z, *ww)
            }
            _ => return Err(Verdict::Fail(format!("unknown parameter kind `{kind}'"))),
        }
        Ok(true)
    }
}
