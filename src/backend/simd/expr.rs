//! Expressions of a SIMD region: vector instructions for operators, conversions,
//! constructors, variables and the arithmetic built-ins; the scalar lowering once per
//! lane for the rest; a value the same for every invocation computed once.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};

use crate::ir::*;

use super::super::lower::*;
use super::{LANES, P, SSlot, V};

/// Component `i` of an operand, a scalar broadcasting.
fn at(c: &[V], i: usize) -> V {
    if c.len() == 1 { c[0] } else { c[i] }
}

impl Lower<'_, '_> {
    fn vplan_varying(&self, e: ExprId) -> bool {
        self.simd_ref().plan.varying[e.0 as usize]
    }

    fn vplan_pure(&self, e: ExprId) -> bool {
        self.simd_ref().plan.pure[e.0 as usize]
    }

    fn vscalar_kind(&self, ty: TypeId) -> Scalar {
        self.env.m.types.scalar_of(ty).unwrap_or(Scalar::Uint)
    }

    pub(super) fn vsplat_f(&mut self, x: f32) -> V {
        let c = self.b.ins().f32const(x);
        let v = self.b.ins().splat(types::F32X4, c);
        [v; P]
    }

    fn vsplat_i(&mut self, x: i64) -> V {
        let c = self.b.ins().iconst(types::I32, x);
        let v = self.b.ins().splat(types::I32X4, c);
        [v; P]
    }

    fn map1(&mut self, a: V, mut f: impl FnMut(&mut Self, Value) -> Value) -> V {
        std::array::from_fn(|p| f(self, a[p]))
    }

    fn map2(&mut self, a: V, b: V, mut f: impl FnMut(&mut Self, Value, Value) -> Value) -> V {
        std::array::from_fn(|p| f(self, a[p], b[p]))
    }

    /// Applies a scalar operation lane by lane (operations without a vector form).
    fn lanewise(
        &mut self,
        args: &[(Scalar, V)],
        out: Scalar,
        mut f: impl FnMut(&mut Self, &[Value]) -> Value,
    ) -> V {
        let mut r = self.zero_lanes(out);
        for k in 0..LANES {
            let xs: Vec<Value> = args.iter().map(|&(s, v)| self.lane(s, v, k)).collect();
            let y = f(self, &xs);
            r = self.with_lane(out, r, k, y);
        }
        r
    }

    /// A statement-level expression: its effects, in the lanes of the mask.
    pub(super) fn vexpr_effect(&mut self, e: ExprId) -> R<()> {
        let ex = self.cur_fn().expr(e).clone();
        match ex.kind {
            ExprKind::Sequence { first, second } => {
                self.vexpr_effect(first)?;
                self.vexpr_effect(second)
            }
            _ if self.vplan_pure(e) => Ok(()),
            ExprKind::Assign { place, .. } | ExprKind::IncDec { place, .. }
                if self.vuniform_place(place) =>
            {
                // One value for the group: the scalar lowering assigns it, when some
                // lane runs the assignment.
                if self.simd_ref().some_lane {
                    return self.expr(e).map(|_| ());
                }
                let e_any = self.exec();
                let any = self.any_lane(e_any);
                let (run, done) = (self.b.create_block(), self.b.create_block());
                self.b.ins().brif(any, run, &[], done, &[]);
                self.b.switch_to_block(run);
                self.expr(e)?;
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(done);
                Ok(())
            }
            ExprKind::Assign { place, op, value } if self.vis_var_place(place) => {
                self.vassign(place, op, value).map(|_| ())
            }
            ExprKind::Assign { place, op, value } if self.vmem_supported(place) => {
                self.vassign_mem(place, op, value).map(|_| ())
            }
            ExprKind::Builtin {
                fun: Builtin::ImageStore,
                args,
            } if self.vimage_supported(&args) => self.vimage_store(&args),
            ExprKind::IncDec {
                place,
                increment,
                postfix,
            } if self.vis_var_place(place) => {
                self.vincdec(place, increment, postfix, ex.ty).map(|_| ())
            }
            _ => self.vfallback(e, true).map(|_| ()),
        }
    }

