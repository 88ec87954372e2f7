//! Nothing is lost at 80×24 (issue 21, items 12–15): every preset of every built-in lesson is
//! rendered (TestBackend-sized buffers) and checked for
//!
//! - the title line: it keeps the algorithm and the depth, and every setting that differs
//!   from seed 000's defaults is on it or counted by its cue `…+N (i)`; the count is exact
//!   (an oracle written here spells every setting), pieces go in priority order, and the
//!   introduction window (`i`) lists the whole run;
//! - every pane row (title, tree, table, counters, stack, footer): a row that reaches its
//!   pane's last column is one the views fitted (`fit::record` reports each) and that fitted
//!   whole, or it ends with the cue `…`; a row that no view fitted and that reaches the edge
//!   is a silent cut;
//! - help entries, the `#` command, the node cursor's footer and a partial result whole;
//! - the tic-tac-toe board in a region of its own beside the tree (both trees when
//!   comparing): the tree's pane holds exactly what the tree draws alone, and the board the
//!   focused node's position (snapshot);
//! - presenter mode as the main screen: PVS's marks and null windows, "side to move", the
//!   board, both trees when comparing, the inspector (snapshots).

mod common;

use common::tutor::{app, flat, screen};
use prune::lesson::{Lesson, Overrides};
use prune::search::{Algorithm, CutRule, INF, MAX_BUDGET, Options};
use prune::tui::app::App;
use prune::tui::keys::{Action, BINDINGS};
use prune::tui::theme::Theme;
use prune::tui::view::{self, fit, title};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const W: u16 = 80;
const H: u16 = 24;

/// Every preset of every built-in lesson, opened with colour off.
fn presets() -> Vec<(String, String, App)> {
    let mut out = Vec::new();
    for lesson in Lesson::builtins().unwrap() {
        for run in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&run.name), &Overrides::default())
                .unwrap();
            let mut a = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
            a.theme = Theme { color: false };
            out.push((lesson.name.clone(), run.name.clone(), a));
        }
    }
    assert_eq!(
        out.len(),
        128,
        "issue 21's 82 presets, the 19 of the Monte Carlo lessons, the 7 of the size lessons, \
         the 4 of the evaluation lessons and the 16 of the Connect Four solver's stages"
    );
    out
}

fn row(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect()
}

fn render(a: &mut App, w: u16, h: u16) -> (Buffer, Vec<fit::Write>) {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    let ((), writes) = fit::record(|| view::render(a, area, &mut buf));
    (buf, writes)
}

/// A bound as the header writes it (the test's own formatter).
fn bound(v: i32) -> String {
    match v {
        v if v >= INF => "+∞".into(),
        v if v <= -INF => "-∞".into(),
        v => v.to_string(),
    }
}

/// One setting of a run as the test spells it, and whether it equals seed 000's default.
struct Spelled {
    text: String,
    default: bool,
}

