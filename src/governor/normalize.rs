//! What makes two commands, two patches or two errors "the same": the normalisations the
//! governor counts, fingerprints and groups by, and the hash that names them.
//!
//! The hash is FNV-1a 64 written here, not `std`'s `Hasher` (randomly seeded per process): a
//! fingerprint persisted in a state must mean the same in the next process, natively and in wasm.

use crate::text::prefix_utf16;

/// FNV-1a, 64 bits: tiny, byte-order free, identical on every target.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub(crate) fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// A part followed by a separator no text holds, so ("ab","c") and ("a","bc") differ.
    pub(crate) fn part(&mut self, s: &str) {
        self.write(s.as_bytes());
        self.write(&[0xff]);
    }

    /// The hash as 16 lowercase hex digits (a JSON number could not hold 64 bits exactly).
    pub(crate) fn hex(self) -> String {
        // Without `core::fmt`: several hashes are written per event.
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        (0..16u32)
            .rev()
            .map(|i| {
                let nibble = self.0.wrapping_shr(i.wrapping_mul(4)) & 0xf;
                DIGITS
                    .get(usize::try_from(nibble).unwrap_or(0))
                    .map_or('0', |d| char::from(*d))
            })
            .collect()
    }
}

/// The hash of one text, as hex.
pub(crate) fn hash_hex(s: &str) -> String {
    let mut h = Fnv::default();
    h.part(s);
    h.hex()
}

/// The shell words of a command line: quotes removed (their content one word), backslash
/// escapes resolved, any run of whitespace a separator. `npm  test`, `npm "test"` and
/// `'npm' test` are the same words. Shell operators (`&&`, `||`, `;`, `|`) stand as words
/// of their own, so a recogniser can find a test command after `cd web &&`.
pub fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    cur.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => {
                            if let Some(e) = chars.next() {
                                cur.push(e);
                            }
                        }
                        q => cur.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(e) = chars.next() {
                    cur.push(e);
                }
            }
            ';' | '|' | '&' => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
                let mut op = c.to_string();
                if let Some(&n) = chars.peek() {
                    if n == c && c != ';' {
                        op.push(n);
                        chars.next();
                    }
                }
                words.push(op);
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

fn is_operator(w: &str) -> bool {
    matches!(w, ";" | "|" | "||" | "&" | "&&")
}

/// The longest command kept in counts and reports, in UTF-16 units: a bound on the state's
/// size (two commands equal in their first 200 units count as one).
pub(crate) const MAX_COMMAND_UNITS: usize = 200;

/// A command line in one canonical spelling: its words joined by one space, a word holding
/// whitespace, a quote or nothing written in double quotes. What counts and reports show.
pub(crate) fn canonical_command(words: &[String]) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if w.is_empty()
            || w.chars()
                .any(|c| c.is_whitespace() || c == '"' || c == '\'')
        {
            out.push('"');
            for c in w.chars() {
                if c == '"' || c == '\\' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push('"');
        } else {
            out.push_str(w);
        }
    }
    prefix_utf16(&out, MAX_COMMAND_UNITS).to_string()
}

/// The last path segment: `/usr/bin/pytest` and `./node_modules/.bin/jest` run `pytest` and
/// `jest`.
fn program(word: &str) -> &str {
    word.rsplit(['/', '\\']).next().unwrap_or(word)
}

/// Whether `words` run a test command: some simple command of the line (split at `&&`, `;`,
/// `|`…, leading `VAR=value` assignments skipped) starts with one of `recognisers`' words. The
/// first word is compared by program name; later words equal, or a script of that name
/// (`test:unit` for `test`). Words, never substrings: `cat tests/pytest_utils.py` is no test.
pub fn is_test_command(words: &[String], recognisers: &[Vec<String>]) -> bool {
    words
        .split(|w| is_operator(w))
        .map(|cmd| {
            let start = cmd
                .iter()
                .position(|w| !is_assignment(w))
                .unwrap_or(cmd.len());
            cmd.get(start..).unwrap_or(&[])
        })
        .any(|cmd| {
            // Most commands match no recogniser's program: compare that once per recogniser.
            let Some(first) = cmd.first().map(|w| program(w)) else {
                return false;
            };
            recognisers
                .iter()
                .any(|r| r.first().is_some_and(|p| program(p) == first) && starts_with(cmd, r))
        })
}

fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !name.starts_with(|c: char| c.is_ascii_digit())
        }
        None => false,
    }
}

fn starts_with(cmd: &[String], pattern: &[String]) -> bool {
    if pattern.is_empty() || cmd.len() < pattern.len() {
        return false;
    }
    cmd.iter().zip(pattern).enumerate().all(|(i, (w, p))| {
        if i == 0 {
            program(w) == program(p)
        } else {
            w == p
                || w.strip_prefix(p.as_str())
                    .is_some_and(|rest| rest.starts_with(':'))
        }
    })
}

/// The test commands recognised unless a config lists its own.
pub(crate) const DEFAULT_TEST_COMMANDS: [&str; 34] = [
    "npm test",
    "npm t",
    "npm run test",
    "pnpm test",
    "pnpm run test",
    "yarn test",
    "yarn run test",
    "bun test",
    "deno test",
    "npx vitest",
    "npx jest",
    "npx mocha",
    "npx playwright test",
    "vitest",
    "jest",
    "mocha",
    "playwright test",
    "pytest",
    "py.test",
    "python -m pytest",
    "python3 -m pytest",
    "python -m unittest",
    "python3 -m unittest",
    "tox",
    "cargo test",
    "cargo nextest",
    "go test",
    "mvn test",
    "gradle test",
    "gradlew test",
    "dotnet test",
    "rspec",
    "phpunit",
    "make test",
];

/// A patch's diff as compared: file headers dropped (the file is given apart), hunk headers
/// reduced to `@@` (line numbers move when other hunks land), each line's whitespace runs
/// collapsed and trimmed, blank lines and "\ No newline" markers dropped. A re-applied or
/// re-indented patch normalises to the same text.
pub(crate) fn normalise_diff(diff: &str) -> String {
    let mut out = String::with_capacity(diff.len());
    for line in crate::text::lines(diff) {
        if line.starts_with("diff --git")
            || line.starts_with("index ")
            || line.starts_with("--- ")
            || line.starts_with("+++ ")
            || line.starts_with("\\ ")
        {
            continue;
        }
        if line.starts_with("@@") {
            out.push_str("@@\n");
            continue;
        }
        let (mark, body) = match line.chars().next() {
            Some(c @ ('+' | '-' | ' ')) => (c, line.get(1..).unwrap_or("")),
            _ => (' ', line),
        };
        let mut words = body.split_whitespace().peekable();
        if words.peek().is_none() {
            continue;
        }
        out.push(mark);
        for (i, w) in words.enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(w);
        }
        out.push('\n');
    }
    out
}

/// A file path as compared: `\` as `/`, no leading `./`, no repeated `/`.
pub(crate) fn normalise_path(path: &str) -> String {
    let p = path.trim().replace('\\', "/");
    let mut out = String::with_capacity(p.len());
    for part in p.split('/') {
        if part.is_empty() || part == "." {
            if out.is_empty() && p.starts_with('/') {
                out.push('/');
            }
            continue;
        }
        if !out.is_empty() && !out.ends_with('/') {
            out.push('/');
        }
        out.push_str(part);
    }
    out
}

