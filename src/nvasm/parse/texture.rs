//! Texture instructions (NV_gpu_program4 §2.X.4.4 and §2.X.8.Z, NV_gpu_program5,
//! NV_explicit_multisample, NV_texture_multisample): TEX, TXB, TXD, TXF, TXFMS, TXG,
//! TXL, TXP and TXQ with their targets (the shadow ones included), texture component
//! and constant texel offset, checked as the specs and NVIDIA's driver require.

use super::*;

impl Parser {
    /// A texture instruction's operands after its opcode and modifiers (`at`: the
    /// opcode, for errors about the instruction as a whole).
    pub(super) fn tex_inst(
        &mut self,
        op: &OpInfo,
        m: &Mods,
        rt: Option<DataType>,
        at: Pos,
    ) -> R<InstKind> {
        let dest = self.dest(rt, m.ntc)?;
        self.expect(',')?;
        // TXF, TXFMS and TXQ take integer coordinates (a level in TXQ's x, the
        // sample in TXFMS's w).
        let ct = if matches!(op.name, "TXF" | "TXFMS" | "TXQ") {
            DataType::S
        } else {
            DataType::F
        };
        let coords = self.operand(false, Some(ct), m.ntc)?;
        self.expect(',')?;
        // The vector operands before the texture (counted against the instruction
        // and target below): TXD's derivatives (NV_gpu_program4 §2.X.8.Z), TXGO's x
        // and y offsets (NV_gpu_program5 §2.X.8.Z), SHADOWARRAYCUBE's reference.
        let mut extra = Vec::new();
        while !self.at_texture() && extra.len() < 2 {
            let et = if op.name == "TXGO" {
                DataType::S
            } else {
                DataType::F
            };
            extra.push(self.operand(false, Some(et), m.ntc)?);
            self.expect(',')?;
        }
        let unit_at = self.pos();
        let (unit, rel) = self.unit_ref_rel(UnitKind::Texture)?;
        // TXG's component selector (NV_gpu_program5 §2.X.4.4: a scalar suffix
        // on the texture; x when absent); no other instruction takes one.
        let c_at = self.pos();
        let comp = if self.eat('.') {
            if !matches!(op.name, "TXG" | "TXGO") {
                return Err(LoadError::at(
                    c_at,
                    format!(
                        "{} takes no texture component (only TXG and TXGO do)",
                        op.name
                    ),
                ));
            }
            let w = self.ident()?;
            match w.as_str() {
                "x" => 0,
                "y" => 1,
                "z" => 2,
                "w" => 3,
                _ => {
                    return Err(LoadError::at(
                        c_at,
                        "TXG and TXGO select one component of the texture: \".x\", \".y\", \".z\" or \".w\"",
                    ));
                }
            }
        } else {
            0
        };
        self.expect(',')?;
        let t_at = self.pos();
        // The shadow targets (NV_gpu_program4 table X.17): the depth reference
        // in z (SHADOW1D, SHADOW2D, SHADOWRECT, SHADOWARRAY1D) or w
        // (SHADOWCUBE, SHADOWARRAY2D).
        let shadow = matches!(self.peek(), Tok::Ident(w) if w.starts_with("SHADOW"));
        let dim = if shadow {
            let w = self.ident()?;
            match &w["SHADOW".len()..] {
                "1D" => crate::ir::Dim::D1,
                "2D" => crate::ir::Dim::D2,
                "RECT" => crate::ir::Dim::Rect,
                "CUBE" => crate::ir::Dim::Cube,
                "ARRAY1D" => crate::ir::Dim::D1Array,
                "ARRAY2D" => crate::ir::Dim::D2Array,
                "ARRAYCUBE" => crate::ir::Dim::CubeArray,
                _ => {
                    return Err(LoadError::at(
                        t_at,
                        format!("\"{w}\" is not a texture target"),
                    ));
                }
            }
        } else {
            self.image_target().map_err(|_| {
                LoadError::at(
                    t_at,
                    "glcompute's texture instructions take the targets 1D 2D 3D CUBE RECT ARRAY1D ARRAY2D ARRAYCUBE BUFFER 2DMS ARRAY2DMS SHADOW1D SHADOW2D SHADOWRECT SHADOWCUBE SHADOWARRAY1D SHADOWARRAY2D SHADOWARRAYCUBE",
                )
            })?
        };
        if shadow {
            // NV_gpu_program4: TXB, TXL and TXP fail to load with SHADOWCUBE or
            // SHADOWARRAY2D; a depth comparison has a float result.
            let why = match op.name {
                "TXF" | "TXFMS" => Some(format!("{} takes no shadow target", op.name)),
                // GLSL has no gradient lookup of a shadow cube map array.
                "TXD" if dim == crate::ir::Dim::CubeArray => {
                    Some("TXD does not take this target".to_string())
                }
                "TXB" | "TXL" | "TXP"
                    if matches!(
                        dim,
                        crate::ir::Dim::Cube | crate::ir::Dim::D2Array | crate::ir::Dim::CubeArray
                    ) =>
                {
                    Some(format!("{} does not take this target", op.name))
                }
                "TXB" | "TXL" if dim == crate::ir::Dim::Rect => {
                    Some(format!("{} does not take this target", op.name))
                }
                "TXP" if dim == crate::ir::Dim::D1Array => {
                    Some(format!("{} does not take this target", op.name))
                }
                _ if op.name != "TXQ" && m.ty.is_some_and(|t| t != DataType::F) => {
                    Some("a shadow lookup's result is floating-point (.F)".to_string())
                }
                _ => None,
            };
            if let Some(why) = why {
                return Err(LoadError::at(t_at, why));
            }
        }
        let ms = matches!(dim, crate::ir::Dim::D2Ms | crate::ir::Dim::D2MsArray);
        if ms && !self.texture_multisample {
            return Err(LoadError::at(
                t_at,
                "the texture targets 2DMS and ARRAY2DMS need OPTION NV_texture_multisample",
            ));
        }
        if ms != (op.name == "TXFMS") && op.name != "TXQ" {
            return Err(LoadError::at(
                t_at,
                if ms {
                    "multisample targets are TXFMS's and TXQ's"
                } else {
                    "TXFMS takes the targets 2DMS and ARRAY2DMS"
                },
            ));
        }
        let ok = match op.name {
            "TXF" => !matches!(dim, crate::ir::Dim::Cube | crate::ir::Dim::CubeArray),
            "TXQ" | "TXFMS" => true,
            // NV_gpu_program5 §2.X.8.Z, TXG: 2D, CUBE, ARRAY2D, ARRAYCUBE and RECT
            // (and their shadow forms); TXGO: 2D, ARRAY2D and RECT (and theirs).
            "TXG" => matches!(
                dim,
                crate::ir::Dim::D2
                    | crate::ir::Dim::Cube
                    | crate::ir::Dim::D2Array
                    | crate::ir::Dim::CubeArray
                    | crate::ir::Dim::Rect
            ),
            "TXGO" => matches!(
                dim,
                crate::ir::Dim::D2 | crate::ir::Dim::D2Array | crate::ir::Dim::Rect
            ),
            "TXB" | "TXL" => !matches!(
                dim,
                crate::ir::Dim::CubeArray | crate::ir::Dim::Buffer | crate::ir::Dim::Rect
            ),
            "TXP" => !matches!(dim, crate::ir::Dim::CubeArray | crate::ir::Dim::Buffer),
            _ => dim != crate::ir::Dim::Buffer,
        };
        if !ok {
            return Err(LoadError::at(
                t_at,
                format!("{} does not take this target", op.name),
            ));
        }
        // The operands before the texture this instruction and target take.
        let want = match op.name {
            "TXD" | "TXGO" => 2,
            "TEX" | "TXG" if shadow && dim == crate::ir::Dim::CubeArray => 1,
            _ => 0,
        };
        if extra.len() != want {
            return Err(LoadError::at(
                if extra.len() > want { unit_at } else { at },
                match (op.name, want) {
                    ("TXD", _) => "TXD takes the partial derivatives in x and y as two vector operands before the texture".to_string(),
                    ("TXGO", _) => "TXGO takes the x and y texel offsets as two vector operands before the texture".to_string(),
                    (_, 1) => "the target SHADOWARRAYCUBE takes the depth reference as a second vector operand before the texture".to_string(),
                    _ => format!("{} takes one coordinate operand before the texture", op.name),
                },
            ));
        }
        let (offset, var_offset) = self.texel_offset(op.name, dim, m.ntc)?;
        // NV_gpu_program4 §2.X.8: one target per texture unit; glcompute needs one
        // texture type per unit too (TXQ takes any).
        let ty = (op.name != "TXQ").then(|| m.ty.unwrap_or(DataType::F));
        // A register-indexed array may reach each of its units.
        for u in unit..unit + rel.map_or(1, |r| r.1) {
            let entry = self.texture_units.entry(u).or_insert((dim, shadow, ty));
            if (entry.0, entry.1) != (dim, shadow) {
                return Err(LoadError::at(
                    t_at,
                    format!("texture unit {u} is used with two targets"),
                ));
            }
            match (entry.2, ty) {
                (Some(a), Some(b)) if a != b => {
                    return Err(LoadError::at(
                        at,
                        format!("texture unit {u} is read as two data types"),
                    ));
                }
                (None, Some(_)) => entry.2 = ty,
                _ => {}
            }
        }
        Ok(InstKind::Tex {
            dest,
            coords,
            extra,
            unit,
            rel,
            comp,
            dim,
            shadow,
            offset,
            var_offset: var_offset.map(Box::new),
        })
    }

