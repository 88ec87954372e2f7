//! A practice round over the whole screen: pose each problem, edit an answer, grade it, show
//! which node is wrong and where the trace shows it, and sum the round up by kind.
//!
//! `PracticeScreen` is plain state; `handle_key` changes it and `&PracticeScreen` is a ratatui
//! `Widget`, so the tutor embeds the round (key `e`), `tui::practice_round` runs it alone
//! (`prune practice tui`) in the tutor's terminal session, and tests render it into a
//! `TestBackend` without a terminal. The problems, grading and progress are `practice`'s.
//!
//! ```text
//!  Practice · problem 2/3 · leaves                score 1/1 · streak 1 · ? help
//! ▲ R MAX                  │ Which leaves does alpha-beta read, in order, …
//! ├ ▼ A MIN                │
//! │ ├ ▲ C MAX              │ [fail-soft alpha-beta, left to right, …]
//! │ │ ├ ▼ H = 7            │
//! …  (the tree scrolls)    │ Answer: leaves in order | skipped children, …
//! ── Your answer ─────────────────────────────────────────────────────────────────
//! › H I J M N F | G K█
//! ✗ Wrong at node L.
//!   why it is wrong, wrapped to the width
//!   Expected: H I J M N F | G K L
//!   See step 9 of run "practice".
//! n/Enter next problem · PgUp/PgDn scroll the tree · ? help · Esc quit
//! ```
//!
//! Meaning never rests on colour alone: verdicts carry ✓ or ✗ and words, and with `NO_COLOR`
//! set no colour is used at all.

use std::cell::Cell;
use std::collections::BTreeMap;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::practice::answer::Answer;
use crate::practice::problem::{Problem, Verdict};
use crate::practice::render::wrap;
use crate::practice::store::{Keeper, Place, Progress};
use crate::tui::keys::{KeyHelp, key};
use crate::tui::line_edit::{Edit, LineEdit};

/// Below this size the screen asks for a larger terminal instead of drawing a broken layout.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 16;

/// What the caller should do after a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Continue,
    Quit,
    /// Open the graded problem in the tutor at the step its verdict cites (`PracticeScreen::cited`).
    OpenInTutor,
}

/// Where the round is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The current problem is posed and the answer line is being edited.
    Asking,
    /// The current problem's verdict is shown.
    Graded,
    /// Every problem is answered; the summary is shown.
    Summary,
}

/// The keys, in the order the help lists them (the help is generated from this table).
pub const KEYS: &[KeyHelp] = &[
    key("type", "edit the answer (q and n are letters here)"),
    key("← → Home End", "move the cursor (also Ctrl-A, Ctrl-E)"),
    key("Backspace Del", "delete a character"),
    key("Ctrl-U Ctrl-K Ctrl-W", "delete to start, to end, a word"),
    key("Enter", "submit the answer"),
    key("n or Enter", "next problem, once graded"),
    key("t", "show the run's trace at the cited call, once graded"),
    key(
        "o",
        "open the problem in the tutor at that call (a round from the tutor)",
    ),
    key("PgUp PgDn ↑ ↓", "scroll the tree"),
    key("?  F1", "show or hide this help"),
    key("Esc  Ctrl-C", "quit (progress is already saved)"),
];

/// A practice round's state.
#[derive(Debug, Clone)]
pub struct PracticeScreen {
    problems: Vec<Problem>,
    index: usize,
    phase: Phase,
    /// The answer being typed (the tutor's one line editor).
    input: LineEdit,
    /// The answer given and its verdict, per problem.
    answers: Vec<Option<(String, Verdict)>>,
    /// The learner's progress, and where each graded answer is saved as it is graded.
    keeper: Keeper,
    notice: Option<String>,
    help: bool,
    /// The trace table of the graded problem's run and the step to mark, while shown.
    trace: Option<TraceView>,
    color: bool,
    tree_scroll: usize,
    /// Tree rows visible at the last draw, so PgUp/PgDn move by a page (drawing takes `&self`).
    tree_rows: Cell<usize>,
    /// What Esc does, as the footer says it: "quit", or "back to the tutor" for a round
    /// opened from the tutor.
    leave: &'static str,
    /// The course check a whole round scores (`practice LESSON`), when it is one.
    course_key: Option<String>,
}

