//! Pixel transfers between application memory and texel storage (GL 4.6 §8.4, §8.5,
//! §18.2): pixel store modes, client (format, type) pairs, the layout of a client
//! image in memory, and the conversion of one client pixel to and from the four
//! components of a texel format's class ([`crate::format::texel`]); the client pairs
//! that hold a texel exactly (for transfers to a host, and
//! IMPLEMENTATION_COLOR_READ_FORMAT/TYPE); and ClearBufferData's conversion of one
//! pixel.

use crate::format::internal::{clear_buffer_format, component_type, internal_format};
use crate::format::texel::{self, Class, Format, Kind};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl::types::UserIn;
use crate::gl_bail;

/// PixelStore state for packing or unpacking (GL 4.6 table 8.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PixelModes {
    pub swap_bytes: bool,
    pub lsb_first: bool,
    pub row_length: i32,
    pub image_height: i32,
    pub skip_rows: i32,
    pub skip_pixels: i32,
    pub skip_images: i32,
    pub alignment: i32,
    /// COMPRESSED_BLOCK_WIDTH, _HEIGHT, _DEPTH and _SIZE (GL 4.6 §8.4.1).
    pub compressed_block: [i32; 4],
}

impl Default for PixelModes {
    fn default() -> Self {
        PixelModes {
            swap_bytes: false,
            lsb_first: false,
            row_length: 0,
            image_height: 0,
            skip_rows: 0,
            skip_pixels: 0,
            skip_images: 0,
            alignment: 4,
            compressed_block: [0; 4],
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct PixelStore {
    pub pack: PixelModes,
    pub unpack: PixelModes,
}

impl PixelStore {
    /// PixelStore{i,f}: GL 4.6 §8.4.1.
    pub fn set(&mut self, pname: u32, value: f64) -> GlResult<()> {
        let (m, what) = match pname {
            GL_PACK_SWAP_BYTES
            | GL_PACK_LSB_FIRST
            | GL_PACK_ROW_LENGTH
            | GL_PACK_IMAGE_HEIGHT
            | GL_PACK_SKIP_ROWS
            | GL_PACK_SKIP_PIXELS
            | GL_PACK_SKIP_IMAGES
            | GL_PACK_ALIGNMENT
            | GL_PACK_COMPRESSED_BLOCK_WIDTH
            | GL_PACK_COMPRESSED_BLOCK_HEIGHT
            | GL_PACK_COMPRESSED_BLOCK_DEPTH
            | GL_PACK_COMPRESSED_BLOCK_SIZE => (&mut self.pack, pname),
            GL_UNPACK_SWAP_BYTES => (&mut self.unpack, GL_PACK_SWAP_BYTES),
            GL_UNPACK_LSB_FIRST => (&mut self.unpack, GL_PACK_LSB_FIRST),
            GL_UNPACK_ROW_LENGTH => (&mut self.unpack, GL_PACK_ROW_LENGTH),
            GL_UNPACK_IMAGE_HEIGHT => (&mut self.unpack, GL_PACK_IMAGE_HEIGHT),
            GL_UNPACK_SKIP_ROWS => (&mut self.unpack, GL_PACK_SKIP_ROWS),
            GL_UNPACK_SKIP_PIXELS => (&mut self.unpack, GL_PACK_SKIP_PIXELS),
            GL_UNPACK_SKIP_IMAGES => (&mut self.unpack, GL_PACK_SKIP_IMAGES),
            GL_UNPACK_ALIGNMENT => (&mut self.unpack, GL_PACK_ALIGNMENT),
            p if unpack_block(p).is_some() => (&mut self.unpack, unpack_block(p).expect("checked")),
            // GL 4.6 §8.4.1: INVALID_ENUM if pname is not a pixel store parameter.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a pixel store parameter",
                Enum(pname)
            ),
        };
        let int = value.round();
        match what {
            GL_PACK_SWAP_BYTES => m.swap_bytes = value != 0.0,
            GL_PACK_LSB_FIRST => m.lsb_first = value != 0.0,
            GL_PACK_ALIGNMENT => {
                // GL 4.6 §8.4.1: INVALID_VALUE if the alignment is not 1, 2, 4 or 8.
                if ![1.0, 2.0, 4.0, 8.0].contains(&int) {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "{} = {value} is not 1, 2, 4 or 8",
                        Enum(pname)
                    );
                }
                m.alignment = int as i32;
            }
            _ => {
                // GL 4.6 §8.4.1: INVALID_VALUE for a negative length or skip.
                if int < 0.0 || int > i32::MAX as f64 {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "{} = {value} is negative or too large",
                        Enum(pname)
                    );
                }
                let v = int as i32;
                match what {
                    GL_PACK_ROW_LENGTH => m.row_length = v,
                    GL_PACK_IMAGE_HEIGHT => m.image_height = v,
                    GL_PACK_SKIP_ROWS => m.skip_rows = v,
                    GL_PACK_SKIP_PIXELS => m.skip_pixels = v,
                    GL_PACK_SKIP_IMAGES => m.skip_images = v,
                    p => m.compressed_block[block_index(p)] = v,
                }
            }
        }
        Ok(())
    }

