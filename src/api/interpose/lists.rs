//! Display lists (compatibility profile) in interposed mode. The host compiles and
//! executes lists; a compute dispatch or a change of the current program that
//! glcompute takes over cannot go into a host list, so while a list is compiled each
//! such command splits it: the host list so far is ended, the command is recorded on
//! glcompute's side, and a new hidden host list (a name the host allocates) takes the
//! commands that follow. Calling the list runs the pieces in order. A list with nothing
//! of glcompute's in it stays wholly the host's.
//!
//! Recorded: DispatchCompute, DispatchComputeGroupSizeARB, UseProgram, and calls of
//! lists that have recorded commands. DispatchComputeIndirect is not compiled (it
//! fails with INVALID_OPERATION while a list is being compiled, as ARB_compute_shader's
//! interaction with display lists gives). Uniform commands on glcompute's program are
//! executed at once rather than compiled (a documented limit).

#![allow(non_snake_case, clippy::missing_safety_doc)]

use crate::api::call::gl_call;
use crate::api::interpose::log::log_taken;
use crate::api::interpose::route::{host, shadow};
use crate::gl::enums::*;
use crate::gl::types::*;
use crate::gl_bail;
use crate::host::gl::HostGl;
use crate::limits::MAX_LIST_NESTING;
use crate::runtime::sync::Mutex;
use crate::state::context::Context;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

const GL_COMPILE: GLenum = 0x1300;
const GL_COMPILE_AND_EXECUTE: GLenum = 0x1301;
const GL_LIST_BASE: GLenum = 0x0B32;
const GL_BYTE: GLenum = 0x1400;
const GL_UNSIGNED_BYTE: GLenum = 0x1401;
const GL_SHORT: GLenum = 0x1402;
const GL_UNSIGNED_SHORT: GLenum = 0x1403;
const GL_INT: GLenum = 0x1404;
const GL_UNSIGNED_INT: GLenum = 0x1405;
const GL_FLOAT: GLenum = 0x1406;
const GL_2_BYTES: GLenum = 0x1407;
const GL_3_BYTES: GLenum = 0x1408;
const GL_4_BYTES: GLenum = 0x1409;

/// One piece of a list with glcompute commands in it.
#[derive(Clone, Debug)]
pub enum Item {
    /// A hidden host list holding the host commands of this stretch.
    Host(GLuint),
    Dispatch([GLuint; 3]),
    DispatchGroupSize([GLuint; 3], [GLuint; 3]),
    UseProgram(GLuint),
    Call(GLuint),
}

/// The list a context is compiling.
struct Recording {
    context: u64,
    list: GLuint,
    mode: GLenum,
    items: Vec<Item>,
}

thread_local! {
    static RECORDING: RefCell<Option<Recording>> = const { RefCell::new(None) };
}

/// Lists with glcompute commands, by share group and name. The first piece, the host
/// list of the list's own name, is implied.
type Lists = HashMap<(usize, GLuint), Arc<Vec<Item>>>;

fn lists() -> &'static Mutex<Lists> {
    static L: OnceLock<Mutex<Lists>> = OnceLock::new();
    L.get_or_init(|| Mutex::new(HashMap::new()))
}

fn group_key(ctx: &Context) -> usize {
    Arc::as_ptr(&ctx.shared) as usize
}

fn link_gl(ctx: &Context) -> &'static HostGl {
    ctx.host().expect("a shadow context").gl
}

/// If the current shadow context is compiling a list, records `item` in it (splitting
/// the host list) and returns whether the command must also run now (COMPILE_AND_EXECUTE).
/// Returns None when no list is being compiled.
pub fn record(item: Item) -> Option<bool> {
    // Most calls: no list is being compiled on this thread.
    if !RECORDING
        .try_with(|r| r.borrow().is_some())
        .unwrap_or(false)
    {
        return None;
    }
    let ctx = shadow()?;
    let compiling = RECORDING
        .try_with(|r| r.borrow().as_ref().is_some_and(|r| r.context == ctx.id))
        .unwrap_or(false);
    if !compiling {
        return None;
    }
    let gl = link_gl(&ctx);
    // SAFETY: ends the host list being compiled and starts a new hidden one in the same
    // mode; the host allocates its name.
    let next = unsafe {
        gl.glEndList();
        gl.glGenLists(1)
    };
    let mode = RECORDING
        .try_with(|r| {
            let mut r = r.borrow_mut();
            // The recording may have ended meanwhile (a host callback ending the list).
            let rec = r.as_mut()?;
            rec.items.push(item);
            if next != 0 {
                rec.items.push(Item::Host(next));
            }
            Some(rec.mode)
        })
        .ok()
        .flatten()
        .unwrap_or(GL_COMPILE);
    if next != 0 {
        // SAFETY: a fresh list name from the host.
        unsafe { gl.glNewList(next, mode) };
    }
    Some(mode == GL_COMPILE_AND_EXECUTE)
}

