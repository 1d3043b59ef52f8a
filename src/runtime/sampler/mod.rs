//! Texture units as compiled kernels see them through samplers: a [`SamplerTable`] of
//! one optional [`SamplerDesc`] per texture unit, and the helpers kernels call for
//! texelFetch, the filtered lookups (texture, textureLod, textureGrad, textureOffset,
//! textureGather, shadow comparison), textureSize and textureQueryLevels. Each mipmap
//! level is an [`ImageDesc`] (made only by [`ImageDesc::new`], which checks that every
//! texel it addresses lies inside its storage), and every texel address is checked
//! against the level's size, so no lookup reads outside the texture.
//!
//! Filtering follows GL 4.6 §8.14 for a stage without derivatives: implicit-LOD
//! lookups take the scale factor as zero, so λ is TEXTURE_MIN_LOD after clamping;
//! textureLod and textureGrad give λ explicitly. Cube maps are not seamless (each face
//! wraps by its own wrap modes).

mod fast;
mod general;

use fast::Fast;
pub use fast::{DIRECT_RGBA8_LINEAR, DIRECT_UNITS, Direct, direct};
pub use general::{
    Compare, Filter, LANES, MODE_GATHER, MODE_GRAD, MODE_IMPLICIT, MODE_LOD, MODE_QUERY_LOD,
    Params, SampleArgs, SamplerDesc, Swizzle, Target, Wrap, args, lanes,
};

/// The samplers of a dispatch, indexed by texture unit: first (at offset 0, for the
/// code generator) a [`Direct`] per unit below [`DIRECT_UNITS`], then each unit's
/// sampler.
#[repr(C)]
#[derive(Debug)]
pub struct SamplerTable {
    direct: [Direct; DIRECT_UNITS],
    units: Vec<Option<Unit>>,
}

impl Default for SamplerTable {
    fn default() -> SamplerTable {
        SamplerTable {
            direct: [Direct::NONE; DIRECT_UNITS],
            units: Vec::new(),
        }
    }
}

/// A unit's sampler and, where its state allows, the direct path for its lookups.
#[derive(Debug, Clone)]
struct Unit {
    desc: SamplerDesc,
    fast: Option<Fast>,
}

impl SamplerTable {
    pub fn set(&mut self, unit: u32, desc: SamplerDesc) {
        let u = unit as usize;
        if self.units.len() <= u {
            self.units.resize(u + 1, None);
        }
        let fast = Fast::new(&desc);
        if let Some(d) = self.direct.get_mut(u) {
            *d = Direct::new(&desc, fast);
        }
        self.units[u] = Some(Unit { desc, fast });
    }

    pub fn is_empty(&self) -> bool {
        self.units.iter().all(Option::is_none)
    }

    fn get(&self, unit: u32) -> Option<&SamplerDesc> {
        Some(&self.units.get(unit as usize)?.as_ref()?.desc)
    }

    fn unit(&self, unit: u32) -> Option<&Unit> {
        self.units.get(unit as usize)?.as_ref()
    }
}

/// The unit's descriptor.
///
/// # Safety
/// `table` points to the dispatch's live SamplerTable.
unsafe fn unit_desc<'a>(table: *const SamplerTable, unit: u32) -> Option<&'a SamplerDesc> {
    // SAFETY: the caller passes the runtime's table, alive for the dispatch.
    unsafe { &*table }.get(unit)
}

fn write4(out: *mut u32, v: [u32; 4]) {
    // SAFETY: every helper's `out` points to four writable u32 (a kernel stack slot).
    unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), out, 4) };
}

/// The value of a unit with no texture of the sampler's target: the default texture's
/// (incomplete) value.
const UNBOUND: [u32; 4] = [0, 0, 0, 0x3f80_0000];

/// texelFetch of (x, y, z) (array layer last) at level base + `lod`.
///
/// # Safety
/// `table` points to the dispatch's SamplerTable; `out` to four writable u32.
pub unsafe extern "C" fn tex_fetch(
    table: *const SamplerTable,
    unit: u32,
    x: i32,
    y: i32,
    z: i32,
    lod: i32,
    out: *mut u32,
) {
    // SAFETY: as this function's contract.
    let v = match unsafe { unit_desc(table, unit) } {
        Some(d) => d.fetch([x, y, z], lod),
        None => UNBOUND,
    };
    write4(out, v);
}

