//! Lowering of the IR to Cranelift: the lowering state ([`Lower`]), the kernel's entry
//! and frame, locals, runtime helper calls. By concern, the rest is in `regions.rs`
//! (per-invocation loops and group-level control flow), `stmt.rs` (per-invocation
//! statements and inlined calls), `memory.rs` (globals, places, memory access and its
//! range checks), `expr.rs` (expressions), `builtins.rs`, `images.rs` and
//! `textures.rs` (built-in functions).

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, Block, InstBuilder, MemFlagsData, SigRef, Signature, StackSlotData, StackSlotKind,
    Type as ClType, Value, types,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, Variable};

use crate::ir::layout::bits32::layout;
use crate::ir::reflect::Reflection;
use crate::ir::*;
use crate::runtime::abi::offsets;

pub(super) type R<T> = Result<T, String>;

/// Ends a loop's test: to `body` when `more` is nonzero, else to `exit`.
///
/// The targets are emitted as `brif !more, exit, body` on purpose. Cranelift 0.135's
/// e-graph pass places loop-invariant values before a loop (LICM) only while it walks
/// the loop's blocks before any block outside the loop that shares their dominator:
/// it visits a block's dominator-tree children in reverse post-order and forgets the
/// enclosing loop at the first child outside it, without restoring it for the later
/// children. Its depth-first walk takes a `brif`'s first target first, which puts that
/// target later in reverse post-order, so the body must be the second target. (With
/// `brif more, body, exit` a per-invocation value that a loop only reads, as
/// `c` in a Mandelbrot loop, was recomputed on every iteration.)
pub(super) fn loop_branch(b: &mut FunctionBuilder, more: Value, body: Block, exit: Block) {
    let done = b.ins().icmp_imm_u(IntCC::Equal, more, 0);
    b.ins().brif(done, exit, &[], body, &[]);
}

/// What the lowering needs to know about the program.
pub struct Env<'a> {
    pub m: &'a Module,
    pub reflection: &'a Reflection,
    pub barrier_fns: Vec<bool>,
    pub block_slot: HashMap<GlobalId, u32>,
    pub counter_slot: HashMap<u32, u32>,
    pub local_size: Option<[u32; 3]>,
    pub call_conv: CallConv,
    pub frontend: cranelift_codegen::isa::TargetFrontendConfig,
    /// Emit the run-time barrier check (Options::check_barriers).
    pub check_barriers: bool,
    /// Emit the out-of-range access report (Options::check_bounds).
    pub check_bounds: bool,
    /// Run regions in SIMD lanes where they can (not Options::scalar).
    pub simd: bool,
    /// The program's uniformity analysis (SIMD regions, uniform group decisions).
    pub uniformity: Option<crate::ir::uniformity::Analysis>,
    /// The ISA has native fused multiply-add.
    pub fma: bool,
    /// The ISA has SSE4.1 (BLENDVPS).
    pub sse41: bool,
}

/// A value: the components of a scalar, vector or matrix (column-major) as SSA values,
/// or an aggregate (array or struct) in memory.
#[derive(Clone)]
pub(super) enum Val {
    Comps(Vec<Value>),
    Mem(MemRef),
}

/// An object in memory laid out by `pk`/`rm`: `base + off`, checked against `limit`
/// (bytes from `base`) when the memory is a bound buffer range.
#[derive(Clone, Copy)]
pub(super) struct MemRef {
    pub base: Value,
    pub off: Value,
    pub limit: Option<Value>,
    pub ty: TypeId,
    pub pk: Packing,
    pub rm: bool,
    /// The explicit stride of the matrices in this object (a struct member's SPIR-V
    /// MatrixStride; None: the packing's).
    pub ms: Option<u32>,
    /// Distance between the components of a vector that is a column of a row-major
    /// matrix (None: consecutive).
    pub cstride: Option<u32>,
    /// The block or atomic counter whose bound range `limit` is (for the bounds report).
    pub what: Option<GlobalId>,
    /// The innermost dynamic index applied (for the bounds report).
    pub index: Option<Value>,
    /// Memory no kernel writes and nothing changes during a dispatch (the default
    /// uniform block): loads of it may be shared and moved out of loops.
    pub readonly: bool,
    /// The work group's shared memory: one thread runs all of a group's invocations
    /// (runtime::pool), so no other thread reads or writes it while the group runs.
    pub group_local: bool,
}

