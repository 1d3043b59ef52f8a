//! Vertex array objects and the current generic vertex attribute values (GL 4.6 §10.2,
//! §10.3, tables 23.3 and 23.7): attribute formats, vertex buffer binding points,
//! divisors and the element array buffer of each vertex array object, and the values
//! the glVertexAttrib* commands set. glcompute draws nothing; this state is kept,
//! validated and answered. Vertex array objects are container objects: they belong to
//! one context (GL 4.6 §5.1).

use crate::format::texel::snorm;
use crate::format::texel::unorm;
use crate::gl::enums::*;
use crate::gl::error::{Enum, GlResult};
use crate::gl_bail;
use crate::limits::{
    MAX_VERTEX_ATTRIB_BINDINGS, MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, MAX_VERTEX_ATTRIBS,
};
use crate::state::context::ContextState;
use crate::state::objects::buffer::Buffer;
use crate::state::objects::vertex_array::{Attrib, AttribKind, Binding, Current, VertexArray};
use crate::state::query::Value;
use std::sync::Arc;

/// What a VertexAttrib*Pointer or *Format call is: which types and sizes it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatKind {
    /// VertexAttribPointer / VertexAttribFormat.
    Float,
    /// The I forms: integer types, kept as integers.
    Integer,
    /// The L forms: DOUBLE, kept as 64-bit.
    Long,
}

/// A format argument of the VertexAttrib*Format and *Pointer commands.
#[derive(Debug, Clone, Copy)]
pub struct Format {
    pub kind: FormatKind,
    pub size: i32,
    pub ty: u32,
    pub normalized: bool,
}

/// The vertex array object a command acts on: the bound one, or one a DSA command
/// names (checked by [`ContextState::named_vertex_array`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VaoRef {
    Bound,
    Named(u32),
}

/// GL 4.6 §2.3.1, §10.2: INVALID_VALUE if `index` is not below MAX_VERTEX_ATTRIBS.
pub fn attrib_index(index: u32) -> GlResult<usize> {
    if index >= MAX_VERTEX_ATTRIBS as u32 {
        gl_bail!(
            GL_INVALID_VALUE,
            "index = {index} is not below GL_MAX_VERTEX_ATTRIBS ({MAX_VERTEX_ATTRIBS})"
        );
    }
    Ok(index as usize)
}

/// GL 4.6 §10.3.2: INVALID_VALUE if `index` is not below MAX_VERTEX_ATTRIB_BINDINGS.
fn binding_index(index: u32) -> GlResult<usize> {
    if index >= MAX_VERTEX_ATTRIB_BINDINGS {
        gl_bail!(
            GL_INVALID_VALUE,
            "bindingindex = {index} is not below GL_MAX_VERTEX_ATTRIB_BINDINGS ({MAX_VERTEX_ATTRIB_BINDINGS})"
        );
    }
    Ok(index as usize)
}

/// GL 4.6 §10.3.2: INVALID_OPERATION if first + count is greater than
/// MAX_VERTEX_ATTRIB_BINDINGS (BindVertexBuffers, VertexArrayVertexBuffers).
pub fn check_binding_range(first: u32, count: usize) -> GlResult<()> {
    if first as u64 + count as u64 > MAX_VERTEX_ATTRIB_BINDINGS as u64 {
        gl_bail!(
            GL_INVALID_OPERATION,
            "first = {first} + count = {count} exceeds GL_MAX_VERTEX_ATTRIB_BINDINGS ({MAX_VERTEX_ATTRIB_BINDINGS})"
        );
    }
    Ok(())
}

/// The bytes of one component of `ty`, for a stride of zero (tightly packed).
fn component_bytes(ty: u32) -> usize {
    match ty {
        GL_BYTE | GL_UNSIGNED_BYTE => 1,
        GL_SHORT | GL_UNSIGNED_SHORT | GL_HALF_FLOAT => 2,
        GL_DOUBLE => 8,
        _ => 4,
    }
}

