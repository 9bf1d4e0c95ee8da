//! What a file's content says about whether it may be inlined: binary content and its line
//! count (credentials are [`super::secrets`]'s).

/// Content as the host supplied it: text, or bytes read from a disk (decoded here).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    Text(String),
    Bytes(Vec<u8>),
}

impl Content {
    /// The text, or why there is none: NUL bytes or invalid UTF-8 mean binary content.
    pub fn text(&self) -> Result<&str, &'static str> {
        self.view().text()
    }

    /// Its size in UTF-8 bytes.
    pub fn bytes(&self) -> usize {
        self.view().bytes()
    }

    /// Borrowed, as the preload reads it.
    pub fn view(&self) -> ContentRef<'_> {
        match self {
            Content::Text(t) => ContentRef::Text(t),
            Content::Bytes(b) => ContentRef::Bytes(b),
        }
    }
}

/// A content borrowed rather than owned: from a [`Content`], or from a buffer a host filled
/// with every content at once (the wasm binding encodes them all into one, so that 16 MB of
/// files are not copied again into a `String` each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentRef<'a> {
    Text(&'a str),
    Bytes(&'a [u8]),
}

impl<'a> ContentRef<'a> {
    /// See [`Content::text`].
    pub fn text(self) -> Result<&'a str, &'static str> {
        let text = match self {
            ContentRef::Text(t) => t,
            ContentRef::Bytes(b) => std::str::from_utf8(b).map_err(|_| "is not valid UTF-8")?,
        };
        if text.as_bytes().contains(&0) {
            return Err("contains NUL bytes");
        }
        Ok(text)
    }

    /// Its size in UTF-8 bytes.
    pub fn bytes(self) -> usize {
        match self {
            ContentRef::Text(t) => t.len(),
            ContentRef::Bytes(b) => b.len(),
        }
    }
}

/// Lines as an editor numbers them: `\r\n`, `\n` and a lone `\r` each end a line (as Python's
/// `splitlines` and the code engine see them), and a final line end ends the last line, it does
/// not start one.
pub(crate) fn line_count(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (newlines, any_return) = newlines_and_any_return(bytes);
    // Most files have no `\r` at all: the pass that counts newlines says so, and nothing more is
    // read (a separate search for `\r` was a second pass over every file, without SIMD in wasm).
    let ends = if any_return {
        let returns = count_byte(bytes, b'\r');
        let pairs = bytes.windows(2).filter(|w| w == b"\r\n").count();
        newlines.saturating_add(returns).saturating_sub(pairs)
    } else {
        newlines
    };
    if text.is_empty() || text.ends_with('\n') || text.ends_with('\r') {
        ends
    } else {
        ends.saturating_add(1)
    }
}

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each zero byte of `x`. Per byte, `(b & 0x7F) + 0x7F` sets the high bit
/// unless the low seven bits are zero, and cannot carry into the next byte; or-ed with `b`,
/// the high bit is clear only for a zero byte.
fn zero_bytes(x: u64) -> u64 {
    !(((x & LOW7).wrapping_add(LOW7)) | x) & HIGH
}

/// How many `\n`, and whether there is any `\r`, eight bytes at a time in one pass: every
/// preloaded file is counted, and a byte-by-byte count is not vectorised at the size-optimised
/// level the wasm is built at.
fn newlines_and_any_return(bytes: &[u8]) -> (usize, bool) {
    const NEWLINES: u64 = 0x0A0A_0A0A_0A0A_0A0A;
    const RETURNS: u64 = 0x0D0D_0D0D_0D0D_0D0D;
    let mut chunks = bytes.chunks_exact(8);
    let mut n = 0usize;
    let mut returns = 0u64;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        n = n.wrapping_add(zero_bytes(word ^ NEWLINES).count_ones() as usize);
        returns |= zero_bytes(word ^ RETURNS);
    }
    let tail = chunks.remainder();
    let n = n.wrapping_add(tail.iter().filter(|&&b| b == b'\n').count());
    (n, returns != 0 || tail.contains(&b'\r'))
}

