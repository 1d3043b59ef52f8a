//! `glcompute`: the command-line tool.
//!
//! - `glcompute info`: vendor, renderer, version, extensions and every compute limit,
//!   like glxinfo.
//! - `glcompute run -- CMD ARGS...`: runs an unmodified program with glcompute as its
//!   libGL, libEGL and libOpenGL.
//! - `glcompute run --interpose -- CMD ARGS...`: runs a program on its own GL driver
//!   with glcompute taking over compute (`LD_PRELOAD` of libglcompute.so).
//! - `glcompute compile [--dump-ir] [--dump-clif] [--dump-asm] [--asm] [--es] FILE.comp...`: compiles each file
//!   (with `--asm`, loads each as an NV_compute_program5 assembly program) as a compute
//!   shader and links them into one program, like glslangValidator; prints the info
//!   logs and exits non-zero on an error. `--es` compiles as an OpenGL ES 3.2 context
//!   does (GLSL ES up to 3.20, OpenGL ES's extensions); without it, as a desktop one.
//! - `glcompute shader-test FILE.shader_test...`: runs piglit-format compute tests
//!   in-process through the C API (see `shader_test.rs`).

mod shader_test;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use glcompute_driver::egl;
use glcompute_driver::gl::enums::*;
use glcompute_driver::gl::error::Enum;
use glcompute_driver::state::context::current;

fn usage() -> ExitCode {
    eprintln!(
        "usage:\n  glcompute info\n  glcompute run [--interpose] -- COMMAND [ARGS...]\n  glcompute compile [--dump-ir] [--dump-clif] [--dump-asm] [--no-link] [--asm] [--es] FILE...\n  glcompute shader-test FILE.shader_test...\n\nSee docs/environment.md for the GLCOMPUTE_* environment variables."
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    // Output piped into a reader that stops early (`glcompute info | head`) ends the
    // process quietly, as other command-line tools do, instead of a panic in println!
    // (Rust ignores SIGPIPE by default).
    // SAFETY: restoring the default disposition of one signal, before any thread starts.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("info") => info(),
        Some("run") => {
            let mut rest = &args[1..];
            let interpose = rest.first().map(String::as_str) == Some("--interpose");
            if interpose {
                rest = &rest[1..];
            }
            if rest.first().map(String::as_str) == Some("--") {
                rest = &rest[1..];
            }
            if rest.is_empty() {
                return usage();
            }
            if interpose {
                run_interposed(rest)
            } else {
                run(rest)
            }
        }
        Some("compile") => compile(&args[1..]),
        Some("shader-test") => shader_test::main(&args[1..]),
        _ => usage(),
    }
}

/// The IR's text form, printed on the compiler's stack (printing recurses over nesting).
fn dump(m: &glcompute_driver::ir::Module) -> String {
    glcompute_driver::glsl::on_compiler_stack(0, || glcompute_driver::ir::print::module(m))
        .unwrap_or_else(|e| e)
}

