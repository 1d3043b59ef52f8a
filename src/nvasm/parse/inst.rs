//! Instructions: opcode, modifiers and operands (NV_gpu_program4 §2.X.2, §2.X.4;
//! NV_compute_program5's LDS/STS/ATOMS/BAR; NV_shader_storage_buffer's
//! LDB/STB/ATOMB), with the load-time rules each one has.

use super::*;

/// The storage modifiers glcompute loads: (name, type, bits, count).
fn storage_mod(word: &str) -> Option<StorageMod> {
    let (ty, rest) = match word.as_bytes().first()? {
        b'F' => (DataType::F, &word[1..]),
        b'S' => (DataType::S, &word[1..]),
        b'U' => (DataType::U, &word[1..]),
        _ => return None,
    };
    let (bits, count) = match rest {
        "8" => (8, 1),
        "16" => (16, 1),
        "32" => (32, 1),
        "32X2" => (32, 2),
        "32X4" => (32, 4),
        _ => return None,
    };
    if ty == DataType::F && bits != 32 {
        return None;
    }
    Some(StorageMod { ty, bits, count })
}

fn atomic_op(word: &str) -> Option<AtomicOp> {
    Some(match word {
        "ADD" => AtomicOp::Add,
        "MIN" => AtomicOp::Min,
        "MAX" => AtomicOp::Max,
        "IWRAP" => AtomicOp::IWrap,
        "DWRAP" => AtomicOp::DWrap,
        "AND" => AtomicOp::And,
        "OR" => AtomicOp::Or,
        "XOR" => AtomicOp::Xor,
        "EXCH" => AtomicOp::Exch,
        "CSWAP" => AtomicOp::CSwap,
        _ => return None,
    })
}

fn is_memory(op: &OpInfo) -> bool {
    matches!(
        op.shape,
        Shape::Load
            | Shape::Store
            | Shape::Atomic
            | Shape::Ldc
            | Shape::ImLoad
            | Shape::ImStore
            | Shape::ImAtomic
    )
}

fn type_name(t: DataType) -> &'static str {
    match t {
        DataType::F => "floating-point",
        DataType::S => "signed integer",
        DataType::U => "unsigned integer",
    }
}

impl Parser {
    pub(super) fn instruction(&mut self, word: &str, at: Pos) -> R<()> {
        self.next();
        let Some((op, glued)) = ops::split_suffixes(word) else {
            if let Some((_, why)) = ops::UNSUPPORTED.iter().find(|u| u.0 == word) {
                return Err(LoadError::at(at, *why));
            }
            if ops::NOT_YET.contains(&word) || word.ends_with("64") {
                return Err(LoadError::at(
                    at,
                    format!(
                        "the instruction {word} is not supported by glcompute's assembly compute programs yet"
                    ),
                ));
            }
            return Err(LoadError::at(at, format!("unknown instruction \"{word}\"")));
        };
        if self.prog.instructions >= MAX_INSTRUCTIONS {
            return Err(LoadError::at(
                at,
                format!(
                    "more than {MAX_INSTRUCTIONS} instructions (GL_MAX_PROGRAM_INSTRUCTIONS_ARB)"
                ),
            ));
        }
        self.prog.instructions += 1;
        // NV_shader_storage_buffer: ATOMB, LDB and STB need the option;
        // NV_compute_program5 §2.X.7.Y: ATOMS, LDS and STS need SHARED_MEMORY.
        if matches!(op.name, "ATOMB" | "LDB" | "STB") && !self.storage_option {
            return Err(LoadError::at(
                at,
                format!("{} needs OPTION NV_shader_storage_buffer", op.name),
            ));
        }
        if matches!(op.name, "ATOMS" | "LDS" | "STS") && self.prog.shared_memory.is_none() {
            return Err(LoadError::at(
                at,
                format!("{} needs a SHARED_MEMORY declaration", op.name),
            ));
        }
        let mut mods = Mods::default();
        for m in glued {
            self.apply_mod(op, &mut mods, m, at)?;
        }
        while self.eat('.') {
            let m_at = self.pos();
            let m = self.ident()?;
            self.apply_mod(op, &mut mods, &m, m_at)?;
        }
        self.check_mods(op, &mut mods, at)?;
        let kind = self.operands(op, &mods, at)?;
        self.expect(';')?;
        self.prog.insts.push(Inst {
            op,
            mods,
            kind,
            pos: at,
        });
        Ok(())
    }

