//! Nothing the tutor says is lost, at 80×24 (the size the README targets) and at 120×35: every
//! built-in lesson × preset × step is rendered (TestBackend-sized buffers) and checked for
//!
//! - the "What happened" text (narration, intro, notes): either every wrapped row of it is on
//!   screen, or the region's border shows the "more" cue and paging with `n` shows every row;
//! - the lesson's notes: shown exactly when the run is its preset's (an independent filter of
//!   the lesson file), and never for a run whose options differ;
//! - the header: every setting that differs from the preset (an oracle written here) is on
//!   the title line, and a changed run is marked `preset*`;
//! - the stack: the root frame and the top frame are shown by their catalog names.

use prune::lesson::{Lesson, Overrides};
use prune::search::{Algorithm, CutRule, INF, MAX_BUDGET, Options};
use prune::tui::app::App;
use prune::tui::keys::Action;
use prune::tui::theme::Theme;
use prune::tui::view::{self, narration, scroll, title};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 35)];

fn row(buf: &Buffer, area: Rect, y: u16) -> String {
    (area.x..area.right())
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect()
}

fn rows(buf: &Buffer, area: Rect) -> Vec<String> {
    (area.y..area.bottom()).map(|y| row(buf, area, y)).collect()
}

fn render(app: &mut App, area: Rect) -> Buffer {
    let mut buf = Buffer::empty(area);
    view::render(app, area, &mut buf);
    buf
}

/// The notes the lesson file attaches to this moment of this preset (the tutor's rule,
/// restated from the events alone): a note shows from its anchor event in its call (the
/// call's entry, cutoff, store, return, or the end of its pass) until the next call is
/// entered or the next pass starts.
fn expected_notes(lesson: &Lesson, preset: &str, app: &App) -> Vec<String> {
    use prune::event::Bound;
    use prune::lesson::NoteAnchor;
    use prune::trace::Event;
    if app.st.step == 0 {
        return Vec::new();
    }
    let events = app.replay.events();
    let now = app.st.step - 1;
    // The call each event belongs to (1-based, by entry), with a stack of open calls.
    let (mut calls, mut open, mut owner) = (0u64, Vec::new(), Vec::with_capacity(events.len()));
    for e in events {
        if let Event::Enter { .. } = e {
            calls += 1;
            open.push(calls);
        }
        owner.push(open.last().copied().unwrap_or(0));
        if let Event::Return { .. } | Event::Unwind { .. } = e {
            open.pop();
        }
    }
    let anchor = |call: u64, after: NoteAnchor| -> Option<usize> {
        let entry = (0..events.len())
            .find(|&i| owner[i] == call && matches!(events.at(i), Event::Enter { .. }))?;
        (entry..events.len()).find(|&i| match (after, events.at(i)) {
            (NoteAnchor::Enter, Event::Enter { .. }) => true,
            (NoteAnchor::Cutoff, Event::Bound(Bound::Cutoff { .. })) => owner[i] == call,
            (NoteAnchor::Store, Event::Bound(Bound::Store { .. })) => owner[i] == call,
            (NoteAnchor::Return, Event::Return { .. }) => owner[i] == call,
            (NoteAnchor::PassEnd, Event::PassEnd { .. }) => true,
            _ => false,
        })
    };
    lesson
        .spec
        .notes
        .iter()
        .filter(|n| n.run == preset)
        .filter(|n| {
            anchor(n.step, n.after).is_some_and(|from| {
                from <= now
                    && !events
                        .iter()
                        .take(now + 1)
                        .skip(from + 1)
                        .any(|e| matches!(e, Event::Enter { .. } | Event::PassStart { .. }))
            })
        })
        .map(|n| n.text.clone())
        .collect()
}