impl PracticeScreen {
    /// A round over `problems`, adding to `progress`. Nothing is saved unless `saving(true)`;
    /// colour follows `NO_COLOR`.
    pub fn new(problems: Vec<Problem>, progress: Progress) -> PracticeScreen {
        let n = problems.len();
        PracticeScreen {
            phase: if n == 0 {
                Phase::Summary
            } else {
                Phase::Asking
            },
            problems,
            index: 0,
            input: LineEdit::new(),
            answers: vec![None; n],
            keeper: Keeper::new(progress, Place::Memory),
            notice: None,
            help: false,
            trace: None,
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            tree_scroll: 0,
            tree_rows: Cell::new(10),
            leave: "quit",
            course_key: None,
        }
    }

    /// A round opened from the tutor: Esc goes back to it, and the footer says so.
    pub fn from_tutor(mut self) -> PracticeScreen {
        self.leave = "back to the tutor";
        self
    }

    /// A round that is a course check: once every problem is answered, its score is saved
    /// under `key` (when answers are saved at all).
    pub fn for_course(mut self, key: Option<String>) -> PracticeScreen {
        self.course_key = key;
        self
    }

    /// Save every graded answer to the user's progress file as it is graded (adding to what
    /// other rounds save meanwhile).
    pub fn saving(mut self, on: bool) -> PracticeScreen {
        self.keeper
            .set_place(if on { Place::located() } else { Place::Memory });
        self
    }

    /// What became of answers that could not be saved, for the line printed after the round;
    /// `None` if every answer was saved (or saving is off).
    pub fn unsaved_note(&self) -> Option<String> {
        self.keeper.unsaved_note()
    }

    /// Force colour on or off (tests; `NO_COLOR` decides otherwise).
    pub fn with_color(mut self, on: bool) -> PracticeScreen {
        self.color = on;
        self
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current problem's position (0-based).
    pub fn index(&self) -> usize {
        self.index
    }

    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    pub fn input(&self) -> String {
        self.input.text()
    }

    /// The cursor, in characters from the start of the answer.
    pub fn cursor(&self) -> usize {
        self.input.cursor()
    }

    /// The verdicts so far, in problem order (unanswered problems are left out).
    pub fn verdicts(&self) -> Vec<&Verdict> {
        self.answers.iter().flatten().map(|(_, v)| v).collect()
    }

    /// (right, answered) in this round.
    pub fn score(&self) -> (usize, usize) {
        let v = self.verdicts();
        (v.iter().filter(|v| v.correct).count(), v.len())
    }

    /// Correct answers in a row, carried over from the saved progress.
    pub fn streak(&self) -> u64 {
        self.keeper.progress().streak
    }

    pub fn progress(&self) -> &Progress {
        self.keeper.progress()
    }

    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// Right and asked, by kind, in this round.
    pub fn by_kind(&self) -> BTreeMap<&'static str, (usize, usize)> {
        let mut out = BTreeMap::new();
        for (p, a) in self.problems.iter().zip(&self.answers) {
            if let Some((_, v)) = a {
                let e = out.entry(p.item.kind.name()).or_insert((0, 0));
                e.0 += usize::from(v.correct);
                e.1 += 1;
            }
        }
        out
    }