    fn apply_mod(&mut self, op: &OpInfo, m: &mut Mods, word: &str, at: Pos) -> R<()> {
        let dup = |what: &str| {
            Err(LoadError::at(
                at,
                format!("{} has more than one {what} modifier", op.name),
            ))
        };
        let unsupported = || {
            Err(LoadError::at(
                at,
                format!(
                    "the modifier .{word} is not supported by the instruction {}",
                    op.name
                ),
            ))
        };
        if op.name == "CVT" {
            // NV_gpu_program5 CVT: two storage modifiers (result, operand) and an
            // optional rounding modifier.
            let t = match word {
                "F16" => Some(StorageMod {
                    ty: DataType::F,
                    bits: 16,
                    count: 1,
                }),
                _ => storage_mod(word).filter(|s| s.count == 1),
            };
            if let Some(t) = t {
                return match m.cvt.iter_mut().find(|c| c.is_none()) {
                    Some(slot) => {
                        *slot = Some(t);
                        Ok(())
                    }
                    None => Err(LoadError::at(
                        at,
                        "CVT takes two storage modifiers: the result's and the operand's",
                    )),
                };
            }
            if matches!(word, "F64" | "S64" | "U64") {
                return Err(LoadError::at(
                    at,
                    format!(
                        "CVT.{word}: 64-bit types need LONG temporaries, which glcompute's assembly compute programs do not support yet"
                    ),
                ));
            }
            let round = match word {
                "ROUND" => Some(Round::Round),
                "CEIL" => Some(Round::Ceil),
                "FLR" => Some(Round::Flr),
                "TRUNC" => Some(Round::Trunc),
                _ => None,
            };
            if let Some(r) = round {
                if m.round.is_some() {
                    return dup("rounding");
                }
                m.round = Some(r);
                return Ok(());
            }
        }
        if is_memory(op) {
            if let Some(s) = storage_mod(word) {
                if m.storage.is_some() {
                    return dup("storage");
                }
                m.storage = Some(s);
                return Ok(());
            }
            // NVIDIA's driver 580 refuses the F16 storage modifiers on every memory
            // instruction ("unsupported modifier"), and so does glcompute.
            if word.starts_with("F16") {
                return Err(LoadError::at(
                    at,
                    format!(
                        "the storage modifier .{word} is not supported (nor by NVIDIA's driver)"
                    ),
                ));
            }
            if word.contains("64") || word.contains("X2") || word.contains("X4") {
                return Err(LoadError::at(
                    at,
                    format!("the storage modifier .{word} is not supported by glcompute yet"),
                ));
            }
            if let Some(a) = atomic_op(word) {
                if !matches!(op.shape, Shape::Atomic | Shape::ImAtomic) {
                    return unsupported();
                }
                if m.atomic.is_some() {
                    return dup("atomic operation");
                }
                m.atomic = Some(a);
                return Ok(());
            }
        }
        match word {
            "F" | "S" | "U" | "F32" | "S32" | "U32" => {
                if m.ty.is_some() {
                    return dup("data type");
                }
                m.ty = Some(match &word[..1] {
                    "F" => DataType::F,
                    "S" => DataType::S,
                    _ => DataType::U,
                });
            }
            "F64" | "S64" | "U64" => {
                return Err(LoadError::at(
                    at,
                    format!(
                        "64-bit data types (.{word}) are not supported by glcompute's assembly compute programs yet"
                    ),
                ));
            }
            "CC" | "CC0" | "CC1" => {
                if m.cc.is_some() {
                    return dup("condition code");
                }
                m.cc = Some(u8::from(word == "CC1"));
            }
            "SAT" | "SSAT" => {
                if m.sat.is_some() {
                    return dup("clamping");
                }
                m.sat = Some(if word == "SAT" { Sat::Sat } else { Sat::SSat });
            }
            "NTC" => m.ntc = true,
            "PREC" => {}
            "HI" if op.name == "MUL" => m.hi = true,
            "S24" | "U24" if op.name == "MUL" => {
                if m.mul24.is_some() {
                    return dup("24-bit");
                }
                m.mul24 = Some(if word == "S24" {
                    DataType::S
                } else {
                    DataType::U
                });
            }
            "CTA" if op.name == "MEMBAR" => m.cta = true,
            _ => {
                let known = atomic_op(word).is_some()
                    || storage_mod(word).is_some()
                    || matches!(
                        word,
                        "HI" | "S24"
                            | "U24"
                            | "CTA"
                            | "COH"
                            | "VOL"
                            | "ROUND"
                            | "CEIL"
                            | "FLR"
                            | "TRUNC"
                    );
                return if known {
                    unsupported()
                } else {
                    Err(LoadError::at(
                        at,
                        format!("unknown instruction modifier .{word}"),
                    ))
                };
            }
        }
        Ok(())
    }

