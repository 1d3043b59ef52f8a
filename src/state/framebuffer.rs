//! Framebuffer and renderbuffer objects (GL 4.6 chapter 9), as far as compute results
//! need them: texture and renderbuffer attachments, completeness, draw and read
//! buffers, Clear/ClearBuffer* of the attachments, and ReadPixels (§18.2). Nothing is
//! rasterised. The default framebuffer of a glcompute context has no pixels (contexts
//! are made current without a window), so it is FRAMEBUFFER_UNDEFINED: commands that
//! would write or read it fail with INVALID_FRAMEBUFFER_OPERATION.

use crate::format::internal::internal_format;
use crate::format::texel::{Class, Format};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::{UserOut, *};
use crate::gl_bail;
use crate::limits::{MAX_COLOR_ATTACHMENTS, MAX_DRAW_BUFFERS, MAX_RENDERBUFFER_SIZE};
use crate::runtime::sync::Mutex;
use crate::state::context::ContextState;
use crate::state::objects::framebuffer::{Attachment, Framebuffer, Renderbuffer};
use crate::state::objects::texture::Texture;
use std::sync::Arc;

const DEFAULT_FB: &str = "the default framebuffer has no pixels (glcompute contexts have no window; attach textures to a framebuffer object)";

impl ContextState {
    pub fn gen_framebuffers(&mut self, n: usize, create: bool) -> Vec<u32> {
        let f = &mut self.framebuffers.objects;
        (0..n)
            .map(|_| {
                let name = f.alloc();
                if create {
                    f.set(name, Framebuffer::new(name));
                }
                name
            })
            .collect()
    }

    pub fn delete_framebuffers(&mut self, names: &[u32]) {
        for &name in names {
            if name == 0 {
                continue;
            }
            if self.framebuffers.objects.remove(name).is_some()
                || self.framebuffers.objects.is_name(name)
            {
                // GL 4.6 §9.2: a deleted bound framebuffer reverts the binding to 0.
                if self.framebuffers.draw == name {
                    self.framebuffers.draw = 0;
                }
                if self.framebuffers.read == name {
                    self.framebuffers.read = 0;
                }
            }
        }
    }

    pub fn is_framebuffer(&self, name: u32) -> bool {
        self.framebuffers.objects.get(name).is_some()
    }