    /// The value of an expression in lanes (scalars, vectors and matrices only).
    pub(super) fn vexpr(&mut self, e: ExprId) -> R<Vec<V>> {
        let ex = self.cur_fn().expr(e).clone();
        let ty = ex.ty;
        let types = &self.env.m.types;
        if types.contains_array_or_struct(ty) {
            return Err(format!(
                "{}: internal error: an aggregate value in a SIMD region",
                ex.span
            ));
        }
        if !self.vplan_varying(e) {
            return self.vuniform(e);
        }
        let s = self.vscalar_kind(ty);
        let n = types.components(ty).unwrap_or(1) as usize;
        Ok(match ex.kind {
            ExprKind::Local(l) => {
                let slot = self.vlocal_slot(l)?;
                self.vload_slot(&slot)?
            }
            ExprKind::Global(g) => {
                let slot = self.vprivate_slot(g)?;
                self.vload_slot(&slot)?
            }
            ExprKind::BuiltinVar(b) => {
                let ctx = self.simd_ref();
                match b {
                    BuiltinVar::LocalInvocationIndex => vec![ctx.index],
                    BuiltinVar::LocalInvocationId => ctx.lid.to_vec(),
                    BuiltinVar::GlobalInvocationId => {
                        let lid = ctx.lid;
                        (0..3)
                            .map(|i| {
                                let base = self.b.ins().imul(self.group_id[i], self.local[i]);
                                let sb = self.b.ins().splat(types::I32X4, base);
                                self.map1(lid[i], |l, x| l.b.ins().iadd(sb, x))
                            })
                            .collect()
                    }
                    _ => return self.vuniform(e),
                }
            }
            ExprKind::Swizzle { base, comps } => {
                let v = self.vexpr(base)?;
                comps.iter().map(|&i| v[i as usize]).collect()
            }
            ExprKind::Unary { op, arg } => {
                let v = self.vexpr(arg)?;
                v.into_iter()
                    .map(|x| {
                        self.map1(x, |l, y| match op {
                            UnaryOp::Neg if s == Scalar::Float => l.b.ins().fneg(y),
                            UnaryOp::Neg => l.b.ins().ineg(y),
                            UnaryOp::Not | UnaryOp::BitNot => l.b.ins().bnot(y),
                        })
                    })
                    .collect()
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let (lt, rt) = (self.cur_fn().expr(lhs).ty, self.cur_fn().expr(rhs).ty);
                let types = &self.env.m.types;
                if types.contains_array_or_struct(lt) {
                    return self.vfallback(e, !self.vplan_pure(e));
                }
                match op {
                    BinaryOp::LogicalAnd | BinaryOp::LogicalOr if !self.vplan_pure(rhs) => {
                        return self.vfallback(e, true);
                    }
                    BinaryOp::Shl | BinaryOp::Shr if !self.vplan_varying(rhs) => {
                        let a = self.vexpr(lhs)?;
                        let amt = self.expr(rhs)?;
                        let amt = self.comps(&amt);
                        let signed = self.vscalar_kind(lt).is_signed_int();
                        return Ok(a
                            .iter()
                            .enumerate()
                            .map(|(i, &x)| {
                                let y = if amt.len() == 1 { amt[0] } else { amt[i] };
                                self.map1(x, |l, x| match op {
                                    BinaryOp::Shl => l.b.ins().ishl(x, y),
                                    _ if signed => l.b.ins().sshr(x, y),
                                    _ => l.b.ins().ushr(x, y),
                                })
                            })
                            .collect());
                    }
                    _ => {}
                }
                let a = self.vexpr(lhs)?;
                let b = self.vexpr(rhs)?;
                self.vbinary_vals(op, &a, lt, &b, rt)?
            }
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => {
                if !self.vplan_pure(accept) || !self.vplan_pure(reject) {
                    return self.vfallback(e, true);
                }
                let c = self.vexpr(cond)?[0];
                let a = self.vexpr(accept)?;
                let r = self.vexpr(reject)?;
                a.iter()
                    .zip(&r)
                    .map(|(&x, &y)| self.blend(c, x, y))
                    .collect()
            }
            ExprKind::Convert { arg, to } => {
                let from = self.vscalar_kind(self.cur_fn().expr(arg).ty);
                let v = self.vexpr(arg)?;
                v.into_iter().map(|x| self.vconvert(x, from, to)).collect()
            }
            ExprKind::Splat(arg) => {
                let v = self.vexpr(arg)?[0];
                vec![v; n]
            }
            ExprKind::Compose(parts) => {
                let mut out = Vec::new();
                for p in parts {
                    out.extend(self.vexpr(p)?);
                }
                out
            }
            ExprKind::Builtin {
                fun: Builtin::ImageLoad,
                args,
            } if self.vimage_supported(&args) => self.vimage_load(&args)?,
            ExprKind::Builtin { fun, args } if self.vtexture_supported(fun, &args) => {
                self.vtexture(fun, &args)?
            }
            ExprKind::Builtin { fun, args } => match self.vbuiltin(fun, &args, ty)? {
                Some(v) => v,
                None => return self.vfallback(e, !self.vplan_pure(e)),
            },
            ExprKind::Assign { place, op, value } if self.vis_var_place(place) => {
                self.vassign(place, op, value)?
            }
            ExprKind::Assign { place, op, value } if self.vmem_supported(place) => {
                self.vassign_mem(place, op, value)?
            }
            ExprKind::Index { .. } | ExprKind::Field { .. } if self.vmem_supported(e) => {
                let p = self.vmem_place(e)?;
                self.vmem_load(&p)?
            }
            ExprKind::IncDec {
                place,
                increment,
                postfix,
            } if self.vis_var_place(place) => self.vincdec(place, increment, postfix, ty)?,
            ExprKind::Sequence { first, second } => {
                self.vexpr_effect(first)?;
                self.vexpr(second)?
            }
            _ => return self.vfallback(e, !self.vplan_pure(e)),
        })
    }

