//! The `ctxpack/files` entry's exports (feature `files`): preloaded files, the path rules and
//! prompt sections. Its table and the bodies that read each call's arguments (see
//! `crate::exports`).

use super::check::{check_paths, PathChecks, PathsInput};
use super::{PreloadInput, PreloadResult};
use crate::exports::{declare, Args};
use crate::sections::{SectionsInput, SectionsResult};
use crate::Result;

macro_rules! table {
    ($then:ident) => {
        $then! {
            feature "files";
            decoders "/src/wasm/shapes/files.js";
            budget 135_000;
            calls crate::files::calls;
            classes [];
            types [];
            #[doc = " Inlines the referenced files' contents under a budget: paths confined and de-duplicated,"]
            #[doc = " binary files, directories, long files and likely secrets left out, one record per reference."]
            fn preloadFiles(input: "PreloadInput"; options: "CallOptions | null") counted -> shape "PreloadResult" = preload_files | host preload_files;
            #[doc = " The path rules alone, for a host that reads the files itself: each path normalised, refused"]
            #[doc = " (escape, secret name) or marked as a duplicate of an earlier one."]
            fn checkPaths(input: "PathsInput"; options: "CallOptions | null") -> shape "PathChecks" = check_paths_call;
            #[doc = " The prompt at the first pass of the degradation plan that fits the budget, or cut to it."]
            fn fitSections(input: "SectionsInput"; options: "CallOptions | null") counted -> shape "SectionsResult" = fit_sections;
        }
    };
}
// The binding expands it too, in the entries that carry this engine.
#[allow(unused_imports)]
pub(crate) use table;
table!(declare);

pub(crate) fn preload_files(a: &mut impl Args) -> Result<PreloadResult> {
    let input: PreloadInput = a.read(0, "")?;
    let limits = *a.limits();
    a.metered(|meter| match meter {
        None => super::preload(&input, &limits),
        Some(meter) => super::preload_metered(&input, &limits, meter),
    })
}

pub(crate) fn check_paths_call(a: &mut impl Args) -> Result<PathChecks> {
    let input: PathsInput = a.read(0, "")?;
    check_paths(&input, a.limits())
}

pub(crate) fn fit_sections(a: &mut impl Args) -> Result<SectionsResult> {
    let input: SectionsInput = a.read(0, "")?;
    let limits = *a.limits();
    a.metered(|meter| match meter {
        None => crate::sections::fit_sections(&input, &limits),
        Some(meter) => crate::sections::fit_sections_metered(&input, &limits, meter),
    })
}
