//! Play until (`Space` with the setting `y` cycles): playback stops on the next stop of the
//! chosen kind, found as the jump keys find it, or runs to the end when none is left; it never
//! starts by itself; the footer names the setting.

mod common;

use common::tutor::{app, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::event::Bound;
use prune::lesson::{Lesson, Overrides};
use prune::trace::Event;
use prune::tui::app::App;
use prune::tui::keys::Action;
use prune::tui::play::{STOPS, Until};
use prune::tui::theme::Theme;

fn press(a: &mut App, c: char) {
    a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
}

/// `y` until the footer's setting is `name`.
fn set_until(a: &mut App, name: &str) {
    for _ in 0..STOPS.len() {
        if a.play_until().name() == name {
            return;
        }
        press(a, 'y');
    }
    panic!("no play-until setting {name}");
}

/// Presses Space and ticks until playback stops; returns the ticks it took.
fn play(a: &mut App) -> usize {
    press(a, ' ');
    assert!(a.playing(), "Space starts playing");
    let mut ticks = 0;
    while a.playing() {
        a.tick();
        ticks += 1;
        assert!(ticks <= a.replay.len() + 1, "playback never stopped");
    }
    ticks
}

#[test]
fn playing_to_cutoff_stops_on_the_first_cutoff() {
    let mut a = app("000-worked-tree", "worked");
    set_until(&mut a, "cutoff");
    assert!(!a.playing(), "choosing the setting does not start playing");
    let ticks = play(&mut a);
    // The oracle: the first Cutoff event of the trace, reached one step after it.
    let first = a
        .replay
        .events()
        .iter()
        .position(|e| matches!(e, Event::Bound(Bound::Cutoff { .. })))
        .expect("seed 000's worked tree cuts");
    assert_eq!(a.st.step, first + 1);
    assert_eq!(a.st.step, a.replay.marks().cutoffs[0] as usize + 1);
    assert_eq!(ticks, first + 1, "one event per tick, from the start");
    // Seed 000: the cutoff is at MIN node 2, its window closed at (3, 2); one cutoff so far.
    let top = *a.st.top().unwrap();
    assert_eq!((top.state, top.alpha, top.beta), (2, 3, 2));
    assert_eq!(a.st.stats.cutoffs, 1);
    let text = screen(&mut a, 80, 24);
    assert!(text.contains("stopped at the next cutoff"), "{text}");
    assert!(text.contains('✂'), "{text}");
}

#[test]
fn playing_to_cutoff_with_none_left_stops_at_the_end() {
    let mut a = app("000-worked-tree", "worked");
    let last = *a.replay.marks().cutoffs.last().unwrap() as usize + 1;
    a.seek(last);
    set_until(&mut a, "cutoff");
    play(&mut a);
    assert_eq!(a.st.step, a.replay.len());
    let text = screen(&mut a, 80, 24);
    assert!(
        text.contains("no further cutoff: playing to the end"),
        "{text}"
    );
}

#[test]
fn the_footer_names_the_setting() {
    let mut a = app("000-worked-tree", "worked");
    // A key clears the message the last `y` left, so the footer shows its keys again.
    for name in ["call", "cutoff", "table hit", "store", "pass", "event"] {
        set_until(&mut a, name);
        a.message = None;
        for (w, h) in [(80, 24), (160, 48)] {
            let text = screen(&mut a, w, h);
            let label = Until::named(name).unwrap().label();
            assert!(text.contains(&label), "{name} at {w}×{h}:\n{text}");
        }
    }
    assert!(screen(&mut a, 80, 24).contains("Space play: every event"));
    set_until(&mut a, "cutoff");
    a.message = None;
    assert!(screen(&mut a, 80, 24).contains("Space play: to cutoff"));
}

#[test]
fn every_setting_stops_where_its_jump_key_lands() {
    // Independent of the play module: the jump keys' own actions, one press per stop.
    let jumps = [
        ("call", Action::CallForward),
        ("cutoff", Action::NextCutoff),
        ("table hit", Action::NextHit),
        ("store", Action::NextStore),
        ("pass", Action::NextPass),
    ];
    let mut checked = 0;
    for l in Lesson::builtins().unwrap() {
        for run in &l.spec.runs {
            let setup = l.setup(Some(&run.name), &Overrides::default()).unwrap();
            let mut a = App::new(vec![l.clone()], l.clone(), setup).unwrap();
            // A Monte Carlo run has none of these stops, and `y` does not offer them there
            // (tests/tui_compare_mcts.rs plays its iterations and phases).
            if a.replay.len() > 3_000 || a.replay.options().family().samples() {
                continue;
            }
            a.theme = Theme { color: false };
            checked += 1;
            for (name, jump) in jumps {
                let what = format!("{} {} to {name}", l.name, run.name);
                let mut j = App::new(vec![l.clone()], l.clone(), setup).unwrap();
                a.seek(0);
                set_until(&mut a, name);
                while a.st.step < a.replay.len() {
                    let before = j.st.step;
                    j.act(jump);
                    let expect = if j.st.step > before && j.message.is_none() {
                        j.st.step
                    } else {
                        a.replay.len()
                    };
                    play(&mut a);
                    assert_eq!(a.st.step, expect, "{what}");
                    j.seek(a.st.step);
                }
            }
        }
    }
    assert!(
        checked >= 10,
        "only {checked} runs were small enough to play through"
    );
}

#[test]
fn nothing_starts_playing_by_itself() {
    let mut a = app("000-worked-tree", "worked");
    for c in ['y', 'y', 'x', 'r', 'F', '1', 'C', 'F'] {
        press(&mut a, c);
        for _ in 0..3 {
            a.tick();
        }
        assert!(!a.playing(), "after {c}");
    }
}
