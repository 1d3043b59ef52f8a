//! Lowering of IR expressions: constants, variables and places, operators,
//! conversions, constructors, assignments. Integer division never traps (GLSL leaves
//! division by zero undefined; here it yields a value), float-to-int conversions
//! saturate, and vector/matrix values are scalarized.

use cranelift_codegen::ir::condcodes::{CondCode, FloatCC, IntCC};
use cranelift_codegen::ir::{InstBuilder, InstructionData, Opcode, Value, types};

use super::lower::{Lower, MemRef, Place, R, Val, cl_type};
use crate::ir::layout::bits32::{array_stride_of, layout};
use crate::ir::reflect::write_const;
use crate::ir::*;

impl Lower<'_, '_> {
    pub(super) fn lit(&mut self, l: Literal) -> Value {
        match l {
            Literal::Bool(b) => self.b.ins().iconst(types::I8, b as i64),
            Literal::Int(i) => self.b.ins().iconst(types::I32, i as u32 as i64),
            Literal::Uint(u) => self.b.ins().iconst(types::I32, u as i64),
            Literal::Float(f) => self.b.ins().f32const(f),
            Literal::Double(d) => self.b.ins().f64const(d),
            Literal::Int64(i) => self.b.ins().iconst(types::I64, i),
            Literal::Uint64(u) => self.b.ins().iconst(types::I64, u as i64),
        }
    }

    fn lit_of(&mut self, s: Scalar, v: f64) -> Value {
        match s {
            Scalar::Bool => self.b.ins().iconst(types::I8, (v != 0.0) as i64),
            Scalar::Int | Scalar::Uint => self.b.ins().iconst(types::I32, v as i64 as u32 as i64),
            Scalar::Float => self.b.ins().f32const(v as f32),
            Scalar::Double => self.b.ins().f64const(v),
            Scalar::Int64 | Scalar::Uint64 => self.b.ins().iconst(types::I64, v as i64),
        }
    }

    /// A constant of any type: components, or a read-only blob for aggregates.
    pub(super) fn constant(&mut self, c: &ConstValue, ty: TypeId) -> Val {
        let types = &self.env.m.types;
        if types.contains_array_or_struct(ty) {
            let l = layout(types, ty, Packing::Std430, false);
            let mut data = vec![0u8; l.size.max(4) as usize].into_boxed_slice();
            write_const(types, ty, c, &mut data, 0);
            let ptr = data.as_ptr() as i64;
            self.constants.push(data);
            let base = self.b.ins().iconst(types::I64, ptr);
            return Val::Mem(self.mem(base, 0, None, ty, Packing::Std430, false));
        }
        let mut out = Vec::new();
        flatten_const(c, &mut out);
        Val::Comps(out.into_iter().map(|l| self.lit(l)).collect())
    }

    pub(super) fn zero_value(&mut self, ty: TypeId) -> Val {
        let types = &self.env.m.types;
        if types.contains_array_or_struct(ty) {
            let l = layout(types, ty, Packing::Std430, false);
            let data = vec![0u8; l.size.max(4) as usize].into_boxed_slice();
            let ptr = data.as_ptr() as i64;
            self.constants.push(data);
            let base = self.b.ins().iconst(types::I64, ptr);
            return Val::Mem(self.mem(base, 0, None, ty, Packing::Std430, false));
        }
        let s = types.scalar_of(ty).unwrap_or(Scalar::Uint);
        let n = types.components(ty).unwrap_or(1);
        Val::Comps((0..n).map(|_| self.lit_of(s, 0.0)).collect())
    }

    fn ety(&self, e: ExprId) -> TypeId {
        self.cur_fn().expr(e).ty
    }

    pub(super) fn cur_fn(&self) -> &Function {
        let f = self.stack.last().expect("instance").func;
        self.env.m.function(f)
    }

    /// Expressions that denote storage (variables and accesses into them).
    fn is_place(&self, e: ExprId) -> bool {
        // A value a SIMD region gives for one lane is a value, wherever it came from.
        if self.subst.contains_key(&e) {
            return false;
        }
        match &self.cur_fn().expr(e).kind {
            ExprKind::Global(_) | ExprKind::Local(_) => true,
            ExprKind::Index { base, .. }
            | ExprKind::Field { base, .. }
            | ExprKind::Swizzle { base, .. } => self.is_place(*base),
            _ => false,
        }
    }

