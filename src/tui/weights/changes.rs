//! What new weights (or a leaf's new score) changed, read off the two runs' indexes through
//! the node diff (`crate::diff`): its walk pairs the nodes of the two final passes by their
//! path of moves, and `Facts` says how each run ended at each of them. Values are compared exactly
//! (`Units::exact`), since new weights may write the run in other units (0.1 needs tenths,
//! 3 does not).

use crate::diff::align::{self, Step};
use crate::diff::{Diff, Ended, Facts, PassChoice, Which};
use crate::exact::Ratio;
use crate::game::features::sum_text;
use crate::index::{NONE, Recorded};
use crate::value::Units;

/// How a node ended in one run: its value (exact; `None` for an abandoned call or a bound
/// at infinity), as the tutor writes it ("3", "at least 3"), and the child it chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub value: Option<Ratio>,
    pub text: String,
    /// The move index of the child it chose (`None`: none, a chance node's average, a leaf).
    pub mv: Option<u16>,
    /// How the catalog calls that child ("quiet (1)").
    pub child: Option<String>,
}

/// An inner node whose chosen child or value changed (the root too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub path: Vec<u16>,
    /// "root (0)", as the catalog calls it, and whose choice it is ("MAX").
    pub name: String,
    pub side: String,
    pub before: Choice,
    pub after: Choice,
    /// When the choice moved: what the old choice is worth in the new run ("1", "at most
    /// 1", "not searched").
    pub old_now: Option<String>,
}

impl Decision {
    pub fn choice_moved(&self) -> bool {
        self.before.mv != self.after.mv
    }
}

/// A node whose score the search read (a leaf, or a node at the horizon) and whose static
/// score the new weights changed, with its new sum term by term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub path: Vec<u16>,
    pub name: String,
    pub before: Ratio,
    pub after: Ratio,
    /// "3·f + 0.25·g = 3 × (-1) + 0.25 × 12 = 0" (empty for a score written as a number).
    pub sum: String,
}

/// A node both passes searched whose cutoff appeared, went, or moved to another child.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutChange {
    pub path: Vec<u16>,
    /// "MIN B (2)": whose choice, and the catalog's name.
    pub name: String,
    /// Each run's cutoff: the move whose value closed the window (`None` for a stand-pat
    /// cutoff) and the children it skipped, as the catalog calls them; `None`: no cutoff.
    pub before: Option<(Option<u16>, Vec<String>)>,
    pub after: Option<(Option<u16>, Vec<String>)>,
    /// How the catalog calls the child each cut came after ("c (3)").
    pub before_child: Option<String>,
    pub after_child: Option<String>,
}

impl CutChange {
    /// "MIN B (2): cut after c (3), skipping d (4) → no cutoff".
    pub fn text(&self) -> String {
        format!(
            "{}: {} → {}",
            self.name,
            cut_words(&self.before, &self.before_child),
            cut_words(&self.after, &self.after_child)
        )
    }
}

/// One run's cutoff at a node, in words.
fn cut_words(cut: &Option<(Option<u16>, Vec<String>)>, child: &Option<String>) -> String {
    let Some((after, skipped)) = cut else {
        return "no cutoff".into();
    };
    let at = match (after, child) {
        (Some(_), Some(c)) => format!("cut after {c}"),
        (Some(m), None) => format!("cut after move {m}"),
        (None, _) => "cut on its own stand-pat score".into(),
    };
    if skipped.is_empty() {
        format!("{at}, the last child")
    } else {
        format!("{at}, skipping {}", skipped.join(", "))
    }
}

/// Everything the new weights changed in the final pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// The root in each run, changed or not.
    pub root: Option<(Choice, Choice)>,
    /// The root's name and whose choice it is.
    pub root_name: String,
    pub decisions: Vec<Decision>,
    pub leaves: Vec<Leaf>,
    /// Nodes both runs searched whose cutoff differs, in the order of the tree.
    pub cuts: Vec<CutChange>,
    /// Nodes only one run searched: "before only: MIN c (3), skipped by its parent's cutoff".
    pub only: Vec<String>,
    /// Nodes the two passes have, paired.
    pub aligned: usize,
}

impl Changes {
    /// Compares the final passes of `before` and `after` (the same game and start, other
    /// weights), or says why they cannot be.
    pub fn of(before: &Recorded, after: &Recorded) -> Result<Changes, String> {
        let diff = Diff::of(before, after, PassChoice::Final)?;
        let (ua, ub) = (diff.units_of(Which::A), diff.units_of(Which::B));
        let mut out = Changes {
            aligned: diff.aligned,
            ..Changes::default()
        };
        for o in &diff.only {
            let when = match o.run {
                Which::A => "before only",
                Which::B => "now only",
            };
            out.only.push(format!(
                "{when}: {} at {}; the other run: {}",
                o.name,
                crate::diff::text::path_text(&o.path),
                o.other.text()
            ));
        }
        let (ra, rb) = (diff.a.root, diff.b.root);
        align::walk(
            (before.tree(), ra),
            (after.tree(), rb),
            &mut |path: &[Step], ia, ib| {
                let (Some(ia), Some(ib)) = (ia, ib) else {
                    return;
                };
                out.pair((before, ua), (after, ub), path, ia, ib);
            },
        );
        Ok(out)
    }

