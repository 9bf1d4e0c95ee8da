//! Python classes by the language's own rules: a class body is every following logical line
//! indented deeper than the `class` line, where a logical line runs on through open brackets,
//! backslash continuations and (triple-quoted) strings, and comments and blank lines do not
//! count. A class ends where the last token of its last body statement ends, as `ast` reports
//! `end_lineno`; decorators directly above it are part of it.

use super::Found;

/// One logical line, as far as classes care.
struct Logical<'a> {
    indent: usize,
    first_byte: usize,
    /// Just past its last token (comments excluded).
    end_byte: usize,
    head: Head<'a>,
    /// A compound header whose body follows on the same line (`class A: pass`).
    inline_body: bool,
}

enum Head<'a> {
    Class { name: &'a str, at: usize },
    Decorator,
    Other,
}

struct Open {
    indent: usize,
    index: usize,
}

pub(super) fn classes(src: &str) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let mut decorators: Option<(usize, usize)> = None; // (indent, first byte)
    let mut prev_end = 0usize;
    let mut scanner = Scanner {
        b: src.as_bytes(),
        src,
        at: 0,
    };
    while let Some(l) = scanner.next_logical() {
        while let Some(top) = open.last() {
            if top.indent < l.indent {
                break;
            }
            close(&mut found, top.index, prev_end);
            open.pop();
        }
        match l.head {
            Head::Decorator => {
                if decorators.map_or(true, |(indent, _)| indent != l.indent) {
                    decorators = Some((l.indent, l.first_byte));
                }
            }
            Head::Class { name, at } => {
                let start = match decorators.take() {
                    Some((indent, first)) if indent == l.indent => first,
                    _ => l.first_byte,
                };
                let index = found.len();
                found.push(Found {
                    name: name.to_string(),
                    keyword: at,
                    start,
                    end: l.end_byte,
                    parent: open.last().map(|o| o.index),
                });
                if !l.inline_body {
                    open.push(Open {
                        indent: l.indent,
                        index,
                    });
                }
            }
            Head::Other => decorators = None,
        }
        prev_end = l.end_byte;
    }
    while let Some(top) = open.pop() {
        close(&mut found, top.index, prev_end);
    }
    found
}

fn close(found: &mut [Found], index: usize, end: usize) {
    if let Some(f) = found.get_mut(index) {
        f.end = f.end.max(end);
    }
}

struct Scanner<'a> {
    b: &'a [u8],
    src: &'a str,
    at: usize,
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

impl<'a> Scanner<'a> {
    fn peek(&self, k: usize) -> u8 {
        self.b.get(self.at.saturating_add(k)).copied().unwrap_or(0)
    }

    /// Skips blank and comment-only lines and reads the indentation of the next logical line.
    fn indentation(&mut self) -> Option<usize> {
        loop {
            let mut col = 0usize;
            loop {
                match self.peek(0) {
                    b' ' => col = col.saturating_add(1),
                    // Python's tokenizer: a tab moves to the next multiple of 8.
                    b'\t' => col = (col / 8).saturating_add(1).saturating_mul(8),
                    0x0c => col = 0,
                    _ => break,
                }
                self.at = self.at.saturating_add(1);
            }
            match self.peek(0) {
                _ if self.at >= self.b.len() => return None,
                b'#' => self.skip_comment(),
                b'\r' | b'\n' => self.newline(),
                // A backslash at the start of a line joins it to the next.
                b'\\' if matches!(self.peek(1), b'\n' | b'\r') => {
                    self.at = self.at.saturating_add(1);
                    self.newline();
                }
                _ => return Some(col),
            }
        }
    }

    fn skip_comment(&mut self) {
        while !matches!(self.peek(0), b'\n' | b'\r') && self.at < self.b.len() {
            self.at = self.at.saturating_add(1);
        }
    }

    fn newline(&mut self) {
        if self.peek(0) == b'\r' && self.peek(1) == b'\n' {
            self.at = self.at.saturating_add(2);
        } else {
            self.at = self.at.saturating_add(1);
        }
    }