/// Something that can be assigned.
#[derive(Clone)]
pub(super) enum Place {
    /// SSA variables: one per component (scalar, vector or matrix).
    Vars(Vec<Variable>, TypeId),
    Mem(MemRef),
    /// Selected components of a vector place.
    Swizzle(Box<Place>, Vec<u8>, TypeId),
    /// Element `index` (dynamic) of `count` elements of `per` components each, in an
    /// SSA vector or matrix place.
    Dyn {
        base: Box<Place>,
        index: Value,
        count: u32,
        per: u32,
        ty: TypeId,
    },
    /// An array (or array of arrays) of uniform or storage blocks: each element is
    /// its own resource, numbered in row-major order. `flat`: the element number of
    /// the outer indices applied so far (None: none yet); `ty`: the array type left.
    BlockArray {
        g: GlobalId,
        flat: Option<Value>,
        ty: TypeId,
    },
}

/// Storage of a local variable, parameter or private global.
#[derive(Clone)]
pub(super) enum Slot {
    Vars(Vec<Variable>, TypeId),
    /// Per-invocation memory (an aggregate) at a stack slot.
    Stack(cranelift_codegen::ir::StackSlot, TypeId),
    /// Per-invocation memory in the group frame (visible across regions).
    Frame(u32, TypeId),
}

/// An inlined function body.
pub(super) struct Instance {
    pub func: FunctionId,
    pub locals: HashMap<u32, Slot>,
    pub ret: Option<Slot>,
    /// Lowered at group level (the function reaches a barrier).
    pub group: bool,
    /// Per-invocation instances: where `return` jumps.
    pub exit_block: Option<Block>,
    /// Group-level instances: the jump code `return` leaves in `pending`, and the
    /// group-level block it leads to.
    pub exit_code: u32,
    pub group_exit: Option<Block>,
}

/// A break/continue target.
pub(super) enum Target {
    Loop {
        group: bool,
        brk: Block,
        cont: Block,
        brk_code: u32,
        cont_code: u32,
    },
    Switch {
        group: bool,
        brk: Block,
        brk_code: u32,
    },
}

/// The invocation a region is running.
pub(super) struct Inv {
    pub idx: Variable,
    pub lid: [Variable; 3],
    /// This invocation's frame.
    pub fp: Variable,
    /// Where the invocation's part of the region ends.
    pub next: Block,
}

/// Frame offsets reserved in every frame.
pub(super) const PENDING: u32 = 0;
pub(super) const DEAD: u32 = 4;
pub(super) const FRAME_HEADER: u32 = 16;
/// The pending code of an invocation that returned from main.
pub(super) const CODE_DEAD: u32 = 1;

/// What lowering gives besides the function: the frame stride, the constant blobs the
/// code addresses, and the checked barrier sites.
pub struct Lowered {
    pub frame_stride: u32,
    pub constants: Vec<Box<[u8]>>,
    pub sites: Vec<Span>,
    pub bounds_sites: Vec<crate::backend::sites::BoundsSite>,
    pub notes: Vec<super::simd::state::RegionNote>,
}

