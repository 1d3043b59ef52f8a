//! Contexts, share groups and the per-thread current context.
//!
//! Objects that GL shares (buffers, shaders and programs, sync objects) live in a
//! [`ShareGroup`] that every context created with a share context points to. Binding
//! state and container objects (program pipelines) belong to one context
//! ([`ContextState`]). A context is current on at most one thread (the EGL layer
//! enforces it), so its state mutex is uncontended; share-group tables have their own
//! locks. Lock order: context state, then a share-group table, then one object.

use crate::gl::enums::*;
use crate::gl::error::{Enum, GlError, error_name};
use crate::runtime::sync::Mutex;
use crate::state::objects::buffer::Bindings;
use crate::state::objects::debug::{DebugState, Delivery, Message};
use crate::state::objects::host::{HostBindings, HostLink};
use crate::state::objects::names::NameTable;
use crate::state::objects::pipeline::Pipeline;
use crate::state::objects::program::Program;
use crate::state::objects::share_group::ShareGroup;
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// What the context was created as (EGL attributes, after validation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextInfo {
    /// CONTEXT_PROFILE_MASK: CONTEXT_CORE_PROFILE_BIT or CONTEXT_COMPATIBILITY_PROFILE_BIT.
    pub profile_mask: u32,
    /// CONTEXT_FLAGS: CONTEXT_FLAG_DEBUG_BIT, CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT,
    /// CONTEXT_FLAG_ROBUST_ACCESS_BIT.
    pub flags: u32,
    /// RESET_NOTIFICATION_STRATEGY is LOSE_CONTEXT_ON_RESET (KHR_robustness): a
    /// dispatch the watchdog stops is a guilty reset that loses the context.
    pub lose_on_reset: bool,
    /// An OpenGL ES 3.1 context (EGL_OPENGL_ES_API): the objects and commands of the
    /// core context, with OpenGL ES's version, strings and shading language (GLSL ES
    /// 3.00 and 3.10); its profile mask is 0.
    pub es: bool,
}

impl ContextInfo {
    /// A desktop core profile context (an OpenGL ES context is not one).
    pub fn is_core(&self) -> bool {
        self.profile_mask & GL_CONTEXT_CORE_PROFILE_BIT != 0
    }
}

static NEXT_CONTEXT_ID: AtomicU64 = AtomicU64::new(1);

pub struct Context {
    pub id: u64,
    pub info: ContextInfo,
    /// A shadow context of interposed mode (its state has the host link).
    pub shadow: bool,
    /// The shadow's host link (also in its state), readable without the state lock.
    pub link: Option<Arc<HostLink>>,
    /// Shadow contexts: whether uniform commands act on a glcompute program (kept by
    /// the interposition layer whenever the current program changes), so the host's
    /// uniform commands are routed without taking the state lock.
    pub uniforms_ours: std::sync::atomic::AtomicBool,
    pub shared: Arc<ShareGroup>,
    pub state: Mutex<ContextState>,
}

impl Context {
    /// Creates a context, sharing objects with `share` if given.
    pub fn new(info: ContextInfo, share: Option<&Context>) -> Arc<Context> {
        Context::build(info, share, None)
    }

    /// Creates the shadow context of a host context (interposed mode). Its share group
    /// records the names it frees, so their host placeholders can be released.
    pub fn new_shadow(
        info: ContextInfo,
        share: Option<&Context>,
        link: Arc<HostLink>,
    ) -> Arc<Context> {
        Context::build(info, share, Some(link))
    }

    fn build(
        info: ContextInfo,
        share: Option<&Context>,
        link: Option<Arc<HostLink>>,
    ) -> Arc<Context> {
        let shared = share.map(|c| c.shared.clone()).unwrap_or_else(|| {
            let group = ShareGroup::default();
            if link.is_some() {
                group.shader_objects.lock().track_released();
            }
            Arc::new(group)
        });
        let mut state = ContextState::new(info, shared.clone());
        let shadow = link.is_some();
        state.host = link.clone();
        Arc::new(Context {
            id: NEXT_CONTEXT_ID.fetch_add(1, Ordering::Relaxed),
            info,
            shadow,
            link,
            uniforms_ours: std::sync::atomic::AtomicBool::new(false),
            shared,
            state: Mutex::new(state),
        })
    }

    pub fn is_shadow(&self) -> bool {
        self.shadow
    }

    /// The host link of a shadow context.
    pub fn host(&self) -> Option<Arc<HostLink>> {
        self.link.clone()
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // A destroyed context stops using its program (deferred deletion may now happen).
        self.state.get_mut().release_program_bindings();
    }
}