    /// The storage an l-value expression denotes (indices evaluated once).
    pub(super) fn place(&mut self, e: ExprId) -> R<Place> {
        let ex = self.cur_fn().expr(e).clone();
        match ex.kind {
            ExprKind::Global(g) => self.global_place(g),
            ExprKind::Local(l) => self.local_place(l),
            ExprKind::Index { base, index } => {
                let p = self.place(base)?;
                let i = self.expr(index)?;
                let i = self.scalar(&i);
                self.index_place(p, i, ex.ty)
            }
            ExprKind::Field { base, field } => match self.place(base)? {
                Place::Mem(r) => Ok(Place::Mem(self.field_mem(&r, field)?)),
                _ => Err("internal: field of a non-memory place".into()),
            },
            ExprKind::Swizzle { base, comps } => {
                let p = self.place(base)?;
                Ok(Place::Swizzle(Box::new(p), comps, ex.ty))
            }
            _ => Err(format!("{}: internal: not an l-value", ex.span)),
        }
    }

    pub(super) fn expr(&mut self, e: ExprId) -> R<Val> {
        if !self.subst.is_empty()
            && let Some(v) = self.subst.get(&e)
        {
            return Ok(v.clone());
        }
        let ex = self.cur_fn().expr(e).clone();
        let ty = ex.ty;
        Ok(match ex.kind {
            ExprKind::Literal(l) => Val::Comps(vec![self.lit(l)]),
            ExprKind::Constant(c) => self.constant(&c, ty),
            ExprKind::Global(_) | ExprKind::Local(_) => {
                let p = self.place(e)?;
                self.load_place(&p)?
            }
            ExprKind::Index { base, index } => {
                if self.is_place(base) {
                    let p = self.place(e)?;
                    return self.load_place(&p);
                }
                let bv = self.expr(base)?;
                let i = self.expr(index)?;
                let i = self.scalar(&i);
                match bv {
                    Val::Mem(r) => {
                        let r = self.index_mem(&r, i, ty)?;
                        self.load_mem(&r)
                    }
                    Val::Comps(c) => {
                        let bt = self.ety(base);
                        let (count, per) = match self.env.m.types.get(bt) {
                            Type::Matrix { cols, rows, .. } => (*cols as usize, *rows as usize),
                            _ => (c.len(), 1),
                        };
                        let max = self.b.ins().iconst(types::I32, count as i64 - 1);
                        let i = self.b.ins().umin(i, max);
                        let mut out = Vec::new();
                        for k in 0..per {
                            let mut acc = c[k];
                            for el in 1..count {
                                let hit = self.b.ins().icmp_imm_s(IntCC::Equal, i, el as i64);
                                acc = self.b.ins().select(hit, c[el * per + k], acc);
                            }
                            out.push(acc);
                        }
                        Val::Comps(out)
                    }
                }
            }
            ExprKind::Field { base, field } => {
                if self.is_place(base) {
                    let p = self.place(e)?;
                    return self.load_place(&p);
                }
                match self.expr(base)? {
                    Val::Mem(r) => {
                        let r = self.field_mem(&r, field)?;
                        self.load_mem(&r)
                    }
                    Val::Comps(_) => return Err("internal: field of a non-struct value".into()),
                }
            }
            ExprKind::Swizzle { base, comps } => {
                let v = if self.is_place(base) {
                    let p = self.place(base)?;
                    self.load_place(&p)?
                } else {
                    self.expr(base)?
                };
                let c = self.comps(&v);
                Val::Comps(comps.iter().map(|&i| c[i as usize]).collect())
            }
            ExprKind::BuiltinVar(b) => Val::Comps(self.builtin_var(b)),
            ExprKind::Unary { op, arg } => {
                let s = self.env.m.types.scalar_of(ty).unwrap_or(Scalar::Int);
                let v = self.expr(arg)?;
                let c = self.comps(&v);
                Val::Comps(
                    c.into_iter()
                        .map(|x| match op {
                            UnaryOp::Neg if s.is_float() => self.b.ins().fneg(x),
                            UnaryOp::Neg => self.b.ins().ineg(x),
                            UnaryOp::Not => self.b.ins().bxor_imm_s(x, 1),
                            UnaryOp::BitNot => self.b.ins().bnot(x),
                        })
                        .collect(),
                )
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(op, lhs, rhs, ty)?,
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => self.select(cond, accept, reject, ty)?,
            ExprKind::Convert { arg, to } => {
                let from = self.env.m.types.scalar_of(self.ety(arg)).unwrap_or(to);
                let v = self.expr(arg)?;
                let c = self.comps(&v);
                Val::Comps(c.into_iter().map(|x| self.convert(x, from, to)).collect())
            }
            ExprKind::Splat(arg) => {
                let v = self.expr(arg)?;
                let x = self.scalar(&v);
                let n = self.env.m.types.components(ty).unwrap_or(1);
                Val::Comps(vec![x; n as usize])
            }
            ExprKind::Compose(parts) => self.compose(&parts, ty)?,
            ExprKind::MatrixDiagonal(arg) => {
                let v = self.expr(arg)?;
                let x = self.scalar(&v);
                let Type::Matrix { scalar, cols, rows } = self.env.m.types.get(ty).clone() else {
                    return Err("internal: diagonal of a non-matrix".into());
                };
                let zero = self.lit_of(scalar, 0.0);
                let mut out = Vec::new();
                for c in 0..cols {
                    for r in 0..rows {
                        out.push(if c == r { x } else { zero });
                    }
                }
                Val::Comps(out)
            }
            ExprKind::MatrixResize(arg) => {
                let at = self.ety(arg);
                let Type::Matrix {
                    rows: sr, cols: sc, ..
                } = self.env.m.types.get(at).clone()
                else {
                    return Err("internal: resize of a non-matrix".into());
                };
                let Type::Matrix { scalar, cols, rows } = self.env.m.types.get(ty).clone() else {
                    return Err("internal: resize to a non-matrix".into());
                };
                let v = self.expr(arg)?;
                let c = self.comps(&v);
                let (zero, one) = (self.lit_of(scalar, 0.0), self.lit_of(scalar, 1.0));
                let mut out = Vec::new();
                for col in 0..cols {
                    for r in 0..rows {
                        out.push(if col < sc && r < sr {
                            c[col as usize * sr as usize + r as usize]
                        } else if col == r {
                            one
                        } else {
                            zero
                        });
                    }
                }
                Val::Comps(out)
            }
            ExprKind::Call { .. } => {
                return Err(format!(
                    "{}: internal error: a call inside an expression (calls are statements after ir::calls)",
                    ex.span
                ));
            }
            ExprKind::Builtin { fun, args } => self.builtin(fun, &args, ty)?,
            ExprKind::Assign { place, op, value } => {
                let p = self.place(place)?;
                let v = self.expr(value)?;
                let v = match op {
                    None => v,
                    Some(op) => {
                        let old = self.load_place(&p)?;
                        let pt = self.ety(place);
                        let vt = self.ety(value);
                        self.binary_values(op, old, pt, v, vt, ty)?
                    }
                };
                self.store_place(&p, &v)?;
                v
            }
            ExprKind::IncDec {
                place,
                increment,
                postfix,
            } => {
                let p = self.place(place)?;
                let old = self.load_place(&p)?;
                let s = self.env.m.types.scalar_of(ty).unwrap_or(Scalar::Int);
                let c = self.comps(&old);
                let new: Vec<Value> = c
                    .iter()
                    .map(|&x| {
                        let one = self.lit_of(s, 1.0);
                        match (s.is_float(), increment) {
                            (true, true) => self.b.ins().fadd(x, one),
                            (true, false) => self.b.ins().fsub(x, one),
                            (false, true) => self.b.ins().iadd(x, one),
                            (false, false) => self.b.ins().isub(x, one),
                        }
                    })
                    .collect();
                self.store_place(&p, &Val::Comps(new.clone()))?;
                if postfix { old } else { Val::Comps(new) }
            }
            ExprKind::Sequence { first, second } => {
                self.expr(first)?;
                self.expr(second)?
            }
            ExprKind::ArrayLength(arr) => {
                let p = self.place(arr)?;
                let Place::Mem(r) = p else {
                    return Err("internal: length() of a non-memory array".into());
                };
                let Type::Array(..) = self.env.m.types.get(r.ty) else {
                    return Err("internal: length() of a non-array".into());
                };
                let stride = array_stride_of(&self.env.m.types, r.ty, r.pk, r.rm, r.ms).max(1);
                let n = match r.limit {
                    Some(lim) => {
                        // Elements that fit in the bound range past the array's start.
                        let avail = self.b.ins().isub(lim, r.off);
                        let zero = self.b.ins().iconst(types::I64, 0);
                        let neg = self.b.ins().icmp(IntCC::SignedLessThan, avail, zero);
                        let avail = self.b.ins().select(neg, zero, avail);
                        let n = self.b.ins().udiv_imm_s(avail, stride as i64);
                        let cap = self.b.ins().iconst(types::I64, i32::MAX as i64);
                        let n = self.b.ins().umin(n, cap);
                        self.b.ins().ireduce(types::I32, n)
                    }
                    None => self.b.ins().iconst(types::I32, 0),
                };
                Val::Comps(vec![n])
            }
        })
    }

    fn builtin_var(&mut self, b: BuiltinVar) -> Vec<Value> {
        let lid = |l: &mut Self| -> [Value; 3] {
            let inv = l.inv.as_ref().expect("inside a region");
            let v = inv.lid;
            [l.b.use_var(v[0]), l.b.use_var(v[1]), l.b.use_var(v[2])]
        };
        match b {
            BuiltinVar::NumWorkGroups => self.num_groups.to_vec(),
            BuiltinVar::WorkGroupSize | BuiltinVar::LocalGroupSize => self.local.to_vec(),
            BuiltinVar::WorkGroupId => self.group_id.to_vec(),
            BuiltinVar::LocalInvocationId => lid(self).to_vec(),
            BuiltinVar::GlobalInvocationId => {
                let l = lid(self);
                (0..3)
                    .map(|i| {
                        let base = self.b.ins().imul(self.group_id[i], self.local[i]);
                        self.b.ins().iadd(base, l[i])
                    })
                    .collect()
            }
            BuiltinVar::LocalInvocationIndex => {
                let v = self.inv.as_ref().expect("inside a region").idx;
                vec![self.b.use_var(v)]
            }
        }
    }

    pub(super) fn convert(&mut self, x: Value, from: Scalar, to: Scalar) -> Value {
        use Scalar::*;
        match (from, to) {
            (a, b) if a == b => x,
            (Int, Uint) | (Uint, Int) | (Int64, Uint64) | (Uint64, Int64) => x,
            (Int, Int64 | Uint64) => self.b.ins().sextend(types::I64, x),
            (Uint, Int64 | Uint64) => self.b.ins().uextend(types::I64, x),
            (Int64 | Uint64, Int | Uint) => self.b.ins().ireduce(types::I32, x),
            (Bool, Int | Uint | Int64 | Uint64) => self.b.ins().uextend(cl_type(to), x),
            (Bool, Float | Double) => {
                let (one, zero) = (self.lit_of(to, 1.0), self.lit_of(to, 0.0));
                self.b.ins().select(x, one, zero)
            }
            (Int | Uint | Int64 | Uint64, Bool) => self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0),
            (Float | Double, Bool) => {
                let zero = self.lit_of(from, 0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, x, zero)
            }
            (Int | Int64, Float | Double) => self.b.ins().fcvt_from_sint(cl_type(to), x),
            (Uint | Uint64, Float | Double) => self.b.ins().fcvt_from_uint(cl_type(to), x),
            (Float | Double, Int | Int64) => self.b.ins().fcvt_to_sint_sat(cl_type(to), x),
            (Float | Double, Uint) => {
                // Negative values wrap as through int (the common hardware result).
                let wide = self.b.ins().fcvt_to_sint_sat(types::I64, x);
                self.b.ins().ireduce(types::I32, wide)
            }
            (Float | Double, Uint64) => {
                // Negative values wrap as through int64_t; others saturate as unsigned.
                let s = self.b.ins().fcvt_to_sint_sat(types::I64, x);
                let u = self.b.ins().fcvt_to_uint_sat(types::I64, x);
                let zero = self.lit_of(from, 0.0);
                let neg = self.b.ins().fcmp(FloatCC::LessThan, x, zero);
                self.b.ins().select(neg, s, u)
            }
            (Float, Double) => self.b.ins().fpromote(types::F64, x),
            (Double, Float) => self.b.ins().fdemote(types::F32, x),
            _ => x,
        }
    }