/// Checks a format (GL 4.6 §10.3.1, errors of VertexAttribFormat and
/// VertexAttribPointer, in the order INVALID_VALUE for the size, INVALID_ENUM for the
/// type, INVALID_OPERATION for the combinations).
fn check_format(kind: FormatKind, size: i32, ty: u32, normalized: bool) -> GlResult<()> {
    let bgra = size == GL_BGRA as i32;
    // GL 4.6 §10.3.1: INVALID_VALUE if size is not 1 to 4 (or BGRA where allowed).
    if !((1..=4).contains(&size) || (bgra && kind == FormatKind::Float)) {
        gl_bail!(
            GL_INVALID_VALUE,
            "size = {size} is not 1, 2, 3 or 4{}",
            if kind == FormatKind::Float {
                " or GL_BGRA"
            } else {
                ""
            }
        );
    }
    let types: &[u32] = match kind {
        FormatKind::Float => &[
            GL_BYTE,
            GL_UNSIGNED_BYTE,
            GL_SHORT,
            GL_UNSIGNED_SHORT,
            GL_INT,
            GL_UNSIGNED_INT,
            GL_FIXED,
            GL_FLOAT,
            GL_HALF_FLOAT,
            GL_DOUBLE,
            GL_INT_2_10_10_10_REV,
            GL_UNSIGNED_INT_2_10_10_10_REV,
            // GL 4.4 (ARB_vertex_type_10f_11f_11f_rev).
            GL_UNSIGNED_INT_10F_11F_11F_REV,
        ],
        FormatKind::Integer => &[
            GL_BYTE,
            GL_UNSIGNED_BYTE,
            GL_SHORT,
            GL_UNSIGNED_SHORT,
            GL_INT,
            GL_UNSIGNED_INT,
        ],
        FormatKind::Long => &[GL_DOUBLE],
    };
    // GL 4.6 §10.3.1 (table 10.3): INVALID_ENUM for a type the command does not take.
    if !types.contains(&ty) {
        gl_bail!(GL_INVALID_ENUM, "type {} is not allowed here", Enum(ty));
    }
    let packed = matches!(ty, GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV);
    // GL 4.6 §10.3.1: INVALID_OPERATION for BGRA with a type other than UNSIGNED_BYTE
    // or the packed types, or not normalized; for a packed type with a size not 4 or BGRA.
    if bgra && !(ty == GL_UNSIGNED_BYTE || packed) {
        gl_bail!(
            GL_INVALID_OPERATION,
            "size GL_BGRA needs type GL_UNSIGNED_BYTE, GL_INT_2_10_10_10_REV or GL_UNSIGNED_INT_2_10_10_10_REV, not {}",
            Enum(ty)
        );
    }
    if bgra && !normalized {
        gl_bail!(
            GL_INVALID_OPERATION,
            "size GL_BGRA needs normalized = GL_TRUE"
        );
    }
    if packed && !(size == 4 || bgra) {
        gl_bail!(
            GL_INVALID_OPERATION,
            "type {} needs size 4 or GL_BGRA, not {size}",
            Enum(ty)
        );
    }
    // GL 4.6 §10.3.1: INVALID_OPERATION if type is UNSIGNED_INT_10F_11F_11F_REV and
    // size is not 3.
    if ty == GL_UNSIGNED_INT_10F_11F_11F_REV && size != 3 {
        gl_bail!(
            GL_INVALID_OPERATION,
            "type GL_UNSIGNED_INT_10F_11F_11F_REV needs size 3, not {}",
            if bgra {
                "GL_BGRA".to_string()
            } else {
                size.to_string()
            }
        );
    }
    Ok(())
}

/// GL 4.6 §10.3.1 and §10.3.2: INVALID_VALUE if a stride is greater than
/// MAX_VERTEX_ATTRIB_STRIDE (a GL 4.4 rule).
fn check_stride(stride: i32, what: &str) -> GlResult<()> {
    if stride > crate::limits::MAX_VERTEX_ATTRIB_STRIDE {
        gl_bail!(
            GL_INVALID_VALUE,
            "{what} = {stride} is greater than GL_MAX_VERTEX_ATTRIB_STRIDE ({})",
            crate::limits::MAX_VERTEX_ATTRIB_STRIDE
        );
    }
    Ok(())
}

