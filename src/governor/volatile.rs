//! What a re-run changes in an output without anything having changed: clock times, dates,
//! durations, addresses, ids, temporary paths, counters and the line/column of an error's
//! location. Masked before two results are compared, so `[12:00:01] src/Home.tsx(3,20): error`
//! and `[12:00:02] src/Home.tsx(4,20): error` are the same result — while any other change (a
//! different message, a count of passing tests, a progress line) still makes them differ.

use super::normalize::file_span;

/// A command's or test run's output as compared: whitespace runs folded, volatile parts masked.
pub fn normalise_result(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = String::with_capacity(text.len());
    let mut skip_next = false;
    for (i, word) in words.iter().enumerate() {
        if std::mem::take(&mut skip_next) {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        let next = words.get(i.saturating_add(1)).copied();
        // `12 ms`, `3.2 seconds`: a number and its unit as two words.
        let number = word.trim_start_matches(|c: char| c.is_ascii_punctuation());
        if let Some(unit) = next.filter(|n| is_number(number) && is_unit(unit_word(n))) {
            out.push_str(
                word.get(..word.len().saturating_sub(number.len()))
                    .unwrap_or(""),
            );
            out.push_str("<dur>");
            out.push_str(unit.get(unit_word(unit).len()..).unwrap_or(""));
            skip_next = true;
            continue;
        }
        let located = mask_location(word);
        mask_word(&located, &mut out);
        // `pid 4242`, `attempt 3`: the counter after its name.
        if let Some(n) = next.filter(|_| is_counter_name(word)) {
            let digits = digits_len(n);
            if digits > 0 {
                out.push_str(" <n>");
                mask_word(n.get(digits..).unwrap_or(""), &mut out);
                skip_next = true;
            }
        }
    }
    out
}

fn digits_len(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

fn hex_len(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_hexdigit).count()
}

fn is_number(word: &str) -> bool {
    digits_len(word) > 0 && word.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// The word without trailing punctuation (`ms).` → `ms`).
fn unit_word(word: &str) -> &str {
    word.trim_end_matches(|c: char| c.is_ascii_punctuation())
}

const UNITS: [&str; 16] = [
    "ns", "us", "µs", "ms", "s", "sec", "secs", "second", "seconds", "m", "min", "mins", "minute",
    "minutes", "h", "hours",
];

fn is_unit(word: &str) -> bool {
    UNITS.contains(&word)
}

fn is_counter_name(word: &str) -> bool {
    let w = word
        .trim_start_matches(|c: char| c.is_ascii_punctuation())
        .trim_end_matches([':', '=', '#'])
        .to_ascii_lowercase();
    matches!(
        w.as_str(),
        "pid" | "attempt" | "retry" | "try" | "iteration" | "worker"
    )
}

/// `src/a.tsx(3,20):` → `src/a.tsx(<n>,<n>):`, `./a.py:12:5` → `./a.py:<n>:<n>`: the file stays,
/// its line and column go.
fn mask_location(word: &str) -> String {
    let body = word.trim_start_matches(['"', '\'', '(', '[', '<', '`']);
    let lead = word.len().saturating_sub(body.len());
    let Some(file) = file_span(body) else {
        return word.to_string();
    };
    let at = lead.saturating_add(file.len());
    let (head, mut rest) = (word.get(..at).unwrap_or(word), word.get(at..).unwrap_or(""));
    let mut out = head.to_string();
    while let Some(sep) = rest.chars().next().filter(|c| matches!(c, ':' | '(' | ',')) {
        let digits = digits_len(rest.get(1..).unwrap_or(""));
        if digits == 0 {
            break;
        }
        out.push(sep);
        out.push_str("<n>");
        rest = rest.get(digits.saturating_add(1)..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// One word's volatile parts masked, written to `out`.
fn mask_word(word: &str, out: &mut String) {
    let mut rest = word;
    let mut prev: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        let boundary = !prev.is_some_and(|p| p.is_ascii_alphanumeric());
        if boundary {
            if let Some((n, mask)) = temp_path(rest)
                .map(|n| (n, "<tmp>"))
                .or_else(|| address(rest).map(|n| (n, "<addr>")))
                .or_else(|| uuid(rest).map(|n| (n, "<id>")))
                .or_else(|| date(rest).map(|n| (n, "<date>")))
                .or_else(|| time(rest).map(|n| (n, "<time>")))
                .or_else(|| duration(rest).map(|n| (n, "<dur>")))
            {
                out.push_str(mask);
                rest = rest.get(n..).unwrap_or("");
                prev = Some('0');
                continue;
            }
        }
        if c == '#' && digits_len(rest.get(1..).unwrap_or("")) > 0 {
            let n = digits_len(rest.get(1..).unwrap_or("")).saturating_add(1);
            out.push_str("#<n>");
            rest = rest.get(n..).unwrap_or("");
            prev = Some('0');
            continue;
        }
        out.push(c);
        prev = Some(c);
        rest = rest.get(c.len_utf8()..).unwrap_or("");
    }
}

/// Not followed by a letter or digit: the match is a whole token.
fn ends_token(s: &str, n: usize) -> Option<usize> {
    let next = s.get(n..)?.chars().next();
    (!next.is_some_and(|c| c.is_alphanumeric())).then_some(n)
}

/// `/tmp/…`, `/var/folders/…`, `C:\Users\x\AppData\Local\Temp\…`: to the end of the path.
fn temp_path(s: &str) -> Option<usize> {
    let end = s.find(['"', '\'', '`', ')', ',', ';']).unwrap_or(s.len());
    let path = s.get(..end)?;
    let lower = path.to_ascii_lowercase();
    let unix = [
        "/tmp/",
        "/var/folders/",
        "/private/var/folders/",
        "/private/tmp/",
    ]
    .iter()
    .any(|p| lower.starts_with(p));
    let windows = lower.get(1..3) == Some(":\\") && lower.contains("\\temp\\");
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
    let tail = s.get(at..)?;
    let unit_len = tail
        .find(|c: char| !c.is_alphabetic() && c != 'µ')
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