/// True while the current shadow context compiles a list.
pub fn compiling() -> bool {
    let Some(ctx) = shadow() else { return false };
    RECORDING
        .try_with(|r| r.borrow().as_ref().is_some_and(|r| r.context == ctx.id))
        .unwrap_or(false)
}

pub unsafe extern "C" fn glNewList(list: GLuint, mode: GLenum) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glNewList(list, mode) };
    };
    log_taken(b"glNewList");
    let gl = link_gl(&ctx);
    let accepted = gl_call("glNewList", |st| {
        st.merge_host_error();
        // SAFETY: the application's arguments.
        unsafe { gl.glNewList(list, mode) };
        // SAFETY: reading the error the call set.
        let e = unsafe { gl.glGetError() };
        if e != GL_NO_ERROR {
            if st.error == GL_NO_ERROR {
                st.error = e;
            }
            return Ok(0u8);
        }
        Ok(1u8)
    });
    if accepted == 1 {
        let _ = RECORDING.try_with(|r| {
            *r.borrow_mut() = Some(Recording {
                context: ctx.id,
                list,
                mode,
                items: Vec::new(),
            })
        });
    }
}

pub unsafe extern "C" fn glEndList() {
    let Some(ctx) = shadow() else {
        // SAFETY: no arguments.
        return unsafe { host().glEndList() };
    };
    // SAFETY: ends the list (or its last hidden piece) on the host.
    unsafe { link_gl(&ctx).glEndList() };
    let rec = RECORDING
        .try_with(|r| {
            let mut r = r.borrow_mut();
            if r.as_ref().is_some_and(|r| r.context == ctx.id) {
                r.take()
            } else {
                None
            }
        })
        .ok()
        .flatten();
    let Some(rec) = rec else { return };
    let key = (group_key(&ctx), rec.list);
    let old = if rec.items.is_empty() {
        lists().lock().remove(&key)
    } else {
        log_taken(b"glEndList");
        lists().lock().insert(key, Arc::new(rec.items))
    };
    // A redefined list's hidden pieces go.
    if let Some(old) = old {
        delete_pieces(link_gl(&ctx), &old);
    }
}

fn delete_pieces(gl: &HostGl, items: &[Item]) {
    for item in items {
        if let Item::Host(seg) = item {
            // SAFETY: a hidden list glcompute allocated.
            unsafe { gl.glDeleteLists(*seg, 1) };
        }
    }
}

/// Runs list `list`: its host pieces on the host, its glcompute commands here.
fn call(ctx: &Arc<Context>, list: GLuint, depth: u32) {
    let gl = link_gl(ctx);
    let items = lists().lock().get(&(group_key(ctx), list)).cloned();
    let Some(items) = items else {
        // SAFETY: a host list (or a name without one, which the host ignores).
        unsafe { gl.glCallList(list) };
        return;
    };
    if depth >= MAX_LIST_NESTING {
        // GL 4.6 compatibility §21.2: calls nested deeper than MAX_LIST_NESTING are
        // ignored.
        return;
    }
    // SAFETY: the list's first piece, under its own name.
    unsafe { gl.glCallList(list) };
    for item in items.iter() {
        run(ctx, item, depth);
    }
}

fn run(ctx: &Arc<Context>, item: &Item, depth: u32) {
    match *item {
        // SAFETY: a hidden host list.
        Item::Host(seg) => unsafe { link_gl(ctx).glCallList(seg) },
        Item::Dispatch(g) => crate::api::entry::glDispatchCompute(g[0], g[1], g[2]),
        Item::DispatchGroupSize(g, s) => {
            crate::api::entry::glDispatchComputeGroupSizeARB(g[0], g[1], g[2], s[0], s[1], s[2])
        }
        // SAFETY: a program name recorded from the application's call.
        Item::UseProgram(p) => unsafe { super::special::use_program_now(p) },
        Item::Call(l) => call(ctx, l, depth + 1),
    }
}

pub unsafe extern "C" fn glCallList(list: GLuint) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's argument.
        return unsafe { host().glCallList(list) };
    };
    let ours = lists().lock().contains_key(&(group_key(&ctx), list));
    if !ours {
        // SAFETY: the application's argument.
        return unsafe { link_gl(&ctx).glCallList(list) };
    }
    log_taken(b"glCallList");
    match record(Item::Call(list)) {
        Some(false) => {}
        _ => call(&ctx, list, 0),
    }
}

