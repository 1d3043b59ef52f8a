//! Constant folding of IR expressions (GLSL 4.60 §4.3.3 constant expressions): literals,
//! constructors, swizzles, indexing, operators, conversions and the built-in functions
//! that are pure. The front end uses it for array sizes, layout values, case labels and
//! `const` initializers; a `None` result means "not a constant expression" (or not one
//! this evaluator can fold).

use super::*;

/// Evaluates `e` in function `f`'s expression arena.
pub fn eval(types: &mut Types, f: &Function, e: ExprId) -> Option<ConstValue> {
    let expr = f.expr(e);
    let ty = expr.ty;
    Some(match &expr.kind {
        ExprKind::Literal(l) => ConstValue::Scalar(*l),
        ExprKind::Constant(c) => c.clone(),
        ExprKind::Convert { arg, to } => {
            let v = eval(types, f, *arg)?;
            map1(types, &v, ty, |l| Some(l.convert(*to)))?
        }
        ExprKind::Splat(arg) => {
            let v = eval(types, f, *arg)?;
            splat(types, ty, v)
        }
        ExprKind::Compose(parts) => {
            let mut vals = Vec::with_capacity(parts.len());
            for p in parts {
                vals.push(eval(types, f, *p)?);
            }
            compose(types, ty, vals)
        }
        ExprKind::MatrixDiagonal(arg) => {
            let v = eval(types, f, *arg)?.as_literal()?;
            matrix_from(types, ty, |c, r| {
                if c == r {
                    v
                } else {
                    Literal::Float(0.0).convert(v.scalar())
                }
            })
        }
        ExprKind::MatrixResize(arg) => {
            let m = eval(types, f, *arg)?;
            let src = m.components().to_vec();
            let scalar = types.scalar_of(ty)?;
            matrix_from(types, ty, |c, r| {
                src.get(c)
                    .and_then(|col| col.components().get(r))
                    .and_then(|v| v.as_literal())
                    .unwrap_or(Literal::Double(if c == r { 1.0 } else { 0.0 }).convert(scalar))
            })
        }
        ExprKind::Swizzle { base, comps } => {
            let b = eval(types, f, *base)?;
            let parts = b.components();
            let picked: Vec<ConstValue> = comps
                .iter()
                .map(|&c| parts.get(c as usize).cloned())
                .collect::<Option<_>>()?;
            if picked.len() == 1 {
                picked.into_iter().next()?
            } else {
                ConstValue::Composite(ty, picked)
            }
        }
        ExprKind::Index { base, index } => {
            let b = eval(types, f, *base)?;
            let i = eval(types, f, *index)?.as_literal()?.as_i64()?;
            b.components().get(usize::try_from(i).ok()?)?.clone()
        }
        ExprKind::Field { base, field } => {
            let b = eval(types, f, *base)?;
            b.components().get(*field as usize)?.clone()
        }
        ExprKind::Unary { op, arg } => {
            let v = eval(types, f, *arg)?;
            map1(types, &v, ty, |l| unary(*op, l))?
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let a = eval(types, f, *lhs)?;
            let b = eval(types, f, *rhs)?;
            binary(types, *op, ty, &a, &b)?
        }
        ExprKind::Select {
            cond,
            accept,
            reject,
        } => match eval(types, f, *cond)?.as_literal()? {
            Literal::Bool(true) => eval(types, f, *accept)?,
            Literal::Bool(false) => eval(types, f, *reject)?,
            _ => return None,
        },
        ExprKind::Sequence { first, second } => {
            eval(types, f, *first)?;
            eval(types, f, *second)?
        }
        ExprKind::Builtin { fun, args } => {
            if fun.has_side_effects() {
                return None;
            }
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(eval(types, f, *a)?);
            }
            builtin(types, *fun, ty, &vals)?
        }
        _ => return None,
    })
}

fn splat(types: &mut Types, ty: TypeId, v: ConstValue) -> ConstValue {
    match types.get(ty).clone() {
        Type::Vector(_, n) => ConstValue::Composite(ty, vec![v; n as usize]),
        Type::Matrix { scalar, cols, rows } => {
            let col = types.vector(scalar, rows);
            ConstValue::Composite(
                ty,
                vec![ConstValue::Composite(col, vec![v; rows as usize]); cols as usize],
            )
        }
        _ => v,
    }
}

