//! Linking (GL 4.6 §7.3, ARB_compute_shader): the shaders of a program become one
//! module. Types, globals and functions of every shader are imported into it; globals
//! and blocks of the same name are one variable (and must agree); a function declared
//! in one shader binds to its definition in another; exactly one `main`; the local
//! size is declared, consistently; recursion and the shared-memory limit are checked
//! across shaders; then the interface is reflected. By concern: [`import`] copies one
//! shader's module into the program's, [`compute`] links compute shaders, [`graphics`]
//! the graphics stages (functions and per-stage variables kept apart by stage, and
//! their interfaces matched), [`interface`] their input and output resources, [`xfb`] their transform feedback
//! varyings, and [`subroutines`] numbers each stage's subroutines.

pub mod compute;
pub mod graphics;
pub mod import;
pub mod interface;
pub mod subroutines;
pub mod xfb;

use crate::glsl::link::compute::ComputeInfo;
use crate::glsl::link::import::LinkOptions;
use crate::glsl::link::subroutines::{StageSubroutines, stage_subroutines};
use crate::ir::reflect::{self, Reflection};
use crate::ir::shader::{CompiledShader, Log, Stage};
use crate::ir::{uniformity, validate, *};
use std::collections::HashSet;
use std::sync::Arc;

/// The link-log warning for a barrier under control flow that varies within a group.
pub const DIVERGENT_BARRIER: &str = "barrier() is reached under control flow that can differ between the invocations of a work group (a condition, loop, break, continue or return that depends on the invocation); GLSL 4.60 §8.16 leaves the result undefined";

/// A successfully linked program (the executable).
#[derive(Debug)]
pub struct LinkedProgram {
    pub stages: Vec<Stage>,
    pub compute: Option<ComputeInfo>,
    /// The graphics stages' interface and layouts (None for a compute program).
    pub graphics: Option<crate::glsl::link::graphics::GraphicsInfo>,
    /// The globals each stage's live code uses (REFERENCED_BY_*_SHADER).
    pub referenced: Vec<(Stage, HashSet<GlobalId>)>,
    pub module: Module,
    pub reflection: Reflection,
    /// Each stage's subroutines, as the GL API numbers them (GL 4.6 §7.9).
    pub subroutines: Vec<StageSubroutines>,
}

pub fn link(
    shaders: &[(u32, Stage, Option<Arc<CompiledShader>>)],
    opts: &LinkOptions,
) -> Result<(LinkedProgram, String), String> {
    let core = opts.core;
    let mut log = Log::default();
    if shaders.is_empty() && core {
        log.link_error("no shaders are attached to the program");
    }
    let has_compute = shaders.iter().any(|s| s.1 == Stage::Compute);
    if has_compute && shaders.iter().any(|s| s.1 != Stage::Compute) {
        // ARB_compute_shader §2.11.3: compute mixed with another stage fails to link.
        log.link_error("a program cannot contain compute shaders and shaders of other stages");
    }
    for (name, stage, compiled) in shaders {
        if compiled.is_none() {
            log.link_error(format!(
                "{} shader {name} is not compiled successfully",
                stage.name()
            ));
        }
    }
    if log.has_errors() {
        return Err(log.text);
    }
    let units: Vec<&CompiledShader> = shaders.iter().filter_map(|s| s.2.as_deref()).collect();
    // GL 4.6 §7.3 (and OpenGL ES 3.2 §7.3): linking fails when GLSL ES shaders are
    // linked with desktop GLSL ones, or with GLSL ES shaders of another version.
    if let Some(first) = units.iter().find_map(|u| u.module.es_version)
        && units.iter().any(|u| u.module.es_version != Some(first))
    {
        log.link_error(format!(
            "a GLSL ES {}.{:02} shader cannot be linked with shaders of another GLSL or GLSL ES version",
            first / 100,
            first % 100
        ));
        return Err(log.text);
    }
    let mut module = Module {
        version: units.iter().map(|u| u.module.version).max().unwrap_or(0),
        ..Module::default()
    };
    let mut compute = None;
    let mut graphics = None;
    let mut referenced = Vec::new();
    let mut live_fns: Vec<FunctionId> = Vec::new();
    if !has_compute && !units.is_empty() {
        let units: Vec<(Stage, &CompiledShader)> = shaders
            .iter()
            .filter_map(|s| s.2.as_deref().map(|c| (s.1, c)))
            .collect();
        graphics = crate::glsl::link::graphics::link_graphics(
            &mut module,
            &units,
            opts,
            &mut log,
            &mut live_fns,
            &mut referenced,
        );
    }
    if has_compute {
        compute = compute::link_compute(
            &mut module,
            &units,
            &mut log,
            &mut live_fns,
            &mut referenced,
        );
    }
    if log.has_errors() {
        return Err(log.text);
    }
    // The back end relies on a well-formed module: a malformed one is a compiler bug,
    // reported in the log instead of compiled.
    if let Err(errors) = validate::validate(&module) {
        for e in errors {
            log.link_error(format!("internal compiler error: {e}"));
        }
        return Err(log.text);
    }
    // GLSL 4.60 §8.16: a barrier must be reached by every invocation of a work group;
    // one under control flow that can differ between them is undefined. Said, not
    // refused (the spec leaves it to run).
    if let Some(main) = module.entry().filter(|_| has_compute) {
        let a = uniformity::analyze(&module, main, &barrier_functions(&module));
        for (_, span) in &a.divergent_barriers {
            log.warning(*span, DIVERGENT_BARRIER);
        }
    }
    let mut errors = reflect::Errors::default();
    let reflection = reflect::reflect(&module, &live_fns, &mut errors);
    for e in errors.0 {
        log.link_error(e);
    }
    if log.has_errors() {
        return Err(log.text);
    }
    let stages: Vec<Stage> = if has_compute {
        vec![Stage::Compute]
    } else {
        referenced.iter().map(|r| r.0).collect()
    };
    // Owners are link order: 0 for compute, the graphics stages in their order.
    let owners: Vec<Stage> = match &graphics {
        Some(g) => g.layouts.iter().map(|l| l.0).collect(),
        None => stages.clone(),
    };
    let subroutines: Vec<StageSubroutines> = owners
        .iter()
        .enumerate()
        .map(|(i, &s)| stage_subroutines(&module, i, s, &mut log))
        .collect();
    if log.has_errors() {
        return Err(log.text);
    }
    Ok((
        LinkedProgram {
            stages,
            compute,
            graphics,
            referenced,
            module,
            reflection,
            subroutines,
        },
        log.text,
    ))
}
