//! Image and sampled-image instructions (SPIR-V 1.6 §3.52.10) as the GLSL built-ins
//! they are in the IR: storage image loads, stores and queries, texel fetches,
//! lookups with explicit or implicit level of detail, depth comparisons and gathers.
//! Image operands (SPIR-V 1.6 §3.14) select the variant: Lod, Grad, ConstOffset,
//! Sample; the others are refused with the instruction named.

use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::function::*;
use spirv::{ImageOperands as IO, Op};

pub fn is_image_op(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        ImageRead
            | ImageFetch
            | ImageSampleImplicitLod
            | ImageSampleExplicitLod
            | ImageSampleDrefImplicitLod
            | ImageSampleDrefExplicitLod
            | ImageSampleProjImplicitLod
            | ImageSampleProjExplicitLod
            | ImageSampleProjDrefImplicitLod
            | ImageSampleProjDrefExplicitLod
            | ImageGather
            | ImageDrefGather
            | ImageQuerySize
            | ImageQuerySizeLod
            | ImageQueryLevels
            | ImageQuerySamples
            | ImageQueryLod
    )
}

/// The image operands of an instruction whose mask is operand `at`.
#[derive(Default)]
struct Operands {
    bias: Option<u32>,
    lod: Option<u32>,
    grad: Option<(u32, u32)>,
    offset: Option<u32>,
    /// ConstOffsets: gathers only ([`gather_operands`]).
    const_offsets: Option<u32>,
    sample: Option<u32>,
}

fn operands(inst: &Inst, at: usize) -> SpvResult<Operands> {
    let o = gather_operands(inst, at)?;
    if o.const_offsets.is_some() {
        return Err(inst.err("ConstOffsets is an image operand of gathers only"));
    }
    Ok(o)
}

/// [`operands`] of OpImageGather and OpImageDrefGather, which may have ConstOffsets.
fn gather_operands(inst: &Inst, at: usize) -> SpvResult<Operands> {
    let mut o = Operands::default();
    let Ok(mask) = inst.word(at) else {
        return Ok(o);
    };
    let mask = IO::from_bits(mask).ok_or_else(|| inst.err("unknown image operands"))?;
    let mut i = at + 1;
    let mut next = |inst: &Inst| -> SpvResult<u32> {
        let v = inst.word(i)?;
        i += 1;
        Ok(v)
    };
    let supported = IO::BIAS
        | IO::LOD
        | IO::GRAD
        | IO::CONST_OFFSET
        | IO::OFFSET
        | IO::CONST_OFFSETS
        | IO::SAMPLE
        | IO::NONE;
    if !supported.contains(mask) {
        return Err(inst.err(format!("image operands {mask:?} are not supported")));
    }
    // In the order of their bits (SPIR-V 1.6 §3.14).
    if mask.contains(IO::BIAS) {
        o.bias = Some(next(inst)?);
    }
    if mask.contains(IO::LOD) {
        o.lod = Some(next(inst)?);
    }
    if mask.contains(IO::GRAD) {
        o.grad = Some((next(inst)?, next(inst)?));
    }
    if mask.contains(IO::CONST_OFFSET) || mask.contains(IO::OFFSET) {
        o.offset = Some(next(inst)?);
    }
    if mask.contains(IO::CONST_OFFSETS) {
        o.const_offsets = Some(next(inst)?);
    }
    if mask.contains(IO::SAMPLE) {
        o.sample = Some(next(inst)?);
    }
    Ok(o)
}

