//! The preloaded-files block: a heading, one line telling the agent not to read these files
//! again, then per file a heading with its path, lines, bytes and estimated tokens and a fenced
//! block, and last a short list of the references that were not inlined, with their reasons.
//!
//! A file is a sequence of parts, measured (UTF-16 units, tokens) and written from the same
//! list, so what the budget was checked against is byte for byte what is rendered.

use super::path::{extension, file_name};
use crate::text::utf16_len;
use crate::tokens::Running;

/// Starts the block; written only when at least one file is inlined.
pub(crate) const HEADING: &str = "### Pre-loaded Files\n\nThese files are preloaded below with their current contents: use them as they are, and do not read them again.\n";

/// Fence languages by extension (lowercased), for syntax highlighting and for the model's sake.
const LANGUAGES: [(&str, &str); 44] = [
    ("py", "python"),
    ("pyi", "python"),
    ("jsx", "jsx"),
    ("tsx", "tsx"),
    ("ts", "typescript"),
    ("mts", "typescript"),
    ("cts", "typescript"),
    ("js", "javascript"),
    ("mjs", "javascript"),
    ("cjs", "javascript"),
    ("css", "css"),
    ("scss", "scss"),
    ("sass", "sass"),
    ("less", "less"),
    ("html", "html"),
    ("htm", "html"),
    ("vue", "vue"),
    ("svelte", "svelte"),
    ("json", "json"),
    ("jsonc", "jsonc"),
    ("rs", "rust"),
    ("go", "go"),
    ("md", "markdown"),
    ("mdx", "mdx"),
    ("java", "java"),
    ("kt", "kotlin"),
    ("swift", "swift"),
    ("rb", "ruby"),
    ("php", "php"),
    ("c", "c"),
    ("h", "c"),
    ("cc", "cpp"),
    ("cpp", "cpp"),
    ("hpp", "cpp"),
    ("cs", "csharp"),
    ("sh", "bash"),
    ("bash", "bash"),
    ("zsh", "bash"),
    ("yml", "yaml"),
    ("yaml", "yaml"),
    ("toml", "toml"),
    ("sql", "sql"),
    ("xml", "xml"),
    ("graphql", "graphql"),
];

/// Files known by their whole name rather than an extension.
const NAMED: [(&str, &str); 3] = [
    ("Dockerfile", "dockerfile"),
    ("Makefile", "makefile"),
    ("CMakeLists.txt", "cmake"),
];

/// The fence language of a normalised path (`""` when unknown).
pub(crate) fn language(path: &str) -> &'static str {
    let name = file_name(path);
    if let Some((_, lang)) = NAMED.iter().find(|(n, _)| *n == name) {
        return lang;
    }
    let ext = extension(path);
    LANGUAGES
        .iter()
        .find(|(e, _)| *e == ext)
        .map_or("", |(_, lang)| lang)
}

/// The longest run of backticks in `s`.
///
/// Jumps from backtick to backtick (`find` of an ASCII char is a memchr) instead of splitting
/// at every other character: splitting was 13% of a 1,000-file preload, this is under 1%.
fn longest_backtick_run(s: &str) -> usize {
    let mut longest = 0;
    let mut rest = s;
    while let Some(start) = rest.find('`') {
        let tail = rest.get(start..).unwrap_or_default();
        let run = tail.bytes().take_while(|&b| b == b'`').count();
        longest = longest.max(run);
        rest = tail.get(run..).unwrap_or_default();
    }
    longest
}

/// One file as it is rendered.
pub(crate) struct Piece<'a> {
    tick: String,
    pad: &'static str,
    path: String,
    /// `5 lines, 120 bytes, ~40 tokens`.
    meta: String,
    lines: usize,
    bytes: usize,
    fence: String,
    language: &'static str,
    body: &'a str,
    /// The body's length in UTF-16 code units: the JavaScript side cuts a content to it.
    body_units: usize,
    /// The whole piece's, measured once (the budget and the block's length both need it).
    units: usize,
}

/// `1 line`, `2 lines`.
pub(crate) fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Where the body sits among [`Piece::parts`]: the heading and the opening fence before it,
/// the closing fence after.
const BODY: usize = 12;

