//! textureGatherOffsets (GLSL 4.60 §8.9.4; GLSL 4.00 and GL_ARB_gpu_shader5, GLSL ES
//! 3.20 and GL_EXT/OES_gpu_shader5): for each of its four constant offsets, the texel
//! i0j0 of the footprint that textureGatherOffset finds at that offset, which is the
//! fourth (w) component of textureGatherOffset's result. The call becomes those four
//! gathers, so the IR and the back end have no built-in of their own for it.

use super::*;

impl Checker<'_> {
    /// `textureGatherOffsets(sampler, P, offsets [, comp])` with checked arguments.
    pub(super) fn gather_offsets(&mut self, vals: Vec<ExprId>, span: Span) -> Option<ExprId> {
        let available = match self.m.es_version {
            Some(v) => v >= 320 || self.ext("GL_EXT_gpu_shader5") || self.ext("GL_OES_gpu_shader5"),
            None => self.version >= 400 || self.ext("GL_ARB_gpu_shader5"),
        };
        if !available {
            self.error(
                span,
                "`textureGatherOffsets' requires GLSL 4.00, GLSL ES 3.20 or GL_ARB_gpu_shader5",
            );
            return None;
        }
        // (sampler, P, offsets [, comp]), or for a shadow sampler (sampler, P, refZ,
        // offsets).
        let shadow = vals.first().is_some_and(|&s| self.is_shadow_sampler(s));
        let at = if shadow { 3 } else { 2 };
        if !(3..=4).contains(&vals.len()) || vals.len() <= at {
            self.error(
                span,
                "textureGatherOffsets takes a sampler, coordinates, a reference for a shadow sampler, an ivec2[4] of offsets and, but for a shadow sampler, an optional component",
            );
            return None;
        }
        let ivec2 = self.m.types.vector(Scalar::Int, 2);
        let offsets_ty = self.ty(vals[at]);
        if !matches!(self.m.types.get(offsets_ty), Type::Array(e, Some(4)) if *e == ivec2) {
            self.error(
                span,
                format!(
                    "textureGatherOffsets' offsets are an ivec2[4], not `{}'",
                    self.tname(offsets_ty)
                ),
            );
            return None;
        }
        // GLSL 4.60 §8.9.4: "offsets ... must be a constant expression".
        let offsets = match self.fold(vals[at]) {
            Some(ConstValue::Composite(_, parts)) if parts.len() == 4 => parts,
            _ => {
                self.error(
                    span,
                    "textureGatherOffsets' offsets must be a constant expression",
                );
                return None;
            }
        };
        // The sampler is named four times: a sampler expression cannot be kept in a
        // temporary, so it must be one without side effects.
        if !self.is_pure(vals[0]) {
            self.error(
                span,
                "textureGatherOffsets' sampler must be an expression without side effects",
            );
            return None;
        }
        let samplers = self.reuse(vals[0], 4);
        let coords = self.reuse(vals[1], 4);
        // The shadow reference, or the component: a constant component is given to
        // each lookup as a constant (textureGatherOffset checks that it is one), any
        // other expression through a temporary.
        let extra = if shadow {
            Some(vals[2])
        } else {
            vals.get(3).copied()
        };
        let extra = extra.map(|e| match self.fold(e).filter(|_| !shadow) {
            Some(c) => {
                let ty = self.ty(e);
                let span = self.espan(e);
                (0..4).map(|_| self.constant(c.clone(), ty, span)).collect()
            }
            None => self.reuse(e, 4),
        });
        let mut texels = Vec::with_capacity(4);
        let mut ret = None;
        for (i, offset) in offsets.into_iter().enumerate() {
            let offset = self.constant(offset, ivec2, span);
            let mut args = vec![samplers[i], coords[i]];
            match &extra {
                Some(r) if shadow => args.extend([r[i], offset]),
                Some(c) => args.extend([offset, c[i]]),
                None => args.push(offset),
            }
            let g = self.call_values("textureGatherOffset", args, span)?;
            let ty = self.ty(g);
            ret = Some(ty);
            let scalar = self.m.types.scalar_of(ty).unwrap_or(Scalar::Float);
            let sty = self.m.types.scalar(scalar);
            texels.push(self.add(
                ExprKind::Swizzle {
                    base: g,
                    comps: vec![3],
                },
                sty,
                span,
            ));
        }
        Some(self.add(ExprKind::Compose(texels), ret?, span))
    }
}
