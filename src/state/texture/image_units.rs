//! Image units (GL 4.6 §8.26): BindImageTexture, the image unit queries, and the
//! descriptor table a dispatch hands the runtime for the units a program uses.

use crate::format::internal::{image_unit_format, is_image_format};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::MAX_IMAGE_UNITS;
use crate::runtime::image::{self as rt, ImageDesc, ImageTable};
use crate::runtime::memory::Storage;
use crate::state::context::ContextState;
use crate::state::objects::texture::ImageUnit;
use std::sync::Arc;

impl ContextState {
    /// BindImageTexture (GL 4.6 §8.26).
    #[allow(clippy::too_many_arguments)]
    pub fn bind_image_texture(
        &mut self,
        unit: u32,
        name: u32,
        level: i32,
        layered: bool,
        layer: i32,
        access: u32,
        format: u32,
    ) -> GlResult<()> {
        let tex = check_bind_image(unit, level, layer, access, format, || {
            if name == 0 {
                return Ok(None);
            }
            match self.shared.textures.lock().get(name) {
                Some(t) => Ok(Some(t.clone())),
                None => gl_bail!(
                    GL_INVALID_VALUE,
                    "texture = {name} is not the name of an existing texture object"
                ),
            }
        })?;
        if self.info.es {
            // OpenGL ES 3.2 §8.23 (table 8.27): INVALID_VALUE for a format OpenGL ES
            // has no image unit format for.
            if !crate::format::es::is_image_format(format) {
                gl_bail!(
                    GL_INVALID_VALUE,
                    "format {} is not an image unit format of OpenGL ES (table 8.27)",
                    Enum(format)
                );
            }
            // OpenGL ES 3.2 §8.23: INVALID_OPERATION if texture is not an immutable
            // texture object (buffer textures, which cannot be, excepted as Mesa does,
            // OES_texture_buffer issue 7).
            if let Some(t) = &tex {
                let st = t.state.lock();
                if !st.immutable && st.target != GL_TEXTURE_BUFFER {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "texture {name} is not immutable (OpenGL ES binds only TexStorage textures to image units)"
                    );
                }
            }
        }
        // The texture's format and completeness are checked when the unit is used.
        self.textures.images[unit as usize] = match tex {
            None => ImageUnit::default(),
            Some(t) => ImageUnit {
                texture: Some(t),
                level,
                layered,
                layer,
                access,
                format,
            },
        };
        Ok(())
    }

    /// The image units as the runtime's descriptor table, and the storage they point
    /// into. A unit whose binding is not valid for access (GL 4.6 §8.26: incomplete
    /// texture, level or layer outside it, incompatible format) reads zero and drops
    /// writes.
    pub fn image_table(&self) -> (ImageTable, Vec<Arc<Storage>>) {
        image_table_of(&self.textures.images)
    }

    /// Indexed image-unit state for GetIntegeri_v/GetBooleani_v (table 23.45).
    pub fn image_unit_value(&self, pname: u32, index: u32) -> Option<GlResult<i64>> {
        let field = match pname {
            GL_IMAGE_BINDING_NAME => 0,
            GL_IMAGE_BINDING_LEVEL => 1,
            GL_IMAGE_BINDING_LAYERED => 2,
            GL_IMAGE_BINDING_LAYER => 3,
            GL_IMAGE_BINDING_ACCESS => 4,
            GL_IMAGE_BINDING_FORMAT => 5,
            _ => return None,
        };
        let Some(u) = self.textures.images.get(index as usize) else {
            return Some(Err(crate::gl_err!(
                GL_INVALID_VALUE,
                "index = {index} is not below GL_MAX_IMAGE_UNITS ({MAX_IMAGE_UNITS})"
            )));
        };
        Some(Ok(match field {
            0 => u.texture.as_ref().map(|t| t.name as i64).unwrap_or(0),
            1 => u.level as i64,
            2 => u.layered as i64,
            3 => u.layer as i64,
            4 => u.access as i64,
            _ => u.format as i64,
        }))
    }
}

/// BindImageTexture's checks (GL 4.6 §8.26) in the spec's order; `texture` looks the
/// texture up in its place (INVALID_VALUE when it is not zero or an existing texture).
pub fn check_bind_image<T>(
    unit: u32,
    level: i32,
    layer: i32,
    access: u32,
    format: u32,
    texture: impl FnOnce() -> GlResult<T>,
) -> GlResult<T> {
    // GL 4.6 §8.26: INVALID_VALUE if unit is not below MAX_IMAGE_UNITS.
    if unit >= MAX_IMAGE_UNITS as u32 {
        gl_bail!(
            GL_INVALID_VALUE,
            "unit = {unit} is not below GL_MAX_IMAGE_UNITS ({MAX_IMAGE_UNITS})"
        );
    }
    // GL 4.6 §8.26: INVALID_VALUE if texture is not zero or an existing texture.
    let tex = texture()?;
    // GL 4.6 §8.26: INVALID_VALUE if level or layer is negative.
    if level < 0 {
        gl_bail!(GL_INVALID_VALUE, "level = {level} is negative");
    }
    if layer < 0 {
        gl_bail!(GL_INVALID_VALUE, "layer = {layer} is negative");
    }
    // GL 4.6 §8.26: INVALID_ENUM if access is not READ_ONLY, WRITE_ONLY or READ_WRITE;
    // INVALID_VALUE if format is not an image format of table 8.26.
    if !matches!(access, GL_READ_ONLY | GL_WRITE_ONLY | GL_READ_WRITE) {
        gl_bail!(
            GL_INVALID_ENUM,
            "access {} is not GL_READ_ONLY, GL_WRITE_ONLY or GL_READ_WRITE",
            Enum(access)
        );
    }
    if image_unit_format(format).is_none() {
        gl_bail!(
            GL_INVALID_VALUE,
            "format {} is not an image unit format (GL 4.6 table 8.26)",
            Enum(format)
        );
    }
    Ok(tex)
}

