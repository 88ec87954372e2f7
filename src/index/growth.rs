//! How much a run has searched by a given step: calls per pass of iterative deepening and
//! positions entered per ply of a pass, for the tutor's chart (`K`). Counted from the call
//! records up to the step, so a chart opened mid-run shows the run so far.

use super::tree::{NodeKind, Tree};

/// One pass as far as the step has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassCalls {
    pub depth: u8,
    /// Calls of this pass entered by the step.
    pub calls: u64,
    /// The pass had ended by the step (DONE or ABORT).
    pub ended: bool,
}

impl Tree<'_> {
    /// Calls per pass entered at or before event `step`, in pass order.
    pub fn calls_per_pass(&self, step: u32) -> Vec<PassCalls> {
        let mut out: Vec<PassCalls> = self
            .passes()
            .iter()
            .filter(|p| p.start_event <= step)
            .map(|p| PassCalls {
                depth: p.depth,
                calls: 0,
                ended: p.end_event != super::tree::NONE && p.end_event <= step,
            })
            .collect();
        for i in 0..self.calls() {
            let n = self.get(i);
            if n.kind == NodeKind::Call
                && n.enter <= step
                && let Some(p) = out.iter_mut().find(|p| p.depth == n.pass)
            {
                p.calls += 1;
            }
        }
        out
    }

    /// Positions entered at each ply (index = ply) of the pass of depth `pass`, at or before
    /// event `step`.
    pub fn calls_per_ply(&self, pass: u8, step: u32) -> Vec<u64> {
        let mut out = Vec::new();
        for i in self.pass_calls(Some(pass)) {
            let n = self.get(i);
            if n.kind != NodeKind::Call || n.enter > step {
                continue;
            }
            let ply = n.ply as usize;
            if out.len() <= ply {
                out.resize(ply + 1, 0);
            }
            out[ply] += 1;
        }
        out
    }
}