/// How many `target` bytes, eight bytes at a time.
fn count_byte(bytes: &[u8], target: u8) -> usize {
    let spread = u64::from_le_bytes([target; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut n = 0usize;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        n = n.wrapping_add(zero_bytes(word ^ spread).count_ones() as usize);
    }
    let tail = chunks.remainder().iter().filter(|&&b| b == target).count();
    n.wrapping_add(tail)
}

/// A file's length in UTF-16 code units, eight bytes at a time: as [`crate::text::utf16_len`]
/// (one unit per byte that starts a char, two for a 4-byte char), which goes byte by byte in
/// the size-optimised wasm — 10% of a 1,000-file preload, measuring every inlined file.
pub(crate) fn utf16_units(text: &str) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let bytes = text.as_bytes();
    let mut chunks = bytes.chunks_exact(8);
    let mut n = 0usize;
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        // Per byte, bit 7 of each mask: a continuation byte is `10xxxxxx`, the first byte of
        // a 4-byte char `11110xxx` (UTF-8 has no `11111xxx`). Shifting left moves bit 6 of a
        // byte into its bit 7; what comes in from the byte below lands in bit 0, never looked at.
        let continuation = w & !(w << 1) & HIGH;
        let astral = w & (w << 1) & (w << 2) & (w << 3) & HIGH;
        let starts = 8u32.wrapping_sub(continuation.count_ones());
        n = n
            .wrapping_add(starts as usize)
            .wrapping_add(astral.count_ones() as usize);
    }
    let tail = chunks.remainder().iter().fold(0usize, |n, &b| {
        n.wrapping_add(usize::from(b & 0xC0 != 0x80))
            .wrapping_add(usize::from(b >= 0xF0))
    });
    n.wrapping_add(tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_are_counted_eight_bytes_at_a_time_as_one_by_one() {
        let samples = [
            "",
            "\n",
            "a\nb\n",
            "\n\n\n\n\n\n\n\n\n",
            "\u{8A}\n\u{10A}\n\u{FF0A}é\n\x0B\x09",
            "\r\n\r\r\u{8D}\u{10D}\n",
        ];
        for base in samples {
            for extra in 0..20 {
                let text = format!(
                    "{}{base}{}",
                    "x\n".repeat(extra),
                    "\u{7F}\u{80}\n".repeat(extra % 3)
                );
                let count = |c: u8| text.bytes().filter(|&b| b == c).count();
                let counted = (
                    count_byte(text.as_bytes(), b'\n'),
                    count_byte(text.as_bytes(), b'\r'),
                );
                assert_eq!(counted, (count(b'\n'), count(b'\r')), "{text:?}");
                assert_eq!(
                    newlines_and_any_return(text.as_bytes()),
                    (count(b'\n'), count(b'\r') > 0),
                    "{text:?}"
                );
            }
        }
        let all: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
        assert_eq!(count_byte(&all, b'\n'), 16);
        assert_eq!(count_byte(&all, b'\r'), 16);
    }

    #[test]
    fn utf16_units_are_counted_eight_bytes_at_a_time_as_one_by_one() {
        let pieces = [
            "a",
            "\n",
            "é",
            "測",
            "😀",
            "\u{7F}",
            "\u{80}",
            "\u{7FF}",
            "\u{FFFF}",
            "\u{10FFFF}",
        ];
        for (k, first) in pieces.iter().enumerate() {
            for len in 0..40 {
                let text: String = (0..len)
                    .map(|i| *pieces.get((i * 7 + k) % pieces.len()).unwrap_or(first))
                    .collect();
                let text = format!("{first}{text}");
                assert_eq!(
                    utf16_units(&text),
                    crate::text::utf16_len(&text),
                    "{text:?}"
                );
                assert_eq!(utf16_units(&text), text.encode_utf16().count(), "{text:?}");
            }
        }
        assert_eq!(utf16_units(""), 0);
    }

    #[test]
    fn binary_is_nul_or_invalid_utf8() {
        assert_eq!(
            Content::Text("a\0b".into()).text(),
            Err("contains NUL bytes")
        );
        assert_eq!(
            Content::Bytes(vec![0xff, 0xfe]).text(),
            Err("is not valid UTF-8")
        );
        assert_eq!(Content::Bytes(b"ok\n".to_vec()).text(), Ok("ok\n"));
    }

    #[test]
    fn lines_are_counted_as_editors_number_them() {
        assert_eq!(line_count(""), 0);
        assert_eq!(line_count("a"), 1);
        assert_eq!(line_count("a\n"), 1);
        assert_eq!(line_count("a\nb"), 2);
        assert_eq!(line_count("\n\n"), 2);
        assert_eq!(line_count("a\rb\r"), 2);
        assert_eq!(line_count("a\r\nb"), 2);
        assert_eq!(line_count("\r\r\n\n"), 3);
        assert_eq!(line_count(&"line\r".repeat(250)), 250);
        assert_eq!(line_count(&"line\r\n".repeat(250)), 250);
    }

    /// Python's `str.splitlines` restricted to `\r\n`, `\n` and `\r`: the oracle.
    #[allow(clippy::arithmetic_side_effects)]
    fn splitlines(text: &str) -> usize {
        let mut n = 0;
        let mut chars = text.chars().peekable();
        let mut open = false;
        while let Some(c) = chars.next() {
            match c {
                '\r' => {
                    chars.next_if_eq(&'\n');
                    n += 1;
                    open = false;
                }
                '\n' => {
                    n += 1;
                    open = false;
                }
                _ => open = true,
            }
        }
        n + usize::from(open)
    }

    #[test]
    fn every_mix_of_line_ends_counts_as_splitlines_does() {
        // Every string of up to 9 characters over `a`, `\r`, `\n`, `é`, at every offset of an
        // 8-byte word (the count goes a word at a time).
        let alphabet = ['a', '\r', '\n', 'é'];
        for len in 0..=9u32 {
            for code in 0..4usize.pow(len) {
                let mut text = String::new();
                let mut c = code;
                for _ in 0..len {
                    text.push(alphabet[c % 4]);
                    c /= 4;
                }
                let pad = "x".repeat(code % 8);
                let text = format!("{pad}{text}");
                assert_eq!(line_count(&text), splitlines(&text), "{text:?}");
            }
        }
    }
}
