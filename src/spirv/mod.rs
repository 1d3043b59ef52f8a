//! The SPIR-V front end (ARB_gl_spirv, GL 4.6 §7.2): reads a module's binary form
//! ([`binary`]), its tables ([`module`]), checks what GL's SPIR-V environment (GL 4.6
//! appendix C) and glcompute require, and lowers a compute entry point into the same
//! IR the GLSL front end builds: declarations ([`lower`], [`layout`], [`consts`]),
//! values ([`function`], [`insts`], [`images`], [`ext`]) and structured control flow
//! ([`cfg`]). A module is untrusted input: every problem is an error naming the
//! instruction and its word offset, never a panic, and nothing recurses deeper than
//! limits::MAX_NESTING (control flow) or limits::MAX_TYPE_NESTING (types). It is
//! called by the state layer (ShaderBinary, SpecializeShader) and builds on the IR
//! layer; it never calls the GLSL front end or the back end (tests/layers.rs).

pub mod binary;
pub mod cfg;
pub mod consts;
pub mod derivatives;
pub mod ext;
pub mod function;
pub mod images;
pub mod insts;
pub mod io;
pub mod layout;
pub mod lower;
pub mod module;
pub mod trees;
pub mod values;

use crate::ir::shader::{CompiledShader, Stage};
use crate::ir::*;
use binary::{SpvError, SpvResult, error_at};
use module::{Def, SpvModule, TypeDef};
use spirv::{Capability as Cap, ExecutionMode as EM, ExecutionModel as EX};
use std::collections::{HashMap, HashSet};

/// What ShaderBinary keeps of a module: its words (host order) and what
/// SpecializeShader checks before lowering.
#[derive(Debug, Clone)]
pub struct Binary {
    pub words: Vec<u32>,
    /// (name, execution model) of each entry point.
    pub entry_points: Vec<(String, u32)>,
    /// The SpecId of every specialization constant.
    pub spec_ids: Vec<u32>,
}

/// Reads a module for ShaderBinary: whole words, a SPIR-V header, instructions that
/// lie inside it, and its entry points and SpecIds (SpecializeShader's errors need
/// them). Err: why the data is not a SPIR-V module. Everything else is checked when
/// the module is specialized, where a problem goes to the info log.
pub fn read(bytes: &[u8]) -> Result<Binary, String> {
    let words = binary::words_of(bytes).map_err(|e| e.to_string())?;
    binary::header(&words).map_err(|e| e.to_string())?;
    let insts = binary::instructions(&words).map_err(|e| e.to_string())?;
    let mut entry_points = Vec::new();
    let mut spec_ids = Vec::new();
    for inst in &insts {
        if inst.op == spirv::Op::EntryPoint as u32 {
            let (name, _) = inst.string(2).map_err(|e| e.to_string())?;
            entry_points.push((name, inst.word(0).map_err(|e| e.to_string())?));
        } else if inst.op == spirv::Op::Decorate as u32
            && inst.operands.get(1) == Some(&(spirv::Decoration::SpecId as u32))
        {
            spec_ids.push(inst.word(2).map_err(|e| e.to_string())?);
        }
    }
    spec_ids.sort_unstable();
    spec_ids.dedup();
    drop(insts);
    Ok(Binary {
        words,
        entry_points,
        spec_ids,
    })
}

/// The GL shader stage of an execution model (GL 4.6 appendix C); None for models
/// that are no GL stage.
pub fn stage_of_model(model: u32) -> Option<Stage> {
    [
        Stage::Vertex,
        Stage::TessControl,
        Stage::TessEvaluation,
        Stage::Geometry,
        Stage::Fragment,
        Stage::Compute,
    ]
    .into_iter()
    .find(|&s| model_of(s) == model)
}

/// The execution model of a GL shader stage (GL 4.6 appendix C).
pub fn model_of(stage: Stage) -> u32 {
    (match stage {
        Stage::Vertex => EX::Vertex,
        Stage::TessControl => EX::TessellationControl,
        Stage::TessEvaluation => EX::TessellationEvaluation,
        Stage::Geometry => EX::Geometry,
        Stage::Fragment => EX::Fragment,
        Stage::Compute => EX::GLCompute,
    }) as u32
}

