//! GetInternalformativ and GetInternalformati64v (GL 4.6 §22.3, ARB_internalformat_query2):
//! what glcompute supports of each internal format for each target, answered from the
//! same format tables the texture, renderbuffer, buffer-texture and image-unit commands
//! use. Where a use is not real in glcompute the answer says so: blending, sRGB
//! writes, automatic mipmaps, texture views, compressed formats and multisample
//! targets are unsupported, and of the shader stages only the compute stage samples.
//! The arguments are validated in Mesa's order (target, pname, bufSize).

use crate::format::internal::{
    BUFFER_FORMATS, IMAGE_FORMATS, color_renderable, component_type, image_class, internal_format,
};
use crate::format::pixels::exact_client;
use crate::format::texel::{Class, Format};
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::{
    MAX_3D_TEXTURE_SIZE, MAX_ARRAY_TEXTURE_LAYERS, MAX_CUBE_MAP_TEXTURE_SIZE,
    MAX_RECTANGLE_TEXTURE_SIZE, MAX_RENDERBUFFER_SIZE, MAX_TEXTURE_BUFFER_SIZE, MAX_TEXTURE_SIZE,
};
use crate::state::context::ContextState;

/// The pnames of GL 4.6 table 22.xx that GL 4.3 defines (the later extensions' pnames
/// are INVALID_ENUM here, as glcompute lacks those extensions).
const PNAMES: &[u32] = &[
    GL_NUM_SAMPLE_COUNTS,
    GL_SAMPLES,
    GL_INTERNALFORMAT_SUPPORTED,
    GL_INTERNALFORMAT_PREFERRED,
    GL_INTERNALFORMAT_RED_SIZE,
    GL_INTERNALFORMAT_GREEN_SIZE,
    GL_INTERNALFORMAT_BLUE_SIZE,
    GL_INTERNALFORMAT_ALPHA_SIZE,
    GL_INTERNALFORMAT_DEPTH_SIZE,
    GL_INTERNALFORMAT_STENCIL_SIZE,
    GL_INTERNALFORMAT_SHARED_SIZE,
    GL_INTERNALFORMAT_RED_TYPE,
    GL_INTERNALFORMAT_GREEN_TYPE,
    GL_INTERNALFORMAT_BLUE_TYPE,
    GL_INTERNALFORMAT_ALPHA_TYPE,
    GL_INTERNALFORMAT_DEPTH_TYPE,
    GL_INTERNALFORMAT_STENCIL_TYPE,
    GL_MAX_WIDTH,
    GL_MAX_HEIGHT,
    GL_MAX_DEPTH,
    GL_MAX_LAYERS,
    GL_MAX_COMBINED_DIMENSIONS,
    GL_COLOR_COMPONENTS,
    GL_DEPTH_COMPONENTS,
    GL_STENCIL_COMPONENTS,
    GL_COLOR_RENDERABLE,
    GL_DEPTH_RENDERABLE,
    GL_STENCIL_RENDERABLE,
    GL_FRAMEBUFFER_RENDERABLE,
    GL_FRAMEBUFFER_RENDERABLE_LAYERED,
    GL_FRAMEBUFFER_BLEND,
    GL_READ_PIXELS,
    GL_READ_PIXELS_FORMAT,
    GL_READ_PIXELS_TYPE,
    GL_TEXTURE_IMAGE_FORMAT,
    GL_TEXTURE_IMAGE_TYPE,
    GL_GET_TEXTURE_IMAGE_FORMAT,
    GL_GET_TEXTURE_IMAGE_TYPE,
    GL_MIPMAP,
    GL_MANUAL_GENERATE_MIPMAP,
    GL_AUTO_GENERATE_MIPMAP,
    GL_COLOR_ENCODING,
    GL_SRGB_READ,
    GL_SRGB_WRITE,
    GL_FILTER,
    GL_VERTEX_TEXTURE,
    GL_TESS_CONTROL_TEXTURE,
    GL_TESS_EVALUATION_TEXTURE,
    GL_GEOMETRY_TEXTURE,
    GL_FRAGMENT_TEXTURE,
    GL_COMPUTE_TEXTURE,
    GL_TEXTURE_SHADOW,
    GL_TEXTURE_GATHER,
    GL_TEXTURE_GATHER_SHADOW,
    GL_SHADER_IMAGE_LOAD,
    GL_SHADER_IMAGE_STORE,
    GL_SHADER_IMAGE_ATOMIC,
    GL_IMAGE_TEXEL_SIZE,
    GL_IMAGE_COMPATIBILITY_CLASS,
    GL_IMAGE_PIXEL_FORMAT,
    GL_IMAGE_PIXEL_TYPE,
    GL_IMAGE_FORMAT_COMPATIBILITY_TYPE,
    GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_TEST,
    GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_TEST,
    GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_WRITE,
    GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_WRITE,
    GL_TEXTURE_COMPRESSED,
    GL_TEXTURE_COMPRESSED_BLOCK_WIDTH,
    GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT,
    GL_TEXTURE_COMPRESSED_BLOCK_SIZE,
    GL_CLEAR_BUFFER,
    GL_TEXTURE_VIEW,
    GL_VIEW_COMPATIBILITY_CLASS,
];

