//! Derivatives in compute shaders (GL_NV_compute_shader_derivatives): the
//! `derivative_group_quadsNV` / `derivative_group_linearNV` layout, the derivative
//! built-ins, and the automatic level of detail of `texture()` and `textureOffset()`.
//!
//! Derivatives are lowered here into IR the back end already runs, so it needs no
//! change: each invocation stores the operand in a shared array indexed by
//! gl_LocalInvocationIndex, a `barrier()` makes the group's values visible, the
//! invocation subtracts the two entries of its quad that the derivative names, and a
//! second `barrier()` keeps the next store to the array after every read. Implicit-LOD
//! lookups become `textureGrad`/`textureGradOffset` with the coarse derivatives of the
//! coordinates, scaled by 2^bias when a bias is given (λ = log2(ρ) + bias, GL 4.6
//! §8.14.1). Like fragment-shader derivatives, the results are defined only in uniform
//! control flow; a derivative under divergent control links with the warning a
//! divergent `barrier()` gets.

use super::*;
use crate::ir::builtins;

/// Which difference a derivative built-in takes.
#[derive(Clone, Copy, PartialEq)]
enum Axis {
    X,
    Y,
}

impl Checker<'_> {
    /// `layout(derivative_group_quadsNV) in;` / `layout(derivative_group_linearNV) in;`
    /// (the extension's §4.4.1.4): None if `name` is neither.
    pub(super) fn derivative_group_qualifier(&mut self, name: &str, span: Span) -> Option<()> {
        let group = match name {
            // Layout qualifier names arrive lower-cased (GLSL 4.60 §4.4: they are
            // case-insensitive).
            "derivative_group_quadsnv" => DerivativeGroup::Quads,
            "derivative_group_linearnv" => DerivativeGroup::Linear,
            _ => return None,
        };
        if !self.ext("GL_NV_compute_shader_derivatives") {
            self.error(
                span,
                format!("`{name}' requires GL_NV_compute_shader_derivatives"),
            );
            return Some(());
        }
        match self.m.derivative_group {
            // The extension's §4.4.1.4: a compile-time error if both are specified.
            Some(old) if old != group => self.error(
                span,
                "derivative_group_quadsNV and derivative_group_linearNV are both declared",
            ),
            _ => self.m.derivative_group = Some(group),
        }
        Some(())
    }

    /// The extension's §4.4.1.4: a compile-time error when the local size this shader
    /// declares does not divide into the group's quads (the linker checks sizes and
    /// groups declared in different shaders).
    pub(super) fn check_derivative_group_size(&mut self, span: Span) {
        let (Some(group), Some(LocalSize::Fixed(size))) =
            (self.m.derivative_group, self.m.local_size)
        else {
            return;
        };
        if let Some(problem) = derivative_group_problem(group, size) {
            self.error(span, problem);
        }
    }

    /// Whether a derivative built-in may be called here: fragment shaders, and compute
    /// shaders with GL_NV_compute_shader_derivatives enabled.
    pub(super) fn compute_derivatives_enabled(&self) -> bool {
        self.stage == Stage::Compute && self.ext("GL_NV_compute_shader_derivatives")
    }

    /// A derivative built-in (dFdx, dFdy, fwidth and their Fine/Coarse forms) of a
    /// compute shader, as the expression that computes it. None after an error.
    pub(super) fn compute_derivative(
        &mut self,
        fun: Builtin,
        arg: ExprId,
        span: Span,
    ) -> Option<ExprId> {
        use Builtin::*;
        let ty = self.ty(arg);
        let Some(group) = self.m.derivative_group else {
            // The extension's §8.13.1: without a derivative group, derivatives in a
            // compute shader return zero. The operand is still evaluated.
            let zero = self.zero_of(ty, span)?;
            return Some(self.add(
                ExprKind::Sequence {
                    first: arg,
                    second: zero,
                },
                ty,
                span,
            ));
        };
        let n = self.derivative_group_invocations(span)?;
        let shared = self.derivative_array(ty, n, span);
        let value = self.temp_local(ty, span);
        let store_place = {
            let u = self.m.types.scalar(Scalar::Uint);
            let index = self.add(
                ExprKind::BuiltinVar(BuiltinVar::LocalInvocationIndex),
                u,
                span,
            );
            self.shared_element(shared, ty, index, span)
        };
        let stored = self.add(
            ExprKind::Assign {
                place: store_place,
                op: None,
                value: arg,
            },
            ty,
            span,
        );
        let difference = |c: &mut Self, axis: Axis, fine: bool| -> ExprId {
            let (hi, lo) = c.quad_pair(group, axis, fine, span);
            let a = c.shared_element(shared, ty, hi, span);
            let b = c.shared_element(shared, ty, lo, span);
            c.add(
                ExprKind::Binary {
                    op: BinaryOp::Sub,
                    lhs: a,
                    rhs: b,
                },
                ty,
                span,
            )
        };
        // dFdx, dFdy and fwidth are the coarse forms (one value per quad, as GPUs
        // compute them).
        let result = match fun {
            DfdxFine => difference(self, Axis::X, true),
            Dfdx | DfdxCoarse => difference(self, Axis::X, false),
            DfdyFine => difference(self, Axis::Y, true),
            Dfdy | DfdyCoarse => difference(self, Axis::Y, false),
            Fwidth | FwidthFine | FwidthCoarse => {
                let fine = fun == FwidthFine;
                let dx = difference(self, Axis::X, fine);
                let dy = difference(self, Axis::Y, fine);
                let ax = self.add(
                    ExprKind::Builtin {
                        fun: Abs,
                        args: vec![dx],
                    },
                    ty,
                    span,
                );
                let ay = self.add(
                    ExprKind::Builtin {
                        fun: Abs,
                        args: vec![dy],
                    },
                    ty,
                    span,
                );
                self.add(
                    ExprKind::Binary {
                        op: BinaryOp::Add,
                        lhs: ax,
                        rhs: ay,
                    },
                    ty,
                    span,
                )
            }
            _ => {
                self.error(span, format!("internal: {fun:?} is not a derivative"));
                return None;
            }
        };
        let local = self.add(ExprKind::Local(value), ty, span);
        let keep = self.add(
            ExprKind::Assign {
                place: local,
                op: None,
                value: result,
            },
            ty,
            span,
        );
        let read = self.add(ExprKind::Local(value), ty, span);
        // (store, barrier, keep, barrier, read): the hoister makes each barrier a
        // statement of its own, in this order (ir::calls).
        let second = self.barrier_expr(span);
        let tail = self.sequence(&[keep, second, read], span);
        let barrier = self.barrier_expr(span);
        Some(self.sequence(&[stored, barrier, tail], span))
    }

    /// texture() and textureOffset() (with or without bias) in a compute shader with a
    /// derivative group: the same lookup through textureGrad / textureGradOffset with
    /// the coarse derivatives of the coordinates. None when the lookup keeps its
    /// implicit level of detail (no derivative group: derivatives are zero) or after an
    /// error.
    pub(super) fn implicit_lod_lookup(
        &mut self,
        fun: Builtin,
        args: &[ExprId],
        ret: TypeId,
        span: Span,
    ) -> Option<Option<ExprId>> {
        if self.stage != Stage::Compute
            || self.m.derivative_group.is_none()
            || !matches!(
                fun,
                Builtin::Texture | Builtin::TextureOffset | Builtin::TextureQueryLod
            )
        {
            return Some(None);
        }
        let (smp, coord) = (args[0], args[1]);
        let (offset, bias) = match fun {
            Builtin::TextureOffset => (Some(args[2]), args.get(3).copied()),
            Builtin::TextureQueryLod => (None, None),
            _ => (None, args.get(2).copied()),
        };
        let smp_ty = self.ty(smp);
        let grad_fun = if fun == Builtin::TextureQueryLod {
            ("textureQueryLod", Builtin::TextureQueryLod)
        } else if offset.is_some() {
            ("textureGradOffset", Builtin::TextureGradOffset)
        } else {
            ("textureGrad", Builtin::TextureGrad)
        };
        // The textureGrad overload of this sampler and coordinate gives the derivative
        // type (the coordinates without the array layer or the reference);
        // textureQueryLod's coordinates are those already.
        let coord_ty = self.ty(coord);
        let grad_ty = if fun == Builtin::TextureQueryLod {
            Some(builtins::Ty::Vec(
                Scalar::Float,
                self.m.types.components(coord_ty).unwrap_or(1) as u8,
            ))
        } else {
            None
        };
        let grad_ty = grad_ty.or_else(|| {
            builtins::overloads(grad_fun.0).and_then(|ovs| {
                ovs.iter()
                    .filter(|ov| ov.fun == grad_fun.1)
                    .find(|ov| {
                        self.ty_matches(ov.params[0].0, smp_ty)
                            && self.ty_matches(ov.params[1].0, coord_ty)
                    })
                    .map(|ov| ov.params[2].0)
            })
        });
        let Some(grad_ty) = grad_ty else {
            self.error(
                span,
                format!(
                    "glcompute has no {}() for {}: this lookup's automatic level of detail in a derivative group is not supported",
                    grad_fun.0,
                    self.tname(smp_ty)
                ),
            );
            return None;
        };
        let grad_ty = self.ty_of(grad_ty);
        let k = self.m.types.components(grad_ty).unwrap_or(1);
        let n = self.m.types.components(coord_ty).unwrap_or(1);
        let p = self.temp_local(coord_ty, span);
        let p_place = self.add(ExprKind::Local(p), coord_ty, span);
        let p_set = self.add(
            ExprKind::Assign {
                place: p_place,
                op: None,
                value: coord,
            },
            coord_ty,
            span,
        );
        let part = |c: &mut Self| -> ExprId {
            let whole = c.add(ExprKind::Local(p), coord_ty, span);
            if k == n {
                whole
            } else {
                c.add(
                    ExprKind::Swizzle {
                        base: whole,
                        comps: (0..k as u8).collect(),
                    },
                    grad_ty,
                    span,
                )
            }
        };
        let scale = match bias {
            Some(b) => {
                let f = self.m.types.scalar(Scalar::Float);
                let s = self.add(
                    ExprKind::Builtin {
                        fun: Builtin::Exp2,
                        args: vec![b],
                    },
                    f,
                    span,
                );
                Some(if k > 1 {
                    self.add(ExprKind::Splat(s), grad_ty, span)
                } else {
                    s
                })
            }
            None => None,
        };
        let scale_local = match scale {
            Some(s) => {
                let l = self.temp_local(grad_ty, span);
                let place = self.add(ExprKind::Local(l), grad_ty, span);
                Some((
                    l,
                    self.add(
                        ExprKind::Assign {
                            place,
                            op: None,
                            value: s,
                        },
                        grad_ty,
                        span,
                    ),
                ))
            }
            None => None,
        };
        let derivative = |c: &mut Self, f: Builtin| -> Option<ExprId> {
            let v = part(c);
            let d = c.compute_derivative(f, v, span)?;
            Some(match scale_local {
                Some((l, _)) => {
                    let s = c.add(ExprKind::Local(l), grad_ty, span);
                    c.add(
                        ExprKind::Binary {
                            op: BinaryOp::Mul,
                            lhs: d,
                            rhs: s,
                        },
                        grad_ty,
                        span,
                    )
                }
                None => d,
            })
        };
        let dx = derivative(self, Builtin::DfdxCoarse)?;
        let dy = derivative(self, Builtin::DfdyCoarse)?;
        let p_read = self.add(ExprKind::Local(p), coord_ty, span);
        let mut grad_args = vec![smp, p_read, dx, dy];
        grad_args.extend(offset);
        let lookup = self.add(
            ExprKind::Builtin {
                fun: grad_fun.1,
                args: grad_args,
            },
            ret,
            span,
        );
        // The coordinates (and the bias) are evaluated once, before the lookup.
        let mut parts = vec![p_set];
        if let Some((_, set)) = scale_local {
            parts.push(set);
        }
        parts.push(lookup);
        Some(Some(self.sequence(&parts, span)))
    }

    /// The invocations of the work group, for the derivative arrays: the local size
    /// must be fixed and declared before the first derivative.
    fn derivative_group_invocations(&mut self, span: Span) -> Option<u32> {
        match self.m.local_size {
            Some(LocalSize::Fixed(s)) => Some(s[0].saturating_mul(s[1]).saturating_mul(s[2])),
            Some(LocalSize::Variable) => {
                self.error(
                    span,
                    "derivatives in a derivative group need a fixed local size (this shader's is variable)",
                );
                None
            }
            None => {
                self.error(
                    span,
                    "glcompute computes derivatives in a compute shader whose fixed local size is declared before them, in the same shader",
                );
                None
            }
        }
    }

    /// The shared array of `n` values of type `ty` that derivatives of that type
    /// exchange their operands through (one per type and shader).
    fn derivative_array(&mut self, ty: TypeId, n: u32, span: Span) -> GlobalId {
        let name = format!("__glc_derivatives_{}", self.tname(ty));
        if let Some(i) = self
            .m
            .globals
            .iter()
            .position(|g| g.name == name && g.storage == Storage::Shared)
        {
            return GlobalId(i as u32);
        }
        let array = self.m.types.array(ty, Some(n));
        let size = crate::ir::layout::layout(&self.m.types, array, Packing::Std430, false).size;
        self.m.shared_size = self.m.shared_size.saturating_add(size);
        let id = GlobalId(self.m.globals.len() as u32);
        self.m.globals.push(Global {
            name,
            ty: array,
            storage: Storage::Shared,
            binding: None,
            location: None,
            offset: None,
            format: None,
            memory: MemoryQualifiers::default(),
            init: None,
            span,
            used: true,
            io: None,
        });
        id
    }

    /// `array[index]` of a derivative array.
    fn shared_element(&mut self, g: GlobalId, ty: TypeId, index: ExprId, span: Span) -> ExprId {
        let gty = self.m.globals[g.0 as usize].ty;
        let base = self.add(ExprKind::Global(g), gty, span);
        self.add(ExprKind::Index { base, index }, ty, span)
    }

    /// A local of the current function that no source name reaches.
    pub(super) fn temp_local(&mut self, ty: TypeId, span: Span) -> LocalId {
        let f = &mut self.f().func;
        let id = LocalId(f.locals.len() as u32);
        f.locals.push(Local {
            name: format!("__glc_temp{}", id.0),
            ty,
            param: None,
            constant: false,
            memory: MemoryQualifiers::default(),
            span,
        });
        self.emit(
            StmtKind::Declare {
                local: id,
                init: None,
            },
            span,
        );
        id
    }

    fn barrier_expr(&mut self, span: Span) -> ExprId {
        let void = self.m.types.void();
        self.add(
            ExprKind::Builtin {
                fun: Builtin::Barrier,
                args: Vec::new(),
            },
            void,
            span,
        )
    }

    /// `(a, b, ..., z)`: evaluates each in order, yields the last.
    pub(super) fn sequence(&mut self, parts: &[ExprId], span: Span) -> ExprId {
        let mut it = parts.iter().rev();
        let mut acc = *it.next().expect("a sequence has parts");
        for &first in it {
            let ty = self.ty(acc);
            acc = self.add(ExprKind::Sequence { first, second: acc }, ty, span);
        }
        acc
    }

    /// A zero of float type `ty`.
    fn zero_of(&mut self, ty: TypeId, span: Span) -> Option<ExprId> {
        let f = self.literal(Literal::Float(0.0), span);
        Some(match self.m.types.get(ty) {
            Type::Scalar(_) => f,
            Type::Vector(..) => self.add(ExprKind::Splat(f), ty, span),
            _ => {
                self.error(span, "internal: a derivative of a non-float type");
                return None;
            }
        })
    }

    fn uint(&mut self, v: u32, span: Span) -> ExprId {
        self.literal(Literal::Uint(v), span)
    }

    fn ubin(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId, span: Span) -> ExprId {
        let u = self.m.types.scalar(Scalar::Uint);
        self.add(ExprKind::Binary { op, lhs, rhs }, u, span)
    }

    fn local_id(&mut self, comp: u8, span: Span) -> ExprId {
        let uvec3 = self.m.types.vector(Scalar::Uint, 3);
        let u = self.m.types.scalar(Scalar::Uint);
        let id = self.add(
            ExprKind::BuiltinVar(BuiltinVar::LocalInvocationId),
            uvec3,
            span,
        );
        self.add(
            ExprKind::Swizzle {
                base: id,
                comps: vec![comp],
            },
            u,
            span,
        )
    }

    /// The local invocation indices (F(1, ·), F(0, ·)) or (F(·, 1), F(·, 0)) of the
    /// invocation's quad whose difference is the derivative along `axis` (the
    /// extension's §8.13.1): a fine derivative uses the invocation's own row or column,
    /// a coarse one the quad's first.
    fn quad_pair(
        &mut self,
        group: DerivativeGroup,
        axis: Axis,
        fine: bool,
        span: Span,
    ) -> (ExprId, ExprId) {
        match group {
            DerivativeGroup::Linear => {
                // Index 4q + 2n + m is at (m, n) of quad q. Along X the pair is
                // (4q + r + 1, 4q + r) with r = 2n (fine) or 0 (coarse); along Y
                // (4q + c + 2, 4q + c) with c = m (fine) or 0 (coarse).
                let (across, step) = match axis {
                    Axis::X => (2, 1),
                    Axis::Y => (1, 2),
                };
                let index = |c: &mut Self, plus: u32| -> ExprId {
                    let u = c.m.types.scalar(Scalar::Uint);
                    let i = c.add(
                        ExprKind::BuiltinVar(BuiltinVar::LocalInvocationIndex),
                        u,
                        span,
                    );
                    let mask = c.uint(!3, span);
                    let quad = c.ubin(BinaryOp::BitAnd, i, mask, span);
                    let at = if fine {
                        let i = c.add(
                            ExprKind::BuiltinVar(BuiltinVar::LocalInvocationIndex),
                            u,
                            span,
                        );
                        let m = c.uint(across, span);
                        let own = c.ubin(BinaryOp::BitAnd, i, m, span);
                        c.ubin(BinaryOp::Add, quad, own, span)
                    } else {
                        quad
                    };
                    let plus = c.uint(plus, span);
                    c.ubin(BinaryOp::Add, at, plus, span)
                };
                (index(self, step), index(self, 0))
            }
            DerivativeGroup::Quads => {
                let Some(LocalSize::Fixed([sx, sy, _])) = self.m.local_size else {
                    let z = self.uint(0, span);
                    let z2 = self.uint(0, span);
                    return (z, z2);
                };
                // index(x, y, z) = x + sx * (y + sy * z)
                let index = |c: &mut Self, dx: u32, dy: u32| -> ExprId {
                    let coord = |c: &mut Self, comp: u8, d: u32, own: bool| -> ExprId {
                        let v = c.local_id(comp, span);
                        if own {
                            return v;
                        }
                        let mask = c.uint(!1, span);
                        let q = c.ubin(BinaryOp::BitAnd, v, mask, span);
                        let d = c.uint(d, span);
                        c.ubin(BinaryOp::Add, q, d, span)
                    };
                    // Along the axis: the quad's 0 or 1; across it: the invocation's
                    // own coordinate (fine) or the quad's first (coarse).
                    let (x, y) = match axis {
                        Axis::X => (coord(c, 0, dx, false), coord(c, 1, 0, fine)),
                        Axis::Y => (coord(c, 0, 0, fine), coord(c, 1, dy, false)),
                    };
                    let z = c.local_id(2, span);
                    let syc = c.uint(sy, span);
                    let zy = c.ubin(BinaryOp::Mul, z, syc, span);
                    let yz = c.ubin(BinaryOp::Add, y, zy, span);
                    let sxc = c.uint(sx, span);
                    let row = c.ubin(BinaryOp::Mul, yz, sxc, span);
                    c.ubin(BinaryOp::Add, x, row, span)
                };
                match axis {
                    Axis::X => (index(self, 1, 0), index(self, 0, 0)),
                    Axis::Y => (index(self, 0, 1), index(self, 0, 0)),
                }
            }
        }
    }
}

/// The extension's §4.4.1.4 rule for a derivative group and a fixed local size, as
/// the message of its error; None when the size divides into quads.
pub fn derivative_group_problem(group: DerivativeGroup, size: [u32; 3]) -> Option<String> {
    match group {
        DerivativeGroup::Quads if !size[0].is_multiple_of(2) || !size[1].is_multiple_of(2) => {
            Some(format!(
                "derivative_group_quadsNV needs a local size whose x and y are multiples of 2, not {}x{}",
                size[0], size[1]
            ))
        }
        DerivativeGroup::Linear
            if !(size[0] as u64 * size[1] as u64 * size[2] as u64).is_multiple_of(4) =>
        {
            Some(format!(
                "derivative_group_linearNV needs a local size whose invocation count is a multiple of 4, not {}x{}x{}",
                size[0], size[1], size[2]
            ))
        }
        _ => None,
    }
}
