//! Filtered lookups in lanes: `texture`, `textureLod`, `textureOffset`,
//! `textureLodOffset` and `textureGather` through a sampler the same for every lane
//! make one call of the runtime's [`rt::tex_sample_lanes`] for the lanes of the mask:
//! the arguments the lanes share (mode, offset, gather component, shadow) go in one
//! [`rt::SampleArgs`], each lane's coordinates, LOD and shadow reference in rows of
//! [`LANES`] values, and the results come back as rows the lanes load as vectors. The
//! runtime computes each lane's lookup as `tex_sample` does for one invocation.

use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value, types};

use crate::backend::libcalls::Libcall;
use crate::backend::textures::{LookupOperands, Reference, lookup_operands};
use crate::ir::*;
use crate::runtime::sampler as rt;

use super::super::lower::*;
use super::{LANES, P, V};

const _: () = assert!(LANES == rt::LANES);

/// A lookup's operands, evaluated once for both of its paths.
struct Call {
    smp: Opaque,
    unit: Value,
    mode: u32,
    /// The constant texel offset's components (none: no offset).
    offset: Vec<Value>,
    gather: Option<Value>,
    /// The rows of rt::lanes: coordinates, LOD, shadow reference.
    rows: [V; rt::lanes::ROWS],
}

/// The texels and weights of a LINEAR lookup in lanes (see `vdirect_taps`).
struct Taps {
    x: [V; 2],
    y: [V; 2],
    wa: V,
    wb: V,
    near: V,
}