impl ContextState {
    /// The name of the object `which` refers to (0: the default object).
    fn vao_name(&self, which: VaoRef) -> u32 {
        match which {
            VaoRef::Bound => self.vertex_arrays.bound,
            VaoRef::Named(n) => n,
        }
    }

    /// The object `which` refers to, or GL 4.6 §10.4's INVALID_OPERATION when it is the
    /// bound one and none is (a core context with 0 bound).
    fn vao_of(&self, which: VaoRef) -> GlResult<&VertexArray> {
        let v = &self.vertex_arrays;
        match self.vao_name(which) {
            0 if self.info.is_core() => gl_bail!(
                GL_INVALID_OPERATION,
                "no vertex array object is bound (a core context has no default one)"
            ),
            0 => Ok(&v.default),
            n => v.objects.get(n).ok_or_else(|| {
                crate::gl_err!(
                    GL_INVALID_OPERATION,
                    "vaobj = {n} is not the name of an existing vertex array object"
                )
            }),
        }
    }

    fn vao_of_mut(&mut self, which: VaoRef) -> GlResult<&mut VertexArray> {
        self.vao_of(which)?;
        let name = self.vao_name(which);
        let v = &mut self.vertex_arrays;
        Ok(match name {
            0 => &mut v.default,
            n => v.objects.get_mut(n).expect("checked by vao_of"),
        })
    }

    fn vao_mut(&mut self) -> GlResult<&mut VertexArray> {
        self.vao_of_mut(VaoRef::Bound)
    }

    fn vao(&self) -> GlResult<&VertexArray> {
        self.vao_of(VaoRef::Bound)
    }

    /// The vertex array object `vaobj` of a DSA command (GL 4.6 §10.3: INVALID_OPERATION
    /// if it is not the name of an existing vertex array object; zero names the
    /// default object, which only a compatibility context has).
    pub fn named_vertex_array(&self, vaobj: u32) -> GlResult<VaoRef> {
        let which = VaoRef::Named(vaobj);
        self.vao_of(which)?;
        Ok(which)
    }

    /// CreateVertexArrays (GL 4.6 §10.4): names of new objects in their initial state.
    pub fn create_vertex_arrays(&mut self, n: usize) -> Vec<u32> {
        (0..n)
            .map(|_| {
                let name = self.vertex_arrays.objects.alloc();
                self.vertex_arrays.objects.set(name, VertexArray::new());
                name
            })
            .collect()
    }

