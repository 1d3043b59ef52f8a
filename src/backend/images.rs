//! Image built-ins (GLSL 4.60 §8.12): imageLoad, imageStore, imageSize, imageSamples
//! and the image atomics, as calls to the runtime's image helpers
//! ([`crate::runtime::image`]) with the unit number the image uniform holds. The
//! helpers check the unit, the coordinates and the unit's access, and convert texels by
//! the format bound to the unit.
//!
//! imageLoad and imageStore of an image variable whose format qualifier is one of the
//! common plain formats (32-bit float, signed and unsigned integer, and 8-bit unorm,
//! with 1, 2 or 4 components) are also generated inline: when the unit is in range,
//! holds that format, allows the access and the coordinates are inside its size, the
//! kernel reads or writes the texel through the unit's descriptor and converts it as
//! the helper would ([`crate::format::texel`]); otherwise it calls the helper, which
//! then decides as before.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    Block, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};

use super::libcalls::Libcall;
use super::lower::{Lower, R, Val, cl_type, mf};
use crate::format::texel::{Format, Kind};
use crate::ir::*;
use crate::runtime::image as rt;

/// The plain formats whose imageLoad and imageStore are generated inline: the format a
/// qualifier names, as (kind, components, bits).
fn inline_format(f: ImageFormat) -> Option<(Kind, u8, u8)> {
    use ImageFormat::*;
    Some(match f {
        Rgba32f => (Kind::Float, 4, 32),
        Rg32f => (Kind::Float, 2, 32),
        R32f => (Kind::Float, 1, 32),
        Rgba32ui => (Kind::Uint, 4, 32),
        Rg32ui => (Kind::Uint, 2, 32),
        R32ui => (Kind::Uint, 1, 32),
        Rgba32i => (Kind::Sint, 4, 32),
        Rg32i => (Kind::Sint, 2, 32),
        R32i => (Kind::Sint, 1, 32),
        Rgba8 => (Kind::Unorm, 4, 8),
        Rg8 => (Kind::Unorm, 2, 8),
        R8 => (Kind::Unorm, 1, 8),
        _ => return None,
    })
}

/// The (x, y, z) of image coordinates `coord` (scalars or lanes) for an image of
/// dimension `dim`: array layers and cube faces are z, missing ones `zero`.
pub(super) fn image_xyz<T: Copy>(dim: Dim, coord: &[T], zero: T) -> [T; 3] {
    let c = |i: usize| coord.get(i).copied().unwrap_or(zero);
    match dim {
        Dim::D1 | Dim::Buffer => [c(0), zero, zero],
        Dim::D1Array => [c(0), zero, c(1)],
        Dim::D2 | Dim::Rect | Dim::D2Ms => [c(0), c(1), zero],
        Dim::D3 | Dim::Cube | Dim::D2Array | Dim::CubeArray | Dim::D2MsArray => [c(0), c(1), c(2)],
    }
}

