//! The program interface queries of GL 4.3 (GL 4.6 §7.3.1): GetProgramInterfaceiv,
//! GetProgramResourceIndex, GetProgramResourceName, GetProgramResourceiv and
//! GetProgramResourceLocation over the reflection the linker produced, for every
//! interface (uniforms and blocks, buffer variables, atomic counter buffers, program
//! inputs and outputs, subroutines, transform feedback varyings and buffers).

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::glsl::{GraphicsInfo, IoResource, LinkedProgram};
use crate::ir::GlobalId;
use crate::ir::reflect::{BlockResource, Reflection, Resource};
use crate::ir::shader::Stage;
use crate::state::context::ContextState;
use crate::state::objects::program::Executable;
use crate::state::uniform::gl_type;
use crate::state::uniform::linked;
use crate::state::uniform::name_len;
use std::sync::Arc;

impl ContextState {
    /// GetProgramInterfaceiv (GL 4.6 §7.3.1).
    pub fn get_program_interface_iv(
        &mut self,
        program: u32,
        iface: u32,
        pname: u32,
    ) -> GlResult<i32> {
        let (_, exe) = self.reflection_of(program)?;
        let i = interface(iface)?;
        let r = exe.as_ref().map(|e| &e.reflection);
        let max_name = |names: &mut dyn Iterator<Item = &String>| {
            names.map(|n| name_len(n)).max().unwrap_or(0)
        };
        Ok(match pname {
            GL_ACTIVE_RESOURCES => match (i, r) {
                (_, None) => 0,
                (Interface::Subroutine(_) | Interface::SubroutineUniform(_), Some(_)) => {
                    subroutine_names(exe.as_ref().expect("linked"), i).len() as i32
                }
                (Interface::Uniform, Some(r)) => r.uniforms.len() as i32,
                (Interface::UniformBlock, Some(r)) => r.uniform_blocks.len() as i32,
                (Interface::AtomicCounterBuffer, Some(r)) => r.atomic_buffers.len() as i32,
                (Interface::BufferVariable, Some(r)) => r.buffer_variables.len() as i32,
                (Interface::ShaderStorageBlock, Some(r)) => r.storage_blocks.len() as i32,
                (Interface::Input | Interface::Output, Some(_)) => {
                    io_list(exe.as_ref().expect("linked"), i).len() as i32
                }
                (Interface::XfbVarying, Some(_)) => {
                    xfb_list(exe.as_ref().expect("linked")).len() as i32
                }
                (Interface::XfbBuffer, Some(_)) => {
                    xfb_buffer_list(exe.as_ref().expect("linked")).len() as i32
                }
            },
            GL_MAX_NAME_LENGTH => match (i, r) {
                // GL 4.6 §7.3.1: INVALID_OPERATION for interfaces without names.
                (Interface::AtomicCounterBuffer | Interface::XfbBuffer, _) => gl_bail!(
                    GL_INVALID_OPERATION,
                    "GL_MAX_NAME_LENGTH is not defined for interface {} (its resources have no names)",
                    Enum(iface)
                ),
                (_, None) => 0,
                (Interface::Subroutine(_) | Interface::SubroutineUniform(_), Some(_)) => {
                    max_name(&mut subroutine_names(exe.as_ref().expect("linked"), i).iter())
                }
                (Interface::Uniform, Some(r)) => max_name(&mut r.uniforms.iter().map(|u| &u.name)),
                (Interface::BufferVariable, Some(r)) => {
                    max_name(&mut r.buffer_variables.iter().map(|u| &u.name))
                }
                (Interface::UniformBlock, Some(r)) => {
                    max_name(&mut r.uniform_blocks.iter().map(|b| &b.name))
                }
                (Interface::ShaderStorageBlock, Some(r)) => {
                    max_name(&mut r.storage_blocks.iter().map(|b| &b.name))
                }
                (Interface::Input | Interface::Output, Some(_)) => max_name(
                    &mut io_list(exe.as_ref().expect("linked"), i)
                        .iter()
                        .map(|v| &v.name),
                ),
                (Interface::XfbVarying, Some(_)) => max_name(
                    &mut xfb_list(exe.as_ref().expect("linked"))
                        .iter()
                        .map(|v| &v.name),
                ),
            },
            GL_MAX_NUM_ACTIVE_VARIABLES => match (i, r) {
                (
                    Interface::UniformBlock
                    | Interface::ShaderStorageBlock
                    | Interface::AtomicCounterBuffer
                    | Interface::XfbBuffer,
                    None,
                ) => 0,
                (Interface::XfbBuffer, Some(_)) => xfb_buffer_list(exe.as_ref().expect("linked"))
                    .iter()
                    .map(|b| b.varyings.len())
                    .max()
                    .unwrap_or(0) as i32,
                (Interface::UniformBlock, Some(r)) => r
                    .uniform_blocks
                    .iter()
                    .map(|b| b.members.len())
                    .max()
                    .unwrap_or(0) as i32,
                (Interface::ShaderStorageBlock, Some(r)) => {
                    r.storage_blocks
                        .iter()
                        .map(|b| b.members.len())
                        .max()
                        .unwrap_or(0) as i32
                }
                (Interface::AtomicCounterBuffer, Some(r)) => {
                    r.atomic_buffers
                        .iter()
                        .map(|b| b.counters.len())
                        .max()
                        .unwrap_or(0) as i32
                }
                // GL 4.6 §7.3.1: INVALID_OPERATION for interfaces without active variables.
                _ => gl_bail!(
                    GL_INVALID_OPERATION,
                    "GL_MAX_NUM_ACTIVE_VARIABLES is only defined for block and atomic counter buffer interfaces, not {}",
                    Enum(iface)
                ),
            },
            GL_MAX_NUM_COMPATIBLE_SUBROUTINES => match i {
                Interface::SubroutineUniform(s) => exe
                    .as_ref()
                    .and_then(|e| subs_of(e, s))
                    .and_then(|x| x.uniforms.iter().map(|u| u.compatible.len()).max())
                    .unwrap_or(0) as i32,
                _ => gl_bail!(
                    GL_INVALID_OPERATION,
                    "GL_MAX_NUM_COMPATIBLE_SUBROUTINES is only defined for subroutine uniform interfaces, not {}",
                    Enum(iface)
                ),
            },
            // GL 4.6 §7.3.1: INVALID_ENUM for another pname.
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a program interface property",
                Enum(pname)
            ),
        })
    }

    /// GetProgramResourceIndex (GL 4.6 §7.3.1.1).
    pub fn get_program_resource_index(
        &mut self,
        program: u32,
        iface: u32,
        name: &str,
    ) -> GlResult<u32> {
        let (_, exe) = self.reflection_of(program)?;
        let i = interface(iface)?;
        if matches!(i, Interface::AtomicCounterBuffer | Interface::XfbBuffer) {
            // GL 4.6 §7.3.1.1: INVALID_ENUM for interfaces without names.
            gl_bail!(
                GL_INVALID_ENUM,
                "interface {} has no named resources",
                Enum(iface)
            );
        }
        let Some(exe) = exe else {
            return Ok(GL_INVALID_INDEX);
        };
        let r = &exe.reflection;
        Ok(match i {
            Interface::Uniform => Reflection::find(&r.uniforms, name),
            Interface::BufferVariable => Reflection::find(&r.buffer_variables, name),
            Interface::UniformBlock => Reflection::find_block(&r.uniform_blocks, name),
            Interface::ShaderStorageBlock => Reflection::find_block(&r.storage_blocks, name),
            Interface::Input | Interface::Output => GraphicsInfo::find(io_list(&exe, i), name),
            Interface::Subroutine(st) => subs_of(&exe, st)
                .and_then(|x| x.functions.iter().find(|f| f.0 == name).map(|f| f.1)),
            Interface::SubroutineUniform(st) => {
                subs_of(&exe, st).and_then(|x| x.find_uniform(name).map(|(u, _)| u as u32))
            }
            // GL 4.6 §7.3.1.1: the names given to TransformFeedbackVaryings, exactly;
            // INVALID_INDEX for gl_NextBuffer and gl_SkipComponents1-4.
            Interface::XfbVarying => xfb_list(&exe)
                .iter()
                .position(|v| v.name == name && v.ty.is_some())
                .map(|p| p as u32),
            _ => None,
        }
        .unwrap_or(GL_INVALID_INDEX))
    }

    fn resource_count(exe: &Option<Arc<Executable>>, i: Interface) -> usize {
        let Some(e) = exe else { return 0 };
        let r = &e.reflection;
        match i {
            Interface::Uniform => r.uniforms.len(),
            Interface::UniformBlock => r.uniform_blocks.len(),
            Interface::AtomicCounterBuffer => r.atomic_buffers.len(),
            Interface::BufferVariable => r.buffer_variables.len(),
            Interface::ShaderStorageBlock => r.storage_blocks.len(),
            Interface::Input | Interface::Output => io_list(e, i).len(),
            Interface::XfbVarying => xfb_list(e).len(),
            Interface::XfbBuffer => xfb_buffer_list(e).len(),
            Interface::Subroutine(_) | Interface::SubroutineUniform(_) => {
                subroutine_names(e, i).len()
            }
        }
    }

    /// The executable, if `index` names one of its active resources of `i`.
    fn active_resource(
        exe: Option<Arc<Executable>>,
        i: Interface,
        iface: u32,
        index: u32,
    ) -> GlResult<Arc<Executable>> {
        let n = Self::resource_count(&exe, i);
        // Subroutines are numbered by their indices, which may leave gaps.
        let active = |e: &Executable| match i {
            Interface::Subroutine(st) => {
                subs_of(e, st).is_some_and(|x| x.functions.iter().any(|f| f.1 == index))
            }
            _ => (index as usize) < n,
        };
        // GL 4.6 §7.3.1.1: INVALID_VALUE if index is not an active resource index.
        match exe {
            Some(e) if active(&e) => Ok(e),
            _ => gl_bail!(
                GL_INVALID_VALUE,
                "index {index} is not below the {n} active resources of {}",
                Enum(iface)
            ),
        }
    }

    /// GetProgramResourceName (GL 4.6 §7.3.1.1).
    pub fn get_program_resource_name(
        &mut self,
        program: u32,
        iface: u32,
        index: u32,
    ) -> GlResult<String> {
        let (_, exe) = self.reflection_of(program)?;
        let i = interface(iface)?;
        if matches!(i, Interface::AtomicCounterBuffer | Interface::XfbBuffer) {
            // GL 4.6 §7.3.1.1: INVALID_ENUM for interfaces without names.
            gl_bail!(
                GL_INVALID_ENUM,
                "interface {} has no named resources",
                Enum(iface)
            );
        }
        let exe = Self::active_resource(exe, i, iface, index)?;
        let r = &exe.reflection;
        let idx = index as usize;
        Ok(match i {
            Interface::Uniform => r.uniforms[idx].name.clone(),
            Interface::BufferVariable => r.buffer_variables[idx].name.clone(),
            Interface::UniformBlock => r.uniform_blocks[idx].name.clone(),
            Interface::ShaderStorageBlock => r.storage_blocks[idx].name.clone(),
            Interface::Input | Interface::Output => io_list(&exe, i)[idx].name.clone(),
            Interface::XfbVarying => xfb_list(&exe)[idx].name.clone(),
            Interface::Subroutine(st) => subs_of(&exe, st)
                .and_then(|x| x.functions.iter().find(|f| f.1 == index))
                .map(|f| f.0.clone())
                .expect("an active resource"),
            Interface::SubroutineUniform(st) => crate::glsl::StageSubroutines::resource_name(
                &subs_of(&exe, st).expect("an active resource").uniforms[idx],
            ),
            _ => unreachable!("no resources"),
        })
    }

    /// GetProgramResourceiv (GL 4.6 §7.3.1.1): the values of `props` in order.
    pub fn get_program_resource_iv(
        &mut self,
        program: u32,
        iface: u32,
        index: u32,
        props: &[u32],
    ) -> GlResult<Vec<i32>> {
        let (prog, exe) = self.reflection_of(program)?;
        let i = interface(iface)?;
        let exe = Self::active_resource(exe, i, iface, index)?;
        let r = &exe.reflection;
        let idx = index as usize;
        let mut out = Vec::new();
        for &p in props {
            let bad = || -> GlResult<Vec<i32>> {
                // GL 4.6 §7.3.1.1: INVALID_OPERATION if a property is not defined for
                // the interface, INVALID_ENUM if it is no property at all.
                if is_property(p) {
                    gl_bail!(
                        GL_INVALID_OPERATION,
                        "property {} is not defined for interface {}",
                        Enum(p),
                        Enum(iface)
                    )
                } else {
                    gl_bail!(GL_INVALID_ENUM, "{} is not a resource property", Enum(p))
                }
            };
            let vals: Vec<i32> = match i {
                Interface::Uniform | Interface::BufferVariable => {
                    let buffer = i == Interface::BufferVariable;
                    let u = if buffer {
                        &r.buffer_variables[idx]
                    } else {
                        &r.uniforms[idx]
                    };
                    match p {
                        GL_LOCATION if !buffer => vec![u.location],
                        GL_TOP_LEVEL_ARRAY_SIZE if buffer => vec![u.top_level_array_size],
                        GL_TOP_LEVEL_ARRAY_STRIDE if buffer => vec![u.top_level_array_stride],
                        GL_ATOMIC_COUNTER_BUFFER_INDEX if !buffer => vec![u.atomic_buffer_index],
                        GL_NAME_LENGTH | GL_TYPE | GL_ARRAY_SIZE | GL_OFFSET | GL_BLOCK_INDEX
                        | GL_ARRAY_STRIDE | GL_MATRIX_STRIDE | GL_IS_ROW_MAJOR => {
                            vec![variable_prop(&exe, u, p, buffer)?]
                        }
                        _ => match referenced_stage(p) {
                            Some(s) => vec![referenced(&exe, s, &mut std::iter::once(u.global))],
                            None => bad()?,
                        },
                    }
                }
                Interface::UniformBlock | Interface::ShaderStorageBlock => {
                    let ubo = i == Interface::UniformBlock;
                    let b: &BlockResource = if ubo {
                        &r.uniform_blocks[idx]
                    } else {
                        &r.storage_blocks[idx]
                    };
                    match p {
                        GL_NAME_LENGTH => vec![name_len(&b.name)],
                        GL_BUFFER_BINDING => {
                            let st = prog.state.lock();
                            vec![if ubo {
                                st.uniforms.ubo_bindings[idx]
                            } else {
                                st.uniforms.ssbo_bindings[idx]
                            } as i32]
                        }
                        GL_BUFFER_DATA_SIZE => vec![b.data_size as i32],
                        GL_NUM_ACTIVE_VARIABLES => vec![b.members.len() as i32],
                        GL_ACTIVE_VARIABLES => b.members.iter().map(|&m| m as i32).collect(),
                        _ => match referenced_stage(p) {
                            Some(s) => vec![block_referenced(&exe, s, b)],
                            None => bad()?,
                        },
                    }
                }
                Interface::AtomicCounterBuffer => {
                    let b = &r.atomic_buffers[idx];
                    match p {
                        GL_BUFFER_BINDING => vec![b.binding as i32],
                        GL_BUFFER_DATA_SIZE => vec![b.data_size as i32],
                        GL_NUM_ACTIVE_VARIABLES => vec![b.counters.len() as i32],
                        GL_ACTIVE_VARIABLES => b.counters.iter().map(|&c| c as i32).collect(),
                        _ => match referenced_stage(p) {
                            Some(s) => vec![referenced(
                                &exe,
                                s,
                                &mut b.counters.iter().map(|&c| r.uniforms[c as usize].global),
                            )],
                            None => bad()?,
                        },
                    }
                }
                Interface::Input | Interface::Output => {
                    let output = i == Interface::Output;
                    let v = &io_list(&exe, i)[idx];
                    match p {
                        GL_NAME_LENGTH => vec![name_len(&v.name)],
                        GL_TYPE => vec![gl_type(&exe.module.types, v.ty) as i32],
                        GL_ARRAY_SIZE => vec![if v.is_array { v.array_size as i32 } else { 1 }],
                        GL_LOCATION => vec![v.location],
                        GL_LOCATION_INDEX if output => vec![v.index],
                        GL_LOCATION_COMPONENT => vec![v.component],
                        GL_IS_PER_PATCH => vec![v.patch as i32],
                        _ => match referenced_stage(p) {
                            // The first stage's inputs and the last stage's outputs are
                            // referenced by that stage only.
                            Some(s) => vec![referenced(&exe, s, &mut std::iter::once(v.global))],
                            None => bad()?,
                        },
                    }
                }
                Interface::XfbVarying => {
                    let v = &xfb_list(&exe)[idx];
                    match p {
                        GL_NAME_LENGTH => vec![name_len(&v.name)],
                        GL_TYPE => {
                            vec![v.ty.map_or(GL_NONE, |t| gl_type(&exe.module.types, t)) as i32]
                        }
                        GL_ARRAY_SIZE => vec![v.size as i32],
                        GL_OFFSET => vec![v.offset as i32],
                        GL_TRANSFORM_FEEDBACK_BUFFER_INDEX => {
                            let bufs = xfb_buffer_list(&exe);
                            vec![
                                bufs.iter()
                                    .position(|b| b.binding == v.buffer)
                                    .map_or(-1, |p| p as i32),
                            ]
                        }
                        _ => bad()?,
                    }
                }
                Interface::XfbBuffer => {
                    let b = &xfb_buffer_list(&exe)[idx];
                    match p {
                        GL_BUFFER_BINDING => vec![b.binding as i32],
                        GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE => vec![b.stride as i32],
                        GL_NUM_ACTIVE_VARIABLES => vec![b.varyings.len() as i32],
                        GL_ACTIVE_VARIABLES => b.varyings.iter().map(|&v| v as i32).collect(),
                        _ => bad()?,
                    }
                }
                Interface::Subroutine(st) => {
                    let f = subs_of(&exe, st)
                        .and_then(|x| x.functions.iter().find(|f| f.1 == index))
                        .expect("an active resource");
                    match p {
                        GL_NAME_LENGTH => vec![name_len(&f.0)],
                        _ => bad()?,
                    }
                }
                Interface::SubroutineUniform(st) => {
                    let u = &subs_of(&exe, st).expect("an active resource").uniforms[idx];
                    match p {
                        GL_NAME_LENGTH => {
                            vec![name_len(&crate::glsl::StageSubroutines::resource_name(u))]
                        }
                        GL_ARRAY_SIZE => vec![u.size as i32],
                        GL_NUM_COMPATIBLE_SUBROUTINES => vec![u.compatible.len() as i32],
                        GL_COMPATIBLE_SUBROUTINES => {
                            u.compatible.iter().map(|&c| c as i32).collect()
                        }
                        GL_LOCATION => vec![u.location as i32],
                        _ => bad()?,
                    }
                }
            };
            out.extend(vals);
        }
        Ok(out)
    }

    /// GetProgramResourceLocation (GL 4.6 §7.3.1.1).
    pub fn get_program_resource_location(
        &mut self,
        program: u32,
        iface: u32,
        name: &str,
    ) -> GlResult<i32> {
        let prog = self.lookup_program(program)?;
        let i = interface(iface)?;
        // GL 4.6 §7.3.1.1: INVALID_ENUM for interfaces without locations.
        let ok = matches!(
            i,
            Interface::Uniform
                | Interface::Input
                | Interface::Output
                | Interface::SubroutineUniform(_)
        );
        if !ok {
            gl_bail!(
                GL_INVALID_ENUM,
                "interface {} has no locations",
                Enum(iface)
            );
        }
        let exe = linked(&prog.state.lock());
        // GL 4.6 §7.3.1.1: INVALID_OPERATION if program has not been linked successfully.
        let Some(exe) = exe else {
            gl_bail!(
                GL_INVALID_OPERATION,
                "program {program} has not been linked successfully"
            )
        };
        Ok(match i {
            Interface::Uniform => exe.reflection.uniform_location(name),
            Interface::Input | Interface::Output => {
                GraphicsInfo::location(io_list(&exe, i), name).map_or(-1, |l| l.0)
            }
            Interface::SubroutineUniform(st) => subs_of(&exe, st)
                .and_then(|x| {
                    x.find_uniform(name)
                        .map(|(u, e)| (x.uniforms[u].location + e) as i32)
                })
                .unwrap_or(-1),
            _ => -1,
        })
    }
}