    pub fn gen_vertex_arrays(&mut self, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.vertex_arrays.objects.alloc()).collect()
    }

    /// DeleteVertexArrays (GL 4.6 §10.4): the bound one reverts the binding to zero;
    /// unused names and zero are ignored.
    pub fn delete_vertex_arrays(&mut self, names: &[u32]) {
        for &name in names {
            if name == 0 || !self.vertex_arrays.objects.is_name(name) {
                continue;
            }
            if self.vertex_arrays.bound == name {
                self.bind_vertex_array(0).expect("binding zero cannot fail");
            }
            self.vertex_arrays.objects.remove(name);
        }
    }

    pub fn is_vertex_array(&self, name: u32) -> bool {
        self.vertex_arrays.objects.get(name).is_some()
    }

    /// BindVertexArray (GL 4.6 §10.4). The element array buffer binding moves with the
    /// object: the bound object's lives in the context's ELEMENT_ARRAY_BUFFER slot.
    pub fn bind_vertex_array(&mut self, name: u32) -> GlResult<()> {
        let v = &mut self.vertex_arrays;
        // GL 4.6 §10.4: INVALID_OPERATION if array is not zero or a name returned by
        // GenVertexArrays (or it was deleted).
        if name != 0 && !v.objects.is_name(name) {
            gl_bail!(
                GL_INVALID_OPERATION,
                "array = {name} is not a name returned by glGenVertexArrays (or it was deleted)"
            );
        }
        if name != 0 && v.objects.get(name).is_none() {
            v.objects.set(name, VertexArray::new());
        }
        let element = self.bindings.element_array.take();
        let v = &mut self.vertex_arrays;
        match v.bound {
            0 => v.default.element_array = element,
            old => {
                if let Some(o) = v.objects.get_mut(old) {
                    o.element_array = element;
                }
            }
        }
        v.bound = name;
        self.bindings.element_array = match name {
            0 => v.default.element_array.take(),
            n => v.objects.get_mut(n).and_then(|o| o.element_array.take()),
        };
        Ok(())
    }

    /// Enable/DisableVertexAttribArray (GL 4.6 §10.3.1).
    pub fn enable_vertex_attrib(&mut self, which: VaoRef, index: u32, on: bool) -> GlResult<()> {
        let i = attrib_index(index)?;
        self.vao_of_mut(which)?.attribs[i].enabled = on;
        Ok(())
    }

    /// VertexAttrib{,I,L}Format (GL 4.6 §10.3.2).
    pub fn vertex_attrib_format(
        &mut self,
        which: VaoRef,
        index: u32,
        f: Format,
        relative_offset: u32,
    ) -> GlResult<()> {
        self.vao_of(which)?;
        let i = attrib_index(index)?;
        check_format(f.kind, f.size, f.ty, f.normalized)?;
        // GL 4.6 §10.3.2: INVALID_VALUE if relativeoffset is greater than
        // MAX_VERTEX_ATTRIB_RELATIVE_OFFSET.
        if relative_offset > MAX_VERTEX_ATTRIB_RELATIVE_OFFSET {
            gl_bail!(
                GL_INVALID_VALUE,
                "relativeoffset = {relative_offset} is greater than GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET ({MAX_VERTEX_ATTRIB_RELATIVE_OFFSET})"
            );
        }
        let a = &mut self.vao_of_mut(which)?.attribs[i];
        set_format(a, f);
        a.relative_offset = relative_offset;
        Ok(())
    }

    /// VertexAttrib{,I,L}Pointer (GL 4.6 §10.3.2): the format, binding `index` to
    /// attribute `index`, and the ARRAY_BUFFER buffer at offset `pointer` with `stride`.
    pub fn vertex_attrib_pointer(
        &mut self,
        index: u32,
        f: Format,
        stride: i32,
        pointer: usize,
    ) -> GlResult<()> {
        // Two errors in one call record one; the order here is Mesa's (index, object,
        // stride, client pointer, then the format).
        let i = attrib_index(index)?;
        self.vao()?;
        let (size, ty) = (f.size, f.ty);
        // GL 4.6 §10.3.2: INVALID_VALUE if stride is negative.
        if stride < 0 {
            gl_bail!(GL_INVALID_VALUE, "stride = {stride} is negative");
        }
        check_stride(stride, "stride")?;
        let buffer = self.bindings.array.clone();
        // GL 4.6 §10.3.2: INVALID_OPERATION if a vertex array object other than zero is
        // bound, no buffer is bound to ARRAY_BUFFER and pointer is not NULL.
        if self.vertex_arrays.bound != 0 && buffer.is_none() && pointer != 0 {
            gl_bail!(
                GL_INVALID_OPERATION,
                "no buffer is bound to GL_ARRAY_BUFFER and pointer is not NULL (client arrays need vertex array object 0 of a compatibility context)"
            );
        }
        check_format(f.kind, size, ty, f.normalized)?;
        let components = if size == GL_BGRA as i32 {
            4
        } else {
            size as usize
        };
        let effective = if stride == 0 {
            match ty {
                GL_INT_2_10_10_10_REV
                | GL_UNSIGNED_INT_2_10_10_10_REV
                | GL_UNSIGNED_INT_10F_11F_11F_REV => 4,
                _ => components * component_bytes(ty),
            }
        } else {
            stride as usize
        };
        let vao = self.vao_mut()?;
        let a = &mut vao.attribs[i];
        set_format(a, f);
        a.relative_offset = 0;
        a.binding = index;
        a.stride = stride;
        a.pointer = pointer;
        vao.bindings[i] = Binding {
            buffer,
            offset: pointer as i64,
            stride: effective as i32,
            divisor: vao.bindings[i].divisor,
        };
        Ok(())
    }

    /// VertexAttribBinding (GL 4.6 §10.3.2).
    pub fn vertex_attrib_binding(
        &mut self,
        which: VaoRef,
        attrib: u32,
        binding: u32,
    ) -> GlResult<()> {
        self.vao_of(which)?;
        let a = attrib_index(attrib)?;
        binding_index(binding)?;
        self.vao_of_mut(which)?.attribs[a].binding = binding;
        Ok(())
    }

    /// BindVertexBuffer (GL 4.6 §10.3.2).
    pub fn bind_vertex_buffer(
        &mut self,
        which: VaoRef,
        binding: u32,
        buffer: u32,
        offset: i64,
        stride: i32,
    ) -> GlResult<()> {
        self.vao_of(which)?;
        let b = binding_index(binding)?;
        // GL 4.6 §10.3.2: INVALID_VALUE if offset or stride is negative.
        if offset < 0 || stride < 0 {
            gl_bail!(
                GL_INVALID_VALUE,
                "offset = {offset} and stride = {stride} may not be negative"
            );
        }
        check_stride(stride, "stride")?;
        // GL 4.6 §10.3.2: INVALID_OPERATION if buffer is not zero or a generated name.
        let buf = self.buffer_for_bind(buffer, "buffer")?;
        let slot = &mut self.vao_of_mut(which)?.bindings[b];
        slot.buffer = buf;
        slot.offset = offset;
        slot.stride = stride;
        Ok(())
    }

    /// BindVertexBuffers and VertexArrayVertexBuffers (GL 4.6 §10.3.2): bindings
    /// `first`.. from `buffers` (None: all reset to no buffer, offset 0, stride 16). A
    /// binding whose arguments are in error keeps its state and the others are set; the
    /// first such error is recorded.
    pub fn bind_vertex_buffers(
        &mut self,
        which: VaoRef,
        first: u32,
        count: usize,
        buffers: Option<(&[u32], &[i64], &[i32])>,
    ) -> GlResult<()> {
        self.vao_of(which)?;
        check_binding_range(first, count)?;
        let first = first as usize;
        let Some((names, offsets, strides)) = buffers else {
            let vao = self.vao_of_mut(which)?;
            for b in &mut vao.bindings[first..first + count] {
                *b = Binding {
                    stride: 16,
                    divisor: b.divisor,
                    ..Binding::default()
                };
            }
            return Ok(());
        };
        let mut first_error = None;
        for i in 0..count {
            let result = (|| -> GlResult<Option<Arc<Buffer>>> {
                let (name, offset, stride) = (names[i], offsets[i], strides[i]);
                // GL 4.6 §10.3.2: INVALID_OPERATION if a name is not zero or an
                // existing buffer object (multi-bind creates none).
                let buf = match name {
                    0 => None,
                    _ => match self.shared.buffers.lock().get(name).cloned() {
                        Some(b) => Some(b),
                        None => gl_bail!(
                            GL_INVALID_OPERATION,
                            "buffers[{i}] = {name} is not zero or the name of an existing buffer object"
                        ),
                    },
                };
                // GL 4.6 §10.3.2: INVALID_VALUE for a negative offset or stride.
                if offset < 0 || stride < 0 {
                    gl_bail!(
                        GL_INVALID_VALUE,
                        "offsets[{i}] = {offset} and strides[{i}] = {stride} may not be negative"
                    );
                }
                check_stride(stride, &format!("strides[{i}]"))?;
                Ok(buf)
            })();
            match result {
                Ok(buffer) => {
                    let slot = &mut self.vao_of_mut(which)?.bindings[first + i];
                    slot.buffer = buffer;
                    slot.offset = offsets[i];
                    slot.stride = strides[i];
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    }

    /// VertexArrayElementBuffer (GL 4.6 §10.3.3). The bound object's element array
    /// buffer lives in the context's ELEMENT_ARRAY_BUFFER binding.
    pub fn vertex_array_element_buffer(&mut self, which: VaoRef, buffer: u32) -> GlResult<()> {
        self.vao_of(which)?;
        // GL 4.6 §10.3.3: INVALID_OPERATION if buffer is not zero or the name of an
        // existing buffer object.
        let buf = match buffer {
            0 => None,
            n => match self.shared.buffers.lock().get(n).cloned() {
                Some(b) => Some(b),
                None => gl_bail!(
                    GL_INVALID_OPERATION,
                    "buffer = {n} is not zero or the name of an existing buffer object"
                ),
            },
        };
        if self.vao_name(which) == self.vertex_arrays.bound {
            self.bindings.element_array = buf;
        } else {
            self.vao_of_mut(which)?.element_array = buf;
        }
        Ok(())
    }

    /// GetVertexArrayiv (GL 4.6 §10.5): ELEMENT_ARRAY_BUFFER_BINDING only.
    pub fn get_vertex_array(&self, which: VaoRef, pname: u32) -> GlResult<Value> {
        let vao = self.vao_of(which)?;
        // GL 4.6 §10.5: INVALID_ENUM unless pname is ELEMENT_ARRAY_BUFFER_BINDING.
        if pname != GL_ELEMENT_ARRAY_BUFFER_BINDING {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not GL_ELEMENT_ARRAY_BUFFER_BINDING",
                Enum(pname)
            );
        }
        let buf = if self.vao_name(which) == self.vertex_arrays.bound {
            &self.bindings.element_array
        } else {
            &vao.element_array
        };
        Ok(Value::int(buf.as_ref().map_or(0, |b| b.name as i64)))
    }

    /// GetVertexArrayIndexediv and GetVertexArrayIndexed64iv (GL 4.6 §10.5). The
    /// VERTEX_BINDING_* names take a binding index; the others, attribute `index`'s
    /// VERTEX_ATTRIB_* state (as Mesa, which also answers the binding state the
    /// specification's list leaves out). `offset64` is the 64-bit form, which takes
    /// VERTEX_BINDING_OFFSET only.
    pub fn get_vertex_array_indexed(
        &self,
        which: VaoRef,
        index: u32,
        pname: u32,
        offset64: bool,
    ) -> GlResult<Value> {
        let vao = self.vao_of(which)?;
        // GL 4.6 §10.5: INVALID_ENUM for a pname the command does not take.
        let binding = matches!(
            pname,
            GL_VERTEX_BINDING_OFFSET
                | GL_VERTEX_BINDING_STRIDE
                | GL_VERTEX_BINDING_DIVISOR
                | GL_VERTEX_BINDING_BUFFER
        );
        if (offset64 && pname != GL_VERTEX_BINDING_OFFSET)
            || (!binding && (pname == GL_CURRENT_VERTEX_ATTRIB || !is_attrib_pname(pname)))
        {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a vertex array object parameter of this command",
                Enum(pname)
            );
        }
        if binding {
            // GL 4.6 §10.5: INVALID_VALUE if index is not below the limit.
            return Ok(binding_value(&vao.bindings[binding_index(index)?], pname));
        }
        Ok(attrib_value(vao, attrib_index(index)?, pname))
    }

    /// VertexBindingDivisor (GL 4.6 §10.3.2).
    pub fn vertex_binding_divisor(
        &mut self,
        which: VaoRef,
        binding: u32,
        divisor: u32,
    ) -> GlResult<()> {
        self.vao_of(which)?;
        let b = binding_index(binding)?;
        self.vao_of_mut(which)?.bindings[b].divisor = divisor;
        Ok(())
    }

    /// VertexAttribDivisor (GL 4.6 §10.3.2): VertexAttribBinding(index, index) and
    /// VertexBindingDivisor(index, divisor).
    pub fn vertex_attrib_divisor(&mut self, index: u32, divisor: u32) -> GlResult<()> {
        let i = attrib_index(index)?;
        self.vao()?;
        let vao = self.vao_mut()?;
        vao.attribs[i].binding = index;
        vao.bindings[i].divisor = divisor;
        Ok(())
    }

    /// A VertexAttrib* command (GL 4.6 §10.2.1): the current value of attribute
    /// `index`; components not given are (0, 0, 0, 1).
    pub fn set_current_attrib(
        &mut self,
        index: u32,
        kind: AttribKind,
        values: &[f64],
    ) -> GlResult<()> {
        let i = attrib_index(index)?;
        let mut v = [0.0, 0.0, 0.0, 1.0];
        v[..values.len()].copy_from_slice(values);
        self.vertex_arrays.current[i] = Current { kind, v };
        Ok(())
    }

    /// GetVertexAttrib{i,f,d,Ii,Iui,Ld}v (GL 4.6 §10.6). `as_kind` is the form's
    /// reading of CURRENT_VERTEX_ATTRIB (None: the plain int, float and double forms).
    pub fn get_vertex_attrib(&self, index: u32, pname: u32) -> GlResult<Value> {
        let i = attrib_index(index)?;
        if pname == GL_CURRENT_VERTEX_ATTRIB {
            let c = &self.vertex_arrays.current[i];
            return Ok(Value::Floats(c.v.to_vec()));
        }
        // GL 4.6 §10.6: INVALID_ENUM for another pname.
        if !is_attrib_pname(pname) {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not a vertex attribute parameter",
                Enum(pname)
            );
        }
        Ok(attrib_value(self.vao()?, i, pname))
    }

    /// The current value of attribute `index` with the kind it was set as.
    pub fn current_attrib(&self, index: u32) -> GlResult<Current> {
        Ok(self.vertex_arrays.current[attrib_index(index)?])
    }

    /// GetVertexAttribPointerv (GL 4.6 §10.6).
    pub fn vertex_attrib_pointer_value(&self, index: u32, pname: u32) -> GlResult<usize> {
        let i = attrib_index(index)?;
        // GL 4.6 §10.6: INVALID_ENUM unless pname is VERTEX_ATTRIB_ARRAY_POINTER.
        if pname != GL_VERTEX_ATTRIB_ARRAY_POINTER {
            gl_bail!(
                GL_INVALID_ENUM,
                "pname {} is not GL_VERTEX_ATTRIB_ARRAY_POINTER",
                Enum(pname)
            );
        }
        Ok(self.vao()?.attribs[i].pointer)
    }

    /// Vertex array state for Get (None for another pname).
    pub fn vertex_array_value(&self, pname: u32) -> Option<Value> {
        Some(match pname {
            GL_VERTEX_ARRAY_BINDING => Value::int(self.vertex_arrays.bound as i64),
            GL_ELEMENT_ARRAY_BUFFER_BINDING => Value::int(
                self.bindings
                    .element_array
                    .as_ref()
                    .map(|b| b.name as i64)
                    .unwrap_or(0),
            ),
            _ => return None,
        })
    }

    /// Indexed vertex binding state for Get (None for another pname).
    pub fn vertex_binding_value(&self, pname: u32, index: u32) -> Option<GlResult<Value>> {
        if !matches!(
            pname,
            GL_VERTEX_BINDING_BUFFER
                | GL_VERTEX_BINDING_OFFSET
                | GL_VERTEX_BINDING_STRIDE
                | GL_VERTEX_BINDING_DIVISOR
        ) {
            return None;
        }
        Some((|| {
            let b = binding_index(index)?;
            // No error rule covers these queries with no object bound in a core
            // context: they answer the initial state (the default object, which a core
            // context never changes).
            let v = &self.vertex_arrays;
            let vao = v.objects.get(v.bound).unwrap_or(&v.default);
            Ok(binding_value(&vao.bindings[b], pname))
        })())
    }

    /// DeleteBuffers (GL 4.6 §6.3): the buffer is detached from the bound vertex array
    /// object's binding points (other objects keep their attachments).
    pub fn detach_buffer_from_vao(&mut self, buf: &Arc<Buffer>) {
        if let Ok(vao) = self.vao_mut() {
            for b in &mut vao.bindings {
                if b.buffer.as_ref().is_some_and(|x| Arc::ptr_eq(x, buf)) {
                    b.buffer = None;
                }
            }
        }
    }
}