    /// A value the same for every invocation: computed once, in every lane.
    fn vuniform(&mut self, e: ExprId) -> R<Vec<V>> {
        let ty = self.cur_fn().expr(e).ty;
        let s = self.vscalar_kind(ty);
        let v = self.expr(e)?;
        let c = self.comps(&v);
        Ok(c.into_iter().map(|x| self.splat_lanes(s, x)).collect())
    }

    fn vlocal_slot(&mut self, l: LocalId) -> R<SSlot> {
        self.simd_ref()
            .locals
            .get(&l.0)
            .cloned()
            .ok_or_else(|| format!("internal error: local {} is not in lanes", l.0))
    }

    fn vprivate_slot(&mut self, g: GlobalId) -> R<SSlot> {
        self.simd_ref()
            .privates
            .get(&g)
            .cloned()
            .ok_or_else(|| "internal error: a private global not in lanes".into())
    }

    /// Whether an assigned place is a variable in lanes (see `simd_place_root`).
    fn vis_var_place(&self, p: ExprId) -> bool {
        let f = self.cur_fn();
        match &f.expr(p).kind {
            ExprKind::Local(_) => true,
            ExprKind::Global(g) => self.env.m.global(*g).storage == Storage::Private,
            ExprKind::Swizzle { base, .. }
            | ExprKind::Field { base, .. }
            | ExprKind::Index { base, .. } => self.vis_var_place(*base),
            _ => false,
        }
    }

    /// Whether an assigned place is a local held as one value for the group.
    fn vuniform_place(&self, p: ExprId) -> bool {
        let f = self.cur_fn();
        match &f.expr(p).kind {
            ExprKind::Local(l) => self.simd_ref().plan.uniform.contains(&l.0),
            ExprKind::Swizzle { base, .. }
            | ExprKind::Field { base, .. }
            | ExprKind::Index { base, .. } => self.vuniform_place(*base),
            _ => false,
        }
    }

    /// A variable place: its slot and the components it selects.
    fn vplace(&mut self, p: ExprId) -> R<(SSlot, Vec<usize>)> {
        let ex = self.cur_fn().expr(p).clone();
        match ex.kind {
            ExprKind::Local(l) => {
                let slot = self.vlocal_slot(l)?;
                let n = self.env.m.types.components(ex.ty).unwrap_or(1) as usize;
                Ok((slot, (0..n).collect()))
            }
            ExprKind::Global(g) => {
                let slot = self.vprivate_slot(g)?;
                let n = self.env.m.types.components(ex.ty).unwrap_or(1) as usize;
                Ok((slot, (0..n).collect()))
            }
            ExprKind::Swizzle { base, comps } => {
                let (slot, idx) = self.vplace(base)?;
                Ok((slot, comps.iter().map(|&c| idx[c as usize]).collect()))
            }
            ExprKind::Index { base, index } => {
                let (slot, idx) = self.vplace(base)?;
                let k = match self.cur_fn().expr(index).kind {
                    ExprKind::Literal(Literal::Int(i)) => i.max(0) as usize,
                    ExprKind::Literal(Literal::Uint(u)) => u as usize,
                    _ => return Err(format!("{}: internal error: variable index", ex.span)),
                };
                let bt = self.cur_fn().expr(base).ty;
                let (count, per) = match self.env.m.types.get(bt) {
                    Type::Matrix { cols, rows, .. } => (*cols as usize, *rows as usize),
                    _ => (idx.len(), 1),
                };
                let k = k.min(count.saturating_sub(1));
                Ok((slot, idx[k * per..(k + 1) * per].to_vec()))
            }
            _ => Err(format!(
                "{}: internal error: not a variable place in lanes",
                ex.span
            )),
        }
    }

    fn vassign(&mut self, place: ExprId, op: Option<BinaryOp>, value: ExprId) -> R<Vec<V>> {
        let (slot, idx) = self.vplace(place)?;
        let v = self.vexpr(value)?;
        let v = match op {
            None => v,
            Some(op) => {
                let all = self.vload_slot(&slot)?;
                let old: Vec<V> = idx.iter().map(|&k| all[k]).collect();
                let pt = self.cur_fn().expr(place).ty;
                let vt = self.cur_fn().expr(value).ty;
                self.vbinary_vals(op, &old, pt, &v, vt)?
            }
        };
        self.vstore_slot(&slot, &idx, &v)?;
        Ok(v)
    }

    fn vassign_mem(&mut self, place: ExprId, op: Option<BinaryOp>, value: ExprId) -> R<Vec<V>> {
        let p = self.vmem_place(place)?;
        let v = self.vexpr(value)?;
        let v = match op {
            None => v,
            Some(op) => {
                let old = self.vmem_load(&p)?;
                let pt = self.cur_fn().expr(place).ty;
                let vt = self.cur_fn().expr(value).ty;
                self.vbinary_vals(op, &old, pt, &v, vt)?
            }
        };
        self.vmem_store(&p, &v)?;
        Ok(v)
    }

