//! Graphviz DOT of the searched tree: one box per admitted call (a transposition reached twice
//! is drawn twice, with the same state name), dashed boxes for the candidates a cutoff skipped,
//! and the principal line in bold.
//!
//! A box reads, top to bottom: ▲/▼ and the state; the window the call got (and its depth);
//! in quiescence, the stand-pat score; the value it returned as a bound (=v exact, ≥v lower,
//! ≤v upper) and how (table hit, terminal, static); "✂ cut" when its window closed.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::{self, Write};

use crate::error::plural;
use crate::index::{NONE, NodeKind, Outcome, Recorded, TreeNode};
use crate::search::Flag;
use crate::text::{Chunked, one_line, rendered};
use crate::value::Units;

/// Which passes of an iterative-deepening run are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Passes {
    /// The last completed pass (the last pass when none completed).
    Last,
    /// Every pass, each in its own box (cluster).
    All,
}

/// The drawing, written to `out` as it is made.
pub fn write(rec: &Recorded, passes: Passes, out: &mut dyn Write) -> io::Result<()> {
    let tree = rec.tree();
    let r = rec.result();
    let words = crate::report::Wording::of_trace(rec);
    let units = words.units();
    let mut rows = Chunked::new(out);
    rows.buf.push_str("digraph prune {\n");
    let title = format!(
        "{}: {}, depth {}, score {}, move {}; {} call{}, {} cutoff{}",
        rec.trace.header.lesson,
        r.status.name(),
        r.depth,
        units.sc(r.score),
        words.mv(r.mv),
        r.stats.nodes,
        plural(r.stats.nodes as usize),
        r.stats.cutoffs,
        plural(r.stats.cutoffs as usize)
    );
    let _ = writeln!(
        rows.buf,
        "  graph [label=\"{}\\nbold: principal line   dashed: skipped after a cutoff\", labelloc=t, fontname=\"Helvetica\", ordering=out];",
        escape(&title)
    );
    rows.buf
        .push_str("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];\n");
    rows.buf
        .push_str("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    let chosen: Vec<usize> = match passes {
        Passes::Last => tree.default_pass().into_iter().collect(),
        Passes::All => (0..tree.passes().len()).collect(),
    };
    for p in chosen {
        let pass = &tree.passes()[p];
        let indent = if passes == Passes::All {
            let _ = writeln!(rows.buf, "  subgraph cluster_pass{} {{", pass.depth);
            let result = match tree.pass_bound(p) {
                // A root value outside its window is only a bound.
                Some(b) if pass.done && b != crate::value::Flag::Exact => {
                    let mv = words.mv(pass.mv);
                    format!("score {}{}, move {mv}", b.mark(), units.sc(pass.score))
                }
                _ if pass.done => {
                    let score = units.sc(pass.score);
                    format!("score {score}, move {}", words.mv(pass.mv))
                }
                _ => "aborted by the budget".into(),
            };
            let _ = writeln!(
                rows.buf,
                "    label=\"{}: {result}\"; style=rounded;",
                crate::replay::narrate::pass_name(rec.options(), pass.depth)
            );
            "    "
        } else {
            "  "
        };
        match pass.root {
            NONE => {
                let _ = writeln!(
                    rows.buf,
                    "{indent}refused_pass{} [label=\"{}: the budget refused the root\", style=dotted];",
                    pass.depth,
                    crate::replay::narrate::pass_name(rec.options(), pass.depth)
                );
            }
            root => {
                // Aspiration windows search the root more than once: every attempt is drawn,
                // the principal line (of the last) in bold.
                let bold: HashSet<u32> = tree.principal_line(p).into_iter().collect();
                for a in tree.attempts_of(p) {
                    if a.root != NONE && a.root != root {
                        draw(&mut rows, indent, rec, units, a.root, &bold)?;
                    }
                }
                draw(&mut rows, indent, rec, units, root, &bold)?;
            }
        }
        if passes == Passes::All {
            rows.buf.push_str("  }\n");
        }
    }
    rows.buf.push_str("}\n");
    rows.finish()
}

pub fn render(rec: &Recorded, passes: Passes) -> String {
    rendered(|out| write(rec, passes, out))
}