const TEXTURE_TARGETS: &[u32] = &[
    GL_TEXTURE_1D,
    GL_TEXTURE_1D_ARRAY,
    GL_TEXTURE_2D,
    GL_TEXTURE_2D_ARRAY,
    GL_TEXTURE_3D,
    GL_TEXTURE_CUBE_MAP,
    GL_TEXTURE_CUBE_MAP_ARRAY,
    GL_TEXTURE_RECTANGLE,
];

/// The unsupported answer of a pname (ARB_internalformat_query2: zero for sizes and
/// counts, NONE for support, formats and types, FALSE for booleans, nothing for lists).
fn unsupported(pname: u32) -> Vec<i64> {
    match pname {
        GL_SAMPLES => Vec::new(),
        GL_INTERNALFORMAT_SUPPORTED
        | GL_COLOR_COMPONENTS
        | GL_DEPTH_COMPONENTS
        | GL_STENCIL_COMPONENTS
        | GL_COLOR_RENDERABLE
        | GL_DEPTH_RENDERABLE
        | GL_STENCIL_RENDERABLE
        | GL_MIPMAP
        | GL_TEXTURE_COMPRESSED => vec![GL_FALSE as i64],
        GL_NUM_SAMPLE_COUNTS
        | GL_INTERNALFORMAT_RED_SIZE
        | GL_INTERNALFORMAT_GREEN_SIZE
        | GL_INTERNALFORMAT_BLUE_SIZE
        | GL_INTERNALFORMAT_ALPHA_SIZE
        | GL_INTERNALFORMAT_DEPTH_SIZE
        | GL_INTERNALFORMAT_STENCIL_SIZE
        | GL_INTERNALFORMAT_SHARED_SIZE
        | GL_MAX_WIDTH
        | GL_MAX_HEIGHT
        | GL_MAX_DEPTH
        | GL_MAX_LAYERS
        | GL_MAX_COMBINED_DIMENSIONS
        | GL_IMAGE_TEXEL_SIZE
        | GL_TEXTURE_COMPRESSED_BLOCK_WIDTH
        | GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT
        | GL_TEXTURE_COMPRESSED_BLOCK_SIZE => vec![0],
        _ => vec![GL_NONE as i64],
    }
}

/// The format of `internal` if `target` can hold it in glcompute.
fn resource(target: u32, internal: u32) -> Option<Format> {
    if let Some(c) = crate::format::compressed::codec(internal) {
        // GL 4.6 §8.7: 2D images (and 3D ones for BPTC), decoded into texel_format.
        let ok = matches!(
            target,
            GL_TEXTURE_2D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY
        ) || (target == GL_TEXTURE_3D && c.takes_3d());
        return ok.then(|| c.texel_format());
    }
    let f = internal_format(internal)?;
    match target {
        GL_TEXTURE_BUFFER => BUFFER_FORMATS.contains(&internal).then_some(f),
        GL_RENDERBUFFER => (color_renderable(f) || f.has_depth() || f.has_stencil()).then_some(f),
        // Depth and stencil formats are not 3D (GL 4.6 §8.5).
        GL_TEXTURE_3D if f.has_depth() || f.has_stencil() => None,
        t if TEXTURE_TARGETS.contains(&t) => Some(f),
        GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => {
            crate::format::internal::renderable(f).then_some(f)
        }
        _ => None,
    }
}