/// The VERTEX_ATTRIB_* names GetVertexAttrib answers from a vertex array object.
fn is_attrib_pname(pname: u32) -> bool {
    matches!(
        pname,
        GL_VERTEX_ATTRIB_ARRAY_ENABLED
            | GL_VERTEX_ATTRIB_ARRAY_SIZE
            | GL_VERTEX_ATTRIB_ARRAY_STRIDE
            | GL_VERTEX_ATTRIB_ARRAY_TYPE
            | GL_VERTEX_ATTRIB_ARRAY_NORMALIZED
            | GL_VERTEX_ATTRIB_ARRAY_INTEGER
            | GL_VERTEX_ATTRIB_ARRAY_LONG
            | GL_VERTEX_ATTRIB_ARRAY_DIVISOR
            | GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING
            | GL_VERTEX_ATTRIB_BINDING
            | GL_VERTEX_ATTRIB_RELATIVE_OFFSET
    )
}

/// One VERTEX_BINDING_* value of a binding point (GL 4.6 table 23.5).
fn binding_value(slot: &Binding, pname: u32) -> Value {
    Value::int(match pname {
        GL_VERTEX_BINDING_BUFFER => slot.buffer.as_ref().map_or(0, |x| x.name as i64),
        GL_VERTEX_BINDING_OFFSET => slot.offset,
        GL_VERTEX_BINDING_STRIDE => slot.stride as i64,
        _ => slot.divisor as i64,
    })
}

