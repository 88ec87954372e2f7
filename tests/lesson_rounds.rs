//! `e` on a lesson (issue 34, item 10; issue 39): the round is the lesson's own kinds, or
//! generated problems of its family, on every built-in lesson; each stored answer grades
//! right; and the course names the command-line tools that go with a lesson, in the tutor's
//! help and in `prune course`, as command lines that run.

mod common;

use clap::Parser;
use common::tutor;
use crossterm::event::KeyCode;
use prune::course::{Check, Course};
use prune::game::model::GameSpec;
use prune::lesson::Lesson;
use prune::lesson::facts::Kind;
use prune::practice::{self, Problem};

/// The round `e` opens on `name` (the tutor passes a clock seed; any seed gives the same
/// family).
fn round(name: &str) -> Vec<Problem> {
    let lesson = Lesson::open(name).unwrap();
    practice::lesson_round(&lesson, 7).unwrap()
}

fn grades(p: &Problem, answer: &str) -> bool {
    p.grade(answer).unwrap().correct
}

/// Alpha-beta's leaves on a uniform tree, independently of the code under test: Knuth and
/// Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 in the best order, every b^d leaf in the worst.
fn leaves_read(b: u64, d: u32, best: bool) -> usize {
    if best {
        (b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1) as usize
    } else {
        b.pow(d) as usize
    }
}

/// Issue 39: "`e` on every lesson gives problems of that lesson's family". Every built-in
/// lesson's round has problems; a lesson with items of its own gets exactly them, on its own
/// game; one without gets its run's family (Monte Carlo, chance, weighted features, the size
/// lessons' uniform trees, else seed 000's kinds); and the key of every problem grades right.
#[test]
fn every_lessons_round_is_of_its_family_and_its_key_grades_right() {
    let lessons = Lesson::builtins().unwrap();
    assert!(lessons.len() >= 51, "{}", lessons.len());
    for lesson in &lessons {
        let name = &lesson.name;
        let round = practice::lesson_round(lesson, 7).unwrap();
        assert!(!round.is_empty(), "{name}: an empty round");
        let own = &lesson.spec.practice;
        let setup = lesson.setup(None, &Default::default()).unwrap();
        let samples = setup.options.family().samples();
        for p in &round {
            let kind = p.item.kind;
            if !own.is_empty() {
                assert_eq!(p.item.game, lesson.spec.game, "{name}: {}", p.item.id);
            } else if samples {
                assert!(kind.is_mcts(), "{name}: a {kind:?} problem");
            } else if lesson.model.limits().chance {
                assert!(kind.is_chance(), "{name}: a {kind:?} problem");
            } else if !lesson.spec.graph.weights.is_empty() {
                assert_eq!(kind, Kind::ChanceValue, "{name}");
                assert!(p.item.question.contains("·material"), "{name}");
            } else if matches!(lesson.spec.game, GameSpec::Uniform { .. }) {
                assert_eq!(kind, Kind::Leaves, "{name}");
                assert!(p.item.question.contains("uniform tree"), "{name}");
            } else {
                assert!(!kind.is_mcts() && !kind.is_chance(), "{name}: {kind:?}");
            }
            let key = p.answer().unwrap().to_string();
            let verdict = p.grade(&key).unwrap();
            assert!(verdict.correct, "{name} {}: {key}: {verdict:?}", p.item.id);
        }
        if !own.is_empty() {
            let kinds: Vec<Kind> = round.iter().map(|p| p.item.kind).collect();
            let want: Vec<Kind> = own.iter().map(|i| i.kind).collect();
            assert_eq!(kinds, want, "{name}");
        }
    }
}