/// Interfaces of the GL 4.3 program interface queries (GL 4.6 §7.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interface {
    Uniform,
    UniformBlock,
    AtomicCounterBuffer,
    BufferVariable,
    ShaderStorageBlock,
    /// PROGRAM_INPUT and PROGRAM_OUTPUT: a graphics program's first stage's inputs and
    /// last stage's outputs.
    Input,
    Output,
    /// TRANSFORM_FEEDBACK_VARYING and TRANSFORM_FEEDBACK_BUFFER: what the last link
    /// resolved of TransformFeedbackVaryings.
    XfbVarying,
    XfbBuffer,
    /// A stage's subroutines and subroutine uniforms (GL 4.6 §7.9).
    Subroutine(Stage),
    SubroutineUniform(Stage),
}

pub fn interface(e: u32) -> GlResult<Interface> {
    Ok(match e {
        GL_UNIFORM => Interface::Uniform,
        GL_UNIFORM_BLOCK => Interface::UniformBlock,
        GL_ATOMIC_COUNTER_BUFFER => Interface::AtomicCounterBuffer,
        GL_BUFFER_VARIABLE => Interface::BufferVariable,
        GL_SHADER_STORAGE_BLOCK => Interface::ShaderStorageBlock,
        GL_PROGRAM_INPUT => Interface::Input,
        GL_PROGRAM_OUTPUT => Interface::Output,
        GL_TRANSFORM_FEEDBACK_VARYING => Interface::XfbVarying,
        GL_TRANSFORM_FEEDBACK_BUFFER => Interface::XfbBuffer,
        GL_VERTEX_SUBROUTINE => Interface::Subroutine(Stage::Vertex),
        GL_TESS_CONTROL_SUBROUTINE => Interface::Subroutine(Stage::TessControl),
        GL_TESS_EVALUATION_SUBROUTINE => Interface::Subroutine(Stage::TessEvaluation),
        GL_GEOMETRY_SUBROUTINE => Interface::Subroutine(Stage::Geometry),
        GL_FRAGMENT_SUBROUTINE => Interface::Subroutine(Stage::Fragment),
        GL_COMPUTE_SUBROUTINE => Interface::Subroutine(Stage::Compute),
        GL_VERTEX_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::Vertex),
        GL_TESS_CONTROL_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::TessControl),
        GL_TESS_EVALUATION_SUBROUTINE_UNIFORM => {
            Interface::SubroutineUniform(Stage::TessEvaluation)
        }
        GL_GEOMETRY_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::Geometry),
        GL_FRAGMENT_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::Fragment),
        GL_COMPUTE_SUBROUTINE_UNIFORM => Interface::SubroutineUniform(Stage::Compute),
        // GL 4.6 §7.3.1: INVALID_ENUM for an unknown programInterface.
        _ => gl_bail!(
            GL_INVALID_ENUM,
            "programInterface {} is not a program interface",
            Enum(e)
        ),
    })
}

