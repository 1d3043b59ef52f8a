//! Lowering a SPIR-V module's module-level declarations into the IR: types (with
//! their explicit layouts checked against the block rules the IR lays out), constants
//! and specialization constants (evaluated once the application's values are known),
//! and global variables (blocks, shared and private variables, default-block uniforms
//! by location, images and samplers, the compute built-ins). One pass in definition
//! order: a type or constant names only ids before it, so nothing here recurses over
//! what the module declares, except zero values and block layouts, bounded by
//! limits::MAX_TYPE_NESTING.

use crate::ir::shader::Stage;
use crate::ir::*;
use crate::spirv::binary::*;
use crate::spirv::module::*;
use spirv::{BuiltIn, Decoration as D, StorageClass as SC};
use std::collections::HashMap;

/// The largest null or undefined composite glcompute builds as a constant.
pub const MAX_CONSTANT_BYTES: u64 = 1 << 20;

/// Where a pointer's access starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Root {
    Global(GlobalId),
    Local(LocalId),
    Builtin(BuiltinVar),
    /// A non-array block of graphics built-ins (`gl_PerVertex`), whose members are
    /// globals of their own: an access chain's first index picks one
    /// (`Lower::split`).
    Split(u32),
}

pub struct Lower<'m, 'a> {
    pub m: &'m SpvModule<'a>,
    pub out: Module,
    pub stage: Stage,
    /// IR types of SPIR-V value types (pointer and function types have none).
    pub types: HashMap<u32, TypeId>,
    type_depth: HashMap<TypeId, u32>,
    /// Evaluated constants and specialization constants.
    pub consts: HashMap<u32, ConstValue>,
    pub globals: HashMap<u32, Root>,
    /// The value of the constant decorated WorkgroupSize, if one is.
    pub workgroup_size: Option<[u32; 3]>,
    /// Specialization values by SpecId.
    spec: HashMap<u32, u32>,
    /// Built-in blocks split into their members: the block's IR type and the global
    /// of each member, by the block variable's id.
    pub split: HashMap<u32, (TypeId, Vec<GlobalId>)>,
}

impl<'m, 'a> Lower<'m, 'a> {
    pub fn new(m: &'m SpvModule<'a>, stage: Stage, spec: &[(u32, u32)]) -> Self {
        Lower {
            m,
            out: Module {
                version: 460,
                ..Module::default()
            },
            stage,
            types: HashMap::new(),
            type_depth: HashMap::new(),
            consts: HashMap::new(),
            globals: HashMap::new(),
            workgroup_size: None,
            spec: spec.iter().copied().collect(),
            split: HashMap::new(),
        }
    }

    /// The OpName of `id` for reflection: "" without one. Names are the module's
    /// choice, so a `gl_` prefix (GLSL's reserved built-in names, which reflection
    /// treats as built-ins) is kept out by a leading underscore.
    pub fn name(&self, id: u32) -> String {
        match self.m.names.get(&id) {
            Some(n) if n.starts_with("gl_") => format!("_{n}"),
            Some(n) => n.clone(),
            None => String::new(),
        }
    }

    /// The IR type of value type `id`.
    pub fn ty(&self, id: u32) -> SpvResult<TypeId> {
        self.types
            .get(&id)
            .copied()
            .ok_or_else(|| self.m.err_at(id, format!("id {id} is not a value type")))
    }

    /// The pointee and storage class of pointer type `id`.
    pub fn pointer(&self, id: u32) -> SpvResult<(u32, u32)> {
        match self.m.defs.get(&id) {
            Some(Def::Type(TypeDef::Pointer { storage, pointee })) => Ok((*pointee, *storage)),
            _ => Err(self.m.err_at(id, format!("id {id} is not a pointer type"))),
        }
    }

