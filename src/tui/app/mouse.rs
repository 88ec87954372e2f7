//! The mouse: a click on the tree selects a node (and opens the inspector on it); the wheel
//! scrolls the pane under the pointer, or the window on top when it scrolls.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use super::App;
use crate::tui::layout;

impl App {
    pub fn on_mouse(&mut self, m: MouseEvent) {
        if self.layers.whole_screen() {
            return;
        }
        if matches!(
            m.kind,
            MouseEventKind::ScrollDown | MouseEventKind::ScrollUp
        ) {
            self.on_wheel(m);
            return;
        }
        if m.kind != MouseEventKind::Down(MouseButton::Left) || self.layers.covered() {
            return;
        }
        let area = self.laid.tree_area;
        if m.column < area.x
            || m.row < area.y
            || m.column >= area.x + area.width
            || m.row >= area.y + area.height
        {
            return;
        }
        self.selected = layout::tree::hit(&self.tree_ctx(), area, m.column, m.row);
        // A click opens the inspector on the node (and a click beside the tree closes it).
        self.inspecting = self.selected.is_some();
        self.inspect_scroll = 0;
    }

    /// The wheel scrolls the pane under the pointer by three rows (the introduction, when
    /// it is open).
    pub(crate) fn on_wheel(&mut self, m: MouseEvent) {
        let by: i32 = if m.kind == MouseEventKind::ScrollDown {
            3
        } else {
            -3
        };
        let inside =
            |r: Rect| m.column >= r.x && m.row >= r.y && m.column < r.right() && m.row < r.bottom();
        let add = |v: usize, max: usize| (v as i64 + by as i64).clamp(0, max as i64) as usize;
        let laid = self.laid;
        let sc = &mut self.scrolls;
        let window = laid.window_shown;
        if let Some(top) = self.layers.top_dyn_mut()
            && top.wheel(by, window)
        {
            return;
        }
        if self.layers.covered() {
            return;
        }
        if inside(laid.narration_area) {
            sc.narration = add(
                laid.narration_shown.first,
                laid.narration_shown.max_offset(),
            )
        } else if inside(laid.table_area) {
            sc.table = Some(add(laid.table_shown.first, laid.table_shown.max_offset()))
        } else if inside(laid.tree_area) {
            self.scroll_tree(by)
        }
    }

    /// Moves the tree outline by `by` rows (it stops at either end when drawn).
    pub(crate) fn scroll_tree(&mut self, by: i32) {
        self.scrolls.tree = self
            .scrolls
            .tree
            .saturating_add(by)
            .clamp(-100_000, 100_000);
    }
}
