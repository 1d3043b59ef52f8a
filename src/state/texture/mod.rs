//! Texture commands (GL 4.6 chapter 8) on the objects of [`crate::state::objects::texture`],
//! split as Mesa splits them: names, targets and texture units here; image
//! specification ([`image`]), immutable storage ([`storage`]), reading images back
//! ([`get_image`]), parameters and level queries ([`params`]), image units
//! ([`image_units`]), copies from the read framebuffer ([`copy`]), clears and
//! invalidation ([`clear`]), mipmap generation ([`mipmap`]), compressed images
//! ([`compressed`]), texture views ([`view`]) and proxy textures ([`proxy`]).

pub mod clear;
pub mod compressed;
pub mod copy;
pub mod get_image;
pub mod image;
pub mod image_units;
pub mod mipmap;
pub mod params;
pub mod proxy;
pub mod storage;
pub mod view;

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::{
    MAX_3D_TEXTURE_SIZE, MAX_ARRAY_TEXTURE_LAYERS, MAX_COMBINED_TEXTURE_IMAGE_UNITS,
    MAX_CUBE_MAP_TEXTURE_SIZE, MAX_RECTANGLE_TEXTURE_SIZE, MAX_TEXTURE_SIZE,
};
use crate::state::context::ContextState;
use crate::state::objects::texture::{FACES, ImageUnit, Texture, target_index};
use std::sync::Arc;

