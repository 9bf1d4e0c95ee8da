//! The path rules on their own, for a host that reads files itself (the Node entry's reader):
//! which of its paths it may open, under which name, and which repeat an earlier one — decided
//! here, so the reader and `preload` can never disagree.

use super::path::{normalize_in, PathFault};
use super::secrets::secret_name;
use super::FileReason;
use crate::shape::Shape;
use crate::{Limits, Result};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Shape)]
#[shape(
    input,
    rename_all = "camelCase",
    expecting = "a paths input {paths, allowSecrets?}"
)]
pub struct PathsInput {
    pub paths: Vec<String>,
    /// Let names that look like credential files through (default false).
    pub allow_secrets: Option<bool>,
    /// The absolute directory the paths are relative to, for absolute paths (as `preloadFiles`'
    /// `base`).
    pub base: Option<String>,
}

/// What may be done with a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub enum PathStatus {
    /// Read it, under `normalized`.
    Read,
    /// An earlier path names the same file: read that one.
    Duplicate,
    /// Never read it.
    Rejected,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output, rename_all = "camelCase")]
pub struct PathCheck {
    /// As given.
    pub path: String,
    /// The one spelling, relative to the base (`null` when refused).
    pub normalized: Option<String>,
    pub status: PathStatus,
    /// `path_escape`, `invalid_path`, `secret` or `duplicate`; `null` when it may be read.
    pub reason_code: Option<FileReason>,
    pub reason: Option<String>,
    /// For a duplicate: the index of the path it repeats.
    pub duplicate_of: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Shape)]
#[shape(output)]
pub struct PathChecks {
    /// One per path, in order.
    pub paths: Vec<PathCheck>,
}

/// Normalises, confines and de-duplicates `input.paths`, first-seen order kept.
pub fn check_paths(input: &PathsInput, limits: &Limits) -> Result<PathChecks> {
    limits.check_documents(input.paths.len(), "/paths")?;
    let allow_secrets = input.allow_secrets.unwrap_or(false);
    let base = super::read_base(input.base.as_deref())?;
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let paths = input
        .paths
        .iter()
        .enumerate()
        .map(|(i, raw)| {
            let mut c = PathCheck {
                path: raw.clone(),
                normalized: None,
                status: PathStatus::Rejected,
                reason_code: None,
                reason: None,
                duplicate_of: None,
            };
            match normalize_in(raw, base.as_ref()) {
                Err(fault) => {
                    c.reason_code = Some(match fault {
                        PathFault::Escape(_) | PathFault::Outside(_) => FileReason::PathEscape,
                        PathFault::Empty => FileReason::InvalidPath,
                    });
                    c.reason = Some(fault.message());
                }
                Ok(normal) => {
                    if let Some(&first) = seen.get(&normal) {
                        c.status = PathStatus::Duplicate;
                        c.reason_code = Some(FileReason::Duplicate);
                        c.reason = Some(format!("the same file as path {first}"));
                        c.duplicate_of = Some(first);
                    } else {
                        seen.insert(normal.clone(), i);
                        match secret_name(&normal).filter(|_| !allow_secrets) {
                            Some(why) => {
                                c.reason_code = Some(FileReason::Secret);
                                c.reason = Some(format!(
                                    "refused as a likely secret: {why} (allowSecrets reads it)"
                                ));
                            }
                            None => c.status = PathStatus::Read,
                        }
                    }
                    c.normalized = Some(normal);
                }
            }
            c
        })
        .collect();
    Ok(PathChecks { paths })
}