    /// NV_gpu_program4 §2.X.4.1: the modifiers an instruction accepts, its default
    /// data type.
    fn check_mods(&self, op: &OpInfo, m: &mut Mods, at: Pos) -> R<()> {
        let fail = |msg: String| Err(LoadError::at(at, msg));
        if let Some(t) = m.mul24 {
            if m.ty.is_some() {
                return fail("MUL.S24 and MUL.U24 take no other data type modifier".into());
            }
            if m.hi {
                return fail("MUL takes one of .HI, .S24 and .U24".into());
            }
            m.ty = Some(t);
        }
        if m.hi && !matches!(m.ty, Some(DataType::S | DataType::U)) {
            return fail("MUL.HI needs .S or .U".into());
        }
        // STOREIM with a data type (and no storage modifier) is a formatted store
        // (EXT_shader_image_load_store for NV_gpu_program5).
        if op.shape == Shape::ImStore && m.ty.is_some() {
            if m.storage.is_some() {
                return fail("STOREIM takes a data type or a storage modifier, not both".into());
            }
            return Ok(());
        }
        if op.name == "CVT" {
            if m.ty.is_some() {
                return fail("CVT takes storage modifiers (CVT.F32.S32), not a data type".into());
            }
            if m.cvt[1].is_none() {
                return fail(
                    "CVT needs two storage modifiers: the result's, then the operand's (CVT.F32.S32)"
                        .into(),
                );
            }
            if m.ntc {
                return fail("CVT does not take .NTC".into());
            }
            // NV_gpu_program5 describes clamping integer results to their range;
            // NVIDIA's driver refuses .SAT on them ("saturation not supported on
            // fixed-point results"), and so does glcompute.
            if m.sat.is_some() && m.cvt[0].is_some_and(|t| t.ty != DataType::F) {
                return fail(
                    "CVT cannot clamp (.SAT, .SSAT) an integer result: they apply to floating-point results"
                        .into(),
                );
            }
            return Ok(());
        }
        if is_memory(op) {
            if m.ty.is_some() {
                return fail(format!(
                    "{} takes a storage modifier, not a data type",
                    op.name
                ));
            }
            let Some(s) = m.storage else {
                return fail(format!(
                    "{} needs exactly one storage modifier (.U32, .F32X4 ...)",
                    op.name
                ));
            };
            if op.shape == Shape::ImAtomic {
                let a = m.atomic;
                if a.is_none() {
                    return fail(
                        "ATOMIM needs an atomic operation modifier (.ADD, .CSWAP ...)".into(),
                    );
                }
                // NV_gpu_program5 §2.X.8.Z ATOMIM: the operations and storage
                // modifiers of ATOM (table X.X): U32 and S32, IWRAP and DWRAP on U32
                // only, F32 for ADD and EXCH (with NV_shader_atomic_float).
                let ok = s.count == 1
                    && s.bits == 32
                    && match a {
                        Some(AtomicOp::Add | AtomicOp::Exch) => true,
                        Some(AtomicOp::IWrap | AtomicOp::DWrap) => s.ty == DataType::U,
                        _ => s.ty != DataType::F,
                    };
                if !ok {
                    return fail(
                        "ATOMIM takes U32 and S32 (IWRAP and DWRAP U32 only), and F32 with ADD and EXCH"
                            .into(),
                    );
                }
                if s.ty == DataType::F && !self.atomic_float {
                    return fail(
                        "ATOMIM with the F32 storage modifier needs OPTION NV_shader_atomic_float"
                            .into(),
                    );
                }
            }
            if op.shape == Shape::Atomic {
                let Some(a) = m.atomic else {
                    return fail(format!(
                        "{} needs an atomic operation modifier (.ADD, .CSWAP ...)",
                        op.name
                    ));
                };
                // NV_compute_program5 table X.Y, NV_shader_storage_buffer: the storage
                // modifiers of each atomic operation.
                let ok = s.bits == 32
                    && s.count == 1
                    && match a {
                        AtomicOp::Add | AtomicOp::Exch => true,
                        AtomicOp::IWrap | AtomicOp::DWrap => s.ty == DataType::U,
                        _ => s.ty != DataType::F,
                    };
                if !ok {
                    return fail(format!(
                        "{}.{} does not take the storage modifier .{}{}{}",
                        op.name,
                        format!("{a:?}").to_uppercase(),
                        match s.ty {
                            DataType::F => "F",
                            DataType::S => "S",
                            DataType::U => "U",
                        },
                        s.bits,
                        if s.count > 1 {
                            format!("X{}", s.count)
                        } else {
                            String::new()
                        }
                    ));
                }
            }
            // NV_shader_atomic_float: F32 atomics need its option (NVIDIA's driver
            // requires it for ATOMB and ATOMS too).
            if op.shape == Shape::Atomic && s.ty == DataType::F && !self.atomic_float {
                return fail(format!(
                    "{} with the F32 storage modifier needs OPTION NV_shader_atomic_float",
                    op.name
                ));
            }
            if m.sat.is_some()
                && (!matches!(op.shape, Shape::Load | Shape::Ldc | Shape::ImLoad)
                    || s.ty != DataType::F)
            {
                return fail(format!(
                    "{} with this storage modifier cannot clamp (.SAT, .SSAT)",
                    op.name
                ));
            }
        } else {
            match op.types {
                Types::Float => {
                    if matches!(m.ty, Some(DataType::S | DataType::U)) {
                        return fail(format!("{} computes in floating point only", op.name));
                    }
                    m.ty = Some(DataType::F);
                }
                Types::Int => {
                    if m.ty == Some(DataType::F) {
                        return fail(format!("{} computes in integers only", op.name));
                    }
                    m.ty.get_or_insert(DataType::S);
                }
                Types::Both => {
                    m.ty.get_or_insert(DataType::F);
                }
                Types::None => {
                    if m.ty.is_some() {
                        return fail(format!("{} takes no data type modifier", op.name));
                    }
                }
            }
            if m.sat.is_some() && (!op.sat || self.result_type(op, m) != Some(DataType::F)) {
                return fail(format!(
                    "{} cannot clamp (.SAT, .SSAT): they apply to floating-point results",
                    op.name
                ));
            }
        }
        if m.cc.is_some() && !op.cc {
            return fail(format!("{} does not update a condition code", op.name));
        }
        if m.ntc && matches!(op.types, Types::None) {
            return fail(format!("{} does not take .NTC", op.name));
        }
        Ok(())
    }

