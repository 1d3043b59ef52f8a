//! The PROGRAM_INPUT and PROGRAM_OUTPUT interfaces of a graphics program (GL 4.6
//! §7.3.1): the active variables an input or output global splits into, named as
//! §7.3.1.1 says, with their locations and components.

use crate::ir::layout::io_slots as slots;
use crate::ir::reflect::Named;
use crate::ir::shader::Log;
use crate::ir::*;
use crate::limits;
use std::collections::HashSet;

/// An active variable of the PROGRAM_INPUT or PROGRAM_OUTPUT interface (GL 4.6
/// §7.3.1): a basic type or an array of one, named as §7.3.1.1 says.
#[derive(Debug, Clone)]
pub struct IoResource {
    /// `v`, `a[0]` for an array, `s.m` for a struct member, `Block.m` for a block.
    pub name: String,
    /// The basic type (the element type of an array).
    pub ty: TypeId,
    pub array_size: u32,
    pub is_array: bool,
    /// The assigned location, or -1 (built-ins, and variables without one).
    pub location: i32,
    /// LOCATION_COMPONENT: the first component it takes of its location(s).
    pub component: i32,
    /// LOCATION_INDEX of a fragment output, else -1.
    pub index: i32,
    pub patch: bool,
    pub builtin: bool,
    pub global: GlobalId,
    /// Locations one element takes.
    pub element_slots: u32,
}

impl Named for IoResource {
    fn name(&self) -> &str {
        &self.name
    }
}

/// The type of one vertex's element of a per-vertex variable.
pub fn per_vertex_elem(types: &Types, g: &Global) -> TypeId {
    match (
        g.io.as_ref().is_some_and(|io| io.per_vertex),
        types.get(g.ty),
    ) {
        (true, Type::Array(e, _)) => *e,
        _ => g.ty,
    }
}

/// Splits a global into PROGRAM_INPUT/OUTPUT resources: struct members and blocks
/// flattened (`s.m`, `Block.m`), arrays of basic types as one `a[0]` resource; at
/// most limits::MAX_ACTIVE_VARIABLES in all (an iterative walk).
pub fn io_resources(
    m: &Module,
    gid: GlobalId,
    location: i32,
    index: i32,
    used_members: &HashSet<(GlobalId, u32)>,
    out: &mut Vec<IoResource>,
    log: &mut Log,
) {
    let g = m.global(gid);
    let io = g.io.as_deref().cloned().unwrap_or_default();
    let ty = per_vertex_elem(&m.types, g);
    // The built-in gl_PerVertex blocks: their used members. GL 4.6 §7.3.1.1 names a
    // member of a block with an instance name (gl_in, gl_out) "block.member"
    // (gl_PerVertex.gl_Position, as Mesa lists it) and one of the unnamed block of the
    // vertex stages' outputs by its own name.
    if io.builtin
        && let Type::Struct(s) = m.types.get(ty)
    {
        let instance = matches!(g.name.as_str(), "gl_in" | "gl_out");
        for (i, mem) in m.types.struct_def(*s).members.iter().enumerate() {
            if !used_members.contains(&(gid, i as u32)) {
                continue;
            }
            let base = if instance {
                format!("gl_PerVertex.{}", mem.name)
            } else {
                mem.name.clone()
            };
            let (ty, array_size, is_array, name) = match m.types.get(mem.ty) {
                Type::Array(e, n) => (*e, n.unwrap_or(0), true, format!("{base}[0]")),
                _ => (mem.ty, 1, false, base),
            };
            out.push(IoResource {
                name,
                ty,
                array_size,
                is_array,
                location: -1,
                component: 0,
                index,
                patch: io.patch,
                builtin: true,
                global: gid,
                element_slots: slots(&m.types, ty) as u32,
            });
        }
        return;
    }
    let prefix = match &io.block {
        Some(b) => b.clone(),
        None => g.name.clone(),
    };
    // (name, type, location, component)
    let mut work: Vec<(String, TypeId, i32, i32)> = Vec::new();
    if io.block.is_some() {
        let st = match m.types.get(ty) {
            Type::Array(e, _) => *e,
            _ => ty,
        };
        if let Type::Struct(s) = m.types.get(st) {
            let mut loc = location;
            // Members take consecutive locations from the block's, or from their own
            // (GLSL 4.60 §4.4.1).
            for (i, mem) in m.types.struct_def(*s).members.iter().enumerate() {
                let own = io.members.get(i).copied().unwrap_or_default();
                if let Some(l) = own.location {
                    loc = l;
                }
                let c = own.component.map_or(0, |c| c as i32);
                work.push((format!("{prefix}.{}", mem.name), mem.ty, loc, c));
                if loc >= 0 {
                    loc = loc.saturating_add(slots(&m.types, mem.ty) as i32);
                }
            }
            work.reverse();
        }
    } else {
        work.push((prefix, ty, location, io.component.map_or(0, |c| c as i32)));
    }
    while let Some((name, t, loc, component)) = work.pop() {
        if out.len() >= limits::MAX_ACTIVE_VARIABLES {
            log.link_error("the program has too many active inputs or outputs");
            return;
        }
        match m.types.get(t).clone() {
            Type::Struct(s) => {
                let mut l = loc;
                let mut items = Vec::new();
                for mem in &m.types.struct_def(s).members {
                    items.push((format!("{name}.{}", mem.name), mem.ty, l, 0));
                    if l >= 0 {
                        l = l.saturating_add(slots(&m.types, mem.ty) as i32);
                    }
                }
                work.extend(items.into_iter().rev());
            }
            Type::Array(e, n) if matches!(m.types.get(e), Type::Struct(_) | Type::Array(..)) => {
                let per = slots(&m.types, e) as i32;
                let n = n.unwrap_or(1).min(limits::MAX_ACTIVE_VARIABLES as u32);
                for i in (0..n).rev() {
                    let l = if loc >= 0 {
                        loc.saturating_add(per.saturating_mul(i as i32))
                    } else {
                        -1
                    };
                    work.push((format!("{name}[{i}]"), e, l, 0));
                }
            }
            Type::Array(e, n) => out.push(IoResource {
                name: format!("{name}[0]"),
                ty: e,
                array_size: n.unwrap_or(0),
                is_array: true,
                location: loc,
                component,
                index,
                patch: io.patch,
                builtin: io.builtin,
                global: gid,
                element_slots: slots(&m.types, e) as u32,
            }),
            _ => out.push(IoResource {
                name,
                ty: t,
                array_size: 1,
                is_array: false,
                location: loc,
                component,
                index,
                patch: io.patch,
                builtin: io.builtin,
                global: gid,
                element_slots: slots(&m.types, t) as u32,
            }),
        }
    }
}
