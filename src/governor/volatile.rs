//! What a re-run changes in an output without anything having changed: clock times, dates,
//! durations, addresses, ids, temporary paths, counters and the line/column of an error's
//! location. Masked before two results are compared, so `[12:00:01] src/Home.tsx(3,20): error`
//! and `[12:00:02] src/Home.tsx(4,20): error` are the same result — while any other change (a
//! different message, a count of passing tests, a progress line) still makes them differ.

use super::normalize::{file_span, normalise_output, push_digit_runs_masked};

/// A command's or test run's output as compared: whitespace runs folded, volatile parts masked.
/// One pass over the folded text: the text between masks is copied in runs, and the matchers run
/// only where a volatile part can start (a letter or digit opening a word, `/`, `#`, a `(`
/// or `:` before a digit).
pub(crate) fn normalise_result(text: &str) -> String {
    let folded = normalise_output(text);
    if !folded
        .bytes()
        .any(|b| b.is_ascii_digit() || b == b'/' || b == b'\\')
    {
        return folded;
    }
    let s = folded.as_str();
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let (mut at, mut copied) = (0usize, 0usize);
    let mut after_alnum = false;
    while let Some(&b) = bytes.get(at) {
        if after_alnum && b.is_ascii_alphanumeric() {
            // Inside a word: nothing starts here (most bytes).
            at = at.saturating_add(1);
            continue;
        }
        // At an ASCII byte: a char boundary.
        let rest = || s.get(at..).unwrap_or("");
        let hit = match b {
            b'#' => {
                let n = digits_len(rest().get(1..).unwrap_or(""));
                (n > 0).then(|| (n.saturating_add(1), Mask::Digits))
            }
            b'(' | b':' if starts_location(s, at) => line_column(rest()).map(|n| (n, Mask::Digits)),
            _ if !after_alnum && (b.is_ascii_alphanumeric() || b == b'/') => {
                mask_at(rest(), char::from(b))
            }
            _ => None,
        };
        if let Some((n, mask)) = hit {
            out.push_str(s.get(copied..at).unwrap_or(""));
            let end = at.saturating_add(n);
            match mask {
                Mask::Fixed(m) => out.push_str(m),
                Mask::Digits => {
                    push_digit_runs_masked(s.get(at..end).unwrap_or(""), &mut out, |c| c);
                }
            }
            at = end;
            copied = end;
            after_alnum = true;
            continue;
        }
        after_alnum = b.is_ascii_alphanumeric();
        at = at.saturating_add(1);
    }
    out.push_str(s.get(copied..).unwrap_or(""));
    out
}

