//! One pass over a content for the shapes of credentials: the keyword-led tokens of
//! [`RULES`], PEM private keys, URLs with a password, and values assigned to secret-named keys.
//!
//! No regex: a byte-class table says where a shape may start (a word whose first two bytes start
//! a keyword, or one of `-`, `:`, `=`), and everything else is skipped a word at a time, so a
//! scan is linear in the content and costs little where nothing starts.

use super::table::{Body, Rule, Then, RULES};

/// The first credential shape `text` holds, named by its family (never the matched text).
pub fn secret_content(text: &str) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let mut runs = Runs::default();
    // Word by word: at the top of the loop the byte before `at` (if any) is not a letter or
    // digit, so a letter there starts a word, and the rest of the word is skipped in a loop of
    // its own (checking every byte for a word start was a third of the scan in wasm).
    let mut at = 0usize;
    while let Some(&b) = bytes.get(at) {
        let c = class(b);
        if c & ALNUM != 0 {
            if c & START != 0 {
                if let Some(family) = token_at(bytes, at, &mut runs) {
                    return Some(family);
                }
            }
            at = at.saturating_add(1);
            while bytes.get(at).is_some_and(|&b| class(b) & ALNUM != 0) {
                at = at.saturating_add(1);
            }
            continue;
        }
        if c & TRIGGER != 0 {
            if let Some(family) = punctuation_at(bytes, at, b, &mut runs) {
                return Some(family);
            }
        }
        at = at.saturating_add(1);
    }
    None
}

/// Runs of a class of bytes already walked, one per body class and one for bare values: a run
/// is walked once however many shapes start inside it (`eyJ-eyJ-…` starts a JWT every four
/// bytes, `a=a=a=…` a value every two), which keeps the scan linear in the content.
struct Runs([(usize, usize); BODIES + 1]);

/// How many body classes there are ([`Body`]'s variants).
const BODIES: usize = 9;

impl Default for Runs {
    fn default() -> Self {
        // `from > end`: no run known yet.
        Runs([(1, 0); BODIES + 1])
    }
}

impl Runs {
    /// Where the run from `start` of a body's bytes (or with `None`, of a bare value's) ends:
    /// known when `start` lies in a run walked before, else walked now (to its end, so that
    /// later starts inside it are known). One function for every class: the wasm is built for
    /// size.
    fn end(&mut self, bytes: &[u8], start: usize, body: Option<Body>) -> usize {
        let has = |b: u8| match body {
            Some(body) => body.has(b),
            None => class(b) & STOP == 0,
        };
        let slot = body.map_or(BODIES, |b| b as usize);
        let Some(known) = self.0.get_mut(slot) else {
            return start;
        };
        if known.0 <= start && start <= known.1 {
            return known.1;
        }
        let len = bytes
            .get(start..)
            .unwrap_or(&[])
            .iter()
            .take_while(|&&b| has(b))
            .count();
        *known = (start, start.saturating_add(len));
        known.1
    }
}

/// The shapes found by the punctuation at `at`: `-----BEGIN`, `://`, `=` and `:`.
fn punctuation_at(bytes: &[u8], at: usize, b: u8, runs: &mut Runs) -> Option<&'static str> {
    match b {
        b'-' => pem_private_key_at(bytes, at).then_some(PEM),
        b':' => url_password_at(bytes, at).or_else(|| assigned_at(bytes, at, runs)),
        _ => assigned_at(bytes, at, runs),
    }
}

const PEM: &str = "a PEM private key";
const URL_PASSWORD: &str = "a URL with a password (basic auth or a connection string)";
const ASSIGNED_SECRET: &str = "a high-entropy value assigned to a secret-named key";
const ASSIGNED_PASSWORD: &str = "a password assigned to a password-named key";
const AWS_SECRET: &str = "an AWS secret access key";
const NPM_AUTH: &str = "an npm auth token";

const ALNUM: u8 = 1;
/// The first byte of a keyword in [`RULES`].
const START: u8 = 2;
/// `-`, `:`, `=`.
const TRIGGER: u8 = 4;
/// Ends a bare value: whitespace, quotes, brackets, `,`, `;`, `:` and `=`.
const STOP: u8 = 8;

fn class(b: u8) -> u8 {
    BYTE_CLASS.get(usize::from(b)).copied().unwrap_or(0)
}

/// What the scan needs to know of each byte, looked up once per byte. (Evaluated at compile
/// time: an index out of range would fail the build, not a call.)
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        #[allow(clippy::cast_possible_truncation)] // b < 256
        let c = b as u8;
        if c.is_ascii_alphanumeric() {
            t[b] |= ALNUM;
        }
        if c == b'-' || c == b':' || c == b'=' {
            t[b] |= TRIGGER;
        }
        if c.is_ascii_whitespace()
            || matches!(
                c,
                b',' | b';' | b')' | b']' | b'}' | b'"' | b'\'' | b'`' | b'(' | b'[' | b':' | b'='
            )
        {
            t[b] |= STOP;
        }
        b += 1;
    }
    let mut r = 0;
    while r < RULES.len() {
        t[RULES[r].keyword.as_bytes()[0] as usize] |= START;
        r += 1;
    }
    t
};