    fn compose(&mut self, parts: &[ExprId], ty: TypeId) -> R<Val> {
        let types = &self.env.m.types;
        match types.get(ty).clone() {
            Type::Vector(..) | Type::Matrix { .. } | Type::Scalar(_) => {
                let mut out = Vec::new();
                for &p in parts {
                    let v = self.expr(p)?;
                    out.extend(self.comps(&v));
                }
                Ok(Val::Comps(out))
            }
            Type::Array(elem, _) => {
                let dst = self.temp_mem(ty);
                for (i, &p) in parts.iter().enumerate() {
                    let v = self.expr(p)?;
                    let iv = self.b.ins().iconst(types::I32, i as i64);
                    let d = self.index_mem(&dst, iv, elem)?;
                    self.store_mem(&d, &v)?;
                }
                Ok(Val::Mem(dst))
            }
            Type::Struct(_) => {
                let dst = self.temp_mem(ty);
                for (i, &p) in parts.iter().enumerate() {
                    let v = self.expr(p)?;
                    let d = self.field_mem(&dst, i as u32)?;
                    self.store_mem(&d, &v)?;
                }
                Ok(Val::Mem(dst))
            }
            _ => Err("internal: compose of an opaque type".into()),
        }
    }

    fn select(&mut self, cond: ExprId, accept: ExprId, reject: ExprId, ty: TypeId) -> R<Val> {
        let c = self.expr(cond)?;
        let c = self.scalar(&c);
        let (then, els, merge) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        let aggregate = self.env.m.types.contains_array_or_struct(ty);
        let tmp = aggregate.then(|| self.temp_mem(ty));
        let vars: Vec<_> = if aggregate {
            Vec::new()
        } else {
            let s = self.env.m.types.scalar_of(ty).unwrap_or(Scalar::Int);
            let n = self.env.m.types.components(ty).unwrap_or(0);
            (0..n).map(|_| self.b.declare_var(cl_type(s))).collect()
        };
        self.b.ins().brif(c, then, &[], els, &[]);
        for (blk, e) in [(then, accept), (els, reject)] {
            self.b.switch_to_block(blk);
            let v = self.expr(e)?;
            match &tmp {
                Some(t) => self.store_mem(t, &v)?,
                None => {
                    let comps = self.comps(&v);
                    for (var, x) in vars.iter().zip(comps) {
                        self.b.def_var(*var, x);
                    }
                }
            }
            self.b.ins().jump(merge, &[]);
        }
        self.b.switch_to_block(merge);
        Ok(match tmp {
            Some(t) => Val::Mem(t),
            None => Val::Comps(vars.iter().map(|v| self.b.use_var(*v)).collect()),
        })
    }

