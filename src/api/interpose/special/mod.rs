//! The hooked GL functions whose routing depends on more than one name, by area:
//! [`dispatch`], [`asm`] (assembly compute programs), [`programs`] (object creation and deletion, attachment, linking,
//! UseProgram), [`queries`] (strings, limits, errors, debug output), [`buffers`]
//! (binding points glcompute keeps where the host lacks them) and [`images`] (image
//! units, likewise). Without a shadow context
//! current each one is the host's function, unchanged.

use std::sync::Arc;

use crate::state::context::Context;
use crate::state::objects::host::HostLink;

pub mod asm;
pub mod buffers;
pub mod dispatch;
pub mod images;
pub mod programs;
pub mod queries;

pub use super::lists::{glCallList, glCallLists, glDeleteLists, glEndList, glNewList};
pub use asm::*;
pub use buffers::*;
pub use dispatch::*;
pub use images::*;
pub use programs::*;
pub use queries::*;

/// The host link of a shadow context.
fn link_of(ctx: &Context) -> Arc<HostLink> {
    ctx.host().expect("a shadow context has a host link")
}
