//! Assemble a project's context from the command line, natively:
//!
//! ```sh
//! cargo run --example assemble -- samples/writing-project.json profiles/writing-app.json "generate episodes 7-12"
//! ```
//!
//! The project file is `{documents, edges?}`; prints the context, then the manifest's log.

use ctxpack::jsondoc::{AssembleOptions, ContextAssembler, JsonInput, Profile, Request};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [project, profile, request] = args.as_slice() else {
        eprintln!("usage: assemble <project.json> <profile.json> <request text>");
        return ExitCode::from(2);
    };
    match run(project, profile, request) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn run(project: &str, profile: &str, request: &str) -> Result<(), Box<dyn std::error::Error>> {
    let input = JsonInput::parse(
        std::fs::read_to_string(project)?,
        &ctxpack::Limits::default(),
    )?;
    let assembler =
        ContextAssembler::new(&Profile::from_json(&std::fs::read_to_string(profile)?)?)?;
    // The sample project names and describes itself beside its documents and edges.
    let members = input
        .rest
        .iter()
        .filter(|(k, _)| !["name", "description"].contains(k));
    let mut options = AssembleOptions::from_members(members)?;
    options.request = Request::Text(request.to_string());
    let out = assembler.assemble(&input.documents, &options)?;
    println!("{}\n", out.context);
    for line in &out.manifest.log {
        println!("# {line}");
    }
    for d in &out.manifest.documents {
        println!(
            "# {:>12} {:<28} {}",
            format!("{:?}", d.item.action),
            d.item.id,
            d.item.reason
        );
    }
    Ok(())
}
