//! The image, texture and graphics-stage built-in functions (GLSL 4.60 §8.9, §8.12-§8.17,
//! and GLSL 1.20's texture functions), as concrete overloads added to the table.

use super::overload::*;
use crate::ir::builtins::overload::ALL_DIMS;
use crate::ir::builtins::overload::EXTENSION_ONLY;
use crate::ir::builtins::overload::Table;
use crate::ir::builtins::overload::fixed;
use crate::ir::builtins::overload::gen_fns;
use crate::ir::{Builtin, Dim, Opaque};

/// Adds the overloads of §8.9 and §8.12-§8.17 to `t`.
pub(super) fn add(t: &mut Table) {
    use Builtin::*;
    let vec = |s, n| Ty::Vec(s, n);
    // 8.12 image functions.
    for dim in ALL_DIMS {
        for sampled in [F, I, U] {
            let img = Ty::Image(Opaque {
                dim,
                sampled,
                shadow: false,
            });
            let coord = vec(I, dim.coord_size());
            let texel = vec(sampled, 4);
            fixed(
                t,
                "imageSize",
                ImageSize,
                vec(I, dim.size_components()),
                &[img],
                420,
            );
            if dim.is_ms() {
                fixed(
                    t,
                    "imageLoad",
                    ImageLoad,
                    texel,
                    &[img, coord, vec(I, 1)],
                    420,
                );
                fixed(
                    t,
                    "imageStore",
                    ImageStore,
                    Ty::Void,
                    &[img, coord, vec(I, 1), texel],
                    420,
                );
                fixed(t, "imageSamples", ImageSamples, vec(I, 1), &[img], 450);
            } else {
                fixed(t, "imageLoad", ImageLoad, texel, &[img, coord], 420);
                fixed(
                    t,
                    "imageStore",
                    ImageStore,
                    Ty::Void,
                    &[img, coord, texel],
                    420,
                );
            }
            let sample: &[Ty] = if dim.is_ms() { &[vec(I, 1)] } else { &[] };
            if sampled != F {
                let data = vec(sampled, 1);
                for (name, fun) in [
                    ("imageAtomicAdd", ImageAtomicAdd),
                    ("imageAtomicMin", ImageAtomicMin),
                    ("imageAtomicMax", ImageAtomicMax),
                    ("imageAtomicAnd", ImageAtomicAnd),
                    ("imageAtomicOr", ImageAtomicOr),
                    ("imageAtomicXor", ImageAtomicXor),
                    ("imageAtomicExchange", ImageAtomicExchange),
                ] {
                    let mut p = vec![img, coord];
                    p.extend_from_slice(sample);
                    p.push(data);
                    fixed(t, name, fun, data, &p, 420);
                }
                let mut p = vec![img, coord];
                p.extend_from_slice(sample);
                p.extend([data, data]);
                fixed(t, "imageAtomicCompSwap", ImageAtomicCompSwap, data, &p, 420);
            } else {
                let mut p = vec![img, coord];
                p.extend_from_slice(sample);
                p.push(vec(F, 1));
                fixed(
                    t,
                    "imageAtomicExchange",
                    ImageAtomicExchange,
                    vec(F, 1),
                    &p,
                    450,
                );
                // GL_NV_shader_atomic_float (add) and GL_INTEL_shader_atomic_float_
                // minmax (min, max, compare-swap) on r32f images.
                for (name, fun) in [
                    ("imageAtomicAdd", ImageAtomicAdd),
                    ("imageAtomicMin", ImageAtomicMin),
                    ("imageAtomicMax", ImageAtomicMax),
                ] {
                    fixed(t, name, fun, vec(F, 1), &p, EXTENSION_ONLY);
                }
                let mut p = vec![img, coord];
                p.extend_from_slice(sample);
                p.extend([vec(F, 1), vec(F, 1)]);
                fixed(
                    t,
                    "imageAtomicCompSwap",
                    ImageAtomicCompSwap,
                    vec(F, 1),
                    &p,
                    EXTENSION_ONLY,
                );
            }
        }
    }
    // 8.9 texture functions usable without derivatives.
    for dim in ALL_DIMS {
        for sampled in [F, I, U] {
            let smp = Ty::Sampler(Opaque {
                dim,
                sampled,
                shadow: false,
            });
            let texel = vec(sampled, 4);
            let size = vec(I, dim.size_components());
            let icoord = vec(I, dim.coord_size());
            let fcoord = vec(F, dim.tex_coord_components());
            let off = dim.offset_components();
            match dim {
                Dim::Buffer => {
                    fixed(t, "textureSize", TextureSize, size, &[smp], 140);
                    fixed(t, "texelFetch", TexelFetch, texel, &[smp, icoord], 140);
                }
                Dim::D2Ms | Dim::D2MsArray => {
                    fixed(t, "textureSize", TextureSize, size, &[smp], 150);
                    fixed(
                        t,
                        "texelFetch",
                        TexelFetch,
                        texel,
                        &[smp, icoord, vec(I, 1)],
                        150,
                    );
                    fixed(t, "textureSamples", TextureSamples, vec(I, 1), &[smp], 450);
                }
                Dim::Rect => {
                    fixed(t, "textureSize", TextureSize, size, &[smp], 140);
                    fixed(t, "texelFetch", TexelFetch, texel, &[smp, icoord], 140);
                    fixed(
                        t,
                        "texelFetchOffset",
                        TexelFetchOffset,
                        texel,
                        &[smp, icoord, vec(I, 2)],
                        140,
                    );
                    fixed(t, "texture", Texture, texel, &[smp, fcoord], 140);
                    fixed(
                        t,
                        "textureOffset",
                        TextureOffset,
                        texel,
                        &[smp, fcoord, vec(I, 2)],
                        140,
                    );
                    fixed(
                        t,
                        "textureGrad",
                        TextureGrad,
                        texel,
                        &[smp, fcoord, vec(F, 2), vec(F, 2)],
                        140,
                    );
                    fixed(
                        t,
                        "textureGradOffset",
                        TextureGradOffset,
                        texel,
                        &[smp, fcoord, vec(F, 2), vec(F, 2), vec(I, 2)],
                        140,
                    );
                    gathers(t, smp, texel, fcoord, true);
                }
                _ => {
                    fixed(t, "textureSize", TextureSize, size, &[smp, vec(I, 1)], 130);
                    fixed(
                        t,
                        "textureQueryLevels",
                        TextureQueryLevels,
                        vec(I, 1),
                        &[smp],
                        430,
                    );
                    fixed(t, "texture", Texture, texel, &[smp, fcoord], 130);
                    fixed(t, "texture", Texture, texel, &[smp, fcoord, vec(F, 1)], 130);
                    fixed(
                        t,
                        "textureLod",
                        TextureLod,
                        texel,
                        &[smp, fcoord, vec(F, 1)],
                        130,
                    );
                    let grad = vec(
                        F,
                        if dim == Dim::Cube || dim == Dim::CubeArray {
                            3
                        } else {
                            off.max(1)
                        },
                    );
                    fixed(
                        t,
                        "textureGrad",
                        TextureGrad,
                        texel,
                        &[smp, fcoord, grad, grad],
                        130,
                    );
                    if dim != Dim::Cube && dim != Dim::CubeArray {
                        fixed(
                            t,
                            "texelFetch",
                            TexelFetch,
                            texel,
                            &[smp, icoord, vec(I, 1)],
                            130,
                        );
                        let o = vec(I, off);
                        fixed(
                            t,
                            "texelFetchOffset",
                            TexelFetchOffset,
                            texel,
                            &[smp, icoord, vec(I, 1), o],
                            130,
                        );
                        fixed(
                            t,
                            "textureOffset",
                            TextureOffset,
                            texel,
                            &[smp, fcoord, o],
                            130,
                        );
                        fixed(
                            t,
                            "textureOffset",
                            TextureOffset,
                            texel,
                            &[smp, fcoord, o, vec(F, 1)],
                            130,
                        );
                        fixed(
                            t,
                            "textureLodOffset",
                            TextureLodOffset,
                            texel,
                            &[smp, fcoord, vec(F, 1), o],
                            130,
                        );
                        fixed(
                            t,
                            "textureGradOffset",
                            TextureGradOffset,
                            texel,
                            &[smp, fcoord, grad, grad, o],
                            130,
                        );
                    }
                    if matches!(dim, Dim::D2 | Dim::D2Array | Dim::Cube | Dim::CubeArray) {
                        gathers(
                            t,
                            smp,
                            texel,
                            fcoord,
                            dim != Dim::Cube && dim != Dim::CubeArray,
                        );
                    }
                }
            }
        }
        // Shadow samplers: the reference value follows the coordinates.
        if matches!(
            dim,
            Dim::D1
                | Dim::D2
                | Dim::Cube
                | Dim::Rect
                | Dim::D1Array
                | Dim::D2Array
                | Dim::CubeArray
        ) {
            let smp = Ty::Sampler(Opaque {
                dim,
                sampled: F,
                shadow: true,
            });
            let size = vec(I, dim.size_components());
            if dim == Dim::Rect {
                fixed(t, "textureSize", TextureSize, size, &[smp], 140);
            } else {
                fixed(t, "textureSize", TextureSize, size, &[smp, vec(I, 1)], 130);
                // GLSL 4.60 §8.9.1: textureQueryLevels takes the shadow samplers too.
                fixed(
                    t,
                    "textureQueryLevels",
                    TextureQueryLevels,
                    vec(I, 1),
                    &[smp],
                    430,
                );
            }
            let n = dim.tex_coord_components();
            if n < 4 {
                // sampler1DShadow uses vec3 (s, unused, ref) for historical reasons.
                let c = vec(F, if dim == Dim::D1 { 3 } else { n + 1 });
                let f1 = vec(F, 1);
                let v = if dim == Dim::Rect { 140 } else { 130 };
                fixed(t, "texture", Texture, f1, &[smp, c], v);
                if dim != Dim::Cube && dim != Dim::Rect && dim != Dim::D2Array {
                    fixed(t, "textureLod", TextureLod, f1, &[smp, c, f1], 130);
                }
                // GLSL 4.60 §8.9.2's other shadow lookups: a bias (not for
                // rectangles and 2D arrays), explicit gradients, offsets, and the
                // projective forms of 1D, 2D and rectangle shadow samplers (a vec4
                // whose z is the reference and w the q the front end divides by).
                let bias = matches!(dim, Dim::D1 | Dim::D2 | Dim::Cube | Dim::D1Array);
                let lod = matches!(dim, Dim::D1 | Dim::D2 | Dim::D1Array);
                let g = vec(
                    F,
                    if dim == Dim::Cube {
                        3
                    } else {
                        dim.offset_components()
                    },
                );
                let o = vec(I, dim.offset_components());
                if bias {
                    fixed(t, "texture", Texture, f1, &[smp, c, f1], 130);
                }
                fixed(t, "textureGrad", TextureGrad, f1, &[smp, c, g, g], v);
                if dim != Dim::Cube {
                    fixed(t, "textureOffset", TextureOffset, f1, &[smp, c, o], v);
                    fixed(
                        t,
                        "textureGradOffset",
                        TextureGradOffset,
                        f1,
                        &[smp, c, g, g, o],
                        v,
                    );
                    if bias {
                        fixed(t, "textureOffset", TextureOffset, f1, &[smp, c, o, f1], 130);
                    }
                    if lod {
                        fixed(
                            t,
                            "textureLodOffset",
                            TextureLodOffset,
                            f1,
                            &[smp, c, f1, o],
                            130,
                        );
                    }
                }
                if matches!(dim, Dim::D1 | Dim::D2 | Dim::Rect) {
                    projective(t, smp, f1, vec(F, 4), g, o, v, dim != Dim::Rect);
                }
            } else {
                fixed(
                    t,
                    "texture",
                    Texture,
                    vec(F, 1),
                    &[smp, vec(F, 4), vec(F, 1)],
                    130,
                );
            }
            // GLSL 4.60 §8.9.4: the shadow gathers (GLSL 4.00), the reference an
            // argument after the coordinates; four comparison results.
            if matches!(
                dim,
                Dim::D2 | Dim::D2Array | Dim::Cube | Dim::CubeArray | Dim::Rect
            ) {
                let p = vec(F, n);
                let (f1, v4) = (vec(F, 1), vec(F, 4));
                fixed(t, "textureGather", TextureGather, v4, &[smp, p, f1], 400);
                if !matches!(dim, Dim::Cube | Dim::CubeArray) {
                    let o = vec(I, 2);
                    fixed(
                        t,
                        "textureGatherOffset",
                        TextureGatherOffset,
                        v4,
                        &[smp, p, f1, o],
                        400,
                    );
                }
            }
        }
    }
    // 8.9.2 projective lookups (GLSL 1.30): the coordinates with q last (for 1D and 2D
    // also as a vec4 with q in w); the front end divides by q (sema::calls).
    for dim in [Dim::D1, Dim::D2, Dim::D3, Dim::Rect] {
        for sampled in [F, I, U] {
            let smp = Ty::Sampler(Opaque {
                dim,
                sampled,
                shadow: false,
            });
            let texel = vec(sampled, 4);
            let n = dim.tex_coord_components();
            let grad = vec(F, n);
            let o = vec(I, dim.offset_components());
            let v = if dim == Dim::Rect { 140 } else { 130 };
            let mut coords = vec![vec(F, n + 1)];
            if n + 1 < 4 {
                coords.push(vec(F, 4));
            }
            for c in coords {
                projective(t, smp, texel, c, grad, o, v, dim != Dim::Rect);
            }
        }
    }
    // GLSL 1.20 §8.7's texture functions (compatibility profile since GLSL 1.40): the
    // same lookups as texture() and textureLod() on float samplers.
    for (dim, n, suffix) in [
        (Dim::D1, 1, "1D"),
        (Dim::D2, 2, "2D"),
        (Dim::D3, 3, "3D"),
        (Dim::Cube, 3, "Cube"),
    ] {
        let smp = Ty::Sampler(Opaque {
            dim,
            sampled: F,
            shadow: false,
        });
        let texel = vec(F, 4);
        let name: &'static str = match suffix {
            "1D" => "texture1D",
            "2D" => "texture2D",
            "3D" => "texture3D",
            _ => "textureCube",
        };
        let lod: &'static str = match suffix {
            "1D" => "texture1DLod",
            "2D" => "texture2DLod",
            "3D" => "texture3DLod",
            _ => "textureCubeLod",
        };
        let c = vec(F, n);
        fixed(t, name, Texture, texel, &[smp, c], COMPATIBILITY_ONLY);
        fixed(
            t,
            name,
            Texture,
            texel,
            &[smp, c, vec(F, 1)],
            COMPATIBILITY_ONLY,
        );
        fixed(
            t,
            lod,
            TextureLod,
            texel,
            &[smp, c, vec(F, 1)],
            COMPATIBILITY_ONLY,
        );
        // texture1DProj, texture2DProj, texture3DProj and their Lod forms.
        let (proj, proj_lod): (&'static str, &'static str) = match suffix {
            "1D" => ("texture1DProj", "texture1DProjLod"),
            "2D" => ("texture2DProj", "texture2DProjLod"),
            "3D" => ("texture3DProj", "texture3DProjLod"),
            _ => continue,
        };
        let mut coords = vec![vec(F, n + 1)];
        if n + 1 < 4 {
            coords.push(vec(F, 4));
        }
        for c in coords {
            let f1 = vec(F, 1);
            fixed(t, proj, TextureProj, texel, &[smp, c], COMPATIBILITY_ONLY);
            fixed(
                t,
                proj,
                TextureProj,
                texel,
                &[smp, c, f1],
                COMPATIBILITY_ONLY,
            );
            fixed(
                t,
                proj_lod,
                TextureProjLod,
                texel,
                &[smp, c, f1],
                COMPATIBILITY_ONLY,
            );
        }
    }
    // textureQueryLod (GLSL 4.60 §8.9.1, from 4.00): fragment shaders, and compute
    // shaders with GL_NV_compute_shader_derivatives (sema checks the stage).
    for (dim, n) in [
        (Dim::D1, 1),
        (Dim::D2, 2),
        (Dim::D3, 3),
        (Dim::Cube, 3),
        (Dim::D1Array, 1),
        (Dim::D2Array, 2),
        (Dim::CubeArray, 3),
    ] {
        for (sampled, shadow) in [(F, false), (I, false), (U, false), (F, true)] {
            if shadow && dim == Dim::D3 {
                continue;
            }
            let smp = Ty::Sampler(Opaque {
                dim,
                sampled,
                shadow,
            });
            fixed(
                t,
                "textureQueryLod",
                TextureQueryLod,
                vec(F, 2),
                &[smp, vec(F, n)],
                400,
            );
            // The form with the coordinates' derivatives that sema::derivatives makes
            // of it in a derivative group (a name no shader can call).
            fixed(
                t,
                "textureQueryLod (with derivatives)",
                TextureQueryLod,
                vec(F, 2),
                &[smp, vec(F, n), vec(F, n), vec(F, n)],
                400,
            );
        }
    }
    // GLSL 1.20 §8.7's shadow functions (compatibility profile since GLSL 1.40): the
    // shadow lookups, whose float result the front end widens to the vec4 these return
    // (sema::calls::widen_compat_shadow).
    for (dim, suffix) in [(Dim::D1, "1D"), (Dim::D2, "2D")] {
        let smp = Ty::Sampler(Opaque {
            dim,
            sampled: F,
            shadow: true,
        });
        let f1 = vec(F, 1);
        let names: [(&'static str, Builtin, Ty, bool); 4] = match suffix {
            "1D" => [
                ("shadow1D", Texture, vec(F, 3), false),
                ("shadow1DProj", TextureProj, vec(F, 4), false),
                ("shadow1DLod", TextureLod, vec(F, 3), true),
                ("shadow1DProjLod", TextureProjLod, vec(F, 4), true),
            ],
            _ => [
                ("shadow2D", Texture, vec(F, 3), false),
                ("shadow2DProj", TextureProj, vec(F, 4), false),
                ("shadow2DLod", TextureLod, vec(F, 3), true),
                ("shadow2DProjLod", TextureProjLod, vec(F, 4), true),
            ],
        };
        for (name, fun, c, lod) in names {
            if lod {
                fixed(t, name, fun, f1, &[smp, c, f1], COMPATIBILITY_ONLY);
            } else {
                fixed(t, name, fun, f1, &[smp, c], COMPATIBILITY_ONLY);
                fixed(t, name, fun, f1, &[smp, c, f1], COMPATIBILITY_ONLY);
            }
        }
    }
    // 8.14 derivatives and 8.13 interpolation (fragment shaders only), 8.15 geometry
    // shader functions: checked in graphics stages, never compiled.
    for (name, fun, v) in [
        ("dFdx", Dfdx, 110),
        ("dFdy", Dfdy, 110),
        ("fwidth", Fwidth, 110),
        ("dFdxFine", DfdxFine, 450),
        ("dFdyFine", DfdyFine, 450),
        ("fwidthFine", FwidthFine, 450),
        ("dFdxCoarse", DfdxCoarse, 450),
        ("dFdyCoarse", DfdyCoarse, 450),
        ("fwidthCoarse", FwidthCoarse, 450),
    ] {
        gen_fns(t, name, fun, &[F], 1..=4, "g g", v);
    }
    gen_fns(
        t,
        "interpolateAtCentroid",
        InterpolateAtCentroid,
        &[F],
        1..=4,
        "g g",
        400,
    );
    gen_fns(
        t,
        "interpolateAtSample",
        InterpolateAtSample,
        &[F],
        1..=4,
        "g g i",
        400,
    );
    for n in 1..=4 {
        fixed(
            t,
            "interpolateAtOffset",
            InterpolateAtOffset,
            vec(F, n),
            &[vec(F, n), vec(F, 2)],
            400,
        );
    }
    fixed(t, "EmitVertex", EmitVertex, Ty::Void, &[], 150);
    fixed(t, "EndPrimitive", EndPrimitive, Ty::Void, &[], 150);
    fixed(
        t,
        "EmitStreamVertex",
        EmitStreamVertex,
        Ty::Void,
        &[vec(I, 1)],
        400,
    );
    fixed(
        t,
        "EndStreamPrimitive",
        EndStreamPrimitive,
        Ty::Void,
        &[vec(I, 1)],
        400,
    );
    // 8.16 shader invocation control, 8.17 memory control.
    fixed(t, "barrier", Barrier, Ty::Void, &[], 150);
    fixed(t, "memoryBarrier", MemoryBarrier, Ty::Void, &[], 420);
    fixed(
        t,
        "memoryBarrierAtomicCounter",
        MemoryBarrierAtomicCounter,
        Ty::Void,
        &[],
        430,
    );
    fixed(
        t,
        "memoryBarrierBuffer",
        MemoryBarrierBuffer,
        Ty::Void,
        &[],
        430,
    );
    fixed(
        t,
        "memoryBarrierShared",
        MemoryBarrierShared,
        Ty::Void,
        &[],
        430,
    );
    fixed(
        t,
        "memoryBarrierImage",
        MemoryBarrierImage,
        Ty::Void,
        &[],
        430,
    );
    fixed(
        t,
        "groupMemoryBarrier",
        GroupMemoryBarrier,
        Ty::Void,
        &[],
        430,
    );
}