impl<'l, 'm, 'a> FnLower<'l, 'm, 'a> {
    /// A gather with ConstOffsets (SPIR-V 1.6 §3.14: four offsets, a constant array of
    /// ivec2; GLSL's textureGatherOffsets): for each offset the i0j0 texel (the w
    /// component) of textureGatherOffset at it, as the GLSL front end builds it.
    /// `img` is the first lookup's image (the others name it anew); `third` is the
    /// component, or the depth reference of OpImageDrefGather.
    fn gather_offsets(
        &mut self,
        inst: &Inst,
        id: u32,
        img: ExprId,
        coord: ExprId,
        third: ExprId,
        component: bool,
    ) -> SpvResult<ExprId> {
        let parts = match self.l.consts.get(&id) {
            Some(ConstValue::Composite(_, parts)) if parts.len() == 4 => parts.clone(),
            _ => return Err(inst.err("ConstOffsets is not a constant array of four offsets")),
        };
        let ivec2 = self.types().vector(Scalar::Int, 2);
        let ct = self.ty_of(coord);
        let (p, s) = self.temp(coord, format!("_p{}", self.at));
        self.pending.push(s);
        let tt = self.ty_of(third);
        let (r, s) = self.temp(third, format!("_g{}", self.at));
        self.pending.push(s);
        let mut texels = Vec::with_capacity(4);
        let mut vt = None;
        let mut first = Some(img);
        for part in parts {
            let is_ivec2 =
                matches!(&part, ConstValue::Composite(t, c) if *t == ivec2 && c.len() == 2);
            if !is_ivec2 {
                return Err(inst.err("a ConstOffsets offset is not an ivec2"));
            }
            let img = match first.take() {
                Some(img) => img,
                None => self.opaque_expr(inst.word(2)?)?.0,
            };
            let c = self.add(ExprKind::Local(p), ct);
            let t = self.add(ExprKind::Local(r), tt);
            let off = self.add(ExprKind::Constant(part), ivec2);
            let args = if component {
                vec![img, c, off, t]
            } else {
                vec![img, c, t, off]
            };
            let g = self.builtin(Builtin::TextureGatherOffset, args)?;
            let gt = self.ty_of(g);
            vt = Some(gt);
            let scalar = self.types().scalar_of(gt).unwrap_or(Scalar::Float);
            let st = self.types().scalar(scalar);
            texels.push(self.add(
                ExprKind::Swizzle {
                    base: g,
                    comps: vec![3],
                },
                st,
            ));
        }
        let vt = vt.ok_or_else(|| inst.err("internal: no offsets"))?;
        Ok(self.add(ExprKind::Compose(texels), vt))
    }

    /// The image or sampler `id` as an expression, with its opaque type.
    fn opaque_expr(&mut self, id: u32) -> SpvResult<(ExprId, Opaque, bool)> {
        let p = self.opaque(id)?;
        let e = self.place(&p)?;
        let t = self.ty_of(e);
        match self.l.out.types.get(t).clone() {
            Type::Image(o) => Ok((e, o, false)),
            Type::Sampler(o) => Ok((e, o, true)),
            _ => Err(self.err("an image operand that is not an image")),
        }
    }

    /// A sampling lookup (sampler and coordinates in `args`) with the coarse
    /// derivatives of its coordinates: textureGrad or textureGradOffset.
    fn implicit_lod(
        &mut self,
        mut args: Vec<ExprId>,
        offset: Option<u32>,
        bias: Option<u32>,
        rt: TypeId,
    ) -> SpvResult<ExprId> {
        let (smp, coord) = (args[0], args[1]);
        let (st, ct) = (self.ty_of(smp), self.ty_of(coord));
        let fun = if offset.is_some() {
            Builtin::TextureGradOffset
        } else {
            Builtin::TextureGrad
        };
        // The derivatives' type: textureGrad's third parameter for this sampler and
        // coordinate.
        let types = &self.l.out.types;
        let Some(gt) = crate::ir::builtins::signatures(fun)
            .iter()
            .find(|ov| {
                ov.params.len() >= 4 && ov.params[0].0.is(types, st) && ov.params[1].0.is(types, ct)
            })
            .map(|ov| ov.params[2].0)
        else {
            return Err(self.err(format!(
                "no textureGrad for {}: this lookup's implicit level of detail in a derivative group is not supported",
                types.name(st)
            )));
        };
        let crate::ir::builtins::Ty::Vec(_, k) = gt else {
            return Err(self.err("an unexpected gradient type"));
        };
        let gty = self.types().vector(Scalar::Float, k);
        // The coordinates are evaluated once, into a local.
        let (p, s) = self.temp(coord, format!("_p{}", self.at));
        self.pending.push(s);
        let n = self.width(ct);
        let scale = match bias {
            Some(b) => {
                let b = self.value(b)?;
                let e = self.builtin(Builtin::Exp2, vec![b])?;
                let sl = self.new_local(gty, format!("_s{}", self.at));
                let e = if k > 1 {
                    self.add(ExprKind::Splat(e), gty)
                } else {
                    e
                };
                let place = self.add(ExprKind::Local(sl), gty);
                let set = self.add(
                    ExprKind::Assign {
                        place,
                        op: None,
                        value: e,
                    },
                    gty,
                );
                let s = self.stmt(StmtKind::Expr(set));
                self.pending.push(s);
                Some(sl)
            }
            None => None,
        };
        let mut grads = Vec::new();
        for op in [Op::DPdxCoarse, Op::DPdyCoarse] {
            let whole = self.add(ExprKind::Local(p), ct);
            let part = if k == n {
                whole
            } else {
                self.add(
                    ExprKind::Swizzle {
                        base: whole,
                        comps: (0..k).collect(),
                    },
                    gty,
                )
            };
            let d = self.derivative_of(op, part)?;
            grads.push(match scale {
                Some(sl) => {
                    let s = self.add(ExprKind::Local(sl), gty);
                    self.add(
                        ExprKind::Binary {
                            op: BinaryOp::Mul,
                            lhs: d,
                            rhs: s,
                        },
                        gty,
                    )
                }
                None => d,
            });
        }
        args[1] = self.add(ExprKind::Local(p), ct);
        args.extend(grads);
        if let Some(off) = offset {
            args.push(self.int_value(off)?);
        }
        let e = self.builtin(fun, args)?;
        self.cast_to(e, rt)
    }