/// The list names glCallLists names (GL 4.6 compatibility §21.3), before the base.
///
/// # Safety
/// `lists` holds `n` elements of `ty`.
unsafe fn names(n: usize, ty: GLenum, lists: *const std::ffi::c_void) -> Option<Vec<u32>> {
    if lists.is_null() {
        return Some(Vec::new());
    }
    let b = lists as *const u8;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        // SAFETY: element i of `n` elements of `ty` (caller contract).
        let v = unsafe {
            match ty {
                GL_BYTE => *(b.add(i) as *const i8) as i64 as u32,
                GL_UNSIGNED_BYTE => *b.add(i) as u32,
                GL_SHORT => (b.add(i * 2) as *const i16).read_unaligned() as i64 as u32,
                GL_UNSIGNED_SHORT => (b.add(i * 2) as *const u16).read_unaligned() as u32,
                GL_INT => (b.add(i * 4) as *const i32).read_unaligned() as u32,
                GL_UNSIGNED_INT => (b.add(i * 4) as *const u32).read_unaligned(),
                GL_FLOAT => (b.add(i * 4) as *const f32).read_unaligned() as u32,
                GL_2_BYTES => ((*b.add(i * 2) as u32) << 8) | *b.add(i * 2 + 1) as u32,
                GL_3_BYTES => {
                    ((*b.add(i * 3) as u32) << 16)
                        | ((*b.add(i * 3 + 1) as u32) << 8)
                        | *b.add(i * 3 + 2) as u32
                }
                GL_4_BYTES => {
                    ((*b.add(i * 4) as u32) << 24)
                        | ((*b.add(i * 4 + 1) as u32) << 16)
                        | ((*b.add(i * 4 + 2) as u32) << 8)
                        | *b.add(i * 4 + 3) as u32
                }
                _ => return None,
            }
        };
        out.push(v);
    }
    Some(out)
}

pub unsafe extern "C" fn glCallLists(n: GLsizei, ty: GLenum, lists_ptr: *const std::ffi::c_void) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glCallLists(n, ty, lists_ptr) };
    };
    let gl = link_gl(&ctx);
    let key = group_key(&ctx);
    let any_ours = lists().lock().keys().any(|k| k.0 == key);
    // Errors (negative n, a bad type) are the host's to give.
    let decoded = if any_ours && n > 0 {
        // SAFETY: `n` elements of `ty` (GL 4.6 compatibility §21.3).
        unsafe { names(n as usize, ty, lists_ptr) }
    } else {
        None
    };
    let Some(decoded) = decoded else {
        // SAFETY: the application's arguments.
        return unsafe { gl.glCallLists(n, ty, lists_ptr) };
    };
    let mut base = 0;
    // SAFETY: LIST_BASE is one integer.
    unsafe { gl.glGetIntegerv(GL_LIST_BASE, &mut base) };
    let table = lists().lock();
    let full: Vec<u32> = decoded
        .iter()
        .map(|&v| v.wrapping_add(base as u32))
        .collect();
    if !full.iter().any(|l| table.contains_key(&(key, *l))) {
        drop(table);
        // SAFETY: the application's arguments.
        return unsafe { gl.glCallLists(n, ty, lists_ptr) };
    }
    drop(table);
    log_taken(b"glCallLists");
    for l in full {
        // SAFETY: one list of the application's array, base applied.
        unsafe { glCallList(l) };
    }
}

pub unsafe extern "C" fn glDeleteLists(list: GLuint, range: GLsizei) {
    let Some(ctx) = shadow() else {
        // SAFETY: the application's arguments.
        return unsafe { host().glDeleteLists(list, range) };
    };
    let gl = link_gl(&ctx);
    // SAFETY: the application's arguments.
    unsafe { gl.glDeleteLists(list, range) };
    if range <= 0 {
        return;
    }
    let key = group_key(&ctx);
    let gone: Vec<Arc<Vec<Item>>> = {
        let mut t = lists().lock();
        let names: Vec<(usize, GLuint)> = t
            .keys()
            .filter(|k| k.0 == key && k.1 >= list && (k.1 as u64) < list as u64 + range as u64)
            .copied()
            .collect();
        names.into_iter().filter_map(|k| t.remove(&k)).collect()
    };
    for items in gone {
        delete_pieces(gl, &items);
    }
}

/// DispatchComputeIndirect while a list is compiled: not compiled, an error.
pub fn refuse_indirect() -> bool {
    if !compiling() {
        return false;
    }
    gl_call(
        "glDispatchComputeIndirect",
        |_| -> crate::gl::error::GlResult<()> {
            // ARB_compute_shader (compatibility profile): INVALID_OPERATION if called while
            // a display list is being compiled.
            gl_bail!(
                GL_INVALID_OPERATION,
                "glDispatchComputeIndirect cannot be compiled into a display list"
            )
        },
    );
    true
}
