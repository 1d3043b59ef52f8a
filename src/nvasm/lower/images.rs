//! LOADIM, STOREIM and ATOMIM (EXT_shader_image_load_store's NV_gpu_program5
//! instructions) on the IR's image built-ins. An unformatted access (a storage
//! modifier) goes through an image variable whose format qualifier is the storage
//! modifier's format (U32 is r32ui, F32X4 rgba32f ...); a formatted STOREIM (a data
//! type) through a write-only image variable without one, converted to the unit's
//! format. Each (unit, target, format) gets its own image variable bound to the unit.

use super::*;

/// The image format of a storage modifier (EXT_shader_image_load_store: the format
/// classes 1x8, 1x16, 1x32, 2x32 and 4x32).
fn format_of(s: StorageMod) -> ImageFormat {
    use DataType::{F, S, U};
    match (s.ty, s.bits, s.count) {
        (U, 8, _) => ImageFormat::R8ui,
        (S, 8, _) => ImageFormat::R8i,
        (U, 16, _) => ImageFormat::R16ui,
        (S, 16, _) => ImageFormat::R16i,
        (F, _, 1) => ImageFormat::R32f,
        (S, _, 1) => ImageFormat::R32i,
        (U, _, 1) => ImageFormat::R32ui,
        (F, _, 2) => ImageFormat::Rg32f,
        (S, _, 2) => ImageFormat::Rg32i,
        (U, _, 2) => ImageFormat::Rg32ui,
        (F, _, _) => ImageFormat::Rgba32f,
        (S, _, _) => ImageFormat::Rgba32i,
        (U, _, _) => ImageFormat::Rgba32ui,
    }
}

/// The coordinate components of each target and the sample's (EXT_shader_image_load_store
/// for NV_gpu_program5: ARRAY1D's layer is z, a multisample image's sample is w).
fn coord_comps(dim: Dim) -> (&'static [u8], bool) {
    match dim {
        Dim::D1 | Dim::Buffer => (&[0], false),
        Dim::D2 | Dim::Rect => (&[0, 1], false),
        Dim::D2Ms => (&[0, 1], true),
        Dim::D1Array => (&[0, 2], false),
        Dim::D2MsArray => (&[0, 1, 2], true),
        Dim::D3 | Dim::Cube | Dim::D2Array | Dim::CubeArray => (&[0, 1, 2], false),
    }
}

impl Lower<'_> {
    /// The image variable of `unit` as `dim` with `format` (None: write-only,
    /// formatted) and sampled type `dt`.
    fn image_global(
        &mut self,
        unit: u32,
        dim: Dim,
        format: Option<ImageFormat>,
        dt: DataType,
    ) -> GlobalId {
        let key = (unit, dim, format, dt);
        if let Some(&g) = self.images.get(&key) {
            return g;
        }
        let sampled = match dt {
            DataType::F => Scalar::Float,
            DataType::S => Scalar::Int,
            DataType::U => Scalar::Uint,
        };
        let ty = self.m.types.intern(Type::Image(Opaque {
            dim,
            sampled,
            shadow: false,
        }));
        let mut g = global(
            format!("nv#image{unit}_{}", self.images.len()),
            ty,
            Storage::Uniform,
        );
        g.binding = Some(unit);
        g.format = format;
        g.memory.writeonly = format.is_none();
        let id = self.push_global(g);
        self.images.insert(key, id);
        id
    }
}

impl Fb<'_, '_> {
    pub(super) fn image(&mut self, inst: &Inst, out: &mut Block) -> R<()> {
        let InstKind::Image {
            op,
            dest,
            data,
            coords,
            unit,
            dim,
        } = &inst.kind
        else {
            return Ok(());
        };
        let t = self.t();
        let m = &inst.mods;
        let (format, dt) = match m.storage {
            Some(s) => (Some(format_of(s)), s.ty),
            None => (None, m.ty.unwrap_or(DataType::F)),
        };
        let g = self.l.image_global(*unit, *dim, format, dt);
        let c = self.operand(coords, DataType::S)?;
        let c = self.tmp(c, out);
        let (comps, sample) = coord_comps(*dim);
        let coord_args = |fb: &mut Self| {
            let cv = fb.local(c);
            let mut args = vec![fb.global(g), fb.swz(cv, comps)];
            if sample {
                let cv = fb.local(c);
                args.push(fb.swz(cv, &[3]));
            }
            args
        };
        match op {
            ImageOp::Load => {
                let args = coord_args(self);
                let v = self.call(Builtin::ImageLoad, args, t.vec(dt));
                let Some(d) = dest else { return Ok(()) };
                self.write_typed(d, v, dt, m, out)
            }
            ImageOp::Store => {
                let Some(data) = data else { return Ok(()) };
                let v = self.operand(data, dt)?;
                let mut args = coord_args(self);
                args.push(v);
                let s = self.call(Builtin::ImageStore, args, t.void);
                out.push(Self::stmt(StmtKind::Expr(s)));
                Ok(())
            }
            ImageOp::Atomic => {
                let (Some(data), Some(d)) = (data, dest) else {
                    return Ok(());
                };
                let v = self.operand(data, dt)?;
                let v = self.tmp(v, out);
                let fun = match m.atomic {
                    Some(AtomicOp::Add) => Builtin::ImageAtomicAdd,
                    Some(AtomicOp::Min) => Builtin::ImageAtomicMin,
                    Some(AtomicOp::Max) => Builtin::ImageAtomicMax,
                    Some(AtomicOp::And) => Builtin::ImageAtomicAnd,
                    Some(AtomicOp::Or) => Builtin::ImageAtomicOr,
                    Some(AtomicOp::Xor) => Builtin::ImageAtomicXor,
                    Some(AtomicOp::Exch) => Builtin::ImageAtomicExchange,
                    Some(AtomicOp::CSwap) => Builtin::ImageAtomicCompSwap,
                    _ => {
                        return Err(LowerError(
                            Some(inst.pos),
                            "internal error: an image atomic the parser refuses".into(),
                        ));
                    }
                };
                let mut args = coord_args(self);
                let vv = self.local(v);
                args.push(self.swz(vv, &[0]));
                if fun == Builtin::ImageAtomicCompSwap {
                    // CSWAP: compare with op0.x, store op0.y.
                    let vv = self.local(v);
                    args.push(self.swz(vv, &[1]));
                }
                let scalar = self.l.m.types.scalar_of(t.vec(dt)).unwrap_or(Scalar::Uint);
                let st = self.l.m.types.scalar(scalar);
                let old = self.call(fun, args, st);
                let zero = [
                    self.lit_bits(dt, 0),
                    self.lit_bits(dt, 0),
                    self.lit_bits(dt, 0),
                ];
                let r = self.compose(vec![old, zero[0], zero[1], zero[2]], t.vec(dt));
                self.write_typed(d, r, dt, m, out)
            }
        }
    }
}