/// Builds a vector from scalar/vector parts (flattened), or a matrix from columns, or an
/// array/struct from its elements.
fn compose(types: &mut Types, ty: TypeId, vals: Vec<ConstValue>) -> ConstValue {
    match types.get(ty).clone() {
        Type::Vector(..) => {
            let flat: Vec<ConstValue> = vals.iter().flat_map(|v| v.components().to_vec()).collect();
            ConstValue::Composite(ty, flat)
        }
        _ => ConstValue::Composite(ty, vals),
    }
}

fn matrix_from(
    types: &mut Types,
    ty: TypeId,
    mut at: impl FnMut(usize, usize) -> Literal,
) -> ConstValue {
    let Type::Matrix { scalar, cols, rows } = types.get(ty).clone() else {
        return ConstValue::Composite(ty, vec![]);
    };
    let col = types.vector(scalar, rows);
    ConstValue::Composite(
        ty,
        (0..cols as usize)
            .map(|c| {
                ConstValue::Composite(
                    col,
                    (0..rows as usize)
                        .map(|r| ConstValue::Scalar(at(c, r)))
                        .collect(),
                )
            })
            .collect(),
    )
}

/// Applies `op` to every scalar of `v`, rebuilding composites as type `ty`.
fn map1(
    types: &mut Types,
    v: &ConstValue,
    ty: TypeId,
    op: impl Fn(Literal) -> Option<Literal> + Copy,
) -> Option<ConstValue> {
    Some(match v {
        ConstValue::Scalar(l) => ConstValue::Scalar(op(*l)?),
        ConstValue::Composite(_, parts) => {
            let part_ty = part_type(types, ty);
            let mut out = Vec::with_capacity(parts.len());
            for p in parts {
                out.push(map1(types, p, part_ty, op)?);
            }
            ConstValue::Composite(ty, out)
        }
    })
}

/// Applies `op` component-wise to two values of the same shape.
fn map2(
    types: &mut Types,
    a: &ConstValue,
    b: &ConstValue,
    ty: TypeId,
    op: impl Fn(Literal, Literal) -> Option<Literal> + Copy,
) -> Option<ConstValue> {
    Some(match (a, b) {
        (ConstValue::Scalar(x), ConstValue::Scalar(y)) => ConstValue::Scalar(op(*x, *y)?),
        (ConstValue::Composite(_, xs), ConstValue::Composite(_, ys)) if xs.len() == ys.len() => {
            let part_ty = part_type(types, ty);
            let mut out = Vec::with_capacity(xs.len());
            for (x, y) in xs.iter().zip(ys) {
                out.push(map2(types, x, y, part_ty, op)?);
            }
            ConstValue::Composite(ty, out)
        }
        _ => return None,
    })
}

/// The type of one part of a composite (vector → scalar, matrix → column).
fn part_type(types: &mut Types, ty: TypeId) -> TypeId {
    match types.get(ty).clone() {
        Type::Vector(s, _) => types.scalar(s),
        Type::Matrix { scalar, rows, .. } => types.vector(scalar, rows),
        Type::Array(b, _) => b,
        _ => ty,
    }
}

fn unary(op: UnaryOp, l: Literal) -> Option<Literal> {
    Some(match (op, l) {
        (UnaryOp::Neg, Literal::Int(i)) => Literal::Int(i.wrapping_neg()),
        (UnaryOp::Neg, Literal::Uint(u)) => Literal::Uint(u.wrapping_neg()),
        (UnaryOp::Neg, Literal::Float(x)) => Literal::Float(-x),
        (UnaryOp::Neg, Literal::Double(x)) => Literal::Double(-x),
        (UnaryOp::Not, Literal::Bool(b)) => Literal::Bool(!b),
        (UnaryOp::BitNot, Literal::Int(i)) => Literal::Int(!i),
        (UnaryOp::BitNot, Literal::Uint(u)) => Literal::Uint(!u),
        (UnaryOp::Neg, Literal::Int64(i)) => Literal::Int64(i.wrapping_neg()),
        (UnaryOp::Neg, Literal::Uint64(u)) => Literal::Uint64(u.wrapping_neg()),
        (UnaryOp::BitNot, Literal::Int64(i)) => Literal::Int64(!i),
        (UnaryOp::BitNot, Literal::Uint64(u)) => Literal::Uint64(!u),
        _ => return None,
    })
}

