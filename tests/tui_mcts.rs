//! The tutor on a Monte Carlo run (issue 22): the tree pane, the phase pane (the selection's
//! table, the playout's moves, the backup's counts), the jump keys, the C key, `a` reaching
//! mcts, presenter mode and bookmarks. Every value a screen must show is computed here from
//! the run's jsonl events (`prune trace --format jsonl`) with the test's own arithmetic and its
//! own tic-tac-toe, never read back from the tutor.

mod common;

use common::ttt::LINES;

use common::run_prune;
use prune::game::model::{GameSpec, ScoresSpec};
use prune::lesson::{Lesson, Overrides};
use prune::search::Algorithm;
use prune::tui::app::App;
use prune::tui::keys::Action;
use prune::tui::theme::Theme;
use prune::tui::view::{self, fit};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use serde_json::Value;

const ITERATIONS: u32 = 50;

/// The tic-tac-toe run from the empty board, C = √2, the default seed (1), opened in the
/// tutor. (`prune trace --game tictactoe --seed` is refused today, so both sides keep the
/// default.)
fn tutor() -> App {
    let lesson = Lesson::of_game(&GameSpec::Tictactoe {
        board: ".........".into(),
        scores: ScoresSpec::Plain,
    })
    .unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(ITERATIONS),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let mut app = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    app.theme = Theme { color: false };
    app
}

/// The same run's events, one JSON object each, as `prune trace` writes them.
fn events() -> Vec<Value> {
    let (code, out, err) = run_prune(&[
        "trace",
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        &ITERATIONS.to_string(),
        "--format",
        "jsonl",
    ]);
    assert_eq!(code, Some(0), "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn kind(e: &Value) -> &str {
    e["event"].as_str().unwrap()
}

fn int(e: &Value, field: &str) -> u64 {
    e[field].as_u64().unwrap()
}

fn screen(app: &mut App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, app)).unwrap();
    terminal.backend().to_string()
}

/// Whether some row of `screen` holds `tokens` one after another (split at blanks).
fn has_row(screen: &str, tokens: &[String]) -> bool {
    screen.lines().any(|line| {
        let words: Vec<&str> = line.trim_matches('"').split_whitespace().collect();
        words
            .windows(tokens.len())
            .any(|w| w.iter().zip(tokens).all(|(a, b)| a == b))
    })
}

/// Half-wins as the test writes wins: 3 → "1.5".
fn wins(halves: u64) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

// ---------------------------------------------------------------- the test's own tic-tac-toe

/// Each node's board, from the root's and the expansions (move i = the i-th empty square).
struct Boards {
    boards: Vec<[u8; 9]>,
}

impl Boards {
    fn new(events: &[Value]) -> Boards {
        let mut boards = vec![[0u8; 9]];
        for e in events.iter().filter(|e| kind(e) == "expand") {
            let (node, parent) = (int(e, "node") as usize, int(e, "parent") as usize);
            let board = play(boards[parent], int(e, "mv") as usize);
            assert_eq!(node, boards.len());
            boards.push(board);
        }
        Boards { boards }
    }
}

/// Who moves on `b`: 1 (X) when both have as many marks.
fn mover(b: &[u8; 9]) -> u8 {
    let xs = b.iter().filter(|&&s| s == 1).count();
    let os = b.iter().filter(|&&s| s == 2).count();
    if xs == os { 1 } else { 2 }
}

fn empty_square(b: &[u8; 9], i: usize) -> usize {
    (0..9).filter(|&s| b[s] == 0).nth(i).unwrap()
}

fn play(mut b: [u8; 9], i: usize) -> [u8; 9] {
    let sq = empty_square(&b, i);
    b[sq] = mover(&b);
    b
}

