//! Framebuffer and renderbuffer parameters (GL 4.6 §9.2.1, §9.2.3, §9.2.6, §17.4.4):
//! the default size of a framebuffer without attachments, the attachment and
//! renderbuffer queries, and invalidation. The objects themselves are in framebuffer.rs.

use crate::format::internal::component_type;
use crate::format::pixels::natural_pixel_pair;
use crate::format::texel::Format;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::{
    MAX_COLOR_ATTACHMENTS, MAX_FRAMEBUFFER_LAYERS, MAX_FRAMEBUFFER_SAMPLES, MAX_FRAMEBUFFER_SIZE,
};
use crate::state::context::ContextState;
use crate::state::objects::framebuffer::{Attachment, Renderbuffer};
use std::sync::Arc;

const DEFAULT_PNAMES: [u32; 5] = [
    GL_FRAMEBUFFER_DEFAULT_WIDTH,
    GL_FRAMEBUFFER_DEFAULT_HEIGHT,
    GL_FRAMEBUFFER_DEFAULT_LAYERS,
    GL_FRAMEBUFFER_DEFAULT_SAMPLES,
    GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS,
];

/// The parameters GetFramebufferAttachmentParameteriv knows (GL 4.6 §9.2.3).
const ATTACHMENT_PNAMES: [u32; 14] = [
    GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
    GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME,
    GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE,
    GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE,
    GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE,
    GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE,
    GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE,
    GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE,
    GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE,
    GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING,
    GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL,
    GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE,
    GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER,
    GL_FRAMEBUFFER_ATTACHMENT_LAYERED,
];

/// The size of component `pname` of `f` (the *_SIZE parameters).
fn component_size(f: Format, pname: u32) -> Option<i64> {
    let c = f.color_bits();
    let (d, s) = f.depth_stencil_bits();
    let bits = match pname {
        GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE | GL_RENDERBUFFER_RED_SIZE => c[0],
        GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE | GL_RENDERBUFFER_GREEN_SIZE => c[1],
        GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE | GL_RENDERBUFFER_BLUE_SIZE => c[2],
        GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE | GL_RENDERBUFFER_ALPHA_SIZE => c[3],
        GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE | GL_RENDERBUFFER_DEPTH_SIZE => d,
        GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE | GL_RENDERBUFFER_STENCIL_SIZE => s,
        _ => return None,
    };
    Some(bits as i64)
}