/// What a volatile part becomes: a fixed mark, or its own text with each run of digits `<n>`
/// (`(3,20` → `(<n>,<n>`, `pid 4242` → `pid <n>`).
enum Mask {
    Fixed(&'static str),
    Digits,
}

fn digits_len(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

fn hex_len(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_hexdigit).count()
}

const UNITS: [&str; 16] = [
    "ns", "us", "µs", "ms", "s", "sec", "secs", "second", "seconds", "m", "min", "mins", "minute",
    "minutes", "h", "hours",
];

fn is_unit(word: &str) -> bool {
    UNITS.contains(&word)
}

const COUNTERS: [&str; 6] = ["pid", "attempt", "retry", "try", "iteration", "worker"];

/// `pid 4242`, `attempt: 3`, `worker=2`: a counter's name, then its number.
fn counter(s: &str) -> Option<usize> {
    let first = s.bytes().next()?.to_ascii_lowercase();
    if !matches!(first, b'p' | b'a' | b'r' | b't' | b'i' | b'w') {
        return None;
    }
    let name = COUNTERS
        .iter()
        .find(|n| s.get(..n.len()).is_some_and(|h| h.eq_ignore_ascii_case(n)))?;
    let mut at = name.len();
    if matches!(s.as_bytes().get(at), Some(b':' | b'=' | b'#')) {
        at = at.saturating_add(1);
    }
    if s.as_bytes().get(at) == Some(&b' ') {
        at = at.saturating_add(1);
    }
    let digits = digits_len(s.get(at..)?);
    if digits == 0 {
        return None;
    }
    ends_token(s, at.saturating_add(digits))
}

/// Whether the `(` or `:` at `at` follows a file name and comes before a digit: the line and
/// column of a location (`src/a.tsx(3,20)`, `./a.py:12:5`).
fn starts_location(s: &str, at: usize) -> bool {
    let b = s.as_bytes();
    if !b.get(at.saturating_add(1)).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let head = s.get(..at).unwrap_or("");
    let token = head.rsplit(' ').next().unwrap_or(head);
    let token = token.trim_start_matches(['"', '\'', '(', '[', '<', '`']);
    file_span(token) == Some(token)
}

/// `(3,20`, `:12:5`, `:12`: separators each followed by digits.
fn line_column(s: &str) -> Option<usize> {
    let mut at = 0usize;
    while matches!(s.as_bytes().get(at), Some(b':' | b'(' | b',')) {
        let digits = digits_len(s.get(at.saturating_add(1)..)?);
        if digits == 0 {
            break;
        }
        at = at.saturating_add(1).saturating_add(digits);
    }
    (at > 0).then_some(at)
}

/// The volatile part `rest` starts with (`c` its first char, after no letter or digit).
fn mask_at(rest: &str, c: char) -> Option<(usize, Mask)> {
    let fixed = |n: Option<usize>, mark| n.map(|n| (n, Mask::Fixed(mark)));
    if c == '/' || (c.is_ascii_alphabetic() && rest.as_bytes().get(1) == Some(&b':')) {
        return fixed(temp_path(rest), "<tmp>");
    }
    if !c.is_ascii_hexdigit() {
        return counter(rest).map(|n| (n, Mask::Digits));
    }
    if rest.as_bytes().get(8) == Some(&b'-') {
        if let Some(n) = uuid(rest) {
            return Some((n, Mask::Fixed("<id>")));
        }
    }
    if !c.is_ascii_digit() {
        return counter(rest).map(|n| (n, Mask::Digits));
    }
    fixed(address(rest), "<addr>")
        .or_else(|| fixed(date(rest), "<date>"))
        .or_else(|| fixed(time(rest), "<time>"))
        .or_else(|| fixed(duration(rest), "<dur>"))
}

/// Not followed by an ASCII letter or digit: the match is a whole token. (ASCII only: the
/// Unicode tables would weigh more in the wasm than the masks need.)
fn ends_token(s: &str, n: usize) -> Option<usize> {
    let next = s.get(n..)?.chars().next();
    (!next.is_some_and(|c| c.is_ascii_alphanumeric())).then_some(n)
}

/// `/tmp/…`, `/var/folders/…`, `C:\Users\x\AppData\Local\Temp\…`: to the end of the path.
fn temp_path(s: &str) -> Option<usize> {
    let starts = |p: &str| s.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p));
    let unix = [
        "/tmp/",
        "/var/folders/",
        "/private/var/folders/",
        "/private/tmp/",
    ]
    .iter()
    .any(|p| starts(p));
    let end = s
        .find([' ', '"', '\'', '`', ')', ',', ';'])
        .unwrap_or(s.len());
    let windows = s.get(1..3) == Some(":\\")
        && s.as_bytes()
            .get(..end)?
            .windows(6)
            .any(|w| w.eq_ignore_ascii_case(b"\\temp\\"));
    (unix || windows).then_some(end)
}

/// `0x7ffd5e8c`: at least four hex digits.
fn address(s: &str) -> Option<usize> {
    let digits = hex_len(s.strip_prefix("0x")?);
    (digits >= 4).then_some(digits.saturating_add(2))
}

/// `123e4567-e89b-12d3-a456-426614174000`.
fn uuid(s: &str) -> Option<usize> {
    let mut at = 0usize;
    for (i, len) in [8usize, 4, 4, 4, 12].into_iter().enumerate() {
        if i > 0 {
            if s.get(at..at.saturating_add(1)) != Some("-") {
                return None;
            }
            at = at.saturating_add(1);
        }
        if hex_len(s.get(at..)?) < len {
            return None;
        }
        at = at.saturating_add(len);
    }
    ends_token(s, at)
}

/// `2026-11-27`, with a `T12:00:01.5Z` or `+01:00` after it.
fn date(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let shape = [4usize, 1, 2, 1, 2];
    let mut at = 0usize;
    for (i, len) in shape.into_iter().enumerate() {
        let part = b.get(at..at.saturating_add(len))?;
        let ok = if i % 2 == 1 {
            part == b"-"
        } else {
            part.iter().all(u8::is_ascii_digit)
        };
        if !ok {
            return None;
        }
        at = at.saturating_add(len);
    }
    if b.get(at) == Some(&b'T') {
        if let Some(n) = s.get(at.saturating_add(1)..).and_then(time_len) {
            at = at.saturating_add(1).saturating_add(n);
            if b.get(at) == Some(&b'Z') {
                at = at.saturating_add(1);
            }
        }
    }
    ends_token(s, at)
}