fn winner(b: &[u8; 9]) -> u8 {
    LINES
        .iter()
        .find(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
        .map_or(0, |l| b[l[0]])
}

// ---------------------------------------------------------------- the steps the tests show

/// The last selection at the root with all nine children (a table of nine rows).
fn selection_event(events: &[Value]) -> usize {
    (0..events.len())
        .rev()
        .find(|&i| {
            kind(&events[i]) == "select"
                && int(&events[i], "node") == 0
                && events[i]["children"].as_array().unwrap().len() == 9
                && i < events.len() / 2
        })
        .expect("a selection at the root")
}

/// A playout of at least four moves.
fn playout_event(events: &[Value]) -> usize {
    (0..events.len())
        .find(|&i| {
            kind(&events[i]) == "playout"
                && events[i]["moves"].as_array().unwrap().len() >= 4
                && i > 40
        })
        .expect("a long playout")
}

/// The root's backup of an iteration whose path is three nodes or more.
fn backup_event(events: &[Value]) -> usize {
    (2..events.len())
        .find(|&i| {
            kind(&events[i]) == "backup"
                && int(&events[i], "node") == 0
                && kind(&events[i - 2]) == "backup"
                && i > 60
        })
        .expect("a backup of three nodes")
}

/// The root's visits before event `e`: one per backup of the root before it.
fn root_visits(events: &[Value], e: usize) -> u64 {
    events[..e]
        .iter()
        .filter(|x| kind(x) == "backup" && int(x, "node") == 0)
        .count() as u64
}

#[test]
fn the_selection_step_is_a_table_of_the_children_with_their_ucb1() {
    let ev = events();
    let mut app = tutor();
    assert_eq!(app.replay.len(), ev.len(), "one jsonl line per event");
    let e = selection_event(&ev);
    app.seek(e + 1);
    let c = std::f64::consts::SQRT_2;
    let parent = root_visits(&ev, e) as f64;
    // Each child's N and U: its backups before this event (the test counts them itself).
    let kids = ev[e]["children"].as_array().unwrap();
    let mut best: Option<(f64, u64)> = None;
    let mut rows = Vec::new();
    for k in kids {
        let node = int(k, "node");
        let backups: Vec<&Value> = ev[..e]
            .iter()
            .filter(|x| kind(x) == "backup" && int(x, "node") == node)
            .collect();
        let n = backups.len() as u64;
        let halves: u64 = backups.iter().map(|b| int(b, "reward")).sum();
        assert_eq!((n, halves), (int(k, "n"), int(k, "u_halves")));
        let mean = halves as f64 / 2.0 / n as f64;
        let bonus = c * (parent.ln() / n as f64).sqrt();
        let ucb1 = mean + bonus;
        if best.is_none_or(|(b, _)| ucb1 > b) {
            best = Some((ucb1, int(k, "mv")));
        }
        // On the empty board move i is square i.
        rows.push((
            int(k, "mv"),
            vec![
                int(k, "mv").to_string(),
                n.to_string(),
                wins(halves),
                format!("{mean:.3}"),
                format!("{bonus:.3}"),
                format!("{ucb1:.3}"),
            ],
        ));
    }
    let chosen = best.unwrap().1;
    assert_eq!(chosen, int(&ev[e], "pos"));
    for (w, h) in [(80, 24), (200, 50)] {
        let text = screen(&mut app, w, h);
        for (mv, row) in &rows {
            assert!(has_row(&text, row), "{row:?} at {w}×{h}:\n{text}");
            // The chosen row, and only it, is marked.
            let mut marked = vec!["›".to_string()];
            marked.extend(row.iter().cloned());
            assert_eq!(has_row(&text, &marked), *mv == chosen, "{row:?}:\n{text}");
        }
        let k = ev[..e].iter().filter(|x| kind(x) == "iteration").count();
        assert!(
            text.contains(&format!("Iteration {k} of {ITERATIONS} · selection")),
            "{text}"
        );
        assert!(text.contains(&format!("N {parent} · C √2")), "{text}");
        // The choice is said above the table, so it shows even when the rows do not fit.
        let said = format!("picks {chosen} (UCB1 {:.3})", best.unwrap().0);
        assert!(text.contains(&said), "{said}:\n{text}");
        insta::assert_snapshot!(format!("mcts_selection_{w}x{h}"), text);
    }
}

#[test]
fn the_playout_step_is_the_line_of_its_squares_ending_in_the_result() {
    let ev = events();
    let boards = Boards::new(&ev);
    let mut app = tutor();
    let e = playout_event(&ev);
    app.seek(e + 1);
    let mut b = boards.boards[int(&ev[e], "node") as usize];
    let mut squares = Vec::new();
    for m in ev[e]["moves"].as_array().unwrap() {
        let i = m.as_u64().unwrap() as usize;
        squares.push(empty_square(&b, i).to_string());
        b = play(b, i);
    }
    let result = match winner(&b) {
        1 => "MAX wins",
        2 => "MIN wins",
        _ => "draw",
    };
    assert_eq!(
        int(&ev[e], "result"),
        match winner(&b) {
            1 => 2,
            2 => 0,
            _ => 1,
        }
    );
    let line = format!("{} → {result}", squares.join(" "));
    for (w, h) in [(80, 24), (200, 50)] {
        let text = screen(&mut app, w, h);
        assert!(text.contains(&line), "{line} at {w}×{h}:\n{text}");
        assert!(text.contains("· playout"), "{text}");
        insta::assert_snapshot!(format!("mcts_playout_{w}x{h}"), text);
    }
}

#[test]
fn the_backup_step_is_the_path_with_old_and_new_counts() {
    let ev = events();
    let mut app = tutor();
    let e = backup_event(&ev);
    app.seek(e + 1);
    // The iteration's backups, leaf first, up to the root's.
    let start = (0..e).rev().find(|&i| kind(&ev[i]) == "iteration").unwrap();
    let first = (start..e).find(|&i| kind(&ev[i]) == "backup").unwrap();
    let mut expect = Vec::new();
    for b in &ev[first..=e] {
        let node = int(b, "node");
        let before: Vec<&Value> = ev[..first]
            .iter()
            .filter(|x| kind(x) == "backup" && int(x, "node") == node)
            .collect();
        let (n, halves) = (
            before.len() as u64,
            before.iter().map(|x| int(x, "reward")).sum::<u64>(),
        );
        let reward = int(b, "reward");
        expect.push(vec![
            node.to_string(),
            n.to_string(),
            "→".into(),
            (n + 1).to_string(),
            wins(halves),
            "→".into(),
            wins(halves + reward),
        ]);
    }
    assert!(expect.len() >= 3);
    for (w, h) in [(80, 24), (200, 50)] {
        let text = screen(&mut app, w, h);
        for row in &expect {
            // The move sits between the node and its counts: check both sides of it.
            let (node, counts) = row.split_at(1);
            let found = text.lines().any(|l| {
                let words: Vec<&str> = l.trim_matches('"').split_whitespace().collect();
                words.windows(8).any(|win| {
                    (win[0] == node[0] || (win[0] == "▶" && win[1] == node[0]))
                        && win.ends_with(&counts.iter().map(String::as_str).collect::<Vec<_>>())
                })
            });
            assert!(found, "{row:?} at {w}×{h}:\n{text}");
        }
        assert!(text.contains("· backup"), "{text}");
        insta::assert_snapshot!(format!("mcts_backup_{w}x{h}"), text);
    }
}

// ---------------------------------------------------------------- keys

#[test]
fn the_iteration_keys_land_after_each_iteration_event_and_back() {
    let ev = events();
    let starts: Vec<usize> = (0..ev.len())
        .filter(|&i| kind(&ev[i]) == "iteration")
        .map(|i| i + 1)
        .collect();
    assert_eq!(starts.len(), ITERATIONS as usize);
    let mut app = tutor();
    for &s in &starts {
        app.act(Action::NextIteration);
        assert_eq!(app.st.step, s);
    }
    app.act(Action::NextIteration);
    assert_eq!(app.st.step, *starts.last().unwrap(), "no further iteration");
    assert!(app.message.as_deref().unwrap().contains("iteration"));
    for &s in starts.iter().rev().skip(1) {
        app.act(Action::PrevIteration);
        assert_eq!(app.st.step, s);
    }
}

/// The test's phase of an event.
fn phase(e: &Value) -> &'static str {
    match kind(e) {
        "iteration" => "start",
        "select" | "draw" => "selection",
        "expand" => "expansion",
        "playout" | "known" => "playout",
        "backup" => "backup",
        other => panic!("{other}"),
    }
}

