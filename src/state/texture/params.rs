//! Texture parameters and level queries (GL 4.6 §8.10, §8.11.2): TexParameter*,
//! GetTexParameter* and GetTexLevelParameter* (buffer textures' level state included).

use crate::format::internal::{component_type, internal_format};
use crate::format::texel::Format;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::MAX_LEVELS;
use crate::state::context::ContextState;
use crate::state::objects::sampler::{SamplerParams, TexValue};
use crate::state::objects::texture::{FACES, Level, Texture};
use std::sync::Arc;

impl ContextState {
    /// TexParameter* / TextureParameter* (GL 4.6 §8.10). `v` holds the values as
    /// given (floats), `ints` the integer form (for the I/Iui setters and enums).
    pub fn tex_parameter(
        &mut self,
        tex: Arc<Texture>,
        pname: u32,
        v: &[f64],
        raw: Option<[u32; 4]>,
    ) -> GlResult<()> {
        let mut st = tex.state.lock();
        let e = v.first().copied().unwrap_or(0.0) as i64 as u32;
        let target = st.target;
        let enum_in = |allowed: &[u32], what: &str| -> GlResult<u32> {
            if allowed.contains(&e) {
                Ok(e)
            } else {
                // GL 4.6 §8.10: INVALID_ENUM if param is not an accepted value.
                gl_bail!(GL_INVALID_ENUM, "{} is not a valid {what}", Enum(e))
            }
        };
        let rect = target == GL_TEXTURE_RECTANGLE;
        let ms = matches!(
            target,
            GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        );
        // GL 4.6 §8.10: INVALID_ENUM for sampler state of a multisample texture.
        if ms && SamplerParams::new(target).get(pname).is_some() {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} is sampler state, which multisample textures do not have",
                Enum(pname)
            );
        }
        if st.sampler.set(pname, v, raw, rect)? {
            return Ok(());
        }
        match pname {
            GL_TEXTURE_BASE_LEVEL | GL_TEXTURE_MAX_LEVEL => {
                let x = v[0] as i64;
                // GL 4.6 §8.10: INVALID_VALUE for a negative level; a rectangle
                // texture's base level must be 0 (INVALID_OPERATION).
                if x < 0 {
                    gl_bail!(GL_INVALID_VALUE, "{} = {x} is negative", Enum(pname));
                }
                if (rect || ms) && pname == GL_TEXTURE_BASE_LEVEL && x != 0 {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "a {} texture's base level must be 0",
                        Enum(target)
                    );
                }
                let x = x.min(i32::MAX as i64) as i32;
                if pname == GL_TEXTURE_BASE_LEVEL {
                    st.base_level = if st.immutable {
                        x.min(st.immutable_levels as i32 - 1)
                    } else {
                        x
                    };
                } else {
                    st.max_level = if st.immutable {
                        x.clamp(st.base_level, st.immutable_levels as i32 - 1)
                    } else {
                        x
                    };
                }
            }
            GL_TEXTURE_SWIZZLE_R | GL_TEXTURE_SWIZZLE_G | GL_TEXTURE_SWIZZLE_B
            | GL_TEXTURE_SWIZZLE_A => {
                let s = enum_in(
                    &[GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE],
                    "swizzle",
                )?;
                st.swizzle[(pname - GL_TEXTURE_SWIZZLE_R) as usize] = s;
            }
            GL_TEXTURE_SWIZZLE_RGBA => {
                let mut s = [0u32; 4];
                for (i, x) in v.iter().take(4).enumerate() {
                    let e = *x as i64 as u32;
                    if ![GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE].contains(&e) {
                        gl_bail!(GL_INVALID_ENUM, "{} is not a valid swizzle", Enum(e));
                    }
                    s[i] = e;
                }
                st.swizzle = s;
            }
            GL_DEPTH_STENCIL_TEXTURE_MODE => {
                st.depth_stencil_mode = enum_in(
                    &[GL_DEPTH_COMPONENT, GL_STENCIL_INDEX],
                    "depth stencil mode",
                )?
            }
            // GL 4.6 §8.10: INVALID_ENUM if pname is not a texture parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a texture parameter",
                Enum(pname)
            ),
        }
        Ok(())
    }

    /// GetTexParameter* (GL 4.6 §8.11.2): values as floats (integers exactly), or the
    /// raw integer border colour.
    pub fn get_tex_parameter(&self, tex: &Texture, pname: u32) -> GlResult<TexValue> {
        let st = tex.state.lock();
        if let Some(v) = st.sampler.get(pname) {
            return Ok(v);
        }
        let i = |v: u32| TexValue::Ints(vec![v as i64]);
        Ok(match pname {
            GL_TEXTURE_BASE_LEVEL => TexValue::Ints(vec![st.base_level as i64]),
            GL_TEXTURE_MAX_LEVEL => TexValue::Ints(vec![st.max_level as i64]),
            GL_TEXTURE_SWIZZLE_R => i(st.swizzle[0]),
            GL_TEXTURE_SWIZZLE_G => i(st.swizzle[1]),
            GL_TEXTURE_SWIZZLE_B => i(st.swizzle[2]),
            GL_TEXTURE_SWIZZLE_A => i(st.swizzle[3]),
            GL_TEXTURE_SWIZZLE_RGBA => {
                TexValue::Ints(st.swizzle.iter().map(|&x| x as i64).collect())
            }
            GL_DEPTH_STENCIL_TEXTURE_MODE => i(st.depth_stencil_mode),
            GL_TEXTURE_IMMUTABLE_FORMAT => TexValue::Ints(vec![st.immutable as i64]),
            GL_TEXTURE_IMMUTABLE_LEVELS => {
                TexValue::Ints(vec![st.view.map_or(st.immutable_levels, |v| v[4]) as i64])
            }
            GL_TEXTURE_TARGET => i(st.target),
            GL_IMAGE_FORMAT_COMPATIBILITY_TYPE => i(GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE),
            GL_TEXTURE_VIEW_MIN_LEVEL
            | GL_TEXTURE_VIEW_NUM_LEVELS
            | GL_TEXTURE_VIEW_MIN_LAYER
            | GL_TEXTURE_VIEW_NUM_LAYERS => {
                let r = crate::state::texture::view::view_range(&st);
                let i = match pname {
                    GL_TEXTURE_VIEW_MIN_LEVEL => 0,
                    GL_TEXTURE_VIEW_NUM_LEVELS => 1,
                    GL_TEXTURE_VIEW_MIN_LAYER => 2,
                    _ => 3,
                };
                TexValue::Ints(vec![r[i] as i64])
            }
            // GL 4.6 §8.11.2: INVALID_ENUM if pname is not a texture parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a texture parameter",
                Enum(pname)
            ),
        })
    }

    /// GetTexLevelParameter of a buffer texture (GL 4.6 §8.11.2): level 0 describes the
    /// texel array its buffer range holds (TEXTURE_BUFFER_SIZE: the whole buffer's
    /// current size for TexBuffer), with R8's values while no buffer is attached.
    fn buffer_level_parameter(
        binding: Option<(Arc<crate::state::objects::buffer::Buffer>, u32, i64, i64)>,
        level: i32,
        pname: u32,
    ) -> GlResult<i64> {
        let (name, internal, offset, size) = match &binding {
            Some((b, internal, offset, size)) => {
                // The buffer's lock is taken with the texture's released.
                let size = if *size < 0 {
                    b.state.lock().size() as i64
                } else {
                    *size
                };
                (b.name as i64, *internal, *offset, size)
            }
            None => (0, GL_R8, 0, 0),
        };
        let f = internal_format(internal);
        let texels = f
            .filter(|_| level == 0)
            .map(|f| (size / f.bytes() as i64).min(crate::limits::MAX_TEXTURE_BUFFER_SIZE))
            .unwrap_or(0);
        let one = (level == 0 && binding.is_some()) as i64;
        let bits = |i: usize| f.map_or(0, |f| f.color_bits()[i] as i64) * (level == 0) as i64;
        let kind = |c: usize| -> i64 {
            if level == 0 {
                f.map_or(GL_NONE, |f| component_type(f, c)) as i64
            } else {
                GL_NONE as i64
            }
        };
        Ok(match pname {
            GL_TEXTURE_WIDTH => texels,
            GL_TEXTURE_HEIGHT | GL_TEXTURE_DEPTH => one,
            GL_TEXTURE_INTERNAL_FORMAT => internal as i64,
            GL_TEXTURE_RED_SIZE => bits(0),
            GL_TEXTURE_GREEN_SIZE => bits(1),
            GL_TEXTURE_BLUE_SIZE => bits(2),
            GL_TEXTURE_ALPHA_SIZE => bits(3),
            GL_TEXTURE_DEPTH_SIZE | GL_TEXTURE_STENCIL_SIZE | GL_TEXTURE_SHARED_SIZE => 0,
            GL_TEXTURE_RED_TYPE => kind(0),
            GL_TEXTURE_GREEN_TYPE => kind(1),
            GL_TEXTURE_BLUE_TYPE => kind(2),
            GL_TEXTURE_ALPHA_TYPE => kind(3),
            GL_TEXTURE_DEPTH_TYPE => GL_NONE as i64,
            GL_TEXTURE_COMPRESSED | GL_TEXTURE_SAMPLES => 0,
            GL_TEXTURE_FIXED_SAMPLE_LOCATIONS => 1,
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING => name,
            GL_TEXTURE_BUFFER_OFFSET => offset,
            GL_TEXTURE_BUFFER_SIZE => size,
            // GL 4.6 §8.11.2: INVALID_ENUM if pname is not a level parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a texture level parameter",
                Enum(pname)
            ),
        })
    }

    /// GetTexLevelParameter* (GL 4.6 §8.11.2).
    pub fn get_tex_level_parameter(
        &self,
        tex: &Texture,
        face_target: Option<u32>,
        level: i32,
        pname: u32,
    ) -> GlResult<i64> {
        // GL 4.6 §8.11.2: INVALID_VALUE if level is negative or above the maximum.
        if level < 0 || level as usize >= MAX_LEVELS {
            gl_bail!(GL_INVALID_VALUE, "level = {level} is out of range");
        }
        let st = tex.state.lock();
        if st.target == GL_TEXTURE_BUFFER {
            let binding = st.buffer.clone();
            drop(st);
            return Self::buffer_level_parameter(binding, level, pname);
        }
        let mut l = st.levels[level as usize].as_ref();
        if st.target == GL_TEXTURE_CUBE_MAP
            && let Some(face) = face_target.and_then(|t| FACES.iter().position(|&f| f == t))
            && st.faces[level as usize] & (1 << face) == 0
        {
            l = None;
        }
        let cube = st.target == GL_TEXTURE_CUBE_MAP;
        // OpenGL ES's LUMINANCE, LUMINANCE_ALPHA and ALPHA images have no red, green
        // or blue component (luminance is none of them); their alpha is a stored
        // channel.
        let channel = |l: &Level, c: usize| match crate::format::es::legacy(l.internal) {
            Some(lg) => lg.sources.iter().position(|&s| s == c && c == 3),
            None => Some(c),
        };
        let bits = |i: usize| {
            l.and_then(|l| Some(l.format.color_bits()[channel(l, i)?] as i64))
                .unwrap_or(0)
        };
        let kind = |c: usize| -> i64 {
            l.and_then(|l| {
                let c = if c < 4 { channel(l, c)? } else { c };
                Some(component_type(l.format, c))
            })
            .unwrap_or(GL_NONE) as i64
        };
        Ok(match pname {
            GL_TEXTURE_WIDTH => l.map(|l| l.width as i64).unwrap_or(0),
            GL_TEXTURE_HEIGHT => l.map(|l| l.height as i64).unwrap_or(0),
            GL_TEXTURE_DEPTH => l
                .map(|l| if cube { 1 } else { l.depth as i64 })
                .unwrap_or(0),
            GL_TEXTURE_INTERNAL_FORMAT => l.map(|l| l.internal as i64).unwrap_or(GL_RGBA as i64),
            GL_TEXTURE_RED_SIZE => bits(0),
            GL_TEXTURE_GREEN_SIZE => bits(1),
            GL_TEXTURE_BLUE_SIZE => bits(2),
            GL_TEXTURE_ALPHA_SIZE => bits(3),
            GL_TEXTURE_DEPTH_SIZE => l
                .map(|l| l.format.depth_stencil_bits().0 as i64)
                .unwrap_or(0),
            GL_TEXTURE_STENCIL_SIZE => l
                .map(|l| l.format.depth_stencil_bits().1 as i64)
                .unwrap_or(0),
            GL_TEXTURE_SHARED_SIZE => l
                .map(|l| if l.format == Format::Rgb9E5 { 5 } else { 0 })
                .unwrap_or(0),
            GL_TEXTURE_RED_TYPE => kind(0),
            GL_TEXTURE_GREEN_TYPE => kind(1),
            GL_TEXTURE_BLUE_TYPE => kind(2),
            GL_TEXTURE_ALPHA_TYPE => kind(3),
            GL_TEXTURE_DEPTH_TYPE => kind(4),
            GL_TEXTURE_COMPRESSED => l.is_some_and(|l| l.compressed.is_some()) as i64,
            GL_TEXTURE_COMPRESSED_IMAGE_SIZE => {
                match l.and_then(|l| Some((l, l.compressed.as_ref()?))) {
                    Some((l, b)) => {
                        let d = if cube { 1 } else { l.depth };
                        crate::format::compressed::image_bytes(b.codec, l.width, l.height, d)
                            .unwrap_or(0) as i64
                    }
                    // GL 4.6 §8.11.2: INVALID_OPERATION for the compressed size of an
                    // image that is not compressed.
                    None => gl_bail!(
                        GL_INVALID_OPERATION,
                        "level {level} of texture {} is not a compressed image",
                        tex.name
                    ),
                }
            }
            GL_TEXTURE_SAMPLES => l.map(|l| l.samples as i64).unwrap_or(0),
            GL_TEXTURE_FIXED_SAMPLE_LOCATIONS => l.map(|l| l.fixed_locations as i64).unwrap_or(1),
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING => {
                st.buffer.as_ref().map(|b| b.0.name as i64).unwrap_or(0)
            }
            GL_TEXTURE_BUFFER_OFFSET => st.buffer.as_ref().map(|b| b.2).unwrap_or(0),
            GL_TEXTURE_BUFFER_SIZE => st.buffer.as_ref().map(|b| b.3.max(0)).unwrap_or(0),
            // GL 4.6 §8.11.2: INVALID_ENUM if pname is not a level parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a texture level parameter",
                Enum(pname)
            ),
        })
    }
}