    fn word(&mut self) -> &'a str {
        let start = self.at;
        while is_ident(self.peek(0)) {
            self.at = self.at.saturating_add(1);
        }
        self.src.get(start..self.at).unwrap_or("")
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(0), b' ' | b'\t' | 0x0c) {
            self.at = self.at.saturating_add(1);
        }
    }

    fn next_logical(&mut self) -> Option<Logical<'a>> {
        let indent = self.indentation()?;
        let first_byte = self.at;
        let mut head = Head::Other;
        let mut inline_body = false;
        let mut colon_seen = false;
        let mut first = true;
        let mut depth = 0usize;
        let mut end_byte = self.at;
        while self.at < self.b.len() {
            let c = self.peek(0);
            match c {
                b'\n' | b'\r' => {
                    self.newline();
                    if depth == 0 {
                        break;
                    }
                    continue;
                }
                b' ' | b'\t' | 0x0c => {
                    self.at = self.at.saturating_add(1);
                    continue;
                }
                b'#' => {
                    self.skip_comment();
                    continue;
                }
                b'\\' if matches!(self.peek(1), b'\n' | b'\r') => {
                    self.at = self.at.saturating_add(1);
                    self.newline();
                    continue;
                }
                _ => {}
            }
            if colon_seen {
                inline_body = true;
            }
            if let Some(end) = string_at(self.b, self.at) {
                self.at = end;
            } else if is_ident(c) {
                let start = self.at;
                let w = self.word();
                if first && w == "class" {
                    self.skip_spaces();
                    let name = self.word();
                    if !name.is_empty() {
                        head = Head::Class { name, at: start };
                    }
                }
                // Numbers such as `1e5` or `0x_ff` are words here too; only `class` matters.
            } else {
                match c {
                    b'(' | b'[' | b'{' => depth = depth.saturating_add(1),
                    b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                    b'@' if first => head = Head::Decorator,
                    b':' if depth == 0
                        && matches!(head, Head::Class { .. })
                        && !colon_seen
                        && self.peek(1) != b'=' =>
                    {
                        colon_seen = true;
                        self.at = self.at.saturating_add(1);
                        end_byte = self.at;
                        first = false;
                        continue;
                    }
                    _ => {}
                }
                self.at = self.at.saturating_add(1);
            }
            end_byte = self.at;
            first = false;
        }
        Some(Logical {
            indent,
            first_byte,
            end_byte,
            head,
            inline_body,
        })
    }
}

/// If a string literal starts at `at` (with any prefix), the byte just past its end.
/// Unterminated strings end at their line's end (single-quoted) or the file's (triple).
fn string_at(b: &[u8], at: usize) -> Option<usize> {
    let mut i = at;
    let mut raw = false;
    let mut fmt = false;
    // A prefix is at most two letters from r, b, u, f in either case.
    for _ in 0..2 {
        match b.get(i).map(u8::to_ascii_lowercase) {
            Some(b'r') => raw = true,
            Some(b'f') => fmt = true,
            Some(b'b' | b'u') => {}
            _ => break,
        }
        i = i.saturating_add(1);
    }
    let q = *b.get(i)?;
    if q != b'\'' && q != b'"' {
        return None;
    }
    // A prefix must start a token: `xr"…"` is the name `xr` then a string, handled when the
    // scanner reaches the quote, because words are consumed whole before strings are tried.
    Some(string_body(b, i, q, raw, fmt, 0))
}