impl ContextState {
    /// FramebufferParameteri / NamedFramebufferParameteri (GL 4.6 §9.2.1).
    pub fn framebuffer_parameter(&mut self, fb: u32, pname: u32, value: i32) -> GlResult<()> {
        // GL 4.6 §9.2.1: INVALID_OPERATION if the default framebuffer is bound.
        let f = self.fbo_mut(fb, "glFramebufferParameteri")?;
        // GL 4.6 §9.2.1: INVALID_ENUM for another pname.
        let Some(i) = DEFAULT_PNAMES.iter().position(|&p| p == pname) else {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a framebuffer default parameter",
                Enum(pname)
            );
        };
        let max = [
            MAX_FRAMEBUFFER_SIZE,
            MAX_FRAMEBUFFER_SIZE,
            MAX_FRAMEBUFFER_LAYERS,
            MAX_FRAMEBUFFER_SAMPLES,
            i32::MAX,
        ][i];
        // GL 4.6 §9.2.1: INVALID_VALUE if a width, height, layer count or sample count
        // is negative or above its limit.
        if i < 4 && !(0..=max).contains(&value) {
            gl_bail!(
                GL_INVALID_VALUE,
                "{} = {value} is not in 0..={max}",
                Enum(pname)
            );
        }
        f.defaults[i] = if i == 4 { (value != 0) as i32 } else { value };
        Ok(())
    }

    /// GetFramebufferParameteriv / GetNamedFramebufferParameteriv (GL 4.6 §9.2.3).
    pub fn get_framebuffer_parameter(&self, fb: u32, pname: u32) -> GlResult<i64> {
        let obj = self.framebuffers.objects.get(fb);
        if let Some(i) = DEFAULT_PNAMES.iter().position(|&p| p == pname) {
            // GL 4.6 §9.2.3: INVALID_OPERATION for a default parameter of the default
            // framebuffer.
            let Some(f) = obj else {
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "{} is a parameter of framebuffer objects, and the default framebuffer is bound",
                    Enum(pname)
                );
            };
            return Ok(f.defaults[i] as i64);
        }
        Ok(match pname {
            // The framebuffer-dependent values of table 23.73: single-buffered, mono,
            // and the samples of its images.
            GL_DOUBLEBUFFER | GL_STEREO => 0,
            GL_SAMPLES => self.framebuffer_samples(fb) as i64,
            GL_SAMPLE_BUFFERS => (self.framebuffer_samples(fb) > 0) as i64,
            GL_IMPLEMENTATION_COLOR_READ_FORMAT | GL_IMPLEMENTATION_COLOR_READ_TYPE => {
                let (format, ty) = self.color_read(fb)?;
                if pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT {
                    format as i64
                } else {
                    ty as i64
                }
            }
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a framebuffer parameter",
                Enum(pname)
            ),
        })
    }

    /// IMPLEMENTATION_COLOR_READ_FORMAT and _TYPE of framebuffer `fb` (GL 4.6 §18.2.2):
    /// the format and type that read its read buffer without conversion.
    pub fn color_read(&self, fb: u32) -> GlResult<(u32, u32)> {
        let f = match self.framebuffers.objects.get(fb) {
            Some(f) if f.status() == GL_FRAMEBUFFER_COMPLETE => f,
            // GL 4.6 §18.2.2: INVALID_OPERATION if the read framebuffer is not complete.
            _ => gl_bail!(
                GL_INVALID_OPERATION,
                "the read framebuffer is not complete, so it has no color read format"
            ),
        };
        let att = f
            .read_buffer
            .checked_sub(GL_COLOR_ATTACHMENT0)
            .and_then(|i| f.color.get(i as usize))
            .and_then(|a| a.as_ref())
            .and_then(|a| a.image());
        let Some((l, _)) = att else {
            // GL 4.6 §18.2.2: INVALID_OPERATION if there is no read buffer image.
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read framebuffer has no color read buffer image"
            );
        };
        Ok(natural_pixel_pair(l.format))
    }

    /// GetFramebufferAttachmentParameteriv / GetNamedFramebufferAttachmentParameteriv
    /// (GL 4.6 §9.2.3).
    pub fn framebuffer_attachment_parameter(
        &self,
        fb: u32,
        attachment: u32,
        pname: u32,
    ) -> GlResult<i64> {
        let Some(f) = self.framebuffers.objects.get(fb) else {
            // The default framebuffer: GL 4.6 §9.2.3, INVALID_ENUM unless attachment is
            // one of its buffers. glcompute's default framebuffer has no images, so
            // every buffer reads as NONE.
            if !matches!(
                attachment,
                GL_FRONT_LEFT
                    | GL_FRONT_RIGHT
                    | GL_BACK_LEFT
                    | GL_BACK_RIGHT
                    | GL_DEPTH
                    | GL_STENCIL
            ) {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "attachment {} is not a buffer of the default framebuffer",
                    Enum(attachment)
                );
            }
            // GL 4.6 §9.2.3: the default framebuffer's buffers are no objects with
            // names: OBJECT_NAME is INVALID_ENUM for them.
            if pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "the buffers of the default framebuffer have no object name"
                );
            }
            return none_attachment(pname);
        };
        let a: Option<&Attachment> = match attachment {
            GL_DEPTH_ATTACHMENT => f.depth.as_ref(),
            GL_STENCIL_ATTACHMENT => f.stencil.as_ref(),
            GL_DEPTH_STENCIL_ATTACHMENT => {
                // GL 4.6 §9.2.3: INVALID_OPERATION if the depth and stencil attachments
                // are not the same object.
                if !same_object(f.depth.as_ref(), f.stencil.as_ref()) {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "GL_DEPTH_STENCIL_ATTACHMENT: the depth and stencil attachments are different images"
                    );
                }
                f.depth.as_ref()
            }
            a if (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + 32).contains(&a) => {
                let i = (a - GL_COLOR_ATTACHMENT0) as usize;
                // GL 4.6 §9.2.3: INVALID_OPERATION for COLOR_ATTACHMENTm with m not
                // below MAX_COLOR_ATTACHMENTS.
                if i >= MAX_COLOR_ATTACHMENTS {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "{} is not below GL_MAX_COLOR_ATTACHMENTS ({MAX_COLOR_ATTACHMENTS})",
                        Enum(a)
                    );
                }
                f.color[i].as_ref()
            }
            // GL 4.6 §9.2.3: INVALID_ENUM for another attachment.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "attachment {} is not a framebuffer attachment point",
                Enum(attachment)
            ),
        };
        let Some(a) = a else {
            return none_attachment(pname);
        };
        if !ATTACHMENT_PNAMES.contains(&pname) {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a framebuffer attachment parameter",
                Enum(pname)
            );
        }
        let texture = match a {
            Attachment::Texture { tex, level, layer } => Some((tex, *level, *layer)),
            Attachment::Renderbuffer(_) => None,
        };
        let format = a.image().map(|(l, _)| l.format);
        Ok(match pname {
            GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE => match a {
                Attachment::Texture { .. } => GL_TEXTURE as i64,
                Attachment::Renderbuffer(_) => GL_RENDERBUFFER as i64,
            },
            GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME => match a {
                Attachment::Texture { tex, .. } => tex.name as i64,
                Attachment::Renderbuffer(rb) => rb.name as i64,
            },
            GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE => {
                // GL 4.6 §9.2.3: INVALID_OPERATION for the component type of
                // DEPTH_STENCIL_ATTACHMENT (its two components differ).
                if attachment == GL_DEPTH_STENCIL_ATTACHMENT {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "GL_DEPTH_STENCIL_ATTACHMENT has no single component type"
                    );
                }
                let ty = match format {
                    // A packed depth-stencil image reports its format's type (as Mesa
                    // does); a stencil-only one its unsigned integers.
                    Some(fmt) if attachment == GL_STENCIL_ATTACHMENT => match fmt {
                        f if !f.has_stencil() => GL_NONE,
                        f if f.has_depth() => component_type(f, 4),
                        _ => GL_UNSIGNED_INT,
                    },
                    Some(fmt) if attachment == GL_DEPTH_ATTACHMENT => component_type(fmt, 4),
                    Some(fmt) => component_type(fmt, 0),
                    None => GL_NONE,
                };
                ty as i64
            }
            GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING => {
                if format.is_some_and(|f| f.is_srgb()) {
                    GL_SRGB as i64
                } else {
                    GL_LINEAR as i64
                }
            }
            GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL
            | GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE
            | GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER
            | GL_FRAMEBUFFER_ATTACHMENT_LAYERED => {
                // GL 4.6 §9.2.3: the texture parameters are INVALID_ENUM for a
                // renderbuffer attachment.
                let Some((tex, level, layer)) = texture else {
                    gl_bail!(
                        GL_INVALID_ENUM,
                        "{} is a texture parameter and a renderbuffer is attached",
                        Enum(pname)
                    );
                };
                let target = tex.state.lock().target;
                let cube = target == GL_TEXTURE_CUBE_MAP;
                match pname {
                    GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL => level as i64,
                    GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE => match layer {
                        Some(face) if cube => (GL_TEXTURE_CUBE_MAP_POSITIVE_X as i64) + face as i64,
                        _ => 0,
                    },
                    GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER => match layer {
                        Some(l) if !cube => l as i64,
                        _ => 0,
                    },
                    _ => {
                        let layered_target = matches!(
                            target,
                            GL_TEXTURE_3D
                                | GL_TEXTURE_1D_ARRAY
                                | GL_TEXTURE_2D_ARRAY
                                | GL_TEXTURE_CUBE_MAP
                                | GL_TEXTURE_CUBE_MAP_ARRAY
                                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                        );
                        (layer.is_none() && layered_target) as i64
                    }
                }
            }
            p => {
                // OpenGL ES's LUMINANCE, LUMINANCE_ALPHA and ALPHA images (never
                // complete attachments) report their sizes as GetTexLevelParameter
                // does: no red, green or blue, and the alpha of their stored channel.
                let legacy = a
                    .image()
                    .and_then(|(l, _)| crate::format::es::legacy(l.internal));
                match (legacy, format) {
                    (Some(lg), Some(f)) => match p {
                        GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE => lg
                            .sources
                            .iter()
                            .position(|&c| c == 3)
                            .map_or(0, |ch| f.color_bits()[ch] as i64),
                        _ => 0,
                    },
                    _ => format.and_then(|f| component_size(f, p)).unwrap_or(0),
                }
            }
        })
    }

    /// GetRenderbufferParameteriv / GetNamedRenderbufferParameteriv (GL 4.6 §9.2.6).
    pub fn renderbuffer_parameter(
        &self,
        rb: Option<&Arc<Renderbuffer>>,
        pname: u32,
    ) -> GlResult<i64> {
        let Some(rb) = rb else {
            // GL 4.6 §9.2.6: INVALID_OPERATION if no renderbuffer is bound.
            gl_bail!(GL_INVALID_OPERATION, "no renderbuffer is bound");
        };
        let image = rb.image.lock().clone();
        Ok(match pname {
            GL_RENDERBUFFER_WIDTH => image.as_ref().map(|l| l.width as i64).unwrap_or(0),
            GL_RENDERBUFFER_HEIGHT => image.as_ref().map(|l| l.height as i64).unwrap_or(0),
            GL_RENDERBUFFER_INTERNAL_FORMAT => image
                .as_ref()
                .map(|l| l.internal as i64)
                .unwrap_or(GL_RGBA as i64),
            GL_RENDERBUFFER_SAMPLES => image.as_ref().map(|l| l.samples as i64).unwrap_or(0),
            GL_RENDERBUFFER_RED_SIZE
            | GL_RENDERBUFFER_GREEN_SIZE
            | GL_RENDERBUFFER_BLUE_SIZE
            | GL_RENDERBUFFER_ALPHA_SIZE
            | GL_RENDERBUFFER_DEPTH_SIZE
            | GL_RENDERBUFFER_STENCIL_SIZE => image
                .as_ref()
                .and_then(|l| component_size(l.format, pname))
                .unwrap_or(0),
            // GL 4.6 §9.2.6: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a renderbuffer parameter",
                Enum(pname)
            ),
        })
    }

    /// InvalidateFramebuffer / InvalidateSubFramebuffer and their named forms (GL 4.6
    /// §17.4.4): the arguments are checked; the contents are kept (the spec lets them
    /// become undefined, and keeping them is one way of being undefined).
    pub fn invalidate_framebuffer(
        &self,
        fb: u32,
        attachments: &[u32],
        size: Option<(i32, i32)>,
    ) -> GlResult<()> {
        let default = self.framebuffers.objects.get(fb).is_none();
        for &a in attachments {
            let ok = if default {
                matches!(a, GL_COLOR | GL_DEPTH | GL_STENCIL)
            } else {
                if (GL_COLOR_ATTACHMENT0 + MAX_COLOR_ATTACHMENTS as u32..GL_COLOR_ATTACHMENT0 + 32)
                    .contains(&a)
                {
                    // GL 4.6 §17.4.4: INVALID_OPERATION for COLOR_ATTACHMENTm with m not
                    // below MAX_COLOR_ATTACHMENTS.
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "{} is not below GL_MAX_COLOR_ATTACHMENTS ({MAX_COLOR_ATTACHMENTS})",
                        Enum(a)
                    );
                }
                (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + MAX_COLOR_ATTACHMENTS as u32)
                    .contains(&a)
                    || matches!(
                        a,
                        GL_DEPTH_ATTACHMENT | GL_STENCIL_ATTACHMENT | GL_DEPTH_STENCIL_ATTACHMENT
                    )
            };
            // GL 4.6 §17.4.4: INVALID_ENUM for an attachment the framebuffer cannot have.
            if !ok {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "attachment {} is not an attachment of the {} framebuffer",
                    Enum(a),
                    if default { "default" } else { "bound" }
                );
            }
        }
        // GL 4.6 §17.4.4: INVALID_VALUE if width or height is negative.
        if let Some((w, h)) = size
            && (w < 0 || h < 0)
        {
            gl_bail!(GL_INVALID_VALUE, "width = {w} or height = {h} is negative");
        }
        Ok(())
    }
}

/// The parameters of an attachment point with nothing attached (GL 4.6 §9.2.3):
/// OBJECT_TYPE is NONE, OBJECT_NAME zero, and every other query INVALID_OPERATION.
fn none_attachment(pname: u32) -> GlResult<i64> {
    match pname {
        GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE => Ok(GL_NONE as i64),
        GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME => Ok(0),
        p if ATTACHMENT_PNAMES.contains(&p) => gl_bail!(
            GL_INVALID_OPERATION,
            "nothing is attached, so {} has no value",
            Enum(p)
        ),
        _ => gl_bail!(
            GL_INVALID_ENUM,
            "pname {} is not a framebuffer attachment parameter",
            Enum(pname)
        ),
    }
}

fn same_object(a: Option<&Attachment>, b: Option<&Attachment>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Attachment::Renderbuffer(x)), Some(Attachment::Renderbuffer(y))) => Arc::ptr_eq(x, y),
        (
            Some(Attachment::Texture {
                tex: x,
                level: lx,
                layer: ax,
            }),
            Some(Attachment::Texture {
                tex: y,
                level: ly,
                layer: ay,
            }),
        ) => Arc::ptr_eq(x, y) && lx == ly && ax == ay,
        _ => false,
    }
}
