//! The second run of a comparison, lined up with the first by node: the partner shows the node
//! reached by the same moves as the main run's current node (`crate::diff::align`), not the
//! node that happens to have the same call number. When the partner never searched that node,
//! it says so and shows the deepest node on the same path it did search. The diff of the two
//! runs (`|`) is computed here once, on first use. A Monte Carlo run on either side has no
//! calls to line up: the other run is shown at its end, and `|` lists the two runs side by
//! side at the root, as `prune diff` prints them (`crate::diff::monte`).

use crate::diff::{Absent, Diff, Facts, PassChoice, align};
use crate::index::{NONE, NodeKind};
use crate::replay::{Replay, ReplayState};

use super::model::current_node;
use crate::tui::look::Look;

/// A node of the main run the partner has no searched node for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// The main run's node, "MAX node 9".
    pub name: String,
    /// Why the partner did not search it.
    pub why: Absent,
    /// The partner's deepest searched node on the same path, shown instead.
    pub shown: Option<String>,
    /// The partner has no pass of the main run's depth (`why` is then moot).
    pub no_pass: Option<u8>,
}

/// Where the partner goes for the main run at `st`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partner {
    pub step: usize,
    pub missing: Option<Missing>,
}

/// The partner's step for the main run `from` at `st`: the same node (same pass depth, same
/// moves from the root) at the same moment, entered, back from the same child, or returned.
pub fn partner(from: &Replay, st: &ReplayState, to: &Replay) -> Partner {
    let at = |step: usize| Partner {
        step: step.min(to.len()),
        missing: None,
    };
    // A Monte Carlo run has no calls to line up: the other run is shown whole, at its end
    // (a search of calls beside it has one value and move; the sampling run beside a search
    // of calls, all its iterations).
    let samples = |r: &Replay| Look::of_run(r).sampled();
    if st.step >= from.len() || samples(from) || samples(to) {
        return at(to.len());
    }
    let Some(node) = current_node(from, st) else {
        return at(0);
    };
    let (ft, tt) = (from.tree(), to.tree());
    let n = ft.get(node);
    let path = align::path_of(ft, node);
    let Some(pass) = tt.passes().iter().find(|p| p.depth == n.pass) else {
        return Partner {
            step: to.len(),
            missing: Some(Missing {
                name: name(from, node),
                why: Absent::ParentNotSearched,
                shown: None,
                no_pass: Some(n.pass),
            }),
        };
    };
    // The deepest searched node of the partner along the path, and the stub (if any) where
    // the path leaves its searched tree.
    let mut deepest = None;
    let mut here = (pass.root != NONE).then_some(pass.root);
    let mut depth = 0;
    while let Some(id) = here {
        if tt.get(id).kind != NodeKind::Call {
            break;
        }
        deepest = Some(id);
        if depth == path.len() {
            break;
        }
        here = tt
            .children(id)
            .find(|&c| tt.get(c).mv == path[depth] as i16);
        depth += 1;
    }
    let found = deepest.filter(|_| depth == path.len() && here == deepest);
    if let Some(p) = found {
        return at(moment(from, st, node, to, p));
    }
    let stub = here.filter(|&h| Some(h) != deepest);
    let parent = deepest.filter(|&d| align::path_of(tt, d).len() + 1 == path.len());
    let facts = |id: Option<u32>| id.map(|i| Facts::read(&to.rec, i));
    let parent_node = parent.map(|p| tt.get(p));
    let why = if deepest.is_none() {
        // A pass without a root: the budget refused the root itself.
        Absent::Refused
    } else {
        Absent::why(
            facts(stub).as_ref(),
            facts(parent).as_ref(),
            parent_node.as_ref(),
        )
    };
    let shown = deepest.map(|d| name(to, d));
    // The deepest node just after it returned: its subtree, cutoff and skips in full view.
    let step = deepest.map_or(0, |d| {
        let e = tt.get(d).exit;
        if e == NONE { to.len() } else { e as usize + 1 }
    });
    Partner {
        step: step.min(to.len()),
        missing: Some(Missing {
            name: name(from, node),
            why,
            shown,
            no_pass: None,
        }),
    }
}

fn name(r: &Replay, id: u32) -> String {
    let n = r.tree().get(id);
    format!(
        "{} {}",
        r.trace().header.turn_name(n.turn),
        r.catalog().called(n.state)
    )
}

/// The partner's step at its node `p` matching where the main run is in its node `node`: just
/// returned when the main node has returned; at its cutoff when both cut and the main run is
/// past its own; back from the same child when the main run has a child back and the partner
/// searched it too; else just entered.
fn moment(from: &Replay, st: &ReplayState, node: u32, to: &Replay, p: u32) -> usize {
    let (ft, tt) = (from.tree(), to.tree());
    let n = ft.get(node);
    let step = st.step as u32;
    let after = |e: u32| e as usize + 1;
    if n.exit != NONE && n.exit < step {
        let e = tt.get(p).exit;
        return if e == NONE { to.len() } else { after(e) };
    }
    // At or past the main node's cutoff: the partner's own cutoff there, when it cut too.
    let pn = tt.get(p);
    if n.cut_event != NONE && n.cut_event < step && pn.cut_event != NONE {
        return after(pn.cut_event);
    }
    let back = ft
        .children(node)
        .map(|c| ft.get(c))
        .filter(|c| c.kind == NodeKind::Call && c.exit != NONE && c.exit < step)
        .max_by_key(|c| c.exit);
    if let Some(c) = back
        && let Some(pc) = tt.children(p).map(|x| tt.get(x)).find(|x| x.mv == c.mv)
        && pc.kind == NodeKind::Call
        && pc.exit != NONE
    {
        return after(pc.exit);
    }
    after(tt.get(p).enter)
}

