//! Sampler state (GL 4.6 table 23.18), kept by sampler objects (§8.2) and by every
//! texture object, and the value type of the texture and sampler parameter queries.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::runtime::sync::Mutex;

pub struct Sampler {
    pub name: u32,
    pub params: Mutex<SamplerParams>,
}

/// Sampler state (GL 4.6 table 23.18), kept by texture objects and sampler objects.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplerParams {
    pub min_filter: u32,
    pub mag_filter: u32,
    pub wrap: [u32; 3],
    /// Border colour as given: floats, or integers for the I/Iui setters.
    pub border: [u32; 4],
    pub border_int: bool,
    pub min_lod: f32,
    pub max_lod: f32,
    pub lod_bias: f32,
    pub compare_mode: u32,
    pub compare_func: u32,
    pub max_anisotropy: f32,
}

impl SamplerParams {
    pub fn new(target: u32) -> SamplerParams {
        // GL 4.6 table 23.18: rectangle textures start with LINEAR and CLAMP_TO_EDGE;
        // multisample textures, which have no sampler state to set, answer NEAREST and
        // CLAMP_TO_EDGE (as Mesa, and piglit's arb_texture_storage_multisample-tex-param).
        let ms = matches!(
            target,
            GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        );
        if ms {
            return SamplerParams {
                min_filter: GL_NEAREST,
                mag_filter: GL_NEAREST,
                wrap: [GL_CLAMP_TO_EDGE; 3],
                ..SamplerParams::new(GL_TEXTURE_2D)
            };
        }
        let rect = target == GL_TEXTURE_RECTANGLE;
        SamplerParams {
            min_filter: if rect {
                GL_LINEAR
            } else {
                GL_NEAREST_MIPMAP_LINEAR
            },
            mag_filter: GL_LINEAR,
            wrap: [if rect { GL_CLAMP_TO_EDGE } else { GL_REPEAT }; 3],
            border: [0; 4],
            border_int: false,
            min_lod: -1000.0,
            max_lod: 1000.0,
            lod_bias: 0.0,
            compare_mode: GL_NONE,
            compare_func: GL_LEQUAL,
            max_anisotropy: 1.0,
        }
    }