impl ContextState {
    /// The texture bound to `target` on the active unit (the default texture for 0).
    pub fn bound_texture(&self, target: u32) -> GlResult<Arc<Texture>> {
        let Some(i) = target_index(target) else {
            // GL 4.6 §8.1: INVALID_ENUM if target is not a texture target.
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a texture target",
                Enum(target)
            );
        };
        let t = &self.textures;
        Ok(t.units[t.active as usize][i]
            .clone()
            .unwrap_or_else(|| t.defaults[i].clone()))
    }

    /// A texture object by name for the DSA commands.
    pub fn named_texture(&self, name: u32) -> GlResult<Arc<Texture>> {
        match self.shared.textures.lock().get(name) {
            Some(t) => Ok(t.clone()),
            // GL 4.6 §8.1 and the DSA commands: INVALID_OPERATION if texture is not
            // the name of an existing texture object.
            None => gl_bail!(
                GL_INVALID_OPERATION,
                "texture = {name} is not the name of an existing texture object"
            ),
        }
    }

    pub fn gen_textures(&mut self, n: usize, create: Option<u32>) -> GlResult<Vec<u32>> {
        if let Some(target) = create
            && target_index(target).is_none()
        {
            // GL 4.6 §8.1: INVALID_ENUM if target is not a texture target.
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a texture target",
                Enum(target)
            );
        }
        let mut table = self.shared.textures.lock();
        Ok((0..n)
            .map(|_| {
                let name = table.alloc();
                if let Some(target) = create {
                    table.set(name, Texture::new(name, target));
                }
                name
            })
            .collect())
    }

    pub fn delete_textures(&mut self, names: &[u32]) {
        for &name in names {
            if name == 0 {
                continue;
            }
            let removed = self.shared.textures.lock().remove(name);
            let Some(tex) = removed else { continue };
            // GL 4.6 §8.1: a deleted texture is unbound from every unit of this
            // context, and from the image units (§8.26).
            for unit in &mut self.textures.units {
                for slot in unit.iter_mut() {
                    if slot.as_ref().is_some_and(|t| Arc::ptr_eq(t, &tex)) {
                        *slot = None;
                    }
                }
            }
            for img in &mut self.textures.images {
                if img.texture.as_ref().is_some_and(|t| Arc::ptr_eq(t, &tex)) {
                    *img = ImageUnit::default();
                }
            }
            self.detach_texture(&tex);
        }
    }

    /// PixelStore{i,f} (GL 4.6 §8.4.1). An OpenGL ES context has OpenGL ES 3.2's
    /// parameters only (§8.4.1 there, table 8.1: no SWAP_BYTES, LSB_FIRST, the pack
    /// image height and skip images, or the compressed block parameters): another is
    /// INVALID_ENUM, as in Mesa's OpenGL ES contexts.
    pub fn pixel_store(&mut self, pname: u32, value: f64) -> GlResult<()> {
        if self.info.es && !crate::gl::es_functions::is_es_enum(pname) {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} is not a pixel storage parameter of OpenGL ES",
                Enum(pname)
            );
        }
        self.textures.pixel_store.set(pname, value)
    }

    pub fn is_texture(&self, name: u32) -> bool {
        self.shared.textures.lock().get(name).is_some()
    }

    /// BindTexture (GL 4.6 §8.1).
    pub fn bind_texture(&mut self, target: u32, name: u32) -> GlResult<()> {
        // An OpenGL ES context has no 1D, rectangle or proxy targets (INVALID_ENUM, as
        // in Mesa's OpenGL ES contexts).
        let es_ok = !self.info.es || crate::gl::es_functions::is_es_enum(target);
        let Some(i) = target_index(target).filter(|_| es_ok) else {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a texture target",
                Enum(target)
            );
        };
        let tex = if name == 0 {
            None
        } else {
            let mut table = self.shared.textures.lock();
            // GL 4.6 §8.1: INVALID_OPERATION if texture is not zero or a name from
            // GenTextures (or it was deleted).
            if !table.is_name(name) {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "texture = {name} is not a name returned by glGenTextures"
                );
            }
            let t = match table.get(name) {
                Some(t) => t.clone(),
                None => {
                    let t = Texture::new(name, target);
                    table.set(name, t.clone());
                    t
                }
            };
            let have = t.state.lock().target;
            // GL 4.6 §8.1: INVALID_OPERATION if the texture was created with another
            // target.
            if have != target {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "texture {name} is a {} texture, not {}",
                    Enum(have),
                    Enum(target)
                );
            }
            Some(t)
        };
        let a = self.textures.active as usize;
        self.textures.units[a][i] = tex;
        Ok(())
    }

    /// ActiveTexture (GL 4.6 §8.1).
    pub fn active_texture(&mut self, texture: u32) -> GlResult<()> {
        let unit = texture.wrapping_sub(GL_TEXTURE0);
        // GL 4.6 §8.1: INVALID_ENUM if the unit is not below
        // MAX_COMBINED_TEXTURE_IMAGE_UNITS.
        if unit >= MAX_COMBINED_TEXTURE_IMAGE_UNITS as u32 {
            gl_bail!(
                GL_INVALID_ENUM,
                "texture {} is not GL_TEXTURE0 + a unit below GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS ({MAX_COMBINED_TEXTURE_IMAGE_UNITS})",
                Enum(texture)
            );
        }
        self.textures.active = unit;
        Ok(())
    }

    /// BindTextureUnit (GL 4.6 §8.1).
    pub fn bind_texture_unit(&mut self, unit: u32, name: u32) -> GlResult<()> {
        // GL 4.6 §8.1: INVALID_VALUE if unit is not below MAX_COMBINED_TEXTURE_IMAGE_UNITS.
        if unit >= MAX_COMBINED_TEXTURE_IMAGE_UNITS as u32 {
            gl_bail!(
                GL_INVALID_VALUE,
                "unit = {unit} is not below GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS ({MAX_COMBINED_TEXTURE_IMAGE_UNITS})"
            );
        }
        if name == 0 {
            self.textures.units[unit as usize] = Default::default();
            return Ok(());
        }
        let t = self.named_texture(name)?;
        let target = t.state.lock().target;
        let i = target_index(target).expect("texture objects have a known target");
        self.textures.units[unit as usize][i] = Some(t);
        Ok(())
    }

    /// The texture of a GetTexLevelParameter/GetTexImage target (cube faces allowed).
    pub fn query_target(&self, target: u32) -> GlResult<Arc<Texture>> {
        match FACES.iter().position(|&f| f == target) {
            Some(_) => self.bound_texture(GL_TEXTURE_CUBE_MAP),
            None => self.bound_texture(target),
        }
    }

    /// Non-indexed texture state for Get* (GL 4.6 tables 23.13, 23.39).
    pub fn texture_value(&self, pname: u32) -> Option<i64> {
        let t = &self.textures;
        let bound = |target: u32| -> i64 {
            let i = target_index(target).expect("a texture target");
            t.units[t.active as usize][i]
                .as_ref()
                .map(|x| x.name as i64)
                .unwrap_or(0)
        };
        Some(match pname {
            GL_ACTIVE_TEXTURE => (GL_TEXTURE0 + t.active) as i64,
            GL_TEXTURE_BINDING_1D => bound(GL_TEXTURE_1D),
            GL_TEXTURE_BINDING_2D => bound(GL_TEXTURE_2D),
            GL_TEXTURE_BINDING_3D => bound(GL_TEXTURE_3D),
            GL_TEXTURE_BINDING_1D_ARRAY => bound(GL_TEXTURE_1D_ARRAY),
            GL_TEXTURE_BINDING_2D_ARRAY => bound(GL_TEXTURE_2D_ARRAY),
            GL_TEXTURE_BINDING_RECTANGLE => bound(GL_TEXTURE_RECTANGLE),
            GL_TEXTURE_BINDING_CUBE_MAP => bound(GL_TEXTURE_CUBE_MAP),
            GL_TEXTURE_BINDING_CUBE_MAP_ARRAY => bound(GL_TEXTURE_CUBE_MAP_ARRAY),
            GL_TEXTURE_BINDING_BUFFER => bound(GL_TEXTURE_BUFFER),
            GL_TEXTURE_BINDING_2D_MULTISAMPLE => bound(GL_TEXTURE_2D_MULTISAMPLE),
            GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY => bound(GL_TEXTURE_2D_MULTISAMPLE_ARRAY),
            GL_MAX_TEXTURE_SIZE => MAX_TEXTURE_SIZE as i64,
            GL_MAX_3D_TEXTURE_SIZE => MAX_3D_TEXTURE_SIZE as i64,
            GL_MAX_ARRAY_TEXTURE_LAYERS => MAX_ARRAY_TEXTURE_LAYERS as i64,
            GL_MAX_CUBE_MAP_TEXTURE_SIZE => MAX_CUBE_MAP_TEXTURE_SIZE as i64,
            GL_MAX_RECTANGLE_TEXTURE_SIZE => MAX_RECTANGLE_TEXTURE_SIZE as i64,
            p => return t.pixel_store.get(p),
        })
    }
}