    /// Whether the next token names a texture unit: `texture` or a TEXTURE variable.
    fn at_texture(&self) -> bool {
        match self.peek() {
            Tok::Ident(w) => {
                w == "texture"
                    || matches!(
                        self.vars.get(w),
                        Some(Var {
                            sym: Sym::Units {
                                kind: UnitKind::Texture,
                                ..
                            },
                            ..
                        })
                    )
            }
            _ => false,
        }
    }

    /// A texture instruction's constant texel offset after its target (NV_gpu_program4
    /// §2.X.4.4): `, (x[, y[, z]])`, missing components zero, each within
    /// [MIN_PROGRAM_TEXEL_OFFSET, MAX_PROGRAM_TEXEL_OFFSET] and zero past the target's
    /// dimensions (all of them for cube maps, buffers and multisample textures), as
    /// NVIDIA's driver requires. None when absent or all zero.
    fn texel_offset(
        &mut self,
        op: &str,
        dim: crate::ir::Dim,
        ntc: bool,
    ) -> R<(Option<[i32; 3]>, Option<Operand>)> {
        if !self.eat(',') {
            return Ok((None, None));
        }
        let at = self.pos();
        // NV_gpu_program5 §2.X.4.4: `offset(<instOperandV>)`, a texel offset from a
        // register, on any texture instruction but TXD and TXGO, and no cube target.
        // Its grammar has no comma before it; NVIDIA's driver requires one (and
        // refuses the form without), as for a constant offset.
        if matches!(self.peek(), Tok::Ident(w) if w == "offset") {
            self.next();
            self.expect('(')?;
            let v = self.operand(false, Some(DataType::S), ntc)?;
            self.expect(')')?;
            let why = if matches!(op, "TXD" | "TXGO" | "TXQ" | "TXFMS") {
                Some(format!("{op} takes no texel offset from a register"))
            } else if matches!(dim, crate::ir::Dim::Cube | crate::ir::Dim::CubeArray) {
                Some("cube map targets take no texel offset".to_string())
            } else if matches!(dim, crate::ir::Dim::Buffer) {
                Some("the target BUFFER takes no texel offset".to_string())
            } else {
                None
            };
            return match why {
                Some(w) => Err(LoadError::at(at, w)),
                None => Ok((None, Some(v))),
            };
        }
        self.expect('(')?;
        let mut off = [0i32; 3];
        for (k, slot) in off.iter_mut().enumerate() {
            if k > 0 && !self.eat(',') {
                break;
            }
            let c_at = self.pos();
            let neg = self.eat('-');
            let v = match *self.peek() {
                Tok::Int(v) => {
                    self.next();
                    v
                }
                _ => {
                    return Err(LoadError::at(
                        c_at,
                        "expected a constant integer texel offset",
                    ));
                }
            };
            let v = if neg {
                -(v.min(1 << 32) as i64)
            } else {
                v.min(1 << 32) as i64
            };
            if !(limits::MIN_PROGRAM_TEXEL_OFFSET as i64..=limits::MAX_PROGRAM_TEXEL_OFFSET as i64)
                .contains(&v)
            {
                return Err(LoadError::at(
                    c_at,
                    format!(
                        "a texel offset lies in [{}, {}] (MIN/MAX_PROGRAM_TEXEL_OFFSET)",
                        limits::MIN_PROGRAM_TEXEL_OFFSET,
                        limits::MAX_PROGRAM_TEXEL_OFFSET
                    ),
                ));
            }
            *slot = v as i32;
        }
        self.expect(')')?;
        let n = dim.offset_components() as usize;
        if off[n..].iter().any(|&c| c != 0) {
            return Err(LoadError::at(
                at,
                "a texel offset is zero in the components this target does not have (all of them for cube maps, buffers and multisample textures)",
            ));
        }
        // NV_gpu_program5 §2.X.4.4: TXGO's offsets are its operands (a constant one,
        // zero or not, is a load error).
        if op == "TXGO" {
            return Err(LoadError::at(
                at,
                "TXGO takes its texel offsets as operands, not after the target",
            ));
        }
        if off == [0; 3] {
            return Ok((None, None));
        }
        match op {
            "TXQ" | "TXFMS" => Err(LoadError::at(at, format!("{op} takes no texel offset"))),
            _ => Ok((Some(off), None)),
        }
    }
}