impl Lower<'_, '_> {
    /// Whether this lookup runs as one call for the lanes: a filtered lookup without
    /// derivatives, whose sampler and constant arguments (offset, gather component)
    /// are the same for every lane.
    pub(super) fn vtexture_supported(&self, fun: Builtin, args: &[ExprId]) -> bool {
        use Builtin::*;
        match self.sampler_of(args[0]) {
            Ok(smp) if !(smp.shadow && matches!(fun, TextureGather | TextureGatherOffset)) => {}
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
        let smp = self.sampler_of(args[0])?;
        let unit = self.arg_values(args[0])?[0];
        let n = smp.dim.tex_coord_components() as usize;
        let coord = self.vexpr(args[1])?;
        let fzero = self.vsplat_f(0.0);
        let ops = lookup_operands(fun, smp, args)?;
        if ops.grad.is_some() {
            return Err(format!("internal: {fun:?} is not a lookup in lanes"));
        }
        let LookupOperands {
            mode,
            lod,
            offset,
            gather,
            reference,
            ..
        } = ops;
        let offset = match offset {
            Some(e) => {
                let mut o = self.arg_values(e)?;
                o.truncate(smp.dim.offset_components() as usize);
                o
            }
            None => Vec::new(),
        };
        let gather = match gather {
            Some(e) => Some(self.arg_values(e)?[0]),
            None => None,
        };
        let lod = match lod {
            Some(e) => self.vexpr(e)?[0],
            None => fzero,
        };
        let reference = match reference {
            None => fzero,
            Some(Reference::Coord(i)) => coord[i],
            Some(Reference::Arg(e)) => self.vexpr(e)?[0],
        };
        let mut rows = [fzero; rt::lanes::ROWS];
        for (c, r) in rows.iter_mut().enumerate().take(n.min(4)) {
            *r = coord[c];
        }
        rows[rt::lanes::LOD] = lod;
        rows[rt::lanes::REFERENCE] = reference;
        let call = Call {
            smp,
            unit,
            mode,
            offset,
            gather,
            rows,
        };
        let direct = mode == rt::MODE_IMPLICIT
            && smp.dim == Dim::D2
            && !smp.shadow
            && smp.sampled == Scalar::Float;
        if !direct {
            return Ok(self.vtexture_call(&call));
        }
        // Units whose state allows it filter here (rt::Direct); the others, and
        // lanes too far out, call the runtime.
        let (fast, slow, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        for _ in 0..4 * P {
            self.b.append_block_param(join, types::F32X4);
        }
        let ok_unit = self.b.ins().icmp_imm_u(
            cranelift_codegen::ir::condcodes::IntCC::UnsignedLessThan,
            unit,
            rt::DIRECT_UNITS as i64,
        );
        let zero = self.b.ins().iconst(types::I32, 0);
        let idx = self.b.ins().select(ok_unit, unit, zero);
        let idx = self.b.ins().uextend(types::I64, idx);
        let off = self.b.ins().imul_imm_s(idx, rt::direct::BYTES);
        let d = self.b.ins().iadd(self.samplers, off);
        let dm = mf().with_readonly();
        let kind = self.b.ins().load(types::I32, dm, d, rt::direct::KIND);
        let is = self.b.ins().icmp_imm_u(
            cranelift_codegen::ir::condcodes::IntCC::Equal,
            kind,
            rt::DIRECT_RGBA8_LINEAR as i64,
        );
        let go = self.b.ins().band(is, ok_unit);
        self.b.ins().brif(go, fast, &[], slow, &[]);

        self.b.switch_to_block(fast);
        let loads = self.b.create_block();
        let taps = self.vdirect_taps(d, &call);
        let exec = self.exec();
        let far: V = std::array::from_fn(|p| self.b.ins().band_not(exec[p], taps.near[p]));
        let any_far = self.any_lane(far);
        self.b.ins().brif(any_far, slow, &[], loads, &[]);

        self.b.switch_to_block(loads);
        let v = self.vdirect_filter(d, &taps);
        let args: Vec<_> = v.iter().flatten().map(|&x| x.into()).collect();
        self.b.ins().jump(join, &args);

        self.b.switch_to_block(slow);
        let v = self.vtexture_call(&call);
        let args: Vec<_> = v.iter().flatten().map(|&x| x.into()).collect();
        self.b.ins().jump(join, &args);

        self.b.switch_to_block(join);
        let params = self.b.block_params(join).to_vec();
        Ok((0..4)
            .map(|c| std::array::from_fn(|q| params[c * P + q]))
            .collect())
    }

    /// One call of the runtime for the lanes of the mask.
    fn vtexture_call(&mut self, c: &Call) -> Vec<V> {
        let smp = c.smp;
        // The shared arguments.
        let t = self.slot(rt::args::SIZE);
        let izero = self.b.ins().iconst(types::I32, 0);
        for off in (0..rt::args::SIZE as i32).step_by(4) {
            self.b.ins().store(mf(), izero, t, off);
        }
        let m = self.b.ins().iconst(types::I32, c.mode as i64);
        self.b.ins().store(mf(), m, t, rt::args::MODE);
        let shadow = self.b.ins().iconst(types::I32, smp.shadow as i64);
        self.b.ins().store(mf(), shadow, t, rt::args::SHADOW);
        for (i, &o) in c.offset.iter().enumerate() {
            self.b
                .ins()
                .store(mf(), o, t, rt::args::OFFSET + 4 * i as i32);
        }
        if let Some(g) = c.gather {
            self.b.ins().store(mf(), g, t, rt::args::GATHER_COMP);
        }
        // The lanes' arguments, one row of LANES values each.
        let lanes = self.slot((rt::lanes::ROWS * LANES * 4) as u32);
        let vflags = MemFlagsData::new().with_notrap();
        for (r, v) in c.rows.iter().enumerate() {
            for (q, &part) in v.iter().enumerate() {
                let at = (r * LANES * 4 + 16 * q) as i32;
                self.b.ins().store(vflags, part, lanes, at);
            }
        }
        let exec = self.exec();
        let mask = self.vmask_bits(exec);
        let out = self.slot((4 * LANES * 4) as u32);
        let z = self.zero_lanes(Scalar::Int);
        for c in 0..4 {
            for (q, &zq) in z.iter().enumerate() {
                let at = (c * LANES * 4 + 16 * q) as i32;
                self.b.ins().store(vflags, zq, out, at);
            }
        }
        let table = self.samplers;
        self.libcall(
            Libcall::TexSampleLanes,
            &[table, c.unit, t, lanes, mask, out],
        );
        let (comps, s) = if smp.shadow {
            (1, Scalar::Float)
        } else {
            (4, smp.sampled)
        };
        let vt = super::vty(s);
        (0..comps)
            .map(|c| {
                std::array::from_fn(|q| {
                    let at = (c * LANES * 4 + 16 * q) as i32;
                    self.b.ins().load(vt, vflags, out, at)
                })
            })
            .collect()
    }

    /// The texel coordinates and weights of a LINEAR lookup through the direct
    /// descriptor at `d`, as `Fast::one` computes them: texel-space u = s * width +
    /// offset, less one half; i0 = floor(u), the weight u - i0; each of i0 and i0 + 1
    /// wrapped as `clamp(i & mask, lo, hi)`. `near` holds the lanes whose u and v lie
    /// within ±2^23 (the others must take the runtime).
    fn vdirect_taps(&mut self, d: Value, c: &Call) -> Taps {
        use cranelift_codegen::ir::condcodes::FloatCC;
        let dm = mf().with_readonly();
        let limit = self.vsplat_f(8_388_608.0);
        let half = self.vsplat_f(0.5);
        let one = self.b.ins().iconst(types::I32, 1);
        let one = self.b.ins().splat(types::I32X4, one);
        let mut axes = Vec::new();
        let mut near: V =
            [self.b.ins().iconst(types::I32, -1); P].map(|x| self.b.ins().splat(types::I32X4, x));
        for (a, (mask_at, lo_at, hi_at)) in [
            (rt::direct::XMASK, rt::direct::XLO, rt::direct::XHI),
            (rt::direct::YMASK, rt::direct::YLO, rt::direct::YHI),
        ]
        .into_iter()
        .enumerate()
        {
            let size = self
                .b
                .ins()
                .load(types::F32, dm, d, rt::direct::SIZE + 4 * a as i32);
            let size = self.b.ins().splat(types::F32X4, size);
            let offset = match c.offset.get(a) {
                Some(&o) => {
                    let f = self.b.ins().fcvt_from_sint(types::F32, o);
                    self.b.ins().splat(types::F32X4, f)
                }
                None => self.vsplat_f(0.0)[0],
            };
            let ld = |l: &mut Self, at: i32| {
                let x = l.b.ins().load(types::I32, dm, d, at);
                l.b.ins().splat(types::I32X4, x)
            };
            let (mask, lo, hi) = (ld(self, mask_at), ld(self, lo_at), ld(self, hi_at));
            let mut i0s = [one; P];
            let mut i1s = [one; P];
            let mut ws = [one; P];
            for p in 0..P {
                let u = self.b.ins().fmul(c.rows[rt::lanes::COORD + a][p], size);
                let u = if c.offset.get(a).is_some() {
                    self.b.ins().fadd(u, offset)
                } else {
                    // Rust adds 0.0 here: u + 0.0 is u except for -0.0, and -0.0 and
                    // +0.0 floor, weigh and wrap alike.
                    u
                };
                let u = self.b.ins().fsub(u, half[p]);
                let au = self.b.ins().fabs(u);
                let inside = self.b.ins().fcmp(FloatCC::LessThan, au, limit[p]);
                near[p] = self.b.ins().band(near[p], inside);
                // Within ±2^23 (the lanes of `near`, the only ones whose taps are
                // used) floor(u) is an integer that converts exactly; other lanes'
                // indices are whatever the conversion gives, wrapped into the level
                // below like any index.
                let i0f = self.b.ins().floor(u);
                let i0 = self.trunc_in_range(i0f);
                ws[p] = self.b.ins().fsub(u, i0f);
                let i1 = self.b.ins().iadd(i0, one);
                let wrap = |l: &mut Self, i: Value| {
                    let i = l.b.ins().band(i, mask);
                    let i = l.b.ins().smax(i, lo);
                    l.b.ins().smin(i, hi)
                };
                i0s[p] = wrap(self, i0);
                i1s[p] = wrap(self, i1);
            }
            axes.push((i0s, i1s, ws));
        }
        let (x0, x1, wa) = axes[0];
        let (y0, y1, wb) = axes[1];
        Taps {
            x: [x0, x1],
            y: [y0, y1],
            wa,
            wb,
            near,
        }
    }

    /// The bilinear filter of RGBA8 texels at `taps`, as `Fast::one` computes it:
    /// each texel's components c / 255, rows blended by the x weight, then the rows
    /// by the y weight.
    fn vdirect_filter(&mut self, d: Value, t: &Taps) -> Vec<V> {
        let dm = mf().with_readonly();
        let row = self.b.ins().load(types::I32, dm, d, rt::direct::ROW);
        let row = self.b.ins().splat(types::I32X4, row);
        let ptr = self.b.ins().load(types::I64, dm, d, rt::direct::PTR);
        let two = self.b.ins().iconst(types::I32, 2);
        let ff = self.b.ins().iconst(types::I32, 0xff);
        let ff = self.b.ins().splat(types::I32X4, ff);
        // texel(x, y) as four component vectors, for each half.
        let texel = |l: &mut Self, xi: usize, yi: usize| -> [V; 4] {
            let mut comps = [[ff; P]; 4];
            for p in 0..P {
                let y = l.b.ins().imul(t.y[yi][p], row);
                let x = l.b.ins().ishl(t.x[xi][p], two);
                let o = l.b.ins().iadd(y, x);
                let mut w = l.b.ins().iconst(types::I32, 0);
                w = l.b.ins().splat(types::I32X4, w);
                for k in 0..4u8 {
                    let ok = l.b.ins().extractlane(o, k);
                    let ok = l.b.ins().uextend(types::I64, ok);
                    let a = l.b.ins().iadd(ptr, ok);
                    // In bounds for every lane: rt::Direct's wrap keeps x and y inside
                    // the level. Movable (a pure value for Cranelift, placed at its
                    // use, where x86 takes it as PINSRD's memory operand): its address
                    // comes from `ptr`, read here, so it is never computed before this
                    // point; texel fetches need not see this dispatch's image stores
                    // (GL 4.6 §7.13.2 asks a barrier between them).
                    let flags = MemFlagsData::trusted().with_readonly().with_can_move();
                    let v = l.b.ins().load(types::I32, flags, a, 0);
                    w = l.b.ins().insertlane(w, v, k);
                }
                for (c, comp) in comps.iter_mut().enumerate() {
                    let s = l.b.ins().iconst(types::I32, 8 * c as i64);
                    let b = l.b.ins().ushr(w, s);
                    let b = l.b.ins().band(b, ff);
                    let f = l.b.ins().fcvt_from_sint(types::F32X4, b);
                    comp[p] = l.unorm8_div(f);
                }
            }
            comps
        };
        let t00 = texel(self, 0, 0);
        let t10 = texel(self, 1, 0);
        let t01 = texel(self, 0, 1);
        let t11 = texel(self, 1, 1);
        let lerp = |l: &mut Self, a: V, b: V, w: V| -> V {
            std::array::from_fn(|p| {
                let dlt = l.b.ins().fsub(b[p], a[p]);
                let m = l.b.ins().fmul(dlt, w[p]);
                l.b.ins().fadd(a[p], m)
            })
        };
        (0..4)
            .map(|c| {
                let r0 = lerp(self, t00[c], t10[c], t.wa);
                let r1 = lerp(self, t01[c], t11[c], t.wa);
                lerp(self, r0, r1, t.wb)
            })
            .collect()
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
