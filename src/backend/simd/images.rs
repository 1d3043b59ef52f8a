//! imageLoad and imageStore in lanes, for image variables whose format qualifier names
//! one of the formats the scalar lowering reads and writes inline
//! (`images::inline_format`): the unit's descriptor is checked once for the lanes
//! (unit in range, format, access), each lane's coordinates against the image's size;
//! lanes inside read or write the texel directly (the unorm conversion as vector
//! arithmetic with the same results), lanes outside read zeros and write nothing, as
//! the helper would. When the descriptor check fails, every lane takes the runtime's
//! helper, one at a time, as the scalar lowering does.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};

use crate::backend::helpers;
use crate::backend::libcalls::Libcall;
use crate::format::texel::Kind;
use crate::ir::*;
use crate::runtime::image as rt;

use super::super::lower::*;
use super::{LANES, P, V};

impl Lower<'_, '_> {
    /// Whether imageLoad/imageStore with these arguments run in lanes: an image
    /// variable with an inline format, not multisample, without the bounds report.
    pub(super) fn vimage_supported(&self, args: &[ExprId]) -> bool {
        if self.env.check_bounds || args.len() < 2 {
            return false;
        }
        let Ok(img) = self.image_of(args[0]) else {
            return false;
        };
        !img.dim.is_ms()
            && self.inline_image_format(args[0]).is_some()
            && !self.simd_ref().plan.varying[args[0].0 as usize]
    }

    /// The lanes whose coordinates lie inside the image (negative ones compare as
    /// large unsigned values), given the descriptor's verdict `ok`.
    fn vimage_inside(&mut self, d: Value, ok: Value, xyz: &[V; 3]) -> V {
        let dm = mf().with_readonly().with_can_move();
        let okw = self.b.ins().uextend(types::I32, ok);
        let okw = self.b.ins().ineg(okw);
        let mut m: V = [self.b.ins().splat(types::I32X4, okw); P];
        for (i, c) in xyz.iter().enumerate() {
            let size = self
                .b
                .ins()
                .load(types::I32, dm, d, rt::desc::SIZE + 4 * i as i32);
            let sv = self.b.ins().splat(types::I32X4, size);
            for p in 0..P {
                let inside = self.int_compare(IntCC::UnsignedLessThan, c[p], sv);
                m[p] = self.b.ins().band(m[p], inside);
            }
        }
        m
    }

    /// Each lane's texel offset from the image's start, in 32 bits: exact for the
    /// lanes inside an image whose slices and layers span less than 4 GiB, which
    /// [`Self::vimage_small`] adds to the descriptor's verdict.
    fn vimage_offsets(&mut self, d: Value, xyz: &[V; 3], texel: i64) -> V {
        let dm = mf().with_readonly().with_can_move();
        let row = self.b.ins().load(types::I32, dm, d, rt::desc::ROW_STRIDE);
        let slice = self.b.ins().load(types::I32, dm, d, rt::desc::SLICE_STRIDE);
        let rowv = self.b.ins().splat(types::I32X4, row);
        let slicev = self.b.ins().splat(types::I32X4, slice);
        let tv = self.b.ins().iconst(types::I32, texel);
        let tv = self.b.ins().splat(types::I32X4, tv);
        std::array::from_fn(|p| {
            let zo = self.b.ins().imul(xyz[2][p], slicev);
            let yo = self.b.ins().imul(xyz[1][p], rowv);
            // Texel sizes are powers of two but for 3-component formats.
            let xo = if (texel as u64).is_power_of_two() {
                self.b
                    .ins()
                    .ishl_imm_u(xyz[0][p], texel.trailing_zeros() as i64)
            } else {
                self.b.ins().imul(xyz[0][p], tv)
            };
            let o = self.b.ins().iadd(zo, yo);
            self.b.ins().iadd(o, xo)
        })
    }