    /// The value of a PixelStore parameter for Get*, if `pname` is one.
    pub fn get(&self, pname: u32) -> Option<i64> {
        let (m, p) = match pname {
            GL_UNPACK_SWAP_BYTES => (&self.unpack, GL_PACK_SWAP_BYTES),
            GL_UNPACK_LSB_FIRST => (&self.unpack, GL_PACK_LSB_FIRST),
            GL_UNPACK_ROW_LENGTH => (&self.unpack, GL_PACK_ROW_LENGTH),
            GL_UNPACK_IMAGE_HEIGHT => (&self.unpack, GL_PACK_IMAGE_HEIGHT),
            GL_UNPACK_SKIP_ROWS => (&self.unpack, GL_PACK_SKIP_ROWS),
            GL_UNPACK_SKIP_PIXELS => (&self.unpack, GL_PACK_SKIP_PIXELS),
            GL_UNPACK_SKIP_IMAGES => (&self.unpack, GL_PACK_SKIP_IMAGES),
            GL_UNPACK_ALIGNMENT => (&self.unpack, GL_PACK_ALIGNMENT),
            p => match unpack_block(p) {
                Some(q) => (&self.unpack, q),
                None => (&self.pack, p),
            },
        };
        Some(match p {
            GL_PACK_SWAP_BYTES => m.swap_bytes as i64,
            GL_PACK_LSB_FIRST => m.lsb_first as i64,
            GL_PACK_ROW_LENGTH => m.row_length as i64,
            GL_PACK_IMAGE_HEIGHT => m.image_height as i64,
            GL_PACK_SKIP_ROWS => m.skip_rows as i64,
            GL_PACK_SKIP_PIXELS => m.skip_pixels as i64,
            GL_PACK_SKIP_IMAGES => m.skip_images as i64,
            GL_PACK_ALIGNMENT => m.alignment as i64,
            GL_PACK_COMPRESSED_BLOCK_WIDTH
            | GL_PACK_COMPRESSED_BLOCK_HEIGHT
            | GL_PACK_COMPRESSED_BLOCK_DEPTH
            | GL_PACK_COMPRESSED_BLOCK_SIZE => m.compressed_block[block_index(p)] as i64,
            _ => return None,
        })
    }
}

/// The PACK_COMPRESSED_BLOCK_* parameter an UNPACK_COMPRESSED_BLOCK_* one matches.
fn unpack_block(pname: u32) -> Option<u32> {
    Some(match pname {
        GL_UNPACK_COMPRESSED_BLOCK_WIDTH => GL_PACK_COMPRESSED_BLOCK_WIDTH,
        GL_UNPACK_COMPRESSED_BLOCK_HEIGHT => GL_PACK_COMPRESSED_BLOCK_HEIGHT,
        GL_UNPACK_COMPRESSED_BLOCK_DEPTH => GL_PACK_COMPRESSED_BLOCK_DEPTH,
        GL_UNPACK_COMPRESSED_BLOCK_SIZE => GL_PACK_COMPRESSED_BLOCK_SIZE,
        _ => return None,
    })
}

/// The index in [`PixelModes::compressed_block`] of a PACK_COMPRESSED_BLOCK_* name.
fn block_index(pname: u32) -> usize {
    match pname {
        GL_PACK_COMPRESSED_BLOCK_WIDTH => 0,
        GL_PACK_COMPRESSED_BLOCK_HEIGHT => 1,
        GL_PACK_COMPRESSED_BLOCK_DEPTH => 2,
        _ => 3,
    }
}

/// Element type of a client pixel component.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Elem {
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    F16,
    F32,
}