    /// The data type an instruction writes its result in.
    pub(super) fn result_type(&self, op: &OpInfo, m: &Mods) -> Option<DataType> {
        match op.name {
            "I2F" | "UP2H" | "UP2US" | "UP4B" | "UP4UB" => Some(DataType::F),
            "SAD" => Some(DataType::U),
            "PK2H" | "PK2US" | "PK4B" | "PK4UB" => Some(DataType::U),
            "CVT" => m.cvt[0].map(|t| t.ty),
            _ if is_memory(op) => m.storage.map(|s| s.ty),
            _ => m.ty,
        }
    }

    /// The data type an instruction reads operand `n` in.
    pub(super) fn operand_type(&self, op: &OpInfo, m: &Mods, n: usize) -> DataType {
        let t = m.ty.unwrap_or(DataType::F);
        match op.name {
            "FLR" | "CEIL" | "ROUND" | "TRUNC" | "PK2H" | "PK2US" | "PK4B" | "PK4UB" => DataType::F,
            "UP2H" | "UP2US" | "UP4B" | "UP4UB" => DataType::U,
            "SAD" if n == 2 => DataType::U,
            "CVT" => m.cvt[1].map_or(DataType::U, |t| t.ty),
            _ if is_memory(op) => m.storage.map_or(DataType::U, |s| s.ty),
            _ => t,
        }
    }