    fn binary(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId, ty: TypeId) -> R<Val> {
        match op {
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => {
                // Short-circuit: the right operand only runs when it decides.
                let a = self.expr(lhs)?;
                let a = self.scalar(&a);
                let var = self.b.declare_var(types::I8);
                self.b.def_var(var, a);
                let (rhs_blk, merge) = (self.b.create_block(), self.b.create_block());
                if op == BinaryOp::LogicalAnd {
                    self.b.ins().brif(a, rhs_blk, &[], merge, &[]);
                } else {
                    self.b.ins().brif(a, merge, &[], rhs_blk, &[]);
                }
                self.b.switch_to_block(rhs_blk);
                let bv = self.expr(rhs)?;
                let bv = self.scalar(&bv);
                self.b.def_var(var, bv);
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(merge);
                Ok(Val::Comps(vec![self.b.use_var(var)]))
            }
            _ => {
                let (lt, rt) = (self.ety(lhs), self.ety(rhs));
                let a = self.expr(lhs)?;
                let b = self.expr(rhs)?;
                self.binary_values(op, a, lt, b, rt, ty)
            }
        }
    }

    /// `a op b` on evaluated operands of types `lt` and `rt`, giving `ty`.
    pub(super) fn binary_values(
        &mut self,
        op: BinaryOp,
        a: Val,
        lt: TypeId,
        b: Val,
        rt: TypeId,
        ty: TypeId,
    ) -> R<Val> {
        let types = &self.env.m.types;
        let s = types.scalar_of(lt).unwrap_or(Scalar::Int);
        match op {
            BinaryOp::Equal | BinaryOp::NotEqual => {
                let eq = self.equal(&a, &b, lt)?;
                let v = if op == BinaryOp::Equal {
                    eq
                } else {
                    self.b.ins().bxor_imm_s(eq, 1)
                };
                Ok(Val::Comps(vec![v]))
            }
            BinaryOp::MatMul => {
                let (ca, cb) = (self.comps(&a), self.comps(&b));
                Ok(Val::Comps(self.matmul(&ca, lt, &cb, rt)))
            }
            _ => {
                let (ca, cb) = (self.comps(&a), self.comps(&b));
                let _ = ty;
                let out = ca
                    .iter()
                    .zip(cb.iter().cycle())
                    .map(|(&x, &y)| self.scalar_op(op, s, x, y))
                    .collect();
                Ok(Val::Comps(out))
            }
        }
    }