/// Per byte, the rows of [`RULES`] whose keyword has it first (`.0`) or second (`.1`): the rows
/// worth comparing at a word are the two masks of its first two bytes and-ed.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const KEYWORD_BYTES: ([u64; 256], [u64; 256]) = {
    assert!(RULES.len() <= 64, "a row is a bit of a u64");
    let mut first = [0u64; 256];
    let mut second = [0u64; 256];
    let mut r = 0;
    while r < RULES.len() {
        let k = RULES[r].keyword.as_bytes();
        assert!(k.len() >= 2, "a keyword has two bytes to filter on");
        first[k[0] as usize] |= 1 << r;
        second[k[1] as usize] |= 1 << r;
        r += 1;
    }
    (first, second)
};

/// The family of the token starting at the word start `at`, if any.
fn token_at(bytes: &[u8], at: usize, runs: &mut Runs) -> Option<&'static str> {
    let rest = bytes.get(at..)?;
    let first = usize::from(*rest.first()?);
    let second = usize::from(rest.get(1).copied().unwrap_or(0));
    let mut rows = KEYWORD_BYTES.0.get(first)? & KEYWORD_BYTES.1.get(second)?;
    while rows != 0 {
        let row = rows.trailing_zeros() as usize;
        rows &= rows.wrapping_sub(1);
        let rule = RULES.get(row)?;
        if rest.starts_with(rule.keyword.as_bytes()) && body_matches(rule, bytes, at, runs) {
            return Some(rule.family);
        }
    }
    None
}

/// Whether the token at `at` (which starts with `rule.keyword`) goes on with the rule's body.
fn body_matches(rule: &Rule, bytes: &[u8], at: usize, runs: &mut Runs) -> bool {
    let start = at.saturating_add(rule.keyword.len());
    let end = runs.end(bytes, start, Some(rule.body));
    let run = end.saturating_sub(start);
    if run < usize::from(rule.min) || (rule.max != 0 && run > usize::from(rule.max)) {
        return false;
    }
    // What the checks below read of the body: a long one only in part.
    let body = bytes.get(start..end).unwrap_or(&[]);
    let body = body.get(..MAX_RUN).unwrap_or(body);
    match rule.then {
        Then::Nothing => true,
        Then::Mixed => {
            let digits = body.iter().filter(|b| b.is_ascii_digit()).count();
            let letters = body.iter().filter(|b| b.is_ascii_alphabetic()).count();
            digits >= 3 && letters >= 3
        }
        Then::Jwt => jwt_rest(bytes, end, runs),
        Then::Has(byte, n) => body.iter().filter(|&&b| b == byte).count() >= usize::from(n),
        Then::Digits(n) => body.iter().take(usize::from(n)).all(u8::is_ascii_digit),
    }
}

/// How many bytes from `start` on are `has`.
fn run_of(bytes: &[u8], start: usize, has: impl Fn(u8) -> bool) -> usize {
    bytes
        .get(start..)
        .unwrap_or(&[])
        .iter()
        .take(MAX_RUN)
        .take_while(|&&b| has(b))
        .count()
}

/// The longest run a shape looks at, before or after where it starts. Every shape is shorter;
/// the cap keeps the scan linear when starts repeat inside one run (`eyJ-eyJ-eyJ-…` is a word
/// start every four bytes, each of whose bodies would otherwise run to the end).
const MAX_RUN: usize = 4096;

/// A JWT is three base64url parts joined by dots: after the header, `.payload.signature`.
fn jwt_rest(bytes: &[u8], at: usize, runs: &mut Runs) -> bool {
    let mut at = at;
    for _ in 0..2 {
        if bytes.get(at) != Some(&b'.') {
            return false;
        }
        let start = at.saturating_add(1);
        let end = runs.end(bytes, start, Some(Body::Url));
        if end.saturating_sub(start) < 10 {
            return false;
        }
        at = end;
    }
    true
}

/// Words that mark a value as a stand-in for a credential, matched ignoring case.
const PLACEHOLDERS: [&str; 17] = [
    "example",
    "xxxxx",
    "placeholder",
    "your",
    "changeme",
    "change_me",
    "redacted",
    "dummy",
    "replace",
    "*****",
    "...",
    "<",
    ">",
    "${",
    "{{",
    "fake",
    "lorem",
];

/// Whether an assigned value or a URL's password is a stand-in (`your-token-here`,
/// `${TOKEN}`, `****`, `xxxxxxxx`) rather than a credential.
fn placeholder(value: &[u8]) -> bool {
    let one_char = value.first().is_some_and(|f| value.iter().all(|b| b == f));
    one_char
        || PLACEHOLDERS.iter().any(|p| {
            value
                .windows(p.len())
                .any(|w| w.eq_ignore_ascii_case(p.as_bytes()))
        })
}

