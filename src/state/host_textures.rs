//! Host textures in interposed mode: the textures a dispatch reads and writes through
//! images and samplers stay the host's objects. At the dispatch, each level a used
//! image unit or sampler reaches is read from the host once (GetTexImage, in the exact
//! client form of its internal format, straight into glcompute memory: one copy in,
//! shared by every unit that reaches it) into a shadow texture object, the dispatch runs on the shadows through the same
//! descriptor code as standalone textures, and the images a shader may write are
//! written back (TexSubImage: one copy out per level) before the dispatch call returns. The host's
//! active texture unit, the bindings glcompute touched, and its pixel store state and
//! pixel buffer bindings are restored afterwards, and glcompute's host errors never
//! reach the application's error flag.

use crate::format::pixels::exact_client;
use crate::format::texel::{Class, Format};
use crate::gl::enums::*;
use crate::gl::error::GlResult;
use crate::gl_bail;
use crate::glsl::LinkedProgram;
use crate::host::gl::HostGl;
use crate::ir::Dim;
use crate::limits::{MAX_IMAGE_UNITS, MAX_LEVELS};
use crate::runtime::image::ImageTable;
use crate::runtime::memory::Storage;
use crate::runtime::sampler::{SamplerTable, Target};
use crate::state::context::ContextState;
use crate::state::interposed::host_failed;
use crate::state::objects::host::HostLink;
use crate::state::objects::sampler::SamplerParams;
use crate::state::objects::texture::{ImageUnit, Level, Texture};
use crate::state::sampler::{desc_of, opaque_units};
use crate::state::texture::image_units::image_table_of;
use std::sync::Arc;

/// Pixel store state glcompute sets to transfer tight rows, with the values it sets.
const PIXEL_STORE: [(u32, i32); 16] = [
    (GL_PACK_ALIGNMENT, 1),
    (GL_PACK_ROW_LENGTH, 0),
    (GL_PACK_SKIP_ROWS, 0),
    (GL_PACK_SKIP_PIXELS, 0),
    (GL_PACK_SKIP_IMAGES, 0),
    (GL_PACK_IMAGE_HEIGHT, 0),
    (GL_PACK_SWAP_BYTES, 0),
    (GL_PACK_LSB_FIRST, 0),
    (GL_UNPACK_ALIGNMENT, 1),
    (GL_UNPACK_ROW_LENGTH, 0),
    (GL_UNPACK_SKIP_ROWS, 0),
    (GL_UNPACK_SKIP_PIXELS, 0),
    (GL_UNPACK_SKIP_IMAGES, 0),
    (GL_UNPACK_IMAGE_HEIGHT, 0),
    (GL_UNPACK_SWAP_BYTES, 0),
    (GL_UNPACK_LSB_FIRST, 0),
];

/// Texture targets with their binding queries, natural target first per dimension.
const TARGETS: [(u32, u32); 8] = [
    (GL_TEXTURE_2D, GL_TEXTURE_BINDING_2D),
    (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BINDING_2D_ARRAY),
    (GL_TEXTURE_3D, GL_TEXTURE_BINDING_3D),
    (GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BINDING_CUBE_MAP),
    (GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_BINDING_CUBE_MAP_ARRAY),
    (GL_TEXTURE_RECTANGLE, GL_TEXTURE_BINDING_RECTANGLE),
    (GL_TEXTURE_1D, GL_TEXTURE_BINDING_1D),
    (GL_TEXTURE_1D_ARRAY, GL_TEXTURE_BINDING_1D_ARRAY),
];

fn binding_query(target: u32) -> u32 {
    TARGETS
        .iter()
        .find(|(t, _)| *t == target)
        .map_or(GL_TEXTURE_BINDING_2D, |(_, b)| *b)
}

/// The target of a host texture a `dim` sampler or image reads; host buffer and
/// multisample textures are not brought in.
fn dim_target(dim: Dim) -> Option<u32> {
    super::sampler::target_of(dim)
        .filter(|&(_, t)| !matches!(t, Target::Buffer | Target::D2Ms | Target::D2MsArray))
        .map(|(gl, _)| gl)
}