/// Issue 34, item 10: the lessons that still got the general alpha-beta round now practise
/// what they teach, each answer checked against a figure computed here or stated by the seed.
#[test]
fn the_evaluation_lessons_ask_the_weighted_sum_and_the_preferred_position() {
    // 2·f + 0.25·g: mobile (f −1, g 12) is 1, cramped (f 1, g −6) is 1/2; MAX takes mobile.
    let lesson = Lesson::open("004-eval-two-features").unwrap();
    let graph = serde_json::to_value(&lesson.spec.graph).unwrap();
    let sum = |node: &str| -> f64 {
        let spec = (graph["nodes"].as_array().unwrap().iter())
            .find(|n| n["label"] == node)
            .unwrap();
        (spec["features"].as_object().unwrap().iter())
            .map(|(f, v)| v.as_f64().unwrap() * graph["weights"][f].as_f64().unwrap())
            .sum()
    };
    assert_eq!((sum("mobile"), sum("cramped")), (1.0, 0.5));
    let r = round("004-eval-two-features");
    assert_eq!(r.len(), 3);
    assert!(r.iter().all(|p| p.item.kind == Kind::ChanceValue));
    assert_eq!(r[0].item.node.as_deref(), Some("mobile"));
    // The tree shows each position's features, never the sum the question asks.
    let tree = r[0].tree_text();
    assert!(tree.contains("▼ mobile MIN (f -1, g 12)"), "{tree}");
    assert!(!tree.contains(" = "), "{tree}");
    assert!(grades(&r[0], "1") && !grades(&r[0], "0.5"));
    assert!(grades(&r[1], "1/2") && grades(&r[1], "0.5"));
    assert!(grades(&r[2], "1"));

    // material + 0.1·mobility: quiet 2 + 0.6 = 2.6, capture 3 − 0.5 = 2.5.
    let r = round("004-eval-material-mobility");
    assert!(grades(&r[0], "2.6") && grades(&r[1], "2.5"));

    // The win-timing lesson's tree is too tall for a problem at 80×24: its round weighs
    // generated features; each key is Σ w·f of the asked reply, or the best reply's.
    let r = round("004-eval-win-timing");
    assert_eq!(r.len(), 6);
    for p in &r {
        let graph = serde_json::to_value(&p.item.graph).unwrap();
        let w = &graph["weights"];
        let score = |n: &serde_json::Value| {
            let f = &n["features"];
            f["material"].as_f64().unwrap() * w["material"].as_f64().unwrap()
                + f["mobility"].as_f64().unwrap() * w["mobility"].as_f64().unwrap()
        };
        let nodes = graph["nodes"].as_array().unwrap();
        let asked = p.item.node.as_deref().unwrap();
        let want = if asked == "R" {
            nodes[1..].iter().map(score).fold(f64::MIN, f64::max)
        } else {
            score(nodes.iter().find(|n| n["label"] == asked).unwrap())
        };
        let written = format!("{}", (want * 100.0).round() / 100.0);
        assert!(
            grades(p, &written),
            "{}: {written}: {:?}",
            p.item.id,
            p.answer()
        );
        assert!(p.item.question.contains("material"), "{}", p.item.question);
        assert!(!p.tree_text().contains(" = "), "{}", p.tree_text());
    }

    // 0.72·1 + 0.08·1/2 + 0.2·0 = 0.76 for the group; the root takes it over 1/2.
    let r = round("004-eval-group-average");
    assert!(grades(&r[0], "0.76") && grades(&r[1], "19/25"));
}