#[test]
fn the_phase_keys_land_on_each_phase_start_and_the_header_names_it() {
    let ev = events();
    let starts: Vec<usize> = (0..ev.len())
        .filter(|&i| i == 0 || phase(&ev[i]) != phase(&ev[i - 1]))
        .map(|i| i + 1)
        .collect();
    let mut app = tutor();
    for &s in starts.iter().take(60) {
        app.act(Action::NextPhase);
        assert_eq!(app.st.step, s);
        let text = screen(&mut app, 200, 50);
        let k = ev[..s].iter().filter(|x| kind(x) == "iteration").count();
        let head = format!("iteration {k}/{ITERATIONS} · {}", phase(&ev[s - 1]));
        assert!(
            text.lines().next().unwrap().contains(&head),
            "{head}:\n{text}"
        );
    }
    for &s in starts.iter().take(59).rev() {
        app.act(Action::PrevPhase);
        assert_eq!(app.st.step, s);
    }
}

#[test]
fn play_until_iteration_stops_where_the_iteration_key_lands() {
    let mut app = tutor();
    while app.play_until().name() != "iteration" {
        app.act(Action::PlayUntil);
    }
    let mut keyed = tutor();
    keyed.act(Action::NextIteration);
    keyed.act(Action::NextIteration);
    app.act(Action::NextIteration);
    app.act(Action::PlayPause);
    for _ in 0..1000 {
        app.tick();
        if !app.playing() {
            break;
        }
    }
    assert_eq!(app.st.step, keyed.st.step);
}

