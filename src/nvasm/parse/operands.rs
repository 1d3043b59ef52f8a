//! Operands: array indices, source operands (bindings, constants, variables with
//! swizzles, negation and absolute value) and the memory operands of the storage,
//! shared-memory and parameter buffer instructions (NV_gpu_program4 §2.X.4.2).

use super::*;

impl Parser {
    /// `[n]`, `[R.c]`, `[R.c + n]`, `[R.c - n]` into an array of `len` elements
    /// (NV_gpu_program4 §2.X.4.2: constant parts outside 0..len fail).
    pub(super) fn index(&mut self, len: Option<u32>) -> R<Index> {
        self.expect('[')?;
        let at = self.pos();
        let out_of = |v: i64| len.is_some_and(|n| v < 0 || v >= n as i64);
        let idx = match self.peek().clone() {
            Tok::Int(v) => {
                self.next();
                let v = i64::try_from(v).unwrap_or(i64::MAX);
                if out_of(v) {
                    return Err(LoadError::at(at, format!("index {v} is outside the array")));
                }
                Index {
                    reg: None,
                    offset: v,
                }
            }
            Tok::Ident(name) => {
                self.next();
                let (temp, declared) = match self.vars.get(&name) {
                    Some(Var {
                        sym: Sym::Temp(t),
                        ty,
                    }) => (*t, *ty),
                    _ => {
                        return Err(LoadError::at(
                            at,
                            format!(
                                "\"{name}\" is not a temporary: a relative index is a temporary's component"
                            ),
                        ));
                    }
                };
                if declared == Some(DataType::F) {
                    return Err(LoadError::at(
                        at,
                        format!("\"{name}\" is declared FLOAT: an index is an integer"),
                    ));
                }
                let elem = match self.prog.temps[temp as usize].len {
                    Some(n) => {
                        self.expect('[')?;
                        let e_at = self.pos();
                        let e = self.int32()?;
                        if e >= n {
                            return Err(LoadError::at(
                                e_at,
                                format!("index {e} is outside the array"),
                            ));
                        }
                        self.expect(']')?;
                        e
                    }
                    None => 0,
                };
                let Some(s) = self.swizzle()? else {
                    return self.err("a relative index names one component (R0.x)");
                };
                if s[1] != s[0] || s[2] != s[0] || s[3] != s[0] {
                    return self.err("a relative index names one component (R0.x)");
                }
                let mut offset = 0i64;
                if self.is_punct('+') || self.is_punct('-') {
                    let neg = self.eat('-');
                    if !neg {
                        self.next();
                    }
                    let o_at = self.pos();
                    let v = i64::try_from(self.int()?).unwrap_or(i64::MAX);
                    offset = if neg { -v } else { v };
                    if len.is_some_and(|n| v >= n as i64) {
                        return Err(LoadError::at(
                            o_at,
                            format!("offset {v} is outside the array"),
                        ));
                    }
                }
                Index {
                    reg: Some((temp, elem, s[0])),
                    offset,
                }
            }
            _ => return self.err(format!("expected an index, found {}", self.describe())),
        };
        self.expect(']')?;
        Ok(idx)
    }

    pub(super) fn param_slot(&mut self, src: ParamSource) -> u32 {
        if let Some(&s) = self.local_slots.get(&src) {
            return s;
        }
        let s = self.prog.params.len() as u32;
        self.prog.params.push(src);
        self.local_slots.insert(src, s);
        s
    }