    fn vincdec(&mut self, place: ExprId, inc: bool, postfix: bool, ty: TypeId) -> R<Vec<V>> {
        let (slot, idx) = self.vplace(place)?;
        let all = self.vload_slot(&slot)?;
        let old: Vec<V> = idx.iter().map(|&k| all[k]).collect();
        let s = self.vscalar_kind(ty);
        let one = if s == Scalar::Float {
            self.vsplat_f(1.0)
        } else {
            self.vsplat_i(1)
        };
        let new: Vec<V> = old
            .iter()
            .map(|&x| {
                self.map2(x, one, |l, x, y| match (s == Scalar::Float, inc) {
                    (true, true) => l.b.ins().fadd(x, y),
                    (true, false) => l.b.ins().fsub(x, y),
                    (false, true) => l.b.ins().iadd(x, y),
                    (false, false) => l.b.ins().isub(x, y),
                })
            })
            .collect();
        self.vstore_slot(&slot, &idx, &new)?;
        Ok(if postfix { old } else { new })
    }

    /// `a op b` in lanes on operands of types `lt` and `rt` (scalars, vectors and
    /// matrices), as the scalar lowering's `binary_values` computes it.
    fn vbinary_vals(
        &mut self,
        op: BinaryOp,
        a: &[V],
        lt: TypeId,
        b: &[V],
        rt: TypeId,
    ) -> R<Vec<V>> {
        let s = self.vscalar_kind(lt);
        let float = s == Scalar::Float;
        let signed = s.is_signed_int();
        match op {
            BinaryOp::Equal | BinaryOp::NotEqual => {
                let mut acc: Option<V> = None;
                for (&x, &y) in a.iter().zip(b) {
                    let e = self.map2(x, y, |l, x, y| {
                        if float {
                            l.b.ins().fcmp(FloatCC::Equal, x, y)
                        } else {
                            l.b.ins().icmp(IntCC::Equal, x, y)
                        }
                    });
                    acc = Some(match acc {
                        None => e,
                        Some(p) => self.map2(p, e, |l, x, y| l.b.ins().band(x, y)),
                    });
                }
                let eq = acc.ok_or("internal error: comparison of empty values")?;
                Ok(vec![if op == BinaryOp::Equal {
                    eq
                } else {
                    self.map1(eq, |l, x| l.b.ins().bnot(x))
                }])
            }
            BinaryOp::MatMul => {
                let mut out: Vec<V> = Vec::new();
                for p in 0..P {
                    let ap: Vec<Value> = a.iter().map(|v| v[p]).collect();
                    let bp: Vec<Value> = b.iter().map(|v| v[p]).collect();
                    let r = self.matmul(&ap, lt, &bp, rt);
                    if out.is_empty() {
                        out = r.iter().map(|&x| [x; P]).collect();
                    } else {
                        for (o, x) in out.iter_mut().zip(r) {
                            o[p] = x;
                        }
                    }
                }
                Ok(out)
            }
            _ => {
                let mut out = Vec::with_capacity(a.len());
                for (i, &x) in a.iter().enumerate() {
                    let y = b[i % b.len()];
                    out.push(match op {
                        BinaryOp::Div | BinaryOp::Mod if !float => {
                            let rem = op == BinaryOp::Mod;
                            self.lanewise(&[(s, x), (s, y)], s, |l, v| {
                                l.int_div(rem, signed, v[0], v[1])
                            })
                        }
                        BinaryOp::Shl | BinaryOp::Shr => {
                            let rs = self.vscalar_kind(rt);
                            self.lanewise(&[(s, x), (rs, y)], s, |l, v| {
                                l.scalar_op(op, s, v[0], v[1])
                            })
                        }
                        BinaryOp::LogicalAnd => self.map2(x, y, |l, x, y| l.b.ins().band(x, y)),
                        BinaryOp::LogicalOr => self.map2(x, y, |l, x, y| l.b.ins().bor(x, y)),
                        // The remaining operators have the same instruction for vectors.
                        _ => self.map2(x, y, |l, x, y| l.scalar_op(op, s, x, y)),
                    });
                }
                Ok(out)
            }
        }
    }