    fn operands(&mut self, op: &'static OpInfo, m: &Mods, at: Pos) -> R<InstKind> {
        let rt = self.result_type(op, m);
        Ok(match op.shape {
            Shape::Vector
            | Shape::Scalar
            | Shape::BinScalar
            | Shape::VecScalar
            | Shape::Binary
            | Shape::Ternary => {
                let dest = self.dest(rt, m.ntc)?;
                let scalar: &[bool] = match op.shape {
                    Shape::Vector => &[false],
                    Shape::Scalar => &[true],
                    Shape::BinScalar => &[true, true],
                    Shape::VecScalar => &[false, true],
                    Shape::Binary => &[false, false],
                    _ => &[false, false, false],
                };
                let mut srcs = Vec::new();
                for (n, &s) in scalar.iter().enumerate() {
                    self.expect(',')?;
                    let t = self.operand_type(op, m, n);
                    srcs.push(self.operand(s, Some(t), m.ntc)?);
                }
                // NV_gpu_program5 CVT: negation and absolute value are not supported on
                // the operand.
                if op.name == "CVT" && (srcs[0].neg || srcs[0].abs || srcs[0].outer_neg) {
                    return Err(LoadError::at(
                        srcs[0].pos,
                        "CVT's operand takes no negation or absolute value",
                    ));
                }
                InstKind::Alu { dest, srcs }
            }
            Shape::Swz => {
                let dest = self.dest(rt, m.ntc)?;
                self.expect(',')?;
                let src = self.operand(false, Some(DataType::F), m.ntc)?;
                if src.swizzle != [0, 1, 2, 3] {
                    return Err(LoadError::at(src.pos, "SWZ's operand takes no swizzle"));
                }
                let mut comps = [(false, ExtComp::Zero); 4];
                let mut set = None;
                for (i, c) in comps.iter_mut().enumerate() {
                    self.expect(',')?;
                    let neg = if self.eat('-') {
                        true
                    } else {
                        self.eat('+');
                        false
                    };
                    let e = match self.peek().clone() {
                        Tok::Int(0) => ExtComp::Zero,
                        Tok::Int(1) => ExtComp::One,
                        Tok::Ident(w) if w.len() == 1 => {
                            let ch = w.chars().next().unwrap_or(' ');
                            let this = "xyzw".contains(ch);
                            if set.is_some_and(|s| s != this) {
                                return self.err("SWZ mixes xyzw and rgba components");
                            }
                            set = Some(this);
                            match comp_of(ch) {
                                Some(k) => ExtComp::Comp(k),
                                None => return self.err(format!("\"{w}\" is not a component")),
                            }
                        }
                        _ => {
                            return self.err(format!(
                                "SWZ component {} must be 0, 1 or a component, found {}",
                                i + 1,
                                self.describe()
                            ));
                        }
                    };
                    self.next();
                    *c = (neg, e);
                }
                InstKind::Swz { dest, src, comps }
            }
            Shape::If => {
                let paren = self.eat('(');
                let t = self.cc_test()?;
                if paren {
                    self.expect(')')?;
                }
                if self.blocks.iter().filter(|b| !b.0).count() as u32 >= MAX_IF_DEPTH {
                    return Err(LoadError::at(
                        at,
                        format!(
                            "IF blocks nest deeper than {MAX_IF_DEPTH} (GL_MAX_PROGRAM_IF_DEPTH_NV)"
                        ),
                    ));
                }
                self.blocks.push((false, false, false));
                InstKind::If(t)
            }
            Shape::EndFlow => match op.name {
                "ELSE" => {
                    match self.blocks.last_mut() {
                        Some((false, seen_else, _)) if !*seen_else => *seen_else = true,
                        _ => return Err(LoadError::at(at, "ELSE without an open IF block")),
                    }
                    InstKind::Else
                }
                "ENDIF" => {
                    match self.blocks.last() {
                        Some((false, ..)) => {
                            self.blocks.pop();
                        }
                        _ => return Err(LoadError::at(at, "ENDIF without an open IF block")),
                    }
                    InstKind::EndIf
                }
                _ => {
                    match self.blocks.last() {
                        Some(&(true, needs_exit, saw_brk)) => {
                            // NV_gpu_program4 §2.X.5: a REP without a count needs a BRK at
                            // its level or a RET.
                            if needs_exit && !saw_brk {
                                return Err(LoadError::at(
                                    at,
                                    "a REP block without a loop count contains no BRK or RET",
                                ));
                            }
                            self.blocks.pop();
                        }
                        _ => return Err(LoadError::at(at, "ENDREP without an open REP block")),
                    }
                    InstKind::EndRep
                }
            },
            Shape::Rep => {
                let count = if self.is_punct(';') {
                    None
                } else {
                    Some(self.operand(false, m.ty, m.ntc)?)
                };
                if self.blocks.iter().filter(|b| b.0).count() as u32 >= MAX_LOOP_DEPTH {
                    return Err(LoadError::at(
                        at,
                        format!(
                            "REP blocks nest deeper than {MAX_LOOP_DEPTH} (GL_MAX_PROGRAM_LOOP_DEPTH_NV)"
                        ),
                    ));
                }
                self.blocks.push((true, count.is_none(), false));
                InstKind::Rep(count)
            }
            Shape::FlowCc => {
                let cond = self.opt_cond()?;
                match op.name {
                    "RET" => {
                        // NV_gpu_program4 §2.X.5: a RET at any nesting level is an exit
                        // of every REP around it.
                        for b in self.blocks.iter_mut().filter(|b| b.0) {
                            b.2 = true;
                        }
                        InstKind::Ret(cond)
                    }
                    name => {
                        // NV_gpu_program4 §2.X.8: BRK and CONT only inside a REP block.
                        if !self.blocks.iter().any(|b| b.0) {
                            return Err(LoadError::at(at, format!("{name} outside a REP block")));
                        }
                        // A BRK exits the innermost REP (IF blocks around it do not
                        // count as levels).
                        if name == "BRK"
                            && let Some(b) = self.blocks.iter_mut().rev().find(|b| b.0)
                        {
                            b.2 = true;
                        }
                        if name == "BRK" {
                            InstKind::Brk(cond)
                        } else {
                            InstKind::Cont(cond)
                        }
                    }
                }
            }
            Shape::Cal => {
                let l_at = self.pos();
                let label = self.ident()?;
                self.calls.push((label.clone(), l_at));
                let cond = self.opt_cond()?;
                InstKind::Cal { label, cond }
            }
            Shape::Bare => {
                if op.name == "BAR" {
                    InstKind::Bar
                } else {
                    InstKind::Membar
                }
            }
            Shape::Ldc => {
                let dest = self.dest(rt, m.ntc)?;
                self.expect(',')?;
                self.in_ldc = true;
                let src = self.operand(false, rt, m.ntc);
                self.in_ldc = false;
                InstKind::Alu {
                    dest,
                    srcs: vec![src?],
                }
            }
            Shape::ImLoad | Shape::ImStore | Shape::ImAtomic => self.image_inst(op, m, rt)?,
            Shape::Tex => self.tex_inst(op, m, rt, at)?,
            Shape::Load => {
                let dest = self.dest(rt, m.ntc)?;
                self.expect(',')?;
                let mem = self.mem_ref(op, m)?;
                InstKind::Load { dest, mem }
            }
            Shape::Store => {
                let src = self.operand(false, rt, m.ntc)?;
                self.expect(',')?;
                let mem = self.mem_ref(op, m)?;
                InstKind::Store { src, mem }
            }
            Shape::Atomic => {
                let dest = self.dest(rt, m.ntc)?;
                self.expect(',')?;
                let src = self.operand(false, rt, m.ntc)?;
                self.expect(',')?;
                let mem = self.mem_ref(op, m)?;
                InstKind::Atomic { dest, src, mem }
            }
        })
    }