/// The largest width, height, depth and layers of a target.
fn max_dims(target: u32) -> [i64; 4] {
    let (t, r, c, d3, l) = (
        MAX_TEXTURE_SIZE as i64,
        MAX_RECTANGLE_TEXTURE_SIZE as i64,
        MAX_CUBE_MAP_TEXTURE_SIZE as i64,
        MAX_3D_TEXTURE_SIZE as i64,
        MAX_ARRAY_TEXTURE_LAYERS as i64,
    );
    match target {
        GL_TEXTURE_1D => [t, 0, 0, 0],
        GL_TEXTURE_1D_ARRAY => [t, 0, 0, l],
        GL_TEXTURE_2D => [t, t, 0, 0],
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => [t, t, 0, l],
        GL_TEXTURE_2D_MULTISAMPLE => [t, t, 0, 0],
        GL_TEXTURE_3D => [d3, d3, d3, 0],
        GL_TEXTURE_CUBE_MAP => [c, c, 0, 0],
        GL_TEXTURE_CUBE_MAP_ARRAY => [c, c, 0, l],
        GL_TEXTURE_RECTANGLE => [r, r, 0, 0],
        GL_TEXTURE_BUFFER => [MAX_TEXTURE_BUFFER_SIZE, 0, 0, 0],
        _ => [
            MAX_RENDERBUFFER_SIZE as i64,
            MAX_RENDERBUFFER_SIZE as i64,
            0,
            0,
        ],
    }
}

fn support(b: bool) -> i64 {
    if b {
        GL_FULL_SUPPORT as i64
    } else {
        GL_NONE as i64
    }
}

