//! SPIR-V modules for `glcompute shader-test`: `[compute shader spirv]` sections
//! assembled by `spirv-as` (Debian's spirv-tools, as piglit's shader_runner does),
//! `[compute shader wgsl]` sections compiled by naga's command-line tool, and, with
//! `--spirv`, GLSL compute shaders compiled by `glslangValidator -G`
//! (Debian's glslang-tools) with locations and bindings mapped where the source
//! leaves them out, then checked by `spirv-val`. A tool that is missing fails the test (it never passes); a shader
//! glslang refuses is skipped with glslang's message.

use super::{Runner, Verdict, shader_log};
use glcompute_driver::api::core::*;
use glcompute_driver::api::shaders::*;
use glcompute_driver::gl::enums::*;
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

/// A file name in the temporary directory unique to this process and call.
fn temp(ext: &str) -> std::path::PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    std::env::temp_dir().join(format!(
        "glcompute-spirv-{}-{}.{ext}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Runs `tool` with `args`; Ok(the output file's bytes) or why not.
fn run(tool: &str, args: &[&std::ffi::OsStr], out: &std::path::Path) -> Result<Vec<u8>, String> {
    let r = Command::new(tool)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {tool}: {e}"))?;
    if !r.status.success() {
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&r.stdout),
            String::from_utf8_lossy(&r.stderr)
        );
        return Err(text.trim().replace('\n', " | "));
    }
    std::fs::read(out).map_err(|e| format!("{tool} wrote no module: {e}"))
}

/// SPIR-V assembly (a `[compute shader spirv]` section) as a module.
pub fn assemble(asm: &str) -> Result<Vec<u8>, Verdict> {
    let (src, out) = (temp("spvasm"), temp("spv"));
    std::fs::write(&src, asm)
        .map_err(|e| Verdict::Fail(format!("cannot write {}: {e}", src.display())))?;
    let r = run(
        "spirv-as",
        &[
            "--target-env".as_ref(),
            "opengl4.5".as_ref(),
            "-o".as_ref(),
            out.as_os_str(),
            src.as_os_str(),
        ],
        &out,
    );
    let _ = std::fs::remove_file(&src);
    let _ = std::fs::remove_file(&out);
    r.map_err(|e| Verdict::Fail(format!("spirv-as: {e}")))
}

/// A WGSL compute shader (a `[compute shader wgsl]` section) as a module, by naga's
/// command-line tool (crates.io `naga-cli`), checked by spirv-val.
pub fn compile_wgsl(src: &str) -> Result<Vec<u8>, Verdict> {
    let (file, out) = (temp("wgsl"), temp("spv"));
    std::fs::write(&file, src)
        .map_err(|e| Verdict::Fail(format!("cannot write {}: {e}", file.display())))?;
    let r = run("naga", &[file.as_os_str(), out.as_os_str()], &out).and_then(|m| {
        run(
            "spirv-val",
            &[
                "--target-env".as_ref(),
                "opengl4.5".as_ref(),
                out.as_os_str(),
            ],
            &out,
        )
        .map(|_| m)
    });
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&out);
    r.map_err(|e| Verdict::Fail(format!("naga: {e}")))
}

/// A GLSL compute shader (with `#version` added as piglit does) as a module.
pub fn compile_glsl(src: &str, glsl: u32, es: bool) -> Result<Vec<u8>, Verdict> {
    if es {
        return Err(Verdict::Skip(
            "GLSL ES has no OpenGL SPIR-V target in glslang".into(),
        ));
    }
    let text = if src.contains("#version ") {
        src.to_string()
    } else {
        format!("#version {glsl}\n{src}")
    };
    compile_glsl_stage(&text, "comp")
}

/// A GLSL shader of the stage glslang's file extension `ext` names as a module.
pub fn compile_glsl_stage(text: &str, ext: &str) -> Result<Vec<u8>, Verdict> {
    let (file, out) = (temp(ext), temp("spv"));
    std::fs::write(&file, text)
        .map_err(|e| Verdict::Fail(format!("cannot write {}: {e}", file.display())))?;
    let r = run(
        "glslangValidator",
        &[
            "-G".as_ref(),
            "--aml".as_ref(),
            "--amb".as_ref(),
            "-o".as_ref(),
            out.as_os_str(),
            file.as_os_str(),
        ],
        &out,
    );
    // glslang's output is checked by spirv-val: a module glslang got wrong is
    // skipped, not counted against the SPIR-V path.
    let valid = r.as_ref().ok().map(|_| {
        run(
            "spirv-val",
            &[
                "--target-env".as_ref(),
                "opengl4.5".as_ref(),
                out.as_os_str(),
            ],
            &out,
        )
    });
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&out);
    match (r, valid) {
        (Ok(m), Some(Ok(_))) => Ok(m),
        (Ok(_), Some(Err(e))) if e.starts_with("cannot run") => Err(Verdict::Fail(e)),
        // spirv-val applies Vulkan's rule against bools in externally visible
        // storage to OpenGL modules too; GL's `uniform bool` is one.
        (Ok(m), Some(Err(e)))
            if e.contains("OpTypeBool is stored in conjunction with OpVariable") =>
        {
            Ok(m)
        }
        (Ok(_), Some(Err(e))) => Err(Verdict::Skip(format!("glslang wrote invalid SPIR-V: {e}"))),
        (Ok(m), None) => Ok(m),
        (Err(e), _) if e.starts_with("cannot run") => Err(Verdict::Fail(e)),
        (Err(e), _) => Err(Verdict::Skip(format!("glslang: {e}"))),
    }
}

impl Runner {
    /// The program of one SPIR-V module (its `main` entry point, default
    /// specialization).
    pub(super) fn build_spirv(&mut self, module: &[u8]) -> Result<(), Verdict> {
        self.prog = glCreateProgram();
        let s = glCreateShader(GL_COMPUTE_SHADER);
        let entry = c"main";
        // SAFETY: one shader name; `module` holds its length in bytes.
        unsafe {
            glShaderBinary(
                1,
                &s,
                GL_SHADER_BINARY_FORMAT_SPIR_V,
                module.as_ptr() as *const _,
                module.len() as i32,
            );
            glSpecializeShader(s, entry.as_ptr(), 0, std::ptr::null(), std::ptr::null());
        }
        let mut ok = 0;
        // SAFETY: ok is writable.
        unsafe { glGetShaderiv(s, GL_COMPILE_STATUS, &mut ok) };
        if ok == 0 {
            let e = glGetError();
            return Err(Verdict::Fail(format!(
                "SPIR-V specialization failed (GL error 0x{e:X}): {}",
                shader_log(s)
            )));
        }
        glAttachShader(self.prog, s);
        glDeleteShader(s);
        glLinkProgram(self.prog);
        let mut ok = 0;
        // SAFETY: ok is writable.
        unsafe { glGetProgramiv(self.prog, GL_LINK_STATUS, &mut ok) };
        self.link_ok = ok != 0;
        Ok(())
    }
}
