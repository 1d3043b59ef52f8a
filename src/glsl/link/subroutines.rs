use crate::ir::shader::{Log, Stage};
use crate::ir::*;
use crate::limits;
use std::collections::HashSet;

/// A stage's subroutine functions and uniforms (GL 4.6 §7.9).
#[derive(Debug, Clone)]
pub struct StageSubroutines {
    pub stage: Stage,
    /// The subroutine functions: name and index, by index.
    pub functions: Vec<(String, u32)>,
    /// The subroutine uniforms, in declaration order (their API indices).
    pub uniforms: Vec<SubroutineUniformInfo>,
    /// ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS: one past the highest location used.
    pub locations: u32,
}

#[derive(Debug, Clone)]
pub struct SubroutineUniformInfo {
    pub name: String,
    pub location: u32,
    /// Elements (1 for a non-array).
    pub size: u32,
    pub is_array: bool,
    /// Indices of the compatible subroutines, ascending.
    pub compatible: Vec<u32>,
    /// The hidden selection variable.
    pub global: GlobalId,
    /// The subroutine index of each position the selection variable can hold.
    pub candidates: Vec<u32>,
}

impl StageSubroutines {
    /// The uniform and element a location belongs to.
    pub fn at(&self, location: u32) -> Option<(&SubroutineUniformInfo, u32)> {
        self.uniforms.iter().find_map(|u| {
            (location >= u.location && location - u.location < u.size)
                .then(|| (u, location - u.location))
        })
    }

    /// A subroutine uniform's name as the queries give it: `[0]` after an array's.
    pub fn resource_name(u: &SubroutineUniformInfo) -> String {
        if u.is_array {
            format!("{}[0]", u.name)
        } else {
            u.name.clone()
        }
    }

    /// The subroutine uniform (its position) and element `name` names: `u`, or for an
    /// array `u`, `u[0]` and `u[i]` within it.
    pub fn find_uniform(&self, name: &str) -> Option<(usize, u32)> {
        let (base, elem) = match name.strip_suffix(']').and_then(|n| n.rsplit_once('[')) {
            Some((b, i)) if !i.is_empty() && i.bytes().all(|c| c.is_ascii_digit()) => {
                (b, Some(i.parse::<u32>().ok()?))
            }
            _ => (name, None),
        };
        self.uniforms.iter().enumerate().find_map(|(i, u)| {
            let e = elem.unwrap_or(0);
            (u.name == base && (u.is_array || elem.is_none()) && e < u.size).then_some((i, e))
        })
    }

    /// The value each location starts with: its lowest compatible index.
    pub fn defaults(&self) -> Vec<u32> {
        (0..self.locations)
            .map(|l| {
                self.at(l)
                    .and_then(|(u, _)| u.compatible.first().copied())
                    .unwrap_or(0)
            })
            .collect()
    }
}