pub fn image_table_of(units: &[ImageUnit]) -> (ImageTable, Vec<Arc<Storage>>) {
    let mut table = rt::empty_table();
    let mut keep = Vec::new();
    for (i, u) in units.iter().enumerate().take(MAX_IMAGE_UNITS as usize) {
        let Some(t) = &u.texture else { continue };
        let st = t.state.lock();
        let Some(l) = st.level(u.level) else { continue };
        // A level other than the base needs a complete mipmap chain, the base level
        // a complete base image (as Mesa checks).
        if (u.level < st.base_level || u.level > st.effective_max_level())
            || (u.level != st.base_level && !st.mipmap_complete())
        {
            continue;
        }
        let Some(unit_fmt) = image_unit_format(u.format) else {
            continue;
        };
        // GL 4.6 §8.26: the texture's internal format must match the unit's format
        // by size (table 8.27) or be identical; compressed formats are in no class of
        // the table.
        let compatible = l.compressed.is_none()
            && (l.internal == u.format
                || (is_image_format(l.format) && l.format.bytes() == unit_fmt.bytes()));
        if !compatible {
            continue;
        }
        let layered_target = matches!(
            st.target,
            GL_TEXTURE_1D_ARRAY
                | GL_TEXTURE_2D_ARRAY
                | GL_TEXTURE_3D
                | GL_TEXTURE_CUBE_MAP
                | GL_TEXTURE_CUBE_MAP_ARRAY
        );
        let (w, h, d) = (l.width, l.height, l.depth);
        let (row, slice) = (l.row_bytes(), l.slice_bytes());
        let one_d_array = st.target == GL_TEXTURE_1D_ARRAY;
        let ms = l.samples;
        let (size, offset, row_stride, slice_stride) = if ms > 0 {
            // One plane per sample of each layer; z counts layer * samples + sample.
            let plane = l.plane_bytes();
            if st.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY && !u.layered {
                if u.layer as u32 >= d {
                    continue;
                }
                ([w, h, ms], u.layer as u64 * slice, row, plane)
            } else {
                let Some(planes) = d.checked_mul(ms) else {
                    continue;
                };
                ([w, h, planes], 0, row, plane)
            }
        } else if layered_target && !u.layered {
            // One layer (or face, or 3D slice) as a 1D or 2D image.
            let layers = if one_d_array { h } else { d };
            if u.layer as u32 >= layers {
                continue;
            }
            if one_d_array {
                ([w, 1, 1], u.layer as u64 * row, row, row)
            } else {
                ([w, h, 1], u.layer as u64 * slice, row, slice)
            }
        } else if one_d_array {
            ([w, 1, h], 0, row, row)
        } else {
            ([w, h, d], 0, row, slice)
        };
        let access = match u.access {
            GL_READ_ONLY => rt::ACCESS_READ,
            GL_WRITE_ONLY => rt::ACCESS_WRITE,
            _ => rt::ACCESS_READ | rt::ACCESS_WRITE,
        };
        table[i] = ImageDesc::new(
            &l.storage,
            l.offset + offset,
            size,
            row_stride,
            slice_stride,
            unit_fmt,
            access,
        )
        .with_samples(ms);
        keep.push(l.storage.clone());
    }
    (table, keep)
}

impl ContextState {
    /// One unit of BindImageTextures (GL 4.6 §8.26): the texture `name` (0 unbinds) at
    /// level 0, layered, READ_WRITE, in its own internal format (R8 where that is not
    /// an image format); a name that is no texture is INVALID_OPERATION.
    pub fn bind_image_texture_whole(&mut self, unit: u32, name: u32) -> GlResult<()> {
        let format = if name == 0 {
            GL_R8
        } else {
            let t = self
                .named_texture(name)
                .map_err(|e| crate::gl_err!(GL_INVALID_OPERATION, "{}", e.message))?;
            let s = t.state.lock();
            s.level(s.base_level.max(0))
                .map(|l| l.internal)
                .filter(|&f| image_unit_format(f).is_some())
                .unwrap_or(GL_R8)
        };
        self.bind_image_texture(unit, name, 0, true, 0, GL_READ_WRITE, format)
    }
}

impl ContextState {
    /// BindImageTextures (GL 4.6 §8.26): `n` image units from `first` (see
    /// [`super::bind_each`]).
    pub fn bind_image_textures<'a>(
        &mut self,
        first: u32,
        n: usize,
        names: impl FnOnce(usize) -> Option<&'a [u32]>,
    ) -> GlResult<()> {
        super::bind_each(
            first,
            n,
            names,
            MAX_IMAGE_UNITS as u32,
            "GL_MAX_IMAGE_UNITS",
            |unit, name| self.bind_image_texture_whole(unit, name),
        )
    }
}