#[test]
fn the_tie_rule_and_pitfalls_lessons_ask_what_their_runs_change() {
    // Seed 004's tie rule: L's options tie for C; min:A keeps (2,3,4), so A takes R (3,3,3);
    // max:A keeps (6,1,4) and A takes L; first keeps La, as min:A.
    let r = round("004-tie-rule");
    let moves: Vec<String> = r
        .iter()
        .map(|p| match p.answer().unwrap() {
            practice::answer::Answer::Decision { choice, .. } => choice,
            a => panic!("{a:?}"),
        })
        .collect();
    assert_eq!(moves, ["R", "L", "R"]);
    // The value is A's entry of the root's vector, as `prune run` reports it (a recorded
    // max-n value stands for a vector: the key said 2, the number of the leaf R, before).
    assert!(grades(&r[0], "3 R") && grades(&r[1], "6 L") && grades(&r[2], "3 R"));
    let wrong = r[0].grade("6 L").unwrap();
    assert!(wrong.why.contains("L returns (2, 3, 4)"), "{}", wrong.why);
    // The tree shows each player's seat and each leaf's payoffs: the question is answerable.
    let tree = r[0].tree_text();
    assert!(tree.contains("● La A = (2, 3, 4)"), "{tree}");
    assert!(tree.contains("● L C"), "{tree}");
    // Negamax with (−β, −α) gives the root 4 by b; the pitfall (−α, −β) gives 6 by a, and a
    // receives the inverted window (+∞, −∞).
    let r = round("002-pitfalls");
    assert!(grades(&r[0], "4 b") && !grades(&r[0], "6 a"));
    assert!(grades(&r[1], "6 a") && !grades(&r[1], "4 b"));
    assert!(grades(&r[2], "inf -inf"));
}

#[test]
fn the_tic_tac_toe_and_mate_lessons_ask_about_their_own_board() {
    // X O X / . O . / . . .: X must block on square 7; the game is then a draw.
    let r = round("004-tictactoe-block");
    assert_eq!(
        r[0].item.game,
        Lesson::open("004-tictactoe-block").unwrap().spec.game
    );
    assert!(grades(&r[0], "0 7") && !grades(&r[0], "0 3"));
    assert!(r[0].tree_text().contains("X O X") || r[0].tree_text().contains("XOX"));
    let wrong = r[0].grade("1 3").unwrap();
    assert!(wrong.why.contains("3 returns -1"), "{}", wrong.why);
    // Depth scores: the win on square 6 at ply 1 is 100 − 1; plain scores keep square 4.
    assert!(grades(&round("004-faster-win")[0], "99 6"));
    assert!(grades(&round("004-faster-win-plain")[0], "1 4"));
    // Mate scores: a win three plies away is MATE − 3 = 31000 − 3 = 30997, by square 3, in
    // the band above 31000 − 128; two plies deep the static score 0, square 2.
    let r = round("002-mate-scores");
    assert!(grades(&r[0], &format!("{} 3", 31_000 - 3)));
    let practice::answer::Answer::Decision { value, .. } = r[0].answer().unwrap() else {
        panic!("not a decision")
    };
    // The score the student gives is the mate the lesson teaches to read off it.
    assert_eq!(
        prune::value::mate_report(value, 0).as_deref(),
        Some("mate in 2")
    );
    assert!(grades(&r[1], "0 2"));
}

#[test]
fn the_size_lessons_ask_alpha_beta_on_uniform_trees_in_the_best_and_worst_order() {
    for name in [
        "004-size-plies",
        "003-size-full-tree",
        "004-size-ordering-budget",
    ] {
        let r = round(name);
        assert_eq!(r.len(), 6, "{name}");
        let mut orders = std::collections::BTreeSet::new();
        for p in &r {
            let q = &p.item.question;
            let best = q.contains("in the best order");
            orders.insert(best);
            let (b, d) = prune::practice::size_kinds::SHAPES
                .into_iter()
                .find(|(b, d)| q.contains(&format!("has {b} moves, down to depth {d}")))
                .unwrap();
            let read = match p.answer().unwrap() {
                practice::answer::Answer::Leaves { evaluated, .. } => evaluated.len(),
                a => panic!("{a:?}"),
            };
            assert_eq!(read, leaves_read(b, d as u32, best), "{name}: {q}");
        }
        assert_eq!(orders.len(), 2, "{name}: both orders");
    }
}

