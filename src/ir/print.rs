//! A readable text form of the IR (`glcompute compile --dump-ir`): globals with their
//! storage, blocks with their layout, and each function as indented statements over
//! typed expression trees.

use super::layout::struct_layout;
use super::*;
use std::fmt::Write;

pub fn module(m: &Module) -> String {
    let mut out = String::new();
    if let Some(ls) = m.local_size {
        let _ = writeln!(out, "local_size {ls:?}");
    }
    if m.shared_size > 0 {
        let _ = writeln!(out, "shared memory {} bytes", m.shared_size);
    }
    for (i, b) in m.blocks.iter().enumerate() {
        let Type::Struct(sid) = m.types.get(b.ty) else {
            continue;
        };
        let (l, offs) = struct_layout(&m.types, *sid, b.packing, b.row_major);
        let _ = writeln!(
            out,
            "block {i} {:?} {} {:?} binding={:?} size={}",
            b.kind, b.name, b.packing, b.binding, l.size
        );
        for (mem, off) in m.types.struct_def(*sid).members.iter().zip(offs) {
            let _ = writeln!(out, "    {off:6} {} {}", m.types.name(mem.ty), mem.name);
        }
    }
    for (i, g) in m.globals.iter().enumerate() {
        let _ = write!(
            out,
            "global {i} {:?} {} {}",
            g.storage,
            m.types.name(g.ty),
            g.name
        );
        if let Some(b) = g.binding {
            let _ = write!(out, " binding={b}");
        }
        if let Some(o) = g.offset {
            let _ = write!(out, " offset={o}");
        }
        if let Some(f) = g.format {
            let _ = write!(out, " format={}", f.name());
        }
        if let Some(init) = &g.init {
            let _ = write!(out, " = {}", constant(m, init));
        }
        if g.used {
            let _ = write!(out, " (used)");
        }
        out.push('\n');
    }
    for f in &m.functions {
        function(m, f, &mut out);
    }
    out
}

