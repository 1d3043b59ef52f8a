//! Sampler objects (GL 4.6 §8.2) and their unit bindings, buffer textures (§8.9), and
//! the sampler table a dispatch hands the runtime: for every sampler uniform the
//! program uses, the texture of the sampler's target on the unit the uniform names,
//! with the bound sampler object's state (or the texture's own), described level by
//! level for [`crate::runtime::sampler`].

use crate::format::internal::{BUFFER_FORMATS, internal_format};
use crate::format::texel::{Class, Format, Kind};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::glsl::LinkedProgram;
use crate::ir::{Dim, Opaque, Type};
use crate::limits::{
    MAX_COMBINED_TEXTURE_IMAGE_UNITS, MAX_TEXTURE_BUFFER_SIZE, TEXTURE_BUFFER_OFFSET_ALIGNMENT,
};
use crate::runtime::image::{ACCESS_READ, ImageDesc};
use crate::runtime::memory::Storage;
use crate::runtime::sampler::{
    Compare, Filter, Params, SamplerDesc, SamplerTable, Swizzle, Target, Wrap,
};
use crate::runtime::sync::Mutex;
use crate::state::context::ContextState;
use crate::state::objects::sampler::{Sampler, SamplerParams, TexValue};
use crate::state::objects::texture::{TexState, Texture};
use std::sync::Arc;

pub(super) fn target_of(dim: Dim) -> Option<(u32, Target)> {
    Some(match dim {
        Dim::D1 => (GL_TEXTURE_1D, Target::D1),
        Dim::D2 => (GL_TEXTURE_2D, Target::D2),
        Dim::D3 => (GL_TEXTURE_3D, Target::D3),
        Dim::Cube => (GL_TEXTURE_CUBE_MAP, Target::Cube),
        Dim::D1Array => (GL_TEXTURE_1D_ARRAY, Target::D1Array),
        Dim::D2Array => (GL_TEXTURE_2D_ARRAY, Target::D2Array),
        Dim::CubeArray => (GL_TEXTURE_CUBE_MAP_ARRAY, Target::CubeArray),
        Dim::Rect => (GL_TEXTURE_RECTANGLE, Target::Rect),
        Dim::Buffer => (GL_TEXTURE_BUFFER, Target::Buffer),
        Dim::D2Ms => (GL_TEXTURE_2D_MULTISAMPLE, Target::D2Ms),
        Dim::D2MsArray => (GL_TEXTURE_2D_MULTISAMPLE_ARRAY, Target::D2MsArray),
    })
}

fn filter(f: u32) -> Filter {
    match f {
        GL_NEAREST | GL_NEAREST_MIPMAP_NEAREST | GL_NEAREST_MIPMAP_LINEAR => Filter::Nearest,
        _ => Filter::Linear,
    }
}

fn mip(f: u32) -> Option<Filter> {
    match f {
        GL_NEAREST_MIPMAP_NEAREST | GL_LINEAR_MIPMAP_NEAREST => Some(Filter::Nearest),
        GL_NEAREST_MIPMAP_LINEAR | GL_LINEAR_MIPMAP_LINEAR => Some(Filter::Linear),
        _ => None,
    }
}

fn wrap(w: u32) -> Wrap {
    match w {
        GL_REPEAT => Wrap::Repeat,
        GL_MIRRORED_REPEAT => Wrap::MirroredRepeat,
        GL_CLAMP_TO_BORDER => Wrap::ClampToBorder,
        GL_MIRROR_CLAMP_TO_EDGE => Wrap::MirrorClampToEdge,
        _ => Wrap::ClampToEdge,
    }
}

fn compare(f: u32) -> Compare {
    match f {
        GL_NEVER => Compare::Never,
        GL_LESS => Compare::Less,
        GL_EQUAL => Compare::Equal,
        GL_GREATER => Compare::Greater,
        GL_NOTEQUAL => Compare::NotEqual,
        GL_GEQUAL => Compare::GreaterEqual,
        GL_ALWAYS => Compare::Always,
        _ => Compare::LessEqual,
    }
}