/// Draws a call and everything below it, parents before children, values in `units`.
fn draw(
    rows: &mut Chunked,
    indent: &str,
    rec: &Recorded,
    units: &Units,
    root: u32,
    bold: &HashSet<u32>,
) -> io::Result<()> {
    let tree = rec.tree();
    let mut stack = vec![root];
    while let Some(i) = stack.pop() {
        let f = tree.get(i);
        let id = i + 1;
        let on_line = bold.contains(&i);
        let mut style = vec!["rounded"];
        if f.outcome == Some(Outcome::Abort) {
            style.push("dotted");
        }
        if on_line {
            style.push("bold");
        }
        let _ = writeln!(
            rows.buf,
            "{indent}c{id} [label=\"{}\", style=\"{}\"{}];",
            escape(&node_label(rec, units, &f)),
            style.join(","),
            if on_line { ", penwidth=2.5" } else { "" }
        );
        let kids: Vec<u32> = tree.children(i).collect();
        let of = |kind: NodeKind| {
            kids.iter()
                .copied()
                .filter(move |&c| tree.get(c).kind == kind)
        };
        for c in of(NodeKind::Call) {
            let attrs = if on_line && bold.contains(&c) {
                ", style=bold, penwidth=2.5"
            } else {
                ""
            };
            let _ = writeln!(
                rows.buf,
                "{indent}c{id} -> c{} [label=\"{}\"{attrs}];",
                c + 1,
                edge(rec, &f, tree.get(c).mv)
            );
        }
        for c in of(NodeKind::Refused) {
            let n = tree.get(c);
            let _ = writeln!(
                rows.buf,
                "{indent}r{id} [label=\"{}\\nrefused: budget spent\", style=\"rounded,dotted\"];",
                escape(&state_line(rec, &n))
            );
            let _ = writeln!(
                rows.buf,
                "{indent}c{id} -> r{id} [label=\"{}\", style=dotted];",
                edge(rec, &f, n.mv)
            );
        }
        for (k, c) in of(NodeKind::Skipped).enumerate() {
            let n = tree.get(c);
            let _ = writeln!(
                rows.buf,
                "{indent}k{id}_{k} [label=\"{}\\nskipped\", style=\"rounded,dashed\", fontcolor=gray40, color=gray40];",
                escape(&state_line(rec, &n))
            );
            let _ = writeln!(
                rows.buf,
                "{indent}c{id} -> k{id}_{k} [label=\"{} skipped\", style=dashed, color=gray40, fontcolor=gray40];",
                edge(rec, &f, n.mv)
            );
        }
        // Children are drawn in the order they ran.
        stack.extend(of(NodeKind::Call).rev());
        rows.row_done()?;
    }
    Ok(())
}

/// An edge's label: the move number, or a chance outcome's probability.
fn edge(rec: &Recorded, parent: &TreeNode, mv: i16) -> String {
    match rec.catalog().probability(parent.state, mv) {
        Some(p) => format!("p={p}"),
        None => rec.catalog().move_short(parent.state, mv),
    }
}

fn state_line(rec: &Recorded, n: &TreeNode) -> String {
    format!(
        "{} {} {}",
        n.turn.glyph(),
        rec.trace.header.turn_name(n.turn),
        rec.name(n.state)
    )
}

/// The text of one call's box (with `\n` line breaks, escaped later), values in `units`.
fn node_label(rec: &Recorded, units: &Units, c: &TreeNode) -> String {
    let mut lines = vec![state_line(rec, c)];
    let q = if c.depth == 0 {
        format!(" q={}", c.qleft)
    } else {
        String::new()
    };
    // Max-n has no window: only the depth.
    let windowless = !rec.options().family().has_window();
    lines.push(if windowless {
        format!("d={}{q}", c.depth)
    } else {
        format!(
            "α={} β={} d={}{q}",
            units.sc(c.alpha),
            units.sc(c.beta),
            c.depth
        )
    });
    if let Some(v) = c.stand_pat {
        lines.push(format!("stand pat {}", units.sc(v)));
    }
    let value = match c.outcome {
        Some(Outcome::Stored(flag)) => {
            let how = match c.read {
                Some(true) => "  terminal",
                Some(false) => "  static",
                None => "",
            };
            // A max-n vector is the value itself, no bound of anything.
            let value = if windowless {
                units.sc(c.value)
            } else {
                with_flag(flag, c.value, units)
            };
            format!("{value}{how}")
        }
        Some(Outcome::TableHit) => {
            let flag = c.probe.map_or(Flag::Exact, |e| e.flag);
            format!("{}  TT hit", with_flag(flag, c.value, units))
        }
        Some(Outcome::Abort) => "aborted".into(),
        None => "open".into(),
    };
    lines.push(value);
    if c.cut_event != NONE {
        lines.push("✂ cut".into());
    }
    lines.join("\n")
}

fn with_flag(flag: Flag, v: i32, units: &Units) -> String {
    format!("{}{}", flag.mark(), units.sc(v))
}

/// DOT's quoted strings: escape quotes and backslashes; line breaks become `\n`; any other
/// control character is drawn as its printable escape (`\u001b`, its backslash doubled).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push_str(&one_line(&c.to_string()).replace('\\', "\\\\")),
            c => out.push(c),
        }
    }
    out
}
