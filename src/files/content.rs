//! What a file's name and content say about whether it may be inlined: binary content, its line
//! count, and the shapes of credentials.
//!
//! Secrets are found by plain scanning against two tables (names, content shapes), no regex: the
//! tables are the documentation (docs/FILES.md lists them), and a scan is linear in the content.
//! They err towards refusing: a file refused by mistake costs the agent one read, a key sent to a
//! third party cannot be unsent.

use super::path::file_name;

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
pub fn line_count(text: &str) -> usize {
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
pub fn utf16_units(text: &str) -> usize {
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

/// File names that hold credentials, matched on the lowercased last segment.
const SECRET_NAMES: [&str; 22] = [
    ".env",
    "id_rsa",
    "id_dsa",
    "id_ecdsa",
    "id_ed25519",
    ".netrc",
    "_netrc",
    ".npmrc",
    ".pypirc",
    ".pgpass",
    ".htpasswd",
    ".git-credentials",
    ".dockercfg",
    "credentials",
    "credentials.json",
    "credentials.yml",
    "credentials.yaml",
    "secrets.json",
    "secrets.yml",
    "secrets.yaml",
    "terraform.tfstate",
    ".vault-token",
];

/// Extensions of key and certificate stores.
const SECRET_EXTENSIONS: [&str; 9] = [
    ".pem",
    ".key",
    ".p12",
    ".pfx",
    ".jks",
    ".keystore",
    ".ppk",
    ".tfvars",
    ".kdbx",
];

/// Directories whose every file is a credential or key.
const SECRET_DIRS: [&str; 3] = [".ssh", ".gnupg", ".aws"];

/// `.env.*` files committed on purpose as templates: their content is still scanned.
const ENV_TEMPLATES: [&str; 4] = [".example", ".sample", ".template", ".dist"];

/// What makes the normalised `path`'s name look like a credential file, if anything.
pub fn secret_name(path: &str) -> Option<String> {
    let name = file_name(path).to_ascii_lowercase();
    if let Some(dir) = path
        .split('/')
        .rev()
        .skip(1)
        .find(|s| SECRET_DIRS.contains(s))
    {
        return Some(format!("it is inside `{dir}/`"));
    }
    if SECRET_NAMES.contains(&name.as_str()) {
        return Some(format!("its name `{name}` is a credential file's"));
    }
    if let Some(rest) = name.strip_prefix(".env.") {
        let suffix = format!(".{rest}");
        if !ENV_TEMPLATES.contains(&suffix.as_str()) {
            return Some(format!("its name `{name}` is an environment file's"));
        }
    }
    if name.ends_with(".env") {
        return Some(format!("its name `{name}` is an environment file's"));
    }
    SECRET_EXTENSIONS
        .iter()
        .find(|ext| name.ends_with(*ext))
        .map(|ext| format!("its extension `{ext}` is a key or certificate store's"))
}

/// The characters a token's body is made of.
#[derive(Debug, Clone, Copy)]
enum Body {
    /// `A-Z0-9`.
    UpperAlnum,
    /// `A-Za-z0-9`.
    Alnum,
    /// `A-Za-z0-9_-` (base64url).
    Url,
    /// `A-Za-z0-9-`.
    Dashed,
}

impl Body {
    fn has(self, b: u8) -> bool {
        match self {
            Body::UpperAlnum => b.is_ascii_uppercase() || b.is_ascii_digit(),
            Body::Alnum => b.is_ascii_alphanumeric(),
            Body::Url => b.is_ascii_alphanumeric() || b == b'_' || b == b'-',
            Body::Dashed => b.is_ascii_alphanumeric() || b == b'-',
        }
    }
}

/// A token shape: a prefix, then at least `min` characters of `body`, not preceded by a letter
/// or digit (so `maskAKIA…` in prose is not a key).
struct Shape {
    name: &'static str,
    prefix: &'static str,
    body: Body,
    min: usize,
}

const SHAPES: [Shape; 17] = [
    Shape {
        name: "an AWS access key id",
        prefix: "AKIA",
        body: Body::UpperAlnum,
        min: 16,
    },
    Shape {
        name: "an AWS temporary access key id",
        prefix: "ASIA",
        body: Body::UpperAlnum,
        min: 16,
    },
    Shape {
        name: "a GitHub personal access token",
        prefix: "ghp_",
        body: Body::Alnum,
        min: 36,
    },
    Shape {
        name: "a GitHub OAuth token",
        prefix: "gho_",
        body: Body::Alnum,
        min: 36,
    },
    Shape {
        name: "a GitHub user-to-server token",
        prefix: "ghu_",
        body: Body::Alnum,
        min: 36,
    },
    Shape {
        name: "a GitHub server-to-server token",
        prefix: "ghs_",
        body: Body::Alnum,
        min: 36,
    },
    Shape {
        name: "a GitHub refresh token",
        prefix: "ghr_",
        body: Body::Alnum,
        min: 36,
    },
    Shape {
        name: "a GitHub fine-grained token",
        prefix: "github_pat_",
        body: Body::Url,
        min: 60,
    },
    Shape {
        name: "a Slack token",
        prefix: "xox",
        body: Body::Dashed,
        min: 12,
    },
    Shape {
        name: "a Slack webhook",
        prefix: "hooks.slack.com/services/",
        body: Body::Url,
        min: 20,
    },
    Shape {
        name: "a Stripe secret key",
        prefix: "sk_live_",
        body: Body::Alnum,
        min: 20,
    },
    Shape {
        name: "a Stripe restricted key",
        prefix: "rk_live_",
        body: Body::Alnum,
        min: 20,
    },
    Shape {
        name: "a Stripe test secret key",
        prefix: "sk_test_",
        body: Body::Alnum,
        min: 20,
    },
    Shape {
        name: "an Anthropic API key",
        prefix: "sk-ant-",
        body: Body::Url,
        min: 32,
    },
    Shape {
        name: "an OpenAI API key",
        prefix: "sk-",
        body: Body::Url,
        min: 32,
    },
    Shape {
        name: "a Google API key",
        prefix: "AIza",
        body: Body::Url,
        min: 35,
    },
    Shape {
        name: "a JSON Web Token",
        prefix: "eyJ",
        body: Body::Url,
        min: 10,
    },
];

/// The shape of a credential `text` contains, if any: PEM private keys and the token shapes
/// of `SHAPES`, the first in the text. One pass over the bytes: a shape is tried only where a
/// word starts with its first byte, which in code is rare enough to cost little.
pub fn secret_content(text: &str) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let class = |b: u8| BYTE_CLASS.get(usize::from(b)).copied().unwrap_or(0);
    // Word by word: at the top of the loop the byte before `at` (if any) is not a letter or
    // digit, so a letter there starts a word, and the rest of the word is skipped in a loop of
    // its own (checking every byte for a word start was a third of the scan in wasm).
    let mut at = 0usize;
    while let Some(&b) = bytes.get(at) {
        let c = class(b);
        if c & ALNUM != 0 {
            if c & START != 0 {
                if let Some(name) = shape_at(bytes, at, b) {
                    return Some(name);
                }
            }
            at = at.saturating_add(1);
            while bytes.get(at).is_some_and(|&b| class(b) & ALNUM != 0) {
                at = at.saturating_add(1);
            }
            continue;
        }
        if b == b'-' && pem_private_key_at(bytes, at) {
            return Some("a PEM private key");
        }
        at = at.saturating_add(1);
    }
    None
}

/// The shape of the token starting at the word start `at` (whose byte is `b`), if any.
fn shape_at(bytes: &[u8], at: usize, b: u8) -> Option<&'static str> {
    let rest = bytes.get(at..).unwrap_or(&[]);
    // The first two bytes rule out most shapes without a call to compare the rest: words
    // starting with `e`, `s` or `r` are common in any text, with `ey`, `sk` or `rk` much less.
    let second = rest.get(1);
    SHAPES
        .iter()
        .filter(|s| s.prefix.as_bytes().first() == Some(&b) && s.prefix.as_bytes().get(1) == second)
        .find(|shape| rest.starts_with(shape.prefix.as_bytes()) && shape_matches(shape, bytes, at))
        .map(|shape| shape.name)
}