/// Scalar arithmetic with GLSL's rules: integers wrap, integer division by zero gives
/// an undefined value (0 here), shifts use the low bits of the shift count.
pub fn scalar_op(op: BinaryOp, a: Literal, b: Literal) -> Option<Literal> {
    use Literal::*;
    if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
        return shift(op == BinaryOp::Shl, a, b);
    }
    Some(match (a, b) {
        (Int(x), Int(y)) => match op {
            BinaryOp::Add => Int(x.wrapping_add(y)),
            BinaryOp::Sub => Int(x.wrapping_sub(y)),
            BinaryOp::Mul => Int(x.wrapping_mul(y)),
            BinaryOp::Div => Int(if y == 0 { 0 } else { x.wrapping_div(y) }),
            BinaryOp::Mod => Int(if y == 0 { 0 } else { x.wrapping_rem(y) }),
            BinaryOp::BitAnd => Int(x & y),
            BinaryOp::BitOr => Int(x | y),
            BinaryOp::BitXor => Int(x ^ y),
            _ => return compare(op, x.partial_cmp(&y)?),
        },
        (Uint(x), Uint(y)) => match op {
            BinaryOp::Add => Uint(x.wrapping_add(y)),
            BinaryOp::Sub => Uint(x.wrapping_sub(y)),
            BinaryOp::Mul => Uint(x.wrapping_mul(y)),
            BinaryOp::Div => Uint(x.checked_div(y).unwrap_or(0)),
            BinaryOp::Mod => Uint(x.checked_rem(y).unwrap_or(0)),
            BinaryOp::BitAnd => Uint(x & y),
            BinaryOp::BitOr => Uint(x | y),
            BinaryOp::BitXor => Uint(x ^ y),
            _ => return compare(op, x.partial_cmp(&y)?),
        },
        (Int64(x), Int64(y)) => match op {
            BinaryOp::Add => Int64(x.wrapping_add(y)),
            BinaryOp::Sub => Int64(x.wrapping_sub(y)),
            BinaryOp::Mul => Int64(x.wrapping_mul(y)),
            BinaryOp::Div => Int64(if y == 0 { 0 } else { x.wrapping_div(y) }),
            BinaryOp::Mod => Int64(if y == 0 { 0 } else { x.wrapping_rem(y) }),
            BinaryOp::BitAnd => Int64(x & y),
            BinaryOp::BitOr => Int64(x | y),
            BinaryOp::BitXor => Int64(x ^ y),
            _ => return compare(op, x.partial_cmp(&y)?),
        },
        (Uint64(x), Uint64(y)) => match op {
            BinaryOp::Add => Uint64(x.wrapping_add(y)),
            BinaryOp::Sub => Uint64(x.wrapping_sub(y)),
            BinaryOp::Mul => Uint64(x.wrapping_mul(y)),
            BinaryOp::Div => Uint64(x.checked_div(y).unwrap_or(0)),
            BinaryOp::Mod => Uint64(x.checked_rem(y).unwrap_or(0)),
            BinaryOp::BitAnd => Uint64(x & y),
            BinaryOp::BitOr => Uint64(x | y),
            BinaryOp::BitXor => Uint64(x ^ y),
            _ => return compare(op, x.partial_cmp(&y)?),
        },
        (Float(x), Float(y)) => match op {
            BinaryOp::Add => Float(x + y),
            BinaryOp::Sub => Float(x - y),
            BinaryOp::Mul => Float(x * y),
            BinaryOp::Div => Float(x / y),
            _ => {
                return compare(op, x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal))
                    .filter(|_| !x.is_nan() && !y.is_nan());
            }
        },
        (Double(x), Double(y)) => match op {
            BinaryOp::Add => Double(x + y),
            BinaryOp::Sub => Double(x - y),
            BinaryOp::Mul => Double(x * y),
            BinaryOp::Div => Double(x / y),
            _ => {
                return compare(op, x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal))
                    .filter(|_| !x.is_nan() && !y.is_nan());
            }
        },
        (Bool(x), Bool(y)) => match op {
            BinaryOp::LogicalAnd => Bool(x && y),
            BinaryOp::LogicalOr => Bool(x || y),
            BinaryOp::LogicalXor => Bool(x != y),
            BinaryOp::Equal => Bool(x == y),
            BinaryOp::NotEqual => Bool(x != y),
            _ => return None,
        },
        _ => return None,
    })
}