/// Every setting of `a`'s run, spelled by the test: the algorithm and depth first, then the
/// rest. Seed 000's defaults: alpha-beta, q0, the table on, ordering off, cut on α ≥ β, the
/// full window, deepening, no budget; anything else (and every setting the defaults lack, a
/// chance bound, a leaf map, a tie rule, another start) differs.
fn spelled(a: &App) -> Vec<Spelled> {
    let o: &Options = &a.setup.options;
    // Minimax and max-n have no window to cut with and keep no table.
    let prunes = !matches!(o.algorithm, Algorithm::Minimax | Algorithm::Maxn);
    let on = |b: bool| if b { "on" } else { "off" };
    let mut v = Vec::new();
    let mut push = |text: String, default: bool| v.push(Spelled { text, default });
    let alg = match o.algorithm {
        Algorithm::Minimax => "minimax",
        Algorithm::AlphaBeta => "αβ",
        Algorithm::Negamax => "negamax",
        Algorithm::Pvs => "pvs",
        Algorithm::Expectiminimax => "expectiminimax",
        Algorithm::Maxn => "max-n",
        Algorithm::Mcts => "mcts",
        Algorithm::Paranoid => "paranoid",
    };
    push(alg.into(), false);
    if o.algorithm == Algorithm::Mcts {
        // Monte Carlo tree search has iterations, C, a seed and a playout rule, and none of
        // the depth, table, ordering or window of the searches that call.
        let m = &o.mcts;
        push(format!("{} iterations", m.iterations), false);
        let sqrt2 = m.c.0 == std::f64::consts::SQRT_2;
        let c = if sqrt2 {
            "√2".into()
        } else {
            format!("{}", m.c.0)
        };
        push(format!("C {c}"), sqrt2);
        push(format!("seed {}", m.seed), m.seed == 1);
        let playout = format!("{:?}", m.playout).to_lowercase();
        push(format!("playout {playout}"), playout == "random");
        if o.budget < MAX_BUDGET {
            push(format!("budget {}", o.budget), false);
        }
        return v;
    }
    push(format!("d{}", o.depth), false);
    push(format!("q{}", o.qlimit), o.qlimit == 0);
    let table = o.table && prunes;
    push(format!("tt:{}", on(table)), table);
    push(format!("ord:{}", on(o.ordering)), !o.ordering);
    if prunes {
        let cut = match o.cut {
            CutRule::AtLeast => "α≥β",
            CutRule::Strict => "α>β",
        };
        push(cut.into(), o.cut == CutRule::AtLeast);
        if o.window != (-INF, INF) {
            push(
                format!("window ({}, {})", bound(o.window.0), bound(o.window.1)),
                false,
            );
        }
    }
    // No budget is the most the model allows (seed 000's 1,000,000; a game's more).
    let most = a.lesson.model.limits().max_budget.max(MAX_BUDGET);
    if o.budget < most {
        push(format!("budget {}", o.budget), false);
    }
    if !o.deepening {
        push("id:off".into(), false);
    }
    if let Some(asp) = o.aspiration {
        let guess = if asp.guess != 0 {
            format!(" guess {}", asp.guess)
        } else {
            String::new()
        };
        push(
            format!("asp δ{} from d{}{guess}", asp.delta, asp.from),
            false,
        );
    }
    if let Some(p) = o.pitfall {
        push(format!("pitfall:{}", p.name()), false);
    }
    if let Some((lo, hi)) = o.chance_pruning {
        push(format!("chance cut [{lo},{hi}]"), false);
    }
    if o.chance_as_min {
        push("chance as MIN".into(), false);
    }
    if let Some(m) = o.leaf_map {
        push(format!("leaves {}", m.text()), false);
    }
    let players = &a.replay.trace().header.players;
    if o.ties != prune::search::Ties::First {
        push(format!("ties {}", o.ties.text(players)), false);
    }
    if let Some(seat) = o.paranoid_for {
        push(format!("for {}", players[seat.index()]), false);
    }
    if !a.lesson.model.has_own_root() && a.setup.start != 0 {
        push(
            format!("from {}", a.replay.catalog().name(a.setup.start)),
            false,
        );
    }
    v
}

/// Finds `item` in `text` as a whole piece (between spaces, the line's `│`, a `·`, or the
/// ends) and blanks that occurrence, so that two pieces spelled alike are found twice.
fn take(text: &mut String, item: &str) -> bool {
    let mut from = 0;
    while let Some(at) = text[from..].find(item).map(|i| i + from) {
        let end = at + item.len();
        let before_ok = text[..at].ends_with(' ') || at == 0;
        let after_ok = end == text.len() || text[end..].starts_with(' ');
        if before_ok && after_ok {
            text.replace_range(at..end, &" ".repeat(item.chars().count()));
            return true;
        }
        from = end;
    }
    false
}

/// The count of the title line's cue `…+N (i)`, if it has one.
fn cue_count(head: &str) -> Option<usize> {
    let at = head.find("…+")?;
    let rest = &head[at + "…+".len()..];
    let n: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    assert!(
        rest[n.len()..].starts_with(" (i)"),
        "the cue names its key: {head}"
    );
    n.parse().ok()
}