pub struct Lower<'a, 'b> {
    pub(super) env: Env<'a>,
    pub(super) b: FunctionBuilder<'b>,
    pub(super) resources: Value,
    /// The image unit table (runtime::image).
    pub(super) images: Value,
    /// The sampler table (runtime::sampler).
    pub(super) samplers: Value,
    pub(super) uniforms: Value,
    pub(super) shared: Value,
    pub(super) frame: Value,
    pub(super) stride: Value,
    pub(super) abort: Value,
    /// GroupCtx::report (loaded only with the barrier check).
    pub(super) report: Option<Value>,
    /// Checked barrier sites: a report stores 1 + the index.
    pub(super) sites: Vec<Span>,
    /// GroupCtx::bounds (loaded only with the bounds check).
    pub(super) bounds: Option<Value>,
    /// Checked out-of-range access sites: a report stores the index.
    pub(super) bounds_sites: Vec<crate::backend::sites::BoundsSite>,
    /// The statement being lowered (for the sites of jumps).
    pub(super) cur_span: Span,
    /// Sites of the jumps the current region may leave.
    pub(super) region_sites: Vec<Span>,
    pub(super) num_groups: [Value; 3],
    pub(super) group_id: [Value; 3],
    pub(super) local: [Value; 3],
    pub(super) count: Value,
    pub(super) exit: Block,
    pub(super) frame_size: u32,
    pub(super) constants: Vec<Box<[u8]>>,
    pub(super) shared_offsets: HashMap<GlobalId, u32>,
    pub(super) inv: Option<Inv>,
    pub(super) globals: HashMap<GlobalId, Slot>,
    pub(super) stack: Vec<Instance>,
    pub(super) targets: Vec<Target>,
    pub(super) next_code: u32,
    /// Jump codes the current region may leave, with their group-level destination.
    pub(super) region_codes: Vec<(u32, Block)>,
    /// Inside a region whose top-level declarations must live in the frame.
    pub(super) frame_decls: bool,
    pub(super) decl_depth: u32,
    /// The frames' DEAD flags are kept: main has a `return`, so an invocation may end
    /// before its group does.
    pub(super) dead_tracking: bool,
    /// The kernel has group-level code (barriers outside straight-line code): regions
    /// may leave a jump code in the frames' PENDING slot.
    pub(super) group_code: bool,
    pub(super) sigs: HashMap<(Vec<ClType>, Vec<ClType>), SigRef>,
    /// Values of expressions the scalar lowering takes as given: one lane's operands
    /// while a SIMD region lowers an expression per lane (`simd::vfallback`).
    pub(super) subst: HashMap<ExprId, Val>,
    /// The SIMD region being lowered.
    pub(super) simd: Option<Box<super::simd::state::SimdCtx>>,
    /// How each region runs (for `glcompute compile --dump-ir`).
    pub(super) notes: Vec<super::simd::state::RegionNote>,
    /// How many expressions name each local, in the function (its address) whose
    /// SIMD regions last asked.
    pub(super) local_names: Option<(usize, HashMap<u32, usize>)>,
}

pub(super) fn cl_type(s: Scalar) -> ClType {
    match s {
        Scalar::Bool => types::I8,
        Scalar::Int | Scalar::Uint => types::I32,
        Scalar::Float => types::F32,
        Scalar::Double => types::F64,
        Scalar::Int64 | Scalar::Uint64 => types::I64,
    }
}

pub(super) fn mf() -> MemFlagsData {
    MemFlagsData::trusted()
}

