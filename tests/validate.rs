//! The IR validator on hand-built modules: each malformed one is rejected with the
//! message naming what is wrong; a well-formed one passes. Also the link-time limits
//! (nesting and size once calls are inlined) and the falls-off-the-end check.

use glcompute_driver::ir::validate::{falls_off_end, limits, validate};
use glcompute_driver::ir::*;

/// A module with `void main()` and `uint f(uint)`, whose bodies the tests fill.
struct B {
    m: Module,
}

impl B {
    fn new() -> B {
        let mut m = Module::default();
        let void = m.types.void();
        let uint = m.types.scalar(Scalar::Uint);
        let main = Function {
            name: "main".into(),
            ret: void,
            params: 0,
            locals: Vec::new(),
            exprs: Vec::new(),
            body: Vec::new(),
            defined: true,
            span: Span::default(),
        };
        let f = Function {
            name: "f".into(),
            ret: uint,
            params: 1,
            locals: vec![local("x", uint, Some(ParamDir::In))],
            exprs: Vec::new(),
            body: Vec::new(),
            defined: true,
            span: Span::default(),
        };
        m.functions = vec![main, f];
        let mut b = B { m };
        // f returns its parameter.
        let x = b.e(1, ExprKind::Local(LocalId(0)), uint);
        b.m.functions[1].body = vec![st(StmtKind::Return(Some(x)))];
        b
    }

    fn ty(&mut self, s: Scalar) -> TypeId {
        self.m.types.scalar(s)
    }

    /// Adds an expression to function `f`.
    fn e(&mut self, f: usize, kind: ExprKind, ty: TypeId) -> ExprId {
        let func = &mut self.m.functions[f];
        func.exprs.push(Expr {
            kind,
            ty,
            span: Span::default(),
        });
        ExprId(func.exprs.len() as u32 - 1)
    }

    fn lit(&mut self, f: usize, v: u32) -> ExprId {
        let t = self.ty(Scalar::Uint);
        self.e(f, ExprKind::Literal(Literal::Uint(v)), t)
    }

    fn local(&mut self, f: usize, name: &str, s: Scalar) -> LocalId {
        let t = self.ty(s);
        let func = &mut self.m.functions[f];
        func.locals.push(local(name, t, None));
        LocalId(func.locals.len() as u32 - 1)
    }

    fn main(&mut self, body: Vec<Stmt>) -> Result<(), Vec<String>> {
        self.m.functions[0].body = body;
        validate(&self.m)
    }
}

fn local(name: &str, ty: TypeId, param: Option<ParamDir>) -> Local {
    Local {
        name: name.into(),
        ty,
        param,
        constant: false,
        memory: MemoryQualifiers::default(),
        span: Span::default(),
    }
}

fn st(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: Span::default(),
    }
}

/// The validator rejects the module with a message containing `what`.
fn rejects(r: Result<(), Vec<String>>, what: &str) {
    match r {
        Ok(()) => panic!("accepted; expected `{what}'"),
        Err(errs) => assert!(
            errs.iter().any(|e| e.contains(what)),
            "no error contains `{what}': {errs:?}"
        ),
    }
}

#[test]
fn well_formed_module_passes() {
    let mut b = B::new();
    let t = b.local(0, "t", Scalar::Uint);
    let one = b.lit(0, 1);
    let body = vec![
        st(StmtKind::Declare {
            local: t,
            init: None,
        }),
        st(StmtKind::Call {
            func: FunctionId(1),
            args: vec![one],
            result: Some(t),
        }),
    ];
    assert_eq!(b.main(body), Ok(()));
}

#[test]
fn handles_out_of_range() {
    let mut b = B::new();
    rejects(
        b.main(vec![st(StmtKind::Expr(ExprId(7)))]),
        "expression 7 out of range",
    );
    let mut b = B::new();
    let u = b.ty(Scalar::Uint);
    let bad = b.e(0, ExprKind::Local(LocalId(3)), u);
    rejects(
        b.main(vec![st(StmtKind::Expr(bad))]),
        "local 3 out of range",
    );
    let mut b = B::new();
    let bad = b.e(0, ExprKind::Global(GlobalId(0)), u);
    rejects(
        b.main(vec![st(StmtKind::Expr(bad))]),
        "global 0 out of range",
    );
    let mut b = B::new();
    rejects(
        b.main(vec![st(StmtKind::Call {
            func: FunctionId(9),
            args: vec![],
            result: None,
        })]),
        "call of function 9 out of range",
    );
    let mut b = B::new();
    let bad = b.e(0, ExprKind::Literal(Literal::Uint(0)), TypeId(999));
    rejects(
        b.main(vec![st(StmtKind::Expr(bad))]),
        "type 999 out of range",
    );
}

