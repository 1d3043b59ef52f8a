//! SPIR-V shaders (GL 4.6 §7.2, §7.2.1; ARB_gl_spirv): ShaderBinary associates a
//! module with shader objects, SpecializeShader chooses its entry point and
//! specialization values and lowers it (the shader's compile status and info log say
//! how that went). Errors are checked in the spec's order before anything changes.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::state::context::ContextState;
use crate::state::program::stage_of;
use std::sync::Arc;

impl ContextState {
    /// ShaderBinary (GL 4.6 §7.2).
    pub fn shader_binary(
        &mut self,
        names: &[u32],
        binary_format: u32,
        bytes: &[u8],
    ) -> GlResult<()> {
        // GL 4.6 §7.2: INVALID_ENUM if binaryFormat is not in SHADER_BINARY_FORMATS.
        if binary_format != GL_SHADER_BINARY_FORMAT_SPIR_V {
            gl_bail!(
                GL_INVALID_ENUM,
                "binaryFormat {} is not a supported shader binary format (GL_SHADER_BINARY_FORMAT_SPIR_V is)",
                Enum(binary_format)
            );
        }
        // GL 4.6 §7.2: INVALID_VALUE if the data does not match the format.
        let bin = match crate::spirv::read(bytes) {
            Ok(b) => Arc::new(b),
            Err(e) => gl_bail!(GL_INVALID_VALUE, "binary is not a valid SPIR-V module: {e}"),
        };
        // GL 4.6 §7.2: INVALID_VALUE for a name that is no shader or program,
        // INVALID_OPERATION for a program (lookup_shader gives both).
        let shaders = names
            .iter()
            .map(|&n| self.lookup_shader(n))
            .collect::<GlResult<Vec<_>>>()?;
        for sh in shaders {
            let mut st = sh.state.lock();
            st.spirv = Some(bin.clone());
            st.specialized = false;
            st.specialization = None;
            st.compile_status = false;
            st.source = None;
            st.compiled = None;
            st.compiled_source = None;
            st.info_log.clear();
        }
        Ok(())
    }

    /// SpecializeShader (GL 4.6 §7.2.1).
    pub fn specialize_shader(
        &mut self,
        shader: u32,
        entry: &str,
        constants: &[(u32, u32)],
    ) -> GlResult<()> {
        // GL 4.6 §7.2.1: INVALID_VALUE if shader is not a shader or program name,
        // INVALID_OPERATION if it names a program.
        let sh = self.lookup_shader(shader)?;
        let (bin, specialized) = {
            let st = sh.state.lock();
            (st.spirv.clone(), st.specialized)
        };
        // GL 4.6 §7.2.1: INVALID_OPERATION if SPIR_V_BINARY is not TRUE or the shader
        // has already been specialized.
        let Some(bin) = bin else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "shader {shader} is not a SPIR-V shader"
            );
        };
        if specialized {
            gl_bail!(
                GL_INVALID_OPERATION,
                "shader {shader} has already been specialized (ShaderBinary it again first)"
            );
        }
        // GL 4.6 §7.2.1: INVALID_VALUE if pEntryPoint names no OpEntryPoint;
        // INVALID_OPERATION if that entry point's execution model is not the
        // shader's stage.
        if !bin.entry_points.iter().any(|(n, _)| n == entry) {
            gl_bail!(
                GL_INVALID_VALUE,
                "the SPIR-V module of shader {shader} has no entry point named \"{entry}\""
            );
        }
        let stage = stage_of(sh.kind).expect("created with a valid type");
        let model = crate::spirv::model_of(stage);
        if !bin
            .entry_points
            .iter()
            .any(|(n, m)| n == entry && *m == model)
        {
            gl_bail!(
                GL_INVALID_OPERATION,
                "entry point \"{entry}\" of shader {shader}'s module is not a {} entry point",
                stage.name()
            );
        }
        // GL 4.6 §7.2.1: INVALID_VALUE if an index names no specialization constant.
        if let Some((i, _)) = constants.iter().find(|(i, _)| !bin.spec_ids.contains(i)) {
            gl_bail!(
                GL_INVALID_VALUE,
                "the module of shader {shader} has no specialization constant with SpecId {i}"
            );
        }
        let words_len = bin.words.len();
        let outcome = crate::ir::shader::on_compiler_stack(words_len.saturating_mul(4), || {
            crate::spirv::specialize(stage, &bin, entry, constants)
        })
        .and_then(|r| r);
        let mut st = sh.state.lock();
        match outcome {
            Ok(compiled) => {
                st.compile_status = true;
                st.specialized = true;
                st.specialization = Some((entry.to_string(), constants.to_vec()));
                st.compiled = Some(Arc::new(compiled));
                st.info_log.clear();
            }
            Err(log) => {
                st.compile_status = false;
                st.compiled = None;
                st.info_log = log;
            }
        }
        st.compiled_source = None;
        Ok(())
    }
}