/// Attribute `i`'s value of `pname` (one of [`is_attrib_pname`]'s).
fn attrib_value(vao: &VertexArray, i: usize, pname: u32) -> Value {
    let a = &vao.attribs[i];
    let b = &vao.bindings[a.binding as usize];
    Value::int(match pname {
        GL_VERTEX_ATTRIB_ARRAY_ENABLED => a.enabled as i64,
        GL_VERTEX_ATTRIB_ARRAY_SIZE => a.size as i64,
        GL_VERTEX_ATTRIB_ARRAY_STRIDE => a.stride as i64,
        GL_VERTEX_ATTRIB_ARRAY_TYPE => a.ty as i64,
        GL_VERTEX_ATTRIB_ARRAY_NORMALIZED => a.normalized as i64,
        GL_VERTEX_ATTRIB_ARRAY_INTEGER => a.integer as i64,
        GL_VERTEX_ATTRIB_ARRAY_LONG => a.long as i64,
        GL_VERTEX_ATTRIB_ARRAY_DIVISOR => b.divisor as i64,
        GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING => b.buffer.as_ref().map_or(0, |x| x.name as i64),
        GL_VERTEX_ATTRIB_BINDING => a.binding as i64,
        _ => a.relative_offset as i64,
    })
}

fn set_format(a: &mut Attrib, f: Format) {
    a.size = f.size;
    a.ty = f.ty;
    a.normalized = f.kind == FormatKind::Float && f.normalized;
    a.integer = f.kind == FormatKind::Integer;
    a.long = f.kind == FormatKind::Long;
}