    /// The last component of projective coordinate `id`.
    fn projective_q(&mut self, id: u32) -> SpvResult<ExprId> {
        let t = self.value_ty(id)?;
        let n = self.width(t);
        if n < 2 {
            return Err(self.err("a projective coordinate of one component"));
        }
        self.component(id, n - 1)
    }

    /// The first `n` components of projective coordinate `id` divided by its last.
    fn projected(&mut self, id: u32, n: u8) -> SpvResult<ExprId> {
        self.stable(id)?;
        let t = self.value_ty(id)?;
        if self.width(t) <= n {
            return Err(self.err("a projective coordinate without its divisor"));
        }
        let c = self.value(id)?;
        let vt = self.types().vector(Scalar::Float, n);
        let xy = self.add(
            ExprKind::Swizzle {
                base: c,
                comps: (0..n).collect(),
            },
            vt,
        );
        let q = self.projective_q(id)?;
        let q = if n == 1 {
            q
        } else {
            self.add(ExprKind::Splat(q), vt)
        };
        Ok(self.add(
            ExprKind::Binary {
                op: BinaryOp::Div,
                lhs: xy,
                rhs: q,
            },
            vt,
        ))
    }

    fn int_value(&mut self, id: u32) -> SpvResult<ExprId> {
        let e = self.value(id)?;
        Ok(self.cast(e, Scalar::Int))
    }

    /// OpImageWrite: a statement.
    pub fn image_write(&mut self, inst: &Inst<'a>, out: &mut Block) -> SpvResult<()> {
        self.at = inst.offset;
        let (img, o, sampled) = self.opaque_expr(inst.word(0)?)?;
        if sampled {
            return Err(inst.err("a write to a sampled image"));
        }
        let coord = self.int_value(inst.word(1)?)?;
        let texel = self.value(inst.word(2)?)?;
        let texel = self.cast(texel, o.sampled);
        let ops = operands(inst, 3)?;
        let mut args = vec![img, coord];
        if let Some(s) = ops.sample {
            args.push(self.int_value(s)?);
        }
        args.push(texel);
        let e = self.builtin(Builtin::ImageStore, args)?;
        out.push(self.stmt(StmtKind::Expr(e)));
        Ok(())
    }

