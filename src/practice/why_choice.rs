//! Why it is so, as a choice (issue 39, self-explanation graded without free text): after a
//! predicted step, the student picks which "why?" chain explains it, between the run's own
//! chain (the index's, `Tree::why_*`) and the chains of named misconception runs that part
//! from the right run at that very step (`Pitfall`: the same lesson and setup, the run's
//! trace the same up to the question, the question there answered otherwise).
//!
//! Every option is a chain read off a recorded run; none is written here. The right option's
//! place among the options follows the question (not always first).

use crate::index::Recorded;
use crate::index::question::{Kind, Question, Truth};
use crate::index::{NodeKind, Tree};
use crate::practice::predict::Variant;
use crate::search::Pitfall;
use crate::value::Units;

/// At most this many misconception chains stand beside the right one.
pub const DISTRACTORS: usize = 3;

/// One option: a chain, and the misconception run it is read from (`None`: the run's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offered {
    pub text: String,
    pub from: Option<Pitfall>,
}

/// The choice after a question: its options and which one is the run's own chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhyChoice {
    pub options: Vec<Offered>,
    pub right: usize,
}

/// The index's own chain for the answer to `q` (the links that say why it is so), if the
/// question's kind has one: a window, a probe, a flag, a return, a cutoff that happened.
pub fn chain(tree: &Tree, u: &Units, q: &Question) -> Option<String> {
    let links = |a: Option<crate::index::why::Answer>, k: usize| {
        a.map(|a| {
            let texts: Vec<String> = a.links.into_iter().take(k).map(|l| l.text).collect();
            texts.join(" ")
        })
    };
    let text = match q.kind {
        Kind::Window => links(tree.why_window(u, q.node), 1),
        Kind::Probe => links(tree.why_probe(u, q.node), 1),
        Kind::Flag => links(tree.why_flag(u, q.node), 1),
        Kind::Return => links(tree.why_chosen(u, q.node), 2),
        Kind::Cut if q.answer == Truth::YesNo(true) => {
            let p = tree.links(q.node).parent;
            let skipped = tree
                .children(p)
                .find(|&c| tree.get(c).kind == NodeKind::Skipped);
            links(skipped.and_then(|s| tree.why_skipped(u, s)), 1)
        }
        _ => None,
    };
    text.filter(|t| !t.is_empty())
}

/// The first event where a variant's trace parts from the right run's (the length of the
/// shorter when one is the other's beginning): the variant answers a question due at `due`
/// on the same run so far when `due` is at most this.
pub fn parting(right: &Recorded, variant: &Recorded) -> usize {
    let (a, b) = (&right.trace.events, &variant.trace.events);
    let n = a.len().min(b.len());
    (0..n).find(|&i| a.at(i) != b.at(i)).unwrap_or(n)
}

/// The question a variant asks at the same step as `q`, when its run is the right one's up
/// to there (`parted`: its `parting`) and answers it otherwise: the variant parts from the
/// right run at that step.
pub fn parts_at(q: &Question, variant: &Recorded, parted: usize) -> Option<Question> {
    if q.due as usize > parted || variant.trace.events.len() <= q.due as usize {
        return None;
    }
    (variant.tree().questions_at(q.due).into_iter())
        .find(|w| w.kind == q.kind && w.node == q.node && w.answer != q.answer)
}

/// The choice after `q` on the run `right`: its own chain and up to `DISTRACTORS` chains of
/// the variants that part from it at that step (each a chain of its own wording; in
/// `Pitfall::ALL` order). `partings[i]` is `parting(right, variants[i])`. `None` when the
/// step has no chain or no variant parts there.
pub fn offer(
    right: &Recorded,
    u: &Units,
    q: &Question,
    variants: &[Variant],
    partings: &[usize],
) -> Option<WhyChoice> {
    let own = chain(&right.tree(), u, q)?;
    let mut options: Vec<Offered> = Vec::new();
    for (v, &parted) in variants.iter().zip(partings) {
        if options.len() == DISTRACTORS {
            break;
        }
        let Some(theirs) = parts_at(q, &v.rec, parted) else {
            continue;
        };
        let Some(text) = chain(&v.rec.tree(), u, &theirs) else {
            continue;
        };
        if text != own && options.iter().all(|o| o.text != text) {
            options.push(Offered {
                text,
                from: Some(v.pitfall),
            });
        }
    }
    if options.is_empty() {
        return None;
    }
    let right_at = (q.due as usize + q.node as usize) % (options.len() + 1);
    options.insert(
        right_at,
        Offered {
            text: own,
            from: None,
        },
    );
    Some(WhyChoice {
        options,
        right: right_at,
    })
}