/// The object a texture or sampler parameter command addresses.
#[derive(Clone, Copy)]
pub enum TexRef {
    /// The texture bound to a target of the active unit.
    Target(u32),
    /// A texture by name (the DSA commands).
    Named(u32),
    /// A sampler object (GL 4.6 §8.2), which takes the sampler parameters only.
    Sampler(u32),
}

/// How a GetTexParameter form returns values.
#[derive(Clone, Copy)]
pub enum ParamOut {
    Int,
    Float,
    /// The I forms: border colours as given by the I setters, others as integers.
    RawInt,
}

/// Values a texture parameter takes (4 for the vector ones).
fn param_count(pname: u32) -> usize {
    match pname {
        GL_TEXTURE_BORDER_COLOR | GL_TEXTURE_SWIZZLE_RGBA => 4,
        _ => 1,
    }
}

impl ContextState {
    fn param_texture(&self, t: TexRef) -> GlResult<Arc<Texture>> {
        match t {
            TexRef::Target(target) => self.bound_texture(target),
            TexRef::Named(name) => self.named_texture(name),
            // Sampler objects take the sampler-parameter paths, never this one.
            TexRef::Sampler(name) => {
                gl_bail!(GL_INVALID_OPERATION, "sampler {name} is not a texture")
            }
        }
    }

