//! Numbers as people type them in Chinese requests: full-width digits from an IME (`第７-１２集`)
//! and Chinese numerals (`第三集`, `第七到十二集`), rewritten as ASCII digits so that a profile's
//! rules (`\d+`, ASCII only in regex-lite) match them and their captures become numbers.
//!
//! Characters whose NFKC form is ASCII digits become those digits; the rest of the full-width
//! ASCII block (`－`, `～`, `ｅｐｉｓｏｄｅ`) and the ideographic space become what NFKC makes of
//! them. A run of Chinese numeral characters that reads as one number from 0 to 9999 becomes
//! that number; a run that does not (`三四百`, `一百零`) is left as written.

use std::borrow::Cow;

/// A character NFKC makes a number of: a digit (full-width, superscript, subscript,
/// mathematical, segmented, outlined) or a circled number (① to ㊿).
fn nfkc_number(c: char) -> Option<u32> {
    let code = u32::from(c);
    let from = |base: u32| code.checked_sub(base);
    match code {
        0xFF10..=0xFF19 => from(0xFF10),
        0x00B2 | 0x00B3 => from(0x00B0),
        0x00B9 => Some(1),
        0x2070 | 0x2074..=0x2079 => from(0x2070),
        0x2080..=0x2089 => from(0x2080),
        0x2460..=0x2473 => from(0x245F),
        0x24EA => Some(0),
        0x3251..=0x325F => from(0x3251 - 21),
        0x32B1..=0x32BF => from(0x32B1 - 36),
        0x1D7CE..=0x1D7FF => from(0x1D7CE).map(|i| i % 10),
        0x1CCF0..=0x1CCF9 => from(0x1CCF0),
        0x1FBF0..=0x1FBF9 => from(0x1FBF0),
        _ => None,
    }
}

/// The ASCII character NFKC makes of the rest of the full-width ASCII block (`－`, `～`, `ｅ`)
/// and of the ideographic space.
fn nfkc_full_width(c: char) -> Option<char> {
    match u32::from(c) {
        code @ 0xFF01..=0xFF5E => char::from_u32(code.wrapping_sub(0xFF01 - 0x21)),
        0x3000 => Some(' '),
        _ => None,
    }
}

/// Writes what NFKC makes of `c` if this module rewrites it; returns whether it did.
fn push_nfkc(c: char, out: &mut String) -> bool {
    if let Some(n) = nfkc_number(c) {
        out.push_str(&n.to_string());
    } else if let Some(a) = nfkc_full_width(c) {
        out.push(a);
    } else {
        return false;
    }
    true
}

