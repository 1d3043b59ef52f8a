//! Linking compute shaders (GL 4.6 §7.3, ARB_compute_shader): the local size, one
//! `main`, the functions it reaches, and the shared-memory limit across shaders.

use crate::glsl::link::import::{import_module, reachable};
use crate::ir::shader::{CompiledShader, Log, Stage};
use crate::ir::{validate, *};
use crate::limits;
use std::collections::{HashMap, HashSet};

/// The compute stage of a linked program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputeInfo {
    /// None for a variable work-group size.
    pub local_size: Option<[u32; 3]>,
}

/// Links the compute shaders of a program into `module`: one local size, declared
/// consistently; every shader's types, globals and functions imported; exactly one
/// `main`; every function it reaches defined; no recursion across shaders; the active
/// globals (those live code references) marked; and the shared memory of all shaders
/// within GL_MAX_COMPUTE_SHARED_MEMORY_SIZE (ARB_compute_shader §5.5.1). Problems go to
/// `log`; the compute stage's information is None without a valid local size.
pub fn link_compute(
    module: &mut Module,
    units: &[&CompiledShader],
    log: &mut Log,
    live_fns: &mut Vec<FunctionId>,
    referenced: &mut Vec<(Stage, HashSet<GlobalId>)>,
) -> Option<ComputeInfo> {
    let mut compute = None;

    // The local size: declared at least once, identical everywhere.
    let mut size: Option<LocalSize> = None;
    for u in units {
        match (size, u.module.local_size) {
            (_, None) => {}
            (None, Some(n)) => size = Some(n),
            (Some(a), Some(b)) if a != b => {
                if matches!(a, LocalSize::Variable) != matches!(b, LocalSize::Variable) {
                    log.link_error("compute shaders mix fixed and variable local sizes");
                } else {
                    log.link_error("compute shaders declare different local sizes");
                }
            }
            _ => {}
        }
    }
    match size {
        None => log.link_error("compute shader must contain a fixed or variable local group size (layout(local_size_x = ...) in;)"),
        Some(s) => {
            compute = Some(ComputeInfo {
                local_size: match s {
                    LocalSize::Fixed(v) => Some(v),
                    LocalSize::Variable => None,
                },
            })
        }
    }
    module.local_size = size;
    // GL_NV_compute_shader_derivatives §4.4.1.4: one derivative group, and a fixed local
    // size that divides into its quads.
    let mut group = None;
    for u in units {
        match (group, u.module.derivative_group) {
            (_, None) => {}
            (None, Some(g)) => group = Some(g),
            (Some(a), Some(b)) if a != b => log.link_error(
                "compute shaders declare both derivative_group_quadsNV and derivative_group_linearNV",
            ),
            _ => {}
        }
    }
    if let (Some(g), Some(LocalSize::Fixed(s))) = (group, size)
        && let Some(problem) = crate::glsl::sema::derivative_group_problem(g, s)
    {
        log.link_error(problem);
    }
    module.derivative_group = group;
    let mut fn_index = HashMap::new();
    let mut owners = Vec::new();
    for u in units {
        import_module(module, &u.module, log, &mut fn_index, 0, &mut owners);
    }
    let mains: Vec<usize> = module
        .functions
        .iter()
        .enumerate()
        .filter(|(_, f)| f.name == "main" && f.defined)
        .map(|(i, _)| i)
        .collect();
    match mains.len() {
        0 => log.link_error("no definition of main() in the compute shaders"),
        1 => {}
        _ => log.link_error("main() is defined in more than one compute shader"),
    }
    if let Some(&main) = mains.first() {
        let live = reachable(module, FunctionId(main as u32));
        *live_fns = live.iter().map(|&f| FunctionId(f)).collect();
        for &f in &live {
            let func = &module.functions[f as usize];
            if !func.defined {
                log.link_error(format!(
                    "function `{}' is called but never defined",
                    func.name
                ));
            }
        }
        // Recursion across shaders (GLSL 4.60 §6.1.2).
        if validate::cycle(module, live_fns).is_some() {
            log.link_error("recursion is not allowed");
        } else if let Err(e) = validate::limits(module, FunctionId(main as u32)) {
            log.link_error(e);
        }
        for &f in live_fns.iter() {
            let func = &module.functions[f.0 as usize];
            if validate::falls_off_end(module, func) {
                log.warning(
                    func.span,
                    format!(
                        "function `{}' can reach its end without returning a value; it returns zero there",
                        func.name
                    ),
                );
            }
        }
        // Active variables: referenced by live code.
        for g in module.globals.iter_mut() {
            g.used = false;
        }
        for &f in &live {
            for e in module.functions[f as usize].exprs.clone() {
                if let ExprKind::Global(g) = e.kind {
                    module.globals[g.0 as usize].used = true;
                }
            }
        }
        let used = (0..module.globals.len())
            .filter(|&i| module.globals[i].used)
            .map(|i| GlobalId(i as u32))
            .collect();
        referenced.push((Stage::Compute, used));
    }
    // ARB_compute_shader §5.5.1: shared memory of all shaders within the limit.
    let shared: u64 = module
        .globals
        .iter()
        .filter(|g| g.storage == Storage::Shared)
        .map(|g| layout::layout(&module.types, g.ty, Packing::Std430, false).size)
        .fold(0u64, u64::saturating_add);
    module.shared_size = shared;
    if shared > limits::MAX_COMPUTE_SHARED_MEMORY_SIZE as u64 {
        log.link_error(format!(
            "shared variables take {shared} bytes, more than GL_MAX_COMPUTE_SHARED_MEMORY_SIZE = {}",
            limits::MAX_COMPUTE_SHARED_MEMORY_SIZE
        ));
    }
    compute
}
