//! Texture lookups through samplers (GLSL 4.60 §8.9): texelFetch, the filtered
//! lookups, textureGather, textureSize and textureQueryLevels, as calls to the
//! runtime's sampler helpers ([`crate::runtime::sampler`]) with the texture unit the
//! sampler uniform holds. Filtered lookups pass their arguments in a
//! [`rt::SampleArgs`] written to a stack slot; the helpers check the unit and every
//! texel address.

use cranelift_codegen::ir::{InstBuilder, StackSlotData, StackSlotKind, Value, types};

use super::libcalls::Libcall;
use super::lower::{Lower, R, Val, cl_type, mf};
use crate::ir::*;
use crate::runtime::sampler as rt;

impl Lower<'_, '_> {
    /// An explicit stack slot of `bytes`, 16-byte aligned, and its address.
    pub(super) fn slot(&mut self, bytes: u32) -> Value {
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            bytes,
            4,
        ));
        self.b.ins().stack_addr(types::I64, ss, 0)
    }

    pub(super) fn sampler_of(&self, e: ExprId) -> R<Opaque> {
        let t = self.cur_fn().expr(e).ty;
        match self.env.m.types.get(t) {
            Type::Sampler(o) => Ok(*o),
            _ => Err("internal: texture built-in without a sampler argument".into()),
        }
    }

    pub(super) fn texture_builtin(&mut self, fun: Builtin, args: &[ExprId]) -> R<Val> {
        use Builtin::*;
        let smp = self.sampler_of(args[0])?;
        let unit = self.arg_values(args[0])?[0];
        let table = self.samplers;
        let i32t = types::I32;
        match fun {
            TextureSize => {
                let lod = match args.get(1) {
                    Some(&a) => self.arg_values(a)?[0],
                    None => self.b.ins().iconst(i32t, 0),
                };
                let out = self.slot(16);
                self.libcall(Libcall::TexSize, &[table, unit, lod, out]);
                let comps = (0..smp.dim.size_components() as usize)
                    .map(|i| self.b.ins().load(i32t, mf(), out, 4 * i as i32))
                    .collect();
                Ok(Val::Comps(comps))
            }
            TextureQueryLevels => {
                let n = self.libcall(Libcall::TexLevels, &[table, unit])[0];
                Ok(Val::Comps(vec![n]))
            }
            TextureSamples => {
                let zero = self.b.ins().iconst(i32t, 0);
                let out = self.slot(16);
                self.libcall(Libcall::TexSize, &[table, unit, zero, out]);
                Ok(Val::Comps(vec![self.b.ins().load(i32t, mf(), out, 12)]))
            }
            TexelFetch | TexelFetchOffset => {
                let mut coord = self.arg_values(args[1])?;
                let zero = self.b.ins().iconst(i32t, 0);
                // Buffer and rectangle textures have no level argument; multisample
                // fetches name a sample there, which the runtime takes as such.
                let has_lod = !matches!(smp.dim, Dim::Buffer | Dim::Rect);
                let lod = if has_lod {
                    self.arg_values(args[2])?[0]
                } else {
                    zero
                };
                if fun == TexelFetchOffset {
                    let off = self.arg_values(*args.last().expect("offset argument"))?;
                    for (c, o) in coord.iter_mut().zip(off) {
                        *c = self.b.ins().iadd(*c, o);
                    }
                }
                coord.resize(3, zero);
                let out = self.slot(16);
                self.libcall(
                    Libcall::TexFetch,
                    &[table, unit, coord[0], coord[1], coord[2], lod, out],
                );
                Ok(self.texel_result(smp, out))
            }
            Texture | TextureLod | TextureOffset | TextureLodOffset | TextureGrad
            | TextureGradOffset | TextureGather | TextureGatherOffset => {
                self.sample(fun, smp, unit, args)
            }
            TextureQueryLod => self.query_lod(unit, args),
            _ => Err(format!("internal: {fun:?} is not a texture function")),
        }
    }

    fn texel_result(&mut self, smp: Opaque, out: Value) -> Val {
        if smp.shadow {
            return Val::Comps(vec![self.b.ins().load(types::F32, mf(), out, 0)]);
        }
        let t = cl_type(smp.sampled);
        Val::Comps(
            (0..4)
                .map(|i| self.b.ins().load(t, mf(), out, 4 * i))
                .collect(),
        )
    }

    /// textureQueryLod: a SampleArgs with the coordinates and the derivatives (zero
    /// when the front end gave none) for the runtime's MODE_QUERY_LOD.
    fn query_lod(&mut self, unit: Value, args: &[ExprId]) -> R<Val> {
        let coord = self.arg_values(args[1])?;
        let (dx, dy) = match args.get(2..4) {
            Some(&[x, y]) => (self.arg_values(x)?, self.arg_values(y)?),
            _ => (Vec::new(), Vec::new()),
        };
        let a = self.slot(rt::args::SIZE);
        let fzero = self.b.ins().f32const(0.0);
        let izero = self.b.ins().iconst(types::I32, 0);
        for off in (0..rt::args::SIZE as i32).step_by(4) {
            self.b.ins().store(mf(), izero, a, off);
        }
        for (i, &v) in coord.iter().enumerate().take(4) {
            self.b
                .ins()
                .store(mf(), v, a, rt::args::COORD + 4 * i as i32);
        }
        for i in 0..3 {
            let x = dx.get(i).copied().unwrap_or(fzero);
            let y = dy.get(i).copied().unwrap_or(fzero);
            self.b.ins().store(mf(), x, a, rt::args::DX + 4 * i as i32);
            self.b.ins().store(mf(), y, a, rt::args::DY + 4 * i as i32);
        }
        let m = self.b.ins().iconst(types::I32, rt::MODE_QUERY_LOD as i64);
        self.b.ins().store(mf(), m, a, rt::args::MODE);
        let out = self.slot(16);
        self.libcall(Libcall::TexSample, &[self.samplers, unit, a, out]);
        Ok(Val::Comps(
            (0..2)
                .map(|i| self.b.ins().load(types::F32, mf(), out, 4 * i))
                .collect(),
        ))
    }

    /// A filtered lookup or gather: fills a SampleArgs and calls tex_sample.
    fn sample(&mut self, fun: Builtin, smp: Opaque, unit: Value, args: &[ExprId]) -> R<Val> {
        let coord = self.arg_values(args[1])?;
        let n = smp.dim.tex_coord_components() as usize;
        let a = self.slot(rt::args::SIZE);
        let fzero = self.b.ins().f32const(0.0);
        let izero = self.b.ins().iconst(types::I32, 0);
        for i in 0..4 {
            let v = coord.get(i).filter(|_| i < n).copied().unwrap_or(fzero);
            self.b
                .ins()
                .store(mf(), v, a, rt::args::COORD + 4 * i as i32);
        }
        for i in 0..3 {
            self.b.ins().store(mf(), fzero, a, rt::args::DX + 4 * i);
            self.b.ins().store(mf(), fzero, a, rt::args::DY + 4 * i);
            self.b.ins().store(mf(), izero, a, rt::args::OFFSET + 4 * i);
        }
        let ops = lookup_operands(fun, smp, args)?;
        let reference = match ops.reference {
            None => fzero,
            Some(Reference::Coord(i)) => coord[i],
            Some(Reference::Arg(e)) => self.arg_values(e)?[0],
        };
        self.b.ins().store(mf(), reference, a, rt::args::REFERENCE);
        let shadow = self.b.ins().iconst(types::I32, smp.shadow as i64);
        self.b.ins().store(mf(), shadow, a, rt::args::SHADOW);
        if let Some((dx, dy)) = ops.grad {
            let dx = self.arg_values(dx)?;
            let dy = self.arg_values(dy)?;
            for (i, (x, y)) in dx.into_iter().zip(dy).enumerate().take(3) {
                self.b.ins().store(mf(), x, a, rt::args::DX + 4 * i as i32);
                self.b.ins().store(mf(), y, a, rt::args::DY + 4 * i as i32);
            }
        }
        let LookupOperands {
            mode,
            lod,
            offset,
            gather,
            ..
        } = ops;
        let lod = match lod {
            Some(e) => self.arg_values(e)?[0],
            None => fzero,
        };
        self.b.ins().store(mf(), lod, a, rt::args::LOD);
        if let Some(e) = offset {
            let off = self.arg_values(e)?;
            for (i, o) in off
                .into_iter()
                .enumerate()
                .take(smp.dim.offset_components() as usize)
            {
                self.b
                    .ins()
                    .store(mf(), o, a, rt::args::OFFSET + 4 * i as i32);
            }
        }
        let comp = match gather {
            Some(e) => self.arg_values(e)?[0],
            None => izero,
        };
        self.b.ins().store(mf(), comp, a, rt::args::GATHER_COMP);
        let m = self.b.ins().iconst(types::I32, mode as i64);
        self.b.ins().store(mf(), m, a, rt::args::MODE);
        let out = self.slot(16);
        self.libcall(Libcall::TexSample, &[self.samplers, unit, a, out]);
        if smp.shadow && mode == rt::MODE_GATHER {
            // A shadow gather's four comparison results.
            return Ok(Val::Comps(
                (0..4)
                    .map(|i| self.b.ins().load(types::F32, mf(), out, 4 * i))
                    .collect(),
            ));
        }
        Ok(self.texel_result(smp, out))
    }
}

