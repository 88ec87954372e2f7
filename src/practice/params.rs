//! The generator's overrides: the choices of `prune practice export` that a reader fixes
//! instead of drawing them from the seed.

use crate::game::Side;
use crate::value::{CutRule, Spelling};

/// Optional overrides of the generator's random choices (unset: drawn from the seed).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params {
    /// Plies from the root to the deepest leaves (quiescence problems need at least 2).
    pub depth: Option<u8>,
    /// Fewest and most moves per inner node.
    pub branching: Option<(u8, u8)>,
    /// Range of leaf (and static) scores.
    pub values: Option<(i32, i32)>,
    pub root: Option<Side>,
    pub irregular: Option<bool>,
    pub transpositions: Option<bool>,
    /// At most this many outline lines (one per move, plus the root), 2..=52.
    pub max_nodes: Option<usize>,
    pub cut: Option<CutRule>,
}

impl Params {
    /// Lays the reader's choices of a tree's shape over the generator's draws (depth at least
    /// `min_depth`, at most 6; at most `MAX_GENERATED` nodes), leaving the draws of the unset
    /// ones as they are so the seed's stream is unchanged. Transpositions are each kind's own.
    pub fn shape(&self, shape: &mut super::generate::Shape, min_depth: u8) {
        if let Some(d) = self.depth {
            shape.depth = d.clamp(min_depth, 6);
        }
        if let Some((lo, hi)) = self.branching {
            shape.min_branch = lo.max(1);
            shape.max_branch = hi.max(shape.min_branch);
        }
        if let Some((lo, hi)) = self.values {
            shape.lo = lo.min(hi);
            shape.hi = hi.max(lo);
        }
        shape.root = self.root.unwrap_or(shape.root);
        shape.irregular = self.irregular.unwrap_or(shape.irregular);
        shape.max_nodes = (self.max_nodes)
            .unwrap_or(shape.max_nodes)
            .clamp(2, super::generate::MAX_GENERATED);
    }

    fn is_default(&self) -> bool {
        *self == Params::default()
    }

    /// The options of `prune practice export` that fix these choices, as a reader would type
    /// them: `--depth 3 --values=-9,9 --root min`.
    pub fn options_text(&self) -> String {
        let on = |b: bool| if b { "on" } else { "off" };
        let mut words = Vec::new();
        if let Some(d) = self.depth {
            words.push(format!("--depth {d}"));
        }
        match self.branching {
            Some((lo, hi)) if lo == hi => words.push(format!("--branching {lo}")),
            Some((lo, hi)) => words.push(format!("--branching {lo},{hi}")),
            None => {}
        }
        if let Some((lo, hi)) = self.values {
            words.push(format!("--values={lo},{hi}"));
        }
        if let Some(root) = self.root {
            words.push(format!("--root {}", root.name().to_ascii_lowercase()));
        }
        if let Some(b) = self.irregular {
            words.push(format!("--irregular {}", on(b)));
        }
        if let Some(b) = self.transpositions {
            words.push(format!("--transpositions {}", on(b)));
        }
        if let Some(n) = self.max_nodes {
            words.push(format!("--nodes {n}"));
        }
        if let Some(cut) = self.cut {
            words.push(format!("--cut {}", cut.spelled(Spelling::Name)));
        }
        words.join(" ")
    }

    /// Where a generated problem comes from: its seed and number, and the options that fixed
    /// some of the generator's choices.
    pub(super) fn source(&self, seed: u64, index: u64) -> String {
        if self.is_default() {
            format!("generated: seed {seed}, problem {}", index + 1)
        } else {
            format!(
                "generated: seed {seed}, problem {}, {}",
                index + 1,
                self.options_text()
            )
        }
    }
}