    /// Lowers every module-level declaration, in order.
    pub fn declarations(&mut self) -> SpvResult<()> {
        for &id in &self.m.order {
            match &self.m.defs[&id] {
                Def::Type(t) => self.lower_type(id, t)?,
                Def::Const(c) => {
                    let v = self.eval_const(id, c)?;
                    self.consts.insert(id, v);
                }
                Def::Undef { ty } => {
                    let t = self.ty(*ty)?;
                    self.check_zero_size(id, t)?;
                    let v = self.zero(t);
                    self.consts.insert(id, v);
                }
                Def::Var {
                    ptr_ty,
                    storage,
                    init,
                } => self.global(id, *ptr_ty, *storage, *init)?,
                Def::ExtImport { .. } | Def::Function(_) => {}
            }
        }
        Ok(())
    }

    fn scalar_of(&self, at: u32, t: &TypeDef) -> SpvResult<Scalar> {
        Ok(match t {
            TypeDef::Bool => Scalar::Bool,
            TypeDef::Int {
                width: 32,
                signed: true,
            } => Scalar::Int,
            TypeDef::Int {
                width: 32,
                signed: false,
            } => Scalar::Uint,
            TypeDef::Int {
                width: 64,
                signed: true,
            } => Scalar::Int64,
            TypeDef::Int {
                width: 64,
                signed: false,
            } => Scalar::Uint64,
            TypeDef::Float { width: 32 } => Scalar::Float,
            TypeDef::Float { width: 64 } => Scalar::Double,
            _ => {
                return Err(self.m.err_at(
                    at,
                    "a scalar type glcompute does not support (8- and 16-bit types are not)",
                ));
            }
        })
    }

    fn component_scalar(&self, at: u32, comp: u32) -> SpvResult<Scalar> {
        match self.m.defs.get(&comp) {
            Some(Def::Type(t)) => self.scalar_of(at, t),
            _ => Err(self.m.err_at(at, "a vector of a non-scalar type")),
        }
    }