impl ContextState {
    /// GetInternalformativ / GetInternalformati64v (GL 4.6 §22.3): the values, of
    /// which the caller writes at most bufSize.
    pub fn internalformat_query(
        &self,
        target: u32,
        internal: u32,
        pname: u32,
        buf_size: i32,
    ) -> GlResult<Vec<i64>> {
        // OpenGL ES 3.2 §20.3 (no ARB_internalformat_query2): INVALID_ENUM unless the
        // target is a renderbuffer or multisample texture one, internalformat is
        // color-, depth- or stencil-renderable and pname is SAMPLES or
        // NUM_SAMPLE_COUNTS.
        if self.info.es {
            if !matches!(
                target,
                GL_RENDERBUFFER | GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
            ) {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "target {} is not a renderbuffer or multisample texture target",
                    Enum(target)
                );
            }
            if !crate::format::es::is_renderable(internal) {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "internalformat {} is not a renderable format of OpenGL ES",
                    Enum(internal)
                );
            }
            if !matches!(pname, GL_SAMPLES | GL_NUM_SAMPLE_COUNTS) {
                gl_bail!(
                    GL_INVALID_ENUM,
                    "pname {} is not GL_SAMPLES or GL_NUM_SAMPLE_COUNTS",
                    Enum(pname)
                );
            }
        }
        // GL 4.6 §22.3: INVALID_ENUM for a target of no table 22.xx row, or a pname
        // it does not list; INVALID_VALUE for a negative bufSize.
        let targets_ok = TEXTURE_TARGETS.contains(&target)
            || matches!(
                target,
                GL_TEXTURE_BUFFER
                    | GL_RENDERBUFFER
                    | GL_TEXTURE_2D_MULTISAMPLE
                    | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
            );
        if !targets_ok {
            gl_bail!(
                GL_INVALID_ENUM,
                "target {} is not a texture or renderbuffer target",
                Enum(target)
            );
        }
        if !PNAMES.contains(&pname) {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not an internal format property",
                Enum(pname)
            );
        }
        if buf_size < 0 {
            gl_bail!(GL_INVALID_VALUE, "bufSize = {buf_size} is negative");
        }
        let Some(f) = resource(target, internal) else {
            return Ok(unsupported(pname));
        };
        let codec = crate::format::compressed::codec(internal);
        if let Some(c) = codec {
            // A compressed format is neither renderable nor an image format, and has
            // no mipmaps generated (GL 4.6 §8.14.4: not colour-renderable).
            match pname {
                GL_TEXTURE_COMPRESSED => return Ok(vec![GL_TRUE as i64]),
                GL_TEXTURE_COMPRESSED_BLOCK_WIDTH => return Ok(vec![c.block_dims().0 as i64]),
                GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT => return Ok(vec![c.block_dims().1 as i64]),
                GL_TEXTURE_COMPRESSED_BLOCK_SIZE => return Ok(vec![c.block_bytes() as i64]),
                GL_COLOR_RENDERABLE
                | GL_FRAMEBUFFER_RENDERABLE
                | GL_FRAMEBUFFER_RENDERABLE_LAYERED
                | GL_MANUAL_GENERATE_MIPMAP
                | GL_READ_PIXELS
                | GL_READ_PIXELS_FORMAT
                | GL_READ_PIXELS_TYPE => return Ok(unsupported(pname)),
                _ => {}
            }
        }
        let color = f.color_bits() != [0; 4];
        let (depth, stencil) = (f.has_depth(), f.has_stencil());
        let texture = TEXTURE_TARGETS.contains(&target);
        let (fmt, ty) = exact_client(f);
        let image =
            IMAGE_FORMATS.contains(&internal) && target != GL_RENDERBUFFER && codec.is_none();
        let integer = f.class() != Class::Float;
        let dims = max_dims(target);
        let bits = |c: usize| f.color_bits()[c] as i64;
        let ty_of = |c: usize| component_type(f, c) as i64;
        Ok(match pname {
            // The sample counts of multisample images (state/multisample.rs); other
            // targets have none.
            GL_NUM_SAMPLE_COUNTS | GL_SAMPLES
                if matches!(
                    target,
                    GL_RENDERBUFFER | GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                ) =>
            {
                let counts = crate::limits::SAMPLE_COUNTS;
                if pname == GL_NUM_SAMPLE_COUNTS {
                    vec![counts.len() as i64]
                } else {
                    counts.iter().map(|&c| c as i64).collect()
                }
            }
            GL_NUM_SAMPLE_COUNTS => vec![0],
            GL_SAMPLES => Vec::new(),
            GL_INTERNALFORMAT_SUPPORTED => vec![GL_TRUE as i64],
            GL_INTERNALFORMAT_PREFERRED => vec![internal as i64],
            GL_COLOR_COMPONENTS => vec![color as i64],
            GL_DEPTH_COMPONENTS => vec![depth as i64],
            GL_STENCIL_COMPONENTS => vec![stencil as i64],
            GL_COLOR_RENDERABLE => {
                vec![(color_renderable(f) && target != GL_TEXTURE_BUFFER) as i64]
            }
            GL_DEPTH_RENDERABLE => vec![(depth && target != GL_TEXTURE_BUFFER) as i64],
            GL_STENCIL_RENDERABLE => vec![(stencil && target != GL_TEXTURE_BUFFER) as i64],
            GL_INTERNALFORMAT_RED_SIZE => vec![bits(0)],
            GL_INTERNALFORMAT_GREEN_SIZE => vec![bits(1)],
            GL_INTERNALFORMAT_BLUE_SIZE => vec![bits(2)],
            GL_INTERNALFORMAT_ALPHA_SIZE => vec![bits(3)],
            GL_INTERNALFORMAT_DEPTH_SIZE => vec![f.depth_stencil_bits().0 as i64],
            GL_INTERNALFORMAT_STENCIL_SIZE => vec![f.depth_stencil_bits().1 as i64],
            GL_INTERNALFORMAT_SHARED_SIZE => vec![if f == Format::Rgb9E5 { 5 } else { 0 }],
            GL_INTERNALFORMAT_RED_TYPE => vec![ty_of(0)],
            GL_INTERNALFORMAT_GREEN_TYPE => vec![ty_of(1)],
            GL_INTERNALFORMAT_BLUE_TYPE => vec![ty_of(2)],
            GL_INTERNALFORMAT_ALPHA_TYPE => vec![ty_of(3)],
            GL_INTERNALFORMAT_DEPTH_TYPE => vec![ty_of(4)],
            GL_INTERNALFORMAT_STENCIL_TYPE => {
                vec![if stencil {
                    GL_UNSIGNED_INT as i64
                } else {
                    GL_NONE as i64
                }]
            }
            GL_MAX_WIDTH => vec![dims[0]],
            GL_MAX_HEIGHT => vec![dims[1]],
            GL_MAX_DEPTH => vec![dims[2]],
            GL_MAX_LAYERS => vec![dims[3]],
            GL_MAX_COMBINED_DIMENSIONS => vec![
                dims.iter()
                    .filter(|&&d| d > 0)
                    .fold(1i64, |a, &d| a.saturating_mul(d))
                    .saturating_mul(if target == GL_TEXTURE_CUBE_MAP { 6 } else { 1 }),
            ],
            GL_FRAMEBUFFER_RENDERABLE => vec![support(
                target != GL_TEXTURE_BUFFER && (color_renderable(f) || depth || stencil),
            )],
            GL_FRAMEBUFFER_RENDERABLE_LAYERED => vec![support(
                (color_renderable(f) || depth || stencil)
                    && matches!(
                        target,
                        GL_TEXTURE_1D_ARRAY
                            | GL_TEXTURE_2D_ARRAY
                            | GL_TEXTURE_3D
                            | GL_TEXTURE_CUBE_MAP
                            | GL_TEXTURE_CUBE_MAP_ARRAY
                            | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                    ),
            )],
            // Nothing is drawn, so nothing is blended.
            GL_FRAMEBUFFER_BLEND => vec![GL_NONE as i64],
            GL_READ_PIXELS => vec![support(target != GL_TEXTURE_BUFFER)],
            GL_READ_PIXELS_FORMAT | GL_TEXTURE_IMAGE_FORMAT | GL_GET_TEXTURE_IMAGE_FORMAT
                if target != GL_TEXTURE_BUFFER =>
            {
                vec![fmt as i64]
            }
            GL_READ_PIXELS_TYPE | GL_TEXTURE_IMAGE_TYPE | GL_GET_TEXTURE_IMAGE_TYPE
                if target != GL_TEXTURE_BUFFER =>
            {
                vec![ty as i64]
            }
            GL_MIPMAP => vec![(texture && target != GL_TEXTURE_RECTANGLE) as i64],
            GL_MANUAL_GENERATE_MIPMAP => vec![support(
                texture && target != GL_TEXTURE_RECTANGLE && color && !integer,
            )],
            GL_COLOR_ENCODING if color => {
                vec![if f.is_srgb() {
                    GL_SRGB as i64
                } else {
                    GL_LINEAR as i64
                }]
            }
            GL_SRGB_READ => vec![support(f.is_srgb())],
            GL_FILTER => vec![support(texture && !integer && !stencil)],
            // Only compute shaders run.
            GL_COMPUTE_TEXTURE => vec![support(
                texture
                    || matches!(
                        target,
                        GL_TEXTURE_BUFFER
                            | GL_TEXTURE_2D_MULTISAMPLE
                            | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                    ),
            )],
            GL_TEXTURE_SHADOW => vec![support(texture && depth)],
            GL_TEXTURE_GATHER => vec![support(texture && !stencil)],
            GL_SHADER_IMAGE_LOAD | GL_SHADER_IMAGE_STORE => vec![support(image)],
            GL_SHADER_IMAGE_ATOMIC => vec![support(
                image && matches!(internal, GL_R32I | GL_R32UI | GL_R32F),
            )],
            GL_IMAGE_TEXEL_SIZE if image => vec![f.bytes() as i64 * 8],
            GL_IMAGE_COMPATIBILITY_CLASS if image => vec![image_class(f) as i64],
            GL_IMAGE_PIXEL_FORMAT if image => vec![fmt as i64],
            GL_IMAGE_PIXEL_TYPE if image => vec![ty as i64],
            // As GetTexParameter(IMAGE_FORMAT_COMPATIBILITY_TYPE) answers for any texture.
            GL_IMAGE_FORMAT_COMPATIBILITY_TYPE if target != GL_RENDERBUFFER => {
                vec![GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE as i64]
            }
            GL_CLEAR_BUFFER => vec![support(target == GL_TEXTURE_BUFFER)],
            // Not real here: sRGB writes (no FRAMEBUFFER_SRGB), automatic mipmaps, the
            // graphics stages, shadow gathers, feedback loops, compression, views.
            _ => unsupported(pname),
        })
    }
}
