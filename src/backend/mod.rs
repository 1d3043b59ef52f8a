//! The Cranelift back end: JIT-compiles a linked program's IR into one native
//! work-group function (see [`crate::runtime::abi`] for its contract). Calls are
//! inlined into `main` (GLSL has no recursion). Code between barriers becomes a loop
//! over the group's invocations (a *region*); statements that contain a barrier run at
//! group level, deciding their conditions from the first live invocation (the spec
//! requires barriers in uniform control flow), so a barrier costs a loop boundary, not
//! a context switch. Values that live across a barrier are kept per invocation in the
//! group's frame. Every buffer access is checked against its bound range (reads out of
//! range give zero, writes are dropped), every other index is clamped: a shader cannot
//! touch memory outside its resources (the default uniform block is read unchecked: the
//! state layer gives each kernel the values laid out by its own executable). It is
//! called by the state layer when a program links (`Executable::link`) and reads the IR (with the program's reflection,
//! `ir::reflect`) and the runtime's ABI; it calls nothing above it (tests/layers.rs
//! checks the imports).
//!
//! Files by concern: `lower.rs` (the lowering state, kernel entry, frame and locals),
//! `regions.rs` (regions and group-level control flow), `stmt.rs` (per-invocation
//! statements, inlined calls), `memory.rs` (places, memory access, range checks),
//! `expr.rs` (expressions), `builtins.rs`, `images.rs`, `textures.rs` (built-in
//! functions), `libcalls.rs` (the table of runtime helpers), `helpers.rs` (the helpers
//! themselves).

mod builtins;
mod expr;
pub mod helpers;
mod images;
mod libcalls;
mod lower;
mod memory;
mod regions;
pub mod simd;
pub mod sites;
mod stmt;
mod textures;

use crate::backend::sites::BoundsSite;
use crate::ir::layout::shared_layout;
use crate::ir::reflect::Reflection;
use crate::ir::{ExprKind, Function as IrFunction, GlobalId, Module, Stmt, StmtKind};
use crate::runtime::abi::KernelFn;
use cranelift_codegen::ir::{AbiParam, Function, Signature, UserFuncName, types};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::{Context, isa};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module as _};
use std::collections::HashMap;

/// Where each bound resource of the program sits in the descriptor table.
#[derive(Debug, Clone, Default)]
pub struct Slots {
    /// Uniform blocks (reflection order), then storage blocks, then atomic counter
    /// buffers: the first slot of each kind.
    pub uniform_blocks: u32,
    pub storage_blocks: u32,
    pub atomic_buffers: u32,
    pub total: u32,
}

/// What `glcompute compile` asks to see.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    pub clif: bool,
    pub asm: bool,
    /// Check at run time that every invocation of a group reaches each barrier the
    /// same way (GLCOMPUTE_DEBUG=barriers): a decision the invocations disagree on, or
    /// a barrier some invocations returned before, is stored in GroupCtx::report.
    pub check_barriers: bool,
    /// Record the first out-of-range buffer load or store, image access or index past
    /// a sized array of a dispatch (buffer atomics out of range are not recorded)
    /// (GLCOMPUTE_DEBUG=bounds) in GroupCtx::bounds.
    pub check_bounds: bool,
    /// Run Cranelift's IR verifier on the generated code (GLCOMPUTE_DEBUG=verify,
    /// `glcompute compile`, the snapshot tests; always in debug builds). Off, compile +
    /// link + first dispatch took 10-20% less time on the tutorial's kernels.
    pub verify: bool,
    /// Run every region one invocation at a time, never in SIMD lanes
    /// (GLCOMPUTE_DEBUG=scalar).
    pub scalar: bool,
}