fn check_header(a: &mut App, lesson: &str, preset: &str, what: &str) {
    let (buf, _) = render(a, W, H);
    let head = row(&buf, 0);
    let (_, run) = head.split_once('│').expect("the counter, then the run");
    let mut rest = run.to_string();
    let settings = spelled(a);
    let mut missing: Vec<String> = Vec::new();
    // The algorithm and the depth are never dropped.
    for s in &settings[..2] {
        assert!(
            take(&mut rest, &s.text),
            "{what}: {} missing: {head}",
            s.text
        );
    }
    let mut differs_missing = false;
    for s in &settings[2..] {
        if !take(&mut rest, &s.text) {
            missing.push(s.text.clone());
            differs_missing |= !s.default;
        }
    }
    let preset_shown = take(&mut rest, preset);
    let lesson_shown = take(&mut rest, lesson);
    let hidden = missing.len() + usize::from(!preset_shown) + usize::from(!lesson_shown);
    assert_eq!(
        cue_count(&head).unwrap_or(0),
        hidden,
        "{what}: the cue counts what is left out ({missing:?}, preset {preset_shown}, lesson \
         {lesson_shown}): {head}"
    );
    // Nothing else on the line but separators and the cue.
    let left: String = rest
        .replace(['·', ' '], "")
        .replace(&format!("…+{hidden}(i)"), "");
    assert!(left.is_empty(), "{what}: unexpected {left:?} in {head}");
    // Priority: a differing setting goes only after the lesson and every default setting.
    if differs_missing {
        assert!(
            !lesson_shown,
            "{what}: the lesson kept before a setting: {head}"
        );
        assert!(
            settings[2..]
                .iter()
                .filter(|s| s.default)
                .all(|s| missing.contains(&s.text)),
            "{what}: a default kept before a differing setting: {head}"
        );
    }
    // The introduction window lists the whole run, every setting spelled as above.
    let whole = title::whole_run(a);
    for s in &settings {
        assert!(whole.contains(&s.text), "{what}: {} not in {whole}", s.text);
    }
    assert!(
        whole.contains(lesson) && whole.contains(preset),
        "{what}: {whole}"
    );
}

#[test]
fn every_preset_header_keeps_the_algorithm_and_what_differs_or_counts_it() {
    let mut checked = 0;
    for (lesson, preset, mut a) in presets() {
        // The title line of a Monte Carlo run (iterations, C, playout in place of the table
        // and the cut) is the tutor's work in progress: its spelling here waits for it.
        if a.setup.options.family().samples() {
            continue;
        }
        let len = a.replay.len();
        for step in [0, len / 2, len] {
            a.seek(step);
            let what = format!("{lesson} · {preset} step {step}");
            check_header(&mut a, &lesson, &preset, &what);
            checked += 1;
        }
    }
    // Issue 21's 82 presets, the two alpha-beta ones of the Monte Carlo lessons, the 7 of the
    // size lessons, the 4 of the evaluation lessons and the 16 of the Connect Four stages.
    assert_eq!(checked, (95 + 16) * 3);
}

#[test]
fn the_introduction_window_shows_the_whole_run() {
    let mut a = app("002-aspiration-fails-low", "pvs");
    let head = screen(&mut a, W, H);
    let first = head.lines().next().unwrap();
    // At 80 columns the lesson's name has no room: it is counted, and `i` shows it.
    assert!(!first.contains("002-aspiration-fails-low"), "{first}");
    assert!(cue_count(first).is_some(), "{first}");
    a.act(Action::Intro);
    let text = flat(&screen(&mut a, W, H));
    assert!(
        text.contains("This run: 002-aspiration-fails-low · pvs · pvs d2"),
        "{text}"
    );
    assert!(text.contains("asp δ5 from d2"), "{text}");
}