    /// TexParameter*, TextureParameter* and SamplerParameter* (GL 4.6 §8.10, §8.2):
    /// `scalar` for the forms that take one value; `read` gives the values (as f64,
    /// with the raw words of an integer border colour), or none for a null pointer.
    pub fn set_texture_parameter(
        &mut self,
        t: TexRef,
        pname: u32,
        scalar: bool,
        read: impl FnOnce(usize) -> (Vec<f64>, Option<[u32; 4]>),
    ) -> GlResult<()> {
        self.check_es_parameter(pname)?;
        let n = param_count(pname);
        // GL 4.6 §8.10 (§8.2 for samplers): INVALID_ENUM if a scalar form names a
        // vector parameter.
        if scalar && n > 1 {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} takes {n} values; use the vector form",
                Enum(pname)
            );
        }
        if let TexRef::Sampler(name) = t {
            let (v, raw) = read(n);
            if v.is_empty() {
                // No values (a null pointer): the sampler and pname are still checked
                // (GL 4.6 §8.2: INVALID_OPERATION for a name that is no sampler,
                // INVALID_ENUM for a pname that is no sampler parameter); nothing changes.
                return self.get_sampler_parameter(name, pname).map(drop);
            }
            return self.sampler_parameter(name, pname, &v, raw);
        }
        let tex = self.param_texture(t)?;
        if matches!(tex.state.lock().target, GL_TEXTURE_BUFFER) {
            // GL 4.6 §8.10: INVALID_ENUM for parameters of a buffer texture.
            gl_bail!(
                GL_INVALID_ENUM,
                "buffer textures have no parameter {}",
                Enum(pname)
            );
        }
        let (v, raw) = read(n);
        if v.is_empty() {
            // No values (a null pointer): pname is still checked as the queries check it
            // (INVALID_ENUM for no texture parameter); nothing changes.
            return self.get_tex_parameter(&tex, pname).map(drop);
        }
        self.check_es_values(pname, &v)?;
        self.tex_parameter(tex, pname, &v, raw)
    }

    /// An OpenGL ES context's texture and sampler parameters are OpenGL ES 3.2's (and
    /// those of the extensions it announces): a desktop-only one (TEXTURE_LOD_BIAS,
    /// TEXTURE_PRIORITY, ...) is INVALID_ENUM (OpenGL ES 3.2 §8.10, §8.2: pname is one
    /// of table 20.10's; Mesa's OpenGL ES contexts do the same).
    fn check_es_parameter(&self, pname: u32) -> GlResult<()> {
        if self.info.es && !crate::gl::es_functions::is_es_enum(pname) {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} is not a texture or sampler parameter of OpenGL ES",
                Enum(pname)
            );
        }
        Ok(())
    }

    /// An OpenGL ES context's enumerated parameter values are OpenGL ES 3.2's: a
    /// desktop-only one (wrap mode CLAMP, ...) is INVALID_ENUM (OpenGL ES 3.2 §8.10: "if
    /// the value of param is not an accepted constant", table 8.20).
    fn check_es_values(&self, pname: u32, v: &[f64]) -> GlResult<()> {
        let enumerated = matches!(
            pname,
            GL_TEXTURE_WRAP_S
                | GL_TEXTURE_WRAP_T
                | GL_TEXTURE_WRAP_R
                | GL_TEXTURE_MIN_FILTER
                | GL_TEXTURE_MAG_FILTER
                | GL_TEXTURE_COMPARE_MODE
                | GL_TEXTURE_COMPARE_FUNC
                | GL_TEXTURE_SWIZZLE_R
                | GL_TEXTURE_SWIZZLE_G
                | GL_TEXTURE_SWIZZLE_B
                | GL_TEXTURE_SWIZZLE_A
                | GL_TEXTURE_SWIZZLE_RGBA
                | GL_DEPTH_STENCIL_TEXTURE_MODE
        );
        if !self.info.es || !enumerated {
            return Ok(());
        }
        for &x in v {
            // Zero (NONE) and one are ES tokens (ZERO, ONE as swizzles).
            let token = x as i64;
            let known = x == token as f64
                && u32::try_from(token).is_ok_and(crate::gl::es_functions::is_es_enum);
            if !known {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "{x} is not a value of {} in OpenGL ES",
                    Enum(pname)
                );
            }
        }
        Ok(())
    }

    /// GetTexParameter*, GetTextureParameter* and GetSamplerParameter*: the values of
    /// `pname` as the form `out` returns them, one 32-bit word each (GL 4.6 §2.2.2
    /// conversions).
    pub fn texture_parameter_words(
        &self,
        t: TexRef,
        pname: u32,
        out: ParamOut,
    ) -> GlResult<Vec<u32>> {
        self.check_es_parameter(pname)?;
        let v = match t {
            TexRef::Sampler(name) => self.get_sampler_parameter(name, pname)?,
            t => self.get_tex_parameter(&*self.param_texture(t)?, pname)?,
        };
        Ok(match (v, out) {
            (TexValue::Raw(r), ParamOut::RawInt) => r.to_vec(),
            (TexValue::Raw(r), ParamOut::Float) => {
                r.iter().map(|&x| (x as i32 as f32).to_bits()).collect()
            }
            (TexValue::Raw(r), ParamOut::Int) => r.to_vec(),
            (TexValue::Ints(v), ParamOut::Float) => {
                v.iter().map(|&x| (x as f32).to_bits()).collect()
            }
            (TexValue::Ints(v), _) => v.iter().map(|&x| x as i32 as u32).collect(),
            (TexValue::Floats(v), ParamOut::Float) => {
                v.iter().map(|&x| (x as f32).to_bits()).collect()
            }
            (TexValue::Floats(v), _) if pname == GL_TEXTURE_BORDER_COLOR => v
                .iter()
                // GL 4.6 §2.2.2: colours map [-1, 1] linearly to the integer range.
                .map(|&x| ((x.clamp(-1.0, 1.0) * 2147483647.0).round() as i32) as u32)
                .collect(),
            (TexValue::Floats(v), _) => v.iter().map(|&x| x.round() as i32 as u32).collect(),
        })
    }

    /// GetTexLevelParameter* and GetTextureLevelParameter* (GL 4.6 §8.11.2).
    pub fn texture_level_parameter(&self, t: TexRef, level: i32, pname: u32) -> GlResult<i64> {
        let face = match t {
            TexRef::Target(target) => Some(target),
            _ => None,
        };
        let tex = match t {
            TexRef::Target(target) => {
                // GL 4.6 §8.11.2: INVALID_ENUM for a target that is not a texture
                // target (GL_TEXTURE_CUBE_MAP itself names no image).
                if target == GL_TEXTURE_CUBE_MAP {
                    gl_bail!(
                        GL_INVALID_ENUM,
                        "GL_TEXTURE_CUBE_MAP has no level images; name a face"
                    );
                }
                match self.proxy_texture(target) {
                    // GL 4.6 §8.11.2: INVALID_OPERATION for TEXTURE_COMPRESSED_IMAGE_SIZE
                    // of a proxy target.
                    Some(_) if pname == GL_TEXTURE_COMPRESSED_IMAGE_SIZE => gl_bail!(
                        GL_INVALID_OPERATION,
                        "a proxy texture has no compressed image to measure"
                    ),
                    // GL 4.6 §8.22: the proxy targets answer their image state.
                    Some(proxy) => proxy,
                    None => self.query_target(target)?,
                }
            }
            TexRef::Sampler(name) => {
                gl_bail!(GL_INVALID_OPERATION, "sampler {name} has no levels")
            }
            TexRef::Named(name) => self.named_texture(name)?,
        };
        self.get_tex_level_parameter(&tex, face, level, pname)
    }
}