#[test]
fn the_c_key_cycles_c_and_runs_again() {
    let mut app = tutor();
    let mut seen = Vec::new();
    for _ in 0..5 {
        app.act(Action::CycleC);
        seen.push(app.replay.options().mcts.c.0);
        let text = screen(&mut app, 200, 50);
        let c = app.replay.options().mcts.c_text();
        assert!(
            text.lines().next().unwrap().contains(&format!("C {c}")),
            "{text}"
        );
    }
    assert_eq!(seen, [2.0, 1.0, 0.5, 0.0, std::f64::consts::SQRT_2]);
    // With C = 0 the bonus is zero: a selection's UCB1 is its mean.
    app.act(Action::CycleC);
    app.act(Action::CycleC);
    app.act(Action::CycleC);
    app.act(Action::CycleC);
    assert_eq!(app.replay.options().mcts.c.0, 0.0);
    let e = (0..app.replay.len())
        .find(|&i| {
            matches!(
                app.replay.events().at(i),
                prune::event::Event::Mcts(prune::event::Mcts::Select { .. })
            )
        })
        .unwrap();
    app.seek(e + 1);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("0.000"), "{text}");
}

#[test]
fn the_algorithm_key_reaches_mcts_on_tic_tac_toe_and_not_on_three_players() {
    let lesson = Lesson::of_game(&GameSpec::Tictactoe {
        board: "X.O.X....".into(),
        scores: ScoresSpec::Plain,
    })
    .unwrap();
    let over = Overrides {
        depth: Some(2),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let mut app = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    let mut seen = vec![app.replay.options().algorithm];
    for _ in 0..6 {
        let before = app.replay.options().family().samples();
        app.act(Action::ToggleAlgorithm);
        seen.push(app.replay.options().algorithm);
        // Between a Monte Carlo run and a calling one no counter is compared.
        let said = app.message.clone().unwrap();
        let now = app.replay.options().family().samples();
        assert!(!(before || now) || !said.contains('→'), "{said}");
        if now {
            let iterations = app.replay.options().mcts.iterations;
            assert!(said.contains(&format!("{iterations} iterations")), "{said}");
        }
    }
    assert!(seen.contains(&Algorithm::Mcts), "{seen:?}");
    let at = seen.iter().position(|&a| a == Algorithm::Mcts).unwrap();
    assert!(at > 0);
    // And away again: the cycle goes on to alpha-beta.
    assert_eq!(seen[at + 1], Algorithm::AlphaBeta, "{seen:?}");

    let mut app = common::tutor::app("004-three-players", "max-n");
    for _ in 0..4 {
        app.act(Action::ToggleAlgorithm);
        assert_ne!(app.replay.options().algorithm, Algorithm::Mcts);
    }
}

#[test]
fn presenter_mode_and_bookmarks_show_the_mcts_panes() {
    let ev = events();
    let mut app = tutor();
    let e = selection_event(&ev);
    app.seek(e + 1);
    app.act(Action::Mark);
    app.act(Action::Present);
    assert!(app.present().on);
    for (w, h) in [(80, 24), (200, 50)] {
        let text = screen(&mut app, w, h);
        assert!(text.contains("MCTS tree"), "{text}");
        assert!(text.contains("· selection"), "{text}");
        // No call-based pane: no stack, no table, no counters.
        for call_word in ["Stack", "Table ·", "Counters", "α₀"] {
            assert!(!text.contains(call_word), "{call_word}:\n{text}");
        }
    }
    for pane in [Action::PaneTable, Action::PaneStack, Action::PaneCounters] {
        app.act(pane);
        screen(&mut app, 80, 24);
    }
    app.act(Action::Present);
    app.act(Action::Start);
    app.act(Action::NextMark);
    assert_eq!(app.st.step, e + 1);
}

// ---------------------------------------------------------------- fitting

fn row(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect()
}

#[test]
fn every_row_of_every_phase_fits_or_ends_with_the_cue_at_80x24() {
    let mut app = tutor();
    let (w, h) = (80u16, 24u16);
    let mut steps = 0;
    while app.st.step < app.replay.len() && steps < 400 {
        app.act(Action::NextPhase);
        steps += 1;
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        let ((), writes) = fit::record(|| view::render(&mut app, area, &mut buf));
        // The narration is prose that wraps and scrolls behind its own cue.
        let prose = view::regions(&app, area).narration;
        for y in (0..h).filter(|&y| y < prose.y || y >= prose.bottom()) {
            let text = row(&buf, y);
            if text.trim_end().chars().count() < w as usize {
                continue;
            }
            // A row that reaches the edge was fitted by a view: whole, or cut with the cue.
            let fitted = writes
                .iter()
                .filter(|wr| wr.y == y && wr.x + wr.width == w)
                .any(|wr| wr.shown == wr.text || wr.shown.ends_with(fit::CUE));
            let border = text.trim_end().ends_with('─');
            assert!(fitted || border, "row {y} at step {}:\n{text}", app.st.step);
        }
        // No call-based claims on a Monte Carlo run's screen.
        let all: String = (0..h).map(|y| row(&buf, y)).collect();
        for call_word in ["Stack ·", "Table ·", "Counters", "cutoffs", "call "] {
            assert!(
                !all.contains(call_word),
                "{call_word} at step {}",
                app.st.step
            );
        }
    }
    assert!(steps > 50);
}

#[test]
fn every_key_and_a_click_on_a_monte_carlo_run_draws_without_failing() {
    use crossterm::event::MouseEventKind;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent};
    for b in prune::tui::keys::BINDINGS {
        if matches!(b.action, Action::Quit | Action::Practice | Action::OpenFile) {
            continue;
        }
        let mut app = tutor();
        app.seek(app.replay.len() / 3);
        for (w, h) in [(80, 24), (200, 50)] {
            for k in b.keys {
                app.on_key(KeyEvent::new(k.code, KeyModifiers::NONE));
                screen(&mut app, w, h);
            }
            app.on_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
            let click = MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: 5,
                row: 3,
                modifiers: KeyModifiers::NONE,
            };
            app.on_mouse(click);
            let wheel = MouseEvent {
                kind: MouseEventKind::ScrollDown,
                ..click
            };
            app.on_mouse(wheel);
            let text = screen(&mut app, w, h);
            // Still this run, with no window over it: its own panes.
            let samples = app.replay.options().family().samples();
            if samples && app.layers.is_empty() {
                assert!(text.contains("MCTS tree"), "{}:\n{text}", b.help);
            }
        }
    }
}