/// The capabilities glcompute supports (GL 4.6 table C.2, of those a compute shader
/// can use, and Int64 for ARB_gpu_shader_int64).
const CAPABILITIES: &[Cap] = &[
    Cap::Shader,
    Cap::Matrix,
    Cap::Float64,
    Cap::Int64,
    Cap::ImageQuery,
    Cap::Image1D,
    Cap::Sampled1D,
    Cap::ImageBuffer,
    Cap::SampledBuffer,
    Cap::ImageCubeArray,
    Cap::SampledCubeArray,
    Cap::ImageRect,
    Cap::SampledRect,
    Cap::ImageMSArray,
    Cap::StorageImageMultisample,
    Cap::StorageImageExtendedFormats,
    Cap::StorageImageWriteWithoutFormat,
    Cap::StorageImageReadWithoutFormat,
    Cap::ImageGatherExtended,
    Cap::SampledImageArrayDynamicIndexing,
    Cap::StorageBufferArrayDynamicIndexing,
    Cap::StorageImageArrayDynamicIndexing,
    Cap::UniformBufferArrayDynamicIndexing,
    Cap::AtomicStorage,
    Cap::AtomicStorageOps,
    Cap::SubgroupVoteKHR,
    Cap::DerivativeControl,
    // The graphics stages' (checked and linked, never compiled).
    Cap::Geometry,
    Cap::Tessellation,
    Cap::GeometryPointSize,
    Cap::TessellationPointSize,
    Cap::GeometryStreams,
    Cap::ClipDistance,
    Cap::CullDistance,
    Cap::SampleRateShading,
    Cap::InterpolationFunction,
    Cap::TransformFeedback,
    Cap::MultiViewport,
    Cap::DrawParameters,
    Cap::ComputeDerivativeGroupQuadsKHR,
    Cap::ComputeDerivativeGroupLinearKHR,
];

/// The SPIR-V extensions glcompute accepts (GL_SPIR_V_EXTENSIONS).
pub const EXTENSIONS: &[&str] = &[
    "SPV_KHR_storage_buffer_storage_class",
    "SPV_AMD_shader_trinary_minmax",
    "SPV_NV_compute_shader_derivatives",
    "SPV_KHR_compute_shader_derivatives",
    "SPV_KHR_shader_draw_parameters",
    "SPV_KHR_shader_atomic_counter_ops",
    "SPV_KHR_subgroup_vote",
];

/// SpecializeShader's compile: lowers entry point `entry` of `bin` for `stage` with
/// the specialization values `spec` (SpecId, value bits). Err: the info log.
pub fn specialize(
    stage: Stage,
    bin: &Binary,
    entry: &str,
    spec: &[(u32, u32)],
) -> Result<CompiledShader, String> {
    lower_module(stage, &bin.words, entry, spec).map_err(|e| format!("error: {e}\n"))
}

fn lower_module(
    stage: Stage,
    words: &[u32],
    entry: &str,
    spec: &[(u32, u32)],
) -> SpvResult<CompiledShader> {
    let m = SpvModule::parse(words)?;
    for &(c, at) in &m.capabilities {
        if !CAPABILITIES.iter().any(|&k| k as u32 == c) {
            let name = Cap::from_u32(c).map_or(format!("{c}"), |k| format!("{k:?}"));
            return Err(error_at(at, format!("capability {name} is not supported")));
        }
    }
    for (e, at) in &m.extensions {
        if !EXTENSIONS.contains(&e.as_str()) {
            return Err(error_at(*at, format!("extension {e} is not supported")));
        }
    }
    match m.addressing {
        // GL 4.6 appendix C.4: the Logical addressing model.
        Some((0, 1, _)) => {}
        Some((_, _, at)) => {
            return Err(error_at(
                at,
                "the module's addressing or memory model is not Logical GLSL450",
            ));
        }
        None => return Err(error_at(0, "the module has no OpMemoryModel")),
    }
    let model = model_of(stage);
    let Some(ep) = m
        .entry_points
        .iter()
        .find(|e| e.name == entry && e.model == model)
    else {
        return Err(error_at(
            0,
            format!("no {} entry point is named \"{entry}\"", stage.name()),
        ));
    };
    let mut l = lower::Lower::new(&m, stage, spec);
    l.declarations()?;
    if stage != Stage::Compute {
        let modes: Vec<(u32, &[u32], usize)> = m
            .exec_modes
            .iter()
            .filter(|(f, ..)| *f == ep.func)
            .map(|(_, mode, ops, at)| (*mode, &ops[..], *at))
            .collect();
        io::stage_layout(&mut l.out.stage_layout, stage, &modes)?;
    }
    if stage == Stage::Compute {
        compute_modes(&mut l, &m, ep)?;
    }
    reach_and_lower(stage, l, &m, ep)
}

