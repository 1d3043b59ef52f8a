//! LOADIM, STOREIM and ATOMIM (EXT_shader_image_load_store's NV_gpu_program5
//! instructions) on the IR's image built-ins, and the texture instructions on its
//! texture built-ins (a sampler variable per texture unit, target and type). An unformatted access (a storage
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
    /// The data type each texture unit's lookups other than TXQ read (every unit a
    /// register-indexed array reaches included).
    pub(super) fn texture_types(&mut self) -> &HashMap<u32, DataType> {
        let p = self.p;
        self.tex_types.get_or_insert_with(|| {
            let mut map = HashMap::new();
            for i in &p.insts {
                if let InstKind::Tex { unit, rel, .. } = &i.kind
                    && i.op.name != "TXQ"
                {
                    for u in *unit..*unit + rel.map_or(1, |r| r.1) {
                        map.entry(u).or_insert(i.mods.ty.unwrap_or(DataType::F));
                    }
                }
            }
            map
        })
    }

    /// The image or sampler variable of the use `key`, made at its first use.
    fn unit_global(&mut self, key: UnitUse) -> GlobalId {
        let UnitUse {
            image,
            unit,
            dim,
            shadow,
            format,
            dt,
        } = key;
        if let Some(&g) = self.units.get(&key) {
            return g;
        }
        let sampled = match dt {
            DataType::F => Scalar::Float,
            DataType::S => Scalar::Int,
            DataType::U => Scalar::Uint,
        };
        let opaque = Opaque {
            dim,
            sampled,
            shadow,
        };
        let (ty, what) = if image {
            (Type::Image(opaque), "image")
        } else {
            (Type::Sampler(opaque), "texture")
        };
        let ty = self.m.types.intern(ty);
        let mut g = global(
            format!("nv#{what}{unit}_{}", self.units.len()),
            ty,
            Storage::Uniform,
        );
        g.binding = Some(unit);
        if image {
            g.format = format;
            g.memory.writeonly = format.is_none();
        }
        let id = self.push_global(g);
        self.units.insert(key, id);
        id
    }
}

impl Fb<'_, '_> {
    /// LOADIM, STOREIM, ATOMIM. On an IMAGE array indexed by a register, a switch over
    /// its units; an index past the array (undefined in the spec; NVIDIA's driver 580
    /// reaches the image units after the array's) reads zero and writes nothing, as an
    /// unbound unit. Each case is an image variable, so the switch spans the array only.
    pub(super) fn image(&mut self, inst: &Inst, out: &mut Block) -> R<()> {
        let InstKind::Image {
            unit, rel, dest, ..
        } = &inst.kind
        else {
            return Ok(());
        };
        let Some((idx, count)) = rel else {
            return self.image_unit(inst, *unit, out);
        };
        let sel = match idx.reg {
            Some((temp, elem, comp)) => {
                let v = self.temp_comp(temp, elem, comp);
                let off = self.lit_u(idx.offset as i32 as u32);
                self.bin(BinaryOp::Add, v, off)
            }
            None => self.lit_u(idx.offset as u32),
        };
        let mut cases = Vec::new();
        for k in 0..*count {
            let mut body = Vec::new();
            self.image_unit(inst, unit + k, &mut body)?;
            body.push(Self::stmt(StmtKind::Break));
            cases.push(SwitchCase {
                values: vec![k as i64],
                default: false,
                body,
            });
        }
        let mut body = Vec::new();
        if let Some(d) = dest {
            let dt = match inst.mods.storage {
                Some(s) => s.ty,
                None => inst.mods.ty.unwrap_or(DataType::F),
            };
            let z = self.splat_bits(dt, 0);
            self.write_typed(d, z, dt, &inst.mods, &mut body)?;
        }
        body.push(Self::stmt(StmtKind::Break));
        cases.push(SwitchCase {
            values: Vec::new(),
            default: true,
            body,
        });
        out.push(Self::stmt(StmtKind::Switch {
            selector: sel,
            cases,
        }));
        Ok(())
    }

