//! Framebuffer and renderbuffer objects (GL 4.6 chapter 9): attachments, draw and read
//! buffers, and a context's framebuffer bindings (framebuffers are container objects,
//! not shared).

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::MAX_COLOR_ATTACHMENTS;
use crate::limits::MAX_DRAW_BUFFERS;
use crate::runtime::sync::Mutex;
use crate::state::objects::names::NameTable;
use crate::state::objects::texture::{Level, Texture};
use std::sync::Arc;

pub struct Renderbuffer {
    pub name: u32,
    pub image: Mutex<Option<Level>>,
}

#[derive(Clone)]
pub enum Attachment {
    Texture {
        tex: Arc<Texture>,
        level: i32,
        /// The layer (or cube face) attached; None: the whole level (layered).
        layer: Option<i32>,
    },
    Renderbuffer(Arc<Renderbuffer>),
}

impl Attachment {
    /// The attached image: its level and the slice it starts at.
    pub fn image(&self) -> Option<(Level, u32)> {
        match self {
            Attachment::Texture { tex, level, layer } => {
                let st = tex.state.lock();
                let l = st.levels.get(usize::try_from(*level).ok()?)?.clone()?;
                Some((l, layer.unwrap_or(0).max(0) as u32))
            }
            Attachment::Renderbuffer(rb) => rb.image.lock().clone().map(|l| (l, 0)),
        }
    }
}

pub struct Framebuffer {
    pub name: u32,
    pub color: [Option<Attachment>; MAX_COLOR_ATTACHMENTS],
    pub depth: Option<Attachment>,
    pub stencil: Option<Attachment>,
    pub draw_buffers: [u32; MAX_DRAW_BUFFERS],
    pub read_buffer: u32,
    /// FRAMEBUFFER_DEFAULT_WIDTH, _HEIGHT, _LAYERS, _SAMPLES and
    /// _FIXED_SAMPLE_LOCATIONS (GL 4.6 §9.2.1, table 23.25).
    pub defaults: [i32; 5],
}

impl Framebuffer {
    pub fn new(name: u32) -> Framebuffer {
        let mut draw_buffers = [GL_NONE; MAX_DRAW_BUFFERS];
        draw_buffers[0] = GL_COLOR_ATTACHMENT0;
        Framebuffer {
            name,
            color: Default::default(),
            depth: None,
            stencil: None,
            draw_buffers,
            read_buffer: GL_COLOR_ATTACHMENT0,
            defaults: [0, 0, 0, 0, 0],
        }
    }

    pub fn attachment_slot(&mut self, attachment: u32) -> GlResult<Vec<&mut Option<Attachment>>> {
        let i = attachment.wrapping_sub(GL_COLOR_ATTACHMENT0) as usize;
        Ok(match attachment {
            _ if i < MAX_COLOR_ATTACHMENTS => vec![&mut self.color[i]],
            GL_DEPTH_ATTACHMENT => vec![&mut self.depth],
            GL_STENCIL_ATTACHMENT => vec![&mut self.stencil],
            GL_DEPTH_STENCIL_ATTACHMENT => vec![&mut self.depth, &mut self.stencil],
            // GL 4.6 §9.2.7: INVALID_ENUM (INVALID_OPERATION for COLOR_ATTACHMENTm past
            // MAX_COLOR_ATTACHMENTS) if attachment is not an attachment point.
            _ if (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + 32).contains(&attachment) => {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "{} is not below GL_MAX_COLOR_ATTACHMENTS ({MAX_COLOR_ATTACHMENTS})",
                    Enum(attachment)
                )
            }
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "attachment {} is not a framebuffer attachment point",
                Enum(attachment)
            ),
        })
    }

    /// GL 4.6 §9.4.2: the completeness status.
    pub fn status(&self) -> u32 {
        let all: Vec<&Attachment> = self
            .color
            .iter()
            .chain([&self.depth, &self.stencil])
            .flatten()
            .collect();
        if all.is_empty() {
            // GL 4.6 §9.4.2: with no attachment, a framebuffer is complete when its
            // default width and height are not zero.
            if self.defaults[0] > 0 && self.defaults[1] > 0 {
                return GL_FRAMEBUFFER_COMPLETE;
            }
            return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
        }
        let mut layered = None;
        for a in self.color.iter().flatten() {
            let Some((l, slice)) = a.image() else {
                return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
            };
            // GL 4.6 §9.4.1: an attached layer must exist (the slice a 1D array's
            // layer would be is not one glcompute addresses: such attachments are
            // incomplete).
            if slice >= l.depth {
                return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
            }
            // GL 4.6 §9.4.1: a colour attachment's format must be colour-renderable,
            // which no compressed format is, nor OpenGL ES's LUMINANCE,
            // LUMINANCE_ALPHA and ALPHA (OpenGL ES 3.2 table 8.10 has none of them).
            if l.width == 0
                || l.height == 0
                || l.format.has_depth()
                || l.format.has_stencil()
                || l.compressed.is_some()
                || crate::format::es::legacy(l.internal).is_some()
            {
                return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
            }
            let is_layered = matches!(a, Attachment::Texture { layer: None, tex, .. }
                if matches!(tex.state.lock().target,
                    GL_TEXTURE_3D | GL_TEXTURE_1D_ARRAY | GL_TEXTURE_2D_ARRAY
                    | GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY
                    | GL_TEXTURE_2D_MULTISAMPLE_ARRAY));
            if *layered.get_or_insert(is_layered) != is_layered {
                return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
            }
        }
        for (a, need_depth) in [(&self.depth, true), (&self.stencil, false)] {
            let Some(a) = a else { continue };
            match a.image() {
                Some((l, s)) if s >= l.depth || l.width == 0 || l.height == 0 => {
                    return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
                }
                Some((l, _)) if need_depth && l.format.has_depth() => {}
                Some((l, _)) if !need_depth && l.format.has_stencil() => {}
                _ => return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
            }
        }
        // GL 4.6 §9.4.2: every attached image has the same samples, and multisample
        // textures the same fixed sample locations (renderbuffers count as fixed).
        let images: Vec<Level> = all
            .iter()
            .filter_map(|a| a.image())
            .map(|(l, _)| l)
            .collect();
        if let Some(first) = images.first()
            && images
                .iter()
                .any(|l| l.samples != first.samples || l.fixed_locations != first.fixed_locations)
        {
            return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
        }
        GL_FRAMEBUFFER_COMPLETE
    }
}

/// A context's framebuffer objects and bindings, clear values and renderbuffer binding.
pub struct Framebuffers {
    pub objects: NameTable<Framebuffer>,
    pub draw: u32,
    pub read: u32,
    pub renderbuffer: Option<Arc<Renderbuffer>>,
    pub clear_color: [f32; 4],
    pub clear_depth: f64,
    pub clear_stencil: i32,
}

impl Default for Framebuffers {
    fn default() -> Self {
        Framebuffers {
            objects: NameTable::default(),
            draw: 0,
            read: 0,
            renderbuffer: None,
            // GL 4.6 table 23.24 initial values.
            clear_color: [0.0; 4],
            clear_depth: 1.0,
            clear_stencil: 0,
        }
    }
}
