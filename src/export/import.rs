//! `prune import`: an s-expression tree becomes a lesson file.
//!
//! Nodes are numbered breadth first (root 0, then each level left to right), so every child
//! comes after its parent as the graph contract requires. The root is MAX and levels alternate;
//! leaves carry the scores and inner nodes none. One preset, "textbook", searches the whole tree
//! once, without the table or deepening, as the exercise on paper does.

use std::collections::VecDeque;
use std::fmt::Write as _;

use serde_json::json;

use super::sexp::{self, Body, Tree};
use crate::error::{Error, Problem, Result, plural};
use crate::game::Side;
use crate::lesson::Lesson;
use crate::search::MAX_DEPTH;

/// A lesson file over the read limit could be written but never opened again: refused.
fn readable(origin: &str, out: &str, nodes: usize) -> Result<()> {
    if out.len() as u64 > crate::lesson::MAX_FILE_BYTES {
        return Err(Error::Invalid {
            path: origin.to_string(),
            problem: Problem::Lesson(format!(
                "the tree of {nodes} nodes makes a lesson file of {} bytes, over the {} bytes prune reads; import a smaller tree",
                out.len(),
                crate::lesson::MAX_FILE_BYTES
            )),
        });
    }
    Ok(())
}

/// Parses `text` (named `origin` in errors) and returns the lesson file's JSON text, checked by
/// loading it back.
pub fn lesson_json(origin: &str, text: &str, title: Option<&str>) -> Result<String> {
    let tree = sexp::parse(origin, text)?;
    let height = tree.height();
    if height > MAX_DEPTH as usize {
        return Err(Error::Invalid {
            path: origin.to_string(),
            problem: Problem::Lesson(format!(
                "the tree is {height} levels deep; a search goes at most {MAX_DEPTH} plies deep"
            )),
        });
    }

    // Breadth-first numbering: a node's children get consecutive numbers after it.
    let mut order: Vec<(&Tree, Side)> = vec![(&tree, Side::Max)];
    let mut queue: VecDeque<usize> = VecDeque::from([0]);
    let mut children_of: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(i) = queue.pop_front() {
        let (node, side) = order[i];
        if let Body::Inner(children) = &node.body {
            for child in children {
                order.push((child, side.other()));
                children_of.push(Vec::new());
                children_of[i].push(order.len() - 1);
                queue.push_back(order.len() - 1);
            }
        }
    }

    let leaves = order
        .iter()
        .filter(|(n, _)| matches!(n.body, Body::Leaf(_)))
        .count();
    let title = title.map_or_else(|| format!("Imported tree from {origin}"), str::to_string);
    let intro = format!(
        "A tree of {} node{} and {leaves} {}, {height} level{} deep. MAX moves at the root, \
         the players alternate level by level, and only the leaves carry scores.",
        order.len(),
        plural(order.len()),
        if leaves == 1 { "leaf" } else { "leaves" },
        plural(height)
    );
    let depth = height.max(1);
    let plies = if depth == 1 { "ply" } else { "plies" };
    let about = format!(
        "Alpha-beta over the whole tree ({depth} {plies}), no table, no deepening: the exercise as done on paper."
    );
    let run = format!(
        "{{\"name\": \"textbook\", \"about\": {}, \"depth\": {depth}, \"deepening\": false, \"table\": false}}",
        json!(about)
    );

    // One node per line keeps big trees readable; the rest is ordinary pretty JSON.
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"title\": {},", json!(title));
    let _ = writeln!(
        out,
        "  \"source\": {},",
        json!(format!("prune import {origin}"))
    );
    let _ = writeln!(out, "  \"intro\": [{}],", json!(intro));
    out.push_str("  \"graph\": {\n    \"nodes\": [\n");
    for (i, (node, side)) in order.iter().enumerate() {
        // Written by hand to keep the key order of the built-in lessons (player first).
        let mut obj = format!("{{\"player\": {}", json!(side.name()));
        match &node.body {
            Body::Leaf(v) => {
                let _ = write!(obj, ", \"score\": {v}");
            }
            Body::Inner(_) => {
                let moves: Vec<String> = children_of[i]
                    .iter()
                    .map(|c| format!("{{\"child\": {c}}}"))
                    .collect();
                let _ = write!(obj, ", \"moves\": [{}]", moves.join(", "));
            }
        }
        if let Some(label) = &node.label {
            let _ = write!(obj, ", \"label\": {}", json!(label));
        }
        obj.push('}');
        let comma = if i + 1 < order.len() { "," } else { "" };
        let _ = writeln!(out, "      {obj}{comma}");
    }
    out.push_str("    ]\n  },\n");
    let _ = writeln!(out, "  \"runs\": [\n    {run}\n  ]");
    out.push_str("}\n");

    readable(origin, &out, order.len())?;
    // What we write must load; a failure here is our bug, reported rather than written.
    Lesson::parse(origin, &out)?;
    Ok(out)
}