/// `9:05`, `12:00:01`, `12:00:01.250`, `12:00:01,250`, as a whole token.
fn time(s: &str) -> Option<usize> {
    ends_token(s, time_len(s)?)
}

fn time_len(s: &str) -> Option<usize> {
    let h = digits_len(s);
    if !(1..=2).contains(&h) {
        return None;
    }
    let mut at = h;
    let mut groups = 0u8;
    while groups < 2 && s.get(at..at.saturating_add(1)) == Some(":") {
        if digits_len(s.get(at.saturating_add(1)..)?) != 2 {
            break;
        }
        at = at.saturating_add(3);
        groups = groups.saturating_add(1);
    }
    if groups == 0 {
        return None;
    }
    if matches!(s.get(at..at.saturating_add(1)), Some("." | ",")) {
        let frac = digits_len(s.get(at.saturating_add(1)..)?);
        if frac > 0 {
            at = at.saturating_add(1).saturating_add(frac);
        }
    }
    Some(at)
}

/// `250ms`, `2.31s`, `1.5min`: a number with its unit in one word.
fn duration(s: &str) -> Option<usize> {
    let whole = digits_len(s);
    if whole == 0 {
        return None;
    }
    let mut at = whole;
    if s.get(at..at.saturating_add(1)) == Some(".") {
        let frac = digits_len(s.get(at.saturating_add(1)..)?);
        if frac > 0 {
            at = at.saturating_add(1).saturating_add(frac);
        }
    }
    // `3.2 seconds`: the unit may stand as the next word.
    if s.as_bytes().get(at) == Some(&b' ') {
        at = at.saturating_add(1);
    }
    let tail = s.get(at..)?;
    let unit_len = tail
        .find(|c: char| !c.is_ascii_alphabetic() && c != 'µ')
        .unwrap_or(tail.len());
    let unit = tail.get(..unit_len)?;
    if !is_unit(unit) {
        return None;
    }
    ends_token(s, at.saturating_add(unit_len))
}

#[cfg(test)]
mod tests {
    use super::normalise_result as n;

    #[test]
    fn clock_times_dates_and_durations_are_masked() {
        assert_eq!(
            n("[12:00:01] src/Home.tsx(3,20): error TS2307"),
            n("[12:00:02]   src/Home.tsx(4,21): error TS2307")
        );
        assert_eq!(
            n("[12:00:01] src/Home.tsx(3,20): error TS2307"),
            "[<time>] src/Home.tsx(<n>,<n>): error TS2307"
        );
        assert_eq!(
            n("2026-11-27T10:00:01.123Z build failed after 2.31s (12 ms)"),
            "<date> build failed after <dur> (<dur>)"
        );
        assert_eq!(n("Done in 3.2 seconds."), "Done in <dur>.");
        assert_eq!(n("took 250ms, 1.5min, 4 s"), "took <dur>, <dur>, <dur>");
    }

    #[test]
    fn addresses_ids_temp_paths_and_counters_are_masked() {
        assert_eq!(
            n("segfault at 0x7ffd5e8c in /tmp/tmp.Ab12/x.js:3:4 pid 4242 #17"),
            "segfault at <addr> in <tmp> pid <n> #<n>"
        );
        assert_eq!(
            n("request 123e4567-e89b-12d3-a456-426614174000 failed"),
            "request <id> failed"
        );
        assert_eq!(
            n(r"C:\Users\me\AppData\Local\Temp\vite-x\a.js failed"),
            "<tmp> failed"
        );
        assert_eq!(n("attempt: 3 of 5"), "attempt: <n> of 5");
        assert_eq!(n("(pid 42) [worker 3]"), "(pid <n>) [worker <n>]");
    }

    #[test]
    fn what_really_changes_still_differs() {
        for (a, b) in [
            ("Tests: 3 passed, 1 failed", "Tests: 4 passed, 0 failed"),
            ("progress 10%", "progress 20%"),
            ("Cell In[1], line 10", "Cell In[1], line 20"),
            ("detected at line 1", "detected at line 3"),
            (
                "error TS2307: Cannot find module './a'",
                "error TS2307: Cannot find module './b'",
            ),
            ("src/a.ts:3:4 error", "src/b.ts:3:4 error"),
            ("v1.2.3", "v1.2.4"),
            ("3 files", "4 files"),
            ("build 12:00", "build 12:00 done"),
        ] {
            assert_ne!(n(a), n(b), "{a} / {b}");
        }
        // Words that only look like units or times are left alone.
        assert_eq!(
            n("1s2 a10:00 x0x1234 section 5 m"),
            "1s2 a10:00 x0x1234 section <dur>"
        );
    }
}
