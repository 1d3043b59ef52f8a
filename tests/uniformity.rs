//! The uniformity analysis on a table of shaders: for each, the expected class of
//! named locals of main (dispatch-uniform, group-uniform or varying), and the lines
//! of the barriers it reports as divergent.

use std::sync::Arc;

use glcompute_driver::glsl;
use glcompute_driver::ir::shader::Stage;
use glcompute_driver::ir::uniformity::{Analysis, Uniformity, Uniformity::*, analyze};
use glcompute_driver::ir::{LocalId, barrier_functions};

const HEAD: &str = "#version 430\nlayout(local_size_x = 8) in;\nlayout(std430, binding = 0) buffer B { uint v[]; };\nlayout(std430, binding = 1) readonly buffer R { uint ro[]; };\nuniform uint u;\nshared uint sh[8];\n";

/// Compiles and links `src`, and analyzes the program from main.
fn analyzed(src: &str) -> (glsl::LinkedProgram, Analysis) {
    let (sh, _) = glsl::compile(Stage::Compute, src).unwrap_or_else(|l| panic!("{l}\n{src}"));
    let (p, _) = glsl::link(&[(1, Stage::Compute, Some(Arc::new(sh)))], true)
        .unwrap_or_else(|l| panic!("{l}\n{src}"));
    let m = &p.module;
    let main = m.entry().expect("main");
    let a = analyze(m, main, &barrier_functions(m));
    (p, a)
}

/// Links `body` after HEAD; checks each (local of main, class) and the divergent
/// barrier lines (source lines, HEAD is 6 lines).
fn case(body: &str, expect: &[(&str, Uniformity)], divergent_lines: &[u32]) {
    let (p, a) = analyzed(&format!("{HEAD}{body}"));
    let m = &p.module;
    let main = m.entry().expect("main");
    let f = m.function(main);
    for (name, want) in expect {
        let l = f
            .locals
            .iter()
            .position(|l| l.name == *name)
            .unwrap_or_else(|| panic!("no local `{name}'"));
        let got = a.local(main, LocalId(l as u32)).expect("analyzed");
        assert_eq!(got, *want, "`{name}' in\n{body}\n{}", a.describe(m));
    }
    let mut lines: Vec<u32> = a.divergent_barriers.iter().map(|(_, s)| s.line).collect();
    lines.sort();
    assert_eq!(lines, divergent_lines, "divergent barriers in\n{body}");
}

#[test]
fn sources_of_values() {
    case(
        "void main() {
            uint c = 3u; uint n = gl_NumWorkGroups.x; uint uu = u + c; uint w = gl_WorkGroupID.y;
            uint lid = gl_LocalInvocationID.x; uint gid = gl_GlobalInvocationID.x; uint idx = gl_LocalInvocationIndex;
            uint rw = v[0]; uint r = ro[c]; uint rv = ro[lid]; uint s = sh[0]; uint at = atomicAdd(v[1], 1u);
            uint mix_ = w + n; uint ws = gl_WorkGroupSize.x;
        }",
        &[
            ("c", Dispatch),
            ("n", Dispatch),
            ("uu", Dispatch),
            ("w", Group),
            ("lid", Varying),
            ("gid", Varying),
            ("idx", Varying),
            ("rw", Varying),
            ("r", Dispatch),
            ("rv", Varying),
            ("s", Varying),
            ("at", Varying),
            ("mix_", Group),
            ("ws", Dispatch),
        ],
        &[],
    );
}

#[test]
fn control_flow_makes_values_vary() {
    case(
        "void main() {
            uint id = gl_LocalInvocationIndex;
            uint a = 0u; uint b = 0u; uint c = 0u; uint d = 0u; uint e = 0u;
            if (id < 4u) a = 1u;
            if (gl_WorkGroupID.x == 0u) b = 1u;
            for (uint i = 0u; i < u; i++) c += i;
            for (uint j = 0u; j < 8u; j++) { if (id == j) break; d += 1u; }
            e = id > 2u ? 1u : 0u;
            uint arr[4]; arr[0] = 1u; arr[id % 4u] = 2u;
            uint arr2[4]; arr2[1] = c;
        }",
        &[
            ("a", Varying),
            ("b", Group),
            ("c", Dispatch),
            ("i", Dispatch),
            ("d", Varying),
            ("j", Varying),
            ("e", Varying),
            ("arr", Varying),
            ("arr2", Dispatch),
        ],
        &[],
    );
}

#[test]
fn functions_join_their_call_sites() {
    case(
        "uint twice(uint x) { return x * 2u; }
        uint first(uint x) { return x; }
        void main() {
            uint p = twice(3u);
            uint q = first(5u);
            uint r = first(gl_LocalInvocationIndex);
            uint s2 = twice(gl_WorkGroupID.x);
        }",
        // `first' is called with a varying argument somewhere: its result varies at
        // every call (context-insensitive); `twice' joins dispatch and group.
        &[("p", Group), ("q", Varying), ("r", Varying), ("s2", Group)],
        &[],
    );
}