/// Where a shadow lookup's reference value comes from.
pub(super) enum Reference {
    /// A component of the coordinates.
    Coord(usize),
    /// An argument of its own.
    Arg(ExprId),
}

/// Which arguments of a filtered lookup or gather play which part (GLSL 4.60 §8.9.2,
/// §8.9.4): the runtime's mode, and the LOD, offset, gather component, derivatives and
/// shadow reference where the function has them.
pub(super) struct LookupOperands {
    pub mode: u32,
    pub lod: Option<ExprId>,
    pub offset: Option<ExprId>,
    pub gather: Option<ExprId>,
    pub grad: Option<(ExprId, ExprId)>,
    pub reference: Option<Reference>,
}

pub(super) fn lookup_operands(fun: Builtin, smp: Opaque, args: &[ExprId]) -> R<LookupOperands> {
    use Builtin::*;
    let n = smp.dim.tex_coord_components() as usize;
    // Shadow lookups: the reference follows the coordinates (sampler1DShadow: the
    // third component), or is the argument after them (samplerCubeArrayShadow).
    let reference = if !smp.shadow {
        None
    } else if smp.dim == Dim::CubeArray {
        Some(Reference::Arg(args[2]))
    } else if smp.dim == Dim::D1 {
        Some(Reference::Coord(2))
    } else {
        Some(Reference::Coord(n))
    };
    let extra = if smp.shadow && smp.dim == Dim::CubeArray {
        3
    } else {
        2
    };
    let (mode, lod, offset, gather, grad) = match fun {
        Texture => (rt::MODE_IMPLICIT, None, None, None, None),
        TextureLod => (rt::MODE_LOD, Some(args[extra]), None, None, None),
        TextureOffset => (rt::MODE_IMPLICIT, None, Some(args[2]), None, None),
        TextureLodOffset => (rt::MODE_LOD, Some(args[2]), Some(args[3]), None, None),
        TextureGrad | TextureGradOffset => {
            let offset = (fun == TextureGradOffset).then(|| args[4]);
            (rt::MODE_GRAD, None, offset, None, Some((args[2], args[3])))
        }
        // Shadow gathers: (sampler, P, refZ [, offset]), no component.
        TextureGather if smp.shadow => (rt::MODE_GATHER, None, None, None, None),
        TextureGatherOffset if smp.shadow => (rt::MODE_GATHER, None, Some(args[3]), None, None),
        TextureGather => (rt::MODE_GATHER, None, None, args.get(2).copied(), None),
        TextureGatherOffset => (
            rt::MODE_GATHER,
            None,
            Some(args[2]),
            args.get(3).copied(),
            None,
        ),
        _ => return Err(format!("internal: {fun:?} is not a filtered lookup")),
    };
    let reference = match fun {
        TextureGather | TextureGatherOffset if smp.shadow => Some(Reference::Arg(args[2])),
        _ => reference,
    };
    Ok(LookupOperands {
        mode,
        lod,
        offset,
        gather,
        grad,
        reference,
    })
}
