//! Demo scripts and bookmarks in the tutor, driven as a presenter would: `d` through the
//! worked tree's demo to its end, `D` to choose, `b` `'` `"` to mark and jump. Values come
//! from seed 000's worked example (its first pass-2 cutoff at MIN node 2, which skips node 7;
//! ordering costs a call, 12 → 13).

mod common;

use common::tutor::{app, screen};
use prune::lesson::Lesson;
use prune::tui::app::App;
use prune::tui::keys::Action;

fn press(a: &mut App, action: Action) {
    // As the key loop does: a key clears the last message first.
    a.message = None;
    a.act(action);
}

fn footer(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

/// The footer's rows joined (a long message wraps onto more than one, taken from the
/// narration above it).
fn footer_rows(a: &App, text: &str) -> String {
    let n = prune::tui::view::footer::rows_wanted(a, 80) as usize;
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len() - n..]
        .iter()
        .map(|l| l.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

fn narration(text: &str) -> String {
    text.lines()
        .skip_while(|l| !l.contains("What happened"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_worked_tree_demo_runs_to_its_end() {
    let mut a = app("000-worked-tree", "worked");
    let spec = a.lesson.spec.demos[0].clone();
    assert_eq!(spec.name, "cutoffs");
    let len = spec.steps.len();

    press(&mut a, Action::DemoNext);
    let text = screen(&mut a, 80, 24);
    assert!(
        footer(&text).contains(&format!("demo 'cutoffs' 1/{len}")),
        "{text}"
    );
    assert!(narration(&text).contains("Demo: MAX moves first"), "{text}");

    // Step 2 goes to call 5, pass 2's root: seed 000 counts 4 calls in pass 1.
    press(&mut a, Action::DemoNext);
    assert_eq!(a.st.stats.nodes, 5);
    press(&mut a, Action::DemoNext);

    // Step 4 asks; the answer waits for the next key.
    press(&mut a, Action::DemoNext);
    let asked = screen(&mut a, 80, 24);
    assert!(
        narration(&asked).contains("Question: MIN node 2"),
        "{asked}"
    );
    assert!(footer(&asked).contains("d reveals"), "{asked}");
    assert_eq!(a.st.stats.cutoffs, 0);

    // The reveal jumps to the first cutoff: node 2 stops after node 6, and node 7 is skipped.
    press(&mut a, Action::DemoNext);
    assert_eq!(a.st.stats.cutoffs, 1);
    let revealed = screen(&mut a, 80, 24);
    assert!(revealed.contains('✂'), "the cutoff is marked: {revealed}");
    assert!(narration(&revealed).contains("node 7"), "{revealed}");
    assert!(footer(&revealed).contains(&format!("demo 'cutoffs' 4/{len}")));
    insta::assert_snapshot!("demo_first_cutoff_80x24", revealed);

    let asks = spec
        .steps
        .iter()
        .filter(|s| matches!(s, prune::lesson::demo::Step::Ask { .. }))
        .count();
    for _ in 5..len + asks {
        press(&mut a, Action::DemoNext);
        assert!(a.demo().unwrap().failed.is_none());
    }
    let d = a.demo().unwrap();
    assert_eq!((d.done, d.len), (len, len));
    // It ends comparing with plain minimax and with ordering flipped on: the worked tree's
    // 12 calls become 13.
    assert!(a.compare.is_some());
    assert!(a.setup.options.ordering);
    assert_eq!(a.replay.result().stats.nodes, 13);
    // Beside the change's message the place is short, so the counters' change fits.
    let end = screen(&mut a, 80, 24);
    assert!(
        footer_rows(&a, &end).contains(&format!(
            "demo {len}/{len} · run again with ordering on: nodes 12 → 13"
        )),
        "{end}"
    );
    // Every delta of the change is on screen whole, the last one too (at 80 columns the
    // message wraps rather than losing "→ 1").
    let before = app("000-worked-tree", "worked").replay.result().stats;
    let after = a.replay.result().stats;
    assert_ne!(before.cutoffs, after.cutoffs);
    for (name, b, f) in [
        ("cutoffs", before.cutoffs, after.cutoffs),
        ("qnodes", before.qnodes, after.qnodes),
    ] {
        let delta = format!("{name} {b} → {f}");
        assert!(footer_rows(&a, &end).contains(&delta), "{delta}: {end}");
    }
    a.message = None;
    let end = screen(&mut a, 80, 24);
    assert!(footer(&end).contains("end (d restarts)"), "{end}");
    let wide = screen(&mut a, 120, 35);
    assert!(wide.contains("minimax: call 14/14"), "{wide}");
    assert!(wide.contains("call 13/13"), "{wide}");
    insta::assert_snapshot!("demo_end_compare_120x35", wide);

    // One more `d` starts it again, on its own preset at step 0.
    press(&mut a, Action::DemoNext);
    assert_eq!(a.demo().unwrap().done, 0);
    assert_eq!(a.preset.as_deref(), Some("worked"));
    assert_eq!(a.replay.result().stats.nodes, 12);
    assert!(a.compare.is_none());
}

#[test]
fn a_demo_says_its_words_only_at_the_step_it_said_them() {
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, Action::DemoNext);
    assert!(a.demo_line().is_some());
    press(&mut a, Action::StepForward);
    assert!(a.demo_line().is_none());
    assert!(!narration(&screen(&mut a, 80, 24)).contains("Demo:"));
}

/// A small lesson of our own: two demos, one of which asks for a table hit the run never has.
fn two_demo_lesson() -> Lesson {
    let text = r#"{
      "title": "two demos",
      "graph": {"nodes": [
        {"player": "MAX", "score": 0, "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "score": 3},
        {"player": "MIN", "score": 5}
      ]},
      "runs": [{"name": "one ply", "depth": 1, "table": false}],
      "demos": [
        {"name": "fine", "steps": [{"say": "Two moves."}, {"go": "end"}]},
        {"name": "broken", "steps": [{"go": "hit"}]}
      ]
    }"#;
    Lesson::parse("two-demos.json", text).unwrap()
}

#[test]
fn capital_d_chooses_among_demos_and_a_missing_target_is_said() {
    let lesson = two_demo_lesson();
    let setup = lesson.setup(None, &Default::default()).unwrap();
    let mut a = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    press(&mut a, Action::DemoChoose);
    assert_eq!(a.demo().unwrap().name, "fine");
    assert!(a.message.as_deref().unwrap().contains("demo 1 of 2: fine"));
    press(&mut a, Action::DemoChoose);
    assert_eq!(a.demo().unwrap().name, "broken");
    press(&mut a, Action::DemoNext);
    let d = a.demo().unwrap();
    assert_eq!(
        d.failed.as_deref(),
        Some("no further table hit in that direction")
    );
    assert!(footer(&screen(&mut a, 80, 24)).contains("demo step 1: no further table hit"));
    // Around again to the first.
    press(&mut a, Action::DemoChoose);
    assert_eq!(a.demo().unwrap().name, "fine");
}

#[test]
fn a_lesson_without_demos_says_so() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let mut bare = lesson.clone();
    bare.spec.demos.clear();
    let setup = bare.setup(None, &Default::default()).unwrap();
    let mut a = App::new(vec![bare.clone()], bare, setup).unwrap();
    press(&mut a, Action::DemoNext);
    assert_eq!(a.message.as_deref(), Some("this lesson has no demo"));
    assert!(a.demo().is_none());
}

#[test]
fn bad_demos_are_refused_with_the_place() {
    let with = |demos: &str| {
        let text = format!(
            r#"{{"title": "t", "graph": {{"nodes": [{{"player": "MAX", "score": 1}}]}},
               "runs": [{{"name": "r", "depth": 1}}], "demos": {demos}}}"#
        );
        Lesson::parse("bad.json", &text)
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    let e = with(r#"[{"name": "a", "steps": [{"preset": "nope"}]}]"#);
    assert!(e.contains("a demo refers to run 'nope'"), "{e}");
    let e = with(r#"[{"name": "a", "run": "gone", "steps": [{"say": "x"}]}]"#);
    assert!(e.contains("'gone'"), "{e}");
    let e = with(r#"[{"name": "a", "steps": []}]"#);
    assert!(e.contains("has no steps"), "{e}");
    let e =
        with(r#"[{"name": "a", "steps": [{"say": "x"}]}, {"name": "a", "steps": [{"say": "y"}]}]"#);
    assert!(e.contains("two demos are named 'a'"), "{e}");
    let e = with(r#"[{"name": "a", "steps": [{"go": "sideways"}]}]"#);
    assert!(e.contains("bad.json: line 2"), "{e}");
    assert!(e.contains("not a place to go"), "{e}");
}

#[test]
fn bookmarks_mark_unmark_and_jump_both_ways() {
    let mut a = app("000-worked-tree", "worked");
    let here = |a: &App| a.st.step;
    press(&mut a, Action::CallForward);
    press(&mut a, Action::CallForward);
    let first = here(&a);
    press(&mut a, Action::Mark);
    assert_eq!(a.message.as_deref(), Some(&*format!("step {first} marked")));
    press(&mut a, Action::NextCutoff);
    let second = here(&a);
    press(&mut a, Action::Mark);
    let text = screen(&mut a, 80, 24);
    assert!(
        footer(&text).contains(&format!(" ★2 · step {second} marked")),
        "{text}"
    );
    a.message = None;
    let text = screen(&mut a, 80, 24);
    assert!(footer(&text).contains("★ marked, 2 marks"), "{text}");

    press(&mut a, Action::Start);
    press(&mut a, Action::NextMark);
    assert_eq!(here(&a), first);
    press(&mut a, Action::NextMark);
    assert_eq!(here(&a), second);
    press(&mut a, Action::NextMark);
    assert_eq!(
        a.message.as_deref(),
        Some("no further mark in that direction")
    );
    assert_eq!(here(&a), second);
    press(&mut a, Action::PrevMark);
    assert_eq!(here(&a), first);

    // Unmarking leaves one; the footer counts what is left and says this step is not marked.
    press(&mut a, Action::Mark);
    press(&mut a, Action::StepForward);
    let text = screen(&mut a, 80, 24);
    assert!(footer(&text).contains(" 1 mark · "), "{text}");
    assert!(!footer(&text).contains('★'), "{text}");

    // Marks belong to their run: with ordering flipped there are none, and flipping back
    // brings them back.
    press(&mut a, Action::ToggleOrdering);
    press(&mut a, Action::Start);
    press(&mut a, Action::NextMark);
    assert_eq!(
        a.message.as_deref(),
        Some("no further mark in that direction")
    );
    press(&mut a, Action::ToggleOrdering);
    press(&mut a, Action::Start);
    press(&mut a, Action::NextMark);
    assert_eq!(here(&a), second);
}

#[test]
fn hash_opens_a_random_practice_tree_that_can_be_had_again() {
    use prune::practice::{Kind, generate};
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, Action::RandomTree);
    let (seed, n) = a.random_trees().unwrap();
    assert_eq!(n, 1);
    assert!(
        a.lesson.name.starts_with("practice item"),
        "{}",
        a.lesson.name
    );
    assert_eq!(a.st.step, 0);
    let said = a.message.clone().unwrap();
    assert!(
        said.contains(&format!("--seed {seed} --kinds leaves --count 1")),
        "{said}"
    );
    // The same tree as the practice set's first problem of that seed, with a cutoff to show.
    let p = generate(seed, 0, Kind::Leaves).unwrap();
    let graph = |g: &prune::game::graph::GraphSpec| serde_json::to_string(g).unwrap();
    assert_eq!(graph(&a.lesson.spec.graph), graph(&p.item.graph));
    assert!(a.replay.result().stats.cutoffs >= 1);
    // The next `#` is the set's next problem.
    press(&mut a, Action::RandomTree);
    assert_eq!(a.random_trees(), Some((seed, 2)));
    let q = generate(seed, 1, Kind::Leaves).unwrap();
    assert_eq!(graph(&a.lesson.spec.graph), graph(&q.item.graph));
}

#[test]
fn a_graded_practice_item_opens_in_the_tutor_at_the_step_its_verdict_cites() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use prune::tui::components::practice::PracticeScreen;
    let mut a = app("000-worked-tree", "worked");
    let problems = prune::practice::problems_of(&a.lesson).unwrap();
    // Item 1 asks what MIN node 2 returns in pass 2 (seed 000: 2, an upper bound).
    let wrong = "5 exact";
    let verdict = problems[0].grade(wrong).unwrap();
    assert!(!verdict.correct);
    let call = verdict.step.expect("the verdict cites a step");
    a.layers.push(Box::new(
        PracticeScreen::new(problems, Default::default()).from_tutor(),
    ));
    let key = |c: KeyCode| KeyEvent::new(c, KeyModifiers::NONE);
    for c in wrong.chars() {
        a.on_key(key(KeyCode::Char(c)));
    }
    a.on_key(key(KeyCode::Enter));
    a.on_key(key(KeyCode::Char('o')));
    assert!(!a.layers.has::<PracticeScreen>(), "the round closes");
    assert_eq!(a.lesson.name, "practice item 000-worked-tree#1");
    assert_eq!(a.st.stats.nodes, call, "at the cited call");
    let node = prune::tui::model::current_node(&a.replay, &a.st).unwrap();
    assert_eq!(a.replay.tree().get(node).state, 2, "on node 2");
    let text = screen(&mut a, 80, 24);
    assert!(
        footer_rows(&a, &text).contains(&format!("at call {call}")),
        "{text}"
    );
}

#[test]
fn a_preset_step_after_a_toggle_goes_back_to_the_preset() {
    let text = r#"{
      "title": "back to the preset",
      "graph": {"nodes": [
        {"player": "MAX", "score": 0, "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "score": 3},
        {"player": "MIN", "score": 5}
      ]},
      "runs": [{"name": "plain", "depth": 1, "table": false}],
      "demos": [{"name": "d", "steps": [{"toggle": "table"}, {"preset": "plain"}]}]
    }"#;
    let lesson = Lesson::parse("preset-after-toggle.json", text).unwrap();
    let setup = lesson.setup(None, &Default::default()).unwrap();
    let mut a = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    press(&mut a, Action::DemoNext);
    assert!(a.setup.options.table);
    press(&mut a, Action::DemoNext);
    assert!(!a.setup.options.table, "the preset's own settings again");
    assert!(a.demo().unwrap().failed.is_none());
}
