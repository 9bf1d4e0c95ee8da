//! Results in columns, for the JavaScript decoders generated from the same declarations.
//!
//! Thousands of manifest records cross much faster as a few typed arrays and one string than
//! as JSON text for `JSON.parse` or as one host call per field: the generated decoder reads the
//! columns in declaration order and builds each object of fixed shape as a copy of a template of
//! its members (src/shape/generate.rs says why not a literal).

use crate::hash::Map;
use crate::text::{utf16_len, GivenStr};

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
    /// The host holds the caller's strings by position ([`crate::text::GivenStr`]): a given
    /// string with a position crosses as that position, in `refs`.
    pub given: bool,
    table: Map<&'a str, u32>,
    /// The numbers of strings met lately, by address (a direct-mapped cache): thousands of
    /// records holding the same [`SharedStr`](crate::text::SharedStr) find its number without
    /// hashing its text. Addresses are the allocator's, not the input's: nothing a caller sends
    /// can make them collide.
    recent: Vec<(usize, usize, u32)>,
}

/// A string [`Encoder::intern`] can know by where it is in memory before it reads its text.
pub trait Interned {
    /// Its text's address and length in bytes: equal for the same text in the same place.
    fn address(&self) -> (usize, usize);
    fn text(&self) -> &str;
}

impl Interned for String {
    fn address(&self) -> (usize, usize) {
        (self.as_ptr() as usize, self.len())
    }
    fn text(&self) -> &str {
        self
    }
}

impl Interned for crate::text::SharedStr {
    fn address(&self) -> (usize, usize) {
        self.address()
    }
    fn text(&self) -> &str {
        self
    }
}

/// In `refs`, for a given string the host does not hold: its text follows in `text`.
pub(super) const NOT_GIVEN: u32 = u32::MAX;

/// Slots of [`Encoder::recent`].
const RECENT: usize = 64;

impl<'a> Encoder<'a> {
    pub fn str(&mut self, s: &str) {
        self.text.push_str(s);
        self.lengths
            .push(u32::try_from(utf16_len(s)).unwrap_or(u32::MAX));
    }

    #[inline]
    pub fn num(&mut self, n: f64) {
        self.nums.push(n);
    }

    #[inline]
    pub fn code(&mut self, c: u8) {
        self.codes.push(c);
    }

    /// A string the caller gave ([`GivenStr`]): with [`Encoder::given`], its position in
    /// `refs` (or [`NOT_GIVEN`] and the text, for one without a position); else the text. Its
    /// text is read only when it crosses.
    pub fn given(&mut self, s: &GivenStr) {
        if !self.given {
            return self.str(s);
        }
        match s.position().filter(|&i| i != NOT_GIVEN) {
            Some(i) => self.refs.push(i),
            None => {
                self.refs.push(NOT_GIVEN);
                self.str(s);
            }
        }
    }

    /// A string most records share (a reason, a type): its text crosses once per call.
    pub fn intern<S: Interned + ?Sized>(&mut self, s: &'a S) {
        let (at, len) = s.address();
        let slot = (at >> 3) % RECENT;
        if self.recent.is_empty() {
            self.recent = vec![(0, usize::MAX, 0); RECENT];
        }
        if let Some(&(a, l, i)) = self.recent.get(slot) {
            if a == at && l == len {
                self.refs.push(i);
                return;
            }
        }
        let text = s.text();
        let i = match self.table.get(text) {
            Some(&i) => i,
            None => {
                let i = u32::try_from(self.table.len()).unwrap_or(u32::MAX);
                self.table.insert(text, i);
                self.str(text);
                i
            }
        };
        if let Some(r) = self.recent.get_mut(slot) {
            *r = (at, len, i);
        }
        self.refs.push(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Output;
    use crate::text::SharedStr;

    #[test]
    fn a_given_string_crosses_as_its_position_only_where_the_host_holds_them() {
        let ids = [
            GivenStr::at("a😀".into(), 3),
            GivenStr::from("b"),
            GivenStr::at("c".into(), 0),
        ];
        let mut held = Encoder {
            given: true,
            ..Encoder::default()
        };
        for id in &ids {
            id.encode(&mut held);
        }
        assert_eq!(held.refs, [3, NOT_GIVEN, 0]);
        assert_eq!(
            (held.text.as_str(), held.lengths.as_slice()),
            ("b", &[1][..])
        );

        let mut text = Encoder::default();
        for id in &ids {
            id.encode(&mut text);
        }
        assert!(text.refs.is_empty());
        assert_eq!(
            (text.text.as_str(), text.lengths.as_slice()),
            ("a😀bc", &[3, 1, 1][..])
        );
        // Equal by text: where a copy may come from is not what it is.
        assert_eq!(ids[0], GivenStr::from("a😀"));
        assert_eq!(
            crate::shape::to_json_text(&ids.to_vec()),
            r#"["a😀","b","c"]"#
        );
    }

    #[test]
    fn interned_strings_cross_once_by_text_wherever_they_are_held() {
        let mut parts = crate::text::SharedParts::new("typetypekind");
        let (a, b, c) = (
            parts.cut(4).unwrap(),
            parts.cut(4).unwrap(),
            parts.cut(4).unwrap(),
        );
        let whole = SharedStr::from("type");
        let owned = String::from("kind");
        let mut e = Encoder::default();
        for s in [&a, &b, &a, &whole, &c] {
            e.intern(s);
        }
        e.intern(&owned);
        // Two parts at different places, and a string of its own, with one text: one number.
        assert_eq!(e.refs, [0, 0, 0, 0, 1, 1]);
        assert_eq!(
            (e.text.as_str(), e.lengths.as_slice()),
            ("typekind", &[4, 4][..])
        );
    }
}
