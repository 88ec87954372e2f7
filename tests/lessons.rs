//! Every lesson file loads, runs each preset, replays to its end, and every figure its text
//! states is asserted against the core (the lesson's `facts`). One test per file.

mod common;

use std::collections::BTreeSet;

use prune::lesson::{Lesson, Overrides};
use prune::practice::check::check_facts;
use prune::trace::Event;

/// All integers written in a text ("-5", "12", "3"), ignoring digits inside words like "q0".
fn numbers_in(text: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
        if starts {
            let neg = i > 0 && chars[i - 1] == '-' && (i < 2 || !chars[i - 2].is_alphanumeric());
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == ',') {
                j += 1;
            }
            let word: String = chars[i..j].iter().filter(|c| c.is_ascii_digit()).collect();
            let followed_by_letter = j < chars.len() && chars[j].is_alphabetic();
            if !followed_by_letter && let Ok(v) = word.parse::<i64>() {
                out.push(if neg { -v } else { v });
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

fn json_numbers(v: &serde_json::Value, out: &mut BTreeSet<i64>) {
    match v {
        serde_json::Value::Number(n) => {
            match n.as_i64() {
                Some(i) => {
                    out.insert(i);
                }
                // A decimal input (a probability such as 0.25): the digits it is written with.
                None => out.extend(numbers_in(&n.to_string())),
            }
        }
        serde_json::Value::String(s) => out.extend(numbers_in(s)),
        serde_json::Value::Array(a) => a.iter().for_each(|x| json_numbers(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| json_numbers(x, out)),
        _ => {}
    }
}

fn check(stem: &str) {
    let lesson = Lesson::open(stem).unwrap_or_else(|e| panic!("{stem}: {e}"));
    assert!(!lesson.spec.intro.is_empty(), "{stem}: no introduction");
    assert!(!lesson.spec.runs.is_empty(), "{stem}: no run presets");
    assert!(
        !lesson.spec.facts.is_empty(),
        "{stem}: states no checked facts"
    );

    // Every preset runs, and its recording replays to the end with every call closed.
    for run in &lesson.spec.runs {
        let setup = lesson
            .setup(Some(&run.name), &Overrides::default())
            .unwrap();
        let rec = prune::index::record(&lesson, &setup)
            .unwrap_or_else(|e| panic!("{stem}/{}: {e}", run.name));
        let plain = prune::run::plain(&lesson, &setup).unwrap();
        assert_eq!(
            plain,
            *rec.result(),
            "{stem}/{}: recording changed the result",
            run.name
        );
        assert!(
            rec.result().restored,
            "{stem}/{}: path not restored",
            run.name
        );
        // A Monte Carlo run makes no calls: its tree is the index's, one node per expansion
        // (and per stated node), and every iteration it was asked for ran.
        if setup.options.family().samples() {
            let mcts = rec.result().mcts.as_ref().expect("a Monte Carlo summary");
            assert_eq!(
                rec.index.monte.len() as u64,
                rec.result().stats.nodes,
                "{stem}/{}",
                run.name
            );
            assert_eq!(
                (mcts.iterations, rec.index.monte.iterations().len()),
                (
                    setup.options.mcts.iterations,
                    setup.options.mcts.iterations as usize
                ),
                "{stem}/{}",
                run.name
            );
            continue;
        }
        let tree = rec.tree();
        let rows: Vec<_> = tree.call_nodes().collect();
        assert_eq!(
            rows.len() as u64,
            rec.result().stats.nodes,
            "{stem}/{}",
            run.name
        );
        assert!(
            rows.iter()
                .all(|c| c.outcome.is_some() && c.exit != prune::index::NONE),
            "{stem}/{}: a call never ended",
            run.name
        );
        let enters = rec
            .trace
            .events
            .iter()
            .filter(|e| matches!(e, Event::Enter { .. }))
            .count();
        let exits = rec
            .trace
            .events
            .iter()
            .filter(|e| matches!(e, Event::Return { .. } | Event::Unwind { .. }))
            .count();
        assert_eq!(enters, exits, "{stem}/{}: unbalanced replay", run.name);
        assert!(matches!(
            rec.trace.events.last(),
            Some(Event::PassEnd { .. })
        ));
        for note in lesson.spec.notes.iter().filter(|n| n.run == run.name) {
            assert!(
                (1..=rows.len() as u64).contains(&note.step),
                "{stem}/{}: note at step {} but the run has {} steps",
                run.name,
                note.step,
                rows.len()
            );
        }
    }

    // Every stated figure matches the core, and the file passes the check an instructor's
    // file gets (`prune lessons --check`).
    let wrong = check_facts(&lesson).unwrap_or_else(|e| panic!("{stem}: {e}"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let file = common::repo().join(format!("lessons/{stem}.json"));
    let (report, held) = prune::cli::lesson_check::command(&file).unwrap();
    assert!(held, "{report}");

    // Every number in the prose is either an input (a score, a node, a run parameter, a
    // step) or a checked fact: no figure goes unasserted.
    let mut known = BTreeSet::new();
    for f in &lesson.spec.facts {
        json_numbers(&f.equals, &mut known);
        if let Some(p) = f.pass {
            known.insert(p as i64);
        }
    }
    // A size fact's inputs (b, d, a rate, rounds) and its figure.
    json_numbers(
        &serde_json::to_value(&lesson.spec.size_facts).unwrap(),
        &mut known,
    );
    json_numbers(
        &serde_json::to_value(&lesson.spec.graph).unwrap(),
        &mut known,
    );
    known.extend(0..lesson.graph.len() as i64);
    for run in &lesson.spec.runs {
        // Parameters only: the `about` text is prose to be checked, not a source of figures.
        let mut fields = serde_json::to_value(run).unwrap();
        if let Some(o) = fields.as_object_mut() {
            o.remove("about");
            o.remove("name");
        }
        json_numbers(&fields, &mut known);
    }
    for n in &lesson.spec.notes {
        known.insert(n.step as i64);
    }
    // A demo's words are prose too: what it says and asks is checked like the intro.
    let demo_texts: Vec<&str> = (lesson.spec.demos.iter())
        .flat_map(|d| d.steps.iter().flat_map(|s| s.texts()))
        .collect();
    let texts = std::iter::once(lesson.spec.title.as_str())
        .chain(lesson.spec.intro.iter().map(String::as_str))
        .chain(lesson.spec.runs.iter().map(|r| r.about.as_str()))
        .chain(lesson.spec.notes.iter().map(|n| n.text.as_str()))
        .chain(lesson.spec.practice.iter().map(|p| p.prompt.as_str()))
        .chain(demo_texts);
    for text in texts {
        for n in numbers_in(text) {
            assert!(
                known.contains(&n),
                "{stem}: the text states {n}, which no fact checks: \"{text}\""
            );
        }
    }

    check_demos(&lesson);

    // Practice items pose a question the core can answer.
    for p in prune::practice::problems_of(&lesson).unwrap() {
        let answer = p.answer().unwrap();
        let v = p.grade(&answer.to_string()).unwrap();
        assert!(
            v.correct,
            "{}: its own answer is rejected: {}",
            p.item.id, v.why
        );
    }
}

/// Every built-in lesson tells its story in one demo of under a dozen steps, and every demo
/// runs to its end in the tutor: each step's target exists in the run (a cutoff to go to, a
/// call of that number, a preset), as the tutor's own actions find it.
fn check_demos(lesson: &Lesson) {
    use prune::tui::keys::Action;
    let stem = &lesson.name;
    assert!(!lesson.spec.demos.is_empty(), "{stem}: no demo");
    for demo in &lesson.spec.demos {
        let name = &demo.name;
        assert!(
            demo.steps.len() < 12,
            "{stem}: demo '{name}' has {} steps; a demo tells its story in under a dozen",
            demo.steps.len()
        );
        let run = demo.run.clone().unwrap_or(lesson.spec.runs[0].name.clone());
        let setup = lesson.setup(Some(&run), &Overrides::default()).unwrap();
        let mut app =
            prune::tui::app::App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
        // Choose this demo: `D` goes through them in order.
        let index = lesson
            .spec
            .demos
            .iter()
            .position(|d| &d.name == name)
            .unwrap();
        for _ in 0..=index {
            app.act(Action::DemoChoose);
        }
        let asks = demo
            .steps
            .iter()
            .filter(|s| matches!(s, prune::lesson::demo::Step::Ask { .. }))
            .count();
        for press in 0..demo.steps.len() + asks {
            app.message = None;
            app.act(Action::DemoNext);
            let d = app.demo().expect("the demo is on");
            assert_eq!(&d.name, name);
            assert!(
                d.failed.is_none(),
                "{stem}: demo '{name}', key press {}: {}",
                press + 1,
                d.failed.as_deref().unwrap_or("")
            );
        }
        let d = app.demo().unwrap();
        assert_eq!((d.done, d.len), (demo.steps.len(), demo.steps.len()));
        assert!(
            d.reveal.is_none(),
            "{stem}: demo '{name}' ends on a question"
        );
    }
}

macro_rules! lessons {
    ($($test:ident => $stem:literal,)*) => {
        $( #[test] fn $test() { check($stem); } )*

        /// A new lesson file must get its own test above.
        #[test]
        fn every_lesson_file_has_a_test() {
            let listed: BTreeSet<&str> = [$($stem),*].into_iter().collect();
            let files: BTreeSet<&str> = prune::lesson::builtin_names().into_iter().collect();
            assert_eq!(listed, files);
        }
    };
}

lessons! {
    worked_tree => "000-worked-tree",
    tactical => "000-tactical",
    transposition => "000-transposition",
    terminal_root => "000-terminal-root",
    bound_not_exact => "000-bound-not-exact",
    two_branch_cutoff => "002-two-branch-cutoff",
    negamax_two_branch => "002-negamax-two-branch",
    pvs_abc => "002-pvs-abc",
    aspiration_fails_low => "002-aspiration-fails-low",
    pitfalls => "002-pitfalls",
    mate_scores => "002-mate-scores",
    two_ply => "003-two-ply",
    eval_material_mobility => "004-eval-material-mobility",
    eval_two_features => "004-eval-two-features",
    eval_group_average => "004-eval-group-average",
    eval_win_timing => "004-eval-win-timing",
    minimax_b2_d3 => "003-minimax-b2-d3",
    alphabeta_trace => "003-alphabeta-trace",
    tictactoe_games => "004-tictactoe-games",
    tictactoe_block => "004-tictactoe-block",
    faster_win => "004-faster-win",
    faster_win_plain => "004-faster-win-plain",
    abc_tree => "004-abc-tree",
    max_cutoff => "004-max-cutoff",
    set2_q1 => "004-s2q1-decision",
    set2_q3 => "004-s2q3-leaves",
    set2_q4 => "004-s2q4-max-bound",
    set4_q3 => "004-s4q3-decision",
    set4_q5 => "004-s4q5-leaves",
    set4_q6 => "004-s4q6-table-bound",
    set5_q3 => "004-s5q3-leaves",
    set5_q5 => "004-s5q5-quiescence",
    perfect_ordering => "004-perfect-ordering",
    chance_coin => "004-chance-coin",
    chance_expectimax => "004-chance-expectimax",
    chance_cutoff => "004-chance-cutoff",
    chance_backgammon => "004-chance-backgammon",
    leaf_map_cubing => "004-leaf-map-cubing",
    three_players => "004-three-players",
    tie_rule => "004-tie-rule",
    mcts_ucb1_table => "004-mcts-ucb1-table",
    mcts_ucb1_questions => "004-mcts-ucb1-questions",
    mcts_backprop => "004-mcts-backprop",
    mcts_tictactoe_block => "004-mcts-tictactoe-block",
    mcts_tictactoe_empty => "004-mcts-tictactoe-empty",
    mcts_trap => "004-mcts-trap",
    size_full_tree => "003-size-full-tree",
    size_ordering_budget => "004-size-ordering-budget",
    size_deepening => "004-size-deepening",
    size_plies => "004-size-plies",
    size_dice => "004-size-dice",
    connect4_stage_03 => "036-connect4-stage-03",
    connect4_stage_04 => "036-connect4-stage-04",
    connect4_stage_05 => "036-connect4-stage-05",
    connect4_stage_06 => "036-connect4-stage-06",
    connect4_stage_07 => "036-connect4-stage-07",
    connect4_stage_08 => "036-connect4-stage-08",
    connect4_stage_09 => "036-connect4-stage-09",
    connect4_stage_10 => "036-connect4-stage-10",
    connect4_stage_11 => "036-connect4-stage-11",
    connect4_stage_12 => "036-connect4-stage-12",
}

/// Issue 34, item 15: the introduction is shown whichever preset is opened, so a count of a
/// table's entries names the run it is of (000-worked-tree said "this run ends with 12
/// entries" over the interrupted run, which stores 5). Each table-entries fact's figure
/// appears in a sentence of the introduction that names its run (and the facts themselves are
/// checked against the core by `worked_tree`).
#[test]
fn an_introductions_table_count_names_its_run() {
    let lesson = prune::lesson::Lesson::open("000-worked-tree").unwrap();
    let sentences: Vec<String> = (lesson.spec.intro.iter())
        .flat_map(|p| p.split(". ").map(str::to_string).collect::<Vec<_>>())
        .collect();
    let facts: Vec<_> = (lesson.spec.facts.iter())
        .filter(|f| matches!(f.what, prune::lesson::facts::What::TableEntries))
        .collect();
    assert!(
        facts.len() >= 2,
        "the worked and the interrupted run's counts"
    );
    for f in facts {
        let n = f.equals.as_i64().unwrap();
        let said = sentences
            .iter()
            .filter(|s| numbers_in(s).contains(&n) && s.contains("entries"))
            .collect::<Vec<_>>();
        assert!(!said.is_empty(), "no sentence gives {n} entries");
        for s in said {
            assert!(
                s.contains(&format!("{} run", f.run)) || s.contains(&format!("{} stores", f.run)),
                "{s:?} gives {n} entries without naming run {}",
                f.run
            );
        }
    }
}