    pub(super) fn scalar_op(&mut self, op: BinaryOp, s: Scalar, x: Value, y: Value) -> Value {
        let float = s.is_float();
        let signed = s.is_signed_int();
        match op {
            BinaryOp::Add if float => self.b.ins().fadd(x, y),
            BinaryOp::Add => self.b.ins().iadd(x, y),
            BinaryOp::Sub if float => self.b.ins().fsub(x, y),
            BinaryOp::Sub => self.b.ins().isub(x, y),
            BinaryOp::Mul if float => {
                // `2 * x` is `x + x`, exactly (NaN, infinities and signed zeros too),
                // without a constant register.
                if self.splat_f32(y) == Some(2.0) {
                    self.b.ins().fadd(x, x)
                } else if self.splat_f32(x) == Some(2.0) {
                    self.b.ins().fadd(y, y)
                } else {
                    self.b.ins().fmul(x, y)
                }
            }
            BinaryOp::Mul => self.b.ins().imul(x, y),
            BinaryOp::Div if float => self.b.ins().fdiv(x, y),
            BinaryOp::Div | BinaryOp::Mod => self.int_div(op == BinaryOp::Mod, signed, x, y),
            BinaryOp::Shl => self.b.ins().ishl(x, y),
            BinaryOp::Shr if signed => self.b.ins().sshr(x, y),
            BinaryOp::Shr => self.b.ins().ushr(x, y),
            BinaryOp::BitAnd => self.b.ins().band(x, y),
            BinaryOp::BitOr => self.b.ins().bor(x, y),
            BinaryOp::BitXor | BinaryOp::LogicalXor => self.b.ins().bxor(x, y),
            BinaryOp::Less | BinaryOp::LessEqual | BinaryOp::Greater | BinaryOp::GreaterEqual => {
                if float {
                    let cc = match op {
                        BinaryOp::Less => FloatCC::LessThan,
                        BinaryOp::LessEqual => FloatCC::LessThanOrEqual,
                        BinaryOp::Greater => FloatCC::GreaterThan,
                        _ => FloatCC::GreaterThanOrEqual,
                    };
                    self.b.ins().fcmp(cc, x, y)
                } else {
                    let cc = match (op, signed) {
                        (BinaryOp::Less, true) => IntCC::SignedLessThan,
                        (BinaryOp::LessEqual, true) => IntCC::SignedLessThanOrEqual,
                        (BinaryOp::Greater, true) => IntCC::SignedGreaterThan,
                        (_, true) => IntCC::SignedGreaterThanOrEqual,
                        (BinaryOp::Less, false) => IntCC::UnsignedLessThan,
                        (BinaryOp::LessEqual, false) => IntCC::UnsignedLessThanOrEqual,
                        (BinaryOp::Greater, false) => IntCC::UnsignedGreaterThan,
                        _ => IntCC::UnsignedGreaterThanOrEqual,
                    };
                    self.int_compare(cc, x, y)
                }
            }
            BinaryOp::Equal => {
                if float {
                    self.b.ins().fcmp(FloatCC::Equal, x, y)
                } else {
                    self.b.ins().icmp(IntCC::Equal, x, y)
                }
            }
            BinaryOp::NotEqual => {
                if float {
                    self.b.ins().fcmp(FloatCC::NotEqual, x, y)
                } else {
                    self.b.ins().icmp(IntCC::NotEqual, x, y)
                }
            }
            BinaryOp::LogicalAnd => self.b.ins().band(x, y),
            BinaryOp::LogicalOr => self.b.ins().bor(x, y),
            BinaryOp::MatMul => self.b.ins().fmul(x, y),
        }
    }