    fn vconvert(&mut self, x: V, from: Scalar, to: Scalar) -> V {
        use Scalar::*;
        match (from, to) {
            (a, b) if a == b => x,
            (Int, Uint) | (Uint, Int) => x,
            (Bool, Int | Uint) => {
                let one = self.vsplat_i(1);
                self.map2(x, one, |l, x, y| l.b.ins().band(x, y))
            }
            (Bool, Float) => {
                let (one, zero) = (self.vsplat_f(1.0), self.vsplat_f(0.0));
                self.blend(x, one, zero)
            }
            (Int | Uint, Bool) => {
                let zero = self.vsplat_i(0);
                self.map2(x, zero, |l, x, z| l.b.ins().icmp(IntCC::NotEqual, x, z))
            }
            (Float, Bool) => {
                let zero = self.vsplat_f(0.0);
                self.map2(x, zero, |l, x, z| l.b.ins().fcmp(FloatCC::NotEqual, x, z))
            }
            (Int, Float) => self.map1(x, |l, x| l.b.ins().fcvt_from_sint(types::F32X4, x)),
            (Uint, Float) => self.map1(x, |l, x| l.b.ins().fcvt_from_uint(types::F32X4, x)),
            (Float, Int) => self.map1(x, |l, x| l.b.ins().fcvt_to_sint_sat(types::I32X4, x)),
            (Float, Uint) => {
                // As the scalar lowering (through a 64-bit integer) for every value an
                // int or a uint holds: below 2^31 as int, from 2^31 offset by it.
                let two31 = self.vsplat_f(2147483648.0);
                let bias = self.vsplat_i(i32::MIN as i64);
                std::array::from_fn(|p| {
                    let lo = self.b.ins().fcvt_to_sint_sat(types::I32X4, x[p]);
                    let d = self.b.ins().fsub(x[p], two31[p]);
                    let hi = self.b.ins().fcvt_to_sint_sat(types::I32X4, d);
                    let hi = self.b.ins().iadd(hi, bias[p]);
                    let big = self
                        .b
                        .ins()
                        .fcmp(FloatCC::GreaterThanOrEqual, x[p], two31[p]);
                    self.b.ins().bitselect(big, hi, lo)
                })
            }
            _ => x,
        }
    }

    /// min with IEEE 754 minNum's NaN rule, as the scalar lowering's `fmin`.
    fn vfmin(&mut self, x: V, y: V) -> V {
        let take_y = self.map2(x, y, |l, x, y| {
            let lt = l.b.ins().fcmp(FloatCC::LessThan, y, x);
            let nan = l.b.ins().fcmp(FloatCC::Unordered, x, x);
            l.b.ins().bor(lt, nan)
        });
        self.blend(take_y, y, x)
    }

    /// max with IEEE 754 maxNum's NaN rule, as the scalar lowering's `fmax`.
    fn vfmax(&mut self, x: V, y: V) -> V {
        let take_y = self.map2(x, y, |l, x, y| {
            let gt = l.b.ins().fcmp(FloatCC::GreaterThan, y, x);
            let nan = l.b.ins().fcmp(FloatCC::Unordered, x, x);
            l.b.ins().bor(gt, nan)
        });
        self.blend(take_y, y, x)
    }

    fn vmin(&mut self, s: Scalar, x: V, y: V) -> V {
        match s {
            Scalar::Int => self.map2(x, y, |l, x, y| l.b.ins().smin(x, y)),
            Scalar::Uint => self.map2(x, y, |l, x, y| l.b.ins().umin(x, y)),
            _ => self.vfmin(x, y),
        }
    }

    fn vmax(&mut self, s: Scalar, x: V, y: V) -> V {
        match s {
            Scalar::Int => self.map2(x, y, |l, x, y| l.b.ins().smax(x, y)),
            Scalar::Uint => self.map2(x, y, |l, x, y| l.b.ins().umax(x, y)),
            _ => self.vfmax(x, y),
        }
    }

    fn vdot(&mut self, a: &[V], b: &[V]) -> V {
        let mut acc = self.map2(a[0], b[0], |l, x, y| l.b.ins().fmul(x, y));
        for i in 1..a.len() {
            let p = self.map2(a[i], b[i], |l, x, y| l.b.ins().fmul(x, y));
            acc = self.map2(acc, p, |l, x, y| l.b.ins().fadd(x, y));
        }
        acc
    }