    fn lower_type(&mut self, id: u32, t: &TypeDef) -> SpvResult<()> {
        let err = |msg: &str| self.m.err_at(id, msg.to_string());
        let ir = match t {
            TypeDef::Void => self.out.types.void(),
            TypeDef::Bool | TypeDef::Int { .. } | TypeDef::Float { .. } => {
                let s = self.scalar_of(id, t)?;
                self.out.types.scalar(s)
            }
            TypeDef::Vector { comp, n } => {
                let s = self.component_scalar(id, *comp)?;
                if !(2..=4).contains(n) {
                    return Err(err("a vector of other than 2, 3 or 4 components"));
                }
                self.out.types.vector(s, *n as u8)
            }
            TypeDef::Matrix { col, n } => {
                let Some(Def::Type(TypeDef::Vector { comp, n: rows })) = self.m.defs.get(col)
                else {
                    return Err(err("a matrix whose column type is not a vector"));
                };
                let s = self.component_scalar(id, *comp)?;
                if !s.is_float() || !(2..=4).contains(n) {
                    return Err(err("a matrix of other than 2-4 float or double columns"));
                }
                self.out.types.matrix(s, *n as u8, *rows as u8)
            }
            TypeDef::Array { elem, len } => {
                let e = self.ty(*elem)?;
                let n = match self.consts.get(len).and_then(|c| c.as_literal()) {
                    Some(Literal::Int(v)) if v > 0 => v as u32,
                    Some(Literal::Uint(v)) if v > 0 => v,
                    Some(Literal::Int64(v)) if v > 0 && v <= u32::MAX as i64 => v as u32,
                    Some(Literal::Uint64(v)) if v > 0 && v <= u32::MAX as u64 => v as u32,
                    _ => {
                        return Err(err(
                            "an array whose length is not a positive integer constant below 2^32",
                        ));
                    }
                };
                self.depth_check(id, &[e])?;
                let a = match self.array_stride(id, e)? {
                    Some(stride) => self.out.types.explicit_array(e, Some(n), stride),
                    None => self.out.types.array(e, Some(n)),
                };
                self.type_depth
                    .insert(a, self.type_depth.get(&e).copied().unwrap_or(0) + 1);
                a
            }
            TypeDef::RuntimeArray { elem } => {
                let e = self.ty(*elem)?;
                self.depth_check(id, &[e])?;
                let a = match self.array_stride(id, e)? {
                    Some(stride) => self.out.types.explicit_array(e, None, stride),
                    None => self.out.types.array(e, None),
                };
                self.type_depth
                    .insert(a, self.type_depth.get(&e).copied().unwrap_or(0) + 1);
                a
            }
            TypeDef::Struct { members } => {
                let mut ms = Vec::new();
                for (i, &mt) in members.iter().enumerate() {
                    let i = i as u32;
                    let ty = self.ty(mt)?;
                    let row_major = if self.m.member_decoration(id, i, D::RowMajor).is_some() {
                        Some(true)
                    } else if self.m.member_decoration(id, i, D::ColMajor).is_some() {
                        Some(false)
                    } else {
                        None
                    };
                    ms.push(StructMember {
                        name: match self.m.member_names.get(&(id, i)) {
                            Some(n) if n.starts_with("gl_") => format!("_{n}"),
                            Some(n) => n.clone(),
                            // GL 4.6 §7.3.1: names are optional; the linker and
                            // reflection need one per member.
                            None => format!("_m{i}"),
                        },
                        ty,
                        row_major,
                        matrix_stride: self
                            .m
                            .member_decoration(id, i, D::MatrixStride)
                            .and_then(|v| v.first().copied()),
                        offset: self
                            .m
                            .member_decoration(id, i, D::Offset)
                            .and_then(|v| v.first().copied()),
                        align: None,
                        memory: member_memory(self.m, id, i),
                        span: Span::default(),
                    });
                }
                let tys: Vec<TypeId> = ms.iter().map(|m| m.ty).collect();
                self.depth_check(id, &tys)?;
                let d = tys
                    .iter()
                    .map(|t| self.type_depth.get(t).copied().unwrap_or(0))
                    .max()
                    .unwrap_or(0)
                    + 1;
                let s = self.out.types.add_struct(StructDef {
                    name: self.name(id),
                    members: ms,
                    span: Span::default(),
                });
                self.type_depth.insert(s, d);
                s
            }
            TypeDef::Image(img) => {
                let o = self.opaque(id, img)?;
                self.out.types.intern(Type::Image(o))
            }
            TypeDef::SampledImage { image } => {
                let Some(Def::Type(TypeDef::Image(img))) = self.m.defs.get(image) else {
                    return Err(err("a sampled image of a non-image type"));
                };
                let o = self.opaque(id, img)?;
                self.out.types.intern(Type::Sampler(o))
            }
            // Pointers, functions and separate samplers are no IR value types.
            TypeDef::Pointer { .. } | TypeDef::Function { .. } | TypeDef::Sampler => return Ok(()),
        };
        self.types.insert(id, ir);
        Ok(())
    }

    /// The ArrayStride of array type `id` of element `e`, if decorated: the IR keeps it
    /// (blocks check it against their layout, crate::spirv::layout); anywhere it must
    /// at least keep the elements apart, so that none overlaps the next.
    fn array_stride(&self, id: u32, e: TypeId) -> SpvResult<Option<u32>> {
        let Some(stride) = self
            .m
            .decoration(id, D::ArrayStride)
            .and_then(|v| v.first().copied())
        else {
            return Ok(None);
        };
        let size = crate::ir::layout::layout(&self.out.types, e, Packing::Std430, false).size;
        if (stride as u64) < size {
            return Err(self.m.err_at(
                id,
                format!("ArrayStride {stride} is below the size of the element ({size} bytes)"),
            ));
        }
        Ok(Some(stride))
    }