    /// Whether every texel offset of the image fits 32 bits (row stride times rows
    /// and slice stride times layers below 4 GiB), ANDed into `ok`.
    fn vimage_small(&mut self, d: Value, ok: Value) -> Value {
        let dm = mf().with_readonly().with_can_move();
        let row = self.b.ins().load(types::I64, dm, d, rt::desc::ROW_STRIDE);
        let slice = self.b.ins().load(types::I64, dm, d, rt::desc::SLICE_STRIDE);
        let mut ok = ok;
        for (stride, i) in [(row, 1), (slice, 2)] {
            let n = self.b.ins().load(types::I32, dm, d, rt::desc::SIZE + 4 * i);
            let n = self.b.ins().uextend(types::I64, n);
            // Strides and sizes are below 2^32, so the product cannot wrap 64 bits.
            let span = self.b.ins().imul(stride, n);
            let small =
                self.b
                    .ins()
                    .icmp_imm_u(IntCC::UnsignedLessThanOrEqual, span, u32::MAX as i64);
            let stride_small =
                self.b
                    .ins()
                    .icmp_imm_u(IntCC::UnsignedLessThanOrEqual, stride, u32::MAX as i64);
            ok = self.b.ins().band(ok, small);
            ok = self.b.ins().band(ok, stride_small);
        }
        ok
    }

    /// Each lane's texel address: the image's start plus the lane's offset, or `safe`
    /// for lanes outside `good`.
    fn vimage_addrs(&mut self, d: Value, offs: V, good: V, safe: Value) -> Vec<Value> {
        let dm = mf().with_readonly().with_can_move();
        let ptr = self.b.ins().load(types::I64, dm, d, rt::desc::PTR);
        (0..LANES)
            .map(|k| {
                let o = self.b.ins().extractlane(offs[k / 4], (k % 4) as u8);
                let o = self.b.ins().uextend(types::I64, o);
                let a = self.b.ins().iadd(ptr, o);
                let bit = self.b.ins().extractlane(good[k / 4], (k % 4) as u8);
                self.b.ins().select(bit, a, safe)
            })
            .collect()
    }

    /// Each lane's texel address for a read: the lane's offset from the image's start
    /// where it is inside; texel (0, 0, 0) of the image for the lanes that are not, when
    /// the image may be read inline and has one; the zero page for every lane
    /// otherwise. (No select per lane: the result of a lane outside is replaced.)
    fn vimage_read_addrs(&mut self, d: Value, ok: Value, offs: V, good: V) -> Vec<Value> {
        let dm = mf().with_readonly().with_can_move();
        let ptr = self.b.ins().load(types::I64, dm, d, rt::desc::PTR);
        let mut any_texel = ok;
        for i in 0..3 {
            let n = self.b.ins().load(types::I32, dm, d, rt::desc::SIZE + 4 * i);
            let nz = self.b.ins().icmp_imm_u(IntCC::NotEqual, n, 0);
            any_texel = self.b.ins().band(any_texel, nz);
        }
        let zero = self
            .b
            .ins()
            .iconst(types::I64, helpers::zero_address() as i64);
        let base = self.b.ins().select(any_texel, ptr, zero);
        let offs: V = std::array::from_fn(|p| self.b.ins().band(offs[p], good[p]));
        (0..LANES)
            .map(|k| {
                let o = self.b.ins().extractlane(offs[k / 4], (k % 4) as u8);
                let o = self.b.ins().uextend(types::I64, o);
                self.b.ins().iadd(base, o)
            })
            .collect()
    }

