//! Programs of graphics stages in SPIR-V (piglit's `arb_gl_spirv` tests): the
//! `[vertex shader spirv]`, `[fragment shader spirv]` (and the other stages') sections
//! assembled, specialized with their `[... specializations]` sections and linked into
//! one program, `[vertex shader passthrough]` as a SPIR-V module compiled from
//! piglit's passthrough shader; then the commands that need no rasterisation run as
//! shader_runner runs them in its SPIR-V mode, where names are not relied on: `block
//! binding/offset/array index/matrix stride/row major` and the `uniform` commands that
//! write a uniform block's buffer through them, `verify program_interface_query` of
//! uniform and storage blocks found by their binding, buffer set-up commands. glcompute
//! does not rasterise, so drawing commands and the probes of what a draw produced are
//! not run; a test with one reports what was checked and is a skip, never a pass.

use super::{Runner, Verdict, enum_by_name, int_word, nums, parse_type, shader_log};
use glcompute_driver::api::buffers::*;
use glcompute_driver::api::core::*;
use glcompute_driver::api::shaders::*;
use glcompute_driver::api::uniforms::*;
use glcompute_driver::gl::enums::*;
use std::collections::HashMap;

/// shader_runner's `block ...` state (defaults: array index 0, the rest -1; each
/// value stays until the next command sets it).
pub struct BlockState {
    binding: i32,
    offset: i32,
    array_index: i32,
    matrix_stride: i32,
    row_major: i32,
}

impl Default for BlockState {
    fn default() -> Self {
        BlockState {
            binding: -1,
            offset: -1,
            array_index: 0,
            matrix_stride: -1,
            row_major: -1,
        }
    }
}

/// What the graphics part of a run keeps.
#[derive(Default)]
pub struct Graphics {
    /// The test runs in shader_runner's SPIR-V mode.
    pub spirv: bool,
    pub block: BlockState,
    /// The uniform block index of each binding (SPIR-V mode).
    pub ubo_index: HashMap<u32, u32>,
    /// A drawing command was reached.
    pub drawn: bool,
    /// Commands not run because they draw or probe what a draw produced.
    pub not_run: usize,
}

/// The GL shader type of a `[... shader spirv]` section's stage name.
pub fn stage_type(section: &str) -> Option<u32> {
    Some(match section.split_whitespace().next()? {
        "vertex" => GL_VERTEX_SHADER,
        "tess" if section.starts_with("tess ctrl") => GL_TESS_CONTROL_SHADER,
        "tess" if section.starts_with("tess eval") => GL_TESS_EVALUATION_SHADER,
        "geometry" => GL_GEOMETRY_SHADER,
        "fragment" => GL_FRAGMENT_SHADER,
        "compute" => GL_COMPUTE_SHADER,
        _ => return None,
    })
}

/// piglit's passthrough vertex shader (shader_runner's, with the location its SPIR-V
/// form gives `piglit_vertex`).
const PASSTHROUGH: &str = "#version 450\nlayout(location = 0) in vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n";