/// The border colour in the values a lookup of `format` returns (GL 4.6 §8.14.2):
/// clamped to the range of normalized formats, components the format lacks 0 (alpha
/// 1); depth formats take the first component as depth.
fn border(p: &SamplerParams, format: Format, stencil: bool) -> [u32; 4] {
    let class = if stencil { Class::Uint } else { format.class() };
    let n = if format.has_depth() || stencil {
        1
    } else {
        format.components() as usize
    };
    let mut out = match class {
        Class::Float => [0, 0, 0, 1f32.to_bits()],
        _ => [0, 0, 0, 1],
    };
    let range = match format {
        Format::Plain {
            kind: Kind::Unorm, ..
        }
        | Format::Srgb8 { .. }
        | Format::Rgb10A2 { int: false }
        | Format::Rgb565
        | Format::Rgba4
        | Format::Rgb5A1
        | Format::Depth16
        | Format::Depth24
        | Format::Depth24Stencil8 => Some((0.0, 1.0)),
        Format::Plain {
            kind: Kind::Snorm, ..
        } => Some((-1.0, 1.0)),
        _ => None,
    };
    for (i, o) in out.iter_mut().enumerate().take(n) {
        let b = p.border[i];
        *o = match class {
            Class::Float => {
                let mut f = if p.border_int {
                    b as i32 as f32
                } else {
                    f32::from_bits(b)
                };
                if let Some((lo, hi)) = range {
                    f = f.clamp(lo, hi);
                }
                f.to_bits()
            }
            _ if p.border_int => b,
            Class::Sint => f32::from_bits(b) as i32 as u32,
            Class::Uint => f32::from_bits(b) as u32,
        };
    }
    out
}

/// One level as a lookup addresses it: x, y, and layers (or cube faces) in z.
fn level_view(st: &TexState, level: i32) -> Option<ImageDesc> {
    let l = st.level(level)?;
    let (row, slice) = (l.row_bytes(), l.slice_bytes());
    let (size, slice_stride) = if st.target == GL_TEXTURE_1D_ARRAY {
        ([l.width, 1, l.height], row)
    } else if l.samples > 0 {
        // Multisample: one plane per sample of each layer.
        let planes = l.depth.checked_mul(l.samples)?;
        ([l.width, l.height, planes], l.plane_bytes())
    } else {
        ([l.width, l.height, l.depth], slice)
    };
    let d = ImageDesc::new(
        &l.storage,
        l.offset,
        size,
        row,
        slice_stride,
        l.format,
        ACCESS_READ,
    );
    (d.size() != [0; 3]).then_some(d.with_samples(l.samples))
}

impl ContextState {
    pub fn gen_samplers(&mut self, n: usize) -> Vec<u32> {
        let mut table = self.shared.samplers.lock();
        (0..n)
            .map(|_| {
                let name = table.alloc();
                // Like Mesa, the object exists from GenSamplers on.
                table.set(
                    name,
                    Arc::new(Sampler {
                        name,
                        params: Mutex::new(SamplerParams::new(GL_TEXTURE_2D)),
                    }),
                );
                name
            })
            .collect()
    }

    pub fn delete_samplers(&mut self, names: &[u32]) {
        for &name in names {
            let Some(s) = self.shared.samplers.lock().remove(name) else {
                continue;
            };
            // GL 4.6 §8.2: a deleted sampler is unbound from every unit it was bound
            // to in this context.
            for slot in &mut self.textures.samplers {
                if slot.as_ref().is_some_and(|b| Arc::ptr_eq(b, &s)) {
                    *slot = None;
                }
            }
        }
    }

    pub fn is_sampler(&self, name: u32) -> bool {
        self.shared.samplers.lock().get(name).is_some()
    }

    /// The sampler object `name`.
    fn sampler_object(&self, name: u32) -> GlResult<Arc<Sampler>> {
        match self.shared.samplers.lock().get(name) {
            Some(s) => Ok(s.clone()),
            // GL 4.6 §8.2: INVALID_OPERATION if sampler is not the name of a sampler
            // object.
            None => gl_bail!(
                GL_INVALID_OPERATION,
                "sampler = {name} is not the name of a sampler object"
            ),
        }
    }

    /// BindSampler (GL 4.6 §8.2).
    pub fn bind_sampler(&mut self, unit: u32, name: u32) -> GlResult<()> {
        // GL 4.6 §8.2: INVALID_VALUE if unit is not below MAX_COMBINED_TEXTURE_IMAGE_UNITS.
        if unit >= MAX_COMBINED_TEXTURE_IMAGE_UNITS as u32 {
            gl_bail!(
                GL_INVALID_VALUE,
                "unit {unit} is not below GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS ({MAX_COMBINED_TEXTURE_IMAGE_UNITS})"
            );
        }
        let s = if name == 0 {
            None
        } else {
            Some(self.sampler_object(name)?)
        };
        self.textures.samplers[unit as usize] = s;
        Ok(())
    }

