//! CVT (NV_gpu_program5 §2.X.8.Z): conversion between the 8-, 16- and 32-bit integer
//! types, F16 and F32, with a rounding modifier wherever a conversion rounds (float to
//! integer or F16, integer to F32 or F16) and clamping (.SAT, .SSAT) of float results
//! (the parser refuses it on integer results, as NVIDIA's driver does). Registers hold
//! 32-bit components. What NV_gpu_program5 leaves to the implementation follows NVIDIA's
//! driver (580, measured by conformance/c/asm/nv_compute_program5.c): an F16 operand
//! is the low 16 bits of its component and an F16 result is written there (upper bits
//! zero); a float converted to an integer type saturates to that type's range; an
//! integer converted to a narrower one keeps its low bits; 8- and 16-bit results are
//! sign- or zero-extended to 32 bits.

use super::alu::{float_flags, int_flags};
use super::*;

impl Fb<'_, '_> {
    /// `w` (a uvec4 of 32-bit words) narrowed to `bits` of `ty` and widened back to
    /// 32 bits: sign-extended for S, zero-extended for U (the low bits are kept).
    fn narrow(&mut self, w: ExprId, ty: DataType, bits: u8) -> ExprId {
        if bits >= 32 {
            return w;
        }
        match ty {
            DataType::S => {
                let i = self.convert(w, Scalar::Int);
                let k = self.splat_bits(DataType::S, 32 - bits as u32);
                let up = self.bin(BinaryOp::Shl, i, k);
                let k = self.splat_bits(DataType::S, 32 - bits as u32);
                let down = self.bin(BinaryOp::Shr, up, k);
                self.convert(down, Scalar::Uint)
            }
            _ => {
                let mask = self.splat_bits(DataType::U, (1u32 << bits) - 1);
                self.bin(BinaryOp::BitAnd, w, mask)
            }
        }
    }

    /// The low 16 bits of each component of `w` (uvec4) as half floats, as a vec4.
    fn halves_to_float(&mut self, w: LocalId) -> ExprId {
        let t = self.t();
        let mut parts = Vec::new();
        for c in 0..4u8 {
            let v = self.local(w);
            let x = self.swz(v, &[c]);
            let xy = self.call(Builtin::UnpackHalf2x16, vec![x], t.fv2);
            parts.push(self.swz(xy, &[0]));
        }
        self.compose(parts, t.fv4)
    }

    /// Half-float bits (uvec4, low 16 bits) of the vec4 local `x`, rounded as `round`
    /// says: the nearest half (ties to even) moved by one step where it lies on the
    /// wrong side of `x`.
    fn float_to_halves(&mut self, x: LocalId, round: Round, out: &mut Block) -> ExprId {
        let t = self.t();
        let mut parts = Vec::new();
        for c in 0..4u8 {
            let v = self.local(x);
            let xc = self.swz(v, &[c]);
            let zero = self.lit_f(0.0);
            let pair = self.compose(vec![xc, zero], t.fv2);
            parts.push(self.call(Builtin::PackHalf2x16, vec![pair], t.u));
        }
        let h = self.compose(parts, t.uv4);
        let h = self.tmp(h, out);
        if round == Round::Round {
            return self.local(h);
        }
        let back = self.halves_to_float(h);
        let back = self.tmp(back, out);
        let hv = self.local(h);
        let sign_bit = self.splat_bits(DataType::U, 0x8000);
        let s = self.bin(BinaryOp::BitAnd, hv, sign_bit);
        let zero = self.splat_bits(DataType::U, 0);
        let negative = self.call(Builtin::NotEqual, vec![s, zero], t.bv4);
        let negative = self.tmp(negative, out);
        self.directed(h, negative, back, x, t.fv4, round, out)
    }