/// Past the end of the string whose opening quote is at `at`.
fn string_body(b: &[u8], at: usize, q: u8, raw: bool, fmt: bool, nesting: usize) -> usize {
    let triple = b.get(at.saturating_add(1)) == Some(&q) && b.get(at.saturating_add(2)) == Some(&q);
    let mut i = at.saturating_add(if triple { 3 } else { 1 });
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => {
                // Even in a raw string a backslash keeps the next quote from closing it. `\N{…}`
                // names a character: its braces are no replacement field.
                let next = b.get(i.saturating_add(1)).copied();
                if fmt && matches!(next, Some(b'{' | b'}')) {
                    // `f'\{{'`: no escape; the brace is the f-string's to read.
                    i = i.saturating_add(1);
                    continue;
                }
                i = i.saturating_add(2);
                if next == Some(b'\r') && b.get(i) == Some(&b'\n') {
                    i = i.saturating_add(1);
                } else if next == Some(b'N') && !raw && b.get(i) == Some(&b'{') {
                    while let Some(&c) = b.get(i) {
                        i = i.saturating_add(1);
                        if c == b'}' || c == b'\n' {
                            break;
                        }
                    }
                }
                continue;
            }
            b'\n' | b'\r' if !triple => return i,
            _ if c == q => {
                if !triple {
                    return i.saturating_add(1);
                }
                if b.get(i.saturating_add(1)) == Some(&q) && b.get(i.saturating_add(2)) == Some(&q)
                {
                    return i.saturating_add(3);
                }
            }
            b'{' if fmt => {
                if b.get(i.saturating_add(1)) == Some(&b'{') {
                    i = i.saturating_add(2);
                    continue;
                }
                i = replacement_field(b, i.saturating_add(1), triple, nesting);
                continue;
            }
            _ => {}
        }
        i = i.saturating_add(1);
    }
    i
}

/// Past the `}` closing an f-string replacement field whose expression starts at `at`. The
/// expression may hold strings of any quote (nested same quotes are Python 3.12), brackets, and
/// after a top-level `:` a format spec that may nest fields of its own.
fn replacement_field(b: &[u8], at: usize, triple: bool, nesting: usize) -> usize {
    // Deeper nesting is not Python (it allows a couple of levels); stop rather than recurse.
    if nesting > 32 {
        return at;
    }
    let mut i = at;
    let mut depth = 0usize;
    while let Some(&c) = b.get(i) {
        match c {
            b'\'' | b'"' => {
                let (raw, fmt) = prefix_before(b, i);
                i = string_body(b, i, c, raw, fmt, nesting.saturating_add(1));
                continue;
            }
            b'\n' | b'\r' if !triple && depth == 0 => return i,
            b'(' | b'[' | b'{' => depth = depth.saturating_add(1),
            b')' | b']' => depth = depth.saturating_sub(1),
            b'}' if depth == 0 => return i.saturating_add(1),
            b'}' => depth = depth.saturating_sub(1),
            b':' if depth == 0 => return format_spec(b, i.saturating_add(1), triple, nesting),
            b'!' if depth == 0 && b.get(i.saturating_add(1)) != Some(&b'=') => {
                // `!r` conversion: the spec or the closing brace follows.
            }
            _ => {}
        }
        i = i.saturating_add(1);
    }
    i
}

fn format_spec(b: &[u8], at: usize, triple: bool, nesting: usize) -> usize {
    let mut i = at;
    while let Some(&c) = b.get(i) {
        match c {
            b'{' => {
                i = replacement_field(b, i.saturating_add(1), triple, nesting.saturating_add(1));
                continue;
            }
            b'}' => return i.saturating_add(1),
            b'\n' | b'\r' if !triple => return i,
            _ => {}
        }
        i = i.saturating_add(1);
    }
    i
}

/// The raw and f flags of the prefix letters just before a quote at `at`.
fn prefix_before(b: &[u8], at: usize) -> (bool, bool) {
    let mut raw = false;
    let mut fmt = false;
    let mut i = at;
    for _ in 0..2 {
        let Some(p) = i.checked_sub(1) else { break };
        match b.get(p).map(u8::to_ascii_lowercase) {
            Some(b'r') => raw = true,
            Some(b'f') => fmt = true,
            Some(b'b' | b'u') => {}
            _ => break,
        }
        i = p;
    }
    (raw, fmt)
}