/// The multi-bind commands (GL 4.6 §8.1, §8.2, §8.26): INVALID_OPERATION if first +
/// count passes `limit`; otherwise `bind` runs for every unit with its name (0 for a
/// null array), and a name that fails is an error for its unit only: the others are
/// still bound, and the first error is the command's. `n` is the checked count.
pub fn bind_each<'a>(
    first: u32,
    n: usize,
    names: impl FnOnce(usize) -> Option<&'a [u32]>,
    limit: u32,
    limit_name: &str,
    mut bind: impl FnMut(u32, u32) -> GlResult<()>,
) -> GlResult<()> {
    if first as u64 + n as u64 > limit as u64 {
        gl_bail!(
            GL_INVALID_OPERATION,
            "first + count = {} exceeds {limit_name}",
            first as u64 + n as u64
        );
    }
    let names = names(n);
    let mut first_error = None;
    for i in 0..n {
        let name = names.map(|v| v[i]).unwrap_or(0);
        if let Err(e) = bind(first + i as u32, name) {
            first_error.get_or_insert(e);
        }
    }
    first_error.map_or(Ok(()), Err)
}

impl ContextState {
    /// BindTextures (GL 4.6 §8.1): `n` units from `first` (see [`bind_each`]).
    pub fn bind_textures<'a>(
        &mut self,
        first: u32,
        n: usize,
        names: impl FnOnce(usize) -> Option<&'a [u32]>,
    ) -> GlResult<()> {
        bind_each(
            first,
            n,
            names,
            MAX_COMBINED_TEXTURE_IMAGE_UNITS as u32,
            "GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS",
            |unit, name| self.bind_texture_unit(unit, name),
        )
    }
}