/// A filtered lookup or gather with the arguments at `args`.
///
/// # Safety
/// `table` points to the dispatch's SamplerTable; `args` to a SampleArgs; `out` to four
/// writable u32.
pub unsafe extern "C" fn tex_sample(
    table: *const SamplerTable,
    unit: u32,
    args: *const SampleArgs,
    out: *mut u32,
) {
    // SAFETY: args points to a SampleArgs the kernel filled.
    let a = unsafe { *args };
    // SAFETY: the caller passes the runtime's table, alive for the dispatch.
    let v = match unsafe { &*table }.unit(unit) {
        Some(u) => match u.fast.and_then(|f| f.sample(&u.desc, &a)) {
            Some(v) => v,
            None => u.desc.sample(&a),
        },
        None if a.shadow != 0 || a.mode == MODE_QUERY_LOD => [0; 4],
        None => UNBOUND,
    };
    write4(out, v);
}

/// The lookup `template` for each lane k whose bit is set in `mask`, with the lane's
/// coordinates, LOD and shadow reference from `lanes` (rows of [`LANES`] values, see
/// [`lanes`]); component c of lane k's result goes to `out[c * LANES + k]`. Lanes
/// outside the mask are left as they are.
///
/// # Safety
/// `table` points to the dispatch's SamplerTable; `template` to a SampleArgs; `lanes`
/// to `lanes::ROWS * LANES` f32; `out` to `4 * LANES` writable u32.
pub unsafe extern "C" fn tex_sample_lanes(
    table: *const SamplerTable,
    unit: u32,
    template: *const SampleArgs,
    lanes: *const f32,
    mask: u32,
    out: *mut u32,
) {
    // SAFETY: as this function's contract.
    let (t, lanes, out) = unsafe {
        (
            *template,
            std::slice::from_raw_parts(lanes, lanes::ROWS * LANES),
            std::slice::from_raw_parts_mut(out, 4 * LANES),
        )
    };
    // SAFETY: the caller passes the runtime's table, alive for the dispatch.
    let unit = unsafe { &*table }.unit(unit);
    let mask = match unit.and_then(|u| Some((u.fast?, &u.desc))) {
        Some((f, d)) => f.lanes(d, &t, lanes, mask, out),
        None => mask,
    };
    for k in 0..LANES {
        if mask & (1 << k) == 0 {
            continue;
        }
        let mut a = t;
        a.coord = std::array::from_fn(|c| lanes[(lanes::COORD + c) * LANES + k]);
        a.lod = lanes[lanes::LOD * LANES + k];
        a.reference = lanes[lanes::REFERENCE * LANES + k];
        let v = match unit {
            Some(u) => u.desc.sample(&a),
            None if a.shadow != 0 => [0; 4],
            None => UNBOUND,
        };
        for (c, x) in v.into_iter().enumerate() {
            out[c * LANES + k] = x;
        }
    }
}

/// textureSize at level base + `lod`, and textureSamples (0 for a texture that is not
/// multisample), into `out` (four u32).
///
/// # Safety
/// `table` points to the dispatch's SamplerTable; `out` to four writable u32.
pub unsafe extern "C" fn tex_size(table: *const SamplerTable, unit: u32, lod: i32, out: *mut u32) {
    // SAFETY: as this function's contract.
    let s = match unsafe { unit_desc(table, unit) } {
        Some(d) => {
            let [w, h, z] = d.size(lod);
            [w, h, z, d.samples]
        }
        None => [0; 4],
    };
    write4(out, s);
}

/// textureQueryLevels: the levels a lookup can reach; 0 for an incomplete texture.
///
/// # Safety
/// `table` points to the dispatch's SamplerTable.
pub unsafe extern "C" fn tex_levels(table: *const SamplerTable, unit: u32) -> i32 {
    // SAFETY: as this function's contract.
    match unsafe { unit_desc(table, unit) } {
        Some(d) if d.complete => d.levels.len() as i32,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direct_layout() {
        use std::mem::{offset_of, size_of};
        assert_eq!(offset_of!(SamplerTable, direct), 0);
        assert_eq!(offset_of!(Direct, kind) as i32, direct::KIND);
        assert_eq!(offset_of!(Direct, row) as i32, direct::ROW);
        assert_eq!(offset_of!(Direct, ptr) as i32, direct::PTR);
        assert_eq!(offset_of!(Direct, size) as i32, direct::SIZE);
        assert_eq!(offset_of!(Direct, xmask) as i32, direct::XMASK);
        assert_eq!(offset_of!(Direct, xlo) as i32, direct::XLO);
        assert_eq!(offset_of!(Direct, xhi) as i32, direct::XHI);
        assert_eq!(offset_of!(Direct, ymask) as i32, direct::YMASK);
        assert_eq!(offset_of!(Direct, ylo) as i32, direct::YLO);
        assert_eq!(offset_of!(Direct, yhi) as i32, direct::YHI);
        assert_eq!(size_of::<Direct>() as i64, direct::BYTES);
    }
}
