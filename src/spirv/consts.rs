//! OpSpecConstantOp (SPIR-V 1.6 §3.52.7): the operations a specialization constant
//! may be computed with, evaluated once the specialization values are known. Scalar
//! integer and boolean operations (what GLSL's `const` expressions of specialization
//! constants compile to) and the composite extractions; integer arithmetic wraps, and a
//! division by zero, which SPIR-V leaves undefined, gives 0.

use crate::ir::*;
use crate::spirv::binary::SpvResult;
use crate::spirv::module::SpvModule;
use spirv::Op;
use std::collections::HashMap;

/// The value of an integer or bool literal as 64 bits (sign-extended for signed).
fn bits(l: Literal) -> Option<u64> {
    Some(match l {
        Literal::Bool(b) => b as u64,
        Literal::Int(v) => v as i64 as u64,
        Literal::Uint(v) => v as u64,
        Literal::Int64(v) => v as u64,
        Literal::Uint64(v) => v,
        Literal::Float(_) | Literal::Double(_) => return None,
    })
}

/// A literal of scalar `s` from 64 bits (truncated to its width).
fn of_bits(s: Scalar, v: u64) -> Option<Literal> {
    Some(match s {
        Scalar::Bool => Literal::Bool(v != 0),
        Scalar::Int => Literal::Int(v as u32 as i32),
        Scalar::Uint => Literal::Uint(v as u32),
        Scalar::Int64 => Literal::Int64(v as i64),
        Scalar::Uint64 => Literal::Uint64(v),
        Scalar::Float | Scalar::Double => return None,
    })
}

/// What an OpSpecConstantOp reads: the module, the constants before it, the types.
pub struct Env<'e, 'a> {
    pub m: &'e SpvModule<'a>,
    pub consts: &'e HashMap<u32, ConstValue>,
    pub types: &'e Types,
}

