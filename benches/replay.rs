//! Replay and tutor speed on the largest valid graph (64 nodes, 4,032 edges, depth 12, q 6,
//! ordering on): the run hits the 1,000,000-call budget, so the trace has 1,000,000 calls.
//!
//! - `seek/random`: `Replay::seek` to pseudo-random steps (target ≤ 1 ms median, ≤ 5 ms worst;
//!   the worst case over 20,000 seeks is printed too, since criterion reports means/medians).
//! - `render/200x60`: one full frame of the tutor into a 200×60 TestBackend (target ≤ 2 ms).
//! - a game's run: key presses plus a 120×35 frame on full tic-tac-toe minimax (3.66 M
//!   events; target ≤ 20 ms), median and worst printed.
//! - `start/first_frame`: building the tutor on the built-in lessons and drawing the first
//!   frame (target ≤ 100 ms).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::lesson::{Lesson, Overrides};
use prune::replay::{KEYFRAME, Replay, samples};
use prune::rng::Rng;
use prune::search::Algorithm;
use prune::tui::app::App;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn benches(c: &mut Criterion) {
    let lesson = samples::largest_lesson();
    let setup = lesson.setup(Some("heavy"), &Overrides::default()).unwrap();
    let t0 = Instant::now();
    let recorded = prune::index::record(&lesson, &setup).unwrap();
    let t_record = t0.elapsed();
    let t1 = Instant::now();
    let replay = Replay::new(recorded);
    let t_index = t1.elapsed();
    eprintln!(
        "largest graph: {} calls, {} events; record {:.0} ms, index {:.0} ms",
        replay.tree().calls(),
        replay.len(),
        t_record.as_secs_f64() * 1e3,
        t_index.as_secs_f64() * 1e3
    );
    assert_eq!(replay.tree().calls(), 1_000_000);

    // Worst case over many random seeks, timed one by one: a first (cold) round touches the
    // keyframes for the first time; the second is what a student stepping around sees.
    for round in ["cold", "warm"] {
        let mut rng = Rng::new(42);
        let mut times: Vec<Duration> = (0..20_000)
            .map(|_| {
                let step = rng.below(replay.len() + 1);
                let t = Instant::now();
                black_box(replay.seek(step));
                t.elapsed()
            })
            .collect();
        times.sort();
        eprintln!(
            "seek ({round}) over 20000 random steps: median {:?}, p99 {:?}, p99.9 {:?}, worst {:?}",
            times[times.len() / 2],
            times[times.len() * 99 / 100],
            times[times.len() * 999 / 1000],
            times[times.len() - 1]
        );
    }

    let mut g = c.benchmark_group("seek");
    g.sample_size(30).measurement_time(Duration::from_secs(3));
    let mut rng = Rng::new(7);
    g.bench_function("random", |b| {
        b.iter(|| {
            let step = rng.below(replay.len() + 1);
            black_box(replay.seek(step))
        })
    });
    // The algorithmic worst case: a step just before a keyframe, so KEYFRAME - 1 events are
    // applied after copying the keyframe.
    let frames = replay.len() / KEYFRAME;
    let mut rng = Rng::new(9);
    g.bench_function("worst_case", |b| {
        b.iter(|| {
            let k = rng.below(frames);
            black_box(replay.seek(k * KEYFRAME + KEYFRAME - 1))
        })
    });
    g.finish();
    drop(replay);

    // The tutor itself on the same run, in the middle of the trace.
    let mut app = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
    let mid = app.replay.len() / 2;
    app.seek(mid);
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    let mut g = c.benchmark_group("render");
    g.sample_size(30).measurement_time(Duration::from_secs(3));
    g.bench_function("200x60", |b| {
        b.iter(|| {
            terminal.draw(|f| view::draw(f, &mut app)).unwrap();
        })
    });
    // Stepping: one event forward plus a redraw, as a key press does.
    g.bench_function("step+200x60", |b| {
        b.iter(|| {
            let s = app.st.step + 1;
            app.seek(if s > app.replay.len() { 0 } else { s });
            terminal.draw(|f| view::draw(f, &mut app)).unwrap();
        })
    });
    g.finish();
    drop(app);

    // A game's whole run in the tutor: full tic-tac-toe minimax from the empty board, one
    // pass, no table (549,946 calls, 3.66 M events). A key press is the action and a redraw
    // at 120×35; the worst case over many presses is printed, as for seeks.
    let game = Lesson::open("tictactoe:.../.../...:plain").unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Minimax),
        depth: Some(9),
        deepening: Some(false),
        table: Some(false),
        ..Overrides::default()
    };
    let setup = game.setup(None, &over).unwrap();
    let mut app = App::new(vec![game.clone()], game, setup).unwrap();
    assert_eq!(app.replay.tree().calls(), 549_946);
    let mut terminal = Terminal::new(TestBackend::new(120, 35)).unwrap();
    let keys = [
        ("step", KeyCode::Right),
        ("call", KeyCode::Down),
        ("out", KeyCode::Char('o')),
        ("end", KeyCode::End),
        ("start", KeyCode::Home),
        ("pass", KeyCode::Char('p')),
    ];
    for (name, code) in keys {
        let mut rng = Rng::new(5);
        let mut times: Vec<Duration> = (0..200)
            .map(|_| {
                app.seek(rng.below(app.replay.len() + 1));
                let t = Instant::now();
                app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
                terminal.draw(|f| view::draw(f, &mut app)).unwrap();
                t.elapsed()
            })
            .collect();
        times.sort();
        eprintln!(
            "tic-tac-toe game, key {name} + 120x35 frame over 200 random steps: median {:?}, worst {:?}",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    drop(app);

    let mut g = c.benchmark_group("start");
    g.sample_size(20).measurement_time(Duration::from_secs(3));
    g.bench_function("first_frame", |b| {
        b.iter(|| {
            let mut app = App::with_picker().unwrap();
            let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
            terminal.draw(|f| view::draw(f, &mut app)).unwrap();
            black_box(terminal.backend().buffer().area);
        })
    });
    g.finish();
}

criterion_group!(replay, benches);
criterion_main!(replay);
