//! Why each step of the run is what it is, in one sentence read off the run's index: the
//! window a frame holds after the children it has taken in (`TreeNode::window_after`), the
//! value each child returned, the skipped candidates of a cutoff, the flag of a return.

use super::exercise::Exercise;
use super::kinds::Expect;
use crate::index::{NodeKind, TreeNode};
use crate::value::{CutRule, Flag};

impl Exercise {
    /// The node `id` of the run.
    pub(crate) fn node(&self, id: u32) -> TreeNode {
        self.rec.tree().get(id)
    }

    /// The calls among a frame's children, in trying order.
    pub(crate) fn child_calls(&self, frame: u32) -> Vec<u32> {
        self.children(frame)
            .into_iter()
            .filter(|&c| self.node(c).kind == NodeKind::Call)
            .collect()
    }

    /// The child call tried right before `child` (`None` for the first).
    fn before(&self, frame: u32, child: u32) -> Option<u32> {
        let calls = self.child_calls(frame);
        let at = calls.iter().position(|&c| c == child)?;
        at.checked_sub(1).map(|i| calls[i])
    }

    /// A frame's window once it has taken in its children up to `last` (inclusive), and the
    /// child that last narrowed it, if one did.
    pub(crate) fn window_after(&self, frame: u32, last: Option<u32>) -> ((i32, i32), Option<u32>) {
        let f = self.node(frame);
        let mut window = ((f.alpha, f.beta), None);
        let Some(last) = last else {
            return window;
        };
        for c in self.child_calls(frame) {
            if let Some(w) = self.node(c).window_after {
                window = (w, Some(c));
            }
            if c == last {
                break;
            }
        }
        window
    }

    pub(crate) fn window_text(&self, (a, b): (i32, i32)) -> String {
        format!("({}, {})", self.units.sc(a), self.units.sc(b))
    }

    fn open_rule(&self) -> &'static str {
        match self.cut_rule() {
            CutRule::AtLeast => "α < β",
            CutRule::Strict => "α ≤ β",
        }
    }

    fn closed_rule(&self) -> &'static str {
        match self.cut_rule() {
            CutRule::AtLeast => "α ≥ β",
            CutRule::Strict => "α > β",
        }
    }

    fn returned(&self, node: u32) -> String {
        format!(
            "{} returned {}",
            self.name(node),
            self.units.sc(self.node(node).value)
        )
    }

    /// Why step `step` of the run is what it is.
    pub fn why(&self, step: usize) -> String {
        match self.steps[step] {
            Expect::Visit { frame, child } => self.why_visit(frame, child),
            Expect::Window { child, alpha, beta } => self.why_window(child, (alpha, beta)),
            Expect::Cut { frame, after } => self.why_cut(frame, after),
            Expect::Return { frame, value } => self.why_return(frame, value),
        }
    }

    fn why_visit(&self, frame: u32, child: u32) -> String {
        let (f, c) = (self.name(frame), self.name(child));
        let Some(prev) = self.before(frame, child) else {
            return format!("{f} tries its children left to right, and {c} is the first.");
        };
        if !self.prunes() {
            return format!(
                "{}; {} never cuts, so {f} tries its next child, {c}.",
                self.returned(prev),
                self.settings.method.name()
            );
        }
        let (w, _) = self.window_after(frame, Some(prev));
        format!(
            "{}, and {f}'s window {} is still open ({}), so {f} tries its next child, {c}.",
            self.returned(prev),
            self.window_text(w),
            self.open_rule()
        )
    }

    fn why_window(&self, child: u32, window: (i32, i32)) -> String {
        let frame = self.node(child).parent;
        let (f, c) = (self.name(frame), self.name(child));
        let prev = self.before(frame, child);
        let (_, by) = self.window_after(frame, prev);
        let origin = match by {
            Some(q) => {
                let v = self.units.sc(self.node(q).value);
                let q = self.name(q);
                if self.side(frame).is_max() {
                    format!("{f} is MAX, and it raised its α to {v} when {q} returned {v}")
                } else {
                    format!("{f} is MIN, and it lowered its β to {v} when {q} returned {v}")
                }
            }
            None if self.node(frame).parent == crate::index::NONE => {
                format!("the root's full window: no child of {f} has narrowed it yet")
            }
            None => format!("{f}'s own window: no child of {f} has narrowed it yet"),
        };
        format!(
            "{c} gets {f}'s window as it stands, {}: {origin}.",
            self.window_text(window)
        )
    }

    fn why_cut(&self, frame: u32, after: u32) -> String {
        let f = self.name(frame);
        let (w, _) = self.window_after(frame, Some(after));
        let skipped: Vec<String> = self
            .children(frame)
            .into_iter()
            .filter(|&c| self.node(c).kind == NodeKind::Skipped)
            .map(|c| self.name(c))
            .collect();
        let skips = if skipped.is_empty() {
            "a cutoff, though no child is left to skip".to_string()
        } else {
            format!("{f} skips {} (a cutoff)", skipped.join(", "))
        };
        format!(
            "{}, so {f}'s window is now {}: {}, it is closed, and {skips}.",
            self.returned(after),
            self.window_text(w),
            self.closed_rule(),
        )
    }

    fn why_return(&self, frame: u32, value: i32) -> String {
        let n = self.node(frame);
        let f = self.name(frame);
        let v = self.units.sc(value);
        let from = self
            .child_calls(frame)
            .into_iter()
            .find(|&c| self.node(c).mv == n.best_mv)
            .map(|c| format!(" (from {})", self.name(c)))
            .unwrap_or_default();
        let (most, side) = if n.turn.is_max() {
            ("largest", "MAX")
        } else {
            ("smallest", "MIN")
        };
        let bound = match n.bound() {
            Some(flag @ (Flag::Lower | Flag::Upper)) => format!(
                "; it proves only that {f} is worth {}",
                flag.worth(value, &self.units)
            ),
            _ => String::new(),
        };
        if n.cutoff.is_some() {
            return format!(
                "{f} stopped at the cutoff and returns its best so far, {v}{from}{bound}."
            );
        }
        format!(
            "{f} has tried all its children; as {side} it returns the {most} value they returned, {v}{from}{bound}."
        )
    }
}