/// `a << b` or `a >> b`: the operands may be integers of any kinds (GLSL 4.60 §5.9 and
/// GL_ARB_gpu_shader_int64); the result has the left operand's kind and uses the low
/// bits of the count (wrapping_shl/shr mask it to the width).
fn shift(left: bool, a: Literal, b: Literal) -> Option<Literal> {
    use Literal::*;
    let n = b.int_bits().filter(|_| b.scalar().is_integer())? as u32;
    Some(match a {
        Int(x) => Int(if left {
            x.wrapping_shl(n)
        } else {
            x.wrapping_shr(n)
        }),
        Uint(x) => Uint(if left {
            x.wrapping_shl(n)
        } else {
            x.wrapping_shr(n)
        }),
        Int64(x) => Int64(if left {
            x.wrapping_shl(n)
        } else {
            x.wrapping_shr(n)
        }),
        Uint64(x) => Uint64(if left {
            x.wrapping_shl(n)
        } else {
            x.wrapping_shr(n)
        }),
        _ => return None,
    })
}

fn compare(op: BinaryOp, o: std::cmp::Ordering) -> Option<Literal> {
    use std::cmp::Ordering::*;
    Some(Literal::Bool(match op {
        BinaryOp::Equal => o == Equal,
        BinaryOp::NotEqual => o != Equal,
        BinaryOp::Less => o == Less,
        BinaryOp::LessEqual => o != Greater,
        BinaryOp::Greater => o == Greater,
        BinaryOp::GreaterEqual => o != Less,
        _ => return None,
    }))
}

fn binary(
    types: &mut Types,
    op: BinaryOp,
    ty: TypeId,
    a: &ConstValue,
    b: &ConstValue,
) -> Option<ConstValue> {
    match op {
        BinaryOp::Equal | BinaryOp::NotEqual => {
            let eq = const_equal(a, b)?;
            Some(ConstValue::Scalar(Literal::Bool(
                if op == BinaryOp::Equal { eq } else { !eq },
            )))
        }
        BinaryOp::MatMul => matmul(types, ty, a, b),
        _ => map2(types, a, b, ty, |x, y| scalar_op(op, x, y)),
    }
}

fn const_equal(a: &ConstValue, b: &ConstValue) -> Option<bool> {
    match (a, b) {
        (ConstValue::Scalar(x), ConstValue::Scalar(y)) => {
            match scalar_op(BinaryOp::Equal, *x, *y) {
                Some(Literal::Bool(v)) => Some(v),
                _ => Some(false),
            }
        }
        (ConstValue::Composite(_, xs), ConstValue::Composite(_, ys)) => {
            let mut all = xs.len() == ys.len();
            for (x, y) in xs.iter().zip(ys) {
                all &= const_equal(x, y)?;
            }
            Some(all)
        }
        _ => None,
    }
}

