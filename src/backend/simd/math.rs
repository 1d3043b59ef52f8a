//! Transcendental built-ins on four float lanes at a time, as inline polynomial
//! sequences (Cephes' single-precision kernels): exp2, exp, log2, log, pow, sin,
//! cos, tan and atan. Each reduces its argument exactly enough for single precision
//! and evaluates a minimax polynomial; `conformance/c/compute/vector_math.c` checks
//! every one against a double-precision reference over many inputs, within the
//! precision GLSL 4.60 §4.7.1 allows. sin, cos and tan take the runtime's helper, lane by lane, for the lanes
//! whose argument is beyond 8192 in magnitude or not finite (there the reduction
//! below loses precision).

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    BlockArg, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};

use crate::backend::libcalls::Libcall;
use crate::ir::Builtin;

use super::super::lower::*;
use super::{P, V};

/// The largest |x| sin, cos and tan reduce inline.
const TRIG_MAX: f32 = 8192.0;

impl Lower<'_, '_> {
    fn fc(&mut self, v: f32) -> Value {
        let c = self.b.ins().f32const(v);
        self.b.ins().splat(types::F32X4, c)
    }

    fn ic(&mut self, v: i32) -> Value {
        let c = self.b.ins().iconst(types::I32, v as i64);
        self.b.ins().splat(types::I32X4, c)
    }

    /// Vector shifts take a scalar amount (the `_imm` forms are scalar-only).
    fn vshl(&mut self, x: Value, n: i64) -> Value {
        let n = self.b.ins().iconst(types::I32, n);
        self.b.ins().ishl(x, n)
    }

    fn vushr(&mut self, x: Value, n: i64) -> Value {
        let n = self.b.ins().iconst(types::I32, n);
        self.b.ins().ushr(x, n)
    }

    fn vsshr(&mut self, x: Value, n: i64) -> Value {
        let n = self.b.ins().iconst(types::I32, n);
        self.b.ins().sshr(x, n)
    }

    fn vand(&mut self, x: Value, c: i32) -> Value {
        let c = self.ic(c);
        self.b.ins().band(x, c)
    }

    /// Float lanes to integers, truncating, for values the caller knows are in range
    /// or whose lanes it discards otherwise (x86's `cvttps2dq` gives 0x8000_0000 out
    /// of range; the saturating conversion costs seven instructions more there).
    pub(super) fn trunc_in_range(&mut self, x: Value) -> Value {
        if cfg!(target_arch = "x86_64") {
            self.b.ins().x86_cvtt2dq(types::I32X4, x)
        } else {
            self.b.ins().fcvt_to_sint_sat(types::I32X4, x)
        }
    }

    fn as_int(&mut self, x: Value) -> Value {
        self.b.ins().bitcast(types::I32X4, MemFlagsData::new(), x)
    }

    fn as_float(&mut self, x: Value) -> Value {
        self.b.ins().bitcast(types::F32X4, MemFlagsData::new(), x)
    }

    /// `m ? a : b` for float vectors and an integer mask.
    fn fsel(&mut self, m: Value, a: Value, b: Value) -> Value {
        let mf = self.as_float(m);
        self.b.ins().bitselect(mf, a, b)
    }

    /// Horner's rule: c[0] * x^(n-1) + ... + c[n-1], each step one fused
    /// multiply-add where the host has them (one rounding instead of two).
    fn horner(&mut self, x: Value, c: &[f32]) -> Value {
        let mut acc = self.fc(c[0]);
        for &k in &c[1..] {
            let kv = self.fc(k);
            acc = if self.env.fma {
                self.b.ins().fma(acc, x, kv)
            } else {
                let t = self.b.ins().fmul(acc, x);
                self.b.ins().fadd(t, kv)
            };
        }
        acc
    }

