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

use std::path::Path;

pub use dot::Passes;

use crate::error::{Error, Result};
use crate::index::Recorded;
use crate::lesson::{Lesson, MAX_FILE_BYTES};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// One recorded run in one format, written to `out` as it is made. The s-expression is of the
/// game tree itself, so it needs the lesson; every other format reads the run alone.
pub fn write(
    lesson: Option<&Lesson>,
    rec: &Recorded,
    format: Format,
    passes: Passes,
    out: &mut dyn std::io::Write,
) -> Result<()> {
    let options = &rec.trace.header.options;
    if matches!(format, Format::Dot | Format::Md) && options.family().samples() {
        return Err(Error::Options(format!(
            "--format {}: draws a search's calls, and a Monte Carlo run makes none (it grows a tree by iterations); export it with --format jsonl, or see its tree with `prune run` or `prune open`",
            if format == Format::Dot { "dot" } else { "md" }
        )));
    }
    match format {
        Format::Dot => dot::write(rec, passes, out)?,
        Format::Md => markdown::write(rec, out)?,
        Format::Jsonl => crate::report::write_trace_jsonl(rec, out)?,
        Format::Sexp => {
            let header = &rec.trace.header;
            let lesson = lesson.ok_or_else(|| {
                Error::Options(format!(
                    "the s-expression export draws the lesson's game tree, which a saved trace does not hold; export it from the lesson ({})",
                    header.lesson
                ))
            })?;
            let depth = header.options.depth;
            let tree = match &lesson.model {
                crate::game::model::Model::Graph(_) => {
                    sexp::unfold(&lesson.graph, header.start, depth)
                }
                game => game.visit(header.start, Unfold { depth }),
            }
            .map_err(|m| Error::Options(format!("{}: {m}", lesson.name)))?;
            out.write_all((sexp::write(&tree) + "\n").as_bytes())?;
        }
    }
    Ok(())
}

/// A game's tree below its root (`sexp::unfold_game`), for `Model::visit`.
struct Unfold {
    depth: u8,
}

impl crate::game::model::Visit for Unfold {
    type Out = std::result::Result<sexp::Tree, String>;
    fn visit<G: crate::game::Game>(self, game: &G, start: G::State) -> Self::Out {
        sexp::unfold_game(game, start, self.depth)
    }
}

/// `write`, to a string.
pub fn render(
    lesson: Option<&Lesson>,
    rec: &Recorded,
    format: Format,
    passes: Passes,
) -> Result<String> {
    let mut bytes = Vec::new();
    write(lesson, rec, format, passes, &mut bytes)?;
    Ok(String::from_utf8(bytes).expect("exports are UTF-8"))
}

/// Imports the s-expression tree in `file` (`-` for stdin) as a lesson file's text.
pub fn import(file: &str, title: Option<&str>) -> Result<String> {
    let (origin, text) = if file == "-" {
        (
            "<stdin>".to_string(),
            crate::input::read_stdin(MAX_FILE_BYTES)?,
        )
    } else {
        (file.to_string(), crate::lesson::read_text(Path::new(file))?)
    };
    import_text(&origin, &text, title)
}

/// An s-expression tree (named `origin` in errors) as the text of a lesson file.
pub fn import_text(origin: &str, text: &str, title: Option<&str>) -> Result<String> {
    import::lesson_json(origin, text, title)
}
