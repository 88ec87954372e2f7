//! `prune size`: the tree-size arithmetic of `crate::size` as text or JSON. Every count is
//! exact; a count too long for one line is printed whole, wrapped, with its power of ten.

use num_bigint::BigUint;
use serde_json::{Value, json};

use super::args::SizeArgs;
use crate::error::{Error, Result};
use crate::size::{self, Dice, Rounds, TreeCounts};

/// Digits a count may have and still be written on its own line with thousands separators.
const INLINE_DIGITS: usize = 24;
/// Digits per line when a long count is wrapped.
const WRAP_DIGITS: usize = 60;

pub fn command(args: &SizeArgs) -> Result<String> {
    let tree = args
        .branching
        .zip(args.depth)
        .map(|(b, d)| TreeCounts::new(b, d));
    let rounds = rounds(args)?;
    let dice = args
        .dice
        .as_deref()
        .map(Dice::parse)
        .transpose()
        .map_err(Error::Options)?;
    if args.json {
        let mut doc = serde_json::Map::new();
        if let Some(t) = &tree {
            doc.insert("tree".into(), tree_json(t, args.rate));
        }
        if let Some(r) = &rounds {
            doc.insert("rounds".into(), rounds_json(r));
        }
        if let Some(d) = &dice {
            doc.insert("dice".into(), dice_json(d, args.actions, args.stages));
        }
        return Ok(format!("{}\n", Value::Object(doc)));
    }
    let mut parts = Vec::new();
    if let Some(t) = &tree {
        parts.push(tree_text(t, args.rate));
    }
    if let Some(r) = &rounds {
        parts.push(rounds_text(r));
    }
    if let Some(d) = &dice {
        parts.push(dice_text(d, args.actions, args.stages));
    }
    Ok(parts.join("\n"))
}

fn rounds(args: &SizeArgs) -> Result<Option<Rounds>> {
    let order = match (&args.turns, args.players) {
        (Some(turns), _) => {
            let order: Vec<String> = turns.iter().map(|t| t.trim().to_string()).collect();
            if let Some(i) = order.iter().position(String::is_empty) {
                return Err(Error::Options(format!(
                    "--turns: entry {} is empty (write a name per ply, such as MAX,MIN,MIN)",
                    i + 1
                )));
            }
            order
        }
        (None, Some(p)) => (1..=p).map(|i| format!("player {i}")).collect(),
        (None, None) => {
            if args.rounds.is_some() {
                return Err(Error::Options(
                    "--rounds needs --players or --turns (who moves in a round)".into(),
                ));
            }
            return Ok(None);
        }
    };
    let rounds = args.rounds.unwrap_or(1);
    Ok(Some(Rounds {
        turn_order: order,
        rounds,
    }))
}

/// Width of the label column of the tree figures.
const LABEL: usize = 24;

/// A count as "1,234  ≈ 10^3.1", or its power of ten and then its digits, wrapped, when long.
fn count_lines(label: &str, n: &BigUint, why: &str) -> String {
    let digits = n.to_string();
    let ten = size::power_of_ten(n);
    if digits.len() <= INLINE_DIGITS {
        return format!(
            "  {label:<LABEL$} {}  ≈ {ten}\n{}",
            size::grouped(n),
            note(why)
        );
    }
    let mut out = format!(
        "  {label:<LABEL$} ≈ {ten}, exactly ({} digits):\n",
        digits.len()
    );
    out += &note(why);
    for chunk in digits.as_bytes().chunks(WRAP_DIGITS) {
        out.push_str("    ");
        out.push_str(std::str::from_utf8(chunk).unwrap_or(""));
        out.push('\n');
    }
    out
}

/// A line under a figure saying where it comes from.
fn note(text: &str) -> String {
    format!("  {:<LABEL$}   {text}\n", "")
}

