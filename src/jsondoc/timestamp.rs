//! `created_at` as the app stores it: ISO-8601 text or epoch milliseconds.
//!
//! Parsed here rather than by the host's `Date.parse`, whose treatment of a date-time without an
//! offset depends on the machine's time zone — client and server would disagree. Without an
//! offset, a time is UTC.

use crate::{Error, ErrorCode, Result};

/// Epoch milliseconds given as a number: any finite one. Errors build their path only when there
/// is one: for every document of a large input, formatting a path never used costs more than
/// the parse.
pub(crate) fn millis_at(n: f64, path: impl FnOnce() -> String) -> Result<f64> {
    if n.is_finite() {
        Ok(n)
    } else {
        Err(not_a_timestamp(path))
    }
}

/// Epoch milliseconds of ISO-8601 text.
pub(crate) fn text_ms_at(s: &str, path: impl FnOnce() -> String) -> Result<f64> {
    parse_iso8601(s).ok_or_else(|| {
        Error::new(
            ErrorCode::InvalidTimestamp,
            path(),
            format!(
                "{} is not an ISO-8601 date-time such as \"2026-03-02T10:15:00Z\"",
                crate::json::quote(s)
            ),
        )
    })
}

/// The error for a `created_at` that is neither text nor a number.
pub(crate) fn not_a_timestamp(path: impl FnOnce() -> String) -> Error {
    Error::new(
        ErrorCode::InvalidTimestamp,
        path(),
        "a timestamp is an ISO-8601 string or finite epoch milliseconds",
    )
}