    /// LOADIM, STOREIM and ATOMIM's operands: result, data, coordinates (signed
    /// integers), image unit and target, in each instruction's order.
    fn image_inst(&mut self, op: &OpInfo, m: &Mods, rt: Option<DataType>) -> R<InstKind> {
        let (iop, dest, data) = match op.shape {
            Shape::ImLoad => {
                let d = self.dest(rt, m.ntc)?;
                self.expect(',')?;
                (ImageOp::Load, Some(d), None)
            }
            Shape::ImStore => (ImageOp::Store, None, None),
            _ => {
                let d = self.dest(rt, m.ntc)?;
                self.expect(',')?;
                let v = self.operand(false, rt, m.ntc)?;
                self.expect(',')?;
                (ImageOp::Atomic, Some(d), Some(v))
            }
        };
        let ((unit, rel), data, coords) = if iop == ImageOp::Store {
            let unit = self.unit_ref_rel(UnitKind::Image)?;
            self.expect(',')?;
            let data = self.operand(false, rt.or(m.ty), m.ntc)?;
            self.expect(',')?;
            let coords = self.operand(false, Some(DataType::S), m.ntc)?;
            (unit, Some(data), coords)
        } else {
            let coords = self.operand(false, Some(DataType::S), m.ntc)?;
            self.expect(',')?;
            (self.unit_ref_rel(UnitKind::Image)?, data, coords)
        };
        self.expect(',')?;
        let dim = self.image_target()?;
        Ok(InstKind::Image {
            op: iop,
            dest,
            data,
            coords,
            unit,
            rel,
            dim,
        })
    }