    fn depth_check(&self, id: u32, parts: &[TypeId]) -> SpvResult<()> {
        let d = parts
            .iter()
            .map(|t| self.type_depth.get(t).copied().unwrap_or(0))
            .max()
            .unwrap_or(0);
        if d + 1 > crate::limits::MAX_TYPE_NESTING {
            return Err(self.m.err_at(
                id,
                format!(
                    "types are nested more than glcompute's limit of {} levels",
                    crate::limits::MAX_TYPE_NESTING
                ),
            ));
        }
        Ok(())
    }

    fn opaque(&self, id: u32, img: &ImageType) -> SpvResult<Opaque> {
        let err = |msg: &str| self.m.err_at(id, msg.to_string());
        let sampled = match self.m.defs.get(&img.sampled_type) {
            Some(Def::Type(t)) => self.scalar_of(id, t)?,
            _ => return Err(err("an image whose sampled type is not a scalar")),
        };
        if !matches!(sampled, Scalar::Float | Scalar::Int | Scalar::Uint) {
            // GL 4.6 appendix C.4: a 32-bit float or integer.
            return Err(err(
                "an image whose sampled type is not a 32-bit float or integer",
            ));
        }
        let dim = match (img.dim, img.arrayed, img.ms) {
            (0, false, false) => Dim::D1,
            (0, true, false) => Dim::D1Array,
            (1, false, false) => Dim::D2,
            (1, true, false) => Dim::D2Array,
            (1, false, true) => Dim::D2Ms,
            (1, true, true) => Dim::D2MsArray,
            (2, false, false) => Dim::D3,
            (3, false, false) => Dim::Cube,
            (3, true, false) => Dim::CubeArray,
            (4, false, false) => Dim::Rect,
            (5, false, false) => Dim::Buffer,
            _ => return Err(err("an image dimensionality GL does not have")),
        };
        Ok(Opaque {
            dim,
            sampled,
            shadow: img.depth == 1,
        })
    }

    /// A zero value of `t` is at most MAX_CONSTANT_BYTES (an OpConstantNull of a huge
    /// array is refused instead of built).
    pub fn check_zero_size(&self, id: u32, t: TypeId) -> SpvResult<()> {
        let size = crate::ir::layout::layout(&self.out.types, t, Packing::Std430, false).size;
        if size > MAX_CONSTANT_BYTES {
            return Err(self.m.err_at(
                id,
                format!("a null or undefined value of {size} bytes, more than glcompute's limit of {MAX_CONSTANT_BYTES}"),
            ));
        }
        Ok(())
    }

    /// The zero value of `t` (OpConstantNull, OpUndef). Recurses once per level of
    /// the type's nesting (at most limits::MAX_TYPE_NESTING).
    pub fn zero(&mut self, t: TypeId) -> ConstValue {
        let lit = |s: Scalar| match s {
            Scalar::Bool => Literal::Bool(false),
            Scalar::Int => Literal::Int(0),
            Scalar::Uint => Literal::Uint(0),
            Scalar::Float => Literal::Float(0.0),
            Scalar::Double => Literal::Double(0.0),
            Scalar::Int64 => Literal::Int64(0),
            Scalar::Uint64 => Literal::Uint64(0),
        };
        match self.out.types.get(t).clone() {
            Type::Scalar(s) => ConstValue::Scalar(lit(s)),
            Type::Vector(s, n) => {
                ConstValue::Composite(t, vec![ConstValue::Scalar(lit(s)); n as usize])
            }
            Type::Matrix { scalar, cols, rows } => {
                let col = self.out.types.vector(scalar, rows);
                let c = ConstValue::Composite(
                    col,
                    vec![ConstValue::Scalar(lit(scalar)); rows as usize],
                );
                ConstValue::Composite(t, vec![c; cols as usize])
            }
            Type::Array(e, Some(n)) => {
                let z = self.zero(e);
                ConstValue::Composite(t, vec![z; n as usize])
            }
            Type::Struct(s) => {
                let members: Vec<TypeId> = self
                    .out
                    .types
                    .struct_def(s)
                    .members
                    .iter()
                    .map(|m| m.ty)
                    .collect();
                let parts = members.into_iter().map(|m| self.zero(m)).collect();
                ConstValue::Composite(t, parts)
            }
            _ => ConstValue::Scalar(Literal::Uint(0)),
        }
    }