impl<'a, 'b> Lower<'a, 'b> {
    /// Builds the kernel; returns the frame stride, the constant blobs and the checked
    /// barrier sites.
    pub fn run(env: Env<'a>, mut b: FunctionBuilder<'b>, main: FunctionId) -> R<Lowered> {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let ctx = b.block_params(entry)[0];
        let ld = |b: &mut FunctionBuilder, ty, off| b.ins().load(ty, mf(), ctx, off);
        let resources = ld(&mut b, types::I64, offsets::RESOURCES);
        let uniforms = ld(&mut b, types::I64, offsets::UNIFORMS);
        let shared = ld(&mut b, types::I64, offsets::SHARED);
        let frame = ld(&mut b, types::I64, offsets::FRAME);
        let stride = ld(&mut b, types::I64, offsets::FRAME_STRIDE);
        let abort = ld(&mut b, types::I64, offsets::ABORT);
        let images = ld(&mut b, types::I64, offsets::IMAGES);
        let samplers = ld(&mut b, types::I64, offsets::SAMPLERS);
        let report = env
            .check_barriers
            .then(|| ld(&mut b, types::I64, offsets::REPORT));
        let bounds = env
            .check_bounds
            .then(|| ld(&mut b, types::I64, offsets::BOUNDS));
        let mut num_groups = [resources; 3];
        let mut group_id = [resources; 3];
        let mut local = [resources; 3];
        for i in 0..3 {
            num_groups[i] = ld(&mut b, types::I32, offsets::NUM_GROUPS + 4 * i as i32);
            group_id[i] = ld(&mut b, types::I32, offsets::GROUP_ID + 4 * i as i32);
            local[i] = match env.local_size {
                Some(s) => b.ins().iconst(types::I32, s[i] as i64),
                None => ld(&mut b, types::I32, offsets::LOCAL_SIZE + 4 * i as i32),
            };
        }
        let c = b.ins().imul(local[0], local[1]);
        let count = b.ins().imul(c, local[2]);
        let exit = b.create_block();
        let group_main = env.barrier_fns[main.0 as usize];
        // Offsets below the linked shared-memory limit.
        let shared_offsets = crate::ir::layout::shared_layout(env.m)
            .0
            .into_iter()
            .map(|(g, o)| (g, crate::ir::layout::saturate_u32(o)))
            .collect();
        let mut l = Lower {
            env,
            b,
            resources,
            images,
            samplers,
            uniforms,
            shared,
            frame,
            stride,
            abort,
            report,
            sites: Vec::new(),
            bounds,
            bounds_sites: Vec::new(),
            cur_span: Span::default(),
            region_sites: Vec::new(),
            num_groups,
            group_id,
            local,
            count,
            exit,
            frame_size: FRAME_HEADER,
            constants: Vec::new(),
            shared_offsets,
            inv: None,
            globals: HashMap::new(),
            stack: Vec::new(),
            targets: Vec::new(),
            next_code: CODE_DEAD + 1,
            region_codes: Vec::new(),
            frame_decls: false,
            decl_depth: 0,
            dead_tracking: group_main,
            group_code: group_main,
            sigs: HashMap::new(),
            subst: HashMap::new(),
            simd: None,
            notes: Vec::new(),
            local_names: None,
        };
        l.kernel(main, group_main)?;
        let frontend = l.env.frontend;
        let Lower {
            mut b,
            exit,
            frame_size,
            constants,
            sites,
            bounds_sites,
            notes,
            ..
        } = l;
        b.ins().jump(exit, &[]);
        b.switch_to_block(exit);
        b.ins().return_(&[]);
        b.seal_all_blocks();
        b.finalize(frontend);
        Ok(Lowered {
            frame_stride: frame_size.checked_next_multiple_of(16).unwrap_or(u32::MAX),
            constants,
            sites,
            bounds_sites,
            notes,
        })
    }

