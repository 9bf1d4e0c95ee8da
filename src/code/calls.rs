//! The code module's exports (npm entry `ctxpack/code`, feature `code`): its table and the
//! bodies that read each call's arguments (see `crate::exports`).

use super::outputs::files_from_value;
use super::registry::source_files_from_value;
use super::TrackedOutputs;
use super::{ExtractedClasses, ModifiedFiles, ModuleRegistry, RegistryOptions, RegistryResult};
use crate::exports::{declare, Args};
use crate::Result;

macro_rules! table {
    ($then:ident) => {
        $then! {
            feature "code";
            decoders "/src/wasm/shapes/code.js";
            budget 131_000;
            calls crate::code::calls;
            classes [];
            types [];
            #[doc = " The classes `content` defines, judged by `path`'s extension (`.py .pyi`, `.ts .tsx`,"]
            #[doc = " `.js .jsx .mjs .cjs`, `.dart`); any other extension gives none."]
            fn extractClasses(path: "string", content: "string"; options: "CallOptions | null") -> shape "ExtractedClasses" = extract_classes;
            #[doc = " The registry block: every listed class with its import line and source, under the options'"]
            #[doc = " budgets, and a manifest of what was truncated, dropped or not found."]
            fn formatModuleRegistry(registry: "ModuleRegistry", files: "{ [path: string]: string }"; options: "RegistryOptions | null", call: "CallOptions | null") counted -> shape "RegistryResult" = format_module_registry;
            #[doc = " The classes defined in created files and in modified files (`null` content: missing,"]
            #[doc = " skipped), merged per path in source order."]
            fn trackOutputs(created: "{ [path: string]: string }"; modified: "{ [path: string]: string | null } | null", call: "CallOptions | null") -> shape "TrackedOutputs" = track_outputs;
            #[doc = " The paths an LLM response says it modified, in first-seen order."]
            fn parseModifiedFiles(response: "string"; call: "CallOptions | null") -> shape "ModifiedFiles" = parse_modified_files;
        }
    };
}
// The binding expands it too, in the entries that carry this engine.
#[allow(unused_imports)]
pub(crate) use table;
table!(declare);

pub(crate) fn extract_classes(a: &mut impl Args) -> Result<ExtractedClasses> {
    let path = a.string(0, "/path", "the path")?;
    let content = a.string(1, "/content", "the content")?;
    Ok(super::extract_classes(&path, &content))
}

pub(crate) fn format_module_registry(a: &mut impl Args) -> Result<RegistryResult> {
    let registry: ModuleRegistry = a.optional(0, "/registry")?;
    let files = source_files_from_value(&a.value(1, "/files")?, "/files")?;
    let options: RegistryOptions = a.optional(2, "/options")?;
    a.metered(|meter| match meter {
        None => Ok(super::format_module_registry(&registry, &files, &options)),
        Some(meter) => super::format_module_registry_metered(&registry, &files, &options, meter),
    })
}

pub(crate) fn track_outputs(a: &mut impl Args) -> Result<TrackedOutputs> {
    let created: Vec<(String, String)> =
        files_from_value(&a.value(0, "/created")?, "/created", false)?
            .into_iter()
            .map(|(p, c)| (p, c.unwrap_or_default()))
            .collect();
    let modified = match a.value(1, "/modified")? {
        crate::json::Value::Null => Vec::new(),
        m => files_from_value(&m, "/modified", true)?,
    };
    Ok(super::track_outputs(&created, &modified))
}

pub(crate) fn parse_modified_files(a: &mut impl Args) -> Result<ModifiedFiles> {
    let response = a.string(0, "/responseText", "the response")?;
    Ok(super::parse_modified_files(&response))
}
