use super::value::Value;

/// `JSON.stringify(value, null, indent)` — byte-identical to the host's output.
/// `indent` is clamped to 0..=10 as JavaScript clamps it.
pub fn stringify(value: &Value, indent: usize) -> String {
    let mut out = String::new();
    stringify_into(&mut out, value, indent);
    out
}

pub(crate) fn stringify_into(out: &mut String, value: &Value, indent: usize) {
    stringify_within(out, value, indent, usize::MAX);
}

/// [`stringify_into`] that gives up between two values once `out` is longer than `max_len`
/// bytes: `out` then holds more than `max_len` bytes and not the text (closing brackets may
/// follow the cut), for a caller that only needs to know that the text would be longer — the
/// cap, ruling out a block that cannot fit, writes about the room left, not the whole body.
pub(crate) fn stringify_within(out: &mut String, value: &Value, indent: usize, max_len: usize) {
    write_value(out, value, indent.min(10), 0, max_len);
}

fn newline(out: &mut String, indent: usize, depth: usize) {
    out.push('\n');
    for _ in 0..indent.saturating_mul(depth) {
        out.push(' ');
    }
}

fn write_value(out: &mut String, value: &Value, indent: usize, depth: usize, max_len: usize) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(n) => out.push_str(&format_number(*n)),
        Value::String(s) => write_string(out, s),
        Value::Unpaired(u) => u.write_json(out),
        Value::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            let inner = depth.saturating_add(1);
            for (i, item) in items.iter().enumerate() {
                if out.len() > max_len {
                    return;
                }
                if i > 0 {
                    out.push(',');
                }
                if indent > 0 {
                    newline(out, indent, inner);
                }
                write_value(out, item, indent, inner, max_len);
            }
            if indent > 0 {
                newline(out, indent, depth);
            }
            out.push(']');
        }
        Value::Object(obj) => {
            if obj.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push('{');
            let inner = depth.saturating_add(1);
            for (i, (key, item)) in obj.iter().enumerate() {
                if out.len() > max_len {
                    return;
                }
                if i > 0 {
                    out.push(',');
                }
                if indent > 0 {
                    newline(out, indent, inner);
                }
                write_string(out, key);
                out.push(':');
                if indent > 0 {
                    out.push(' ');
                }
                write_value(out, item, indent, inner, max_len);
            }
            if indent > 0 {
                newline(out, indent, depth);
            }
            out.push('}');
        }
    }
}

/// `String(n)` for a finite number; `null` for NaN and ±Infinity, as `JSON.stringify` writes them.
pub(crate) fn format_number(n: f64) -> String {
    if !n.is_finite() {
        return "null".to_string();
    }
    if n == 0.0 {
        return "0".to_string(); // -0 too
    }
    ryu_js::Buffer::new().format_finite(n).to_string()
}

/// A JSON string literal with exactly the escapes `JSON.stringify` uses.
/// `s` as a JSON string literal, for messages: quoted as JavaScript would show it (Rust's
/// `{:?}` would pull Unicode printability tables into the wasm for messages alone).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len().saturating_add(2));
    write_string(&mut out, s);
    out
}

pub(crate) fn write_string(out: &mut String, s: &str) {
    out.push('"');
    write_string_body(out, s);
    out.push('"');
}

/// `\uXXXX` for the UTF-16 code unit `unit`, lowercase as `JSON.stringify` writes it.
pub(super) fn push_unit_escape(out: &mut String, unit: u16) {
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        out.push(char::from_digit(u32::from((unit >> shift) & 0xF), 16).unwrap_or('0'));
    }
}

/// The inside of [`write_string`]'s literal: `s` escaped, without the quotes.
pub(super) fn write_string_body(out: &mut String, s: &str) {
    let mut run_start = 0;
    for (at, b) in s.bytes().enumerate() {
        let esc: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0C => "\\f",
            0..=0x1F => "",
            _ => continue,
        };
        out.push_str(s.get(run_start..at).unwrap_or(""));
        if esc.is_empty() {
            push_unit_escape(out, u16::from(b));
        } else {
            out.push_str(esc);
        }
        run_start = at.saturating_add(1);
    }
    out.push_str(s.get(run_start..).unwrap_or(""));
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    fn round(text: &str, indent: usize) -> String {
        parse(text, &crate::Limits::default())
            .map(|v| stringify(&v, indent))
            .unwrap_or_else(|e| e.message)
    }

    #[test]
    fn numbers_format_like_javascript() {
        let cases = [
            ("1", "1"),
            ("1.0", "1"),
            ("-0.0", "0"),
            ("1e21", "1e+21"),
            ("1e20", "100000000000000000000"),
            ("0.1", "0.1"),
            ("1e-7", "1e-7"),
            ("0.000001", "0.000001"),
            ("5e-324", "5e-324"),
            ("123456789012345678901234567890", "1.2345678901234568e+29"),
            ("1e400", "null"),
        ];
        for (input, want) in cases {
            assert_eq!(round(input, 0), want, "{input}");
        }
    }

    #[test]
    fn strings_escape_like_javascript() {
        assert_eq!(
            round(r#""a\"b\\c\/d\u0001\b\f\n\r\t\u2028😀""#, 0),
            "\"a\\\"b\\\\c/d\\u0001\\b\\f\\n\\r\\t\u{2028}😀\""
        );
        assert_eq!(round(r#""\u001f\u007f""#, 0), "\"\\u001f\u{7f}\"");
    }

    #[test]
    fn indentation_matches_json_stringify() {
        assert_eq!(
            round(r#"{"a":[1,{"b":[]}],"c":{}}"#, 2),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ],\n  \"c\": {}\n}"
        );
        assert_eq!(round("[1]", 20), "[\n          1\n]");
    }

    #[test]
    fn stringify_within_writes_a_prefix_and_stops_past_the_limit() {
        let v = parse(
            r#"{"a":"故事 text","b":[1,{"c":null,"d":"😀"}],"e":[]}"#,
            &crate::Limits::default(),
        )
        .unwrap();
        for indent in [0, 2] {
            let whole = stringify(&v, indent);
            for max_len in 0..whole.len() + 2 {
                let mut out = String::new();
                stringify_within(&mut out, &v, indent, max_len);
                // Either the whole text, or more than the limit.
                assert!(out == whole || out.len() > max_len, "{max_len}: {out}");
                assert!(out.len() <= whole.len());
            }
        }
        // Past the limit nothing more is written: a million items cost one.
        let many = Value::Array(vec![Value::Number(1.0); 1_000_000]);
        let mut out = String::new();
        stringify_within(&mut out, &many, 0, 10);
        assert_eq!(out, "[1,1,1,1,1,1");
    }

    #[test]
    fn key_order_follows_javascript() {
        assert_eq!(
            round(r#"{"b":1,"2":2,"a":3,"1":4,"b":5}"#, 0),
            r#"{"1":4,"2":2,"b":5,"a":3}"#
        );
    }
}