    /// The barrier check (Options::check_barriers): after the invocations each stored
    /// an i32 at frame offset `off`, every live one (every one, with `dead_too`) must
    /// hold the leader's value; if one does not, 1 + a new site for `span` is stored in
    /// GroupCtx::report. Nothing without the check.
    pub(super) fn check_agree(&mut self, off: i32, span: Span, dead_too: bool) -> R<()> {
        let Some(report) = self.report else {
            return Ok(());
        };
        self.sites.push(span);
        let site = self.sites.len() as i64;
        let lfp = self.leader_fp()?;
        let want = self.b.ins().load(types::I32, mf(), lfp, off);
        let i = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(i, zero);
        let (head, test, cmp, bad, step, done) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let iv = self.b.use_var(i);
        let count = self.b.ins().uextend(types::I64, self.count);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, iv, count);
        loop_branch(&mut self.b, more, test, done);
        self.b.switch_to_block(test);
        let o = self.b.ins().imul(iv, self.stride);
        let fp = self.b.ins().iadd(self.frame, o);
        if self.dead_tracking && !dead_too {
            let dead = self.b.ins().load(types::I32, mf(), fp, DEAD as i32);
            self.b.ins().brif(dead, step, &[], cmp, &[]);
        } else {
            self.b.ins().jump(cmp, &[]);
        }
        self.b.switch_to_block(cmp);
        let v = self.b.ins().load(types::I32, mf(), fp, off);
        let ne = self.b.ins().icmp(IntCC::NotEqual, v, want);
        self.b.ins().brif(ne, bad, &[], step, &[]);
        self.b.switch_to_block(bad);
        let c = self.b.ins().iconst(types::I32, site);
        self.b.ins().atomic_store(mf(), c, report);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(step);
        let i1 = self.b.ins().iadd_imm_s(iv, 1);
        self.b.def_var(i, i1);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(done);
        Ok(())
    }

    fn kernel(&mut self, main: FunctionId, group_main: bool) -> R<()> {
        let m = self.env.m;
        let privates: Vec<GlobalId> = m
            .globals
            .iter()
            .enumerate()
            .filter(|(_, g)| g.storage == Storage::Private)
            .map(|(i, _)| GlobalId(i as u32))
            .collect();
        let body = m.function(main).body.clone();
        if group_main {
            // Only a `return` in main itself ends an invocation before the group ends
            // (one in a function it calls returns to main): without one, every
            // invocation stays alive and nothing needs to record which are not.
            let mut returns = false;
            crate::ir::walk::for_each_stmt(&body, |s| {
                returns |= matches!(s.kind, StmtKind::Return(_));
            });
            // Every invocation starts alive (the frame holds garbage until then).
            self.dead_tracking = false;
            let r = self.region(|l| {
                if returns {
                    let fp = l.fp();
                    let zero = l.b.ins().iconst(types::I32, 0);
                    l.b.ins().store(mf(), zero, fp, DEAD as i32);
                }
                for &g in &privates {
                    let ty = m.global(g).ty;
                    let slot = Slot::Frame(l.alloc_frame(ty), ty);
                    l.globals.insert(g, slot);
                    l.init_private(g)?;
                }
                Ok(())
            });
            self.dead_tracking = returns;
            r?;
            let exit = self.b.create_block();
            self.stack.push(Instance {
                func: main,
                locals: HashMap::new(),
                ret: None,
                group: true,
                exit_block: None,
                exit_code: CODE_DEAD,
                group_exit: Some(exit),
            });
            self.group_block(&body)?;
            self.stack.pop();
            self.b.ins().jump(exit, &[]);
            self.b.switch_to_block(exit);
        } else {
            self.stack.push(Instance {
                func: main,
                locals: HashMap::new(),
                ret: None,
                group: false,
                exit_block: None,
                exit_code: 0,
                group_exit: None,
            });
            let plan = self.simd_plan(&body, true);
            let span = m.function(main).span;
            match plan {
                Ok(plan) => {
                    self.notes
                        .push(super::simd::state::RegionNote { span, scalar: None });
                    let r = self.simd_region(&body, plan, Some(&privates));
                    self.stack.pop();
                    return r;
                }
                Err(why) => {
                    self.stack.pop();
                    self.notes.push(super::simd::state::RegionNote {
                        span,
                        scalar: Some(why),
                    })
                }
            }
            self.region(|l| {
                for &g in &privates {
                    let ty = m.global(g).ty;
                    let slot = l.alloc_local(ty, false);
                    l.globals.insert(g, slot);
                    l.init_private(g)?;
                }
                let next = l.inv.as_ref().expect("invocation").next;
                l.stack.push(Instance {
                    func: main,
                    locals: HashMap::new(),
                    ret: None,
                    group: false,
                    exit_block: Some(next),
                    exit_code: 0,
                    group_exit: None,
                });
                let r = l.block(&body);
                l.stack.pop();
                r
            })?;
        }
        Ok(())
    }

    /// Private globals start as their initializer, or zero.
    fn init_private(&mut self, g: GlobalId) -> R<()> {
        let glob = self.env.m.global(g);
        let place = self.slot_place(&self.globals[&g].clone());
        let v = match &glob.init {
            Some(c) => self.constant(c, glob.ty),
            None => self.zero_value(glob.ty),
        };
        self.store_place(&place, &v)
    }

    // ---- frame and locals ---------------------------------------------------------

    pub(super) fn alloc_frame(&mut self, ty: TypeId) -> u32 {
        let l = layout(&self.env.m.types, ty, Packing::Std430, false);
        let align = l.align.max(4);
        // Saturating: a frame past 4 GiB stays too large for the dispatch-time limit
        // (MAX_GROUP_SCRATCH) instead of wrapping onto smaller offsets.
        let at = self
            .frame_size
            .checked_next_multiple_of(align)
            .unwrap_or(u32::MAX);
        self.frame_size = at.saturating_add(l.size.max(4));
        at
    }

    /// Storage for a per-invocation local: SSA variables for scalars, vectors and
    /// matrices, memory for aggregates; the frame when it must outlive the region.
    pub(super) fn alloc_local(&mut self, ty: TypeId, frame: bool) -> Slot {
        if frame {
            return Slot::Frame(self.alloc_frame(ty), ty);
        }
        let types = &self.env.m.types;
        match types.get(ty) {
            Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix { scalar: s, .. } => {
                let n = types.components(ty).unwrap_or(1);
                let vars = (0..n).map(|_| self.b.declare_var(cl_type(*s))).collect();
                Slot::Vars(vars, ty)
            }
            _ => {
                let l = layout(types, ty, Packing::Std430, false);
                let ss = self.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    l.size.max(4),
                    4,
                ));
                Slot::Stack(ss, ty)
            }
        }
    }

    pub(super) fn slot_place(&mut self, s: &Slot) -> Place {
        match s {
            Slot::Vars(v, ty) => Place::Vars(v.clone(), *ty),
            Slot::Stack(ss, ty) => {
                let base = self.b.ins().stack_addr(types::I64, *ss, 0);
                Place::Mem(self.mem(base, 0, None, *ty, Packing::Std430, false))
            }
            Slot::Frame(off, ty) => {
                let fp = self.fp();
                Place::Mem(self.mem(fp, *off as i64, None, *ty, Packing::Std430, false))
            }
        }
    }

    pub(super) fn mem(
        &mut self,
        base: Value,
        off: i64,
        limit: Option<Value>,
        ty: TypeId,
        pk: Packing,
        rm: bool,
    ) -> MemRef {
        let off = self.b.ins().iconst(types::I64, off);
        MemRef {
            base,
            off,
            limit,
            ty,
            pk,
            rm,
            ms: None,
            cstride: None,
            what: None,
            index: None,
            readonly: false,
            group_local: false,
        }
    }

    /// The current invocation's frame pointer.
    pub(super) fn fp(&mut self) -> Value {
        let v = self.inv.as_ref().expect("inside a region").fp;
        self.b.use_var(v)
    }

    /// The components of a non-aggregate value.
    pub(super) fn comps(&mut self, v: &Val) -> Vec<Value> {
        match v {
            Val::Comps(c) => c.clone(),
            Val::Mem(r) => match self.load_mem(r) {
                Val::Comps(c) => c,
                Val::Mem(_) => Vec::new(),
            },
        }
    }

    pub(super) fn scalar(&mut self, v: &Val) -> Value {
        self.comps(v)[0]
    }

    /// A signature for helper calls, imported once per shape.
    pub(super) fn sig(&mut self, params: &[ClType], rets: &[ClType]) -> SigRef {
        let key = (params.to_vec(), rets.to_vec());
        if let Some(s) = self.sigs.get(&key) {
            return *s;
        }
        let mut sig = Signature::new(self.env.call_conv);
        sig.params.extend(params.iter().map(|t| AbiParam::new(*t)));
        sig.returns.extend(rets.iter().map(|t| AbiParam::new(*t)));
        let r = self.b.import_signature(sig);
        self.sigs.insert(key, r);
        r
    }

    /// Calls a runtime helper, with the signature of its table entry.
    pub(super) fn libcall(&mut self, lc: super::libcalls::Libcall, args: &[Value]) -> Vec<Value> {
        let (params, rets) = lc.signature();
        let sig = self.sig(&params, &rets);
        let callee = self.b.ins().iconst(types::I64, lc.address() as i64);
        let call = self.b.ins().call_indirect(sig, callee, args);
        self.b.inst_results(call).to_vec()
    }
}

pub(super) fn base_type(types: &Types, mut t: TypeId) -> &Type {
    while let Type::Array(e, _) = types.get(t) {
        t = *e;
    }
    types.get(t)
}
