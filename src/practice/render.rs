//! A tree drawn as an indented outline that fits a narrow terminal.

use std::collections::HashSet;
use std::fmt::Write;

use crate::game::Game;
use crate::game::graph::Graph;

/// `▲ R MAX` / `▼ A MIN (static 3)` / `▲ a = 5`; tactical edges are marked `*`, a chance
/// node's outcomes carry their probability (`(1/4) ▼ B MIN`), scores are written as in the
/// file (not in a chance graph's internal units), and a position reached again (a
/// transposition) is shown once and then referred to.
pub fn outline(graph: &Graph, start: u32) -> String {
    let mut out = String::new();
    let mut seen = HashSet::new();
    line(graph, start, "", "", "", &mut seen, &mut out);
    out.trim_end().to_string()
}

fn line(
    graph: &Graph,
    s: u32,
    lead: &str,
    branch: &str,
    edge: &str,
    seen: &mut HashSet<u32>,
    out: &mut String,
) {
    let side = graph.side(s);
    let mark = side.glyph();
    let name = graph.name(s);
    let children = graph.move_count(s);
    let _ = write!(out, "{lead}{branch}{edge}{mark} {name}");
    if !seen.insert(s) && children > 0 {
        let _ = writeln!(out, " (again: same position as above)");
        return;
    }
    let terms = graph.terms(s);
    // A seat of a game of several players is named as the graph names its player.
    let who = match side {
        crate::game::Side::Player(seat) => {
            (graph.players().get(seat.index())).map_or(side.name(), String::as_str)
        }
        _ => side.name(),
    };
    if let (0, Some(v)) = (children, graph.written_vector(s)) {
        let v: Vec<String> = v.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, " {who} = ({})", v.join(", "));
        return;
    }
    match (children, graph.written_score(s)) {
        // A position scored by features shows them, not their weighted sum: the sum is what
        // an evaluation problem asks.
        _ if !terms.is_empty() => {
            let features: Vec<String> = (terms.iter())
                .map(|t| format!("{} {}", t.name, t.value))
                .collect();
            let _ = writeln!(out, " {who} ({})", features.join(", "));
        }
        (0, Some(v)) => {
            let _ = writeln!(out, " = {v}");
        }
        (_, Some(v)) => {
            let _ = writeln!(out, " {} (static {v})", side.name());
        }
        _ => {
            let _ = writeln!(out, " {who}");
        }
    }
    let next_lead = format!(
        "{lead}{}",
        match branch {
            "" => "",
            "├ " => "│ ",
            _ => "  ",
        }
    );
    for i in 0..children {
        let last = i + 1 == children;
        let star = if graph.is_tactical(s, i) { "*" } else { "" };
        let p = match graph.probability(s, i) {
            Some(p) => format!("({p}) "),
            None => String::new(),
        };
        line(
            graph,
            graph.child(s, i),
            &next_lead,
            if last { "└ " } else { "├ " },
            &format!("{star}{p}"),
            seen,
            out,
        );
    }
}

/// `lead` then `text`, wrapped between words to `width` columns (counted in characters);
/// every line after the first is indented by `lead`'s width plus two, so a continued sentence
/// reads as one. A word longer than a line is left whole (the terminal wraps it).
pub fn wrap_hanging(lead: &str, text: &str, width: usize) -> String {
    let indent = lead.chars().count() + 2;
    let mut out = String::from(lead);
    let mut col = indent - 2;
    let mut first = true;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = word.chars().count();
        if !first && col + 1 + len > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            col = indent;
        } else if !first {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += len;
        first = false;
    }
    out
}

/// Greedy word wrap to `width` columns (counted in characters).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if col > 0 && col + 1 + len > width {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += len;
    }
    out
}