impl Lower<'_, '_> {
    /// A 16-byte stack slot's address, for the helpers' in/out vectors.
    fn vec4_slot(&mut self) -> Value {
        let ss =
            self.b
                .create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 16, 4));
        self.b.ins().stack_addr(types::I64, ss, 0)
    }

    /// The image type of an argument.
    pub(super) fn image_of(&self, e: ExprId) -> R<Opaque> {
        let t = self.cur_fn().expr(e).ty;
        match self.env.m.types.get(t) {
            Type::Image(o) => Ok(*o),
            _ => Err("internal: image built-in without an image argument".into()),
        }
    }

    /// The texel coordinates (x, y, z) of `coord` for an image of dimension `dim`
    /// (array layers and cube faces are z).
    fn image_xyz(&mut self, dim: Dim, coord: &[Value]) -> [Value; 3] {
        let zero = self.b.ins().iconst(types::I32, 0);
        image_xyz(dim, coord, zero)
    }

    /// The texel coordinates of an image access (`args`: the image, the coordinates
    /// and, for multisample images, the sample): a multisample image's z is the
    /// runtime's layer * samples + sample (-1, outside, for a sample out of range).
    fn image_coords(&mut self, dim: Dim, args: &[ExprId], unit: Value) -> R<[Value; 3]> {
        let coord = self.arg_values(args[1])?;
        let [x, y, z] = self.image_xyz(dim, &coord);
        if !dim.is_ms() {
            return Ok([x, y, z]);
        }
        let sample = self.arg_values(args[2])?[0];
        let table = self.images;
        let z = self.libcall(Libcall::ImageSampleZ, &[table, unit, z, sample])[0];
        Ok([x, y, z])
    }

    /// The bounds check (Options::check_bounds): the runtime records (x, y, z) at a new
    /// site when they are outside the unit's image.
    fn check_image_access(&mut self, image: ExprId, unit: Value, xyz: [Value; 3], write: bool) {
        let Some(report) = self.bounds else {
            return;
        };
        let what = match &self.cur_fn().expr(image).kind {
            ExprKind::Global(g) => format!("image `{}'", self.env.m.global(*g).name),
            _ => "an image".to_string(),
        };
        let site = self.bounds_site(what, write, crate::backend::sites::SiteKind::Image);
        let table = self.images;
        self.libcall(
            Libcall::ImageCheck,
            &[report, site, table, unit, xyz[0], xyz[1], xyz[2]],
        );
    }

    /// The format qualifier of the image variable `e` names, where it is one of
    /// [`inline_format`]'s (an image reached through a function parameter has none).
    pub(super) fn inline_image_format(&self, e: ExprId) -> Option<(Kind, u8, u8)> {
        match &self.cur_fn().expr(e).kind {
            ExprKind::Global(g) => self.env.m.global(*g).format.and_then(inline_format),
            _ => None,
        }
    }

    /// The descriptor address of `unit` (of unit 0 when `unit` is past the table) and
    /// whether it may be accessed inline: `unit` in the table, holding `format`,
    /// allowing `access`. Every load stays inside the table, which no kernel writes,
    /// so they may be shared between accesses and moved out of loops (readonly,
    /// can_move).
    pub(super) fn image_desc(
        &mut self,
        unit: Value,
        format: (Kind, u8, u8),
        access: u32,
    ) -> (Value, Value) {
        let i32t = types::I32;
        let dm = mf().with_readonly().with_can_move();
        let in_table = self.b.ins().icmp_imm_u(
            IntCC::UnsignedLessThan,
            unit,
            crate::limits::MAX_IMAGE_UNITS as i64,
        );
        let zero = self.b.ins().iconst(i32t, 0);
        let safe = self.b.ins().select(in_table, unit, zero);
        let u = self.b.ins().uextend(types::I64, safe);
        let off = self.b.ins().imul_imm_u(u, rt::desc::BYTES);
        let d = self.b.ins().iadd(self.images, off);
        let code = Format::Plain {
            kind: format.0,
            n: format.1,
            bits: format.2,
        }
        .code();
        let fmt = self.b.ins().load(i32t, dm, d, rt::desc::FORMAT);
        let mut ok = self.b.ins().icmp_imm_u(IntCC::Equal, fmt, code as i64);
        ok = self.b.ins().band(ok, in_table);
        let acc = self.b.ins().load(i32t, dm, d, rt::desc::ACCESS);
        let allowed = self.b.ins().band_imm_u(acc, access as i64);
        let allowed = self.b.ins().icmp_imm_u(IntCC::NotEqual, allowed, 0);
        ok = self.b.ins().band(ok, allowed);
        (d, ok)
    }

    /// The checks of an inline image access: branches to `fast` with the texel's
    /// address when `unit` is a unit, holds `format`, allows `access` and (x, y, z) lies
    /// inside its size; to `slow` otherwise. Returns the address (valid in `fast`).
    fn inline_texel_address(
        &mut self,
        unit: Value,
        xyz: [Value; 3],
        format: (Kind, u8, u8),
        access: u32,
        fast: Block,
        slow: Block,
    ) -> Value {
        let i32t = types::I32;
        let dm = mf().with_readonly().with_can_move();
        let (d, mut ok) = self.image_desc(unit, format, access);
        // Negative coordinates compare as large unsigned values: outside.
        for (i, &c) in xyz.iter().enumerate() {
            let size = self
                .b
                .ins()
                .load(i32t, dm, d, rt::desc::SIZE + 4 * i as i32);
            let inside = self.b.ins().icmp(IntCC::UnsignedLessThan, c, size);
            ok = self.b.ins().band(ok, inside);
        }
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let ptr = self.b.ins().load(types::I64, dm, d, rt::desc::PTR);
        let row = self.b.ins().load(types::I64, dm, d, rt::desc::ROW_STRIDE);
        let slice = self.b.ins().load(types::I64, dm, d, rt::desc::SLICE_STRIDE);
        let [x, y, z] = xyz.map(|c| self.b.ins().uextend(types::I64, c));
        let texel = format.1 as i64 * (format.2 as i64 / 8);
        let zo = self.b.ins().imul(z, slice);
        let yo = self.b.ins().imul(y, row);
        let xo = self.b.ins().imul_imm_u(x, texel);
        let o = self.b.ins().iadd(zo, yo);
        let o = self.b.ins().iadd(o, xo);
        self.b.ins().iadd(ptr, o)
    }

    /// imageLoad through the helper: the four components it writes.
    pub(super) fn image_load_helper(
        &mut self,
        unit: Value,
        [x, y, z]: [Value; 3],
        t: types::Type,
    ) -> Vec<Value> {
        let out = self.vec4_slot();
        let table = self.images;
        self.libcall(Libcall::ImageLoad, &[table, unit, x, y, z, out]);
        (0..4)
            .map(|i| self.b.ins().load(t, mf(), out, 4 * i))
            .collect()
    }

    /// imageLoad inline (see the module comment): the texel's components converted as
    /// Format::decode converts them, the missing ones (0, 0, 1).
    fn image_load_inline(
        &mut self,
        unit: Value,
        xyz: [Value; 3],
        format: (Kind, u8, u8),
        t: types::Type,
    ) -> Vec<Value> {
        let (fast, slow, merge) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        let vars: Vec<_> = (0..4).map(|_| self.b.declare_var(t)).collect();
        let addr = self.inline_texel_address(unit, xyz, format, rt::ACCESS_READ, fast, slow);
        let (kind, n, bits) = format;
        for (i, var) in vars.iter().enumerate() {
            let v = if i < n as usize {
                let at = (i * bits as usize / 8) as i32;
                match kind {
                    Kind::Unorm => {
                        // unorm_to_f32: c / 255 correctly rounded to single precision,
                        // which c * (1 / 255) in double precision rounded to single
                        // gives for each of the 256 bytes (no division; the images
                        // test compares every byte with the helper's result).
                        let byte = self.b.ins().load(types::I8, mf(), addr, at);
                        let w = self.b.ins().uextend(types::I32, byte);
                        let f = self.b.ins().fcvt_from_uint(types::F64, w);
                        let inv = self.b.ins().f64const(1.0 / 255.0);
                        let f = self.b.ins().fmul(f, inv);
                        self.b.ins().fdemote(types::F32, f)
                    }
                    _ => self.b.ins().load(t, mf(), addr, at),
                }
            } else if i == 3 {
                match kind {
                    Kind::Uint | Kind::Sint => self.b.ins().iconst(types::I32, 1),
                    _ => self.b.ins().f32const(1.0),
                }
            } else if t == types::F32 {
                self.b.ins().f32const(0.0)
            } else {
                self.b.ins().iconst(types::I32, 0)
            };
            self.b.def_var(*var, v);
        }
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(slow);
        let vals = self.image_load_helper(unit, xyz, t);
        for (var, v) in vars.iter().zip(vals) {
            self.b.def_var(*var, v);
        }
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(merge);
        vars.iter().map(|v| self.b.use_var(*v)).collect()
    }

    /// imageStore inline (see the module comment): the components converted as
    /// Format::encode converts them.
    fn image_store_inline(
        &mut self,
        unit: Value,
        xyz: [Value; 3],
        format: (Kind, u8, u8),
        data: &[Value],
        helper_arg: Value,
    ) {
        let (fast, slow, merge) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        let addr = self.inline_texel_address(unit, xyz, format, rt::ACCESS_WRITE, fast, slow);
        let (kind, n, bits) = format;
        for (i, &c) in data.iter().take(n as usize).enumerate() {
            let at = (i * bits as usize / 8) as i32;
            match kind {
                Kind::Unorm => {
                    // f32_to_unorm: NaN gives 0; clamp to [0, 1]; round(f * 255) with
                    // ties to even, in double precision (exact for a float times 255).
                    let zero = self.b.ins().f32const(0.0);
                    let one = self.b.ins().f32const(1.0);
                    let nan = self.b.ins().fcmp(FloatCC::Unordered, c, c);
                    let f = self.b.ins().select(nan, zero, c);
                    let f = self.b.ins().fmax(f, zero);
                    let f = self.b.ins().fmin(f, one);
                    let d = self.b.ins().fpromote(types::F64, f);
                    let max = self.b.ins().f64const(255.0);
                    let d = self.b.ins().fmul(d, max);
                    let d = self.b.ins().nearest(d);
                    let w = self.b.ins().fcvt_to_uint_sat(types::I32, d);
                    let byte = self.b.ins().ireduce(types::I8, w);
                    self.b.ins().store(mf(), byte, addr, at);
                }
                _ => {
                    self.b.ins().store(mf(), c, addr, at);
                }
            }
        }
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(slow);
        let table = self.images;
        let [x, y, z] = xyz;
        self.libcall(Libcall::ImageStore, &[table, unit, x, y, z, helper_arg]);
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(merge);
    }

    pub(super) fn image_builtin(&mut self, fun: Builtin, args: &[ExprId]) -> R<Val> {
        use Builtin::*;
        let img = self.image_of(args[0])?;
        let unit = self.arg_values(args[0])?[0];
        let table = self.images;
        let i32t = types::I32;
        match fun {
            ImageSize => {
                let out = self.vec4_slot();
                self.libcall(Libcall::ImageSize, &[table, unit, out]);
                let mut s = [unit; 3];
                for (i, v) in s.iter_mut().enumerate() {
                    *v = self.b.ins().load(i32t, mf(), out, 4 * i as i32);
                }
                let comps = match img.dim {
                    Dim::D1 | Dim::Buffer => vec![s[0]],
                    Dim::D1Array => vec![s[0], s[2]],
                    Dim::D2 | Dim::Rect | Dim::D2Ms | Dim::Cube => vec![s[0], s[1]],
                    Dim::D3 | Dim::D2Array | Dim::D2MsArray => vec![s[0], s[1], s[2]],
                    Dim::CubeArray => {
                        let layers = self.b.ins().udiv_imm_u(s[2], 6);
                        vec![s[0], s[1], layers]
                    }
                };
                Ok(Val::Comps(comps))
            }
            ImageSamples => {
                let out = self.vec4_slot();
                self.libcall(Libcall::ImageSize, &[table, unit, out]);
                Ok(Val::Comps(vec![self.b.ins().load(i32t, mf(), out, 12)]))
            }
            ImageLoad => {
                let xyz = self.image_coords(img.dim, args, unit)?;
                self.check_image_access(args[0], unit, xyz, false);
                let t = cl_type(img.sampled);
                Ok(Val::Comps(match self.inline_image_format(args[0]) {
                    Some(f) => self.image_load_inline(unit, xyz, f, t),
                    None => self.image_load_helper(unit, xyz, t),
                }))
            }
            ImageStore => {
                let [x, y, z] = self.image_coords(img.dim, args, unit)?;
                let data = self.arg_values(*args.last().expect("data argument"))?;
                self.check_image_access(args[0], unit, [x, y, z], true);
                let v = self.vec4_slot();
                for (i, &c) in data.iter().take(4).enumerate() {
                    self.b.ins().store(mf(), c, v, 4 * i as i32);
                }
                match self.inline_image_format(args[0]) {
                    Some(f) => self.image_store_inline(unit, [x, y, z], f, &data, v),
                    None => {
                        self.libcall(Libcall::ImageStore, &[table, unit, x, y, z, v]);
                    }
                }
                Ok(Val::Comps(Vec::new()))
            }
            _ => {
                let op = match fun {
                    ImageAtomicAdd => rt::ATOMIC_ADD,
                    ImageAtomicMin => rt::ATOMIC_MIN,
                    ImageAtomicMax => rt::ATOMIC_MAX,
                    ImageAtomicAnd => rt::ATOMIC_AND,
                    ImageAtomicOr => rt::ATOMIC_OR,
                    ImageAtomicXor => rt::ATOMIC_XOR,
                    ImageAtomicExchange => rt::ATOMIC_EXCHANGE,
                    ImageAtomicCompSwap => rt::ATOMIC_COMP_SWAP,
                    _ => return Err(format!("internal: {fun:?} is not an image function")),
                };
                let [x, y, z] = self.image_coords(img.dim, args, unit)?;
                self.check_image_access(args[0], unit, [x, y, z], true);
                let n = args.len();
                let float = img.sampled == Scalar::Float;
                let as_bits = |l: &mut Self, e: ExprId| -> R<Value> {
                    let v = l.arg_values(e)?[0];
                    Ok(if float {
                        l.b.ins().bitcast(i32t, MemFlagsData::new(), v)
                    } else {
                        v
                    })
                };
                let data = as_bits(self, args[n - 1])?;
                let compare = if fun == ImageAtomicCompSwap {
                    as_bits(self, args[n - 2])?
                } else {
                    self.b.ins().iconst(i32t, 0)
                };
                let opv = self.b.ins().iconst(i32t, op as i64);
                let old = self.libcall(
                    Libcall::ImageAtomic,
                    &[table, unit, x, y, z, opv, data, compare],
                )[0];
                let old = if float {
                    self.b.ins().bitcast(types::F32, MemFlagsData::new(), old)
                } else {
                    old
                };
                Ok(Val::Comps(vec![old]))
            }
        }
    }
}