    /// BindFramebuffer (GL 4.6 §9.2).
    pub fn bind_framebuffer(&mut self, target: u32, name: u32) -> GlResult<()> {
        // GL 4.6 §9.2: INVALID_ENUM if target is not a framebuffer target.
        if !matches!(
            target,
            GL_FRAMEBUFFER | GL_DRAW_FRAMEBUFFER | GL_READ_FRAMEBUFFER
        ) {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a framebuffer target",
                Enum(target)
            );
        }
        if name != 0 {
            let f = &mut self.framebuffers.objects;
            // GL 4.6 §9.2: INVALID_OPERATION if framebuffer is not zero or a name from
            // GenFramebuffers.
            if !f.is_name(name) {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "framebuffer = {name} is not a name returned by glGenFramebuffers"
                );
            }
            if f.get(name).is_none() {
                f.set(name, Framebuffer::new(name));
            }
        }
        if target != GL_READ_FRAMEBUFFER {
            self.framebuffers.draw = name;
        }
        if target != GL_DRAW_FRAMEBUFFER {
            self.framebuffers.read = name;
        }
        Ok(())
    }

    /// The framebuffer bound to `target` (0: the default framebuffer).
    pub fn framebuffer_binding(&self, target: u32) -> GlResult<u32> {
        Ok(match target {
            GL_FRAMEBUFFER | GL_DRAW_FRAMEBUFFER => self.framebuffers.draw,
            GL_READ_FRAMEBUFFER => self.framebuffers.read,
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a framebuffer target",
                Enum(target)
            ),
        })
    }

    /// A framebuffer object by name, for the DSA commands.
    pub fn named_framebuffer(&self, name: u32) -> GlResult<u32> {
        if name != 0 && self.framebuffers.objects.get(name).is_none() {
            // DSA commands: INVALID_OPERATION if framebuffer is not the name of an
            // existing framebuffer object.
            gl_bail!(
                GL_INVALID_OPERATION,
                "framebuffer = {name} is not the name of an existing framebuffer object"
            );
        }
        Ok(name)
    }

    pub(super) fn fbo_mut(&mut self, fb: u32, what: &str) -> GlResult<&mut Framebuffer> {
        match self.framebuffers.objects.get_mut(fb) {
            Some(f) => Ok(f),
            // GL 4.6 §9.2.7: INVALID_OPERATION when the default framebuffer is bound.
            None => gl_bail!(
                GL_INVALID_OPERATION,
                "{what}: the default framebuffer is bound, not a framebuffer object"
            ),
        }
    }

    /// FramebufferTexture* / NamedFramebufferTexture* (GL 4.6 §9.2.8). `textarget` is
    /// given by the 1D/2D/3D forms, `layer` by the layered forms (and 3D).
    pub fn framebuffer_texture(
        &mut self,
        fb: u32,
        attachment: u32,
        textarget: Option<u32>,
        name: u32,
        level: i32,
        layer: Option<i32>,
    ) -> GlResult<()> {
        let tex = if name == 0 {
            None
        } else {
            let t = self.shared.textures.lock().get(name).cloned();
            match t {
                Some(t) => Some(t),
                // GL 4.6 §9.2.8: INVALID_OPERATION if texture is not zero or an
                // existing texture object.
                None => gl_bail!(
                    GL_INVALID_OPERATION,
                    "texture = {name} is not the name of an existing texture object"
                ),
            }
        };
        let mut face_layer = layer;
        if let Some(t) = &tex {
            let target = t.state.lock().target;
            if let Some(tt) = textarget {
                let face =
                    (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z).contains(&tt);
                let matches = tt == target || (face && target == GL_TEXTURE_CUBE_MAP);
                // GL 4.6 §9.2.8: INVALID_OPERATION if textarget does not match the
                // texture's target.
                if !matches {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "textarget {} does not match texture {name}, a {} texture",
                        Enum(tt),
                        Enum(target)
                    );
                }
                if face {
                    face_layer = Some((tt - GL_TEXTURE_CUBE_MAP_POSITIVE_X) as i32);
                }
            }
            // GL 4.6 §9.2.8: INVALID_VALUE if level is not a level the texture can have
            // (multisample textures have level 0 only).
            let ms = matches!(
                target,
                GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
            );
            if level < 0 || level as usize >= crate::limits::MAX_LEVELS || (ms && level != 0) {
                gl_bail!(GL_INVALID_VALUE, "level = {level} is out of range");
            }
            if let Some(l) = layer
                && l < 0
            {
                gl_bail!(GL_INVALID_VALUE, "layer = {l} is negative");
            }
            // GL 4.6 §9.2.8 (FramebufferTextureLayer): INVALID_OPERATION if the texture
            // has no layers; INVALID_VALUE for a layer past the target's maximum.
            if textarget.is_none()
                && let Some(l) = layer
            {
                let max = match target {
                    GL_TEXTURE_3D => crate::limits::MAX_3D_TEXTURE_SIZE,
                    GL_TEXTURE_CUBE_MAP => 6,
                    GL_TEXTURE_1D_ARRAY
                    | GL_TEXTURE_2D_ARRAY
                    | GL_TEXTURE_CUBE_MAP_ARRAY
                    | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => crate::limits::MAX_ARRAY_TEXTURE_LAYERS,
                    _ => gl_bail!(
                        GL_INVALID_OPERATION,
                        "texture {name} is a {} texture, which has no layers",
                        Enum(target)
                    ),
                };
                if l >= max {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "layer = {l} is past the {max} layers a {} texture can have",
                        Enum(target)
                    );
                }
            }
            if textarget.is_none()
                && layer.is_none()
                && !matches!(
                    target,
                    GL_TEXTURE_3D
                        | GL_TEXTURE_1D_ARRAY
                        | GL_TEXTURE_2D_ARRAY
                        | GL_TEXTURE_CUBE_MAP
                        | GL_TEXTURE_CUBE_MAP_ARRAY
                        | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                )
            {
                face_layer = Some(0);
            }
        }
        let f = self.fbo_mut(fb, "glFramebufferTexture")?;
        let att = tex.map(|tex| Attachment::Texture {
            tex,
            level,
            layer: face_layer,
        });
        for slot in f.attachment_slot(attachment)? {
            *slot = att.clone();
        }
        Ok(())
    }

    /// FramebufferRenderbuffer (GL 4.6 §9.2.7).
    pub fn framebuffer_renderbuffer(
        &mut self,
        fb: u32,
        attachment: u32,
        rb_target: u32,
        name: u32,
    ) -> GlResult<()> {
        // GL 4.6 §9.2.7: INVALID_ENUM if renderbuffertarget is not RENDERBUFFER.
        if rb_target != GL_RENDERBUFFER {
            gl_bail!(
                GL_INVALID_ENUM,
                "renderbuffertarget {} is not GL_RENDERBUFFER",
                Enum(rb_target)
            );
        }
        let rb = if name == 0 {
            None
        } else {
            match self.shared.renderbuffers.lock().get(name) {
                Some(r) => Some(r.clone()),
                // GL 4.6 §9.2.7: INVALID_OPERATION for a name that is not a renderbuffer.
                None => gl_bail!(
                    GL_INVALID_OPERATION,
                    "renderbuffer = {name} is not the name of an existing renderbuffer"
                ),
            }
        };
        let f = self.fbo_mut(fb, "glFramebufferRenderbuffer")?;
        let att = rb.map(Attachment::Renderbuffer);
        for slot in f.attachment_slot(attachment)? {
            *slot = att.clone();
        }
        Ok(())
    }

    /// Drops every attachment of `tex` from the bound framebuffers (GL 4.6 §9.2.8:
    /// deleting an attached texture detaches it from the bound framebuffers).
    pub fn detach_texture(&mut self, tex: &Arc<Texture>) {
        let bound = [self.framebuffers.draw, self.framebuffers.read];
        for name in bound {
            let Some(f) = self.framebuffers.objects.get_mut(name) else {
                continue;
            };
            for slot in f.color.iter_mut().chain([&mut f.depth, &mut f.stencil]) {
                if matches!(slot, Some(Attachment::Texture { tex: t, .. }) if Arc::ptr_eq(t, tex)) {
                    *slot = None;
                }
            }
        }
    }

    /// CheckFramebufferStatus (GL 4.6 §9.4.2).
    pub fn check_framebuffer_status(&self, fb: u32) -> u32 {
        match self.framebuffers.objects.get(fb) {
            Some(f) => f.status(),
            None => GL_FRAMEBUFFER_UNDEFINED,
        }
    }

    /// GL 4.6 §9.4.4: INVALID_FRAMEBUFFER_OPERATION for a command that needs a
    /// complete framebuffer.
    pub(super) fn complete_fbo(&self, fb: u32) -> GlResult<&Framebuffer> {
        let Some(f) = self.framebuffers.objects.get(fb) else {
            gl_bail!(GL_INVALID_FRAMEBUFFER_OPERATION, "{DEFAULT_FB}");
        };
        let status = f.status();
        if status != GL_FRAMEBUFFER_COMPLETE {
            gl_bail!(
                GL_INVALID_FRAMEBUFFER_OPERATION,
                "framebuffer {fb} is not complete ({})",
                Enum(status)
            );
        }
        Ok(f)
    }

    /// DrawBuffers / NamedFramebufferDrawBuffers, and DrawBuffer /
    /// NamedFramebufferDrawBuffer (`single`) (GL 4.6 §17.4.1).
    pub fn draw_buffers(&mut self, fb: u32, bufs: &[u32], single: bool) -> GlResult<()> {
        // GL 4.6 §17.4.1: INVALID_VALUE if n is above MAX_DRAW_BUFFERS.
        if bufs.len() > MAX_DRAW_BUFFERS {
            gl_bail!(
                GL_INVALID_VALUE,
                "n = {} is above GL_MAX_DRAW_BUFFERS ({MAX_DRAW_BUFFERS})",
                bufs.len()
            );
        }
        // GL 4.6 §17.4.1: INVALID_ENUM if DrawBuffers is given FRONT, LEFT, RIGHT or
        // FRONT_AND_BACK (each may name several buffers); DrawBuffer takes them.
        let several = |b: &&u32| matches!(**b, GL_FRONT | GL_LEFT | GL_RIGHT | GL_FRONT_AND_BACK);
        if let (false, Some(&b)) = (single, bufs.iter().find(several)) {
            gl_bail!(
                GL_INVALID_ENUM,
                "{} names several buffers, which glDrawBuffers does not take",
                Enum(b)
            );
        }
        let Some(f) = self.framebuffers.objects.get_mut(fb) else {
            // GL 4.6 §17.4.1: INVALID_ENUM for a value in none of tables 17.4-17.6.
            if let Some(&b) = bufs.iter().find(|&&b| !is_color_buffer_enum(b)) {
                gl_bail!(GL_INVALID_ENUM, "{} is not a colour buffer", Enum(b));
            }
            // The default framebuffer: only NONE or BACK (GL 4.6 §17.4.1).
            if bufs.iter().all(|&b| b == GL_NONE) || bufs == [GL_BACK] {
                return Ok(());
            }
            gl_bail!(
                GL_INVALID_OPERATION,
                "the default framebuffer takes only GL_NONE or GL_BACK"
            );
        };
        for (i, &b) in bufs.iter().enumerate() {
            let c = b.wrapping_sub(GL_COLOR_ATTACHMENT0) as usize;
            // GL 4.6 §17.4.1: INVALID_OPERATION for a buffer of the default framebuffer
            // when a framebuffer object is affected: those of table 17.5 for
            // DrawBuffers, of table 17.4 (BACK and the others too) for DrawBuffer.
            // DrawBuffers' BACK is in neither table: INVALID_ENUM below.
            if matches!(
                b,
                GL_FRONT_LEFT | GL_FRONT_RIGHT | GL_BACK_LEFT | GL_BACK_RIGHT
            ) || (single && (several(&&b) || b == GL_BACK))
            {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "{} is a buffer of the default framebuffer, not of a framebuffer object",
                    Enum(b)
                );
            }
            // GL 4.6 §17.4.1: INVALID_ENUM for a value that is not a buffer; an
            // attachment past the limit or out of place is INVALID_OPERATION.
            if b != GL_NONE && c >= 32 {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "{} is not a draw buffer of a framebuffer object",
                    Enum(b)
                );
            }
            if b != GL_NONE && (c >= MAX_COLOR_ATTACHMENTS || bufs[..i].contains(&b)) {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "{} is past GL_MAX_COLOR_ATTACHMENTS or listed twice",
                    Enum(b)
                );
            }
        }
        f.draw_buffers = [GL_NONE; MAX_DRAW_BUFFERS];
        f.draw_buffers[..bufs.len()].copy_from_slice(bufs);
        Ok(())
    }

    /// ReadBuffer / NamedFramebufferReadBuffer (GL 4.6 §18.2.1).
    pub fn read_buffer(&mut self, fb: u32, mode: u32) -> GlResult<()> {
        let Some(f) = self.framebuffers.objects.get_mut(fb) else {
            if matches!(
                mode,
                GL_NONE | GL_BACK | GL_FRONT | GL_BACK_LEFT | GL_FRONT_LEFT
            ) {
                return Ok(());
            }
            // GL 4.6 §18.2.1: INVALID_ENUM for a value in neither table 17.4 nor 17.5.
            if !is_color_buffer_enum(mode) {
                gl_bail!(GL_INVALID_ENUM, "{} is not a colour buffer", Enum(mode));
            }
            gl_bail!(
                GL_INVALID_OPERATION,
                "{} is not a buffer of the default framebuffer",
                Enum(mode)
            );
        };
        let c = mode.wrapping_sub(GL_COLOR_ATTACHMENT0) as usize;
        // GL 4.6 §18.2.1: INVALID_OPERATION for a colour attachment past the limit or a
        // default-framebuffer buffer; INVALID_ENUM for anything else.
        if mode != GL_NONE && c >= 32 {
            if matches!(
                mode,
                GL_BACK | GL_FRONT | GL_LEFT | GL_RIGHT | GL_FRONT_AND_BACK
            ) {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "{} is not a buffer of a framebuffer object",
                    Enum(mode)
                );
            }
            gl_bail!(GL_INVALID_ENUM, "{} is not a read buffer", Enum(mode));
        }
        if mode != GL_NONE && c >= MAX_COLOR_ATTACHMENTS {
            gl_bail!(
                GL_INVALID_OPERATION,
                "{} is past GL_MAX_COLOR_ATTACHMENTS",
                Enum(mode)
            );
        }
        f.read_buffer = mode;
        Ok(())
    }

    /// Rewrites every texel of an attached image (the attached layer, or every layer
    /// of a layered attachment; every sample of a multisample image) with `edit`.
    fn fill_attachment(a: &Attachment, edit: impl Fn(Format, &mut [u8])) {
        let Some((l, slice)) = a.image() else { return };
        let layers = match a {
            Attachment::Texture { layer: None, .. } => 0..l.depth,
            _ => slice..slice.saturating_add(1).min(l.depth),
        };
        let tb = l.format.bytes();
        let mut row = vec![0u8; l.row_bytes() as usize];
        for z in layers {
            for s in 0..l.samples.max(1) {
                for y in 0..l.height {
                    let off = l.sample_at(0, y, z, s);
                    l.storage.read(off as usize, &mut row);
                    for t in row.chunks_exact_mut(tb) {
                        edit(l.format, t);
                    }
                    l.storage.write(off as usize, &row);
                }
            }
        }
    }

    /// Sets the depth and/or stencil part of a texel, keeping the other part.
    pub(super) fn set_depth_stencil(
        fmt: Format,
        t: &mut [u8],
        depth: Option<f32>,
        stencil: Option<u32>,
    ) {
        let mut v = fmt.decode(t);
        if fmt == Format::Stencil8 {
            if let Some(s) = stencil {
                v[0] = s & 0xff;
            }
        } else {
            if let Some(d) = depth {
                v[0] = d.to_bits();
            }
            if let Some(s) = stencil {
                v[1] = s & 0xff;
            }
        }
        fmt.encode(v, t);
    }

    /// ClearColor (GL 4.6 §17.4.3).
    pub fn clear_color(&mut self, c: [f32; 4]) {
        self.framebuffers.clear_color = c;
    }

    /// Clear (GL 4.6 §17.4.3): the draw buffers' attachments, depth and stencil.
    pub fn clear(&mut self, mask: u32) -> GlResult<()> {
        // GL 4.6 §17.4.3: INVALID_VALUE if mask has bits other than the buffer bits.
        let all = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
        if mask & !all != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "mask = 0x{mask:X} has bits other than the colour, depth and stencil buffer bits"
            );
        }
        let f = self.complete_fbo(self.framebuffers.draw)?;
        // GL 4.6 §10.10: conditional rendering discards Clear.
        if self.conditional_render_discards() {
            return Ok(());
        }
        let c = self.framebuffers.clear_color;
        let depth = self.framebuffers.clear_depth.clamp(0.0, 1.0) as f32;
        let stencil = self.framebuffers.clear_stencil as u32;
        if mask & GL_COLOR_BUFFER_BIT != 0 {
            for &b in f.draw_buffers.iter().filter(|&&b| b != GL_NONE) {
                let i = (b - GL_COLOR_ATTACHMENT0) as usize;
                if let Some(a) = &f.color[i] {
                    // Integer attachments are undefined after Clear (GL 4.6 §17.4.3);
                    // they get the colour's integer conversion.
                    Self::fill_attachment(a, |fmt, t| {
                        let v = match fmt.class() {
                            Class::Float => c.map(f32::to_bits),
                            Class::Sint => c.map(|x| x as i32 as u32),
                            Class::Uint => c.map(|x| x.max(0.0) as u32),
                        };
                        fmt.encode(v, t);
                    });
                }
            }
        }
        let d = (mask & GL_DEPTH_BUFFER_BIT != 0).then_some(depth);
        let s = (mask & GL_STENCIL_BUFFER_BIT != 0).then_some(stencil);
        let targets: Vec<&Attachment> = match (&f.depth, &f.stencil) {
            (Some(Attachment::Renderbuffer(a)), Some(Attachment::Renderbuffer(b)))
                if Arc::ptr_eq(a, b) =>
            {
                vec![f.depth.as_ref().expect("some")]
            }
            (
                Some(Attachment::Texture { tex: a, .. }),
                Some(Attachment::Texture { tex: b, .. }),
            ) if Arc::ptr_eq(a, b) => {
                vec![f.depth.as_ref().expect("some")]
            }
            (x, y) => x.iter().chain(y.iter()).collect(),
        };
        if d.is_some() || s.is_some() {
            for a in targets {
                Self::fill_attachment(a, |fmt, t| Self::set_depth_stencil(fmt, t, d, s));
            }
        }
        Ok(())
    }

    /// ClearBuffer{fv,iv,uiv,fi} and the NamedFramebuffer forms (GL 4.6 §17.4.3.1).
    /// `values` are the raw 32-bit words the command passed.
    pub fn clear_framebuffer_buffer(
        &mut self,
        fb: u32,
        buffer: u32,
        drawbuffer: i32,
        values: [u32; 4],
    ) -> GlResult<()> {
        // GL 4.6 §17.4.3.1: INVALID_ENUM for a buffer the form does not take;
        // INVALID_VALUE for a drawbuffer out of range.
        match buffer {
            GL_COLOR => {
                if drawbuffer < 0 || drawbuffer as usize >= MAX_DRAW_BUFFERS {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "drawbuffer = {drawbuffer} is not below GL_MAX_DRAW_BUFFERS ({MAX_DRAW_BUFFERS})"
                    );
                }
            }
            GL_DEPTH | GL_STENCIL | GL_DEPTH_STENCIL => {
                if drawbuffer != 0 {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "drawbuffer = {drawbuffer} must be 0 for {}",
                        Enum(buffer)
                    );
                }
            }
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "buffer {} is not GL_COLOR, GL_DEPTH, GL_STENCIL or GL_DEPTH_STENCIL",
                Enum(buffer)
            ),
        }
        let f = self.complete_fbo(fb)?;
        // GL 4.6 §10.10: conditional rendering discards ClearBuffer*.
        if self.conditional_render_discards() {
            return Ok(());
        }
        if buffer == GL_COLOR {
            let b = f.draw_buffers[drawbuffer as usize];
            if b == GL_NONE {
                return Ok(());
            }
            // A form that does not match the attachment's class gives undefined
            // results (GL 4.6 §17.4.3.1): the words are stored as the class reads them.
            if let Some(a) = &f.color[(b - GL_COLOR_ATTACHMENT0) as usize] {
                Self::fill_attachment(a, |fmt, t| fmt.encode(values, t));
            }
            return Ok(());
        }
        let d = matches!(buffer, GL_DEPTH | GL_DEPTH_STENCIL)
            .then(|| f32::from_bits(values[0]).clamp(0.0, 1.0));
        let s = matches!(buffer, GL_STENCIL | GL_DEPTH_STENCIL).then_some(values[1]);
        for a in [&f.depth, &f.stencil].into_iter().flatten() {
            Self::fill_attachment(a, |fmt, t| Self::set_depth_stencil(fmt, t, d, s));
        }
        Ok(())
    }

    /// ReadPixels / ReadnPixels (GL 4.6 §18.2). Pixels outside the read buffer's image
    /// are not written (their values are undefined in GL).
    #[allow(clippy::too_many_arguments)]
    pub fn read_pixels(
        &mut self,
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        format: u32,
        ty: u32,
        buf_size: Option<i64>,
        out: UserOut,
    ) -> GlResult<()> {
        let client = crate::format::pixels::Client::new(format, ty)?;
        // GL 4.6 §18.2: INVALID_VALUE if width or height is negative.
        if w < 0 || h < 0 {
            gl_bail!(GL_INVALID_VALUE, "width = {w} or height = {h} is negative");
        }
        let f = self.complete_fbo(self.framebuffers.read)?;
        // GL 4.6 §18.2.1: INVALID_OPERATION if the read framebuffer has sample buffers.
        if self.framebuffer_samples(self.framebuffers.read) > 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read framebuffer is multisample: resolve it with glBlitFramebuffer first"
            );
        }
        let att = match client.base {
            crate::format::pixels::Base::Color(_) => {
                if f.read_buffer == GL_NONE {
                    // GL 4.6 §18.2.1: INVALID_OPERATION if the read buffer is NONE.
                    gl_bail!(GL_INVALID_OPERATION, "the read buffer is GL_NONE");
                }
                f.color[(f.read_buffer - GL_COLOR_ATTACHMENT0) as usize].clone()
            }
            crate::format::pixels::Base::Stencil => f.stencil.clone(),
            _ => f.depth.clone(),
        };
        let Some((l, slice)) = att.as_ref().and_then(|a| a.image()) else {
            // GL 4.6 §18.2.1: INVALID_OPERATION if there is no buffer to read from.
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read framebuffer has no image to read {} from",
                Enum(format)
            );
        };
        client.check_compatible(l.format, "read buffer's format")?;
        // Clip to the image; the rest of the client rectangle is left as it was.
        let x0 = x.max(0) as i64;
        let y0 = y.max(0) as i64;
        let x1 = (x as i64 + w as i64).min(l.width as i64);
        let y1 = (y as i64 + h as i64).min(l.height as i64);
        let pack = self.textures.pixel_store.pack;
        let Some(layout) =
            crate::format::pixels::ClientLayout::new(&client, &pack, w as u32, h as u32, 1)
        else {
            gl_bail!(GL_INVALID_VALUE, "the pixel data's size overflows");
        };
        if let Some(n) = buf_size
            && (n < 0 || layout.end > n as u64)
        {
            // GL 4.6 §18.2.2: INVALID_OPERATION if the data would not fit bufSize.
            gl_bail!(
                GL_INVALID_OPERATION,
                "the pixels need {} bytes, more than bufSize = {n}",
                layout.end
            );
        }
        if x1 <= x0 || y1 <= y0 {
            return Ok(());
        }
        // Read the clipped rectangle with the skip modes moved to its corner.
        let mut sub = pack;
        if sub.row_length == 0 {
            sub.row_length = w;
        }
        sub.skip_pixels = (pack.skip_pixels as i64 + (x0 - x as i64)) as i32;
        sub.skip_rows = (pack.skip_rows as i64 + (y0 - y as i64)) as i32;
        let saved = self.textures.pixel_store.pack;
        self.textures.pixel_store.pack = sub;
        let r = self.download(
            &l,
            [x0 as u32, y0 as u32, slice],
            [(x1 - x0) as u32, (y1 - y0) as u32, 1],
            format,
            ty,
            None,
            out,
        );
        self.textures.pixel_store.pack = saved;
        r
    }

    /// Renderbuffer names, binding and storage (GL 4.6 §9.2.3, §9.2.4).
    pub fn gen_renderbuffers(&mut self, n: usize, create: bool) -> Vec<u32> {
        let mut t = self.shared.renderbuffers.lock();
        (0..n)
            .map(|_| {
                let name = t.alloc();
                if create {
                    t.set(
                        name,
                        Arc::new(Renderbuffer {
                            name,
                            image: Mutex::new(None),
                        }),
                    );
                }
                name
            })
            .collect()
    }

    pub fn delete_renderbuffers(&mut self, names: &[u32]) {
        for &name in names {
            if name == 0 {
                continue;
            }
            let removed = self.shared.renderbuffers.lock().remove(name);
            if let Some(rb) = removed
                && self
                    .framebuffers
                    .renderbuffer
                    .as_ref()
                    .is_some_and(|b| Arc::ptr_eq(b, &rb))
            {
                self.framebuffers.renderbuffer = None;
            }
        }
    }

    pub fn is_renderbuffer(&self, name: u32) -> bool {
        self.shared.renderbuffers.lock().get(name).is_some()
    }

    pub fn bind_renderbuffer(&mut self, target: u32, name: u32) -> GlResult<()> {
        // GL 4.6 §9.2.3: INVALID_ENUM if target is not RENDERBUFFER.
        if target != GL_RENDERBUFFER {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not GL_RENDERBUFFER",
                Enum(target)
            );
        }
        if name == 0 {
            self.framebuffers.renderbuffer = None;
            return Ok(());
        }
        let mut t = self.shared.renderbuffers.lock();
        // GL 4.6 §9.2.3: INVALID_OPERATION if renderbuffer is not a generated name.
        if !t.is_name(name) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "renderbuffer = {name} is not a name returned by glGenRenderbuffers"
            );
        }
        let rb = match t.get(name) {
            Some(r) => r.clone(),
            None => {
                let r = Arc::new(Renderbuffer {
                    name,
                    image: Mutex::new(None),
                });
                t.set(name, r.clone());
                r
            }
        };
        drop(t);
        self.framebuffers.renderbuffer = Some(rb);
        Ok(())
    }

    /// RenderbufferStorage(Multisample) (GL 4.6 §9.2.4), with the sample count
    /// state/multisample.rs stores for `samples`.
    pub fn renderbuffer_storage(
        &mut self,
        rb: Option<Arc<Renderbuffer>>,
        samples: i32,
        internal: u32,
        w: i32,
        h: i32,
    ) -> GlResult<()> {
        let Some(rb) = rb else {
            // GL 4.6 §9.2.4: INVALID_OPERATION if no renderbuffer is bound.
            gl_bail!(GL_INVALID_OPERATION, "no renderbuffer is bound");
        };
        // OpenGL ES 3.2 §9.2.4: INVALID_ENUM if internalformat is not one of its
        // color-, depth- or stencil-renderable sized formats (no base formats).
        if self.info.es && !crate::format::es::is_renderable(internal) {
            gl_bail!(
                GL_INVALID_ENUM,
                "internalformat {} is not a renderable format of OpenGL ES",
                Enum(internal)
            );
        }
        // GL 4.6 §9.2.4: INVALID_ENUM if internalformat is not colour-, depth- or
        // stencil-renderable (table 9.1's base STENCIL_INDEX included: 8 bits).
        let sized = if internal == GL_STENCIL_INDEX {
            GL_STENCIL_INDEX8
        } else {
            internal
        };
        let Some(f) = internal_format(sized) else {
            gl_bail!(
                GL_INVALID_ENUM,
                "internalformat {} is not a renderable format",
                Enum(internal)
            );
        };
        // GL 4.6 §9.2.4: INVALID_VALUE for a size or sample count out of range.
        if w < 0 || h < 0 || w > MAX_RENDERBUFFER_SIZE || h > MAX_RENDERBUFFER_SIZE {
            gl_bail!(
                GL_INVALID_VALUE,
                "size {w}x{h} is negative or above GL_MAX_RENDERBUFFER_SIZE ({MAX_RENDERBUFFER_SIZE})"
            );
        }
        if samples < 0 {
            gl_bail!(GL_INVALID_VALUE, "samples = {samples} is negative");
        }
        // GL 4.6 §9.2.4: INVALID_OPERATION if samples is above the maximum for the
        // format.
        let Some(stored) = super::multisample::stored_samples(samples as u32) else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "samples = {samples} is above GL_MAX_SAMPLES ({})",
                crate::limits::MAX_SAMPLES
            );
        };
        let level = if stored == 0 {
            crate::state::objects::texture::Level::new(w as u32, h as u32, 1, internal, f)?
        } else {
            crate::state::objects::texture::Level::new_multisample(
                w as u32, h as u32, 1, stored, true, internal, f,
            )?
        };
        *rb.image.lock() = Some(level);
        Ok(())
    }

    /// Framebuffer state for Get* (GL 4.6 tables 23.24, 23.25).
    pub fn framebuffer_value(&self, pname: u32) -> Option<super::query::Value> {
        use super::query::Value;
        let fb = &self.framebuffers;
        Some(match pname {
            GL_DRAW_FRAMEBUFFER_BINDING => Value::int(fb.draw as i64),
            GL_READ_FRAMEBUFFER_BINDING => Value::int(fb.read as i64),
            GL_RENDERBUFFER_BINDING => {
                Value::int(fb.renderbuffer.as_ref().map(|r| r.name as i64).unwrap_or(0))
            }
            GL_COLOR_CLEAR_VALUE => {
                Value::Normalized(fb.clear_color.iter().map(|&c| c as f64).collect())
            }
            GL_DEPTH_CLEAR_VALUE => Value::Normalized(vec![fb.clear_depth]),
            GL_STENCIL_CLEAR_VALUE => Value::int(fb.clear_stencil as i64),
            GL_MAX_COLOR_ATTACHMENTS => Value::int(MAX_COLOR_ATTACHMENTS as i64),
            GL_MAX_DRAW_BUFFERS => Value::int(MAX_DRAW_BUFFERS as i64),
            GL_MAX_RENDERBUFFER_SIZE => Value::int(MAX_RENDERBUFFER_SIZE as i64),
            GL_MAX_SAMPLES => Value::int(crate::limits::MAX_SAMPLES as i64),
            // GL 4.6 §9.2.3.1: the draw framebuffer's samples.
            GL_SAMPLES => Value::int(self.framebuffer_samples(fb.draw) as i64),
            GL_SAMPLE_BUFFERS => Value::int((self.framebuffer_samples(fb.draw) > 0) as i64),
            GL_READ_BUFFER => Value::int(match fb.objects.get(fb.read) {
                Some(f) => f.read_buffer as i64,
                None => GL_NONE as i64,
            }),
            p if (GL_DRAW_BUFFER0..GL_DRAW_BUFFER0 + MAX_DRAW_BUFFERS as u32).contains(&p) => {
                Value::int(match fb.objects.get(fb.draw) {
                    Some(f) => f.draw_buffers[(p - GL_DRAW_BUFFER0) as usize] as i64,
                    None => GL_NONE as i64,
                })
            }
            GL_DRAW_BUFFER => Value::int(match fb.objects.get(fb.draw) {
                Some(f) => f.draw_buffers[0] as i64,
                None => GL_NONE as i64,
            }),
            _ => return None,
        })
    }
}

