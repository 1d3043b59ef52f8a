//! The arithmetic, logical, conversion and set-on instructions (NV_gpu_program4
//! §2.X.8, NV_gpu_program5's bit-field instructions), each as its specification's
//! pseudo-code computes it, and their condition-code flags (§2.X.4.3).

use super::*;

impl Fb<'_, '_> {
    fn vop(&mut self, o: &Operand, dt: DataType, out: &mut Block) -> R<LocalId> {
        let v = self.operand(o, dt)?;
        Ok(self.tmp(v, out))
    }

    fn sop(&mut self, o: &Operand, dt: DataType, out: &mut Block) -> R<LocalId> {
        let v = self.scalar_operand(o, dt)?;
        Ok(self.tmp(v, out))
    }

    fn comp(&mut self, l: LocalId, c: u8) -> ExprId {
        let v = self.local(l);
        self.swz(v, &[c])
    }

    fn dot(&mut self, a: LocalId, b: LocalId, n: usize) -> ExprId {
        let t = self.t();
        let comps: Vec<u8> = (0..n as u8).collect();
        let (x, y) = (self.local(a), self.local(b));
        let (x, y) = if n == 4 {
            (x, y)
        } else {
            (self.swz(x, &comps), self.swz(y, &comps))
        };
        self.call(Builtin::Dot, vec![x, y], t.f)
    }

    /// The set-on result of `cond` (a bvec4): 1.0/0.0, -1/0 or all ones/0 by type
    /// (NV_gpu_program4 §2.X.8 SEQ).
    fn set_on(&mut self, cond: ExprId, dt: DataType) -> ExprId {
        match dt {
            DataType::F => self.convert(cond, Scalar::Float),
            DataType::S => {
                let i = self.convert(cond, Scalar::Int);
                self.un(UnaryOp::Neg, i)
            }
            DataType::U => {
                let u = self.convert(cond, Scalar::Uint);
                self.un(UnaryOp::Neg, u)
            }
        }
    }