#[test]
fn a_chance_nodes_draw_lists_each_outcomes_earlier_draws() {
    let path = common::repo().join("lessons/004-chance-coin.json");
    let (code, out, err) = run_prune(&[
        "trace",
        path.to_str().unwrap(),
        "--algorithm",
        "mcts",
        "--iterations",
        "30",
        "--format",
        "jsonl",
    ]);
    assert_eq!(code, Some(0), "{err}");
    // A graph with a scale opens with a line saying what its values count (not an event).
    let ev: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| kind(v) != "scale")
        .collect();
    let lesson = Lesson::load(&path).unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(30),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let mut app = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    app.theme = Theme { color: false };
    assert_eq!(app.replay.len(), ev.len());
    let draws: Vec<usize> = (0..ev.len()).filter(|&i| kind(&ev[i]) == "draw").collect();
    assert!(draws.len() >= 3);
    for &e in draws.iter().rev().take(3) {
        let node = int(&ev[e], "node");
        // The node's outcomes that have a node, and each one's backups before the draw.
        let kids: Vec<(u64, u64)> = ev[..e]
            .iter()
            .filter(|x| kind(x) == "expand" && int(x, "parent") == node)
            .map(|x| (int(x, "mv"), int(x, "node")))
            .collect();
        let visits = |c: u64| {
            ev[..e]
                .iter()
                .filter(|x| kind(x) == "backup" && int(x, "node") == c)
                .count() as u64
        };
        let mut expect: Vec<u64> = kids.iter().map(|&(_, c)| visits(c)).collect();
        expect.sort();
        let drawn = kids
            .iter()
            .find(|&&(mv, _)| mv == int(&ev[e], "pos"))
            .map(|&(_, c)| visits(c));
        app.seek(e + 1);
        let text = screen(&mut app, 80, 24);
        let mut shown = Vec::new();
        let mut marked = None;
        for line in text.lines() {
            let right: String = line.trim_matches('"').chars().skip(40).collect();
            let words: Vec<&str> = right.split_whitespace().collect();
            let (mark, rest) = match words.first() {
                Some(&"›") => (true, &words[1..]),
                _ => (false, &words[..]),
            };
            if let [_, p, n] = rest
                && p.contains('.')
                && let Ok(n) = n.parse::<u64>()
            {
                shown.push(n);
                if mark {
                    marked = Some(n);
                }
            }
        }
        shown.sort();
        assert_eq!(shown, expect, "draw at event {e}:\n{text}");
        assert_eq!(marked, drawn, "draw at event {e}:\n{text}");
        assert!(text.contains("is a chance node"), "{text}");
    }
}