#[test]
fn divergent_barriers_found() {
    case(
        "uint ex(uint x) { sh[gl_LocalInvocationIndex] = x; barrier(); return sh[0]; }
        void main() {
            uint id = gl_LocalInvocationIndex;
            if (id < 5u) barrier();
            for (uint s = 4u; s > 0u; s >>= 1) { if (id < s) sh[id] += sh[id + s]; barrier(); }
            while (sh[0] > 0u) { barrier(); sh[0] = 0u; }
            if (gl_WorkGroupID.x == 1u) { uint t = ex(1u); }
            if (id == 0u) { uint t2 = ex(2u); }
            switch (id) { case 0u: v[0] = 1u; break; default: break; }
            barrier();
            if (id > 6u) return;
            barrier();
        }",
        &[("id", Varying), ("s", Dispatch)],
        // Line 10: under `id < 5u`; 12: a loop on shared memory (which the analysis
        // cannot prove uniform); 14: a call of a barrier function under `id == 0u`;
        // 18: after a return some invocations took. Not 11, 13 or 16.
        &[10, 12, 14, 18],
    );
}

/// Links `body` after HEAD (local size 8 x 1 x 1) or `head`; checks each (local of
/// main, stride of its affine form, None where none is proven).
fn affine_case(head: &str, body: &str, expect: &[(&str, Option<i64>)]) {
    let (p, a) = analyzed(&format!("{head}{body}"));
    let m = &p.module;
    let main = m.entry().expect("main");
    let f = m.function(main);
    for (name, want) in expect {
        let l = f
            .locals
            .iter()
            .position(|l| l.name == *name)
            .unwrap_or_else(|| panic!("no local `{name}'"));
        let got = a.affine[main.0 as usize][l];
        assert_eq!(
            got,
            *want,
            "stride of `{name}' in\n{body}\n{}",
            a.describe(m)
        );
    }
}

#[test]
fn affine_forms() {
    affine_case(
        HEAD,
        "void main() {
            uint id = gl_LocalInvocationIndex;
            uint lx = gl_LocalInvocationID.x;
            uint gx = gl_GlobalInvocationID.x;
            uint two = 2u * id + u;
            uint shifted = (id << 2) - gl_WorkGroupID.x;
            int neg = -int(id) + 5;
            uint c = u * 3u;
            uint sq = id * id;
            uint byvar = id * u;
            uint halves = id / 2u;
            uint loaded = v[id];
            uint walk = id; walk += 8u; walk++;
            uint mixed = id; mixed = 3u * id;
            uint cond = 0u; if (id < 4u) cond = 1u;
            uint later; later = gx;
            uint chain1 = id; uint chain2 = chain1 + u; uint chain3 = chain2 * 2u;
        }",
        &[
            ("id", Some(1)),
            ("lx", Some(1)),
            ("gx", Some(1)),
            ("two", Some(2)),
            ("shifted", Some(4)),
            ("neg", Some(-1)),
            ("c", Some(0)),
            ("sq", None),
            ("byvar", None),
            ("halves", None),
            ("loaded", None),
            ("walk", Some(1)),
            ("mixed", None),
            ("cond", None),
            ("later", Some(1)),
            ("chain3", Some(2)),
        ],
    );
    // A local assigned under a condition that varies has no form, even a uniform value;
    // nor does one passed as an out argument or written through a swizzle.
    affine_case(
        HEAD,
        "void f(out uint x) { x = 1u; }
        void main() {
            uint id = gl_LocalInvocationIndex;
            uint a = id; if (id > 3u) { a = id + 1u; }
            uint b = id; f(b);
            uvec2 w = uvec2(id); w.x = id;
            uint d = id; for (uint i = 0u; i < u; i++) { d += 4u; }
        }",
        &[("a", None), ("b", None), ("w", None), ("d", Some(1))],
    );
    // gl_LocalInvocationID.y is the local index only when x and z extend one invocation.
    affine_case(
        "#version 430\nlayout(local_size_x = 1, local_size_y = 16) in;\nuniform uint u;\n",
        "void main() { uint y = gl_LocalInvocationID.y; uint x = gl_LocalInvocationID.x; uint gy = gl_GlobalInvocationID.y * 4u; }",
        &[("y", Some(1)), ("x", Some(0)), ("gy", Some(4))],
    );
    affine_case(
        "#version 430\nlayout(local_size_x = 4, local_size_y = 4) in;\n",
        "void main() { uint x = gl_LocalInvocationID.x; uint i = gl_LocalInvocationIndex; }",
        &[("x", None), ("i", Some(1))],
    );
}
