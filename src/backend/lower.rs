//! Lowering of the IR to Cranelift: the kernel frame, regions (per-invocation loops)
//! and group-level control flow, inlined calls, memory and places. Expressions are in
//! `expr.rs`, built-in functions in `builtins.rs`.

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, Block, InstBuilder, MemFlagsData, SigRef, Signature, StackSlotData, StackSlotKind,
    Type as ClType, Value, types,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, Variable};

use super::helpers;
use crate::ir::layout::bits32::{array_stride, layout, matrix_stride, struct_layout};
use crate::ir::reflect::Reflection;
use crate::ir::*;
use crate::runtime::abi::offsets;

pub(super) type R<T> = Result<T, String>;

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
    /// Distance between the components of a vector that is a column of a row-major
    /// matrix (None: consecutive).
    pub cstride: Option<u32>,
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
    /// An array of uniform or storage blocks: each element is its own resource.
    BlockArray(GlobalId),
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
const PENDING: u32 = 0;
const DEAD: u32 = 4;
const FRAME_HEADER: u32 = 16;
/// The pending code of an invocation that returned from main.
const CODE_DEAD: u32 = 1;

/// What lowering gives besides the function: the frame stride, the constant blobs the
/// code addresses, and the checked barrier sites.
pub struct Lowered {
    pub frame_stride: u32,
    pub constants: Vec<Box<[u8]>>,
    pub sites: Vec<Span>,
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
    report: Option<Value>,
    /// Checked barrier sites: a report stores 1 + the index.
    sites: Vec<Span>,
    /// The statement being lowered (for the sites of jumps).
    cur_span: Span,
    /// Sites of the jumps the current region may leave.
    region_sites: Vec<Span>,
    pub(super) num_groups: [Value; 3],
    pub(super) group_id: [Value; 3],
    pub(super) local: [Value; 3],
    pub(super) count: Value,
    pub(super) exit: Block,
    frame_size: u32,
    pub(super) constants: Vec<Box<[u8]>>,
    shared_offsets: HashMap<GlobalId, u32>,
    pub(super) inv: Option<Inv>,
    globals: HashMap<GlobalId, Slot>,
    pub(super) stack: Vec<Instance>,
    pub(super) targets: Vec<Target>,
    next_code: u32,
    /// Jump codes the current region may leave, with their group-level destination.
    region_codes: Vec<(u32, Block)>,
    /// Inside a region whose top-level declarations must live in the frame.
    frame_decls: bool,
    decl_depth: u32,
    dead_tracking: bool,
    sigs: HashMap<(Vec<ClType>, Vec<ClType>), SigRef>,
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
        let shared_offsets = super::shared_layout(env.m)
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
            sigs: HashMap::new(),
        };
        l.kernel(main, group_main)?;
        let frontend = l.env.frontend;
        let Lower {
            mut b,
            exit,
            frame_size,
            constants,
            sites,
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
        })
    }

    /// The barrier check (Options::check_barriers): after the invocations each stored
    /// an i32 at frame offset `off`, every live one (every one, with `dead_too`) must
    /// hold the leader's value; if one does not, 1 + a new site for `span` is stored in
    /// GroupCtx::report. Nothing without the check.
    fn check_agree(&mut self, off: i32, span: Span, dead_too: bool) -> R<()> {
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
        self.b.ins().brif(more, test, &[], done, &[]);
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
            // Every invocation starts alive (the frame holds garbage until then).
            self.dead_tracking = false;
            let r = self.region(|l| {
                let fp = l.fp();
                let zero = l.b.ins().iconst(types::I32, 0);
                l.b.ins().store(mf(), zero, fp, DEAD as i32);
                for &g in &privates {
                    let ty = m.global(g).ty;
                    let slot = Slot::Frame(l.alloc_frame(ty), ty);
                    l.globals.insert(g, slot);
                    l.init_private(g)?;
                }
                Ok(())
            });
            self.dead_tracking = true;
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
            cstride: None,
        }
    }

    /// The current invocation's frame pointer.
    pub(super) fn fp(&mut self) -> Value {
        let v = self.inv.as_ref().expect("inside a region").fp;
        self.b.use_var(v)
    }

    // ---- regions --------------------------------------------------------------

    /// Runs `body` for every live invocation of the group.
    pub(super) fn region(&mut self, body: impl FnOnce(&mut Self) -> R<()>) -> R<()> {
        let idx = self.b.declare_var(types::I32);
        let lid = [
            self.b.declare_var(types::I32),
            self.b.declare_var(types::I32),
            self.b.declare_var(types::I32),
        ];
        let fpv = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I32, 0);
        self.b.def_var(idx, zero);
        for v in lid {
            self.b.def_var(v, zero);
        }
        let header = self.b.create_block();
        let body_blk = self.b.create_block();
        let live = self.b.create_block();
        let next = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(header);
        let i = self.b.use_var(idx);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, i, self.count);
        self.b.ins().brif(more, body_blk, &[], done, &[]);
        self.b.switch_to_block(body_blk);
        let i64v = self.b.ins().uextend(types::I64, i);
        let off = self.b.ins().imul(i64v, self.stride);
        let fp = self.b.ins().iadd(self.frame, off);
        self.b.def_var(fpv, fp);
        if self.dead_tracking {
            let dead = self.b.ins().load(types::I32, mf(), fp, DEAD as i32);
            self.b.ins().brif(dead, next, &[], live, &[]);
        } else {
            self.b.ins().jump(live, &[]);
        }
        self.b.switch_to_block(live);
        // No jump is pending until this region leaves one (a stale code from an
        // earlier region must not be taken for this one's). Only kernels with
        // group-level code ever read it.
        if self.dead_tracking {
            let zero = self.b.ins().iconst(types::I32, 0);
            self.b.ins().store(mf(), zero, fp, PENDING as i32);
        }
        let outer_inv = self.inv.replace(Inv {
            idx,
            lid,
            fp: fpv,
            next,
        });
        let outer_codes = std::mem::take(&mut self.region_codes);
        let outer_sites = std::mem::take(&mut self.region_sites);
        let r = body(self);
        self.b.ins().jump(next, &[]);
        self.inv = outer_inv;
        let codes = std::mem::replace(&mut self.region_codes, outer_codes);
        let sites = std::mem::replace(&mut self.region_sites, outer_sites);
        r?;
        // Next invocation: x, then y, then z.
        self.b.switch_to_block(next);
        let i = self.b.use_var(idx);
        let i1 = self.b.ins().iadd_imm_s(i, 1);
        self.b.def_var(idx, i1);
        let x = self.b.use_var(lid[0]);
        let x1 = self.b.ins().iadd_imm_s(x, 1);
        let wrap_x = self.b.ins().icmp(IntCC::Equal, x1, self.local[0]);
        let y = self.b.use_var(lid[1]);
        let y1 = self.b.ins().iadd_imm_s(y, 1);
        let y_new = self.b.ins().select(wrap_x, y1, y);
        let wrap_y = self.b.ins().icmp(IntCC::Equal, y_new, self.local[1]);
        let z = self.b.use_var(lid[2]);
        let z1 = self.b.ins().iadd_imm_s(z, 1);
        let zero = self.b.ins().iconst(types::I32, 0);
        let x_new = self.b.ins().select(wrap_x, zero, x1);
        let both = self.b.ins().band(wrap_x, wrap_y);
        let y_final = self.b.ins().select(both, zero, y_new);
        let z_new = self.b.ins().select(both, z1, z);
        self.b.def_var(lid[0], x_new);
        self.b.def_var(lid[1], y_final);
        self.b.def_var(lid[2], z_new);
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(done);
        // Jumps some invocation left for group-level code: follow the leader's (with the
        // check: every live invocation must have left the same one).
        if let Some(&site) = sites.first() {
            self.check_agree(PENDING as i32, site, false)?;
        }
        if !codes.is_empty() {
            let lfp = self.leader_fp()?;
            let pending = self.b.ins().load(types::I32, mf(), lfp, PENDING as i32);
            for (code, dest) in codes {
                let hit = self.b.ins().icmp_imm_s(IntCC::Equal, pending, code as i64);
                let cont = self.b.create_block();
                self.b.ins().brif(hit, dest, &[], cont, &[]);
                self.b.switch_to_block(cont);
            }
        }
        Ok(())
    }

    /// The frame of the first live invocation; with none left, the kernel ends.
    pub(super) fn leader_fp(&mut self) -> R<Value> {
        if !self.dead_tracking {
            return Ok(self.frame);
        }
        let i = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(i, zero);
        let head = self.b.create_block();
        let test = self.b.create_block();
        let step = self.b.create_block();
        let found = self.b.create_block();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let iv = self.b.use_var(i);
        let count = self.b.ins().uextend(types::I64, self.count);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, iv, count);
        self.b.ins().brif(more, test, &[], self.exit, &[]);
        self.b.switch_to_block(test);
        let off = self.b.ins().imul(iv, self.stride);
        let fp = self.b.ins().iadd(self.frame, off);
        let dead = self.b.ins().load(types::I32, mf(), fp, DEAD as i32);
        self.b.ins().brif(dead, step, &[], found, &[]);
        self.b.switch_to_block(step);
        let i1 = self.b.ins().iadd_imm_s(iv, 1);
        self.b.def_var(i, i1);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(found);
        let iv = self.b.use_var(i);
        let off = self.b.ins().imul(iv, self.stride);
        Ok(self.b.ins().iadd(self.frame, off))
    }

    fn new_code(&mut self) -> u32 {
        self.next_code += 1;
        self.next_code
    }

    /// Leaves `code` for group-level code and ends this invocation's region.
    fn leave(&mut self, code: u32, dest: Option<Block>) {
        let fp = self.fp();
        if code == CODE_DEAD {
            let one = self.b.ins().iconst(types::I32, 1);
            self.b.ins().store(mf(), one, fp, DEAD as i32);
        } else {
            let c = self.b.ins().iconst(types::I32, code as i64);
            self.b.ins().store(mf(), c, fp, PENDING as i32);
            if let Some(d) = dest
                && !self.region_codes.iter().any(|(k, _)| *k == code)
            {
                self.region_codes.push((code, d));
            }
            self.region_sites.push(self.cur_span);
        }
        let next = self.inv.as_ref().expect("region").next;
        self.b.ins().jump(next, &[]);
        let dead = self.b.create_block();
        self.b.switch_to_block(dead);
    }

    /// Checks the watchdog flag on a loop back-edge.
    pub(super) fn check_abort(&mut self) {
        let flag = self
            .b
            .ins()
            .load(types::I32, MemFlagsData::new(), self.abort, 0);
        let cont = self.b.create_block();
        self.b.ins().brif(flag, self.exit, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }

    // ---- group-level statements ----------------------------------------------------

    fn func(&self) -> &'a Function {
        let f = self.stack.last().expect("instance").func;
        self.env.m.function(f)
    }

    fn has_barrier(&self, s: &Stmt) -> bool {
        super::stmt_has_barrier(self.func(), s, &self.env.barrier_fns)
    }

    /// A block of a group-level function: runs of barrier-free statements become
    /// regions; statements that reach a barrier are lowered at group level.
    pub(super) fn group_block(&mut self, stmts: &[Stmt]) -> R<()> {
        let mut run: Vec<Stmt> = Vec::new();
        for s in stmts {
            if !self.has_barrier(s) {
                run.push(s.clone());
                continue;
            }
            self.flush_run(&mut run)?;
            self.group_stmt(s)?;
        }
        self.flush_run(&mut run)
    }

    fn flush_run(&mut self, run: &mut Vec<Stmt>) -> R<()> {
        if run.is_empty() {
            return Ok(());
        }
        let stmts = std::mem::take(run);
        self.region(|l| {
            let outer = (l.frame_decls, l.decl_depth);
            l.frame_decls = true;
            l.decl_depth = 0;
            let r = l.block(&stmts);
            (l.frame_decls, l.decl_depth) = outer;
            r
        })
    }

    /// Evaluates a bool (or int selector) per invocation and returns the leader's.
    fn group_decision(&mut self, e: ExprId, ty: ClType) -> R<Value> {
        let off = self
            .frame_size
            .checked_next_multiple_of(4)
            .unwrap_or(u32::MAX);
        self.frame_size = off.saturating_add(4);
        self.region(|l| {
            let v = l.expr(e)?;
            let v = l.scalar(&v);
            // Bools widen to the 32-bit slot.
            let v = if l.b.func.dfg.value_type(v) == types::I8 {
                l.b.ins().uextend(ty, v)
            } else {
                v
            };
            let fp = l.fp();
            l.b.ins().store(mf(), v, fp, off as i32);
            Ok(())
        })?;
        let span = self.func().expr(e).span;
        self.check_agree(off as i32, span, false)?;
        let lfp = self.leader_fp()?;
        Ok(self.b.ins().load(types::I32, mf(), lfp, off as i32))
    }

    fn group_stmt(&mut self, s: &Stmt) -> R<()> {
        let f = self.func();
        match &s.kind {
            // A barrier ends a region: every invocation finished the code before it.
            StmtKind::Expr(e)
                if matches!(
                    f.expr(*e).kind,
                    ExprKind::Builtin {
                        fun: Builtin::Barrier,
                        ..
                    }
                ) =>
            {
                // With the check: an invocation that returned before this barrier did
                // not reach it.
                if self.dead_tracking {
                    self.check_agree(DEAD as i32, s.span, true)?;
                }
                Ok(())
            }
            StmtKind::Call { func, args, result } => self.group_call(*func, args, *result),
            StmtKind::Block(b) => self.group_block(b),
            StmtKind::If {
                cond,
                accept,
                reject,
            } => {
                let c = self.group_decision(*cond, types::I32)?;
                let (then, els, merge) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.ins().brif(c, then, &[], els, &[]);
                self.b.switch_to_block(then);
                self.group_block(accept)?;
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(els);
                self.group_block(reject)?;
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(merge);
                Ok(())
            }
            StmtKind::Loop {
                cond,
                test_after,
                body,
                step,
            } => {
                let (header, body_blk, cont, exit) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                let (brk_code, cont_code) = (self.new_code(), self.new_code());
                self.b
                    .ins()
                    .jump(if *test_after { body_blk } else { header }, &[]);
                self.b.switch_to_block(header);
                match cond {
                    Some(c) if !*test_after => {
                        let c = self.group_decision(*c, types::I32)?;
                        self.b.ins().brif(c, body_blk, &[], exit, &[]);
                    }
                    _ => {
                        self.b.ins().jump(body_blk, &[]);
                    }
                }
                self.b.switch_to_block(body_blk);
                self.targets.push(Target::Loop {
                    group: true,
                    brk: exit,
                    cont,
                    brk_code,
                    cont_code,
                });
                let r = self.group_block(body);
                self.targets.pop();
                r?;
                self.b.ins().jump(cont, &[]);
                self.b.switch_to_block(cont);
                self.check_abort();
                self.group_block(step)?;
                match cond {
                    Some(c) if *test_after => {
                        let c = self.group_decision(*c, types::I32)?;
                        self.b.ins().brif(c, body_blk, &[], exit, &[]);
                    }
                    _ => {
                        self.b.ins().jump(header, &[]);
                    }
                }
                self.b.switch_to_block(exit);
                Ok(())
            }
            StmtKind::Switch { selector, cases } => {
                let sel = self.group_decision(*selector, types::I32)?;
                let brk_code = self.new_code();
                self.switch(sel, cases, true, brk_code, Self::group_block)
            }
            _ => Err(self.unsupported(s)),
        }
    }

    /// A switch on `sel` (group-level or per invocation): compare-and-branch to the
    /// case blocks, cases fall through into the next, `break` leaves.
    fn switch(
        &mut self,
        sel: Value,
        cases: &[SwitchCase],
        group: bool,
        brk_code: u32,
        lower_body: fn(&mut Self, &[Stmt]) -> R<()>,
    ) -> R<()> {
        let exit = self.b.create_block();
        let blocks: Vec<Block> = cases.iter().map(|_| self.b.create_block()).collect();
        let default = cases
            .iter()
            .position(|c| c.default)
            .map(|i| blocks[i])
            .unwrap_or(exit);
        for (c, &blk) in cases.iter().zip(&blocks) {
            for &v in &c.values {
                let hit = self.b.ins().icmp_imm_s(IntCC::Equal, sel, v);
                let cont = self.b.create_block();
                self.b.ins().brif(hit, blk, &[], cont, &[]);
                self.b.switch_to_block(cont);
            }
        }
        self.b.ins().jump(default, &[]);
        self.targets.push(Target::Switch {
            group,
            brk: exit,
            brk_code,
        });
        self.decl_depth += 1;
        let mut result = Ok(());
        for (i, c) in cases.iter().enumerate() {
            self.b.switch_to_block(blocks[i]);
            result = lower_body(self, &c.body);
            if result.is_err() {
                break;
            }
            let next = blocks.get(i + 1).copied().unwrap_or(exit);
            self.b.ins().jump(next, &[]);
        }
        self.decl_depth -= 1;
        self.targets.pop();
        result?;
        self.b.switch_to_block(exit);
        Ok(())
    }

    fn unsupported(&self, s: &Stmt) -> String {
        format!(
            "{}: internal error: a barrier inside an expression (calls and barriers are statements after ir::calls)",
            s.span
        )
    }

    /// Inlines a function that reaches a barrier at group level.
    fn group_call(&mut self, func: FunctionId, args: &[ExprId], result: Option<LocalId>) -> R<()> {
        let callee = self.env.m.function(func);
        let caller_depth = self.stack.len();
        // Bind parameters (frame slots) from the arguments, per invocation.
        let mut inst = Instance {
            func,
            locals: HashMap::new(),
            ret: None,
            group: true,
            exit_block: None,
            exit_code: self.new_code(),
            group_exit: Some(self.b.create_block()),
        };
        for (i, l) in callee.locals[..callee.params].iter().enumerate() {
            inst.locals
                .insert(i as u32, Slot::Frame(self.alloc_frame(l.ty), l.ty));
        }
        if !matches!(self.env.m.types.get(callee.ret), Type::Void) {
            inst.ret = Some(Slot::Frame(self.alloc_frame(callee.ret), callee.ret));
        }
        let params: Vec<(Slot, ParamDir)> = (0..callee.params)
            .map(|i| {
                (
                    inst.locals[&(i as u32)].clone(),
                    callee.locals[i].param.unwrap_or(ParamDir::In),
                )
            })
            .collect();
        let args = args.to_vec();
        {
            let params = params.clone();
            let args = args.clone();
            self.region(move |l| {
                for ((slot, dir), a) in params.iter().zip(&args) {
                    if *dir == ParamDir::Out {
                        continue;
                    }
                    let v = l.expr(*a)?;
                    let p = l.slot_place(slot);
                    l.store_place(&p, &v)?;
                }
                Ok(())
            })?;
        }
        let exit = inst.group_exit.expect("group exit");
        let ret = inst.ret.clone();
        self.stack.push(inst);
        let r = self.group_block(&callee.body);
        self.stack.pop();
        r?;
        debug_assert_eq!(self.stack.len(), caller_depth);
        self.b.ins().jump(exit, &[]);
        self.b.switch_to_block(exit);
        // Copy out and inout arguments back, and the result.
        self.region(move |l| {
            for ((slot, dir), a) in params.iter().zip(&args) {
                if *dir == ParamDir::In {
                    continue;
                }
                let p = l.slot_place(slot);
                let v = l.load_place(&p)?;
                let dst = l.place(*a)?;
                l.store_place(&dst, &v)?;
            }
            if let (Some(ret), Some(local)) = (&ret, result) {
                let dst = l.local_place(local)?;
                let p = l.slot_place(ret);
                let v = l.load_place(&p)?;
                l.store_place(&dst, &v)?;
            }
            Ok(())
        })
    }

    // ---- per-invocation statements --------------------------------------------------

    pub(super) fn block(&mut self, stmts: &[Stmt]) -> R<()> {
        for s in stmts {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> R<()> {
        self.cur_span = s.span;
        match &s.kind {
            StmtKind::Expr(e) => {
                self.expr(*e)?;
            }
            StmtKind::Call { func, args, result } => {
                let v = self.call(*func, args)?;
                if let Some(r) = result {
                    let p = self.local_place(*r)?;
                    self.store_place(&p, &v)?;
                }
            }
            StmtKind::Declare { local, init } => {
                let f = self.func();
                let ty = f.locals[local.0 as usize].ty;
                let frame = self.frame_decls && self.decl_depth == 0;
                let slot = self.alloc_local(ty, frame);
                let v = match init {
                    Some(e) => Some(self.expr(*e)?),
                    None => None,
                };
                let place = self.slot_place(&slot);
                self.stack
                    .last_mut()
                    .expect("instance")
                    .locals
                    .insert(local.0, slot);
                match v {
                    Some(v) => self.store_place(&place, &v)?,
                    // Uninitialized locals read as zero (GLSL leaves them undefined).
                    None => {
                        let z = self.zero_value(ty);
                        self.store_place(&place, &z)?
                    }
                }
            }
            StmtKind::Block(b) => {
                self.decl_depth += 1;
                let r = self.block(b);
                self.decl_depth -= 1;
                r?;
            }
            StmtKind::If {
                cond,
                accept,
                reject,
            } => {
                let c = self.expr(*cond)?;
                let c = self.scalar(&c);
                let (then, els, merge) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.ins().brif(c, then, &[], els, &[]);
                self.b.switch_to_block(then);
                self.decl_depth += 1;
                self.block(accept)?;
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(els);
                self.block(reject)?;
                self.decl_depth -= 1;
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(merge);
            }
            StmtKind::Loop {
                cond,
                test_after,
                body,
                step,
            } => {
                let (header, body_blk, cont, exit) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b
                    .ins()
                    .jump(if *test_after { body_blk } else { header }, &[]);
                self.b.switch_to_block(header);
                match cond {
                    Some(c) if !*test_after => {
                        let v = self.expr(*c)?;
                        let v = self.scalar(&v);
                        self.b.ins().brif(v, body_blk, &[], exit, &[]);
                    }
                    _ => {
                        self.b.ins().jump(body_blk, &[]);
                    }
                }
                self.b.switch_to_block(body_blk);
                self.targets.push(Target::Loop {
                    group: false,
                    brk: exit,
                    cont,
                    brk_code: 0,
                    cont_code: 0,
                });
                self.decl_depth += 1;
                let r = self.block(body);
                self.decl_depth -= 1;
                self.targets.pop();
                r?;
                self.b.ins().jump(cont, &[]);
                self.b.switch_to_block(cont);
                self.decl_depth += 1;
                let r = self.block(step);
                self.decl_depth -= 1;
                r?;
                self.check_abort();
                match cond {
                    Some(c) if *test_after => {
                        let v = self.expr(*c)?;
                        let v = self.scalar(&v);
                        self.b.ins().brif(v, body_blk, &[], exit, &[]);
                    }
                    _ => {
                        self.b.ins().jump(header, &[]);
                    }
                }
                self.b.switch_to_block(exit);
            }
            StmtKind::Switch { selector, cases } => {
                let sel = self.expr(*selector)?;
                let sel = self.scalar(&sel);
                self.switch(sel, cases, false, 0, Self::block)?;
            }
            StmtKind::Break | StmtKind::Continue => {
                let is_break = matches!(s.kind, StmtKind::Break);
                let target = self
                    .targets
                    .iter()
                    .rev()
                    .find(|t| is_break || matches!(t, Target::Loop { .. }))
                    .ok_or("break/continue outside a loop")?;
                let (group, dest, code) = match target {
                    Target::Loop {
                        group,
                        brk,
                        cont,
                        brk_code,
                        cont_code,
                    } => {
                        if is_break {
                            (*group, *brk, *brk_code)
                        } else {
                            (*group, *cont, *cont_code)
                        }
                    }
                    Target::Switch {
                        group,
                        brk,
                        brk_code,
                    } => (*group, *brk, *brk_code),
                };
                if group {
                    self.leave(code, Some(dest));
                } else {
                    self.b.ins().jump(dest, &[]);
                    let dead = self.b.create_block();
                    self.b.switch_to_block(dead);
                }
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    let v = self.expr(*e)?;
                    let ret = self.stack.last().expect("instance").ret.clone();
                    if let Some(r) = ret {
                        let p = self.slot_place(&r);
                        self.store_place(&p, &v)?;
                    }
                }
                let inst = self.stack.last().expect("instance");
                if inst.group {
                    let (code, dest) = (inst.exit_code, inst.group_exit);
                    self.leave(code, dest);
                } else {
                    let exit = inst.exit_block.expect("exit block");
                    self.b.ins().jump(exit, &[]);
                    let dead = self.b.create_block();
                    self.b.switch_to_block(dead);
                }
            }
        }
        Ok(())
    }

    /// Inlines a call made in per-invocation code; returns its value (void: no comps).
    pub(super) fn call(&mut self, func: FunctionId, args: &[ExprId]) -> R<Val> {
        let m = self.env.m;
        let callee = m.function(func);
        if !callee.defined {
            return Err(format!("function `{}' has no definition", callee.name));
        }
        // Arguments, left to right: values for in, places for out/inout.
        let mut bound = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let l = &callee.locals[i];
            let dir = l.param.unwrap_or(ParamDir::In);
            let slot = self.alloc_local(l.ty, false);
            match dir {
                ParamDir::In => {
                    let v = self.expr(*a)?;
                    let p = self.slot_place(&slot);
                    self.store_place(&p, &v)?;
                    bound.push((slot, None));
                }
                ParamDir::Out | ParamDir::InOut => {
                    let place = self.place(*a)?;
                    let p = self.slot_place(&slot);
                    if dir == ParamDir::InOut {
                        let v = self.load_place(&place)?;
                        self.store_place(&p, &v)?;
                    } else {
                        let z = self.zero_value(l.ty);
                        self.store_place(&p, &z)?;
                    }
                    bound.push((slot, Some(place)));
                }
            }
        }
        let exit = self.b.create_block();
        let ret = if matches!(m.types.get(callee.ret), Type::Void) {
            None
        } else {
            Some(self.alloc_local(callee.ret, false))
        };
        if let Some(r) = &ret {
            // A function that falls off its end returns zero.
            let p = self.slot_place(r);
            let z = self.zero_value(callee.ret);
            self.store_place(&p, &z)?;
        }
        let mut inst = Instance {
            func,
            locals: HashMap::new(),
            ret: ret.clone(),
            group: false,
            exit_block: Some(exit),
            exit_code: 0,
            group_exit: None,
        };
        for (i, (slot, _)) in bound.iter().enumerate() {
            inst.locals.insert(i as u32, slot.clone());
        }
        // Loops and switches of the caller are not targets inside the callee.
        let targets = std::mem::take(&mut self.targets);
        let depth = std::mem::replace(&mut self.decl_depth, 1);
        self.stack.push(inst);
        let r = self.block(&callee.body);
        self.stack.pop();
        self.decl_depth = depth;
        self.targets = targets;
        r?;
        self.b.ins().jump(exit, &[]);
        self.b.switch_to_block(exit);
        for (slot, place) in &bound {
            if let Some(place) = place {
                let p = self.slot_place(slot);
                let v = self.load_place(&p)?;
                self.store_place(place, &v)?;
            }
        }
        match ret {
            Some(r) => {
                let p = self.slot_place(&r);
                self.load_place(&p)
            }
            None => Ok(Val::Comps(Vec::new())),
        }
    }

    // ---- globals, places and memory ------------------------------------------------

    /// The local of the innermost instance.
    pub(super) fn local_place(&mut self, l: LocalId) -> R<Place> {
        let slot = self
            .stack
            .last()
            .and_then(|i| i.locals.get(&l.0))
            .cloned()
            .ok_or_else(|| format!("internal: local {} used before its declaration", l.0))?;
        Ok(self.slot_place(&slot))
    }

    /// A descriptor table entry: (pointer, size in bytes).
    pub(super) fn resource(&mut self, slot: Value) -> (Value, Value) {
        let s64 = self.b.ins().uextend(types::I64, slot);
        let off = self
            .b
            .ins()
            .imul_imm_s(s64, offsets::RESOURCE_STRIDE as i64);
        let entry = self.b.ins().iadd(self.resources, off);
        let ptr = self.b.ins().load(types::I64, mf(), entry, 0);
        let size = self
            .b
            .ins()
            .load(types::I64, mf(), entry, offsets::RESOURCE_SIZE);
        (ptr, size)
    }

    pub(super) fn global_place(&mut self, g: GlobalId) -> R<Place> {
        let m = self.env.m;
        let glob = m.global(g);
        match glob.storage {
            Storage::Private => {
                let s = self
                    .globals
                    .get(&g)
                    .cloned()
                    .ok_or("internal: private global without storage")?;
                Ok(self.slot_place(&s))
            }
            Storage::Shared => {
                let off = *self
                    .shared_offsets
                    .get(&g)
                    .ok_or("internal: shared offset")?;
                Ok(Place::Mem(self.mem(
                    self.shared,
                    off as i64,
                    None,
                    glob.ty,
                    Packing::Std430,
                    false,
                )))
            }
            Storage::Uniform => {
                if let Type::AtomicUint = base_type(&m.types, glob.ty) {
                    let binding = glob.binding.unwrap_or(0);
                    let slot = *self
                        .env
                        .counter_slot
                        .get(&binding)
                        .ok_or("internal: counter buffer slot")?;
                    let s = self.b.ins().iconst(types::I32, slot as i64);
                    let (ptr, size) = self.resource(s);
                    return Ok(Place::Mem(self.mem(
                        ptr,
                        glob.offset.unwrap_or(0) as i64,
                        Some(size),
                        glob.ty,
                        Packing::Std430,
                        false,
                    )));
                }
                let off = self
                    .env
                    .reflection
                    .default_offsets
                    .get(g.0 as usize)
                    .copied()
                    .flatten()
                    .ok_or_else(|| format!("internal: uniform `{}' has no storage", glob.name))?;
                Ok(Place::Mem(self.mem(
                    self.uniforms,
                    off as i64,
                    None,
                    glob.ty,
                    Packing::Std430,
                    false,
                )))
            }
            Storage::UniformBlock(b) | Storage::Buffer(b) => {
                if matches!(m.types.get(glob.ty), Type::Array(..)) {
                    return Ok(Place::BlockArray(g));
                }
                let slot = *self.env.block_slot.get(&g).ok_or("internal: block slot")?;
                let s = self.b.ins().iconst(types::I32, slot as i64);
                let (ptr, size) = self.resource(s);
                let blk = m.block(b);
                Ok(Place::Mem(self.mem(
                    ptr,
                    0,
                    Some(size),
                    glob.ty,
                    blk.packing,
                    blk.row_major,
                )))
            }
            Storage::Const => Err("internal: const global as a place".into()),
        }
    }

    /// `base[index]` for a place.
    pub(super) fn index_place(&mut self, base: Place, index: Value, result_ty: TypeId) -> R<Place> {
        let m = self.env.m;
        match base {
            Place::BlockArray(g) => {
                let glob = m.global(g);
                let (Storage::UniformBlock(b) | Storage::Buffer(b)) = glob.storage else {
                    return Err("internal: block array".into());
                };
                let n = match m.types.get(glob.ty) {
                    Type::Array(_, n) => n.unwrap_or(1),
                    _ => 1,
                };
                let first = *self.env.block_slot.get(&g).ok_or("internal: block slot")?;
                let max = self.b.ins().iconst(types::I32, n as i64 - 1);
                let idx = self.b.ins().umin(index, max);
                let slot = self.b.ins().iadd_imm_s(idx, first as i64);
                let (ptr, size) = self.resource(slot);
                let blk = m.block(b);
                Ok(Place::Mem(self.mem(
                    ptr,
                    0,
                    Some(size),
                    result_ty,
                    blk.packing,
                    blk.row_major,
                )))
            }
            Place::Mem(r) => Ok(Place::Mem(self.index_mem(&r, index, result_ty)?)),
            p => {
                // SSA vectors and matrices: a dynamic element.
                let ty = self.place_type(&p);
                let (count, per) = match m.types.get(ty) {
                    Type::Vector(_, n) => (*n as u32, 1),
                    Type::Matrix { cols, rows, .. } => (*cols as u32, *rows as u32),
                    _ => return Err("internal: index of a non-indexable SSA value".into()),
                };
                let max = self.b.ins().iconst(types::I32, count as i64 - 1);
                let index = self.b.ins().umin(index, max);
                Ok(Place::Dyn {
                    base: Box::new(p),
                    index,
                    count,
                    per,
                    ty: result_ty,
                })
            }
        }
    }

    pub(super) fn place_type(&self, p: &Place) -> TypeId {
        match p {
            Place::Vars(_, t) | Place::Swizzle(_, _, t) | Place::Dyn { ty: t, .. } => *t,
            Place::Mem(r) => r.ty,
            Place::BlockArray(g) => self.env.m.global(*g).ty,
        }
    }

    /// Element `index` of an array, vector or matrix in memory (indices clamped for
    /// sized arrays; unsized arrays rely on the range check).
    pub(super) fn index_mem(&mut self, r: &MemRef, index: Value, elem_ty: TypeId) -> R<MemRef> {
        let types = &self.env.m.types;
        let (stride, len, cstride) = match types.get(r.ty) {
            Type::Array(elem, len) => (array_stride(types, *elem, r.pk, r.rm), *len, None),
            Type::Vector(s, n) => (r.cstride.unwrap_or(s.size()), Some(*n as u32), None),
            Type::Matrix { scalar, cols, .. } => {
                let ms = matrix_stride(types, r.ty, r.pk, r.rm);
                if r.rm {
                    // A column of a row-major matrix: components one row apart.
                    (scalar.size(), Some(*cols as u32), Some(ms))
                } else {
                    (ms, Some(*cols as u32), None)
                }
            }
            _ => return Err("internal: index of a non-indexable type".into()),
        };
        let idx = match len {
            Some(n) => {
                let max = self.b.ins().iconst(types::I32, n.max(1) as i64 - 1);
                self.b.ins().umin(index, max)
            }
            None => index,
        };
        let i64v = self.b.ins().uextend(types::I64, idx);
        let step = self.b.ins().imul_imm_s(i64v, stride as i64);
        let off = self.b.ins().iadd(r.off, step);
        Ok(MemRef {
            off,
            ty: elem_ty,
            cstride,
            ..*r
        })
    }

    /// Member `field` of a struct in memory.
    pub(super) fn field_mem(&mut self, r: &MemRef, field: u32) -> R<MemRef> {
        let types = &self.env.m.types;
        let Type::Struct(s) = types.get(r.ty) else {
            return Err("internal: field of a non-struct".into());
        };
        let (_, offs) = struct_layout(types, *s, r.pk, r.rm);
        let mem = &types.struct_def(*s).members[field as usize];
        let off = self.b.ins().iadd_imm_s(r.off, offs[field as usize] as i64);
        Ok(MemRef {
            off,
            ty: mem.ty,
            rm: mem.row_major.unwrap_or(r.rm),
            cstride: None,
            ..*r
        })
    }

    /// The address of `size` bytes at `extra` past a memory reference; out-of-range
    /// accesses go to a zero page (reads) or a sink (writes).
    pub(super) fn addr(&mut self, r: &MemRef, extra: u32, size: u32, write: bool) -> Value {
        let off = if extra > 0 {
            self.b.ins().iadd_imm_s(r.off, extra as i64)
        } else {
            r.off
        };
        let a = self.b.ins().iadd(r.base, off);
        match r.limit {
            None => a,
            Some(lim) => {
                let end = self.b.ins().iadd_imm_s(off, size as i64);
                let oob = self.b.ins().icmp(IntCC::UnsignedGreaterThan, end, lim);
                let safe = if write {
                    helpers::sink_address()
                } else {
                    helpers::zero_address()
                };
                let safe = self.b.ins().iconst(types::I64, safe as i64);
                self.b.ins().select(oob, safe, a)
            }
        }
    }

    fn load_scalar(&mut self, r: &MemRef, extra: u32, s: Scalar) -> Value {
        let a = self.addr(r, extra, s.size(), false);
        match s {
            Scalar::Bool => {
                let v = self.b.ins().load(types::I32, mf(), a, 0);
                self.b.ins().icmp_imm_s(IntCC::NotEqual, v, 0)
            }
            _ => self.b.ins().load(cl_type(s), mf(), a, 0),
        }
    }

    fn store_scalar(&mut self, r: &MemRef, extra: u32, s: Scalar, v: Value) {
        let a = self.addr(r, extra, s.size(), true);
        let v = if s == Scalar::Bool {
            self.b.ins().uextend(types::I32, v)
        } else {
            v
        };
        self.b.ins().store(mf(), v, a, 0);
    }

    /// Byte offsets of the components of a scalar, vector or matrix in memory.
    fn comp_offsets(&self, r: &MemRef) -> Vec<(u32, Scalar)> {
        let types = &self.env.m.types;
        match types.get(r.ty) {
            Type::Scalar(s) => vec![(0, *s)],
            Type::Vector(s, n) => {
                let cs = r.cstride.unwrap_or(s.size());
                (0..*n as u32).map(|i| (i * cs, *s)).collect()
            }
            Type::Matrix { scalar, cols, rows } => {
                let ms = matrix_stride(types, r.ty, r.pk, r.rm);
                let mut out = Vec::new();
                for c in 0..*cols as u32 {
                    for rw in 0..*rows as u32 {
                        let o = if r.rm {
                            rw * ms + c * scalar.size()
                        } else {
                            c * ms + rw * scalar.size()
                        };
                        out.push((o, *scalar));
                    }
                }
                out
            }
            // Opaque handles (atomic counters) read as a uint.
            _ => vec![(0, Scalar::Uint)],
        }
    }

    pub(super) fn load_mem(&mut self, r: &MemRef) -> Val {
        if self.env.m.types.contains_array_or_struct(r.ty) {
            return Val::Mem(*r);
        }
        let offs = self.comp_offsets(r);
        Val::Comps(
            offs.into_iter()
                .map(|(o, s)| self.load_scalar(r, o, s))
                .collect(),
        )
    }

    pub(super) fn load_place(&mut self, p: &Place) -> R<Val> {
        Ok(match p {
            Place::Vars(vars, _) => Val::Comps(vars.iter().map(|v| self.b.use_var(*v)).collect()),
            Place::Mem(r) => self.load_mem(r),
            Place::Swizzle(base, comps, _) => {
                let v = self.load_place(base)?;
                let c = self.comps(&v);
                Val::Comps(comps.iter().map(|&i| c[i as usize]).collect())
            }
            Place::Dyn {
                base,
                index,
                count,
                per,
                ..
            } => {
                let v = self.load_place(base)?;
                let c = self.comps(&v);
                let mut out = Vec::new();
                for k in 0..*per as usize {
                    let mut acc = c[k];
                    for e in 1..*count as usize {
                        let hit = self.b.ins().icmp_imm_s(IntCC::Equal, *index, e as i64);
                        acc = self.b.ins().select(hit, c[e * *per as usize + k], acc);
                    }
                    out.push(acc);
                }
                Val::Comps(out)
            }
            Place::BlockArray(_) => return Err("internal: an array of blocks as a value".into()),
        })
    }

    pub(super) fn store_place(&mut self, p: &Place, v: &Val) -> R<()> {
        match p {
            Place::Vars(vars, _) => {
                let c = self.comps(v);
                for (var, val) in vars.iter().zip(c) {
                    self.b.def_var(*var, val);
                }
            }
            Place::Mem(r) => self.store_mem(r, v)?,
            Place::Swizzle(base, comps, _) => {
                let c = self.comps(v);
                if let Place::Mem(r) = base.as_ref() {
                    let offs = self.comp_offsets(r);
                    for (&i, val) in comps.iter().zip(c) {
                        let (o, s) = offs[i as usize];
                        self.store_scalar(r, o, s, val);
                    }
                } else {
                    let old = self.load_place(base)?;
                    let mut all = self.comps(&old);
                    for (&i, val) in comps.iter().zip(c) {
                        all[i as usize] = val;
                    }
                    self.store_place(base, &Val::Comps(all))?;
                }
            }
            Place::Dyn {
                base,
                index,
                count,
                per,
                ..
            } => {
                let c = self.comps(v);
                let old = self.load_place(base)?;
                let mut all = self.comps(&old);
                for e in 0..*count as usize {
                    let hit = self.b.ins().icmp_imm_s(IntCC::Equal, *index, e as i64);
                    for (k, &ck) in c.iter().enumerate().take(*per as usize) {
                        let i = e * *per as usize + k;
                        all[i] = self.b.ins().select(hit, ck, all[i]);
                    }
                }
                self.store_place(base, &Val::Comps(all))?;
            }
            Place::BlockArray(_) => return Err("internal: assignment to an array of blocks".into()),
        }
        Ok(())
    }

    /// Stores a value into memory, converting layouts for aggregates.
    pub(super) fn store_mem(&mut self, dst: &MemRef, v: &Val) -> R<()> {
        match v {
            Val::Comps(c) => {
                let offs = self.comp_offsets(dst);
                for ((o, s), val) in offs.into_iter().zip(c.clone()) {
                    self.store_scalar(dst, o, s, val);
                }
                Ok(())
            }
            Val::Mem(src) => self.copy_mem(dst, src),
        }
    }

    /// Copies an aggregate between memory objects of the same type (layouts may
    /// differ): member by member, element by element (a loop for long arrays).
    fn copy_mem(&mut self, dst: &MemRef, src: &MemRef) -> R<()> {
        let types = &self.env.m.types;
        match types.get(dst.ty).clone() {
            Type::Struct(s) => {
                let n = types.struct_def(s).members.len() as u32;
                for f in 0..n {
                    let d = self.field_mem(dst, f)?;
                    let sr = self.field_mem(src, f)?;
                    let v = self.load_mem(&sr);
                    self.store_mem(&d, &v)?;
                }
                Ok(())
            }
            Type::Array(elem, len) => {
                let n = len.unwrap_or(0);
                if n <= 8 {
                    for i in 0..n {
                        let iv = self.b.ins().iconst(types::I32, i as i64);
                        let d = self.index_mem(dst, iv, elem)?;
                        let sr = self.index_mem(src, iv, elem)?;
                        let v = self.load_mem(&sr);
                        self.store_mem(&d, &v)?;
                    }
                    return Ok(());
                }
                let i = self.b.declare_var(types::I32);
                let zero = self.b.ins().iconst(types::I32, 0);
                self.b.def_var(i, zero);
                let (head, body, done) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.ins().jump(head, &[]);
                self.b.switch_to_block(head);
                let iv = self.b.use_var(i);
                let more = self
                    .b
                    .ins()
                    .icmp_imm_s(IntCC::UnsignedLessThan, iv, n as i64);
                self.b.ins().brif(more, body, &[], done, &[]);
                self.b.switch_to_block(body);
                let d = self.index_mem(dst, iv, elem)?;
                let sr = self.index_mem(src, iv, elem)?;
                let v = self.load_mem(&sr);
                self.store_mem(&d, &v)?;
                let i1 = self.b.ins().iadd_imm_s(iv, 1);
                self.b.def_var(i, i1);
                self.b.ins().jump(head, &[]);
                self.b.switch_to_block(done);
                Ok(())
            }
            _ => {
                let v = self.load_mem(src);
                self.store_mem(dst, &v)
            }
        }
    }

    /// A temporary in per-invocation memory for an aggregate value.
    pub(super) fn temp_mem(&mut self, ty: TypeId) -> MemRef {
        let l = layout(&self.env.m.types, ty, Packing::Std430, false);
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            l.size.max(4),
            4,
        ));
        let base = self.b.ins().stack_addr(types::I64, ss, 0);
        self.mem(base, 0, None, ty, Packing::Std430, false)
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
