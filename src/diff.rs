//! Two recorded runs compared node by node. A node is a path of moves from the root: the
//! same position reached by the same moves, whatever order the candidates were tried in and
//! whatever call number the node got, so a run with ordering on lines up with one without.
//!
//! One pass of each run is compared (`PassChoice`): by default each run's final completed
//! pass, the one whose answer the run returns; a run with no completed pass (its budget ran
//! out in pass 1) offers its last, interrupted pass instead, and says so. Runs of different
//! depths compare their own final passes (depth d against d+1); `--pass D` picks the pass of
//! depth D in both. The diff lists the nodes only one run searched (and why the other did
//! not), the cutoffs that moved, the results (stored flag and value) that changed, and the
//! counter deltas read from the two runs' own results, so the numbers can never disagree with
//! `prune run`.
//!
//! - `align`: the walk that pairs the two trees by path.
//! - `facts`: what one run did at one node.
//! - `counters`: the deltas of the runs' own counters.
//! - `text`: the diff for people (`prune diff`).
//! - `monte`: a run that samples (Monte Carlo tree search) has no calls to match: the two
//!   runs side by side at the root instead.

pub mod align;
pub mod counters;
pub mod facts;
pub mod monte;
pub mod text;

use std::collections::HashMap;

use serde::Serialize;

use crate::index::{NONE, Recorded};
use crate::search::{Options, Status};
use crate::value::Units;

pub use counters::Delta;
pub use facts::{Absent, Cut, Ended, Facts, Met, Visit};

/// Which pass of each run is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassChoice {
    /// Each run's last completed pass (its answer); its last pass when none completed.
    Final,
    /// Each run's last pass begun, completed or interrupted.
    Last,
    /// The pass of this depth, in both runs.
    Depth(u8),
}

impl PassChoice {
    /// `final`, `last` or a depth.
    pub fn parse(text: &str) -> Result<PassChoice, String> {
        match text.trim() {
            "final" => Ok(PassChoice::Final),
            "last" => Ok(PassChoice::Last),
            t => t
                .parse::<u8>()
                .ok()
                .filter(|&d| d >= 1)
                .map(PassChoice::Depth)
                .ok_or_else(|| {
                    format!(
                        "'{}' is not a pass: write final, last or a depth such as 2",
                        crate::text::cut(t)
                    )
                }),
        }
    }
}

/// Which of the two runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Which {
    A,
    B,
}

/// One run of the two, as the diff names it.
#[derive(Clone, Debug, Serialize)]
pub struct RunSide {
    pub lesson: String,
    pub preset: Option<String>,
    pub options: Options,
    pub status: Status,
    /// The last depth the run completed (0 when none).
    pub completed_depth: u8,
    /// The compared pass: its depth, whether it completed, and why it was chosen.
    pub pass_depth: u8,
    pub pass_done: bool,
    pub pass_chosen: &'static str,
    #[serde(skip)]
    pub pass_index: usize,
    /// The compared pass's root, `NONE` when it has none (the budget refused it).
    #[serde(skip)]
    pub root: u32,
}

/// Which visit of a path a row is about: each step's visit number (0 the first, 1 a PVS
/// re-search), left out of JSON when every step is a first visit.
fn first_visits(visits: &[u8]) -> bool {
    visits.iter().all(|&v| v == 0)
}

/// A node only one run searched.
#[derive(Clone, Debug, Serialize)]
pub struct OnlyIn {
    pub path: Vec<u16>,
    #[serde(skip_serializing_if = "first_visits")]
    pub visits: Vec<u8>,
    /// How that run visited it (a plain call, a null-window scout, a re-search).
    pub visit: Visit,
    pub run: Which,
    pub state: u32,
    pub name: String,
    #[serde(skip)]
    pub ended: Option<Ended>,
    /// `ended` for scripts, written in the diff's units when the diff was made.
    #[serde(rename = "ended")]
    ended_json: Option<serde_json::Value>,
    /// Depths of the passes of that run that searched this path.
    pub passes: Vec<u8>,
    /// Why the other run did not search it.
    pub other: Absent,
}