/// Checks the narration region of one frame; returns whether it was cut.
fn check_narration(app: &mut App, area: Rect, what: &str) -> bool {
    let buf = render(app, area);
    let region = view::regions(app, area).narration;
    let inner = Rect::new(region.x, region.y + 1, region.width, region.height - 1);
    let want = scroll::plain(&scroll::wrap(&narration::text(app), inner.width));
    let shown = view::narration_shown(app, area);
    assert_eq!(shown.total, want.len(), "{what}");
    let trim = |s: &str| s.trim_end().to_string();
    if shown.fits() {
        let got = rows(&buf, inner);
        for (i, w) in want.iter().enumerate() {
            assert_eq!(trim(&got[i]), trim(w), "{what}: row {i} of the narration");
        }
        return false;
    }
    // Cut: the cue is on the border, and paging with n shows every row, then starts over.
    let border = row(&buf, region, region.y);
    assert!(
        border.contains("more line") && border.contains("(n)"),
        "{what}: cut narration without its cue: {border:?}"
    );
    let mut seen = vec![false; want.len()];
    for _ in 0..=want.len() {
        let got = rows(&render(app, area), inner);
        let shown = app.scrolls().narration_shown;
        assert_eq!(
            shown,
            view::narration_shown(app, area),
            "{what}: drawn as measured"
        );
        for (k, w) in want[shown.first..shown.first + shown.rows]
            .iter()
            .enumerate()
        {
            assert_eq!(
                trim(&got[k]),
                trim(w),
                "{what}: paged row {}",
                shown.first + k
            );
            seen[shown.first + k] = true;
        }
        if shown.below() == 0 {
            break;
        }
        app.act(Action::MoreText);
    }
    assert!(
        seen.iter().all(|&s| s),
        "{what}: some rows were never shown"
    );
    app.act(Action::MoreText);
    render(app, area);
    assert_eq!(
        app.scrolls().narration_shown.first,
        0,
        "{what}: n starts over"
    );
    true
}

fn check_stack(app: &mut App, area: Rect, what: &str) {
    let buf = render(app, area);
    let region = view::regions(app, area).stack;
    let text = rows(&buf, region).join("\n");
    let frames = &app.st.frames;
    let catalog = app.replay.catalog();
    for f in [frames.first(), frames.last()].into_iter().flatten() {
        // The test's own spelling of each side's mark; a player of several is named.
        let sym = match f.turn {
            prune::game::Side::Max => "▲".to_string(),
            prune::game::Side::Min => "▼".to_string(),
            prune::game::Side::Chance => "Σ".to_string(),
            prune::game::Side::Player(seat) => {
                format!("●{}:", app.replay.trace().header.players[seat.index()])
            }
        };
        let full = catalog.name(f.state);
        let name = format!("{sym}{full}");
        // A name longer than the column (a Connect Four position's 30 moves) keeps its last
        // moves behind an ellipsis, the cue that it was cut: at least 16 of them.
        let tail_shown = (0..full.len().saturating_sub(16))
            .filter(|&i| full.is_char_boundary(i))
            .any(|i| text.contains(&format!("{sym}…{}", &full[i..])));
        assert!(
            text.contains(&name) || tail_shown,
            "{what}: the stack lacks {name}:\n{text}"
        );
    }
}

/// The steps a walk visits: every one on a lesson-sized run; on a game's run of many thousand
/// events, its start and end, an even sample between, and every step a lesson note is shown.
fn walk_steps(app: &App, lesson: &Lesson, preset: &str) -> Vec<usize> {
    let len = app.replay.len();
    if len <= 600 {
        return (0..=len).collect();
    }
    // A long run (tic-tac-toe's and Connect Four's thousands of steps repeat the same few
    // kinds of frame): its first and last 200 steps, 200 spread between, and every step a
    // lesson note is shown at (kept to CI's time budget).
    let mut steps: Vec<usize> = (0..=200)
        .chain(len - 200..=len)
        .chain((0..=len).step_by(len / 200))
        .collect();
    for note in lesson.spec.notes.iter().filter(|n| n.run == preset) {
        let call = note.step as usize;
        if let Some(from) = call.checked_sub(1).and_then(|c| app.replay.call_step(c)) {
            let to = app.replay.call_step(call).unwrap_or(len + 1);
            steps.extend(from..to.min(len + 1));
        }
    }
    steps.sort_unstable();
    steps.dedup();
    steps
}