    /// The 32-bit texels of the lanes at byte offsets `offs` (lanes outside `good`
    /// read what `gather` gives them): when every lane is inside the image and the
    /// lanes' texels are consecutive (lane k at offs[0] + 4k), two vector loads of the
    /// 32 bytes they span, which lie inside the image since each lane's texel does;
    /// otherwise `gather`, lane by lane.
    fn vimage_words(
        &mut self,
        d: Value,
        offs: V,
        good: V,
        gather: impl FnOnce(&mut Self) -> V,
    ) -> V {
        let o0 = self.b.ins().extractlane(offs[0], 0);
        let s0 = self.b.ins().splat(types::I32X4, o0);
        let mut all = good[0];
        for &g in &good[1..] {
            all = self.b.ins().band(all, g);
        }
        for (q, &o) in offs.iter().enumerate() {
            let steps = self.lane_steps(q, 4);
            let want = self.b.ins().iadd(s0, steps);
            let eq = self.b.ins().icmp(IntCC::Equal, o, want);
            all = self.b.ins().band(all, eq);
        }
        let consecutive = self.b.ins().vall_true(all);
        let (vector, lanes, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        for _ in 0..P {
            self.b.append_block_param(join, types::I32X4);
        }
        self.b.ins().brif(consecutive, vector, &[], lanes, &[]);
        self.b.switch_to_block(vector);
        let dm = mf().with_readonly().with_can_move();
        let ptr = self.b.ins().load(types::I64, dm, d, rt::desc::PTR);
        let o = self.b.ins().uextend(types::I64, o0);
        let a = self.b.ins().iadd(ptr, o);
        let vflags = MemFlagsData::new().with_notrap();
        let w: Vec<_> = (0..P)
            .map(|q| {
                self.b
                    .ins()
                    .load(types::I32X4, vflags, a, 16 * q as i32)
                    .into()
            })
            .collect();
        self.b.ins().jump(join, &w);
        self.b.switch_to_block(lanes);
        let g = gather(self);
        let g: Vec<_> = g.iter().map(|&x| x.into()).collect();
        self.b.ins().jump(join, &g);
        self.b.switch_to_block(join);
        let params = self.b.block_params(join).to_vec();
        std::array::from_fn(|q| params[q])
    }

    /// The image's (x, y, z) coordinates in lanes.
    fn vimage_xyz(&mut self, dim: Dim, coord: &[V]) -> [V; 3] {
        let zero = self.zero_lanes(Scalar::Int);
        crate::backend::images::image_xyz(dim, coord, zero)
    }

    /// Runs `f(lane)` for each lane set in `m`, in a block entered only when some
    /// lane is.
    fn vfor_lanes(&mut self, m: V, mut f: impl FnMut(&mut Self, usize) -> R<()>) -> R<()> {
        let any = self.any_lane(m);
        let (body, done) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(any, body, &[], done, &[]);
        self.b.switch_to_block(body);
        for k in 0..LANES {
            let (run, next) = (self.b.create_block(), self.b.create_block());
            let bit = self.b.ins().extractlane(m[k / 4], (k % 4) as u8);
            self.b.ins().brif(bit, run, &[], next, &[]);
            self.b.switch_to_block(run);
            f(self, k)?;
            self.b.ins().jump(next, &[]);
            self.b.switch_to_block(next);
        }
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        Ok(())
    }

    /// imageLoad in lanes (see [`Self::vimage_supported`]).
    pub(super) fn vimage_load(&mut self, args: &[ExprId]) -> R<Vec<V>> {
        let img = self.image_of(args[0])?;
        let format = self
            .inline_image_format(args[0])
            .ok_or("internal error: no inline format")?;
        let (kind, n, bits) = format;
        let unit = self.arg_values(args[0])?[0];
        let coord = self.vexpr(args[1])?;
        let xyz = self.vimage_xyz(img.dim, &coord);
        let (d, ok) = self.image_desc(unit, format, rt::ACCESS_READ);
        let ok = self.vimage_small(d, ok);
        let good = self.vimage_inside(d, ok, &xyz);
        let texel = n as i64 * (bits as i64 / 8);
        let offs = self.vimage_offsets(d, &xyz, texel);
        let addrs = self.vimage_read_addrs(d, ok, offs, good);
        let s = img.sampled;
        let float = s == Scalar::Float;
        let mut out: Vec<V> = Vec::with_capacity(4);
        let gather = |l: &mut Self, t: types::Type, at: i32| -> V {
            let z = if t == types::F32 {
                l.zero_lanes(Scalar::Float)
            } else {
                l.zero_lanes(Scalar::Int)
            };
            let mut v = z;
            for (k, &a) in addrs.iter().enumerate() {
                let x = match t {
                    types::I8 => l.b.ins().uload8(types::I32, mf(), a, at),
                    _ => l.b.ins().load(t, mf(), a, at),
                };
                v[k / 4] = l.b.ins().insertlane(v[k / 4], x, (k % 4) as u8);
            }
            // Lanes outside the image read zeros, as the helper gives them.
            std::array::from_fn(|p| {
                if t == types::F32 {
                    let m =
                        l.b.ins()
                            .bitcast(types::F32X4, MemFlagsData::new(), good[p]);
                    l.b.ins().band(v[p], m)
                } else {
                    l.b.ins().band(v[p], good[p])
                }
            })
        };
        // A texel of one 32-bit word: the lanes' words, as vectors where the lanes
        // read consecutive texels.
        let words = if texel == 4 {
            Some(self.vimage_words(d, offs, good, |l| gather(l, types::I32, 0)))
        } else {
            None
        };
        match kind {
            Kind::Unorm => {
                // The bytes of the texel: an rgba8 texel is one word per lane.
                let bytes: Vec<V> = if n == 4 {
                    let w = match words {
                        Some(w) => w,
                        None => gather(self, types::I32, 0),
                    };
                    let ff = self.b.ins().iconst(types::I32, 0xff);
                    let ff = self.b.ins().splat(types::I32X4, ff);
                    (0..4)
                        .map(|i| {
                            std::array::from_fn(|p| {
                                // The top byte needs no mask after its shift.
                                match i {
                                    0 => self.b.ins().band(w[p], ff),
                                    3 => self.b.ins().ushr_imm_u(w[p], 24),
                                    _ => {
                                        let x = self.b.ins().ushr_imm_u(w[p], 8 * i as i64);
                                        self.b.ins().band(x, ff)
                                    }
                                }
                            })
                        })
                        .collect()
                } else {
                    (0..n as i32).map(|i| gather(self, types::I8, i)).collect()
                };
                for b in bytes {
                    let f: V = std::array::from_fn(|p| {
                        let c = self.b.ins().fcvt_from_sint(types::F32X4, b[p]);
                        self.unorm8_div(c)
                    });
                    out.push(f);
                }
            }
            _ => match words {
                Some(w) if float => {
                    out.push(w.map(|x| self.b.ins().bitcast(types::F32X4, MemFlagsData::new(), x)))
                }
                Some(w) => out.push(w),
                None => {
                    let t = if float { types::F32 } else { types::I32 };
                    for i in 0..n as i32 {
                        out.push(gather(self, t, 4 * i));
                    }
                }
            },
        }
        while out.len() < 4 {
            let v = if out.len() == 3 {
                if float {
                    let one = self.b.ins().f32const(1.0);
                    [self.b.ins().splat(types::F32X4, one); P]
                } else {
                    let one = self.b.ins().iconst(types::I32, 1);
                    [self.b.ins().splat(types::I32X4, one); P]
                }
            } else {
                self.zero_lanes(s)
            };
            out.push(v);
        }
        // Lanes outside the image read zeros, as the helper gives them: the texel data
        // was (`gather` masks it; the vector loads are only for lanes all inside), the
        // components a format lacks are here.
        let out: Vec<V> = out
            .iter()
            .enumerate()
            .map(|(c, v)| {
                if c < n as usize {
                    return *v;
                }
                std::array::from_fn(|p| {
                    if float {
                        let m = self
                            .b
                            .ins()
                            .bitcast(types::F32X4, MemFlagsData::new(), good[p]);
                        self.b.ins().band(v[p], m)
                    } else {
                        self.b.ins().band(v[p], good[p])
                    }
                })
            })
            .collect();
        // A unit that may not be read inline (another format, not readable, nothing
        // bound, offsets past 32 bits): every lane of the mask takes the helper, one at
        // a time, from zeros (the inline values are not live across its calls).
        let vars: Vec<_> = (0..4).map(|_| self.vvar(s)).collect();
        for (var, v) in vars.iter().zip(&out) {
            self.def_vvar(*var, *v);
        }
        let (helper, join) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, join, &[], helper, &[]);
        self.b.switch_to_block(helper);
        let zero = self.zero_lanes(s);
        for var in &vars {
            self.def_vvar(*var, zero);
        }
        let slow = self.exec();
        let t = if float { types::F32 } else { types::I32 };
        self.vfor_lanes(slow, |l, k| {
            let [x, y, z] = [0, 1, 2].map(|c| l.b.ins().extractlane(xyz[c][k / 4], (k % 4) as u8));
            let vals = l.image_load_helper(unit, [x, y, z], t);
            for (var, v) in vars.iter().zip(vals) {
                let cur = l.use_vvar(*var);
                let new = l.with_lane(s, cur, k, v);
                l.def_vvar(*var, new);
            }
            Ok(())
        })?;
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(join);
        Ok(vars.iter().map(|v| self.use_vvar(*v)).collect())
    }