/// A node both runs searched whose cutoff differs (one cut and the other not, or they cut
/// after different moves, or skipped different moves).
#[derive(Clone, Debug, Serialize)]
pub struct CutMoved {
    pub path: Vec<u16>,
    #[serde(skip_serializing_if = "first_visits")]
    pub visits: Vec<u8>,
    /// How each run visited it.
    pub a_visit: Visit,
    pub b_visit: Visit,
    pub state: u32,
    pub name: String,
    pub a: Option<Cut>,
    pub b: Option<Cut>,
}

/// A node both runs searched that ended differently (flag, value, table hit or abort).
#[derive(Clone, Debug, Serialize)]
pub struct ResultChanged {
    pub path: Vec<u16>,
    #[serde(skip_serializing_if = "first_visits")]
    pub visits: Vec<u8>,
    /// How each run visited it.
    pub a_visit: Visit,
    pub b_visit: Visit,
    pub state: u32,
    pub name: String,
    #[serde(skip)]
    pub a: Option<Ended>,
    #[serde(rename = "a")]
    a_json: Option<serde_json::Value>,
    #[serde(skip)]
    pub b: Option<Ended>,
    #[serde(rename = "b")]
    b_json: Option<serde_json::Value>,
}

/// The node-by-node comparison of two runs.
#[derive(Clone, Debug, Serialize)]
pub struct Diff {
    pub a: RunSide,
    pub b: RunSide,
    /// Nodes either compared pass has (searched or a stub), once each.
    pub aligned: usize,
    pub only: Vec<OnlyIn>,
    pub cutoffs: Vec<CutMoved>,
    pub results: Vec<ResultChanged>,
    /// The whole runs' counters (`RunResult::stats`).
    pub counters: Vec<Delta>,
    /// The compared passes' counters (their rows of the run's pass history).
    pub pass_counters: Vec<Delta>,
    /// The units run A's values are written in (`prune diff` refuses runs of different
    /// scales, but a max-n run's values are payoff vectors and a paranoid run's are not).
    #[serde(skip)]
    pub units: Units,
    /// The units run B's values are written in.
    #[serde(skip)]
    pub units_b: Units,
}

impl Diff {
    /// The units `run`'s values are written in.
    pub fn units_of(&self, run: Which) -> &Units {
        match run {
            Which::A => &self.units,
            Which::B => &self.units_b,
        }
    }

    /// Compares pass `choice` of run `a` with that of run `b`.
    pub fn of(a: &Recorded, b: &Recorded, choice: PassChoice) -> Result<Diff, String> {
        let sa = side(a, choice, "A")?;
        let sb = side(b, choice, "B")?;
        if sa.root != NONE && sb.root != NONE {
            let (ra, rb) = (a.tree().get(sa.root).state, b.tree().get(sb.root).state);
            if ra != rb {
                return Err(format!(
                    "the two runs start from different positions (A: {}, B: {}); a node diff \
                     follows the same moves from the same start",
                    a.catalog().called(ra),
                    b.catalog().called(rb)
                ));
            }
        }
        let (passes_a, passes_b) = (other_passes(a, &sa), other_passes(b, &sb));
        let mut d = Diff {
            counters: counters::whole(a.result(), b.result()),
            pass_counters: counters::passes(a.result(), b.result(), sa.pass_depth, sb.pass_depth),
            a: sa,
            b: sb,
            aligned: 0,
            only: Vec::new(),
            cutoffs: Vec::new(),
            results: Vec::new(),
            units: a.trace.header.units(),
            units_b: b.trace.header.units(),
        };
        // The facts of the nodes on the current path, by ply (the parents `Absent` needs).
        let mut line: Vec<(Option<Facts>, Option<Facts>)> = Vec::new();
        // By ply: whether the node there is a re-search only one run made.
        let mut lacks: Vec<bool> = Vec::new();
        let facts = |rec: &Recorded, passes: &HashMap<u32, Vec<u8>>, id: Option<u32>| {
            id.map(|id| {
                let mut f = Facts::read(rec, id);
                f.passes = passes.get(&id).cloned().unwrap_or_default();
                f
            })
        };
        align::walk(
            (a.tree(), d.a.root),
            (b.tree(), d.b.root),
            &mut |path, ia, ib| {
                d.aligned += 1;
                let (fa, fb) = (facts(a, &passes_a, ia), facts(b, &passes_b, ib));
                line.truncate(path.len());
                lacks.truncate(path.len());
                let parent = path.len().checked_sub(1).and_then(|i| line.get(i));
                let below = lacks.iter().any(|&l| l);
                let lacking = d.compare((a, b), path, (&fa, &fb), parent, below);
                line.push((fa, fb));
                lacks.push(lacking);
            },
        );
        Ok(d)
    }