    /// BindSamplers (GL 4.6 §8.2): a name that is not a sampler is an error for its
    /// unit only; the others are still bound.
    pub fn bind_samplers(&mut self, first: u32, names: Option<&[u32]>, n: usize) -> GlResult<()> {
        // GL 4.6 §8.2: INVALID_OPERATION if first + count exceeds the units.
        if first as u64 + n as u64 > MAX_COMBINED_TEXTURE_IMAGE_UNITS as u64 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "first + count = {} exceeds GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS",
                first as u64 + n as u64
            );
        }
        let mut first_error = Ok(());
        for i in 0..n {
            let name = names.map_or(0, |v| v[i]);
            let r = self.bind_sampler(first + i as u32, name);
            if first_error.is_ok() {
                first_error = r;
            }
        }
        first_error
    }

    /// SamplerParameter* (GL 4.6 §8.2).
    pub fn sampler_parameter(
        &mut self,
        name: u32,
        pname: u32,
        v: &[f64],
        raw: Option<[u32; 4]>,
    ) -> GlResult<()> {
        let s = self.sampler_object(name)?;
        let mut p = s.params.lock();
        let mut next = *p;
        // GL 4.6 §8.2: INVALID_ENUM if pname is not a sampler parameter.
        if !next.set(pname, v, raw, false)? {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a sampler parameter",
                Enum(pname)
            );
        }
        *p = next;
        Ok(())
    }

    /// GetSamplerParameter* (GL 4.6 §8.2).
    pub fn get_sampler_parameter(&self, name: u32, pname: u32) -> GlResult<TexValue> {
        let s = self.sampler_object(name)?;
        let p = s.params.lock();
        match p.get(pname) {
            Some(v) => Ok(v),
            // GL 4.6 §8.2: INVALID_ENUM if pname is not a sampler parameter.
            None => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a sampler parameter",
                Enum(pname)
            ),
        }
    }

    /// SAMPLER_BINDING and the buffer-texture limits for Get*.
    pub fn sampler_value(&self, pname: u32) -> Option<i64> {
        let t = &self.textures;
        Some(match pname {
            GL_SAMPLER_BINDING => t.samplers[t.active as usize]
                .as_ref()
                .map_or(0, |s| s.name as i64),
            GL_MAX_TEXTURE_BUFFER_SIZE => MAX_TEXTURE_BUFFER_SIZE,
            GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT => TEXTURE_BUFFER_OFFSET_ALIGNMENT,
            _ => return None,
        })
    }

    /// TexBuffer/TexBufferRange and their DSA forms (GL 4.6 §8.9); `range` is
    /// (offset, size) for the Range forms.
    pub fn tex_buffer(
        &mut self,
        tex: Arc<Texture>,
        internal: u32,
        buffer: u32,
        range: Option<(i64, i64)>,
    ) -> GlResult<()> {
        // GL 4.6 §8.9: INVALID_OPERATION if the texture is not a buffer texture.
        if tex.state.lock().target != GL_TEXTURE_BUFFER {
            gl_bail!(
                GL_INVALID_OPERATION,
                "texture {} is not a buffer texture",
                tex.name
            );
        }
        // GL 4.6 §8.9: INVALID_ENUM if internalformat is not one of table 8.18.
        if !BUFFER_FORMATS.contains(&internal) {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} is not a buffer texture format",
                Enum(internal)
            );
        }
        let buf = if buffer == 0 {
            None
        } else {
            match self.shared.buffers.lock().get(buffer) {
                Some(b) => Some(b.clone()),
                // GL 4.6 §8.9: INVALID_OPERATION if buffer is neither zero nor the
                // name of a buffer object.
                None => gl_bail!(
                    GL_INVALID_OPERATION,
                    "buffer {buffer} is not the name of a buffer object"
                ),
            }
        };
        let (offset, size) = match (range, &buf) {
            (Some((offset, size)), Some(b)) => {
                let len = b.state.lock().size() as i64;
                // GL 4.6 §8.9: INVALID_VALUE if offset is negative, size is not
                // positive, offset + size exceeds the buffer, or offset is not a
                // multiple of TEXTURE_BUFFER_OFFSET_ALIGNMENT.
                if offset < 0 || size <= 0 || offset.checked_add(size).is_none_or(|e| e > len) {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "offset {offset} and size {size} do not lie inside the buffer's {len} bytes"
                    );
                }
                if offset % TEXTURE_BUFFER_OFFSET_ALIGNMENT != 0 {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "offset {offset} is not a multiple of GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT ({TEXTURE_BUFFER_OFFSET_ALIGNMENT})"
                    );
                }
                (offset, size)
            }
            _ => (0, -1),
        };
        tex.state.lock().buffer = buf.map(|b| (b, internal, offset, size));
        Ok(())
    }

    /// The sampler table of a dispatch of `exe` with default-block values `uniforms`,
    /// and the storage it points into.
    pub fn sampler_table(
        &self,
        exe: &LinkedProgram,
        uniforms: &[u8],
    ) -> GlResult<(Box<SamplerTable>, Vec<Arc<Storage>>)> {
        let mut table = Box::<SamplerTable>::default();
        let mut keep = Vec::new();
        for (unit, o) in opaque_units(exe, uniforms, false)? {
            if let Some(desc) = self.sampler_desc(unit, o.dim, &mut keep) {
                table.set(unit, desc);
            }
        }
        Ok((table, keep))
    }

    /// The texture of `dim`'s target on `unit` with the unit's sampler state.
    fn sampler_desc(
        &self,
        unit: u32,
        dim: Dim,
        keep: &mut Vec<Arc<Storage>>,
    ) -> Option<SamplerDesc> {
        let (gl_target, _) = target_of(dim)?;
        let t = &self.textures;
        let ti = crate::state::objects::texture::TARGETS
            .iter()
            .position(|&x| x == gl_target)?;
        let tex = t
            .units
            .get(unit as usize)?
            .get(ti)?
            .clone()
            .unwrap_or_else(|| t.defaults[ti].clone());
        let sp = match &t.samplers[unit as usize] {
            Some(s) => *s.params.lock(),
            None => tex.state.lock().sampler,
        };
        desc_of(&tex, sp, dim, keep)
    }
}