    /// `texture[N]` (`texture` alone is unit 0) or `image[N]`, or a TEXTURE or IMAGE
    /// variable: the unit and, for an array indexed by a register (NV_gpu_program5:
    /// `tex[R0.x + 1]`; `texture[R0.x]` is a load error, as on NVIDIA's driver), the
    /// index and the array's length (the unit is then its first).
    pub(super) fn unit_ref_rel(&mut self, kind: UnitKind) -> R<(u32, Option<(Index, u32)>)> {
        let at = self.pos();
        let name = self.ident()?;
        if name == kind.keyword() {
            if kind == UnitKind::Texture && !self.is_punct('[') {
                return Ok((0, None));
            }
            self.expect('[')?;
            let n_at = self.pos();
            let n = self.int32()?;
            self.expect(']')?;
            kind.check(n, n_at)?;
            return Ok((n, None));
        }
        let (first, count, array) = match self.vars.get(&name) {
            Some(Var {
                sym:
                    Sym::Units {
                        kind: k,
                        first,
                        count,
                        array,
                    },
                ..
            }) if *k == kind => (*first, *count, *array),
            _ => {
                return Err(LoadError::at(
                    at,
                    format!("\"{name}\" is not {} {}", kind.article(), kind.what()),
                ));
            }
        };
        if !array {
            return Ok((first, None));
        }
        let idx = self.index(Some(count))?;
        if idx.reg.is_some() {
            return Ok((first, Some((idx, count))));
        }
        Ok((first + idx.offset as u32, None))
    }

    /// An image target: 1D 2D 3D RECT CUBE BUFFER ARRAY1D ARRAY2D ARRAYCUBE 2DMS
    /// ARRAY2DMS (a number and a word for those that start with a digit).
    pub(super) fn image_target(&mut self) -> R<crate::ir::Dim> {
        use crate::ir::Dim;
        let at = self.pos();
        let word = match self.peek().clone() {
            Tok::Int(n) => {
                self.next();
                format!("{n}{}", self.ident()?)
            }
            _ => self.ident()?,
        };
        Ok(match word.as_str() {
            "1D" => Dim::D1,
            "2D" => Dim::D2,
            "3D" => Dim::D3,
            "RECT" => Dim::Rect,
            "CUBE" => Dim::Cube,
            "BUFFER" => Dim::Buffer,
            "ARRAY1D" => Dim::D1Array,
            "ARRAY2D" => Dim::D2Array,
            "ARRAYCUBE" => Dim::CubeArray,
            "2DMS" => Dim::D2Ms,
            "ARRAY2DMS" => Dim::D2MsArray,
            _ => {
                return Err(LoadError::at(
                    at,
                    format!("\"{word}\" is not an image target"),
                ));
            }
        })
    }

    fn opt_cond(&mut self) -> R<Option<CcTest>> {
        if self.eat('(') {
            let t = self.cc_test()?;
            self.expect(')')?;
            Ok(Some(t))
        } else if let Tok::Ident(_) = self.peek() {
            Ok(Some(self.cc_test()?))
        } else {
            Ok(None)
        }
    }

    fn cc_test(&mut self) -> R<CcTest> {
        let at = self.pos();
        let w = self.ident()?;
        let (name, reg) = match w.strip_suffix('0') {
            Some(n) => (n, 0),
            None => match w.strip_suffix('1') {
                Some(n) => (n, 1),
                None => (w.as_str(), 0),
            },
        };
        let rule = match name {
            "EQ" => CcRule::Eq,
            "GE" => CcRule::Ge,
            "GT" => CcRule::Gt,
            "LE" => CcRule::Le,
            "LT" => CcRule::Lt,
            "NE" => CcRule::Ne,
            "TR" => CcRule::Tr,
            "FL" => CcRule::Fl,
            "NAN" => CcRule::Nan,
            "LEG" => CcRule::Leg,
            "CF" => CcRule::Cf,
            "NCF" => CcRule::Ncf,
            "OF" => CcRule::Of,
            "NOF" => CcRule::Nof,
            "AB" => CcRule::Ab,
            "BLE" => CcRule::Ble,
            "SF" => CcRule::Sf,
            "NSF" => CcRule::Nsf,
            _ => {
                return Err(LoadError::at(
                    at,
                    format!("\"{w}\" is not a condition code test"),
                ));
            }
        };
        let swizzle = self.swizzle()?.unwrap_or([0, 1, 2, 3]);
        Ok(CcTest { rule, reg, swizzle })
    }