    /// The integers (words of `ty`) of local `w` as floats rounded as `round` says:
    /// the nearest float, moved one step where it lies on the wrong side of the
    /// integer (compared exactly as 64-bit integers).
    fn int_to_float_rounded(
        &mut self,
        w: LocalId,
        ty: DataType,
        round: Round,
        out: &mut Block,
    ) -> ExprId {
        let t = self.t();
        let i64v4 = self.l.m.types.vector(Scalar::Int64, 4);
        let v = self.local(w);
        let v = self.bits_as(v, ty);
        let v = self.tmp(v, out);
        let vf = self.local(v);
        let f = self.convert(vf, Scalar::Float);
        let f = self.tmp(f, out);
        let (fv, vv) = (self.local(f), self.local(v));
        let back = self.convert(fv, Scalar::Int64);
        let exact = self.convert(vv, Scalar::Int64);
        let (back, exact) = (self.tmp(back, out), self.tmp(exact, out));
        let fv = self.local(f);
        let zero = self.splat_bits(DataType::F, 0);
        let negative = self.call(Builtin::LessThan, vec![fv, zero], t.bv4);
        let negative = self.tmp(negative, out);
        let fv = self.local(f);
        let bits = self.as_bits(fv, DataType::F);
        let bits = self.tmp(bits, out);
        let r = self.directed(bits, negative, back, exact, i64v4, round, out);
        self.bits_as(r, DataType::F)
    }

    /// A rounding by `round` (not ROUND) of a value whose nearest representation has
    /// the bits `bits` (a float format's, sign in `negative`), `got` as that
    /// representation's value and `want` as the exact one (both of type `ty`): the bits
    /// moved one step (the bit pattern's magnitude up or down) where `got` lies on the
    /// wrong side of `want`.
    #[allow(clippy::too_many_arguments)]
    fn directed(
        &mut self,
        bits: LocalId,
        negative: LocalId,
        got: LocalId,
        want: LocalId,
        ty: TypeId,
        round: Round,
        out: &mut Block,
    ) -> ExprId {
        let t = self.t();
        let (b1, b2) = (self.local(bits), self.local(bits));
        let one = self.splat_bits(DataType::U, 1);
        let away = self.bin(BinaryOp::Add, b1, one);
        let one = self.splat_bits(DataType::U, 1);
        let toward = self.bin(BinaryOp::Sub, b2, one);
        let (away, toward) = (self.tmp(away, out), self.tmp(toward, out));
        let (g, w) = (self.local(got), self.local(want));
        let (av, tv, neg) = (self.local(away), self.local(toward), self.local(negative));
        let (fix, step) = match round {
            // Too low: the next value up (a larger magnitude if positive).
            Round::Ceil => {
                let low = self.call(Builtin::LessThan, vec![g, w], t.bv4);
                let step = self.call(Builtin::MixBool, vec![av, tv, neg], t.uv4);
                (low, step)
            }
            // Too high: the next value down.
            Round::Flr => {
                let high = self.call(Builtin::GreaterThan, vec![g, w], t.bv4);
                let step = self.call(Builtin::MixBool, vec![tv, av, neg], t.uv4);
                (high, step)
            }
            // A larger magnitude than wanted: one step toward zero.
            Round::Trunc | Round::Round => {
                let ag = self.call(Builtin::Abs, vec![g], ty);
                let aw = self.call(Builtin::Abs, vec![w], ty);
                let big = self.call(Builtin::GreaterThan, vec![ag, aw], t.bv4);
                (big, tv)
            }
        };
        let bv = self.local(bits);
        self.call(Builtin::MixBool, vec![bv, step, fix], t.uv4)
    }

