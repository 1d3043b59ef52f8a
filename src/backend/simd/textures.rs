//! Filtered lookups in lanes: `texture`, `textureLod`, `textureOffset`,
//! `textureLodOffset` and `textureGather` through a sampler the same for every lane
//! make one call of the runtime's [`rt::tex_sample_lanes`] for the lanes of the mask:
//! the arguments the lanes share (mode, offset, gather component, shadow) go in one
//! [`rt::SampleArgs`], each lane's coordinates, LOD and shadow reference in rows of
//! [`LANES`] values, and the results come back as rows the lanes load as vectors. The
//! runtime computes each lane's lookup as `tex_sample` does for one invocation.

use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};

use crate::backend::libcalls::Libcall;
use crate::ir::*;
use crate::runtime::sampler as rt;

use super::super::lower::*;
use super::{LANES, V};

const _: () = assert!(LANES == rt::LANES);

impl Lower<'_, '_> {
    /// Whether this lookup runs as one call for the lanes: a filtered lookup without
    /// derivatives, whose sampler and constant arguments (offset, gather component)
    /// are the same for every lane.
    pub(super) fn vtexture_supported(&self, fun: Builtin, args: &[ExprId]) -> bool {
        use Builtin::*;
        match self.sampler_of(args[0]) {
            Ok(smp) if !(smp.shadow && fun == TextureGather) => {}
            _ => return false,
        }
        let uniform = |e: &ExprId| !self.simd_ref().plan.varying[e.0 as usize];
        let shared = match fun {
            Texture | TextureLod => &args[..1],
            TextureOffset => &[args[0], args[2]][..],
            TextureLodOffset => &[args[0], args[3]][..],
            TextureGather => &[args[0], *args.get(2).unwrap_or(&args[0])][..],
            _ => return false,
        };
        shared.iter().all(uniform)
    }

    /// The lookup `fun(args)` for the lanes of the execution mask (lanes outside it
    /// read 0).
    pub(super) fn vtexture(&mut self, fun: Builtin, args: &[ExprId]) -> R<Vec<V>> {
        use Builtin::*;
        let smp = self.sampler_of(args[0])?;
        let unit = self.arg_values(args[0])?[0];
        let n = smp.dim.tex_coord_components() as usize;
        let coord = self.vexpr(args[1])?;
        let fzero = self.vsplat_f(0.0);
        // The shared arguments.
        let t = self.vslot(rt::args::SIZE);
        let izero = self.b.ins().iconst(types::I32, 0);
        for off in (0..rt::args::SIZE as i32).step_by(4) {
            self.b.ins().store(mf(), izero, t, off);
        }
        let extra = if smp.shadow && smp.dim == Dim::CubeArray {
            3
        } else {
            2
        };
        let (mode, lod, offset, gather) = match fun {
            Texture => (rt::MODE_IMPLICIT, None, None, None),
            TextureLod => (rt::MODE_LOD, Some(args[extra]), None, None),
            TextureOffset => (rt::MODE_IMPLICIT, None, Some(args[2]), None),
            TextureLodOffset => (rt::MODE_LOD, Some(args[2]), Some(args[3]), None),
            TextureGather => (rt::MODE_GATHER, None, None, args.get(2).copied()),
            _ => return Err(format!("internal: {fun:?} is not a lookup in lanes")),
        };
        let m = self.b.ins().iconst(types::I32, mode as i64);
        self.b.ins().store(mf(), m, t, rt::args::MODE);
        let shadow = self.b.ins().iconst(types::I32, smp.shadow as i64);
        self.b.ins().store(mf(), shadow, t, rt::args::SHADOW);
        if let Some(e) = offset {
            let off = self.arg_values(e)?;
            for (i, o) in off
                .into_iter()
                .enumerate()
                .take(smp.dim.offset_components() as usize)
            {
                self.b
                    .ins()
                    .store(mf(), o, t, rt::args::OFFSET + 4 * i as i32);
            }
        }
        if let Some(e) = gather {
            let c = self.arg_values(e)?[0];
            self.b.ins().store(mf(), c, t, rt::args::GATHER_COMP);
        }
        // The lanes' arguments, one row of LANES values each.
        let lanes = self.vslot((rt::lanes::ROWS * LANES * 4) as u32);
        let vflags = MemFlagsData::new().with_notrap();
        let row = |l: &mut Self, r: usize, v: V| {
            for (q, &part) in v.iter().enumerate() {
                let at = (r * LANES * 4 + 16 * q) as i32;
                l.b.ins().store(vflags, part, lanes, at);
            }
        };
        for c in 0..4 {
            let v = coord.get(c).filter(|_| c < n).copied().unwrap_or(fzero);
            row(self, rt::lanes::COORD + c, v);
        }
        let lod = match lod {
            Some(e) => self.vexpr(e)?[0],
            None => fzero,
        };
        row(self, rt::lanes::LOD, lod);
        // Shadow lookups: the reference follows the coordinates (sampler1DShadow: the
        // third component), or is the argument after them (samplerCubeArrayShadow).
        let reference = if !smp.shadow {
            fzero
        } else if smp.dim == Dim::CubeArray {
            self.vexpr(args[2])?[0]
        } else if smp.dim == Dim::D1 {
            coord[2]
        } else {
            coord[n]
        };
        row(self, rt::lanes::REFERENCE, reference);
        let exec = self.exec();
        let mask = self.vmask_bits(exec);
        let out = self.vslot((4 * LANES * 4) as u32);
        let z = self.zero_lanes(Scalar::Int);
        for c in 0..4 {
            for (q, &zq) in z.iter().enumerate() {
                let at = (c * LANES * 4 + 16 * q) as i32;
                self.b.ins().store(vflags, zq, out, at);
            }
        }
        let table = self.samplers;
        self.libcall(Libcall::TexSampleLanes, &[table, unit, t, lanes, mask, out]);
        let (comps, s) = if smp.shadow {
            (1, Scalar::Float)
        } else {
            (4, smp.sampled)
        };
        let vt = super::vty(s);
        Ok((0..comps)
            .map(|c| {
                std::array::from_fn(|q| {
                    let at = (c * LANES * 4 + 16 * q) as i32;
                    self.b.ins().load(vt, vflags, out, at)
                })
            })
            .collect())
    }

    /// An explicit stack slot of `bytes`, 16-byte aligned, and its address.
    fn vslot(&mut self, bytes: u32) -> Value {
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            bytes,
            4,
        ));
        self.b.ins().stack_addr(types::I64, ss, 0)
    }

    /// The mask as bits, lane k in bit k.
    fn vmask_bits(&mut self, m: V) -> Value {
        let mut bits = self.b.ins().iconst(types::I32, 0);
        for (q, &part) in m.iter().enumerate() {
            let b = self.b.ins().vhigh_bits(types::I32, part);
            let b = self.b.ins().ishl_imm_s(b, 4 * q as i64);
            bits = self.b.ins().bor(bits, b);
        }
        bits
    }
}