    pub fn handle_key(&mut self, key: KeyEvent) -> Outcome {
        // Only presses (and held-key repeats) act; release events would double every key.
        if key.kind == KeyEventKind::Release {
            return Outcome::Continue;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => return Outcome::Quit,
            KeyCode::Char('c') if ctrl => return Outcome::Quit,
            // Answers never contain `?`, so it can toggle the help even while typing.
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.help = !self.help;
                return Outcome::Continue;
            }
            KeyCode::PageUp => {
                self.scroll_tree(-(self.page() as isize));
                return Outcome::Continue;
            }
            KeyCode::PageDown => {
                self.scroll_tree(self.page() as isize);
                return Outcome::Continue;
            }
            KeyCode::Up => {
                self.scroll_tree(-1);
                return Outcome::Continue;
            }
            KeyCode::Down => {
                self.scroll_tree(1);
                return Outcome::Continue;
            }
            _ => {}
        }
        match self.phase {
            Phase::Asking => self.edit(key),
            Phase::Graded => match key.code {
                KeyCode::Enter | KeyCode::Char('n' | 'N' | ' ') => self.next(),
                KeyCode::Char('t' | 'T') => self.toggle_trace(),
                KeyCode::Char('o' | 'O') if self.leave != "quit" => return Outcome::OpenInTutor,
                _ => {}
            },
            Phase::Summary => {
                if matches!(key.code, KeyCode::Enter | KeyCode::Char('q' | 'Q')) {
                    return Outcome::Quit;
                }
            }
        }
        Outcome::Continue
    }

    fn page(&self) -> usize {
        self.tree_rows.get().saturating_sub(1).max(1)
    }

    fn tree_lines(&self) -> Vec<String> {
        match self.problems.get(self.index) {
            // A repeated position's note, shortened so the tree leaves room for the question.
            Some(p) => p
                .tree_text()
                .lines()
                .map(|l| l.replace("(again: same position as above)", "(same as above)"))
                .collect(),
            None => Vec::new(),
        }
    }

    fn scroll_tree(&mut self, by: isize) {
        let max = self.tree_lines().len().saturating_sub(1);
        self.tree_scroll = self.tree_scroll.saturating_add_signed(by).min(max);
    }

    fn edit(&mut self, key: KeyEvent) {
        if key.code == KeyCode::Enter {
            self.submit();
        } else if self.input.handle(key) == Edit::Changed {
            self.notice = None;
        }
    }

    fn submit(&mut self) {
        let text = self.input();
        if text.trim().is_empty() {
            self.notice = Some("Type an answer first; the format is above.".into());
            return;
        }
        let p = &self.problems[self.index];
        // A typo in the form is not a wrong answer: say what is expected and let it be fixed.
        if let Err(e) = Answer::parse(p.item.kind, &text) {
            self.notice = Some(format!("Not read (not counted): {e}"));
            return;
        }
        match p.grade(&text) {
            Ok(v) => {
                // Saved before the verdict shows, so quitting right after loses nothing.
                let saved = self.keeper.record(p.item.kind, v.correct);
                self.answers[self.index] = Some((text.trim().to_string(), v));
                self.phase = Phase::Graded;
                self.notice = saved
                    .err()
                    .map(|why| format!("This answer is not saved: {why}"));
                if let (Some(key), Place::File(_)) = (&self.course_key, self.keeper.place())
                    && self.answers.iter().all(Option::is_some)
                {
                    let (right, asked) = self.score();
                    let why = crate::tui::course::save_score(key, right as u64, asked as u64);
                    self.notice = self.notice.take().or(why);
                }
            }
            Err(e) => self.notice = Some(format!("Could not grade this problem: {e}")),
        }
    }

    /// The trace the verdict cites, as `prune practice trace` prints it.
    /// The graded problem, the run its verdict cites (by position) and the cited call number
    /// (1-based, the trace's `step`; none when the verdict cites none).
    pub fn cited(&self) -> Option<(&Problem, usize, Option<u64>)> {
        let Some(Some((_, v))) = self.answers.get(self.index) else {
            return None;
        };
        let p = self.problems.get(self.index)?;
        let run = p
            .item
            .runs
            .iter()
            .position(|r| r.name == v.run)
            .unwrap_or(0);
        Some((p, run, v.step))
    }

    fn toggle_trace(&mut self) {
        if self.trace.take().is_some() {
            return;
        }
        let Some(Some((_, v))) = self.answers.get(self.index) else {
            return;
        };
        let p = &self.problems[self.index];
        let run = p
            .item
            .runs
            .iter()
            .position(|r| r.name == v.run)
            .unwrap_or(0);
        match p.solve_run(run) {
            Ok(solved) => {
                let table = crate::practice::set::run_table(&solved.rec);
                self.trace = Some(TraceView {
                    word: crate::practice::item::step_word(p.item.kind),
                    lines: table.lines().map(str::to_string).collect(),
                    step: v.step,
                    run: solved.run,
                });
            }
            Err(e) => self.notice = Some(format!("Could not replay the run: {e}")),
        }
    }

    fn next(&mut self) {
        self.trace = None;
        self.index += 1;
        self.input.clear();
        self.tree_scroll = 0;
        if self.index >= self.problems.len() {
            self.index = self.problems.len();
            self.phase = Phase::Summary;
        } else {
            self.phase = Phase::Asking;
        }
    }

    /// Where the terminal cursor belongs when drawn into `area`: in the answer line while one
    /// is being typed, else nowhere.
    pub fn cursor_position(&self, area: Rect) -> Option<Position> {
        if self.phase != Phase::Asking || self.help || too_small(area) {
            return None;
        }
        let l = self.layout(area);
        let (_, col) = self.input_view(l.input.width);
        Some(Position::new(l.input.x + col, l.input.y))
    }

    /// The visible part of the answer and the cursor's column in the input row: the line
    /// scrolls sideways so the cursor always shows.
    fn input_view(&self, width: u16) -> (String, u16) {
        let prompt = PROMPT.chars().count();
        let (shown, col) = self
            .input
            .view((width as usize).saturating_sub(prompt).max(1));
        let col = (prompt + col).min(width.saturating_sub(1) as usize);
        (shown, col as u16)
    }

    fn style(&self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    fn good(&self) -> Style {
        self.style(Color::Green).add_modifier(Modifier::BOLD)
    }

    fn bad(&self) -> Style {
        self.style(Color::Red).add_modifier(Modifier::BOLD)
    }

    fn faint(&self) -> Style {
        self.style(Color::DarkGray)
    }

    /// The verdict (or a notice) as lines for a width.
    fn verdict_lines(&self, width: usize) -> Vec<Line<'static>> {
        let mut out = Vec::new();
        let indent = |text: &str| -> Vec<Line<'static>> {
            wrap(text, width.saturating_sub(2))
                .lines()
                .map(|l| Line::raw(format!("  {l}")))
                .collect()
        };
        if self.phase == Phase::Graded
            && let Some(Some((_, v))) = self.answers.get(self.index)
        {
            if v.correct {
                out.push(Line::from(vec![
                    Span::styled("✓ Correct: ", self.good()),
                    Span::raw(v.expected.clone()),
                ]));
            } else {
                let head = match &v.node {
                    Some(n) => format!("✗ Wrong at node {n}."),
                    None => "✗ Wrong.".to_string(),
                };
                out.push(Line::styled(head, self.bad()));
                out.extend(indent(&v.why));
                out.extend(indent(&format!("Expected: {}", v.expected)));
                if let Some(s) = v.step {
                    let word =
                        crate::practice::item::step_word(self.problems[self.index].item.kind);
                    out.extend(indent(&format!("See {word} {s} of run \"{}\".", v.run)));
                }
            }
        }
        if let Some(n) = &self.notice {
            for l in wrap(n, width).lines() {
                out.push(Line::styled(
                    l.to_string(),
                    Style::new().add_modifier(Modifier::BOLD),
                ));
            }
        }
        out
    }

    fn layout(&self, area: Rect) -> Regions {
        let header = Rect { height: 1, ..area };
        let footer = Rect {
            y: area.bottom() - 1,
            height: 1,
            ..area
        };
        let body = Rect {
            y: area.y + 1,
            height: area.height - 2,
            ..area
        };
        // The answer rows (rule + input) and the verdict sit below the problem; the verdict
        // gets what it needs as long as the problem keeps a few rows, the tree scrolls.
        // On a tall terminal the answer follows the problem directly, not the bottom edge.
        let wanted = self.verdict_lines(verdict_width(area)).len() as u16;
        let verdict_h = wanted.min(body.height.saturating_sub(2 + 4));
        let top_h = (body.height - 2 - verdict_h).min(self.problem_rows(area.width));
        let top = Rect {
            height: top_h,
            ..body
        };
        let rule = Rect {
            y: body.y + top_h,
            height: 1,
            ..body
        };
        let input = Rect {
            y: rule.y + 1,
            height: 1,
            ..body
        };
        let verdict = Rect {
            y: input.y + 1,
            height: verdict_h,
            ..body
        };
        Regions {
            header,
            footer,
            body,
            top,
            rule,
            input,
            verdict,
        }
    }

    fn render_header(&self, area: Rect, buf: &mut Buffer) {
        let bar = Style::new().add_modifier(Modifier::REVERSED);
        buf.set_style(area, bar);
        let left = match self.phase {
            Phase::Summary => " Practice · round complete".to_string(),
            _ => {
                let p = &self.problems[self.index];
                format!(
                    " Practice · problem {}/{} · {}",
                    self.index + 1,
                    self.problems.len(),
                    p.item.kind.name()
                )
            }
        };
        let (right, asked) = self.score();
        let right_text = format!(
            "score {right}/{asked} · streak {} · ? help ",
            self.progress().streak
        );
        Line::styled(left.clone(), bar.add_modifier(Modifier::BOLD)).render(area, buf);
        let w = Span::raw(&right_text).width() as u16;
        let lw = Span::raw(&left).width() as u16;
        if lw + 2 + w <= area.width {
            let r = Rect {
                x: area.right() - w,
                width: w,
                ..area
            };
            Line::styled(right_text, bar).render(r, buf);
        }
    }

    /// The footer's word for `o` in a round from the tutor; a round on its own has no tutor
    /// to open (and keeps its footer as it was).
    fn open_key(&self) -> &'static str {
        if self.leave == "quit" {
            " · PgUp/PgDn tree"
        } else {
            " · o in the tutor"
        }
    }

    fn render_footer(&self, area: Rect, buf: &mut Buffer) {
        let esc = self.leave;
        // From the tutor, Esc's words make some lines over 80 columns: their short form fits.
        let fitting = |long: String, short: String| {
            if Span::raw(long.as_str()).width() <= area.width as usize {
                long
            } else {
                short
            }
        };
        let text = match self.phase {
            Phase::Asking => fitting(
                format!("Enter submit · ←/→ move · PgUp/PgDn scroll the tree · ? help · Esc {esc}"),
                format!("Enter submit · ←/→ move · PgUp/PgDn tree · ? help · Esc {esc}"),
            ),
            Phase::Graded if self.trace.is_some() => {
                format!("t hide the trace · n/Enter next · Esc {esc}")
            }
            Phase::Graded if self.index + 1 >= self.problems.len() => fitting(
                format!(
                    "n/Enter see the summary · t trace{} · ? help · Esc {esc}",
                    self.open_key()
                ),
                format!(
                    "n/Enter summary · t trace{} · ? help · Esc {esc}",
                    self.open_key()
                ),
            ),
            Phase::Graded => {
                format!(
                    "n/Enter next problem · t trace{} · ? help · Esc {esc}",
                    self.open_key()
                )
            }
            Phase::Summary => format!("Enter, q or Esc {esc} · ? help"),
        };
        Line::styled(text, self.faint()).render(area, buf);
    }

    /// The tree's column width in a screen `width` wide: what the tree needs, up to a
    /// little over half; the question gets the rest.
    fn tree_width(&self, lines: &[String], width: u16) -> u16 {
        let longest = lines
            .iter()
            .map(|s| Span::raw(s.as_str()).width())
            .max()
            .unwrap_or(0) as u16;
        (longest + 1).clamp(16, width * 55 / 100)
    }

    /// The question, the search settings, and how to write the answer, wrapped to `width`
    /// (at most a readable measure even on a wide terminal).
    fn question_lines(&self, width: u16) -> Vec<Line<'static>> {
        let Some(p) = self.problems.get(self.index) else {
            return Vec::new();
        };
        let w = (width as usize).min(TEXT_WIDTH);
        let mut q: Vec<Line> = Vec::new();
        for l in wrap(&p.item.question, w).lines() {
            q.push(Line::styled(
                l.to_string(),
                Style::new().add_modifier(Modifier::BOLD),
            ));
        }
        q.push(Line::raw(""));
        for l in wrap(&format!("[{}]", p.settings()), w).lines() {
            q.push(Line::raw(l.to_string()));
        }
        q.push(Line::raw(""));
        for l in wrap(&format!("Answer: {}", p.item.answer_format), w).lines() {
            q.push(Line::styled(l.to_string(), self.faint()));
        }
        q
    }

    /// Rows the problem (tree beside question) needs, plus a blank row before the answer.
    fn problem_rows(&self, width: u16) -> u16 {
        let lines = self.tree_lines();
        let tree_w = self.tree_width(&lines, width);
        let q = self.question_lines(width.saturating_sub(tree_w + 2)).len();
        (lines.len().max(q) + 1).min(u16::MAX as usize) as u16
    }

    fn render_problem(&self, l: &Regions, buf: &mut Buffer) {
        let lines = self.tree_lines();
        let tree_w = self.tree_width(&lines, l.top.width);
        let tree = Rect {
            width: tree_w,
            ..l.top
        };
        let sep_x = l.top.x + tree_w;
        let text = Rect {
            x: sep_x + 2,
            width: l.top.width.saturating_sub(tree_w + 2),
            ..l.top
        };
        for y in l.top.top()..l.top.bottom() {
            buf.set_string(sep_x, y, "│", self.faint());
        }

        self.render_tree(&lines, tree, buf);

        let q = self.question_lines(text.width);
        for (i, line) in q.into_iter().take(text.height as usize).enumerate() {
            let row = Rect {
                y: text.y + i as u16,
                height: 1,
                ..text
            };
            line.render(row, buf);
        }

        self.render_answer(l, buf);

        for (i, line) in self
            .verdict_lines(verdict_width(l.verdict))
            .into_iter()
            .take(l.verdict.height as usize)
            .enumerate()
        {
            let row = Rect {
                y: l.verdict.y + i as u16,
                height: 1,
                ..l.verdict
            };
            line.render(row, buf);
        }
    }

    /// The problem's tree, scrolled; when it does not fit, its last row says where the view
    /// is.
    fn render_tree(&self, lines: &[String], tree: Rect, buf: &mut Buffer) {
        let rows = tree.height as usize;
        let (shown_rows, status) = if lines.len() > rows {
            (rows.saturating_sub(1), true)
        } else {
            (rows, false)
        };
        self.tree_rows.set(shown_rows);
        let max_scroll = lines.len().saturating_sub(shown_rows);
        let scroll = self.tree_scroll.min(max_scroll);
        for (i, line) in lines.iter().skip(scroll).take(shown_rows).enumerate() {
            let row = Rect {
                y: tree.y + i as u16,
                height: 1,
                ..tree
            };
            Line::raw(clip(line, tree.width as usize)).render(row, buf);
        }
        if status && rows > 0 {
            let last = (scroll + shown_rows).min(lines.len());
            let (mark, keys) = match (scroll > 0, last < lines.len()) {
                (true, true) => ("↑↓", "PgUp/Dn"),
                (true, false) => ("↑", "PgUp"),
                _ => ("↓", "PgDn"),
            };
            let row = Rect {
                y: tree.bottom() - 1,
                height: 1,
                ..tree
            };
            Line::styled(
                clip(
                    &format!("{mark} {}-{last}/{} {keys}", scroll + 1, lines.len()),
                    tree.width as usize,
                ),
                self.faint().add_modifier(Modifier::ITALIC),
            )
            .render(row, buf);
        }
    }

    /// The answer line: the rule, the prompt, what was typed (with the grade once graded).
    fn render_answer(&self, l: &Regions, buf: &mut Buffer) {
        let rule = format!(
            "── Your answer {}",
            "─".repeat((l.rule.width as usize).saturating_sub(15))
        );
        Line::styled(rule, self.faint()).render(l.rule, buf);
        let (shown, col) = self.input_view(l.input.width);
        let mut spans = vec![Span::styled(
            PROMPT,
            Style::new().add_modifier(Modifier::BOLD),
        )];
        match self.answers.get(self.index) {
            Some(Some((given, v))) if self.phase == Phase::Graded => {
                let mark = if v.correct { "  ✓" } else { "  ✗" };
                spans.push(Span::raw(given.clone()));
                spans.push(Span::styled(
                    mark,
                    if v.correct { self.good() } else { self.bad() },
                ));
            }
            _ => spans.push(Span::raw(shown)),
        }
        Line::from(spans).render(l.input, buf);
        if self.phase == Phase::Asking && !self.help {
            // Drawn into the buffer too, so the cursor shows wherever the widget is embedded.
            if let Some(cell) = buf.cell_mut(Position::new(l.input.x + col, l.input.y)) {
                cell.set_style(Style::new().add_modifier(Modifier::REVERSED));
            }
        }
    }

    fn render_summary(&self, area: Rect, buf: &mut Buffer) {
        let mut lines: Vec<Line> = Vec::new();
        let (right, asked) = self.score();
        if self.problems.is_empty() {
            lines.push(Line::raw("This set has no problems."));
        } else {
            lines.push(Line::styled(
                format!(
                    "Round complete: {right}/{asked} correct · streak {} (best {})",
                    self.progress().streak,
                    self.progress().best_streak
                ),
                Style::new().add_modifier(Modifier::BOLD),
            ));
        }
        lines.push(Line::raw(""));
        let kinds = self.by_kind();
        if !kinds.is_empty() {
            lines.push(Line::styled(
                "  kind          right",
                Style::new().add_modifier(Modifier::UNDERLINED),
            ));
            for (kind, (r, n)) in &kinds {
                let (mark, style) = if r == n {
                    ("✓", self.good())
                } else {
                    ("✗", self.bad())
                };
                lines.push(Line::from(vec![
                    Span::raw(format!("  {kind:<12}  {r}/{n}  ")),
                    Span::styled(mark, style),
                ]));
            }
            lines.push(Line::raw(""));
        }
        // One group of lines per answered problem: a wrong one also shows the expected answer.
        let mut groups: Vec<Vec<Line>> = Vec::new();
        for (p, a) in self.problems.iter().zip(&self.answers) {
            let Some((given, v)) = a else { continue };
            let (mark, style) = if v.correct {
                ("✓", self.good())
            } else {
                ("✗", self.bad())
            };
            let head = format!(" {:<8} {:<12} ", p.item.id, p.item.kind.name());
            let detail = if v.correct {
                given.clone()
            } else {
                format!("you wrote {given}")
            };
            let mut group = vec![Line::from(vec![
                Span::raw("  "),
                Span::styled(mark, style),
                Span::raw(format!("{head}{detail}")),
            ])];
            if !v.correct {
                let pad = " ".repeat(3 + head.chars().count());
                group.push(Line::raw(format!("{pad}expected  {}", v.expected)));
            }
            groups.push(group);
        }
        // Keep the last rows for where the progress went; list the problems that fit.
        let saved = self.saved_lines((area.width as usize).saturating_sub(1));
        let room = (area.height as usize).saturating_sub(lines.len() + 1 + saved.len());
        let mut list: Vec<Line> = Vec::new();
        let total = groups.len();
        for (i, group) in groups.into_iter().enumerate() {
            let last = i + 1 == total;
            // Leave a row for the "more" line unless this group ends the list.
            if list.len() + group.len() + usize::from(!last) > room {
                list.push(Line::styled(
                    format!("  … and {} more", total - i),
                    self.faint(),
                ));
                break;
            }
            list.extend(group);
        }
        lines.extend(list);
        lines.push(Line::raw(""));
        lines.extend(saved);
        for (i, line) in lines.into_iter().take(area.height as usize).enumerate() {
            let row = Rect {
                x: area.x + 1,
                y: area.y + i as u16,
                width: area.width.saturating_sub(1),
                height: 1,
            };
            line.render(row, buf);
        }
    }

    /// The all-time tally and where this round's answers went, wrapped to `width`: a save
    /// that failed is said in full (and in the colour of a wrong answer), never as "saved".
    fn saved_lines(&self, width: usize) -> Vec<Line<'static>> {
        let p = self.progress();
        let all = format!("All time: {} of {} correct", p.correct, p.attempts);
        let (text, style) = match (self.keeper.unsaved_note(), self.keeper.place()) {
            (Some(note), _) => (format!("{all}; {note}"), self.bad()),
            (None, Place::File(path)) => {
                (format!("{all}; saved in {}", path.display()), self.faint())
            }
            (None, _) => (all, self.faint()),
        };
        wrap(&text, width)
            .lines()
            .map(|l| Line::styled(l.to_string(), style))
            .collect()
    }

    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let key_w = KEYS
            .iter()
            .map(|k| k.label.chars().count())
            .max()
            .unwrap_or(0);
        let lines: Vec<String> = KEYS
            .iter()
            .map(|k| format!("{:<key_w$}  {}", k.label, k.help))
            .collect();
        let w =
            (lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16 + 4).min(area.width);
        let h = (lines.len() as u16 + 2).min(area.height);
        let pop = Rect {
            x: area.x + (area.width - w) / 2,
            y: area.y + (area.height - h) / 2,
            width: w,
            height: h,
        };
        Clear.render(pop, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(" Keys (? closes) ");
        let inner = block.inner(pop);
        block.render(pop, buf);
        for (i, l) in lines.into_iter().take(inner.height as usize).enumerate() {
            let row = Rect {
                x: inner.x + 1,
                y: inner.y + i as u16,
                width: inner.width.saturating_sub(1),
                height: 1,
            };
            Line::raw(l).render(row, buf);
        }
    }
}