    /// CVT: reads the operand as its type, converts, writes the result's bits and the
    /// condition code of the result type.
    pub(super) fn cvt(
        &mut self,
        inst: &Inst,
        dest: &Dest,
        src: &Operand,
        out: &mut Block,
    ) -> R<()> {
        let t = self.t();
        let m = &inst.mods;
        let (Some(dt), Some(st)) = (m.cvt[0], m.cvt[1]) else {
            return Err(LowerError(
                Some(inst.pos),
                "internal error: CVT without its types".into(),
            ));
        };
        let round = m.round.unwrap_or(Round::Round);
        let sat = m.sat.is_some();
        // Without the base type's clamp of write(): CVT clamps to its result type.
        let mods = Mods {
            sat: None,
            ..m.clone()
        };
        let raw = self.operand(src, DataType::U)?;
        let raw = self.tmp(raw, out);
        // The operand's value: a vec4 for F16/F32, else 32-bit words of its type.
        let float_src = st.ty == DataType::F;
        let value = if float_src {
            if st.bits == 16 {
                self.halves_to_float(raw)
            } else {
                let r = self.local(raw);
                self.bits_as(r, DataType::F)
            }
        } else {
            let r = self.local(raw);
            self.narrow(r, st.ty, st.bits)
        };
        let value = self.tmp(value, out);
        if dt.ty == DataType::F {
            // To F32 or F16.
            let f = if float_src {
                self.local(value)
            } else if dt.bits == 32 && round != Round::Round {
                self.int_to_float_rounded(value, st.ty, round, out)
            } else {
                // To F16, the F32 is rounded again below: an integer that F32 rounds
                // is beyond every finite half, so the first rounding decides nothing.
                let v = self.local(value);
                let v = self.bits_as(v, st.ty);
                self.convert(v, Scalar::Float)
            };
            let f = if sat {
                let lo = self.splat_bits(
                    DataType::F,
                    if m.sat == Some(Sat::SSat) {
                        -1.0f32
                    } else {
                        0.0
                    }
                    .to_bits(),
                );
                let hi = self.splat_bits(DataType::F, 1.0f32.to_bits());
                self.call(Builtin::Clamp, vec![f, lo, hi], t.fv4)
            } else {
                f
            };
            let f = self.tmp(f, out);
            if dt.bits == 32 {
                let v = self.local(f);
                return self.write(dest, v, DataType::F, &mods, &float_flags, out);
            }
            // The condition code of the F16 value (the rounded half, as a float).
            let h = self.float_to_halves(f, round, out);
            let h = self.tmp(h, out);
            let hf = self.halves_to_float(h);
            let hf = self.tmp(hf, out);
            let flags = move |fb: &mut Self, _r: LocalId| float_flags(fb, hf);
            let hv = self.local(h);
            return self.write(dest, hv, DataType::U, &mods, &flags, out);
        }
        // To an integer type.
        let words = if float_src {
            let v = self.local(value);
            let fun = match round {
                Round::Round => Builtin::RoundEven,
                Round::Ceil => Builtin::Ceil,
                Round::Flr => Builtin::Floor,
                Round::Trunc => Builtin::Trunc,
            };
            let r = self.call(fun, vec![v], t.fv4);
            let r = self.tmp(r, out);
            // Saturated to the result type's range; a 32-bit type's top is no float, so
            // values at or above 2^31 (2^32) give its maximum.
            let (lo, hi, top) = int_range(dt);
            let rv = self.local(r);
            let lo_v = self.splat_bits(DataType::F, (lo as f32).to_bits());
            let hi_v = self.splat_bits(DataType::F, (hi as f32).min(top).to_bits());
            let c = self.call(Builtin::Clamp, vec![rv, lo_v, hi_v], t.fv4);
            let c = self.convert(c, Scalar::Uint);
            let c = self.tmp(c, out);
            let rv = self.local(r);
            let top_v = self.splat_bits(DataType::F, top.to_bits());
            let over = self.call(Builtin::GreaterThanEqual, vec![rv, top_v], t.bv4);
            let max = self.splat_bits(DataType::U, hi as u32);
            let cv = self.local(c);
            self.call(Builtin::MixBool, vec![cv, max, over], t.uv4)
        } else {
            self.local(value)
        };
        let narrowed = self.narrow(words, dt.ty, dt.bits);
        let rt = dt.ty;
        let v = self.bits_as(narrowed, rt);
        let flags = move |fb: &mut Self, r: LocalId| int_flags(fb, r, rt);
        self.write(dest, v, rt, &mods, &flags, out)
    }
}

/// The range of integer type `t`, and the first float above it (2^(bits-1) or 2^bits,
/// exactly representable).
fn int_range(t: StorageMod) -> (i64, i64, f32) {
    let b = t.bits as u32;
    if t.ty == DataType::S {
        (
            -(1i64 << (b - 1)),
            (1i64 << (b - 1)) - 1,
            (1u64 << (b - 1)) as f32,
        )
    } else {
        (0, (1i64 << b) - 1, (1u64 << b) as f32)
    }
}