const ALNUM: u8 = 1;
/// The first byte of a prefix in [`SHAPES`].
const START: u8 = 2;
/// Starts a PEM header.
const DASH: u8 = 4;

/// What the scan needs to know of each byte, looked up once per byte. (Evaluated at compile
/// time: an index out of range would fail the build, not a call.)
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        #[allow(clippy::cast_possible_truncation)] // b < 256
        let c = b as u8;
        let mut class = 0;
        if c.is_ascii_alphanumeric() {
            class |= ALNUM;
        }
        if matches!(c, b'A' | b'g' | b'h' | b'x' | b's' | b'r' | b'e') {
            class |= START;
        }
        if c == b'-' {
            class |= DASH;
        }
        t[b] = class;
        b += 1;
    }
    t
};

/// Whether the token at `at` (which starts with `shape.prefix`) has the shape's body.
fn shape_matches(shape: &Shape, bytes: &[u8], at: usize) -> bool {
    let start = at.saturating_add(shape.prefix.len());
    let run = body_run(bytes, start, shape.body);
    if run < shape.min {
        return false;
    }
    match shape.prefix {
        "eyJ" => jwt_rest(bytes, start.saturating_add(run)),
        "sk-" => mixes_letters_and_digits(bytes, start, run),
        // Slack tokens are `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`.
        "xox" => {
            bytes.get(start).is_some_and(|b| b"abprs".contains(b))
                && bytes.get(start.saturating_add(1)) == Some(&b'-')
        }
        _ => true,
    }
}

