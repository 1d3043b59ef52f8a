//! BlitFramebuffer (GL 4.6 §18.3.1): copies a rectangle between the read and draw
//! framebuffers' images, scaling with NEAREST or LINEAR filtering, resolving and
//! replicating multisample images. Validated first; nothing changes on failure.

use crate::format::texel::{Class, Format};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::state::context::ContextState;
use crate::state::objects::framebuffer::Attachment;
use crate::state::objects::texture::Level;

impl ContextState {
    /// BlitFramebuffer / BlitNamedFramebuffer (GL 4.6 §18.3.1): copies a rectangle of
    /// the read framebuffer's read buffer (and depth/stencil) into every draw buffer,
    /// scaled and mirrored as the rectangles say, with NEAREST or LINEAR filtering (on
    /// the stored values: FRAMEBUFFER_SRGB is not supported, so sRGB is not decoded).
    #[allow(clippy::too_many_arguments)]
    pub fn blit_framebuffer(
        &mut self,
        read_fb: u32,
        draw_fb: u32,
        src: [i32; 4],
        dst: [i32; 4],
        mask: u32,
        filter: u32,
    ) -> GlResult<()> {
        // GL 4.6 §18.3.1 (in Mesa's order): INVALID_FRAMEBUFFER_OPERATION if either
        // framebuffer is not complete; INVALID_ENUM for a bad filter; INVALID_VALUE for
        // bits other than the buffer bits; INVALID_OPERATION for depth or stencil with
        // LINEAR.
        let rf = self.complete_fbo(read_fb)?;
        let df = self.complete_fbo(draw_fb)?;
        if filter != GL_NEAREST && filter != GL_LINEAR {
            gl_bail!(
                GL_INVALID_ENUM,
                "filter {} is not GL_NEAREST or GL_LINEAR",
                Enum(filter)
            );
        }
        let all = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
        if mask & !all != 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "mask = 0x{mask:X} has bits other than the colour, depth and stencil buffer bits"
            );
        }
        if mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT) != 0 && filter != GL_NEAREST {
            gl_bail!(
                GL_INVALID_OPERATION,
                "depth and stencil are blitted with GL_NEAREST only"
            );
        }
        // GL 4.6 §18.3.1: INVALID_OPERATION if both framebuffers are multisample with
        // different sample counts, or either is and the rectangles differ in size.
        let (rs, ds) = (
            self.framebuffer_samples(read_fb),
            self.framebuffer_samples(draw_fb),
        );
        if rs > 0 && ds > 0 && rs != ds {
            gl_bail!(
                GL_INVALID_OPERATION,
                "the read framebuffer has {rs} samples and the draw framebuffer {ds}"
            );
        }
        // (Sizes compare unsigned, as Mesa: a multisample blit may mirror.)
        let size = |r: [i32; 4]| {
            [
                (r[2] as i64 - r[0] as i64).abs(),
                (r[3] as i64 - r[1] as i64).abs(),
            ]
        };
        if (rs > 0 || ds > 0) && size(src) != size(dst) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "a multisample blit copies rectangles of one size (it does not scale)"
            );
        }
        // Pairs of (read, draw) attachments; a buffer missing on either side is
        // silently ignored (GL 4.6 §18.3.1).
        let mut pairs: Vec<(Attachment, Attachment)> = Vec::new();
        if mask & GL_COLOR_BUFFER_BIT != 0
            && rf.read_buffer != GL_NONE
            && let Some(r) = rf.color[(rf.read_buffer - GL_COLOR_ATTACHMENT0) as usize].clone()
        {
            for &b in df.draw_buffers.iter().filter(|&&b| b != GL_NONE) {
                if let Some(d) = df.color[(b - GL_COLOR_ATTACHMENT0) as usize].clone() {
                    pairs.push((r.clone(), d));
                }
            }
        }
        let color_pairs = pairs.len();
        for (bit, r, d) in [
            (GL_DEPTH_BUFFER_BIT, &rf.depth, &df.depth),
            (GL_STENCIL_BUFFER_BIT, &rf.stencil, &df.stencil),
        ] {
            if mask & bit != 0
                && let (Some(r), Some(d)) = (r, d)
            {
                pairs.push((r.clone(), d.clone()));
            }
        }
        let mut images = Vec::new();
        for (i, (r, d)) in pairs.iter().enumerate() {
            let (Some((ri, rz)), Some((di, dz))) = (r.image(), d.image()) else {
                continue;
            };
            let (rc, dc) = (ri.format.class(), di.format.class());
            if i < color_pairs {
                // GL 4.6 §18.3.1: INVALID_OPERATION if integer and non-integer colour
                // buffers meet, or LINEAR filters an integer buffer.
                if (rc == Class::Float) != (dc == Class::Float) {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "the read buffer ({}) and a draw buffer ({}) are not both integer or both not",
                        Enum(ri.internal),
                        Enum(di.internal)
                    );
                }
                if rc != Class::Float && filter == GL_LINEAR {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "GL_LINEAR cannot filter the integer read buffer ({})",
                        Enum(ri.internal)
                    );
                }
            } else if ri.internal != di.internal {
                // GL 4.6 §18.3.1: INVALID_OPERATION if depth or stencil formats differ.
                gl_bail!(
                    GL_INVALID_OPERATION,
                    "the depth/stencil formats {} and {} differ",
                    Enum(ri.internal),
                    Enum(di.internal)
                );
            }
            // Source and destination may be one image with overlapping rectangles: the
            // result is undefined (GL 4.6 §18.3.1); each pixel is still read and
            // written inside the images.
            let part = if i < color_pairs {
                GL_COLOR_BUFFER_BIT
            } else if i == color_pairs
                && mask & GL_DEPTH_BUFFER_BIT != 0
                && rf.depth.is_some()
                && df.depth.is_some()
            {
                GL_DEPTH_BUFFER_BIT
            } else {
                GL_STENCIL_BUFFER_BIT
            };
            images.push((ri, rz, di, dz, part));
        }
        for (ri, rz, di, dz, part) in images {
            let linear = part == GL_COLOR_BUFFER_BIT && filter == GL_LINEAR;
            Self::blit_image(&ri, rz, &di, dz, src, dst, linear, part);
        }
        Ok(())
    }

    /// Copies one blit rectangle between two images (slices `rz` and `dz`). Draw
    /// pixels whose source lies outside the read image are left as they were.
    #[allow(clippy::too_many_arguments)]
    pub fn blit_image(
        r: &Level,
        rz: u32,
        d: &Level,
        dz: u32,
        src: [i32; 4],
        dst: [i32; 4],
        linear: bool,
        part: u32,
    ) {
        let (dw, dh) = (dst[2] as f64 - dst[0] as f64, dst[3] as f64 - dst[1] as f64);
        if dw == 0.0 || dh == 0.0 {
            return;
        }
        let sx = (src[2] as f64 - src[0] as f64) / dw;
        let sy = (src[3] as f64 - src[1] as f64) / dh;
        let x_range = dst[0].min(dst[2]).max(0)..dst[0].max(dst[2]).min(d.width as i32);
        let y_range = dst[1].min(dst[3]).max(0)..dst[1].max(dst[3]).min(d.height as i32);
        let (rf, df) = (r.format, d.format);
        // An OpenGL ES LUMINANCE, LUMINANCE_ALPHA or ALPHA destination (CopyTexImage)
        // keeps the components its stored channels are converted from.
        let legacy = crate::format::es::legacy(d.internal);
        let mut t = vec![0u8; rf.bytes()];
        let mut out = vec![0u8; df.bytes()];
        // A multisample source is resolved into a single-sample destination: its
        // colour samples averaged (one sample of integer formats), depth and stencil
        // taken from sample 0. Between two multisample images of one count (GL 4.6
        // §18.3.1) each sample is copied to the same sample.
        let same_samples = r.samples > 0 && r.samples == d.samples;
        let resolve_n = if part == GL_COLOR_BUFFER_BIT && !same_samples {
            r.samples.max(1)
        } else {
            1
        };
        // `first`: the source sample a same-count copy reads (0 otherwise).
        let fetch = |x: i64, y: i64, first: u32, t: &mut [u8]| -> [u32; 4] {
            let x = x.clamp(0, r.width as i64 - 1) as u32;
            let y = y.clamp(0, r.height as i64 - 1) as u32;
            let mut vals = [[0u32; 4]; crate::limits::MAX_SAMPLES as usize];
            let n = (resolve_n as usize).min(vals.len());
            for (s, v) in vals.iter_mut().enumerate().take(n) {
                r.storage
                    .read(r.sample_at(x, y, rz, first + s as u32) as usize, t);
                *v = rf.decode(t);
            }
            crate::state::multisample::resolve(rf, &vals[..n])
        };
        for y in y_range {
            // The source position of the draw pixel's centre.
            let fy = src[1] as f64 + (y as f64 + 0.5 - dst[1] as f64) * sy;
            for x in x_range.clone() {
                let fx = src[0] as f64 + (x as f64 + 0.5 - dst[0] as f64) * sx;
                if fx < 0.0 || fy < 0.0 || fx >= r.width as f64 || fy >= r.height as f64 {
                    continue;
                }
                let value = |first: u32, t: &mut [u8]| -> [u32; 4] {
                    if linear {
                        let (u, w) = (fx - 0.5, fy - 0.5);
                        let (x0, y0) = (u.floor() as i64, w.floor() as i64);
                        let (a, b) = ((u - u.floor()) as f32, (w - w.floor()) as f32);
                        let mut acc = [0f32; 4];
                        for (dx, dy, wgt) in [
                            (0, 0, (1.0 - a) * (1.0 - b)),
                            (1, 0, a * (1.0 - b)),
                            (0, 1, (1.0 - a) * b),
                            (1, 1, a * b),
                        ] {
                            if wgt == 0.0 {
                                continue;
                            }
                            let s = fetch(x0 + dx, y0 + dy, first, t).map(f32::from_bits);
                            for c in 0..4 {
                                acc[c] += s[c] * wgt;
                            }
                        }
                        acc.map(f32::to_bits)
                    } else {
                        fetch(fx.floor() as i64, fy.floor() as i64, first, t)
                    }
                };
                let mut v = value(0, &mut t);
                // A multisample destination gets the value in every sample (its own
                // sample's when the counts are equal).
                for s in 0..d.samples.max(1) {
                    if same_samples && s > 0 {
                        v = value(s, &mut t);
                    }
                    let at = d.sample_at(x as u32, y as u32, dz, s) as usize;
                    if part == GL_COLOR_BUFFER_BIT {
                        match legacy {
                            Some(lg) => {
                                let mut c = [0u32; 4];
                                for (i, &from) in lg.sources.iter().enumerate() {
                                    c[i] = v[from];
                                }
                                df.encode(c, &mut out)
                            }
                            None => df.encode(v, &mut out),
                        }
                    } else {
                        // Depth or stencil (the formats are equal): only that part of
                        // the draw texel changes.
                        d.storage.read(at, &mut out);
                        let (depth, stencil) = match (part, rf) {
                            (GL_DEPTH_BUFFER_BIT, _) => (Some(f32::from_bits(v[0])), None),
                            (_, Format::Stencil8) => (None, Some(v[0])),
                            _ => (None, Some(v[1])),
                        };
                        Self::set_depth_stencil(df, &mut out, depth, stencil);
                    }
                    d.storage.write(at, &out);
                }
            }
        }
    }
}