impl Elem {
    fn size(self) -> usize {
        match self {
            Elem::U8 | Elem::I8 => 1,
            Elem::U16 | Elem::I16 | Elem::F16 => 2,
            _ => 4,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    Elems(Elem),
    /// A packed type of `bytes` bytes: field widths from the most significant bit
    /// down, and whether the first component is in the least significant bits.
    Packed {
        bytes: usize,
        widths: &'static [u32],
        rev: bool,
    },
    Uf10F11F11FRev,
    E5999Rev,
    U24_8,
    F32U24_8Rev,
}

/// What the client components are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// Colour: which RGBA component each client component is.
    Color(&'static [usize]),
    Depth,
    Stencil,
    DepthStencil,
}

/// A validated client (format, type) pair.
#[derive(Debug, Clone, Copy)]
pub struct Client {
    pub format: u32,
    pub ty: u32,
    pub base: Base,
    /// An *_INTEGER format.
    pub integer: bool,
    layout: Layout,
}

/// Component order of a colour client format (indices into RGBA) and whether it is
/// an *_INTEGER format.
pub fn color_order(f: u32) -> Option<(&'static [usize], bool)> {
    Some(match f {
        GL_RED => (&[0], false),
        GL_GREEN => (&[1], false),
        GL_BLUE => (&[2], false),
        GL_RG => (&[0, 1], false),
        GL_RGB => (&[0, 1, 2], false),
        GL_BGR => (&[2, 1, 0], false),
        GL_RGBA => (&[0, 1, 2, 3], false),
        GL_BGRA => (&[2, 1, 0, 3], false),
        GL_RED_INTEGER => (&[0], true),
        GL_GREEN_INTEGER => (&[1], true),
        GL_BLUE_INTEGER => (&[2], true),
        GL_RG_INTEGER => (&[0, 1], true),
        GL_RGB_INTEGER => (&[0, 1, 2], true),
        GL_BGR_INTEGER => (&[2, 1, 0], true),
        GL_RGBA_INTEGER => (&[0, 1, 2, 3], true),
        GL_BGRA_INTEGER => (&[2, 1, 0, 3], true),
        _ => return None,
    })
}

fn type_layout(t: u32) -> Option<Layout> {
    use Layout::*;
    Some(match t {
        GL_UNSIGNED_BYTE => Elems(Elem::U8),
        GL_BYTE => Elems(Elem::I8),
        GL_UNSIGNED_SHORT => Elems(Elem::U16),
        GL_SHORT => Elems(Elem::I16),
        GL_UNSIGNED_INT => Elems(Elem::U32),
        GL_INT => Elems(Elem::I32),
        GL_HALF_FLOAT => Elems(Elem::F16),
        GL_FLOAT => Elems(Elem::F32),
        GL_UNSIGNED_BYTE_3_3_2 => Packed {
            bytes: 1,
            widths: &[3, 3, 2],
            rev: false,
        },
        GL_UNSIGNED_BYTE_2_3_3_REV => Packed {
            bytes: 1,
            widths: &[2, 3, 3],
            rev: true,
        },
        GL_UNSIGNED_SHORT_5_6_5 => Packed {
            bytes: 2,
            widths: &[5, 6, 5],
            rev: false,
        },
        GL_UNSIGNED_SHORT_5_6_5_REV => Packed {
            bytes: 2,
            widths: &[5, 6, 5],
            rev: true,
        },
        GL_UNSIGNED_SHORT_4_4_4_4 => Packed {
            bytes: 2,
            widths: &[4, 4, 4, 4],
            rev: false,
        },
        GL_UNSIGNED_SHORT_4_4_4_4_REV => Packed {
            bytes: 2,
            widths: &[4, 4, 4, 4],
            rev: true,
        },
        GL_UNSIGNED_SHORT_5_5_5_1 => Packed {
            bytes: 2,
            widths: &[5, 5, 5, 1],
            rev: false,
        },
        GL_UNSIGNED_SHORT_1_5_5_5_REV => Packed {
            bytes: 2,
            widths: &[1, 5, 5, 5],
            rev: true,
        },
        GL_UNSIGNED_INT_8_8_8_8 => Packed {
            bytes: 4,
            widths: &[8, 8, 8, 8],
            rev: false,
        },
        GL_UNSIGNED_INT_8_8_8_8_REV => Packed {
            bytes: 4,
            widths: &[8, 8, 8, 8],
            rev: true,
        },
        GL_UNSIGNED_INT_10_10_10_2 => Packed {
            bytes: 4,
            widths: &[10, 10, 10, 2],
            rev: false,
        },
        GL_UNSIGNED_INT_2_10_10_10_REV => Packed {
            bytes: 4,
            widths: &[2, 10, 10, 10],
            rev: true,
        },
        GL_UNSIGNED_INT_10F_11F_11F_REV => Uf10F11F11FRev,
        GL_UNSIGNED_INT_5_9_9_9_REV => E5999Rev,
        GL_UNSIGNED_INT_24_8 => U24_8,
        GL_FLOAT_32_UNSIGNED_INT_24_8_REV => F32U24_8Rev,
        _ => return None,
    })
}

impl Client {
    /// GL 4.6 §8.4.4: the (format, type) errors every pixel transfer shares.
    pub fn new(format: u32, ty: u32) -> GlResult<Client> {
        let base = match format {
            GL_DEPTH_COMPONENT => Some((Base::Depth, false)),
            GL_STENCIL_INDEX => Some((Base::Stencil, true)),
            GL_DEPTH_STENCIL => Some((Base::DepthStencil, false)),
            f => color_order(f).map(|(o, i)| (Base::Color(o), i)),
        };
        // GL 4.6 §8.4.4: INVALID_ENUM if format or type is not an accepted value.
        let Some((base, integer)) = base else {
            gl_bail!(
                GL_INVALID_ENUM,
                "format {} is not a pixel format",
                Enum(format)
            );
        };
        let Some(layout) = type_layout(ty) else {
            gl_bail!(GL_INVALID_ENUM, "type {} is not a pixel type", Enum(ty));
        };
        // GL 4.6 §8.4.4 (table 8.5): INVALID_OPERATION if a packed type's component
        // count does not match the format, or a float type is used with an integer
        // format.
        let ncomp = match base {
            Base::Color(o) => o.len(),
            Base::DepthStencil => 2,
            _ => 1,
        };
        let ok = match layout {
            Layout::Elems(e) => {
                !(integer && matches!(e, Elem::F16 | Elem::F32)) && base != Base::DepthStencil
            }
            Layout::Packed { widths, .. } => {
                matches!(base, Base::Color(_)) && widths.len() == ncomp
            }
            Layout::Uf10F11F11FRev | Layout::E5999Rev => format == GL_RGB,
            Layout::U24_8 | Layout::F32U24_8Rev => base == Base::DepthStencil,
        };
        if !ok {
            gl_bail!(
                GL_INVALID_OPERATION,
                "type {} cannot be used with format {}",
                Enum(ty),
                Enum(format)
            );
        }
        Ok(Client {
            format,
            ty,
            base,
            integer,
            layout,
        })
    }

    fn ncomp(&self) -> usize {
        match self.base {
            Base::Color(o) => o.len(),
            _ => 1,
        }
    }

    /// Bytes of one element (a component, or a whole packed pixel).
    pub fn elem_bytes(&self) -> usize {
        match self.layout {
            Layout::Elems(e) => e.size(),
            Layout::Packed { bytes, .. } => bytes,
            Layout::F32U24_8Rev => 8,
            _ => 4,
        }
    }

    /// Bytes of one pixel.
    pub fn pixel_bytes(&self) -> usize {
        match self.layout {
            Layout::Elems(e) => e.size() * self.ncomp(),
            _ => self.elem_bytes(),
        }
    }

    /// GL 4.6 §8.5 (and §18.2.2 for reads): INVALID_OPERATION if the client data
    /// cannot be converted to or from `f`: integer with non-integer, colour with depth
    /// or stencil.
    pub fn check_compatible(&self, f: Format, what: &str) -> GlResult<()> {
        let fint = f.class() != Class::Float && !f.has_stencil();
        let ok = match self.base {
            Base::Color(_) => !f.has_depth() && !f.has_stencil() && fint == self.integer,
            Base::Depth => f.has_depth(),
            Base::Stencil => f.has_stencil(),
            Base::DepthStencil => f.has_depth() && f.has_stencil(),
        };
        if !ok {
            gl_bail!(
                GL_INVALID_OPERATION,
                "format {} and type {} do not match the {what}",
                Enum(self.format),
                Enum(self.ty)
            );
        }
        Ok(())
    }

    /// Reads the raw client components of one pixel (floats as f64; integers exact).
    fn read_raw(&self, src: &[u8], swap: bool, out: &mut [f64; 4]) {
        let fetch = |i: usize, size: usize| -> u32 {
            let mut b = [0u8; 4];
            b[..size].copy_from_slice(&src[i * size..i * size + size]);
            if swap {
                b[..size].reverse();
            }
            match size {
                1 => b[0] as u32,
                2 => u16::from_ne_bytes([b[0], b[1]]) as u32,
                _ => u32::from_ne_bytes(b),
            }
        };
        let norm = !self.integer;
        match self.layout {
            Layout::Elems(e) => {
                for (i, o) in out.iter_mut().enumerate().take(self.ncomp()) {
                    let r = fetch(i, e.size());
                    *o = match e {
                        Elem::U8 if norm => texel::unorm_to_f32(r, 8) as f64,
                        Elem::U16 if norm => texel::unorm_to_f32(r, 16) as f64,
                        Elem::U32 if norm => r as f64 / u32::MAX as f64,
                        Elem::I8 if norm => texel::snorm_to_f32(r as u8 as i8 as i32, 8) as f64,
                        Elem::I16 if norm => texel::snorm_to_f32(r as u16 as i16 as i32, 16) as f64,
                        Elem::I32 if norm => (r as i32 as f64 / i32::MAX as f64).max(-1.0),
                        Elem::U8 | Elem::U16 | Elem::U32 => r as f64,
                        Elem::I8 => r as u8 as i8 as f64,
                        Elem::I16 => r as u16 as i16 as f64,
                        Elem::I32 => r as i32 as f64,
                        Elem::F16 => texel::half_to_f32(r as u16) as f64,
                        Elem::F32 => f32::from_bits(r) as f64,
                    };
                }
            }
            Layout::Packed { bytes, widths, rev } => {
                let w = fetch(0, bytes);
                let mut shift = if rev { 0 } else { bytes as u32 * 8 };
                // REV types put the first component in the low bits: it has the
                // last (least significant) width.
                let order: Vec<u32> = if rev {
                    widths.iter().rev().copied().collect()
                } else {
                    widths.to_vec()
                };
                for (i, &wd) in order.iter().enumerate() {
                    let field = if rev {
                        let f = (w >> shift) & ((1 << wd) - 1);
                        shift += wd;
                        f
                    } else {
                        shift -= wd;
                        (w >> shift) & ((1 << wd) - 1)
                    };
                    out[i] = if norm {
                        texel::unorm_to_f32(field, wd) as f64
                    } else {
                        field as f64
                    };
                }
            }
            Layout::Uf10F11F11FRev => {
                let w = fetch(0, 4);
                out[0] = texel::uf_to_f32(w & 0x7ff, 6) as f64;
                out[1] = texel::uf_to_f32((w >> 11) & 0x7ff, 6) as f64;
                out[2] = texel::uf_to_f32(w >> 22, 5) as f64;
            }
            Layout::E5999Rev => {
                let w = fetch(0, 4);
                let v = Format::Rgb9E5.decode(&w.to_ne_bytes());
                for i in 0..3 {
                    out[i] = f32::from_bits(v[i]) as f64;
                }
            }
            Layout::U24_8 => {
                let w = fetch(0, 4);
                out[0] = texel::unorm_to_f32(w >> 8, 24) as f64;
                out[1] = (w & 0xff) as f64;
            }
            Layout::F32U24_8Rev => {
                out[0] = f32::from_bits(fetch(0, 4)) as f64;
                out[1] = (fetch(1, 4) & 0xff) as f64;
            }
        }
    }

    /// One client pixel as four components of `class` (missing ones 0, alpha 1).
    /// Depth-stencil data gives depth then stencil.
    pub fn unpack(&self, src: &[u8], swap: bool, class: Class) -> [u32; 4] {
        let mut raw = [0f64; 4];
        self.read_raw(src, swap, &mut raw);
        let mut vals = [0f64, 0.0, 0.0, 1.0];
        match self.base {
            Base::Color(order) => {
                for (i, &c) in order.iter().enumerate() {
                    vals[c] = raw[i];
                }
            }
            Base::Depth | Base::Stencil => vals[0] = raw[0],
            Base::DepthStencil => {
                vals[0] = raw[0];
                vals[1] = raw[1];
            }
        }
        match class {
            Class::Float => {
                let mut out = vals.map(|v| (v as f32).to_bits());
                if self.base == Base::DepthStencil {
                    out[1] = vals[1] as u32;
                }
                out
            }
            Class::Sint => vals.map(|v| v.clamp(i32::MIN as f64, i32::MAX as f64) as i32 as u32),
            Class::Uint => vals.map(|v| v.clamp(0.0, u32::MAX as f64) as u32),
        }
    }

    /// Writes four components of `class` as one client pixel (GL 4.6 §18.2.8).
    pub fn pack(&self, v: [u32; 4], class: Class, swap: bool, dst: &mut [u8]) {
        let val = |i: usize| -> f64 {
            match class {
                Class::Float => f32::from_bits(v[i]) as f64,
                Class::Sint => v[i] as i32 as f64,
                Class::Uint => v[i] as f64,
            }
        };
        let comps: Vec<f64> = match self.base {
            Base::Color(order) => order.iter().map(|&c| val(c)).collect(),
            Base::Depth | Base::Stencil => vec![val(0)],
            Base::DepthStencil => vec![val(0), v[1] as f64],
        };
        let norm = !self.integer && self.base != Base::Stencil;
        let put = |dst: &mut [u8], i: usize, size: usize, w: u32| {
            let mut b = [0u8; 4];
            match size {
                1 => b[0] = w as u8,
                2 => b[..2].copy_from_slice(&(w as u16).to_ne_bytes()),
                _ => b.copy_from_slice(&w.to_ne_bytes()),
            }
            if swap {
                b[..size].reverse();
            }
            dst[i * size..i * size + size].copy_from_slice(&b[..size]);
        };
        match self.layout {
            Layout::Elems(e) => {
                for (i, &c) in comps.iter().enumerate() {
                    let f = c as f32;
                    let w = match e {
                        Elem::U8 if norm => texel::f32_to_unorm(f, 8),
                        Elem::U16 if norm => texel::f32_to_unorm(f, 16),
                        Elem::U32 if norm => (c.clamp(0.0, 1.0) * u32::MAX as f64).round() as u32,
                        Elem::I8 if norm => texel::f32_to_snorm(f, 8),
                        Elem::I16 if norm => texel::f32_to_snorm(f, 16),
                        Elem::I32 if norm => {
                            (c.clamp(-1.0, 1.0) * i32::MAX as f64).round() as i32 as u32
                        }
                        Elem::U8 => c.clamp(0.0, 255.0) as u32,
                        Elem::U16 => c.clamp(0.0, 65535.0) as u32,
                        Elem::U32 => c.clamp(0.0, u32::MAX as f64) as u32,
                        Elem::I8 => c.clamp(-128.0, 127.0) as i32 as u32,
                        Elem::I16 => c.clamp(-32768.0, 32767.0) as i32 as u32,
                        Elem::I32 => c.clamp(i32::MIN as f64, i32::MAX as f64) as i32 as u32,
                        Elem::F16 => texel::f32_to_half(f) as u32,
                        Elem::F32 => f.to_bits(),
                    };
                    put(dst, i, e.size(), w);
                }
            }
            Layout::Packed { bytes, widths, rev } => {
                let mut w = 0u32;
                let mut shift = if rev { 0 } else { bytes as u32 * 8 };
                let order: Vec<u32> = if rev {
                    widths.iter().rev().copied().collect()
                } else {
                    widths.to_vec()
                };
                for (i, &wd) in order.iter().enumerate() {
                    let field = if norm {
                        texel::f32_to_unorm(comps[i] as f32, wd)
                    } else {
                        comps[i].clamp(0.0, ((1u64 << wd) - 1) as f64) as u32
                    };
                    if rev {
                        w |= field << shift;
                        shift += wd;
                    } else {
                        shift -= wd;
                        w |= field << shift;
                    }
                }
                put(dst, 0, bytes, w);
            }
            Layout::Uf10F11F11FRev => {
                let mut b = [0u8; 4];
                Format::R11G11B10F.encode(v, &mut b);
                put(dst, 0, 4, u32::from_ne_bytes(b));
            }
            Layout::E5999Rev => {
                let mut b = [0u8; 4];
                Format::Rgb9E5.encode(v, &mut b);
                put(dst, 0, 4, u32::from_ne_bytes(b));
            }
            Layout::U24_8 => {
                let w = (texel::f32_to_unorm(comps[0] as f32, 24) << 8) | (v[1] & 0xff);
                put(dst, 0, 4, w);
            }
            Layout::F32U24_8Rev => {
                put(dst, 0, 4, (comps[0] as f32).to_bits());
                put(dst, 1, 4, v[1] & 0xff);
            }
        }
    }
}

/// Where the pixels of a client image lie (GL 4.6 §8.4.3.1, §8.4.3.2): byte offset of
/// the first pixel, and the strides between rows and images.
#[derive(Debug, Clone, Copy)]
pub struct ClientLayout {
    pub start: u64,
    pub row: u64,
    pub image: u64,
    pub pixel: u64,
    /// Bytes from the start of the data to one past the last pixel's last byte.
    pub end: u64,
}

impl ClientLayout {
    /// The layout of a `w`x`h`x`d` image; None if its extent overflows 64 bits.
    pub fn new(c: &Client, m: &PixelModes, w: u32, h: u32, d: u32) -> Option<ClientLayout> {
        let pixel = c.pixel_bytes() as u64;
        let elem = c.elem_bytes() as u64;
        let len = if m.row_length > 0 {
            m.row_length as u64
        } else {
            w as u64
        };
        let raw_row = pixel.checked_mul(len)?;
        let a = m.alignment as u64;
        let row = if elem >= a {
            raw_row
        } else {
            raw_row.div_ceil(a).checked_mul(a)?
        };
        let rows = if m.image_height > 0 {
            m.image_height as u64
        } else {
            h as u64
        };
        let image = row.checked_mul(rows)?;
        let start = (m.skip_pixels as u64)
            .checked_mul(pixel)?
            .checked_add((m.skip_rows as u64).checked_mul(row)?)?
            .checked_add((m.skip_images as u64).checked_mul(image)?)?;
        let end = if w == 0 || h == 0 || d == 0 {
            start
        } else {
            start
                .checked_add((d as u64 - 1).checked_mul(image)?)?
                .checked_add((h as u64 - 1).checked_mul(row)?)?
                .checked_add((w as u64).checked_mul(pixel)?)?
        };
        Some(ClientLayout {
            start,
            row,
            image,
            pixel,
            end,
        })
    }
}

/// ClearBufferData and ClearBufferSubData (GL 4.6 §6.5): converts one client pixel
/// (`format`, `type`, `data`) to the bytes of one `internalformat` element, as TexImage
/// converts pixels (§8.4.4, §8.5). A null `data` clears to zero.
pub fn convert_clear_value(
    internalformat: u32,
    format: u32,
    ty: u32,
    data: UserIn,
) -> GlResult<Vec<u8>> {
    // GL 4.6 §6.5: INVALID_ENUM if internalformat is not in table 8.16.
    let f = clear_buffer_format(internalformat)
        .then(|| internal_format(internalformat))
        .flatten();
    let Some(f) = f else {
        gl_bail!(
            GL_INVALID_ENUM,
            "internalformat {} is not a sized internal format of table 8.16",
            Enum(internalformat)
        );
    };
    let Some((_, integer_source)) = color_order(format) else {
        // GL 4.6 §6.5 via §8.4.4: format must be a color format.
        gl_bail!(
            GL_INVALID_VALUE,
            "format {} is not a color format",
            Enum(format)
        );
    };
    // GL 4.6 §8.4.4: no conversion between integer and non-integer formats.
    if integer_source != (f.class() != Class::Float) {
        gl_bail!(
            GL_INVALID_OPERATION,
            "format {} and internalformat {} must both be integer or both non-integer",
            Enum(format),
            Enum(internalformat)
        );
    }
    // GL 4.6 §8.4.4: the type, and its agreement with the format.
    let client = Client::new(format, ty)?;
    let mut out = vec![0; f.bytes()];
    if let Some(bytes) = data.bytes(client.pixel_bytes()) {
        f.encode(client.unpack(bytes, false, f.class()), &mut out);
    }
    Ok(out)
}

/// The client format and type whose bytes are exactly a texel of `f` as glcompute
/// stores it (so a transfer converts nothing).
pub fn exact_client(f: Format) -> (u32, u32) {
    match f {
        Format::Plain { kind, n, bits } => {
            let int = matches!(kind, Kind::Sint | Kind::Uint);
            let format = match (n, int) {
                (1, false) => GL_RED,
                (2, false) => GL_RG,
                (3, false) => GL_RGB,
                (_, false) => GL_RGBA,
                (1, true) => GL_RED_INTEGER,
                (2, true) => GL_RG_INTEGER,
                (3, true) => GL_RGB_INTEGER,
                (_, true) => GL_RGBA_INTEGER,
            };
            let ty = match (kind, bits) {
                (Kind::Unorm | Kind::Uint, 8) => GL_UNSIGNED_BYTE,
                (Kind::Unorm | Kind::Uint, 16) => GL_UNSIGNED_SHORT,
                (Kind::Snorm | Kind::Sint, 8) => GL_BYTE,
                (Kind::Snorm | Kind::Sint, 16) => GL_SHORT,
                (Kind::Float, 16) => GL_HALF_FLOAT,
                (Kind::Float, _) => GL_FLOAT,
                (Kind::Sint, _) => GL_INT,
                _ => GL_UNSIGNED_INT,
            };
            (format, ty)
        }
        Format::Srgb8 { alpha } => (if alpha { GL_RGBA } else { GL_RGB }, GL_UNSIGNED_BYTE),
        Format::Rgb10A2 { int } => (
            if int { GL_RGBA_INTEGER } else { GL_RGBA },
            GL_UNSIGNED_INT_2_10_10_10_REV,
        ),
        Format::R11G11B10F => (GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV),
        Format::Rgb9E5 => (GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV),
        Format::Rgb565 => (GL_RGB, GL_UNSIGNED_SHORT_5_6_5),
        Format::Rgba4 => (GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4),
        Format::Rgb5A1 => (GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1),
        Format::Depth16 => (GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT),
        Format::Depth24 => (GL_DEPTH_COMPONENT, GL_UNSIGNED_INT),
        Format::Depth32F => (GL_DEPTH_COMPONENT, GL_FLOAT),
        Format::Depth24Stencil8 => (GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8),
        Format::Depth32FStencil8 => (GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
        Format::Stencil8 => (GL_STENCIL_INDEX, GL_UNSIGNED_BYTE),
    }
}

/// The client format and type that hold a colour format's texels exactly (the
/// IMPLEMENTATION_COLOR_READ_FORMAT/_TYPE glcompute reports, GL 4.6 §18.2.2).
pub fn natural_pixel_pair(fmt: crate::format::texel::Format) -> (u32, u32) {
    let ty = component_type(fmt, 0);
    let integer = matches!(ty, GL_INT | GL_UNSIGNED_INT);
    let base = match fmt.color_bits().iter().filter(|&&b| b > 0).count() {
        1 => [GL_RED, GL_RED_INTEGER],
        2 => [GL_RG, GL_RG_INTEGER],
        3 => [GL_RGB, GL_RGB_INTEGER],
        _ => [GL_RGBA, GL_RGBA_INTEGER],
    }[integer as usize];
    let bits = fmt.color_bits()[0];
    let read_ty = match ty {
        GL_FLOAT if bits == 16 => GL_HALF_FLOAT,
        GL_FLOAT => GL_FLOAT,
        GL_INT | GL_SIGNED_NORMALIZED => match bits {
            8 => GL_BYTE,
            16 => GL_SHORT,
            _ => GL_INT,
        },
        _ => match bits {
            8 => GL_UNSIGNED_BYTE,
            16 => GL_UNSIGNED_SHORT,
            _ => GL_UNSIGNED_INT,
        },
    };
    (base, read_ty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::texel::Kind;

    #[test]
    fn row_alignment() {
        let c = Client::new(GL_RGB, GL_UNSIGNED_BYTE).unwrap();
        let m = PixelModes::default();
        let l = ClientLayout::new(&c, &m, 3, 2, 1).unwrap();
        assert_eq!((l.row, l.end), (12, 21));
    }

    #[test]
    fn mismatches() {
        assert!(Client::new(GL_RGBA_INTEGER, GL_FLOAT).is_err());
        assert!(Client::new(GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4).is_err());
        assert!(Client::new(GL_RGBA, 0x1234).is_err());
    }

    #[test]
    fn float_to_rgba8_and_back() {
        let c = Client::new(GL_RGBA, GL_FLOAT).unwrap();
        let mut src = Vec::new();
        for f in [1.0f32, 0.0, 0.5, 0.25] {
            src.extend_from_slice(&f.to_ne_bytes());
        }
        let v = c.unpack(&src, false, Class::Float);
        let f = Format::Plain {
            kind: Kind::Unorm,
            n: 4,
            bits: 8,
        };
        let mut t = [0u8; 4];
        f.encode(v, &mut t);
        assert_eq!(t, [255, 0, 128, 64]);
        let rev = Client::new(GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV).unwrap();
        let w: u32 = 1023 | (512 << 20) | (3 << 30);
        let v = rev.unpack(&w.to_ne_bytes(), false, Class::Float);
        assert_eq!(f32::from_bits(v[0]), 1.0);
        assert_eq!(f32::from_bits(v[3]), 1.0);
        let mut back = [0u8; 4];
        rev.pack(v, Class::Float, false, &mut back);
        assert_eq!(u32::from_ne_bytes(back), w);
        let ub = Client::new(GL_BGRA, GL_UNSIGNED_BYTE).unwrap();
        let mut out = [0u8; 4];
        ub.pack(f.decode(&t), Class::Float, false, &mut out);
        assert_eq!(out, [128, 0, 255, 64]);
    }

    fn clear(internal: u32, format: u32, ty: u32, data: &[u8]) -> GlResult<Vec<u8>> {
        // SAFETY: the slice outlives the call and is as long as the pixel.
        convert_clear_value(internal, format, ty, unsafe { UserIn::new(data.as_ptr()) })
    }

    #[test]
    fn converts_like_teximage() {
        assert_eq!(
            clear(GL_R8, GL_RED, GL_UNSIGNED_BYTE, &[200]).unwrap(),
            vec![200]
        );
        assert_eq!(
            clear(GL_RGBA8, GL_RED, GL_FLOAT, &0.5f32.to_ne_bytes()).unwrap(),
            vec![128, 0, 0, 255]
        );
        assert_eq!(
            clear(GL_R32F, GL_RED, GL_UNSIGNED_SHORT, &65535u16.to_ne_bytes()).unwrap(),
            1.0f32.to_ne_bytes().to_vec()
        );
        assert_eq!(
            clear(
                GL_RG8UI,
                GL_RG_INTEGER,
                GL_INT,
                &[&(-5i32).to_ne_bytes()[..], &300i32.to_ne_bytes()].concat()
            )
            .unwrap(),
            vec![0, 255]
        );
        assert_eq!(
            clear(GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, &[1, 2, 3, 4]).unwrap(),
            vec![3, 2, 1, 4]
        );
        assert_eq!(
            clear(
                GL_RGBA8,
                GL_RGBA,
                GL_UNSIGNED_INT_8_8_8_8,
                &0x01020304u32.to_ne_bytes()
            )
            .unwrap(),
            vec![1, 2, 3, 4]
        );
        assert_eq!(
            clear(GL_R16F, GL_RED, GL_FLOAT, &1.0f32.to_ne_bytes()).unwrap(),
            0x3c00u16.to_ne_bytes().to_vec()
        );
    }

    #[test]
    fn rejects_like_the_spec() {
        // GL 4.6 §8.4.4 table 8.5: UNSIGNED_INT_24_8 is a pixel type, which goes with
        // DEPTH_STENCIL only.
        assert_eq!(
            clear(GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT_24_8, &[0; 4])
                .unwrap_err()
                .code,
            GL_INVALID_OPERATION
        );
        assert_eq!(
            clear(GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, &[0; 3])
                .unwrap_err()
                .code,
            GL_INVALID_ENUM
        );
        assert_eq!(
            clear(GL_R32UI, GL_RED, GL_UNSIGNED_INT, &[0; 4])
                .unwrap_err()
                .code,
            GL_INVALID_OPERATION
        );
        assert_eq!(
            clear(GL_R8, GL_DEPTH_COMPONENT, GL_FLOAT, &[0; 4])
                .unwrap_err()
                .code,
            GL_INVALID_VALUE
        );
        assert_eq!(
            clear(GL_R8, GL_RED, GL_RGBA, &[0; 4]).unwrap_err().code,
            GL_INVALID_ENUM
        );
        assert_eq!(
            clear(GL_RGBA8, GL_RGB, GL_UNSIGNED_INT_8_8_8_8, &[0; 4])
                .unwrap_err()
                .code,
            GL_INVALID_OPERATION
        );
    }

    #[test]
    fn half_round_trips() {
        for v in [0.0f32, 1.0, -2.5, 65504.0, 6.1035156e-5, 5.9604645e-8] {
            assert_eq!(texel::half_to_f32(texel::f32_to_half(v)), v);
        }
    }
}