/// What a dispatch on host textures runs with: its image table, its sampler table, the
/// memory they point into, and what writes the images back.
pub type OpenTextures = (
    ImageTable,
    Box<SamplerTable>,
    Vec<Arc<Storage>>,
    HostTextures,
);

/// Which host image a level in glcompute memory holds: (texture, level, Some(layer)
/// for a single layer).
type LevelKey = (u32, i32, Option<i32>);

/// An image level (or one layer of it) a shader may have written, to go back to the
/// host.
struct WriteBack {
    name: u32,
    target: u32,
    level: i32,
    /// Some(layer): `data` is that one layer (cube face, 3D slice, array layer).
    layer: Option<i32>,
    data: Level,
}

/// Host textures opened for one dispatch; [`HostTextures::close`] writes the images
/// back and restores the host's state. Dropping it restores the state without
/// writing back (a dispatch that failed before it ran).
pub struct HostTextures {
    link: Arc<HostLink>,
    writes: Vec<WriteBack>,
    /// Every level (or single layer) read for this dispatch, by (texture, level,
    /// layer): a texture reached through several units is read once and is one image
    /// to all of them.
    read: Vec<(LevelKey, Level)>,
    active: i32,
    store: Vec<(u32, i32)>,
    pack_buffer: i32,
    unpack_buffer: i32,
    /// Bindings of the active unit that glcompute changed: (target, old name).
    bound: Vec<(u32, u32)>,
    restored: bool,
}

fn geti(gl: &HostGl, pname: u32) -> i32 {
    let mut v = 0;
    // SAFETY: one integer out.
    unsafe { gl.glGetIntegerv(pname, &mut v) };
    v
}

impl HostTextures {
    fn new(link: Arc<HostLink>) -> HostTextures {
        let gl = link.gl;
        let store = PIXEL_STORE.iter().map(|&(p, _)| (p, geti(gl, p))).collect();
        let t = HostTextures {
            active: geti(gl, GL_ACTIVE_TEXTURE),
            pack_buffer: geti(gl, GL_PIXEL_PACK_BUFFER_BINDING),
            unpack_buffer: geti(gl, GL_PIXEL_UNPACK_BUFFER_BINDING),
            store,
            link,
            writes: Vec::new(),
            read: Vec::new(),
            bound: Vec::new(),
            restored: false,
        };
        // SAFETY: plain state changes, undone by `restore`.
        unsafe {
            for &(p, v) in &PIXEL_STORE {
                gl.glPixelStorei(p, v);
            }
            gl.glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            gl.glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
        }
        t
    }