    /// Compares the two runs at one path; true when the node there is a PVS re-search only
    /// one run made (what is below it is then missing for that reason).
    fn compare(
        &mut self,
        (a, b): (&Recorded, &Recorded),
        steps: &[align::Step],
        (fa, fb): (&Option<Facts>, &Option<Facts>),
        parent: Option<&(Option<Facts>, Option<Facts>)>,
        below_lacking: bool,
    ) -> bool {
        let searched = |f: &Option<Facts>| f.as_ref().is_some_and(Facts::searched);
        let node = |rec: &Recorded, f: Option<&Facts>| f.map(|f| rec.tree().get(f.node));
        let path = align::moves(steps);
        let visits: Vec<u8> = steps.iter().map(|s| s.visit).collect();
        match (searched(fa), searched(fb)) {
            (false, false) => false,
            (true, false) | (false, true) => {
                let (run, here, there, p_other, other_rec) = if searched(fa) {
                    (Which::A, fa, fb, parent.and_then(|p| p.1.as_ref()), b)
                } else {
                    (Which::B, fb, fa, parent.and_then(|p| p.0.as_ref()), a)
                };
                let here = here.as_ref().expect("searched");
                // A pass always has its root unless the budget refused the root itself.
                let revisit = steps.last().is_some_and(|s| s.visit > 0);
                let lacking = revisit && there.is_none() && p_other.is_some_and(Facts::searched);
                let other = if path.is_empty() {
                    Absent::Refused
                } else if lacking {
                    // The other run searched the move once: its parent took the first visit's
                    // value without searching it again.
                    Absent::NotResearched
                } else if below_lacking && there.is_none() {
                    Absent::BelowReSearch
                } else {
                    Absent::why(there.as_ref(), p_other, node(other_rec, p_other).as_ref())
                };
                self.only.push(OnlyIn {
                    path,
                    visits,
                    visit: here.visit,
                    run,
                    state: here.state,
                    name: here.name.clone(),
                    ended: here.ended,
                    ended_json: here.ended.map(|e| e.json(self.units_of(run))),
                    passes: here.passes.clone(),
                    other,
                });
                lacking
            }
            (true, true) => {
                let (fa, fb) = (fa.as_ref().unwrap(), fb.as_ref().unwrap());
                let same_cut = match (&fa.cut, &fb.cut) {
                    (None, None) => true,
                    (Some(x), Some(y)) => x.same(y),
                    _ => false,
                };
                if !same_cut {
                    self.cutoffs.push(CutMoved {
                        path: path.clone(),
                        visits: visits.clone(),
                        a_visit: fa.visit,
                        b_visit: fb.visit,
                        state: fa.state,
                        name: fa.name.clone(),
                        a: fa.cut.clone(),
                        b: fb.cut.clone(),
                    });
                }
                if fa.ended != fb.ended {
                    self.results.push(ResultChanged {
                        path,
                        visits,
                        a_visit: fa.visit,
                        b_visit: fb.visit,
                        state: fa.state,
                        name: fa.name.clone(),
                        a: fa.ended,
                        a_json: fa.ended.map(|e| e.json(&self.units)),
                        b: fb.ended,
                        b_json: fb.ended.map(|e| e.json(&self.units_b)),
                    });
                }
                false
            }
        }
    }