    /// The built-ins with a vector form (None: the scalar lowering per lane), computed
    /// as the scalar lowering computes them.
    fn vbuiltin(&mut self, fun: Builtin, args: &[ExprId], ty: TypeId) -> R<Option<Vec<V>>> {
        use Builtin::*;
        let native = matches!(
            fun,
            Abs | Sign
                | Floor
                | Ceil
                | Trunc
                | Round
                | RoundEven
                | Fract
                | Mod
                | Min
                | Max
                | Clamp
                | Mix
                | MixBool
                | Step
                | SmoothStep
                | Sqrt
                | InverseSqrt
                | Dot
                | Length
                | Distance
                | Normalize
                | Cross
                | IsNan
                | IsInf
                | FloatBitsToInt
                | FloatBitsToUint
                | IntBitsToFloat
                | UintBitsToFloat
                | Radians
                | Degrees
                | Exp2
                | Exp
                | Log2
                | Log
                | Pow
                | Sin
                | Cos
                | Tan
                | Atan
        );
        if !native || fun.class() != BuiltinClass::Pure {
            return Ok(None);
        }
        let s0 = args
            .first()
            .map(|&a| self.vscalar_kind(self.cur_fn().expr(a).ty))
            .unwrap_or(Scalar::Float);
        if !matches!(
            s0,
            Scalar::Float | Scalar::Int | Scalar::Uint | Scalar::Bool
        ) {
            return Ok(None);
        }
        let n = self.env.m.types.components(ty).unwrap_or(1) as usize;
        if matches!(fun, Exp2 | Exp | Log2 | Log | Pow | Sin | Cos | Tan | Atan)
            && (s0 != Scalar::Float || (fun == Atan && args.len() != 1))
        {
            return Ok(None);
        }
        let vals: Vec<Vec<V>> = args.iter().map(|&a| self.vexpr(a)).collect::<R<_>>()?;
        if let Some(v) = self.vmath(fun, &vals) {
            return Ok(Some(v));
        }
        let float = s0 == Scalar::Float;
        let map = |l: &mut Self, f: &mut dyn FnMut(&mut Self, &[V]) -> V| -> Vec<V> {
            (0..n)
                .map(|i| {
                    let xs: Vec<V> = vals.iter().map(|a| at(a, i)).collect();
                    f(l, &xs)
                })
                .collect()
        };
        Ok(Some(match fun {
            Abs if float => map(self, &mut |l, x| l.map1(x[0], |l, y| l.b.ins().fabs(y))),
            Abs => map(self, &mut |l, x| {
                l.map1(x[0], |l, y| {
                    let neg = l.b.ins().ineg(y);
                    l.b.ins().smax(y, neg)
                })
            }),
            Sign if float => map(self, &mut |l, x| {
                let (zero, one, m1) = (l.vsplat_f(0.0), l.vsplat_f(1.0), l.vsplat_f(-1.0));
                let pos = l.map2(x[0], zero, |l, x, z| {
                    l.b.ins().fcmp(FloatCC::GreaterThan, x, z)
                });
                let neg = l.map2(x[0], zero, |l, x, z| {
                    l.b.ins().fcmp(FloatCC::LessThan, x, z)
                });
                let t = l.blend(neg, m1, zero);
                l.blend(pos, one, t)
            }),
            Sign => map(self, &mut |l, x| {
                let (zero, one, m1) = (l.vsplat_i(0), l.vsplat_i(1), l.vsplat_i(-1));
                let pos = l.map2(x[0], zero, |l, x, z| {
                    l.b.ins().icmp(IntCC::SignedGreaterThan, x, z)
                });
                let neg = l.map2(x[0], zero, |l, x, z| {
                    l.b.ins().icmp(IntCC::SignedLessThan, x, z)
                });
                let t = l.blend(neg, m1, zero);
                l.blend(pos, one, t)
            }),
            Floor => map(self, &mut |l, x| l.map1(x[0], |l, y| l.b.ins().floor(y))),
            Ceil => map(self, &mut |l, x| l.map1(x[0], |l, y| l.b.ins().ceil(y))),
            Trunc => map(self, &mut |l, x| l.map1(x[0], |l, y| l.b.ins().trunc(y))),
            Round | RoundEven => map(self, &mut |l, x| l.map1(x[0], |l, y| l.b.ins().nearest(y))),
            Fract => map(self, &mut |l, x| {
                l.map1(x[0], |l, y| {
                    let f = l.b.ins().floor(y);
                    l.b.ins().fsub(y, f)
                })
            }),
            Mod => map(self, &mut |l, x| {
                l.map2(x[0], x[1], |l, a, b| {
                    let q = l.b.ins().fdiv(a, b);
                    let f = l.b.ins().floor(q);
                    let p = l.b.ins().fmul(b, f);
                    l.b.ins().fsub(a, p)
                })
            }),
            Min => map(self, &mut |l, x| l.vmin(s0, x[0], x[1])),
            Max => map(self, &mut |l, x| l.vmax(s0, x[0], x[1])),
            Clamp => map(self, &mut |l, x| {
                let a = l.vmax(s0, x[0], x[1]);
                l.vmin(s0, a, x[2])
            }),
            Mix => map(self, &mut |l, x| {
                let one = l.vsplat_f(1.0);
                let inv = l.map2(one, x[2], |l, a, b| l.b.ins().fsub(a, b));
                let p = l.map2(x[0], inv, |l, a, b| l.b.ins().fmul(a, b));
                let q = l.map2(x[1], x[2], |l, a, b| l.b.ins().fmul(a, b));
                l.map2(p, q, |l, a, b| l.b.ins().fadd(a, b))
            }),
            MixBool => map(self, &mut |l, x| l.blend(x[2], x[1], x[0])),
            Step => map(self, &mut |l, x| {
                let (zero, one) = (l.vsplat_f(0.0), l.vsplat_f(1.0));
                let lt = l.map2(x[1], x[0], |l, a, b| {
                    l.b.ins().fcmp(FloatCC::LessThan, a, b)
                });
                l.blend(lt, zero, one)
            }),
            SmoothStep => map(self, &mut |l, x| {
                let (zero, one, two, three) = (
                    l.vsplat_f(0.0),
                    l.vsplat_f(1.0),
                    l.vsplat_f(2.0),
                    l.vsplat_f(3.0),
                );
                let num = l.map2(x[2], x[0], |l, a, b| l.b.ins().fsub(a, b));
                let den = l.map2(x[1], x[0], |l, a, b| l.b.ins().fsub(a, b));
                let t = l.map2(num, den, |l, a, b| l.b.ins().fdiv(a, b));
                let t = l.vfmax(t, zero);
                let t = l.vfmin(t, one);
                let tt = l.map2(t, t, |l, a, b| l.b.ins().fmul(a, b));
                let k = l.map2(two, t, |l, a, b| l.b.ins().fmul(a, b));
                let k = l.map2(three, k, |l, a, b| l.b.ins().fsub(a, b));
                l.map2(tt, k, |l, a, b| l.b.ins().fmul(a, b))
            }),
            Sqrt => map(self, &mut |l, x| l.map1(x[0], |l, y| l.b.ins().sqrt(y))),
            InverseSqrt => map(self, &mut |l, x| {
                let one = l.vsplat_f(1.0);
                let r = l.map1(x[0], |l, y| l.b.ins().sqrt(y));
                l.map2(one, r, |l, a, b| l.b.ins().fdiv(a, b))
            }),
            IsNan => map(self, &mut |l, x| {
                l.map1(x[0], |l, y| l.b.ins().fcmp(FloatCC::Unordered, y, y))
            }),
            IsInf => map(self, &mut |l, x| {
                let inf = l.vsplat_f(f32::INFINITY);
                let a = l.map1(x[0], |l, y| l.b.ins().fabs(y));
                l.map2(a, inf, |l, a, b| l.b.ins().fcmp(FloatCC::Equal, a, b))
            }),
            FloatBitsToInt | FloatBitsToUint => map(self, &mut |l, x| {
                l.map1(x[0], |l, y| {
                    l.b.ins().bitcast(types::I32X4, MemFlagsData::new(), y)
                })
            }),
            IntBitsToFloat | UintBitsToFloat => map(self, &mut |l, x| {
                l.map1(x[0], |l, y| {
                    l.b.ins().bitcast(types::F32X4, MemFlagsData::new(), y)
                })
            }),
            Radians | Degrees => {
                let k = if fun == Radians {
                    std::f64::consts::PI / 180.0
                } else {
                    180.0 / std::f64::consts::PI
                };
                map(self, &mut |l, x| {
                    let kv = l.vsplat_f(k as f32);
                    l.map2(x[0], kv, |l, a, b| l.b.ins().fmul(a, b))
                })
            }
            Dot => vec![self.vdot(&vals[0], &vals[1])],
            Length => {
                let d = self.vdot(&vals[0], &vals[0]);
                vec![self.map1(d, |l, y| l.b.ins().sqrt(y))]
            }
            Distance => {
                let diff: Vec<V> = vals[0]
                    .iter()
                    .zip(&vals[1])
                    .map(|(&a, &b)| self.map2(a, b, |l, x, y| l.b.ins().fsub(x, y)))
                    .collect();
                let d = self.vdot(&diff, &diff);
                vec![self.map1(d, |l, y| l.b.ins().sqrt(y))]
            }
            Normalize => {
                let d = self.vdot(&vals[0], &vals[0]);
                let len = self.map1(d, |l, y| l.b.ins().sqrt(y));
                let x = vals[0].clone();
                x.into_iter()
                    .map(|v| self.map2(v, len, |l, a, b| l.b.ins().fdiv(a, b)))
                    .collect()
            }
            Cross => {
                let (a, b) = (vals[0].clone(), vals[1].clone());
                [(1, 2), (2, 0), (0, 1)]
                    .into_iter()
                    .map(|(i, j)| {
                        let p = self.map2(a[i], b[j], |l, x, y| l.b.ins().fmul(x, y));
                        let q = self.map2(a[j], b[i], |l, x, y| l.b.ins().fmul(x, y));
                        self.map2(p, q, |l, x, y| l.b.ins().fsub(x, y))
                    })
                    .collect()
            }
            _ => return Ok(None),
        }))
    }

