//! Operators (GLSL 4.60 §5.9-§5.11) with their type rules and implicit conversions
//! (§4.1.10): arithmetic, logical, relational and bitwise operators, increment and
//! decrement, `?:`, assignment, indexing, `.` member selection and swizzles.

use crate::glsl::sema::Checker;
use crate::ir::*;
use glsl_lang::ast;

impl Checker<'_> {
    fn numeric_shape(&self, t: TypeId) -> bool {
        matches!(
            self.m.types.get(t),
            Type::Scalar(s) | Type::Vector(s, _) if s.is_numeric()
        ) || matches!(self.m.types.get(t), Type::Matrix { .. })
    }

    /// Converts both operands to their common scalar kind (GLSL 4.60 §4.1.10).
    fn unify_scalars(&mut self, a: ExprId, b: ExprId) -> Option<(ExprId, ExprId)> {
        let (ta, tb) = (self.ty(a), self.ty(b));
        let (sa, sb) = (self.m.types.scalar_of(ta)?, self.m.types.scalar_of(tb)?);
        if sa == sb {
            return Some((a, b));
        }
        let ta2 = self.m.types.with_scalar(ta, sb);
        if self.conversion(ta, ta2).is_some() {
            return Some((self.convert(a, ta2)?, b));
        }
        let tb2 = self.m.types.with_scalar(tb, sa);
        if self.conversion(tb, tb2).is_some() {
            return Some((a, self.convert(b, tb2)?));
        }
        None
    }

    fn splat_to(&mut self, e: ExprId, ty: TypeId) -> ExprId {
        let span = self.espan(e);
        self.add(ExprKind::Splat(e), ty, span)
    }

    /// Types a binary operator; returns the operation as IR.
    pub(super) fn binary(
        &mut self,
        op: BinaryOp,
        a: ExprId,
        b: ExprId,
        span: Span,
    ) -> Option<ExprId> {
        // GLSL 1.20 §5.1: %, the bitwise operators and shifts are reserved before 1.30.
        if self.version < 130
            && matches!(
                op,
                BinaryOp::Mod
                    | BinaryOp::BitAnd
                    | BinaryOp::BitOr
                    | BinaryOp::BitXor
                    | BinaryOp::Shl
                    | BinaryOp::Shr
            )
        {
            self.error(
                span,
                format!(
                    "`{}' is reserved in GLSL {}.{:02}",
                    op.symbol(),
                    self.version / 100,
                    self.version % 100
                ),
            );
            return None;
        }
        let (ta, tb) = (self.ty(a), self.ty(b));
        let mismatch = |c: &mut Self| {
            let (x, y) = (c.tname(ta), c.tname(tb));
            c.error(
                span,
                format!(
                    "operands of `{}' have incompatible types `{x}' and `{y}'",
                    op.symbol()
                ),
            );
            None
        };
        let bool_ty = self.m.types.scalar(Scalar::Bool);
        match op {
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor => {
                if ta != bool_ty || tb != bool_ty {
                    self.error(
                        span,
                        format!("`{}' needs scalar bool operands", op.symbol()),
                    );
                    return None;
                }
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, bool_ty, span))
            }
            BinaryOp::Equal | BinaryOp::NotEqual => {
                let (a, b) = if ta == tb {
                    (a, b)
                } else if let Some(c) = self.convert(a, tb) {
                    (c, b)
                } else if let Some(c) = self.convert(b, ta) {
                    (a, c)
                } else {
                    return mismatch(self);
                };
                let t = self.ty(a);
                if matches!(self.m.types.get(t), Type::Void) || self.m.types.is_opaque(t) {
                    self.error(
                        span,
                        format!(
                            "`{}' cannot compare values of type `{}'",
                            op.symbol(),
                            self.tname(t)
                        ),
                    );
                    return None;
                }
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, bool_ty, span))
            }
            BinaryOp::Less | BinaryOp::LessEqual | BinaryOp::Greater | BinaryOp::GreaterEqual => {
                let scalar =
                    |c: &Self, t| matches!(c.m.types.get(t), Type::Scalar(s) if s.is_numeric());
                if !scalar(self, ta) || !scalar(self, tb) {
                    self.error(span, format!("`{}' needs scalar numeric operands (use lessThan() and friends for vectors)", op.symbol()));
                    return None;
                }
                let Some((a, b)) = self.unify_scalars(a, b) else {
                    return mismatch(self);
                };
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, bool_ty, span))
            }
            BinaryOp::Shl | BinaryOp::Shr => {
                let int_shape = |c: &Self, t| matches!(c.m.types.get(t), Type::Scalar(s) | Type::Vector(s, _) if s.is_integer());
                if !int_shape(self, ta) || !int_shape(self, tb) {
                    self.error(
                        span,
                        format!("`{}' needs integer scalar or vector operands", op.symbol()),
                    );
                    return None;
                }
                let (na, nb) = (self.m.types.vec_size(ta)?, self.m.types.vec_size(tb)?);
                let b = if na > 1 && nb == 1 {
                    let sb = self.m.types.scalar_of(tb)?;
                    let t = self.m.types.vector(sb, na);
                    self.splat_to(b, t)
                } else if na != nb {
                    self.error(
                        span,
                        format!(
                            "shift amount `{}' does not match `{}'",
                            self.tname(tb),
                            self.tname(ta)
                        ),
                    );
                    return None;
                } else {
                    b
                };
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, ta, span))
            }
            _ => {
                if !self.numeric_shape(ta) || !self.numeric_shape(tb) {
                    self.error(
                        span,
                        format!(
                            "`{}' needs numeric operands, not `{}' and `{}'",
                            op.symbol(),
                            self.tname(ta),
                            self.tname(tb)
                        ),
                    );
                    return None;
                }
                let Some((a, b)) = self.unify_scalars(a, b) else {
                    return mismatch(self);
                };
                let (ta, tb) = (self.ty(a), self.ty(b));
                let s = self.m.types.scalar_of(ta)?;
                let integer_op = matches!(
                    op,
                    BinaryOp::Mod | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor
                );
                if integer_op && !s.is_integer() {
                    self.error(span, format!("`{}' needs integer operands", op.symbol()));
                    return None;
                }
                let (x, y) = (self.m.types.get(ta).clone(), self.m.types.get(tb).clone());
                use Type::*;
                let (a, b, ty, op) = match (&x, &y) {
                    _ if ta == tb && !(op == BinaryOp::Mul && matches!(x, Matrix { .. })) => {
                        (a, b, ta, op)
                    }
                    (Scalar(_), Vector(..) | Matrix { .. })
                        if !(integer_op && matches!(y, Matrix { .. })) =>
                    {
                        (self.splat_to(a, tb), b, tb, op)
                    }
                    (Vector(..) | Matrix { .. }, Scalar(_))
                        if !(integer_op && matches!(x, Matrix { .. })) =>
                    {
                        (a, self.splat_to(b, ta), ta, op)
                    }
                    (
                        Matrix {
                            cols: c1, rows: r1, ..
                        },
                        Matrix {
                            cols: c2, rows: r2, ..
                        },
                    ) if op == BinaryOp::Mul => {
                        if c1 != r2 {
                            return mismatch(self);
                        }
                        let t = self.m.types.matrix(s, *c2, *r1);
                        (a, b, t, BinaryOp::MatMul)
                    }
                    (Vector(_, n), Matrix { cols, rows, .. }) if op == BinaryOp::Mul => {
                        if n != rows {
                            return mismatch(self);
                        }
                        let t = self.m.types.vector(s, *cols);
                        (a, b, t, BinaryOp::MatMul)
                    }
                    (Matrix { cols, rows, .. }, Vector(_, n)) if op == BinaryOp::Mul => {
                        if n != cols {
                            return mismatch(self);
                        }
                        let t = self.m.types.vector(s, *rows);
                        (a, b, t, BinaryOp::MatMul)
                    }
                    _ => return mismatch(self),
                };
                Some(self.add(ExprKind::Binary { op, lhs: a, rhs: b }, ty, span))
            }
        }
    }

    pub fn unary(&mut self, op: &ast::UnaryOpData, a: &ast::Expr, span: Span) -> Option<ExprId> {
        use ast::UnaryOpData as U;
        match op {
            U::Inc => self.inc_dec(a, true, false, span),
            U::Dec => self.inc_dec(a, false, false, span),
            _ => {
                let arg = self.expr(a)?;
                let t = self.ty(arg);
                match op {
                    U::Add | U::Minus => {
                        if !self.numeric_shape(t) {
                            self.error(
                                span,
                                format!(
                                    "unary `{}' needs a numeric operand, not `{}'",
                                    if *op == U::Add { "+" } else { "-" },
                                    self.tname(t)
                                ),
                            );
                            return None;
                        }
                        if *op == U::Add {
                            Some(arg)
                        } else {
                            Some(self.add(
                                ExprKind::Unary {
                                    op: UnaryOp::Neg,
                                    arg,
                                },
                                t,
                                span,
                            ))
                        }
                    }
                    U::Not => {
                        if !matches!(self.m.types.get(t), Type::Scalar(Scalar::Bool)) {
                            self.error(span, format!("`!' needs a scalar bool operand, not `{}' (use not() for vectors)", self.tname(t)));
                            return None;
                        }
                        Some(self.add(
                            ExprKind::Unary {
                                op: UnaryOp::Not,
                                arg,
                            },
                            t,
                            span,
                        ))
                    }
                    U::Complement => {
                        if !matches!(self.m.types.get(t), Type::Scalar(s) | Type::Vector(s, _) if s.is_integer())
                        {
                            self.error(
                                span,
                                format!("`~' needs an integer operand, not `{}'", self.tname(t)),
                            );
                            return None;
                        }
                        Some(self.add(
                            ExprKind::Unary {
                                op: UnaryOp::BitNot,
                                arg,
                            },
                            t,
                            span,
                        ))
                    }
                    _ => unreachable!(),
                }
            }
        }
    }

    pub fn inc_dec(
        &mut self,
        a: &ast::Expr,
        increment: bool,
        postfix: bool,
        span: Span,
    ) -> Option<ExprId> {
        let place = self.expr(a)?;
        let t = self.ty(place);
        if !self.numeric_shape(t) {
            self.error(
                span,
                format!(
                    "`{}' needs a numeric operand, not `{}'",
                    if increment { "++" } else { "--" },
                    self.tname(t)
                ),
            );
            return None;
        }
        if !self.check_lvalue(place, if increment { "++" } else { "--" }) {
            return None;
        }
        Some(self.add(
            ExprKind::IncDec {
                place,
                increment,
                postfix,
            },
            t,
            span,
        ))
    }

    pub fn ternary(
        &mut self,
        c: &ast::Expr,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> Option<ExprId> {
        let cond = self.expr(c);
        let x = self.expr(a);
        let y = self.expr(b);
        let (cond, x, y) = (cond?, x?, y?);
        if !matches!(self.m.types.get(self.ty(cond)), Type::Scalar(Scalar::Bool)) {
            self.error(span, "the condition of `?:' must be a scalar bool");
            return None;
        }
        let (tx, ty) = (self.ty(x), self.ty(y));
        let (x, y) = if tx == ty {
            (x, y)
        } else if let Some(c) = self.convert(x, ty) {
            (c, y)
        } else if let Some(c) = self.convert(y, tx) {
            (x, c)
        } else {
            let (p, q) = (self.tname(tx), self.tname(ty));
            self.error(
                span,
                format!("the operands of `?:' have different types `{p}' and `{q}'"),
            );
            return None;
        };
        let t = self.ty(x);
        Some(self.add(
            ExprKind::Select {
                cond,
                accept: x,
                reject: y,
            },
            t,
            span,
        ))
    }

    pub fn assignment(
        &mut self,
        l: &ast::Expr,
        op: &ast::AssignmentOpData,
        r: &ast::Expr,
        span: Span,
    ) -> Option<ExprId> {
        let place = self.expr(l);
        let value = self.expr(r);
        let (place, value) = (place?, value?);
        if !self.check_lvalue(place, "assignment") {
            return None;
        }
        let lt = self.ty(place);
        use ast::AssignmentOpData as A;
        let bop = match op {
            A::Equal => None,
            A::Mult => Some(BinaryOp::Mul),
            A::Div => Some(BinaryOp::Div),
            A::Mod => Some(BinaryOp::Mod),
            A::Add => Some(BinaryOp::Add),
            A::Sub => Some(BinaryOp::Sub),
            A::LShift => Some(BinaryOp::Shl),
            A::RShift => Some(BinaryOp::Shr),
            A::And => Some(BinaryOp::BitAnd),
            A::Xor => Some(BinaryOp::BitXor),
            A::Or => Some(BinaryOp::BitOr),
        };
        match bop {
            None => {
                if self.m.types.is_opaque(lt) {
                    self.error(span, "opaque variables cannot be assigned");
                    return None;
                }
                if self.m.types.is_unsized(lt) {
                    self.error(span, "unsized arrays cannot be assigned");
                    return None;
                }
                let value = self.convert_or_error(value, lt, "assignment")?;
                Some(self.add(
                    ExprKind::Assign {
                        place,
                        op: None,
                        value,
                    },
                    lt,
                    span,
                ))
            }
            Some(op) => {
                // Type the operation on a copy of the place's type: the result must
                // have the place's type.
                let probe = self.add(ExprKind::Local(LocalId(u32::MAX)), lt, span);
                let result = self.binary(op, probe, value, span)?;
                let rt = self.ty(result);
                if rt != lt {
                    let (a, b) = (self.tname(rt), self.tname(lt));
                    self.error(
                        span,
                        format!(
                            "`{}=' gives `{a}', which cannot be assigned to `{b}'",
                            op.symbol()
                        ),
                    );
                    return None;
                }
                // Take the (converted, splatted) right operand and the final operator.
                let ExprKind::Binary { op, lhs, rhs } = self.kind(result).clone() else {
                    return None;
                };
                if lhs != probe {
                    // The left operand needed a conversion: its type is not the place's.
                    self.error(
                        span,
                        format!("`{}=' would convert the left operand", op.symbol()),
                    );
                    return None;
                }
                Some(self.add(
                    ExprKind::Assign {
                        place,
                        op: Some(op),
                        value: rhs,
                    },
                    lt,
                    span,
                ))
            }
        }
    }

    pub fn index(&mut self, base: ExprId, index: ExprId, span: Span) -> Option<ExprId> {
        let bt = self.ty(base);
        let it = self.ty(index);
        if !matches!(
            self.m.types.get(it),
            Type::Scalar(Scalar::Int | Scalar::Uint)
        ) {
            self.error(
                span,
                format!(
                    "array index must be a scalar int or uint, not `{}'",
                    self.tname(it)
                ),
            );
            return None;
        }
        let (elem, len) = match self.m.types.get(bt).clone() {
            Type::Array(e, len) => (e, len),
            Type::Vector(s, n) => (self.m.types.scalar(s), Some(n as u32)),
            Type::Matrix { scalar, cols, rows } => {
                (self.m.types.vector(scalar, rows), Some(cols as u32))
            }
            _ => {
                self.error(span, format!("`{}' cannot be indexed", self.tname(bt)));
                return None;
            }
        };
        if let Some(i) = self
            .fold(index)
            .and_then(|c| c.as_literal())
            .and_then(|l| l.as_i64())
        {
            if i < 0 {
                self.error(span, format!("index {i} is negative"));
                return None;
            }
            if let Some(l) = len
                && i >= l as i64
            {
                self.error(
                    span,
                    format!("index {i} is out of range for `{}'", self.tname(bt)),
                );
                return None;
            }
        }
        Some(self.add(ExprKind::Index { base, index }, elem, span))
    }

    pub fn dot(&mut self, base: ExprId, field: &str, span: Span) -> Option<ExprId> {
        let bt = self.ty(base);
        match self.m.types.get(bt).clone() {
            Type::Struct(s) => {
                let def = self.m.types.struct_def(s);
                match def.members.iter().position(|m| m.name == field) {
                    Some(i) => {
                        let ty = def.members[i].ty;
                        Some(self.add(
                            ExprKind::Field {
                                base,
                                field: i as u32,
                            },
                            ty,
                            span,
                        ))
                    }
                    None => {
                        let n = def.name.clone();
                        self.error(span, format!("`{n}' has no member `{field}'"));
                        None
                    }
                }
            }
            Type::Vector(s, n) => self.swizzle(base, s, n, field, span),
            Type::Scalar(s)
                if self.version >= 420 || self.ext("GL_ARB_shading_language_420pack") =>
            {
                self.swizzle(base, s, 1, field, span)
            }
            _ => {
                if field == "length" {
                    self.error(span, "length is a method: write length()");
                } else {
                    self.error(span, format!("`{}' has no field `{field}'", self.tname(bt)));
                }
                None
            }
        }
    }

    fn swizzle(
        &mut self,
        base: ExprId,
        s: Scalar,
        n: u8,
        field: &str,
        span: Span,
    ) -> Option<ExprId> {
        const SETS: [&str; 3] = ["xyzw", "rgba", "stpq"];
        let set = SETS
            .iter()
            .find(|set| field.chars().all(|c| set.contains(c)));
        let Some(set) = set else {
            self.error(span, format!("invalid swizzle `.{field}'"));
            return None;
        };
        if field.is_empty() || field.len() > 4 {
            self.error(span, format!("invalid swizzle `.{field}'"));
            return None;
        }
        let comps: Vec<u8> = field
            .chars()
            .map(|c| set.find(c).expect("in set") as u8)
            .collect();
        if comps.iter().any(|&c| c >= n) {
            self.error(
                span,
                format!(
                    "swizzle `.{field}' selects a component `{}' does not have",
                    self.tname(self.ty(base))
                ),
            );
            return None;
        }
        let ty = self.m.types.vector(s, comps.len() as u8);
        Some(self.add(ExprKind::Swizzle { base, comps }, ty, span))
    }
}

pub fn binop(op: &ast::BinaryOpData) -> BinaryOp {
    use ast::BinaryOpData as B;
    match op {
        B::Or => BinaryOp::LogicalOr,
        B::Xor => BinaryOp::LogicalXor,
        B::And => BinaryOp::LogicalAnd,
        B::BitOr => BinaryOp::BitOr,
        B::BitXor => BinaryOp::BitXor,
        B::BitAnd => BinaryOp::BitAnd,
        B::Equal => BinaryOp::Equal,
        B::NonEqual => BinaryOp::NotEqual,
        B::Lt => BinaryOp::Less,
        B::Gt => BinaryOp::Greater,
        B::Lte => BinaryOp::LessEqual,
        B::Gte => BinaryOp::GreaterEqual,
        B::LShift => BinaryOp::Shl,
        B::RShift => BinaryOp::Shr,
        B::Add => BinaryOp::Add,
        B::Sub => BinaryOp::Sub,
        B::Mult => BinaryOp::Mul,
        B::Div => BinaryOp::Div,
        B::Mod => BinaryOp::Mod,
    }
}