    /// One node both passes have.
    fn pair(
        &mut self,
        (a, ua): (&Recorded, &Units),
        (b, ub): (&Recorded, &Units),
        path: &[Step],
        ia: u32,
        ib: u32,
    ) {
        let (fa, fb) = (Facts::read(a, ia), Facts::read(b, ib));
        if !fa.searched() || !fb.searched() {
            return;
        }
        let moves = align::moves(path);
        let state = fb.state;
        let name = b.catalog().called(state);
        self.cut((a, &fa, ia), (b, &fb, ib), &moves);
        let (na, nb) = (a.tree().get(ia), b.tree().get(ib));
        let read = |n: &crate::index::TreeNode| n.read.is_some() || n.stand_pat.is_some();
        if read(&na) || read(&nb) {
            let exact =
                |rec: &Recorded, u: &Units| rec.catalog().score(state).and_then(|v| u.exact(v));
            if let (Some(x), Some(y)) = (exact(a, ua), exact(b, ub))
                && x != y
            {
                let sum = match (b.catalog().terms(state), b.catalog().score(state)) {
                    (terms, Some(v)) if !terms.is_empty() => sum_text(terms, &ub.sc(v)),
                    _ => String::new(),
                };
                self.leaves.push(Leaf {
                    path: moves.clone(),
                    name: name.clone(),
                    before: x,
                    after: y,
                    sum,
                });
            }
        }
        let inner = |rec: &Recorded, id: u32| rec.tree().children(id).next().is_some();
        if !inner(a, ia) && !inner(b, ib) {
            return;
        }
        let chance = fb.turn.is_chance();
        let before = choice(a, ua, ia, &fa, chance);
        let after = choice(b, ub, ib, &fb, chance);
        let side = b.trace.header.turn_name(fb.turn);
        if moves.is_empty() {
            self.root = Some((before.clone(), after.clone()));
            self.root_name = format!("{side} {name}");
        }
        let same_value = before.value == after.value && before.text == after.text;
        if same_value && before.mv == after.mv {
            return;
        }
        let old_now = (before.mv != after.mv)
            .then(|| before.mv.map(|mv| worth_of_move(b, ub, ib, mv)))
            .flatten();
        self.decisions.push(Decision {
            path: moves,
            name,
            side,
            before,
            after,
            old_now,
        });
    }
}

impl Changes {
    /// A cutoff that differs at one node both runs searched (the same moves closing the
    /// window and the same ones skipped count as the same cutoff).
    fn cut(
        &mut self,
        (a, fa, ia): (&Recorded, &Facts, u32),
        (b, fb, ib): (&Recorded, &Facts, u32),
        moves: &[u16],
    ) {
        let same = match (&fa.cut, &fb.cut) {
            (None, None) => true,
            (Some(x), Some(y)) => x.same(y),
            _ => false,
        };
        if same {
            return;
        }
        let words = |f: &Facts| {
            f.cut
                .as_ref()
                .map(|c| (c.after_move, c.skipped_names.clone()))
        };
        let child = |rec: &Recorded, f: &Facts, id: u32| {
            let mv = f.cut.as_ref()?.after_move?;
            let c = child_of(rec, id, mv)?;
            Some(rec.catalog().called(rec.tree().get(c).state))
        };
        self.cuts.push(CutChange {
            path: moves.to_vec(),
            name: format!(
                "{} {}",
                b.trace.header.turn_name(fb.turn),
                b.catalog().called(fb.state)
            ),
            before: words(fa),
            after: words(fb),
            before_child: child(a, fa, ia),
            after_child: child(b, fb, ib),
        });
    }
}

/// How `f` (node `id` of `rec`) ended, and the child it chose (none at a chance node, which
/// averages).
fn choice(rec: &Recorded, u: &Units, id: u32, f: &Facts, chance: bool) -> Choice {
    let (value, text) = ended(f.ended, u);
    let n = rec.tree().get(id);
    let mv = (!chance && n.returned().is_some() && n.best_mv >= 0).then_some(n.best_mv as u16);
    let child = mv.and_then(|mv| child_of(rec, id, mv)).map(|c| {
        let state = rec.tree().get(c).state;
        rec.catalog().called(state)
    });
    Choice {
        value,
        text,
        mv,
        child,
    }
}

/// The exact value and the text of how a call ended, in `u` ("3", "at least 3").
fn ended(e: Option<Ended>, u: &Units) -> (Option<Ratio>, String) {
    match e {
        Some(Ended::Stored { flag, value }) => (u.exact(value), flag.worth(value, u)),
        Some(Ended::TableHit { value, flag }) => (
            u.exact(value),
            flag.map_or_else(|| u.sc(value), |f| f.worth(value, u)),
        ),
        Some(Ended::Abort) | None => (None, "abandoned".into()),
    }
}

/// The child of `id` reached by move `mv` (its last visit: a PVS re-search over its scout).
fn child_of(rec: &Recorded, id: u32, mv: u16) -> Option<u32> {
    let tree = rec.tree();
    tree.children(id)
        .filter(|&c| tree.get(c).mv == mv as i16)
        .last()
        .filter(|&c| c != NONE)
}

/// What move `mv` of node `id` is worth in `rec`: its value, or that it was not searched.
fn worth_of_move(rec: &Recorded, u: &Units, id: u32, mv: u16) -> String {
    match child_of(rec, id, mv) {
        Some(c) => {
            let f = Facts::read(rec, c);
            if f.searched() {
                ended(f.ended, u).1
            } else {
                "not searched".into()
            }
        }
        None => "not searched".into(),
    }
}