struct Cursor<'a> {
    b: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn num(&mut self, digits: usize) -> Option<i64> {
        let mut n = 0i64;
        for _ in 0..digits {
            let d = self.b.get(self.at).filter(|c| c.is_ascii_digit())?;
            n = n
                .checked_mul(10)?
                .checked_add(i64::from(d.saturating_sub(b'0')))?;
            self.at = self.at.checked_add(1)?;
        }
        Some(n)
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.b.get(self.at) == Some(&c) {
            self.at = self.at.saturating_add(1);
            true
        } else {
            false
        }
    }
    fn peek(&self) -> Option<u8> {
        self.b.get(self.at).copied()
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
#[allow(clippy::arithmetic_side_effects)] // year has 4 digits, month and day are validated
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The last millisecond of 9999-12-31: past it `toISOString` writes a six-digit year.
pub(crate) const MAX_ISO_MS: f64 = 253_402_300_799_999.0;

/// Whether [`iso_text`] writes `ms`: whole milliseconds from the epoch to the end of 9999.
pub(crate) fn is_iso_ms(ms: f64) -> bool {
    (0.0..=MAX_ISO_MS).contains(&ms) && ms.fract() == 0.0
}

/// The text JavaScript's `Date.prototype.toISOString` writes for `ms` (`2026-03-02T10:15:00.000Z`),
/// for whole milliseconds from the epoch to the end of year 9999; `None` otherwise. A `Date`
/// given as `created_at` crosses as its milliseconds and renders back as this text, as
/// `JSON.stringify` writes it.
#[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)] // bounded above
pub(crate) fn iso_text(ms: f64) -> Option<String> {
    if !is_iso_ms(ms) {
        return None;
    }
    let ms = ms as i64;
    let (days, in_day) = (ms / 86_400_000, ms % 86_400_000);
    // Howard Hinnant's civil_from_days, the inverse of `days_from_civil`.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    // Written digit by digit: `format!`'s zero padding costs the wasm more than this does.
    let mut out = *b"0000-00-00T00:00:00.000Z";
    let fields = [
        (0, 4, year),
        (5, 2, month),
        (8, 2, day),
        (11, 2, in_day / 3_600_000),
        (14, 2, in_day / 60_000 % 60),
        (17, 2, in_day / 1000 % 60),
        (20, 3, in_day % 1000),
    ];
    for (at, width, mut n) in fields {
        for slot in out.iter_mut().skip(at).take(width).rev() {
            *slot = b'0' + (n % 10) as u8;
            n /= 10;
        }
    }
    String::from_utf8(out.to_vec()).ok()
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `YYYY-MM-DD`, optionally `(T|t| )HH:MM[:SS[.fff…]]` and `Z`, `z` or `±HH[:MM]`.
pub(crate) fn parse_iso8601(s: &str) -> Option<f64> {
    canonical(s.as_bytes()).or_else(|| general(s))
}

/// `YYYY-MM-DDTHH:MM:SS.sssZ`, what `Date.prototype.toISOString` writes and most rows hold, read
/// by position: a tenth of the general reader's time, which a call pays once per document.
/// Anything else (24:00 included) is left to the general reader, whose result this equals.
///
/// The 24 bytes are read as three 64-bit words and checked eight at a time against the form:
/// each byte XORed with what the form has there ('0' for a digit) is then a digit's value, at
/// most 9, or zero where the form has a separator. Byte by byte, this took 30 ns a date natively.
#[allow(clippy::arithmetic_side_effects)] // digits are checked first, fields range-checked
fn canonical(b: &[u8]) -> Option<f64> {
    // '0' where the form has a digit, the separator where it has one; and which bits of each
    // byte must then be clear: the high nibble of a digit, all of a separator.
    const FORM: [u64; 3] = [
        u64::from_le_bytes(*b"0000-00-"),
        u64::from_le_bytes(*b"00T00:00"),
        u64::from_le_bytes(*b":00.000Z"),
    ];
    const CLEAR: [u64; 3] = [
        0xfff0_f0ff_f0f0_f0f0,
        0xf0f0_fff0_f0ff_f0f0,
        0xfff0_f0f0_fff0_f0ff,
    ];
    // A digit's value plus 6 stays below 16 (its high nibble clear) only if it is at most 9.
    const SIX: [u64; 3] = [
        0x0006_0600_0606_0606,
        0x0606_0006_0600_0606,
        0x0006_0606_0006_0600,
    ];
    let b: &[u8; 24] = b.try_into().ok()?;
    let mut w = [0u64; 3];
    for (k, (word, bytes)) in w.iter_mut().zip(b.chunks_exact(8)).enumerate() {
        let x = u64::from_le_bytes(<[u8; 8]>::try_from(bytes).ok()?) ^ FORM.get(k)?;
        let (clear, six) = (CLEAR.get(k)?, SIX.get(k)?);
        if x & clear != 0 || (x + six) & 0xf0f0_f0f0_f0f0_f0f0 & clear != 0 {
            return None;
        }
        *word = x;
    }
    // The value of the digit at byte `i` of the 24.
    #[allow(clippy::cast_possible_truncation)] // one byte of the word, on purpose
    let d = |i: usize| i64::from((w.get(i / 8).copied().unwrap_or(0) >> (8 * (i % 8))) as u8);
    let two = |i: usize| d(i) * 10 + d(i + 1);
    let (year, month, day) = (two(0) * 100 + two(2), two(5), two(8));
    let (hour, minute, second) = (two(11), two(14), two(17));
    let millis = d(20) * 100 + d(21) * 10 + d(22);
    if !(1..=12).contains(&month)
        || day < 1
        || day > days_in_month(year, month)
        || hour > 23
        || minute > 59
        || second > 59
    {
        return None;
    }
    let secs = days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
    #[allow(clippy::cast_precision_loss)] // |ms| < 2^49, exact in an f64
    Some((secs * 1000 + millis) as f64)
}

#[allow(clippy::arithmetic_side_effects)] // every operand is range-checked first
fn general(s: &str) -> Option<f64> {
    let mut c = Cursor {
        b: s.as_bytes(),
        at: 0,
    };
    let year = c.num(4)?;
    if !c.eat(b'-') {
        return None;
    }
    let month = c.num(2)?;
    if !c.eat(b'-') {
        return None;
    }
    let day = c.num(2)?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    let (mut hour, mut minute, mut second, mut millis) = (0, 0, 0, 0i64);
    let mut offset_min = 0i64;
    // 24:00 is midnight at the end of the day, so any later instant is refused, even one past
    // the milliseconds (24:00:00.0001), as Date.parse refuses it.
    let mut frac_nonzero = false;
    if c.eat(b'T') || c.eat(b't') || c.eat(b' ') {
        hour = c.num(2)?;
        if !c.eat(b':') {
            return None;
        }
        minute = c.num(2)?;
        if c.eat(b':') {
            second = c.num(2)?;
            if c.eat(b'.') || c.eat(b',') {
                // Whole milliseconds from the first three digits, the rest dropped: a Date
                // holds whole milliseconds and Date.parse truncates. Summing every digit in a
                // double instead rounded .99999999999999999 up to a whole second. (V8 differs
                // past nine digits when the fraction starts with 0 — it reads .0123456789 as
                // 123 ms — a quirk not copied here; see tests/timestamps.json.)
                let start = c.at;
                let mut scale = 100;
                while let Some(d) = c.peek().filter(u8::is_ascii_digit) {
                    let d = i64::from(d - b'0');
                    millis += d * scale;
                    scale /= 10;
                    frac_nonzero |= d != 0;
                    c.at += 1;
                }
                if c.at == start {
                    return None;
                }
            }
        }
        if hour > 24
            || minute > 59
            || second > 59
            || (hour == 24 && (minute != 0 || second != 0 || frac_nonzero))
        {
            return None;
        }
        match c.peek() {
            Some(b'Z' | b'z') => c.at += 1,
            Some(sign @ (b'+' | b'-')) => {
                c.at += 1;
                let oh = c.num(2)?;
                let om = if c.eat(b':') || c.peek().is_some() {
                    c.num(2)?
                } else {
                    0
                };
                if oh > 23 || om > 59 {
                    return None;
                }
                offset_min = (oh * 60 + om) * if sign == b'+' { 1 } else { -1 };
            }
            _ => {}
        }
    }
    if c.at != s.len() {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let secs = days * 86_400 + hour * 3600 + (minute - offset_min) * 60 + second;
    #[allow(clippy::cast_precision_loss)] // |ms| < 2^49, exact in an f64
    Some((secs * 1000 + millis) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Value;

    #[test]
    fn iso_text_is_what_to_iso_string_writes_and_reads_back() {
        for (ms, text) in [
            (0.0, "1970-01-01T00:00:00.000Z"),
            (951_782_400_000.0, "2000-02-29T00:00:00.000Z"),
            (1_709_251_199_999.0, "2024-02-29T23:59:59.999Z"),
            (1_772_446_500_000.0, "2026-03-02T10:15:00.000Z"),
            (4_107_542_400_000.0, "2100-03-01T00:00:00.000Z"),
            (MAX_ISO_MS, "9999-12-31T23:59:59.999Z"),
        ] {
            assert_eq!(iso_text(ms).as_deref(), Some(text));
        }
        for ms in [-1.0, MAX_ISO_MS + 1.0, 0.5, f64::NAN, f64::INFINITY] {
            assert_eq!(iso_text(ms), None, "{ms}");
        }
        // Every third day from 1970 to 9999, at a time that moves with it: read back to itself.
        let mut ms = 0.0;
        while ms <= MAX_ISO_MS {
            let text = iso_text(ms).unwrap();
            assert_eq!(parse_iso8601(&text), Some(ms), "{text}");
            ms += 86_400_000.0 * 3.0 + 3_723_456.0;
        }
    }

    #[test]
    fn the_canonical_form_refuses_any_other_byte_anywhere() {
        // Every byte value at every position of a valid date: read by the fast path exactly
        // when the form still holds (a digit where it has one, its separator elsewhere), and then
        // as the general reader reads it.
        let form = b"0000-00-00T00:00:00.000Z";
        let base = *b"2024-02-29T23:59:59.999Z";
        for at in 0..base.len() {
            for byte in 0..=255u8 {
                let mut b = base;
                b[at] = byte;
                let holds = b.iter().zip(form).all(|(&c, &f)| {
                    if f == b'0' {
                        c.is_ascii_digit()
                    } else {
                        c == f
                    }
                });
                match (holds, std::str::from_utf8(&b)) {
                    (true, Ok(s)) => assert_eq!(canonical(&b), general(s), "{s}"),
                    _ => assert_eq!(canonical(&b), None, "{b:?}"),
                }
            }
        }
    }

    #[test]
    fn the_canonical_form_reads_as_the_general_reader_reads_it() {
        // Every field at its edges and between, leap days, and near misses of the form.
        let mut seen = 0;
        for year in [
            "0000", "0001", "1600", "1900", "1969", "1970", "2000", "2024", "2026", "9999",
        ] {
            for month in ["00", "01", "02", "03", "04", "09", "11", "12", "13"] {
                for day in ["00", "01", "28", "29", "30", "31", "32"] {
                    for time in [
                        "00:00:00.000",
                        "23:59:59.999",
                        "12:34:56.789",
                        "24:00:00.000",
                        "23:60:00.000",
                        "23:59:60.000",
                        "1a:00:00.000",
                    ] {
                        let s = format!("{year}-{month}-{day}T{time}Z");
                        assert_eq!(
                            canonical(s.as_bytes()).or_else(|| general(&s)),
                            general(&s),
                            "{s}"
                        );
                        seen += usize::from(canonical(s.as_bytes()).is_some());
                    }
                }
            }
        }
        assert_eq!(seen, 882, "how many the fast path read");
        for s in [
            "2026-03-02T10:15:00.000z",
            "2026-03-02t10:15:00.000Z",
            "2026-03-02T10:15:00,000Z",
            "2026-03-02T10:15:00.0000Z",
            "+2026-03-02T10:15:00.000Z",
            "2026-03-02T10:15:00.00Z",
        ] {
            assert_eq!(canonical(s.as_bytes()), None, "{s}");
        }
    }

    #[test]
    fn agrees_with_javascript_date_parse() {
        // Values from Node's Date.parse.
        assert_eq!(parse_iso8601("1970-01-01T00:00:00.000Z"), Some(0.0));
        assert_eq!(
            parse_iso8601("2026-03-02T10:15:00.000Z"),
            Some(1_772_446_500_000.0)
        );
        assert_eq!(
            parse_iso8601("2026-03-02T18:15:00+08:00"),
            Some(1_772_446_500_000.0)
        );
        assert_eq!(parse_iso8601("2026-03-02"), Some(1_772_409_600_000.0));
        assert_eq!(
            parse_iso8601("2024-02-29T23:59:59.999Z"),
            Some(1_709_251_199_999.0)
        );
        assert_eq!(parse_iso8601("1969-12-31T23:59:59Z"), Some(-1000.0));
        assert_eq!(
            parse_iso8601("2026-03-02 10:15:00+0000"),
            Some(1_772_446_500_000.0)
        );
        assert_eq!(
            parse_iso8601("2026-03-02T10:15:00.1239Z"),
            Some(1_772_446_500_123.0)
        );
    }

    #[test]
    fn fraction_digits_past_milliseconds_are_dropped_not_rounded() {
        // Values from Node's Date.parse: a sum of the digits in a double reached 401000 here.
        assert_eq!(
            parse_iso8601("2025-07-20T08:00:00.99999999999999999Z"),
            Some(1_752_998_400_999.0)
        );
        assert_eq!(
            parse_iso8601("9999-12-31T23:59:59.99999999999999999Z"),
            Some(253_402_300_799_999.0)
        );
        assert_eq!(
            parse_iso8601("1969-12-31T23:59:59.99999999999999999Z"),
            Some(-1.0)
        );
    }

    #[test]
    fn agrees_with_date_parse_on_the_shared_corpus() {
        // Pinned from Date.parse; tests/node/timestamps.test.mjs checks the package against a
        // live Date.parse on the same strings.
        let corpus = crate::json::parse(
            include_str!("../../tests/timestamps.json"),
            &crate::Limits::default(),
        )
        .unwrap();
        let list = |key: &str| match corpus.as_object().and_then(|o| o.get(key)) {
            Some(Value::Array(items)) => items.clone(),
            _ => panic!("tests/timestamps.json has no {key}"),
        };
        let text_and_ms = |item: &Value| match item {
            Value::Array(row) => match row.as_slice() {
                [Value::String(text), Value::Number(ms), ..] => (text.clone(), *ms),
                _ => panic!("{row:?}"),
            },
            _ => panic!("{item:?}"),
        };
        let cases = list("cases");
        assert!(cases.len() > 100);
        for case in &cases {
            let (text, ms) = text_and_ms(case);
            assert_eq!(parse_iso8601(&text), Some(ms), "{text}");
        }
        // Where V8 reads a long fraction its own way, the first three digits still count.
        for case in &list("v8Differs") {
            let (text, ms) = text_and_ms(case);
            assert_eq!(parse_iso8601(&text), Some(ms), "{text}");
        }
        for refused in list("refused").iter().chain(&list("stricter")) {
            let Value::String(text) = refused else {
                panic!("{refused:?}")
            };
            assert_eq!(parse_iso8601(text), None, "{text}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_date() {
        for bad in [
            "",
            "2026",
            "2026-13-01",
            "2026-02-30",
            "2023-02-29",
            "2026-03-02T25:00",
            "2026-03-02T10:15:00Zjunk",
            "yesterday",
            "2026-03-02T10:15:00.",
        ] {
            assert_eq!(parse_iso8601(bad), None, "{bad}");
        }
        let path = || "/0/created_at".to_string();
        for e in [
            not_a_timestamp(path),
            millis_at(f64::NAN, path).unwrap_err(),
            millis_at(f64::INFINITY, path).unwrap_err(),
            text_ms_at("yesterday", path).unwrap_err(),
        ] {
            assert_eq!(
                (e.code, e.path.as_str()),
                (ErrorCode::InvalidTimestamp, "/0/created_at")
            );
        }
        assert_eq!(millis_at(-1.5, path).ok(), Some(-1.5));
    }
}