/// Per-context GL state.
pub struct ContextState {
    pub info: ContextInfo,
    pub shared: Arc<ShareGroup>,
    /// The error flag (GL 4.6 §2.3.1): the first error sticks until GetError reads it.
    pub error: u32,
    pub debug: DebugState,
    pub bindings: Bindings,
    /// The program made current by UseProgram.
    pub current_program: Option<Arc<Program>>,
    /// Program pipelines are container objects: not shared (GL 4.6 §5.1).
    pub pipelines: NameTable<Pipeline>,
    pub bound_pipeline: u32,
    /// The subroutine indices UniformSubroutinesuiv set for each stage (pipeline stage
    /// order); empty means each location's default (GL 4.6 §7.9).
    pub subroutine_values: [Vec<u32>; 6],
    /// Messages for the application's callback, delivered after the lock is released.
    pub pending: Vec<Delivery>,
    /// Interposed mode: the host context this context shadows.
    pub host: Option<Arc<HostLink>>,
    /// Interposed mode: binding points glcompute keeps where the host lacks them.
    pub host_bindings: HostBindings,
    /// Texture units, image units and pixel store state.
    pub textures: crate::state::objects::texture::TextureBindings,
    /// Framebuffer objects (container objects: not shared) and their bindings.
    pub framebuffers: crate::state::objects::framebuffer::Framebuffers,
    /// Query objects (not shared, GL 4.6 §5.1) and the active queries.
    pub queries: crate::state::objects::query::Queries,
    /// The graphics pipeline's fixed-function state (kept, never used).
    pub raster: crate::state::objects::raster::Raster,
    /// Vertex array objects (container objects: not shared) and current attributes.
    pub vertex_arrays: crate::state::objects::vertex_array::VertexArrays,
    /// Transform feedback objects (container objects: not shared), conditional render.
    pub transform_feedbacks: crate::state::objects::transform_feedback::TransformFeedbacks,
    /// KHR_robustness: the reset status GetGraphicsResetStatus reports next, and
    /// whether the context is lost (every command but a few fails with CONTEXT_LOST).
    pub reset_status: u32,
    pub lost: bool,
    /// Assembly compute programs (NV_compute_program5).
    pub asm: crate::state::objects::asm_program::AsmState,
}

impl ContextState {
    fn new(info: ContextInfo, shared: Arc<ShareGroup>) -> Self {
        ContextState {
            info,
            shared,
            error: GL_NO_ERROR,
            debug: DebugState::new(info.flags & GL_CONTEXT_FLAG_DEBUG_BIT != 0),
            bindings: Bindings {
                assembly_targets: !info.es && !info.is_core(),
                es: info.es,
                ..Bindings::default()
            },
            current_program: None,
            pipelines: NameTable::default(),
            bound_pipeline: 0,
            subroutine_values: Default::default(),
            pending: Vec::new(),
            host: None,
            host_bindings: HostBindings::new(),
            textures: Default::default(),
            framebuffers: Default::default(),
            queries: Default::default(),
            raster: Default::default(),
            vertex_arrays: Default::default(),
            transform_feedbacks: Default::default(),
            reset_status: GL_NO_ERROR,
            lost: false,
            asm: Default::default(),
        }
    }

    /// Sends a message through KHR_debug (callback or log).
    pub fn emit(&mut self, message: Message) {
        if crate::config::log_all() {
            eprintln!("glcompute: {}", message.text);
        }
        self.follow_host_debug_output();
        if let Some(delivery) = self.debug.emit(message) {
            self.pending.push(delivery);
        }
    }

    /// Emits an API message of type OTHER (severity NOTIFICATION unless given).
    pub fn notify(&mut self, id: u32, severity: u32, text: String) {
        self.emit(Message {
            source: GL_DEBUG_SOURCE_API,
            ty: GL_DEBUG_TYPE_OTHER,
            id,
            severity,
            text,
        });
    }

    /// Records `err` from the GL command `func`: sets the error flag if it is clear and
    /// reports the error as a debug message (and on stderr with GLCOMPUTE_LOG=errors).
    pub fn record_error(&mut self, func: &str, err: GlError) {
        // Interposed: an error the host recorded for an earlier call comes first.
        self.merge_host_error();
        if self.error == GL_NO_ERROR {
            self.error = err.code;
        }
        let text = format!("{func}: {} ({})", err.message, error_name(err.code));
        if crate::config::log_errors() && !crate::config::log_all() {
            eprintln!("glcompute: {text}");
        }
        self.emit(Message {
            source: GL_DEBUG_SOURCE_API,
            ty: GL_DEBUG_TYPE_ERROR,
            id: err.code,
            severity: GL_DEBUG_SEVERITY_HIGH,
            text,
        });
    }

    /// Drops this context's claims on programs (context destruction).
    pub fn release_program_bindings(&mut self) {
        if let Some(p) = self.current_program.take() {
            self.unuse_program(&p);
        }
        let names: Vec<u32> = self.pipelines.objects().map(|p| p.name).collect();
        for name in names {
            if let Some(mut pipe) = self.pipelines.remove(name) {
                pipe.release(&self.shared);
            }
        }
    }
}

/// A buffer binding target that is not known, for error messages.
pub fn bad_target(target: u32) -> GlError {
    crate::gl_err!(
        GL_INVALID_ENUM,
        "target {} is not a buffer binding target",
        Enum(target)
    )
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<Context>>> = const { RefCell::new(None) };
}

/// Runs `f` on the calling thread's current context without taking a reference to it.
pub fn with_current<R>(f: impl FnOnce(Option<&Arc<Context>>) -> R) -> R {
    let mut f = Some(f);
    match CURRENT.try_with(|c| (f.take().expect("once"))(c.borrow().as_ref())) {
        Ok(r) => r,
        // The thread's locals are gone (an atexit handler): nothing is current.
        Err(_) => (f.take().expect("not run"))(None),
    }
}

/// The calling thread's current GL context.
pub fn current() -> Option<Arc<Context>> {
    // After the thread's locals are destroyed (GL called from an atexit handler) no
    // context is current.
    CURRENT.try_with(|c| c.borrow().clone()).ok().flatten()
}

/// Makes `ctx` current on the calling thread (None releases it).
pub fn set_current(ctx: Option<Arc<Context>>) {
    let _ = CURRENT.try_with(|c| *c.borrow_mut() = ctx);
}
