//! Which rows of a scrolled text are on screen (`Shown`), kept apart from drawing so the app
//! can page through what the last frame showed (`view::scroll` draws it).

/// What a render showed: `total` wrapped rows, from row `first`, `rows` of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    pub total: usize,
    pub first: usize,
    pub rows: usize,
}

impl Shown {
    /// Every row of the text is on screen.
    pub fn fits(&self) -> bool {
        self.first == 0 && self.total <= self.rows
    }
    /// Rows after the last one shown.
    pub fn below(&self) -> usize {
        self.total.saturating_sub(self.first + self.rows)
    }
    pub fn above(&self) -> usize {
        self.first
    }
    /// The largest useful offset for this text in this area.
    pub fn max_offset(&self) -> usize {
        self.total.saturating_sub(self.rows)
    }
    /// The cue a cut text shows (empty when it fits), naming the key that scrolls it.
    pub fn cue(&self, key: &str) -> String {
        let mut parts = Vec::new();
        if self.above() > 0 {
            parts.push(format!("↑ {} above", self.above()));
        }
        if self.below() > 0 {
            parts.push(format!("↓ {} more {}", self.below(), lines(self.below())));
        }
        if parts.is_empty() {
            return String::new();
        }
        if key.is_empty() {
            parts.join(" · ")
        } else {
            format!("{} ({key})", parts.join(" · "))
        }
    }
}

fn lines(n: usize) -> &'static str {
    if n == 1 { "line" } else { "lines" }
}

/// Which rows of `total` show in `h` rows at `offset`: all of them when they fit, else one
/// row less than the area (the cue takes it) unless the cue has a row of its own.
pub fn layout(total: usize, h: usize, offset: usize, cue_elsewhere: bool) -> Shown {
    if total <= h {
        return Shown {
            total,
            first: 0,
            rows: total,
        };
    }
    let rows = if cue_elsewhere {
        h
    } else {
        h.saturating_sub(1).max(1)
    };
    let first = offset.min(total - rows);
    Shown { total, first, rows }
}