fn tree_text(t: &TreeCounts, rate: Option<u64>) -> String {
    let (b, d) = (t.branching, t.depth);
    let mut out = format!("A full tree of branching {b} and depth {d} (the root at depth 0)\n");
    out += &count_lines("leaves", &t.leaves, &format!("b^d = {b}^{d}"));
    out += &count_lines(
        "positions",
        &t.nodes,
        "b^0 + b^1 + … + b^d, the root included",
    );
    out += &count_lines(
        "Knuth–Moore minimum",
        &t.knuth_moore,
        &format!(
            "{b}^{} + {b}^{} − 1 leaves, best move first",
            d.div_ceil(2),
            d / 2
        ),
    );
    out += &same_budget_text(t);
    let r = size::pearl_ratio(b);
    out += &format!(
        "  {:<LABEL$} {r:.4}  leaves ≈ R^d ≈ 10^{:.1} with random order\n",
        format!("Pearl's ratio R_{b}"),
        d as f64 * r.log10()
    );
    out += &note(&format!("R = ξ/(1 − ξ), ξ the root of x^{b} + x − 1 = 0"));
    out += &count_lines(
        "one search to depth d",
        &t.one_pass,
        "b + b^2 + … + b^d positions below the root",
    );
    out += &count_lines(
        "deepening, depths 1..d",
        &t.deepening,
        "each pass again: depth i, d − i + 1 times",
    );
    let (n, q) = t.deepening_ratio();
    let fraction = format!("{n}/{q}");
    out += &format!(
        "  {:<LABEL$} {}{}\n",
        "deepening ÷ one search",
        size::decimal(&n, &q, 4),
        if fraction.len() <= INLINE_DIGITS {
            format!(" = {fraction}")
        } else {
            String::new()
        }
    );
    if b >= 2 {
        out += &note(&format!(
            "deep trees tend to b/(b − 1) = {b}/{} ≈ {}",
            b - 1,
            size::decimal(&BigUint::from(b), &BigUint::from(b - 1), 4)
        ));
    }
    out += &earlier_passes_text(t);
    if let Some(rate) = rate {
        out += &format!(
            "  {:<LABEL$} {}\n",
            "time for every leaf",
            size::duration(&t.leaves, rate)
        );
        out += &note(&format!(
            "at {} positions per second",
            size::grouped(&BigUint::from(rate))
        ));
        // A power of ten alone hides the figure: the whole years, every digit.
        let years = size::years(&t.leaves, rate);
        if years >= BigUint::from(1_000_000_000u32) {
            out += &count_lines(
                "… in whole years",
                &years,
                &format!("{} years of 31,557,600 s", size::scientific(&years)),
            );
        }
    }
    out
}

/// How deep a search the same budget of leaves goes with the best move first, and what
/// twice the depth costs against it (seed 003's "twice as deep", seed 004's 35^8 in perfect
/// order against 35^4 without pruning).
fn same_budget_text(t: &TreeCounts) -> String {
    let Some((depth, leaves)) = t.same_budget_depth() else {
        return String::new();
    };
    if t.depth == 0 {
        return String::new();
    }
    let d = t.depth;
    let twice = t.knuth_moore_at(2 * d);
    let mut out = format!("  {:<LABEL$} depth {depth}\n", "b^d leaves, best order");
    out += &note(&format!(
        "its minimum, {} leaves, fits in b^d",
        short_count(&leaves)
    ));
    out += &format!(
        "  {:<LABEL$} {} times b^d\n",
        format!("depth 2d = {}, best order", 2 * d),
        size::decimal(&twice, &t.leaves, 4)
    );
    out += &note(&format!(
        "its minimum, {} leaves, ÷ b^d",
        short_count(&twice)
    ));
    out
}

/// A count inside a sentence: its digits when short, its power of ten when not.
fn short_count(n: &BigUint) -> String {
    if n.to_string().len() <= INLINE_DIGITS {
        size::grouped(n)
    } else {
        format!("≈ {}", size::power_of_ten(n))
    }
}

/// `n/q` as a percentage with two decimals.
fn percent((n, q): &(BigUint, BigUint)) -> String {
    format!("{} %", size::decimal(&(n * 100u32), q, 2))
}

/// What deepening's passes before the last read, without pruning and with perfect order.
fn earlier_passes_text(t: &TreeCounts) -> String {
    if t.depth < 2 {
        return String::new();
    }
    let b = t.branching;
    let mut out = count_lines(
        "earlier passes' leaves",
        &t.earlier_leaves,
        &format!(
            "b + … + b^(d−1): {} of b^d{}",
            percent(&t.earlier_leaves_share()),
            if b >= 2 {
                format!(" (→ 1/{})", b - 1)
            } else {
                String::new()
            }
        ),
    );
    out += &count_lines(
        "… in perfect order",
        &t.earlier_knuth_moore,
        &format!(
            "depths 1..d−1: {} of the minimum above",
            percent(&t.earlier_knuth_moore_share())
        ),
    );
    out
}

/// A fraction in lowest terms as JSON: exact, and as a decimal of six places.
fn ratio_json((n, q): &(BigUint, BigUint)) -> Value {
    json!({ "exact": format!("{n}/{q}"), "decimal": size::decimal(n, q, 6) })
}

fn exact_json(n: &BigUint) -> Value {
    json!({ "exact": n.to_string(), "log10": size::log10(n) })
}