    /// One image instruction on unit `unit`.
    fn image_unit(&mut self, inst: &Inst, unit: u32, out: &mut Block) -> R<()> {
        let InstKind::Image {
            op,
            dest,
            data,
            coords,
            dim,
            ..
        } = &inst.kind
        else {
            return Ok(());
        };
        let unit = &unit;
        let t = self.t();
        let m = &inst.mods;
        let (format, dt) = match m.storage {
            Some(s) => (Some(format_of(s)), s.ty),
            None => (None, m.ty.unwrap_or(DataType::F)),
        };
        let g = self.l.unit_global(UnitUse {
            image: true,
            unit: *unit,
            dim: *dim,
            shadow: false,
            format,
            dt,
        });
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
                if let Some(op @ (AtomicOp::IWrap | AtomicOp::DWrap)) = m.atomic {
                    let old = self.image_wrap(op, &coord_args, v, out)?;
                    let o = self.local(old);
                    let z = [self.lit_u(0), self.lit_u(0), self.lit_u(0)];
                    let r = self.compose(vec![o, z[0], z[1], z[2]], t.uv4);
                    return self.write_typed(d, r, DataType::U, m, out);
                }
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

impl Fb<'_, '_> {
    /// ATOMIM.IWRAP and .DWRAP on a U32 image texel (NV_gpu_program5, ATOM's table:
    /// IWRAP gives (old >= v) ? 0 : old + 1, DWRAP (old == 0 || old > v) ? v : old - 1),
    /// which the IR has no image atomic for: a compare-and-swap loop on the texel,
    /// from a read by an atomic add of zero. Returns the local holding the old value.
    fn image_wrap(
        &mut self,
        op: AtomicOp,
        texel: &dyn Fn(&mut Self) -> Vec<ExprId>,
        v: LocalId,
        out: &mut Block,
    ) -> R<LocalId> {
        let t = self.t();
        let old = self.new_local(t.u, "old");
        let mut args = texel(self);
        args.push(self.lit_u(0));
        let init = self.call(Builtin::ImageAtomicAdd, args, t.u);
        out.push(Self::stmt(StmtKind::Declare {
            local: old,
            init: Some(init),
        }));
        let mut body = Vec::new();
        let new = self.wrap_value(op, old, v);
        let new = self.tmp(new, &mut body);
        let mut args = texel(self);
        args.push(self.local(old));
        args.push(self.local(new));
        let prev = self.call(Builtin::ImageAtomicCompSwap, args, t.u);
        let prev = self.tmp(prev, &mut body);
        let (p1, c1) = (self.local(prev), self.local(old));
        let same = self.bin(BinaryOp::Equal, p1, c1);
        body.push(Self::stmt(StmtKind::If {
            cond: same,
            accept: vec![Self::stmt(StmtKind::Break)],
            reject: Vec::new(),
        }));
        let (place, pv) = (self.local(old), self.local(prev));
        let s = self.assign(place, pv);
        body.push(s);
        out.push(Self::stmt(StmtKind::Loop {
            cond: None,
            test_after: false,
            body,
            step: Vec::new(),
        }));
        Ok(old)
    }

    /// TEX, TXB, TXL, TXP, TXF and TXQ (NV_gpu_program4 §2.X.8) on the IR's texture
    /// built-ins: the coordinates are the operand's first components as the target
    /// needs them; TXB's bias, TXL's level and TXF's level are its w, TXP divides by w,
    /// TXQ's level is its x (and its w result the number of levels, as on NVIDIA's
    /// driver). Without derivatives (a compute program), TEX samples the
    /// base level.
    pub(super) fn texture(&mut self, inst: &Inst, out: &mut Block) -> R<()> {
        let InstKind::Tex { unit, rel, .. } = &inst.kind else {
            return Ok(());
        };
        let Some((idx, count)) = rel else {
            return self.texture_unit(inst, *unit, out);
        };
        // A TEXTURE array indexed by a register: a switch over its units, the index
        // clamped to the array (as NVIDIA's driver 580 reads an index past it).
        let sel = self.index(idx, *count);
        let mut cases = Vec::new();
        for k in 0..*count {
            let mut body = Vec::new();
            self.texture_unit(inst, unit + k, &mut body)?;
            body.push(Self::stmt(StmtKind::Break));
            cases.push(SwitchCase {
                values: vec![k as i64],
                default: k + 1 == *count,
                body,
            });
        }
        out.push(Self::stmt(StmtKind::Switch {
            selector: sel,
            cases,
        }));
        Ok(())
    }

    /// One texture instruction on unit `unit`.
    fn texture_unit(&mut self, inst: &Inst, unit: u32, out: &mut Block) -> R<()> {
        let unit = &unit;
        let InstKind::Tex {
            dest,
            coords,
            extra,
            comp: gather_comp,
            dim,
            shadow,
            offset,
            var_offset,
            ..
        } = &inst.kind
        else {
            return Ok(());
        };
        let t = self.t();
        let name = inst.op.name;
        let dt = inst.mods.ty.unwrap_or(DataType::F);
        let fetch = matches!(name, "TXF" | "TXFMS" | "TXQ");
        // TXQ reads the size of a texture of any type: the sampler of the unit's other
        // instructions (the parser made them agree), else a float one.
        let sdt = if name == "TXQ" {
            self.l
                .texture_types()
                .get(unit)
                .copied()
                .unwrap_or(DataType::F)
        } else {
            dt
        };
        let g = self.l.unit_global(UnitUse {
            image: false,
            unit: *unit,
            dim: *dim,
            shadow: *shadow,
            format: None,
            dt: sdt,
        });
        let c = self.operand(coords, if fetch { DataType::S } else { DataType::F })?;
        let c = self.tmp(c, out);
        // A gather takes its reference as an argument after the coordinates, and so
        // does a SHADOWARRAYCUBE lookup (from x of the operand before the texture).
        let gather = matches!(name, "TXG" | "TXGO");
        let separate_ref = *shadow && (gather || *dim == Dim::CubeArray);
        let n = if matches!(name, "TXF" | "TXFMS") {
            dim.coord_size()
        } else if *shadow && !separate_ref {
            // The reference follows the coordinates (SHADOW1D: in z, y unused), as
            // GLSL's shadow samplers take it.
            if matches!(dim, Dim::Cube | Dim::D2Array) {
                4
            } else {
                3
            }
        } else {
            dim.tex_coord_components()
        };
        let comps: Vec<u8> = (0..n).collect();
        let coord = |fb: &mut Self| {
            let v = fb.local(c);
            if n == 4 { v } else { fb.swz(v, &comps) }
        };
        let comp = |fb: &mut Self, k: u8| {
            let v = fb.local(c);
            fb.swz(v, &[k])
        };
        // The depth reference of a lookup that takes it apart from the coordinates
        // (NV_gpu_program4 table X.17: z for SHADOW2D and SHADOWRECT, w for SHADOWCUBE
        // and SHADOWARRAY2D; EXT_sparse_texture2's table: x of the second operand for
        // SHADOWARRAYCUBE).
        let reference = |fb: &mut Self| -> Result<ExprId, LowerError> {
            if *dim == Dim::CubeArray {
                let r = fb.operand(&extra[0], DataType::F)?;
                Ok(fb.swz(r, &[0]))
            } else {
                let k = if matches!(dim, Dim::Cube | Dim::D2Array) {
                    3
                } else {
                    2
                };
                Ok(comp(fb, k))
            }
        };
        let no_level = matches!(dim, Dim::Buffer | Dim::Rect | Dim::D2Ms | Dim::D2MsArray);
        let res_ty = if *shadow { t.f } else { t.vec(dt) };
        // A constant texel offset: an int or ivecN of the target's offset components
        // (the parser left only targets that have some); or one from a register
        // (NV_gpu_program5: its components past the target's are ignored).
        let var_off = match var_offset {
            Some(o) => {
                let v = self.operand(o, DataType::S)?;
                Some(self.tmp(v, out))
            }
            None => None,
        };
        let off = |fb: &mut Self| {
            let k = dim.offset_components() as usize;
            if let Some(v) = var_off {
                let v = fb.local(v);
                let comps: Vec<u8> = (0..k as u8).collect();
                return Some(fb.swz(v, &comps));
            }
            offset.map(|o| {
                let parts: Vec<ExprId> = o[..k].iter().map(|&c| fb.lit_i(c)).collect();
                if k == 1 {
                    parts[0]
                } else {
                    let ty = fb.l.m.types.vector(Scalar::Int, k as u8);
                    fb.compose(parts, ty)
                }
            })
        };
        let (v, rt) = match name {
            "TXQ" => {
                let smp = self.global(g);
                let mut args = vec![smp];
                if !no_level {
                    args.push(comp(self, 0));
                }
                let k = dim.size_components();
                let sty = if k == 1 {
                    t.i
                } else {
                    self.l.m.types.vector(Scalar::Int, k)
                };
                let size = self.call(Builtin::TextureSize, args, sty);
                let mut parts = vec![size];
                for _ in k..3 {
                    parts.push(self.lit_i(0));
                }
                // w is undefined in NV_gpu_program4; NVIDIA's driver gives the number of
                // mipmap levels there, and so does glcompute (0 where a target has none).
                parts.push(if no_level {
                    self.lit_i(0)
                } else {
                    let smp = self.global(g);
                    self.call(Builtin::TextureQueryLevels, vec![smp], t.i)
                });
                (self.compose(parts, t.iv4), DataType::S)
            }
            // TXFMS (NV_explicit_multisample, NV_texture_multisample): the sample number
            // is the w component.
            "TXF" | "TXFMS" => {
                let smp = self.global(g);
                let mut args = vec![smp, coord(self)];
                if !no_level || name == "TXFMS" {
                    args.push(comp(self, 3));
                }
                let fun = match off(self) {
                    Some(o) => {
                        args.push(o);
                        Builtin::TexelFetchOffset
                    }
                    None => Builtin::TexelFetch,
                };
                (self.call(fun, args, t.vec(dt)), dt)
            }
            // TXG (NV_gpu_program5 §2.X.8.Z): the selected component of the four texels
            // a LINEAR lookup of the base level would read, as textureGather returns
            // them (x: i0j1, y: i1j1, z: i1j0, w: i0j0).
            // On a shadow target the component is ignored and the four results are
            // the 0/1 depth comparisons of those texels.
            "TXG" => {
                let smp = self.global(g);
                let cv = coord(self);
                // textureGather[Offset](s, P[, offset], comp) and, for a shadow target,
                // (s, P, refZ[, offset]).
                let o = off(self);
                let mut args = vec![smp, cv];
                if *shadow {
                    args.push(reference(self)?);
                    args.extend(o);
                } else {
                    args.extend(o);
                    args.push(self.lit_i(*gather_comp as i32));
                }
                let fun = if o.is_some() {
                    Builtin::TextureGatherOffset
                } else {
                    Builtin::TextureGather
                };
                (self.call(fun, args, t.vec(dt)), dt)
            }
            // TXGO (NV_gpu_program5 §2.X.8.Z): result component k is the texel i0j0 of
            // the footprint of a LINEAR lookup offset by (op1.k, op2.k): the w of a
            // gather at that offset.
            "TXGO" => {
                let ox = self.operand(&extra[0], DataType::S)?;
                let ox = self.tmp(ox, out);
                let oy = self.operand(&extra[1], DataType::S)?;
                let oy = self.tmp(oy, out);
                let cv = coord(self);
                let cv = self.tmp(cv, out);
                let r = if *shadow {
                    let r = reference(self)?;
                    Some(self.tmp(r, out))
                } else {
                    None
                };
                let iv2 = self.l.m.types.vector(Scalar::Int, 2);
                let mut parts = Vec::with_capacity(4);
                for k in 0..4u8 {
                    let x = self.local(ox);
                    let x = self.swz(x, &[k]);
                    let y = self.local(oy);
                    let y = self.swz(y, &[k]);
                    let o = self.compose(vec![x, y], iv2);
                    let smp = self.global(g);
                    let c = self.local(cv);
                    let args = match r {
                        Some(r) => vec![smp, c, self.local(r), o],
                        None => vec![smp, c, o, self.lit_i(*gather_comp as i32)],
                    };
                    let v = self.call(Builtin::TextureGatherOffset, args, t.vec(dt));
                    parts.push(self.swz(v, &[3]));
                }
                (self.compose(parts, t.vec(dt)), dt)
            }
            // TXD (NV_gpu_program4 §2.X.8.Z): explicit partial derivatives, one component
            // per texture dimension (three for cube maps).
            "TXD" => {
                let [dx, dy] = extra.as_slice() else {
                    return Err(LowerError(None, "internal: TXD without derivatives".into()));
                };
                let smp = self.global(g);
                let cv = coord(self);
                let gn: u8 = match dim {
                    Dim::D1 | Dim::D1Array => 1,
                    Dim::D2 | Dim::D2Array | Dim::Rect => 2,
                    _ => 3,
                };
                let gcomps: Vec<u8> = (0..gn).collect();
                let mut args = vec![smp, cv];
                for d in [dx, dy] {
                    let v = self.operand(d, DataType::F)?;
                    args.push(self.swz(v, &gcomps));
                }
                let fun = match off(self) {
                    Some(o) => {
                        args.push(o);
                        Builtin::TextureGradOffset
                    }
                    None => Builtin::TextureGrad,
                };
                (self.call(fun, args, res_ty), dt)
            }
            _ => {
                let smp = self.global(g);
                let mut cv = coord(self);
                if name == "TXP" {
                    let w = comp(self, 3);
                    let w = if n == 1 {
                        w
                    } else {
                        let ty = self.ty_of(cv);
                        self.splat(w, ty)
                    };
                    cv = self.bin(BinaryOp::Div, cv, w);
                }
                let mut args = vec![smp, cv];
                // GLSL's texture(samplerCubeArrayShadow, P, compare).
                if separate_ref {
                    args.push(reference(self)?);
                }
                // The offset forms: textureLodOffset(s, P, lod, offset),
                // textureOffset(s, P, offset[, bias]).
                let o = off(self);
                let fun = match (name, o) {
                    ("TXL", o) => {
                        args.push(comp(self, 3));
                        args.extend(o);
                        if o.is_some() {
                            Builtin::TextureLodOffset
                        } else {
                            Builtin::TextureLod
                        }
                    }
                    (_, Some(o)) => {
                        args.push(o);
                        if name == "TXB" {
                            args.push(comp(self, 3));
                        }
                        Builtin::TextureOffset
                    }
                    ("TXB", None) => {
                        args.push(comp(self, 3));
                        Builtin::Texture
                    }
                    (_, None) => Builtin::Texture,
                };
                (self.call(fun, args, res_ty), dt)
            }
        };
        // A depth comparison's result is one float: (r, r, r, 1), as a GL 1.x shadow
        // lookup with DEPTH_TEXTURE_MODE's default LUMINANCE gives it.
        let v = if *shadow && !matches!(name, "TXQ" | "TXG" | "TXGO") {
            let r = self.tmp(v, out);
            let mut parts: Vec<ExprId> = (0..3).map(|_| self.local(r)).collect();
            parts.push(self.lit_f(1.0));
            self.compose(parts, t.fv4)
        } else {
            v
        };
        self.write_typed(dest, v, rt, &inst.mods, out)
    }
}