fn body_run(bytes: &[u8], start: usize, body: Body) -> usize {
    bytes
        .get(start..)
        .unwrap_or(&[])
        .iter()
        .take_while(|&&b| body.has(b))
        .count()
}

/// A JWT is three base64url parts joined by dots: after the header, `.payload.signature`.
fn jwt_rest(bytes: &[u8], at: usize) -> bool {
    let mut at = at;
    for _ in 0..2 {
        if bytes.get(at) != Some(&b'.') {
            return false;
        }
        let run = body_run(bytes, at.saturating_add(1), Body::Url);
        if run < 10 {
            return false;
        }
        at = at.saturating_add(1).saturating_add(run);
    }
    true
}

/// `sk-` also starts CSS class names and slugs (`sk-button-primary-…`); keys mix letters and
/// digits throughout.
fn mixes_letters_and_digits(bytes: &[u8], start: usize, run: usize) -> bool {
    let body = bytes.get(start..start.saturating_add(run)).unwrap_or(&[]);
    let digits = body.iter().filter(|b| b.is_ascii_digit()).count();
    let letters = body.iter().filter(|b| b.is_ascii_alphabetic()).count();
    digits >= 3 && letters >= 3
}

/// `-----BEGIN … PRIVATE KEY-----` (RSA, EC, DSA, OPENSSH, ENCRYPTED, or none) and PGP private
/// key blocks, at byte `at`.
fn pem_private_key_at(bytes: &[u8], at: usize) -> bool {
    const BEGIN: &[u8] = b"-----BEGIN ";
    let rest = bytes.get(at..).unwrap_or(&[]);
    if !rest.starts_with(BEGIN) {
        return false;
    }
    let label: Vec<u8> = rest
        .iter()
        .skip(BEGIN.len())
        .take(40)
        .take_while(|b| b.is_ascii_uppercase() || **b == b' ')
        .copied()
        .collect();
    label.ends_with(b"PRIVATE KEY") || label.ends_with(b"PRIVATE KEY BLOCK")
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

    #[test]
    fn credential_file_names() {
        for p in [
            ".env",
            "app/.env.local",
            "prod.env",
            "id_rsa",
            "x/server.PEM",
            "tls.key",
            ".aws/config",
            "home/.ssh/known_hosts",
            "credentials.json",
        ] {
            assert!(secret_name(p).is_some(), "{p}");
        }
        for p in [
            ".env.example",
            "id_rsa.pub",
            "src/App.jsx",
            "keys.ts",
            "environment.ts",
            "README.md",
        ] {
            assert!(secret_name(p).is_none(), "{p}");
        }
    }

    /// The scan as it was first written, byte by byte: the word-by-word one must agree.
    fn secret_content_bytewise(text: &str) -> Option<&'static str> {
        let bytes = text.as_bytes();
        let mut after_alnum = false;
        for (at, &b) in bytes.iter().enumerate() {
            let class = BYTE_CLASS[usize::from(b)];
            let word_start = !after_alnum;
            after_alnum = class & ALNUM != 0;
            if b == b'-' && pem_private_key_at(bytes, at) {
                return Some("a PEM private key");
            }
            if word_start && class & START != 0 {
                let rest = &bytes[at..];
                for shape in SHAPES.iter().filter(|s| s.prefix.as_bytes()[0] == b) {
                    if rest.starts_with(shape.prefix.as_bytes()) && shape_matches(shape, bytes, at)
                    {
                        return Some(shape.name);
                    }
                }
            }
        }
        None
    }

    #[test]
    fn the_word_by_word_scan_finds_what_a_byte_by_byte_one_does() {
        let pieces = [
            "AKIAIOSFODNN7EXAMPLE",
            "xAKIAIOSFODNN7EXAMPLE",
            "ghp_a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1",
            "xoxb-123456789012-abcdef",
            "-----BEGIN RSA PRIVATE KEY-----",
            "--",
            "sk-proj-Ab3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
            " ",
            "_",
            "é",
            "\n",
            "e",
            "s",
            "AKIA",
            "9",
        ];
        let mut seed = 11u64;
        for _ in 0..4000 {
            let mut text = String::new();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            for k in 0..(seed >> 60) {
                let i = (seed >> (k * 4 % 56)) as usize % pieces.len();
                text.push_str(pieces[i]);
            }
            assert_eq!(
                secret_content(&text),
                secret_content_bytewise(&text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn credential_shapes_in_content() {
        let found = |t: &str| secret_content(t);
        assert_eq!(
            found("-----BEGIN RSA PRIVATE KEY-----\nMII"),
            Some("a PEM private key")
        );
        assert_eq!(
            found("-----BEGIN OPENSSH PRIVATE KEY-----"),
            Some("a PEM private key")
        );
        assert_eq!(found("-----BEGIN PUBLIC KEY-----"), None);
        assert_eq!(
            found("key = \"AKIAIOSFODNN7EXAMPLE\""),
            Some("an AWS access key id")
        );
        assert_eq!(
            found(&format!("token: ghp_{}", "a1".repeat(18))),
            Some("a GitHub personal access token")
        );
        assert_eq!(found("xoxb-123456789012-abcdef"), Some("a Slack token"));
        assert_eq!(
            found(&format!("sk_live_{}", "4eC39HqLyjWDarjtT1zdp7dc")),
            Some("a Stripe secret key")
        );
        assert_eq!(
            found(&format!(
                "OPENAI_API_KEY=sk-proj-{}",
                "Ab3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE"
            )),
            Some("an OpenAI API key")
        );
        assert_eq!(
            found(&format!("AIza{}", "SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY")),
            Some("a Google API key")
        );
        assert_eq!(
            found("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
            Some("a JSON Web Token")
        );
        // Ordinary code is not a secret.
        assert_eq!(
            found("const sk-button-primary-large-rounded-shadow = 1; // AKIA"),
            None
        );
        assert_eq!(found("the eyJ prefix starts a JWT"), None);
        assert_eq!(found("maskAKIAIOSFODNN7EXAMPLE"), None);
    }
}