fn tree_json(t: &TreeCounts, rate: Option<u64>) -> Value {
    let (n, q) = t.deepening_ratio();
    let b = t.branching;
    let mut doc = json!({
        "branching": b,
        "depth": t.depth,
        "leaves": exact_json(&t.leaves),
        "positions": exact_json(&t.nodes),
        "knuth_moore": exact_json(&t.knuth_moore),
        "pearl_ratio": size::pearl_ratio(b),
        "pearl_leaves_log10": f64::from(t.depth) * size::pearl_ratio(b).log10(),
        "one_pass": exact_json(&t.one_pass),
        "deepening": exact_json(&t.deepening),
        "deepening_ratio": ratio_json(&(n, q)),
        "deepening_limit": if b >= 2 { ratio_json(&size::reduced(BigUint::from(b), BigUint::from(b - 1))) } else { Value::Null },
        "earlier_leaves": exact_json(&t.earlier_leaves),
        "earlier_leaves_share": ratio_json(&t.earlier_leaves_share()),
        "earlier_knuth_moore": exact_json(&t.earlier_knuth_moore),
        "earlier_knuth_moore_share": ratio_json(&t.earlier_knuth_moore_share()),
    });
    if let Some(rate) = rate {
        doc["rate"] = json!(rate);
        doc["time"] = json!(size::duration(&t.leaves, rate));
        doc["seconds"] = exact_json(&size::seconds(&t.leaves, rate));
        doc["years"] = exact_json(&size::years(&t.leaves, rate));
    }
    if let Some((depth, leaves)) = t.same_budget_depth().filter(|_| t.depth > 0) {
        let twice = t.knuth_moore_at(2 * t.depth);
        doc["same_budget_depth"] = json!(depth);
        doc["same_budget_leaves"] = exact_json(&leaves);
        doc["twice_depth_leaves"] = exact_json(&twice);
        doc["twice_depth_ratio"] = ratio_json(&size::reduced(twice, t.leaves.clone()));
    }
    doc
}

fn rounds_text(r: &Rounds) -> String {
    format!(
        "Turns: {} ({} {} per round); {} {} make {} {}\n",
        r.turn_order.join(", "),
        r.per_round(),
        if r.per_round() == 1 { "ply" } else { "plies" },
        r.rounds,
        if r.rounds == 1 { "round" } else { "rounds" },
        r.total(),
        if r.total() == 1 { "ply" } else { "plies" },
    )
}

fn rounds_json(r: &Rounds) -> Value {
    json!({
        "turn_order": r.turn_order,
        "plies_per_round": r.per_round(),
        "rounds": r.rounds,
        "plies": r.total(),
    })
}

/// Chance paths through `stages` rounds of a roll then one of `actions` moves.
fn paths(distinct: usize, actions: u32, stages: u32) -> BigUint {
    (BigUint::from(distinct) * BigUint::from(actions)).pow(stages)
}

fn dice_text(d: &Dice, actions: Option<u32>, stages: Option<u32>) -> String {
    let mut out = format!(
        "Dice {}d{}: {} ordered outcomes, {} distinct rolls (order ignored)\n",
        d.count,
        d.faces,
        size::grouped(&d.ordered()),
        d.distinct.len()
    );
    let mut check = Vec::new();
    for (ways, rolls, (n, q)) in d.groups() {
        out += &format!(
            "  {rolls} {} each {ways} of the {} orders: p = {n}/{q} each\n",
            if rolls == 1 { "roll is" } else { "rolls are" },
            d.ordered()
        );
        check.push(format!("{rolls} × {n}/{q}"));
    }
    let (n, q) = d.probability_sum();
    let sum = if q == BigUint::from(1u32) {
        n.to_string()
    } else {
        format!("{n}/{q}")
    };
    out += &format!("  check: {} = {sum}\n", check.join(" + "));
    if let Some(a) = actions {
        let s = stages.unwrap_or(1);
        out += &format!(
            "  {s} {} of a roll ({}) then a move ({a}): ({} × {a})^{s} = {} paths\n",
            if s == 1 { "stage" } else { "stages" },
            d.distinct.len(),
            d.distinct.len(),
            size::grouped(&paths(d.distinct.len(), a, s))
        );
    }
    out
}

fn dice_json(d: &Dice, actions: Option<u32>, stages: Option<u32>) -> Value {
    let rolls: Vec<Value> = d
        .distinct
        .iter()
        .map(|(faces, ways)| {
            let (n, q) = d.probability(*ways);
            json!({ "faces": faces, "orders": ways, "p": format!("{n}/{q}") })
        })
        .collect();
    let groups: Vec<Value> = (d.groups().into_iter())
        .map(|(ways, rolls, (n, q))| json!({ "orders": ways, "rolls": rolls, "p": format!("{n}/{q}") }))
        .collect();
    let (n, q) = d.probability_sum();
    let sum = if q == BigUint::from(1u32) {
        n.to_string()
    } else {
        format!("{n}/{q}")
    };
    let mut doc = json!({
        "dice": format!("{}d{}", d.count, d.faces),
        "ordered": d.ordered().to_string(),
        "distinct": d.distinct.len(),
        "rolls": rolls,
        "groups": groups,
        "probability_sum": sum,
    });
    if let Some(a) = actions {
        let s = stages.unwrap_or(1);
        doc["actions"] = json!(a);
        doc["stages"] = json!(s);
        doc["paths"] = json!(paths(d.distinct.len(), a, s).to_string());
    }
    doc
}
