//! What every mark on the main screen means. The views draw their marks from these constants
//! and the `?` screen lists them from the same place, so the legend cannot drift from the
//! screen.

use crate::search::Stats;
use crate::value::Flag;

/// One mark and what it says.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    pub glyph: &'static str,
    pub meaning: &'static str,
}

const fn mark(glyph: &'static str, meaning: &'static str) -> Mark {
    Mark { glyph, meaning }
}

// The tree's node marks.
pub const PATH: Mark = mark("›", "on the active path (the calls open now)");
pub const MAX: Mark = mark("▲", "MAX to move: takes the largest value");
pub const MIN: Mark = mark("▼", "MIN to move: takes the smallest value");
pub const CHANCE: Mark = mark(
    "Σ",
    "a chance node: the probability-weighted average of its outcomes",
);
pub const PROBABILITY: Mark = mark(
    "p=",
    "the probability of a chance node's outcome (exact: 0.25, 1/36)",
);
pub const CHANCE_SUM: Mark = mark(
    "sum",
    "a chance frame: the weighted sum of the outcomes back so far",
);
pub const INTERVAL: Mark = mark(
    "in [ ]",
    "chance pruning: the interval the frame's value still lies in",
);
pub const TIE: Mark = mark(
    "≈",
    "max-n: tied the mover's best so far; the tie rule chose",
);
pub const PLAYER: Mark = mark(
    "●",
    "a player of several: takes the vector best in its own entry",
);
pub const CUT: Mark = mark("✂", "a cutoff here: the window closed, later moves skipped");
pub const SKIPPED: Mark = mark("⊘", "skipped by a cutoff: never searched");
pub const REFUSED: Mark = mark("✗", "refused or abandoned: the budget ran out");
pub const HIT: Mark = mark("◆", "answered by a table entry, not searched");
pub const TRANSPOSED: Mark = mark("⇄", "the same position reached again in this pass");
pub const STATIC: Mark = mark("s=", "an inner node's static score (runs with quiescence)");
pub const TACTICAL: Mark = mark("*", "tactical move: quiescence follows it past the horizon");
pub const SCOUT: Mark = mark(
    "∘",
    "PVS scout: entered with a null window (is it better than α?)",
);
pub const FAILED_HIGH: Mark = mark(
    "↑",
    "the scout failed high (> α): the move is searched again",
);
pub const RESEARCH: Mark = mark("↻", "the re-search of that move, with the full window");

/// The side-to-move mark of a node.
/// A player of several is named after the mark: `●B:` (the trace's `players`).
pub fn side(turn: crate::game::Side, players: &[String]) -> String {
    match turn {
        crate::game::Side::Player(seat) => match players.get(seat.index()) {
            Some(name) => format!("{}{name}:", PLAYER.glyph),
            None => PLAYER.glyph.to_string(),
        },
        turn => turn.glyph().to_string(),
    }
}

/// A returned value's mark, for each flag.
pub fn flag_meaning(f: Flag) -> &'static str {
    match f {
        Flag::Exact => "exact value (EXACT): it fell inside the window",
        Flag::Lower => "at least (LOWER): a fail high, the true value may be more",
        Flag::Upper => "at most (UPPER): a fail low, the true value may be less",
    }
}

// The table's row markers.
pub const PROBED: Mark = mark("?", "the entry the last probe read");
pub const STORED: Mark = mark("+", "the entry the last store wrote");

// The stack's "trying" column, e.g. `2/3 (4 [1] ⊘0) ✂`.
pub const TRYING: Mark = mark("[m]", "the move being tried now (2/3: second of three)");
pub const STACK_SKIPPED: Mark = mark("⊘m", "a move the cutoff skips");

/// The pass lines' counts, e.g. `+4n 3e 0c 0h`: what each pass added.
pub const PASS_COUNTS: [Mark; 4] = [
    mark("n", "calls (nodes) the pass made"),
    mark("e", "static evaluations and terminal reads"),
    mark("c", "cutoffs"),
    mark("h", "table hits that answered a call"),
];

/// What each of seed 000's six counters counts, in `Stats::LABELS` order: for the counters
/// pane's spare rows and the legend. The names are the seed's (and `prune run`'s); `qnodes`
/// counts every call at normal depth 0, with quiescence or not.
pub fn counters() -> [(&'static str, &'static str); 6] {
    let help = [
        "calls admitted, table returns included",
        "scores read: terminal, horizon and stand-pat",
        "windows that closed (move loop or stand pat)",
        "calls answered by a usable table entry",
        "calls at normal depth 0 (horizon calls)",
        "deepest ply admitted",
    ];
    std::array::from_fn(|i| (Stats::LABELS[i], help[i]))
}

/// The legend as (mark, meaning) rows under headings (a heading has an empty mark).
pub fn rows() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let heading =
        |out: &mut Vec<(String, String)>, h: &str| out.push((String::new(), h.to_string()));
    let add = |out: &mut Vec<(String, String)>, m: &Mark| {
        out.push((m.glyph.to_string(), m.meaning.to_string()))
    };
    heading(&mut out, "Tree");
    for m in [
        &PATH,
        &MAX,
        &MIN,
        &CHANCE,
        &PROBABILITY,
        &PLAYER,
        &TIE,
        &CUT,
        &SKIPPED,
        &REFUSED,
        &HIT,
        &TRANSPOSED,
        &TACTICAL,
        &STATIC,
        &SCOUT,
        &FAILED_HIGH,
        &RESEARCH,
    ] {
        add(&mut out, m);
    }
    for f in [Flag::Exact, Flag::Lower, Flag::Upper] {
        out.push((format!("{}3", f.mark()), flag_meaning(f).to_string()));
    }
    heading(&mut out, "Table");
    add(&mut out, &PROBED);
    add(&mut out, &STORED);
    heading(&mut out, "Stack");
    add(&mut out, &TRYING);
    add(&mut out, &STACK_SKIPPED);
    add(&mut out, &CHANCE_SUM);
    add(&mut out, &INTERVAL);
    heading(&mut out, "Counters (seed 000's names)");
    for (name, meaning) in counters() {
        out.push((name.to_string(), meaning.to_string()));
    }
    heading(&mut out, "Passes (+4n 3e 0c 0h)");
    for m in &PASS_COUNTS {
        add(&mut out, m);
    }
    out
}