/// `-----BEGIN … PRIVATE KEY-----` (RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP's `… KEY BLOCK`, or
/// none) at `at`, followed by a body that is a key's: base64, not a placeholder.
fn pem_private_key_at(bytes: &[u8], at: usize) -> bool {
    const BEGIN: &[u8] = b"-----BEGIN";
    let rest = bytes.get(at..).unwrap_or(&[]);
    if !rest.starts_with(BEGIN) {
        return false;
    }
    let label_len = rest
        .iter()
        .skip(BEGIN.len())
        .take(48)
        .take_while(|b| b.is_ascii_uppercase() || **b == b' ')
        .count();
    let end = BEGIN.len().saturating_add(label_len);
    let label = rest.get(BEGIN.len()..end).unwrap_or(&[]);
    let label = label.strip_suffix(b" BLOCK").unwrap_or(label);
    label.ends_with(b"PRIVATE KEY")
        && rest.get(end..).is_some_and(|r| r.starts_with(b"-----"))
        && pem_body_is_key(rest.get(end.saturating_add(5)..).unwrap_or(&[]))
}

/// A key's body is base64 (at least 40 characters of it, not one repeated), after any armor
/// headers (`Proc-Type: …`, `Version: …`), its line ends possibly written as `\n` escapes
/// inside a JSON or code string (a GCP service account's `private_key`). A body that is or
/// starts with `***`, `...`, `<…>` or `{…}` is a placeholder in documentation; one that goes on
/// into other text after a full line of base64 is a key pasted without its END line.
///
/// Read byte by byte and never far: a full line of base64 decides, headers are few and short,
/// so BEGIN lines repeated any number of times cost a bounded read each.
fn pem_body_is_key(body: &[u8]) -> bool {
    const HEADER_LINE: usize = 128;
    const HEADERS: usize = 8;
    let enough = |count: usize, seen: u64| count >= 40 && seen.count_ones() >= 12;
    let (mut count, mut seen) = (0usize, 0u64);
    let mut line_start = (0usize, 0u64);
    let mut headers = 0usize;
    let mut at = 0usize;
    while let Some(&b) = body.get(at) {
        if count >= 64 && enough(count, seen) {
            return true;
        }
        let escaped_end = b == b'\\' && matches!(body.get(at.saturating_add(1)), Some(b'n' | b'r'));
        if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=') {
            seen |= 1u64 << (b & 63);
            count = count.saturating_add(1);
        } else if b == b'\n' || escaped_end {
            at = at.saturating_add(usize::from(escaped_end));
            line_start = (count, seen);
        } else if b == b'-' && body.get(at..).is_some_and(|r| r.starts_with(b"-----END")) {
            break;
        } else if !matches!(b, b' ' | b'\t' | b'\r') {
            // An armor header has a `:` on its line; what its line counted is not the key's.
            let line = body.get(at..).unwrap_or(&[]);
            let line = line.get(..HEADER_LINE).unwrap_or(line);
            let len = line.iter().position(|&b| b == b'\n' || b == b'\\');
            let header = headers < HEADERS
                && len.is_some()
                && line
                    .get(..len.unwrap_or(0))
                    .is_some_and(|l| l.contains(&b':'));
            if !header {
                return count >= 64 && enough(count, seen);
            }
            headers = headers.saturating_add(1);
            (count, seen) = line_start;
            at = at.saturating_add(len.unwrap_or(0));
            continue;
        }
        at = at.saturating_add(1);
    }
    enough(count, seen)
}

/// Placeholder passwords in URLs and assignments, compared whole, ignoring case.
const STAND_INS: [&str; 22] = [
    "password",
    "passwd",
    "pass",
    "pwd",
    "secret",
    "mypassword",
    "admin",
    "root",
    "user",
    "username",
    "test",
    "changeme",
    "string",
    "null",
    "none",
    "true",
    "false",
    "undefined",
    "required",
    "optional",
    "empty",
    "token",
];

/// Passwords of documentation URLs (`https://user:password@host`), compared whole; a database's
/// documented defaults besides (`admin:pass@`, `root:root@`).
const URL_STAND_INS: [&str; 5] = ["password", "mypassword", "passwd", "changeme", "secret"];
const DATABASE_STAND_INS: [&str; 12] = [
    "password",
    "mypassword",
    "passwd",
    "changeme",
    "secret",
    "pass",
    "root",
    "admin",
    "user",
    "username",
    "test",
    "postgres",
];
const DATABASE_SCHEMES: [&str; 6] = [
    "mysql",
    "mysqlx",
    "postgres",
    "postgresql",
    "mongodb",
    "mongodb+srv",
];

fn stand_in(value: &[u8]) -> bool {
    placeholder(value)
        || STAND_INS
            .iter()
            .any(|s| value.eq_ignore_ascii_case(s.as_bytes()))
}

