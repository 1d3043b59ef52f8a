//! Program binaries (GL 4.6 §7.5): GetProgramBinary and ProgramBinary in one format,
//! [`BINARY_FORMAT`]. A binary holds what the shaders a program was linked from were
//! made of — GLSL source text, or a SPIR-V module with its entry point and
//! specialization values — with their stages and whether the program was separable,
//! and a
//! header naming the format's version and the glcompute version that wrote it and a
//!checksum of the whole. Loading one compiles (or specializes) and links them again, so a
//! binary survives a restart of the application and any change of CPU; a binary that
//! is truncated, corrupted, or written by another glcompute version is refused
//! cleanly: LINK_STATUS becomes FALSE and the info log says why (no GL error, as
//! GL 4.6 §7.5 wants).

use super::context::ContextState;
use super::program::stage_of;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::glsl;
use crate::state::objects::program::LinkedSource;

/// The one binary format (PROGRAM_BINARY_FORMATS): "GLC" and a format number.
pub const BINARY_FORMAT: u32 = 0x474C_4331;
const MAGIC: &[u8; 8] = b"GLCPROG\0";
/// Bumped whenever the layout below changes.
const LAYOUT_VERSION: u32 = 2;
/// Each source's kind byte.
const SOURCE_GLSL: u8 = 0;
const SOURCE_SPIRV: u8 = 1;