    pub(super) fn alu(&mut self, inst: &Inst, out: &mut Block) -> R<()> {
        let t = self.t();
        let m = &inst.mods;
        let dt = m.ty.unwrap_or(DataType::F);
        let vt = t.vec(dt);
        if let InstKind::Swz { dest, src, comps } = &inst.kind {
            let a = self.vop(src, DataType::F, out)?;
            let mut parts = Vec::new();
            for &(neg, c) in comps {
                let v = match c {
                    ExtComp::Zero => self.lit_f(0.0),
                    ExtComp::One => self.lit_f(1.0),
                    ExtComp::Comp(k) => self.comp(a, k),
                };
                parts.push(if neg { self.un(UnaryOp::Neg, v) } else { v });
            }
            let v = self.compose(parts, t.fv4);
            return self.write(dest, v, DataType::F, m, &float_flags, out);
        }
        let InstKind::Alu { dest, srcs } = &inst.kind else {
            return Ok(());
        };
        let name = inst.op.name;
        if name == "LDC" {
            return self.ldc(inst, dest, &srcs[0], out);
        }
        if name == "CVT" {
            return self.cvt(inst, dest, &srcs[0], out);
        }
        // The flags of an integer add or subtract of the locals (a, b) (§2.X.4.3).
        let mut addsub: Option<(LocalId, LocalId, bool)> = None;
        let (value, rt) = match name {
            "MOV" => (self.operand(&srcs[0], dt)?, dt),
            "ABS" => {
                let a = self.operand(&srcs[0], dt)?;
                let v = if dt == DataType::U {
                    a
                } else {
                    self.call(Builtin::Abs, vec![a], vt)
                };
                (v, dt)
            }
            "ADD" | "SUB" => {
                let a = self.vop(&srcs[0], dt, out)?;
                let b = self.vop(&srcs[1], dt, out)?;
                addsub = Some((a, b, name == "SUB"));
                let (x, y) = (self.local(a), self.local(b));
                let op = if name == "ADD" {
                    BinaryOp::Add
                } else {
                    BinaryOp::Sub
                };
                (self.bin(op, x, y), dt)
            }
            "MUL" if m.hi => {
                let a = self.operand(&srcs[0], dt)?;
                let b = self.operand(&srcs[1], dt)?;
                let msb = self.new_local(vt, "msb");
                let lsb = self.new_local(vt, "lsb");
                out.push(Self::stmt(StmtKind::Declare {
                    local: msb,
                    init: None,
                }));
                out.push(Self::stmt(StmtKind::Declare {
                    local: lsb,
                    init: None,
                }));
                let (pm, pl) = (self.local(msb), self.local(lsb));
                let fun = if dt == DataType::U {
                    Builtin::UmulExtended
                } else {
                    Builtin::ImulExtended
                };
                let c = self.call(fun, vec![a, b, pm, pl], t.void);
                out.push(Self::stmt(StmtKind::Expr(c)));
                (self.local(msb), dt)
            }
            "MUL" => {
                let a = self.operand(&srcs[0], dt)?;
                let b = self.operand(&srcs[1], dt)?;
                (self.bin(BinaryOp::Mul, a, b), dt)
            }
            "MAD" => {
                let a = self.operand(&srcs[0], dt)?;
                let b = self.operand(&srcs[1], dt)?;
                let p = self.bin(BinaryOp::Mul, a, b);
                let p = self.tmp(p, out);
                let c = self.vop(&srcs[2], dt, out)?;
                addsub = Some((p, c, false));
                let (x, y) = (self.local(p), self.local(c));
                (self.bin(BinaryOp::Add, x, y), dt)
            }
            "MIN" | "MAX" => {
                let a = self.operand(&srcs[0], dt)?;
                let b = self.operand(&srcs[1], dt)?;
                let fun = if name == "MIN" {
                    Builtin::Min
                } else {
                    Builtin::Max
                };
                (self.call(fun, vec![a, b], vt), dt)
            }
            "DIV" | "MOD" | "SHL" | "SHR" => {
                let a = self.operand(&srcs[0], dt)?;
                let s = self.scalar_operand(&srcs[1], dt)?;
                let s = self.splat(s, vt);
                let op = match name {
                    "DIV" => BinaryOp::Div,
                    "MOD" => BinaryOp::Mod,
                    "SHL" => BinaryOp::Shl,
                    _ => BinaryOp::Shr,
                };
                (self.bin(op, a, s), dt)
            }
            "AND" | "OR" | "XOR" => {
                let a = self.operand(&srcs[0], dt)?;
                let b = self.operand(&srcs[1], dt)?;
                let op = match name {
                    "AND" => BinaryOp::BitAnd,
                    "OR" => BinaryOp::BitOr,
                    _ => BinaryOp::BitXor,
                };
                (self.bin(op, a, b), dt)
            }
            "NOT" => {
                let a = self.operand(&srcs[0], dt)?;
                (self.un(UnaryOp::BitNot, a), dt)
            }
            "CMP" => {
                let a = self.operand(&srcs[0], dt)?;
                let b = self.operand(&srcs[1], dt)?;
                let c = self.operand(&srcs[2], dt)?;
                let zero = self.splat_bits(dt, 0);
                let lt = self.call(Builtin::LessThan, vec![a, zero], t.bv4);
                (self.call(Builtin::MixBool, vec![c, b, lt], vt), dt)
            }
            "DP2" | "DP3" | "DP4" | "DPH" | "DP2A" => {
                let a = self.vop(&srcs[0], dt, out)?;
                let b = self.vop(&srcs[1], dt, out)?;
                let n = match name {
                    "DP2" | "DP2A" => 2,
                    "DP4" => 4,
                    _ => 3,
                };
                let mut d = self.dot(a, b, n);
                if name == "DPH" {
                    let w = self.comp(b, 3);
                    d = self.bin(BinaryOp::Add, d, w);
                } else if name == "DP2A" {
                    let c = self.operand(&srcs[2], dt)?;
                    let cx = self.swz(c, &[0]);
                    d = self.bin(BinaryOp::Add, d, cx);
                }
                (self.splat(d, vt), dt)
            }
            "DST" => {
                let a = self.vop(&srcs[0], dt, out)?;
                let b = self.vop(&srcs[1], dt, out)?;
                let one = self.lit_f(1.0);
                let (ay, by) = (self.comp(a, 1), self.comp(b, 1));
                let y = self.bin(BinaryOp::Mul, ay, by);
                let z = self.comp(a, 2);
                let w = self.comp(b, 3);
                (self.compose(vec![one, y, z, w], vt), dt)
            }
            "LIT" => (self.lit(&srcs[0], out)?, dt),
            "LRP" => {
                let a = self.vop(&srcs[0], dt, out)?;
                let b = self.operand(&srcs[1], dt)?;
                let c = self.operand(&srcs[2], dt)?;
                let x = self.local(a);
                let ab = self.bin(BinaryOp::Mul, x, b);
                let one = self.splat_bits(DataType::F, 1.0f32.to_bits());
                let x2 = self.local(a);
                let oma = self.bin(BinaryOp::Sub, one, x2);
                let rest = self.bin(BinaryOp::Mul, oma, c);
                (self.bin(BinaryOp::Add, ab, rest), dt)
            }
            "X2D" => {
                let a = self.vop(&srcs[0], dt, out)?;
                let b = self.vop(&srcs[1], dt, out)?;
                let c = self.vop(&srcs[2], dt, out)?;
                let mut xy = Vec::new();
                for (ai, ci, cj) in [(0u8, 0u8, 1u8), (1, 2, 3)] {
                    let av = self.comp(a, ai);
                    let (bx, cx) = (self.comp(b, 0), self.comp(c, ci));
                    let p1 = self.bin(BinaryOp::Mul, bx, cx);
                    let (by, cy) = (self.comp(b, 1), self.comp(c, cj));
                    let p2 = self.bin(BinaryOp::Mul, by, cy);
                    let s = self.bin(BinaryOp::Add, av, p1);
                    let s = self.bin(BinaryOp::Add, s, p2);
                    xy.push(self.tmp(s, out));
                }
                let parts = vec![
                    self.local(xy[0]),
                    self.local(xy[1]),
                    self.local(xy[0]),
                    self.local(xy[1]),
                ];
                (self.compose(parts, vt), dt)
            }
            "XPD" => {
                let a = self.operand(&srcs[0], dt)?;
                let b = self.operand(&srcs[1], dt)?;
                let a3 = self.swz(a, &[0, 1, 2]);
                let b3 = self.swz(b, &[0, 1, 2]);
                let c = self.call(Builtin::Cross, vec![a3, b3], t.fv3);
                let w = self.lit_f(0.0);
                (self.compose(vec![c, w], vt), dt)
            }
            "RFL" => {
                // tmp.w = dot3(axis, axis); tmp.x = 2 * dot3(axis, dir) / tmp.w;
                // result.xyz = tmp.x * axis.xyz - dir.xyz (w undefined: 0).
                let a = self.vop(&srcs[0], dt, out)?;
                let b = self.vop(&srcs[1], dt, out)?;
                let aa = self.dot(a, a, 3);
                let ab = self.dot(a, b, 3);
                let two = self.lit_f(2.0);
                let x = self.bin(BinaryOp::Mul, two, ab);
                let x = self.bin(BinaryOp::Div, x, aa);
                let x3 = self.splat(x, t.fv3);
                let av = self.local(a);
                let a3 = self.swz(av, &[0, 1, 2]);
                let p = self.bin(BinaryOp::Mul, x3, a3);
                let bv = self.local(b);
                let b3 = self.swz(bv, &[0, 1, 2]);
                let r = self.bin(BinaryOp::Sub, p, b3);
                let w = self.lit_f(0.0);
                (self.compose(vec![r, w], vt), dt)
            }
            "NRM" => {
                let a = self.vop(&srcs[0], dt, out)?;
                let d = self.dot(a, a, 3);
                let s = self.call(Builtin::InverseSqrt, vec![d], t.f);
                let s3 = self.splat(s, t.fv3);
                let av = self.local(a);
                let a3 = self.swz(av, &[0, 1, 2]);
                let r = self.bin(BinaryOp::Mul, a3, s3);
                let w = self.lit_f(0.0);
                (self.compose(vec![r, w], vt), dt)
            }
            "SSG" => {
                let a = self.operand(&srcs[0], dt)?;
                (self.call(Builtin::Sign, vec![a], vt), dt)
            }
            "FRC" => {
                let a = self.operand(&srcs[0], dt)?;
                (self.call(Builtin::Fract, vec![a], vt), dt)
            }
            "FLR" | "CEIL" | "ROUND" | "TRUNC" => {
                let a = self.operand(&srcs[0], DataType::F)?;
                let fun = match name {
                    "FLR" => Builtin::Floor,
                    "CEIL" => Builtin::Ceil,
                    // §2.X.8 ROUND: a fraction of exactly 0.5 goes to the even integer.
                    "ROUND" => Builtin::RoundEven,
                    _ => Builtin::Trunc,
                };
                let v = self.call(fun, vec![a], t.fv4);
                let v = match dt {
                    DataType::F => v,
                    DataType::S => self.convert(v, Scalar::Int),
                    DataType::U => self.convert(v, Scalar::Uint),
                };
                (v, dt)
            }
            "I2F" => {
                let a = self.operand(&srcs[0], dt)?;
                (self.convert(a, Scalar::Float), DataType::F)
            }
            "COS" | "SIN" | "EX2" | "LG2" | "RCP" | "RSQ" | "RCC" => {
                let s = self.scalar_operand(&srcs[0], DataType::F)?;
                let v = match name {
                    "RCP" | "RCC" => {
                        let one = self.lit_f(1.0);
                        self.bin(BinaryOp::Div, one, s)
                    }
                    _ => {
                        let fun = match name {
                            "COS" => Builtin::Cos,
                            "SIN" => Builtin::Sin,
                            "EX2" => Builtin::Exp2,
                            "LG2" => Builtin::Log2,
                            _ => Builtin::InverseSqrt,
                        };
                        self.call(fun, vec![s], t.f)
                    }
                };
                let v = if name == "RCC" {
                    self.rcc_clamp(v, out)
                } else {
                    v
                };
                (self.splat(v, t.fv4), DataType::F)
            }
            "POW" => {
                let a = self.scalar_operand(&srcs[0], DataType::F)?;
                let b = self.scalar_operand(&srcs[1], DataType::F)?;
                let v = self.call(Builtin::Pow, vec![a, b], t.f);
                (self.splat(v, t.fv4), DataType::F)
            }
            "SCS" => {
                let s = self.sop(&srcs[0], DataType::F, out)?;
                let sv = self.local(s);
                let c = self.call(Builtin::Cos, vec![sv], t.f);
                let sv = self.local(s);
                let si = self.call(Builtin::Sin, vec![sv], t.f);
                let (z, w) = (self.lit_f(0.0), self.lit_f(0.0));
                (self.compose(vec![c, si, z, w], t.fv4), DataType::F)
            }
            "SEQ" | "SNE" | "SLT" | "SLE" | "SGT" | "SGE" => {
                let a = self.operand(&srcs[0], dt)?;
                let b = self.operand(&srcs[1], dt)?;
                let fun = match name {
                    "SEQ" => Builtin::Equal,
                    "SNE" => Builtin::NotEqual,
                    "SLT" => Builtin::LessThan,
                    "SLE" => Builtin::LessThanEqual,
                    "SGT" => Builtin::GreaterThan,
                    _ => Builtin::GreaterThanEqual,
                };
                let c = self.call(fun, vec![a, b], t.bv4);
                (self.set_on(c, dt), dt)
            }
            "SFL" | "STR" => {
                // SFL and STR ignore their operands.
                let c = self.bool4(name == "STR");
                (self.set_on(c, dt), dt)
            }
            "BFE" | "BFI" => {
                // NV_gpu_program5 BFE/BFI: bits = op0.x, offset = op0.y.
                let a = self.vop(&srcs[0], dt, out)?;
                let bits = self.comp(a, 0);
                let bits = self.convert(bits, Scalar::Int);
                let offset = self.comp(a, 1);
                let offset = self.convert(offset, Scalar::Int);
                let b = self.operand(&srcs[1], dt)?;
                let v = if name == "BFE" {
                    self.call(Builtin::BitfieldExtract, vec![b, offset, bits], vt)
                } else {
                    let c = self.operand(&srcs[2], dt)?;
                    self.call(Builtin::BitfieldInsert, vec![c, b, offset, bits], vt)
                };
                (v, dt)
            }
            "BFR" => {
                let a = self.operand(&srcs[0], dt)?;
                (self.call(Builtin::BitfieldReverse, vec![a], vt), dt)
            }
            "BTC" | "BTFL" | "BTFM" => {
                let a = self.operand(&srcs[0], dt)?;
                let fun = match name {
                    "BTC" => Builtin::BitCount,
                    "BTFL" => Builtin::FindLsb,
                    _ => Builtin::FindMsb,
                };
                let v = self.call(fun, vec![a], t.iv4);
                let v = if dt == DataType::U {
                    self.convert(v, Scalar::Uint)
                } else {
                    v
                };
                (v, dt)
            }
            "SAD" => {
                // result = abs(op0 - op1) + op2, op2 and the result unsigned.
                let a = self.vop(&srcs[0], dt, out)?;
                let b = self.vop(&srcs[1], dt, out)?;
                let (x, y) = (self.local(a), self.local(b));
                let gt = self.call(Builtin::GreaterThan, vec![x, y], t.bv4);
                let (x, y) = (self.local(a), self.local(b));
                let d1 = self.bin(BinaryOp::Sub, x, y);
                let (x, y) = (self.local(a), self.local(b));
                let d2 = self.bin(BinaryOp::Sub, y, x);
                let d = self.call(Builtin::MixBool, vec![d2, d1, gt], vt);
                let d = self.as_bits(d, dt);
                let c = self.operand(&srcs[2], DataType::U)?;
                (self.bin(BinaryOp::Add, d, c), DataType::U)
            }
            "TGALL" | "TGANY" | "TGEQ" => {
                let a = self.vop(&srcs[0], dt, out)?;
                let fun = match name {
                    "TGALL" => Builtin::AllInvocations,
                    "TGANY" => Builtin::AnyInvocation,
                    _ => Builtin::AllInvocationsEqual,
                };
                let mut parts = Vec::new();
                for c in 0..4u8 {
                    let v = self.comp(a, c);
                    let zero = self.lit_bits(dt, 0);
                    let nz = self.bin(BinaryOp::NotEqual, v, zero);
                    let vote = self.call(fun, vec![nz], t.b);
                    parts.push(self.tmp(vote, out));
                }
                let parts = parts.into_iter().map(|l| self.local(l)).collect();
                let b = self.compose(parts, t.bv4);
                (self.set_on(b, dt), dt)
            }
            "PK2H" | "PK2US" | "PK4UB" | "PK4B" => {
                let a = self.vop(&srcs[0], DataType::F, out)?;
                let v = match name {
                    "PK2H" | "PK2US" => {
                        let av = self.local(a);
                        let xy = self.swz(av, &[0, 1]);
                        let fun = if name == "PK2H" {
                            Builtin::PackHalf2x16
                        } else {
                            Builtin::PackUnorm2x16
                        };
                        self.call(fun, vec![xy], t.u)
                    }
                    "PK4UB" => {
                        let av = self.local(a);
                        self.call(Builtin::PackUnorm4x8, vec![av], t.u)
                    }
                    _ => {
                        // NV_gpu_program4 PK4B: round(127 * clamp(x, -128/127, 1) + 128)
                        // per byte.
                        let av = self.local(a);
                        let lo = self.splat_bits(DataType::F, (-128.0f32 / 127.0).to_bits());
                        let hi = self.splat_bits(DataType::F, 1.0f32.to_bits());
                        let c = self.call(Builtin::Clamp, vec![av, lo, hi], t.fv4);
                        let k = self.splat_bits(DataType::F, 127.0f32.to_bits());
                        let s = self.bin(BinaryOp::Mul, c, k);
                        let o = self.splat_bits(DataType::F, 128.0f32.to_bits());
                        let s = self.bin(BinaryOp::Add, s, o);
                        let r = self.call(Builtin::RoundEven, vec![s], t.fv4);
                        let u = self.convert(r, Scalar::Uint);
                        let u = self.tmp(u, out);
                        let mut acc = self.comp(u, 0);
                        for i in 1..4u8 {
                            let b = self.comp(u, i);
                            let sh = self.lit_u(8 * i as u32);
                            let b = self.bin(BinaryOp::Shl, b, sh);
                            acc = self.bin(BinaryOp::BitOr, acc, b);
                        }
                        acc
                    }
                };
                (self.splat(v, t.uv4), DataType::U)
            }
            "UP2H" | "UP2US" | "UP4UB" | "UP4B" => {
                let s = self.scalar_operand(&srcs[0], DataType::U)?;
                let v = match name {
                    "UP2H" | "UP2US" => {
                        let fun = if name == "UP2H" {
                            Builtin::UnpackHalf2x16
                        } else {
                            Builtin::UnpackUnorm2x16
                        };
                        let xy = self.call(fun, vec![s], t.fv2);
                        let xy = self.tmp(xy, out);
                        let (a, b) = (self.local(xy), self.local(xy));
                        self.compose(vec![a, b], t.fv4)
                    }
                    "UP4UB" => self.call(Builtin::UnpackUnorm4x8, vec![s], t.fv4),
                    _ => {
                        // ((byte_i) - 128) / 127.
                        let s = self.tmp(s, out);
                        let mut parts = Vec::new();
                        for i in 0..4u32 {
                            let v = self.local(s);
                            let sh = self.lit_u(8 * i);
                            let v = self.bin(BinaryOp::Shr, v, sh);
                            let ff = self.lit_u(0xff);
                            let v = self.bin(BinaryOp::BitAnd, v, ff);
                            let f = self.convert(v, Scalar::Float);
                            let o = self.lit_f(128.0);
                            let f = self.bin(BinaryOp::Sub, f, o);
                            let k = self.lit_f(127.0);
                            parts.push(self.bin(BinaryOp::Div, f, k));
                        }
                        self.compose(parts, t.fv4)
                    }
                };
                (v, DataType::F)
            }
            other => {
                return Err(LowerError(
                    Some(inst.pos),
                    format!("internal error: no lowering for {other}"),
                ));
            }
        };
        match (rt, addsub) {
            (DataType::F, _) => self.write(dest, value, rt, m, &float_flags, out),
            (_, Some((a, b, sub))) => {
                let f = move |fb: &mut Self, r: LocalId| add_flags(fb, r, a, b, rt, sub);
                self.write(dest, value, rt, m, &f, out)
            }
            (_, None) => {
                let f = move |fb: &mut Self, r: LocalId| int_flags(fb, r, rt);
                self.write(dest, value, rt, m, &f, out)
            }
        }
    }