    fn literal(&self, id: u32, s: Scalar, words: &[u32]) -> SpvResult<Literal> {
        let w0 = *words
            .first()
            .ok_or_else(|| self.m.err_at(id, "a constant without a value"))?;
        let w1 = words.get(1).copied().unwrap_or(0);
        let wide = (w1 as u64) << 32 | w0 as u64;
        let need = if s.size() == 8 { 2 } else { 1 };
        if words.len() != need {
            return Err(self.m.err_at(
                id,
                format!(
                    "a constant of {} words for a {}-word type",
                    words.len(),
                    need
                ),
            ));
        }
        Ok(match s {
            Scalar::Int => Literal::Int(w0 as i32),
            Scalar::Uint => Literal::Uint(w0),
            Scalar::Float => Literal::Float(f32::from_bits(w0)),
            Scalar::Double => Literal::Double(f64::from_bits(wide)),
            Scalar::Int64 => Literal::Int64(wide as i64),
            Scalar::Uint64 => Literal::Uint64(wide),
            Scalar::Bool => Literal::Bool(w0 != 0),
        })
    }

    fn eval_const(&mut self, id: u32, c: &ConstDef) -> SpvResult<ConstValue> {
        let t = self.ty(c.ty())?;
        let spec_value = self
            .m
            .decoration(id, D::SpecId)
            .and_then(|v| v.first())
            .and_then(|sid| self.spec.get(sid).copied());
        Ok(match c {
            ConstDef::Scalar { words, spec, .. } => {
                let Type::Scalar(s) = self.out.types.get(t).clone() else {
                    return Err(self.m.err_at(id, "OpConstant of a non-scalar type"));
                };
                let mut words = words.clone();
                if *spec && let Some(v) = spec_value {
                    // GL 4.6 §7.2.1: each value is bitcast to the constant's type (the
                    // low word of a 64-bit one).
                    if let Some(w) = words.first_mut() {
                        *w = v;
                    }
                }
                ConstValue::Scalar(self.literal(id, s, &words)?)
            }
            ConstDef::Bool { value, spec, .. } => {
                if self.out.types.get(t) != &Type::Scalar(Scalar::Bool) {
                    return Err(self.m.err_at(id, "a boolean constant of a non-bool type"));
                }
                let v = match (spec, spec_value) {
                    (true, Some(v)) => v != 0,
                    _ => *value,
                };
                ConstValue::Scalar(Literal::Bool(v))
            }
            ConstDef::Composite { parts, .. } => {
                let vals = parts
                    .iter()
                    .map(|p| self.consts.get(p).cloned().ok_or_else(|| self.m.err_at(id, "a part that is not a constant")))
                    .collect::<SpvResult<Vec<_>>>()?;
                self.composite(id, t, vals)?
            }
            ConstDef::Null { .. } => {
                self.check_zero_size(id, t)?;
                self.zero(t)
            }
            ConstDef::Op {
                opcode, operands, ..
            } => crate::spirv::consts::spec_op(
                &crate::spirv::consts::Env {
                    m: self.m,
                    consts: &self.consts,
                    types: &self.out.types,
                },
                id,
                t,
                *opcode,
                operands,
            )?,
        })
        .inspect(|v| {
            if self.m.decoration(id, D::BuiltIn) == Some(&[BuiltIn::WorkgroupSize as u32][..]) {
                let c = v.components();
                if let [a, b, d] = c
                    && let (Some(Literal::Uint(x)), Some(Literal::Uint(y)), Some(Literal::Uint(z))) =
                        (a.as_literal(), b.as_literal(), d.as_literal())
                {
                    self.workgroup_size = Some([x, y, z]);
                }
            }
        })
    }

