//! Text measured the way JavaScript measures it: in UTF-16 code units.
//!
//! Every budget in characters is a budget in what `str.length` says in the host, so a context
//! that fits here fits there. Cuts happen on character boundaries only: a surrogate pair (an
//! emoji, a rare CJK ideograph) is kept whole or dropped whole, never split.

use std::sync::Arc;

/// A string many records hold (a document's id in its manifest record, a type, a reason):
/// cloning it counts a reference instead of copying, and the manifest's encoder interns it by
/// address before it hashes any text.
pub type SharedStr = Arc<str>;

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
}
