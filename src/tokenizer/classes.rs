//! The Unicode classes the o200k and cl100k pre-tokenizer patterns test, one per code point, from
//! the same tables as the `regex` crate the patterns were written for (`classes_table.rs` is
//! generated from `regex-syntax`; tests/tokenizer.rs checks it still is).

#[path = "classes_table.rs"]
mod table;

/// What the patterns ask of a character. The general categories never overlap, and no letter,
/// mark or number is white space, so each code point has exactly one class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// None of the others: punctuation, symbols, controls, unassigned.
    Other,
    /// `\p{Lu}` or `\p{Lt}`: in o200k's first letter class only.
    Upper,
    /// `\p{Ll}`: in o200k's second letter class only.
    Lower,
    /// `\p{Lm}` or `\p{Lo}`: in both of o200k's letter classes.
    Letter,
    /// `\p{M}`: in both of o200k's letter classes, yet not `\p{L}`.
    Mark,
    /// `\p{N}`.
    Number,
    /// `\s`: Unicode `White_Space`.
    Space,
}

impl Class {
    const fn from_code(code: u32) -> Class {
        match code {
            1 => Class::Upper,
            2 => Class::Lower,
            3 => Class::Letter,
            4 => Class::Mark,
            5 => Class::Number,
            6 => Class::Space,
            _ => Class::Other,
        }
    }

    /// `\p{L}`.
    pub(crate) fn is_letter(self) -> bool {
        matches!(self, Class::Upper | Class::Lower | Class::Letter)
    }

    /// o200k's `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`.
    pub(crate) fn is_upper_side(self) -> bool {
        matches!(self, Class::Upper | Class::Letter | Class::Mark)
    }

    /// o200k's `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`.
    pub(crate) fn is_lower_side(self) -> bool {
        matches!(self, Class::Lower | Class::Letter | Class::Mark)
    }
}

/// The Basic Multilingual Plane by a table (64 KiB, built as the crate compiles), the rest by a
/// binary search of the generated ranges.
#[inline]
pub(crate) fn class(c: char) -> Class {
    let cp = u32::from(c);
    if let Some(&code) = BMP.get(cp as usize) {
        return Class::from_code(u32::from(code));
    }
    // Entries are `start << 3 | class`, sorted by start, the first starting at 0: the range
    // holding `cp` is the last one starting at or before it.
    let after = RANGES.partition_point(|&e| e >> 3 <= cp);
    let entry = after
        .checked_sub(1)
        .and_then(|i| RANGES.get(i))
        .copied()
        .unwrap_or(0);
    Class::from_code(entry & 7)
}

static RANGES: &[u32] = &table::RANGES;

/// The class code of every code point below U+10000, expanded from the ranges: one load per
/// character where the binary search took a dozen, for text outside ASCII (CJK, Cyrillic…).
static BMP: [u8; 0x1_0000] = bmp();

// A constant's indices are checked as it is compiled, and the arithmetic stays below 0x10000.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn bmp() -> [u8; 0x1_0000] {
    let mut t = [0u8; 0x1_0000];
    let mut i = 0;
    while i < table::RANGES.len() {
        let start = (table::RANGES[i] >> 3) as usize;
        if start >= 0x1_0000 {
            break;
        }
        let end = if i + 1 < table::RANGES.len() {
            (table::RANGES[i + 1] >> 3) as usize
        } else {
            0x1_0000
        };
        let end = if end > 0x1_0000 { 0x1_0000 } else { end };
        let code = (table::RANGES[i] & 7) as u8;
        let mut cp = start;
        while cp < end {
            t[cp] = code;
            cp += 1;
        }
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_agrees_with_the_ranges() {
        for c in (0u8..128).map(char::from) {
            let cp = u32::from(c);
            let after = table::RANGES.partition_point(|&e| e >> 3 <= cp);
            assert_eq!(
                class(c),
                Class::from_code(table::RANGES[after - 1] & 7),
                "{c:?}"
            );
        }
    }

    #[test]
    fn classes_of_a_few() {
        assert_eq!(class('É'), Class::Upper);
        assert_eq!(class('ǅ'), Class::Upper); // Lt
        assert_eq!(class('ß'), Class::Lower);
        assert_eq!(class('中'), Class::Letter);
        assert_eq!(class('ʰ'), Class::Letter); // Lm
        assert_eq!(class('\u{301}'), Class::Mark);
        assert_eq!(class('²'), Class::Number);
        assert_eq!(class('Ⅻ'), Class::Number); // Nl
        assert_eq!(class('\u{a0}'), Class::Space);
        assert_eq!(class('\u{2028}'), Class::Space);
        assert_eq!(class('\u{3000}'), Class::Space);
        assert_eq!(class('\u{200b}'), Class::Other); // not White_Space
        assert_eq!(class('😀'), Class::Other);
        assert_eq!(class('\u{10FFFF}'), Class::Other);
    }
}