impl<'a> Piece<'a> {
    /// `text`'s block: a fence one backtick longer than any run in the text (at least three),
    /// so no line of the file can close it; the path in a code span that its own backticks
    /// cannot close either.
    /// The heading's token figure starts at 0: [`Piece::set_tokens`] gives it.
    pub(crate) fn new(path: &str, language: &'static str, text: &'a str, lines: usize) -> Self {
        let fence_len = longest_backtick_run(text).saturating_add(1).max(3);
        let tick_len = longest_backtick_run(path).saturating_add(1);
        // The fence closes on its own line; a file's final newline is that line break.
        let body = text.strip_suffix('\n').unwrap_or(text);
        let mut piece = Piece {
            tick: "`".repeat(tick_len),
            pad: if path.starts_with('`') || path.ends_with('`') {
                " "
            } else {
                ""
            },
            path: path.to_string(),
            meta: String::new(),
            lines,
            bytes: text.len(),
            fence: "`".repeat(fence_len),
            language,
            body,
            body_units: super::content::utf16_units(body),
            units: 0,
        };
        piece.set_tokens(0);
        piece
    }

    /// Writes `tokens` into the heading (the body's estimate) and measures the piece again.
    pub(crate) fn set_tokens(&mut self, tokens: usize) {
        self.meta = format!(
            "{}, {}, ~{}",
            plural(self.lines, "line"),
            plural(self.bytes, "byte"),
            plural(tokens, "token")
        );
        self.units = self
            .parts()
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != BODY)
            .fold(self.body_units, |n, (_, p)| n.saturating_add(utf16_len(p)));
    }

    fn parts(&self) -> [&str; 16] {
        [
            "\n#### ",
            &self.tick,
            self.pad,
            &self.path,
            self.pad,
            &self.tick,
            " (",
            &self.meta,
            ")\n",
            &self.fence,
            self.language,
            "\n",
            self.body,
            "\n",
            &self.fence,
            "\n",
        ]
    }

    /// Its length in UTF-16 code units.
    pub(crate) fn units(&self) -> usize {
        self.units
    }

    /// Its length in UTF-8 bytes: what the block reserves, so it is written without growing.
    pub(crate) fn byte_len(&self) -> usize {
        self.parts()
            .iter()
            .fold(0usize, |n, p| n.saturating_add(p.len()))
    }

    /// The file's text as rendered (without its final newline) and its UTF-16 length.
    pub(crate) fn body(&self) -> (&'a str, usize) {
        (self.body, self.body_units)
    }

    /// What comes before the body, what after it, as the pieces a counter is given.
    pub(crate) fn head_parts(&self) -> Vec<&str> {
        self.parts().iter().take(BODY).copied().collect()
    }

    pub(crate) fn tail_parts(&self) -> Vec<&str> {
        self.parts()
            .iter()
            .skip(BODY.saturating_add(1))
            .copied()
            .collect()
    }

    /// Appends what comes before the body to a running token count.
    pub(crate) fn count_head(&self, running: &mut Running) {
        for p in self.parts().iter().take(BODY) {
            running.push(p);
        }
    }

    /// Appends what comes after the body.
    pub(crate) fn count_tail(&self, running: &mut Running) {
        for p in self.parts().iter().skip(BODY.saturating_add(1)) {
            running.push(p);
        }
    }

    pub(crate) fn write(&self, out: &mut String) {
        for p in self.parts() {
            out.push_str(p);
        }
    }

    /// Appends what comes before the body.
    pub(crate) fn write_head(&self, out: &mut String) {
        for p in self.parts().iter().take(BODY) {
            out.push_str(p);
        }
    }

    /// Appends what comes after the body.
    pub(crate) fn write_tail(&self, out: &mut String) {
        for p in self.parts().iter().skip(BODY.saturating_add(1)) {
            out.push_str(p);
        }
    }
}

/// Starts the list of references that were not inlined.
pub(crate) const NOT_INLINED: &str = "\nReferenced but not inlined (reason in brackets):\n";