    /// `icmp`, with a lane vector compared against a splat constant turned into the
    /// comparison x86 does in fewer instructions (`x < c` as `x <= c - 1` where `c - 1`
    /// does not wrap, and so on), and a strict unsigned comparison of two lane vectors
    /// as the signed one of both with their sign bits flipped (x86 has signed
    /// greater-than only; Cranelift's unsigned `<` is four instructions): the same
    /// result in every lane.
    pub(super) fn int_compare(&mut self, cc: IntCC, x: Value, y: Value) -> Value {
        if self.b.func.dfg.value_type(x) == types::I32X4 {
            let (cc, x, c) = match (self.splat_imm(x), self.splat_imm(y)) {
                (_, Some(c)) => (cc, x, c),
                (Some(c), None) => (cc.swap_args(), y, c),
                (None, None) => {
                    let signed = match cc {
                        IntCC::UnsignedLessThan => IntCC::SignedLessThan,
                        IntCC::UnsignedGreaterThan => IntCC::SignedGreaterThan,
                        _ => return self.b.ins().icmp(cc, x, y),
                    };
                    let sign = self.b.ins().iconst(types::I32, i64::from(i32::MIN));
                    let sign = self.b.ins().splat(types::I32X4, sign);
                    let xs = self.b.ins().bxor(x, sign);
                    let ys = self.b.ins().bxor(y, sign);
                    return self.b.ins().icmp(signed, xs, ys);
                }
            };
            let (u, i) = (c as u32, c as u32 as i32);
            let better = match cc {
                IntCC::UnsignedLessThan if u != 0 => Some((IntCC::UnsignedLessThanOrEqual, u - 1)),
                IntCC::UnsignedGreaterThan if u != u32::MAX => {
                    Some((IntCC::UnsignedGreaterThanOrEqual, u + 1))
                }
                IntCC::SignedLessThanOrEqual if i != i32::MAX => {
                    Some((IntCC::SignedLessThan, (i + 1) as u32))
                }
                IntCC::SignedGreaterThanOrEqual if i != i32::MIN => {
                    Some((IntCC::SignedGreaterThan, (i - 1) as u32))
                }
                _ => None,
            };
            let (cc, k) = better.unwrap_or((cc, u));
            let k = self.b.ins().iconst(types::I32, i64::from(k));
            let k = self.b.ins().splat(types::I32X4, k);
            return self.b.ins().icmp(cc, x, k);
        }
        self.b.ins().icmp(cc, x, y)
    }