    /// imageStore in lanes (see [`Self::vimage_supported`]), for the lanes of the
    /// execution mask.
    pub(super) fn vimage_store(&mut self, args: &[ExprId]) -> R<()> {
        let img = self.image_of(args[0])?;
        let format = self
            .inline_image_format(args[0])
            .ok_or("internal error: no inline format")?;
        let (kind, n, bits) = format;
        let unit = self.arg_values(args[0])?[0];
        let coord = self.vexpr(args[1])?;
        let data = self.vexpr(*args.last().ok_or("internal error: no data")?)?;
        let xyz = self.vimage_xyz(img.dim, &coord);
        let (d, ok) = self.image_desc(unit, format, rt::ACCESS_WRITE);
        let ok = self.vimage_small(d, ok);
        let inside = self.vimage_inside(d, ok, &xyz);
        let exec = self.exec();
        let good: V = std::array::from_fn(|p| self.b.ins().band(inside[p], exec[p]));
        let texel = n as i64 * (bits as i64 / 8);
        let offs = self.vimage_offsets(d, &xyz, texel);
        let sink = self.sink();
        let addrs = self.vimage_addrs(d, offs, good, sink);
        let s = img.sampled;
        for (i, c) in data.iter().take(n as usize).enumerate() {
            match kind {
                Kind::Unorm => {
                    // f32_to_unorm, lane by lane as the scalar lowering converts.
                    for (k, &a) in addrs.iter().enumerate() {
                        let x = self.b.ins().extractlane(c[k / 4], (k % 4) as u8);
                        let byte = self.unorm8_encode(x);
                        self.b.ins().store(mf(), byte, a, i as i32);
                    }
                }
                _ => {
                    for (k, &a) in addrs.iter().enumerate() {
                        let x = self.b.ins().extractlane(c[k / 4], (k % 4) as u8);
                        self.b.ins().store(mf(), x, a, 4 * i as i32);
                    }
                }
            }
        }
        // Lanes outside the image wrote nothing (their address is the sink), as the
        // helper drops them. A unit that may not be written inline (another format,
        // not writable, nothing bound, offsets past 32 bits): every lane of the mask
        // takes the helper, one at a time.
        let (helper, join) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, join, &[], helper, &[]);
        self.b.switch_to_block(helper);
        let table = self.images;
        self.vfor_lanes(exec, |l, k| {
            let [x, y, z] = [0, 1, 2].map(|c| l.b.ins().extractlane(xyz[c][k / 4], (k % 4) as u8));
            let ss =
                l.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 16, 4));
            let v = l.b.ins().stack_addr(types::I64, ss, 0);
            for (i, c) in data.iter().take(4).enumerate() {
                let x = l.lane(s, *c, k);
                l.b.ins().store(mf(), x, v, 4 * i as i32);
            }
            l.libcall(Libcall::ImageStore, &[table, unit, x, y, z, v]);
            Ok(())
        })?;
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(join);
        Ok(())
    }

    /// f32_to_unorm for 8 bits, as the scalar lowering's inline imageStore: NaN gives
    /// 0; clamp to [0, 1]; round(f * 255) with ties to even, in double precision.
    fn unorm8_encode(&mut self, c: Value) -> Value {
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
        self.b.ins().ireduce(types::I8, w)
    }
}