    /// Nothing differs: the same nodes, cutoffs and results, and every counter equal.
    pub fn is_empty(&self) -> bool {
        self.only.is_empty()
            && self.cutoffs.is_empty()
            && self.results.is_empty()
            && self.counters.iter().all(|c| c.change == 0)
            && self.pass_counters.iter().all(|c| c.change == 0)
    }

    /// The nodes only `run` searched.
    pub fn only_in(&self, run: Which) -> impl Iterator<Item = &OnlyIn> {
        self.only.iter().filter(move |o| o.run == run)
    }

    /// The diff as one JSON document.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a diff always serialises") + "\n"
    }
}

/// The pass `choice` names in `rec`, and the run's names.
fn side(rec: &Recorded, choice: PassChoice, label: &str) -> Result<RunSide, String> {
    let passes = rec.tree().passes();
    let depths = || {
        let d: Vec<String> = passes.iter().map(|p| p.depth.to_string()).collect();
        d.join(", ")
    };
    let (index, chosen) = match choice {
        PassChoice::Final => match passes.iter().rposition(|p| p.done) {
            Some(i) => (Some(i), "its final completed pass"),
            None => (
                passes.len().checked_sub(1),
                "its last pass: no pass completed",
            ),
        },
        PassChoice::Last => (passes.len().checked_sub(1), "its last pass begun"),
        PassChoice::Depth(d) => match passes.iter().position(|p| p.depth == d) {
            Some(i) => (Some(i), "the pass asked for"),
            None => {
                return Err(format!(
                    "run {label} has no pass of depth {d} (its passes: {})",
                    depths()
                ));
            }
        },
    };
    let index = index.ok_or_else(|| format!("run {label} has no pass at all"))?;
    let p = passes[index];
    let h = &rec.trace.header;
    Ok(RunSide {
        lesson: h.lesson.clone(),
        preset: h.preset.clone(),
        options: h.options,
        status: h.result.status,
        completed_depth: h.result.depth,
        pass_depth: p.depth,
        pass_done: p.done,
        pass_chosen: chosen,
        pass_index: index,
        root: p.root,
    })
}

/// For each node of the compared pass: the depths of the run's passes that searched the same
/// path (the compared pass included).
fn other_passes(rec: &Recorded, side: &RunSide) -> HashMap<u32, Vec<u8>> {
    let tree = rec.tree();
    let mut seen: HashMap<u32, Vec<u8>> = HashMap::new();
    for p in tree.passes() {
        align::walk((tree, side.root), (tree, p.root), &mut |_, here, there| {
            if let (Some(here), Some(there)) = (here, there)
                && tree.get(there).kind == crate::index::NodeKind::Call
            {
                seen.entry(here).or_default().push(p.depth);
            }
        });
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::{Lesson, Overrides};

    fn recorded(lesson: &Lesson, preset: &str) -> Recorded {
        let setup = lesson.setup(Some(preset), &Overrides::default()).unwrap();
        crate::index::record(lesson, &setup).unwrap()
    }

    /// The diff carries its runs' units: a chance node's average is written as its exact
    /// fraction in the text and as its rounded decimal in the JSON, with no units set
    /// around the call.
    #[test]
    fn a_chance_diff_writes_its_values_in_the_runs_units() {
        let lesson = Lesson::open("004-chance-expectimax").unwrap();
        let (a, b) = (
            recorded(&lesson, "expectimax"),
            recorded(&lesson, "minimax"),
        );
        let d = Diff::of(&a, &b, PassChoice::Final).unwrap();
        // A averages 4, 9 and 6 at 1/3 each: 19/3; as a MIN node it takes 4.
        let text = text::nodes(&d);
        assert!(
            text.contains("moves 0: A EXACT 6.33 (19/3) → B EXACT 4"),
            "{text}"
        );
        let json: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
        let row = (json["results"].as_array().unwrap().iter())
            .find(|r| r["path"] == serde_json::json!([0]))
            .unwrap();
        assert_eq!(row["a"]["value"], serde_json::json!(6.333333));
        assert_eq!(row["b"]["value"], serde_json::json!(4));
    }
}