/// Offline compile and link: each file is one compute shader of one program.
fn compile(args: &[String]) -> ExitCode {
    use glcompute_driver::glsl;
    use glcompute_driver::ir::shader::Stage;
    use std::sync::Arc;
    let mut dump_ir = false;
    // A developer's tool: Cranelift's verifier checks what it generates.
    let mut opts = glcompute_driver::backend::Options {
        verify: true,
        scalar: glcompute_driver::config::debug_scalar(),
        ..Default::default()
    };
    let mut link = true;
    let mut asm = false;
    let mut accepts = glsl::accepts::Accepts::default();
    let mut files = Vec::new();
    for a in args {
        match a.as_str() {
            "--dump-ir" => dump_ir = true,
            "--asm" => asm = true,
            "--es" => accepts = glsl::accepts::Accepts::es(),
            "--dump-clif" => opts.clif = true,
            "--dump-asm" => opts.asm = true,
            "--no-link" => link = false,
            _ if a.starts_with("--") => return usage(),
            _ => files.push(a.clone()),
        }
    }
    if files.is_empty() {
        return usage();
    }
    let mut ok = true;
    let mut shaders = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("glcompute compile: {f}: {e}");
                return ExitCode::from(2);
            }
        };
        // The stage: a SPIR-V module's "main" entry point's, else the file
        // extension's (glslang's names), else compute.
        let stage = if f.ends_with(".spv") {
            glcompute_driver::spirv::read(&bytes)
                .ok()
                .and_then(|b| {
                    let main = b.entry_points.iter().find(|e| e.0 == "main")?;
                    glcompute_driver::spirv::stage_of_model(main.1)
                })
                .unwrap_or(Stage::Compute)
        } else {
            match f.rsplit('.').next() {
                Some("vert") => Stage::Vertex,
                Some("tesc") => Stage::TessControl,
                Some("tese") => Stage::TessEvaluation,
                Some("geom") => Stage::Geometry,
                Some("frag") => Stage::Fragment,
                _ => Stage::Compute,
            }
        };
        let compiled = if asm {
            // An NV_compute_program5 assembly program.
            glcompute_driver::nvasm::load(&bytes)
                .map(|l| (l.shader, String::new()))
                .map_err(|e| format!("{e}\n"))
        } else if f.ends_with(".spv") {
            // A SPIR-V module: its "main" entry point, default specialization.
            glcompute_driver::spirv::read(&bytes)
                .and_then(|b| glcompute_driver::spirv::specialize(stage, &b, "main", &[]))
                .map(|s| (s, String::new()))
        } else {
            glsl::compile_accepting(stage, &String::from_utf8_lossy(&bytes), &accepts)
        };
        match compiled {
            Ok((shader, log)) => {
                if !log.is_empty() {
                    print!("{f}:\n{log}");
                }
                if dump_ir && (!link || files.len() > 1) {
                    println!("--- IR of {f}");
                    print!("{}", dump(&shader.module));
                }
                shaders.push((i as u32 + 1, stage, Some(Arc::new(shader))));
            }
            Err(log) => {
                print!("{f}: compile failed:\n{log}");
                ok = false;
            }
        }
    }
    if ok && link {
        match glsl::link(&shaders, true) {
            Ok((prog, log)) => {
                if !log.is_empty() {
                    print!("link:\n{log}");
                }
                if dump_ir {
                    println!("--- IR of the linked program");
                    print!("{}", dump(&prog.module));
                    if let Some(main) = prog.module.entry() {
                        let m = &prog.module;
                        // The analysis recurses over nesting: on the compiler's stack.
                        let text = glcompute_driver::glsl::on_compiler_stack(0, || {
                            let bf = glcompute_driver::ir::barrier_functions(m);
                            glcompute_driver::ir::uniformity::analyze(m, main, &bf).describe(m)
                        })
                        .unwrap_or_else(|e| e);
                        println!("--- uniformity of the linked program");
                        print!("{text}");
                    }
                }
                if opts.clif || opts.asm || dump_ir {
                    let local = prog.compute.and_then(|c| c.local_size);
                    match glsl::on_compiler_stack(0, || {
                        glcompute_driver::backend::compile(
                            &prog.module,
                            &prog.reflection,
                            local,
                            opts,
                        )
                    })
                    .and_then(|r| r)
                    {
                        Ok(k) => {
                            if dump_ir {
                                println!("--- regions of the work-group function");
                                for r in &k.regions {
                                    match &r.scalar {
                                        None => println!(
                                            "{}: SIMD, {} invocations at a time",
                                            r.span,
                                            glcompute_driver::backend::simd::LANES
                                        ),
                                        Some(why) => {
                                            println!("{}: one invocation at a time: {why}", r.span)
                                        }
                                    }
                                }
                            }
                            if let Some(c) = &k.clif {
                                println!("--- Cranelift IR of the work-group function");
                                print!("{c}");
                            }
                            if let Some(c) = &k.clif_optimized {
                                println!("--- the same after Cranelift's optimisations");
                                print!("{c}");
                            }
                            if let Some(a) = &k.asm {
                                println!("--- machine code");
                                print!("{a}");
                            }
                        }
                        Err(e) => {
                            println!("code generation failed: {e}");
                            ok = false;
                        }
                    }
                }
            }
            Err(log) => {
                print!("link failed:\n{log}");
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A GL 4.3 core (or OpenGL ES 3.2) context on the surfaceless display, current on this
/// thread until it is dropped: the one EGL set-up of the tool (`info`, `compile`,
/// `shader-test`).
pub(crate) struct GlSession {
    dpy: usize,
    ctx: usize,
}

impl GlSession {
    pub(crate) fn new() -> Result<GlSession, String> {
        GlSession::with_api(false)
    }

    /// A GL 4.3 core context, or with `es` an OpenGL ES 3.2 one.
    pub(crate) fn with_api(es: bool) -> Result<GlSession, String> {
        GlSession::with_profile(es, false)
    }

    /// [`GlSession::with_api`], with a compatibility-profile GL 4.3 context when
    /// `compat` (assembly programs).
    pub(crate) fn with_profile(es: bool, compat: bool) -> Result<GlSession, String> {
        use glcompute_driver::gl::egl_enums::*;
        let dpy = egl::get_platform_display(EGL_PLATFORM_SURFACELESS_MESA as u32, 0, &[])
            .map_err(|e| format!("eglGetPlatformDisplay: 0x{e:X}"))?;
        egl::initialize(dpy).map_err(|e| format!("eglInitialize: 0x{e:X}"))?;
        let (api, version) = if es {
            (EGL_OPENGL_ES_API, (3, 2))
        } else {
            (EGL_OPENGL_API, (4, 3))
        };
        egl::bind_api(api as u32).map_err(|e| format!("eglBindAPI: 0x{e:X}"))?;
        let mut attribs = vec![
            (EGL_CONTEXT_MAJOR_VERSION, version.0),
            (EGL_CONTEXT_MINOR_VERSION, version.1),
        ];
        // The profile of a desktop context (an OpenGL ES context has none).
        if !es {
            attribs.push((
                EGL_CONTEXT_OPENGL_PROFILE_MASK,
                if compat {
                    EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT
                } else {
                    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT
                },
            ));
        }
        let ctx = egl::create_context(dpy, 0, 0, &attribs)
            .map_err(|e| format!("eglCreateContext: 0x{e:X}"))?;
        egl::make_current(dpy, 0, 0, ctx).map_err(|e| format!("eglMakeCurrent: 0x{e:X}"))?;
        Ok(GlSession { dpy, ctx })
    }
}

impl Drop for GlSession {
    fn drop(&mut self) {
        let _ = egl::make_current(self.dpy, 0, 0, 0);
        let _ = egl::destroy_context(self.dpy, self.ctx);
    }
}

fn info() -> ExitCode {
    let _session = match GlSession::new() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("glcompute info: {e}");
            return ExitCode::FAILURE;
        }
    };
    let ctx = current().expect("current context");
    let mut st = ctx.state.lock();
    let string = |st: &glcompute_driver::state::context::ContextState, name| {
        st.get_string(name)
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    println!("EGL version:     1.5 (surfaceless and device platforms)");
    println!("EGL extensions:  {}", egl::DISPLAY_EXTENSIONS);
    println!("GL vendor:       {}", string(&st, GL_VENDOR));
    println!("GL renderer:     {}", string(&st, GL_RENDERER));
    println!("GL version:      {}", string(&st, GL_VERSION));
    println!("GL contexts:     OpenGL 4.3, 4.4, 4.5 and 4.6, core and compatibility profiles");
    println!(
        "GLSL version:    {}",
        string(&st, GL_SHADING_LANGUAGE_VERSION)
    );
    let n = st
        .get_value(GL_NUM_EXTENSIONS)
        .map(|v| v.as_i64()[0])
        .unwrap_or(0);
    println!("GL extensions ({n}):");
    for i in 0..n {
        if let Ok(s) = st.get_string_i(GL_EXTENSIONS, i as u32) {
            println!("    {}", s.to_string_lossy());
        }
    }
    println!("Compute limits:");
    for pname in [
        GL_MAX_COMPUTE_WORK_GROUP_COUNT,
        GL_MAX_COMPUTE_WORK_GROUP_SIZE,
        GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB,
    ] {
        let v: Vec<String> = (0..3)
            .map(|i| {
                st.get_value_indexed(pname, i)
                    .map(|v| v.as_i64()[0].to_string())
                    .unwrap_or_default()
            })
            .collect();
        println!("    {:<48} {}", Enum(pname).to_string(), v.join(", "));
    }
    for pname in [
        GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS,
        GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB,
        GL_MAX_COMPUTE_SHARED_MEMORY_SIZE,
        GL_MAX_COMPUTE_UNIFORM_BLOCKS,
        GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS,
        GL_MAX_COMPUTE_IMAGE_UNIFORMS,
        GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS,
        GL_MAX_COMPUTE_ATOMIC_COUNTERS,
        GL_MAX_COMPUTE_UNIFORM_COMPONENTS,
        GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS,
        GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS,
        GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS,
        GL_MAX_SHADER_STORAGE_BLOCK_SIZE,
        GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT,
        GL_MAX_UNIFORM_BUFFER_BINDINGS,
        GL_MAX_UNIFORM_BLOCK_SIZE,
        GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT,
        GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS,
        GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE,
        GL_MAX_IMAGE_UNITS,
        GL_MIN_MAP_BUFFER_ALIGNMENT,
    ] {
        let v = st.get_value(pname).map(|v| v.as_i64()[0]).unwrap_or(0);
        println!("    {:<48} {v}", Enum(pname).to_string());
    }
    drop(st);
    drop(_session);
    // The OpenGL ES context a client gets with EGL_OPENGL_ES_API.
    match GlSession::with_api(true) {
        Ok(_es) => {
            let ctx = current().expect("current context");
            let st = ctx.state.lock();
            println!(
                "OpenGL ES:       {}, {} ({} OpenGL ES extensions)",
                string(&st, GL_VERSION),
                string(&st, GL_SHADING_LANGUAGE_VERSION),
                glcompute_driver::limits::ES_EXTENSIONS.len()
            );
        }
        Err(e) => println!("OpenGL ES:       no context: {e}"),
    }
    print_coverage();
    ExitCode::SUCCESS
}

/// What `glcompute info` says glcompute claims, what is real and what only keeps state.
fn print_coverage() {
    use glcompute_driver::api::core_coverage;
    println!("GL core entry points (of GL/glcorearb.h):");
    for (lo, hi, total, have, missing) in core_coverage() {
        println!(
            "    GL {}.{}-{}.{}: {have} of {total} exported",
            lo / 10,
            lo % 10,
            hi / 10,
            hi % 10
        );
        if !missing.is_empty() {
            println!("        missing: {}", missing.join(", "));
        }
    }
    println!(
        "    {} other GL functions of the Khronos headers (extensions not advertised, compatibility-only commands): not exported; eglGetProcAddress gives a stub that records GL_INVALID_OPERATION",
        glcompute_driver::api::procs::unsupported_count()
    );
    println!("Real (computes, stores, answers):");
    for line in [
        "compute: dispatch (direct, indirect, variable group size), GLSL 4.30-4.60, GLSL ES 3.10/3.20 and SPIR-V compute shaders JIT-compiled, subroutines",
        "buffers, textures (70 formats, 46 compressed: RGTC, BPTC, ETC2/EAC, ASTC LDR; multisample, stencil), image units, samplers (anisotropic filtering), buffer textures",
        "framebuffer objects: clear, blit, read pixels, copy to textures",
        "programs and pipelines, program binaries, uniforms and interface queries",
        "queries: GL_TIME_ELAPSED, GL_TIMESTAMP; sync objects; KHR_debug",
        "graphics shaders: compiled and linked (interfaces, transform feedback varyings, subroutines)",
    ] {
        println!("    {line}");
    }
    println!("State only (kept and queried, nothing drawn):");
    for line in [
        "draw commands: GL_INVALID_OPERATION with a KHR_debug message naming the command",
        "clears, blits and reads of the default framebuffer: GL_INVALID_FRAMEBUFFER_OPERATION (it is incomplete: no pixels)",
        "viewports, scissor, depth range, blend, masks, depth/stencil, rasterization, hints, enables",
        "vertex arrays and current vertex attributes",
        "transform feedback objects: go active and paused, record nothing",
        "occlusion and primitive queries: count 0; conditional rendering (also inverted) discards clears as that count says",
        "the default framebuffer: no pixels",
    ] {
        println!("    {line}");
    }
}

/// The directory holding the driver (libglcompute_driver.so), the preload library
/// (libglcompute.so) and the gl/ folder of libGL/libEGL names.
fn library_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.to_path_buf();
    let candidates = [dir.clone(), dir.join("../lib"), dir.join("..")];
    candidates
        .into_iter()
        .find(|d| d.join("libglcompute_driver.so").exists())
}

/// The names applications load GL and EGL by (the same list as build.rs): the sonames
/// and the unversioned names some loaders try first.
const LOADER_NAMES: [&str; 8] = [
    "libGL.so.1",
    "libEGL.so.1",
    "libOpenGL.so.0",
    "libGLESv2.so.2",
    "libGL.so",
    "libEGL.so",
    "libOpenGL.so",
    "libGLESv2.so",
];

/// Makes sure `dir/gl` has the links of LOADER_NAMES.
fn gl_dir(dir: &Path) -> std::io::Result<PathBuf> {
    let gl = dir.join("gl");
    std::fs::create_dir_all(&gl)?;
    for name in LOADER_NAMES {
        let link = gl.join(name);
        if std::fs::metadata(&link).is_err() {
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink("../libglcompute_driver.so", &link)?;
        }
    }
    Ok(gl)
}

fn run(cmd: &[String]) -> ExitCode {
    use std::os::unix::process::CommandExt;
    let Some(dir) = library_dir() else {
        eprintln!("glcompute run: libglcompute_driver.so not found next to the glcompute binary");
        return ExitCode::FAILURE;
    };
    let gl = match gl_dir(&dir) {
        Ok(gl) => gl,
        Err(e) => {
            eprintln!("glcompute run: cannot lay out {}/gl: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let mut path = gl.display().to_string();
    if let Ok(old) = std::env::var("LD_LIBRARY_PATH")
        && !old.is_empty()
    {
        path = format!("{path}:{old}");
    }
    let err = std::process::Command::new(&cmd[0])
        .args(&cmd[1..])
        .env("LD_LIBRARY_PATH", path)
        .exec();
    eprintln!("glcompute run: {}: {err}", cmd[0]);
    ExitCode::from(127)
}

/// Runs `cmd` with the preload library first in LD_PRELOAD (interposed mode).
fn run_interposed(cmd: &[String]) -> ExitCode {
    use std::os::unix::process::CommandExt;
    let Some(dir) = library_dir() else {
        eprintln!("glcompute run: libglcompute_driver.so not found next to the glcompute binary");
        return ExitCode::FAILURE;
    };
    let preload = dir.join("libglcompute.so");
    if !preload.exists() {
        eprintln!("glcompute run: {} not found", preload.display());
        return ExitCode::FAILURE;
    }
    let mut value = preload.display().to_string();
    if let Ok(old) = std::env::var("LD_PRELOAD")
        && !old.is_empty()
    {
        value = format!("{value}:{old}");
    }
    let err = std::process::Command::new(&cmd[0])
        .args(&cmd[1..])
        .env("LD_PRELOAD", value)
        .exec();
    eprintln!("glcompute run: {}: {err}", cmd[0]);
    ExitCode::from(127)
}