#[test]
fn every_lesson_preset_and_step_shows_all_its_text() {
    let mut cut = 0;
    let mut frames = 0;
    for lesson in Lesson::builtins().unwrap() {
        for run in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&run.name), &Overrides::default())
                .unwrap();
            let mut app = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
            app.theme = Theme { color: false };
            for step in walk_steps(&app, &lesson, &run.name) {
                app.seek(step);
                let want = expected_notes(&lesson, &run.name, &app);
                let got: Vec<String> = app.notes().iter().map(|s| s.to_string()).collect();
                assert_eq!(got, want, "{} · {} step {step}", lesson.name, run.name);
                let text = scroll::plain(&narration::text(&app)).join(" ");
                for n in &want {
                    assert!(text.contains(&format!("Note: {n}")));
                }
                for (w, h) in SIZES {
                    let what = format!("{} · {} step {step} at {w}×{h}", lesson.name, run.name);
                    let area = Rect::new(0, 0, w, h);
                    cut += usize::from(check_narration(&mut app, area, &what));
                    app.seek(step);
                    check_stack(&mut app, area, &what);
                    frames += 1;
                }
            }
        }
    }
    assert!(frames > 1000, "{frames} frames walked");
    // The check of cut frames must have run (the intros at step 0 are long).
    assert!(cut > 0);
}

/// The settings as the header spells them, the test's own restatement of what a run does:
/// plain minimax has no table, no cut rule and no root window.
fn spelled(o: &Options) -> Vec<(&'static str, String)> {
    // Minimax and max-n have no window to cut with and keep no table.
    let mm = matches!(o.algorithm, Algorithm::Minimax | Algorithm::Maxn);
    let on = |b: bool| if b { "on" } else { "off" };
    let mut v = vec![
        ("d", format!("d{}", o.depth)),
        ("q", format!("q{}", o.qlimit)),
        ("tt", format!("tt:{}", on(o.table && !mm))),
        ("ord", format!("ord:{}", on(o.ordering))),
        (
            "alg",
            match o.algorithm {
                Algorithm::Minimax => "minimax",
                Algorithm::AlphaBeta => "αβ",
                Algorithm::Negamax => "negamax",
                Algorithm::Pvs => "pvs",
                Algorithm::Expectiminimax => "expectiminimax",
                Algorithm::Maxn => "max-n",
                Algorithm::Mcts => "mcts",
                Algorithm::Paranoid => "paranoid",
            }
            .to_string(),
        ),
        ("id", format!("id:{}", on(o.deepening))),
        (
            "budget",
            if o.budget == MAX_BUDGET {
                "budget max".to_string()
            } else {
                format!("budget {}", o.budget)
            },
        ),
    ];
    if !mm {
        v.push((
            "cut",
            match o.cut {
                CutRule::AtLeast => "α≥β",
                CutRule::Strict => "α>β",
            }
            .to_string(),
        ));
        let b = |x: i32| match x {
            x if x >= INF => "+∞".to_string(),
            x if x <= -INF => "-∞".to_string(),
            x => x.to_string(),
        };
        v.push((
            "window",
            if o.window == (-INF, INF) {
                "window full".to_string()
            } else {
                format!("window ({}, {})", b(o.window.0), b(o.window.1))
            },
        ));
    }
    v
}

