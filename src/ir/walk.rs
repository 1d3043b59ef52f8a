//! Walks over a function's structured body: every statement in order, and the
//! functions that reach a barrier.

use super::*;

/// Which functions reach barrier(), directly or through calls.
pub fn barrier_functions(m: &Module) -> Vec<bool> {
    let n = m.functions.len();
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut has = vec![false; n];
    let mut work = Vec::new();
    for (i, f) in m.functions.iter().enumerate() {
        for c in f.callees() {
            if let Some(v) = callers.get_mut(c.0 as usize) {
                v.push(i);
            }
        }
        let direct = f.exprs.iter().any(|e| {
            matches!(
                e.kind,
                ExprKind::Builtin {
                    fun: Builtin::Barrier,
                    ..
                }
            )
        });
        if direct {
            has[i] = true;
            work.push(i);
        }
    }
    while let Some(c) = work.pop() {
        for &caller in &callers[c] {
            if !has[caller] {
                has[caller] = true;
                work.push(caller);
            }
        }
    }
    has
}

/// Calls `f` on every statement of `b`, nested ones included, outer before inner
/// (without recursion: nesting depth is the shader's).
pub fn for_each_stmt<'a>(b: &'a [Stmt], mut f: impl FnMut(&'a Stmt)) {
    let mut work: Vec<&'a [Stmt]> = vec![b];
    while let Some(b) = work.pop() {
        for s in b.iter().rev() {
            f(s);
            // Reversed, so the first child block comes off the work list first.
            work.extend(s.kind.blocks().into_iter().rev().map(|b| b.as_slice()));
        }
    }
}

/// [`for_each_stmt`] for rewriting.
pub fn for_each_stmt_mut(b: &mut Block, mut f: impl FnMut(&mut StmtKind)) {
    let mut work: Vec<&mut Block> = vec![b];
    while let Some(b) = work.pop() {
        for s in b.iter_mut() {
            f(&mut s.kind);
            work.extend(s.kind.blocks_mut());
        }
    }
}