    /// LIT (NV_gpu_program4 §2.X.8): (1, max(x, 0), x > 0 ? max(y, 0)^w' : 0, 1) with w
    /// clamped to ±(128 - epsilon); 0^0 is 1.
    fn lit(&mut self, o: &Operand, out: &mut Block) -> R<ExprId> {
        let t = self.t();
        let a = self.vop(o, DataType::F, out)?;
        let ax = self.comp(a, 0);
        let zero = self.lit_f(0.0);
        let x = self.call(Builtin::Max, vec![ax, zero], t.f);
        let x = self.tmp(x, out);
        let ay = self.comp(a, 1);
        let zero = self.lit_f(0.0);
        let y = self.call(Builtin::Max, vec![ay, zero], t.f);
        let y = self.tmp(y, out);
        let aw = self.comp(a, 3);
        let lim = 128.0f32 - 128.0 * f32::EPSILON;
        let (lo, hi) = (self.lit_f(-lim), self.lit_f(lim));
        let w = self.call(Builtin::Clamp, vec![aw, lo, hi], t.f);
        let w = self.tmp(w, out);
        let yv = self.local(y);
        let wv = self.local(w);
        let p = self.call(Builtin::Pow, vec![yv, wv], t.f);
        let wv = self.local(w);
        let zero = self.lit_f(0.0);
        let w0 = self.bin(BinaryOp::Equal, wv, zero);
        let one = self.lit_f(1.0);
        let p = self.ex(
            ExprKind::Select {
                cond: w0,
                accept: one,
                reject: p,
            },
            t.f,
        );
        let xv = self.comp(a, 0);
        let zero = self.lit_f(0.0);
        let pos = self.bin(BinaryOp::Greater, xv, zero);
        let zero = self.lit_f(0.0);
        let z = self.ex(
            ExprKind::Select {
                cond: pos,
                accept: p,
                reject: zero,
            },
            t.f,
        );
        let one = self.lit_f(1.0);
        let xv = self.local(x);
        let one2 = self.lit_f(1.0);
        Ok(self.compose(vec![one, xv, z, one2], t.fv4))
    }