impl Missing {
    /// The partner's head line, the longest wording that fits `width` columns.
    pub fn line(&self, label: &str, width: usize) -> String {
        let forms = match self.no_pass {
            Some(d) => vec![
                format!("{label}: has no pass of depth {d}; shown at its end"),
                format!("{label}: no pass of depth {d}"),
                format!("no pass {d}"),
            ],
            None => {
                let shown = self
                    .shown
                    .as_ref()
                    .map_or(String::new(), |s| format!("; shown: {s}"));
                vec![
                    format!(
                        "{label}: never searches {}: {}{shown}",
                        self.name,
                        self.why.text()
                    ),
                    format!("{label}: never searches {}{shown}", self.name),
                    format!("{label}: never searches {}", self.name),
                    format!("never searches {}", self.name),
                    format!("not searched: {}", self.name),
                    "not searched here".into(),
                ]
            }
        };
        let last = forms.last().cloned().unwrap_or_default();
        forms
            .into_iter()
            .find(|f| crate::text::width(f) <= width)
            .unwrap_or(last)
    }
}

/// The diff view's state: the diff of the two runs (computed on first use) and its scroll.
#[derive(Debug, Default)]
pub struct DiffView {
    pub diff: Option<Result<Box<Diff>, String>>,
    /// When a run samples: the two runs side by side at the root, as `prune diff` prints
    /// them (there is no node-by-node diff).
    pub beside: Option<Result<String, String>>,
    pub scroll: usize,
}

impl DiffView {
    /// The diff of the main run (A) against the partner (B), each run's final completed pass;
    /// when either samples, the two side by side at the root at their ends.
    pub fn get(&mut self, main: &Replay, partner: &Replay) {
        let samples = |r: &Replay| Look::of_run(r).sampled();
        if samples(main) || samples(partner) {
            self.beside.get_or_insert_with(|| {
                crate::diff::monte::Beside::of(&main.rec, &partner.rec).map(|b| b.text())
            });
            return;
        }
        self.diff.get_or_insert_with(|| {
            Diff::of(&main.rec, &partner.rec, PassChoice::Final).map(Box::new)
        });
    }
}

/// The search of calls a comparison puts beside a Monte Carlo run (seed 004 §6.3): alpha-beta
/// (expectiminimax where the game has chance), on the same position with the run's other
/// settings, deep enough to reach the end of every line where the game says how deep that
/// is (tic-tac-toe: its empty squares), with the full window and no pitfall; and the label
/// that names it ("αβ, depth 9").
pub fn calling_partner(
    mut o: crate::search::Options,
    model: &crate::game::model::Model,
    start: u32,
) -> (crate::search::Options, String) {
    use crate::search::Algorithm;
    o.algorithm = if model.limits().chance {
        Algorithm::Expectiminimax
    } else {
        Algorithm::AlphaBeta
    };
    let full = match model {
        crate::game::model::Model::Graph(g) => Some(height(g, start)),
        _ => model.full_depth(),
    };
    if let Some(d) = full {
        o.depth = d.clamp(1, model.limits().max_depth);
    }
    // One pass at that depth: its value is the position's, and a graph's inner nodes, which
    // need no score, are never read at a shallower pass's horizon.
    o.deepening = false;
    o.window = (-crate::value::INF, crate::value::INF);
    o.aspiration = None;
    o.pitfall = None;
    // The sampling settings are the Monte Carlo run's own (a search of calls refuses them).
    o.mcts = Default::default();
    let label = format!(
        "{}, depth {}",
        super::model::algorithm_name(o.algorithm),
        o.depth
    );
    (o, label)
}

/// The Monte Carlo run a comparison puts beside a search of calls: the same position with
/// the run's own iterations, C, seed and playout rule; and its label ("mcts, 1000 iterations").
pub fn sampling_partner(mut o: crate::search::Options) -> (crate::search::Options, String) {
    o.algorithm = crate::search::Algorithm::Mcts;
    o.pitfall = None;
    o.aspiration = None;
    let label = format!("mcts, {} iterations", o.mcts.iterations);
    (o, label)
}

/// The longest line of moves from `start` to the end of a game in graph `g` (capped at 255).
fn height(g: &crate::game::graph::Graph, start: u32) -> u8 {
    fn go(g: &crate::game::graph::Graph, s: u32, memo: &mut Vec<Option<u8>>) -> u8 {
        if let Some(h) = memo.get(s as usize).copied().flatten() {
            return h;
        }
        let h = (g.edges_of(s).iter())
            .map(|e| go(g, e.child, memo).saturating_add(1))
            .max()
            .unwrap_or(0);
        if let Some(m) = memo.get_mut(s as usize) {
            *m = Some(h);
        }
        h
    }
    go(g, start, &mut vec![None; g.len()])
}