/// Issue 34, item 10: a round opened from the tutor keeps its footer whole at 80 columns
/// on the last problem too ("n/Enter see the summary … Esc back to the tutor" was 83).
#[test]
fn the_rounds_footer_is_whole_at_80_columns_on_every_phase() {
    use prune::practice::store::Progress;
    use prune::tui::components::practice::PracticeScreen;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let p = round("004-tictactoe-block").remove(0);
    let mut screen = PracticeScreen::new(vec![p], Progress::default())
        .with_color(false)
        .from_tutor();
    let draw = |s: &PracticeScreen| {
        let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
        t.draw(|f| f.render_widget(s, f.area())).unwrap();
        t.backend().to_string()
    };
    assert!(draw(&screen).contains("Esc back to the tutor"));
    for c in "0 7".chars() {
        screen.handle_key(crossterm::event::KeyEvent::from(KeyCode::Char(c)));
    }
    screen.handle_key(crossterm::event::KeyEvent::from(KeyCode::Enter));
    let graded = draw(&screen);
    assert!(graded.contains("Correct: 0 7"), "{graded}");
    assert!(graded.contains("(the square the root plays"), "{graded}");
    assert!(graded.contains("n/Enter summary"), "{graded}");
    assert!(graded.contains("Esc back to the tutor"), "{graded}");
}

/// The lessons of the course's objectives that `fits` picks.
fn lessons_where(course: &Course, fits: impl Fn(&prune::course::Objective) -> bool) -> Vec<String> {
    course
        .objectives()
        .filter(|o| fits(o))
        .flat_map(|o| o.lessons.clone())
        .collect()
}

/// Issue 39: "inside the tutor, the help and the course name the tools that go with a
/// lesson: `simulate` on tracing lessons, `check` on the implementation lessons, `size` and
/// `chart` on the size lessons".
#[test]
fn the_course_names_the_tools_that_go_with_each_lesson() {
    let course = Course::builtin().unwrap();
    let names = |l: &str| -> Vec<String> {
        (course.tools_of(l).iter())
            .map(|t| t.split_whitespace().nth(1).unwrap().to_string())
            .collect()
    };
    let tracing = lessons_where(&course, |o| {
        o.checks.iter().any(|c| matches!(c, Check::Simulate { .. }))
    });
    assert!(tracing.len() >= 10, "{tracing:?}");
    for l in &tracing {
        assert!(names(l).contains(&"simulate".to_string()), "{l}");
    }
    // The implementation lessons: seed 000's driver and seed 002's negamax, PVS, aspiration.
    let engine = lessons_where(&course, |o| {
        o.lessons
            .iter()
            .any(|l| l == "000-worked-tree" || l == "002-pvs-abc")
    });
    assert_eq!(engine.len(), 8, "{engine:?}");
    for l in &engine {
        assert!(names(l).contains(&"check".to_string()), "{l}");
    }
    let sizes: Vec<Lesson> = (Lesson::builtins().unwrap().into_iter())
        .filter(|l| l.name.contains("-size-"))
        .collect();
    assert_eq!(sizes.len(), 5);
    for l in &sizes {
        assert!(names(&l.name).contains(&"size".to_string()), "{}", l.name);
        if matches!(l.spec.game, GameSpec::Uniform { .. }) {
            assert!(names(&l.name).contains(&"chart".to_string()), "{}", l.name);
        }
    }
    // A lesson of another objective names none (Monte Carlo has no such tool).
    assert!(course.tools_of("004-mcts-ucb1-table").is_empty());
}

#[test]
fn every_named_tool_parses_and_the_ones_that_need_no_student_run() {
    let course = Course::builtin().unwrap();
    let tools: Vec<&String> = course.objectives().flat_map(|o| &o.tools).collect();
    assert!(tools.len() >= 9, "{tools:?}");
    for tool in tools {
        let words: Vec<&str> = tool.split_whitespace().collect();
        assert_eq!(words[0], "prune");
        let parsed = prune::cli::args::Cli::try_parse_from(&words);
        assert!(parsed.is_ok(), "{tool}: {:?}", parsed.err());
        // simulate waits for a student; every other tool prints its answer and ends.
        if words[1] != "simulate" {
            let (code, out, err) = common::run_prune(&words[1..]);
            assert_eq!(code, Some(0), "{tool}: {err}");
            assert!(!out.trim().is_empty(), "{tool}");
        }
    }
}