    /// A source operand read as `ty` (None: typeless).
    pub(super) fn operand(&mut self, scalar: bool, ty: Option<DataType>, ntc: bool) -> R<Operand> {
        let pos = self.pos();
        let mut neg = if self.eat('-') {
            true
        } else {
            self.eat('+');
            false
        };
        let mut outer_neg = false;
        let abs = self.eat('|');
        if abs {
            outer_neg = neg;
            neg = if self.eat('-') {
                true
            } else {
                self.eat('+');
                false
            };
        }
        let at = self.pos();
        let base = match self.peek().clone() {
            Tok::Int(v) => {
                self.next();
                OperandBase::Const(vec![ConstScalar::Int {
                    value: v,
                    negative: false,
                }])
            }
            Tok::Float(v) => {
                self.next();
                OperandBase::Const(vec![ConstScalar::Float(v)])
            }
            Tok::Punct('{') => OperandBase::Const(self.const_vector()?),
            Tok::Ident(w) if w == "program" => {
                self.next();
                self.expect('.')?;
                let k_at = self.pos();
                let kind = self.ident()?;
                let (local, max) = match kind.as_str() {
                    "local" => (true, MAX_LOCAL_PARAMETERS),
                    "env" => (false, MAX_ENV_PARAMETERS),
                    "storage" | "sharedmem" => {
                        return Err(LoadError::at(
                            k_at,
                            format!("program.{kind} bindings are used through a declared variable"),
                        ));
                    }
                    _ => {
                        return Err(LoadError::at(
                            k_at,
                            format!("program.{kind} is not a binding a compute program reads"),
                        ));
                    }
                };
                self.expect('[')?;
                let n_at = self.pos();
                let n = self.int32()?;
                self.expect(']')?;
                if n >= max {
                    return Err(LoadError::at(
                        n_at,
                        format!("program.{kind}[{n}] is past the last one ({})", max - 1),
                    ));
                }
                let slot = self.param_slot(if local {
                    ParamSource::Local(n)
                } else {
                    ParamSource::Env(n)
                });
                OperandBase::Param {
                    base: slot,
                    len: 1,
                    index: None,
                }
            }
            Tok::Ident(w) if w == "invocation" => OperandBase::Attrib(self.attrib_binding()?),
            Tok::Ident(name) => {
                self.next();
                let Some(var) = self.vars.get(&name) else {
                    return Err(LoadError::at(at, format!("\"{name}\" is not declared")));
                };
                let (sym, declared) = (var.sym.clone(), var.ty);
                match sym {
                    Sym::Temp(t) => {
                        self.check_type(at, &name, declared, ty, ntc)?;
                        let index = self.temp_index(t, &name, at)?;
                        OperandBase::Temp { temp: t, index }
                    }
                    Sym::Param { base, len, array } => {
                        self.check_type(at, &name, declared, ty, ntc)?;
                        let index = if array {
                            if !self.is_punct('[') {
                                return Err(LoadError::at(
                                    at,
                                    format!("the array \"{name}\" needs an index"),
                                ));
                            }
                            Some(self.index(Some(len))?)
                        } else {
                            if self.is_punct('[') {
                                return Err(LoadError::at(
                                    at,
                                    format!("\"{name}\" is not an array"),
                                ));
                            }
                            None
                        };
                        OperandBase::Param { base, len, index }
                    }
                    Sym::Attrib(a) => {
                        self.check_type(at, &name, declared, ty, ntc)?;
                        OperandBase::Attrib(a)
                    }
                    Sym::Storage { .. } => {
                        return Err(LoadError::at(
                            at,
                            "storage buffer variables only allowed with ATOMB/LDB/STB",
                        ));
                    }
                    Sym::Shared { .. } => {
                        return Err(LoadError::at(
                            at,
                            "shared memory variables only allowed with ATOMS/LDS/STS",
                        ));
                    }
                    Sym::Units { kind, .. } => {
                        return Err(LoadError::at(
                            at,
                            match kind {
                                UnitKind::Texture => {
                                    "texture variables only allowed with the texture instructions"
                                }
                                UnitKind::Image => {
                                    "image variables only allowed with LOADIM/STOREIM/ATOMIM"
                                }
                            },
                        ));
                    }
                    Sym::Buffer {
                        kind,
                        first,
                        count,
                        two_level,
                        base,
                        len,
                        array,
                    } => {
                        // NV_parameter_buffer_object2: CBUFFER variables are LDC's
                        // operand, and LDC reads nothing else.
                        if (kind == BufferKind::Bytes) != self.in_ldc {
                            return Err(LoadError::at(
                                at,
                                if self.in_ldc {
                                    "LDC reads CBUFFER variables only"
                                } else {
                                    "CBUFFER variables only allowed with LDC"
                                },
                            ));
                        }
                        if kind != BufferKind::Bytes {
                            self.check_type(at, &name, declared, ty, ntc)?;
                        }
                        let binding = if two_level {
                            if !self.is_punct('[') {
                                return Err(LoadError::at(
                                    at,
                                    format!("\"{name}\" needs a buffer index and an element index"),
                                ));
                            }
                            Some(self.index(Some(count))?)
                        } else {
                            None
                        };
                        let index = if array || two_level {
                            if !self.is_punct('[') {
                                return Err(LoadError::at(
                                    at,
                                    format!("the array \"{name}\" needs an index"),
                                ));
                            }
                            self.index(Some(len))?
                        } else {
                            if self.is_punct('[') {
                                return Err(LoadError::at(
                                    at,
                                    format!("\"{name}\" is not an array"),
                                ));
                            }
                            Index {
                                reg: None,
                                offset: 0,
                            }
                        };
                        OperandBase::Buffer(BufferRef {
                            kind,
                            first,
                            count,
                            binding,
                            base,
                            len,
                            index,
                        })
                    }
                }
            }
            _ => return self.err(format!("expected an operand, found {}", self.describe())),
        };
        if self.in_ldc && !matches!(base, OperandBase::Buffer(_)) {
            return Err(LoadError::at(at, "LDC reads CBUFFER variables only"));
        }
        let written = self.swizzle()?;
        let swizzle = written.unwrap_or([0, 1, 2, 3]);
        if abs {
            self.expect('|')?;
        }
        if scalar {
            let single = written.is_some_and(|s| s.iter().all(|&c| c == s[0]));
            let const_scalar = matches!(&base, OperandBase::Const(c) if c.len() == 1);
            if !single && !const_scalar {
                return Err(LoadError::at(
                    at,
                    "a scalar operand names one component (.x)",
                ));
            }
        }
        Ok(Operand {
            base,
            swizzle,
            neg,
            abs,
            outer_neg,
            pos,
        })
    }

