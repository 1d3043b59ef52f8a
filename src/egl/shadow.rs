//! Interposed mode's shadow contexts: one glcompute context per host OpenGL context,
//! created when the host creates the context (sharing objects with the shadow of the
//! host context it shares with) and made current on a thread whenever the host context
//! is. Keys are the host's (API, display, context) handles; they are compared, never
//! dereferenced.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::host::Api;
use crate::runtime::sync::Mutex;
use crate::state::context::{Context, ContextInfo, set_current};
use crate::state::objects::host::HostLink;

type Key = (Api, usize, usize);

fn table() -> &'static Mutex<HashMap<Key, Arc<Context>>> {
    static T: OnceLock<Mutex<HashMap<Key, Arc<Context>>>> = OnceLock::new();
    T.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Records the shadow of a new host context. `share` is the host context it shares
/// objects with (0 for none); the application asked for GL `requested`.
pub fn register(
    api: Api,
    display: usize,
    context: usize,
    share: usize,
    info: ContextInfo,
    requested: (u32, u32),
) -> Arc<Context> {
    let mut t = table().lock();
    let share_ctx = (share != 0)
        .then(|| t.get(&(api, display, share)).cloned())
        .flatten();
    let link = Arc::new(HostLink::new(api, requested));
    let ctx = Context::new_shadow(info, share_ctx.as_deref(), link);
    t.insert((api, display, context), ctx.clone());
    if crate::config::log_calls() {
        crate::config::say(format_args!(
            "glcompute: shadows {api:?} context 0x{context:x} (OpenGL {}.{} asked for{})",
            requested.0,
            requested.1,
            if share_ctx.is_some() {
                ", sharing objects"
            } else {
                ""
            }
        ));
    }
    ctx
}

pub fn lookup(api: Api, display: usize, context: usize) -> Option<Arc<Context>> {
    table().lock().get(&(api, display, context)).cloned()
}

/// The host destroyed a context. A thread it is current on keeps its shadow until it
/// makes another context current (EGL and GLX defer the destruction the same way).
pub fn forget(api: Api, display: usize, context: usize) {
    let gone = table().lock().remove(&(api, display, context));
    drop(gone);
}

/// eglTerminate: every context of the display goes.
pub fn forget_display(api: Api, display: usize) {
    let gone: Vec<Arc<Context>> = {
        let mut t = table().lock();
        let keys: Vec<Key> = t
            .keys()
            .filter(|k| k.0 == api && k.1 == display)
            .copied()
            .collect();
        keys.into_iter().filter_map(|k| t.remove(&k)).collect()
    };
    drop(gone);
}

/// Makes the shadow of a host context current on this thread (None releases it).
pub fn make_current(api: Api, shadow: Option<Arc<Context>>) {
    crate::host::set_thread_api(api);
    set_current(shadow);
}