    /// The scalar lowering of `e` once per lane (only the lanes of the execution mask
    /// when `guarded`), with its invocation-dependent operands taken from the lanes.
    pub(super) fn vfallback(&mut self, e: ExprId, guarded: bool) -> R<Vec<V>> {
        let ex = self.cur_fn().expr(e).clone();
        let types = &self.env.m.types;
        let (s, n) = if types.contains_array_or_struct(ex.ty) {
            (Scalar::Uint, 0)
        } else {
            (
                self.vscalar_kind(ex.ty),
                types.components(ex.ty).unwrap_or(0) as usize,
            )
        };
        let mut points = Vec::new();
        self.vsubst_points(e, &mut points);
        let mut operands = Vec::with_capacity(points.len());
        for &p in &points {
            let v = self.vexpr(p)?;
            let ps = self.vscalar_kind(self.cur_fn().expr(p).ty);
            operands.push((p, ps, v));
        }
        // The lanes go through one copy of the scalar code, in a loop over them: the
        // operands' lanes and the mask wait in a stack slot, the results gather in
        // another (zeroed, so lanes that do not run hold 0, not garbage).
        let ncomp: usize = operands.iter().map(|(_, _, v)| v.len()).sum::<usize>() + 1;
        let slot = |l: &mut Self, comps: usize| {
            let ss = l.b.create_sized_stack_slot(StackSlotData::new(
                StackSlotKind::ExplicitSlot,
                (comps.max(1) * 16 * P) as u32,
                4,
            ));
            l.b.ins().stack_addr(types::I64, ss, 0)
        };
        let vflags = MemFlagsData::new().with_notrap();
        let ops = slot(self, ncomp);
        let mut at = 0i32;
        let mut layout = Vec::with_capacity(operands.len());
        for (p, ps, v) in &operands {
            layout.push((*p, *ps, at, v.len()));
            for x in v {
                for (q, &part) in x.iter().enumerate() {
                    self.b.ins().store(vflags, part, ops, at + 16 * q as i32);
                }
                at += 16 * P as i32;
            }
        }
        let exec_at = at;
        let exec = self.exec();
        for (q, &part) in exec.iter().enumerate() {
            self.b
                .ins()
                .store(vflags, part, ops, exec_at + 16 * q as i32);
        }
        let res = slot(self, n);
        let z = self.zero_lanes(Scalar::Int);
        for c in 0..n.max(1) {
            for (q, &zq) in z.iter().enumerate() {
                self.b
                    .ins()
                    .store(vflags, zq, res, (c * 16 * P + 16 * q) as i32);
            }
        }
        // With the bounds report, pure code too runs only for the mask's lanes: a lane
        // outside it must not report an access the program never makes.
        let guard = guarded || self.env.check_bounds;
        self.lane_loop(ops, guard.then_some(exec_at), |l, off| {
            let lane_ops = l.b.ins().iadd(ops, off);
            let lane_res = l.b.ins().iadd(res, off);
            for &(p, ps, at, comps) in &layout {
                let vals: Vec<Value> = (0..comps)
                    .map(|c| {
                        let o = at + (c * 16 * P) as i32;
                        match ps {
                            Scalar::Float => l.b.ins().load(types::F32, mf(), lane_ops, o),
                            Scalar::Bool => {
                                let w = l.b.ins().load(types::I32, mf(), lane_ops, o);
                                l.b.ins().icmp_imm_s(IntCC::NotEqual, w, 0)
                            }
                            _ => l.b.ins().load(types::I32, mf(), lane_ops, o),
                        }
                    })
                    .collect();
                l.subst.insert(p, Val::Comps(vals));
            }
            let r = l.expr(e);
            for (p, _, _, _) in &layout {
                l.subst.remove(p);
            }
            let r = r?;
            if n > 0 {
                let c = l.comps(&r);
                for (i, x) in c.into_iter().enumerate().take(n) {
                    let x = if s == Scalar::Bool {
                        let w = l.b.ins().uextend(types::I32, x);
                        l.b.ins().ineg(w)
                    } else {
                        x
                    };
                    l.b.ins().store(mf(), x, lane_res, (i * 16 * P) as i32);
                }
            }
            Ok(())
        })?;
        let vt = super::vty(s);
        Ok((0..n)
            .map(|c| {
                std::array::from_fn(|q| {
                    self.b
                        .ins()
                        .load(vt, vflags, res, (c * 16 * P + 16 * q) as i32)
                })
            })
            .collect())
    }