#[test]
fn the_call_based_chart_and_node_cursor_say_why_they_do_not_open_on_a_monte_carlo_run() {
    let mut app = tutor();
    app.seek(app.replay.len());
    app.act(Action::Growth);
    assert!(app.layers.is_empty());
    let said = app.message.clone().unwrap();
    assert!(said.contains("Monte Carlo run makes none"), "{said}");
    app.act(Action::Inspect);
    assert!(!app.inspecting());
    let said = app.message.clone().unwrap();
    assert!(said.contains(") ( f A"), "{said}");
    // The footer's message wraps whole at 80 columns.
    let text = common::tutor::flat(&screen(&mut app, 80, 24));
    assert!(text.contains(&said), "{said}:\n{text}");
}

#[test]
fn the_call_keys_stay_and_point_to_the_iteration_keys() {
    let mut app = tutor();
    app.seek(40);
    for a in [Action::CallForward, Action::CallBack, Action::StepOut] {
        app.act(a);
        assert_eq!(app.st.step, 40, "{a:?}");
        assert!(app.message.as_deref().unwrap().contains("no calls"));
    }
}

#[test]
fn the_calling_searches_settings_stay_as_they_are_on_a_monte_carlo_run() {
    let mut app = tutor();
    let before = app.setup.options;
    for a in [
        Action::DepthUp,
        Action::DepthDown,
        Action::QUp,
        Action::ToggleTable,
        Action::ToggleOrdering,
        Action::ToggleCutRule,
    ] {
        app.act(a);
        assert_eq!(app.setup.options, before, "{a:?}");
        assert!(app.message.as_deref().unwrap().contains("E sets C"));
    }
}