    /// `.c` or `.cccc` (one component set), None when absent.
    pub(super) fn swizzle(&mut self) -> R<Option<[u8; 4]>> {
        if !self.is_punct('.') {
            return Ok(None);
        }
        self.next();
        let at = self.pos();
        let w = self.ident()?;
        let cs: Vec<char> = w.chars().collect();
        let bad = || Err(LoadError::at(at, format!("\".{w}\" is not a swizzle")));
        if cs.len() != 1 && cs.len() != 4 {
            return bad();
        }
        let xyzw = cs.iter().all(|c| "xyzw".contains(*c));
        let rgba = cs.iter().all(|c| "rgba".contains(*c));
        if !xyzw && !rgba {
            return bad();
        }
        let mut s = [0u8; 4];
        for (i, slot) in s.iter_mut().enumerate() {
            *slot = comp_of(cs[i.min(cs.len() - 1)]).unwrap_or(0);
        }
        Ok(Some(s))
    }

    pub(super) fn check_type(
        &self,
        at: Pos,
        name: &str,
        declared: Option<DataType>,
        used: Option<DataType>,
        ntc: bool,
    ) -> R<()> {
        if let (Some(d), Some(u)) = (declared, used)
            && d != u
            && !ntc
        {
            return Err(LoadError::at(
                at,
                format!(
                    "\"{name}\" is declared {} but the instruction uses it as {} (NV_gpu_program4 §2.X.3.1)",
                    type_name(d),
                    type_name(u)
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn dest(&mut self, ty: Option<DataType>, ntc: bool) -> R<Dest> {
        let at = self.pos();
        let name = self.ident()?;
        let (temp, declared) = match self.vars.get(&name) {
            Some(Var {
                sym: Sym::Temp(t),
                ty,
            }) => (*t, *ty),
            Some(_) => {
                return Err(LoadError::at(
                    at,
                    format!(
                        "\"{name}\" is not a temporary: an instruction writes temporaries only"
                    ),
                ));
            }
            None => return Err(LoadError::at(at, format!("\"{name}\" is not declared"))),
        };
        self.check_type(at, &name, declared, ty, ntc)?;
        let index = self.temp_index(temp, &name, at)?;
        let mut mask = [true; 4];
        if self.is_punct('.') {
            self.next();
            let m_at = self.pos();
            let w = self.ident()?;
            let order = if w.chars().all(|c| "xyzw".contains(c)) {
                "xyzw"
            } else {
                "rgba"
            };
            let mut last = None;
            mask = [false; 4];
            for c in w.chars() {
                let k = order.find(c);
                if k.is_none() || last.is_some_and(|l| Some(l) >= k) {
                    return Err(LoadError::at(m_at, format!("\".{w}\" is not a write mask")));
                }
                last = k;
                mask[k.unwrap_or(0)] = true;
            }
        }
        let cond = if self.eat('(') {
            let t = self.cc_test()?;
            self.expect(')')?;
            Some(t)
        } else {
            None
        };
        Ok(Dest {
            temp,
            index,
            mask,
            cond,
        })
    }

    pub(super) fn temp_index(&mut self, temp: u32, name: &str, at: Pos) -> R<Option<Index>> {
        match self.prog.temps[temp as usize].len {
            Some(len) => {
                if !self.is_punct('[') {
                    return Err(LoadError::at(
                        at,
                        format!("the array \"{name}\" needs an index"),
                    ));
                }
                Ok(Some(self.index(Some(len))?))
            }
            None => {
                if self.is_punct('[') {
                    return Err(LoadError::at(at, format!("\"{name}\" is not an array")));
                }
                Ok(None)
            }
        }
    }
}