    /// The operands of `e` that the scalar lowering must take from the lanes: its
    /// invocation-dependent children, or their children where the child is a place in
    /// memory or an aggregate (the scalar lowering evaluates those itself).
    fn vsubst_points(&self, e: ExprId, out: &mut Vec<ExprId>) {
        let f = self.cur_fn();
        for c in f.expr(e).kind.children() {
            if !self.vplan_varying(c) {
                continue;
            }
            let ce = f.expr(c);
            let descend = self.env.m.types.contains_array_or_struct(ce.ty)
                || self.vmem_chain(c)
                || matches!(
                    ce.kind,
                    ExprKind::Assign { .. } | ExprKind::IncDec { .. } | ExprKind::Builtin { .. }
                ) && !self.vplan_pure(c);
            if descend {
                self.vsubst_points(c, out);
            } else {
                out.push(c);
            }
        }
    }

    /// Whether `e` denotes memory the scalar lowering addresses itself (a block,
    /// shared or uniform variable, or a part of one).
    fn vmem_chain(&self, e: ExprId) -> bool {
        let f = self.cur_fn();
        match &f.expr(e).kind {
            ExprKind::Global(g) => self.env.m.global(*g).storage != Storage::Private,
            ExprKind::Index { base, .. }
            | ExprKind::Field { base, .. }
            | ExprKind::Swizzle { base, .. } => self.vmem_chain(*base),
            _ => false,
        }
    }
}
