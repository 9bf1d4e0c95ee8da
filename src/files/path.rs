//! Paths a caller names, made safe to look up: normalised to one spelling relative to the base,
//! or refused when they could reach outside it.
//!
//! The rules are lexical, so they hold in a browser that has no disk as well as on a server; a
//! reader of a real filesystem (the Node entry) adds what only the disk knows (symlinks, device
//! files) after these. What is refused, and why:
//! - absolute paths (`/etc/passwd`), home paths (`~/.ssh`), drive letters and any `:` (`C:`,
//!   `c:foo`, NTFS streams `a.txt:x`, URL schemes): a `:` never appears in a project's own file
//!   names often enough to be worth the ambiguity;
//! - backslashes: a Windows host treats `..\x` as `../x`;
//! - NUL and every other control character: C APIs stop at NUL, and a name with a newline forges
//!   lines of the prompt;
//! - percent-encoded bytes (`%2e%2e%2f`, `%00`, `%252e`): a later layer may decode them;
//! - look-alikes of `/`, `\`, `.` and `:` (fullwidth solidus, division and fraction slashes,
//!   one-dot leader, fullwidth and small full stops…), combining overlays, and invisible or
//!   bidirectional format characters: a later layer may fold them (NFKC turns `／` into `/`,
//!   `․․` into `..`), and a reader cannot see them;
//! - a segment of dots and spaces only other than `.` and `..` (`...`, `.. `): Windows strips
//!   trailing dots and spaces, so `.. ` is `..` there;
//! - `..` that climbs past the base (`a/../../x`); one that stays inside is resolved.

/// Why a path was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PathFault {
    /// It could reach outside the base; the message says by what.
    Escape(String),
    /// It is absolute and lies outside the base (or no base was given).
    Outside(String),
    /// It names nothing (empty, or only `.` segments: the base itself).
    Empty,
}

impl PathFault {
    pub(crate) fn message(&self) -> String {
        match self {
            PathFault::Escape(why) => {
                format!("refused: the path {why}; it could reach outside the base")
            }
            PathFault::Outside(why) => format!("refused: the path {why}"),
            PathFault::Empty => {
                "refused: the path names no file (empty, or the base itself)".to_string()
            }
        }
    }
}

/// Characters that a later layer may fold into `/`, `\`, `.` or `:`, or that hide what a name
/// says. Kept as a table so the list is read in one place (docs/FILES.md repeats it).
const LOOK_ALIKES: [(char, &str); 24] = [
    ('\u{2215}', "a division slash (U+2215)"),
    ('\u{2044}', "a fraction slash (U+2044)"),
    ('\u{FF0F}', "a fullwidth solidus (U+FF0F)"),
    ('\u{29F8}', "a big solidus (U+29F8)"),
    ('\u{2571}', "a box-drawing diagonal (U+2571)"),
    ('\u{FF3C}', "a fullwidth reverse solidus (U+FF3C)"),
    ('\u{FE68}', "a small reverse solidus (U+FE68)"),
    ('\u{2216}', "a set minus (U+2216)"),
    ('\u{29F5}', "a reverse solidus operator (U+29F5)"),
    ('\u{29F9}', "a big reverse solidus (U+29F9)"),
    ('\u{2024}', "a one-dot leader (U+2024)"),
    ('\u{2025}', "a two-dot leader (U+2025)"),
    ('\u{2026}', "an ellipsis (U+2026)"),
    ('\u{FF0E}', "a fullwidth full stop (U+FF0E)"),
    ('\u{FE52}', "a small full stop (U+FE52)"),
    ('\u{3002}', "an ideographic full stop (U+3002)"),
    ('\u{FF61}', "a halfwidth ideographic full stop (U+FF61)"),
    ('\u{2E31}', "a word separator middle dot (U+2E31)"),
    ('\u{FF1A}', "a fullwidth colon (U+FF1A)"),
    ('\u{FE55}', "a small colon (U+FE55)"),
    ('\u{2236}', "a ratio sign (U+2236)"),
    ('\u{0338}', "a combining long solidus overlay (U+0338)"),
    ('\u{0337}', "a combining short solidus overlay (U+0337)"),
    ('\u{20E5}', "a combining reverse solidus overlay (U+20E5)"),
];

/// Invisible characters and those that reorder text: a path shown to a person must say what it
/// names.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}')
}