/// Every selection's sentence names the child the run chose and, against the jsonl figures
/// (UCB1 recomputed here from N, U and C), either every child tied with it (taken first in
/// move order) or the first child of the next largest UCB1.
#[test]
fn every_selection_sentence_names_its_ties_or_its_true_runner_up() {
    use prune::replay::{Replay, narrate::narrate};
    let lesson = Lesson::of_game(&GameSpec::Tictactoe {
        board: ".........".into(),
        scores: ScoresSpec::Plain,
    })
    .unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(ITERATIONS),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let replay = Replay::new(prune::index::record(&lesson, &setup).unwrap());
    let (mut ties_seen, mut runners_seen) = (0, 0);
    for (i, e) in events().iter().enumerate() {
        if kind(e) != "select" {
            continue;
        }
        let kids = e["children"].as_array().unwrap();
        // Every earlier iteration through the node went on to one child, except (below the
        // root) the one that added the node itself and played out from it.
        let below_root = u64::from(int(e, "node") != 0);
        let n_parent: u64 = kids.iter().map(|c| int(c, "n")).sum::<u64>() + below_root;
        let ucb = |c: &Value| {
            let (n, u) = (int(c, "n") as f64, int(c, "u_halves") as f64);
            u / (2.0 * n) + std::f64::consts::SQRT_2 * ((n_parent as f64).ln() / n).sqrt()
        };
        let chosen = int(e, "pos") as usize;
        let best = ucb(&kids[chosen]);
        let st = replay.seek(i + 1);
        let text = narrate(&replay, &st, &|_| None).replace('\n', " ");
        assert!(text.contains(&format!("picks square {chosen} ")), "{text}");
        let tied: Vec<usize> = (0..kids.len())
            .filter(|&k| k != chosen && (ucb(&kids[k]) - best).abs() < 1e-12)
            .collect();
        if tied.is_empty() {
            let below = (0..kids.len()).filter(|&k| k != chosen);
            let next = below.fold(None::<usize>, |b, k| match b {
                Some(b) if ucb(&kids[b]) >= ucb(&kids[k]) - 1e-12 => Some(b),
                _ => Some(k),
            });
            if let Some(k) = next {
                runners_seen += 1;
                let want = format!("the next best, square {k}, has {:.3}", ucb(&kids[k]));
                assert!(text.contains(&want), "{text}\nwants {want}");
            }
        } else {
            ties_seen += 1;
            let names: Vec<String> = tied.iter().map(|k| format!("square {k}")).collect();
            let want = format!("tied with {} and taken as the first", names.join(", "));
            assert!(text.contains(&want), "{text}\nwants {want}");
        }
    }
    assert!(
        ties_seen > 0 && runners_seen > 0,
        "{ties_seen} {runners_seen}"
    );
}

/// Compare mode on a Monte Carlo run puts alpha-beta beside it (seed 004 §6.3; its figures are
/// checked in tests/tui_compare_mcts.rs); a second `c` closes it.
#[test]
fn compare_on_a_monte_carlo_run_puts_alpha_beta_beside_it() {
    let mut app = tutor();
    app.act(Action::Compare);
    let c = app.compare.as_ref().expect("a comparison");
    assert_eq!(c.replay.options().algorithm, Algorithm::AlphaBeta);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Beside αβ, depth 9"), "{text}");
    app.act(Action::Compare);
    assert!(app.compare.is_none());
}

