//! Results in columns, for the JavaScript decoders generated from the same declarations.
//!
//! Thousands of manifest records cross much faster as a few typed arrays and one string than
//! as JSON text for `JSON.parse` or as one host call per field: the generated decoder reads the
//! columns in declaration order and builds each object with a literal of fixed shape.

use crate::text::utf16_len;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The columns of one result, filled in declaration order.
#[derive(Debug, Default)]
pub struct Encoder<'a> {
    /// Every string, one after another.
    pub text: String,
    /// The UTF-16 length of each string in `text` (what JavaScript's `slice` counts).
    pub lengths: Vec<u32>,
    pub nums: Vec<f64>,
    /// Booleans, `Option` tags and enum variants.
    pub codes: Vec<u8>,
    /// Interned strings by number: a number seen for the first time is followed by its string.
    pub refs: Vec<u32>,
    table: HashMap<&'a str, u32>,
    /// The number of each string already met at this address (a shared string), so that
    /// thousands of records holding the same [`SharedStr`](crate::text::SharedStr) hash its
    /// text once. Addresses are the allocator's, not the input's: nothing a caller sends can
    /// make them collide.
    by_address: HashMap<(usize, usize), u32, BuildHasherDefault<AddressHasher>>,
}

/// A multiplicative hash of an address and a length.
#[derive(Debug, Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl<'a> Encoder<'a> {
    pub fn str(&mut self, s: &str) {
        self.text.push_str(s);
        self.lengths
            .push(u32::try_from(utf16_len(s)).unwrap_or(u32::MAX));
    }

    pub fn num(&mut self, n: f64) {
        self.nums.push(n);
    }

    pub fn code(&mut self, c: u8) {
        self.codes.push(c);
    }

    /// A string most records share (a reason, a type): its text crosses once per call.
    pub fn intern(&mut self, s: &'a str) {
        let address = (s.as_ptr() as usize, s.len());
        if let Some(&i) = self.by_address.get(&address) {
            self.refs.push(i);
            return;
        }
        let i = match self.table.get(s) {
            Some(&i) => i,
            None => {
                let i = u32::try_from(self.table.len()).unwrap_or(u32::MAX);
                self.table.insert(s, i);
                self.str(s);
                i
            }
        };
        self.by_address.insert(address, i);
        self.refs.push(i);
    }
}