    /// A composite constant of type `t` from its parts, checked against the type.
    pub fn composite(&self, id: u32, t: TypeId, vals: Vec<ConstValue>) -> SpvResult<ConstValue> {
        let types = &self.out.types;
        let ok = match types.get(t) {
            Type::Vector(s, n) => {
                vals.len() == *n as usize
                    && vals
                        .iter()
                        .all(|v| matches!(v, ConstValue::Scalar(l) if l.scalar() == *s))
            }
            Type::Matrix { scalar, cols, rows } => {
                vals.len() == *cols as usize
                    && vals.iter().all(|v| {
                        matches!(v, ConstValue::Composite(pt, _)
                            if types.get(*pt) == &Type::Vector(*scalar, *rows))
                    })
            }
            Type::Array(e, Some(n)) => {
                vals.len() == *n as usize
                    && vals
                        .iter()
                        .all(|v| crate::spirv::consts::const_is(types, v, *e))
            }
            Type::Struct(s) => {
                let members = &types.struct_def(*s).members;
                vals.len() == members.len()
                    && vals
                        .iter()
                        .zip(members)
                        .all(|(v, m)| crate::spirv::consts::const_is(types, v, m.ty))
            }
            _ => false,
        };
        if !ok {
            return Err(self
                .m
                .err_at(id, "a composite constant whose parts do not fit its type"));
        }
        Ok(ConstValue::Composite(t, vals))
    }