    /// 2^x.
    fn v_exp2(&mut self, x: Value) -> Value {
        let n = self.b.ins().nearest(x);
        let f = self.b.ins().fsub(x, n);
        // 2^f - 1 = f * P(f) for f in [-0.5, 0.5] (Cephes exp2f).
        let p = self.horner(
            f,
            &[
                1.535_336_2e-4,
                1.339_887_4e-3,
                9.618_437e-3,
                5.550_332_5e-2,
                2.402_264_8e-1,
                6.931_472e-1,
            ],
        );
        let p = self.b.ins().fmul(p, f);
        let one = self.fc(1.0);
        let p = self.b.ins().fadd(p, one);
        // 2^n in two factors, each a normal power of two, so that results down to
        // the denormals come out of the product (n clamped to where the product
        // has already overflowed or underflowed). The clamp is on the integer: a lane
        // whose n does not convert (NaN, or |x| >= 2^31) comes out as some integer,
        // clamped too, and the lines below give such lanes their result (NaN stays NaN
        // through `p`; infinities and huge values are replaced).
        let ni = self.trunc_in_range(n);
        let lo = self.ic(-252);
        let hi = self.ic(254);
        let ni = self.b.ins().smax(ni, lo);
        let ni = self.b.ins().smin(ni, hi);
        let n1 = self.vsshr(ni, 1);
        let n2 = self.b.ins().isub(ni, n1);
        let bias = self.ic(127);
        let mut r = p;
        for k in [n1, n2] {
            let e = self.b.ins().iadd(k, bias);
            let e = self.vshl(e, 23);
            let scale = self.as_float(e);
            r = self.b.ins().fmul(r, scale);
        }
        // Infinities (x - n is NaN there): +inf from 128 on, zero far below.
        let inf = self.fc(f32::INFINITY);
        let zero = self.fc(0.0);
        let k128 = self.fc(128.0);
        let big = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, x, k128);
        let r = self.fsel(big, inf, r);
        let kmin = self.fc(-160.0);
        let small = self.b.ins().fcmp(FloatCC::LessThan, x, kmin);
        self.fsel(small, zero, r)
    }

    /// ln(x) and log2(x) parts: (e, l) with x = 2^e * (1 + t), l = ln(1 + t); specials
    /// fixed by the caller through [`Self::v_log_special`].
    fn v_log_core(&mut self, x: Value) -> (Value, Value) {
        let bits = self.as_int(x);
        let e = self.vushr(bits, 23);
        let e = self.vand(e, 0xff);
        let mant_mask = self.ic(0x007f_ffff);
        let m = self.b.ins().band(bits, mant_mask);
        let one_bits = self.ic(0x3f80_0000);
        let m = self.b.ins().bor(m, one_bits);
        let m = self.as_float(m);
        // m in [1, 2): from sqrt(2) on, halve it and count one more.
        let sqrt2 = self.fc(std::f32::consts::SQRT_2);
        let big = self.b.ins().fcmp(FloatCC::GreaterThan, m, sqrt2);
        let half = self.fc(0.5);
        let one = self.fc(1.0);
        let scale = self.fsel(big, half, one);
        let m = self.b.ins().fmul(m, scale);
        let bias = self.ic(127);
        let e = self.b.ins().isub(e, bias);
        // `big` is all ones (-1) where m was halved: one more there.
        let e = self.b.ins().isub(e, big);
        let e = self.b.ins().fcvt_from_sint(types::F32X4, e);
        let t = self.b.ins().fsub(m, one);
        // ln(1 + t) = t - t^2/2 + t^3 P(t) for t in [sqrt(1/2) - 1, sqrt(2) - 1]
        // (Cephes logf).
        let z = self.b.ins().fmul(t, t);
        let p = self.horner(
            t,
            &[
                7.037_683_6e-2,
                -1.151_461e-1,
                1.167_699_9e-1,
                -1.242_014_1e-1,
                1.424_932_3e-1,
                -1.666_805_8e-1,
                2.000_071_4e-1,
                -2.499_999_4e-1,
                f32::from_bits(0x3eaa_aaaa), // 3.3333331174e-1
            ],
        );
        let p = self.b.ins().fmul(p, t);
        let p = self.b.ins().fmul(p, z);
        let hz = self.b.ins().fmul(z, half);
        let y = self.b.ins().fsub(p, hz);
        let l = self.b.ins().fadd(t, y);
        (e, l)
    }

    /// The special values of log and log2: x < 0 and NaN give NaN, +0 and -0 (and
    /// denormals, flushed) -infinity, +infinity itself.
    fn v_log_special(&mut self, x: Value, r: Value) -> Value {
        let zero = self.fc(0.0);
        let tiny = self.fc(f32::MIN_POSITIVE);
        let inf = self.fc(f32::INFINITY);
        let ninf = self.fc(f32::NEG_INFINITY);
        let nan = self.fc(f32::NAN);
        let is_inf = self.b.ins().fcmp(FloatCC::Equal, x, inf);
        let r = self.fsel(is_inf, inf, r);
        let sub = self.b.ins().fcmp(FloatCC::LessThan, x, tiny);
        let r = self.fsel(sub, ninf, r);
        let neg = self.b.ins().fcmp(FloatCC::LessThan, x, zero);
        let r = self.fsel(neg, nan, r);
        let un = self.b.ins().fcmp(FloatCC::Unordered, x, x);
        self.fsel(un, x, r)
    }

    fn v_log2(&mut self, x: Value) -> Value {
        let (e, l) = self.v_log_core(x);
        let k = self.fc(std::f32::consts::LOG2_E);
        let l2 = self.b.ins().fmul(l, k);
        let r = self.b.ins().fadd(e, l2);
        self.v_log_special(x, r)
    }

    fn v_log(&mut self, x: Value) -> Value {
        let (e, l) = self.v_log_core(x);
        // e * ln 2 in two parts (Cephes): the first exact in single precision.
        let c1 = self.fc(0.693_359_4);
        let c2 = self.fc(-2.121_944_4e-4);
        let a = self.b.ins().fmul(e, c2);
        let l = self.b.ins().fadd(l, a);
        let b = self.b.ins().fmul(e, c1);
        let r = self.b.ins().fadd(l, b);
        self.v_log_special(x, r)
    }

    fn v_exp(&mut self, x: Value) -> Value {
        let k = self.fc(std::f32::consts::LOG2_E);
        let y = self.b.ins().fmul(x, k);
        self.v_exp2(y)
    }

    /// pow(x, y) = exp2(y * log2(x)) (GLSL 4.60 §8.2 defines it so; x < 0, and x = 0
    /// with y <= 0, are undefined).
    fn v_pow(&mut self, x: Value, y: Value) -> Value {
        let l = self.v_log2(x);
        let p = self.b.ins().fmul(y, l);
        let r = self.v_exp2(p);
        // y = 0 gives 1 for every x, as the helper gives.
        let zero = self.fc(0.0);
        let one = self.fc(1.0);
        let y0 = self.b.ins().fcmp(FloatCC::Equal, y, zero);
        self.fsel(y0, one, r)
    }

    /// sin, cos and tan of x with |x| <= TRIG_MAX: the reduced argument's sine and
    /// cosine polynomials and the quadrant.
    fn v_trig_core(&mut self, x: Value) -> (Value, Value, Value) {
        let ax = self.b.ins().fabs(x);
        // q = round(|x| * 2/pi): |x| = q * pi/2 + r with |r| <= pi/4 (Cody-Waite in
        // three parts, Cephes' DP1..DP3 doubled).
        let two_over_pi = self.fc(std::f32::consts::FRAC_2_PI);
        let q = self.b.ins().fmul(ax, two_over_pi);
        let q = self.b.ins().nearest(q);
        let d1 = self.fc(1.570_312_5);
        let d2 = self.fc(f32::from_bits(0x39fd_a000)); // 4.837512969970703125e-4, exact
        let d3 = self.fc(f32::from_bits(0x33a2_2169)); // pi/2 - d1 - d2, rounded
        let t = self.b.ins().fmul(q, d1);
        let r = self.b.ins().fsub(ax, t);
        let t = self.b.ins().fmul(q, d2);
        let r = self.b.ins().fsub(r, t);
        let t = self.b.ins().fmul(q, d3);
        let r = self.b.ins().fsub(r, t);
        let z = self.b.ins().fmul(r, r);
        // sin r = r + r z S(z); cos r = 1 - z/2 + z^2 C(z) (Cephes sinf/cosf).
        let s = self.horner(z, &[-1.951_529_6e-4, 8.332_161e-3, -1.666_665_5e-1]);
        let s = self.b.ins().fmul(s, z);
        let s = self.b.ins().fmul(s, r);
        let sin_r = self.b.ins().fadd(s, r);
        let c = self.horner(z, &[2.443_315_7e-5, -1.388_731_6e-3, 4.166_664_6e-2]);
        let c = self.b.ins().fmul(c, z);
        let c = self.b.ins().fmul(c, z);
        let half = self.fc(0.5);
        let hz = self.b.ins().fmul(z, half);
        let one = self.fc(1.0);
        let c1 = self.b.ins().fsub(one, hz);
        let cos_r = self.b.ins().fadd(c1, c);
        // q < 2^13 here; lanes past TRIG_MAX or not finite take the helper.
        let qi = self.trunc_in_range(q);
        (sin_r, cos_r, qi)
    }

    /// Negates the lanes of `v` where bit `bit` of the integer lanes `q` is set.
    fn negate_where(&mut self, v: Value, q: Value, bit: i32) -> Value {
        let b = self.vand(q, bit);
        let sh = self.vshl(b, 31 - bit.trailing_zeros() as i64);
        let vi = self.as_int(v);
        let r = self.b.ins().bxor(vi, sh);
        self.as_float(r)
    }

    fn v_sin(&mut self, x: Value) -> Value {
        let (s, c, q) = self.v_trig_core(x);
        // sin |x| by quadrant: sin r, cos r, -sin r, -cos r.
        let odd = self.vand(q, 1);
        let zero = self.ic(0);
        let odd = self.b.ins().icmp(IntCC::NotEqual, odd, zero);
        let v = self.fsel(odd, c, s);
        let v = self.negate_where(v, q, 2);
        // sin is odd: the sign of x.
        let sign = self.ic(i32::MIN);
        let xi = self.as_int(x);
        let xs = self.b.ins().band(xi, sign);
        let vi = self.as_int(v);
        let r = self.b.ins().bxor(vi, xs);
        self.as_float(r)
    }

    fn v_cos(&mut self, x: Value) -> Value {
        let (s, c, q) = self.v_trig_core(x);
        // cos |x| by quadrant: cos r, -sin r, -cos r, sin r.
        let odd = self.vand(q, 1);
        let zero = self.ic(0);
        let odd = self.b.ins().icmp(IntCC::NotEqual, odd, zero);
        let v = self.fsel(odd, s, c);
        let one = self.ic(1);
        let q1 = self.b.ins().iadd(q, one);
        self.negate_where(v, q1, 2)
    }

    fn v_tan(&mut self, x: Value) -> Value {
        let (s, c, q) = self.v_trig_core(x);
        // tan |x| = sin r / cos r in even quadrants, -cos r / sin r in odd ones.
        let odd = self.vand(q, 1);
        let zero = self.ic(0);
        let odd = self.b.ins().icmp(IntCC::NotEqual, odd, zero);
        let num = self.fsel(odd, c, s);
        let den = self.fsel(odd, s, c);
        let t = self.b.ins().fdiv(num, den);
        let t = self.negate_where(t, q, 1);
        let sign = self.ic(i32::MIN);
        let xi = self.as_int(x);
        let xs = self.b.ins().band(xi, sign);
        let ti = self.as_int(t);
        let r = self.b.ins().bxor(ti, xs);
        self.as_float(r)
    }

    fn v_atan(&mut self, x: Value) -> Value {
        let ax = self.b.ins().fabs(x);
        // Reduce |x| (Cephes atanf): above tan(3pi/8) to -1/|x| + pi/2, above
        // tan(pi/8) to (|x| - 1)/(|x| + 1) + pi/4.
        let t38 = self.fc(2.414_213_5);
        let t8 = self.fc(0.414_213_57);
        let one = self.fc(1.0);
        let zero = self.fc(0.0);
        let big = self.b.ins().fcmp(FloatCC::GreaterThan, ax, t38);
        let mid = self.b.ins().fcmp(FloatCC::GreaterThan, ax, t8);
        let neg_one = self.fc(-1.0);
        let am1 = self.b.ins().fsub(ax, one);
        let num = self.fsel(big, neg_one, am1);
        let ap1 = self.b.ins().fadd(ax, one);
        let den = self.fsel(big, ax, ap1);
        let red = self.b.ins().fdiv(num, den);
        let y = self.fsel(mid, red, ax);
        let pi2 = self.fc(std::f32::consts::FRAC_PI_2);
        let pi4 = self.fc(std::f32::consts::FRAC_PI_4);
        let off = self.fsel(mid, pi4, zero);
        let off = self.fsel(big, pi2, off);
        let z = self.b.ins().fmul(y, y);
        let p = self.horner(
            z,
            &[
                8.053_744_5e-2,
                -1.387_768_5e-1,
                1.997_771_1e-1,
                f32::from_bits(0xbeaa_aa2a), // -3.33329491539e-1
            ],
        );
        let p = self.b.ins().fmul(p, z);
        let p = self.b.ins().fmul(p, y);
        let p = self.b.ins().fadd(p, y);
        let r = self.b.ins().fadd(off, p);
        // The sign of x (and NaN stays NaN through the arithmetic).
        let sign = self.ic(i32::MIN);
        let xi = self.as_int(x);
        let xs = self.b.ins().band(xi, sign);
        let ri = self.as_int(r);
        let r = self.b.ins().bxor(ri, xs);
        self.as_float(r)
    }

    /// The built-ins above on lanes of floats (None: not one of them, or not float).
    pub(super) fn vmath(&mut self, fun: Builtin, args: &[Vec<V>]) -> Option<Vec<V>> {
        use Builtin::*;
        let f: fn(&mut Self, Value) -> Value = match fun {
            Exp2 => Self::v_exp2,
            Exp => Self::v_exp,
            Log2 => Self::v_log2,
            Log => Self::v_log,
            Sin => Self::v_sin,
            Cos => Self::v_cos,
            Tan => Self::v_tan,
            Atan if args.len() == 1 => Self::v_atan,
            Pow => {
                let (x, y) = (&args[0], &args[1]);
                return Some(
                    x.iter()
                        .zip(y.iter().cycle())
                        .map(|(a, b)| std::array::from_fn(|p| self.v_pow(a[p], b[p])))
                        .collect(),
                );
            }
            _ => return None,
        };
        let trig = matches!(fun, Sin | Cos | Tan);
        let mut out = Vec::with_capacity(args[0].len());
        for x in &args[0] {
            let v: V = std::array::from_fn(|p| f(self, x[p]));
            out.push(if trig {
                self.v_trig_wide(fun, *x, v)
            } else {
                v
            });
        }
        Some(out)
    }

    /// The lanes of a sine, cosine or tangent whose argument is past TRIG_MAX or not
    /// finite: the helper, one lane at a time, in a block entered only when some lane
    /// needs it.
    fn v_trig_wide(&mut self, fun: Builtin, x: V, v: V) -> V {
        let lc = match fun {
            Builtin::Sin => Libcall::SinF32,
            Builtin::Cos => Libcall::CosF32,
            _ => Libcall::TanF32,
        };
        let limit = self.fc(TRIG_MAX);
        let wide: V = std::array::from_fn(|p| {
            let a = self.b.ins().fabs(x[p]);
            // Not (|x| <= limit): also NaN.
            let ok = self.b.ins().fcmp(FloatCC::LessThanOrEqual, a, limit);
            self.b.ins().bnot(ok)
        });
        let any = self.any_lane(wide);
        let (some, done) = (self.b.create_block(), self.b.create_block());
        for _ in 0..P {
            self.b.append_block_param(done, types::F32X4);
        }
        let vargs: Vec<BlockArg> = v.iter().map(|&q| BlockArg::Value(q)).collect();
        self.b.ins().brif(any, some, &[], done, &vargs);
        // The lanes in a loop over a stack slot: x, the mask, and the results
        // (starting as the polynomial's); only when some lane needs it.
        self.b.switch_to_block(some);
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            (3 * 16 * P) as u32,
            4,
        ));
        let base = self.b.ins().stack_addr(types::I64, ss, 0);
        let vflags = MemFlagsData::new().with_notrap();
        for q in 0..P {
            let q16 = 16 * q as i32;
            self.b.ins().store(vflags, x[q], base, q16);
            self.b
                .ins()
                .store(vflags, wide[q], base, (16 * P) as i32 + q16);
            self.b
                .ins()
                .store(vflags, v[q], base, (32 * P) as i32 + q16);
        }
        let r = self.lane_loop(base, Some((16 * P) as i32), |l, off| {
            let lane = l.b.ins().iadd(base, off);
            let a = l.b.ins().load(types::F32, mf(), lane, 0);
            let r = l.libcall(lc, &[a])[0];
            l.b.ins().store(mf(), r, lane, (32 * P) as i32);
            Ok(())
        });
        debug_assert!(r.is_ok(), "the loop body cannot fail");
        let fixed: Vec<BlockArg> = (0..P)
            .map(|q| {
                BlockArg::Value(self.b.ins().load(
                    types::F32X4,
                    vflags,
                    base,
                    (32 * P + 16 * q) as i32,
                ))
            })
            .collect();
        self.b.ins().jump(done, &fixed);
        self.b.switch_to_block(done);
        let ps = self.b.block_params(done).to_vec();
        std::array::from_fn(|q| ps[q])
    }
}