#[test]
fn calls_and_barriers_only_as_statements() {
    let mut b = B::new();
    let u = b.ty(Scalar::Uint);
    let one = b.lit(0, 1);
    let call = b.e(
        0,
        ExprKind::Call {
            func: FunctionId(1),
            args: vec![one],
        },
        u,
    );
    rejects(
        b.main(vec![st(StmtKind::Expr(call))]),
        "inside an expression (calls are statements)",
    );

    let mut b = B::new();
    let void = b.m.types.void();
    let bar = b.e(
        0,
        ExprKind::Builtin {
            fun: Builtin::Barrier,
            args: vec![],
        },
        void,
    );
    let one = b.lit(0, 1);
    let seq = b.e(
        0,
        ExprKind::Sequence {
            first: bar,
            second: one,
        },
        void,
    );
    rejects(
        b.main(vec![st(StmtKind::Expr(seq))]),
        "barrier() inside an expression",
    );

    // The same barrier as a statement of its own is fine.
    let mut b = B::new();
    let bar = b.e(
        0,
        ExprKind::Builtin {
            fun: Builtin::Barrier,
            args: vec![],
        },
        void,
    );
    assert_eq!(b.main(vec![st(StmtKind::Expr(bar))]), Ok(()));
}

#[test]
fn expressions_form_a_tree() {
    let mut b = B::new();
    let one = b.lit(0, 1);
    let u = b.ty(Scalar::Uint);
    let add = b.e(
        0,
        ExprKind::Binary {
            op: BinaryOp::Add,
            lhs: one,
            rhs: one,
        },
        u,
    );
    rejects(b.main(vec![st(StmtKind::Expr(add))]), "is used twice");
}

#[test]
fn types_of_conditions_initializers_and_results() {
    let mut b = B::new();
    let one = b.lit(0, 1);
    rejects(
        b.main(vec![st(StmtKind::If {
            cond: one,
            accept: vec![],
            reject: vec![],
        })]),
        "if condition is uint, not bool",
    );

    let mut b = B::new();
    let f = b.local(0, "f", Scalar::Float);
    let one = b.lit(0, 1);
    rejects(
        b.main(vec![st(StmtKind::Declare {
            local: f,
            init: Some(one),
        })]),
        "a float local initialized with a uint",
    );

    let mut b = B::new();
    let f = b.local(0, "f", Scalar::Float);
    let one = b.lit(0, 1);
    rejects(
        b.main(vec![
            st(StmtKind::Declare {
                local: f,
                init: None,
            }),
            st(StmtKind::Call {
                func: FunctionId(1),
                args: vec![one],
                result: Some(f),
            }),
        ]),
        "the result of `f' (uint) is stored in a local of type float",
    );

    let mut b = B::new();
    rejects(
        b.main(vec![st(StmtKind::Call {
            func: FunctionId(1),
            args: vec![],
            result: None,
        })]),
        "call of `f' with 0 arguments, it has 1 parameters",
    );

    let mut b = B::new();
    let i = b.ty(Scalar::Int);
    let neg = b.e(0, ExprKind::Literal(Literal::Int(-1)), i);
    rejects(
        b.main(vec![st(StmtKind::Call {
            func: FunctionId(1),
            args: vec![neg],
            result: None,
        })]),
        "argument 1 of `f' is int, the parameter uint",
    );

    // A literal typed unlike its value, a local read as another type.
    let mut b = B::new();
    let fl = b.ty(Scalar::Float);
    let bad = b.e(0, ExprKind::Literal(Literal::Uint(1)), fl);
    rejects(
        b.main(vec![st(StmtKind::Expr(bad))]),
        "a uint literal typed float",
    );

    let mut b = B::new();
    let fl = b.ty(Scalar::Float);
    let x = b.e(1, ExprKind::Literal(Literal::Float(1.0)), fl);
    b.m.functions[1].body = vec![st(StmtKind::Return(Some(x)))];
    rejects(
        b.main(vec![]),
        "returns a float from a function returning uint",
    );
}

#[test]
fn jumps_inside_what_they_leave() {
    let mut b = B::new();
    rejects(
        b.main(vec![st(StmtKind::Break)]),
        "break outside a loop or switch",
    );
    let mut b = B::new();
    let i = b.ty(Scalar::Int);
    let sel = b.e(0, ExprKind::Literal(Literal::Int(0)), i);
    rejects(
        b.main(vec![st(StmtKind::Switch {
            selector: sel,
            cases: vec![SwitchCase {
                values: vec![0],
                default: false,
                body: vec![st(StmtKind::Continue)],
            }],
        })]),
        "continue outside a loop",
    );
    // Both inside a loop: fine.
    let mut b = B::new();
    assert_eq!(
        b.main(vec![st(StmtKind::Loop {
            cond: None,
            test_after: false,
            body: vec![st(StmtKind::Continue), st(StmtKind::Break)],
            step: vec![],
        })]),
        Ok(())
    );
}