    /// The memory operand of LDB/STB/ATOMB (a STORAGE variable) or LDS/STS/ATOMS (a
    /// SHARED variable), with its index.
    pub(super) fn mem_ref(&mut self, op: &OpInfo, m: &Mods) -> R<MemRef> {
        let at = self.pos();
        let name = self.ident()?;
        let shared_op = op.name.ends_with('S');
        let Some(var) = self.vars.get(&name) else {
            return Err(LoadError::at(at, format!("\"{name}\" is not declared")));
        };
        let bytes = m.storage.map_or(4, |s| s.bytes());
        match (var.sym.clone(), shared_op) {
            (
                Sym::Storage {
                    first,
                    count,
                    two_level,
                    base,
                    len,
                    array,
                },
                false,
            ) => {
                let binding = if two_level {
                    let b = self.index(Some(count))?;
                    if b.reg.is_none() {
                        Some(Index {
                            reg: None,
                            offset: b.offset,
                        })
                    } else {
                        Some(b)
                    }
                } else {
                    None
                };
                let offset = if array || two_level {
                    if !self.is_punct('[') {
                        return Err(LoadError::at(
                            at,
                            format!("the array \"{name}\" needs an index"),
                        ));
                    }
                    self.index(len)?
                } else {
                    Index {
                        reg: None,
                        offset: 0,
                    }
                };
                Ok(MemRef {
                    space: Space::Storage {
                        first,
                        count,
                        binding,
                        base,
                    },
                    offset,
                })
            }
            (Sym::Shared { base, len, array }, true) => {
                let offset = if array {
                    if !self.is_punct('[') {
                        return Err(LoadError::at(
                            at,
                            format!("the array \"{name}\" needs an index"),
                        ));
                    }
                    let i_at = self.pos();
                    let idx = self.index(Some(len))?;
                    // NV_compute_program5 §2.X.7.Y: an offset past the shared memory fails.
                    if idx.reg.is_none() && idx.offset as u64 + bytes as u64 > len as u64 {
                        return Err(LoadError::at(
                            i_at,
                            format!(
                                "{} bytes at offset {} are past the {len} bytes of \"{name}\"",
                                bytes, idx.offset
                            ),
                        ));
                    }
                    idx
                } else {
                    Index {
                        reg: None,
                        offset: 0,
                    }
                };
                Ok(MemRef {
                    space: Space::Shared { base },
                    offset,
                })
            }
            (Sym::Storage { .. }, true) => Err(LoadError::at(
                at,
                "storage buffer variables only allowed with ATOMB/LDB/STB",
            )),
            (Sym::Shared { .. }, false) => Err(LoadError::at(
                at,
                "shared memory variables only allowed with ATOMS/LDS/STS",
            )),
            _ => Err(LoadError::at(
                at,
                format!(
                    "{} reads and writes {} variables only",
                    op.name,
                    if shared_op { "SHARED" } else { "STORAGE" }
                ),
            )),
        }
    }
}