#[test]
fn the_tutors_help_and_the_outline_name_the_lessons_tools() {
    // At 80×24 the help scrolls and gives up its headings for bindings: the row is the
    // subcommand and its arguments, as the command list above it writes them.
    let mut app = tutor::app("003-alphabeta-trace", "alpha-beta");
    tutor::key(&mut app, KeyCode::Char('?'));
    let mut seen = String::new();
    for _ in 0..12 {
        seen.push_str(&tutor::screen(&mut app, 80, 24));
        tutor::key(&mut app, KeyCode::PageDown);
    }
    assert!(seen.contains("simulate --algorithm alphabeta"), "{seen}");
    // Tall enough, its heading says whose tools they are.
    let mut app = tutor::app("003-alphabeta-trace", "alpha-beta");
    tutor::key(&mut app, KeyCode::Char('?'));
    let tall = tutor::screen(&mut app, 200, 60);
    assert!(tall.contains("── With this lesson: prune … ──"), "{tall}");
    assert!(tall.contains("simulate --algorithm alphabeta"), "{tall}");
    // A size lesson's help names size and chart with their arguments.
    let rows = prune::tui::components::help::tools(&tutor::app("004-size-plies", "minimax"));
    assert!(
        rows.contains(&("size".into(), "--branching 35 --depth 80".into())),
        "{rows:?}"
    );
    assert!(rows.iter().any(|(k, _)| k == "chart"), "{rows:?}");

    let dir = std::env::temp_dir().join(format!("prune-tools-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = common::prune()
        .arg("course")
        .env("PRUNE_DATA_DIR", &dir)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("      try: prune simulate --algorithm alphabeta\n"),
        "{text}"
    );
    assert!(
        text.contains("      try: prune check --print 000-worked-tree\n"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The round's screen on a lesson that had none of its own kinds, at 80×24 and 200×50: the
/// tie rule's tree with each seat and payoff vector, and a wrong tic-tac-toe decision with
/// what each square returned.
#[test]
fn the_rounds_screens_at_80x24_and_200x50() {
    use prune::practice::store::Progress;
    use prune::tui::components::practice::PracticeScreen;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let draw = |s: &PracticeScreen, w: u16, h: u16| {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| f.render_widget(s, f.area())).unwrap();
        t.backend().to_string()
    };
    let open = |p: Problem| {
        PracticeScreen::new(vec![p], Progress::default())
            .with_color(false)
            .from_tutor()
    };
    for (w, h) in [(80u16, 24u16), (200, 50)] {
        let tie = draw(&open(round("004-tie-rule").remove(0)), w, h);
        for seen in [
            "● La A = (2, 3, 4)",
            "● Lb A = (6, 1, 4)",
            "● R B = (3, 3, 3)",
        ] {
            assert!(tie.contains(seen), "{seen}\n{tie}");
        }
        assert!(tie.contains("Esc back to the tutor"), "{tie}");
        insta::assert_snapshot!(format!("tie_rule_round_{w}x{h}"), tie);

        let mut ttt = open(round("004-tictactoe-block").remove(0));
        for c in "1 3".chars() {
            ttt.handle_key(crossterm::event::KeyEvent::from(KeyCode::Char(c)));
        }
        ttt.handle_key(crossterm::event::KeyEvent::from(KeyCode::Enter));
        let graded = draw(&ttt, w, h);
        assert!(graded.contains("Expected: 0 7"), "{graded}");
        assert!(tutor::flat(&graded).contains("7 returns 0"), "{graded}");
        assert!(graded.contains("Esc back to the tutor"), "{graded}");
        insta::assert_snapshot!(format!("tictactoe_block_wrong_{w}x{h}"), graded);
    }
}
