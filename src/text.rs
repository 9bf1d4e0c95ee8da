//! Text measured the way JavaScript measures it: in UTF-16 code units.
//!
//! Every budget in characters is a budget in what `str.length` says in the host, so a context
//! that fits here fits there. Cuts happen on character boundaries only: a surrogate pair (an
//! emoji, a rare CJK ideograph) is kept whole or dropped whole, never split.

use std::sync::Arc;

/// A string many records hold (a document's id in its manifest record, a type, a reason):
/// cloning it counts a reference instead of copying, and the manifest's encoder interns it by
/// address before it hashes any text. It may be a part of a larger string that others share
/// (`SharedParts`): the ids and dates of 10,000 documents read in one pass are then one
/// allocation instead of 20,000, and dropping them one free.
#[derive(Clone)]
pub struct SharedStr {
    whole: Arc<str>,
    /// Byte offsets into `whole`, on char boundaries (checked where a part is made).
    start: usize,
    end: usize,
}

impl SharedStr {
    /// Where its text is, as an address and a length in bytes, without reading the text.
    pub(crate) fn address(&self) -> (usize, usize) {
        let whole = Arc::as_ptr(&self.whole).cast::<u8>() as usize;
        (
            whole.wrapping_add(self.start),
            self.end.wrapping_sub(self.start),
        )
    }

    /// Whether `a` and `b` are the same string in memory, not only the same text.
    pub fn ptr_eq(a: &SharedStr, b: &SharedStr) -> bool {
        Arc::ptr_eq(&a.whole, &b.whole) && a.start == b.start && a.end == b.end
    }
}

/// A string cut front to back into parts that all share it: one allocation for them all.
pub(crate) struct SharedParts {
    whole: Arc<str>,
    at: usize,
}

impl SharedParts {
    pub(crate) fn new(whole: &str) -> Self {
        SharedParts {
            whole: Arc::from(whole),
            at: 0,
        }
    }

    /// The next `len` bytes; `None` if that ends inside a character or past the end.
    pub(crate) fn cut(&mut self, len: usize) -> Option<SharedStr> {
        let end = self.at.checked_add(len)?;
        self.whole.get(self.at..end)?;
        let part = SharedStr {
            whole: self.whole.clone(),
            start: self.at,
            end,
        };
        self.at = end;
        Some(part)
    }

    /// Whether every byte has been cut.
    pub(crate) fn is_done(&self) -> bool {
        self.at == self.whole.len()
    }
}

impl std::ops::Deref for SharedStr {
    type Target = str;
    fn deref(&self) -> &str {
        // Never empty by mistake: `SharedParts::cut` only makes ranges that `get` accepts.
        self.whole.get(self.start..self.end).unwrap_or_default()
    }
}

impl From<&str> for SharedStr {
    fn from(text: &str) -> Self {
        SharedStr::from(Arc::<str>::from(text))
    }
}

impl From<String> for SharedStr {
    fn from(text: String) -> Self {
        SharedStr::from(Arc::<str>::from(text))
    }
}

impl From<Arc<str>> for SharedStr {
    fn from(whole: Arc<str>) -> Self {
        let end = whole.len();
        SharedStr {
            whole,
            start: 0,
            end,
        }
    }
}

impl AsRef<str> for SharedStr {
    fn as_ref(&self) -> &str {
        self
    }
}

impl std::borrow::Borrow<str> for SharedStr {
    fn borrow(&self) -> &str {
        self
    }
}

impl PartialEq for SharedStr {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for SharedStr {}

impl PartialOrd for SharedStr {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SharedStr {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (**self).cmp(&**other)
    }
}

impl std::hash::Hash for SharedStr {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl std::fmt::Debug for SharedStr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl std::fmt::Display for SharedStr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self)
    }
}

/// A string the caller gave (a document's id) and where it stood in the caller's input. A host
/// that still holds the caller's strings by position gives the result those very strings back
/// instead of a copy of each (`shape::Encoder::given`): 10,000 ids that crossed in need not cross
/// out again. Equal when the text is: the position says where a copy may come from, not what it is.
#[derive(Debug, Clone)]
pub struct GivenStr {
    text: SharedStr,
    at: Option<u32>,
}

impl GivenStr {
    /// `text`, which the caller gave at position `at` of its input.
    pub fn at(text: SharedStr, at: usize) -> Self {
        GivenStr {
            text,
            at: u32::try_from(at).ok(),
        }
    }

    /// Its position in the caller's input, if it has one.
    pub fn position(&self) -> Option<u32> {
        self.at
    }
}

impl From<SharedStr> for GivenStr {
    fn from(text: SharedStr) -> Self {
        GivenStr { text, at: None }
    }
}

impl From<String> for GivenStr {
    fn from(text: String) -> Self {
        GivenStr::from(SharedStr::from(text))
    }
}

impl From<&str> for GivenStr {
    fn from(text: &str) -> Self {
        GivenStr::from(SharedStr::from(text))
    }
}

impl std::ops::Deref for GivenStr {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl PartialEq for GivenStr {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl std::fmt::Display for GivenStr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The lines of `text` as editors and Python's `splitlines` see them: `\r\n`, `\n` and a lone
/// `\r` each end one line (`str::lines` misses the lone `\r` that old Mac files and progress
/// output use); the line ends are not included, and a final one starts no line.
pub(crate) fn lines(text: &str) -> Lines<'_> {
    Lines { rest: text }
}

/// See [`lines`].
pub(crate) struct Lines<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let bytes = self.rest.as_bytes();
        let Some(end) = bytes.iter().position(|&b| b == b'\n' || b == b'\r') else {
            return Some(std::mem::take(&mut self.rest));
        };
        let line = self.rest.get(..end).unwrap_or_default();
        let crlf = bytes.get(end..end.saturating_add(2)) == Some(b"\r\n".as_slice());
        let skip = if crlf { 2 } else { 1 };
        self.rest = self
            .rest
            .get(end.saturating_add(skip)..)
            .unwrap_or_default();
        Some(line)
    }
}

