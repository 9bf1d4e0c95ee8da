//! Secret rules that hold through any path and on any content (issue 33), through the public
//! API: a name rule holds for the path asked for, for the path the disk resolves it to
//! (`realPath`), and for every Windows spelling of either; the content scan gives a result for
//! any text, and a refused file's text never reaches the block.
// proptest needs an OS random source, which wasm32-unknown-unknown has not.
#![cfg(not(target_arch = "wasm32"))]

use ctxpack::__private::files::secret_content;
use ctxpack::files::Content;
use ctxpack::files::{check_paths, PathsInput};
use ctxpack::files::{preload, FileContent, FileReason, FileRef, PreloadInput};
use ctxpack::Limits;
use proptest::prelude::*;

const MARK: &str = "harmless text 7f3a\n";

fn segment() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "src", "docs", ".ssh", ".aws", ".gnupg", "cfg", "keys", ".SSH", "a.b",
    ])
    .prop_map(str::to_string)
}

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        ".env",
        "id_rsa",
        "id_rsa.pub",
        "server.pem",
        "readme.md",
        "example.env",
        ".env.example",
        "app.ts",
        ".npmrc",
        "prod.env",
        "credentials.json",
        "TLS.KEY",
        "notes.txt",
    ])
    .prop_map(str::to_string)
}

/// What Windows strips from the end of a segment.
fn tail() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["", "", "", ".", " ", ". ", " .", "..", ". . "])
        .prop_map(str::to_string)
}

/// A relative path, and the same path with Windows tails on each segment.
fn path() -> impl Strategy<Value = (String, String)> {
    (
        prop::collection::vec((segment(), tail()), 0..3),
        (name(), tail()),
    )
        .prop_map(|(dirs, (n, t))| {
            let plain: Vec<String> = dirs
                .iter()
                .map(|(d, _)| d.clone())
                .chain([n.clone()])
                .collect();
            let spelled: Vec<String> = dirs
                .iter()
                .map(|(d, t)| format!("{d}{t}"))
                .chain([format!("{n}{t}")])
                .collect();
            (plain.join("/"), spelled.join("/"))
        })
}

fn is_secret_name(path: &str) -> bool {
    let input = PathsInput {
        paths: vec![path.to_string()],
        allow_secrets: None,
        base: None,
    };
    check_paths(&input, &Limits::default())
        .map(|c| c.paths.first().and_then(|p| p.reason_code) == Some(FileReason::Secret))
        .unwrap_or(false)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    /// A file is refused by name exactly when the path asked for or its real path names a
    /// secret, whatever Windows spelling either has; a refused file's text is not in the block.
    #[test]
    fn names_hold_through_links_and_windows_spellings(
        (asked, asked_spelled) in path(),
        real in prop::option::of(path()),
    ) {
        let expected = is_secret_name(&asked) || real.as_ref().is_some_and(|(r, _)| is_secret_name(r));
        prop_assert_eq!(is_secret_name(&asked_spelled), is_secret_name(&asked), "{:?}", asked_spelled);
        let input = PreloadInput {
            references: vec![FileRef { path: asked_spelled.clone(), source: None }],
            contents: Some(vec![FileContent {
                path: asked_spelled.clone(),
                content: Some(Content::Text(MARK.to_string())),
                kind: None,
                size: None,
                real_path: real.as_ref().map(|(_, spelled)| spelled.clone()),
            }]),
            ..Default::default()
        };
        let out = preload(&input, &Limits::default()).map_err(|e| TestCaseError::fail(e.message))?;
        let record = out.manifest.files.first().ok_or_else(|| TestCaseError::fail("no record"))?;
        let refused = record.reason_code == FileReason::Secret;
        prop_assert_eq!(refused, expected, "{:?} -> {:?}: {}", asked_spelled, real, record.item.reason);
        prop_assert_eq!(out.block.contains(MARK), !refused);
    }

    /// Any text gets an answer (no panic), and a credential found in a text is found whatever
    /// lines come before it.
    #[test]
    fn the_scan_answers_any_text(text in text(), before in text()) {
        let found = secret_content(&text);
        if found.is_some() {
            let joined = format!("{}\n{}", before, text);
            prop_assert!(secret_content(&joined).is_some(), "{:?}", joined);
        }
    }
}