/// FNV-1a, 64 bits: detects corruption (not an attacker: the sources are compiled
/// with every check a fresh compile has).
fn checksum(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The binary of a program linked from `sources` (stage enum, source).
pub fn encode(sources: &[(u32, LinkedSource)], separable: bool) -> Vec<u8> {
    let mut body = Vec::new();
    let version = env!("CARGO_PKG_VERSION").as_bytes();
    body.extend_from_slice(&(version.len() as u32).to_le_bytes());
    body.extend_from_slice(version);
    body.push(separable as u8);
    body.extend_from_slice(&(sources.len() as u32).to_le_bytes());
    for (kind, source) in sources {
        body.extend_from_slice(&kind.to_le_bytes());
        match source {
            LinkedSource::Glsl(text) => {
                body.push(SOURCE_GLSL);
                body.extend_from_slice(&(text.len() as u64).to_le_bytes());
                body.extend_from_slice(text.as_bytes());
            }
            LinkedSource::Spirv {
                binary,
                entry,
                constants,
            } => {
                body.push(SOURCE_SPIRV);
                body.extend_from_slice(&(entry.len() as u64).to_le_bytes());
                body.extend_from_slice(entry.as_bytes());
                body.extend_from_slice(&(constants.len() as u64).to_le_bytes());
                for (i, v) in constants {
                    body.extend_from_slice(&i.to_le_bytes());
                    body.extend_from_slice(&v.to_le_bytes());
                }
                body.extend_from_slice(&(binary.words.len() as u64).to_le_bytes());
                for w in &binary.words {
                    body.extend_from_slice(&w.to_le_bytes());
                }
            }
        }
    }
    let mut out = Vec::with_capacity(body.len() + 24);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&LAYOUT_VERSION.to_le_bytes());
    out.extend_from_slice(&checksum(&body).to_le_bytes());
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// Reads a little-endian field, or says the binary is truncated.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if self.0.len() < n {
            return Err("the binary is truncated".into());
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Ok(a)
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

/// The sources and separability in a binary, or why it is refused.
pub fn decode(data: &[u8]) -> Result<(Vec<(u32, LinkedSource)>, bool), String> {
    let mut r = Reader(data);
    if r.take(MAGIC.len())? != MAGIC {
        return Err("the binary was not written by glcompute".into());
    }
    let layout = r.u32()?;
    if layout != LAYOUT_VERSION {
        return Err(format!(
            "the binary has layout {layout}; this glcompute reads layout {LAYOUT_VERSION}"
        ));
    }
    let sum = r.u64()?;
    let len = usize::try_from(r.u64()?).map_err(|_| "the binary is truncated".to_string())?;
    let body = r.take(len)?;
    if checksum(body) != sum {
        return Err("the binary is corrupted (its checksum does not match)".into());
    }
    let mut b = Reader(body);
    let vlen = b.u32()? as usize;
    let version = b.take(vlen)?;
    if version != env!("CARGO_PKG_VERSION").as_bytes() {
        return Err(format!(
            "the binary was written by glcompute {}, this is glcompute {}",
            String::from_utf8_lossy(version),
            env!("CARGO_PKG_VERSION")
        ));
    }
    let separable = b.take(1)?[0] != 0;
    let n = b.u32()?;
    let mut sources = Vec::new();
    let len = |b: &mut Reader| -> Result<usize, String> {
        usize::try_from(b.u64()?).map_err(|_| "the binary is truncated".to_string())
    };
    for _ in 0..n {
        let kind = b.u32()?;
        if stage_of(kind).is_none() {
            return Err(format!(
                "the binary names an unknown shader stage {}",
                Enum(kind)
            ));
        }
        let source = match b.take(1)?[0] {
            SOURCE_GLSL => {
                let tlen = len(&mut b)?;
                let text = std::str::from_utf8(b.take(tlen)?)
                    .map_err(|_| "the binary's source text is not UTF-8".to_string())?;
                LinkedSource::Glsl(text.to_string())
            }
            SOURCE_SPIRV => {
                let elen = len(&mut b)?;
                let entry = std::str::from_utf8(b.take(elen)?)
                    .map_err(|_| "the binary's entry point name is not UTF-8".to_string())?
                    .to_string();
                let nc = len(&mut b)?;
                // Each constant is 8 bytes: a count past the body is a truncation.
                if nc > b.0.len() / 8 {
                    return Err("the binary is truncated".into());
                }
                let mut constants = Vec::with_capacity(nc);
                for _ in 0..nc {
                    constants.push((b.u32()?, b.u32()?));
                }
                let nw = len(&mut b)?;
                let bytes = b.take(nw.checked_mul(4).ok_or("the binary is truncated")?)?;
                let binary = crate::spirv::read(bytes)
                    .map_err(|e| format!("the binary's SPIR-V module is refused: {e}"))?;
                LinkedSource::Spirv {
                    binary: std::sync::Arc::new(binary),
                    entry,
                    constants,
                }
            }
            k => return Err(format!("the binary has an unknown source kind {k}")),
        };
        sources.push((kind, source));
    }
    Ok((sources, separable))
}

impl ContextState {
    /// GetProgramBinary (GL 4.6 §7.5.1): the binary and its format.
    pub fn get_program_binary(&mut self, program: u32, buf_size: i32) -> GlResult<Vec<u8>> {
        let prog = self.lookup_program(program)?;
        let st = prog.state.lock();
        // GL 4.6 §7.5.1: INVALID_OPERATION if the program's last link failed.
        if !st.link_status {
            gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} is not linked, so it has no binary"
            );
        }
        let bin = encode(&st.linked_sources, st.separable);
        // GL 4.6 §7.5.1: INVALID_OPERATION if bufSize is less than
        // PROGRAM_BINARY_LENGTH.
        if (buf_size as i64) < bin.len() as i64 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "bufSize = {buf_size} is less than GL_PROGRAM_BINARY_LENGTH = {}",
                bin.len()
            );
        }
        Ok(bin)
    }

    /// PROGRAM_BINARY_LENGTH: 0 unless the program is linked.
    pub fn program_binary_length(&self, st: &crate::state::objects::program::ProgramState) -> i64 {
        if st.link_status {
            encode(&st.linked_sources, st.separable).len() as i64
        } else {
            0
        }
    }

    /// ProgramBinary (GL 4.6 §7.5.2): compiles and links the binary's sources into
    /// `program` (its attached shaders do not change); a refused binary leaves the
    /// program unlinked with the reason in its info log.
    pub fn program_binary(&mut self, program: u32, format: u32, data: &[u8]) -> GlResult<()> {
        let prog = self.lookup_program(program)?;
        // GL 4.6 §7.5.2: INVALID_ENUM if the format is not one of PROGRAM_BINARY_FORMATS.
        if format != BINARY_FORMAT {
            gl_bail!(
                GL_INVALID_ENUM,
                "binaryFormat 0x{format:X} is not glcompute's (GL_PROGRAM_BINARY_FORMATS lists 0x{BINARY_FORMAT:X})"
            );
        }
        let outcome = decode(data).and_then(|(sources, separable)| {
            let accepts = self.accepts();
            let mut compiled = Vec::new();
            let mut log = String::new();
            for (i, (kind, source)) in sources.iter().enumerate() {
                let stage = stage_of(*kind).expect("checked by decode");
                let result = match source {
                    LinkedSource::Glsl(text) => glsl::compile_accepting(stage, text, &accepts),
                    LinkedSource::Spirv {
                        binary,
                        entry,
                        constants,
                    } => crate::ir::shader::on_compiler_stack(
                        binary.words.len().saturating_mul(4),
                        || crate::spirv::specialize(stage, binary, entry, constants),
                    )
                    .and_then(|r| r)
                    .map(|c| (c, String::new())),
                };
                match result {
                    Ok((c, l)) => {
                        log.push_str(&l);
                        compiled.push((0, stage, Some(std::sync::Arc::new(c))));
                    }
                    Err(l) => {
                        return Err(format!("shader {i} of the binary no longer compiles:\n{l}"));
                    }
                }
            }
            let (linked, l) = glsl::link(&compiled, self.info.is_core() || self.info.es)?;
            log.push_str(&l);
            let exe = crate::state::objects::program::Executable::link(linked)?;
            Ok((exe, log, sources, separable))
        });
        let mut st = prog.state.lock();
        match outcome {
            Ok((exe, log, sources, separable)) => {
                st.link_status = true;
                st.uniforms =
                    crate::state::objects::program::UniformState::from_reflection(&exe.reflection);
                st.executable = Some(std::sync::Arc::new(exe));
                st.info_log = log;
                st.linked_sources = sources;
                st.separable = separable;
            }
            Err(why) => {
                st.link_status = false;
                st.info_log = format!("error: glProgramBinary: {why}\n");
            }
        }
        st.validate_status = false;
        Ok(())
    }
}
