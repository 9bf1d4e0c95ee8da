//! A table of the vocabularies' facts, built once and read in the scan's loops: keys in
//! open-addressed slots, found by a multiplicative hash and linear probing. 0 is no key.

/// The top `width` bits of a multiplicative hash of `key`.
#[inline]
pub(super) fn slot(key: u128, width: u32) -> usize {
    let folded = (key as u64) ^ (key >> 64) as u64;
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 64u32.wrapping_sub(width)) as usize
}

/// `2^width` slots of nonzero keys `K` and their values `V`; sized well above the keys it
/// holds, so a probe stops soon.
pub(super) struct OpenTable<K, V> {
    keys: Box<[K]>,
    values: Box<[V]>,
    width: u32,
    /// What a key not in the table reads as.
    absent: V,
}

impl<K: Copy + Eq + Default + Into<u128>, V: Copy> OpenTable<K, V> {
    pub(super) fn new(width: u32, absent: V) -> Self {
        let slots = 1usize << width;
        OpenTable {
            keys: vec![K::default(); slots].into_boxed_slice(),
            values: vec![absent; slots].into_boxed_slice(),
            width,
            absent,
        }
    }

    /// The slot holding `key`, or the empty one it would take; `None` in a full table.
    #[inline]
    fn find(&self, key: K) -> Option<usize> {
        let mask = self.keys.len().wrapping_sub(1);
        let mut at = slot(key.into(), self.width);
        for _ in 0..self.keys.len() {
            let k = *self.keys.get(at)?;
            if k == key || k == K::default() {
                return Some(at);
            }
            at = at.wrapping_add(1) & mask;
        }
        None
    }

    /// Sets `key`'s value to `f` of what it was (the absent value for a new key).
    pub(super) fn update(&mut self, key: K, f: impl FnOnce(V) -> V) {
        if let Some(at) = self.find(key) {
            if let (Some(k), Some(v)) = (self.keys.get_mut(at), self.values.get_mut(at)) {
                *k = key;
                *v = f(*v);
            }
        }
    }

    /// `key`'s value, or the absent value.
    #[inline]
    pub(super) fn get(&self, key: K) -> V {
        self.find(key)
            .and_then(|at| self.values.get(at))
            .copied()
            .unwrap_or(self.absent)
    }
}