    fn gl(&self) -> &'static HostGl {
        self.link.gl
    }

    /// Binds `name` to `target` on the active unit, remembering the old binding;
    /// false if the host refuses (the texture has another target).
    fn bind(&mut self, target: u32, name: u32) -> bool {
        let gl = self.gl();
        if !self.bound.iter().any(|(t, _)| *t == target) {
            let old = geti(gl, binding_query(target));
            if host_failed(gl) {
                return false;
            }
            self.bound.push((target, old as u32));
        }
        // SAFETY: binding an existing texture name; an error is taken below.
        unsafe { gl.glBindTexture(target, name) };
        !host_failed(gl)
    }

    /// The target of host texture `name`, trying `first` before the others.
    fn target_of(&mut self, name: u32, first: u32) -> Option<u32> {
        let order =
            std::iter::once(first).chain(TARGETS.iter().map(|(t, _)| *t).filter(|t| *t != first));
        order.into_iter().find(|&t| self.bind(t, name))
    }

    /// Binds host texture `name` to `target` and reads the size and internal format of
    /// its level `level` (a cube map's first face); None if the host refuses, the level
    /// is empty, or glcompute does not store the format.
    fn level_shape(
        &mut self,
        name: u32,
        target: u32,
        level: i32,
    ) -> Option<(i32, i32, i32, u32, Format)> {
        let gl = self.gl();
        if !self.bind(target, name) {
            return None;
        }
        let q = if target == GL_TEXTURE_CUBE_MAP {
            GL_TEXTURE_CUBE_MAP_POSITIVE_X
        } else {
            target
        };
        let lp = |pname| {
            let mut v = 0;
            // SAFETY: one integer out.
            unsafe { gl.glGetTexLevelParameteriv(q, level, pname, &mut v) };
            v
        };
        let (w, h, d, internal) = (
            lp(GL_TEXTURE_WIDTH),
            lp(GL_TEXTURE_HEIGHT),
            lp(GL_TEXTURE_DEPTH),
            lp(GL_TEXTURE_INTERNAL_FORMAT) as u32,
        );
        if host_failed(gl) || w <= 0 || h <= 0 || d <= 0 {
            return None;
        }
        let format = crate::format::internal::internal_format(internal)?;
        Some((w, h, d, internal, format))
    }

    /// Reads level `level` of host texture `name` (bound to `target`) into a new
    /// level of glcompute memory, once per dispatch (a level read before is returned
    /// again, sharing its memory); None if the host has no such level or a format
    /// glcompute does not store.
    fn download(&mut self, name: u32, target: u32, level: i32) -> GlResult<Option<Level>> {
        if let Some((_, l)) = self.read.iter().find(|(k, _)| *k == (name, level, None)) {
            return Ok(Some(l.clone()));
        }
        let gl = self.gl();
        let Some((w, h, d, internal, format)) = self.level_shape(name, target, level) else {
            return Ok(None);
        };
        let cube = target == GL_TEXTURE_CUBE_MAP;
        let d = if cube { 6 } else { d };
        let l = Level::new(w as u32, h as u32, d as u32, internal, format)?;
        let (cf, ct) = exact_client(format);
        // SAFETY: the level's storage holds w x h x d texels of `format`, which is
        // what GetTexImage writes in this client form with the tight pixel store set
        // by `new` (a cube face is one slice).
        unsafe {
            if cube {
                for face in 0..6u32 {
                    let p = l
                        .storage
                        .as_ptr()
                        .add((face as u64 * l.slice_bytes()) as usize);
                    gl.glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, level, cf, ct, p as _);
                }
            } else {
                gl.glGetTexImage(target, level, cf, ct, l.storage.as_ptr() as _);
            }
        }
        if host_failed(gl) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the host driver refused to read level {level} of texture {name} for the dispatch"
            );
        }
        self.read.push(((name, level, None), l.clone()));
        Ok(Some(l))
    }

    /// Reads one layer (cube face, 3D slice, array layer; for 1D arrays one row) of
    /// level `level` of host texture `name` with GetTextureSubImage (GL 4.5,
    /// ARB_get_texture_sub_image) into a
    /// one-layer level of glcompute memory, once per dispatch; None as `download`, or
    /// when the layer is too large for GetTextureSubImage's bufSize.
    fn download_layer(
        &mut self,
        name: u32,
        target: u32,
        level: i32,
        layer: i32,
    ) -> GlResult<Option<Level>> {
        let key = (name, level, Some(layer));
        if let Some((_, l)) = self.read.iter().find(|(k, _)| *k == key) {
            return Ok(Some(l.clone()));
        }
        let gl = self.gl();
        let Some((w, h, d, internal, format)) = self.level_shape(name, target, level) else {
            return Ok(None);
        };
        let rows = target == GL_TEXTURE_1D_ARRAY;
        let layers = match target {
            GL_TEXTURE_CUBE_MAP => 6,
            GL_TEXTURE_1D_ARRAY => h,
            _ => d,
        };
        if layer < 0 || layer >= layers {
            return Ok(None);
        }
        let lh = if rows { 1 } else { h };
        let l = Level::new(w as u32, lh as u32, 1, internal, format)?;
        // A layer past GetTextureSubImage's bufSize range cannot be read this way.
        let Ok(buf_size) = i32::try_from(l.slice_bytes()) else {
            return Ok(None);
        };
        let (cf, ct) = exact_client(format);
        let (y, z) = if rows { (layer, 0) } else { (0, layer) };
        // SAFETY: the level's storage holds w x lh texels of `format`, which is what
        // GetTextureSubImage writes for this one-layer region in this client form with
        // the tight pixel store set by `new`; bufSize says so too.
        unsafe {
            gl.glGetTextureSubImage(
                name,
                level,
                0,
                y,
                z,
                w,
                lh,
                1,
                cf,
                ct,
                buf_size,
                l.storage.as_ptr() as _,
            )
        };
        if host_failed(gl) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the host driver refused to read layer {layer} of level {level} of texture {name} for the dispatch"
            );
        }
        self.read.push((key, l.clone()));
        Ok(Some(l))
    }

    fn upload(&mut self, w: &WriteBack) -> bool {
        let gl = self.gl();
        if !self.bind(w.target, w.name) {
            return false;
        }
        let l = &w.data;
        let (cf, ct) = exact_client(l.format);
        let p = l.storage.as_ptr();
        let (x, y, z) = (l.width as i32, l.height as i32, l.depth as i32);
        if let Some(layer) = w.layer {
            // SAFETY: the storage holds the one layer's texels in this client form,
            // with the tight unpack state and no unpack buffer set by `new`.
            unsafe {
                match w.target {
                    GL_TEXTURE_CUBE_MAP => gl.glTexSubImage2D(
                        GL_TEXTURE_CUBE_MAP_POSITIVE_X + layer as u32,
                        w.level,
                        0,
                        0,
                        x,
                        y,
                        cf,
                        ct,
                        p as _,
                    ),
                    GL_TEXTURE_1D_ARRAY => {
                        gl.glTexSubImage2D(w.target, w.level, 0, layer, x, 1, cf, ct, p as _)
                    }
                    _ => {
                        gl.glTexSubImage3D(w.target, w.level, 0, 0, layer, x, y, 1, cf, ct, p as _)
                    }
                }
            }
            return !host_failed(gl);
        }
        // SAFETY: the storage holds the level's texels in this client form, with the
        // tight unpack state and no unpack buffer set by `new`.
        unsafe {
            match w.target {
                GL_TEXTURE_CUBE_MAP => {
                    for face in 0..6u32 {
                        let fp = p.add((face as u64 * l.slice_bytes()) as usize);
                        gl.glTexSubImage2D(
                            GL_TEXTURE_CUBE_MAP_POSITIVE_X + face,
                            w.level,
                            0,
                            0,
                            x,
                            y,
                            cf,
                            ct,
                            fp as _,
                        );
                    }
                }
                GL_TEXTURE_1D => gl.glTexSubImage1D(w.target, w.level, 0, x, cf, ct, p as _),
                GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_1D_ARRAY => {
                    gl.glTexSubImage2D(w.target, w.level, 0, 0, x, y, cf, ct, p as _)
                }
                _ => gl.glTexSubImage3D(w.target, w.level, 0, 0, 0, x, y, z, cf, ct, p as _),
            }
        }
        !host_failed(gl)
    }

    /// Writes back every image a shader may have written, then restores the host's
    /// state; returns the problems met (never left in the host's error flag).
    pub fn close(mut self) -> Vec<String> {
        let mut problems = Vec::new();
        for w in std::mem::take(&mut self.writes) {
            if !self.upload(&w) {
                problems.push(format!(
                    "the results in level {} of texture {} could not be written back to the host",
                    w.level, w.name
                ));
            }
        }
        self.restore();
        problems
    }

    fn restore(&mut self) {
        if self.restored {
            return;
        }
        self.restored = true;
        let gl = self.gl();
        // SAFETY: puts back the values read in `new` and `bind`.
        unsafe {
            for &(t, old) in self.bound.iter().rev() {
                gl.glBindTexture(t, old);
            }
            gl.glActiveTexture(self.active as u32);
            for &(p, v) in &self.store {
                gl.glPixelStorei(p, v);
            }
            gl.glBindBuffer(GL_PIXEL_PACK_BUFFER, self.pack_buffer as u32);
            gl.glBindBuffer(GL_PIXEL_UNPACK_BUFFER, self.unpack_buffer as u32);
        }
        host_failed(gl);
    }

    /// The shadow of host texture `name` (of `target`) with levels `levels` from
    /// `base` on.
    fn shadow(target: u32, base: i32, levels: Vec<Level>) -> Arc<Texture> {
        let t = Texture::new(0, target);
        {
            let mut st = t.state.lock();
            st.base_level = base;
            st.max_level = base + levels.len() as i32 - 1;
            for (i, l) in levels.into_iter().enumerate() {
                let at = base as usize + i;
                if at < MAX_LEVELS {
                    st.faces[at] = 0x3f;
                    st.levels[at] = Some(l);
                }
            }
        }
        t
    }
}

