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

/// ASCII by a table, the rest by a binary search of the generated ranges.
pub(crate) fn class(c: char) -> Class {
    let cp = u32::from(c);
    if let Some(&code) = ASCII.get(cp as usize) {
        return Class::from_code(u32::from(code));
    }
    // Entries are `start << 3 | class`, sorted by start, the first starting at 0: the range
    // holding `cp` is the last one starting at or before it.
    let after = table::RANGES.partition_point(|&e| e >> 3 <= cp);
    let entry = after
        .checked_sub(1)
        .and_then(|i| table::RANGES.get(i))
        .copied()
        .unwrap_or(0);
    Class::from_code(entry & 7)
}

// A constant's indices are checked as it is compiled.
#[allow(clippy::indexing_slicing)]
const ASCII: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        t[i] = match c {
            b'A'..=b'Z' => 1,
            b'a'..=b'z' => 2,
            b'0'..=b'9' => 5,
            b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ' => 6,
            _ => 0,
        };
        i += 1;
    }
    t
};

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
