//! KHR_debug state of one context (GL 4.6 chapter 20): the callback, the message log,
//! the message-control rules and the debug-group stack. Messages are built here; the
//! API layer calls the application's callback after releasing the context lock, so a
//! callback that calls back into GL cannot deadlock.

use crate::gl::enums::*;
use crate::gl::types::GLDEBUGPROC;
use crate::limits;
use std::collections::VecDeque;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub source: u32,
    pub ty: u32,
    pub id: u32,
    pub severity: u32,
    pub text: String,
}

/// A message on its way to the application's callback.
pub struct Delivery {
    pub callback: unsafe extern "C" fn(
        u32,
        u32,
        u32,
        u32,
        i32,
        *const std::ffi::c_char,
        *const std::ffi::c_void,
    ),
    pub user_param: usize,
    pub message: Message,
}

/// One DebugMessageControl call: `None` fields match anything (DONT_CARE).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    source: Option<u32>,
    ty: Option<u32>,
    severity: Option<u32>,
    id: Option<u32>,
    enabled: bool,
}

impl Rule {
    fn matches(&self, m: &Message) -> bool {
        self.source.is_none_or(|s| s == m.source)
            && self.ty.is_none_or(|t| t == m.ty)
            && self.severity.is_none_or(|s| s == m.severity)
            && self.id.is_none_or(|i| i == m.id)
    }

    /// True if every message `other` matches is also matched by `self`.
    fn covers(&self, other: &Rule) -> bool {
        fn covers(a: Option<u32>, b: Option<u32>) -> bool {
            a.is_none() || a == b
        }
        covers(self.source, other.source)
            && covers(self.ty, other.ty)
            && covers(self.severity, other.severity)
            && covers(self.id, other.id)
    }
}

#[derive(Debug, Clone)]
struct Group {
    rules: Vec<Rule>,
    source: u32,
    id: u32,
    message: String,
}

pub struct DebugState {
    /// DEBUG_OUTPUT: initially TRUE in a debug context, FALSE otherwise.
    pub output: bool,
    /// DEBUG_OUTPUT_SYNCHRONOUS: messages are always delivered synchronously; the flag is
    /// state the application may query.
    pub synchronous: bool,
    callback: GLDEBUGPROC,
    user_param: usize,
    log: VecDeque<Message>,
    groups: Vec<Group>,
}

pub fn is_source(v: u32) -> bool {
    matches!(
        v,
        GL_DEBUG_SOURCE_API
            | GL_DEBUG_SOURCE_WINDOW_SYSTEM
            | GL_DEBUG_SOURCE_SHADER_COMPILER
            | GL_DEBUG_SOURCE_THIRD_PARTY
            | GL_DEBUG_SOURCE_APPLICATION
            | GL_DEBUG_SOURCE_OTHER
    )
}

pub fn is_type(v: u32) -> bool {
    matches!(
        v,
        GL_DEBUG_TYPE_ERROR
            | GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR
            | GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR
            | GL_DEBUG_TYPE_PORTABILITY
            | GL_DEBUG_TYPE_PERFORMANCE
            | GL_DEBUG_TYPE_OTHER
            | GL_DEBUG_TYPE_MARKER
            | GL_DEBUG_TYPE_PUSH_GROUP
            | GL_DEBUG_TYPE_POP_GROUP
    )
}

pub fn is_severity(v: u32) -> bool {
    matches!(
        v,
        GL_DEBUG_SEVERITY_HIGH
            | GL_DEBUG_SEVERITY_MEDIUM
            | GL_DEBUG_SEVERITY_LOW
            | GL_DEBUG_SEVERITY_NOTIFICATION
    )
}

impl DebugState {
    pub fn new(debug_context: bool) -> Self {
        DebugState {
            output: debug_context,
            synchronous: false,
            callback: None,
            user_param: 0,
            log: VecDeque::new(),
            groups: vec![Group {
                rules: Vec::new(),
                source: 0,
                id: 0,
                message: String::new(),
            }],
        }
    }

    fn rules(&self) -> &[Rule] {
        &self.groups.last().expect("default group").rules
    }

    /// GL 4.6 §20.4: all messages start enabled except those of severity LOW; the last
    /// DebugMessageControl that matches a message decides.
    pub fn is_enabled(&self, m: &Message) -> bool {
        match self.rules().iter().rev().find(|r| r.matches(m)) {
            Some(rule) => rule.enabled,
            None => m.severity != GL_DEBUG_SEVERITY_LOW,
        }
    }

    pub fn set_callback(&mut self, callback: GLDEBUGPROC, user_param: usize) {
        self.callback = callback;
        self.user_param = user_param;
    }

    pub fn callback(&self) -> (GLDEBUGPROC, usize) {
        (self.callback, self.user_param)
    }

