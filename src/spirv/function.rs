//! Lowering a SPIR-V function's values into IR expressions. SPIR-V values are SSA and
//! may be used many times; IR expressions are trees used once. So every result of
//! a value type is assigned to a local of its own where it is defined (the back end
//! turns such locals back into SSA values), and each use reads the local; a pointer
//! (a variable or an access chain) is kept as its root and path and rebuilt as a place
//! at every load, store or atomic; an image or sampler loaded from a variable is kept
//! the same way. Instructions map onto IR operators and GLSL built-ins (the operand
//! signedness SPIR-V states in the opcode becomes conversions); control flow is
//! `cfg`'s.

use crate::ir::builtins::Ty;
use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::lower::{Lower, Root};
use crate::spirv::module::*;
use std::collections::HashMap;

/// One step of an access chain.
#[derive(Debug, Clone)]
pub enum Step {
    Field(u32),
    Const(u32),
    /// An index held by a value id.
    Value(u32),
}

/// A pointer: where it starts, the steps from there, and the IR type it points to.
#[derive(Debug, Clone)]
pub struct Place {
    pub root: Root,
    pub steps: Vec<Step>,
    pub ty: TypeId,
}

#[derive(Debug, Clone)]
pub enum Value {
    Local(LocalId),
    Const(ConstValue, TypeId),
    Ptr(Place),
    /// An image or (sampled) image value: the variable it was loaded from.
    Opaque(Place),
    /// OpImageTexelPointer: a texel of an image, for the image atomics.
    Texel {
        image: Place,
        coord: u32,
        sample: u32,
    },
    /// A value used once, later in its block, with nothing between that could
    /// change what it reads (`deferrable`): its expression goes into the tree of
    /// its use instead of a local.
    Tree(ExprId),
    /// A `Tree` its use has taken.
    Taken(TypeId),
}

pub struct FnLower<'l, 'm, 'a> {
    pub l: &'l mut Lower<'m, 'a>,
    pub m: &'m SpvModule<'a>,
    pub spv: &'m FuncDef,
    pub f: Function,
    pub values: HashMap<u32, Value>,
    /// Declarations of every local, put first in the body.
    pub decls: Vec<Stmt>,
    /// The IR function of every SPIR-V function.
    pub funcs: &'l HashMap<u32, FunctionId>,
    /// The parameters of every function: (is a pointer) per parameter.
    pub fn_params: &'l HashMap<u32, Vec<bool>>,
    /// The word offset of the instruction being lowered (spans and errors).
    pub at: usize,
    /// Results that become expression trees at their one use (`deferrable`).
    pub deferrable: std::collections::HashSet<u32>,
    /// Results declared with their value where they are defined (`deferrable`).
    pub block_local: std::collections::HashSet<u32>,
    /// Statements the instruction being lowered needs before its own (a tree value
    /// it reads more than once, put in a local).
    pub pending: Vec<Stmt>,
}

pub fn span(offset: usize) -> Span {
    Span {
        source: 0,
        line: offset.min(u32::MAX as usize) as u32,
        col: 0,
    }
}

impl<'l, 'm, 'a> FnLower<'l, 'm, 'a> {
    pub fn err(&self, msg: impl Into<String>) -> SpvError {
        let op = self
            .m
            .insts
            .binary_search_by_key(&self.at, |i| i.offset)
            .ok()
            .map(|i| self.m.insts[i].op);
        SpvError {
            offset: self.at,
            op,
            msg: msg.into(),
        }
    }

