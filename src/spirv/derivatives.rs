//! Derivatives in compute modules (SPV_KHR_compute_shader_derivatives, the SPIR-V
//! side of GL_NV_compute_shader_derivatives): the DerivativeGroupQuadsKHR and
//! DerivativeGroupLinearKHR execution modes, OpDPdx/OpDPdy/OpFwidth and their Fine
//! and Coarse forms, and the implicit level of detail of the sampling instructions.
//! Lowered as the GLSL front end lowers them (glsl/sema/derivatives.rs), into IR the
//! back end already runs: each invocation stores the operand in a shared array at
//! gl_LocalInvocationIndex, a barrier makes the group's values visible, the
//! invocation subtracts the two entries of its quad the derivative names, and a second
//! barrier keeps the next store after every read. The statements go before the
//! instruction's own (`pending`). Without a derivative group a derivative is zero.

use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::function::*;
use spirv::Op;

#[derive(Clone, Copy, PartialEq)]
enum Axis {
    X,
    Y,
}

impl<'l, 'm, 'a> FnLower<'l, 'm, 'a> {
    fn uint(&mut self, v: u32) -> ExprId {
        self.lit(Literal::Uint(v))
    }

    fn ubin(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> ExprId {
        let u = self.types().scalar(Scalar::Uint);
        self.add(ExprKind::Binary { op, lhs, rhs }, u)
    }

    fn local_index(&mut self) -> ExprId {
        let u = self.types().scalar(Scalar::Uint);
        self.add(ExprKind::BuiltinVar(BuiltinVar::LocalInvocationIndex), u)
    }

    fn local_id(&mut self, comp: u8) -> ExprId {
        let v = builtin_type(self.types(), BuiltinVar::LocalInvocationId);
        let u = self.types().scalar(Scalar::Uint);
        let id = self.add(ExprKind::BuiltinVar(BuiltinVar::LocalInvocationId), v);
        self.add(
            ExprKind::Swizzle {
                base: id,
                comps: vec![comp],
            },
            u,
        )
    }

    /// The shared array of values of type `ty` derivatives exchange their operands
    /// through, one element per invocation (one array per type).
    fn derivative_array(&mut self, ty: TypeId) -> SpvResult<GlobalId> {
        let Some(LocalSize::Fixed(s)) = self.l.out.local_size else {
            return Err(self.err("derivatives need a fixed work-group size"));
        };
        let n = s[0].saturating_mul(s[1]).saturating_mul(s[2]);
        let name = format!("__glc_derivatives_{}", self.l.out.types.name(ty));
        if let Some(i) = self
            .l
            .out
            .globals
            .iter()
            .position(|g| g.name == name && g.storage == Storage::Shared)
        {
            return Ok(GlobalId(i as u32));
        }
        let array = self.types().array(ty, Some(n));
        self.l.out.globals.push(Global {
            name,
            ty: array,
            storage: Storage::Shared,
            binding: None,
            location: None,
            offset: None,
            format: None,
            memory: MemoryQualifiers::default(),
            init: None,
            span: span(self.at),
            used: true,
            io: None,
        });
        Ok(GlobalId(self.l.out.globals.len() as u32 - 1))
    }

    fn shared_element(&mut self, g: GlobalId, ty: TypeId, index: ExprId) -> ExprId {
        let at = self.l.out.globals[g.0 as usize].ty;
        let base = self.add(ExprKind::Global(g), at);
        self.add(ExprKind::Index { base, index }, ty)
    }

    /// The (higher, lower) indices of the pair a derivative along `axis` subtracts
    /// (NV_compute_shader_derivatives §8.13.1): a fine derivative uses the
    /// invocation's own row or column, a coarse one the quad's first.
    fn quad_pair(&mut self, group: DerivativeGroup, axis: Axis, fine: bool) -> (ExprId, ExprId) {
        match group {
            DerivativeGroup::Linear => {
                // Index 4q + 2n + m is at (m, n) of quad q.
                let (across, step) = match axis {
                    Axis::X => (2, 1),
                    Axis::Y => (1, 2),
                };
                let index = |c: &mut Self, plus: u32| -> ExprId {
                    let i = c.local_index();
                    let mask = c.uint(!3);
                    let quad = c.ubin(BinaryOp::BitAnd, i, mask);
                    let at = if fine {
                        let i = c.local_index();
                        let m = c.uint(across);
                        let own = c.ubin(BinaryOp::BitAnd, i, m);
                        c.ubin(BinaryOp::Add, quad, own)
                    } else {
                        quad
                    };
                    let plus = c.uint(plus);
                    c.ubin(BinaryOp::Add, at, plus)
                };
                (index(self, step), index(self, 0))
            }
            DerivativeGroup::Quads => {
                let [sx, sy, _] = match self.l.out.local_size {
                    Some(LocalSize::Fixed(s)) => s,
                    _ => [1, 1, 1],
                };
                // index(x, y, z) = x + sx * (y + sy * z)
                let index = |c: &mut Self, dx: u32, dy: u32| -> ExprId {
                    let coord = |c: &mut Self, comp: u8, d: u32, own: bool| -> ExprId {
                        let v = c.local_id(comp);
                        if own {
                            return v;
                        }
                        let mask = c.uint(!1);
                        let q = c.ubin(BinaryOp::BitAnd, v, mask);
                        let d = c.uint(d);
                        c.ubin(BinaryOp::Add, q, d)
                    };
                    let (x, y) = match axis {
                        Axis::X => (coord(c, 0, dx, false), coord(c, 1, 0, fine)),
                        Axis::Y => (coord(c, 0, 0, fine), coord(c, 1, dy, false)),
                    };
                    let z = c.local_id(2);
                    let syc = c.uint(sy);
                    let zy = c.ubin(BinaryOp::Mul, z, syc);
                    let yz = c.ubin(BinaryOp::Add, y, zy);
                    let sxc = c.uint(sx);
                    let row = c.ubin(BinaryOp::Mul, yz, sxc);
                    c.ubin(BinaryOp::Add, x, row)
                };
                match axis {
                    Axis::X => (index(self, 1, 0), index(self, 0, 0)),
                    Axis::Y => (index(self, 0, 1), index(self, 0, 0)),
                }
            }
        }
    }

    /// The derivative `op` of the value `e` (type `ty`): statements into `pending`,
    /// the result as a read of a local.
    pub fn derivative_of(&mut self, op: Op, e: ExprId) -> SpvResult<ExprId> {
        let ty = self.ty_of(e);
        if !matches!(self.l.out.types.scalar_of(ty), Some(Scalar::Float)) {
            return Err(self.err("a derivative of a value that is not float"));
        }
        if self.l.stage == crate::ir::shader::Stage::Fragment {
            // A fragment shader's derivatives are the built-in functions (checked,
            // never compiled).
            let f = match op {
                Op::DPdx => Builtin::Dfdx,
                Op::DPdy => Builtin::Dfdy,
                Op::Fwidth => Builtin::Fwidth,
                Op::DPdxFine => Builtin::DfdxFine,
                Op::DPdyFine => Builtin::DfdyFine,
                Op::FwidthFine => Builtin::FwidthFine,
                Op::DPdxCoarse => Builtin::DfdxCoarse,
                Op::DPdyCoarse => Builtin::DfdyCoarse,
                _ => Builtin::FwidthCoarse,
            };
            return self.builtin(f, vec![e]);
        }
        let Some(group) = self.l.out.derivative_group else {
            // Without a derivative group derivatives are zero; the operand is still
            // evaluated.
            let z = self.l.zero(ty);
            let zero = self.constant(z, ty);
            return Ok(self.add(
                ExprKind::Sequence {
                    first: e,
                    second: zero,
                },
                ty,
            ));
        };
        let shared = self.derivative_array(ty)?;
        let i = self.local_index();
        let place = self.shared_element(shared, ty, i);
        let store = self.add(
            ExprKind::Assign {
                place,
                op: None,
                value: e,
            },
            ty,
        );
        let s = self.stmt(StmtKind::Expr(store));
        self.pending.push(s);
        let barrier = self.builtin(Builtin::Barrier, vec![])?;
        let s = self.stmt(StmtKind::Expr(barrier));
        self.pending.push(s);
        let difference = |c: &mut Self, axis: Axis, fine: bool| -> ExprId {
            let (hi, lo) = c.quad_pair(group, axis, fine);
            let a = c.shared_element(shared, ty, hi);
            let b = c.shared_element(shared, ty, lo);
            c.add(
                ExprKind::Binary {
                    op: BinaryOp::Sub,
                    lhs: a,
                    rhs: b,
                },
                ty,
            )
        };
        // DPdx, DPdy and Fwidth are the coarse forms, as in the GLSL front end.
        let result = match op {
            Op::DPdxFine => difference(self, Axis::X, true),
            Op::DPdx | Op::DPdxCoarse => difference(self, Axis::X, false),
            Op::DPdyFine => difference(self, Axis::Y, true),
            Op::DPdy | Op::DPdyCoarse => difference(self, Axis::Y, false),
            _ => {
                let fine = op == Op::FwidthFine;
                let dx = difference(self, Axis::X, fine);
                let dy = difference(self, Axis::Y, fine);
                let ax = self.builtin(Builtin::Abs, vec![dx])?;
                let ay = self.builtin(Builtin::Abs, vec![dy])?;
                self.add(
                    ExprKind::Binary {
                        op: BinaryOp::Add,
                        lhs: ax,
                        rhs: ay,
                    },
                    ty,
                )
            }
        };
        let l = self.new_local(ty, format!("_d{}", self.at));
        let place = self.add(ExprKind::Local(l), ty);
        let keep = self.add(
            ExprKind::Assign {
                place,
                op: None,
                value: result,
            },
            ty,
        );
        let s = self.stmt(StmtKind::Expr(keep));
        self.pending.push(s);
        let barrier = self.builtin(Builtin::Barrier, vec![])?;
        let s = self.stmt(StmtKind::Expr(barrier));
        self.pending.push(s);
        Ok(self.add(ExprKind::Local(l), ty))
    }

    /// OpDPdx and the other derivative instructions.
    pub fn derivative_inst(&mut self, op: Op, inst: &Inst<'a>, rt: TypeId) -> SpvResult<ExprId> {
        let e = self.value(inst.word(2)?)?;
        let e = self.cast_to(e, rt)?;
        self.derivative_of(op, e)
    }
}

pub fn is_derivative(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        DPdx | DPdy
            | Fwidth
            | DPdxFine
            | DPdyFine
            | FwidthFine
            | DPdxCoarse
            | DPdyCoarse
            | FwidthCoarse
    )
}