const PROMPT: &str = "› ";

/// The longest line of the question and of the verdict, in columns.
const TEXT_WIDTH: usize = 76;

fn verdict_width(area: Rect) -> usize {
    (area.width as usize).min(TEXT_WIDTH + 24)
}

/// The trace table of a run, drawn over the problem with the cited step marked.
#[derive(Debug, Clone)]
struct TraceView {
    /// What the marked row is: a call, or a Monte Carlo run's iteration.
    word: &'static str,
    lines: Vec<String>,
    step: Option<u64>,
    run: String,
}

impl TraceView {
    fn render(&self, area: Rect, buf: &mut Buffer) {
        // As large as the table (with the marker and the frame), centred, within `area`.
        let longest = self
            .lines
            .iter()
            .map(|l| Span::raw(l.as_str()).width())
            .max()
            .unwrap_or(0);
        // A frame a few columns narrower than the screen only looks broken: then take it all.
        let need = longest + 5;
        let w = if need + 10 >= area.width as usize {
            area.width
        } else {
            need as u16
        };
        let h = (self.lines.len() + 2).min(area.height as usize) as u16;
        let area = Rect {
            x: area.x + (area.width - w) / 2,
            width: w,
            height: h,
            ..area
        };
        Clear.render(area, buf);
        let title = match self.step {
            Some(s) => format!(
                " Trace of run \"{}\": {} {s} marked ▶ (t closes) ",
                self.run, self.word
            ),
            None => format!(" Trace of run \"{}\" (t closes) ", self.run),
        };
        let block = Block::default().borders(Borders::ALL).title(title);
        let inner = block.inner(area);
        block.render(area, buf);
        let Some((header, rows)) = self.lines.split_first() else {
            return;
        };
        let marked = self.step.and_then(|s| {
            rows.iter()
                .position(|l| l.split_whitespace().next() == Some(s.to_string().as_str()))
        });
        // The header stays; the rows scroll so the marked one sits mid-way.
        let room = (inner.height as usize).saturating_sub(1);
        let start = marked
            .map(|m| m.saturating_sub(room / 2))
            .unwrap_or(0)
            .min(rows.len().saturating_sub(room));
        let shown = std::iter::once((false, header)).chain(
            rows.iter()
                .enumerate()
                .skip(start)
                .take(room)
                .map(|(i, l)| (Some(i) == marked, l)),
        );
        for (y, (mark, line)) in shown.enumerate().take(inner.height as usize) {
            let row = Rect {
                y: inner.y + y as u16,
                height: 1,
                ..inner
            };
            let text = clip(
                &format!("{}{line}", if mark { "▶ " } else { "  " }),
                row.width as usize,
            );
            let style = if mark {
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
            } else {
                Style::new()
            };
            Line::styled(text, style).render(row, buf);
        }
    }
}