    /// Applies a validated DebugMessageControl. `ids` empty means "all ids".
    pub fn control(
        &mut self,
        source: Option<u32>,
        ty: Option<u32>,
        severity: Option<u32>,
        ids: &[u32],
        enabled: bool,
    ) {
        let group = self.groups.last_mut().expect("default group");
        let new_rules: Vec<Rule> = if ids.is_empty() {
            vec![Rule {
                source,
                ty,
                severity,
                id: None,
                enabled,
            }]
        } else {
            ids.iter()
                .map(|&id| Rule {
                    source,
                    ty,
                    severity,
                    id: Some(id),
                    enabled,
                })
                .collect()
        };
        for rule in new_rules {
            // Rules the new one overrides completely can never decide again.
            group.rules.retain(|old| !rule.covers(old));
            group.rules.push(rule);
        }
    }

    /// Routes a message: to the callback (returned for delivery outside the lock), else
    /// to the log. Disabled output or a disabled message goes nowhere.
    pub fn emit(&mut self, message: Message) -> Option<Delivery> {
        if !self.output || !self.is_enabled(&message) {
            return None;
        }
        if let Some(callback) = self.callback {
            return Some(Delivery {
                callback,
                user_param: self.user_param,
                message,
            });
        }
        // GL 4.6 §20.7: when the log is full, new messages are discarded.
        if self.log.len() < limits::MAX_DEBUG_LOGGED_MESSAGES as usize {
            self.log.push_back(message);
        }
        None
    }

    pub fn logged(&self) -> usize {
        self.log.len()
    }

    /// DEBUG_NEXT_LOGGED_MESSAGE_LENGTH: length with the terminator, 0 if empty.
    pub fn next_length(&self) -> usize {
        self.log.front().map(|m| m.text.len() + 1).unwrap_or(0)
    }

    pub fn peek(&self) -> Option<&Message> {
        self.log.front()
    }

    pub fn pop_logged(&mut self) -> Option<Message> {
        self.log.pop_front()
    }

    pub fn depth(&self) -> usize {
        self.groups.len()
    }

    /// Pushes a group; the caller checked the depth. The new group starts with a copy of
    /// the current message controls (GL 4.6 §20.6).
    pub fn push_group(&mut self, source: u32, id: u32, message: String) {
        let rules = self.rules().to_vec();
        self.groups.push(Group {
            rules,
            source,
            id,
            message,
        });
    }

    /// Pops a group; returns (source, id, message) of the popped group.
    pub fn pop_group(&mut self) -> Option<(u32, u32, String)> {
        if self.groups.len() <= 1 {
            return None;
        }
        self.groups.pop().map(|g| (g.source, g.id, g.message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(severity: u32, id: u32) -> Message {
        Message {
            source: GL_DEBUG_SOURCE_API,
            ty: GL_DEBUG_TYPE_ERROR,
            id,
            severity,
            text: "x".into(),
        }
    }

    #[test]
    fn low_severity_starts_disabled() {
        let d = DebugState::new(true);
        assert!(d.is_enabled(&msg(GL_DEBUG_SEVERITY_HIGH, 1)));
        assert!(!d.is_enabled(&msg(GL_DEBUG_SEVERITY_LOW, 1)));
    }

    #[test]
    fn last_matching_rule_wins_and_groups_restore() {
        let mut d = DebugState::new(true);
        d.control(None, None, None, &[], false);
        assert!(!d.is_enabled(&msg(GL_DEBUG_SEVERITY_HIGH, 1)));
        d.push_group(GL_DEBUG_SOURCE_APPLICATION, 1, "g".into());
        d.control(
            Some(GL_DEBUG_SOURCE_API),
            Some(GL_DEBUG_TYPE_ERROR),
            None,
            &[7],
            true,
        );
        assert!(d.is_enabled(&msg(GL_DEBUG_SEVERITY_HIGH, 7)));
        assert!(!d.is_enabled(&msg(GL_DEBUG_SEVERITY_HIGH, 8)));
        d.pop_group();
        assert!(!d.is_enabled(&msg(GL_DEBUG_SEVERITY_HIGH, 7)));
        // Covered rules are dropped instead of piling up.
        for _ in 0..100 {
            d.control(None, None, None, &[], true);
        }
        assert_eq!(d.rules().len(), 1);
    }

    #[test]
    fn log_is_bounded() {
        let mut d = DebugState::new(true);
        for i in 0..1000 {
            d.emit(msg(GL_DEBUG_SEVERITY_HIGH, i));
        }
        assert_eq!(d.logged(), limits::MAX_DEBUG_LOGGED_MESSAGES as usize);
        assert_eq!(d.pop_logged().unwrap().id, 0);
    }
}