    fn global(&mut self, id: u32, ptr_ty: u32, storage: u32, init: Option<u32>) -> SpvResult<()> {
        let (pointee, ptr_storage) = self.pointer(ptr_ty)?;
        if ptr_storage != storage {
            return Err(self.m.err_at(
                id,
                "a variable whose storage class differs from its pointer type's",
            ));
        }
        let err = |msg: String| self.m.err_at(id, msg);
        if matches!(SC::from_u32(storage), Some(SC::Input | SC::Output))
            && self.stage != Stage::Compute
        {
            return self.stage_io(id, pointee, storage == SC::Output as u32);
        }
        if let Some(b) = self.m.decoration(id, D::BuiltIn) {
            let b = b.first().copied().unwrap_or(u32::MAX);
            let var = match BuiltIn::from_u32(b) {
                Some(BuiltIn::NumWorkgroups) => BuiltinVar::NumWorkGroups,
                Some(BuiltIn::WorkgroupId) => BuiltinVar::WorkGroupId,
                Some(BuiltIn::LocalInvocationId) => BuiltinVar::LocalInvocationId,
                Some(BuiltIn::GlobalInvocationId) => BuiltinVar::GlobalInvocationId,
                Some(BuiltIn::LocalInvocationIndex) => BuiltinVar::LocalInvocationIndex,
                Some(BuiltIn::WorkgroupSize) => BuiltinVar::WorkGroupSize,
                other => {
                    return Err(err(format!(
                        "built-in {} is not one a compute shader has",
                        other.map_or(format!("{b}"), |o| format!("{o:?}"))
                    )));
                }
            };
            if storage != SC::Input as u32 {
                return Err(err(
                    "a built-in variable outside the Input storage class".into()
                ));
            }
            self.globals.insert(id, Root::Builtin(var));
            return Ok(());
        }
        // A variable without OpName gets one (GL 4.6 §7.3.1 leaves reporting names
        // to the implementation; the linker and reflection need them distinct).
        let unnamed = !self.m.names.contains_key(&id);
        let name = if unnamed {
            format!("_spv{id}")
        } else {
            self.name(id)
        };
        let binding = self
            .m
            .decoration(id, D::Binding)
            .and_then(|v| v.first().copied());
        let location = self
            .m
            .decoration(id, D::Location)
            .and_then(|v| v.first().copied())
            .map(|l| l as i32);
        let memory = var_memory(self.m, id);
        let ty = self.ty(pointee)?;
        let sc = SC::from_u32(storage);
        let mut global = Global {
            name: name.clone(),
            ty,
            storage: Storage::Private,
            binding,
            location: None,
            offset: None,
            format: None,
            memory,
            init: None,
            span: Span::default(),
            used: false,
            io: None,
        };
        match sc {
            Some(SC::Workgroup) => global.storage = Storage::Shared,
            Some(SC::Private) => {
                global.init = match init {
                    Some(i) => Some(
                        self.consts
                            .get(&i)
                            .cloned()
                            .ok_or_else(|| err("an initializer that is not a constant".into()))?,
                    ),
                    None => None,
                }
            }
            Some(SC::UniformConstant) => {
                let mut base = ty;
                while let Some(e) = self.out.types.element(base) {
                    base = e;
                }
                match self.out.types.get(base).clone() {
                    Type::Image(_) => {
                        let fmt = match self.image_type_of(pointee) {
                            Some(img) => image_format(img.format),
                            None => None,
                        };
                        global.format = fmt;
                        global.storage = Storage::Uniform;
                        // Opaque uniforms may have a Location (glUniform1i sets
                        // their unit) and a Binding (the initial unit, else 0).
                        global.binding = Some(binding.unwrap_or(0));
                        global.location = location;
                    }
                    Type::Sampler(_) => {
                        global.storage = Storage::Uniform;
                        global.binding = Some(binding.unwrap_or(0));
                        global.location = location;
                    }
                    _ => {
                        // ARB_gl_spirv issue 23: default-block uniforms have explicit
                        // locations.
                        let Some(l) = location else {
                            return Err(err(
                                "a uniform variable without a Location decoration".into()
                            ));
                        };
                        global.storage = Storage::Uniform;
                        global.location = Some(l);
                        global.init = init.and_then(|i| self.consts.get(&i).cloned());
                        // Unnamed, it is named by its location: the uniform of one
                        // location is one uniform of the program, whichever stages
                        // declare it (ARB_gl_spirv issue 23).
                        if unnamed || global.name.is_empty() {
                            global.name = format!("_spvuniform{l}");
                        }
                    }
                }
            }
            Some(SC::AtomicCounter) => {
                // GL 4.6 appendix C.4: unsigned 32-bit integers (or arrays of them),
                // with a Binding and an Offset.
                let mut dims = Vec::new();
                let mut t = ty;
                while let Type::Array(e, n) = self.out.types.get(t).clone() {
                    dims.push(n);
                    t = e;
                }
                if self.out.types.get(t) != &Type::Scalar(Scalar::Uint) {
                    return Err(err(
                        "an atomic counter that is not a uint (or an array of them)".into(),
                    ));
                }
                let mut ct = self.out.types.intern(Type::AtomicUint);
                for n in dims.into_iter().rev() {
                    ct = self.out.types.array(ct, n);
                }
                let offset = self
                    .m
                    .decoration(id, D::Offset)
                    .and_then(|v| v.first().copied())
                    .unwrap_or(0);
                if !offset.is_multiple_of(4) {
                    return Err(err(format!(
                        "atomic counter offset {offset} is not a multiple of 4"
                    )));
                }
                global.ty = ct;
                global.storage = Storage::Uniform;
                global.binding = Some(binding.unwrap_or(0));
                global.offset = Some(offset);
            }
            Some(SC::Uniform | SC::StorageBuffer) => {
                let mut base_spv = pointee;
                while let Some(Def::Type(TypeDef::Array { elem, .. })) = self.m.defs.get(&base_spv)
                {
                    base_spv = *elem;
                }
                let is_buffer = sc == Some(SC::StorageBuffer)
                    || self.m.decoration(base_spv, D::BufferBlock).is_some();
                if !is_buffer && self.m.decoration(base_spv, D::Block).is_none() {
                    return Err(err(
                        "a Uniform variable whose type is not a Block or BufferBlock struct".into(),
                    ));
                }
                let Some(binding) = binding else {
                    return Err(err(
                        "a block variable without a Binding decoration (GL 4.6 §7.4.2)".into(),
                    ));
                };
                let block_ty = self.ty(base_spv)?;
                let kind = if is_buffer {
                    BlockKind::Buffer
                } else {
                    BlockKind::Uniform
                };
                let packing = crate::spirv::layout::choose_packing(
                    self.m,
                    &self.out.types,
                    base_spv,
                    block_ty,
                    kind,
                )
                .map_err(&err)?;
                let bid = BlockId(self.out.blocks.len() as u32);
                // A block without a name is named by its kind and binding, so that the
                // same block in two stages' modules is one block of the program (GL
                // 4.6 §7.4.2 matches SPIR-V blocks by binding).
                let block_name = match self.name(base_spv) {
                    n if n.is_empty() && is_buffer => format!("_spvbuffer{binding}"),
                    n if n.is_empty() => format!("_spvblock{binding}"),
                    n => n,
                };
                self.out.blocks.push(InterfaceBlock {
                    kind,
                    name: block_name.clone(),
                    // glslang names an instance-less block's variable ""; a variable without
                    // OpName has no instance name either.
                    instance: (!name.is_empty() && !unnamed).then(|| name.clone()),
                    packing,
                    row_major: false,
                    binding: Some(binding),
                    ty: block_ty,
                    memory,
                    span: Span::default(),
                });
                global.storage = match kind {
                    BlockKind::Buffer => Storage::Buffer(bid),
                    BlockKind::Uniform => Storage::UniformBlock(bid),
                };
                if name.is_empty() || unnamed {
                    global.name = block_name;
                }
            }
            _ => {
                return Err(err(format!(
                    "a global variable in storage class {} (a compute shader's are Uniform, UniformConstant, StorageBuffer, Workgroup, Private and the built-in Inputs)",
                    sc.map_or(format!("{storage}"), |s| format!("{s:?}"))
                )));
            }
        }
        let gid = GlobalId(self.out.globals.len() as u32);
        self.out.globals.push(global);
        self.globals.insert(id, Root::Global(gid));
        Ok(())
    }

