//! The Monte Carlo tree pane: the tree as it stands at the current step, one row per node (a
//! node is the same row in every iteration, named by its id in the search's tree). Each row
//! reads `›3    N 12   7.5/12   +11   #4`: on the iteration's path (›; ▶ for the node the step
//! acts on), the move into it as the game names it, its visits N, its wins U over N, how many
//! nodes are folded below it, and its number in the search's tree (as the narration names
//! it). The path and the children of the nodes on it are shown (and, where the pane has the
//! rows, up to three levels more below those children), the children most visited first
//! (move order on a tie), at most `SIBLINGS` of a family; the rest of a family is one row
//! "… 7 more". The rows scroll (PgUp/PgDn) around the node the step acts on, and the title
//! says which rows are shown.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::index::monte::wins_compact;
use crate::replay::Replay;
use crate::tui::monte;
use crate::tui::theme::Theme;
use crate::tui::view::fit;

/// The most children of one path node shown (the path's own child always is).
pub const SIBLINGS: usize = 12;

/// One row of the pane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Node(u32),
    /// `count` more children of the node above, folded.
    More {
        count: usize,
        visits: u64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub depth: u16,
    pub item: Item,
}

/// Each node's number of nodes below it after `step` events (indexed by node id).
fn below(r: &Replay, step: usize) -> Vec<u32> {
    let monte = &r.index().monte;
    let nodes: Vec<u32> = monte.nodes_at(step).map(|(_, n)| n.parent).collect();
    let mut size = vec![0u32; nodes.len()];
    // Nodes are added after their parent, so one pass from the last adds each to its parent.
    for id in (1..nodes.len()).rev() {
        let p = nodes[id] as usize;
        if p < size.len() {
            size[p] += size[id] + 1;
        }
    }
    size
}

/// The rows of the tree after `step` events, with the iteration's `path` (root first): the
/// path and its nodes' children, and `spread` levels more below the children off the path.
pub fn rows(r: &Replay, step: usize, path: &[u32], spread: usize) -> Vec<Row> {
    if r.index().monte.is_empty() {
        return Vec::new();
    }
    let mut out = vec![Row {
        depth: 0,
        item: Item::Node(0),
    }];
    family(r, step, (path, spread), 0, 0, &mut out);
    out
}

/// The most rows `rows` gives, widened level by level while they fit in `h` rows (a tall
/// pane shows more of the tree; a short one the path and its families).
pub fn rows_within(r: &Replay, step: usize, path: &[u32], h: usize) -> Vec<Row> {
    let mut best = rows(r, step, path, 0);
    for spread in 1..=3 {
        let wider = rows(r, step, path, spread);
        if wider.len() > h || wider.len() == best.len() {
            break;
        }
        best = wider;
    }
    best
}

/// The rows of `node`'s children (`path[level]` when `off` is 0; else a node `off` levels
/// below the path), each path child followed by its own family.
fn family(
    r: &Replay,
    step: usize,
    (path, spread): (&[u32], usize),
    level: usize,
    off: usize,
    out: &mut Vec<Row>,
) {
    let monte = &r.index().monte;
    let node = match (off, out.last()) {
        (0, _) => match path.get(level) {
            Some(&n) => n,
            None => return,
        },
        (
            _,
            Some(Row {
                item: Item::Node(n),
                ..
            }),
        ) => *n,
        _ => return,
    };
    let next = if off == 0 {
        path.get(level + 1).copied()
    } else {
        None
    };
    let mut kids: Vec<(u16, u32, u32)> = monte
        .children_at(node, step)
        .into_iter()
        .map(|(mv, c)| (mv, c, monte.counts(c, step).n))
        .collect();
    kids.sort_by_key(|&(mv, _, n)| (std::cmp::Reverse(n), mv));
    let depth = level as u16 + 1;
    let (mut shown, mut count, mut visits) = (0, 0, 0u64);
    for &(_, c, n) in &kids {
        if Some(c) == next || shown < SIBLINGS {
            shown += 1;
            out.push(Row {
                depth,
                item: Item::Node(c),
            });
            if Some(c) == next {
                family(r, step, (path, spread), level + 1, 0, out);
            } else if off < spread {
                family(r, step, (path, spread), level + 1, off + 1, out);
            }
        } else {
            count += 1;
            visits += n as u64;
        }
    }
    if count > 0 {
        out.push(Row {
            depth,
            item: Item::More { count, visits },
        });
    }
}

/// The columns of a row, wide enough for the root's numbers (no node has more visits, wins
/// or nodes below it).
#[derive(Clone, Copy)]
struct Widths {
    n: usize,
    wins: usize,
    folded: usize,
}

