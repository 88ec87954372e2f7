//! The call trace as a Markdown table: the rows and columns of `prune trace --format tsv`
//! (the same text, re-framed), then the run's result lines.

use crate::index::Recorded;
use crate::report::{three_lines, trace_tsv};

pub fn render(rec: &Recorded) -> String {
    let tsv = trace_tsv(rec);
    let mut out = String::new();
    for (i, line) in tsv.lines().enumerate() {
        let cells: Vec<&str> = line.split('\t').collect();
        out.push_str("| ");
        out.push_str(&cells.join(" | "));
        out.push_str(" |\n");
        if i == 0 {
            // Numbers align right; the result column is a word.
            let align: Vec<&str> = (0..cells.len())
                .map(|k| if k + 1 == cells.len() { ":---" } else { "---:" })
                .collect();
            out.push_str(&format!("|{}|\n", align.join("|")));
        }
    }
    out.push_str("\n```text\n");
    out.push_str(&three_lines(&rec.trace.header.lesson, rec.result()));
    out.push_str("```\n");
    out
}