    fn image_type_of(&self, mut t: u32) -> Option<&ImageType> {
        loop {
            match self.m.defs.get(&t)? {
                Def::Type(TypeDef::Array { elem, .. } | TypeDef::RuntimeArray { elem }) => {
                    t = *elem
                }
                Def::Type(TypeDef::Image(i)) => return Some(i),
                _ => return None,
            }
        }
    }
}

/// The IR format of a SPIR-V image format (SPIR-V 1.6 §3.11); None for Unknown.
fn image_format(f: u32) -> Option<ImageFormat> {
    let name = format!("{:?}", spirv::ImageFormat::from_u32(f)?).to_ascii_lowercase();
    ImageFormat::ALL
        .iter()
        .find(|(n, _)| n.replace('_', "") == name)
        .map(|(_, f)| *f)
}

fn memory_of(decos: &[(u32, Vec<u32>)]) -> MemoryQualifiers {
    let has = |d: D| decos.iter().any(|(k, _)| *k == d as u32);
    MemoryQualifiers {
        coherent: has(D::Coherent),
        volatile: has(D::Volatile),
        restrict: has(D::Restrict),
        readonly: has(D::NonWritable),
        writeonly: has(D::NonReadable),
    }
}

fn var_memory(m: &SpvModule, id: u32) -> MemoryQualifiers {
    m.decorations
        .get(&id)
        .map_or_else(MemoryQualifiers::default, |d| memory_of(d))
}

fn member_memory(m: &SpvModule, id: u32, i: u32) -> MemoryQualifiers {
    m.member_decorations
        .get(&(id, i))
        .map_or_else(MemoryQualifiers::default, |d| memory_of(d))
}
