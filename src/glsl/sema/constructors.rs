//! Constructors (GLSL 4.60 §5.4): scalar, vector, matrix, struct and array
//! constructors, gathering the components of their arguments, and explicit conversions.

use crate::glsl::sema::Checker;
use crate::ir::*;
use glsl_lang::ast;

impl Checker<'_> {
    /// The components of `e` (scalar, vector or matrix) as parts no larger than
    /// `remaining`: whole vectors where they fit.
    pub fn constructor(&mut self, ty: TypeId, args: &[ast::Expr], span: Span) -> Option<ExprId> {
        let mut vals = Vec::with_capacity(args.len());
        let mut ok = true;
        for a in args {
            match self.expr(a) {
                Some(v) => vals.push(v),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        if vals.is_empty() {
            self.error(
                span,
                format!("constructor of `{}' needs arguments", self.tname(ty)),
            );
            return None;
        }
        for &v in &vals {
            let t = self.ty(v);
            if matches!(self.m.types.get(t), Type::Void) || self.m.types.is_opaque(t) {
                self.error(
                    span,
                    format!("`{}' cannot be a constructor argument", self.tname(t)),
                );
                return None;
            }
        }
        let t = self.m.types.get(ty).clone();
        match t {
            Type::Scalar(s) => {
                if vals.len() > 1 {
                    self.error(
                        span,
                        format!("too many arguments to the `{}' constructor", s.name()),
                    );
                    return None;
                }
                let v = vals[0];
                if !matches!(
                    self.m.types.get(self.ty(v)),
                    Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. }
                ) {
                    self.error(
                        span,
                        format!(
                            "cannot construct `{}' from `{}'",
                            s.name(),
                            self.tname(self.ty(v))
                        ),
                    );
                    return None;
                }
                let first = self.first_component(v)?;
                Some(self.explicit_convert(first, s))
            }
            Type::Vector(s, n) => {
                if vals.len() == 1 && matches!(self.m.types.get(self.ty(vals[0])), Type::Scalar(_))
                {
                    let c = self.explicit_convert(vals[0], s);
                    return Some(self.add(ExprKind::Splat(c), ty, span));
                }
                let parts = self.gather(&vals, s, n as u32, span, None)?;
                Some(self.add(ExprKind::Compose(parts), ty, span))
            }
            Type::Matrix { scalar, cols, rows } => {
                if vals.len() == 1 {
                    match self.m.types.get(self.ty(vals[0])).clone() {
                        Type::Scalar(_) => {
                            let c = self.explicit_convert(vals[0], scalar);
                            return Some(self.add(ExprKind::MatrixDiagonal(c), ty, span));
                        }
                        Type::Matrix {
                            cols: c2, rows: r2, ..
                        } => {
                            let c = self.explicit_convert(vals[0], scalar);
                            if c2 == cols && r2 == rows {
                                return Some(c);
                            }
                            return Some(self.add(ExprKind::MatrixResize(c), ty, span));
                        }
                        _ => {}
                    }
                }
                if vals
                    .iter()
                    .any(|&v| matches!(self.m.types.get(self.ty(v)), Type::Matrix { .. }))
                {
                    self.error(
                        span,
                        "a matrix argument must be the only argument of a matrix constructor",
                    );
                    return None;
                }
                // Components fill the columns in order.
                let comps = self.gather(
                    &vals,
                    scalar,
                    cols as u32 * rows as u32,
                    span,
                    Some(rows as u32),
                )?;
                let col_ty = self.m.types.vector(scalar, rows);
                let mut columns = Vec::new();
                let mut pending: Vec<ExprId> = Vec::new();
                let mut filled = 0u32;
                for c in comps {
                    let size = self.m.types.vec_size(self.ty(c)).unwrap_or(1) as u32;
                    pending.push(c);
                    filled += size;
                    if filled == rows as u32 {
                        let col = if pending.len() == 1 && self.ty(pending[0]) == col_ty {
                            pending[0]
                        } else {
                            self.add(
                                ExprKind::Compose(std::mem::take(&mut pending)),
                                col_ty,
                                span,
                            )
                        };
                        pending.clear();
                        columns.push(col);
                        filled = 0;
                    }
                }
                Some(self.add(ExprKind::Compose(columns), ty, span))
            }
            Type::Struct(s) => {
                let members: Vec<TypeId> = self
                    .m
                    .types
                    .struct_def(s)
                    .members
                    .iter()
                    .map(|m| m.ty)
                    .collect();
                if members.len() != vals.len() {
                    self.error(
                        span,
                        format!(
                            "`{}' has {} members, the constructor gives {}",
                            self.tname(ty),
                            members.len(),
                            vals.len()
                        ),
                    );
                    return None;
                }
                let mut parts = Vec::new();
                for (v, mt) in vals.into_iter().zip(members) {
                    parts.push(self.convert_or_error(v, mt, "struct constructor argument")?);
                }
                Some(self.add(ExprKind::Compose(parts), ty, span))
            }
            Type::Array(elem, len) => {
                if let Some(l) = len
                    && l as usize != vals.len()
                {
                    self.error(
                        span,
                        format!(
                            "`{}' needs {l} elements, the constructor gives {}",
                            self.tname(ty),
                            vals.len()
                        ),
                    );
                    return None;
                }
                let mut parts = Vec::new();
                for v in vals {
                    // An unsized element type takes its size from the arguments.
                    let et = match (
                        self.m.types.get(elem).clone(),
                        self.m.types.get(self.ty(v)).clone(),
                    ) {
                        (Type::Array(b, None), Type::Array(b2, Some(_))) if b == b2 => self.ty(v),
                        _ => elem,
                    };
                    parts.push(self.convert_or_error(v, et, "array constructor argument")?);
                }
                let et = self.ty(parts[0]);
                let aty = self.m.types.array(et, Some(parts.len() as u32));
                Some(self.add(ExprKind::Compose(parts), aty, span))
            }
            _ => {
                self.error(span, format!("`{}' has no constructor", self.tname(ty)));
                None
            }
        }
    }

    /// An explicit (constructor) conversion to scalar kind `s`, same shape.
    fn explicit_convert(&mut self, e: ExprId, s: Scalar) -> ExprId {
        let t = self.ty(e);
        if self.m.types.scalar_of(t) == Some(s) {
            return e;
        }
        let to = self.m.types.with_scalar(t, s);
        let span = self.espan(e);
        self.add(ExprKind::Convert { arg: e, to: s }, to, span)
    }

    fn first_component(&mut self, v: ExprId) -> Option<ExprId> {
        let t = self.ty(v);
        let span = self.espan(v);
        match self.m.types.get(t).clone() {
            Type::Scalar(_) => Some(v),
            Type::Vector(s, _) => {
                let ty = self.m.types.scalar(s);
                Some(self.add(
                    ExprKind::Swizzle {
                        base: v,
                        comps: vec![0],
                    },
                    ty,
                    span,
                ))
            }
            Type::Matrix { scalar, rows, .. } => {
                let col_ty = self.m.types.vector(scalar, rows);
                let zero = self.literal(Literal::Int(0), span);
                let col = self.add(
                    ExprKind::Index {
                        base: v,
                        index: zero,
                    },
                    col_ty,
                    span,
                );
                let ty = self.m.types.scalar(scalar);
                Some(self.add(
                    ExprKind::Swizzle {
                        base: col,
                        comps: vec![0],
                    },
                    ty,
                    span,
                ))
            }
            _ => None,
        }
    }

    /// Splits constructor arguments into parts of scalar kind `s` totalling `n`
    /// components (GLSL 4.60 §5.4.2). An argument left entirely unused is an error;
    /// the last one may be used partly. `exact` requires the total to match exactly
    /// (matrix constructors); parts never straddle a column boundary of size `n`'s rows
    /// when `exact` (they are scalars then).
    fn gather(
        &mut self,
        vals: &[ExprId],
        s: Scalar,
        n: u32,
        span: Span,
        column: Option<u32>,
    ) -> Option<Vec<ExprId>> {
        // Matrix constructors (`column` = rows) take exactly the components they need.
        let exact = column.is_some();
        let total: u32 = vals
            .iter()
            .map(|&v| self.m.types.components(self.ty(v)).unwrap_or(0))
            .sum();
        if vals
            .iter()
            .any(|&v| self.m.types.components(self.ty(v)).is_none())
        {
            self.error(
                span,
                "constructor arguments must be scalars, vectors or matrices",
            );
            return None;
        }
        if total < n {
            self.error(
                span,
                format!("not enough data for the constructor: {total} components for {n}"),
            );
            return None;
        }
        if exact && total != n {
            self.error(
                span,
                format!("too many components for the constructor: {total} for {n}"),
            );
            return None;
        }
        let mut parts = Vec::new();
        let mut need = n;
        for (i, &v) in vals.iter().enumerate() {
            if need == 0 {
                self.error(span, "too many arguments to the constructor");
                return None;
            }
            let t = self.ty(v);
            let vspan = self.espan(v);
            match self.m.types.get(t).clone() {
                Type::Scalar(_) => {
                    parts.push(self.explicit_convert(v, s));
                    need -= 1;
                }
                Type::Vector(_, k) => {
                    let k = k as u32;
                    let at_column =
                        column.is_some_and(|rows| rows == k && (n - need).is_multiple_of(rows));
                    if at_column {
                        // A whole column: kept as one vector.
                        parts.push(self.explicit_convert(v, s));
                        need -= k;
                    } else if exact {
                        // Matrix constructors: one part per component keeps columns simple.
                        let uses = self.reuse(v, k as usize);
                        for (c, u) in uses.into_iter().enumerate() {
                            let st = self.m.types.scalar(self.m.types.scalar_of(t)?);
                            let comp = self.add(
                                ExprKind::Swizzle {
                                    base: u,
                                    comps: vec![c as u8],
                                },
                                st,
                                vspan,
                            );
                            parts.push(self.explicit_convert(comp, s));
                        }
                        need -= k;
                    } else if k <= need {
                        parts.push(self.explicit_convert(v, s));
                        need -= k;
                    } else {
                        let st = self.m.types.vector(self.m.types.scalar_of(t)?, need as u8);
                        let comps = (0..need as u8).collect();
                        let sw = self.add(ExprKind::Swizzle { base: v, comps }, st, vspan);
                        parts.push(self.explicit_convert(sw, s));
                        need = 0;
                    }
                }
                Type::Matrix { scalar, cols, rows } => {
                    // Column by column, whole columns while they fit.
                    let used_cols = need.div_ceil(rows as u32).min(cols as u32);
                    let uses = self.reuse(v, used_cols as usize);
                    let col_ty = self.m.types.vector(scalar, rows);
                    for (c, u) in uses.into_iter().enumerate() {
                        let idx = self.literal(Literal::Int(c as i32), vspan);
                        let col = self.add(
                            ExprKind::Index {
                                base: u,
                                index: idx,
                            },
                            col_ty,
                            vspan,
                        );
                        let take = need.min(rows as u32);
                        let part = if take == rows as u32 {
                            col
                        } else {
                            let t2 = self.m.types.vector(scalar, take as u8);
                            self.add(
                                ExprKind::Swizzle {
                                    base: col,
                                    comps: (0..take as u8).collect(),
                                },
                                t2,
                                vspan,
                            )
                        };
                        parts.push(self.explicit_convert(part, s));
                        need -= take;
                    }
                }
                _ => unreachable!(),
            }
            let _ = i;
        }
        Some(parts)
    }
}