/// The work-group size and derivative group of a compute entry point.
fn compute_modes(l: &mut lower::Lower, m: &SpvModule, ep: &module::EntryPoint) -> SpvResult<()> {
    // The work-group size: a constant decorated WorkgroupSize, else LocalSize (or
    // LocalSizeId) on the entry point (GL 4.6 appendix C.4).
    let mut size = l.workgroup_size;
    for (f, mode, ops, at) in &m.exec_modes {
        if *f != ep.func {
            continue;
        }
        let read = |i: usize, id: bool| -> SpvResult<u32> {
            let v = *ops
                .get(i)
                .ok_or_else(|| error_at(*at, "a local size with fewer than 3 values"))?;
            if !id {
                return Ok(v);
            }
            match l.consts.get(&v).and_then(|c| c.as_literal()) {
                Some(Literal::Uint(x)) => Ok(x),
                Some(Literal::Int(x)) if x > 0 => Ok(x as u32),
                _ => Err(error_at(*at, "LocalSizeId of a non-constant")),
            }
        };
        if *mode == EM::DerivativeGroupQuadsKHR as u32 {
            l.out.derivative_group = Some(DerivativeGroup::Quads);
        } else if *mode == EM::DerivativeGroupLinearKHR as u32 {
            l.out.derivative_group = Some(DerivativeGroup::Linear);
        }
        if *mode == EM::LocalSize as u32 || *mode == EM::LocalSizeId as u32 {
            let id = *mode == EM::LocalSizeId as u32;
            let s = [read(0, id)?, read(1, id)?, read(2, id)?];
            size.get_or_insert(s);
        }
    }
    let Some(size) = size else {
        return Err(error_at(
            ep.offset,
            "the compute entry point has no LocalSize and no WorkgroupSize constant",
        ));
    };
    let max = crate::limits::MAX_COMPUTE_WORK_GROUP_SIZE;
    let total = size.iter().fold(1u64, |a, &s| a.saturating_mul(s as u64));
    if size
        .iter()
        .zip(max)
        .any(|(&s, m)| s == 0 || s as u64 > m as u64)
        || total > crate::limits::MAX_COMPUTE_WORK_GROUP_INVOCATIONS as u64
    {
        return Err(error_at(
            ep.offset,
            format!(
                "the work-group size {}x{}x{} is zero or above GL_MAX_COMPUTE_WORK_GROUP_SIZE / INVOCATIONS",
                size[0], size[1], size[2]
            ),
        ));
    }
    l.out.local_size = Some(LocalSize::Fixed(size));
    Ok(())
}