/// A compiled program, ready to run work groups.
pub struct Kernel {
    module: Option<JITModule>,
    pub entry: KernelFn,
    /// Bytes of shared memory one group needs.
    pub shared_size: u32,
    /// Bytes of per-invocation frame (values living across barriers).
    pub frame_stride: u32,
    /// Bytes of stack a thread needs to run the kernel (its frame and helpers).
    pub stack_need: usize,
    pub slots: Slots,
    /// Constant aggregates the code addresses directly.
    _constants: Vec<Box<[u8]>>,
    pub clif: Option<String>,
    /// The same function after Cranelift's optimisations (with `clif`).
    pub clif_optimized: Option<String>,
    pub asm: Option<String>,
    /// Source positions of the checked barrier sites (GroupCtx::report - 1 indexes it).
    pub barrier_sites: Vec<crate::ir::Span>,
    /// The checked out-of-range access sites (a bounds report's site indexes it).
    pub bounds_sites: Vec<BoundsSite>,
    /// How each region runs: in SIMD lanes, or one invocation at a time and why.
    pub regions: Vec<simd::RegionNote>,
}

// SAFETY: the JIT module is only touched to free it (Drop, exclusive); the entry point
// is immutable code and the constants are read-only.
unsafe impl Send for Kernel {}
// SAFETY: as above: shared use only calls the immutable entry point.
unsafe impl Sync for Kernel {}

impl Drop for Kernel {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: the last reference to the kernel is going away, so no thread runs
            // its code (dispatches hold an Arc to the kernel while they run).
            unsafe { m.free_memory() };
        }
    }
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel")
            .field("shared_size", &self.shared_size)
            .field("frame_stride", &self.frame_stride)
            .finish()
    }
}

/// True if executing the statement may reach a barrier. Calls and barriers are
/// statements of their own (ir::calls), so no expression can.
fn stmt_has_barrier(f: &IrFunction, s: &Stmt, barrier_fns: &[bool]) -> bool {
    let mut found = false;
    crate::ir::for_each_stmt(std::slice::from_ref(s), |k| match &k.kind {
        StmtKind::Expr(e) => {
            found |= matches!(
                f.expr(*e).kind,
                ExprKind::Builtin {
                    fun: crate::ir::Builtin::Barrier,
                    ..
                }
            )
        }
        StmtKind::Call { func, .. } => {
            found |= barrier_fns.get(func.0 as usize).copied().unwrap_or(false)
        }
        _ => {}
    });
    found
}

fn make_isa(verify: bool) -> Result<isa::OwnedTargetIsa, String> {
    let mut flags = settings::builder();
    let set = |f: &mut settings::Builder, k: &str, v: &str| {
        f.set(k, v).map_err(|e| format!("{k}={v}: {e}"))
    };
    set(&mut flags, "opt_level", "speed")?;
    let verify = verify || cfg!(debug_assertions);
    set(
        &mut flags,
        "enable_verifier",
        if verify { "true" } else { "false" },
    )?;
    set(&mut flags, "use_colocated_libcalls", "false")?;
    set(&mut flags, "is_pic", "false")?;
    // Shader code never unwinds.
    set(&mut flags, "unwind_info", "false")?;
    let builder = cranelift_native::builder().map_err(|e| format!("unsupported host: {e}"))?;
    builder
        .finish(settings::Flags::new(flags))
        .map_err(|e| e.to_string())
}