#[test]
fn the_header_names_every_setting_that_differs_from_the_preset() {
    let changes = [
        vec![Action::ToggleTable],
        vec![Action::ToggleAlgorithm],
        vec![Action::ToggleOrdering, Action::ToggleCutRule],
        vec![Action::DepthUp, Action::QUp, Action::BudgetDown],
        vec![
            Action::ToggleAlgorithm,
            Action::ToggleTable,
            Action::ToggleOrdering,
            Action::DepthDown,
        ],
    ];
    let mut checked = 0;
    for lesson in Lesson::builtins().unwrap() {
        for run in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&run.name), &Overrides::default())
                .unwrap();
            // The title line of a Monte Carlo run is the tutor's work in progress (issue 22).
            if setup.options.family().samples() {
                continue;
            }
            let preset = setup.options;
            // A game's run of many thousand events is re-recorded only for the widest change
            // (the longest header: every toggle, and a counter of millions of steps).
            let big = App::new(vec![lesson.clone()], lesson.clone(), setup)
                .unwrap()
                .replay
                .len()
                > 100_000;
            let sets = if big { &changes[4..] } else { &changes[..] };
            for change in sets {
                let mut app = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
                app.theme = Theme { color: false };
                for &a in change {
                    app.act(a);
                }
                // A window the value may fall outside of, on top of the toggles.
                // (A chance graph has no root window to set: its values count fractions.)
                if change.len() == 1
                    && change[0] == Action::ToggleTable
                    && !lesson.model.limits().chance
                    && lesson.model.limits().players == 0
                {
                    app.setup.options.window = (-3, 40);
                    let s = app.setup;
                    app.rerun(s, "window".into());
                }
                let run_opts = app.setup.options;
                let theirs = spelled(&preset);
                // Back to the full window is news only when the preset had a window at all.
                let preset_window = theirs.iter().any(|s| s.0 == "window");
                let diffs: Vec<String> = spelled(&run_opts)
                    .into_iter()
                    .filter(|s| !theirs.contains(s))
                    .filter(|s| s.1 != "window full" || preset_window)
                    .map(|s| s.1)
                    .collect();
                let what = format!("{} · {} after {change:?}", lesson.name, run.name);
                // The tutor's own list agrees with the oracle (as sets of texts).
                let mut mine: Vec<String> = title::differences(&app)
                    .into_iter()
                    .map(|s| s.text)
                    .collect();
                let mut want = diffs.clone();
                mine.sort();
                want.sort();
                assert_eq!(mine, want, "{what}");
                for (w, h) in SIZES {
                    let area = Rect::new(0, 0, w, h);
                    let buf = render(&mut app, area);
                    let head = row(&buf, area, 0);
                    for d in &diffs {
                        assert!(
                            head.contains(d.as_str()),
                            "{what}: {d} missing at {w}: {head}"
                        );
                    }
                    // Changed is marked: `preset* changed:`, or on a narrow line
                    // `* changed:` (the preset's name counted by the cue).
                    if !diffs.is_empty() {
                        assert!(
                            head.contains(&format!("{}* changed:", run.name))
                                || (head.contains(" * changed:") && head.contains("(i)")),
                            "{what}: {head}"
                        );
                    }
                }
                // A changed run shows no lesson note at any step.
                if !diffs.is_empty() {
                    for step in walk_steps(&app, &lesson, &run.name) {
                        app.seek(step);
                        assert!(app.notes().is_empty(), "{what}: a note at step {step}");
                        let text = scroll::plain(&narration::text(&app)).join(" ");
                        assert!(!text.contains("Note:"), "{what} step {step}");
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
}

#[test]
fn a_saved_trace_without_its_lesson_shows_all_its_settings_unmarked() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let setup = lesson.setup(Some("worked"), &Overrides::default()).unwrap();
    let mut rec = prune::index::record(&lesson, &setup).unwrap();
    rec.trace.header.lesson = "gone/worked.json".into();
    rec.trace.header.preset = Some("worked".into());
    let app = App::from_saved(rec).unwrap();
    let head: String = title::header(&app, 100)
        .spans
        .iter()
        .map(|s| s.content.as_ref())
        .collect();
    // Nothing to compare with: not "changed", and every setting of seed 000's worked run.
    assert!(head.contains(" · worked · gone/worked.json · "), "{head}");
    assert!(!head.contains('*'), "{head}");
    for s in ["d2", "q0", "tt:on", "ord:off", "α≥β", "αβ"] {
        assert!(head.contains(s), "{s} missing: {head}");
    }
}