/// `raw` normalised: segments joined by `/`, no empty or `.` segments, inner `..` resolved —
/// or the reason it is refused. `src/App.jsx`, `./src/App.jsx` and `src//App.jsx` are one path.
/// An absolute path is accepted when it lies lexically under `base`, in its relative form
/// (`/srv/app/src/a.js` under `/srv/app` is `src/a.js`); an absolute path outside the base, or
/// any absolute path without one, is refused and the reason says which.
pub(crate) fn normalize_in(raw: &str, base: Option<&Base>) -> Result<String, PathFault> {
    let escape = |why: &str| Err(PathFault::Escape(why.to_string()));
    if raw.starts_with('~') {
        return escape("starts with `~` (a home directory)");
    }
    check_chars(raw)?;
    let Some(rest) = raw.strip_prefix('/') else {
        return join(resolve(raw, "its base")?);
    };
    let Some(base) = base else {
        return Err(PathFault::Outside(
            "is absolute, and no base was given to resolve it against".to_string(),
        ));
    };
    let kept = resolve(rest, "the root")?;
    let under = kept.len() >= base.segments.len()
        && kept
            .iter()
            .zip(&base.segments)
            .all(|(a, b)| *a == b.as_str());
    match kept.get(base.segments.len()..).filter(|_| under) {
        Some(inside) => join(inside.to_vec()),
        None => Err(PathFault::Outside(format!(
            "is absolute and outside the base `{}`",
            base.shown
        ))),
    }
}

/// An absolute base directory, lexically normalised (`/srv//app/./` is `/srv/app`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Base {
    segments: Vec<String>,
    shown: String,
}

impl Base {
    /// `raw` must be absolute, and pass the rules a path does; else the reason it is refused.
    pub(crate) fn new(raw: &str) -> Result<Base, String> {
        let Some(rest) = raw.strip_prefix('/') else {
            return Err(format!(
                "the base must be an absolute path starting with `/`, got `{raw}`"
            ));
        };
        let refused = |fault: PathFault| match fault {
            PathFault::Escape(why) | PathFault::Outside(why) => format!("the base {why}"),
            PathFault::Empty => "the base names nothing".to_string(),
        };
        check_chars(raw).map_err(refused)?;
        let segments: Vec<String> = resolve(rest, "the root")
            .map_err(refused)?
            .into_iter()
            .map(str::to_string)
            .collect();
        let shown = format!("/{}", segments.join("/"));
        Ok(Base { segments, shown })
    }
}

fn join(kept: Vec<&str>) -> Result<String, PathFault> {
    if kept.is_empty() {
        return Err(PathFault::Empty);
    }
    Ok(kept.join("/"))
}

/// The characters no path may hold, whatever its form.
fn check_chars(raw: &str) -> Result<(), PathFault> {
    let escape = |why: &str| Err(PathFault::Escape(why.to_string()));
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\0' {
            return escape("contains NUL");
        }
        if c.is_control() {
            return escape("contains a control character");
        }
        if c == '\\' {
            return escape("contains a backslash");
        }
        if c == ':' {
            return escape("contains `:` (a drive letter, a stream or a scheme)");
        }
        if c == '%' {
            let mut ahead = chars.clone();
            let hex = |c: Option<char>| c.is_some_and(|c| c.is_ascii_hexdigit());
            if hex(ahead.next()) && hex(ahead.next()) {
                return escape("contains a percent-encoded byte");
            }
        }
        if let Some((_, name)) = LOOK_ALIKES.iter().find(|(l, _)| *l == c) {
            return Err(PathFault::Escape(format!("contains {name}")));
        }
        if is_invisible(c) {
            return escape("contains an invisible or bidirectional format character");
        }
    }
    Ok(())
}

/// The segments of a relative path with `.` and inner `..` resolved; `..` past the start
/// (`above`: what the path is relative to) is refused.
fn resolve<'a>(rel: &'a str, above: &str) -> Result<Vec<&'a str>, PathFault> {
    let mut kept: Vec<&str> = Vec::new();
    for segment in rel.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                if kept.pop().is_none() {
                    return Err(PathFault::Escape(format!("climbs above {above} with `..`")));
                }
            }
            s if s.chars().all(|c| c == '.' || c == ' ') => {
                return Err(PathFault::Escape(
                    "has a segment of dots and spaces (Windows reads `.. ` as `..`)".to_string(),
                ));
            }
            s => kept.push(s),
        }
    }
    Ok(kept)
}