/// Whether `b` names a colour buffer of some framebuffer: a value of GL 4.6 tables
/// 17.4-17.6 (the default framebuffer's buffers, NONE, and COLOR_ATTACHMENT0-31).
fn is_color_buffer_enum(b: u32) -> bool {
    matches!(
        b,
        GL_NONE
            | GL_FRONT_LEFT
            | GL_FRONT_RIGHT
            | GL_BACK_LEFT
            | GL_BACK_RIGHT
            | GL_FRONT
            | GL_BACK
            | GL_LEFT
            | GL_RIGHT
            | GL_FRONT_AND_BACK
    ) || b.wrapping_sub(GL_COLOR_ATTACHMENT0) < 32
}

#[allow(clippy::too_many_arguments)]
pub fn tex_nd(
    st: &mut ContextState,
    dims: u8,
    target: GLenum,
    attachment: GLenum,
    textarget: GLenum,
    texture: GLuint,
    level: GLint,
    layer: Option<GLint>,
) -> GlResult<()> {
    let fb = st.framebuffer_binding(target)?;
    // GL 4.6 §9.2.8: INVALID_ENUM if texture is not zero and textarget is not a target
    // this command takes.
    let face =
        (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z).contains(&textarget);
    let takes = match dims {
        1 => textarget == GL_TEXTURE_1D,
        2 => {
            face || matches!(
                textarget,
                GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_2D_MULTISAMPLE
            )
        }
        _ => textarget == GL_TEXTURE_3D,
    };
    if texture != 0 && !takes {
        crate::gl_bail!(
            GL_INVALID_ENUM,
            "textarget {} is not a target of glFramebufferTexture{dims}D",
            crate::gl::error::Enum(textarget)
        );
    }
    let tt = if texture == 0 { None } else { Some(textarget) };
    st.framebuffer_texture(fb, attachment, tt, texture, level, layer)
}