    pub fn image_inst(&mut self, op: Op, inst: &Inst<'a>, rt: TypeId) -> SpvResult<ExprId> {
        let w = |i: usize| inst.word(i);
        let (img, o, sampled) = self.opaque_expr(w(2)?)?;
        let e = match op {
            Op::ImageQuerySize | Op::ImageQuerySizeLod => {
                if sampled {
                    let mut args = vec![img];
                    match (op, o.dim) {
                        (Op::ImageQuerySizeLod, _) => args.push(self.int_value(w(3)?)?),
                        (_, Dim::Buffer | Dim::Rect | Dim::D2Ms | Dim::D2MsArray) => {}
                        _ => {
                            return Err(inst.err("OpImageQuerySize of a sampled image with levels"));
                        }
                    }
                    self.builtin(Builtin::TextureSize, args)?
                } else {
                    self.builtin(Builtin::ImageSize, vec![img])?
                }
            }
            Op::ImageQueryLevels => self.builtin(Builtin::TextureQueryLevels, vec![img])?,
            Op::ImageQueryLod => {
                let coord = self.value(w(3)?)?;
                if self.l.out.derivative_group.is_some() {
                    // With the coarse derivatives of the coordinates (the 4-operand
                    // form the GLSL front end uses too).
                    let ct = self.ty_of(coord);
                    let (p, s) = self.temp(coord, format!("_p{}", self.at));
                    self.pending.push(s);
                    let mut args = vec![img, self.add(ExprKind::Local(p), ct)];
                    for op in [Op::DPdxCoarse, Op::DPdyCoarse] {
                        let part = self.add(ExprKind::Local(p), ct);
                        args.push(self.derivative_of(op, part)?);
                    }
                    self.builtin(Builtin::TextureQueryLod, args)?
                } else {
                    self.builtin(Builtin::TextureQueryLod, vec![img, coord])?
                }
            }
            Op::ImageQuerySamples => {
                let f = if sampled {
                    Builtin::TextureSamples
                } else {
                    Builtin::ImageSamples
                };
                self.builtin(f, vec![img])?
            }
            Op::ImageRead => {
                let coord = self.int_value(w(3)?)?;
                let ops = operands(inst, 4)?;
                let mut args = vec![img, coord];
                if let Some(s) = ops.sample {
                    args.push(self.int_value(s)?);
                }
                self.builtin(Builtin::ImageLoad, args)?
            }
            Op::ImageFetch => {
                let coord = self.int_value(w(3)?)?;
                let ops = operands(inst, 4)?;
                let mut args = vec![img, coord];
                if let Some(s) = ops.sample {
                    args.push(self.int_value(s)?);
                } else if let Some(l) = ops.lod {
                    args.push(self.int_value(l)?);
                } else if !matches!(o.dim, Dim::Buffer | Dim::Rect) {
                    args.push(self.lit(Literal::Int(0)));
                }
                let fun = match ops.offset {
                    Some(off) => {
                        args.push(self.int_value(off)?);
                        Builtin::TexelFetchOffset
                    }
                    None => Builtin::TexelFetch,
                };
                self.builtin(fun, args)?
            }
            Op::ImageSampleImplicitLod
            | Op::ImageSampleExplicitLod
            | Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleDrefExplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjExplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageSampleProjDrefExplicitLod => {
                let dref = matches!(
                    op,
                    Op::ImageSampleDrefImplicitLod
                        | Op::ImageSampleDrefExplicitLod
                        | Op::ImageSampleProjDrefImplicitLod
                        | Op::ImageSampleProjDrefExplicitLod
                );
                let proj = matches!(
                    op,
                    Op::ImageSampleProjImplicitLod
                        | Op::ImageSampleProjExplicitLod
                        | Op::ImageSampleProjDrefImplicitLod
                        | Op::ImageSampleProjDrefExplicitLod
                );
                let coord = if proj {
                    // The projective forms divide the coordinates (and the reference)
                    // by the coordinate's last component (SPIR-V 1.6 §3.52.10).
                    self.projected(w(3)?, o.dim.tex_coord_components())?
                } else {
                    self.value(w(3)?)?
                };
                let ops = operands(inst, if dref { 5 } else { 4 })?;
                let mut args = vec![img];
                let mut extra_ref = None;
                if dref {
                    let r = self.value(w(4)?)?;
                    let r = if proj {
                        let q = self.projective_q(w(3)?)?;
                        let ft = self.types().scalar(Scalar::Float);
                        self.add(
                            ExprKind::Binary {
                                op: BinaryOp::Div,
                                lhs: r,
                                rhs: q,
                            },
                            ft,
                        )
                    } else {
                        r
                    };
                    if o.dim == Dim::CubeArray {
                        args.push(coord);
                        extra_ref = Some(r);
                    } else {
                        // The coordinate may carry more components than the lookup
                        // reads (SPIR-V 1.6 §3.52.10): the dimension's, then the
                        // reference.
                        let n = o.dim.tex_coord_components();
                        let ct = self.ty_of(coord);
                        let coord = if self.width(ct) > n {
                            let t = self.types().vector(Scalar::Float, n);
                            self.add(
                                ExprKind::Swizzle {
                                    base: coord,
                                    comps: (0..n).collect(),
                                },
                                t,
                            )
                        } else {
                            coord
                        };
                        let mut parts = vec![coord];
                        if matches!(o.dim, Dim::D1) {
                            parts.push(self.lit(Literal::Float(0.0)));
                        }
                        parts.push(r);
                        let n: u32 = parts
                            .iter()
                            .map(|&p| self.l.out.types.components(self.ty_of(p)).unwrap_or(1))
                            .sum();
                        let t = self.types().vector(Scalar::Float, n as u8);
                        args.push(self.add(ExprKind::Compose(parts), t));
                    }
                } else {
                    args.push(coord);
                }
                if let Some(r) = extra_ref {
                    args.push(r);
                }
                let fun = match (ops.lod, ops.grad, ops.offset) {
                    (Some(l), None, off) => {
                        let l = self.value(l)?;
                        args.push(l);
                        if let Some(off) = off {
                            args.push(self.int_value(off)?);
                            Builtin::TextureLodOffset
                        } else {
                            Builtin::TextureLod
                        }
                    }
                    (None, Some((dx, dy)), off) => {
                        args.push(self.value(dx)?);
                        args.push(self.value(dy)?);
                        if let Some(off) = off {
                            args.push(self.int_value(off)?);
                            Builtin::TextureGradOffset
                        } else {
                            Builtin::TextureGrad
                        }
                    }
                    (None, None, off) if self.l.out.derivative_group.is_some() => {
                        // An implicit level of detail in a derivative group: the
                        // lookup with the coarse derivatives of its coordinates
                        // (scaled by 2^bias), as the GLSL front end does.
                        return self.implicit_lod(args, off, ops.bias, rt);
                    }
                    (None, None, off) => {
                        if let Some(off) = off {
                            args.push(self.int_value(off)?);
                        }
                        if let Some(b) = ops.bias {
                            args.push(self.value(b)?);
                        }
                        if off.is_some() {
                            Builtin::TextureOffset
                        } else {
                            Builtin::Texture
                        }
                    }
                    _ => return Err(inst.err("both Lod and Grad image operands")),
                };
                self.builtin(fun, args)?
            }
            Op::ImageGather | Op::ImageDrefGather => {
                let coord = self.value(w(3)?)?;
                let ops = gather_operands(inst, 5)?;
                if ops.lod.is_some()
                    || ops.grad.is_some()
                    || (ops.offset.is_some() && ops.const_offsets.is_some())
                {
                    return Err(inst.err("a gather with these image operands is not supported"));
                }
                let third = if op == Op::ImageGather {
                    self.int_value(w(4)?)?
                } else {
                    self.value(w(4)?)?
                };
                if let Some(id) = ops.const_offsets {
                    if !matches!(o.dim, Dim::D2 | Dim::D2Array | Dim::Rect) {
                        return Err(
                            inst.err("a gather offset needs a 2D, 2D array or rectangle image")
                        );
                    }
                    let e =
                        self.gather_offsets(inst, id, img, coord, third, op == Op::ImageGather)?;
                    return self.cast_to(e, rt);
                }
                match ops.offset {
                    // textureGatherOffset (ConstOffset or Offset, SPIR-V 1.6 §3.14).
                    Some(off) => {
                        if !matches!(o.dim, Dim::D2 | Dim::D2Array | Dim::Rect) {
                            return Err(
                                inst.err("a gather offset needs a 2D, 2D array or rectangle image")
                            );
                        }
                        let off = self.int_value(off)?;
                        // The IR's shadow gathers take the reference before the offset.
                        let args = if op == Op::ImageGather {
                            vec![img, coord, off, third]
                        } else {
                            vec![img, coord, third, off]
                        };
                        self.builtin(Builtin::TextureGatherOffset, args)?
                    }
                    None => self.builtin(Builtin::TextureGather, vec![img, coord, third])?,
                }
            }
            _ => return Err(inst.err("is not supported")),
        };
        self.cast_to(e, rt)
    }
}