impl Runner {
    /// Builds the program of SPIR-V stage modules `stages` (GL shader type,
    /// assembly), a passthrough vertex shader first if `passthrough`, with the
    /// specialization constants `specs` (shader type, id, value bits).
    pub(super) fn build_spirv_stages(
        &mut self,
        stages: &[(u32, String)],
        passthrough: bool,
        specs: &[(u32, u32, u32)],
    ) -> Result<(), Verdict> {
        let mut modules = Vec::new();
        if passthrough {
            modules.push((
                GL_VERTEX_SHADER,
                super::spirv::compile_glsl_stage(PASSTHROUGH, "vert")?,
            ));
        }
        for (ty, asm) in stages {
            modules.push((*ty, super::spirv::assemble(asm)?));
        }
        self.prog = glCreateProgram();
        for (ty, module) in modules {
            let s = glCreateShader(ty);
            let (ids, values): (Vec<u32>, Vec<u32>) = specs
                .iter()
                .filter(|(t, ..)| *t == ty)
                .map(|&(_, id, v)| (id, v))
                .unzip();
            // SAFETY: one shader name; `module` holds its length in bytes; ids and
            // values hold ids.len() entries each.
            unsafe {
                glShaderBinary(
                    1,
                    &s,
                    GL_SHADER_BINARY_FORMAT_SPIR_V,
                    module.as_ptr() as *const _,
                    module.len() as i32,
                );
                glSpecializeShader(
                    s,
                    c"main".as_ptr(),
                    ids.len() as u32,
                    ids.as_ptr(),
                    values.as_ptr(),
                );
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
        }
        glLinkProgram(self.prog);
        let mut ok = 0;
        // SAFETY: ok is writable.
        unsafe { glGetProgramiv(self.prog, GL_LINK_STATUS, &mut ok) };
        self.link_ok = ok != 0;
        Ok(())
    }

    /// The commands of graphics and SPIR-V tests; Ok(false) for the others.
    pub(super) fn graphics_command(&mut self, w: &[&str]) -> Result<bool, Verdict> {
        let draws = matches!(w, ["draw", ..] | ["xfb", "draw", ..]);
        let probes_drawn = matches!(
            w,
            [
                "probe",
                "all" | "rgb" | "rgba" | "rect" | "xfb" | "ssbo" | "atomic",
                ..
            ] | ["relative", "probe", ..]
                | ["verify", "query_object", ..]
        );
        if draws || (probes_drawn && self.gfx.drawn) {
            self.gfx.drawn = true;
            self.gfx.not_run += 1;
            return Ok(true);
        }
        let set = |w: &str| -> Result<i32, Verdict> { Ok(nums::<i32>(&[w])?[0]) };
        match w {
            ["block", "binding", n] => self.gfx.block.binding = set(n)?,
            ["block", "offset", n] => self.gfx.block.offset = set(n)?,
            ["block", "array", "index", n] | ["ubo", "array", "index", n] => {
                self.gfx.block.array_index = set(n)?
            }
            ["block", "matrix", "stride", n] => self.gfx.block.matrix_stride = set(n)?,
            ["block", "row", "major", n] => self.gfx.block.row_major = set(n)?,
            ["xfb", "buffer", "object", n, size] => {
                let (n, size): (u32, usize) = (nums(&[n])?[0], nums(&[size])?[0]);
                self.new_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, n, size);
            }
            ["uniform", ty, name, values @ ..]
                if self.gfx.spirv && !self.ubos.is_empty() && name.parse::<i32>().is_err() =>
            {
                self.spirv_block_uniform(ty, values)?
            }
            [
                "verify",
                "program_interface_query",
                iface,
                name,
                prop,
                value,
            ] => self.interface_query(iface, name, prop, value)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `uniform TYPE NAME VALUES` in SPIR-V mode: NAME is not used; the value goes
    /// into the buffer of the block at `block binding` (+ `block array index`), at
    /// `block offset`, matrices with `block matrix stride` and `block row major`
    /// (values listed column by column), as shader_runner writes it.
    fn spirv_block_uniform(&mut self, ty: &str, values: &[&str]) -> Result<(), Verdict> {
        let b = &self.gfx.block;
        if b.binding < 0 || b.offset < 0 {
            return Err(Verdict::Fail(
                "a block uniform in SPIR-V mode needs `block binding' and `block offset'".into(),
            ));
        }
        let index = self
            .gfx
            .ubo_index
            .get(&(b.binding as u32))
            .copied()
            .unwrap_or(0) as i64
            + b.array_index as i64;
        let Some(&buf) = usize::try_from(index).ok().and_then(|i| self.ubos.get(i)) else {
            return Err(Verdict::Fail(format!("no uniform block {index}")));
        };
        let (scalar, cols, rows) =
            parse_type(ty).ok_or_else(|| Verdict::Fail(format!("unknown uniform type `{ty}'")))?;
        let kind = if scalar == "bool" { "uint" } else { scalar };
        let size = super::type_size(kind);
        let at = b.offset as usize;
        let stride = b.matrix_stride.max(0) as usize;
        let row_major = b.row_major != 0;
        for c in 0..cols {
            for r in 0..rows {
                // shader_runner writes the values a line gives (some of piglit's
                // tests give fewer than the type has).
                let Some(v) = values.get(c * rows + r) else {
                    continue;
                };
                let bytes = super::encode(kind, &[v])?;
                let o = if cols == 1 {
                    at + r * size
                } else if row_major {
                    at + r * stride + c * size
                } else {
                    at + c * stride + r * size
                };
                glBindBuffer(GL_UNIFORM_BUFFER, buf);
                // SAFETY: bytes holds bytes.len() bytes.
                unsafe {
                    glBufferSubData(
                        GL_UNIFORM_BUFFER,
                        o as isize,
                        bytes.len() as isize,
                        bytes.as_ptr() as *const _,
                    )
                };
            }
        }
        Ok(())
    }

    /// `verify program_interface_query INTERFACE NAME PROPERTY VALUE`: the resource
    /// by NAME, or in SPIR-V mode (uniform and storage blocks only) the block whose
    /// GL_BUFFER_BINDING is `block binding`.
    fn interface_query(
        &mut self,
        iface: &str,
        name: &str,
        prop: &str,
        value: &str,
    ) -> Result<(), Verdict> {
        let e = |n: &str| enum_by_name(n).ok_or_else(|| Verdict::Fail(format!("unknown enum {n}")));
        let (iface_e, prop_e) = (e(iface)?, e(prop)?);
        let want = match enum_by_name(value) {
            Some(v) if value.starts_with("GL_") => v as i64,
            _ => int_word(value)?,
        };
        let mut count = 0;
        // SAFETY: count is writable.
        unsafe { glGetProgramInterfaceiv(self.prog, iface_e, GL_ACTIVE_RESOURCES, &mut count) };
        let query = |i: u32, p: u32| -> i32 {
            let mut v = !0;
            // SAFETY: one property in, one value out.
            unsafe {
                glGetProgramResourceiv(
                    self.prog,
                    iface_e,
                    i,
                    1,
                    &p,
                    1,
                    std::ptr::null_mut(),
                    &mut v,
                )
            };
            v
        };
        let found = (0..count.max(0) as u32).find(|&i| {
            if self.gfx.spirv {
                query(i, GL_BUFFER_BINDING) == self.gfx.block.binding
            } else {
                let mut buf = vec![0u8; 512];
                let mut len = 0;
                // SAFETY: buf holds 512 bytes; len is writable.
                unsafe {
                    glGetProgramResourceName(
                        self.prog,
                        iface_e,
                        i,
                        512,
                        &mut len,
                        buf.as_mut_ptr() as *mut _,
                    )
                };
                &buf[..len.max(0) as usize] == name.as_bytes()
            }
        });
        if self.gfx.spirv && !matches!(iface_e, GL_UNIFORM_BLOCK | GL_SHADER_STORAGE_BLOCK) {
            return Err(Verdict::Fail(format!(
                "{iface}: shader_runner's SPIR-V mode queries uniform and storage blocks only"
            )));
        }
        let Some(i) = found else {
            return Err(Verdict::Fail(if self.gfx.spirv {
                format!("no {iface} at binding {}", self.gfx.block.binding)
            } else {
                format!("no active resource named `{name}'")
            }));
        };
        let got = query(i, prop_e) as i64;
        if got != want {
            return Err(Verdict::Fail(format!(
                "{iface} {name} {prop}: expected {want}, got {got}"
            )));
        }
        Ok(())
    }

    /// Uniform block buffers in SPIR-V mode: one per block at the block's own binding.
    pub(super) fn setup_spirv_ubos(&mut self) {
        let mut n = 0;
        // SAFETY: n is writable.
        unsafe { glGetProgramiv(self.prog, GL_ACTIVE_UNIFORM_BLOCKS, &mut n) };
        for i in 0..n.max(0) as u32 {
            let (mut size, mut binding) = (0, 0);
            // SAFETY: size and binding are writable.
            unsafe {
                glGetActiveUniformBlockiv(self.prog, i, GL_UNIFORM_BLOCK_DATA_SIZE, &mut size);
                glGetActiveUniformBlockiv(self.prog, i, GL_UNIFORM_BLOCK_BINDING, &mut binding);
            }
            let binding = binding.max(0) as u32;
            let b = self.new_buffer(GL_UNIFORM_BUFFER, binding, size.max(16) as usize);
            self.ubos.push(b);
            self.gfx.ubo_index.insert(binding, i);
        }
    }
}
