//! The projective texture lookups (GLSL 4.60 §8.9.2: textureProj, textureProjOffset,
//! textureProjLod, textureProjLodOffset, textureProjGrad, textureProjGradOffset, and the
//! compatibility profile's texture1DProj and kin): the lookup without `Proj` of the
//! coordinates divided by their last component q. For a sampler1D the coordinate is
//! P.s / q, for sampler2D and sampler2DRect P.st / q, for sampler3D P.stp / q, whether
//! q is P's third component or (for vec4 coordinates) its fourth; for the shadow
//! samplers (a vec4 P) P.stp / q, the reference being the third.

use super::*;

impl Checker<'_> {
    /// The lookup a projective built-in stands for; None (inner) for any other built-in,
    /// None (outer) after an error.
    pub(super) fn projective_lookup(
        &mut self,
        fun: Builtin,
        args: &[ExprId],
        ret: TypeId,
        span: Span,
    ) -> Option<Option<ExprId>> {
        use Builtin::*;
        let base = match fun {
            TextureProj => Texture,
            TextureProjOffset => TextureOffset,
            TextureProjLod => TextureLod,
            TextureProjLodOffset => TextureLodOffset,
            TextureProjGrad => TextureGrad,
            TextureProjGradOffset => TextureGradOffset,
            _ => return Some(None),
        };
        let (smp, coord) = (args[0], args[1]);
        let n = match self.m.types.get(self.ty(smp)) {
            // A shadow lookup's coordinates and reference (for 1D: s, unused, ref).
            Type::Sampler(o) if o.shadow => 3,
            Type::Sampler(o) => o.dim.tex_coord_components() as u32,
            _ => {
                self.error(span, "internal: a projective lookup without a sampler");
                return None;
            }
        };
        let coord_ty = self.ty(coord);
        let k = self.m.types.components(coord_ty).unwrap_or(1);
        let f = self.m.types.scalar(Scalar::Float);
        let part_ty = if n == 1 {
            f
        } else {
            self.m.types.vector(Scalar::Float, n as u8)
        };
        // P is evaluated once, into a local.
        let p = self.temp_local(coord_ty, span);
        let place = self.add(ExprKind::Local(p), coord_ty, span);
        let set = self.add(
            ExprKind::Assign {
                place,
                op: None,
                value: coord,
            },
            coord_ty,
            span,
        );
        let read = |c: &mut Self, comps: Vec<u8>, ty: TypeId| {
            let whole = c.add(ExprKind::Local(p), coord_ty, span);
            c.add(ExprKind::Swizzle { base: whole, comps }, ty, span)
        };
        let q = read(self, vec![(k - 1) as u8], f);
        let q = if n == 1 {
            q
        } else {
            self.add(ExprKind::Splat(q), part_ty, span)
        };
        let part = read(self, (0..n as u8).collect(), part_ty);
        let divided = self.add(
            ExprKind::Binary {
                op: BinaryOp::Div,
                lhs: part,
                rhs: q,
            },
            part_ty,
            span,
        );
        let mut new_args = vec![smp, divided];
        new_args.extend_from_slice(&args[2..]);
        let lookup = match self.implicit_lod_lookup(base, &new_args, ret, span)? {
            Some(e) => e,
            None => self.add(
                ExprKind::Builtin {
                    fun: base,
                    args: new_args,
                },
                ret,
                span,
            ),
        };
        Some(Some(self.add(
            ExprKind::Sequence {
                first: set,
                second: lookup,
            },
            ret,
            span,
        )))
    }
}
