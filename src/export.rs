//! Exports of a searched tree for teaching material, and s-expression import (issue 5).
//!
//! Every export renders one indexed run (a lesson recorded now, or a saved trace); nothing
//! here searches or computes a value a second way.
//! - `dot`: Graphviz drawing of the searched tree.
//! - `md`: the call-trace table in Markdown.
//! - `jsonl`: the event stream, one JSON object per line.
//! - `sexp`: the tree the run looks at, as an s-expression; `import` reads one back.

pub mod dot;
pub mod import;
pub mod markdown;
pub mod sexp;

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

pub use dot::Passes;

use crate::cli::RunArgs;
use crate::error::{Error, Result};
use crate::index::Recorded;
use crate::lesson::{Lesson, MAX_FILE_BYTES};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Graphviz DOT of the searched tree (render with `dot -Tpng`).
    Dot,
    /// The call-trace table in Markdown (the columns of `prune trace --format tsv`).
    Md,
    /// Every event as one JSON object per line (as `prune trace --format jsonl`).
    Jsonl,
    /// The game tree below the start node to the run's depth, as an s-expression.
    Sexp,
}

/// `prune export …`
#[derive(Args, Debug, Clone)]
pub struct ExportArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// What to write.
    #[arg(long, value_enum, default_value_t = Format::Dot)]
    pub format: Format,
    /// For dot: draw the last completed pass, or every pass in its own box.
    #[arg(long, value_enum, default_value_t = Passes::Last)]
    pub passes: Passes,
}

/// `prune import …`
#[derive(Args, Debug, Clone)]
pub struct ImportArgs {
    /// A file holding one s-expression tree such as (((3)(12)(8))((2)(4)(6))), or - for stdin.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// The lesson's title [default: "Imported tree from FILE"].
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Write the lesson file here instead of to stdout.
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
}

pub fn export(args: &ExportArgs) -> Result<String> {
    let (lesson, recorded) = args.run.recorded()?;
    render(lesson.as_ref(), &recorded, args.format, args.passes)
}

/// One recorded run in one format. The s-expression is of the game tree itself, so it needs
/// the lesson; every other format reads the run alone.
pub fn render(
    lesson: Option<&Lesson>,
    rec: &Recorded,
    format: Format,
    passes: Passes,
) -> Result<String> {
    Ok(match format {
        Format::Dot => dot::render(rec, passes),
        Format::Md => markdown::render(rec),
        Format::Jsonl => crate::report::trace_jsonl(rec),
        Format::Sexp => {
            let header = &rec.trace.header;
            let lesson = lesson.ok_or_else(|| {
                Error::Options(format!(
                    "the s-expression export draws the lesson's game tree, which a saved trace does not hold; export it from the lesson ({})",
                    header.lesson
                ))
            })?;
            let tree = sexp::unfold(&lesson.graph, header.start, header.options.depth)
                .map_err(|m| Error::Options(format!("{}: {m}", lesson.name)))?;
            sexp::write(&tree) + "\n"
        }
    })
}

pub fn import(args: &ImportArgs) -> Result<String> {
    let (origin, text) = if args.file == "-" {
        ("<stdin>".to_string(), read_stdin()?)
    } else {
        (
            args.file.clone(),
            crate::lesson::read_text(Path::new(&args.file))?,
        )
    };
    let json = import_text(&origin, &text, args.title.as_deref())?;
    match &args.out {
        None => Ok(json),
        Some(path) => {
            std::fs::write(path, &json).map_err(|source| Error::Io {
                path: path.clone(),
                source,
            })?;
            Ok(format!("wrote {}\n", path.display()))
        }
    }
}

/// An s-expression tree (named `origin` in errors) as the text of a lesson file.
pub fn import_text(origin: &str, text: &str, title: Option<&str>) -> Result<String> {
    import::lesson_json(origin, text, title)
}

fn read_stdin() -> Result<String> {
    let path = PathBuf::from("<stdin>");
    let mut bytes = Vec::new();
    // Read one byte past the limit to tell "at the limit" from "over it".
    std::io::stdin()
        .lock()
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::TooLarge {
            path,
            size: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    crate::lesson::utf8_text(&path, bytes)
}