fn matmul(types: &mut Types, ty: TypeId, a: &ConstValue, b: &ConstValue) -> Option<ConstValue> {
    // Columns of a matrix; a vector on the left is a 1-row matrix, on the right a column.
    let as_f = |v: &ConstValue| v.as_literal().map(|l| l.as_f64());
    let cols = |v: &ConstValue| -> Option<Vec<Vec<f64>>> {
        v.components()
            .iter()
            .map(|c| c.components().iter().map(as_f).collect())
            .collect()
    };
    let scalar = types.scalar_of(ty)?;
    let make = |x: f64| ConstValue::Scalar(Literal::Double(x).convert(scalar));
    let a_is_vec = matches!(a.components().first(), Some(ConstValue::Scalar(_)));
    let b_is_vec = matches!(b.components().first(), Some(ConstValue::Scalar(_)));
    if a_is_vec {
        // vec * mat: result[c] = dot(v, column c)
        let v: Vec<f64> = a.components().iter().map(as_f).collect::<Option<_>>()?;
        let m = cols(b)?;
        let out = m
            .iter()
            .map(|col| make(col.iter().zip(&v).map(|(x, y)| x * y).sum()))
            .collect();
        return Some(ConstValue::Composite(ty, out));
    }
    let m = cols(a)?;
    let rows = m.first()?.len();
    if b_is_vec {
        let v: Vec<f64> = b.components().iter().map(as_f).collect::<Option<_>>()?;
        let out = (0..rows)
            .map(|r| make(m.iter().zip(&v).map(|(col, x)| col[r] * x).sum()))
            .collect();
        return Some(ConstValue::Composite(ty, out));
    }
    let n = cols(b)?;
    let col_ty = part_type(types, ty);
    let out = n
        .iter()
        .map(|bc| {
            ConstValue::Composite(
                col_ty,
                (0..rows)
                    .map(|r| make(m.iter().zip(bc).map(|(ac, x)| ac[r] * x).sum()))
                    .collect(),
            )
        })
        .collect();
    Some(ConstValue::Composite(ty, out))
}

fn float_fn(l: Literal, f: impl Fn(f64) -> f64) -> Option<Literal> {
    match l {
        Literal::Float(x) => Some(Literal::Float(f(x as f64) as f32)),
        Literal::Double(x) => Some(Literal::Double(f(x))),
        _ => None,
    }
}