    /// Sets a sampler parameter (GL 4.6 §8.10, table 23.18) of a texture (`rect`: a
    /// rectangle texture) or a sampler object; Ok(false) if `pname` is not one.
    pub fn set(
        &mut self,
        pname: u32,
        v: &[f64],
        raw: Option<[u32; 4]>,
        rect: bool,
    ) -> GlResult<bool> {
        let e = v.first().copied().unwrap_or(0.0) as i64 as u32;
        let enum_in = |allowed: &[u32], what: &str| -> GlResult<u32> {
            if allowed.contains(&e) {
                Ok(e)
            } else {
                // GL 4.6 §8.10: INVALID_ENUM if param is not an accepted value.
                gl_bail!(GL_INVALID_ENUM, "{} is not a valid {what}", Enum(e))
            }
        };
        let wraps = [
            GL_CLAMP_TO_EDGE,
            GL_REPEAT,
            GL_CLAMP_TO_BORDER,
            GL_MIRRORED_REPEAT,
            GL_MIRROR_CLAMP_TO_EDGE,
        ];
        match pname {
            GL_TEXTURE_MIN_FILTER => {
                let f = enum_in(
                    &[
                        GL_NEAREST,
                        GL_LINEAR,
                        GL_NEAREST_MIPMAP_NEAREST,
                        GL_LINEAR_MIPMAP_NEAREST,
                        GL_NEAREST_MIPMAP_LINEAR,
                        GL_LINEAR_MIPMAP_LINEAR,
                    ],
                    "minification filter",
                )?;
                // GL 4.6 §8.10: INVALID_ENUM for a mipmap filter on a rectangle texture.
                if rect && !matches!(f, GL_NEAREST | GL_LINEAR) {
                    gl_bail!(
                        GL_INVALID_ENUM,
                        "rectangle textures take only GL_NEAREST or GL_LINEAR"
                    );
                }
                self.min_filter = f;
            }
            GL_TEXTURE_MAG_FILTER => {
                self.mag_filter = enum_in(&[GL_NEAREST, GL_LINEAR], "magnification filter")?
            }
            GL_TEXTURE_WRAP_S | GL_TEXTURE_WRAP_T | GL_TEXTURE_WRAP_R => {
                let w = enum_in(&wraps, "wrap mode")?;
                // GL 4.6 §8.10: INVALID_ENUM for a repeating wrap on a rectangle texture.
                if rect && matches!(w, GL_REPEAT | GL_MIRRORED_REPEAT) {
                    gl_bail!(GL_INVALID_ENUM, "rectangle textures cannot repeat");
                }
                let i = match pname {
                    GL_TEXTURE_WRAP_S => 0,
                    GL_TEXTURE_WRAP_T => 1,
                    _ => 2,
                };
                self.wrap[i] = w;
            }
            GL_TEXTURE_BORDER_COLOR => match raw {
                Some(r) => {
                    self.border = r;
                    self.border_int = true;
                }
                None => {
                    let mut b = [0u32; 4];
                    for (i, x) in v.iter().take(4).enumerate() {
                        b[i] = (*x as f32).to_bits();
                    }
                    self.border = b;
                    self.border_int = false;
                }
            },
            GL_TEXTURE_MIN_LOD => self.min_lod = v[0] as f32,
            GL_TEXTURE_MAX_LOD => self.max_lod = v[0] as f32,
            GL_TEXTURE_LOD_BIAS => self.lod_bias = v[0] as f32,
            GL_TEXTURE_COMPARE_MODE => {
                self.compare_mode = enum_in(&[GL_NONE, GL_COMPARE_REF_TO_TEXTURE], "compare mode")?
            }
            GL_TEXTURE_COMPARE_FUNC => {
                self.compare_func = enum_in(
                    &[
                        GL_LEQUAL,
                        GL_GEQUAL,
                        GL_LESS,
                        GL_GREATER,
                        GL_EQUAL,
                        GL_NOTEQUAL,
                        GL_ALWAYS,
                        GL_NEVER,
                    ],
                    "compare function",
                )?
            }
            GL_TEXTURE_MAX_ANISOTROPY => {
                // GL 4.6 §8.10: INVALID_VALUE if the anisotropy is below 1.
                if v[0] < 1.0 {
                    gl_bail!(GL_INVALID_VALUE, "max anisotropy {} is below 1", v[0]);
                }
                self.max_anisotropy = v[0] as f32;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// A sampler parameter's value; None if `pname` is not one.
    pub fn get(&self, pname: u32) -> Option<TexValue> {
        let i = |v: u32| TexValue::Ints(vec![v as i64]);
        Some(match pname {
            GL_TEXTURE_MIN_FILTER => i(self.min_filter),
            GL_TEXTURE_MAG_FILTER => i(self.mag_filter),
            GL_TEXTURE_WRAP_S => i(self.wrap[0]),
            GL_TEXTURE_WRAP_T => i(self.wrap[1]),
            GL_TEXTURE_WRAP_R => i(self.wrap[2]),
            GL_TEXTURE_BORDER_COLOR => {
                if self.border_int {
                    TexValue::Raw(self.border)
                } else {
                    TexValue::Floats(
                        self.border
                            .iter()
                            .map(|&b| f32::from_bits(b) as f64)
                            .collect(),
                    )
                }
            }
            GL_TEXTURE_MIN_LOD => TexValue::Floats(vec![self.min_lod as f64]),
            GL_TEXTURE_MAX_LOD => TexValue::Floats(vec![self.max_lod as f64]),
            GL_TEXTURE_LOD_BIAS => TexValue::Floats(vec![self.lod_bias as f64]),
            GL_TEXTURE_COMPARE_MODE => i(self.compare_mode),
            GL_TEXTURE_COMPARE_FUNC => i(self.compare_func),
            GL_TEXTURE_MAX_ANISOTROPY => TexValue::Floats(vec![self.max_anisotropy as f64]),
            _ => return None,
        })
    }

    pub fn uses_mipmaps(&self) -> bool {
        !matches!(self.min_filter, GL_NEAREST | GL_LINEAR)
    }
}

/// A texture parameter value.
pub enum TexValue {
    Ints(Vec<i64>),
    Floats(Vec<f64>),
    /// A border colour set through the I/Iui setters.
    Raw([u32; 4]),
}