/// `scheme://user:password@host` at the `:` of `://`: basic auth in a URL, or a database
/// connection string (`postgres://`, `mongodb+srv://`, `mysql://`, `redis://`…), one family.
fn url_password_at(bytes: &[u8], at: usize) -> Option<&'static str> {
    let after = bytes.get(at.saturating_add(1)..)?;
    let authority = after.strip_prefix(b"//")?;
    let scheme = at.saturating_sub(back_run(bytes, at, |b| {
        b.is_ascii_alphanumeric() || b == b'+'
    }));
    if scheme == at {
        return None;
    }
    let len = authority
        .iter()
        .take(512)
        .take_while(|&&b| {
            !matches!(
                b,
                b'/' | b'?' | b'#' | b'"' | b'\'' | b'`' | b'<' | b'>' | b'\\'
            ) && !b.is_ascii_whitespace()
        })
        .count();
    let authority = authority.get(..len)?;
    let at_sign = authority.iter().rposition(|&b| b == b'@')?;
    let (userinfo, host) = (
        authority.get(..at_sign)?,
        authority.get(at_sign.saturating_add(1)..)?,
    );
    let colon = userinfo.iter().position(|&b| b == b':')?;
    let (user, password) = (
        userinfo.get(..colon)?,
        userinfo.get(colon.saturating_add(1)..)?,
    );
    let scheme = bytes.get(scheme..at).unwrap_or(&[]);
    let database = DATABASE_SCHEMES
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s.as_bytes()));
    let stand_ins: &[&str] = if database {
        &DATABASE_STAND_INS
    } else {
        &URL_STAND_INS
    };
    let real = !host.is_empty()
        && password.len() >= 4
        && password != user
        && !placeholder(password)
        && !userinfo.iter().any(|b| b"{}()$%".contains(b))
        && !stand_ins
            .iter()
            .any(|s| password.eq_ignore_ascii_case(s.as_bytes()))
        && (!user.is_empty() || password.len() >= 8)
        && !password.starts_with(b"$")
        && !password.starts_with(b"%");
    real.then_some(URL_PASSWORD)
}

/// How many bytes before `at` are `has`.
fn back_run(bytes: &[u8], at: usize, has: impl Fn(u8) -> bool) -> usize {
    bytes
        .get(..at)
        .unwrap_or(&[])
        .iter()
        .rev()
        .take(MAX_RUN)
        .take_while(|&&b| has(b))
        .count()
}

/// What the key a value is assigned to says it holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyKind {
    Password,
    Secret(&'static str),
}

/// `KEY=value`, `key: value`, `"key": "value"`, `key = "value"`, `key := "value"` at the
/// `=` or `:` at `at`, where the key's name says secret and the value looks like one: in env
/// files, JSON, YAML, TOML and code alike.
fn assigned_at(bytes: &[u8], at: usize, runs: &mut Runs) -> Option<&'static str> {
    let op = *bytes.get(at)?;
    let next = bytes.get(at.saturating_add(1)).copied();
    let prev = at.checked_sub(1).and_then(|p| bytes.get(p)).copied();
    let comparison = match op {
        b'=' => {
            matches!(next, Some(b'=' | b'>' | b'~'))
                || matches!(prev, Some(b'=' | b'!' | b'<' | b'>'))
        }
        _ => matches!(next, Some(b':' | b'=')) || prev == Some(b':'),
    };
    if comparison {
        return None;
    }
    let (value, quoted) = value_after(bytes, at.saturating_add(1), runs)?;
    // The value's length first: most `=` and `:` in code are followed by nothing like a
    // secret, and that is cheaper to see than the key; the key before what reads the value.
    if value.len() < 8 || value.len() > MAX_VALUE {
        return None;
    }
    let kind = key_kind(key_before(bytes, at, op)?)?;
    if stand_in(value) || (!quoted && reference(value)) {
        return None;
    }
    match kind {
        // Exactly 40 characters: anything else assigned to it is not an AWS key (an encrypted
        // or templated value).
        KeyKind::Secret(AWS_SECRET) => {
            (value.len() == 40 && token_like(value)).then_some(AWS_SECRET)
        }
        KeyKind::Password => password_like(value).then_some(ASSIGNED_PASSWORD),
        // `_authToken=` in an .npmrc holds nothing else.
        KeyKind::Secret(NPM_AUTH) => Some(NPM_AUTH),
        KeyKind::Secret(family) => token_like(value).then_some(family),
    }
}

/// The longest value an assignment rule looks at.
const MAX_VALUE: usize = 512;