/// The projective lookups (GLSL 4.60 §8.9.2) of sampler `smp` with coordinates `c` (q
/// last) returning `ret`: textureProj, textureProjOffset, textureProjGrad and
/// textureProjGradOffset, and with `bias_lod` (every kind but rectangles) the forms
/// with a bias and textureProjLod, textureProjLodOffset.
#[allow(clippy::too_many_arguments)]
fn projective(t: &mut Table, smp: Ty, ret: Ty, c: Ty, grad: Ty, off: Ty, v: u16, bias_lod: bool) {
    use Builtin::*;
    let f1 = Ty::Vec(F, 1);
    fixed(t, "textureProj", TextureProj, ret, &[smp, c], v);
    fixed(
        t,
        "textureProjOffset",
        TextureProjOffset,
        ret,
        &[smp, c, off],
        v,
    );
    fixed(
        t,
        "textureProjGrad",
        TextureProjGrad,
        ret,
        &[smp, c, grad, grad],
        v,
    );
    let gradoff = [smp, c, grad, grad, off];
    fixed(
        t,
        "textureProjGradOffset",
        TextureProjGradOffset,
        ret,
        &gradoff,
        v,
    );
    if bias_lod {
        fixed(t, "textureProj", TextureProj, ret, &[smp, c, f1], v);
        fixed(
            t,
            "textureProjOffset",
            TextureProjOffset,
            ret,
            &[smp, c, off, f1],
            v,
        );
        fixed(t, "textureProjLod", TextureProjLod, ret, &[smp, c, f1], v);
        fixed(
            t,
            "textureProjLodOffset",
            TextureProjLodOffset,
            ret,
            &[smp, c, f1, off],
            v,
        );
    }
}

/// §8.9.4's gathers of a non-shadow sampler: `textureGather(s, P [, comp])` and, with
/// `offset` (2D, 2D array and rectangle samplers), `textureGatherOffset(s, P, offset
/// [, comp])` (GLSL 4.00; the offset need not be constant).
fn gathers(t: &mut Table, smp: Ty, texel: Ty, p: Ty, offset: bool) {
    use Builtin::*;
    let comp = Ty::Vec(I, 1);
    fixed(t, "textureGather", TextureGather, texel, &[smp, p], 400);
    fixed(
        t,
        "textureGather",
        TextureGather,
        texel,
        &[smp, p, comp],
        400,
    );
    if offset {
        let o = Ty::Vec(I, 2);
        fixed(
            t,
            "textureGatherOffset",
            TextureGatherOffset,
            texel,
            &[smp, p, o],
            400,
        );
        fixed(
            t,
            "textureGatherOffset",
            TextureGatherOffset,
            texel,
            &[smp, p, o, comp],
            400,
        );
    }
}