/// The stage a REFERENCED_BY_*_SHADER property (or the UNIFORM_BLOCK_ and
/// ATOMIC_COUNTER_BUFFER_ forms) names.
pub fn referenced_stage(prop: u32) -> Option<Stage> {
    Some(match prop {
        GL_REFERENCED_BY_COMPUTE_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER => Stage::Compute,
        GL_REFERENCED_BY_VERTEX_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER => Stage::Vertex,
        GL_REFERENCED_BY_TESS_CONTROL_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER => Stage::TessControl,
        GL_REFERENCED_BY_TESS_EVALUATION_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER => Stage::TessEvaluation,
        GL_REFERENCED_BY_GEOMETRY_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER => Stage::Geometry,
        GL_REFERENCED_BY_FRAGMENT_SHADER
        | GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER
        | GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER => Stage::Fragment,
        _ => return None,
    })
}

/// REFERENCED_BY_*_SHADER (GL 4.6 §7.3.1.1): whether the live code of `stage` uses
/// one of `globals` (the variables the resource belongs to).
pub fn referenced(
    exe: &LinkedProgram,
    stage: Stage,
    globals: &mut dyn Iterator<Item = GlobalId>,
) -> i32 {
    match exe.referenced.iter().find(|r| r.0 == stage) {
        Some((_, used)) => {
            for g in globals {
                if used.contains(&g) {
                    return 1;
                }
            }
            0
        }
        None => 0,
    }
}