/// The value after an assignment at `from`: quoted (on one line), or bare up to the end of its
/// line — a bare value followed by more code (`,`, `;`, `)`) is an expression, not a literal.
fn value_after<'a>(bytes: &'a [u8], from: usize, runs: &mut Runs) -> Option<(&'a [u8], bool)> {
    // Plain loops and the class table: this runs at every `=` and `:` of a file, and the
    // closures of `run_of` were most of the scan's time here in the size-optimised build.
    let mut start = from;
    while matches!(bytes.get(start), Some(b' ' | b'\t')) {
        start = start.saturating_add(1);
    }
    let first = *bytes.get(start)?;
    if matches!(first, b'"' | b'\'' | b'`') {
        let inner = start.saturating_add(1);
        let len = run_of(bytes, inner, |b| b != first && b != b'\n' && b != b'\\')
            .min(MAX_VALUE.saturating_add(1));
        let end = inner.saturating_add(len);
        return (bytes.get(end) == Some(&first))
            .then(|| (bytes.get(inner..end).unwrap_or(&[]), true));
    }
    let mut end = runs.end(bytes, start, None);
    // Shorter than any secret the caller would look for (`x = compute(…)`, `a: 1`), or longer
    // than any.
    if !(8..=MAX_VALUE).contains(&end.saturating_sub(start)) {
        return None;
    }
    // Base64's padding, cut off by `=` being a STOP (so that `a=b=c` is not one value).
    while bytes.get(end) == Some(&b'=') {
        end = end.saturating_add(1);
    }
    let mut after = end;
    while matches!(bytes.get(after), Some(b' ' | b'\t' | b'\r')) {
        after = after.saturating_add(1);
    }
    let ends_line = matches!(bytes.get(after), None | Some(b'\n' | b'#'));
    ends_line.then(|| (bytes.get(start..end).unwrap_or(&[]), false))
}

/// The key before the assignment at `at`: `KEY`, `"key"`, `'key'`, `key ` or Go's `key :`.
fn key_before(bytes: &[u8], at: usize, op: u8) -> Option<&[u8]> {
    let mut end = at;
    if op == b'=' && end > 0 && bytes.get(end.saturating_sub(1)) == Some(&b':') {
        end = end.saturating_sub(1);
    }
    end = end.saturating_sub(back_run(bytes, end, |b| b == b' ' || b == b'\t').min(8));
    if end > 0 && matches!(bytes.get(end.saturating_sub(1)), Some(b'"' | b'\'')) {
        end = end.saturating_sub(1);
    }
    let len = back_run(bytes, end, |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
    })
    .min(80);
    (len > 0)
        .then(|| bytes.get(end.saturating_sub(len)..end))
        .flatten()
}

/// Whether the key names a password or another secret (`*_SECRET*`, `*_TOKEN`, `*_KEY`,
/// `apiKey`, `privateKey`…), by its letters and digits lowercased (`api_key`, `apiKey` and
/// `API-KEY` are one name).
fn key_kind(key: &[u8]) -> Option<KeyKind> {
    let name: Vec<u8> = key
        .iter()
        .filter(|b| b.is_ascii_alphanumeric())
        .map(u8::to_ascii_lowercase)
        .collect();
    let has = |w: &str| name.windows(w.len()).any(|x| x == w.as_bytes());
    if has("public") || has("publishable") {
        return None;
    }
    if has("password") || has("passwd") || has("passphrase") || name.ends_with(b"pwd") {
        return Some(KeyKind::Password);
    }
    if has("secretaccesskey") {
        return Some(KeyKind::Secret(AWS_SECRET));
    }
    if has("authtoken") && key.first() == Some(&b'_') {
        return Some(KeyKind::Secret(NPM_AUTH));
    }
    let secret = has("secret")
        || has("token")
        || has("apikey")
        || has("privatekey")
        || has("accesskey")
        || has("credential")
        || name.ends_with(b"key");
    secret.then_some(KeyKind::Secret(ASSIGNED_SECRET))
}

/// A bare value that names something else: `process.env.TOKEN`, `config.secret`, `$TOKEN`.
fn reference(value: &[u8]) -> bool {
    let dotted = value.contains(&b'.')
        && value.first().is_some_and(u8::is_ascii_alphabetic)
        && value.split(|&b| b == b'.').all(|part| {
            part.first()
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
                && part.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
        });
    dotted
        || matches!(
            value.first(),
            Some(b'$' | b'%' | b'/' | b'~' | b'.' | b'&' | b'*' | b'!' | b'|' | b'>')
        )
}

/// Letters, digits and symbols: which of the four kinds `value` has.
fn kinds(value: &[u8]) -> (bool, bool, bool, bool) {
    let has = |f: fn(&u8) -> bool| value.iter().any(f);
    (
        has(u8::is_ascii_lowercase),
        has(u8::is_ascii_uppercase),
        has(u8::is_ascii_digit),
        has(|b| b.is_ascii_punctuation()),
    )
}

/// A password: no spaces, at least two kinds of character.
fn password_like(value: &[u8]) -> bool {
    let (lower, upper, digit, symbol) = kinds(value);
    let count = [lower, upper, digit, symbol].iter().filter(|k| **k).count();
    value.iter().all(|b| b.is_ascii_graphic()) && count >= 2
}