    /// RCC: the reciprocal's magnitude clamped to [2^-64, 2^64], its sign kept.
    fn rcc_clamp(&mut self, v: ExprId, out: &mut Block) -> ExprId {
        let t = self.t();
        let v = self.tmp(v, out);
        let x = self.local(v);
        let a = self.call(Builtin::Abs, vec![x], t.f);
        let (lo, hi) = (
            self.lit_f(f32::from_bits(0x1f80_0000)),
            self.lit_f(f32::from_bits(0x5f80_0000)),
        );
        let c = self.call(Builtin::Clamp, vec![a, lo, hi], t.f);
        let x = self.local(v);
        let zero = self.lit_f(0.0);
        let neg = self.bin(BinaryOp::Less, x, zero);
        let c = self.tmp(c, out);
        let n = self.local(c);
        let n = self.un(UnaryOp::Neg, n);
        let p = self.local(c);
        self.ex(
            ExprKind::Select {
                cond: neg,
                accept: n,
                reject: p,
            },
            t.f,
        )
    }
}

/// Flags of a floating-point result: SF if negative or NaN, ZF if zero or NaN
/// (NV_gpu_program4 §2.X.4.3); OF and CF clear.
pub(super) fn float_flags(fb: &mut Fb<'_, '_>, r: LocalId) -> ExprId {
    let t = fb.t();
    let zero = fb.splat_bits(DataType::F, 0);
    let v = fb.local(r);
    let lt = fb.call(Builtin::LessThan, vec![v, zero], t.bv4);
    let lt = fb.convert(lt, Scalar::Uint);
    let v = fb.local(r);
    let nan = fb.call(Builtin::IsNan, vec![v], t.bv4);
    let nan = fb.convert(nan, Scalar::Uint);
    let sf = fb.bin(BinaryOp::BitOr, lt, nan);
    let zero = fb.splat_bits(DataType::F, 0);
    let v = fb.local(r);
    let eq = fb.call(Builtin::Equal, vec![v, zero], t.bv4);
    let eq = fb.convert(eq, Scalar::Uint);
    let v = fb.local(r);
    let nan = fb.call(Builtin::IsNan, vec![v], t.bv4);
    let nan = fb.convert(nan, Scalar::Uint);
    let z = fb.bin(BinaryOp::BitOr, eq, nan);
    let one = fb.splat_bits(DataType::U, 1);
    let zf = fb.bin(BinaryOp::Shl, z, one);
    fb.bin(BinaryOp::BitOr, sf, zf)
}