/// Lowers the functions entry point `ep` reaches, and checks the module.
fn reach_and_lower<'m, 'a>(
    stage: Stage,
    mut l: lower::Lower<'m, 'a>,
    m: &'m SpvModule<'a>,
    ep: &module::EntryPoint,
) -> SpvResult<CompiledShader> {
    // The functions the entry point reaches (a work list: call chains are as deep as
    // the module makes them).
    let mut reach = vec![ep.func];
    let mut seen = std::collections::HashSet::from([ep.func]);
    let mut i = 0;
    while i < reach.len() {
        let Some(Def::Function(fi)) = m.defs.get(&reach[i]) else {
            return Err(error_at(
                ep.offset,
                format!("id {} is not a function", reach[i]),
            ));
        };
        for b in &m.functions[*fi].blocks {
            for &k in &b.body {
                let inst = m.insts[k];
                if inst.op == spirv::Op::FunctionCall as u32 {
                    let callee = inst.word(2)?;
                    if !matches!(m.defs.get(&callee), Some(Def::Function(_))) {
                        return Err(inst.err(format!("id {callee} is not a function")));
                    }
                    if seen.insert(callee) {
                        reach.push(callee);
                    }
                }
            }
        }
        i += 1;
    }
    let mut funcs = HashMap::new();
    let mut fn_params = HashMap::new();
    for (k, &f) in reach.iter().enumerate() {
        let Some(Def::Function(fi)) = m.defs.get(&f) else {
            unreachable!()
        };
        let fd = &m.functions[*fi];
        let Some(Def::Type(TypeDef::Function { ret, params })) = m.defs.get(&fd.fn_ty) else {
            return Err(m.err_at(f, "a function whose type is not a function type"));
        };
        if *ret != fd.ret || params.len() != fd.params.len() {
            return Err(m.err_at(f, "a function that disagrees with its function type"));
        }
        let ptrs: Vec<bool> = fd
            .params
            .iter()
            .map(|(_, t)| matches!(m.defs.get(t), Some(Def::Type(TypeDef::Pointer { .. }))))
            .collect();
        fn_params.insert(f, ptrs);
        funcs.insert(f, FunctionId(k as u32));
        let name = if k == 0 {
            "main".to_string()
        } else {
            match m.names.get(&f) {
                Some(n) if !n.is_empty() && n != "main" => {
                    format!("{}_{f}", n.split('(').next().unwrap_or(n))
                }
                _ => format!("_fn{f}"),
            }
        };
        let ret = l.ty(fd.ret)?;
        if k == 0 && (!matches!(l.out.types.get(ret), Type::Void) || !fd.params.is_empty()) {
            // GL 4.6 appendix C.4.
            return Err(m.err_at(f, "an entry point with a return value or parameters"));
        }
        l.out.functions.push(Function {
            name,
            ret,
            params: 0,
            locals: Vec::new(),
            exprs: Vec::new(),
            body: Vec::new(),
            defined: true,
            span: function::span(fd.offset),
        });
    }
    for &f in &reach {
        let Some(Def::Function(fi)) = m.defs.get(&f) else {
            unreachable!()
        };
        let fd = &m.functions[*fi];
        let fid = funcs[&f];
        let template = std::mem::replace(
            &mut l.out.functions[fid.0 as usize],
            Function {
                name: String::new(),
                ret: TypeId(0),
                params: 0,
                locals: Vec::new(),
                exprs: Vec::new(),
                body: Vec::new(),
                defined: true,
                span: Span::default(),
            },
        );
        let mut fl = function::FnLower {
            l: &mut l,
            m,
            spv: fd,
            f: template,
            values: HashMap::new(),
            decls: Vec::new(),
            funcs: &funcs,
            fn_params: &fn_params,
            at: fd.offset,
            deferrable: HashSet::new(),
            block_local: HashSet::new(),
            pending: Vec::new(),
        };
        (fl.deferrable, fl.block_local) = trees::deferrable(m, fd);
        for (&id, root) in fl.l.globals.clone().iter() {
            let ty = match root {
                lower::Root::Global(g) => fl.l.out.globals[g.0 as usize].ty,
                lower::Root::Builtin(b) => function::builtin_type(fl.types(), *b),
                lower::Root::Split(v) => fl.l.split[v].0,
                lower::Root::Local(_) => continue,
            };
            fl.values.insert(
                id,
                function::Value::Ptr(function::Place {
                    root: *root,
                    steps: Vec::new(),
                    ty,
                }),
            );
        }
        fl.params()?;
        let body = fl.body()?;
        let mut func = fl.f;
        func.body = body;
        l.out.functions[fid.0 as usize] = func;
    }
    let mut module = l.out;
    module.shared_size = crate::ir::layout::shared_layout(&module).1;
    // The IR validator checks every expression's types: what it refuses comes from
    // an instruction whose operand types do not fit (a module spirv-val refuses). Its
    // spans carry the instruction's word offset.
    if let Err(errors) = crate::ir::validate::validate(&module) {
        let first = errors.first().cloned().unwrap_or_default();
        let offset = first
            .split_once(" 0:")
            .and_then(|(_, rest)| rest.split_once('(')?.0.parse::<usize>().ok())
            .unwrap_or(0);
        let op = m
            .insts
            .binary_search_by_key(&offset, |i| i.offset)
            .ok()
            .map(|i| m.insts[i].op);
        let what = first.rsplit_once("): ").map_or(first.as_str(), |(_, w)| w);
        return Err(SpvError {
            offset,
            op,
            msg: format!("operand types that do not fit the instruction ({what})"),
        });
    }
    Ok(CompiledShader { stage, module })
}
