//! The instruction set a compute program may use (NV_gpu_program4 §2.X.8 table X.13,
//! NV_gpu_program5, NV_compute_program5, NV_shader_storage_buffer): each opcode's
//! operand shape, the modifiers it accepts and its default data type.

/// How an instruction's operands are written (NV_gpu_program4 §2.X.2 grammar classes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// result, vector operand (VECTORop).
    Vector,
    /// result, scalar operand (SCALARop): the result is replicated.
    Scalar,
    /// result, scalar, scalar (POW).
    BinScalar,
    /// result, vector, scalar (DIV, SHL, SHR, MOD).
    VecScalar,
    /// result, vector, vector (BINop).
    Binary,
    /// result, vector, vector, vector (TRIop).
    Ternary,
    /// SWZ: result, vector, extended swizzle.
    Swz,
    /// IF <ccTest>.
    If,
    /// ELSE, ENDIF, ENDREP.
    EndFlow,
    /// REP [operand].
    Rep,
    /// BRK, CONT, RET [(ccTest)].
    FlowCc,
    /// CAL label [(ccTest)].
    Cal,
    /// BAR, MEMBAR: no operands.
    Bare,
    /// LDB, LDS: result, memory operand.
    Load,
    /// STB, STS: vector operand, memory operand.
    Store,
    /// ATOMB, ATOMS: result, vector operand, memory operand.
    Atomic,
    /// LDC: result, a CBUFFER operand (with swizzle, negation, absolute value).
    Ldc,
    /// LOADIM: result, coordinates, image, target.
    ImLoad,
    /// STOREIM: image, data, coordinates, target.
    ImStore,
    /// ATOMIM: result, data, coordinates, image, target.
    ImAtomic,
    /// TEX, TXB, TXF, TXFMS, TXG, TXL, TXP, TXQ: result, coordinates, texture, target;
    /// TXD: result, coordinates, two derivative vectors, texture, target.
    Tex,
}

/// Which data types an instruction computes in (table X.13's F and I columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Types {
    /// Floating point only.
    Float,
    /// Integers only (default S).
    Int,
    /// Either (default F).
    Both,
    /// None: flow control, memory (storage modifiers decide).
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpInfo {
    pub name: &'static str,
    pub shape: Shape,
    pub types: Types,
    /// Accepts .CC/.CC0/.CC1.
    pub cc: bool,
    /// Accepts .SAT/.SSAT (float results).
    pub sat: bool,
}

const fn op(name: &'static str, shape: Shape, types: Types, cc: bool, sat: bool) -> OpInfo {
    OpInfo {
        name,
        shape,
        types,
        cc,
        sat,
    }
}

use Shape::*;
use Types::{Both, Float, Int, None as NoType};

/// The opcodes glcompute loads, sorted by name.
pub const OPS: &[OpInfo] = &[
    op("ABS", Vector, Both, true, true),
    op("ADD", Binary, Both, true, true),
    op("AND", Binary, Int, true, false),
    op("ATOMB", Atomic, NoType, true, false),
    op("ATOMIM", ImAtomic, NoType, true, false),
    op("ATOMS", Atomic, NoType, true, false),
    op("BAR", Bare, NoType, false, false),
    op("BFE", Binary, Int, true, false),
    op("BFI", Ternary, Int, true, false),
    op("BFR", Vector, Int, true, false),
    op("BRK", FlowCc, NoType, false, false),
    op("BTC", Vector, Int, true, false),
    op("BTFL", Vector, Int, true, false),
    op("BTFM", Vector, Int, true, false),
    op("CAL", Cal, NoType, false, false),
    op("CEIL", Vector, Both, true, true),
    op("CMP", Ternary, Both, true, true),
    op("CONT", FlowCc, NoType, false, false),
    op("COS", Scalar, Float, true, true),
    op("CVT", Vector, NoType, true, true),
    op("DIV", VecScalar, Both, true, true),
    op("DP2", Binary, Float, true, true),
    op("DP2A", Ternary, Float, true, true),
    op("DP3", Binary, Float, true, true),
    op("DP4", Binary, Float, true, true),
    op("DPH", Binary, Float, true, true),
    op("DST", Binary, Float, true, true),
    op("ELSE", EndFlow, NoType, false, false),
    op("ENDIF", EndFlow, NoType, false, false),
    op("ENDREP", EndFlow, NoType, false, false),
    op("EX2", Scalar, Float, true, true),
    op("FLR", Vector, Both, true, true),
    op("FRC", Vector, Float, true, true),
    op("I2F", Vector, Int, true, false),
    op("IF", If, NoType, false, false),
    op("LDB", Load, NoType, true, true),
    op("LDC", Ldc, NoType, true, true),
    op("LDS", Load, NoType, true, true),
    op("LG2", Scalar, Float, true, true),
    op("LIT", Vector, Float, true, true),
    op("LOADIM", ImLoad, NoType, true, true),
    op("LRP", Ternary, Float, true, true),
    op("MAD", Ternary, Both, true, true),
    op("MAX", Binary, Both, true, true),
    op("MEMBAR", Bare, NoType, false, false),
    op("MIN", Binary, Both, true, true),
    op("MOD", VecScalar, Int, true, false),
    op("MOV", Vector, Both, true, true),
    op("MUL", Binary, Both, true, true),
    op("NOT", Vector, Int, true, false),
    op("NRM", Vector, Float, true, true),
    op("OR", Binary, Int, true, false),
    op("PK2H", Vector, Both, false, false),
    op("PK2US", Vector, Both, false, false),
    op("PK4B", Vector, Both, false, false),
    op("PK4UB", Vector, Both, false, false),
    op("POW", BinScalar, Float, true, true),
    op("RCC", Scalar, Float, true, true),
    op("RCP", Scalar, Float, true, true),
    op("REP", Rep, Both, false, false),
    op("RET", FlowCc, NoType, false, false),
    op("RFL", Binary, Float, true, true),
    op("ROUND", Vector, Both, true, true),
    op("RSQ", Scalar, Float, true, true),
    op("SAD", Ternary, Int, true, false),
    op("SCS", Scalar, Float, true, true),
    op("SEQ", Binary, Both, true, true),
    op("SFL", Binary, Both, true, true),
    op("SGE", Binary, Both, true, true),
    op("SGT", Binary, Both, true, true),
    op("SHL", VecScalar, Int, true, false),
    op("SHR", VecScalar, Int, true, false),
    op("SIN", Scalar, Float, true, true),
    op("SLE", Binary, Both, true, true),
    op("SLT", Binary, Both, true, true),
    op("SNE", Binary, Both, true, true),
    op("SSG", Vector, Float, true, true),
    op("STB", Store, NoType, false, false),
    op("STOREIM", ImStore, NoType, false, false),
    op("STR", Binary, Both, true, true),
    op("STS", Store, NoType, false, false),
    op("SUB", Binary, Both, true, true),
    op("SWZ", Swz, Float, true, true),
    op("TEX", Tex, Both, true, true),
    op("TGALL", Vector, Both, true, true),
    op("TGANY", Vector, Both, true, true),
    op("TGEQ", Vector, Both, true, true),
    op("TRUNC", Vector, Both, true, true),
    op("TXB", Tex, Both, true, true),
    op("TXD", Tex, Both, true, true),
    op("TXF", Tex, Both, true, true),
    op("TXFMS", Tex, Both, true, true),
    op("TXG", Tex, Both, true, true),
    op("TXGO", Tex, Both, true, true),
    op("TXL", Tex, Both, true, true),
    op("TXP", Tex, Both, true, true),
    op("TXQ", Tex, Int, true, false),
    op("UP2H", Scalar, Both, true, true),
    op("UP2US", Scalar, Both, true, true),
    op("UP4B", Scalar, Both, true, true),
    op("UP4UB", Scalar, Both, true, true),
    op("X2D", Ternary, Float, true, true),
    op("XOR", Binary, Int, true, false),
    op("XPD", Binary, Float, true, true),
];