pub fn spec_op(
    l: &Env,
    id: u32,
    t: TypeId,
    opcode: u32,
    operands: &[u32],
) -> SpvResult<ConstValue> {
    let err = |l: &Env, msg: String| l.m.err_at(id, msg);
    let Some(op) = Op::from_u32(opcode) else {
        return Err(err(
            l,
            format!("OpSpecConstantOp with unknown opcode {opcode}"),
        ));
    };
    let arg = |l: &Env, i: usize| -> SpvResult<ConstValue> {
        let a = operands
            .get(i)
            .ok_or_else(|| err(l, format!("Op{op:?} needs operand {}", i + 1)))?;
        l.consts
            .get(a)
            .cloned()
            .ok_or_else(|| err(l, format!("operand {a} is not a constant")))
    };
    match op {
        Op::CompositeExtract => {
            let mut v = arg(l, 0)?;
            for &i in &operands[1..] {
                v = match v {
                    ConstValue::Composite(_, parts) => parts
                        .get(i as usize)
                        .cloned()
                        .ok_or_else(|| err(l, format!("index {i} is out of range")))?,
                    ConstValue::Scalar(_) => return Err(err(l, "an index into a scalar".into())),
                };
            }
            if !const_is(l.types, &v, t) {
                return Err(err(l, "an extracted part not of the result type".into()));
            }
            return Ok(v);
        }
        Op::Select => {
            let c = arg(l, 0)?;
            let pick = match c.as_literal() {
                Some(Literal::Bool(b)) => b,
                _ => return Err(err(l, "OpSelect of a non-scalar condition".into())),
            };
            let v = arg(l, if pick { 1 } else { 2 })?;
            if !const_is(l.types, &v, t) {
                return Err(err(l, "a selected value not of the result type".into()));
            }
            return Ok(v);
        }
        _ => {}
    }
    let Type::Scalar(rs) = l.types.get(t).clone() else {
        return Err(err(
            l,
            format!("Op{op:?} on vectors in a specialization constant is not supported"),
        ));
    };
    let scalar = |l: &Env, i: usize| -> SpvResult<(u64, Scalar)> {
        let v = arg(l, i)?;
        match v.as_literal() {
            Some(lit) => bits(lit).map(|b| (b, lit.scalar())).ok_or_else(|| {
                err(
                    l,
                    format!("Op{op:?} of a floating-point constant is not supported"),
                )
            }),
            None => Err(err(l, "a composite operand".into())),
        }
    };
    let (a, sa) = scalar(l, 0)?;
    let width = |s: Scalar| if s.size() == 8 { 64 } else { 32 };
    let sext = |v: u64, s: Scalar| -> i64 {
        if width(s) == 32 {
            v as u32 as i32 as i64
        } else {
            v as i64
        }
    };
    let unary = match op {
        Op::SNegate => Some((sext(a, sa)).wrapping_neg() as u64),
        Op::Not => Some(!a),
        Op::LogicalNot => Some((a == 0) as u64),
        Op::UConvert => Some(if width(sa) == 32 { a as u32 as u64 } else { a }),
        Op::SConvert => Some(sext(a, sa) as u64),
        _ => None,
    };
    let r = match unary {
        Some(r) => r,
        None => {
            let (b, _) = scalar(l, 1)?;
            let (ia, ib) = (sext(a, sa), sext(b, sa));
            let (ua, ub) = if width(sa) == 32 {
                (a as u32 as u64, b as u32 as u64)
            } else {
                (a, b)
            };
            let shift = (b % width(sa) as u64) as u32;
            match op {
                Op::IAdd => a.wrapping_add(b),
                Op::ISub => a.wrapping_sub(b),
                Op::IMul => a.wrapping_mul(b),
                Op::UDiv => ua.checked_div(ub).unwrap_or(0),
                Op::SDiv => ia.checked_div(ib).unwrap_or(0) as u64,
                Op::UMod => ua.checked_rem(ub).unwrap_or(0),
                Op::SRem => ia.checked_rem(ib).unwrap_or(0) as u64,
                Op::SMod => match ia.checked_rem(ib) {
                    Some(r) if r != 0 && (r < 0) != (ib < 0) => (r + ib) as u64,
                    Some(r) => r as u64,
                    None => 0,
                },
                Op::ShiftLeftLogical => a.wrapping_shl(shift),
                Op::ShiftRightLogical => ua.wrapping_shr(shift),
                Op::ShiftRightArithmetic => ia.wrapping_shr(shift) as u64,
                Op::BitwiseOr => a | b,
                Op::BitwiseAnd => a & b,
                Op::BitwiseXor => a ^ b,
                Op::LogicalOr => ((a != 0) || (b != 0)) as u64,
                Op::LogicalAnd => ((a != 0) && (b != 0)) as u64,
                Op::LogicalEqual => ((a != 0) == (b != 0)) as u64,
                Op::LogicalNotEqual => ((a != 0) != (b != 0)) as u64,
                Op::IEqual => (ua == ub) as u64,
                Op::INotEqual => (ua != ub) as u64,
                Op::ULessThan => (ua < ub) as u64,
                Op::UGreaterThan => (ua > ub) as u64,
                Op::ULessThanEqual => (ua <= ub) as u64,
                Op::UGreaterThanEqual => (ua >= ub) as u64,
                Op::SLessThan => (ia < ib) as u64,
                Op::SGreaterThan => (ia > ib) as u64,
                Op::SLessThanEqual => (ia <= ib) as u64,
                Op::SGreaterThanEqual => (ia >= ib) as u64,
                _ => {
                    return Err(err(
                        l,
                        format!("Op{op:?} is not supported in OpSpecConstantOp"),
                    ));
                }
            }
        }
    };
    of_bits(rs, r)
        .map(ConstValue::Scalar)
        .ok_or_else(|| err(l, "a floating-point result".into()))
}

/// Whether constant `v` has type `t` (its own parts were checked when it was built).
pub fn const_is(types: &Types, v: &ConstValue, t: TypeId) -> bool {
    match v {
        ConstValue::Scalar(l) => types.get(t) == &Type::Scalar(l.scalar()),
        ConstValue::Composite(ct, _) => *ct == t,
    }
}