/// SF (the top bit) and ZF of an integer result; OF and CF clear.
pub(super) fn int_flags(fb: &mut Fb<'_, '_>, r: LocalId, dt: DataType) -> ExprId {
    let t = fb.t();
    let v = fb.local(r);
    let u = fb.as_bits(v, dt);
    let k = fb.splat_bits(DataType::U, 31);
    let sf = fb.bin(BinaryOp::Shr, u, k);
    let v = fb.local(r);
    let u = fb.as_bits(v, dt);
    let zero = fb.splat_bits(DataType::U, 0);
    let eq = fb.call(Builtin::Equal, vec![u, zero], t.bv4);
    let eq = fb.convert(eq, Scalar::Uint);
    let one = fb.splat_bits(DataType::U, 1);
    let zf = fb.bin(BinaryOp::Shl, eq, one);
    fb.bin(BinaryOp::BitOr, sf, zf)
}

/// The flags of an integer add (r = a + b) or subtract (r = a - b): SF and ZF, OF on
/// signed overflow, CF on a carry out of an add or no borrow in a subtract.
fn add_flags(
    fb: &mut Fb<'_, '_>,
    r: LocalId,
    a: LocalId,
    b: LocalId,
    dt: DataType,
    sub: bool,
) -> ExprId {
    let t = fb.t();
    let sz = int_flags(fb, r, dt);
    let bits = |fb: &mut Fb<'_, '_>, l: LocalId| {
        let v = fb.local(l);
        fb.as_bits(v, dt)
    };
    let (ra, aa) = (bits(fb, r), bits(fb, a));
    let cf = if sub {
        let bb = bits(fb, b);
        fb.call(Builtin::GreaterThanEqual, vec![aa, bb], t.bv4)
    } else {
        fb.call(Builtin::LessThan, vec![ra, aa], t.bv4)
    };
    let cf = fb.convert(cf, Scalar::Uint);
    let three = fb.splat_bits(DataType::U, 3);
    let cf = fb.bin(BinaryOp::Shl, cf, three);
    let (x1, x2) = if sub {
        let (a1, b1) = (bits(fb, a), bits(fb, b));
        let (a2, r2) = (bits(fb, a), bits(fb, r));
        (
            fb.bin(BinaryOp::BitXor, a1, b1),
            fb.bin(BinaryOp::BitXor, a2, r2),
        )
    } else {
        let (a1, r1) = (bits(fb, a), bits(fb, r));
        let (b2, r2) = (bits(fb, b), bits(fb, r));
        (
            fb.bin(BinaryOp::BitXor, a1, r1),
            fb.bin(BinaryOp::BitXor, b2, r2),
        )
    };
    let x = fb.bin(BinaryOp::BitAnd, x1, x2);
    let k = fb.splat_bits(DataType::U, 31);
    let of = fb.bin(BinaryOp::Shr, x, k);
    let two = fb.splat_bits(DataType::U, 2);
    let of = fb.bin(BinaryOp::Shl, of, two);
    let f = fb.bin(BinaryOp::BitOr, sz, cf);
    fb.bin(BinaryOp::BitOr, f, of)
}