/// The units the used sampler (or, with `images`, image) uniforms of `exe` name with
/// default-block values `uniforms`, each once, with the uniform's type.
/// INVALID_OPERATION (GL 4.6 §7.10) if samplers of different types name one unit.
pub fn opaque_units(
    exe: &LinkedProgram,
    uniforms: &[u8],
    images: bool,
) -> GlResult<Vec<(u32, Opaque)>> {
    let m = &exe.module;
    let mut seen: Vec<(u32, Opaque)> = Vec::new();
    for u in &exe.reflection.uniforms {
        let o = match (m.types.get(u.ty), images) {
            (Type::Sampler(o), false) | (Type::Image(o), true) => *o,
            _ => continue,
        };
        if !m.global(u.global).used {
            continue;
        }
        let Some((at, stride)) = u.storage else {
            continue;
        };
        for i in 0..u.array_size.max(1) as u64 {
            let off = at as u64 + i * stride as u64;
            let Some(bytes) = usize::try_from(off)
                .ok()
                .and_then(|o| uniforms.get(o..o.checked_add(4)?))
            else {
                continue;
            };
            let unit = u32::from_ne_bytes(bytes.try_into().expect("four bytes"));
            match seen.iter().find(|(un, _)| *un == unit) {
                Some(&(_, other)) if other != o && !images => gl_bail!(
                    GL_INVALID_OPERATION,
                    "samplers of different types use texture unit {unit} (GL 4.6 §7.10)"
                ),
                Some(_) => {}
                None => seen.push((unit, o)),
            }
        }
    }
    Ok(seen)
}