/// A command's or test run's output as compared: whitespace runs collapsed, trimmed.
pub(crate) fn normalise_output(text: &str) -> String {
    // Written in place: no list of words, one allocation (every command's output and every
    // test log goes through here).
    let mut out = String::with_capacity(text.len());
    for w in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// The longest error family text kept, in UTF-16 units.
pub(crate) const MAX_FAMILY_UNITS: usize = 120;

/// An error message's family: what stays when the particulars go — quoted text becomes `<s>`,
/// paths `<path>`, numbers `<n>`, ASCII case and whitespace folded (ASCII only: Unicode case
/// tables would weigh more in the wasm than error messages need). "Failed to resolve import
/// "./Hero" from "src/Home.tsx"" and the same for `./Nav` from `src/About.tsx` are one family.
pub(crate) fn error_family(message: &str) -> String {
    let mut out = String::new();
    let mut chars = message.chars().peekable();
    let mut token = String::new();
    // The token is cleared, not taken: one buffer for the whole message.
    let flush = |token: &mut String, out: &mut String| {
        if token.is_empty() {
            return;
        }
        let t = token.as_str();
        if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
        if looks_like_path(t) {
            out.push_str("<path>");
        } else {
            push_digit_runs_masked(t, out, |c| c.to_ascii_lowercase());
        }
        token.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' | '`' => {
                flush(&mut token, &mut out);
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                }
                if !out.is_empty() && !out.ends_with(' ') {
                    out.push(' ');
                }
                out.push_str("<s>");
            }
            c if c.is_whitespace() => flush(&mut token, &mut out),
            c => token.push(c),
        }
    }
    flush(&mut token, &mut out);
    prefix_utf16(&out, MAX_FAMILY_UNITS).to_string()
}

/// `text` with each run of ASCII digits written as `<n>`, every other char through `each`.
pub(crate) fn push_digit_runs_masked(text: &str, out: &mut String, each: impl Fn(char) -> char) {
    let mut in_digits = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                out.push_str("<n>");
            }
            in_digits = true;
        } else {
            out.push(each(c));
            in_digits = false;
        }
    }
}

fn looks_like_path(token: &str) -> bool {
    token.contains('/') || token.contains('\\') || file_span(token).is_some()
}

/// The file a log line names, if any: the last token that is a path with an extension
/// (quotes, `:line:col` and `(line,col)` suffixes stripped).
pub(crate) fn file_in_line(line: &str) -> Option<String> {
    line.split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | ',' | '[' | ']'))
        .rev()
        .find_map(file_token)
}

fn file_token(token: &str) -> Option<String> {
    file_span(token).map(normalise_path)
}

/// The part of `token` that is a file name with an extension, if any (no allocation: most
/// tokens of a log are not).
pub(crate) fn file_span(token: &str) -> Option<&str> {
    let t = token.split(['(', ':']).next().unwrap_or("");
    let t = t.trim_end_matches(['.', ';', ')']);
    let (stem, ext) = t.rsplit_once('.')?;
    let name = stem.rsplit(['/', '\\']).next().unwrap_or(stem);
    let ok_ext = (1..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric());
    let ok_name = !name.is_empty()
        && name.chars().all(|c| {
            !c.is_ascii() || c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '@' | '+')
        });
    let has_letter = ext.chars().any(|c| c.is_ascii_alphabetic());
    (ok_ext && ok_name && has_letter && !t.contains("://")).then_some(t)
}

/// The error lines of a log: lines that say `error` or `failed` (any ASCII case) and name a file, as
/// (file, family). Lines naming no file cannot be grouped by file and are left out.
pub(crate) fn errors_in_log(log: &str) -> Vec<(String, String)> {
    // Candidates by their first letter before the whole word is compared: most bytes of a log
    // start neither word.
    let mentions = |line: &[u8], word: &[u8]| {
        let Some(&first) = word.first() else {
            return true;
        };
        line.windows(word.len()).any(|w| {
            w.first().is_some_and(|b| b.to_ascii_lowercase() == first)
                && w.eq_ignore_ascii_case(word)
        })
    };
    crate::text::lines(log)
        .filter(|l| mentions(l.as_bytes(), b"error") || mentions(l.as_bytes(), b"failed"))
        .filter_map(|l| Some((file_in_line(l)?, error_family(l))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        shell_words(s)
    }

    #[test]
    fn a_lone_cr_ends_a_line_as_lf_and_crlf_do() {
        let lf = normalise_diff("@@ -1 +1 @@\n-old\n+new\n");
        assert_eq!(lf, "@@\n-old\n+new\n");
        assert_eq!(normalise_diff("@@ -1 +1 @@\r-old\r+new\r"), lf);
        assert_eq!(normalise_diff("@@ -1 +1 @@\r\n-old\r\n+new\r\n"), lf);
    }

    #[test]
    fn shell_words_fold_whitespace_and_quoting() {
        assert_eq!(words("npm   test"), words("'npm' \"test\""));
        assert_eq!(words("pytest \"tests/a b.py\""), ["pytest", "tests/a b.py"]);
        assert_eq!(
            words("cd web&&npm test"),
            ["cd", "web", "&&", "npm", "test"]
        );
        assert_eq!(words("a\\ b"), ["a b"]);
        assert_eq!(words("echo ''"), ["echo", ""]);
        assert_eq!(
            canonical_command(&words("echo '' 'a b'")),
            "echo \"\" \"a b\""
        );
        assert_eq!(canonical_command(&words("  npm    test  ")), "npm test");
    }

    #[test]
    fn test_commands_are_recognised_by_words_not_substrings() {
        let r: Vec<Vec<String>> = DEFAULT_TEST_COMMANDS.iter().map(|s| words(s)).collect();
        for yes in [
            "npm test",
            "npm run test:unit",
            "cd web && npm test -- --watch=false",
            "CI=1 pnpm test",
            "/usr/local/bin/pytest -q tests/",
            "./node_modules/.bin/jest src",
            "python3 -m pytest -x",
            "cargo test --lib governor",
            "./gradlew test",
            "go test ./...",
        ] {
            assert!(is_test_command(&words(yes), &r), "{yes}");
        }
        for no in [
            "cat tests/pytest_helpers.py",
            "ls jest.config.js",
            "npm install",
            "npm run build",
            "vim src/cargo test.rs",
            "echo npm test",
            "grep -r vitest .",
            "python app.py",
        ] {
            assert!(!is_test_command(&words(no), &r), "{no}");
        }
    }

    #[test]
    fn diffs_normalise_line_numbers_and_whitespace_away() {
        let a = "--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1,3 +1,3 @@ fn\n import a\n-import b from './b'\n+import b from '../b'\n";
        let b = "@@ -40,3 +41,3 @@\n    import a\n-import  b from './b'   \n+    import b from '../b'\n\n\\ No newline at end of file\n";
        assert_eq!(normalise_diff(a), normalise_diff(b));
        assert_ne!(
            normalise_diff(a),
            normalise_diff(&a.replace("'../b'", "'../c'"))
        );
    }

    #[test]
    fn paths_and_hashes_are_stable() {
        assert_eq!(normalise_path(".\\src\\a.ts"), "src/a.ts");
        assert_eq!(normalise_path("src//a/./b.ts"), "src/a/b.ts");
        assert_eq!(normalise_path("/abs/x.py"), "/abs/x.py");
        // FNV-1a 64 of "" is the offset basis; pinned so a change cannot go unnoticed.
        let mut h = Fnv::default();
        h.write(b"");
        assert_eq!(h.hex(), "cbf29ce484222325");
        h.write(b"a");
        assert_eq!(h.hex(), "af63dc4c8601ec8c");
    }

    #[test]
    fn error_families_drop_the_particulars() {
        let a = error_family(
            r#"[vite] Failed to resolve import "./Hero" from "src/Home.tsx". Does the file exist?"#,
        );
        let b = error_family(
            r#"[vite] Failed to resolve import "./Nav" from "src/About.tsx". Does the file exist?"#,
        );
        assert_eq!(a, b);
        assert_eq!(
            error_family("src/a.tsx(3,20): error TS2307: Cannot find module"),
            "<path> error ts<n>: cannot find module"
        );
        let log = "ok\nsrc/a.tsx(3,20): error TS2307: Cannot find module './x'.\n  src/b.tsx(9,1): error TS2307: Cannot find module './y'.\nError: something without a file\n";
        let found = errors_in_log(log);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].0, "src/a.tsx");
        assert_eq!(found[1].0, "src/b.tsx");
        assert_eq!(found[0].1, found[1].1);
        assert_eq!(
            file_in_line(r#"Failed to resolve import "./Hero" from "src/Home.tsx". Does"#),
            Some("src/Home.tsx".to_string())
        );
    }
}