impl Widths {
    fn of(root_n: u32, nodes: u32, per_win: u32) -> Widths {
        let digits = |v: u32| v.to_string().len();
        // What a fraction of a win adds to the whole wins: ".5" in half-wins, ".75" in
        // quarter-wins, "¹⁄₁₂" in twelfths (the widest of any part of a win).
        let part = (1..per_win)
            .map(|k| crate::text::width(&wins_compact(per_win + k, per_win)) - 1)
            .max()
            .unwrap_or(0);
        Widths {
            n: digits(root_n),
            // "12.5/25": the wins take at most the visits' digits and a part of a win.
            wins: 2 * digits(root_n) + 1 + part,
            folded: digits(nodes) + 1,
        }
    }
}

/// One node's row: its text pieces.
fn node_line(
    r: &Replay,
    step: usize,
    id: u32,
    (on_path, current): (bool, bool),
    (folded, w): (u32, Widths),
    theme: Theme,
) -> Vec<Span<'static>> {
    let c = r.index().monte.counts(id, step);
    let mark = if current {
        "▶"
    } else if on_path {
        "›"
    } else {
        " "
    };
    let style = if current {
        theme.current()
    } else if on_path {
        theme.path()
    } else {
        Style::default()
    };
    let wins = format!("{}/{}", wins_compact(c.u, r.index().monte.per_win()), c.n);
    let mut spans = vec![
        Span::styled(format!("{mark}{:<4}", monte::move_into(r, id)), style),
        Span::raw(format!(
            " N {:<nw$} {wins:<ww$} ",
            c.n,
            nw = w.n,
            ww = w.wins
        )),
    ];
    let fold = if folded > 0 {
        format!("+{folded}")
    } else {
        String::new()
    };
    spans.push(Span::styled(
        format!("{fold:<fw$} ", fw = w.folded),
        theme.faint(),
    ));
    spans.push(Span::styled(format!("#{id}"), theme.faint()));
    spans
}

/// Draws the pane into `area` (its title rule included); `scroll` moves the rows from their
/// place around the current node.
pub fn draw(r: &Replay, step: usize, scroll: i32, theme: Theme, area: Rect, buf: &mut Buffer) {
    let path = monte::iteration_path(r, step);
    let current = monte::current(r, step);
    let sizes = below(r, step);
    let body = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };
    let h = body.height as usize;
    let rows = rows_within(r, step, &path, h);
    let widths = Widths::of(
        r.index().monte.counts(0, step).n,
        sizes.first().copied().unwrap_or(0),
        r.index().monte.per_win(),
    );
    let focus = rows
        .iter()
        .position(|row| row.item == Item::Node(current))
        .unwrap_or(0);
    let top = first_row(rows.len(), h, focus, scroll);
    let shown_to = (top + h).min(rows.len());
    let place = if rows.len() > h {
        format!(" · rows {}-{shown_to}/{} (PgUp/PgDn)", top + 1, rows.len())
    } else {
        String::new()
    };
    let title = fit::first_fit(
        [
            format!(" MCTS tree · move N U/N +folded #node · most visited first{place} "),
            format!(" MCTS tree · most visited first{place} "),
            format!(" MCTS tree{place} "),
        ],
        area.width as usize,
    );
    theme.top_block(title).render(area, buf);
    // Indent by two columns a level where there is room, one where the pane is narrow.
    let step_w = if area.width >= 60 { 2 } else { 1 };
    for (k, row) in rows[top..shown_to].iter().enumerate() {
        let indent = " ".repeat(row.depth as usize * step_w);
        let mut spans = vec![Span::raw(indent)];
        match row.item {
            Item::Node(id) => {
                let flags = (path.contains(&id), id == current);
                // A node whose children follow it folds nothing.
                let open = rows
                    .get(top + k + 1)
                    .is_some_and(|next| next.depth > row.depth);
                let folded = if open {
                    0
                } else {
                    sizes.get(id as usize).copied().unwrap_or(0)
                };
                spans.extend(node_line(r, step, id, flags, (folded, widths), theme));
            }
            Item::More { count, visits } => spans.push(Span::styled(
                format!(" … {count} more ({visits} visits)"),
                theme.faint(),
            )),
        }
        fit::put_line(
            buf,
            body.x,
            body.y + k as u16,
            &Line::from(spans),
            body.width,
        );
    }
}

/// The first row shown of `len` rows in `h` rows, the `focus` row near the middle, moved by
/// `scroll`.
pub fn first_row(len: usize, h: usize, focus: usize, scroll: i32) -> usize {
    if len <= h {
        return 0;
    }
    let centred = focus as i64 - h as i64 / 2 + scroll as i64;
    centred.clamp(0, (len - h) as i64) as usize
}