/// The last segment of a normalised path.
pub(crate) fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The extension of a normalised path's file name, lowercased (`""` when there is none; a
/// leading dot, as in `.env`, starts a name, not an extension).
pub(crate) fn extension(path: &str) -> String {
    let name = file_name(path);
    match name.rfind('.') {
        Some(at) if at > 0 => name
            .get(at.saturating_add(1)..)
            .unwrap_or("")
            .to_ascii_lowercase(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalize(raw: &str) -> Result<String, PathFault> {
        normalize_in(raw, None)
    }

    #[test]
    fn spellings_of_one_file_are_one_path() {
        for raw in [
            "src/App.jsx",
            "./src/App.jsx",
            "src//App.jsx",
            "src/./App.jsx",
            "src/x/../App.jsx",
            "src/App.jsx/",
        ] {
            assert_eq!(normalize(raw), Ok("src/App.jsx".to_string()), "{raw}");
        }
    }

    #[test]
    fn escapes_are_refused() {
        for raw in [
            "../x",
            "a/../../x",
            "~/.ssh/id_rsa",
            "C:/x",
            "c:x",
            "a\\..\\x",
            "a\0b",
            "%2e%2e/x",
            "a%2Fb",
            "..%c0%af",
            "a／b",
            "a∕b",
            "․․/x",
            "．．/x",
            "a/... /b",
            "a/.. /b",
            "a\u{202E}b",
            "a\nb",
            "file:///etc/passwd",
        ] {
            assert!(
                matches!(normalize(raw), Err(PathFault::Escape(_))),
                "{raw:?}"
            );
        }
        assert!(matches!(
            normalize("/etc/passwd"),
            Err(PathFault::Outside(_))
        ));
        assert_eq!(normalize(""), Err(PathFault::Empty));
        assert_eq!(normalize("./."), Err(PathFault::Empty));
        assert_eq!(normalize("a/.."), Err(PathFault::Empty));
    }

    #[test]
    fn absolute_paths_inside_the_base_are_made_relative() {
        let base = Base::new("/srv//app/./").unwrap();
        let at = |raw: &str| normalize_in(raw, Some(&base));
        assert_eq!(at("/srv/app/src/a.js"), Ok("src/a.js".to_string()));
        assert_eq!(at("/srv/x/../app/src/a.js"), Ok("src/a.js".to_string()));
        assert_eq!(at("src/a.js"), Ok("src/a.js".to_string()));
        assert_eq!(at("/srv/app"), Err(PathFault::Empty));
        assert_eq!(at("/srv/app/"), Err(PathFault::Empty));
        for (raw, why) in [
            ("/srv/application/a.js", "outside the base `/srv/app`"),
            ("/etc/passwd", "outside the base `/srv/app`"),
            ("/srv/app/../x", "outside the base `/srv/app`"),
            ("/../srv/app/a", "climbs above the root"),
            ("/srv/app/a\nb", "control character"),
        ] {
            match at(raw) {
                Err(PathFault::Escape(m) | PathFault::Outside(m)) => {
                    assert!(m.contains(why), "{raw}: {m}")
                }
                other => panic!("{raw}: {other:?}"),
            }
        }
        match normalize("/srv/app/a.js") {
            Err(PathFault::Outside(m)) => assert!(m.contains("is absolute"), "{m}"),
            other => panic!("{other:?}"),
        }
        let root = Base::new("/").unwrap();
        assert_eq!(normalize_in("/a/b", Some(&root)), Ok("a/b".to_string()));
        assert!(Base::new("srv/app").is_err());
        assert!(Base::new("C:/app").is_err());
        assert!(Base::new("/a/../..").is_err());
    }

    #[test]
    fn names_and_extensions() {
        assert_eq!(file_name("src/App.jsx"), "App.jsx");
        assert_eq!(extension("src/App.JSX"), "jsx");
        assert_eq!(extension(".env"), "");
        assert_eq!(extension("Makefile"), "");
        assert_eq!(extension("a.tar.gz"), "gz");
        // A literal percent sign not followed by two hex digits is an ordinary character.
        assert_eq!(normalize("100%/x"), Ok("100%/x".to_string()));
    }
}