/// Length of `s` in UTF-16 code units.
pub fn utf16_len(s: &str) -> usize {
    // Each char has one non-continuation byte; 4-byte chars (U+10000 and up) are surrogate pairs.
    // Wrapping adds, which the compiler vectorises (saturating ones it does not), cannot wrap:
    // the sum is at most twice the length of a string in memory.
    s.bytes().fold(0usize, |n, b| {
        let starts_char = usize::from((b & 0xC0) != 0x80);
        let astral = usize::from(b >= 0xF0);
        n.wrapping_add(starts_char).wrapping_add(astral)
    })
}

/// The longest prefix of `s` whose UTF-16 length is at most `max_units`, cut on a char boundary.
pub fn prefix_utf16(s: &str, max_units: usize) -> &str {
    // ASCII is one unit a byte: an ASCII prefix is cut at once (is_ascii goes a word at a time),
    // instead of char by char — the host's strings are cut from one joined text this way, and
    // for 16 MB of source files the char loop was a fifth of the crossing into wasm.
    // An ASCII head of min(max_units, len) bytes is that many units: the answer.
    if let Some(head) = s.get(..max_units.min(s.len())).filter(|h| h.is_ascii()) {
        return head;
    }
    // Byte by byte, not char by char (no decoding): a char starts at each byte that is not a
    // continuation byte, and one of 4 bytes (from 0xF0) is a surrogate pair.
    let mut units = 0usize;
    for (at, &b) in s.as_bytes().iter().enumerate() {
        if b & 0xC0 != 0x80 {
            let next = units.saturating_add(if b >= 0xF0 { 2 } else { 1 });
            if next > max_units {
                return s.get(..at).unwrap_or(s);
            }
            units = next;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_crlf_lf_and_a_lone_cr() {
        let got: Vec<&str> = lines("a\r\nb\nc\rd\r\r\ne").collect();
        assert_eq!(got, ["a", "b", "c", "d", "", "e"]);
        assert_eq!(lines("x\r").collect::<Vec<_>>(), ["x"]);
        assert_eq!(lines("").count(), 0);
        assert_eq!(lines(&"l\r".repeat(250)).count(), 250);
        for text in ["a\nb\n", "a\r\nb", "\n\n", "no end", "é\r\nü\n"] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn counts_like_javascript() {
        assert_eq!(utf16_len(""), 0);
        assert_eq!(utf16_len("abc"), 3);
        assert_eq!(utf16_len("故事设定"), 4);
        assert_eq!(utf16_len("😀"), 2);
        assert_eq!(utf16_len("a😀é"), 4);
    }

    #[test]
    fn never_splits_a_surrogate_pair() {
        assert_eq!(prefix_utf16("ab😀c", 3), "ab");
        assert_eq!(prefix_utf16("ab😀c", 4), "ab😀");
        assert_eq!(prefix_utf16("ab😀c", 10), "ab😀c");
        assert_eq!(prefix_utf16("故事", 1), "故");
        assert_eq!(prefix_utf16("😀", 1), "");
    }

    #[test]
    fn the_ascii_shortcut_cuts_where_the_char_loop_does() {
        fn by_chars(s: &str, max: usize) -> &str {
            let mut units = 0;
            for (at, c) in s.char_indices() {
                units += c.len_utf16();
                if units > max {
                    return &s[..at];
                }
            }
            s
        }
        for s in [
            "",
            "abc",
            "ab😀c",
            "a😀",
            "é",
            "abcé",
            "故事a",
            "abc\u{0}d",
            "aé😀z",
        ] {
            for max in 0..=s.len() + 2 {
                assert_eq!(prefix_utf16(s, max), by_chars(s, max), "{s:?} {max}");
            }
        }
    }

    #[test]
    fn shared_parts_are_their_text_and_share_one_string() {
        let mut parts = SharedParts::new("id-1灵感2026-03-02T10:15:00Z");
        let id = parts.cut(4).unwrap();
        // A cut inside 灵 (three bytes) is refused and cuts nothing.
        assert!(parts.cut(1).is_none());
        let kind = parts.cut(6).unwrap();
        assert!(!parts.is_done());
        let date = parts.cut(20).unwrap();
        assert!(parts.is_done());
        assert!(parts.cut(1).is_none());
        assert_eq!(
            (&*id, &*kind, &*date),
            ("id-1", "灵感", "2026-03-02T10:15:00Z")
        );
        // Equal, ordered and hashed by text, whatever string holds it.
        let alone = SharedStr::from("id-1");
        assert!(id == alone && !SharedStr::ptr_eq(&id, &alone));
        assert!(SharedStr::ptr_eq(&id, &id.clone()));
        assert_eq!(id.cmp(&kind), "id-1".cmp("灵感"));
        let hash = |s: &str| {
            use std::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(s)
        };
        let set: std::collections::HashSet<SharedStr> = [id.clone(), alone].into_iter().collect();
        assert_eq!(set.len(), 1);
        assert_eq!(hash(&id), hash("id-1"));
        assert_eq!(format!("{id} {id:?}"), "id-1 \"id-1\"");
        assert!(SharedParts::new("ab").cut(usize::MAX).is_none());
    }
}