/// A saved trace of a run from a stated tree, opened and changed live, re-runs from the same
/// stated tree: the root keeps the lesson's 50 visits before the new run's one iteration.
#[test]
fn a_saved_run_from_a_stated_tree_re_runs_from_it() {
    let lesson = Lesson::open("004-mcts-ucb1-table").unwrap();
    let setup = lesson.setup(Some("C = 2"), &Overrides::default()).unwrap();
    let rec = prune::index::record(&lesson, &setup).unwrap();
    let text = rec.trace.to_json();
    let mut trace = prune::index::parse("saved.json", &text).unwrap();
    // As `prune trace --run "C = 2" --format json` writes it.
    trace.header.preset = Some("C = 2".into());
    let saved = prune::index::Recorded::from_trace("saved.json", trace).unwrap();
    let mut app = App::from_saved(saved).unwrap();
    app.act(Action::CycleC);
    let end = app.replay.len();
    let root = app.replay.index().monte.counts(0, end);
    // The lesson states 50 visits at the root; the run adds its iterations.
    let iterations = app.replay.options().mcts.iterations;
    assert_eq!(
        root.n,
        50 + iterations,
        "{}",
        app.replay.options().mcts.c_text()
    );
}

/// Words of `line` with their first and one-past-last character columns (the pane's marks and
/// arrows are one column each).
fn spans(line: &str) -> Vec<(String, usize, usize)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i] != ' ' {
            i += 1;
        }
        out.push((chars[start..i].iter().collect(), start, i));
    }
    out
}

/// Issue 34, item 15: at 80×24 the backup table of a graph whose moves are labels wider than
/// five columns ("second", "second-end" in 004-mcts-ucb1-table) keeps its columns: each row's
/// node and move start under their headings, and its N and U end under theirs.
#[test]
fn the_backup_columns_line_up_whatever_the_move_names() {
    let lesson = Lesson::open("004-mcts-ucb1-table").unwrap();
    let setup = lesson.setup(None, &Overrides::default()).unwrap();
    let (code, out, err) = run_prune(&["trace", "004-mcts-ucb1-table", "--format", "jsonl"]);
    assert_eq!(code, Some(0), "{err}");
    let ev: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut app = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    app.theme = Theme { color: false };
    // Every backup of the run: the leaf's first (the rows above it still "→ ·").
    let backups: Vec<usize> = (0..ev.len())
        .filter(|&i| kind(&ev[i]) == "backup")
        .collect();
    assert!(!backups.is_empty());
    for e in backups {
        app.seek(e + 1);
        let text = screen(&mut app, 80, 24);
        let lines: Vec<&str> = text.lines().map(|l| l.trim_matches('"')).collect();
        let at = lines
            .iter()
            .position(|l| l.contains("node move") || l.contains("node  move"))
            .unwrap_or_else(|| panic!("no backup table at event {e}:\n{text}"));
        let pane = lines[at].find("node").unwrap().saturating_sub(2);
        let cut = |l: &str| l.chars().skip(pane).collect::<String>();
        let head = spans(&cut(lines[at]));
        let heads: Vec<&str> = head.iter().map(|h| h.0.as_str()).collect();
        assert_eq!(heads, ["node", "move", "N", "U"], "{text}");
        let mut rows = 0;
        for l in &lines[at + 1..] {
            let mut cells = spans(&cut(l));
            if cells.first().is_some_and(|c| c.0 == "▶") {
                cells.remove(0);
            }
            if cells.len() != 8 || cells[0].0.parse::<u32>().is_err() {
                break;
            }
            rows += 1;
            assert_eq!(cells[0].1, head[0].1, "node column at event {e}:\n{text}");
            assert_eq!(cells[1].1, head[1].1, "move column at event {e}:\n{text}");
            assert_eq!(cells[4].2, head[2].2, "N column at event {e}:\n{text}");
            assert_eq!(cells[7].2, head[3].2, "U column at event {e}:\n{text}");
        }
        assert!(rows >= 2, "the path's rows at event {e}:\n{text}");
    }
}