#[test]
fn recursion_rejected() {
    let mut b = B::new();
    // f calls itself.
    let u = b.ty(Scalar::Uint);
    let x = b.e(1, ExprKind::Local(LocalId(0)), u);
    let t = b.local(1, "t", Scalar::Uint);
    b.m.functions[1].body.insert(
        0,
        st(StmtKind::Call {
            func: FunctionId(1),
            args: vec![x],
            result: Some(t),
        }),
    );
    let one = b.lit(0, 1);
    rejects(
        b.main(vec![st(StmtKind::Call {
            func: FunctionId(1),
            args: vec![one],
            result: None,
        })]),
        "function `f' is recursive",
    );
}

#[test]
fn limits_once_calls_are_inlined() {
    // A chain of functions, each calling the next from inside `depth` nested blocks.
    fn chain(n: usize, depth: usize, calls_per_fn: usize) -> Module {
        let mut m = Module::default();
        let void = m.types.void();
        for i in 0..n {
            let mut body: Vec<Stmt> = (0..calls_per_fn)
                .filter(|_| i + 1 < n)
                .map(|_| {
                    st(StmtKind::Call {
                        func: FunctionId(i as u32 + 1),
                        args: vec![],
                        result: None,
                    })
                })
                .collect();
            for _ in 0..depth {
                body = vec![st(StmtKind::Block(body))];
            }
            m.functions.push(Function {
                name: if i == 0 {
                    "main".into()
                } else {
                    format!("f{i}")
                },
                ret: void,
                params: 0,
                locals: vec![],
                exprs: vec![],
                body,
                defined: true,
                span: Span::default(),
            });
        }
        m
    }
    assert_eq!(limits(&chain(10, 10, 1), FunctionId(0)), Ok(()));
    let deep = limits(&chain(200, 60, 1), FunctionId(0)).unwrap_err();
    assert!(
        deep.contains("nested") && deep.contains("levels deep once calls are inlined"),
        "{deep}"
    );
    // Two calls per function: 2^30 inlined copies of a small body.
    let big = limits(&chain(30, 1, 2), FunctionId(0)).unwrap_err();
    assert!(
        big.contains("statements and expressions once its function calls are inlined"),
        "{big}"
    );
}

#[test]
fn falling_off_the_end() {
    let mut b = B::new();
    assert!(!falls_off_end(&b.m, &b.m.functions[1]));
    // if (c) return x; -- no else: can fall off.
    let c = {
        let t = b.ty(Scalar::Bool);
        b.e(1, ExprKind::Literal(Literal::Bool(true)), t)
    };
    let ret = b.m.functions[1].body.pop().unwrap();
    b.m.functions[1].body = vec![st(StmtKind::If {
        cond: c,
        accept: vec![ret.clone()],
        reject: vec![],
    })];
    assert!(falls_off_end(&b.m, &b.m.functions[1]));
    // An infinite loop that returns: cannot.
    b.m.functions[1].body = vec![st(StmtKind::Loop {
        cond: None,
        test_after: false,
        body: vec![ret],
        step: vec![],
    })];
    assert!(!falls_off_end(&b.m, &b.m.functions[1]));
    // main is void: never.
    assert!(!falls_off_end(&b.m, &b.m.functions[0]));
}

