//! Image built-ins (GLSL 4.60 §8.12): imageLoad, imageStore, imageSize, imageSamples
//! and the image atomics, as calls to the runtime's image helpers
//! ([`crate::runtime::image`]) with the unit number the image uniform holds. The
//! helpers check the unit, the coordinates and the unit's access, and convert texels by
//! the format bound to the unit.

use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};

use super::libcalls::Libcall;
use super::lower::{Lower, R, Val, cl_type, mf};
use crate::ir::*;
use crate::runtime::image as rt;

impl Lower<'_, '_> {
    /// A 16-byte stack slot's address, for the helpers' in/out vectors.
    fn vec4_slot(&mut self) -> Value {
        let ss =
            self.b
                .create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 16, 4));
        self.b.ins().stack_addr(types::I64, ss, 0)
    }

    /// The image type of an argument.
    fn image_of(&self, e: ExprId) -> R<Opaque> {
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
        let c = |i: usize| coord.get(i).copied().unwrap_or(zero);
        match dim {
            Dim::D1 | Dim::Buffer => [c(0), zero, zero],
            Dim::D1Array => [c(0), zero, c(1)],
            Dim::D2 | Dim::Rect | Dim::D2Ms => [c(0), c(1), zero],
            Dim::D3 | Dim::Cube | Dim::D2Array | Dim::CubeArray | Dim::D2MsArray => {
                [c(0), c(1), c(2)]
            }
        }
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
                let [x, y, z] = self.image_coords(img.dim, args, unit)?;
                self.check_image_access(args[0], unit, [x, y, z], false);
                let out = self.vec4_slot();
                self.libcall(Libcall::ImageLoad, &[table, unit, x, y, z, out]);
                let t = cl_type(img.sampled);
                let comps = (0..4)
                    .map(|i| self.b.ins().load(t, mf(), out, 4 * i))
                    .collect();
                Ok(Val::Comps(comps))
            }
            ImageStore => {
                let [x, y, z] = self.image_coords(img.dim, args, unit)?;
                let data = self.arg_values(*args.last().expect("data argument"))?;
                self.check_image_access(args[0], unit, [x, y, z], true);
                let v = self.vec4_slot();
                for (i, &c) in data.iter().take(4).enumerate() {
                    self.b.ins().store(mf(), c, v, 4 * i as i32);
                }
                self.libcall(Libcall::ImageStore, &[table, unit, x, y, z, v]);
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