/// The value of a Chinese digit character (`两` and `兩` are 2, `〇` and `零` 0).
fn chinese_digit(c: char) -> Option<u32> {
    Some(match c {
        '〇' | '零' => 0,
        '一' => 1,
        '二' | '两' | '兩' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

fn chinese_unit(c: char) -> Option<u32> {
    match c {
        '十' => Some(10),
        '百' => Some(100),
        '千' => Some(1000),
        _ => None,
    }
}

fn is_chinese_numeral(c: char) -> bool {
    chinese_digit(c).is_some() || chinese_unit(c).is_some()
}

/// The number a run of Chinese numeral characters spells, from 0 to 9999: digit by digit
/// (`二〇二六`), or with units (`十二`, `一百零五`, `两千`, and the spoken `一百五` for 150).
/// `None` for a run that reads as no single number (`三四百`, `百`, `一百零`, `十十`).
pub(crate) fn parse_chinese(run: &str) -> Option<u32> {
    if run.chars().all(|c| chinese_digit(c).is_some()) {
        return digit_by_digit(run);
    }
    let mut total = 0u32;
    // The unit last written, above 千 before any; a unit must be below the one before it.
    let mut last_unit = 10_000u32;
    let mut pending: Option<u32> = None;
    let mut zero = false;
    for c in run.chars() {
        if let Some(d) = chinese_digit(c) {
            if pending.is_some() {
                return None;
            }
            if d == 0 {
                // 零 marks a skipped place: after a unit, once, before a digit.
                if zero || last_unit == 10_000 {
                    return None;
                }
                zero = true;
            } else {
                pending = Some(d);
            }
        } else {
            let unit = chinese_unit(c)?;
            if unit >= last_unit {
                return None;
            }
            // `十二` is 12: a 十 without its digit counts one ten; other units need theirs.
            let d = match pending.take() {
                Some(d) => d,
                None if unit == 10 => 1,
                None => return None,
            };
            total = total.checked_add(d.checked_mul(unit)?)?;
            last_unit = unit;
            zero = false;
        }
    }
    match pending {
        Some(d) if zero || last_unit <= 10 => total.checked_add(d),
        // `一百五` is 150 and `三千二` 3200: a last digit without its unit is one place below.
        Some(d) => total.checked_add(d.checked_mul(last_unit / 10)?),
        None if zero => None,
        None => Some(total),
    }
}

/// `二〇二六` → 2026: each character one decimal digit, at most four (up to 9999); `两` only
/// alone, as it never stands for a digit inside a number.
fn digit_by_digit(run: &str) -> Option<u32> {
    let count = run.chars().count();
    if count == 0 || count > 4 || (count > 1 && run.chars().any(|c| matches!(c, '两' | '兩'))) {
        return None;
    }
    run.chars().try_fold(0u32, |n, c| {
        n.checked_mul(10)?.checked_add(chinese_digit(c)?)
    })
}

/// `text` with its digits normalised (see the module's doc); borrowed when nothing changed.
pub(crate) fn normalize_numbers(text: &str) -> Cow<'_, str> {
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    let mut changed = false;
    for c in text.chars() {
        if is_chinese_numeral(c) {
            run.push(c);
            continue;
        }
        changed |= flush_numeral(&mut run, &mut out);
        if push_nfkc(c, &mut out) {
            changed = true;
        } else {
            out.push(c);
        }
    }
    changed |= flush_numeral(&mut run, &mut out);
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

/// Writes a run of Chinese numerals as its number, or as written if it spells none; returns
/// whether it was rewritten.
fn flush_numeral(run: &mut String, out: &mut String) -> bool {
    if run.is_empty() {
        return false;
    }
    let n = parse_chinese(run);
    match n {
        Some(n) => out.push_str(&n.to_string()),
        None => out.push_str(run),
    }
    run.clear();
    n.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_s_requests() {
        for (typed, normal) in [
            ("生成第７-１２集", "生成第7-12集"),
            ("写第三集剧本", "写第3集剧本"),
            ("请写第三集的剧本", "请写第3集的剧本"),
            ("第七到十二集", "第7到12集"),
            ("第两百零五集", "第205集"),
            ("二〇二六年", "2026年"),
            ("第一百五十集", "第150集"),
            ("ｅｐｉｓｏｄｅｓ　７－１２", "episodes 7-12"),
            ("三四百", "三四百"),
            ("no digits here", "no digits here"),
        ] {
            assert_eq!(normalize_numbers(typed), normal, "{typed}");
        }
        assert!(matches!(normalize_numbers("abc"), Cow::Borrowed(_)));
    }

    #[test]
    fn runs_that_spell_no_single_number_are_refused() {
        for run in [
            "百",
            "一百零",
            "十十",
            "三四百",
            "两两",
            "一千千",
            "二〇二六七",
        ] {
            assert_eq!(parse_chinese(run), None, "{run}");
        }
        for (run, n) in [
            ("十", 10),
            ("一十二", 12),
            ("十二", 12),
            ("一百十", 110),
            ("三千二", 3200),
            ("一百五", 150),
            ("一千零五", 1005),
            ("一千〇五十", 1050),
            ("两千零二十六", 2026),
            ("九千九百九十九", 9999),
            ("零", 0),
            ("两", 2),
        ] {
            assert_eq!(parse_chinese(run), Some(n), "{run}");
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
#[allow(clippy::arithmetic_side_effects)] // the reference writer's place arithmetic
mod oracle {
    use super::*;
    use proptest::prelude::*;
    use unicode_normalization::UnicodeNormalization;

    /// Every character whose NFKC form is made of ASCII digits is rewritten to that form, and
    /// every one rewritten is rewritten as NFKC says.
    #[test]
    fn digits_are_what_nfkc_makes_them() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let nfkc: String = c.to_string().nfkc().collect();
            let mut ours = String::new();
            let rewritten = push_nfkc(c, &mut ours);
            let digits = !nfkc.is_empty() && nfkc.bytes().all(|b| b.is_ascii_digit());
            if (digits && !c.is_ascii()) || rewritten {
                assert_eq!(ours, nfkc, "U+{:04X}", u32::from(c));
            }
        }
    }

    /// A reference writer of Chinese numerals, in the forms people type.
    #[derive(Debug, Clone, Copy)]
    struct Style {
        liang: bool,      // 两 for a leading 2 of 百 and 千
        ling_o: bool,     // 〇 for 零
        yi_shi: bool,     // 一十 for a leading ten
        by_digit: bool,   // 二〇二六
        abbreviate: bool, // 一百五 for 一百五十
    }

    fn write(n: u32, s: Style) -> String {
        const D: [char; 10] = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
        let zero = if s.ling_o { '〇' } else { '零' };
        let digit = |d: u32| D.get(d as usize).copied().unwrap_or('?');
        if s.by_digit {
            return n
                .to_string()
                .bytes()
                .map(|b| match u32::from(b - b'0') {
                    0 => zero,
                    d => digit(d),
                })
                .collect();
        }
        if n == 0 {
            return zero.to_string();
        }
        let places = [(1000, '千'), (100, '百'), (10, '十'), (1, ' ')];
        let mut out = String::new();
        let mut gap = false;
        let top = places.iter().position(|&(p, _)| n >= p).unwrap_or(3);
        for (i, &(p, unit)) in places.iter().enumerate().skip(top) {
            let d = n / p % 10;
            if d == 0 {
                gap = true;
                continue;
            }
            if gap && !out.is_empty() {
                out.push(zero);
            }
            gap = false;
            let rest_zero = n % p == 0;
            // 一百五: the last digit's unit is dropped when it is the place right after the one
            // before it and nothing follows.
            if s.abbreviate && p < 1000 && p > 1 && rest_zero && i > top && n / (p * 10) % 10 != 0 {
                out.push(digit(d));
                return out;
            }
            if p == 10 && i == top && d == 1 && !s.yi_shi {
                // 十二
            } else if d == 2 && p >= 100 && i == top && s.liang {
                out.push('两');
            } else {
                out.push(digit(d));
            }
            if p > 1 {
                out.push(unit);
            }
        }
        out
    }

    /// Every number the reader promises, in every style the reference writes.
    #[test]
    fn the_parser_reads_every_number_the_reference_writes() {
        for style in 0..32u32 {
            let bit = |b: u32| style & (1 << b) != 0;
            let style = Style {
                liang: bit(0),
                ling_o: bit(1),
                yi_shi: bit(2),
                by_digit: bit(3),
                abbreviate: bit(4),
            };
            for n in 0..=9999 {
                let written = write(n, style);
                assert_eq!(parse_chinese(&written), Some(n), "{written} {style:?}");
            }
        }
    }

    proptest! {
        /// Within any text: the numeral becomes its number, and the text around it stays.
        #[test]
        fn a_numeral_in_text_becomes_its_number(
            n in 0u32..=9999,
            liang: bool, ling_o: bool, yi_shi: bool, by_digit: bool, abbreviate: bool,
            before in "[a-z 第请写生成 ]{0,6}",
            after in "[a-z 集的剧本 ]{0,6}",
        ) {
            let style = Style { liang, ling_o, yi_shi, by_digit, abbreviate };
            let written = write(n, style);
            let text = format!("{before}{written}{after}");
            prop_assert_eq!(normalize_numbers(&text), format!("{before}{n}{after}"));
        }
    }
}