    pub fn stmt(&self, kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            span: span(self.at),
        }
    }

    pub fn add(&mut self, kind: ExprKind, ty: TypeId) -> ExprId {
        self.f.exprs.push(Expr {
            kind,
            ty,
            span: span(self.at),
        });
        ExprId(self.f.exprs.len() as u32 - 1)
    }

    pub fn ty_of(&self, e: ExprId) -> TypeId {
        self.f.exprs[e.0 as usize].ty
    }

    pub fn types(&mut self) -> &mut Types {
        &mut self.l.out.types
    }

    /// A new local of type `ty`, declared at the top of the function.
    pub fn new_local(&mut self, ty: TypeId, name: String) -> LocalId {
        self.f.locals.push(Local {
            name,
            ty,
            param: None,
            constant: false,
            memory: MemoryQualifiers::default(),
            span: span(self.at),
        });
        let id = LocalId(self.f.locals.len() as u32 - 1);
        let d = self.stmt(StmtKind::Declare {
            local: id,
            init: None,
        });
        self.decls.push(d);
        id
    }

    fn local_name(&self, id: u32) -> String {
        match self.m.names.get(&id) {
            Some(n) if !n.is_empty() => format!("{n}_{id}"),
            _ => format!("_{id}"),
        }
    }

    /// `id`'s value as a new expression.
    pub fn value(&mut self, id: u32) -> SpvResult<ExprId> {
        let v = match self.values.get(&id) {
            Some(v) => v.clone(),
            None => match self.l.consts.get(&id) {
                Some(c) => {
                    let t = self.const_type(id)?;
                    Value::Const(c.clone(), t)
                }
                None => {
                    return Err(self.err(format!("id {id} is not a value defined before this use")));
                }
            },
        };
        match v {
            Value::Local(l) => {
                let t = self.f.locals[l.0 as usize].ty;
                Ok(self.add(ExprKind::Local(l), t))
            }
            Value::Const(c, t) => Ok(self.constant(c, t)),
            Value::Tree(e) => {
                let t = self.ty_of(e);
                self.values.insert(id, Value::Taken(t));
                Ok(e)
            }
            Value::Taken(_) => Err(self.err(format!(
                "internal: value {id} is read twice as an expression tree"
            ))),
            _ => Err(self.err(format!("id {id} is a pointer or image, used as a value"))),
        }
    }

    /// A new function-level local named `name` and the statement assigning `e`
    /// to it.
    pub fn temp(&mut self, e: ExprId, name: String) -> (LocalId, Stmt) {
        let ty = self.ty_of(e);
        let l = self.new_local(ty, name);
        let place = self.add(ExprKind::Local(l), ty);
        let a = self.add(
            ExprKind::Assign {
                place,
                op: None,
                value: e,
            },
            ty,
        );
        (l, self.stmt(StmtKind::Expr(a)))
    }

    /// Makes `id` readable more than once: a tree value goes into a local, assigned
    /// before the instruction being lowered.
    pub fn stable(&mut self, id: u32) -> SpvResult<()> {
        if let Some(Value::Tree(e)) = self.values.get(&id).cloned() {
            let (l, s) = self.temp(e, self.local_name(id));
            self.pending.push(s);
            self.values.insert(id, Value::Local(l));
        }
        Ok(())
    }

    /// Statements `pending` holds, into `out`.
    pub fn flush(&mut self, out: &mut Block) {
        out.append(&mut self.pending);
    }

    fn const_type(&self, id: u32) -> SpvResult<TypeId> {
        match self.m.defs.get(&id) {
            Some(Def::Const(c)) => self.l.ty(c.ty()),
            Some(Def::Undef { ty }) => self.l.ty(*ty),
            _ => Err(self.err(format!("id {id} is not a constant"))),
        }
    }

    pub fn constant(&mut self, c: ConstValue, t: TypeId) -> ExprId {
        match c {
            ConstValue::Scalar(l) => self.add(ExprKind::Literal(l), t),
            c => self.add(ExprKind::Constant(c), t),
        }
    }

    pub fn lit(&mut self, l: Literal) -> ExprId {
        let t = self.types().scalar(l.scalar());
        self.add(ExprKind::Literal(l), t)
    }

    /// The IR type of value `id`.
    pub fn value_ty(&mut self, id: u32) -> SpvResult<TypeId> {
        match self.values.get(&id) {
            Some(Value::Local(l)) => Ok(self.f.locals[l.0 as usize].ty),
            Some(Value::Const(_, t) | Value::Taken(t)) => Ok(*t),
            Some(Value::Tree(e)) => Ok(self.ty_of(*e)),
            Some(_) => Err(self.err(format!("id {id} is a pointer or image, used as a value"))),
            None => self.const_type(id),
        }
    }

    /// The scalar constant `id` as a u32 (scopes, semantics, literal-like ids).
    pub fn const_u32(&self, id: u32) -> SpvResult<u32> {
        match self.l.consts.get(&id).and_then(|c| c.as_literal()) {
            Some(Literal::Int(v)) => Ok(v as u32),
            Some(Literal::Uint(v)) => Ok(v),
            _ => Err(self.err(format!("id {id} is not a 32-bit integer constant"))),
        }
    }

    /// Defines result `id` of type `ty` as `e`: a tree for its one use if it is
    /// deferrable, else a new local assigned here.
    pub fn define(&mut self, id: u32, e: ExprId, out: &mut Block) {
        if self.deferrable.contains(&id) {
            self.values.insert(id, Value::Tree(e));
            return;
        }
        let ty = self.ty_of(e);
        if self.block_local.contains(&id) {
            // Used only later in this block: declared here with its value.
            self.f.locals.push(Local {
                name: self.local_name(id),
                ty,
                param: None,
                constant: false,
                memory: MemoryQualifiers::default(),
                span: span(self.at),
            });
            let l = LocalId(self.f.locals.len() as u32 - 1);
            out.push(self.stmt(StmtKind::Declare {
                local: l,
                init: Some(e),
            }));
            self.values.insert(id, Value::Local(l));
            return;
        }
        let (l, s) = self.temp(e, self.local_name(id));
        out.push(s);
        self.values.insert(id, Value::Local(l));
    }

    /// `e` converted to scalar kind `to` (same shape); `e` itself if it has it.
    pub fn cast(&mut self, e: ExprId, to: Scalar) -> ExprId {
        let t = self.ty_of(e);
        if self.l.out.types.scalar_of(t) == Some(to) {
            return e;
        }
        let nt = self.types().with_scalar(t, to);
        // A literal (just made for this use) is converted in place.
        if let ExprKind::Literal(l) = self.f.exprs[e.0 as usize].kind {
            let x = &mut self.f.exprs[e.0 as usize];
            x.kind = ExprKind::Literal(l.convert(to));
            x.ty = nt;
            return e;
        }
        self.add(ExprKind::Convert { arg: e, to }, nt)
    }

    /// `e` converted to IR type `t`'s scalar kind (shapes must agree).
    pub fn cast_to(&mut self, e: ExprId, t: TypeId) -> SpvResult<ExprId> {
        let et = self.ty_of(e);
        if et == t {
            return Ok(e);
        }
        let types = &self.l.out.types;
        match types.scalar_of(t) {
            Some(s) if types.same_shape(et, t) => Ok(self.cast(e, s)),
            _ => Err(self.err(format!(
                "a {} where a {} is needed",
                types.name(et),
                types.name(t)
            ))),
        }
    }

    /// The place `p` as a new expression.
    pub fn place(&mut self, p: &Place) -> SpvResult<ExprId> {
        let (mut e, mut t) = match p.root {
            Root::Global(g) => {
                let t = self.l.out.globals[g.0 as usize].ty;
                (self.add(ExprKind::Global(g), t), t)
            }
            Root::Local(l) => {
                let t = self.f.locals[l.0 as usize].ty;
                (self.add(ExprKind::Local(l), t), t)
            }
            Root::Builtin(b) => {
                let t = builtin_type(self.types(), b);
                (self.add(ExprKind::BuiltinVar(b), t), t)
            }
            Root::Split(_) => {
                return Err(self.err(
                    "a whole block of built-ins used as one value (only its members can be)",
                ));
            }
        };
        for s in &p.steps {
            let (kind, nt) = match (s, self.l.out.types.get(t).clone()) {
                // A constant component of a vector: a swizzle, as GLSL writes `v.x`
                // (the uniformity and affine analyses follow swizzles).
                (Step::Const(c), Type::Vector(sc, n)) if *c < n as u32 => (
                    ExprKind::Swizzle {
                        base: e,
                        comps: vec![*c as u8],
                    },
                    self.types().scalar(sc),
                ),
                (Step::Field(i), Type::Struct(sid)) => {
                    let mt = self.l.out.types.struct_def(sid).members[*i as usize].ty;
                    (ExprKind::Field { base: e, field: *i }, mt)
                }
                (Step::Const(_) | Step::Value(_), ty) => {
                    let nt = match ty {
                        Type::Array(el, _) => el,
                        Type::Vector(sc, _) => self.types().scalar(sc),
                        Type::Matrix { scalar, rows, .. } => self.types().vector(scalar, rows),
                        _ => {
                            return Err(self.err(
                                "an index into a value that is not an array, vector or matrix",
                            ));
                        }
                    };
                    let index = match s {
                        Step::Const(c) => self.lit(Literal::Int(*c as i32)),
                        Step::Value(v) => {
                            let i = self.value(*v)?;
                            let it = self.ty_of(i);
                            match self.l.out.types.get(it) {
                                Type::Scalar(Scalar::Int | Scalar::Uint) => i,
                                Type::Scalar(Scalar::Int64 | Scalar::Uint64) => {
                                    self.cast(i, Scalar::Int)
                                }
                                _ => return Err(self.err("an index that is not an integer scalar")),
                            }
                        }
                        Step::Field(_) => unreachable!(),
                    };
                    (ExprKind::Index { base: e, index }, nt)
                }
                _ => return Err(self.err("a member index into a value that is not a struct")),
            };
            e = self.add(kind, nt);
            t = nt;
        }
        Ok(e)
    }

    /// The pointer `id`.
    pub fn ptr(&self, id: u32) -> SpvResult<Place> {
        match self.values.get(&id) {
            Some(Value::Ptr(p)) => Ok(p.clone()),
            _ => Err(self.err(format!("id {id} is not a pointer"))),
        }
    }

    /// The image or sampler `id` (loaded from a variable).
    pub fn opaque(&self, id: u32) -> SpvResult<Place> {
        match self.values.get(&id) {
            Some(Value::Opaque(p)) => Ok(p.clone()),
            _ => Err(self.err(format!("id {id} is not an image or sampled image"))),
        }
    }

    /// The IR type of type id `t`, for results.
    pub fn rty(&self, t: u32) -> SpvResult<TypeId> {
        self.l.ty(t).map_err(|e| self.err(e.msg))
    }

    /// A call of built-in `fun` with `args`: the overload their types select gives
    /// the result type.
    pub fn builtin(&mut self, fun: Builtin, args: Vec<ExprId>) -> SpvResult<ExprId> {
        let arg_types: Vec<TypeId> = args.iter().map(|&a| self.ty_of(a)).collect();
        let types = &self.l.out.types;
        let ov = crate::ir::builtins::signatures(fun).iter().find(|ov| {
            ov.params.len() == arg_types.len()
                && ov
                    .params
                    .iter()
                    .zip(&arg_types)
                    .all(|((p, _), &a)| p.is(types, a))
        });
        let Some(ov) = ov else {
            let shown: Vec<String> = arg_types.iter().map(|&a| types.name(a)).collect();
            return Err(self.err(format!(
                "no GLSL built-in {fun:?} takes ({})",
                shown.join(", ")
            )));
        };
        let rt = match ov.ret {
            Ty::Void => self.types().void(),
            Ty::Vec(s, n) => self.types().vector(s, n),
            Ty::Mat(s, c, r) => self.types().matrix(s, c, r),
            Ty::Image(o) => self.types().intern(Type::Image(o)),
            Ty::Sampler(o) => self.types().intern(Type::Sampler(o)),
            Ty::AtomicUint => self.types().intern(Type::AtomicUint),
        };
        Ok(self.add(ExprKind::Builtin { fun, args }, rt))
    }

    /// Component `i` of vector value `e` (a scalar `e` is its own component 0).
    pub fn component(&mut self, id: u32, i: u8) -> SpvResult<ExprId> {
        // Callers read components one at a time.
        self.stable(id)?;
        let e = self.value(id)?;
        let t = self.ty_of(e);
        match self.l.out.types.get(t).clone() {
            Type::Vector(s, _) => {
                let st = self.types().scalar(s);
                Ok(self.add(
                    ExprKind::Swizzle {
                        base: e,
                        comps: vec![i],
                    },
                    st,
                ))
            }
            _ => Ok(e),
        }
    }

    /// Components of `rt` (1 for a scalar).
    pub fn width(&self, t: TypeId) -> u8 {
        match self.l.out.types.get(t) {
            Type::Vector(_, n) => *n,
            _ => 1,
        }
    }

    /// A vector of `rt` built component by component with `f` (given the component
    /// index), or `f(0)` for a scalar `rt`.
    pub fn per_component(
        &mut self,
        rt: TypeId,
        mut f: impl FnMut(&mut Self, u8) -> SpvResult<ExprId>,
    ) -> SpvResult<ExprId> {
        let n = self.width(rt);
        if !matches!(self.l.out.types.get(rt), Type::Vector(..)) {
            return f(self, 0);
        }
        let parts = (0..n).map(|i| f(self, i)).collect::<SpvResult<Vec<_>>>()?;
        Ok(self.add(ExprKind::Compose(parts), rt))
    }

    /// Lowers the parameters: pointer parameters become inout parameters of their
    /// pointee type, others in parameters.
    pub fn params(&mut self) -> SpvResult<()> {
        for &(id, ty) in &self.spv.params {
            let (t, dir, ptr) = match self.m.defs.get(&ty) {
                Some(Def::Type(TypeDef::Pointer { pointee, storage })) => {
                    let t = self.rty(*pointee)?;
                    // An image or sampler passed by pointer is passed as the value.
                    if self.l.out.types.is_opaque(t)
                        || *storage == spirv::StorageClass::UniformConstant as u32
                    {
                        (t, ParamDir::In, true)
                    } else {
                        (t, ParamDir::InOut, true)
                    }
                }
                _ => (self.rty(ty)?, ParamDir::In, false),
            };
            self.f.locals.push(Local {
                name: self.local_name(id),
                ty: t,
                param: Some(dir),
                constant: false,
                memory: MemoryQualifiers::default(),
                span: span(self.spv.offset),
            });
            let l = LocalId(self.f.locals.len() as u32 - 1);
            let place = Place {
                root: Root::Local(l),
                steps: Vec::new(),
                ty: t,
            };
            // A pointer parameter is a place in the callee (an image or sampler one
            // is loaded from it like from a variable).
            let v = if ptr {
                Value::Ptr(place)
            } else {
                Value::Local(l)
            };
            self.values.insert(id, v);
        }
        self.f.params = self.spv.params.len();
        Ok(())
    }
}

/// The type of a compute built-in variable.
pub fn builtin_type(types: &mut Types, b: BuiltinVar) -> TypeId {
    match b {
        BuiltinVar::LocalInvocationIndex => types.scalar(Scalar::Uint),
        _ => types.vector(Scalar::Uint, 3),
    }
}

/// Whether instruction `inst` is an OpPhi.
pub fn is_phi(inst: &Inst) -> bool {
    inst.op == spirv::Op::Phi as u32
}
