//! The call trace as a Markdown table: the rows and columns of `prune trace --format tsv`
//! (the same cells, re-framed), then the run's result lines in a code block.

use std::io::{self, Write};

use crate::index::Recorded;
use crate::report::{TSV_HEADER, Wording, three_lines_in, tsv_cells};
use crate::text::{Chunked, rendered};

pub fn write(rec: &Recorded, out: &mut dyn Write) -> io::Result<()> {
    let words = Wording::of_trace(rec);
    let mut rows = Chunked::new(out);
    let columns: Vec<&str> = TSV_HEADER.split('\t').collect();
    rows.buf.push_str(&format!("| {} |\n", columns.join(" | ")));
    // Numbers align right; the result column is a word.
    let align: Vec<&str> = (0..columns.len())
        .map(|k| {
            if k + 1 == columns.len() {
                ":---"
            } else {
                "---:"
            }
        })
        .collect();
    rows.buf.push_str(&format!("|{}|\n", align.join("|")));
    for (i, c) in rec.tree().call_nodes().enumerate() {
        rows.buf.push_str("| ");
        tsv_cells(&mut rows.buf, rec, words.units(), i + 1, &c, " | ");
        rows.buf.push_str(" |\n");
        rows.row_done()?;
    }
    let result = three_lines_in(
        &rec.trace.header.lesson,
        rec.result(),
        rec.tree().committed_bound(),
        &words,
    );
    let fence = fence_for(&result);
    rows.buf
        .push_str(&format!("\n{fence}text\n{result}{fence}\n"));
    rows.finish()
}

pub fn render(rec: &Recorded) -> String {
    rendered(|out| write(rec, out))
}

/// A code fence that `text` cannot close: longer than any run of backticks in it (a lesson's
/// name is inside, and may hold anything).
fn fence_for(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

#[cfg(test)]
mod tests {
    use super::fence_for;

    #[test]
    fn the_fence_outruns_the_backticks_inside() {
        assert_eq!(fence_for("worked: COMPLETE"), "```");
        assert_eq!(fence_for("a``b"), "```");
        assert_eq!(fence_for("a```b`"), "````");
        assert_eq!(fence_for("``````"), "```````");
    }
}
