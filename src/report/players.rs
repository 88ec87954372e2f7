//! What `prune run` adds for a game of several players (seed 004): the root's payoff vector
//! under max-n with the ties its rule decided, or the paranoid model's root player. Kept
//! apart from seed 000's three lines, which stay as they are for every other run.

use serde_json::{Value, json};

use crate::exact::Ratio;
use crate::game::graph::Graph;
use crate::search::{Options, RunResult};
use crate::value::Units;

/// Each terminal's payoff sum, exactly, by its name, in node order: whether the game is
/// constant-sum (every terminal's payoffs add to the same total), as seed 004 asks of a game
/// of several players. Empty for a game without payoff vectors. The payoffs are at most
/// 1000 each, eight of them, so a sum of their exact values cannot overflow.
pub fn payoff_sums(graph: &Graph) -> Vec<(String, Ratio)> {
    (0..graph.len() as u32)
        .filter(|&s| graph.edges_of(s).is_empty())
        .filter_map(|s| {
            let v = graph.written_vector(s)?;
            let sum = v.iter().try_fold(Ratio::ZERO, |t, &x| t.checked_add(x))?;
            Some((graph.name(s), sum))
        })
        .collect()
}

/// A sum in JSON: an integer or short decimal as a number, any other fraction as its text.
fn sum_json(r: Ratio) -> Value {
    match crate::game::features::Amount::of(r) {
        crate::game::features::Amount::Number(n) => Value::Number(n),
        crate::game::features::Amount::Text(t) => Value::String(t),
    }
}

/// The one total every terminal's payoffs add to, if there is one.
fn constant(sums: &[(String, Ratio)]) -> Option<Ratio> {
    let first = sums.first()?.1;
    sums.iter().all(|(_, s)| *s == first).then_some(first)
}

/// `payoff_sums=9 at every terminal, constant_sum=yes`, or the sums by terminal and
/// `constant_sum=no`; empty without payoff vectors.
pub fn sums_line(graph: &Graph) -> String {
    let sums = payoff_sums(graph);
    if sums.is_empty() {
        return String::new();
    }
    match constant(&sums) {
        Some(total) => format!("payoff_sums={total} at every terminal, constant_sum=yes\n"),
        None => {
            let each: Vec<String> = sums.iter().map(|(n, s)| format!("{n}:{s}")).collect();
            format!("payoff_sums=({}), constant_sum=no\n", each.join(" "))
        }
    }
}

/// The line below the three lines: `vector=(5, 4, 5), score_for=A, players=(A, B, C)` (max-n's
/// `score` is the root mover's entry, `score_for` names that player), then `ties=N` when a
/// tie decided a choice and the rule; for paranoid, whose score is that player's payoff,
/// `for=A`. Empty for a game of two players.
pub fn lines(
    options: &Options,
    r: &RunResult,
    players: &[String],
    score_for: Option<usize>,
    units: &Units,
) -> String {
    let mut words = Vec::new();
    // Max-n's values are payoff vectors; the paranoid model is the one run with a root
    // player (`Options::validate_for` allows `paranoid_for` with no other).
    match (options.family().vectors(), options.paranoid_for) {
        (true, _) => {
            if !r.vector.is_empty() {
                words.push(format!("vector={}", units.vector_text(&r.vector)));
            }
            if let Some(name) = score_for.and_then(|seat| players.get(seat)) {
                words.push(format!("score_for={name}"));
            }
            words.push(format!("players=({})", players.join(", ")));
            if r.counters.ties > 0 {
                words.push(format!("ties={}", r.counters.ties));
            }
            words.push(format!("tie_rule={}", options.ties.text(players)));
        }
        (false, Some(seat)) => {
            let name = players.get(seat.index()).map_or("?", String::as_str);
            words.push(format!("for={name}, others=MIN"));
        }
        (false, None) => return String::new(),
    }
    format!("{}\n", words.join(", "))
}

/// `prune run --json`'s additions: `"vector": [5, 4, 5]`, `"leaf"` (the node number of the
/// terminal whose vector the root backs up), `"score_for"` (the root's mover, whose entry of
/// the vector max-n's `"score"` is), `"players"`, `"ties"` (the rule) and the counter;
/// `"for"` for paranoid.
pub fn json(
    text: &str,
    graph: &Graph,
    options: &Options,
    r: &RunResult,
    players: &[String],
    score_for: Option<usize>,
    units: &Units,
) -> String {
    let maxn = options.family().vectors();
    if !maxn && options.paranoid_for.is_none() {
        return text.to_string();
    }
    let Ok(Value::Object(mut fields)) = serde_json::from_str(text) else {
        return text.to_string();
    };
    fields.insert("players".into(), json!(players));
    let sums = payoff_sums(graph);
    if !sums.is_empty() {
        let each: Vec<Value> = (sums.iter())
            .map(|(name, sum)| json!({"terminal": name, "sum": sum_json(*sum)}))
            .collect();
        fields.insert("payoff_sums".into(), json!(each));
        fields.insert("constant_sum".into(), json!(constant(&sums).is_some()));
    }
    if maxn {
        if !r.vector.is_empty() {
            fields.insert("vector".into(), units.vector_json(&r.vector));
            if let Some(exact) = units.vector_exact(&r.vector) {
                fields.insert("vector_exact".into(), exact);
            }
            fields.insert("leaf".into(), json!(r.score));
        }
        if let Some(name) = score_for.and_then(|seat| players.get(seat)) {
            fields.insert("score_for".into(), json!(name));
        }
        fields.insert("tie_rule".into(), json!(options.ties.text(players)));
        if let Some(Value::Object(c)) = fields.get_mut("counters") {
            c.insert("ties".into(), json!(r.counters.ties));
        }
    }
    if let Some(seat) = options.paranoid_for {
        fields.insert("for".into(), json!(players.get(seat.index())));
    }
    Value::Object(fields).to_string() + "\n"
}