impl Lower<'_, '_> {
    /// c / 255 correctly rounded, for float lanes holding integers 0..=255 (unorm8
    /// to float). With fused multiply-adds: c * K1 + (c * K2) in one rounding, where
    /// K1 = 1/255 rounded to single precision and K2 = 1/255 - K1 rounded: the sum
    /// is within about 2^-48 of c / 255, far closer than c / 255 (whose binary
    /// expansion repeats c's 8 bits) ever comes to a rounding midpoint. Without them,
    /// q = c * K1 is within an ulp, and one correction step q + (c - q * 255) * K1
    /// gives the correctly rounded quotient. Both checked exhaustively against the
    /// exact quotient over 0..=255 (the images and sampler_lanes tests compare with
    /// the runtime's division). A division would cost several times as much.
    pub(super) fn unorm8_div(&mut self, c: Value) -> Value {
        let k1: f32 = 1.0 / 255.0;
        let r = self.b.ins().f32const(k1);
        let r = self.b.ins().splat(types::F32X4, r);
        if self.env.fma {
            // -2.3191758e-10: 1/255 - K1, rounded.
            let k2 = (1.0f64 / 255.0 - k1 as f64) as f32;
            let lo = self.b.ins().f32const(k2);
            let lo = self.b.ins().splat(types::F32X4, lo);
            let lo = self.b.ins().fmul(c, lo);
            return self.b.ins().fma(c, r, lo);
        }
        let k255 = self.b.ins().f32const(255.0);
        let k255 = self.b.ins().splat(types::F32X4, k255);
        let q = self.b.ins().fmul(c, r);
        let qm = self.b.ins().fmul(q, k255);
        let e = self.b.ins().fsub(c, qm);
        let er = self.b.ins().fmul(e, r);
        self.b.ins().fadd(q, er)
    }
}