/// The list after the files: per reference its path and reason code (`- `src/big.ts`
/// (too_many_lines)`), then how many more there are. A path the path rules refused is shown
/// escaped (`shown` false): it may hold anything, a newline that forges a line of the prompt
/// among them.
pub(crate) fn not_inlined<'p>(
    listed: impl Iterator<Item = (&'p str, bool, &'static str)>,
    more: usize,
) -> String {
    let mut out = String::from(NOT_INLINED);
    for (path, shown, code) in listed {
        let path = if shown {
            path.to_string()
        } else {
            escaped(path)
        };
        let tick = "`".repeat(longest_backtick_run(&path).saturating_add(1));
        let pad = if path.starts_with('`') || path.ends_with('`') {
            " "
        } else {
            ""
        };
        out.push_str(&format!("- {tick}{pad}{path}{pad}{tick} ({code})\n"));
    }
    if more > 0 {
        out.push_str(&format!(
            "- and {more} more (the manifest lists every reference)\n"
        ));
    }
    out
}

/// Printable ASCII kept, anything else as `\u{…}`.
fn escaped(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if c == ' ' || c.is_ascii_graphic() && c != '\\' {
            out.push(c);
        } else {
            out.push_str(&format!("\\u{{{:X}}}", u32::from(c)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(path: &str, text: &str) -> String {
        let mut out = String::new();
        let piece = Piece::new(
            path,
            language(path),
            text,
            crate::files::content::line_count(text),
        );
        piece.write(&mut out);
        assert_eq!(piece.units(), utf16_len(&out));
        assert_eq!(piece.byte_len(), out.len());
        let mut split = String::new();
        piece.write_head(&mut split);
        let (body, units) = piece.body();
        split.push_str(body);
        piece.write_tail(&mut split);
        assert_eq!((split.as_str(), units), (out.as_str(), utf16_len(body)));
        out
    }

    #[test]
    fn a_file_is_a_heading_and_a_fenced_block() {
        assert_eq!(
            render("src/App.jsx", "export default App\n"),
            "\n#### `src/App.jsx` (1 line, 19 bytes, ~0 tokens)\n```jsx\nexport default App\n```\n"
        );
        assert_eq!(
            render("notes", "a\nb"),
            "\n#### `notes` (2 lines, 3 bytes, ~0 tokens)\n```\na\nb\n```\n"
        );
        let mut out = String::new();
        let mut piece = Piece::new("a.rs", "rust", "x", 1);
        piece.set_tokens(1);
        piece.write(&mut out);
        assert_eq!(
            out,
            "\n#### `a.rs` (1 line, 1 byte, ~1 token)\n```rust\nx\n```\n"
        );
        assert_eq!(piece.units(), utf16_len(&out));
    }

    #[test]
    fn fences_outgrow_the_backticks_inside() {
        let out = render("README.md", "```js\nx\n```\n````\n");
        assert!(out.contains("\n`````markdown\n"), "{out}");
        assert!(out.ends_with("\n`````\n"));
        assert!(render("a`b", "x").starts_with("\n#### ``a`b`` (1 line,"));
        assert!(render("`a", "x").starts_with("\n#### `` `a `` (1 line,"));
    }

    #[test]
    fn backtick_runs_are_measured_as_a_split_would() {
        for s in [
            "",
            "x",
            "`",
            "a``b```c`",
            "é`ü``",
            "```",
            "x```",
            "```x",
            "`\u{1F600}``",
        ] {
            let split = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
            assert_eq!(longest_backtick_run(s), split, "{s:?}");
        }
    }

    #[test]
    fn the_list_of_what_was_not_inlined_escapes_refused_paths() {
        let out = not_inlined(
            [
                (".env", true, "secret"),
                ("a\n#### `x`\u{202E}", false, "path_escape"),
            ]
            .into_iter(),
            3,
        );
        assert_eq!(
            out,
            "\nReferenced but not inlined (reason in brackets):\n- `.env` (secret)\n- ``a\\u{A}#### `x`\\u{202E}`` (path_escape)\n- and 3 more (the manifest lists every reference)\n"
        );
    }

    #[test]
    fn languages_by_extension_and_name() {
        assert_eq!(language("a/b.PY"), "python");
        assert_eq!(language("x.tsx"), "tsx");
        assert_eq!(language("Dockerfile"), "dockerfile");
        assert_eq!(language("x.unknown"), "");
        assert_eq!(language("x"), "");
    }
}