struct Regions {
    header: Rect,
    footer: Rect,
    body: Rect,
    top: Rect,
    rule: Rect,
    input: Rect,
    verdict: Rect,
}

fn too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

/// `text` cut to `width` columns, with `…` when something is cut.
fn clip(text: &str, width: usize) -> String {
    if Span::raw(text).width() <= width {
        return text.to_string();
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    if width > 0 {
        out.push('…');
    }
    out
}

impl Widget for &PracticeScreen {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if too_small(area) {
            let ask = format!("make the terminal at least {MIN_WIDTH}×{MIN_HEIGHT}");
            let now = format!("(it is {}×{})", area.width, area.height);
            let lines: Vec<String> = [ask, now]
                .iter()
                .flat_map(|t| {
                    wrap(t, area.width as usize)
                        .lines()
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .collect();
            let h = (lines.len() as u16).min(area.height);
            let top = area.y + (area.height - h) / 2;
            for (i, l) in lines.into_iter().take(h as usize).enumerate() {
                let row = Rect {
                    y: top + i as u16,
                    height: 1,
                    ..area
                };
                Line::raw(l).centered().render(row, buf);
            }
            return;
        }
        let l = self.layout(area);
        self.render_header(l.header, buf);
        match self.phase {
            Phase::Summary => self.render_summary(l.body, buf),
            _ => self.render_problem(&l, buf),
        }
        if let Some(t) = &self.trace {
            t.render(l.body, buf);
        }
        self.render_footer(l.footer, buf);
        if self.help {
            self.render_help(area, buf);
        }
    }
}

/// The help screen's heading for a round's keys (the round's own `?` lists them too).
pub const TITLE: &str = "Practice round (e)";

impl crate::tui::components::Component<crate::tui::app::App> for PracticeScreen {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [crate::tui::components::KeyHelp] {
        KEYS
    }

    /// Every key is the round's while it is open; `o` leaves it for the tutor at the step
    /// its verdict cites.
    fn handle_key(
        &mut self,
        key: KeyEvent,
        _app: &mut crate::tui::app::App,
    ) -> crate::tui::components::Outcome {
        use crate::tui::components::{Outcome as Layer, Request};
        match PracticeScreen::handle_key(self, key) {
            Outcome::Continue => Layer::Stay,
            Outcome::Quit => Layer::Close,
            Outcome::OpenInTutor => match self.cited() {
                Some((p, run, call)) => Layer::CloseThen(Request::OpenCited(Box::new(
                    crate::tui::components::Cited {
                        problem: p.clone(),
                        run,
                        call,
                    },
                ))),
                None => Layer::Stay,
            },
        }
    }

    fn draw(
        &self,
        _app: &crate::tui::app::App,
        at: &crate::tui::components::Place,
        buf: &mut Buffer,
    ) -> Option<crate::tui::view::scroll::Shown> {
        Widget::render(self, at.screen, buf);
        None
    }

    fn whole_screen(&self) -> bool {
        true
    }
}
