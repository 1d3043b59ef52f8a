//! Object names as GL allocates them (GL 4.6 §2.6.1): `Gen*` reserves a name with no
//! object behind it, binding such a name (or `Create*`) makes the object, and deleting
//! frees the name at once. Name 0 is never allocated.

use std::collections::HashMap;

pub struct NameTable<T> {
    map: HashMap<u32, Option<T>>,
    next: u32,
    /// Names freed since the last [`NameTable::take_released`], when tracked.
    released: Option<Vec<u32>>,
}

impl<T> Default for NameTable<T> {
    fn default() -> Self {
        NameTable {
            map: HashMap::new(),
            next: 1,
            released: None,
        }
    }
}

impl<T> NameTable<T> {
    /// Allocates a name nobody uses, leaving it reserved without an object.
    pub fn alloc(&mut self) -> u32 {
        loop {
            let name = self.next;
            self.next = self.next.checked_add(1).unwrap_or(1);
            if name != 0 && !self.map.contains_key(&name) {
                self.map.insert(name, None);
                return name;
            }
        }
    }

    /// True if `name` was allocated and not deleted (with or without an object).
    pub fn is_name(&self, name: u32) -> bool {
        name != 0 && self.map.contains_key(&name)
    }

    /// The object behind `name`, if one was created.
    pub fn get(&self, name: u32) -> Option<&T> {
        self.map.get(&name).and_then(|o| o.as_ref())
    }

    pub fn get_mut(&mut self, name: u32) -> Option<&mut T> {
        self.map.get_mut(&name).and_then(|o| o.as_mut())
    }

    /// Puts an object behind an allocated (or, in a compatibility context, any) name.
    pub fn set(&mut self, name: u32, obj: T) {
        self.map.insert(name, Some(obj));
    }

    /// Frees the name, returning its object if it had one.
    pub fn remove(&mut self, name: u32) -> Option<T> {
        let entry = self.map.remove(&name);
        if entry.is_some()
            && let Some(r) = &mut self.released
        {
            r.push(name);
        }
        entry.flatten()
    }

    /// Frees the name without recording it as released.
    pub fn remove_untracked(&mut self, name: u32) -> Option<T> {
        self.map.remove(&name).flatten()
    }

    /// From now on, remember every name this table frees (interposed mode: each one
    /// holds a host placeholder that must be released too).
    pub fn track_released(&mut self) {
        self.released.get_or_insert_with(Vec::new);
    }

    /// The names freed since the last call.
    pub fn take_released(&mut self) -> Vec<u32> {
        self.released
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    pub fn objects(&self) -> impl Iterator<Item = &T> {
        self.map.values().filter_map(|o| o.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gen_reserves_without_object() {
        let mut t: NameTable<u8> = NameTable::default();
        let a = t.alloc();
        let b = t.alloc();
        assert_ne!(a, 0);
        assert_ne!(a, b);
        assert!(t.is_name(a));
        assert!(t.get(a).is_none());
        t.set(a, 7);
        assert_eq!(t.get(a), Some(&7));
        assert_eq!(t.remove(a), Some(7));
        assert!(!t.is_name(a));
        assert!(!t.is_name(0));
    }
}