/// Credentials of several families, each in a place it is found.
const SECRETS: [&str; 5] = [
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtz\n-----END OPENSSH PRIVATE KEY-----\n",
        "AWS_SECRET_ACCESS_KEY=Zq8rT2vW9yB4nM6kL1pX3cF5hJ7dG0sA+eU/iO8w\n",
        "url: postgres://svc:Xk29fLq0Zm@db.internal/app\n",
        "token: glpat-Ab3dE5gH7jK9mN1pQ3sT\n",
        "SESSION_SECRET=\"b8Fq2LzX9mR4tW7vK1pN6cJ3hD0sY5aE\"\n",
];

/// Texts of credentials, their look-alikes and anything else, pieced together.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(SECRETS.to_vec()).prop_map(str::to_string),
        prop::sample::select(vec![
            "-----BEGIN PRIVATE KEY-----\n",
            "password: ",
            "=",
            ":",
            "://",
            "@",
            "\"",
            "ghp_",
            "sk-",
            "\n",
            " "
        ])
        .prop_map(str::to_string),
        "\\PC{0,20}",
    ];
    prop::collection::vec(piece, 0..8).prop_map(|p| p.concat())
}

#[test]
fn a_secret_in_any_family_is_refused_whatever_surrounds_it() {
    let secrets = SECRETS;
    let surroundings = [
        ("", ""),
        ("# notes\n", "\nmore\n"),
        ("{\n", "}\n"),
        ("é😀\n", "\u{0}"),
    ];
    for secret in secrets {
        for (before, after) in surroundings {
            let text = format!("{before}{secret}{after}");
            assert!(secret_content(&text).is_some(), "{text:?}");
        }
    }
}

/// A real path the host names with line ends, backticks or bidirectional controls is not
/// echoed into the reason, which the agent may read.
#[test]
fn an_odd_real_path_refuses_without_echoing_it() {
    for real in [
        "x/\n## forged\n.env",
        "a`b/.env",
        "\u{202E}vne./id_rsa",
        ".ssh/\u{0}x",
    ] {
        let input = PreloadInput {
            references: vec![FileRef {
                path: "src/a.txt".into(),
                source: None,
            }],
            contents: Some(vec![FileContent {
                path: "src/a.txt".into(),
                content: Some(Content::Text(MARK.into())),
                kind: None,
                size: None,
                real_path: Some(real.into()),
            }]),
            ..Default::default()
        };
        let out = preload(&input, &Limits::default()).unwrap();
        let record = &out.manifest.files[0];
        assert_eq!(record.reason_code, FileReason::Secret, "{real:?}");
        assert!(!record.item.reason.contains(real), "{real:?}");
        assert!(!record.item.reason.contains('\n'), "{real:?}");
    }
}

/// Texts where shapes start over and over inside one run: each is scanned once per run, so
/// these take milliseconds (a scan that walked each start's run to its end took hours on the
/// first; nothing here is timed, a regression shows as a test that does not end).
#[test]
fn repeated_starts_are_scanned_in_one_pass() {
    let texts = [
        "eyJ-".repeat(250_000),
        "a=".repeat(500_000),
        "token:".repeat(170_000),
        "-----BEGIN PRIVATE KEY-----".repeat(36_000),
        "x: -----BEGIN PRIVATE KEY-----\n".repeat(33_000),
        "ghp_".repeat(250_000),
        format!("x=\"{}", "a:\"".repeat(300_000)),
    ];
    for text in &texts {
        // Only that it answers; what it answers is the other tests' business.
        let _ = secret_content(text);
    }
    assert_eq!(
        secret_content(&"ghp_".repeat(250_000)),
        Some("a GitHub token")
    );
}
