//! Names of files that hold credentials.
//!
//! A name is matched as Windows would open it as well as it is spelled: Windows strips the
//! trailing dots and spaces of every segment, so `id_rsa.`, `.npmrc ` and `keys/server.pem `
//! open the secret file there. Matching is on that form, lowercased, of every segment: a rule
//! that holds for the spelled name holds for each of its Windows spellings.

/// File names that hold credentials, matched on the last segment.
const SECRET_NAMES: [&str; 22] = [
    ".env",
    "id_rsa",
    "id_dsa",
    "id_ecdsa",
    "id_ed25519",
    ".netrc",
    "_netrc",
    ".npmrc",
    ".pypirc",
    ".pgpass",
    ".htpasswd",
    ".git-credentials",
    ".dockercfg",
    "credentials",
    "credentials.json",
    "credentials.yml",
    "credentials.yaml",
    "secrets.json",
    "secrets.yml",
    "secrets.yaml",
    "terraform.tfstate",
    ".vault-token",
];

/// Extensions of key and certificate stores.
const SECRET_EXTENSIONS: [&str; 9] = [
    ".pem",
    ".key",
    ".p12",
    ".pfx",
    ".jks",
    ".keystore",
    ".ppk",
    ".tfvars",
    ".kdbx",
];

/// Directories whose every file is a credential or key.
const SECRET_DIRS: [&str; 3] = [".ssh", ".gnupg", ".aws"];

/// Environment files committed on purpose as templates (`.env.example`, `example.env`): their
/// content is still scanned.
const ENV_TEMPLATES: [&str; 4] = ["example", "sample", "template", "dist"];

/// A segment as Windows opens it: trailing dots and spaces stripped, lowercased (Windows and
/// macOS file systems are case-insensitive by default).
fn windows_form(segment: &str) -> String {
    segment.trim_end_matches(['.', ' ']).to_ascii_lowercase()
}

/// What makes `path` (`/`-separated, relative) look like a credential file, if anything.
pub(crate) fn secret_name(path: &str) -> Option<String> {
    let segments: Vec<String> = path.split('/').map(windows_form).collect();
    let (name, dirs) = segments.split_last()?;
    if let Some(dir) = dirs
        .iter()
        .rev()
        .find(|s| SECRET_DIRS.contains(&s.as_str()))
    {
        return Some(format!("it is inside `{dir}/`"));
    }
    if SECRET_NAMES.contains(&name.as_str()) {
        return Some(format!("its name `{name}` is a credential file's"));
    }
    if let Some(rest) = name.strip_prefix(".env.") {
        if !ENV_TEMPLATES.contains(&rest) {
            return Some(format!("its name `{name}` is an environment file's"));
        }
    }
    if let Some(stem) = name.strip_suffix(".env") {
        if !ENV_TEMPLATES.contains(&stem.trim_start_matches('.')) {
            return Some(format!("its name `{name}` is an environment file's"));
        }
    }
    SECRET_EXTENSIONS
        .iter()
        .find(|ext| name.ends_with(*ext))
        .map(|ext| format!("its extension `{ext}` is a key or certificate store's"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credential_file_names() {
        for p in [
            ".env",
            "app/.env.local",
            "prod.env",
            "id_rsa",
            "x/server.PEM",
            "tls.key",
            ".aws/config",
            "home/.ssh/known_hosts",
            "credentials.json",
            "a/.SSH/config",
        ] {
            assert!(secret_name(p).is_some(), "{p}");
        }
        for p in [
            ".env.example",
            "example.env",
            "sample.env",
            "template.env",
            ".env.sample.",
            "id_rsa.pub",
            "id_rsa.pub. ",
            "src/App.jsx",
            "keys.ts",
            "environment.ts",
            "README.md",
        ] {
            assert!(secret_name(p).is_none(), "{p}");
        }
    }

    #[test]
    fn windows_spellings_of_a_secret_name_are_secret() {
        for p in [
            "id_rsa.",
            ".npmrc ",
            "keys/server.pem ",
            ".env. . ",
            ".ssh./config",
            ".ssh /notes.txt",
            "CREDENTIALS.JSON...",
            "prod.env ",
        ] {
            assert!(secret_name(p).is_some(), "{p:?}");
        }
    }

    /// Every name refused stays refused under every Windows spelling of every segment.
    #[test]
    fn each_windows_spelling_is_judged_as_its_name() {
        let names = [
            ".env",
            "id_rsa",
            ".npmrc",
            "a.pem",
            ".ssh/x",
            "src/a.ts",
            "example.env",
            "x.key",
        ];
        let tails = ["", ".", " ", ". ", " .", "..", "  ", ". . "];
        for name in names {
            for tail in tails {
                let spelled: String = name
                    .split('/')
                    .map(|s| format!("{s}{tail}"))
                    .collect::<Vec<_>>()
                    .join("/");
                assert_eq!(
                    secret_name(&spelled).is_some(),
                    secret_name(name).is_some(),
                    "{spelled:?}"
                );
            }
        }
    }
}