/// Numbers the subroutines of the stage whose shaders are `owner` (GL 4.6 §7.9):
/// explicit indices and locations first, the rest the lowest free ones.
pub fn stage_subroutines(
    m: &Module,
    owner: usize,
    stage: Stage,
    log: &mut Log,
) -> StageSubroutines {
    let subs = &m.subroutines;
    let fns: Vec<&SubroutineFunction> =
        subs.functions.iter().filter(|f| f.owner == owner).collect();
    let mut index: Vec<Option<u32>> = vec![None; fns.len()];
    let mut taken = HashSet::new();
    for (i, f) in fns.iter().enumerate() {
        if let Some(x) = f.index {
            if !taken.insert(x) {
                log.link_error(format!("two subroutine functions have index {x}"));
            }
            index[i] = Some(x);
        }
    }
    let mut next = 0u32;
    for slot in index.iter_mut().filter(|s| s.is_none()) {
        while taken.contains(&next) {
            next += 1;
        }
        taken.insert(next);
        *slot = Some(next);
    }
    if fns.len() > limits::MAX_SUBROUTINES as usize
        || taken.iter().any(|&x| x >= limits::MAX_SUBROUTINES as u32)
    {
        log.link_error(format!(
            "the {} shader has more subroutine functions than GL_MAX_SUBROUTINES ({}) allows",
            stage.name(),
            limits::MAX_SUBROUTINES
        ));
    }
    let index_of = |f: FunctionId| -> Option<u32> {
        fns.iter().position(|x| x.func == f).and_then(|i| index[i])
    };
    let mut functions: Vec<(String, u32)> = fns
        .iter()
        .zip(&index)
        .map(|(f, &x)| (m.functions[f.func.0 as usize].name.clone(), x.unwrap_or(0)))
        .collect();
    functions.sort_by_key(|f| f.1);
    let us: Vec<&SubroutineUniform> = subs.uniforms.iter().filter(|u| u.owner == owner).collect();
    let size = |u: &SubroutineUniform| u.array.unwrap_or(1).max(1);
    // The locations are counted (in 64 bits) before any is assigned: a hostile array
    // size must be a link error, not a table of that many locations.
    let max_locs = limits::MAX_SUBROUTINE_UNIFORM_LOCATIONS as u64;
    let total: u64 = us.iter().map(|u| size(u) as u64).sum();
    let past = us.iter().any(|u| {
        u.location
            .is_some_and(|l| l as u64 + size(u) as u64 > max_locs)
    });
    if total > max_locs || past {
        log.link_error(format!(
            "the {} shader's subroutine uniforms need more than GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS ({}) locations",
            stage.name(),
            limits::MAX_SUBROUTINE_UNIFORM_LOCATIONS
        ));
        return StageSubroutines {
            stage,
            functions,
            uniforms: Vec::new(),
            locations: 0,
        };
    }
    let mut used_locs: HashSet<u32> = HashSet::new();
    let mut locs: Vec<Option<u32>> = vec![None; us.len()];
    for (i, u) in us.iter().enumerate() {
        if let Some(l) = u.location {
            for k in 0..size(u) {
                if !used_locs.insert(l.saturating_add(k)) {
                    log.link_error(format!(
                        "subroutine uniform `{}' overlaps another's location",
                        u.name
                    ));
                }
            }
            locs[i] = Some(l);
        }
    }
    for (i, u) in us.iter().enumerate() {
        if locs[i].is_some() {
            continue;
        }
        let n = size(u);
        let mut l = 0u32;
        while (l..l.saturating_add(n)).any(|x| used_locs.contains(&x)) {
            l += 1;
        }
        used_locs.extend(l..l.saturating_add(n));
        locs[i] = Some(l);
    }
    let locations = used_locs
        .iter()
        .map(|&l| l.saturating_add(1))
        .max()
        .unwrap_or(0);
    let mut uniforms = Vec::new();
    for (i, u) in us.iter().enumerate() {
        let t = &subs.types[u.ty as usize];
        let mut compatible: Vec<u32> = fns
            .iter()
            .zip(&index)
            .filter(|(f, _)| f.types.contains(&t.name))
            .filter_map(|(_, &x)| x)
            .collect();
        compatible.sort_unstable();
        let candidates: Vec<u32> = t.candidates.iter().filter_map(|&c| index_of(c)).collect();
        if t.dispatcher.is_some() && compatible.iter().any(|c| !candidates.contains(c)) {
            log.link_error(format!(
                "a function of subroutine type `{}' is defined in another shader of the {} stage than the calls through `{}': glcompute needs them in one shader",
                t.name,
                stage.name(),
                u.name
            ));
        }
        uniforms.push(SubroutineUniformInfo {
            name: u.name.clone(),
            location: locs[i].unwrap_or(0),
            size: size(u),
            is_array: u.array.is_some(),
            compatible,
            global: u.global,
            candidates,
        });
    }
    StageSubroutines {
        stage,
        functions,
        uniforms,
        locations,
    }
}