impl Drop for HostTextures {
    fn drop(&mut self) {
        self.restore();
    }
}

impl ContextState {
    /// Brings in the host textures that the used image and sampler uniforms of `exe`
    /// reach: the image table and sampler table of the dispatch, the memory they point
    /// into, and what writes the images back.
    pub fn open_host_textures(
        &mut self,
        exe: &LinkedProgram,
        uniforms: &[u8],
    ) -> GlResult<OpenTextures> {
        self.merge_host_error();
        let link = self.host.clone().expect("a shadow context");
        let image_units = opaque_units(exe, uniforms, true)?;
        let sampler_units = opaque_units(exe, uniforms, false)?;
        // Without image units on the host, glcompute keeps them (api/interpose/special).
        let kept_images = (!link.caps().images).then(|| self.host_bindings.images.clone());
        let gl = link.gl;
        let mut ht = HostTextures::new(link);
        let mut units = vec![ImageUnit::default(); MAX_IMAGE_UNITS as usize];
        // The host's image units the program uses, read first: whether one unit may
        // bring in a single layer depends on the others.
        struct Bound {
            unit: u32,
            name: u32,
            target: u32,
            level: i32,
            layered: bool,
            layer: i32,
            access: u32,
            format: u32,
        }
        let mut bound = Vec::new();
        for &(unit, o) in &image_units {
            if unit >= MAX_IMAGE_UNITS as u32 {
                continue;
            }
            let q = |pname| {
                let mut v = 0;
                // SAFETY: an indexed integer query of an image unit the host has (the
                // error of a unit past its limit is taken below).
                unsafe { gl.glGetIntegeri_v(pname, unit, &mut v) };
                v
            };
            let (name, level, layered, layer, access, format) = match &kept_images {
                Some(k) => {
                    let u = k[unit as usize];
                    (u.name, u.level, u.layered, u.layer, u.access, u.format)
                }
                None => (
                    q(GL_IMAGE_BINDING_NAME) as u32,
                    q(GL_IMAGE_BINDING_LEVEL),
                    q(GL_IMAGE_BINDING_LAYERED) != 0,
                    q(GL_IMAGE_BINDING_LAYER),
                    q(GL_IMAGE_BINDING_ACCESS) as u32,
                    q(GL_IMAGE_BINDING_FORMAT) as u32,
                ),
            };
            if host_failed(gl) || name == 0 {
                continue;
            }
            let first = dim_target(o.dim).unwrap_or(GL_TEXTURE_2D);
            let Some(target) = ht.target_of(name, first) else {
                continue;
            };
            bound.push(Bound {
                unit,
                name,
                target,
                level,
                layered,
                layer,
                access,
                format,
            });
        }
        let sub_image = ht.link.caps().get_sub_image;
        for b in &bound {
            // A single-layer binding of a texture with layers brings in that layer
            // alone (GetTextureSubImage, where the host has it), unless another unit
            // reaches the same level otherwise: then the level is one image to both.
            let with_layers = matches!(
                b.target,
                GL_TEXTURE_1D_ARRAY
                    | GL_TEXTURE_2D_ARRAY
                    | GL_TEXTURE_3D
                    | GL_TEXTURE_CUBE_MAP
                    | GL_TEXTURE_CUBE_MAP_ARRAY
            );
            let alone = bound.iter().all(|o| {
                (o.name, o.level) != (b.name, b.level) || (!o.layered && o.layer == b.layer)
            });
            let mut one_layer =
                (sub_image && with_layers && !b.layered && alone).then_some(b.layer);
            let mut data = None;
            if let Some(layer) = one_layer {
                data = ht.download_layer(b.name, b.target, b.level, layer)?;
            }
            // The whole level where one layer cannot be read alone.
            if data.is_none() {
                one_layer = None;
                data = ht.download(b.name, b.target, b.level)?;
            }
            let Some(data) = data else {
                continue;
            };
            // One write-back per level (or layer), however many units may write it.
            if b.access != GL_READ_ONLY
                && !ht
                    .writes
                    .iter()
                    .any(|w| (w.name, w.level, w.layer) == (b.name, b.level, one_layer))
            {
                ht.writes.push(WriteBack {
                    name: b.name,
                    target: b.target,
                    level: b.level,
                    layer: one_layer,
                    data: data.clone(),
                });
            }
            // A single layer is a one-layer 2D (or 1D) shadow, bound at layer 0.
            let (shadow_target, layer) = match one_layer {
                Some(_) if b.target == GL_TEXTURE_1D_ARRAY => (GL_TEXTURE_1D, 0),
                Some(_) => (GL_TEXTURE_2D, 0),
                None => (b.target, b.layer),
            };
            units[b.unit as usize] = ImageUnit {
                texture: Some(HostTextures::shadow(shadow_target, b.level, vec![data])),
                level: b.level,
                layered: b.layered,
                layer,
                access: b.access,
                format: b.format,
            };
        }
        let (images, mut keep) = image_table_of(&units);
        let mut samplers = Box::<SamplerTable>::default();
        for &(unit, o) in &sampler_units {
            let Some(target) = dim_target(o.dim) else {
                continue;
            };
            // The unit's texture and sampler object, read on that unit.
            // SAFETY: selecting a texture unit; an error (a unit past the host's
            // limit) is taken below.
            unsafe { gl.glActiveTexture(GL_TEXTURE0 + unit) };
            // glcompute binds the textures it reads on the host's active unit: there,
            // the unit's own texture is the one it had before (the images read above
            // may have replaced it).
            let queried = geti(gl, binding_query(target)) as u32;
            let name = match ht.bound.iter().find(|(t, _)| *t == target) {
                Some(&(_, old)) if GL_TEXTURE0 + unit == ht.active as u32 => old,
                _ => queried,
            };
            let sampler = geti(gl, GL_SAMPLER_BINDING) as u32;
            // SAFETY: back to the unit glcompute works on.
            unsafe { gl.glActiveTexture(ht.active as u32) };
            if host_failed(gl) || name == 0 || !ht.bind(target, name) {
                continue;
            }
            let tp = |pname| {
                let mut v = 0;
                // SAFETY: one integer out of a texture parameter.
                unsafe { gl.glGetTexParameteriv(target, pname, &mut v) };
                v
            };
            let mut base = tp(GL_TEXTURE_BASE_LEVEL).max(0);
            let mut max = tp(GL_TEXTURE_MAX_LEVEL).max(base);
            // GL 4.6 §8.17: an immutable-format texture's base and max levels are
            // clamped to its TEXTURE_IMMUTABLE_LEVELS (a host without texture storage
            // refuses the query: its textures are mutable).
            let immutable = tp(GL_TEXTURE_IMMUTABLE_FORMAT) != 0;
            let levels = tp(GL_TEXTURE_IMMUTABLE_LEVELS);
            if !host_failed(gl) && immutable && levels > 0 {
                base = base.min(levels - 1);
                max = max.clamp(base, levels - 1);
            }
            let swizzle = [
                GL_TEXTURE_SWIZZLE_R,
                GL_TEXTURE_SWIZZLE_G,
                GL_TEXTURE_SWIZZLE_B,
                GL_TEXTURE_SWIZZLE_A,
            ]
            .map(|p| tp(p) as u32);
            let mut sp = SamplerParams::new(target);
            let int = |pname: u32| -> i32 {
                let mut v = 0;
                // SAFETY: one integer out of a sampler or texture parameter.
                unsafe {
                    if sampler != 0 {
                        gl.glGetSamplerParameteriv(sampler, pname, &mut v);
                    } else {
                        gl.glGetTexParameteriv(target, pname, &mut v);
                    }
                }
                v
            };
            let float = |pname: u32, out: &mut [f32]| {
                // SAFETY: `out` has room for the values of pname.
                unsafe {
                    if sampler != 0 {
                        gl.glGetSamplerParameterfv(sampler, pname, out.as_mut_ptr());
                    } else {
                        gl.glGetTexParameterfv(target, pname, out.as_mut_ptr());
                    }
                }
            };
            sp.min_filter = int(GL_TEXTURE_MIN_FILTER) as u32;
            sp.mag_filter = int(GL_TEXTURE_MAG_FILTER) as u32;
            sp.wrap =
                [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R].map(|p| int(p) as u32);
            sp.compare_mode = int(GL_TEXTURE_COMPARE_MODE) as u32;
            sp.compare_func = int(GL_TEXTURE_COMPARE_FUNC) as u32;
            let mut b = [0f32; 4];
            float(GL_TEXTURE_BORDER_COLOR, &mut b);
            sp.border = b.map(f32::to_bits);
            let mut one = [0f32];
            float(GL_TEXTURE_MIN_LOD, &mut one);
            sp.min_lod = one[0];
            float(GL_TEXTURE_MAX_LOD, &mut one);
            sp.max_lod = one[0];
            float(GL_TEXTURE_LOD_BIAS, &mut one);
            sp.lod_bias = one[0];
            if host_failed(gl) {
                continue;
            }
            // A host without anisotropic filtering refuses the pname: isotropic then.
            one[0] = 1.0;
            float(GL_TEXTURE_MAX_ANISOTROPY, &mut one);
            sp.max_anisotropy = if host_failed(gl) {
                1.0
            } else {
                one[0].max(1.0)
            };
            let mut levels = Vec::new();
            let last = max.min(base.saturating_add(MAX_LEVELS as i32 - 1));
            for l in base..=last {
                match ht.download(name, target, l)? {
                    Some(data) => levels.push(data),
                    None => break,
                }
                if !sp.uses_mipmaps() {
                    break;
                }
            }
            if levels.is_empty() {
                continue;
            }
            // An integer texture's border colour is read in its integer form: the float
            // queries of a colour set with the I forms are not portable (Mesa returns
            // the bits as floats).
            let class = levels[0].format.class();
            if class != Class::Float && !levels[0].format.has_stencil() {
                let mut raw = [0u32; 4];
                let p = raw.as_mut_ptr();
                // SAFETY: `raw` has room for the four border components.
                unsafe {
                    match (sampler != 0, class) {
                        (true, Class::Sint) => {
                            gl.glGetSamplerParameterIiv(sampler, GL_TEXTURE_BORDER_COLOR, p as _)
                        }
                        (true, _) => {
                            gl.glGetSamplerParameterIuiv(sampler, GL_TEXTURE_BORDER_COLOR, p)
                        }
                        (false, Class::Sint) => {
                            gl.glGetTexParameterIiv(target, GL_TEXTURE_BORDER_COLOR, p as _)
                        }
                        (false, _) => gl.glGetTexParameterIuiv(target, GL_TEXTURE_BORDER_COLOR, p),
                    }
                }
                if !host_failed(gl) {
                    sp.border = raw;
                    sp.border_int = true;
                }
            }
            let shadow = HostTextures::shadow(target, base, levels);
            {
                let mut st = shadow.state.lock();
                st.max_level = max;
                st.swizzle = swizzle;
                st.sampler = sp;
            }
            if let Some(desc) = desc_of(&shadow, sp, o.dim, &mut keep) {
                samplers.set(unit, desc);
            }
        }
        Ok((images, samplers, keep, ht))
    }
}