/// The sampler descriptor of texture `tex` read as `dim` with sampler state `sp`.
pub fn desc_of(
    tex: &Texture,
    sp: SamplerParams,
    dim: Dim,
    keep: &mut Vec<Arc<Storage>>,
) -> Option<SamplerDesc> {
    let (_, target) = target_of(dim)?;
    {
        let st = tex.state.lock();
        if target == Target::Buffer {
            return buffer_desc(&st, keep);
        }
        let base = st.level(st.base_level)?;
        let format = base.format;
        let stencil = format == Format::Stencil8
            || (format.has_stencil() && st.depth_stencil_mode == GL_STENCIL_INDEX);
        let mut levels = vec![level_view(&st, st.base_level)?];
        if st.mipmap_complete() {
            let top = st.effective_max_level();
            for l in st.base_level + 1..=top {
                match level_view(&st, l) {
                    Some(v) => levels.push(v),
                    None => break,
                }
            }
        }
        for l in st.base_level..st.base_level + levels.len() as i32 {
            if let Some(x) = st.level(l) {
                keep.push(x.storage.clone());
            }
        }
        // GL 4.6 §8.17: integer (and stencil) textures are complete only with NEAREST
        // filters; a rectangle texture only without mipmaps and repeating wraps.
        let nearest = sp.mag_filter == GL_NEAREST
            && matches!(sp.min_filter, GL_NEAREST | GL_NEAREST_MIPMAP_NEAREST);
        let int_ok = (format.class() == Class::Float && !stencil) || nearest;
        let rect_ok = target != Target::Rect
            || (!sp.uses_mipmaps()
                && !sp.wrap[..2].iter().any(|w| {
                    matches!(*w, GL_REPEAT | GL_MIRRORED_REPEAT | GL_MIRROR_CLAMP_TO_EDGE)
                }));
        // GL 4.6 §8.17: a multisample texture has one level and no sampler state.
        let complete = if base.samples > 0 {
            st.base_level == 0
        } else {
            st.complete(&sp) && int_ok && rect_ok
        };
        let swz = |s: u32| match s {
            GL_RED => Swizzle::Component(0),
            GL_GREEN => Swizzle::Component(1),
            GL_BLUE => Swizzle::Component(2),
            GL_ALPHA => Swizzle::Component(3),
            GL_ZERO => Swizzle::Zero,
            _ => Swizzle::One,
        };
        // OpenGL ES's LUMINANCE, LUMINANCE_ALPHA and ALPHA images (OpenGL ES 3.2
        // table 8.11): a lookup reads their stored channels as (L, L, L, 1), (0, 0, 0,
        // A) or (L, L, L, A), before the texture's swizzle; the border colour is
        // converted to their components as an image of them would be.
        let legacy = crate::format::es::legacy(base.internal);
        let mut swizzle = st.swizzle.map(swz);
        let mut bp = sp;
        if let Some(lg) = legacy {
            swizzle = swizzle.map(|s| match s {
                Swizzle::Component(c) => match lg.lookup[c as usize] {
                    4 => Swizzle::Zero,
                    5 => Swizzle::One,
                    ch => Swizzle::Component(ch),
                },
                other => other,
            });
            for (i, &from) in lg.sources.iter().enumerate() {
                bp.border[i] = sp.border[from];
            }
        }
        let rect = target == Target::Rect;
        Some(SamplerDesc {
            target,
            format,
            levels,
            params: Params {
                min: filter(sp.min_filter),
                mip: if rect { None } else { mip(sp.min_filter) },
                mag: filter(sp.mag_filter),
                wrap: sp.wrap.map(wrap),
                border: border(&bp, format, stencil),
                min_lod: sp.min_lod,
                max_lod: sp.max_lod,
                lod_bias: sp.lod_bias,
                max_anisotropy: sp.max_anisotropy,
                compare: (sp.compare_mode == GL_COMPARE_REF_TO_TEXTURE && format.has_depth())
                    .then(|| compare(sp.compare_func)),
            },
            swizzle,
            stencil,
            complete,
            samples: base.samples,
        })
    }
}

/// A buffer texture: its texels in the buffer's current storage, at most
/// MAX_TEXTURE_BUFFER_SIZE of them.
fn buffer_desc(st: &TexState, keep: &mut Vec<Arc<Storage>>) -> Option<SamplerDesc> {
    let (buf, internal, offset, size) = st.buffer.as_ref()?;
    let format = internal_format(*internal)?;
    let storage = buf.state.lock().storage.clone();
    let len = storage.len() as u64;
    let offset = (*offset).max(0) as u64;
    let avail = len.saturating_sub(offset);
    let bytes = if *size < 0 {
        avail
    } else {
        (*size as u64).min(avail)
    };
    let texels = (bytes / format.bytes() as u64).min(MAX_TEXTURE_BUFFER_SIZE as u64) as u32;
    let level = ImageDesc::new(
        &storage,
        offset,
        [texels, 1, 1],
        bytes,
        bytes,
        format,
        ACCESS_READ,
    );
    keep.push(storage);
    let identity = [0, 1, 2, 3].map(Swizzle::Component);
    Some(SamplerDesc {
        target: Target::Buffer,
        format,
        levels: vec![level],
        params: Params {
            min: Filter::Nearest,
            mip: None,
            mag: Filter::Nearest,
            wrap: [Wrap::ClampToEdge; 3],
            border: [0; 4],
            min_lod: 0.0,
            max_lod: 0.0,
            lod_bias: 0.0,
            max_anisotropy: 1.0,
            compare: None,
        },
        swizzle: identity,
        stencil: false,
        complete: true,
        samples: 0,
    })
}

impl ContextState {
    /// The texture TexBuffer/TexBufferRange acts on: the one bound to TEXTURE_BUFFER on
    /// the active unit (GL 4.6 §8.9: INVALID_ENUM if target is not TEXTURE_BUFFER).
    pub fn buffer_texture_target(&self, target: u32) -> GlResult<Arc<Texture>> {
        if target != GL_TEXTURE_BUFFER {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not GL_TEXTURE_BUFFER",
                Enum(target)
            );
        }
        self.bound_texture(target)
    }
}