    /// The constant `v` splats, if it is one (its 32 bits, zero-extended).
    pub(super) fn splat_imm(&self, v: Value) -> Option<i64> {
        match self.splat_const(v)? {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } => Some(i64::from(imm.bits() as u32)),
            _ => None,
        }
    }

    /// The constant `v` splats across float lanes, if it is one.
    fn splat_f32(&self, v: Value) -> Option<f32> {
        match self.splat_const(v)? {
            InstructionData::UnaryIeee32 {
                opcode: Opcode::F32const,
                imm,
            } => Some(f32::from_bits(imm.bits())),
            _ => None,
        }
    }

    /// The instruction defining the scalar that `v` splats, when `v` is a splat.
    fn splat_const(&self, v: Value) -> Option<InstructionData> {
        let dfg = &self.b.func.dfg;
        let inst = dfg.value_def(dfg.resolve_aliases(v)).inst()?;
        let InstructionData::Unary {
            opcode: Opcode::Splat,
            arg,
        } = dfg.insts[inst]
        else {
            return None;
        };
        let def = dfg.value_def(dfg.resolve_aliases(arg)).inst()?;
        Some(dfg.insts[def])
    }

    /// Integer division and remainder that never trap: a zero divisor divides by one
    /// (the result is undefined in GLSL), and INT_MIN / -1 wraps.
    pub(super) fn int_div(&mut self, rem: bool, signed: bool, x: Value, y: Value) -> Value {
        let ty = self.b.func.dfg.value_type(x);
        let one = self.b.ins().iconst(ty, 1);
        let zero = self.b.ins().icmp_imm_s(IntCC::Equal, y, 0);
        let d = self.b.ins().select(zero, one, y);
        if !signed {
            return if rem {
                self.b.ins().urem(x, d)
            } else {
                self.b.ins().udiv(x, d)
            };
        }
        let minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, d, -1);
        let d = self.b.ins().select(minus_one, one, d);
        if rem {
            let r = self.b.ins().srem(x, d);
            let z = self.b.ins().iconst(ty, 0);
            self.b.ins().select(minus_one, z, r)
        } else {
            let q = self.b.ins().sdiv(x, d);
            let neg = self.b.ins().ineg(x);
            self.b.ins().select(minus_one, neg, q)
        }
    }

    /// Whole-value equality (any type).
    fn equal(&mut self, a: &Val, b: &Val, ty: TypeId) -> R<Value> {
        let types = &self.env.m.types;
        match types.get(ty).clone() {
            Type::Struct(s) => {
                let (Val::Mem(ra), Val::Mem(rb)) = (a, b) else {
                    return Err("internal: struct values not in memory".into());
                };
                let n = types.struct_def(s).members.len();
                let members: Vec<TypeId> =
                    types.struct_def(s).members.iter().map(|m| m.ty).collect();
                let mut acc = self.b.ins().iconst(types::I8, 1);
                for (f, mt) in (0..n as u32).zip(members) {
                    let (fa, fb) = (self.field_mem(ra, f)?, self.field_mem(rb, f)?);
                    let (va, vb) = (self.load_mem(&fa), self.load_mem(&fb));
                    let e = self.equal(&va, &vb, mt)?;
                    acc = self.b.ins().band(acc, e);
                }
                Ok(acc)
            }
            Type::Array(elem, len) => {
                let (Val::Mem(ra), Val::Mem(rb)) = (a, b) else {
                    return Err("internal: array values not in memory".into());
                };
                let mut acc = self.b.ins().iconst(types::I8, 1);
                for i in 0..len.unwrap_or(0) {
                    let iv = self.b.ins().iconst(types::I32, i as i64);
                    let (ea, eb) = (self.index_mem(ra, iv, elem)?, self.index_mem(rb, iv, elem)?);
                    let (va, vb) = (self.load_mem(&ea), self.load_mem(&eb));
                    let e = self.equal(&va, &vb, elem)?;
                    acc = self.b.ins().band(acc, e);
                }
                Ok(acc)
            }
            _ => {
                let s = types.scalar_of(ty).unwrap_or(Scalar::Int);
                let (ca, cb) = (self.comps(a), self.comps(b));
                let mut acc = self.b.ins().iconst(types::I8, 1);
                for (x, y) in ca.into_iter().zip(cb) {
                    let e = self.scalar_op(BinaryOp::Equal, s, x, y);
                    acc = self.b.ins().band(acc, e);
                }
                Ok(acc)
            }
        }
    }

    /// Linear-algebraic products (column-major components).
    pub(super) fn matmul(
        &mut self,
        a: &[Value],
        at: TypeId,
        b: &[Value],
        bt: TypeId,
    ) -> Vec<Value> {
        let types = &self.env.m.types;
        let dims = |t: TypeId| match types.get(t) {
            Type::Matrix { cols, rows, .. } => (*cols as usize, *rows as usize, true),
            Type::Vector(_, n) => (1, *n as usize, false),
            _ => (1, 1, false),
        };
        let (ac, ar, am) = dims(at);
        let (bc, br, bm) = dims(bt);
        let dot = |l: &mut Self, xs: Vec<Value>, ys: Vec<Value>| {
            let mut acc = l.b.ins().fmul(xs[0], ys[0]);
            for k in 1..xs.len() {
                let p = l.b.ins().fmul(xs[k], ys[k]);
                acc = l.b.ins().fadd(acc, p);
            }
            acc
        };
        match (am, bm) {
            // matrix * vector: rows of a with b.
            (true, false) => (0..ar)
                .map(|r| {
                    let row = (0..ac).map(|c| a[c * ar + r]).collect();
                    dot(self, row, b.to_vec())
                })
                .collect(),
            // vector * matrix: a with each column of b.
            (false, true) => (0..bc)
                .map(|c| {
                    let col = b[c * br..(c + 1) * br].to_vec();
                    dot(self, a.to_vec(), col)
                })
                .collect(),
            _ => {
                let mut out = Vec::new();
                for c in 0..bc {
                    for r in 0..ar {
                        let row = (0..ac).map(|k| a[k * ar + r]).collect();
                        let col = b[c * br..(c + 1) * br].to_vec();
                        out.push(dot(self, row, col));
                    }
                }
                out
            }
        }
    }

    /// The place of a built-in's memory operand (atomics): a memory reference.
    pub(super) fn mem_operand(&mut self, e: ExprId) -> R<MemRef> {
        match self.place(e)? {
            Place::Mem(r) => Ok(r),
            _ => Err("internal: atomic operand is not in memory".into()),
        }
    }
}

fn flatten_const(c: &ConstValue, out: &mut Vec<Literal>) {
    match c {
        ConstValue::Scalar(l) => out.push(*l),
        ConstValue::Composite(_, parts) => parts.iter().for_each(|p| flatten_const(p, out)),
    }
}
