//! Literal values and their conversions (GLSL 4.60 §5.4.1 for the numeric ones):
//! scalars of every type, and the constant values of whole composites.

use super::*;

/// A scalar constant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Literal {
    Bool(bool),
    Int(i32),
    Uint(u32),
    Float(f32),
    Double(f64),
    Int64(i64),
    Uint64(u64),
}

impl Literal {
    pub fn scalar(self) -> Scalar {
        match self {
            Literal::Bool(_) => Scalar::Bool,
            Literal::Int(_) => Scalar::Int,
            Literal::Uint(_) => Scalar::Uint,
            Literal::Float(_) => Scalar::Float,
            Literal::Double(_) => Scalar::Double,
            Literal::Int64(_) => Scalar::Int64,
            Literal::Uint64(_) => Scalar::Uint64,
        }
    }

    /// The value's bits as a 64-bit integer, for integer and bool literals: signed
    /// kinds sign-extend, unsigned ones zero-extend.
    pub fn int_bits(self) -> Option<i64> {
        match self {
            Literal::Bool(b) => Some(b as i64),
            Literal::Int(i) => Some(i as i64),
            Literal::Uint(u) => Some(u as i64),
            Literal::Int64(i) => Some(i),
            Literal::Uint64(u) => Some(u as i64),
            Literal::Float(_) | Literal::Double(_) => None,
        }
    }

    /// Converts between scalar kinds as GLSL constructors do.
    pub fn convert(self, to: Scalar) -> Literal {
        let f = self.as_f64();
        let bits = self.int_bits();
        match to {
            Scalar::Bool => Literal::Bool(match bits {
                Some(i) => i != 0,
                None => f != 0.0,
            }),
            Scalar::Int => Literal::Int(match bits {
                Some(i) => i as i32,
                None => float_to_i32(f),
            }),
            Scalar::Uint => Literal::Uint(match bits {
                Some(i) => i as u32,
                // Negative floats to uint are undefined in GLSL; wrap like a cast via int.
                None => {
                    if f < 0.0 {
                        float_to_i32(f) as u32
                    } else if f >= 4294967295.0 {
                        u32::MAX
                    } else {
                        f as u32
                    }
                }
            }),
            Scalar::Int64 => Literal::Int64(match bits {
                Some(i) => i,
                // Rust's float-to-int casts saturate, and NaN gives 0.
                None => f as i64,
            }),
            Scalar::Uint64 => Literal::Uint64(match bits {
                Some(i) => i as u64,
                // Negative floats wrap as through int64_t, as for uint.
                None if f < 0.0 => f as i64 as u64,
                None => f as u64,
            }),
            Scalar::Float => Literal::Float(match self {
                Literal::Float(x) => x,
                Literal::Bool(b) => b as i32 as f32,
                Literal::Int(i) => i as f32,
                Literal::Uint(u) => u as f32,
                Literal::Double(d) => d as f32,
                Literal::Int64(i) => i as f32,
                Literal::Uint64(u) => u as f32,
            }),
            Scalar::Double => Literal::Double(f),
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Literal::Bool(b) => b as i32 as f64,
            Literal::Int(i) => i as f64,
            Literal::Uint(u) => u as f64,
            Literal::Float(x) => x as f64,
            Literal::Double(x) => x,
            Literal::Int64(i) => i as f64,
            Literal::Uint64(u) => u as f64,
        }
    }

    /// The value as stored in buffer memory, native byte order (bool as a 32-bit word).
    pub fn to_ne_bytes(self) -> Vec<u8> {
        match self {
            Literal::Bool(b) => (b as u32).to_ne_bytes().to_vec(),
            Literal::Int(i) => i.to_ne_bytes().to_vec(),
            Literal::Uint(u) => u.to_ne_bytes().to_vec(),
            Literal::Float(f) => f.to_ne_bytes().to_vec(),
            Literal::Double(d) => d.to_ne_bytes().to_vec(),
            Literal::Int64(i) => i.to_ne_bytes().to_vec(),
            Literal::Uint64(u) => u.to_ne_bytes().to_vec(),
        }
    }

    /// The integer value of a 32-bit Int or Uint literal (the kinds of sizes and
    /// indices).
    pub fn as_i64(self) -> Option<i64> {
        match self {
            Literal::Int(i) => Some(i as i64),
            Literal::Uint(u) => Some(u as i64),
            _ => None,
        }
    }
}

fn float_to_i32(f: f64) -> i32 {
    if f.is_nan() {
        0
    } else {
        f.clamp(i32::MIN as f64, i32::MAX as f64) as i32
    }
}

/// A constant of any type: a scalar, or the components/members/elements of a composite
/// (vectors hold scalars, matrices hold column vectors).
#[derive(Debug, Clone, PartialEq)]
pub enum ConstValue {
    Scalar(Literal),
    Composite(TypeId, Vec<ConstValue>),
}

impl ConstValue {
    pub fn as_literal(&self) -> Option<Literal> {
        match self {
            ConstValue::Scalar(l) => Some(*l),
            _ => None,
        }
    }

    pub fn components(&self) -> &[ConstValue] {
        match self {
            ConstValue::Composite(_, c) => c,
            ConstValue::Scalar(_) => std::slice::from_ref(self),
        }
    }
}