/// Compiles the linked program. `local_size` is None for a variable group size.
pub fn compile(
    m: &Module,
    r: &Reflection,
    local_size: Option<[u32; 3]>,
    opts: Options,
) -> Result<Kernel, String> {
    let main = m.entry().ok_or("the program has no main()")?;
    let isa = make_isa(opts.verify)?;
    let call_conv = isa.default_call_conv();
    let frontend = isa.frontend_config();
    // The host's FMA instructions (cranelift-native enables them where detected);
    // without them Cranelift lowers `fma` to a libcall.
    let fma = isa
        .isa_flags()
        .iter()
        .any(|f| f.name == "has_fma" && f.as_bool() == Some(true));
    // SSE4.1's BLENDVPS (cranelift-native enables it where detected); without it a
    // lane blend is three bitwise instructions.
    let sse41 = isa
        .isa_flags()
        .iter()
        .any(|f| f.name == "has_sse41" && f.as_bool() == Some(true));
    let mut module = JITModule::new(JITBuilder::with_isa(
        isa,
        cranelift_module::default_libcall_names(),
    ));
    let mut sig = Signature::new(call_conv);
    sig.params.push(AbiParam::new(types::I64));
    let id = module
        .declare_function("glcompute_kernel", Linkage::Local, &sig)
        .map_err(|e| e.to_string())?;
    let slots = Slots {
        uniform_blocks: 0,
        storage_blocks: r.uniform_blocks.len() as u32,
        atomic_buffers: (r.uniform_blocks.len() + r.storage_blocks.len()) as u32,
        total: (r.uniform_blocks.len() + r.storage_blocks.len() + r.atomic_buffers.len()) as u32,
    };
    // Descriptor slots of each block global (first element) and atomic counter binding.
    let mut block_slot: HashMap<GlobalId, u32> = HashMap::new();
    for (i, b) in r.uniform_blocks.iter().enumerate() {
        block_slot
            .entry(b.global)
            .or_insert(slots.uniform_blocks + i as u32);
    }
    for (i, b) in r.storage_blocks.iter().enumerate() {
        block_slot
            .entry(b.global)
            .or_insert(slots.storage_blocks + i as u32);
    }
    let counter_slot: HashMap<u32, u32> = r
        .atomic_buffers
        .iter()
        .enumerate()
        .map(|(i, a)| (a.binding, slots.atomic_buffers + i as u32))
        .collect();
    let mut func = Function::with_name_signature(UserFuncName::user(0, id.as_u32()), sig.clone());
    let mut fctx = FunctionBuilderContext::new();
    let lower::Lowered {
        frame_stride,
        constants,
        sites: barrier_sites,
        bounds_sites,
        notes: regions,
    } = {
        let b = FunctionBuilder::new(&mut func, &mut fctx);
        let barrier_fns = crate::ir::barrier_functions(m);
        let uniformity = Some(crate::ir::uniformity::analyze(m, main, &barrier_fns));
        let env = lower::Env {
            m,
            reflection: r,
            barrier_fns,
            block_slot,
            counter_slot,
            local_size,
            call_conv,
            frontend,
            check_barriers: opts.check_barriers,
            check_bounds: opts.check_bounds,
            simd: !opts.scalar,
            uniformity,
            fma,
            sse41,
        };
        lower::Lower::run(env, b, main)?
    };
    let clif = opts.clif.then(|| func.display().to_string());
    let mut ctx = Context::for_function(func);
    ctx.set_disasm(opts.asm);
    module
        .define_function(id, &mut ctx)
        .map_err(|e| format!("code generation failed: {e:?}"))?;
    // The kernel's frame holds its private variables; with the helpers it calls it must
    // fit the stack every thread that runs it has (see runtime::pool).
    let frame = ctx
        .compiled_code()
        .and_then(|c| c.buffer.frame_layout())
        .map_or(0, |l| l.frame_to_fp_offset as usize);
    let stack_need = frame.saturating_add(crate::limits::HELPER_STACK);
    if stack_need > crate::limits::MAX_KERNEL_STACK {
        return Err(format!(
            "its private variables need {frame} bytes of stack per work group, more than glcompute's limit of {} bytes",
            crate::limits::MAX_KERNEL_STACK - crate::limits::HELPER_STACK
        ));
    }
    // The function as Cranelift optimised it (e-graph, LICM): what the machine code
    // was generated from.
    let clif_optimized = opts.clif.then(|| ctx.func.display().to_string());
    let asm = if opts.asm {
        ctx.compiled_code().and_then(|c| c.vcode.clone())
    } else {
        None
    };
    module.finalize_definitions().map_err(|e| e.to_string())?;
    let ptr = module.get_finalized_function(id);
    // SAFETY: the function was generated with the KernelFn signature (one pointer
    // argument, the platform's C calling convention) and is finalized (executable).
    let entry: KernelFn = unsafe { std::mem::transmute::<*const u8, KernelFn>(ptr) };
    Ok(Kernel {
        module: Some(module),
        entry,
        // Linking rejected more than MAX_COMPUTE_SHARED_MEMORY_SIZE (limits.rs).
        shared_size: u32::try_from(shared_layout(m).1).unwrap_or(u32::MAX),
        frame_stride,
        stack_need,
        slots,
        _constants: constants,
        clif,
        clif_optimized,
        asm,
        barrier_sites,
        bounds_sites,
        regions,
    })
}