/// Operators, swizzles, conversions, constructors and built-in variables: each typed
/// against its operands.
#[test]
fn types_of_operators_and_constructors() {
    // uint + float typed float.
    let mut b = B::new();
    let one = b.lit(0, 1);
    let f = b.ty(Scalar::Float);
    let x = b.e(0, ExprKind::Literal(Literal::Float(2.0)), f);
    let add = b.e(
        0,
        ExprKind::Binary {
            op: BinaryOp::Add,
            lhs: one,
            rhs: x,
        },
        f,
    );
    rejects(
        b.main(vec![st(StmtKind::Expr(add))]),
        "`+' on a uint and a float",
    );
    // A comparison typed uint.
    let mut b = B::new();
    let (p, q) = (b.lit(0, 1), b.lit(0, 2));
    let u = b.ty(Scalar::Uint);
    let lt = b.e(
        0,
        ExprKind::Binary {
            op: BinaryOp::Less,
            lhs: p,
            rhs: q,
        },
        u,
    );
    rejects(b.main(vec![st(StmtKind::Expr(lt))]), "orders uint and uint");
    // A shift of a float.
    let mut b = B::new();
    let f = b.ty(Scalar::Float);
    let x = b.e(0, ExprKind::Literal(Literal::Float(2.0)), f);
    let n = b.lit(0, 1);
    let sh = b.e(
        0,
        ExprKind::Binary {
            op: BinaryOp::Shl,
            lhs: x,
            rhs: n,
        },
        f,
    );
    rejects(
        b.main(vec![st(StmtKind::Expr(sh))]),
        "shifts a float by a uint",
    );
    // Swizzle .z of a uvec2.
    let mut b = B::new();
    let uvec2 = b.m.types.vector(Scalar::Uint, 2);
    let one = b.lit(0, 1);
    let v = b.e(0, ExprKind::Splat(one), uvec2);
    let u = b.ty(Scalar::Uint);
    let z = b.e(
        0,
        ExprKind::Swizzle {
            base: v,
            comps: vec![2],
        },
        u,
    );
    rejects(b.main(vec![st(StmtKind::Expr(z))]), "swizzle of a uvec2");
    // A conversion to int typed float.
    let mut b = B::new();
    let one = b.lit(0, 1);
    let f = b.ty(Scalar::Float);
    let c = b.e(
        0,
        ExprKind::Convert {
            arg: one,
            to: Scalar::Int,
        },
        f,
    );
    rejects(
        b.main(vec![st(StmtKind::Expr(c))]),
        "conversion of a uint to int",
    );
    // uvec3 from two uints.
    let mut b = B::new();
    let (p, q) = (b.lit(0, 1), b.lit(0, 2));
    let uvec3 = b.m.types.vector(Scalar::Uint, 3);
    let c = b.e(0, ExprKind::Compose(vec![p, q]), uvec3);
    rejects(b.main(vec![st(StmtKind::Expr(c))]), "2 components for 3");
    // gl_LocalInvocationIndex typed uvec3.
    let mut b = B::new();
    let uvec3 = b.m.types.vector(Scalar::Uint, 3);
    let v = b.e(
        0,
        ExprKind::BuiltinVar(BuiltinVar::LocalInvocationIndex),
        uvec3,
    );
    rejects(
        b.main(vec![st(StmtKind::Expr(v))]),
        "gl_LocalInvocationIndex typed uvec3",
    );
    // And the same shapes, typed right, pass.
    let mut b = B::new();
    let (p, q, r) = (b.lit(0, 1), b.lit(0, 2), b.lit(0, 3));
    let uvec3 = b.m.types.vector(Scalar::Uint, 3);
    let c = b.e(0, ExprKind::Compose(vec![p, q, r]), uvec3);
    let u = b.ty(Scalar::Uint);
    let z = b.e(
        0,
        ExprKind::Swizzle {
            base: c,
            comps: vec![2],
        },
        u,
    );
    assert_eq!(b.main(vec![st(StmtKind::Expr(z))]), Ok(()));
}

/// Built-in calls match one of their function's overloads exactly.
#[test]
fn builtin_calls_match_an_overload() {
    let mut b = B::new();
    let one = b.lit(0, 1);
    let u = b.ty(Scalar::Uint);
    let abs = b.e(
        0,
        ExprKind::Builtin {
            fun: Builtin::Abs,
            args: vec![one],
        },
        u,
    );
    rejects(
        b.main(vec![st(StmtKind::Expr(abs))]),
        "no overload of Abs(uint) gives uint",
    );
    // sqrt(float) typed double.
    let mut b = B::new();
    let f = b.ty(Scalar::Float);
    let d = b.ty(Scalar::Double);
    let x = b.e(0, ExprKind::Literal(Literal::Float(2.0)), f);
    let sq = b.e(
        0,
        ExprKind::Builtin {
            fun: Builtin::Sqrt,
            args: vec![x],
        },
        d,
    );
    rejects(
        b.main(vec![st(StmtKind::Expr(sq))]),
        "no overload of Sqrt(float) gives double",
    );
    // sqrt(float) typed float passes.
    let mut b = B::new();
    let f = b.ty(Scalar::Float);
    let x = b.e(0, ExprKind::Literal(Literal::Float(2.0)), f);
    let sq = b.e(
        0,
        ExprKind::Builtin {
            fun: Builtin::Sqrt,
            args: vec![x],
        },
        f,
    );
    assert_eq!(b.main(vec![st(StmtKind::Expr(sq))]), Ok(()));
}
