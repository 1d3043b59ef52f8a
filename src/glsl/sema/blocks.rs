//! Interface block declarations (GLSL 4.60 §4.3.9): uniform and buffer blocks with
//! their layouts, members, instance names and arrays, and the storage a block of each
//! qualifier gets.

use crate::glsl::sema::qualifiers::StorageQ;
use crate::glsl::sema::{BlockDefaults, Checker, Symbol};
use crate::ir::shader::Stage;
use crate::ir::{layout, *};
use glsl_lang::ast;

impl Checker<'_> {
    /// `uniform Name { ... } instance;` and `buffer Name { ... };` (GLSL 4.60 §4.3.9).
    pub fn block_declaration(&mut self, b: &ast::Block) {
        let span = self.span_of(b);
        let q = self.qualifiers(Some(&b.qualifier));
        let kind = if q.has(StorageQ::Uniform) {
            BlockKind::Uniform
        } else if q.has(StorageQ::Buffer) {
            if self.version < 430 && !self.ext("GL_ARB_shader_storage_buffer_object") {
                self.error(
                    span,
                    "buffer blocks require GLSL 4.30 or GL_ARB_shader_storage_buffer_object",
                );
            }
            BlockKind::Buffer
        } else if q.has(StorageQ::In) || q.has(StorageQ::Out) {
            if self.stage != Stage::Compute {
                self.io_block(b, &q, q.has(StorageQ::Out), span);
                return;
            }
            self.error(span, "compute shaders do not permit input or output blocks");
            return;
        } else {
            self.error(span, "interface blocks must be `uniform' or `buffer'");
            return;
        };
        if kind == BlockKind::Uniform && q.any_memory() {
            self.error(
                span,
                "memory qualifiers apply to buffer blocks, not uniform blocks",
            );
        }
        let defaults: BlockDefaults = if kind == BlockKind::Buffer {
            self.ssbo_defaults
        } else {
            self.ubo_defaults
        };
        let mut packing = defaults.packing;
        let mut row_major = defaults.row_major;
        let mut binding = None;
        let mut block_align = None;
        for l in &q.layout {
            match l.name.as_str() {
                // GLSL 4.40 §4.4.5: `align' on a block applies to each member that does
                // not give its own.
                "align" => {
                    self.require_enhanced_layouts(l.span, "the align layout qualifier");
                    block_align = l.value.filter(|v| *v >= 0);
                }
                "std140" => packing = Packing::Std140,
                "std430" => {
                    if kind == BlockKind::Uniform {
                        self.error(l.span, "std430 applies to buffer blocks only");
                    }
                    packing = Packing::Std430
                }
                "shared" => packing = Packing::Shared,
                "packed" => packing = Packing::Packed,
                "row_major" => row_major = true,
                "column_major" => row_major = false,
                "binding" => match l.value {
                    Some(v) if v >= 0 => binding = Some(v as u32),
                    // A negative value has its error already.
                    Some(_) => {}
                    None => self.error(l.span, "binding must be a non-negative integral constant"),
                },
                other => self.error(
                    l.span,
                    format!("layout qualifier `{other}' is not allowed on a block"),
                ),
            }
        }
        let name = b.name.0.to_string();
        if self.m.blocks.iter().any(|x| x.name == name) {
            self.error(span, format!("block `{name}' is declared twice"));
            return;
        }
        if !self.claim_block_name(&name, span) {
            return;
        }
        // Members.
        let mut members: Vec<StructMember> = Vec::new();
        let nfields = b.fields.len();
        for (fi, field) in b.fields.iter().enumerate() {
            let fspan = self.span_of(field);
            let fq = self.qualifiers(field.qualifier.as_ref());
            if fq
                .storage
                .iter()
                .any(|s| !matches!(s.0, StorageQ::Uniform | StorageQ::Buffer))
            {
                self.error(fspan, "block members may not have storage qualifiers");
            }
            if kind == BlockKind::Uniform && fq.any_memory() {
                self.error(
                    fspan,
                    "memory qualifiers apply to buffer block members only",
                );
            }
            let mut mrow = None;
            let mut moffset = None;
            let mut malign = block_align;
            for l in &fq.layout {
                match l.name.as_str() {
                    "row_major" => mrow = Some(true),
                    "column_major" => mrow = Some(false),
                    "offset" => {
                        self.require_enhanced_layouts(
                            l.span,
                            "the offset layout qualifier on a block member",
                        );
                        moffset = l.value.filter(|v| *v >= 0);
                    }
                    "align" => {
                        self.require_enhanced_layouts(l.span, "the align layout qualifier");
                        malign = l.value.filter(|v| *v >= 0);
                    }
                    other => self.error(
                        l.span,
                        format!("layout qualifier `{other}' is not allowed on a block member"),
                    ),
                }
            }
            if let ast::TypeSpecifierNonArrayData::Struct(_) = &field.ty.ty.content {
                self.error(fspan, "structure definitions are not allowed inside blocks");
            }
            let Some(base) = self.type_spec(&field.ty) else {
                continue;
            };
            for (ii, ident) in field.identifiers.iter().enumerate() {
                let ispan = self.span_of(ident);
                let Some(ty) = self.apply_array(base, ident.array_spec.as_ref(), false) else {
                    continue;
                };
                if self.m.types.is_opaque(ty) {
                    self.error(ispan, "block members cannot have opaque types");
                    continue;
                }
                let last = fi + 1 == nfields && ii + 1 == field.identifiers.len();
                if self.m.types.is_unsized(ty) && !(kind == BlockKind::Buffer && last) {
                    self.error(
                        ispan,
                        "only the last member of a buffer block may be an unsized array",
                    );
                    continue;
                }
                let n = ident.ident.0.to_string();
                if members.iter().any(|m| m.name == n) {
                    self.error(ispan, format!("block member `{n}' declared twice"));
                    continue;
                }
                let mut mem = fq.memory;
                mem.coherent |= q.memory.coherent;
                mem.volatile |= q.memory.volatile;
                mem.restrict |= q.memory.restrict;
                mem.readonly |= q.memory.readonly;
                mem.writeonly |= q.memory.writeonly;
                members.push(StructMember {
                    name: n,
                    ty,
                    row_major: mrow,
                    matrix_stride: None,
                    offset: moffset.map(|o| o as u32),
                    align: malign.map(|a| a as u32),
                    memory: mem,
                    span: ispan,
                });
            }
        }
        if members.is_empty() {
            self.error(span, format!("block `{name}' has no members"));
            return;
        }
        // GLSL 4.40 §4.4.5: offset and align apply to std140 and std430 blocks only; an
        // align is a power of two (4.50: greater than 0); an offset is a multiple of
        // the member's base alignment and neither lies before the previous member's
        // actual offset nor within it. The actual alignment is the greater of align and
        // the base alignment, and the actual offset the offset (or the next free one)
        // rounded up to it (ir::layout::struct_layout computes the same).
        let explicit = block_align.is_some()
            || members
                .iter()
                .any(|m| m.offset.is_some() || m.align.is_some());
        if explicit && !matches!(packing, Packing::Std140 | Packing::Std430) {
            self.error(
                span,
                format!("offset and align apply to std140 and std430 blocks only, and block `{name}' is not one"),
            );
        }
        let mut prev_end = 0u64;
        for m in &members {
            let l = layout::layout(
                &self.m.types,
                m.ty,
                packing,
                m.row_major.unwrap_or(row_major),
            );
            if let Some(a) = m.align
                && !a.is_power_of_two()
            {
                self.error(
                    m.span,
                    format!("align = {a} is not a power of two greater than 0"),
                );
            }
            let align = l.align.max(m.align.unwrap_or(1) as u64).max(1);
            let start = match m.offset {
                Some(o) => {
                    let o = o as u64;
                    if !o.is_multiple_of(l.align.max(1)) {
                        self.error(
                            m.span,
                            format!(
                                "offset {o} of `{}' is not a multiple of its base alignment {}",
                                m.name, l.align
                            ),
                        );
                    }
                    if o < prev_end {
                        self.error(
                            m.span,
                            format!("offset {o} of `{}' lies before the end of the previous member ({prev_end})", m.name),
                        );
                    }
                    o
                }
                None => prev_end,
            };
            prev_end = start
                .checked_next_multiple_of(align)
                .unwrap_or(u64::MAX)
                .saturating_add(l.size);
        }
        let ty = self.m.types.add_struct(StructDef {
            name: name.clone(),
            members,
            span,
        });
        let bid = BlockId(self.m.blocks.len() as u32);
        let instance = b.identifier.as_ref().map(|i| i.ident.0.to_string());
        // The `shared` and `packed` layouts are implementation-defined (GLSL 4.60
        // §4.4.5): a buffer block gets std430's, as Mesa llvmpipe and NVIDIA give it
        // (programs written for them read such blocks at std430 offsets without
        // querying); a uniform block std140's (Packing::rules).
        let packing = match (kind, packing) {
            (BlockKind::Buffer, Packing::Shared | Packing::Packed) => Packing::Std430,
            _ => packing,
        };
        self.m.blocks.push(InterfaceBlock {
            kind,
            name: name.clone(),
            instance: instance.clone(),
            packing,
            row_major,
            binding,
            ty,
            memory: q.memory,
            span,
        });
        let storage = match kind {
            BlockKind::Uniform => Storage::UniformBlock(bid),
            BlockKind::Buffer => Storage::Buffer(bid),
        };
        let gty = match &b.identifier {
            Some(i) => match self.apply_array(ty, i.array_spec.as_ref(), false) {
                Some(t) => t,
                None => return,
            },
            None => ty,
        };
        // GLSL 4.60 §4.3.9: an array of uniform or buffer blocks has a size.
        if self.m.types.is_unsized(gty) {
            self.error(span, format!("the array of blocks `{name}' needs a size"));
            return;
        }
        let gid = GlobalId(self.m.globals.len() as u32);
        self.m.globals.push(Global {
            name: instance.clone().unwrap_or_else(|| name.clone()),
            ty: gty,
            storage,
            binding,
            location: None,
            offset: None,
            format: None,
            memory: q.memory,
            init: None,
            span,
            used: false,
            io: None,
        });
        match instance {
            Some(inst) => {
                self.declare(&inst, Symbol::Global(gid), span);
            }
            None => {
                let Type::Struct(sid) = self.m.types.get(ty).clone() else {
                    return;
                };
                let names: Vec<(String, Span)> = self
                    .m
                    .types
                    .struct_def(sid)
                    .members
                    .iter()
                    .map(|m| (m.name.clone(), m.span))
                    .collect();
                for (i, (n, s)) in names.into_iter().enumerate() {
                    self.declare(&n, Symbol::BlockMember(gid, i as u32), s);
                }
            }
        }
    }
}