fn constant(m: &Module, c: &ConstValue) -> String {
    match c {
        ConstValue::Scalar(l) => literal(*l),
        ConstValue::Composite(ty, parts) => format!(
            "{}({})",
            m.types.name(*ty),
            parts
                .iter()
                .map(|p| constant(m, p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn literal(l: Literal) -> String {
    match l {
        Literal::Bool(b) => b.to_string(),
        Literal::Int(i) => i.to_string(),
        Literal::Uint(u) => format!("{u}u"),
        Literal::Float(x) => format!("{x:?}"),
        Literal::Double(x) => format!("{x:?}lf"),
        Literal::Int64(i) => format!("{i}l"),
        Literal::Uint64(u) => format!("{u}ul"),
    }
}

fn function(m: &Module, f: &Function, out: &mut String) {
    let params: Vec<String> = f.locals[..f.params]
        .iter()
        .map(|l| {
            format!(
                "{:?} {} {}",
                l.param.unwrap_or(ParamDir::In),
                m.types.name(l.ty),
                l.name
            )
        })
        .collect();
    let _ = write!(
        out,
        "\nfn {}({}) -> {}",
        f.name,
        params.join(", "),
        m.types.name(f.ret)
    );
    if !f.defined {
        out.push_str(" (declared)\n");
        return;
    }
    out.push_str(" {\n");
    block(m, f, &f.body, 1, out);
    out.push_str("}\n");
}

fn indent(level: usize, out: &mut String) {
    for _ in 0..level {
        out.push_str("    ");
    }
}

fn block(m: &Module, f: &Function, b: &Block, level: usize, out: &mut String) {
    for s in b {
        stmt(m, f, s, level, out);
    }
}

fn stmt(m: &Module, f: &Function, s: &Stmt, level: usize, out: &mut String) {
    indent(level, out);
    match &s.kind {
        StmtKind::Expr(e) => {
            let _ = writeln!(out, "{};", expr(m, f, *e));
        }
        StmtKind::Call { func, args, result } => {
            if let Some(r) = result {
                let _ = write!(out, "{} = ", f.locals[r.0 as usize].name);
            }
            let args: Vec<String> = args.iter().map(|a| expr(m, f, *a)).collect();
            let _ = writeln!(out, "call {}({});", m.function(*func).name, args.join(", "));
        }
        StmtKind::Declare { local, init } => {
            let l = &f.locals[local.0 as usize];
            let _ = write!(out, "let {} {}", m.types.name(l.ty), l.name);
            if let Some(i) = init {
                let _ = write!(out, " = {}", expr(m, f, *i));
            }
            out.push_str(";\n");
        }
        StmtKind::Block(b) => {
            out.push_str("{\n");
            block(m, f, b, level + 1, out);
            indent(level, out);
            out.push_str("}\n");
        }
        StmtKind::If {
            cond,
            accept,
            reject,
        } => {
            let _ = writeln!(out, "if {} {{", expr(m, f, *cond));
            block(m, f, accept, level + 1, out);
            if !reject.is_empty() {
                indent(level, out);
                out.push_str("} else {\n");
                block(m, f, reject, level + 1, out);
            }
            indent(level, out);
            out.push_str("}\n");
        }
        StmtKind::Loop {
            cond,
            test_after,
            body,
            step,
        } => {
            let c = cond.map(|c| expr(m, f, c)).unwrap_or_else(|| "true".into());
            if *test_after {
                out.push_str("do {\n");
            } else {
                let _ = writeln!(out, "while {c} {{");
            }
            block(m, f, body, level + 1, out);
            if !step.is_empty() {
                indent(level, out);
                out.push_str("} continuing {\n");
                block(m, f, step, level + 1, out);
            }
            indent(level, out);
            if *test_after {
                let _ = writeln!(out, "}} while {c}");
            } else {
                out.push_str("}\n");
            }
        }
        StmtKind::Switch { selector, cases } => {
            let _ = writeln!(out, "switch {} {{", expr(m, f, *selector));
            for c in cases {
                indent(level + 1, out);
                if c.default {
                    out.push_str("default");
                }
                for v in &c.values {
                    let _ = write!(out, " case {v}");
                }
                out.push_str(":\n");
                block(m, f, &c.body, level + 2, out);
            }
            indent(level, out);
            out.push_str("}\n");
        }
        StmtKind::Break => out.push_str("break;\n"),
        StmtKind::Discard => out.push_str("discard;\n"),
        StmtKind::Continue => out.push_str("continue;\n"),
        StmtKind::Return(e) => {
            let _ = match e {
                Some(e) => writeln!(out, "return {};", expr(m, f, *e)),
                None => writeln!(out, "return;"),
            };
        }
    }
}

/// One expression as a typed tree: `(type op children)`.
pub fn expr(m: &Module, f: &Function, id: ExprId) -> String {
    let e = f.expr(id);
    let t = m.types.name(e.ty);
    let sub = |x: &ExprId| expr(m, f, *x);
    let list = |xs: &[ExprId]| xs.iter().map(sub).collect::<Vec<_>>().join(" ");
    match &e.kind {
        ExprKind::Literal(l) => literal(*l),
        ExprKind::Constant(c) => constant(m, c),
        ExprKind::Global(g) => format!("@{}", m.global(*g).name),
        ExprKind::Local(l) => format!("%{}", f.locals[l.0 as usize].name),
        ExprKind::BuiltinVar(b) => b.name().to_string(),
        ExprKind::Index { base, index } => format!("({t} index {} {})", sub(base), sub(index)),
        ExprKind::Field { base, field } => format!("({t} field {} .{field})", sub(base)),
        ExprKind::Swizzle { base, comps } => {
            let names: String = comps.iter().map(|&c| b"xyzw"[c as usize] as char).collect();
            format!("({t} swizzle {} .{names})", sub(base))
        }
        ExprKind::Unary { op, arg } => format!("({t} {op:?} {})", sub(arg)),
        ExprKind::Binary { op, lhs, rhs } => {
            format!("({t} {} {} {})", op.symbol(), sub(lhs), sub(rhs))
        }
        ExprKind::Select {
            cond,
            accept,
            reject,
        } => format!("({t} ?: {} {} {})", sub(cond), sub(accept), sub(reject)),
        ExprKind::Convert { arg, .. } => format!("({t} convert {})", sub(arg)),
        ExprKind::Splat(a) => format!("({t} splat {})", sub(a)),
        ExprKind::Compose(parts) => format!("({t} compose {})", list(parts)),
        ExprKind::MatrixDiagonal(a) => format!("({t} diagonal {})", sub(a)),
        ExprKind::MatrixResize(a) => format!("({t} resize {})", sub(a)),
        ExprKind::Call { func, args } => {
            format!("({t} call {} {})", m.function(*func).name, list(args))
        }
        ExprKind::Builtin { fun, args } => format!("({t} {fun:?} {})", list(args)),
        ExprKind::Assign { place, op, value } => {
            let o = op.map(|o| o.symbol()).unwrap_or("");
            format!("({t} {o}= {} {})", sub(place), sub(value))
        }
        ExprKind::IncDec {
            place,
            increment,
            postfix,
        } => {
            let o = if *increment { "++" } else { "--" };
            if *postfix {
                format!("({t} {} {o})", sub(place))
            } else {
                format!("({t} {o} {})", sub(place))
            }
        }
        ExprKind::Sequence { first, second } => format!("({t} , {} {})", sub(first), sub(second)),
        ExprKind::ArrayLength(a) => format!("({t} length {})", sub(a)),
    }
}