/// The same for a uniform or shader storage block: a compute stage answers for the
/// element of an array of blocks (reflection's `referenced`).
pub fn block_referenced(exe: &LinkedProgram, stage: Stage, b: &BlockResource) -> i32 {
    if stage == Stage::Compute {
        return (b.referenced && exe.stages.contains(&Stage::Compute)) as i32;
    }
    referenced(exe, stage, &mut std::iter::once(b.global))
}

/// The PROGRAM_INPUT or PROGRAM_OUTPUT resources of a program (none for compute).
pub fn io_list(exe: &LinkedProgram, i: Interface) -> &[IoResource] {
    match (&exe.graphics, i) {
        (Some(g), Interface::Input) => &g.inputs,
        (Some(g), Interface::Output) => &g.outputs,
        _ => &[],
    }
}

/// A program's subroutines of a stage (None: the program lacks the stage).
pub fn subs_of(exe: &LinkedProgram, stage: Stage) -> Option<&crate::glsl::StageSubroutines> {
    exe.subroutines.iter().find(|s| s.stage == stage)
}

/// Names of an interface's resources, for MAX_NAME_LENGTH.
pub fn subroutine_names(exe: &LinkedProgram, i: Interface) -> Vec<String> {
    match i {
        Interface::Subroutine(s) => subs_of(exe, s)
            .map(|x| x.functions.iter().map(|f| f.0.clone()).collect())
            .unwrap_or_default(),
        Interface::SubroutineUniform(s) => subs_of(exe, s)
            .map(|x| {
                x.uniforms
                    .iter()
                    .map(crate::glsl::StageSubroutines::resource_name)
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The transform feedback varyings a program records.
pub fn xfb_list(exe: &LinkedProgram) -> &[crate::glsl::XfbVarying] {
    exe.graphics.as_ref().map_or(&[], |g| g.xfb.as_slice())
}

/// The buffers a program's transform feedback records into.
pub fn xfb_buffer_list(exe: &LinkedProgram) -> Vec<crate::glsl::XfbBuffer> {
    exe.graphics
        .as_ref()
        .map_or(Vec::new(), |g| g.xfb_buffers())
}

/// True for every enum GetProgramResourceiv knows as a property.
pub fn is_property(p: u32) -> bool {
    matches!(
        p,
        GL_ACTIVE_VARIABLES
            | GL_ARRAY_SIZE
            | GL_ARRAY_STRIDE
            | GL_ATOMIC_COUNTER_BUFFER_INDEX
            | GL_BLOCK_INDEX
            | GL_BUFFER_BINDING
            | GL_BUFFER_DATA_SIZE
            | GL_COMPATIBLE_SUBROUTINES
            | GL_IS_PER_PATCH
            | GL_IS_ROW_MAJOR
            | GL_LOCATION
            | GL_LOCATION_INDEX
            | GL_LOCATION_COMPONENT
            | GL_MATRIX_STRIDE
            | GL_NAME_LENGTH
            | GL_NUM_ACTIVE_VARIABLES
            | GL_NUM_COMPATIBLE_SUBROUTINES
            | GL_OFFSET
            | GL_REFERENCED_BY_VERTEX_SHADER
            | GL_REFERENCED_BY_TESS_CONTROL_SHADER
            | GL_REFERENCED_BY_TESS_EVALUATION_SHADER
            | GL_REFERENCED_BY_GEOMETRY_SHADER
            | GL_REFERENCED_BY_FRAGMENT_SHADER
            | GL_REFERENCED_BY_COMPUTE_SHADER
            | GL_TOP_LEVEL_ARRAY_SIZE
            | GL_TOP_LEVEL_ARRAY_STRIDE
            | GL_TRANSFORM_FEEDBACK_BUFFER_INDEX
            | GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE
            | GL_TYPE
    )
}

/// The per-variable properties shared by UNIFORM and BUFFER_VARIABLE (GL 4.6 table 7.2).
pub fn variable_prop(exe: &LinkedProgram, u: &Resource, prop: u32, _buffer: bool) -> GlResult<i32> {
    Ok(match prop {
        GL_NAME_LENGTH => name_len(&u.name),
        GL_TYPE => gl_type(&exe.module.types, u.ty) as i32,
        // GL 4.6 §7.3.1.1: ARRAY_SIZE is the element count of an array (0 if unsized),
        // 1 otherwise.
        GL_ARRAY_SIZE => {
            if u.is_array {
                u.array_size as i32
            } else {
                1
            }
        }
        GL_OFFSET => u.offset,
        GL_BLOCK_INDEX => u.block_index,
        GL_ARRAY_STRIDE => u.array_stride,
        GL_MATRIX_STRIDE => u.matrix_stride,
        GL_IS_ROW_MAJOR => u.row_major as i32,
        GL_ATOMIC_COUNTER_BUFFER_INDEX => u.atomic_buffer_index,
        _ => gl_bail!(GL_INVALID_ENUM, "{} is not a variable property", Enum(prop)),
    })
}

impl ContextState {
    /// GetProgramResourceLocationIndex (GL 4.6 §7.3.1.1).
    pub fn get_program_resource_location_index(
        &mut self,
        program: u32,
        iface: u32,
        name: &str,
    ) -> GlResult<i32> {
        self.lookup_program(program)?;
        // GL 4.6 §7.3.1.1: INVALID_ENUM unless programInterface is PROGRAM_OUTPUT.
        if iface != GL_PROGRAM_OUTPUT {
            gl_bail!(
                GL_INVALID_ENUM,
                "programInterface must be GL_PROGRAM_OUTPUT"
            );
        }
        self.get_frag_data(program, name, true)
    }
}