/// ClearBufferfi and ClearNamedFramebufferfi of framebuffer `fb`.
pub fn clear_depth_stencil(
    st: &mut ContextState,
    fb: GLuint,
    buffer: GLenum,
    drawbuffer: GLint,
    depth: GLfloat,
    stencil: GLint,
) -> GlResult<()> {
    // GL 4.6 §17.4.3.1: INVALID_ENUM unless buffer is DEPTH_STENCIL.
    if buffer != GL_DEPTH_STENCIL {
        gl_bail!(
            GL_INVALID_ENUM,
            "glClearBufferfi clears GL_DEPTH_STENCIL only"
        );
    }
    st.clear_framebuffer_buffer(
        fb,
        buffer,
        drawbuffer,
        [depth.to_bits(), stencil as u32, 0, 0],
    )
}

/// GL 4.6 §9.2.4: the renderbuffer object `rb` of a Named* command (INVALID_OPERATION
/// if it is not the name of an existing renderbuffer).
pub fn named_renderbuffer(
    st: &ContextState,
    rb: GLuint,
) -> GlResult<std::sync::Arc<crate::state::objects::framebuffer::Renderbuffer>> {
    match st.shared.renderbuffers.lock().get(rb).cloned() {
        Some(r) => Ok(r),
        None => gl_bail!(
            GL_INVALID_OPERATION,
            "renderbuffer = {rb} is not the name of an existing renderbuffer"
        ),
    }
}