/// Folds pure built-in functions of the common, trigonometric, exponential and
/// geometric families.
fn builtin(types: &mut Types, fun: Builtin, ty: TypeId, args: &[ConstValue]) -> Option<ConstValue> {
    use Builtin::*;
    let a = args.first()?;
    let unary_f =
        |types: &mut Types, f: fn(f64) -> f64| map1(types, a, ty, move |l| float_fn(l, f));
    match fun {
        Radians => unary_f(types, |x| x.to_radians()),
        Degrees => unary_f(types, |x| x.to_degrees()),
        Sin => unary_f(types, f64::sin),
        Cos => unary_f(types, f64::cos),
        Tan => unary_f(types, f64::tan),
        Asin => unary_f(types, f64::asin),
        Acos => unary_f(types, f64::acos),
        Atan => unary_f(types, f64::atan),
        Sinh => unary_f(types, f64::sinh),
        Cosh => unary_f(types, f64::cosh),
        Tanh => unary_f(types, f64::tanh),
        Asinh => unary_f(types, f64::asinh),
        Acosh => unary_f(types, f64::acosh),
        Atanh => unary_f(types, f64::atanh),
        Exp => unary_f(types, f64::exp),
        Log => unary_f(types, f64::ln),
        Exp2 => unary_f(types, f64::exp2),
        Log2 => unary_f(types, f64::log2),
        Sqrt => unary_f(types, f64::sqrt),
        InverseSqrt => unary_f(types, |x| 1.0 / x.sqrt()),
        Floor => unary_f(types, f64::floor),
        Ceil => unary_f(types, f64::ceil),
        Trunc => unary_f(types, f64::trunc),
        Round => unary_f(types, f64::round),
        RoundEven => unary_f(types, f64::round_ties_even),
        Fract => unary_f(types, |x| x - x.floor()),
        Abs => map1(types, a, ty, |l| match l {
            Literal::Int(i) => Some(Literal::Int(i.wrapping_abs())),
            Literal::Int64(i) => Some(Literal::Int64(i.wrapping_abs())),
            _ => float_fn(l, f64::abs),
        }),
        Sign => map1(types, a, ty, |l| match l {
            Literal::Int(i) => Some(Literal::Int(i.signum())),
            Literal::Int64(i) => Some(Literal::Int64(i.signum())),
            _ => float_fn(l, |x| {
                if x > 0.0 {
                    1.0
                } else if x < 0.0 {
                    -1.0
                } else {
                    0.0
                }
            }),
        }),
        Min | Max => {
            let b = broadcast(types, args.get(1)?, a);
            map2(types, a, &b, ty, move |x, y| {
                let lt = matches!(scalar_op(BinaryOp::Less, y, x)?, Literal::Bool(true));
                Some(if (fun == Min) == lt { y } else { x })
            })
        }
        Clamp => {
            let lo = broadcast(types, args.get(1)?, a);
            let hi = broadcast(types, args.get(2)?, a);
            let m = builtin(types, Max, ty, &[a.clone(), lo])?;
            builtin(types, Min, ty, &[m, hi])
        }
        Pow => map2(types, a, args.get(1)?, ty, |x, y| match (x, y) {
            (Literal::Float(x), Literal::Float(y)) => Some(Literal::Float(x.powf(y))),
            _ => None,
        }),
        Mod => {
            let b = broadcast(types, args.get(1)?, a);
            map2(types, a, &b, ty, |x, y| match (x, y) {
                (Literal::Float(x), Literal::Float(y)) => {
                    Some(Literal::Float(x - y * (x / y).floor()))
                }
                (Literal::Double(x), Literal::Double(y)) => {
                    Some(Literal::Double(x - y * (x / y).floor()))
                }
                _ => None,
            })
        }
        Atan2 => map2(types, a, args.get(1)?, ty, |y, x| match (y, x) {
            (Literal::Float(y), Literal::Float(x)) => Some(Literal::Float(y.atan2(x))),
            _ => None,
        }),
        Dot => {
            let x: Vec<f64> = a
                .components()
                .iter()
                .map(|c| c.as_literal().map(|l| l.as_f64()))
                .collect::<Option<_>>()?;
            let y: Vec<f64> = args
                .get(1)?
                .components()
                .iter()
                .map(|c| c.as_literal().map(|l| l.as_f64()))
                .collect::<Option<_>>()?;
            let s = types.scalar_of(ty)?;
            Some(ConstValue::Scalar(
                Literal::Double(x.iter().zip(&y).map(|(p, q)| p * q).sum()).convert(s),
            ))
        }
        Length => {
            let x: Vec<f64> = a
                .components()
                .iter()
                .map(|c| c.as_literal().map(|l| l.as_f64()))
                .collect::<Option<_>>()?;
            let s = types.scalar_of(ty)?;
            Some(ConstValue::Scalar(
                Literal::Double(x.iter().map(|v| v * v).sum::<f64>().sqrt()).convert(s),
            ))
        }
        Any | All => {
            let bits: Vec<bool> = a
                .components()
                .iter()
                .map(|c| match c.as_literal() {
                    Some(Literal::Bool(b)) => Some(b),
                    _ => None,
                })
                .collect::<Option<_>>()?;
            Some(ConstValue::Scalar(Literal::Bool(if fun == Any {
                bits.iter().any(|&b| b)
            } else {
                bits.iter().all(|&b| b)
            })))
        }
        Not => map1(types, a, ty, |l| unary(UnaryOp::Not, l)),
        LessThan | LessThanEqual | GreaterThan | GreaterThanEqual | Equal | NotEqual => {
            let op = match fun {
                LessThan => BinaryOp::Less,
                LessThanEqual => BinaryOp::LessEqual,
                GreaterThan => BinaryOp::Greater,
                GreaterThanEqual => BinaryOp::GreaterEqual,
                Equal => BinaryOp::Equal,
                _ => BinaryOp::NotEqual,
            };
            map2(types, a, args.get(1)?, ty, move |x, y| scalar_op(op, x, y))
        }
        _ => None,
    }
}

/// A scalar second operand against a vector first operand (min(vec, float) etc.).
fn broadcast(types: &mut Types, b: &ConstValue, like: &ConstValue) -> ConstValue {
    match (b, like) {
        (ConstValue::Scalar(_), ConstValue::Composite(t, parts)) => {
            let _ = types;
            ConstValue::Composite(*t, vec![b.clone(); parts.len()])
        }
        _ => b.clone(),
    }
}