/// A token, key or secret: 16 or more characters of base64, hex or base64url, letters and
/// digits mixed, of a randomness that words and identifiers do not reach.
fn token_like(value: &[u8]) -> bool {
    let alphabet = value.iter().all(|b| {
        b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'_' | b'-' | b'.' | b'~')
    });
    let (lower, upper, digit, _) = kinds(value);
    let hexish = value.iter().all(|b| b.is_ascii_hexdigit() || *b == b'-');
    let bits = entropy(value);
    alphabet
        && value.len() >= 16
        && digit
        && (lower || upper)
        && ((lower && upper && bits >= 3.0)
            || (hexish && bits >= 2.8)
            || (value.len() >= 24 && bits >= 3.8))
}

/// Shannon entropy of the bytes, in bits per byte.
#[allow(clippy::cast_precision_loss)] // counts far below 2^52
fn entropy(value: &[u8]) -> f64 {
    let mut counts = [0u32; 128];
    for &b in value {
        if let Some(c) = counts.get_mut(usize::from(b & 127)) {
            *c = c.saturating_add(1);
        }
    }
    let n = value.len() as f64;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / n;
            -p * p.log2()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic generator (tests must not depend on a clock or an OS source).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            self.0 >> 33
        }
        fn pick(&mut self, from: &[u8]) -> u8 {
            from[(self.next() as usize).checked_rem(from.len()).unwrap_or(0)]
        }
        fn string(&mut self, from: &[u8], n: usize) -> String {
            (0..n).map(|_| char::from(self.pick(from))).collect()
        }
    }

    const DIGITS: &[u8] = b"0123456789";
    const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";

    fn alphabet(body: Body) -> Vec<u8> {
        (0..=255u8).filter(|&b| body.has(b)).collect()
    }

    /// A token of `rule`'s shape: its keyword and a random body of its alphabet, `extra`
    /// characters over its minimum (within its maximum).
    fn sample(rule: &Rule, rng: &mut Rng, extra: usize) -> String {
        let mut n = usize::from(rule.min).wrapping_add(extra);
        if rule.max != 0 {
            n = n.min(usize::from(rule.max));
        }
        // Letters and digits only, so that no separator ends the body early.
        let letters: Vec<u8> = alphabet(rule.body)
            .into_iter()
            .filter(u8::is_ascii_alphanumeric)
            .collect();
        let mut body: Vec<u8> = rng.string(&letters, n).into_bytes();
        let fixed: &[u8] = match rule.then {
            Then::Mixed => b"a1b2c3",
            Then::Has(b'-', _) => b"12-345-",
            Then::Has(b'/', _) => b"T1234/B5678/",
            Then::Has(b'.', _) => b"abc123.",
            Then::Digits(_) => b"12345678901",
            _ => b"",
        };
        body.splice(0..fixed.len().min(body.len()), fixed.iter().copied());
        let mut token = format!("{}{}", rule.keyword, String::from_utf8(body).unwrap());
        if rule.then == Then::Jwt {
            token.push_str(&format!(
                ".{}.{}",
                rng.string(LOWER, 20),
                rng.string(DIGITS, 20)
            ));
        }
        token
    }

    #[test]
    fn every_row_finds_its_family_in_any_context() {
        let mut rng = Rng(7);
        let contexts = [
            ("", ""),
            ("token = \"", "\"\n"),
            ("KEY=", "\n"),
            ("{\"k\": \"", "\"}"),
            ("see (", ") here"),
            ("x_", " "),
            ("é ", "\u{2028}"),
        ];
        for rule in &RULES {
            for extra in [0, 1, 5, 40] {
                for (before, after) in contexts {
                    let token = sample(rule, &mut rng, extra);
                    let text = format!("{before}{token}{after}");
                    let found = secret_content(&text);
                    // A bare value after `KEY=` may be named by the assignment rule instead.
                    assert!(found.is_some(), "{text:?}");
                    if !before.contains('=') && !before.contains(':') {
                        assert_eq!(found, Some(rule.family), "{text:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_row_needs_its_whole_shape() {
        let mut rng = Rng(8);
        for rule in &RULES {
            let token = sample(rule, &mut rng, 0);
            // One character short of the body's minimum (`sk-ant-` is then `sk-`'s).
            let short = &token[..token.len() - 1];
            if rule.then != Then::Jwt {
                assert_ne!(secret_content(short), Some(rule.family), "{short:?}");
            }
            // Inside a word: `mask…`.
            assert_eq!(
                secret_content(&format!("mask{token}")).filter(|f| *f == rule.family
                    && !rule.keyword.starts_with(|c: char| c.is_ascii_uppercase())),
                None,
                "mask{token}"
            );
            if rule.max != 0 {
                let own: Vec<u8> = alphabet(rule.body)
                    .into_iter()
                    .filter(u8::is_ascii_alphanumeric)
                    .collect();
                let long = format!("{token}{}", rng.string(&own, 1));
                assert_ne!(secret_content(&long), Some(rule.family), "{long:?}");
            }
            // A stand-in in the same shape is refused with it (secretlint's fixtures hold
            // `hf_xxxx…` as a token).
            let stand_in = format!("{}{}", rule.keyword, "x".repeat(usize::from(rule.min)));
            if rule.body.has(b'x') && rule.then == Then::Nothing {
                assert_eq!(secret_content(&stand_in), Some(rule.family), "{stand_in:?}");
            }
        }
    }

    /// The scan as a byte-by-byte loop: the word-by-word one must agree.
    fn secret_content_bytewise(text: &str) -> Option<&'static str> {
        let bytes = text.as_bytes();
        let mut after_alnum = false;
        for (at, &b) in bytes.iter().enumerate() {
            let word_start = !after_alnum;
            after_alnum = b.is_ascii_alphanumeric();
            if matches!(b, b'-' | b':' | b'=') {
                if let Some(f) = punctuation_at(bytes, at, b, &mut Runs::default()) {
                    return Some(f);
                }
            }
            if word_start && b.is_ascii_alphanumeric() {
                let rest = &bytes[at..];
                if let Some(rule) = RULES.iter().find(|r| {
                    rest.starts_with(r.keyword.as_bytes())
                        && body_matches(r, bytes, at, &mut Runs::default())
                }) {
                    return Some(rule.family);
                }
            }
        }
        None
    }

    #[test]
    fn the_word_by_word_scan_finds_what_a_byte_by_byte_one_does() {
        let mut rng = Rng(11);
        let mut pieces: Vec<String> = RULES.iter().map(|r| sample(r, &mut rng, 2)).collect();
        for p in [
            "-----BEGIN RSA PRIVATE KEY-----\n",
            "--",
            "é",
            " ",
            "_",
            "\n",
            "=",
            ":",
            "//",
            "s",
            "AKIA",
            "9",
            "password: ",
            "x@y",
            "\"",
        ] {
            pieces.push(p.to_string());
        }
        for _ in 0..6000 {
            let n = rng.next() % 7;
            let text: String = (0..n)
                .map(|_| pieces[rng.next() as usize % pieces.len()].as_str())
                .collect();
            assert_eq!(
                secret_content(&text),
                secret_content_bytewise(&text),
                "{text:?}"
            );
        }
    }

    fn pem_body(rng: &mut Rng, lines: usize) -> String {
        let b64 = alphabet(Body::Base64);
        (0..lines)
            .map(|_| rng.string(&b64, 64))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn pem_private_keys_but_not_their_placeholders() {
        let mut rng = Rng(3);
        for label in ["RSA ", "EC ", "DSA ", "OPENSSH ", "ENCRYPTED ", ""] {
            let key = format!(
                "-----BEGIN {label}PRIVATE KEY-----\nMII{}\n-----END {label}PRIVATE KEY-----\n",
                pem_body(&mut rng, 3)
            );
            assert_eq!(secret_content(&key), Some(PEM), "{key}");
            // As a GCP service account holds it: a JSON string with `\n` escapes.
            let json = format!(
                "{{\"type\": \"service_account\", \"private_key\": {:?}}}",
                key
            );
            assert_eq!(secret_content(&json), Some(PEM), "{json}");
            // Cut short (no END line), as in a truncated paste.
            let cut = &key[..key.len() / 2];
            assert_eq!(secret_content(cut), Some(PEM), "{cut}");
            for body in [
                "***",
                "...",
                "MIIEpAIBAAKCAQEA...",
                "<your key here>",
                "{{ key }}",
                "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                "",
            ] {
                let doc = format!(
                    "-----BEGIN {label}PRIVATE KEY-----\n{body}\n-----END {label}PRIVATE KEY-----\n"
                );
                assert_eq!(secret_content(&doc), None, "{doc}");
            }
        }
        let pgp = format!(
            "-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\nComment: x\n\n{}\n=AbCd\n-----END PGP PRIVATE KEY BLOCK-----",
            pem_body(&mut rng, 4)
        );
        assert_eq!(secret_content(&pgp), Some(PEM));
        let encrypted = format!(
            "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0123ABCD\n\n{}\n-----END RSA PRIVATE KEY-----",
            pem_body(&mut rng, 4)
        );
        assert_eq!(secret_content(&encrypted), Some(PEM));
        let public = format!(
            "-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----",
            pem_body(&mut rng, 3)
        );
        assert_eq!(secret_content(&public), None);
        let cert = format!(
            "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----",
            pem_body(&mut rng, 3)
        );
        assert_eq!(secret_content(&cert), None);
    }

    #[test]
    fn urls_with_a_password() {
        for url in [
            "https://admin:Sup3rS3cret@example.internal/x",
            "postgres://app:p4ssw0rd-prod@db.internal:5432/app",
            "postgresql://u:aB3dE5gH@10.0.0.1/db",
            "mongodb+srv://svc:Zx81kQpL0m@cluster0.mongodb.net/?retryWrites=true",
            "mysql://root:n0tTh3Default@127.0.0.1:3306/shop",
            "jdbc:mysql://app:s3cr3tPa55@host/db",
            "redis://:a8f3k2m9q1w4e7r0@cache:6379/0",
            "amqp://guest:rabbit-9f8e7d@mq:5672",
            "ftp://user1:k8Fj2mQ9@files.internal",
            "https://ghp_abc123def456:x-oauth-basic@github.com/o/r.git",
        ] {
            assert_eq!(secret_content(url), Some(URL_PASSWORD), "{url}");
            assert_eq!(
                secret_content(&format!("DATABASE_URL=\"{url}\"\n")),
                Some(URL_PASSWORD),
                "{url}"
            );
        }
        for url in [
            "https://example.com/path?q=1",
            "https://user@example.com/",
            "postgres://user:password@localhost/db",
            "postgres://USER:${DB_PASSWORD}@host/db",
            "mysql://root:$MYSQL_PASS@host/db",
            "mongodb://<user>:<password>@host/db",
            "https://user:****@host",
            "https://user:%PASSWORD%@host",
            "redis://localhost:6379",
            "http://[::1]:8080/x",
            "see a::b and c://",
        ] {
            assert_eq!(secret_content(url), None, "{url}");
        }
    }

    #[test]
    fn values_assigned_to_secret_named_keys() {
        let mut rng = Rng(5);
        // Base64 as keys hold it: `=` only as padding at the end.
        let b64: Vec<u8> = alphabet(Body::Base64)
            .into_iter()
            .filter(|&b| b != b'=')
            .collect();
        for _ in 0..50 {
            let token = format!(
                "{}{}{}",
                rng.string(UPPER, 1),
                rng.string(DIGITS, 1),
                rng.string(&b64, 38)
            );
            let hex = rng.string(b"0123456789abcdef", 32);
            let password = format!(
                "{}{}{}",
                rng.string(LOWER, 6),
                rng.string(DIGITS, 2),
                rng.string(b"!#%&", 1)
            );
            for text in [
                format!("AWS_SECRET_ACCESS_KEY={token}\n"),
                format!("aws_secret_access_key = {token}"),
                format!("SIGNING_KEY={}=\n", &token[..39]),
                format!("{{\"clientSecret\": \"{token}\"}}"),
                format!("api_token: {hex}\n"),
                format!("[auth]\nsigning_key = \"{hex}\"\n"),
                format!("const API_KEY = '{token}';"),
                format!("DB_PASSWORD={password}\n"),
                format!("  password: \"{password}\"\n"),
                format!("{{\"db\": {{\"password\": \"{password}\"}}}}"),
                format!("token := \"{hex}\""),
                format!("//registry.npmjs.org/:_authToken={hex}\n"),
            ] {
                assert!(secret_content(&text).is_some(), "{text:?}");
            }
        }
        assert_eq!(
            secret_content(&format!(
                "AWS_SECRET_ACCESS_KEY={}",
                "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLE1"
            )),
            None
        );
        for text in [
            "password: string;",
            "password: ${{ secrets.DB_PASSWORD }}\n",
            "DB_PASSWORD=\n",
            "DB_PASSWORD=changeme\n",
            "password = os.environ[\"DB_PASSWORD\"]\n",
            "password: process.env.DB_PASSWORD,\n",
            "password: process.env.DB_PASSWORD\n",
            "SECRET_KEY=your-secret-key-here\n",
            "token: \"<your token>\"\n",
            "max_tokens = 4096\n",
            "tokenizer: \"o200k_base\"\n",
            "cache_key = \"user-profile-settings\"\n",
            "primary_key: \"created_at_2024_01\"\n",
            "if (a == b) { token = next(); }",
            "publishable_key: pk_live_a1B2c3D4e5F6g7H8i9J0\n",
            "PUBLIC_KEY=\"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE1a2B3c4\"\n",
            "type=\"password\" placeholder=\"Enter password\"",
            "label: Password (8 characters or more)\n",
            "sort_key: createdAt\n",
            "secretName: app-secrets-v2\n",
            "id: 3f2a9c1e-7b4d-4e8a-9c2f-1a3b5c7d9e0f\n",
            "integrity: \"sha512-9dF3kQ2mLx8pRzT1vW4yB6nC0hJ5gS7aE3uI9oK2lM4nP6qR8sT0vX2zA4cE6gI8\"",
        ] {
            assert_eq!(secret_content(text), None, "{text:?}");
        }
    }

    #[test]
    fn ordinary_text_is_not_a_secret() {
        for text in [
            "const sk-button-primary-large-rounded-shadow = 1; // AKIA",
            "the eyJ prefix starts a JWT",
            "maskAKIAIOSFODNN7EXAMPLE",
            "AKIAIOSFODNN7EXAMPLE",
            "AKIAZ4QF7NTR2LXK3B9M is only the key's id",
            ".hf_hub_download { color: red }",
            "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\">",
            "commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
            "sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "uuid 123e4567-e89b-12d3-a456-426614174000",
            "a ::= b; x => y; a := b; p != q; r <= s",
            "---\ntitle: x\n---\n",
        ] {
            assert_eq!(secret_content(text), None, "{text:?}");
        }
    }
}