impl ContextState {
    /// The renderbuffer bound to `target` (GL 4.6 §9.2.4, §9.2.6: INVALID_ENUM if
    /// target is not RENDERBUFFER).
    pub fn bound_renderbuffer(&self, target: u32) -> GlResult<Option<Arc<Renderbuffer>>> {
        if target != GL_RENDERBUFFER {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not GL_RENDERBUFFER",
                Enum(target)
            );
        }
        Ok(self.framebuffers.renderbuffer.clone())
    }
}

/// How many values ClearBuffer{fv,iv,uiv} of `buffer` reads (4 for colour, 1 for depth
/// or stencil), once GL 4.6 §17.4.3.1 allows the form (`class`: fv clears colour or
/// depth, iv colour or stencil, uiv colour only; INVALID_ENUM otherwise).
pub fn clear_buffer_words(buffer: u32, class: Class, func: &str) -> GlResult<usize> {
    let ok = match class {
        Class::Float => matches!(buffer, GL_COLOR | GL_DEPTH),
        Class::Sint => matches!(buffer, GL_COLOR | GL_STENCIL),
        Class::Uint => buffer == GL_COLOR,
    };
    if !ok {
        gl_bail!(
            GL_INVALID_ENUM,
            "buffer {} cannot be cleared with {func}",
            Enum(buffer)
        );
    }
    Ok(if buffer == GL_COLOR { 4 } else { 1 })
}