/// Opcodes of the NV_gpu_program4/5 family that a compute program cannot use here,
/// with the reason (load errors name it).
pub const UNSUPPORTED: &[(&str, &str)] = &[
    ("KIL", "only fragment programs may use KIL"),
    ("DDX", "only fragment programs may use DDX"),
    ("DDY", "only fragment programs may use DDY"),
    ("IPAC", "only fragment programs may use IPAC"),
    // NV_gpu_program4_1's LOD; NVIDIA's driver: "LOD not supported for this program
    // type" in a compute program.
    ("LOD", "only fragment programs may use LOD"),
    ("IPAO", "only fragment programs may use IPAO"),
    ("IPAS", "only fragment programs may use IPAS"),
    ("EMIT", "only geometry programs may use EMIT"),
    ("EMITS", "only geometry programs may use EMITS"),
    ("ENDPRIM", "only geometry programs may use ENDPRIM"),
];

/// Opcodes glcompute does not load yet (a load error says so).
pub const NOT_YET: &[&str] = &["ATOM", "CALI", "LOAD", "PK64", "STORE", "UP64"];

pub fn lookup(name: &str) -> Option<&'static OpInfo> {
    OPS.binary_search_by(|o| o.name.cmp(name))
        .ok()
        .map(|i| &OPS[i])
}

/// A legacy opcode with suffixes glued on (NV_gpu_program4 table X.15): `R` or `H`
/// (float), `C`/`C0`/`C1` (condition code), `_SAT`/`_SSAT`, in that order, as in
/// `ADDR`, `MOVC`, `ADDRC1_SSAT`. Returns the opcode and the modifiers the suffixes
/// stand for. A real opcode's name always wins (`RCC`, `SCS`).
pub fn split_suffixes(word: &str) -> Option<(&'static OpInfo, Vec<&'static str>)> {
    if let Some(op) = lookup(word) {
        return Some((op, Vec::new()));
    }
    let mut rest = word;
    let mut mods = Vec::new();
    if let Some(r) = rest.strip_suffix("_SSAT") {
        mods.push("SSAT");
        rest = r;
    } else if let Some(r) = rest.strip_suffix("_SAT") {
        mods.push("SAT");
        rest = r;
    }
    for (suffix, m) in [("C0", "CC0"), ("C1", "CC1"), ("C", "CC0")] {
        if let Some(r) = rest.strip_suffix(suffix)
            && (lookup(r).is_some() || r.ends_with('R') || r.ends_with('H'))
        {
            mods.push(m);
            rest = r;
            break;
        }
    }
    if lookup(rest).is_none()
        && let Some(r) = rest.strip_suffix('R').or_else(|| rest.strip_suffix('H'))
    {
        mods.push("F");
        rest = r;
    }
    let op = lookup(rest)?;
    if mods.is_empty() || op.types == Types::None || op.types == Types::Int {
        return None;
    }
    Some((op, mods))
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorted_and_suffixes() {
        assert!(super::OPS.windows(2).all(|w| w[0].name < w[1].name));
        let (op, m) = super::split_suffixes("ADDRC1_SSAT").unwrap();
        assert_eq!((op.name, m), ("ADD", vec!["SSAT", "CC1", "F"]));
        assert_eq!(super::split_suffixes("RCC").unwrap().0.name, "RCC");
        assert_eq!(super::split_suffixes("MOVC").unwrap().1, vec!["CC0"]);
        assert!(super::split_suffixes("ANDR").is_none());
    }
}