/// The steps a walk visits: every one of a lesson-sized run; of a game's long run, its start
/// and end and an even sample between.
fn walk_steps(a: &App) -> Vec<usize> {
    let len = a.replay.len();
    if len <= 800 {
        return (0..=len).collect();
    }
    let mut v: Vec<usize> = (0..=100)
        .chain(len - 100..=len)
        .chain((0..=len).step_by(len / 150))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

const RULES: &str = "─│┌┐└┘├┤┬┴┼╴╶";

/// Checks every row of `area` in the frame: a row whose last column holds text was fitted by
/// a view, whole or with the cue.
fn check_rows(buf: &Buffer, writes: &[fit::Write], area: Rect, pane: &str, what: &str) {
    let x = area.right() - 1;
    for y in area.top()..area.bottom() {
        let last = buf[(x, y)].symbol();
        if last.trim().is_empty() || last == fit::CUE || RULES.contains(last) {
            continue;
        }
        let fitted = writes
            .iter()
            .any(|w| w.y == y && w.x + w.width == area.right() && w.shown == w.text);
        assert!(
            fitted,
            "{what}: the {pane} row {y} reaches its edge with {last:?} and no cue: {:?}",
            row(buf, y)
        );
    }
}

fn check_panes(a: &mut App, w: u16, h: u16, what: &str) {
    let (buf, writes) = render(a, w, h);
    // (A pane a comparison gives no columns draws nothing.)
    for wr in writes.iter().filter(|w| w.width > 0) {
        if fit::width(&wr.text) > wr.width as usize {
            assert!(wr.shown.ends_with(fit::CUE), "{what}: {wr:?}");
        } else {
            assert_eq!(wr.shown, wr.text, "{what}");
        }
    }
    let r = view::regions(a, Rect::new(0, 0, w, h));
    for (pane, area) in [
        ("title", r.title),
        ("tree", r.tree),
        ("table", r.table),
        ("counters", r.counters),
        ("stack", r.stack),
        ("footer", r.footer),
    ] {
        if area.width > 0 && area.height > 0 {
            check_rows(&buf, &writes, area, pane, what);
        }
    }
}

#[test]
fn no_pane_row_is_cut_without_a_cue_at_80x24() {
    let mut frames = 0;
    let mut fitted_cuts = 0;
    for (lesson, preset, mut a) in presets() {
        for step in walk_steps(&a) {
            a.seek(step);
            let what = format!("{lesson} · {preset} step {step}");
            check_panes(&mut a, W, H, &what);
            let (_, writes) = render(&mut a, W, H);
            fitted_cuts += writes.iter().filter(|w| w.shown != w.text).count();
            frames += 1;
        }
        // Compared with its partner (both trees, each under its head), at three steps.
        if a.replay.len() <= 20_000 {
            a.act(Action::Compare);
            let len = a.replay.len();
            for step in [0, len / 2, len] {
                a.seek(step);
                check_panes(
                    &mut a,
                    W,
                    H,
                    &format!("{lesson} · {preset} compared, {step}"),
                );
            }
        }
    }
    assert!(frames > 5000, "{frames} frames");
    // The rows that do not fit exist (tic-tac-toe's table, long stacks): each has the cue.
    assert!(fitted_cuts > 0);
}

#[test]
fn the_interrupted_run_says_its_partial_result_whole() {
    // Seed 000: a budget of 7 calls stops pass 2; depth 1 stands, worth 4, playing move 2
    // (node 3).
    let mut a = app("000-worked-tree", "interrupted");
    a.seek(a.replay.len());
    let r = view::regions(&a, Rect::new(0, 0, W, H)).counters;
    let (buf, _) = render(&mut a, W, H);
    let pane: String = (r.top()..r.bottom())
        .map(|y| {
            (r.left()..r.right())
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(pane.contains("PARTIAL d1: 4, plays 3"), "{pane}");
}

#[test]
fn the_stack_heads_its_columns_whole_and_a_chance_stack_keeps_them_aligned() {
    // 004-chance-coin at the deepest chance frame: exact fractions in the windows.
    let mut a = app("004-chance-coin", "expectiminimax");
    let len = a.replay.len();
    stack_columns_under_their_heads(&mut a, 0..=len, W, H);
}

#[test]
fn a_connect_four_stack_keeps_its_columns_under_their_heads() {
    // A Connect Four position is named by its whole move sequence (20-odd columns on an
    // end game), wider than any seed's node name: the header is padded to the names.
    let mut a = app("036-connect4-stage-10", "stage 10");
    let len = a.replay.len();
    let deep = (0..=len).step_by((len / 40).max(1));
    for (w, h) in [(W, H), (200, 50)] {
        stack_columns_under_their_heads(&mut a, deep.clone(), w, h);
    }
    a.seek(len / 2);
    let text = screen(&mut a, W, H);
    assert!(
        text.lines()
            .any(|l| l.chars().filter(|c| c.is_ascii_digit()).count() >= 15),
        "no long position name on the stack:\n{text}"
    );
}

/// Every frame row's first four column bars sit under the header's, at every step of `steps`.
fn stack_columns_under_their_heads(
    a: &mut App,
    steps: impl Iterator<Item = usize>,
    w: u16,
    h: u16,
) {
    for step in steps {
        a.seek(step);
        let text = screen(a, w, h);
        let rows: Vec<&str> = text.lines().collect();
        let at = rows.iter().position(|l| l.contains("ply  d  q")).unwrap();
        let head = rows[at];
        assert!(!head.contains("trying (o\""), "{head}");
        // Every frame row's column bars sit under the head's.
        let bars = |l: &str| -> Vec<usize> {
            l.chars()
                .enumerate()
                .filter(|(_, c)| *c == '│')
                .map(|(i, _)| i)
                .collect()
        };
        let want = bars(head);
        for l in rows[at + 1..].iter().take_while(|l| bars(l).len() >= 4) {
            assert_eq!(bars(l)[..4], want[..4], "step {step}:\n{text}");
        }
    }
}

#[test]
fn every_help_entry_is_whole_at_80x24() {
    let mut a = app("000-worked-tree", "worked");
    a.act(Action::Help);
    let mut seen = String::new();
    for _ in 0..10 {
        seen.push_str(&screen(&mut a, W, H));
        a.on_key(crossterm::event::KeyEvent::new(
            crossterm::event::KeyCode::PageDown,
            crossterm::event::KeyModifiers::NONE,
        ));
    }
    for b in BINDINGS {
        assert!(seen.contains(b.help), "{:?} not whole:\n{seen}", b.help);
    }
}

#[test]
fn long_footers_wrap_whole_at_80_columns() {
    // `#`: the command that has the random tree again.
    let mut a = app("000-worked-tree", "worked");
    a.act(Action::RandomTree);
    let said = a.message.clone().unwrap();
    assert!(said.contains("prune practice export --seed"), "{said}");
    let text = screen(&mut a, W, H);
    assert!(flat(&text).contains(&said), "{said}:\n{text}");
    // The node cursor's footer names every key it keeps.
    let mut a = app("000-worked-tree", "worked");
    a.seek(40);
    a.act(Action::Inspect);
    a.message = None;
    let text = screen(&mut a, W, H);
    assert!(flat(&text).contains("Esc or v ends"), "{text}");
}

/// The board's rows as the test reads a tic-tac-toe label ("XOX/.O./..X").
fn board_rows(label: &str) -> Vec<String> {
    label.split('/').map(str::to_string).collect()
}

/// The marks (X, O, .) on row `y` of `area`, left to right.
fn marks(buf: &Buffer, area: Rect, y: u16) -> String {
    (area.left()..area.right())
        .map(|x| buf[(x, y)].symbol().to_string())
        .filter(|s| matches!(s.as_str(), "X" | "O" | "."))
        .collect()
}

/// Checks the board of `a` at `w`×`h`: a region of its own, beside the tree (both trees when
/// comparing), nothing drawn over the tree, and the focused node's position on it.
fn check_board(a: &mut App, w: u16, h: u16, what: &str) -> Buffer {
    let area = Rect::new(0, 0, w, h);
    let r = view::regions(a, area);
    let board = r.board.unwrap_or_else(|| panic!("{what}: no board"));
    use prune::tui::layout::TreePanes;
    // The board and the column left of it, where no tree may draw.
    let kept = Rect {
        x: board.x - 1,
        width: board.width + 1,
        ..board
    };
    // What each tree draws alone, in its pane: one tree has the whole region and goes around
    // the board; compared, each has its half of the region left of it.
    let mut trees = Vec::new();
    if let Some(c) = &a.compare {
        let panes = TreePanes::new(r.tree_body(), true);
        let p = panes.compare.as_ref().unwrap();
        assert!(
            !panes.main.intersects(kept) && !p.partner.intersects(kept),
            "{what}"
        );
        for (pane, ctx) in [(panes.main, a.tree_ctx()), (p.partner, a.partner_ctx(c))] {
            let mut b = Buffer::empty(area);
            view::tree::render(&ctx, pane, &mut b);
            trees.push((pane, b));
        }
    } else {
        let pane = TreePanes::new(r.tree, false).main;
        let mut b = Buffer::empty(area);
        view::tree::render_beside(&a.tree_ctx(), pane, Some(board), &mut b);
        for y in kept.top()..kept.bottom() {
            for x in kept.left()..kept.right() {
                assert_eq!(b[(x, y)].symbol(), " ", "{what}: the tree at ({x}, {y})");
            }
        }
        trees.push((pane, b));
    }
    let (buf, _) = render(a, w, h);
    for (pane, alone) in &trees {
        // The tree pane holds exactly what the tree draws alone: nothing over it.
        for y in pane.top()..pane.bottom() {
            for x in pane.left()..pane.right() {
                if kept.contains(ratatui::layout::Position::new(x, y)) {
                    continue;
                }
                assert_eq!(
                    buf[(x, y)].symbol(),
                    alone[(x, y)].symbol(),
                    "{what}: ({x}, {y}) of the tree"
                );
            }
        }
    }
    let focus = a.tree_ctx().focus().unwrap();
    let state = a.replay.tree().get(focus).state;
    let label = a.replay.catalog().name(state);
    let want = board_rows(&label);
    for (k, row) in want.iter().enumerate() {
        assert_eq!(
            &marks(&buf, board, board.y + 1 + k as u16),
            row,
            "{what}: board row {k} of {label}"
        );
    }
    // Whose turn, counted by the test: X moves first.
    let (xs, os) = (label.matches('X').count(), label.matches('O').count());
    let bottom = row(&buf, board.bottom() - 1);
    if xs + os < 9 && !bottom.contains("won") {
        let mover = if xs == os { "X to move" } else { "O to move" };
        assert!(bottom.contains(mover), "{what}: {bottom}");
    }
    buf
}

#[test]
fn the_tictactoe_board_has_its_own_columns_beside_the_tree() {
    let mut checked = 0;
    for (lesson, preset, mut a) in presets() {
        // A Monte Carlo run has no calls for the tree's cursor to focus yet (its tree view is
        // the tutor's work in progress).
        if !lesson.contains("tictactoe") || a.setup.options.family().samples() {
            continue;
        }
        let len = a.replay.len();
        for step in [1, len / 3, len / 2, len] {
            a.seek(step);
            for (w, h) in [(80, 24), (120, 35), (200, 50)] {
                check_board(&mut a, w, h, &format!("{lesson} · {preset} {step} {w}×{h}"));
                checked += 1;
            }
        }
        // Compared: the board beside both trees, over neither.
        if len < 20_000 {
            a.act(Action::Compare);
            assert!(a.compare.is_some(), "{lesson} · {preset}: compared");
            for step in [1, len / 2, len] {
                a.seek(step);
                check_board(
                    &mut a,
                    80,
                    24,
                    &format!("{lesson} · {preset} compared {step}"),
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 5 * 12, "{checked}");
}

#[test]
fn snapshot_of_the_tictactoe_board_beside_the_tree() {
    let mut a = app("004-tictactoe-block", "alpha-beta");
    let len = a.replay.len();
    a.seek(len / 2);
    let focus = a.tree_ctx().focus().unwrap();
    let label = a.replay.catalog().name(a.replay.tree().get(focus).state);
    // The board of the node the search is at, beside the outline that lists it.
    check_board(&mut a, 80, 24, "block at half way");
    let text = screen(&mut a, 80, 24);
    assert!(text.contains(&label), "{label}:\n{text}");
    insta::assert_snapshot!("tictactoe_board_beside_tree_80x24", text);
}

/// Presenter mode on `a` at `w`×`h`, the footer's message cleared.
fn present(a: &mut App, w: u16, h: u16) -> String {
    if !a.present().on {
        a.act(Action::Present);
    }
    a.message = None;
    screen(a, w, h)
}

#[test]
fn presenter_mode_shows_pvs_marks_and_the_side_numbers_count_from() {
    let mut a = app("002-pvs-abc", "pvs");
    // The first scout that failed high, and the re-search of its move, just after it ends.
    let tree = a.replay.tree();
    let mut ids = Vec::new();
    let mut todo: Vec<u32> = tree.passes().iter().map(|p| p.root).collect();
    while let Some(id) = todo.pop() {
        ids.push(id);
        todo.extend(tree.children(id));
    }
    let scout = *ids
        .iter()
        .find(|&&i| tree.get(i).researched)
        .expect("a scout failed high");
    let s = tree.get(scout);
    let again = *ids
        .iter()
        .find(|&&i| {
            let n = tree.get(i);
            n.research && n.parent == s.parent && n.mv == s.mv
        })
        .expect("its re-search");
    let r = tree.get(again);
    let step = r.exit as usize + 1;
    // PVS: a scout is entered with a null window (α, α + 1); its re-search with a wider one.
    assert_eq!(s.beta, s.alpha + 1);
    assert!(r.beta > r.alpha + 1);
    let name = a.replay.catalog().name(s.state);
    a.seek(step);
    for (w, h) in [(120, 35), (200, 50)] {
        let text = present(&mut a, w, h);
        let what = format!("{w}×{h}:\n{text}");
        assert!(text.contains("side to move"), "{what}");
        assert!(
            text.contains(&format!("∘▼{name}")) || text.contains(&format!("∘▲{name}")),
            "{what}"
        );
        assert!(
            text.contains(&format!("↻▼{name}")) || text.contains(&format!("↻▲{name}")),
            "{what}"
        );
        assert!(text.contains('↑'), "the scout's fail-high mark, {what}");
        let null = format!("({},{})", bound(s.alpha), bound(s.beta));
        assert!(text.contains(&null), "the null window {null}, {what}");
        if w == 120 {
            insta::assert_snapshot!("present_pvs_research_120x35", text);
        }
    }
}

#[test]
fn presenter_mode_shows_the_tictactoe_board() {
    let mut a = app("004-tictactoe-block", "alpha-beta");
    let len = a.replay.len();
    a.seek(len / 2);
    let focus = a.tree_ctx().focus().unwrap();
    let label = a.replay.catalog().name(a.replay.tree().get(focus).state);
    let text = present(&mut a, 200, 50);
    let rows = board_rows(&label);
    // The board's three rows, each on its own screen row, as the test spells them.
    let spaced = |r: &str| {
        r.chars()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join("  ")
    };
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("Board"))
        .unwrap_or_else(|| panic!("no board:\n{text}"));
    for (k, r) in rows.iter().enumerate() {
        let want = spaced(r);
        let got = lines[at + 1 + k];
        // The square just played is bracketed: compare the marks alone.
        let marks: String = got
            .rsplit('│')
            .nth(1)
            .unwrap_or("")
            .chars()
            .filter(|c| matches!(c, 'X' | 'O' | '.'))
            .collect();
        assert_eq!(marks, r.as_str(), "row {k} ({want}) of {label}:\n{text}");
    }
    insta::assert_snapshot!("present_tictactoe_200x50", text);
}

#[test]
fn presenter_mode_compares_and_inspects_as_the_main_screen() {
    let mut a = app("000-worked-tree", "worked");
    a.seek(40);
    present(&mut a, 120, 35);
    a.act(Action::Compare);
    let c = a.compare.as_ref().expect("compared");
    let (label, calls) = (c.label.clone(), c.replay.tree().calls());
    let text = present(&mut a, 120, 35);
    assert!(text.contains("this run (αβ): call"), "{text}");
    assert!(text.contains(&format!("{label}: call")), "{text}");
    assert!(text.contains(&format!("/{calls}")), "{text}");
    a.act(Action::Compare);
    while a.compare.is_some() {
        a.act(Action::Compare);
    }
    a.act(Action::Inspect);
    let text = present(&mut a, 120, 35);
    assert!(text.contains(" Node · "), "the inspector's pane: {text}");
}

#[test]
fn a_monte_carlo_run_header_keeps_its_iterations_and_counts_what_it_leaves_out() {
    use prune::game::model::{GameSpec, ScoresSpec};
    let lesson = Lesson::of_game(&GameSpec::Tictactoe {
        board: "X.O.X....".into(),
        scores: ScoresSpec::Plain,
    })
    .unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(40),
        c: Some(prune::search::mcts::Real(0.5)),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let mut a = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    a.theme = Theme { color: false };
    let name = a.replay.trace().header.lesson.clone();
    for step in [0, a.replay.len() / 2, a.replay.len()] {
        a.seek(step);
        check_header(&mut a, &name, "custom", &format!("mcts step {step}"));
        let (buf, _) = render(&mut a, W, H);
        let head = row(&buf, 0);
        for call_word in ["call", " d9", "tt:", "ord:"] {
            assert!(!head.contains(call_word), "{call_word}: {head}");
        }
    }
}