impl ContextState {
    /// VertexAttribP{1234}ui and their v forms (GL 4.6 §10.2.1): the current value of attribute
    /// `index` from one packed 2_10_10_10 word (`word`, None: nothing to read), signed or
    /// unsigned, normalized or not; `n` components are set.
    pub fn set_current_attrib_packed(
        &mut self,
        index: u32,
        ty: u32,
        normalized: bool,
        n: usize,
        word: Option<u32>,
    ) -> GlResult<()> {
        attrib_index(index)?;
        // GL 4.6 §10.2.1: INVALID_ENUM unless type is INT_2_10_10_10_REV or
        // UNSIGNED_INT_2_10_10_10_REV.
        let signed = match ty {
            GL_INT_2_10_10_10_REV => true,
            GL_UNSIGNED_INT_2_10_10_10_REV => false,
            _ => gl_bail!(
                GL_INVALID_ENUM,
                "type {} is not GL_INT_2_10_10_10_REV or GL_UNSIGNED_INT_2_10_10_10_REV",
                crate::gl::error::Enum(ty)
            ),
        };
        let Some(word) = word else { return Ok(()) };
        let field = |shift: u32, bits: u32| -> f64 {
            let raw = (word >> shift) & ((1u32 << bits) - 1);
            let c = if signed {
                // Sign-extend the field.
                (((raw << (32 - bits)) as i32) >> (32 - bits)) as f64
            } else {
                raw as f64
            };
            match (normalized, signed) {
                (false, _) => c,
                (true, true) => snorm(c, bits),
                (true, false) => unorm(c, bits),
            }
        };
        let all = [field(0, 10), field(10, 10), field(20, 10), field(30, 2)];
        self.set_current_attrib(index, AttribKind::Float, &all[..n])
    }
}
